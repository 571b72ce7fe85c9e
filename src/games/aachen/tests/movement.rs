//! Movement (8): a unit's whole move is one decision, where it ends. The rulebook moves it
//! Area by Area; `walk_ends` does exactly that, as a reference, and the property test checks
//! that the decisions on offer are the ends of those walks, no more and no fewer.

use super::super::data::{DataSet, DefenseStrategy, Terrain};
use super::super::movement::has_room;
use super::super::state::{bits, State, Step, NONE};
use super::super::{Aachen, Action};
use super::Fixture;
use crate::bots::{Bot, RandomBot};
use crate::engine::{game_rng, Actor, Game};
use std::collections::BTreeSet;

/// Every (Area, Area entered from) the mover can end its move in, found the rulebook's way:
/// one Area at a time from its Area (8.2), on a copy of the state. A Vacant Area's end has
/// `NONE` for the Area entered from: nothing depends on it.
fn walk_ends(game: &Aachen, s: &State) -> BTreeSet<(u8, u8)> {
    let u = s.activation.mover;
    let start = s.loc[usize::from(u)];
    let mf = if s.rain { 4 } else { 6 }; // 8.2.2
    let leaving = s.activation.contested & 1 << start != 0;
    let mut ends = BTreeSet::new();
    walk(game, *s, start, mf, false, leaving, &mut ends);
    ends
}

fn walk(
    game: &Aachen,
    s: State,
    at: u8,
    mf: u8,
    moved: bool,
    must_reach_vacant: bool,
    ends: &mut BTreeSet<(u8, u8)>,
) {
    let rs = game.rules();
    let u = s.activation.mover;
    let costs = &rs.charts.movement_costs;
    for b in bits(u64::from(rs.adjacent[usize::from(at)])) {
        let german = !s.is_vacant(b);
        let cost = match (german, s.unrevealed_areas() & 1 << b != 0) {
            (false, _) => costs.american,
            (true, false) => costs.revealed,
            (true, true) => costs.unrevealed,
        };
        let leader_alone = rs.unit(u).is_leader()
            && !bits(u64::from(s.activation.waiting & !rs.leaders()))
                .any(|w| s.loc[usize::from(w)] == b);
        let owes_attack = s.activation.contested & 1 << b == 0; // 9.1
        let barred = s.activation.attacked & 1 << b != 0 // 8.2.1
            || german && must_reach_vacant // 8.3.2
            // 8.1, 9.5.2A: a Leader only joins units waiting there, unless it was Contested
            || german && leader_alone && owes_attack
            || !has_room(rs, &s, b, 1 << u) // 8.3.1
            || moved && cost > mf; // 8.2: only the first step may take more than is left
        if barred {
            continue;
        }
        if german {
            ends.insert((b, at)); // 8.2: it stops
            continue;
        }
        ends.insert((b, NONE));
        let mut next = s;
        next.set_loc(rs, u, b);
        let left = mf.saturating_sub(cost);
        if left > 0 {
            walk(game, next, b, left, true, false, ends);
        }
    }
}

/// The ends the engine offers.
fn offered(f: &Fixture) -> BTreeSet<(u8, u8)> {
    offered_in(&f.game, &f.s)
}

fn offered_in(game: &Aachen, s: &State) -> BTreeSet<(u8, u8)> {
    let mut legal = Vec::new();
    game.legal_actions(s, &mut legal);
    legal
        .iter()
        .map(|a| match *a {
            Action::Move { to, via } => (to, via),
            other => panic!("{other:?} is not a move"),
        })
        .collect()
}

#[test]
fn rule_8_2_8_3_the_moves_on_offer_are_the_ends_of_every_area_by_area_move() {
    let game = Aachen::embedded().expect("embedded data");
    let mut bot = RandomBot::<Action>::default();
    let mut checked = 0;
    let mut germans_entered_by_several_ways = 0;
    for i in 0..150 {
        let mut rng = game_rng(8, i);
        let mut s = game.initial_state();
        loop {
            let a = match game.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => game.draw_chance(&s, &mut Vec::new(), &mut rng),
                Actor::Player(_) => {
                    if s.step == Step::Moving {
                        let (offered, walked) = (offered_in(&game, &s), walk_ends(&game, &s));
                        assert_eq!(offered, walked, "game {i}:\n{}", game.render(&s));
                        checked += 1;
                        let vias = |g: u8| offered.iter().filter(|e| e.0 == g).count();
                        germans_entered_by_several_ways += offered
                            .iter()
                            .filter(|e| e.1 != NONE && vias(e.0) > 1)
                            .count();
                    }
                    bot.choose(&game, &s, &mut rng)
                }
            };
            game.apply(&mut s, a);
        }
    }
    assert!(checked > 5_000, "only {checked} moves checked");
    assert!(germans_entered_by_several_ways > 0);
}

/// Company I alone in Area 1; the Areas of `vacant` (1–27) cleared of Germans.
fn i_in_area_1(vacant: &[u8]) -> (Fixture, u8) {
    let mut f = Fixture::combat();
    f.clear_americans();
    for &n in vacant {
        f.vacate(n);
    }
    let i = f.put("I", 1);
    f.act(Action::Activate(0));
    f.act(Action::Select(i));
    (f, i)
}

/// Areas 1–27 as a set of indices.
fn areas(ns: &[u8]) -> BTreeSet<u8> {
    ns.iter().map(|n| n - 1).collect()
}

fn vacant_ends(f: &Fixture) -> BTreeSet<u8> {
    offered(f)
        .into_iter()
        .filter(|e| e.1 == NONE)
        .map(|e| e.0)
        .collect()
}

/// The Areas it may enter Area `n` from, as Area numbers.
fn ways_into(f: &Fixture, n: u8) -> BTreeSet<u8> {
    offered(f)
        .into_iter()
        .filter(|e| e.0 == n - 1)
        .map(|e| e.1 + 1)
        .collect()
}

/// A road of Vacant Areas from Area 1: 3, 7, 9, 10, 11, 18 (and Area 2 next to 1).
const ROAD: [u8; 6] = [3, 7, 9, 10, 11, 18];

#[test]
fn rule_8_2_a_unit_moves_through_vacant_areas_one_mf_each_as_far_as_its_six_mf_go() {
    let (f, _) = i_in_area_1(&ROAD);
    // Six steps reach Area 18; Area 1 itself is an end too, by going out and back.
    assert_eq!(vacant_ends(&f), areas(&[1, 2, 3, 7, 9, 10, 11, 18]));
    let back = f.game.describe(&f.s, Action::Move { to: 0, via: NONE });
    assert!(back.starts_with("stay in Area 1 (Gut Rott)"), "{back}");
}

#[test]
fn rule_8_2_2_in_rain_four_mf_take_it_four_areas() {
    let (mut f, _) = i_in_area_1(&ROAD);
    f.s.rain = true;
    assert_eq!(vacant_ends(&f), areas(&[1, 2, 3, 7, 9, 10]));
}

#[test]
fn rule_8_2_an_unrevealed_german_area_costs_4_mf_a_revealed_one_2_and_the_unit_stops_there() {
    let (mut f, i) = i_in_area_1(&ROAD);
    let c = f.counter_with(Terrain::Suburban, DefenseStrategy::None);
    f.reveal(17, c);
    // Area 8, unrevealed: from Area 7 (two steps, 4 MF left), not from 9 (3 left) or 10.
    assert_eq!(ways_into(&f, 8), BTreeSet::from([7]));
    // Area 17, revealed: from Area 10 (four steps, 2 left), not from 11 (1 left) or 18.
    assert_eq!(ways_into(&f, 17), BTreeSet::from([10]));
    // The offers say what each costs of the 6 MF: two Vacant Areas and the unrevealed 8;
    // four and the revealed 17; out and back into Area 1; Area 18 at the road's end.
    let cost = |to: u8, via: u8| f.game.action_cost(&f.s, Action::Move { to, via });
    assert_eq!(cost(7, 6).as_deref(), Some("6 MF of 6"));
    assert_eq!(cost(16, 9).as_deref(), Some("6 MF of 6"));
    assert_eq!(cost(0, NONE).as_deref(), Some("2 MF of 6"));
    assert_eq!(cost(17, NONE).as_deref(), Some("6 MF of 6"));
    assert_eq!(cost(2, NONE).as_deref(), Some("1 MF of 6"));
    f.act(Action::Move { to: 7, via: 6 });
    assert_eq!(f.s.loc[usize::from(i)], 7);
    assert_eq!(f.s.from[usize::from(i)], 6, "9.5.5: it retreats to Area 7");
    assert_eq!(f.s.step, Step::Activation, "it stopped, to attack");
    assert_ne!(f.s.activation.waiting & 1 << i, 0);
    assert!(f.legal().contains(&Action::Attack(7)));
}

#[test]
fn rule_8_1_a_unit_that_ends_in_a_vacant_area_is_spent() {
    let (mut f, i) = i_in_area_1(&ROAD);
    f.act(Action::Move { to: 8, via: NONE }); // Area 9
    assert_eq!(f.s.loc[usize::from(i)], 8);
    assert_eq!(f.s.fresh & 1 << i, 0, "Spent");
    assert_eq!(
        f.s.step,
        Step::ActionRound,
        "nothing left to move: the activation ends"
    );
}

#[test]
fn rule_8_2_a_unit_that_has_not_moved_may_spend_all_its_mf_to_enter() {
    // Unrevealed German Areas cost 6 MF here: in Rain (4 MF) only a first step enters one.
    let mut data = DataSet::embedded().expect("embedded data");
    data.charts.movement_costs.unrevealed = 6;
    let mut f = Fixture::combat();
    f.game = Aachen::from_data(data).expect("valid data");
    f.clear_americans();
    f.s.rain = true;
    let i = f.put("I", 1);
    f.act(Action::Activate(0));
    f.act(Action::Select(i));
    assert_eq!(
        ways_into(&f, 4),
        BTreeSet::from([1]),
        "straight from Area 1 only"
    );
    assert!(
        ways_into(&f, 5).is_empty(),
        "Area 5 is next to Area 2, not 1"
    );
    // The first step takes all 4 MF, not the 6 the Area costs.
    let cost = f.game.action_cost(&f.s, Action::Move { to: 3, via: 0 });
    assert_eq!(cost.as_deref(), Some("4 MF of 4"));
}

#[test]
fn rule_8_2_1_no_unit_enters_an_area_attacked_in_this_activation() {
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I", "K"]);
    let (i, k) = (units[0], units[1]);
    f.act(Action::Select(i));
    f.act(Action::Move { to: 12, via: 11 });
    f.act(Action::Attack(12));
    let c = f.counter_with(Terrain::Urban, DefenseStrategy::None);
    f.roll(Action::Draw(c)); // I leads, alone, with no support: the dice at once
    f.roll(Action::Dice(2));
    f.roll(Action::Dice(12)); // Repulse
    assert_eq!(f.s.loc[usize::from(i)], super::super::OUT_OF_ACTION);
    while f.s.step == Step::Retreat {
        let a = f.legal()[0];
        f.act(a);
    }
    f.act(Action::Select(k));
    assert!(ways_into(&f, 13).is_empty());
}

#[test]
fn rule_8_3_2_units_leaving_a_contested_area_must_reach_a_vacant_one_first() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let i = f.put("I", 13); // Contested Area 13; Area 12 (Vacant) and 14, 19 (German) next to it
    f.act(Action::Activate(12));
    f.act(Action::Select(i));
    assert_eq!(
        ways_into(&f, 14),
        BTreeSet::new(),
        "not straight into Area 14"
    );
    assert_eq!(
        ways_into(&f, 19),
        BTreeSet::from([12]),
        "through Area 12 only"
    );
    assert_eq!(
        ways_into(&f, 13),
        BTreeSet::from([12]),
        "back in, through Area 12"
    );
}

#[test]
fn rule_9_5_2a_a_leader_enters_a_german_area_only_to_join_units_waiting_there() {
    let f0 = Fixture::combat();
    let rs = f0.game.rules();
    let leader = rs.unit(rs.leader_of(f0.unit("I"))).id.clone();
    let germans = |f: &Fixture| {
        offered(f)
            .into_iter()
            .filter(|e| e.1 != NONE)
            .collect::<Vec<_>>()
    };
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I", &leader]);
    f.act(Action::Select(units[1]));
    assert!(germans(&f).is_empty(), "no unit waits anywhere yet");
    // Start again: I goes in first, and its Leader may follow it there only.
    let mut g = Fixture::combat();
    let units = g.activated_in_area_12(&["I", &leader]);
    g.act(Action::Select(units[0]));
    g.act(Action::Move { to: 12, via: 11 });
    g.act(Action::Select(units[1]));
    assert_eq!(germans(&g), vec![(12, 11)]);
}

#[test]
fn rule_8_2_with_only_areas_1_and_2_vacant_a_unit_ends_there_or_enters_a_german_area_next_to_them()
{
    // The reference walk itself, checked by hand: Company I in Area 1.
    let (f, _) = i_in_area_1(&[]);
    let walked = walk_ends(&f.game, &f.s);
    let vacant: BTreeSet<u8> = walked.iter().filter(|e| e.1 == NONE).map(|e| e.0).collect();
    assert_eq!(vacant, areas(&[1, 2]));
    let germans: BTreeSet<u8> = walked.iter().filter(|e| e.1 != NONE).map(|e| e.0).collect();
    assert_eq!(germans, areas(&[3, 4, 5, 12]));
    assert_eq!(offered(&f), walked);
}

/// The German Areas (as Area numbers, with the Area entered from) the mover may end in.
fn german_ends(f: &Fixture) -> BTreeSet<(u8, u8)> {
    offered(f)
        .into_iter()
        .filter(|e| e.1 != NONE)
        .map(|e| (e.0 + 1, e.1 + 1))
        .collect()
}

/// 8.1 (with 8.2, 9.1, 9.3): nothing forbids a Leader to move into an Area that holds
/// American units as well as German, where no attack is owed: Smoots, alone in Area 12, may
/// enter Area 13 while Company E contests it, and, with nothing left to move and nothing he
/// can attack with, his move is done and he is Spent. The German Areas next to Area 12 that
/// no American contests (4, 5, 19) stay closed to him.
#[test]
fn rule_8_1_a_lone_leader_may_enter_an_area_contested_at_activation() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let e = f.put("E", 13); // contesting Area 13
    let smoots = f.put("Smoots", 12);
    f.act(Action::Activate(11));
    f.act(Action::Select(smoots));
    assert_eq!(german_ends(&f), BTreeSet::from([(13, 12)]));
    f.act(Action::Move { to: 12, via: 11 });
    assert_eq!(f.s.loc[usize::from(smoots)], 12);
    assert_eq!(f.s.fresh & 1 << smoots, 0, "Spent: his move is done");
    assert_eq!(
        f.s.step,
        Step::ActionRound,
        "no attack to make and no one left to move: the activation is over"
    );
    assert_eq!(f.s.loc[usize::from(e)], 12);
    assert_ne!(f.s.fresh & 1 << e, 0, "E, not activated, is still Fresh");
}

/// 8.1, 9.1, 9.5.2A: a Leader can never lead the Mandatory Attack owed in a German Area no
/// American contests, so he still may not enter one alone: Smoots, alone in Area 12 with
/// Area 13 held by the Germans only, may only end in a Vacant Area: 2, 1 beyond it, or 12.
#[test]
fn rule_8_1_a_lone_leader_may_not_enter_an_uncontested_german_area() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let smoots = f.put("Smoots", 12);
    f.act(Action::Activate(11));
    f.act(Action::Select(smoots));
    assert!(german_ends(&f).is_empty(), "{:?}", german_ends(&f));
    assert_eq!(vacant_ends(&f), areas(&[1, 2, 12]));
}

/// 8.1: a Leader alone in a Contested Area attacks nothing (9.5.2A), so no attack is offered
/// there until a unit that can lead him comes in; then the attack is declared, its units
/// chosen (9.2), and the Leader may join once his own company is in it (9.5.2B). Company F,
/// contesting Area 13 already, does not join (9.3's note).
#[test]
fn rule_8_1_a_leader_alone_in_a_contested_area_is_offered_no_attack_until_his_unit_joins() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let f_co = f.put("F", 13); // contesting Area 13
    let e = f.put("E", 12);
    let smoots = f.put("Smoots", 12);
    f.act(Action::Activate(11));
    f.act(Action::Select(smoots));
    f.act(Action::Move { to: 12, via: 11 });
    assert_eq!(f.s.step, Step::Activation, "E may still move");
    let legal = f.legal();
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Attack(_))),
        "no attack with Smoots alone: {legal:?}"
    );
    assert!(legal.contains(&Action::Select(e)));
    f.act(Action::Select(e));
    f.act(Action::Move { to: 12, via: 11 });
    f.act(Action::Attack(12));
    assert_eq!(
        f.s.step,
        Step::Attackers,
        "optional: Contested at activation"
    );
    assert_eq!(f.legal(), vec![Action::AddAttacker(e)]);
    f.act(Action::AddAttacker(e));
    assert_eq!(
        f.legal(),
        vec![Action::AddAttacker(smoots), Action::Resolve]
    );
    assert_eq!(f.s.attack.units & 1 << f_co, 0);
}

/// 8.1: "An Area must contain at least one Fresh American unit in order to activate": Area 12
/// with only Spent units is not offered; with one of them Fresh, it is.
#[test]
fn rule_8_1_an_area_with_only_spent_units_may_not_be_activated() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let i = f.put("I", 12);
    let k = f.put("K", 12);
    f.s.fresh &= !(1 << i | 1 << k);
    assert!(!f.legal().contains(&Action::Activate(11)), "all Spent");
    assert_eq!(f.legal(), vec![Action::Pass]);
    f.s.fresh |= 1 << k;
    assert!(f.legal().contains(&Action::Activate(11)), "K Fresh");
}

/// 8.1: "Units move one at a time": Company I moves on its own, and Company K, of the same
/// Active Area, stays where it was, Fresh, until it is chosen to move in its turn.
#[test]
fn rule_8_1_units_move_one_at_a_time() {
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I", "K"]);
    let (i, k) = (units[0], units[1]);
    f.act(Action::Select(i));
    assert_eq!(f.s.step, Step::Moving);
    assert!(
        f.legal().iter().all(|a| matches!(a, Action::Move { .. })),
        "only I's move"
    );
    f.act(Action::Move { to: 1, via: NONE }); // Area 2
    assert_eq!(f.s.loc[usize::from(i)], 1);
    assert_eq!(f.s.loc[usize::from(k)], 11, "K has not moved");
    assert_ne!(f.s.fresh & 1 << k, 0);
    assert_eq!(f.legal(), vec![Action::Select(k), Action::Pass]);
}

/// 8.1: "If the Active Area contains a German unit at the moment of activation, or if
/// American units enter an Area with enemy units, the American player may attack ... that
/// German unit with their activated units": Company I attacks from within Contested Area 13
/// when it is activated, and Company K attacks Area 13 after entering it from Area 12.
#[test]
fn rule_8_1_units_may_attack_in_a_contested_active_area_or_on_entering_a_german_area() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.put("I", 13);
    f.act(Action::Activate(12));
    assert!(f.legal().contains(&Action::Attack(12)), "from within");
    f.act(Action::Attack(12));
    assert_eq!(f.s.step, Step::Attackers);

    let mut g = Fixture::combat();
    let k = g.activated_in_area_12(&["K"])[0];
    assert!(
        !g.legal().contains(&Action::Attack(12)),
        "not yet in Area 13"
    );
    g.act(Action::Select(k));
    g.act(Action::Move { to: 12, via: 11 });
    assert!(g.legal().contains(&Action::Attack(12)), "on entering");
    g.act(Action::Attack(12));
    assert_eq!(
        g.s.step,
        Step::Reveal,
        "a Mandatory Attack (9.1): K attacks"
    );
}
