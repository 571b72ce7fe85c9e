//! The scripted doctrine: the `scripted` bot and MCTS's rollout policy. Fast and stateless;
//! every choice is a rule of thumb, the same for both sides except where noted:
//!
//! * **Fire:** take the shot or the attack worth most, valued as the chance of eliminating
//!   or breaking each target times its points (a kill's chance for AFVs: TO HIT times KILL);
//!   hold fire only when nothing is worth a point. In the attacker's Prep Fire only guns,
//!   AFVs and infantry already next to the enemy fire: the rest keep their turn to move.
//! * **Movement:** the attacker's infantry goes for the nearest objective it does not hold,
//!   by the hex nearest to it with the best cover, at Double Time only when that gains a hex;
//!   the defender's infantry stays in an objective it holds and otherwise goes for the
//!   nearest objective that needs it. AFVs close to 6 hexes of the nearest enemy AFV (or of
//!   the objectives when none is left), never overrun and never push past their MA; they
//!   face the nearest enemy AFV and keep buttoned up.
//! * **Advance:** into an objective held by the enemy when the close combat odds are at
//!   least 3-2 or it is empty; otherwise stay.

use super::ruleset::Kind;
use super::state::{Phase, State};
use super::{Action, CrossOfIron};
use crate::bots::Bot;
use crate::engine::{Game, GameRng};

#[derive(Default)]
pub struct ScriptedBot {
    legal: Vec<Action>,
}

impl Bot<CrossOfIron> for ScriptedBot {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn choose(&mut self, game: &CrossOfIron, s: &State, _rng: &mut GameRng) -> Action {
        game.legal_actions(s, &mut self.legal);
        let mut best = (f32::MIN, self.legal[0]);
        for &a in &self.legal {
            let v = game.doctrine_value(s, a);
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    fn observes(&self) -> bool {
        false
    }
}

/// P(2d6 <= x).
fn p_2d6_at_most(x: i8) -> f32 {
    const WAYS: [u8; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
    let n: u8 = WAYS.iter().take((x - 1).clamp(0, 11) as usize).sum();
    f32::from(n) / 36.0
}

impl CrossOfIron {
    /// What the doctrine thinks of an action (higher is better).
    fn doctrine_value(&self, s: &State, a: Action) -> f32 {
        let u = self.current_unit(s).unwrap_or(0);
        match a {
            Action::Face { dir } => -f32::from(self.turn_away(s, u, dir)),
            Action::Pass => self.pass_value(s, u),
            Action::Fire { hex, sustained } => self.attack_value(s, u, hex, sustained),
            Action::Shoot { target, intensive } => {
                self.shot_value(s, u, target as usize, intensive)
            }
            Action::HighExplosive { hex, intensive } => self.he_value(s, u, hex, intensive),
            Action::Move { hex, cost } => self.move_value(s, u, hex, cost),
            Action::Advance { hex } => self.advance_value(s, u, hex),
            Action::Repair => self.repair_value(s, u),
            Action::Hatch | Action::Reverse { .. } | Action::Roll(_) => f32::MIN / 2.0,
        }
    }

    /// 66.3: the doctrine repairs an immobilised AFV that sees no enemy (nothing to fire at
    /// while its crew is out); one that sees the enemy stays in and fights, and a crew out
    /// gets back in once the enemy is in sight.
    fn repair_value(&self, s: &State, u: usize) -> f32 {
        let enemy = self.occupied(s, 1 - self.def(u).side);
        let quiet = self.rules.board.seen_from(s.units[u].hex) & enemy == 0;
        let getting_out = !s.units[u].has(super::state::flag::REPAIRING);
        if quiet == getting_out {
            1.0
        } else {
            -1.0
        }
    }

    fn pass_value(&self, s: &State, u: usize) -> f32 {
        match s.phase {
            Phase::PrepFire
                if s.phasing != self.rules.holder
                    && self.infantry(u)
                    && !self.enemy_adjacent(s, s.units[u].hex, self.def(u).side) =>
            {
                1e6
            }
            Phase::Movement | Phase::Advance => 0.0,
            _ => 1.0,
        }
    }

    /// How many hexsides `dir` is from facing the nearest enemy AFV (or the enemy at all).
    fn turn_away(&self, s: &State, u: usize, dir: u8) -> u8 {
        let here = s.units[u].hex;
        let side = self.def(u).side;
        let target = (0..self.n())
            .filter(|&e| self.def(e).side != side && s.units[e].in_play())
            .min_by_key(|&e| {
                (
                    !self.vehicle(e),
                    self.rules.board.distance(here, s.units[e].hex),
                )
            });
        let Some(e) = target else { return 0 };
        let want = self.rules.board.direction(here, s.units[e].hex);
        let d = (dir + 6 - want) % 6;
        d.min(6 - d)
    }

    /// The expected points an IFT attack eliminates or breaks.
    fn attack_value(&self, s: &State, u: usize, hex: u8, sustained: bool) -> f32 {
        let (half, _) = self.firepower(s, u, hex);
        let Some(mut column) = self.column(half) else {
            return 0.0;
        };
        if sustained {
            column = (column + 1).min(self.rules.ift.len() as u8 - 1);
        }
        let drm = self.fire_leadership(s, u);
        self.ift_value(s, s.units[u].hex, hex, column, drm) - if sustained { 2.0 } else { 0.0 }
    }

    fn ift_value(&self, s: &State, from: u8, hex: u8, column: u8, drm: i8) -> f32 {
        use super::fire::FireResult;
        let side = self.def(self.current_unit(s).unwrap_or(0)).side;
        let mut value = 0.0;
        for t in self.in_hex(s, hex, 1 - side) {
            let target_drm = drm + self.target_drm(s, from, t);
            let morale = self.morale(s, t);
            let worth =
                f32::from(self.def(t).points.max(10)) * if self.vehicle(t) { 0.1 } else { 1.0 };
            let mut p = 0.0;
            for roll in 2..=12i8 {
                let w = p_2d6_at_most(roll) - p_2d6_at_most(roll - 1);
                p += w * match self.fire_result(column, roll + target_drm) {
                    FireResult::Kia => 1.0,
                    FireResult::Mc(k) => 1.0 - p_2d6_at_most(morale - k),
                    FireResult::NoEffect => 0.0,
                };
            }
            value += p * worth;
        }
        value
    }

    fn shot_value(&self, s: &State, u: usize, t: usize, intensive: bool) -> f32 {
        let (number, drm) = self.to_hit(s, u, s.units[t].hex, Some(t));
        let p_hit = p_2d6_at_most(self.shot(u, number, drm, intensive).highest_hitting_roll());
        let k = self.kill_roll(s, u, t, false);
        let p_kill = p_2d6_at_most(k.kill_number - k.armor_modifier);
        p_hit * p_kill * f32::from(self.def(t).points) - if intensive { 3.0 } else { 0.0 }
    }

    fn he_value(&self, s: &State, u: usize, hex: u8, intensive: bool) -> f32 {
        let (number, drm) = self.to_hit(s, u, hex, None);
        let p_hit = p_2d6_at_most(self.shot(u, number, drm, intensive).highest_hitting_roll());
        let he = self.def(u).gun.as_ref().map_or(0, |g| g.he_fp);
        let column = self.column(2 * u16::from(he)).unwrap_or(0);
        p_hit * self.ift_value(s, s.units[u].hex, hex, column, 0)
            - if intensive { 3.0 } else { 0.0 }
    }

    /// The objective the counter's side should go for: the nearest one it does not hold
    /// (the defender: also one with no defender in it).
    fn goal(&self, s: &State, u: usize) -> Option<u8> {
        let side = self.def(u).side;
        let here = s.units[u].hex;
        let rs = &self.rules;
        rs.objectives
            .iter()
            .enumerate()
            .filter(|&(i, &h)| {
                let german = s.german_objectives >> i & 1 == 1;
                let ours = german == (side == 0);
                !ours
                    || (side == rs.holder
                        && !self
                            .in_hex(s, h, side)
                            .any(|o| self.def(o).kind == Kind::Squad && o != u))
            })
            .map(|(_, &h)| h)
            .min_by_key(|&h| rs.board.distance(here, h))
    }

    fn move_value(&self, s: &State, u: usize, hex: u8, cost: u8) -> f32 {
        let rs = &self.rules;
        let board = &rs.board;
        let side = self.def(u).side;
        let here = s.units[u].hex;
        if self.occupied_by(s, hex, 1 - side) {
            return f32::MIN / 4.0; // no overruns
        }
        if self.vehicle(u) {
            let cost_ok = cost <= self.allowance(s, u);
            let enemy_afv = (0..self.n())
                .filter(|&e| self.def(e).side != side && self.vehicle(e) && s.units[e].in_play())
                .map(|e| s.units[e].hex)
                .min_by_key(|&h| board.distance(here, h));
            let sees = enemy_afv.is_some_and(|h| board.sees(hex, h));
            let breakdown_risk = if cost_ok { 0.0 } else { -5.0 };
            if side == rs.holder {
                // The defender's AFVs stay within 3 hexes of the objectives.
                let near = rs
                    .objectives
                    .iter()
                    .map(|&o| board.distance(hex, o))
                    .min()
                    .unwrap_or(0);
                return -(f32::from(near.saturating_sub(3))) * 2.0
                    + if sees { 1.0 } else { 0.0 }
                    + breakdown_risk;
            }
            let target = enemy_afv
                .or_else(|| rs.objectives.first().copied())
                .unwrap_or(here);
            let d = i32::from(board.distance(hex, target));
            return -((d - 6).abs() as f32) + if sees { 2.0 } else { 0.0 } + breakdown_risk;
        }
        if rs.objectives.contains(&here) && side == rs.holder {
            return -10.0; // a defender in an objective stays
        }
        let Some(goal) = self.goal(s, u) else {
            return -10.0;
        };
        let gain = f32::from(board.distance(here, goal)) - f32::from(board.distance(hex, goal));
        let crowd = self
            .in_hex(s, hex, side)
            .filter(|&o| o != u && self.def(o).kind == Kind::Squad)
            .count();
        if self.def(u).kind == Kind::Leader {
            // A leader joins the squads: the most good-order squads, then the objective.
            let squads = self
                .in_hex(s, hex, side)
                .filter(|&o| self.def(o).kind == Kind::Squad && self.good(s, o))
                .count();
            return 4.0 * squads as f32 + gain - 3.0 * self.exposure(s, u, hex);
        }
        gain * 3.0 + f32::from(rs.tem(hex) as u8)
            - 3.0 * self.exposure(s, u, hex)
            - 2.0 * crowd as f32
            - if self.double_time(s, u, hex, cost) {
                1.5
            } else {
                0.0
            }
    }

    /// How many good-order enemy squads and AFVs see `hex` within their normal range, in
    /// full in the open (where Defensive Fire is deadliest), a third in cover.
    fn exposure(&self, s: &State, u: usize, hex: u8) -> f32 {
        let rs = &self.rules;
        let weight = if rs.board.terrain[hex as usize] == super::Terrain::Open {
            1.0
        } else {
            0.35
        };
        let side = self.def(u).side;
        (0..self.n())
            .filter(|&e| {
                self.def(e).side != side
                    && self.good(s, e)
                    && matches!(self.def(e).kind, Kind::Squad | Kind::Vehicle)
            })
            .filter(|&e| {
                let from = s.units[e].hex;
                rs.board.sees(from, hex) && rs.board.distance(from, hex) <= self.def(e).range.max(8)
            })
            .count() as f32
            * weight
    }

    fn advance_value(&self, s: &State, u: usize, hex: u8) -> f32 {
        let side = self.def(u).side;
        let objective = self.rules.objectives.iter().position(|&o| o == hex);
        let held = objective.is_some_and(|i| (s.german_objectives >> i & 1 == 1) == (side == 0));
        if self.occupied_by(s, hex, 1 - side) {
            let att: u16 = self
                .in_hex(s, s.units[u].hex, side)
                .filter(|&o| self.good(s, o))
                .map(|o| u16::from(self.def(o).fp.max(1)))
                .sum();
            let def: u16 = self
                .in_hex(s, hex, 1 - side)
                .map(|o| u16::from(self.def(o).fp.max(1)))
                .sum();
            let worth = if objective.is_some() { 3.0 } else { 1.0 };
            return if 2 * att >= 3 * def { worth } else { -1.0 };
        }
        if objective.is_some() && !held {
            return 5.0;
        }
        // The attacker closes in during the Advance Phase, out of reach of Defensive Fire.
        match self.goal(s, u) {
            Some(goal) if side != self.rules.holder => {
                let board = &self.rules.board;
                let gain = f32::from(board.distance(s.units[u].hex, goal))
                    - f32::from(board.distance(hex, goal));
                gain + 0.5 * f32::from(self.rules.tem(hex) as u8) - self.exposure(s, u, hex) - 0.5
            }
            _ => -1.0,
        }
    }
}
