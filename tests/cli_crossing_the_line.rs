//! The `sandtable` binary on Crossing the Line: Aachen 1944: balance runs on both scenarios
//! (First Blood solitaire, the Stolberg Corridor for two), the required `--scenario`, `games`,
//! `ladder` and `play`.

mod common;
use common::{one_line_error, sandtable, stdout, temp_dir};

fn balance(scenario: &str, games: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "balance",
        "crossing-the-line",
        "--scenario",
        scenario,
        "--games",
        games,
        "--seed",
        "3",
    ];
    args.extend_from_slice(extra);
    stdout(&sandtable(&args))
}

/// The lines of the victory-level table.
fn level_lines(text: &str) -> Vec<&str> {
    text.lines()
        .skip_while(|l| !l.starts_with("victory levels"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

#[test]
fn first_blood_reports_ratings_and_activations_whatever_the_threads() {
    let one = balance("first-blood", "40", &["--threads", "1"]);
    let two = balance("first-blood", "40", &["--threads", "2"]);
    assert_eq!(one, two, "results must not depend on the thread count");
    for needle in [
        "Crossing the Line: Aachen 1944 — First Blood\n",
        "US scripted (Germans played by the rules)",
        "40 games",
        "victory levels (games, percent with 95% Wilson interval)",
        "final activations",
    ] {
        assert!(one.contains(needle), "{needle:?} missing from\n{one}");
    }
    // Every rating of 10.1 is shown, best first, in its table's words, each with its Wilson
    // interval; First Blood has no turns to report the turn decided in (trial 10b F12c).
    assert!(!one.contains("turn decided"), "{one}");
    let lines = level_lines(&one);
    assert_eq!(lines.len(), 5, "{lines:?}");
    for (line, start) in lines.iter().zip([
        "US decisive victory (2 Formation Activations or fewer)",
        "US substantial victory (3 activations)",
        "US satisfactory victory (4 activations)",
        "Germans: objectives still held (the US failed)",
        "poor performance, 5 activations (scored as a draw)",
    ]) {
        assert!(line.trim_start().starts_with(start), "{line}");
        assert!(line.contains("% [") && line.ends_with(']'), "{line}");
    }
    // The activations used: 2 to 5, one count per game.
    let activations: Vec<(i32, u64)> = one
        .lines()
        .skip_while(|l| !l.starts_with("final activations"))
        .skip(2)
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    assert!(activations.iter().all(|&(v, _)| (2..=5).contains(&v)));
    assert_eq!(activations.iter().map(|&(_, c)| c).sum::<u64>(), 40);
}

#[test]
fn stolberg_corridor_reports_the_seven_levels_and_us_vp_whatever_the_threads() {
    let one = balance("stolberg-corridor", "3", &["--threads", "1"]);
    let two = balance("stolberg-corridor", "3", &["--threads", "2"]);
    assert_eq!(one, two, "results must not depend on the thread count");
    for needle in [
        "Crossing the Line: Aachen 1944 — The Stolberg Corridor\n",
        "US scripted vs Germans scripted",
        "final US VP",
        // 6.1: the initiative is won each Ops Cycle, so its row counts cycles, not turns.
        "Ops Cycles with initiative",
    ] {
        assert!(one.contains(needle), "{needle:?} missing from\n{one}");
    }
    let lines = level_lines(&one);
    assert_eq!(lines.len(), 7, "{lines:?}");
    for line in &lines {
        assert!(line.contains("% [") && line.ends_with(']'), "{line}");
    }
    assert!(
        lines[0].trim_start().starts_with("US decisive"),
        "{lines:?}"
    );
    assert!(lines[6].trim_start().starts_with("draw"), "{lines:?}");
    // "German marginal" names its side already: not "Germans: German marginal".
    assert!(
        lines[3].trim_start().starts_with("German marginal"),
        "{lines:?}"
    );
}

#[test]
fn balance_takes_open() {
    let text = balance("first-blood", "5", &["--open"]);
    assert!(text.contains("5 games"), "{text}");
}

#[test]
fn rule_10_1_balance_writes_activations_and_the_us_rating_to_csv() {
    let file = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ctl-run.csv");
    let f = file.to_str().unwrap();
    let text = balance("first-blood", "10", &["--bots", "random", "--out", f]);
    assert!(text.contains("US random"), "{text}");
    let csv = std::fs::read_to_string(&file).unwrap();
    let header = csv.lines().next().unwrap();
    assert!(
        header.contains(",activations,bots,run_seed,data,provenance"),
        "{header}"
    );
    // First Blood has no turns and no initiative to count (10.1).
    assert!(
        !header.contains(",turn,") && !header.contains("initiative"),
        "{header}"
    );
    assert_eq!(csv.lines().count(), 11);
    // 10.1's rating names its side, as the other scenarios' levels do ("US satisfactory").
    for row in csv.lines().skip(1) {
        let level = row.split(',').nth(3).unwrap();
        assert!(level.starts_with("US "), "{row}");
    }
}

#[test]
fn a_missing_or_unknown_scenario_is_one_line_naming_both() {
    for cmd in ["balance", "ladder"] {
        let err = one_line_error(&sandtable(&[cmd, "crossing-the-line"]));
        assert!(err.contains("needs --scenario"), "{err}");
        assert!(
            err.contains("first-blood, stolberg-corridor, across-the-wurm, campaign"),
            "{err}"
        );
        let err = one_line_error(&sandtable(&[
            cmd,
            "crossing-the-line",
            "--scenario",
            "the-bulge",
        ]));
        assert!(err.contains("'the-bulge'"), "{err}");
        assert!(
            err.contains("first-blood, stolberg-corridor, across-the-wurm, campaign"),
            "{err}"
        );
    }
    let err = one_line_error(&sandtable(&["play", "crossing-the-line", "--side", "us"]));
    assert!(
        err.contains("first-blood, stolberg-corridor, across-the-wurm, campaign"),
        "{err}"
    );
}

#[test]
fn bad_bots_and_a_first_blood_ladder_are_one_line_errors() {
    // First Blood: the US alone acts.
    let err = one_line_error(&sandtable(&[
        "balance",
        "crossing-the-line",
        "--scenario",
        "first-blood",
        "--bots",
        "random,random",
    ]));
    assert!(err.contains("one name per side (US)"), "{err}");
    let err = one_line_error(&sandtable(&[
        "balance",
        "crossing-the-line",
        "--scenario",
        "stolberg-corridor",
        "--bots",
        "scripted,nosuchbot",
    ]));
    assert!(err.contains("'nosuchbot'"), "{err}");
    let err = one_line_error(&sandtable(&[
        "ladder",
        "crossing-the-line",
        "--scenario",
        "first-blood",
    ]));
    assert!(err.contains("two sides that make decisions"), "{err}");
    assert!(
        err.contains("balance crossing-the-line --scenario first-blood --bots"),
        "the hint names the scenario: {err}"
    );
}

#[test]
fn a_ladder_report_names_its_scenario() {
    let text = stdout(&sandtable(&[
        "ladder",
        "crossing-the-line",
        "--scenario",
        "stolberg-corridor",
        "--bots",
        "random,scripted",
        "--games",
        "1",
        "--seed",
        "1",
    ]));
    assert!(
        text.starts_with("Crossing the Line: Aachen 1944 — The Stolberg Corridor ladder: 1 games"),
        "{text}"
    );
}

#[test]
fn games_lists_crossing_the_line_as_implemented_with_its_scenarios() {
    let text = stdout(&sandtable(&["games"]));
    let line = text
        .lines()
        .find(|l| l.starts_with("crossing-the-line"))
        .expect("crossing-the-line is listed");
    assert!(line.contains("(implemented)"), "{line}");
    let section: String = text
        .lines()
        .skip_while(|l| !l.starts_with("crossing-the-line"))
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .collect::<Vec<_>>()
        .join("\n");
    for needle in [
        "--scenario is required",
        "first-blood (First Blood, 10.1)",
        "stolberg-corridor (The Stolberg Corridor, 10.2)",
        "reconstructed tables",
        "crt:",
    ] {
        assert!(section.contains(needle), "{needle:?} missing:\n{section}");
    }
}

fn play(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    common::play("crossing-the-line", args, input)
}

#[test]
fn play_first_blood_as_the_us_and_refuse_the_static_germans() {
    let (text, _, code) = play(
        &[
            "--scenario",
            "first-blood",
            "--side",
            "us",
            "--bot",
            "scripted",
        ],
        "1\nhint\n1\nundo\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(text.contains("US> "), "{text}");
    assert!(text.contains("Hint: "), "{text}");
    assert!(text.contains("Back to your previous decision."), "{text}");
    let (_, stderr, code) = play(&["--scenario", "first-blood", "--side", "germans"], "");
    assert_eq!(code, Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("the rules play the Germans"), "{stderr}");
}

#[test]
fn play_the_germans_of_the_stolberg_corridor_against_the_scripted_us() {
    let (text, _, code) = play(
        &[
            "--scenario",
            "stolberg-corridor",
            "--side",
            "german",
            "--bot",
            "scripted",
        ],
        "quit\n",
    );
    assert_eq!(code, Some(0));
    assert!(text.contains("US: "), "the US bot moved first: {text}");
    assert!(text.contains("Germans> "), "{text}");
}

#[test]
fn the_side_table_stays_aligned_when_a_rate_is_100_percent() {
    // A random US never clears First Blood: every Germans' rate is 100%.
    let text = balance("first-blood", "10", &["--bots", "random"]);
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("side"))
        .take(3)
        .collect();
    assert!(
        table[2].contains("100.00% [") && table[2].starts_with("Germans"),
        "{text}"
    );
    let width = table[0].chars().count();
    assert!(
        table.iter().all(|l| l.chars().count() == width),
        "{table:#?}"
    );
}

#[test]
fn a_save_loads_back_without_naming_its_scenario_again() {
    let dir = common::temp_dir("ctl-load-scenario");
    let save = dir.join("game.sav");
    let save = save.to_str().expect("a UTF-8 path");
    let args = [
        "--scenario",
        "stolberg-corridor",
        "--side",
        "germans",
        "--bot",
        "random",
    ];
    let (text, _, code) = play(&args, &format!("save {save}\nquit\n"));
    assert_eq!(code, Some(0), "{text}");
    // `play` and `board` take the scenario from the save.
    let (text, stderr, code) = play(
        &["--load", save, "--side", "germans", "--bot", "random"],
        "quit\n",
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(text.contains("Germans> "), "{text}");
    let svg = dir.join("board.svg");
    let out = common::sandtable(&[
        "board",
        "crossing-the-line",
        "--load",
        save,
        "--out",
        svg.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stdout(&out));
    // Naming another scenario is still refused, in one line.
    let (_, stderr, code) = play(
        &[
            "--load",
            save,
            "--scenario",
            "across-the-wurm",
            "--side",
            "germans",
        ],
        "",
    );
    assert_eq!(code, Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("the scenario stolberg-corridor, not across-the-wurm"),
        "{stderr}"
    );
    // A bad --data beside the save is the data's error, not the save's (trial 16a F8).
    let bad = dir.join("bad");
    std::fs::create_dir_all(&bad).unwrap();
    std::fs::write(bad.join("map.toml"), "[terrain\n").unwrap();
    let out = common::sandtable(&[
        "board",
        "crossing-the-line",
        "--load",
        save,
        "--data",
        bad.to_str().expect("a UTF-8 path"),
        "--out",
        dir.join("never.svg").to_str().expect("a UTF-8 path"),
    ]);
    let err = common::one_line_error(&out);
    assert!(err.starts_with("error: bad data: "), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// 7.5.2: a stack its losses eliminated has no unit left to retreat, so no retreat hex is
/// asked for (trial 11b F2: First Blood, seed 2, the 1/16's Hasty Attack on 2107).
#[test]
fn rule_7_5_2_an_eliminated_stack_is_not_asked_for_a_retreat_hex() {
    let args = ["--scenario", "first-blood", "--side", "us", "--seed", "2"];
    let (text, stderr, code) = common::play("crossing-the-line", &args, "1\n1\n87\n12\n1\nquit\n");
    assert_eq!(code, Some(0), "{stderr}");
    let eliminated = text
        .find("US 1/16 is eliminated")
        .unwrap_or_else(|| panic!("the attacker is eliminated: {text}"));
    assert!(
        !text[eliminated..].contains("retreat to "),
        "{}",
        &text[eliminated..]
    );
}

/// 5.3.4: an attack on a stack holding units the attacker cannot see offers no odds, and
/// says why (trial 11b F7: First Blood, seed 2, the LwF VIII in 2108 with a unit under it).
#[test]
fn rule_5_3_4_an_attack_on_hidden_units_says_why_it_has_no_odds() {
    let args = ["--scenario", "first-blood", "--side", "us", "--seed", "2"];
    let (text, stderr, code) = common::play("crossing-the-line", &args, "1\n1\n87\nquit\n");
    assert_eq!(code, Some(0), "{stderr}");
    let line = text
        .lines()
        .find(|l| l.contains("Hasty Attack from 2008 on 2108"))
        .unwrap_or_else(|| panic!("the attack on 2108 is offered: {text}"));
    assert!(
        line.contains("no odds: the stack holds units you cannot see (5.3.4)"),
        "{line}"
    );
}

/// 7.3.6, 5.3.2: an HQ displaced by an enemy moving next to it is told in the log before its
/// owner is asked where it goes (trial 11b F13: the Stolberg Corridor as the Germans).
#[test]
fn rule_7_3_6_a_displaced_hq_is_told_before_it_is_placed() {
    let args = ["--scenario", "stolberg-corridor", "--side", "germans"];
    let (text, stderr, code) = common::play("crossing-the-line", &args, "1\n2\nquit\n");
    assert_eq!(code, Some(0), "{stderr}");
    let told = text
        .find("the 526th Infantry Division HQ, alone in 2211, is displaced (an enemy moved next to it, 7.3.6): its owner places it (5.3.2)")
        .unwrap_or_else(|| panic!("the displacement is told: {text}"));
    let asked = text
        .find("where the displaced HQ goes (5.3.2)")
        .expect("the Germans are asked where it goes");
    assert!(told < asked, "told before it is asked");
}

/// `crt` and `initiative` read `--data` as every other command does: the game's whole data
/// folder is taken (trial 13a F2: its other files were refused), and a single file gets the
/// same reason as everywhere else.
#[test]
fn the_odds_commands_read_the_games_whole_data_folder() {
    let dir = temp_dir("ctl-odds-data");
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/games/crossing_the_line/data"
    );
    for entry in std::fs::read_dir(source).unwrap().flatten() {
        let name = entry.file_name();
        if name.to_string_lossy().ends_with(".toml") {
            std::fs::copy(entry.path(), dir.join(&name)).unwrap();
        }
    }
    let folder = dir.to_str().unwrap();
    for command in ["crt", "initiative"] {
        let out = sandtable(&[command, "crossing-the-line", "--data", folder]);
        assert_eq!(out.status.code(), Some(0), "{command}: {out:?}");
        let one = dir.join("charts.toml");
        let out = sandtable(&[
            command,
            "crossing-the-line",
            "--data",
            one.to_str().unwrap(),
        ]);
        assert!(
            one_line_error(&out).contains("reads a directory"),
            "{command}"
        );
    }
}

/// A data copy that changes a table the rulebook prints (8.4.2's chart) is run, with a line
/// saying so, here and in `games`; an unchanged copy gets none (trial 22a F3, 21a F3).
#[test]
fn data_changing_a_printed_table_is_labelled_a_designers_variant() {
    let dir = temp_dir("ctl-printed-change");
    let charts = include_str!("../src/games/crossing_the_line/data/charts.toml");
    std::fs::write(dir.join("charts.toml"), charts).unwrap();
    let args = |cmd: &str| {
        let mut a = vec![cmd, "crossing-the-line", "--data", dir.to_str().unwrap()];
        if cmd == "balance" {
            a.extend(["--scenario", "first-blood", "--games", "2"]);
        }
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let run = |cmd: &str| {
        let a = args(cmd);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let out = sandtable(&a);
        assert!(
            out.status.success(),
            "{cmd}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        format!("{}{}", stdout(&out), String::from_utf8_lossy(&out.stderr))
    };
    assert!(
        !run("balance").contains("designer's variant"),
        "an unchanged copy"
    );
    let edited = common::edit(
        charts,
        "  { cannibalized = [\"recce\"], reinforced = \"recce\" },\n",
        "",
    );
    std::fs::write(dir.join("charts.toml"), edited).unwrap();
    for cmd in ["balance", "games"] {
        let text = run(cmd);
        assert!(
            text.contains(
                "your data changes tables the rulebook prints: charts.toml \
                 [german_reorganization] (rulebook 8.4.2); the results are a designer's variant"
            ),
            "{cmd}: {text}"
        );
    }
}
