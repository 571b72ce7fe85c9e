//! Reading the three data files from the embedded defaults, a `--data` directory or one file
//! holding all their tables, with errors that name the file, the table and the entry.

use super::*;
use crate::engine::data::{check_provenances, parse, parse_syntax, read, read_dir, At, Origins};
use std::path::Path;

const CHARTS_TOML: &str = include_str!("charts.toml");
const COUNTERS_TOML: &str = include_str!("counters.toml");
const SCENARIO_TOML: &str = include_str!("scenario.toml");
const FILE_NAMES: [&str; 3] = ["charts.toml", "counters.toml", "scenario.toml"];

/// The files of a `--data` directory, each with its embedded default.
pub const DATA_FILES: [(&str, &str); 3] = [
    ("charts.toml", CHARTS_TOML),
    ("counters.toml", COUNTERS_TOML),
    ("scenario.toml", SCENARIO_TOML),
];

/// The top-level tables of each file, for a single `--data` file.
const TABLES: [&[&str]; 3] = [
    &[
        "sequence_of_play",
        "infantry_fire_table",
        "terrain",
        "fire",
        "morale",
        "to_hit",
        "close_combat",
    ],
    &[
        "infantry",
        "leaders",
        "support_weapons",
        "guns",
        "vehicles",
        "at_guns",
    ],
    &["scenario", "rules", "board", "setup"],
];

/// Loads the embedded data, a directory (any of the three files; the others embedded) or one
/// file holding every table. Returns the data and where each file was read from.
pub fn load(data: Option<&Path>) -> Result<(DataSet, Origins<3>), DataError> {
    let (texts, origins) = match data {
        None => (
            [CHARTS_TOML, COUNTERS_TOML, SCENARIO_TOML].map(str::to_string),
            Origins::embedded(FILE_NAMES),
        ),
        Some(dir) if dir.is_dir() => read_dir(dir, FILE_NAMES, DATA_FILES.map(|(_, t)| t))?,
        Some(file) => return load_file(file),
    };
    let set = DataSet {
        charts: parse(&texts[0], origins.get(0))?,
        counters: parse(&texts[1], origins.get(1))?,
        scenario: parse(&texts[2], origins.get(2))?,
    };
    check_provenances(&set.sources(), &origins)?;
    Ok((set, origins))
}

/// One file holding the tables of all three: split by table and parsed as each file.
fn load_file(path: &Path) -> Result<(DataSet, Origins<3>), DataError> {
    let file = path.display().to_string();
    let text = read(path)?;
    let doc = parse_syntax(&text, &file)?;
    let mut parts: [toml::Table; 3] = Default::default();
    for (key, value) in doc {
        let Some(i) = TABLES.iter().position(|t| t.contains(&key.as_str())) else {
            return Err(At::new(&file, &key).err("-", "unknown table"));
        };
        parts[i].insert(key, value);
    }
    for (i, tables) in TABLES.iter().enumerate() {
        if let Some(t) = tables.iter().find(|t| !parts[i].contains_key(**t)) {
            return Err(At::new(&file, t).err(
                "-",
                format!(
                    "missing; a single data file holds the tables of all three files (this one \
                     belongs in {}); to replace only some files, give a directory",
                    FILE_NAMES[i]
                ),
            ));
        }
    }
    let [charts, counters, scenario] = parts.map(|t| t.to_string());
    let set = DataSet {
        charts: parse(&charts, &file)?,
        counters: parse(&counters, &file)?,
        scenario: parse(&scenario, &file)?,
    };
    let origins = Origins::all(&file);
    check_provenances(&set.sources(), &origins)?;
    Ok((set, origins))
}
