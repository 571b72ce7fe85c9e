//! Rudder's Line: The Battle of Normandy 1944 — the 2nd Ranger Battalion at Pointe du Hoc.
//!
//! The rules follow `shared/rules/rudders-line.txt` section by section: `turn` (4–5, 10.1),
//! `fire` (7–9), `combat` and `casualties` (7.6–7.7, 11.2–11.31, 2.63), `movement` (10–11),
//! `regroup` (12, 2.64), `victory` (3.2). Map, counters, Set Up Card and victory conditions
//! are data (`data/`), reconstructed and labelled, replaceable with `--data`.

mod action;
mod board;
mod casualties;
mod combat;
pub mod data;
mod describe;
mod fire;
mod movement;
pub mod readings;
mod regroup;
mod ruleset;
mod screen;
mod scripted;
mod state;
#[cfg(test)]
mod tests;
mod turn;
mod victory;

pub use action::Action;
pub use combat::{
    attack_result, casualty_points_of, friendly_fire_cp, is_friendly_fire, AttackResult,
};
pub use data::{DataError, DataSet, Side};
pub use fire::{direct_defense, indirect_defense, indirect_offense};
pub use ruleset::{Class, Ruleset};
pub use scripted::ScriptedBot;
pub use state::Roll;
pub use state::{Phase, State, Step, ELIMINATED, NONE, STACKING_LIMIT};
pub use turn::initiative_winner;
pub use victory::LEVELS;

use crate::bots::Bot;
use crate::engine::dice;
use crate::engine::{Actor, Game, Outcome, PlayerId, Tally};
use std::path::Path;

/// The ruleset + scenario, immutable and shared by all threads.
pub struct RuddersLine {
    data: DataSet,
    rules: Ruleset,
}

impl RuddersLine {
    /// The game on the embedded default (reconstructed) data.
    pub fn embedded() -> Result<Self, DataError> {
        Self::from_data(DataSet::embedded()?)
    }

    /// The game on a user's data (`--data`), or the embedded default when `path` is `None`.
    pub fn load(path: Option<&Path>) -> Result<Self, DataError> {
        match path {
            Some(p) => Self::from_data(DataSet::load(p)?),
            None => Self::embedded(),
        }
    }

    pub fn from_data(data: DataSet) -> Result<Self, DataError> {
        let rules = Ruleset::new(&data)?;
        Ok(RuddersLine { data, rules })
    }

    pub fn data(&self) -> &DataSet {
        &self.data
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Bot names this game offers besides the generic ones: `scripted`.
    /// `player` is the side it plays (the scripted doctrine serves either).
    pub fn bot(&self, name: &str, _player: PlayerId) -> Option<Box<dyn Bot<RuddersLine>>> {
        match name {
            "scripted" => Some(Box::<ScriptedBot>::default()),
            _ => None,
        }
    }

    /// The long board: every unit on its own line with its number (`board --full`).
    pub fn render_full(&self, s: &State) -> String {
        screen::render(&self.rules, s)
    }

    /// Calls `out` for each legal decision (the allocation-free core of `legal_actions`).
    pub fn for_each_action(&self, s: &State, out: &mut impl FnMut(Action)) {
        let rs = &self.rules;
        match s.step {
            Step::Segment => {
                match s.phase {
                    Phase::IndirectFire => fire::indirect_actions(rs, s, s.active, out),
                    Phase::DirectFire => fire::direct_start_actions(rs, s, out),
                    Phase::Action => movement::activation_actions(rs, s, out),
                    _ => {}
                }
                out(Action::Pass);
            }
            Step::InitiativeChoice => {
                out(Action::GoFirst);
                out(Action::GoSecond);
            }
            Step::DirectFireGroup => fire::direct_group_actions(rs, s, out),
            Step::Group => movement::group_actions(rs, s, out),
            Step::Point => movement::point_actions(s, out),
            Step::Casualties => casualties::actions(rs, s, out),
            Step::AutoRally => regroup::auto_rally_actions(rs, s, out),
            Step::PickUp => regroup::pick_up_actions(rs, s, out),
            Step::Fatigue => regroup::fatigue_actions(rs, s, out),
            Step::Roll(_) | Step::Over => {}
        }
    }

    fn apply_decision(&self, s: &mut State, a: Action) {
        let rs = &self.rules;
        match a {
            Action::GoFirst => turn::choose_order(rs, s, true),
            Action::GoSecond => turn::choose_order(rs, s, false),
            Action::Pass if s.step == Step::PickUp => regroup::end_pick_up(rs, s),
            Action::Pass => turn::end_hold(rs, s, !s.acted),
            Action::CallArtillery { fo, target } => fire::call_artillery(rs, s, fo, target),
            Action::FireMortar {
                mortar,
                target,
                spotter,
            } => fire::fire_mortar(rs, s, mortar, target, spotter),
            Action::AddWeapon(w) => fire::add_weapon(s, w),
            Action::DirectFire { target } => fire::direct_fire(rs, s, target),
            Action::Activate(area) => movement::activate(s, area),
            Action::AddUnit(u) => movement::add_unit(rs, s, u),
            Action::Move { to, pay } => movement::move_group(rs, s, to, pay),
            Action::AssaultHere => movement::assault_here(rs, s),
            Action::EndActivation => movement::end_activation(rs, s),
            Action::Point(u) => movement::set_point(rs, s, u),
            Action::Flip(_) | Action::Eliminate(_) | Action::Retreat { .. } => {
                casualties::pay(rs, s, a)
            }
            Action::AutoRally(u) => regroup::auto_rally(rs, s, u),
            Action::Fatigue(u) => regroup::fatigue(rs, s, u),
            Action::PickUp { weapon, unit } => regroup::pick_up(s, weapon, unit),
            Action::Hand { from, to } => regroup::hand(s, from, to),
            Action::Die(_) | Action::Dice(_) => unreachable!("chance outcome as a decision"),
        }
    }

    fn apply_chance(&self, s: &mut State, a: Action) {
        let rs = &self.rules;
        match (a, s.step) {
            // 2.63: 2–7 the weapon is eliminated too; 8–12 it lies in the area.
            (Action::Dice(sum), _) if s.survival != NONE => {
                if sum <= 7 {
                    s.units[usize::from(s.survival)].loc = state::ELIMINATED;
                }
                s.survival = NONE;
            }
            (Action::Die(d), Step::Roll(r)) => match r {
                Roll::InitiativeRangers | Roll::InitiativeGermans => {
                    turn::initiative_die(rs, s, r, d)
                }
                Roll::Rally => regroup::rally_roll(rs, s, d),
                Roll::Fatigue => regroup::fatigue_roll(rs, s, d),
                _ => combat::roll(rs, s, r, d),
            },
            _ => unreachable!("{a:?} is no outcome of {:?}", s.step),
        }
    }
}

/// Who acts in `s`: a side, the dice, or no one once the game is over.
pub(crate) fn actor(s: &State) -> Actor {
    if s.phase == Phase::Over {
        return Actor::Terminal;
    }
    if s.survival != NONE {
        return Actor::Chance;
    }
    let side = match s.step {
        Step::Roll(_) => return Actor::Chance,
        Step::Over => return Actor::Terminal,
        Step::InitiativeChoice => s.initiative,
        Step::Casualties => s.casualties.owner,
        Step::AutoRally => Side::Rangers,
        Step::PickUp => s.regroup.side,
        Step::Fatigue => s.regroup.side.enemy(),
        Step::Segment | Step::DirectFireGroup | Step::Group | Step::Point => s.active,
    };
    Actor::Player(side.index())
}

impl Game for RuddersLine {
    type State = State;
    type Action = Action;

    fn id(&self) -> &'static str {
        "rudders-line"
    }

    fn num_players(&self) -> usize {
        2
    }

    /// 2: a weapon swap (2.64) is offered either way round, and the weapon a swap sends back
    /// may be handed on again (before, each weapon moved once a Regroup Phase). 3: under
    /// `squad_spotting = "one_area"` every squad next to a mortar's target is offered as its
    /// spotter (7.31; before, only the first). 4: a group leaving alone an area it shares with
    /// fresh enemies pays 10.33's 2 MP next door (`contested_exit`), and units that began the
    /// turn in the assaulted area never overrun (11.4; before, any group that had moved did).
    /// 5: a spent squad may spot for a mortar (7.31 bars only spent NCOs, BAR Gunners, FOs and
    /// Weapons Teams).
    fn log_version(&self) -> u32 {
        5
    }

    fn player_name(&self, p: PlayerId) -> &'static str {
        Side::from_index(p).name()
    }

    fn initial_state(&self) -> State {
        let mut s = self.rules.initial;
        turn::start_turn(&self.rules, &mut s);
        s
    }

    fn actor(&self, s: &State) -> Actor {
        actor(s)
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if matches!(self.actor(s), Actor::Player(_)) {
            self.for_each_action(s, &mut |a| out.push(a));
        }
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.actor(s) != Actor::Chance {
            return;
        }
        if s.survival != NONE {
            out.extend(dice::two_d6().map(|(sum, w)| (Action::Dice(sum), w)));
        } else {
            out.extend(dice::d6().map(|(face, w)| (Action::Die(face), w)));
        }
    }

    fn apply(&self, s: &mut State, a: Action) {
        crate::engine::game::debug_assert_on_offer(self, s, a);
        match a {
            Action::Die(_) | Action::Dice(_) => self.apply_chance(s, a),
            _ => self.apply_decision(s, a),
        }
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if s.phase != Phase::Over {
            return None;
        }
        let (winner, level, turn) = s.result;
        Some(Outcome {
            winner: (winner != NONE).then_some(usize::from(winner)),
            level: LEVELS[usize::from(level)],
            turn: u32::from(turn),
        })
    }

    fn tally(&self, s: &State, p: PlayerId) -> Tally {
        Tally {
            losses: u32::from(s.losses[p]),
            initiative_turns: u32::from(s.initiative_turns[p]),
        }
    }

    fn turn(&self, s: &State) -> u32 {
        u32::from(s.turn)
    }

    fn describe(&self, s: &State, a: Action) -> String {
        describe::action(&self.rules, s, a)
    }

    /// The log's line for a move: a Casualty Point payment says how much it paid (7.63), as
    /// the list of choices does, and fire on an empty area what it did (8.1), so that the
    /// other side's moves are told in full.
    fn describe_seen(&self, s: &State, a: Action, _viewer: PlayerId) -> String {
        let told = describe::action(&self.rules, s, a);
        if let Some(empty) = fire::empty_area_fire(&self.rules, s, a) {
            return format!("{told} ({empty})");
        }
        // An assault's CP are absorbed by 11.21, fire's by 7.63.
        let rule = match s.attack.kind {
            state::AttackKind::Assault => "11.21",
            _ => "7.63",
        };
        match casualties::cp_paid(&self.rules, a) {
            Some(_) => format!(
                "{told} ({}, {rule})",
                self.action_cost(s, a).unwrap_or_default()
            ),
            None => told,
        }
    }

    fn heuristic(&self, s: &State) -> Option<f32> {
        Some(scripted::evaluate(&self.rules, s))
    }

    fn render(&self, s: &State) -> String {
        screen::render_compact(&self.rules, s)
    }

    fn narrate(&self, before: &State, a: Action, after: &State) -> Option<String> {
        screen::narrate(&self.rules, before, a, after)
    }
}
