//! Movement (SL 4-6 and 30, reconstructed costs) with Double Time (73), overrun (72), reverse
//! (71), speed breakdown (79) and buttoning up (64.44); the Advance Phase (SL 19).

use super::board::{MAX_HEXES, NO_HEX};
use super::fire::AFV_MG_BREAKDOWN;
use super::phases::Sink;
use super::procedures::speed_breakdown_number;
use super::ruleset::Kind;
use super::state::{flag, Pending, State};
use super::{Action, CrossOfIron};
use crate::engine::bits::{nth_one128, ones, ones128};

/// 71.3: what changing an AFV's Covered Arc costs once it has backed into its hex ("the
/// usual cost of moving outside its Covered Arc (2 MP for AFVs …)").
pub(super) const PIVOT_MP: u8 = 2;

/// The most a move may cost that the cheapest-cost search follows (MP past it are never
/// reached: no allowance comes near it).
const MAX_COST: usize = 63;

/// The hexes a counter may reach (its own included), by what reaching each costs.
pub(super) struct Reach {
    pub set: u128,
    /// The hexes first reached at each cost, up to `limit`.
    layers: [u128; MAX_COST + 1],
    limit: usize,
}

impl Reach {
    /// What reaching `hex` costs (`u8::MAX`: out of reach).
    pub fn cost(&self, hex: usize) -> u8 {
        (0..=self.limit)
            .find(|&c| self.layers[c] >> hex & 1 == 1)
            .map_or(u8::MAX, |c| c as u8)
    }

    /// The hexes reached for at most `limit`.
    pub fn within(&self, limit: u8) -> u128 {
        let top = usize::from(limit).min(self.limit);
        self.layers[..=top]
            .iter()
            .fold(0, |set, &layer| set | layer)
    }

    /// What reaching every hex costs (`u8::MAX`: out of reach).
    pub fn costs(&self) -> [u8; MAX_HEXES] {
        let mut cost = [u8::MAX; MAX_HEXES];
        for (c, &layer) in self.layers[..=self.limit].iter().enumerate() {
            for h in ones128(layer) {
                cost[h] = c as u8;
            }
        }
        cost
    }
}

/// The leader a squad moves with (`CrossOfIron::escort`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Escort {
    /// This leader, in the squad's hex and not yet moved, goes along on a move past the
    /// squad's own MF.
    Along(usize),
    /// A leader has moved this phase from the squad's hex to this hex: the squad may follow.
    Ahead(u8),
}

impl Escort {
    /// Whether the squad moves with its leader to `hex`: anywhere with one going along, only
    /// to his hex with one gone ahead.
    fn takes_to(self, hex: u8) -> bool {
        match self {
            Escort::Along(_) => true,
            Escort::Ahead(h) => h == hex,
        }
    }
}

/// What a counter may choose in the Movement Phase, in the order they are listed: opening or
/// closing its hatches (64.44), a move to each hex in reach (by hex number), then backing into
/// each hex behind it (71). Staying (`Pass`) is listed after them.
pub(super) struct MoveChoices {
    hatch: bool,
    repair: bool,
    reach: Reach,
    /// The hexes in reach it may end its move in.
    ends: u128,
    /// The hexes it may not end its move in.
    blocked: u128,
    reverses: usize,
}

impl MoveChoices {
    /// How many choices there are (`Pass` not counted).
    pub fn len(&self) -> usize {
        usize::from(self.hatch)
            + usize::from(self.repair)
            + self.ends.count_ones() as usize
            + self.reverses
    }
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
            Kind::Squad => self.squad_mf(u, self.escort(s, u).is_some()),
        }
    }

    /// A squad's MF on its own or moving with a leader (SL 4; 94.2: 3, or 5 "if accompanied
    /// by a leader").
    fn squad_mf(&self, u: usize, with_leader: bool) -> u8 {
        let m = &self.rules.data.charts.morale;
        match (self.inexperienced(u), with_leader) {
            (true, false) => 3,
            (true, true) => 5,
            (false, false) => m.squad_mf,
            (false, true) => m.with_leader_mf,
        }
    }

    /// The leader squad `u` may move with (SL 4; 73.3 "a squad accompanied by a leader";
    /// 94.2). Counters move one at a time here, so a squad moves with a leader by one of two
    /// readings of "accompanied": a good-order leader of its side in its hex who has not moved
    /// goes along on a move past the squad's own MF (`Escort::Along`), and once he has moved
    /// from its hex this phase, the squad may follow him to his hex (`Escort::Ahead`). Sharing
    /// his hex alone gives nothing (trial 17b F2).
    pub(super) fn escort(&self, s: &State, u: usize) -> Option<Escort> {
        let unit = &s.units[u];
        if self.def(u).kind != Kind::Squad || unit.has(flag::MOVED) {
            return None;
        }
        let side = self.def(u).side;
        let leaders = self.rules.sides[side as usize] & s.in_play & self.rules.leaders;
        let good = ones(leaders).filter(|&l| !s.units[l].has(flag::BROKEN));
        let mut ahead = None;
        for l in good {
            let leader = &s.units[l];
            match (leader.hex == unit.hex, leader.has(flag::MOVED)) {
                (true, false) => return Some(Escort::Along(l)),
                (false, true) if leader.moved_from == unit.hex => {
                    ahead = ahead.or(Some(Escort::Ahead(leader.hex)));
                }
                _ => {}
            }
        }
        ahead
    }

    /// The most squad `u` may spend without its leader: its own MF. With a leader to go
    /// along, a longer move is his (and Double Time starts past his MF, 73.3); with one gone
    /// ahead, a longer move elsewhere is its own Double Time.
    pub(super) fn own_move_limit(&self, u: usize) -> u8 {
        self.squad_mf(u, false)
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

    /// The most `u` may spend this phase: past its allowance by Double Time (73.1: 2 MF). An
    /// AFV's speed breakdown (79.2) is one hex past it, added by `search`.
    pub(super) fn move_limit(&self, s: &State, u: usize) -> u8 {
        self.allowance(s, u) + self.double_time_mf(s, u)
    }

    /// The 2 MF Double Time adds (73.1, 73.3), if `u` may double time now.
    fn double_time_mf(&self, s: &State, u: usize) -> u8 {
        let opts = &self.rules.options;
        match !self.vehicle(u) && opts.double_time && !s.units[u].has(flag::TIRED) {
            true => 2,
            false => 0,
        }
    }

    /// The allowance a move of `u` to `hex` for `cost` is made on: its leader's MF when it
    /// moves with him past its own (`escort`), else its own (trial 19b F1: a squad a leader
    /// has left keeps its own Double Time).
    pub(super) fn move_allowance(&self, s: &State, u: usize, hex: u8, cost: u8) -> u8 {
        match self.escort(s, u) {
            Some(e) if cost > self.own_move_limit(u) && e.takes_to(hex) => self.allowance(s, u),
            Some(_) => self.own_move_limit(u),
            None => self.allowance(s, u),
        }
    }

    /// 79.2: the hex `u` moves into `hex` from when its move of `cost` goes past its MA: a hex
    /// within the MA next to it from which the step costs `cost` in all (the lowest-numbered
    /// on a tie), where a failed roll leaves the AFV.
    fn hex_before_the_extra_one(&self, s: &State, u: usize, hex: u8, cost: u8) -> u8 {
        let reach = self.reach(s, u, self.allowance(s, u));
        let impassable = self.occupied(s, 1 - self.def(u).side) & !(1 << s.units[u].hex);
        let board = &self.rules.board;
        let spent = reach.costs();
        let around = board.within(hex, 1) & !(1 << hex) & reach.set & !impassable;
        let from = ones128(around).find(|&n| {
            let dir = usize::from(board.direction(n as u8, hex));
            self.step_cost(u, n as u8, dir)
                .is_some_and(|c| spent[n].saturating_add(c) == cost)
        });
        debug_assert!(
            from.is_some(),
            "79.2: a move past the MA is one hex past it"
        );
        from.map_or(s.units[u].hex, |n| n as u8)
    }

    /// The cheapest cost to every hex within `limit`, passing only hexes free of the enemy
    /// (an AFV may end in an enemy infantry hex: an overrun, 72).
    pub(super) fn reach(&self, s: &State, u: usize, limit: u8) -> Reach {
        self.search(s, u, limit, false)
    }

    /// `reach`, and with `one_hex_past` also each hex one step past those within `limit`, at
    /// the cheapest such step, whatever it costs. 79.2: an AFV that has spent no more than its
    /// MA "may opt to ... exceed its printed Movement Point Allowance ... by moving one
    /// additional hex" (the text sets no limit on the excess; the breakdown number falls by it).
    fn search(&self, s: &State, u: usize, limit: u8, one_hex_past: bool) -> Reach {
        let start: u128 = 1 << s.units[u].hex;
        let impassable = self.occupied(s, 1 - self.def(u).side) & !start;
        let steps = if self.vehicle(u) {
            &self.rules.steps_mp
        } else {
            &self.rules.steps_mf
        };
        // The hexes first reached at each cost (Dial's algorithm, a set of hexes at a time:
        // costs are small integers). Each layer holds every hex reached at its cost until its
        // turn comes, then only those not reached more cheaply.
        let limit = usize::from(limit).min(MAX_COST);
        let mut layers = [0u128; MAX_COST + 1];
        layers[0] = start;
        let (mut seen, mut last) = (0u128, 0);
        for c in 0..=limit {
            if c > last {
                break; // nothing is reached at this cost or more
            }
            let new = layers[c] & !seen;
            layers[c] = new;
            seen |= new;
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
                    if to > limit && !(one_hex_past && to <= MAX_COST) {
                        break;
                    }
                    let entered = next & hexes;
                    if entered != 0 {
                        // Past `limit` a layer is only gathered, never searched onward.
                        layers[to] |= entered;
                        if to <= limit {
                            last = last.max(to);
                        }
                    }
                }
            }
        }
        // The hexes one step past, each at its cheapest cost (nothing is here without
        // `one_hex_past`).
        let mut top = limit;
        for (c, layer) in layers.iter_mut().enumerate().skip(limit + 1) {
            *layer &= !seen;
            seen |= *layer;
            if *layer != 0 {
                top = c;
            }
        }
        Reach {
            set: seen,
            layers,
            limit: top,
        }
    }

    /// The hexes `u` may not end its move in: stacking (SL 6, 92.2) and enemy hexes, but for
    /// an AFV overrunning infantry (72).
    pub(super) fn may_not_end_in(&self, s: &State, u: usize) -> u128 {
        let rs = &self.rules;
        let side = self.def(u).side;
        let enemy = rs.sides[1 - side as usize] & s.in_play;
        let mut blocked = if self.vehicle(u) && !s.units[u].has(flag::IMMOBILIZED) {
            ones(enemy & rs.vehicles).fold(0u128, |set, e| set | 1 << s.units[e].hex)
        } else {
            self.occupied(s, 1 - side)
        };
        let fire = &rs.data.charts.fire;
        let (limit, counted) = match self.def(u).kind {
            Kind::Vehicle => (fire.vehicles_per_hex, rs.vehicles),
            Kind::Squad => (fire.squads_per_hex, rs.squads_and_guns),
            Kind::Leader | Kind::Gun => return blocked,
        };
        let mut stacked = [0u8; MAX_HEXES];
        for o in ones(rs.sides[side as usize] & s.in_play & counted & !(1 << u)) {
            let hex = s.units[o].hex;
            stacked[hex as usize] += 1;
            if stacked[hex as usize] >= limit {
                blocked |= 1 << hex;
            }
        }
        blocked
    }

    /// 64.44: AFV `u` may open or close its hatches (not open-topped, not buttoned up for
    /// good, not changed this phase, its crew not out repairing it).
    pub(super) fn may_open_or_close_hatches(&self, s: &State, u: usize) -> bool {
        let unit = &s.units[u];
        self.def(u).vehicle.as_ref().is_some_and(|v| {
            !v.open_top && !unit.has(flag::FORCED_BU | flag::CE_CHANGED | flag::REPAIRING)
        })
    }

    /// 66.3: "A repair attempt is initiated by placing the vehicle's crew counter on top of
    /// the vehicle during the owner's Movement Phase on any turn after the immobilization
    /// occurs": an AFV immobilised (not for good) whose crew is not out already. (An AFV
    /// immobilised in its own Movement Phase has no decision left in it.)
    pub(super) fn may_start_repair(&self, s: &State, u: usize) -> bool {
        let unit = &s.units[u];
        self.vehicle(u)
            && unit.has(flag::IMMOBILIZED)
            && !unit.has(flag::PERMANENT | flag::REPAIRING)
    }

    /// What `u` may choose in the Movement Phase.
    pub(super) fn move_choices(&self, s: &State, u: usize) -> MoveChoices {
        let unit = &s.units[u];
        let vehicle = self.def(u).vehicle.as_ref();
        // 64.44 allows the Movement and Advance Phases; here the Movement Phase only.
        let hatch = self.may_open_or_close_hatches(s, u);
        let immobile = vehicle.is_some() && unit.has(flag::IMMOBILIZED);
        let blocked = self.may_not_end_in(s, u);
        // Built in place: the search's layers are large to copy.
        let mut choices = MoveChoices {
            hatch,
            repair: self.may_start_repair(s, u),
            reach: if immobile {
                self.reach(s, u, 0)
            } else if vehicle.is_some() && self.rules.options.speed_breakdown {
                self.search(s, u, self.move_limit(s, u), true)
            } else {
                self.reach(s, u, self.move_limit(s, u))
            },
            ends: 0,
            blocked,
            reverses: 0,
        };
        choices.ends = choices.reach.set & !(1 << unit.hex) & !blocked;
        if let Some(Escort::Ahead(hex)) = self.escort(s, u) {
            // Past its own MF (and Double Time's 2) only to where its leader went.
            let own = self.own_move_limit(u) + self.double_time_mf(s, u);
            choices.ends &= choices.reach.within(own) | 1 << hex;
        }
        if vehicle.is_some() && !immobile {
            choices.reverses = self.reverses(s, u, blocked).count();
        }
        choices
    }

    /// The moves open to `u` in the Movement Phase.
    pub(super) fn move_actions(&self, s: &State, u: usize, out: &mut impl Sink) {
        let choices = self.move_choices(s, u);
        if choices.hatch {
            out.push(Action::Hatch);
        }
        if choices.repair {
            out.push(Action::Repair);
        }
        let cost = choices.reach.costs();
        for h in ones128(choices.ends) {
            out.push(Action::Move {
                hex: h as u8,
                cost: cost[h],
            });
        }
        if choices.reverses > 0 {
            for a in self.reverses(s, u, choices.blocked) {
                out.push(a);
            }
        }
    }

    /// Movement choice `i` of `u`, in the order `move_actions` lists them (past the last:
    /// `Pass`).
    pub(super) fn move_choice(
        &self,
        s: &State,
        u: usize,
        choices: &MoveChoices,
        i: usize,
    ) -> Action {
        let mut i = i;
        if choices.hatch {
            if i == 0 {
                return Action::Hatch;
            }
            i -= 1;
        }
        if choices.repair {
            if i == 0 {
                return Action::Repair;
            }
            i -= 1;
        }
        let moves = choices.ends.count_ones() as usize;
        if i < moves {
            let hex = nth_one128(choices.ends, i as u32);
            return Action::Move {
                hex: hex as u8,
                cost: choices.reach.cost(hex),
            };
        }
        if i - moves >= choices.reverses {
            return Action::Pass;
        }
        self.reverses(s, u, choices.blocked)
            .nth(i - moves)
            .expect("one of the reverses counted")
    }

    /// 71, 71.2: the hexes an AFV may back into, each step into "one of the two hexes which
    /// formed the rear target facing" (the one behind under the `hexside` reading) with its
    /// facing kept, at four times the step's cost, never into an enemy-held hex; each at its
    /// cheapest cost, but those it may not end in (`blocked`), in hex order.
    fn reverses(&self, s: &State, u: usize, blocked: u128) -> impl Iterator<Item = Action> {
        let unit = &s.units[u];
        let behind = self.rules.board.covered_arc.behind(unit.hull);
        let mp = self.allowance(s, u);
        let enemy = 1 - self.def(u).side;
        let mut cost = [u8::MAX; MAX_HEXES];
        let (mut reached, mut layer) = (0u128, 1u128 << unit.hex);
        cost[unit.hex as usize] = 0;
        // Every route to a hex takes the same number of steps (two fixed directions), so one
        // layer after another finds each hex's cheapest cost.
        while layer != 0 {
            let mut next_layer = 0;
            for h in ones128(layer) {
                for dir in behind {
                    let next = self.rules.board.neighbour[h][dir as usize];
                    if next == NO_HEX || self.occupied_by(s, next, enemy) {
                        continue;
                    }
                    let Some(step) = self.step_cost(u, h as u8, dir as usize) else {
                        continue;
                    };
                    let spent = cost[h].saturating_add(step.saturating_mul(4));
                    if spent <= mp && spent < cost[next as usize] {
                        cost[next as usize] = spent;
                        next_layer |= 1 << next;
                    }
                }
            }
            reached |= next_layer;
            layer = next_layer;
        }
        ones128(reached & !blocked).map(move |h| Action::Reverse {
            hex: h as u8,
            cost: cost[h],
        })
    }

    /// Moves `u` to `hex` for `cost` (a cost `move_actions` listed): it loses acquisition
    /// (69.3); an AFV then faces (64.1), may have overrun (72) or pushed past its MA (79).
    pub(super) fn do_move(&self, s: &mut State, u: usize, hex: u8, cost: u8) {
        let double_time = self.double_time(s, u, hex, cost);
        let enemy = self.occupied_by(s, hex, 1 - self.def(u).side);
        let from = s.units[u].hex;
        // 79.2: where a failed speed breakdown roll leaves it, found from where it starts.
        let back = (self.vehicle(u) && cost > self.allowance(s, u))
            .then(|| self.hex_before_the_extra_one(s, u, hex, cost));
        if let Some(Escort::Along(leader)) = self.escort(s, u) {
            if cost > self.own_move_limit(u) {
                // SL 4, 73.3: the leader whose MF it used moves with it.
                let leader_double_time = self.double_time(s, leader, hex, cost);
                self.relocate(s, leader, hex);
                s.units[leader].moved(from, leader_double_time);
            }
        }
        self.relocate(s, u, hex);
        let unit = &mut s.units[u];
        unit.moved(from, double_time);
        unit.acquired = u8::MAX;
        unit.acquisition = 0;
        if !self.vehicle(u) {
            return;
        }
        // The hull keeps its facing for a move straight ahead, else turns to the move's line;
        // the turret comes onto the hull's line; `face` marks the arcs this changed (64.123).
        let dir = self.rules.board.direction(from, hex);
        let arc = self.rules.board.covered_arc;
        let hull = if arc.ahead(unit.hull, dir) {
            unit.hull
        } else {
            dir
        };
        unit.face(hull, hull, s.phase);
        if let Some(number) = self.speed_breakdown_at(s, u, cost) {
            // 79.2: the extra hex is entered only if the roll passes; an overrun there waits
            // for it (`resolve_speed_breakdown`).
            s.mark_due(u, flag::FACE_DUE);
            s.pending = Pending::SpeedBreakdown {
                unit: u as u8,
                number: number as i8,
                from: back.expect("a move past the MA"),
            };
        } else {
            s.mark_due(
                u,
                flag::FACE_DUE | if enemy { flag::OVERRUN_DUE } else { 0 },
            );
        }
    }

    /// 79.2: the speed breakdown roll `raw` of `u`, moved one hex past its MA from `from`. "If
    /// it fails this breakdown dice roll, it does not get to move into the extra hex and is
    /// immobilized" ("returned to the last hex occupied before the dice roll"), facing the hex
    /// it failed to enter; if it passes, it is there, and overruns any enemy infantry (72).
    pub(super) fn resolve_speed_breakdown(
        &self,
        s: &mut State,
        u: usize,
        number: i8,
        from: u8,
        raw: u8,
    ) {
        let hex = s.units[u].hex;
        if super::procedures::speed_breakdown(raw, i32::from(number)) {
            self.relocate(s, u, from);
            let unit = &mut s.units[u];
            unit.flags |= flag::IMMOBILIZED;
            let dir = self.rules.board.direction(from, hex);
            unit.face(dir, dir, s.phase);
        } else if self.occupied_by(s, hex, 1 - self.def(u).side) {
            s.mark_due(u, flag::OVERRUN_DUE);
        }
    }

    /// 79.2: the breakdown number a move of `cost` past vehicle `u`'s MA risks (None: within
    /// its MA, or infantry).
    pub(super) fn speed_breakdown_at(&self, s: &State, u: usize, cost: u8) -> Option<i32> {
        let mp = self.allowance(s, u);
        (self.vehicle(u) && cost > mp).then(|| speed_breakdown_number(2 * u16::from(cost - mp)))
    }

    /// 72.4, 72.5: an overrun in woods or smoke: the board has no wheatfields, and its only
    /// smoke is the counter on a burning wreck (67.1) until it goes out (67.11).
    pub(super) fn woods_or_smoke(&self, s: &State, hex: u8) -> bool {
        self.rules.board.terrain[hex as usize] == super::Terrain::Woods
            || (0..self.n()).any(|u| s.units[u].hex == hex && s.units[u].has(flag::BURNING))
    }

    /// Whether AFV `u` has MGs working to fire in an overrun (72.1).
    pub(super) fn overrun_mgs(&self, s: &State, u: usize) -> bool {
        let v = self.def(u).vehicle.as_ref().expect("a vehicle");
        v.bow_mg + v.coax_mg > 0 && !s.units[u].has(flag::SW_BROKEN | flag::SW_DISABLED)
    }

    /// 72.1: an overrun of `hex` by AFV `u`: 4, half the main gun's HE firepower (doubled for
    /// a gun of ROF 2 or more) and the AFV's MGs; halved in woods or smoke (72.4). `None`: no
    /// working gun with HE and no MG, so no base 4 and no attack (the AFV still enters).
    pub(super) fn overrun_attack(&self, s: &State, u: usize, hex: u8) -> Option<OverrunAttack> {
        let d = self.def(u);
        let v = d.vehicle.as_ref().expect("a vehicle");
        let gun = d
            .gun
            .as_ref()
            .filter(|_| !s.units[u].has(flag::GUN_BROKEN | flag::DISABLED));
        // In half factors: half the HE firepower is `he_fp` halves, doubled for ROF 2 or more.
        let gun_half = gun.map_or(0, |g| u16::from(g.he_fp) * if g.rof > 1 { 2 } else { 1 });
        let mg_half = if self.overrun_mgs(s, u) {
            2 * u16::from(v.bow_mg + v.coax_mg)
        } else {
            0
        };
        if gun_half + mg_half == 0 {
            return None;
        }
        let smoke = self.woods_or_smoke(s, hex);
        let whole = 8 + gun_half + mg_half;
        // 63.18: "any ... firepower result dice roll" at the gun's B# jams the gun firing in
        // the overrun; with no gun in it, the MGs break down at theirs (95.3).
        let breakdown = match gun.filter(|_| gun_half > 0) {
            Some(g) => g.breakdown,
            None => AFV_MG_BREAKDOWN,
        };
        Some(OverrunAttack {
            gun_half,
            mg_half,
            smoke,
            half: if smoke { whole / 2 } else { whole },
            // 76.6: the armour leader's modifier applies to overrun attacks.
            drm: self.armour_leader_drm(s, u),
            breakdown,
        })
    }

    /// 72.1: the overrun's IFT attack, once AFV `u` is in the hex.
    pub(super) fn overrun(&self, s: &mut State, u: usize) {
        s.clear_due(u, flag::OVERRUN_DUE);
        let hex = s.units[u].hex;
        let Some(attack) = self.overrun_attack(s, u, hex) else {
            return;
        };
        if let Some(column) = self.column(attack.half) {
            s.pending = Pending::Fire {
                firer: u as u8,
                hex,
                column,
                drm: attack.drm,
                breakdown: attack.breakdown,
                gun: attack.gun_half > 0,
                overrun: u as u8,
            };
        }
    }

    /// Whether a move of `cost` takes infantry `u` past its MF: Double Time (73).
    pub(super) fn double_time(&self, s: &State, u: usize, hex: u8, cost: u8) -> bool {
        !self.vehicle(u) && cost > self.move_allowance(s, u, hex, cost)
    }

    /// 71: backs `u` into `hex` for `cost`, keeping its facing (71.3: "The vehicle's Covered
    /// Arc may not change while moving in reverse"). 71.3: "Once backed into its new hex, it
    /// may change its Covered Arc at the usual cost of moving outside its Covered Arc (2 MP
    /// for AFVs …)": with 2 MP left it chooses a facing, as after a forward move (its present
    /// one keeps the turret where it is).
    pub(super) fn do_reverse(&self, s: &mut State, u: usize, hex: u8, cost: u8) {
        let from = s.units[u].hex;
        self.relocate(s, u, hex);
        let unit = &mut s.units[u];
        unit.moved(from, false);
        unit.acquired = u8::MAX;
        unit.acquisition = 0;
        if u16::from(cost) + u16::from(PIVOT_MP) <= u16::from(self.allowance(s, u)) {
            s.mark_due(u, flag::FACE_DUE);
        }
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

/// An overrun's attack (72.1), in half firepower factors.
pub struct OverrunAttack {
    pub gun_half: u16,
    pub mg_half: u16,
    /// 72.4: woods or smoke halve it.
    pub smoke: bool,
    pub half: u16,
    pub drm: i8,
    pub breakdown: u8,
}

impl OverrunAttack {
    /// "4 + HE 6 + MGs 4 = 14 FP, ×½ in woods or smoke (72.4) = 7 FP" (trial 23g F4).
    pub fn words(&self) -> String {
        let factors = |half: u16| match half % 2 {
            0 => format!("{}", half / 2),
            _ => format!("{}½", half / 2),
        };
        let mut text = "4".to_string();
        if self.gun_half > 0 {
            text += &format!(" + HE {}", factors(self.gun_half));
        }
        if self.mg_half > 0 {
            text += &format!(" + MGs {}", factors(self.mg_half));
        }
        let whole = 8 + self.gun_half + self.mg_half;
        text += &format!(" = {} FP", factors(whole));
        if self.smoke {
            text += &format!(", ×½ in woods or smoke (72.4) = {} FP", factors(self.half));
        }
        text
    }
}
