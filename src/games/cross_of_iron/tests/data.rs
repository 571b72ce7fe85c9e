//! The data files: provenance, ranges and references, and the scenario's Design-Your-Own
//! points.

use super::*;

#[test]
fn dyo_both_sides_within_5_percent_on_points() {
    let g = game();
    let (ger, rus) = (g.rules().points(0), g.rules().points(1));
    // The crews' 17 and 11 are counted apart from their guns (p. 82).
    assert_eq!((ger, rus), (576, 560));
    assert!(ger.abs_diff(rus) * 100 <= 5 * ger.max(rus));
}

#[test]
fn every_squad_leader_table_is_labelled_reconstructed() {
    let g = game();
    let names: Vec<&str> = g
        .rules()
        .data
        .reconstructed_tables()
        .iter()
        .map(|&(t, _)| t)
        .collect();
    for t in [
        "sequence_of_play",
        "infantry_fire_table",
        "terrain",
        "morale",
        "to_hit",
        "close_combat",
        "guns",
        "vehicles",
        "board",
    ] {
        assert!(names.contains(&t), "{t} is not labelled reconstructed");
    }
    assert!(
        !names.contains(&"infantry"),
        "the text gives the infantry values"
    );
}

fn error(file: &str, from: &str, to: &str) -> String {
    match edited(file, |t| {
        assert!(t.contains(from), "{from} not in {file}");
        t.replacen(from, to, 1)
    }) {
        Ok(_) => panic!("{from} -> {to} was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_data_is_one_line_naming_file_table_and_entry() {
    let e = error("scenario.toml", "hex = \"A2\"", "hex = \"Z9\"");
    assert!(e.contains("[setup] 1st Squad") && e.contains("Z9"), "{e}");
    let e = error("scenario.toml", "counter = \"8-1\"", "counter = \"9-2\"");
    assert!(e.contains("9-2"), "{e}");
    let e = error("counters.toml", "mp = 14, front = 1", "mp = 0, front = 1");
    assert!(
        e.contains("[vehicles] PzKpfw IV F2") && e.contains("out of range"),
        "{e}"
    );
    let e = error("charts.toml", "{ fp = 8,  kia = 3,", "{ fp = 8,  kia = 9,");
    assert!(e.contains("[infantry_fire_table] fp = 8"), "{e}");
    let e = error("scenario.toml", "turns = 6", "turns = 200");
    assert!(e.contains("[scenario] turns"), "{e}");
    let e = error("scenario.toml", "\"I5\", \"J6\"]", "\"I5\", \"Q6\"]");
    assert!(e.contains("objectives") && e.contains("Q6"), "{e}");
    let e = error("scenario.toml", "hex = \"K2\"", "hex = \"K1\"");
    assert!(e.contains("cannot be in K1"), "a tank in a building: {e}");
    let e = error(
        "charts.toml",
        "source = \"reconstructed\"\nbasis = \"SL 4.1",
        "source = \"reconstructed\"\nbasi = \"SL 4.1",
    );
    assert!(e.contains("charts.toml"), "{e}");
    assert!(!e.contains('\n'));
}

#[test]
fn rule_options_are_read_from_the_scenario() {
    let g = edited("scenario.toml", |t| {
        t.replace("prisoners = true", "prisoners = false").replace(
            "critical_threshold = \"final\"",
            "critical_threshold = \"table\"",
        )
    })
    .unwrap();
    assert!(!g.rules().options.prisoners);
    assert_eq!(
        g.rules().options.critical_threshold,
        crate::games::cross_of_iron::gunnery::CriticalThreshold::Table
    );
    assert!(game().rules().options.prisoners);
}

/// The board prints each AFV's and gun's type on its counter (`face` in counters.toml), not a
/// bare "AFV" or "Gun"; a face too long for the counter is refused in one line naming the
/// file, the table, the entry and what to give.
#[test]
fn afvs_and_guns_show_their_type_on_the_board_and_an_overlong_face_is_refused() {
    let g = game();
    let s = g.initial_state();
    let faces: Vec<String> = g
        .board(&s)
        .places
        .iter()
        .flat_map(|p| p.counters.iter().map(|c| c.face.clone()))
        .collect();
    for face in ["PzIV", "StuG", "T-34", "PaK", "45mm"] {
        assert!(faces.iter().any(|f| f == face), "{face} not on {faces:?}");
    }
    assert!(!faces.iter().any(|f| f == "AFV" || f == "Gun"));
    let err = edited("counters.toml", |t| {
        t.replace("face = \"T-34\"", "face = \"T-34/76C\"")
    })
    .err()
    .expect("refused")
    .to_string();
    assert!(
        err.contains("counters.toml")
            && err.contains("vehicles")
            && err.contains("T-34/76C")
            && err.contains("1 to 5 letters, digits or signs")
            && !err.contains('\n'),
        "{err}"
    );
    // With no face, the id's first word: "PaK" for the PaK 40; "PzKpfw" is too long.
    let default = edited("counters.toml", |t| {
        assert!(t.contains(", face = \"PaK\""));
        t.replace(", face = \"PaK\"", "")
    })
    .unwrap();
    let pak = (0..default.n()).find(|&u| default.def(u).counter == "PaK 40");
    assert_eq!(default.def(pak.expect("a PaK 40")).face, "PaK");
    let err = edited("counters.toml", |t| {
        assert!(t.contains(", face = \"PzIV\""));
        t.replace(", face = \"PzIV\"", "")
    })
    .err()
    .expect("refused")
    .to_string();
    assert!(err.contains("face 'PzKpfw'"), "{err}");
}

/// An odds column is a pair [attacker, defender]: a third number is refused, not dropped.
#[test]
fn rule_20_3_a_close_combat_odds_column_of_three_numbers_is_refused() {
    let e = error("charts.toml", "odds = [[1, 4],", "odds = [[1, 4, 0],");
    assert!(
        e.contains("invalid length 3, expected an array of length 2"),
        "{e}"
    );
}

/// TO HIT and KILL numbers fall (or stay) with range: a farther target is never easier to hit
/// or to kill.
#[test]
fn rule_33_3_33_4_to_hit_and_kill_numbers_rising_with_range_are_refused() {
    let e = error(
        "charts.toml",
        "vehicle = [10, 9, 8, 7, 5, 3]",
        "vehicle = [3, 5, 7, 8, 9, 10]",
    );
    assert!(
        e.contains("[to_hit] vehicle: 5 after 3") && e.contains("(33.3)"),
        "{e}"
    );
    let e = error(
        "charts.toml",
        "infantry = [8, 7, 6, 5, 4, 2]",
        "infantry = [8, 7, 6, 5, 4, 9]",
    );
    assert!(e.contains("[to_hit] infantry: 9 after 4"), "{e}");
    let e = error(
        "counters.toml",
        "kill = [13, 13, 12, 11, 10, 9]",
        "kill = [9, 10, 11, 12, 13, 13]",
    );
    assert!(
        e.contains("75L: kill: 10 after 9") && e.contains("(33.4)"),
        "{e}"
    );
}

/// A board row of the wrong length names the row and both lengths, not a rule it breaks.
#[test]
fn a_board_row_of_the_wrong_length_names_its_length_and_the_first_row_s() {
    let e = error("scenario.toml", "\".W.....WW...\",", "\".W.....WW..\",");
    assert!(
        e.contains("[board] terrain row 2: 11 hexes; every row needs 12"),
        "{e}"
    );
    let e = error("scenario.toml", "\"000001100000\",", "\"0000011000000\",");
    assert!(
        e.contains("levels row 3: 13 hexes; every row needs 12"),
        "{e}"
    );
}

/// A set-up entry names its counter by id and side: a leader given a squad's id would be set up
/// as the squad, unseen, so an id belongs to one table a side.
#[test]
fn a_counter_id_shared_by_two_tables_of_one_side_is_refused() {
    let e = error(
        "counters.toml",
        "{ id = \"8-1\", side = \"germans\"",
        "{ id = \"4-6-7\", side = \"germans\"",
    );
    assert!(
        e.contains("[leaders] 4-6-7: '4-6-7' is also the id of a germans counter in [infantry]"),
        "{e}"
    );
}

/// The error of the scenario with the counters set up in hexes `from` moved to `to`.
fn moved_to(from: (&str, &str), to: &str) -> String {
    let hex = |h: &str| format!("hex = \"{h}\"");
    match edited("scenario.toml", |t| {
        t.replacen(&hex(from.0), &hex(to), 1)
            .replacen(&hex(from.1), &hex(to), 1)
    }) {
        Ok(_) => panic!("{from:?} moved to {to} was accepted"),
        Err(e) => e.to_string(),
    }
}

/// The set-up keeps the rules every move keeps (trial 17a F1, F2): no counter in a hex the
/// enemy holds (J3 holds the Russians' 1st Section), and 92.2's stacking limits (three squads
/// and guns, two vehicles a hex, `charts.toml [fire]`).
#[test]
fn rule_92_2_a_set_up_in_an_enemy_hex_or_over_the_stacking_limits_is_refused() {
    let squad = "name = \"1st Squad\"\ncounter = \"4-6-7\"\nside = \"germans\"\nhex = \"A2\"";
    let e = error("scenario.toml", squad, &squad.replace("A2", "J3"));
    assert!(
        e.contains("[setup] 1st Squad") && e.contains("holds the enemy's"),
        "{e}"
    );
    // B4 holds the 2nd and 3rd Squads: with the 1st and 4th, four squads.
    let e = moved_to(("A2", "A7"), "B4");
    assert!(
        e.contains("holds 4 squads and guns at the start") && e.contains("allows 3 (92.2)"),
        "{e}"
    );
    // Panzer 1 is in A3: Panzer 2 and the StuG with it make three vehicles.
    let e = moved_to(("A5", "A6"), "A3");
    assert!(
        e.contains("holds 3 vehicles at the start") && e.contains("allows 2"),
        "{e}"
    );
}
