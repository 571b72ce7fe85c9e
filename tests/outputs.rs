//! Outputs whole or absent (issue 21 item 6): every file Sandtable writes goes to a temporary
//! name beside it and is renamed into place only when complete, so a run that fails (a full
//! disk, a bad folder) or is interrupted (Ctrl-C) leaves the old files byte for byte and no
//! new or temporary one; its error is one plain line naming the path, exit code 2, and Ctrl-C
//! is one line and exit code 130.
//!
//! The full-disk tests mount a 64 KiB tmpfs (the tests run as root in CI) and fill it; without
//! the right to mount they fall back to `/dev/full` where it exercises the same path, and say
//! on stderr which one ran (`cargo test -- --nocapture` shows it).

#![cfg(unix)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// What the OS says of a full disk.
const NO_SPACE: &str = "No space left on device";

fn s(path: &Path) -> &str {
    path.to_str().expect("test paths are UTF-8")
}

fn run(args: &[&str]) -> Output {
    common::sandtable(args)
}

/// A line a run prints on stderr besides its result: the reconstructed-data notes and the
/// ladder's pairings.
fn informational(line: &str) -> bool {
    line.starts_with("note: ") || (line.contains(") vs ") && !line.starts_with("error"))
}

/// No Rust debug form (`ImageError(IoError(Os { code: 2, … }))`) in a message.
fn assert_plain(line: &str) {
    for debug in [
        "Os {",
        "Custom {",
        "kind:",
        "ImageError",
        "IoError",
        "panicked",
    ] {
        assert!(!line.contains(debug), "a debug form in: {line}");
    }
}

/// The one line a failed run leaves on stderr besides its notes: exit code 2,
/// `error: cannot write PATH: REASON`, plain.
fn error_line(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !informational(l)).collect();
    assert_eq!(lines.len(), 1, "not one line: {stderr}");
    let line = lines[0];
    assert!(line.starts_with("error: cannot write "), "{line}");
    assert_plain(line);
    line.to_string()
}

/// Every file and folder under `dir` (but the filler of a full disk), with each file's bytes:
/// a run that fails must leave it as it was, temporary names included.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    let mut all = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the folder reads") {
            let path = entry.expect("an entry").path();
            if path.file_name().is_some_and(|n| n == FILLER) {
                continue;
            }
            let name = path.strip_prefix(dir).expect("under dir").to_path_buf();
            if path.is_dir() {
                all.insert(name, None);
                folders.push(path);
            } else {
                all.insert(name, Some(std::fs::read(&path).expect("the file reads")));
            }
        }
    }
    all
}

/// The file that fills a full disk.
const FILLER: &str = "filler";

/// A small tmpfs mounted on a fresh folder, unmounted when dropped (also when a test fails).
struct Tmpfs {
    dir: common::TempDir,
}

impl Tmpfs {
    /// `None` when mounting is not allowed (not root).
    fn mount(test: &str) -> Option<Tmpfs> {
        let dir = common::temp_dir(&format!("outputs-{test}"));
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !mounted {
            let _ = std::fs::remove_dir_all(&dir);
            return None;
        }
        Some(Tmpfs { dir })
    }

    /// Fills the space left, so that no file can grow by a byte.
    fn fill(&self) {
        use std::io::Write;
        let mut filler = std::fs::File::create(self.dir.join(FILLER)).expect("the filler");
        let block = [0u8; 4096];
        while matches!(filler.write(&block), Ok(n) if n > 0) {}
        while matches!(filler.write(&block[..1]), Ok(1)) {}
        // Nothing more fits.
        assert!(filler.write_all(&block).is_err(), "the tmpfs is not full");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let unmounted = Command::new("umount")
            .arg(&self.dir)
            .status()
            .is_ok_and(|status| status.success());
        if !unmounted {
            let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Where a full-disk test runs.
enum Disk {
    Tmpfs(Tmpfs),
    /// Mounting failed: `/dev/full`, whose every write fails with ENOSPC.
    DevFull,
}

fn full_disk(test: &str) -> Disk {
    match Tmpfs::mount(test) {
        Some(tmpfs) => {
            eprintln!("{test}: on a full 64 KiB tmpfs at {}", tmpfs.dir.display());
            Disk::Tmpfs(tmpfs)
        }
        None => {
            eprintln!("{test}: mount failed (not root?): on /dev/full instead");
            Disk::DevFull
        }
    }
}

/// `/dev/full` is the device (a run writes into it in place, never renames over it).
fn dev_full_is_a_device() -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata("/dev/full").is_ok_and(|m| m.file_type().is_char_device())
}

#[test]
fn balance_on_a_full_disk_leaves_the_old_csv_and_no_temporary_file() {
    match full_disk("balance") {
        Disk::Tmpfs(disk) => {
            let csv = disk.dir.join("games.csv");
            std::fs::write(&csv, "old results\n").unwrap();
            disk.fill();
            let before = snapshot(&disk.dir);
            let out = run(&[
                "balance",
                "rudders-line",
                "--games",
                "500",
                "--out",
                s(&csv),
            ]);
            let line = error_line(&out);
            assert!(line.contains(s(&csv)) && line.contains(NO_SPACE), "{line}");
            assert_eq!(snapshot(&disk.dir), before, "the folder changed");
        }
        Disk::DevFull => {
            if !dev_full_is_a_device() {
                eprintln!("balance: skipped: /dev/full is not the device");
                return;
            }
            let out = run(&[
                "balance",
                "rudders-line",
                "--games",
                "200",
                "--out",
                "/dev/full",
            ]);
            let line = error_line(&out);
            assert!(
                line.contains("/dev/full") && line.contains(NO_SPACE),
                "{line}"
            );
            assert!(dev_full_is_a_device(), "/dev/full was replaced");
        }
    }
}

#[test]
fn crt_on_a_full_disk_writes_neither_its_csv_nor_its_chart() {
    match full_disk("crt") {
        Disk::Tmpfs(disk) => {
            let csv = disk.dir.join("odds.csv");
            let png = disk.dir.join("odds.png");
            std::fs::write(&csv, "old odds\n").unwrap();
            disk.fill();
            let before = snapshot(&disk.dir);
            let out = run(&["crt", "rudders-line", "--out", s(&csv), "--plot", s(&png)]);
            let line = error_line(&out);
            let named = line.contains(s(&csv)) || line.contains(s(&png));
            assert!(named && line.contains(NO_SPACE), "{line}");
            assert_eq!(snapshot(&disk.dir), before, "the folder changed");
        }
        Disk::DevFull => {
            if !dev_full_is_a_device() {
                eprintln!("crt: skipped: /dev/full is not the device");
                return;
            }
            // The chart can be written, the CSV cannot: neither is.
            let dir = common::temp_dir("outputs-crt-dev-full");
            let png = dir.join("odds.png");
            let out = run(&[
                "crt",
                "rudders-line",
                "--out",
                "/dev/full",
                "--plot",
                s(&png),
            ]);
            let line = error_line(&out);
            assert!(
                line.contains("/dev/full") && line.contains(NO_SPACE),
                "{line}"
            );
            let left = snapshot(&dir);
            assert!(left.is_empty(), "left behind: {:?}", left.keys());
            assert!(dev_full_is_a_device(), "/dev/full was replaced");
        }
    }
}

/// An experiment's results folder: an existing one keeps its old files, a new one is not
/// left behind.
#[test]
fn experiment_on_a_full_disk_leaves_its_results_folder_as_it_was() {
    let Disk::Tmpfs(disk) = full_disk("experiment") else {
        eprintln!("experiment: skipped: its results are a folder, which /dev/full cannot be");
        return;
    };
    let specs = common::temp_dir("outputs-experiment-spec");
    let spec = specs.join("full.toml");
    std::fs::write(
        &spec,
        "game = \"rudders-line\"\ngames = 300\n[[variant]]\nname = \"random Germans\"\n\
         bots = [\"scripted\", \"random\"]\n",
    )
    .unwrap();
    let old = disk.dir.join("old");
    std::fs::create_dir(&old).unwrap();
    std::fs::write(old.join("summary.csv"), "old summary\n").unwrap();
    disk.fill();
    let before = snapshot(&disk.dir);
    for results in [old, disk.dir.join("new")] {
        let out = run(&["experiment", s(&spec), "--out", s(&results)]);
        let line = error_line(&out);
        assert!(
            line.contains(s(&results)) && line.contains(NO_SPACE),
            "{line}"
        );
        assert_eq!(snapshot(&disk.dir), before, "{} changed", results.display());
    }
}

/// `ladder --out` is a folder: an existing one keeps its old files, a new one is not left
/// behind; a file given for it (`/dev/full`) is named as not a folder.
#[test]
fn ladder_on_a_full_disk_leaves_its_folder_as_it_was() {
    let ladder = |out: &str| {
        run(&[
            "ladder",
            "rudders-line",
            "--bots",
            "random,scripted",
            "--games",
            "4",
            "--out",
            out,
        ])
    };
    match full_disk("ladder") {
        Disk::Tmpfs(disk) => {
            let old = disk.dir.join("old");
            std::fs::create_dir(&old).unwrap();
            std::fs::write(old.join("matchups.csv"), "old matchups\n").unwrap();
            disk.fill();
            let before = snapshot(&disk.dir);
            for folder in [old, disk.dir.join("new")] {
                let line = error_line(&ladder(s(&folder)));
                assert!(
                    line.contains(s(&folder)) && line.contains(NO_SPACE),
                    "{line}"
                );
                assert_eq!(snapshot(&disk.dir), before, "{} changed", folder.display());
            }
        }
        Disk::DevFull => {
            let line = error_line(&ladder("/dev/full"));
            assert!(line.contains("/dev/full"), "{line}");
            assert!(
                line.contains("not a folder") && !line.contains("File exists"),
                "{line}"
            );
        }
    }
}

/// The chart is checked before anything is written: a chart in a missing folder leaves no
/// CSV (and an older CSV as it was), with a plain message naming the chart.
#[test]
fn a_chart_that_cannot_be_written_leaves_no_csv() {
    let dir = common::temp_dir("outputs-bad-plot");
    let csv = dir.join("odds.csv");
    for chart in ["missing/odds.png", "missing/odds.svg"] {
        let chart = dir.join(chart);
        let out = run(&["crt", "rudders-line", "--out", s(&csv), "--plot", s(&chart)]);
        let line = error_line(&out);
        assert!(line.contains(s(&chart)), "{line}");
        assert!(line.contains("No such file or directory"), "{line}");
        let left = snapshot(&dir);
        assert!(left.is_empty(), "left behind: {:?}", left.keys());
    }
    std::fs::write(&csv, "old odds\n").unwrap();
    let chart = dir.join("missing/odds.png");
    error_line(&run(&[
        "crt",
        "rudders-line",
        "--out",
        s(&csv),
        "--plot",
        s(&chart),
    ]));
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "old odds\n");
    assert_eq!(snapshot(&dir).len(), 1, "only the old CSV");
}

/// An output named in a folder where no new file can be made (`/proc`, which has the file
/// but takes no other) names that folder, not only the OS's "No such file" for a file that is
/// there (the temporary file beside it is what failed).
#[test]
fn an_output_in_a_folder_that_takes_no_new_file_names_the_folder() {
    let out = run(&[
        "balance",
        "rudders-line",
        "--games",
        "5",
        "--out",
        "/proc/version",
    ]);
    let line = error_line(&out);
    assert!(
        line.starts_with("error: cannot write /proc/version: cannot make a new file in /proc: "),
        "{line}"
    );
}

/// A PNG in a missing folder: one line with the OS's reason, not the image library's debug
/// form (`ImageError(IoError(Os { code: 2, … }))`).
#[test]
fn a_png_in_a_missing_folder_is_a_plain_one_line_error() {
    let dir = common::temp_dir("outputs-missing-folder");
    let png = dir.join("missing").join("picture.png");
    for command in ["crt", "board"] {
        let flag = if command == "crt" { "--plot" } else { "--out" };
        let out = run(&[command, "rudders-line", flag, s(&png)]);
        let line = error_line(&out);
        assert!(line.contains(s(&png)), "{command}: {line}");
        assert!(
            line.ends_with("No such file or directory (os error 2)"),
            "{command}: {line}"
        );
    }
    assert!(snapshot(&dir).is_empty());
}

/// A run that succeeds leaves its files and nothing else: no temporary name, no probe.
#[test]
fn a_run_that_succeeds_leaves_its_files_and_nothing_else() {
    let dir = common::temp_dir("outputs-success");
    let games = dir.join("games.csv");
    let odds = dir.join("odds.csv");
    let chart = dir.join("odds.svg");
    let ladder = dir.join("ladder");
    let runs = [
        vec![
            "balance",
            "rudders-line",
            "--games",
            "20",
            "--out",
            s(&games),
        ],
        vec![
            "crt",
            "rudders-line",
            "--out",
            s(&odds),
            "--plot",
            s(&chart),
        ],
        vec![
            "ladder",
            "rudders-line",
            "--bots",
            "random,scripted",
            "--games",
            "2",
            "--out",
            s(&ladder),
        ],
    ];
    for args in &runs {
        let out = run(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let names: Vec<PathBuf> = snapshot(&dir).into_keys().collect();
    let expected: Vec<PathBuf> = [
        "games.csv",
        "ladder",
        "ladder/matchups.csv",
        "ladder/ratings.csv",
        "odds.csv",
        "odds.svg",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    assert_eq!(names, expected);
}

// ------------------------------------------------------------------------- Ctrl-C

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Waits (at most two minutes) until `ready`, the child still running.
fn wait_until(child: &mut Child, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        if let Some(status) = child.try_wait().expect("the child waits") {
            panic!("the run ended ({status}) before it could be interrupted");
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("the run did not get going in two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Ctrl-C: SIGINT to the child.
fn interrupt(child: &Child) {
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .is_ok_and(|status| status.success());
    assert!(sent, "kill -INT failed");
}

/// The interrupted child's output, once it has exited: promptly, or the test fails.
fn stopped(mut child: Child) -> Output {
    let start = Instant::now();
    while child.try_wait().expect("the child waits").is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running 30 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output reads")
}

/// Exit code 130 and one line, `interrupted: no file written`; no report.
fn assert_interrupted(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "stderr: {stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !informational(l)).collect();
    assert_eq!(lines, ["interrupted: no file written"], "stderr: {stderr}");
    assert!(out.stdout.is_empty(), "a report after Ctrl-C");
}

#[test]
fn ctrl_c_stops_a_balance_run_with_one_line_and_no_file() {
    let dir = common::temp_dir("outputs-ctrl-c-balance");
    let csv = dir.join("games.csv");
    let mut child = spawn(&[
        "balance",
        "rudders-line",
        "--games",
        "10000000",
        "--out",
        s(&csv),
    ]);
    // Interrupted once rows are being written: the partial file must go too.
    let temp = dir.join(format!(".games.csv.{}.tmp", child.id()));
    wait_until(&mut child, || {
        std::fs::metadata(&temp).is_ok_and(|m| m.len() > 0)
    });
    interrupt(&child);
    let out = stopped(child);
    assert_interrupted(&out);
    assert!(!csv.exists(), "a CSV after Ctrl-C");
    let left = snapshot(&dir);
    assert!(left.is_empty(), "left behind: {:?}", left.keys());
}

/// A game takes minutes with MCTS bots on both sides: Ctrl-C does not wait for it to end.
#[test]
fn ctrl_c_stops_a_run_in_the_middle_of_a_long_game() {
    let dir = common::temp_dir("outputs-ctrl-c-mid-game");
    let csv = dir.join("games.csv");
    let mut child = spawn(&[
        "balance",
        "rudders-line",
        "--bots",
        "mcts-strong,mcts-strong",
        "--games",
        "1",
        "--threads",
        "1",
        "--out",
        s(&csv),
    ]);
    let temp = dir.join(format!(".games.csv.{}.tmp", child.id()));
    wait_until(&mut child, || temp.exists());
    std::thread::sleep(Duration::from_millis(500));
    interrupt(&child);
    let out = stopped(child);
    assert_interrupted(&out);
    let left = snapshot(&dir);
    assert!(left.is_empty(), "left behind: {:?}", left.keys());
}

#[test]
fn ctrl_c_stops_a_ladder_and_removes_the_folder_it_made() {
    let dir = common::temp_dir("outputs-ctrl-c-ladder");
    let folder = dir.join("ladder");
    let mut child = spawn(&[
        "ladder",
        "rudders-line",
        "--bots",
        "random,scripted",
        "--games",
        "1000000",
        "--out",
        s(&folder),
    ]);
    // The folder is made just before the games start.
    wait_until(&mut child, || folder.is_dir());
    std::thread::sleep(Duration::from_millis(300));
    interrupt(&child);
    let out = stopped(child);
    assert_interrupted(&out);
    let left = snapshot(&dir);
    assert!(left.is_empty(), "left behind: {:?}", left.keys());
}

/// A run never writes its output over one of its inputs: a data file, a bot preset or an
/// experiment's spec named again as `--out` is refused in one line and left as it was.
#[test]
fn an_output_over_one_of_the_runs_inputs_is_refused_and_the_input_kept() {
    let dir = common::temp_dir("outputs-over-input");
    let data = dir.join("scenario.toml");
    let text = include_str!("../src/games/rudders_line/data/scenario.toml");
    std::fs::write(&data, text).unwrap();
    let presets = common::temp_dir("outputs-over-input-preset");
    let preset = presets.join("mine.toml");
    let preset_text = "name = \"mine\"\nkind = \"random\"\n";
    std::fs::write(&preset, preset_text).unwrap();
    let bots = format!("{},random", s(&preset));
    for args in [
        vec!["crt", "rudders-line", "--data", s(&dir), "--out", s(&data)],
        vec![
            "balance",
            "rudders-line",
            "--games",
            "2",
            "--bots",
            &bots,
            "--out",
            s(&preset),
        ],
    ] {
        let out = run(&args);
        let line = error_line(&out);
        assert!(line.contains("one of this run's input files"), "{line}");
    }
    assert_eq!(std::fs::read_to_string(&data).unwrap(), text);
    assert_eq!(std::fs::read_to_string(&preset).unwrap(), preset_text);
}

/// A screen nobody can see is an error (trial 11a F2): `play`, `--help` and `--version` with
/// stdout on a full device stop with one line and exit code 2, as every other command does.
#[test]
fn play_and_help_to_a_full_stdout_stop_with_one_line() {
    if !dev_full_is_a_device() {
        eprintln!("play: skipped: /dev/full is not the device");
        return;
    }
    let full = || std::fs::File::create("/dev/full").expect("/dev/full opens");
    for args in [
        vec!["play", "rudders-line", "--side", "rangers"],
        vec!["--help"],
        vec!["--version"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(full())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sandtable starts");
        // Moves typed to a game nobody sees are not played.
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = std::io::Write::write_all(&mut stdin, b"1\n1\n1\nquit\n");
        drop(stdin);
        let out = child.wait_with_output().expect("sandtable ends");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let line = error_line(&out);
        assert!(
            line.contains("cannot write stdout") && line.contains(NO_SPACE),
            "{args:?}: {line}"
        );
    }
}

/// Outputs that cannot be written are told before the run, as what they are (trial 18a
/// F10-F11): a file path ending in '/', and a results folder that is a link to nothing.
#[test]
fn a_folder_like_out_or_a_link_to_nothing_is_refused_before_the_run() {
    let dir = common::temp_dir("outputs-before-run");
    let slash = format!("{}/", dir.join("nofolder").display());
    let out = run(&["balance", "aachen", "--games", "5", "--out", &slash]);
    let line = common::one_line_error(&out);
    assert!(line.contains("ends in '/', so it names a folder"), "{line}");
    assert!(!dir.join("nofolder").exists());
    let link = dir.join("dlink");
    std::os::unix::fs::symlink(dir.join("nowhere/dir"), &link).unwrap();
    let spec = dir.join("spec.toml");
    std::fs::write(
        &spec,
        "game = \"aachen\"\ngames = 5\n[[variant]]\nname = \"v\"\nset = { \"charts.morale.start\" = 12 }\n",
    )
    .unwrap();
    let out = run(&["experiment", s(&spec), "--out", s(&link)]);
    let line = error_line(&out);
    assert!(line.contains("which does not exist"), "{line}");
}
