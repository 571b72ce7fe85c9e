//! 12.1 Regroup Phase steps 1–6, 3.21 control, victory conditions (reconstructed Set Up Card).

use super::Fixture;
use crate::engine::{Actor, Game};
use crate::games::rudders_line::data::Side;
use crate::games::rudders_line::state::{AttackKind, Phase, Roll, Step};
use crate::games::rudders_line::Action;
use crate::games::rudders_line::{casualties, regroup};

fn regroup(fx: &mut Fixture) {
    regroup::start(&fx.g.rules, &mut fx.s);
}

/// The Regroup Phase up to the fatigue roll (step 5): nothing to rally, and neither side
/// picks up a weapon (2.64).
fn to_fatigue(fx: &mut Fixture) {
    regroup(fx);
    fx.act(Action::Pass);
    fx.act(Action::Pass);
    assert_eq!(fx.s.step, Step::Roll(Roll::Fatigue));
}

/// Rangers holding 3 and 5 (no sudden death), Germans far away.
fn quiet() -> Fixture {
    let mut fx = Fixture::new();
    fx.place("ranger_nco_1", "3");
    fx.place("ranger_nco_1", "5");
    fx.place("german_nco_1", "38");
    fx.s.guns_reached = true;
    fx
}

#[test]
fn rule_12_1_step_2_markers_are_removed_and_weapons_ready_again() {
    let mut fx = quiet();
    let sq = fx.place("german_squad", "30");
    let mg = fx.arm(sq, "german_mg42");
    fx.spend(mg);
    fx.s.interdiction[0][7] = 8;
    fx.s.interdiction[1][9] = 5;
    regroup(&mut fx);
    assert_eq!(fx.s.interdiction, [[0; 48]; 2]);
    assert!(!fx.is_spent(mg));
}

#[test]
fn rule_12_1_step_3_leaders_rally_squads_and_teams_in_their_area_singles_flip() {
    let mut fx = quiet();
    let sq = fx.place("ranger_squad", "7");
    let wt = fx.place("ranger_weapons_team", "7");
    let nco = fx.place("ranger_nco_2", "7");
    let lone = fx.place("ranger_bar_gunner", "9");
    for u in [sq, wt, nco, lone] {
        fx.spend(u);
    }
    regroup(&mut fx);
    for u in [sq, wt, nco, lone] {
        assert!(!fx.is_spent(u));
    }
}

#[test]
fn rule_12_1_step_4_rally_roll_at_most_the_back_defense_value() {
    let mut fx = quiet();
    let g = fx.place("german_squad", "30"); // back side Defense 2
    let g2 = fx.place("german_squad", "31");
    fx.spend(g);
    fx.spend(g2);
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::Roll(Roll::Rally));
    assert_eq!(fx.s.regroup.cursor, g);
    fx.roll(2);
    assert!(!fx.is_spent(g), "2 ≤ 2 rallies");
    fx.roll(3);
    assert!(fx.is_spent(g2), "3 > 2 does not");
}

/// 12.1 step 4: "Attempt to 'rally' each spent friendly Squad and Weapons Team": a spent
/// Weapons Team with no leader rolls too, rallied on a roll at most its back Defense Value, 1.
#[test]
fn rule_12_1_step_4_a_spent_weapons_team_rolls_to_rally_too() {
    for (die, rallied) in [(1, true), (2, false)] {
        let mut fx = quiet();
        let team = fx.place("german_weapons_team", "30");
        assert_eq!(fx.g.rules.info(team).spent_defense, 1);
        fx.spend(team);
        regroup(&mut fx);
        assert_eq!(fx.s.step, Step::Roll(Roll::Rally), "die {die}");
        assert_eq!(fx.s.regroup.cursor, team);
        let before = fx.s;
        fx.roll(die);
        assert_eq!(!fx.is_spent(team), rallied, "die {die}");
        // The log tells the roll against what, and by which rule (trial 11b F10).
        let told =
            fx.g.narrate(&before, Action::Die(die), &fx.s)
                .unwrap_or_default();
        assert!(
            told.contains(&format!(
                "(12.1 step 4): 1d6 = {die} vs its spent side's Defense Value 1 → {}",
                if rallied { "rallied" } else { "stays spent" }
            )),
            "{told}"
        );
        assert_eq!(fx.s.step, Step::PickUp, "nobody else rolls");
    }
}

#[test]
fn rule_12_1_step_4a_each_ranger_victory_area_rallies_one_squad_automatically() {
    let mut fx = quiet(); // Rangers control 3 and 5: two automatic rallies
    let sq: Vec<u8> = (0..3).map(|_| fx.place("ranger_squad", "12")).collect();
    for &u in &sq {
        fx.spend(u);
    }
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::AutoRally);
    assert_eq!(fx.actor(), Actor::Player(Side::Rangers.index()));
    fx.act(Action::AutoRally(sq[2]));
    fx.act(Action::AutoRally(sq[0]));
    assert!(!fx.is_spent(sq[0]) && !fx.is_spent(sq[2]));
    assert_eq!(fx.s.step, Step::Roll(Roll::Rally), "the third rolls");
    assert_eq!(fx.s.regroup.cursor, sq[1]);
}

/// 12.1 steps 3 and 4a in the log: the rallies that need no roll and no choice are told
/// where the Regroup Phase begins, each with its step (trial 14b F1: they were silent).
#[test]
fn rule_12_1_step_3_and_4a_rallies_without_a_roll_are_told_in_the_log() {
    let mut fx = quiet(); // Rangers control 3 and 5, and 7 below: three automatic rallies
    let led = fx.place("ranger_squad", "7");
    fx.place("ranger_nco_2", "7");
    let auto: Vec<u8> = (0..2).map(|_| fx.place("ranger_squad", "12")).collect();
    for &u in auto.iter().chain([&led]) {
        fx.spend(u);
    }
    fx.s.phase = Phase::Action;
    fx.s.last_hold_idle = true;
    let before = fx.s;
    crate::games::rudders_line::turn::end_hold(&fx.g.rules, &mut fx.s, true);
    assert_eq!(fx.s.phase, Phase::Regroup);
    let told = fx.g.narrate(&before, Action::Pass, &fx.s).expect("told");
    let squad = |u: u8| crate::games::rudders_line::describe::unit(&fx.g.rules, &fx.s, u);
    assert!(
        told.contains(&format!(
            "; fresh again with a leader in their area, or a leader themselves (12.1 step 3): {}",
            squad(led)
        )),
        "{told}"
    );
    assert!(
        told.ends_with(&format!(
            "; rallied automatically, a squad for each Victory Area the Rangers control (3, \
             12.1 step 4a): {}, {}",
            squad(auto[0]),
            squad(auto[1])
        )),
        "{told}"
    );
}

#[test]
fn rule_2_64_pick_up_in_a_controlled_area_by_an_unspent_eligible_unit() {
    let mut fx = quiet();
    let sq = fx.place("ranger_squad", "7");
    let nco = fx.place("ranger_nco_3", "7");
    let mg = fx.lay("german_mg42", "7");
    let elsewhere = fx.lay("german_mg42", "30"); // German controlled
    let spent = fx.place("ranger_squad", "9");
    let mg9 = fx.lay("german_mg42", "9");
    regroup(&mut fx);
    // Skip to the pick-up step: nothing to rally.
    assert_eq!(fx.s.step, Step::PickUp);
    fx.spend(spent);
    assert!(fx.can(Action::PickUp {
        weapon: mg,
        unit: sq
    }));
    assert!(
        !fx.can(Action::PickUp {
            weapon: mg,
            unit: nco
        }),
        "2.61: an NCO carries no MG"
    );
    assert!(!fx
        .legal()
        .iter()
        .any(|a| matches!(a, Action::PickUp { weapon, .. } if *weapon == elsewhere)));
    assert!(!fx.can(Action::PickUp {
        weapon: mg9,
        unit: spent
    }));
    fx.act(Action::PickUp {
        weapon: mg,
        unit: sq,
    });
    assert_eq!(fx.s.carried(sq), mg);
    assert!(!fx
        .legal()
        .iter()
        .any(|a| matches!(a, Action::PickUp { weapon, .. } if *weapon == mg)));
}

#[test]
fn rule_2_64_weapons_swap_between_unspent_units_in_a_controlled_area() {
    let mut fx = quiet();
    let a = fx.place("ranger_squad", "7");
    let b = fx.place("ranger_squad", "7");
    let mortar = fx.arm(a, "ranger_m2_mortar");
    let bazooka = fx.arm(b, "ranger_bazooka");
    regroup(&mut fx);
    // The screen names both weapons of a swap, not only the one handed over.
    let said = fx.g.describe(&fx.s, Action::Hand { from: a, to: b });
    assert_eq!(
        said,
        format!(
            "Ranger squad #{a} in area 7 swaps Ranger M2 mortar #{mortar} for Ranger bazooka \
             #{bazooka} of Ranger squad #{b} in area 7"
        )
    );
    fx.act(Action::Hand { from: a, to: b });
    assert_eq!((fx.s.carried(a), fx.s.carried(b)), (bazooka, mortar));
    assert_eq!((fx.s.unit(bazooka).link, fx.s.unit(mortar).link), (a, b));
}

/// 2.64: "swapped between unspent friendly Personnel": a spent carrier neither gives nor
/// takes a weapon, and a German carrier in the Rangers' area swaps nothing with them.
#[test]
fn rule_2_64_no_swap_with_a_spent_or_an_enemy_carrier() {
    let mut fx = quiet();
    let a = fx.place("ranger_squad", "7");
    let b = fx.place("ranger_squad", "7");
    let c = fx.place("ranger_squad", "7");
    fx.arm(a, "ranger_m2_mortar");
    fx.arm(b, "ranger_bazooka");
    fx.arm(c, "ranger_m1919");
    let g = fx.place("german_squad", "7"); // the Rangers were there first: still theirs
    fx.arm(g, "german_mg42");
    assert_eq!(fx.s.controller(fx.area("7")), Side::Rangers);
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::PickUp);
    assert_eq!(fx.s.regroup.side, Side::Rangers);
    fx.spend(c);
    let hands: Vec<(u8, u8)> = fx
        .legal()
        .into_iter()
        .filter_map(|x| match x {
            Action::Hand { from, to } => Some((from, to)),
            _ => None,
        })
        .collect();
    assert!(hands.contains(&(a, b)) && hands.contains(&(b, a)));
    for (from, to) in hands {
        assert!(from != c && to != c, "spent: {from} to {to}");
        assert!(from != g && to != g, "enemy: {from} to {to}");
    }
}

/// 2.64 sets no limit on swaps: three squads pass their weapons round (the mortar from a to
/// b, then the M1919 from c to a, the bazooka ending with c), each weapon's new carrier being
/// for good; then no swap is left.
#[test]
fn rule_2_64_weapons_may_go_round_three_units() {
    let mut fx = quiet();
    let a = fx.place("ranger_squad", "7");
    let b = fx.place("ranger_squad", "7");
    let c = fx.place("ranger_squad", "7");
    let mortar = fx.arm(a, "ranger_m2_mortar");
    let bazooka = fx.arm(b, "ranger_bazooka");
    let mg = fx.arm(c, "ranger_m1919");
    regroup(&mut fx);
    fx.act(Action::Hand { from: a, to: b });
    assert_eq!((fx.s.carried(a), fx.s.carried(b)), (bazooka, mortar));
    fx.act(Action::Hand { from: c, to: a });
    assert_eq!(
        (fx.s.carried(a), fx.s.carried(b), fx.s.carried(c)),
        (mg, mortar, bazooka)
    );
    assert_eq!(
        fx.legal(),
        vec![Action::Pass],
        "each swap placed one weapon for good"
    );
}

/// The `Hand` decisions (hand-overs and swaps, 2.64) legal now, as (from, to).
fn hands(fx: &Fixture) -> Vec<(u8, u8)> {
    fx.legal()
        .into_iter()
        .filter_map(|x| match x {
            Action::Hand { from, to } => Some((from, to)),
            _ => None,
        })
        .collect()
}

/// 2.64: "Weapons may also be 'swapped' between unspent friendly Personnel in the same
/// controlled area": two armed Ranger squads in 7 swap nothing while the Rangers' control
/// bit of 7 is cleared, and may swap either way once it is set.
#[test]
fn rule_2_64_swaps_only_in_a_controlled_area() {
    let mut fx = quiet();
    let a = fx.place("ranger_squad", "7");
    let b = fx.place("ranger_squad", "7");
    fx.arm(a, "ranger_m2_mortar");
    fx.arm(b, "ranger_bazooka");
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::PickUp);
    assert_eq!(fx.s.regroup.side, Side::Rangers);
    let area = fx.area("7");
    fx.s.ranger_control &= !(1 << area);
    assert_eq!(fx.s.controller(area), Side::Germans);
    assert_eq!(
        hands(&fx),
        vec![],
        "2.64: no swap in an area the Rangers do not control"
    );
    fx.s.ranger_control |= 1 << area;
    let h = hands(&fx);
    assert!(
        h.contains(&(a, b)) && h.contains(&(b, a)),
        "in a Ranger-controlled area they may: {h:?}"
    );
}

/// 2.64: "Weapons may also be 'swapped' between unspent friendly Personnel in the same
/// controlled area": armed Ranger squads in 7 and 9 (adjacent, both Ranger-controlled)
/// neither swap nor hand over between them; the unarmed squad beside one of them in 7 may
/// take its weapon.
#[test]
fn rule_2_64_swaps_only_within_the_same_area() {
    let mut fx = quiet();
    let a = fx.place("ranger_squad", "7");
    let b = fx.place("ranger_squad", "9");
    let c = fx.place("ranger_squad", "7");
    fx.arm(a, "ranger_m2_mortar");
    fx.arm(b, "ranger_bazooka");
    let (seven, nine) = (fx.area("7"), fx.area("9"));
    assert_eq!(fx.s.controller(seven), Side::Rangers);
    assert_eq!(fx.s.controller(nine), Side::Rangers);
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::PickUp);
    assert_eq!(fx.s.regroup.side, Side::Rangers);
    let h = hands(&fx);
    assert!(!h.contains(&(a, b)), "7 to 9: {h:?}");
    assert!(!h.contains(&(b, a)), "9 to 7: {h:?}");
    assert_eq!(h, vec![(a, c)], "only the hand-over within 7");
}

/// 2.61: "Only shoulder-fired weapons may ever be carried by NCO/FO/BAR Gunner Personnel
/// (i.e., they may NOT carry mortars or machine-guns)", in the Regroup Phase's hand-overs
/// and swaps (2.64): a Ranger squad's M1919 goes neither to an NCO carrying a bazooka nor to
/// an unarmed one, and the armed NCO may not swap his bazooka for it; the bazooka itself may
/// go to the unarmed NCO.
#[test]
fn rule_2_61_no_hand_or_swap_gives_an_nco_a_machine_gun() {
    let mut fx = quiet();
    let sq = fx.place("ranger_squad", "7");
    let nco = fx.place("ranger_nco_2", "7");
    let bare = fx.place("ranger_nco_3", "7");
    let mg = fx.arm(sq, "ranger_m1919");
    let bazooka = fx.arm(nco, "ranger_bazooka");
    assert_eq!(fx.s.controller(fx.area("7")), Side::Rangers);
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::PickUp);
    assert_eq!(fx.s.regroup.side, Side::Rangers);
    assert!(
        !fx.can(Action::Hand { from: sq, to: nco }),
        "the MG to the armed NCO"
    );
    assert!(
        !fx.can(Action::Hand { from: sq, to: bare }),
        "the MG to the unarmed NCO"
    );
    assert!(
        !fx.can(Action::Hand { from: nco, to: sq }),
        "a swap sending the MG back to the NCO"
    );
    // A shoulder-fired weapon may go to an NCO.
    fx.act(Action::Hand {
        from: nco,
        to: bare,
    });
    assert_eq!((fx.s.carried(bare), fx.s.carried(sq)), (bazooka, mg));
}

#[test]
fn rule_12_1_step_5_fatigue_half_a_die_at_least_one_chosen_by_the_enemy() {
    let mut fx = quiet();
    let sq: Vec<u8> = (0..4).map(|_| fx.place("ranger_squad", "12")).collect();
    to_fatigue(&mut fx);
    fx.roll(1); // halved → 0 → at least 1
    assert_eq!(fx.s.step, Step::Fatigue);
    assert_eq!(fx.actor(), Actor::Player(Side::Germans.index()));
    assert_eq!(fx.s.regroup.remaining, 1);
    fx.act(Action::Fatigue(sq[3]));
    assert!(fx.is_spent(sq[3]));
    // Then the Germans check: no squads or teams of theirs, nothing happens; the turn ends.
    fx.roll(6);
    assert_eq!(fx.s.turn, 3, "step 6: next turn");
    assert_eq!(fx.s.phase, Phase::Initiative);
}

/// 12.1 step 4a: "automatically rally that number of squads": squads only. With two Victory
/// Areas held and three spent squads, a spent Ranger Weapons Team is not offered; it is left
/// to roll (step 4).
#[test]
fn rule_12_1_step_4a_a_weapons_team_is_not_rallied_automatically() {
    let mut fx = quiet();
    let team = fx.place("ranger_weapons_team", "12");
    let squads: Vec<u8> = (0..3).map(|_| fx.place("ranger_squad", "12")).collect();
    fx.spend(team);
    for &u in &squads {
        fx.spend(u);
    }
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::AutoRally);
    let offered: Vec<Action> = fx.legal();
    let squads_offered: Vec<Action> = squads.iter().map(|&u| Action::AutoRally(u)).collect();
    assert_eq!(offered, squads_offered, "the squads, not the team");
    fx.act(Action::AutoRally(squads[0]));
    fx.act(Action::AutoRally(squads[1]));
    assert!(fx.is_spent(team));
    assert_eq!(
        fx.s.step,
        Step::Roll(Roll::Rally),
        "the team and the third squad roll"
    );
}

/// 12.1 step 5: "SQUAD/WEAPON TEAM type units" are fatigued: a fresh Weapons Team may be
/// chosen, a leader may not.
#[test]
fn rule_12_1_step_5_a_weapons_team_may_be_fatigued() {
    let mut fx = quiet();
    let team = fx.place("ranger_weapons_team", "12");
    let squad = fx.place("ranger_squad", "12");
    let nco = fx.place("ranger_nco_2", "12");
    to_fatigue(&mut fx);
    fx.roll(1); // one unit
    assert_eq!(fx.s.step, Step::Fatigue);
    assert!(fx.can(Action::Fatigue(team)) && fx.can(Action::Fatigue(squad)));
    assert!(!fx.can(Action::Fatigue(nco)));
    fx.act(Action::Fatigue(team));
    assert!(fx.is_spent(team) && !fx.is_spent(squad));
}

/// 12.1 step 5: "First the Initiative player, then the non-initiative player": with the
/// Germans holding the Initiative their units are fatigued first, chosen by the Rangers; then
/// the Rangers roll.
#[test]
fn rule_12_1_step_5_the_initiative_player_is_fatigued_first() {
    let mut fx = quiet();
    fx.s.initiative = Side::Germans;
    let germans: Vec<u8> = (0..2).map(|_| fx.place("german_squad", "30")).collect();
    fx.place("ranger_squad", "12");
    fx.place("ranger_squad", "12");
    to_fatigue(&mut fx);
    assert_eq!(
        fx.s.regroup.side,
        Side::Germans,
        "the Initiative player's units first"
    );
    fx.roll(1);
    assert_eq!(fx.s.step, Step::Fatigue);
    assert_eq!(
        fx.actor(),
        Actor::Player(Side::Rangers.index()),
        "the enemy chooses"
    );
    fx.act(Action::Fatigue(germans[1]));
    assert_eq!(
        (fx.s.step, fx.s.regroup.side),
        (Step::Roll(Roll::Fatigue), Side::Rangers),
        "then the Rangers"
    );
}

/// 12.1 step 5: "This die roll is halved, rounding down": a 5 spends two squads, a 6 three.
#[test]
fn rule_12_1_step_5_the_fatigue_die_is_halved_rounding_down() {
    for (die, spent) in [(5, 2), (6, 3)] {
        let mut fx = quiet();
        for _ in 0..4 {
            fx.place("ranger_squad", "12");
        }
        to_fatigue(&mut fx);
        fx.roll(die);
        assert_eq!(fx.s.regroup.remaining, spent, "die {die}");
    }
}

/// 3.21: control goes with "non-weapon units": a Ranger bazooka lying in 7 keeps nothing.
#[test]
fn rule_3_21_weapons_do_not_count_for_control() {
    let mut fx = Fixture::new();
    let seven = fx.area("7");
    let r = fx.place("ranger_squad", "7");
    fx.lay("ranger_bazooka", "7");
    fx.place("german_squad", "7");
    fx.s.eliminate(&fx.g.rules, r);
    assert_eq!(
        fx.s.controller(seven),
        Side::Germans,
        "the weapon holds nothing"
    );
}

#[test]
fn rule_3_21_control_is_the_last_side_alone_in_an_area_spent_units_still_block() {
    let mut fx = Fixture::new();
    let seven = fx.area("7");
    assert_eq!(fx.s.controller(seven), Side::Germans);
    let r = fx.place("ranger_squad", "7");
    assert_eq!(fx.s.controller(seven), Side::Rangers);
    fx.spend(r);
    let g = fx.place("german_squad", "7");
    assert_eq!(
        fx.s.controller(seven),
        Side::Rangers,
        "spent Rangers still block control"
    );
    fx.s.eliminate(&fx.g.rules, r);
    assert_eq!(fx.s.controller(seven), Side::Germans);
    fx.s.eliminate(&fx.g.rules, g);
    assert_eq!(
        fx.s.controller(seven),
        Side::Germans,
        "no garrison needed to keep control"
    );
}

/// 3.21 on the board: an area the Rangers left empty is still drawn in their colour, and an
/// empty Victory Area in its controller's (trial 13b F3: both were drawn as held by no one).
#[test]
fn rule_3_21_an_empty_area_is_drawn_in_the_colour_of_its_last_controller() {
    let mut fx = Fixture::new();
    let seven = fx.area("7");
    let r = fx.place("ranger_squad", "7");
    fx.s.eliminate(&fx.g.rules, r);
    assert_eq!(fx.s.controller(seven), Side::Rangers);
    let board = fx.g.board(&fx.s);
    let holder = |id: &str| board.places.iter().find(|p| p.id == id).unwrap().holder;
    assert_eq!(
        holder("7"),
        Some(Side::Rangers.index()),
        "left empty: still held"
    );
    assert_eq!(
        holder("23"),
        Some(Side::Germans.index()),
        "an empty Victory Area"
    );
    // The words too, which the terminal's `map` prints and the page shows on hovering.
    let tooltip = |id: &str| &board.places.iter().find(|p| p.id == id).unwrap().tooltip;
    assert!(tooltip("7").ends_with("; controlled by the Rangers (3.21)"));
    assert!(tooltip("23").ends_with("; controlled by the Germans (3.21)"));
}

/// 12.1: the Victory Areas are named where a player reads the conditions, and marked in the
/// terminal's `map` as on the picture (trial 16b F6: only the picture showed the ★).
#[test]
fn rule_12_1_the_victory_areas_are_named_and_marked_in_words() {
    let fx = Fixture::new();
    let board = fx.g.board(&fx.s);
    let tooltip = |id: &str| &board.places.iter().find(|p| p.id == id).unwrap().tooltip;
    for id in ["3", "5", "7", "23"] {
        assert!(
            tooltip(id).contains("★ a Victory Area (12.1)"),
            "{}",
            tooltip(id)
        );
    }
    assert!(!tooltip("4").contains("Victory Area"), "{}", tooltip("4"));
    let conditions = fx.g.standing(&fx.s).join("\n");
    assert!(
        conditions.contains("at least 1 other Victory Area of area 5, area 7, area 23"),
        "{conditions}"
    );
}

#[test]
fn rule_12_1_step_1_sudden_death_when_germans_control_3_and_5() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "7");
    fx.place("german_squad", "3");
    fx.place("german_squad", "5");
    fx.s.guns_reached = true;
    regroup(&mut fx);
    let o = fx.g.outcome(&fx.s).expect("game over");
    assert_eq!(o.winner, Some(Side::Germans.index()));
    assert_eq!(fx.actor(), Actor::Terminal);
}

#[test]
fn rule_12_1_step_1_ranger_victory_at_the_end_of_turn_8() {
    let mut fx = quiet();
    fx.place("ranger_squad", "7");
    fx.s.turn = 8;
    regroup(&mut fx);
    let o = fx.g.outcome(&fx.s).expect("game over after the last turn");
    assert_eq!(o.winner, Some(Side::Rangers.index()));
    assert_eq!(o.turn, 8);
}

/// 3.22 "The game consists of EIGHT game turns": turn 7's Regroup Phase, with no sudden
/// death, ends nothing (step 6 starts turn 8); turn 8, played through, ends in its Regroup
/// Phase with the end-of-game result.
#[test]
fn rule_3_22_turn_7_regroup_leads_into_turn_8_whose_regroup_ends_the_game() {
    let mut fx = quiet(); // Rangers hold 3 and 5: no sudden death, a Ranger victory at the end
    fx.s.turn = 7;
    regroup(&mut fx);
    assert!(fx.g.outcome(&fx.s).is_none(), "turn 7 is not the last");
    assert_eq!(fx.s.phase, Phase::Regroup);
    assert_ne!(fx.actor(), Actor::Terminal);
    // The rest of turn 7's Regroup: nothing to rally or pick up, no squads to fatigue.
    assert_eq!(fx.s.step, Step::PickUp);
    fx.act(Action::Pass);
    fx.act(Action::Pass);
    fx.roll(1);
    fx.roll(1);
    assert_eq!(fx.s.turn, 8, "step 6: turn 8 follows");
    assert_eq!(fx.s.phase, Phase::Initiative);
    assert!(fx.g.outcome(&fx.s).is_none());
    // Turn 8: the Initiative (Rangers 6 against the Germans' 1 + 1), nothing to fire, and
    // both players pass the Action Phase.
    fx.roll(6);
    fx.roll(1);
    fx.act(Action::GoFirst);
    assert_eq!((fx.s.turn, fx.s.phase), (8, Phase::Action));
    fx.act(Action::Pass);
    assert!(fx.g.outcome(&fx.s).is_none(), "turn 8 is played out");
    fx.act(Action::Pass); // two idle holds: the Regroup Phase, whose step 1 ends the game
    let o = fx.g.outcome(&fx.s).expect("over in turn 8's Regroup");
    assert_eq!(fx.actor(), Actor::Terminal);
    assert_eq!(o.turn, 8);
    assert_eq!(
        (o.winner, o.level),
        (Some(Side::Rangers.index()), "Ranger victory"),
        "the end-of-game result, not a sudden death"
    );
}

#[test]
fn rule_12_1_step_1_guns_not_reached_by_the_deadline_cost_the_rangers_one_level() {
    let mut fx = quiet(); // Rangers hold 3 and 5, not 7 or 23: a Ranger victory
    fx.s.guns_reached = false;
    fx.s.turn = 3;
    let before = fx.s;
    regroup(&mut fx);
    assert!(fx.s.guns_missed);
    // The log says so on the step that found it (trial 21b F7).
    let told =
        fx.g.narrate(&before, Action::Pass, &fx.s)
            .unwrap_or_default();
    assert!(
        told.contains("no Ranger reached the guns in area 33 by the end of turn 3: the Rangers' result will be one level lower"),
        "{told}"
    );
    assert!(fx.g.outcome(&fx.s).is_none(), "the game goes on");
    fx.s.turn = 8;
    regroup(&mut fx);
    let o = fx.g.outcome(&fx.s).unwrap();
    assert_eq!((o.winner, o.level), (None, "draw"));
}

/// 3.2 (the reconstructed Set Up Card) in 12.1 step 1: no Ranger Personnel left in areas
/// 1–11 is a German sudden death, even with the Rangers still controlling 3 and 5 (so the
/// other sudden death, the Germans controlling both, cannot be the cause); one Ranger there is
/// enough to go on.
#[test]
fn rule_12_1_step_1_rangers_driven_off_the_point_lose_at_once() {
    let off_the_point = |ranger_in: &str| {
        let mut fx = Fixture::new();
        fx.place("ranger_squad", "23");
        fx.place("ranger_squad", ranger_in);
        fx.place("german_squad", "38");
        fx.s.guns_reached = true;
        // 3.21: the Rangers keep 3 and 5, the last side alone there, with nobody in them.
        fx.s.ranger_control |= 1 << fx.area("3") | 1 << fx.area("5");
        regroup(&mut fx);
        fx.g.outcome(&fx.s)
    };
    let o = off_the_point("12").expect("no Ranger left in 1-11");
    assert_eq!(o.winner, Some(Side::Germans.index()));
    assert_eq!(
        o.level,
        "German sudden death (Rangers driven off the point)"
    );
    assert_eq!(o.turn, 2);
    assert!(off_the_point("9").is_none(), "a Ranger in 9 holds on");
}

/// 3.2 (the reconstructed Set Up Card: "If no Ranger has entered this area (the guns)"): a
/// Ranger group entering area 33 reaches the guns; a German group entering it does not.
#[test]
fn rule_3_2_a_ranger_group_entering_area_33_reaches_the_guns_a_german_one_does_not() {
    let mut fx = Fixture::new();
    let g = fx.place("german_squad", "34");
    fx.place("ranger_squad", "3");
    fx.phase(Phase::Action, Side::Germans);
    fx.group("34", &[g]);
    fx.act(Action::Move {
        to: fx.area("33"),
        pay: false,
    });
    assert_eq!(fx.loc(g), fx.area("33"));
    assert!(!fx.s.guns_reached, "a German in 33 reaches nothing");

    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "32");
    fx.place("german_squad", "3");
    fx.group("32", &[r]);
    assert!(!fx.s.guns_reached);
    fx.act(Action::Move {
        to: fx.area("33"),
        pay: false,
    });
    assert!(fx.s.guns_reached, "a Ranger entered 33");
}

/// 3.2 (the reconstructed Set Up Card: "entered"): a Ranger who retreats into area 33 (11.31,
/// paying CP) has entered it too, and reaches the guns.
#[test]
fn rule_3_2_a_ranger_retreating_into_area_33_reaches_the_guns() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "28"); // 28 is next to 33; 22 23 27 29 32 33 are empty
    fx.spend(r);
    fx.place("german_squad", "3");
    let a = fx.area("28");
    fx.s.attack.area = a;
    fx.s.attack.attacker = Side::Germans;
    fx.s.attack.kind = AttackKind::Direct;
    fx.phase(Phase::DirectFire, Side::Germans);
    casualties::begin(&fx.g.rules, &mut fx.s, Side::Rangers, 1 << r, 2, false);
    assert!(!fx.s.guns_reached);
    fx.act(Action::Retreat {
        unit: r,
        to: fx.area("33"),
    });
    assert_eq!(fx.loc(r), fx.area("33"));
    assert!(fx.s.guns_reached, "the retreat entered 33");
}

#[test]
fn rule_2_64_no_pick_up_in_an_area_the_side_does_not_control() {
    let mut fx = quiet();
    let sq = fx.place("ranger_squad", "30");
    let mg = fx.lay("german_mg42", "30");
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::PickUp);
    let area = fx.area("30");
    let pick = Action::PickUp {
        weapon: mg,
        unit: sq,
    };
    fx.s.ranger_control &= !(1 << area);
    assert!(!fx.can(pick), "2.64: not in an area the Germans control");
    fx.s.ranger_control |= 1 << area;
    assert!(fx.can(pick), "in a Ranger-controlled area it may");
}

/// The end of the last turn (3.2, the reconstructed Set Up Card of `scenario.toml`): the
/// Rangers control the Victory Areas in `held` (of 3, 5, 7 and 23), the Germans the others;
/// a Ranger on 9 keeps the foothold. Returns the winner and the level.
fn end_of_game(held: &[&str], guns_missed: bool) -> (Option<usize>, &'static str) {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "9");
    fx.place("german_squad", "38");
    for id in ["3", "5", "7", "23"] {
        let who = if held.contains(&id) {
            "ranger_squad"
        } else {
            "german_squad"
        };
        fx.place(who, id);
    }
    let ranger_held = fx.s.ranger_control & fx.g.rules.victory_areas;
    assert_eq!(ranger_held.count_ones() as usize, held.len(), "{held:?}");
    fx.s.guns_reached = !guns_missed;
    fx.s.guns_missed = guns_missed;
    fx.s.turn = 8;
    regroup(&mut fx);
    let o = fx.g.outcome(&fx.s).expect("the game ends after turn 8");
    assert_eq!(o.turn, 8);
    (o.winner, o.level)
}

const RANGERS: Option<usize> = Some(0);
const GERMANS: Option<usize> = Some(1);

/// 3.2: without the key area 3 the Rangers lose however many other Victory Areas they hold
/// (none of them would be sudden death with 3: the Germans need 3 and 5 for that).
#[test]
fn rule_3_2_without_area_3_the_germans_win_even_holding_the_three_others() {
    assert_eq!(end_of_game(&["5"], false), (GERMANS, "German victory"));
    assert_eq!(end_of_game(&["5", "7"], false), (GERMANS, "German victory"));
    assert_eq!(
        end_of_game(&["5", "7", "23"], false),
        (GERMANS, "German victory")
    );
}

/// 3.2: area 3 alone is a draw (no winner); 3 and one other Victory Area (any of them) is
/// the threshold of a Ranger victory.
#[test]
fn rule_3_2_area_3_alone_is_a_draw_and_one_other_victory_area_more_a_ranger_victory() {
    assert_eq!(end_of_game(&["3"], false), (None, "draw"));
    for other in ["5", "7", "23"] {
        assert_eq!(
            end_of_game(&["3", other], false),
            (RANGERS, "Ranger victory"),
            "3 and {other}"
        );
    }
}

/// 3.2: three Victory Areas with 3 are still a plain Ranger victory; all four are decisive.
#[test]
fn rule_3_2_three_victory_areas_are_a_ranger_victory_all_four_a_decisive_one() {
    assert_eq!(
        end_of_game(&["3", "5", "7"], false),
        (RANGERS, "Ranger victory")
    );
    assert_eq!(
        end_of_game(&["3", "5", "23"], false),
        (RANGERS, "Ranger victory")
    );
    assert_eq!(
        end_of_game(&["3", "5", "7", "23"], false),
        (RANGERS, "Ranger decisive victory")
    );
}

/// 3.2: guns not reached by the deadline lower each level by one, a German victory staying
/// one: decisive → victory, victory → draw, draw → German victory.
#[test]
fn rule_3_2_guns_missed_lower_each_end_of_game_level_by_one() {
    assert_eq!(
        end_of_game(&["3", "5", "7", "23"], true),
        (RANGERS, "Ranger victory")
    );
    assert_eq!(end_of_game(&["3", "5", "7"], true), (None, "draw"));
    assert_eq!(end_of_game(&["3"], true), (GERMANS, "German victory"));
    assert_eq!(end_of_game(&["5"], true), (GERMANS, "German victory"));
}

/// 12.1 step 3: an FO or a BAR Gunner rallies the spent squads and Weapons Teams of its side
/// in its area, as an NCO does, and turns fresh itself (a single-figure counter).
#[test]
fn rule_12_1_step_3_an_fo_or_a_bar_gunner_rallies_squads_and_teams_in_its_area() {
    // Rangers control 3 and 5: two automatic rallies in step 4a. Three spent Ranger squads
    // with no leader outnumber them, so the phase stops at the 4a choice with step 3 done.
    let mut fx = quiet();
    let unled: Vec<u8> = (0..3).map(|_| fx.place("ranger_squad", "12")).collect();
    let fo = fx.place("ranger_fo", "10");
    let fo_squad = fx.place("ranger_squad", "10");
    let fo_team = fx.place("ranger_weapons_team", "10");
    let bar = fx.place("ranger_bar_gunner", "9");
    let bar_squad = fx.place("ranger_squad", "9");
    let bar_team = fx.place("ranger_weapons_team", "9");
    let german_fo = fx.place("german_fo", "30");
    let german_squad = fx.place("german_squad", "30");
    let german_team = fx.place("german_weapons_team", "30");
    let rallied = [
        fo,
        fo_squad,
        fo_team,
        bar,
        bar_squad,
        bar_team,
        german_fo,
        german_squad,
        german_team,
    ];
    for &u in unled.iter().chain(&rallied) {
        fx.spend(u);
    }
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::AutoRally, "only the unled squads are left");
    for u in rallied {
        assert!(!fx.is_spent(u), "unit {u} rallied in step 3");
    }
    for u in unled {
        assert!(fx.is_spent(u), "no leader with unit {u}");
    }
}

/// 12.1 step 3: "in the same area as a FRIENDLY NCO, FO or BAR Gunner": an enemy NCO in the
/// area rallies nobody; the NCO's own side's squad beside it does rally.
#[test]
fn rule_12_1_step_3_an_enemy_nco_in_the_area_does_not_rally() {
    let mut fx = quiet(); // two automatic rallies in step 4a, outnumbered as above
    for _ in 0..3 {
        let u = fx.place("ranger_squad", "12");
        fx.spend(u);
    }
    fx.place("german_nco_2", "13");
    let ranger_squad = fx.place("ranger_squad", "13");
    let ranger_team = fx.place("ranger_weapons_team", "13");
    let own_squad = fx.place("german_squad", "13");
    fx.place("ranger_nco_3", "30");
    let german_squad = fx.place("german_squad", "30");
    let german_team = fx.place("german_weapons_team", "30");
    for u in [
        ranger_squad,
        ranger_team,
        own_squad,
        german_squad,
        german_team,
    ] {
        fx.spend(u);
    }
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::AutoRally);
    assert!(
        !fx.is_spent(own_squad),
        "the German NCO rallies its own squad"
    );
    for u in [ranger_squad, ranger_team, german_squad, german_team] {
        assert!(fx.is_spent(u), "unit {u}: its only NCO is an enemy");
    }
    assert!(
        fx.can(Action::AutoRally(ranger_squad)),
        "the Ranger squad beside the German NCO still needs a rally"
    );
}

/// 2.64: a pass in the Regroup Phase ends the side's pick-up routine, and the list and the
/// log say so rather than a bare "pass" (trial 13b F11).
#[test]
fn rule_2_64_a_pass_in_the_pick_up_routine_is_named_as_its_end() {
    let mut fx = quiet();
    fx.place("ranger_squad", "7");
    fx.lay("german_mg42", "7");
    regroup(&mut fx);
    assert_eq!(fx.s.step, Step::PickUp);
    assert!(fx.can(Action::Pass));
    assert_eq!(
        fx.g.describe(&fx.s, Action::Pass),
        "pick up no more weapons (2.64)"
    );
}

/// 2.63–2.64: a weapon no unit carries lies in its area, where a unit may pick it up: the
/// screen's area line and the board's counters show it (trial 21b F1: only `board --full`
/// did), and a carried weapon that fired says so (F2).
#[test]
fn rule_2_64_a_weapon_lying_in_an_area_is_on_the_screen_and_the_board() {
    use crate::engine::Game;
    let mut fx = Fixture::new();
    let mg = fx.lay("german_mg42", "3");
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "38");
    let screen = fx.g.render(&fx.s);
    let line = screen
        .lines()
        .find(|l| l.trim_start().starts_with("area 3 "))
        .expect("area 3's line");
    assert!(
        line.contains("lying here, carried by no one: German MG 42 (4)"),
        "{line}"
    );
    let board = fx.g.board(&fx.s);
    let place = board.places.iter().find(|p| p.id == "3").unwrap();
    assert!(
        place
            .counters
            .iter()
            .any(|c| c.face == "MG 42 (4)" && c.status.contains("lying here")),
        "{:?}",
        place.counters.iter().map(|c| &c.face).collect::<Vec<_>>()
    );
    assert_eq!(fx.s.unit(mg).link, crate::games::rudders_line::state::NONE);
    // Carried and fired: marked so on the screen's line.
    let g = fx.place("german_squad", "5");
    let w = fx.arm(g, "german_mg42");
    let line = |fx: &Fixture| {
        let screen = fx.g.render(&fx.s);
        let l = screen
            .lines()
            .find(|l| l.trim_start().starts_with("area 5 "));
        l.unwrap().to_string()
    };
    assert!(!line(&fx).contains("(4) fired"), "{}", line(&fx));
    fx.spend(w);
    assert!(
        line(&fx).contains("+German MG 42 (4) fired"),
        "{}",
        line(&fx)
    );
}

/// The scenario's held-back units (the 914th until turn 3) are marked on the screen and the
/// board, so that their areas missing from the activation list are explained (trial 21b F3).
#[test]
fn rule_10_2_a_unit_held_back_by_the_scenario_is_marked_until_its_turn() {
    use crate::engine::Game;
    let mut fx = Fixture::new();
    let u = fx.place_held_back("german_squad", "16");
    fx.place("ranger_squad", "1");
    let turn = fx.g.rules.info(u).released_on_turn;
    assert!(turn > fx.s.turn, "held back now");
    let screen = fx.g.render(&fx.s);
    assert!(
        screen.contains(&format!("held until turn {turn}")),
        "{screen}"
    );
    let board = fx.g.board(&fx.s);
    let place = board.places.iter().find(|p| p.id == "16").unwrap();
    assert!(place.counters[0]
        .status
        .contains(&format!("held until turn {turn}")));
    fx.s.turn = turn;
    assert!(
        !fx.g.render(&fx.s).contains("held until"),
        "released on its turn"
    );
}
