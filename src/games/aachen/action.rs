//! Actions of Aachen: each decision of the player is one small step (a unit's whole move is
//! one), and every die roll and every German counter drawn is a chance outcome.

use super::state::Support;

/// A decision or a chance outcome. Unit and Area fields are indices (Area n is index n − 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance: the face of a 1d6.
    Die(u8),
    /// Chance: the sum of 2d6 or 3d6.
    Dice(u8),
    /// Chance: the German counter drawn when a unit is revealed (4.4, 9.4).
    Draw(u8),
    /// 6.1.1, 6.1.2, 6.3.1: place the reinforcements, the Leader or the refitted unit here.
    Place(u8),
    /// 6.3.1: buy one support point.
    Buy(Support),
    /// 6.3.1: return a unit from the Out of Action Box.
    Refit(u8),
    /// 6.4.1: this unit suffers the Bloody Streets result.
    Choose(u8),
    /// 8.1: activate an Area.
    Activate(u8),
    /// 8.1: this unit of the Active Area moves next.
    Select(u8),
    /// 8.1–8.3: the moving unit moves to Area `to` and ends its movement there: Spent in a
    /// Vacant Area, waiting to attack in a German one, which it entered from Area `via` (the
    /// Area it would retreat to, 9.5.5). `via` is `NONE` for a Vacant Area, where the path
    /// taken changes nothing.
    Move { to: u8, via: u8 },
    /// 9.0: attack the German unit in this Area.
    Attack(u8),
    /// 9.2–9.3: this unit takes part in the optional attack.
    AddAttacker(u8),
    /// 9.5.2A: the Lead Attacking Unit.
    Lead(u8),
    /// 9.5.2C: allot one point of this support to the combat.
    Allot(Support),
    /// 9.5.1: roll the dice (ends support allocation, or the choice of attackers).
    Resolve,
    /// 9.5.5: this unit retreats to this Area.
    Retreat { unit: u8, to: u8 },
    /// 9.5.4: the units that may retreat voluntarily stay.
    Stay,
    /// End the current phase, activation or purchase.
    Pass,
}
