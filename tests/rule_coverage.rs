//! The rule-coverage index, `results/rule-coverage.md`: every numbered case of every
//! implemented rulebook (`src/games/<game>/rule_cases.txt`) with the tests named after it
//! (`rule_7_33_…`, `rule_9_5_2d_…`, `rule_6_5_and_3_2_…`), or the reason it has none
//! (flavour, not implemented, data only); a tested case's "partly implemented" or "procedure
//! only" note follows its tests. This test fails when the checked-in index differs
//! from what the code's tests give, so it cannot go stale; regenerate it with
//!
//!     SANDTABLE_UPDATE_COVERAGE=1 cargo test --test rule_coverage

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A game's rulebook and where its tests live: its folder under `src/games/` and the words
/// in the names of its files under `tests/`.
struct Book {
    title: &'static str,
    rulebook: &'static str,
    dir: &'static str,
    test_files: &'static [&'static str],
}

const BOOKS: [Book; 4] = [
    Book {
        title: "Rudder's Line",
        rulebook: "rudders-line.txt",
        dir: "rudders_line",
        test_files: &["rudders_line"],
    },
    Book {
        title: "Cities of the Damned: Aachen",
        rulebook: "cities-of-the-damned-aachen.txt",
        dir: "aachen",
        test_files: &["aachen"],
    },
    Book {
        title: "Crossing the Line: Aachen 1944",
        rulebook: "crossing-the-line-aachen-1944.txt",
        dir: "crossing_the_line",
        test_files: &["crossing_the_line", "ctl_"],
    },
    Book {
        title: "Cross of Iron",
        rulebook: "cross-of-iron.txt",
        dir: "cross_of_iron",
        test_files: &["cross_of_iron"],
    },
];

const INDEX: &str = "results/rule-coverage.md";
/// The notes a tested case's line may carry and the index shows after its tests.
const PARTIAL: [&str; 2] = ["partly implemented", "procedure only"];

/// One case of a rulebook: its number (lower case, as tests name it), its title and the
/// reason no test applies, if any.
struct Case {
    number: String,
    title: String,
    reason: Option<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn cases(book: &Book) -> Vec<Case> {
    let path = root()
        .join("src/games")
        .join(book.dir)
        .join("rule_cases.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (number, rest) = line.split_once(' ').unwrap_or((line, ""));
            let (title, reason) = match rest.rsplit_once(" [") {
                Some((t, r)) if r.ends_with(']') => (t, Some(r.trim_end_matches(']').to_string())),
                _ => (rest, None),
            };
            Case {
                number: number.to_lowercase(),
                title: title.trim().to_string(),
                reason,
            }
        })
        .collect()
}

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The names of the rule tests of `book`: `fn rule_…` in its game folder and its files under
/// `tests/`.
fn rule_tests(book: &Book) -> BTreeSet<String> {
    let mut files = Vec::new();
    sources(&root().join("src/games").join(book.dir), &mut files);
    let mut shared = Vec::new();
    sources(&root().join("tests"), &mut shared);
    files.extend(shared.into_iter().filter(|p| {
        let name = p
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into());
        book.test_files.iter().any(|w| name.contains(w))
    }));
    let mut names = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for part in text.split("fn rule_").skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            names.insert(format!("rule_{name}"));
        }
    }
    names
}

/// The case numbers a test's name carries: `rule_9_5_2d_x` → 9.5.2d; a number after an
/// `and` names another when it has two parts or more (`rule_8_1_4_x_and_8_1_5_y`) or the
/// `and` follows a case number (`rule_91_and_95_x`); the other words, numbers included
/// (`…_on_turns_6_and_7`), are its description.
fn numbers(test: &str) -> Vec<String> {
    let tokens: Vec<&str> = test.trim_start_matches("rule_").split('_').collect();
    let mut out = Vec::new();
    let (mut i, mut after_case) = (0, None);
    while i < tokens.len() {
        let (number, next) = number_at(&tokens, i);
        let joined =
            i > 0 && tokens[i - 1] == "and" && (number.contains('.') || after_case == Some(i - 1));
        if !number.is_empty() && (i == 0 || joined) {
            out.push(number);
            after_case = Some(next);
            i = next;
        } else {
            i += 1;
        }
    }
    out
}

/// The number spelt by the tokens from `i` (digits, the last perhaps with one letter), and
/// the index after it; empty if `tokens[i]` is not a number.
fn number_at(tokens: &[&str], mut i: usize) -> (String, usize) {
    let mut parts: Vec<&str> = Vec::new();
    while let Some(t) = tokens.get(i) {
        let digits = t.trim_end_matches(|c: char| c.is_ascii_lowercase());
        let letters = t.len() - digits.len();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || letters > 1 {
            break;
        }
        parts.push(t);
        i += 1;
        if letters == 1 {
            break;
        }
    }
    (parts.join("."), i)
}

/// Whether a test of case `t` covers case `c`: the same case, or one of its sub-cases.
fn covers(t: &str, c: &str) -> bool {
    t == c
        || t.strip_prefix(c).is_some_and(|rest| {
            rest.starts_with('.') || rest.starts_with(|x: char| x.is_ascii_lowercase())
        })
}

/// The listed case a test of case `t` belongs to: the deepest one covering it (a test of
/// 9.5.2d goes to 9.5.2D if listed, else to 9.5.2, else to 9.5).
fn deepest_case<'a>(cases: &'a [Case], t: &str) -> Option<&'a String> {
    cases
        .iter()
        .map(|c| &c.number)
        .filter(|c| covers(t, c))
        .max_by_key(|c| c.len())
}

fn render() -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Rule coverage\n");
    let _ = writeln!(
        md,
        "Every numbered case of each rulebook (`src/games/<game>/rule_cases.txt`) with the tests \
         named after it, or the reason no test applies. Generated by \
         `SANDTABLE_UPDATE_COVERAGE=1 cargo test --test rule_coverage`; the same test, run in CI, \
         fails when this file is out of date.\n"
    );
    let mut summary = String::new();
    let mut body = String::new();
    for book in &BOOKS {
        let tests = rule_tests(book);
        let cases = cases(book);
        let (mut covered, mut reasoned, mut open) = (0, 0, 0);
        let _ = writeln!(body, "## {} (`{}`)\n", book.title, book.rulebook);
        let _ = writeln!(body, "| case | title | tests |");
        let _ = writeln!(body, "|---|---|---|");
        for case in &cases {
            let names: Vec<&str> = tests
                .iter()
                .filter(|t| {
                    let deepest = |n: &String| deepest_case(&cases, n) == Some(&case.number);
                    numbers(t).iter().any(deepest)
                })
                .map(String::as_str)
                .collect();
            let cell = match (&case.reason, names.is_empty()) {
                (reason, false) => {
                    covered += 1;
                    let tests = names
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ");
                    // A tested case's "partly implemented" or "procedure only" note says what
                    // of it is not in play, so the index does not read as all of it played.
                    match reason {
                        Some(r) if PARTIAL.iter().any(|p| r.starts_with(p)) => {
                            format!("{tests} — {r}")
                        }
                        _ => tests,
                    }
                }
                (Some(r), true) => {
                    reasoned += 1;
                    format!("— {r}")
                }
                (None, true) => {
                    open += 1;
                    "**no test**".to_string()
                }
            };
            let _ = writeln!(body, "| {} | {} | {cell} |", case.number, case.title);
        }
        let _ = writeln!(body);
        let _ = writeln!(
            summary,
            "| {} | {} | {covered} | {reasoned} | {open} |",
            book.title,
            cases.len()
        );
    }
    let _ = writeln!(
        md,
        "| rulebook | cases | tested | no test: a reason | no test yet |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|");
    md.push_str(&summary);
    md.push('\n');
    md.push_str(&body);
    md
}

#[test]
fn a_test_name_carries_its_case_numbers() {
    assert_eq!(numbers("rule_7_33_interdiction"), ["7.33"]);
    assert_eq!(
        numbers("rule_9_5_2d_and_4_2_1_combined_arms"),
        ["9.5.2d", "4.2.1"]
    );
    assert_eq!(numbers("rule_11_1c_spent_supporters"), ["11.1c"]);
    assert_eq!(numbers("rule_7_3_3_ambig_23_german_leg"), ["7.3.3"]);
    assert_eq!(numbers("rule_9_a_us_unit"), ["9"]);
    assert_eq!(
        numbers("rule_8_1_4_units_recover_and_8_1_5_isolated_ones_and_two"),
        ["8.1.4", "8.1.5"]
    );
    assert_eq!(numbers("rule_91_and_95_switched_off"), ["91", "95"]);
    assert_eq!(
        numbers("rule_8_5_2_comes_back_on_turns_6_and_7_whole"),
        ["8.5.2"]
    );
    assert_eq!(numbers("rule_5_3_2_loses_1_support_and_1_fal"), ["5.3.2"]);
    assert!(covers("9.5.2d", "9.5.2") && covers("8.5.1", "8.5") && !covers("7.33", "7.3"));
}

#[test]
fn the_rule_coverage_index_is_current() {
    let index = render();
    let path = root().join(INDEX);
    if std::env::var_os("SANDTABLE_UPDATE_COVERAGE").is_some() {
        sandtable::engine::write::write_whole(&path, index.as_bytes()).expect("write the index");
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == index,
        "{INDEX} is out of date: run `SANDTABLE_UPDATE_COVERAGE=1 cargo test --test rule_coverage`"
    );
}
