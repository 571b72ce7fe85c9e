//! Stacking (7.1), activation and movement (8): units of the Active Area move one at a time,
//! stop on entering an Area with a German unit, and may not enter an Area already attacked.

use super::ruleset::{Ruleset, MF, MF_RAIN, STACKING_LIMIT, UNLIMITED_STACKING};
use super::state::{bits, Activation, AreaMask, State, Step, UnitMask, NONE};
use super::Action;

/// 7.1: the units of `units` that count against an Area's limit of four: all but the Leaders
/// stacked with a unit they command.
pub fn stacking(rs: &Ruleset, units: UnitMask) -> u8 {
    let leaders = units & rs.leaders();
    let alone = bits(u64::from(leaders))
        .filter(|&l| rs.commanded(l) & units == 0)
        .count() as u32;
    ((units & !leaders).count_ones() + alone) as u8
}

/// 7.1, 8.3.1: may `adding` join the American units in Area `a`?
pub fn has_room(rs: &Ruleset, s: &State, a: u8, adding: UnitMask) -> bool {
    let units = s.units_in(a) | adding;
    // Stacking never exceeds the head count: most Areas need no closer look.
    UNLIMITED_STACKING & 1 << a != 0
        || units.count_ones() <= u32::from(STACKING_LIMIT)
        || stacking(rs, units) <= STACKING_LIMIT
}

/// 8.2: MF to enter Area `a` (the movement cost table; the highest applicable cost).
fn entry_cost(rs: &Ruleset, s: &State, a: u8) -> u8 {
    let c = &rs.charts.movement_costs;
    // The class of the Area as an index (no branch): 0 American, 1 revealed, 2 unrevealed.
    let german = s.german_areas() >> a & 1;
    let unrevealed = s.unrevealed_areas() >> a & 1;
    [c.american, c.revealed, c.unrevealed][(german + unrevealed) as usize]
}

/// Areas with Fresh units that have something to do (8.1).
pub fn activation_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    for a in bits(u64::from(s.occupied)) {
        let fresh = s.units_in(a) & s.fresh;
        if fresh != 0 && can_act(rs, s, a, fresh) {
            out.push(Action::Activate(a));
        }
    }
    out.push(Action::Pass);
}

fn can_act(rs: &Ruleset, s: &State, a: u8, fresh: UnitMask) -> bool {
    if !s.is_vacant(a) && fresh & !rs.leaders() != 0 {
        return true; // 9.3: they can attack the German unit they share the Area with
    }
    movers(rs, s, fresh, a, s.is_contested(a)) != 0
}

/// 8.1: activate Area `a`.
pub fn activate(s: &mut State, a: u8) {
    s.activation = Activation {
        area: a,
        contested: s.contested_areas(),
        pending: s.units_in(a) & s.fresh,
        ..Activation::default()
    };
    s.step = Step::Activation;
}

/// The units of `units`, all in `from` and none moved yet, that have somewhere to go. The
/// first step's Areas are the same for every unit of a kind (Leader or not), so they are
/// found once per kind; a unit is checked alone only when every such Area is full (7.1).
fn movers(rs: &Ruleset, s: &State, units: UnitMask, from: u8, leaving: bool) -> UnitMask {
    // Usually settled at a glance: a Vacant Area next door, not full and not attacked in this
    // activation, takes any unit on its first step (8.2, 8.2.1, 8.3.2, 7.1).
    let open = rs.adjacent[usize::from(from)] & !s.german_areas() & !s.full;
    if open & !s.activation.attacked != 0 {
        return units;
    }
    let mf = if s.rain { MF_RAIN } else { MF };
    let mut movers = 0;
    for (leader, kind) in [(false, units & !rs.leaders()), (true, units & rs.leaders())] {
        if kind == 0 {
            continue;
        }
        let reach = reachable(rs, s, leader, from, mf, false, leaving);
        if reach & !s.full != 0 {
            movers |= kind;
        } else if reach != 0 {
            for u in bits(u64::from(kind)) {
                if with_room(rs, s, u, reach) != 0 {
                    movers |= 1 << u;
                }
            }
        }
    }
    movers
}

/// 8.2–8.3: the Areas next to `from` that unit `u` with `mf` left may enter.
fn enterable(
    rs: &Ruleset,
    s: &State,
    u: u8,
    from: u8,
    mf: u8,
    moved: bool,
    vacant_first: bool,
) -> AreaMask {
    let leader = rs.unit(u).is_leader();
    with_room(
        rs,
        s,
        u,
        reachable(rs, s, leader, from, mf, moved, vacant_first),
    )
}

/// 8.2–8.3 but stacking: the Areas next to `from` a unit (a Leader or not) with `mf` left may
/// enter, as a mask (the move generator's hot path: whole classes of Areas are ruled in or
/// out at once).
fn reachable(
    rs: &Ruleset,
    s: &State,
    leader: bool,
    from: u8,
    mf: u8,
    moved: bool,
    vacant_first: bool,
) -> AreaMask {
    let act = &s.activation;
    let german = s.german_areas();
    // 8.2.1: never into an Area attacked in this activation.
    let mut m = rs.adjacent[usize::from(from)] & !act.attacked;
    if vacant_first {
        m &= !german; // 8.3.2
    }
    if leader {
        // A Leader never leads an attack (9.5.2A): he enters a German Area only to join
        // units already waiting there to attack it.
        let joined = bits(u64::from(act.waiting & !rs.leaders()))
            .fold(0, |w, v| w | 1 << s.loc[usize::from(v)]);
        m &= !german | joined;
    }
    // 8.2: the cost of each class of Area; a unit that has not yet spent MF may always
    // enter by spending all of it.
    if moved {
        let c = &rs.charts.movement_costs;
        let unrevealed = s.unrevealed_areas();
        let allowed = |cost: u8, class: AreaMask| if cost <= mf { class } else { 0 };
        m &= allowed(c.american, !german)
            | allowed(c.revealed, german & !unrevealed)
            | allowed(c.unrevealed, unrevealed);
    }
    m
}

/// 7.1, 8.3.1: the Areas of `m` that unit `u` may join without overstacking them. Only a
/// full Area can refuse it, and most of the time none of `m` is full: that case stays inline.
#[inline(always)]
pub(super) fn with_room(rs: &Ruleset, s: &State, u: u8, m: AreaMask) -> AreaMask {
    if m & s.full == 0 {
        m
    } else {
        without_full_refusing(rs, s, u, m)
    }
}

/// `with_room` when some Areas of `m` are full: each takes `u` only if `u` stacks free there.
#[inline(never)]
fn without_full_refusing(rs: &Ruleset, s: &State, u: u8, m: AreaMask) -> AreaMask {
    let mut m = m;
    for b in bits(u64::from(m & s.full)) {
        if !stacks_free(rs, s.units_in(b), u) {
            m &= !(1 << b);
        }
    }
    m
}

/// 7.1: does unit `u` join `units` without adding to their stacking? A Leader does when a
/// unit he commands is there; a unit does when its Leader is there with none of his units.
fn stacks_free(rs: &Ruleset, units: UnitMask, u: u8) -> bool {
    if rs.unit(u).is_leader() {
        return rs.commanded(u) & units != 0;
    }
    let leader = rs.leader_of(u);
    leader != NONE && units & 1 << leader != 0 && rs.commanded(leader) & units == 0
}

/// The choices of the Activation step: move a unit, attack, or end the activation.
pub fn activation_step_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    let act = &s.activation;
    let leaving = act.contested & 1 << act.area != 0;
    for u in bits(u64::from(movers(rs, s, act.pending, act.area, leaving))) {
        out.push(Action::Select(u));
    }
    super::combat::attack_actions(rs, s, out);
    if may_end_activation(s) {
        out.push(Action::Pass);
    }
}

/// An activation ends once something was done and no Mandatory Attack is owed (9.1).
fn may_end_activation(s: &State) -> bool {
    s.activation.acted && !super::combat::mandatory_attack_owed(s)
}

/// 8.1: unit `u` starts to move.
pub fn select(s: &mut State, u: u8) {
    let act = &mut s.activation;
    act.pending &= !(1 << u);
    act.acted = true;
    act.mover = u;
    act.mf = if s.rain { MF_RAIN } else { MF };
    act.moved = false;
    act.must_reach_vacant = act.contested & 1 << act.area != 0;
    s.step = Step::Moving;
}

/// 8.2: the Areas the mover may enter next, then Stop once it has moved. Every neighbour gets
/// a slot and only the enterable ones are kept, with no branch per Area: the list's length
/// follows the Area chosen last, so a loop that stopped at the last enterable Area would end
/// on a mispredicted branch, which costs more than the slots (`benches/play_loop.rs`).
pub fn moving_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    let act = &s.activation;
    let u = act.mover;
    let at = s.loc[usize::from(u)];
    let enterable = enterable(rs, s, u, at, act.mf, act.moved, act.must_reach_vacant);
    let neighbours = rs.neighbours(at);
    let start = out.len();
    out.resize(start + neighbours.len() + 1, Action::Stop);
    let slots = &mut out[start..];
    let mut kept = 0;
    for &b in neighbours {
        slots[kept] = Action::Move(b);
        kept += (enterable >> b & 1) as usize;
    }
    slots[kept] = Action::Stop;
    kept += usize::from(act.moved);
    out.truncate(start + kept);
}

/// 8.2: the mover enters Area `b`; it stops there if a German unit holds it.
pub fn move_to(rs: &Ruleset, s: &mut State, b: u8) {
    let u = s.activation.mover;
    let cost = entry_cost(rs, s, b);
    s.from[usize::from(u)] = s.loc[usize::from(u)];
    s.set_loc(rs, u, b);
    // Written with as few branches as it can: each one here depends on the Area just chosen,
    // and a mispredicted one costs more than the rest of the move (see `benches/play_loop.rs`).
    let vacant = s.is_vacant(b);
    let act = &mut s.activation;
    act.mf = act.mf.saturating_sub(cost);
    act.moved = true;
    // 8.3.2: having passed through a Vacant Area, it need not reach one any more.
    act.must_reach_vacant &= !vacant;
    // 8.2: a unit entering an Area with a German unit stops, to attack it (9.1–9.2); one with
    // no MF left stops where it is and is Spent (8.1).
    let waits = !vacant;
    let spent = vacant & (act.mf == 0);
    act.waiting |= u32::from(waits) << u;
    s.fresh &= !(u32::from(spent) << u);
    if waits | spent {
        s.activation.mover = NONE;
        s.step = Step::Activation;
        end_activation_if_done(s);
    }
}

/// 8.1: movement done, the unit is Spent.
pub fn stop(s: &mut State) {
    let u = s.activation.mover;
    s.fresh &= !(1 << u);
    s.activation.mover = NONE;
    s.step = Step::Activation;
    end_activation_if_done(s);
}

/// Nothing left to move or attack with: the activation is over.
pub fn end_activation_if_done(s: &mut State) {
    let act = &s.activation;
    if s.step == Step::Activation && act.pending == 0 && act.waiting == 0 {
        end_activation(s);
    }
}

/// The activation ends: units that moved in and did not attack are Spent (8.1).
pub fn end_activation(s: &mut State) {
    s.fresh &= !s.activation.waiting;
    s.activation = Activation::default();
    s.step = Step::ActionRound;
}
