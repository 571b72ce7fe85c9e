//! The `sandtable` binary's handling of bad input that needs no game data: one line on
//! stderr, exit code 2, no panic. (Tests that load Rudder's Line are in `cli_rudders_line.rs`.)

mod common;
use common::{one_line_error, sandtable};

#[test]
fn unknown_game_is_one_line_and_exit_2() {
    let err = one_line_error(&sandtable(&["balance", "nosuchgame"]));
    assert!(err.contains("'nosuchgame'"), "{err}");
    assert!(err.contains("rudders-line"), "lists the known games: {err}");
}

#[test]
fn help_lists_the_subcommands() {
    let out = sandtable(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("games") && text.contains("balance"), "{text}");
}

#[test]
fn a_malformed_flag_exits_2() {
    let out = sandtable(&["balance", "rudders-line", "--games", "many"]);
    assert_eq!(out.status.code(), Some(2));
    let line = one_line_error(&out);
    assert!(line.contains("--games"), "{line}");
}

/// `--port` or `--bind` without `--web` would start the terminal game and ignore them.
#[test]
fn a_page_address_without_web_is_refused() {
    for flag in [["--port", "8119"], ["--bind", "0.0.0.0"]] {
        let mut args = vec!["play", "rudders-line", "--side", "rangers"];
        args.extend(flag);
        let line = one_line_error(&sandtable(&args));
        assert!(
            line.contains(flag[0]) && line.contains("give --web too"),
            "{line}"
        );
    }
}

/// An address that is not an IP address is told in words (trial 22b F4).
#[test]
fn a_bind_address_that_is_no_ip_address_is_refused_in_words() {
    for bad in ["localhost", "256.0.0.1", "127.0.0.1:8704"] {
        let args = [
            "play",
            "rudders-line",
            "--side",
            "rangers",
            "--web",
            "--bind",
            bad,
        ];
        let out = sandtable(&args);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let line = one_line_error(&out);
        assert!(
            line.contains("--bind") && line.contains("an IP address such as 127.0.0.1"),
            "{line}"
        );
    }
}

#[test]
fn zero_games_is_refused_in_one_line() {
    for args in [
        &["balance", "aachen", "--games", "0"][..],
        &["ladder", "rudders-line", "--games", "0"],
    ] {
        let out = sandtable(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let line = one_line_error(&out);
        assert!(
            line.contains("--games") && line.contains("at least one game"),
            "{line}"
        );
    }
}

/// Trial 14a F5: a number a flag cannot hold, or a negative one, is told with the flag's
/// range, not the parser's "invalid digit found in string" or a tip to write `-- -5`.
#[test]
fn a_number_out_of_a_flags_type_is_told_with_its_range() {
    for (args, range) in [
        (
            &["balance", "aachen", "--games", "18446744073709551616"][..],
            "from 1 to 2^64 − 1",
        ),
        (
            &["balance", "aachen", "--games", "-5"],
            "from 1 to 2^64 − 1",
        ),
        (&["balance", "aachen", "--games=-5"], "from 1 to 2^64 − 1"),
        (&["ladder", "aachen", "--seed", "-1"], "from 0 to 2^64 − 1"),
        (
            &["balance", "aachen", "--threads", "-2"],
            "from 0 (one per core)",
        ),
        (
            &["balance", "aachen", "--precision", "-0.1"],
            "from 0.0001 to below 0.5",
        ),
    ] {
        let out = sandtable(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let line = one_line_error(&out);
        assert!(line.contains(range), "{args:?}: {line}");
        assert!(
            !line.contains("invalid digit") && !line.contains("tip"),
            "{line}"
        );
    }
}

#[test]
fn a_missing_argument_is_one_line_naming_it() {
    let out = sandtable(&["balance"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(one_line_error(&out).contains("<GAME>"));
}

/// Every reading of every game ships at its default: the value in play is the first of its
/// alternatives, so `sandtable games` never says "(not the default)" of the embedded data.
#[test]
fn every_shipped_reading_is_its_default() {
    let out = sandtable(&["games"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(default)"), "{text}");
    let odd: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("(not the default)"))
        .collect();
    assert!(odd.is_empty(), "{odd:#?}");
}

/// A closed stderr and stdout (a pipe whose reader has gone, as `sandtable games 2>&1 |
/// true`) never panic (101): a listing ends quietly (exit 0, its reader wanted no more), an
/// error still exits 2.
#[test]
fn a_closed_pipe_is_no_panic() {
    use std::process::{Command, Stdio};
    for (args, code) in [(&["games"][..], 0), (&["balance", "nosuchgame"][..], 2)] {
        // A pipe whose reading end is closed before the child starts.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let status = Command::new(env!("CARGO_BIN_EXE_sandtable"))
            .args(args)
            .stdout(Stdio::from(writer.try_clone().expect("a second writer")))
            .stderr(Stdio::from(writer))
            .status()
            .expect("the binary runs");
        assert_eq!(status.code(), Some(code), "{args:?}: {status}");
    }
}

/// A reader that stops early (`sandtable crt rudders-line | head -1`) ends the run quietly:
/// exit 0 and nothing on stderr, as Unix filters do, not "cannot write stdout: Broken pipe".
#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    use std::io::BufRead as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["crt", "rudders-line"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    let stdout = child.stdout.take().expect("stdout");
    std::io::BufReader::new(stdout)
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("game,table,"), "{first}");
    // The reader is dropped here: the pipe is closed while the run still writes.
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
