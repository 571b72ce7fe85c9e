//! What may and may not help or hinder an AFV's crew: the armour leader (76), infantry
//! leaders, and the stun of a crew that failed its morale check (64.44).

use super::*;
use crate::games::cross_of_iron::Action;

/// The DRM of `u`'s IFT attack on `at` as the engine opens it, and its description.
fn mg_fire(g: &CrossOfIron, s: &State, u: usize, at: &str) -> (i8, String) {
    let mut s = *s;
    s.cursor = u as u8;
    let fire = Action::Fire {
        hex: hex(g, at),
        sustained: false,
    };
    let text = g.describe(&s, fire);
    g.open_fire(&mut s, u, hex(g, at), false);
    match s.pending {
        Pending::Fire { drm, .. } => (drm, text),
        other => panic!("no fire: {other:?}"),
    }
}

/// 76.1: "Only armor leaders may affect armor performance": an 8-1 infantry leader in the
/// AFV's hex leaves its MG attack at DRM 0 (and the play screen names no leader), though he
/// directs a squad's fire at −1 from the same hex; 76.6 does not let the armour leader modify
/// the MGs either.
#[test]
fn rule_76_1_an_infantry_leader_does_not_direct_an_afvs_mg_fire() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let squad = place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "1st Section", "D5", 3);
    assert_eq!(mg_fire(&g, &s, pz, "D5").0, 0);
    place(&g, &mut s, "Lt. Hahn", "A5", 0); // 8-1
    let (drm, text) = mg_fire(&g, &s, pz, "D5");
    assert_eq!(drm, 0, "76.1");
    assert!(!text.contains("leader"), "{text}");
    assert_eq!(mg_fire(&g, &s, squad, "D5").0, -1, "he directs the squad");
    let lead = place(&g, &mut s, "Panzer 1", "A6", 0); // armour leader −1
    assert_eq!(g.def(lead).leadership, -1);
    assert_eq!(mg_fire(&g, &s, lead, "D5").0, 0, "76.6: not the MGs");
}

/// 76.6: the armour leader's rating applies "to repair (18.2 & 66.3) attempts", and (Note) not
/// to rolls that would disable for good: Panzer 1 (−1) repairs a malfunctioned gun or MGs on a
/// 2, Panzer 2 and Panzer 1 with its leader lost do not; a 6 still disables Panzer 1's gun.
#[test]
fn rule_76_6_the_armour_leader_helps_repair_a_malfunctioned_weapon() {
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let lead = place(&g, &mut s, "Panzer 1", "A5", 0);
    let plain = place(&g, &mut s, "Panzer 2", "A6", 0);
    let repaired = |s: &State, u: usize, broken: u32, extra: u32, die: u8| {
        let mut t = *s;
        t.units[u].flags |= broken | extra;
        g.resolve_weapon_repair(&mut t, u, die);
        t.units[u].flags
    };
    for broken in [flag::GUN_BROKEN, flag::SW_BROKEN] {
        assert_eq!(repaired(&s, lead, broken, 0, 2) & broken, 0, "{broken:#x}");
        assert_ne!(repaired(&s, plain, broken, 0, 2) & broken, 0, "{broken:#x}");
        let lost = repaired(&s, lead, broken, flag::LEADER_LOST, 2);
        assert_ne!(lost & broken, 0, "{broken:#x}: leader lost");
        assert_eq!(repaired(&s, plain, broken, 0, 1) & broken, 0, "{broken:#x}");
    }
    assert_ne!(
        repaired(&s, lead, flag::GUN_BROKEN, 0, 6) & flag::DISABLED,
        0,
        "76.6 Note: a 6 still disables"
    );
}

/// 64.44: "A vehicle may neither move, fire, or attempt repair while stunned": an immobilised
/// Panzer with a malfunctioned gun has no repair due in its Rally Phase while its crew is
/// stunned, and both once the stun is over.
#[test]
fn rule_64_44_a_stunned_afv_attempts_no_repair() {
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    s.units[pz].flags |= flag::IMMOBILIZED | flag::REPAIRING | flag::GUN_BROKEN;
    s.player_turn = 5;
    s.units[pz].stunned_until = 5;
    assert_eq!(g.next_repair(&s, 0), None, "stunned");
    s.units[pz].stunned_until = 4;
    let first = g.next_repair(&s, 0).expect("the immobilisation");
    assert_eq!(first.1, Pending::Repair { unit: pz as u8 });
    let second = g.next_repair(&s, first.0 + 1).expect("the gun");
    assert_eq!(second.1, Pending::WeaponRepair { unit: pz as u8 });
}

/// 64.44: "When the stun counter is removed, it is replaced with a '+1 TO HIT' marker which
/// indicates that it must add '+1' to all future TO HIT dice rolls (in addition to the + 1 DRM
/// it will suffer for being buttoned up, 64.47)": the same T-34 shot from a shaken crew is one
/// worse than from a crew merely buttoned up, and two worse than from an exposed one.
#[test]
fn rule_64_44_a_shaken_crew_fires_at_plus_1_besides_being_buttoned_up() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let e5_to_a5 = |s: &State| g.to_hit(s, t34, hex(&g, "A5"), Some(pz)).1;
    let buttoned = e5_to_a5(&s);
    s.units[t34].flags |= flag::CE;
    assert_eq!(e5_to_a5(&s), buttoned - 1, "64.47: exposed");
    s.units[t34].flags &= !flag::CE;
    s.units[t34].flags |= flag::FORCED_BU;
    s.player_turn = 4;
    s.units[t34].stunned_until = 3;
    assert_eq!(e5_to_a5(&s), buttoned + 1, "the '+1 TO HIT' marker");
}

/// 64.47: a shot's line gives its TO HIT modifiers one by one, not the total alone (trial
/// 17b F5): the closed-top Panzer 2's +1 buttoned up, and 70.2's +2 under intensive fire.
#[test]
fn rule_64_47_70_2_a_shots_line_gives_each_to_hit_modifier() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let tank = place(&g, &mut s, "Tank 1", "D5", 3);
    s.cursor = pz as u8;
    let shot = |intensive| {
        g.describe(
            &s,
            Action::Shoot {
                target: tank as u8,
                intensive,
            },
        )
    };
    let (_, drm) = g.to_hit(&s, pz, hex(&g, "D5"), Some(tank));
    let text = shot(false);
    assert!(text.contains(&format!("DRM {drm:+} (")), "{text}");
    assert!(text.contains("buttoned up (64.47) +1"), "{text}");
    let text = shot(true);
    assert!(text.contains(&format!("DRM {:+} (", drm + 2)), "{text}");
    assert!(text.contains("intensive fire (70.2) +2"), "{text}");
}

/// An IFT attack's line states each target's final roll and result (trial 17b F6: only the
/// raw roll was given): the 1st Section in the open, rolled 2 on the squad's column, is hit.
#[test]
fn sl_ift_an_attacks_line_states_each_targets_result() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let squad = place(&g, &mut s, "1st Squad", "A5", 0);
    let target = place(&g, &mut s, "1st Section", "C5", 3);
    s.cursor = squad as u8;
    g.open_fire(&mut s, squad, hex(&g, "C5"), false);
    let Pending::Fire { column, drm, .. } = s.pending else {
        panic!("no fire")
    };
    let before = s;
    g.resolve_fire(&mut s, 2);
    let told = g.narrate_step(&before, Action::Roll(2), &s).unwrap();
    let roll = g.final_fire_roll(&before, target, 2).unwrap();
    assert_eq!(roll, 2 + drm, "in the open: no DRM of its own");
    let result = g.fire_result_text(column, roll);
    assert!(
        told.contains(&format!("{}: {roll}, {result}", g.label(target))),
        "{told}"
    );
    // Its own modifiers are named (trial 18b F2): Defensive Fire at a mover in the open.
    let mut s = before;
    s.phase = Phase::DefensiveFire;
    s.units[target].flags |= flag::MOVED;
    let mut after = s;
    g.resolve_fire(&mut after, 2);
    let told = g.narrate_step(&s, Action::Roll(2), &after).unwrap();
    let moving = g.rules().data.charts.fire.moving_in_open_drm;
    assert!(
        told.contains(&format!("(moving in the open {moving:+})")),
        "{told}"
    );
}
