//! Issue 21: every numeric field of the data files has the range the rules (or, where they
//! print none, the engine's arithmetic) allow, checked on loading with a one-line error naming
//! the file, the table, the entry and the field; the First Blood set-ups that once left the
//! US without a decision are refused or play to the end; the largest accepted values play
//! whole games without overflow (tests run with overflow checks).

use crate::engine::data::DataError;
use crate::engine::Game;
use crate::games::crossing_the_line::data::{DataSet, DATA_FILES};
use crate::games::crossing_the_line::state::State;
use crate::games::crossing_the_line::CrossingTheLine;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The data set with edits: for each (file, from, to), every `from` of the embedded file
/// replaced by `to` (`from` must occur unless `optional`).
fn load(edits: &[(&str, &str, &str)], optional: bool) -> Result<DataSet, DataError> {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sandtable-ctl-ranges-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, embedded) in DATA_FILES {
        let mut text = embedded.to_string();
        let mut edited = false;
        for &(file, from, to) in edits.iter().filter(|(f, _, _)| *f == name) {
            assert!(optional || text.contains(from), "{from:?} not in {file}");
            text = text.replace(from, to);
            edited = true;
        }
        if edited {
            std::fs::write(dir.join(name), text).unwrap();
        }
    }
    let data = DataSet::load(Some(&dir));
    let _ = std::fs::remove_dir_all(&dir);
    data
}

/// The error of the embedded data with the first `from` of `file` replaced by `to`.
fn error(file: &str, from: &str, to: &str) -> String {
    let (_, text) = *DATA_FILES
        .iter()
        .find(|(n, _)| *n == file)
        .expect("a data file");
    assert!(text.contains(from), "{from:?} not in {file}");
    let edited = text.replacen(from, to, 1);
    let e = load(&[(file, text, edited.as_str())], false)
        .expect_err("the edit is out of range")
        .to_string();
    assert!(
        e.contains(file) && !e.contains('\n'),
        "one line naming {file}: {e}"
    );
    e
}

fn assert_names(e: &str, parts: &[&str]) {
    for p in parts {
        assert!(e.contains(p), "{p:?} not in: {e}");
    }
}

// ------------------------------------------------------------------------- counters.toml

#[test]
fn rule_6_4_2_reaction_rating_above_10_is_rejected() {
    let e = error(
        "counters.toml",
        "reaction_rating = 6",
        "reaction_rating = 11",
    );
    assert_names(
        &e,
        &[
            "[formations] formation 1ID",
            "reaction_rating 11",
            "1–10",
            "6.4.2",
        ],
    );
}

#[test]
fn rule_5_8_command_range_above_20_is_rejected() {
    let e = error("counters.toml", "command_range = 5", "command_range = 21");
    assert_names(&e, &["formation 1ID", "command_range 21", "1–20", "5.8"]);
}

#[test]
fn rule_3_4_support_above_15_is_rejected() {
    let e = error("counters.toml", "support = 4", "support = 16");
    assert_names(&e, &["formation 1ID", "support 16", "0–15", "3.4"]);
}

#[test]
fn rule_7_4_relocation_above_3_is_rejected() {
    let e = error("counters.toml", "relocation = 2", "relocation = 4");
    assert_names(&e, &["formation 1ID", "relocation 4", "1–3", "7.4"]);
}

#[test]
fn rule_6_3_1_max_activation_level_0_is_rejected_with_the_same_range_as_past_the_table() {
    for (v, shown) in [
        ("0", "max_activation_level 0"),
        ("11", "max_activation_level 11"),
    ] {
        let e = error(
            "counters.toml",
            "max_activation_level = 5",
            &format!("max_activation_level = {v}"),
        );
        assert_names(&e, &["formation 1ID", shown, "1–6", "6.3.1"]);
    }
}

#[test]
fn rule_6_3_2_max_activation_level_past_the_action_points_table_is_rejected() {
    // The embedded Action Points Table has columns for FAL 1–6.
    let e = error(
        "counters.toml",
        "max_activation_level = 5",
        "max_activation_level = 7",
    );
    assert_names(
        &e,
        &["formation 1ID", "max_activation_level 7", "1–6", "6.3.2"],
    );
}

#[test]
fn rule_8_1_3_recovery_rating_past_the_hq_recovery_chart_is_rejected() {
    // The embedded HQ Recovery Chart has rows for ratings 1–4; the 526th is the first German.
    let e = error(
        "counters.toml",
        "recovery_rating = 2",
        "recovery_rating = 5",
    );
    assert_names(
        &e,
        &["formation 526ID", "recovery_rating 5", "1–4", "8.1.3"],
    );
}

#[test]
fn rule_3_2_ma_of_a_leg_unit_above_9_is_rejected() {
    let e = error(
        "counters.toml",
        "movement = \"leg\"\nma = 4",
        "movement = \"leg\"\nma = 10",
    );
    assert_names(&e, &["[units] unit 1/16", "ma 10", "1–9", "3.2"]);
}

#[test]
fn rule_3_2_ma_of_a_motorized_unit_above_11_is_rejected() {
    let e = error(
        "counters.toml",
        "movement = \"motorized\"\nma = 10",
        "movement = \"motorized\"\nma = 12",
    );
    assert_names(&e, &["[units] unit", "ma 12", "1–11", "3.2"]);
    let e = error(
        "counters.toml",
        "movement = \"motorized\"\nma = 10",
        "movement = \"motorized\"\nma = 0",
    );
    assert_names(&e, &["ma 0", "1–11"]);
}

#[test]
fn rule_3_4_strength_above_15_is_rejected() {
    let e = error(
        "counters.toml",
        "strength = 4\nanti_tank",
        "strength = 16\nanti_tank",
    );
    assert_names(&e, &["unit 1/16", "strength 16", "1–15", "3.4"]);
}

#[test]
fn rule_3_2_tank_and_anti_tank_points_above_15_are_rejected() {
    let e = error("counters.toml", "\ntank = [1, 0]", "\ntank = [16, 0]");
    assert_names(&e, &["[units] unit", "tank 16", "0–15", "3.2"]);
    let e = error("counters.toml", "anti_tank = [1, 0]", "anti_tank = [16, 0]");
    assert_names(&e, &["unit 1/16", "anti_tank 16", "0–15"]);
}

#[test]
fn rule_3_2_effectiveness_rating_above_7_is_rejected() {
    let e = error("counters.toml", "er = [5, 3]", "er = [8, 3]");
    assert_names(&e, &["unit 1/16", "er [8, 3]", "2–7", "3.2"]);
}

// ------------------------------------------------------------------------- scenarios.toml

/// First Blood's 1st ID HQ (the file's first).
const FIRST_BLOOD_1ID: &str = "formation = \"1ID\"\nhex = \"1507\"\nactivation_level = 5";

#[test]
fn rule_6_3_1_activation_level_above_the_formations_track_is_rejected() {
    for level in ["6", "255"] {
        let e = error(
            "scenarios.toml",
            FIRST_BLOOD_1ID,
            &FIRST_BLOOD_1ID.replace("= 5", &format!("= {level}")),
        );
        assert_names(
            &e,
            &[
                "[scenarios] scenario first-blood",
                "HQ 1ID",
                &format!("activation_level {level}"),
                "0–5",
                "6.3.1",
            ],
        );
    }
}

#[test]
fn rule_8_5_1_an_arriving_hqs_activation_level_above_its_track_is_rejected() {
    // The 12th ID (top box 4) arrives in 10.2 on turn 2.
    let e = error(
        "scenarios.toml",
        "formation = \"12ID\"\nhex = \"3221\"\nactivation_level = 4",
        "formation = \"12ID\"\nhex = \"3221\"\nactivation_level = 5",
    );
    assert_names(
        &e,
        &[
            "scenario stolberg-corridor",
            "HQ 12ID",
            "activation_level 5",
            "0–4",
        ],
    );
}

#[test]
fn rule_8_5_a_reinforcement_on_turn_180_of_a_3_turn_scenario_is_rejected() {
    for turn in ["4", "180"] {
        let e = error(
            "scenarios.toml",
            "turn = 3\nunit = \"745 Tk\"",
            &format!("turn = {turn}\nunit = \"745 Tk\""),
        );
        assert_names(
            &e,
            &[
                "scenario stolberg-corridor",
                "745 Tk",
                &format!("turn {turn}"),
                "2–3",
                "8.5",
            ],
        );
    }
}

#[test]
fn rule_8_5_an_hq_arriving_after_the_last_turn_is_rejected() {
    let e = error(
        "scenarios.toml",
        "turn = 2\nformation = \"12ID\"\nhex = \"3221\"",
        "turn = 4\nformation = \"12ID\"\nhex = \"3221\"",
    );
    assert_names(
        &e,
        &[
            "scenario stolberg-corridor",
            "HQ 12ID",
            "turn 4",
            "2–3",
            "8.5",
        ],
    );
}

#[test]
fn rule_4_a_last_turn_past_8_and_a_first_turn_of_0_are_rejected() {
    // Across the Wurm (turns 5–8) is the file's first scenario to end on turn 8.
    let e = error("scenarios.toml", "last_turn = 8", "last_turn = 9");
    assert_names(
        &e,
        &["scenario across-the-wurm", "last_turn 9", "1–8", "4)"],
    );
    let e = error("scenarios.toml", "first_turn = 1", "first_turn = 0");
    assert_names(&e, &["scenario first-blood", "first_turn 0", "1–8"]);
}

#[test]
fn rule_9_sp_loss_quarter_vp_above_34_is_rejected() {
    let e = error(
        "scenarios.toml",
        "tank = 2, tank_destroyer",
        "tank = 35, tank_destroyer",
    );
    assert_names(&e, &["scenario campaign", "sp_loss_quarter_vp 35", "0–34"]);
}

/// 3.3: a formation listed in play with no HQ and no units is refused, not ignored (trial 22a
/// F1: the 30th ID added to the Stolberg Corridor's list played no part, silently).
#[test]
fn rule_3_3_a_formation_listed_with_no_hq_is_rejected() {
    let e = error(
        "scenarios.toml",
        "\"116PzD\", \"12ID\"]",
        "\"116PzD\", \"12ID\", \"30ID\"]",
    );
    assert_names(
        &e,
        &[
            "scenario stolberg-corridor",
            "formation \"30ID\" is listed but has no HQ",
            "3.3",
        ],
    );
}

#[test]
fn rule_3_3_a_formation_with_units_but_no_hq_is_rejected() {
    // First Blood without the 1st ID's HQ block: its units would have no HQ to activate.
    let e = error(
        "scenarios.toml",
        &format!("[[scenarios.hqs]]\n{FIRST_BLOOD_1ID}\n"),
        "",
    );
    assert_names(
        &e,
        &["scenario first-blood", "formation \"1ID\"", "no HQ", "3.3"],
    );
    // The Stolberg Corridor without the 12th ID's arriving HQ: its units arrive on turn 2.
    let e = error(
        "scenarios.toml",
        "[[scenarios.reinforcement_hqs]]\nturn = 2\nformation = \"12ID\"\nhex = \"3221\"\nactivation_level = 4\n",
        "",
    );
    assert_names(
        &e,
        &[
            "scenario stolberg-corridor",
            "formation \"12ID\"",
            "turn 2",
            "no HQ",
        ],
    );
}

// ------------------------------------------------------------------------- charts.toml

#[test]
fn rule_7_5_1_2_d_at_bonus_above_15_is_rejected() {
    let e = error("charts.toml", "at_bonus = 0 }", "at_bonus = 16 }");
    assert_names(
        &e,
        &[
            "[terrain_effects] terrain clear",
            "at_bonus 16",
            "0–15",
            "7.5.1.2 D",
        ],
    );
}

#[test]
fn rule_7_5_1_2_b_support_drms_past_9_are_rejected() {
    let e = error("charts.toml", "regular_attack = 1", "regular_attack = 10");
    assert_names(
        &e,
        &["[combat_drm] regular_attack", "regular_attack 10", "0–9"],
    );
    let e = error(
        "charts.toml",
        "regular_defense = -1",
        "regular_defense = -10",
    );
    assert_names(
        &e,
        &[
            "[combat_drm] regular_defense",
            "regular_defense -10",
            "-9–0",
        ],
    );
}

#[test]
fn rule_7_5_1_2_c_hq_divisors_outside_1_to_15_are_rejected() {
    let e = error(
        "charts.toml",
        "hq_regular_divisor = 2",
        "hq_regular_divisor = 16",
    );
    assert_names(
        &e,
        &[
            "[combat_drm] hq_regular_divisor",
            "hq_regular_divisor 16",
            "1–15",
        ],
    );
    let e = error(
        "charts.toml",
        "hq_regular_divisor = 2",
        "hq_regular_divisor = 0",
    );
    assert_names(&e, &["hq_regular_divisor 0", "1–15"]);
}

#[test]
fn rule_8_1_recovery_past_the_action_points_table_is_rejected() {
    let e = error(
        "charts.toml",
        "{ formation = \"1ID\", recovery = 2 }",
        "{ formation = \"1ID\", recovery = 7 }",
    );
    assert_names(&e, &["[hq_recovery] us 1ID", "recovery 7", "0–6", "8.1.1"]);
    let e = error(
        "charts.toml",
        "[1, 0, 0],  # rating 1",
        "[7, 0, 0],  # rating 1",
    );
    assert_names(
        &e,
        &[
            "[hq_recovery] german rating 1 level 0",
            "recovery 7",
            "0–6",
            "8.1.3",
        ],
    );
}

#[test]
fn rule_8_1_1_the_hq_recovery_chart_lists_exactly_the_us_formations() {
    let e = error(
        "charts.toml",
        "{ formation = \"29ID\", recovery = 2 },",
        "{ formation = \"29ID\", recovery = 2 },\n  { formation = \"9PzD\", recovery = 2 },",
    );
    assert_names(
        &e,
        &["[hq_recovery] us 9PzD", "not a US formation", "8.1.1"],
    );
    let e = error(
        "charts.toml",
        "  { formation = \"29ID\", recovery = 2 },\n",
        "",
    );
    assert_names(&e, &["[hq_recovery] us 29ID", "missing", "8.1.1"]);
}

#[test]
fn rule_5_3_1_stacking_limits_past_the_engines_stack_are_rejected() {
    let e = error("charts.toml", "combat_units = 3", "combat_units = 4");
    assert_names(
        &e,
        &["[stacking] combat_units", "combat_units 4", "1–3", "5.3.1"],
    );
    let e = error("charts.toml", "afv_units = 2", "afv_units = 4");
    assert_names(&e, &["[stacking] afv_units", "afv_units 4", "0–3"]);
    let e = error("charts.toml", "hqs = 1", "hqs = 2");
    assert_names(&e, &["[stacking] hqs", "hqs 2", "1–1", "3.3"]);
}

#[test]
fn rule_3_1_map_rows_past_99_are_rejected() {
    let e = error("map.toml", "rows = [10, 56]", "rows = [10, 100]");
    assert_names(&e, &["[map] rows", "[10, 100]"]);
}

// ------------------------------------------------------------------------- whole games

/// Plays `g` to the end, at random or by the doctrine.
fn play(g: &CrossingTheLine, seed: u64, scripted: bool) -> State {
    crate::registry::play_out(g, seed, scripted)
}

fn game(data: DataSet, scenario: &str) -> CrossingTheLine {
    CrossingTheLine::from_data(data, scenario).expect("the scenario builds")
}

#[test]
fn rule_6_3_1_first_blood_with_the_1st_id_at_any_activation_level_plays_to_the_end() {
    // 6.3.1: at 0 the 1st ID cannot activate; 6: the Ops Cycles end when no side can, so
    // the scenario ends at once (the German "Poor performance" level), with no decision.
    for level in 0..=5 {
        let to = FIRST_BLOOD_1ID.replace("= 5", &format!("= {level}"));
        let data = load(&[("scenarios.toml", FIRST_BLOOD_1ID, to.as_str())], false)
            .expect("a 1st ID at any level of its track loads");
        let g = game(data, "first-blood");
        for seed in 0..4 {
            for scripted in [false, true] {
                let s = play(&g, seed, scripted);
                let outcome = g.outcome(&s).expect("over");
                if level == 0 {
                    assert_eq!(s.activations, 0);
                    assert_eq!(outcome.winner, Some(1), "10.1: poor performance");
                }
                assert!(s.activations <= level, "6.3.1: one activation a level");
            }
        }
    }
}

/// Every value at the top of its accepted range, where a larger value could make a sum
/// overflow: printed values (3.2, 3.3), Activation Levels and recovery (6.3.1, 8.1), the
/// Terrain Bonus, support DRMs and divisors (7.5.1.2), replacements (8.4.1), the Initiative
/// track (6.1) and the quarter VPs of German losses (9).
fn largest() -> DataSet {
    let mut edits: Vec<(&str, String, String)> = Vec::new();
    let mut edit = |file: &'static str, from: String, to: String| edits.push((file, from, to));
    for ma in [3, 4, 5] {
        edit(
            "counters.toml",
            format!("\nma = {ma}\n"),
            "\nma = 9\n".into(),
        );
    }
    for ma in [6, 8, 10] {
        edit(
            "counters.toml",
            format!("\nma = {ma}\n"),
            "\nma = 11\n".into(),
        );
    }
    for n in 0..15 {
        edit(
            "counters.toml",
            format!("\nstrength = {n}\n"),
            "\nstrength = 15\n".into(),
        );
    }
    for a in 0..=15 {
        for b in 0..=15 {
            // Also rewrites anti_tank, which ends in "tank = [".
            edit(
                "counters.toml",
                format!("tank = [{a}, {b}]"),
                "tank = [15, 15]".into(),
            );
            edit(
                "counters.toml",
                format!("er = [{a}, {b}]"),
                "er = [7, 7]".into(),
            );
        }
    }
    for (field, top) in [
        ("reaction_rating", 10),
        ("command_range", 20),
        ("support", 15),
        ("relocation", 3),
        ("max_activation_level", 6),
        ("recovery_rating", 4),
    ] {
        for n in 0..top {
            edit(
                "counters.toml",
                format!("\n{field} = {n}\n"),
                format!("\n{field} = {top}\n"),
            );
        }
    }
    for n in 0..6 {
        edit(
            "scenarios.toml",
            format!("activation_level = {n}\n"),
            "activation_level = 6\n".into(),
        );
    }
    for q in [1, 2] {
        for kind in [
            "infantry",
            "mg",
            "bicycle",
            "recce",
            "tank",
            "tank_destroyer",
            "assault_gun",
        ] {
            edit(
                "scenarios.toml",
                format!(" {kind} = {q},"),
                format!(" {kind} = 34,"),
            );
            edit(
                "scenarios.toml",
                format!(" {kind} = {q} }}"),
                format!(" {kind} = 34 }}"),
            );
        }
        for kind in [
            "infantry_engineers",
            "motorized_infantry",
            "motorized_engineers",
            "armored_infantry",
            "armored_engineers",
        ] {
            edit(
                "scenarios.toml",
                format!(" {kind} = {q},"),
                format!(" {kind} = 34,"),
            );
        }
    }
    for n in 0..3 {
        edit(
            "charts.toml",
            format!("at_bonus = {n} }}"),
            "at_bonus = 15 }".into(),
        );
    }
    for (from, to) in [
        ("regular_attack = 1\n", "regular_attack = 9\n"),
        ("prepared_attack = 2\n", "prepared_attack = 9\n"),
        ("prepared_attack_other = 1\n", "prepared_attack_other = 9\n"),
        ("regular_defense = -1\n", "regular_defense = -9\n"),
        ("improved_defense = -2\n", "improved_defense = -9\n"),
        (
            "improved_defense_other = -1\n",
            "improved_defense_other = -9\n",
        ),
        ("hq_regular_divisor = 2\n", "hq_regular_divisor = 1\n"),
        ("recovery = 2 }", "recovery = 6 }"),
        ("[1, 0, 0],  # rating 1", "[6, 6, 6],  # rating 1"),
        ("[2, 1, 1],  # rating 2", "[6, 6, 6],  # rating 2"),
        ("[3, 2, 1],  # rating 3", "[6, 6, 6],  # rating 3"),
        ("[4, 3, 2],  # rating 4", "[6, 6, 6],  # rating 4"),
        ("\nmax = 10\n", "\nmax = 30\n"),
        ("\ninfantry = 2\n", "\ninfantry = 255\n"),
        ("\narmored_infantry = 2\n", "\narmored_infantry = 255\n"),
        ("\ntank = 3\n", "\ntank = 255\n"),
    ] {
        edit("charts.toml", from.into(), to.into());
    }
    let edits: Vec<(&str, &str, &str)> = edits
        .iter()
        .map(|(f, from, to)| (*f, from.as_str(), to.as_str()))
        .collect();
    load(&edits, true).unwrap_or_else(|e| panic!("the largest accepted values load: {e}"))
}

#[test]
fn the_largest_accepted_values_load_at_the_top_of_their_ranges() {
    let d = largest();
    assert!(d
        .counters
        .units
        .iter()
        .all(|u| u.strength == 15 && u.er == [7, 7]));
    assert!(d.counters.formations.iter().all(|f| f.support == 15));
    assert_eq!(d.charts.us_replacements.tank, 255);
    assert_eq!(d.charts.combat_drm.improved_defense, -9);
    let plan = d
        .scenario("campaign")
        .and_then(|s| s.victory_plan.as_ref())
        .expect("the Campaign's plan");
    assert!(plan.sp_loss_quarter_vp.values().all(|&q| q == 34));
}

#[test]
fn the_largest_accepted_values_play_the_stolberg_corridor_without_overflow() {
    let g = game(largest(), "stolberg-corridor");
    for (seed, scripted) in [(1, false), (2, false), (3, true)] {
        let s = play(&g, seed, scripted);
        assert!(g.outcome(&s).is_some());
    }
}

#[test]
fn the_largest_accepted_values_play_the_campaign_and_first_blood_without_overflow() {
    let g = game(largest(), "campaign");
    let s = play(&g, 7, false);
    assert!(g.outcome(&s).is_some());
    let g = game(largest(), "first-blood");
    for scripted in [false, true] {
        let s = play(&g, 5, scripted);
        assert!(g.outcome(&s).is_some());
    }
}

/// 8.3: "the US player draws one Victory Plan marker each turn" from turn 2: a Campaign cup of
/// six markers for the seven draws of turns 2-8 is refused on loading, in one line.
#[test]
fn rule_8_3_a_victory_plan_cup_smaller_than_its_draws_is_rejected() {
    let three = "    { name = \"dummy\" },\n    { name = \"dummy\" },\n    { name = \"dummy\" },\n";
    let e = error(
        "scenarios.toml",
        three,
        "    { name = \"dummy\" },\n    { name = \"dummy\" },\n",
    );
    assert_names(
        &e,
        &["victory_plan", "6 markers for the 7 draws of turns 2-8"],
    );
}

/// 10: a scenario's id is given once (a second would be silently shadowed by the first), and
/// every scenario sets up units.
#[test]
fn rule_10_a_scenario_given_twice_or_setting_up_no_unit_is_refused() {
    let e = error(
        "scenarios.toml",
        "id = \"stolberg-corridor\"",
        "id = \"first-blood\"",
    );
    assert_names(&e, &["scenario first-blood", "given twice"]);
    // First Blood with every [[scenarios.units]] block of its set-up taken out.
    let text = DATA_FILES
        .iter()
        .find(|(n, _)| *n == "scenarios.toml")
        .expect("a data file")
        .1;
    let (from, to) = (
        text.find("id = \"first-blood\"").expect("First Blood"),
        text.find("id = \"stolberg-corridor\"")
            .expect("the next scenario"),
    );
    let mut kept = Vec::new();
    let mut lines = text[from..to].lines();
    while let Some(line) = lines.next() {
        if line == "[[scenarios.units]]" {
            lines.next(); // unit
            lines.next(); // hex
        } else {
            kept.push(line);
            if line.starts_with("objectives = ") {
                kept.push("units = []");
            }
        }
    }
    let edited = format!("{}{}\n{}", &text[..from], kept.join("\n"), &text[to..]);
    let e = load(&[("scenarios.toml", text, edited.as_str())], false)
        .expect_err("no unit is set up")
        .to_string();
    assert_names(&e, &["scenario first-blood: units", "no unit is set up"]);
}

/// 10.2: a scenario's title and rule number are the rulebook's (trial 23a F1: the Stolberg
/// Corridor titled "Across the Wurm" was played and reported under that name).
#[test]
fn rule_10_2_a_scenarios_title_and_rule_number_are_the_rulebooks() {
    let e = error(
        "scenarios.toml",
        "name = \"The Stolberg Corridor\"",
        "name = \"Across the Wurm\"",
    );
    assert_names(
        &e,
        &[
            "scenario stolberg-corridor",
            "10.2 is \"The Stolberg Corridor\"",
        ],
    );
    let e = error("scenarios.toml", "rule = \"10.2\"", "rule = \"30ID\"");
    assert_names(&e, &["scenario stolberg-corridor", "rule = \"10.2\""]);
}

/// 8.4.2: the German Reorganization table has one row a reinforced type; a second row for
/// the same type would be silently ignored, so it is refused.
#[test]
fn rule_8_4_2_a_second_reorganization_row_for_one_type_is_refused() {
    let e = error(
        "charts.toml",
        "reinforced = \"bicycle_infantry\"",
        "reinforced = \"non_motorized_infantry\"",
    );
    assert_names(&e, &["german_reorganization", "row 2", "a second row"]);
}

/// 10.4: the Victory Plan's locations are checked when the data loads, whichever scenario is
/// played, naming the file as given.
#[test]
fn rule_10_4_a_victory_plan_hex_off_the_map_is_refused_on_loading() {
    for bad in ["9999", "28O6"] {
        let e = error(
            "scenarios.toml",
            "{ name = \"Aachen\", hexes = [\"2806\"] }",
            &format!("{{ name = \"Aachen\", hexes = [\"{bad}\"] }}"),
        );
        assert_names(
            &e,
            &[
                "/scenarios.toml",
                "scenario campaign: victory_plan location \"Aachen\"",
                bad,
            ],
        );
    }
}

/// 8.4.2: a misspelt unit type in the German Reorganization Table would match no unit and
/// switch its row off unseen; it is refused by name.
#[test]
fn rule_8_4_2_an_unknown_unit_type_in_the_reorganization_table_is_refused() {
    let e = error(
        "charts.toml",
        "{ cannibalized = [\"recce\"], reinforced = \"recce\" }",
        "{ cannibalized = [\"recce\"], reinforced = \"banana\" }",
    );
    assert_names(
        &e,
        &[
            "[german_reorganization] row 9",
            "unknown unit type 'banana'",
            "8.4.2",
        ],
    );
    let e = error(
        "charts.toml",
        "{ cannibalized = [\"machine_gun\"], reinforced",
        "{ cannibalized = [\"no_such_type\"], reinforced",
    );
    assert_names(&e, &["row 3", "unknown unit type 'no_such_type'"]);
}

/// The hexside costs the rules print are not reconstructions (trial 18a F4): 7.3.7's stream
/// and Roer, 7.5.2's dragon's teeth at zero tank points; a multiplier past 10 says so (F9).
#[test]
fn rule_7_3_7_7_5_2_the_printed_hexside_costs_are_checked() {
    let stream = "{ name = \"stream\", mp_leg = 1, mp_motorized = \"all\"";
    let e = error(
        "charts.toml",
        stream,
        &stream.replace("mp_leg = 1", "mp_leg = 0"),
    );
    assert_names(&e, &["hexside stream", "mp_leg is 1 in the rules (7.3.7)"]);
    let e = error("charts.toml", stream, &stream.replace("\"all\"", "1"));
    assert_names(&e, &["mp_motorized is \"all\" in the rules (7.3.7)"]);
    let roer = "{ name = \"roer\", mp_leg = \"prohibited\"";
    let e = error("charts.toml", roer, &roer.replace("\"prohibited\"", "1"));
    assert_names(
        &e,
        &[
            "hexside roer",
            "mp_leg is \"prohibited\" in the rules (7.3.7)",
        ],
    );
    let teeth = "combat_drm = -2, tank_multiplier = \"0\"";
    let e = error("charts.toml", teeth, &teeth.replace("\"0\"", "\"1\""));
    assert_names(
        &e,
        &[
            "hexside dragons_teeth",
            "tank_multiplier is \"0\" in the rules (7.5.2)",
        ],
    );
    let e = error("charts.toml", teeth, &teeth.replace("\"0\"", "\"255/1\""));
    assert_names(&e, &["multiplier 255/1 is over 10"]);
}
