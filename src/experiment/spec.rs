//! An experiment's spec (`experiments/<name>.toml`): the game, scenario, bots, number of
//! games and seed, and the variants to compare with the baseline — each a name plus overrides
//! of data values by path — and up to two sweeps, whose grid of values become variants too.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use toml::Value;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// The results folder's name (`results/<name>/`); by default the spec file's stem.
    pub name: Option<String>,
    pub game: String,
    pub scenario: Option<String>,
    /// Bots by acting side (left out: `scripted` for each; an empty list is refused).
    #[serde(default, deserialize_with = "named_bots")]
    pub bots: Vec<String>,
    /// Games per variant: every variant plays the same game seeds (common random numbers).
    pub games: u64,
    /// Any u64, written as text above TOML's integers, as a save writes it.
    #[serde(
        default = "one",
        deserialize_with = "crate::engine::replay::seed_text::deserialize"
    )]
    pub seed: u64,
    /// The data the baseline is, instead of the embedded default (relative to the spec).
    pub data: Option<PathBuf>,
    /// Play batches of 1,000 games until every variant's every side has a 95% half-width of
    /// its win rate at most this (0.01: one point); `games` is then the cap.
    pub precision: Option<f64>,
    #[serde(default, rename = "variant")]
    pub variants: Vec<VariantSpec>,
    #[serde(default)]
    pub sweep: Vec<Axis>,
    /// The spec as written, for the report and for shard files.
    #[serde(skip)]
    pub text: String,
}

fn one() -> u64 {
    1
}

/// `bots = [...]` as written: `bots = []` names no bot, and is not read as "the default".
fn named_bots<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let bots = <Vec<String> as serde::Deserialize>::deserialize(d)?;
    if bots.is_empty() {
        return Err(serde::de::Error::custom(
            "bots = [] names no bot: leave bots out (scripted on each side) or name one a side",
        ));
    }
    Ok(bots)
}

/// `[[variant]]`: a name and the values it sets, or the bots it plays with, or both.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    pub name: String,
    #[serde(default)]
    pub set: toml::Table,
    /// Bots by acting side instead of the spec's (`["mcts-fast@1600", "scripted"]`).
    pub bots: Option<Vec<String>>,
}

/// `[[sweep]]`: one value swept over a list (`values`) or a range (`from`, `to`, `step`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Axis {
    pub path: String,
    /// What the value is, for the chart's axis and the variants' names ("Rangers'
    /// modifier"); by default the end of its path.
    pub label: Option<String>,
    pub values: Option<Vec<Value>>,
    pub from: Option<Value>,
    pub to: Option<Value>,
    pub step: Option<Value>,
}

/// A variant to play: its name, the overrides it applies, and for a sweep cell the value of
/// each axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub name: String,
    pub set: Vec<(String, Value)>,
    pub cell: Vec<Value>,
    /// Its own bots by acting side (`None`: the spec's).
    pub bots: Option<Vec<String>>,
}

/// The most sweep axes (a grid is drawn as a heatmap over two).
const MAX_AXES: usize = 2;
/// The most values of one axis.
const MAX_VALUES: usize = 1000;

impl Spec {
    /// Reads and checks the spec at `path`; errors name the file and the entry.
    pub fn load(path: &Path) -> Result<Spec, String> {
        let text = crate::engine::read::read_text(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Spec::parse(&text, path)
    }

    /// Checks the spec `text` read from `path` (which names it in errors and anchors its
    /// relative `data` path).
    pub fn parse(text: &str, path: &Path) -> Result<Spec, String> {
        let mut spec: Spec = toml::from_str(text).map_err(|e| {
            format!(
                "{}: {}",
                path.display(),
                crate::engine::data::toml_brief(&e, text)
            )
        })?;
        crate::registry::implemented_game(&spec.game)
            .map_err(|e| format!("{}: game: {e}", path.display()))?;
        if spec.games == 0 {
            return Err(format!(
                "{}: games: at least one game is needed",
                path.display()
            ));
        }
        if let Some(p) = spec.precision {
            crate::sim::runner::check_precision(p)
                .map_err(|e| format!("{}: precision: {e}", path.display()))?;
        }
        if spec.sweep.len() > MAX_AXES {
            return Err(format!(
                "{}: sweep: at most {MAX_AXES} values may be swept together",
                path.display()
            ));
        }
        // Files the spec names are found beside it, wherever it is run from.
        let base = path.parent().unwrap_or(Path::new("."));
        if let Some(data) = &spec.data {
            spec.data = Some(base.join(data));
        }
        let anchor = |bots: &mut Vec<String>| {
            for b in bots {
                *b = crate::bots::preset::anchored(b, base);
            }
        };
        anchor(&mut spec.bots);
        spec.variants
            .iter_mut()
            .filter_map(|v| v.bots.as_mut())
            .for_each(anchor);
        // Without a `name`, the file's stem names the folder, checked alike: a spec called
        // `...toml` would otherwise write into the folder above results/ (trial 16a F2).
        let (name, field) = match &spec.name {
            Some(name) => (name.clone(), "name"),
            None => {
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                (
                    stem.unwrap_or_default(),
                    "the file's name (the spec gives no name)",
                )
            }
        };
        check_folder_name(&name).map_err(|e| format!("{}: {field}: {e}", path.display()))?;
        spec.name = Some(name);
        spec.variants()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        spec.text = text.to_string();
        Ok(spec)
    }

    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("experiment")
    }

    /// The sweep's paths, in order: the grid's axes.
    pub fn axes(&self) -> Vec<&str> {
        self.sweep.iter().map(|a| a.path.as_str()).collect()
    }

    /// The axes as the chart and the variants' names say them: each one's `label`, or the
    /// shortest ends of the paths that tell them apart.
    pub fn axis_labels(&self) -> Vec<String> {
        let short = short_labels(&self.axes());
        self.sweep
            .iter()
            .zip(short)
            .map(|(a, s)| a.label.clone().unwrap_or(s))
            .collect()
    }

    /// Every variant to play: the baseline (no override) first, then the named variants,
    /// then the sweep's cells (the first axis varying slowest).
    pub fn variants(&self) -> Result<Vec<Variant>, String> {
        let mut all = vec![Variant {
            name: "baseline".into(),
            set: Vec::new(),
            cell: Vec::new(),
            bots: None,
        }];
        for v in &self.variants {
            if v.set.is_empty() && v.bots.is_none() {
                return Err(format!(
                    "variant '{}': names neither a value to set nor bots to play",
                    v.name
                ));
            }
            let paths: Vec<&String> = v.set.keys().collect();
            if let Some((a, b)) = twice(&paths) {
                return Err(format!(
                    "variant '{}': '{a}' and '{b}' set the same value (or one inside the \
                     other, and one would be lost)",
                    brief(&v.name)
                ));
            }
            all.push(Variant {
                name: v.name.clone(),
                set: v.set.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                cell: Vec::new(),
                bots: v.bots.clone(),
            });
        }
        // A label is a chart's axis title, a few words; in a variant's name "label=value"
        // pairs are joined by ", ", so it holds neither.
        for a in &self.sweep {
            let Some(label) = a.label.as_deref() else {
                continue;
            };
            let n = label.trim().chars().count();
            let unprintable = label.chars().any(crate::engine::data::unprintable);
            if !(1..=60).contains(&n) || label.contains([',', '=']) || unprintable {
                return Err(format!(
                    "sweep '{}': label must be 1 to 60 characters, without ',', '=' or a \
                     control or invisible character",
                    brief(&a.path)
                ));
            }
        }
        let swept: Vec<&String> = self.sweep.iter().map(|a| &a.path).collect();
        if let Some((a, b)) = twice(&swept) {
            return Err(format!(
                "sweep '{b}': the value of '{a}' is swept twice (or one inside the other, and \
                 one would be lost)"
            ));
        }
        let axes: Vec<Vec<Value>> = self
            .sweep
            .iter()
            .map(|a| a.values().map_err(|e| format!("sweep '{}': {e}", a.path)))
            .collect::<Result<_, _>>()?;
        let mut cells: Vec<Vec<Value>> = vec![Vec::new()];
        for values in &axes {
            cells = cells
                .iter()
                .flat_map(|c| {
                    values.iter().map(move |v| {
                        let mut c = c.clone();
                        c.push(v.clone());
                        c
                    })
                })
                .collect();
        }
        if !axes.is_empty() {
            let labels = self.axis_labels();
            for cell in cells {
                let set: Vec<(String, Value)> = self
                    .sweep
                    .iter()
                    .zip(&cell)
                    .map(|(a, v)| (a.path.clone(), v.clone()))
                    .collect();
                let name = labels
                    .iter()
                    .zip(&cell)
                    .map(|(l, v)| format!("{l}={v}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                all.push(Variant {
                    name,
                    set,
                    cell,
                    bots: None,
                });
            }
        }
        let mut names = std::collections::BTreeSet::new();
        for (k, v) in all.iter().enumerate() {
            if !names.insert(v.name.as_str()) {
                return Err(named_twice(v, k, self.variants.len()));
            }
            // A sweep cell's name is made of its label and values: a long value (a scenario
            // name) makes a long name, which the person did not write and cannot shorten.
            let written = (1..=self.variants.len()).contains(&k);
            if !written && v.name.chars().any(crate::engine::data::unprintable) {
                return Err(format!(
                    "sweep: the value in '{}' holds a control or invisible character",
                    brief(&v.name)
                ));
            }
            if written
                && (v.name.is_empty()
                    || v.name.chars().count() > 100
                    || v.name.chars().any(crate::engine::data::unprintable))
            {
                return Err(format!(
                    "variant '{}' ({} characters): a name is 1 to 100 characters, none a \
                     control or invisible character (it heads a column of the report)",
                    brief(&v.name),
                    v.name.chars().count()
                ));
            }
            // A spreadsheet reads a CSV cell starting so as a formula (trial 21a F5).
            if written && v.name.starts_with(['=', '+', '@']) {
                return Err(format!(
                    "variant '{}': a name starting with =, + or @ would be read as a formula by \
                     a spreadsheet opening summary.csv; start it with a letter or digit",
                    brief(&v.name)
                ));
            }
        }
        Ok(all)
    }
}

/// Two of `paths` that name the same value, if any (the first, then the second).
fn twice<'a>(paths: &[&'a String]) -> Option<(&'a str, &'a str)> {
    (0..paths.len()).find_map(|i| {
        let earlier = paths[..i]
            .iter()
            .find(|p| super::overrides::same_place(p, paths[i]));
        earlier.map(|p| (p.as_str(), paths[i].as_str()))
    })
}

/// Why variant `v`, the `k`th (0 the baseline; then the `written` named ones, then the
/// sweep's cells), repeats a name (trial 12a F6: "'baseline' is named twice" of a spec naming
/// it once).
fn named_twice(v: &Variant, k: usize, written: usize) -> String {
    let name = brief(&v.name);
    if k <= written && v.name == "baseline" {
        return "variant 'baseline': the name of the run without changes; give the variant \
                another name"
            .to_string();
    }
    match k > written {
        true => format!("sweep: the cell '{name}' comes twice (a value listed twice?)"),
        false => format!("variant '{name}' is named twice"),
    }
}

/// A name as an error may quote it: its first 60 characters, then "…", control and
/// invisible characters as `U+XXXX`.
fn brief(name: &str) -> String {
    match name.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", crate::engine::data::shown(&name[..at])),
        None => crate::engine::data::shown(name),
    }
}

/// A spec's `name` names its results folder, `results/<name>/`: one plain folder name, so
/// that the results land there and nowhere else.
fn check_folder_name(name: &str) -> Result<(), String> {
    let plain = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' ' | '+' | '@');
    // Trial 19a F7: " lead" made the folder "results/ lead/".
    if name.is_empty()
        || name.chars().count() > 100
        || name.starts_with('.')
        || name.trim() != name
        || !name.chars().all(plain)
    {
        return Err(format!(
            "'{}' is not a plain folder name (1 to 100 letters, digits, spaces and - _ . + @, \
             not starting with a dot or a space nor ending with a space): the results go to \
             results/<name>/",
            brief(name)
        ));
    }
    Ok(())
}

/// The shortest tails of the swept paths, of two keys at least, that tell them apart
/// (`modifier[0].value`), for the grid cells' names.
fn short_labels(paths: &[&str]) -> Vec<String> {
    let parts: Vec<Vec<&str>> = paths.iter().map(|p| p.split('.').collect()).collect();
    let longest = parts.iter().map(Vec::len).max().unwrap_or(1);
    let tail = |p: &Vec<&str>, k: usize| p[p.len().saturating_sub(k)..].join(".");
    let k = (2.min(longest)..=longest)
        .find(|&k| {
            let tails: std::collections::BTreeSet<String> =
                parts.iter().map(|p| tail(p, k)).collect();
            tails.len() == parts.len()
        })
        .unwrap_or(longest);
    parts.iter().map(|p| tail(p, k)).collect()
}

impl Axis {
    /// The swept values: the list, or the range `from..=to` by `step` (default 1).
    fn values(&self) -> Result<Vec<Value>, String> {
        let values = match (&self.values, &self.from, &self.to) {
            (Some(v), None, None) if self.step.is_none() => v.clone(),
            (None, Some(from), Some(to)) => range(from, to, self.step.as_ref())?,
            _ => return Err("give either values = [...] or from, to (and step)".into()),
        };
        if values.is_empty() {
            return Err("the sweep has no values".into());
        }
        if values.len() > MAX_VALUES {
            return Err(format!("more than {MAX_VALUES} values"));
        }
        Ok(values)
    }
}

fn number(v: &Value, what: &str) -> Result<f64, String> {
    match v {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        other => Err(format!("{what} must be a number, not {other}")),
    }
}

/// `from..=to` by `step`: integers if all three are, numbers otherwise.
fn range(from: &Value, to: &Value, step: Option<&Value>) -> Result<Vec<Value>, String> {
    let one = Value::Integer(1);
    let step = step.unwrap_or(&one);
    if let (Value::Integer(a), Value::Integer(b), Value::Integer(s)) = (from, to, step) {
        if *s <= 0 {
            return Err("step must be positive".into());
        }
        if b < a {
            return Err("to is below from".into());
        }
        // In i128: `to - from` of two i64 may not fit an i64.
        let steps = (i128::from(*b) - i128::from(*a)) / i128::from(*s);
        if steps >= MAX_VALUES as i128 {
            return Err(format!("more than {MAX_VALUES} values"));
        }
        let n = steps as i64 + 1;
        return Ok((0..n).map(|k| Value::Integer(a + k * s)).collect());
    }
    let (a, b, s) = (
        number(from, "from")?,
        number(to, "to")?,
        number(step, "step")?,
    );
    if s <= 0.0 || !s.is_finite() {
        return Err("step must be positive".into());
    }
    if !a.is_finite() || !b.is_finite() {
        return Err("from and to must be finite numbers".into());
    }
    if b < a {
        return Err("to is below from".into());
    }
    // Not finite when `to - from` overflows (1e308 - -1e308).
    let steps = ((b - a) / s + 1e-9).floor();
    if !steps.is_finite() || steps >= MAX_VALUES as f64 {
        return Err(format!("more than {MAX_VALUES} values"));
    }
    Ok((0..=steps as usize)
        .map(|k| Value::Float(a + k as f64 * s))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_at_the_limits_of_its_numbers_is_refused_not_wrapped() {
        let int = Value::Integer;
        let float = Value::Float;
        for (from, to, step, reason) in [
            (int(i64::MIN), int(i64::MAX), int(1), "more than"),
            (int(0), int(i64::MAX), int(1), "more than"),
            (float(-1e308), float(1e308), float(1.0), "more than"),
            (float(f64::NAN), float(1.0), float(1.0), "finite"),
            (float(0.0), float(f64::INFINITY), float(1.0), "finite"),
        ] {
            let e = range(&from, &to, Some(&step)).expect_err("refused");
            assert!(e.contains(reason), "{from:?}..{to:?}: {e}");
        }
        let ends = range(&int(i64::MAX - 2), &int(i64::MAX), None).expect("three values");
        assert_eq!(ends.last(), Some(&int(i64::MAX)));
    }

    fn spec(text: &str) -> Result<Vec<Variant>, String> {
        let spec: Spec = toml::from_str(text).map_err(|e| e.to_string())?;
        spec.variants()
    }

    /// `bots = []` names no bot: refused, not read as the default (left out: scripted).
    /// A variant named "baseline" and a sweep's value listed twice say which they are (trial
    /// 12a F6: both were "named twice").
    #[test]
    fn a_variant_named_baseline_and_a_repeated_sweep_value_say_what_they_are() {
        let head = "game = 'rudders-line'\ngames = 5\n";
        let named = format!("{head}[[variant]]\nname = 'baseline'\nbots = ['random']\n");
        let e = spec(&named).unwrap_err();
        assert!(e.contains("the name of the run without changes"), "{e}");
        let swept = format!(
            "{head}[[sweep]]\npath = 'scenario.initiative.modifier[0].value'\nvalues = [1, 1]\n"
        );
        let e = spec(&swept).unwrap_err();
        assert!(
            e.starts_with("sweep: the cell ") && e.contains("comes twice"),
            "{e}"
        );
    }

    /// Any seed `--seed` takes, above TOML's integers written in quotes as a save writes it
    /// (trial 13a F6); a negative one says the range.
    #[test]
    fn a_seed_above_tomls_integers_is_written_in_quotes() {
        let path = Path::new("e.toml");
        let head = "game = 'rudders-line'\ngames = 5\n";
        let spec = Spec::parse(&format!("{head}seed = '18446744073709551615'\n"), path).unwrap();
        assert_eq!(spec.seed, u64::MAX);
        assert_eq!(
            Spec::parse(&format!("{head}seed = 7\n"), path)
                .unwrap()
                .seed,
            7
        );
        let e = Spec::parse(&format!("{head}seed = -1\n"), path).unwrap_err();
        assert!(e.contains("0 to 18446744073709551615"), "{e}");
    }

    #[test]
    fn an_empty_bots_list_is_refused() {
        let path = Path::new("e.toml");
        let e = Spec::parse("game = 'rudders-line'\ngames = 5\nbots = []\n", path).unwrap_err();
        assert!(e.contains("bots = [] names no bot"), "{e}");
        assert!(Spec::parse("game = 'rudders-line'\ngames = 5\n", path).is_ok());
    }

    /// A spec's name is the results folder's: a path, a parent folder, an empty or hidden
    /// name, a line break is refused, so results land in `results/<name>/` and nowhere else.
    #[test]
    fn a_spec_name_is_one_plain_folder_name() {
        let path = Path::new("e.toml");
        for name in [
            "../../outside",
            "/tmp/x",
            "",
            ".hidden",
            "a\nb",
            "a/b",
            " lead",
            "lead ",
        ] {
            let text = format!("game = 'rudders-line'\ngames = 5\nname = {name:?}\n");
            let e = Spec::parse(&text, path).unwrap_err();
            assert!(e.starts_with("e.toml: name:"), "{name:?}: {e}");
        }
        let text = "game = 'rudders-line'\ngames = 5\nname = \"a\\u0007b\"\n";
        let e = Spec::parse(text, path).unwrap_err();
        assert!(e.contains("'aU+0007b' is not a plain folder name"), "{e}");
        let text = "game = 'rudders-line'\ngames = 5\nname = 'German +2, v1.5'\n";
        assert!(Spec::parse(text, path).is_err(), "a comma is not plain");
        let text = "game = 'rudders-line'\ngames = 5\nname = 'German plus 2 v1.5'\n";
        assert!(Spec::parse(text, path).is_ok());
    }

    /// Without a `name` the file's stem names the folder, and is checked as a name is: a
    /// spec called `...toml` would write into the folder above results/ (trial 16a F2).
    #[test]
    fn a_spec_without_a_name_is_named_by_a_plain_file_stem() {
        let text = "game = 'rudders-line'\ngames = 5\n";
        for file in ["...toml", "..toml", ".toml", "a\tb.toml"] {
            let e = Spec::parse(text, Path::new(file)).unwrap_err();
            assert!(
                e.contains("the file's name") && e.contains("plain folder name"),
                "{e}"
            );
        }
        let spec = Spec::parse(text, Path::new("dir/my-run.toml")).unwrap();
        assert_eq!(spec.name(), "my-run");
    }

    #[test]
    fn the_baseline_comes_first_then_variants_then_the_grid() {
        let v = spec(
            "game = 'g'\ngames = 5\n[[variant]]\nname = 'a'\nset = { 'x.y' = 1 }\n\
             [[sweep]]\npath = 'x.y'\nfrom = 0\nto = 2\n[[sweep]]\npath = 'x.z'\nvalues = [true, false]\n",
        )
        .unwrap();
        let names: Vec<&str> = v.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names[..2], ["baseline", "a"]);
        assert_eq!(names.len(), 2 + 3 * 2);
        assert_eq!(names[2], "x.y=0, x.z=true");
        assert_eq!(names[7], "x.y=2, x.z=false");
        assert_eq!(
            short_labels(&["s.m[0].value", "s.m[1].value"]),
            ["m[0].value", "m[1].value"]
        );
        // A sweep's label names it in the variants (and on the chart's axis); one of
        // 61 characters is refused.
        let labelled =
            "game = 'g'\ngames = 5\n[[sweep]]\npath = 'x.y'\nlabel = 'Rangers'\nfrom = 0\nto = 1\n";
        let v = spec(labelled).unwrap();
        assert_eq!(v[1].name, "Rangers=0");
        let long = labelled.replace("'Rangers'", &format!("'{}'", "x".repeat(61)));
        let e = spec(&long).unwrap_err();
        assert!(e.contains("label must be 1 to 60 characters"), "{e}");
        let comma = labelled.replace("'Rangers'", "'Rangers, turns 2-3'");
        assert!(spec(&comma).unwrap_err().contains("without ',', '='"));
        let bell = labelled.replace("'Rangers'", "\"a\\u0007b\"");
        let e = spec(&bell).unwrap_err();
        assert!(
            e.contains("sweep 'x.y': label must be") && e.contains("control"),
            "{e}"
        );
        // A name a spreadsheet would read as a formula (trial 21a F5).
        let e =
            spec("game = 'g'\ngames = 5\n[[variant]]\nname = '=SUM(1,2)'\nset = { 'x.y' = 1 }\n")
                .unwrap_err();
        assert!(e.contains("would be read as a formula"), "{e}");
        // A long swept value makes a long name the person did not write: it is played.
        let value = "N".repeat(95);
        let long_value = format!(
            "game = 'g'\ngames = 5\n[[sweep]]\npath = 'x.name'\nvalues = ['A', '{value}']\n"
        );
        assert_eq!(spec(&long_value).unwrap().len(), 3);
    }

    #[test]
    fn an_empty_sweep_or_a_duplicate_name_is_an_error() {
        let e = spec("game = 'g'\ngames = 5\n[[sweep]]\npath = 'x.y'\nvalues = []\n").unwrap_err();
        assert!(e.contains("sweep 'x.y': the sweep has no values"), "{e}");
        let e =
            spec("game = 'g'\ngames = 5\n[[sweep]]\npath = 'x.y'\nfrom = 3\nto = 1\n").unwrap_err();
        assert!(e.contains("to is below from"), "{e}");
        let e =
            spec("game = 'g'\ngames = 5\n[[variant]]\nname = 'baseline'\nset = { 'x.y' = 1 }\n")
                .unwrap_err();
        assert!(e.contains("the name of the run without changes"), "{e}");
        let two = "[[variant]]\nname = 'a'\nset = { 'x.y' = 1 }\n";
        let e = spec(&format!("game = 'g'\ngames = 5\n{two}{two}")).unwrap_err();
        assert!(e.contains("variant 'a' is named twice"), "{e}");
        let e =
            spec("game = 'g'\ngames = 5\n[[variant]]\nname = \"a\\u0007b\"\nset = { 'x.y' = 1 }\n")
                .unwrap_err();
        assert!(e.contains("variant 'aU+0007b' (3 characters)"), "{e}");
    }

    /// Two sweeps of one value, or one variant setting a value under two spellings, would
    /// run games that differ from what their labels say (one value silently wins).
    #[test]
    fn a_value_swept_twice_or_set_twice_by_a_variant_is_an_error() {
        let sweep = |a: &str, b: &str| {
            spec(&format!(
                "game = 'g'\ngames = 5\n[[sweep]]\npath = '{a}'\nvalues = [1, 2]\n\
                 [[sweep]]\npath = '{b}'\nvalues = [0, 3]\n"
            ))
        };
        let e = sweep("s.m[0].value", "s.m[0].value").unwrap_err();
        assert!(
            e.contains("sweep 's.m[0].value'") && e.contains("swept twice"),
            "{e}"
        );
        let e = sweep("s.m[0].value", "s.m[00].value").unwrap_err();
        assert!(e.contains("swept twice"), "{e}");
        assert!(sweep("s.m[0].value", "s.m[1].value").is_ok());
        // One inside the other (trial 18a F1): the inner value's labels would be false.
        let e = sweep("c.morale.start", "c.morale").unwrap_err();
        assert!(e.contains("swept twice (or one inside the other"), "{e}");
        assert!(sweep("c.morale.start", "c.morale_x").is_ok());
        let e = spec(
            "game = 'g'\ngames = 5\n[[variant]]\nname = 'v'\n\
             set = { 'c.morale' = { start = 14 }, 'c.morale.start' = 15 }\n",
        )
        .unwrap_err();
        assert!(
            e.contains("set the same value (or one inside the other"),
            "{e}"
        );
        let e = spec(
            "game = 'g'\ngames = 5\n[[variant]]\nname = 'v'\n\
             set = { 's.m[0].value' = 1, 's.m[00].value' = 2 }\n",
        )
        .unwrap_err();
        assert!(
            e.contains("variant 'v'") && e.contains("set the same value"),
            "{e}"
        );
    }

    /// A preset file a spec names is found beside the spec, as its `data` is, wherever the
    /// experiment is run from (from elsewhere, a file of the same name there was played).
    #[test]
    fn a_preset_file_named_by_a_spec_is_found_beside_the_spec() {
        let text = "game = 'rudders-line'\ngames = 5\nbots = ['mine.toml@300', 'scripted']\n\
                    [[variant]]\nname = 'v'\nbots = ['sub/theirs.toml', 'random']\n";
        let s = Spec::parse(text, Path::new("specs/x.toml")).unwrap();
        assert_eq!(s.bots, ["specs/mine.toml@300", "scripted"]);
        let v = s.variants.first().and_then(|v| v.bots.clone()).unwrap();
        assert_eq!(v, ["specs/sub/theirs.toml", "random"]);
    }

    #[test]
    fn an_over_long_variant_name_is_quoted_short() {
        let name = "n".repeat(5000);
        let e = spec(&format!(
            "game = 'g'\ngames = 5\n[[variant]]\nname = '{name}'\nset = {{ 'x.y' = 1 }}\n"
        ))
        .unwrap_err();
        assert!(e.contains("5000 characters") && e.len() < 300, "{e}");
    }
}
