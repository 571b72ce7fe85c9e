//! `sandtable experiment experiments/<name>.toml`: what changes when a number changes.
//! Every variant (the unmodified data as the baseline, each named variant, each cell of a
//! sweep) is the game loaded from the data with the variant's overrides applied
//! ([`overrides`]), validated like a user's `--data`, and plays the same game seeds as the
//! baseline (common random numbers), so each difference is measured paired, seed by seed.
//! The results go to `results/<name>/` ([`output`]).

pub mod output;
pub mod overrides;
pub mod skill;
pub mod spec;

use crate::cli::common::output_error;
use crate::cli::CliError;
use crate::engine::write::{Folder, WholeFile, WholeSet};
use crate::engine::PlayerId;
use crate::registry::{self, Entry};
use crate::sim::report::mean_se;
use crate::sim::shard::{self, Shard};
use crate::sim::{progress, records, run_range, GameRecord, PairedWins, Plan, Summary, Totals};
use serde::{Deserialize, Serialize};
use spec::{Spec, Variant};
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How the command was run.
pub struct Context<'a> {
    pub spec_path: &'a Path,
    /// The results folder, or with `shard` the shard file.
    pub out: &'a Path,
    pub threads: usize,
    pub command: String,
    /// Play only this share of the games and write a shard file.
    pub shard: Option<Shard>,
}

/// What defines an experiment's run besides its shard, and what its results need: a shard
/// file carries it, so `merge` writes the results one machine would have written.
#[derive(Serialize, Deserialize)]
pub struct RunContext {
    pub spec_text: String,
    /// The experiment's name (the spec's `name`, else its file's stem).
    pub name: String,
    pub title: String,
    pub bots: Vec<String>,
    /// Each variant's bots by acting side (the baseline's first).
    #[serde(default)]
    pub variant_bots: Vec<Vec<String>>,
    pub names: Vec<String>,
    pub reconstructed: Vec<String>,
    /// Each variant's data identity.
    pub data: Vec<String>,
    /// Each variant's bots' presets as read (`preset::identity`): a preset file edited between
    /// two shards makes them shards of two runs, which `merge` refuses.
    #[serde(default)]
    pub presets: Vec<Vec<String>>,
    /// Whether the game has turns (`RecordColumns::turn`): First Blood has none (10.1), so its
    /// summary.csv has no mean turn.
    #[serde(default = "has_turns")]
    pub turns: bool,
    pub version: String,
}

/// A shard written before `RunContext::turns` was kept: its game had turns.
fn has_turns() -> bool {
    true
}

/// Loads every variant of the spec (before any game: a bad override or an invalid value
/// fails at once), plays them, and writes the results (or, with a shard, the shard file).
pub fn run<G: Entry>(spec: &Spec, ctx: &Context) -> Result<(), CliError> {
    let variants = spec.variants().map_err(CliError::Usage)?;
    let games: Vec<G> = variants
        .iter()
        .map(|v| load_variant::<G>(spec, v, ctx.spec_path))
        .collect::<Result<_, _>>()?;
    let game = &games[0];
    let bots = bot_names(game, spec, &variants, ctx.spec_path)?;
    let range = match ctx.shard {
        Some(shard) => check_shard(spec, ctx, &shard)?,
        None => 0..spec.games,
    };
    crate::cli::select::check_timed(&bots.concat(), ctx.shard.is_some())
        .map_err(|e| CliError::Usage(format!("{}: {e}", ctx.spec_path.display())))?;
    let reconstructed = registry::table_names(&game.reconstructed());
    let run_context = RunContext {
        spec_text: spec.text.clone(),
        name: spec.name().to_string(),
        title: game.title(),
        bots: bots[0].clone(),
        variant_bots: bots.clone(),
        names: (0..game.num_players())
            .map(|p| game.player_name(p).to_string())
            .collect(),
        reconstructed: reconstructed.iter().map(|s| s.to_string()).collect(),
        data: games.iter().map(|g| g.data_identity()).collect(),
        presets: preset_identities(&bots, ctx.spec_path)?,
        turns: game.record_columns().turn,
        version: env!("CARGO_PKG_VERSION").to_string(),
    };
    if !reconstructed.is_empty() {
        crate::stderr_line!(
            "note: results depend on reconstructed data: {}",
            reconstructed.join(", ")
        );
    }
    warn_unchanged(ctx.spec_path, &variants, &run_context);
    let plan = Plan {
        range,
        precision: spec.precision,
    };
    let names: Vec<&str> = run_context.names.iter().map(String::as_str).collect();
    let bot_refs: Vec<Vec<&str>> = bots
        .iter()
        .map(|b| b.iter().map(String::as_str).collect())
        .collect();
    let runs: Vec<records::Run> = games
        .iter()
        .zip(&run_context.data)
        .zip(&bot_refs)
        .map(|((g, data), bots)| records::Run {
            names: &names,
            columns: g.record_columns(),
            score: g.final_score(&g.initial_state()).map(|(name, _)| name),
            bots,
            run_seed: spec.seed,
            data,
            provenance: &reconstructed,
        })
        .collect();
    let setup = Setup {
        spec,
        ctx,
        variants: &variants,
        games: &games,
        bots: &bots,
        plan,
        runs: &runs,
        context: &run_context,
    };
    match ctx.shard {
        Some(shard) => setup.shard(shard),
        None => setup.whole(),
    }
}

/// Everything a run needs once its variants are loaded and checked.
struct Setup<'a, G> {
    spec: &'a Spec,
    ctx: &'a Context<'a>,
    variants: &'a [Variant],
    games: &'a [G],
    /// Each variant's bots by acting side.
    bots: &'a [Vec<String>],
    plan: Plan,
    /// What each variant's CSV rows repeat.
    runs: &'a [records::Run<'a>],
    context: &'a RunContext,
}

impl<G: Entry> Setup<'_, G> {
    /// Plays the plan, writing the rows to `csv` (errors name `path`) in game order, each
    /// seed's variants together (so the rows of shards, one after another, are the rows of
    /// the whole run); returns the totals and the writer.
    fn play_into<W: std::io::Write>(
        &self,
        mut csv: records::Writer<W>,
        path: &Path,
    ) -> Result<(Played, W), CliError> {
        let mut write = |batch: &[Vec<GameRecord>]| -> Result<(), CliError> {
            for i in 0..batch[0].len() {
                for (v, records) in batch.iter().enumerate() {
                    csv.write(&self.variants[v].name, &self.runs[v], &records[i])
                        .map_err(|e| output_error(path, e))?;
                }
            }
            Ok(())
        };
        let (spec, threads) = (self.spec, self.ctx.threads);
        let played = play(spec, self.games, self.bots, &self.plan, threads, &mut write)?;
        let w = csv.finish().map_err(|e| output_error(path, e))?;
        Ok((played, w))
    }

    /// Plays one share of the games into a shard file for `sandtable merge`.
    fn shard(&self, shard: Shard) -> Result<(), CliError> {
        let (path, plan, started) = (self.ctx.out, &self.plan, Instant::now());
        crate::cli::common::check_writable(path)?;
        let mut file = shard::Writer::create(path).map_err(|e| output_error(path, e))?;
        let csv = records::Writer::new(file.rows(), "variant", &self.runs[0])
            .map_err(|e| output_error(path, e))?;
        let (played, _) = self.play_into(csv, path)?;
        let share = shard::Played {
            shard,
            games: plan.range.clone(),
            rows: (plan.range.end - plan.range.start) * self.variants.len() as u64,
            seconds: started.elapsed().as_secs_f64(),
            totals: played.totals,
            pairs: played.pairs,
        };
        let header =
            shard::Header::new("experiment", self.context, share).map_err(CliError::Usage)?;
        file.finish(&header).map_err(|e| output_error(path, e))?;
        println!("{}", header.written(path));
        Ok(())
    }

    /// Plays every game and writes the results folder: every file whole, or none of them.
    fn whole(&self) -> Result<(), CliError> {
        let started = Instant::now();
        let mut out = Outputs::new(self.ctx.out)?;
        let games_csv = out.path("games.csv");
        let file = WholeFile::create(&games_csv).map_err(|e| output_error(&games_csv, e))?;
        let csv = records::Writer::new(file, "variant", &self.runs[0])
            .map_err(|e| output_error(&games_csv, e))?;
        let (played, file) = self.play_into(csv, &games_csv)?;
        out.add("games.csv", file)?;
        let seconds = started.elapsed().as_secs_f64();
        let threads = match self.ctx.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let made = Made {
            command: format!("`{}`", self.ctx.command),
            timing: format!(
                "run time {seconds:.1} s on {threads} worker thread{}",
                if threads == 1 { "" } else { "s" }
            ),
        };
        let text = write_results(self.spec, self.context, &mut out, &played, &made)?;
        out.commit()?;
        print!("{text}");
        crate::stderr_line!(
            "wrote {} (summary.csv, games.csv, chart.svg, chart.png, report.md) in {seconds:.1} s",
            self.ctx.out.display()
        );
        Ok(())
    }
}

/// Each variant's bots' preset identities, in the order of `bots`.
fn preset_identities(bots: &[Vec<String>], spec_path: &Path) -> Result<Vec<Vec<String>>, CliError> {
    let identity = |b: &String| {
        crate::bots::preset::identity(b)
            .map_err(|e| CliError::Usage(format!("{}: {e}", spec_path.display())))
    };
    bots.iter()
        .map(|variant| variant.iter().map(identity).collect())
        .collect()
}

/// Whether variant `v` has the baseline's data and bots, and so plays its games again.
fn replays_baseline(context: &RunContext, v: usize) -> bool {
    context.data[v] == context.data[0]
        && context.variant_bots[v] == context.variant_bots[0]
        && context.presets.get(v) == context.presets.first()
}

/// A named variant whose data and bots are the baseline's (it sets values the data already
/// has) plays the baseline's games: almost always a slip in the spec, worth a line before a
/// long run. A sweep's cell at the baseline's value is expected and passes in silence.
fn warn_unchanged(spec_path: &Path, variants: &[Variant], context: &RunContext) {
    for (k, v) in variants.iter().enumerate().skip(1) {
        if v.cell.is_empty() && replays_baseline(context, k) {
            crate::stderr_line!(
                "note: {}: variant '{}' sets only values the data already has: it will play \
                 the baseline's games",
                spec_path.display(),
                v.name
            );
        }
    }
}

/// A shard plays a fixed share of a fixed number of games.
fn check_shard(spec: &Spec, ctx: &Context, shard: &Shard) -> Result<Range<u64>, CliError> {
    if spec.precision.is_some() {
        return Err(CliError::Usage(format!(
            "{}: precision decides when to stop from all the games played so far, so the run \
             cannot be split into shards: remove precision (games is then the number played)",
            ctx.spec_path.display()
        )));
    }
    shard.check(spec.games).map_err(CliError::Usage)?;
    Ok(shard.range(spec.games))
}

/// Takes one batch: every variant's games of the batch's indices, by variant.
type BatchSink<'a> = dyn FnMut(&[Vec<GameRecord>]) -> Result<(), CliError> + 'a;

/// What playing the variants gave: their totals, their pairs with the baseline, and how a
/// run to a precision stopped.
pub struct Played {
    pub totals: Vec<Totals>,
    pub pairs: Vec<PairedWins>,
    pub stop: Option<crate::sim::Stop>,
}

/// Plays every variant on the plan's game indices, a batch of indices for all variants at a
/// time: folding each into its totals and its pairs with the baseline, and writing their
/// rows to `sink`. With a precision, stops after the first batch at which every variant's
/// every side is known to it. Batches are whole, so this is the same for any thread count.
fn play<G: Entry>(
    spec: &Spec,
    games: &[G],
    bots: &[Vec<String>],
    plan: &Plan,
    threads: usize,
    sink: &mut BatchSink,
) -> Result<Played, CliError> {
    let sides = games[0].num_players();
    let span = plan.range.end - plan.range.start;
    let bar = progress::games_bar(span * games.len() as u64);
    let mut totals = vec![Totals::new(sides); games.len()];
    let mut pairs = vec![PairedWins::new(sides); games.len()];
    let mut start = plan.range.start;
    while start < plan.range.end {
        let end = start.saturating_add(crate::sim::BATCH).min(plan.range.end);
        let batch = games
            .iter()
            .zip(bots)
            .map(|(g, bots)| {
                let make = |p: PlayerId| registry::bot(g, &bots[p], p).expect("bots were checked");
                run_range(g, &make, start..end, spec.seed, threads, &bar)
            })
            .collect::<Result<Vec<_>, _>>()?;
        for (v, records) in batch.iter().enumerate() {
            records.iter().for_each(|r| totals[v].add(r));
            for (r, b) in records.iter().zip(&batch[0]) {
                pairs[v].add(r, b);
            }
        }
        sink(&batch)?;
        start = end;
        if let Some(precision) = plan.precision {
            let half_width = totals
                .iter()
                .map(|t| Summary::from_totals(t).widest_half_width())
                .fold(0.0, f64::max);
            let reached = half_width <= precision;
            if reached || start == plan.range.end {
                bar.finish_and_clear();
                let stop = crate::sim::Stop {
                    reached,
                    half_width,
                };
                return Ok(Played {
                    totals,
                    pairs,
                    stop: Some(stop),
                });
            }
        }
    }
    bar.finish_and_clear();
    Ok(Played {
        totals,
        pairs,
        stop: None,
    })
}

/// Draws one chart: the bytes of a PNG file (`true`) or an SVG file.
type DrawChart = Box<dyn Fn(bool) -> Result<Vec<u8>, String>>;

/// chart.svg and chart.png: a skill curve when the variants step one preset's budget, else
/// the heatmap of win rates by variant (or over the sweep's grid).
fn draw_chart(
    spec: &Spec,
    context: &RunContext,
    variants: &[Variant],
    rows: &[output::Row],
    out: &mut Outputs,
) -> Result<(), CliError> {
    let names: Vec<&str> = context.names.iter().map(String::as_str).collect();
    let draw: DrawChart = match skill::steps(variants, &context.variant_bots) {
        Some(steps) => {
            let acting = &names[..context.variant_bots[0].len().min(names.len())];
            let baseline = bots_label(&context.variant_bots[0]);
            let curve = skill::chart(spec.name(), acting, &baseline, &steps, rows);
            Box::new(move |png| crate::analysis::curve::render_curve(&curve, png))
        }
        None => {
            let labels = spec.axis_labels();
            let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
            let panel = output::chart(spec.name(), &names, &labels, rows);
            Box::new(move |png| {
                crate::analysis::plot::render_panels(std::slice::from_ref(&panel), png)
            })
        }
    };
    for (chart, png) in [("chart.svg", false), ("chart.png", true)] {
        let bytes = draw(png).map_err(|e| out.error(chart, e))?;
        out.write(chart, &bytes)?;
    }
    Ok(())
}

/// "scripted" when every side plays it, else "mcts-fast / scripted".
fn bots_label(bots: &[String]) -> String {
    match bots.first() {
        Some(first) if bots.iter().all(|b| b == first) => first.clone(),
        _ => bots.join(" / "),
    }
}

/// How the results were made, for the report: the command and the run time.
struct Made {
    command: String,
    timing: String,
}

/// Adds summary.csv, the chart and report.md to the results, and returns the summary table
/// to print once they are written: the same from one machine's run and from merged shards.
fn write_results(
    spec: &Spec,
    context: &RunContext,
    out: &mut Outputs,
    played: &Played,
    made: &Made,
) -> Result<String, CliError> {
    let variants = spec.variants().map_err(CliError::Usage)?;
    let names: Vec<&str> = context.names.iter().map(String::as_str).collect();
    let replays: Vec<bool> = (0..variants.len())
        .map(|v| v > 0 && replays_baseline(context, v))
        .collect();
    let rows = output::rows(&names, &variants, &played.totals, &played.pairs, &replays);
    let axes = spec.axes();
    out.write_csv(
        "summary.csv",
        output::summary_csv(&axes, &rows, context.turns),
    )?;
    draw_chart(spec, context, &variants, &rows, out)?;
    let report = report(spec, context, &rows, made);
    let games = played.totals[0].games;
    let stopped = played.stop.map(|s| stop_text(spec, &s, games));
    let report = match &stopped {
        Some(text) => report.replacen("\n## Results", &format!("\n{text}\n\n## Results"), 1),
        None => report,
    };
    out.write("report.md", report.as_bytes())?;
    let mut text = summary_text(&names, &rows);
    if let Some(stopped) = &stopped {
        let _ = writeln!(text, "{stopped}");
    }
    Ok(text)
}

/// `sandtable merge` of an experiment's shards: the results folder (`out`, else
/// `results/<name>/`) exactly as one machine would have written it, the report saying how
/// the shards were run.
pub fn merge(parts: &[shard::Part], out: Option<&Path>) -> Result<(), CliError> {
    let first = &parts[0];
    let context: RunContext = serde_json::from_value(first.header.context.clone())
        .map_err(|e| CliError::Usage(format!("{}: {e}", first.path.display())))?;
    // Named after the experiment, the spec reads back as it did (its file may be elsewhere).
    let path = PathBuf::from(format!("{}.toml", context.name));
    let spec = Spec::parse(&context.spec_text, &path).map_err(CliError::Usage)?;
    let dir = out.map_or_else(
        || PathBuf::from("results").join(spec.name()),
        Path::to_path_buf,
    );
    let shape = shard::Shape {
        players: context.names.len(),
        variants: spec.variants().map_err(CliError::Usage)?.len(),
        paired: true,
    };
    let mut out = Outputs::new(&dir)?;
    let games_csv = out.path("games.csv");
    let mut file = WholeFile::create(&games_csv).map_err(|e| output_error(&games_csv, e))?;
    // The rows first: they check each shard's seal, before its totals are believed.
    shard::copy_rows(parts, &mut file)
        .map_err(|e| crate::cli::common::copy_error(&games_csv, e))?;
    let (totals, pairs) = shard::merged_totals(parts, shape).map_err(CliError::Usage)?;
    out.add("games.csv", file)?;
    let seconds: Vec<f64> = parts.iter().map(|p| p.header.seconds).collect();
    let made = Made {
        command: format!(
            "{} shards, the first run as `{}`, merged with `{}`",
            parts.len(),
            first.header.command,
            std::env::args().collect::<Vec<_>>().join(" ")
        ),
        timing: format!(
            "run time {:.1} s over {} shards, the longest {:.1} s (by shard: {} s)",
            seconds.iter().sum::<f64>(),
            parts.len(),
            seconds.iter().cloned().fold(0.0, f64::max),
            seconds
                .iter()
                .map(|s| format!("{s:.1}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let played = Played {
        totals,
        pairs,
        stop: None,
    };
    let text = write_results(&spec, &context, &mut out, &played, &made)?;
    out.commit()?;
    print!("{text}");
    crate::stderr_line!(
        "merged {} shards into {} (summary.csv, games.csv, chart.svg, chart.png, report.md)",
        parts.len(),
        dir.display()
    );
    Ok(())
}

/// The game for one variant: the base data (the spec's `data`, else the embedded files) with
/// the variant's overrides, written to a temporary folder and loaded from it as `--data`.
pub fn load_variant<G: Entry>(spec: &Spec, v: &Variant, spec_path: &Path) -> Result<G, CliError> {
    let scenario = spec.scenario.as_deref();
    if v.set.is_empty() {
        // The spec names the scenario and the baseline's data: an error is the spec's.
        return G::load(spec.data.as_deref(), scenario, false).map_err(|e| {
            CliError::Usage(format!(
                "{}: {}",
                spec_path.display(),
                crate::cli::one_line(&in_spec_words(e))
            ))
        });
    }
    let fail = |e: String| {
        CliError::Usage(format!(
            "{}: variant '{}': {}",
            spec_path.display(),
            v.name,
            e
        ))
    };
    let base = overrides::base_files(G::data_files(), spec.data.as_deref()).map_err(fail)?;
    let files = overrides::apply(&base, &v.set).map_err(fail)?;
    // A fresh folder in the temporary folder, which must exist (its parents are never made);
    // removed when dropped.
    let temp = std::env::temp_dir();
    let dir = tempfile::Builder::new()
        .prefix(&format!(
            "sandtable-experiment-{}-",
            registry::slug(&v.name)
        ))
        .tempdir_in(&temp)
        .map_err(|e| {
            fail(format!(
                "cannot make a folder for its data in {}: {e}",
                temp.display()
            ))
        })?;
    files
        .iter()
        .try_for_each(|(name, text)| std::fs::write(dir.path().join(name), text))
        .map_err(|e| {
            fail(format!(
                "cannot write its data to {}: {e}",
                dir.path().display()
            ))
        })?;
    let loaded = G::load(Some(dir.path()), scenario, false);
    // The temporary folder means nothing to the reader: name the file alone.
    let folder = format!("{}{}", dir.path().display(), std::path::MAIN_SEPARATOR);
    loaded.map_err(|e| {
        let e = crate::cli::one_line(&in_spec_words(e)).replace(&folder, "");
        fail(format!(
            "{} (in the data as the variant sets it)",
            without_positions(&e)
        ))
    })
}

/// `e` without its "(12:7)" positions: they are in the files written for the variant, not in
/// any file the reader has (trial 17a F12).
fn without_positions(e: &str) -> String {
    let mut out = String::with_capacity(e.len());
    let mut rest = e;
    while let Some(at) = rest.find(" (") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let inner = after.split_once(')').map(|(inner, _)| inner);
        let position = inner.and_then(|i| i.split_once(':')).is_some_and(|(l, c)| {
            [l, c]
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        });
        if position {
            rest = &after[inner.map_or(0, str::len) + 1..];
        } else {
            out.push_str(" (");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// A loading error as a spec's reader needs it: the scenario is the spec's `scenario` key,
/// not a `--scenario` flag.
fn in_spec_words(e: CliError) -> String {
    match e {
        CliError::MissingScenario { game, known } => {
            format!(
                "{game} needs a scenario: add scenario = \"…\" to the spec (scenarios: {known})"
            )
        }
        CliError::UnknownScenario { game, name, known } => {
            format!("scenario = \"{name}\": {game} has no such scenario (scenarios: {known})")
        }
        e => e.to_string(),
    }
}

/// Each variant's bots by acting side: its own, else the spec's, else `scripted` for each;
/// checked. An error names the spec file and the entry (`bots`, or the variant's).
fn bot_names<G: Entry>(
    game: &G,
    spec: &Spec,
    variants: &[Variant],
    spec_path: &Path,
) -> Result<Vec<Vec<String>>, CliError> {
    let base = if spec.bots.is_empty() {
        vec!["scripted".to_string(); game.acting_players()]
    } else {
        spec.bots.clone()
    };
    let known = crate::bots::preset::names();
    variants
        .iter()
        .map(|v| {
            let names = v.bots.clone().unwrap_or_else(|| base.clone());
            crate::cli::select::check_bots(game, &names, |n, p| registry::bot(game, n, p), &known)
                .map_err(|e| {
                    // The spec's `bots` entry, not the command line's flag.
                    let e = e.to_string().replace("--bots", "bots");
                    let at = spec_path.display();
                    CliError::Usage(match &v.bots {
                        Some(_) => format!("{at}: variant '{}': {e}", v.name),
                        None => format!("{at}: {e}"),
                    })
                })?;
            Ok(names)
        })
        .collect()
}

/// The results folder, checked before the run, and its files: each written in full under a
/// temporary name, then all renamed into place together ([`Outputs::commit`]), so a run
/// that fails or is interrupted leaves the folder as it was (and none if there was none).
struct Outputs<'a> {
    dir: &'a Path,
    files: WholeSet,
    /// Made for the results if missing; dropped last, so removed again if left empty.
    _folder: Folder,
}

impl<'a> Outputs<'a> {
    fn new(dir: &'a Path) -> Result<Self, CliError> {
        let folder = crate::cli::common::output_folder(dir)?;
        Ok(Outputs {
            dir,
            files: WholeSet::new(),
            _folder: folder,
        })
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn error(&self, name: &str, e: impl std::fmt::Display) -> CliError {
        crate::cli::common::output_error(&self.path(name), e)
    }

    /// Adds the file `name` written as a stream (games.csv).
    fn add(&mut self, name: &str, file: WholeFile) -> Result<(), CliError> {
        self.files.add(file).map_err(|e| self.error(name, e))
    }

    fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), CliError> {
        let path = self.path(name);
        crate::cli::common::stage(&mut self.files, &path, bytes)
    }

    fn write_csv(&mut self, name: &str, csv: csv::Result<Vec<u8>>) -> Result<(), CliError> {
        let bytes = csv.map_err(|e| self.error(name, e))?;
        self.write(name, &bytes)
    }

    /// Renames every file into place.
    fn commit(self) -> Result<(), CliError> {
        crate::cli::common::commit(self.files)
    }
}

/// The table printed on stdout: each variant's win rate by side, and its difference from
/// the baseline, paired and unpaired.
fn summary_text(names: &[&str], rows: &[output::Row]) -> String {
    let mut s = String::new();
    let width = rows
        .iter()
        .map(|r| r.variant.chars().count())
        .max()
        .unwrap_or(8)
        .max(8);
    let _ = writeln!(
        s,
        "{:<width$}  {:<10} {:<22} {:<24} {:<24}",
        "variant", "side", "win rate [95%]", "vs baseline, paired", "unpaired"
    );
    for r in rows {
        let (paired, unpaired) = match (r.paired, r.unpaired) {
            (Some(p), Some(u)) => (output::points(&p), output::points(&u)),
            _ => ("—".to_string(), "—".to_string()),
        };
        let _ = writeln!(
            s,
            "{:<width$}  {:<10} {:<22} {:<24} {:<24}",
            r.variant,
            r.side,
            output::pct(&r.wins),
            paired,
            unpaired
        );
    }
    let _ = writeln!(
        s,
        "(differences in percentage points of the side's win rate; {} sides)",
        names.len()
    );
    s
}

/// Which rule stopped a run to a precision.
fn stop_text(spec: &Spec, stop: &crate::sim::Stop, games: u64) -> String {
    let asked = 100.0 * spec.precision.unwrap_or(0.0);
    if stop.reached {
        format!(
            "Stopped after {games} games a variant: every side's 95% half-width is at most \
             {asked:.2} points in every variant (widest {:.2}).",
            100.0 * stop.half_width
        )
    } else {
        format!(
            "Stopped at the cap of {games} games a variant (games): the widest 95% half-width \
             is {:.2} points, above the {asked:.2} asked for.",
            100.0 * stop.half_width
        )
    }
}

/// The variants that play with bots of their own, one line each (empty if none does).
fn variant_bots_text(spec: &Spec, context: &RunContext) -> String {
    let Ok(variants) = spec.variants() else {
        return String::new();
    };
    let mut s = String::new();
    for (v, bots) in variants.iter().zip(&context.variant_bots).skip(1) {
        if *bots != context.bots {
            let matchup: Vec<String> = context
                .names
                .iter()
                .zip(bots)
                .map(|(n, b)| format!("{n} {b}"))
                .collect();
            let _ = writeln!(s, "* Variant {}: {}.", v.name, matchup.join(" vs "));
        }
    }
    s
}

/// How much narrower the paired intervals are than the unpaired ones, on average, and over
/// how many rows. A row of a variant that plays the baseline's own games again (its data and
/// bots are the baseline's) says nothing of pairing and is left out.
fn pairing_gain(rows: &[output::Row]) -> Option<(f64, usize, usize)> {
    let widths: Vec<(f64, f64, bool)> = rows
        .iter()
        .filter_map(|r| {
            let (p, u) = (r.paired?, r.unpaired?);
            let (wp, wu) = (p.ci.hi - p.ci.lo, u.ci.hi - u.ci.lo);
            (wu > 0.0).then_some((wp, wu, r.replays_baseline))
        })
        .collect();
    let ratios: Vec<f64> = widths
        .iter()
        .filter(|(_, _, replays)| !replays)
        .map(|(wp, wu, _)| wp / wu)
        .collect();
    let (n, left_out) = (ratios.len(), widths.len() - ratios.len());
    (n > 0).then(|| (ratios.iter().sum::<f64>() / n as f64, n, left_out))
}

fn report(spec: &Spec, context: &RunContext, rows: &[output::Row], made: &Made) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Experiment: {}\n", spec.name());
    let matchup: Vec<String> = context
        .names
        .iter()
        .zip(&context.bots)
        .map(|(n, b)| format!("{n} {b}"))
        .collect();
    let _ = writeln!(
        s,
        "{}; {}; {} games per variant on the same game seeds (run seed {}).\n",
        context.title,
        matchup.join(" vs "),
        spec.games,
        spec.seed
    );
    let _ = write!(s, "{}", variant_bots_text(spec, context));
    let _ = writeln!(s, "* Command: {}", made.command);
    let _ = writeln!(
        s,
        "* Sandtable {}; {}.",
        env!("CARGO_PKG_VERSION"),
        made.timing
    );
    let data = match &spec.data {
        Some(d) => format!("`{}`", d.display()),
        None => "the embedded default".to_string(),
    };
    let _ = writeln!(s, "* Data: {data}.");
    let reconstructed = &context.reconstructed;
    if reconstructed.is_empty() {
        let _ = writeln!(s, "* Reconstructed tables: none.");
    } else {
        let _ = writeln!(
            s,
            "* The results rest on reconstructed tables, not the published game's values: {}.",
            reconstructed.join(", ")
        );
    }
    let _ = writeln!(
        s,
        "\n## Results\n\nWin rates with 95% Wilson intervals; each variant's difference from \
         the baseline in percentage points, paired (per game seed: every variant plays the \
         baseline's seeds) and unpaired (Newcombe); the variant's draws, the same in each of its \
         sides' rows.\n"
    );
    // A game with a final score gets its mean and its paired difference, in its own units.
    let score = rows
        .first()
        .and_then(|r| r.score.as_ref())
        .map(|s| s.0.clone());
    let (head, rule) = match &score {
        Some(name) => (
            format!(" {name} ± se | paired {name} vs baseline |"),
            "---|---|",
        ),
        None => (String::new(), ""),
    };
    let _ = writeln!(
        s,
        "| variant | side | win rate [95%] | paired vs baseline | unpaired | draws [95%] | mean \
         losses ± se |{head}"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|{rule}");
    for r in rows {
        let (p, u) = match (r.paired, r.unpaired) {
            (Some(p), Some(u)) => (output::points(&p), output::points(&u)),
            _ => ("—".into(), "—".into()),
        };
        let scored = match (&r.score, &r.score_diff) {
            (Some((_, m, se)), d) => {
                let d = d.as_ref().map_or("—".into(), |d| {
                    let s = |x| output::signed(x, 2);
                    format!("{} [{}, {}]", s(d.diff), s(d.ci.lo), s(d.ci.hi))
                });
                format!(" {} | {d} |", mean_se(*m, *se))
            }
            (None, _) => String::new(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {p} | {u} | {} | {} |{scored}",
            r.variant.replace('|', "\\|"),
            r.side,
            output::pct(&r.wins),
            // The variant's draws, alike in its every side's row (trial 14b F5).
            output::pct(&r.draws),
            mean_se(r.mean_losses.0, r.mean_losses.1)
        );
    }
    if let Some((gain, n, left_out)) = pairing_gain(rows) {
        let left_out = match left_out {
            0 => String::new(),
            k => format!(
                "; {k} left out: a variant with the baseline's data and bots plays its games \
                 again, and its paired interval says nothing of pairing"
            ),
        };
        let _ = writeln!(
            s,
            "\nPairing: the paired intervals are on average {:.0}% of the unpaired ones' width \
             (over {n} of the table's rows{left_out}).",
            100.0 * gain
        );
    }
    let _ = writeln!(
        s,
        "\nFiles: `summary.csv` (one row per variant and side), `games.csv` (one row per \
         game), `chart.svg` and `chart.png`.\n\n## Spec\n"
    );
    let _ = writeln!(s, "```toml\n{}```", context.spec_text);
    s
}
