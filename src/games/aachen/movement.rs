//! Stacking (7.1), activation and movement (8): units of the Active Area move one at a time,
//! stop on entering an Area with a German unit, and may not enter an Area already attacked.
//! A unit's whole move is one decision: where it ends (see `Destinations`).

use super::choices::MaskChoices;
use super::ruleset::{Ruleset, ALL_AREAS, AREAS, MF, MF_RAIN, STACKING_LIMIT, UNLIMITED_STACKING};
use super::state::{bits, nth_bit, Activation, AreaMask, State, Step, UnitMask, NONE};
use super::Action;
use crate::engine::GameRng;
use rand::Rng;

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

/// 6.4.2, 8.1: activate an Area with Fresh units that have something to do, or end the
/// Combat Phase. Inline, with `MaskChoices`' methods: called through a function the compiler
/// kept apart, its constructors were calls through pointers (4% of a game, boxed bot).
#[inline(always)]
pub fn activation_choices(rs: &Ruleset, s: &State) -> MaskChoices<1> {
    MaskChoices {
        masks: [(activatable(rs, s), Action::Activate)],
        last: Some(Action::Pass),
    }
}

/// The Areas with a Fresh unit that can attack the German unit it shares the Area with
/// (9.3), or move (8.2). Found for all Areas at once: an Area next to a Vacant one that is
/// not full can move any unit (the glance of `movers`), so only the Areas left need a
/// closer look, one at a time.
fn activatable(rs: &Ruleset, s: &State) -> AreaMask {
    let fresh = s.areas_holding(s.fresh);
    let fighting = s.areas_holding(s.fresh & !rs.leaders()) & s.german_areas();
    let open = !s.german_areas() & !s.full & !s.activation.attacked & ALL_AREAS;
    let settled = fresh & (fighting | rs.expand(open));
    bits(u64::from(fresh & !settled)).fold(settled, |m, a| {
        let units = s.units_in(a) & s.fresh;
        let moving = movers(rs, s, units, a, s.is_contested(a)) != 0;
        m | u32::from(moving) << a
    })
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

/// The units of `units`, all in `from` and none moved yet, that have somewhere to go: a
/// unit that can take a first step can end its move (8.2).
///
/// Usually settled at a glance, inline: a Vacant Area next door, not full and not attacked in
/// this activation, takes any unit on its first step (8.2, 8.2.1, 8.3.2, 7.1). The closer
/// look stays out of line, so that the glance, made for every Area the Action Round lists,
/// pays for no more than it uses.
#[inline(always)]
fn movers(rs: &Ruleset, s: &State, units: UnitMask, from: u8, leaving: bool) -> UnitMask {
    let open = rs.adjacent[usize::from(from)] & !s.german_areas() & !s.full;
    if open & !s.activation.attacked != 0 {
        return units;
    }
    movers_past_obstacles(rs, s, units, from, leaving)
}

/// `movers` when no open Area next door settles it. The first steps are the same for every
/// unit of a kind (Leader or not), so they are found once per kind; a unit is checked alone
/// only when every such Area is full (7.1).
#[inline(never)]
fn movers_past_obstacles(
    rs: &Ruleset,
    s: &State,
    units: UnitMask,
    from: u8,
    leaving: bool,
) -> UnitMask {
    let mut movers = 0;
    for (leader, kind) in [(false, units & !rs.leaders()), (true, units & rs.leaders())] {
        if kind == 0 {
            continue;
        }
        let steps = first_steps(rs, s, may_enter(s, leader), from, leaving);
        if steps & !s.full != 0 {
            movers |= kind;
        } else if steps != 0 {
            for u in bits(u64::from(kind)) {
                if with_room(rs, s, u, steps) != 0 {
                    movers |= 1 << u;
                }
            }
        }
    }
    movers
}

/// 8.2–8.3: the Areas of `enterable` next to `from` that a unit may enter on its first step,
/// for all its MF if need be (8.2).
fn first_steps(rs: &Ruleset, s: &State, enterable: AreaMask, from: u8, leaving: bool) -> AreaMask {
    let m = rs.adjacent[usize::from(from)] & enterable;
    if leaving {
        m & !s.german_areas() // 8.3.2
    } else {
        m
    }
}

/// The Areas a unit (a Leader or not) may enter at all, stacking aside: none attacked in this
/// activation (8.2.1). A Leader never leads an attack (9.5.2A): he enters a German Area not
/// Contested at activation, where the Mandatory Attack is owed (9.1), only to join units
/// already waiting there to attack it; a Contested one owes no attack, and he may enter it
/// alone (8.1, 9.3).
fn may_enter(s: &State, leader: bool) -> AreaMask {
    let act = &s.activation;
    let m = !act.attacked;
    if !leader {
        return m;
    }
    m & (!s.german_areas() | act.waiting_areas() | act.contested) // 8.1: Contested too
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

/// `with_room` when some Areas of `m` are full: only those where `u` stacks free take it.
#[inline(never)]
fn without_full_refusing(rs: &Ruleset, s: &State, u: u8, m: AreaMask) -> AreaMask {
    m & (!s.full | full_areas_taking(rs, s, u))
}

/// 7.1: the full Areas that unit `u` joins without adding to their stacking: for a Leader,
/// those with a unit he commands; for a unit, its Leader's when none of his units is there.
fn full_areas_taking(rs: &Ruleset, s: &State, u: u8) -> AreaMask {
    let taking = if rs.unit(u).is_leader() {
        s.areas_of(rs.commanded(u))
    } else {
        match rs.leader_of(u) {
            NONE => 0,
            l if s.units_in(s.loc[usize::from(l)]) & rs.commanded(l) == 0 => s.area_mask_of(l),
            _ => 0,
        }
    };
    taking & s.full
}

/// The choices of the Activation step: move a unit, attack, or end the activation. Inline,
/// as `activation_choices`.
#[inline(always)]
pub fn activation_step_choices(rs: &Ruleset, s: &State) -> MaskChoices<2> {
    MaskChoices {
        masks: [
            (active_movers(rs, s), Action::Select),
            (super::combat::attackable(rs, s), Action::Attack),
        ],
        last: may_end_activation(s).then_some(Action::Pass),
    }
}

/// The units of the Active Area that may still move.
fn active_movers(rs: &Ruleset, s: &State) -> UnitMask {
    let act = &s.activation;
    let leaving = act.contested & 1 << act.area != 0;
    movers(rs, s, act.pending, act.area, leaving)
}

/// An activation ends once something was done and no Mandatory Attack is owed (9.1).
fn may_end_activation(s: &State) -> bool {
    s.activation.acted && !super::combat::mandatory_attack_owed(s)
}

/// 8.1: unit `u` is the next to move.
pub fn select(s: &mut State, u: u8) {
    let act = &mut s.activation;
    act.pending &= !(1 << u);
    act.acted = true;
    act.mover = u;
    s.step = Step::Moving;
}

/// Where a unit may end its movement (8.2–8.3): one decision for the whole move. A unit
/// moving through Vacant Areas leaves no trace but where it ends and, in a German Area, the
/// Area it entered it from (9.5.5); these are the choices, and every legal path of the
/// rulebook's Area-by-Area movement ends in one of them (`tests::movement` walks the paths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destinations {
    /// The Vacant Areas it may end in.
    pub vacant: AreaMask,
    /// The German Areas it may enter and stop in.
    pub german: AreaMask,
    /// The Vacant Areas it reaches with MF left to enter a revealed German Area, and an
    /// unrevealed one.
    with_revealed: AreaMask,
    with_unrevealed: AreaMask,
    /// Its Area, and the German Areas it may enter straight from there (for all its MF).
    start: u8,
    direct: AreaMask,
}

impl Destinations {
    /// The Areas the unit may enter German Area `g` from.
    pub fn vias(&self, rs: &Ruleset, s: &State, g: u8) -> AreaMask {
        let before = if s.unrevealed_areas() & 1 << g != 0 {
            self.with_unrevealed
        } else {
            self.with_revealed
        };
        let direct = (self.direct >> g & 1) << self.start;
        before & rs.adjacent[usize::from(g)] | direct
    }
}

/// 8.2–8.3: where the mover `u` may end its movement from its Area, with all its MF.
/// Inline: the caller reads only part of the result.
#[inline(always)]
pub fn destinations(rs: &Ruleset, s: &State, u: u8) -> Destinations {
    let start = s.loc[usize::from(u)];
    let german = s.german_areas();
    let leader = rs.unit(u).is_leader();
    // 8.3.1: never into a full Area; its own has room for it again once it has left.
    let open = may_enter(s, leader) & (with_room(rs, s, u, !0) | 1 << start);
    let leaving = s.activation.contested & 1 << start != 0;
    let first = first_steps(rs, s, open, start, leaving);
    let passable = open & !german;
    let c = &rs.charts.movement_costs;
    // 8.2: Area by Area through Vacant ones while the MF last; the first step may take all.
    // A step is one lookup for the whole frontier; the search ends early once no new Area is
    // reached.
    let mf = if s.rain { MF_RAIN } else { MF };
    let mut left = mf.saturating_sub(c.american);
    let steps = left.checked_div(c.american).unwrap_or(AREAS as u8);
    let mut reached = first & passable;
    let keep = |cost: u8, left: u8, m: AreaMask| if left >= cost { m } else { 0 };
    let mut with_revealed = keep(c.revealed, left, reached);
    let mut with_unrevealed = keep(c.unrevealed, left, reached);
    for _ in 0..steps {
        let next = reached | rs.expand(reached) & passable;
        if next == reached {
            break;
        }
        reached = next;
        left -= c.american;
        with_revealed |= keep(c.revealed, left, reached);
        with_unrevealed |= keep(c.unrevealed, left, reached);
    }
    let unrevealed = s.unrevealed_areas();
    let direct = first & german;
    let from_revealed = rs.expand(with_revealed) & !unrevealed;
    let from_unrevealed = rs.expand(with_unrevealed) & unrevealed;
    Destinations {
        vacant: reached,
        german: open & german & (direct | from_revealed | from_unrevealed),
        with_revealed,
        with_unrevealed,
        start,
        direct,
    }
}

/// What the mover's Move to `to` (entering a German Area from `via`) costs, and its MF
/// (8.2, 8.2.2): each Vacant Area entered at the American cost on its shortest way, the
/// German Area at its revealed or unrevealed cost, never more than the MF (a first step the
/// unit lacks the MF for takes all of them, 8.2). `None` when it is no Move of the mover.
pub fn move_cost(rs: &Ruleset, s: &State, to: u8, via: u8) -> Option<(u8, u8)> {
    let u = s.activation.mover;
    let start = s.loc[usize::from(u)];
    let c = &rs.charts.movement_costs;
    let mf = if s.rain { MF_RAIN } else { MF };
    let vacant = destinations(rs, s, u).vacant;
    let end = if via == NONE { to } else { via };
    // Vacant Areas entered: 0 for a German Area entered from the start.
    let mut entered = 0u8;
    if end != start || via == NONE {
        let mut reached: AreaMask = 0;
        let mut frontier = rs.adjacent[usize::from(start)] & vacant;
        while frontier & 1 << end == 0 {
            reached |= frontier;
            frontier = rs.expand(frontier) & vacant & !reached;
            entered += 1;
            if frontier == 0 {
                return None;
            }
        }
        entered += 1;
    }
    let german = match (via == NONE, s.unrevealed_areas() & 1 << to != 0) {
        (true, _) => 0,
        (false, true) => c.unrevealed,
        (false, false) => c.revealed,
    };
    Some(((entered * c.american + german).min(mf), mf))
}

/// 8.2: the mover's destinations: the Vacant Areas, then the German Areas from each Area
/// it may enter them from.
pub fn moving_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    let d = destinations(rs, s, s.activation.mover);
    for to in bits(u64::from(d.vacant)) {
        out.push(Action::Move { to, via: NONE });
    }
    for to in bits(u64::from(d.german)) {
        for via in bits(u64::from(d.vias(rs, s, to))) {
            out.push(Action::Move { to, via });
        }
    }
}

/// One of `moving_actions` drawn uniformly at random, found without building the list:
/// the entry at index `random_range(0..len)`, as the random player would pick from it.
pub fn random_move(rs: &Ruleset, s: &State, rng: &mut GameRng) -> Action {
    let d = destinations(rs, s, s.activation.mover);
    let vacant = d.vacant.count_ones();
    let german = bits(u64::from(d.german)).map(|g| d.vias(rs, s, g).count_ones());
    let len = vacant + german.sum::<u32>();
    let mut n = rng.random_range(0..len as usize) as u32;
    if n < vacant {
        return Action::Move {
            to: nth_bit(d.vacant, n),
            via: NONE,
        };
    }
    n -= vacant;
    for to in bits(u64::from(d.german)) {
        let vias = d.vias(rs, s, to);
        let k = vias.count_ones();
        if n < k {
            return Action::Move {
                to,
                via: nth_bit(vias, n),
            };
        }
        n -= k;
    }
    unreachable!("the draw is below the number of moves")
}

/// 8.2: the mover ends its move in Area `to`, entered from `via`.
pub fn move_to(rs: &Ruleset, s: &mut State, to: u8, via: u8) {
    let u = s.activation.mover;
    let vacant = s.is_vacant(to);
    s.from[usize::from(u)] = via;
    s.set_loc(rs, u, to);
    // 8.2: in a German Area it stops, to attack (9.1–9.2); elsewhere its move is done and
    // it is Spent (8.1). Without a branch: which one it is follows the random choice.
    s.activation.waiting |= u32::from(!vacant) << u;
    s.activation.entered |= u32::from(!vacant) << to;
    s.fresh &= !(u32::from(vacant) << u);
    s.activation.mover = NONE;
    s.step = Step::Activation;
    end_activation_if_done(rs, s);
}

/// Nothing left to move or attack with: the activation is over. Leaders waiting with no
/// unit that can lead them (alone in Areas Contested at activation, 8.1) attack nothing once
/// no unit is left to move: ending is the only choice, so it is taken at once.
pub fn end_activation_if_done(rs: &Ruleset, s: &mut State) {
    let act = &s.activation;
    if matches!(s.step, Step::Activation) && act.pending == 0 && act.waiting & !rs.leaders() == 0 {
        end_activation(s);
    }
}

/// The activation ends: units that moved in and did not attack are Spent (8.1).
pub fn end_activation(s: &mut State) {
    s.fresh &= !s.activation.waiting;
    s.activation = Activation::default();
    s.step = Step::ActionRound;
}
