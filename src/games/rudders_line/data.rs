//! The data schema of Rudder's Line: map, counter mix, Set Up Card and scenario (initiative
//! special rules, victory conditions). The rulebook contains none of these tables, so the
//! embedded defaults in `data/` are reconstructions, each labelled with its source and basis.
//! A user's own transcription replaces them with `--data <dir or file>`.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::Path;

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
}

/// Where a table's values come from.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// `"rulebook 2.6"` for values from the text, `"reconstructed"` otherwise.
    pub source: String,
    /// What a reconstruction rests on (required when `source = "reconstructed"`).
    #[serde(default)]
    pub basis: Option<String>,
}

impl Provenance {
    pub fn is_reconstructed(&self) -> bool {
        self.source == "reconstructed"
    }
}

// ---------------------------------------------------------------- map.toml

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapTables {
    pub map: Provenance,
    pub areas: Vec<AreaDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaDef {
    /// The number printed in the green box ("17"), or a Landing Craft box ("LC-A").
    pub id: String,
    pub name: String,
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

/// A problem in a data file: which file, which table, which entry, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: [{table}] {entry}: {message}")]
pub struct DataError {
    pub file: String,
    pub table: String,
    pub entry: String,
    pub message: String,
}

pub const MAP_TOML: &str = include_str!("data/map.toml");
pub const COUNTERS_TOML: &str = include_str!("data/counters.toml");
pub const SETUP_TOML: &str = include_str!("data/setup.toml");
pub const SCENARIO_TOML: &str = include_str!("data/scenario.toml");

/// The four data files, in the order of [`FileKind`].
const FILE_NAMES: [&str; 4] = ["map.toml", "counters.toml", "setup.toml", "scenario.toml"];

/// The most areas and units the engine's fixed-size state holds.
const MAX_AREAS: usize = 48;
const MAX_UNITS: u32 = 96;
/// 10.35: no more than twelve stacking points of Personnel per side in an area.
const MAX_STACKING: u32 = 12;

impl DataSet {
    /// The embedded default (reconstructed) data.
    pub fn embedded() -> Result<DataSet, DataError> {
        let files = Origins::embedded();
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
        self.provenances()
            .into_iter()
            .filter(|p| p.source == "reconstructed")
            .map(|p| (p.table, p.basis.unwrap_or_default().to_string()))
            .collect()
    }

    fn parse_files(texts: [&str; 4], files: &Origins) -> Result<DataSet, DataError> {
        Ok(DataSet {
            map: parse(texts[0], files.get(FileKind::Map))?,
            counters: parse(texts[1], files.get(FileKind::Counters))?,
            setup: parse(texts[2], files.get(FileKind::Setup))?,
            scenario: parse(texts[3], files.get(FileKind::Scenario))?,
        })
    }

    /// Every table's provenance, in the order `reconstructed_tables` lists them.
    fn provenances(&self) -> [TableSource<'_>; 7] {
        use FileKind::{Counters, Map, Scenario, Setup};
        let (map, counters, setup) = (&self.map.map, &self.counters.counters, &self.setup.setup);
        let s = &self.scenario;
        let t = TableSource::new;
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
        check_map(&self.map, files.get(FileKind::Map))?;
        check_counters(&self.counters, files.get(FileKind::Counters))?;
        check_setup(self, files.get(FileKind::Setup))?;
        check_scenario(self, files.get(FileKind::Scenario))
    }

    /// Design rule 3: every table says where its values come from.
    fn check_provenance(&self, files: &Origins) -> Result<(), DataError> {
        for p in self.provenances() {
            let at = At::new(files.get(p.file), p.table);
            if p.source.trim().is_empty() {
                return Err(at.err(
                    "source",
                    "`source` is empty: give \"rulebook N.N\" or \"reconstructed\"",
                ));
            }
            let has_basis = p.basis.is_some_and(|b| !b.trim().is_empty());
            if p.source == "reconstructed" && !has_basis {
                return Err(at.err(
                    "basis",
                    "a reconstructed table needs a one-line `basis` saying what it rests on",
                ));
            }
        }
        Ok(())
    }
}

/// Which of the four files a table lives in.
#[derive(Clone, Copy)]
enum FileKind {
    Map,
    Counters,
    Setup,
    Scenario,
}

/// The name each file was read from ("embedded map.toml", "mydata/map.toml", ...), so that an
/// error names the file the user must fix.
struct Origins([String; 4]);

impl Origins {
    fn embedded() -> Self {
        Origins(FILE_NAMES.map(|name| format!("embedded {name}")))
    }

    fn all(file: &str) -> Self {
        Origins(FILE_NAMES.map(|_| file.to_string()))
    }

    fn get(&self, kind: FileKind) -> &str {
        &self.0[kind as usize]
    }
}

struct TableSource<'a> {
    table: &'static str,
    file: FileKind,
    source: &'a str,
    basis: Option<&'a str>,
}

impl<'a> TableSource<'a> {
    fn new(
        table: &'static str,
        file: FileKind,
        source: &'a str,
        basis: &'a Option<String>,
    ) -> Self {
        let basis = basis.as_deref();
        TableSource {
            table,
            file,
            source,
            basis,
        }
    }
}

/// Where a check is looking: the file and the table, for the error.
#[derive(Clone, Copy)]
struct At<'a> {
    file: &'a str,
    table: &'a str,
}

impl<'a> At<'a> {
    fn new(file: &'a str, table: &'a str) -> Self {
        At { file, table }
    }

    fn err(self, entry: impl Into<String>, message: impl Into<String>) -> DataError {
        DataError {
            file: self.file.to_string(),
            table: self.table.to_string(),
            entry: entry.into(),
            message: message.into(),
        }
    }
}

// ------------------------------------------------------------------------- loading

/// All four files' tables in one document, for `--data <file>`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OneFile {
    map: Provenance,
    areas: Vec<AreaDef>,
    counters: Provenance,
    personnel: Vec<PersonnelDef>,
    weapons: Vec<WeaponDef>,
    setup: SetupHeader,
    place: Vec<Placement>,
    scenario: ScenarioHeader,
    artillery: Artillery,
    initiative: InitiativeRules,
    victory: VictoryConditions,
}

/// The tables a single data file must hold, and the file each normally lives in.
const ONE_FILE_TABLES: [(&str, &str); 11] = [
    ("map", "map.toml"),
    ("areas", "map.toml"),
    ("counters", "counters.toml"),
    ("personnel", "counters.toml"),
    ("weapons", "counters.toml"),
    ("setup", "setup.toml"),
    ("place", "setup.toml"),
    ("scenario", "scenario.toml"),
    ("artillery", "scenario.toml"),
    ("initiative", "scenario.toml"),
    ("victory", "scenario.toml"),
];

fn load_dir(dir: &Path) -> Result<(DataSet, Origins), DataError> {
    let mut files = Origins::embedded();
    let mut texts: [Option<String>; 4] = Default::default();
    for (i, name) in FILE_NAMES.iter().enumerate() {
        let path = dir.join(name);
        if path.exists() {
            texts[i] = Some(read(&path)?);
            files.0[i] = path.display().to_string();
        }
    }
    if texts.iter().all(Option::is_none) {
        // An empty override would silently play the embedded data (design rule 5).
        return Err(At::new(&dir.display().to_string(), "data").err(
            "directory",
            format!("none of {} is in this directory", FILE_NAMES.join(", ")),
        ));
    }
    let embedded = [MAP_TOML, COUNTERS_TOML, SETUP_TOML, SCENARIO_TOML];
    let chosen = std::array::from_fn(|i| texts[i].as_deref().unwrap_or(embedded[i]));
    let data = DataSet::parse_files(chosen, &files)?;
    Ok((data, files))
}

fn load_file(path: &Path) -> Result<(DataSet, Origins), DataError> {
    let file = path.display().to_string();
    let text = read(path)?;
    let doc = parse_syntax(&text, &file)?;
    // Say plainly which table is missing: a lone map.toml given as a file is a likely mistake.
    if let Some((table, home)) = ONE_FILE_TABLES.iter().find(|(t, _)| !doc.contains_key(*t)) {
        return Err(At::new(&file, table).err(
            "-",
            format!(
                "missing; a single data file holds the tables of all four files (this one \
                 belongs in {home}); to replace only some files, give a directory"
            ),
        ));
    }
    let one: OneFile = parse(&text, &file)?;
    let data = DataSet {
        map: MapTables {
            map: one.map,
            areas: one.areas,
        },
        counters: CounterTables {
            counters: one.counters,
            personnel: one.personnel,
            weapons: one.weapons,
        },
        setup: SetupTables {
            setup: one.setup,
            place: one.place,
        },
        scenario: ScenarioTables {
            scenario: one.scenario,
            artillery: one.artillery,
            initiative: one.initiative,
            victory: one.victory,
        },
    };
    Ok((data, Origins::all(&file)))
}

fn read(path: &Path) -> Result<String, DataError> {
    std::fs::read_to_string(path).map_err(|e| io_error(path, &e))
}

fn io_error(path: &Path, e: &std::io::Error) -> DataError {
    At::new(&path.display().to_string(), "data").err("path", format!("cannot read: {e}"))
}

/// Parses a document, reporting TOML syntax errors (table "syntax") apart from schema errors
/// (a missing or unknown field, a wrong type), which name the table they occur in.
fn parse<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    parse_syntax(text, file)?;
    toml::from_str(text).map_err(|e| toml_error(&e, text, file, false))
}

fn parse_syntax(text: &str, file: &str) -> Result<toml::Table, DataError> {
    text.parse::<toml::Table>()
        .map_err(|e| toml_error(&e, text, file, true))
}

fn toml_error(e: &toml::de::Error, text: &str, file: &str, syntax: bool) -> DataError {
    let pos = e.span().map(|span| char_floor(text, span.start));
    let table = if syntax {
        None
    } else {
        pos.and_then(|p| enclosing_table(text, p))
            .or_else(|| key_path(e))
    };
    DataError {
        file: file.to_string(),
        table: table.unwrap_or_else(|| "syntax".to_string()),
        entry: pos.map_or_else(|| "?".to_string(), |p| line_col(text, p)),
        message: e.message().split_whitespace().collect::<Vec<_>>().join(" "),
    }
}

/// The largest char boundary at or before `pos`, so that slicing never panics.
fn char_floor(text: &str, pos: usize) -> usize {
    let mut p = pos.min(text.len());
    while !text.is_char_boundary(p) {
        p -= 1;
    }
    p
}

/// "line:column", both from 1, of a byte offset.
fn line_col(text: &str, pos: usize) -> String {
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("{line}:{column}")
}

/// The `[table]` or `[[table]]` header in force at `pos`.
fn enclosing_table(text: &str, pos: usize) -> Option<String> {
    let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
    text[..line_end].lines().rev().find_map(table_header)
}

fn table_header(line: &str) -> Option<String> {
    let inner = line.trim_start().strip_prefix('[')?;
    let inner = inner.strip_prefix('[').unwrap_or(inner);
    let name = inner.split(']').next()?.trim();
    let is_key = |c: char| c.is_ascii_alphanumeric() || "_-.".contains(c);
    (!name.is_empty() && name.chars().all(is_key)).then(|| name.to_string())
}

/// The toml crate names the key path only in its Display output ("in `a.b`"), when it has
/// no position.
fn key_path(e: &toml::de::Error) -> Option<String> {
    e.to_string().lines().find_map(|line| {
        let path = line.trim().strip_prefix("in `")?.strip_suffix('`')?;
        Some(path.to_string())
    })
}

// ------------------------------------------------------------------------- map checks

fn check_map(map: &MapTables, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "areas");
    if map.areas.is_empty() {
        return Err(at.err("-", "the map has no areas"));
    }
    if map.areas.len() > MAX_AREAS {
        return Err(at.err(
            "-",
            format!(
                "{} areas; at most {MAX_AREAS} are supported",
                map.areas.len()
            ),
        ));
    }
    let index = area_index(&map.areas, at)?;
    for area in &map.areas {
        check_adjacency(area, &index, at)?;
    }
    check_connected(&map.areas, &index, at)
}

fn area_index<'a>(
    areas: &'a [AreaDef],
    at: At,
) -> Result<HashMap<&'a str, &'a AreaDef>, DataError> {
    let mut index = HashMap::with_capacity(areas.len());
    for area in areas {
        if index.insert(area.id.as_str(), area).is_some() {
            return Err(at.err(
                format!("area {}", area.id),
                format!("area id '{}' is used twice", area.id),
            ));
        }
    }
    Ok(index)
}

/// 10.3: adjacency is a shared border, so it goes both ways, and never to the area itself.
fn check_adjacency(
    area: &AreaDef,
    index: &HashMap<&str, &AreaDef>,
    at: At,
) -> Result<(), DataError> {
    let id = &area.id;
    let err = |message: String| Err(at.err(format!("area {id}"), message));
    let mut seen = HashSet::new();
    for other in &area.adjacent {
        if other == id {
            return err(format!("area {id} lists itself as adjacent"));
        }
        if !seen.insert(other) {
            return err(format!("area {id} lists {other} as adjacent twice"));
        }
        let Some(neighbour) = index.get(other.as_str()) else {
            return err(format!(
                "area {id} lists {other} as adjacent but there is no area {other}"
            ));
        };
        if !neighbour.adjacent.contains(id) {
            return err(format!(
                "area {id} lists {other} as adjacent but {other} does not list {id}"
            ));
        }
    }
    Ok(())
}

fn check_connected(
    areas: &[AreaDef],
    index: &HashMap<&str, &AreaDef>,
    at: At,
) -> Result<(), DataError> {
    let start = areas[0].id.as_str();
    let mut reached = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(id) = queue.pop_front() {
        for next in &index[id].adjacent {
            if reached.insert(next.as_str()) {
                queue.push_back(next);
            }
        }
    }
    match areas.iter().find(|a| !reached.contains(a.id.as_str())) {
        Some(lost) => Err(at.err(
            format!("area {}", lost.id),
            format!(
                "area {} cannot be reached from area {start}: the map is not connected",
                lost.id
            ),
        )),
        None => Ok(()),
    }
}

// ------------------------------------------------------------------------- counter checks

fn check_counters(counters: &CounterTables, file: &str) -> Result<(), DataError> {
    let personnel = counters.personnel.iter().map(|p| ("personnel", &p.id));
    let weapons = counters.weapons.iter().map(|w| ("weapons", &w.id));
    let mut ids = HashSet::new();
    for (table, id) in personnel.chain(weapons) {
        if !ids.insert(id) {
            return Err(At::new(file, table).err(
                format!("counter {id}"),
                format!(
                    "counter id '{id}' is used twice (ids are unique across personnel and weapons)"
                ),
            ));
        }
    }
    for p in &counters.personnel {
        // 7.63 and 10.36 know counters of one, two and three figures.
        if !(1..=3).contains(&p.figures) {
            return Err(At::new(file, "personnel").err(
                format!("counter {}", p.id),
                format!("{} figures; a counter has 1 to 3 (7.63, 10.36)", p.figures),
            ));
        }
    }
    let units: u32 = counters
        .personnel
        .iter()
        .map(|p| u32::from(p.count))
        .sum::<u32>()
        + counters
            .weapons
            .iter()
            .map(|w| u32::from(w.count))
            .sum::<u32>();
    if units > MAX_UNITS {
        return Err(At::new(file, "counters").err(
            "count",
            format!("the counter mix has {units} units; at most {MAX_UNITS} are supported"),
        ));
    }
    Ok(())
}

// ------------------------------------------------------------------------- setup checks

/// The counter and area tables by id, for the cross-file checks.
struct Lookup<'a> {
    areas: HashMap<&'a str, &'a AreaDef>,
    personnel: HashMap<&'a str, &'a PersonnelDef>,
    weapons: HashMap<&'a str, &'a WeaponDef>,
}

impl<'a> Lookup<'a> {
    fn new(data: &'a DataSet) -> Self {
        Lookup {
            areas: data.map.areas.iter().map(|a| (a.id.as_str(), a)).collect(),
            personnel: data
                .counters
                .personnel
                .iter()
                .map(|p| (p.id.as_str(), p))
                .collect(),
            weapons: data
                .counters
                .weapons
                .iter()
                .map(|w| (w.id.as_str(), w))
                .collect(),
        }
    }

    fn area(&self, id: &str) -> Result<&'a AreaDef, String> {
        self.areas
            .get(id)
            .copied()
            .ok_or_else(|| format!("unknown area '{id}'"))
    }

    fn personnel(&self, id: &str) -> Result<&'a PersonnelDef, String> {
        match self.personnel.get(id) {
            Some(p) => Ok(p),
            None if self.weapons.contains_key(id) => Err(format!(
                "'{id}' is a weapon: place it with `carrying` on a Personnel unit (2.62)"
            )),
            None => Err(format!("unknown counter '{id}'")),
        }
    }

    fn weapon(&self, id: &str) -> Result<&'a WeaponDef, String> {
        match self.weapons.get(id) {
            Some(w) => Ok(w),
            None if self.personnel.contains_key(id) => Err(format!(
                "'{id}' is Personnel, not a weapon, and cannot be carried"
            )),
            None => Err(format!("unknown weapon counter '{id}'")),
        }
    }
}

/// Counters placed so far, for the totals and stacking.
#[derive(Default)]
struct Tally<'a> {
    placed: HashMap<&'a str, u32>,
    carried: HashMap<&'a str, u32>,
    stacking: HashMap<(&'a str, Side), u32>,
}

fn check_setup(data: &DataSet, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "place");
    let lookup = Lookup::new(data);
    let mut tally = Tally::default();
    for (i, place) in data.setup.place.iter().enumerate() {
        let entry = format!("place {} ({} in area {})", i + 1, place.counter, place.area);
        check_placement(place, &lookup, &mut tally).map_err(|message| at.err(entry, message))?;
    }
    check_totals(data, &tally, at)?;
    let at = At::new(file, "setup");
    for id in &data.setup.setup.ranger_control {
        lookup.area(id).map_err(|m| at.err("ranger_control", m))?;
    }
    Ok(())
}

fn check_placement<'a>(
    place: &Placement,
    lookup: &Lookup<'a>,
    tally: &mut Tally<'a>,
) -> Result<(), String> {
    let area = lookup.area(&place.area)?;
    let unit = lookup.personnel(&place.counter)?;
    let count = u32::from(place.count);
    if count == 0 {
        return Err("count = 0 places nothing; leave the entry out".to_string());
    }
    if place.released_on_turn == Some(0) {
        return Err("released_on_turn = 0: turns are numbered from 1".to_string());
    }
    if area.landing_craft && unit.side != Side::Rangers {
        return Err(format!(
            "{} cannot be placed in Landing Craft box {}: the boxes hold only Rangers",
            unit.side.name(),
            area.id
        ));
    }
    *tally.placed.entry(unit.id.as_str()).or_default() += count;
    if let Some(weapon) = &place.carrying {
        let weapon = lookup.weapon(weapon)?;
        check_carrier(unit, weapon)?;
        *tally.carried.entry(weapon.id.as_str()).or_default() += count;
    }
    if !area.landing_craft {
        let points = tally
            .stacking
            .entry((area.id.as_str(), unit.side))
            .or_default();
        *points += count * u32::from(unit.figures);
        if *points > MAX_STACKING {
            return Err(format!(
                "{} have {points} stacking points in area {}; rule 10.35 allows at most \
                 {MAX_STACKING} per side",
                unit.side.name(),
                area.id
            ));
        }
    }
    Ok(())
}

/// Who may start carrying what (2.61, 2.62).
fn check_carrier(unit: &PersonnelDef, weapon: &WeaponDef) -> Result<(), String> {
    if unit.side != weapon.side {
        // 2.65 captures happen in play; at set-up each side carries its own weapons.
        return Err(format!(
            "{} ({}) cannot begin play carrying {} ({}): weapons start with their own side",
            unit.id,
            unit.side.name(),
            weapon.id,
            weapon.side.name()
        ));
    }
    let single_figure = matches!(
        unit.kind,
        PersonnelKind::Nco | PersonnelKind::Fo | PersonnelKind::BarGunner
    );
    if single_figure && weapon.kind != WeaponKind::ShoulderFired {
        return Err(format!(
            "rule 2.61: {} ({}) may carry only shoulder-fired weapons, not {} ({})",
            unit.id,
            personnel_kind_name(unit.kind),
            weapon.id,
            weapon_kind_name(weapon.kind)
        ));
    }
    if needs_weapons_team(weapon) && unit.kind != PersonnelKind::WeaponsTeam {
        return Err(format!(
            "rule 2.62: {} ({} '{}') must begin play carried by a weapons team, not {} ({})",
            weapon.id,
            weapon_kind_name(weapon.kind),
            weapon.attack,
            unit.id,
            personnel_kind_name(unit.kind)
        ));
    }
    Ok(())
}

/// 2.62: mortars valued '3' and '4' and the '4' machine-guns (MG42s) start on a Weapons Team.
fn needs_weapons_team(weapon: &WeaponDef) -> bool {
    match weapon.kind {
        WeaponKind::LightMortar | WeaponKind::MediumMortar => matches!(weapon.attack, 3 | 4),
        WeaponKind::MachineGun => weapon.attack == 4,
        WeaponKind::ShoulderFired => false,
    }
}

/// 2.7, 3.1: the Set Up Card places every counter of the mix, each once; 2.62: every weapon
/// starts carried.
fn check_totals(data: &DataSet, tally: &Tally, at: At) -> Result<(), DataError> {
    for p in &data.counters.personnel {
        let placed = tally.placed.get(p.id.as_str()).copied().unwrap_or(0);
        if placed != u32::from(p.count) {
            return Err(at.err(
                format!("counter {}", p.id),
                format!(
                    "counter '{}' is placed {placed} times but the counter mix has {}",
                    p.id, p.count
                ),
            ));
        }
    }
    for w in &data.counters.weapons {
        let carried = tally.carried.get(w.id.as_str()).copied().unwrap_or(0);
        if carried != u32::from(w.count) {
            return Err(at.err(
                format!("counter {}", w.id),
                format!(
                    "weapon '{}' is carried {carried} times but the counter mix has {} \
                     (2.62: every weapon begins on top of a Personnel unit)",
                    w.id, w.count
                ),
            ));
        }
    }
    Ok(())
}

fn personnel_kind_name(kind: PersonnelKind) -> &'static str {
    match kind {
        PersonnelKind::Squad => "squad",
        PersonnelKind::WeaponsTeam => "weapons team",
        PersonnelKind::Nco => "NCO",
        PersonnelKind::BarGunner => "BAR gunner",
        PersonnelKind::Fo => "FO",
    }
}

fn weapon_kind_name(kind: WeaponKind) -> &'static str {
    match kind {
        WeaponKind::LightMortar => "light mortar",
        WeaponKind::MediumMortar => "medium mortar",
        WeaponKind::MachineGun => "machine-gun",
        WeaponKind::ShoulderFired => "shoulder-fired weapon",
    }
}

// ------------------------------------------------------------------------- scenario checks

fn check_scenario(data: &DataSet, file: &str) -> Result<(), DataError> {
    let s = &data.scenario;
    let turns = s.scenario.turns;
    if turns == 0 {
        return Err(At::new(file, "scenario").err("turns", "the game needs at least 1 turn"));
    }
    let at = At::new(file, "initiative");
    for (i, m) in s.initiative.modifier.iter().enumerate() {
        if let Some(t) = m.turns.iter().find(|&&t| t == 0 || t > turns) {
            return Err(at.err(
                format!("modifier {}", i + 1),
                format!("turn {t} is not a turn of the game (1 to {turns})"),
            ));
        }
    }
    check_victory(data, file)
}

fn check_victory(data: &DataSet, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "victory");
    let v = &data.scenario.victory;
    let lookup = Lookup::new(data);
    let lists = [
        (
            "german_sudden_death_control",
            &v.german_sudden_death_control,
        ),
        ("ranger_foothold", &v.ranger_foothold),
    ];
    for (key, ids) in lists {
        for id in ids {
            lookup.area(id).map_err(|m| at.err(key, m))?;
        }
    }
    lookup
        .area(&v.guns_area)
        .map_err(|m| at.err("guns_area", m))?;
    let must_hold = lookup
        .area(&v.ranger_must_hold)
        .map_err(|m| at.err("ranger_must_hold", m))?;
    let turns = data.scenario.scenario.turns;
    if v.guns_deadline_turn == 0 || v.guns_deadline_turn > turns {
        return Err(at.err(
            "guns_deadline_turn",
            format!(
                "turn {} is not a turn of the game (1 to {turns})",
                v.guns_deadline_turn
            ),
        ));
    }
    // The end-of-game condition counts Victory Areas (12.1 step 4a: the star emblem).
    if !must_hold.victory {
        return Err(at.err(
            "ranger_must_hold",
            format!(
                "area {} is not a Victory Area (`victory = true`)",
                must_hold.id
            ),
        ));
    }
    let others = data
        .map
        .areas
        .iter()
        .filter(|a| a.victory && a.id != must_hold.id)
        .count();
    if usize::from(v.ranger_other_victory_areas) > others {
        return Err(at.err(
            "ranger_other_victory_areas",
            format!(
                "asks for {} other Victory Areas but the map has {others}",
                v.ranger_other_victory_areas
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one_in_characters() {
        let text = "a = 1\nné = = 2\n";
        assert_eq!(line_col(text, 0), "1:1");
        assert_eq!(line_col(text, text.find('=').unwrap()), "1:3");
        let second = text.rfind("= 2").unwrap();
        assert_eq!(line_col(text, second), "2:6");
    }

    #[test]
    fn char_floor_never_splits_a_character() {
        let text = "né";
        assert_eq!(char_floor(text, 2), 1);
        assert_eq!(char_floor(text, 99), text.len());
    }

    #[test]
    fn enclosing_table_finds_the_header_in_force() {
        let text = "[map]\nsource = 1\n\n[[areas]]\nid = 2\nadjacent = [\n  [\"x\"],\n]\n";
        let pos = text.find("id").unwrap();
        assert_eq!(enclosing_table(text, pos).as_deref(), Some("areas"));
        assert_eq!(enclosing_table(text, 0).as_deref(), Some("map"));
        // An array value on its own line is not a header.
        let pos = text.find("[\"x\"]").unwrap();
        assert_eq!(enclosing_table(text, pos).as_deref(), Some("areas"));
    }

    #[test]
    fn rule_2_62_needs_weapons_team_for_threes_and_fours() {
        let weapon = |kind, attack| WeaponDef {
            id: "w".into(),
            side: Side::Germans,
            kind,
            count: 1,
            attack,
        };
        assert!(needs_weapons_team(&weapon(WeaponKind::MediumMortar, 3)));
        assert!(needs_weapons_team(&weapon(WeaponKind::LightMortar, 4)));
        assert!(!needs_weapons_team(&weapon(WeaponKind::LightMortar, 2)));
        assert!(needs_weapons_team(&weapon(WeaponKind::MachineGun, 4)));
        assert!(!needs_weapons_team(&weapon(WeaponKind::MachineGun, 3)));
        assert!(!needs_weapons_team(&weapon(WeaponKind::ShoulderFired, 4)));
    }
}
