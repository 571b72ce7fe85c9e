//! The SNAFU token, Schlachtenglück (5.2): one token, the German's at the start; its owner may
//! hand it to the opponent to have one of his own die rolls rolled again.
//!
//! AMBIG-41 (5.2): "his own" die rolls are the AP roll of the formation he activates or
//! reacts with, his combat die as the attacker, his Reaction Check, the Effectiveness Checks
//! and Attrition Checks of his units (5.8.4, 8.1.5), the US Interdiction roll (8.1.2: "The US
//! player rolls") and the German's roll to inspect a Victory Plan marker (8.3). A roll that
//! already gave the best its roller can get (a check passed, the top Interdiction Level, an
//! Attrition Check that costs nothing, an inspection won) is never worth a reroll, so it is
//! not offered. The Initiative roll is not offered: it is both players' dice at once, one
//! chance outcome here (the winner), and neither die is one player's own alone.
//! The static Germans of 10.1 never roll, so First Blood never offers it.

use super::action::Action;
use super::admin;
use super::battle;
use super::charts::Hits;
use super::ops;
use super::ruleset::{Ruleset, ScenarioKind};
use super::side::Side;
use super::state::{State, Step};
use std::cmp::Ordering;

/// The side whose roll the pending chance step is, if the token may reroll it.
fn roller(rs: &Ruleset, s: &State) -> Option<Side> {
    match s.step {
        Step::ApRoll { .. } | Step::CombatDie => Some(s.act().side),
        Step::ReactionCheck => Some(rs.formation(s.reactor).side),
        Step::Check(_) | Step::Attrition => Some(rs.unit(s.queue.trailing_zeros() as usize).side),
        Step::Interdiction => Some(Side::Us),
        Step::PlanPeek => Some(Side::German),
        _ => None,
    }
}

/// Whether a reroll could better outcome `a` for its roller.
fn worth(rs: &Ruleset, s: &State, a: Action) -> bool {
    match (s.step, a) {
        (_, Action::Check(true)) => false,
        (Step::Interdiction, Action::Die(d)) => {
            rs.charts.interdiction_level(d) < rs.charts.max_interdiction_level()
        }
        (Step::Attrition, Action::Die(d)) => {
            admin::attrition_loss(rs, s.queue.trailing_zeros() as usize, d) > 0
        }
        (Step::PlanPeek, Action::Die(d)) => d < admin::PEEK_AT_LEAST,
        _ => true,
    }
}

/// Whether outcome `a` of the pending roll goes to the token's owner for a choice first.
pub fn offers(rs: &Ruleset, s: &State, a: Action) -> bool {
    rs.kind != ScenarioKind::FirstBlood && roller(rs, s) == Some(s.snafu) && worth(rs, s, a)
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

/// 5.2: how a reroll of the held roll would compare with it for its roller, as weights out
/// of `total` (every roll the token may reroll is one d10: `total` is 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RerollOdds {
    pub better: u32,
    pub worse: u32,
    /// A combat result with more hits on both sides, or fewer on both.
    pub mixed: u32,
    pub total: u32,
}

/// The odds of a reroll of the roll held at `Step::Snafu`, by the game's own chance outcomes.
pub fn reroll_odds(rs: &Ruleset, s: &State) -> RerollOdds {
    let mut rolled = *s;
    rolled.step = s.snafu_step;
    let mut outcomes = Vec::new();
    super::chance_outcomes(rs, &rolled, &mut outcomes);
    let mut odds = RerollOdds {
        better: 0,
        worse: 0,
        mixed: 0,
        total: 0,
    };
    for &(a, w) in &outcomes {
        odds.total += w;
        match compare(rs, &rolled, a, s.snafu_roll) {
            Some(Ordering::Greater) => odds.better += w,
            Some(Ordering::Less) => odds.worse += w,
            Some(Ordering::Equal) => {}
            None => odds.mixed += w,
        }
    }
    odds
}

/// How outcome `new` of the roll pending in `s` compares with `kept` for its roller: more
/// APs, a passed check, a higher Interdiction Level, a smaller attrition loss, a look at a
/// Victory Plan; for the attacker's combat die a CRT result with no fewer defender hits and no
/// more attacker hits (None when it has more of both or fewer of both).
fn compare(rs: &Ruleset, s: &State, new: Action, kept: Action) -> Option<Ordering> {
    let (n, k) = match (new, kept) {
        (Action::Check(n), Action::Check(k)) => return Some(n.cmp(&k)),
        (Action::Die(n), Action::Die(k)) => (n, k),
        _ => return None,
    };
    let u = s.queue.trailing_zeros() as usize;
    Some(match s.step {
        Step::ApRoll { reaction } => {
            let ap = |d| ops::action_points(rs, s, reaction, d);
            ap(n).cmp(&ap(k))
        }
        Step::Interdiction => {
            let level = |d| rs.charts.interdiction_level(d);
            level(n).cmp(&level(k))
        }
        Step::Attrition => admin::attrition_loss(rs, u, k).cmp(&admin::attrition_loss(rs, u, n)),
        Step::PlanPeek => (n >= admin::PEEK_AT_LEAST).cmp(&(k >= admin::PEEK_AT_LEAST)),
        Step::CombatDie => {
            let harm = |h: Hits| (h.hits, h.red);
            let (rn, rk) = (battle::die_result(rs, s, n), battle::die_result(rs, s, k));
            let on_defender = harm(rn.defender).cmp(&harm(rk.defender));
            let on_attacker = harm(rk.attacker).cmp(&harm(rn.attacker));
            match (on_defender, on_attacker) {
                (a, b) if a == b => a,
                (Ordering::Equal, b) => b,
                (a, Ordering::Equal) => a,
                _ => return None,
            }
        }
        _ => return None,
    })
}
