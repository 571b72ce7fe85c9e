//! The games. Each lives in its own module and never imports another game.

pub mod aachen;
pub mod crossing_the_line;
pub mod rudders_line;

/// A game Sandtable knows, for `sandtable games` and argument checking.
pub struct GameInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub implemented: bool,
}

pub const GAMES: &[GameInfo] = &[
    GameInfo {
        id: "rudders-line",
        title: "Rudder's Line: The Battle of Normandy 1944",
        implemented: true,
    },
    GameInfo {
        id: "aachen",
        title: "Cities of the Damned: Aachen",
        implemented: true,
    },
    GameInfo {
        id: "crossing-the-line",
        title: "Crossing the Line: Aachen 1944",
        implemented: true,
    },
    GameInfo {
        id: "cross-of-iron",
        title: "Cross of Iron",
        implemented: false,
    },
];
