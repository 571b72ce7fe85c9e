//! The checks a data set must pass: every constraint the rulebook and the engine put on the
//! tables, each failure naming the file, the table and the entry.

use super::*;
use crate::engine::data::{check_area_graph, check_layout, check_place_names, Limit};
use std::collections::{HashMap, HashSet};

// ------------------------------------------------------------------------- ranges

/// A non-Leader's Attack Factor (0 keeps its own message). The AV is summed in i16 (9.5.2).
pub(super) const ATTACK: Limit<u8> = Limit {
    lo: 1,
    hi: 9,
    basis: "Attack Factor, 4.3.1; the rules print no limit, one digit on the counter",
};
/// A German unit's Defense Factor. The DV is summed in i16 (9.5.3).
pub(super) const DEFENSE: Limit<u8> = Limit {
    lo: 1,
    hi: 9,
    basis: "Defense Factor, 4.4; the rules print no limit, one digit on the counter",
};
/// A Random Event's change of German Morale (added in i16 and kept to the track, 5.2).
pub(super) const EVENT_MORALE: Limit<i8> = Limit {
    lo: -19,
    hi: 19,
    basis: "5.2: the Morale track runs 0–19",
};
/// A Random Event's change of the Supply Points. With `SUPPLY_POINTS`, keeps the Supply
/// Phase's points within u8 (`turn::supply_points`): at most 99 + 99 = 198.
pub(super) const EVENT_SUPPLY: Limit<i8> = Limit {
    lo: -99,
    hi: 99,
    basis: "6.3; the rules print no limit, two digits on the chart",
};
/// Support points given or limited by a Random Event: the markers' spaces on the
/// Turn/Record Track (they are added to a u8 count with saturation, `turn::random_event`).
pub(super) const SUPPORT_POINTS: Limit<u8> = Limit {
    lo: 0,
    hi: crate::games::aachen::state::SUPPORT_TRACK_TOP,
    basis: "3.2, 5.2: support points are kept on the Turn/Record Track, spaces 0–9",
};
/// The last turn a Random Event applies.
pub(super) const LAST_TURN: Limit<u8> = Limit {
    lo: 1,
    hi: TURNS,
    basis: "5.1: nine turns",
};
/// Supply Points of a 3d6 total (see `EVENT_SUPPLY`).
pub(super) const SUPPLY_POINTS: Limit<u8> = Limit {
    lo: 0,
    hi: 99,
    basis: "6.3; the rules print no limit, two digits on the table",
};
/// Supply Points per support point or returning unit (0 keeps its own message).
pub(super) const SUPPLY_COST: Limit<u8> = Limit {
    lo: 1,
    hi: 99,
    basis: "6.3.1; the rules print no limit, two digits on the chart",
};
/// MF to enter an Area (0 keeps its own message): more than a unit's 6 MF costs the same as
/// 6, since a unit that has not moved may spend all its MF to enter (8.2).
pub(super) const MOVEMENT_COST: Limit<u8> = Limit {
    lo: 1,
    hi: 6,
    basis: "4.3.1, 8.2: a unit has 6 MF and may spend them all to enter an Area",
};

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
    let names: Vec<(&u8, &str)> = map.areas.iter().map(|a| (&a.id, a.name.as_str())).collect();
    check_place_names(&names, at)?;
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
        // The id is the unit's name on screen (4.3.2).
        crate::engine::data::check_name("id", id)
            .map_err(|m| At::new(file, table).err(format!("counter {id}"), m))?;
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
    // 4.3.4: a Leader commands the units of his organisation; with none he could never join
    // an attack (9.5.2B) nor stack free (7.1).
    for unit in units.iter().filter(|u| u.kind == UnitKind::Leader) {
        let commands = units
            .iter()
            .any(|u| u.kind != UnitKind::Leader && u.organisation == unit.organisation);
        if !commands {
            return Err(at.err(
                format!("unit {}", unit.id),
                format!(
                    "Leader {} commands organisation '{}', which has no other unit (4.3.4)",
                    unit.id, unit.organisation
                ),
            ));
        }
    }
    check_printed_order_of_battle(units, at)
}

/// 5.3.1: the companies set up in Area 1 (2nd Bn) and Area 2 (3rd Bn), each with its Leader.
const PRINTED_SETUP: [(&str, &str, u8); 8] = [
    ("E", "Smoots", 1),
    ("F", "Weeks", 1),
    ("G", "Walker", 1),
    ("D", "Fuller", 1),
    ("I", "Botts", 2),
    ("K", "Corwell", 2),
    ("L", "Chaplin", 2),
    ("M", "Nechy", 2),
];

/// 6.1.1: the reinforcements: the two M-12s alone, and each task force by its Leader with
/// the number of units under him (4.3.4: "Task Force Hogan has three units and Task Force
/// Hughes has two units"), on the turn each arrives.
const PRINTED_ARRIVALS: [(&str, usize, u8); 4] = [
    ("M-12/A", 0, 2),
    ("M-12/B", 0, 3),
    ("Hogan", 3, 5),
    ("Hughes", 2, 7),
];

/// The American order of battle as 4.3.4, 5.3.1 and 6.1.1 print it: who sets up where, who
/// arrives when, and which units each Leader commands; a data file may change the
/// reconstructed Attack Factors, not these (trial 21a F2: a company dropped or moved, or a
/// reinforcement's turn changed, loaded silently under the text's label).
fn check_printed_order_of_battle(units: &[AmericanDef], at: At) -> Result<(), DataError> {
    let find = |id: &str| units.iter().find(|u| u.id == id);
    let err = |id: &str, m: String| Err(at.err(format!("unit {id}"), m));
    for (company, leader, area) in PRINTED_SETUP {
        for id in [company, leader] {
            match find(id) {
                None => return err(id, format!("is missing: 5.3.1 sets it up in Area {area}")),
                Some(u) if u.setup_area != Some(area) || u.arrives.is_some() => {
                    return err(id, format!("5.3.1 sets it up in Area {area} at the start"))
                }
                Some(_) => {}
            }
        }
        if find(company).map(|u| &u.organisation) != find(leader).map(|u| &u.organisation) {
            return err(
                leader,
                format!("5.3.1 gives Leader {leader} Company {company}"),
            );
        }
    }
    let mut printed = 2 * PRINTED_SETUP.len();
    for (lead, under, turn) in PRINTED_ARRIVALS {
        let Some(l) = find(lead) else {
            return err(lead, format!("is missing: 6.1.1 brings it on turn {turn}"));
        };
        let group: Vec<&AmericanDef> = match under {
            0 => vec![l],
            _ => units
                .iter()
                .filter(|u| u.organisation == l.organisation)
                .collect(),
        };
        if group.len() != under + 1
            || under > 0 && group.iter().filter(|u| u.kind == UnitKind::Leader).count() != 1
        {
            return err(
                lead,
                format!(
                    "4.3.4 gives {lead} {under} units and no other Leader; the data gives {}",
                    group.len() - 1
                ),
            );
        }
        if let Some(u) = group
            .iter()
            .find(|u| u.arrives != Some(turn) || u.setup_area.is_some())
        {
            return err(
                &u.id,
                format!("6.1.1 brings it on turn {turn}, not set up at the start"),
            );
        }
        printed += group.len();
    }
    if units.len() != printed {
        return Err(at.err(
            "-",
            format!(
                "{} American units; 5.3.1 and 6.1.1 list {printed}, and a unit of neither would be \
                 a change to the printed order of battle",
                units.len()
            ),
        ));
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
        (_, a) => ATTACK.check("attack", a)?,
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
        DEFENSE
            .check("defense", unit.defense)
            .map_err(|m| at.err(entry, m))?;
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
    for (i, &points) in charts.supply.points.iter().enumerate() {
        SUPPLY_POINTS
            .check("points", points)
            .map_err(|m| at.err(format!("total {}", i + 3), m))?;
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
    check_costs(
        &costs,
        At::new(file, "supply_costs"),
        "Supply Points",
        SUPPLY_COST,
    )?;
    let m = &charts.movement_costs;
    let costs = [
        ("american", m.american),
        ("revealed", m.revealed),
        ("unrevealed", m.unrevealed),
    ];
    check_costs(&costs, At::new(file, "movement_costs"), "MF", MOVEMENT_COST)?;
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

fn check_costs(
    costs: &[(&str, u8)],
    at: At,
    unit: &str,
    range: Limit<u8>,
) -> Result<(), DataError> {
    for &(key, cost) in costs {
        if cost == 0 {
            return Err(at.err(key, format!("costs 0 {unit}; every cost is at least 1")));
        }
        range.check(key, cost).map_err(|m| at.err(key, m))?;
    }
    Ok(())
}

/// 6.2: a 3d6 roll on the chart, so every total 3 to 18 has exactly one row.
fn check_random_events(chart: &RandomEventChart, at: At) -> Result<(), DataError> {
    let mut rows: HashMap<u8, &str> = HashMap::new();
    for (i, event) in chart.events.iter().enumerate() {
        let entry = format!("event {} ({})", i + 1, event.name);
        crate::engine::data::check_name("name", &event.name).map_err(|m| at.err(&entry, m))?;
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
        check_event_values(event).map_err(|m| at.err(entry, m))?;
    }
    if let Some(gap) = (3..=18).find(|r| !rows.contains_key(r)) {
        return Err(at.err(
            format!("roll {gap}"),
            format!("no row for the 3d6 total {gap}; the chart covers 3 to 18"),
        ));
    }
    Ok(())
}

/// The ranges of a Random Event's effects (6.2).
fn check_event_values(event: &RandomEvent) -> Result<(), String> {
    EVENT_MORALE.check("morale", event.morale)?;
    EVENT_SUPPLY.check("supply", event.supply)?;
    let support = [
        ("artillery_limit", event.artillery_limit),
        ("free_artillery", Some(event.free_artillery)),
        ("free_air", Some(event.free_air)),
        ("free_engineer", Some(event.free_engineer)),
    ];
    for (field, points) in support {
        if let Some(points) = points {
            SUPPORT_POINTS.check(field, points)?;
        }
    }
    if let Some(turn) = event.last_turn {
        LAST_TURN.check("last_turn", turn)?;
    }
    Ok(())
}
