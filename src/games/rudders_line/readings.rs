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

/// 7.31: "Squads are NOT flipped and may spot freely with no ill effects": a squad, like any
/// spotter, spots into ONE area a phase (`one_area`), or into any number (`free`).
pub const SQUAD_SPOTTING: ReadingSpec = ReadingSpec {
    name: "squad_spotting",
    alternatives: &["one_area", "free"],
};

/// 9.5 OT b: "the value of any one non-spent NCO/Bar Gunner": one in the firing area
/// (`firing_area`), or one anywhere on the map (`any_area`).
pub const DIRECT_FIRE_LEADER: ReadingSpec = ReadingSpec {
    name: "direct_fire_leader",
    alternatives: &["firing_area", "any_area"],
};

/// 10.33: a group leaving an area it shares with fresh enemy units, the only friendly units
/// there, enters next door at 2 MP, since once it has left the enemy no longer share their
/// area with friendly units (`mover_gone`), or at 1 MP, counting it where it stood
/// (`mover_counts`).
pub const CONTESTED_EXIT: ReadingSpec = ReadingSpec {
    name: "contested_exit",
    alternatives: &["mover_gone", "mover_counts"],
};

/// 9.31, 2.61: a spent Personnel unit fires no weapon it carries (`holds_fire`), or any weapon
/// "carried" fires, whatever its carrier's side shows (`fires`).
pub const SPENT_CARRIER: ReadingSpec = ReadingSpec {
    name: "spent_carrier",
    alternatives: &["holds_fire", "fires"],
};

/// Every reading, in the order `sandtable games` lists them.
pub const ALL: [ReadingSpec; 6] = [
    ASSAULT_SUPPORTERS,
    FIRE_SEGMENT,
    SQUAD_SPOTTING,
    DIRECT_FIRE_LEADER,
    CONTESTED_EXIT,
    SPENT_CARRIER,
];
