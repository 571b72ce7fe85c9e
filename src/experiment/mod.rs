//! `sandtable experiment experiments/<name>.toml`: what changes when a number changes.
//! Every variant (the unmodified data as the baseline, each named variant, each cell of a
//! sweep) is the game loaded from the data with the variant's overrides applied
//! ([`overrides`]), validated like a user's `--data`, and plays the same game seeds as the
//! baseline (common random numbers), so each difference is measured paired, seed by seed.
//! The results go to `results/<name>/` ([`output`]).

pub mod output;
pub mod overrides;
pub mod spec;

use crate::cli::CliError;
use crate::engine::PlayerId;
use crate::registry::{self, Entry};
use crate::sim::{progress, run_range};
use output::VariantRun;
use spec::{Spec, Variant};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How the command was run, for the report.
pub struct Context<'a> {
    pub spec_path: &'a Path,
    pub out_dir: &'a Path,
    pub threads: usize,
    pub command: String,
}

/// Loads every variant of the spec (before any game: a bad override or an invalid value
/// fails at once), plays them, and writes the results.
pub fn run<G: Entry>(spec: &Spec, ctx: &Context) -> Result<(), CliError> {
    let variants = spec.variants().map_err(CliError::Usage)?;
    let games: Vec<G> = variants
        .iter()
        .map(|v| load_variant::<G>(spec, v, ctx.spec_path))
        .collect::<Result<_, _>>()?;
    let bots = bot_names(&games[0], spec)?;
    let out = Outputs::new(ctx.out_dir)?;
    let reconstructed = registry::table_names(&games[0].reconstructed());
    if !reconstructed.is_empty() {
        eprintln!(
            "note: results depend on reconstructed data: {}",
            reconstructed.join(", ")
        );
    }
    let started = Instant::now();
    let (runs, stop) = play(spec, &variants, &games, &bots, ctx.threads)?;
    let seconds = started.elapsed().as_secs_f64();
    let game = &games[0];
    let names: Vec<&str> = (0..game.num_players())
        .map(|p| game.player_name(p))
        .collect();
    let rows = output::rows(&names, &runs);
    let axes = spec.axes();
    out.write_csv("summary.csv", output::summary_csv(&axes, &rows))?;
    let bot_refs: Vec<&str> = bots.iter().map(String::as_str).collect();
    let labelled: Vec<(String, crate::sim::records::Run, &[crate::sim::GameRecord])> = runs
        .iter()
        .map(|r| {
            let run = crate::sim::records::Run {
                names: &names,
                columns: game.record_columns(),
                bots: &bot_refs,
                run_seed: spec.seed,
                data: &r.data,
                provenance: &reconstructed,
            };
            (r.variant.name.clone(), run, r.records.as_slice())
        })
        .collect();
    let refs: Vec<(&str, &crate::sim::records::Run, &[crate::sim::GameRecord])> = labelled
        .iter()
        .map(|(n, run, rs)| (n.as_str(), run, *rs))
        .collect();
    let mut games_csv = Vec::new();
    crate::sim::records::write_labelled(&mut games_csv, "variant", &refs)
        .map_err(|e| out.error("games.csv", e))?;
    out.write("games.csv", &games_csv)?;
    let panel = output::chart(spec.name(), &names, &axes, &rows);
    for chart in ["chart.svg", "chart.png"] {
        crate::analysis::plot::draw_panels(std::slice::from_ref(&panel), &out.path(chart))
            .map_err(|e| out.error(chart, e))?;
    }
    let report = report(
        spec,
        ctx,
        &game.title(),
        &bots,
        &names,
        &rows,
        &reconstructed,
        seconds,
    );
    let stopped = stop.map(|s| stop_text(spec, &s, runs[0].records.len()));
    let report = match &stopped {
        Some(text) => report.replacen("\n## Results", &format!("\n{text}\n\n## Results"), 1),
        None => report,
    };
    out.write("report.md", report.as_bytes())?;
    print!("{}", summary_text(&names, &rows));
    if let Some(text) = &stopped {
        println!("{text}");
    }
    eprintln!(
        "wrote {} (summary.csv, games.csv, chart.svg, chart.png, report.md) in {seconds:.1} s",
        ctx.out_dir.display()
    );
    Ok(())
}

/// Plays every variant: `games` each, or with `precision`, batches of game indices for all
/// variants at once until every variant's every side is known to the precision (or `games`
/// each). The stopping rule is looked at only between whole batches: the same for any
/// thread count.
fn play<'v, G: Entry>(
    spec: &Spec,
    variants: &'v [Variant],
    games: &[G],
    bots: &[String],
    threads: usize,
) -> Result<(Vec<VariantRun<'v>>, Option<crate::sim::Stop>), CliError> {
    let bar = progress::games_bar(spec.games * variants.len() as u64);
    let mut runs: Vec<VariantRun> = variants
        .iter()
        .zip(games)
        .map(|(variant, game)| VariantRun {
            variant,
            records: Vec::new(),
            data: game.data_identity(),
        })
        .collect();
    let batch = match spec.precision {
        Some(_) => crate::sim::PRECISION_BATCH,
        None => spec.games,
    };
    loop {
        let start = runs[0].records.len() as u64;
        let end = (start + batch).min(spec.games);
        for (run, game) in runs.iter_mut().zip(games) {
            let make = |p: PlayerId| registry::bot::<G>(&bots[p], p).expect("bots were checked");
            let records = run_range(game, &make, start..end, spec.seed, threads, &bar)?;
            run.records.extend(records);
        }
        let Some(precision) = spec.precision else {
            bar.finish_and_clear();
            return Ok((runs, None));
        };
        let sides = games[0].num_players();
        let half_width = runs
            .iter()
            .map(|r| crate::sim::widest_half_width(sides, &r.records))
            .fold(0.0, f64::max);
        let reached = half_width <= precision;
        if reached || end == spec.games {
            bar.finish_and_clear();
            return Ok((
                runs,
                Some(crate::sim::Stop {
                    reached,
                    half_width,
                }),
            ));
        }
    }
}

/// The game for one variant: the base data (the spec's `data`, else the embedded files) with
/// the variant's overrides, written to a temporary folder and loaded from it as `--data`.
pub fn load_variant<G: Entry>(spec: &Spec, v: &Variant, spec_path: &Path) -> Result<G, CliError> {
    let scenario = spec.scenario.as_deref();
    if v.set.is_empty() {
        return G::load(spec.data.as_deref(), scenario, false);
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
    let dir = std::env::temp_dir().join(format!(
        "sandtable-experiment-{}-{}",
        std::process::id(),
        registry::slug(&v.name)
    ));
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        files
            .iter()
            .try_for_each(|(name, text)| std::fs::write(dir.join(name), text))
    });
    let loaded = written
        .map_err(|e| fail(format!("cannot write its data to {}: {e}", dir.display())))
        .and_then(|()| G::load(Some(&dir), scenario, false));
    let _ = std::fs::remove_dir_all(&dir);
    // The temporary folder means nothing to the reader: name the file alone.
    let folder = format!("{}{}", dir.display(), std::path::MAIN_SEPARATOR);
    loaded.map_err(|e| fail(crate::cli::one_line(&e.to_string()).replace(&folder, "")))
}

/// The bots by acting side: the spec's, or `scripted` for each; checked.
fn bot_names<G: Entry>(game: &G, spec: &Spec) -> Result<Vec<String>, CliError> {
    let names = if spec.bots.is_empty() {
        vec!["scripted".to_string(); game.acting_players()]
    } else {
        spec.bots.clone()
    };
    let known = crate::bots::preset::names();
    crate::cli::select::check_bots(game, &names, registry::bot::<G>, &known)?;
    Ok(names)
}

/// The results folder, checked before the run; files written whole or not at all.
struct Outputs<'a> {
    dir: &'a Path,
}

impl<'a> Outputs<'a> {
    fn new(dir: &'a Path) -> Result<Self, CliError> {
        std::fs::create_dir_all(dir).map_err(|e| crate::cli::common::output_error(dir, e))?;
        crate::cli::common::check_writable(&dir.join("summary.csv"))?;
        Ok(Outputs { dir })
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn error(&self, name: &str, e: impl std::fmt::Display) -> CliError {
        crate::cli::common::output_error(&self.path(name), e)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), CliError> {
        crate::cli::common::write_file(&self.path(name), bytes)
    }

    fn write_csv(&self, name: &str, csv: csv::Result<Vec<u8>>) -> Result<(), CliError> {
        let bytes = csv.map_err(|e| self.error(name, e))?;
        self.write(name, &bytes)
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
fn stop_text(spec: &Spec, stop: &crate::sim::Stop, games: usize) -> String {
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

/// How much narrower the paired intervals are than the unpaired ones, on average.
fn pairing_gain(rows: &[output::Row]) -> Option<f64> {
    let ratios: Vec<f64> = rows
        .iter()
        .filter_map(|r| {
            let (p, u) = (r.paired?, r.unpaired?);
            let wu = u.ci.hi - u.ci.lo;
            (wu > 0.0).then(|| (p.ci.hi - p.ci.lo) / wu)
        })
        .collect();
    (!ratios.is_empty()).then(|| ratios.iter().sum::<f64>() / ratios.len() as f64)
}

#[allow(clippy::too_many_arguments)]
fn report(
    spec: &Spec,
    ctx: &Context,
    title: &str,
    bots: &[String],
    names: &[&str],
    rows: &[output::Row],
    reconstructed: &[&str],
    seconds: f64,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Experiment: {}\n", spec.name());
    let matchup: Vec<String> = names
        .iter()
        .zip(bots)
        .map(|(n, b)| format!("{n} {b}"))
        .collect();
    let _ = writeln!(
        s,
        "{title}; {}; {} games per variant on the same game seeds (run seed {}).\n",
        matchup.join(" vs "),
        spec.games,
        spec.seed
    );
    let _ = writeln!(s, "* Command: `{}`", ctx.command);
    let threads = match ctx.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let _ = writeln!(
        s,
        "* Sandtable {}; run time {seconds:.1} s on {threads} worker threads.",
        env!("CARGO_PKG_VERSION")
    );
    let data = match &spec.data {
        Some(d) => format!("`{}`", d.display()),
        None => "the embedded default".to_string(),
    };
    let _ = writeln!(s, "* Data: {data}.");
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
         baseline's seeds) and unpaired (Newcombe).\n"
    );
    let _ = writeln!(
        s,
        "| variant | side | win rate [95%] | paired vs baseline | unpaired | mean losses ± se |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|");
    for r in rows {
        let (p, u) = match (r.paired, r.unpaired) {
            (Some(p), Some(u)) => (output::points(&p), output::points(&u)),
            _ => ("—".into(), "—".into()),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {p} | {u} | {:.2} ± {:.2} |",
            r.variant.replace('|', "\\|"),
            r.side,
            output::pct(&r.wins),
            r.mean_losses.0,
            r.mean_losses.1
        );
    }
    if let Some(gain) = pairing_gain(rows) {
        let _ = writeln!(
            s,
            "\nPairing: the paired intervals are on average {:.0}% of the unpaired ones' width.",
            100.0 * gain
        );
    }
    let _ = writeln!(
        s,
        "\nFiles: `summary.csv` (one row per variant and side), `games.csv` (one row per \
         game), `chart.svg` and `chart.png`.\n\n## Spec\n"
    );
    let spec_text = std::fs::read_to_string(ctx.spec_path).unwrap_or_default();
    let _ = writeln!(s, "```toml\n{}```", spec_text);
    s
}
