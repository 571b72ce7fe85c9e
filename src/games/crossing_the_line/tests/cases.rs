//! Rule cases: the dice (3.8), Disruption Recovery (5.6.4), Emergency Supply (5.7.3),
//! expending Action Points (6.3.4), the effects of a successful Reaction (6.4.2, 6.4.3) and
//! moving stacks (7.3.1).

use super::Fx;
use crate::engine::Game;
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::command;
use crate::games::crossing_the_line::control::CommandStatus;
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::state::{State, Step, NOT_ENTERED};

/// Every side passes in turn until the Ops Phase ends and the Admin Phase stops at the
/// Interdiction die (8.1.2), after its supply and FAL steps (8.1).
fn to_admin_phase(fx: &Fx, s: &mut State) {
    while s.step == Step::Choose {
        fx.decide(s, Action::Pass);
    }
    assert_eq!(s.step, Step::Interdiction);
}

/// 3.8: "two ten-sided dice ... The number zero (0) is always treated as ten (10)".
/// 3.3: "HQ units are only removed from play when all their subordinate or currently assigned
/// units have been eliminated": the 1st ID's HQ stays while a battalion still to enter or an
/// assigned independent is left, and goes with the last of them.
#[test]
fn rule_3_3_an_hq_leaves_play_with_its_last_subordinate_or_assigned_unit() {
    use crate::games::crossing_the_line::ops;
    use crate::games::crossing_the_line::stacking::lose;
    use crate::games::crossing_the_line::state::{bits, on_map, ELIMINATED};
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1507);
    let fi = usize::from(f);
    for u in bits(rs.formation_units[fi]) {
        s.hex[u] = ELIMINATED;
    }
    let last = fx.put(&mut s, "1/16", 1606);
    let eng = fx.put(&mut s, "238 Eng", 1607);
    s.formation[eng] = f;
    let waiting = fx.unit("2/16");
    s.hex[waiting] = NOT_ENTERED;
    s.refresh(rs);
    let mut no_one_waiting = s;
    no_one_waiting.hex[waiting] = ELIMINATED;
    for s in [&mut s, &mut no_one_waiting] {
        lose(rs, s, last, s.strength[last]);
        assert!(on_map(s.hq_hex[fi]), "238 Eng is still assigned");
        lose(rs, s, eng, s.strength[eng]);
    }
    assert!(on_map(s.hq_hex[fi]), "the 2/16 is still to enter");
    assert_eq!(
        no_one_waiting.hq_hex[fi], ELIMINATED,
        "all eliminated: removed"
    );
    assert!(!ops::can_activate(&no_one_waiting, f));
}

#[test]
fn rule_3_8_a_die_roll_is_a_d10_reading_1_to_10_each_as_likely() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let d10: Vec<(Action, u32)> = (1..=10).map(|d| (Action::Die(d), 1)).collect();
    // The AP die of an activation (6.3.2).
    let mut s = fx.g.initial_state();
    let f = fx.formation("1ID");
    let fal = s.fal[usize::from(f)];
    fx.decide(&mut s, Action::Act(f));
    assert_eq!(s.step, Step::ApRoll { reaction: false });
    assert_eq!(
        fx.outcomes(&s),
        d10,
        "no 0 face: ten faces 1-10, equal weights"
    );
    // The Interdiction die of the Admin Phase (8.1.2).
    let mut admin = fx.g.initial_state();
    fx.decide(&mut admin, Action::Pass);
    fx.decide(&mut admin, Action::Pass);
    assert_eq!(admin.step, Step::Interdiction);
    assert_eq!(fx.outcomes(&admin), d10);
    // A 0 read off a die is the 10 row; the 10 face reads the tables' tenth row.
    assert_eq!(
        rs.charts.interdiction_level(0),
        rs.charts.interdiction_level(10)
    );
    fx.chance(&mut s, Action::Die(10));
    assert_eq!(s.act().ap, rs.charts.action_points(fal, 10).unwrap().black);
}

/// 5.6.4: "During the Recovery Phase ... a disrupted unit recovers automatically if it is
/// currently in Command Range of its parent HQ."
#[test]
fn rule_5_6_4_disrupted_units_recover_in_the_recovery_phase_only_in_command_range() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let near = fx.put(&mut s, "1/16", 1412);
    // Eight hexes from the HQ over open ground: beyond Command Range 5, but not isolated.
    let far = fx.put(&mut s, "2/16", 1608);
    s.disrupted |= 1 << near | 1 << far;
    s.refresh(rs);
    assert_eq!(command::status(rs, &s, near), CommandStatus::InCommand);
    assert_eq!(command::status(rs, &s, far), CommandStatus::OutOfCommand);
    s.passed = [false; 2];
    s.initiative = Side::Us;
    s.step = Step::Choose;
    to_admin_phase(&fx, &mut s);
    assert!(
        s.is_disrupted(near) && s.is_disrupted(far),
        "no recovery before the Recovery Segment's roll"
    );
    fx.chance(&mut s, Action::Die(1));
    assert!(!s.is_disrupted(near), "in Command Range: flipped back");
    assert!(s.is_disrupted(far), "out of Command Range: stays disrupted");
    assert_ne!(
        s.step,
        Step::Attrition,
        "out of command is not isolated (8.1.5)"
    );
}

/// 5.7.3: "it can be activated by expending Emergency Supply ... The HQ recovers and gets
/// flipped back ... in the Recovery Phase, if the Supply Path is restored ... Combat units are
/// not affected when their HQ is unsupplied."
#[test]
fn rule_5_7_3_emergency_supply_spares_the_combat_units_and_flips_back_when_supply_returns() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1311);
    let u = fx.put(&mut s, "1/16", 1311);
    s.disrupted |= 1 << u;
    // German units all round the HQ break every Supply Path (5.7.2).
    let germans = ["453", "328", "473", "GR 941", "GR 942", "GR 943"];
    let ring = fx.ring(1311);
    assert_eq!(ring.len(), germans.len());
    for (name, &hex) in germans.iter().zip(&ring) {
        fx.put(&mut s, name, hex);
    }
    s.refresh(rs);
    assert!(!command::hq_supplied(rs, &s, f));
    s.fal[usize::from(f)] = 4;
    s.emergency = 0;
    s.passed = [false; 2];
    s.initiative = Side::Us;
    s.step = Step::Choose;
    fx.decide(&mut s, Action::Act(f));
    assert_eq!(
        s.emergency & (1 << f),
        1 << f,
        "flipped to Emergency Supply"
    );
    fx.chance(&mut s, Action::Die(10));
    let ap = s.act().ap;
    assert!(ap >= 2);
    // The unit with the unsupplied HQ is In Command and refits at the plain cost.
    assert_eq!(command::status(rs, &s, u), CommandStatus::InCommand);
    fx.decide(&mut s, Action::Refit(u as u8));
    assert_eq!(s.act().ap, ap - rs.charts.ap_costs.refit, "not doubled");
    fx.chance(&mut s, Action::Check(true));
    assert!(!s.is_disrupted(u));
    assert_eq!(s.step, Step::Action);
    fx.decide(&mut s, Action::End);
    // Into the next Recovery Phase: still cut off, or with the Supply Path restored.
    let mut cut = s;
    let mut restored = s;
    for name in germans {
        restored.hex[fx.unit(name)] = NOT_ENTERED;
    }
    restored.refresh(rs);
    assert!(command::hq_supplied(rs, &restored, f));
    to_admin_phase(&fx, &mut cut);
    to_admin_phase(&fx, &mut restored);
    assert_eq!(
        cut.emergency & (1 << f),
        1 << f,
        "no Supply Path: stays flipped"
    );
    assert_eq!(
        restored.emergency & (1 << f),
        0,
        "supplied again: front side"
    );
}

/// 5.7.3: "The HQ recovers and gets flipped back to its front side in the Recovery Phase ... if
/// the Supply Path is restored until then": restored during the Ops Phase, it stays flipped
/// till the Recovery Phase. Meanwhile it is not out of supply, so it activates as any supplied
/// HQ: its Formation Activation marker is not moved down to zero.
#[test]
fn rule_5_7_3_an_hq_supplied_again_stays_flipped_until_the_recovery_phase() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1507);
    fx.put(&mut s, "1/16", 1507);
    assert!(command::hq_supplied(rs, &s, f));
    s.emergency = 1 << f; // expended earlier this turn, before the Supply Path was restored
    s.fal[usize::from(f)] = 4;
    s.passed = [false; 2];
    s.initiative = Side::Us;
    s.step = Step::Choose;
    fx.decide(&mut s, Action::Act(f));
    fx.chance(&mut s, Action::Die(10));
    assert_eq!(s.step, Step::Action);
    assert_eq!(s.fal[usize::from(f)], 3, "one down, not to zero");
    assert_eq!(
        s.emergency & (1 << f),
        1 << f,
        "not flipped back before the Recovery Phase"
    );
    fx.decide(&mut s, Action::End);
    assert_eq!(s.emergency & (1 << f), 1 << f);
    to_admin_phase(&fx, &mut s);
    assert_eq!(
        s.emergency & (1 << f),
        0,
        "front side in the Recovery Phase"
    );
}

/// 6.3.4: "Each time a formation conducts an Action, adjust the Action Point (AP) marker ...
/// according to the cost of the selected Action."
#[test]
fn rule_6_3_4_each_action_spends_its_ap_cost_and_none_costs_more_than_the_aps_left() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    let a = fx.put(&mut s, "1/16", 1508);
    let b = fx.put(&mut s, "2/16", 1509);
    // Six hexes along hexrow 15: beyond Command Range 5, so its Actions cost double (5.8.3).
    let c = fx.put(&mut s, "3/16", 1513);
    s.disrupted |= 1 << b;
    s.refresh(rs);
    assert_eq!(command::status(rs, &s, c), CommandStatus::OutOfCommand);
    s.passed = [false; 2];
    fx.activate(&mut s, "1ID", 6);
    fx.move_to(&mut s, a, 1409);
    assert_eq!(s.act().ap, 5, "Movement: 1 AP");
    fx.decide(&mut s, Action::Refit(b as u8));
    fx.chance(&mut s, Action::Check(false));
    assert_eq!(s.act().ap, 4, "Refit: 1 AP, spent though the check fails");
    fx.decide(&mut s, Action::ImprovedDefense(fx.hex(1409)));
    assert_eq!(s.act().ap, 3, "Improved Defense: 1 AP");
    fx.move_to(&mut s, c, 1613);
    assert_eq!(s.act().ap, 1, "Movement Out of Command: 2 APs");
    // One AP left: no Action costing 2 is offered; with 2 APs both would be.
    let relocate = Action::Relocate(fx.hex(1705));
    let select = |u: usize| fx.select_action(&s, u, false);
    let legal = fx.legal(&s);
    assert!(
        !legal.contains(&relocate),
        "the 1st ID's Relocation Points: 2"
    );
    assert!(!legal.contains(&select(c)));
    assert!(legal.contains(&select(a)));
    let mut richer = s;
    richer.act_mut().ap = 2;
    let legal = fx.legal(&richer);
    assert!(legal.contains(&relocate) && legal.contains(&select(c)));
    // The last AP spent, the activation is over.
    fx.move_to(&mut s, a, 1410);
    assert_eq!(fx.at(&s, a), 1410);
    assert_eq!(s.step, Step::Choose, "no AP left: the next Ops Cycle");
}

/// The US 1/16 moves 1113-1214-1313-1413 along the road, with `others` already at 1214; the
/// 9th Panzer's tank at 1215 is next to 1214, where the Reaction is offered (as in
/// `movement.rs`).
fn offered_at_1214(fx: &Fx, others: &[&str]) -> (State, usize) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    let f = fx.hq(&mut s, "9PzD", 1216);
    s.fal[usize::from(f)] = 3;
    fx.put(&mut s, "Pz Bde 105", 1215);
    for name in others {
        fx.put(&mut s, name, 1214);
    }
    let u = fx.put(&mut s, "1/16", 1113);
    fx.activate(&mut s, "1ID", 3);
    fx.move_to(&mut s, u, 1413);
    assert_eq!((s.step, fx.at(&s, u)), (Step::ReactionOffer, 1214));
    (s, u)
}

/// 6.4.3: "The unit or stack performing any movement must stop in the hex it just entered ...
/// Any units overstacked because of the Reaction attempt must immediately suffer the
/// corresponding adverse effects"; 6.4.2: "the active player can move with the same unit again
/// but has to spend a new AP", and "If a Reaction attempt fails ... Its Formation Activation
/// Level marker remains where it is."
#[test]
fn rule_6_4_3_a_reaction_stops_the_mover_overstacked_or_not_and_a_new_move_costs_a_new_ap() {
    let fx = Fx::s2();
    let f = fx.formation("9PzD");
    // A stop in a full hex: the four units there disrupt and one is displaced (5.3.1).
    let extra = ["2/16", "3/16", "1/18"];
    let (mut s, u) = offered_at_1214(&fx, &extra);
    let all: Vec<usize> = extra.iter().map(|n| fx.unit(n)).chain([u]).collect();
    let mut declined = s;
    fx.decide(&mut declined, Action::Decline);
    assert_eq!(fx.at(&declined, u), 1413);
    assert!(
        all.iter().all(|&v| !declined.is_disrupted(v)),
        "passing through the full hex is no overstacking"
    );
    fx.decide(&mut s, Action::React(f));
    fx.chance(&mut s, Action::Check(true));
    // The Germans displace one of the four (5.3.3), then the Reaction goes on.
    assert_eq!(s.step, Step::UnitDisplacement);
    let first = fx.legal(&s)[0];
    fx.decide(&mut s, first);
    assert_eq!(s.step, Step::ApRoll { reaction: true });
    assert_eq!(fx.names_at(&s, Side::Us, 1214).len(), 3);
    for &v in &all {
        assert!(s.is_disrupted(v), "{}", fx.rs().unit(v).name);
    }
    let displaced: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&v| fx.at(&s, v) != 1214)
        .collect();
    assert_eq!(displaced.len(), 1);
    assert!(fx.ring(1214).contains(&fx.at(&s, displaced[0])));

    // A stop in a hex with room: the Initiative side resumes with a new Action.
    let (mut s, u) = offered_at_1214(&fx, &[]);
    let mut failed = s;
    fx.decide(&mut failed, Action::React(f));
    fx.chance(&mut failed, Action::Check(false));
    assert_eq!(fx.at(&failed, u), 1413, "the move goes on");
    assert_eq!(
        failed.fal[usize::from(f)],
        3,
        "a failed attempt costs no FAL"
    );
    fx.decide(&mut s, Action::React(f));
    fx.chance(&mut s, Action::Check(true));
    fx.chance(&mut s, Action::Die(10));
    assert!(s.act().reaction);
    fx.decide(&mut s, Action::End);
    assert_eq!(s.act().side, Side::Us);
    assert_eq!(s.step, Step::Action);
    assert_eq!(
        (fx.at(&s, u), s.act().ap),
        (1214, 2),
        "the left-over MPs are lost, no AP comes back"
    );
    fx.move_to(&mut s, u, 1313);
    assert_eq!(
        s.act().ap,
        1,
        "moving again is a new Movement Action: a new AP"
    );
    assert_eq!(
        s.step,
        Step::ReactionOffer,
        "leaving 1214 may be reacted to again"
    );
    assert!(fx.legal(&s).contains(&Action::React(f)));
    fx.decide(&mut s, Action::Decline);
    assert_eq!(fx.at(&s, u), 1313);
}

/// 6.4.3: "During a Formation Reaction, no counter-reaction by the Initiative side is
/// possible". The 9th Panzer reacts to the 1/16 stopped at 1214; its Pz Bde 105 then leaves
/// 1215, next to the 1/16 (undisrupted, In Command, its formation at FAL 3): no Reaction is
/// offered to the US and the move ends where it was sent. Outside a Reaction the same move
/// would be reacted to.
#[test]
fn rule_6_4_3_no_counter_reaction_during_a_formation_reaction() {
    let fx = Fx::s2();
    let f = fx.formation("9PzD");
    let (mut s, u) = offered_at_1214(&fx, &[]);
    let first = fx.formation("1ID");
    fx.decide(&mut s, Action::React(f));
    fx.chance(&mut s, Action::Check(true));
    fx.chance(&mut s, Action::Die(10));
    assert!(s.act().reaction && s.act().ap >= 1);
    assert!(s.fal[usize::from(first)] > 0);
    assert_eq!(command::status(fx.rs(), &s, u), CommandStatus::InCommand);
    assert!(!s.is_disrupted(u));
    let tank = fx.unit("Pz Bde 105");
    let to = fx
        .destinations(&s, tank)
        .into_iter()
        .map(|(h, _)| h)
        .find(|&h| fx.ring(h).contains(&1214))
        .expect("a hex next to the 1/16 the tank may reach");
    // The same move by the 9th Panzer in an activation of its own is reacted to.
    let mut own = s;
    own.depth = 0;
    fx.activate(&mut own, "9PzD", 3);
    fx.move_to(&mut own, tank, to);
    assert_eq!(own.step, Step::ReactionOffer, "a Reaction outside one");
    assert!(fx.legal(&own).contains(&Action::React(first)));
    fx.move_to(&mut s, tank, to);
    assert_ne!(s.step, Step::ReactionOffer, "no counter-reaction");
    assert_eq!(fx.at(&s, tank), to);
    assert!(s.act().reaction, "still the Reaction");
}

/// 6.4.2: "If the HQ of a reacting formation is out of supply at the instant of Reaction, all
/// penalties for activating an unsupplied formation are applied", but "If a Reaction attempt
/// fails, the formation suffers no adverse results whatsoever". The 9th Panzer's HQ at 1216,
/// cut off by US units on its five other sides, attempts a Reaction: a failed check leaves it
/// on its full-strength side and its FAL at 3 (already flipped: its FAL at 3 too, under either
/// reading of AMBIG-8); a passed one flips it to Emergency Supply (6.3.3), or, already
/// flipped, ends with its FAL at 0.
#[test]
fn rule_6_4_2_a_failed_reaction_attempt_costs_an_unsupplied_hq_nothing() {
    let before_roll = Fx::s2_edited(
        "charts.toml",
        "value = \"after_roll\"",
        "value = \"before_roll\"",
    );
    for fx in [Fx::s2(), before_roll] {
        let f = fx.formation("9PzD");
        let (fi, bit) = (usize::from(f), 1 << f);
        let (mut s, _) = offered_at_1214(&fx, &[]);
        let ring: Vec<u16> = fx.ring(1216).into_iter().filter(|&h| h != 1215).collect();
        for (name, &h) in ["2/16", "3/16", "1/18", "2/18", "3/18"].iter().zip(&ring) {
            fx.put(&mut s, name, h);
        }
        assert!(!command::hq_supplied(fx.rs(), &s, f), "cut off");
        for spent in [false, true] {
            let mut t = s;
            if spent {
                t.emergency |= bit;
            }
            let mut failed = t;
            fx.decide(&mut failed, Action::React(f));
            fx.chance(&mut failed, Action::Check(false));
            assert_eq!(failed.emergency & bit, t.emergency & bit, "spent {spent}");
            assert_eq!(failed.fal[fi], 3, "spent {spent}: the FAL stays");
            assert_eq!(failed.fal_drop & bit, 0, "spent {spent}: no drop due");
            assert_eq!(failed.step, Step::Action, "the move went on");
            let mut passed = t;
            fx.decide(&mut passed, Action::React(f));
            fx.chance(&mut passed, Action::Check(true));
            assert_eq!(passed.emergency & bit, bit, "Emergency Supply");
            fx.chance(&mut passed, Action::Die(10));
            let fal = if spent { 0 } else { 2 };
            assert_eq!(passed.fal[fi], fal, "spent {spent}: after the AP roll");
        }
    }
}

/// 7.3.1: "Units currently belonging to the same formation which begin a Movement Action in
/// the same hex may move together as a stack at no extra cost in Action Points ... The stack's
/// MA is limited by the MA of the slowest unit ... An HQ cannot move with a stack."
#[test]
fn rule_7_3_1_a_stack_of_one_formation_moves_together_for_one_ap_at_its_slowest_ma() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1412);
    let leg = fx.put(&mut s, "1/16", 1412); // leg, MA 4
    let rcn = fx.put(&mut s, "1 Rcn", 1412); // motorized, MA 10
    let other = fx.put(&mut s, "1/36", 1412); // the 3rd AD's
    let next_door = fx.put(&mut s, "2/16", 1413);
    fx.activate(&mut s, "1ID", 3);
    let stack = fx.select_action(&s, leg, true);
    assert!(fx.legal(&s).contains(&stack));
    let alone = fx.destinations(&s, leg);
    assert!(
        fx.destinations(&s, rcn).contains(&(1608, false)),
        "the recce alone reaches 1608, five clear hexes away"
    );
    fx.decide(&mut s, stack);
    let Action::Select { from, pick } = stack else {
        unreachable!("a Select")
    };
    assert_eq!(s.step, Step::Destination { from, pick });
    let moves: Vec<(u16, bool)> = fx
        .legal(&s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { to, leg_bonus } => Some((fx.number(to), leg_bonus)),
            _ => None,
        })
        .collect();
    assert!(!moves.is_empty());
    assert!(
        !moves.iter().any(|&(h, _)| h == 1608),
        "the stack moves at MA 4"
    );
    for m in &moves {
        assert!(
            !m.1 && alone.contains(m),
            "{m:?}: no farther than the leg unit alone, without its leg bonus"
        );
    }
    fx.decide(
        &mut s,
        Action::Move {
            to: fx.hex(1411),
            leg_bonus: false,
        },
    );
    assert_eq!(s.act().ap, 2, "one Movement AP for the whole stack");
    assert_eq!((fx.at(&s, leg), fx.at(&s, rcn)), (1411, 1411), "together");
    assert_eq!(
        fx.at(&s, other),
        1412,
        "another formation's unit is no part of it"
    );
    assert_eq!(fx.at(&s, next_door), 1413, "nor a unit of another hex");
    assert_eq!(
        fx.number(s.hq_hex[usize::from(f)]),
        1412,
        "the HQ does not move with the stack"
    );
}
