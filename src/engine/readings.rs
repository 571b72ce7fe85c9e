//! Readings of ambiguous rule text as named options of a game's data: a `[readings]` table
//! whose every entry names the rule, the reading in play (`value`), every reading the engine
//! implements (`alternatives`, the default first) and one line on why the default was chosen.
//! A game declares the readings it implements ([`ReadingSpec`]); loading checks the data
//! against them, so a misspelt name or value is an error rather than a silent default. A
//! designer switches a reading in a `--data` copy or an experiment's `set`.

use super::data::{At, DataError};
use serde::Deserialize;
use std::collections::BTreeMap;

/// One ambiguous passage and the reading in play.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The rule number(s) the passage is in ("11.1", "4.2.1, 9.5.2D").
    pub rule: String,
    /// The reading in play: one of `alternatives`.
    pub value: String,
    /// Every reading the engine implements, the default first.
    pub alternatives: Vec<String>,
    /// Why the default was chosen, in one line.
    pub why: String,
}

/// The `[readings]` table: option name → reading.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Readings(pub BTreeMap<String, Reading>);

/// A reading a game implements: the option's name and its alternatives, the default first.
#[derive(Clone, Copy, Debug)]
pub struct ReadingSpec {
    pub name: &'static str,
    pub alternatives: &'static [&'static str],
}

impl Readings {
    /// Every reading the game implements is present, with exactly its alternatives (default
    /// first) and a value among them; no other is.
    pub fn check(&self, at: At, specs: &[ReadingSpec]) -> Result<(), DataError> {
        for spec in specs {
            let Some(r) = self.0.get(spec.name) else {
                return Err(at.err(spec.name, "missing: the engine implements this reading"));
            };
            if r.alternatives != spec.alternatives {
                return Err(at.err(
                    spec.name,
                    format!(
                        "alternatives must be [{}], the readings the engine implements, the \
                         default first",
                        spec.alternatives.join(", ")
                    ),
                ));
            }
            if !spec.alternatives.contains(&r.value.as_str()) {
                return Err(at.err(
                    spec.name,
                    format!(
                        "value \"{}\" is not one of {}",
                        r.value,
                        spec.alternatives.join(", ")
                    ),
                ));
            }
            if r.rule.trim().is_empty() || r.why.trim().is_empty() {
                return Err(at.err(spec.name, "needs its rule and why the default was chosen"));
            }
        }
        if let Some(name) = self.0.keys().find(|n| specs.iter().all(|s| s.name != *n)) {
            let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
            return Err(at.err(
                name.as_str(),
                format!("not a reading of this game (known: {})", known.join(", ")),
            ));
        }
        Ok(())
    }

    /// The position of `spec`'s value among its alternatives (0: the default). Call after
    /// [`Readings::check`].
    pub fn choice(&self, spec: &ReadingSpec) -> usize {
        let value = self.0.get(spec.name).map_or("", |r| r.value.as_str());
        spec.alternatives
            .iter()
            .position(|a| *a == value)
            .unwrap_or(0)
    }

    /// Whether `spec` reads its alternative `value`.
    pub fn is(&self, spec: &ReadingSpec, value: &str) -> bool {
        debug_assert!(
            spec.alternatives.contains(&value),
            "{value} of {}",
            spec.name
        );
        spec.alternatives[self.choice(spec)] == value
    }

    /// One line per reading for `sandtable games`: name, value, the others, rule and why.
    pub fn lines(&self) -> Vec<String> {
        self.0
            .iter()
            .map(|(name, r)| {
                let others: Vec<&str> = r
                    .alternatives
                    .iter()
                    .map(String::as_str)
                    .filter(|a| *a != r.value)
                    .collect();
                let default = if r.alternatives.first() == Some(&r.value) {
                    " (default)"
                } else {
                    " (not the default)"
                };
                format!(
                    "{name} = \"{}\"{default}, or {} ({}): {}",
                    r.value,
                    others.join(", "),
                    r.rule,
                    r.why
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: ReadingSpec = ReadingSpec {
        name: "dt_c",
        alternatives: &["fresh", "all"],
    };

    fn readings(text: &str) -> Readings {
        toml::from_str(text).expect("valid TOML")
    }

    const GOOD: &str = r#"
        [dt_c]
        rule = "11.1"
        value = "all"
        alternatives = ["fresh", "all"]
        why = "the text names fresh units"
    "#;

    #[test]
    fn a_reading_is_read_by_name_and_checked_against_what_the_engine_implements() {
        let at = At::new("charts.toml", "readings");
        let r = readings(GOOD);
        assert_eq!(r.check(at, &[SPEC]), Ok(()));
        assert_eq!(r.choice(&SPEC), 1);
        assert!(r.is(&SPEC, "all"));
        assert!(r.lines()[0].contains("dt_c = \"all\" (not the default), or fresh (11.1)"));
        let bad = readings(&GOOD.replace("value = \"all\"", "value = \"some\""));
        let e = bad.check(at, &[SPEC]).unwrap_err();
        assert!(
            e.message.contains("\"some\" is not one of fresh, all"),
            "{e}"
        );
        let unknown = readings(&GOOD.replace("[dt_c]", "[dt_x]"));
        assert!(unknown.check(at, &[SPEC]).is_err());
        let reordered = readings(&GOOD.replace("[\"fresh\", \"all\"]", "[\"all\", \"fresh\"]"));
        assert!(
            reordered.check(at, &[SPEC]).is_err(),
            "the default comes first"
        );
    }
}
