//! The checks a data set must pass: every constraint the rulebook and the engine put on the
//! tables, each failure naming the file, the table and the entry.

use super::*;
use crate::engine::data::{check_area_graph, check_layout};
use std::collections::{HashMap, HashSet};

// ------------------------------------------------------------------------- map checks

pub(super) fn check_map(map: &MapTables, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "areas");
    check_area_ids(&map.areas, at)?;
    let graph: Vec<(&u8, &[u8])> = map
        .areas
        .iter()
        .map(|a| (&a.id, a.adjacent.as_slice()))
        .collect();
    check_area_graph(&graph, at)?;
    let positions: Vec<(&u8, Option<[u16; 2]>)> =
        map.areas.iter().map(|a| (&a.id, a.pos)).collect();
    check_layout(&positions, map.layout.as_ref(), at)?;
    check_terrain(&map.areas, at)
}

/// 3.1: the Areas are numbered 1 to 27, each once.
fn check_area_ids(areas: &[AreaDef], at: At) -> Result<(), DataError> {
    let mut seen = HashSet::new();
    for area in areas {
        let entry = format!("area {}", area.id);
        if !(1..=AREAS).contains(&area.id) {
            return Err(at.err(
                entry,
                format!(
                    "area id {} is not an Area of the map (1 to {AREAS})",
                    area.id
                ),
            ));
        }
        if !seen.insert(area.id) {
            return Err(at.err(entry, format!("area id {} is used twice", area.id)));
        }
    }
    if let Some(missing) = (1..=AREAS).find(|id| !seen.contains(id)) {
        return Err(at.err(
            format!("area {missing}"),
            format!("area {missing} is missing: the map has Areas 1 to {AREAS} (3.1)"),
        ));
    }
    Ok(())
}

/// 5.3.1: exactly Areas 1 and 2 are American; 4.4: 14 Suburban, 8 Urban, 3 Fortified.
fn check_terrain(areas: &[AreaDef], at: At) -> Result<(), DataError> {
    for area in areas {
        let american = AMERICAN_AREAS.contains(&area.id);
        if american != (area.terrain == Terrain::American) {
            let message = if american {
                format!(
                    "area {} is an American setup Area (5.3.1): its terrain must be \
                     \"american\", not {}",
                    area.id,
                    area.terrain.name()
                )
            } else {
                format!(
                    "area {} has terrain \"american\" but only Areas 1 and 2 are American \
                     setup Areas (5.3.1)",
                    area.id
                )
            };
            return Err(at.err(format!("area {}", area.id), message));
        }
    }
    for (terrain, want) in Terrain::GERMAN.into_iter().zip(GERMAN_AREAS) {
        let have = areas.iter().filter(|a| a.terrain == terrain).count();
        if have != want {
            return Err(at.err(
                "terrain",
                format!(
                    "{have} {} Areas; rule 4.4 has {want} (14 Suburban, 8 Urban, 3 Fortified)",
                    terrain.name()
                ),
            ));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------- counter checks

pub(super) fn check_counters(
    counters: &CounterTables,
    map: &MapTables,
    file: &str,
) -> Result<(), DataError> {
    let americans = counters.americans.iter().map(|a| ("americans", &a.id));
    let germans = counters.germans.iter().map(|g| ("germans", &g.id));
    let mut ids = HashSet::new();
    for (table, id) in americans.chain(germans) {
        if id.trim().is_empty() {
            return Err(At::new(file, table).err("id", "a counter has an empty id"));
        }
        if !ids.insert(id) {
            return Err(At::new(file, table).err(
                format!("counter {id}"),
                format!(
                    "counter id '{id}' is used twice (ids are unique across americans and germans)"
                ),
            ));
        }
    }
    check_americans(&counters.americans, map, At::new(file, "americans"))?;
    check_germans(&counters.germans, map, At::new(file, "germans"))
}

fn check_americans(units: &[AmericanDef], map: &MapTables, at: At) -> Result<(), DataError> {
    if units.is_empty() {
        return Err(at.err("-", "there are no American units"));
    }
    if units.len() > MAX_AMERICANS {
        return Err(at.err(
            "-",
            format!(
                "{} American units; at most {MAX_AMERICANS} are supported",
                units.len()
            ),
        ));
    }
    let mut leaders: HashMap<&str, &str> = HashMap::new();
    for unit in units {
        let entry = format!("unit {}", unit.id);
        check_american(unit, map).map_err(|m| at.err(entry.clone(), m))?;
        if unit.kind == UnitKind::Leader {
            if let Some(other) = leaders.insert(&unit.organisation, &unit.id) {
                return Err(at.err(
                    entry,
                    format!(
                        "organisation '{}' has two Leaders, {other} and {}; a Leader commands \
                         the units of his own organisation (4.3.4)",
                        unit.organisation, unit.id
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn check_american(unit: &AmericanDef, map: &MapTables) -> Result<(), String> {
    if unit.organisation.trim().is_empty() {
        return Err("`organisation` is empty".to_string());
    }
    match (unit.kind, unit.attack) {
        (UnitKind::Leader, 0) => {}
        (UnitKind::Leader, a) => {
            return Err(format!(
                "Leader {} has Attack Factor {a}; Leaders have none (4.3.1): give 0 or leave \
                 `attack` out",
                unit.id
            ))
        }
        (_, 0) => {
            return Err(format!(
                "{} has Attack Factor 0; every unit but a Leader has one (4.3.1)",
                unit.id
            ))
        }
        _ => {}
    }
    match (unit.setup_area, unit.arrives) {
        (Some(_), Some(_)) => Err(format!(
            "{} has both `setup_area` and `arrives`: a unit starts on the map (5.3.1) or \
             arrives as a Reinforcement (6.1.1), not both",
            unit.id
        )),
        (None, None) => Err(format!(
            "{} has neither `setup_area` (5.3.1) nor `arrives` (6.1.1)",
            unit.id
        )),
        (Some(area), None) => match map.area(area) {
            Some(a) if a.terrain == Terrain::American => Ok(()),
            Some(a) => Err(format!(
                "setup_area {area} is {}, not an American setup Area (5.3.1: Areas 1 and 2)",
                a.terrain.name()
            )),
            None => Err(format!("setup_area {area}: there is no area {area}")),
        },
        (None, Some(turn)) if !(2..=TURNS).contains(&turn) => Err(format!(
            "arrives on turn {turn}; Reinforcements arrive on turns 2 to {TURNS} (5.1, 6.1.1)"
        )),
        (None, Some(_)) => Ok(()),
    }
}

/// 4.4, 5.4: one German unit per Area of its terrain type, plus extras; never American.
fn check_germans(units: &[GermanDef], map: &MapTables, at: At) -> Result<(), DataError> {
    if units.len() > MAX_GERMANS {
        return Err(at.err(
            "-",
            format!(
                "{} German units; at most {MAX_GERMANS} are supported",
                units.len()
            ),
        ));
    }
    for unit in units {
        let entry = format!("counter {}", unit.id);
        if unit.terrain == Terrain::American {
            return Err(at.err(
                entry,
                "a German unit's terrain is suburban, urban or fortified (4.4), not american",
            ));
        }
        if unit.defense == 0 {
            return Err(at.err(entry, "Defense Factor 0; a German unit has at least 1"));
        }
    }
    for terrain in Terrain::GERMAN {
        let areas = map.areas.iter().filter(|a| a.terrain == terrain).count();
        let have = units.iter().filter(|u| u.terrain == terrain).count();
        if have < areas {
            return Err(at.err(
                terrain.name().to_lowercase(),
                format!(
                    "{have} {} German units for {areas} {} Areas; rule 5.4 places one in each",
                    terrain.name(),
                    terrain.name()
                ),
            ));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------- chart checks

pub(super) fn check_charts(charts: &ChartTables, file: &str) -> Result<(), DataError> {
    let readings = &crate::games::aachen::readings::ALL;
    charts.readings.check(At::new(file, "readings"), readings)?;
    check_random_events(&charts.random_events, At::new(file, "random_events"))?;
    let at = At::new(file, "supply");
    if charts.supply.points.len() != 16 {
        return Err(at.err(
            "points",
            format!(
                "{} entries; the table needs one for each 3d6 total 3 to 18 (16)",
                charts.supply.points.len()
            ),
        ));
    }
    let at = At::new(file, "bloody_streets");
    if charts.bloody_streets.results.len() != 6 {
        return Err(at.err(
            "results",
            format!(
                "{} entries; the table needs one for each 1d6 face 1 to 6",
                charts.bloody_streets.results.len()
            ),
        ));
    }
    let c = &charts.supply_costs;
    let costs = [
        ("artillery", c.artillery),
        ("engineer", c.engineer),
        ("armor", c.armor),
        ("air", c.air),
        ("return_infantry", c.return_infantry),
        ("return_armor", c.return_armor),
    ];
    check_costs(&costs, At::new(file, "supply_costs"), "Supply Points")?;
    let m = &charts.movement_costs;
    let costs = [
        ("american", m.american),
        ("revealed", m.revealed),
        ("unrevealed", m.unrevealed),
    ];
    check_costs(&costs, At::new(file, "movement_costs"), "MF")?;
    check_morale(&charts.morale, At::new(file, "morale"))
}

/// 5.2, 10.1: Morale starts on the track (1 to its top) and the Germans' victory level is on
/// it too, or one above its top (the Germans never win on Morale).
fn check_morale(m: &MoraleTrack, at: At) -> Result<(), DataError> {
    let top = super::super::MORALE_MAX;
    if !(1..=top).contains(&m.start) {
        return Err(at.err(
            "start",
            format!("{}: German Morale starts on the track, 1 to {top}", m.start),
        ));
    }
    if !(1..=top + 1).contains(&m.german_victory) {
        return Err(at.err(
            "german_victory",
            format!(
                "{}: the Germans' victory level is 1 to {} ({} means never on Morale)",
                m.german_victory,
                top + 1,
                top + 1
            ),
        ));
    }
    Ok(())
}

fn check_costs(costs: &[(&str, u8)], at: At, unit: &str) -> Result<(), DataError> {
    match costs.iter().find(|(_, cost)| *cost == 0) {
        Some((key, _)) => Err(at.err(*key, format!("costs 0 {unit}; every cost is at least 1"))),
        None => Ok(()),
    }
}

/// 6.2: a 3d6 roll on the chart, so every total 3 to 18 has exactly one row.
fn check_random_events(chart: &RandomEventChart, at: At) -> Result<(), DataError> {
    let mut rows: HashMap<u8, &str> = HashMap::new();
    for (i, event) in chart.events.iter().enumerate() {
        let entry = format!("event {} ({})", i + 1, event.name);
        if event.rolls.is_empty() {
            return Err(at.err(entry, "`rolls` is empty: give the 3d6 totals of this row"));
        }
        for &roll in &event.rolls {
            if !(3..=18).contains(&roll) {
                return Err(at.err(entry, format!("roll {roll} is not a 3d6 total (3 to 18)")));
            }
            if let Some(other) = rows.insert(roll, &event.name) {
                return Err(at.err(
                    entry,
                    format!("roll {roll} is also on the row '{other}'; each total has one row"),
                ));
            }
        }
        if event.last_turn == Some(0) {
            return Err(at.err(entry, "last_turn = 0: turns are numbered from 1"));
        }
    }
    if let Some(gap) = (3..=18).find(|r| !rows.contains_key(r)) {
        return Err(at.err(
            format!("roll {gap}"),
            format!("no row for the 3d6 total {gap}; the chart covers 3 to 18"),
        ));
    }
    Ok(())
}
