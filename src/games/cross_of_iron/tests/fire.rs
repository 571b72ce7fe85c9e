//! The Infantry Fire Table and its Cross of Iron modifiers.

use super::*;
use crate::games::cross_of_iron::board::NO_HEX;
use crate::games::cross_of_iron::fire::FireResult;

/// Fires `firer` at `at` with a raw roll of `raw` and returns the state after the IFT result
/// (morale checks not yet rolled).
fn fire(g: &CrossOfIron, s: &mut State, firer: usize, at: &str, sustained: bool, raw: u8) {
    g.open_fire(s, firer, hex(g, at), sustained);
    g.resolve_fire(s, raw);
}

#[test]
fn ift_anchors_92_8_and_101_852_hold_on_the_reconstructed_table() {
    let g = game();
    let col = |fp: u8| g.rules().ift.iter().position(|c| c.fp == fp).unwrap() as u8;
    // 92.8: the 8 column: a final 3 is KIA, 5 a 2MC, 7 a 1MC.
    assert_eq!(g.fire_result(col(8), 3), FireResult::Kia);
    assert_eq!(g.fire_result(col(8), 5), FireResult::Mc(2));
    assert_eq!(g.fire_result(col(8), 7), FireResult::Mc(1));
    // 101.852: the 4 column: a final 4 is a 1MC.
    assert_eq!(g.fire_result(col(4), 4), FireResult::Mc(1));
    // 63.2, 100.5: 50mm HE on the 6 column and 120mm on the 24 column exist on the table.
    assert!(g.rules().ift.iter().any(|c| c.fp == 6) && g.rules().ift.iter().any(|c| c.fp == 24));
}

#[test]
fn ift_column_is_the_largest_not_above_the_firepower() {
    let g = game();
    let fp = |half: u16| g.rules().ift[g.column(half).unwrap() as usize].fp;
    assert_eq!(fp(2 * 4), 4);
    assert_eq!(fp(2 * 5), 4);
    assert_eq!(fp(2 * 7), 6);
    assert_eq!(fp(2 * 40), 36);
    assert_eq!(g.column(1), None);
}

#[test]
fn sl_point_blank_doubles_and_long_range_halves_firepower() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "1st Squad", "C4", 0);
    place(&g, &mut s, "1st Section", "D4", 3);
    assert_eq!(
        g.firepower(&s, sq, hex(&g, "D4")).0,
        16,
        "4 FP x2 at point blank, in halves"
    );
    s.units[unit(&g, "1st Section")].hex = hex(&g, "K4");
    g.refresh(&mut s);
    assert_eq!(
        g.firepower(&s, sq, hex(&g, "K4")).0,
        4,
        "range 8 of normal 6: half"
    );
}

#[test]
fn rule_64_44_fire_at_an_exposed_crew_adds_2_and_a_failed_check_buttons_up_and_stuns() {
    let g = game();
    let mut s = empty(&g, Phase::DefensiveFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "C4", 0);
    let t34 = place(&g, &mut s, "Tank 1", "D4", 3);
    assert!(
        g.target_hexes(&s, 0) >> hex(&g, "D4") & 1 == 0,
        "a buttoned AFV is no IFT target"
    );
    s.units[t34].flags |= flag::CE;
    assert_eq!(g.target_drm(&s, hex(&g, "C4"), t34), 2);
    fire(&g, &mut s, sq, "D4", false, 2);
    assert!(
        s.units[t34].has(flag::MC_DUE),
        "2 + 2 on the 8 column: a morale check for the crew"
    );
    g.resolve_morale(&mut s, 12);
    let t = s.units[t34];
    assert!(t.has(flag::FORCED_BU) && !t.has(flag::CE) && t.stunned_until == s.player_turn + 1);
    assert!(t.in_play(), "KIA against a crew does not destroy the AFV");
}

#[test]
fn rule_63_5_a_gun_shield_adds_2_only_through_the_covered_arc() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let gun = place(&g, &mut s, "45mm gun", "F4", 3);
    assert_eq!(
        g.target_drm(&s, hex(&g, "E4"), gun) - g.rules().tem(hex(&g, "F4")),
        2,
        "fired on from the west, its front"
    );
    assert_eq!(
        g.target_drm(&s, hex(&g, "G4"), gun) - g.rules().tem(hex(&g, "F4")),
        0,
        "from the east, its rear"
    );
}

#[test]
fn rule_91_fire_up_to_higher_ground_adds_1() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let t = place(&g, &mut s, "1st Section", "F3", 3); // level 1
    let low = g.target_drm(&s, hex(&g, "C3"), t);
    let level = g.target_drm(&s, hex(&g, "G3"), t);
    assert_eq!(low - level, 1);
}

/// 91.1: fire up to higher ground adds 1, but an overrun (72) is made in the target's own
/// hex. A Panzer 2 drives up from a lower hex into the Russian section on the hill at F3:
/// every IFT roll does what the section's own hex modifiers say (no +1), and the +1 would
/// have changed some roll's result.
#[test]
fn rule_91_1_an_overrun_up_a_hill_adds_no_height_modifier() {
    let g = game();
    let board = &g.rules().board;
    let f3 = hex(&g, "F3");
    let below = board.neighbour[f3 as usize]
        .into_iter()
        .find(|&n| n != NO_HEX && board.level[n as usize] < board.level[f3 as usize])
        .expect("a lower hex beside F3");
    let outcome = |raw: u8| {
        let mut s = empty(&g, Phase::Movement, 0);
        let pz = place(&g, &mut s, "Panzer 2", "A5", board.direction(below, f3));
        s.units[pz].hex = below;
        let t = place(&g, &mut s, "1st Section", "F3", 3);
        g.refresh(&mut s);
        move_to(&g, &mut s, pz, f3);
        g.overrun(&mut s, pz);
        let Pending::Fire { column, drm, .. } = s.pending else {
            panic!("an overrun attack: {:?}", s.pending)
        };
        let own = drm + g.target_drm(&s, f3, t);
        g.resolve_fire(&mut s, raw);
        let u = s.units[t];
        let got = (u.in_play(), u.has(flag::MC_DUE), u.mc_drm);
        let by = |roll: i8| match g.fire_result(column, roll) {
            FireResult::Kia => (false, false, 0),
            FireResult::Mc(k) => (true, true, k),
            FireResult::NoEffect => (true, false, 0),
        };
        (got, by(raw as i8 + own), by(raw as i8 + own + 1))
    };
    for raw in 2..=12 {
        let (got, level, uphill) = outcome(raw);
        assert_eq!(
            got, level,
            "raw {raw}: {uphill:?} would be fire up the hill"
        );
    }
    assert!((2..=12).any(|raw| {
        let (_, level, uphill) = outcome(raw);
        level != uphill
    }));
}

#[test]
fn rule_73_5_double_time_through_woods_is_fired_on_at_minus_1_and_in_the_open_at_minus_2() {
    let g = game();
    let mut s = empty(&g, Phase::DefensiveFire, 0);
    let t = place(&g, &mut s, "1st Squad", "E4", 0); // woods
    let from = hex(&g, "H4");
    let still = g.target_drm(&s, from, t);
    s.units[t].flags |= flag::MOVED | flag::DOUBLE_TIME;
    assert_eq!(g.target_drm(&s, from, t), still - 1);
    s.units[t].hex = hex(&g, "D4"); // open
    g.refresh(&mut s);
    assert_eq!(g.target_drm(&s, from, t), g.rules().tem(hex(&g, "D4")) - 2);
}

#[test]
fn rule_95_sustained_fire_is_one_column_right_with_b_minus_2_and_not_after_moving() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "2nd Squad", "A5", 0); // MMG
    place(&g, &mut s, "1st Section", "D5", 3);
    let mut plain = Vec::new();
    g.fire_actions(&s, sq, g.target_hexes(&s, g.def(sq).side), &mut plain);
    assert!(plain.contains(&crate::games::cross_of_iron::Action::Fire {
        hex: hex(&g, "D5"),
        sustained: true
    }));
    let mut t = s;
    g.open_fire(&mut t, sq, hex(&g, "D5"), false);
    let mut u = s;
    g.open_fire(&mut u, sq, hex(&g, "D5"), true);
    let (
        Pending::Fire {
            column: c0,
            breakdown: b0,
            ..
        },
        Pending::Fire {
            column: c1,
            breakdown: b1,
            ..
        },
    ) = (t.pending, u.pending)
    else {
        panic!()
    };
    assert_eq!((c1, b1), (c0 + 1, b0 - 2));
    s.phase = Phase::AdvancingFire;
    s.units[sq].flags |= flag::MOVED;
    let mut moved = Vec::new();
    g.fire_actions(&s, sq, g.target_hexes(&s, g.def(sq).side), &mut moved);
    assert!(moved.iter().all(|a| !matches!(
        a,
        crate::games::cross_of_iron::Action::Fire {
            sustained: true,
            ..
        }
    )));
}

#[test]
fn rule_63_18_a_roll_at_the_support_weapons_b_number_malfunctions_it() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "2nd Squad", "C4", 0);
    place(&g, &mut s, "1st Section", "F4", 3);
    let mut t = s;
    fire(&g, &mut t, sq, "F4", false, 11);
    assert!(!t.units[sq].has(flag::SW_BROKEN));
    g.open_fire(&mut s, sq, hex(&g, "F4"), false);
    let aimed = s;
    g.resolve_fire(&mut s, 12);
    assert!(s.units[sq].has(flag::SW_BROKEN));
    // The log names the malfunction and why, not every marker the squad has (trial 21f F8).
    let told = crate::engine::Game::narrate(
        &g,
        &aimed,
        crate::games::cross_of_iron::Action::Roll(12),
        &s,
    )
    .unwrap();
    assert!(
        told.contains("2nd Squad support weapon malfunctions: the roll reached its breakdown")
            && !told.contains("prep fired"),
        "{told}"
    );
    // "of this number or higher": the Russian LMG (B10) breaks down on 10, 11 and 12, not 9.
    let mut s = empty(&g, Phase::PrepFire, 1);
    let lmg = place(&g, &mut s, "3rd Section", "F4", 3);
    place(&g, &mut s, "1st Squad", "C4", 0);
    for (raw, broken) in [(9, false), (10, true), (11, true), (12, true)] {
        let mut t = s;
        fire(&g, &mut t, lmg, "C4", false, raw);
        assert_eq!(t.units[lmg].has(flag::SW_BROKEN), broken, "raw {raw}");
    }
}

#[test]
fn rule_94_3_an_inexperienced_squads_weapon_breaks_down_one_lower() {
    let g = edited("scenario.toml", |t| {
        t.replace("inexperienced = false", "inexperienced = true")
    })
    .unwrap();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let sq = place(&g, &mut s, "3rd Section", "F4", 3); // Russian LMG B10
    place(&g, &mut s, "1st Squad", "C4", 0);
    assert_eq!(g.firepower(&s, sq, hex(&g, "C4")).1, 9);
}

#[test]
fn rule_96_6_a_broken_unit_failing_a_morale_check_is_eliminated() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let t = place(&g, &mut s, "1st Section", "F4", 3);
    s.mark_due(t, flag::MC_DUE);
    g.resolve_morale(&mut s, 12);
    assert!(s.units[t].has(flag::BROKEN) && s.units[t].in_play());
    s.mark_due(t, flag::MC_DUE);
    g.resolve_morale(&mut s, 12);
    assert!(!s.units[t].in_play());
}

/// A leader who breaks makes the good-order units in his hex check morale, and his roll's
/// line says so (trial 18b F3: the next check came unexplained).
#[test]
fn sl_a_leader_breaking_makes_his_hex_check_and_says_so() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "C4", 0);
    let hahn = place(&g, &mut s, "Lt. Hahn", "C4", 0);
    s.mark_due(hahn, flag::MC_DUE);
    s.pending = Pending::Morale;
    let before = s;
    g.resolve_morale(&mut s, 12);
    assert!(s.units[hahn].has(flag::BROKEN) && s.units[sq].has(flag::MC_DUE));
    let told = g
        .narrate_step(&before, crate::games::cross_of_iron::Action::Roll(12), &s)
        .unwrap();
    assert!(
        told.contains("a leader broke, so the good-order units in his hex must check morale too"),
        "{told}"
    );
    assert!(told.contains(&g.label(sq)), "{told}");
}

#[test]
fn sl_morale_check_passes_at_morale_with_the_leaders_modifier() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "C4", 0);
    place(&g, &mut s, "Lt. Hahn", "C4", 0); // 8-1
    s.mark_due(sq, flag::MC_DUE);
    s.units[sq].mc_drm = 1;
    // The line gives each term (trial 19b F3).
    let mut told = s;
    told.pending = Pending::Morale;
    let mut after = told;
    g.resolve_morale(&mut after, 7);
    let line = g
        .narrate_step(&told, crate::games::cross_of_iron::Action::Roll(7), &after)
        .unwrap();
    assert!(
        line.contains(
            "rolled 7 +1 (1MC) -1 (the best leader in its hex) = 7 against morale 7: passes"
        ),
        "{line}"
    );
    g.resolve_morale(&mut s, 7); // 7 + 1 - 1 = 7: passes morale 7
    assert!(!s.units[sq].has(flag::BROKEN));
    s.mark_due(sq, flag::MC_DUE);
    g.resolve_morale(&mut s, 8);
    assert!(s.units[sq].has(flag::BROKEN));
}

#[test]
fn sl_a_leader_breaking_makes_his_stack_check() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "C4", 0);
    let lt = place(&g, &mut s, "Lt. Hahn", "C4", 0);
    s.mark_due(lt, flag::MC_DUE);
    g.resolve_morale(&mut s, 12);
    assert!(s.units[lt].has(flag::BROKEN) && s.units[sq].has(flag::MC_DUE));
}

#[test]
fn rule_93_losses_of_40_percent_cost_a_morale_level() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "1st Squad", "C4", 0);
    let before = g.morale(&s, sq);
    s.lost_points[0] = (g.rules().infantry_points[0] * 2).div_ceil(5);
    assert_eq!(g.morale(&s, sq), before - 1);
    let off = edited("scenario.toml", |t| {
        t.replace(
            "battlefield_integrity = true",
            "battlefield_integrity = false",
        )
    })
    .unwrap();
    assert_eq!(off.morale(&s, sq), before, "93 switched off");
}

#[test]
fn rule_64_4_bow_mg_in_hull_arc_to_8_coax_in_turret_arc_to_12_halved_after_moving() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 1", "A4", 0);
    place(&g, &mut s, "1st Section", "E4", 3);
    assert_eq!(
        g.firepower(&s, pz, hex(&g, "E4")).0,
        8,
        "bow 2 + coax 2, in halves"
    );
    s.units[pz].turret = 3; // turret turned away: bow only
    assert_eq!(g.firepower(&s, pz, hex(&g, "E4")).0, 4);
    s.units[pz].hull = 3;
    assert_eq!(g.firepower(&s, pz, hex(&g, "E4")).0, 0, "neither bears");
    s.units[pz].hull = 0;
    s.units[pz].turret = 0;
    s.units[unit(&g, "1st Section")].hex = hex(&g, "K4"); // range 10: coax only
    g.refresh(&mut s);
    assert_eq!(g.firepower(&s, pz, hex(&g, "K4")).0, 4);
    s.phase = Phase::AdvancingFire;
    s.units[pz].flags |= flag::MOVED;
    assert_eq!(g.firepower(&s, pz, hex(&g, "K4")).0, 2);
}

/// SL 9.1 read for 64.4 (`afv_mg_point_blank`): an AFV's MGs at an adjacent hex are doubled
/// as any IFT fire is, and the fire's line gives each term (trial 22g F2: "2 FP" with the
/// moving halving unseen and no point blank).
#[test]
fn rule_64_4_sl_9_1_afv_mgs_fire_point_blank_and_the_line_gives_the_terms() {
    use crate::engine::Game;
    let g = game();
    let mut s = empty(&g, Phase::AdvancingFire, 0);
    let pz = place(&g, &mut s, "Panzer 1", "A4", 0);
    place(&g, &mut s, "1st Section", "B4", 3);
    let b4 = hex(&g, "B4");
    assert_eq!(
        g.firepower(&s, pz, b4).0,
        16,
        "(bow 2 + coax 2) ×2, in halves"
    );
    s.units[pz].flags |= flag::MOVED;
    assert_eq!(g.firepower(&s, pz, b4).0, 8, "×½ moved");
    s.cursor = pz as u8;
    let option = g.describe(
        &s,
        crate::games::cross_of_iron::Action::Fire {
            hex: b4,
            sustained: false,
        },
    );
    assert!(
        option.contains(
            "range 1: MGs (bow 2 + coaxial 2) 4 ×2 point blank ×½ moved (Advancing Fire) = 4 FP"
        ),
        "{option}"
    );
    let off = edited("charts.toml", |t| {
        t.replace("afv_mg_point_blank = true", "afv_mg_point_blank = false")
    })
    .unwrap();
    assert_eq!(off.firepower(&s, pz, b4).0, 4, "not doubled: ×½ moved only");
}

#[test]
fn rule_91_and_95_switched_off_leave_no_height_modifier_and_no_sustained_fire() {
    let g = edited("scenario.toml", |t| {
        t.replace("infantry_height = true", "infantry_height = false")
            .replace("sustained_fire = true", "sustained_fire = false")
    })
    .unwrap();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let t = place(&g, &mut s, "1st Section", "F3", 3);
    assert_eq!(
        g.target_drm(&s, hex(&g, "C3"), t),
        g.target_drm(&s, hex(&g, "G3"), t)
    );
    let sq = place(&g, &mut s, "2nd Squad", "A5", 0);
    s.units[t].hex = hex(&g, "D5");
    g.refresh(&mut s);
    let mut list = Vec::new();
    g.fire_actions(&s, sq, g.target_hexes(&s, g.def(sq).side), &mut list);
    assert!(
        !list.is_empty()
            && list.iter().all(|a| !matches!(
                a,
                crate::games::cross_of_iron::Action::Fire {
                    sustained: true,
                    ..
                }
            ))
    );
}

#[test]
fn sl_a_morale_check_is_told_with_its_total_and_whether_it_passed() {
    use crate::engine::Game;
    use crate::games::cross_of_iron::Action;
    let g = game();
    let mut s = empty(&g, Phase::DefensiveFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    s.mark_due(sq, flag::MC_DUE);
    s.units[sq].mc_drm = 1;
    s.pending = Pending::Morale;
    let told = |raw: u8| {
        let mut after = s;
        g.apply(&mut after, Action::Roll(raw));
        (g.narrate(&s, Action::Roll(raw), &after).unwrap(), after)
    };
    let (text, after) = told(6);
    assert!(
        text.contains("rolled 6 +1 (1MC) = 7 against morale 7: passes"),
        "{text}"
    );
    assert!(!after.units[sq].has(flag::BROKEN));
    let (text, after) = told(7);
    assert!(
        text.contains("rolled 7 +1 (1MC) = 8 against morale 7: fails"),
        "{text}"
    );
    assert!(text.ends_with("1st Squad breaks"), "{text}");
    assert!(after.units[sq].has(flag::BROKEN));
}

/// SL's range effects on firepower: doubled point blank, halved at long range. A fire's line
/// gives each term before the column, as the fire adds them (trial 21f F3: "16 FP" alone).
#[test]
fn sl_8_a_fires_line_gives_each_firepower_term_before_the_column() {
    use crate::engine::Game;
    use crate::games::cross_of_iron::Action;
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "1st Squad", "E5", 0);
    place(&g, &mut s, "1st Section", "F5", 3);
    s.cursor = sq as u8;
    let fire = |s: &State, h: &str| {
        g.describe(
            s,
            Action::Fire {
                hex: hex(&g, h),
                sustained: false,
            },
        )
    };
    let m = g.rules().data.charts.fire.point_blank_multiplier;
    let face = g.def(sq).face.clone();
    let fp = g.def(sq).fp;
    let text = fire(&s, "F5");
    let (half, _) = g.firepower(&s, sq, hex(&g, "F5"));
    assert!(
        text.contains(&format!("{face} {fp} ×{m} point blank"))
            && text.contains(&format!("= {} FP → the ", half as f32 / 2.0)),
        "{text}"
    );
}
