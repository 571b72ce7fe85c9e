//! The readings of ambiguous rule text this engine implements, each a named option of
//! `charts.toml`'s `[readings]` (checked on loading, listed by `sandtable games`).

use crate::engine::readings::ReadingSpec;

/// 4.2.1, 4.2.3 against 9.5.2D: the Combined Arms Bonus needs an Armor or Infantry unit, or
/// both an Armor and an Infantry unit.
pub const COMBINED_ARMS: ReadingSpec = ReadingSpec {
    name: "combined_arms",
    alternatives: &["armor_or_infantry", "armor_and_infantry"],
};

/// 3.2, 6.3.1, 11.3: support points not used in a turn lapse in the End Phase, or carry over.
pub const SUPPORT_POINTS: ReadingSpec = ReadingSpec {
    name: "support_points",
    alternatives: &["lapse", "carry_over"],
};

/// 6.3.1: a refitted unit whose organisation is on the map but has no American-Controlled
/// Area with room with or next to it does not return (`none`), or returns to any
/// American-Controlled Area ("Otherwise", `any_american_area`).
pub const REFIT_FALLBACK: ReadingSpec = ReadingSpec {
    name: "refit_fallback",
    alternatives: &["none", "any_american_area"],
};

/// 9.5.4: "If the attack is a Success (decreasing the German Morale) and the difference …":
/// the bracket describes a Success, so any Success by more than the Defense Strength is an
/// Overrun (`any_success`), or it is a condition, so a Suburban Success after the turn's
/// first, which lowers no Morale, is only a Success (`morale_lowering`).
pub const OVERRUN: ReadingSpec = ReadingSpec {
    name: "overrun",
    alternatives: &["any_success", "morale_lowering"],
};

/// 9.5.3D, 9.5.2C: "−1D6 American Air Support points": at most one Air Support point a
/// combat, one die (`one_die`), or any number of the track's points, a die each
/// (`die_per_point`).
pub const AIR_SUPPORT: ReadingSpec = ReadingSpec {
    name: "air_support",
    alternatives: &["one_die", "die_per_point"],
};

/// Every reading, in the order `sandtable games` lists them.
pub const ALL: [ReadingSpec; 5] = [
    COMBINED_ARMS,
    SUPPORT_POINTS,
    REFIT_FALLBACK,
    OVERRUN,
    AIR_SUPPORT,
];
