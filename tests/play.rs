//! `sandtable play` driven through stdin, as a person would type.

mod common;

fn play(args: &[&str], input: &str) -> (String, Option<i32>) {
    let (out, _, code) = common::play("rudders-line", args, input);
    (out, code)
}

#[test]
fn a_whole_game_is_played_through_stdin() {
    // Always the first action offered; the random bot answers quickly.
    let (text, code) = common::play_first_options(
        "rudders-line",
        &["--side", "rangers", "--bot", "random", "--seed", "3"],
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
        text.contains("OT ") && text.contains("vs DT"),
        "dice are explained"
    );
    assert!(text.contains("Germans: "), "the bot's moves are shown");
    // The end says why, with the victory conditions.
    let end = &text[text.rfind("Game over on turn").unwrap()..];
    assert!(
        end.contains("(winner: ") || end.contains("(winner: none)"),
        "{end}"
    );
    assert!(end.contains("\n  Why: "), "{end}");
    assert!(
        end.contains("Victory (reconstructed Set Up Card, 12.1)"),
        "{end}"
    );
}

/// Every game's screen says what its numbers and marks mean when asked (`key`), and the
/// first screen says how to ask.
#[test]
fn key_explains_the_numbers_on_the_screen_in_every_game() {
    for (game, args, meaning) in [
        (
            "rudders-line",
            vec!["--side", "rangers"],
            "Attack|Defense|Movement",
        ),
        ("aachen", vec!["--side", "us"], "Attack Factor"),
        (
            "cross-of-iron",
            vec!["--side", "germans"],
            "firepower-range-morale",
        ),
        (
            "crossing-the-line",
            vec!["--scenario", "stolberg-corridor", "--side", "us"],
            "Formation Activation Level",
        ),
    ] {
        let mut args = args.clone();
        args.extend(["--bot", "random"]);
        let (out, _, code) = common::play(game, &args, "key\nquit\n");
        assert_eq!(code, Some(0), "{game}");
        assert!(out.contains("key: what the numbers mean"), "{game}: {out}");
        assert!(out.contains(meaning), "{game}: {out}");
    }
}

#[test]
fn bad_input_is_explained_and_the_game_goes_on() {
    let (text, code) = play(
        &["--side", "germans", "--bot", "random"],
        "banana\n0\n999\n99999999999999999999999\n1-9999\nsave\nsave ''\nload \"\"\nhelp\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(text.contains("Unknown input 'banana'"));
    assert!(text.contains("There is no action 0"));
    assert!(text.contains("There is no action 999"));
    assert!(text.contains("'99999999999999999999999' is not a list of actions: type "));
    // A range too long to expand says its limit (trial 13a F5).
    assert!(text.contains("'1-9999' is not a list of actions: type "));
    assert!(text.contains("a range running upwards, its ends at most 100 apart (2-6)"));
    assert!(text.contains("save needs a file name"));
    // Quotes around nothing are no name (trial 22b F5: `save ''` wrote a file named '').
    assert_eq!(text.matches("save needs a file name").count(), 2, "{text}");
    assert!(text.contains("load needs a file name"), "{text}");
    assert!(text.contains("undo (back to your last decision)"));
}

#[test]
fn a_saved_game_loads_back_to_the_same_state() {
    let dir = common::temp_dir("play-save");
    let file = dir.join("game.toml");
    let f = file.to_str().unwrap();
    let (first, _) = common::play_first_options(
        "rudders-line",
        &["--side", "rangers", "--bot", "random"],
        40,
        &format!("save {f}\nboard\nquit\n"),
    );
    let (second, _) = play(
        &["--side", "rangers", "--bot", "random", "--load", f],
        "board\nquit\n",
    );
    // The board up to the options (numbered from 1 after a load, where the save may have
    // been made in a sub-choice that kept its numbers).
    let board = |t: &str| {
        t.rsplit("Turn ").next().map(|b| {
            b.lines()
                .take_while(|l| {
                    let l = l.trim_start();
                    !l.starts_with("(numbers kept")
                        && l.split_once(". ")
                            .is_none_or(|(n, _)| n.parse::<usize>().is_err())
                })
                .collect::<Vec<_>>()
                .join("\n")
        })
    };
    assert!(first.contains(&format!("Saved to {f}")));
    assert_eq!(
        board(&first),
        board(&second),
        "the loaded game shows the same board"
    );
}

/// A name in quotes, as a shell would take it, is saved without them (trial 19a F8).
#[test]
fn a_quoted_save_name_is_the_name_inside_the_quotes() {
    let dir = common::temp_dir("play-save-quoted");
    let file = dir.join("my game.toml");
    let f = file.to_str().unwrap();
    let (text, _) = play(
        &["--side", "rangers", "--bot", "random"],
        &format!("save \"{f}\"\nload '{f}'\nquit\n"),
    );
    assert!(text.contains(&format!("Saved to {f}.")), "{text}");
    assert!(text.contains(&format!("Loaded {f}.")), "{text}");
    assert!(file.exists(), "the file is named without the quotes");
}

/// Paying Casualty Points one unit at a time keeps the options' numbers, leaving a gap where
/// the one paid was: the screen says why a number is missing (trial 20b F4).
#[test]
fn a_gap_in_the_option_numbers_is_explained() {
    const NOTE: &str =
        "(numbers kept from the list before; a number missing is an option no longer open)";
    // Pass the artillery and the direct fire; the MG 42's fire on area 1 is then paid for.
    let (before, _) = play(
        &["--side", "rangers", "--bot", "scripted", "--seed", "1"],
        "4\n2\nquit\n",
    );
    assert!(
        before.contains("pays 3 CP of 6 due") && !before.contains(NOTE),
        "{before}"
    );
    let (after, _) = play(
        &["--side", "rangers", "--bot", "scripted", "--seed", "1"],
        "4\n2\n1\nquit\n",
    );
    let shown = after.rsplit(NOTE).next().unwrap();
    assert!(after.contains(NOTE), "{after}");
    assert!(
        !shown.contains("    1. ") && shown.contains("    2. "),
        "{shown}"
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

/// Plays `moves` first actions as the Rangers with seed 5 and saves into `dir`; the save's path.
fn saved_game(dir: &std::path::Path) -> String {
    let file = dir.join("game.toml");
    let f = file.to_str().unwrap().to_string();
    let input = format!("{}save {f}\nquit\n", "1\n".repeat(10));
    let (text, _) = play(
        &["--side", "rangers", "--bot", "random", "--seed", "5"],
        &input,
    );
    assert!(text.contains(&format!("Saved to {f}")), "{text}");
    f
}

#[test]
fn a_save_records_the_game_side_seed_and_data() {
    let dir = common::temp_dir("save-identity");
    let f = saved_game(&dir);
    let text = std::fs::read_to_string(&f).unwrap();
    let save: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(save["game"].as_str(), Some("rudders-line"));
    assert_eq!(save["side"].as_str(), Some("rangers"));
    assert_eq!(save["seed"].as_integer(), Some(5));
    let data = save["data"].as_str().expect("the data's identity");
    assert_eq!(data.len(), 16, "{data}");
    // No temporary file is left beside it.
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn a_save_is_refused_on_other_data_in_one_line() {
    let dir = common::temp_dir("save-other-data");
    let f = saved_game(&dir);
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let map = common::edit(
        sandtable::games::rudders_line::data::MAP_TOML,
        "tem = 1",
        "tem = 2",
    );
    std::fs::write(data.join("map.toml"), map).unwrap();
    let args = [
        "--side",
        "rangers",
        "--data",
        data.to_str().unwrap(),
        "--load",
        &f,
    ];
    let (_, stderr, code) = common::play("rudders-line", &args, "quit\n");
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("made on other data"), "{stderr}");
}

#[test]
fn a_save_of_another_side_and_seed_goes_on_as_saved_and_says_so() {
    let dir = common::temp_dir("save-other-side");
    let f = saved_game(&dir);
    let args = ["--side", "germans", "--seed", "9", "--load", &f];
    let (text, stderr, code) = common::play("rudders-line", &args, "quit\n");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("the save was played as the Rangers and with seed 5"),
        "{stderr}"
    );
    assert!(
        text.contains("Rangers> "),
        "the person plays the Rangers: {text}"
    );
}

#[test]
fn a_save_is_refused_in_another_scenario_in_one_line() {
    let dir = common::temp_dir("save-other-scenario");
    let f = dir.join("fb.toml");
    let f = f.to_str().unwrap();
    let first_blood = [
        "--scenario",
        "first-blood",
        "--side",
        "us",
        "--bot",
        "random",
    ];
    let (text, _, _) = common::play(
        "crossing-the-line",
        &first_blood,
        &format!("1\nsave {f}\nquit\n"),
    );
    assert!(text.contains("Saved to"), "{text}");
    let args = [
        "--scenario",
        "stolberg-corridor",
        "--side",
        "us",
        "--load",
        f,
    ];
    let (_, stderr, code) = common::play("crossing-the-line", &args, "quit\n");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("this save is of the scenario first-blood, not stolberg-corridor"),
        "{stderr}"
    );
}

#[test]
fn map_lists_each_area_or_hex_with_its_neighbours() {
    let (text, _) = play(
        &["--side", "rangers", "--bot", "random"],
        "map\nmap 99\nquit\n",
    );
    assert!(
        text.contains(
            "area 5 — Tip, R636 OP (TEM +4); ★ a Victory Area (12.1); controlled by the Germans \
             (3.21) — next to 1, 2, 3, 9, 10"
        ),
        "{text}"
    );
    assert!(text.contains("LC-A — Landing Craft A"), "{text}");
    assert!(text.contains("There is no area or hex '99' on the map."));
    let args = [
        "--scenario",
        "stolberg-corridor",
        "--side",
        "us",
        "--bot",
        "random",
    ];
    let (text, _, _) = common::play("crossing-the-line", &args, "map 2108\nquit\n");
    assert!(
        text.contains("hex 2108: town, 5 VP — next to 2008, 2009, 2107, 2109, 2208, 2209"),
        "{text}"
    );
}

#[test]
fn the_board_is_one_line_an_area_and_board_full_lists_every_unit() {
    let (text, _) = play(
        &["--side", "rangers", "--bot", "random"],
        "board --full\nquit\n",
    );
    let screen = text.split("Rangers> ").next().unwrap();
    assert!(screen.lines().count() < 40, "{screen}");
    assert!(
        screen.contains("area 5  TEM+4★ held by the Germans: German weapons team 1|1|5 +German MG 42 (4), 2× German squad 3|4|4"),
        "{screen}"
    );
    assert!(text.contains("#34  Germans German weapons team (fresh) carrying #35 German MG 42 (4)"));
}

/// 10.2: a group is formed in one line (`1-3`): while the person picks from the list, its
/// numbers stay as shown and new options are numbered after them; a number typed after a
/// choice that led to a new list is not taken.
#[test]
fn rule_10_2_several_units_join_the_group_in_one_line() {
    let (text, code) = play(
        &["--side", "rangers", "--bot", "random", "--seed", "3"],
        "4\n1\n1\n1\n3\n1-3\n9 1\n9 4\nquit\n",
    );
    assert_eq!(code, Some(0));
    let after = &text[text.find("6. Ranger BAR gunner").expect("the join list")..];
    let next = &after[after.find("Rangers> ").unwrap()..];
    // Each choice is told as the bot's are ("Rangers: …"), then the list goes on.
    assert!(
        next.contains("Rangers: Ranger squad #7 in area 1 joins the group"),
        "{next}"
    );
    let list: Vec<&str> = next
        .lines()
        .filter(|l| !l.contains("Rangers: "))
        .take(8)
        .collect();
    // The numbers kept leave 1–3 out, and the screen says why (trial 20b F4).
    assert!(
        list[0].contains("(numbers kept from the list before"),
        "{list:?}"
    );
    assert!(
        list[1].ends_with("4. Ranger NCO 2 #11 in area 1 joins the group"),
        "{list:?}"
    );
    assert!(
        !next.contains("1. Ranger squad #7"),
        "#7 to #9 joined: {next}"
    );
    assert!(next.contains("    7. move to LC-A (1 MP of 5)"), "{next}");
    // 1 joined already: the whole line is refused before 9 is taken.
    assert!(
        next.contains("There is no action 1 now: type ") && next.contains("Nothing was done."),
        "{next}"
    );
    assert!(
        next.contains("Stopped after 1 of 2: that choice led to a new list"),
        "{next}"
    );
}

/// The difficulty levels play every game: `--bot easy|medium|hard` starts a session whose
/// hints come from that level's search (and in a two-player game the same bot moves).
#[test]
fn every_difficulty_level_plays_every_game() {
    let games: [(&str, &[&str]); 5] = [
        ("rudders-line", &["--side", "rangers"]),
        ("aachen", &["--side", "americans"]),
        (
            "crossing-the-line",
            &["--scenario", "first-blood", "--side", "us"],
        ),
        (
            "crossing-the-line",
            &["--scenario", "stolberg-corridor", "--side", "us"],
        ),
        ("cross-of-iron", &["--side", "germans"]),
    ];
    for level in ["easy", "medium", "hard"] {
        for (game, side) in games {
            let mut args = side.to_vec();
            args.extend(["--bot", level, "--seed", "2"]);
            let (out, err, code) = common::play(game, &args, "hint\nquit\n");
            assert_eq!(code, Some(0), "{game} --bot {level}: {err}");
            assert!(out.contains("Hint: "), "{game} --bot {level}: {out}");
        }
    }
}

/// A command that takes nothing refuses words after it ("quit now" does not quit); what was
/// typed is printed back with its control characters as U+XXXX and a long line cut short.
#[test]
fn the_prompt_refuses_words_after_a_bare_command_and_prints_typed_text_safely() {
    let long = "x".repeat(5000);
    let input = format!("quit now\nundo 5\nboard --fullx\n\nab\x1b[2Jcd\n{long}\nquit\n");
    let (text, code) = play(&["--side", "rangers", "--bot", "random"], &input);
    assert_eq!(code, Some(0));
    for refused in [
        "'quit now': quit takes nothing after it; type quit.",
        "'undo 5': undo takes nothing after it; type undo.",
        "'board --fullx': board takes nothing after it; type board or board --full.",
        "Unknown input 'abU+001B[2Jcd'",
        "… (5000 characters)",
    ] {
        assert!(text.contains(refused), "{refused}: {text}");
    }
    assert!(!text.contains('\x1b') && !text.contains(&"x".repeat(100)));
    assert!(
        !text.contains("'' is not a list of actions"),
        "an empty line is no error"
    );
}
