//! The data schema of Rudder's Line: map, counter mix, Set Up Card and scenario (initiative
//! special rules, victory conditions). The rulebook contains none of these tables, so the
//! embedded defaults in `data/` are reconstructions, each labelled with its source and basis.
//! A user's own transcription replaces them with `--data <dir or file>`.

mod load;
mod validate;

use crate::engine::data::{check_provenances, io_error, parse, reconstructed, At, TableSource};
pub use crate::engine::data::{DataError, Provenance};
use load::*;
use serde::Deserialize;
use std::path::Path;
use validate::*;

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Rangers,
    Germans,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Rangers, Side::Germans];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::Rangers
        } else {
            Side::Germans
        }
    }

    pub fn enemy(self) -> Side {
        match self {
            Side::Rangers => Side::Germans,
            Side::Germans => Side::Rangers,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Rangers => "Rangers",
            Side::Germans => "Germans",
        }
    }

    /// "Ranger", "German": the side before a noun ("German units").
    pub fn adjective(self) -> &'static str {
        match self {
            Side::Rangers => "Ranger",
            Side::Germans => "German",
        }
    }
}

// ---------------------------------------------------------------- map.toml

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapTables {
    pub map: Provenance,
    /// Where the areas' `pos` come from; required when any area has one.
    #[serde(default)]
    pub layout: Option<Provenance>,
    pub areas: Vec<AreaDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaDef {
    /// The number printed in the green box ("17"), or a Landing Craft box ("LC-A").
    pub id: String,
    pub name: String,
    /// Where the area is drawn on the schematic map: x (west to east) in 0–1000, y (north to
    /// south) in 0–700. Optional: without it the board is drawn in a ring.
    #[serde(default, deserialize_with = "crate::engine::data::exact_option")]
    pub pos: Option<[u16; 2]>,
    /// Terrain Effects Modifier (2.2), the number in the yellow circle.
    pub tem: u8,
    pub adjacent: Vec<String>,
    /// Contains building or bunker terrain (9.33).
    #[serde(default)]
    pub building: bool,
    /// American star emblem: a Victory Area (12.1 step 4a).
    #[serde(default)]
    pub victory: bool,
    /// A Landing Craft box (7.1, 7.31, 9.3): no firing from it, only Rangers enter it,
    /// no stacking limit.
    #[serde(default)]
    pub landing_craft: bool,
}

// ----------------------------------------------------------- counters.toml

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PersonnelKind {
    Squad,
    WeaponsTeam,
    Nco,
    BarGunner,
    Fo,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponKind {
    LightMortar,
    MediumMortar,
    MachineGun,
    ShoulderFired,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterTables {
    pub counters: Provenance,
    pub personnel: Vec<PersonnelDef>,
    pub weapons: Vec<WeaponDef>,
}

/// One counter type of Personnel (2.6). `count` counters of it exist.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PersonnelDef {
    pub id: String,
    pub side: Side,
    pub kind: PersonnelKind,
    pub count: u8,
    /// Fresh (front) side values.
    pub attack: u8,
    pub defense: u8,
    pub movement: u8,
    /// Figures on the counter: stacking points (10.36) and CP to flip or eliminate (7.63).
    pub figures: u8,
    /// Spent (back) side values (12.1 step 4 rallies against `spent_defense`).
    pub spent_attack: u8,
    pub spent_defense: u8,
}

/// One counter type of Weapon (2.6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    pub id: String,
    pub side: Side,
    pub kind: WeaponKind,
    pub count: u8,
    pub attack: u8,
}

// -------------------------------------------------------------- setup.toml

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupTables {
    pub setup: SetupHeader,
    pub place: Vec<Placement>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupHeader {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    /// Areas under Ranger control at the start (3.21); every other area is German.
    pub ranger_control: Vec<String>,
}

/// `count` counters of type `counter` placed in `area`, each carrying one `carrying` weapon.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub area: String,
    pub counter: String,
    #[serde(default = "one")]
    pub count: u8,
    #[serde(default)]
    pub carrying: Option<String>,
    /// Set Up Card special rule: these counters may not move, assault, fire or spot before
    /// this turn (they still defend). Absent means from turn 1.
    #[serde(default)]
    pub released_on_turn: Option<u8>,
}

fn one() -> u8 {
    1
}

// ----------------------------------------------------------- scenario.toml

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioTables {
    pub scenario: ScenarioHeader,
    pub artillery: Artillery,
    pub initiative: InitiativeRules,
    pub victory: VictoryConditions,
    /// The readings of ambiguous rule text in play (`super::readings`).
    pub readings: crate::engine::readings::Readings,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioHeader {
    pub name: String,
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    /// Game turns (3.22: eight).
    pub turns: u8,
    /// The side with the Initiative automatically on turn 1 (5.1: the Rangers).
    pub first_turn_initiative: Side,
}

/// Off-board artillery called in by each side's FO (2.5, 7.31): the marker values.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Artillery {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    pub rangers: u8,
    pub germans: u8,
}

/// Special rules of the Set Up Card that modify the initiative die roll (5.1).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeRules {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    #[serde(default)]
    pub modifier: Vec<InitiativeModifier>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeModifier {
    pub side: Side,
    pub value: i8,
    /// Turns it applies on; empty means every turn.
    #[serde(default)]
    pub turns: Vec<u8>,
    /// Applies only while this holds.
    #[serde(default)]
    pub condition: Option<ModifierCondition>,
    pub reason: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModifierCondition {
    /// The side's own FO has been eliminated.
    OwnFoEliminated,
}

/// Victory conditions of the Set Up Card (3.2), checked in Regroup step 1 (12.1).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryConditions {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    /// Germans win at once if they control all of these.
    pub german_sudden_death_control: Vec<String>,
    /// Germans win at once if no Ranger personnel is in any of these.
    pub ranger_foothold: Vec<String>,
    /// If no Ranger has entered `guns_area` by the end of `guns_deadline_turn`, the Rangers'
    /// result at the end of the game is one level lower (the guns kept firing).
    pub guns_area: String,
    pub guns_deadline_turn: u8,
    /// At the end of the last turn the Rangers win if they control `ranger_must_hold` and at
    /// least `ranger_other_victory_areas` other Victory Areas; all of them is a decisive win.
    /// Holding only `ranger_must_hold` is a draw; anything less a German win.
    pub ranger_must_hold: String,
    pub ranger_other_victory_areas: u8,
}

/// All four tables.
#[derive(Clone, Debug)]
pub struct DataSet {
    pub map: MapTables,
    pub counters: CounterTables,
    pub setup: SetupTables,
    pub scenario: ScenarioTables,
}

pub const MAP_TOML: &str = include_str!("data/map.toml");
pub const COUNTERS_TOML: &str = include_str!("data/counters.toml");
pub const SETUP_TOML: &str = include_str!("data/setup.toml");
pub const SCENARIO_TOML: &str = include_str!("data/scenario.toml");

/// The four data files, in the order of [`FileKind`].
const FILE_NAMES: [&str; 4] = ["map.toml", "counters.toml", "setup.toml", "scenario.toml"];

/// The data files a `--data` directory may hold, each with its embedded default.
pub const DATA_FILES: [(&str, &str); 4] = [
    (FILE_NAMES[0], MAP_TOML),
    (FILE_NAMES[1], COUNTERS_TOML),
    (FILE_NAMES[2], SETUP_TOML),
    (FILE_NAMES[3], SCENARIO_TOML),
];

/// The most areas and units the engine's fixed-size state holds.
const MAX_AREAS: usize = 48;
const MAX_UNITS: u32 = 96;
/// 10.35: no more than twelve stacking points of Personnel per side in an area.
const MAX_STACKING: u32 = 12;

impl DataSet {
    /// The embedded default (reconstructed) data.
    pub fn embedded() -> Result<DataSet, DataError> {
        let files = Origins::embedded(FILE_NAMES);
        let data =
            DataSet::parse_files([MAP_TOML, COUNTERS_TOML, SETUP_TOML, SCENARIO_TOML], &files)?;
        data.check(&files)?;
        Ok(data)
    }

    /// A user's data: a directory holding any of map.toml, counters.toml, setup.toml and
    /// scenario.toml (missing ones fall back to the embedded default), or one file holding all
    /// four tables.
    pub fn load(path: &Path) -> Result<DataSet, DataError> {
        let meta = std::fs::metadata(path).map_err(|e| io_error(path, &e))?;
        let (data, files) = if meta.is_dir() {
            load_dir(path)?
        } else {
            load_file(path)?
        };
        data.check(&files)?;
        Ok(data)
    }

    /// Checks every constraint the rulebook and the engine put on the tables.
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        self.check(&Origins::all(file))
    }

    /// The tables that are reconstructions rather than the published game's values, with
    /// their basis: (table name, basis).
    pub fn reconstructed_tables(&self) -> Vec<(&'static str, String)> {
        reconstructed(&self.provenances())
    }

    fn parse_files(texts: [&str; 4], files: &Origins) -> Result<DataSet, DataError> {
        Ok(DataSet {
            map: parse(texts[0], files.get(FileKind::Map as usize))?,
            counters: parse(texts[1], files.get(FileKind::Counters as usize))?,
            setup: parse(texts[2], files.get(FileKind::Setup as usize))?,
            scenario: parse(texts[3], files.get(FileKind::Scenario as usize))?,
        })
    }

    /// Every table's provenance, in the order `reconstructed_tables` lists them.
    fn provenances(&self) -> [TableSource<'_>; 7] {
        use FileKind::{Counters, Map, Scenario, Setup};
        let (map, counters, setup) = (&self.map.map, &self.counters.counters, &self.setup.setup);
        let s = &self.scenario;
        let t = table_source;
        [
            t("map", Map, &map.source, &map.basis),
            t("counters", Counters, &counters.source, &counters.basis),
            t("setup", Setup, &setup.source, &setup.basis),
            t(
                "initiative",
                Scenario,
                &s.initiative.source,
                &s.initiative.basis,
            ),
            t("victory", Scenario, &s.victory.source, &s.victory.basis),
            t(
                "artillery",
                Scenario,
                &s.artillery.source,
                &s.artillery.basis,
            ),
            t("scenario", Scenario, &s.scenario.source, &s.scenario.basis),
        ]
    }

    fn check(&self, files: &Origins) -> Result<(), DataError> {
        self.check_provenance(files)?;
        check_map(&self.map, files.get(FileKind::Map as usize))?;
        check_counters(&self.counters, files.get(FileKind::Counters as usize))?;
        check_setup(self, files.get(FileKind::Setup as usize))?;
        check_scenario(self, files.get(FileKind::Scenario as usize))?;
        check_releases(self, files.get(FileKind::Setup as usize))
    }

    /// Design rule 3: every table says where its values come from.
    fn check_provenance(&self, files: &Origins) -> Result<(), DataError> {
        check_provenances(&self.provenances(), files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_2_62_needs_weapons_team_for_three_mortars_and_four_mg42s() {
        let weapon = |side, kind, attack| WeaponDef {
            id: "w".into(),
            side,
            kind,
            count: 1,
            attack,
        };
        let german = |kind, attack| needs_weapons_team(&weapon(Side::Germans, kind, attack));
        assert!(german(WeaponKind::MediumMortar, 3));
        assert!(german(WeaponKind::LightMortar, 3));
        assert!(!german(WeaponKind::LightMortar, 4), "'3' mortars only");
        assert!(!german(WeaponKind::LightMortar, 2));
        assert!(german(WeaponKind::MachineGun, 4), "the '4' MG42");
        assert!(!german(WeaponKind::MachineGun, 3));
        assert!(!german(WeaponKind::ShoulderFired, 4));
        let ranger_mg = weapon(Side::Rangers, WeaponKind::MachineGun, 4);
        assert!(!needs_weapons_team(&ranger_mg), "an MG42 is German");
    }
}
