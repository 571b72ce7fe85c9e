//! The map of the scenario area (in progress).
