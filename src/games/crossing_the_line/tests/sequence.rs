//! The sequence of play in a game driven step by step: the turn (2, 4), its Admin Phase (8:
//! Recovery 8.1, Assignment 8.2, Replacement 8.4) and its Ops Cycles (6.3, 6.4.2, 7.1, 7.2);
//! when Supply (5.7, 5.7.1, from the Supply Areas of 3.1.4) and Command Range (5.8.1) are
//! checked; which situations call for an Effectiveness Check (5.6); and the Campaign's Victory
//! hexes (3.1.5).

use super::Fx;
use crate::engine::{Actor, Game};
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::admin;
use crate::games::crossing_the_line::battle;
use crate::games::crossing_the_line::charts::{CombatResult, Hits, InitiativeMarker};
use crate::games::crossing_the_line::combat::AttackKind;
use crate::games::crossing_the_line::command;
use crate::games::crossing_the_line::control::{self, CommandStatus};
use crate::games::crossing_the_line::movement;
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::state::{CheckKind, State, Step};
use crate::games::crossing_the_line::victory;
use std::collections::BTreeSet;

/// Six German units of Scenario 2, to wall a hex in.
const GERMANS: [&str; 6] = ["453", "328", "473", "GR 941", "GR 942", "GR 943"];
/// Six US units of Scenario 2, to wall a hex in.
const AMERICANS: [&str; 6] = ["1/18", "2/18", "3/18", "1/26", "2/26", "3/26"];

/// The part of the sequence of play (4) a step belongs to: a segment of the Admin Phase, or
/// the Ops Phase.
fn segment(step: Step) -> &'static str {
    match step {
        Step::Interdiction | Step::Attrition => "recovery",
        Step::Assignment(_) => "assignment",
        Step::PlanDraw | Step::PlanPeek | Step::Inspect => "victory plan",
        Step::Replace | Step::Reorganize => "replacement",
        Step::Reinforce(_) | Step::Heir | Step::Entering(_) => "reinforcement",
        _ => "ops",
    }
}

/// The phase of the turn (2) a step belongs to.
fn phase(step: Step) -> &'static str {
    match segment(step) {
        "ops" => "ops",
        _ => "admin",
    }
}

/// One step of a game in which nobody acts: the US wins every Initiative, every side passes or
/// is done, every die is a 1, the US spends each Replacement Point on the first unit offered.
fn play_on(fx: &Fx, s: &mut State) {
    match s.step {
        Step::Initiative => fx.chance(s, Action::Winner(Side::Us)),
        Step::Choose => fx.decide(s, Action::Pass),
        Step::Interdiction | Step::Attrition | Step::PlanPeek => fx.chance(s, Action::Die(1)),
        Step::PlanDraw => {
            let first = fx.outcomes(s)[0].0;
            fx.chance(s, first);
        }
        Step::Assignment(_) | Step::Reorganize | Step::Reinforce(_) | Step::Inspect => {
            fx.decide(s, Action::Done)
        }
        Step::Replace | Step::Entering(_) => {
            let first = fx.legal(s)[0];
            fx.decide(s, first);
        }
        other => panic!("no step of a game where nobody acts: {other:?}"),
    }
}

/// The US holds the Initiative and every side passes: the Ops Phase ends and the next turn's
/// Admin Phase stops at the Interdiction die (8.1.2), its supply and US recovery done (8.1).
fn to_admin_phase(fx: &Fx, s: &mut State) {
    s.passed = [false; 2];
    s.initiative = Side::Us;
    s.step = Step::Choose;
    while s.step == Step::Choose {
        fx.decide(s, Action::Pass);
    }
    assert_eq!(s.step, Step::Interdiction);
}

/// Units `names` on every neighbour of hex `number`.
fn surround(fx: &Fx, s: &mut State, number: u16, names: &[&str]) {
    let ring = fx.ring(number);
    assert_eq!(ring.len(), names.len(), "the neighbours of {number}");
    for (name, &h) in names.iter().zip(&ring) {
        fx.put(s, name, h);
    }
}

/// The US 1/16 moves from 1113 along the road to `to` through the Town 1214, next to `unit` of
/// formation `id` at 1215, whose HQ is at 1216 with its Activation Level at `fal`; the 1st ID's
/// HQ is at 1014 and its activation has 3 APs. The Reaction is offered at 1214.
fn offered_at_1214(fx: &Fx, id: &str, unit: &str, fal: u8, to: u16) -> (State, usize, u8) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    let f = fx.hq(&mut s, id, 1216);
    s.fal[usize::from(f)] = fal;
    fx.put(&mut s, unit, 1215);
    let u = fx.put(&mut s, "1/16", 1113);
    fx.activate(&mut s, "1ID", 3);
    fx.move_to(&mut s, u, to);
    assert_eq!((s.step, fx.at(&s, u)), (Step::ReactionOffer, 1214));
    (s, u, f)
}

/// The chance outcomes of a d10 check passed at or under `rating`.
fn check_at(rating: u8) -> Vec<(Action, u32)> {
    let pass = u32::from(rating);
    vec![
        (Action::Check(true), pass),
        (Action::Check(false), 10 - pass),
    ]
}

/// The units that may be selected alone for a Movement Action (7.3).
fn movers(fx: &Fx, s: &State) -> BTreeSet<usize> {
    fx.legal(s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Select { from, pick } if pick.count_ones() == 1 => {
                Some(movement::movers_of(fx.rs(), s, from, pick).trailing_zeros() as usize)
            }
            _ => None,
        })
        .collect()
}

/// The units offered a Replacement Point (8.4.1, 8.4.2): every decision must be one.
pub(super) fn rebuilt(fx: &Fx, s: &State) -> BTreeSet<usize> {
    fx.legal(s)
        .into_iter()
        .map(|a| match a {
            Action::Replace(u) => usize::from(u),
            other => panic!("{other:?} offered for a Replacement Point"),
        })
        .collect()
}

/// The German units offered for cannibalisation (8.4.2).
pub(super) fn cannibals(fx: &Fx, s: &State) -> BTreeSet<usize> {
    fx.legal(s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Cannibalize(u) => Some(usize::from(u)),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------------ the turn (2, 4, 8)

/// 2: "A game turn usually consists of an Administrative Phase (Admin Phase), followed by the
/// Operations Phase ... The first turn of a scenario skips the Admin Phase."
#[test]
fn rule_2_each_turn_is_an_admin_phase_then_an_ops_phase_but_the_first_has_no_admin_phase() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    let mut seen: Vec<(u8, &str)> = Vec::new();
    for _ in 0..1000 {
        if s.is_over() {
            break;
        }
        let now = (s.turn, phase(s.step));
        if seen.last() != Some(&now) {
            seen.push(now);
        }
        play_on(&fx, &mut s);
    }
    assert!(s.is_over(), "Scenario 2 ends after its third turn");
    assert_eq!(
        seen,
        [
            (1, "ops"),
            (2, "admin"),
            (2, "ops"),
            (3, "admin"),
            (3, "ops")
        ]
    );
}

/// 4: "Admin Phase: Consists of the following segments in that order: 1. Recovery Segment 2.
/// Assignment Segment 3. Victory Plan Segment 4. Replacement Segment 5. Reinforcement Segment";
/// then the Ops Phase, whose Ops Cycle begins with the Initiative Determination.
#[test]
fn rule_4_the_admin_phase_runs_its_five_segments_in_order_then_the_ops_phase() {
    // The Campaign, the one scenario with a Victory Plan Segment (8.3); two US units below
    // strength, so that the Replacement Segment has something to do.
    let fx = Fx::new("campaign");
    let mut s = fx.g.initial_state();
    for name in ["1/16", "3/18"] {
        s.strength[fx.unit(name)] -= 2;
    }
    while s.step == Step::Choose {
        fx.decide(&mut s, Action::Pass);
    }
    assert_eq!(s.turn, 2);
    let mut seen: Vec<&str> = Vec::new();
    for _ in 0..1000 {
        let now = segment(s.step);
        if seen.last() != Some(&now) {
            seen.push(now);
        }
        if now == "ops" {
            break;
        }
        play_on(&fx, &mut s);
    }
    assert_eq!(
        seen,
        [
            "recovery",
            "assignment",
            "victory plan",
            "replacement",
            "reinforcement",
            "ops"
        ]
    );
    assert_eq!(
        s.step,
        Step::Initiative,
        "the Ops Cycle opens with the Initiative"
    );
}

/// 4: "Ops Phase: Consists of various repetitions of the Ops Cycle, which itself consists of:
/// Initiative Determination, Formation Activation". (The turn advances when the Ops Phase
/// ends, not with each Ops Cycle: AMBIG-1, after 6 and 7.8.)
#[test]
fn rule_4_each_ops_cycle_is_an_initiative_determination_then_a_formation_activation() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    // 10: the first Initiative of the scenario is the US's without a roll.
    let mut steps = vec![s.step];
    for (winner, formation) in [(None, "1ID"), (Some(Side::German), "9PzD")] {
        if let Some(side) = winner {
            fx.chance(&mut s, Action::Winner(side));
            steps.push(s.step);
            assert_eq!(s.initiative, side);
        }
        fx.decide(&mut s, Action::Act(fx.formation(formation)));
        steps.push(s.step);
        fx.chance(&mut s, Action::Die(10));
        steps.push(s.step);
        fx.decide(&mut s, Action::End);
        steps.push(s.step);
    }
    let roll = Step::ApRoll { reaction: false };
    assert_eq!(
        steps,
        [
            Step::Choose,
            roll,
            Step::Action,
            Step::Initiative,
            Step::Choose,
            roll,
            Step::Action,
            Step::Initiative
        ]
    );
    assert_eq!(s.turn, 1, "two Ops Cycles, still turn 1");
}

/// 8: "Place the Initiative +DRM marker in the zero box on the Initiative track ... This is the
/// only time during a turn, that the marker is placed in the zero box."
#[test]
fn rule_8_the_admin_phase_puts_the_initiative_marker_in_the_zero_box_until_the_first_roll() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    assert_ne!(
        s.marker,
        InitiativeMarker::ZERO,
        "10: it starts at 2 German"
    );
    while s.step == Step::Choose {
        fx.decide(&mut s, Action::Pass);
    }
    assert_eq!(s.turn, 2);
    for _ in 0..1000 {
        assert_eq!(s.marker, InitiativeMarker::ZERO, "at {:?}", s.step);
        if s.step == Step::Initiative {
            break;
        }
        play_on(&fx, &mut s);
    }
    assert_eq!(s.step, Step::Initiative);
    // The first Initiative of the Ops Phase takes it off the 0 box; it does not come back.
    fx.chance(&mut s, Action::Winner(Side::Us));
    let german_2 = InitiativeMarker {
        side: Some(Side::German),
        value: 2,
    };
    assert_eq!(s.marker, german_2);
    fx.decide(&mut s, Action::Pass);
    assert_eq!(s.step, Step::Choose, "the German holds the Initiative");
    assert_eq!(s.marker, german_2);
}

// ------------------------------------------------------------------ the map (3.1.4, 3.1.5)

/// Formation `hq`'s HQ at hex `at`, every neighbour but `open` holding one of `names`.
fn pocket(fx: &Fx, hq: &str, at: u16, open: u16, names: &[&str]) -> (State, u8) {
    let mut s = fx.bare();
    let f = fx.hq(&mut s, hq, at);
    let walls: Vec<u16> = fx.ring(at).into_iter().filter(|&h| h != open).collect();
    assert_eq!(
        walls.len(),
        names.len(),
        "the neighbours of {at} but {open}"
    );
    for (name, &h) in names.iter().zip(&walls) {
        fx.put(&mut s, name, h);
    }
    (s, f)
}

/// 3.1.4: "These areas act as supply sources for the indicated side. HQ units need to have a
/// clear supply path to one of their supply areas to be in supply."
#[test]
fn rule_3_1_4_a_supply_area_supplies_only_its_own_side() {
    let fx = Fx::s2();
    let rs = fx.rs();
    // An HQ walled in but for one neighbour, a map edge hex next to a supply area: 1005 on
    // the US south edge, 3022 on the German east edge. The enemy's ZOC covers that hex, so a
    // Supply Path can enter it and go no further (5.7.2).
    for (at, open, source) in [(1105, 1005, Side::Us), (3021, 3022, Side::German)] {
        let h = usize::from(fx.hex(open));
        assert!(rs.supply_edge[source.index()].contains(h));
        assert!(!rs.supply_edge[source.other().index()].contains(h));
        let (s, us) = pocket(&fx, "1ID", at, open, &GERMANS[..5]);
        assert!(s.zoc[Side::German.index()].contains(h));
        assert_eq!(
            command::hq_supplied(rs, &s, us),
            source == Side::Us,
            "a US HQ next to {open}"
        );
        let (s, german) = pocket(&fx, "526ID", at, open, &AMERICANS[..5]);
        assert!(s.zoc[Side::Us.index()].contains(h));
        assert_eq!(
            command::hq_supplied(rs, &s, german),
            source == Side::German,
            "a German HQ next to {open}"
        );
    }
}

/// 3.1.5: "There are four hexes surrounded by a solid red line. These act as Victory Point (VP)
/// locations in the campaign ... only one of the hexes inside of this boundary must be
/// controlled by the US player to gain the Roer River victory points in the campaign."
#[test]
fn rule_3_1_5_four_single_vp_hexes_and_one_roer_hex_gains_the_whole_roer_area() {
    let fx = Fx::new("campaign");
    let rs = fx.rs();
    let p = rs.plan.as_ref().expect("the Campaign's Victory Plan");
    assert_eq!(p.locations.len(), 5);
    let singles = p.locations.iter().filter(|(_, m)| m.count_ones() == 1);
    assert_eq!(singles.count(), 4, "four hexes outlined in red");
    let (roer, area) = p
        .locations
        .iter()
        .enumerate()
        .find(|(_, (_, m))| m.count_ones() > 1)
        .map(|(k, &(_, m))| (k, m))
        .expect("the Roer area");
    let hexes_of = |mask: u32| -> Vec<u16> {
        rs.vp_hexes
            .iter()
            .enumerate()
            .filter(|&(k, _)| mask & (1u32 << k) != 0)
            .map(|(_, &(h, _))| h)
            .collect()
    };
    let area = hexes_of(area);
    assert!(area.len() > 1);
    let aachen = p
        .locations
        .iter()
        .position(|(name, _)| name == "Aachen")
        .expect("Aachen");
    let aachen_hex = hexes_of(p.locations[aachen].1)[0];
    let plan = p
        .markers
        .iter()
        .position(|(name, _)| name == "to the Roer")
        .expect("a plan");
    let values = p.markers[plan].1.clone().expect("no dummy");
    let (roer_vp, aachen_vp) = (u32::from(values[roer]), u32::from(values[aachen]));
    // US units enter `hexes` (control, 9), with the plan drawn: the plan's VP.
    let vp = |hexes: &[u16]| -> u32 {
        let mut s = fx.bare();
        s.plan_draws[0] = plan as u8 + 1;
        for (name, &h) in ["1/16", "2/16", "3/16", "1/18", "2/18"].iter().zip(hexes) {
            fx.put(&mut s, name, fx.number(h));
        }
        victory::update_control(rs, &mut s);
        victory::plan_vp(p, &s)
    };
    assert_eq!(vp(&[]), 0);
    for &h in &area {
        assert_eq!(vp(&[h]), roer_vp, "{} alone", fx.number(h));
    }
    assert_eq!(vp(&area), roer_vp, "the whole area counts once");
    assert_eq!(vp(&[area[0], aachen_hex]), roer_vp + aachen_vp);
}

// ------------------------------------------------------------------ checks (5.6, 5.7, 5.8.1)

/// A defender's combat result of one hit, red or black (7.5.2).
fn one_hit(red: bool) -> CombatResult {
    CombatResult {
        attacker: Hits {
            hits: 0,
            red: false,
        },
        defender: Hits { hits: 1, red },
    }
}

/// 5.6: "The following situations require an Effectiveness Check (EC) for a unit: Any red combat
/// result; Refit Action; Isolated units attempting to conduct an Action; Infiltration
/// Movement." Each rolls one d10 against the unit's Effectiveness Rating (5.6.1); a plain move
/// or a black result rolls none.
#[test]
fn rule_5_6_a_red_result_a_refit_an_isolated_action_and_infiltration_call_for_an_ec() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let attacker = fx.put(&mut s, "1/16", 1412);
    let walker = fx.put(&mut s, "2/16", 1410);
    let shaken = fx.put(&mut s, "3/16", 1212);
    let enemy = fx.put(&mut s, "453", 1413);
    s.disrupted |= 1 << shaken;
    s.refresh(rs);
    fx.activate(&mut s, "1ID", 4);
    assert_eq!(command::status(rs, &s, attacker), CommandStatus::InCommand);

    // No EC for a Movement Action of units that are not isolated.
    let mut moved = s;
    fx.move_to(&mut moved, walker, 1411);
    assert_eq!((moved.step, fx.at(&moved, walker)), (Step::Action, 1411));

    // Infiltration: 1412 and 1312 are both in the 453's ZOC (7.3.4).
    let mut infiltrating = s;
    fx.select(&mut infiltrating, attacker, false);
    let to = fx.hex(1312);
    fx.decide(&mut infiltrating, Action::Infiltrate { to });
    assert_eq!(infiltrating.step, Step::Check(CheckKind::Infiltration));
    assert_eq!(infiltrating.queue, 1 << attacker);
    assert_eq!(
        fx.outcomes(&infiltrating),
        check_at(rs.unit(attacker).er[0])
    );

    // Refit: the disrupted side's rating.
    let mut refitting = s;
    fx.decide(&mut refitting, Action::Refit(shaken as u8));
    assert_eq!(refitting.step, Step::Check(CheckKind::Refit));
    assert_eq!(fx.outcomes(&refitting), check_at(rs.unit(shaken).er[1]));

    // Combat: an attack by an In Command unit goes to the chits unchecked; a red result
    // checks the units hit, a black one does not.
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = AttackKind::Hasty;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    assert_eq!(s.step, Step::Chits);
    let resolved = |red: bool| {
        let mut t = s;
        t.fight.result = one_hit(red);
        battle::apply_results(rs, &mut t);
        t
    };
    let black = resolved(false);
    assert!(!matches!(black.step, Step::Check(_)), "{:?}", black.step);
    let red = resolved(true);
    assert_eq!(red.step, Step::Check(CheckKind::Combat));
    assert_eq!(red.queue, 1 << enemy);
    assert_eq!(fx.outcomes(&red), check_at(rs.unit(enemy).er[0]));

    // An isolated unit: German units on five sides of 1412, the sixth (1411) in their ZOC.
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let u = fx.put(&mut s, "1/16", 1412);
    let walls = fx.ring(1412).into_iter().filter(|&h| h != 1411);
    for (name, h) in GERMANS.iter().zip(walls) {
        fx.put(&mut s, name, h);
    }
    fx.activate(&mut s, "1ID", 3);
    assert_eq!(command::status(rs, &s, u), CommandStatus::Isolated);
    fx.decide(&mut s, Action::Attack { from, target, kind });
    assert_eq!(s.step, Step::Check(CheckKind::Isolated));
    assert_eq!(s.queue, 1 << u);
    assert_eq!(fx.outcomes(&s), check_at(rs.unit(u).er[0]));
}

/// 5.7: "Only HQs must check for Supply, combat units check for Command Range instead ... Only
/// the controlling HQ needs to be in supply at time of its activation".
#[test]
fn rule_5_7_a_cut_off_combat_unit_does_not_unsupply_its_formation_it_is_isolated_instead() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1507);
    // The 2/16 deep behind the German line, German units all round it.
    let cut_off = fx.put(&mut s, "2/16", 3010);
    surround(
        &fx,
        &mut s,
        3010,
        &["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353", "MG 353"],
    );
    let obstacles = s.obstacles(rs, Side::Us);
    let unit_hex = rs.hex(s.hex[cut_off]);
    assert!(
        !control::is_supplied(&rs.map, Side::Us, unit_hex, &obstacles),
        "no Supply Path leaves the unit's hex"
    );
    assert!(command::hq_supplied(rs, &s, f));
    assert_eq!(command::status(rs, &s, cut_off), CommandStatus::Isolated);
    s.fal[usize::from(f)] = 4;
    s.passed = [false; 2];
    s.initiative = Side::Us;
    s.step = Step::Choose;
    fx.decide(&mut s, Action::Act(f));
    assert_eq!(s.emergency, 0, "the HQ is in supply: no Emergency Supply");
    assert_eq!(s.fal[usize::from(f)], 4);
    fx.chance(&mut s, Action::Die(10));
    assert_eq!(s.fal[usize::from(f)], 3, "an ordinary activation");
    let ap = s.act().ap;
    assert!(ap >= 2);
    // The unit pays for being isolated (5.8.4): Hasty Attack only, double AP, an EC first.
    let target = fx.hex(fx.ring(3010)[0]);
    let from = fx.hex(3010);
    let kind = AttackKind::Hasty;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    assert_eq!(s.step, Step::Check(CheckKind::Isolated));
    assert_eq!(s.act().ap, ap - 2);
}

/// The pocket at 1311: the 9th Panzer's HQ and its tank, US units on five sides and the US
/// 1/16 moving into the sixth, 1312, next to the tank: the Reaction is offered there.
fn pocket_reaction(fx: &Fx) -> (State, u8) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let f = fx.hq(&mut s, "9PzD", 1311);
    s.fal[usize::from(f)] = 3;
    fx.put(&mut s, "Pz Bde 105", 1311);
    let walls = [1310, 1411, 1412, 1211, 1212];
    for (name, h) in ["1/36", "2/36", "3/36", "1/33", "2/33"].iter().zip(walls) {
        fx.put(&mut s, name, h);
    }
    let u = fx.put(&mut s, "1/16", 1313);
    fx.activate(&mut s, "1ID", 3);
    fx.move_to(&mut s, u, 1312);
    assert_eq!((s.step, fx.at(&s, u)), (Step::ReactionOffer, 1312));
    assert!(fx.legal(&s).contains(&Action::React(f)));
    (s, f)
}

/// 5.7.1: "HQs must check for Supply ... Before making a Formation Reaction attempt"; 6.4.2: "If
/// the HQ of a reacting formation is out of supply at the instant of Reaction, all penalties for
/// activating an unsupplied formation are applied" (6.3.3), once the Reaction Check is passed
/// ("If a Reaction attempt fails, the formation suffers no adverse results whatsoever": see
/// `rule_6_4_2_a_failed_reaction_attempt_costs_an_unsupplied_hq_nothing`).
#[test]
fn rule_5_7_1_supply_is_checked_before_a_reaction_attempt_with_the_penalties_of_6_3_3() {
    let fx = Fx::s2();
    let rs = fx.rs();
    // A supplied HQ reacts on its front side.
    let (mut s, _, f) = offered_at_1214(&fx, "9PzD", "Pz Bde 105", 3, 1214);
    assert!(command::hq_supplied(rs, &s, f));
    fx.decide(&mut s, Action::React(f));
    assert_eq!(s.emergency & (1 << f), 0);

    // An unsupplied HQ on its front side: flipped when the Reaction Check passes, then it
    // reacts normally.
    let (mut s, f) = pocket_reaction(&fx);
    let fi = usize::from(f);
    assert!(!command::hq_supplied(rs, &s, f));
    let mut flipped = s;
    flipped.emergency |= 1 << f;
    fx.decide(&mut s, Action::React(f));
    assert_eq!(s.step, Step::ReactionCheck);
    assert_eq!(s.emergency & (1 << f), 0, "not before the check");
    fx.chance(&mut s, Action::Check(true));
    assert_eq!(s.emergency & (1 << f), 1 << f, "Emergency Supply expended");
    assert_eq!(s.fal[fi], 3);
    fx.chance(&mut s, Action::Die(10));
    let red = rs.charts.action_points(3, 10).unwrap().red;
    assert!(s.act().reaction);
    assert_eq!((s.act().ap, s.fal[fi]), (red, 2));

    // Already on its Emergency Supply side: its level drops to 0 (AMBIG-8, the default
    // `after_roll`: after the AP roll on its level, so the Reaction has its red APs).
    fx.decide(&mut flipped, Action::React(f));
    assert_eq!(flipped.fal[fi], 3, "not yet");
    fx.chance(&mut flipped, Action::Check(true));
    fx.chance(&mut flipped, Action::Die(10));
    assert!(flipped.act().reaction);
    assert_eq!((flipped.act().ap, flipped.fal[fi]), (red, 0));
}

/// 5.7.1: "HQs must check for Supply ... At the beginning of a Formation Activation": not while
/// it goes on.
#[test]
fn rule_5_7_1_supply_is_checked_at_the_start_of_an_activation_not_during_it() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1507);
    fx.put(&mut s, "1/16", 1507);
    s.fal[usize::from(f)] = 4;
    s.passed = [false; 2];
    s.initiative = Side::Us;
    s.step = Step::Choose;
    fx.decide(&mut s, Action::Act(f));
    fx.chance(&mut s, Action::Die(10));
    assert_eq!(s.step, Step::Action);
    // Cut off while the activation goes on: the HQ stays on its front side.
    surround(&fx, &mut s, 1507, &GERMANS);
    assert!(!command::hq_supplied(rs, &s, f));
    fx.decide(&mut s, Action::ImprovedDefense(fx.hex(1507)));
    assert_eq!(s.emergency, 0, "no supply check during the activation");
    fx.decide(&mut s, Action::End);
    // The next activation begins with the check.
    assert_eq!((s.step, s.initiative), (Step::Choose, Side::Us));
    fx.decide(&mut s, Action::Act(f));
    assert_eq!(s.step, Step::ApRoll { reaction: false });
    assert_eq!(s.emergency & (1 << f), 1 << f, "flipped at the start");
}

/// 5.8.1: "Combat units must check Command Range in the: ... Replacement Phase: US unit wishing
/// to receive Replacements. German unit wishing to Reorganize."
#[test]
fn rule_5_8_1_command_range_is_checked_for_replacements_and_reorganisation() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let near = fx.put(&mut s, "1/16", 1212);
    let far = fx.put(&mut s, "2/16", 1608);
    fx.hq(&mut s, "526ID", 2211);
    let (a, b) = (fx.put(&mut s, "453", 2210), fx.put(&mut s, "328", 2212));
    let stray = fx.put(&mut s, "473", 2711);
    for u in [near, far] {
        s.strength[u] = 2;
    }
    s.strength[b] = 2;
    s.strength[stray] = 1;
    assert_eq!(command::status(rs, &s, near), CommandStatus::InCommand);
    assert_eq!(command::status(rs, &s, far), CommandStatus::OutOfCommand);
    assert_eq!(command::status(rs, &s, stray), CommandStatus::OutOfCommand);
    // 8.4 after the Assignment Segment (8.2); Scenario 2 has no Victory Plan (8.3).
    admin::after_assignment(rs, &mut s);
    assert_eq!(s.step, Step::Replace);
    for _ in 0..2 {
        assert_eq!(rebuilt(&fx, &s), BTreeSet::from([near]));
        fx.decide(&mut s, Action::Replace(near as u8));
    }
    assert_eq!((s.strength[near], s.strength[far]), (4, 2));
    assert_eq!(
        s.step,
        Step::Reorganize,
        "the US first, then the German (8.4)"
    );
    assert_eq!(cannibals(&fx, &s), BTreeSet::from([a, b]));
    // AMBIG-36: the units rebuilt by the cannibalised SPs are checked as well.
    fx.decide(&mut s, Action::Cannibalize(a as u8));
    assert_eq!(rebuilt(&fx, &s), BTreeSet::from([b]));
}

// ------------------------------------------------------------------ activation (6.3, 6.4.2)

/// 6.2 on the page: the headline names who holds the Initiative while they choose, so the
/// page and the pictures say whose decision it is (trial 14b F2).
#[test]
fn rule_6_2_the_headline_names_the_initiative_player_choosing() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    assert_eq!(s.step, Step::Choose);
    for side in [Side::Us, Side::German] {
        s.initiative = side;
        let headline = crate::games::crossing_the_line::describe::headline(fx.rs(), &s, None);
        let words = format!(
            "turn 1 of 3, the Initiative player, the {}, activates, transfers or passes (6.2);",
            side.players()
        );
        assert!(headline.contains(&words), "{headline}");
    }
}

/// 6.3: "Activating a formation allows the Initiative player to activate all subordinate units,
/// including Independent units currently assigned to it, to conduct one or more Actions".
#[test]
fn rule_6_3_an_activation_moves_the_formations_own_and_assigned_units_and_no_others() {
    let fx = Fx::s2();
    let rs = fx.rs();
    // Only the Initiative player activates, and only his own formations.
    let sides_offered = |s: &State| -> Vec<Side> {
        fx.legal(s)
            .into_iter()
            .filter_map(|a| match a {
                Action::Act(f) => Some(rs.formation(f).side),
                _ => None,
            })
            .collect()
    };
    let mut s = fx.g.initial_state();
    for side in [Side::Us, Side::German] {
        assert_eq!(s.initiative, side);
        let acts = sides_offered(&s);
        assert!(
            !acts.is_empty() && acts.iter().all(|&x| x == side),
            "{acts:?}"
        );
        if side == Side::Us {
            fx.decide(&mut s, Action::Transfer);
        }
    }
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "3AD", 1705);
    let own = fx.put(&mut s, "1/16", 1409);
    let independent = fx.put(&mut s, "238 Eng", 1410);
    let tank = fx.put(&mut s, "1/32", 1411);
    let lent = fx.put(&mut s, "1/18", 1408);
    let armored = fx.put(&mut s, "1/36", 1406);
    assert!(rs.unit(independent).parent.is_none());
    assert_eq!(s.formation[independent], fx.formation("1ID"));
    // 5.5.1: a 3rd AD tank unit assigned to the 1st ID, a 1st ID battalion to the 3rd AD.
    s.formation[tank] = fx.formation("1ID");
    s.formation[lent] = fx.formation("3AD");
    let mut first = s;
    fx.activate(&mut first, "1ID", 3);
    assert_eq!(
        movers(&fx, &first),
        BTreeSet::from([own, independent, tank])
    );
    let mut third = s;
    fx.activate(&mut third, "3AD", 3);
    assert_eq!(movers(&fx, &third), BTreeSet::from([lent, armored]));
}

/// 6.3: "Please use the following sequence at the beginning of a Formation Activation: 1.
/// Supply check 2. Determine Action points available to the formation 3. Adjust Formation
/// Activation marker down one level"; 6.3.2: "The current Activation Level of the activated
/// formation defines the column on the Action Points Table".
#[test]
fn rule_6_3_supply_check_then_the_ap_roll_on_the_current_level_then_the_level_drops_one() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1311);
    surround(&fx, &mut s, 1311, &GERMANS);
    let fal = 4;
    s.fal[usize::from(f)] = fal;
    s.passed = [false; 2];
    s.initiative = Side::Us;
    s.step = Step::Choose;
    let black = |level: u8, die: u8| rs.charts.action_points(level, die).unwrap().black;
    // A die whose APs differ between this level's column and the next lower one.
    let die = (1..=10)
        .find(|&d| black(fal, d) != black(fal - 1, d))
        .expect("a die telling the columns apart");
    fx.decide(&mut s, Action::Act(f));
    assert_eq!(s.step, Step::ApRoll { reaction: false });
    assert_eq!(s.emergency & (1 << f), 1 << f, "1. the supply check");
    assert_eq!(s.fal[usize::from(f)], fal, "not lowered before the AP roll");
    fx.chance(&mut s, Action::Die(die));
    assert_eq!(
        s.act().ap,
        black(fal, die),
        "2. the APs of the current level"
    );
    assert_eq!(s.fal[usize::from(f)], fal - 1, "3. then one level down");
    assert_eq!(s.step, Step::Action);
}

/// 6.4.2: "The HQ of the formation selected to make a Reaction attempt must pass a Reaction
/// Check. Roll a die; if the result is equal to or lower than the HQ's printed Reaction Rating,
/// the Formation Reaction attempt is successful; otherwise it fails."
#[test]
fn rule_6_4_2_the_reaction_check_passes_at_or_under_the_hqs_printed_reaction_rating() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut ratings = BTreeSet::new();
    for (id, unit) in [
        ("9PzD", "Pz Bde 105"),
        ("526ID", "453"),
        ("116PzD", "Pz 16"),
    ] {
        for fal in [1, 3] {
            let (mut s, _, f) = offered_at_1214(&fx, id, unit, fal, 1214);
            fx.decide(&mut s, Action::React(f));
            assert_eq!(s.step, Step::ReactionCheck);
            let rating = rs.formation(f).reaction_rating;
            ratings.insert(rating);
            assert_eq!(fx.outcomes(&s), check_at(rating), "{id} at level {fal}");
        }
    }
    assert_eq!(ratings.len(), 3, "three different printed ratings");
}

/// 6.4.2: "If a Reaction attempt fails, the formation suffers no adverse results whatsoever.
/// Its Formation Activation Level marker remains where it is. If a formation undertakes another
/// Movement Action in the same Formation Activation Segment, another Formation Reaction attempt
/// can be made"; on success "The Formation Activation Level marker of the reacting formation
/// gets adjusted one step down."
#[test]
fn rule_6_4_2_a_failed_attempt_costs_nothing_and_the_next_movement_action_may_be_reacted_to() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let (mut s, u, f) = offered_at_1214(&fx, "9PzD", "Pz Bde 105", 3, 1214);
    let fi = usize::from(f);
    fx.decide(&mut s, Action::React(f));
    fx.chance(&mut s, Action::Check(false));
    assert_eq!((s.fal[fi], s.emergency), (3, 0), "no adverse result");
    assert_eq!(
        (s.step, s.act().side, s.act().ap),
        (Step::Action, Side::Us, 2)
    );
    assert_eq!(fx.at(&s, u), 1214);
    // A new Movement Action out of 1214, next to the tank: a new attempt.
    fx.move_to(&mut s, u, 1313);
    assert_eq!((s.step, fx.at(&s, u)), (Step::ReactionOffer, 1214));
    fx.decide(&mut s, Action::React(f));
    fx.chance(&mut s, Action::Check(true));
    assert_eq!(s.step, Step::ApRoll { reaction: true });
    fx.chance(&mut s, Action::Die(10));
    assert!(s.act().reaction);
    assert_eq!(s.act().ap, rs.charts.action_points(3, 10).unwrap().red);
    assert_eq!(s.fal[fi], 2, "one step down on success");
}

/// 6.4.3: "The unit or stack performing any movement must stop in the hex it just entered or
/// attempted to exit." The 1/16, in 1214 next to the Pz Bde 105, sets out for 1313; the 9th
/// Panzer reacts as it attempts to exit and passes: when the Reaction is over, the 1/16 is
/// still in 1214, its Movement Action ended, and the 1st ID goes on with the AP left.
#[test]
fn rule_6_4_3_a_reaction_to_an_attempt_to_exit_stops_the_mover_in_its_start_hex() {
    let fx = Fx::s2();
    let (mut s, u, f) = offered_at_1214(&fx, "9PzD", "Pz Bde 105", 3, 1214);
    fx.decide(&mut s, Action::Decline);
    assert_eq!((s.step, s.act().ap), (Step::Action, 2));
    fx.move_to(&mut s, u, 1313);
    assert_eq!((s.step, fx.at(&s, u)), (Step::ReactionOffer, 1214));
    fx.decide(&mut s, Action::React(f));
    fx.chance(&mut s, Action::Check(true));
    fx.chance(&mut s, Action::Die(10));
    assert!(s.act().reaction);
    fx.decide(&mut s, Action::End);
    assert_eq!(
        (s.step, s.act().side, s.act().ap),
        (Step::Action, Side::Us, 1)
    );
    assert_eq!(fx.at(&s, u), 1214, "stopped where it tried to leave");
    assert!(s.moving.units == 0, "its Movement Action is over");
}

// ------------------------------------------------------------------ Actions (7.1, 7.2)

/// The kind of Action a decision of `Step::Action` is (7.1).
fn kind_of(a: Action) -> &'static str {
    match a {
        Action::Select { .. } => "movement",
        Action::Attack {
            kind: AttackKind::Hasty,
            ..
        } => "hasty attack",
        Action::Attack {
            kind: AttackKind::Regular,
            ..
        } => "regular attack",
        Action::Attack {
            kind: AttackKind::Prepared,
            ..
        } => "prepared attack",
        Action::Relocate(_) => "hq relocation",
        Action::Refit(_) => "refit",
        Action::ImprovedDefense(_) => "improved defense",
        Action::End => "end",
        _ => "something else",
    }
}

/// 7.1: Movement (1 AP per stack), HQ Relocation (the HQ's Relocation value), Combat (Hasty
/// 1 AP, Regular 2, Prepared 3), Refit (1 AP per unit) and Improved Defense (1 AP per stack);
/// "Any Action may be chosen, if the activated formation has the required number of Action
/// Points remaining".
#[test]
fn rule_7_1_the_actions_offered_are_the_five_of_the_overview_each_at_its_ap_cost() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1113);
    assert_eq!(rs.formation(f).relocation, 2, "the 1st ID's HQ");
    fx.put(&mut s, "1/16", 1412);
    let shaken = fx.put(&mut s, "2/16", 1212);
    fx.put(&mut s, "453", 1413);
    s.disrupted |= 1 << shaken;
    s.refresh(rs);
    let all = [
        "movement",
        "hasty attack",
        "regular attack",
        "prepared attack",
        "hq relocation",
        "refit",
        "improved defense",
        "end",
    ];
    let cases: [(u8, &[&str]); 3] = [
        (3, &[]),
        (2, &["prepared attack"]),
        (1, &["prepared attack", "regular attack", "hq relocation"]),
    ];
    for (ap, missing) in cases {
        fx.activate(&mut s, "1ID", ap);
        let offered: BTreeSet<&str> = fx.legal(&s).into_iter().map(kind_of).collect();
        let expected: BTreeSet<&str> = all
            .iter()
            .copied()
            .filter(|k| !missing.contains(k))
            .collect();
        assert_eq!(offered, expected, "{ap} AP");
    }
    // "Disrupted units are strictly limited to a Refit Action."
    let legal = fx.legal(&s);
    let select = fx.select_action(&s, shaken, false);
    assert!(!legal.contains(&select));
    assert!(!legal.contains(&Action::ImprovedDefense(fx.hex(1212))));
    assert!(legal.contains(&Action::Refit(shaken as u8)));
}

/// 7.2: "c. Adjust the AP marker corresponding to the expended Action Points ... e. Perform the
/// Action ... Remember that a Formation Activation may be temporarily interrupted ... f. Perform
/// another Action: If enough Action Points remain ... Otherwise, the Formation Activation is
/// ended. Note: A unit is able to conduct more than one Action in a single Formation
/// Activation."
#[test]
fn rule_7_2_the_ap_is_paid_before_the_action_and_one_unit_acts_until_the_aps_run_out() {
    let fx = Fx::s2();
    // The 1/16's move to 1413 waits at 1214 on the Reaction side: its AP is already paid.
    let (mut s, u, _) = offered_at_1214(&fx, "9PzD", "Pz Bde 105", 3, 1413);
    assert_eq!(s.act().ap, 2);
    fx.decide(&mut s, Action::Decline);
    assert_eq!((s.step, fx.at(&s, u), s.act().ap), (Step::Action, 1413, 2));
    // The same unit moves again, then takes an Improved Defense: the last AP.
    fx.move_to(&mut s, u, 1412);
    assert_eq!((s.step, fx.at(&s, u), s.act().ap), (Step::Action, 1412, 1));
    fx.decide(&mut s, Action::ImprovedDefense(fx.hex(1412)));
    assert_eq!(s.improved, 1 << u);
    assert_eq!(s.step, Step::Initiative, "no AP left: the next Ops Cycle");
}

/// 7.2: "a. Select eligible units: Any units subordinate or assigned to an activated formation
/// are eligible ... d. Check, whether the unit is in Command Range": the 3rd AD's battalion is
/// not eligible in the 1st ID's activation, and Command Range is checked anew at each Action:
/// out of range (6 hexes from its HQ, range 5) a move costs 2 AP (5.8.3), back in range 1.
#[test]
fn rule_7_2_a_and_d_only_the_formation_s_units_act_and_command_range_is_checked_each_action() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1311);
    fx.hq(&mut s, "3AD", 1214);
    let own = fx.put(&mut s, "1/16", 1317);
    let other = fx.put(&mut s, "1/32", 1215);
    fx.activate(&mut s, "1ID", 4);
    let select = |u: usize| fx.select_action(&s, u, false);
    let legal = fx.legal(&s);
    assert!(legal.contains(&select(own)), "the 1st ID's own battalion");
    assert!(
        !legal.contains(&select(other)),
        "the 3rd AD's is not eligible"
    );
    fx.move_to(&mut s, own, 1316);
    assert_eq!(s.act().ap, 2, "out of Command Range: 2 AP");
    fx.move_to(&mut s, own, 1315);
    assert_eq!(s.act().ap, 1, "in Command Range again: 1 AP");
}

/// 6.2: "The passing side may still conduct Formation Reactions" (the 9th Panzer reacts after
/// the Germans passed), and "Transferring the Initiative does not alter the Initiative +DRM
/// marker".
#[test]
fn rule_6_2_a_side_that_passed_still_reacts_and_a_transfer_keeps_the_marker() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    let f = fx.hq(&mut s, "9PzD", 1216);
    s.fal[usize::from(f)] = 3;
    fx.put(&mut s, "Pz Bde 105", 1215);
    let u = fx.put(&mut s, "1/16", 1113);
    s.passed[Side::German.index()] = true;
    fx.activate(&mut s, "1ID", 3);
    fx.move_to(&mut s, u, 1413);
    assert_eq!(
        s.step,
        Step::ReactionOffer,
        "offered to the side that passed"
    );
    let mut t = fx.g.initial_state();
    let before = t.marker;
    fx.decide(&mut t, Action::Transfer);
    assert_eq!(t.marker, before);
}

/// 7.8: "Advance the game turn marker one box": both sides pass turn 1's Ops Phase and turn
/// 2's Admin Phase begins; the game is not over before its last turn.
#[test]
fn rule_7_8_the_turn_marker_advances_and_the_game_goes_on() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    assert_eq!(s.turn, 1);
    to_admin_phase(&fx, &mut s);
    assert_eq!((s.turn, s.step), (2, Step::Interdiction));
    assert!(fx.g.outcome(&s).is_none());
}

// ------------------------------------------------------------------ Admin Phase (8.1, 8.2, 8.4)

/// 8.1: "An HQ determined to be out of supply during the Recovery Phase is not able to recover
/// ... An HQ which is currently flipped over because of expended Emergency Supply now recovers
/// if determined to be in supply".
#[test]
fn rule_8_1_only_hqs_in_supply_recover_their_level_and_flip_back_from_emergency_supply() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let cut_us = fx.hq(&mut s, "1ID", 1311);
    surround(&fx, &mut s, 1311, &GERMANS);
    let free_us = fx.hq(&mut s, "3AD", 1705);
    let cut_german = fx.hq(&mut s, "526ID", 2211);
    surround(&fx, &mut s, 2211, &AMERICANS);
    let free_german = fx.hq(&mut s, "9PzD", 2614);
    for (f, supplied) in [
        (cut_us, false),
        (free_us, true),
        (cut_german, false),
        (free_german, true),
    ] {
        let id = &rs.formation(f).id;
        assert_eq!(command::hq_supplied(rs, &s, f), supplied, "{id}");
    }
    let level = |s: &State, f: u8| s.fal[usize::from(f)];
    s.fal[usize::from(cut_us)] = 1;
    s.fal[usize::from(free_us)] = 1;
    s.fal[usize::from(cut_german)] = 0;
    s.fal[usize::from(free_german)] = 0;
    s.emergency = 1 << cut_us | 1 << free_us;
    to_admin_phase(&fx, &mut s);
    // 8.1.1: the US recovery.
    assert_eq!(level(&s, cut_us), 1);
    assert!(level(&s, free_us) > 1);
    assert_eq!(s.emergency, 1 << cut_us, "only the supplied HQ flips back");
    // 8.1.3: the German recovery, after the Interdiction die.
    fx.chance(&mut s, Action::Die(5));
    assert_eq!(level(&s, cut_german), 0);
    assert!(level(&s, free_german) > 0);
}

/// 8.1.3: the German player "checks the Formation Activation Recovery Rating of his supplied
/// formation": an HQ cut off gains nothing, and a supplied one at its maximum stays there.
#[test]
fn rule_8_1_3_german_recovery_needs_supply_and_stops_at_the_maximum() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let cut = fx.hq(&mut s, "526ID", 2211);
    surround(&fx, &mut s, 2211, &AMERICANS);
    let free = fx.hq(&mut s, "9PzD", 2614);
    let max = rs.formation(free).max_activation_level;
    s.fal[usize::from(cut)] = 0;
    s.fal[usize::from(free)] = max;
    to_admin_phase(&fx, &mut s);
    let best_die = (1..=10)
        .max_by_key(|&d| {
            rs.charts
                .german_recovery(rs.formation(free).recovery, rs.charts.interdiction_level(d))
        })
        .unwrap();
    assert!(
        rs.charts.german_recovery(
            rs.formation(free).recovery,
            rs.charts.interdiction_level(best_die)
        ) > 0
    );
    fx.chance(&mut s, Action::Die(best_die));
    assert_eq!(s.fal[usize::from(free)], max, "no higher than its maximum");
    assert_eq!(s.fal[usize::from(cut)], 0, "out of supply: no recovery");
}

/// 8.2: "Independent units may be assigned and re-assigned"; 5.5.2: "Assignment and
/// Reassignment can only be done in the Assignment Segment of the Admin Phase ... Once assigned,
/// the unit is treated exactly like any other unit of the formation."
#[test]
fn rule_8_2_the_assignment_segment_follows_recovery_the_us_first_and_the_unit_acts_anew() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    let armor = fx.hq(&mut s, "3AD", 1705);
    let eng = fx.put(&mut s, "238 Eng", 1606);
    assert_eq!(s.formation[eng], fx.formation("1ID"));
    let assign = Action::Assign(eng as u8, armor);
    let mut ops = s;
    fx.activate(&mut ops, "1ID", 3);
    assert!(
        !fx.legal(&ops)
            .iter()
            .any(|a| matches!(a, Action::Assign(..))),
        "no assignment in the Ops Phase"
    );
    to_admin_phase(&fx, &mut s);
    fx.chance(&mut s, Action::Die(1));
    assert_eq!(
        s.step,
        Step::Assignment(Side::Us),
        "after the Recovery Segment"
    );
    assert!(fx.legal(&s).contains(&assign));
    fx.decide(&mut s, assign);
    assert_eq!(s.step, Step::Assignment(Side::Us), "more may follow");
    fx.decide(&mut s, Action::Done);
    assert_eq!(s.step, Step::Assignment(Side::German));
    fx.decide(&mut s, Action::Done);
    assert!(!matches!(s.step, Step::Assignment(_)), "{:?}", s.step);
    assert_eq!(s.formation[eng], armor);
    let mut third = s;
    fx.activate(&mut third, "3AD", 3);
    assert!(movers(&fx, &third).contains(&eng));
    let mut first = s;
    fx.activate(&mut first, "1ID", 3);
    assert!(!movers(&fx, &first).contains(&eng));
}

/// 8.4: "RPs can only be used for specified unit types that are undisrupted and within Command
/// Range of the parent HQ which itself must be currently in supply. Units in EZOCS can (!)
/// receive replacements ... RPs must be expended immediately; unused points are lost ... no
/// unit can be increased above its original printed combat strength."
#[test]
fn rule_8_4_rps_go_to_undisrupted_units_of_supplied_hqs_up_to_printed_strength_the_rest_lost() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let a = fx.put(&mut s, "1/16", 1212);
    let shaken = fx.put(&mut s, "2/16", 1211);
    let hemmed = fx.put(&mut s, "3/16", 1312);
    fx.put(&mut s, "453", 1313);
    s.disrupted |= 1 << shaken;
    s.refresh(rs);
    s.strength[a] = 3;
    s.strength[shaken] = 2;
    s.strength[hemmed] = 2;
    for u in [a, shaken, hemmed] {
        assert!(command::in_command(rs, &s, u), "{}", rs.unit(u).name);
    }
    assert!(s.zoc[Side::German.index()].contains(usize::from(s.hex[hemmed])));
    admin::after_assignment(rs, &mut s);
    assert_eq!(s.step, Step::Replace);
    assert_eq!(rebuilt(&fx, &s), BTreeSet::from([a, hemmed]));
    fx.decide(&mut s, Action::Replace(a as u8));
    assert_eq!(s.strength[a], rs.unit(a).strength);
    assert_eq!(
        rebuilt(&fx, &s),
        BTreeSet::from([hemmed]),
        "a at full strength"
    );
    fx.decide(&mut s, Action::Replace(hemmed as u8));
    assert_ne!(s.step, Step::Replace, "both Infantry RPs spent");
    assert_eq!(s.replacement_points, [0; 3], "the other RPs are lost");
    assert_eq!((s.strength[shaken], s.strength[hemmed]), (2, 3));

    // An HQ out of supply: its units In Command get nothing.
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1311);
    let u = fx.put(&mut s, "1/16", 1311);
    surround(&fx, &mut s, 1311, &GERMANS);
    s.strength[u] = 2;
    assert!(command::in_command(rs, &s, u));
    assert!(!command::hq_supplied(rs, &s, f));
    admin::after_assignment(rs, &mut s);
    assert_ne!(s.step, Step::Replace);
    assert_eq!(s.strength[u], 2);
}

/// 5.6.3: a disrupted unit cannot conduct a Movement Action, projects no ZOC, cannot trigger
/// a Formation Reaction and cannot be in an Improved Defense.
#[test]
fn rule_5_6_3_a_disrupted_unit_does_not_move_project_a_zoc_trigger_a_reaction_or_dig_in() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let u = fx.put(&mut s, "1/16", 1412);
    fx.activate(&mut s, "1ID", 3);
    let here = Action::ImprovedDefense(fx.hex(1412));
    let ring: Vec<u16> = fx.ring(1412).into_iter().map(|h| fx.hex(h)).collect();
    let zoc = |s: &State| {
        ring.iter()
            .all(|&h| s.zoc[Side::Us.index()].contains(usize::from(h)))
    };
    assert!(movers(&fx, &s).contains(&u) && fx.legal(&s).contains(&here) && zoc(&s));
    s.disrupted |= 1 << u;
    s.refresh(rs);
    assert!(!movers(&fx, &s).contains(&u), "no Movement Action");
    assert!(!fx.legal(&s).contains(&here), "no Improved Defense");
    assert!(
        ring.iter()
            .all(|&h| !s.zoc[Side::Us.index()].contains(usize::from(h))),
        "no ZOC"
    );

    // The Reaction: offered when the mover passes the fresh Pz Bde 105, not when it is
    // disrupted.
    let (s, _, _) = offered_at_1214(&fx, "9PzD", "Pz Bde 105", 3, 1214);
    assert_eq!(s.step, Step::ReactionOffer);
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    fx.hq(&mut s, "9PzD", 1216);
    let pz = fx.put(&mut s, "Pz Bde 105", 1215);
    s.disrupted |= 1 << pz;
    s.refresh(rs);
    let mover = fx.put(&mut s, "1/16", 1113);
    fx.activate(&mut s, "1ID", 3);
    fx.move_to(&mut s, mover, 1214);
    assert_ne!(
        s.step,
        Step::ReactionOffer,
        "a disrupted unit triggers no Reaction"
    );
}

/// 5.2: a Reaction Check is the reacting player's own roll: a failed one goes to him for a
/// choice when he holds the token (the German's at the start), and a reroll that passes lets
/// the formation react; a passed check is never offered.
#[test]
fn rule_5_2_a_failed_reaction_check_may_be_rerolled_with_the_token() {
    let fx = Fx::s2();
    let (mut s, _, f) = offered_at_1214(&fx, "9PzD", "Pz Bde 105", 3, 1214);
    assert_eq!(s.snafu, Side::German);
    // The offer and the reroll each tell the chance before the choice (trial 12b F12).
    let rr = fx.rs().formation(f).reaction_rating;
    assert!((1..10).contains(&rr));
    let offer = fx.g.describe(&s, Action::React(f));
    assert!(
        offer.ends_with(&format!(
            "(its Reaction Check passes on a d10 of {rr} or less, {rr} in 10, 6.4.2)"
        )),
        "{offer}"
    );
    fx.decide(&mut s, Action::React(f));
    assert_eq!(s.step, Step::ReactionCheck);
    let mut passed = s;
    fx.roll(&mut passed, Action::Check(true));
    assert_ne!(passed.step, Step::Snafu, "a pass is not offered");
    fx.roll(&mut s, Action::Check(false));
    assert_eq!(s.step, Step::Snafu);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::German.index()));
    let keep = fx.g.describe(&s, Action::Keep);
    // Named only: the roll was told in full when held (trial 20b F7).
    assert_eq!(keep, "keep the roll held, told above (check failed)");
    assert_eq!(
        fx.g.describe(&s, Action::Reroll),
        format!("hand over the SNAFU token and roll again (5.2: {rr} in 10 better, none worse, the rest alike)")
    );
    fx.decide(&mut s, Action::Reroll);
    assert_eq!((s.step, s.snafu), (Step::ReactionCheck, Side::Us));
    fx.roll(&mut s, Action::Check(true));
    assert_eq!(s.step, passed.step, "the reroll's pass is what counts");
}
