//! Movement (SL 4-6 and 30, reconstructed costs) with Double Time (73), overrun (72), reverse
//! (71), speed breakdown (79) and buttoning up (64.44); the Advance Phase (SL 19).

use super::board::{MAX_HEXES, NO_HEX};
use super::phases::Sink;
use super::procedures::speed_breakdown_number;
use super::ruleset::Kind;
use super::state::{flag, Pending, State};
use super::{Action, CrossOfIron};
use crate::engine::bits::ones128;

/// 79: how far past its MA a tracked AFV may push (reconstructed: the text gives no limit;
/// 3 MP makes the breakdown number 9).
const SPEED_BREAKDOWN_EXCESS: u8 = 3;

/// The hexes a counter may reach (its own included), and what reaching each costs
/// (`u8::MAX`: out of reach).
pub(super) struct Reach {
    pub set: u128,
    pub cost: [u8; MAX_HEXES],
}

impl CrossOfIron {
    /// A squad's or leader's MF (SL 4; 94.2 inexperienced), or a vehicle's MP.
    pub(super) fn allowance(&self, s: &State, u: usize) -> u8 {
        let d = self.def(u);
        let m = &self.rules.data.charts.morale;
        match d.kind {
            Kind::Vehicle => d.vehicle.as_ref().map_or(0, |v| v.mp),
            Kind::Leader => m.leader_mf,
            Kind::Gun => 0,
            Kind::Squad => {
                let with_leader = self.leadership_present(s, u);
                match (self.inexperienced(u), with_leader) {
                    (true, false) => 3, // 94.2
                    (true, true) => 5,
                    (false, false) => m.squad_mf,
                    (false, true) => m.with_leader_mf,
                }
            }
        }
    }

    /// A good-order leader of its side shares the squad's hex (it may move with him).
    fn leadership_present(&self, s: &State, u: usize) -> bool {
        let (hex, side) = (s.units[u].hex, self.def(u).side);
        self.in_hex(s, hex, side)
            .any(|o| self.def(o).kind == Kind::Leader && self.good(s, o))
    }

    /// What stepping from each hex in each direction costs `u` (`u8::MAX`: it may not).
    fn step_costs(&self, u: usize) -> &[[u8; 6]] {
        if self.vehicle(u) {
            &self.rules.step_mp
        } else {
            &self.rules.step_mf
        }
    }

    /// What entering the hex in direction `dir` from `from` costs `u` (`None`: it may not).
    fn step_cost(&self, u: usize, from: u8, dir: usize) -> Option<u8> {
        let c = self.step_costs(u)[from as usize][dir];
        (c != u8::MAX).then_some(c)
    }

    /// The cost of every hex `u` may reach this phase: past its allowance by Double Time
    /// (73.1: 2 MF) or speed breakdown (79).
    pub(super) fn move_costs(&self, s: &State, u: usize) -> Reach {
        let base = self.allowance(s, u);
        let opts = &self.rules.options;
        let extra = if self.vehicle(u) && opts.speed_breakdown {
            SPEED_BREAKDOWN_EXCESS
        } else if !self.vehicle(u) && opts.double_time && !s.units[u].has(flag::TIRED) {
            2
        } else {
            0
        };
        self.reach(s, u, base + extra)
    }

    /// The cheapest cost to every hex within `limit`, passing only hexes free of the enemy
    /// (an AFV may end in an enemy infantry hex: an overrun, 72).
    pub(super) fn reach(&self, s: &State, u: usize, limit: u8) -> Reach {
        let start: u128 = 1 << s.units[u].hex;
        let impassable = self.occupied(s, 1 - self.def(u).side) & !start;
        let steps = if self.vehicle(u) {
            &self.rules.steps_mp
        } else {
            &self.rules.steps_mf
        };
        let mut cost = [u8::MAX; MAX_HEXES];
        // The hexes first reached at each cost (Dial's algorithm, a set of hexes at a time:
        // costs are small integers).
        let mut reached = [0u128; 64];
        let limit = usize::from(limit).min(reached.len() - 1);
        reached[0] = start;
        let mut seen = 0u128;
        for c in 0..=limit {
            let new = reached[c] & !seen;
            seen |= new;
            for h in ones128(new) {
                cost[h] = c as u8;
            }
            let onward = new & !impassable;
            if onward == 0 {
                continue;
            }
            for (level, &on_level) in steps.levels.iter().enumerate() {
                let from = onward & on_level;
                if from == 0 {
                    continue;
                }
                let next = steps.neighbours(from);
                for &(entry_cost, hexes) in &steps.entered[level] {
                    let to = c + usize::from(entry_cost);
                    if to > limit {
                        break;
                    }
                    reached[to] |= next & hexes;
                }
            }
        }
        Reach { set: seen, cost }
    }

    /// The hexes `u` may not end its move in: stacking (SL 6, 92.2) and enemy hexes, but for
    /// an AFV overrunning infantry (72).
    fn may_not_end_in(&self, s: &State, u: usize) -> u128 {
        let side = self.def(u).side;
        let overruns = self.vehicle(u) && !s.units[u].has(flag::IMMOBILIZED);
        let enemies = self.side_in_play(s, 1 - side);
        let mut blocked = enemies
            .filter(|&e| !overruns || self.vehicle(e))
            .fold(0u128, |set, e| set | 1 << s.units[e].hex);
        let fire = &self.rules.data.charts.fire;
        let (limit, counts): (u8, fn(Kind) -> bool) = match self.def(u).kind {
            Kind::Vehicle => (fire.vehicles_per_hex, |k| k == Kind::Vehicle),
            Kind::Squad => (fire.squads_per_hex, |k| {
                matches!(k, Kind::Squad | Kind::Gun)
            }),
            Kind::Leader | Kind::Gun => return blocked,
        };
        let mut stacked = [0u8; MAX_HEXES];
        for o in self.side_in_play(s, side) {
            let hex = s.units[o].hex;
            if o != u && counts(self.def(o).kind) {
                stacked[hex as usize] += 1;
                if stacked[hex as usize] >= limit {
                    blocked |= 1 << hex;
                }
            }
        }
        blocked
    }

    /// The moves open to `u` in the Movement Phase.
    pub(super) fn move_actions(&self, s: &State, u: usize, out: &mut impl Sink) {
        let unit = &s.units[u];
        if self.vehicle(u) {
            let v = self.def(u).vehicle.as_ref().expect("a vehicle");
            // 64.44 allows the Movement and Advance Phases; here the Movement Phase only.
            if !v.open_top && !unit.has(flag::FORCED_BU | flag::CE_CHANGED) {
                out.push(Action::Hatch);
            }
            if unit.has(flag::IMMOBILIZED) {
                return;
            }
        }
        let reach = self.move_costs(s, u);
        let here = 1 << unit.hex;
        for h in ones128(reach.set & !here & !self.may_not_end_in(s, u)) {
            out.push(Action::Move {
                hex: h as u8,
                cost: reach.cost[h],
            });
        }
        if self.vehicle(u) {
            self.reverse_actions(s, u, out);
        }
    }

    /// 71: hexes straight behind an AFV, each at four times its cost.
    fn reverse_actions(&self, s: &State, u: usize, out: &mut impl Sink) {
        let unit = &s.units[u];
        let back = (unit.hull + 3) % 6;
        let mp = self.allowance(s, u);
        let blocked = self.may_not_end_in(s, u);
        let (mut hex, mut spent) = (unit.hex, 0u8);
        loop {
            let next = self.rules.board.neighbour[hex as usize][back as usize];
            if next == NO_HEX || self.occupied_by(s, next, 1 - self.def(u).side) {
                return;
            }
            let Some(step) = self.step_cost(u, hex, back as usize) else {
                return;
            };
            spent = spent.saturating_add(step.saturating_mul(4));
            if spent > mp {
                return;
            }
            if blocked >> next & 1 == 0 {
                out.push(Action::Reverse {
                    hex: next,
                    cost: spent,
                });
            }
            hex = next;
        }
    }

    /// Moves `u` to `hex` for `cost` (a cost `move_actions` listed): it loses acquisition
    /// (69.3); an AFV then faces (64.1), may have overrun (72) or pushed past its MA (79).
    pub(super) fn do_move(&self, s: &mut State, u: usize, hex: u8, cost: u8) {
        let double_time = self.double_time(s, u, cost);
        let enemy = self.occupied_by(s, hex, 1 - self.def(u).side);
        let from = s.units[u].hex;
        self.relocate(s, u, hex);
        let unit = &mut s.units[u];
        unit.flags |= flag::MOVED | flag::DONE | if double_time { flag::DOUBLE_TIME } else { 0 };
        unit.acquired = u8::MAX;
        unit.acquisition = 0;
        if !self.vehicle(u) {
            return;
        }
        unit.flags |= flag::FACE_DUE | if enemy { flag::OVERRUN_DUE } else { 0 };
        unit.hull = self.rules.board.direction(from, hex);
        unit.turret = unit.hull;
        let mp = self.allowance(s, u);
        if cost > mp {
            let number = speed_breakdown_number(2 * u16::from(cost - mp)) as i8;
            s.pending = Pending::SpeedBreakdown {
                unit: u as u8,
                number,
            };
        }
    }

    /// 72.1: an overrun attacks the hex on the IFT with 4, half the main gun's HE firepower
    /// (doubled for a gun of ROF 2 or more) and the AFV's MGs; halved in woods (72.4).
    pub(super) fn overrun(&self, s: &mut State, u: usize) {
        s.units[u].flags &= !flag::OVERRUN_DUE;
        let hex = s.units[u].hex;
        let d = self.def(u);
        let v = d.vehicle.as_ref().expect("a vehicle");
        let gun = d
            .gun
            .as_ref()
            .filter(|_| !s.units[u].has(flag::GUN_BROKEN | flag::DISABLED));
        let mut half = 8 + gun.map_or(0, |g| u16::from(g.he_fp) * if g.rof > 1 { 2 } else { 1 });
        half += 2 * u16::from(v.bow_mg + v.coax_mg);
        if self.rules.board.terrain[hex as usize] == super::Terrain::Woods {
            half /= 2;
        }
        // 76.6: the armour leader's modifier applies to overrun attacks.
        let drm = if d.armor_leader && !s.units[u].has(flag::LEADER_LOST) {
            d.leadership
        } else {
            0
        };
        if let Some(column) = self.column(half) {
            s.pending = Pending::Fire {
                firer: u as u8,
                hex,
                column,
                drm,
                breakdown: 0,
                overrun: u as u8,
            };
        }
    }

    /// Whether a move of `cost` takes infantry `u` past its MF: Double Time (73).
    pub(super) fn double_time(&self, s: &State, u: usize, cost: u8) -> bool {
        !self.vehicle(u) && cost > self.allowance(s, u)
    }

    /// 71: backs `u` into `hex`, keeping its facing.
    pub(super) fn do_reverse(&self, s: &mut State, u: usize, hex: u8) {
        self.relocate(s, u, hex);
        let unit = &mut s.units[u];
        unit.flags |= flag::MOVED | flag::DONE;
        unit.acquired = u8::MAX;
        unit.acquisition = 0;
    }

    /// The hexes `u` may advance into (SL 19): any adjacent hex within stacking; an enemy
    /// hex starts a close combat.
    pub(super) fn advance_actions(&self, s: &State, u: usize, out: &mut impl Sink) {
        let side = self.def(u).side;
        let squads = self.rules.data.charts.fire.squads_per_hex as usize;
        for &n in &self.rules.board.neighbour[s.units[u].hex as usize] {
            if n == NO_HEX {
                continue;
            }
            let crowded = self.def(u).kind == Kind::Squad
                && self
                    .in_hex(s, n, side)
                    .filter(|&o| matches!(self.def(o).kind, Kind::Squad | Kind::Gun))
                    .count()
                    >= squads;
            if !crowded {
                out.push(Action::Advance { hex: n });
            }
        }
    }
}
