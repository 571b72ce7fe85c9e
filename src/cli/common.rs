//! Flags and helpers shared by the commands that run games.

use super::CliError;
use crate::bots::Bot;
use crate::engine::write::{Folder, WholeSet};
use crate::engine::{Game, PlayerId};
use crate::sim::{progress, run_folded, GameRecord, Plan, Stop, Totals};
use clap::Args;
use std::path::{Path, PathBuf};

/// `--seed`, `--threads` and `--data`, for every command that plays games.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Run seed: game i is seeded from (seed, i), so the same seed gives the same results.
    #[arg(long, default_value_t = 1, value_parser = seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// Worker threads for games (0: one per core; at most 1,024, and no more than the cores).
    /// Results do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = thread_count, allow_hyphen_values = true)]
    pub threads: usize,
    /// Game data to use instead of the embedded default: a directory of TOML tables or one
    /// TOML file holding them all.
    #[arg(long, value_name = "PATH")]
    pub data: Option<PathBuf>,
    /// Let bots see everything, hidden information included (Crossing the Line: the stacks
    /// under their top unit and every strength marker, 5.3.4). By default bots play by
    /// information sets.
    #[arg(long)]
    pub open: bool,
}

impl RunArgs {
    /// Plays the games of `plan` (`sim::run_folded`) with bot `names[p]` for player `p` and a
    /// progress bar on stderr, handing each batch of records to `each`.
    pub fn play_folded<G, M>(
        &self,
        game: &G,
        names: &[&str],
        make: &M,
        plan: &Plan,
        each: &mut dyn FnMut(&[GameRecord]) -> Result<(), CliError>,
    ) -> Result<(Totals, Option<Stop>), CliError>
    where
        G: Game,
        M: Fn(&str, PlayerId) -> Option<Box<dyn Bot<G>>> + Sync,
    {
        let bar = progress::games_bar(plan.range.end - plan.range.start);
        let bots = |p| make(names[p], p).expect("bot names were checked");
        let run = run_folded(game, &bots, plan, self.seed, self.threads, &bar, each)?;
        bar.finish_and_clear();
        Ok(run)
    }
}

/// Parses `--precision`: a 95% half-width as a fraction (`sim::runner::check_precision`).
pub fn precision(arg: &str) -> Result<f64, String> {
    let p = arg.parse::<f64>().map_err(|_| {
        "expected a half-width from 0.0001 to below 0.5 (0.01 is one percentage point)".to_string()
    })?;
    crate::sim::runner::check_precision(p)
}

/// The game `G` as `--data`, `--scenario` and `--open` ask, and the names of the
/// reconstructed tables its results will rest on.
pub fn load_for_run<G: crate::registry::Entry>(
    run: &RunArgs,
    scenario: Option<&str>,
) -> Result<(G, Vec<&'static str>), CliError> {
    let game = G::load(run.data.as_deref(), scenario, run.open)?;
    if let Some(note) = crate::registry::rulebook_note::<G>(run.data.as_deref()) {
        crate::stderr_line!("{note}");
    }
    let provenance = crate::registry::table_names(&game.reconstructed());
    Ok((game, provenance))
}

/// `--shard` writes a shard file, so it needs `--out` (balance and ladder alike).
pub fn shard_needs_out(out: &Option<PathBuf>) -> Result<(), CliError> {
    match out {
        Some(_) => Ok(()),
        None => Err(CliError::Usage(
            "--shard writes a shard file: give it with --out FILE, then `sandtable merge` \
             the shard files"
                .into(),
        )),
    }
}

/// Checks, before a long run, that a file can be written at `path` (its folder exists and
/// takes a new file), leaving any file already there as it is.
pub fn check_writable(path: &Path) -> Result<(), CliError> {
    // Trial 18a F11: "nofolder/" names a folder, found only when writing after the run.
    if !path.is_dir() && path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(CliError::Usage(format!(
            "{}: ends in '/', so it names a folder; give the path of the file to write",
            path.display()
        )));
    }
    if path.is_dir() {
        return Err(CliError::Usage(format!(
            "{}: is a folder; give the path of the file to write",
            path.display()
        )));
    }
    match std::fs::metadata(path) {
        // A loop of links, or a folder that cannot be searched: the write would fail.
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(output_error(path, e));
        }
        _ => {}
    }
    crate::engine::write::refuse_named_pipe(path).map_err(|e| output_error(path, e))?;
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        // A device (/dev/null) is written in place: it must open for writing.
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map(drop)
            .map_err(|e| output_error(path, e));
    }
    let dir = crate::engine::write::folder_of(path);
    crate::engine::write::probe_folder(dir).map_err(|e| output_error(path, e))
}

/// Whether two paths name one file (existing or not): the same name in the same folder,
/// however each is spelt (`./a.csv` and `a.csv`), or, both existing, one file reached through
/// a symlink (an output is written through a link to it: trial 12a F1).
pub fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(x), Ok(y)) = (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        if x == y {
            return true;
        }
    }
    let place = |p: &Path| {
        let dir = crate::engine::write::folder_of(p);
        (
            std::fs::canonicalize(dir).ok(),
            p.file_name().map(|n| n.to_owned()),
        )
    };
    let (x, y) = (place(a), place(b));
    x.0.is_some() && x == y
}

/// The folder of a run's files (`ladder --out`, an experiment's results), made if missing
/// and checked to take new files before the run. Held until the files are written: dropped
/// after a failure or an interrupt, a folder it made is removed again if empty.
pub fn output_folder(dir: &Path) -> Result<Folder, CliError> {
    let folder = Folder::create(dir).map_err(|e| output_error(dir, e))?;
    crate::engine::write::probe_folder(dir).map_err(|e| output_error(dir, e))?;
    Ok(folder)
}

/// Writes `bytes` to `path` whole or not at all (`engine::write::write_whole`).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    crate::engine::write::write_whole(path, bytes).map_err(|e| output_error(path, e))
}

/// Adds the file `path` holding `bytes` to files written together (`engine::write::WholeSet`).
pub fn stage(files: &mut WholeSet, path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    files.write(path, bytes).map_err(|e| output_error(path, e))
}

/// Renames files written together into place; an error names the file.
pub fn commit(files: WholeSet) -> Result<(), CliError> {
    files.commit().map_err(|(path, e)| output_error(&path, e))
}

/// Copying shards' rows into `path` failed: a shard is wrong (its message names it), or
/// `path` could not be written.
pub fn copy_error(path: &Path, e: crate::sim::shard::CopyError) -> CliError {
    match e {
        crate::sim::shard::CopyError::Shard(message) => CliError::Usage(message),
        crate::sim::shard::CopyError::Write(e) => output_error(path, e),
    }
}

/// An output file that could not be written: "cannot write PATH: REASON", the reason as the
/// OS gives it (`No space left on device (os error 28)`), never a debug form.
pub fn output_error(path: &Path, e: impl std::fmt::Display) -> CliError {
    CliError::Output {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// Parses a number of games: a run of none has nothing to report, so 0 is refused.
pub fn game_count(arg: &str) -> Result<u64, String> {
    match whole_number(arg, 1)? {
        0 => Err("at least one game is needed".into()),
        n => Ok(n),
    }
}

/// Parses `--seed`: any whole number from 0 to 2^64 − 1.
pub fn seed(arg: &str) -> Result<u64, String> {
    whole_number(arg, 0)
}

/// Parses `--port`: 0 (any free port) to 65535.
pub fn port(arg: &str) -> Result<u16, String> {
    arg.parse::<u16>()
        .map_err(|_| "expected a port from 0 (any free port) to 65535".to_string())
}

/// Parses `--bind`: an IP address, with what it is not in words (trial 22b F4: Rust's
/// "invalid IP address syntax").
pub fn ip_address(arg: &str) -> Result<std::net::IpAddr, String> {
    arg.parse().map_err(|_| {
        "expected an IP address such as 127.0.0.1 or ::1 (not a host name; the port goes in \
         --port)"
            .to_string()
    })
}

/// A whole number from `least` to 2^64 − 1, its range said in words when it is not one
/// (trial 14a F5: "invalid digit found in string", or too large with no range).
fn whole_number(arg: &str, least: u64) -> Result<u64, String> {
    arg.parse::<u64>().map_err(|_| {
        format!(
            "expected a whole number from {least} to 2^64 − 1 ({})",
            u64::MAX
        )
    })
}

/// The most worker threads a run may ask for (a run uses at most the machine's cores).
pub const MAX_THREADS: usize = 1024;

/// Parses `--threads`: 0 (one per core) to [`MAX_THREADS`].
pub fn thread_count(arg: &str) -> Result<usize, String> {
    match arg.parse::<usize>() {
        Ok(n) if n > MAX_THREADS => Err(format!(
            "{n} threads is more than the {MAX_THREADS} a run may use (0 means one per core)"
        )),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "expected a whole number from 0 (one per core) to {MAX_THREADS}"
        )),
    }
}

/// The game a command with `--load SAVE` plays or draws: the save is read first and must be
/// a save of `G`; the scenario is `--scenario`, or else the save's own (an error in it then
/// names the save).
pub fn game_for_save<G: crate::registry::Entry>(
    data: Option<&Path>,
    scenario: Option<&str>,
    load: Option<&Path>,
    open: bool,
) -> Result<(G, Option<crate::engine::Replay>), CliError> {
    let saved = load
        .map(|path| crate::engine::Replay::read_for(path, G::INFO.id).map_err(CliError::Usage))
        .transpose()?;
    let game = match (scenario, &saved, load) {
        // The save names the scenario: an unknown one is the save's error; a data error
        // stays the data's (trial 16a F8: "s1.save: bad data: …").
        (None, Some(replay), Some(path)) => G::load(data, replay.scenario.as_deref(), open)
            .map_err(|e| match e {
                CliError::UnknownScenario { .. } | CliError::MissingScenario { .. } => {
                    CliError::Usage(format!("{}: {e}", path.display()))
                }
                e => e,
            })?,
        _ => G::load(data, scenario, open)?,
    };
    if let Some(note) = crate::registry::rulebook_note::<G>(data) {
        crate::stderr_line!("{note}");
    }
    Ok((game, saved))
}
