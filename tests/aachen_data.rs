//! Cities of the Damned: Aachen data files: the embedded reconstruction satisfies every
//! constraint of the rulebook, and bad user data gets a one-line error naming the file, table
//! and entry.

mod common;

use sandtable::games::aachen::data::{
    BloodyStreetsResult, DataError, DataSet, DefenseStrategy, Terrain, UnitKind, CHARTS_TOML,
    COUNTERS_TOML, MAP_TOML,
};
use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

// ------------------------------------------------------------------------- helpers

fn embedded() -> DataSet {
    DataSet::embedded().expect("the embedded data validates")
}

/// A fresh data directory for this test.
fn temp_dir(test: &str) -> common::TempDir {
    common::temp_dir(&format!("aachen-{test}"))
}

use common::edit;

/// Writes `text` as `name` into a fresh data directory and loads that directory.
fn load_dir_with(test: &str, name: &str, text: &str) -> (Result<DataSet, DataError>, PathBuf) {
    let dir = temp_dir(test);
    let path = dir.join(name);
    fs::write(&path, text).expect("write data file");
    (DataSet::load(&dir), path)
}

/// The error of loading `text` as `name`; it is one line and starts with the file's path.
fn load_err(test: &str, name: &str, text: &str) -> (DataError, PathBuf) {
    let (result, path) = load_dir_with(test, name, text);
    let err = result.expect_err("bad data must be rejected");
    let line = err.to_string();
    assert!(!line.contains('\n'), "error is one line: {line:?}");
    assert_eq!(err.file, path.display().to_string(), "{line}");
    (err, path)
}

fn validate_err(data: &DataSet) -> DataError {
    data.validate("test.toml")
        .expect_err("bad data must be rejected")
}

fn area_mut(data: &mut DataSet, id: u8) -> &mut sandtable::games::aachen::data::AreaDef {
    data.map
        .areas
        .iter_mut()
        .find(|a| a.id == id)
        .expect("area exists")
}

// ------------------------------------------------------------------------- embedded data

#[test]
fn embedded_data_loads_and_validates() {
    let data = embedded();
    data.validate("embedded").unwrap();
}

#[test]
fn embedded_files_each_start_with_a_reconstruction_header() {
    for text in [MAP_TOML, COUNTERS_TOML, CHARTS_TOML] {
        let head: String = text.lines().take(10).collect::<Vec<_>>().join("\n");
        assert!(head.contains("RECONSTRUCTION"), "{head}");
    }
}

#[test]
fn reconstructed_tables_are_listed_with_their_basis() {
    let tables = embedded().reconstructed_tables();
    let names: Vec<&str> = tables.iter().map(|(t, _)| *t).collect();
    assert_eq!(
        names,
        [
            "map",
            "american",
            "german",
            "random_events",
            "supply",
            "supply_costs",
            "bloody_streets",
            "movement_costs"
        ]
    );
    assert!(tables.iter().all(|(_, basis)| !basis.trim().is_empty()));
    // The mixed tables say which values come from the text.
    let basis: HashMap<_, _> = tables.into_iter().collect();
    assert!(basis["supply_costs"].contains("11.3"));
    assert!(basis["movement_costs"].contains("11.4"));
    assert!(basis["random_events"].contains("11.2"));
}

#[test]
fn rule_3_1_map_has_27_areas_numbered_1_to_27() {
    let data = embedded();
    let mut ids: Vec<u8> = data.map.areas.iter().map(|a| a.id).collect();
    ids.sort();
    assert_eq!(ids, (1..=27).collect::<Vec<u8>>());
}

#[test]
fn rule_4_4_fourteen_suburban_eight_urban_three_fortified_areas() {
    let data = embedded();
    let count = |t| data.map.areas.iter().filter(|a| a.terrain == t).count();
    assert_eq!(count(Terrain::Suburban), 14);
    assert_eq!(count(Terrain::Urban), 8);
    assert_eq!(count(Terrain::Fortified), 3);
    assert_eq!(count(Terrain::American), 2);
}

#[test]
fn rule_5_3_1_areas_1_and_2_are_the_american_setup_areas() {
    let data = embedded();
    let one = data.map.area(1).unwrap();
    let two = data.map.area(2).unwrap();
    assert_eq!(
        (one.name.as_str(), one.terrain),
        ("Gut Rott", Terrain::American)
    );
    assert_eq!(
        (two.name.as_str(), two.terrain),
        ("Aachen-Ost", Terrain::American)
    );
}

#[test]
fn rule_12_3_area_23_is_lousberg_hill_and_fortified() {
    let data = embedded();
    let area = data.map.area(23).unwrap();
    assert_eq!(area.name, "Lousberg Hill");
    assert_eq!(area.terrain, Terrain::Fortified);
}

#[test]
fn rule_12_5_the_hotel_quellenhof_is_an_area() {
    let data = embedded();
    assert!(data
        .map
        .areas
        .iter()
        .any(|a| a.name.contains("Hotel Quellenhof")));
}

#[test]
fn rule_11_1_and_11_4_area_12_borders_area_2_and_urban_area_13() {
    let data = embedded();
    let twelve = data.map.area(12).unwrap();
    assert!(twelve.adjacent.contains(&2));
    assert!(twelve.adjacent.contains(&13));
    assert_eq!(data.map.area(13).unwrap().terrain, Terrain::Urban);
}

#[test]
fn rule_5_3_1_american_setup() {
    let data = embedded();
    let setup = |area: u8| -> Vec<&str> {
        data.counters
            .americans
            .iter()
            .filter(|u| u.setup_area == Some(area))
            .map(|u| u.id.as_str())
            .collect()
    };
    let mut one = setup(1);
    one.sort();
    assert_eq!(
        one,
        ["D", "E", "F", "Fuller", "G", "Smoots", "Walker", "Weeks"]
    );
    let mut two = setup(2);
    two.sort();
    assert_eq!(
        two,
        ["Botts", "Chaplin", "Corwell", "I", "K", "L", "M", "Nechy"]
    );
}

#[test]
fn rule_4_3_4_each_company_shares_its_organisation_with_its_leader() {
    let data = embedded();
    let us = &data.counters.americans;
    let org = |id: &str| {
        us.iter()
            .find(|u| u.id == id)
            .map(|u| u.organisation.clone())
            .unwrap()
    };
    assert_eq!(org("E"), org("Smoots"));
    assert_eq!(org("L"), org("Chaplin"));
    assert_ne!(org("E"), org("F"));
    // Task Force Hogan has three units, Task Force Hughes two, each with one Leader.
    let members = |leader: &str| {
        let o = org(leader);
        us.iter()
            .filter(|u| u.organisation == o && u.kind != UnitKind::Leader)
            .count()
    };
    assert_eq!(members("Hogan"), 3);
    assert_eq!(members("Hughes"), 2);
}

#[test]
fn rule_6_1_1_reinforcements_arrive_on_turns_2_3_5_and_7() {
    let data = embedded();
    let arriving = |turn: u8| {
        data.counters
            .americans
            .iter()
            .filter(|u| u.arrives == Some(turn))
            .count()
    };
    assert_eq!(
        [2, 3, 5, 7].map(arriving),
        [1, 1, 4, 3],
        "M-12/A, M-12/B, Task Force Hogan, 110th"
    );
    let total: usize = (1..=9).map(arriving).sum();
    assert_eq!(total, 9);
}

#[test]
fn rule_11_4_m12a_has_attack_factor_6() {
    let data = embedded();
    let m12 = data
        .counters
        .americans
        .iter()
        .find(|u| u.id == "M-12/A")
        .unwrap();
    assert_eq!(m12.kind, UnitKind::SpArtillery);
    assert_eq!(m12.attack, 6);
    assert_eq!(m12.arrives, Some(2));
}

#[test]
fn rule_11_4_an_urban_fanatic_with_defense_7_exists() {
    let data = embedded();
    assert!(data.counters.germans.iter().any(|g| {
        g.terrain == Terrain::Urban && g.defense == 7 && g.strategy == DefenseStrategy::Fanatic
    }));
}

#[test]
fn rule_4_4_extra_german_units_of_each_terrain() {
    let data = embedded();
    let count = |t| {
        data.counters
            .germans
            .iter()
            .filter(|g| g.terrain == t)
            .count()
    };
    assert_eq!(
        [Terrain::Suburban, Terrain::Urban, Terrain::Fortified].map(count),
        [17, 10, 4]
    );
}

#[test]
fn rule_11_2_rain_on_a_9() {
    let data = embedded();
    let event = data.charts.random_events.event(9).unwrap();
    assert!(event.rain);
    assert_eq!(event.name, "Rain");
    for total in 3..=18 {
        assert!(data.charts.random_events.event(total).is_some());
    }
}

#[test]
fn rule_11_3_supply_roll_of_12_buys_the_example_purchases() {
    let data = embedded();
    let c = &data.charts.supply_costs;
    assert_eq!((c.artillery, c.engineer, c.armor), (1, 2, 3));
    // 5 Artillery + 2 Engineer + 1 Armor = 12 on a roll of 12.
    let spent = 5 * c.artillery + 2 * c.engineer + c.armor;
    assert_eq!(data.charts.supply.points_for(12), Some(spent));
    assert_eq!(data.charts.supply.points.len(), 16);
}

#[test]
fn rule_11_4_unrevealed_area_costs_4_mf() {
    assert_eq!(embedded().charts.movement_costs.unrevealed, 4);
}

#[test]
fn rule_6_4_1_bloody_streets_has_six_results() {
    let data = embedded();
    let t = &data.charts.bloody_streets;
    assert_eq!(t.results.len(), 6);
    assert_eq!(t.result(1), Some(BloodyStreetsResult::Loss));
    assert_eq!(t.result(0), None);
    assert_eq!(t.result(7), None);
}

// ------------------------------------------------------------------------- bad map data

#[test]
fn asymmetric_adjacency_names_file_and_area() {
    let map = edit(MAP_TOML, "adjacent = [2, 3, 4]\n", "adjacent = [2, 3]\n");
    let (err, _) = load_err("asymmetric", "map.toml", &map);
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("areas", "area 4")
    );
    assert!(err.message.contains("does not list 4"), "{err}");
}

#[test]
fn unknown_area_in_adjacency_names_file_and_area() {
    let map = edit(
        MAP_TOML,
        "adjacent = [2, 3, 4]\n",
        "adjacent = [2, 3, 4, 31]\n",
    );
    let (err, path) = load_err("unknown-area", "map.toml", &map);
    assert_eq!(
        err.to_string(),
        format!(
            "{}: [areas] area 1: area 1 lists 31 as adjacent but there is no area 31",
            path.display()
        )
    );
}

#[test]
fn area_may_not_be_adjacent_to_itself() {
    let mut data = embedded();
    area_mut(&mut data, 3).adjacent.push(3);
    let err = validate_err(&data);
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("areas", "area 3")
    );
}

#[test]
fn rule_3_1_area_ids_are_unique_and_all_present() {
    let mut data = embedded();
    area_mut(&mut data, 27).id = 26;
    let err = validate_err(&data);
    assert_eq!(err.entry, "area 26");
    assert!(err.message.contains("used twice"), "{err}");

    let mut data = embedded();
    data.map.areas.retain(|a| a.id != 18);
    for a in &mut data.map.areas {
        a.adjacent.retain(|&b| b != 18);
    }
    let err = validate_err(&data);
    assert_eq!(err.entry, "area 18");
    assert!(err.message.contains("missing"), "{err}");

    let mut data = embedded();
    area_mut(&mut data, 27).id = 28;
    assert_eq!(validate_err(&data).entry, "area 28");
}

#[test]
fn map_must_be_connected() {
    let mut data = embedded();
    // Cut Vaalserquartier (18) off: its neighbours are 11, 17 and 26.
    area_mut(&mut data, 18).adjacent.clear();
    for id in [11, 17, 26] {
        area_mut(&mut data, id).adjacent.retain(|&b| b != 18);
    }
    let err = validate_err(&data);
    assert_eq!(err.entry, "area 18");
    assert!(err.message.contains("not connected"), "{err}");
}

#[test]
fn rule_4_4_wrong_terrain_count_is_rejected() {
    let map = edit(
        MAP_TOML,
        "pos = [727, 565]\nterrain = \"suburban\"",
        "pos = [727, 565]\nterrain = \"urban\"",
    );
    let (err, path) = load_err("terrain-count", "map.toml", &map);
    assert_eq!(
        err.to_string(),
        format!(
            "{}: [areas] terrain: 13 Suburban Areas; rule 4.4 has 14 (14 Suburban, 8 Urban, \
             3 Fortified)",
            path.display()
        )
    );
}

#[test]
fn rule_5_3_1_only_areas_1_and_2_are_american() {
    let mut data = embedded();
    area_mut(&mut data, 2).terrain = Terrain::Suburban;
    assert_eq!(validate_err(&data).entry, "area 2");

    let mut data = embedded();
    area_mut(&mut data, 3).terrain = Terrain::American;
    assert_eq!(validate_err(&data).entry, "area 3");
}

// ------------------------------------------------------------------------- bad counters

#[test]
fn duplicate_counter_id_names_file_table_and_entry() {
    let counters = edit(COUNTERS_TOML, "id = \"S2\"", "id = \"S1\"");
    let (err, path) = load_err("duplicate-id", "counters.toml", &counters);
    assert_eq!(
        err.to_string(),
        format!(
            "{}: [germans] counter S1: counter id 'S1' is used twice (ids are unique across \
             americans and germans)",
            path.display()
        )
    );

    let mut data = embedded();
    data.counters.americans[1].id = data.counters.americans[0].id.clone();
    let err = validate_err(&data);
    assert_eq!(err.table, "americans");
}

#[test]
fn rule_5_3_1_setup_area_must_be_american() {
    let mut data = embedded();
    data.counters.americans[0].setup_area = Some(12);
    let err = validate_err(&data);
    assert_eq!(err.table, "americans");
    assert_eq!(err.entry, format!("unit {}", data.counters.americans[0].id));
    assert!(err.message.contains("5.3.1"), "{err}");

    data.counters.americans[0].setup_area = Some(40);
    assert!(validate_err(&data).message.contains("no area 40"));
}

#[test]
fn rule_6_1_1_a_unit_has_setup_area_or_arrives_not_both() {
    let mut data = embedded();
    data.counters.americans[0].arrives = Some(3);
    assert!(validate_err(&data).message.contains("both"));

    let mut data = embedded();
    data.counters.americans[0].setup_area = None;
    assert!(validate_err(&data).message.contains("neither"));

    let mut data = embedded();
    let m12 = data
        .counters
        .americans
        .iter_mut()
        .find(|u| u.id == "M-12/A")
        .unwrap();
    m12.arrives = Some(10);
    assert_eq!(validate_err(&data).entry, "unit M-12/A");
}

#[test]
fn rule_4_3_1_leaders_have_no_attack_factor_and_units_do() {
    let mut data = embedded();
    let smoots = data
        .counters
        .americans
        .iter_mut()
        .find(|u| u.id == "Smoots")
        .unwrap();
    smoots.attack = 2;
    assert_eq!(validate_err(&data).entry, "unit Smoots");

    let mut data = embedded();
    let e = data
        .counters
        .americans
        .iter_mut()
        .find(|u| u.id == "E")
        .unwrap();
    e.attack = 0;
    assert_eq!(validate_err(&data).entry, "unit E");
}

#[test]
fn rule_4_3_4_an_organisation_has_at_most_one_leader() {
    let mut data = embedded();
    let weeks = data
        .counters
        .americans
        .iter_mut()
        .find(|u| u.id == "Weeks")
        .unwrap();
    weeks.organisation = "E/26".to_string();
    let err = validate_err(&data);
    assert_eq!(err.entry, "unit Weeks");
    assert!(err.message.contains("two Leaders"), "{err}");
}

#[test]
fn rule_5_4_each_terrain_needs_a_german_unit_per_area() {
    let mut data = embedded();
    let mut removed = 0;
    data.counters.germans.retain(|g| {
        let drop = g.terrain == Terrain::Fortified && removed < 2;
        removed += usize::from(drop);
        !drop
    });
    let err = validate_err(&data);
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("germans", "fortified")
    );
}

#[test]
fn german_units_need_a_defense_factor_and_german_terrain() {
    let mut data = embedded();
    data.counters.germans[0].defense = 0;
    assert_eq!(validate_err(&data).entry, "counter S1");

    let mut data = embedded();
    data.counters.germans[0].terrain = Terrain::American;
    assert_eq!(validate_err(&data).entry, "counter S1");
}

#[test]
fn at_most_32_americans_and_64_germans() {
    let mut data = embedded();
    let extra = data.counters.germans[0].clone();
    for i in 0..40 {
        let mut g = extra.clone();
        g.id = format!("X{i}");
        data.counters.germans.push(g);
    }
    assert_eq!(validate_err(&data).table, "germans");

    let mut data = embedded();
    let extra = data.counters.americans[0].clone();
    for i in 0..20 {
        let mut u = extra.clone();
        u.id = format!("X{i}");
        data.counters.americans.push(u);
    }
    assert_eq!(validate_err(&data).table, "americans");
}

// ------------------------------------------------------------------------- bad charts

#[test]
fn rule_6_2_random_event_gap_names_the_missing_roll() {
    let charts = edit(CHARTS_TOML, "rolls = [10, 11]", "rolls = [10]");
    let (err, path) = load_err("event-gap", "charts.toml", &charts);
    assert_eq!(
        err.to_string(),
        format!(
            "{}: [random_events] roll 11: no row for the 3d6 total 11; the chart covers 3 to 18",
            path.display()
        )
    );
}

/// Trial 15a F6: a Random Event's name is what the log tells: not blank, not too long.
#[test]
fn rule_6_2_a_random_events_name_is_neither_blank_nor_too_long() {
    let long = format!("name = \"{}\"", "x".repeat(101));
    for (to, words) in [
        ("name = \"\"", "its name is empty"),
        (long.as_str(), "a name has at most 100"),
    ] {
        let charts = edit(CHARTS_TOML, "name = \"Rain\"", to);
        let (err, _) = load_err("event-name", "charts.toml", &charts);
        assert_eq!(err.table, "random_events");
        assert!(err.message.contains(words), "{err}");
    }
}

#[test]
fn rule_6_2_random_event_roll_twice_or_out_of_range() {
    let charts = edit(CHARTS_TOML, "rolls = [10, 11]", "rolls = [9, 10, 11]");
    let (err, _) = load_err("event-twice", "charts.toml", &charts);
    assert_eq!(err.table, "random_events");
    assert!(err.message.contains("roll 9"), "{err}");

    let charts = edit(CHARTS_TOML, "rolls = [10, 11]", "rolls = [10, 11, 19]");
    let (err, _) = load_err("event-range", "charts.toml", &charts);
    assert!(err.message.contains("roll 19"), "{err}");
}

#[test]
fn rule_6_3_supply_table_has_16_entries() {
    let mut data = embedded();
    data.charts.supply.points.pop();
    let err = validate_err(&data);
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("supply", "points")
    );
}

#[test]
fn rule_6_4_1_bloody_streets_needs_six_results() {
    let mut data = embedded();
    data.charts
        .bloody_streets
        .results
        .push(BloodyStreetsResult::None);
    let err = validate_err(&data);
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("bloody_streets", "results")
    );
}

#[test]
fn costs_of_zero_are_rejected() {
    let mut data = embedded();
    data.charts.supply_costs.air = 0;
    let err = validate_err(&data);
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("supply_costs", "air")
    );

    let mut data = embedded();
    data.charts.movement_costs.american = 0;
    let err = validate_err(&data);
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("movement_costs", "american")
    );
}

#[test]
fn reconstructed_table_needs_a_basis() {
    let basis_line = CHARTS_TOML
        .lines()
        .find(|l| l.starts_with("basis = \"Supply Points = the 3d6 total"))
        .unwrap();
    let charts = edit(CHARTS_TOML, basis_line, "");
    let (err, path) = load_err("no-basis", "charts.toml", &charts);
    assert_eq!(
        err.to_string(),
        format!(
            "{}: [supply] basis: a reconstructed table needs a one-line `basis` saying what it \
             rests on",
            path.display()
        )
    );

    let mut data = embedded();
    data.counters.german.basis = Some("  ".to_string());
    let err = validate_err(&data);
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("german", "basis")
    );
}

// ------------------------------------------------------------------------- malformed TOML

#[test]
fn toml_syntax_error_names_file_and_line() {
    let map = edit(MAP_TOML, "name = \"Forst\"", "name = = \"Forst\"");
    let line = map.lines().position(|l| l == "name = = \"Forst\"").unwrap() + 1;
    let (err, path) = load_err("syntax", "map.toml", &map);
    let prefix = format!("{}: [syntax] {line}:", path.display());
    assert!(err.to_string().starts_with(&prefix), "{err}");
}

#[test]
fn toml_schema_error_names_the_table() {
    let counters = edit(COUNTERS_TOML, "defense = 3\n", "defense = \"three\"\n");
    let (err, _) = load_err("schema", "counters.toml", &counters);
    assert_eq!(err.table, "germans");
    assert!(err.message.contains("invalid type"), "{err}");

    let counters = edit(
        COUNTERS_TOML,
        "strategy = \"sniper\"",
        "strategy = \"banzai\"",
    );
    let (err, _) = load_err("schema-variant", "counters.toml", &counters);
    assert_eq!(err.table, "germans");
}

#[test]
fn truncated_files_never_panic() {
    let dir = temp_dir("truncated");
    for (name, text) in [
        ("map.toml", MAP_TOML),
        ("counters.toml", COUNTERS_TOML),
        ("charts.toml", CHARTS_TOML),
    ] {
        let cuts = (0..text.len())
            .step_by(97)
            .filter(|&i| text.is_char_boundary(i));
        for cut in cuts {
            fs::write(dir.join(name), &text[..cut]).unwrap();
            if let Err(e) = DataSet::load(&dir) {
                assert!(!e.to_string().contains('\n'));
            }
        }
        fs::remove_file(dir.join(name)).unwrap();
    }
}

// ------------------------------------------------------------------------- overrides

#[test]
fn directory_override_with_one_file_keeps_the_other_embedded_files() {
    let charts = edit(CHARTS_TOML, "unrevealed = 4", "unrevealed = 5");
    let (result, _) = load_dir_with("override", "charts.toml", &charts);
    let data = result.expect("a valid override loads");
    assert_eq!(data.charts.movement_costs.unrevealed, 5);
    assert_eq!(data.map.areas.len(), 27);
    assert_eq!(
        data.counters.germans.len(),
        embedded().counters.germans.len()
    );
}

#[test]
fn directory_override_errors_name_the_embedded_file_they_clash_with() {
    // Counters that set up in a Suburban Area of the embedded map.
    let counters = edit(COUNTERS_TOML, "setup_area = 1\n", "setup_area = 3\n");
    let (result, _) = load_dir_with("override-clash", "counters.toml", &counters);
    let err = result.unwrap_err();
    assert_eq!(err.table, "americans");
    assert!(err.message.contains("setup_area 3"), "{err}");
}

#[test]
fn empty_directory_is_an_error_not_a_silent_default() {
    let dir = temp_dir("empty");
    let err = DataSet::load(&dir).unwrap_err();
    assert_eq!(err.file, dir.display().to_string());
    assert!(err.message.contains("map.toml"), "{err}");
}

#[test]
fn missing_path_is_an_error() {
    let path = temp_dir("missing").join("no-such-data.toml");
    let err = DataSet::load(&path).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("{}: [data] path: cannot read", path.display())),
        "{err}"
    );
}

#[test]
fn single_file_holds_all_the_tables() {
    let dir = temp_dir("single");
    let path = dir.join("aachen.toml");
    let all = [MAP_TOML, COUNTERS_TOML, CHARTS_TOML].join("\n");
    fs::write(&path, &all).unwrap();
    let data = DataSet::load(&path).expect("the three files concatenated load");
    assert_eq!(data.map.areas.len(), 27);
    assert_eq!(data.charts.supply_costs.engineer, 2);

    // Errors in a single file name that file.
    let bad = edit(&all, "rolls = [10, 11]", "rolls = [10]");
    fs::write(&path, bad).unwrap();
    let err = DataSet::load(&path).unwrap_err();
    assert_eq!(err.file, path.display().to_string());
    assert_eq!(
        (err.table.as_str(), err.entry.as_str()),
        ("random_events", "roll 11")
    );
}

#[test]
fn single_file_missing_a_table_says_which() {
    let dir = temp_dir("single-partial");
    let path = dir.join("map.toml");
    fs::write(&path, MAP_TOML).unwrap();
    let err = DataSet::load(&path).unwrap_err();
    assert_eq!((err.table.as_str(), err.entry.as_str()), ("american", "-"));
}

#[test]
fn map_layout_positions_are_checked() {
    let outside = edit(MAP_TOML, "pos = [727, 565]", "pos = [727, 765]");
    let (err, _) = load_err("layout-outside", "map.toml", &outside);
    assert!(
        err.to_string()
            .contains("[areas] 3: pos = [727, 765] is outside the drawing"),
        "{err}"
    );
    let missing = edit(MAP_TOML, "pos = [727, 565]\n", "");
    let (err, _) = load_err("layout-missing", "map.toml", &missing);
    assert!(err.to_string().contains("[areas] 3: no `pos`"), "{err}");
    // Positions with no [layout] table saying where they come from (design rule 3).
    let lines: Vec<&str> = MAP_TOML.lines().collect();
    let at = lines.iter().position(|l| *l == "[layout]").unwrap();
    let unlabelled = [&lines[..at], &lines[at + 3..]].concat().join("\n");
    let (err, _) = load_err("layout-unlabelled", "map.toml", &unlabelled);
    assert!(
        err.to_string()
            .contains("[layout] -: the areas have a `pos`"),
        "{err}"
    );
}
