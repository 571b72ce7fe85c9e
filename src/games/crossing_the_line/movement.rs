//! The Movement Action (7.3) and the Formation Reaction it may trigger (6.4).
//!
//! A move is two decisions: the mover (`Select`: any units of one formation in one hex, 7.3.1),
//! then its destination (a macro move, `Move` or `Infiltrate`). For the destination the engine
//! takes the cheapest path in MP (ties broken by a fixed search order) and walks it hex by hex,
//! so that a Reaction can stop the mover at the very hex that triggered it, lone enemy HQs are
//! displaced as the mover comes adjacent (7.3.6), and VP hexes change hands as it passes (9).
//!
//! Decisions on open points, each also beside its code:
//! - 7.3.1: a moving stack is of one formation, a Battle Victory's too (7.5.3: a winning stack
//!   of two formations moves formation by formation).
//! - AMBIG-22 (7.3.5): the leg +2 MA is a separate choice made before moving; "enemy unit"
//!   includes HQs.
//! - AMBIG-23 (3.1.1, 7.3.3): only motorized and US leg units move at the road rate; German leg
//!   units pay the terrain. The other reading (the reading `german_leg_roads = "road_rate"`)
//!   gives them the road rate too.
//! - AMBIG-25 (7.3.4): infiltrating units that fail their EC stay behind, disrupted.
//! - AMBIG-26 (6.4): "attempts to exit" is checked at the start hex only; later hexes were
//!   already offered on entering, and stopping there is the same as not leaving.
//! - 5.3.1: the engine offers no move that ends overstacked (the penalties only hurt the
//!   mover); a Reaction can still stop a mover in a full hex, and overstacking is resolved.

use super::action::Action;
use super::charts::{Hexside, HexsideMp};
use super::command::{self, enemy_adjacent, enemy_present_adjacent, Standing};
use super::control::{CommandStatus, HexSet};
use super::counters::Movement;
use super::map::{HexsideFeatures, Terrain};
use super::ops;
use super::readings;
use super::ruleset::{Ruleset, ScenarioKind, NO_HEX};
use super::side::Side;
use super::stacking;
use super::state::{
    bits, AfterOverstack, CheckKind, Formations, Moving, Pending, State, Step, Units, BONUS_ONLY,
    MAX_PATH,
};
use super::victory;

/// 7.3.5: the leg bonus, in half-MPs.
const LEG_BONUS_HALF_MP: u8 = 4;

/// What a moving unit or stack brings to the MP costs (7.3.1: the slowest MA rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Group {
    side: Side,
    ma_half: u8,
    leg: bool,
    motorized: bool,
    /// 3.1.1, AMBIG-23: every unit of the group may use the road rate.
    road: bool,
    /// `StepTerrain::off_road` index: leg, motorized or mixed.
    kind: usize,
}

fn group(rs: &Ruleset, units: Units) -> Group {
    let mut g = Group {
        side: Side::Us,
        ma_half: u8::MAX,
        leg: false,
        motorized: false,
        road: true,
        kind: 0,
    };
    for u in bits(units) {
        let info = rs.unit(u);
        g.side = info.side;
        g.ma_half = g.ma_half.min(info.ma.saturating_mul(2));
        let leg = info.movement == Movement::Leg;
        g.leg |= leg;
        g.motorized |= !leg;
        g.road &= !leg || info.side == Side::Us || rs.charts.german_leg_road_rate();
    }
    g.kind = match (g.leg, g.motorized) {
        (true, false) => 0,
        (false, true) => 1,
        _ => 2,
    };
    g
}

/// What the map alone says of a step across one hexside (7.3.2, 7.3.3, 7.3.7), computed once
/// per hexside by the ruleset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepTerrain {
    /// Half-MPs off the road (hex plus hexside terrain) for a leg, a motorized and a mixed
    /// mover; `ROAD_ONLY` or `ENTIRE_MA` instead where the hexside demands it.
    pub off_road: [u8; 3],
    /// Half-MPs of the hex terrain alone, for a crossing allowed only along a road by a
    /// mover that does not move at the road rate.
    pub hex_only: [u8; 3],
    /// A road runs across the hexside (7.3.3).
    pub road: bool,
    /// The Roer runs along it (7.3.7).
    pub roer: bool,
    /// The target is a Town, City or Industrial hex: no road rate into it (3.1.1).
    pub into_built_up: bool,
}

/// `StepTerrain::off_road`: the hexside may be crossed only along a road.
const ROAD_ONLY: u8 = u8::MAX;
/// `StepTerrain::off_road`: the crossing takes the entire MA (7.3.7).
const ENTIRE_MA: u8 = u8::MAX - 1;

/// The static cost of the step from dense index `from` across `dir` into `to`.
pub fn step_terrain(
    map: &super::map::Map,
    charts: &super::charts::Charts,
    from: usize,
    dir: usize,
    to: usize,
) -> StepTerrain {
    let features = map.hexside_at(from, dir);
    let road = features.contains(HexsideFeatures::ROAD);
    let (from_t, to_t) = (map.terrain_at(from), map.terrain_at(to));
    let tec = charts.terrain(to_t);
    let mut half_mp = [tec.half_mp_leg, tec.half_mp_motorized];
    let (mut whole, mut road_only) = ([false; 2], [false; 2]);
    // 7.3.7: no stream cost for a unit "following the path of a road" (at whatever rate it
    // moves, AMBIG-23), nor from or into a Town or Industrial hex.
    let stream_waived = road
        || [from_t, to_t]
            .iter()
            .any(|t| matches!(t, Terrain::Town | Terrain::Industrial));
    for (feature, hexside) in [
        (HexsideFeatures::STREAM, Hexside::Stream),
        (HexsideFeatures::DRAGONS_TEETH, Hexside::DragonsTeeth),
    ] {
        // 7.3.7: a stream costs nothing along a road or from or into a Town or Industrial hex
        // (AMBIG-24: the text names no City, read literally); 3.1.1: a road through dragon's
        // teeth negates their penalty for movement through that hexside.
        let waived = match hexside {
            Hexside::Stream => stream_waived,
            _ => road,
        };
        if !features.contains(feature) || waived {
            continue;
        }
        let effects = charts.hexside(hexside);
        for (m, mp) in [effects.mp_leg, effects.mp_motorized]
            .into_iter()
            .enumerate()
        {
            match mp {
                HexsideMp::Extra(n) => half_mp[m] = half_mp[m].saturating_add(n).min(ENTIRE_MA - 1),
                HexsideMp::EntireMa => whole[m] = true,
                HexsideMp::Prohibited => road_only[m] = true,
            }
        }
    }
    let kind = |ms: &[usize]| {
        if ms.iter().any(|&m| road_only[m]) {
            ROAD_ONLY
        } else if ms.iter().any(|&m| whole[m]) {
            ENTIRE_MA
        } else {
            ms.iter().map(|&m| half_mp[m]).max().unwrap_or(0)
        }
    };
    let hex_mp = [tec.half_mp_leg, tec.half_mp_motorized];
    StepTerrain {
        off_road: [kind(&[0]), kind(&[1]), kind(&[0, 1])],
        hex_only: [hex_mp[0], hex_mp[1], hex_mp[0].max(hex_mp[1])],
        road,
        roer: features.contains(HexsideFeatures::ROER),
        into_built_up: to_t.is_built_up(),
    }
}

/// What a step's legality and cost read from the state, gathered once per search.
struct Steps<'a> {
    rs: &'a Ruleset,
    g: Group,
    /// Hexes the mover may not enter: enemy units (7.3; a lone HQ is displaced before it is
    /// reached, 7.3.6), and for German units on turns 1–3 the far side of the pillbox line
    /// (7.3.8).
    blocked: HexSet,
    ezoc: HexSet,
}

impl<'a> Steps<'a> {
    fn new(rs: &'a Ruleset, s: &State, g: Group) -> Steps<'a> {
        let enemy = g.side.other().index();
        let blocked = s.present[enemy].union(&rs.barred_hexes(g.side, s.turn));
        Steps {
            rs,
            g,
            blocked,
            ezoc: s.zoc[enemy],
        }
    }

    /// The cost of one step across hexside `dir` of `from`: half-MPs and whether the mover
    /// must stop there. `None`: the step is not allowed.
    fn cost(&self, from: u16, dir: usize, first: bool) -> Option<(u8, bool)> {
        let to = self.rs.neighbour(from, dir);
        let from_z = self.ezoc.contains(usize::from(from));
        self.step(from_z, to, self.rs.step_terrain(from, dir), first)
    }

    #[inline]
    fn step(&self, from_z: bool, to: u16, t: &StepTerrain, first: bool) -> Option<(u8, bool)> {
        let g = &self.g;
        if to == NO_HEX || self.blocked.contains(usize::from(to)) {
            return None;
        }
        // 7.3.7: the Roer: never for the US; Germans only along the road crossings.
        if t.roer && (g.side == Side::Us || !t.road) {
            return None;
        }
        let to_z = self.ezoc.contains(usize::from(to));
        // 5.4.1: EZOC to EZOC only by Infiltration; entering an EZOC stops the mover.
        if from_z && to_z {
            return None;
        }
        // 7.3.3: the road rate from road hex to road hex, never into a built-up hex or into
        // or out of an EZOC; it ignores hex and hexside terrain.
        if t.road && g.road && !t.into_built_up && !from_z && !to_z {
            return Some((self.rs.charts.road_half_mp(), false));
        }
        match t.off_road[g.kind] {
            ROAD_ONLY if !t.road => None,
            ROAD_ONLY => Some((t.hex_only[g.kind], to_z)),
            // 7.3.7: start adjacent, cross as the first step, spend the entire MA and stop.
            ENTIRE_MA => first.then_some((g.ma_half, true)),
            cost => Some((cost, to_z)),
        }
    }
}

/// The hexes a group reaches from `start`, with their cheapest cost and path.
struct Reach {
    cost: [u8; HexSet::CAPACITY],
    prev: [u16; HexSet::CAPACITY],
    list: [u16; HexSet::CAPACITY],
    n: usize,
    /// The bucket queue: hexes by cost, chained through `next`.
    head: [u16; 64],
    next: [u16; HexSet::CAPACITY],
}

impl Reach {
    fn new() -> Reach {
        Reach {
            cost: [u8::MAX; HexSet::CAPACITY],
            prev: [NO_HEX; HexSet::CAPACITY],
            list: [NO_HEX; HexSet::CAPACITY],
            n: 0,
            head: [NO_HEX; 64],
            next: [NO_HEX; HexSet::CAPACITY],
        }
    }

    fn reached(&self) -> impl Iterator<Item = u16> + '_ {
        self.list[1..self.n].iter().copied()
    }

    fn contains(&self, h: u16) -> bool {
        self.cost[usize::from(h)] != u8::MAX
    }

    fn push(&mut self, h: u16, cost: u8) {
        let i = usize::from(h);
        if self.cost[i] == u8::MAX {
            self.list[self.n] = h;
            self.n += 1;
        }
        self.cost[i] = cost;
        self.next[i] = self.head[usize::from(cost)];
        self.head[usize::from(cost)] = h;
    }

    /// The path from the start to `to`, into `out`; its length.
    fn path(&self, to: u16, out: &mut [u16; MAX_PATH]) -> usize {
        let mut rev = [NO_HEX; MAX_PATH];
        let (mut n, mut h) = (0, to);
        while h != NO_HEX && n < MAX_PATH {
            rev[n] = h;
            n += 1;
            h = self.prev[usize::from(h)];
        }
        for i in 0..n {
            out[i] = rev[n - 1 - i];
        }
        n
    }
}

/// Cheapest-path search over half-MPs (7.3.2): stops at EZOC hexes and after an entire-MA
/// crossing; the first step is always allowed when legal (7.3.2 minimum move). With
/// `leg_bonus` the MA is 2 more and no hex of `near_enemy` (the hexes adjacent to an enemy
/// unit) may be entered (7.3.5).
fn reach(
    rs: &Ruleset,
    s: &State,
    g: &Group,
    start: u16,
    leg_bonus: Option<&HexSet>,
    r: &mut Reach,
) {
    let ma = (g.ma_half
        + if leg_bonus.is_some() {
            LEG_BONUS_HALF_MP
        } else {
            0
        })
    .min(63);
    let mut steps = Steps::new(rs, s, *g);
    if let Some(near_enemy) = leg_bonus {
        steps.blocked = steps.blocked.union(near_enemy);
    }
    r.head = [NO_HEX; 64];
    r.push(start, 0);
    let mut terminal = HexSet::EMPTY;
    for c in 0..=ma {
        let mut h = std::mem::replace(&mut r.head[usize::from(c)], NO_HEX);
        while h != NO_HEX {
            let next = r.next[usize::from(h)];
            let stale = r.cost[usize::from(h)] != c || terminal.contains(usize::from(h));
            if !stale {
                expand(rs, &steps, r, &mut terminal, h, h == start, c, ma);
            }
            h = next;
        }
    }
}

/// Relaxes the steps out of `h`, reached at cost `c`.
#[allow(clippy::too_many_arguments)]
fn expand(
    rs: &Ruleset,
    steps: &Steps,
    r: &mut Reach,
    terminal: &mut HexSet,
    h: u16,
    first: bool,
    c: u8,
    ma: u8,
) {
    let from_z = steps.ezoc.contains(usize::from(h));
    let (neighbours, terrain) = (rs.neighbour_row(h), rs.step_row(h));
    for dir in 0..6 {
        let to = neighbours[dir];
        // No step is cheaper than the cheapest: a hex reached for `c` plus that stays.
        if to == NO_HEX || r.cost[usize::from(to)] <= c.saturating_add(rs.min_step_half) {
            continue;
        }
        let Some((step, stop)) = steps.step(from_z, to, &terrain[dir], first) else {
            continue;
        };
        let (mut total, mut stop) = (c.saturating_add(step), stop);
        if first && total > ma {
            (total, stop) = (ma, true);
        }
        let i = usize::from(to);
        if total > ma || total >= r.cost[i] {
            continue;
        }
        r.push(to, total);
        r.prev[i] = h;
        if stop {
            terminal.insert(i);
        } else {
            terminal.remove(i);
        }
    }
}

/// 7.3.5: the hexes next to a unit of `side`'s enemy, HQs included (AMBIG-22).
fn near_enemy(rs: &Ruleset, s: &State, side: Side) -> HexSet {
    rs.adjacent_to(&s.present[side.other().index()])
}

/// 7.3.1: the units a mover names: bit `i` of `pick` is the `i`-th of the acting side's units
/// in `from`, in unit order (5.3.1 holds a hex to a few units; `combat::MAX_STACK`).
pub fn movers_of(rs: &Ruleset, s: &State, from: u16, pick: u8) -> Units {
    bits(s.units_at(rs, s.act().side, from))
        .take(8)
        .enumerate()
        .filter(|&(i, _)| pick >> i & 1 != 0)
        .fold(0, |m, (_, u)| m | 1 << u)
}

/// `units`, all in one hex of `here`'s, as the bits of a pick (`movers_of`).
fn pick_of(here: Units, units: Units) -> u8 {
    bits(here)
        .take(8)
        .enumerate()
        .filter(|&(_, u)| units >> u & 1 != 0)
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// For rule tests: the `Select` naming `units`, all of one side in one hex.
#[cfg(test)]
pub(super) fn select_of(rs: &Ruleset, s: &State, units: Units) -> Action {
    let u = bits(units).next().expect("a unit");
    let from = s.hex[u];
    let pick = pick_of(s.units_at(rs, rs.unit(u).side, from), units);
    Action::Select { from, pick }
}

/// 5.6.3: disrupted units cannot move; a unit acts only in its formation's activation.
fn can_move(rs: &Ruleset, s: &State, u: usize) -> bool {
    ops::acts_now(s, u) && !s.is_disrupted(u) && rs.unit(u).ma > 0
}

/// 5.8.3, 7: the AP cost of an Action by `units`: doubled if any is not In Command (AMBIG-34:
/// one unit out of command doubles the whole Action's cost).
pub fn action_cost(rs: &Ruleset, standing: &Standing, base: u8, units: Units) -> u8 {
    rs.charts.ap_cost(base, standing.all_in_command(units))
}

/// The movers an Action may name, as `(from, pick, units)`: 7.1, 7.3.1: a unit, or any
/// stack of the units that can move of one formation in one hex ("Units currently belonging to
/// the same formation which begin a Movement Action in the same hex may move together as a
/// stack"), the owner choosing which; hex by hex, formation by formation, each formation's
/// picks in decreasing order of their bits (all of them first). 7.3.1 decided: the units of a
/// Battle Victory's mixed-formation stack (7.5.3, AMBIG-19) move as stacks of one formation
/// each. HQs are no combat units and never move with a stack (7.1, 7.3.1).
fn movers(rs: &Ruleset, s: &State, out: &mut impl FnMut(u16, u8, Units)) {
    let side = s.act().side;
    let mut seen = HexSet::EMPTY;
    for u in bits(rs.side_units[side.index()]) {
        let h = s.hex[u];
        if !can_move(rs, s, u) || seen.contains(usize::from(h)) {
            continue;
        }
        seen.insert(usize::from(h));
        let here = s.units_at(rs, side, h);
        let mut rest = bits(here)
            .filter(|&v| can_move(rs, s, v))
            .fold(0, |m: Units, v| m | 1 << v);
        while rest != 0 {
            let f = s.formation[rest.trailing_zeros() as usize];
            let group = bits(rest)
                .filter(|&v| s.formation[v] == f)
                .fold(0, |m: Units, v| m | 1 << v);
            rest &= !group;
            let all = pick_of(here, group);
            let mut pick = all;
            while pick != 0 {
                out(h, pick, movers_of(rs, s, h, pick));
                pick = (pick - 1) & all;
            }
        }
    }
}

/// 7.3: the movers the active formation can afford to move somewhere. A Movement Action names
/// its mover first and its destination next (`move_actions`): a decision then lists tens of
/// options instead of one per mover and hex, and only the chosen mover's paths are searched.
pub fn mover_actions(rs: &Ruleset, s: &State, standing: &Standing, out: &mut impl FnMut(Action)) {
    let base = rs.charts.ap_costs.movement;
    movers(rs, s, &mut |from, pick, units| {
        if ops::available(s, units) >= action_cost(rs, standing, base, units)
            && has_destination(rs, s, units)
        {
            out(Action::Select { from, pick });
        }
    });
}

/// Whether the mover has a Move or an Infiltrate. 7.3.2: a legal first step is always allowed,
/// so a neighbour with room settles it; only a mover boxed in searches further.
fn has_destination(rs: &Ruleset, s: &State, units: Units) -> bool {
    let g = group(rs, units);
    let start = start_of(s, units);
    let steps = Steps::new(rs, s, g);
    let next_door = (0..6).any(|dir| {
        let to = rs.neighbour(start, dir);
        steps.cost(start, dir, true).is_some() && stacking::has_room(rs, s, g.side, to, units)
    });
    next_door || {
        let mut any = false;
        destinations(rs, s, units, &mut |_| any = true);
        any
    }
}

/// The hex the movers `units` start from.
fn start_of(s: &State, units: Units) -> u16 {
    s.hex[units.trailing_zeros() as usize]
}

/// 7.3, 7.3.4, 7.3.5: every Move (with and without the leg +2 MA) and Infiltrate of the
/// selected mover; the AP cost was checked when it was selected.
pub fn move_actions(rs: &Ruleset, s: &State, from: u16, pick: u8, out: &mut impl FnMut(Action)) {
    destinations(rs, s, movers_of(rs, s, from, pick), out);
}

fn destinations(rs: &Ruleset, s: &State, units: Units, out: &mut impl FnMut(Action)) {
    let g = group(rs, units);
    let start = start_of(s, units);
    let (mut r, mut extra) = (Reach::new(), Reach::new());
    let bonus = search(rs, s, &g, start, &mut r, &mut extra);
    for to in r.reached() {
        if stacking::has_room(rs, s, g.side, to, units) {
            out(Action::Move {
                to,
                leg_bonus: false,
            });
        }
    }
    if bonus {
        for to in extra.reached().filter(|&to| !r.contains(to)) {
            if stacking::has_room(rs, s, g.side, to, units) {
                out(Action::Move {
                    to,
                    leg_bonus: true,
                });
            }
        }
    }
    infiltrations(rs, s, &g, start, units, &mut |to| {
        out(Action::Infiltrate { to })
    });
}

/// The searches behind a mover's destinations: with its MA into `r`, and with the leg +2 MA
/// (7.3.5: leg units that start away from the enemy) into `extra`; whether the second ran.
fn search(
    rs: &Ruleset,
    s: &State,
    g: &Group,
    start: u16,
    r: &mut Reach,
    extra: &mut Reach,
) -> bool {
    reach(rs, s, g, start, None, r);
    let bonus = !g.motorized && !enemy_present_adjacent(rs, s, g.side, start);
    if bonus {
        reach(rs, s, g, start, Some(&near_enemy(rs, s, g.side)), extra);
    }
    bonus
}

/// The MPs, in half-MPs, the mover spends on its cheapest path to `to` (7.3), with the leg
/// +2 MA (7.3.5) or without; `None` if it cannot reach `to`. For the play screen.
pub fn move_cost_half(
    rs: &Ruleset,
    s: &State,
    (from, pick): (u16, u8),
    to: u16,
    leg_bonus: bool,
) -> Option<u8> {
    let g = group(rs, movers_of(rs, s, from, pick));
    let (mut r, mut extra) = (Reach::new(), Reach::new());
    search(rs, s, &g, from, &mut r, &mut extra);
    let reach = if leg_bonus { &extra } else { &r };
    reach.contains(to).then(|| reach.cost[usize::from(to)])
}

/// The Movement Allowance, in half-MPs, of the mover selected at `from` (the stack's least,
/// 7.3), without the leg +2 MA (7.3.5). For the play screen.
pub fn mover_ma_half(rs: &Ruleset, s: &State, (from, pick): (u16, u8)) -> u8 {
    group(rs, movers_of(rs, s, from, pick)).ma_half
}

/// What a mover's reach depends on: its start hex and its movement group. Movers of one hex
/// often share it (a stack of like units and each of them alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoverKey {
    start: u16,
    group: Group,
}

pub fn mover_key(rs: &Ruleset, s: &State, from: u16, pick: u8) -> MoverKey {
    MoverKey {
        start: from,
        group: group(rs, movers_of(rs, s, from, pick)),
    }
}

/// Every hex a Move of the mover with `key` may end in, with or without the leg +2 MA, before
/// stacking room is checked: the destinations of `move_actions` as one set.
pub fn reachable(rs: &Ruleset, s: &State, key: MoverKey) -> HexSet {
    let (mut r, mut extra) = (Reach::new(), Reach::new());
    let bonus = search(rs, s, &key.group, key.start, &mut r, &mut extra);
    let mut set = HexSet::EMPTY;
    r.reached().for_each(|h| set.insert(usize::from(h)));
    if bonus {
        extra.reached().for_each(|h| set.insert(usize::from(h)));
    }
    set
}

/// Whether the mover may Infiltrate anywhere (7.3.4).
pub fn can_infiltrate(rs: &Ruleset, s: &State, from: u16, pick: u8) -> bool {
    let units = movers_of(rs, s, from, pick);
    let mut any = false;
    infiltrations(rs, s, &group(rs, units), from, units, &mut |_| any = true);
    any
}

/// 7.3.4: from an EZOC hex directly into an adjacent EZOC hex the mover may enter.
fn infiltrations(
    rs: &Ruleset,
    s: &State,
    g: &Group,
    start: u16,
    units: Units,
    out: &mut impl FnMut(u16),
) {
    let ezoc = &s.zoc[g.side.other().index()];
    if !ezoc.contains(usize::from(start)) {
        return;
    }
    for dir in 0..6 {
        let to = rs.neighbour(start, dir);
        if to == NO_HEX
            || !ezoc.contains(usize::from(to))
            || !stacking::has_room(rs, s, g.side, to, units)
        {
            continue;
        }
        // The step is legal but for the EZOC-to-EZOC rule Infiltration lifts.
        let mut steps = Steps::new(rs, s, *g);
        steps.ezoc.remove(usize::from(start));
        if steps.cost(start, dir, true).is_some() {
            out(to);
        }
    }
}

/// Pays for a Movement Action and starts it: isolated units check first (5.8.4).
pub fn start_move(rs: &Ruleset, s: &mut State, from: u16, pick: u8, to: u16, leg_bonus: bool) {
    let units = movers_of(rs, s, from, pick);
    let g = group(rs, units);
    let start = from;
    let mut r = Reach::new();
    let near = near_enemy(rs, s, g.side);
    reach(rs, s, &g, start, leg_bonus.then_some(&near), &mut r);
    let mut path = [NO_HEX; MAX_PATH];
    let len = r.path(to, &mut path);
    begin(rs, s, units, path, len);
    s.pending = Pending::Move { to, leg_bonus };
    check_isolated_then_go(rs, s);
}

/// 7.3.4: Infiltration: every unit checks; those that pass move into `to`, spending all MA.
/// An isolated unit first takes 5.8.4's check to conduct the Action at all (5.6 lists both).
pub fn start_infiltration(rs: &Ruleset, s: &mut State, from: u16, pick: u8, to: u16) {
    let units = movers_of(rs, s, from, pick);
    let mut path = [NO_HEX; MAX_PATH];
    path[0] = from;
    path[1] = to;
    begin(rs, s, units, path, 2);
    s.pending = Pending::Infiltrate { to };
    check_isolated_then_go(rs, s);
}

/// The AP a Movement Action by the named mover costs (7.3, doubled Out of Command 5.8.3).
pub fn select_cost(rs: &Ruleset, s: &State, from: u16, pick: u8) -> u8 {
    movers_cost(rs, s, movers_of(rs, s, from, pick))
}

fn movers_cost(rs: &Ruleset, s: &State, units: Units) -> u8 {
    let standing = command::standing(rs, s, units);
    action_cost(rs, &standing, rs.charts.ap_costs.movement, units)
}

fn begin(rs: &Ruleset, s: &mut State, units: Units, path: [u16; MAX_PATH], len: usize) {
    let cost = movers_cost(rs, s, units);
    ops::pay(s, cost, units);
    stacking::lift_improved_defense(rs, s, path[0]);
    s.moving = Moving {
        units,
        path,
        len: len as u8,
        ..Moving::NONE
    };
}

/// The units taking part in the Action under way: the attackers of an attack, else the
/// movers.
fn action_units(s: &State) -> Units {
    match s.pending {
        Pending::Attack => s.fight.attackers,
        _ => s.moving.units,
    }
}

/// 5.8.4: the isolated units of the Action check before it goes on (AMBIG-34: each isolated
/// unit, before every Move or Attack, failing alone).
pub fn check_isolated_then_go(rs: &Ruleset, s: &mut State) {
    s.isolated_failed = 0;
    s.queue = command::isolated_units(rs, s, action_units(s));
    if s.queue != 0 {
        s.step = Step::Check(CheckKind::Isolated);
    } else {
        after_isolation_checks(rs, s);
    }
}

/// After 5.8.4's checks: where some units failed and some passed, the owner decides whether
/// the Action goes on with those that passed or is called off ("The Action Points are still
/// expended even if no units participate or the owning side decides to call off the Action");
/// else it goes on (`go_on`).
pub fn after_isolation_checks(rs: &Ruleset, s: &mut State) {
    if s.isolated_failed != 0 && action_units(s) != 0 {
        s.step = Step::CallOff;
    } else {
        go_on(rs, s);
    }
}

/// 5.8.4: the owner calls the Action off: no unit takes part, the APs stay spent.
pub fn call_off(rs: &Ruleset, s: &mut State) {
    s.moving.units = 0;
    s.fight.attackers = 0;
    resume(rs, s);
}

/// The Action goes on after 5.8.4's checks: an Infiltration's own checks (7.3.4) for every
/// unit left, or the Action itself.
pub fn go_on(rs: &Ruleset, s: &mut State) {
    if matches!(s.pending, Pending::Infiltrate { .. }) && s.moving.units != 0 {
        s.queue = s.moving.units;
        s.step = Step::Check(CheckKind::Infiltration);
    } else {
        resume(rs, s);
    }
}

/// After the checks: the Action goes on with the units left.
pub fn resume(rs: &Ruleset, s: &mut State) {
    match s.pending {
        Pending::Move { .. } | Pending::Infiltrate { .. } if s.moving.units == 0 => {
            ops::after_action(rs, s)
        }
        Pending::Move { .. } | Pending::Infiltrate { .. } => advance(rs, s),
        Pending::Attack if s.fight.attackers == 0 => ops::after_action(rs, s),
        Pending::Attack => s.step = Step::Chits,
        Pending::None => ops::after_action(rs, s),
    }
}

/// A unit failed the check of `kind` before acting: it stays behind, disrupted (5.6.2, 5.8.4).
pub fn drop_failed(s: &mut State, u: usize) {
    s.moving.units &= !(1 << u);
    s.fight.attackers &= !(1 << u);
}

/// Walks the path hex by hex (7.3), offering a Reaction where the move triggers one (6.4).
pub fn advance(rs: &Ruleset, s: &mut State) {
    loop {
        let pos = s.moving.pos;
        if !s.moving.reaction_tried && s.moving.offered != pos + 1 && reactors(rs, s) != 0 {
            s.moving.offered = pos + 1;
            s.step = Step::ReactionOffer;
            return;
        }
        let to = s.moving.path[usize::from(pos + 1).min(MAX_PATH - 1)];
        // An HQ this move displaced may have landed on the rest of its path: it stops short.
        let enemy = s.act().side.other().index();
        if pos + 1 >= s.moving.len || s.present[enemy].contains(usize::from(to)) {
            if finish(rs, s, AfterOverstack::Action) {
                ops::after_action(rs, s);
            }
            return;
        }
        for u in bits(s.moving.units) {
            s.hex[u] = to;
        }
        s.moving.pos += 1;
        s.improved &= !s.moving.units;
        s.revealed &= !s.moving.units; // 5.3.4: a stack that moves is seen afresh.
        s.refresh(rs);
        displace_lone_hqs(rs, s, to);
        // 5.3.2: the owner places the displaced HQs before the move goes on.
        if s.displacing != 0 {
            s.step = Step::HqDisplacement {
                after_battle: false,
            };
            return;
        }
        victory::update_control(rs, s);
        if s.is_over() {
            return;
        }
    }
}

/// The HQs this move displaced are placed: control of the hexes (10.2), then the move goes on.
pub fn after_displacement(rs: &Ruleset, s: &mut State) {
    victory::update_control(rs, s);
    if !s.is_over() {
        advance(rs, s);
    }
}

/// The mover ends where it stands: stacking (5.3.1) and Improved Defense (7.7) there. Whether
/// `then` may follow now (else the opponent displaces overstacked units first, 5.3.3).
fn finish(rs: &Ruleset, s: &mut State, then: AfterOverstack) -> bool {
    let h = s.moving.hex();
    let side = s.act().side;
    // 7.7: another unit ending its move in the hex removes the marker.
    if s.units_at(rs, side, h) & !s.moving.units != 0 {
        stacking::lift_improved_defense(rs, s, h);
    }
    s.moving.units = 0;
    stacking::resolve_overstack(rs, s, h, side, then)
}

/// 7.3.6: an enemy HQ alone in its hex next to the mover is displaced; its formation may not
/// react to this move (6.4.1). AMBIG-39: only a Movement Action's mover does this (and 7.5's
/// HQ left alone after a combat); retreats, placements and displacements do not.
fn displace_lone_hqs(rs: &Ruleset, s: &mut State, h: u16) {
    let enemy = s.act().side.other();
    for n in rs.neighbours(h) {
        if let Some(f) = s.hq_at(n) {
            if rs.formation(f).side == enemy && s.units_at(rs, enemy, n) == 0 {
                stacking::displace_hq(rs, s, f);
                s.moving.displaced |= 1 << f;
            }
        }
    }
}

/// 6.4: the formations that may react to the mover where it stands: one of their combat units
/// next to it undisrupted and In Command, FAL above 0 (AMBIG-9), HQ not displaced by this move.
/// No Reaction in First Blood (static Germans, 10.1), none within a Reaction (no
/// counter-reaction), none to a defender's Battle Victory move unless the reading
/// `defender_bonus_reaction` is `allowed` (7.5.3, AMBIG-19).
pub fn reactors(rs: &Ruleset, s: &State) -> Formations {
    let chain = &s.acts[..=usize::from(s.depth)];
    if rs.kind == ScenarioKind::FirstBlood || chain.iter().any(|a| a.reaction) {
        return 0;
    }
    if chain.iter().any(|a| a.formation == BONUS_ONLY)
        && !(rs.charts.readings).is(&readings::DEFENDER_BONUS_REACTION, "allowed")
    {
        return 0;
    }
    // Decided (AMBIG-19, `allowed`): a formation whose activation the bonus move interrupts
    // does not react inside it.
    let open: Formations = chain
        .iter()
        .filter(|a| a.formation != BONUS_ONLY)
        .fold(0, |m, a| m | 1 << a.formation);
    let h = s.moving.hex();
    let side = s.act().side;
    if !enemy_adjacent(rs, s, side, h) {
        return 0;
    }
    let mut mask: Formations = 0;
    for n in rs.neighbours(h) {
        for u in bits(s.units_at(rs, side.other(), n)) {
            let f = s.formation[u];
            if (mask | open | s.moving.displaced) & (1 << f) != 0 || s.is_disrupted(u) {
                continue;
            }
            if ops::can_activate(s, f) && command::status(rs, s, u) == CommandStatus::InCommand {
                mask |= 1 << f;
            }
        }
    }
    mask
}

pub fn reaction_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let mask = reactors(rs, s);
    for f in bits(Units::from(mask)) {
        out(Action::React(f as u8));
    }
    out(Action::Decline);
}

/// 6.4.2: the attempt uses the move's one chance.
pub fn react(s: &mut State, f: u8) {
    s.moving.reaction_tried = true;
    s.reactor = f;
    s.step = Step::ReactionCheck;
}

/// 6.4.2: the Reaction Check passes on a d10 at or under the printed Reaction Rating.
pub fn reaction_check_weights(rs: &Ruleset, s: &State) -> (u32, u32) {
    let rr = u32::from(rs.formation(s.reactor).reaction_rating.min(10));
    (rr, 10 - rr)
}

/// 6.4.2: on success the mover stops where it is and the reacting formation rolls its red APs,
/// with "all penalties for activating an unsupplied formation" if its HQ is out of supply "at
/// the instant of Reaction" (6.3.3: Emergency Supply, or the FAL to 0); on failure the move
/// goes on and the formation "suffers no adverse results whatsoever", the supply penalties
/// included (they are an activation's, and a failed attempt activates nothing).
pub fn reaction_check(rs: &Ruleset, s: &mut State, passed: bool) {
    if !passed {
        advance(rs, s);
        return;
    }
    command::supply_check(rs, s, s.reactor);
    s.moving.len = s.moving.pos + 1;
    if finish(rs, s, AfterOverstack::Reaction) {
        ops::begin_reaction(rs, s, s.reactor);
    }
}

/// For rule tests: the cheapest cost in half-MPs of moving `units` to `to`, if they can.
#[cfg(test)]
pub(super) fn cost_to(
    rs: &Ruleset,
    s: &State,
    units: Units,
    to: u16,
    leg_bonus: bool,
) -> Option<u8> {
    let g = group(rs, units);
    let start = s.hex[bits(units).next()?];
    let mut r = Reach::new();
    let near = near_enemy(rs, s, g.side);
    reach(rs, s, &g, start, leg_bonus.then_some(&near), &mut r);
    r.contains(to).then(|| r.cost[usize::from(to)])
}

/// For rule tests: one step's cost in half-MPs and whether the mover stops, if allowed.
#[cfg(test)]
pub(super) fn step_cost(
    rs: &Ruleset,
    s: &State,
    units: Units,
    from: u16,
    dir: usize,
    first: bool,
) -> Option<(u8, bool)> {
    Steps::new(rs, s, group(rs, units)).cost(from, dir, first)
}
