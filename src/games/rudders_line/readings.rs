//! The readings of ambiguous rule text this engine implements, each a named option of
//! `scenario.toml`'s `[readings]` (checked on loading, listed by `sandtable games`).

use crate::engine::readings::ReadingSpec;

/// 11.1 DT "c": "Plus 1 for each supporting defending unit (i.e., all other fresh Personnel
/// units in the area; need not be fresh)": every other defender counts (`all`), or the fresh
/// ones only (`fresh`).
pub const ASSAULT_SUPPORTERS: ReadingSpec = ReadingSpec {
    name: "assault_supporters",
    alternatives: &["all", "fresh"],
};

/// 7.2, 7.4: an Indirect Fire segment is one attack (`attack`), or every mortar of the one
/// area the player fires from (`area`).
pub const FIRE_SEGMENT: ReadingSpec = ReadingSpec {
    name: "fire_segment",
    alternatives: &["attack", "area"],
};

/// Every reading, in the order `sandtable games` lists them.
pub const ALL: [ReadingSpec; 2] = [ASSAULT_SUPPORTERS, FIRE_SEGMENT];
