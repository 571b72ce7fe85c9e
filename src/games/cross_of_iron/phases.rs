//! The sequence of play (SL 4.1-4.8, reconstructed): who acts next, the automatic steps
//! (rally and repair rolls, routs, melees), the end of a player turn and of the game.

use super::board::NO_HEX;
use super::procedures::{repair, Repair};
use super::ruleset::Kind;
use super::state::{flag, Pending, Phase, State, Unit};
use super::{Action, CrossOfIron};
use crate::engine::bits::ones;
use crate::engine::GameRng;
use rand::Rng;

/// Where a list of actions goes: a list, or a yes/no (to know whether a counter may act
/// without building the list).
pub(super) trait Sink {
    fn push(&mut self, a: Action);

    /// Whether more actions change nothing: a long list may stop early.
    fn full(&self) -> bool {
        false
    }
}

impl Sink for Vec<Action> {
    fn push(&mut self, a: Action) {
        Vec::push(self, a);
    }
}

/// What every counter's decisions in a phase step depend on: the hexes in melee, and the
/// hexes the acting side may fire into.
pub(super) struct Context {
    contested: u128,
    targets: u128,
}

/// Whether there is any action, instead of the list.
pub(super) struct Any(pub bool);

impl Sink for Any {
    fn push(&mut self, _: Action) {
        self.0 = true;
    }

    fn full(&self) -> bool {
        self.0
    }
}

/// Who acts in a phase.
impl CrossOfIron {
    /// The side that decides in the current phase.
    pub(super) fn acting_side(&self, s: &State) -> u8 {
        if s.phase.defending() {
            1 - s.phasing
        } else {
            s.phasing
        }
    }

    /// What every counter's decisions in a phase step depend on.
    pub(super) fn context(&self, s: &State) -> Context {
        debug_assert_eq!(
            s.targets,
            self.find_targets(s),
            "State::targets is stale: whatever changes the targets calls `retarget`"
        );
        Context {
            contested: self.occupied(s, 0) & self.occupied(s, 1),
            targets: s.targets,
        }
    }

    /// Brings `State::targets` up to date: the phase changed, or a counter moved, left play
    /// or exposed or buttoned its crew.
    pub(super) fn retarget(&self, s: &mut State) {
        s.targets = self.find_targets(s);
    }

    /// The hexes the acting side may fire into in a fire phase (else none).
    pub(super) fn find_targets(&self, s: &State) -> u128 {
        match s.phase {
            Phase::PrepFire | Phase::DefensiveFire | Phase::AdvancingFire => {
                self.target_hexes(s, self.acting_side(s))
            }
            _ => 0,
        }
    }

    /// The decisions open to counter `u` in the current phase (none: it does not act).
    pub(super) fn unit_actions(&self, s: &State, u: usize, out: &mut impl Sink) {
        self.unit_actions_in(s, &self.context(s), u, out);
    }

    fn unit_actions_in(&self, s: &State, cx: &Context, u: usize, out: &mut impl Sink) {
        if !self.decides(s, u) {
            return;
        }
        let unit = &s.units[u];
        let locked = cx.contested >> unit.hex & 1 == 1;
        match s.phase {
            Phase::PrepFire | Phase::DefensiveFire | Phase::AdvancingFire => {
                let moved_fast = s.phase == Phase::AdvancingFire
                    && unit.has(flag::PREP_FIRED | flag::DOUBLE_TIME);
                // 66.3: "Other movement and/or fire is not allowed during a Repair attempt."
                if locked || moved_fast || unit.has(flag::REPAIRING) {
                    return;
                }
                self.fire_actions(s, u, cx.targets, out);
                if !out.full() {
                    self.gun_actions(s, u, cx.targets, out);
                }
            }
            Phase::Movement if self.may_try_moving(u, unit, locked) => self.move_actions(s, u, out),
            Phase::Advance if self.infantry(u) && !locked => self.advance_actions(s, u, out),
            // 66.3: "AFV crews may re-enter the AFV only in their Advance Phase."
            Phase::Advance if unit.has(flag::REPAIRING) => out.push(Action::Repair),
            _ => {}
        }
    }

    /// Whether `u` has a decision in this phase at all: a counter of the acting side in good
    /// order, not yet done, not stunned.
    fn decides(&self, s: &State, u: usize) -> bool {
        let unit = &s.units[u];
        self.def(u).side == self.acting_side(s)
            && self.good(s, u)
            && !unit.has(flag::DONE)
            && unit.stunned_until < s.player_turn
    }

    /// Whether `u` (deciding in the Movement Phase) may try to move: it did not prep fire, is
    /// not a gun, and is not locked in melee (an AFV may drive out).
    fn may_try_moving(&self, u: usize, unit: &Unit, locked: bool) -> bool {
        !unit.has(flag::PREP_FIRED) && self.def(u).kind != Kind::Gun && (!locked || self.vehicle(u))
    }

    /// Whether `u` has a choice of moves in the Movement Phase (else it may only stay).
    pub(super) fn moves_now(&self, s: &State, u: usize) -> bool {
        let locked = self.contested(s, s.units[u].hex);
        s.phase == Phase::Movement
            && self.decides(s, u)
            && self.may_try_moving(u, &s.units[u], locked)
    }

    /// A uniformly random choice of `u` (which `moves_now`) in the Movement Phase, `Pass`
    /// included: the entry `random_range(0..n)` of the `n` that `legal_actions` lists, found
    /// without the list.
    pub(super) fn random_move(&self, s: &State, u: usize, rng: &mut GameRng) -> Action {
        let choices = self.move_choices(s, u);
        let i = rng.random_range(0..choices.len() + 1);
        self.move_choice(s, u, &choices, i)
    }

    /// The next counter at or after `from` with a decision in this phase. In the Movement
    /// Phase every counter free to move is asked (its list is long to build, and staying is
    /// always open); in the others, those with something to do.
    fn next_actor(&self, s: &State, from: usize) -> Option<usize> {
        let cx = self.context(s);
        let side = self.rules.sides[self.acting_side(s) as usize] >> from << from;
        ones(side).find(|&u| {
            if s.phase == Phase::Movement {
                return self.may_move(s, &cx, u);
            }
            let mut any = Any(false);
            self.unit_actions_in(s, &cx, u, &mut any);
            any.0
        })
    }

    /// Whether `u` is asked where to move: a counter of the phasing side in good order that
    /// did not prep fire, not a gun, not stunned, not locked in melee (an AFV may drive
    /// out), able to move or to open or close its hatches.
    fn may_move(&self, s: &State, cx: &Context, u: usize) -> bool {
        let unit = &s.units[u];
        let d = self.def(u);
        let free = d.side == s.phasing
            && self.good(s, u)
            && !unit.has(flag::DONE | flag::PREP_FIRED)
            && unit.stunned_until < s.player_turn
            && d.kind != Kind::Gun
            && (self.vehicle(u) || cx.contested >> unit.hex & 1 == 0);
        free && (!unit.has(flag::IMMOBILIZED)
            || self.may_open_or_close_hatches(s, u)
            || self.may_start_repair(s, u))
    }

    /// Runs the automatic steps until a decision or a roll is due, or the game ends.
    pub(super) fn settle(&self, s: &mut State) {
        loop {
            if s.winner != 2 || s.pending != Pending::None {
                return;
            }
            debug_assert_eq!(s.due, s.find_due(), "State::due is stale: use mark_due");
            let due = s.due;
            let first = |f: u32| (0..self.n()).find(|&u| s.units[u].has(f));
            if due & flag::OVERRUN_DUE != 0 {
                let u = first(flag::OVERRUN_DUE).expect("an overrun is due");
                self.overrun(s, u);
                continue;
            }
            if due & flag::MC_DUE != 0 {
                s.pending = Pending::Morale;
                return;
            }
            if due & flag::FACE_DUE != 0 {
                let u = first(flag::FACE_DUE).expect("a facing is due");
                s.pending = Pending::Facing { unit: u as u8 };
                return;
            }
            if !self.phase_step(s) {
                return;
            }
        }
    }

    /// One step of the current phase: `false` when a decision or roll is now due.
    fn phase_step(&self, s: &mut State) -> bool {
        let from = s.cursor as usize;
        match s.phase {
            Phase::Repair => match self.next_repair(s, from) {
                Some((job, pending)) => {
                    s.cursor = job as u8 + 1;
                    s.pending = pending;
                    return false;
                }
                None => self.next_phase(s),
            },
            Phase::Rally => match (from..self.n()).find(|&u| self.may_rally(s, u)) {
                Some(u) => {
                    s.cursor = u as u8 + 1;
                    s.pending = Pending::Rally { unit: u as u8 };
                    return false;
                }
                None => self.next_phase(s),
            },
            Phase::Rout => {
                self.rout(s);
                self.next_phase(s);
            }
            Phase::CloseCombat => match self.next_melee(s, from) {
                Some(hex) => {
                    s.cursor = hex + 1;
                    self.open_melee(s, hex);
                    return false;
                }
                None => self.end_player_turn(s),
            },
            _ => match self.next_actor(s, from) {
                Some(u) => {
                    s.cursor = u as u8;
                    return false;
                }
                None => self.next_phase(s),
            },
        }
        true
    }

    pub(super) fn next_phase(&self, s: &mut State) {
        self.update_control(s);
        for u in s.units[..self.n()].iter_mut() {
            u.clear_phase();
        }
        s.cursor = 0;
        match s.phase.next() {
            Some(p) => s.phase = p,
            None => self.end_player_turn(s),
        }
        if s.phase == Phase::Advance {
            self.crews_reenter(s);
        }
        self.retarget(s);
    }

    /// 66.3: "AFV crews may re-enter the AFV only in their Advance Phase": a repairing crew
    /// of the phasing side gets back in at once when its AFV is free, or immobilised for good;
    /// while a repair may still work its owner chooses in the phase (`Action::Repair`) to
    /// bring it back in or to leave it out to roll again in the next Rally Phase.
    fn crews_reenter(&self, s: &mut State) {
        for u in ones(self.rules.sides[s.phasing as usize]) {
            let unit = &mut s.units[u];
            if unit.has(flag::REPAIRING)
                && (!unit.has(flag::IMMOBILIZED) || unit.has(flag::PERMANENT))
            {
                unit.flags &= !flag::REPAIRING;
            }
        }
    }

    /// The rolls due at the start of the phasing side's Rally Phase, as jobs `3u` (67.11: its
    /// burning wreck, 1d6), `3u + 1` (66.3: an immobilised AFV, 2d6) and `3u + 2` (a
    /// malfunctioned gun or support weapon, 1d6): the next at or after `from`.
    pub(super) fn next_repair(&self, s: &State, from: usize) -> Option<(usize, Pending)> {
        (from..3 * self.n()).find_map(|job| {
            let u = job / 3;
            let unit = &s.units[u];
            if self.def(u).side != s.phasing {
                return None;
            }
            // 67.11: "the owner of the wreck rolls one die at the start of his rally phase".
            if job % 3 == 0 {
                let burning = unit.has(flag::BURNING);
                return burning.then_some((job, Pending::Extinguish { unit: u as u8 }));
            }
            // 64.44: "A vehicle may neither move, fire, or attempt repair while stunned."
            let stunned = unit.stunned_until >= s.player_turn;
            if !unit.in_play() || stunned {
                return None;
            }
            let immobile = unit.has(flag::IMMOBILIZED) && !unit.has(flag::PERMANENT);
            let broken_weapon = (unit.has(flag::GUN_BROKEN) && !unit.has(flag::DISABLED))
                || unit.has(flag::SW_BROKEN);
            match job % 3 {
                // 66.3: only an AFV whose crew is out repairing it rolls.
                1 if immobile && unit.has(flag::REPAIRING) => {
                    Some((job, Pending::Repair { unit: u as u8 }))
                }
                2 if broken_weapon => Some((job, Pending::WeaponRepair { unit: u as u8 })),
                _ => None,
            }
        })
    }

    /// 66.3: a repair roll of 2 or less frees the AFV, 9 or more fixes it for good (the armour
    /// leader's modifier applies, 76).
    pub(super) fn resolve_repair(&self, s: &mut State, u: usize, raw: u8) {
        match repair(raw, self.armour_leader_drm(s, u)) {
            Repair::Fixed => s.units[u].flags &= !flag::IMMOBILIZED,
            Repair::Permanent => s.units[u].flags |= flag::PERMANENT,
            Repair::NotYet => {}
        }
    }

    /// A malfunctioned weapon (SL 15, reconstructed): 1 repairs it, 6 disables it for good.
    /// An AFV with both its gun and its MGs malfunctioned rolls once: 1 repairs both, 6
    /// disables the gun (its MGs are rolled for in a later Rally Phase). 76.6: the armour
    /// leader's modifier applies to the repair (18.2), never to the 6 that disables.
    pub(super) fn resolve_weapon_repair(&self, s: &mut State, u: usize, die: u8) {
        let repaired = i16::from(die) + i16::from(self.armour_leader_drm(s, u)) <= 1;
        let unit = &mut s.units[u];
        let gun = unit.has(flag::GUN_BROKEN) && !unit.has(flag::DISABLED);
        match die {
            _ if repaired && die != 6 => unit.flags &= !(flag::GUN_BROKEN | flag::SW_BROKEN),
            6 if gun => unit.flags |= flag::DISABLED,
            6 if unit.has(flag::SW_BROKEN) => {
                unit.flags &= !flag::SW_BROKEN;
                unit.flags |= flag::SW_DISABLED;
            }
            _ => {}
        }
    }

    /// A broken counter of the phasing side that may try to rally: a leader rallies himself,
    /// a squad or crew needs a good-order leader with it (SL 14, reconstructed).
    pub(super) fn may_rally(&self, s: &State, u: usize) -> bool {
        let unit = &s.units[u];
        let d = self.def(u);
        unit.in_play()
            && unit.has(flag::BROKEN)
            && d.side == s.phasing
            && (d.kind == Kind::Leader
                || self
                    .good_in_hex(s, unit.hex, d.side, self.rules.leaders)
                    .next()
                    .is_some())
    }

    /// A rally roll: 2d6 + the leader's modifier, +4 under Desperation Morale (enemy
    /// adjacent; SS +2, 83.2), at most morale (SS +1, 83.3; inexperienced −1, 94.5).
    pub(super) fn resolve_rally(&self, s: &mut State, u: usize, raw: u8) {
        let (roll, target) = self.rally_roll(s, u, raw);
        if roll <= target {
            s.units[u].flags &= !flag::BROKEN;
        }
    }

    /// `u`'s rally roll on `raw`, modified, and the number it must not exceed.
    pub(super) fn rally_roll(&self, s: &State, u: usize, raw: u8) -> (i8, i8) {
        let d = self.def(u);
        let hex = s.units[u].hex;
        let m = &self.rules.data.charts.morale;
        let opts = &self.rules.options;
        let ss = opts.ss && d.side == 0 && d.kind == Kind::Squad;
        let mut target = self.morale(s, u);
        if ss {
            target += 1;
        }
        if self.inexperienced(u) {
            target -= 1;
        }
        let mut roll = raw as i8 + self.leadership(s, hex, d.side, u);
        if self.enemy_adjacent(s, hex, d.side) {
            roll += if ss { m.desperation_ss } else { m.desperation } as i8;
        }
        (roll, target)
    }

    /// The Rout Phase (SL 13, reconstructed): a broken infantry counter next to a good-order
    /// enemy routs one hex, to a hex free of the enemy and within stacking (92.2: "No more
    /// than three infantry and/or cavalry squads"), preferring one not next to the enemy,
    /// then better cover, then farther from the enemy; with nowhere to go it is eliminated
    /// (89.21: captured when prisoners are in play).
    pub(super) fn rout(&self, s: &mut State) {
        for u in 0..self.n() {
            let unit = s.units[u];
            let side = self.def(u).side;
            if !unit.in_play()
                || !unit.has(flag::BROKEN)
                || !self.infantry(u)
                || self.contested(s, unit.hex)
                || !self.enemy_adjacent(s, unit.hex, side)
            {
                continue;
            }
            let blocked = self.may_not_end_in(s, u);
            let best = self.rules.board.neighbour[unit.hex as usize]
                .into_iter()
                .filter(|&n| n != NO_HEX && blocked >> n & 1 == 0)
                .max_by_key(|&n| {
                    let safe = !self.enemy_adjacent(s, n, side);
                    (safe, self.rules.tem(n), self.enemy_distance(s, n, side))
                });
            // 89.21: captured "if adjacent to an unbroken enemy infantry unit", else eliminated.
            let captor = self.enemy_adjacent_where(s, unit.hex, side, |e| self.infantry(e));
            match best {
                Some(hex) => self.relocate(s, u, hex),
                None => self.eliminate(s, u, self.rules.options.prisoners && captor),
            }
        }
    }

    /// The range to the nearest enemy in play.
    fn enemy_distance(&self, s: &State, hex: u8, side: u8) -> u8 {
        self.side_in_play(s, 1 - side)
            .map(|e| self.rules.board.distance(hex, s.units[e].hex))
            .min()
            .unwrap_or(u8::MAX)
    }

    /// Control of the objectives: held alone by good-order infantry (AFVs never control).
    pub(super) fn update_control(&self, s: &mut State) {
        let held = |side: u8| {
            let good = ones(self.rules.sides[side as usize] & s.in_play & self.rules.infantry)
                .filter(|&u| !s.units[u].has(flag::BROKEN));
            good.fold(0u128, |set, u| set | 1 << s.units[u].hex) & !self.occupied(s, 1 - side)
        };
        let (german, russian) = (held(0), held(1));
        for (i, &hex) in self.rules.objectives.iter().enumerate() {
            if german >> hex & 1 == 1 {
                s.german_objectives |= 1 << i;
            } else if russian >> hex & 1 == 1 {
                s.german_objectives &= !(1 << i);
            }
        }
    }

    /// The end of a player turn; after the second, of the game turn; after the last, of the
    /// game.
    fn end_player_turn(&self, s: &mut State) {
        self.update_control(s);
        let phasing = s.phasing;
        for u in 0..self.n() {
            let unit = &mut s.units[u];
            if self.def(u).side == phasing {
                // 73.7: no Double Time in the next player turn after one.
                unit.flags &= !flag::TIRED;
                if unit.has(flag::DOUBLE_TIME) {
                    unit.flags |= flag::TIRED;
                }
            }
            unit.clear_phase();
            unit.flags &= !flag::PER_PLAYER_TURN;
        }
        let second = phasing != self.rules.first;
        if second {
            s.turn += 1;
        }
        if s.turn > self.rules.turns {
            s.turn = self.rules.turns;
            s.winner = self.winner(s);
            return;
        }
        s.phasing = 1 - phasing;
        s.player_turn += 1;
        s.phase = Phase::Repair;
        s.cursor = 0;
        self.retarget(s);
    }

    /// The scenario's victory conditions: the Germans need `required` objectives.
    pub(super) fn winner(&self, s: &State) -> u8 {
        let held = s.german_objectives.count_ones() as u8;
        if held >= self.rules.required {
            0
        } else {
            1
        }
    }

    /// A side with nothing left in play loses at once.
    pub(super) fn check_annihilation(&self, s: &mut State) {
        for side in 0..2u8 {
            if self.side_in_play(s, side).next().is_none() {
                s.winner = 1 - side;
                s.pending = Pending::None;
            }
        }
    }
}
