//! Whole games: invariants of random and scripted play.

use crate::bots::Bot;
use crate::engine::{game_rng, Actor, Game};
use crate::games::cross_of_iron::{CrossOfIron, ScriptedBot};

/// Prints one scripted game (for looking at the doctrine: `cargo test coi_print -- --ignored --nocapture`).
#[test]
#[ignore]
fn coi_print_scripted_game() {
    let game = CrossOfIron::embedded().unwrap();
    let mut rng = game_rng(1, 0);
    let mut s = game.initial_state();
    let mut bot = ScriptedBot::default();
    let mut buf = Vec::new();
    while game.actor(&s) != Actor::Terminal {
        let a = match game.actor(&s) {
            Actor::Chance => game.draw_chance(&s, &mut buf, &mut rng),
            _ => bot.choose(&game, &s, &mut rng),
        };
        let before = s;
        if !matches!(a, crate::games::cross_of_iron::Action::Roll(_)) {
            println!("{}", game.describe(&s, a));
        }
        game.apply(&mut s, a);
        if let Some(n) = game.narrate(&before, a, &s) {
            println!("   {n}");
        }
        if before.phase != s.phase || before.phasing != s.phasing {
            println!("== {}", game.render(&s).lines().next().unwrap());
        }
    }
    println!("{}", game.render(&s));
    println!("{:?}", game.outcome(&s));
}

/// Plays `games` games with the bots' choice and checks every step: a decision offers a
/// non-empty list without duplicates; chance weights total 36 or 6; the game ends within
/// its turns; the objectives bitmask fits the objectives.
fn playouts(scripted: bool, games: u64) {
    let game = CrossOfIron::embedded().unwrap();
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    let mut bot = ScriptedBot::default();
    for i in 0..games {
        let mut rng = game_rng(7, i);
        let mut s = game.initial_state();
        let mut steps = 0;
        while game.actor(&s) != Actor::Terminal {
            let a = match game.actor(&s) {
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut chance);
                    let total: u32 = chance.iter().map(|&(_, w)| w).sum();
                    assert!(total == 36 || total == 6, "weights {total}");
                    game.draw_chance(&s, &mut chance, &mut rng)
                }
                Actor::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    assert!(!legal.is_empty());
                    for (k, a) in legal.iter().enumerate() {
                        assert!(!legal[k + 1..].contains(a), "duplicate {a:?}");
                    }
                    if scripted {
                        bot.choose(&game, &s, &mut rng)
                    } else {
                        game.random_action(&s, &mut legal, &mut rng)
                    }
                }
                Actor::Terminal => unreachable!(),
            };
            game.apply(&mut s, a);
            steps += 1;
            assert!(steps < 100_000, "game {i} does not end");
            assert!(u32::from(s.turn) <= u32::from(game.rules().turns));
            assert!(s.german_objectives >> game.rules().objectives.len() == 0);
        }
        assert!(game.outcome(&s).is_some());
    }
}

#[test]
fn random_games_keep_the_invariants() {
    playouts(false, 40);
}

#[test]
fn scripted_games_keep_the_invariants() {
    playouts(true, 20);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let game = CrossOfIron::embedded().unwrap();
    let play = |seed| {
        let mut rng = game_rng(seed, 0);
        let mut s = game.initial_state();
        let mut buf = Vec::new();
        while game.actor(&s) != Actor::Terminal {
            let a = match game.actor(&s) {
                Actor::Chance => game.draw_chance(&s, &mut Vec::new(), &mut rng),
                _ => game.random_action(&s, &mut buf, &mut rng),
            };
            game.apply(&mut s, a);
        }
        s
    };
    assert_eq!(play(3), play(3));
}

/// A side with nothing left in play loses at once (`check_annihilation`), before turn 6's end
/// decides by the objectives: its victory level says so, so that a report's early endings
/// are not read as the objectives' (trial 16b F3).
#[test]
fn a_victory_by_the_enemy_having_nothing_left_says_so() {
    use super::{empty, game, place};
    use crate::games::cross_of_iron::state::Phase;
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    place(&g, &mut s, "1st Squad", "J3", 0);
    s.winner = 0;
    let level = g.outcome(&s).expect("over").level;
    assert_eq!(
        level,
        "German victory: the Russians have nothing left in play"
    );
    place(&g, &mut s, "1st Section", "J6", 3);
    assert_eq!(g.outcome(&s).expect("over").level, "German victory");
    assert!(g.victory_levels().iter().any(|&(_, l)| l == level));
}
