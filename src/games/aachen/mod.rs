//! Cities of the Damned: Aachen — the solitaire game of the American VII Corps' assault on
//! Aachen, 13–21 October 1944. The player commands the Americans; the rules play the Germans.
//!
//! The rules follow `shared/rules/cities-of-the-damned-aachen.txt`. Map, counters and the
//! Player Aid Card are data (`data/`), reconstructed and labelled, replaceable with `--data`.

pub mod data;
