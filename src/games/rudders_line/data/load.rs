//! Reading the data tables from the embedded defaults, a directory or one file, with errors
//! that name the file a user must fix.

use super::*;
use crate::engine::data::{parse_syntax, read};

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
