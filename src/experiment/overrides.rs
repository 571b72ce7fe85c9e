//! Overrides of data values by path, for an experiment's variants: `scenario.initiative.
//! modifier[0].value = 2` sets the value at that path in `scenario.toml`. The path names a
//! file of the game's data directory (its stem), then keys and array indices. A path that
//! does not exist, or a value of another type than the one it replaces, is an error: an
//! override never adds a table the game would ignore. The edited files are then loaded and
//! validated exactly as a user's `--data` directory.

use std::path::Path;
use toml::{Table, Value};

/// One step of a path: a key of a table or an index into an array.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// Whether two paths name the same value (`modifier[0]` and `modifier[00]`), or one a value
/// inside the other (`charts.morale` and `charts.morale.start`: setting both loses one, trial
/// 18a F1-F2); a path that does not parse names none.
pub fn same_place(a: &str, b: &str) -> bool {
    let (Ok((file_a, a)), Ok((file_b, b))) = (parse_path(a), parse_path(b)) else {
        return false;
    };
    let n = a.len().min(b.len());
    file_a == file_b && a[..n] == b[..n]
}

/// Splits `scenario.initiative.modifier[0].value` into its file stem and its steps.
fn parse_path(path: &str) -> Result<(String, Vec<Step>), String> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let (key, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if key.is_empty() {
            return Err(format!("path '{path}' has an empty key"));
        }
        steps.push(Step::Key(key.to_string()));
        while let Some(r) = rest.strip_prefix('[') {
            let (index, after) = r
                .split_once(']')
                .ok_or_else(|| format!("path '{path}' has an unclosed '['"))?;
            // Digits only: `[+0]` would be a second spelling of `[0]`.
            let i = Some(index)
                .filter(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|i| i.parse().ok())
                .ok_or_else(|| format!("path '{path}': '[{index}]' is not an array index"))?;
            steps.push(Step::Index(i));
            rest = after;
        }
        if !rest.is_empty() {
            return Err(format!("path '{path}': unexpected '{rest}'"));
        }
    }
    match steps.first() {
        Some(Step::Key(file)) if steps.len() > 1 => Ok((file.clone(), steps[1..].to_vec())),
        // Trial 19a F4: TOML reads an unquoted `a.b.c = 1` as nested tables, leaving 'a'.
        _ => Err(format!(
            "path '{path}' must name a file and a value in it (file.table.key); quote a dotted \
             path, as in \"scenario.scenario.turns\" = 6, or TOML splits it into tables"
        )),
    }
}

/// The kind of a TOML value, in words.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a number",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
    }
}

/// `new` in place of `old`, when it is of the same type (an integer may replace a number).
fn same_type(old: &Value, new: &Value) -> Option<Value> {
    match (old, new) {
        (Value::Float(_), Value::Integer(i)) => Some(Value::Float(*i as f64)),
        _ if std::mem::discriminant(old) == std::mem::discriminant(new) => Some(new.clone()),
        _ => None,
    }
}

/// Sets the value at `steps` in `table` (of file `file`) to `new`.
fn set(
    table: &mut Table,
    file: &str,
    steps: &[Step],
    path: &str,
    new: &Value,
) -> Result<(), String> {
    let mut here: &mut Value = table
        .get_mut(match &steps[0] {
            Step::Key(k) => k.as_str(),
            Step::Index(_) => unreachable!("a path starts with a key"),
        })
        .ok_or_else(|| missing(path, file, &steps[0]))?;
    for step in &steps[1..] {
        here = match (step, here) {
            (Step::Key(k), Value::Table(t)) => {
                t.get_mut(k).ok_or_else(|| missing(path, file, step))?
            }
            (Step::Index(i), Value::Array(a)) => {
                let len = a.len();
                a.get_mut(*i).ok_or_else(|| {
                    format!("path '{path}': index {i} is past the end ({len} entries in {file})")
                })?
            }
            // Trial 20a F8: "guns.0" for an entry of an array; the path writes it "guns[0]".
            (Step::Key(k), Value::Array(_)) if k.parse::<usize>().is_ok() => {
                return Err(format!(
                    "path '{path}': '{k}' is looked up in an array: write its entry as [{k}] \
                     after the array's name (name[{k}], not name.{k})"
                ))
            }
            (Step::Key(k), other) => {
                return Err(format!(
                    "path '{path}': '{k}' is looked up in {}, not a table",
                    kind(other)
                ))
            }
            (Step::Index(i), other) => {
                return Err(format!(
                    "path '{path}': [{i}] is looked up in {}, not an array",
                    kind(other)
                ))
            }
        };
    }
    *here = same_type(here, new).ok_or_else(|| match (&*here, new) {
        (Value::Integer(_), Value::Float(_)) => {
            format!(
                "path '{path}' holds a whole number, and {new} is not written as one (a sweep's \
                 values are whole numbers only when its from, to and step all are: step = 1, \
                 not 1.0)"
            )
        }
        _ => format!(
            "path '{path}' holds {}, and {new} is {}",
            kind(here),
            kind(new)
        ),
    })?;
    Ok(())
}

fn missing(path: &str, file: &str, step: &Step) -> String {
    match step {
        Step::Key(k) => format!("path '{path}': there is no '{k}' in {file}"),
        Step::Index(i) => format!("path '{path}': there is no [{i}] in {file}"),
    }
}

/// The game's data files (name, text) with `overrides` applied: the files no override names
/// keep their text; the others are parsed, edited and written back.
pub fn apply(
    files: &[(String, String)],
    overrides: &[(String, Value)],
) -> Result<Vec<(String, String)>, String> {
    let mut edited: Vec<Option<Table>> = vec![None; files.len()];
    for (path, value) in overrides {
        let (stem, steps) = parse_path(path)?;
        let i = files
            .iter()
            .position(|(name, _)| name.strip_suffix(".toml") == Some(&stem))
            .ok_or_else(|| {
                let stems: Vec<&str> = files
                    .iter()
                    .filter_map(|(n, _)| n.strip_suffix(".toml"))
                    .collect();
                format!(
                    "path '{path}': the game has no data file '{stem}' (files: {})",
                    stems.join(", ")
                )
            })?;
        let (name, text) = &files[i];
        if edited[i].is_none() {
            let table: Table = toml::from_str(text)
                .map_err(|e| format!("{name}: {}", crate::engine::data::toml_brief(&e, text)))?;
            edited[i] = Some(table);
        }
        let table = edited[i].as_mut().expect("parsed above");
        set(table, name, &steps, path, value)?;
    }
    files
        .iter()
        .zip(edited)
        .map(|((name, text), table)| match table {
            None => Ok((name.clone(), text.clone())),
            Some(t) => toml::to_string(&t)
                .map(|text| (name.clone(), text))
                .map_err(|e| format!("{name}: cannot write the edited file: {e}")),
        })
        .collect()
}

/// The texts of the game's data files: `dir`'s where it has them, the embedded ones else.
/// `dir` must be a folder: a variant edits files by name, and a single-file `--data` has no
/// names to edit.
pub fn base_files(
    embedded: &[(&str, &str)],
    dir: Option<&Path>,
) -> Result<Vec<(String, String)>, String> {
    if let Some(d) = dir.filter(|d| !d.is_dir()) {
        return Err(format!(
            "data {} is not a folder: variants edit the files of a data folder",
            d.display()
        ));
    }
    embedded
        .iter()
        .map(|&(name, text)| {
            let path = dir.map(|d| d.join(name));
            match path.filter(|p| std::fs::symlink_metadata(p).is_ok()) {
                Some(p) => crate::engine::read::read_text(&p)
                    .map(|t| (name.to_string(), t))
                    .map_err(|e| format!("cannot read {}: {e}", p.display())),
                None => Ok((name.to_string(), text.to_string())),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> Vec<(String, String)> {
        vec![(
            "scenario.toml".to_string(),
            "[initiative]\nmodifier = [{ turn = 2, value = 1 }, { turn = 4, value = 0 }]\n\
             rate = 0.5\nname = \"x\"\n"
                .to_string(),
        )]
    }

    fn get(files: &[(String, String)], path: &[&str]) -> Value {
        let t: Table = toml::from_str(&files[0].1).unwrap();
        let mut v = Value::Table(t);
        for p in path {
            v = match p.parse::<usize>() {
                Ok(i) => v.as_array().unwrap()[i].clone(),
                Err(_) => v.as_table().unwrap()[*p].clone(),
            };
        }
        v
    }

    #[test]
    fn a_value_is_set_by_file_key_and_index() {
        let out = apply(
            &files(),
            &[
                (
                    "scenario.initiative.modifier[1].value".into(),
                    Value::Integer(2),
                ),
                ("scenario.initiative.rate".into(), Value::Integer(1)),
            ],
        )
        .unwrap();
        assert_eq!(
            get(&out, &["initiative", "modifier", "1", "value"]),
            Value::Integer(2)
        );
        assert_eq!(
            get(&out, &["initiative", "modifier", "0", "value"]),
            Value::Integer(1)
        );
        assert_eq!(get(&out, &["initiative", "rate"]), Value::Float(1.0));
    }

    #[test]
    fn a_path_that_does_not_exist_or_a_value_of_another_type_is_an_error() {
        let bad = |path: &str, v: Value| apply(&files(), &[(path.into(), v)]).unwrap_err();
        let i = Value::Integer(1);
        assert!(bad("scenario.initiative.modifer[0].value", i.clone()).contains("no 'modifer'"));
        assert!(bad("scenario.initiative.modifier[5].value", i.clone()).contains("past the end"));
        assert!(bad("setup.units", i.clone()).contains("no data file 'setup'"));
        assert!(bad("scenario.initiative.name", i.clone()).contains("holds a string"));
        assert!(bad("scenario", i.clone()).contains("must name a file and a value"));
        assert!(bad("scenario.initiative.modifier[x]", i.clone()).contains("not an array index"));
        assert!(bad("scenario.initiative.modifier[+0]", i.clone()).contains("not an array index"));
        // An entry written as a key says how to write it (trial 20a F8).
        let e = bad("scenario.initiative.modifier.0.value", i);
        assert!(
            e.contains("'0' is looked up in an array: write its entry as [0]"),
            "{e}"
        );
        let e = bad("scenario.initiative.modifier[0].value", Value::Float(-1.0));
        assert!(
            e.contains("holds a whole number, and -1.0 is not written as one"),
            "{e}"
        );
    }
}
