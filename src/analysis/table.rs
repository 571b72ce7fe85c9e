//! The analysts' tables and their CSV contract (long format, one row per input combination
//! and outcome): `game,table,<input columns>,outcome,probability,fraction,p_at_least,provenance`.
//!
//! Tables of one game may have different inputs: a file holding several has the union of
//! their input columns, blank where a table has no such input. `p_at_least` is
//! P(outcome ≥ this one) for ordered outcomes (casualty points, hits, turns) and blank for the
//! others; `provenance` names the data the numbers rest on (`rulebook 11.1–11.2`, or
//! `reconstructed: initiative`).

use super::dist::Dist;
use super::fraction::Fraction;
use std::io::Write;

/// An outcome as written in the `outcome` column, with its rank where outcomes are ordered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub label: String,
    /// Position in the order of ordered outcomes (CP inflicted); `None` if not ordered.
    pub rank: Option<i64>,
    /// The outcome in words for the readable table, where `label` is a short code for the
    /// CSV (`cp3`: "3 CP"); `None`: the label is already words.
    pub words: Option<String>,
}

impl Outcome {
    pub fn ordered(label: impl Into<String>, rank: i64) -> Outcome {
        Outcome {
            label: label.into(),
            rank: Some(rank),
            words: None,
        }
    }

    pub fn unordered(label: impl Into<String>) -> Outcome {
        Outcome {
            label: label.into(),
            rank: None,
            words: None,
        }
    }

    /// The same outcome, read as `words` in the readable table.
    pub fn read_as(self, words: impl Into<String>) -> Outcome {
        Outcome {
            words: Some(words.into()),
            ..self
        }
    }

    /// What the readable table prints for it.
    pub fn shown(&self) -> &str {
        self.words.as_deref().unwrap_or(&self.label)
    }
}

/// One input combination and its exact outcome distribution.
#[derive(Clone, Debug)]
pub struct Cell {
    pub inputs: Vec<String>,
    pub outcomes: Vec<(Outcome, Fraction)>,
    /// The rules this cell rests on, when narrower than its table's `provenance`.
    pub provenance: Option<String>,
}

impl Cell {
    /// The cell of `inputs` from a distribution of outcomes (impossible outcomes left out).
    pub fn new(inputs: Vec<String>, dist: &Dist<Outcome>) -> Cell {
        let mut outcomes = dist.probabilities();
        outcomes.retain(|(_, p)| !p.is_zero());
        // Ordered outcomes by rank, then the others by name: a fixed order in every cell.
        outcomes.sort_by(|(a, _), (b, _)| {
            (a.rank.is_none(), a.rank, &a.label).cmp(&(b.rank.is_none(), b.rank, &b.label))
        });
        Cell {
            inputs,
            outcomes,
            provenance: None,
        }
    }

    /// P(outcome = `label`).
    pub fn p(&self, label: &str) -> Fraction {
        self.outcomes
            .iter()
            .filter(|(o, _)| o.label == label)
            .map(|p| p.1)
            .sum()
    }

    /// P(an ordered outcome of rank ≥ `rank`).
    pub fn p_at_least(&self, rank: i64) -> Fraction {
        self.outcomes
            .iter()
            .filter(|(o, _)| o.rank.is_some_and(|r| r >= rank))
            .map(|p| p.1)
            .sum()
    }

    /// Σ rank × P over the ordered outcomes (expected CP).
    pub fn expected_rank(&self) -> f64 {
        self.outcomes
            .iter()
            .filter_map(|(o, p)| o.rank.map(|r| r as f64 * p.to_f64()))
            .sum()
    }

    /// The sum of the probabilities (exactly 1 for a well-formed table).
    pub fn total(&self) -> Fraction {
        self.outcomes.iter().map(|p| p.1).sum()
    }

    /// The value of input `name` of `table`.
    pub fn input<'a>(&'a self, table: &Table, name: &str) -> Option<&'a str> {
        let i = table.inputs.iter().position(|&n| n == name)?;
        self.inputs.get(i).map(String::as_str)
    }
}

/// A table: its game, name, input columns, the data it rests on, and its cells.
#[derive(Clone, Debug)]
pub struct Table {
    pub game: &'static str,
    pub name: &'static str,
    pub inputs: Vec<&'static str>,
    pub provenance: String,
    pub cells: Vec<Cell>,
}

impl Table {
    /// The cell whose inputs are `values` (in the table's input order).
    pub fn cell(&self, values: &[&str]) -> Option<&Cell> {
        self.cells
            .iter()
            .find(|c| c.inputs.iter().eq(values.iter()))
    }
}

/// The union of the tables' input columns, in order of first appearance.
pub(crate) fn input_columns(tables: &[Table]) -> Vec<&'static str> {
    let mut cols: Vec<&'static str> = Vec::new();
    for t in tables {
        for &c in &t.inputs {
            if !cols.contains(&c) {
                cols.push(c);
            }
        }
    }
    cols
}

/// Formats a probability as a decimal with 12 places.
pub fn decimal(p: Fraction) -> String {
    format!("{:.12}", p.to_f64())
}

/// Writes the tables as one long-format CSV with a header row.
pub fn write_csv<W: Write>(w: W, tables: &[Table]) -> Result<(), csv::Error> {
    let cols = input_columns(tables);
    let mut out = csv::Writer::from_writer(w);
    let mut header = vec!["game", "table"];
    header.extend(&cols);
    header.extend([
        "outcome",
        "probability",
        "fraction",
        "p_at_least",
        "provenance",
    ]);
    out.write_record(&header)?;
    for t in tables {
        let index: Vec<Option<usize>> = cols
            .iter()
            .map(|c| t.inputs.iter().position(|i| i == c))
            .collect();
        for cell in &t.cells {
            for (o, p) in &cell.outcomes {
                let mut row: Vec<String> = vec![t.game.to_string(), t.name.to_string()];
                row.extend(
                    index
                        .iter()
                        .map(|i| i.map(|i| cell.inputs[i].clone()).unwrap_or_default()),
                );
                row.push(o.label.clone());
                row.push(decimal(*p));
                row.push(p.to_string());
                row.push(
                    o.rank
                        .map(|r| cell.p_at_least(r).to_string())
                        .unwrap_or_default(),
                );
                row.push(
                    cell.provenance
                        .clone()
                        .unwrap_or_else(|| t.provenance.clone()),
                );
                out.write_record(&row)?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_the_union_of_inputs_and_p_at_least_for_ordered_outcomes() {
        let d = Dist::d6().map(|&f| {
            if f > 4 {
                Outcome::ordered(format!("cp{}", f - 4), i64::from(f) - 4)
            } else {
                Outcome::ordered("none", 0)
            }
        });
        let a = Table {
            game: "g",
            name: "a",
            inputs: vec!["x"],
            provenance: "rulebook".into(),
            cells: vec![Cell::new(vec!["1".into()], &d)],
        };
        let b = Table {
            game: "g",
            name: "b",
            inputs: vec!["y"],
            provenance: "rulebook".into(),
            cells: vec![Cell::new(
                vec!["2".into()],
                &Dist::certain(Outcome::unordered("z")),
            )],
        };
        let mut buf = Vec::new();
        write_csv(&mut buf, &[a, b]).unwrap();
        let text = String::from_utf8(buf).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "game,table,x,y,outcome,probability,fraction,p_at_least,provenance"
        );
        assert_eq!(lines[1], "g,a,1,,none,0.666666666667,2/3,1/1,rulebook");
        assert_eq!(lines[2], "g,a,1,,cp1,0.166666666667,1/6,1/3,rulebook");
        assert_eq!(lines[4], "g,b,,2,z,1.000000000000,1/1,,rulebook");
    }
}
