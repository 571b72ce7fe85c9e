//! The Action Phase (10.x): activating an area, moving a group (costs 10.32–10.34,
//! 10.51–10.52, interdiction 8.2, stacking 10.35–10.36) and assaulting (10.4–10.5, 11.x).

use super::action::Action;
use super::combat;
use super::data::Side;
use super::ruleset::{bits, unit_bits, Ruleset};
use super::state::{AttackKind, Roll, State, Step, Terms, UnitMask, NONE, STACKING_LIMIT};
use super::turn;

/// Areas holding a fresh unit of `side` that may act this turn (not held back).
fn ready_areas(rs: &Ruleset, s: &State, side: Side) -> u64 {
    let held = rs.held_back[usize::from(s.turn).min(31)] & rs.side_units[side.index()];
    if held == 0 {
        return s.fresh_present[side.index()];
    }
    unit_bits(rs.side_units[side.index()] & rs.personnel & !held)
        .filter(|&u| s.loc(u) < 64 && !s.is_spent(u))
        .fold(0, |m, u| m | 1 << s.loc(u))
}

/// 10.1b: whether `side` has a fresh unit left to act with.
pub fn can_activate(rs: &Ruleset, s: &State, side: Side) -> bool {
    s.has_any_fresh(side) && ready_areas(rs, s, side) != 0
}

/// 10.2: areas the active player may activate: each holds at least one fresh unit of his.
pub fn activation_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    for a in bits(ready_areas(rs, s, s.active)) {
        out(Action::Activate(a as u8));
    }
}

/// 10.3–10.5: whether activating `area` leads nowhere: no unit there that may join a group
/// could enter any area next to it on its own MP, and no enemy is there to assault. Its
/// option says so before it is chosen (trial 20b F3: found out only after the units joined).
pub fn activation_stuck(rs: &Ruleset, s: &State, area: u8) -> bool {
    let side = s.active;
    if s.has_personnel(side.enemy(), area) {
        return false;
    }
    let held = rs.held_back[usize::from(s.turn).min(31)];
    let here = s.personnel_in(rs, side, area) & !held;
    !unit_bits(here).filter(|&u| !s.is_spent(u)).any(|u| {
        let (points, mp) = (rs.info(u).figures, rs.info(u).movement);
        bits(rs.adjacent[usize::from(area)])
            .any(|to| entry(rs, s, side, area, to as u8, points).is_some_and(|e| e.mp() <= mp))
    })
}

pub fn activate(s: &mut State, area: u8) {
    s.group.members = 0;
    s.group.area = area;
    s.group.prev_area = NONE;
    s.group.moved = false;
    s.group.lead = NONE;
    s.step = Step::Group;
}

pub fn clear_group(s: &mut State) {
    s.group.members = 0;
    s.group.area = NONE;
    s.group.lead = NONE;
}

fn group_points(rs: &Ruleset, s: &State) -> u8 {
    unit_bits(s.group.members).map(|u| rs.info(u).figures).sum()
}

/// 10.35: the areas next to the group it may not enter for stacking alone, each with the
/// stacking points already there and the group's, for the person to be told why a move is
/// not offered (trial 13b F2).
pub fn too_full(rs: &Ruleset, s: &State) -> Vec<(u8, u8, u8)> {
    let points = group_points(rs, s);
    bits(rs.adjacent[usize::from(s.group.area)])
        .map(|to| to as u8)
        .filter(|&to| !rs.is_landing_craft(to))
        .map(|to| (to, s.points_of(s.active, to), points))
        .filter(|&(_, there, group)| there + group > STACKING_LIMIT)
        .collect()
}

/// The MP the group has left: its slowest member's (10.3).
pub fn group_mp(s: &State) -> u8 {
    unit_bits(s.group.members)
        .map(|u| s.unit(u).mp)
        .min()
        .unwrap_or(0)
}

/// What entering an area costs before interdiction, and why: the log and the options say
/// the rule (trial 18b F8: a move into an enemy area did not say it must assault).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryCase {
    /// 10.32: 1 MP.
    Open,
    /// 10.33: fresh enemies next door, 2 MP.
    NextToFreshEnemy,
    /// 10.52: only spent enemies there, 2 MP, and the group must assault (10.5).
    SpentEnemyThere,
    /// 10.51: fresh enemies there, 4 MP, and the group must assault (10.5).
    FreshEnemyThere,
}

/// The MP to enter an area and why (`entry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub case: EntryCase,
    /// 10.33, 10.51, 10.52: a friendly interdiction marker there halves the cost.
    pub halved: bool,
}

impl Entry {
    pub fn mp(self) -> u8 {
        let cost = match self.case {
            EntryCase::Open => return 1,
            EntryCase::NextToFreshEnemy | EntryCase::SpentEnemyThere => 2,
            EntryCase::FreshEnemyThere => 4,
        };
        if self.halved {
            cost / 2
        } else {
            cost
        }
    }

    /// Why the entry costs its MP, in the rulebook's words, or `None` for 10.32's 1 MP.
    pub fn reason(self) -> Option<String> {
        let case = match self.case {
            EntryCase::Open => return None,
            EntryCase::NextToFreshEnemy => "fresh enemies next door, 10.33",
            EntryCase::SpentEnemyThere => {
                "spent enemies there, 10.52; the group must assault, 10.5"
            }
            EntryCase::FreshEnemyThere => {
                "fresh enemies there, 10.51; the group must assault, 10.5"
            }
        };
        Some(match self.halved {
            true => format!("{case}; halved by your interdiction marker"),
            false => case.to_string(),
        })
    }
}

/// 10.32–10.34, 10.51–10.52: MP to enter `to` from `from` for `side`, before interdiction;
/// `None` where the move is not allowed.
pub fn entry_cost(rs: &Ruleset, s: &State, side: Side, from: u8, to: u8, points: u8) -> Option<u8> {
    entry(rs, s, side, from, to, points).map(Entry::mp)
}

/// `entry_cost` with its reason.
pub fn entry(rs: &Ruleset, s: &State, side: Side, from: u8, to: u8, points: u8) -> Option<Entry> {
    let enemy = side.enemy();
    if rs.is_landing_craft(to) && side != Side::Rangers {
        return None;
    }
    // 10.35: stacking applies at all times, during movement too (none in the boxes).
    if !rs.is_landing_craft(to) && s.points_of(side, to) + points > STACKING_LIMIT {
        return None;
    }
    // 10.34: leaving an enemy-occupied area only into a friendly, enemy-free area.
    if s.has_personnel(enemy, from) && (s.controller(to) != side || s.has_personnel(enemy, to)) {
        return None;
    }
    let friendly_marker = s.interdiction[side.index()][usize::from(to)] > 0;
    // 10.33: fresh enemies next door raise the cost unless friendly units share their area;
    // the group leaving `from` alone shares it no more (the reading `contested_exit`).
    let mut sharing = s.present[side.index()];
    if !rs.mover_pins_enemy && s.points_of(side, from) == points {
        sharing &= !(1 << from);
    }
    let next_to_fresh_enemy =
        rs.adjacent[usize::from(to)] & s.fresh_present[enemy.index()] & !sharing;
    let case = if s.has_fresh(enemy, to) {
        EntryCase::FreshEnemyThere
    } else if s.has_personnel(enemy, to) {
        EntryCase::SpentEnemyThere
    } else if next_to_fresh_enemy != 0 {
        EntryCase::NextToFreshEnemy
    } else {
        EntryCase::Open
    };
    Some(Entry {
        case,
        halved: friendly_marker && case != EntryCase::Open,
    })
}

/// 8.2: the extra MP to enter past an enemy marker: half its value, rounded up (0 if none).
pub fn interdiction_toll(s: &State, side: Side, to: u8) -> u8 {
    s.interdiction[side.enemy().index()][usize::from(to)].div_ceil(2)
}

/// 8.2: the attack on `side`'s units entering `to` without paying the toll: the highest enemy
/// marker's OT and the area's indirect-fire DT (7.4).
pub fn interdiction_attack(rs: &Ruleset, s: &State, side: Side, to: u8) -> (u8, u8) {
    let marker = s.interdiction[side.enemy().index()][usize::from(to)];
    (marker, super::fire::indirect_defense(rs.tem(to)))
}

/// 10.2: the fresh units of the activated area that may still join the group before it
/// moves. Units join in increasing order so that each group is offered once (a search would
/// otherwise meet every group once per order of its units).
pub fn joinable(rs: &Ruleset, s: &State) -> UnitMask {
    let g = &s.group;
    if g.moved {
        return 0;
    }
    let above = match g.members {
        0 => 0,
        m => 127 - m.leading_zeros() + 1,
    };
    let held = rs.held_back[usize::from(s.turn).min(31)];
    let here = s.personnel_in(rs, s.active, g.area) & !held & !((1u128 << above) - 1);
    unit_bits(here)
        .filter(|&u| !s.is_spent(u))
        .fold(0, |m, u| m | 1 << u)
}

/// 10.2–10.5: picking the group's units, then moving, assaulting or ending.
pub fn group_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let side = s.active;
    let g = &s.group;
    for u in unit_bits(joinable(rs, s)) {
        out(Action::AddUnit(u));
    }
    if g.members == 0 {
        return;
    }
    let mp = group_mp(s);
    let points = group_points(rs, s);
    for to in bits(rs.adjacent[usize::from(g.area)]) {
        let to = to as u8;
        let Some(cost) = entry_cost(rs, s, side, g.area, to, points) else {
            continue;
        };
        let toll = interdiction_toll(s, side, to);
        if cost <= mp {
            out(Action::Move { to, pay: false });
        }
        if toll > 0 && cost + toll <= mp {
            out(Action::Move { to, pay: true });
        }
    }
    if !g.moved && s.has_personnel(side.enemy(), g.area) {
        out(Action::AssaultHere);
    }
    out(Action::EndActivation);
}

pub fn add_unit(rs: &Ruleset, s: &mut State, u: u8) {
    s.group.members |= 1 << u;
    s.units[usize::from(u)].mp = rs.info(u).movement;
}

/// 10.3, 8.2: the MP the group spends to enter `to`, paying the interdiction toll or not;
/// `None` where it may not enter.
pub fn move_cost(rs: &Ruleset, s: &State, to: u8, pay: bool) -> Option<u8> {
    let side = s.active;
    let cost = group_entry(rs, s, to)?.mp();
    Some(if pay {
        cost + interdiction_toll(s, side, to)
    } else {
        cost
    })
}

/// The group's entry into `to` from its area, with why it costs what it does.
pub fn group_entry(rs: &Ruleset, s: &State, to: u8) -> Option<Entry> {
    entry(rs, s, s.active, s.group.area, to, group_points(rs, s))
}

/// 10.3: the group enters an adjacent area.
pub fn move_group(rs: &Ruleset, s: &mut State, to: u8, pay: bool) {
    let side = s.active;
    let from = s.group.area;
    let cost = move_cost(rs, s, to, pay).expect("legal move");
    let toll = interdiction_toll(s, side, to);
    for u in unit_bits(s.group.members) {
        s.units[usize::from(u)].mp -= cost;
        s.move_unit(rs, u, to);
    }
    s.group.prev_area = from;
    s.group.area = to;
    s.group.moved = true;
    if toll > 0 && !pay {
        // 8.2: not paying, the group is attacked by the highest marker as Indirect Fire
        // "normally (as per 7.4)": into an area holding the firer's own units, 7.33's
        // accuracy roll comes first.
        let (marker, dt) = interdiction_attack(rs, s, side, to);
        combat::begin(
            s,
            AttackKind::Interdiction,
            side.enemy(),
            to,
            [marker, 0, 0, 0],
            [dt, 0, 0, 0],
        );
        s.step = Step::Roll(if s.has_personnel(side.enemy(), to) {
            Roll::Accuracy
        } else {
            Roll::Offense
        });
    } else {
        arrive(rs, s);
    }
}

/// The group is in its new area: 10.5, entering enemy units means assaulting them at once.
fn arrive(rs: &Ruleset, s: &mut State) {
    if s.has_personnel(s.active.enemy(), s.group.area) {
        begin_assault(rs, s);
    } else {
        s.step = Step::Group;
    }
}

/// 8.2: after the interdiction attack, units that were spent (or retreated, or eliminated)
/// drop out of the group; the others go on.
pub fn after_interdiction(rs: &Ruleset, s: &mut State) {
    let area = s.group.area;
    let members = s.group.members;
    s.group.members = 0;
    for u in unit_bits(members) {
        if s.loc(u) == area && !s.is_spent(u) {
            s.group.members |= 1 << u;
        }
    }
    if s.group.members == 0 {
        end_activation(rs, s);
    } else {
        arrive(rs, s);
    }
}

/// 10.4: assaulting in the area where the group began the turn uses all its MP.
pub fn assault_here(rs: &Ruleset, s: &mut State) {
    for u in unit_bits(s.group.members) {
        s.units[usize::from(u)].mp = 0;
    }
    begin_assault(rs, s);
}

fn begin_assault(rs: &Ruleset, s: &mut State) {
    if s.group.members.count_ones() == 1 {
        set_point(rs, s, s.group.members.trailing_zeros() as u8);
    } else {
        s.step = Step::Point;
    }
}

pub fn point_actions(s: &State, out: &mut impl FnMut(Action)) {
    for u in unit_bits(s.group.members) {
        out(Action::Point(u));
    }
}

/// 11.1: the OT and DT before the dice if `lead` were the point unit of the group's assault.
pub fn assault_totals(rs: &Ruleset, s: &State, lead: u8) -> (u8, u8) {
    (
        assault_offense(rs, s, lead),
        assault_defense(rs, s, s.active.enemy(), s.group.area),
    )
}

/// 11.1: the point unit is chosen; the totals before the dice are fixed and the weapons that
/// add to the OT are flipped to 'F'.
pub fn set_point(rs: &Ruleset, s: &mut State, lead: u8) {
    s.group.lead = lead;
    let side = s.active;
    let area = s.group.area;
    let offense = assault_offense_terms(rs, s, lead);
    let defense = assault_defense_terms(rs, s, side.enemy(), area);
    for u in unit_bits(s.group.members) {
        let w = s.carried(u);
        if w != NONE && assault_weapon_value(rs, s, w, area) > 0 {
            s.set_spent(rs, w, true);
        }
    }
    combat::begin(s, AttackKind::Assault, side, area, offense, defense);
    s.step = Step::Roll(Roll::Offense);
}

/// 11.1d–e: an unfired machine gun adds its value; an unfired shoulder-fired weapon adds its
/// value against an area where it may fire (buildings and bunkers, 9.33).
pub fn assault_weapon_value(rs: &Ruleset, s: &State, w: u8, area: u8) -> u8 {
    use super::data::WeaponKind::*;
    if s.is_spent(w) {
        return 0;
    }
    match rs.weapon_kind(w) {
        Some(MachineGun) => rs.info(w).attack,
        Some(ShoulderFired) if rs.is_building(area) => rs.info(w).attack,
        _ => 0,
    }
}

/// 11.1 OT before the die: the point unit's AF, one fresh NCO/BAR gunner, +1 for each other
/// fresh unit, unfired weapons carried.
pub fn assault_offense(rs: &Ruleset, s: &State, lead: u8) -> u8 {
    assault_offense_terms(rs, s, lead).iter().sum()
}

/// 11.1 OT terms: point unit, NCO/BAR gunner, supporters, weapons.
fn assault_offense_terms(rs: &Ruleset, s: &State, lead: u8) -> Terms {
    let members = s.group.members;
    let area = s.group.area;
    let leader = best_leader_in(rs, s, members & !(1 << lead));
    let supporters = (members & !(1 << lead)).count_ones() as u8 - u8::from(leader.is_some());
    let weapons = unit_bits(members)
        .map(|u| s.carried(u))
        .filter(|&w| w != NONE)
        .map(|w| assault_weapon_value(rs, s, w, area))
        .sum();
    [
        rs.info(lead).attack,
        leader.map_or(0, |u| rs.info(u).attack),
        supporters,
        weapons,
    ]
}

fn best_leader_in(rs: &Ruleset, s: &State, units: u128) -> Option<u8> {
    unit_bits(units & rs.nco_or_bar)
        .filter(|&u| !s.is_spent(u))
        .max_by_key(|&u| rs.info(u).attack)
}

/// The Defense Factor a unit shows: its fresh or spent side.
fn defense_factor(rs: &Ruleset, s: &State, u: u8) -> u8 {
    let i = rs.info(u);
    if s.is_spent(u) {
        i.spent_defense
    } else {
        i.defense
    }
}

/// 11.1 DT before the die: the best choice of one defending unit's DF, one fresh NCO/BAR
/// gunner, +1 for each other defending unit, the area's TEM.
pub fn assault_defense(rs: &Ruleset, s: &State, defender: Side, area: u8) -> u8 {
    assault_defense_terms(rs, s, defender, area).iter().sum()
}

/// 11.1 DT terms: defending unit, NCO/BAR gunner, supporters (every other defender, or the
/// fresh ones only: the reading `assault_supporters`), TEM.
fn assault_defense_terms(rs: &Ruleset, s: &State, defender: Side, area: u8) -> Terms {
    let units = s.personnel_in(rs, defender, area);
    let best = unit_bits(units)
        .map(|d| {
            let rest = units & !(1 << d);
            let leader = best_leader_in(rs, s, rest);
            // The NCO/BAR gunner is always fresh (`best_leader_in`), so this cannot wrap.
            let supporters = unit_bits(rest)
                .filter(|&u| !rs.fresh_supporters_only || !s.is_spent(u))
                .count() as u8;
            [
                defense_factor(rs, s, d),
                leader.map_or(0, |u| rs.info(u).defense),
                supporters - u8::from(leader.is_some()),
            ]
        })
        .max_by_key(|t| t.iter().sum::<u8>())
        .unwrap_or([0; 3]);
    [best[0], best[1], best[2], rs.tem(area)]
}

/// 11.2/11.3: OT ≤ DT: the point unit is eliminated, the others spent and, if they entered
/// this turn, returned to the area they came from; the Action Phase passes (10.1c).
pub fn assault_failed(rs: &Ruleset, s: &mut State) {
    let lead = s.group.lead;
    let others = s.group.members & !(1 << lead);
    s.eliminate(rs, lead);
    for u in unit_bits(others) {
        s.set_spent(rs, u, true);
        if s.group.moved {
            s.move_unit(rs, u, s.group.prev_area);
        }
    }
    turn::failed_assault(rs, s);
}

/// 11.4: after a successful assault by units that did not begin the turn there, if every
/// defender was eliminated (none retreated) the assaulting units with MP left go on.
pub fn assault_succeeded(rs: &Ruleset, s: &mut State) {
    let area = s.group.area;
    let defenders_left = s.has_personnel(s.active.enemy(), area);
    // 11.4, decided: "the assaulting units did not begin the turn in the assaulted area" holds
    // when none of them did (one that left it and came back began the turn there).
    let newcomers = unit_bits(s.group.members).all(|u| s.unit(u).began != area);
    let overrun = newcomers && !defenders_left && !s.casualties.any_retreated;
    if overrun {
        let members = s.group.members;
        for u in unit_bits(members) {
            if s.unit(u).mp == 0 {
                s.set_spent(rs, u, true);
                s.group.members &= !(1 << u);
            }
        }
        if s.group.members != 0 {
            s.step = Step::Group;
            return;
        }
    }
    end_activation(rs, s);
}

/// The activated units are done: flipped to their spent side.
pub fn end_activation(rs: &Ruleset, s: &mut State) {
    for u in unit_bits(s.group.members) {
        if s.loc(u) < 64 {
            s.set_spent(rs, u, true);
        }
    }
    clear_group(s);
    turn::after_action(rs, s);
}

/// The OT a group would have with its best point unit (for bots and displays).
pub fn best_offense(rs: &Ruleset, s: &State) -> u8 {
    unit_bits(s.group.members)
        .map(|u| assault_offense(rs, s, u))
        .max()
        .unwrap_or(0)
}
