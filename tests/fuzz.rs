//! Fuzzing on stable Rust (issue 21, item 4): a structure-aware mutation fuzzer of our own,
//! since cargo-fuzz needs nightly. Each target reads a file a user may hand Sandtable — a
//! game's data file, a save, a bot preset, an experiment spec — mutated from the real files:
//! parsed as TOML and edited as a tree (boundary numbers, other types, deleted and renamed
//! keys, copied, deleted and swapped array entries, strings swapped for other strings of the
//! same file, so ids cross-refer to the wrong thing), or edited as bytes (truncated, a NUL or
//! invalid UTF-8, a line deleted or doubled, a bit flipped), one to four edits an input.
//!
//! Every input must be accepted or refused: no panic, no hang (5 s, timed twice), and a
//! refusal is one line that names the file and says why after its last ": "; a data error
//! also names its `[table]` and entry (`engine::data::DataError`). Each input is seeded by its
//! target and index, so a failure is reproduced by running the same input again.
//!
//! `SANDTABLE_FUZZ_INPUTS` sets the inputs per target (the defaults take about a minute in
//! the test profile on two cores). The long run:
//! `SANDTABLE_FUZZ_INPUTS=1000000 cargo test --test fuzz -- --nocapture` (`--nocapture`
//! shows each target's figures; the test profile keeps overflow checks on). A long run may
//! be done in parts: `SANDTABLE_FUZZ_FROM=N` starts at input N (inputs are seeded by index,
//! so parts 0..N and N..2N are the run 0..2N), and `SANDTABLE_FUZZ_ONLY=TEXT` runs only the
//! targets whose name contains TEXT (`data crossing-the-line`, `save`, `bot presets`).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sandtable::bots::preset;
use sandtable::cli::play::new_session;
use sandtable::experiment::{load_variant, spec::Spec};
use sandtable::registry::{self, Entry, Visitor, GAMES};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe, PanicHookInfo};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use toml::Value;

/// An input that takes longer than this is a hang.
const HANG: Duration = Duration::from_secs(5);
/// The kinds of failure shown per target (all are counted).
const MAX_SHOWN: usize = 25;

/// Inputs per target: `SANDTABLE_FUZZ_INPUTS`, else `default`.
fn budget(default: usize) -> usize {
    count_from_env("SANDTABLE_FUZZ_INPUTS").unwrap_or(default)
}

/// The first input's index: `SANDTABLE_FUZZ_FROM`, else 0.
fn first_input() -> usize {
    count_from_env("SANDTABLE_FUZZ_FROM").unwrap_or(0)
}

fn count_from_env(name: &str) -> Option<usize> {
    let v = std::env::var(name).ok()?;
    Some(
        v.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a number of inputs")),
    )
}

/// Whether target `name` runs: every target, or those `SANDTABLE_FUZZ_ONLY` names.
fn wanted(name: &str) -> bool {
    std::env::var("SANDTABLE_FUZZ_ONLY").map_or(true, |only| name.contains(only.trim()))
}

// ------------------------------------------------------------------------- the targets

/// Every game's data loader: each input mutates one data file of a scratch copy of the
/// embedded defaults and loads every scenario from the folder.
#[test]
fn data_files() {
    let inputs = budget(2000);
    let reports: Vec<Report> = GAMES
        .par_iter()
        .filter(|g| g.implemented && wanted(&format!("data {}", g.id)))
        .map(|g| registry::visit(g.id, DataTarget { inputs }).expect("an implemented game"))
        .collect();
    assert_clean(&reports);
}

/// Every game's saves: the save of a short real game, mutated and loaded as `play --load`
/// and the `load FILE` command do.
#[test]
fn saves() {
    let inputs = budget(10_000);
    let reports: Vec<Report> = GAMES
        .par_iter()
        .filter(|g| g.implemented && wanted(&format!("save {}", g.id)))
        .map(|g| registry::visit(g.id, SaveTarget { inputs }).expect("an implemented game"))
        .collect();
    assert_clean(&reports);
}

/// The bot presets of `bots/`, mutated and read as a preset file (`--bots FILE`).
#[test]
fn bot_presets() {
    if wanted("bot presets") {
        assert_clean(&[preset_target(budget(10_000))]);
    }
}

/// The experiment specs of `experiments/`, mutated and checked as `sandtable experiment`
/// checks them before its first game (no game is played).
#[test]
fn experiment_specs() {
    if wanted("experiment specs") {
        assert_clean(&[experiment_target(budget(3000))]);
    }
}

/// A file to mutate: its name and its text.
struct Seed {
    name: String,
    text: String,
}

/// A folder of this process for one target's files (each target runs on one thread).
fn scratch(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sandtable-fuzz-{}-{what}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder is made");
    dir
}

/// Writes the default text back over a mutated file when dropped (after a panic too).
struct Restore<'a> {
    path: PathBuf,
    text: &'a str,
}

impl Drop for Restore<'_> {
    fn drop(&mut self) {
        let _ = std::fs::write(&self.path, self.text);
    }
}

struct DataTarget {
    inputs: usize,
}

impl Visitor for DataTarget {
    type Output = Report;

    fn visit<G: Entry>(self) -> Report {
        let files: Vec<Seed> = G::data_files()
            .iter()
            .map(|&(name, text)| Seed {
                name: name.to_string(),
                text: text.to_string(),
            })
            .collect();
        let names: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
        let dir = scratch(&format!("data-{}", G::INFO.id));
        for f in &files {
            std::fs::write(dir.join(&f.name), &f.text).expect("the data files are copied");
        }
        let scenarios: Vec<Option<&str>> = if G::INFO.scenarios.is_empty() {
            vec![None]
        } else {
            G::INFO.scenarios.iter().map(|&s| Some(s)).collect()
        };
        // A cross-reference error rightly names the file that refers (`also`).
        let report = fuzz(
            &format!("data {}", G::INFO.id),
            &files,
            &names,
            self.inputs,
            |i, bytes| {
                let path = dir.join(&files[i].name);
                let _restore = Restore {
                    path: path.clone(),
                    text: &files[i].text,
                };
                std::fs::write(&path, bytes).expect("the mutated data file is written");
                for &scenario in &scenarios {
                    G::load(Some(dir.as_path()), scenario, false).map_err(|e| e.to_string())?;
                }
                Ok(())
            },
        );
        let _ = std::fs::remove_dir_all(&dir);
        report
    }
}

struct SaveTarget {
    inputs: usize,
}

/// The save file's name in the scratch folder.
const SAVE: &str = "save.toml";

impl Visitor for SaveTarget {
    type Output = Report;

    fn visit<G: Entry>(self) -> Report {
        let scenario = G::INFO.scenarios.first().copied();
        let game = G::load(None, scenario, false).expect("the embedded data loads");
        let side = game.player_name(0);
        // The seed: 40 random decisions of the person against the random bot, saved.
        let text = {
            let mut session = new_session(&game, side, "random", 7).expect("a session starts");
            let mut rng = Pcg64Mcg::seed_from_u64(7);
            let mut log = Vec::new();
            for _ in 0..40 {
                session.advance(&mut log);
                let offers = session.offers();
                if offers.is_empty() {
                    break;
                }
                let a = offers[rng.random_range(0..offers.len())].action;
                session.choose(a, &mut log);
                log.clear();
            }
            session.save_text()
        };
        let dir = scratch(&format!("save-{}", G::INFO.id));
        let path = dir.join(SAVE);
        let seeds = [Seed {
            name: SAVE.to_string(),
            text,
        }];
        let report = fuzz(
            &format!("save {}", G::INFO.id),
            &seeds,
            &[],
            self.inputs,
            |_, bytes| {
                std::fs::write(&path, bytes).expect("the mutated save is written");
                // A fresh session each time: a save loaded changes the session's identity.
                let mut session =
                    new_session(&game, side, "random", 7).map_err(|e| e.to_string())?;
                session.load(&path).map(|_| ())
            },
        );
        let _ = std::fs::remove_dir_all(&dir);
        report
    }
}

fn preset_target(inputs: usize) -> Report {
    let seeds: Vec<Seed> = preset::EMBEDDED
        .iter()
        .map(|&(name, text)| Seed {
            name: format!("{name}.toml"),
            text: text.to_string(),
        })
        .collect();
    let dir = scratch("presets");
    // `preset::load` keeps every preset it read by its path for the process, so each text is
    // written to a folder named by its hash: the same text, the same path (and result).
    let report = fuzz("bot presets", &seeds, &[], inputs, |i, bytes| {
        let folder = dir.join(format!("{:016x}", fnv(bytes)));
        std::fs::create_dir_all(&folder).expect("a scratch folder is made");
        let path = folder.join(&seeds[i].name);
        std::fs::write(&path, bytes).expect("the mutated preset is written");
        let loaded = preset::load(&path.to_string_lossy());
        let _ = std::fs::remove_dir_all(&folder);
        loaded.map(|_| ()).map_err(|e| e.to_string())
    });
    let _ = std::fs::remove_dir_all(&dir);
    report
}

fn experiment_target(inputs: usize) -> Report {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments");
    let mut seeds: Vec<Seed> = std::fs::read_dir(&folder)
        .expect("experiments/ is read")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            if path.extension().and_then(|e| e.to_str()) != Some("toml") {
                return None;
            }
            Some(Seed {
                name: path.file_name()?.to_str()?.to_string(),
                text: std::fs::read_to_string(&path).ok()?,
            })
        })
        .collect();
    seeds.sort_by(|a, b| a.name.cmp(&b.name));
    let dir = scratch("experiments");
    let report = fuzz("experiment specs", &seeds, &[], inputs, |i, bytes| {
        let path = dir.join(&seeds[i].name);
        std::fs::write(&path, bytes).expect("the mutated spec is written");
        check_spec(&path)
    });
    let _ = std::fs::remove_dir_all(&dir);
    report
}

/// What `sandtable experiment` checks before its first game (`cli::experiment::run`, then
/// `experiment::run`): the spec, its game, and its variants' data — the baseline, the first
/// other variant and the last (a sweep's extreme cell), not every cell of a large grid.
fn check_spec(path: &Path) -> Result<(), String> {
    let spec = Spec::load(path)?;
    let game = spec.game.clone();
    registry::visit(&game, CheckSpec { spec: &spec, path }).map_err(|e| e.to_string())?
}

struct CheckSpec<'a> {
    spec: &'a Spec,
    path: &'a Path,
}

impl Visitor for CheckSpec<'_> {
    type Output = Result<(), String>;

    fn visit<G: Entry>(self) -> Result<(), String> {
        let variants = self.spec.variants()?;
        let last = variants.len().saturating_sub(1);
        let mut picked = vec![0, last.min(1), last];
        picked.dedup();
        for i in picked {
            load_variant::<G>(self.spec, &variants[i], self.path).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

// ------------------------------------------------------------------------- the driver

/// One failure: the input, the file mutated, what happened, the edits and the text's start.
struct Failure {
    index: usize,
    file: String,
    detail: String,
    edits: String,
    head: String,
    /// The whole input, kept in a file when the test fails (to run it by hand).
    bytes: Vec<u8>,
}

/// One target's figures, and its failures by kind (the first input of each kind kept).
struct Report {
    target: String,
    inputs: usize,
    accepted: usize,
    rejected: usize,
    panics: usize,
    hangs: usize,
    /// The slowest input's time and index.
    slowest: (Duration, usize),
    elapsed: Duration,
    failures: BTreeMap<String, (usize, Failure)>,
}

impl Report {
    /// Counts a failure under `kind` and `what` (where a panic was, a refusal's text), keeping
    /// the first of each.
    fn add(&mut self, kind: &str, what: &str, failure: Failure) {
        let what: String = what.chars().take(100).collect();
        self.failures
            .entry(format!("{kind}: {what}"))
            .or_insert((0, failure))
            .0 += 1;
    }

    fn print(&self) {
        let seconds = self.elapsed.as_secs_f64().max(1e-9);
        println!(
            "fuzz {:<24} {:>8} inputs from #{} {:>8} accepted {:>8} rejected {:>4} panics {:>4} hangs  \
             slowest #{} {:.1} ms  {:.0} inputs/s",
            self.target,
            self.inputs,
            first_input(),
            self.accepted,
            self.rejected,
            self.panics,
            self.hangs,
            self.slowest.1,
            self.slowest.0.as_secs_f64() * 1000.0,
            self.inputs as f64 / seconds
        );
    }
}

/// The generator of input `index` of `target`.
fn input_rng(target: &str, index: usize) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(
        fnv(target.as_bytes()) ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    )
}

/// 64-bit FNV-1a.
fn fnv(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// Runs `inputs` mutated inputs through `run` (given the index of the seed mutated and the
/// text) and checks each outcome. A refusal must name the seed's file or one of `also`.
fn fuzz(
    target: &str,
    seeds: &[Seed],
    also: &[String],
    inputs: usize,
    mut run: impl FnMut(usize, &[u8]) -> Result<(), String>,
) -> Report {
    assert!(!seeds.is_empty(), "{target}: no seed files");
    let _quiet = Quiet::new();
    let mut report = Report {
        target: target.to_string(),
        inputs,
        accepted: 0,
        rejected: 0,
        panics: 0,
        hangs: 0,
        slowest: (Duration::ZERO, 0),
        elapsed: Duration::ZERO,
        failures: BTreeMap::new(),
    };
    let started = Instant::now();
    let first = first_input();
    for index in first..first + inputs {
        let mut rng = input_rng(target, index);
        let which = rng.random_range(0..seeds.len());
        let (bytes, edits) = mutate(&seeds[which].text, &mut rng);
        LAST_PANIC.with(|p| p.borrow_mut().take());
        FUZZING.with(|f| f.set(true));
        let begun = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| run(which, &bytes)));
        let mut took = begun.elapsed();
        if took > HANG {
            // Wall time on a busy machine (a build, the other targets): timed again before
            // it counts as a hang.
            let again = Instant::now();
            let _ = catch_unwind(AssertUnwindSafe(|| run(which, &bytes)));
            took = again.elapsed();
        }
        FUZZING.with(|f| f.set(false));
        if took > report.slowest.0 {
            report.slowest = (took, index);
        }
        let failure = |detail: String| Failure {
            index,
            file: seeds[which].name.clone(),
            detail,
            edits: edits.join("; "),
            head: format!(
                "{:?}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(300)])
            ),
            bytes: bytes.clone(),
        };
        match outcome {
            Err(payload) => {
                report.panics += 1;
                let (message, at) = LAST_PANIC
                    .with(|p| p.borrow_mut().take())
                    .unwrap_or_else(|| (payload_text(&*payload), None));
                let detail = match &at {
                    Some(at) => format!("panicked at {at}: {message}"),
                    None => format!("panicked: {message}"),
                };
                // One entry a place (or a message, where the place is unknown).
                let what = at.unwrap_or_else(|| message.clone());
                report.add("panic", &what, failure(detail));
            }
            Ok(Ok(())) => report.accepted += 1,
            Ok(Err(e)) => {
                report.rejected += 1;
                let mut names: Vec<&str> = vec![seeds[which].name.as_str()];
                names.extend(also.iter().map(String::as_str));
                if let Some(problem) = bad_refusal(&e, &names) {
                    // Digits masked: one kind of refusal with other numbers is one entry.
                    let what: String = e
                        .chars()
                        .map(|c| if c.is_ascii_digit() { '#' } else { c })
                        .collect();
                    report.add(problem, &what, failure(e.clone()));
                }
            }
        }
        if took > HANG {
            report.hangs += 1;
            let detail = format!("took {:.1} s", took.as_secs_f64());
            report.add("hang", "", failure(detail));
        }
    }
    report.elapsed = started.elapsed();
    report
}

/// What is wrong with refusal `e`, if anything: it must be one line, name one of `names`,
/// and say why after its last ": "; a data error must name its `[table]` and entry.
fn bad_refusal(e: &str, names: &[&str]) -> Option<&'static str> {
    if e.contains('\n') {
        return Some("not one line");
    }
    if !names.iter().any(|n| e.contains(n)) {
        return Some("does not name the file");
    }
    match e.rsplit_once(": ") {
        Some((_, reason)) if !reason.trim().is_empty() => {}
        _ => return Some("no reason after the last ': '"),
    }
    const DATA: &str = "bad data: ";
    if let Some(at) = e.find(DATA) {
        if !data_error_shape(&e[at + DATA.len()..]) {
            return Some("a data error without its [table] and entry");
        }
    }
    None
}

/// Whether `e` reads `{file}: [{table}] {entry}: {message}` (`DataError`'s Display) with a
/// table and an entry.
fn data_error_shape(e: &str) -> bool {
    let Some(open) = e.find(": [") else {
        return false;
    };
    let rest = &e[open + 3..];
    let Some(close) = rest.find("] ") else {
        return false;
    };
    let (table, after) = (&rest[..close], &rest[close + 2..]);
    let Some((entry, _)) = after.split_once(": ") else {
        return false;
    };
    !table.trim().is_empty() && !entry.trim().is_empty()
}

/// Prints the figures of `reports` (on the test's thread, so `--nocapture` shows them) and
/// fails the test with every kind of failure, if there is any.
fn assert_clean(reports: &[Report]) {
    for r in reports {
        r.print();
    }
    let total: usize = reports
        .iter()
        .flat_map(|r| r.failures.values())
        .map(|(n, _)| n)
        .sum();
    if total == 0 {
        return;
    }
    let mut text = String::new();
    for r in reports {
        for (kind, (n, f)) in r.failures.iter().take(MAX_SHOWN) {
            let kept = keep(r, f);
            let _ = write!(
                text,
                "\n\n{} — {kind} ({n} inputs)\n  first: input #{} mutating {}; edits: {}\n  \
                 {}\n  text: {}\n  whole input: {kept}",
                r.target, f.index, f.file, f.edits, f.detail, f.head
            );
        }
        if r.failures.len() > MAX_SHOWN {
            let _ = write!(
                text,
                "\n\n{}: {} more kinds of failure",
                r.target,
                r.failures.len() - MAX_SHOWN
            );
        }
    }
    panic!(
        "{total} fuzzed inputs failed (each is seeded by its target and index: \
         SANDTABLE_FUZZ_FROM=index SANDTABLE_FUZZ_INPUTS=1 runs one again):{text}"
    );
}

/// Writes a failure's whole input under the system's temporary folder; returns where.
fn keep(r: &Report, f: &Failure) -> String {
    let dir = std::env::temp_dir().join("sandtable-fuzz-failures");
    let name: String = format!("{}-{}-{}", r.target, f.index, f.file)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let path = dir.join(name);
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, &f.bytes)) {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("not kept ({e})"),
    }
}

// ------------------------------------------------------------------------- panics

type Hook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

/// How many fuzzers run, and the hook that was in place before the first.
static HOOK: Mutex<(usize, Option<Arc<Hook>>)> = Mutex::new((0, None));

thread_local! {
    /// Whether this thread is running an input: its panic is recorded, not printed.
    static FUZZING: Cell<bool> = const { Cell::new(false) };
    /// The last recorded panic: its message and where.
    static LAST_PANIC: RefCell<Option<(String, Option<String>)>> = const { RefCell::new(None) };
}

/// While any fuzzer runs, a panic in an input is recorded instead of printed; the hook before
/// is restored when the last one ends. Panics elsewhere go to the hook before.
struct Quiet;

impl Quiet {
    fn new() -> Quiet {
        let mut hook = HOOK.lock().unwrap_or_else(PoisonError::into_inner);
        if hook.0 == 0 {
            let previous: Arc<Hook> = Arc::new(std::panic::take_hook());
            let chained = Arc::clone(&previous);
            std::panic::set_hook(Box::new(move |info: &PanicHookInfo<'_>| {
                if FUZZING.with(|f| f.get()) {
                    let at = info
                        .location()
                        .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
                    let message = payload_text(info.payload());
                    LAST_PANIC.with(|p| *p.borrow_mut() = Some((message, at)));
                } else {
                    (**chained)(info);
                }
            }));
            hook.1 = Some(previous);
        }
        hook.0 += 1;
        Quiet
    }
}

impl Drop for Quiet {
    fn drop(&mut self) {
        let mut hook = HOOK.lock().unwrap_or_else(PoisonError::into_inner);
        hook.0 -= 1;
        // A hook cannot be set while panicking: the quiet hook passes other panics on anyway.
        if hook.0 > 0 || std::thread::panicking() {
            return;
        }
        drop(std::panic::take_hook());
        if let Some(previous) = hook.1.take() {
            match Arc::try_unwrap(previous) {
                Ok(original) => std::panic::set_hook(original),
                Err(shared) => {
                    std::panic::set_hook(Box::new(move |info: &PanicHookInfo<'_>| (**shared)(info)))
                }
            }
        }
    }
}

fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

// ------------------------------------------------------------------------- mutations

/// One to four edits of `seed`, as a TOML tree (three in four) or as bytes; returns the text
/// and the edits in words. The tree is parsed when a tree edit comes and written back as
/// TOML before a byte edit and at the end.
fn mutate(seed: &str, rng: &mut Pcg64Mcg) -> (Vec<u8>, Vec<String>) {
    let mut text = seed.as_bytes().to_vec();
    let mut tree: Option<Value> = None;
    let mut pool: Vec<String> = Vec::new();
    let mut edits = Vec::new();
    let count: usize = rng.random_range(1..=4);
    for _ in 0..count {
        if rng.random_bool(0.75) {
            if tree.is_none() {
                tree = parse(&text);
                if let (Some(t), true) = (&tree, pool.is_empty()) {
                    let mut seen = BTreeSet::new();
                    strings(t, &mut seen);
                    pool = seen.into_iter().collect();
                }
            }
            if let Some(t) = tree.as_mut() {
                if let Some(edit) = (0..8).find_map(|_| mutate_tree(t, &pool, rng)) {
                    edits.push(edit);
                    continue;
                }
            }
        }
        if let Some(t) = tree.take() {
            match toml::to_string(&t) {
                Ok(s) => text = s.into_bytes(),
                Err(e) => edits.push(format!("(tree edits lost: not written as TOML: {e})")),
            }
        }
        edits.push(mutate_bytes(&mut text, rng));
    }
    if let Some(t) = tree {
        match toml::to_string(&t) {
            Ok(s) => text = s.into_bytes(),
            Err(e) => edits.push(format!("(tree edits lost: not written as TOML: {e})")),
        }
    }
    (text, edits)
}

fn parse(bytes: &[u8]) -> Option<Value> {
    let text = std::str::from_utf8(bytes).ok()?;
    text.parse::<toml::Table>().ok().map(Value::Table)
}

/// Every string and key of `v`: what an id may be replaced by.
fn strings(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Array(a) => a.iter().for_each(|c| strings(c, out)),
        Value::Table(t) => {
            for (k, c) in t {
                out.insert(k.clone());
                strings(c, out);
            }
        }
        _ => {}
    }
}

/// One step of the way to a value: a key of a table or an index into an array.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Number,
    Text,
    List(usize),
    Other,
}

fn kind(v: &Value) -> Kind {
    match v {
        Value::Integer(_) | Value::Float(_) => Kind::Number,
        Value::String(_) => Kind::Text,
        Value::Array(a) => Kind::List(a.len()),
        _ => Kind::Other,
    }
}

/// Every value under `v` (not `v` itself), with its path and kind.
fn walk(v: &Value, here: &mut Vec<Step>, out: &mut Vec<(Vec<Step>, Kind)>) {
    let children: Vec<(Step, &Value)> = match v {
        Value::Table(t) => t.iter().map(|(k, c)| (Step::Key(k.clone()), c)).collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, c)| (Step::Index(i), c))
            .collect(),
        _ => return,
    };
    for (step, child) in children {
        here.push(step);
        out.push((here.clone(), kind(child)));
        walk(child, here, out);
        here.pop();
    }
}

/// The value at `path`.
fn node<'a>(root: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    let mut here = root;
    for step in path {
        here = match (step, here) {
            (Step::Key(k), Value::Table(t)) => t.get_mut(k)?,
            (Step::Index(i), Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(here)
}

/// A random path among `nodes` that `want` accepts.
fn pick(
    nodes: &[(Vec<Step>, Kind)],
    rng: &mut Pcg64Mcg,
    want: impl Fn(Kind, &[Step]) -> bool,
) -> Option<Vec<Step>> {
    let found: Vec<&Vec<Step>> = nodes
        .iter()
        .filter(|(p, k)| want(*k, p))
        .map(|(p, _)| p)
        .collect();
    if found.is_empty() {
        return None;
    }
    Some(found[rng.random_range(0..found.len())].clone())
}

fn path_text(path: &[Step]) -> String {
    let mut s = String::new();
    for step in path {
        match step {
            Step::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Step::Index(i) => {
                let _ = write!(s, "[{i}]");
            }
        }
    }
    s
}

fn clip(s: &str) -> String {
    if s.chars().count() <= 40 {
        return s.to_string();
    }
    format!("{}…", s.chars().take(40).collect::<String>())
}

fn short(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("[{} entries]", a.len()),
        Value::Table(t) => format!("{{{} keys}}", t.len()),
        other => clip(&other.to_string()),
    }
}

/// A number at the edge of what the engine's integer types hold, or a float TOML allows.
fn boundary(rng: &mut Pcg64Mcg) -> Value {
    const INTS: [i64; 11] = [
        0,
        1,
        -1,
        255,
        256,
        65535,
        65536,
        4_294_967_295,
        4_294_967_296,
        i64::MAX,
        i64::MIN,
    ];
    const FLOATS: [f64; 6] = [1e308, -1e308, f64::NAN, f64::INFINITY, -0.0, 0.5];
    let i = rng.random_range(0..INTS.len() + FLOATS.len());
    match INTS.get(i) {
        Some(&n) => Value::Integer(n),
        None => Value::Float(FLOATS[i - INTS.len()]),
    }
}

/// `v` as another type: an integer, a string, a boolean, a float, an array or a table.
fn retype(v: &Value, rng: &mut Pcg64Mcg) -> Value {
    let text = match v {
        Value::String(s) => s.clone(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => f.to_string(),
        Value::Boolean(b) => b.to_string(),
        _ => "1".to_string(),
    };
    let start = rng.random_range(0..6u32);
    for k in 0..6 {
        let new = match (start + k) % 6 {
            0 => Value::Integer(text.parse().unwrap_or(1)),
            1 => Value::String(text.clone()),
            2 => Value::Boolean(text != "true"),
            3 => Value::Float(text.parse().unwrap_or(0.5)),
            4 => Value::Array(vec![v.clone()]),
            _ => {
                let mut t = toml::Table::new();
                t.insert("value".to_string(), v.clone());
                Value::Table(t)
            }
        };
        if std::mem::discriminant(&new) != std::mem::discriminant(v) {
            return new;
        }
    }
    Value::Boolean(true)
}

/// A key slightly misspelt: a letter more, a letter less, an `x` inserted, `_` for `-` (or the
/// other way), or a capital.
fn tweak(key: &str, rng: &mut Pcg64Mcg) -> String {
    let mut c: Vec<char> = key.chars().collect();
    match rng.random_range(0..4u32) {
        0 => c.push('s'),
        1 => {
            c.pop();
        }
        2 => {
            let at = rng.random_range(0..=c.len());
            c.insert(at, 'x');
        }
        _ => {
            if let Some(ch) = c.iter_mut().find(|ch| **ch == '_' || **ch == '-') {
                *ch = if *ch == '_' { '-' } else { '_' };
            } else if let Some(ch) = c.first_mut() {
                *ch = ch.to_ascii_uppercase();
            }
        }
    }
    c.into_iter().collect()
}

/// One edit of the tree, in words; `None` when the edit drawn finds nothing to edit.
fn mutate_tree(root: &mut Value, pool: &[String], rng: &mut Pcg64Mcg) -> Option<String> {
    let mut nodes = Vec::new();
    walk(root, &mut Vec::new(), &mut nodes);
    let op = rng.random_range(0..9u32);
    match op {
        // A number at a boundary (any value, where the file has no number).
        0 => {
            let path = match pick(&nodes, rng, |k, _| k == Kind::Number) {
                Some(p) => p,
                None => pick(&nodes, rng, |_, _| true)?,
            };
            let value = boundary(rng);
            let edit = format!("{} = {}", path_text(&path), short(&value));
            *node(root, &path)? = value;
            Some(edit)
        }
        // A value of another type.
        1 => {
            let path = pick(&nodes, rng, |_, _| true)?;
            let slot = node(root, &path)?;
            let value = retype(slot, rng);
            let edit = format!(
                "{} = {} (was {})",
                path_text(&path),
                short(&value),
                short(slot)
            );
            *slot = value;
            Some(edit)
        }
        // A key deleted.
        2 => {
            let path = pick(&nodes, rng, |_, p| matches!(p.last(), Some(Step::Key(_))))?;
            let (Step::Key(key), parent) = path.split_last()? else {
                return None;
            };
            let Value::Table(t) = node(root, parent)? else {
                return None;
            };
            t.remove(key)?;
            Some(format!("delete {}", path_text(&path)))
        }
        // An array entry copied, deleted, or swapped with another.
        3..=5 => {
            let least = if op == 5 { 2 } else { 1 };
            let path = pick(&nodes, rng, |k, _| matches!(k, Kind::List(n) if n >= least))?;
            let name = path_text(&path);
            let Value::Array(a) = node(root, &path)? else {
                return None;
            };
            let i = rng.random_range(0..a.len());
            Some(match op {
                3 => {
                    let j = rng.random_range(0..=a.len());
                    let entry = a[i].clone();
                    a.insert(j, entry);
                    format!("copy {name}[{i}] to [{j}]")
                }
                4 => {
                    a.remove(i);
                    format!("delete {name}[{i}]")
                }
                _ => {
                    let j = rng.random_range(0..a.len());
                    a.swap(i, j);
                    format!("swap {name}[{i}] and [{j}]")
                }
            })
        }
        // A key renamed: misspelt, or another string of the file.
        6 => {
            let path = pick(&nodes, rng, |_, p| matches!(p.last(), Some(Step::Key(_))))?;
            let (Step::Key(key), parent) = path.split_last()? else {
                return None;
            };
            let new = if !pool.is_empty() && rng.random_bool(0.3) {
                pool[rng.random_range(0..pool.len())].clone()
            } else {
                tweak(key, rng)
            };
            let Value::Table(t) = node(root, parent)? else {
                return None;
            };
            let value = t.remove(key)?;
            let edit = format!("rename {} to {:?}", path_text(&path), clip(&new));
            t.insert(new, value);
            Some(edit)
        }
        // A string replaced by another of the file (an id by another id), or emptied.
        _ => {
            let path = pick(&nodes, rng, |k, _| k == Kind::Text)?;
            let new = if op == 7 && !pool.is_empty() {
                pool[rng.random_range(0..pool.len())].clone()
            } else {
                String::new()
            };
            let edit = format!("{} = {:?}", path_text(&path), clip(&new));
            *node(root, &path)? = Value::String(new);
            Some(edit)
        }
    }
}

/// One edit of the bytes, in words: truncated, a NUL or invalid UTF-8 inserted, a line
/// deleted or doubled, or a bit flipped.
fn mutate_bytes(b: &mut Vec<u8>, rng: &mut Pcg64Mcg) -> String {
    if b.is_empty() {
        b.push(b'=');
        return "'=' written into the empty file".to_string();
    }
    match rng.random_range(0..6u32) {
        0 => {
            let at = rng.random_range(0..b.len());
            b.truncate(at);
            format!("truncate at byte {at}")
        }
        1 => {
            let at = rng.random_range(0..=b.len());
            b.insert(at, 0);
            format!("NUL at byte {at}")
        }
        2 => {
            const BAD: [&[u8]; 5] = [
                &[0xFF],
                &[0xC3],
                &[0x80],
                &[0xED, 0xA0, 0x80],
                &[0xF4, 0x90, 0x80, 0x80],
            ];
            let bad = BAD[rng.random_range(0..BAD.len())];
            let at = rng.random_range(0..=b.len());
            let tail = b.split_off(at);
            b.extend_from_slice(bad);
            b.extend_from_slice(&tail);
            format!("invalid UTF-8 {bad:02x?} at byte {at}")
        }
        op @ (3 | 4) => {
            let starts: Vec<usize> = std::iter::once(0)
                .chain(
                    b.iter()
                        .enumerate()
                        .filter(|&(_, &c)| c == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .filter(|&s| s < b.len())
                .collect();
            let n = rng.random_range(0..starts.len());
            let start = starts[n];
            let end = starts.get(n + 1).copied().unwrap_or(b.len());
            if op == 3 {
                let tail = b.split_off(end);
                b.truncate(start);
                b.extend_from_slice(&tail);
                format!("delete line {}", n + 1)
            } else {
                let mut line = b[start..end].to_vec();
                if !line.ends_with(b"\n") {
                    line.push(b'\n');
                }
                let tail = b.split_off(start);
                b.extend_from_slice(&line);
                b.extend_from_slice(&tail);
                format!("double line {}", n + 1)
            }
        }
        _ => {
            let at = rng.random_range(0..b.len());
            let bit = rng.random_range(0..8u32);
            b[at] ^= 1u8 << bit;
            format!("flip bit {bit} of byte {at}")
        }
    }
}
