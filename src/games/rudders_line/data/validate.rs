//! The checks a data set must pass: every constraint the rulebook and the engine put on the
//! tables, each failure naming the file, the table and the entry.

use super::*;
use crate::engine::data::{check_area_graph, check_layout};
use std::collections::{HashMap, HashSet};

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
    let positions: Vec<(&String, Option<[u16; 2]>)> =
        map.areas.iter().map(|a| (&a.id, a.pos)).collect();
    check_layout(&positions, map.layout.as_ref(), at)
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
            format!("the counter mix has {units} units; at most {MAX_UNITS} are supported"),
        ));
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
    let at = At::new(file, "setup");
    for id in &data.setup.setup.ranger_control {
        lookup.area(id).map_err(|m| at.err("ranger_control", m))?;
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

/// 2.62: mortars valued '3' and '4' and the '4' machine-guns (MG42s) start on a Weapons Team.
pub(super) fn needs_weapons_team(weapon: &WeaponDef) -> bool {
    match weapon.kind {
        WeaponKind::LightMortar | WeaponKind::MediumMortar => matches!(weapon.attack, 3 | 4),
        WeaponKind::MachineGun => weapon.attack == 4,
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
    let readings = &crate::games::rudders_line::readings::ALL;
    s.readings.check(At::new(file, "readings"), readings)?;
    let turns = s.scenario.turns;
    if turns == 0 {
        return Err(At::new(file, "scenario").err("turns", "the game needs at least 1 turn"));
    }
    let at = At::new(file, "initiative");
    for (i, m) in s.initiative.modifier.iter().enumerate() {
        if let Some(t) = m.turns.iter().find(|&&t| t == 0 || t > turns) {
            return Err(at.err(
                format!("modifier {}", i + 1),
                format!("turn {t} is not a turn of the game (1 to {turns})"),
            ));
        }
    }
    check_victory(data, file)
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
        for id in ids {
            lookup.area(id).map_err(|m| at.err(key, m))?;
        }
    }
    lookup
        .area(&v.guns_area)
        .map_err(|m| at.err("guns_area", m))?;
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
