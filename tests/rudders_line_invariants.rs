//! Property test: thousands of games of Rudder's Line, with the rulebook's invariants checked
//! after every action. Each game is a sequence of choice indices (the dice, and the decisions
//! of a side not played by the doctrine), so a failure shrinks to a short game.

use proptest::collection::vec;
use proptest::prelude::*;
use sandtable::bots::{Bot, RandomBot};
use sandtable::engine::{game_rng, Actor, Game};
use sandtable::games::rudders_line::{
    Action, RuddersLine, Side, State, Step, ELIMINATED, NONE, STACKING_LIMIT,
};
use std::sync::OnceLock;

fn game() -> &'static RuddersLine {
    static GAME: OnceLock<RuddersLine> = OnceLock::new();
    GAME.get_or_init(|| RuddersLine::embedded().expect("embedded data"))
}

fn bot(name: &str, side: Side) -> Box<dyn Bot<RuddersLine>> {
    match name {
        "random" => Box::new(RandomBot::default()),
        _ => game().bot(name, side.index()).expect("known bot"),
    }
}

/// The per-area caches agree with the unit table; stacking never above 12 per side (10.35).
fn check_occupancy(g: &RuddersLine, s: &State) -> Result<(), String> {
    let rs = g.rules();
    let mut points = [[0u8; 48]; 2];
    let mut fresh = [[0u8; 48]; 2];
    for u in 0..rs.units.len() as u8 {
        let loc = s.loc(u);
        if !rs.is_personnel(u) || loc == ELIMINATED {
            continue;
        }
        let side = rs.info(u).side.index();
        points[side][usize::from(loc)] += rs.info(u).figures;
        fresh[side][usize::from(loc)] += u8::from(!s.is_spent(u));
    }
    if points != s.points || fresh != s.fresh {
        return Err("occupancy caches disagree with the units".into());
    }
    for (side, row) in points.iter().enumerate() {
        for (a, &p) in row.iter().enumerate().take(rs.areas.len()) {
            if p > STACKING_LIMIT && !rs.is_landing_craft(a as u8) {
                return Err(format!("side {side} has {p} stacking points in area {a}"));
            }
        }
    }
    Ok(())
}

/// 2.61–2.63: every weapon is eliminated, lies in an area, or is carried by one living
/// personnel unit that carries it alone.
fn check_weapons(g: &RuddersLine, s: &State) -> Result<(), String> {
    let rs = g.rules();
    for w in 0..rs.units.len() as u8 {
        if rs.is_personnel(w) || s.loc(w) == ELIMINATED {
            continue;
        }
        let carrier = s.unit(w).link;
        let ok = if carrier == NONE {
            usize::from(s.loc(w)) < rs.areas.len() || s.survival == w
        } else {
            s.carried(carrier) == w && s.loc(carrier) == s.loc(w) && s.loc(carrier) != ELIMINATED
        };
        if !ok {
            return Err(format!(
                "weapon {w} is neither carried nor lying in an area"
            ));
        }
    }
    Ok(())
}

/// 10.31, 11.1: only fresh units join a group, move or lead an assault.
fn check_decision(g: &RuddersLine, s: &State, a: Action) -> Result<(), String> {
    let fresh = |u: u8| !s.is_spent(u);
    let group_fresh =
        || (0..g.rules().units.len() as u8).all(|u| s.group.members & (1 << u) == 0 || fresh(u));
    let ok = match a {
        Action::AddUnit(u) | Action::Point(u) => fresh(u) && group_fresh(),
        Action::Move { .. } | Action::AssaultHere => group_fresh(),
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("a spent unit acts: {a:?}"))
    }
}

/// 7.62–7.63: once the owner stops paying, every CP was paid or nothing was left to pay with.
fn check_casualties_paid(before: &State, after: &State) -> Result<(), String> {
    let left_casualties = before.step == Step::Casualties && after.step != Step::Casualties;
    let c = after.casualties;
    if left_casualties && c.cp > 0 && c.targets != 0 {
        return Err(format!("{} CP left unpaid with targets remaining", c.cp));
    }
    Ok(())
}

/// Plays the dice and decisions `choices` picks (each the entry of the list on offer at the
/// index taken modulo its length; a side named "scripted" decides by the doctrine instead)
/// until the game ends or the choices run out, checking the invariants after every step. A
/// failure lists the actions taken in the game's words, so a case proptest has shrunk reads
/// as a short game.
fn play(choices: &[u16], names: [&str; 2]) -> Result<(), String> {
    let g = game();
    let mut rng = game_rng(0, 0);
    let mut bots = [bot(names[0], Side::Rangers), bot(names[1], Side::Germans)];
    let mut choices = choices.iter().map(|&c| usize::from(c));
    let mut s = g.initial_state();
    let (mut chance, mut legal) = (Vec::new(), Vec::new());
    let mut path: Vec<String> = Vec::new();
    for _ in 0..200_000 {
        let a = match g.actor(&s) {
            Actor::Terminal => {
                let o = g.outcome(&s).ok_or("terminal without outcome")?;
                return if o.turn <= 8 {
                    Ok(())
                } else {
                    Err(format!("ended on turn {}", o.turn))
                };
            }
            Actor::Chance => {
                let Some(c) = choices.next() else {
                    return Ok(());
                };
                g.chance_outcomes(&s, &mut chance);
                chance[c % chance.len()].0
            }
            Actor::Player(p) if names[p] == "random" => {
                let Some(c) = choices.next() else {
                    return Ok(());
                };
                g.legal_actions(&s, &mut legal);
                legal[c % legal.len()]
            }
            Actor::Player(p) => bots[p].choose(g, &s, &mut rng),
        };
        path.push(g.describe(&s, a));
        let before = s;
        g.apply(&mut s, a);
        let checked = check_decision(g, &before, a)
            .and_then(|()| match s.turn > 8 {
                true => Err("the game ran past turn 8 (3.22)".to_string()),
                false => Ok(()),
            })
            .and_then(|()| check_occupancy(g, &s))
            .and_then(|()| check_weapons(g, &s))
            .and_then(|()| check_casualties_paid(&before, &s));
        checked.map_err(|e| format!("{e}, after: {}", path.join("; ")))?;
    }
    Err("no end after 200,000 steps".into())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(choices in vec(any::<u16>(), 0..2500)) {
        play(&choices, ["random", "random"]).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn scripted_games_keep_the_invariants(choices in vec(any::<u16>(), 0..600)) {
        play(&choices, ["scripted", "scripted"]).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mixed_games_keep_the_invariants(
        choices in vec(any::<u16>(), 0..1500),
        rangers_scripted in any::<bool>(),
    ) {
        let names = if rangers_scripted { ["scripted", "random"] } else { ["random", "scripted"] };
        play(&choices, names).map_err(TestCaseError::fail)?;
    }
}
