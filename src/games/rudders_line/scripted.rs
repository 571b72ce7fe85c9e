//! The scripted bot: a fixed doctrine for either side, fast enough for thousands of games and
//! a baseline for stronger bots. It scores each legal action with a one-step look-ahead that
//! uses the rules' own functions (odds, costs, retreat areas), and picks the best.
//!
//! Doctrine: fire support at the target with the most enemy figures it can hurt; assault only
//! at favourable odds; move towards the side's objectives (the Rangers: the Victory Areas and
//! the guns; the Germans: Victory Areas the Rangers hold); keep a unit on held Victory Areas;
//! pay casualties by flipping and retreating before eliminating.

use super::action::Action;
use super::data::PersonnelKind;
use super::movement;
use super::ruleset::{bits, unit_bits, Ruleset};
use super::state::{Phase, State, Step, NONE, STACKING_LIMIT};
use super::{RuddersLine, Side};
use crate::bots::Bot;
use crate::engine::{Game, GameRng};
use rand::Rng;

/// The doctrine serves either side: it plays for whoever is to act.
pub struct ScriptedBot {
    buf: Vec<Action>,
}

impl Default for ScriptedBot {
    fn default() -> Self {
        ScriptedBot {
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

/// The Rangers' expected reward (1 win, ½ draw, 0 loss) estimated from the position: a
/// linear fit by least squares on 20,114 turn-start positions of 3,000 scripted games on the
/// embedded data (R² 0.40). Search uses it to stop rollouts early.
pub fn evaluate(rs: &Ruleset, s: &State) -> f32 {
    let v = &rs.victory;
    let key = 1u64 << v.ranger_must_hold;
    let holds_key = f32::from(u8::from(s.ranger_control & key != 0));
    let others = (rs.victory_areas & s.ranger_control & !key).count_ones() as f32;
    let points = |side: usize| s.points[side].iter().map(|&p| f32::from(p)).sum::<f32>();
    let estimate =
        0.512 + 0.042 * holds_key + 0.204 * others + 0.195 * f32::from(u8::from(s.guns_reached))
            - 0.287 * f32::from(u8::from(s.guns_missed))
            + 0.0014 * (points(0) - points(1))
            - 0.113 * f32::from(s.turn) / 8.0;
    estimate.clamp(0.02, 0.98)
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

/// The Rangers still need a patrol to reach the guns before the deadline.
fn guns_needed(rs: &Ruleset, s: &State) -> bool {
    s.active == Side::Rangers && !s.guns_reached && s.turn <= rs.victory.guns_deadline_turn
}

/// A lone BAR gunner of the Rangers goes for the guns while they are needed (as Lomell and
/// Kuhn did).
fn is_patrol(rs: &Ruleset, s: &State, members: u128) -> bool {
    let bar = members.count_ones() == 1
        && rs.personnel_kind(members.trailing_zeros() as u8) == Some(PersonnelKind::BarGunner);
    bar && guns_needed(rs, s)
}

/// The areas a group is trying to reach or take.
fn goals(rs: &Ruleset, s: &State, side: Side) -> u64 {
    let v = &rs.victory;
    if is_patrol(rs, s, s.group.members) {
        return 1 << v.guns_area;
    }
    match side {
        Side::Rangers => {
            let g = rs.victory_areas & !s.present[Side::Rangers.index()];
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
        // More machine guns in one attack (9.3).
        Action::AddWeapon(_) if s.step == Step::DirectFireGroup => 5.0,
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
        // Build the planned group before it moves: strength in numbers (10.2).
        // Units join in index order (10.2 groups are offered once), so the plan is taken
        // lowest index first.
        Action::AddUnit(u) if planned_group(rs, s) & (1 << u) != 0 => 100.0 - f32::from(u) * 0.01,
        Action::AddUnit(_) => -1.0,
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
/// The group would leave `area` without any of its side's personnel.
fn leaves_empty(s: &State, area: u8) -> bool {
    s.count_of(s.active, area) as u32 <= s.group.members.count_ones()
}

/// How much holding an area matters to a side: the key areas of sudden death most.
fn key_area_worth(rs: &Ruleset, side: Side, area: u8) -> f32 {
    let bit = 1u64 << area;
    let key = rs.victory.german_sudden_death_control | (1 << rs.victory.ranger_must_hold);
    match side {
        Side::Rangers if key & bit != 0 => 12.0,
        _ if rs.victory_areas & bit != 0 => 6.0,
        _ => 0.0,
    }
}

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

/// The units the doctrine takes from the activated area: the most valuable first, while
/// stacking allows and a held Victory Area keeps a defender.
fn planned_group(rs: &Ruleset, s: &State) -> u128 {
    let side = s.active;
    let mut candidates: Vec<u8> = unit_bits(rs.side_units[side.index()] & rs.personnel)
        .filter(|&u| s.loc(u) == s.group.area && !s.is_spent(u))
        .collect();
    candidates.sort_by(|&a, &b| unit_worth(rs, s, b).total_cmp(&unit_worth(rs, s, a)));
    // No bigger than the roomiest neighbouring area can take (10.35).
    let room = bits(rs.adjacent[usize::from(s.group.area)])
        .map(|a| {
            let a = a as u8;
            if rs.is_landing_craft(a) {
                STACKING_LIMIT
            } else {
                STACKING_LIMIT - s.points_of(side, a)
            }
        })
        .max()
        .unwrap_or(0);
    if guns_needed(rs, s) {
        if let Some(&bar) = candidates.iter().find(|&&u| is_patrol(rs, s, 1 << u)) {
            return 1 << bar;
        }
    }
    let mut probe = *s;
    probe.group.members = 0;
    let mut points = 0;
    for u in candidates {
        let figures = rs.info(u).figures;
        if points + figures <= room && add_unit_value(rs, &probe, u) > 0.0 {
            points += figures;
            probe.group.members |= 1 << u;
        }
    }
    probe.group.members
}

/// The value of activating an area: the best first move of the planned group.
fn activation_value(game: &RuddersLine, s: &State, a: Action) -> f32 {
    let rs = game.rules();
    let mut probe = *s;
    game.apply(&mut probe, a);
    probe.group.members = planned_group(rs, &probe);
    for u in unit_bits(probe.group.members) {
        probe.units[usize::from(u)].mp = rs.info(u).movement;
    }
    if probe.group.members == 0 {
        return -1.0;
    }
    let mut best: f32 = -1.0;
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
    let hold_penalty = if leaves_empty(s, from) {
        key_area_worth(rs, side, from)
    } else {
        0.0
    };
    2.0 * progress + arrive - hold_penalty - 0.5
}
