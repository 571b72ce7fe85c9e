//! Ordnance fire: TO HIT modifiers (64, 69, 70, 76), the KILL chain (64.3, 66, 67, 68).

use super::*;
use crate::games::cross_of_iron::gunnery::Facing;
use crate::games::cross_of_iron::Action;

/// A German Panzer at A4 facing east and a T-34 at `at` facing west, in Prep Fire.
fn duel(g: &CrossOfIron, at: &str) -> (State, usize, usize) {
    let mut s = empty(g, Phase::PrepFire, 0);
    let pz = place(g, &mut s, "Panzer 2", "A5", 0);
    let t34 = place(g, &mut s, "Tank 1", at, 3);
    (s, pz, t34)
}

#[test]
fn rule_64_47_a_buttoned_up_tank_adds_1_to_hit() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    let buttoned = g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1;
    s.units[pz].flags |= flag::CE;
    assert_eq!(g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1, buttoned - 1);
}

#[test]
fn rule_64_1_firing_outside_the_turret_arc_turns_the_turret_case_a() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    let ahead = g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1;
    s.units[pz].turret = 3;
    let behind = g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1;
    assert_eq!(behind - ahead, g.rules().data.charts.to_hit.turret_turn_drm);
    g.open_gun_fire(&mut s, pz, t34 as u8, false, false);
    assert_eq!(s.units[pz].turret, 0, "the turret now faces the target");
    assert_eq!(s.units[pz].hull, 0, "the hull does not turn");
}

#[test]
fn rule_64_1_a_turretless_sp_gun_turns_its_hull_to_fire_outside_its_arc() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let stug = place(&g, &mut s, "StuG", "A5", 3);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    s.units[stug].flags |= flag::CE;
    let drm = g.to_hit(&s, stug, hex(&g, "E5"), Some(t34)).1;
    s.units[stug].hull = 0;
    s.units[stug].turret = 0;
    assert_eq!(
        drm - g.to_hit(&s, stug, hex(&g, "E5"), Some(t34)).1,
        g.rules().data.charts.to_hit.hull_turn_drm
    );
}

#[test]
fn rule_64_21_an_l_gun_gets_minus_1_at_13_hexes_or_more() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "L5");
    let at_11 = g.to_hit(&s, pz, hex(&g, "L5"), Some(t34)).1;
    s.units[pz].hex = hex(&g, "A2");
    s.units[t34].hex = hex(&g, "L8");
    g.refresh(&mut s);
    let far = g.rules().board.distance(hex(&g, "A2"), hex(&g, "L8"));
    assert!(far >= 13, "range {far}");
    s.units[pz].hull = g.rules().board.direction(hex(&g, "A2"), hex(&g, "L8"));
    s.units[pz].turret = s.units[pz].hull;
    assert_eq!(g.to_hit(&s, pz, hex(&g, "L8"), Some(t34)).1, at_11 - 1);
}

#[test]
fn rule_64_6_a_white_front_target_adds_1() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let stug = place(&g, &mut s, "StuG", "A6", 0);
    let (_, at_pz) = g.to_hit(&s, t34, hex(&g, "A5"), Some(pz));
    s.units[pz].flags = flag::GONE;
    g.refresh(&mut s);
    let (_, at_stug) = g.to_hit(&s, t34, hex(&g, "A6"), Some(stug));
    assert_eq!(at_stug - at_pz, 1);
}

#[test]
fn rule_69_1_acquisition_minus_1_then_minus_2_lost_on_moving_or_switching() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    let fire_phase = |s: &mut State, phase: Phase| {
        s.phase = phase;
        s.units[pz].shots = 0;
        s.units[pz].flags &= !flag::FIRED;
        g.open_gun_fire(s, pz, t34 as u8, false, false);
        s.pending = Pending::None;
    };
    let base = g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1;
    fire_phase(&mut s, Phase::PrepFire);
    assert_eq!(
        g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1,
        base,
        "acquired, level 0 until the next phase"
    );
    fire_phase(&mut s, Phase::DefensiveFire);
    s.phase = Phase::PrepFire;
    assert_eq!(g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1, base - 1);
    fire_phase(&mut s, Phase::AdvancingFire);
    s.phase = Phase::PrepFire;
    assert_eq!(g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1, base - 2);
    fire_phase(&mut s, Phase::DefensiveFire);
    s.phase = Phase::PrepFire;
    assert_eq!(
        g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1,
        base - 2,
        "at most -2"
    );
    move_to(&g, &mut s, pz, hex(&g, "B5"));
    s.pending = Pending::None;
    s.units[pz].hex = hex(&g, "A5");
    s.units[pz].flags &= !flag::MOVED;
    g.refresh(&mut s);
    assert_eq!(
        g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1,
        base,
        "moving loses it"
    );
}

#[test]
fn rule_70_intensive_fire_is_one_more_shot_at_plus_2_never_in_advancing_fire() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    let mut list = Vec::new();
    g.gun_actions(&s, pz, g.target_hexes(&s, g.def(pz).side), &mut list);
    assert!(list.contains(&Action::Shoot {
        target: t34 as u8,
        intensive: false
    }));
    s.units[pz].shots = 1; // the PzKw IV F2's ROF 1 used (70.1)
    list.clear();
    g.gun_actions(&s, pz, g.target_hexes(&s, g.def(pz).side), &mut list);
    assert!(list.contains(&Action::Shoot {
        target: t34 as u8,
        intensive: true
    }));
    assert!(!list.contains(&Action::Shoot {
        target: t34 as u8,
        intensive: false
    }));
    s.phase = Phase::AdvancingFire;
    list.clear();
    g.gun_actions(&s, pz, g.target_hexes(&s, g.def(pz).side), &mut list);
    assert!(list.is_empty());
    // 70.5: the B12 gun breaks down on 10 or more under Intensive Fire.
    let shot = g.shot(pz, 9, 0, true);
    assert_eq!((shot.breakdown_number(), shot.total_drm()), (10, 2));
}

#[test]
fn rule_64_3_front_armour_faces_the_firer_side_armour_otherwise() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    let k = g.kill_roll(&s, pz, t34, false);
    assert_eq!((k.facing, k.armor_modifier), (Facing::Front, 2));
    s.units[t34].hull = 0; // facing away
    let k = g.kill_roll(&s, pz, t34, false);
    assert_eq!((k.facing, k.armor_modifier), (Facing::SideOrRear, 1));
}

#[test]
fn rule_68_a_to_hit_roll_of_2_waits_for_the_critical_hit_die() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    g.open_gun_fire(&mut s, pz, t34 as u8, false, false);
    g.resolve_to_hit(&mut s, 2, None);
    assert!(matches!(s.pending, Pending::Critical(_)));
    g.resolve_to_hit(&mut s, 2, Some(1));
    assert_eq!(
        s.pending,
        Pending::Kill {
            firer: pz as u8,
            target: t34 as u8,
            critical: true
        }
    );
    let mut t = duel(&g, "E5").0;
    g.open_gun_fire(&mut t, pz, t34 as u8, false, false);
    g.resolve_to_hit(&mut t, 3, None);
    assert_eq!(
        t.pending,
        Pending::Kill {
            firer: pz as u8,
            target: t34 as u8,
            critical: false
        }
    );
}

#[test]
fn rule_66_1_a_side_hit_at_exactly_the_kill_number_waits_for_the_immobilization_die() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    s.units[t34].hull = 0; // side/rear armour +1
    let k = g.kill_roll(&s, pz, t34, false);
    let exact = (k.kill_number - k.armor_modifier) as u8;
    s.pending = Pending::Kill {
        firer: pz as u8,
        target: t34 as u8,
        critical: false,
    };
    g.resolve_kill(&mut s, exact, None);
    assert!(matches!(s.pending, Pending::Immobilization { .. }));
    g.resolve_kill(&mut s, exact, Some(5));
    assert!(
        s.units[t34].has(flag::IMMOBILIZED) && s.units[t34].in_play(),
        "4-6 immobilises"
    );
    s.units[t34].flags = 0;
    g.refresh(&mut s);
    s.pending = Pending::Kill {
        firer: pz as u8,
        target: t34 as u8,
        critical: false,
    };
    g.resolve_kill(&mut s, exact, None);
    g.resolve_kill(&mut s, exact, Some(2));
    assert!(!s.units[t34].in_play(), "1-3 kills");
}

#[test]
fn rule_67_1_a_kill_roll_at_most_half_the_kill_number_burns() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    s.pending = Pending::Kill {
        firer: pz as u8,
        target: t34 as u8,
        critical: false,
    };
    g.resolve_kill(&mut s, 2, None); // 2 + 2 = 4 <= 13 / 2
    assert!(s.units[t34].has(flag::BURNING) && !s.units[t34].in_play());
}

#[test]
fn rule_76_an_armour_leader_modifies_to_hit_until_lost() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let lead = place(&g, &mut s, "Panzer 1", "A5", 0); // armour leader -1
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let with = g.to_hit(&s, lead, hex(&g, "E5"), Some(t34)).1;
    s.units[lead].flags |= flag::LEADER_LOST;
    assert_eq!(g.to_hit(&s, lead, hex(&g, "E5"), Some(t34)).1, with + 1);
    let off = edited("scenario.toml", |t| {
        t.replace("armor_leaders = true", "armor_leaders = false")
    })
    .unwrap();
    s.units[lead].flags = 0;
    assert_eq!(
        off.to_hit(&s, lead, hex(&g, "E5"), Some(t34)).1,
        with + 1,
        "76 switched off"
    );
}

#[test]
fn rule_63_2_high_explosive_that_hits_attacks_on_the_guns_ift_column() {
    let g = game();
    let (mut s, pz, _) = duel(&g, "E5");
    place(&g, &mut s, "1st Section", "E5", 3);
    g.open_gun_fire(&mut s, pz, hex(&g, "E5"), true, false);
    g.resolve_to_hit(&mut s, 3, None);
    let Pending::Fire { column, .. } = s.pending else {
        panic!("{:?}", s.pending)
    };
    assert_eq!(
        g.rules().ift[column as usize].fp,
        12,
        "the 75mm's HE column"
    );
}

#[test]
fn rule_69_8_case_j_defensive_fire_at_a_target_that_moved_adds_2() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    s.phasing = 1;
    s.phase = Phase::DefensiveFire;
    let still = g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1;
    s.units[t34].flags |= flag::MOVED;
    let moving = g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1;
    assert_eq!(moving - still, 2, "Case J: +2 on a target that moved");
    s.phase = Phase::PrepFire;
    assert_eq!(
        g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1,
        still,
        "only Defensive Fire fires at a moving target"
    );
}
