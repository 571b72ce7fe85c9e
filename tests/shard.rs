//! Runs past one machine: `balance`, `experiment` and `ladder` with `--shard K/N`, and
//! `sandtable merge`, which must give exactly what one machine prints and writes, whatever
//! order the shards come in; a missing, duplicated, foreign or truncated shard is a one-line
//! error that leaves no output behind.

mod common;

use std::path::{Path, PathBuf};

fn run(args: &[&str]) -> String {
    common::stdout(&common::sandtable(args))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Plays `shards` shards of a balance run (in the order given, one thread each) and returns
/// their files.
fn balance_shards(dir: &Path, seed: &str, order: &[u64], n: u64) -> Vec<PathBuf> {
    order
        .iter()
        .map(|k| {
            let path = dir.join(format!("b-{seed}-{k}-of-{n}.shard"));
            let shard = format!("{k}/{n}");
            run(&[
                "balance",
                "rudders-line",
                "--games",
                "1500",
                "--seed",
                seed,
                "--threads",
                "1",
                "--shard",
                &shard,
                "--out",
                s(&path),
            ]);
            path
        })
        .collect()
}

#[test]
fn merged_balance_shards_print_and_write_exactly_what_one_machine_does() {
    let dir = common::temp_dir("shard-balance");
    let csv = dir.join("one.csv");
    let whole = run(&[
        "balance",
        "rudders-line",
        "--games",
        "1500",
        "--seed",
        "5",
        "--out",
        s(&csv),
    ]);
    // Shards finished in another order, given to merge in yet another.
    let shards = balance_shards(&dir, "5", &[3, 1, 2], 3);
    let merged_csv = dir.join("merged.csv");
    let mut args = vec!["merge", "--out", s(&merged_csv)];
    args.extend([&shards[2], &shards[0], &shards[1]].map(|p| s(p)));
    let merged = run(&args);
    assert_eq!(merged, whole);
    assert_eq!(
        std::fs::read(&merged_csv).unwrap(),
        std::fs::read(&csv).unwrap()
    );
    // One shard is one machine.
    let one = balance_shards(&dir, "5", &[1], 1);
    assert_eq!(run(&["merge", s(&one[0])]), whole);
}

#[test]
fn a_missing_duplicated_foreign_or_truncated_shard_is_a_one_line_error_and_writes_nothing() {
    let dir = common::temp_dir("shard-errors");
    let shards = balance_shards(&dir, "5", &[1, 2, 3], 3);
    let other = balance_shards(&dir, "6", &[2], 3);
    let out = dir.join("merged.csv");
    let merge = |files: &[&Path]| {
        let mut args = vec!["merge", "--out", s(&out)];
        args.extend(files.iter().map(|p| s(p)));
        let line = common::one_line_error(&common::sandtable(&args));
        assert!(!out.exists(), "{line}");
        line
    };
    let line = merge(&[&shards[0], &shards[2]]);
    assert!(line.contains("shard 2/3 is missing"), "{line}");
    let line = merge(&[&shards[0], &shards[1], &shards[1], &shards[2]]);
    assert!(line.contains("shard 2/3 is given twice"), "{line}");
    let line = merge(&[&shards[0], &other[0], &shards[2]]);
    assert!(line.contains("a shard of another run"), "{line}");
    // A named pipe is refused at once, not opened (which would wait for a writer).
    let fifo = dir.join("pipe.shard");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo makes the pipe");
    let line = merge(&[&shards[0], &shards[1], &fifo]);
    assert!(
        line.contains("pipe.shard") && line.contains("a named pipe"),
        "{line}"
    );
    let text = std::fs::read(&shards[2]).unwrap();
    let cut = dir.join("cut.shard");
    std::fs::write(&cut, &text[..text.len() - 40]).unwrap();
    let line = merge(&[&shards[0], &shards[1], &cut]);
    assert!(
        line.contains("cut.shard") && line.contains("truncated"),
        "{line}"
    );
    // Edited by hand: a row doubled over the next (the count of rows unchanged), two rows
    // swapped, a total in the header changed — each refused by the shard's seal.
    let text = String::from_utf8(text).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let edited = |name: &str, lines: Vec<String>| {
        let path = dir.join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        path
    };
    let mut doubled: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    doubled[10] = doubled[9].clone();
    let mut swapped: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    swapped.swap(10, 11);
    let mut header: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    header[0] = header[0].replacen("\"wins\":[", "\"wins\":[1", 1);
    assert_ne!(header[0], lines[0]);
    for (name, lines) in [
        ("doubled", doubled),
        ("swapped", swapped),
        ("header", header),
    ] {
        let path = edited(&format!("{name}.shard"), lines);
        let line = merge(&[&shards[0], &shards[1], &path]);
        assert!(
            line.contains(&format!("{name}.shard")) && line.contains("do not match its seal"),
            "{line}"
        );
    }
    // Trial 17a F16: trailing blank lines and CRLF line ends are told as what they are.
    let blank = dir.join("blank.shard");
    std::fs::write(&blank, format!("{text}\n\n")).unwrap();
    let line = merge(&[&shards[0], &shards[1], &blank]);
    assert!(
        line.contains("blank.shard: a blank line after game row"),
        "{line}"
    );
    let crlf = dir.join("crlf.shard");
    std::fs::write(&crlf, text.replace('\n', "\r\n")).unwrap();
    let line = merge(&[&shards[0], &shards[1], &crlf]);
    assert!(line.contains("crlf.shard: its lines end in CRLF"), "{line}");
    let csv = dir.join("plain.csv");
    std::fs::write(&csv, "index,seed\n0,1\n").unwrap();
    let line = merge(&[&csv]);
    assert!(line.contains("not a Sandtable shard file"), "{line}");
    // A shard needs a file; a run to a precision cannot be split.
    let line = common::one_line_error(&common::sandtable(&[
        "balance",
        "rudders-line",
        "--shard",
        "1/2",
    ]));
    assert!(line.contains("--out"), "{line}");
    let line = common::one_line_error(&common::sandtable(&[
        "balance",
        "rudders-line",
        "--shard",
        "1/2",
        "--precision",
        "0.02",
        "--out",
        s(&dir.join("p.shard")),
    ]));
    assert!(line.contains("--precision"), "{line}");
}

const SPEC: &str = "game = \"rudders-line\"\ngames = 1200\nseed = 3\n\
[[variant]]\nname = \"Germans +2 on turns 4 and 8\"\n\
set = { \"scenario.initiative.modifier[1].value\" = 2 }\n\
[[sweep]]\npath = \"scenario.initiative.modifier[0].value\"\nvalues = [0, 2]\n";

#[test]
fn merged_experiment_shards_write_exactly_the_results_of_one_machine() {
    let dir = common::temp_dir("shard-experiment");
    let spec = dir.join("spec.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let one = dir.join("one");
    let whole = run(&["experiment", s(&spec), "--out", s(&one)]);
    let mut shards = Vec::new();
    for k in [2, 3, 1] {
        let path = dir.join(format!("e{k}.shard"));
        let shard = format!("{k}/3");
        let args = ["--threads", "1", "--shard", &shard, "--out", s(&path)];
        let mut all = vec!["experiment", s(&spec)];
        all.extend(args);
        run(&all);
        shards.push(path);
    }
    let merged = dir.join("merged");
    let mut args = vec!["merge", "--out", s(&merged)];
    args.extend(shards.iter().map(|p| s(p)));
    assert_eq!(run(&args), whole);
    for file in ["summary.csv", "games.csv", "chart.svg", "chart.png"] {
        assert_eq!(
            std::fs::read(merged.join(file)).unwrap(),
            std::fs::read(one.join(file)).unwrap(),
            "{file}"
        );
    }
    let report = std::fs::read_to_string(merged.join("report.md")).unwrap();
    assert!(report.contains("3 shards"), "{report}");
    // An experiment's shard and a balance run's do not mix.
    let balance = balance_shards(&dir, "3", &[1], 3);
    let line = common::one_line_error(&common::sandtable(&[
        "merge",
        s(&shards[2]),
        s(&balance[0]),
    ]));
    assert!(line.contains("another run"), "{line}");
}

/// An experiment's shards played with a preset file edited between them are shards of two
/// runs: merge refuses them and writes nothing (trial 11a F1).
#[test]
fn experiment_shards_of_an_edited_preset_do_not_merge() {
    let dir = common::temp_dir("shard-experiment-preset");
    let preset = dir.join("bot.toml");
    let spec = dir.join("spec.toml");
    std::fs::write(
        &spec,
        "game = \"aachen\"\ngames = 4\nseed = 3\nbots = [\"bot.toml\"]\n\
         [[variant]]\nname = \"cheap\"\nset = { \"charts.supply_costs.artillery\" = 2 }\n",
    )
    .unwrap();
    let mut shards = Vec::new();
    for (k, iterations) in [(1, 5), (2, 15)] {
        std::fs::write(
            &preset,
            format!("name = \"bot\"\nkind = \"mcts\"\n[mcts]\niterations = {iterations}\n"),
        )
        .unwrap();
        let path = dir.join(format!("e{k}.shard"));
        let shard = format!("{k}/2");
        run(&["experiment", s(&spec), "--shard", &shard, "--out", s(&path)]);
        shards.push(path);
    }
    let merged = dir.join("merged");
    let line = common::one_line_error(&common::sandtable(&[
        "merge",
        "--out",
        s(&merged),
        s(&shards[0]),
        s(&shards[1]),
    ]));
    assert!(line.contains("another run"), "{line}");
    assert!(!merged.exists(), "nothing written");
}

/// `ladder --shard`: each pairing's share of the games, merged into the report and CSVs one
/// machine prints and writes; a shard needs a file and cannot be a sequential test.
#[test]
fn merged_ladder_shards_print_and_write_exactly_what_one_machine_does() {
    let dir = common::temp_dir("shard-ladder");
    let ladder = |extra: &[&str]| {
        let mut args = vec![
            "ladder",
            "rudders-line",
            "--bots",
            "random,scripted,medium",
            "--games",
            "5",
            "--seed",
            "3",
            "--threads",
            "1",
        ];
        args.extend(extra);
        run(&args)
    };
    let one = dir.join("one");
    let whole = ladder(&["--out", s(&one)]);
    let shard = |k: &str| {
        let path = dir.join(format!("l-{k}.shard"));
        ladder(&["--shard", &format!("{k}/2"), "--out", s(&path)]);
        path
    };
    let (second, first) = (shard("2"), shard("1"));
    let merged = dir.join("merged");
    let text = run(&["merge", "--out", s(&merged), s(&second), s(&first)]);
    assert_eq!(text, whole);
    assert!(
        whole.contains("ladder: 5 games per pairing and side"),
        "{whole}"
    );
    for csv in ["matchups.csv", "ratings.csv"] {
        assert_eq!(
            std::fs::read(merged.join(csv)).unwrap(),
            std::fs::read(one.join(csv)).unwrap(),
            "{csv}"
        );
    }
    let line = common::one_line_error(&common::sandtable(&[
        "ladder",
        "rudders-line",
        "--shard",
        "1/2",
    ]));
    assert!(line.contains("--out"), "{line}");
    let sprt = dir.join("sprt.shard");
    let line = common::one_line_error(&common::sandtable(&[
        "ladder",
        "rudders-line",
        "--bots",
        "random,scripted",
        "--sprt",
        "0,20",
        "--shard",
        "1/2",
        "--out",
        s(&sprt),
    ]));
    assert!(line.contains("--sprt") && !sprt.exists(), "{line}");
    // Without --shard, --out is a folder; with it, a file: a folder is refused before play.
    let line = common::one_line_error(&common::sandtable(&[
        "ladder",
        "rudders-line",
        "--shard",
        "1/2",
        "--out",
        s(&dir),
    ]));
    assert!(line.contains("is a folder"), "{line}");
}

/// A shard file whose header line is edited by `edit` and sealed again, as someone who knows
/// the seal's hash (FNV-1a over the header after the seal, then the rows) could.
fn resealed(path: &Path, name: &str, edit: impl Fn(&str) -> String) -> std::path::PathBuf {
    const SEAL: usize = "{\"seal\":\"".len() + 16 + "\",".len();
    let text = std::fs::read_to_string(path).unwrap();
    let (line, rows) = text.split_at(text.find('\n').unwrap());
    let rest = edit(&line[SEAL..]);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in rest.bytes().chain(rows.bytes()) {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    let out = path.with_file_name(name);
    std::fs::write(&out, format!("{{\"seal\":\"{hash:016x}\",{rest}{rows}")).unwrap();
    out
}

/// A header edited and sealed again is refused in one line when its totals do not fit its
/// games or its run (once a panic on an index, or a rate of 1250.00% printed as read); an
/// untouched header sealed again merges as before (the helper above seals as a shard does).
#[test]
fn a_resealed_shard_whose_totals_do_not_add_up_is_refused() {
    let dir = common::temp_dir("shard-resealed");
    let shards = balance_shards(&dir, "5", &[1, 2], 2);
    let same = resealed(&shards[0], "same.shard", str::to_string);
    assert_eq!(
        std::fs::read(&same).unwrap(),
        std::fs::read(&shards[0]).unwrap()
    );
    for (name, from, to) in [
        ("third-side", "\"wins\":[", "\"wins\":[0,"),
        ("many-wins", "\"wins\":[", "\"wins\":[500"),
        ("no-totals", "\"totals\":[", "\"totals\":[],\"x\":["),
        ("level-of-side-9", "\"winner\":0", "\"winner\":9"),
        ("one-name", "\"names\":[\"", "\"names\":[\"X\"],\"y\":[\""),
    ] {
        let edited = resealed(&shards[0], &format!("{name}.shard"), |h| {
            assert!(h.contains(from), "{name}: {from} not in the header");
            h.replacen(from, to, 1)
        });
        let out = common::sandtable(&["merge", s(&edited), s(&shards[1])]);
        let line = common::one_line_error(&out);
        assert!(line.contains(&format!("{name}.shard")), "{name}: {line}");
    }
}

/// `merge --out` naming one of the shards it reads (however spelt) is refused before anything
/// is written: the shard would be replaced by the CSV and lost to the run.
#[test]
fn merge_refuses_to_write_over_a_shard_it_reads() {
    let dir = common::temp_dir("shard-out-is-input");
    let shards = balance_shards(&dir, "5", &[1, 2], 2);
    let before = std::fs::read(&shards[0]).unwrap();
    let spelt = dir.join(".").join(shards[0].file_name().unwrap());
    // A symlink to the shard is written through, so it is the shard too (trial 12a F1).
    let link = dir.join("link.csv");
    std::os::unix::fs::symlink(&shards[0], &link).unwrap();
    for out in [spelt, link] {
        let run = common::sandtable(&["merge", s(&shards[0]), s(&shards[1]), "--out", s(&out)]);
        let line = common::one_line_error(&run);
        assert!(
            line.contains("is the shard file") && line.contains("given to merge"),
            "{line}"
        );
        assert_eq!(std::fs::read(&shards[0]).unwrap(), before);
    }
}

/// A shard whose header was edited to an impossible number (3 of 2, 0 of 2) is refused by
/// name, not taken for a missing shard (trial 12a F2).
#[test]
fn merge_names_a_shard_with_an_impossible_number() {
    let dir = common::temp_dir("shard-impossible-number");
    let shards = balance_shards(&dir, "5", &[1, 2], 2);
    let text = std::fs::read_to_string(&shards[1]).unwrap();
    for (name, to) in [("three", "\"shard\":3"), ("zero", "\"shard\":0")] {
        assert!(text.contains("\"shard\":2"), "{text}");
        let edited = dir.join(format!("{name}.shard"));
        std::fs::write(&edited, text.replacen("\"shard\":2", to, 1)).unwrap();
        let out = common::sandtable(&["merge", s(&shards[0]), s(&edited)]);
        let line = common::one_line_error(&out);
        assert!(
            line.contains(&format!("{name}.shard")) && line.contains("is not a shard number"),
            "{line}"
        );
    }
}

/// Determinism: a bot searching by wall time (`time_ms`) plays as far as the machine allows,
/// so a shard of its games is refused (merge joins shards as one run); a run on one machine
/// is played (Aachen: one side, one bot), with a note saying the seed does not fix its games.
#[test]
fn a_bot_searching_by_time_is_refused_in_a_shard_and_noted_elsewhere() {
    let dir = common::temp_dir("shard-timed-bot");
    let preset = dir.join("timed.toml");
    std::fs::write(
        &preset,
        "name = \"timed\"\nkind = \"mcts\"\n[mcts]\ntime_ms = 1\n",
    )
    .unwrap();
    let bots = s(&preset).to_string();
    let out = dir.join("b.shard");
    let sharded = common::sandtable(&[
        "balance",
        "aachen",
        "--games",
        "2",
        "--bots",
        &bots,
        "--shard",
        "1/2",
        "--out",
        s(&out),
    ]);
    let line = common::one_line_error(&sharded);
    assert!(
        line.contains("searches by time (time_ms)") && line.contains("give the preset iterations"),
        "{line}"
    );
    assert!(!out.exists());
    let whole = common::sandtable(&["balance", "aachen", "--games", "2", "--bots", &bots]);
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    let stderr = String::from_utf8_lossy(&whole.stderr);
    assert!(
        stderr.contains("note: bot '") && stderr.contains("the same seed may not repeat them"),
        "{stderr}"
    );
    let untimed = common::sandtable(&[
        "balance",
        "aachen",
        "--games",
        "2",
        "--bots",
        "random",
        "--shard",
        "1/2",
        "--out",
        s(&out),
    ]);
    assert!(
        untimed.status.success(),
        "{}",
        String::from_utf8_lossy(&untimed.stderr)
    );
}

/// The last shard of a run of u64::MAX games holds one game, the last index: it is played,
/// not lost to a batch end that wraps past the largest index.
#[test]
fn a_shard_at_the_largest_game_index_plays_its_one_game() {
    let dir = common::temp_dir("shard-largest");
    let most = u64::MAX.to_string();
    let shard = format!("{most}/{most}");
    let out = dir.join("last.shard");
    let args = [
        "balance",
        "rudders-line",
        "--bots",
        "random,random",
        "--games",
        &most,
        "--shard",
        &shard,
        "--out",
        s(&out),
    ];
    let run = common::sandtable(&args);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains(&format!("\n{},", u64::MAX - 1)), "{text}");
}
