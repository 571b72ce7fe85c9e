//! The turn sequence (4.1): initiative (5.1), the alternation of segments and holds within a
//! phase (7.2, 9.2, 10.1–10.11), and the phase changes.

use super::data::Side;
use super::regroup;
use super::ruleset::Ruleset;
use super::state::{Phase, Roll, State, Step, NONE};
use super::{fire, movement};

/// Starts game turn `s.turn` at its Initiative Determination Phase.
pub fn start_turn(rs: &Ruleset, s: &mut State) {
    s.phase = Phase::Initiative;
    for u in &mut s.units {
        u.began = u.loc;
    }
    if s.turn == 1 {
        // 5.1: on turn one the Rangers (the scenario's first side) have the Initiative.
        set_initiative(rs, s, rs.first_turn_initiative);
    } else {
        s.step = Step::Roll(Roll::InitiativeRangers);
    }
}

/// 5.1: both dice are rolled, each with its special-rule modifier; a tie is rolled again.
pub fn initiative_die(rs: &Ruleset, s: &mut State, roll: Roll, die: u8) {
    if roll == Roll::InitiativeRangers {
        s.initiative_die = die;
        s.step = Step::Roll(Roll::InitiativeGermans);
        return;
    }
    // Within i8: at most 20 modifiers of ±6 (`data/validate.rs`), 6 + 120 = 126.
    let rangers = s.initiative_die as i8 + rs.initiative_modifier(s, Side::Rangers);
    let germans = die as i8 + rs.initiative_modifier(s, Side::Germans);
    match initiative_winner(rangers, germans) {
        None => s.step = Step::Roll(Roll::InitiativeRangers),
        Some(side) => {
            s.initiative = side;
            s.step = Step::InitiativeChoice;
        }
    }
}

/// 5.1: the high modified roll wins the Initiative; `None` for a tie, which is rolled again.
pub fn initiative_winner(rangers: i8, germans: i8) -> Option<Side> {
    match rangers.cmp(&germans) {
        std::cmp::Ordering::Greater => Some(Side::Rangers),
        std::cmp::Ordering::Less => Some(Side::Germans),
        std::cmp::Ordering::Equal => None,
    }
}

/// 5.1: the high roller chooses to go first (keep the Initiative) or second.
pub fn choose_order(rs: &Ruleset, s: &mut State, go_first: bool) {
    let side = if go_first {
        s.initiative
    } else {
        s.initiative.enemy()
    };
    set_initiative(rs, s, side);
}

fn set_initiative(rs: &Ruleset, s: &mut State, side: Side) {
    s.initiative = side;
    s.initiative_turns[side.index()] += 1;
    begin_phase(rs, s, Phase::IndirectFire);
}

/// The Initiative player acts first in every phase (4.1).
pub fn begin_phase(rs: &Ruleset, s: &mut State, phase: Phase) {
    s.phase = phase;
    s.active = s.initiative;
    s.acted = false;
    s.last_hold_idle = false;
    for u in &mut s.units {
        u.spots = NONE;
    }
    s.step = Step::Segment;
    if !can_act(rs, s, s.active) {
        end_hold(rs, s, true);
    }
}

/// Whether `side` has anything to do in the current phase; if not it passes at once.
fn can_act(rs: &Ruleset, s: &State, side: Side) -> bool {
    match s.phase {
        Phase::IndirectFire => fire::has_indirect_fire(rs, s, side),
        Phase::DirectFire => fire::has_direct_fire(rs, s, side),
        Phase::Action => movement::can_activate(rs, s, side),
        _ => false,
    }
}

/// The active player's hold (a fire segment, or his turn of activations in the Action Phase)
/// ends; `idle` if he performed no action in it. Two idle holds in a row end the phase
/// (7.2, 9.2, 10.11); a player who cannot act passes idle at once (10.1b).
pub fn end_hold(rs: &Ruleset, s: &mut State, idle: bool) {
    let mut idle = idle;
    loop {
        if idle && s.last_hold_idle {
            next_phase(rs, s);
            return;
        }
        s.last_hold_idle = idle;
        s.active = s.active.enemy();
        s.acted = false;
        s.step = Step::Segment;
        if can_act(rs, s, s.active) {
            return;
        }
        idle = true;
    }
}

fn next_phase(rs: &Ruleset, s: &mut State) {
    match s.phase {
        Phase::IndirectFire => begin_phase(rs, s, Phase::DirectFire),
        Phase::DirectFire => begin_phase(rs, s, Phase::Action),
        Phase::Action => regroup::start(rs, s),
        _ => unreachable!("no holds in {:?}", s.phase),
    }
}

/// The active player's activation or attack is over: he keeps the Action Phase while he has
/// fresh units (10.1b); fire segments alternate after every attack (7.2, 9.2), or after an
/// area's mortars (the reading `fire_segment = "area"`).
pub fn after_action(rs: &Ruleset, s: &mut State) {
    s.acted = true;
    s.step = Step::Segment;
    match s.phase {
        Phase::Action if !movement::can_activate(rs, s, s.active) => end_hold(rs, s, false),
        Phase::Action => {}
        Phase::IndirectFire if fire::segment_goes_on(rs, s) => {}
        Phase::IndirectFire | Phase::DirectFire => end_hold(rs, s, false),
        _ => {}
    }
}

/// 10.1c: a failed assault passes the Action Phase once resolved.
pub fn failed_assault(rs: &Ruleset, s: &mut State) {
    movement::clear_group(s);
    end_hold(rs, s, false);
}
