//! HQ Relocation (7.4), Refit (7.6), Improved Defense (7.7), stacking and displacement (5.3),
//! command (5.8) and the Admin Phase (8).

use super::sequence::{cannibals, rebuilt};
use super::Fx;
use crate::engine::{Actor, Game, GameRng};
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::assignment;
use crate::games::crossing_the_line::command;
use crate::games::crossing_the_line::control::CommandStatus;
use crate::games::crossing_the_line::counters::UnitClass;
use crate::games::crossing_the_line::describe;
use crate::games::crossing_the_line::reinforcements;
use crate::games::crossing_the_line::ruleset::NO_HEX;
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::stacking;
use crate::games::crossing_the_line::state::{
    on_map, AfterOverstack, CheckKind, State, Step, Units, NOT_ENTERED, WITHDRAWN,
};
use rand::SeedableRng;
use std::collections::BTreeSet;

/// Resolves `side`'s overstacked hex `number` as the doctrine does: the opponent's first
/// listed choice each time (5.3.3).
fn overstack_by_doctrine(fx: &Fx, s: &mut State, number: u16, side: Side) {
    let then = AfterOverstack::Action;
    let mut done = stacking::resolve_overstack(fx.rs(), s, fx.hex(number), side, then);
    while !done {
        let (unit, to) = first_displacement(fx, s);
        done = stacking::displace_unit(fx.rs(), s, unit, to).is_some();
    }
}

/// The first unit displacement offered (5.3.3): the unit and where it goes.
fn first_displacement(fx: &Fx, s: &State) -> (u8, u16) {
    let mut first = None;
    stacking::unit_displacement_actions(fx.rs(), s, &mut |a| {
        first.get_or_insert(a);
    });
    let Some(Action::DisplaceUnit { unit, to }) = first else {
        panic!("an overstacked hex offers a choice")
    };
    (unit, to)
}

/// The 1st ID's HQ at 1113 and four of its units at 1412, one more than a hex holds (5.3.1).
/// 5.3.1: the US stack at 1412 found overstacked at the end of an Action; the Germans are to
/// displace its surplus (5.3.3).
fn overstack_us_at_1412(fx: &Fx, s: &mut State) {
    let h = fx.hex(1412);
    let then = AfterOverstack::Action;
    assert!(!stacking::resolve_overstack(fx.rs(), s, h, Side::Us, then));
}

fn four_us_units_at_1412(fx: &Fx) -> State {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    for name in ["1/16", "2/16", "3/16", "1/18"] {
        fx.put(&mut s, name, 1412);
    }
    s
}

/// The US 1/16 at 1412 with its HQ at 1113, the 1st ID activated with 3 APs.
fn us_at_1412(fx: &Fx) -> (State, usize) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let u = fx.put(&mut s, "1/16", 1412);
    fx.activate(&mut s, "1ID", 3);
    (s, u)
}

/// 5.6.3: "The only Action a disrupted unit can perform is the Refit Action": the disrupted
/// 1/16 next to the German 453 is offered neither an attack nor a move, only its Refit; when
/// it is not disrupted it may attack.
#[test]
fn rule_5_6_3_a_disrupted_unit_may_only_refit() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    fx.hq(&mut s, "526ID", 2211);
    fx.put(&mut s, "453", 1413);
    let from = fx.hex(1412);
    let attacks = |s: &State| {
        fx.legal(s)
            .iter()
            .any(|a| matches!(a, Action::Attack { from: f, .. } if *f == from))
    };
    assert!(attacks(&s), "undisrupted, it may attack");
    s.disrupted |= 1 << u;
    let legal = fx.legal(&s);
    assert!(!attacks(&s), "disrupted: no attack");
    let select = fx.select_action(&s, u, false);
    assert!(!legal.contains(&select), "no move");
    assert!(legal.contains(&Action::Refit(u as u8)), "its Refit");
}

/// `us_at_1412` with German units on five sides of 1412; the sixth, 1411, is in their ZOC:
/// no Command Path leaves, the unit is isolated (5.8.4).
fn isolated_at_1412(fx: &Fx) -> (State, usize) {
    let (mut s, u) = us_at_1412(fx);
    fx.hq(&mut s, "526ID", 1515);
    let ring = fx.ring(1412);
    let names = ["453", "328", "473", "GR 941", "GR 942"];
    for (name, &h) in names.iter().zip(ring.iter().filter(|&&h| h != 1411)) {
        fx.put(&mut s, name, h);
    }
    (s, u)
}

#[test]
fn rule_7_6_a_refit_checks_the_disrupted_er_and_a_pass_recovers() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    s.disrupted |= 1 << u;
    s.refresh(fx.rs());
    let mut failed = s;
    fx.decide(&mut s, Action::Refit(u as u8));
    assert_eq!(s.act().ap, 2);
    assert_eq!(
        fx.outcomes(&s),
        vec![(Action::Check(true), 3), (Action::Check(false), 7)]
    );
    fx.chance(&mut s, Action::Check(true));
    assert!(!s.is_disrupted(u));
    fx.decide(&mut failed, Action::Refit(u as u8));
    fx.chance(&mut failed, Action::Check(false));
    assert!(
        failed.is_disrupted(u),
        "a failed Refit changes nothing (5.6.2)"
    );
    assert_eq!(failed.act().ap, 2, "but its AP is spent");
}

#[test]
fn rule_5_8_3_out_of_command_units_cannot_refit() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    s.disrupted |= 1 << u;
    fx.hq(&mut s, "1ID", 1102);
    assert!(!fx.legal(&s).contains(&Action::Refit(u as u8)));
}

/// 5.8.3: Out of Command units "May only take part in Movement and Hasty Attack Actions":
/// no Improved Defense (7.7) for the 1/16 at 1412 with its HQ out of range at 1102; with the
/// HQ in range at 1113, it may.
#[test]
fn rule_5_8_3_out_of_command_units_may_not_improve_their_defense() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    let h = fx.hex(1412);
    assert!(
        fx.legal(&s).contains(&Action::ImprovedDefense(h)),
        "In Command"
    );
    fx.hq(&mut s, "1ID", 1102);
    assert_ne!(command::status(fx.rs(), &s, u), CommandStatus::InCommand);
    assert!(!fx.legal(&s).contains(&Action::ImprovedDefense(h)));
}

#[test]
fn rule_7_7_improved_defense_marks_the_stack_until_a_unit_leaves_or_joins_it() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    let v = fx.put(&mut s, "2/16", 1412);
    let w = fx.put(&mut s, "3/16", 1411);
    let h = fx.hex(1412);
    fx.decide(&mut s, Action::ImprovedDefense(h));
    assert_eq!(s.improved, 1 << u | 1 << v);
    assert!(
        !fx.legal(&s).contains(&Action::ImprovedDefense(h)),
        "already under the marker"
    );
    let mut joined = s;
    fx.move_to(&mut joined, w, 1412);
    assert_eq!(joined.improved, 0, "another unit ended its move there");
    fx.move_to(&mut s, u, 1411);
    assert_eq!(s.improved, 0, "a unit left the hex");
}

/// 7.7: "The Improved Defense marker is removed immediately: If at least one unit in the hex
/// becomes disrupted. If at least one unit in a hex is eliminated ... If at least one unit in
/// the hex conducts any Action." EXCEPTION: "NOT removed if ... a US unit receives
/// replacements, or a German unit reorganizes." The 1/16 and 2/16 under the marker in 1412:
/// one disrupting, one eliminated, or the stack attacking the 453 next door lifts it; an RP
/// restoring the 1/16's SP does not, nor an RP rebuilding the German 328 under its own marker.
#[test]
fn rule_7_7_the_marker_lifts_on_a_disruption_an_elimination_or_an_action_but_not_on_rebuilding() {
    use crate::games::crossing_the_line::{admin, stacking};
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    let v = fx.put(&mut s, "2/16", 1412);
    let h = fx.hex(1412);
    fx.hq(&mut s, "526ID", 2211);
    fx.put(&mut s, "453", 1413);
    fx.decide(&mut s, Action::ImprovedDefense(h));
    let marked = 1 << u | 1 << v;
    assert_eq!(s.improved, marked);
    let mut disrupted = s;
    stacking::disrupt(fx.rs(), &mut disrupted, v);
    assert_eq!(disrupted.improved, 0, "a unit disrupted");
    let mut eliminated = s;
    stacking::lose(fx.rs(), &mut eliminated, v, s.strength[v]);
    assert_eq!(
        eliminated.improved, 0,
        "a unit eliminated: the 1/16 loses it too"
    );
    let mut rebuilt = s;
    rebuilt.strength[u] -= 1;
    rebuilt.replacement_points[0] = 1;
    admin::replace(fx.rs(), &mut rebuilt, u as u8);
    assert_eq!(
        rebuilt.improved, marked,
        "a US unit receiving a replacement"
    );
    // The stack conducts an Action: an attack from 1412, its attackers chosen.
    let mut attacking = s;
    let attack = fx
        .legal(&attacking)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { from, .. } if *from == h));
    fx.decide(&mut attacking, attack.expect("an attack from 1412"));
    for _ in 0..8 {
        if attacking.improved == 0 || !matches!(fx.g.actor(&attacking), Actor::Player(_)) {
            break;
        }
        let first = fx.legal(&attacking)[0];
        fx.decide(&mut attacking, first);
    }
    assert_eq!(attacking.improved, 0, "an attack from the hex");
    // A German unit reorganising: the 453 cannibalised rebuilds the 328, under its marker.
    let mut g = fx.bare();
    fx.hq(&mut g, "526ID", 2211);
    let (a, b) = (fx.put(&mut g, "453", 2210), fx.put(&mut g, "328", 2212));
    g.strength[b] = 1;
    g.improved = 1 << b;
    g.step = Step::Reorganize;
    fx.decide(&mut g, Action::Cannibalize(a as u8));
    fx.decide(&mut g, Action::Replace(b as u8));
    assert_eq!(g.improved, 1 << b, "a German unit reorganising");
}

#[test]
fn rule_7_4_an_hq_relocates_to_a_built_up_hex_in_range_by_a_clear_path() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1507);
    fx.put(&mut s, "1/16", 1508);
    fx.activate(&mut s, "1ID", 3);
    let relocate = Action::Relocate(fx.hex(1705));
    assert!(fx.legal(&s).contains(&relocate), "a Town 2 hexes away");
    assert!(
        !fx.legal(&s).contains(&Action::Relocate(fx.hex(1214))),
        "beyond Command Range 5"
    );
    let mut blocked = s;
    fx.decide(&mut s, relocate);
    assert_eq!(fx.number(s.hq_hex[usize::from(f)]), 1705);
    assert_eq!(s.act().ap, 1, "the 1st ID's Relocation Points: 2");
    // A German unit next to 1705 puts it in a live EZOC.
    fx.hq(&mut blocked, "526ID", 2211);
    fx.put(&mut blocked, "453", 1805);
    assert!(!fx.legal(&blocked).contains(&relocate));
}

/// 7.4: "An HQ unit must always be located in a town, city or industrial hex": every
/// Relocation offered is to such a hex, and the clear hexes in range (1506 next door) are not.
#[test]
fn rule_7_4_an_hq_relocates_only_to_a_town_city_or_industrial_hex() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.put(&mut s, "1/16", 1508);
    fx.activate(&mut s, "1ID", 3);
    let places: Vec<u16> = fx
        .legal(&s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Relocate(h) => Some(h),
            _ => None,
        })
        .collect();
    assert!(!places.is_empty());
    for &h in &places {
        assert!(rs.built_up.contains(usize::from(h)), "{}", fx.number(h));
    }
    assert!(
        !rs.built_up.contains(usize::from(fx.hex(1506))),
        "1506 is open ground"
    );
    assert!(!places.contains(&fx.hex(1506)));
}

#[test]
fn rule_5_3_1_an_overstacked_hex_disrupts_every_unit_and_displaces_the_surplus() {
    let fx = Fx::s2();
    let mut s = four_us_units_at_1412(&fx);
    overstack_by_doctrine(&fx, &mut s, 1412, Side::Us);
    assert_eq!(fx.names_at(&s, Side::Us, 1412).len(), 3);
    let moved = fx.unit("1/18");
    assert!(
        fx.ring(1412).contains(&fx.at(&s, moved)),
        "displaced next door"
    );
    for name in ["1/16", "2/16", "3/16", "1/18"] {
        assert!(s.is_disrupted(fx.unit(name)), "{name}");
    }
}

/// 5.3.1 Stacking Limits: three combat units, at most two of them AFV (reconstructed): three
/// tanks in a hex overstack it, every one is disrupted and one is displaced.
#[test]
fn rule_5_3_1_three_afvs_overstack_a_hex() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "3AD", 1214);
    let tanks = ["1/32", "2/32", "3/32"];
    for name in tanks {
        fx.put(&mut s, name, 1412);
    }
    overstack_by_doctrine(&fx, &mut s, 1412, Side::Us);
    assert_eq!(fx.names_at(&s, Side::Us, 1412).len(), 2);
    for name in tanks {
        assert!(s.is_disrupted(fx.unit(name)), "{name}");
    }
}

/// 5.3.1: "Should there not be another option than displacement into a hex which becomes
/// overstacked through the displacement, than this hex suffers the same effects": German units
/// hold five hexes round 1412 and three US units the sixth, so the surplus goes there, and
/// that hex's units are disrupted and its own surplus displaced on.
#[test]
fn rule_5_3_1_a_displacement_into_a_full_hex_overstacks_it_in_turn() {
    let fx = Fx::s2();
    let mut s = four_us_units_at_1412(&fx);
    let ring = fx.ring(1412);
    let germans = ["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353"];
    for (name, &h) in germans.iter().zip(&ring) {
        fx.put(&mut s, name, h);
    }
    let full = ring[5];
    let beside = ["2/18", "3/18", "1/26"];
    for name in beside {
        fx.put(&mut s, name, full);
    }
    overstack_by_doctrine(&fx, &mut s, 1412, Side::Us);
    assert_eq!(fx.names_at(&s, Side::Us, 1412).len(), 3);
    assert_eq!(fx.names_at(&s, Side::Us, full).len(), 3);
    for name in beside {
        assert!(s.is_disrupted(fx.unit(name)), "{name}: the same effects");
    }
    let on = ["1/16", "2/16", "3/16", "1/18", "2/18", "3/18", "1/26"]
        .iter()
        .filter(|&&n| ![1412, full].contains(&fx.at(&s, fx.unit(n))))
        .count();
    assert_eq!(on, 1, "one unit displaced on beyond the full hex");
}

/// 5.3.3: "Any unit that cannot be displaced due to the presence of enemy combat units is
/// eliminated."
#[test]
fn rule_5_3_3_a_surplus_unit_with_enemy_all_round_is_eliminated() {
    let fx = Fx::s2();
    let mut s = four_us_units_at_1412(&fx);
    let germans = ["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353", "MG 353"];
    for (name, h) in germans.iter().zip(fx.ring(1412)) {
        fx.put(&mut s, name, h);
    }
    let lost_before = s.losses[Side::Us.index()];
    overstack_by_doctrine(&fx, &mut s, 1412, Side::Us);
    assert_eq!(fx.names_at(&s, Side::Us, 1412).len(), 3);
    let surplus = fx.unit("1/18");
    assert!(!on_map(s.hex[surplus]), "nowhere to go: eliminated");
    assert_eq!(s.strength[surplus], 0);
    assert!(s.losses[Side::Us.index()] > lost_before);
}

/// 7.7: "If at least one unit leaves the hex for any reason" the marker goes, and (decided,
/// as for a unit ending a retreat there) a unit displaced into a hex under a marker lifts it:
/// the marker is "all or nothing". Every hex round the overstacked 1412 holds one US unit
/// under Improved Defense, the four in 1412 too: after one is displaced, neither 1412 nor the
/// hex it went to has the marker, the other five keep theirs.
#[test]
fn rule_7_7_a_displaced_unit_lifts_the_marker_where_it_leaves_and_where_it_goes() {
    let fx = Fx::s2();
    let mut s = four_us_units_at_1412(&fx);
    fx.hq(&mut s, "3AD", 1411);
    let ring = fx.ring(1412);
    let around = ["2/18", "3/18", "1/26", "1/36", "3/36", "83 Rcn"];
    for (name, &h) in around.iter().zip(&ring) {
        fx.put(&mut s, name, h);
    }
    s.improved = s.on_map_units(fx.rs(), Side::Us);
    overstack_us_at_1412(&fx, &mut s);
    let (unit, to) = first_displacement(&fx, &s);
    stacking::displace_unit(fx.rs(), &mut s, unit, to);
    let improved_at = |h: u16| s.units_at(fx.rs(), Side::Us, h) & s.improved != 0;
    assert!(!improved_at(fx.hex(1412)), "a unit left 1412");
    assert!(
        !improved_at(to),
        "a unit was displaced into {}",
        fx.number(to)
    );
    for &h in ring.iter().filter(|&&h| fx.hex(h) != to) {
        let h = fx.hex(h);
        assert!(improved_at(h), "{} keeps its marker", fx.number(h));
    }
}

/// 5.3.3: "The opponent may not displace a unit into a fully stacked hex unless no other
/// alternative hex is available." German units hold four hexes round the overstacked 1412,
/// three US units fill a fifth and the sixth is empty: every unit may go only to the empty one.
/// With the Germans in that one too, the full hex is the only way out, and it is offered.
#[test]
fn rule_5_3_3_no_displacement_into_a_full_hex_while_another_is_open() {
    let fx = Fx::s2();
    let ring = fx.ring(1412);
    let (full, open) = (ring[4], ring[5]);
    let setup = |closed: bool| {
        let mut s = fx.bare();
        fx.hq(&mut s, "1ID", 1113);
        for name in ["1/16", "2/16", "3/16", "1/18"] {
            fx.put(&mut s, name, 1412);
        }
        let germans = ["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353"];
        let closed_hexes = if closed { &ring[..] } else { &ring[..4] };
        for (name, &h) in germans
            .iter()
            .zip(closed_hexes.iter().filter(|&&h| h != full))
        {
            fx.put(&mut s, name, h);
        }
        for name in ["2/18", "3/18", "1/26"] {
            fx.put(&mut s, name, full);
        }
        let then = AfterOverstack::Action;
        let h = fx.hex(1412);
        assert!(!stacking::resolve_overstack(
            fx.rs(),
            &mut s,
            h,
            Side::Us,
            then
        ));
        let mut into = BTreeSet::new();
        stacking::unit_displacement_actions(fx.rs(), &s, &mut |a| {
            if let Action::DisplaceUnit { to, .. } = a {
                into.insert(fx.number(to));
            }
        });
        into
    };
    assert_eq!(
        setup(false),
        BTreeSet::from([open]),
        "not into the full {full}"
    );
    assert_eq!(
        setup(true),
        BTreeSet::from([full]),
        "no other hex: the full one"
    );
}

/// 10.1: the static Germans of First Blood are no player: a displaced German HQ goes where the
/// doctrine would put it, at once (5.3.2), with no decision.
#[test]
fn rule_10_1_a_static_german_hq_is_placed_at_once_by_the_doctrines_rule() {
    let fx = Fx::new("first-blood");
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "526ID", 1507);
    let first = stacking::hq_places(fx.rs(), &s, f).hexes()[0];
    stacking::displace_hq(fx.rs(), &mut s, f);
    assert_eq!(s.displacing, 0, "nobody is asked");
    assert_eq!(s.hq_hex[usize::from(f)], first);
    let us = fx.hq(&mut s, "1ID", 1113);
    stacking::displace_hq(fx.rs(), &mut s, us);
    assert_eq!(s.displacing, 1 << us, "the US player is asked");
}

/// 5.3.1: "If displacement is impossible due to the presence of enemy units and prohibited
/// terrain, the owning side eliminates overstacked units"; the Roer's hexsides are prohibited
/// to a displacement as to a retreat (7.5.2: "Roer River hexsides"), its road crossings too. In
/// Across the Wurm, four US battalions at 5420 may be displaced anywhere round it but over the
/// Roer into 5519 or 5520 (the road crossing 5420-5520); four German units at 5519 not over it
/// into 5419, 5420 or 5518 (the road crossing 5518-5519). With German units on every other
/// side of 5420, the US surplus can go nowhere and is eliminated.
#[test]
fn rule_5_3_1_no_displacement_across_the_roer() {
    let fx = Fx::new("across-the-wurm");
    let rs = fx.rs();
    let targets = |s: &State| -> BTreeSet<u16> {
        fx.legal(s)
            .into_iter()
            .filter_map(|a| match a {
                Action::DisplaceUnit { to, .. } => Some(to),
                _ => None,
            })
            .map(|h| if h == NO_HEX { 0 } else { fx.number(h) })
            .collect()
    };
    let us = ["1/117", "2/117", "3/117", "1/119"];
    let germans = ["GR 330", "GR 343", "GR 351", "Fus 183", "Pi 183"];
    for (side, names, from, across) in [
        (Side::Us, &us[..], 5420, &[5519, 5520][..]),
        (Side::German, &germans[..4], 5519, &[5419, 5420, 5518][..]),
    ] {
        let ring = fx.ring(from);
        for &h in across {
            assert!(ring.contains(&h), "{h} is next to {from}");
        }
        let mut s = fx.bare();
        for name in names {
            fx.put(&mut s, name, from);
        }
        let done =
            stacking::resolve_overstack(rs, &mut s, fx.hex(from), side, AfterOverstack::Action);
        assert!(!done && s.step == Step::UnitDisplacement);
        let open: BTreeSet<u16> = ring
            .iter()
            .copied()
            .filter(|h| !across.contains(h))
            .collect();
        assert!(!open.is_empty());
        assert_eq!(targets(&s), open, "{side:?} at {from}: not across the Roer");
    }
    // Enemy units on every side of 5420 but the Roer's: nowhere to go.
    let mut s = fx.bare();
    for name in us {
        fx.put(&mut s, name, 5420);
    }
    let dry: Vec<u16> = fx
        .ring(5420)
        .into_iter()
        .filter(|h| ![5519, 5520].contains(h))
        .collect();
    assert!(dry.len() <= germans.len());
    for (name, &h) in germans.iter().zip(&dry) {
        fx.put(&mut s, name, h);
    }
    let then = AfterOverstack::Action;
    assert!(!stacking::resolve_overstack(
        rs,
        &mut s,
        fx.hex(5420),
        Side::Us,
        then
    ));
    assert_eq!(targets(&s), BTreeSet::from([0]), "only elimination");
    let first = fx.legal(&s)[0];
    fx.decide(&mut s, first);
    assert_eq!(fx.names_at(&s, Side::Us, 5420).len(), 3);
    assert_eq!(
        us.iter().filter(|n| on_map(s.hex[fx.unit(n)])).count(),
        3,
        "the surplus eliminated"
    );
}

/// 5.3.3: "The opposing player may displace overstacked units of his choice one at a time into
/// any adjacent hex(es) until the stacking limit is met" (AMBIG-14: the opponent, not the
/// owner); he sees the stack he chooses from.
#[test]
fn rule_5_3_3_the_opponent_chooses_which_overstacked_unit_goes_and_where() {
    let fx = Fx::s2();
    let mut s = four_us_units_at_1412(&fx);
    let names = ["1/16", "2/16", "3/16", "1/18"];
    overstack_us_at_1412(&fx, &mut s);
    assert_eq!(s.step, Step::UnitDisplacement);
    assert_eq!(
        fx.g.actor(&s),
        crate::engine::Actor::Player(Side::German.index())
    );
    let stack: Units = names.iter().fold(0, |m, n| m | 1 << fx.unit(n));
    assert_eq!(s.revealed & stack, stack, "the Germans see the stack");
    let mut choices = Vec::new();
    stacking::unit_displacement_actions(fx.rs(), &s, &mut |a| choices.push(a));
    let ring: Vec<u16> = fx.ring(1412).iter().map(|&n| fx.hex(n)).collect();
    for name in names {
        let u = fx.unit(name) as u8;
        assert!(
            choices.iter().any(|a| matches!(a, Action::DisplaceUnit { unit, to } if *unit == u && ring.contains(to))),
            "{name} may be displaced next door"
        );
    }
    // Not the doctrine's pick (the last unit to the first hex): the first unit, the last hex.
    let first = fx.unit("1/16") as u8;
    let pick = choices
        .iter()
        .rev()
        .find(|a| matches!(a, Action::DisplaceUnit { unit, .. } if *unit == first))
        .copied()
        .expect("1/16 may go");
    assert_ne!(pick, choices[0]);
    let Action::DisplaceUnit { unit, to } = pick else {
        unreachable!()
    };
    let next = stacking::displace_unit(fx.rs(), &mut s, unit, to);
    assert_eq!(
        next,
        Some(AfterOverstack::Action),
        "the hex is within the limit"
    );
    assert_eq!(s.hex[usize::from(first)], to);
    assert_eq!(fx.names_at(&s, Side::Us, 1412).len(), 3);
}

#[test]
fn rule_5_3_2_a_displaced_hq_in_range_by_a_clear_path_loses_1_support_and_1_fal() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1507);
    s.support[usize::from(f)] = 3;
    s.fal[usize::from(f)] = 3;
    stacking::displace_hq(fx.rs(), &mut s, f);
    let places = stacking::hq_places(fx.rs(), &s, f);
    assert_eq!(places.least_case(), 1);
    assert_eq!(fx.number(places.hexes()[0]), 1705, "the nearest Town first");
    assert!(
        stacking::place_hq(fx.rs(), &mut s, places.hexes()[0]),
        "no other HQ waits"
    );
    assert_eq!(fx.number(s.hq_hex[usize::from(f)]), 1705);
    assert_eq!((s.support[usize::from(f)], s.fal[usize::from(f)]), (2, 2));
}

/// 5.3.2 "(owning player's choice)": the owner is offered every friendly Town, City and
/// Industrial hex of the scenario's area, the least costly case first and nearest first, and
/// pays the penalty of the hex chosen; the reading `least_costly` offers only the cheapest
/// case's hexes.
#[test]
fn rule_5_3_2_the_owner_chooses_any_friendly_built_up_hex_at_its_case_s_penalty() {
    for reading in ["any_hex", "least_costly"] {
        let fx = Fx::s2_edited(
            "charts.toml",
            "value = \"any_hex\"",
            &format!("value = \"{reading}\""),
        );
        let rs = fx.rs();
        let mut s = fx.bare();
        let f = fx.hq(&mut s, "1ID", 1507);
        stacking::displace_hq(rs, &mut s, f);
        assert_eq!(s.displacing, 1 << f, "the HQ waits for its owner");
        let places = stacking::hq_places(rs, &s, f);
        let hexes = places.hexes();
        let from = rs.hex(s.hq_hex[usize::from(f)]);
        let ranks: Vec<(u8, u16)> = hexes
            .iter()
            .map(|&h| (places.case_of(h).unwrap(), from.distance(rs.hex(h))))
            .collect();
        assert!(
            ranks.windows(2).all(|w| w[0] <= w[1]),
            "cheapest, nearest first"
        );
        // The screens keep that order (trial 22f F5: sorted by hex number, the first was
        // behind the enemy's lines).
        let mut listed = hexes.to_vec();
        listed.sort_by_key(|&h| fx.g.list_order(Action::PlaceHq(h)));
        assert_eq!(
            listed, hexes,
            "the list a person reads keeps the engine's order"
        );
        let every = rs.built_up.intersection(&rs.area).len() - 1; // all but its own hex
        if reading == "any_hex" {
            assert_eq!(hexes.len(), every, "every Town, City and Industrial hex");
            assert!(ranks.iter().any(|&(case, _)| case == 2), "beyond range too");
        } else {
            assert!(hexes.len() > 1 && hexes.len() < every);
            assert!(ranks.iter().all(|&(case, _)| case == 1));
        }
        assert!(hexes.iter().all(|&h| rs.built_up.contains(usize::from(h))));
        let last = *hexes.last().expect("places");
        let case = places.case_of(last).unwrap();
        s.support[usize::from(f)] = 3;
        s.fal[usize::from(f)] = 3;
        assert!(stacking::place_hq(rs, &mut s, last), "the last HQ placed");
        assert_eq!(s.hq_hex[usize::from(f)], last, "the owner's choice");
        let left = if case == 1 { 2 } else { 1 };
        assert_eq!(
            (s.support[usize::from(f)], s.fal[usize::from(f)]),
            (left, left)
        );
    }
}

/// 5.8.2: a Command Path is broken by "an enemy unit of any type" and is not broken by "a
/// friendly unit of any type (even disrupted)" in an EZOC hex, as the engine's own obstacles
/// (`State::obstacles`) reckon them. The 1/18 at 1310 has disrupted Germans (no ZOC, 5.6.3) on
/// five sides; its one way out to the 1st ID's HQ two hexes off runs through the sixth
/// neighbour. A lone German HQ there cuts it off; with the HQ gone but that hex in an EZOC the
/// path enters it and stops (5.4.1) until a disrupted US unit there opens it again.
#[test]
fn rule_5_8_2_an_enemy_hq_breaks_a_command_path_a_disrupted_friend_in_an_ezoc_keeps_it() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    let x = 1310;
    let around = fx.ring(x);
    let gap = around[0];
    let beyond: Vec<u16> = fx
        .ring(gap)
        .into_iter()
        .filter(|h| *h != x && !around.contains(h))
        .collect();
    assert_eq!(beyond.len(), 3);
    // The HQ and (later) an undisrupted German unit in two of them not next to each other.
    let (home, post) = beyond
        .iter()
        .flat_map(|&a| beyond.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| a != b && !fx.ring(a).contains(&b))
        .expect("the two ends of the three");
    fx.hq(&mut s, "1ID", home);
    let u = fx.put(&mut s, "1/18", x);
    for (name, &h) in ["GR 941", "GR 942", "GR 943", "Pi 353", "MG 353"]
        .iter()
        .zip(&around[1..])
    {
        let v = fx.put(&mut s, name, h);
        s.disrupted |= 1 << v;
    }
    s.refresh(fx.rs());
    let status = |s: &State| command::status(fx.rs(), s, u);
    assert_eq!(status(&s), CommandStatus::InCommand, "through the gap");
    // A lone enemy HQ in the gap: an enemy unit of any type.
    let hq = fx.hq(&mut s, "353ID", gap);
    assert_eq!(
        status(&s),
        CommandStatus::Isolated,
        "the enemy HQ breaks the path"
    );
    s.hq_hex[usize::from(hq)] = NOT_ENTERED;
    s.refresh(fx.rs());
    assert_eq!(status(&s), CommandStatus::InCommand);
    // The gap in an EZOC (the Fus 353, undisrupted, next to it but not to the 1/18).
    fx.put(&mut s, "Fus 353", post);
    assert!(s.zoc[Side::German.index()].contains(usize::from(fx.hex(gap))));
    assert!(!s.zoc[Side::German.index()].contains(usize::from(fx.hex(home))));
    assert_eq!(status(&s), CommandStatus::Isolated, "not through an EZOC");
    // A disrupted US unit in the gap negates the EZOC for the path.
    let friend = fx.put(&mut s, "2/16", gap);
    s.disrupted |= 1 << friend;
    s.refresh(fx.rs());
    assert_eq!(status(&s), CommandStatus::InCommand, "even disrupted");
}

#[test]
fn rule_5_8_4_isolated_units_check_before_they_act_and_stay_disrupted_on_failure() {
    let fx = Fx::s2();
    let (mut s, u) = isolated_at_1412(&fx);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = crate::games::crossing_the_line::combat::AttackKind::Hasty;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    assert_eq!(s.step, Step::Check(CheckKind::Isolated));
    fx.chance(&mut s, Action::Check(false));
    assert!(s.is_disrupted(u));
    assert_eq!(s.step, Step::Action, "the attack is off");
    assert_eq!(s.act().ap, 1, "2 APs spent: isolated units pay double");
}

/// `isolated_at_1412` with the 2/16 stacked with the 1/16: both isolated, each checks before
/// the stack acts (5.8.4); the 1/16 fails, the 2/16 passes.
fn isolated_stack_checked(fx: &Fx, s: &mut State, first: usize, second: usize) {
    assert_eq!(s.step, Step::Check(CheckKind::Isolated));
    assert_eq!(s.queue, 1 << first | 1 << second, "both check");
    assert!(first < second, "the lowest checks first");
    fx.chance(s, Action::Check(false));
    fx.chance(s, Action::Check(true));
    assert!(s.is_disrupted(first) && !s.is_disrupted(second));
}

/// 5.8.4: "Each isolated unit that fails the check disrupts and may not participate in the
/// Action. The Action Points are still expended even if no units participate or the owning
/// side decides to call off the Action." The isolated 1/16 and 2/16 at 1412 make a Hasty
/// Attack on 1413; the 1/16 fails its check, the 2/16 passes; the US goes on, and the 2/16
/// attacks alone.
#[test]
fn rule_5_8_4_after_an_isolated_unit_fails_the_owner_may_go_on_with_the_rest() {
    let fx = Fx::s2();
    let (mut s, a) = isolated_at_1412(&fx);
    let b = fx.put(&mut s, "2/16", 1412);
    let (from, target) = (fx.hex(1412), fx.hex(1413));
    let kind = crate::games::crossing_the_line::combat::AttackKind::Hasty;
    fx.decide(&mut s, Action::Attack { from, target, kind });
    fx.decide(&mut s, Action::AddAttacker(a as u8));
    fx.decide(&mut s, Action::AddAttacker(b as u8));
    fx.decide(&mut s, Action::Resolve);
    assert_eq!(s.act().ap, 1, "2 APs spent: isolated units pay double");
    isolated_stack_checked(&fx, &mut s, a, b);
    assert_eq!(s.step, Step::CallOff);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::Us.index()));
    assert_eq!(fx.legal(&s), vec![Action::GoOn, Action::CallOff]);
    assert!(fx
        .g
        .describe(&s, Action::CallOff)
        .contains("call the Action off"));
    assert!(fx
        .g
        .describe(&s, Action::GoOn)
        .contains("go on with the units that passed"));
    fx.decide(&mut s, Action::GoOn);
    assert_eq!(s.step, Step::Chits);
    assert_eq!(s.fight.attackers, 1 << b, "the 2/16 attacks alone");
    assert_eq!(s.act().ap, 1);
}

/// 5.8.4, the same checks before a stack's Movement Action (an Infiltration from 1412 into
/// 1411): the US calls the Action off. No unit moves and no Infiltration check is rolled; the
/// APs stay spent and the activation goes on.
#[test]
fn rule_5_8_4_after_an_isolated_unit_fails_the_owner_may_call_the_action_off() {
    let fx = Fx::s2();
    let (mut s, a) = isolated_at_1412(&fx);
    let b = fx.put(&mut s, "2/16", 1412);
    fx.select(&mut s, a, true);
    fx.decide(&mut s, Action::Infiltrate { to: fx.hex(1411) });
    assert_eq!(s.act().ap, 1, "2 APs spent: isolated units pay double");
    isolated_stack_checked(&fx, &mut s, a, b);
    assert_eq!(s.step, Step::CallOff);
    assert_eq!(fx.legal(&s), vec![Action::GoOn, Action::CallOff]);
    let mut go_on = s;
    fx.decide(&mut s, Action::CallOff);
    assert_eq!(s.step, Step::Action, "the activation goes on");
    assert_eq!(s.act().ap, 1, "the APs stay spent");
    assert_eq!((fx.at(&s, a), fx.at(&s, b)), (1412, 1412), "no one moves");
    assert!(!s.is_disrupted(b));
    // Going on instead, the 2/16 alone rolls its Infiltration check (7.3.4).
    fx.decide(&mut go_on, Action::GoOn);
    assert_eq!(go_on.step, Step::Check(CheckKind::Infiltration));
    assert_eq!(go_on.queue, 1 << b);
    fx.chance(&mut go_on, Action::Check(true));
    // 6.4.1: leaving 1412, next to the Germans, the move may meet a Reaction; none comes.
    assert_eq!(go_on.step, Step::ReactionOffer);
    fx.decide(&mut go_on, Action::Decline);
    assert_eq!((fx.at(&go_on, a), fx.at(&go_on, b)), (1412, 1411));
}

/// 5.8.4: the decision comes only when some units failed and some passed: all passing, the
/// Action goes on; all failing, it is over (`rule_5_8_4_isolated_units_check_before_...`).
#[test]
fn rule_5_8_4_no_call_off_decision_when_every_isolated_unit_passes() {
    let fx = Fx::s2();
    let (mut s, a) = isolated_at_1412(&fx);
    let b = fx.put(&mut s, "2/16", 1412);
    fx.select(&mut s, a, true);
    fx.decide(&mut s, Action::Infiltrate { to: fx.hex(1411) });
    fx.chance(&mut s, Action::Check(true));
    fx.chance(&mut s, Action::Check(true));
    assert_eq!(s.step, Step::Check(CheckKind::Infiltration));
    assert_eq!(s.queue, 1 << a | 1 << b);
}

// ---------------------------------------------------------------------- Admin Phase (8)

/// Scenario 2 at the start of turn 2's Admin Phase, both sides having passed at once.
fn turn_2(fx: &Fx, prepare: impl FnOnce(&Fx, &mut State)) -> State {
    let mut s = fx.g.initial_state();
    prepare(fx, &mut s);
    fx.decide(&mut s, Action::Pass);
    fx.decide(&mut s, Action::Pass);
    assert_eq!(s.step, Step::Interdiction);
    s
}

/// The disrupted 2/16 alone deep behind the German line at 3010, cut off by German units all
/// round: isolated, it will check for Attrition (8.1.5).
fn cut_off_at_3010(fx: &Fx, s: &mut State) {
    let u = fx.put(s, "2/16", 3010);
    s.disrupted |= 1 << u;
    for (name, h) in ["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353", "MG 353"]
        .iter()
        .zip(fx.ring(3010))
    {
        fx.put(s, name, h);
    }
}

/// Through the rest of the Admin Phase, every side done at once (the US RPs to the first unit
/// listed), every die a 1.
fn finish_admin(fx: &Fx, s: &mut State) {
    loop {
        match s.step {
            Step::Interdiction | Step::Attrition => fx.chance(s, Action::Die(1)),
            Step::Assignment(_) | Step::Reorganize | Step::Reinforce(_) => {
                fx.decide(s, Action::Done)
            }
            Step::Replace | Step::Entering(_) => fx.decide(s, fx.legal(s)[0]),
            _ => return,
        }
    }
}

#[test]
fn rule_8_1_1_us_formations_recover_their_fixed_rating_up_to_their_maximum() {
    let fx = Fx::s2();
    let (us, armor) = (fx.formation("1ID"), fx.formation("3AD"));
    let s = turn_2(&fx, |_, s| {
        s.fal[usize::from(us)] = 1;
        s.fal[usize::from(armor)] = 5;
    });
    assert_eq!(s.fal[usize::from(us)], 3, "+2");
    assert_eq!(s.fal[usize::from(armor)], 5, "capped at 5");
}

/// 8.1.1, 8.1.3, 8.1.4: the Recovery Segment takes no decision, so the log tells it: the US
/// recovery as the Admin Phase begins, the German one and the disrupted units' with the
/// Interdiction die (trial 21e F3).
#[test]
fn rule_8_1_1_and_8_1_3_the_recovery_segment_is_logged() {
    let fx = Fx::s2();
    let (us, german) = (fx.formation("1ID"), fx.formation("9PzD"));
    let recovers = fx.unit("1/16");
    let mut s = fx.g.initial_state();
    s.fal[usize::from(us)] = 1;
    s.fal[usize::from(german)] = 0;
    s.disrupted |= 1 << recovers;
    fx.decide(&mut s, Action::Pass);
    let before = s;
    fx.decide(&mut s, Action::Pass);
    let told = fx.g.narrate(&before, Action::Pass, &s).unwrap_or_default();
    let name = |f: u8| fx.rs().formation(f).name.clone();
    assert!(
        told.contains(&format!("US recovery (8.1.1): {} FAL 1 to 3", name(us))),
        "{told}"
    );
    let before = s;
    fx.chance(&mut s, Action::Die(5));
    let told =
        fx.g.narrate(&before, Action::Die(5), &s)
            .unwrap_or_default();
    assert!(
        told.contains("German recovery (8.1.3): ")
            && told.contains(&format!("; {} FAL 0 to 2", name(german)))
            && told.contains("1/16 no longer disrupted"),
        "{told}"
    );
}

/// 8.4.1: Replacement Points no unit can take are lost without a choice; the log says so
/// (trial 21e F4).
#[test]
fn rule_8_4_1_replacement_points_no_unit_can_take_are_logged_as_lost() {
    let fx = Fx::s2();
    let mut s = turn_2(&fx, |_, _| {});
    let mut log = Vec::new();
    while s.step != Step::Initiative {
        let act = match s.step {
            Step::Interdiction | Step::Attrition => Action::Die(1),
            Step::Replace | Step::Entering(_) => fx.legal(&s)[0],
            _ => Action::Done,
        };
        let before = s;
        fx.g.apply(&mut s, act);
        log.extend(fx.g.narrate(&before, act, &s));
    }
    let r = &fx.rs().charts.us_replacements;
    assert!(r.infantry > 0, "the chart gives infantry RPs");
    assert!(
        log.iter().any(|l| l.contains(&format!(
            "US Replacement Points (8.4.1): {} infantry, ",
            r.infantry
        )) && l.contains("RP unspent, no US unit below strength")
            && l.ends_with("they are lost")),
        "{log:#?}"
    );
}

#[test]
fn rule_8_1_2_and_8_1_3_the_interdiction_level_cuts_german_recovery() {
    let fx = Fx::s2();
    let f = fx.formation("9PzD");
    assert_eq!(
        fx.rs().formation(f).recovery,
        3,
        "its Recovery Rating (counters.toml)"
    );
    // The reconstructed charts: die 1-3 level 0, 4-7 level 1, 8-10 level 2; rating 3 recovers
    // 3, 2, 1 at levels 0, 1, 2.
    for (die, level, recovered) in [(1, 0, 3), (5, 1, 2), (10, 2, 1)] {
        let mut s = turn_2(&fx, |_, s| s.fal[usize::from(f)] = 0);
        fx.chance(&mut s, Action::Die(die));
        assert_eq!(s.interdiction, level, "8.1.2: die {die}");
        assert_eq!(s.fal[usize::from(f)], recovered, "8.1.3: die {die}");
    }
}

#[test]
fn rule_8_1_4_disrupted_units_in_command_recover_and_8_1_5_isolated_ones_suffer_attrition() {
    let fx = Fx::s2();
    let (recovers, isolated) = (fx.unit("1/16"), fx.unit("2/16"));
    let mut s = turn_2(&fx, |fx, s| {
        s.disrupted |= 1 << recovers;
        cut_off_at_3010(fx, s);
    });
    fx.chance(&mut s, Action::Die(1));
    assert!(!s.is_disrupted(recovers));
    assert!(s.is_disrupted(isolated));
    assert_eq!(s.step, Step::Attrition);
    let before = s.strength[isolated];
    fx.chance(&mut s, Action::Die(10));
    let er = fx.rs().unit(isolated).er[1];
    assert_eq!(s.strength[isolated], before.saturating_sub(10 - er));
}

/// 5.6.4: "a disrupted unit recovers automatically if it is currently in Command Range of its
/// parent HQ"; 8.1.4: "of its parent or currently assigned HQ". The 1/16, cross-assigned to
/// the 3rd AD (5.5.1) whose HQ is ten hexes off, recovers next to the 1st ID's HQ.
#[test]
fn rule_5_6_4_a_cross_assigned_unit_in_range_of_its_parent_hq_recovers() {
    let fx = Fx::s2();
    let u = fx.unit("1/16");
    let mut s = turn_2(&fx, |fx, s| {
        fx.hq(s, "1ID", 1507);
        fx.hq(s, "3AD", 2614);
        fx.put(s, "1/16", 1606);
        s.formation[u] = fx.formation("3AD");
        s.disrupted |= 1 << u;
    });
    assert!(
        !command::in_command(fx.rs(), &s, u),
        "out of the 3rd AD's range"
    );
    fx.chance(&mut s, Action::Die(1));
    assert!(!s.is_disrupted(u), "in range of its parent HQ: it recovers");
}

/// 8.1.5: "Each unit that is still disrupted and determined as isolated, conducts an Attrition
/// Check": a disrupted unit Out of Command Range (six hexes from its HQ) but able to trace a
/// path stays disrupted and takes no check; only the cut-off one does.
#[test]
fn rule_8_1_5_only_isolated_disrupted_units_take_the_attrition_check() {
    let fx = Fx::s2();
    let (far, isolated) = (fx.unit("1/18"), fx.unit("2/16"));
    let mut s = turn_2(&fx, |fx, s| {
        fx.hq(s, "1ID", 1507);
        fx.put(s, "1/18", 1513);
        fx.put(s, "2/16", 3010);
        for (name, h) in ["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353", "MG 353"]
            .iter()
            .zip(fx.ring(3010))
        {
            fx.put(s, name, h);
        }
        s.disrupted |= 1 << far | 1 << isolated;
    });
    assert_eq!(
        command::status(fx.rs(), &s, far),
        crate::games::crossing_the_line::control::CommandStatus::OutOfCommand
    );
    fx.chance(&mut s, Action::Die(1));
    assert!(s.is_disrupted(far), "out of range: no recovery (8.1.4)");
    assert_eq!(s.step, Step::Attrition);
    assert_eq!(s.queue, 1 << isolated, "only the isolated unit checks");
}

#[test]
fn rule_8_5_reinforcements_arrive_on_their_turn_assigned_to_their_formation() {
    let fx = Fx::s2();
    let mut s = turn_2(&fx, |_, _| {});
    let eng = fx.unit("238 Eng");
    assert_eq!(s.hex[eng], NOT_ENTERED);
    // Each step's entries are logged where they enter (trial 22f F2).
    let mut log = Vec::new();
    loop {
        let act = match s.step {
            Step::Interdiction | Step::Attrition => Action::Die(1),
            Step::Assignment(_) | Step::Reorganize | Step::Reinforce(_) => Action::Done,
            Step::Replace | Step::Entering(_) => fx.legal(&s)[0],
            _ => break,
        };
        let before = s;
        fx.g.apply(&mut s, act);
        log.extend(fx.g.narrate(&before, act, &s));
    }
    let twelfth = &fx.rs().formation(fx.formation("12ID")).name;
    let told = |text: &str| log.iter().any(|l| l.contains(text));
    assert!(
        told(&format!(
            "German reinforcements enter (8.5): the {twelfth} HQ at 3221, "
        )) && told("US reinforcements enter (8.5): 2 units at 1005"),
        "{log:#?}"
    );
    assert_eq!(fx.at(&s, eng), 1005);
    assert_eq!(s.formation[eng], fx.formation("1ID"));
    let hq = s.hq_hex[usize::from(fx.formation("12ID"))];
    assert_eq!(fx.number(hq), 3221);
    assert_ne!(s.hex[fx.unit("I/27")], NOT_ENTERED);
}

/// 8.5.1: "The Formation Activation marker of a reinforcing formation gets placed on the
/// Division's maximum value if not indicated otherwise." The 12th ID enters the Stolberg
/// Corridor on turn 2 with its marker on its maximum, 4, whatever the marker read before.
#[test]
fn rule_8_5_1_the_12th_id_arrives_with_its_activation_marker_on_its_maximum() {
    let fx = Fx::s2();
    let twelfth = fx.formation("12ID");
    let f = usize::from(twelfth);
    let mut s = turn_2(&fx, |_, s| s.fal[f] = 0);
    assert!(
        !on_map(s.hq_hex[f]),
        "not in play before the Reinforcements Segment"
    );
    finish_admin(&fx, &mut s);
    assert_eq!(fx.number(s.hq_hex[f]), 3221, "the 12th ID's HQ has entered");
    let max = fx.rs().formation(twelfth).max_activation_level;
    assert_eq!(max, 4, "the 12th ID's track tops at 4");
    assert_eq!(s.fal[f], max, "placed on the Division's maximum");
}

#[test]
fn rule_8_5_2_the_353rd_withdraws_on_turn_3() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    s.turn = 2;
    fx.decide(&mut s, Action::Pass);
    fx.decide(&mut s, Action::Pass);
    finish_admin(&fx, &mut s);
    let f = fx.formation("353ID");
    assert_eq!(s.hq_hex[usize::from(f)], WITHDRAWN);
    for name in ["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353", "MG 353"] {
        assert!(
            !crate::games::crossing_the_line::state::on_map(s.hex[fx.unit(name)]),
            "{name}"
        );
    }
}

/// 8.5.2: a withdrawing unit that is disrupted is eliminated, and the log says which test
/// it failed (trial 21e F5: "is eliminated (8.5.2 withdrawal)" gave no reason).
#[test]
fn rule_8_5_2_an_eliminated_withdrawing_unit_is_told_why() {
    use crate::games::crossing_the_line::reinforcements::withdrawal_bar;
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    let gr = fx.unit("GR 941");
    fx.put(&mut s, "GR 941", 2417);
    s.refresh(fx.rs());
    s.turn = 3;
    let ok = withdrawal_bar(fx.rs(), &s, gr);
    s.disrupted |= 1 << gr;
    assert_eq!(
        withdrawal_bar(fx.rs(), &s, gr),
        Some("disrupted"),
        "was {ok:?}"
    );
    let mut after = s;
    reinforcements::withdrawals(fx.rs(), &mut after);
    assert_eq!(
        after.hex[gr],
        crate::games::crossing_the_line::state::ELIMINATED
    );
    let mut before = s;
    before.step = Step::Reinforce(Side::German);
    let told = crate::games::crossing_the_line::narrate::changes_for_test(fx.rs(), &before, &after);
    assert!(
        told.contains("German GR 941 is eliminated: disrupted (8.5.2 withdrawal)"),
        "{told}"
    );
}

/// 7.7 with 8.5.2: the Improved Defense marker "is removed immediately ... If at least one
/// unit leaves the hex for any reason": the 353rd withdrawing on turn 3 takes GR 941 out of
/// 2417, and the 1012 StuG, assigned to the 353rd and under the marker with it, stays (handed
/// to another formation) without it, under either reading of the marker on reassignment.
#[test]
fn rule_7_7_a_withdrawing_unit_lifts_the_marker_from_the_stack_it_leaves() {
    for fx in [Fx::s2(), with_reading("lifted", "kept")] {
        let mut s = fx.g.initial_state();
        let (gr, stug) = (fx.unit("GR 941"), fx.unit("1012 StuG"));
        fx.put(&mut s, "GR 941", 2417);
        fx.put(&mut s, "1012 StuG", 2417);
        s.formation[stug] = fx.formation("353ID");
        s.improved = 1 << gr | 1 << stug;
        s.refresh(fx.rs());
        s.turn = 3;
        reinforcements::withdrawals(fx.rs(), &mut s);
        assert!(!crate::games::crossing_the_line::state::on_map(s.hex[gr]));
        assert_eq!(fx.number(s.hex[stug]), 2417, "the independent stays");
        assert_eq!(s.improved, 0, "and loses the marker");
    }
}

/// 8.4.1: the US chooses the unit each RP rebuilds; the RPs "must be spent": no declining
/// while a unit of the type can take one.
#[test]
fn rule_8_4_1_the_us_chooses_which_unit_each_rp_rebuilds() {
    let fx = Fx::s2();
    let (a, b) = (fx.unit("1/16"), fx.unit("3/16"));
    let mut s = turn_2(&fx, |_, s| {
        s.strength[a] = 1;
        s.strength[b] = 2;
    });
    while s.step != Step::Replace {
        match s.step {
            Step::Interdiction | Step::Attrition => fx.chance(&mut s, Action::Die(1)),
            _ => fx.decide(&mut s, Action::Done),
        }
    }
    assert_eq!(
        fx.legal(&s),
        [Action::Replace(a as u8), Action::Replace(b as u8)]
    );
    // Both Infantry RPs to the less damaged 3/16 (the doctrine would pick 1/16 first).
    fx.decide(&mut s, Action::Replace(b as u8));
    assert_eq!(
        fx.legal(&s),
        [Action::Replace(a as u8), Action::Replace(b as u8)]
    );
    fx.decide(&mut s, Action::Replace(b as u8));
    assert_eq!((s.strength[a], s.strength[b]), (1, 4));
    assert_ne!(s.step, Step::Replace, "no Infantry RP left");
}

#[test]
fn rule_8_4_1_us_replacements_restore_lost_strength() {
    let fx = Fx::s2();
    let u = fx.unit("1/16");
    let mut s = turn_2(&fx, |_, s| s.strength[u] = 2);
    finish_admin(&fx, &mut s);
    assert_eq!(s.strength[u], 4, "both Infantry RPs");
    assert!(fx.g.outcome(&s).is_none());
}

/// 8.4.1: "two armored Infantry RPs and three tank RPs per turn"; "US Armored Engineers
/// cannot receive Replacements": with armored infantry, tanks and the 23rd Armored Engineers
/// all below strength, the armored infantry gain 2 SP, the AFVs 3, the engineers none.
#[test]
fn rule_8_4_1_armored_infantry_and_tank_rps_and_none_for_armored_engineers() {
    use crate::games::crossing_the_line::counters::UnitKind;
    let fx = Fx::s2();
    let rs = fx.rs();
    let engineers = fx.unit("23 Eng");
    let damaged = ["1/36", "2/36", "1/32", "2/32", "3/32"].map(|n| fx.unit(n));
    let mut s = turn_2(&fx, |_, s| {
        for u in damaged {
            s.strength[u] -= 2;
        }
        s.strength[engineers] -= 1;
    });
    let before = s.strength;
    finish_admin(&fx, &mut s);
    let gained = |of: &dyn Fn(UnitKind) -> bool| -> u8 {
        (0..rs.units.len())
            .filter(|&u| rs.unit(u).side == Side::Us && of(rs.unit(u).kind))
            .map(|u| s.strength[u] - before[u])
            .sum()
    };
    assert_eq!(
        gained(&|k| k == UnitKind::ArmoredInfantry),
        2,
        "two armored Infantry RPs"
    );
    let afv = |k| {
        matches!(
            k,
            UnitKind::Tank | UnitKind::TankDestroyer | UnitKind::AssaultGun | UnitKind::Recce
        )
    };
    assert_eq!(gained(&afv), 3, "three tank RPs");
    assert_eq!(
        s.strength[engineers], before[engineers],
        "no RP for armored engineers"
    );
}

/// The US Assignment Segment with the 1st ID's HQ at 1507 and the 3rd AD's at 1705.
fn us_assignment(fx: &Fx) -> State {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "3AD", 1705);
    s.step = Step::Assignment(Side::Us);
    s
}

fn assign(fx: &Fx, unit: &str, formation: &str) -> Action {
    Action::Assign(fx.unit(unit) as u8, fx.formation(formation))
}

#[test]
fn rule_5_5_2_an_independent_is_reassigned_within_range_of_both_hqs() {
    let fx = Fx::s2();
    let mut s = us_assignment(&fx);
    fx.put(&mut s, "238 Eng", 1606);
    assert_eq!(
        s.formation[fx.unit("238 Eng")],
        fx.formation("1ID"),
        "arrived assigned"
    );
    assert!(fx.legal(&s).contains(&assign(&fx, "238 Eng", "3AD")));
    // In range of the 1st ID's HQ, but ten hexes or more from the 3rd AD's at 2614: "within
    // Command Range of the formation HQ it wishes to be assigned to" fails.
    let near = s.hq_hex[usize::from(fx.formation("3AD"))];
    fx.hq(&mut s, "3AD", 2614);
    assert!(!fx.legal(&s).contains(&assign(&fx, "238 Eng", "3AD")));
    s.hq_hex[usize::from(fx.formation("3AD"))] = near;
    s.refresh(fx.rs());
    // Seven hexes from the 1st ID's HQ: out of its range.
    fx.put(&mut s, "238 Eng", 2206);
    fx.hq(&mut s, "3AD", 2211);
    assert!(!fx.legal(&s).contains(&assign(&fx, "238 Eng", "3AD")));
    s.disrupted |= 1 << fx.unit("238 Eng");
    fx.put(&mut s, "238 Eng", 1606);
    fx.hq(&mut s, "3AD", 1705);
    assert!(
        !fx.legal(&s).contains(&assign(&fx, "238 Eng", "3AD")),
        "disrupted"
    );
}

/// 5.5, 8.2 (decided): a unit is assigned at most once in an Assignment Segment — moved to
/// the 3rd AD, it is not offered back to the 1st ID (or anywhere) until the next segment, so
/// that assigning to and fro cannot keep the segment going for ever.
#[test]
fn rule_8_2_a_unit_is_assigned_once_a_segment_so_the_segment_ends() {
    use crate::engine::Game;
    let fx = Fx::s2();
    let mut s = us_assignment(&fx);
    fx.put(&mut s, "238 Eng", 1606);
    let to_3ad = assign(&fx, "238 Eng", "3AD");
    assert!(fx.legal(&s).contains(&to_3ad));
    fx.g.apply(&mut s, to_3ad);
    assert_eq!(s.formation[fx.unit("238 Eng")], fx.formation("3AD"));
    let u = fx.unit("238 Eng") as u8;
    assert!(
        !fx.legal(&s)
            .iter()
            .any(|a| matches!(a, Action::Assign(v, _) if *v == u)),
        "offered again in the same segment"
    );
    super::super::assignment::start(fx.rs(), &mut s);
    assert!(
        fx.legal(&s).contains(&assign(&fx, "238 Eng", "1ID")),
        "the next segment"
    );
}

#[test]
fn rule_5_5_1_up_to_three_battalions_of_one_regiment_join_the_armored_division() {
    let fx = Fx::s2();
    let mut s = us_assignment(&fx);
    for name in ["1/16", "2/16", "3/16"] {
        fx.put(&mut s, name, 1606);
    }
    fx.put(&mut s, "1/18", 1607);
    fx.decide(&mut s, assign(&fx, "1/16", "3AD"));
    assert!(
        !fx.legal(&s).contains(&assign(&fx, "1/18", "3AD")),
        "another regiment"
    );
    fx.decide(&mut s, assign(&fx, "2/16", "3AD"));
    fx.decide(&mut s, assign(&fx, "3/16", "3AD"));
    assert_eq!(s.formation[fx.unit("3/16")], fx.formation("3AD"));
    assert!(
        !fx.legal(&s).contains(&assign(&fx, "3/16", "1ID")),
        "not back in the same segment (8.2: once a segment)"
    );
    fx.decide(&mut s, Action::Done);
    assert_eq!(s.step, Step::Assignment(Side::German));
}

/// 5.5.1 XIX Corps: "Up to three Infantry battalions belonging to the same Infantry regiment
/// and part of the 30th Infantry Division may be reassigned to the 2nd Armored Division. Up to
/// two tank task groups ... of the 2nd Armored Division ... to the 30th Infantry Division";
/// never across Corps (the 3rd AD is VII Corps').
#[test]
fn rule_5_5_1_xix_corps_pairs_the_30th_infantry_with_the_2nd_armored_division() {
    let fx = Fx::new("campaign");
    let mut s = fx.bare();
    fx.hq(&mut s, "30ID", 4311);
    fx.hq(&mut s, "2AD", 4413);
    fx.hq(&mut s, "3AD", 4309);
    s.step = Step::Assignment(Side::Us);
    for name in ["1/117", "2/117", "3/117", "1/119", "1/66", "2/66", "1/67"] {
        fx.put(&mut s, name, 4312);
    }
    assert!(
        !fx.legal(&s).contains(&assign(&fx, "1/117", "3AD")),
        "another Corps"
    );
    fx.decide(&mut s, assign(&fx, "1/117", "2AD"));
    assert!(
        !fx.legal(&s).contains(&assign(&fx, "1/119", "2AD")),
        "another regiment"
    );
    fx.decide(&mut s, assign(&fx, "2/117", "2AD"));
    fx.decide(&mut s, assign(&fx, "3/117", "2AD"));
    assert_eq!(s.formation[fx.unit("3/117")], fx.formation("2AD"));
    fx.decide(&mut s, assign(&fx, "1/66", "30ID"));
    fx.decide(&mut s, assign(&fx, "2/66", "30ID"));
    assert!(
        !fx.legal(&s).contains(&assign(&fx, "1/67", "30ID")),
        "two tank task groups at most"
    );
}

#[test]
fn rule_5_5_1_up_to_two_tank_units_join_the_infantry_division() {
    let fx = Fx::s2();
    let mut s = us_assignment(&fx);
    for name in ["1/32", "2/32"] {
        fx.put(&mut s, name, 1606);
    }
    fx.put(&mut s, "3/32", 1607);
    fx.put(&mut s, "1/36", 1607);
    assert!(
        !fx.legal(&s).contains(&assign(&fx, "1/36", "1ID")),
        "armored infantry stay"
    );
    fx.decide(&mut s, assign(&fx, "1/32", "1ID"));
    fx.decide(&mut s, assign(&fx, "2/32", "1ID"));
    assert!(
        !fx.legal(&s).contains(&assign(&fx, "3/32", "1ID")),
        "two at most"
    );
}

#[test]
fn rule_5_5_1_a_german_unit_is_attached_only_while_isolated_and_returns_when_it_can() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    fx.hq(&mut s, "9PzD", 1507);
    fx.hq(&mut s, "1ID", 1014);
    let u = fx.put(&mut s, "453", 1606);
    s.step = Step::Assignment(Side::German);
    let attach = assign(&fx, "453", "9PzD");
    assert!(
        !fx.legal(&s).contains(&attach),
        "it traces a path to its own HQ"
    );
    // US units all round the 526th's HQ cut every path to it.
    let names = ["1/16", "2/16", "3/16", "1/18", "2/18", "3/18"];
    for (name, h) in names.iter().zip(fx.ring(2211)) {
        fx.put(&mut s, name, h);
    }
    fx.decide(&mut s, attach);
    assert_eq!(s.formation[u], fx.formation("9PzD"));
    // The way to its HQ open again, it goes back at the next Assignment Segment.
    for name in names {
        s.hex[fx.unit(name)] = NOT_ENTERED;
    }
    s.refresh(fx.rs());
    crate::games::crossing_the_line::assignment::start(fx.rs(), &mut s);
    assert_eq!(s.formation[u], fx.formation("526ID"));
}

/// 5.5.1: German units "may only be temporarily attached to a different formation in Command
/// Range and only if it is isolated": an isolated unit beyond the 9PzD HQ's Command Range (5)
/// is not offered to it; the HQ moved next to it, it is.
#[test]
fn rule_5_5_1_an_isolated_german_unit_is_attached_only_in_command_range() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    fx.hq(&mut s, "9PzD", 1514);
    fx.hq(&mut s, "1ID", 1014);
    fx.put(&mut s, "453", 1606);
    let names = ["1/16", "2/16", "3/16", "1/18", "2/18", "3/18"];
    for (name, h) in names.iter().zip(fx.ring(2211)) {
        fx.put(&mut s, name, h);
    }
    s.step = Step::Assignment(Side::German);
    let attach = assign(&fx, "453", "9PzD");
    assert!(
        !fx.legal(&s).contains(&attach),
        "isolated, but beyond the 9PzD's Command Range"
    );
    fx.hq(&mut s, "9PzD", 1507);
    assert!(fx.legal(&s).contains(&attach), "isolated and in range");
}

#[test]
fn rule_8_4_2_a_cannibalised_unit_rebuilds_units_of_its_formation() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    let (a, b) = (fx.put(&mut s, "453", 2210), fx.put(&mut s, "328", 2212));
    s.strength[b] = 1;
    s.step = Step::Reorganize;
    assert_eq!(
        fx.g.actor(&s),
        crate::engine::Actor::Player(Side::German.index())
    );
    let told = |s: &mut State, act| {
        let before = *s;
        fx.decide(s, act);
        fx.g.narrate(&before, act, s).unwrap_or_default()
    };
    // The option says what it would give (trial 21e F6): the 328 lacks 2 of its 3 SP.
    let offer = fx.g.describe(&s, Action::Cannibalize(a as u8));
    assert!(
        offer.ends_with(
            "(its SP become Replacement Points: 2 of 3 can rebuild units of its formation, the \
             rest lost; 8.4.2)"
        ),
        "{offer}"
    );
    // The log says what it gave (trial 18b F13).
    let text = told(&mut s, Action::Cannibalize(a as u8));
    assert_eq!(
        text,
        "it leaves play and its 3 SP become Replacement Points (8.4.2): 3 to give to units of its formation"
    );
    assert_eq!(s.hex[a], WITHDRAWN);
    // The German chooses the receiver of each RP: here only the 328 can take them.
    assert_eq!(fx.legal(&s), [Action::Replace(b as u8)]);
    fx.decide(&mut s, Action::Replace(b as u8));
    let text = told(&mut s, Action::Replace(b as u8));
    assert!(
        text.ends_with("the other RP is lost: no unit of the formation can take it (8.4.2)"),
        "{text}"
    );
    assert_eq!(s.strength[b], 3, "2 of the 453's 3 RPs; the third is lost");
    assert_eq!(s.cannibal_points, 0);
    assert!(!fx.legal(&s).contains(&Action::Replace(b as u8)));
}

/// 8.4.2: with two units that may take the RPs, the German picks which each rebuilds.
#[test]
fn rule_8_4_2_the_german_chooses_the_unit_each_rp_rebuilds() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    let a = fx.put(&mut s, "453", 2210);
    let (b, c) = (fx.put(&mut s, "328", 2212), fx.put(&mut s, "473", 2111));
    s.strength[b] = 1;
    s.strength[c] = 2;
    s.step = Step::Reorganize;
    fx.decide(&mut s, Action::Cannibalize(a as u8));
    let mut both = [Action::Replace(b as u8), Action::Replace(c as u8)];
    both.sort_by_key(|a| format!("{a:?}"));
    let mut legal = fx.legal(&s);
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, both);
    // Against the doctrine (the 328, furthest below strength): the 473 first.
    fx.decide(&mut s, Action::Replace(c as u8));
    assert_eq!((s.strength[b], s.strength[c], s.cannibal_points), (1, 3, 2));
}

/// 8.4.2: the units cannibalised "must be undisrupted".
#[test]
fn rule_8_4_2_a_disrupted_unit_may_not_be_cannibalised() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    let (a, b) = (fx.put(&mut s, "453", 2210), fx.put(&mut s, "328", 2212));
    s.disrupted |= 1 << b;
    s.refresh(fx.rs());
    s.step = Step::Reorganize;
    assert_eq!(cannibals(&fx, &s), BTreeSet::from([a]));
}

/// 8.4.2: "In Command Range of its parent HQ, which must be in Supply": US units all round the
/// 526th's HQ cut its Supply Path, while the 453 stacked with it stays In Command.
#[test]
fn rule_8_4_2_no_cannibalisation_when_the_parent_hq_is_out_of_supply() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "526ID", 1311);
    let a = fx.put(&mut s, "453", 1311);
    s.step = Step::Reorganize;
    assert!(command::hq_supplied(rs, &s, f));
    assert_eq!(cannibals(&fx, &s), BTreeSet::from([a]));
    let americans = ["1/16", "2/16", "3/16", "1/18", "2/18", "3/18"];
    for (name, h) in americans.iter().zip(fx.ring(1311)) {
        fx.put(&mut s, name, h);
    }
    assert!(!command::hq_supplied(rs, &s, f));
    assert_eq!(command::status(rs, &s, a), CommandStatus::InCommand);
    assert!(cannibals(&fx, &s).is_empty());
}

/// 8.4.2: "The German player simply removes an infantry type unit from play ... HQ and Support
/// Type units can never be reorganized": the 9th Panzer's panzergrenadiers may go, its tanks
/// and an assault gun attached to it never.
#[test]
fn rule_8_4_2_only_infantry_type_units_may_be_cannibalised() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "9PzD", 2614);
    let pzg = fx.put(&mut s, "PzG 10", 2613);
    let tanks = fx.put(&mut s, "Pz Bde 105", 2615);
    let stug = fx.put(&mut s, "1012 StuG", 2513);
    s.formation[stug] = f;
    s.refresh(fx.rs());
    assert!(command::in_command(fx.rs(), &s, tanks) && command::in_command(fx.rs(), &s, stug));
    s.step = Step::Reorganize;
    assert_eq!(cannibals(&fx, &s), BTreeSet::from([pzg]));
}

/// 8.4.2: units may be cannibalised "regardless of their current strength", and "Each Strength
/// Point removed becomes an RP": the 453 down to 1 SP gives one RP, so the 328 gets back one of
/// its two lost SPs.
#[test]
fn rule_8_4_2_a_reduced_unit_gives_one_rp_per_strength_point_it_has_left() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    let (a, b) = (fx.put(&mut s, "453", 2210), fx.put(&mut s, "328", 2212));
    s.strength[a] = 1;
    s.strength[b] = 1;
    s.step = Step::Reorganize;
    assert!(cannibals(&fx, &s).contains(&a));
    fx.decide(&mut s, Action::Cannibalize(a as u8));
    assert_eq!(s.cannibal_points, 1);
    fx.decide(&mut s, Action::Replace(b as u8));
    assert_eq!((s.strength[b], s.cannibal_points), (2, 0), "one RP, not 3");
}

/// 8.4.2: "Each point may only be expended to recover one previously lost Strength Point of a
/// unit of the respective type from the same formation": the 353rd's GR 941, as reduced, of the
/// same type and In Command of its own supplied HQ, gets none of the 453's RPs.
#[test]
fn rule_8_4_2_rps_rebuild_only_units_of_the_same_formation() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    fx.hq(&mut s, "353ID", 2417);
    let (a, b) = (fx.put(&mut s, "453", 2210), fx.put(&mut s, "328", 2212));
    let other = fx.put(&mut s, "GR 941", 2416);
    s.strength[b] = 2;
    s.strength[other] = 1;
    s.step = Step::Reorganize;
    assert!(cannibals(&fx, &s).contains(&other), "in good order");
    fx.decide(&mut s, Action::Cannibalize(a as u8));
    assert_eq!(rebuilt(&fx, &s), BTreeSet::from([b]));
}

/// 8.4.2, the German Unit Reorganizations table: a Non Motorized Infantry unit cannibalised
/// reinforces Non Motorized Infantry only, not the formation's Bicycle Infantry, Machine Gun
/// or Non Motorized Engineers.
#[test]
fn rule_8_4_2_rps_rebuild_only_the_types_the_reorganizations_table_allows() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "353ID", 2417);
    let names = ["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353", "MG 353"];
    let units: Vec<usize> = names
        .iter()
        .zip(fx.ring(2417))
        .map(|(name, h)| fx.put(&mut s, name, h))
        .collect();
    for &u in &units[1..] {
        s.strength[u] = 1;
    }
    s.step = Step::Reorganize;
    fx.decide(&mut s, Action::Cannibalize(units[0] as u8));
    assert_eq!(rebuilt(&fx, &s), BTreeSet::from([units[1], units[2]]));
}

/// 8.4.2 "Note: For this rule, an attached unit is considered part of the formation and can be
/// used for cannibalization": in the Campaign "Pol" starts attached to the 526th (10.4), and
/// its RPs rebuild the 526th's own 453.
#[test]
fn rule_8_4_2_an_attached_unit_may_be_cannibalised_for_its_formation() {
    let fx = Fx::new("campaign");
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "526ID", 2211);
    let pol = fx.put(&mut s, "Pol", 2210);
    let own = fx.put(&mut s, "453", 2212);
    assert_eq!(s.formation[pol], f, "attached (10.4)");
    assert_eq!(fx.rs().unit(pol).parent, None, "an independent");
    s.strength[own] = 1;
    s.step = Step::Reorganize;
    assert!(cannibals(&fx, &s).contains(&pol));
    fx.decide(&mut s, Action::Cannibalize(pol as u8));
    assert_eq!(rebuilt(&fx, &s), BTreeSet::from([own]));
}

// ---------------------------------------------------------------------- readings of the text

fn with_reading(from: &str, to: &str) -> Fx {
    Fx::s2_edited(
        "charts.toml",
        &format!("value = \"{from}\""),
        &format!("value = \"{to}\""),
    )
}

/// 7.4 (the reading `hq_relocation_limits`): a Relocation beyond Command Range (1214, seven
/// hexes from 1507, by a clear path) is not offered under `within_limits`; under `penalised`
/// it is, at the penalty of HQ Displacement's case 2 (5.3.2: Support and FAL −2), while a
/// Relocation within the limits pays its Relocation Points only.
#[test]
fn rule_7_4_a_relocation_beyond_the_limits_is_offered_at_a_penalty_by_the_reading() {
    let penalised = with_reading("within_limits", "penalised");
    for (fx, offered) in [(Fx::s2(), false), (penalised, true)] {
        let mut s = fx.bare();
        let f = usize::from(fx.hq(&mut s, "1ID", 1507));
        fx.put(&mut s, "1/16", 1508);
        fx.activate(&mut s, "1ID", 3);
        (s.support[f], s.fal[f]) = (3, 3);
        let far = Action::Relocate(fx.hex(1214));
        assert_eq!(fx.legal(&s).contains(&far), offered);
        let mut near = s;
        fx.decide(&mut near, Action::Relocate(fx.hex(1705)));
        assert_eq!((near.support[f], near.fal[f]), (3, 3), "within the limits");
        if offered {
            let words = describe::action(fx.rs(), &s, far);
            assert!(words.contains("beyond 7.4's limits"), "{words}");
            assert!(words.contains("Support and FAL −2"), "{words}");
            fx.decide(&mut s, far);
            assert_eq!(fx.number(s.hq_hex[f]), 1214);
            assert_eq!((s.support[f], s.fal[f]), (1, 1), "case 2: −2 each");
            assert_eq!(s.act().ap, 1, "the 1st ID's Relocation Points: 2");
        }
    }
}

/// AMBIG-37 (the reading `us_replacement_types`): engineers and tank destroyers take
/// Infantry and Tank RPs under `broad`, none under `named`.
#[test]
fn rule_8_4_1_ambig_37_which_us_units_take_replacements_by_the_reading() {
    for (fx, rebuilt) in [(Fx::s2(), true), (with_reading("broad", "named"), false)] {
        let (eng, td) = (fx.unit("1 Eng"), fx.unit("703 TD"));
        let mut s = turn_2(&fx, |_, s| {
            s.strength[eng] = 1;
            s.strength[td] = 1;
        });
        finish_admin(&fx, &mut s);
        assert_eq!(s.strength[eng] > 1, rebuilt, "engineers");
        assert_eq!(s.strength[td] > 1, rebuilt, "tank destroyers");
    }
}

/// 8.4.2 (the reading `german_cannibals`): the 9th Panzer's HQ at 2614 with its PzG 10, its
/// tanks, its PzAA 9 (a recce of AFV type in these counters) and the 3rd PzGren's PzAA 103,
/// attached to it (part of the formation for this rule, 8.4.2 note) and reduced to 1 SP, all
/// In Command and ready to be cannibalised; the units offered for cannibalisation.
fn recce_cannibals(fx: &Fx) -> (State, [usize; 4], BTreeSet<usize>) {
    let rs = fx.rs();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "9PzD", 2614);
    let pzg = fx.put(&mut s, "PzG 10", 2613);
    let tanks = fx.put(&mut s, "Pz Bde 105", 2615);
    let recce = fx.put(&mut s, "PzAA 9", 2614);
    let other = fx.put(&mut s, "PzAA 103", 2513);
    s.formation[other] = f;
    s.strength[other] = 1;
    s.refresh(rs);
    assert_eq!(rs.unit(recce).class, UnitClass::Afv);
    assert_eq!(rs.unit(other).class, UnitClass::Afv);
    for u in [pzg, tanks, recce, other] {
        assert!(command::in_command(rs, &s, u), "{}", rs.unit(u).name);
    }
    s.step = Step::Reorganize;
    let offered = cannibals(fx, &s);
    (s, [pzg, tanks, recce, other], offered)
}

/// 8.4.2, the reading `german_cannibals = "infantry_type"` (the default): "The German player
/// simply removes an infantry type unit from play": the panzergrenadiers may go, the AFV type
/// recce (like the tanks) may not.
#[test]
fn rule_8_4_2_an_afv_type_recce_is_not_cannibalised_under_the_infantry_type_reading() {
    let fx = Fx::new("campaign");
    let (_, [pzg, ..], offered) = recce_cannibals(&fx);
    assert_eq!(offered, BTreeSet::from([pzg]));
}

/// 8.4.2, the reading `german_cannibals = "listed_types"`: any unit of a type the German Unit
/// Reorganizations table lists as cannibalised may go, so its Recce row applies to the AFV type
/// recce: the PzAA 9's RPs rebuild the PzAA 103 alone (Recce → Recce). The tanks, no type of
/// the table, still may not go.
#[test]
fn rule_8_4_2_an_afv_type_recce_is_cannibalised_for_recce_under_the_listed_types_reading() {
    let fx = Fx::edited(
        "campaign",
        "charts.toml",
        "value = \"infantry_type\"",
        "value = \"listed_types\"",
    );
    let (mut s, [pzg, _, recce, other], offered) = recce_cannibals(&fx);
    assert_eq!(offered, BTreeSet::from([pzg, recce, other]));
    fx.decide(&mut s, Action::Cannibalize(recce as u8));
    assert_eq!(s.cannibal_points, 2);
    assert_eq!(rebuilt(&fx, &s), BTreeSet::from([other]));
    fx.decide(&mut s, Action::Replace(other as u8));
    assert_eq!(s.strength[other], 2, "back to its printed 2");
    assert_eq!(s.cannibal_points, 0, "the other RP is lost");
}

/// 7.7 (the reading `improved_defense_on_reassignment`): reassigning a unit under the marker
/// lifts it from the hex, or leaves it.
#[test]
fn rule_7_7_a_reassigned_unit_lifts_the_marker_or_not_by_the_reading() {
    for (fx, kept) in [(Fx::s2(), false), (with_reading("lifted", "kept"), true)] {
        let mut s = us_assignment(&fx);
        let eng = fx.put(&mut s, "238 Eng", 1606);
        let inf = fx.put(&mut s, "1/16", 1606);
        let both: Units = 1 << eng | 1 << inf;
        s.improved = both;
        fx.decide(&mut s, assign(&fx, "238 Eng", "3AD"));
        assert_eq!(s.improved, if kept { both } else { 0 });
    }
}

/// 8.5.1 (the reading `reinforcement_fallback`): with its entry hex taken, a reinforcement
/// enters the nearest hex in Command Range of its HQ, or the nearest hex anywhere; with no hex
/// open to it, it is held to the next turn.
#[test]
fn rule_8_5_1_the_fallback_hex_is_in_command_range_or_anywhere_by_the_reading() {
    for (fx, anywhere) in [
        (Fx::s2(), false),
        (with_reading("command_range", "anywhere"), true),
    ] {
        let rs = fx.rs();
        let eng = fx.unit("238 Eng");
        let mut s = fx.bare();
        s.turn = 2;
        fx.put(&mut s, "453", 1005);
        fx.hq(&mut s, "1ID", 1805);
        reinforcements::start(rs, &mut s);
        fx.enter_all(&mut s);
        let from_entry = rs.hex(fx.hex(1005)).distance(rs.hex(s.hex[eng]));
        assert_eq!(from_entry == 2, anywhere, "{from_entry} hexes from 1005");
        assert_eq!(command::in_command(rs, &s, eng), !anywhere);
        // The 1st ID's HQ off the map: no Command Range to enter in.
        let mut s = fx.bare();
        s.turn = 2;
        fx.put(&mut s, "453", 1005);
        reinforcements::start(rs, &mut s);
        fx.enter_all(&mut s);
        assert_eq!(on_map(s.hex[eng]), anywhere);
        assert_eq!(s.held & (1 << eng) != 0, !anywhere, "held to the next turn");
    }
}

/// 8.5.1: the fallback hex is "not adjacent to an enemy unit", an enemy HQ too (decided as for
/// 7.3.5's "enemy unit", AMBIG-22): with the 526th's HQ alone on the 238th Engineers' entry
/// hex 1005, they enter two hexes away (under `anywhere`, so that Command Range plays no part).
#[test]
fn rule_8_5_1_the_fallback_hex_is_not_next_to_an_enemy_hq_either() {
    let fx = with_reading("command_range", "anywhere");
    let rs = fx.rs();
    let eng = fx.unit("238 Eng");
    let mut s = fx.bare();
    s.turn = 2;
    fx.hq(&mut s, "526ID", 1005);
    reinforcements::start(rs, &mut s);
    fx.enter_all(&mut s);
    assert!(on_map(s.hex[eng]));
    assert_eq!(rs.hex(fx.hex(1005)).distance(rs.hex(s.hex[eng])), 2);
}

/// AMBIG-13 (the reading `overstacked_disrupted`): an overstacked hex disrupts every unit
/// (5.3.1); one already disrupted loses an SP (5.6.2), or only stays disrupted.
#[test]
fn rule_5_3_1_ambig_13_an_overstacked_disrupted_unit_loses_an_sp_or_not_by_the_reading() {
    for (fx, loses) in [
        (Fx::s2(), true),
        (with_reading("loses_sp", "stays_disrupted"), false),
    ] {
        let mut s = fx.bare();
        fx.hq(&mut s, "1ID", 1113);
        for name in ["1/16", "2/16", "3/16", "1/18"] {
            fx.put(&mut s, name, 1412);
        }
        let (worn, fresh) = (fx.unit("1/16"), fx.unit("2/16"));
        s.disrupted |= 1 << worn;
        s.refresh(fx.rs());
        let (worn_sp, fresh_sp) = (s.strength[worn], s.strength[fresh]);
        overstack_by_doctrine(&fx, &mut s, 1412, Side::Us);
        assert_eq!(s.strength[worn], worn_sp - u8::from(loses));
        assert!(s.is_disrupted(worn));
        assert_eq!(s.strength[fresh], fresh_sp, "a fresh unit only disrupts");
        assert!(s.is_disrupted(fresh));
    }
}

/// The US 1/16, 2/16, 3/16 and the AFV 1 Rcn overstacking 1412, the Germans in four hexes
/// round it, the 1/32 (AFV) over a hidden `under` in the fifth and nothing in the sixth; the
/// 1/26 over the hidden AFV 2/33 far off at 1805. Returns the state with the Germans to
/// displace, and the fifth hex.
fn afv_to_displace(fx: &Fx, under: &str) -> (State, u16) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    for name in ["1/16", "2/16", "3/16", "1 Rcn"] {
        fx.put(&mut s, name, 1412);
    }
    let ring = fx.ring(1412);
    for (name, &h) in ["GR 941", "GR 942", "GR 943", "Fus 353"].iter().zip(&ring) {
        fx.put(&mut s, name, h);
    }
    fx.put(&mut s, "1/32", ring[4]);
    fx.put(&mut s, under, ring[4]);
    fx.put(&mut s, "1/26", 1805);
    fx.put(&mut s, "2/33", 1805);
    overstack_us_at_1412(fx, &mut s);
    (s, ring[4])
}

/// The hexes (by number) the 1 Rcn may be displaced into.
fn rcn_displaced_into(fx: &Fx, s: &State) -> BTreeSet<u16> {
    let rcn = fx.unit("1 Rcn") as u8;
    let mut into = BTreeSet::new();
    stacking::unit_displacement_actions(fx.rs(), s, &mut |a| match a {
        Action::DisplaceUnit { unit, to } if unit == rcn => {
            into.insert(fx.number(to));
        }
        _ => {}
    });
    into
}

/// 5.3.3, 5.3.4 (the reading `displacement_room`): the German displaces the AFV 1 Rcn next
/// to a hex of two US units under the AFV 1/32. Under `told` he may not send it there when the
/// hidden one is an AFV too (no room, 5.3.1), only when it is infantry: his choices show what
/// lies under the top. Under `by_height` he judges by the height he sees, so his choices are
/// the same either way, and sending the AFV onto two AFVs overstacks that hex in turn (5.3.3).
#[test]
fn rule_5_3_3_a_fully_stacked_hex_is_told_or_judged_by_height_by_the_reading() {
    let told = Fx::s2();
    let (afvs, fifth) = afv_to_displace(&told, "2/32");
    let (mixed, _) = afv_to_displace(&told, "1/36");
    let sixth = told.ring(1412)[5];
    assert_eq!(rcn_displaced_into(&told, &afvs), BTreeSet::from([sixth]));
    assert_eq!(
        rcn_displaced_into(&told, &mixed),
        BTreeSet::from([fifth, sixth])
    );
    let by_height = with_reading("told", "by_height");
    let (mut afvs, _) = afv_to_displace(&by_height, "2/32");
    let (mixed, _) = afv_to_displace(&by_height, "1/36");
    for s in [&afvs, &mixed] {
        assert_eq!(
            rcn_displaced_into(&by_height, s),
            BTreeSet::from([fifth, sixth])
        );
    }
    let rcn = by_height.unit("1 Rcn") as u8;
    let next = stacking::displace_unit(by_height.rs(), &mut afvs, rcn, by_height.hex(fifth));
    assert_eq!(next, None, "three AFVs overstack {fifth}");
    assert_eq!(afvs.step, Step::UnitDisplacement);
    assert_eq!(afvs.overstack.hex, by_height.hex(fifth));
    assert!(
        afvs.is_disrupted(by_height.unit("2/32")),
        "5.3.1: disrupted"
    );
}

/// 5.3.4 with 5.3.3: while the German displaces, determinization keeps the stack next to the
/// overstacked hex whose room he was told (`told`), and deals its hidden unit afresh when he
/// judges by height (`by_height`): the hidden AFVs 2/32 (there) and 2/33 (at 1805) may swap.
#[test]
fn rule_5_3_4_a_stack_next_to_a_displacement_stays_hidden_unless_its_room_is_told() {
    for (fx, redealt) in [(Fx::s2(), false), (with_reading("told", "by_height"), true)] {
        let (s, fifth) = afv_to_displace(&fx, "2/32");
        let swapped = (0..64).any(|seed| {
            let mut rng = GameRng::seed_from_u64(seed);
            let d = fx.g.determinize(&s, Side::German.index(), &mut rng);
            d.hex[fx.unit("2/33")] == fx.hex(fifth)
        });
        assert_eq!(swapped, redealt);
    }
}

/// AMBIG-33 (the reading `out_of_command_refit`): a disrupted Out of Command unit may not
/// Refit, or may at double cost (5.8.3: "pay two Action Points instead the normal one").
#[test]
fn rule_5_8_3_ambig_33_an_out_of_command_unit_refits_at_double_cost_or_not_by_the_reading() {
    for (fx, allowed) in [(Fx::s2(), false), (with_reading("barred", "allowed"), true)] {
        let (mut s, u) = us_at_1412(&fx);
        s.disrupted |= 1 << u;
        fx.hq(&mut s, "1ID", 1102);
        assert_eq!(command::status(fx.rs(), &s, u), CommandStatus::OutOfCommand);
        let refit = Action::Refit(u as u8);
        assert_eq!(fx.legal(&s).contains(&refit), allowed);
        if allowed {
            let ap = s.act().ap;
            fx.decide(&mut s, refit);
            assert_eq!(ap - s.act().ap, 2 * fx.rs().charts.ap_costs.refit);
        }
    }
}

/// 7.1 "Isolated disrupted units may not carry out any Actions at all": not even a Refit
/// under the reading that lets Out of Command ones (AMBIG-33).
#[test]
fn rule_7_1_an_isolated_disrupted_unit_may_not_refit_under_either_reading() {
    for fx in [Fx::s2(), with_reading("barred", "allowed")] {
        let (mut s, u) = isolated_at_1412(&fx);
        s.disrupted |= 1 << u;
        s.refresh(fx.rs());
        assert_eq!(command::status(fx.rs(), &s, u), CommandStatus::Isolated);
        assert!(!fx.legal(&s).contains(&Action::Refit(u as u8)));
    }
}

/// 5.6, 5.8.4, 7.3.4: an isolated unit that infiltrates takes 5.8.4's check to conduct the
/// Action, then the Infiltration's own.
#[test]
fn rule_5_8_4_an_isolated_unit_that_infiltrates_checks_to_act_then_to_infiltrate() {
    let fx = Fx::s2();
    let (mut s, u) = isolated_at_1412(&fx);
    let to = fx.hex(1411);
    fx.select(&mut s, u, false);
    fx.decide(&mut s, Action::Infiltrate { to });
    assert_eq!(s.step, Step::Check(CheckKind::Isolated), "5.8.4 first");
    let mut failed = s;
    fx.chance(&mut s, Action::Check(true));
    assert_eq!(s.step, Step::Check(CheckKind::Infiltration), "then 7.3.4");
    fx.chance(&mut s, Action::Check(true));
    while s.step == Step::ReactionOffer {
        fx.decide(&mut s, Action::Decline);
    }
    assert_eq!(fx.at(&s, u), 1411);
    fx.chance(&mut failed, Action::Check(false));
    assert!(
        failed.is_disrupted(u) && fx.at(&failed, u) == 1412,
        "no infiltration"
    );
    assert_ne!(failed.step, Step::Check(CheckKind::Infiltration));
}

/// 5.3.2 case 2: with no Town, City or Industrial hex in its Command Range (1ID's range cut
/// to 1 here) but one beyond by a clear path, Support and FAL −2 (not below 0).
#[test]
fn rule_5_3_2_a_displaced_hq_beyond_its_range_by_a_clear_path_loses_2_support_and_2_fal() {
    let fx = Fx::s2_edited(
        "counters.toml",
        "command_range = 5\nsupport = 4\nrelocation = 2",
        "command_range = 1\nsupport = 4\nrelocation = 2",
    );
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1507);
    let fi = usize::from(f);
    assert_eq!(fx.rs().formation(f).command_range, 1);
    (s.support[fi], s.fal[fi]) = (3, 1);
    stacking::displace_hq(fx.rs(), &mut s, f);
    let places = stacking::hq_places(fx.rs(), &s, f);
    assert_eq!(places.least_case(), 2);
    stacking::place_hq(fx.rs(), &mut s, places.hexes()[0]);
    assert_eq!(
        (s.support[fi], s.fal[fi]),
        (1, 0),
        "3 − 2, and 1 − 2 stays at 0"
    );
}

/// 5.3.2 case 3: no clear path to any Town, City or Industrial hex (enemy units all round):
/// Support and FAL to 0.
#[test]
fn rule_5_3_2_a_displaced_hq_with_no_clear_path_loses_all_support_and_fal() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1507);
    let fi = usize::from(f);
    (s.support[fi], s.fal[fi]) = (4, 5);
    let names = ["453", "328", "473", "GR 941", "GR 942", "GR 943"];
    for (name, &h) in names.iter().zip(&fx.ring(1507)) {
        fx.put(&mut s, name, h);
    }
    stacking::displace_hq(fx.rs(), &mut s, f);
    let places = stacking::hq_places(fx.rs(), &s, f);
    assert_eq!(places.least_case(), 3);
    stacking::place_hq(fx.rs(), &mut s, places.hexes()[0]);
    assert_eq!((s.support[fi], s.fal[fi]), (0, 0));
}

/// 5.5.2 Assignment restrictions: "German independent units may be attached to any German
/// formation. US independent units may only be attached to formations of their own Corps."
#[test]
fn rule_5_5_2_a_us_independent_joins_only_its_own_corps_a_german_one_any_german_formation() {
    let fx = Fx::new("campaign");
    let rs = fx.rs();
    let (vii, xix, german) = (fx.unit("745 Tk"), fx.unit("1128 Eng"), fx.unit("1012 StuG"));
    for (u, own) in [(vii, "1ID"), (vii, "3AD"), (xix, "30ID"), (xix, "2AD")] {
        assert!(assignment::attachable(rs, u, fx.formation(own)));
    }
    for (u, other) in [(vii, "30ID"), (vii, "29ID"), (xix, "1ID"), (vii, "116PzD")] {
        assert!(!assignment::attachable(rs, u, fx.formation(other)));
    }
    for f in ["526ID", "353ID", "9PzD", "116PzD"] {
        assert!(assignment::attachable(rs, german, fx.formation(f)));
    }
    assert!(!assignment::attachable(rs, german, fx.formation("1ID")));
}

/// 7.6: a failed Refit check leaves the unit disrupted, with no other adverse effect.
#[test]
fn rule_7_6_a_failed_refit_costs_nothing_more() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    s.disrupted |= 1 << u;
    s.refresh(fx.rs());
    let strength = s.strength[u];
    fx.decide(&mut s, Action::Refit(u as u8));
    fx.chance(&mut s, Action::Check(false));
    assert!(s.is_disrupted(u));
    assert_eq!(s.strength[u], strength, "no SP lost");
    assert_eq!(fx.at(&s, u), 1412, "no retreat");
}

/// 7.6: "A unit may perform any number of Refit Actions, as long as Action Points are
/// available": after a failed check the unit is offered another Refit, which recovers it.
#[test]
fn rule_7_6_a_unit_may_refit_again_while_action_points_remain() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    s.disrupted |= 1 << u;
    s.refresh(fx.rs());
    fx.decide(&mut s, Action::Refit(u as u8));
    fx.chance(&mut s, Action::Check(false));
    assert!(s.is_disrupted(u));
    assert!(fx.legal(&s).contains(&Action::Refit(u as u8)), "2 AP left");
    fx.decide(&mut s, Action::Refit(u as u8));
    fx.chance(&mut s, Action::Check(true));
    assert!(!s.is_disrupted(u));
    assert_eq!(s.act().ap, 1);
}

/// 8.1.4: "Each disrupted unit determined to be in Command Range of its parent or currently
/// assigned HQ, automatically refits from disruption". The 1/16, cross-assigned to the 3rd AD
/// (5.5.1), recovers next to the 3rd AD's HQ with the 1st ID's seven hexes off; so does the
/// 238th Engineers, an independent (no parent) assigned to the 3rd AD. (Near its parent's HQ
/// alone it recovers too: 5.6.4's test.)
#[test]
fn rule_8_1_4_a_cross_assigned_unit_refits_in_command_range_of_its_assigned_hq() {
    let fx = Fx::s2();
    let (u, eng) = (fx.unit("1/16"), fx.unit("238 Eng"));
    let armored = fx.formation("3AD");
    let mut s = turn_2(&fx, |fx, s| {
        fx.hq(s, "1ID", 1002);
        fx.hq(s, "3AD", 1507);
        fx.put(s, "1/16", 1606);
        fx.put(s, "238 Eng", 1606);
        s.formation[u] = armored;
        s.formation[eng] = armored;
        s.disrupted |= 1 << u | 1 << eng;
    });
    let rs = fx.rs();
    let parent_range = u16::from(rs.formation(fx.formation("1ID")).command_range);
    let far = rs.hex(fx.hex(1606)).distance(rs.hex(fx.hex(1002)));
    assert!(far > parent_range, "out of the 1st ID's range");
    assert_eq!(rs.unit(eng).parent, None);
    fx.chance(&mut s, Action::Die(1));
    assert!(
        !s.is_disrupted(u),
        "in range of its assigned HQ: it recovers"
    );
    assert!(!s.is_disrupted(eng), "an assigned independent too");
}

/// 8.1.4: in Command Range of neither its parent nor its assigned HQ, a cross-assigned unit
/// does not refit, though it can trace a Command Path to both (Out of Command, not Isolated).
#[test]
fn rule_8_1_4_a_cross_assigned_unit_out_of_range_of_both_its_hqs_stays_disrupted() {
    let fx = Fx::s2();
    let u = fx.unit("1/16");
    let mut s = turn_2(&fx, |fx, s| {
        fx.hq(s, "1ID", 1002);
        fx.hq(s, "3AD", 1214);
        fx.put(s, "1/16", 1606);
        s.formation[u] = fx.formation("3AD");
        s.disrupted |= 1 << u;
    });
    assert_eq!(
        command::status(fx.rs(), &s, u),
        CommandStatus::OutOfCommand,
        "beyond the 3rd AD's range, with a path to it"
    );
    let rs = fx.rs();
    let parent_range = u16::from(rs.formation(fx.formation("1ID")).command_range);
    let far = rs.hex(fx.hex(1606)).distance(rs.hex(fx.hex(1002)));
    assert!(far > parent_range, "out of the 1st ID's range");
    fx.chance(&mut s, Action::Die(1));
    assert!(s.is_disrupted(u), "no refit");
}

/// 8.1.4: "regardless of the HQ's supply status": a disrupted unit in the Command Range of
/// an HQ cut off from supply still refits.
#[test]
fn rule_8_1_4_a_unit_refits_in_command_range_of_an_unsupplied_hq() {
    let fx = Fx::s2();
    let u = fx.unit("1/16");
    let f = fx.formation("1ID");
    let mut s = turn_2(&fx, |fx, s| {
        s.hq_hex[usize::from(f)] = fx.hex(1311);
        fx.put(s, "1/16", 1311);
        s.disrupted |= 1 << u;
        for (name, h) in ["453", "328", "473", "GR 941", "GR 942", "GR 943"]
            .iter()
            .zip(fx.ring(1311))
        {
            fx.put(s, name, h);
        }
    });
    assert!(!command::hq_supplied(fx.rs(), &s, f), "the HQ is cut off");
    fx.chance(&mut s, Action::Die(1));
    assert!(!s.is_disrupted(u), "it refits all the same");
}

/// 5.6.1: "roll a d10: if the result is equal to or less than the ER on the side the unit is
/// showing, it passes". The engine's check for the 1/16 (ER 5 fresh, 3 disrupted, say)
/// passes on as many of the ten faces as the ER of the side it shows, and fails on the rest.
#[test]
fn rule_5_6_1_the_engines_ec_passes_on_as_many_d10_faces_as_the_er_shown() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    s.disrupted |= 1 << u;
    s.refresh(fx.rs());
    fx.decide(&mut s, Action::Refit(u as u8));
    let er = fx.rs().unit(u).er;
    assert!(er[0] > er[1] && er[0] < 10, "{er:?}");
    let weights = |s: &State| {
        let mut out = Vec::new();
        fx.g.chance_outcomes(s, &mut out);
        out
    };
    let pass_fail = |er: u8| {
        vec![
            (Action::Check(true), u32::from(er)),
            (Action::Check(false), 10 - u32::from(er)),
        ]
    };
    assert_eq!(weights(&s), pass_fail(er[1]), "disrupted: the back's ER");
    let mut fresh = s;
    fresh.disrupted &= !(1 << u);
    fresh.refresh(fx.rs());
    assert_eq!(weights(&fresh), pass_fail(er[0]), "fresh: the front's ER");
}

/// 5.2: an Effectiveness Check is its unit's owner's roll: the US, holding the token, may have
/// a failed Refit check rolled again, and the pass of the reroll recovers the unit.
#[test]
fn rule_5_2_a_failed_effectiveness_check_may_be_rerolled_with_the_token() {
    let fx = Fx::s2();
    let (mut s, u) = us_at_1412(&fx);
    s.disrupted |= 1 << u;
    s.refresh(fx.rs());
    let mut german_token = s;
    s.snafu = Side::Us;
    fx.decide(&mut s, Action::Refit(u as u8));
    fx.roll(&mut s, Action::Check(false));
    assert_eq!(s.step, Step::Snafu);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::Us.index()));
    fx.decide(&mut s, Action::Reroll);
    assert_eq!(s.snafu, Side::German, "the token changes hands");
    fx.roll(&mut s, Action::Check(true));
    assert!(!s.is_disrupted(u));
    fx.decide(&mut german_token, Action::Refit(u as u8));
    fx.roll(&mut german_token, Action::Check(false));
    assert_ne!(
        german_token.step,
        Step::Snafu,
        "the German's token: not offered"
    );
    assert!(german_token.is_disrupted(u));
}

/// 5.2 with 8.1.5: an Attrition Check is its unit's owner's roll: one that costs an SP is
/// offered to him when he holds the token, one that costs nothing (at or under the disrupted
/// ER) is not; a reroll that costs nothing saves the SP.
#[test]
fn rule_5_2_an_attrition_check_that_costs_an_sp_may_be_rerolled_with_the_token() {
    let fx = Fx::s2();
    let isolated = fx.unit("2/16");
    let mut s = turn_2(&fx, cut_off_at_3010);
    fx.chance(&mut s, Action::Die(1));
    assert_eq!(s.step, Step::Attrition);
    s.snafu = Side::Us;
    let (before, er) = (s.strength[isolated], fx.rs().unit(isolated).er[1]);
    let mut free = s;
    fx.roll(&mut free, Action::Die(er));
    assert_ne!(free.step, Step::Snafu, "no SP lost: not offered");
    assert_eq!(free.strength[isolated], before);
    fx.roll(&mut s, Action::Die(10));
    assert_eq!(s.step, Step::Snafu);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::Us.index()));
    fx.decide(&mut s, Action::Reroll);
    assert_eq!((s.step, s.snafu), (Step::Attrition, Side::German));
    fx.roll(&mut s, Action::Die(1));
    assert_eq!(s.strength[isolated], before, "the reroll's die counts");
}
