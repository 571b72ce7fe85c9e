//! The Combat Action in play (7.5): declaration, chits and die, results defender first,
//! retreats and Battle Victory. The pure steps are tested in `combat/tests.rs`.

use super::Fx;
use crate::engine::{Actor, Game};
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::battle;
use crate::games::crossing_the_line::charts::{CombatResult, Hits};
use crate::games::crossing_the_line::combat::{
    self, AttackKind, Battle, Combatant, DefenseKind, Stack, SupportHexes,
};
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::state::{CheckKind, State, Step, BONUS_ONLY, ELIMINATED};

fn result(attacker: u8, defender: u8, defender_red: bool) -> CombatResult {
    CombatResult {
        attacker: Hits {
            hits: attacker,
            red: false,
        },
        defender: Hits {
            hits: defender,
            red: defender_red,
        },
    }
}

/// The US 1/16 at 1412 attacks the German 453 (and `more` defenders) at 1413; the attack is
/// declared and its chits are about to be drawn.
fn attack(fx: &Fx, more: &[&str], kind: AttackKind) -> State {
    let (mut s, from, target) = facing_the_453(fx, more);
    fx.decide(&mut s, Action::Attack { from, target, kind });
    s
}

/// The 1st ID activated with 3 AP, US 1/16 in 1412 next to the German 453 (and `more`) in
/// 1413: the state, and the attack's hexes.
fn facing_the_453(fx: &Fx, more: &[&str]) -> (State, u16, u16) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    fx.hq(&mut s, "526ID", 1515);
    fx.put(&mut s, "1/16", 1412);
    fx.put(&mut s, "453", 1413);
    for name in more {
        fx.put(&mut s, name, 1413);
    }
    fx.activate(&mut s, "1ID", 3);
    (s, fx.hex(1412), fx.hex(1413))
}

/// The declared attack resolved with `r` instead of chits and die.
fn resolve_with(fx: &Fx, s: &mut State, r: CombatResult) {
    assert_eq!(s.step, Step::Chits);
    s.fight.result = r;
    battle::apply_results(fx.rs(), s);
}

#[test]
fn rule_7_5_a_declared_attack_pays_its_aps_and_draws_one_chit_a_side_from_one_cup() {
    let fx = Fx::s2();
    let s = attack(&fx, &[], AttackKind::Regular);
    assert_eq!(s.act().ap, 1, "a Regular Attack costs 2");
    assert_eq!(s.step, Step::Chits);
    let chits = fx.rs().charts.chits();
    let n: u32 = chits.iter().map(|c| c.count).sum();
    let outcomes = fx.outcomes(&s);
    assert_eq!(outcomes.iter().map(|&(_, w)| w).sum::<u32>(), n * (n - 1));
    let same = outcomes
        .iter()
        .find(|(a, _)| *a == Action::Chits(0, 0))
        .map_or(0, |&(_, w)| w);
    assert_eq!(
        same,
        chits[0].count * (chits[0].count - 1),
        "without replacement"
    );
}

#[test]
fn rule_7_5_1_the_result_reads_both_battle_strengths_the_odds_and_the_drms() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Regular);
    let rs = fx.rs();
    fx.chance(&mut s, Action::Chits(1, 2));
    fx.chance(&mut s, Action::Die(6));
    let unit = |name: &str| {
        let u = fx.unit(name);
        Combatant::new(&rs.unit(u).def, rs.unit(u).strength, false)
    };
    let b = Battle {
        attackers: Stack::of(&[unit("1/16")]),
        defenders: Stack::of(&[unit("453")]),
        attack: AttackKind::Regular,
        defense: DefenseKind::Regular,
        terrain: rs.terrain(fx.hex(1413)),
        hexside: None,
        attacker_support: SupportHexes::default(),
        defender_support: SupportHexes::default(),
        attacker_in_command: true,
        hq_support_points: rs.formation(fx.formation("1ID")).support,
    };
    let (a, d) = b.battle_strengths(&rs.charts, [1, 2]);
    let drm = combat::combat_drm(&rs.charts, &b).total();
    assert_eq!(drm, 2, "HQ Attack Support: half of 4 Support Points");
    let line = rs.charts.terrain_line(b.terrain);
    assert_eq!(s.fight.result, rs.charts.resolve(line, a, d, 6, drm));
}

#[test]
fn rule_7_5_2_the_first_sp_goes_to_the_unit_that_gave_the_anti_tank_points() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &["LwF VIII"], AttackKind::Hasty);
    resolve_with(&fx, &mut s, result(0, 1, false));
    assert_eq!(s.strength[fx.unit("453")], 2, "AT 1");
    assert_eq!(s.strength[fx.unit("LwF VIII")], 3, "AT 0");
}

#[test]
fn rule_7_5_2_a_second_hit_is_the_owners_choice_of_a_loss_or_a_retreat() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &["LwF VIII"], AttackKind::Hasty);
    resolve_with(&fx, &mut s, result(0, 2, false));
    assert_eq!(s.step, Step::SecondHit);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::German.index()));
    let mut loss = s;
    fx.decide(&mut loss, Action::TakeLoss);
    let total = |s: &State| s.strength[fx.unit("453")] + s.strength[fx.unit("LwF VIII")];
    assert_eq!(total(&loss), 4, "two SP lost");
    assert_eq!(fx.at(&loss, fx.unit("453")), 1413);
    fx.decide(&mut s, Action::RetreatInstead);
    if s.step == Step::Retreat {
        let first = fx.legal(&s)[0];
        fx.decide(&mut s, first);
    }
    assert_eq!(total(&s), 5, "only the first SP");
    let to = fx.at(&s, fx.unit("453"));
    assert_ne!(to, 1413);
    assert_eq!(
        fx.at(&s, fx.unit("LwF VIII")),
        to,
        "the stack retreats together"
    );
    assert!(![1312, 1512].contains(&to), "not into the EZOC");
}

#[test]
fn rule_7_5_2_hits_after_the_second_are_spread_evenly() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &["LwF VIII"], AttackKind::Hasty);
    resolve_with(&fx, &mut s, result(0, 4, false));
    fx.decide(&mut s, Action::TakeLoss);
    // 1st to the 453 (armour), 2nd to the LwF VIII (the only one with none), then the 3rd
    // is the owner's pick between the two, and the 4th goes to the other: 2 each.
    let (tank, infantry) = (fx.unit("453"), fx.unit("LwF VIII"));
    assert_eq!(s.step, Step::SpLoss, "both have taken one: the owner picks");
    assert_eq!(
        fx.legal(&s),
        vec![Action::SpLoss(tank as u8), Action::SpLoss(infantry as u8)]
    );
    fx.decide(&mut s, Action::SpLoss(infantry as u8));
    assert_ne!(s.step, Step::SpLoss, "the 4th has one candidate left");
    assert_eq!(s.strength[tank], 1);
    assert_eq!(s.strength[infantry], 1);
}

/// 7.5.2: "Strength Point Losses are distributed as the owner wishes among combat units",
/// within the even spread: an attacker without AFVs picks the unit taking the first SP
/// (AMBIG-16), and "no unit may absorb two Strength Point Losses before all other units have
/// absorbed one", so the 2nd goes to the other unit without asking.
#[test]
fn rule_7_5_2_the_owner_distributes_each_sp_loss_within_the_even_spread() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    let (first, second) = (fx.unit("1/16"), fx.put(&mut s, "2/16", 1412));
    s.fight.attackers = 1 << first | 1 << second;
    let before = (s.strength[first], s.strength[second]);
    resolve_with(&fx, &mut s, result(2, 0, false));
    assert_eq!(
        s.step,
        Step::SpLoss,
        "no armour attacked: the owner picks the first"
    );
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::Us.index()));
    assert_eq!(
        fx.legal(&s),
        vec![Action::SpLoss(first as u8), Action::SpLoss(second as u8)]
    );
    fx.decide(&mut s, Action::SpLoss(second as u8));
    if s.step == Step::SecondHit {
        fx.decide(&mut s, Action::TakeLoss);
    }
    assert_ne!(s.step, Step::SpLoss, "the 2nd has one candidate left");
    assert_eq!(
        (s.strength[first], s.strength[second]),
        (before.0 - 1, before.1 - 1),
        "one each, the owner's pick first"
    );
}

#[test]
fn rule_7_5_2_a_failed_check_on_a_red_result_forces_the_retreat_in_place_of_the_second_hit() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    resolve_with(&fx, &mut s, result(0, 2, true));
    let u = fx.unit("453");
    assert_eq!(
        s.step,
        Step::Check(crate::games::crossing_the_line::state::CheckKind::Combat)
    );
    // ER 3 on its front side.
    assert_eq!(
        fx.outcomes(&s),
        vec![(Action::Check(true), 3), (Action::Check(false), 7)]
    );
    fx.chance(&mut s, Action::Check(false));
    if s.step == Step::Retreat {
        let first = fx.legal(&s)[0];
        fx.decide(&mut s, first);
    }
    assert!(s.is_disrupted(u));
    assert_eq!(s.strength[u], 2, "the retreat stands for the 2nd hit");
    assert_ne!(fx.at(&s, u), 1413);
}

#[test]
fn rule_5_6_2_a_disrupted_unit_failing_a_combat_check_loses_one_more_sp() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    let u = fx.unit("453");
    s.disrupted |= 1 << u;
    resolve_with(&fx, &mut s, result(0, 1, true));
    assert_eq!(
        fx.outcomes(&s)[0],
        (Action::Check(true), 2),
        "the disrupted ER"
    );
    fx.chance(&mut s, Action::Check(false));
    assert_eq!(s.strength[u], 1, "1 hit and 1 for failing again");
}

#[test]
fn rule_7_5_2_a_forced_retreat_with_nowhere_to_go_costs_2_sp_a_unit() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    // US units on every other side of 1413.
    let names = ["2/16", "3/16", "1/18", "2/18", "3/18"];
    let others: Vec<u16> = fx.ring(1413).into_iter().filter(|&h| h != 1412).collect();
    for (name, &h) in names.iter().zip(&others) {
        fx.put(&mut s, name, h);
    }
    let u = fx.unit("453");
    resolve_with(&fx, &mut s, result(0, 2, true));
    fx.chance(&mut s, Action::Check(false));
    assert_eq!(
        s.strength[u], 0,
        "3 SP: 1 hit and 2 for the impossible retreat"
    );
    assert_eq!(s.hex[u], ELIMINATED);
}

/// 7.3.8: "During game turns 1 to 3, German units are not permitted to enter any hex to the
/// north-west of the outer pillbox-line", and a retreat (7.5.2) enters a hex. The 453 at 2106,
/// the line's end, with US units on every side but 2105, north-west of the line: forced to
/// retreat on turn 3 it has nowhere to go (+2 SP: eliminated); on turn 4 it retreats into 2105.
#[test]
fn rule_7_3_8_german_units_do_not_retreat_north_west_of_the_pillbox_line_on_turns_1_to_3() {
    let fx = Fx::s2();
    assert!(fx
        .rs()
        .german_restricted
        .contains(usize::from(fx.hex(2105))));
    let others: Vec<u16> = fx
        .ring(2106)
        .into_iter()
        .filter(|&h| h != 2105 && h != 2107)
        .collect();
    assert_eq!(others.len(), 4);
    for turn in [3, 4] {
        let mut s = fx.bare();
        s.turn = turn;
        fx.hq(&mut s, "1ID", 1910);
        fx.hq(&mut s, "526ID", 2211);
        let u = fx.put(&mut s, "453", 2106);
        fx.put(&mut s, "1/16", 2107);
        for (name, &h) in ["2/16", "3/16", "1/18", "2/18"].iter().zip(&others) {
            fx.put(&mut s, name, h);
        }
        fx.activate(&mut s, "1ID", 3);
        let (from, target) = (fx.hex(2107), fx.hex(2106));
        let kind = AttackKind::Hasty;
        fx.decide(&mut s, Action::Attack { from, target, kind });
        resolve_with(&fx, &mut s, result(0, 2, true));
        fx.chance(&mut s, Action::Check(false)); // a forced retreat
        if turn == 3 {
            assert_eq!(
                s.hex[u], ELIMINATED,
                "1 hit and 2 for the impossible retreat"
            );
        } else {
            assert_eq!(fx.at(&s, u), 2105, "turn 4: into 2105");
        }
    }
}

#[test]
fn rule_7_5_3_the_attacker_with_fewer_hits_wins_a_bonus_ap_for_its_units() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    resolve_with(&fx, &mut s, result(0, 1, false));
    let u = fx.unit("1/16");
    assert_eq!(s.step, Step::Action);
    assert_eq!((s.act().ap, s.act().bonus), (2, 1));
    assert_eq!(s.act().bonus_units, 1 << u);
    // The headline (page and terminal) tells the bonus AP beside the AP (trial 13b F5).
    let headline = crate::games::crossing_the_line::describe::headline(fx.rs(), &s, None);
    assert!(
        headline.contains("US active, 2 AP + 1 bonus AP (7.5.3)"),
        "{headline}"
    );
    // A move by the winner spends the bonus AP first.
    fx.move_to(&mut s, u, 1411);
    assert_eq!((s.act().ap, s.act().bonus), (2, 0));
}

#[test]
fn rule_7_5_3_a_defender_that_wins_acts_with_its_bonus_ap_inside_the_activation() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    resolve_with(&fx, &mut s, result(1, 0, false));
    assert_eq!(s.step, Step::Action);
    assert_eq!(s.act().side, Side::German);
    assert_eq!(s.act().formation, BONUS_ONLY);
    assert_eq!(s.act().bonus_units, 1 << fx.unit("453"));
    assert!(fx.legal(&s).iter().any(|a| matches!(
        a,
        Action::Attack {
            kind: AttackKind::Hasty,
            ..
        }
    )));
    fx.decide(&mut s, Action::End);
    assert_eq!(s.act().side, Side::Us);
    assert_eq!(s.act().ap, 2);
}

/// 7.5.3: the step that ends a battle tells who won it and the bonus AP it gives, so that the
/// defender's bonus action inside the attacker's activation is explained.
#[test]
fn rule_7_5_3_the_battle_victory_and_its_bonus_ap_are_told() {
    let fx = Fx::s2();
    // A tie (no fewer hits) wins nothing, and nothing is told.
    let during = attack(&fx, &[], AttackKind::Hasty);
    let mut after = during;
    resolve_with(&fx, &mut after, result(1, 1, false));
    let told =
        fx.g.narrate(&during, Action::End, &after)
            .unwrap_or_default();
    assert!(!told.contains("win the battle"), "{told}");
    for (hits, winner) in [
        (result(1, 0, false), "Germans"),
        (result(0, 1, false), "US"),
    ] {
        let during = attack(&fx, &[], AttackKind::Hasty);
        assert_ne!(during.fight.attackers, 0, "a battle under way");
        let mut after = during;
        resolve_with(&fx, &mut after, hits);
        let told =
            fx.g.narrate(&during, Action::End, &after)
                .unwrap_or_default();
        assert!(
            told.contains(&format!(
                "the {winner} win the battle (fewer hits, 7.5.3): 1 bonus AP for their 1 \
                 involved unit In Command"
            )),
            "{told}"
        );
    }
}

/// 7.5.3, AMBIG-19 (the reading `defender_bonus_reaction`): the 453 wins its defence against
/// the 1/16 and moves east with its bonus AP from 1413, next to the 3rd AD's 1/36 to its west
/// (In Command, FAL 3). Under `none` the US may not react; under `allowed` the 3rd AD may
/// attempt it ("The bonus AP can trigger a reaction attempt"), the 1st ID, whose activation
/// it interrupts, not.
#[test]
fn rule_7_5_3_ambig_19_a_defenders_bonus_move_triggers_a_reaction_or_not_by_the_reading() {
    let allowed = Fx::s2_edited("charts.toml", "value = \"none\"", "value = \"allowed\"");
    for (fx, reacts) in [(Fx::s2(), false), (allowed, true)] {
        let mut s = attack(&fx, &[], AttackKind::Hasty);
        let ring = fx.ring(1413);
        let west = *ring.iter().rfind(|&&h| h / 100 == 13).expect("a hex west");
        let east = *ring.iter().find(|&&h| h / 100 == 15).expect("a hex east");
        let armored = fx.hq(&mut s, "3AD", 1213);
        s.fal[usize::from(armored)] = 3;
        fx.put(&mut s, "1/36", west);
        resolve_with(&fx, &mut s, result(1, 0, false));
        let german = fx.unit("453");
        assert_eq!(s.act().bonus_units, 1 << german);
        fx.move_to(&mut s, german, east);
        let offered = s.step == Step::ReactionOffer;
        assert_eq!(offered, reacts);
        if reacts {
            assert_eq!(fx.g.actor(&s), Actor::Player(Side::Us.index()));
            let legal = fx.legal(&s);
            assert!(legal.contains(&Action::React(armored)));
            assert!(!legal.contains(&Action::React(fx.formation("1ID"))));
        } else {
            assert_eq!(fx.at(&s, german), east);
        }
    }
}

/// 7.5.3: "The side that receives the lower combat hit number in a combat, wins the battle ...
/// The winning unit or stack immediately receives one bonus Action Point", with no limit to how
/// often. The 1/16 attacks the 453 and the defender wins; the 453 spends its bonus AP on an
/// attack, and the 1/16's defence wins; and so on, eight defender wins in a row (more than
/// `MAX_DEPTH` nested activations). Each winner gets its bonus AP and acts with it; when the
/// last one ends, the 1ID's activation goes on with the 2 AP it had left. (Units are put back to
/// full strength after each battle so that losses do not cut the chain.)
#[test]
fn rule_7_5_3_a_chain_of_defender_wins_gives_every_winner_its_bonus_ap() {
    use crate::games::crossing_the_line::state::MAX_DEPTH;
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    let (us, german) = (fx.unit("1/16"), fx.unit("453"));
    let full = |s: &mut State| {
        for u in [us, german] {
            s.strength[u] = fx.rs().unit(u).strength;
        }
    };
    let wins = MAX_DEPTH + 4;
    for n in 0..wins {
        // The defender of this battle: the 453 first, then each side in turn.
        let (winner, side, loser) = if n % 2 == 0 {
            (german, Side::German, us)
        } else {
            (us, Side::Us, german)
        };
        resolve_with(&fx, &mut s, result(1, 0, false));
        full(&mut s);
        assert_eq!(s.step, Step::Action, "defender win {}", n + 1);
        assert_eq!(s.act().side, side, "defender win {}: its side acts", n + 1);
        assert_eq!(
            s.act().formation,
            BONUS_ONLY,
            "defender win {}: a bonus activation",
            n + 1
        );
        assert_eq!(
            (s.act().ap, s.act().bonus, s.act().bonus_units),
            (0, 1, 1 << winner),
            "defender win {}: one bonus AP for the winner",
            n + 1
        );
        if n + 1 == wins {
            break;
        }
        // The winner spends its bonus AP on a Hasty Attack on the unit that attacked it.
        let (from, target) = (s.hex[winner], s.hex[loser]);
        let kind = AttackKind::Hasty;
        fx.decide(&mut s, Action::Attack { from, target, kind });
    }
    fx.decide(&mut s, Action::End);
    assert_eq!(s.step, Step::Action);
    assert_eq!(s.depth, 0);
    assert_eq!(
        (s.act().side, s.act().formation, s.act().ap),
        (Side::Us, fx.formation("1ID"), 2),
        "the 1ID's activation goes on"
    );
}

/// First Blood: the US 1/16 at 2007 attacks the static German 453 (3 SP) at 2107, its HQ at
/// 2211; the attack is declared. Returns the state and the 453.
fn first_blood_attack(fx: &Fx) -> (State, usize) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "526ID", 2211);
    fx.put(&mut s, "1/16", 2007);
    let u = fx.put(&mut s, "453", 2107);
    fx.activate(&mut s, "1ID", 3);
    let (from, target) = (fx.hex(2007), fx.hex(2107));
    fx.decide(
        &mut s,
        Action::Attack {
            from,
            target,
            kind: AttackKind::Hasty,
        },
    );
    (s, u)
}

#[test]
fn rule_10_1_the_static_germans_take_the_second_hit_as_a_loss_and_win_no_battle() {
    let fx = Fx::new("first-blood");
    let (mut s, u) = first_blood_attack(&fx);
    resolve_with(&fx, &mut s, result(1, 2, false));
    assert_eq!(s.strength[u], 1, "no retreat offered");
    assert_eq!(s.step, Step::Action);
    assert_eq!(s.act().side, Side::Us, "no German Battle Victory");
}

/// 10.1: the static Germans "may not ... earn Battle Victory": a 1/0 result, which wins the
/// battle for the defender (7.5.3), gives the 453 (In Command of its HQ) no bonus activation;
/// the US activation goes on. In the Stolberg Corridor the same result gives it one
/// (`rule_7_5_3_a_defender_that_wins_acts_with_its_bonus_ap_inside_the_activation`).
#[test]
fn rule_10_1_the_static_germans_earn_no_battle_victory_when_they_win_the_battle() {
    let fx = Fx::new("first-blood");
    let (mut s, u) = first_blood_attack(&fx);
    assert!(crate::games::crossing_the_line::command::in_command(
        fx.rs(),
        &s,
        u
    ));
    let ap = s.act().ap;
    resolve_with(&fx, &mut s, result(1, 0, false));
    assert_eq!(s.strength[u], 3, "the 453 took no hit");
    assert_eq!(s.depth, 0, "no German bonus activation");
    assert_eq!(s.step, Step::Action);
    assert_eq!(s.act().side, Side::Us);
    assert_eq!(s.act().formation, fx.formation("1ID"));
    assert_eq!((s.act().ap, s.act().bonus), (ap, 0), "nor a US one");
}

/// 10.1: the static Germans "simply sit and absorb any combat hits as strength point losses
/// unless forced to conduct a forced retreat": a red 0/2 whose check the 453 fails (7.5.2)
/// forces its retreat, which stands for the 2nd hit, rather than a second SP loss.
#[test]
fn rule_10_1_the_static_germans_make_a_forced_retreat_instead_of_a_second_loss() {
    let fx = Fx::new("first-blood");
    let (mut s, u) = first_blood_attack(&fx);
    resolve_with(&fx, &mut s, result(0, 2, true));
    assert_eq!(s.step, Step::Check(CheckKind::Combat));
    fx.chance(&mut s, Action::Check(false));
    assert_ne!(fx.at(&s, u), 2107, "the 453 retreats out of 2107");
    assert!(fx.ring(2107).contains(&fx.at(&s, u)), "one hex");
    assert_eq!(s.strength[u], 2, "the first hit only: no second SP");
    assert!(s.is_disrupted(u));
    assert_eq!((s.step, s.act().side), (Step::Action, Side::Us));
}

/// 5.3.1: "Stacking Limits ... must only be met at the end of an Action ... or retreat", and
/// "All combat units in an overstacked hex (at the end of an Action or retreat) suffer an
/// automatic disruption ... any surplus ... must immediately be displaced" (5.3.3: by the
/// enemy). The 453 retreats (the 2nd hit, 7.5.2) into a hex holding three German units: all
/// four are disrupted and the US player displaces one of them.
#[test]
fn rule_5_3_1_a_retreat_into_a_hex_of_three_friendly_units_overstacks_it() {
    let fx = Fx::s2();
    // Where the 453 may retreat to from 1413: the first hex offered.
    let mut probe = attack(&fx, &[], AttackKind::Hasty);
    resolve_with(&fx, &mut probe, result(0, 2, false));
    fx.decide(&mut probe, Action::RetreatInstead);
    let u = fx.unit("453");
    let to = match fx.legal(&probe).first() {
        Some(&Action::RetreatTo(h)) if probe.step == Step::Retreat => h,
        _ => probe.hex[u],
    };
    assert!(fx.ring(1413).contains(&fx.number(to)));
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    let there = ["GR 941", "GR 942", "GR 943"];
    for name in there {
        fx.put(&mut s, name, fx.number(to));
    }
    resolve_with(&fx, &mut s, result(0, 2, false));
    fx.decide(&mut s, Action::RetreatInstead);
    if s.step == Step::Retreat {
        fx.decide(&mut s, Action::RetreatTo(to));
    }
    assert_eq!(s.hex[u], to, "retreated");
    let four: Vec<usize> = there.iter().map(|n| fx.unit(n)).chain([u]).collect();
    for &v in &four {
        assert!(s.is_disrupted(v), "{}: disrupted", fx.rs().unit(v).name);
    }
    assert_eq!(s.step, Step::UnitDisplacement);
    assert_eq!(
        fx.g.actor(&s),
        Actor::Player(Side::Us.index()),
        "the enemy displaces"
    );
    let first = fx.legal(&s)[0];
    fx.decide(&mut s, first);
    assert_eq!(fx.names_at(&s, Side::German, fx.number(to)).len(), 3);
    let moved: Vec<usize> = four.iter().copied().filter(|&v| s.hex[v] != to).collect();
    assert_eq!(moved.len(), 1, "one displaced");
    assert!(fx.ring(fx.number(to)).contains(&fx.at(&s, moved[0])));
    assert_eq!(s.strength[u], 2, "the retreat stood for the 2nd hit");
}

#[test]
fn rule_7_7_a_stack_under_improved_defense_defends_so() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    fx.hq(&mut s, "526ID", 1507);
    fx.put(&mut s, "1/16", 1412);
    let u = fx.put(&mut s, "453", 1413);
    s.improved |= 1 << u;
    fx.activate(&mut s, "1ID", 3);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    fx.decide(
        &mut s,
        Action::Attack {
            from,
            target,
            kind: AttackKind::Hasty,
        },
    );
    assert_eq!(s.fight.defense, DefenseKind::Improved);
}

#[test]
fn rule_5_8_3_out_of_command_units_attack_only_hasty_at_double_cost() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1102);
    fx.hq(&mut s, "526ID", 1507);
    fx.put(&mut s, "1/16", 1412);
    fx.put(&mut s, "453", 1413);
    fx.activate(&mut s, "1ID", 3);
    let kinds: Vec<AttackKind> = fx
        .legal(&s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Attack { kind, .. } => Some(kind),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, vec![AttackKind::Hasty]);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    fx.decide(
        &mut s,
        Action::Attack {
            from,
            target,
            kind: AttackKind::Hasty,
        },
    );
    assert_eq!(s.act().ap, 1, "2 AP");
}

/// 7.5.1: the odds shown before an attack is committed are exact: the distribution of CRT
/// results over both chits and the die equals the engine's own chance nodes, enumerated
/// from the declared attack through the chits and the die to the result it narrates.
#[test]
fn rule_7_5_1_the_odds_before_committing_are_the_engine_s_chits_and_die() {
    let fx = Fx::s2();
    let s = attack(&fx, &["LwF VIII"], AttackKind::Regular);
    let g = &fx.g;
    let exact = crate::analysis::crossing_the_line::battle_result(
        &fx.rs().charts,
        &battle::battle(fx.rs(), &s),
    );
    let mut engine: Vec<(String, u128)> = Vec::new();
    let (mut chits, mut dice) = (Vec::new(), Vec::new());
    g.chance_outcomes(&s, &mut chits);
    for &(c, wc) in &chits {
        let mut drawn = s;
        g.apply(&mut drawn, c);
        assert_eq!(drawn.step, Step::CombatDie);
        g.chance_outcomes(&drawn, &mut dice);
        for &(d, wd) in &dice {
            let mut rolled = drawn;
            g.apply(&mut rolled, d);
            let text = g.narrate(&drawn, d, &rolled).unwrap();
            let after_arrow = text.split("→ ").nth(1).unwrap();
            let result = after_arrow.split([' ', ',']).next().unwrap();
            let w = u128::from(wc) * u128::from(wd);
            match engine.iter_mut().find(|(r, _)| r == result) {
                Some((_, x)) => *x += w,
                None => engine.push((result.to_string(), w)),
            }
        }
    }
    let total: u128 = engine.iter().map(|(_, w)| w).sum();
    assert_eq!(total, exact.total());
    for (r, w) in &engine {
        let p = exact.prob(|x| x == r);
        assert_eq!(p, crate::analysis::Fraction::new(*w, total), "{r}");
    }
    assert_eq!(engine.len(), exact.weights().len());
}

#[test]
fn rule_7_5_an_hq_takes_no_hit_does_not_retreat_and_is_displaced_when_left_alone() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    let hq = fx.hq(&mut s, "526ID", 1413); // with the 453
    let (support, fal) = (s.support[usize::from(hq)], s.fal[usize::from(hq)]);
    let u = fx.unit("453");
    resolve_with(&fx, &mut s, result(0, 2, true));
    fx.chance(&mut s, Action::Check(false)); // a forced retreat
    let mut steps = 0;
    while (s.hex[u] == fx.hex(1413) || s.displacing != 0) && steps < 8 {
        let first = fx.legal(&s)[0];
        fx.decide(&mut s, first);
        steps += 1;
    }
    assert_ne!(s.hex[u], fx.hex(1413), "the 453 retreated");
    assert_ne!(
        s.hq_hex[usize::from(hq)],
        fx.hex(1413),
        "the HQ stayed behind alone and was displaced (5.3.2)"
    );
    assert!(
        s.support[usize::from(hq)] < support || s.fal[usize::from(hq)] < fal,
        "displacement costs Support and FAL, not the combat"
    );
}

/// AMBIG-18 (the reading `red_result_attacker_checks`): "Hits printed in red require that all
/// units in the corresponding attacking / defending hex must make an EC": the units that
/// attacked (`attackers`), or every unit of the attacking hex (`whole_hex`); a bystander that
/// fails is disrupted.
#[test]
fn rule_7_5_2_ambig_18_a_red_result_checks_the_attackers_or_the_whole_hex_by_the_reading() {
    let whole_hex = Fx::s2_edited(
        "charts.toml",
        "value = \"attackers\"",
        "value = \"whole_hex\"",
    );
    for (fx, bystander_checks) in [(Fx::s2(), false), (whole_hex, true)] {
        let mut s = attack(&fx, &[], AttackKind::Hasty);
        let (attacker, bystander) = (fx.unit("1/16"), fx.put(&mut s, "2/16", 1412));
        assert_eq!(s.fight.attackers, 1 << attacker);
        let red = CombatResult {
            attacker: Hits { hits: 1, red: true },
            defender: Hits {
                hits: 0,
                red: false,
            },
        };
        resolve_with(&fx, &mut s, red);
        let mut checked = 0;
        while let Step::Check(_) = s.step {
            fx.chance(&mut s, Action::Check(false));
            checked += 1;
        }
        assert_eq!(checked, 1 + usize::from(bystander_checks));
        assert!(s.is_disrupted(attacker));
        assert_eq!(s.is_disrupted(bystander), bystander_checks);
    }
}

/// 7.1: "The attacker decides which units in the attacking hex will participate; all defending
/// units must participate." The 1/16 and 2/16 at 1412 may both attack the 453 at 1413; only
/// the 1/16 is added. The 2/16 brings no strength to the battle, takes none of the attacker's
/// losses and, under the adopted reading of AMBIG-18 (`attackers`), no EC on its red result.
#[test]
fn rule_7_1_the_attacker_decides_which_units_of_the_attacking_hex_take_part() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    fx.hq(&mut s, "526ID", 1515);
    let a = fx.put(&mut s, "1/16", 1412);
    let b = fx.put(&mut s, "2/16", 1412);
    fx.put(&mut s, "453", 1413);
    fx.activate(&mut s, "1ID", 3);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = AttackKind::Regular;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    assert_eq!(s.step, Step::Attackers);
    let add = |u: usize| Action::AddAttacker(u as u8);
    assert_eq!(
        fx.legal(&s),
        vec![add(a), add(b)],
        "no attack without an attacker"
    );
    fx.decide(&mut s, add(a));
    assert_eq!(fx.legal(&s), vec![add(b), Action::Resolve]);
    fx.decide(&mut s, Action::Resolve);
    assert_eq!(s.step, Step::Chits);
    assert_eq!(s.fight.attackers, 1 << a, "the 2/16 stays out");
    assert_eq!(s.fight.defenders, 1 << fx.unit("453"));
    assert_eq!(s.act().ap, 1, "a Regular Attack costs 2");
    let combatant = |u: usize| Combatant::new(&rs.unit(u).def, rs.unit(u).strength, false);
    assert_eq!(
        battle::battle(rs, &s).attackers,
        Stack::of(&[combatant(a)]),
        "the battle counts the 1/16 alone"
    );
    // Two hits and a red result for the attacker, none for the defender.
    s.fight.result = CombatResult {
        attacker: Hits { hits: 2, red: true },
        defender: Hits {
            hits: 0,
            red: false,
        },
    };
    battle::apply_results(rs, &mut s);
    assert_eq!(s.strength[a], rs.unit(a).strength - 1, "the first hit");
    assert_eq!(s.step, Step::Check(CheckKind::Combat));
    assert_eq!(s.queue, 1 << a, "the 1/16 checks, and no one else");
    fx.chance(&mut s, Action::Check(true));
    assert_eq!(s.step, Step::SecondHit);
    fx.decide(&mut s, Action::TakeLoss);
    assert_eq!(
        s.strength[a],
        rs.unit(a).strength - 2,
        "both hits on the 1/16"
    );
    assert_eq!(s.step, Step::Action);
    assert_eq!(s.strength[b], rs.unit(b).strength, "no loss for the 2/16");
    assert!(!s.is_disrupted(b));
    assert_eq!(fx.at(&s, b), 1412);
}

/// 7.5.1 step E: "Cross-reference the ratio with the type of hex terrain occupied by the
/// defender(s)". The 1/16 attacks from clear 1213 into the Town 1214 (no hexside feature
/// between): with chits and die fixed where the Town and Clear lines give different results,
/// the result is the Town line's.
#[test]
fn rule_7_5_1_the_result_reads_the_defender_s_hex_terrain_line() {
    use crate::games::crossing_the_line::map::{HexsideFeatures, Terrain};
    let fx = Fx::s2();
    let rs = fx.rs();
    let (from, target) = (fx.hex(1213), fx.hex(1214));
    assert_eq!(rs.terrain(from), Terrain::Clear);
    assert_eq!(rs.terrain(target), Terrain::Town);
    let dir = rs.direction(from, target).expect("adjacent");
    assert_eq!(rs.hexside(from, dir), HexsideFeatures::NONE);
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1111);
    fx.hq(&mut s, "526ID", 1515);
    fx.put(&mut s, "1/16", 1213);
    fx.put(&mut s, "453", 1214);
    fx.activate(&mut s, "1ID", 3);
    let kind = AttackKind::Regular;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    let unit = |name: &str| {
        let u = fx.unit(name);
        Combatant::new(&rs.unit(u).def, rs.unit(u).strength, false)
    };
    let support_points = s.support[usize::from(fx.formation("1ID"))];
    let on = |terrain: Terrain| Battle {
        attackers: Stack::of(&[unit("1/16")]),
        defenders: Stack::of(&[unit("453")]),
        attack: kind,
        defense: DefenseKind::Regular,
        terrain,
        hexside: None,
        attacker_support: SupportHexes::default(),
        defender_support: SupportHexes::default(),
        attacker_in_command: true,
        hq_support_points: support_points,
    };
    let result = |terrain: Terrain, chits: [usize; 2], die: u8| {
        let b = on(terrain);
        let (a, d) = b.battle_strengths(&rs.charts, chits);
        let drm = combat::combat_drm(&rs.charts, &b).total();
        rs.charts
            .resolve(rs.charts.terrain_line(terrain), a, d, die, drm)
    };
    // The first chits and die where the two lines part.
    let (chits, die) = fx
        .outcomes(&s)
        .into_iter()
        .filter_map(|(a, w)| match a {
            Action::Chits(x, y) if w > 0 => Some([usize::from(x), usize::from(y)]),
            _ => None,
        })
        .flat_map(|c| (1..=10).map(move |d| (c, d)))
        .find(|&(c, d)| result(Terrain::Town, c, d) != result(Terrain::Clear, c, d))
        .expect("chits and a die where Town and Clear differ");
    fx.chance(&mut s, Action::Chits(chits[0] as u8, chits[1] as u8));
    fx.chance(&mut s, Action::Die(die));
    assert_eq!(s.fight.result, result(Terrain::Town, chits, die));
    assert_ne!(s.fight.result, result(Terrain::Clear, chits, die));
}

/// 5.4.1: "Combat Support can only be used, when the supporting unit projects a ZOC onto the
/// enemy attacking or defending hex" (`battle::support_hexes`). The 453 defends the Town 1214
/// against the 1/16 from 1213. The 1st ID's recce (an AFV) next to it projects no ZOC into a
/// Town (5.4: AFVs only into clear) and gives no support; the 2/16 (infantry) in the same hex
/// does. Next to the 453 in clear 1413 the same AFV supports.
#[test]
fn rule_5_4_1_combat_support_needs_a_zoc_on_the_enemy_hex() {
    use crate::games::crossing_the_line::counters::UnitClass;
    use crate::games::crossing_the_line::map::{HexsideFeatures, Terrain};
    let fx = Fx::s2();
    let rs = fx.rs();
    let support = |s: &State, from: u16, target: u16| {
        let attacker = fx.unit("1/16");
        battle::support_hexes(
            rs,
            s,
            (Side::Us, fx.hex(target), fx.hex(from)),
            battle::formations_of(s, 1 << attacker),
            |_| true,
        )
    };
    // A neighbour of `target` other than `from`, with no hexside feature toward it.
    let beside = |target: u16, from: u16| {
        fx.ring(target)
            .into_iter()
            .find(|&n| {
                n != from
                    && rs.hexside(fx.hex(n), rs.direction(fx.hex(n), fx.hex(target)).unwrap())
                        == HexsideFeatures::NONE
            })
            .expect("an open neighbour")
    };
    let (afv, inf) = ("1 Rcn", "2/16");
    assert_eq!(rs.unit(fx.unit(afv)).class, UnitClass::Afv);
    assert_eq!(rs.unit(fx.unit(inf)).class, UnitClass::Infantry);
    let one = SupportHexes {
        same_formation: 1,
        other_formation: 0,
    };
    for (from, target, terrain) in [(1213, 1214, Terrain::Town), (1412, 1413, Terrain::Clear)] {
        assert_eq!(rs.terrain(fx.hex(target)), terrain);
        let n = beside(target, from);
        let mut s = fx.bare();
        fx.hq(&mut s, "1ID", 1111);
        fx.hq(&mut s, "526ID", 1515);
        fx.put(&mut s, "1/16", from);
        fx.put(&mut s, "453", target);
        let mut with_afv = s;
        fx.put(&mut with_afv, afv, n);
        let want = match terrain {
            Terrain::Town => SupportHexes::default(),
            _ => one,
        };
        assert_eq!(support(&with_afv, from, target), want, "the AFV in {n}");
        let mut with_inf = s;
        fx.put(&mut with_inf, inf, n);
        assert_eq!(support(&with_inf, from, target), one, "the infantry in {n}");
    }
}

/// 7.5.2: "A hex containing an EZOC must be entered if a unit is forced to conduct retreat and
/// no other hex is available. Each retreating unit takes one additional Strength Point Loss
/// which does not count as satisfaction for any remaining combat hits." The 453 and the
/// LwF VIII (3 SP each) at 1413 take a red 0/2 from the 1/16 at 1412 and fail their checks: a
/// forced retreat. US units hold every neighbour but 1312, which is in the 1/16's ZOC. The
/// stack retreats into 1312 and each unit loses one more SP; the retreat stands for the 2nd
/// hit (AMBIG-15: no further loss for it).
#[test]
fn rule_7_5_2_a_forced_retreat_enters_an_ezoc_when_no_other_hex_is_open_at_1_sp_a_unit() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &["LwF VIII"], AttackKind::Hasty);
    let (tank, infantry) = (fx.unit("453"), fx.unit("LwF VIII"));
    assert_eq!((s.strength[tank], s.strength[infantry]), (3, 3));
    for (name, h) in [
        ("2/16", 1414),
        ("3/16", 1513),
        ("1/18", 1512),
        ("2/18", 1313),
    ] {
        fx.put(&mut s, name, h);
    }
    let open: Vec<u16> = fx
        .ring(1413)
        .into_iter()
        .filter(|&h| h != 1412 && fx.names_at(&s, Side::Us, h).is_empty())
        .collect();
    assert_eq!(open, vec![1312], "one hex left open");
    assert!(s.zoc[Side::Us.index()].contains(usize::from(fx.hex(1312))));
    resolve_with(&fx, &mut s, result(0, 2, true));
    let mut checks = 0;
    while s.step == Step::Check(CheckKind::Combat) {
        fx.chance(&mut s, Action::Check(false));
        checks += 1;
    }
    assert_eq!(checks, 2, "both units check on the red result");
    assert_eq!(s.hex[tank], fx.hex(1312), "into the EZOC");
    assert_eq!(s.hex[infantry], fx.hex(1312), "the stack does not split");
    assert_eq!(
        s.strength[tank], 1,
        "the first hit and 1 for the EZOC; the retreat stood for the 2nd hit"
    );
    assert_eq!(
        s.strength[infantry], 2,
        "1 for the EZOC; the retreat stood for the 2nd hit"
    );
    assert!(s.is_disrupted(tank) && s.is_disrupted(infantry));
    assert_eq!((s.step, s.act().side), (Step::Action, Side::Us));
}

/// 7.5.2: "A unit or stack must retreat towards the nearest hex adjacent to a friendly supply
/// area", and "Hexes ... prohibited to enter by retreating are: Enemy occupied hexes
/// (including those occupied solely by HQs). EZOCs (Exception: Forced Retreat)." The 453 at
/// 1413 retreats (voluntarily, for its 2nd hit) from the 1/16 at 1412. Outside the 1/16's ZOC,
/// 1414 and 1513 are 13 hexes from the German supply area and 1313 is 14 (AMBIG-35): the
/// German player is offered 1414 and 1513, not 1313. With only a US HQ in 1513, the 453 goes to
/// 1414 without a choice: 1313 is open, but farther.
#[test]
fn rule_7_5_2_a_retreat_goes_toward_the_nearest_hex_adjacent_to_a_friendly_supply_area() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let dist = |h: u16| rs.supply_distance[Side::German.index()][usize::from(fx.hex(h))];
    assert_eq!((dist(1414), dist(1513), dist(1313)), (13, 13, 14));
    let u = fx.unit("453");
    // Every non-EZOC neighbour open: the nearest two are offered.
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    for h in [1414, 1513, 1313] {
        assert!(!s.zoc[Side::Us.index()].contains(usize::from(fx.hex(h))));
    }
    resolve_with(&fx, &mut s, result(0, 2, false));
    fx.decide(&mut s, Action::RetreatInstead);
    assert_eq!(s.step, Step::Retreat);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::German.index()));
    let mut offered: Vec<u16> = fx
        .legal(&s)
        .into_iter()
        .map(|a| match a {
            Action::RetreatTo(h) => fx.number(h),
            other => panic!("{other:?} offered in a retreat"),
        })
        .collect();
    offered.sort();
    assert_eq!(offered, vec![1414, 1513], "not 1313, one hex farther");
    // A US HQ alone in 1513: two non-EZOC hexes open, 1414 and 1313; only the nearer is taken.
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    fx.hq(&mut s, "3AD", 1513);
    resolve_with(&fx, &mut s, result(0, 2, false));
    fx.decide(&mut s, Action::RetreatInstead);
    assert_ne!(s.step, Step::Retreat, "one hex only: no choice");
    assert_eq!(fx.at(&s, u), 1414);
    assert_eq!(s.strength[u], 2, "the retreat stood for the 2nd hit");
}

/// 7.5.3: "The winning unit or stack immediately recieves one bonus Action Point, restricted
/// as follows: ... 2. The unit(s) must be within Command Range of the parent HQ." The 1/16
/// wins its Hasty Attack with the 1st ID's HQ at 1102, beyond its Command Range: no bonus AP.
/// The 453 wins its defence with the 526th's HQ at 2211, out of range: no bonus activation.
/// The 453 (its HQ at 1515, in range) and the GR 941 (the 353rd's HQ at 2221, out of range)
/// win together: the 453 alone gets the bonus AP.
#[test]
fn rule_7_5_3_only_winners_in_command_range_of_their_hq_get_the_bonus_ap() {
    use crate::games::crossing_the_line::command::in_command;
    let fx = Fx::s2();
    let rs = fx.rs();
    let (us, german, gr) = (fx.unit("1/16"), fx.unit("453"), fx.unit("GR 941"));
    // The attacker out of range.
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1102);
    fx.hq(&mut s, "526ID", 1515);
    fx.put(&mut s, "1/16", 1412);
    fx.put(&mut s, "453", 1413);
    assert!(!in_command(rs, &s, us));
    fx.activate(&mut s, "1ID", 3);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = AttackKind::Hasty;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    resolve_with(&fx, &mut s, result(0, 1, false));
    assert_eq!(s.step, Step::Action);
    assert_eq!(
        (s.act().ap, s.act().bonus, s.act().bonus_units),
        (1, 0, 0),
        "the attacker won, out of range: no bonus AP"
    );
    // The defender out of range.
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    fx.hq(&mut s, "526ID", 2211);
    fx.put(&mut s, "1/16", 1412);
    fx.put(&mut s, "453", 1413);
    assert!(!in_command(rs, &s, german));
    fx.activate(&mut s, "1ID", 3);
    fx.decide(&mut s, Action::Attack { from, target, kind });
    resolve_with(&fx, &mut s, result(1, 0, false));
    assert_eq!(s.depth, 0, "no German bonus activation");
    assert_eq!(
        (s.step, s.act().formation, s.act().ap, s.act().bonus),
        (Step::Action, fx.formation("1ID"), 2, 0)
    );
    // A defending stack of two formations, one in range and one out.
    let mut s = attack(&fx, &["GR 941"], AttackKind::Hasty);
    fx.hq(&mut s, "353ID", 2221);
    assert_eq!(s.fight.defenders, 1 << german | 1 << gr);
    assert!(in_command(rs, &s, german));
    assert!(!in_command(rs, &s, gr));
    resolve_with(&fx, &mut s, result(1, 0, false));
    assert_eq!(s.step, Step::Action);
    assert_eq!(s.act().formation, BONUS_ONLY);
    assert_eq!(
        (s.act().bonus, s.act().bonus_units),
        (1, 1 << german),
        "the 453 only"
    );
}

/// A move leaving the 453's side may offer the Germans a Reaction (6.4): declined.
fn decline_reactions(fx: &Fx, s: &mut State) {
    while s.step == Step::ReactionOffer {
        fx.decide(s, Action::Decline);
    }
}

/// 7.5.3: "1. Only units which were involved in the combat may use the bonus AP. ... One or
/// more units in the stack must immediately expend the bonus AP, or it is lost. No other
/// units, including those supporting the combat, can use the point." The 1/16 attacks the 453
/// from 1412 alone, the 2/16 beside it in 1412 staying out, the 1/18 at 1313 supporting; the
/// 1/16 wins. Only the 1/16 may use the bonus AP: a move by the 2/16 or by the 1/18 costs an AP
/// of the 1st ID's own and the bonus is lost; a move by the 1/16 spends the bonus.
#[test]
fn rule_7_5_3_only_the_units_involved_in_the_combat_may_use_the_bonus_ap() {
    use crate::games::crossing_the_line::ops;
    let fx = Fx::s2();
    let rs = fx.rs();
    let (mut s, winner, support) = stack_beside_the_453(&fx);
    let idle = fx.unit("2/16");
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = AttackKind::Hasty;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    fx.decide(&mut s, Action::AddAttacker(winner as u8));
    fx.decide(&mut s, Action::Resolve);
    assert_eq!(s.fight.attackers, 1 << winner);
    assert_eq!(
        battle::battle(rs, &s).attacker_support.same_formation,
        1,
        "the 1/18 supports"
    );
    resolve_with(&fx, &mut s, result(0, 1, false));
    assert_eq!(s.step, Step::Action);
    assert_eq!((s.act().ap, s.act().bonus), (2, 1));
    assert_eq!(
        s.act().bonus_units,
        1 << winner,
        "not the 2/16 nor the 1/18"
    );
    assert_eq!(ops::available(&s, 1 << winner), 3);
    assert_eq!(ops::available(&s, 1 << idle), 2);
    assert_eq!(ops::available(&s, 1 << support), 2);
    assert_eq!(ops::available(&s, 1 << winner | 1 << idle), 2);
    for (u, to) in [(idle, 1411), (support, 1213)] {
        let mut other = s;
        fx.move_to(&mut other, u, to);
        decline_reactions(&fx, &mut other);
        assert_eq!(fx.at(&other, u), to);
        assert_eq!(
            (other.act().ap, other.act().bonus, other.act().bonus_units),
            (1, 0, 0),
            "{}: the 1st ID's AP spent, the bonus lost",
            rs.unit(u).name
        );
    }
    fx.move_to(&mut s, winner, 1411);
    decline_reactions(&fx, &mut s);
    assert_eq!(fx.at(&s, winner), 1411);
    assert_eq!((s.act().ap, s.act().bonus), (2, 0), "the bonus AP spent");
}

/// The 1st ID activated with 3 AP: the 1/16 and 2/16 in 1412 beside the German 453 in 1413,
/// the 1/18 in 1313; returns the state, the 1/16 and the 1/18.
fn stack_beside_the_453(fx: &Fx) -> (State, usize, usize) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    fx.hq(&mut s, "526ID", 1515);
    let first = fx.put(&mut s, "1/16", 1412);
    fx.put(&mut s, "2/16", 1412);
    let other = fx.put(&mut s, "1/18", 1313);
    fx.put(&mut s, "453", 1413);
    fx.activate(&mut s, "1ID", 3);
    (s, first, other)
}

/// 7.5.3: "One or more units in the stack must immediately expend the bonus AP, or it is
/// lost." The menu gives each Action the APs its own units may spend, and says beside an
/// Action of other units that the bonus AP is lost; the log says so when it is (trial 16b F1:
/// every Action read "1 AP of 2" and the bonus vanished unsaid).
#[test]
fn rule_7_5_3_an_action_that_forfeits_the_bonus_ap_says_so() {
    use crate::games::crossing_the_line::ops;
    let fx = Fx::s2();
    let rs = fx.rs();
    let (mut s, winner, idle) = stack_beside_the_453(&fx);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = AttackKind::Hasty;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    fx.decide(&mut s, Action::AddAttacker(winner as u8));
    fx.decide(&mut s, Action::Resolve);
    resolve_with(&fx, &mut s, result(0, 1, false));
    assert_eq!((s.act().ap, s.act().bonus), (2, 1));
    // The Select that picks unit `u` alone out of its hex.
    let select = |u: usize| {
        let from = s.hex[u];
        (0..8)
            .map(|i| Action::Select { from, pick: 1 << i })
            .find(|&a| ops::action_units(rs, &s, a) == Some(1 << u))
            .expect("a pick of the unit alone")
    };
    let (by_winner, by_idle) = (select(winner), select(idle));
    let cost = |a| fx.g.action_cost(&s, a).unwrap_or_default();
    assert_eq!(cost(by_winner), "1 AP of 3");
    assert_eq!(
        cost(by_idle),
        "1 AP of 2; the bonus AP is lost: only the battle's units may use it, 7.5.3"
    );
    let mut after = s;
    fx.decide(&mut after, by_idle);
    let told = fx.g.narrate(&s, by_idle, &after).unwrap_or_default();
    assert!(told.contains("the bonus AP is lost"), "{told}");
    let mut after = s;
    fx.decide(&mut after, by_winner);
    let told = fx.g.narrate(&s, by_winner, &after).unwrap_or_default();
    assert!(!told.contains("bonus AP is lost"), "{told}");
}

/// 7.5: a stack's attack asks next which of its units attack, so its line gives no odds yet
/// and says why; each choice then gives them (trial 16b F5: no odds and no reason).
#[test]
fn rule_7_5_a_stacks_attack_says_its_odds_follow_the_choice_of_attackers() {
    use crate::registry::Entry;
    let fx = Fx::s2();
    let (mut s, first, _) = stack_beside_the_453(&fx);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let attack = Action::Attack {
        from,
        target,
        kind: AttackKind::Hasty,
    };
    let told = fx.g.action_odds(&s, attack).unwrap_or_default();
    assert!(
        told.contains("once you choose the stack's attacking units (7.5)"),
        "{told}"
    );
    fx.decide(&mut s, attack);
    let told =
        fx.g.action_odds(&s, Action::AddAttacker(first as u8))
            .unwrap_or_default();
    assert!(told.starts_with("over both chits and the die"), "{told}");
    // 5.3.4: the defender's losses are hidden, so its strength left does not change the odds
    // shown, which say so (trial 23f F2b).
    let defender = fx.unit("453");
    let mut reduced = s;
    reduced.strength[defender] = 1;
    let hidden = fx.g.action_odds(&reduced, Action::AddAttacker(first as u8));
    assert_eq!(hidden.as_deref(), Some(told.as_str()));
    assert!(
        told.ends_with(
            "the defenders at their printed strength, their losses being hidden (5.3.4)"
        ),
        "{told}"
    );
}

/// 7.5.3: "If the attacker gains the bonus AP, he can supplement it with any or all remaining
/// Action Points on the friendly AP track." The 1/16 pays 2 of its 3 AP for a Regular Attack
/// and wins: with 1 AP left and the bonus AP it makes a second Regular Attack (2 AP), after
/// which nothing is left. The 2/16 beside it, not in the combat, may not join that attack.
#[test]
fn rule_7_5_3_the_attacker_supplements_the_bonus_ap_with_its_remaining_aps() {
    let fx = Fx::s2();
    let mut s = attack(&fx, &[], AttackKind::Regular);
    let winner = fx.unit("1/16");
    assert_eq!(s.act().ap, 1);
    resolve_with(&fx, &mut s, result(0, 1, false));
    assert_eq!((s.act().ap, s.act().bonus), (1, 1));
    fx.put(&mut s, "2/16", 1412);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = AttackKind::Regular;
    assert!(fx
        .legal(&s)
        .contains(&Action::Attack { from, target, kind }));
    fx.decide(&mut s, Action::Attack { from, target, kind });
    assert_eq!(s.step, Step::Chits, "the 1/16 alone: the 2/16 may not join");
    assert_eq!(s.fight.attackers, 1 << winner);
    assert_eq!((s.act().ap, s.act().bonus), (0, 0), "1 AP and the bonus");
}

/// 7.5.2: "Note: Results against the defender are always completely applied before those
/// against the attacker", and "The defender must always follow the procedure completely before
/// the attacker". The 1/16 attacks the 453 and a red 1/2 comes up: the 453 loses its first SP,
/// takes its EC, fails it and retreats, the German player picking the hex, all before the 1/16
/// loses its SP and takes its own EC.
#[test]
fn rule_7_5_2_the_defenders_results_are_applied_completely_before_the_attackers() {
    let fx = Fx::s2();
    let (us, german) = (fx.unit("1/16"), fx.unit("453"));
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    let (us_full, german_full) = (s.strength[us], s.strength[german]);
    let red = |hits| Hits { hits, red: true };
    resolve_with(
        &fx,
        &mut s,
        CombatResult {
            attacker: red(1),
            defender: red(2),
        },
    );
    assert_eq!(s.step, Step::Check(CheckKind::Combat));
    assert_eq!(s.queue, 1 << german, "the defender's EC first");
    assert_eq!(
        s.strength[german],
        german_full - 1,
        "the defender's first SP"
    );
    assert_eq!(s.strength[us], us_full, "the attacker's SP not yet lost");
    fx.chance(&mut s, Action::Check(false));
    assert_eq!(s.step, Step::Retreat, "the defender's forced retreat");
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::German.index()));
    assert_eq!(s.strength[us], us_full, "the attacker's SP not yet lost");
    fx.decide(&mut s, Action::RetreatTo(fx.hex(1414)));
    assert_eq!(fx.at(&s, german), 1414, "the defender is done");
    assert_eq!(s.step, Step::Check(CheckKind::Combat));
    assert_eq!(s.queue, 1 << us, "only then the attacker's EC");
    assert_eq!(s.strength[us], us_full - 1, "and its SP");
    fx.chance(&mut s, Action::Check(true));
    assert_eq!((s.step, s.act().side), (Step::Action, Side::Us));
}

/// 7.5.2, the defender first: a consequence. The 453 (1 SP) at 1413 and the GR 941 at 1411
/// hold the 1/16 at 1412 between them: every neighbour of 1412 is enemy-occupied or in an
/// EZOC, and the 453's ZOC alone covers 1312 and 1512. A 2/1 comes up. The 453's hit is
/// applied first and eliminates it, which lifts its ZOC; the 1/16 then has open hexes, so its
/// 2nd hit is the US player's choice of a loss or a retreat (step 3). Were the attacker's
/// result applied first, the 1/16 could not retreat and would lose both SP without a choice.
#[test]
fn rule_7_5_2_a_defender_eliminated_first_opens_the_attackers_retreat() {
    let fx = Fx::s2();
    let (us, german) = (fx.unit("1/16"), fx.unit("453"));
    let mut s = attack(&fx, &[], AttackKind::Hasty);
    fx.put(&mut s, "GR 941", 1411);
    s.strength[german] = 1;
    let us_full = s.strength[us];
    let german_zoc =
        |s: &State, h: u16| s.zoc[Side::German.index()].contains(usize::from(fx.hex(h)));
    for h in fx.ring(1412) {
        assert!(
            [1411, 1413].contains(&h) || german_zoc(&s, h),
            "{h}: no retreat while the 453 stands"
        );
    }
    resolve_with(&fx, &mut s, result(2, 1, false));
    assert_eq!(s.hex[german], ELIMINATED, "the defender's hit first");
    for h in [1312, 1512] {
        assert!(!german_zoc(&s, h), "{h}: its ZOC lifted");
    }
    assert_eq!(s.step, Step::SecondHit, "the attacker may retreat now");
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::Us.index()));
    assert_eq!(s.strength[us], us_full - 1, "the first SP only so far");
    fx.decide(&mut s, Action::RetreatInstead);
    if s.step == Step::Retreat {
        let first = fx.legal(&s)[0];
        fx.decide(&mut s, first);
    }
    assert!([1312, 1413, 1512].contains(&fx.at(&s, us)), "retreated");
    assert_eq!(
        s.strength[us],
        us_full - 1,
        "the retreat stood for the 2nd hit"
    );
}

/// 7.5.2 step 3: "If the unit failed an EC due to a red result, the second hit must be
/// converted into a forced retreat. Note: If one unit fails an EC, all other units in the
/// stack must also retreat to satisfy the second hit", and Note 2: "All units must make a
/// retreat to convert the second hit. If only some units in a stack fail the EC and make a
/// forced retreat, the other ones who passed the EC still have to fulfil the second combat
/// hit! It is not possible to negate the second step loss by retreating less than all units."
/// The 453 and the LwF VIII at 1413 take a red 0/2; one passes its EC and the other fails
/// (each way round). The passer retreats with the stack into the same hex, not disrupted, and
/// that retreat stands for the 2nd hit: no loss and no choice of one (AMBIG-15).
#[test]
fn rule_7_5_2_when_one_unit_fails_the_red_ec_the_units_that_passed_retreat_with_it() {
    let fx = Fx::s2();
    let (tank, infantry) = (fx.unit("453"), fx.unit("LwF VIII"));
    for passer in [tank, infantry] {
        let failer = tank ^ infantry ^ passer;
        let name = &fx.rs().unit(passer).name;
        let mut s = attack(&fx, &["LwF VIII"], AttackKind::Hasty);
        let full = s.strength[tank] + s.strength[infantry];
        resolve_with(&fx, &mut s, result(0, 2, true));
        let mut checked = 0;
        while s.step == Step::Check(CheckKind::Combat) {
            let u = s.queue.trailing_zeros() as usize;
            fx.chance(&mut s, Action::Check(u == passer));
            checked |= 1 << u;
        }
        assert_eq!(checked, 1 << tank | 1 << infantry, "both check");
        assert_ne!(s.step, Step::SecondHit, "{name} passed: still no choice");
        assert_ne!(s.step, Step::SpLoss, "{name} passed: no loss to take");
        if s.step == Step::Retreat {
            assert_eq!(fx.g.actor(&s), Actor::Player(Side::German.index()));
            let first = fx.legal(&s)[0];
            fx.decide(&mut s, first);
        }
        let to = fx.at(&s, failer);
        assert!(fx.ring(1413).contains(&to), "the unit that failed retreats");
        assert_eq!(fx.at(&s, passer), to, "{name} passed and retreats with it");
        assert_eq!(
            s.strength[tank] + s.strength[infantry],
            full - 1,
            "{name} passed: only the first SP, the retreat stood for the 2nd hit"
        );
        assert_eq!(s.strength[tank], 2, "the first SP on the anti-tank unit");
        assert!(s.is_disrupted(failer));
        assert!(!s.is_disrupted(passer), "{name} passed: not disrupted");
        assert_eq!((s.step, s.act().side), (Step::Action, Side::Us));
    }
}

/// 7.5.1.2 B, the Combat Support requirements as the engine applies them in play
/// (`battle::battle`, with the real Command test): "1. The friendly combat unit belongs to the
/// same formation ... The friendly unit is in Command Range of its parent HQ", and "In a
/// Prepared Attack Action, the attacker may also contribute a DRM of +1 for each hex ...
/// even if this unit is from a different formation". The 1/16 at 1412 makes a Prepared Attack
/// on the 453 at 1413, the 1st ID's HQ at 1010 (Command Range 5). Beside the 453: the 2/16
/// (1st ID, 4 hexes from its HQ) at 1312, the 1/36 (3rd AD, its HQ at 1113) at 1313, the 3/16
/// (1st ID, 6 hexes from its HQ: Out of Command) at 1513. One same-formation hex (+2) and one
/// other-formation hex (+1): +3; with the HQ at 1113 the 3/16 supports too: +5. A Regular
/// Attack counts the same-formation hexes only.
#[test]
fn rule_7_5_1_2_b_support_comes_from_in_command_units_same_formation_or_other_in_a_prepared_attack()
{
    use crate::games::crossing_the_line::command::in_command;
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1010);
    fx.hq(&mut s, "3AD", 1113);
    fx.hq(&mut s, "526ID", 1515);
    fx.put(&mut s, "1/16", 1412);
    fx.put(&mut s, "453", 1413);
    let same = fx.put(&mut s, "2/16", 1312);
    let other = fx.put(&mut s, "1/36", 1313);
    let beyond = fx.put(&mut s, "3/16", 1513);
    assert!(in_command(rs, &s, fx.unit("1/16")));
    assert!(in_command(rs, &s, same) && in_command(rs, &s, other));
    assert!(
        !in_command(rs, &s, beyond),
        "the 3/16 is beyond Command Range"
    );
    fx.activate(&mut s, "1ID", 3);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = AttackKind::Prepared;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    assert_eq!(s.step, Step::Chits);
    let b = battle::battle(rs, &s);
    assert_eq!(
        b.attacker_support,
        SupportHexes {
            same_formation: 1,
            other_formation: 1
        },
        "the 2/16's hex same, the 1/36's other, the 3/16's none"
    );
    assert_eq!(combat::combat_drm(&rs.charts, &b).attacker_support, 3);
    let regular = Battle {
        attack: AttackKind::Regular,
        ..b
    };
    assert_eq!(
        combat::combat_drm(&rs.charts, &regular).attacker_support,
        1,
        "a Regular Attack: the same formation only"
    );
    // The 1st ID's HQ moved within range of the 3/16.
    fx.hq(&mut s, "1ID", 1113);
    assert!(in_command(rs, &s, beyond));
    let b = battle::battle(rs, &s);
    assert_eq!(
        b.attacker_support,
        SupportHexes {
            same_formation: 2,
            other_formation: 1
        }
    );
    assert_eq!(combat::combat_drm(&rs.charts, &b).attacker_support, 5);
}

/// 7.5.1.2 B on the defence, in play: "For an Improved Defense, the defender may contribute a
/// DRM of -2 for each hex adjacent to the attacking hex containing at least one friendly
/// combat unit when all requirements are met ... also ... -1 ... even from a different
/// formation". The 453 at 1413 under Improved Defense is attacked by the 1/16 from 1412; the
/// 526th's HQ is at 1515 (Command Range 4). Beside the 1/16: the LwF VIII (526th, 3 hexes from
/// its HQ) at 1512, the GR 941 (353rd, its HQ at 1611) at 1511, the LwF XIX (526th, 5 hexes
/// from its HQ: Out of Command) at 1411. One same-formation hex and one other: -3.
#[test]
fn rule_7_5_1_2_b_improved_defense_support_from_in_command_units_same_or_other_formation() {
    use crate::games::crossing_the_line::command::in_command;
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    fx.hq(&mut s, "526ID", 1515);
    fx.hq(&mut s, "353ID", 1611);
    fx.put(&mut s, "1/16", 1412);
    let defender = fx.put(&mut s, "453", 1413);
    s.improved |= 1 << defender;
    let same = fx.put(&mut s, "LwF VIII", 1512);
    let other = fx.put(&mut s, "GR 941", 1511);
    let beyond = fx.put(&mut s, "LwF XIX", 1411);
    assert!(in_command(rs, &s, same) && in_command(rs, &s, other));
    assert!(
        !in_command(rs, &s, beyond),
        "the LwF XIX is beyond Command Range"
    );
    fx.activate(&mut s, "1ID", 3);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = AttackKind::Hasty;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    assert_eq!(s.fight.defense, DefenseKind::Improved);
    let b = battle::battle(rs, &s);
    assert_eq!(
        b.defender_support,
        SupportHexes {
            same_formation: 1,
            other_formation: 1
        },
        "the LwF VIII's hex same, the GR 941's other, the LwF XIX's none"
    );
    assert_eq!(combat::combat_drm(&rs.charts, &b).defender_support, -3);
}

/// 5.2: the combat die is the attacker's own roll: with the token, the US attacker may have a
/// low die rolled again; the German owner of the token is not offered the US attacker's die.
#[test]
fn rule_5_2_the_attacker_may_reroll_his_combat_die_with_the_token() {
    let fx = Fx::s2();
    for (owner, offered) in [(Side::Us, true), (Side::German, false)] {
        let mut s = attack(&fx, &[], AttackKind::Regular);
        s.snafu = owner;
        let (chit, _) = fx.outcomes(&s)[0];
        fx.roll(&mut s, chit);
        assert_eq!(s.step, Step::CombatDie);
        fx.roll(&mut s, Action::Die(1));
        assert_eq!(s.step == Step::Snafu, offered, "{owner:?}");
        if offered {
            assert_eq!(fx.g.actor(&s), Actor::Player(Side::Us.index()));
            // A die of 1 is the attacker's worst: no face of the reroll is worse for him.
            let offer = fx.g.describe(&s, Action::Reroll);
            assert!(
                offer.starts_with("hand over the SNAFU token and roll again (5.2: ")
                    && offer.contains(" in 10 better, none worse"),
                "{offer}"
            );
            fx.decide(&mut s, Action::Reroll);
            assert_eq!((s.step, s.snafu), (Step::CombatDie, Side::German));
        }
    }
}

/// 7.5.2: after a 5/0 the attacker's 2nd hit and the 3 after it are told when the owner takes
/// them, with the elimination on its own entry and the hits the stack could not take void:
/// no unit vanishes silently, by an SP loss or by a retreat.
#[test]
fn rule_7_5_2_the_hits_after_the_first_and_the_elimination_are_told() {
    for second in [Action::TakeLoss, Action::RetreatInstead] {
        let fx = Fx::s2();
        let mut s = attack(&fx, &[], AttackKind::Regular);
        let u = fx.unit("1/16");
        let strength = s.strength[u];
        resolve_with(&fx, &mut s, result(5, 0, false));
        assert_eq!(s.step, Step::SecondHit);
        assert_eq!(s.strength[u], strength - 1, "the 1st hit");
        let before = s;
        fx.decide(&mut s, second);
        assert_eq!(s.hex[u], ELIMINATED);
        let text = fx.g.narrate(&before, second, &s).expect("told");
        assert!(
            text.contains(&format!("US 1/16 loses {} SP", strength - 1)),
            "{second:?}: {text}"
        );
        assert!(
            text.contains("US 1/16 is eliminated (7.5.2)"),
            "{second:?}: {text}"
        );
        assert!(
            text.contains("no attacker unit is left"),
            "{second:?}: {text}"
        );
    }
}

/// 7.5.2, 5.6.1: a red 0/4 on the static 453: its EC is told with its ER and the faces that
/// pass, and the failure's disruption, forced retreat, further losses and elimination follow
/// on the same line.
#[test]
fn rule_7_5_2_a_red_result_s_check_and_everything_after_it_are_told() {
    let fx = Fx::new("first-blood");
    let (mut s, u) = first_blood_attack(&fx);
    resolve_with(&fx, &mut s, result(0, 4, true));
    assert_eq!(s.step, Step::Check(CheckKind::Combat));
    let before = s;
    fx.chance(&mut s, Action::Check(false));
    let text =
        fx.g.narrate(&before, Action::Check(false), &s)
            .expect("told");
    let er = fx.rs().unit(u).er[0];
    assert!(
        text.starts_with(&format!(
            "Effectiveness Check of 453 (red combat result, 7.5.2): ER {er} — passes on a d10 \
             of {er} or less, {er} in 10 (5.6.1): failed (the d10 showed {}–10) — ",
            er + 1
        )),
        "{text}"
    );
    assert_eq!(
        s.hex[u], ELIMINATED,
        "1 + 2 SP after the retreat: 3 SP in all"
    );
    // The check disrupts (5.6.2); the losses after the checks are 7.5.2's (trial 12b F2).
    assert!(
        text.contains(
            "German 453 disrupted; after the checks (7.5.2 steps 3–4): German 453 loses 2 SP; \
             German 453 is eliminated (7.5.2)"
        ),
        "{text}"
    );
}

/// 7.5 step A: an attack only one unit may make goes straight to the chits, so its battle
/// (and the odds of the play screen) is known before the declaration — when the attacker
/// already knows the defending stack (5.3.4): here a lone unit; a stack with unrevealed units
/// under its top gives none.
#[test]
fn rule_7_5_a_single_attacker_s_battle_is_known_before_the_declaration() {
    let fx = Fx::s2();
    let (mut s, from, target) = facing_the_453(&fx, &[]);
    let a = Action::Attack {
        from,
        target,
        kind: AttackKind::Regular,
    };
    let before =
        fx.g.battle_after(&s, a)
            .expect("one attacker, a lone defender");
    let mut declared = s;
    fx.decide(&mut declared, a);
    assert_eq!(declared.step, Step::Chits);
    assert_eq!(before, battle::battle(fx.rs(), &declared));
    fx.put(&mut s, "LwF VIII", 1413);
    s.revealed = 0;
    assert_eq!(
        fx.g.battle_after(&s, a),
        None,
        "5.3.4: the stack is not known"
    );
}

/// 7.5, 5.8.3: an attack option gives its cost as the attackers' command makes it, doubled
/// when every unit of the stack is Out of Command (trial 21d F3: "1 AP, 2 if a unit is Out of
/// Command" beside a move already shown doubled).
#[test]
fn rule_5_8_3_an_attack_option_gives_the_cost_the_stacks_command_makes() {
    let fx = Fx::s2();
    let (mut s, from, target) = facing_the_453(&fx, &[]);
    let attack = Action::Attack {
        from,
        target,
        kind: AttackKind::Hasty,
    };
    let cost =
        |s: &State| crate::games::crossing_the_line::describe::cost(fx.rs(), s, attack).unwrap();
    let base = AttackKind::Hasty.ap_cost(&fx.rs().charts.ap_costs);
    assert!(
        cost(&s).starts_with(&format!("{base} AP of ")),
        "{}",
        cost(&s)
    );
    // The HQ far away: the lone attacker is Out of Command.
    fx.hq(&mut s, "1ID", 3922);
    let doubled = fx.rs().charts.ap_cost(base, false);
    assert!(
        cost(&s).starts_with(&format!(
            "{doubled} AP (Out of Command: doubled, 5.8.3) of "
        )),
        "{}",
        cost(&s)
    );
}
