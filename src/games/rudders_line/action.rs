//! Actions of Rudder's Line: each player decision is one small step, and every die roll is
//! a chance outcome.

/// A decision or a chance outcome. Unit and area fields are indices into the ruleset's
/// unit and area tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance: the face of a 1d6.
    Die(u8),
    /// Chance: the sum of a 2d6 (2.63 weapon survival).
    Dice(u8),
    /// 5.1: the high roller goes first or second.
    GoFirst,
    GoSecond,
    /// End the segment or hold without acting (7.2, 9.2, 10.1a), or finish picking up (2.64).
    Pass,
    /// 7.31: an FO calls in its side's off-board artillery.
    CallArtillery {
        fo: u8,
        target: u8,
    },
    /// 7.31: a mortar fires, spotted by `spotter` (NONE when firing into an adjacent area).
    FireMortar {
        mortar: u8,
        target: u8,
        spotter: u8,
    },
    /// 9.3: a machine gun or shoulder-fired weapon joins the direct-fire attack.
    AddWeapon(u8),
    /// 9.4: the selected weapons fire at an area.
    DirectFire {
        target: u8,
    },
    /// 10.2: activate an area.
    Activate(u8),
    /// 10.2: a fresh unit of the activated area joins the group.
    AddUnit(u8),
    /// 10.3: the group moves to an adjacent area; `pay` the interdiction MP (8.2) or not.
    Move {
        to: u8,
        pay: bool,
    },
    /// 10.4: assault the enemy in the group's own area.
    AssaultHere,
    /// The group's activation ends; its units are spent.
    EndActivation,
    /// 11.1a: the point unit of the assault.
    Point(u8),
    /// 7.63 / 11.21: flip a fresh unit to spent, eliminate a spent one, retreat a spent one.
    Flip(u8),
    Eliminate(u8),
    Retreat {
        unit: u8,
        to: u8,
    },
    /// 12.1 step 4a: rally this squad automatically.
    AutoRally(u8),
    /// 12.1 step 5: fatigue this enemy unit.
    Fatigue(u8),
    /// 2.64: pick up a weapon lying in a controlled area.
    PickUp {
        weapon: u8,
        unit: u8,
    },
    /// 2.64: hand a weapon to (or swap weapons with) another unit in the same area.
    Hand {
        from: u8,
        to: u8,
    },
}
