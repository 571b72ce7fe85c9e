//! The charts the rulebook refers to but does not print (in progress).
