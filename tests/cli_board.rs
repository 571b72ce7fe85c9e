//! `sandtable board`: a position drawn as SVG or PNG, from a scenario's start or a save.

mod common;

use common::{one_line_error, sandtable, temp_dir};

#[test]
fn board_draws_each_game_as_svg_and_png() {
    let dir = temp_dir("board");
    for (game, extra, places) in [
        ("rudders-line", vec![], 40),
        ("aachen", vec![], 27),
        (
            "crossing-the-line",
            vec!["--scenario", "stolberg-corridor"],
            1034,
        ),
    ] {
        let svg = dir.join(format!("{game}.svg"));
        let mut args = vec!["board", game, "--out", svg.to_str().unwrap()];
        args.extend(&extra);
        let out = sandtable(&args);
        assert_eq!(out.status.code(), Some(0), "{game}");
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.starts_with("<svg"), "{game}");
        assert_eq!(text.matches(r#"<g class="place"#).count(), places, "{game}");
        // The key says what a fill and an outline mean, in the game's own words (trial 10b F8).
        if game == "aachen" {
            for needle in [
                "American setup Area (6.1.1)",
                "Urban (TEM +3, 3.1.2)",
                "an outline in a side's colour: the side that controls the place",
            ] {
                assert!(text.contains(needle), "{needle:?} missing from the key");
            }
        }
        // 10.2: each VP hex has its VP written in it, and the key lists only the marks the
        // scenario draws: the Stolberg Corridor has no objective of 10.1 (trial 13b F4, F6).
        if game == "crossing-the-line" {
            assert!(text.contains(r#">10 VP</text>"#) && text.contains(r#">5 VP</text>"#));
            assert!(text.contains("VP hex, its VP written at its foot"));
            assert!(!text.contains("objective (10.1)"));
        }
        let png = dir.join(format!("{game}.png"));
        let mut args = vec!["board", game, "--out", png.to_str().unwrap()];
        args.extend(&extra);
        assert_eq!(sandtable(&args).status.code(), Some(0), "{game}");
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{game}");
    }
}

#[test]
fn board_draws_a_saved_game_and_the_fog_of_war() {
    let dir = temp_dir("board-save");
    let save = dir.join("game.toml");
    let input = format!("1\n1\nsave {}\nquit\n", save.display());
    let args = [
        "--scenario",
        "stolberg-corridor",
        "--side",
        "germans",
        "--bot",
        "random",
    ];
    common::play("crossing-the-line", &args, &input);
    let svg = dir.join("fog.svg");
    let out = sandtable(&[
        "board",
        "crossing-the-line",
        "--scenario",
        "stolberg-corridor",
        "--side",
        "germans",
        "--load",
        save.to_str().unwrap(),
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("US: a unit you cannot see under the stack's top one (5.3.4)"),
        "hidden US units"
    );
    // A picture read alone names its game and whose view it is, and carries the whole key.
    assert!(text.contains("Crossing the Line: Aachen 1944: The Stolberg Corridor"));
    assert!(text.contains("— as the Germans see it"));
    assert!(
        text.contains("hits on the attacker / hits on the defender"),
        "the key"
    );
    // The "?" drawn for a hidden unit is in the key (trial 11b F5).
    assert!(text.contains("?: a unit you cannot see under the stack's top one (5.3.4)"));
    // The save is of the Stolberg Corridor: refused for First Blood.
    let err = one_line_error(&sandtable(&[
        "board",
        "crossing-the-line",
        "--scenario",
        "first-blood",
        "--load",
        save.to_str().unwrap(),
        "--out",
        svg.to_str().unwrap(),
    ]));
    assert!(
        err.contains("this save is of the scenario stolberg-corridor"),
        "{err}"
    );
    // Another game's save says so, whether that game has scenarios or not, before anything
    // about scenarios; an endless file is refused unread.
    let draw = |game: &str, load: &str| {
        one_line_error(&sandtable(&[
            "board",
            game,
            "--load",
            load,
            "--out",
            svg.to_str().unwrap(),
        ]))
    };
    let err = draw("rudders-line", save.to_str().unwrap());
    assert!(
        err.contains("this is a save of 'crossing-the-line', not rudders-line"),
        "{err}"
    );
    let rl = dir.join("rl.toml");
    common::play(
        "rudders-line",
        &["--side", "rangers"],
        &format!("save {}\nquit\n", rl.display()),
    );
    let err = draw("crossing-the-line", rl.to_str().unwrap());
    assert!(
        err.contains("this is a save of 'rudders-line', not crossing-the-line"),
        "{err}"
    );
    let err = draw("rudders-line", "/dev/zero");
    assert!(err.contains("larger than 16 MiB"), "{err}");
}

#[test]
fn board_refuses_another_kind_of_picture_in_one_line() {
    let err = one_line_error(&sandtable(&["board", "aachen", "--out", "board.jpg"]));
    assert!(err.contains("must be a .svg or .png file"), "{err}");
}
