//! Experiments: the paired interval on a toy game (common random numbers), and
//! `sandtable experiment` as a designer runs it: its files, its determinism across thread
//! counts, and one-line errors for bad specs.

mod common;

use indicatif::ProgressBar;
use sandtable::bots::{Bot, RandomBot};
use sandtable::engine::{Actor, Game, Outcome, PlayerId, Tally};
use sandtable::sim::{paired_difference, run_games, unpaired_difference, GameRecord, PairedWins};

/// A toy game of one d100: the first side wins on a roll of at most `p`, the other side
/// otherwise. Two variants with different `p` on the same seeds roll the same die, so their
/// outcomes are strongly correlated, as variants of one scenario are.
struct Coin {
    p: u8,
}

impl Game for Coin {
    type State = Option<u8>;
    type Action = u8;
    fn id(&self) -> &'static str {
        "coin"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn player_name(&self, p: PlayerId) -> &'static str {
        ["Heads", "Tails"][p]
    }
    fn initial_state(&self) -> Option<u8> {
        None
    }
    fn actor(&self, s: &Option<u8>) -> Actor {
        match s {
            None => Actor::Chance,
            Some(_) => Actor::Terminal,
        }
    }
    fn legal_actions(&self, _s: &Option<u8>, out: &mut Vec<u8>) {
        out.clear();
    }
    fn chance_outcomes(&self, _s: &Option<u8>, out: &mut Vec<(u8, u32)>) {
        out.clear();
        out.extend((1..=100).map(|r| (r, 1)));
    }
    fn apply(&self, s: &mut Option<u8>, a: u8) {
        *s = Some(a);
    }
    fn outcome(&self, s: &Option<u8>) -> Option<Outcome> {
        s.map(|roll| Outcome {
            winner: Some(usize::from(roll > self.p)),
            level: "win",
            turn: 1,
        })
    }
    fn tally(&self, _s: &Option<u8>, _p: PlayerId) -> Tally {
        Tally::default()
    }
    fn turn(&self, _s: &Option<u8>) -> u32 {
        1
    }
    fn describe(&self, _s: &Option<u8>, a: u8) -> String {
        format!("roll {a}")
    }
}

fn play(p: u8, games: u64, seed: u64) -> Vec<GameRecord> {
    let bots = |_| Box::new(RandomBot::<u8>::default()) as Box<dyn Bot<Coin>>;
    run_games(&Coin { p }, bots, games, seed, 1, &ProgressBar::hidden()).unwrap()
}

fn heads(r: &GameRecord) -> bool {
    r.winner == Some(0)
}

/// Common random numbers: over 400 runs of 200 games, the paired 95% interval of the
/// difference in Heads' win rate (60% against 50%, truly +10 points) covers the truth about
/// 95% of the time, and is narrower than the unpaired interval in every run.
#[test]
fn the_paired_interval_covers_the_true_difference_and_is_narrower_than_the_unpaired() {
    let (runs, games) = (400, 200);
    let mut covered = 0;
    for seed in 0..runs {
        let (base, variant) = (play(50, games, seed), play(60, games, seed));
        let mut pairs = PairedWins::new(2);
        variant.iter().zip(&base).for_each(|(v, b)| pairs.add(v, b));
        let paired = paired_difference(&pairs, 0);
        let k = |rs: &[GameRecord]| rs.iter().filter(|r| heads(r)).count() as u64;
        let unpaired = unpaired_difference(k(&variant), games, k(&base), games);
        if paired.ci.lo <= 0.10 && 0.10 <= paired.ci.hi {
            covered += 1;
        }
        let (wp, wu) = (paired.ci.hi - paired.ci.lo, unpaired.ci.hi - unpaired.ci.lo);
        assert!(
            wp < wu * 0.6,
            "seed {seed}: paired {wp:.3} vs unpaired {wu:.3}"
        );
    }
    let coverage = covered as f64 / runs as f64;
    assert!((0.91..=0.99).contains(&coverage), "coverage {coverage}");
}

/// A difference of two win rates lies in [−1, 1], and so does its interval: of four seeds,
/// three won in the variant only and one lost in both, the normal approximation alone reaches
/// +1.24.
#[test]
fn the_paired_interval_of_a_win_rate_difference_stays_within_one() {
    let mut pairs = PairedWins::new(2);
    let (base, variant) = (play(0, 4, 3), play(100, 4, 3));
    variant
        .iter()
        .zip(&base)
        .take(3)
        .for_each(|(v, b)| pairs.add(v, b));
    pairs.add(&base[3], &base[3]);
    let d = paired_difference(&pairs, 0);
    assert!((d.diff - 0.75).abs() < 1e-9, "{d:?}");
    assert_eq!(d.ci.hi, 1.0, "{d:?}");
    assert!(d.ci.lo > -1.0 && d.ci.lo < 0.75, "{d:?}");
}

/// No seed's winner changed in 60 pairs: the interval is not "[+0.0, +0.0]" but as wide as
/// Wilson's bound on 0 discordant pairs of 60 (trial 18b F5).
#[test]
fn a_paired_difference_with_no_changed_winner_has_an_interval_of_some_width() {
    let mut pairs = PairedWins::new(2);
    let base = play(0, 60, 3);
    base.iter().for_each(|b| pairs.add(b, b));
    let d = paired_difference(&pairs, 0);
    assert_eq!(d.diff, 0.0);
    let half = sandtable::sim::wilson(0, 60, sandtable::sim::Z95).hi;
    assert!(d.ci.hi > 0.05 && (d.ci.hi - half).abs() < 1e-9, "{d:?}");
    assert_eq!(d.ci.lo, -d.ci.hi, "{d:?}");
}

/// Runs `sandtable experiment SPEC --out OUT` and checks that it succeeded.
fn experiment_ok(spec: &std::path::Path, out: &std::path::Path) -> std::process::Output {
    let run = common::sandtable(&[
        "experiment",
        spec.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    run
}

fn spec(dir: &std::path::Path, text: &str) -> std::path::PathBuf {
    let path = dir.join("spec.toml");
    std::fs::write(&path, text).unwrap();
    path
}

const SPEC: &str = "game = \"rudders-line\"\ngames = 60\nseed = 3\n\
[[variant]]\nname = \"Germans +2 on turns 4 and 8\"\n\
set = { \"scenario.initiative.modifier[1].value\" = 2 }\n\
[[sweep]]\npath = \"scenario.initiative.modifier[0].value\"\nvalues = [0, 2]\n";

/// A sweep's cell at the baseline's value is marked on the chart, and left out of the
/// pairing's average, as it plays the baseline's games again (trial 10b F7).
#[test]
fn a_sweep_cell_at_the_baseline_value_is_marked_and_not_averaged() {
    let dir = common::temp_dir("experiment-baseline-cell");
    let path = spec(&dir, &SPEC.replace("values = [0, 2]", "values = [1, 2]"));
    let out = dir.join("out");
    experiment_ok(&path, &out);
    let svg = std::fs::read_to_string(out.join("chart.svg")).unwrap();
    assert_eq!(svg.matches(" = baseline").count(), 1, "the cell of value 1");
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        report.contains("(over 4 of the table's rows; 2 left out: a variant with the baseline's"),
        "{report}"
    );
}

#[test]
fn an_experiment_writes_its_table_games_chart_and_report_the_same_for_any_thread_count() {
    let dir = common::temp_dir("experiment-files");
    let path = spec(&dir, SPEC);
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.join(format!("out-{threads}"));
        let run = common::sandtable(&[
            "experiment",
            path.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--threads",
            threads,
        ]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let stdout = common::stdout(&run);
        assert!(stdout.contains("Germans +2 on turns 4 and 8"), "{stdout}");
        for file in [
            "summary.csv",
            "games.csv",
            "chart.svg",
            "chart.png",
            "report.md",
        ] {
            assert!(out.join(file).exists(), "{file}");
        }
        let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
        assert!(summary.contains(",mean_turn,mean_turn_se,"), "{summary}");
        outputs.push((
            summary,
            std::fs::read_to_string(out.join("games.csv")).unwrap(),
        ));
    }
    assert_eq!(
        outputs[0], outputs[1],
        "the same results with 1 and 2 threads"
    );
    // The chart of the sweep says what is off its grid (trial 10b F7); no cell is the
    // baseline's value (1).
    let svg = std::fs::read_to_string(dir.join("out-1").join("chart.svg")).unwrap();
    // A long title wraps onto two lines, each a text of its own.
    for needle in ["; baseline ", "1 named variant", "report.md"] {
        assert!(svg.contains(needle), "{needle:?} missing from the chart");
    }
    assert!(!svg.contains(" = baseline"), "no cell replays the baseline");
    let summary = &outputs[0].0;
    // Baseline, the named variant and two cells, each with both sides.
    assert_eq!(summary.lines().count(), 1 + 4 * 2, "{summary}");
    assert!(summary.starts_with("variant,scenario.initiative.modifier[0].value,side,"));
    assert!(
        summary.contains("\nmodifier[0].value=2,2,Rangers,60,"),
        "{summary}"
    );
    // Every game of every variant, on the same seeds.
    let games = &outputs[0].1;
    assert_eq!(games.lines().count(), 1 + 4 * 60);
    let seed_of = |variant: &str| {
        games
            .lines()
            .find(|l| l.starts_with(&format!("{variant},0,")))
            .map(|l| l.split(',').nth(2).unwrap().to_string())
    };
    assert_eq!(
        seed_of("baseline"),
        seed_of("\"Germans +2 on turns 4 and 8\"").or(seed_of("Germans +2 on turns 4 and 8"))
    );
    let report = std::fs::read_to_string(dir.join("out-1/report.md")).unwrap();
    assert!(
        report.contains("paired") && report.contains("reconstructed"),
        "{report}"
    );
}

#[test]
fn a_bad_spec_is_one_line_naming_the_file_and_the_entry() {
    let dir = common::temp_dir("experiment-errors");
    let cases = [
        (
            SPEC.replace("modifier[1].value", "modifer[1].value"),
            "variant 'Germans +2 on turns 4 and 8': path 'scenario.initiative.modifer[1].value': there is no 'modifer'",
        ),
        (
            SPEC.replace("= 2 }", "= \"two\" }"),
            "holds an integer, and \"two\" is a string",
        ),
        (SPEC.replace("values = [0, 2]", "values = []"), "the sweep has no values"),
        (SPEC.replace("rudders-line", "chess"), "unknown game 'chess'"),
        (SPEC.replace("games = 60", "games = 60\nbots = [\"foo\", \"scripted\"]"), "unknown bot 'foo'"),
        (SPEC.replace("[1].value\" = 2", "[1].value\" = 200"), "variant 'Germans +2 on turns 4 and 8'"),
        // Trial 17a F12: no line:column of the files written for the variant.
        (SPEC.replace("[1].value\" = 2", "[1].value\" = 200"), "(in the data as the variant sets it)"),
        (SPEC.replace("seed = 3", "sed = 3"), "unknown field `sed`"),
        (
            SPEC.replace("games = 60", "games = 60\nbots = [\"random\", \"random\", \"random\"]"),
            "spec.toml: bots needs one name per side (Rangers, Germans): 2, not 3",
        ),
        (SPEC.replace("seed = 3", "seed = 3\nname = \"../out\""), "spec.toml: name:"),
        (SPEC.replace("= 2 }", "= 2.0 }"), "holds a whole number, and 2.0 is not written as one"),
        // The scenario is the spec's key, not a --scenario flag.
        (
            "game = \"crossing-the-line\"\ngames = 5\n".to_string(),
            "crossing-the-line needs a scenario: add scenario = \"…\" to the spec",
        ),
        (
            "game = \"crossing-the-line\"\nscenario = \"nowhere\"\ngames = 5\n".to_string(),
            "scenario = \"nowhere\": crossing-the-line has no such scenario",
        ),
    ];
    for (text, expected) in cases {
        let path = spec(&dir, &text);
        let out = common::sandtable(&[
            "experiment",
            path.to_str().unwrap(),
            "--out",
            dir.join("o").to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{expected}");
        let line = common::one_line_error(&out);
        assert!(line.contains(expected), "{line} (wanted {expected})");
        let position = line.split('(').skip(1).any(|p| {
            let inner = p.split(')').next().unwrap_or("");
            inner.split_once(':').is_some_and(|(l, c)| {
                [l, c]
                    .iter()
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
        });
        assert!(!position || !line.contains("variant '"), "{line}");
    }
}

/// A variant's data goes to a fresh folder in the temporary folder: a temporary folder that
/// does not exist is one plain line naming the spec and the variant once, and is not made.
#[test]
fn a_missing_temporary_folder_is_one_line_and_is_not_made() {
    let dir = common::temp_dir("experiment-tmpdir");
    let path = spec(&dir, SPEC);
    let missing = dir.join("no-such-folder");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["experiment", path.to_str().unwrap(), "--out"])
        .arg(dir.join("o"))
        .env("TMPDIR", &missing)
        .output()
        .expect("the binary runs");
    let line = common::one_line_error(&out);
    assert!(
        line.contains("cannot make a folder for its data in"),
        "{line}"
    );
    assert_eq!(line.matches("spec.toml").count(), 1, "{line}");
    assert_eq!(line.matches("variant '").count(), 1, "{line}");
    assert!(!missing.exists(), "the temporary folder was made");
    assert!(!dir.join("o").exists(), "no results");
}

/// A spec's `precision`: every variant plays whole batches until each side of each is known
/// to the precision, and the output says which rule stopped the run.
#[test]
fn an_experiment_to_a_precision_stops_at_a_batch_boundary_and_says_why() {
    let dir = common::temp_dir("experiment-precision");
    let text = SPEC
        .replace("games = 60", "games = 3000\nprecision = 0.2")
        .replace("values = [0, 2]", "values = [0]");
    let path = spec(&dir, &text);
    let out = dir.join("out");
    let run = experiment_ok(&path, &out);
    let stdout = common::stdout(&run);
    assert!(
        stdout.contains("Stopped after 1000 games a variant: every side's 95% half-width"),
        "{stdout}"
    );
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        report.contains("Stopped after 1000 games a variant"),
        "{report}"
    );
    let bad = spec(
        &dir,
        &SPEC.replace("games = 60", "games = 60\nprecision = 2"),
    );
    let out = common::sandtable(&["experiment", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::one_line_error(&out).contains("precision: 2 is not a half-width"));
}

/// A named variant that sets only values the data already has is the baseline again: the
/// run says so before it plays (a slip that would otherwise cost a cluster run).
#[test]
fn a_variant_equal_to_the_baseline_is_pointed_out() {
    let dir = common::temp_dir("experiment-unchanged");
    let path = spec(
        &dir,
        "game = \"rudders-line\"\ngames = 10\n[[variant]]\nname = \"same\"\n\
         set = { \"scenario.initiative.modifier[0].value\" = 1 }\n",
    );
    let out = common::sandtable(&[
        "experiment",
        path.to_str().unwrap(),
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    common::stdout(&out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("variant 'same' sets only values the data already has"),
        "{stderr}"
    );
}

/// A variant may play with other bots on the baseline's data and seeds (the doctrine against
/// a search at a budget): each variant's rows carry its bots, the report names them, and a
/// bad bot in a variant is one line naming the variant.
#[test]
fn a_variant_may_change_the_bots_and_plays_the_baselines_seeds() {
    let dir = common::temp_dir("experiment-bots");
    let text = "game = \"rudders-line\"\ngames = 6\nseed = 5\n\
                [[variant]]\nname = \"random Germans\"\nbots = [\"scripted\", \"random\"]\n\
                [[variant]]\nname = \"search at 20\"\nbots = [\"mcts-fast@20\", \"scripted\"]\n";
    let path = spec(&dir, text);
    let out_dir = dir.join("out");
    let out = common::sandtable(&[
        "experiment",
        path.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let stdout = common::stdout(&out);
    assert!(stdout.contains("search at 20"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("sets only values"), "{stderr}");
    let games = std::fs::read_to_string(out_dir.join("games.csv")).unwrap();
    let rows: Vec<&str> = games.lines().skip(1).collect();
    assert_eq!(rows.len(), 3 * 6);
    assert!(rows[0].starts_with("baseline,") && rows[0].contains(",scripted;scripted,"));
    assert!(rows[1].contains(",scripted;random,"), "{}", rows[1]);
    assert!(rows[2].contains(",mcts-fast@20;scripted,"), "{}", rows[2]);
    let seed = |row: &str| row.split(',').nth(2).unwrap().to_string();
    assert_eq!(seed(rows[0]), seed(rows[1]), "the same seed");
    assert_eq!(seed(rows[0]), seed(rows[2]), "the same seed");
    let report = std::fs::read_to_string(out_dir.join("report.md")).unwrap();
    assert!(
        report.contains("* Variant search at 20: Rangers mcts-fast@20 vs Germans scripted."),
        "{report}"
    );
    let bad = spec(&dir, &text.replace("mcts-fast@20", "mcts-fast@zero"));
    let out = common::sandtable(&[
        "experiment",
        bad.to_str().unwrap(),
        "--out",
        dir.join("o").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let line = common::one_line_error(&out);
    assert!(
        line.contains("variant 'search at 20'") && line.contains("mcts-fast@zero"),
        "{line}"
    );
}

#[test]
fn a_skill_curve_is_drawn_as_win_rates_over_the_budget() {
    let dir = common::temp_dir("experiment-skill");
    let text = "game = \"rudders-line\"\ngames = 4\nseed = 5\n\
                [[variant]]\nname = \"search 4\"\nbots = [\"mcts-fast@4\", \"mcts-fast@4\"]\n\
                [[variant]]\nname = \"search 8\"\nbots = [\"mcts-fast@8\", \"mcts-fast@8\"]\n";
    let path = spec(&dir, text);
    let out_dir = dir.join("out");
    experiment_ok(&path, &out_dir);
    let svg = std::fs::read_to_string(out_dir.join("chart.svg")).unwrap();
    // The SVG writes each text on a line of its own.
    let texts: Vec<&str> = svg.lines().map(str::trim).collect();
    assert!(
        texts.contains(&"spec: win rate as the search grows"),
        "not a skill curve"
    );
    for label in ["scripted", "4", "8", "Rangers", "Germans"] {
        assert!(texts.contains(&label), "{label} missing from the chart");
    }
    assert!(out_dir.join("chart.png").exists());
}

/// A game with a final score (First Blood: the activations the US needed) gets the score's
/// paired difference from the baseline in `summary.csv` and `report.md`: the mean of the
/// per-seed differences of `games.csv`, ± 1.96 standard errors.
#[test]
fn the_score_is_paired_seed_by_seed_with_the_baseline() {
    let dir = common::temp_dir("experiment-score");
    let text = "game = \"crossing-the-line\"\nscenario = \"first-blood\"\nbots = [\"scripted\"]\n\
                games = 30\nseed = 2\n\
                [[variant]]\nname = \"random US\"\nbots = [\"random\"]\n";
    let out = dir.join("out");
    experiment_ok(&spec(&dir, text), &out);
    let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
    let mut lines = games.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (variant, activations) = (col("variant"), col("activations"));
    let mut by_variant: [Vec<f64>; 2] = Default::default();
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        let v = usize::from(f[variant] != "baseline");
        by_variant[v].push(f[activations].parse().unwrap());
    }
    let d: Vec<f64> = by_variant[1]
        .iter()
        .zip(&by_variant[0])
        .map(|(v, b)| v - b)
        .collect();
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let sd = (d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let (lo, hi) = (mean - 1.96 * sd / n.sqrt(), mean + 1.96 * sd / n.sqrt());
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let mut rows = summary.lines();
    let head: Vec<&str> = rows.next().unwrap().split(',').collect();
    let at = |name: &str| head.iter().position(|h| *h == name).unwrap();
    // 10.1: First Blood has no turns, so no mean turn (trial 11b F15).
    assert!(!head.contains(&"mean_turn"), "{summary}");
    let row: Vec<&str> = rows
        .find(|r| r.starts_with("random US,US,"))
        .unwrap()
        .split(',')
        .collect();
    let read = |name: &str| row[at(name)].parse::<f64>().unwrap();
    assert!((read("score_diff_paired") - mean).abs() < 1e-4, "{summary}");
    assert!(
        (read("score_diff_paired_lo") - lo).abs() < 1e-3,
        "{summary}"
    );
    assert!(
        (read("score_diff_paired_hi") - hi).abs() < 1e-3,
        "{summary}"
    );
    assert!(
        mean.abs() > 0.0,
        "a random US needs other activations than the doctrine"
    );
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        report.contains("| paired activations vs baseline |"),
        "{report}"
    );
    assert!(report.contains(&format!("{mean:+.2} [")), "{report}");
}
