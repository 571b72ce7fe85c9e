//! Crossing the Line: Aachen 1944 — the operational hex game of the American First Army's
//! attack on the West Wall around Aachen, September–October 1944: Scenario 1, First Blood
//! (10.1, solitaire against static Germans) and Scenario 2, The Stolberg Corridor (10.2).
//!
//! The rules follow `shared/rules/crossing-the-line-aachen-1944.txt`; the reading notes are
//! `shared/notes/crossing-the-line-digest.md`. The map, the charts and the counters are data
//! (`data/`), reconstructed and labelled, replaceable with `--data`.
//!
//! Layout: pure rules over plain values in `control` (ZOC, supply, command), `combat` (7.5's
//! steps) and `charts`; the engine over the `Copy` [`State`] in `ops` (6), `movement` (7.3,
//! 6.4), `battle` (7.5), `actions` (7.4, 7.6, 7.7, the Action list), `stacking` (5.3), `admin`
//! (8) and `victory` (9, 10).

mod action;
mod actions;
mod admin;
mod assignment;
mod battle;
mod board;
pub mod charts;
pub mod combat;
mod command;
pub mod control;
pub mod counters;
pub mod data;
mod describe;
mod estimate;
pub mod hex;
pub mod hidden;
pub mod map;
mod movement;
mod narrate;
mod ops;
mod readings;
mod reinforcements;
pub mod ruleset;
pub mod scenario;
mod scripted;
pub mod side;
mod snafu;
mod stacking;
pub mod state;
#[cfg(test)]
mod tests;
mod victory;

pub use action::Action;
pub use data::DataSet;
pub use ruleset::Ruleset;
pub use scripted::ScriptedBot;
pub use side::Side;
pub use state::{State, Step};
pub use victory::{us_vp, ACROSS_THE_WURM_LEVELS, FIRST_BLOOD_LEVELS, STOLBERG_LEVELS};

use crate::engine::data::DataError;
use crate::engine::game::rewards;
use crate::engine::{Actor, Game, Outcome, PlayerId, Tally};
use combat::SecondHit;
use ruleset::ScenarioKind;
use state::{bits, AfterOverstack, CheckKind, ELIMINATED};
use std::path::Path;

/// The game on one scenario: the data and its ruleset, immutable and shared by all threads.
pub struct CrossingTheLine {
    data: DataSet,
    rules: Ruleset,
    /// Bots see hidden information (`--open`); by default `determinize` redraws it (5.3.4).
    open: bool,
}

impl CrossingTheLine {
    /// Scenario `scenario` on the embedded default (reconstructed) data.
    pub fn embedded(scenario: &str) -> Result<Self, DataError> {
        Self::from_data(DataSet::embedded()?, scenario)
    }

    /// Scenario `scenario` on a user's data directory (`--data`), or the embedded data.
    pub fn load(path: Option<&Path>, scenario: &str) -> Result<Self, DataError> {
        Self::from_data(DataSet::load(path)?, scenario)
    }

    pub fn from_data(data: DataSet, scenario: &str) -> Result<Self, DataError> {
        let rules = Ruleset::new(&data, scenario)?;
        Ok(CrossingTheLine {
            data,
            rules,
            open: false,
        })
    }

    /// With `open`, bots see hidden information (`--open`, 5.3.4).
    pub fn with_open(mut self, open: bool) -> Self {
        self.open = open;
        self
    }

    pub fn is_open(&self) -> bool {
        self.open
    }

    pub fn data(&self) -> &DataSet {
        &self.data
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Why the game ended as it did (10.1–10.4), for the result line.
    pub fn result_reason(&self, s: &State) -> Option<String> {
        victory::result_reason(&self.rules, s)
    }

    /// Calls `out` for each legal decision (the allocation-free core of `legal_actions`).
    pub fn for_each_action(&self, s: &State, out: &mut impl FnMut(Action)) {
        let rs = &self.rules;
        match s.step {
            Step::Choose => ops::choose_actions(rs, s, out),
            Step::Action => actions::action_actions(rs, s, out),
            Step::Destination { from, pick } => movement::move_actions(rs, s, from, pick, out),
            Step::ReactionOffer => movement::reaction_actions(rs, s, out),
            Step::Attackers => battle::attackers_actions(rs, s, out),
            Step::CallOff => {
                out(Action::GoOn);
                out(Action::CallOff);
            }
            Step::SecondHit => battle::second_hit_actions(out),
            Step::SpLoss => battle::sp_loss_actions(rs, s, out),
            Step::Retreat => battle::retreat_actions(rs, s, out),
            Step::HqDisplacement { .. } => stacking::hq_place_actions(rs, s, out),
            Step::UnitDisplacement => stacking::unit_displacement_actions(rs, s, out),
            Step::Snafu => snafu::actions(out),
            Step::Assignment(side) => assignment::actions(rs, s, side, out),
            Step::Replace => admin::replace_actions(rs, s, out),
            Step::Reorganize => admin::reorganize_actions(rs, s, out),
            Step::Inspect => admin::inspect_actions(s, out),
            Step::Reinforce(_) => reinforcements::actions(rs, s, out),
            Step::Heir => reinforcements::heir_actions(rs, s, out),
            Step::Entering(_) => reinforcements::entering_actions(rs, s, out),
            _ => {}
        }
    }

    fn apply_decision(&self, s: &mut State, a: Action) {
        let rs = &self.rules;
        match (s.step, a) {
            (Step::Choose, _) => ops::choose(rs, s, a),
            (Step::Action, Action::Select { from, pick }) => {
                s.step = Step::Destination { from, pick }
            }
            (Step::Destination { from, pick }, Action::Move { to, leg_bonus }) => {
                movement::start_move(rs, s, from, pick, to, leg_bonus)
            }
            (Step::Destination { from, pick }, Action::Infiltrate { to }) => {
                movement::start_infiltration(rs, s, from, pick, to)
            }
            (Step::Action, Action::Attack { from, target, kind }) => {
                battle::declare(rs, s, from, target, kind)
            }
            (Step::Action, Action::Refit(u)) => actions::refit(rs, s, u),
            (Step::Action, Action::ImprovedDefense(h)) => actions::improved_defense(rs, s, h),
            (Step::Action, Action::Relocate(h)) => actions::relocate(rs, s, h),
            (Step::Action, Action::End) => ops::end_activation(rs, s),
            (Step::ReactionOffer, Action::React(f)) => movement::react(s, f),
            (Step::ReactionOffer, Action::Decline) => movement::advance(rs, s),
            (Step::Attackers, Action::AddAttacker(u)) => s.fight.attackers |= 1 << u,
            (Step::Attackers, Action::Resolve) => battle::close_attackers(rs, s),
            (Step::CallOff, Action::GoOn) => movement::go_on(rs, s),
            (Step::CallOff, Action::CallOff) => movement::call_off(rs, s),
            (Step::SecondHit, Action::RetreatInstead) => {
                battle::further(rs, s, Some(SecondHit::VoluntaryRetreat))
            }
            (Step::SecondHit, Action::TakeLoss) => battle::further(rs, s, Some(SecondHit::Loss)),
            (Step::SpLoss, Action::SpLoss(u)) => battle::sp_loss(rs, s, u),
            (Step::Retreat, Action::RetreatTo(h)) => battle::retreat_to(rs, s, h),
            (Step::UnitDisplacement, Action::DisplaceUnit { unit, to }) => {
                match stacking::displace_unit(rs, s, unit, to) {
                    Some(AfterOverstack::Action) => ops::after_action(rs, s),
                    Some(AfterOverstack::Reaction) => ops::begin_reaction(rs, s, s.reactor),
                    Some(AfterOverstack::Retreat) => battle::next_side(rs, s),
                    None => {}
                }
            }
            (Step::HqDisplacement { after_battle }, Action::PlaceHq(h)) => {
                if stacking::place_hq(rs, s, h) {
                    match after_battle {
                        true => battle::finish_battle(rs, s),
                        false => movement::after_displacement(rs, s),
                    }
                }
            }
            (Step::Assignment(side), Action::Assign(..) | Action::Done) => {
                if assignment::apply(rs, s, side, a) {
                    admin::after_assignment(rs, s);
                }
            }
            (Step::Replace, Action::Replace(u)) => admin::replace(rs, s, u),
            (Step::Reorganize, Action::Cannibalize(_) | Action::Replace(_) | Action::Done) => {
                admin::reorganize(rs, s, a)
            }
            (Step::Inspect, Action::Inspect(_) | Action::Done) => admin::inspect(rs, s, a),
            (
                Step::Reinforce(side),
                Action::Delay(_) | Action::DelayHq(_) | Action::DelayUnit(_) | Action::Done,
            ) => reinforcements::decide(rs, s, side, a),
            (Step::Heir, Action::Assign(u, f)) => reinforcements::reassign(rs, s, u, f),
            (Step::Entering(side), Action::Assign(u, f)) => {
                reinforcements::assign_entering_to(rs, s, side, u, f)
            }
            (Step::Snafu, Action::Keep | Action::Reroll) => {
                if let Some(roll) = snafu::choose(s, a) {
                    self.resolve_chance(s, roll);
                }
            }
            (step, a) => unreachable!("{a:?} is no decision of step {step:?}"),
        }
    }

    fn apply_chance(&self, s: &mut State, a: Action) {
        if snafu::offers(&self.rules, s, a) {
            snafu::hold(s, a);
        } else {
            self.resolve_chance(s, a);
        }
    }

    fn resolve_chance(&self, s: &mut State, a: Action) {
        let rs = &self.rules;
        match (s.step, a) {
            (Step::Interdiction, Action::Die(d)) => admin::interdiction(rs, s, d),
            (Step::Attrition, Action::Die(d)) => {
                let u = next_in_queue(s);
                admin::attrition(rs, s, u, d)
            }
            (Step::Initiative, Action::Winner(side)) => ops::initiative(rs, s, side),
            (Step::ApRoll { reaction }, Action::Die(d)) => ops::ap_roll(rs, s, reaction, d),
            (Step::ReactionCheck, Action::Check(pass)) => movement::reaction_check(rs, s, pass),
            (Step::Check(kind), Action::Check(pass)) => self.check(s, kind, pass),
            (Step::Chits, Action::Chits(a, d)) => battle::draw_chits(s, a, d),
            (Step::CombatDie, Action::Die(d)) => battle::roll(rs, s, d),
            (Step::PlanDraw, Action::Draw(m)) => admin::draw_plan(s, m),
            (Step::PlanPeek, Action::Die(d)) => admin::plan_peek(rs, s, d),
            (step, a) => unreachable!("{a:?} is no outcome of step {step:?}"),
        }
    }

    /// 5.6: one unit's Effectiveness Check, then the next, then what they were for.
    fn check(&self, s: &mut State, kind: CheckKind, passed: bool) {
        let rs = &self.rules;
        let u = next_in_queue(s);
        match kind {
            CheckKind::Isolated | CheckKind::Infiltration => {
                if !passed {
                    stacking::disrupt(rs, s, u);
                    movement::drop_failed(s, u);
                    if kind == CheckKind::Isolated {
                        s.isolated_failed |= 1 << u;
                    }
                }
            }
            CheckKind::Refit => actions::refit_check(rs, s, u, passed),
            CheckKind::Combat => battle::combat_check(rs, s, u, passed),
        }
        if s.queue != 0 {
            return;
        }
        match kind {
            CheckKind::Isolated => movement::after_isolation_checks(rs, s),
            CheckKind::Infiltration => movement::resume(rs, s),
            CheckKind::Refit => ops::after_action(rs, s),
            CheckKind::Combat => battle::second_hit_stage(rs, s),
        }
    }

    /// The scenario's victory levels, from the US's best to the Germans' best.
    fn levels(&self) -> &'static [&'static str] {
        victory::level_names(self.rules.kind)
    }

    fn side_of(&self, p: PlayerId) -> Side {
        Side::BOTH[p]
    }
}

/// Takes the lowest unit off the queue of units to roll for.
fn next_in_queue(s: &mut State) -> usize {
    let u = s.queue.trailing_zeros() as usize;
    s.queue &= !(1 << u);
    u
}

const FIRST_BLOOD_VICTORY: [(Option<PlayerId>, &str); 5] = [
    (Some(0), FIRST_BLOOD_LEVELS[0]),
    (Some(0), FIRST_BLOOD_LEVELS[1]),
    (Some(0), FIRST_BLOOD_LEVELS[2]),
    (None, FIRST_BLOOD_LEVELS[3]),
    (Some(1), FIRST_BLOOD_LEVELS[4]),
];
const STOLBERG_VICTORY: [(Option<PlayerId>, &str); 7] = [
    (Some(0), STOLBERG_LEVELS[0]),
    (Some(0), STOLBERG_LEVELS[1]),
    (Some(0), STOLBERG_LEVELS[2]),
    (None, STOLBERG_LEVELS[3]),
    (Some(1), STOLBERG_LEVELS[4]),
    (Some(1), STOLBERG_LEVELS[5]),
    (Some(1), STOLBERG_LEVELS[6]),
];
const ACROSS_THE_WURM_VICTORY: [(Option<PlayerId>, &str); 5] = [
    (Some(0), ACROSS_THE_WURM_LEVELS[0]),
    (Some(0), ACROSS_THE_WURM_LEVELS[1]),
    (None, ACROSS_THE_WURM_LEVELS[2]),
    (Some(1), ACROSS_THE_WURM_LEVELS[3]),
    (Some(1), ACROSS_THE_WURM_LEVELS[4]),
];

impl Game for CrossingTheLine {
    type State = State;
    type Action = Action;

    fn id(&self) -> &'static str {
        "crossing-the-line"
    }

    fn num_players(&self) -> usize {
        2
    }

    /// First Blood is solitaire: the Germans are static (10.1).
    fn acting_players(&self) -> usize {
        match self.rules.kind {
            ScenarioKind::FirstBlood => 1,
            _ => 2,
        }
    }

    /// 2: the owner picks which unit takes each SP loss (7.5.2, `Step::SpLoss`) and where a
    /// withdrawing division's independents go (8.5.2, `Step::Heir`). 3: and where a displaced
    /// HQ goes (5.3.2, `Step::HqDisplacement`); and the opponent where an overstacked unit goes
    /// (5.3.3, `Step::UnitDisplacement`). 4: a displaced HQ is offered every friendly built-up
    /// hex (5.3.2), an HQ leaves play with its last unit (3.3), and the owner assigns each
    /// entering independent (8.2, `Step::Entering`). 5: after isolated units failed their
    /// check, the owner goes on with the rest or calls the Action off (5.8.4, `Step::CallOff`).
    /// 6: no displacement crosses the Roer (5.3.1, as no retreat does); a failed Reaction
    /// attempt costs an unsupplied HQ nothing (6.4.2); the owner may hold back any one
    /// reinforcement, an HQ or a unit, besides a formation's whole group (8.5, `DelayHq`,
    /// `DelayUnit`). 7: a defender's Battle Victory always gets its bonus activation (7.5.3),
    /// however long the chain of them (before, none past three nested activations). 8: a
    /// Movement Action names any of a formation's units in a hex that can move, as one stack
    /// (7.1, 7.3.1: `Select { from, pick }`; before, a unit or all of them). 9: a
    /// reinforcement's fallback hex is not next to an enemy HQ either (8.5.1). 10: the SNAFU
    /// token may also reroll the US Interdiction die, an Attrition Check and the German's roll
    /// to inspect a plan (5.2), each only when a reroll could better it. 11: a withdrawal lifts
    /// the Improved Defense marker of the hexes its units leave, and an independent handed on
    /// or an attached unit returning lifts it as a choice of assignment does (7.7). 12: a unit
    /// is assigned at most once an Assignment Segment (5.5, 8.2), so the segment ends. 13: a
    /// stack its combat losses eliminated is not asked for a retreat hex (7.5.2).
    fn log_version(&self) -> u32 {
        13
    }

    fn player_name(&self, p: PlayerId) -> &'static str {
        ["US", "Germans"][p]
    }

    fn initial_state(&self) -> State {
        let mut s = self.rules.initial;
        ops::start_turn(&self.rules, &mut s);
        s
    }

    fn actor(&self, s: &State) -> Actor {
        let player = |side: Side| Actor::Player(side.index());
        match s.step {
            Step::Over => Actor::Terminal,
            Step::Choose => player(s.initiative),
            Step::Action | Step::Destination { .. } | Step::Attackers | Step::CallOff => {
                player(s.act().side)
            }
            Step::ReactionOffer => player(s.act().side.other()),
            Step::SecondHit | Step::SpLoss | Step::Retreat => {
                player(battle::applying_side(&self.rules, s))
            }
            Step::Snafu => player(s.snafu),
            Step::Assignment(side) | Step::Reinforce(side) | Step::Entering(side) => player(side),
            Step::Reorganize | Step::Inspect | Step::Heir => player(Side::German),
            Step::Replace => player(Side::Us),
            Step::HqDisplacement { .. } => player(stacking::displacing_side(&self.rules, s)),
            // AMBIG-14: the opponent displaces (5.3.3).
            Step::UnitDisplacement => player(s.overstack.side.other()),
            _ => Actor::Chance,
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if matches!(self.actor(s), Actor::Player(_)) {
            self.for_each_action(s, &mut |a| out.push(a));
        }
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        chance_outcomes(&self.rules, s, out);
    }

    fn apply(&self, s: &mut State, a: Action) {
        crate::engine::game::debug_assert_on_offer(self, s, a);
        if a.is_chance() {
            self.apply_chance(s, a);
        } else {
            self.apply_decision(s, a);
        }
        if let Some(p) = &self.rules.plan {
            victory::german_automatic_victory(&self.rules, p, s);
        }
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if !s.is_over() {
            return None;
        }
        let (winner, level, turn) = s.result;
        Some(Outcome {
            winner: (winner < 2).then_some(usize::from(winner)),
            level: self.levels()[usize::from(level)],
            turn: u32::from(turn),
        })
    }

    /// The position estimate of the VP scenarios (`estimate.rs`); First Blood has none.
    fn heuristic(&self, s: &State) -> Option<f32> {
        estimate::us_reward(&self.rules, s)
    }

    /// Graded by victory level (9, 10.1–10.4): the levels run from the US's best to the
    /// Germans' best and the US reward falls evenly along them, so that a search prefers a
    /// decisive win to a marginal one, and in First Blood fewer activations.
    fn outcome_rewards(&self, outcome: &Outcome) -> [f32; 2] {
        let levels = self.levels();
        let Some(rank) = levels.iter().position(|&l| l == outcome.level) else {
            return rewards(outcome, self.num_players());
        };
        let us = 1.0 - rank as f32 / (levels.len() - 1) as f32;
        [us, 1.0 - us]
    }

    /// 10.1's ratings as its table words them: the US's performance, not a side's level.
    fn level_words(&self, level: &str) -> Option<&'static str> {
        // 10.2: a US unit in an Aachen City hex at the end is decisive whatever the VP, so
        // a report's decisive wins beside a low mean VP are not left unexplained (trial 16b F4).
        if self.rules.kind == ScenarioKind::StolbergCorridor {
            return (level == STOLBERG_LEVELS[0])
                .then_some("US decisive (by VP, or a US unit in an Aachen City hex, 10.2)");
        }
        if self.rules.kind != ScenarioKind::FirstBlood {
            return None;
        }
        let words = [
            "US decisive victory (2 Formation Activations or fewer)",
            "US substantial victory (3 activations)",
            "US satisfactory victory (4 activations)",
            "poor performance, 5 activations",
            "objectives still held (the US failed)",
        ];
        let at = FIRST_BLOOD_LEVELS.iter().position(|&l| l == level)?;
        Some(words[at])
    }

    /// First Blood has no turns and the US always holds the Initiative (10.1); the other
    /// scenarios count the Ops Cycles each side held the Initiative in (6.1).
    fn record_columns(&self) -> crate::engine::RecordColumns {
        let two_sided = self.rules.kind != ScenarioKind::FirstBlood;
        crate::engine::RecordColumns {
            turn: two_sided,
            // 6.1: the initiative is won for each Ops Cycle, not each turn.
            initiative: two_sided.then_some(crate::engine::InitiativeCount {
                column: "initiative_cycles",
                label: "Ops Cycles with initiative",
            }),
        }
    }

    fn tally(&self, s: &State, p: PlayerId) -> Tally {
        let side = self.side_of(p);
        let losses = bits(self.rules.side_units[side.index()])
            .filter(|&u| s.hex[u] == ELIMINATED)
            .count() as u32;
        Tally {
            losses,
            initiative_turns: u32::from(s.initiatives[side.index()]),
        }
    }

    fn turn(&self, s: &State) -> u32 {
        u32::from(s.turn)
    }

    /// 10.1: the Formation Activations used; 10.2, 10.3: the US's VPs.
    fn final_score(&self, s: &State) -> Option<(&'static str, i32)> {
        Some(match self.rules.kind {
            ScenarioKind::FirstBlood => ("activations", i32::from(s.activations)),
            _ => ("US VP", us_vp(&self.rules, s) as i32),
        })
    }

    fn victory_levels(&self) -> &'static [(Option<PlayerId>, &'static str)] {
        match self.rules.kind {
            ScenarioKind::FirstBlood => &FIRST_BLOOD_VICTORY,
            ScenarioKind::StolbergCorridor | ScenarioKind::Campaign => &STOLBERG_VICTORY,
            ScenarioKind::AcrossTheWurm => &ACROSS_THE_WURM_VICTORY,
        }
    }

    fn describe(&self, s: &State, a: Action) -> String {
        describe::action(&self.rules, s, a)
    }

    /// 5.5.2: the enemy learns that an independent was assigned, not which nor where (with
    /// `--open`, everything).
    fn describe_seen(&self, s: &State, a: Action, viewer: PlayerId) -> String {
        if self.open {
            return describe::action(&self.rules, s, a);
        }
        describe::action_seen(&self.rules, s, a, self.side_of(viewer))
    }

    fn render(&self, s: &State) -> String {
        describe::render(&self.rules, s, None)
    }

    fn narrate(&self, before: &State, a: Action, after: &State) -> Option<String> {
        narrate::narrate(&self.rules, before, a, after)
    }

    /// 8.3: the US is told the Victory Plan marker it drew, the German the one he inspected
    /// (trial 21e F1, F2: only `victory` said which).
    fn narrate_seen(
        &self,
        before: &State,
        a: Action,
        after: &State,
        viewer: PlayerId,
    ) -> Option<String> {
        let side = self.side_of(viewer);
        let told = match self.open {
            true => narrate::narrate(&self.rules, before, a, after),
            false => narrate::narrate_for(&self.rules, before, a, after, Some(side)),
        };
        match victory::marker_seen(&self.rules, before, a, after, self.side_of(viewer)) {
            Some(seen) => Some(told.map_or(seen.clone(), |t| format!("{t}: {seen}"))),
            None => told,
        }
    }

    /// 5.3.4: the enemy's hidden stack contents and strengths drawn anew (`hidden`); with
    /// `--open` the bots see the state as it is.
    fn determinize(&self, s: &State, viewer: PlayerId, rng: &mut crate::engine::GameRng) -> State {
        if self.open {
            return *s;
        }
        hidden::determinize(&self.rules, s, self.side_of(viewer), rng)
    }
}

/// The outcomes of the pending chance step with their exact weights (`Game::chance_outcomes`;
/// the SNAFU offer weighs a reroll with them, 5.2).
pub fn chance_outcomes(rs: &Ruleset, s: &State, out: &mut Vec<(Action, u32)>) {
    out.clear();
    let check = |out: &mut Vec<(Action, u32)>, pass: u32| {
        for (a, w) in [
            (Action::Check(true), pass),
            (Action::Check(false), 10 - pass),
        ] {
            if w > 0 {
                out.push((a, w));
            }
        }
    };
    match s.step {
        Step::Interdiction
        | Step::Attrition
        | Step::ApRoll { .. }
        | Step::CombatDie
        | Step::PlanPeek => out.extend((1..=10).map(|d| (Action::Die(d), 1))),
        Step::PlanDraw => admin::plan_outcomes(rs, s, out),
        Step::Initiative => ops::initiative_outcomes(rs, s, out),
        Step::ReactionCheck => check(out, movement::reaction_check_weights(rs, s).0),
        Step::Check(_) => {
            let u = s.queue.trailing_zeros() as usize;
            let er = rs.unit(u).er[usize::from(s.is_disrupted(u))];
            check(out, combat::ec_passing_faces(er));
        }
        Step::Chits => battle::chit_outcomes(rs, out),
        _ => {}
    }
}
