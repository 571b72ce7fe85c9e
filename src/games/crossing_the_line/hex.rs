//! Hex coordinates in the rulebook's XXYY numbering (in progress).
