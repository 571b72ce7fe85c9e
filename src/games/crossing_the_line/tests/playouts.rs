//! Whole random games of every scenario: the invariants of the rules hold after every action
//! (stacking 5.3.1, one HQ a hex 3.3, no hex shared with the enemy, strengths 3.4, the German
//! line of 7.3.8, the caches), every decision has a legal action and every chance node
//! outcomes, and the same seed plays the same game.

use super::Fx;
use crate::engine::{game::sample_chance, game_rng, Actor, Game, GameRng};
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::counters::UnitClass;
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::state::{bits, on_map, State, Step, ELIMINATED};
use proptest::prelude::*;
use rand::Rng;

/// Plays one random game, calling `check` after every action; returns the final state. A
/// `busy` player never passes, ends an activation or transfers while it has anything else.
fn play(fx: &Fx, rng: &mut GameRng, busy: bool, mut check: impl FnMut(&State)) -> State {
    let g = &fx.g;
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut s = g.initial_state();
    for _ in 0..100_000 {
        check(&s);
        match g.actor(&s) {
            Actor::Terminal => return s,
            Actor::Chance => {
                g.chance_outcomes(&s, &mut outcomes);
                assert!(
                    !outcomes.is_empty() && outcomes.iter().all(|&(_, w)| w > 0),
                    "{:?}",
                    s.step
                );
                let a = sample_chance(&outcomes, rng);
                g.apply(&mut s, a);
            }
            Actor::Player(_) => {
                g.legal_actions(&s, &mut actions);
                assert!(!actions.is_empty(), "no legal action at {:?}", s.step);
                if busy && actions.len() > 1 {
                    actions.retain(|a| !matches!(a, Action::Pass | Action::End | Action::Transfer));
                }
                let a = actions[rng.random_range(0..actions.len())];
                g.apply(&mut s, a);
            }
        }
    }
    panic!("a game of more than 100,000 steps");
}

/// The rules' invariants in any state where a decision or a roll is awaited.
fn invariants(fx: &Fx, s: &State) {
    let rs = fx.rs();
    let mut fresh = *s;
    fresh.refresh(rs);
    assert_eq!(
        (fresh.occupied, fresh.present, fresh.zoc),
        (s.occupied, s.present, s.zoc),
        "caches"
    );
    for (u, info) in rs.units.iter().enumerate() {
        let h = s.hex[u];
        if h == ELIMINATED {
            assert_eq!(s.strength[u], 0);
        }
        if !on_map(h) {
            continue;
        }
        assert!(
            rs.area.contains(usize::from(h)),
            "{} outside the area",
            info.name
        );
        assert!(
            (1..=info.strength.max(15)).contains(&s.strength[u]),
            "{} strength",
            info.name
        );
        assert!(
            !s.present[info.side.other().index()].contains(usize::from(h)),
            "shared hex"
        );
        if info.side == Side::German && s.turn <= 3 {
            assert!(
                !rs.german_restricted.contains(usize::from(h)),
                "7.3.8: {}",
                info.name
            );
        }
    }
    if s.step == Step::Action {
        every_mover_offered_has_a_destination(fx, s);
    }
    let settled = matches!(
        s.step,
        Step::Choose | Step::Action | Step::Initiative | Step::Over
    );
    if settled {
        let limits = &rs.charts.stacking;
        for side in Side::BOTH {
            for h in s.occupied[side.index()].iter() {
                let units = s.units_at(rs, side, h as u16);
                let afv = bits(units)
                    .filter(|&u| rs.unit(u).class == UnitClass::Afv)
                    .count();
                assert!(
                    units.count_ones() <= u32::from(limits.combat_units),
                    "5.3.1 overstacked"
                );
                assert!(afv <= usize::from(limits.afv_units), "5.3.1 AFVs");
            }
        }
    }
    let hqs: Vec<u16> = s.hq_hex.iter().copied().filter(|&h| on_map(h)).collect();
    let mut unique = hqs.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), hqs.len(), "3.3: one HQ a hex");
    assert!(
        s.improved & s.disrupted == 0,
        "5.6.3: no disrupted unit in Improved Defense"
    );
}

/// 7.3: a mover is offered only with somewhere to go (`has_destination` decides that from the
/// neighbours when it can, which must agree with the full search).
fn every_mover_offered_has_a_destination(fx: &Fx, s: &State) {
    for a in fx.legal(s) {
        if let Action::Select { .. } = a {
            let mut next = *s;
            fx.g.apply(&mut next, a);
            assert!(!fx.legal(&next).is_empty(), "{a:?} leads nowhere");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_through_random_games_of_the_stolberg_corridor(seed in any::<u64>(), busy: bool) {
        let fx = Fx::s2();
        let s = play(&fx, &mut game_rng(seed, 0), busy, |s| invariants(&fx, s));
        prop_assert!(fx.g.outcome(&s).is_some());
    }

    #[test]
    fn invariants_hold_through_random_games_of_across_the_wurm(seed in any::<u64>(), busy: bool) {
        let fx = Fx::new("across-the-wurm");
        let s = play(&fx, &mut game_rng(seed, 0), busy, |s| invariants(&fx, s));
        prop_assert!(fx.g.outcome(&s).is_some());
    }

    #[test]
    fn invariants_hold_through_random_games_of_first_blood(seed in any::<u64>(), busy: bool) {
        let fx = Fx::new("first-blood");
        let s = play(&fx, &mut game_rng(seed, 0), busy, |s| invariants(&fx, s));
        prop_assert!(fx.g.outcome(&s).is_some());
    }
}

proptest! {
    // The Campaign is eight turns on the whole map: fewer, longer games.
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_through_random_games_of_the_campaign(seed in any::<u64>(), busy: bool) {
        let fx = Fx::new("campaign");
        let s = play(&fx, &mut game_rng(seed, 0), busy, |s| invariants(&fx, s));
        prop_assert!(fx.g.outcome(&s).is_some());
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let fx = Fx::s2();
    for seed in 0..5 {
        let a = play(&fx, &mut game_rng(seed, 0), true, |_| {});
        let b = play(&fx, &mut game_rng(seed, 0), true, |_| {});
        assert_eq!(a, b);
    }
}

/// A saved game of an older version of the decision lists (before 8.5.1's fallback hex away
/// from enemy HQs, 7.3.1's stacks of the owner's choice, 7.5.3's unlimited Battle Victories) is
/// refused with a message saying
/// so, rather than replayed into another game.
#[test]
fn a_saved_game_of_an_older_version_of_the_lists_is_refused() {
    use crate::engine::replay::{Replay, ReplayError};
    let fx = Fx::s2();
    let mut log = Replay::new(&fx.g, 1);
    let current = fx.g.log_version();
    assert_eq!(log.version, current);
    log.version = current - 1;
    let err = log.replay(&fx.g).expect_err("an old log");
    assert_eq!(
        err,
        ReplayError::WrongVersion {
            expected: current,
            found: current - 1
        }
    );
    let words = format!(
        "version {} of the game's decision lists, not the current {current}",
        current - 1
    );
    assert!(err.to_string().contains(&words), "{err}");
}
