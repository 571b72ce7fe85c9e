//! Resolving an attack: the two dice, Casualty Points (7.6–7.61, 9.6, 11.2), friendly fire
//! (7.7), and what follows once the CP are paid.

use super::casualties;
use super::data::Side;
use super::ruleset::Ruleset;
use super::state::{Attack, AttackKind, Roll, State, Step, Terms, UnitMask};
use super::{movement, turn};

/// Records the attack about to be rolled: OT and DT before their dice, term by term.
pub fn begin(
    s: &mut State,
    kind: AttackKind,
    attacker: Side,
    area: u8,
    offense: Terms,
    defense: Terms,
) {
    s.attack = Attack {
        kind,
        attacker,
        area,
        // Within u8: the data's ranges (`data/validate.rs`) keep every total at most 143.
        offense: offense.iter().sum(),
        defense: defense.iter().sum(),
        offense_terms: offense,
        defense_terms: defense,
        offense_die: 0,
        defense_die: 0,
    };
}

/// Casualty Points of the attack: OT − DT (7.6).
pub fn casualty_points(a: &Attack) -> i16 {
    casualty_points_of(a.offense, a.offense_die, a.defense, a.defense_die)
}

/// 7.6, 9.6, 11.2: OT − DT from the totals before the dice and the two dice. Zero or less
/// is a failed attack (no damage; an assault loses its lead unit), one or more that many CP.
pub fn casualty_points_of(offense: u8, offense_die: u8, defense: u8, defense_die: u8) -> i16 {
    (i16::from(offense) + i16::from(offense_die)) - (i16::from(defense) + i16::from(defense_die))
}

/// What an attack's dice came to (7.6–7.61, 9.6, 11.2–11.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AttackResult {
    /// OT − DT is zero or less.
    Failed,
    /// That many Casualty Points on the target.
    Casualties(u8),
}

/// The result of OT − DT = `cp` (capped at 255 CP).
pub fn attack_result(cp: i16) -> AttackResult {
    if cp <= 0 {
        AttackResult::Failed
    } else {
        AttackResult::Casualties(cp.min(255) as u8)
    }
}

/// 7.7: the accuracy roll of fire into an area of enemy and friendly personnel: a 6 is a
/// friendly fire incident.
pub fn is_friendly_fire(accuracy_die: u8) -> bool {
    accuracy_die == 6
}

/// 7.7: the CP of a friendly fire incident: the second 1d6 itself.
pub fn friendly_fire_cp(die: u8) -> u8 {
    die
}

/// Applies a die rolled for the pending combat roll.
pub fn roll(rs: &Ruleset, s: &mut State, roll: Roll, die: u8) {
    match roll {
        Roll::Offense => {
            s.attack.offense_die = die;
            s.step = Step::Roll(Roll::Defense);
        }
        Roll::Defense => {
            s.attack.defense_die = die;
            resolve(rs, s);
        }
        // 7.7: on a 6 a friendly fire incident takes place instead of the attack.
        Roll::Accuracy if is_friendly_fire(die) => s.step = Step::Roll(Roll::FriendlyFire),
        Roll::Accuracy => s.step = Step::Roll(Roll::Offense),
        Roll::FriendlyFire => {
            let side = s.attack.attacker;
            let own = s.personnel_in(rs, side, s.attack.area);
            casualties::begin(rs, s, side, own, friendly_fire_cp(die), true);
        }
        _ => unreachable!("{roll:?} is not a combat roll"),
    }
}

fn resolve(rs: &Ruleset, s: &mut State) {
    let a = s.attack;
    let AttackResult::Casualties(cp) = attack_result(casualty_points(&a)) else {
        match a.kind {
            AttackKind::Assault => movement::assault_failed(rs, s),
            AttackKind::Interdiction => movement::after_interdiction(rs, s),
            AttackKind::Indirect | AttackKind::Direct => turn::after_action(rs, s),
        }
        return;
    };
    let targets = intended_targets(rs, s);
    casualties::begin(rs, s, a.attacker.enemy(), targets, cp, false);
}

/// The units an attack is aimed at: the entering group for interdiction fire (8.2), else the
/// enemy personnel in the target area.
fn intended_targets(rs: &Ruleset, s: &State) -> UnitMask {
    match s.attack.kind {
        AttackKind::Interdiction => s.group.members,
        _ => s.personnel_in(rs, s.attack.attacker.enemy(), s.attack.area),
    }
}

/// The CP are paid: friendly-fire leftovers go to the enemy (7.7), then the attack's
/// consequences follow.
pub fn after_casualties(rs: &Ruleset, s: &mut State) {
    let c = s.casualties;
    if c.then_enemy && c.targets == 0 && !c.any_retreated && c.cp > 0 {
        let targets = intended_targets(rs, s);
        casualties::begin(rs, s, s.attack.attacker.enemy(), targets, c.cp, false);
        return;
    }
    match s.attack.kind {
        AttackKind::Indirect | AttackKind::Direct => turn::after_action(rs, s),
        AttackKind::Interdiction => movement::after_interdiction(rs, s),
        AttackKind::Assault => movement::assault_succeeded(rs, s),
    }
}
