//! The parallel game runner and its statistics.
