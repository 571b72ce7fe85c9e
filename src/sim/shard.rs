//! Runs past one machine: `--shard K/N` plays only the K-th of N equal shares of a run's
//! game indices and writes a shard file; `sandtable merge` combines the N shard files into
//! exactly what one machine would have printed and written.
//!
//! A shard file is one line of JSON (the [`Header`]: which run, which share, its totals
//! folded per variant, the context the merged report needs) followed by the CSV of its games
//! (a header line, then one row per game in index order). The header's first field is a
//! seal, a hash of everything after it, so that an edited or corrupted shard (a row doubled,
//! rows swapped, a total changed) is refused rather than merged into wrong figures. Totals are integer counts and sums
//! ([`Totals`]), so merging them is exact; the rows of the shards, in shard order, are the
//! rows of the whole run in index order. Every game's seed depends only on the run seed and
//! its index, so a shard plays exactly the games one machine would have played.

use super::totals::{PairedWins, Totals};
use crate::engine::write::{Scratch, WholeFile};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The first word of every shard file's header, with the format's version.
/// (2: the pairs carry the paired score difference; 3: the header is sealed.)
pub const FORMAT: &str = "sandtable-shard-3";

/// How a shard file begins: the seal's key; then 16 hex digits and `",`.
const SEAL_KEY: &str = "{\"seal\":\"";

/// The longest header line and CSV row a shard file may have (a file with longer lines is
/// no shard file, and is not read into memory whole).
const MOST_HEADER: u64 = 16 << 20;
const MOST_ROW: u64 = 1 << 20;

/// FNV-1a (64 bits) over bytes fed in pieces: the run identity and the seal.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Reads a line of at most `most` bytes (terminator included) into `line`; its length, 0 at
/// the end. A longer line is an error.
fn read_bounded_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    most: u64,
) -> Result<usize, String> {
    line.clear();
    let n = std::io::Read::take(input, most)
        .read_until(b'\n', line)
        .map_err(|e| format!("cannot read: {e}"))?;
    if n as u64 == most && !line.ends_with(b"\n") {
        return Err(format!("a line over {} bytes long: not a shard file", most));
    }
    Ok(n)
}

/// The K-th (from 1) of N shares of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    /// Parses `K/N` (`3/8`: the third of eight shares).
    pub fn parse(arg: &str) -> Result<Shard, String> {
        let bad = || format!("'{arg}' is not K/N, the K-th of N shards (1 ≤ K ≤ N), e.g. 3/8");
        let (k, n) = arg.split_once('/').ok_or_else(bad)?;
        // A whole number past u64 is told as such, not as a K above N (trial 15a F4).
        // No spaces, as clap's --seed and --games take none (trial 19a F5).
        let number = |text: &str| match text.parse::<u64>() {
            Ok(x) => Ok(x),
            Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => {
                Err(format!("'{arg}': {text} is past the most shards, 2^64 − 1"))
            }
            Err(_) => Err(bad()),
        };
        let (k, n) = (number(k)?, number(n)?);
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// The game indices of this shard of a run of `games` games: contiguous, in order, and
    /// together exactly `0..games`.
    pub fn range(&self, games: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.n)) as u64;
        at(self.k - 1)..at(self.k)
    }

    /// Refuses more shards than games: a shard of no games is a mistake in the job script.
    pub fn check(&self, games: u64) -> Result<(), String> {
        if self.n > games {
            return Err(format!(
                "--shard {}/{}: {} shards for {games} games leaves some shard without a game",
                self.k, self.n, self.n
            ));
        }
        Ok(())
    }
}

/// What a shard file says about itself: the first line, as JSON.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Header {
    /// [`FORMAT`].
    pub format: String,
    /// The command that wrote it (`balance`, `experiment`), which reads `context`.
    pub kind: String,
    /// The seal as read (written before the header's other fields, not with them).
    #[serde(default, skip_serializing)]
    pub seal: String,
    /// The run's identity: a hash of everything that defines its games (game, data, bots,
    /// seed, number of games, spec). Every shard of one run has the same.
    pub run: String,
    pub shard: u64,
    pub shards: u64,
    /// The game indices it played.
    pub first_game: u64,
    pub end_game: u64,
    /// CSV rows after the CSV header line.
    pub rows: u64,
    /// Its wall time.
    pub seconds: f64,
    /// The command line that wrote it.
    pub command: String,
    /// Its totals, per variant (a balance run: one).
    pub totals: Vec<Totals>,
    /// Each variant's paired outcomes against the baseline (the first: none).
    pub pairs: Vec<PairedWins>,
    /// What the merged output needs besides the totals (the command's own).
    pub context: serde_json::Value,
}

/// What a shard played, for its header: its share, the CSV rows it wrote (games × variants),
/// its wall time, and its totals and pairs per variant.
pub struct Played {
    pub shard: Shard,
    pub games: Range<u64>,
    pub rows: u64,
    pub seconds: f64,
    pub totals: Vec<Totals>,
    pub pairs: Vec<PairedWins>,
}

impl Header {
    /// The header of a shard of a `kind` run defined by `context`; the run's identity is the
    /// hash of that context, and the command is this process's.
    pub fn new(kind: &str, context: &impl Serialize, played: Played) -> Result<Header, String> {
        let context = serde_json::to_value(context).map_err(|e| e.to_string())?;
        Ok(Header {
            format: FORMAT.to_string(),
            kind: kind.to_string(),
            seal: String::new(),
            run: run_identity(kind, &context),
            shard: played.shard.k,
            shards: played.shard.n,
            first_game: played.games.start,
            end_game: played.games.end,
            rows: played.rows,
            seconds: played.seconds,
            command: std::env::args().collect::<Vec<_>>().join(" "),
            totals: played.totals,
            pairs: played.pairs,
            context,
        })
    }

    /// The line a shard prints when its file is written.
    pub fn written(&self, path: &Path) -> String {
        format!(
            "shard {}/{} of run {}: games {}..{} written to {} in {:.1} s; merge {} with \
             `sandtable merge`",
            self.shard,
            self.shards,
            self.run,
            self.first_game,
            self.end_game,
            path.display(),
            self.seconds,
            // Trial 19a F5: not "the 1 shards".
            match self.shards {
                1 => "it".to_string(),
                n => format!("the {n} shards"),
            }
        )
    }
}

/// The identity of a run, from its defining context (a stable 64-bit FNV-1a hash of it).
pub fn run_identity(kind: &str, context: &serde_json::Value) -> String {
    let mut h = Fnv::new();
    h.update(format!("{kind}\n{context}").as_bytes());
    format!("{:016x}", h.0)
}

/// Writes a shard: its rows stream to a scratch file beside it while the games are played;
/// `finish` writes the header and the rows to the shard file whole, or leaves nothing.
/// Dropped unfinished (an error, an interrupt), the scratch file is removed.
pub struct Writer {
    path: PathBuf,
    rows: Scratch,
}

impl Writer {
    pub fn create(path: &Path) -> std::io::Result<Writer> {
        Ok(Writer {
            path: path.to_path_buf(),
            rows: Scratch::create(path, "rows")?,
        })
    }

    /// Where the CSV rows go as they are played.
    pub fn rows(&mut self) -> &mut Scratch {
        &mut self.rows
    }

    /// Writes the sealed header line and then the rows into the shard file, whole.
    pub fn finish(mut self, header: &Header) -> std::io::Result<()> {
        let json = serde_json::to_string(header)?;
        // The header's fields after its opening brace, then the rows: what the seal covers.
        let rest = format!("{}\n", &json[1..]);
        let mut seal = Fnv::new();
        seal.update(rest.as_bytes());
        let mut rows = BufReader::new(self.rows.reread()?);
        loop {
            let chunk = rows.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            seal.update(chunk);
            let n = chunk.len();
            rows.consume(n);
        }
        let mut out = WholeFile::create(&self.path)?;
        write!(out, "{SEAL_KEY}{:016x}\",{rest}", seal.0)?;
        std::io::copy(&mut self.rows.reread()?, &mut out)?;
        out.commit()
    }
}

/// A shard file read back: its path and header.
pub struct Part {
    pub path: PathBuf,
    pub header: Header,
    /// The seal's hash over the header line after the seal, to go on over the rows.
    sealed_header: Fnv,
}

/// Reads the headers of `paths` and checks they are every shard of one run exactly once;
/// returns them in shard order. Errors are one line naming the file.
pub fn read_set(paths: &[PathBuf]) -> Result<Vec<Part>, String> {
    let mut parts = paths
        .iter()
        .map(|p| {
            read_header(p).map(|(header, sealed_header)| Part {
                path: p.clone(),
                header,
                sealed_header,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let Some(first) = parts.first() else {
        return Err("no shard files given".into());
    };
    let (run, shards, kind) = (
        first.header.run.clone(),
        first.header.shards,
        first.header.kind.clone(),
    );
    let first_path = first.path.display().to_string();
    for part in &parts {
        let h = &part.header;
        // An impossible number is the file's fault, not a missing shard (trial 12a F2).
        if h.shard == 0 || h.shard > h.shards {
            return Err(format!(
                "{}: shard {} of {} is not a shard number (1 to {}): an edited or corrupted \
                 header",
                part.path.display(),
                h.shard,
                h.shards,
                h.shards
            ));
        }
        if h.kind != kind || h.run != run || h.shards != shards {
            return Err(format!(
                "{}: a shard of another run ({} run {}, {} shards) than {first_path} ({kind} \
                 run {run}, {shards} shards)",
                part.path.display(),
                h.kind,
                h.run,
                h.shards
            ));
        }
    }
    parts.sort_by_key(|p| p.header.shard);
    for pair in parts.windows(2) {
        if pair[0].header.shard == pair[1].header.shard {
            return Err(format!(
                "{}: shard {}/{shards} is given twice (also {})",
                pair[1].path.display(),
                pair[1].header.shard,
                pair[0].path.display()
            ));
        }
    }
    let given: Vec<u64> = parts.iter().map(|p| p.header.shard).collect();
    if let Some(k) = (1..=shards).find(|k| !given.contains(k)) {
        let list: Vec<String> = given.iter().map(u64::to_string).collect();
        return Err(format!(
            "shard {k}/{shards} is missing: given {} of {shards} ({})",
            given.len(),
            list.join(", ")
        ));
    }
    check_contiguous(&parts)?;
    Ok(parts)
}

/// Each shard must start where the one before ended (the shares of one run do).
fn check_contiguous(parts: &[Part]) -> Result<(), String> {
    let mut next = 0;
    for part in parts {
        let h = &part.header;
        if h.first_game != next || h.end_game < h.first_game {
            return Err(format!(
                "{}: plays games {}..{}, but shard {} of this run starts at game {next}",
                part.path.display(),
                h.first_game,
                h.end_game,
                h.shard
            ));
        }
        next = h.end_game;
    }
    Ok(())
}

/// The header of the shard file at `path`, and the seal's hash over the rest of its line.
fn read_header(path: &Path) -> Result<(Header, Fnv), String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    crate::engine::read::check_file(path).map_err(|e| at(&format!("cannot read: {e}")))?;
    let file = std::fs::File::open(path).map_err(|e| at(&format!("cannot read: {e}")))?;
    let mut line = Vec::new();
    read_bounded_line(&mut BufReader::new(file), &mut line, MOST_HEADER).map_err(|e| at(&e))?;
    let not_shard = || at(&"not a Sandtable shard file (its first line is not a shard header)");
    let header: Header = serde_json::from_slice(&line).map_err(|_| not_shard())?;
    if header.format != FORMAT {
        return Err(at(&format!(
            "a shard file of format {}, which this Sandtable does not read ({FORMAT})",
            header.format
        )));
    }
    let rest = line
        .strip_prefix(SEAL_KEY.as_bytes())
        .and_then(|l| l.get(header.seal.len() + 2..))
        .filter(|_| header.seal.len() == 16);
    let Some(rest) = rest else {
        return Err(at(
            &"its header has no seal where it begins (an edited file)",
        ));
    };
    let mut sealed = Fnv::new();
    sealed.update(rest);
    Ok((header, sealed))
}

/// The shape of a run's totals: its game's players, its variants (a balance run: 1) and
/// whether each variant has its pairs with the baseline (an experiment's).
pub struct Shape {
    pub players: usize,
    pub variants: usize,
    pub paired: bool,
}

/// The totals of every variant of a run of shape `shape`, summed over the shards.
pub fn merged_totals(
    parts: &[Part],
    shape: Shape,
) -> Result<(Vec<Totals>, Vec<PairedWins>), String> {
    for part in parts {
        check_totals(&part.header, &shape).map_err(|e| {
            format!(
                "{}: its header's totals do not add up ({e}): an edited file",
                part.path.display()
            )
        })?;
    }
    let first = &parts[0].header;
    let (mut totals, mut pairs) = (first.totals.clone(), first.pairs.clone());
    for part in &parts[1..] {
        let h = &part.header;
        let merged = totals
            .iter_mut()
            .zip(&h.totals)
            .try_for_each(|(t, o)| t.merge(o))
            .and_then(|_| {
                pairs
                    .iter_mut()
                    .zip(&h.pairs)
                    .try_for_each(|(t, o)| t.merge(o))
            });
        merged.map_err(|e| format!("{}: {e}: an edited file", part.path.display()))?;
    }
    Ok((totals, pairs))
}

/// A shard's totals are those of the games it played: one set a variant, each with the run's
/// players, and every count within the shard's games (a seal guards against a slip, not
/// against a file edited and sealed again, whose totals would otherwise be printed as read).
fn check_totals(h: &Header, shape: &Shape) -> Result<(), String> {
    let Shape {
        players,
        variants,
        paired,
    } = *shape;
    let games = h.end_game - h.first_game;
    if players == 0 {
        return Err("a run of no players".into());
    }
    // A wall time a machine can have taken (0 to about 31 years; 1e308 would print as inf).
    if !(0.0..=1e9).contains(&h.seconds) {
        return Err(format!("a run time of {} s", h.seconds));
    }
    if h.totals.len() != variants {
        return Err(format!(
            "{} variants' totals, not {variants}",
            h.totals.len()
        ));
    }
    let pairs = if paired { variants } else { 0 };
    if h.pairs.len() != pairs {
        return Err(format!("{} variants' pairs, not {pairs}", h.pairs.len()));
    }
    if u128::from(h.rows) != u128::from(games) * variants as u128 {
        return Err(format!(
            "{} rows for {games} games of {variants} variants",
            h.rows
        ));
    }
    for t in &h.totals {
        t.check(players, games)?;
    }
    for p in &h.pairs {
        p.check(players, games)?;
    }
    Ok(())
}

/// Why copying shards' rows failed.
#[derive(Debug)]
pub enum CopyError {
    /// A shard is wrong or unreadable: the message names it.
    Shard(String),
    /// Writing the output failed (the caller names it).
    Write(std::io::Error),
}

impl std::fmt::Display for CopyError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            CopyError::Shard(message) => f.write_str(message),
            CopyError::Write(e) => std::fmt::Display::fmt(e, f),
        }
    }
}

/// Copies the shards' CSVs into `out` as one: the first shard's header line, then every
/// shard's rows in shard order. A shard whose CSV header differs, with fewer or more rows
/// than its header promises (a truncated file), or whose contents do not match its seal (an
/// edited or corrupted file), is an error naming it.
pub fn copy_rows(parts: &[Part], out: &mut impl Write) -> Result<(), CopyError> {
    let mut csv_header: Option<Vec<u8>> = None;
    let mut line = Vec::new();
    for part in parts {
        let at =
            |e: &dyn std::fmt::Display| CopyError::Shard(format!("{}: {e}", part.path.display()));
        let file = std::fs::File::open(&part.path).map_err(|e| at(&e))?;
        let mut input = BufReader::new(file);
        let mut seal = part.sealed_header;
        // The shard header, read already.
        read_bounded_line(&mut input, &mut line, MOST_HEADER).map_err(|e| at(&e))?;
        // Lines are copied byte for byte, terminators included; the seal's hash goes on over
        // every line after the header.
        let mut next = |line: &mut Vec<u8>, seal: &mut Fnv| {
            let n = read_bounded_line(&mut input, line, MOST_ROW).map_err(|e| at(&e))?;
            seal.update(line);
            Ok::<usize, CopyError>(n)
        };
        if next(&mut line, &mut seal)? == 0 {
            return Err(at(&"no CSV after the shard header (truncated?)"));
        }
        check_line_ends(&line).map_err(|e| at(&e))?;
        match &csv_header {
            None => {
                out.write_all(&line).map_err(CopyError::Write)?;
                csv_header = Some(line.clone());
            }
            Some(h) if *h != line => {
                return Err(at(&"its CSV columns differ from the first shard's"));
            }
            Some(_) => {}
        }
        let mut rows = 0;
        while next(&mut line, &mut seal)? > 0 {
            if !line.ends_with(b"\n") {
                return Err(at(&"its last row is cut short (a truncated file)"));
            }
            check_line_ends(&line).map_err(|e| at(&e))?;
            if line.trim_ascii().is_empty() {
                return Err(at(&format!(
                    "a blank line after game row {rows}: a shard has none (an edited file)"
                )));
            }
            out.write_all(&line).map_err(CopyError::Write)?;
            rows += 1;
        }
        if rows != part.header.rows {
            return Err(at(&format!(
                "{rows} game rows, but its header says {} (a truncated or edited file)",
                part.header.rows
            )));
        }
        if format!("{:016x}", seal.0) != part.header.seal {
            return Err(at(
                &"its contents do not match its seal (an edited or corrupted file)",
            ));
        }
    }
    Ok(())
}

/// A shard is written with LF line ends: CRLF ones (a copy through Windows) are told as such
/// rather than as other columns or a broken seal (trial 17a F16).
fn check_line_ends(line: &[u8]) -> Result<(), String> {
    match line.ends_with(b"\r\n") {
        true => Err(
            "its lines end in CRLF (copied through Windows?); a shard's end in LF \
                     alone: convert it back (dos2unix) or copy it as binary"
                .into(),
        ),
        false => Ok(()),
    }
}
