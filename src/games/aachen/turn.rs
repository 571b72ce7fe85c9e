//! The turn (6): Dawn (reinforcements, Leader mortality), Random Event, Supply, the start of
//! the Combat Phase (Bloody Streets), and the End Phase with the victory checks (10).

use super::data::{BloodyStreetsResult, Terrain, UnitKind};
use super::movement::{has_room, with_room};
use super::ruleset::{Ruleset, ALL_AREAS, AREAS, TURNS};
use super::state::{
    bits, Phase, Roll, State, Step, Support, UnitMask, KIA, NONE, NOT_ARRIVED, RETURNING,
    SUPPORT_TRACK_TOP, WOUNDED,
};
use super::Action;

/// Victory levels (10.1–10.2), indexed by `State::result.1`.
pub const LEVELS: [&str; 4] = [
    "American automatic victory (every Area American Controlled)",
    "American victory: the garrison surrenders",
    "German automatic victory (Morale at its victory level or higher)",
    "German victory: the garrison refuses to surrender",
];

/// The start of a turn: wounded Leaders are due back (6.1.2), then the Dawn Phase.
pub fn start_turn(rs: &Ruleset, s: &mut State) {
    s.phase = Phase::Dawn;
    for u in bits(u64::from(rs.leaders())) {
        if s.loc[usize::from(u)] == WOUNDED {
            s.set_loc(rs, u, RETURNING);
        }
    }
    dawn(rs, s);
}

/// 6.1: reinforcements, returning Leaders, Leader mortality rolls, then the Random Event.
pub fn dawn(rs: &Ruleset, s: &mut State) {
    let first_arriving = arriving(rs, s).next();
    if let Some(u) = first_arriving {
        s.cursor = u;
        s.step = Step::Reinforcements;
    } else if let Some(u) =
        bits(u64::from(rs.leaders())).find(|&u| s.loc[usize::from(u)] == RETURNING)
    {
        s.cursor = u;
        s.step = Step::PlaceLeader;
    } else if s.leaders_hit != 0 {
        s.cursor = s.leaders_hit.trailing_zeros() as u8;
        s.step = Step::Roll(Roll::LeaderMortality);
    } else {
        s.phase = Phase::RandomEvent;
        s.cursor = NONE;
        s.step = Step::Roll(Roll::RandomEvent);
    }
}

/// This turn's reinforcements not yet placed (6.1.1).
fn arriving<'a>(rs: &'a Ruleset, s: &'a State) -> impl Iterator<Item = u8> + 'a {
    bits(u64::from(rs.arrivals(s.turn))).filter(move |&u| s.loc[usize::from(u)] == NOT_ARRIVED)
}

/// The units placed together with `s.cursor`: an SP Artillery unit alone, a task force or
/// regiment all together in one Area (6.1.1).
pub fn reinforcement_group(rs: &Ruleset, s: &State) -> UnitMask {
    if rs.unit(s.cursor).kind == UnitKind::SpArtillery {
        return 1 << s.cursor;
    }
    arriving(rs, s)
        .filter(|&u| rs.unit(u).kind != UnitKind::SpArtillery)
        .fold(0, |m, u| m | 1 << u)
}

/// 6.1.1: an M-12 goes to an Area with an American Infantry unit or to a setup Area; the
/// others to one Vacant American-Controlled Area, all together.
pub fn reinforcement_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    let group = reinforcement_group(rs, s);
    let sp = rs.unit(s.cursor).kind == UnitKind::SpArtillery;
    for a in 0..AREAS as u8 {
        let allowed = if sp {
            rs.terrain[usize::from(a)] == Terrain::American
                || bits(u64::from(s.units_in(a))).any(|u| rs.unit(u).kind == UnitKind::Infantry)
        } else {
            s.is_vacant(a)
        };
        if allowed && has_room(rs, s, a, group) {
            out.push(Action::Place(a));
        }
    }
}

fn place(rs: &Ruleset, s: &mut State, units: UnitMask, a: u8) {
    for u in bits(u64::from(units)) {
        s.set_loc(rs, u, a);
        s.from[usize::from(u)] = super::state::NONE;
    }
    s.fresh |= units;
}

pub fn place_reinforcements(rs: &Ruleset, s: &mut State, a: u8) {
    let group = reinforcement_group(rs, s);
    place(rs, s, group, a);
    dawn(rs, s);
}

/// 6.1.2: 1–2 KIA; 3–4 back next turn; 5–6 back now.
pub fn leader_mortality(rs: &Ruleset, s: &mut State, die: u8) {
    let u = s.cursor;
    s.leaders_hit &= !(1 << u);
    let to = match die {
        1 | 2 => KIA,
        3 | 4 => WOUNDED,
        _ => RETURNING,
    };
    s.set_loc(rs, u, to);
    dawn(rs, s);
}

/// 6.1.2: a returning Leader goes Fresh to an American-Controlled Area with another American
/// unit, or to his setup Area.
pub fn leader_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    let u = s.cursor;
    let setup = rs.unit(u).setup_area;
    let mut any = false;
    for a in 0..AREAS as u8 {
        let allowed = a == setup || (s.is_vacant(a) && s.units_in(a) & !(1 << u) != 0);
        if allowed && has_room(rs, s, a, 1 << u) {
            any = true;
            out.push(Action::Place(a));
        }
    }
    if !any {
        // 6.1.2, decided (the text is silent; only Hogan and Hughes, who have no setup Area, can
        // meet it): nowhere the rule allows, so the American setup Areas, never full (7.1).
        (0..AREAS as u8)
            .filter(|&a| rs.terrain[usize::from(a)] == Terrain::American)
            .for_each(|a| out.push(Action::Place(a)));
    }
}

pub fn place_leader(rs: &Ruleset, s: &mut State, a: u8) {
    place(rs, s, 1 << s.cursor, a);
    dawn(rs, s);
}

/// 6.2: the Random Event Chart.
pub fn random_event(rs: &Ruleset, s: &mut State, total: u8) {
    s.event = event_in_effect(rs, total, s.turn);
    if s.event != NONE {
        let e = rs.event(s.event);
        s.rain = e.rain;
        s.change_morale(e.morale);
        let free = |points: &mut u8, n: u8| {
            *points = points.saturating_add(n).min(SUPPORT_TRACK_TOP);
        };
        free(
            &mut s.support[Support::Artillery as usize],
            e.free_artillery,
        );
        free(&mut s.support[Support::Engineer as usize], e.free_engineer);
        if !e.rain && !e.no_air {
            free(&mut s.support[Support::Air as usize], e.free_air);
        }
    }
    s.phase = Phase::Supply;
    s.step = Step::Roll(Roll::Supply);
}

/// 6.2: the row of the Random Event Chart a 3d6 `total` gives on `turn`, or `NONE` where the
/// row's `last_turn` has passed (no event).
pub fn event_in_effect(rs: &Ruleset, total: u8, turn: u8) -> u8 {
    let row = rs.event_of_roll[usize::from(total)];
    if rs.event(row).last_turn.is_none_or(|t| turn <= t) {
        row
    } else {
        NONE
    }
}

/// 6.3: the Supply Points of a 3d6 `total` on the Supply table, changed by this turn's
/// Random Event row `event` (`NONE`: no change), never below 0.
pub fn supply_points(rs: &Ruleset, total: u8, event: u8) -> u8 {
    let base = rs.charts.supply.points[usize::from(total - 3)];
    let change = rs.event(event).supply;
    // At most 99 + 99: the data's ranges (`data/validate.rs`) keep it within u8.
    (i16::from(base) + i16::from(change)).max(0) as u8
}

/// 6.3: Supply Points from the Supply table, with the Random Event's change.
pub fn supply_roll(rs: &Ruleset, s: &mut State, total: u8) {
    s.supply = supply_points(rs, total, s.event);
    s.artillery_bought = 0;
    s.step = Step::Supply;
}

/// 6.3.1: Supply Points for one point of support `k`.
pub fn cost(rs: &Ruleset, k: Support) -> u8 {
    let c = &rs.charts.supply_costs;
    match k {
        Support::Artillery => c.artillery,
        Support::Engineer => c.engineer,
        Support::Armor => c.armor,
        Support::Air => c.air,
    }
}

/// 6.3.1: Supply Points to return unit `u` from the Out of Action Box.
pub fn refit_cost(rs: &Ruleset, u: u8) -> u8 {
    let c = &rs.charts.supply_costs;
    if rs.unit(u).refits_as_armor() {
        c.return_armor
    } else {
        c.return_infantry
    }
}

/// 6.3.1: what the Supply Points can buy now.
pub fn supply_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    let e = rs.event(s.event);
    for k in Support::ALL {
        let allowed = match k {
            Support::Air => !s.rain && !e.no_air,
            Support::Armor => !e.no_armor,
            Support::Artillery => e.artillery_limit.is_none_or(|n| s.artillery_bought < n),
            Support::Engineer => true,
        };
        if allowed && cost(rs, k) <= s.supply && s.support[k as usize] < SUPPORT_TRACK_TOP {
            out.push(Action::Buy(k));
        }
    }
    let candidates = s.out_of_action & !rs.leaders() & affordable_refits(rs, s);
    for u in bits(u64::from(candidates)) {
        if refit_areas(rs, s, u) != 0 {
            out.push(Action::Refit(u));
        }
    }
    out.push(Action::Pass);
}

pub fn buy(rs: &Ruleset, s: &mut State, k: Support) {
    s.supply -= cost(rs, k);
    s.support[k as usize] += 1;
    if k == Support::Artillery {
        s.artillery_bought += 1;
    }
}

pub fn refit(rs: &Ruleset, s: &mut State, u: u8) {
    s.supply -= refit_cost(rs, u);
    s.cursor = u;
    s.step = Step::PlaceRefit;
}

/// 6.3.1: with, or adjacent to, a unit of the same parent organisation on the map (in an
/// American-Controlled Area); with none on the map, any American-Controlled Area. Where no
/// Area with or next to the organisation is American-Controlled and has room, the reading
/// `refit_fallback` decides.
fn refit_areas(rs: &Ruleset, s: &State, u: u8) -> u32 {
    let near = with_room(rs, s, u, organisation_areas(rs, s, u));
    // 6.3.1 refit_fallback: none open by the organisation: no return ("none") or any Area.
    if near == 0 && rs.refit_fallback_anywhere {
        with_room(rs, s, u, ALL_AREAS & !s.german_areas())
    } else {
        near
    }
}

/// `refit_areas` before stacking: the same for every unit of `u`'s organisation off the map.
/// Written without a branch on where each unit of the organisation is, which the random
/// player's choices make hard to predict.
fn organisation_areas(rs: &Ruleset, s: &State, u: u8) -> u32 {
    let own = rs.organisation_of(u) & !(1 << u);
    let on_map = s.areas_of(own);
    let near = on_map | rs.expand(on_map);
    (if near != 0 { near } else { ALL_AREAS }) & !s.german_areas()
}

/// The units whose return the Supply Points left would pay for (6.3.1).
fn affordable_refits(rs: &Ruleset, s: &State) -> UnitMask {
    let c = &rs.charts.supply_costs;
    let armor = rs.armor_refits();
    let if_paid = |cost: u8, units: UnitMask| if cost <= s.supply { units } else { 0 };
    if_paid(c.return_armor, armor) | if_paid(c.return_infantry, !armor)
}

pub fn refit_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    bits(u64::from(refit_areas(rs, s, s.cursor))).for_each(|a| out.push(Action::Place(a)));
}

pub fn place_refit(rs: &Ruleset, s: &mut State, a: u8) {
    place(rs, s, 1 << s.cursor, a);
    s.cursor = NONE;
    s.step = Step::Supply;
}

/// 6.3.1: unspent Supply Points are lost; on to the Combat Phase and its Bloody Streets.
pub fn end_supply(rs: &Ruleset, s: &mut State) {
    s.supply = 0;
    s.phase = Phase::Combat;
    s.cursor = NONE;
    next_bloody_street(rs, s);
}

/// 6.4.1: a roll for each contested Urban or Fortified Area, in Area order.
fn next_bloody_street(rs: &Ruleset, s: &mut State) {
    let after = if s.cursor == NONE { 0 } else { s.cursor + 1 };
    let due = rs.streets() & s.contested_areas() & !((1 << after) - 1);
    match bits(u64::from(due)).next() {
        Some(a) => {
            s.cursor = a;
            s.step = Step::Roll(Roll::BloodyStreets);
        }
        None => {
            s.cursor = NONE;
            s.step = Step::ActionRound;
        }
    }
}

pub fn bloody_streets(rs: &Ruleset, s: &mut State, die: u8) {
    let result = rs.charts.bloody_streets.results[usize::from(die - 1)];
    let victims = bloody_streets_victims(s, result);
    if victims == 0 {
        next_bloody_street(rs, s);
    } else {
        s.bloody_streets = result;
        s.step = Step::BloodyStreets;
    }
}

fn bloody_streets_victims(s: &State, result: BloodyStreetsResult) -> UnitMask {
    let here = s.units_in(s.cursor);
    match result {
        BloodyStreetsResult::None => 0,
        BloodyStreetsResult::Loss => here,
        BloodyStreetsResult::Spent => here & s.fresh,
    }
}

pub fn bloody_streets_actions(s: &State, out: &mut Vec<Action>) {
    let victims = bloody_streets_victims(s, s.bloody_streets);
    bits(u64::from(victims)).for_each(|u| out.push(Action::Choose(u)));
}

pub fn bloody_streets_choice(rs: &Ruleset, s: &mut State, u: u8) {
    match s.bloody_streets {
        BloodyStreetsResult::Loss => super::combat::out_of_action(rs, s, u),
        _ => s.fresh &= !(1 << u),
    }
    s.bloody_streets = BloodyStreetsResult::None;
    next_bloody_street(rs, s);
}

/// 6.4.2 → 10.1 → 6.5: the Combat Phase ends; victory, or the End Phase.
pub fn end_combat_phase(rs: &Ruleset, s: &mut State) {
    if s.german_areas() == 0 {
        finish(s, true, 0);
        return;
    }
    s.phase = Phase::End;
    if s.turn >= TURNS {
        if s.morale >= rs.charts.morale.german_victory {
            finish(s, false, 2);
        } else {
            s.step = Step::Roll(Roll::Surrender);
        }
        return;
    }
    // 6.5: flip the Spent units, advance the turn; Rain ends; unused support lapses, or waits
    // for a later turn (the reading `support_points`).
    s.fresh |= s.area_units.iter().fold(0, |on_map, &units| on_map | units);
    s.rain = false;
    if !rs.support_carries_over {
        s.support = [0; 4];
    }
    s.suburban_success = false;
    s.turn += 1;
    start_turn(rs, s);
}

/// 10.2: the garrison surrenders if the die beats German Morale.
pub fn surrender_roll(s: &mut State, die: u8) {
    if die > s.morale {
        finish(s, true, 1);
    } else {
        finish(s, false, 3);
    }
}

fn finish(s: &mut State, american: bool, level: u8) {
    s.result = (american, level, s.turn);
    s.phase = Phase::Over;
    s.step = Step::Over;
}

/// The victory conditions (10.1, 10.2) and the standing now, for the play screen and the page.
pub fn standing(rs: &Ruleset, s: &State) -> Vec<String> {
    let german = s.german_areas().count_ones();
    let level = rs.charts.morale.german_victory;
    vec![
        format!(
            "Victory (10.1, 10.2): the Americans win an Automatic Victory if every Area is \
             American Controlled at the end of a Combat Phase. After turn {TURNS}: German Morale {level} or higher is a German victory; \
             otherwise the garrison surrenders (an American victory) if a die roll is higher \
             than German Morale."
        ),
        now(s, german, level),
    ]
}

/// The standing line: the result once the game is over (trial 17b F16: it still spoke of "if
/// the game ended"), else what the Morale now would give.
fn now(s: &State, german: u32, level: u8) -> String {
    let areas = crate::engine::words::counted(german, "Area");
    if s.step == Step::Over {
        let (_, result, turn) = s.result;
        return format!(
            "The game is over, on turn {turn}: {}; German Morale {}, {areas} still German.",
            LEVELS[usize::from(result)],
            s.morale
        );
    }
    format!(
        "Now, turn {} of {TURNS}: German Morale {}; {areas} still German; if the game ended \
         at this Morale, {}.",
        s.turn,
        s.morale,
        match s.morale {
            m if m >= level => format!("the Germans would win (Morale {level} or higher)"),
            m => format!(
                "the garrison would surrender on a roll above {m} ({} in 6)",
                6u8.saturating_sub(m)
            ),
        }
    )
}
