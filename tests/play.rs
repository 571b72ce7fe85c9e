//! `sandtable play` driven through stdin, as a person would type.

mod common;

fn play(args: &[&str], input: &str) -> (String, Option<i32>) {
    let (out, _, code) = common::play("rudders-line", args, input);
    (out, code)
}

#[test]
fn a_whole_game_is_played_through_stdin() {
    // Always the first action offered; the random bot answers quickly.
    let input = "1\n".repeat(20_000);
    let (text, code) = play(
        &["--side", "rangers", "--bot", "random", "--seed", "3"],
        &input,
    );
    assert_eq!(code, Some(0));
    assert!(
        text.contains("Game over on turn"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
    assert!(
        text.contains("OT ") && text.contains("vs DT"),
        "dice are explained"
    );
    assert!(text.contains("Germans: "), "the bot's moves are shown");
}

#[test]
fn bad_input_is_explained_and_the_game_goes_on() {
    let (text, code) = play(
        &["--side", "germans", "--bot", "random"],
        "banana\n0\n999\nsave\nhelp\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(text.contains("Unknown input 'banana'"));
    assert!(text.contains("There is no action 0"));
    assert!(text.contains("There is no action 999"));
    assert!(text.contains("save needs a file name"));
    assert!(text.contains("undo (back to your last decision)"));
}

#[test]
fn a_saved_game_loads_back_to_the_same_state() {
    let dir = std::env::temp_dir().join(format!("sandtable-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.toml");
    let f = file.to_str().unwrap();
    let moves = "1\n".repeat(40);
    let (first, _) = play(
        &["--side", "rangers", "--bot", "random"],
        &format!("{moves}save {f}\nboard\nquit\n"),
    );
    let (second, _) = play(
        &["--side", "rangers", "--bot", "random", "--load", f],
        "board\nquit\n",
    );
    let board = |t: &str| {
        t.rsplit("Turn ")
            .next()
            .map(|b| b.split("\n    1.").next().unwrap_or("").to_string())
    };
    assert!(first.contains(&format!("Saved to {f}")));
    assert_eq!(
        board(&first),
        board(&second),
        "the loaded game shows the same board"
    );
}

#[test]
fn undo_returns_to_the_last_decision() {
    let (text, _) = play(
        &["--side", "rangers", "--bot", "random"],
        "undo\n4\nundo\nquit\n",
    );
    assert!(text.contains("Nothing to undo."));
    assert!(text.contains("Back to your previous decision."));
}

#[test]
fn an_unknown_side_is_one_line_and_exit_2() {
    let (_, code) = play(&["--side", "french", "--bot", "random"], "");
    assert_eq!(code, Some(2));
}
