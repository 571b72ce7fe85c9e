//! Reading the data tables from the embedded defaults, a directory or one file, with errors
//! that name the file a user must fix.

use super::*;
use crate::engine::data::{check_one_file, read, read_dir, TableSource};

/// Which of the four files a table lives in.
#[derive(Clone, Copy)]
pub(super) enum FileKind {
    Map,
    Counters,
    Setup,
    Scenario,
}

/// Where each of the 4 files was read from (indexed by `FileKind`).
/// One table's provenance, for the table of its file.
pub(super) fn table_source<'a>(
    table: &'static str,
    file: FileKind,
    source: &'a str,
    basis: &'a Option<String>,
) -> TableSource<'a> {
    TableSource::new(table, file as usize, source, basis)
}

pub(super) type Origins = crate::engine::data::Origins<4>;

/// All four files' tables in one document, for `--data <file>`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OneFile {
    pub(super) map: Provenance,
    #[serde(default)]
    pub(super) layout: Option<Provenance>,
    pub(super) areas: Vec<AreaDef>,
    pub(super) counters: Provenance,
    pub(super) personnel: Vec<PersonnelDef>,
    pub(super) weapons: Vec<WeaponDef>,
    pub(super) setup: SetupHeader,
    pub(super) place: Vec<Placement>,
    pub(super) scenario: ScenarioHeader,
    pub(super) artillery: Artillery,
    pub(super) initiative: InitiativeRules,
    pub(super) victory: VictoryConditions,
    pub(super) readings: crate::engine::readings::Readings,
}

/// The tables a single data file must hold, and the file each normally lives in.
const ONE_FILE_TABLES: [(&str, &str); 12] = [
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
    ("readings", "scenario.toml"),
];

pub(super) fn load_dir(dir: &Path) -> Result<(DataSet, Origins), DataError> {
    let (texts, files) = read_dir(
        dir,
        FILE_NAMES,
        [MAP_TOML, COUNTERS_TOML, SETUP_TOML, SCENARIO_TOML],
    )?;
    let data = DataSet::parse_files(texts.each_ref().map(String::as_str), &files)?;
    Ok((data, files))
}

pub(super) fn load_file(path: &Path) -> Result<(DataSet, Origins), DataError> {
    let file = path.display().to_string();
    let text = read(path)?;
    check_one_file(&text, &file, &ONE_FILE_TABLES)?;
    let one: OneFile = parse(&text, &file)?;
    let data = DataSet {
        map: MapTables {
            map: one.map,
            layout: one.layout,
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
            readings: one.readings,
        },
    };
    Ok((data, Origins::all(&file)))
}
