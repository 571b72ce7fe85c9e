//! 5.1 initiative and the alternation of fire segments (7.2, 9.2); 3.22 game length.

use super::Fixture;
use crate::engine::{Actor, Game};
use crate::games::rudders_line::data::Side;
use crate::games::rudders_line::state::{Phase, Roll, Step};
use crate::games::rudders_line::{Action, RuddersLine};

#[test]
fn rule_5_1_rangers_have_the_initiative_on_turn_one_without_a_roll() {
    let g = RuddersLine::embedded().unwrap();
    let s = g.initial_state();
    assert_eq!(s.initiative, Side::Rangers);
    assert_eq!(s.initiative_turns, [1, 0]);
    assert_ne!(s.step, Step::Roll(Roll::InitiativeRangers));
}

fn at_initiative(turn: u8) -> Fixture {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "38");
    fx.s.turn = turn;
    crate::games::rudders_line::turn::start_turn(&fx.g.rules, &mut fx.s);
    fx
}

/// 5.1: the screen's headline names the side that chooses, the high roller, not the side
/// active before the roll; and the rolls are told with their rule.
#[test]
fn rule_5_1_the_headline_names_the_high_roller_as_the_side_to_act() {
    let mut fx = at_initiative(5);
    fx.s.active = Side::Rangers;
    fx.roll(2); // Rangers
    let before = fx.s;
    fx.roll(5); // Germans
    let told =
        fx.g.narrate(&before, Action::Die(5), &fx.s)
            .unwrap_or_default();
    assert!(told.contains("(5.1)"), "{told}");
    let headline = crate::games::rudders_line::screen::headline(&fx.g.rules, &fx.s);
    assert!(headline.ends_with("to act: Germans"), "{headline}");
    fx.s.phase = Phase::Over;
    let over = crate::games::rudders_line::screen::headline(&fx.g.rules, &fx.s);
    assert!(
        over.contains("the game is over") && !over.contains("to act"),
        "{over}"
    );
}

#[test]
fn rule_5_1_high_roll_chooses_to_go_first_or_second() {
    let mut fx = at_initiative(5);
    fx.roll(2); // Rangers
    fx.roll(5); // Germans
    assert_eq!(fx.s.step, Step::InitiativeChoice);
    assert_eq!(fx.actor(), Actor::Player(Side::Germans.index()));
    fx.act(Action::GoSecond);
    assert_eq!(
        fx.s.initiative,
        Side::Rangers,
        "going second gives the Rangers the Initiative"
    );
    assert_eq!(fx.s.initiative_turns[Side::Rangers.index()], 1);
}

#[test]
fn rule_5_1_special_rule_modifiers_apply_and_ties_are_rolled_again() {
    // Reconstructed Set Up Card: Rangers +1 on turns 2–3.
    let mut fx = at_initiative(2);
    fx.roll(4);
    fx.roll(5); // 4+1 = 5 ties 5: roll again
    assert_eq!(fx.s.step, Step::Roll(Roll::InitiativeRangers));
    fx.roll(4);
    fx.roll(4); // 5 beats 4
    assert_eq!(fx.s.step, Step::InitiativeChoice);
    assert_eq!(fx.actor(), Actor::Player(Side::Rangers.index()));
    fx.act(Action::GoFirst);
    assert_eq!(fx.s.initiative, Side::Rangers);
    assert_eq!(fx.s.initiative_turns[Side::Rangers.index()], 1);
}

#[test]
fn rule_5_1_modifier_conditioned_on_the_lost_fo() {
    let mut fx = at_initiative(5);
    assert_eq!(fx.g.rules.initiative_modifier(&fx.s, Side::Rangers), 0);
    fx.s.fo_lost[Side::Rangers.index()] = true;
    assert_eq!(fx.g.rules.initiative_modifier(&fx.s, Side::Rangers), -1);
}

/// 5.1: the Rangers' −1 "once their FO is lost": eliminating the Ranger FO sets it (and the
/// German FO, the Germans' own record), eliminating a Ranger squad does not.
#[test]
fn rule_5_1_eliminating_the_rangers_fo_brings_their_minus_1() {
    let mut fx = at_initiative(5);
    let squad = fx.place("ranger_squad", "4");
    let fo = fx.place("ranger_fo", "4");
    let german_fo = fx.place("german_fo", "38");
    let rs = &fx.g.rules;
    fx.s.eliminate(rs, squad);
    assert_eq!(rs.initiative_modifier(&fx.s, Side::Rangers), 0, "a squad");
    fx.s.eliminate(rs, german_fo);
    assert_eq!(
        fx.s.fo_lost,
        [false, true],
        "the Germans' FO, recorded for them"
    );
    assert_eq!(rs.initiative_modifier(&fx.s, Side::Rangers), 0);
    fx.s.eliminate(rs, fo);
    assert_eq!(
        rs.initiative_modifier(&fx.s, Side::Rangers),
        -1,
        "the Rangers' FO"
    );
}

#[test]
fn rule_7_2_fire_segments_alternate_initiative_player_first_until_both_pass() {
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    fx.place("german_squad", "5");
    let gfo = fx.place("german_fo", "7");
    fx.s.initiative = Side::Rangers;
    crate::games::rudders_line::turn::begin_phase(&fx.g.rules, &mut fx.s, Phase::IndirectFire);
    assert_eq!(fx.s.active, Side::Rangers);
    fx.act(Action::CallArtillery {
        fo,
        target: fx.area("5"),
    });
    fx.roll(1);
    fx.roll(6); // 8 + 1 against 2 × 4 + 6: no effect
    assert_eq!(
        fx.s.active,
        Side::Germans,
        "after an attack the other player fires"
    );
    fx.act(Action::CallArtillery {
        fo: gfo,
        target: fx.area("3"),
    });
    fx.roll(1);
    fx.roll(6);
    // Neither has anything left: the phase passes to Direct Fire (nothing there) and Action.
    assert_eq!(fx.s.phase, Phase::Action);
}

/// 3.22: "The game consists of EIGHT game turns": a game that no sudden death (12.1 step 1,
/// the reconstructed Set Up Card) cuts short ends in turn 8's Regroup Phase, not before and
/// not after; a sudden death comes in turn 8 at the latest.
#[test]
fn rule_3_22_the_game_ends_after_eight_turns() {
    use crate::bots::{Bot, RandomBot};
    use crate::games::rudders_line::victory::LEVELS;
    let g = RuddersLine::embedded().unwrap();
    assert_eq!(g.rules.turns, 8, "scenario.toml: 3.22's eight turns");
    // Levels 0 and 1 are the German sudden deaths; the others are decided after the last turn.
    let sudden_death = &LEVELS[..2];
    assert!(sudden_death.iter().all(|l| l.contains("sudden death")));
    assert!(LEVELS[2..].iter().all(|l| !l.contains("sudden death")));
    let mut rng = crate::engine::game_rng(7, 0);
    let mut full_length = 0;
    for _ in 0..50 {
        let mut s = g.initial_state();
        let mut bot = RandomBot::default();
        let mut out = Vec::new();
        while g.actor(&s) != Actor::Terminal {
            let a = match g.actor(&s) {
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut out);
                    crate::engine::game::sample_chance(&out, &mut rng)
                }
                _ => bot.choose(&g, &s, &mut rng),
            };
            g.apply(&mut s, a);
        }
        let o = g.outcome(&s).unwrap();
        assert_eq!(o.turn, u32::from(s.turn), "decided in the turn it ended");
        if sudden_death.contains(&o.level) {
            assert!((1..=8).contains(&o.turn), "sudden death on turn {}", o.turn);
        } else {
            assert_eq!(o.turn, 8, "{} without sudden death", o.level);
            assert_eq!(s.phase, Phase::Over);
            full_length += 1;
        }
    }
    // Random play must reach the end of turn 8 often enough for the check to bite.
    assert!(
        full_length >= 10,
        "only {full_length} of 50 games went the distance"
    );
}

#[test]
fn rule_3_1_every_unit_begins_fresh_where_the_set_up_card_places_it() {
    use crate::games::rudders_line::state::ELIMINATED;
    use std::collections::BTreeMap;
    let g = RuddersLine::embedded().unwrap();
    let rs = &g.rules;
    let s = g.initial_state();
    let personnel = |counter: &str| {
        (0..rs.units.len() as u8).any(|u| rs.info(u).counter == counter && rs.is_personnel(u))
    };
    let mut card: BTreeMap<(u8, &str), u32> = BTreeMap::new();
    for p in g
        .data()
        .setup
        .place
        .iter()
        .filter(|p| personnel(&p.counter))
    {
        let area = rs.area_index(&p.area).expect("a set-up area");
        *card.entry((area, p.counter.as_str())).or_default() += u32::from(p.count);
    }
    let mut board: BTreeMap<(u8, &str), u32> = BTreeMap::new();
    for u in (0..rs.units.len() as u8).filter(|&u| rs.is_personnel(u) && s.loc(u) != ELIMINATED) {
        assert!(!s.is_spent(u), "{} begins spent", rs.info(u).counter);
        *board
            .entry((s.loc(u), rs.info(u).counter.as_str()))
            .or_default() += 1;
    }
    assert!(!board.is_empty());
    assert_eq!(board, card, "units on the map by area and counter");
}

#[test]
fn rule_4_1_each_turn_runs_its_phases_in_order_and_each_action_only_in_its_phase() {
    use crate::bots::{Bot, RandomBot};
    let g = RuddersLine::embedded().unwrap();
    let mut rng = crate::engine::game_rng(11, 0);
    let expected = [
        Phase::Initiative,
        Phase::IndirectFire,
        Phase::DirectFire,
        Phase::Action,
        Phase::Regroup,
    ];
    let mut every = Vec::new();
    for _ in 0..20 {
        let mut s = g.initial_state();
        let mut bot = RandomBot::default();
        let (mut out, mut legal) = (Vec::new(), Vec::new());
        let mut seen: Vec<(u8, Phase)> = Vec::new();
        while g.actor(&s) != Actor::Terminal {
            if seen.last() != Some(&(s.turn, s.phase)) {
                seen.push((s.turn, s.phase));
            }
            let a = match g.actor(&s) {
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut out);
                    crate::engine::game::sample_chance(&out, &mut rng)
                }
                _ => {
                    g.legal_actions(&s, &mut legal);
                    for a in &legal {
                        let phase = match a {
                            Action::CallArtillery { .. } | Action::FireMortar { .. } => {
                                Some(Phase::IndirectFire)
                            }
                            Action::DirectFire { .. } => Some(Phase::DirectFire),
                            Action::Activate(_) | Action::Move { .. } => Some(Phase::Action),
                            _ => None,
                        };
                        assert!(phase.is_none_or(|p| p == s.phase), "{a:?} in {:?}", s.phase);
                    }
                    bot.choose(&g, &s, &mut rng)
                }
            };
            g.apply(&mut s, a);
        }
        // Each turn's phases come in the order of 4.1, each once (a phase with nothing to do
        // passes without a position in it).
        let order = |p: Phase| expected.iter().position(|&e| e == p).expect("a phase");
        for turn in 1..=8 {
            let phases: Vec<usize> = (seen.iter())
                .filter(|&&(t, _)| t == turn)
                .map(|&(_, p)| order(p))
                .collect();
            assert!(
                phases.windows(2).all(|w| w[0] < w[1]),
                "turn {turn}: {phases:?}"
            );
        }
        // The Initiative roll and the Action Phase every turn after the first (turn 1's
        // Initiative is the Set Up Card's) up to the last.
        every.extend(seen.iter().map(|&(_, p)| p));
        let last = seen.last().map_or(0, |&(t, _)| t);
        for turn in 2..last {
            for p in [Phase::Initiative, Phase::Action] {
                assert!(seen.contains(&(turn, p)), "turn {turn}: no {p:?}");
            }
        }
    }
    for p in expected {
        assert!(every.contains(&p), "{p:?} never came");
    }
}
