//! The scripted bot: a fixed doctrine for either side, fast enough for thousands of games and
//! a baseline for stronger bots. It scores each legal action with a one-step look-ahead that
//! uses the rules' own functions (odds, costs, retreat areas), and picks the best.
//!
//! Doctrine: fire support at the target with the most enemy figures it can hurt; assault only
//! at favourable odds; move towards the side's objectives (the Rangers: the Victory Areas and
//! the guns; the Germans: Victory Areas the Rangers hold); keep a unit on held Victory Areas;
//! pay casualties by flipping and retreating before eliminating.

use super::action::Action;
use super::movement;
use super::ruleset::{bits, unit_bits, Ruleset};
use super::state::{Phase, State, Step, NONE};
use super::{RuddersLine, Side};
use crate::bots::Bot;
use crate::engine::{Game, GameRng};
use rand::Rng;

pub struct ScriptedBot {
    side: Side,
    buf: Vec<Action>,
}

impl ScriptedBot {
    pub fn new(side: Side) -> Self {
        ScriptedBot {
            side,
            buf: Vec::with_capacity(256),
        }
    }
}

impl Bot<RuddersLine> for ScriptedBot {
    fn name(&self) -> String {
        "scripted".to_string()
    }

    fn choose(&mut self, game: &RuddersLine, s: &State, rng: &mut GameRng) -> Action {
        game.legal_actions(s, &mut self.buf);
        let _ = self.side;
        let mut best = (f32::MIN, 0usize, 0u32);
        for (i, &a) in self.buf.iter().enumerate() {
            let score = score(game, s, a);
            // Ties are broken at random so that games differ.
            let tie: u32 = rng.random();
            if score > best.0 || (score == best.0 && tie > best.2) {
                best = (score, i, tie);
            }
        }
        self.buf[best.1]
    }
}

/// Probability that `offense + 1d6 > defense + 1d6` (at least one CP).
pub fn p_hit(offense: u8, defense: u8) -> f32 {
    let mut n = 0;
    for a in 1..=6i16 {
        for b in 1..=6i16 {
            if i16::from(offense) + a > i16::from(defense) + b {
                n += 1;
            }
        }
    }
    n as f32 / 36.0
}

/// Expected CP of `offense + 1d6 − (defense + 1d6)` where positive.
fn expected_cp(offense: u8, defense: u8) -> f32 {
    let mut sum = 0i16;
    for a in 1..=6i16 {
        for b in 1..=6i16 {
            sum += (i16::from(offense) + a - i16::from(defense) - b).max(0);
        }
    }
    f32::from(sum) / 36.0
}

/// The areas a side is trying to reach or take.
fn goals(rs: &Ruleset, s: &State, side: Side) -> u64 {
    let v = &rs.victory;
    match side {
        Side::Rangers => {
            let mut g = rs.victory_areas & !s.ranger_control;
            if !s.guns_reached && s.turn <= v.guns_deadline_turn {
                g |= 1 << v.guns_area;
            }
            if g == 0 {
                rs.victory_areas
            } else {
                g
            }
        }
        Side::Germans => {
            let g = (rs.victory_areas | v.german_sudden_death_control) & s.ranger_control;
            if g == 0 {
                s.present[Side::Rangers.index()] & !rs.landing_craft
            } else {
                g
            }
        }
    }
}

fn goal_distance(rs: &Ruleset, goals: u64, area: u8) -> f32 {
    bits(goals)
        .map(|g| rs.distance[usize::from(area)][g])
        .min()
        .map_or(0.0, f32::from)
}

fn score(game: &RuddersLine, s: &State, a: Action) -> f32 {
    let rs = game.rules();
    match a {
        Action::GoFirst => 1.0,
        Action::GoSecond => 0.0,
        Action::Pass if s.step == Step::PickUp => 0.0,
        Action::Pass => 0.5,
        Action::CallArtillery { target, .. } => {
            fire_value(rs, s, target, rs.artillery[s.active.index()], NONE)
        }
        Action::FireMortar {
            mortar,
            target,
            spotter,
        } => fire_value(rs, s, target, rs.info(mortar).attack, spotter),
        Action::AddWeapon(w) if s.step == Step::DirectFireGroup => {
            let _ = w;
            5.0 // more machine guns in one attack (9.3)
        }
        Action::AddWeapon(w) => {
            let mut probe = *s;
            game.apply(&mut probe, a);
            let mut best: f32 = 0.0;
            game.for_each_action(&probe, &mut |b| {
                if let Action::DirectFire { target } = b {
                    best = best.max(fire_value(rs, &probe, target, rs.info(w).attack, NONE));
                }
            });
            best
        }
        Action::DirectFire { target } => {
            let strength: u8 = unit_bits(s.group.members).map(|w| rs.info(w).attack).sum();
            fire_value(rs, s, target, strength, NONE)
        }
        Action::Activate(_) => activation_value(game, s, a),
        // Build the whole group before it moves: strength in numbers (10.2).
        Action::AddUnit(u) => add_unit_value(rs, s, u) * 100.0,
        Action::Move { .. } | Action::AssaultHere => group_value(game, s, a),
        Action::EndActivation => 0.0,
        Action::Point(u) => {
            // The strongest point unit; among equals the one cheapest to lose.
            f32::from(movement::assault_offense(rs, s, u)) - 0.1 * f32::from(rs.info(u).figures)
        }
        Action::Flip(u) => {
            let (f, cp) = (rs.info(u).figures, s.casualties.cp);
            if f <= cp {
                10.0 + f32::from(f)
            } else {
                5.0 - f32::from(f - cp)
            }
        }
        Action::Retreat { unit, .. } => {
            let from = s.loc(unit);
            let last_here = s.count_of(rs.info(unit).side, from) == 1;
            if last_here && rs.victory_areas & (1 << from) != 0 {
                1.0
            } else {
                9.0
            }
        }
        Action::Eliminate(u) => -f32::from(rs.info(u).figures) - leader_worth(rs, u),
        Action::AutoRally(u) | Action::Fatigue(u) => unit_worth(rs, s, u),
        Action::PickUp { .. } => 5.0,
        Action::Hand { .. } => -1.0,
        Action::Die(_) | Action::Dice(_) => 0.0,
    }
}

fn leader_worth(rs: &Ruleset, u: u8) -> f32 {
    if rs.leaders & (1 << u) != 0 {
        3.0
    } else {
        0.0
    }
}

/// How much a unit matters: its attack, its weapon, leaders.
fn unit_worth(rs: &Ruleset, s: &State, u: u8) -> f32 {
    let w = s.carried(u);
    let weapon = if w == NONE {
        0.0
    } else {
        f32::from(rs.info(w).attack)
    };
    f32::from(rs.info(u).attack) + weapon + leader_worth(rs, u)
}

/// Value of an indirect or direct attack of `strength` on `target`: expected CP against the
/// enemy there, less the risk of friendly fire and the cost of spending a spotter.
fn fire_value(rs: &Ruleset, s: &State, target: u8, strength: u8, spotter: u8) -> f32 {
    let side = s.active;
    let enemy_points = s.points_of(side.enemy(), target);
    if enemy_points == 0 {
        return 0.0; // interdiction alone is not worth a fire mission to this bot
    }
    let defense = if s.phase == Phase::IndirectFire {
        2 * rs.tem(target)
    } else {
        rs.tem(target)
    };
    let cp = expected_cp(strength, defense).min(f32::from(enemy_points));
    let risk = if s.has_personnel(side, target) {
        0.3
    } else {
        0.0
    };
    let spot_cost = if spotter != NONE && rs.squads & (1 << spotter) == 0 {
        0.3
    } else {
        0.0
    };
    cp - risk - spot_cost - 0.4
}

/// Units join the group unless it would break stacking, or leave a held Victory Area empty.
fn add_unit_value(rs: &Ruleset, s: &State, u: u8) -> f32 {
    let side = s.active;
    let area = s.group.area;
    let points: u8 = unit_bits(s.group.members).map(|m| rs.info(m).figures).sum();
    if points + rs.info(u).figures > super::state::STACKING_LIMIT {
        return -1.0;
    }
    let holding = rs.victory_areas & (1 << area) != 0 && s.controller(area) == side;
    let staying = s.count_of(side, area) - s.group.members.count_ones() as u8;
    let contested = s.has_personnel(side.enemy(), area);
    if holding && staying <= 1 && !contested && s.group.members != 0 {
        return -1.0;
    }
    1.0
}

/// The value of activating an area: the best first group move after taking every unit
/// the doctrine would take.
fn activation_value(game: &RuddersLine, s: &State, a: Action) -> f32 {
    let rs = game.rules();
    let mut probe = *s;
    game.apply(&mut probe, a);
    let mut joined = true;
    while joined {
        joined = false;
        let mut pick = None;
        game.for_each_action(&probe, &mut |b| {
            if let Action::AddUnit(u) = b {
                if pick.is_none() && add_unit_value(rs, &probe, u) > 0.0 {
                    pick = Some(b);
                }
            }
        });
        if let Some(b) = pick {
            game.apply(&mut probe, b);
            joined = true;
        }
    }
    if probe.group.members == 0 {
        return -1.0;
    }
    let mut best: f32 = 0.0;
    game.for_each_action(&probe, &mut |b| {
        if matches!(b, Action::Move { .. } | Action::AssaultHere) {
            best = best.max(group_value(game, &probe, b));
        }
    });
    best
}

/// A move or assault of the formed group: assaults by their odds, moves by the progress
/// towards the side's goals.
fn group_value(game: &RuddersLine, s: &State, a: Action) -> f32 {
    let rs = game.rules();
    let side = s.active;
    let enemy = side.enemy();
    let target = match a {
        Action::Move { to, .. } => to,
        _ => s.group.area,
    };
    if let Action::Move { to, pay: false } = a {
        if movement::interdiction_toll(s, side, to) > 0 {
            return -2.0; // walking into a barrage
        }
    }
    if s.has_personnel(enemy, target) {
        let mut probe = *s;
        if let Action::Move { to, .. } = a {
            // Odds as if entered: the same units, in the target area.
            for u in unit_bits(probe.group.members) {
                probe.move_unit(rs, u, to);
            }
            probe.group.area = to;
        }
        let offense = movement::best_offense(rs, &probe);
        let defense = movement::assault_defense(rs, &probe, enemy, target);
        let p = p_hit(offense, defense);
        let stake = f32::from(s.points_of(enemy, target)).min(6.0);
        let goal = if goals(rs, s, side) & (1 << target) != 0 {
            4.0
        } else {
            0.0
        };
        let value = p * (expected_cp(offense, defense).min(stake) + goal) - (1.0 - p) * 4.0;
        return if p >= 0.58 { value } else { -1.0 };
    }
    let g = goals(rs, s, side);
    let from = s.group.area;
    let progress = goal_distance(rs, g, from) - goal_distance(rs, g, target);
    let arrive = if g & (1 << target) != 0 { 3.0 } else { 0.0 };
    let leaving_hold = rs.victory_areas & (1 << from) != 0 && s.controller(from) == side;
    let hold_penalty =
        if leaving_hold && s.count_of(side, from) as u32 <= s.group.members.count_ones() {
            3.0
        } else {
            0.0
        };
    2.0 * progress + arrive - hold_penalty - 0.5
}
