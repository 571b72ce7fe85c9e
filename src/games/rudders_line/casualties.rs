//! Paying Casualty Points (7.63, 11.21): the owner flips fresh units, eliminates spent ones
//! and retreats spent ones (11.31), all eliminations before any retreat; partial results are
//! applied in full (7.62). A carrier's elimination puts its weapon to the 2.63 roll.

use super::action::Action;
use super::combat;
use super::data::Side;
use super::ruleset::{bits, unit_bits, Ruleset};
use super::state::{State, Step, STACKING_LIMIT};

/// Starts paying `cp` CP among `targets`, owned by `owner`.
pub fn begin(rs: &Ruleset, s: &mut State, owner: Side, targets: u128, cp: u8, then_enemy: bool) {
    s.casualties = super::state::Casualties {
        owner,
        targets,
        cp,
        retreating: false,
        any_retreated: false,
        then_enemy,
    };
    s.step = Step::Casualties;
    finish_if_done(rs, s);
}

/// 11.31: retreat destinations of a spent unit: adjacent areas with no units, else only
/// friendly units, else friendly and enemy units, in that order of priority; never an area
/// of enemy units only, never over the stacking limit; Landing Craft boxes for Rangers only.
pub fn retreat_areas(rs: &Ruleset, s: &State, unit: u8) -> u64 {
    let side = rs.info(unit).side;
    let from = s.loc(unit);
    let figures = rs.info(unit).figures;
    let mut fits = 0u64;
    for a in bits(rs.adjacent[usize::from(from)]) {
        let a8 = a as u8;
        let lc = rs.is_landing_craft(a8);
        if lc && side != Side::Rangers {
            continue;
        }
        if !lc && s.points_of(side, a8) + figures > STACKING_LIMIT {
            continue;
        }
        fits |= 1 << a;
    }
    let friendly = s.present[side.index()];
    let enemy = s.present[side.enemy().index()];
    let empty = fits & !friendly & !enemy;
    let only_friendly = fits & friendly & !enemy;
    let mixed = fits & friendly & enemy;
    [empty, only_friendly, mixed]
        .into_iter()
        .find(|&m| m != 0)
        .unwrap_or(0)
}

/// The owner's ways to pay the next CP.
pub fn actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let c = &s.casualties;
    let can_retreat = |u: u8| s.is_spent(u) && retreat_areas(rs, s, u) != 0;
    let retreaters = unit_bits(c.targets).filter(|&u| can_retreat(u)).count();
    // 11.21: "the defender must absorb that many Casualty Points", and a unit may not retreat
    // and then be eliminated: a retreat is open only while the retreats left (2 CP each) can
    // absorb every CP still owed; otherwise the CP are paid by eliminations, and CP "greater
    // than the defender could pay" eliminate him (11.4).
    let any_retreat = retreaters > 0 && usize::from(c.cp) <= 2 * retreaters;
    if any_retreat {
        for u in unit_bits(c.targets).filter(|&u| can_retreat(u)) {
            for a in bits(retreat_areas(rs, s, u)) {
                out(Action::Retreat {
                    unit: u,
                    to: a as u8,
                });
            }
        }
    }
    // 7.63: "perform ALL eliminations before any retreats": once retreats have begun only
    // retreats remain, unless none is possible.
    if c.retreating && any_retreat {
        return;
    }
    for u in unit_bits(c.targets) {
        if s.is_spent(u) {
            out(Action::Eliminate(u));
        } else {
            out(Action::Flip(u));
        }
    }
}

fn has_options(rs: &Ruleset, s: &State) -> bool {
    let mut any = false;
    actions(rs, s, &mut |_| any = true);
    any
}

/// 7.63: the CP an action pays: flipping a fresh unit or eliminating a spent one pays the
/// unit's figures; a retreat pays 2. `None` for an action that pays no CP.
pub fn cp_paid(rs: &Ruleset, a: Action) -> Option<u8> {
    match a {
        Action::Flip(u) | Action::Eliminate(u) => Some(rs.info(u).figures),
        Action::Retreat { .. } => Some(2),
        _ => None,
    }
}

pub fn pay(rs: &Ruleset, s: &mut State, a: Action) {
    let cost = cp_paid(rs, a).unwrap_or_else(|| unreachable!("{a:?} pays no CP"));
    match a {
        Action::Flip(u) => s.set_spent(rs, u, true),
        Action::Eliminate(u) => {
            s.eliminate(rs, u);
            s.casualties.targets &= !(1 << u);
        }
        Action::Retreat { unit, to } => {
            s.move_unit(rs, unit, to);
            s.casualties.targets &= !(1 << unit);
            s.casualties.retreating = true;
            s.casualties.any_retreated = true;
        }
        _ => {}
    }
    s.casualties.cp = s.casualties.cp.saturating_sub(cost);
    finish_if_done(rs, s);
}

fn finish_if_done(rs: &Ruleset, s: &mut State) {
    if s.casualties.cp == 0 || !has_options(rs, s) {
        combat::after_casualties(rs, s);
    }
}
