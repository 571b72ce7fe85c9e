//! The `sandtable` binary on Cities of the Damned: Aachen, the solitaire game: balance runs
//! with the player's bot alone, `games`, and `play` driven through stdin.

mod common;
use common::{one_line_error, sandtable, stdout};

fn balance(extra: &[&str]) -> String {
    let mut args = vec!["balance", "aachen", "--games", "200", "--seed", "3"];
    args.extend_from_slice(extra);
    stdout(&sandtable(&args))
}

#[test]
fn balance_reports_the_split_intervals_and_morale_and_ignores_threads() {
    let one = balance(&["--threads", "1"]);
    let two = balance(&["--threads", "2"]);
    assert_eq!(one, two, "results must not depend on the thread count");
    for needle in [
        "Cities of the Damned: Aachen",
        "Americans scripted (Germans played by the rules)",
        "200 games",
        "victory levels (games, percent with 95% Wilson interval)",
        "final German Morale",
        "turn decided, by victory level",
    ] {
        assert!(one.contains(needle), "{needle:?} missing from\n{one}");
    }
    // Every victory-level line carries a Wilson interval; the American ones split the win.
    let level_lines: Vec<&str> = one
        .lines()
        .skip_while(|l| !l.starts_with("victory levels"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(!level_lines.is_empty(), "{one}");
    for line in &level_lines {
        assert!(line.contains("% [") && line.ends_with(']'), "{line}");
    }
    // All four levels are shown, reached or not: the American win split in two.
    assert_eq!(level_lines.len(), 4, "{level_lines:?}");
    for (line, start) in level_lines.iter().zip([
        // A level that names its side by its adjective is not prefixed again.
        "American automatic victory",
        "American victory: the garrison surrenders",
        "German automatic victory",
        "German victory: the garrison refuses",
    ]) {
        assert!(line.trim_start().starts_with(start), "{line}");
    }
    // The morale distribution: values 0–19, counts summing to the games played.
    let morale: Vec<(i32, u64)> = one
        .lines()
        .skip_while(|l| !l.starts_with("final German Morale"))
        .skip(2)
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    assert!(!morale.is_empty(), "{one}");
    assert!(morale.iter().all(|&(v, _)| (0..=19).contains(&v)));
    assert_eq!(morale.iter().map(|&(_, c)| c).sum::<u64>(), 200);
}

#[test]
fn balance_writes_morale_as_a_csv_column() {
    let file = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("aachen-run.csv");
    let f = file.to_str().unwrap();
    stdout(&sandtable(&[
        "balance", "aachen", "--games", "20", "--seed", "5", "--out", f,
    ]));
    let text = std::fs::read_to_string(&file).unwrap();
    let header = text.lines().next().unwrap();
    assert!(
        header.contains(",german_morale,bots,run_seed,data,provenance"),
        "{header}"
    );
    // Solitaire: no initiative columns.
    assert!(!header.contains("initiative"), "{header}");
    assert_eq!(text.lines().count(), 21);
}

#[test]
fn balance_with_a_random_player() {
    let text = stdout(&sandtable(&[
        "balance", "aachen", "--games", "50", "--seed", "1", "--bots", "random",
    ]));
    assert!(text.contains("Americans random"), "{text}");
    assert!(text.contains("50 games"), "{text}");
}

#[test]
fn bad_flags_are_one_line_and_exit_2() {
    // Two bots for a game in which one side acts.
    let err = one_line_error(&sandtable(&[
        "balance",
        "aachen",
        "--bots",
        "random,random",
    ]));
    assert!(
        err.contains("one name per side (Americans): 1, not 2"),
        "{err}"
    );
    let err = one_line_error(&sandtable(&["balance", "aachen", "--bots", "nosuchbot"]));
    assert!(err.contains("'nosuchbot'"), "{err}");
    let err = one_line_error(&sandtable(&[
        "balance",
        "aachen",
        "--scenario",
        "stalingrad",
    ]));
    assert!(err.contains("stalingrad"), "{err}");
    let err = one_line_error(&sandtable(&["balance", "aachen", "--games", "lots"]));
    assert!(err.contains("--games"), "{err}");
    let err = one_line_error(&sandtable(&["ladder", "aachen", "--games", "2"]));
    assert!(err.contains("two sides that make decisions"), "{err}");
}

#[test]
fn games_lists_aachen_as_implemented_without_the_optional_rules() {
    let text = stdout(&sandtable(&["games"]));
    let line = text
        .lines()
        .find(|l| l.starts_with("aachen"))
        .expect("aachen is listed");
    assert!(line.contains("(implemented)"), "{line}");
    let section: String = text
        .lines()
        .skip_while(|l| !l.starts_with("aachen"))
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(section.contains("reconstructed tables"), "{section}");
    assert!(section.contains("not available"), "{section}");
    for rule in [
        "12.1 Parent Organization",
        "12.2 Historical Random Events",
        "12.3 Lousberg Hill",
        "12.4 Rubble",
        "12.5 Hotel Quellenhof",
        "12.6 Play Balance",
    ] {
        assert!(section.contains(rule), "{rule} missing:\n{section}");
    }
}

fn play(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    common::play("aachen", args, input)
}

#[test]
fn play_through_stdin_with_undo_help_bad_moves_and_quit() {
    let (text, _, code) = play(
        &["--side", "us", "--bot", "random", "--seed", "2"],
        "undo\n1\n1\nundo\nhelp\nbanana\n999\n1\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(text.contains("Nothing to undo."), "{text}");
    assert!(text.contains("Back to your previous decision."), "{text}");
    assert!(text.contains("undo (back to your last decision)"), "{text}");
    assert!(text.contains("Unknown input 'banana'"), "{text}");
    assert!(text.contains("There is no action 999"), "{text}");
    assert!(text.contains("Americans> "), "{text}");
}

#[test]
fn play_accepts_americans_and_refuses_the_germans() {
    let (text, _, code) = play(&["--side", "americans", "--bot", "random"], "quit\n");
    assert_eq!(code, Some(0));
    assert!(text.contains("Americans> "), "{text}");
    let (_, stderr, code) = play(&["--side", "germans"], "");
    assert_eq!(code, Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("the rules play the Germans"), "{stderr}");
    let (_, _, code) = play(&["--side", "french"], "");
    assert_eq!(code, Some(2));
}

#[test]
fn play_hint_uses_the_given_bot() {
    let (text, _, code) = play(&["--side", "us", "--bot", "scripted"], "hint\nquit\n");
    assert_eq!(code, Some(0));
    assert!(text.contains("Hint: "), "{text}");
}

#[test]
fn a_saved_game_loads_back_to_the_same_state() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("aachen-play");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.toml");
    let f = file.to_str().unwrap();
    let moves = "1\n".repeat(12);
    let (first, _, _) = play(
        &["--side", "us", "--bot", "random", "--seed", "4"],
        &format!("{moves}save {f}\nboard\nquit\n"),
    );
    assert!(first.contains(&format!("Saved to {f}")), "{first}");
    let (second, _, code) = play(
        &["--side", "us", "--bot", "random", "--load", f],
        "board\nquit\n",
    );
    assert_eq!(code, Some(0));
    // What `board` printed (the board and the actions on offer) before the last prompt is the
    // same after saving and after loading, but for the options' numbers: a loaded game is
    // a new list, numbered from 1, where the saved one may have kept the numbers of a
    // sub-choice (the support points bought one at a time).
    let last_board = |t: &str| -> String {
        let pieces: Vec<&str> = t.split("Americans> ").collect();
        pieces[pieces.len() - 2]
            .lines()
            .map(|l| match l.trim_start().split_once(". ") {
                Some((n, rest)) if n.parse::<usize>().is_ok() => format!("  #. {rest}"),
                _ => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(last_board(&first).contains("  #. "), "{first}");
    assert_eq!(last_board(&first), last_board(&second));
    // `load` inside a session round-trips too.
    let (third, _, _) = play(
        &["--side", "us", "--bot", "random"],
        &format!("load {f}\nquit\n"),
    );
    assert!(third.contains(&format!("Loaded {f}.")), "{third}");
}

#[test]
fn a_game_saved_by_an_older_version_of_the_rules_is_refused_in_one_line() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("aachen-play-old");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("old.toml");
    // A log of the version before moves were whole: no `version` field.
    std::fs::write(&file, "game = \"aachen\"\nseed = 4\nsteps = [0, 0, 0]\n").unwrap();
    let f = file.to_str().unwrap();
    let (_, stderr, code) = play(&["--side", "us", "--load", f], "quit\n");
    assert_eq!(code, Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("version 1") && stderr.contains(f),
        "{stderr}"
    );
}
