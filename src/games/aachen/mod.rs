//! Cities of the Damned: Aachen — the solitaire game of the American VII Corps' assault on
//! Aachen, 13–21 October 1944. The player commands the Americans; the rules play the Germans,
//! whose hidden counters are chance: each is drawn from the face-down pool when revealed.
//!
//! The rules follow `shared/rules/cities-of-the-damned-aachen.txt`: `turn` (6, 10),
//! `movement` (7–8), `combat` (9). Map, counters and the Player Aid Card are data (`data/`),
//! reconstructed and labelled, replaceable with `--data`.

mod action;
mod board;
mod choices;
mod combat;
pub mod data;
mod describe;
mod movement;
pub mod readings;
mod ruleset;
mod scripted;
mod state;
#[cfg(test)]
mod tests;
mod turn;

pub use action::Action;
pub use combat::{
    attack_inputs, attack_value, combat_outcome, combat_result, defense_value,
    defense_value_before_air, most_air_dice, AttackInputs, CombatDice, CombatResult,
};
pub use data::{DataError, DataSet};
pub use movement::stacking;
pub use ruleset::{Ruleset, AREAS, MORALE_MAX, STACKING_LIMIT, TURNS};
pub use scripted::ScriptedBot;
pub use state::{Phase, State, Step, Support, NONE, OUT_OF_ACTION, UNREVEALED};
pub use turn::{event_in_effect, supply_points, LEVELS};

use crate::engine::dice;
use crate::engine::game::random_listed_action;
use crate::engine::{Actor, Game, Outcome, PlayerId, Tally};
pub use state::Roll;
use std::path::Path;

/// The most a German automatic victory is worth to the Americans in graded rewards (at
/// Morale just on its victory level): with the rule's level of 6, less than the surrender
/// odds one Morale point lower (1 in 6).
const NEAR_MISS: f32 = 0.1;

/// 10.2: the surrender roll is 1D6, which must beat Morale.
const SURRENDER_DIE: f32 = 6.0;

/// The sides: the player's Americans, and the Germans played by the rules.
pub const AMERICANS: PlayerId = 0;
pub const GERMANS: PlayerId = 1;

/// The ruleset, immutable and shared by all threads.
pub struct Aachen {
    data: DataSet,
    rules: Ruleset,
}

impl Aachen {
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
        Ok(Aachen { data, rules })
    }

    pub fn data(&self) -> &DataSet {
        &self.data
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Appends each legal decision to `out` (the core of `legal_actions`, which clears it).
    fn push_actions(&self, s: &State, out: &mut Vec<Action>) {
        let rs = &self.rules;
        match s.step {
            Step::Reinforcements => turn::reinforcement_actions(rs, s, out),
            Step::PlaceLeader => turn::leader_actions(rs, s, out),
            Step::Supply => turn::supply_actions(rs, s, out),
            Step::PlaceRefit => turn::refit_actions(rs, s, out),
            Step::BloodyStreets => turn::bloody_streets_actions(s, out),
            Step::ActionRound => movement::activation_choices(rs, s).push_to(out),
            Step::Activation => movement::activation_step_choices(rs, s).push_to(out),
            Step::Moving => movement::moving_actions(rs, s, out),
            Step::Attackers => combat::attackers_actions(rs, s, out),
            Step::Lead => combat::lead_actions(rs, s, out),
            Step::Support => combat::support_actions(rs, s, out),
            Step::Retreat => combat::retreat_actions(rs, s, out),
            Step::Start | Step::Roll(_) | Step::Reveal | Step::Over => {}
        }
    }

    /// Dispatches on the action first, decisions and chance outcomes alike (one jump on what
    /// random play just chose): most actions belong to one step, so only `Place`, `Pass`,
    /// `Resolve` and the dice need the step to say which rule they follow.
    fn apply_action(&self, s: &mut State, a: Action) {
        let rs = &self.rules;
        match a {
            Action::Move { to, via } => movement::move_to(rs, s, to, via),
            Action::Select(u) => movement::select(s, u),
            Action::Activate(x) => movement::activate(s, x),
            Action::Attack(x) => combat::declare(rs, s, x),
            Action::AddAttacker(u) => s.attack.units |= 1 << u,
            Action::Lead(u) => combat::set_lead(rs, s, u),
            Action::Allot(k) => combat::allot(rs, s, k),
            Action::Retreat { unit, to } => combat::retreat(rs, s, unit, to),
            Action::Stay => combat::stay(rs, s),
            Action::Buy(k) => turn::buy(rs, s, k),
            Action::Refit(u) => turn::refit(rs, s, u),
            Action::Choose(u) => turn::bloody_streets_choice(rs, s, u),
            Action::Place(x) => match s.step {
                Step::Reinforcements => turn::place_reinforcements(rs, s, x),
                Step::PlaceLeader => turn::place_leader(rs, s, x),
                _ => turn::place_refit(rs, s, x),
            },
            Action::Pass => match s.step {
                Step::Supply => turn::end_supply(rs, s),
                Step::ActionRound => turn::end_combat_phase(rs, s),
                _ => movement::end_activation(s),
            },
            Action::Resolve => match s.step {
                Step::Attackers => combat::close_attackers(rs, s),
                _ => s.step = Step::Roll(Roll::Attack),
            },
            Action::Draw(c) => combat::reveal(rs, s, c),
            Action::Die(d) | Action::Dice(d) => self.apply_roll(s, d),
        }
    }

    /// The roll the step waits for.
    fn apply_roll(&self, s: &mut State, d: u8) {
        let rs = &self.rules;
        let Step::Roll(r) = s.step else {
            unreachable!("a die roll at step {:?}", s.step)
        };
        match r {
            Roll::LeaderMortality => turn::leader_mortality(rs, s, d),
            Roll::RandomEvent => turn::random_event(rs, s, d),
            Roll::Supply => turn::supply_roll(rs, s, d),
            Roll::BloodyStreets => turn::bloody_streets(rs, s, d),
            Roll::Surrender => turn::surrender_roll(s, d),
            Roll::Attack | Roll::Defense | Roll::Air => combat::roll(rs, s, r, d),
        }
    }
}

impl Game for Aachen {
    type State = State;
    type Action = Action;

    fn id(&self) -> &'static str {
        "aachen"
    }

    fn num_players(&self) -> usize {
        2
    }

    /// Solitaire: only the Americans decide; the rules play the Germans.
    fn acting_players(&self) -> usize {
        1
    }

    /// 2: a unit's whole move became one decision, and the steps with one choice (a lone
    /// Lead Attacking Unit, no support to allot, one Area to retreat to) are none. 3: a
    /// Leader may enter an Area Contested at activation alone (8.1). 4: a retreat goes on
    /// through as many fully stacked Areas as it takes (9.5.5, 7.1), not one at most.
    fn log_version(&self) -> u32 {
        4
    }

    fn player_name(&self, p: PlayerId) -> &'static str {
        ["Americans", "Germans"][p]
    }

    fn initial_state(&self) -> State {
        let mut s = self.rules.initial;
        turn::start_turn(&self.rules, &mut s);
        s
    }

    fn actor(&self, s: &State) -> Actor {
        match s.step {
            Step::Over => Actor::Terminal,
            Step::Roll(_) | Step::Reveal => Actor::Chance,
            _ => Actor::Player(AMERICANS),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        self.push_actions(s, out);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match s.step {
            Step::Reveal => combat::reveal_outcomes(&self.rules, s, out),
            Step::Roll(Roll::RandomEvent | Roll::Supply) => {
                out.extend(dice::three_d6().map(|(t, w)| (Action::Dice(t), w)))
            }
            Step::Roll(Roll::Attack | Roll::Defense) => {
                out.extend(dice::two_d6().map(|(t, w)| (Action::Dice(t), w)))
            }
            Step::Roll(_) => out.extend(dice::d6().map(|(f, w)| (Action::Die(f), w))),
            _ => {}
        }
    }

    /// Rolls the dice directly (one random number a roll) rather than sampling the list.
    fn draw_chance(
        &self,
        s: &State,
        _buf: &mut Vec<(Action, u32)>,
        rng: &mut crate::engine::GameRng,
    ) -> Action {
        match s.step {
            Step::Reveal => combat::draw_counter(&self.rules, s, rng),
            Step::Roll(Roll::RandomEvent | Roll::Supply) => Action::Dice(dice::roll_3d6(rng)),
            Step::Roll(Roll::Attack | Roll::Defense) => Action::Dice(dice::roll_2d6(rng)),
            Step::Roll(_) => Action::Die(dice::roll_d6(rng)),
            step => unreachable!("{step:?} is no chance node"),
        }
    }

    /// The steps random play takes most often (the Action Round's activation, the Activation
    /// step, the Moving step) draw the choice straight from the masks their lists are built
    /// from; the others build the list.
    fn random_action(
        &self,
        s: &State,
        buf: &mut Vec<Action>,
        rng: &mut crate::engine::GameRng,
    ) -> Action {
        match s.step {
            Step::Moving => movement::random_move(&self.rules, s, rng),
            Step::Activation => movement::activation_step_choices(&self.rules, s).draw(rng),
            Step::ActionRound => movement::activation_choices(&self.rules, s).draw(rng),
            _ => random_listed_action(self, s, buf, rng),
        }
    }

    fn apply(&self, s: &mut State, a: Action) {
        crate::engine::game::debug_assert_on_offer(self, s, a);
        self.apply_action(s, a);
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if s.step != Step::Over {
            return None;
        }
        let (american, level, turn) = s.result;
        Some(Outcome {
            winner: Some(if american { AMERICANS } else { GERMANS }),
            level: LEVELS[usize::from(level)],
            turn: u32::from(turn),
        })
    }

    /// The American reward graded by the final Morale: where the surrender roll was made, its
    /// odds (10.2: the die must beat Morale) instead of the die's result; at the German
    /// automatic victory (10.1), up to a tenth for Morale that came near its victory level, so
    /// a search still sees which losing lines came closest.
    fn graded_rewards(&self, s: &State) -> Option<[f32; 2]> {
        let (_, level, _) = s.result;
        let victory = self.rules.charts.morale.german_victory;
        let m = f32::from(s.morale);
        let reward = match level {
            0 => 1.0,
            2 => {
                NEAR_MISS * (f32::from(ruleset::MORALE_MAX) - m)
                    / f32::from(ruleset::MORALE_MAX.saturating_sub(victory).max(1))
            }
            _ => (SURRENDER_DIE - m).max(0.0) / SURRENDER_DIE,
        };
        Some([reward, 1.0 - reward])
    }

    /// Solitaire: no initiative.
    fn record_columns(&self) -> crate::engine::RecordColumns {
        crate::engine::RecordColumns {
            turn: true,
            initiative: None,
        }
    }

    fn tally(&self, s: &State, p: PlayerId) -> Tally {
        let losses = if p == AMERICANS {
            s.loc
                .iter()
                .filter(|&&l| l == state::OUT_OF_ACTION || l == state::KIA)
                .count()
        } else {
            self.rules
                .terrain
                .iter()
                .filter(|t| **t != data::Terrain::American)
                .count()
                - s.german_areas().count_ones() as usize
        };
        Tally {
            losses: losses as u32,
            initiative_turns: 0,
        }
    }

    fn turn(&self, s: &State) -> u32 {
        u32::from(s.turn)
    }

    /// German Morale (0–19) at the end: it decides the German automatic victory (6 or higher)
    /// and the surrender check.
    fn final_score(&self, s: &State) -> Option<(&'static str, i32)> {
        Some(("German Morale", i32::from(s.morale)))
    }

    fn victory_levels(&self) -> &'static [(Option<PlayerId>, &'static str)] {
        &[
            (Some(AMERICANS), LEVELS[0]),
            (Some(AMERICANS), LEVELS[1]),
            (Some(GERMANS), LEVELS[2]),
            (Some(GERMANS), LEVELS[3]),
        ]
    }

    fn describe(&self, s: &State, a: Action) -> String {
        describe::action(&self.rules, s, a)
    }

    fn render(&self, s: &State) -> String {
        describe::render(&self.rules, s)
    }

    fn narrate(&self, before: &State, a: Action, after: &State) -> Option<String> {
        describe::narrate(&self.rules, before, a, after)
    }
}
