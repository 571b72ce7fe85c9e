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

/// 64.6: "each TO HIT dice roll made against" an AFV takes its target size. Every shot at an
/// AFV is the AP shot on the vehicle line, with the size: a gun is offered no HE at a hex
/// holding only an enemy AFV (its crew exposed, so a target for MGs), and is offered it once
/// a Russian section shares that hex.
#[test]
fn rule_64_6_an_afv_alone_is_shot_at_with_its_size_never_with_he() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    s.units[t34].flags |= flag::CE;
    let e5 = hex(&g, "E5");
    let he_at_e5 = |s: &State| {
        let mut list: Vec<Action> = Vec::new();
        g.gun_actions(s, pz, g.target_hexes(s, 0), &mut list);
        let he = list
            .iter()
            .any(|a| matches!(a, Action::HighExplosive { hex, .. } if *hex == e5));
        let ap = list
            .iter()
            .any(|a| matches!(a, Action::Shoot { target, .. } if usize::from(*target) == t34));
        (he, ap)
    };
    assert_ne!(
        g.target_hexes(&s, 0) >> e5 & 1,
        0,
        "the exposed crew is a target"
    );
    assert_eq!(he_at_e5(&s), (false, true));
    place(&g, &mut s, "1st Section", "E5", 3);
    assert_eq!(he_at_e5(&s), (true, true));
}

/// 64.47: "Buttoned up tanks and closed-top SP Guns must add 1 to all their TO HIT dice
/// rolls" unless a CE counter is on them: the closed-top StuG (no turret) adds 1 buttoned up
/// and none with its commander exposed; the open-topped SU-76 adds none either way.
#[test]
fn rule_64_47_a_closed_top_sp_gun_adds_1_buttoned_up_an_open_topped_one_never() {
    let g = game();
    let drm = |gun: &str, ce: bool| {
        let mut s = empty(&g, Phase::PrepFire, 0);
        let u = place(&g, &mut s, gun, "A5", 0);
        let t = place(
            &g,
            &mut s,
            if gun == "StuG" { "Tank 1" } else { "Panzer 2" },
            "E5",
            3,
        );
        if ce {
            s.units[u].flags |= flag::CE;
        }
        g.to_hit(&s, u, hex(&g, "E5"), Some(t)).1
    };
    assert_eq!(
        drm("StuG", false) - drm("StuG", true),
        1,
        "closed-top SP gun"
    );
    assert_eq!(
        drm("SU-76", false),
        drm("SU-76", true),
        "open-topped: never buttoned up"
    );
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

/// 69.1: ordnance that "used direct fire at the same target in the immediately preceding
/// eligible Fire Phase" gets "−1 per consecutive Fire Phase, up to a maximum of −2", as 69.7's
/// Panther does: its Prep Fire (0), its Defensive Fire (−1), its next Prep Fire (−2). 69.4:
/// every shot of one phase gets the same DRM. A skipped eligible phase breaks the chain, and
/// moving loses it.
#[test]
fn rule_69_1_and_69_4_acquisition_minus_1_then_minus_2_the_same_for_a_phase_lost_on_moving() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    let e5 = hex(&g, "E5");
    let base = g.to_hit(&s, pz, e5, Some(t34)).1;
    let (turn, shot) = fire_phase_shots(&g, pz, t34);
    assert_eq!(turn(&mut s, 3, Phase::PrepFire), base);
    assert_eq!(turn(&mut s, 4, Phase::DefensiveFire), base - 1);
    assert_eq!(turn(&mut s, 5, Phase::PrepFire), base - 2);
    assert_eq!(shot(&mut s), base - 2, "69.4: the phase's second shot too");
    assert_eq!(
        turn(&mut s, 6, Phase::DefensiveFire),
        base - 2,
        "at most -2"
    );
    assert_eq!(
        turn(&mut s, 8, Phase::DefensiveFire),
        base,
        "the Prep Fire of turn 7 skipped"
    );
    assert_eq!(turn(&mut s, 9, Phase::PrepFire), base - 1);
    move_to(&g, &mut s, pz, hex(&g, "B5"));
    s.pending = Pending::None;
    s.units[pz].hex = hex(&g, "A5");
    s.units[pz].flags &= !flag::MOVED;
    g.refresh(&mut s);
    assert_eq!(
        turn(&mut s, 10, Phase::DefensiveFire),
        base,
        "moving loses it"
    );
}

/// 69.2: "the immediately preceding Fire Phase ... must be either the firer's Defensive Fire
/// Phase or Prep Fire Phase. Fire during the preceding Advancing Fire Phase does not qualify":
/// a shot in Advancing Fire after none in Prep Fire leaves the next Defensive Fire at 0.
#[test]
fn rule_69_2_advancing_fire_does_not_qualify_for_acquisition() {
    let g = game();
    let (mut s, pz, t34) = duel(&g, "E5");
    let base = g.to_hit(&s, pz, hex(&g, "E5"), Some(t34)).1;
    let (turn, _) = fire_phase_shots(&g, pz, t34);
    assert_eq!(turn(&mut s, 2, Phase::DefensiveFire), base);
    assert_eq!(
        turn(&mut s, 3, Phase::AdvancingFire),
        base,
        "its Prep Fire, the preceding eligible phase, had no shot"
    );
    assert_eq!(turn(&mut s, 4, Phase::DefensiveFire), base);
    assert_eq!(turn(&mut s, 5, Phase::PrepFire), base - 1, "a chain again");
}

/// Fires `pz` at `t34`: in a new fire phase (player turn, phase), and again in the same
/// phase; each gives the TO HIT DRM of its shot.
#[allow(clippy::type_complexity)]
fn fire_phase_shots<'a>(
    g: &'a CrossOfIron,
    pz: usize,
    t34: usize,
) -> (
    impl Fn(&mut State, u8, Phase) -> i8 + 'a,
    impl Fn(&mut State) -> i8 + 'a,
) {
    let shot = move |s: &mut State| {
        g.open_gun_fire(s, pz, t34 as u8, false, false);
        let Pending::ToHit(shot) = s.pending else {
            panic!("no TO HIT roll: {:?}", s.pending)
        };
        s.pending = Pending::None;
        shot.drm
    };
    let phase = move |s: &mut State, player_turn: u8, phase: Phase| {
        (s.player_turn, s.phase) = (player_turn, phase);
        s.units[pz].shots = 0;
        s.units[pz].flags &= !flag::PER_PHASE;
        shot(s)
    };
    (phase, shot)
}

/// 70.1, 70.4: "Intensive Fire adds one shot to the rate of fire", and the player "must state
/// so before any firing takes place by the gun": the first shot is offered both ways; after a
/// plain shot the PzKw IV F2 (ROF 1) has none left, after an intensive one a second, also
/// intensive (70.2: +2 to all TO HIT rolls; 70.5: B# −2). None in Advancing Fire (70.3).
#[test]
fn rule_70_4_intensive_fire_is_declared_before_the_first_shot_and_adds_one_more() {
    let g = game();
    let (s, pz, t34) = duel(&g, "E5");
    let list = |s: &State| {
        let mut list = Vec::new();
        g.gun_actions(s, pz, g.target_hexes(s, g.def(pz).side), &mut list);
        list
    };
    let at = |intensive: bool| Action::Shoot {
        target: t34 as u8,
        intensive,
    };
    assert!(list(&s).contains(&at(false)) && list(&s).contains(&at(true)));
    let mut plain = s;
    g.open_gun_fire(&mut plain, pz, t34 as u8, false, false);
    plain.pending = Pending::None;
    assert!(
        list(&plain).is_empty(),
        "ROF 1 used, no Intensive Fire declared"
    );
    let mut intensive = s;
    g.open_gun_fire(&mut intensive, pz, t34 as u8, false, true);
    intensive.pending = Pending::None;
    assert_eq!(
        list(&intensive),
        vec![at(true)],
        "the extra shot, intensive too"
    );
    g.open_gun_fire(&mut intensive, pz, t34 as u8, false, true);
    intensive.pending = Pending::None;
    assert!(list(&intensive).is_empty());
    let mut advancing = s;
    advancing.phase = Phase::AdvancingFire;
    assert!(list(&advancing).contains(&at(false)) && !list(&advancing).contains(&at(true)));
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
