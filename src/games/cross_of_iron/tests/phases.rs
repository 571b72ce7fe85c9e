//! Rally and repair, rout, close combat, prisoners, the end of the game.

use super::*;
use crate::games::cross_of_iron::Action;

#[test]
fn sl_14_a_broken_squad_rallies_only_with_a_leader_and_rule_83_ss_rally_better() {
    let g = game();
    let mut s = empty(&g, Phase::Rally, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    s.units[sq].flags |= flag::BROKEN;
    assert!(!g.may_rally(&s, sq), "no leader with it");
    place(&g, &mut s, "Sgt. Vogel", "A5", 0); // 7-0
    assert!(g.may_rally(&s, sq));
    let mut t = s;
    g.resolve_rally(&mut t, sq, 8);
    assert!(t.units[sq].has(flag::BROKEN), "8 > morale 7");
    let ss = edited("scenario.toml", |t| t.replace("ss = false", "ss = true")).unwrap();
    ss.resolve_rally(&mut s, sq, 8);
    assert!(
        !s.units[sq].has(flag::BROKEN),
        "83.3: SS rally at morale + 1"
    );
}

#[test]
fn rule_83_2_desperation_morale_adds_4_next_to_the_enemy_but_2_for_ss() {
    let g = game();
    let ss = edited("scenario.toml", |t| t.replace("ss = false", "ss = true")).unwrap();
    let mut s = empty(&g, Phase::Rally, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "Sgt. Vogel", "A5", 0);
    place(&g, &mut s, "1st Section", "B5", 3);
    s.units[sq].flags |= flag::BROKEN;
    // The roll and its target, exactly: +4 against morale 7; SS +2 against morale 7 + 1 (83.3).
    assert_eq!(g.rally_roll(&s, sq, 4), (8, 7));
    assert_eq!(ss.rally_roll(&s, sq, 4), (6, 8));
    let rallies = |game: &CrossOfIron, raw: u8| {
        let mut t = s;
        game.resolve_rally(&mut t, sq, raw);
        !t.units[sq].has(flag::BROKEN)
    };
    assert!(rallies(&g, 3) && !rallies(&g, 4), "3 + 4 <= 7 < 4 + 4");
    assert!(rallies(&ss, 6) && !rallies(&ss, 7), "6 + 2 <= 8 < 7 + 2");
}

#[test]
fn rule_94_5_inexperienced_squads_rally_at_morale_minus_1() {
    let g = edited("scenario.toml", |t| {
        t.replace("inexperienced = false", "inexperienced = true")
    })
    .unwrap();
    let mut s = empty(&g, Phase::Rally, 1);
    let sq = place(&g, &mut s, "1st Section", "K5", 3);
    place(&g, &mut s, "Sgt. Petrov", "K5", 3);
    s.units[sq].flags |= flag::BROKEN;
    g.resolve_rally(&mut s, sq, 7);
    assert!(s.units[sq].has(flag::BROKEN));
    g.resolve_rally(&mut s, sq, 6);
    assert!(!s.units[sq].has(flag::BROKEN));
}

#[test]
fn rule_66_3_repair_on_2_or_less_permanent_on_9_or_more() {
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    s.units[pz].flags |= flag::IMMOBILIZED | flag::REPAIRING;
    assert_eq!(
        g.next_repair(&s, 0).map(|(_, p)| p),
        Some(Pending::Repair { unit: pz as u8 })
    );
    let mut t = s;
    g.resolve_repair(&mut t, pz, 9);
    assert!(t.units[pz].has(flag::PERMANENT));
    assert_eq!(g.next_repair(&t, 0), None, "no repair once permanent");
    g.resolve_repair(&mut s, pz, 2);
    assert!(!s.units[pz].has(flag::IMMOBILIZED));
}

/// What `u` is offered now.
fn offered(g: &CrossOfIron, s: &State, u: usize) -> Vec<Action> {
    let mut list = Vec::new();
    g.unit_actions(s, u, &mut list);
    list
}

/// 66.3: "A repair attempt is initiated by placing the vehicle's crew counter on top of the
/// vehicle during the owner's Movement Phase … Other movement and/or fire is not allowed
/// during a Repair attempt." The immobilised Panzer 2 is offered the repair (and no move) in
/// its Movement Phase; once its crew is out it is offered no fire at the T-34 it sees, in any
/// fire phase, where without the attempt it is.
#[test]
fn rule_66_3_a_repair_starts_in_the_movement_phase_and_bars_fire() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    place(&g, &mut s, "Tank 1", "E5", 3);
    s.units[pz].flags |= flag::IMMOBILIZED;
    let list = offered(&g, &s, pz);
    assert!(list.contains(&Action::Repair), "{list:?}");
    assert!(!list.iter().any(|a| matches!(a, Action::Move { .. })));
    s.cursor = pz as u8;
    g.apply(&mut s, Action::Repair);
    assert!(s.units[pz].has(flag::REPAIRING));
    for (phase, phasing) in [
        (Phase::PrepFire, 0),
        (Phase::AdvancingFire, 0),
        (Phase::DefensiveFire, 1),
    ] {
        let mut t = s;
        (t.phase, t.phasing) = (phase, phasing);
        t.units[pz].flags &= !flag::PER_PHASE;
        g.retarget(&mut t);
        assert!(offered(&g, &t, pz).is_empty(), "{phase:?}: crew out");
        t.units[pz].flags &= !flag::REPAIRING;
        assert!(!offered(&g, &t, pz).is_empty(), "{phase:?}: crew in");
    }
    let mut again = s;
    again.units[pz].flags &= !flag::PER_PHASE;
    assert!(
        !offered(&g, &again, pz).contains(&Action::Repair),
        "already out"
    );
}

/// 66.3: the repair roll is made "during any following Rally Phase" by an AFV whose crew is
/// out (an immobilised AFV that did not start one rolls nothing), and "AFV crews may re-enter
/// the AFV only in their Advance Phase": after a 2 the crew stays out (no fire) until the
/// Advance Phase begins; after a 5 it stays out to roll again.
#[test]
fn rule_66_3_only_a_repairing_afv_rolls_and_its_crew_gets_back_in_in_the_advance_phase() {
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    s.units[pz].flags |= flag::IMMOBILIZED;
    assert_eq!(g.next_repair(&s, 0), None, "no attempt started");
    s.units[pz].flags |= flag::REPAIRING;
    assert!(g.next_repair(&s, 0).is_some());
    for (raw, back_in) in [(2, true), (5, false), (9, true)] {
        let mut t = s;
        g.resolve_repair(&mut t, pz, raw);
        assert!(t.units[pz].has(flag::REPAIRING), "raw {raw}: still out");
        t.phase = Phase::Rout;
        g.next_phase(&mut t);
        assert_eq!(t.phase, Phase::Advance);
        assert_eq!(!t.units[pz].has(flag::REPAIRING), back_in, "raw {raw}");
        // Still repairable: the owner chooses in the Advance Phase to bring the crew back in
        // (or, passing, to leave it out for another roll).
        let list = offered(&g, &t, pz);
        assert_eq!(
            list.contains(&Action::Repair),
            !back_in,
            "raw {raw}: {list:?}"
        );
        if !back_in {
            t.cursor = pz as u8;
            g.apply(&mut t, Action::Repair);
            assert!(!t.units[pz].has(flag::REPAIRING), "back in");
            assert!(t.units[pz].has(flag::IMMOBILIZED), "and still immobilised");
        }
    }
}

/// SL's weapon repair: the log gives the roll's outcome, not the roll alone (trial 21f F9).
#[test]
fn sl_95_a_weapon_repair_roll_is_told_with_its_outcome() {
    use crate::engine::Game;
    use crate::games::cross_of_iron::state::Pending;
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let sq = place(&g, &mut s, "2nd Squad", "A5", 0);
    s.units[sq].flags |= flag::SW_BROKEN;
    s.pending = Pending::WeaponRepair { unit: sq as u8 };
    for (die, outcome) in [
        (1, ": repaired"),
        (3, ": still malfunctioned; it rolls again next Rally Phase"),
        (6, ": disabled for good"),
    ] {
        let mut t = s;
        g.resolve_weapon_repair(&mut t, sq, die);
        let told = g.narrate(&s, Action::Roll(die), &t).unwrap();
        assert!(
            told.contains(&format!("(1 repaired, 6 disabled){outcome}")),
            "{die}: {told}"
        );
    }
}

#[test]
fn sl_a_malfunctioned_weapon_is_repaired_on_1_and_lost_on_6() {
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let sq = place(&g, &mut s, "2nd Squad", "A5", 0);
    s.units[sq].flags |= flag::SW_BROKEN;
    let mut t = s;
    g.resolve_weapon_repair(&mut t, sq, 1);
    assert!(!t.units[sq].has(flag::SW_BROKEN | flag::SW_DISABLED));
    g.resolve_weapon_repair(&mut s, sq, 6);
    assert!(s.units[sq].has(flag::SW_DISABLED));
    assert_eq!(
        g.firepower(&s, sq, hex(&g, "B5")).1,
        0,
        "a disabled MG no longer fires"
    );
}

/// SL 13, 83.2: a manned gun is an enemy next to a broken unit, its crew being infantry: the
/// unit routs, the log says where, and it rallies at Desperation Morale (trial 21f F2: a
/// broken leader next to the 45mm gun neither routed nor got the +4).
#[test]
fn sl_13_a_broken_unit_next_to_an_enemy_gun_routs_and_the_log_says_where() {
    let g = game();
    let mut s = empty(&g, Phase::Rout, 0);
    let sq = place(&g, &mut s, "1st Squad", "G4", 0);
    place(&g, &mut s, "45mm gun", "H4", 3);
    s.units[sq].flags |= flag::BROKEN;
    assert!(
        g.enemy_adjacent(&s, hex(&g, "G4"), 0),
        "the gun is an enemy next to it"
    );
    let (with_gun, _) = g.rally_roll(&s, sq, 4);
    let mut before = s;
    before.phase = Phase::AdvancingFire;
    g.rout(&mut s);
    assert_ne!(s.units[sq].hex, hex(&g, "G4"), "routed");
    let mut after = s;
    after.phase = Phase::Advance;
    let told = g.routs(&before, &after).unwrap();
    assert_eq!(
        told,
        format!(
            "{} routs from G4 to {} (SL 13)",
            g.label(sq),
            g.rules().board.name(s.units[sq].hex)
        )
    );
    // Out of reach now: no Desperation Morale.
    let (away, _) = g.rally_roll(&s, sq, 4);
    assert_eq!(
        with_gun - away,
        g.rules().data.charts.morale.desperation as i8
    );
}

#[test]
fn sl_13_a_broken_unit_next_to_the_enemy_routs_to_cover_and_rule_89_is_captured_with_nowhere_to_go()
{
    let g = game();
    let mut s = empty(&g, Phase::Rout, 0);
    let sq = place(&g, &mut s, "1st Section", "E5", 3);
    place(&g, &mut s, "1st Squad", "D5", 0);
    s.units[sq].flags |= flag::BROKEN;
    g.rout(&mut s);
    let to = s.units[sq].hex;
    assert_ne!(to, hex(&g, "E5"));
    assert!(!g.enemy_adjacent(&s, to, 1), "routed out of reach");
    // Boxed in at the board's corner: captured when prisoners are in play (89.21).
    let (s, sq) = boxed_in_rout(&g);
    assert!(s.units[sq].has(flag::CAPTURED));
    assert_eq!(
        s.casualty_points[1],
        2 * 14,
        "89.1: a prisoner counts twice"
    );
}

#[test]
fn sl_20_close_combat_odds_set_the_kill_number() {
    let g = game();
    assert_eq!(g.cc_kill_number(4, 4), Some(6));
    assert_eq!(g.cc_kill_number(8, 4), Some(8));
    assert_eq!(g.cc_kill_number(5, 4), Some(6));
    assert_eq!(g.cc_kill_number(1, 8), None);
}

#[test]
fn sl_20_close_combat_is_simultaneous_and_rule_89_21_takes_broken_units_prisoner() {
    let g = game();
    let mut s = empty(&g, Phase::CloseCombat, 0);
    let ger = place(&g, &mut s, "1st Squad", "D5", 0);
    let rus = place(&g, &mut s, "1st Section", "D5", 3);
    let broken = place(&g, &mut s, "2nd Section", "D5", 3);
    s.units[broken].flags |= flag::BROKEN;
    g.open_melee(&mut s, hex(&g, "D5"));
    g.resolve_melee(&mut s, 2); // German roll
    assert!(
        s.units[rus].in_play(),
        "nothing lands until both have rolled"
    );
    g.resolve_melee(&mut s, 2); // Russian roll
    assert!(!s.units[ger].in_play() && !s.units[rus].in_play());
    assert!(s.units[broken].has(flag::CAPTURED));
}

/// SL 20: a close-combat roll is told with its attack, odds, kill number and each target's
/// final roll, and the advance that brings it gives its odds first (trial 22g F1: "rolled 7"
/// alone, and no odds before choosing).
#[test]
fn sl_20_a_close_combat_roll_is_told_with_its_odds_and_kill_number() {
    use crate::engine::Game;
    let g = game();
    let mut s = empty(&g, Phase::CloseCombat, 0);
    place(&g, &mut s, "1st Squad", "D5", 0);
    place(&g, &mut s, "1st Section", "D5", 3);
    g.open_melee(&mut s, hex(&g, "D5"));
    let before = s;
    g.resolve_melee(&mut s, 5);
    let told = g.narrate(&before, Action::Roll(5), &s).unwrap();
    let kill = g.cc_kill_number(4, 4).unwrap();
    assert!(
        told.starts_with(&format!(
            "close combat in D5 (SL 20, reconstructed table): the Germans attack with 4 FP \
             (1st Squad) against 4: odds 1-1, kill number {kill}, rolled 5; 1st Section 5 +0 = 5: "
        )) && told.contains("the results land with the other side's roll"),
        "{told}"
    );
    // The advance's option gives both sides' chances before the choice.
    let mut s = empty(&g, Phase::Advance, 0);
    let sq = place(&g, &mut s, "1st Squad", "C5", 0);
    place(&g, &mut s, "1st Section", "D5", 3);
    s.cursor = sq as u8;
    let odds = g
        .odds_text(&s, Action::Advance { hex: hex(&g, "D5") })
        .unwrap();
    assert!(
        odds.starts_with("close combat as the hex would stand")
            && odds.contains("the Germans attack with 4 FP (1st Squad) against 4")
            && odds.contains("the Russians attack with 4 FP (1st Section) against 4")
            && odds.contains("1st Section eliminated "),
        "{odds}"
    );
}

#[test]
fn rule_72_8_close_combat_against_an_afv_is_easier_unbuttoned_and_12_kills_the_attackers() {
    let g = game();
    let mut s = empty(&g, Phase::CloseCombat, 1);
    let t34 = place(&g, &mut s, "Tank 1", "D5", 3);
    let sq = place(&g, &mut s, "1st Squad", "D5", 0);
    assert_eq!(g.melee_target_drm(&s, t34), 0);
    s.units[t34].flags |= flag::CE;
    assert_eq!(g.melee_target_drm(&s, t34), -1);
    let mut su = empty(&g, Phase::CloseCombat, 1);
    let su76 = place(&g, &mut su, "SU-76", "D5", 3);
    assert_eq!(g.melee_target_drm(&su, su76), -2, "open-topped, and no MG");
    assert_eq!(g.melee_kills(&s, hex(&g, "D5"), 0, 12), 1 << sq);
}

#[test]
fn scenario_victory_the_germans_need_two_objectives_at_the_end() {
    let g = game();
    let mut s = empty(&g, Phase::CloseCombat, 1);
    s.german_objectives = 0b001;
    assert_eq!(g.winner(&s), 1);
    s.german_objectives = 0b101;
    assert_eq!(g.winner(&s), 0);
    // Control: good-order infantry alone in the hex.
    let sq = place(&g, &mut s, "1st Squad", "J3", 0);
    s.german_objectives = 0;
    g.update_control(&mut s);
    assert_eq!(s.german_objectives, 0b001);
    s.units[sq].flags |= flag::BROKEN;
    s.german_objectives = 0;
    g.update_control(&mut s);
    assert_eq!(s.german_objectives, 0, "a broken squad takes no control");
}

#[test]
fn rule_89_switched_off_a_boxed_in_router_is_eliminated_not_captured() {
    let g = edited("scenario.toml", |t| {
        t.replace("prisoners = true", "prisoners = false")
    })
    .unwrap();
    let (s, sq) = boxed_in_rout(&g);
    assert!(!s.units[sq].in_play() && !s.units[sq].has(flag::CAPTURED));
    assert_eq!(s.casualty_points[1], 14);
}

/// A broken Russian squad boxed into the board's corner A1 by three German squads, after
/// the Rout Phase.
fn boxed_in_rout(g: &CrossOfIron) -> (State, usize) {
    let mut s = empty(g, Phase::Rout, 0);
    let sq = place(g, &mut s, "1st Section", "A1", 3);
    for (name, h) in [
        ("1st Squad", "B1"),
        ("2nd Squad", "A2"),
        ("3rd Squad", "B2"),
    ] {
        place(g, &mut s, name, h, 0);
    }
    s.units[sq].flags |= flag::BROKEN;
    g.rout(&mut s);
    (s, sq)
}

/// SL 4.0: the sequence of play passes a phase with nothing to decide in it; the log says so
/// rather than jumping from one phase to a later one in silence (trial 18b F12).
#[test]
fn sl_4_0_phases_with_no_choice_are_said_in_the_log() {
    use crate::games::cross_of_iron::describe::passed_phases;
    let g = game();
    let before = empty(&g, Phase::Movement, 0);
    let mut after = before;
    after.phase = Phase::Rout;
    assert_eq!(
        passed_phases(&before, &after).as_deref(),
        Some("no choice to make in the Defensive Fire Phase, the Advancing Fire Phase: passed")
    );
    after.phase = Phase::DefensiveFire;
    assert_eq!(passed_phases(&before, &after), None, "the next phase");
    // Across the end of a player turn: the Close Combat Phase, then the new turn's Rally.
    let mut late = empty(&g, Phase::Advance, 0);
    late.player_turn = before.player_turn;
    after.player_turn = before.player_turn + 1;
    after.phase = Phase::PrepFire;
    assert_eq!(
        passed_phases(&late, &after).as_deref(),
        Some("no choice to make in the Close Combat Phase, the Rally Phase: passed")
    );
    // The log of a played game says it wherever the game passed a phase.
    let mut s = g.initial_state();
    let mut rng = crate::engine::game_rng(3, 0);
    let (mut buf, mut chance, mut said) = (Vec::new(), Vec::new(), 0);
    while g.outcome(&s).is_none() && s.player_turn < 6 {
        let a = match g.actor(&s) {
            crate::engine::Actor::Chance => g.draw_chance(&s, &mut chance, &mut rng),
            _ => g.random_action(&s, &mut buf, &mut rng),
        };
        let mut next = s;
        g.apply(&mut next, a);
        if passed_phases(&s, &next).is_some() {
            let told = g.narrate(&s, a, &next).unwrap_or_default();
            assert!(told.contains("no choice to make in the "), "{told}");
            said += 1;
        }
        s = next;
    }
    assert!(said > 0, "a played game passes some phase");
}
