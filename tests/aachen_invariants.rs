//! Property test: 2,000 games of Aachen, with the rulebook's invariants checked after every
//! action. Each game is a sequence of choice indices (the dice, and the decisions unless the
//! doctrine plays), so a failure shrinks to a short game.

use proptest::collection::vec;
use proptest::prelude::*;
use sandtable::bots::Bot;
use sandtable::engine::{game_rng, Actor, Game};
use sandtable::games::aachen::{
    stacking, Aachen, Action, ScriptedBot, State, AREAS, MORALE_MAX, NONE, STACKING_LIMIT, TURNS,
    UNREVEALED,
};
use std::sync::OnceLock;

fn game() -> &'static Aachen {
    static GAME: OnceLock<Aachen> = OnceLock::new();
    GAME.get_or_init(|| Aachen::embedded().expect("embedded data"))
}

/// 5.2: Morale stays on its track; 7.1: four units an Area outside Areas 1 and 2.
fn check_tracks(g: &Aachen, s: &State) -> Result<(), String> {
    for a in 0..AREAS as u8 {
        let units = (0..32u8)
            .filter(|&u| s.loc[usize::from(u)] == a)
            .fold(0, |m, u| m | 1 << u);
        if units != s.units_in(a) {
            return Err(format!("the unit cache of Area {} disagrees", a + 1));
        }
        let full = a >= 2 && stacking(g.rules(), units) >= STACKING_LIMIT;
        if full != (s.full & 1 << a != 0) {
            return Err(format!("the full-Area mask disagrees in Area {}", a + 1));
        }
        if (units != 0) != (s.occupied & 1 << a != 0) {
            return Err(format!(
                "the occupied-Area mask disagrees in Area {}",
                a + 1
            ));
        }
    }
    if s.morale > MORALE_MAX {
        return Err(format!("German Morale {}", s.morale));
    }
    for a in 2..AREAS as u8 {
        let n = stacking(g.rules(), s.units_in(a));
        if n > STACKING_LIMIT {
            return Err(format!("Area {} holds {n} stacking units", a + 1));
        }
    }
    Ok(())
}

/// 4.4, 5.4, 7.1: one German unit an Area at most, of the Area's terrain type, each counter
/// in one place at most and never back in the pool.
fn check_germans(g: &Aachen, s: &State) -> Result<(), String> {
    let rs = g.rules();
    let held = (0..AREAS)
        .filter(|&a| s.german[a] != NONE)
        .fold(0, |m, a| m | 1 << a);
    let hidden = (0..AREAS)
        .filter(|&a| s.german[a] == UNREVEALED)
        .fold(0, |m, a| m | 1 << a);
    if held != s.german_areas() || hidden != s.unrevealed_areas() {
        return Err("the German Area masks disagree with the Areas".into());
    }
    let mut seen = 0u64;
    for (a, &c) in s.german.iter().enumerate() {
        if c == NONE || c == UNREVEALED {
            continue;
        }
        if rs.germans[usize::from(c)].terrain != rs.terrain[a] {
            return Err(format!(
                "counter {c} of the wrong terrain in Area {}",
                a + 1
            ));
        }
        if seen & 1 << c != 0 || s.pool & 1 << c != 0 {
            return Err(format!("counter {c} in two places"));
        }
        seen |= 1 << c;
    }
    Ok(())
}

/// 4.3.1, 8.2: only Fresh units move, attack or lead.
fn check_decision(s: &State, a: Action) -> Result<(), String> {
    let fresh = |u: u8| s.fresh & 1 << u != 0;
    match a {
        Action::Select(u) | Action::AddAttacker(u) | Action::Lead(u) if !fresh(u) => {
            Err(format!("a Spent unit acts: {a:?}"))
        }
        _ => Ok(()),
    }
}

/// 8.2, 9.1: the units waiting to attack are in the Areas the activation keeps as entered
/// and not yet attacked (what the attack and Mandatory Attack checks read instead of them).
fn check_waiting(s: &State) -> Result<(), String> {
    let act = &s.activation;
    let areas = (0..32u8)
        .filter(|&u| act.waiting & 1 << u != 0)
        .fold(0u32, |m, u| m | 1 << s.loc[usize::from(u)]);
    if areas != act.waiting_areas() {
        return Err(format!(
            "units wait in Areas {areas:#x}, the activation says {:#x}",
            act.waiting_areas()
        ));
    }
    Ok(())
}

/// German units never come back (8.1.2: they never move).
fn check_progress(before: &State, after: &State) -> Result<(), String> {
    let (b, a) = (before.german_areas(), after.german_areas());
    if a & !b != 0 {
        return Err("a German unit appeared".into());
    }
    Ok(())
}

/// Plays the dice and decisions `choices` picks (each the entry of the list on offer at the
/// index taken modulo its length; with `scripted`, the doctrine decides instead) until the
/// game ends or the choices run out, checking the invariants after every step. A failure
/// lists the actions taken in the game's words, so a case proptest has shrunk reads as a
/// short game. (That lists are sound and draws follow them, the conformance suite checks.)
fn play(choices: &[u16], scripted: bool) -> Result<(), String> {
    let g = game();
    let mut rng = game_rng(0, 0);
    let mut bot = ScriptedBot::default();
    let mut choices = choices.iter().map(|&c| usize::from(c));
    let mut s = g.initial_state();
    let (mut chance, mut legal) = (Vec::new(), Vec::new());
    let mut path: Vec<String> = Vec::new();
    for _ in 0..100_000 {
        let a = match g.actor(&s) {
            Actor::Terminal => {
                let o = g.outcome(&s).ok_or("terminal without outcome")?;
                return if o.turn <= u32::from(TURNS) {
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
            Actor::Player(_) if scripted => bot.choose(g, &s, &mut rng),
            Actor::Player(_) => {
                let Some(c) = choices.next() else {
                    return Ok(());
                };
                g.legal_actions(&s, &mut legal);
                legal[c % legal.len()]
            }
        };
        path.push(g.describe(&s, a));
        let before = s;
        g.apply(&mut s, a);
        let checked = check_decision(&before, a)
            .and_then(|()| check_tracks(g, &s))
            .and_then(|()| check_germans(g, &s))
            .and_then(|()| check_waiting(&s))
            .and_then(|()| check_progress(&before, &s));
        checked.map_err(|e| format!("{e}, after: {}", path.join("; ")))?;
    }
    Err("no end after 100,000 steps".into())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(choices in vec(any::<u16>(), 0..700)) {
        play(&choices, false).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 800, ..ProptestConfig::default() })]

    #[test]
    fn scripted_games_keep_the_invariants(choices in vec(any::<u16>(), 0..300)) {
        play(&choices, true).map_err(TestCaseError::fail)?;
    }
}
