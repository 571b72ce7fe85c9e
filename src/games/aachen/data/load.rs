//! Reading the data tables from the embedded defaults, a directory or one file, with errors
//! that name the file a user must fix.

use super::*;
use crate::engine::data::{check_one_file, read, read_dir, TableSource};

/// Which of the three files a table lives in.
#[derive(Clone, Copy)]
pub(super) enum FileKind {
    Map,
    Counters,
    Charts,
}

/// Where each of the 3 files was read from (indexed by `FileKind`).
/// One table's provenance, for the table of its file.
pub(super) fn table_source<'a>(
    table: &'static str,
    file: FileKind,
    source: &'a str,
    basis: &'a Option<String>,
) -> TableSource<'a> {
    TableSource::new(table, file as usize, source, basis)
}

pub(super) type Origins = crate::engine::data::Origins<3>;

/// All three files' tables in one document, for `--data <file>`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OneFile {
    map: Provenance,
    #[serde(default)]
    layout: Option<Provenance>,
    areas: Vec<AreaDef>,
    american: Provenance,
    americans: Vec<AmericanDef>,
    german: Provenance,
    germans: Vec<GermanDef>,
    random_events: RandomEventChart,
    supply: SupplyTable,
    supply_costs: SupplyCosts,
    bloody_streets: BloodyStreetsTable,
    movement_costs: MovementCosts,
    #[serde(default)]
    morale: MoraleTrack,
    readings: crate::engine::readings::Readings,
}

/// The tables a single data file must hold, and the file each normally lives in.
const ONE_FILE_TABLES: [(&str, &str); 12] = [
    ("map", "map.toml"),
    ("areas", "map.toml"),
    ("american", "counters.toml"),
    ("americans", "counters.toml"),
    ("german", "counters.toml"),
    ("germans", "counters.toml"),
    ("random_events", "charts.toml"),
    ("supply", "charts.toml"),
    ("supply_costs", "charts.toml"),
    ("bloody_streets", "charts.toml"),
    ("movement_costs", "charts.toml"),
    ("readings", "charts.toml"),
];

pub(super) fn load_dir(dir: &Path) -> Result<(DataSet, Origins), DataError> {
    let (texts, files) = read_dir(dir, FILE_NAMES, [MAP_TOML, COUNTERS_TOML, CHARTS_TOML])?;
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
            american: one.american,
            americans: one.americans,
            german: one.german,
            germans: one.germans,
        },
        charts: ChartTables {
            random_events: one.random_events,
            supply: one.supply,
            supply_costs: one.supply_costs,
            bloody_streets: one.bloody_streets,
            movement_costs: one.movement_costs,
            morale: one.morale,
            readings: one.readings,
        },
    };
    Ok((data, Origins::all(&file)))
}
