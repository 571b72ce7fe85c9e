//! The readings of ambiguous rule text this engine implements, each a named option of
//! `charts.toml`'s `[readings]` (checked on loading, listed by `sandtable games`).

use crate::engine::readings::ReadingSpec;

/// AMBIG-23 (3.1.1, 7.3.3): German leg units on roads pay the terrain, or the road rate.
pub const GERMAN_LEG_ROADS: ReadingSpec = ReadingSpec {
    name: "german_leg_roads",
    alternatives: &["terrain", "road_rate"],
};

/// AMBIG-37 (8.4.1): which US unit types take Infantry, Armored Infantry and Tank RPs: every
/// infantry-type and AFV type but the armored engineers (`broad`), or only the three the text
/// names (`named`).
pub const US_REPLACEMENT_TYPES: ReadingSpec = ReadingSpec {
    name: "us_replacement_types",
    alternatives: &["broad", "named"],
};

/// 8.5, 8.5.1: a reinforcement whose listed hex is not open enters the nearest hex in Command
/// Range of its HQ (`command_range`), or the nearest hex wherever it is (`anywhere`).
pub const REINFORCEMENT_FALLBACK: ReadingSpec = ReadingSpec {
    name: "reinforcement_fallback",
    alternatives: &["command_range", "anywhere"],
};

/// 7.7: a unit under an Improved Defense marker reassigned to another formation (5.5) lifts
/// the marker from its hex (`lifted`), or the marker stays (`kept`).
pub const IMPROVED_DEFENSE_ON_REASSIGNMENT: ReadingSpec = ReadingSpec {
    name: "improved_defense_on_reassignment",
    alternatives: &["lifted", "kept"],
};

/// AMBIG-13 (5.3.1, 5.6.2): an already disrupted unit in an overstacked hex loses an SP
/// (`loses_sp`), or only stays disrupted (`stays_disrupted`).
pub const OVERSTACKED_DISRUPTED: ReadingSpec = ReadingSpec {
    name: "overstacked_disrupted",
    alternatives: &["loses_sp", "stays_disrupted"],
};

/// AMBIG-33 (5.8.3, 7.1, 7.6): a disrupted Out of Command (not isolated) unit may not Refit
/// (`barred`), or may, at double cost (`allowed`).
pub const OUT_OF_COMMAND_REFIT: ReadingSpec = ReadingSpec {
    name: "out_of_command_refit",
    alternatives: &["barred", "allowed"],
};

/// AMBIG-18 (7.5.2): on a red result against the attacker, the units that attacked take the
/// EC (`attackers`), or every unit in the attacking hex (`whole_hex`).
pub const RED_RESULT_ATTACKER_CHECKS: ReadingSpec = ReadingSpec {
    name: "red_result_attacker_checks",
    alternatives: &["attackers", "whole_hex"],
};

/// AMBIG-8 (5.7.3, 6.3.2, 6.3.3): an unsupplied HQ that already spent its Emergency Supply
/// drops its FAL to 0 before the AP roll (`before_roll`: no APs) or after it (`after_roll`).
pub const EMERGENCY_SUPPLY_SPENT: ReadingSpec = ReadingSpec {
    name: "emergency_supply_spent",
    alternatives: &["after_roll", "before_roll"],
};

/// 5.3.2: a displaced HQ goes to any friendly Town, City or Industrial hex, each at the
/// penalty of its case (`any_hex`), or only to those of the least costly case (`least_costly`).
pub const HQ_DISPLACEMENT: ReadingSpec = ReadingSpec {
    name: "hq_displacement",
    alternatives: &["any_hex", "least_costly"],
};

/// 8.4.2: the German may cannibalise only infantry type units, as the text says
/// (`infantry_type`), or a unit of any type the German Unit Reorganizations table lists as
/// cannibalised, AFV type recce included (`listed_types`, the table's Recce row over the text).
pub const GERMAN_CANNIBALS: ReadingSpec = ReadingSpec {
    name: "german_cannibals",
    alternatives: &["infantry_type", "listed_types"],
};

/// 5.3.3, 5.3.4: the displacing player learns from the owner which adjacent hexes have no
/// room for the unit he displaces, its AFV limit included (`told`), or judges "fully stacked"
/// by what he sees, the number of units there (`by_height`), and an AFV sent into a hex that
/// already holds the most AFVs overstacks it (5.3.3's cascade follows).
pub const DISPLACEMENT_ROOM: ReadingSpec = ReadingSpec {
    name: "displacement_room",
    alternatives: &["told", "by_height"],
};

/// 7.5.3, 6.4.1; AMBIG-19: a defender's Battle Victory move triggers no Reaction (`none`: 6.4
/// gives Reactions against the Initiative formation's moves), or the Initiative side may
/// attempt one against it as against any move (`allowed`: 7.5.3's "The bonus AP can trigger a
/// reaction attempt" read for either winner).
pub const DEFENDER_BONUS_REACTION: ReadingSpec = ReadingSpec {
    name: "defender_bonus_reaction",
    alternatives: &["none", "allowed"],
};

/// 7.4: a Relocation is offered only within its limits (`within_limits`: "A HQ violating the
/// above limitations" read as the fate of an HQ that ends up outside them otherwise), or also
/// beyond them, to any hex a displaced HQ could go to, at that case's penalty of 5.3.2
/// (`penalised`).
pub const HQ_RELOCATION_LIMITS: ReadingSpec = ReadingSpec {
    name: "hq_relocation_limits",
    alternatives: &["within_limits", "penalised"],
};

/// AMBIG-27 (9): an empty VP hex both sides project a ZOC into is "mutually controlled"; the
/// US, controlling it too, takes it (`us`), or mutual control changes nothing and the hex
/// stays with the side that held it (`unchanged`).
pub const MUTUAL_VP_CONTROL: ReadingSpec = ReadingSpec {
    name: "mutual_vp_control",
    alternatives: &["us", "unchanged"],
};

/// Every reading, in the order `sandtable games` lists them.
pub const ALL: [ReadingSpec; 14] = [
    GERMAN_LEG_ROADS,
    US_REPLACEMENT_TYPES,
    REINFORCEMENT_FALLBACK,
    IMPROVED_DEFENSE_ON_REASSIGNMENT,
    OVERSTACKED_DISRUPTED,
    OUT_OF_COMMAND_REFIT,
    RED_RESULT_ATTACKER_CHECKS,
    EMERGENCY_SUPPLY_SPENT,
    HQ_DISPLACEMENT,
    GERMAN_CANNIBALS,
    DISPLACEMENT_ROOM,
    DEFENDER_BONUS_REACTION,
    HQ_RELOCATION_LIMITS,
    MUTUAL_VP_CONTROL,
];
