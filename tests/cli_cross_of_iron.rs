//! Cross of Iron from the command line: a whole game through stdin, balance with a CSV, and
//! bad data in one line.

mod common;

use common::{one_line_error, sandtable};

#[test]
fn a_whole_game_of_the_kolkhoz_is_played_through_stdin() {
    let (text, code) = common::play_first_options(
        "cross-of-iron",
        &["--side", "germans", "--bot", "random", "--seed", "3"],
        usize::MAX,
        "",
    );
    assert_eq!(code, Some(0));
    assert!(
        text.contains("Game over on turn"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
    assert!(
        text.contains("Prep Fire Phase") && text.contains("rolled"),
        "phases and dice are shown"
    );
}

#[test]
fn balance_plays_the_kolkhoz_and_writes_one_row_a_game() {
    let dir = common::temp_dir("coi-cli");
    let csv = dir.join("games.csv");
    let out = sandtable(&[
        "balance",
        "cross-of-iron",
        "--games",
        "40",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("The Kolkhoz") && text.contains("Germans"),
        "{text}"
    );
    let rows = std::fs::read_to_string(&csv).unwrap().lines().count();
    assert_eq!(rows, 41);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_cross_of_iron_data_is_one_line_and_exit_2() {
    let dir = common::temp_dir("coi-bad");
    let text = include_str!("../src/games/cross_of_iron/data/scenario.toml")
        .replace("hex = \"K2\"", "hex = \"K99\"");
    std::fs::write(dir.join("scenario.toml"), text).unwrap();
    let err = one_line_error(&sandtable(&[
        "balance",
        "cross-of-iron",
        "--data",
        dir.to_str().unwrap(),
    ]));
    assert!(
        err.contains("scenario.toml") && err.contains("[setup] Tank 1") && err.contains("K99"),
        "{err}"
    );
    let err = one_line_error(&sandtable(&[
        "balance",
        "cross-of-iron",
        "--scenario",
        "stalingrad",
    ]));
    assert!(err.contains("kolkhoz"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
