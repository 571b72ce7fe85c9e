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

/// The `sandtable` binary started with `args`, its stdin, stdout and stderr piped.
fn spawn_piped(args: &[&str]) -> std::process::Child {
    use std::process::Stdio;
    Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs the `sandtable` binary with `args`, typing `input` on its stdin (as a person at the
/// play prompt would); checks that it did not panic.
pub fn sandtable_with_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = spawn_piped(args);
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

/// `sandtable play GAME ARGS…` as a person who takes the first option listed at each prompt,
/// `moves` times (or until the game ends), then types `then`: stdout and the exit code.
/// The options' numbers are read off the screen, since a sub-choice keeps its numbers.
#[allow(dead_code)]
pub fn play_first_options(
    game: &str,
    args: &[&str],
    moves: usize,
    then: &str,
) -> (String, Option<i32>) {
    use std::io::{Read, Write};
    let mut all_args = vec!["play", game];
    all_args.extend_from_slice(args);
    let mut child = spawn_piped(&all_args);
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let (mut all, mut chunk, mut since_prompt) = (String::new(), [0u8; 65536], String::new());
    let mut taken = 0;
    loop {
        let n = stdout.read(&mut chunk).expect("stdout reads");
        if n == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&chunk[..n]).into_owned();
        all.push_str(&text);
        since_prompt.push_str(&text);
        if !since_prompt.ends_with("> ") {
            continue;
        }
        let reply = if taken == moves {
            then.to_string()
        } else {
            let first = since_prompt.lines().find_map(|l| {
                let (n, _) = l.trim_start().split_once(". ")?;
                n.parse::<usize>().ok()
            });
            taken += 1;
            format!(
                "{}\n",
                first.expect("an option is listed before the prompt")
            )
        };
        since_prompt.clear();
        if stdin.write_all(reply.as_bytes()).is_err() {
            break;
        }
        if taken == moves && reply == then {
            drop(stdin);
            let _ = stdout.read_to_string(&mut all);
            break;
        }
    }
    let out = child.wait_with_output().expect("the game ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (all, out.status.code())
}

/// A fresh, empty directory under the system temp dir, unique to this test and process,
/// removed with everything in it when the value is dropped (keep it bound while in use).
pub fn temp_dir(test: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("sandtable-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    TempDir(dir)
}

/// A test's scratch directory (`temp_dir`): a path while it lives, gone when dropped, so that
/// test runs leave nothing behind.
#[derive(Debug)]
pub struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for TempDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `text` with the first `from` replaced by `to`; fails if the fixture no longer matches.
pub fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.contains(from),
        "fixture out of date: {from:?} is not in the embedded data"
    );
    text.replacen(from, to, 1)
}
