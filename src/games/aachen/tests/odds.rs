//! The exact combat odds of `sandtable crt aachen` against Monte Carlo through the engine
//! itself: 200,000 attacks resolved by `Game::draw_chance` (the dice random play rolls) and
//! `apply`, their results read off the board, each within 4 standard errors of the exact
//! table. And the counter drawn on a reveal, uniform over the pool of the Area's terrain.

use super::super::combat::{attack_value, defense_value_before_air};
use super::super::data::{DefenseStrategy, Terrain};
use super::super::state::{Step, Support, NONE, OUT_OF_ACTION};
use super::super::{combat_outcome, CombatDice, CombatResult};
use super::{Action, Fixture};
use crate::analysis::aachen::{combat, combat_table};
use crate::analysis::Fraction;
use crate::engine::{game_rng, Actor, Game};

/// Companies I and K (and Leader Botts, with Air Support) attack the revealed Urban unit of
/// Area 13 from inside it, with one Artillery point: the state just before the dice.
fn before_the_dice(air: bool) -> Fixture {
    let mut f = Fixture::combat();
    f.clear_americans();
    let i = f.put("I", 13);
    let k = f.put("K", 13);
    let botts = f.put("Botts", 13);
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.s.support = [1, 0, 0, u8::from(air)];
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    for u in [i, k, botts] {
        f.act(Action::AddAttacker(u));
    }
    f.act(Action::Resolve);
    f.act(Action::Lead(i));
    f.act(Action::Allot(Support::Artillery));
    if air {
        f.act(Action::Allot(Support::Air));
    }
    // Nothing left to allot: the dice come at once (9.5.2C).
    assert_eq!(f.s.step, Step::Roll(super::super::Roll::Attack));
    f
}

/// What the board says happened: the lead lost, the German unit gone, the attackers Fresh.
fn result_on_the_board(f: &Fixture, s: &super::super::State) -> CombatResult {
    let (i, k) = (f.unit("I"), f.unit("K"));
    if s.loc[usize::from(i)] == OUT_OF_ACTION {
        CombatResult::Repulse
    } else if s.german[12] != NONE {
        CombatResult::Stalemate
    } else if s.fresh & 1 << k != 0 {
        CombatResult::Overrun
    } else {
        CombatResult::Success
    }
}

#[test]
fn rule_9_5_4_the_exact_table_agrees_with_dice_counted_by_hand() {
    // AV 12 against DV 12, a unit of Defense Factor 3: AT − DT is the difference of two 2D6
    // (and, with Air Support, plus 1D6). Counted by hand over the 1,296 (7,776) rolls: equal
    // Σ n² = 146 over 2D6's counts 1…6…1; below (1,296 − 146) / 2 = 575; above by 1–3, 369;
    // above by 4 or more (more than the Defense Factor: an Overrun), 206.
    let cases = [
        (false, [575, 146, 369, 206], 1296.0),
        (true, [1182, 540, 2166, 3888], 7776.0),
    ];
    for (air, counts, rolls) in cases {
        let table = combat(12, 12, 3, u8::from(air));
        let results = [
            CombatResult::Repulse,
            CombatResult::Stalemate,
            CombatResult::Success,
            CombatResult::Overrun,
        ];
        for (r, n) in results.iter().zip(counts) {
            let p = table.prob(|x| x == r).to_f64();
            assert!(
                (p - f64::from(n) / rolls).abs() < 1e-12,
                "air {air}: {r:?} {p}"
            );
        }
    }
}

/// 9.5.3D under each reading of `air_support`: `crt aachen` has a row for every number of
/// Air Support dice one combat may roll (0–1 under `one_die`, 0–9, the track's top, under
/// `die_per_point`), and the two-dice row matches all 6⁶ rolls counted one by one.
#[test]
fn rule_9_5_3d_the_combat_table_has_a_row_per_air_die_the_reading_allows() {
    for (value, most) in [("one_die", 1), ("die_per_point", 9)] {
        let f = Fixture::combat_reading("air_support", value);
        let table = combat_table(&f.game);
        let air: std::collections::BTreeSet<u8> = table
            .cells
            .iter()
            .filter_map(|c| c.input(&table, "air_support")?.parse().ok())
            .collect();
        assert_eq!(air, (0..=most).collect(), "{value}");
    }
    let mut success_or_overrun = 0u128;
    for roll in 0..6u32.pow(6) {
        let die = |i: u32| (roll / 6u32.pow(i) % 6 + 1) as u8;
        let dice = CombatDice {
            attack: die(0) + die(1),
            defense: die(2) + die(3),
            air: die(4) + die(5),
        };
        let r = combat_outcome(12, 14, dice, 3, false);
        success_or_overrun +=
            u128::from(matches!(r, CombatResult::Success | CombatResult::Overrun));
    }
    let exact = combat(12, 14, 3, 2);
    let p = exact.prob(|r| matches!(r, CombatResult::Success | CombatResult::Overrun));
    assert_eq!(p, Fraction::new(success_or_overrun, 6u128.pow(6)));
    let one_die = combat(12, 14, 3, 1);
    assert!(p > one_die.prob(|r| matches!(r, CombatResult::Success | CombatResult::Overrun)));
}

#[test]
fn rule_9_5_monte_carlo_through_the_engine_agrees_with_the_exact_combat_table() {
    for air in [false, true] {
        let f = before_the_dice(air);
        let rs = f.game.rules();
        let av = attack_value(rs, &f.s);
        let dv = defense_value_before_air(rs, &f.s);
        let defense = rs.germans[usize::from(f.s.german[12])].defense;
        let exact = combat(av, dv, defense, u8::from(air));
        let n = 200_000u32;
        let mut counts = [0u32; 4];
        let mut rng = game_rng(5, u64::from(air));
        let mut outcomes = Vec::new();
        for _ in 0..n {
            let mut s = f.s;
            while matches!(f.game.actor(&s), Actor::Chance) {
                let a = f.game.draw_chance(&s, &mut outcomes, &mut rng);
                f.game.apply(&mut s, a);
            }
            assert_ne!(s.step, Step::Over);
            counts[result_on_the_board(&f, &s) as usize] += 1;
        }
        for (r, &c) in [
            CombatResult::Repulse,
            CombatResult::Stalemate,
            CombatResult::Success,
            CombatResult::Overrun,
        ]
        .iter()
        .zip(&counts)
        {
            let p = exact.prob(|x| x == r).to_f64();
            let got = f64::from(c) / f64::from(n);
            let se = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!(
                (got - p).abs() <= 4.0 * se + 1e-12,
                "air {air}, AV {av}, DV {dv}: {r:?} exact {p}, sampled {got}"
            );
        }
    }
}

#[test]
fn rule_4_4_the_counter_revealed_is_drawn_evenly_from_the_pool_of_the_areas_terrain() {
    let mut f = Fixture::combat();
    f.alone_into("I", 13);
    f.act(Action::Attack(12));
    assert_eq!(f.s.step, Step::Reveal);
    let mut outcomes = Vec::new();
    f.game.chance_outcomes(&f.s, &mut outcomes);
    let pool: Vec<u8> = outcomes
        .iter()
        .map(|&(a, _)| match a {
            Action::Draw(c) => c,
            other => panic!("{other:?} is no counter"),
        })
        .collect();
    let rs = f.game.rules();
    assert!(pool.len() > 1);
    assert!(pool
        .iter()
        .all(|&c| rs.germans[usize::from(c)].terrain == rs.terrain[12]));
    let n = 60_000u32;
    let mut counts = vec![0u32; pool.len()];
    let mut rng = game_rng(7, 0);
    for _ in 0..n {
        let Action::Draw(c) = f.game.draw_chance(&f.s, &mut outcomes, &mut rng) else {
            panic!("a reveal draws a counter");
        };
        let at = pool.iter().position(|&x| x == c);
        counts[at.expect("the counter drawn is in the pool")] += 1;
    }
    let p = 1.0 / pool.len() as f64;
    let se = (p * (1.0 - p) / f64::from(n)).sqrt();
    for (c, &k) in pool.iter().zip(&counts) {
        let got = f64::from(k) / f64::from(n);
        assert!(
            (got - p).abs() <= 4.0 * se,
            "counter {c}: {got}, expected {p}"
        );
    }
}
