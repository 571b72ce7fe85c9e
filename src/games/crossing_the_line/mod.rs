//! Crossing the Line: Aachen 1944 — the operational hex game of the American First Army's
//! attack on the West Wall around Aachen, September–October 1944 (issue 6, in progress).
//!
//! The rules follow `shared/rules/crossing-the-line-aachen-1944.txt`; the reading notes are
//! `shared/notes/crossing-the-line-digest.md`. The map, the charts and the counters are data
//! (`data/`), reconstructed and labelled, replaceable with `--data`.

pub mod charts;
pub mod combat;
pub mod control;
pub mod counters;
pub mod data;
pub mod hex;
pub mod map;
pub mod scenario;
pub mod side;
