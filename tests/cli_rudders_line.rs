//! The `sandtable` binary and the simulator on Rudder's Line itself: data loading, the
//! scripted bot, determinism across thread counts, replays.

use rand::SeedableRng;
use sandtable::bots::{Bot, RandomBot};
use sandtable::engine::{game_seed, Game, GameRng, Replay};
use sandtable::games::rudders_line::{data::MAP_TOML, Action, RuddersLine};
use sandtable::sim::{play_game, play_to_end, GameRecord};
use std::path::PathBuf;

mod common;
use common::{one_line_error, sandtable, stdout};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn games_lists_every_game_and_the_reconstructed_tables() {
    let text = stdout(&sandtable(&["games"]));
    for id in [
        "rudders-line",
        "aachen",
        "crossing-the-line",
        "cross-of-iron",
    ] {
        assert!(text.contains(id), "{id} missing:\n{text}");
    }
    assert!(text.contains("scenario:"), "{text}");
    assert!(text.contains("reconstructed"), "{text}");
}

#[test]
fn rule_6_1_games_lists_the_mutual_reinforcement_phase_as_not_implemented() {
    let text = stdout(&sandtable(&["games", "rudders-line"]));
    let line = text
        .lines()
        .find(|l| l.contains("not implemented"))
        .unwrap_or_else(|| panic!("no 'not implemented' line:\n{text}"));
    assert!(line.contains("section 6"), "{line}");
    assert!(line.contains("Mutual Reinforcement Phase"), "{line}");
}

#[test]
fn unknown_bots_are_one_line_and_exit_2() {
    let err = one_line_error(&sandtable(&[
        "balance",
        "rudders-line",
        "--bots",
        "foo,bar",
    ]));
    assert!(err.contains("'foo'"), "{err}");
    assert!(
        err.contains("random") && err.contains("scripted"),
        "lists the known bots: {err}"
    );
    one_line_error(&sandtable(&["balance", "rudders-line", "--bots", "random"]));
}

#[test]
fn missing_data_path_is_one_line_and_exit_2() {
    let err = one_line_error(&sandtable(&[
        "balance",
        "rudders-line",
        "--data",
        "/nonexistent",
    ]));
    assert!(err.contains("/nonexistent"), "names the path: {err}");
    // `games GAME --data` validates that game's files; --data without a game is refused.
    for game in ["rudders-line", "aachen", "crossing-the-line"] {
        let err = one_line_error(&sandtable(&["games", game, "--data", "/nonexistent"]));
        assert!(
            err.contains("/nonexistent"),
            "{game}: names the path: {err}"
        );
    }
    one_line_error(&sandtable(&["games", "--data", "/nonexistent"]));
}

#[test]
fn games_lists_one_game_when_named() {
    let text = stdout(&sandtable(&["games", "aachen"]));
    assert!(text.starts_with("aachen"), "{text}");
    assert!(!text.contains("rudders-line"), "{text}");
    let err = one_line_error(&sandtable(&["games", "chess"]));
    assert!(err.contains("unknown game 'chess'"), "{err}");
}

#[test]
fn bad_data_files_name_the_file_and_the_entry() {
    let dir = scratch("bad-data");
    std::fs::write(dir.join("map.toml"), "this is = not [toml").unwrap();
    let err = one_line_error(&sandtable(&[
        "balance",
        "rudders-line",
        "--games",
        "1",
        "--data",
        dir.to_str().unwrap(),
    ]));
    assert!(err.contains("map.toml"), "names the file: {err}");

    let dir = scratch("bad-entry");
    let bad = format!(
        "{MAP_TOML}\n[[areas]]\nid = \"99\"\nname = \"Nowhere\"\ntem = 0\nadjacent = [\"no-such-area\"]\n"
    );
    std::fs::write(dir.join("map.toml"), bad).unwrap();
    let err = one_line_error(&sandtable(&[
        "balance",
        "rudders-line",
        "--games",
        "1",
        "--data",
        dir.to_str().unwrap(),
    ]));
    assert!(err.contains("map.toml"), "names the file: {err}");
    assert!(
        err.contains("99") || err.contains("no-such-area"),
        "names the entry: {err}"
    );
}

#[test]
fn unwritable_out_is_one_line_and_exit_2() {
    let err = one_line_error(&sandtable(&[
        "balance",
        "rudders-line",
        "--games",
        "1",
        "--out",
        "/nonexistent-dir/run.csv",
    ]));
    assert!(err.contains("/nonexistent-dir/run.csv"), "{err}");
}

#[test]
fn balance_gives_the_same_numbers_on_1_and_2_threads() {
    let dir = scratch("threads");
    let run = |threads: &str| {
        let csv = dir.join(format!("run-{threads}.csv"));
        let out = sandtable(&[
            "balance",
            "rudders-line",
            "--games",
            "200",
            "--seed",
            "3",
            "--threads",
            threads,
            "--out",
            csv.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (stdout(&out), stderr, std::fs::read_to_string(csv).unwrap())
    };
    let (text1, note, csv1) = run("1");
    let (text2, _, csv2) = run("2");
    assert_eq!(text1, text2);
    assert_eq!(csv1, csv2);
    assert!(
        text1.contains("Rangers") && text1.contains("Germans"),
        "{text1}"
    );
    assert!(
        note.contains("note: results depend on reconstructed data"),
        "{note}"
    );
    let lines: Vec<&str> = csv1.lines().collect();
    assert_eq!(lines.len(), 201, "header plus one row per game");
    assert_eq!(
        lines[0],
        "index,seed,winner,victory_level,turn,losses_rangers,losses_germans,\
         initiative_rangers,initiative_germans,bots,run_seed,data,provenance"
    );
    assert!(lines[1].starts_with("0,"), "{}", lines[1]);
}

fn random_bots() -> Vec<Box<dyn Bot<RuddersLine>>> {
    (0..2)
        .map(|_| Box::new(RandomBot::<Action>::default()) as Box<dyn Bot<RuddersLine>>)
        .collect()
}

#[test]
fn replaying_a_random_game_reproduces_it() {
    let game = RuddersLine::embedded().unwrap();
    for i in 0..20 {
        let seed = game_seed(1, i);
        let mut log = Replay::new(&game, seed);
        let mut rng = GameRng::seed_from_u64(seed);
        let (end, steps) =
            play_to_end(&game, &mut random_bots(), i, seed, &mut rng, Some(&mut log)).unwrap();
        assert_eq!(log.steps.len() as u64, steps);
        let replayed = log.replay(&game).unwrap();
        let a = GameRecord::from_final_state(&game, &end, i, seed, steps).unwrap();
        let b = GameRecord::from_final_state(&game, &replayed, i, seed, steps).unwrap();
        assert_eq!(a, b);
        assert_eq!(game.turn(&end), game.turn(&replayed));

        let mut rng = GameRng::seed_from_u64(seed);
        let again = play_game(&game, &mut random_bots(), i, seed, &mut rng, None).unwrap();
        assert_eq!(again, a, "the seed alone reproduces the game");
    }
}

#[test]
fn outputs_are_written_whole_and_leave_nothing_beside_them() {
    let dir = scratch("whole-outputs");
    let csv = dir.join("run.csv");
    std::fs::write(&csv, "an older run\n").unwrap();
    // A refused run leaves the older file as it was.
    let out = sandtable(&[
        "balance",
        "rudders-line",
        "--bots",
        "foo",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "an older run\n");
    let out = sandtable(&[
        "balance",
        "rudders-line",
        "--games",
        "20",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&csv).unwrap().lines().count(), 21);
    let odds = dir.join("odds.csv");
    assert_eq!(
        sandtable(&["crt", "aachen", "--out", odds.to_str().unwrap()])
            .status
            .code(),
        Some(0)
    );
    let ladder = dir.join("ladder");
    let out = sandtable(&[
        "ladder",
        "rudders-line",
        "--bots",
        "random,scripted",
        "--games",
        "2",
        "--out",
        ladder.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .chain(std::fs::read_dir(&ladder).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "ladder",
            "matchups.csv",
            "odds.csv",
            "ratings.csv",
            "run.csv"
        ]
    );
}

/// `ladder --sprt`: the sequential test stops at the first game pair that decides, the same
/// pair for any thread count, and says what it decided, after how many pairs, and how many
/// Wald expected; two equal bots are accepted as no stronger, a strong one as stronger.
#[test]
fn a_sequential_test_decides_at_the_same_pair_for_any_thread_count() {
    let sprt = |bots: &str, threads: &str| {
        common::stdout(&common::sandtable(&[
            "ladder",
            "rudders-line",
            "--bots",
            bots,
            "--sprt",
            "0,20",
            "--games",
            "2000",
            "--threads",
            threads,
        ]))
    };
    let equal = sprt("scripted,scripted", "1");
    assert_eq!(equal, sprt("scripted,scripted", "2"));
    assert!(equal.contains("H0 accepted after"), "{equal}");
    assert!(equal.contains("expected game pairs (Wald"), "{equal}");
    let strong = sprt("scripted,random", "2");
    assert!(strong.contains("H1 accepted after"), "{strong}");
    assert!(strong.contains("head to head over both sides"), "{strong}");
    let line = common::one_line_error(&common::sandtable(&[
        "ladder",
        "rudders-line",
        "--bots",
        "scripted,random,mcts-fast",
        "--sprt",
        "0,20",
    ]));
    assert!(line.contains("exactly two bots"), "{line}");
    // A negative bound is taken as written (trial 21a F6: clap read it as a flag).
    let negative = common::stdout(&common::sandtable(&[
        "ladder",
        "rudders-line",
        "--bots",
        "random,scripted",
        "--sprt",
        "-5,5",
        "--games",
        "2",
        "--threads",
        "1",
    ]));
    assert!(
        negative.contains("H0 random is -5 Elo against scripted, H1 +5 Elo"),
        "{negative}"
    );
    // Two bots may be one (the null test above); a longer ladder ranks each bot once.
    let line = common::one_line_error(&common::sandtable(&[
        "ladder",
        "rudders-line",
        "--bots",
        "random,scripted,random",
    ]));
    assert!(line.contains("names 'random' twice"), "{line}");
    // One bot: the message says what is missing, not "a two-player game" (trial 17a F17).
    let line = common::one_line_error(&common::sandtable(&[
        "ladder",
        "rudders-line",
        "--bots",
        "scripted",
    ]));
    assert!(
        line.contains("at least two bots (--bots a,b); 1 given"),
        "{line}"
    );
}
