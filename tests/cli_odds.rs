//! `sandtable crt` and `sandtable initiative`: the CSV contract, values worked out by hand,
//! charts, and one-line errors with exit code 2.

mod common;
use common::{one_line_error, sandtable, stdout};

/// The rows of `csv` as maps from column name to value.
fn rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            header
                .iter()
                .cloned()
                .zip(rec.iter().map(String::from))
                .collect()
        })
        .collect()
}

fn find<'a>(
    rows: &'a [std::collections::HashMap<String, String>],
    want: &[(&str, &str)],
) -> &'a std::collections::HashMap<String, String> {
    rows.iter()
        .find(|r| {
            want.iter()
                .all(|(k, v)| r.get(*k).map(String::as_str) == Some(*v))
        })
        .unwrap_or_else(|| panic!("no row {want:?}"))
}

#[test]
fn crt_rudders_line_has_the_header_and_equal_totals_give_cp1_five_times_in_36() {
    let out = stdout(&sandtable(&["crt", "rudders-line", "--table", "assault"]));
    assert_eq!(
        out.lines().next().unwrap(),
        "game,table,offense,defense,outcome,probability,fraction,p_at_least,provenance"
    );
    let rows = rows(&out);
    // Every one of the 400 (offense, defense) pairs has a fail row or a cp row.
    assert!(rows.iter().all(|r| r["table"] == "assault"));
    // OT = DT = 5 before the dice: 1 CP when the attacker's die is one higher: 5 of 36.
    let r = find(
        &rows,
        &[("offense", "5"), ("defense", "5"), ("outcome", "cp1")],
    );
    assert_eq!(r["fraction"], "5/36");
    assert_eq!(r["probability"], "0.138888888889");
    assert_eq!(r["p_at_least"], "5/12");
    let fail = find(
        &rows,
        &[("offense", "5"), ("defense", "5"), ("outcome", "fail")],
    );
    assert_eq!(fail["fraction"], "7/12");
}

#[test]
fn crt_aachen_success_odds_match_the_hand_count() {
    let out = stdout(&sandtable(&["crt", "aachen"]));
    assert!(out
        .starts_with("game,table,attack_value,defense_value,defense_factor,air_support,outcome,"));
    let rows = rows(&out);
    // AV 12, DV 10, no Air Support: AT > DT unless 2d6(defender) − 2d6(attacker) ≥ 2:
    // P = (721 + 140) / 1296 = 287/432 (ties 146, difference of one 140 of the 1296 rolls).
    let key = [
        ("attack_value", "12"),
        ("defense_value", "10"),
        ("defense_factor", "5"),
        ("air_support", "0"),
        ("outcome", "success"),
    ];
    assert_eq!(find(&rows, &key)["p_at_least"], "287/432");
    let stalemate = [
        ("attack_value", "10"),
        ("defense_value", "10"),
        ("defense_factor", "5"),
        ("air_support", "0"),
        ("outcome", "stalemate"),
    ];
    assert_eq!(find(&rows, &stalemate)["fraction"], "73/648");
}

#[test]
fn initiative_rudders_line_notes_the_reconstructed_modifiers() {
    let out = sandtable(&["initiative", "rudders-line", "--table", "initiative"]);
    let text = stdout(&out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("note: results depend on reconstructed data: initiative"),
        "{stderr}"
    );
    let rows = rows(&text);
    // Turn 2: Rangers +1 (embedded data): they win 21 of the 31 rolls that are not ties.
    let r = find(
        &rows,
        &[
            ("turn", "2"),
            ("rangers_fo_lost", "0"),
            ("outcome", "rangers"),
        ],
    );
    assert_eq!(r["fraction"], "21/31");
    assert!(r["provenance"].contains("reconstructed: initiative"));
}

#[test]
fn initiative_aachen_writes_random_events_and_supply_to_a_file() {
    let dir = std::env::temp_dir().join(format!("sandtable-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("aachen.csv");
    let out = sandtable(&["initiative", "aachen", "--out", file.to_str().unwrap()]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    let rows = rows(&text);
    assert!(rows.iter().any(|r| r["table"] == "random_event"));
    assert!(rows.iter().any(|r| r["table"] == "supply"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn charts_are_written_as_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("sandtable-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("direct.svg");
    let png = dir.join("direct.png");
    for f in [&svg, &png] {
        let out = sandtable(&[
            "crt",
            "rudders-line",
            "--table",
            "direct",
            "--out",
            dir.join("direct.csv").to_str().unwrap(),
            "--plot",
            f.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn crt_crossing_the_line_clear_3_to_1_and_chits_match_the_hand_count() {
    let out = sandtable(&["crt", "crossing-the-line"]);
    let text = stdout(&out);
    assert_eq!(
        text.lines().next().unwrap(),
        "game,table,terrain_line,odds_column,drm,effectiveness_rating,chit_column,outcome,\
         probability,fraction,p_at_least,provenance"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("reconstructed data: crt, combat_chits"),
        "{stderr}"
    );
    let rows = rows(&text);
    // Clear 3:1, no DRM: the embedded CRT's column reads 0/4r on dice 8, 9 and 10.
    let r = find(
        &rows,
        &[
            ("table", "crt"),
            ("terrain_line", "clear"),
            ("odds_column", "3:1"),
            ("drm", "0"),
            ("outcome", "0/4r"),
        ],
    );
    assert_eq!(r["fraction"], "3/10");
    assert!(r["provenance"].contains("reconstructed: crt"));
    // Below the city line's leftmost 2:1: always 5/0 (7.5.1).
    let below = [
        ("terrain_line", "city"),
        ("odds_column", "<2:1"),
        ("drm", "19"),
        ("outcome", "5/0"),
    ];
    assert_eq!(find(&rows, &below)["fraction"], "1/1");
    // ER 4, normal column: ×2 on chits 6–9, ×3 on chit 10 of ten: P(≥ ×2) = 1/2.
    let chit = [
        ("table", "chits"),
        ("effectiveness_rating", "4"),
        ("chit_column", "normal"),
        ("outcome", "x2"),
    ];
    assert_eq!(find(&rows, &chit)["p_at_least"], "1/2");
}

#[test]
fn initiative_crossing_the_line_three_german_initiatives_in_a_row() {
    let text = stdout(&sandtable(&[
        "initiative",
        "crossing-the-line",
        "--table",
        "consecutive",
    ]));
    assert!(text.starts_with("game,table,start,interdiction,cycle,outcome,"));
    let rows = rows(&text);
    // From the 0 box, no interdiction: the German wins cycle 1 on g > u (45/100); the US
    // then has +2 and +3, so the German needs g ≥ u + 3 (28/100), then g ≥ u + 4 (21/100):
    // 9/20 × 28/100 × 21/100 = 1323/50000.
    let r = find(
        &rows,
        &[
            ("start", "ops_phase"),
            ("interdiction", "0"),
            ("cycle", "3"),
            ("outcome", "german"),
        ],
    );
    assert_eq!(r["fraction"], "1323/50000");
    // Scenario start (10): the US holds cycle 1 automatically.
    let s = [
        ("start", "scenario_start"),
        ("interdiction", "2"),
        ("cycle", "1"),
        ("outcome", "us"),
    ];
    assert_eq!(find(&rows, &s)["fraction"], "1/1");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let err = one_line_error(&sandtable(&[
        "crt",
        "crossing-the-line",
        "--table",
        "combat",
    ]));
    assert!(
        err.contains("'combat'") && err.contains("crt, chits"),
        "{err}"
    );
    let err = one_line_error(&sandtable(&[
        "initiative",
        "crossing-the-line",
        "--table",
        "supply",
    ]));
    assert!(err.contains("initiative, consecutive"), "{err}");
    // A user's charts with an AP value above 7 (6.3.2): one line naming file, table, entry.
    // A data folder, as every command reads Crossing the Line's --data.
    let dir = std::env::temp_dir().join(format!("ctl-charts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string("src/games/crossing_the_line/data/charts.toml").unwrap();
    std::fs::write(
        dir.join("charts.toml"),
        text.replacen("[1, 2, 2, 3, 4, 4],", "[1, 2, 2, 3, 4, 9],", 1),
    )
    .unwrap();
    let err = one_line_error(&sandtable(&[
        "initiative",
        "crossing-the-line",
        "--data",
        dir.to_str().unwrap(),
    ]));
    std::fs::remove_dir_all(&dir).ok();
    assert!(err.contains("[action_points] black row 1 FAL 6"), "{err}");
    let err = one_line_error(&sandtable(&[
        "crt",
        "rudders-line",
        "--table",
        "assault,assault",
    ]));
    assert!(err.contains("'assault' twice"), "{err}");
    let err = one_line_error(&sandtable(&["crt", "aachen", "--table", "assault"]));
    assert!(err.contains("'assault'") && err.contains("combat"), "{err}");
    let err = one_line_error(&sandtable(&["initiative", "nosuchgame"]));
    assert!(err.contains("'nosuchgame'"), "{err}");
    let err = one_line_error(&sandtable(&["crt", "cross-of-iron", "--data", "x"]));
    assert!(err.contains("take no --data"), "{err}");
    let err = one_line_error(&sandtable(&["crt", "aachen", "--plot", "chart.pdf"]));
    assert!(err.contains(".svg or .png"), "{err}");
    let err = one_line_error(&sandtable(&[
        "crt",
        "rudders-line",
        "--data",
        "/no/such/dir",
    ]));
    assert!(err.contains("/no/such/dir"), "{err}");
    let err = one_line_error(&sandtable(&[
        "crt",
        "rudders-line",
        "--out",
        "/no/such/dir/x.csv",
    ]));
    assert!(err.contains("cannot write"), "{err}");
    // The table and the chart in one file: once a false "No such file" from the second writer.
    let dir = common::temp_dir("crt-same-file");
    let chart = dir.join("odds.svg");
    let chart_path = chart.to_str().unwrap();
    let err = one_line_error(&sandtable(&[
        "crt",
        "rudders-line",
        "--plot",
        chart_path,
        "--out",
        chart_path,
    ]));
    assert!(err.contains("--out and --plot both name"), "{err}");
    assert!(!chart.exists());
}

#[test]
fn crt_where_prints_one_battles_odds_as_a_small_table() {
    // The hand count of `crt_aachen_success_odds_match_the_hand_count`: success or better
    // 287/432 = 66.44%.
    let args = "attack_value=12,defense_value=10,defense_factor=5,air_support=0";
    let out = stdout(&sandtable(&["crt", "aachen", "--where", args]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "aachen combat: attack_value 12, defense_value 10, defense_factor 5, air_support 0"
    );
    assert!(lines[1].starts_with("  outcome"), "{out}");
    let success = lines.iter().find(|l| l.contains("success")).unwrap();
    assert!(success.ends_with("66.44%"), "{success}");
    assert_eq!(lines.len(), 7, "one combination, four outcomes: {out}");
}

#[test]
fn crt_where_with_out_writes_just_those_rows_as_csv() {
    let dir = common::temp_dir("crt-where");
    let path = dir.join("one.csv");
    let p = path.to_str().unwrap();
    stdout(&sandtable(&[
        "crt",
        "rudders-line",
        "--where",
        "offense=5,defense=5",
        "--out",
        p,
    ]));
    let rows = rows(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(rows.len(), 6, "fail and cp1–cp5");
    assert!(rows
        .iter()
        .all(|r| r["offense"] == "5" && r["defense"] == "5"));
}

#[test]
fn crt_where_an_unknown_column_or_value_is_a_one_line_error() {
    let err = one_line_error(&sandtable(&["crt", "aachen", "--where", "attack=13"]));
    assert!(
        err.contains("no column 'attack'") && err.contains("attack_value"),
        "{err}"
    );
    let err = one_line_error(&sandtable(&["crt", "aachen", "--where", "attack_value=99"]));
    assert!(err.contains("values: 1–25"), "{err}");
    let err = one_line_error(&sandtable(&["crt", "aachen", "--where", "attack_value"]));
    assert!(err.contains("expected column=value"), "{err}");
}

#[test]
fn crt_cross_of_iron_to_hit_7_hits_21_in_36_and_its_odds_need_no_engine() {
    let out = stdout(&sandtable(&["crt", "cross-of-iron", "--table", "to_hit"]));
    assert!(out.starts_with(
        "game,table,to_hit_number,drm,ammo,intensive_fire,gun,outcome,probability,fraction,"
    ));
    let rows = rows(&out);
    let key = |outcome| {
        [
            ("to_hit_number", "7"),
            ("drm", "0"),
            ("ammo", "ap_he"),
            ("intensive_fire", "0"),
            ("gun", "b12"),
            ("outcome", outcome),
        ]
    };
    // 33.3: a raw 7 or less (21/36) hits; 68.1: a raw 2 then a third die 1–3 is critical.
    assert_eq!(find(&rows, &key("hit"))["p_at_least"], "7/12");
    assert_eq!(find(&rows, &key("critical hit"))["fraction"], "1/72");
    // 63.18: a raw 12 misses and breaks the gun down.
    assert_eq!(
        find(&rows, &key("miss; gun broke down"))["fraction"],
        "1/36"
    );
    let games = stdout(&sandtable(&["games", "cross-of-iron"]));
    assert!(
        games.contains("(implemented)") && games.contains("infantry_fire_table"),
        "{games}"
    );
    assert!(games.contains("sandtable crt cross-of-iron"), "{games}");
    let err = one_line_error(&sandtable(&["initiative", "cross-of-iron"]));
    assert!(err.contains("no initiative tables"), "{err}");
}

#[test]
fn crt_shot_lists_each_modifier_with_its_rule_and_the_odds() {
    let spec = "to_hit=10,range=14,gun=L,target=white-front,buttoned,acquired=1,kill=12";
    let out = stdout(&sandtable(&["crt", "cross-of-iron", "--shot", spec]));
    assert!(out.contains("-1  64.2   L gun at 14 hexes"), "{out}");
    assert!(out.contains("DRM +0"), "{out}");
    // Kill number 12 destroys with every hit: a raw 10 or less, 33/36.
    assert!(
        out.contains("One shot destroys the target: 91.67% (11/12)"),
        "{out}"
    );
    let err = one_line_error(&sandtable(&[
        "crt",
        "cross-of-iron",
        "--shot",
        "to_hit=7,flank",
    ]));
    assert!(err.contains("'flank'") && err.contains("to_hit=N"), "{err}");
    let err = one_line_error(&sandtable(&["crt", "aachen", "--shot", "to_hit=7"]));
    assert!(err.contains("no shot calculator"), "{err}");
}

#[test]
fn crt_plot_of_rows_its_charts_do_not_show_is_a_one_line_error_and_no_file() {
    // The AFV KILL chart shows front hits; --where keeps only side and rear ones.
    let dir = common::temp_dir("crt-where-plot");
    let png = dir.join("kill.png");
    let err = one_line_error(&sandtable(&[
        "crt",
        "cross-of-iron",
        "--table",
        "to_kill",
        "--where",
        "facing=side_rear",
        "--plot",
        png.to_str().unwrap(),
    ]));
    assert!(err.contains("none of the rows --where kept"), "{err}");
    assert!(!png.exists());
}
