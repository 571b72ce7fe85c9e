//! The data schema of Cities of the Damned: Aachen: the map, the counters and the Player Aid
//! Card. The rulebook prints none of these tables (only a few values in its text and its
//! example of play), so the embedded defaults in `data/` are reconstructions, each labelled
//! with its source and basis, except the values the text gives. A user's own transcription
//! replaces them with `--data <dir or file>`.

mod load;
mod validate;

use crate::engine::data::{check_provenances, io_error, parse, reconstructed, At, TableSource};
pub use crate::engine::data::{DataError, Provenance};
use load::*;
use serde::Deserialize;
use std::path::Path;
use validate::*;

/// The terrain type of an Area (3.1.2), shown by the shape of its TEM box; the two American
/// setup Areas (5.3.1) have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    American,
    Suburban,
    Urban,
    Fortified,
}

impl Terrain {
    /// The German terrain types, in the order of `GERMAN_AREAS`.
    pub const GERMAN: [Terrain; 3] = [Terrain::Suburban, Terrain::Urban, Terrain::Fortified];

    /// 3.1.2 / 9.5.3B: Suburban +2, Urban +3, Fortified +4.
    pub fn tem(self) -> u8 {
        match self {
            Terrain::American => 0,
            Terrain::Suburban => 2,
            Terrain::Urban => 3,
            Terrain::Fortified => 4,
        }
    }
}

/// 4.4: the German units on the board, by terrain type: 14 Suburban, 8 Urban, 3 Fortified.
pub const GERMAN_AREAS: [usize; 3] = [14, 8, 3];

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
    /// The Area number printed on the map, 1–27 (3.1).
    pub id: u8,
    pub name: String,
    /// Where the area is drawn on the schematic map: x (west to east) in 0–1000, y (north to
    /// south) in 0–700. Optional: without it the board is drawn in a ring.
    #[serde(default, deserialize_with = "crate::engine::data::exact_option")]
    pub pos: Option<[u16; 2]>,
    pub terrain: Terrain,
    pub adjacent: Vec<u8>,
}

// ----------------------------------------------------------- counters.toml

/// American unit types (4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    Infantry,
    Armor,
    /// 4.2.2: Armor, but may count as Infantry for the Combined Arms Bonus.
    Halftrack,
    Leader,
    /// 4.2.5: an M-12; Armor for refit (6.3.1).
    SpArtillery,
}

/// German Defense Strategies (9.4), the yellow print on a counter's revealed side. The
/// rulebook names Fanatic (11.4) and Barrage (9.5.5); the others are reconstructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenseStrategy {
    None,
    /// A Success becomes a Stalemate (11.4).
    Fanatic,
    /// Before the dice, all attackers retreat (9.5.5) and are Spent; no combat.
    Barrage,
    /// The unit is removed at once, as a Success for morale; the attackers stay Fresh.
    Surrender,
    /// The Lead Attacking Unit goes to the Out of Action Box before the dice; a new one leads.
    Ambush,
    /// If Armor attacks, one Armor unit goes to the Out of Action Box before the dice.
    Panzerfaust,
    /// AV −2 unless an Engineer Support point is allotted.
    Mines,
    /// One participating Leader goes to the Out of Action Box.
    Sniper,
    /// Defense Factor +2 for this combat.
    Strongpoint,
    /// On a Repulse or Stalemate, German Morale +1 more.
    Counterattack,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterTables {
    pub american: Provenance,
    pub americans: Vec<AmericanDef>,
    pub german: Provenance,
    pub germans: Vec<GermanDef>,
}

/// One American counter (4.2–4.3).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmericanDef {
    /// Unit ID (4.3.2), or the Leader's name ("Smoots").
    pub id: String,
    pub kind: UnitKind,
    /// Attack Factor on the Fresh side (4.3.1); 0 for Leaders.
    #[serde(default)]
    pub attack: u8,
    /// Parent organisation: a Leader commands the units of his own (4.3.4, 9.5.2B).
    pub organisation: String,
    /// Setup Area (5.3.1), for units on the map at the start.
    #[serde(default)]
    pub setup_area: Option<u8>,
    /// Reinforcement turn (6.1.1), for units that arrive later.
    #[serde(default)]
    pub arrives: Option<u8>,
}

/// One German counter (4.4): its terrain type, Defense Factor and Defense Strategy.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GermanDef {
    pub id: String,
    pub terrain: Terrain,
    pub defense: u8,
    pub strategy: DefenseStrategy,
}

// ------------------------------------------------------------- charts.toml

/// The Player Aid Card.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChartTables {
    pub random_events: RandomEventChart,
    pub supply: SupplyTable,
    pub supply_costs: SupplyCosts,
    pub bloody_streets: BloodyStreetsTable,
    pub movement_costs: MovementCosts,
    /// Absent from an older charts.toml: the rulebook's values.
    #[serde(default)]
    pub morale: MoraleTrack,
    /// The readings of ambiguous rule text in play (`super::readings`).
    pub readings: crate::engine::readings::Readings,
}

/// The German Morale track's numbers the rules fix (5.2, 10.1): where Morale starts, and the
/// level at or above which the Germans win at the end of the last turn. From the rulebook,
/// not reconstructed; a table so that a designer's experiment can vary them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleTrack {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    pub start: u8,
    pub german_victory: u8,
}

impl Default for MoraleTrack {
    fn default() -> Self {
        MoraleTrack {
            source: "rulebook".into(),
            basis: Some("5.2: Morale starts at 19; 10.1: 6 or higher after turn 9 wins".into()),
            start: 19,
            german_victory: 6,
        }
    }
}

/// Random Event Chart (6.2): one row per 3d6 total, 3–18.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomEventChart {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    pub events: Vec<RandomEvent>,
}

/// One row of the Random Event Chart: the totals it covers and its effects.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomEvent {
    pub rolls: Vec<u8>,
    pub name: String,
    /// Rain (6.2, 8.2.2, 9.5.3E): MF 4, no Air Support, DV +2.
    #[serde(default)]
    pub rain: bool,
    /// No Air Support may be bought or used this turn.
    #[serde(default)]
    pub no_air: bool,
    /// No Armor Support may be bought or used this turn.
    #[serde(default)]
    pub no_armor: bool,
    /// At most this many Artillery Support points may be bought this turn.
    #[serde(default)]
    pub artillery_limit: Option<u8>,
    /// German Morale change.
    #[serde(default)]
    pub morale: i8,
    /// Supply Points change in this turn's Supply Phase.
    #[serde(default)]
    pub supply: i8,
    /// Free support points this turn.
    #[serde(default)]
    pub free_artillery: u8,
    #[serde(default)]
    pub free_air: u8,
    #[serde(default)]
    pub free_engineer: u8,
    /// The event applies only up to this turn; later it is "no event".
    #[serde(default)]
    pub last_turn: Option<u8>,
}

/// Supply table (6.3): Supply Points for each 3d6 total.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyTable {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    /// Supply Points for totals 3, 4, …, 18 (16 entries).
    pub points: Vec<u8>,
}

/// Supply Cost Chart (6.3.1): Supply Points per support point or returning unit.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyCosts {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    pub artillery: u8,
    pub engineer: u8,
    pub armor: u8,
    pub air: u8,
    pub return_infantry: u8,
    /// Armor, Halftrack and SP Artillery (4.2.5).
    pub return_armor: u8,
}

/// What a Bloody Streets roll (6.4.1) does to the American units of a contested Urban or
/// Fortified Area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BloodyStreetsResult {
    None,
    /// One American unit of the player's choice goes to the Out of Action Box.
    Loss,
    /// One American unit of the player's choice is Spent.
    Spent,
}

/// Bloody Streets Table (6.4.1): the result of each 1d6 face.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BloodyStreetsTable {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    /// Results for faces 1–6.
    pub results: Vec<BloodyStreetsResult>,
}

/// Movement cost table (8.2): MF to enter an Area; the highest applicable cost applies.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementCosts {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    /// An American-Controlled (Vacant) Area.
    pub american: u8,
    /// An Area with a revealed German unit.
    pub revealed: u8,
    /// An Area with an unrevealed German unit (11.4: 4).
    pub unrevealed: u8,
}

/// All the tables of one game.
#[derive(Clone, Debug)]
pub struct DataSet {
    pub map: MapTables,
    pub counters: CounterTables,
    pub charts: ChartTables,
}

pub const MAP_TOML: &str = include_str!("data/map.toml");
pub const COUNTERS_TOML: &str = include_str!("data/counters.toml");
pub const CHARTS_TOML: &str = include_str!("data/charts.toml");

/// The three data files, in the order of [`FileKind`].
const FILE_NAMES: [&str; 3] = ["map.toml", "counters.toml", "charts.toml"];

/// The data files a `--data` directory may hold, each with its embedded default.
pub const DATA_FILES: [(&str, &str); 3] = [
    (FILE_NAMES[0], MAP_TOML),
    (FILE_NAMES[1], COUNTERS_TOML),
    (FILE_NAMES[2], CHARTS_TOML),
];

/// 3.1: the Areas are numbered 1 to 27.
pub const AREAS: u8 = 27;
/// 5.3.1: the two American setup Areas, the only ones of terrain `american`.
pub const AMERICAN_AREAS: [u8; 2] = [1, 2];
/// 5.1: the game is nine turns long.
pub const TURNS: u8 = 9;
/// The most counters the engine's fixed-size state holds.
pub const MAX_AMERICANS: usize = 32;
pub const MAX_GERMANS: usize = 64;

impl Terrain {
    pub fn name(self) -> &'static str {
        match self {
            Terrain::American => "American",
            Terrain::Suburban => "Suburban",
            Terrain::Urban => "Urban",
            Terrain::Fortified => "Fortified",
        }
    }
}

impl MapTables {
    /// The Area with this number, if any.
    pub fn area(&self, id: u8) -> Option<&AreaDef> {
        self.areas.iter().find(|a| a.id == id)
    }
}

impl RandomEventChart {
    /// The row for a 3d6 total (3–18).
    pub fn event(&self, total: u8) -> Option<&RandomEvent> {
        self.events.iter().find(|e| e.rolls.contains(&total))
    }
}

impl SupplyTable {
    /// Supply Points for a 3d6 total (3–18).
    pub fn points_for(&self, total: u8) -> Option<u8> {
        let i = usize::from(total.checked_sub(3)?);
        self.points.get(i).copied()
    }
}

impl BloodyStreetsTable {
    /// The result of a 1d6 face (1–6).
    pub fn result(&self, face: u8) -> Option<BloodyStreetsResult> {
        let i = usize::from(face.checked_sub(1)?);
        self.results.get(i).copied()
    }
}

impl DataSet {
    /// The embedded default (mostly reconstructed) data.
    pub fn embedded() -> Result<DataSet, DataError> {
        let files = Origins::embedded(FILE_NAMES);
        let data = DataSet::parse_files([MAP_TOML, COUNTERS_TOML, CHARTS_TOML], &files)?;
        data.check(&files)?;
        Ok(data)
    }

    /// A user's data: a directory holding any of map.toml, counters.toml and charts.toml
    /// (missing ones fall back to the embedded default; an empty directory is an error), or
    /// one file holding all the tables.
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

    /// Checks every constraint the rulebook and the engine put on the tables, naming `file`
    /// in any error.
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        self.check(&Origins::all(file))
    }

    /// The tables that are reconstructions rather than the published game's values, with
    /// their basis: (table name, basis).
    pub fn reconstructed_tables(&self) -> Vec<(&'static str, String)> {
        reconstructed(&self.provenances())
    }

    fn parse_files(texts: [&str; 3], files: &Origins) -> Result<DataSet, DataError> {
        Ok(DataSet {
            map: parse(texts[0], files.get(FileKind::Map as usize))?,
            counters: parse(texts[1], files.get(FileKind::Counters as usize))?,
            charts: parse(texts[2], files.get(FileKind::Charts as usize))?,
        })
    }

    /// Every table's provenance, in the order `reconstructed_tables` lists them.
    fn provenances(&self) -> [TableSource<'_>; 9] {
        use FileKind::{Charts, Counters, Map};
        let (map, c, ch) = (&self.map.map, &self.counters, &self.charts);
        let t = table_source;
        [
            t("map", Map, &map.source, &map.basis),
            t("american", Counters, &c.american.source, &c.american.basis),
            t("german", Counters, &c.german.source, &c.german.basis),
            t(
                "random_events",
                Charts,
                &ch.random_events.source,
                &ch.random_events.basis,
            ),
            t("supply", Charts, &ch.supply.source, &ch.supply.basis),
            t(
                "supply_costs",
                Charts,
                &ch.supply_costs.source,
                &ch.supply_costs.basis,
            ),
            t(
                "bloody_streets",
                Charts,
                &ch.bloody_streets.source,
                &ch.bloody_streets.basis,
            ),
            t(
                "movement_costs",
                Charts,
                &ch.movement_costs.source,
                &ch.movement_costs.basis,
            ),
            t("morale", Charts, &ch.morale.source, &ch.morale.basis),
        ]
    }

    fn check(&self, files: &Origins) -> Result<(), DataError> {
        check_provenances(&self.provenances(), files)?;
        check_map(&self.map, files.get(FileKind::Map as usize))?;
        check_counters(
            &self.counters,
            &self.map,
            files.get(FileKind::Counters as usize),
        )?;
        check_charts(&self.charts, files.get(FileKind::Charts as usize))
    }
}
