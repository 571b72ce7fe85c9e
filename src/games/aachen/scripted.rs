//! The scripted American doctrine: the reference player of `balance aachen` and the rollout
//! policy of MCTS. Fast and stateless; every choice is a rule of thumb:
//!
//! * **Supply (6.3):** refit the strongest unit in the Out of Action Box first; then buy
//!   Artillery and Engineer Support in pairs (3 Supply Points for +4 AV with the Combined
//!   Arms Bonus, 9.5.2D), Armor when those are stocked, Air last. Support lapses at the end
//!   of the turn, so buy all you can.
//! * **Combat (8–9):** activate the Area whose attack is worth most: for each German Area in
//!   or next to it, the chance of a Success with every Fresh unit there and every support
//!   point allowed, times what it takes off German Morale (Urban 1, Fortified 2, Suburban 1
//!   only for the turn's first), less the cost of a Repulse. Move the units in, the companies
//!   first and their Leaders after them, then attack with all of them, the strongest unit
//!   leading and every support point allowed. Areas with no attack worth making wait for
//!   support; Areas away from the front send their units as close to it as they reach.
//! * **Placement (6.1, 6.3.1):** next to the most German Areas; Leaders with their units.
//! * **Losses (6.4.1):** the weakest unit; **retreat (9.5.5):** stay when allowed.

use super::data::Terrain;
use super::ruleset::{Ruleset, AREAS};
use super::state::{bits, State, Step, Support, NONE, UNREVEALED};
use super::{Aachen, Action};
use crate::bots::Bot;
use crate::engine::{Game, GameRng};

#[derive(Default)]
pub struct ScriptedBot {
    legal: Vec<Action>,
}

impl Bot<Aachen> for ScriptedBot {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn choose(&mut self, game: &Aachen, s: &State, _rng: &mut GameRng) -> Action {
        game.legal_actions(s, &mut self.legal);
        let rs = game.rules();
        let plan = Plan::new(rs, s);
        let best = self
            .legal
            .iter()
            .enumerate()
            .max_by_key(|&(i, &a)| (score(rs, s, &plan, a), std::cmp::Reverse(i)));
        let (_, &a) = best.expect("a decision has at least one legal action");
        a
    }
}

/// What the choices of one decision are scored against, found once for all of them: the
/// activation's target, and how far each Area is from the front while a unit moves.
struct Plan {
    target: Option<u8>,
    distances: [u8; AREAS],
}

impl Plan {
    fn new(rs: &Ruleset, s: &State) -> Plan {
        let activating = matches!(s.step, Step::Activation | Step::Moving);
        Plan {
            target: activating.then(|| activation_target(rs, s)).flatten(),
            distances: if s.step == Step::Moving {
                distances(rs, s)
            } else {
                [u8::MAX; AREAS]
            },
        }
    }
}

/// The bigger, the better; ties go to the first legal action.
fn score(rs: &Ruleset, s: &State, plan: &Plan, a: Action) -> i32 {
    match a {
        Action::Place(x) => {
            let near = (rs.adjacent[usize::from(x)] & s.german_areas()).count_ones() as i32;
            let own = if s.step == Step::PlaceLeader {
                (s.units_in(x) & rs.organisation_of(s.cursor)).count_ones() as i32
            } else {
                0
            };
            10 * own + near
        }
        Action::Refit(u) => 100 + i32::from(rs.unit(u).attack),
        Action::Buy(Support::Air) => 1,
        Action::Buy(Support::Armor) => 20 - 5 * i32::from(s.support[Support::Armor as usize]),
        Action::Buy(k) => 50 - 5 * i32::from(s.support[k as usize]) - k as i32,
        Action::Choose(u) => {
            100 - i32::from(rs.unit(u).attack) - 50 * i32::from(rs.unit(u).is_leader())
        }
        Action::Activate(x) => activation_score(rs, s, x),
        Action::Select(u) => select_score(rs, s, plan, u),
        Action::Attack(x) => {
            if Some(x) == plan.target {
                // Attack once every unit that can join, Leaders too, has entered (Select
                // scores higher).
                30
            } else {
                5
            }
        }
        Action::Move { to, via } => move_score(s, plan, to, via),
        Action::AddAttacker(_) | Action::Allot(_) => 10,
        Action::Lead(u) => i32::from(rs.unit(u).attack),
        Action::Resolve => 1,
        Action::Retreat { .. } => 1,
        Action::Stay => 2,
        Action::Pass => 0,
        Action::Die(_) | Action::Dice(_) | Action::Draw(_) => 0,
    }
}

/// The German Area to attack from Area `a` (itself if contested, else an adjacent one not
/// yet attacked) with the best expected worth, if any is worth attacking.
fn target(rs: &Ruleset, s: &State, a: u8) -> Option<u8> {
    if a == NONE {
        return None;
    }
    let own = if s.is_vacant(a) { 0 } else { 1 << a };
    let around = rs.adjacent[usize::from(a)] & s.german_areas() & !s.activation.attacked;
    bits(u64::from(own | around))
        .map(|x| (x, worth(rs, s, a, x)))
        .filter(|&(_, w)| w > 0)
        .max_by_key(|&(x, w)| (w, std::cmp::Reverse(x)))
        .map(|(x, _)| x)
}

/// The target of the current activation: where units already wait to attack, or the best
/// target from the Active Area.
fn activation_target(rs: &Ruleset, s: &State) -> Option<u8> {
    let act = &s.activation;
    match bits(u64::from(act.waiting)).next() {
        Some(u) => Some(s.loc[usize::from(u)]),
        None => target(rs, s, act.area),
    }
}

/// Expected worth of attacking Area `x` with the Fresh units of Area `a` and every support
/// point allowed, in hundredths of a Morale point: a Success is worth its Morale loss (plus
/// a little for the ground), a Repulse costs a Morale point and a unit.
fn worth(rs: &Ruleset, s: &State, a: u8, x: u8) -> i32 {
    let units = s.units_in(a) & s.fresh;
    let fighters = bits(u64::from(units & !rs.leaders()));
    let Some(best) = fighters.map(|u| i32::from(rs.unit(u).attack)).max() else {
        return 0;
    };
    let mut av = best + units.count_ones() as i32 - 1;
    let armor = bits(u64::from(units)).any(|u| rs.unit(u).is_armor());
    let has = |k: Support| s.support[k as usize] > 0;
    let supports = [Support::Artillery, Support::Engineer]
        .iter()
        .filter(|&&k| has(k))
        .count()
        + usize::from(has(Support::Armor) && !armor);
    av += i32::from(has(Support::Artillery)) + 2 * i32::from(has(Support::Engineer));
    av += 3 * i32::from(has(Support::Armor) && !armor) + i32::from(supports >= 2);
    av += i32::from(s.morale <= 9);
    let mut dv10 = expected_defense(rs, s, x) + 10 * i32::from(s.morale >= 10);
    dv10 += 20 * i32::from(s.rain);
    // Success needs the dice to beat DV − AV.
    let need = (dv10 - 10 * av + 5).div_euclid(10);
    let p_success = p_dice_above(need);
    let p_repulse = 1296 - p_dice_above(need - 1);
    let gain = match rs.terrain[usize::from(x)] {
        Terrain::Suburban if s.suburban_success => 30,
        Terrain::Fortified => 230,
        _ => 130,
    };
    (p_success * gain - p_repulse * 150) / 1296
}

/// Ways out of 1296 that 2d6 − 2d6 exceeds `k`.
fn p_dice_above(k: i32) -> i32 {
    let mut n = 0;
    for a in 2..=12 {
        for d in 2..=12 {
            if a - d > k {
                n += ways(a) * ways(d);
            }
        }
    }
    n
}

fn ways(total: i32) -> i32 {
    6 - (total - 7).abs()
}

/// Defense Factor (the pool's mean while unrevealed) plus TEM, in tenths.
fn expected_defense(rs: &Ruleset, s: &State, x: u8) -> i32 {
    let terrain = rs.terrain[usize::from(x)];
    let df10 = match s.german[usize::from(x)] {
        UNREVEALED => {
            let pool = s.pool & rs.counters_of(terrain);
            let n = pool.count_ones().max(1) as i32;
            bits(pool)
                .map(|c| 10 * i32::from(rs.germans[usize::from(c)].defense))
                .sum::<i32>()
                / n
        }
        c => 10 * i32::from(rs.germans[usize::from(c)].defense),
    };
    df10 + 10 * i32::from(terrain.tem())
}

fn activation_score(rs: &Ruleset, s: &State, x: u8) -> i32 {
    let strength: i32 = bits(u64::from(s.units_in(x) & s.fresh))
        .map(|u| i32::from(rs.unit(u).attack))
        .sum();
    let front = rs.adjacent[usize::from(x)] & s.german_areas() != 0 || !s.is_vacant(x);
    match target(rs, s, x) {
        Some(t) => 100 + worth(rs, s, x, t),
        // At the front with nothing worth attacking: wait for support.
        None if front => -1,
        None => 10 + strength,
    }
}

fn select_score(rs: &Ruleset, s: &State, plan: &Plan, u: u8) -> i32 {
    let leader = i32::from(rs.unit(u).is_leader());
    match plan.target {
        // Units first, strongest first; Leaders follow them in.
        Some(t) if rs.adjacent[usize::from(s.activation.area)] & 1 << t != 0 => {
            100 - 60 * leader + i32::from(rs.unit(u).attack)
        }
        _ => 20 - leader,
    }
}

/// Into the target (straight from the Active Area, the way back if it must retreat); else
/// as close to the front as it gets, never into another German Area.
fn move_score(s: &State, plan: &Plan, to: u8, via: u8) -> i32 {
    if Some(to) == plan.target {
        return 100 + i32::from(via == s.activation.area);
    }
    if !s.is_vacant(to) {
        return -100;
    }
    let here = s.loc[usize::from(s.activation.mover)];
    let d = &plan.distances;
    10 * (i32::from(d[usize::from(here)]) - i32::from(d[usize::from(to)]))
}

/// Steps from each Area to the nearest German Area (breadth-first).
fn distances(rs: &Ruleset, s: &State) -> [u8; AREAS] {
    let mut d = [u8::MAX; AREAS];
    let mut frontier = s.german_areas();
    let mut seen = frontier;
    let mut step = 0;
    while frontier != 0 {
        let mut next = 0;
        for a in bits(u64::from(frontier)) {
            d[usize::from(a)] = step;
            next |= rs.adjacent[usize::from(a)];
        }
        frontier = next & !seen;
        seen |= next;
        step += 1;
    }
    d
}
