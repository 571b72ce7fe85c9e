//! `--where`: the rows of the odds tables for one battle (or any choice of input values), and
//! those rows as a small table a person reads, instead of a long CSV to search.

use super::table::{input_columns, Cell, Table};
use super::Fraction;
use std::fmt::Write as _;

/// One `column=value` condition of `--where`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    pub column: String,
    pub value: String,
}

/// Parses `column=value` (whitespace around either side ignored).
pub fn condition(text: &str) -> Result<Condition, String> {
    let (column, value) = text
        .split_once('=')
        .ok_or_else(|| format!("--where '{text}': expected column=value"))?;
    let (column, value) = (column.trim(), value.trim());
    if column.is_empty() || value.is_empty() {
        return Err(format!("--where '{text}': expected column=value"));
    }
    Ok(Condition {
        column: column.to_string(),
        value: value.to_string(),
    })
}

/// The tables cut to the cells meeting every condition. Tables without a condition's column
/// are left out. A column no table has, or a value no cell has, is an error naming what
/// there is.
pub fn select(tables: Vec<Table>, conditions: &[Condition]) -> Result<Vec<Table>, String> {
    for (i, c) in conditions.iter().enumerate() {
        if conditions[..i].iter().any(|o| o.column == c.column) {
            return Err(format!(
                "--where gives '{}' twice: one value a column",
                c.column
            ));
        }
    }
    for c in conditions {
        check_column(&tables, c)?;
    }
    let mut kept: Vec<Table> = tables
        .into_iter()
        .filter(|t| {
            conditions
                .iter()
                .all(|c| t.inputs.contains(&c.column.as_str()))
        })
        .collect();
    if kept.is_empty() {
        let columns: Vec<&str> = conditions.iter().map(|c| c.column.as_str()).collect();
        return Err(format!(
            "--where: no table has all of the columns {}",
            columns.join(", ")
        ));
    }
    for c in conditions {
        check_value(&kept, c)?;
        for t in &mut kept {
            let i = t.inputs.iter().position(|&n| n == c.column).unwrap_or(0);
            t.cells.retain(|cell| same_value(&cell.inputs[i], &c.value));
        }
    }
    kept.retain(|t| !t.cells.is_empty());
    if kept.is_empty() {
        let all: Vec<String> = conditions
            .iter()
            .map(|c| format!("{}={}", c.column, c.value))
            .collect();
        return Err(format!(
            "--where {}: no row has all of these",
            all.join(",")
        ));
    }
    Ok(kept)
}

fn check_column(tables: &[Table], c: &Condition) -> Result<(), String> {
    if tables.iter().any(|t| t.inputs.contains(&c.column.as_str())) {
        return Ok(());
    }
    let columns = input_columns(tables);
    Err(format!(
        "--where: no column '{}' (columns: {})",
        c.column,
        columns.join(", ")
    ))
}

/// A cell's value is the one asked for as written, or as the same whole number (`012`,
/// `+12` are 12).
fn same_value(cell: &str, wanted: &str) -> bool {
    let number = |v: &str| v.parse::<i64>().ok();
    cell == wanted || number(cell).is_some_and(|n| number(wanted) == Some(n))
}

fn check_value(tables: &[Table], c: &Condition) -> Result<(), String> {
    let mut values: Vec<&str> = Vec::new();
    for t in tables {
        let i = t.inputs.iter().position(|&n| n == c.column).unwrap_or(0);
        for cell in &t.cells {
            let v = cell.inputs[i].as_str();
            if same_value(v, &c.value) {
                return Ok(());
            }
            if !values.contains(&v) {
                values.push(v);
            }
        }
    }
    Err(format!(
        "--where {}={}: no row has that value (values: {})",
        c.column,
        c.value,
        value_range(&values)
    ))
}

/// The values of a column as a person reads them: a list, or for more than 12 whole numbers
/// their range (`1–30`), or the first 12 and a count of the rest.
fn value_range(values: &[&str]) -> String {
    let numbers: Option<Vec<i64>> = values.iter().map(|v| v.parse().ok()).collect();
    match numbers {
        Some(n) if n.len() > 12 => {
            let (lo, hi) = (n.iter().min().unwrap_or(&0), n.iter().max().unwrap_or(&0));
            format!("{lo}–{hi}")
        }
        _ if values.len() > 12 => {
            format!(
                "{}, … and {} more",
                values[..12].join(", "),
                values.len() - 12
            )
        }
        _ => values.join(", "),
    }
}

/// The cells as small tables, one per input combination: each outcome's probability as a
/// percentage, exactly as a fraction, and, for ordered outcomes, the chance of that or more.
pub fn readable(tables: &[Table]) -> String {
    let mut s = String::new();
    for t in tables {
        for cell in &t.cells {
            write_cell(&mut s, t, cell);
        }
    }
    let _ = write!(s, "{}", narrowing_hint(tables));
    s
}

/// How to narrow a match of several cells: name more columns where a table has several
/// (`--where`), or pick a table where several tables match (`--table`; trial 14b F7: every
/// input named, the two matches were two tables).
fn narrowing_hint(tables: &[Table]) -> String {
    let combinations: usize = tables.iter().map(|t| t.cells.len()).sum();
    let matching: Vec<&str> = tables
        .iter()
        .filter(|t| !t.cells.is_empty())
        .map(|t| t.name)
        .collect();
    if combinations <= 1 {
        String::new()
    } else if combinations == matching.len() {
        format!(
            "{combinations} tables match ({}): --table picks one\n",
            matching.join(", ")
        )
    } else {
        format!("{combinations} input combinations match: name more columns to narrow them\n")
    }
}

fn write_cell(s: &mut String, t: &Table, cell: &Cell) {
    let inputs: Vec<String> = t
        .inputs
        .iter()
        .zip(&cell.inputs)
        .filter(|(_, v)| !v.is_empty())
        .map(|(n, v)| format!("{n} {v}"))
        .collect();
    match inputs.is_empty() {
        true => writeln!(s, "{} {}", t.game, t.name),
        false => writeln!(s, "{} {}: {}", t.game, t.name, inputs.join(", ")),
    }
    .ok();
    // Outcomes of one level (a miss, and a miss on which the gun broke down) share one
    // "this or more": it is printed on the first of them and "as above" on the others.
    let mut previous = None;
    let rows: Vec<[String; 4]> = cell
        .outcomes
        .iter()
        .map(|(o, p)| {
            let more = match o.rank {
                None => String::new(),
                Some(r) if previous == Some(r) => "as above".to_string(),
                Some(r) => percent(cell.p_at_least(r)),
            };
            previous = o.rank;
            [o.shown().to_string(), percent(*p), exact(*p), more]
        })
        .collect();
    let ordered = rows.iter().any(|r| !r[3].is_empty());
    let mut header = ["outcome", "probability", "exact", "this or more"].map(String::from);
    if !ordered {
        header[3].clear();
    }
    let width = |i: usize| {
        let cells = rows.iter().chain([&header]).map(|r| r[i].chars().count());
        cells.max().unwrap_or(0)
    };
    let w = [width(0), width(1), width(2), width(3)];
    for r in std::iter::once(&header).chain(&rows) {
        let line = format!(
            "  {:<a$}  {:>b$}  {:<c$}  {:>d$}",
            r[0],
            r[1],
            r[2],
            r[3],
            a = w[0],
            b = w[1],
            c = w[2],
            d = w[3]
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let _ = writeln!(s, "  ({})", t.provenance);
}

/// The exact fraction where a person can read it; a long one (a chain of many rolls) is left
/// to the CSV.
fn exact(p: Fraction) -> String {
    let text = p.to_string();
    if text.len() <= 17 {
        text
    } else {
        "(see --out CSV)".to_string()
    }
}

/// A probability in percent with two decimals, or with two significant digits of its
/// distance from 0% or 100% where two decimals would print a possible outcome as 0.00% or an
/// uncertain one as 100.00% (trial 12b F5: 7.1e-9 printed as 0.00%).
fn percent(p: Fraction) -> String {
    let x = 100.0 * p.to_f64();
    let tail = x.min(100.0 - x);
    let d = if tail > 0.0 && tail < 0.005 {
        (-tail.log10()).floor() as usize + 2
    } else {
        2
    };
    format!("{x:.d$}%")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Dist, Outcome};

    /// A tiny probability is not printed as 0.00%, nor one just short of certain as 100.00%.
    #[test]
    fn a_tiny_probability_prints_digits_enough_to_show_it() {
        assert_eq!(percent(Fraction::new(1, 4)), "25.00%");
        assert_eq!(percent(Fraction::new(0, 1)), "0.00%");
        assert_eq!(percent(Fraction::new(1, 1)), "100.00%");
        assert_eq!(
            percent(Fraction::new(7_144, 1_000_000_000_000)),
            "0.00000071%"
        );
        let near_one = Fraction::new(999_999_678_511, 1_000_000_000_000);
        assert_eq!(percent(near_one), "99.999968%");
        assert_eq!(percent(Fraction::new(1, 40_000)), "0.0025%");
    }

    /// A table of one input `x` (1–3) whose outcome is a d6 at least `x`.
    fn table(name: &'static str, input: &'static str) -> Table {
        let cells = (1..=3)
            .map(|x| {
                let d = Dist::d6().map(|&f| {
                    let hit = i64::from(f) >= x;
                    Outcome::ordered(if hit { "hit" } else { "miss" }, i64::from(hit))
                });
                Cell::new(vec![x.to_string()], &d)
            })
            .collect();
        Table {
            game: "g",
            name,
            inputs: vec![input],
            provenance: "rulebook 1.1".into(),
            cells,
        }
    }

    fn tables() -> Vec<Table> {
        vec![table("a", "x"), table("b", "y")]
    }

    #[test]
    fn where_keeps_the_matching_cells_of_the_tables_with_that_column() {
        let kept = select(tables(), &[condition("x=2").unwrap()]).unwrap();
        assert_eq!(kept.len(), 1, "table b has no column x");
        assert_eq!(kept[0].cells.len(), 1);
        assert_eq!(kept[0].cells[0].inputs, ["2"]);
        for same in ["02", "+2"] {
            let kept = select(tables(), &[condition(&format!("x={same}")).unwrap()]).unwrap();
            assert_eq!(kept[0].cells[0].inputs, ["2"], "{same} is 2");
        }
    }

    #[test]
    fn where_names_the_columns_and_values_there_are() {
        let err = select(tables(), &[condition("z=1").unwrap()]).unwrap_err();
        assert_eq!(err, "--where: no column 'z' (columns: x, y)");
        let err = select(tables(), &[condition("x=9").unwrap()]).unwrap_err();
        assert_eq!(err, "--where x=9: no row has that value (values: 1, 2, 3)");
        let err = select(
            tables(),
            &[condition("x=1").unwrap(), condition("y=1").unwrap()],
        );
        assert_eq!(
            err.unwrap_err(),
            "--where: no table has all of the columns x, y"
        );
        assert!(condition("x").is_err() && condition("=1").is_err() && condition("x=").is_err());
        let twice = [condition("x=1").unwrap(), condition("x=2").unwrap()];
        assert_eq!(
            select(tables(), &twice).unwrap_err(),
            "--where gives 'x' twice: one value a column"
        );
    }

    /// Trial 14b F7: one cell in each of two tables is two tables to pick from, not input
    /// combinations to narrow; several cells of one table are.
    #[test]
    fn the_hint_after_several_matches_says_how_to_narrow_them() {
        let mut one_each = tables();
        for t in &mut one_each {
            t.cells.truncate(1);
        }
        assert!(readable(&one_each).ends_with("2 tables match (a, b): --table picks one\n"));
        let several = vec![table("a", "x")];
        assert!(readable(&several)
            .ends_with("3 input combinations match: name more columns to narrow them\n"));
        assert!(!readable(&several[..0]).contains("match"));
    }

    #[test]
    fn where_prints_each_outcome_as_a_percentage_a_fraction_and_this_or_more() {
        let kept = select(tables(), &[condition(" x = 3 ").unwrap()]).unwrap();
        let text = readable(&kept);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "g a: x 3");
        assert_eq!(lines[1], "  outcome  probability  exact  this or more");
        assert_eq!(lines[2], "  miss          33.33%  1/3         100.00%");
        assert_eq!(lines[3], "  hit           66.67%  2/3          66.67%");
        assert_eq!(lines[4], "  (rulebook 1.1)");
    }

    #[test]
    fn outcomes_of_one_level_share_one_this_or_more_and_codes_read_as_words() {
        let d = Dist::d6().map(|&f| match f {
            1 => Outcome::ordered("miss; broke down", 0),
            2 | 3 => Outcome::ordered("miss", 0),
            _ => Outcome::ordered("cp1", 1).read_as("1 CP"),
        });
        let table = Table {
            game: "g",
            name: "t",
            inputs: vec![],
            provenance: "rulebook 1.1".into(),
            cells: vec![Cell::new(vec![], &d)],
        };
        let text = readable(&[table]);
        let cells = |line: &str| -> Vec<String> {
            let parts = line.split("  ").map(str::trim).filter(|c| !c.is_empty());
            parts.map(str::to_string).collect()
        };
        let lines: Vec<Vec<String>> = text.lines().map(cells).collect();
        assert_eq!(lines[2], ["miss", "33.33%", "1/3", "100.00%"], "{text}");
        assert_eq!(lines[3], ["miss; broke down", "16.67%", "1/6", "as above"]);
        assert_eq!(lines[4], ["1 CP", "50.00%", "1/2", "50.00%"]);
    }
}
