//! The scenarios (`data/scenarios.toml`, section 10): each one's map area, turns, formations,
//! set-up, reinforcements and withdrawals. The text gives the areas, turns, forces and
//! schedules; the set-up and entry hexes are reconstructed (the Setup and Reinforcement charts
//! are images), labelled as such. Hexes stay text here; `DataSet` resolves them on the map.

use super::counters::CounterTables;
use crate::engine::data::{check_provenance, parse, At, DataError, Provenance};
use serde::Deserialize;
use std::collections::HashSet;

pub const EMBEDDED: &str = include_str!("data/scenarios.toml");
pub const FILE: &str = "scenarios.toml";

/// The scenario ids this engine plays (10.1, 10.2).
pub const FIRST_BLOOD: &str = "first-blood";
pub const STOLBERG_CORRIDOR: &str = "stolberg-corridor";

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioTables {
    pub scenario: Provenance,
    pub scenarios: Vec<ScenarioDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    pub id: String,
    pub name: String,
    pub rule: String,
    /// The map area, inclusive hexrows and columns ("South of 25XX", "From hexes 10XX to 42XX").
    pub rows: [u8; 2],
    pub cols: [u8; 2],
    pub first_turn: u8,
    pub last_turn: u8,
    pub formations: Vec<String>,
    pub hqs: Vec<HqSetup>,
    pub units: Vec<UnitSetup>,
    #[serde(default)]
    pub reinforcements: Vec<Reinforcement>,
    #[serde(default)]
    pub reinforcement_hqs: Vec<HqReinforcement>,
    #[serde(default)]
    pub withdrawals: Vec<Withdrawal>,
    /// 10.2: the least US VP for each victory level from US decisive to German substantial
    /// (six numbers, decreasing); fewer is German decisive. Absent: the rulebook's bands.
    #[serde(default)]
    pub vp_levels: Option<[u32; 6]>,
}

/// 10.2's VP bands: US decisive 71+, substantial 61–70, marginal 51–60, draw 40–50, German
/// marginal 30–39, German substantial 16–29, German decisive 0–14. AMBIG-30: 15 VP is in no
/// band; read as German substantial, so the last band starts at 15.
pub const STOLBERG_VP_LEVELS: [u32; 6] = [71, 61, 51, 40, 30, 15];

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HqSetup {
    pub formation: String,
    pub hex: String,
    pub activation_level: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSetup {
    pub unit: String,
    pub hex: String,
}

/// 8.5.1: a unit entering on `turn` at `hex`; an independent names the formation it was
/// assigned to before entering (5.5.2).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    pub turn: u8,
    pub unit: String,
    pub hex: String,
    #[serde(default)]
    pub formation: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HqReinforcement {
    pub turn: u8,
    pub formation: String,
    pub hex: String,
    pub activation_level: u8,
}

/// 8.5.2: a formation leaving the map at the start of `turn`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    pub turn: u8,
    pub formation: String,
}

pub fn load(text: &str, file: &str, counters: &CounterTables) -> Result<ScenarioTables, DataError> {
    let tables: ScenarioTables = parse(text, file)?;
    let at = At::new(file, "scenario");
    check_provenance(
        at,
        &tables.scenario.source,
        tables.scenario.basis.as_deref(),
    )?;
    for s in &tables.scenarios {
        check_scenario(s, counters)
            .map_err(|m| At::new(file, "scenarios").err(format!("scenario {}", s.id), m))?;
    }
    for id in [FIRST_BLOOD, STOLBERG_CORRIDOR] {
        if !tables.scenarios.iter().any(|s| s.id == id) {
            return Err(At::new(file, "scenarios").err(
                format!("scenario {id}"),
                "missing: the engine plays it (10.1, 10.2)",
            ));
        }
    }
    Ok(tables)
}

/// Every formation and unit named exists and is in play, each unit is set up or enters once,
/// and the turns fit the scenario.
fn check_scenario(s: &ScenarioDef, c: &CounterTables) -> Result<(), String> {
    if let Some(levels) = s.vp_levels {
        if levels.windows(2).any(|w| w[0] <= w[1]) {
            return Err(format!(
                "vp_levels {levels:?}: the least VP of each level, US decisive first, must \
                 decrease"
            ));
        }
    }
    if s.first_turn == 0
        || s.first_turn > s.last_turn
        || s.rows[0] > s.rows[1]
        || s.cols[0] > s.cols[1]
    {
        return Err("first_turn..last_turn, rows and cols must be ranges [low, high]".into());
    }
    for f in &s.formations {
        if !c.formations.iter().any(|d| &d.id == f) {
            return Err(format!("formation {f:?} is not in counters.toml"));
        }
    }
    let in_play = |f: &str| s.formations.iter().any(|x| x == f);
    let mut placed = HashSet::new();
    for hq in s
        .hqs
        .iter()
        .map(|h| &h.formation)
        .chain(s.reinforcement_hqs.iter().map(|h| &h.formation))
    {
        if !in_play(hq) || !placed.insert(format!("HQ {hq}")) {
            return Err(format!(
                "the HQ of {hq:?} is not in play or is placed twice"
            ));
        }
    }
    let units = s
        .units
        .iter()
        .map(|u| (&u.unit, None))
        .chain(s.reinforcements.iter().map(|r| (&r.unit, Some(r))));
    for (id, reinforcement) in units {
        let Some(def) = c.units.iter().find(|u| &u.id == id) else {
            return Err(format!("unit {id:?} is not in counters.toml"));
        };
        let formation = reinforcement
            .and_then(|r| r.formation.as_deref())
            .unwrap_or(&def.formation);
        if !in_play(formation) {
            return Err(format!("unit {id:?}: formation {formation:?} is not in play (an independent names the formation it joins, 5.5.2)"));
        }
        if !placed.insert(id.clone()) {
            return Err(format!("unit {id:?} is placed twice"));
        }
        if reinforcement.is_some_and(|r| r.turn <= s.first_turn || r.turn > s.last_turn) {
            return Err(format!(
                "unit {id:?} arrives outside the scenario's turns after the first (8.5)"
            ));
        }
    }
    for w in &s.withdrawals {
        if !in_play(&w.formation) || w.turn <= s.first_turn || w.turn > s.last_turn {
            return Err(format!(
                "withdrawal of {:?} on turn {}: not in play or not a later turn of the scenario",
                w.formation, w.turn
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossing_the_line::counters;

    fn counters() -> CounterTables {
        counters::load(counters::EMBEDDED, counters::FILE).expect("embedded counters")
    }

    fn error(from: &str, to: &str) -> String {
        assert!(EMBEDDED.contains(from), "fixture text {from:?} not found");
        let text = EMBEDDED.replacen(from, to, 1);
        load(&text, FILE, &counters())
            .expect_err("the edit is invalid")
            .to_string()
    }

    #[test]
    fn rule_10_1_10_2_the_embedded_scenarios_load() {
        let t = load(EMBEDDED, FILE, &counters()).expect("embedded scenarios");
        let s2 = t
            .scenarios
            .iter()
            .find(|s| s.id == STOLBERG_CORRIDOR)
            .unwrap();
        assert_eq!(
            (s2.first_turn, s2.last_turn),
            (1, 3),
            "10.2: game turns 1-3"
        );
        let twelfth = s2.reinforcements.iter().filter(|r| {
            [
                "I/27", "II/27", "I/48", "II/48", "I/89", "II/89", "Fus 12", "Pi 12", "PzJg 12",
            ]
            .contains(&r.unit.as_str())
        });
        assert!(
            twelfth.clone().count() == 9 && twelfth.clone().all(|r| r.turn == 2),
            "10.2: 12th ID (9 units) on turn 2"
        );
        assert!(s2
            .withdrawals
            .iter()
            .any(|w| w.formation == "353ID" && w.turn == 3));
        let s1 = t.scenarios.iter().find(|s| s.id == FIRST_BLOOD).unwrap();
        assert_eq!(
            (s1.rows[1], s1.cols[1]),
            (24, 15),
            "10.1: south of 25XX, west of XX16"
        );
    }

    #[test]
    fn rule_10_a_unit_placed_twice_or_unknown_is_named() {
        let e = error(
            "unit = \"2/18\"\nhex = \"1906\"",
            "unit = \"1/18\"\nhex = \"1906\"",
        );
        assert!(
            e.contains("scenarios.toml")
                && e.contains("scenario first-blood")
                && e.contains("placed twice"),
            "{e}"
        );
        let e = error("unit = \"2/18\"", "unit = \"9/18\"");
        assert!(e.contains("\"9/18\""), "{e}");
    }

    #[test]
    fn rule_8_5_a_reinforcement_on_the_first_turn_is_refused() {
        let e = error(
            "turn = 2\nunit = \"238 Eng\"",
            "turn = 1\nunit = \"238 Eng\"",
        );
        assert!(
            e.contains("scenario stolberg-corridor") && e.contains("238 Eng"),
            "{e}"
        );
    }
}
