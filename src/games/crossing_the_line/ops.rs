//! The Ops Phase (6): Ops Cycles of Initiative (6.1), the Initiative player's choice (6.2) and
//! Formation Activation (6.3), until both sides have passed or neither can activate; then the
//! End Turn Segment (7.8). Scenario 1 has no sequence of play: the 1st ID activates up to five
//! times (10.1).

use super::action::Action;
use super::charts::{initiative_winner, scenario_start_marker};
use super::command;
use super::ruleset::{Ruleset, ScenarioKind};
use super::side::Side;
use super::state::{on_map, Activation, Pending, State, Step, Units, BONUS_ONLY, MAX_DEPTH};
use super::{admin, victory};

/// The start of a game turn: the Admin Phase, except on a scenario's first turn (4 note, 10).
pub fn start_turn(rs: &Ruleset, s: &mut State) {
    if s.turn > rs.first_turn {
        admin::start(rs, s);
    } else {
        start_ops(rs, s);
    }
}

/// The Ops Phase begins (6).
pub fn start_ops(rs: &Ruleset, s: &mut State) {
    s.passed = [false; 2];
    s.transferred = false;
    match rs.kind {
        ScenarioKind::FirstBlood => {
            s.initiative = Side::Us;
            s.step = Step::Choose;
            // 6: the Ops Cycles go on until "neither side can conduct any more Formation
            // Activations". 10.1 has no Pass: a 1st ID that cannot activate at the start (its
            // FAL at 0, 6.3.1, or no HQ on the map) ends the scenario without a decision, as
            // after its last activation (`victory::first_blood_after_activation`).
            if !side_can_activate(rs, s, Side::Us) {
                end_ops(rs, s);
            }
        }
        // 10: the US wins the first Initiative of the scenario, the marker at +2 German
        // (10 says "of game turn 1"; Scenario 3 starts on turn 5, read as its first turn).
        _ if s.turn == rs.first_turn => {
            s.marker = scenario_start_marker(rs.charts.initiative_drm_max);
            hold_initiative(s, Side::Us);
        }
        _ => next_cycle(rs, s),
    }
}

fn hold_initiative(s: &mut State, side: Side) {
    s.initiative = side;
    s.initiatives[side.index()] += 1;
    s.transferred = false;
    s.step = Step::Choose;
}

/// 6.3.1: a formation that may activate: its HQ on the map and its FAL above 0.
pub fn can_activate(s: &State, f: u8) -> bool {
    on_map(s.hq_hex[usize::from(f)]) && s.fal[usize::from(f)] > 0
}

pub fn side_can_activate(rs: &Ruleset, s: &State, side: Side) -> bool {
    (0..rs.formations.len() as u8).any(|f| rs.formation(f).side == side && can_activate(s, f))
}

/// The next Ops Cycle, or the end of the Ops Phase when both sides have passed or neither can
/// activate a formation (6). Once one side has passed, the other holds the Initiative without
/// a roll (6.1).
pub fn next_cycle(rs: &Ruleset, s: &mut State) {
    let open = Side::BOTH.map(|side| !s.passed[side.index()] && side_can_activate(rs, s, side));
    match open {
        [false, false] => end_ops(rs, s),
        [true, false] => hold_initiative(s, Side::Us),
        [false, true] => hold_initiative(s, Side::German),
        [true, true] => s.step = Step::Initiative,
    }
}

/// 6.1: the two d10s give the US the Initiative in `us_wins` of 100 cases.
pub fn initiative_outcomes(rs: &Ruleset, s: &State, out: &mut Vec<(Action, u32)>) {
    let mut us_wins = 0;
    for us in 1..=10 {
        for german in 1..=10 {
            us_wins +=
                u32::from(initiative_winner(us, german, s.marker, s.interdiction) == Side::Us);
        }
    }
    let _ = rs;
    for (side, w) in [(Side::Us, us_wins), (Side::German, 100 - us_wins)] {
        if w > 0 {
            out.push((Action::Winner(side), w));
        }
    }
}

/// 6.1: the winner holds the Initiative; the marker turns to the Reaction side.
pub fn initiative(rs: &Ruleset, s: &mut State, winner: Side) {
    s.marker = s.marker.after(winner.other(), rs.charts.initiative_drm_max);
    hold_initiative(s, winner);
}

/// 6.2: Act with a formation that can activate, Transfer (not back, and not to a side that
/// passed), or Pass. AMBIG-10 (6): a side that cannot activate may still Transfer or Pass.
/// 10.1: the 1st ID just activates.
pub fn choose_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let side = s.initiative;
    for f in 0..rs.formations.len() as u8 {
        if rs.formation(f).side == side && can_activate(s, f) {
            out(Action::Act(f));
        }
    }
    if rs.kind == ScenarioKind::FirstBlood {
        return;
    }
    if !s.transferred && !s.passed[side.other().index()] {
        out(Action::Transfer);
    }
    out(Action::Pass);
}

pub fn choose(rs: &Ruleset, s: &mut State, a: Action) {
    match a {
        Action::Act(f) => activate(rs, s, f),
        Action::Transfer => {
            s.initiative = s.initiative.other();
            s.transferred = true;
        }
        Action::Pass => {
            s.passed[s.initiative.index()] = true;
            next_cycle(rs, s);
        }
        _ => unreachable!("{a:?} is no Ops Cycle choice"),
    }
}

/// 6.3: a Formation Activation: the supply check, then the AP roll.
fn activate(rs: &Ruleset, s: &mut State, f: u8) {
    command::supply_check(rs, s, f);
    s.depth = 0;
    s.acts[0] = Activation {
        side: rs.formation(f).side,
        formation: f,
        ap: 0,
        bonus: 0,
        bonus_units: 0,
        reaction: false,
    };
    // Counted for 10.1 (at most 5 there); a long game at the largest Activation Levels and
    // recoveries (8 turns of up to 14 formations × 10) activates more often than a u8 counts.
    s.activations = s.activations.saturating_add(1);
    s.step = Step::ApRoll { reaction: false };
}

/// 6.4.2: a Formation Reaction nests inside the activation it interrupts.
pub fn begin_reaction(rs: &Ruleset, s: &mut State, f: u8) {
    s.depth += 1;
    *s.act_mut() = Activation {
        side: rs.formation(f).side,
        formation: f,
        ap: 0,
        bonus: 0,
        bonus_units: 0,
        reaction: true,
    };
    s.step = Step::ApRoll { reaction: true };
}

/// 7.5.3: a defender's Battle Victory: its winning units (`units`, of `side`) act at once with
/// the bonus AP, inside the activation under way. The text sets no limit to a chain of such
/// wins (the bonus spent on an attack whose defender wins in turn, and so on): where the
/// activation whose attack this was has nothing left (a defender's bonus activation, its AP
/// spent on the attack, or a nested one with no AP left), it would end now, so the new one takes
/// its place rather than nesting in it. Only an activation with AP left is nested in: a
/// Formation Activation and a Reaction in it (none within a bonus activation, 6.4), so at most
/// three levels are ever open, whatever the length of the chain.
pub fn begin_bonus(s: &mut State, side: Side, units: Units) {
    let act = *s.act();
    if s.depth == 0 || act.ap != 0 || act.bonus != 0 {
        s.depth += 1;
        debug_assert!(usize::from(s.depth) < MAX_DEPTH, "{:?}", s.acts);
    }
    *s.act_mut() = Activation {
        side,
        formation: BONUS_ONLY,
        ap: 0,
        bonus: 1,
        bonus_units: units,
        reaction: false,
    };
    s.step = Step::Action;
}

/// 6.3.2, 6.4.2: the AP roll on the FAL column (black for an activation, red for a reaction),
/// then the FAL goes down one. A formation at FAL 0 gets no APs.
pub fn ap_roll(rs: &Ruleset, s: &mut State, reaction: bool, die: u8) {
    let f = s.act().formation;
    let fal = s.fal[usize::from(f)];
    let ap = action_points(rs, s, reaction, die);
    // AMBIG-29: the FAL is tracked in First Blood too (it starts at the data's level).
    // AMBIG-8 under `after_roll`: an HQ that had spent its Emergency Supply goes to 0 now.
    let dropped = s.fal_drop & 1 << f != 0;
    s.fal_drop &= !(1 << f);
    s.fal[usize::from(f)] = if dropped { 0 } else { fal.saturating_sub(1) };
    s.act_mut().ap = ap;
    after_action(rs, s);
}

/// 6.3.2, 6.4.2: the APs die `die` gives the active formation on its FAL column.
pub fn action_points(rs: &Ruleset, s: &State, reaction: bool, die: u8) -> u8 {
    let fal = s.fal.get(usize::from(s.act().formation)).copied();
    rs.charts
        .action_points(fal.unwrap_or(0), die)
        .map_or(0, |p| if reaction { p.red } else { p.black })
}

/// After every Action: the next decision of the active formation, or the end of its activation
/// when no AP is left.
pub fn after_action(rs: &Ruleset, s: &mut State) {
    s.pending = Pending::None;
    if s.is_over() {
        return;
    }
    let act = *s.act();
    if act.ap == 0 && act.bonus == 0 {
        end_activation(rs, s);
    } else {
        s.step = Step::Action;
    }
}

/// Pays `cost` APs for an Action by `units` (7.2), the Battle Victory bonus AP first when all
/// of them may use it (7.5.3). The bonus is spent or lost with the first Action after it.
pub fn pay(s: &mut State, cost: u8, units: Units) {
    super::assignment::show(s, units);
    let act = s.act_mut();
    let usable = if units != 0 && units & !act.bonus_units == 0 {
        act.bonus.min(cost)
    } else {
        0
    };
    act.ap = act.ap.saturating_sub(cost - usable);
    act.bonus = 0;
    act.bonus_units = 0;
}

/// The units an Action `a` offered now would spend APs for (7.2): the movers it selects, the
/// attackers it resolves with, the unit it refits, the stack it digs in; an HQ relocates
/// alone (0); `None` for a step that costs no AP.
pub fn action_units(rs: &Ruleset, s: &State, a: Action) -> Option<Units> {
    Some(match a {
        Action::Select { from, pick } => super::movement::movers_of(rs, s, from, pick),
        Action::Resolve => s.fight.attackers,
        Action::Refit(u) => 1 << u,
        Action::ImprovedDefense(h) => s.units_at(rs, s.act().side, h),
        Action::Relocate(_) => 0,
        _ => return None,
    })
}

/// Whether an Action by `units` forfeits a Battle Victory bonus AP: "One or more units in
/// the stack must immediately expend the bonus AP, or it is lost" (7.5.3).
pub fn bonus_lost(s: &State, units: Units) -> bool {
    let act = s.act();
    act.bonus > 0 && available(s, units) == act.ap
}

/// The APs an Action by `units` may spend.
pub fn available(s: &State, units: Units) -> u8 {
    let act = s.act();
    let bonus = if units != 0 && units & !act.bonus_units == 0 {
        act.bonus
    } else {
        0
    };
    act.ap + bonus
}

/// Whether unit `u` acts in the current activation.
pub fn acts_now(s: &State, u: usize) -> bool {
    let act = s.act();
    if act.formation == BONUS_ONLY {
        act.bonus_units & (1 << u) != 0
    } else {
        s.formation[u] == act.formation && on_map(s.hex[u])
    }
}

/// The end of an activation: back to the one it interrupted, or the next Ops Cycle.
pub fn end_activation(rs: &Ruleset, s: &mut State) {
    *s.act_mut() = Activation::IDLE;
    if s.depth > 0 {
        s.depth -= 1;
        after_action(rs, s);
        return;
    }
    if rs.kind == ScenarioKind::FirstBlood {
        victory::first_blood_after_activation(rs, s);
        if !s.is_over() {
            s.step = Step::Choose;
        }
        return;
    }
    next_cycle(rs, s);
}

/// 7.8: the End Turn Segment: the game ends after the scenario's last turn. AMBIG-1: the turn
/// advances when the Ops Phase ends (6, 7.8), not at the end of an Ops Cycle (4).
pub fn end_ops(rs: &Ruleset, s: &mut State) {
    if rs.kind == ScenarioKind::FirstBlood || s.turn >= rs.last_turn {
        victory::final_victory(rs, s);
        return;
    }
    s.turn += 1;
    start_turn(rs, s);
}
