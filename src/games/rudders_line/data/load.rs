//! Reading the data tables from the embedded defaults, a directory or one file, with errors
//! that name the file a user must fix.

use super::*;
use serde::de::DeserializeOwned;

/// Which of the four files a table lives in.
#[derive(Clone, Copy)]
pub(super) enum FileKind {
    Map,
    Counters,
    Setup,
    Scenario,
}

/// The name each file was read from ("embedded map.toml", "mydata/map.toml", ...), so that an
/// error names the file the user must fix.
pub(super) struct Origins(pub(super) [String; 4]);

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
pub(super) struct At<'a> {
    pub(super) file: &'a str,
    pub(super) table: &'a str,
}

impl<'a> At<'a> {
    pub(super) fn new(file: &'a str, table: &'a str) -> Self {
        At { file, table }
    }

    pub(super) fn err(self, entry: impl Into<String>, message: impl Into<String>) -> DataError {
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
pub(super) struct OneFile {
    pub(super) map: Provenance,
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

pub(super) fn load_dir(dir: &Path) -> Result<(DataSet, Origins), DataError> {
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

pub(super) fn load_file(path: &Path) -> Result<(DataSet, Origins), DataError> {
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

pub(super) fn read(path: &Path) -> Result<String, DataError> {
    std::fs::read_to_string(path).map_err(|e| io_error(path, &e))
}

pub(super) fn io_error(path: &Path, e: &std::io::Error) -> DataError {
    At::new(&path.display().to_string(), "data").err("path", format!("cannot read: {e}"))
}

/// Parses a document, reporting TOML syntax errors (table "syntax") apart from schema errors
/// (a missing or unknown field, a wrong type), which name the table they occur in.
pub(super) fn parse<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    parse_syntax(text, file)?;
    toml::from_str(text).map_err(|e| toml_error(&e, text, file, false))
}

pub(super) fn parse_syntax(text: &str, file: &str) -> Result<toml::Table, DataError> {
    text.parse::<toml::Table>()
        .map_err(|e| toml_error(&e, text, file, true))
}

pub(super) fn toml_error(e: &toml::de::Error, text: &str, file: &str, syntax: bool) -> DataError {
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
pub(super) fn char_floor(text: &str, pos: usize) -> usize {
    let mut p = pos.min(text.len());
    while !text.is_char_boundary(p) {
        p -= 1;
    }
    p
}

/// "line:column", both from 1, of a byte offset.
pub(super) fn line_col(text: &str, pos: usize) -> String {
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("{line}:{column}")
}

/// The `[table]` or `[[table]]` header in force at `pos`.
pub(super) fn enclosing_table(text: &str, pos: usize) -> Option<String> {
    let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
    text[..line_end].lines().rev().find_map(table_header)
}

pub(super) fn table_header(line: &str) -> Option<String> {
    let inner = line.trim_start().strip_prefix('[')?;
    let inner = inner.strip_prefix('[').unwrap_or(inner);
    let name = inner.split(']').next()?.trim();
    let is_key = |c: char| c.is_ascii_alphanumeric() || "_-.".contains(c);
    (!name.is_empty() && name.chars().all(is_key)).then(|| name.to_string())
}

/// The toml crate names the key path only in its Display output ("in `a.b`"), when it has
/// no position.
pub(super) fn key_path(e: &toml::de::Error) -> Option<String> {
    e.to_string().lines().find_map(|line| {
        let path = line.trim().strip_prefix("in `")?.strip_suffix('`')?;
        Some(path.to_string())
    })
}

// ------------------------------------------------------------------------- map checks
