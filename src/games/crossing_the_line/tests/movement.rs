//! Movement (7.3), displacement by movement (7.3.6) and Formation Reaction (6.4).

use super::Fx;
use crate::engine::{Actor, Game};
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::command;
use crate::games::crossing_the_line::control::CommandStatus;
use crate::games::crossing_the_line::describe;
use crate::games::crossing_the_line::hex::Hex;
use crate::games::crossing_the_line::map::HexsideFeatures;
use crate::games::crossing_the_line::movement::{cost_to, step_cost};
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::stacking;
use crate::games::crossing_the_line::state::{Activation, AfterOverstack, State, Step, BONUS_ONLY};

fn distance(a: u16, b: u16) -> u16 {
    Hex::from_number(a)
        .unwrap()
        .distance(Hex::from_number(b).unwrap())
}

/// A German leg unit (MA 3) alone at 1410, on open clear ground, the 526th activated.
fn german_leg_at_1410(fx: &Fx) -> (State, usize) {
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 1507);
    let u = fx.put(&mut s, "453", 1410);
    fx.activate(&mut s, "526ID", 3);
    (s, u)
}

/// What one step of `unit` alone from hex `a` into the adjacent hex `b` costs (half MP, and
/// whether it ends the move); `first`: its first step of the move.
fn step(fx: &Fx, s: &State, unit: usize, a: u16, b: u16, first: bool) -> Option<(u8, bool)> {
    let rs = fx.rs();
    let dir = rs.direction(fx.hex(a), fx.hex(b)).expect("adjacent hexes");
    step_cost(rs, s, 1 << unit, fx.hex(a), dir, first)
}

#[test]
fn rule_7_3_2_a_leg_unit_spends_one_mp_a_clear_hex_up_to_its_ma() {
    let fx = Fx::s2();
    let (s, u) = german_leg_at_1410(&fx);
    let plain: Vec<u16> = fx
        .destinations(&s, u)
        .into_iter()
        .filter(|&(_, bonus)| !bonus)
        .map(|(h, _)| h)
        .collect();
    assert!(plain.iter().all(|&h| distance(1410, h) <= 3), "{plain:?}");
    for h in [1411, 1412, 1413, 1310, 1511] {
        assert!(plain.contains(&h), "{h} within 3 clear hexes");
    }
    assert!(!plain.contains(&1414));
    assert_eq!(cost_to(fx.rs(), &s, 1 << u, fx.hex(1413), false), Some(6));
}

#[test]
fn rule_7_3_5_a_leg_unit_away_from_the_enemy_moves_2_more() {
    let fx = Fx::s2();
    let (mut s, u) = german_leg_at_1410(&fx);
    let bonus: Vec<u16> = fx
        .destinations(&s, u)
        .into_iter()
        .filter(|&(_, bonus)| bonus)
        .map(|(h, _)| h)
        .collect();
    assert!(bonus.contains(&1414) && bonus.contains(&1415), "{bonus:?}");
    assert!(bonus.iter().all(|&h| (4..=5).contains(&distance(1410, h))));
    // The offer says what the move costs of the MA, and that the +2 is used (7.3, 7.3.5).
    let mut chosen = s;
    fx.decide(&mut chosen, fx.select_action(&s, u, false));
    let rs = fx.rs();
    let to = |hex, leg_bonus| Action::Move {
        to: fx.hex(hex),
        leg_bonus,
    };
    let cost = |a| describe::cost(rs, &chosen, a);
    assert_eq!(cost(to(1413, false)).as_deref(), Some("3 MP of 3"));
    assert_eq!(cost(to(1414, true)).as_deref(), Some("4 MP of 3 + 2"));
    // Next to an enemy unit at the start: no bonus at all.
    fx.hq(&mut s, "1ID", 1113);
    fx.put(&mut s, "1/16", 1409);
    assert!(fx.destinations(&s, u).iter().all(|&(_, bonus)| !bonus));
}

/// 7.3.5: "Combat units classified as Leg units have their MA increased by two": never a
/// motorized unit, nor a stack with one in it (7.3.1: the stack moves at its slowest). The
/// 1 Rcn (motorized) far from the enemy at 1410 is offered no leg bonus, alone or stacked with
/// the 1/16 (leg), which alone is.
#[test]
fn rule_7_3_5_no_leg_bonus_for_a_motorized_unit_or_a_stack_with_one() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let leg = fx.put(&mut s, "1/16", 1410);
    fx.activate(&mut s, "1ID", 3);
    let bonus = |s: &State, u: usize| fx.destinations(s, u).iter().any(|&(_, b)| b);
    assert!(bonus(&s, leg), "the 1/16 alone");
    let rcn = fx.put(&mut s, "1 Rcn", 1410);
    assert!(!bonus(&s, rcn), "the 1 Rcn alone");
    let mut stacked = s;
    let select = fx.select_action(&s, leg, true);
    assert!(matches!(select, Action::Select { pick, .. } if pick.count_ones() == 2));
    fx.decide(&mut stacked, select);
    assert!(fx.legal(&stacked).iter().all(|a| !matches!(
        a,
        Action::Move {
            leg_bonus: true,
            ..
        }
    )));
}

#[test]
fn rule_7_3_5_the_leg_bonus_path_never_passes_next_to_an_enemy() {
    let fx = Fx::s2();
    let (mut s, u) = german_leg_at_1410(&fx);
    fx.hq(&mut s, "1ID", 1113);
    // A US unit two hexes east: 1412's and 1413's row is closed to the bonus move.
    fx.put(&mut s, "1/16", 1213);
    let with_bonus = cost_to(fx.rs(), &s, 1 << u, fx.hex(1414), true);
    let without = cost_to(fx.rs(), &s, 1 << u, fx.hex(1414), false);
    assert_eq!(without, None, "1414 is four hexes away");
    assert!(with_bonus.is_some(), "around, away from 1213");
    for h in fx.ring(1213) {
        assert_eq!(
            cost_to(fx.rs(), &s, 1 << u, fx.hex(h), true),
            None,
            "{h} is next to 1213"
        );
    }
}

#[test]
fn rule_7_3_3_us_leg_units_move_at_the_road_rate_german_leg_units_do_not() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    let us = fx.put(&mut s, "1/16", 1118);
    fx.activate(&mut s, "1ID", 3);
    // 1118-1218-1317-1417-1517-1618-1718-1819-1919: eight road hexes at ½ MP.
    assert_eq!(cost_to(fx.rs(), &s, 1 << us, fx.hex(1919), false), Some(8));
    assert!(fx.destinations(&s, us).contains(&(1919, false)));
    let mut g = fx.bare();
    fx.hq(&mut g, "526ID", 1507);
    let german = fx.put(&mut g, "453", 1118);
    // The same road hexes at 1 MP each: three of them, to 1417.
    assert_eq!(
        cost_to(fx.rs(), &g, 1 << german, fx.hex(1417), false),
        Some(6)
    );
    assert_eq!(cost_to(fx.rs(), &g, 1 << german, fx.hex(1517), false), None);
}

/// AMBIG-23's other reading (`german_leg_roads = "road_rate"`): German leg units move along
/// the road at ½ MP like US leg units.
#[test]
fn rule_7_3_3_ambig_23_german_leg_units_at_the_road_rate_when_the_data_says_so() {
    let fx = Fx::s2_edited(
        "charts.toml",
        "value = \"terrain\"",
        "value = \"road_rate\"",
    );
    let mut g = fx.bare();
    fx.hq(&mut g, "526ID", 1507);
    let german = fx.put(&mut g, "453", 1118);
    // 1118-1218-1317-1417-1517: four road hexes at ½ MP (paying the terrain, out of reach).
    assert_eq!(
        cost_to(fx.rs(), &g, 1 << german, fx.hex(1517), false),
        Some(4)
    );
}

#[test]
fn rule_7_3_3_no_road_rate_into_a_town_but_out_of_it() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    let u = fx.put(&mut s, "1/16", 1113);
    // 1113 to the Town 1214 along the road: the Town's 1 MP.
    assert_eq!(step(&fx, &s, u, 1113, 1214, false), Some((2, false)));
    // 1214 out onto the road to 1313: ½ MP.
    assert_eq!(step(&fx, &s, u, 1214, 1313, false), Some((1, false)));
}

#[test]
fn rule_7_3_7_leg_units_pay_1_more_across_a_stream_motorized_units_spend_their_whole_ma() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "3AD", 1214);
    let leg = fx.put(&mut s, "1/16", 1809);
    let tank = fx.put(&mut s, "1/32", 1810);
    // 1809/1909 is a stream hexside between clear hexes.
    assert_eq!(step(&fx, &s, leg, 1809, 1909, false), Some((4, false)));
    // 1810/1909: the tank crosses only as its first step, and stops.
    assert_eq!(step(&fx, &s, tank, 1810, 1909, true), Some((16, true)));
    assert_eq!(step(&fx, &s, tank, 1810, 1909, false), None);
}

/// 7.3: "Consult the Terrain Effects Chart by cross-referencing the unit type with the terrain
/// entered": into the pillbox hex 1812 (no road, no stream from 1811) a leg unit pays 1 MP, a
/// motorised one 2; back into Clear 1811 both pay 1.
#[test]
fn rule_7_3_leg_and_motorised_units_pay_their_own_column_of_the_chart() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "3AD", 1214);
    let leg = fx.put(&mut s, "1/16", 1811);
    let tank = fx.put(&mut s, "1/32", 1811);
    let cost = |u: usize, a: u16, b: u16| step(&fx, &s, u, a, b, false);
    assert_eq!(cost(leg, 1811, 1812), Some((2, false)), "leg: 1 MP");
    assert_eq!(cost(tank, 1811, 1812), Some((4, false)), "motorised: 2 MP");
    assert_eq!(cost(leg, 1812, 1811), Some((2, false)));
    assert_eq!(cost(tank, 1812, 1811), Some((2, false)));
}

/// 3.1.2/7.3.7: "Streams can be crossed without additional movement costs when leaving or
/// entering a town or industrial hex over a stream." No road crosses 1909/1910 (into Town
/// 1910) or 2714/2715 (into Industrial 2715); off a road and a town the stream costs 1 more.
#[test]
fn rule_3_1_2_no_stream_cost_into_or_out_of_a_town_or_industrial_hex() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "3AD", 1214);
    let leg = fx.put(&mut s, "1/16", 1909);
    let tank = fx.put(&mut s, "1/32", 1910);
    let cost = |u: usize, a: u16, b: u16| step(&fx, &s, u, a, b, false);
    assert_eq!(
        cost(leg, 1909, 1910),
        Some((2, false)),
        "into the Town: its 1 MP"
    );
    assert_eq!(
        cost(leg, 1910, 1909),
        Some((2, false)),
        "out of the Town: 1 MP"
    );
    assert_eq!(
        cost(leg, 2714, 2715),
        Some((2, false)),
        "into Industrial: its 1 MP"
    );
    assert_eq!(
        cost(leg, 1809, 1909),
        Some((4, false)),
        "clear to clear: 1 MP + 1"
    );
    assert_eq!(
        cost(tank, 1910, 1909),
        Some((2, false)),
        "a motorised unit leaving the Town does not spend its whole MA"
    );
}

/// 3.1.1: "A road that passes through dragon teeth negates penalties formovement (only)
/// through that hexside." The Zweifall–Lammersdorf road crosses the teeth at 1919/2019
/// (7.5.1.2A), from Clear 1919 into the pillbox hex 2019. A unit at the road rate pays its ½ MP
/// (7.3.3); a German leg unit, not at the road rate (AMBIG-23), pays the pillbox hex's 1 MP and
/// not the teeth's +1; a tank leaving an EZOC along the road (no road rate, 7.3.3) pays the
/// hex's 2 MP instead of its entire MA, and need not cross as its first step.
#[test]
fn rule_3_1_1_a_road_through_dragons_teeth_negates_their_movement_penalty() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let (a, b) = (fx.hex(1919), fx.hex(2019));
    let features = rs.hexside(a, rs.direction(a, b).unwrap());
    assert!(features.contains(HexsideFeatures::DRAGONS_TEETH));
    assert!(features.contains(HexsideFeatures::ROAD));
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "3AD", 1214);
    fx.hq(&mut s, "526ID", 2211);
    let mut german = s;
    let us_leg = fx.put(&mut s, "1/16", 1919);
    let tank = fx.put(&mut s, "1/32", 1919);
    let german_leg = fx.put(&mut german, "453", 1919);
    let cost = |s: &State, u: usize, first: bool| step(&fx, s, u, 1919, 2019, first);
    assert_eq!(cost(&s, us_leg, false), Some((1, false)), "road rate: ½ MP");
    assert_eq!(cost(&s, tank, false), Some((1, false)), "road rate: ½ MP");
    assert_eq!(
        cost(&german, german_leg, false),
        Some((2, false)),
        "the pillbox hex's 1 MP, no +1 for the teeth"
    );
    // A German unit at 1820 puts 1919, not 2019, in an EZOC: the tank leaves it off the rate.
    fx.put(&mut s, "328", 1820);
    let ezoc = &s.zoc[Side::German.index()];
    assert!(ezoc.contains(usize::from(a)) && !ezoc.contains(usize::from(b)));
    assert_eq!(
        cost(&s, tank, false),
        Some((4, false)),
        "the pillbox hex's 2 MP, not the entire MA"
    );
    assert_eq!(cost(&s, tank, true), Some((4, false)), "and no stop");
}

/// 3.1.1, 3.1.2: off the road, dragon's teeth cost their penalty (the TEC's: +1 MP leg, the
/// entire MA motorised, as a stream). With teeth added at 1918/2018, between Clear hexes with
/// no road or stream, beside the road's 1919/2019: a leg unit pays 1 MP + 1, a tank crosses
/// only as its first step and stops, while along the road the teeth still cost nothing.
#[test]
fn rule_3_1_1_dragons_teeth_off_the_road_cost_their_movement_penalty() {
    let fx = Fx::edited(
        "stolberg-corridor",
        "map.toml",
        "\"3403/3303\"]",
        "\"3403/3303\", \"1918/2018\"]",
    );
    let rs = fx.rs();
    let (a, b) = (fx.hex(1918), fx.hex(2018));
    let features = rs.hexside(a, rs.direction(a, b).unwrap());
    assert!(features.contains(HexsideFeatures::DRAGONS_TEETH));
    assert!(!features.contains(HexsideFeatures::ROAD));
    assert!(!features.contains(HexsideFeatures::STREAM));
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "3AD", 1214);
    fx.hq(&mut s, "526ID", 2211);
    let mut german = s;
    let us_leg = fx.put(&mut s, "1/16", 1918);
    let tank = fx.put(&mut s, "1/32", 1918);
    let german_leg = fx.put(&mut german, "453", 1918);
    let cost = |s: &State, u: usize, first: bool| step(&fx, s, u, 1918, 2018, first);
    assert_eq!(cost(&s, us_leg, false), Some((4, false)), "1 MP + 1");
    assert_eq!(
        cost(&german, german_leg, false),
        Some((4, false)),
        "1 MP + 1"
    );
    let ma = rs.unit(tank).ma * 2;
    assert_eq!(
        cost(&s, tank, true),
        Some((ma, true)),
        "the entire MA, and stop"
    );
    assert_eq!(cost(&s, tank, false), None, "only as the first step");
    // Along the road next door the teeth still cost nothing.
    german.hex[german_leg] = fx.hex(1919);
    german.refresh(rs);
    let along = step(&fx, &german, german_leg, 1919, 2019, false);
    assert_eq!(along, Some((2, false)));
}

/// Both HQs placed, the US 1/16 at `at` and the German 453 at 1413 (its ZOC round it, 5.4).
fn facing_the_453(fx: &Fx, at: u16) -> (State, usize) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    fx.hq(&mut s, "526ID", 1507);
    let u = fx.put(&mut s, "1/16", at);
    fx.put(&mut s, "453", 1413);
    (s, u)
}

#[test]
fn rule_5_4_1_no_move_from_one_ezoc_hex_into_another_but_infiltration() {
    let fx = Fx::s2();
    let (mut s, u) = facing_the_453(&fx, 1412);
    fx.activate(&mut s, "1ID", 3);
    let rs = fx.rs();
    let step = |to: u16| {
        let dir = rs.direction(fx.hex(1412), fx.hex(to)).unwrap();
        step_cost(rs, &s, 1 << u, fx.hex(1412), dir, true)
    };
    // 1312 and 1512 are in the 453's ZOC like 1412; 1411 is not.
    assert_eq!(step(1312), None);
    assert_eq!(step(1512), None);
    assert_eq!(step(1411), Some((2, false)));
    fx.select(&mut s, u, false);
    let infiltrate = Action::Infiltrate { to: fx.hex(1312) };
    assert!(fx.legal(&s).contains(&infiltrate));
}

#[test]
fn rule_5_4_1_a_mover_stops_on_entering_an_ezoc() {
    let fx = Fx::s2();
    let (s, u) = facing_the_453(&fx, 1410);
    // 1412 is in the EZOC: a path through it to 1414 is closed, though 1414 is 4 hexes away.
    let into = cost_to(fx.rs(), &s, 1 << u, fx.hex(1412), false);
    assert_eq!(into, Some(4));
    let rs = fx.rs();
    let dir = rs.direction(fx.hex(1411), fx.hex(1412)).unwrap();
    assert_eq!(
        step_cost(rs, &s, 1 << u, fx.hex(1411), dir, false),
        Some((2, true))
    );
}

/// 5.4.1: "Units must immediately cease movement upon entering an EZOC, even if the hex is
/// already occupied by a friendly unit"; friendly units "negate EZOCs" for command and supply
/// paths only. With the 2/16 in 1412 (in the 453's ZOC), the 1/16's step into 1412 still ends
/// its move, and it reaches no hex it could not reach with 1412 empty.
#[test]
fn rule_5_4_1_a_mover_stops_in_an_ezoc_hex_even_with_a_friendly_unit_there() {
    let fx = Fx::s2();
    let (mut s, u) = facing_the_453(&fx, 1410);
    fx.activate(&mut s, "1ID", 3);
    let alone = fx.destinations(&s, u);
    fx.put(&mut s, "2/16", 1412);
    let rs = fx.rs();
    assert!(s.zoc[Side::German.index()].contains(usize::from(fx.hex(1412))));
    let dir = rs.direction(fx.hex(1411), fx.hex(1412)).unwrap();
    assert_eq!(
        step_cost(rs, &s, 1 << u, fx.hex(1411), dir, false),
        Some((2, true)),
        "entering the EZOC ends the move, friend or no friend"
    );
    assert_eq!(cost_to(rs, &s, 1 << u, fx.hex(1412), false), Some(4));
    assert_eq!(fx.destinations(&s, u), alone);
    assert!(alone.contains(&(1412, false)));
}

#[test]
fn rule_7_3_4_infiltrating_units_check_and_those_that_fail_stay_disrupted() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    fx.hq(&mut s, "526ID", 1507);
    let a = fx.put(&mut s, "1/16", 1412);
    let b = fx.put(&mut s, "2/16", 1412);
    fx.put(&mut s, "453", 1413);
    fx.activate(&mut s, "1ID", 3);
    let to = fx.hex(1312);
    fx.select(&mut s, a, true);
    fx.decide(&mut s, Action::Infiltrate { to });
    assert_eq!(s.act().ap, 2, "1 AP for the stack");
    // ER 5: the check passes on 1–5.
    assert_eq!(
        fx.outcomes(&s),
        vec![(Action::Check(true), 5), (Action::Check(false), 5)]
    );
    fx.chance(&mut s, Action::Check(true));
    fx.chance(&mut s, Action::Check(false));
    assert_eq!(fx.at(&s, a), 1312);
    assert_eq!(fx.at(&s, b), 1412);
    assert!(s.is_disrupted(b) && !s.is_disrupted(a));
}

#[test]
fn rule_7_3_8_german_units_keep_out_of_the_west_wall_zone_on_turns_1_to_3() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    let u = fx.put(&mut s, "453", 2106);
    fx.activate(&mut s, "526ID", 3);
    let restricted = fx.hex(2105);
    assert!(fx.rs().german_restricted.contains(usize::from(restricted)));
    let reachable = |s: &State| fx.destinations(s, u).iter().any(|&(h, _)| h == 2105);
    assert!(!reachable(&s));
    s.turn = 4;
    assert!(reachable(&s));
}

/// 7.3.8: "German units are not permitted to enter any hex to the north-west of the outer
/// pillbox-line": not even on the way, so on turns 1 to 3 a move to an open hex may not pass
/// through one. From 2005, south of the line's start, the short way to 2206 and 2305 (both on
/// the line) runs through 2105.
#[test]
fn rule_7_3_8_german_units_may_not_pass_through_hexes_north_west_of_the_pillbox_line() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2107);
    let u = fx.put(&mut s, "453", 2005);
    fx.activate(&mut s, "526ID", 3);
    let restricted = |h: u16| rs.german_restricted.contains(usize::from(fx.hex(h)));
    assert!(restricted(2105));
    assert!(!restricted(2005) && !restricted(2206) && !restricted(2305));
    let cost = |s: &State, to: u16| cost_to(rs, s, 1 << u, fx.hex(to), false);
    for turn in [3, 4] {
        s.turn = turn;
        let open = turn == 4;
        // Through 2105: two clear hexes (4 half-MPs); around it by 2006 and 2106: three.
        assert_eq!(
            cost(&s, 2206),
            Some(if open { 4 } else { 6 }),
            "turn {turn}"
        );
        let within_ma = fx.destinations(&s, u).contains(&(2305, false));
        assert_eq!(within_ma, open, "2305 within the MA of 3 on turn {turn}");
    }
}

/// 7.3.8: "not permitted to enter any hex to the north-west of the outer pillbox-line" holds
/// for units displaced from an overstacked hex (5.3.3) too: on turn 3 the US may not push a
/// German unit from 2106, on the line, into 2105; on turn 4 it may.
#[test]
fn rule_7_3_8_german_units_are_not_displaced_north_west_of_the_pillbox_line() {
    let fx = Fx::s2();
    for turn in [3, 4] {
        let mut s = fx.bare();
        s.turn = turn;
        fx.hq(&mut s, "526ID", 2107);
        for name in ["GR 941", "GR 942", "GR 943", "Fus 353"] {
            fx.put(&mut s, name, 2106);
        }
        let then = AfterOverstack::Action;
        let h = fx.hex(2106);
        assert!(!stacking::resolve_overstack(
            fx.rs(),
            &mut s,
            h,
            Side::German,
            then
        ));
        let mut into = Vec::new();
        stacking::unit_displacement_actions(fx.rs(), &s, &mut |a| {
            if let Action::DisplaceUnit { to, .. } = a {
                into.push(fx.number(to));
            }
        });
        assert!(into.contains(&2107), "{into:?}");
        assert_eq!(into.contains(&2105), turn == 4, "turn {turn}: {into:?}");
    }
}

/// 7.3.8 "EXCEPTION: The Bulge of Kerkrade (3803; 3804; 3903; 3904; 3704; 3805; 4004; 4103)":
/// though north-west of the line, German units may enter it on turns 1 to 3, while the hexes
/// beyond the bulge stay closed.
#[test]
fn rule_7_3_8_german_units_may_enter_the_bulge_of_kerkrade_on_turns_1_to_3() {
    const BULGE: [u16; 8] = [3803, 3804, 3903, 3904, 3704, 3805, 4004, 4103];
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 3706);
    let u = fx.put(&mut s, "453", 3705);
    fx.activate(&mut s, "526ID", 3);
    let ends = |s: &State| -> Vec<u16> { fx.destinations(s, u).iter().map(|d| d.0).collect() };
    s.turn = 4;
    let unrestricted = ends(&s);
    s.turn = 1;
    let restricted = ends(&s);
    let into_bulge: Vec<u16> = unrestricted
        .iter()
        .copied()
        .filter(|h| BULGE.contains(h))
        .collect();
    assert!(into_bulge.len() >= 2, "{unrestricted:?}");
    for h in into_bulge {
        assert!(restricted.contains(&h), "bulge hex {h} on turn 1");
    }
    assert!(
        unrestricted
            .iter()
            .any(|h| !BULGE.contains(h) && !restricted.contains(h)),
        "the rest of the north-west stays closed: {restricted:?}"
    );
}

/// The 1/16, the 1st ID activated, moves from 1410 to 1408, next to the 526th's lone HQ at
/// 1507 (7.3.6): the move stops until the Germans place the HQ (5.3.2). Returns the 1/16.
fn displace_the_526th_hq_by_moving(fx: &Fx, s: &mut State) -> usize {
    let u = fx.put(s, "1/16", 1410);
    fx.activate(s, "1ID", 3);
    fx.move_to(s, u, 1408);
    let displacing = Step::HqDisplacement {
        after_battle: false,
    };
    assert_eq!(s.step, displacing);
    u
}

/// 7.3.6: "No other adjacent combat units currently belonging to the displaced HQ's formation
/// can attempt Formation Reaction in this Movement Action." The 1/16 moves from 1410 to 1408
/// and displaces the 526th's lone HQ at 1507; a 526th unit next to 1408 (and to neither 1409
/// nor 1410), In Command once its HQ is placed near it, may not react; a 9th Panzer unit in
/// its place, In Command of its own HQ, may (the rule's Note).
#[test]
fn rule_7_3_6_the_displaced_hqs_formation_may_not_react_to_that_move() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let away = |h: &u16| {
        ![1409, 1410, 1507].contains(h) && !fx.ring(1409).contains(h) && !fx.ring(1410).contains(h)
    };
    let beside = *fx.ring(1408).iter().find(|h| away(h)).expect("a hex");
    for (unit, formation) in [("453", "526ID"), ("Pz Bde 105", "9PzD")] {
        let mut s = fx.bare();
        fx.hq(&mut s, "1ID", 1113);
        let displaced = fx.hq(&mut s, "526ID", 1507);
        s.fal[usize::from(displaced)] = 3;
        if formation == "9PzD" {
            let f = fx.hq(&mut s, "9PzD", 1705);
            s.fal[usize::from(f)] = 3;
        }
        let reactor = fx.put(&mut s, unit, beside);
        let u = displace_the_526th_hq_by_moving(&fx, &mut s);
        // The 526th's HQ placed as near the unit beside 1408 as it may go.
        let near = |a: &Action| match a {
            Action::PlaceHq(h) => rs.hex(*h).distance(rs.hex(fx.hex(beside))),
            _ => u16::MAX,
        };
        let place = fx.legal(&s).into_iter().min_by_key(near).expect("a place");
        fx.decide(&mut s, place);
        assert_eq!(fx.at(&s, u), 1408);
        assert_eq!(
            command::status(rs, &s, reactor),
            CommandStatus::InCommand,
            "{unit}"
        );
        let f = fx.formation(formation);
        let offered = s.step == Step::ReactionOffer && fx.legal(&s).contains(&Action::React(f));
        assert_eq!(offered, formation == "9PzD", "{unit}");
    }
}

#[test]
fn rule_7_3_6_moving_next_to_a_lone_enemy_hq_displaces_it() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    let f = fx.hq(&mut s, "526ID", 1507);
    s.support[usize::from(f)] = 2;
    s.fal[usize::from(f)] = 2;
    let u = displace_the_526th_hq_by_moving(&fx, &mut s);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::German.index()));
    let place = fx.legal(&s)[0];
    fx.decide(&mut s, place);
    assert_ne!(fx.number(s.hq_hex[usize::from(f)]), 1507, "displaced");
    assert!(
        s.support[usize::from(f)] < 2 && s.fal[usize::from(f)] < 2,
        "5.3.2 penalties"
    );
    assert_eq!(s.hex[u], fx.hex(1408));
    assert_eq!(
        s.step,
        Step::Action,
        "then the move ends and the activation goes on"
    );
}

#[test]
fn rule_5_3_1_no_move_ends_over_the_stacking_limit() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1113);
    for name in ["1/16", "2/16", "3/16"] {
        fx.put(&mut s, name, 1411);
    }
    let u = fx.put(&mut s, "1/18", 1410);
    fx.activate(&mut s, "1ID", 3);
    assert!(!fx.destinations(&s, u).iter().any(|&(h, _)| h == 1411));
    assert!(
        fx.destinations(&s, u).iter().any(|&(h, _)| h == 1412),
        "moves through the stack"
    );
}

/// 6.4: the US 1/16 moves 1113-1214-1313-1413 along the road; a German tank at 1215 is next
/// to the Town 1214 only, and projects no ZOC into it (5.4), so the move goes on unless the
/// 9th Panzer reacts there.
fn reaction_setup(fx: &Fx) -> (State, usize) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    let f = fx.hq(&mut s, "9PzD", 1216);
    s.fal[usize::from(f)] = 3;
    fx.put(&mut s, "Pz Bde 105", 1215);
    let u = fx.put(&mut s, "1/16", 1113);
    fx.activate(&mut s, "1ID", 3);
    fx.move_to(&mut s, u, 1413);
    (s, u)
}

#[test]
fn rule_6_4_a_reaction_is_offered_at_the_hex_of_the_move_that_triggers_it() {
    let fx = Fx::s2();
    let (mut s, u) = reaction_setup(&fx);
    assert_eq!(s.step, Step::ReactionOffer);
    assert_eq!(fx.at(&s, u), 1214, "stopped where it came next to the tank");
    let f = fx.formation("9PzD");
    assert_eq!(fx.legal(&s), vec![Action::React(f), Action::Decline]);
    fx.decide(&mut s, Action::React(f));
    // Reaction Rating 5: d10 at or under 5.
    assert_eq!(
        fx.outcomes(&s),
        vec![(Action::Check(true), 5), (Action::Check(false), 5)]
    );
    fx.chance(&mut s, Action::Check(true));
    assert_eq!(s.step, Step::ApRoll { reaction: true });
    fx.chance(&mut s, Action::Die(10));
    let red = fx.rs().charts.action_points(3, 10).unwrap().red;
    assert_eq!(s.act().side, Side::German);
    assert!(s.act().reaction);
    assert_eq!(s.act().ap, red);
    assert_eq!(s.fal[usize::from(f)], 2);
    assert_eq!(fx.at(&s, u), 1214, "the mover's Action ended there");
    // The reaction over, the US formation resumes with a new Action.
    fx.decide(&mut s, Action::End);
    assert_eq!(s.act().side, Side::Us);
    assert_eq!(s.step, Step::Action);
    assert_eq!(fx.at(&s, u), 1214);
}

#[test]
fn rule_6_4_a_failed_reaction_check_lets_the_move_go_on_with_no_second_attempt() {
    let fx = Fx::s2();
    let (mut s, u) = reaction_setup(&fx);
    fx.decide(&mut s, Action::React(fx.formation("9PzD")));
    fx.chance(&mut s, Action::Check(false));
    assert_eq!(fx.at(&s, u), 1413);
    assert_eq!(s.step, Step::Action);
}

#[test]
fn rule_6_4_declining_lets_the_move_go_on() {
    let fx = Fx::s2();
    let (mut s, u) = reaction_setup(&fx);
    fx.decide(&mut s, Action::Decline);
    assert_eq!(fx.at(&s, u), 1413);
}

#[test]
fn rule_6_4_1_disrupted_or_out_of_command_units_qualify_no_reaction() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    let f = fx.hq(&mut s, "9PzD", 2614);
    s.fal[usize::from(f)] = 3;
    fx.put(&mut s, "Pz Bde 105", 1215);
    let u = fx.put(&mut s, "1/16", 1113);
    fx.activate(&mut s, "1ID", 3);
    fx.move_to(&mut s, u, 1413);
    assert_eq!(
        fx.at(&s, u),
        1413,
        "the tank is Out of Command: no reaction"
    );
}

/// 10.1: the German units "may not ... react". The 526th at Activation Level 3 (First Blood
/// gives it 0, which alone would bar a Reaction, 6.3.1) with the 453 next to 2006: in First
/// Blood the 1/16's move to 2006 goes on; the same move in the Stolberg Corridor is offered
/// to the 526th's Reaction.
#[test]
fn rule_10_1_the_static_germans_never_react() {
    for (fx, reacts) in [(Fx::new("first-blood"), false), (Fx::s2(), true)] {
        let mut s = fx.bare();
        fx.hq(&mut s, "1ID", 1507);
        let f = fx.hq(&mut s, "526ID", 2208);
        s.fal[usize::from(f)] = 3;
        let u = fx.put(&mut s, "1/16", 1905);
        fx.put(&mut s, "453", 2106);
        fx.activate(&mut s, "1ID", 3);
        fx.move_to(&mut s, u, 2006);
        assert_eq!(fx.at(&s, u), 2006);
        let offered = s.step == Step::ReactionOffer && fx.legal(&s).contains(&Action::React(f));
        assert_eq!(offered, reacts, "reacts: {reacts}");
    }
}

#[test]
fn rule_7_3_a_movement_action_names_its_mover_then_offers_only_that_movers_destinations() {
    let fx = Fx::s2();
    let (mut s, u) = german_leg_at_1410(&fx);
    let v = fx.put(&mut s, "328", 1410);
    let select = |unit: usize, stack: bool| fx.select_action(&s, unit, stack);
    let legal = fx.legal(&s);
    for mover in [select(u, false), select(v, false), select(u, true)] {
        assert!(legal.contains(&mover), "{mover:?}");
    }
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Move { .. })),
        "no destination before a mover is named"
    );
    let Action::Select { from, pick } = select(u, false) else {
        unreachable!("a Select")
    };
    fx.select(&mut s, u, false);
    assert_eq!(s.step, Step::Destination { from, pick });
    let legal = fx.legal(&s);
    assert!(!legal.is_empty());
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Move { .. } | Action::Infiltrate { .. })));
    // The AP is paid with the destination, and only the selected unit moves.
    assert_eq!(s.act().ap, 3);
    fx.decide(&mut s, legal[0]);
    assert_eq!((s.act().ap, fx.at(&s, v)), (2, 1410));
    assert_ne!(fx.at(&s, u), 1410);
}

#[test]
fn rule_7_3_a_mover_whose_neighbours_are_all_full_still_moves_past_them() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    let corner = 1001;
    let u = fx.put(&mut s, "1/16", corner);
    let mut fillers = [
        "2/16", "3/16", "1/18", "2/18", "3/18", "1/26", "2/26", "3/26", "1 Eng",
    ]
    .into_iter();
    let ring = fx.ring(corner);
    assert!(ring.len() <= 3, "a corner of the map: {ring:?}");
    for &h in &ring {
        for _ in 0..3 {
            fx.put(&mut s, fillers.next().unwrap(), h);
        }
    }
    fx.activate(&mut s, "1ID", 3);
    let far = fx.destinations(&s, u);
    assert!(
        !far.is_empty(),
        "5.3.1: the full hexes may be passed through"
    );
    assert!(
        far.iter().all(|&(h, _)| distance(corner, h) >= 2),
        "{far:?}"
    );
}

/// 7.3.8 applies to German HQs too: no relocation (7.4) and no displacement (5.3.2) into the
/// restricted hexes on turns 1 to 3; from turn 4 both may go there.
#[test]
fn rule_7_3_8_german_hqs_keep_out_of_the_west_wall_zone_on_turns_1_to_3() {
    let fx = Fx::s2();
    let town = fx.hex(2702);
    assert!(fx.rs().german_restricted.contains(usize::from(town)));
    assert!(fx.rs().built_up.contains(usize::from(town)));
    for turn in [3, 4] {
        let mut s = fx.bare();
        s.turn = turn;
        let f = fx.hq(&mut s, "526ID", 2803);
        fx.activate(&mut s, "526ID", 3);
        let relocates = fx.legal(&s).contains(&Action::Relocate(town));
        assert_eq!(relocates, turn == 4, "7.4 on turn {turn}");
        stacking::displace_hq(fx.rs(), &mut s, f);
        let places = stacking::hq_places(fx.rs(), &s, f);
        assert!(!places.hexes().is_empty());
        if turn == 3 {
            assert!(!places.hexes().contains(&town), "5.3.2 on turn 3");
        }
    }
}

/// 7.3.7: "These additional MP costs are not applying, if the unit ... is following the path
/// of a road": a German leg unit, which pays the terrain along roads (AMBIG-23), crosses the
/// stream on the 1807-1907 road for the Clear hex alone; off the road it pays 1 more.
#[test]
fn rule_7_3_7_no_stream_cost_for_a_unit_following_a_road() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    s.turn = 4; // past 7.3.8's restriction
    fx.hq(&mut s, "526ID", 2211);
    let german = fx.put(&mut s, "453", 1807);
    let along = step(&fx, &s, german, 1807, 1907, false);
    assert_eq!(along, Some((2, false)), "the Clear hex's 1 MP, no stream");
    let off_road = step(&fx, &s, german, 1809, 1909, false);
    assert_eq!(off_road, Some((4, false)), "1 MP and the stream's 1");
}

/// 6.4.1 with two trigger hexes on one move: the US 1/16 moves 1714-1614-1513-1413 along the
/// Vicht road (½ MP a hex, the only path within 1½ MP). The 9th Panzer's tank at 1514 is next
/// to 1614 and 1513, but across the Vicht from both: an AFV projects no ZOC across a stream
/// (5.4), so neither stops the move.
fn two_trigger_setup(fx: &Fx) -> (State, usize) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1815);
    let f = fx.hq(&mut s, "9PzD", 1416);
    s.fal[usize::from(f)] = 3;
    fx.put(&mut s, "Pz Bde 105", 1514);
    let u = fx.put(&mut s, "1/16", 1714);
    fx.activate(&mut s, "1ID", 3);
    let ezoc = &s.zoc[Side::German.index()];
    for h in [1614, 1513, 1413] {
        assert!(!ezoc.contains(usize::from(fx.hex(h))), "{h}");
    }
    assert_eq!(cost_to(fx.rs(), &s, 1 << u, fx.hex(1413), false), Some(3));
    fx.move_to(&mut s, u, 1413);
    assert_eq!(s.step, Step::ReactionOffer);
    assert_eq!(fx.at(&s, u), 1614, "the first trigger hex");
    (s, u)
}

/// 6.4.1 note: "Only one Reaction attempt can be made per Initiative formation's Movement
/// Action": after a failed Reaction Check at the first trigger hex, the move goes on past the
/// second with no new offer.
#[test]
fn rule_6_4_1_one_reaction_attempt_per_movement_action_none_after_a_failed_check() {
    let fx = Fx::s2();
    let (mut s, u) = two_trigger_setup(&fx);
    fx.decide(&mut s, Action::React(fx.formation("9PzD")));
    fx.chance(&mut s, Action::Check(false));
    assert_eq!(
        fx.at(&s, u),
        1413,
        "the move went on past the second trigger hex 1513"
    );
    assert_eq!(s.step, Step::Action, "with no second offer");
    assert_eq!(s.act().side, Side::Us);
    assert!(!s.act().reaction);
}

/// 6.4.1: a declined offer is no attempt ("the Reaction side will therefore have to weigh
/// carefully when a Reaction attempt should be made"; AMBIG-26: the Reaction side picks the hex
/// to react in): the move's one attempt is still to be had at the next trigger hex, and a
/// success there stops the mover in it (6.4.3).
#[test]
fn rule_6_4_1_a_declined_offer_is_no_attempt_the_next_trigger_hex_offers_again() {
    let fx = Fx::s2();
    let (mut s, u) = two_trigger_setup(&fx);
    let f = fx.formation("9PzD");
    fx.decide(&mut s, Action::Decline);
    assert_eq!(s.step, Step::ReactionOffer, "offered again");
    assert_eq!(fx.at(&s, u), 1513);
    assert_eq!(fx.legal(&s), vec![Action::React(f), Action::Decline]);
    fx.decide(&mut s, Action::React(f));
    fx.chance(&mut s, Action::Check(true));
    assert_eq!(s.step, Step::ApRoll { reaction: true });
    assert_eq!(fx.at(&s, u), 1513, "stopped at the second trigger hex");
}

/// 6.4.1 clarification: "If by virtue of movement, a reaction unit that was otherwise in
/// command is placed out of command at the moment the moving unit moves adjacent to it, it is
/// NOT allowed to make a reaction attempt." With the 9th Panzer's Command Range cut to 2 (an
/// edited counter), its tank at 1410 is In Command of the HQ at 1412 only through 1411. The US
/// 1/16 moves 1210-1310, next to the tank; its ZOC falls on 1411, the tank's one path of 2 is
/// broken and it is Out of Command: no offer. With the printed range of 5 a path around
/// remains, and the same move is offered a Reaction.
#[test]
fn rule_6_4_1_a_unit_put_out_of_command_by_the_move_itself_may_not_react() {
    let short = Fx::edited(
        "stolberg-corridor",
        "counters.toml",
        "name = \"9th Panzer Division\"\nside = \"german\"\nreaction_rating = 5\ncommand_range = 5",
        "name = \"9th Panzer Division\"\nside = \"german\"\nreaction_rating = 5\ncommand_range = 2",
    );
    for (fx, offered) in [(short, false), (Fx::s2(), true)] {
        let mut s = fx.bare();
        fx.hq(&mut s, "1ID", 1014);
        let f = fx.hq(&mut s, "9PzD", 1412);
        s.fal[usize::from(f)] = 3;
        let tank = fx.put(&mut s, "Pz Bde 105", 1410);
        let u = fx.put(&mut s, "1/16", 1210);
        fx.activate(&mut s, "1ID", 3);
        assert_eq!(
            command::status(fx.rs(), &s, tank),
            CommandStatus::InCommand,
            "before the move"
        );
        fx.move_to(&mut s, u, 1310);
        assert_eq!(fx.at(&s, u), 1310);
        let status = command::status(fx.rs(), &s, tank);
        if offered {
            assert_eq!(status, CommandStatus::InCommand);
            assert_eq!(s.step, Step::ReactionOffer);
            assert_eq!(fx.legal(&s), vec![Action::React(f), Action::Decline]);
        } else {
            assert_ne!(status, CommandStatus::InCommand, "after the move");
            assert_eq!(s.step, Step::Action, "no Reaction offered");
        }
    }
}

/// 7.3.3: "Units may not use the road movement rate when entering or exiting an EZOC." Along
/// the Zweifall–Lammersdorf road (1118-1218-1317), with the German 453 at 1418 putting 1317 but
/// not 1218 in its ZOC: the step 1218-1317 costs the Clear hex's 1 MP instead of ½ and ends
/// the move (5.4.1), for a leg and a motorised mover alike; without the 453 it is ½ MP and
/// the move goes on.
#[test]
fn rule_7_3_3_no_road_rate_into_an_ezoc_the_mover_pays_the_hex_and_stops() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1014);
    fx.hq(&mut s, "3AD", 1214);
    fx.hq(&mut s, "526ID", 1507);
    let leg = fx.put(&mut s, "1/16", 1118);
    let tank = fx.put(&mut s, "1/32", 1118);
    let open = s;
    fx.put(&mut s, "453", 1418);
    let ezoc = &s.zoc[Side::German.index()];
    assert!(ezoc.contains(usize::from(fx.hex(1317))));
    assert!(!ezoc.contains(usize::from(fx.hex(1218))));
    for u in [leg, tank] {
        assert_eq!(
            step(&fx, &open, u, 1218, 1317, false),
            Some((1, false)),
            "road rate"
        );
        assert_eq!(
            step(&fx, &s, u, 1218, 1317, false),
            Some((2, true)),
            "the Clear hex's 1 MP, and stop"
        );
        // ½ MP along the road to 1218, then 1 MP into the EZOC.
        assert_eq!(cost_to(fx.rs(), &s, 1 << u, fx.hex(1317), false), Some(3));
    }
}

/// 7.3.3: "US units classified as Leg Movement type pay only 1/2 MP if using a road. This is
/// even possible if the increased MA is used (see 7.3.5)." The 1/16 (MA 4) along the
/// Zweifall–Lammersdorf road from 1019 to 2118: 11 road hexes, 5½ MP, beyond its MA of 4 but
/// within the 6 of 7.3.5, far from any enemy.
#[test]
fn rule_7_3_3_us_leg_units_keep_the_road_rate_with_the_leg_bonus_of_7_3_5() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1118);
    let u = fx.put(&mut s, "1/16", 1019);
    fx.activate(&mut s, "1ID", 3);
    assert_eq!(fx.rs().unit(u).ma, 4);
    let cost = |bonus: bool| cost_to(fx.rs(), &s, 1 << u, fx.hex(2118), bonus);
    assert_eq!(cost(false), None, "5½ MP: beyond the MA of 4");
    assert_eq!(cost(true), Some(11), "11 road hexes at ½ MP with the +2 MA");
    let ends = fx.destinations(&s, u);
    assert!(ends.contains(&(2118, true)), "{ends:?}");
    assert!(!ends.contains(&(2118, false)));
}

/// 7.1: "A combat unit (or a stack of combat units belonging to the same formation) may conduct
/// movement" (1 AP per stack); 7.3.1: "Units currently belonging to the same formation which
/// begin a Movement Action in the same hex may move together as a stack at no extra cost in
/// Action Points ... The stack's MA is limited by the MA of the slowest unit in the stack". The
/// owner picks which of them move: the 83 Rcn (MA 10) and the 1/36 (MA 8) of the 3rd AD's three
/// units at 1412 move as one stack for 1 AP at MA 8 and end together; the 2/36, left behind,
/// and the HQ stay.
#[test]
fn rule_7_1_and_7_3_1_any_units_of_one_formation_in_a_hex_move_as_a_stack_for_1_ap() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "3AD", 1412);
    let rcn = fx.put(&mut s, "83 Rcn", 1412);
    let slow = fx.put(&mut s, "1/36", 1412);
    let left = fx.put(&mut s, "2/36", 1412);
    fx.activate(&mut s, "3AD", 3);
    let rcn_alone = fx.destinations(&s, rcn);
    let slow_alone = fx.destinations(&s, slow);
    assert!(
        rcn_alone.iter().any(|m| !slow_alone.contains(m)),
        "MA 10 goes farther than MA 8"
    );
    let pair = fx
        .mover(&s, &["83 Rcn", "1/36"])
        .expect("the 83 Rcn and the 1/36 may move as a stack");
    let words = |s: &State, a| describe::action(fx.rs(), s, a);
    assert_eq!(
        words(&s, pair),
        "move US 1/36 and US 83 Rcn as a stack from 1412"
    );
    let all = fx
        .mover(&s, &["83 Rcn", "1/36", "2/36"])
        .expect("all three");
    assert_eq!(
        words(&s, all),
        "move US 1/36, US 2/36 and US 83 Rcn as a stack from 1412"
    );
    let one = fx.mover(&s, &["2/36"]).expect("one");
    assert_eq!(words(&s, one), "move US 2/36 from 1412");
    assert_eq!(
        describe::cost(fx.rs(), &s, pair).as_deref(),
        Some("1 AP of 3")
    );
    fx.decide(&mut s, pair);
    assert!(describe::render(fx.rs(), &s, None)
        .contains("moving US 1/36 and US 83 Rcn as a stack from 1412: where to?"));
    let mut moves: Vec<(u16, bool)> = fx
        .legal(&s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { to, leg_bonus } => Some((fx.number(to), leg_bonus)),
            _ => None,
        })
        .collect();
    moves.sort();
    assert_eq!(moves, slow_alone, "the slowest chosen unit's MA, 8");
    assert_eq!(s.act().ap, 3, "paid with the destination");
    fx.decide(
        &mut s,
        Action::Move {
            to: fx.hex(1410),
            leg_bonus: false,
        },
    );
    assert_eq!(s.act().ap, 2, "one Movement AP for the stack");
    assert_eq!((fx.at(&s, rcn), fx.at(&s, slow)), (1410, 1410), "together");
    assert_eq!(fx.at(&s, left), 1412, "the unit left behind stays");
    assert_eq!(fx.number(s.hq_hex[usize::from(f)]), 1412, "and the HQ");
}

/// 7.3.1: a moving stack is of "Units currently belonging to the same formation", and "An HQ
/// cannot move with a stack". A Battle Victory's bonus AP (7.5.3) went to a defending stack of
/// two formations, the 3rd AD's 1/36 and 2/36 and the 1st ID's 1/16: each formation's units
/// move as a stack, never the three together. In the 3rd AD's activation the 1/16 joins no
/// stack. No mover takes the HQ.
#[test]
fn rule_7_3_1_a_moving_stack_takes_no_unit_of_another_formation_and_no_hq() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "3AD", 1412);
    fx.hq(&mut s, "1ID", 1411);
    let (a, b) = (fx.put(&mut s, "1/36", 1412), fx.put(&mut s, "2/36", 1412));
    let other = fx.put(&mut s, "1/16", 1412);
    let sets = |s: &State| {
        let mut sets: Vec<u128> = fx.movers(s).into_iter().map(|(_, m)| m).collect();
        sets.sort();
        sets
    };
    let mut expected = vec![1 << a, 1 << b, 1 << a | 1 << b];
    expected.sort();
    fx.activate(&mut s, "3AD", 3);
    assert_eq!(sets(&s), expected, "the 3rd AD's activation");
    let mut bonus = s;
    bonus.depth = 1;
    bonus.acts[1] = Activation {
        side: Side::Us,
        formation: BONUS_ONLY,
        ap: 0,
        bonus: 1,
        bonus_units: 1 << a | 1 << b | 1 << other,
        reaction: false,
    };
    expected.push(1 << other);
    expected.sort();
    assert_eq!(sets(&bonus), expected, "a Battle Victory's bonus AP");
    let both = fx.mover(&s, &["1/36", "2/36"]).expect("the 3rd AD's stack");
    fx.decide(&mut s, both);
    fx.decide(
        &mut s,
        Action::Move {
            to: fx.hex(1413),
            leg_bonus: false,
        },
    );
    assert_eq!((fx.at(&s, a), fx.at(&s, b)), (1413, 1413));
    assert_eq!(fx.at(&s, other), 1412);
    assert_eq!(fx.number(s.hq_hex[usize::from(f)]), 1412, "the HQ stays");
}

/// 7.3.7: "US units cannot cross the Roer"; German units cross it "only via roads". Across the
/// Wurm: the US 1/117 at 5420 may not step over the road crossing 5420-5520, nor over the
/// river into 5519; the German GR 330 at 5520 crosses by the road into 5420, and at 5519 may
/// not step straight over the river into 5419 or 5420 (its way west is the road crossing to
/// 5518).
#[test]
fn rule_7_3_7_the_us_never_crosses_the_roer_the_germans_only_by_road() {
    let fx = Fx::new("across-the-wurm");
    let mut s = fx.bare();
    fx.hq(&mut s, "30ID", 5017);
    let us = fx.put(&mut s, "1/117", 5420);
    assert_eq!(step(&fx, &s, us, 5420, 5520, true), None, "not by the road");
    assert_eq!(step(&fx, &s, us, 5420, 5519, true), None);
    assert!(step(&fx, &s, us, 5420, 5419, true).is_some(), "this bank");
    let mut s = fx.bare();
    let german = fx.put(&mut s, "GR 330", 5520);
    assert!(
        step(&fx, &s, german, 5520, 5420, true).is_some(),
        "by the road"
    );
    fx.put(&mut s, "GR 330", 5519);
    assert_eq!(step(&fx, &s, german, 5519, 5419, true), None);
    assert_eq!(step(&fx, &s, german, 5519, 5420, true), None);
    assert!(
        step(&fx, &s, german, 5519, 5518, true).is_some(),
        "by the road"
    );
}

/// 10.2: "From hexes 10XX to 42XX": the Stolberg Corridor's map ends at hexrow 42. A US unit
/// at 4110 (its HQ at 4010) may end a move in 42XX but never in 43XX; on the Campaign's whole
/// map (10.4: "the entire map") the same unit reaches 43XX.
#[test]
fn rule_10_2_the_stolberg_corridor_ends_at_hexrow_42() {
    for (fx, beyond) in [(Fx::s2(), false), (Fx::new("campaign"), true)] {
        let mut s = fx.bare();
        fx.hq(&mut s, "1ID", 4010);
        let u = fx.put(&mut s, "1/16", 4110);
        fx.activate(&mut s, "1ID", 3);
        let rows: Vec<u16> = fx
            .destinations(&s, u)
            .iter()
            .map(|&(h, _)| h / 100)
            .collect();
        assert!(rows.contains(&42), "{rows:?}");
        assert_eq!(rows.iter().any(|&r| r > 42), beyond, "{rows:?}");
    }
}

/// `board --full` adds each listed unit's printed values (3.2), leg or motorized (7.3.5) and
/// formation (5.5.2) to the board's lines; of an enemy unit, what its counter shows and not the
/// strength it has left (5.3.4); its type and Tank or Anti-Tank Points (3.2; trial 22e F1),
/// and an HQ's printed values (3.3).
#[test]
fn rule_5_3_4_board_full_gives_printed_values_of_the_units_the_viewer_sees() {
    let fx = Fx::s2();
    let (mut s, _) = german_leg_at_1410(&fx);
    fx.hq(&mut s, "1ID", 1113);
    fx.put(&mut s, "1/16", 1809);
    let rs = fx.rs();
    let full = describe::render_full(rs, &s, None);
    let line = full
        .lines()
        .find(|l| l.contains("1/16"))
        .expect("the 1/16 listed");
    assert!(
        line.contains("; infantry (infantry type): printed strength 4, ER")
            && line.contains(", leg; 1st Infantry Division"),
        "{line}"
    );
    assert!(!describe::render(rs, &s, None).contains("printed strength"));
    let hq = full.lines().find(|l| l.contains("HQ 1ID")).expect("the HQ");
    let info = &rs.formations[usize::from(fx.formation("1ID"))];
    assert!(
        hq.ends_with(&format!(
            "of {}, {} Support Points; Command Range {}, Reaction Rating {}, Relocation {} AP",
            info.max_activation_level,
            s.support[usize::from(fx.formation("1ID"))],
            info.command_range,
            info.reaction_rating,
            info.relocation
        )),
        "{hq}"
    );
    let seen = describe::render_full(rs, &s, Some(Side::Us));
    let german = seen
        .lines()
        .find(|l| l.contains("453"))
        .expect("the 453 seen");
    assert_eq!(
        german,
        "  453        1410; infantry (infantry type): printed strength 3, ER 3 (2 disrupted), \
         MA 3, Anti-Tank Points 1 (0 disrupted), leg; 526th Infantry Division"
    );
}

/// 5.3.4: how an enemy side's losses are shared among the units of a stack is not seen: its
/// screen tells the hex and the SP, the owner's the unit; the enemy's choice of the unit that
/// takes a loss or an RP is told by hex too (trial 23e F2, 23f F2: "to 3 of 4" told the
/// strength left).
#[test]
fn rule_5_3_4_an_enemy_stacks_losses_are_told_by_hex_not_by_unit() {
    use crate::games::crossing_the_line::narrate;
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut before = fx.bare();
    let a = fx.put(&mut before, "453", 2107);
    fx.put(&mut before, "LwF VIII", 2107);
    let mut after = before;
    after.strength[a] -= 1;
    let open = narrate::narrate_for(rs, &before, Action::Pass, &after, None).unwrap();
    assert!(open.contains("German 453 loses 1 SP"), "{open}");
    let us = narrate::narrate_for(rs, &before, Action::Pass, &after, Some(Side::Us)).unwrap();
    assert!(
        us.contains("German units in 2107 lose 1 SP (5.3.4: on which is not shown)")
            && !us.contains("453"),
        "{us}"
    );
    let own = narrate::narrate_for(rs, &before, Action::Pass, &after, Some(Side::German));
    assert!(own.unwrap().contains("German 453 loses 1 SP"));
    let seen = describe::action_seen(rs, &before, Action::SpLoss(a as u8), Side::Us);
    assert_eq!(
        seen,
        "the Germans take an SP loss in 2107 (5.3.4: on which unit is not shown)"
    );
    // Nor does a cannibalisation tell the SP the unit had.
    let seen = describe::action_seen(rs, &before, Action::Cannibalize(a as u8), Side::Us);
    assert!(
        seen.ends_with("(8.4.2; 5.3.4: its SP are not shown)"),
        "{seen}"
    );
    let mut gone = before;
    gone.hex[a] = crate::games::crossing_the_line::state::ELIMINATED;
    let told = narrate::narrate_for(
        rs,
        &before,
        Action::Cannibalize(a as u8),
        &gone,
        Some(Side::Us),
    );
    assert_eq!(
        told.unwrap(),
        "it leaves play, its SP becoming Replacement Points (8.4.2)"
    );
}
