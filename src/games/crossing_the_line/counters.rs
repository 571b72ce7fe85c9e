//! The counters (`data/counters.toml`): formations with their HQs (3.3), combat units (3.2)
//! and independents (5.5.2). The rulebook prints none of their values, so the embedded file
//! is a reconstruction, labelled as such; every check below is a constraint the text puts on
//! the values, and a failure names the file, the table and the entry.

pub use super::side::Side;
use super::state::MAX_PATH;
use crate::engine::data::{check_name, check_provenance, parse, At, DataError, Limit, Provenance};
use serde::Deserialize;
use std::collections::HashSet;

/// The embedded default counters.
pub const EMBEDDED: &str = include_str!("data/counters.toml");
pub const FILE: &str = "counters.toml";

/// 3.2: the unit types printed on the counters (for replacements, 8.4, and reorganisation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    Infantry,
    Mg,
    InfantryEngineers,
    Bicycle,
    MotorizedInfantry,
    MotorizedEngineers,
    ArmoredInfantry,
    ArmoredEngineers,
    Recce,
    Tank,
    TankDestroyer,
    AssaultGun,
}

impl UnitKind {
    /// The type's key in the data files (`tank_destroyer`).
    pub fn key(self) -> &'static str {
        use UnitKind::*;
        match self {
            Infantry => "infantry",
            Mg => "mg",
            InfantryEngineers => "infantry_engineers",
            Bicycle => "bicycle",
            MotorizedInfantry => "motorized_infantry",
            MotorizedEngineers => "motorized_engineers",
            ArmoredInfantry => "armored_infantry",
            ArmoredEngineers => "armored_engineers",
            Recce => "recce",
            Tank => "tank",
            TankDestroyer => "tank_destroyer",
            AssaultGun => "assault_gun",
        }
    }

    /// The type in words, for the screens ("tank destroyer").
    pub fn words(self) -> &'static str {
        use UnitKind::*;
        match self {
            Infantry => "infantry",
            Mg => "MG",
            InfantryEngineers => "infantry engineers",
            Bicycle => "bicycle infantry",
            MotorizedInfantry => "motorized infantry",
            MotorizedEngineers => "motorized engineers",
            ArmoredInfantry => "armored infantry",
            ArmoredEngineers => "armored engineers",
            Recce => "recce",
            Tank => "tank",
            TankDestroyer => "tank destroyer",
            AssaultGun => "assault gun",
        }
    }
}

/// 3.2: Infantry type (white Anti-Tank box) or AFV type (yellow Tank box); it decides the ZOC
/// (5.4) and which points a unit brings to Armor Superiority (7.5.1.2 D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitClass {
    Infantry,
    Afv,
}

/// 3.2: white (leg) or red (motorized) Movement Allowance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Movement {
    Leg,
    Motorized,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterTables {
    pub formation: Provenance,
    pub formations: Vec<FormationDef>,
    pub unit: Provenance,
    pub units: Vec<UnitDef>,
}

/// A formation (a Division) and its HQ's printed values (3.3).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    /// US formations: their Corps, for the assignment of independents (5.5.2).
    #[serde(default)]
    pub corps: Option<String>,
    pub reaction_rating: u8,
    pub command_range: u8,
    /// Attack Support Points at full strength (3.3, 7.5.1.2 C).
    pub support: u8,
    /// 7.4: AP cost of an HQ Relocation, 1–3.
    pub relocation: u8,
    /// 6.3.1: the top box of the formation's Activation track.
    pub max_activation_level: u8,
    /// German formations: the Recovery Rating crossed with the Interdiction Level on the HQ
    /// Recovery Chart (8.1.3). US formations recover by their fixed chart value (8.1.1).
    #[serde(default)]
    pub recovery_rating: Option<u8>,
}

/// A combat unit's printed values (3.2); `[front, disrupted]` pairs for the two sides.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    pub id: String,
    /// A formation id, or "independent" (5.5.2).
    pub formation: String,
    #[serde(default)]
    pub regiment: Option<String>,
    /// Independents: their side and (US) their Corps (5.5.2).
    #[serde(default)]
    pub side: Option<Side>,
    #[serde(default)]
    pub corps: Option<String>,
    pub kind: UnitKind,
    pub class: UnitClass,
    pub movement: Movement,
    pub ma: u8,
    #[serde(deserialize_with = "crate::engine::data::exact")]
    pub er: [u8; 2],
    pub strength: u8,
    #[serde(default, deserialize_with = "crate::engine::data::exact_option")]
    pub tank: Option<[u8; 2]>,
    #[serde(default, deserialize_with = "crate::engine::data::exact_option")]
    pub anti_tank: Option<[u8; 2]>,
}

impl UnitDef {
    pub fn is_independent(&self) -> bool {
        self.formation == INDEPENDENT
    }
}

pub const INDEPENDENT: &str = "independent";
/// 3.2: Effectiveness Ratings run from 2 (worst) to 7 (best).
pub const ER_RANGE: std::ops::RangeInclusive<u8> = 2..=7;
/// 3.4: Current Combat Strength markers go up to 15.
pub const MAX_STRENGTH: u8 = 15;
/// The most Movement Points of a motorized unit: the rules print no limit, and the engine
/// keeps a move's path in `state::MAX_PATH` hexes (its start and one hex per half-MP at the
/// cheapest, 0.5 MP): 2 × 11 + 1 = 23 ≤ 24. This also keeps `2 × MA + 4` far below u8.
pub const MAX_MA_MOTORIZED: u8 = ((MAX_PATH - 1) / 2) as u8;
/// The most Movement Points of a leg unit: as [`MAX_MA_MOTORIZED`], less the 2 MP of 7.3.5.
pub const MAX_MA_LEG: u8 = MAX_MA_MOTORIZED - 2;

/// Parses and checks a counters file.
pub fn load(text: &str, file: &str) -> Result<CounterTables, DataError> {
    let tables: CounterTables = parse(text, file)?;
    check(&tables, file)?;
    Ok(tables)
}

pub fn check(t: &CounterTables, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "formation");
    check_provenance(at, &t.formation.source, t.formation.basis.as_deref())?;
    let at = At::new(file, "unit");
    check_provenance(at, &t.unit.source, t.unit.basis.as_deref())?;
    check_formations(&t.formations, At::new(file, "formations"))?;
    check_units(t, At::new(file, "units"))
}

fn check_formations(formations: &[FormationDef], at: At) -> Result<(), DataError> {
    let mut seen = HashSet::new();
    for f in formations {
        let entry = format!("formation {}", f.id);
        if !seen.insert(f.id.as_str()) || f.id == INDEPENDENT {
            return Err(at.err(entry, format!("formation id {:?} is used twice", f.id)));
        }
        let names = [("name", Some(&f.name)), ("corps", f.corps.as_ref())];
        for (field, text) in names.iter().filter_map(|&(k, t)| Some((k, t?))) {
            check_name(field, text).map_err(|message| at.err(&entry, message))?;
        }
        // The sums these values enter stay far inside u8: FAL + recovery ≤ 10 + 15 (8.1),
        // Support Points ≤ 15 (3.4); command range is compared as a u16 distance.
        let ranges = [
            (
                "reaction_rating",
                f.reaction_rating,
                1,
                10,
                "a d10 Reaction Check, 6.4.2",
            ),
            (
                "command_range",
                f.command_range,
                1,
                20,
                "hexes, 5.8; the rules print no limit",
            ),
            (
                "support",
                f.support,
                0,
                MAX_STRENGTH,
                "Attack Support Points, 3.3, 3.4",
            ),
            ("relocation", f.relocation, 1, 3, "Relocation Points, 7.4"),
        ];
        // max_activation_level's range is the Action Points Table's (`data::check_formations_on_charts`).
        for (field, value, lo, hi, basis) in ranges {
            Limit { lo, hi, basis }.check_at(at, &entry, field, value)?;
        }
        if (f.side == Side::Us) != f.corps.is_some() {
            return Err(at.err(entry, "a US formation, and only a US one, names its corps"));
        }
        if (f.side == Side::German) != f.recovery_rating.is_some() {
            return Err(at.err(
                entry,
                "a German formation, and only a German one, has a recovery_rating (8.1.3)",
            ));
        }
    }
    Ok(())
}

fn check_units(t: &CounterTables, at: At) -> Result<(), DataError> {
    let mut seen = HashSet::new();
    for u in &t.units {
        let entry = format!("unit {}", u.id);
        if !seen.insert(u.id.as_str()) {
            return Err(at.err(entry, format!("unit id {:?} is used twice", u.id)));
        }
        check_unit(t, u).map_err(|message| at.err(entry, message))?;
    }
    Ok(())
}

/// The constraints of 3.2 and 5.5 on one unit, as the message of its error.
fn check_unit(t: &CounterTables, u: &UnitDef) -> Result<(), String> {
    for (field, text) in [("regiment", &u.regiment), ("corps", &u.corps)] {
        text.as_deref()
            .map_or(Ok(()), |text| check_name(field, text))?;
    }
    let formation = t.formations.iter().find(|f| f.id == u.formation);
    if formation.is_none() && !u.is_independent() {
        return Err(format!(
            "formation {:?} is neither a formation of [[formations]] nor \"independent\"",
            u.formation
        ));
    }
    match (formation, u.side) {
        (Some(_), Some(_)) => return Err("a formation's unit takes its formation's side".into()),
        (None, None) => return Err("an independent unit names its side".into()),
        _ => {}
    }
    // 5.5.2: US independents go only to formations of their own Corps.
    if (u.is_independent() && u.side == Some(Side::Us)) != u.corps.is_some() {
        return Err("a US independent, and only a US independent, names its corps".into());
    }
    if let Some(corps) = &u.corps {
        let mut known: Vec<&str> = t
            .formations
            .iter()
            .filter_map(|f| f.corps.as_deref())
            .collect();
        known.sort_unstable();
        known.dedup();
        if !known.contains(&corps.as_str()) {
            return Err(format!(
                "corps {corps:?} is no US formation's corps ({}): a US independent joins only \
                 formations of its own Corps (5.5.2)",
                known.join(", ")
            ));
        }
    }
    let [er, er_disrupted] = u.er;
    if !ER_RANGE.contains(&er) || !ER_RANGE.contains(&er_disrupted) || er_disrupted > er {
        return Err(format!(
            "er {:?}: Effectiveness Ratings run 2–7 and the disrupted side is not higher (3.2)",
            u.er
        ));
    }
    if !(1..=MAX_STRENGTH).contains(&u.strength) {
        return Err(format!(
            "strength {} is out of range 1–{MAX_STRENGTH} (Combat Strength, 3.2, 3.4)",
            u.strength
        ));
    }
    // 3.2 prints a Movement Allowance on every unit; its top is the engine's (MAX_PATH).
    let max_ma = match u.movement {
        Movement::Leg => MAX_MA_LEG,
        Movement::Motorized => MAX_MA_MOTORIZED,
    };
    if !(1..=max_ma).contains(&u.ma) {
        return Err(format!(
            "ma {} is out of range 1–{max_ma} (Movement Allowance of a {} unit, 3.2; the rules \
             print no limit, a move's path holds {MAX_PATH} hexes)",
            u.ma,
            match u.movement {
                Movement::Leg => "leg",
                Movement::Motorized => "motorized",
            }
        ));
    }
    check_armor_points(u)
}

/// 3.2: an AFV type unit has Tank Points (yellow box), an Infantry type unit Anti-Tank
/// Points (white box), never both, and fewer or as many on the disrupted side.
fn check_armor_points(u: &UnitDef) -> Result<(), String> {
    let points = match (u.class, u.tank, u.anti_tank) {
        (UnitClass::Afv, Some(p), None) | (UnitClass::Infantry, None, Some(p)) => p,
        (UnitClass::Afv, _, _) => {
            return Err("an AFV type unit has tank = [front, disrupted] and no anti_tank".into())
        }
        (UnitClass::Infantry, _, _) => {
            return Err(
                "an Infantry type unit has anti_tank = [front, disrupted] and no tank".into(),
            )
        }
    };
    let field = match u.class {
        UnitClass::Afv => "tank",
        UnitClass::Infantry => "anti_tank",
    };
    if points[0] > MAX_STRENGTH {
        return Err(format!(
            "{field} {} is out of range 0–{MAX_STRENGTH} (3.2, 3.4)",
            points[0]
        ));
    }
    if points[1] > points[0] {
        return Err(format!(
            "{field} {points:?}: the disrupted side has no more than the front (3.2)"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edited(from: &str, to: &str) -> String {
        assert!(EMBEDDED.contains(from), "fixture text {from:?} not found");
        EMBEDDED.replacen(from, to, 1)
    }

    fn error(text: &str) -> String {
        load(text, FILE)
            .expect_err("the edit is invalid")
            .to_string()
    }

    #[test]
    fn rule_3_2_the_embedded_counters_load_and_are_labelled_reconstructed() {
        let t = load(EMBEDDED, FILE).expect("embedded counters");
        assert!(t.formation.is_reconstructed() && t.unit.is_reconstructed());
        assert_eq!(t.formations.len(), 14);
        let of = |f: &str| t.units.iter().filter(|u| u.formation == f).count();
        assert_eq!(of("353ID"), 6, "10.2: the 353rd ID withdraws 6 units");
        assert_eq!(of("12ID"), 9, "10.2: the 12th ID arrives with 9 units");
        assert_eq!(of("29ID"), 4, "10.3: the 29th ID arrives with 4 units");
        assert_eq!(
            of("3PzGD"),
            11,
            "10.3: the 3rd PzGren arrives with 11 units"
        );
    }

    #[test]
    fn rule_3_2_effectiveness_rating_outside_2_to_7_is_refused() {
        let e = error(&edited("er = [5, 3]", "er = [8, 3]"));
        assert!(
            e.contains("counters.toml") && e.contains("unit 1/16"),
            "{e}"
        );
        assert!(e.contains("2–7"), "{e}");
    }

    #[test]
    fn rule_3_2_a_disrupted_side_better_than_the_front_is_refused() {
        let e = error(&edited("anti_tank = [1, 0]", "anti_tank = [1, 2]"));
        assert!(e.contains("unit 1/16") && e.contains("disrupted"), "{e}");
    }

    #[test]
    fn rule_3_2_an_afv_unit_needs_tank_points() {
        let e = error(&edited("\ntank = [1, 0]", "\nanti_tank = [1, 0]"));
        assert!(e.contains("unit 1 Rcn") && e.contains("AFV"), "{e}");
    }

    #[test]
    fn rule_7_4_relocation_points_outside_1_to_3_are_refused() {
        let e = error(&edited("relocation = 2", "relocation = 4"));
        assert!(
            e.contains("formation 1ID") && e.contains("relocation 4"),
            "{e}"
        );
    }

    #[test]
    fn an_unknown_formation_and_a_duplicate_unit_are_named() {
        let e = error(&edited(
            "formation = \"1ID\"\nregiment = \"16\"",
            "formation = \"2ID\"\nregiment = \"16\"",
        ));
        assert!(e.contains("unit 1/16") && e.contains("\"2ID\""), "{e}");
        let e = error(&edited("id = \"2/16\"", "id = \"1/16\""));
        assert!(e.contains("used twice"), "{e}");
    }

    /// 5.5.2: a US independent joins only formations of its own Corps, so a corps no
    /// formation has (a misspelt "VIl") would leave it unassignable all game.
    #[test]
    fn rule_5_5_2_an_independent_of_a_corps_no_formation_has_is_refused() {
        let e = error(&edited(
            "id = \"238 Eng\"\nformation = \"independent\"\nside = \"us\"\ncorps = \"VII\"",
            "id = \"238 Eng\"\nformation = \"independent\"\nside = \"us\"\ncorps = \"VIl\"",
        ));
        assert!(e.contains("unit 238 Eng") && e.contains("\"VIl\""), "{e}");
        assert!(e.contains("VII, XIX") && e.contains("5.5.2"), "{e}");
    }

    /// Efficiency Ratings are a pair [front, disrupted] (3.2): a third number is refused,
    /// not dropped unread; so is a tank pair of three.
    #[test]
    fn rule_3_2_an_efficiency_pair_of_three_numbers_is_refused() {
        let e = error(&edited("er = [5, 3]", "er = [5, 3, 99]"));
        assert!(
            e.contains("invalid length 3, expected an array of length 2"),
            "{e}"
        );
        let e = error(&edited("er = [5, 3]", "er = [5, 3]\ntank = [1, 0, 0]"));
        assert!(e.contains("invalid length 3"), "{e}");
    }
}
