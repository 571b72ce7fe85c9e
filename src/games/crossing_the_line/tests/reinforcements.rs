//! The Reinforcements and Withdrawals Segment (8.5): holding reinforcements back is the owning
//! side's option, the German side decides and places first, and held reinforcements leave with
//! a withdrawing formation.

use super::Fx;
use crate::engine::Game;
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::command;
use crate::games::crossing_the_line::counters::UnitKind;
use crate::games::crossing_the_line::reinforcements;
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::state::{on_map, Step, NOT_ENTERED, WITHDRAWN};

#[test]
fn rule_8_5_reinforcements_may_be_delayed_turn_after_turn_the_german_side_first() {
    let fx = Fx::new("stolberg-corridor");
    let rs = fx.rs();
    let mut s = fx.g.initial_state();
    let twelfth = fx.formation("12ID");
    let (gr, eng) = (fx.unit("I/27"), fx.unit("238 Eng"));
    s.turn = 2;
    reinforcements::start(rs, &mut s);
    assert_eq!(s.step, Step::Reinforce(Side::German), "the German first");
    let legal = fx.legal(&s);
    assert_eq!(legal[0], Action::Delay(twelfth), "the whole 12th ID first");
    assert_eq!(legal.last(), Some(&Action::Done));
    fx.decide(&mut s, Action::Delay(twelfth));
    assert_eq!(s.step, Step::Reinforce(Side::Us), "then the US");
    assert_eq!(s.hex[gr], NOT_ENTERED, "held back");
    assert!(!on_map(s.hq_hex[usize::from(twelfth)]), "its HQ too");
    fx.enter_all(&mut s);
    assert!(on_map(s.hex[eng]), "the US reinforcements entered");
    // "including those previously delayed": held again on turn 3, in on turn 4.
    for (turn, delay) in [(3, true), (4, false)] {
        s.turn = turn;
        reinforcements::start(rs, &mut s);
        assert_eq!(s.step, Step::Reinforce(Side::German), "turn {turn}");
        assert!(fx.legal(&s).contains(&Action::Delay(twelfth)));
        if delay {
            fx.decide(&mut s, Action::Delay(twelfth));
            assert_eq!(s.hex[gr], NOT_ENTERED);
            fx.enter_all(&mut s);
        } else {
            fx.enter_all(&mut s);
        }
    }
    let listed = rs
        .arrivals
        .iter()
        .find(|a| usize::from(a.unit) == gr)
        .unwrap();
    assert_eq!(s.hex[gr], listed.hex, "at its listed hex, two turns late");
    assert!(on_map(s.hq_hex[usize::from(twelfth)]));
}

/// 8.5: "If available, reinforcements must be set up in the given hex (or hexes), possibly
/// adjacent to enemy units": with the German 453 next to 1005, the 238th Engineers still enter
/// at 1005 itself (only when the hex is not available do they go "as close as possible ... and
/// no enemy units are adjacent").
#[test]
fn rule_8_5_a_reinforcement_enters_its_listed_hex_even_next_to_an_enemy_unit() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let eng = fx.unit("238 Eng");
    let mut s = fx.bare();
    s.turn = 2;
    fx.hq(&mut s, "1ID", 1805);
    let next_door = fx.ring(1005)[0];
    fx.put(&mut s, "453", next_door);
    assert!(command::enemy_adjacent(rs, &s, Side::Us, fx.hex(1005)));
    reinforcements::start(rs, &mut s);
    fx.enter_all(&mut s);
    assert_eq!(fx.at(&s, eng), 1005, "at its listed hex, next to the 453");
    assert_eq!(fx.at(&s, fx.unit("453")), next_door);
}

/// 8.5: "Entry of reinforcements can be delayed to the next turn at the owning side's option":
/// any of them, not only a whole formation's. On turn 2 of the Stolberg Corridor the Germans
/// hold back the 1012 StuG alone, listed with the 12th ID, which enters without it, then the
/// 12th ID's HQ alone; the US holds back the 257th Engineers, not the 238th. The ones held are
/// due on turn 3 and enter then. A formation bringing one counter is offered its `Delay` only.
#[test]
fn rule_8_5_the_owner_may_hold_back_any_one_unit_or_hq_of_those_listed_together() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let mut s = fx.g.initial_state();
    let (twelfth, first) = (fx.formation("12ID"), fx.formation("1ID"));
    let (stug, gr) = (fx.unit("1012 StuG"), fx.unit("I/27"));
    let (e238, e257) = (fx.unit("238 Eng"), fx.unit("257 Eng"));
    s.turn = 2;
    reinforcements::start(rs, &mut s);
    let legal = fx.legal(&s);
    for a in [
        Action::Delay(twelfth),
        Action::DelayHq(twelfth),
        Action::DelayUnit(stug as u8),
        Action::DelayUnit(gr as u8),
    ] {
        assert!(legal.contains(&a), "{a:?} in {legal:?}");
    }
    fx.decide(&mut s, Action::DelayUnit(stug as u8));
    assert_eq!(s.step, Step::Reinforce(Side::German), "the Germans go on");
    assert!(!fx.legal(&s).contains(&Action::DelayUnit(stug as u8)));
    fx.decide(&mut s, Action::DelayHq(twelfth));
    fx.decide(&mut s, Action::Done);
    assert_eq!(s.step, Step::Reinforce(Side::Us));
    assert_eq!(s.hex[stug], NOT_ENTERED, "the StuG held back");
    assert!(!on_map(s.hq_hex[usize::from(twelfth)]), "the HQ held back");
    assert!(on_map(s.hex[gr]), "the rest of the 12th ID entered");
    assert!(fx.legal(&s).contains(&Action::Delay(first)));
    fx.decide(&mut s, Action::DelayUnit(e257 as u8));
    fx.enter_all(&mut s);
    assert!(on_map(s.hex[e238]), "the 238th entered");
    assert_eq!(s.hex[e257], NOT_ENTERED, "the 257th held back");
    // Turn 3: those held are due again, with the turn's own.
    s.turn = 3;
    reinforcements::start(rs, &mut s);
    assert_eq!(s.step, Step::Reinforce(Side::German));
    assert_eq!(
        fx.legal(&s),
        [
            Action::Delay(twelfth),
            Action::DelayHq(twelfth),
            Action::DelayUnit(stug as u8),
            Action::Done
        ],
        "the 12th ID's HQ and the StuG"
    );
    fx.enter_all(&mut s);
    assert!(on_map(s.hex[stug]) && on_map(s.hex[e257]));
    assert!(on_map(s.hq_hex[usize::from(twelfth)]));
}

#[test]
fn rule_8_5_a_turn_with_no_reinforcements_asks_no_one() {
    let fx = Fx::new("stolberg-corridor");
    let mut s = fx.g.initial_state();
    s.turn = 5;
    reinforcements::start(fx.rs(), &mut s);
    assert!(!matches!(s.step, Step::Reinforce(_)), "{:?}", s.step);
}

#[test]
fn rule_8_5_2_reinforcements_held_back_leave_with_their_formation() {
    let fx = Fx::new("campaign");
    let rs = fx.rs();
    let mut s = fx.g.initial_state();
    let ninth = fx.formation("9PzD");
    let u = (0..rs.units.len())
        .find(|&u| rs.unit(u).parent == Some(ninth))
        .expect("a unit of the 9th Panzer");
    s.hex[u] = NOT_ENTERED;
    s.held |= 1 << u;
    s.refresh(rs);
    s.turn = 4;
    reinforcements::withdrawals(rs, &mut s);
    assert_eq!(s.hex[u], WITHDRAWN);
    assert_eq!(s.held & (1 << u), 0, "no longer due");
}

/// 8.2: "Independent reinforcements must be assigned to a formation before entering the map",
/// the owner's choice among the formations it may be attached to (5.5.2: a US independent, of
/// its own Corps) with an HQ in play; the one it is listed with first. The Germans learn only
/// that an independent was assigned.
#[test]
fn rule_8_2_the_owner_assigns_an_entering_independent_before_it_enters() {
    let fx = Fx::new("stolberg-corridor");
    let rs = fx.rs();
    let mut s = fx.g.initial_state();
    let eng = fx.unit("238 Eng");
    s.turn = 2;
    reinforcements::start(rs, &mut s);
    while s.step != Step::Entering(Side::Us) {
        let first = fx.legal(&s)[0];
        let done = if matches!(s.step, Step::Reinforce(_)) {
            Action::Done
        } else {
            first
        };
        fx.decide(&mut s, done);
    }
    let (first, armored) = (fx.formation("1ID"), fx.formation("3AD"));
    assert_eq!(
        fx.legal(&s),
        [
            Action::Assign(eng as u8, first),
            Action::Assign(eng as u8, armored)
        ],
        "its listed 1st ID first, then the 3rd AD of VII Corps"
    );
    let choice = Action::Assign(eng as u8, armored);
    let seen = fx.g.describe_seen(&s, choice, Side::German.index());
    assert!(!seen.contains("238") && !seen.contains("3rd"), "{seen}");
    fx.decide(&mut s, choice);
    fx.enter_all(&mut s);
    assert!(
        on_map(s.hex[eng]),
        "{:?} held {}",
        s.step,
        s.held & (1 << eng) != 0
    );
    assert_eq!(s.formation[eng], armored);
}

/// 7.3.8: "During game turns 1 to 3, German units are not permitted to enter any hex to the
/// north-west of the outer pillbox-line", and entering as a reinforcement (8.5.1) is entering.
/// With the 12th ID's I/27 listed (an edited scenario) at 2104, north-west of the line: on turn
/// 2 the hex is not open to it and it enters the nearest open hex in Command Range of its HQ,
/// outside the zone; held back to turn 4, it enters at 2104.
#[test]
fn rule_7_3_8_german_reinforcements_do_not_enter_north_west_of_the_pillbox_line_on_turns_1_to_3() {
    let fx = Fx::edited(
        "stolberg-corridor",
        "scenarios.toml",
        "unit = \"I/27\"\nhex = \"3022\"",
        "unit = \"I/27\"\nhex = \"2104\"",
    );
    let rs = fx.rs();
    let twelfth = fx.formation("12ID");
    let gr = fx.unit("I/27");
    let listed = fx.hex(2104);
    assert!(rs.german_restricted.contains(usize::from(listed)));
    assert!(rs
        .arrivals
        .iter()
        .any(|a| usize::from(a.unit) == gr && a.hex == listed));
    let mut s = fx.g.initial_state();
    s.turn = 2;
    let mut held = s;
    reinforcements::start(rs, &mut s);
    fx.enter_all(&mut s);
    assert!(on_map(s.hex[gr]), "it enters on turn 2");
    assert!(
        !rs.german_restricted.contains(usize::from(s.hex[gr])),
        "not north-west of the line: {}",
        fx.at(&s, gr)
    );
    // Held back on turns 2 and 3, it enters at its listed hex on turn 4.
    for (turn, delay) in [(2, true), (3, true), (4, false)] {
        held.turn = turn;
        reinforcements::start(rs, &mut held);
        if delay {
            fx.decide(&mut held, Action::Delay(twelfth));
        }
        fx.enter_all(&mut held);
    }
    assert_eq!(held.hex[gr], listed, "turn 4: at 2104");
}

/// 10.2, the Stolberg Corridor's schedule as the text gives it: "US reinforcements: Turn 2:
/// 1st Infantry Division: 238th & 257th Engineers. Turn 3: 1st Infantry Division: 745th Tank,
/// 634th Tank Destroyer and 4th Engineer. German reinforcements: Turn 2: 12th Infantry
/// Division (9 units), 1012 Assault Gun (independent). German withdrawals: Turn 3: 353rd
/// Infantry Division (6 units)." The US units are VII Corps independents (5.5.2), assigned to
/// the 1st ID before entering (8.2); the 1012 to the 12th ID, which enters with its HQ. Every
/// entry, none more: no unit listed is on the map at the start.
#[test]
fn rule_10_2_the_stolberg_corridor_reinforcements_and_withdrawals_are_the_texts() {
    let fx = Fx::s2();
    let rs = fx.rs();
    let first = fx.formation("1ID");
    let twelfth = fx.formation("12ID");
    let mut expected: Vec<(u8, &str, u8, UnitKind)> = vec![
        (2, "238 Eng", first, UnitKind::InfantryEngineers),
        (2, "257 Eng", first, UnitKind::InfantryEngineers),
        (3, "745 Tk", first, UnitKind::Tank),
        (3, "634 TD", first, UnitKind::TankDestroyer),
        (3, "4 Eng", first, UnitKind::InfantryEngineers),
        (2, "1012 StuG", twelfth, UnitKind::AssaultGun),
    ];
    // "12th Infantry Division (9 units)": every unit of the division, on turn 2.
    let division: Vec<usize> = (0..rs.units.len())
        .filter(|&u| rs.unit(u).parent == Some(twelfth))
        .collect();
    assert_eq!(division.len(), 9, "the 12th ID's 9 units");
    for &u in &division {
        expected.push((2, rs.unit(u).name.as_str(), twelfth, rs.unit(u).kind));
    }
    let mut listed: Vec<(u8, &str, u8, UnitKind)> = rs
        .arrivals
        .iter()
        .map(|a| {
            let u = usize::from(a.unit);
            (
                a.turn,
                rs.unit(u).name.as_str(),
                a.formation,
                rs.unit(u).kind,
            )
        })
        .collect();
    expected.sort_by_key(|e| (e.0, e.1));
    listed.sort_by_key(|e| (e.0, e.1));
    assert_eq!(listed, expected);
    for name in ["238 Eng", "257 Eng", "745 Tk", "634 TD", "4 Eng"] {
        let u = fx.unit(name);
        assert_eq!(rs.unit(u).side, Side::Us, "{name}");
        assert_eq!(rs.unit(u).parent, None, "{name}: an independent");
    }
    let stug = fx.unit("1012 StuG");
    assert_eq!(rs.unit(stug).side, Side::German);
    assert_eq!(rs.unit(stug).parent, None, "the 1012: independent");
    // The 12th ID's HQ arrives with it; no other HQ arrives.
    let hqs: Vec<(u8, u8)> = rs
        .hq_arrivals
        .iter()
        .map(|h| (h.turn, h.formation))
        .collect();
    assert_eq!(hqs, [(2, twelfth)]);
    // Nothing listed is on the map before its turn.
    for a in &rs.arrivals {
        assert!(!on_map(rs.initial.hex[usize::from(a.unit)]));
    }
    assert!(!on_map(rs.initial.hq_hex[usize::from(twelfth)]));
    // "Turn 3: 353rd Infantry Division (6 units)", on the map at the start.
    let the_353rd = fx.formation("353ID");
    assert_eq!(rs.withdrawals, [(3, the_353rd)]);
    let its_units: Vec<usize> = (0..rs.units.len())
        .filter(|&u| rs.unit(u).parent == Some(the_353rd))
        .collect();
    assert_eq!(its_units.len(), 6, "the 353rd's 6 units");
    assert!(its_units.iter().all(|&u| on_map(rs.initial.hex[u])));
}
