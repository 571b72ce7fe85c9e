//! The whole data set of Crossing the Line: the map, the charts, the counters and the
//! scenarios, each from its embedded default or a user's `--data` directory (per-file
//! override), and the checks that span files: every scenario's area on the map (10), every
//! set-up and entry hex on the map and in its scenario's area, HQs only in town, city or
//! industrial hexes (3.3), stacking within the limits at set-up (5.3.1), Activation Levels
//! within the Action Points Table (6.3.2), and the HQ Recovery Chart's rows for every German
//! Recovery Rating and an entry for every US formation, and only those (8.1.1, 8.1.3).

use super::charts::{Charts, CHARTS_FILE, CHARTS_TOML};
use super::counters::{self, CounterTables, UnitClass};
use super::hex::{Bounds, Hex};
use super::map::{Map, MAP_TOML};
use super::scenario::{self, ScenarioDef, ScenarioTables};
use super::side::Side;
use crate::engine::data::{read_dir, At, DataError};
use std::collections::HashMap;
use std::path::Path;

const MAP_FILE: &str = "map.toml";
const NAMES: [&str; 4] = [MAP_FILE, CHARTS_FILE, counters::FILE, scenario::FILE];

/// Every table the game reads, checked.
#[derive(Debug)]
pub struct DataSet {
    pub map: Map,
    pub charts: Charts,
    pub counters: CounterTables,
    pub scenarios: ScenarioTables,
}

/// The data files a `--data` directory may hold, each with its embedded default.
pub const DATA_FILES: [(&str, &str); 4] = [
    (NAMES[0], MAP_TOML),
    (NAMES[1], CHARTS_TOML),
    (NAMES[2], counters::EMBEDDED),
    (NAMES[3], scenario::EMBEDDED),
];

impl DataSet {
    pub fn embedded() -> Result<DataSet, DataError> {
        let embedded = [
            MAP_TOML,
            CHARTS_TOML,
            counters::EMBEDDED,
            scenario::EMBEDDED,
        ];
        let files = NAMES.map(|n| format!("embedded {n}"));
        DataSet::parse(embedded, files.each_ref().map(String::as_str))
    }

    /// `--data`: a directory holding any of map.toml, charts.toml, counters.toml and
    /// scenarios.toml; the embedded default stands in for the others. The four files have
    /// different schemas, so a single file is refused with a pointer to the directory form.
    pub fn load(path: Option<&Path>) -> Result<DataSet, DataError> {
        let Some(dir) = path else {
            return DataSet::embedded();
        };
        if !dir.is_dir() {
            return Err(At::new(&dir.display().to_string(), "data").err(
                "-",
                format!(
                    "Crossing the Line reads a directory holding any of {}",
                    NAMES.join(", ")
                ),
            ));
        }
        let embedded = [
            MAP_TOML,
            CHARTS_TOML,
            counters::EMBEDDED,
            scenario::EMBEDDED,
        ];
        let (texts, files) = read_dir(dir, NAMES, embedded)?;
        DataSet::parse(
            texts.each_ref().map(String::as_str),
            files.0.each_ref().map(String::as_str),
        )
    }

    fn parse(texts: [&str; 4], files: [&str; 4]) -> Result<DataSet, DataError> {
        let map = Map::from_toml(texts[0], files[0])?;
        let charts = Charts::from_toml(texts[1], files[1])?;
        let counters = counters::load(texts[2], files[2])?;
        // Before the scenarios: their Activation Levels are held to the formations' tracks.
        check_formations_on_charts(&charts, &counters, files[2], files[1])?;
        let scenarios = scenario::load(texts[3], files[3], &counters)?;
        let data = DataSet {
            map,
            charts,
            counters,
            scenarios,
        };
        for s in &data.scenarios.scenarios {
            data.check_scenario(s).map_err(|(entry, message)| {
                At::new(files[3], "scenarios").err(format!("scenario {}: {entry}", s.id), message)
            })?;
            if s.units.is_empty() {
                return Err(At::new(files[3], "scenarios").err(
                    format!("scenario {}: units", s.id),
                    "no unit is set up (10: every scenario sets up both sides)",
                ));
            }
        }
        Ok(data)
    }

    /// The tables that are reconstructions, with their basis, across all four files.
    pub fn reconstructed(&self) -> Vec<(&'static str, String)> {
        self.reconstructed_for(None)
    }

    /// `reconstructed`, with only `scenario`'s Victory Plan if one is named (trial 17b F9:
    /// the Campaign's plan was listed in every scenario's provenance).
    pub fn reconstructed_for(&self, scenario: Option<&str>) -> Vec<(&'static str, String)> {
        let mut all: Vec<(&'static str, String)> = self.map.reconstructed().to_vec();
        all.extend(self.charts.reconstructed_tables());
        for (table, p) in [
            ("formation", &self.counters.formation),
            ("unit", &self.counters.unit),
            ("scenario", &self.scenarios.scenario),
        ] {
            if p.is_reconstructed() {
                all.push((table, p.basis.clone().unwrap_or_default()));
            }
        }
        // General Chart B, the Campaign's (10.4, 8.3).
        for p in self
            .scenarios
            .scenarios
            .iter()
            .filter(|s| scenario.is_none_or(|id| s.id == id))
            .filter_map(|s| s.victory_plan.as_ref())
        {
            if p.source == "reconstructed" {
                all.push(("victory_plan", p.basis.clone().unwrap_or_default()));
            }
        }
        all
    }

    pub fn scenario(&self, id: &str) -> Option<&ScenarioDef> {
        self.scenarios.scenarios.iter().find(|s| s.id == id)
    }

    /// A scenario's area on this map.
    pub fn area(s: &ScenarioDef) -> Bounds {
        Bounds {
            first_row: s.rows[0],
            last_row: s.rows[1],
            first_col: s.cols[0],
            last_col: s.cols[1],
        }
    }

    /// Resolves a hex of scenario `s`: on the map and inside the scenario's area.
    pub fn hex_in(&self, s: &ScenarioDef, text: &str) -> Result<Hex, String> {
        let hex = Hex::parse(text).map_err(|_| format!("{text:?} is not a hex number XXYY"))?;
        if !self.map.in_bounds(hex) || !DataSet::area(s).contains(hex) {
            return Err(format!(
                "hex {text} is outside the map or the scenario's area ({})",
                s.rule
            ));
        }
        Ok(hex)
    }

    fn check_scenario(&self, s: &ScenarioDef) -> Result<(), (String, String)> {
        // 10: a scenario plays on a portion of the map ("South of 25XX", "10XX to 42XX").
        let (b, area) = (self.map.bounds(), DataSet::area(s));
        if area.first_row < b.first_row
            || area.last_row > b.last_row
            || area.first_col < b.first_col
            || area.last_col > b.last_col
        {
            return Err((
                "rows, cols".into(),
                format!(
                    "rows {:?} and cols {:?} are out of range: the map has hexrows {}–{} and \
                     columns {}–{} (10: a scenario's area is part of the map)",
                    s.rows, s.cols, b.first_row, b.last_row, b.first_col, b.last_col
                ),
            ));
        }
        let mut combat_units: HashMap<Hex, (u8, u8)> = HashMap::new();
        // 5.3, 7.3: a hex holds one side's units and HQs only (no unit may enter a hex the
        // enemy occupies, so none may be set up in one).
        let mut held_by: HashMap<Hex, (Side, String)> = HashMap::new();
        let mut hold = |hex: Hex, side: Option<Side>, who: String| match side {
            Some(side) => match held_by.get(&hex) {
                Some((other, first)) if *other != side => Err((
                    who,
                    format!("hex {hex} holds the enemy's {first}: a hex holds one side (5.3, 7.3)"),
                )),
                Some(_) => Ok(()),
                None => {
                    held_by.insert(hex, (side, who));
                    Ok(())
                }
            },
            None => Ok(()),
        };
        for u in &s.units {
            let hex = self
                .hex_in(s, &u.hex)
                .map_err(|m| (format!("unit {}", u.unit), m))?;
            hold(hex, self.unit_side(&u.unit), format!("unit {}", u.unit))?;
            let afv = self
                .counters
                .units
                .iter()
                .any(|d| d.id == u.unit && d.class == UnitClass::Afv);
            let count = combat_units.entry(hex).or_default();
            // Saturating: a file may set up more units in a hex than a u8 counts.
            *count = (
                count.0.saturating_add(1),
                count.1.saturating_add(u8::from(afv)),
            );
        }
        let limits = &self.charts.stacking;
        // The first overstacked hex by number, so that the same file names the same hex
        // each run, with its counts and the limits (trial 17a F13).
        let mut over: Vec<_> = combat_units
            .iter()
            .filter(|(_, (n, afv))| *n > limits.combat_units || *afv > limits.afv_units)
            .collect();
        over.sort_by_key(|(hex, _)| hex.number());
        if let Some((hex, (n, afv))) = over.first() {
            return Err((
                format!("hex {hex}"),
                format!(
                    "overstacked at set-up (5.3.1): {n} combat units, {afv} of them AFVs; \
                     charts.toml [stacking] allows {} and {} AFVs",
                    limits.combat_units, limits.afv_units
                ),
            ));
        }
        // 3.3: "No more than one HQ unit may occupy a single hex."
        let mut hq_in: HashMap<Hex, &str> = HashMap::new();
        for h in &s.hqs {
            let hex = self
                .hex_in(s, &h.hex)
                .map_err(|m| (format!("HQ {}", h.formation), m))?;
            let side = self.formation_side(&h.formation);
            hold(hex, side, format!("HQ {}", h.formation))?;
            if let Some(first) = hq_in.insert(hex, &h.formation) {
                return Err((
                    format!("HQ {}", h.formation),
                    format!("hex {hex} already holds HQ {first}: one HQ a hex (3.3)"),
                ));
            }
        }
        // 8.5.1: reinforcements enter on friendly entry hexes; one the enemy sets up on is
        // none (trial 21a F4: a US entry on the 183rd VGD's set-up hex was accepted).
        for r in &s.reinforcements {
            let hex = self
                .hex_in(s, &r.hex)
                .map_err(|m| (format!("reinforcement {}", r.unit), m))?;
            let side = self.unit_side(&r.unit);
            if let (Some((other, first)), Some(side)) = (held_by.get(&hex), side) {
                if *other != side {
                    return Err((
                        format!("reinforcement {}", r.unit),
                        format!(
                            "enters at hex {hex}, where the enemy's {first} sets up: 8.5.1's \
                             entry hexes are friendly"
                        ),
                    ));
                }
            }
        }
        // A reinforcement HQ's hex is where it enters later, not a set-up hex.
        let hqs = s
            .hqs
            .iter()
            .map(|h| (&h.formation, &h.hex))
            .chain(s.reinforcement_hqs.iter().map(|h| (&h.formation, &h.hex)));
        for (formation, text) in hqs {
            let hex = self
                .hex_in(s, text)
                .map_err(|m| (format!("HQ {formation}"), m))?;

            if !self.map.terrain(hex).is_some_and(|t| t.is_built_up()) {
                return Err((
                    format!("HQ {formation}"),
                    format!("hex {hex} is not a town, city or industrial hex (3.3)"),
                ));
            }
        }
        for r in &s.reinforcements {
            self.hex_in(s, &r.hex)
                .map_err(|m| (format!("reinforcement {}", r.unit), m))?;
        }
        let goals = s
            .objectives
            .iter()
            .chain(s.vp_hexes.iter().flat_map(|g| &g.hexes));
        for text in goals {
            self.hex_in(s, text)
                .map_err(|m| (format!("objective or VP hex {text}"), m))?;
        }
        // 10.4: the Victory Plan's locations are hexes of the Campaign's map.
        let locations = s.victory_plan.iter().flat_map(|p| &p.locations);
        for l in locations {
            for text in &l.hexes {
                self.hex_in(s, text)
                    .map_err(|m| (format!("victory_plan location {:?}", l.name), m))?;
            }
        }
        Ok(())
    }

    /// The side of the formation `id` (`None`: no such formation, refused elsewhere).
    fn formation_side(&self, id: &str) -> Option<Side> {
        let formations = &self.counters.formations;
        formations.iter().find(|f| f.id == id).map(|f| f.side)
    }

    /// The side of the unit `id`: its own (an independent's, 5.5.2) or its formation's.
    fn unit_side(&self, id: &str) -> Option<Side> {
        let u = self.counters.units.iter().find(|u| u.id == id)?;
        u.side.or_else(|| self.formation_side(&u.formation))
    }
}

/// The formations against the charts: the Action Points Table has a column for every
/// Activation Level a formation can reach (6.3.2); a German Recovery Rating is a row of the
/// HQ Recovery Chart (8.1.3); the chart lists the US formations, every one of them (8.1.1).
fn check_formations_on_charts(
    charts: &Charts,
    counters: &CounterTables,
    counters_file: &str,
    charts_file: &str,
) -> Result<(), DataError> {
    let at = At::new(counters_file, "formations");
    let max = charts.max_activation_level();
    let ratings = charts.german_recovery_ratings();
    let recovery = At::new(charts_file, "hq_recovery");
    for f in &counters.formations {
        let entry = format!("formation {}", f.id);
        if !(1..=max).contains(&f.max_activation_level) {
            return Err(at.err(
                entry,
                format!(
                    "max_activation_level {} is out of range 1–{max} (the Action Points \
                     Table's columns, 6.3.2; at 0 a formation never activates, 6.3.1)",
                    f.max_activation_level
                ),
            ));
        }
        if let Some(r) = f.recovery_rating.filter(|r| !(1..=ratings).contains(r)) {
            return Err(at.err(
                entry,
                format!(
                    "recovery_rating {r} is out of range 1–{ratings} (the rows of the HQ \
                     Recovery Chart, 8.1.3)"
                ),
            ));
        }
        if f.side == Side::Us && charts.us_recovery(&f.id).is_none() {
            return Err(recovery.err(
                format!("us {}", f.id),
                format!(
                    "missing: the US formation {} of counters.toml recovers by its value on \
                     the HQ Recovery Chart (8.1.1)",
                    f.id
                ),
            ));
        }
    }
    for id in charts.us_recovery_formations() {
        let us = counters
            .formations
            .iter()
            .any(|f| f.id == id && f.side == Side::Us);
        if !us {
            return Err(recovery.err(
                format!("us {id}"),
                format!("{id:?} is not a US formation of counters.toml (8.1.1)"),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_10_the_embedded_data_set_loads_and_lists_its_reconstructions() {
        let d = DataSet::embedded().expect("embedded data");
        let tables: Vec<&str> = d.reconstructed().iter().map(|(t, _)| *t).collect();
        for t in ["crt", "unit", "scenario", "victory_plan"] {
            assert!(tables.contains(&t), "{t} is a reconstruction: {tables:?}");
        }
        // Only the Campaign has a Victory Plan (8.3).
        let tables = |id| {
            d.reconstructed_for(Some(id))
                .iter()
                .map(|(t, _)| *t)
                .collect::<Vec<_>>()
        };
        assert!(tables(scenario::CAMPAIGN).contains(&"victory_plan"));
        assert!(!tables(scenario::STOLBERG_CORRIDOR).contains(&"victory_plan"));
        assert!(d.scenario(scenario::FIRST_BLOOD).is_some());
    }

    fn with_scenarios(from: &str, to: &str) -> String {
        assert!(scenario::EMBEDDED.contains(from), "fixture text {from:?}");
        let texts = [
            MAP_TOML,
            CHARTS_TOML,
            counters::EMBEDDED,
            &scenario::EMBEDDED.replacen(from, to, 1),
        ];
        DataSet::parse(texts, NAMES)
            .expect_err("the edit is invalid")
            .to_string()
    }

    #[test]
    fn rule_3_3_an_hq_outside_a_built_up_hex_is_refused() {
        let e = with_scenarios(
            "formation = \"1ID\"\nhex = \"1507\"",
            "formation = \"1ID\"\nhex = \"1508\"",
        );
        assert!(
            e.contains("scenarios.toml") && e.contains("HQ 1ID") && e.contains("3.3"),
            "{e}"
        );
    }

    #[test]
    fn rule_10_1_a_unit_outside_the_scenario_area_is_refused() {
        let e = with_scenarios(
            "unit = \"1/18\"\nhex = \"1905\"",
            "unit = \"1/18\"\nhex = \"1916\"",
        );
        assert!(
            e.contains("scenario first-blood") && e.contains("unit 1/18") && e.contains("1916"),
            "{e}"
        );
    }

    #[test]
    fn rule_5_3_1_an_overstacked_set_up_is_refused() {
        let e = with_scenarios(
            "unit = \"2/18\"\nhex = \"1906\"\n[[scenarios.units]]\nunit = \"3/18\"\nhex = \"1907\"",
            "unit = \"2/18\"\nhex = \"1910\"\n[[scenarios.units]]\nunit = \"3/18\"\nhex = \"1910\"",
        );
        assert!(e.contains("overstacked"), "{e}");
    }

    #[test]
    fn rule_3_3_two_hqs_set_up_in_one_hex_are_refused() {
        // The Stolberg Corridor sets up HQ 1ID in 1507 and HQ 3AD in 1214.
        let e = with_scenarios(
            "formation = \"3AD\"\nhex = \"1214\"",
            "formation = \"3AD\"\nhex = \"1507\"",
        );
        assert!(
            e.contains("HQ 3AD") && e.contains("already holds HQ 1ID") && e.contains("3.3"),
            "{e}"
        );
    }

    /// 8.5.1: reinforcements enter on friendly entry hexes; one where the enemy sets up is
    /// refused (trial 21a F4: Across the Wurm's 1/116 entering at the 183rd VGD's 5305).
    #[test]
    fn rule_8_5_1_a_reinforcement_entering_where_the_enemy_sets_up_is_refused() {
        let e = with_scenarios(
            "unit = \"1/116\"\nhex = \"5301\"",
            "unit = \"1/116\"\nhex = \"5305\"",
        );
        assert!(
            e.contains("reinforcement 1/116")
                && e.contains("enters at hex 5305, where the enemy's")
                && e.contains("8.5.1"),
            "{e}"
        );
    }

    #[test]
    fn rule_7_3_a_unit_set_up_in_a_hex_the_enemy_holds_is_refused() {
        // First Blood's German 453 is set up in 2107.
        let e = with_scenarios(
            "unit = \"1/18\"\nhex = \"1905\"",
            "unit = \"1/18\"\nhex = \"2107\"",
        );
        assert!(
            e.contains("scenario first-blood") && e.contains("unit"),
            "{e}"
        );
        assert!(
            e.contains("hex 2107 holds the enemy's") && e.contains("7.3"),
            "{e}"
        );
    }

    #[test]
    fn rule_7_3_an_hq_set_up_among_enemy_units_is_refused() {
        let e = with_scenarios(
            "formation = \"1ID\"\nhex = \"1507\"",
            "formation = \"1ID\"\nhex = \"2107\"",
        );
        assert!(
            e.contains("HQ 1ID") && e.contains("holds the enemy's"),
            "{e}"
        );
    }

    #[test]
    fn a_data_file_instead_of_a_directory_is_refused_in_one_line() {
        let e = DataSet::load(Some(Path::new("Cargo.toml")))
            .expect_err("a file")
            .to_string();
        assert!(e.contains("directory") && !e.contains('\n'), "{e}");
    }
}
