//! The games. Each lives in its own module and never imports another game. The list of games
//! Sandtable knows, implemented or not, is `registry::GAMES`.

pub mod aachen;
pub mod cross_of_iron;
pub mod crossing_the_line;
pub mod rudders_line;
