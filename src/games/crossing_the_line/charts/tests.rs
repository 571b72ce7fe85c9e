//! The charts' rules, one test per rule case, named by rule number, against the embedded
//! charts (values quoted from `data/charts.toml` in the comments).

use super::*;

fn charts() -> Charts {
    Charts::embedded().expect("the embedded charts load")
}

fn clear(c: &Charts) -> TerrainLine {
    c.terrain_line(Terrain::Clear)
}

/// The embedded text with `from` replaced by `to`, loaded.
fn edited(from: &str, to: &str) -> Result<Charts, DataError> {
    assert!(CHARTS_TOML.contains(from), "{from}");
    Charts::from_toml(&CHARTS_TOML.replacen(from, to, 1), "test.toml")
}

#[test]
fn embedded_charts_load_and_label_reconstructions() {
    let c = charts();
    let rec: Vec<&str> = c.reconstructed_tables().iter().map(|t| t.0).collect();
    for t in [
        "crt",
        "terrain_effects",
        "combat_chits",
        "action_points",
        "interdiction",
    ] {
        assert!(rec.contains(&t), "{t} is reconstructed");
    }
    for t in ["combat_drm", "ap_costs", "us_replacements", "roads"] {
        assert!(!rec.contains(&t), "{t} is from the text");
    }
}

#[test]
fn rule_5_1_fractions_kept_until_the_side_is_summed_then_rounded_up() {
    // Two units of strength 3 at ×1/2: 3/2 + 3/2 = 3 (rounding each first would give 4).
    let half = Ratio { num: 1, den: 2 };
    assert_eq!(combat_strength([(3, half), (3, half)]), 3);
    // 3 × 2 + 5 × 1/2 = 8 1/2 → 9.
    assert_eq!(combat_strength([(3, Ratio::whole(2)), (5, half)]), 9);
    assert_eq!(combat_strength([]), 0);
}

#[test]
fn rule_7_5_1_odds_rounded_down_to_a_column() {
    let c = charts();
    let l = clear(&c);
    // Clear: 1:2, 1:1, 3:2, 2:1, 5:2, 3:1, ... 10 against 4 is 2.5 → 5:2 (index 4);
    // 9 against 4 is 2.25 → 2:1 (index 3).
    assert_eq!(c.odds_column(l, 10, 4), OddsColumn::Column(4));
    assert_eq!(c.odds_column(l, 9, 4), OddsColumn::Column(3));
    assert_eq!(c.odds_label(l, OddsColumn::Column(3)), "2:1");
    // Exactly 1:2 is the leftmost column.
    assert_eq!(c.odds_column(l, 3, 6), OddsColumn::Column(0));
}

#[test]
fn rule_7_5_1_above_rightmost_column_uses_rightmost() {
    let c = charts();
    let city = c.terrain_line(Terrain::City);
    // City: 2:1 ... 6:1 (6 columns); 30 against 1 reads 6:1.
    assert_eq!(c.odds_column(city, 30, 1), OddsColumn::Column(5));
    assert_eq!(c.odds_column(city, 30, 0), OddsColumn::Column(5));
    let far = c.combat_result(city, OddsColumn::Column(200), 5);
    assert_eq!(far, c.combat_result(city, OddsColumn::Column(5), 5));
}

#[test]
fn rule_7_5_1_below_leftmost_column_is_5_0() {
    let c = charts();
    let city = c.terrain_line(Terrain::City);
    // 3:2 is below the city line's leftmost 2:1; on clear it is a column.
    assert_eq!(c.odds_column(city, 3, 2), OddsColumn::BelowLeftmost);
    assert_eq!(c.odds_column(clear(&c), 3, 2), OddsColumn::Column(2));
    for die in 1..=20 {
        let r = c.combat_result(city, OddsColumn::BelowLeftmost, die);
        assert_eq!(r.to_string(), "5/0");
    }
    assert_eq!(c.resolve(city, 1, 5, 10, 19).to_string(), "5/0");
}

#[test]
fn rule_7_5_1_terrain_line_shifts_the_column_for_the_defender() {
    let c = charts();
    // 3:1 in clear is result column 5; in town (1:1 first) result column 4.
    let clear_r = c.resolve(clear(&c), 3, 1, 6, 0);
    let town_r = c.resolve(c.terrain_line(Terrain::Town), 3, 1, 6, 0);
    assert_eq!(clear_r.to_string(), "1/3r");
    assert_eq!(town_r.to_string(), "1/3");
}

#[test]
fn rule_7_5_1_2_die_clamped_to_1_20() {
    assert_eq!(modified_die(10, 15), 20);
    assert_eq!(modified_die(1, -5), 1);
    assert_eq!(modified_die(7, 3), 10);
    assert_eq!(modified_die(7, i32::MIN), 1);
    let c = charts();
    let l = clear(&c);
    // Die 20 and any higher total read row 20; any total below 1 reads row 1.
    assert_eq!(
        c.resolve(l, 1, 1, 10, 40),
        c.combat_result(l, OddsColumn::Column(1), 20)
    );
    assert_eq!(
        c.resolve(l, 1, 1, 1, -9),
        c.combat_result(l, OddsColumn::Column(1), 1)
    );
    assert_eq!(
        c.combat_result(l, OddsColumn::Column(1), 0),
        c.combat_result(l, OddsColumn::Column(1), 1)
    );
}

#[test]
fn rule_7_5_2_red_results_are_flagged_per_side() {
    let c = charts();
    // Clear 1:2, die 1: "4r/0" — the attacker's 4 is red.
    let r = c.combat_result(clear(&c), OddsColumn::Column(0), 1);
    assert_eq!(r.attacker, Hits { hits: 4, red: true });
    assert_eq!(
        r.defender,
        Hits {
            hits: 0,
            red: false
        }
    );
}

#[test]
fn rule_7_5_1_1_chit_multiplier_by_er_and_column() {
    let c = charts();
    // Chit "5": disrupted [1,1,1,1,1,2], normal [1,1,1,2,2,2], improved [1,2,2,2,2,3].
    assert_eq!(c.combat_multiplier(4, 5, ChitColumn::Normal), Some(2));
    assert_eq!(c.combat_multiplier(4, 5, ChitColumn::Disrupted), Some(1));
    assert_eq!(c.combat_multiplier(4, 7, ChitColumn::Improved), Some(3));
    assert_eq!(c.combat_multiplier(99, 5, ChitColumn::Normal), None);
    // Every multiplier is 1–3, and never worse for a better ER or a better column.
    for ch in c.chits() {
        for col in &ch.multipliers {
            assert!(col.iter().all(|m| (1..=3).contains(m)));
            assert!(col.windows(2).all(|w| w[0] <= w[1]));
        }
        for er in 0..6 {
            assert!(ch.multipliers[0][er] <= ch.multipliers[1][er]);
            assert!(ch.multipliers[1][er] <= ch.multipliers[2][er]);
        }
    }
}

#[test]
fn rule_7_5_1_2_d_tank_points_rounded_down_at_bonus_added() {
    let c = charts();
    // Town ×1/2: 5 → 2; city ×1/3: 7 → 2; across dragon's teeth: 0 (7.5.2).
    assert_eq!(c.attacker_tank_points(5, Terrain::Town, None), 2);
    assert_eq!(c.attacker_tank_points(7, Terrain::City, None), 2);
    assert_eq!(
        c.attacker_tank_points(9, Terrain::Clear, Some(Hexside::DragonsTeeth)),
        0
    );
    // A defender with 0 AT still gets the terrain bonus (pillbox +2).
    assert_eq!(c.defender_anti_tank(0, Terrain::PillboxInClear), 2);
}

#[test]
fn rule_7_5_1_2_c_hq_support_halved_rounded_up() {
    let c = charts();
    assert_eq!(hq_attack_support(5, c.combat_drm.hq_regular_divisor), 3);
    assert_eq!(hq_attack_support(5, c.combat_drm.hq_prepared_divisor), 5);
}

#[test]
fn rule_5_4_zoc_columns_of_the_tec() {
    let c = charts();
    for t in Terrain::ALL {
        let e = c.terrain(t);
        assert_eq!(
            e.zoc_infantry,
            !matches!(t, Terrain::City | Terrain::Industrial)
        );
        assert_eq!(
            e.zoc_afv,
            matches!(t, Terrain::Clear | Terrain::PillboxInClear)
        );
    }
}

#[test]
fn rule_7_3_7_stream_costs_leg_one_mp_motorized_entire_ma() {
    let c = charts();
    let s = c.hexside(Hexside::Stream);
    assert_eq!(s.mp_leg, HexsideMp::Extra(2)); // 1 MP in half-MPs
    assert_eq!(s.mp_motorized, HexsideMp::EntireMa);
    assert_eq!(c.road_half_mp(), 1); // 0.5 MP (3.1.1)
}

#[test]
fn rule_6_3_2_action_points_black_max_7_fal_0_cannot_activate() {
    let c = charts();
    assert_eq!(
        c.action_points(6, 10),
        Some(ActionPoints { black: 7, red: 4 })
    );
    assert_eq!(
        c.action_points(1, 1),
        Some(ActionPoints { black: 1, red: 1 })
    );
    assert_eq!(c.action_points(0, 5), None);
    assert_eq!(c.action_points(c.max_activation_level() + 1, 5), None);
    assert_eq!(c.action_points(3, 11), None);
    for fal in 1..=c.max_activation_level() {
        for die in 1..=10 {
            assert!(c.action_points(fal, die).is_some_and(|a| a.black <= 7));
        }
    }
    let err = edited("[1, 2, 2, 3, 4, 4],  # 1", "[1, 2, 2, 3, 4, 8],  # 1").unwrap_err();
    assert_eq!(err.table, "action_points", "{err}");
    assert!(err.to_string().contains("at most 7"), "{err}");
}

#[test]
fn rule_7_out_of_command_ap_costs_doubled() {
    let c = charts();
    assert_eq!(c.ap_cost(c.ap_costs.hasty_attack, false), 2);
    assert_eq!(c.ap_cost(c.ap_costs.prepared_attack, true), 3);
}

#[test]
fn rule_8_1_2_interdiction_levels_0_to_2_and_0_reads_10() {
    let c = charts();
    assert_eq!(c.interdiction_level(1), 0);
    assert_eq!(c.interdiction_level(0), c.interdiction_level(10));
    assert!((1..=10).all(|d| c.interdiction_level(d) <= 2));
    assert_eq!(c.german_recovery(3, 2), 1);
    assert_eq!(c.german_recovery(0, 0), 0);
    assert_eq!(c.us_recovery("1ID"), Some(2));
}

#[test]
fn rule_6_1_ties_go_to_the_us_and_interdiction_adds_to_the_us() {
    let m = InitiativeMarker::ZERO;
    assert_eq!(initiative_winner(5, 5, m, 0), Side::Us);
    assert_eq!(initiative_winner(5, 6, m, 0), Side::German);
    assert_eq!(initiative_winner(4, 6, m, 2), Side::Us);
    let g3 = InitiativeMarker {
        side: Some(Side::German),
        value: 3,
    };
    assert_eq!(initiative_winner(9, 7, g3, 0), Side::German);
}

#[test]
fn rule_6_1_marker_flips_to_the_reaction_side_at_2_else_plus_1() {
    let max = charts().initiative_drm_max;
    let g2 = InitiativeMarker::ZERO.after(Side::German, max);
    assert_eq!(
        g2,
        InitiativeMarker {
            side: Some(Side::German),
            value: 2
        }
    );
    let g3 = g2.after(Side::German, max);
    assert_eq!(g3.value, 3);
    assert_eq!(
        g3.after(Side::Us, max),
        InitiativeMarker {
            side: Some(Side::Us),
            value: 2
        }
    );
    let top = InitiativeMarker {
        side: Some(Side::Us),
        value: max,
    };
    assert_eq!(top.after(Side::Us, max).value, max);
    // 10: the scenario start shows +2 German.
    assert_eq!(scenario_start_marker(max), g2);
}

#[test]
fn bad_data_gives_one_line_naming_file_table_and_entry() {
    let err = edited("terrain_line = \"city\"", "terrain_line = \"swamp\"").unwrap_err();
    let line = err.to_string();
    assert!(
        line.starts_with("test.toml: [terrain_effects] terrain city:"),
        "{line}"
    );
    assert!(!line.contains('\n'));
    let err = edited("normal = [1, 1, 1, 2, 2, 2]", "normal = [1, 1, 1, 2, 2, 4]").unwrap_err();
    assert!(
        err.to_string().contains("[combat_chits] chit 5 normal"),
        "{err}"
    );
    let err = edited("\"1/3r\" , \"1/4r\" ],  # 1", "\"1/3r\" , \"x\" ],  # 1").unwrap_err();
    assert!(
        err.to_string()
            .contains("[crt] results row 1 (die 1) column 10"),
        "{err}"
    );
    let err = edited("levels = [0, 0, 0,", "levels = [0, 0, 3,").unwrap_err();
    assert_eq!(err.table, "interdiction");
    let err = edited(
        "{ name = \"city\", odds = [\"2:1\", \"5:2\"",
        "{ name = \"city\", odds = [\"5:2\", \"2:1\"",
    )
    .unwrap_err();
    assert!(err.to_string().contains("do not increase"), "{err}");
    let err = edited(
        "source = \"reconstructed\"\nbasis = \"rule 8.1.2",
        "source = \"reconstructed\"\nbasis2 = \"rule 8.1.2",
    )
    .unwrap_err();
    assert_eq!(err.table, "interdiction", "{err}");
}

/// 8.4.2: "Each Strength Point removed becomes an RP as indicated on the German Unit
/// Reorganization table on General Chart B." Every row of the table as the rulebook prints it:
/// each infantry-type unit rebuilds its own type; bicycle, machine-gun and non-motorised
/// engineer units also Non Motorized Infantry; motorised engineers also Motorized Infantry;
/// armoured engineers also Armored Infantry; nothing else ("HQ and Support Type units can
/// never be reorganized").
#[test]
fn rule_8_4_2_the_german_unit_reorganization_table_row_by_row() {
    use std::collections::BTreeSet;
    let c = charts();
    // (cannibalised type, every type its RPs may rebuild), as the rulebook's table reads.
    let table: [(&str, &[&str]); 9] = [
        ("non_motorized_infantry", &["non_motorized_infantry"]),
        (
            "bicycle_infantry",
            &["non_motorized_infantry", "bicycle_infantry"],
        ),
        ("machine_gun", &["non_motorized_infantry", "machine_gun"]),
        (
            "non_motorized_engineers",
            &["non_motorized_infantry", "non_motorized_engineers"],
        ),
        ("motorized_infantry", &["motorized_infantry"]),
        (
            "motorized_engineers",
            &["motorized_infantry", "motorized_engineers"],
        ),
        ("armored_infantry", &["armored_infantry"]),
        (
            "armored_engineers",
            &["armored_infantry", "armored_engineers"],
        ),
        ("recce", &["recce"]),
    ];
    let rebuilds = |from: &str| -> BTreeSet<&str> {
        c.german_reorganization
            .iter()
            .filter(|(sources, _)| sources.iter().any(|x| x == from))
            .map(|(_, target)| target.as_str())
            .collect()
    };
    for (from, to) in table {
        let want: BTreeSet<&str> = to.iter().copied().collect();
        assert_eq!(rebuilds(from), want, "RPs of a cannibalised {from}");
    }
    // No other type is cannibalised or rebuilt.
    let types: BTreeSet<&str> = table.iter().map(|&(t, _)| t).collect();
    for (sources, target) in &c.german_reorganization {
        assert!(types.contains(target.as_str()), "{target} rebuilt");
        for x in sources {
            assert!(types.contains(x.as_str()), "{x} cannibalised");
        }
    }
}

/// 8.4.2: a row of the German Unit Reorganization table names the types cannibalized for its
/// reinforced type: none, or one twice, is a slip; a chit's id, which the log names, is not
/// blank (trial 16a F4).
#[test]
fn rule_8_4_2_a_reorganization_row_of_no_type_or_a_type_twice_is_refused() {
    let from = "{ cannibalized = [\"bicycle_infantry\"], reinforced = \"bicycle_infantry\" }";
    for (to, why) in [
        ("{ cannibalized = [], reinforced = \"bicycle_infantry\" }", "names no unit type"),
        (
            "{ cannibalized = [\"bicycle_infantry\", \"bicycle_infantry\"], reinforced = \"bicycle_infantry\" }",
            "listed twice",
        ),
    ] {
        let e = edited(from, to).expect_err("refused").to_string();
        assert!(e.contains("[german_reorganization] row 2") && e.contains(why), "{e}");
    }
    let e = edited("{ id = \"2\", count", "{ id = \" \", count")
        .expect_err("refused")
        .to_string();
    assert!(e.contains("[combat_chits]") && e.contains("empty"), "{e}");
}
