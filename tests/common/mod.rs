//! Helpers shared by the command-line tests.

#![allow(dead_code)] // each test binary uses its own subset

use std::process::{Command, Output};

/// Runs the `sandtable` binary with `args`.
pub fn sandtable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Asserts success and returns stdout.
pub fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}, stderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Asserts exit code 2 and exactly one `error: ` line on stderr; returns that line.
pub fn one_line_error(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "not one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// Runs the `sandtable` binary with `args`, typing `input` on its stdin (as a person at the
/// play prompt would); checks that it did not panic.
pub fn sandtable_with_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the game ends");
    writer.join().expect("stdin writer");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    out
}

/// `sandtable play GAME ARGS…` with `input` typed at the prompt: stdout, stderr and the exit
/// code.
pub fn play(game: &str, args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut all = vec!["play", game];
    all.extend_from_slice(args);
    let out = sandtable_with_stdin(&all, input);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// A fresh, empty directory under the system temp dir, unique to this test and process.
pub fn temp_dir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sandtable-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// `text` with the first `from` replaced by `to`; fails if the fixture no longer matches.
pub fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.contains(from),
        "fixture out of date: {from:?} is not in the embedded data"
    );
    text.replacen(from, to, 1)
}
