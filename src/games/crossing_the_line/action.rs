//! Actions of Crossing the Line: each decision is one small step, and every d10 and every chit
//! draw is a chance outcome. Units are unit indices, formations formation indices and hexes the
//! map's dense indices (see `Ruleset`).

use super::combat::AttackKind;
use super::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    // ---- chance
    /// A d10 (3.8: 0 reads 10).
    Die(u8),
    /// An Effectiveness Check (5.6) or a Reaction Check (6.4.2) passed or failed.
    Check(bool),
    /// 6.1: the side that won the Initiative.
    Winner(Side),
    /// 7.5.1.1: the attacker's and the defender's chits (indices into the cup's kinds).
    Chits(u8, u8),
    /// 8.3: the Victory Plan marker drawn (its index in the chart).
    Draw(u8),
    // ---- the Ops Cycle (6.2)
    /// Activate this formation.
    Act(u8),
    /// Hand the Initiative to the opponent.
    Transfer,
    /// Make no more activations this Ops Phase.
    Pass,
    // ---- Actions (7)
    /// 7.3, 7.3.1: name the mover of a Movement Action: a unit, or a stack of units of one
    /// formation in hex `from` chosen by the owner; bit `i` of `pick` is the `i`-th of the
    /// acting side's units in `from`, in unit order (`movement::movers_of`). The destination is
    /// the next decision (`Step::Destination`), so that a decision lists tens of options rather
    /// than one per mover and hex.
    Select { from: u16, pick: u8 },
    /// 7.3: move the selected mover to `to` along the cheapest path; `leg_bonus`: with the leg
    /// +2 MA of 7.3.5.
    Move { to: u16, leg_bonus: bool },
    /// 7.3.4: infiltrate the selected mover from its EZOC hex into the adjacent `to`.
    Infiltrate { to: u16 },
    /// 7.5: attack the enemy in `target` from `from`.
    Attack {
        from: u16,
        target: u16,
        kind: AttackKind,
    },
    /// 7.5: this unit of the attacking hex takes part.
    AddAttacker(u8),
    /// 7.5: the attackers are chosen; draw the chits.
    Resolve,
    /// 5.8.4: after isolated units failed their check, the Action goes on with those that
    /// passed.
    GoOn,
    /// 5.8.4: after isolated units failed their check, the owner calls the Action off; its
    /// APs stay spent.
    CallOff,
    /// 7.6: refit this disrupted unit.
    Refit(u8),
    /// 7.7: place an Improved Defense marker on this hex.
    ImprovedDefense(u16),
    /// 7.4: relocate the active formation's HQ to this hex.
    Relocate(u16),
    /// End the activation (unused APs are lost, 6.3.2).
    End,
    // ---- Reaction (6.4)
    /// Attempt a Formation Reaction with this formation.
    React(u8),
    /// Let the move go on.
    Decline,
    // ---- combat results (7.5.2)
    /// Take the 2nd hit as a voluntary retreat of the whole stack.
    RetreatInstead,
    /// Take the 2nd hit as an SP loss.
    TakeLoss,
    /// 7.5.2: this unit takes the next Strength Point Loss.
    SpLoss(u8),
    /// Retreat to this hex.
    RetreatTo(u16),
    /// 5.3.2: place the displaced HQ in this hex.
    PlaceHq(u16),
    /// 5.3.3: displace this overstacked enemy unit into the adjacent `to` (`NO_HEX`: it has
    /// nowhere to go and is eliminated).
    DisplaceUnit { unit: u8, to: u16 },
    // ---- the Admin Phase (8)
    /// 8.2, 5.5: assign this unit to this formation.
    Assign(u8, u8),
    /// 8.4.1: spend a US Replacement Point rebuilding this unit by 1 SP.
    Replace(u8),
    /// 8.4.2: cannibalise this German unit for Replacement Points.
    Cannibalize(u8),
    /// 8.3: inspect the US's Victory Plan marker drawn at this position (0: the first).
    Inspect(u8),
    /// 8.5: hold this formation's reinforcements (its HQ and the units listed with it) back to
    /// the next turn.
    Delay(u8),
    /// 8.5: hold this formation's HQ back to the next turn, its units entering.
    DelayHq(u8),
    /// 8.5: hold this unit back to the next turn.
    DelayUnit(u8),
    /// The side is done with the segment.
    Done,
    // ---- the SNAFU token (5.2)
    /// Keep the roll.
    Keep,
    /// Hand the token over and roll again.
    Reroll,
}

impl Action {
    pub fn is_chance(self) -> bool {
        matches!(
            self,
            Action::Die(_)
                | Action::Check(_)
                | Action::Winner(_)
                | Action::Chits(..)
                | Action::Draw(_)
        )
    }
}
