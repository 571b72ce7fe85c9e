//! The SNAFU token, Schlachtenglück (5.2): one token, the German's at the start; its owner may
//! hand it to the opponent to have one of his own die rolls rolled again.
//!
//! AMBIG-41 (5.2): "his own" die rolls are the AP roll of the formation he activates or
//! reacts with, his combat die as the attacker, his Reaction Check and the Effectiveness Checks
//! of his units. A pass of a check is never worth a reroll, so only a failed one is offered.
//! The Initiative roll is not offered: both dice are one chance outcome here (the winner).
//! The static Germans of 10.1 never roll, so First Blood never offers it.

use super::action::Action;
use super::ruleset::{Ruleset, ScenarioKind};
use super::side::Side;
use super::state::{State, Step};

/// The side whose roll the pending chance step is, if the token may reroll it.
fn roller(rs: &Ruleset, s: &State) -> Option<Side> {
    match s.step {
        Step::ApRoll { .. } | Step::CombatDie => Some(s.act().side),
        Step::ReactionCheck => Some(rs.formation(s.reactor).side),
        Step::Check(_) => Some(rs.unit(s.queue.trailing_zeros() as usize).side),
        _ => None,
    }
}

/// Whether outcome `a` of the pending roll goes to the token's owner for a choice first.
pub fn offers(rs: &Ruleset, s: &State, a: Action) -> bool {
    let worth = !matches!(a, Action::Check(true));
    rs.kind != ScenarioKind::FirstBlood && worth && roller(rs, s) == Some(s.snafu)
}

/// The roll waits for its owner's choice.
pub fn hold(s: &mut State, a: Action) {
    s.snafu_roll = a;
    s.snafu_step = s.step;
    s.step = Step::Snafu;
}

pub fn actions(out: &mut impl FnMut(Action)) {
    out(Action::Keep);
    out(Action::Reroll);
}

/// Keep: back to the roll's step, with the roll to apply. Reroll: the token changes hands and
/// the roll is made again (and the new owner cannot reroll his opponent's roll).
pub fn choose(s: &mut State, a: Action) -> Option<Action> {
    s.step = s.snafu_step;
    match a {
        Action::Keep => Some(s.snafu_roll),
        _ => {
            s.snafu = s.snafu.other();
            None
        }
    }
}
