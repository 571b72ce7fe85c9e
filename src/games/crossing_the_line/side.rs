//! The two sides of the game, shared by the map (supply areas), the counters and the charts.

use serde::Deserialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Us,
    German,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Us, Side::German];

    /// The name in the data files and the CSV tables.
    pub fn name(self) -> &'static str {
        match self {
            Side::Us => "us",
            Side::German => "german",
        }
    }

    /// The side as the rulebook names its players ("US", "Germans").
    pub fn players(self) -> &'static str {
        match self {
            Side::Us => "US",
            Side::German => "Germans",
        }
    }

    /// The side's adjective, before a unit's name ("US 1/32", "German 453").
    pub fn adjective(self) -> &'static str {
        match self {
            Side::Us => "US",
            Side::German => "German",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Side {
        match self {
            Side::Us => Side::German,
            Side::German => Side::Us,
        }
    }
}
