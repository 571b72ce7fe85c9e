//! The scripted doctrine of Crossing the Line, one per side: the reference player of
//! `balance crossing-the-line` and the rollout policy of MCTS. It scores each legal action with
//! rules of thumb and takes the best (ties: the first legal one); it keeps nothing between
//! calls. It reads the enemy only as its side may know it (5.3.4: `Game::determinize` for its
//! player, drawn from the generator), unless the game is `--open`; with the same generator
//! the same state always gets the same answer.
//!
//! **The US (the attacker).**
//!
//! * *Which formation (6.2):* the one with the highest Activation Level (ties: the most units
//!   on the map). It never transfers the Initiative and passes only when no formation can
//!   activate: the APs of an Activation Level used now are more than those it would recover.
//!   In First Blood (10.1) the 1st Infantry Division simply activates.
//! * *Where to go:* every hex gets its distance to the nearest goal. First Blood: the
//!   objectives 2107, 2108, 2109 still holding German units. The Stolberg Corridor: the VP
//!   hexes the US does not control (15 VP first; a 10 VP hex counts as two hexes further, a
//!   5 VP hex as four) and the Aachen City hexes (10.2: a US unit there at the end is a
//!   decisive victory), counted one hex further than a 15 VP hex. German units block the
//!   way; a German-held goal is reached by standing next to it.
//! * *Actions (7), in this order of preference:* a move into an attack position (next to a
//!   German-held goal) that leaves an AP to attack with; an attack (below); moving the HQ
//!   when that brings units into Command Range (units In Command now against units within
//!   the range, less one, of the new hex; units near their goal count double; at least 3, and
//!   never within two hexes of the enemy); a move or a refit: moves score hexes gained times
//!   units moved (hexes gained up to 6), so whole stacks move together and single units
//!   follow, unless some units of a stack gain enough more without its slowest (7.3.1: any of
//!   a formation's units in a hex may move as a stack), and a refit (7.6) scores about one
//!   stack's step; then End. A mover (7.3: named before its destination) is worth its best
//!   destination.
//! * *Attacks (7.5):* each declarable attack is valued by its expected result, enumerated
//!   over both chits and the die with every DRM of 7.5.1.2 (the attacking hex's undisrupted
//!   units, combat support from the hexes round the target, HQ support, armor superiority,
//!   hexside, Improved Defense; Command is assumed): SP the defender loses, plus the worth of
//!   clearing its hex (everything eliminated, or a forced retreat after a red result that a
//!   defender fails), less the SP the attacker loses and the risk of its own retreat; less
//!   one SP for each AP the kind costs. The kind worth most is declared, and the US attacks
//!   whenever that is worth more than losing one SP (the attacker must attack); every unit
//!   that may join does.
//! * *Reactions (6.4):* only with a formation at Activation Level 3 or more, so that its
//!   Activation Levels go to the attack.
//!
//! **The Germans (the defender; in First Blood they never decide).**
//!
//! * *What they defend:* one unit in every Aachen City hex (10.2; no ZOC reaches into a City
//!   hex, so an empty one is an open door), two in every VP hex with a US unit within six
//!   hexes, and the VP hexes the US holds (to take back). A unit on a VP or City hex, or next
//!   to a US unit, holds its ground, and so do the units within two hexes of the city (its
//!   screen) until a US unit gets in; the others move toward those hexes.
//! * *Which formation (6.2):* the one with the most urgent business: a counterattack worth
//!   making (worth at least 0.8 SP, with the same valuation as the US's); an HQ with a US unit
//!   within two hexes and no combat unit of its own; a stack next to US units that is not yet
//!   in Improved Defense; a disrupted unit next to the enemy; units to send to a hex above.
//!   With none of these it passes, keeping its Activation Levels for Reactions.
//! * *Actions:* counterattacks as above; then Improved Defense on the stacks next to US units
//!   (VP and City hexes first) and the HQ out of danger; refits; moves; then End.
//! * *Reactions:* always, with the offered formation at the highest Activation Level: a
//!   Reaction stops the US mover where it stands.
//!
//! **Both sides, in combat (7.5.2):** take the 2nd hit as a retreat when the SP loss would
//! eliminate a unit (the Germans on a VP or City hex only when it would eliminate them all);
//! retreat to the hex with room, away from the enemy, nearest the side's goal.
//!
//! **Both sides, otherwise:** hand the SNAFU token over (5.2) only to roll again an AP or combat
//! die of 3 or less or a failed check; keep every assignment (8.2); never cannibalise (8.4.2).

use super::action::Action;
use super::battle::{self, formations_of, support_hexes};
use super::charts::{modified_die, CombatResult, OddsColumn};
use super::combat::{self, AttackKind, Battle, DefenseKind, Role, Stack};
use super::control::{CommandPaths, CommandStatus, HexSet};
use super::movement;
use super::ops;
use super::ruleset::{Ruleset, ScenarioKind, NO_HEX};
use super::side::Side;
use super::stacking;
use super::state::{bits, on_map, State, Step, Units, BONUS_ONLY};
use super::CrossingTheLine;
use crate::bots::Bot;
use crate::engine::{Actor, Game, GameRng};
use std::cell::{OnceCell, RefCell};

const CAP: usize = HexSet::CAPACITY;
/// No goal reachable (a distance field's "infinity").
const FAR: u8 = u8::MAX;

/// Goal offsets of the Stolberg Corridor (in hexes): VP hexes by value, and Aachen City.
const US_OFFSET_15: u8 = 0;
const US_OFFSET_10: u8 = 2;
const US_OFFSET_5: u8 = 4;
const US_OFFSET_CITY: u8 = 1;
/// A VP hex is under threat when a US combat unit is this close (hexes).
const THREAT_RANGE: u8 = 6;
/// What the Germans make of holding an Aachen City hex, in VP (10.2: its loss is decisive).
const CITY_WORTH: u8 = 30;
/// German units this close to Aachen City hold their ground as its screen.
const SCREEN: u8 = 2;

/// 5.2: the highest AP or combat die the doctrine rolls again with the SNAFU token.
const SNAFU_REROLL_AT_MOST: u8 = 3;
/// Score of ending the activation (or declining, or passing): the bar every action must beat.
const END: i32 = 0;
/// The expected worth (tenths of an SP) an attack must reach, for each side.
const US_ATTACK_MIN: f32 = -10.0;
const GERMAN_ATTACK_MIN: f32 = 8.0;
/// Worth deducted per AP an attack costs (tenths of an SP).
const AP_PENALTY: f32 = 10.0;
/// A German formation activates only for business worth at least this.
const GERMAN_ACT_MIN: i32 = 35;
/// Movers' reachable sets kept during one decision (a formation rarely has more start hexes
/// and movement groups).
const REACH_MEMO: usize = 16;
/// A US move into an attack position comes before the attacks when it leaves this many APs.
const MOVE_FIRST_AP: u8 = 1;

#[derive(Default)]
pub struct ScriptedBot;

impl Bot<CrossingTheLine> for ScriptedBot {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn choose(&mut self, game: &CrossingTheLine, s: &State, rng: &mut GameRng) -> Action {
        let rs = game.rules();
        let side = match game.actor(s) {
            Actor::Player(p) => Side::BOTH[p],
            _ => s.act().side,
        };
        // 5.3.4: the scores read the enemy as this side may know it (`--open`: all of it);
        // the actions are the real state's.
        let view;
        let seen = if game.is_open()
            || !matches!(
                s.step,
                Step::Choose | Step::Action | Step::Destination { .. }
            ) {
            s
        } else {
            view = game.determinize(s, side.index(), rng);
            &view
        };
        if s.step == Step::Choose {
            return choose_formation(game, s, seen);
        }
        let fields = matches!(
            s.step,
            Step::Action | Step::Destination { .. } | Step::Retreat
        );
        let ctx = Context::new(rs, seen, side, fields);
        let mut best: Option<(i32, Action)> = None;
        game.for_each_action(s, &mut |a| {
            let score = ctx.score(a);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, a));
            }
        });
        best.expect("a decision has at least one legal action").1
    }
}

/// 6.2: the US activates its formation with the highest FAL; the Germans activate only for
/// urgent business, else pass. Nobody transfers. The actions are `s`'s, the scores read
/// `seen` (what the side knows of `s`).
fn choose_formation(game: &CrossingTheLine, s: &State, seen: &State) -> Action {
    let rs = game.rules();
    let side = s.initiative;
    let mut best: Option<(i32, Action)> = None;
    let mut consider = |score: i32, a: Action| {
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, a));
        }
    };
    if side == Side::Us || rs.kind == ScenarioKind::FirstBlood {
        game.for_each_action(s, &mut |a| {
            if let Action::Act(f) = a {
                let units = s.formation_units(rs, f).count_ones() as i32;
                consider(100 * i32::from(s.fal[usize::from(f)]) + units, a);
            }
        });
    } else {
        let ctx = Context::new(rs, seen, side, true);
        game.for_each_action(s, &mut |a| {
            if let Action::Act(f) = a {
                let business = ctx.german_business(f);
                if business >= GERMAN_ACT_MIN {
                    consider(business * 10 + i32::from(s.fal[usize::from(f)]), a);
                }
            }
        });
    }
    match best {
        Some((_, a)) => a,
        None => {
            let mut pass = None;
            game.for_each_action(s, &mut |a| {
                if pass.is_none() || a == Action::Pass {
                    pass = Some(a);
                }
            });
            pass.expect("a decision has at least one legal action")
        }
    }
}

/// What the scores read: the state, the acting side and, for movement decisions, the
/// distance fields.
struct Context<'a> {
    rs: &'a Ruleset,
    s: &'a State,
    side: Side,
    /// Steps from each hex to the side's nearest goal (offset by the goal's worth).
    goal: [u8; CAP],
    /// Steps from each hex to the nearest enemy combat unit.
    enemy: [u8; CAP],
    /// The side's units that hold their ground (Germans: on a VP or City hex, next to the US,
    /// or in the screen round the city).
    holding: Units,
    /// The active formation's units In Command now (computed when first needed).
    in_command: OnceCell<Units>,
    /// The movers' reachable hexes searched so far this decision.
    reachable: RefCell<[Option<(movement::MoverKey, HexSet)>; REACH_MEMO]>,
}

impl<'a> Context<'a> {
    fn new(rs: &'a Ruleset, s: &'a State, side: Side, fields: bool) -> Context<'a> {
        let mut ctx = Context {
            rs,
            s,
            side,
            goal: [FAR; CAP],
            enemy: [FAR; CAP],
            holding: 0,
            in_command: OnceCell::new(),
            reachable: RefCell::new([None; REACH_MEMO]),
        };
        if !fields {
            return ctx;
        }
        let enemy = side.other().index();
        let mut sources = Sources::default();
        for h in s.occupied[enemy].iter() {
            sources.push(0, h as u16);
        }
        field(rs, &HexSet::EMPTY, &mut sources, &mut ctx.enemy);
        let mut sources = Sources::default();
        let mut blocked = s.present[enemy];
        match (rs.kind, side) {
            (ScenarioKind::FirstBlood, Side::Us) => {
                for h in rs.objectives.intersection(&s.occupied[enemy]).iter() {
                    sources.push(0, h as u16);
                }
            }
            (ScenarioKind::FirstBlood, Side::German) => {}
            (_, Side::Us) => {
                for (k, &(h, v)) in rs.vp_hexes.iter().enumerate() {
                    if s.us_control & (1 << k) == 0 {
                        let offset = match v {
                            15.. => US_OFFSET_15,
                            10..=14 => US_OFFSET_10,
                            _ => US_OFFSET_5,
                        };
                        sources.push(offset, h);
                    }
                }
                // 10.2 only: a US unit in Aachen City at the end wins.
                if rs.kind == ScenarioKind::StolbergCorridor {
                    for h in rs.aachen_city.iter() {
                        sources.push(US_OFFSET_CITY, h as u16);
                    }
                }
            }
            (_, Side::German) => {
                blocked = blocked.union(&rs.barred_hexes(Side::German, s.turn));
                for (k, &(h, v)) in rs.vp_hexes.iter().enumerate() {
                    let held_by_us = s.us_control & (1 << k) != 0;
                    if held_by_us || ctx.needs_defenders(h) {
                        sources.push((15 - v.min(15)) / 5, h);
                    }
                }
                // 10.2: a US unit in Aachen City at the end is a decisive US victory.
                let city = match rs.kind {
                    ScenarioKind::StolbergCorridor => rs.aachen_city,
                    _ => HexSet::EMPTY,
                };
                for i in city.iter() {
                    let h = i as u16;
                    if s.occupied[enemy].contains(i) || ctx.needs_defenders(h) {
                        sources.push(0, h);
                    }
                }
            }
        }
        field(rs, &blocked, &mut sources, &mut ctx.goal);
        // 10.2: the Germans keep a screen round Aachen City (no ZOC reaches into it).
        let mut screen = [FAR; CAP];
        let city_lost = !rs
            .aachen_city
            .intersection(&s.occupied[Side::Us.index()])
            .is_empty();
        if side == Side::German && rs.kind == ScenarioKind::StolbergCorridor && !city_lost {
            let mut sources = Sources::default();
            for i in rs.aachen_city.iter() {
                sources.push(0, i as u16);
            }
            field(rs, &HexSet::EMPTY, &mut sources, &mut screen);
        }
        for u in bits(rs.side_units[side.index()]) {
            let h = s.hex[u];
            if !on_map(h) {
                continue;
            }
            let i = usize::from(h);
            // The screen holds until the US is in the city, then goes in after it.
            let screen = screen[i] <= SCREEN;
            if side == Side::German && (ctx.worth(h) > 0 || ctx.enemy[i] <= 1 || screen) {
                ctx.holding |= 1 << u;
            }
        }
        ctx
    }

    /// 10.2: what holding hex `h` is worth: its VP, and more for an Aachen City hex.
    fn worth(&self, h: u16) -> u8 {
        let rs = self.rs;
        if rs.kind == ScenarioKind::StolbergCorridor && rs.aachen_city.contains(usize::from(h)) {
            CITY_WORTH
        } else {
            rs.vp_of(h)
        }
    }

    /// A German-held hex worth holding, under threat, with room for another defender.
    fn needs_defenders(&self, h: u16) -> bool {
        let (rs, s) = (self.rs, self.s);
        let i = usize::from(h);
        let own = s.units_at(rs, Side::German, h).count_ones();
        // Aachen City: one defender in every hex, threatened or not (no ZOC reaches into it).
        let (wanted, threatened) = if rs.aachen_city.contains(i) {
            (1, true)
        } else {
            (2, self.enemy[i] <= THREAT_RANGE)
        };
        threatened && own < wanted && !s.present[Side::Us.index()].contains(i)
    }

    fn score(&self, a: Action) -> i32 {
        let (rs, s) = (self.rs, self.s);
        match a {
            Action::Select { from, pick } => self.mover_score(from, pick),
            Action::Move { .. } | Action::Infiltrate { .. } => match s.step {
                Step::Destination { from, pick } => {
                    self.destination_score(from, movement::movers_of(rs, s, from, pick), a)
                }
                _ => END,
            },
            Action::Attack { from, target, kind } => {
                let worth = self.attack_worth(from, target, kind);
                let min = match self.side {
                    Side::Us => US_ATTACK_MIN,
                    Side::German => GERMAN_ATTACK_MIN,
                };
                let cost = f32::from(kind.ap_cost(&rs.charts.ap_costs));
                if worth >= min {
                    200 + (worth - AP_PENALTY * cost) as i32
                } else {
                    -20
                }
            }
            Action::Refit(u) => {
                let front = self.enemy[usize::from(s.hex[usize::from(u)])] <= 1;
                match (self.side, front) {
                    (Side::Us, true) => 60,
                    (Side::Us, false) => 45,
                    (Side::German, true) => 70,
                    (Side::German, false) => 30,
                }
            }
            Action::ImprovedDefense(h) => self.improved_defense_score(h),
            Action::Relocate(h) => self.relocation_score(h),
            Action::End | Action::Decline | Action::Pass | Action::Resolve => END,
            Action::Transfer => -100,
            Action::React(f) => {
                let fal = i32::from(s.fal[usize::from(f)]);
                match self.side {
                    Side::German => 10 + fal,
                    Side::Us if fal >= 3 => 10 + fal,
                    Side::Us => -10,
                }
            }
            Action::AddAttacker(_) => 10,
            // 5.8.4: the doctrine goes on with the units that passed.
            Action::GoOn => 10,
            Action::CallOff => END,
            Action::RetreatInstead => {
                if self.retreat_rather() {
                    10
                } else {
                    -10
                }
            }
            Action::TakeLoss => 0,
            // 7.5.2: the strongest unit takes the SP loss (keeps units on the map longest),
            // the first of equals.
            Action::SpLoss(u) => {
                let u = usize::from(u);
                END + 100 * i32::from(s.strength[u]) - u as i32
            }
            Action::RetreatTo(h) => self.retreat_score(h),
            // 5.3.2: the fixed rule, listed first: the least costly case, the nearest hex.
            Action::PlaceHq(_) => END,
            // 5.3.3: the fixed rule, listed first: the last unit, to the emptiest hex nearest
            // its supply edge.
            Action::DisplaceUnit { .. } => END,
            Action::Act(f) => i32::from(s.fal[usize::from(f)]),
            // 5.2: hand the SNAFU token over only for a low AP, combat or Interdiction die or
            // a failed check; an Attrition SP or a missed look at a plan is not worth it.
            Action::Keep => END,
            Action::Reroll => match s.snafu_roll {
                _ if matches!(s.snafu_step, Step::Attrition | Step::PlanPeek) => END - 10,
                Action::Die(d) if d <= SNAFU_REROLL_AT_MOST => END + 10,
                Action::Check(false) => END + 10,
                _ => END - 10,
            },
            // 8.2, 8.4.2, 8.5: the doctrine keeps its assignments, never cannibalises and
            // never holds reinforcements back.
            Action::Done => END,
            // 8.5.2: a withdrawing division's independent goes to the first formation that
            // may take it.
            Action::Assign(_, f) if s.step == Step::Heir => END - i32::from(f),
            Action::Assign(..)
            | Action::Cannibalize(_)
            | Action::Delay(_)
            | Action::DelayHq(_)
            | Action::DelayUnit(_) => END - 10,
            // 8.4.1: the unit furthest below its printed strength, the first of equals.
            Action::Replace(u) => {
                let u = usize::from(u);
                let below = self.rs.unit(u).strength - s.strength[u];
                END + 100 * i32::from(below) - u as i32
            }
            // 8.3: look at the latest marker not seen yet (the plan may be among them).
            Action::Inspect(k) if s.plan_seen & (1 << k) == 0 => END + 1 + i32::from(k),
            Action::Inspect(_) => END - 1,
            Action::Die(_)
            | Action::Check(_)
            | Action::Winner(_)
            | Action::Chits(..)
            | Action::Draw(_) => END,
        }
    }

    /// A mover is worth its best destination (`move_actions`' Moves and Infiltrates).
    fn mover_score(&self, from: u16, pick: u8) -> i32 {
        let (rs, s) = (self.rs, self.s);
        let units = movement::movers_of(rs, s, from, pick);
        let mut best = i32::MIN;
        for to in self
            .reachable(movement::mover_key(rs, s, from, pick))
            .iter()
        {
            if stacking::has_room(rs, s, self.side, to as u16, units) {
                best = best.max(self.move_score(from, units, to as u16));
            }
        }
        if movement::can_infiltrate(rs, s, from, pick) {
            best = best.max(self.destination_score(from, units, Action::Infiltrate { to: NO_HEX }));
        }
        best
    }

    /// `movement::reachable`, searched once for the movers that share a start and a group.
    fn reachable(&self, key: movement::MoverKey) -> HexSet {
        let mut memo = self.reachable.borrow_mut();
        let mut free = None;
        for (i, slot) in memo.iter().enumerate() {
            match slot {
                Some((k, set)) if *k == key => return *set,
                None if free.is_none() => free = Some(i),
                _ => {}
            }
        }
        let set = movement::reachable(self.rs, self.s, key);
        if let Some(i) = free {
            memo[i] = Some((key, set));
        }
        set
    }

    fn destination_score(&self, from: u16, units: Units, a: Action) -> i32 {
        match a {
            Action::Move { to, .. } => self.move_score(from, units, to),
            _ => -30,
        }
    }

    /// A move of `units` from `from` to `to`: hexes gained toward the goal times the units
    /// moved (7.3.1: the owner picks which units of a stack move, so a stack moves whole unless
    /// some of it gains enough more without its slowest units); none that hold their ground.
    fn move_score(&self, from: u16, units: Units, to: u16) -> i32 {
        let from = usize::from(from);
        let (d0, d1) = (self.goal[from], self.goal[usize::from(to)]);
        if d1 >= d0 {
            return -10;
        }
        if self.holding & units != 0 {
            return -50;
        }
        let gained = i32::from(d0.min(12)) - i32::from(d1);
        if gained <= 0 {
            return -10;
        }
        let n = units.count_ones() as i32;
        // Into an attack position with APs left for a Regular Attack: before the attacks, so
        // that the stack attacks too or supports the attack.
        let left = ops::available(self.s, units).saturating_sub(self.rs.charts.ap_costs.movement);
        if self.side == Side::Us && d1 == 1 && left >= MOVE_FIRST_AP {
            return 300 + 10 * n;
        }
        20 + 10 * gained.min(6) * n
    }

    fn improved_defense_score(&self, h: u16) -> i32 {
        let threat = self.enemy[usize::from(h)];
        let vp = i32::from(self.worth(h));
        match self.side {
            Side::German if threat <= 1 => 80 + 2 * vp,
            Side::German if threat == 2 && vp > 0 => 30,
            Side::Us if threat <= 1 && vp > 0 => 15,
            _ => -10,
        }
    }

    /// 7.4: the HQ away from danger; for the US also forward, to keep its units in Command.
    fn relocation_score(&self, to: u16) -> i32 {
        let (rs, s) = (self.rs, self.s);
        let f = s.act().formation;
        if f == BONUS_ONLY {
            return -10;
        }
        let from = s.hq_hex[usize::from(f)];
        let safe = self.enemy[usize::from(to)] >= 3;
        // 7.4 under `hq_relocation_limits = "penalised"`: beyond the limits only to escape.
        let penalised = super::actions::relocation_penalty(rs, s, to).is_some();
        if penalised && !self.hq_in_danger(f) {
            return -10;
        }
        if self.hq_in_danger(f) && safe {
            return 90 + i32::from(self.enemy[usize::from(to)].min(8));
        }
        if self.side == Side::Us && safe {
            // Units In Command now against units within the Command Range (less one, for
            // detours) of the new hex; the units near their goals count double.
            let range = u16::from(rs.formation(f).command_range);
            let in_command = *self.in_command.get_or_init(|| {
                let paths = CommandPaths::trace(
                    &rs.map,
                    self.side,
                    rs.hex(from),
                    &s.obstacles(rs, self.side),
                );
                let range = rs.formation(f).command_range;
                bits(s.formation_units(rs, f))
                    .filter(|&u| {
                        paths.status(&rs.map, rs.hex(s.hex[u]), range) == CommandStatus::InCommand
                    })
                    .fold(Units::default(), |m, u| m | 1 << u)
            });
            let at = rs.hex(to);
            let mut gain = 0;
            for u in bits(s.formation_units(rs, f)) {
                let h = rs.hex(s.hex[u]);
                let w = if self.goal[usize::from(s.hex[u])] <= 2 {
                    2
                } else {
                    1
                };
                let now = in_command & (1 << u) != 0;
                let then = h.distance(at) < range;
                gain += w * (i32::from(then) - i32::from(now));
            }
            if gain >= 3 {
                return 150 + 10 * gain;
            }
        }
        -10
    }

    fn hq_in_danger(&self, f: u8) -> bool {
        let h = self.s.hq_hex[usize::from(f)];
        on_map(h)
            && self.enemy[usize::from(h)] <= 2
            && !self.s.occupied[self.side.index()].contains(usize::from(h))
    }

    /// 7.5.2 step 3: retreat instead of the SP loss when the loss would eliminate a unit (the
    /// Germans on a VP hex: only when it would eliminate them all).
    fn retreat_rather(&self) -> bool {
        let s = self.s;
        let role = s.fight.applying;
        let (units, hex) = match role {
            Role::Attacker => (s.fight.attackers, s.fight.from),
            Role::Defender => (s.fight.defenders, s.fight.target),
        };
        let units = bits(units)
            .filter(|&u| on_map(s.hex[u]))
            .fold(Units::default(), |m, u| m | 1 << u);
        let hits = match role {
            Role::Attacker => s.fight.result.attacker.hits,
            Role::Defender => s.fight.result.defender.hits,
        };
        let n = combat::further_losses(hits, Some(combat::SecondHit::Loss));
        let mut strengths = [0u8; combat::MAX_STACK];
        let mut taken = [0u8; combat::MAX_STACK];
        for (slot, u) in bits(units).take(combat::MAX_STACK).enumerate() {
            strengths[slot] = s.strength[u];
            taken[slot] = s.fight.taken[u];
        }
        let losses = combat::spread_losses(strengths, taken, n);
        let live = strengths.iter().filter(|&&x| x > 0).count();
        let lost = (0..combat::MAX_STACK)
            .filter(|&i| strengths[i] > 0 && losses[i] >= strengths[i])
            .count();
        let holds_vp = self.side == Side::German && self.worth(hex) > 0;
        if holds_vp {
            lost == live
        } else {
            lost > 0
        }
    }

    fn retreat_score(&self, h: u16) -> i32 {
        let (rs, s) = (self.rs, self.s);
        let units = match s.fight.applying {
            Role::Attacker => s.fight.attackers,
            Role::Defender => s.fight.defenders,
        };
        let units = bits(units)
            .filter(|&u| on_map(s.hex[u]))
            .fold(Units::default(), |m, u| m | 1 << u);
        let i = usize::from(h);
        let mut score = 0;
        if !stacking::has_room(rs, s, self.side, h, units) {
            score -= 50;
        }
        score -= 10 * i32::from(3u8.saturating_sub(self.enemy[i]));
        score - i32::from(self.goal[i].min(40))
    }

    /// How much a German formation has to do (6.2): its most urgent business' score.
    fn german_business(&self, f: u8) -> i32 {
        let (rs, s) = (self.rs, self.s);
        let mut best = 0;
        if self.hq_in_danger(f) {
            best = 90;
        }
        let units = s.formation_units(rs, f);
        let mut seen = HexSet::EMPTY;
        for u in bits(units) {
            let h = s.hex[u];
            let i = usize::from(h);
            if s.is_disrupted(u) {
                best = best.max(if self.enemy[i] <= 1 { 70 } else { 30 });
            }
            if self.holding & (1 << u) == 0 && self.goal[i] != FAR && self.goal[i] > 0 {
                best = best.max(40);
            }
            if seen.contains(i) {
                continue;
            }
            seen.insert(i);
            let stack = s.units_at(rs, self.side, h);
            if self.enemy[i] <= 1 && stack & !s.improved != 0 && stack & s.disrupted == 0 {
                best = best.max(self.improved_defense_score(h));
            }
            if self.enemy[i] <= 1 && stack & units & !s.disrupted != 0 {
                for n in rs.neighbours(h) {
                    if s.occupied[Side::Us.index()].contains(usize::from(n)) {
                        let worth = self.worth_with(stack & units & !s.disrupted, h, n, {
                            AttackKind::Regular
                        });
                        if worth >= GERMAN_ATTACK_MIN {
                            best = best.max(200 + worth as i32);
                        }
                    }
                }
            }
        }
        best
    }

    /// The expected worth, in tenths of an SP, of the attack from `from` on `target` by the
    /// acting units there that may attack.
    fn attack_worth(&self, from: u16, target: u16, kind: AttackKind) -> f32 {
        let (rs, s) = (self.rs, self.s);
        let attackers = bits(s.units_at(rs, self.side, from))
            .filter(|&u| ops::acts_now(s, u) && !s.is_disrupted(u))
            .fold(Units::default(), |m, u| m | 1 << u);
        self.worth_with(attackers, from, target, kind)
    }

    fn worth_with(&self, attackers: Units, from: u16, target: u16, kind: AttackKind) -> f32 {
        let (rs, s) = (self.rs, self.s);
        let charts = &rs.charts;
        if attackers == 0 {
            return -100.0;
        }
        let side = self.side;
        let defenders = s.units_at(rs, side.other(), target);
        let defense = if defenders & !s.improved == 0 && defenders & s.disrupted == 0 {
            DefenseKind::Improved
        } else {
            DefenseKind::Regular
        };
        let dir = rs.direction(from, target).unwrap_or(0);
        let b = Battle {
            attackers: battle::stack(rs, s, attackers),
            defenders: battle::stack(rs, s, defenders),
            attack: kind,
            defense,
            terrain: rs.terrain(target),
            hexside: combat::attacked_hexside(charts, rs.hexside(from, dir)),
            // Command is assumed: the estimate spares the bot a trace per supporting unit.
            attacker_support: support_hexes(
                rs,
                s,
                (side, target, from),
                formations_of(s, attackers),
                |_| true,
            ),
            defender_support: support_hexes(
                rs,
                s,
                (side.other(), from, target),
                formations_of(s, defenders),
                |_| true,
            ),
            attacker_in_command: kind != AttackKind::Hasty,
            hq_support_points: bits(attackers)
                .next()
                .map_or(0, |u| s.support[usize::from(s.formation[u])]),
        };
        let drm = combat::combat_drm(charts, &b).total();
        let line = charts.terrain_line(b.terrain);
        let chits = charts.chits();
        let n = chits.len().min(16);
        let mut a_str = [0u32; 16];
        let mut d_str = [0u32; 16];
        for c in 0..n {
            a_str[c] = combat::battle_strength(charts, &b.attackers, c, b.attacker_stance());
            d_str[c] = combat::battle_strength(charts, &b.defenders, c, b.defender_stance());
        }
        // Column index 0: below the leftmost; i + 1: column i.
        let mut weights = [0u32; 24];
        for a in 0..n {
            for d in 0..n {
                let w = chits[a].count * chits[d].count.saturating_sub(u32::from(a == d));
                if w == 0 {
                    continue;
                }
                let k = match charts.odds_column(line, a_str[a], d_str[d]) {
                    OddsColumn::BelowLeftmost => 0,
                    OddsColumn::Column(i) => (usize::from(i) + 1).min(23),
                };
                weights[k] += w;
            }
        }
        let stakes = Stakes::new(self, &b, target);
        let (mut total, mut sum) = (0.0f32, 0.0f32);
        for (k, &w) in weights.iter().enumerate().filter(|(_, &w)| w > 0) {
            let column = match k {
                0 => OddsColumn::BelowLeftmost,
                k => OddsColumn::Column((k - 1) as u8),
            };
            for die in 1..=10u8 {
                let r = charts.combat_result(line, column, modified_die(die, drm));
                sum += w as f32 * stakes.value(r);
                total += w as f32;
            }
        }
        if total > 0.0 {
            sum / total
        } else {
            -100.0
        }
    }
}

/// What a combat result is worth to the attacker, per stack.
struct Stakes {
    attack_sp: u8,
    defense_sp: u8,
    /// Probability that some unit fails its EC after a red result.
    attack_fail: f32,
    defense_fail: f32,
    /// The worth of the defender's hex cleared.
    clear: f32,
    /// The defender may retreat voluntarily instead of the 2nd SP loss.
    defender_may_retreat: bool,
}

impl Stakes {
    fn new(ctx: &Context, b: &Battle, target: u16) -> Stakes {
        let fail = |st: &Stack| {
            1.0 - st
                .live()
                .map(|(_, u)| f32::from(u.er_now().min(10)) / 10.0)
                .product::<f32>()
        };
        let sp = |st: &Stack| st.live().map(|(_, u)| u.strength).sum::<u8>();
        let rs = ctx.rs;
        let vp = f32::from(ctx.worth(target));
        let clear = match rs.kind {
            ScenarioKind::FirstBlood if rs.objectives.contains(usize::from(target)) => 40.0,
            _ if vp > 0.0 => 20.0 + 2.0 * vp,
            _ => 10.0,
        };
        Stakes {
            attack_sp: sp(&b.attackers),
            defense_sp: sp(&b.defenders),
            attack_fail: fail(&b.attackers),
            defense_fail: fail(&b.defenders),
            clear,
            defender_may_retreat: !(rs.kind == ScenarioKind::FirstBlood && ctx.side == Side::Us),
        }
    }

    fn value(&self, r: CombatResult) -> f32 {
        let (a, d) = (r.attacker, r.defender);
        let mut v = 10.0 * f32::from(d.hits.min(self.defense_sp));
        if d.hits >= self.defense_sp {
            v += self.clear;
        } else if d.hits >= 2 && d.red {
            v += self.defense_fail * (self.clear + 5.0);
        } else if d.hits >= 2 && self.defender_may_retreat {
            v += 0.3 * self.clear;
        }
        if d.red {
            v += 3.0 * self.defense_fail;
        }
        v -= 10.0 * f32::from(a.hits.min(self.attack_sp));
        if a.hits >= self.attack_sp {
            v -= 20.0;
        } else if a.hits >= 2 && a.red {
            v -= 10.0 * self.attack_fail;
        }
        v
    }
}

/// The 10.2 VP value of hex `h` (0 for none).
/// Goal hexes with their offsets, at most `Sources::MAX`.
struct Sources {
    list: [(u8, u16); Sources::MAX],
    n: usize,
}

impl Sources {
    const MAX: usize = 128;

    fn push(&mut self, offset: u8, h: u16) {
        if self.n < Self::MAX && h != NO_HEX {
            self.list[self.n] = (offset, h);
            self.n += 1;
        }
    }
}

impl Default for Sources {
    fn default() -> Self {
        Sources {
            list: [(0, NO_HEX); Sources::MAX],
            n: 0,
        }
    }
}

/// Breadth-first distances from the sources (each starting at its offset) into `out`, not
/// entering `blocked` hexes (a source is always reached). Ring by ring over hex sets, so a
/// ring costs a few word operations per direction rather than a visit per hex.
fn field(rs: &Ruleset, blocked: &HexSet, sources: &mut Sources, out: &mut [u8; CAP]) {
    let list = &mut sources.list[..sources.n];
    list.sort_unstable();
    let open = rs.area.difference(blocked);
    let (mut seen, mut ring) = (HexSet::EMPTY, HexSet::EMPTY);
    let (mut si, mut k) = (0usize, 0u8);
    while k < FAR {
        while si < list.len() && list[si].0 <= k {
            ring.insert(usize::from(list[si].1));
            si += 1;
        }
        ring = ring.difference(&seen);
        if ring.is_empty() && si >= list.len() {
            return;
        }
        for i in ring.iter() {
            out[i] = k;
        }
        seen = seen.union(&ring);
        ring = ring.spread(&rs.map).intersection(&open);
        k += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::engine::{game_rng, game_seed, Replay};
    use crate::sim::play_game;

    fn game(scenario: &str) -> CrossingTheLine {
        CrossingTheLine::embedded(scenario).expect("embedded data loads")
    }

    #[test]
    fn field_counts_steps_from_the_nearest_source() {
        let g = game("first-blood");
        let rs = g.rules();
        let h = |t: &str| rs.index(t.parse().unwrap()).unwrap();
        let mut sources = Sources::default();
        sources.push(0, h("2108"));
        sources.push(3, h("1505"));
        let mut d = [FAR; CAP];
        field(rs, &HexSet::EMPTY, &mut sources, &mut d);
        assert_eq!(d[usize::from(h("2108"))], 0);
        assert_eq!(d[usize::from(h("2008"))], 1);
        assert_eq!(d[usize::from(h("1908"))], 2);
        assert_eq!(d[usize::from(h("1505"))], 3);
    }

    fn bot(name: &str) -> Box<dyn Bot<CrossingTheLine>> {
        match name {
            "random" => Box::new(RandomBot::default()),
            _ => Box::new(ScriptedBot),
        }
    }

    /// Plays `n` games with `bots` (one per acting side), checking every decision against
    /// the legal actions (the replay records only legal ones); returns the level indices.
    fn play(g: &CrossingTheLine, bots: &[&str], n: u64, seed: u64) -> Vec<usize> {
        let levels = g.victory_levels();
        (0..n)
            .map(|i| {
                let mut players: Vec<_> = bots.iter().map(|b| bot(b)).collect();
                let game_seed = game_seed(seed, i);
                let mut rng = game_rng(seed, i);
                let mut replay = Replay::new(g, game_seed);
                let r = play_game(g, &mut players, i, game_seed, &mut rng, Some(&mut replay))
                    .expect("the scripted bot picks legal actions and games end");
                levels.iter().position(|&(_, l)| l == r.level).unwrap()
            })
            .collect()
    }

    #[test]
    fn scripted_clears_first_blood_more_often_than_random() {
        let g = game("first-blood");
        let scripted = play(&g, &["scripted"], 12, 7);
        let random = play(&g, &["random"], 12, 7);
        let cleared = |v: &[usize]| v.iter().filter(|&&l| l < 4).count();
        assert!(
            cleared(&scripted) >= 8 && cleared(&scripted) > cleared(&random),
            "scripted {scripted:?}, random {random:?}"
        );
    }

    #[test]
    fn scripted_plays_only_legal_actions_in_the_stolberg_corridor() {
        let g = game("stolberg-corridor");
        for bots in [
            ["scripted", "scripted"],
            ["random", "scripted"],
            ["scripted", "random"],
        ] {
            assert_eq!(play(&g, &bots, 1, 3).len(), 1);
        }
    }

    /// With `--open` the bot draws nothing: any generator gives the same action; without, the
    /// same generator does.
    #[test]
    fn the_same_state_gets_the_same_action() {
        let g = game("stolberg-corridor").with_open(true);
        let hidden = game("stolberg-corridor");
        let mut s = g.initial_state();
        let mut rng = game_rng(5, 0);
        let mut out = Vec::new();
        for _ in 0..300 {
            match g.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut out);
                    let a = crate::engine::game::sample_chance(&out, &mut rng);
                    g.apply(&mut s, a);
                }
                Actor::Player(_) => {
                    let a = ScriptedBot.choose(&g, &s, &mut game_rng(1, 1));
                    assert_eq!(a, ScriptedBot.choose(&g, &s, &mut game_rng(2, 2)));
                    let b = ScriptedBot.choose(&hidden, &s, &mut game_rng(3, 3));
                    assert_eq!(b, ScriptedBot.choose(&hidden, &s, &mut game_rng(3, 3)));
                    g.apply(&mut s, a);
                }
            }
        }
    }
}
