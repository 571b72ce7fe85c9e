//! The game-independent half of every game's data tables: provenance labels, the error that
//! names the file, table and entry a user must fix, and reading and parsing TOML with errors
//! that point at a line and column. Each game defines its own schema and checks on top.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::path::Path;

/// Where a table's values come from.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// `"rulebook 2.6"` for values from the text, `"reconstructed"` otherwise.
    pub source: String,
    /// What a reconstruction rests on (required when `source = "reconstructed"`).
    #[serde(default)]
    pub basis: Option<String>,
}

impl Provenance {
    pub fn is_reconstructed(&self) -> bool {
        self.source == "reconstructed"
    }
}

/// A problem in a data file: which file, which table, which entry, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: [{table}] {entry}: {message}")]
pub struct DataError {
    pub file: String,
    pub table: String,
    pub entry: String,
    pub message: String,
}

/// Where a check is looking: the file and the table, for the error.
#[derive(Clone, Copy, Debug)]
pub struct At<'a> {
    pub file: &'a str,
    pub table: &'a str,
}

impl<'a> At<'a> {
    pub fn new(file: &'a str, table: &'a str) -> Self {
        At { file, table }
    }

    pub fn err(self, entry: impl Into<String>, message: impl Into<String>) -> DataError {
        let entry = entry.into();
        DataError {
            file: self.file.to_string(),
            table: self.table.to_string(),
            // An entry named by an id left empty still shows where the error is.
            entry: match entry.trim().is_empty() {
                true => "(an entry with an empty name)".to_string(),
                false => cut_long_words(&entry),
            },
            message: cut_long_words(&message.into()),
        }
    }
}

/// Design rule 3: every table says where its values come from, and a reconstruction says
/// what it rests on.
pub fn check_provenance(at: At, source: &str, basis: Option<&str>) -> Result<(), DataError> {
    if source.trim().is_empty() {
        return Err(at.err(
            "source",
            "`source` is empty: give \"rulebook N.N\" or \"reconstructed\"",
        ));
    }
    // Anything else ("Reconstructed", "made up") would pass as the published game's values
    // and drop out of every note that results rest on a reconstruction.
    if source != "reconstructed" && !source.starts_with("rulebook") {
        return Err(at.err(
            "source",
            format!(
                "`source = \"{}\"`: give \"rulebook N.N\" (the text's values) or \
                 \"reconstructed\" (with a basis), in lower case",
                shown(source)
            ),
        ));
    }
    let has_basis = basis.is_some_and(|b| !b.trim().is_empty());
    if source == "reconstructed" && !has_basis {
        return Err(at.err(
            "basis",
            "a reconstructed table needs a one-line `basis` saying what it rests on",
        ));
    }
    Ok(())
}

// ------------------------------------------------------------------------- identity

/// The identity of a loaded data set: 16 hex digits of a 64-bit FNV-1a hash of its `Debug`
/// form, so the same tables give the same identity however they were written (embedded, a
/// directory, one file, other comments or order of keys), and any changed value another.
///
/// The data must print the same in every run: ordered maps (`BTreeMap`), never `HashMap`,
/// whose order changes from process to process.
pub fn identity(data: &impl std::fmt::Debug) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in format!("{data:?}").bytes() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

// ------------------------------------------------------------------------- ranges

/// The range a numeric data field may take, and what it rests on: the rule that gives it, or
/// (where the rules print none) the arithmetic of the engine that reads it.
#[derive(Clone, Copy, Debug)]
pub struct Limit<T> {
    pub lo: T,
    pub hi: T,
    pub basis: &'static str,
}

impl<T: PartialOrd + std::fmt::Display + Copy> Limit<T> {
    /// "tem 10 is out of range 0–9 (basis)" for a value outside.
    pub fn check(&self, field: &str, value: T) -> Result<(), String> {
        if (self.lo..=self.hi).contains(&value) {
            return Ok(());
        }
        Err(format!(
            "{field} {value} is out of range {}–{} ({})",
            self.lo, self.hi, self.basis
        ))
    }

    /// [`check`](Limit::check), as the error of `entry` in `at`'s file and table.
    pub fn check_at(&self, at: At, entry: &str, field: &str, value: T) -> Result<(), DataError> {
        self.check(field, value).map_err(|m| at.err(entry, m))
    }
}

/// The index of the first item of `items` equal to an earlier one (a list that names an entry
/// twice), if any.
pub fn first_repeat<T: PartialEq>(items: &[T]) -> Option<usize> {
    (1..items.len()).find(|&i| items[..i].contains(&items[i]))
}

/// The places' names (id, name) are each given and each different (ignoring case and the
/// spaces around them): the screen names a place by it, and two alike could not be told apart.
pub fn check_place_names<K: std::fmt::Display>(
    places: &[(&K, &str)],
    at: At,
) -> Result<(), DataError> {
    let plain = |name: &str| name.trim().to_lowercase();
    for (i, &(id, name)) in places.iter().enumerate() {
        let entry = || format!("area {id}");
        if name.trim().is_empty() {
            return Err(at.err(
                entry(),
                "the name is empty: the screen names the area by it",
            ));
        }
        check_name("name", name).map_err(|message| at.err(entry(), message))?;
        if let Some((other, _)) = places[..i].iter().find(|(_, n)| plain(n) == plain(name)) {
            return Err(at.err(
                entry(),
                format!("the name '{name}' is area {other}'s too: each area needs its own"),
            ));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------- fixed arrays

/// A fixed-size array in a data file (`rows = [10, 56]`), refusing a longer list: serde reads
/// an array's N elements and the TOML reader does not look for more, so `[10, 56, -1]` would
/// load with the `-1` dropped unread. Use with `#[serde(deserialize_with = "exact")]`.
pub fn exact<'de, D, T, const N: usize>(d: D) -> Result<[T; N], D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    array_of(Vec::<T>::deserialize(d)?)
}

/// [`exact`] for an optional field (`#[serde(default, deserialize_with = "exact_option")]`).
pub fn exact_option<'de, D, T, const N: usize>(d: D) -> Result<Option<[T; N]>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<Vec<T>>::deserialize(d)?.map(array_of).transpose()
}

/// [`exact`] for each element of a list (`odds = [[1, 4], [1, 3]]`).
pub fn exact_each<'de, D, T, const N: usize>(d: D) -> Result<Vec<[T; N]>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Vec::<Vec<T>>::deserialize(d)?
        .into_iter()
        .map(array_of)
        .collect()
}

fn array_of<E: serde::de::Error, T, const N: usize>(items: Vec<T>) -> Result<[T; N], E> {
    let n = items.len();
    items
        .try_into()
        .map_err(|_| E::invalid_length(n, &format!("an array of length {N}").as_str()))
}

// ------------------------------------------------------------------------- reading

pub fn read(path: &Path) -> Result<String, DataError> {
    super::read::read_text(path).map_err(|e| io_error(path, &e))
}

pub fn io_error(path: &Path, e: &std::io::Error) -> DataError {
    At::new(&path.display().to_string(), "data").err("path", format!("cannot read: {e}"))
}

/// Parses a document, reporting TOML syntax errors (table "syntax") apart from schema errors
/// (a missing or unknown field, a wrong type), which name the table they occur in.
pub fn parse<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    // Read once: only a document that fails is read again, to tell syntax from schema (a
    // whole game's data is ~100 KB of TOML, and loading is mostly parsing).
    let parsed = toml::from_str(text).map_err(|e| match text.parse::<toml::Table>() {
        Err(syntax) => match past_integers(&syntax, text) {
            Some(span) => beyond_integers::<T>(text, file, &syntax, span),
            None => toml_error(&syntax, text, file, true),
        },
        Ok(_) => toml_error(&e, text, file, false),
    })?;
    // TOML takes a C0 control character only escaped (`\u0001`) or in a multi-line string,
    // and a C1 one or an invisible one as it is, so a document with none of these is not
    // walked again.
    let walk = text.contains('\\') || text.contains("\"\"\"") || text.contains("'''");
    if walk || text.chars().any(unprintable) {
        check_printable(&parse_syntax(text, file)?, file)?;
    }
    Ok(parsed)
}

/// The span of a whole number past TOML's integers (−2^63 to 2^63 − 1), which the parser
/// refuses before any entry reads it; `None` for any other error.
fn past_integers(e: &toml::de::Error, text: &str) -> Option<std::ops::Range<usize>> {
    let message = e.message();
    let past = message.contains("number too large") || message.contains("number too small");
    // The parser's span may hold the number's first character only: the number is the run
    // of characters a TOML integer is written with.
    let start = char_floor(text, e.span().filter(|_| past)?.start);
    let written = |c: char| c.is_ascii_alphanumeric() || "+-_".contains(c);
    let len = text[start..]
        .find(|c: char| !written(c))
        .unwrap_or(text.len() - start);
    Some(start..start + len)
}

/// "18446744073709551616 is past TOML's integers (…)": the number written at `span`.
fn past_text(text: &str, span: std::ops::Range<usize>) -> String {
    let written = short_number(text[span].trim());
    format!("{written} is past TOML's integers (-2^63 to 2^63 − 1)")
}

/// A number past TOML's integers told as a value error of its entry, with the table, the key
/// and what the entry takes (trial 14a F1: it was "[syntax] 12:9" alone): the entry is read
/// again with TOML's nearest integer in its place, and its own error, if any, gives the range.
fn beyond_integers<T: DeserializeOwned>(
    text: &str,
    file: &str,
    syntax: &toml::de::Error,
    span: std::ops::Range<usize>,
) -> DataError {
    let nearest = match text[span.clone()].trim_start().starts_with('-') {
        true => i64::MIN.to_string(),
        false => i64::MAX.to_string(),
    };
    let past = past_text(text, span.clone());
    let again = format!("{}{nearest}{}", &text[..span.start], &text[span.end..]);
    let mut error = match toml::from_str::<T>(&again) {
        Err(e) if e.span().is_some_and(|s| s.start == span.start) => {
            toml_error(&e, &again, file, false)
        }
        _ => toml_error(syntax, text, file, false),
    };
    error.message = match error.message.split_once(", expected ") {
        Some((_, expected)) => format!("{past}; expected {expected}"),
        None => past,
    };
    error
}

/// Every text of a data file prints as itself: a control character (a NUL, an escape
/// sequence, a line break in a name) would be drawn into the board's SVG, which no longer
/// reads as XML, or sent raw to the terminal; an invisible formatting character would hide
/// in a name or reorder the line it is printed in.
fn check_printable(doc: &toml::Table, file: &str) -> Result<(), DataError> {
    for (key, value) in doc {
        let mut path = Vec::new();
        let found = key.chars().find(|&c| unprintable(c));
        if let Some(c) = found.or_else(|| control_in(value, &mut path)) {
            let key = shown(key);
            let table = if path.is_empty() { "top level" } else { &key };
            let entry = match path.is_empty() {
                true => key.clone(),
                false => path.iter().map(|p| shown(p)).collect::<Vec<_>>().join(" "),
            };
            return Err(At::new(file, table).err(
                entry,
                format!(
                    "a control or invisible formatting character (U+{:04X}) in a text; write \
                     printable characters only",
                    u32::from(c)
                ),
            ));
        }
    }
    Ok(())
}

/// `text` with each word longer than 60 characters (a pasted blob as an id) cut to its first
/// 40 and a count, so that an error stays one readable line; a path (with a `/`) is kept
/// whole, as the reader needs all of it.
pub fn cut_long_words(text: &str) -> String {
    const LONG: usize = 60;
    if text.len() <= LONG {
        return text.to_string();
    }
    let words = text.split(' ').map(|word| {
        let n = word.chars().count();
        match n > LONG && !word.contains(['/', '\\']) {
            true => format!(
                "{}… ({n} characters)",
                word.chars().take(40).collect::<String>()
            ),
            false => word.to_string(),
        }
    });
    words.collect::<Vec<_>>().join(" ")
}

/// A key or name as it may be printed: its control and invisible formatting characters as
/// `U+XXXX`.
pub fn shown(key: &str) -> String {
    key.chars()
        .map(|c| match unprintable(c) {
            true => format!("U+{:04X}", u32::from(c)),
            false => c.to_string(),
        })
        .collect()
}

/// A control character, or an invisible formatting one.
pub fn unprintable(c: char) -> bool {
    c.is_control() || invisible(c)
}

/// A control character TOML's text may not hold as it is (a tab and line ends it may).
fn control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// Unicode's Default_Ignorable_Code_Point (zero-width spaces and joiners, direction marks and
/// overrides, word joiners, fillers, selectors, tags, the byte order mark) and the interlinear
/// annotations: printed, they show nothing, or reorder the text around them.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' // soft hyphen
            | '\u{034F}' // combining grapheme joiner (trial 12a F4)
            | '\u{061C}' // Arabic letter mark
            | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
            | '\u{17B4}' | '\u{17B5}' // Khmer inherent vowels
            | '\u{180B}'..='\u{180F}' // Mongolian selectors and vowel separator
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}' | '\u{2029}' // line and paragraph separators
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}' // word joiner, invisible operators, deprecated formats
            | '\u{FE00}'..='\u{FE0F}' // variation selectors
            | '\u{FEFF}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{FFF9}'..='\u{FFFB}' // interlinear annotation
            | '\u{1BCA0}'..='\u{1BCA3}' // shorthand format controls
            | '\u{1D173}'..='\u{1D17A}' // musical formatting
            | '\u{E0000}'..='\u{E0FFF}' // tags, variation selectors supplement
    )
}

/// The first control or invisible formatting character in `value`'s texts, with the path to
/// it in `path` (an array's element by its `id` or `name` where it has one, else by its place
/// from 1).
fn control_in(value: &toml::Value, path: &mut Vec<String>) -> Option<char> {
    match value {
        toml::Value::String(s) => s.chars().find(|&c| unprintable(c)),
        toml::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            let name = ["id", "name"]
                .iter()
                .find_map(|k| item.get(k).and_then(toml::Value::as_str))
                .filter(|n| !n.chars().any(unprintable))
                .map_or_else(|| format!("entry {}", i + 1), str::to_string);
            path.push(name);
            let found = control_in(item, path);
            if found.is_none() {
                path.pop();
            }
            found
        }),
        toml::Value::Table(t) => t.iter().find_map(|(k, v)| {
            path.push(k.clone());
            let found = k
                .chars()
                .find(|&c| unprintable(c))
                .or_else(|| control_in(v, path));
            if found.is_none() {
                path.pop();
            }
            found
        }),
        _ => None,
    }
}

/// Parses a document as a plain TOML table, reporting only syntax errors.
pub fn parse_syntax(text: &str, file: &str) -> Result<toml::Table, DataError> {
    text.parse::<toml::Table>()
        .map_err(|e| toml_error(&e, text, file, true))
}

/// A TOML error as a [`DataError`]: the entry is the "line:column" of the error, the table the
/// one in force there ("syntax" for a syntax error, "top level" outside every table).
pub fn toml_error(e: &toml::de::Error, text: &str, file: &str, syntax: bool) -> DataError {
    let pos = e.span().map(|span| char_floor(text, span.start));
    // A schema error outside every table (a missing top-level table) is the file's.
    let table = if syntax {
        "syntax".to_string()
    } else {
        pos.and_then(|p| enclosing_table(text, p))
            .or_else(|| key_path(e))
            .unwrap_or_else(|| "top level".to_string())
    };
    let entry = match pos {
        None => "?".to_string(),
        Some(p) if syntax => line_col(text, p),
        Some(p) => match (key_at(text, p), inline_key_at(text, p)) {
            (Some(key), Some(inner)) => format!("{inner} (in {key}, {})", line_col(text, p)),
            (Some(key), None) | (None, Some(key)) => format!("{key} ({})", line_col(text, p)),
            (None, None) => line_col(text, p),
        },
    };
    DataError {
        file: file.to_string(),
        table,
        entry,
        message: toml_reason(e, text),
    }
}

/// The key written on the line of `pos` (`rangers.x` of `rangers.x = 8`), to name the entry
/// beside its position; `None` on a line without one (inside a list that goes on over lines)
/// or with a key that is not plain words.
fn key_at(text: &str, pos: usize) -> Option<&str> {
    let start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next()?;
    let key = line.split_once('=')?.0.trim();
    let plain = |c: char| c.is_alphanumeric() || "_-. ".contains(c);
    (!key.is_empty() && key.len() <= 60 && key.chars().all(plain)).then_some(key)
}

/// The key of an inline table's value at `pos` (`attack` of `units = [{ id = "a", attack = 300 }]`),
/// so that the entry names its field, not only its line (trial 15a F3); `None` where the
/// value at `pos` is the line's own.
fn inline_key_at(text: &str, pos: usize) -> Option<&str> {
    let start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let before = text[start..pos].trim_end().strip_suffix('=')?;
    let is_key = |c: char| c.is_alphanumeric() || "_-".contains(c);
    let key_start = before
        .trim_end()
        .rfind(|c: char| !is_key(c))
        .map_or(0, |i| i + 1);
    let key = before.trim_end()[key_start..].trim();
    // Inside an inline table the key follows its opening brace or a comma.
    let opens = before[..key_start].trim_end().ends_with(['{', ',']);
    (opens && !key.is_empty()).then_some(key)
}

/// Where and why `text` is not valid TOML for its reader, in one line that does not echo
/// the file's text ("line 3, column 7: invalid type …").
pub fn toml_brief(e: &toml::de::Error, text: &str) -> String {
    // A number past TOML's integers: the key it was written to and what it is (trial 14a F1).
    let past = past_integers(e, text).map(|span| {
        let key = key_at(text, span.start).map_or(String::new(), |k| format!(" ({k})"));
        (key, past_text(text, span))
    });
    if let (Some((key, reason)), Some(place)) = (past, toml_place(e, text)) {
        return format!("{place}{key}: {reason}");
    }
    let reason = toml_reason(e, text);
    match toml_place(e, text) {
        Some(place) => format!("{place}: {reason}"),
        None => reason,
    }
}

/// Where error `e` is in `text`: "line 3, column 7" (`line_col` in words).
pub fn toml_place(e: &toml::de::Error, text: &str) -> Option<String> {
    let span = e.span()?;
    Some(format!(
        "line {}",
        line_col(text, char_floor(text, span.start)).replacen(':', ", column ", 1)
    ))
}

/// The parser's reason for error `e` in `text`, on one line; it gives none for some errors (a
/// value missing at the end of a cut-short file), which then get a plain one.
pub fn toml_reason(e: &toml::de::Error, text: &str) -> String {
    let reason = plain_types(
        &e.message()
            .split_whitespace()
            .map(short_number)
            .collect::<Vec<_>>()
            .join(" "),
    );
    let pos = e.span().map(|span| char_floor(text, span.start));
    // A control character where the parser stopped is told as what it is, not as the
    // "invalid key" or "invalid string" it breaks (trial 15a F3).
    if let Some(c) = pos
        .and_then(|p| text[p..].chars().next())
        .filter(|c| control(*c))
    {
        let nul = if c == '\0' { ", a NUL byte" } else { "" };
        return format!(
            "a control character (U+{:04X}{nul}), which TOML takes only escaped in a string",
            u32::from(c)
        );
    }
    // The parser reads a TOML date as a map: a person wrote a date, not a table.
    let date = pos.is_some_and(|p| text[p..].starts_with(|c: char| c.is_ascii_digit()));
    let reason = match date {
        true => reason.replacen("invalid type: a table", "invalid type: a date", 1),
        false => reason,
    };
    match reason.is_empty() {
        false => reason,
        true if pos.is_some_and(|p| text[p..].trim().is_empty()) => {
            "the file ends in the middle of an entry (cut short?)".to_string()
        }
        true => "not valid TOML here".to_string(),
    }
}

/// A parser's message with Rust's type names in words: "expected u16" is "expected a whole
/// number from 0 to 65535", "number too large to fit in target type" says which way.
fn plain_types(reason: &str) -> String {
    const WORDS: [(&str, &str); 17] = [
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u16", "expected a whole number from 0 to 65535"),
        (
            "expected u32",
            "expected a whole number from 0 to 4294967295",
        ),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected i8", "expected a whole number from -128 to 127"),
        (
            "expected i16",
            "expected a whole number from -32768 to 32767",
        ),
        ("expected i32", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected f32", "expected a number"),
        ("expected f64", "expected a number"),
        ("expected a sequence", "expected a list [ … ]"),
        ("expected a map", "expected a table"),
        ("invalid type: map", "invalid type: a table"),
        ("invalid type: sequence", "invalid type: a list"),
        (
            "number too large to fit in target type",
            "the number is larger than this entry allows",
        ),
        (
            "number too small to fit in target type",
            "the number is smaller than this entry allows",
        ),
    ];
    let mut text = reason.to_string();
    for (from, to) in WORDS {
        // Whole words only: "expected u8" is not the start of "expected u80".
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find(from) {
            let after = &rest[at + from.len()..];
            let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric());
            out.push_str(&rest[..at]);
            out.push_str(if whole { to } else { from });
            rest = after;
        }
        out.push_str(rest);
        text = out;
    }
    // "expected struct Replay": the type's name means nothing to the reader.
    match text.split_once("expected struct ") {
        Some((head, tail)) => {
            let rest = tail.split_once(' ').map_or("", |(_, r)| r);
            format!("{head}expected a table {rest}")
                .trim_end()
                .to_string()
        }
        None => text,
    }
}

/// A word of a parser's message with a long run of digits (`1e300` shown as 301 digits) cut
/// to its first twelve digits and a count, so the line stays readable.
fn short_number(word: &str) -> std::borrow::Cow<'_, str> {
    let digits = word.chars().filter(char::is_ascii_digit).count();
    if digits <= 24 {
        return word.into();
    }
    let start = word.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
    let end = word
        .rfind(|c: char| c.is_ascii_digit())
        .map_or(word.len(), |e| e + 1);
    let head: String = word[start..end].chars().take(12).collect();
    // What follows the digits stays: a closing quote beside them, punctuation after the count.
    let tail = &word[end..];
    let (close, punct) = tail.split_at(tail.find(|c| !"`'\")]".contains(c)).unwrap_or(tail.len()));
    format!("{}{head}…{close} ({digits} digits){punct}", &word[..start]).into()
}

/// The largest char boundary at or before `pos`, so that slicing never panics.
pub fn char_floor(text: &str, pos: usize) -> usize {
    let mut p = pos.min(text.len());
    while !text.is_char_boundary(p) {
        p -= 1;
    }
    p
}

/// "line:column", both from 1, of a byte offset.
pub fn line_col(text: &str, pos: usize) -> String {
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("{line}:{column}")
}

/// The `[table]` or `[[table]]` header in force at `pos`.
pub fn enclosing_table(text: &str, pos: usize) -> Option<String> {
    let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
    text[..line_end].lines().rev().find_map(table_header)
}

/// The name in a `[table]` or `[[table]]` header line.
pub fn table_header(line: &str) -> Option<String> {
    let inner = line.trim_start().strip_prefix('[')?;
    let (inner, close) = match inner.strip_prefix('[') {
        Some(inner) => (inner, "]]"),
        None => (inner, "]"),
    };
    let (name, rest) = inner.split_once(close)?;
    // Nothing but a comment after the header (an array value on its own line has a comma).
    let rest = rest.trim();
    if !(rest.is_empty() || rest.starts_with('#')) {
        return None;
    }
    let name = name.trim();
    // Each dotted part bare or quoted (`["infantry"]`, `[a."b c"]`), the quotes dropped.
    let part = |p: &str| {
        let p = p.trim();
        let quoted = ['"', '\'']
            .iter()
            .find_map(|&q| p.strip_prefix(q)?.strip_suffix(q));
        let is_key = |c: char| c.is_ascii_alphanumeric() || "_-".contains(c);
        match quoted {
            Some(q) if !q.contains(['"', '\'', '.']) => Some(q.to_string()),
            Some(_) => None,
            None => (!p.is_empty() && p.chars().all(is_key)).then(|| p.to_string()),
        }
    };
    let parts: Option<Vec<String>> = name.split('.').map(part).collect();
    parts.filter(|p| !p.is_empty()).map(|p| p.join("."))
}

/// The toml crate names the key path only in its Display output ("in `a.b`"), when it has
/// no position.
pub fn key_path(e: &toml::de::Error) -> Option<String> {
    e.to_string().lines().find_map(|line| {
        let path = line.trim().strip_prefix("in `")?.strip_suffix('`')?;
        Some(path.to_string())
    })
}

// ------------------------------------------------------------ a game's set of data files

/// The name each of a game's `N` data files was read from ("embedded map.toml",
/// "mydata/map.toml", ...), so that an error names the file the user must fix.
pub struct Origins<const N: usize>(pub [String; N]);

impl<const N: usize> Origins<N> {
    pub fn embedded(names: [&str; N]) -> Self {
        Origins(names.map(|name| format!("embedded {name}")))
    }

    /// Every table read from one file.
    pub fn all(file: &str) -> Self {
        Origins(std::array::from_fn(|_| file.to_string()))
    }

    pub fn get(&self, file: usize) -> &str {
        &self.0[file]
    }
}

/// One table's provenance and the index of the file it lives in.
pub struct TableSource<'a> {
    pub table: &'static str,
    pub file: usize,
    pub source: &'a str,
    pub basis: Option<&'a str>,
}

impl<'a> TableSource<'a> {
    pub fn new(
        table: &'static str,
        file: usize,
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

/// Design rule 3: every table says where its values come from.
pub fn check_provenances<const N: usize>(
    tables: &[TableSource],
    files: &Origins<N>,
) -> Result<(), DataError> {
    for t in tables {
        check_provenance(At::new(files.get(t.file), t.table), t.source, t.basis)?;
    }
    Ok(())
}

/// The tables that are reconstructions rather than the published game's values, with their
/// basis: (table name, basis).
pub fn reconstructed(tables: &[TableSource]) -> Vec<(&'static str, String)> {
    tables
        .iter()
        .filter(|t| t.source == "reconstructed")
        .map(|t| (t.table, t.basis.unwrap_or_default().to_string()))
        .collect()
}

/// The tables the rulebook prints (`source = "rulebook …"` in the embedded data) whose values
/// a data file changes, as "charts.toml [morale] (rulebook)": a designer's change, which the
/// run says rather than passing it off as the published game (trial 21a F3, 22a F3). The
/// `basis` may differ. `given` holds the texts read (a single data file is given for each).
pub fn rulebook_changes(embedded: &[(&str, &str)], given: &[(&str, &str)]) -> Vec<String> {
    let mut changed = Vec::new();
    for (&(name, text), &(_, edited)) in embedded.iter().zip(given) {
        let (Ok(printed), Ok(edited)) =
            (text.parse::<toml::Table>(), edited.parse::<toml::Table>())
        else {
            continue;
        };
        let mut path = Vec::new();
        printed_tables(&printed, &mut path, &mut |path, table| {
            let found = path.iter().try_fold(&edited, |t, key| {
                t.get(*key).and_then(toml::Value::as_table)
            });
            let without_basis = |t: &toml::Table| {
                let mut t = t.clone();
                t.remove("basis");
                t
            };
            if found.map(without_basis) != Some(without_basis(table)) {
                let source = table
                    .get("source")
                    .and_then(toml::Value::as_str)
                    .unwrap_or("");
                changed.push(format!("{name} [{}] ({source})", path.join(".")));
            }
        });
    }
    changed
}

/// Calls `found` with the key path of each table (not in an array) whose `source` is the
/// rulebook.
fn printed_tables<'a>(
    table: &'a toml::Table,
    path: &mut Vec<&'a str>,
    found: &mut impl FnMut(&[&'a str], &'a toml::Table),
) {
    let printed = table
        .get("source")
        .and_then(toml::Value::as_str)
        .is_some_and(|s| s.starts_with("rulebook"));
    if printed && !path.is_empty() {
        found(path, table);
    }
    for (key, value) in table {
        if let toml::Value::Table(inner) = value {
            path.push(key);
            printed_tables(inner, path, found);
            path.pop();
        }
    }
}

/// The texts of a `--data` directory: each of `names` found there, the `embedded` default
/// for the others. A directory with none of them is an error: it would silently play the
/// embedded data (design rule 5).
pub fn read_dir<const N: usize>(
    dir: &Path,
    names: [&str; N],
    embedded: [&str; N],
) -> Result<([String; N], Origins<N>), DataError> {
    let mut files = Origins::embedded(names);
    let mut texts: [String; N] = embedded.map(str::to_string);
    // A data file's name spelt in other letters (`Scenario.TOML`) or misspelt
    // (`scenaro.toml`) would not be read, and the embedded file played in its place without
    // a word. Files not ending in .toml (notes, a README) are left alone.
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path().display().to_string();
        let at = || At::new(&path, "data");
        if let Some(name) = names
            .iter()
            .find(|n| n.eq_ignore_ascii_case(&file) && **n != file)
        {
            return Err(at().err(
                "file name",
                format!("is not read: a data file is named {name}, in lower case"),
            ));
        }
        let toml = file.to_ascii_lowercase().ends_with(".toml");
        if toml && !names.contains(&file.as_str()) {
            return Err(at().err(
                "file name",
                format!(
                    "is not one of this game's data files ({}): rename it, or move it out",
                    names.join(", ")
                ),
            ));
        }
    }
    let mut found = false;
    for (i, name) in names.iter().enumerate() {
        let path = dir.join(name);
        // Present, even as a broken link: reading it then says why it cannot be read.
        if std::fs::symlink_metadata(&path).is_ok() {
            texts[i] = read(&path)?;
            files.0[i] = path.display().to_string();
            found = true;
        }
    }
    if !found {
        return Err(At::new(&dir.display().to_string(), "data").err(
            "directory",
            format!("none of {} is in this directory", names.join(", ")),
        ));
    }
    Ok((texts, files))
}

/// A single `--data` file must hold every table: `tables` lists each with the file it
/// normally lives in. Says plainly which is missing (a lone map.toml given as a file is a
/// likely mistake).
pub fn check_one_file(text: &str, file: &str, tables: &[(&str, &str)]) -> Result<(), DataError> {
    let doc = parse_syntax(text, file)?;
    let Some((table, home)) = tables.iter().find(|(t, _)| !doc.contains_key(*t)) else {
        return Ok(());
    };
    let mut homes: Vec<&str> = tables.iter().map(|&(_, h)| h).collect();
    homes.dedup();
    Err(At::new(file, table).err(
        "-",
        format!(
            "missing; a single data file holds the tables of all {} files (this one belongs \
             in {home}); to replace only some files, give a directory",
            homes.len()
        ),
    ))
}

// ------------------------------------------------------------ an area map's layout

/// The size of the box a schematic map's `pos` coordinates lie in: x 0–1000, y 0–700.
pub const LAYOUT_BOX: [u16; 2] = [1000, 700];

/// An area map's drawing positions: all areas or none have a `pos`, inside
/// [`LAYOUT_BOX`], and positions come with a `[layout]` table that says where they come from.
pub fn check_layout<K: std::fmt::Display>(
    positions: &[(&K, Option<[u16; 2]>)],
    layout: Option<&Provenance>,
    at: At,
) -> Result<(), DataError> {
    let placed = positions.iter().filter(|(_, p)| p.is_some()).count();
    if placed == 0 {
        return Ok(());
    }
    if let Some((id, _)) = positions.iter().find(|(_, p)| p.is_none()) {
        return Err(at.err(
            id.to_string(),
            "no `pos`: give every area a position, or none (the board is then drawn in a ring)",
        ));
    }
    for (k, (id, pos)) in positions.iter().enumerate() {
        let [x, y] = pos.expect("checked above");
        if x > LAYOUT_BOX[0] || y > LAYOUT_BOX[1] {
            return Err(at.err(
                id.to_string(),
                format!(
                    "pos = [{x}, {y}] is outside the drawing: x goes 0–{}, y 0–{}",
                    LAYOUT_BOX[0], LAYOUT_BOX[1]
                ),
            ));
        }
        // Two areas at one point are drawn one over the other (trial 16a F6).
        if let Some((other, _)) = positions[..k].iter().find(|(_, p)| *p == *pos) {
            return Err(at.err(
                id.to_string(),
                format!("pos = [{x}, {y}] is area {other}'s too: the two would be drawn as one"),
            ));
        }
    }
    let Some(layout) = layout else {
        return Err(At::new(at.file, "layout").err(
            "-",
            "the areas have a `pos` but there is no [layout] table saying where the \
             positions come from (source, basis)",
        ));
    };
    check_provenance(
        At::new(at.file, "layout"),
        &layout.source,
        layout.basis.as_deref(),
    )
}

/// The most characters of a name read on screen (a scenario, a formation, a map's place).
pub const NAME_CHARS: usize = 100;

/// A name a person reads on screen: not blank, and short enough for a line (trial 14a F4:
/// an empty name printed as a blank, one of 70,000 characters was taken).
pub fn check_name(field: &str, text: &str) -> Result<(), String> {
    let n = text.chars().count();
    if text.trim().is_empty() {
        return Err(format!("its {field} is empty"));
    }
    if n > NAME_CHARS {
        return Err(format!(
            "its {field} is {n} characters long; a name has at most {NAME_CHARS}"
        ));
    }
    Ok(())
}

// ------------------------------------------------------------ an area map's graph

/// An area id is one word a person can type at the prompt and read in a list: not empty, no
/// space, comma or quote (trial 12a F3: an empty id gave "area : area  lists 2 …").
fn check_area_id(id: &str, n: usize, at: At) -> Result<(), DataError> {
    let bad = |c: char| c.is_whitespace() || matches!(c, ',' | '"' | '\'');
    if id.is_empty() {
        return Err(at.err(format!("area {n} (counting from 1)"), "its id is empty"));
    }
    if id.chars().any(bad) {
        return Err(at.err(
            format!("area {id}"),
            "an area id is one word: no space, comma or quote",
        ));
    }
    Ok(())
}

/// The checks every area map must pass (design rule 5), for areas given as (id, adjacent
/// ids): ids unique; adjacency only to known areas, never to the area itself, each listed
/// once and both ways (a shared border); every area reachable from the first.
pub fn check_area_graph<K>(areas: &[(&K, &[K])], at: At) -> Result<(), DataError>
where
    K: Eq + std::hash::Hash + std::fmt::Display,
{
    use std::collections::{HashMap, HashSet, VecDeque};
    let mut index: HashMap<&K, &[K]> = HashMap::with_capacity(areas.len());
    for (n, &(id, adjacent)) in areas.iter().enumerate() {
        check_area_id(&id.to_string(), n + 1, at)?;
        if index.insert(id, adjacent).is_some() {
            return Err(at.err(
                format!("area {id}"),
                format!("area id '{id}' is used twice"),
            ));
        }
    }
    for &(id, adjacent) in areas {
        let err = |message: String| Err(at.err(format!("area {id}"), message));
        let mut seen = HashSet::new();
        for other in adjacent.iter() {
            if other == id {
                return err(format!("area {id} lists itself as adjacent"));
            }
            if !seen.insert(other) {
                return err(format!("area {id} lists {other} as adjacent twice"));
            }
            let Some(back) = index.get(other) else {
                return err(format!(
                    "area {id} lists {other} as adjacent but there is no area {other}"
                ));
            };
            if !back.contains(id) {
                return err(format!(
                    "area {id} lists {other} as adjacent but {other} does not list {id}"
                ));
            }
        }
    }
    let Some(&(start, _)) = areas.first() else {
        return Ok(());
    };
    let mut reached = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(id) = queue.pop_front() {
        for next in index[id].iter() {
            if reached.insert(next) {
                queue.push_back(next);
            }
        }
    }
    match areas.iter().find(|(id, _)| !reached.contains(id)) {
        Some(&(lost, _)) => Err(at.err(
            format!("area {lost}"),
            format!("area {lost} cannot be reached from area {start}: the map is not connected"),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Areas {
        #[allow(dead_code)]
        areas: Vec<toml::Table>,
    }

    /// A control character in any text of a data file (escaped, or a line break in a
    /// multi-line string) is refused in one line naming the entry, the character shown by its
    /// code (a name drawn into the board's SVG, or printed at the terminal, must print).
    #[test]
    fn a_control_character_in_a_data_text_is_refused_naming_the_entry() {
        let text = "[[areas]]\nid = \"LC-A\"\nname = \"LC\\u0001\"\n";
        let e = parse::<Areas>(text, "map.toml")
            .err()
            .expect("refused")
            .to_string();
        assert!(
            e.contains("map.toml") && e.contains("[areas] LC-A name"),
            "{e}"
        );
        assert!(e.contains("U+0001") && !e.contains('\u{1}'), "{e}");
        let text = "[[areas]]\nid = \"B\"\nname = \"\"\"two\nlines\"\"\"\n";
        let e = parse::<Areas>(text, "map.toml")
            .err()
            .expect("refused")
            .to_string();
        assert!(e.contains("[areas] B name") && e.contains("U+000A"), "{e}");
        let key = "[[areas]]\n\"k\\u001b\" = 1\n";
        let e = parse::<Areas>(key, "map.toml")
            .err()
            .expect("refused")
            .to_string();
        assert!(e.contains("kU+001B") && !e.contains('\u{1b}'), "{e}");
        // A right-to-left override would print the rest of the line backwards.
        let text = "[[areas]]\nid = \"C\"\nname = \"Stol\u{202E}berg\"\n";
        let e = parse::<Areas>(text, "map.toml")
            .err()
            .expect("refused")
            .to_string();
        assert!(e.contains("[areas] C name") && e.contains("U+202E"), "{e}");
        assert!(!e.contains('\u{202E}'), "{e}");
        // Every default-ignorable character shows nothing (trial 12a F4: U+034F got through).
        for c in ['\u{034F}', '\u{206A}', '\u{FFF0}', '\u{1D173}', '\u{E0500}'] {
            let text = format!("[[areas]]\nid = \"D\"\nname = \"Pointe{c} du Hoc\"\n");
            let e = parse::<Areas>(&text, "map.toml")
                .err()
                .expect("refused")
                .to_string();
            assert!(e.contains(&format!("U+{:04X}", u32::from(c))), "{e}");
        }
        let fine = "[[areas]]\nname = \"Hitler's \\\"last man\\\" order\"\n";
        assert!(parse::<Areas>(fine, "map.toml").is_ok());
    }

    #[derive(Debug, serde::Deserialize)]
    struct Units {
        units: Vec<Fixed>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Fixed {
        #[allow(dead_code)]
        id: String,
        #[serde(deserialize_with = "exact")]
        pair: [u8; 2],
        #[serde(default, deserialize_with = "exact_option")]
        pos: Option<[u16; 2]>,
        #[serde(default, deserialize_with = "exact_each")]
        odds: Vec<[u8; 2]>,
    }

    /// A fixed pair given three elements, or one, is refused naming the table and the place
    /// (line:column, as every schema error); the right length loads (serde alone would drop a third element unread).
    #[test]
    fn a_fixed_array_of_another_length_is_refused_naming_the_entry() {
        let unit = |fields: &str| format!("[[units]]\nid = \"A\"\n{fields}");
        let refused = |fields: &str| {
            let e = parse::<Units>(&unit(fields), "f.toml").expect_err(fields);
            e.to_string()
        };
        let e = refused("pair = [1, 2, 3]\n");
        assert!(e.contains("f.toml: [units] pair (3:8):"), "{e}");
        assert!(
            e.contains("invalid length 3, expected an array of length 2"),
            "{e}"
        );
        let e = refused("pair = [1]\n");
        assert!(
            e.contains("invalid length 1, expected an array of length 2"),
            "{e}"
        );
        let e = refused("pair = [1, 2]\npos = [95, 383, 7, 5]\n");
        assert!(
            e.contains("[units] pos (4:7):") && e.contains("invalid length 4"),
            "{e}"
        );
        // Every element is read now, so one out of range is named too.
        let e = refused("pair = [1, 2]\npos = [95, 383, 9999999]\n");
        assert!(
            e.contains("`9999999`, expected a whole number from 0 to 65535"),
            "{e}"
        );
        let e = refused("pair = [1, 2]\nodds = [[1, 4], [1, 3, 0]]\n");
        assert!(
            e.contains("[units] odds (4:8):") && e.contains("invalid length 3"),
            "{e}"
        );
        let fields = "pair = [1, 2]\npos = [3, 4]\nodds = [[1, 4]]\n";
        let f = parse::<Units>(&unit(fields), "f.toml")
            .unwrap()
            .units
            .remove(0);
        assert_eq!(
            (f.pair, f.pos, f.odds),
            ([1, 2], Some([3, 4]), vec![[1, 4]])
        );
        let f = parse::<Units>(&unit("pair = [1, 2]\n"), "f.toml")
            .unwrap()
            .units
            .remove(0);
        assert_eq!(f.pos, None);
    }

    /// A data file named in other letters is refused, not silently passed over.
    #[test]
    fn a_data_file_named_in_capitals_is_refused() {
        let dir = std::env::temp_dir().join(format!("sandtable-case-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("map.toml"), "").unwrap();
        std::fs::write(dir.join("Scenario.TOML"), "").unwrap();
        let e = read_dir(&dir, ["map.toml", "scenario.toml"], ["", ""])
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("Scenario.TOML") && e.contains("named scenario.toml"),
            "{e}"
        );
        std::fs::remove_file(dir.join("Scenario.TOML")).unwrap();
        // A misspelt data file is refused too; a file that is not TOML is left alone.
        std::fs::write(dir.join("notes.txt"), "").unwrap();
        assert!(read_dir(&dir, ["map.toml", "scenario.toml"], ["", ""]).is_ok());
        std::fs::write(dir.join("scenaro.toml"), "").unwrap();
        let e = read_dir(&dir, ["map.toml", "scenario.toml"], ["", ""])
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("scenaro.toml") && e.contains("not one of this game's data files"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A huge number in a parser's message (a float where a whole number goes) is cut short.
    #[test]
    fn a_huge_number_in_a_parse_error_is_cut_short() {
        #[derive(serde::Deserialize, Debug)]
        struct T {
            #[allow(dead_code)]
            n: u8,
        }
        let text = "n = 1e300\n";
        let e = toml::from_str::<T>(text).unwrap_err();
        let brief = toml_brief(&e, text);
        assert!(brief.len() < 160 && brief.contains("digits)"), "{brief}");
        // A date where text goes is called a date, not a map.
        #[derive(serde::Deserialize, Debug)]
        struct D {
            #[allow(dead_code)]
            s: String,
        }
        for (text, want) in [("s = 1979-05-27\n", "a date"), ("[s]\nx = 1\n", "a table")] {
            let e = toml::from_str::<D>(text).unwrap_err();
            let brief = toml_brief(&e, text);
            assert!(brief.contains(&format!("invalid type: {want}")), "{brief}");
        }
        // The quote closing the number stays beside it.
        assert!(brief.matches('`').count().is_multiple_of(2), "{brief}");
        assert_eq!(
            short_number("`1234567890123456789012345`,"),
            "`123456789012…` (25 digits),"
        );
    }

    /// Rust's type names in a parser's message are words: a person editing a save or a data
    /// file does not know what a u16 is.
    #[test]
    fn a_parse_error_names_no_rust_type() {
        #[derive(serde::Deserialize, Debug)]
        struct T {
            #[allow(dead_code)]
            n: u16,
            #[allow(dead_code)]
            m: Vec<u8>,
        }
        for (text, words) in [
            (
                "n = 99999\nm = []\n",
                "expected a whole number from 0 to 65535",
            ),
            (
                "n = -1\nm = []\n",
                "expected a whole number from 0 to 65535",
            ),
            (
                "n = 1\nm = [300]\n",
                "expected a whole number from 0 to 255",
            ),
            ("n = 1\nm = 3\n", "expected a list"),
        ] {
            let e = toml::from_str::<T>(text).unwrap_err();
            let brief = toml_brief(&e, text);
            assert!(brief.contains(words), "{text:?}: {brief}");
            assert!(!brief.contains("u16") && !brief.contains("u8"), "{brief}");
        }
        assert_eq!(
            plain_types("number too large to fit in target type"),
            "the number is larger than this entry allows"
        );
        assert_eq!(plain_types("expected u80"), "expected u80");
    }

    /// A pasted blob as an id is cut short in the error, which stays one readable line.
    #[test]
    fn a_long_value_is_cut_short_in_an_error() {
        let blob = "x".repeat(5000);
        let e = At::new("f.toml", "areas").err(format!("area {blob}"), format!("unknown '{blob}'"));
        let line = e.to_string();
        assert!(line.len() < 200, "{line}");
        assert!(line.contains("(5000 characters)") && line.contains("(5002 characters)"));
        assert_eq!(cut_long_words("a short one"), "a short one");
    }

    /// A schema error names the key written where it is, beside its position (trial 11a: a
    /// table where a number goes gave only "18:1").
    #[test]
    fn a_schema_error_names_the_key_and_its_position() {
        #[derive(serde::Deserialize, Debug)]
        struct T {
            #[allow(dead_code)]
            artillery: std::collections::BTreeMap<String, u8>,
        }
        let text = "[artillery]\nus = 2\nrangers.x = 8\n";
        let e = parse::<T>(text, "f.toml").unwrap_err().to_string();
        assert!(
            e.starts_with("f.toml: [artillery] rangers.x (3:1): invalid type"),
            "{e}"
        );
        // Inside a list that goes on over lines there is no key to name: the position alone.
        #[derive(serde::Deserialize, Debug)]
        struct M {
            #[allow(dead_code)]
            m: Vec<u8>,
        }
        let e = parse::<M>("m = [\n  1,\n  300,\n]\n", "f.toml").unwrap_err();
        assert_eq!(e.entry, "3:3", "{e}");
    }

    /// A value inside an inline table is named by its own key and the line's (trial 15a F3:
    /// it was "units (1:28)", the field left to guess).
    #[test]
    fn a_value_inside_an_inline_table_names_its_key() {
        #[derive(serde::Deserialize, Debug)]
        struct Unit {
            #[allow(dead_code)]
            id: String,
            #[allow(dead_code)]
            attack: u8,
        }
        #[derive(serde::Deserialize, Debug)]
        struct U {
            #[allow(dead_code)]
            units: Vec<Unit>,
        }
        let text = "units = [{ id = \"a\", attack = 300 }]\n";
        let e = parse::<U>(text, "f.toml").unwrap_err();
        assert_eq!(e.entry, "attack (in units, 1:31)", "{e}");
        assert!(e.message.contains("from 0 to 255"), "{e}");
        // A value that is the line's own keeps the line's key alone.
        let e = parse::<U>("units = 3\n", "f.toml").unwrap_err();
        assert_eq!(e.entry, "units (1:9)", "{e}");
        // An inline table on a line of its own, in a list that goes on over lines.
        let e = parse::<U>("units = [\n  { id = \"a\", attack = -1 },\n]\n", "f.toml").unwrap_err();
        assert_eq!(e.entry, "attack (2:24)", "{e}");
    }

    /// A NUL byte or another control character written as it is is told as what it is, not
    /// as the "invalid key" it breaks (trial 15a F3).
    #[test]
    fn a_control_character_in_the_text_is_told_as_what_it_is() {
        for (text, code) in [
            ("a = 1\n\0b = 2\n", "U+0000, a NUL byte"),
            ("a = \"x\u{7}\"\n", "U+0007"),
        ] {
            let e = parse::<toml::Table>(text, "f.toml")
                .unwrap_err()
                .to_string();
            assert!(e.contains(code) && e.contains("only escaped"), "{e}");
            assert!(!e.contains("invalid key") && !e.contains('\0'), "{e}");
        }
    }

    /// A parse error in words: where, and why, without the file's text.
    #[test]
    fn a_brief_toml_error_says_line_and_column_not_the_text() {
        let text = "a = 1\nsecret_text_here = [\n";
        let e = toml::from_str::<toml::Table>(text).unwrap_err();
        let brief = toml_brief(&e, text);
        assert!(brief.starts_with("line 3, column 1: "), "{brief}");
        assert!(
            !brief.contains("secret_text_here") && !brief.contains('\n'),
            "{brief}"
        );
    }

    /// An error is placed in the table whose header comes before it, however the header is
    /// written: bare, quoted, dotted, an array of tables.
    #[test]
    fn a_table_is_named_however_its_header_is_quoted() {
        for (line, name) in [
            ("[infantry]", Some("infantry")),
            ("[\"infantry\"]", Some("infantry")),
            ("[[ 'units' ]]", Some("units")),
            ("[a.\"b\".c]", Some("a.b.c")),
            ("[\"a.b\"]", None),
            ("[]", None),
            ("x = [1]", None),
        ] {
            assert_eq!(table_header(line).as_deref(), name, "{line}");
        }
    }

    #[test]
    fn a_missing_top_level_table_is_no_syntax_error() {
        #[derive(Debug, serde::Deserialize)]
        struct Doc {
            #[allow(dead_code)]
            setup: toml::Table,
        }
        let e = parse::<Doc>("a = 1\n", "x.toml").expect_err("no [setup]");
        assert_eq!(e.table, "top level", "{e}");
        assert!(e.message.contains("setup"), "{e}");
    }

    /// Trial 14a F4: a name read on screen is neither blank nor longer than a line.
    #[test]
    fn a_name_is_neither_blank_nor_too_long() {
        assert_eq!(check_name("name", " "), Err("its name is empty".into()));
        let long = "x".repeat(NAME_CHARS + 1);
        assert_eq!(
            check_name("corps", &long),
            Err("its corps is 101 characters long; a name has at most 100".into())
        );
        assert!(check_name("name", &"x".repeat(NAME_CHARS)).is_ok());
    }

    /// Trial 14a F1: a number past TOML's integers names its table and key, and the range
    /// of the entry where it has one, like any other bad value.
    #[test]
    fn a_number_past_tomls_integers_names_its_entry_and_range() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Doc {
            scenario: Inner,
        }
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Inner {
            turns: u8,
            seed: i64,
        }
        let e = parse::<Doc>(
            "[scenario]\nseed = 1\nturns = 18446744073709551616\n",
            "s.toml",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.toml: [scenario] turns (3:9): 18446744073709551616 is past TOML's integers \
             (-2^63 to 2^63 − 1); expected a whole number from 0 to 255"
        );
        let e = parse::<Doc>(
            "[scenario]\nturns = 1\nseed = -99999999999999999999\n",
            "s.toml",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.toml: [scenario] seed (3:8): -99999999999999999999 is past TOML's integers \
             (-2^63 to 2^63 − 1)"
        );
    }

    #[test]
    fn a_syntax_error_always_gives_a_reason() {
        for (text, reason) in [
            (
                "c = ",
                "the file ends in the middle of an entry (cut short?)",
            ),
            ("a = [1, 2", "invalid array"),
        ] {
            let e = parse_syntax(text, "x.toml").expect_err("bad TOML");
            assert!(e.message.starts_with(reason), "{text:?}: {e}");
            assert!(!e.to_string().contains('\n'), "one line: {e}");
        }
    }

    #[test]
    fn line_col_counts_from_one_in_characters() {
        let text = "a = 1\nné = = 2\n";
        assert_eq!(line_col(text, 0), "1:1");
        assert_eq!(line_col(text, text.find('=').unwrap()), "1:3");
        let second = text.rfind("= 2").unwrap();
        assert_eq!(line_col(text, second), "2:6");
    }

    #[test]
    fn char_floor_never_splits_a_character() {
        let text = "né";
        assert_eq!(char_floor(text, 2), 1);
        assert_eq!(char_floor(text, 99), text.len());
    }

    #[test]
    fn enclosing_table_finds_the_header_in_force() {
        let text = "[map]\nsource = 1\n\n[[areas]]\nid = 2\nadjacent = [\n  [\"x\"],\n]\n";
        let pos = text.find("id").unwrap();
        assert_eq!(enclosing_table(text, pos).as_deref(), Some("areas"));
        assert_eq!(enclosing_table(text, 0).as_deref(), Some("map"));
        // An array value on its own line is not a header.
        let pos = text.find("[\"x\"]").unwrap();
        assert_eq!(enclosing_table(text, pos).as_deref(), Some("areas"));
    }
}
