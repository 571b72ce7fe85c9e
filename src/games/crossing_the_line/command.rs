//! The engine's questions about Supply (5.7) and Command (5.8) in a state: each is one call
//! into `control`, which holds the rules.

use super::control::{self, CommandStatus};
use super::readings;
use super::ruleset::Ruleset;
use super::side::Side;
use super::state::{bits, on_map, State, Units};

/// 5.8: unit `u`'s standing toward the HQ of the formation it belongs to now. A unit whose HQ
/// is off the map is Isolated.
pub fn status(rs: &Ruleset, s: &State, u: usize) -> CommandStatus {
    status_toward(rs, s, u, s.formation[u])
}

/// 5.8: unit `u`'s standing toward formation `f`'s HQ.
fn status_toward(rs: &Ruleset, s: &State, u: usize, f: u8) -> CommandStatus {
    let hq = s.hq_hex[usize::from(f)];
    let hex = s.hex[u];
    if !on_map(hq) || !on_map(hex) {
        return CommandStatus::Isolated;
    }
    let side = rs.unit(u).side;
    control::command_status(
        &rs.map,
        side,
        rs.hex(hex),
        rs.hex(hq),
        rs.formation(f).command_range,
        &s.obstacles(rs, side),
    )
}

pub fn in_command(rs: &Ruleset, s: &State, u: usize) -> bool {
    status(rs, s, u) == CommandStatus::InCommand
}

/// 8.1.4: "in Command Range of its parent or currently assigned HQ" (5.6.4: its parent HQ),
/// for a disrupted unit's recovery: a battalion cross-assigned (5.5.1) recovers near either.
pub fn in_command_of_parent_or_assigned(rs: &Ruleset, s: &State, u: usize) -> bool {
    in_command(rs, s, u)
        || rs
            .unit(u)
            .parent
            .is_some_and(|p| status_toward(rs, s, u, p) == CommandStatus::InCommand)
}

/// The command status of a set of units (5.8): the rest are Out of Command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub in_command: Units,
    pub isolated: Units,
}

impl Standing {
    /// Whether every unit of `units` is In Command.
    pub fn all_in_command(&self, units: Units) -> bool {
        units & !self.in_command == 0
    }
}

/// Which units of `mask` are In Command: one Command Path trace per formation among them, out
/// to its Command Range (`Standing::isolated` is left empty).
pub fn standing(rs: &Ruleset, s: &State, mask: Units) -> Standing {
    trace_standing(rs, s, mask, false)
}

/// The units of `mask` In Command (traces only out to each Command Range).
pub fn in_command_units(rs: &Ruleset, s: &State, mask: Units) -> Units {
    trace_standing(rs, s, mask, false).in_command
}

/// The units of `mask` that are Isolated (5.8.4): a full trace where a unit is beyond range.
pub fn isolated_units(rs: &Ruleset, s: &State, mask: Units) -> Units {
    trace_standing(rs, s, mask, true).isolated
}

/// `isolation`: also tell Out of Command from Isolated (a full trace when needed).
fn trace_standing(rs: &Ruleset, s: &State, mask: Units, isolation: bool) -> Standing {
    let mut out = Standing::default();
    let mut left = mask;
    while left != 0 {
        let f = s.formation[left.trailing_zeros() as usize];
        let of_f = bits(left)
            .filter(|&u| s.formation[u] == f)
            .fold(0, |m, u| m | 1 << u);
        left &= !of_f;
        let hq = s.hq_hex[usize::from(f)];
        if !on_map(hq) {
            out.isolated |= of_f;
            continue;
        }
        let side = rs.formation(f).side;
        let obstacles = s.obstacles(rs, side);
        let range = Some(rs.formation(f).command_range);
        let near = control::command_reach(&rs.map, side, rs.hex(hq), range, &obstacles);
        let beyond = bits(of_f)
            .filter(|&u| {
                let inside = on_map(s.hex[u]) && near.contains(usize::from(s.hex[u]));
                out.in_command |= Units::from(inside) << u;
                !inside
            })
            .fold(0, |m, u| m | 1 << u);
        if isolation && beyond != 0 {
            let any = control::command_reach(&rs.map, side, rs.hex(hq), None, &obstacles);
            for u in bits(beyond) {
                if !on_map(s.hex[u]) || !any.contains(usize::from(s.hex[u])) {
                    out.isolated |= 1 << u;
                }
            }
        }
    }
    out
}

/// 5.7.2: whether formation `f`'s HQ traces a Supply Path.
pub fn hq_supplied(rs: &Ruleset, s: &State, f: u8) -> bool {
    let hq = s.hq_hex[usize::from(f)];
    if !on_map(hq) {
        return false;
    }
    let side = rs.formation(f).side;
    control::is_supplied_from(
        &rs.map,
        &rs.supply_edge[side.index()],
        rs.hex(hq),
        &s.obstacles(rs, side),
    )
}

/// 5.7.1, 6.3.3: the supply check before an activation or a reaction. An unsupplied HQ on its
/// front side flips to Emergency Supply; one already flipped drops its FAL to 0. AMBIG-8, the
/// reading `emergency_supply_spent`: the drop comes before the AP roll, so such an activation
/// gets no APs (`before_roll`), or after it, as 6.3.2 orders it (`after_roll`).
pub fn supply_check(rs: &Ruleset, s: &mut State, f: u8) {
    if hq_supplied(rs, s, f) {
        return;
    }
    let bit = 1 << f;
    if s.emergency & bit == 0 {
        s.emergency |= bit;
    } else if rs
        .charts
        .readings
        .is(&readings::EMERGENCY_SUPPLY_SPENT, "after_roll")
    {
        s.fal_drop |= bit;
    } else {
        s.fal[usize::from(f)] = 0;
    }
}

/// Whether an enemy of `side` has a combat unit adjacent to hex `h`.
pub fn enemy_adjacent(rs: &Ruleset, s: &State, side: Side, h: u16) -> bool {
    let enemy = &s.occupied[side.other().index()];
    rs.neighbours(h).any(|n| enemy.contains(usize::from(n)))
}

/// Whether an enemy of `side` has a unit of any type, HQs included, adjacent to hex `h`.
pub fn enemy_present_adjacent(rs: &Ruleset, s: &State, side: Side, h: u16) -> bool {
    let enemy = &s.present[side.other().index()];
    rs.neighbours(h).any(|n| enemy.contains(usize::from(n)))
}
