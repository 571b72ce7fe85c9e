//! Reading the data tables from the embedded defaults, a directory or one file, with errors
//! that name the file a user must fix.

use super::*;
use crate::engine::data::{parse_syntax, read};

/// Which of the three files a table lives in.
#[derive(Clone, Copy)]
pub(super) enum FileKind {
    Map,
    Counters,
    Charts,
}

/// The name each file was read from ("embedded map.toml", "mydata/map.toml", ...), so that an
/// error names the file the user must fix.
pub(super) struct Origins(pub(super) [String; 3]);

impl Origins {
    pub(super) fn embedded() -> Self {
        Origins(FILE_NAMES.map(|name| format!("embedded {name}")))
    }

    pub(super) fn all(file: &str) -> Self {
        Origins(FILE_NAMES.map(|_| file.to_string()))
    }

    pub(super) fn get(&self, kind: FileKind) -> &str {
        &self.0[kind as usize]
    }
}

/// One table's provenance and the file it lives in.
pub(super) struct TableSource<'a> {
    pub(super) table: &'static str,
    pub(super) file: FileKind,
    pub(super) source: &'a str,
    pub(super) basis: Option<&'a str>,
}

impl<'a> TableSource<'a> {
    pub(super) fn new(
        table: &'static str,
        file: FileKind,
        source: &'a str,
        basis: &'a Option<String>,
    ) -> Self {
        TableSource {
            table,
            file,
            source,
            basis: basis.as_deref(),
        }
    }
}

/// All three files' tables in one document, for `--data <file>`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OneFile {
    map: Provenance,
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
}

/// The tables a single data file must hold, and the file each normally lives in.
const ONE_FILE_TABLES: [(&str, &str); 11] = [
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
];

pub(super) fn load_dir(dir: &Path) -> Result<(DataSet, Origins), DataError> {
    let mut files = Origins::embedded();
    let mut texts: [Option<String>; 3] = Default::default();
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
    let embedded = [MAP_TOML, COUNTERS_TOML, CHARTS_TOML];
    let chosen = std::array::from_fn(|i| texts[i].as_deref().unwrap_or(embedded[i]));
    let data = DataSet::parse_files(chosen, &files)?;
    Ok((data, files))
}

pub(super) fn load_file(path: &Path) -> Result<(DataSet, Origins), DataError> {
    let file = path.display().to_string();
    let text = read(path)?;
    let doc = parse_syntax(&text, &file)?;
    // Say plainly which table is missing: a lone map.toml given as a file is a likely mistake.
    if let Some((table, home)) = ONE_FILE_TABLES.iter().find(|(t, _)| !doc.contains_key(*t)) {
        return Err(At::new(&file, table).err(
            "-",
            format!(
                "missing; a single data file holds the tables of all three files (this one \
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
        },
    };
    Ok((data, Origins::all(&file)))
}
