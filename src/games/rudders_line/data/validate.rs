//! The checks a data set must pass: every constraint the rulebook and the engine put on the
//! tables, each failure naming the file, the table and the entry.

use super::*;
use crate::engine::data::{check_area_graph, check_layout, check_place_names, first_repeat, Limit};
use std::collections::{HashMap, HashSet};

// ------------------------------------------------------------------------- ranges

/// The TEM. Keeps every Defensive Total within u8, with the Defense limits below and at most
/// 12 units a side in an area (10.35): assault DT ≤ 9 + 9 + 11 + 9 + 1d6 = 44 (11.1), indirect
/// DT ≤ 2 × 9 + 1d6 = 24 (7.5), direct DT ≤ 9 + 1d6 (9.5).
pub(super) const TEM: Limit<u8> = Limit {
    lo: 0,
    hi: 9,
    basis: "Terrain Effects Modifier, 2.2; the rules print no limit, one digit in the yellow \
            circle",
};
/// Counters of one type, in the mix or in one Set Up Card entry.
pub(super) const COUNT: Limit<u8> = Limit {
    lo: 1,
    hi: 75,
    basis: "2.3: the published game has 80 counters, 5 of them markers; a variant's mix may \
            hold more units in all, up to the engine's 96",
};
/// Attack of Personnel, fresh side: one printed digit, so a designer may try values the
/// counters do not print. With the weapon limit, keeps every Offensive Total within u8:
/// assault OT ≤ 9 + 9 + 11 + 12 × 9 + 1d6 = 143 (11.1: point, NCO/BAR, supporters, one
/// weapon a unit), direct fire OT ≤ 12 × 9 + 9 + 1d6 = 123 (9.5).
pub(super) const ATTACK: Limit<u8> = Limit {
    lo: 1,
    hi: 9,
    basis: "one printed digit; 2.6 prints 1 to the Ranger squad's 4",
};
/// Defense of Personnel, fresh side (11.1 DT, see `TEM`).
pub(super) const DEFENSE: Limit<u8> = Limit {
    lo: 1,
    hi: 9,
    basis: "one printed digit; 2.6 prints 1 to the Ranger squad's 6",
};
/// Movement of a squad or Weapons Team; MP are spent 1, 2 or 4 at a time (10.32–10.52).
pub(super) const MOVEMENT: Limit<u8> = Limit {
    lo: 1,
    hi: 9,
    basis: "one printed digit; 2.4, 2.6 print 4 or 5",
};
pub(super) const SINGLE_FIGURE_MOVEMENT: Limit<u8> = Limit {
    lo: 5,
    hi: 5,
    basis: "2.4, 10.31: every single-figure counter moves 5",
};
/// 2.4: "Some NCOs are 'rated' better than others and have values of 1-3 accordingly."
pub(super) const NCO_RATING: Limit<u8> = Limit {
    lo: 1,
    hi: 3,
    basis: "2.4: NCOs are rated 1-3",
};
/// The Spent side's values: the rules print none (12.1 step 4 gives the German squad's back
/// Defense 2); one printed digit, as the fresh side.
pub(super) const SPENT_ATTACK: Limit<u8> = Limit {
    lo: 0,
    hi: 9,
    basis: "the Spent side; the rules print no limit: one printed digit",
};
pub(super) const SPENT_DEFENSE: Limit<u8> = Limit {
    lo: 0,
    hi: 6,
    basis: "12.1 step 4 rallies on 1d6 at or below it; 2.6's fresh sides go up to 6",
};
/// A weapon's printed strength; it is also a medium mortar's interdiction marker (8.1).
pub(super) const WEAPON_ATTACK: Limit<u8> = Limit {
    lo: 1,
    hi: 9,
    basis: "one printed digit; 2.4, 2.62 print up to the '4' MG42 and mortars",
};
/// Game turns. 0 keeps its own message. The Set Up Card's release table holds 32 turns.
pub(super) const TURNS: Limit<u8> = Limit {
    lo: 1,
    hi: 31,
    basis: "3.22: eight; the engine keeps the Set Up Card's releases for 31 turns",
};
/// The artillery markers' values: also the Indirect Fire OT (7.5) and interdiction marker
/// (8.1, 8.2: half of it, rounded up, is at most 4 MP), within u8.
pub(super) const ARTILLERY: Limit<u8> = Limit {
    lo: 1,
    hi: 8,
    basis: "2.3, 7.1: the markers are '3', '5' and '8'",
};
/// An initiative die modifier of the Set Up Card. With `MAX_MODIFIERS`, keeps the modified
/// roll within i8: 1d6 + 20 × 6 = 126, 1 − 20 × 6 = −119 (5.1, `turn::initiative_die`).
pub(super) const MODIFIER: Limit<i8> = Limit {
    lo: -6,
    hi: 6,
    basis: "5.1 modifies a 1d6 roll; the rules print no limit, and ±6 decides it",
};
pub(super) const MAX_MODIFIERS: usize = 20;
/// Figures (stacking points) of all of a side's Personnel. A Landing Craft box has no stacking
/// limit (10.35), so this keeps an area's points and a group's within u8; both of one side,
/// an area's points plus a group entering it are at most this too (`movement::entry_cost`).
pub(super) const MAX_SIDE_POINTS: u32 = 255;

pub(super) fn check_map(map: &MapTables, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "areas");
    if map.areas.is_empty() {
        return Err(at.err("-", "the map has no areas"));
    }
    if map.areas.len() > MAX_AREAS {
        return Err(at.err(
            "-",
            format!(
                "{} areas; at most {MAX_AREAS} are supported",
                map.areas.len()
            ),
        ));
    }
    let graph: Vec<(&String, &[String])> = map
        .areas
        .iter()
        .map(|a| (&a.id, a.adjacent.as_slice()))
        .collect();
    check_area_graph(&graph, at)?;
    let names: Vec<(&String, &str)> = map.areas.iter().map(|a| (&a.id, a.name.as_str())).collect();
    check_place_names(&names, at)?;
    let positions: Vec<(&String, Option<[u16; 2]>)> =
        map.areas.iter().map(|a| (&a.id, a.pos)).collect();
    check_layout(&positions, map.layout.as_ref(), at)?;
    for a in &map.areas {
        TEM.check("tem", a.tem)
            .map_err(|m| at.err(format!("area {}", a.id), m))?;
        // 12.1 step 4a: a Victory Area carries the star on the map; a Landing Craft box is
        // off the map, and the Germans, never entering it, could never take it back.
        if a.victory && a.landing_craft {
            return Err(at.err(
                format!("area {}", a.id),
                format!(
                    "{}: it cannot be a Victory Area (12.1)",
                    landing_craft_box(&a.id)
                ),
            ));
        }
        // 9.33 names the areas with buildings or bunkers, all on the map (trial 16a F7).
        if a.building && a.landing_craft {
            return Err(at.err(
                format!("area {}", a.id),
                format!(
                    "{}: it holds no building or bunker (9.33)",
                    landing_craft_box(&a.id)
                ),
            ));
        }
    }
    check_printed_map(map, at)
}

/// 9.33: "The following areas are eligible (i.e., only these contain buildings or bunkers)".
const BUILDING_AREAS: [u8; 10] = [5, 6, 7, 8, 11, 14, 19, 27, 32, 34];

/// The map as the rulebook prints it (trial 17a F8): 2.2's "38 numbered areas" (and the
/// Landing Craft boxes, off the map), 9.33's areas with buildings or bunkers, and 10.3's
/// example of adjacency ("from area 17 to area 22 or area 18, but not from area 13 to area 8").
fn check_printed_map(map: &MapTables, at: At) -> Result<(), DataError> {
    let number = |a: &AreaDef| a.id.parse::<u8>().ok().filter(|n| (1..=38).contains(n));
    let mut numbered = [false; 39];
    for a in &map.areas {
        let entry = format!("area {}", a.id);
        match (number(a), a.landing_craft) {
            (Some(_), true) => {
                return Err(at.err(entry, "a numbered area is on the map, not a Landing Craft box (2.2)"))
            }
            (None, false) => {
                return Err(at.err(entry, "the map's areas are numbered 1 to 38 (2.2); any other is a Landing Craft box (landing_craft = true)"))
            }
            (None, true) => continue,
            (Some(n), false) => numbered[usize::from(n)] = true,
        }
        let listed = number(a).is_some_and(|n| BUILDING_AREAS.contains(&n));
        if a.building != listed {
            let says = if listed {
                "lists it among"
            } else {
                "does not list it among"
            };
            return Err(at.err(
                entry,
                format!(
                    "building = {}, but 9.33 {says} the areas with buildings or bunkers",
                    a.building
                ),
            ));
        }
    }
    if let Some(n) = (1..=38).find(|&n| !numbered[n]) {
        return Err(at.err(
            "-",
            format!("no area {n}: the map has 38 numbered areas (2.2)"),
        ));
    }
    let adjacent = |a: &str, b: &str| {
        let area = map.areas.iter().find(|x| x.id == a);
        area.is_some_and(|x| x.adjacent.iter().any(|n| n == b))
    };
    for (a, b, meets) in [("17", "22", true), ("17", "18", true), ("13", "8", false)] {
        if adjacent(a, b) != meets {
            let says = if meets { "may" } else { "may not" };
            return Err(at.err(
                format!("area {a}"),
                format!("10.3's example says units {says} move directly from area {a} to area {b}"),
            ));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------- counter checks

pub(super) fn check_counters(counters: &CounterTables, file: &str) -> Result<(), DataError> {
    let personnel = counters.personnel.iter().map(|p| ("personnel", &p.id));
    let weapons = counters.weapons.iter().map(|w| ("weapons", &w.id));
    let mut ids = HashSet::new();
    for (table, id) in personnel.chain(weapons) {
        if !ids.insert(id) {
            return Err(At::new(file, table).err(
                format!("counter {id}"),
                format!(
                    "counter id '{id}' is used twice (ids are unique across personnel and weapons)"
                ),
            ));
        }
    }
    for p in &counters.personnel {
        // 7.63 and 10.36 know counters of one, two and three figures.
        if !(1..=3).contains(&p.figures) {
            return Err(At::new(file, "personnel").err(
                format!("counter {}", p.id),
                format!("{} figures; a counter has 1 to 3 (7.63, 10.36)", p.figures),
            ));
        }
        check_personnel_values(p)
            .map_err(|m| At::new(file, "personnel").err(format!("counter {}", p.id), m))?;
    }
    for w in &counters.weapons {
        COUNT
            .check("count", w.count)
            .and_then(|()| WEAPON_ATTACK.check("attack", w.attack))
            .map_err(|m| At::new(file, "weapons").err(format!("counter {}", w.id), m))?;
    }
    let units: u32 = counters
        .personnel
        .iter()
        .map(|p| u32::from(p.count))
        .sum::<u32>()
        + counters
            .weapons
            .iter()
            .map(|w| u32::from(w.count))
            .sum::<u32>();
    if units > MAX_UNITS {
        return Err(At::new(file, "counters").err(
            "count",
            format!(
                "the counter mix has {units} units; at most {MAX_UNITS} are supported (the \
                 engine's fixed-size state; the published mix, 2.3, has 75)"
            ),
        ));
    }
    for side in Side::BOTH {
        let points: u32 = counters
            .personnel
            .iter()
            .filter(|p| p.side == side)
            .map(|p| u32::from(p.count) * u32::from(p.figures))
            .sum();
        if points > MAX_SIDE_POINTS {
            return Err(At::new(file, "personnel").err(
                "count",
                format!(
                    "the {}' Personnel have {points} stacking points (count × figures); at most \
                     {MAX_SIDE_POINTS} are supported, all of which a Landing Craft box may hold \
                     (10.35)",
                    side.name()
                ),
            ));
        }
    }
    Ok(())
}

/// The ranges of one Personnel counter type's printed values (2.4, 2.6).
fn check_personnel_values(p: &PersonnelDef) -> Result<(), String> {
    COUNT.check("count", p.count)?;
    ATTACK.check("attack", p.attack)?;
    DEFENSE.check("defense", p.defense)?;
    let movement = if p.figures == 1 {
        SINGLE_FIGURE_MOVEMENT
    } else {
        MOVEMENT
    };
    movement.check("movement", p.movement)?;
    if p.kind == PersonnelKind::Nco {
        NCO_RATING.check("attack", p.attack)?;
    }
    // 2.4: "Non weapon units with only one number use it for attack *and* defense."
    if p.figures == 1 && p.attack != p.defense {
        return Err(format!(
            "attack {} and defense {} differ: a single-figure counter prints one value, its \
             attack and defense (2.4)",
            p.attack, p.defense
        ));
    }
    SPENT_ATTACK.check("spent_attack", p.spent_attack)?;
    SPENT_DEFENSE.check("spent_defense", p.spent_defense)?;
    // 7.6: a spent unit is flipped to its weaker back side; a back side stronger than the
    // front is a slip in the data (trial 11a F3).
    for (side, spent, fresh) in [
        ("attack", p.spent_attack, p.attack),
        ("defense", p.spent_defense, p.defense),
    ] {
        if spent > fresh {
            return Err(format!(
                "spent_{side} {spent} is above {side} {fresh}: a unit's spent (back) side is \
                 not stronger than its fresh side (7.6)"
            ));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------- setup checks

/// The counter and area tables by id, for the cross-file checks.
pub(super) struct Lookup<'a> {
    pub(super) areas: HashMap<&'a str, &'a AreaDef>,
    pub(super) personnel: HashMap<&'a str, &'a PersonnelDef>,
    pub(super) weapons: HashMap<&'a str, &'a WeaponDef>,
}

impl<'a> Lookup<'a> {
    pub(super) fn new(data: &'a DataSet) -> Self {
        Lookup {
            areas: data.map.areas.iter().map(|a| (a.id.as_str(), a)).collect(),
            personnel: data
                .counters
                .personnel
                .iter()
                .map(|p| (p.id.as_str(), p))
                .collect(),
            weapons: data
                .counters
                .weapons
                .iter()
                .map(|w| (w.id.as_str(), w))
                .collect(),
        }
    }

    pub(super) fn area(&self, id: &str) -> Result<&'a AreaDef, String> {
        self.areas
            .get(id)
            .copied()
            .ok_or_else(|| format!("unknown area '{id}'"))
    }

    pub(super) fn personnel(&self, id: &str) -> Result<&'a PersonnelDef, String> {
        match self.personnel.get(id) {
            Some(p) => Ok(p),
            None if self.weapons.contains_key(id) => Err(format!(
                "'{id}' is a weapon: place it with `carrying` on a Personnel unit (2.62)"
            )),
            None => Err(format!("unknown counter '{id}'")),
        }
    }

    pub(super) fn weapon(&self, id: &str) -> Result<&'a WeaponDef, String> {
        match self.weapons.get(id) {
            Some(w) => Ok(w),
            None if self.personnel.contains_key(id) => Err(format!(
                "'{id}' is Personnel, not a weapon, and cannot be carried"
            )),
            None => Err(format!("unknown weapon counter '{id}'")),
        }
    }
}

/// Counters placed so far, for the totals and stacking.
#[derive(Default)]
pub(super) struct Tally<'a> {
    pub(super) placed: HashMap<&'a str, u32>,
    pub(super) carried: HashMap<&'a str, u32>,
    pub(super) stacking: HashMap<(&'a str, Side), u32>,
}

pub(super) fn check_setup(data: &DataSet, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "place");
    let lookup = Lookup::new(data);
    let mut tally = Tally::default();
    for (i, place) in data.setup.place.iter().enumerate() {
        let entry = format!("place {} ({} in area {})", i + 1, place.counter, place.area);
        check_placement(place, &lookup, &mut tally).map_err(|message| at.err(entry, message))?;
    }
    check_totals(data, &tally, at)?;
    // A side with nothing set up loses before it moves (trial 17a F3: accepted, and every
    // game ended at once).
    for side in [Side::Rangers, Side::Germans] {
        if !tally
            .stacking
            .iter()
            .any(|(&(_, s), &n)| s == side && n > 0)
        {
            return Err(at.err(
                "-",
                format!(
                    "no counter of the {} is set up (2.3: both sides have units)",
                    side.name()
                ),
            ));
        }
    }
    // 3.21: an area is controlled by the side whose units are alone in it; set up with both
    // sides in it, its control would follow the file's order (trial 21a F1: area 5 went to
    // whichever side was listed first, and the Rangers' wins doubled).
    let holds = |id: &str, side| tally.stacking.get(&(id, side)).is_some_and(|&n| n > 0);
    if let Some(id) = (data.setup.place.iter().map(|p| p.area.as_str()))
        .find(|&id| holds(id, Side::Rangers) && holds(id, Side::Germans))
    {
        return Err(at.err(
            format!("area {id}"),
            "both sides are set up in it: who controls it at the start (3.21) would follow the \
             order of the file; set each area up with one side's units",
        ));
    }
    let at = At::new(file, "setup");
    let ranger_control = &data.setup.setup.ranger_control;
    if let Some(i) = first_repeat(ranger_control) {
        let id = &ranger_control[i];
        return Err(at.err("ranger_control", format!("area '{id}' is listed twice")));
    }
    for id in ranger_control {
        let area = lookup.area(id).map_err(|m| at.err("ranger_control", m))?;
        // 3.21: areas with units are controlled by their occupant.
        let held = |side| {
            tally
                .stacking
                .get(&(id.as_str(), side))
                .is_some_and(|&n| n > 0)
        };
        if held(Side::Germans) {
            return Err(at.err(
                "ranger_control",
                format!(
                    "area '{id}' holds German units at the start: the Rangers cannot control it"
                ),
            ));
        }
        // 3.21: "The last side to control an area" keeps it; an area no unit holds at set-up
        // has had no Ranger in it, so it starts German (decided for trial 17a F7). An area the
        // Rangers hold is theirs, listed or not.
        if !held(Side::Rangers) && !area.landing_craft {
            return Err(at.err(
                "ranger_control",
                format!(
                    "area '{id}' holds no unit at the start, so no Ranger has controlled it and it \
                     starts German (3.21); list only Landing Craft boxes and areas the Rangers hold"
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn check_placement<'a>(
    place: &Placement,
    lookup: &Lookup<'a>,
    tally: &mut Tally<'a>,
) -> Result<(), String> {
    let area = lookup.area(&place.area)?;
    let unit = lookup.personnel(&place.counter)?;
    let count = u32::from(place.count);
    if count == 0 {
        return Err("count = 0 places nothing; leave the entry out".to_string());
    }
    COUNT.check("count", place.count)?;
    if place.released_on_turn == Some(0) {
        return Err("released_on_turn = 0: turns are numbered from 1".to_string());
    }
    if area.landing_craft && unit.side != Side::Rangers {
        return Err(format!(
            "{} cannot be placed in Landing Craft box {}: the boxes hold only Rangers",
            unit.side.name(),
            area.id
        ));
    }
    *tally.placed.entry(unit.id.as_str()).or_default() += count;
    if let Some(weapon) = &place.carrying {
        let weapon = lookup.weapon(weapon)?;
        check_carrier(unit, weapon)?;
        *tally.carried.entry(weapon.id.as_str()).or_default() += count;
    }
    if !area.landing_craft {
        let points = tally
            .stacking
            .entry((area.id.as_str(), unit.side))
            .or_default();
        *points += count * u32::from(unit.figures);
        if *points > MAX_STACKING {
            return Err(format!(
                "{} have {points} stacking points in area {}; rule 10.35 allows at most \
                 {MAX_STACKING} per side",
                unit.side.name(),
                area.id
            ));
        }
    }
    Ok(())
}

/// Who may start carrying what (2.61, 2.62).
pub(super) fn check_carrier(unit: &PersonnelDef, weapon: &WeaponDef) -> Result<(), String> {
    if unit.side != weapon.side {
        // 2.65 captures happen in play; at set-up each side carries its own weapons.
        return Err(format!(
            "{} ({}) cannot begin play carrying {} ({}): weapons start with their own side",
            unit.id,
            unit.side.name(),
            weapon.id,
            weapon.side.name()
        ));
    }
    let single_figure = matches!(
        unit.kind,
        PersonnelKind::Nco | PersonnelKind::Fo | PersonnelKind::BarGunner
    );
    if single_figure && weapon.kind != WeaponKind::ShoulderFired {
        return Err(format!(
            "rule 2.61: {} ({}) may carry only shoulder-fired weapons, not {} ({})",
            unit.id,
            personnel_kind_name(unit.kind),
            weapon.id,
            weapon_kind_name(weapon.kind)
        ));
    }
    if needs_weapons_team(weapon) && unit.kind != PersonnelKind::WeaponsTeam {
        return Err(format!(
            "rule 2.62: {} ({} '{}') must begin play carried by a weapons team, not {} ({})",
            weapon.id,
            weapon_kind_name(weapon.kind),
            weapon.attack,
            unit.id,
            personnel_kind_name(unit.kind)
        ));
    }
    Ok(())
}

/// 2.62: "Mortars with a value of '3' and '4' value MG42 machine-guns must begin play carried
/// by a Weapons Team" — decided: two classes, mortars valued '3' and the German '4' MGs (the
/// MG42 is German); a mortar of another value, or a Ranger MG, may start on any carrier.
pub(super) fn needs_weapons_team(weapon: &WeaponDef) -> bool {
    match weapon.kind {
        WeaponKind::LightMortar | WeaponKind::MediumMortar => weapon.attack == 3,
        WeaponKind::MachineGun => weapon.attack == 4 && weapon.side == Side::Germans,
        WeaponKind::ShoulderFired => false,
    }
}

/// 2.7, 3.1: the Set Up Card places every counter of the mix, each once; 2.62: every weapon
/// starts carried.
pub(super) fn check_totals(data: &DataSet, tally: &Tally, at: At) -> Result<(), DataError> {
    for p in &data.counters.personnel {
        let placed = tally.placed.get(p.id.as_str()).copied().unwrap_or(0);
        if placed != u32::from(p.count) {
            return Err(at.err(
                format!("counter {}", p.id),
                format!(
                    "counter '{}' is placed {placed} times but the counter mix has {}",
                    p.id, p.count
                ),
            ));
        }
    }
    for w in &data.counters.weapons {
        let carried = tally.carried.get(w.id.as_str()).copied().unwrap_or(0);
        if carried != u32::from(w.count) {
            return Err(at.err(
                format!("counter {}", w.id),
                format!(
                    "weapon '{}' is carried {carried} times but the counter mix has {} \
                     (2.62: every weapon begins on top of a Personnel unit)",
                    w.id, w.count
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn personnel_kind_name(kind: PersonnelKind) -> &'static str {
    match kind {
        PersonnelKind::Squad => "squad",
        PersonnelKind::WeaponsTeam => "weapons team",
        PersonnelKind::Nco => "NCO",
        PersonnelKind::BarGunner => "BAR gunner",
        PersonnelKind::Fo => "FO",
    }
}

pub(super) fn weapon_kind_name(kind: WeaponKind) -> &'static str {
    match kind {
        WeaponKind::LightMortar => "light mortar",
        WeaponKind::MediumMortar => "medium mortar",
        WeaponKind::MachineGun => "machine-gun",
        WeaponKind::ShoulderFired => "shoulder-fired weapon",
    }
}

// ------------------------------------------------------------------------- scenario checks

pub(super) fn check_scenario(data: &DataSet, file: &str) -> Result<(), DataError> {
    let s = &data.scenario;
    crate::engine::data::check_name("name", &s.scenario.name)
        .map_err(|m| At::new(file, "scenario").err("name", m))?;
    let readings = &crate::games::rudders_line::readings::ALL;
    s.readings.check(At::new(file, "readings"), readings)?;
    let turns = s.scenario.turns;
    if turns == 0 {
        return Err(At::new(file, "scenario").err("turns", "the game needs at least 1 turn"));
    }
    TURNS
        .check("turns", turns)
        .map_err(|m| At::new(file, "scenario").err("turns", m))?;
    let at = At::new(file, "artillery");
    for (key, value) in [
        ("rangers", s.artillery.rangers),
        ("germans", s.artillery.germans),
    ] {
        ARTILLERY.check(key, value).map_err(|m| at.err(key, m))?;
    }
    let at = At::new(file, "initiative");
    let modifiers = s.initiative.modifier.len();
    if modifiers > MAX_MODIFIERS {
        return Err(at.err(
            "modifier",
            format!(
                "{modifiers} modifiers; at most {MAX_MODIFIERS} are supported (the modified \
                 1d6 is kept in 8 bits)"
            ),
        ));
    }
    for (i, m) in s.initiative.modifier.iter().enumerate() {
        if let Some(t) = m.turns.iter().find(|&&t| t == 0 || t > turns) {
            return Err(at.err(
                format!("modifier {}", i + 1),
                format!("turn {t} is not a turn of the game (1 to {turns})"),
            ));
        }
        // 5.1: "Except on turn one, in which the Rangers have the Initiative automatically":
        // a modifier there would change nothing, so it is a slip (trial 16a F5).
        // The side is the scenario's (a designer may give turn 1 to the Germans; trial 18a F3).
        if m.turns.contains(&1) {
            let side = data.scenario.scenario.first_turn_initiative;
            return Err(at.err(
                format!("modifier {}", i + 1),
                format!(
                    "turn 1 has no Initiative roll to modify: the {} have it (first_turn_initiative, 5.1)",
                    side.name()
                ),
            ));
        }
        if let Some(k) = first_repeat(&m.turns) {
            return Err(at.err(
                format!("modifier {}", i + 1),
                format!("turn {} is listed twice", m.turns[k]),
            ));
        }
        MODIFIER
            .check("value", m.value)
            .map_err(|msg| at.err(format!("modifier {}", i + 1), msg))?;
    }
    check_victory(data, file)
}

/// The Set Up Card's `released_on_turn` is a turn of the game (3.22), checked once the
/// scenario's `turns` is (`file` is the Set Up Card's).
pub(super) fn check_releases(data: &DataSet, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "place");
    let release = Limit {
        lo: 1,
        hi: data.scenario.scenario.turns,
        basis: "a turn of the game, 3.22 and scenario `turns`",
    };
    for (i, place) in data.setup.place.iter().enumerate() {
        let Some(turn) = place.released_on_turn else {
            continue;
        };
        release.check("released_on_turn", turn).map_err(|m| {
            at.err(
                format!("place {} ({} in area {})", i + 1, place.counter, place.area),
                m,
            )
        })?;
    }
    Ok(())
}

/// Why a German place cannot be Landing Craft box `id`.
fn landing_craft_box(id: &str) -> String {
    format!("area {id} is a Landing Craft box, which only the landing Rangers enter")
}

pub(super) fn check_victory(data: &DataSet, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "victory");
    let v = &data.scenario.victory;
    let lookup = Lookup::new(data);
    let lists = [
        (
            "german_sudden_death_control",
            &v.german_sudden_death_control,
        ),
        ("ranger_foothold", &v.ranger_foothold),
    ];
    for (key, ids) in lists {
        // A list of areas: one named twice is a slip (the rule counts areas, not names).
        if let Some(i) = first_repeat(ids) {
            return Err(at.err(key, format!("area '{}' is listed twice", ids[i])));
        }
        for id in ids {
            let area = lookup.area(id).map_err(|m| at.err(key, m))?;
            // Only Rangers enter a Landing Craft box: the Germans could never control it, and
            // a foothold is ashore (Rangers still in the boats hold nothing; trial 18a F8).
            if area.landing_craft {
                return Err(at.err(key, landing_craft_box(id)));
            }
        }
    }
    // 12.1: with no foothold area the Rangers would lose every game on turn 1.
    if v.ranger_foothold.is_empty() {
        return Err(at.err(
            "ranger_foothold",
            "names no area: the Rangers must keep a unit in one of them (12.1), and with none \
             they lose at once",
        ));
    }
    // Trial 19a F3: a foothold the Rangers do not hold at set-up loses at once, as none does;
    // guns the Rangers stand on at set-up are found before play begins.
    let rangers_at_setup: HashSet<&str> = (data.setup.place.iter())
        .filter(|p| {
            lookup
                .personnel(&p.counter)
                .is_ok_and(|u| u.side == Side::Rangers)
        })
        .map(|p| p.area.as_str())
        .collect();
    if !v
        .ranger_foothold
        .iter()
        .any(|a| rangers_at_setup.contains(a.as_str()))
    {
        return Err(at.err(
            "ranger_foothold",
            "names no area the Rangers hold at set-up: they would lose at once (12.1)",
        ));
    }
    let guns = lookup
        .area(&v.guns_area)
        .map_err(|m| at.err("guns_area", m))?;
    if guns.landing_craft {
        return Err(at.err("guns_area", landing_craft_box(&v.guns_area)));
    }
    if rangers_at_setup.contains(v.guns_area.as_str()) {
        return Err(at.err(
            "guns_area",
            format!(
                "Rangers are set up in area {}: the guns would be reached before play begins",
                v.guns_area
            ),
        ));
    }
    let must_hold = lookup
        .area(&v.ranger_must_hold)
        .map_err(|m| at.err("ranger_must_hold", m))?;
    let turns = data.scenario.scenario.turns;
    if v.guns_deadline_turn == 0 || v.guns_deadline_turn > turns {
        return Err(at.err(
            "guns_deadline_turn",
            format!(
                "turn {} is not a turn of the game (1 to {turns})",
                v.guns_deadline_turn
            ),
        ));
    }
    // The end-of-game condition counts Victory Areas (12.1 step 4a: the star emblem).
    if !must_hold.victory {
        return Err(at.err(
            "ranger_must_hold",
            format!(
                "area {} is not a Victory Area (`victory = true`)",
                must_hold.id
            ),
        ));
    }
    let others = data
        .map
        .areas
        .iter()
        .filter(|a| a.victory && a.id != must_hold.id)
        .count();
    // 0 would make area 3 alone both a Ranger victory and "only this one is a draw" (trial
    // 18a F5).
    if v.ranger_other_victory_areas == 0 {
        return Err(at.err(
            "ranger_other_victory_areas",
            format!("0: holding area {} alone is the draw, so a victory needs 1 to {others} other Victory Areas", must_hold.id),
        ));
    }
    if usize::from(v.ranger_other_victory_areas) > others {
        return Err(at.err(
            "ranger_other_victory_areas",
            format!(
                "asks for {} other Victory Areas but the map has {others}",
                v.ranger_other_victory_areas
            ),
        ));
    }
    Ok(())
}
