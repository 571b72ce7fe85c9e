//! Exact distributions by enumerating chance nodes (combat odds, initiative odds).
//!
//! [`Dist`] enumerates chance exactly (independent dice, sums of dice, rolls made only on
//! some results, draws without replacement) with integer weights, so every probability is an
//! exact [`Fraction`]. The per-game modules build the analysts' tables from the games' own
//! resolution functions (one implementation of each rule); [`table`] writes them as CSV.

pub mod aachen;
pub mod cross_of_iron;
mod cross_of_iron_procedures;
pub mod cross_of_iron_shot;
pub mod crossing_the_line;
pub mod curve;
pub mod dist;
pub mod fraction;
pub mod plot;
pub mod rudders_line;
pub mod select;
pub mod table;

pub use dist::{without_replacement, Dist};
pub use fraction::Fraction;
pub use table::{write_csv, Cell, Outcome, Table};
