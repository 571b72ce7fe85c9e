//! Rudder's Line data files: the embedded reconstruction satisfies every constraint of the
//! rulebook, and bad user data gets a one-line error naming the file, table and entry.

mod common;

use sandtable::games::rudders_line::data::{
    DataError, DataSet, Placement, COUNTERS_TOML, MAP_TOML, SCENARIO_TOML, SETUP_TOML,
};
use std::fs;
use std::path::{Path, PathBuf};

// ------------------------------------------------------------------------- helpers

fn embedded() -> DataSet {
    DataSet::embedded().expect("the embedded data validates")
}

/// A fresh data directory for this test.
fn temp_dir(test: &str) -> common::TempDir {
    common::temp_dir(&format!("rudders-line-{test}"))
}

use common::edit;

/// Writes `text` as `name` into a fresh data directory and loads that directory.
fn load_dir_with(test: &str, name: &str, text: &str) -> (Result<DataSet, DataError>, PathBuf) {
    let dir = temp_dir(test);
    let path = dir.join(name);
    fs::write(&path, text).expect("write data file");
    (DataSet::load(&dir), path)
}

fn load_err(test: &str, name: &str, text: &str) -> (String, PathBuf) {
    let (result, path) = load_dir_with(test, name, text);
    let err = result.expect_err("bad data must be rejected");
    let line = err.to_string();
    assert!(!line.contains('\n'), "error is one line: {line:?}");
    (line, path)
}

/// The 1-based [[place]] number of the entry putting `counter` in `area`.
fn place_no(data: &DataSet, area: &str, counter: &str) -> usize {
    1 + data
        .setup
        .place
        .iter()
        .position(|p| p.area == area && p.counter == counter)
        .unwrap_or_else(|| panic!("no {counter} placed in {area}"))
}

fn place_mut<'a>(data: &'a mut DataSet, area: &str, counter: &str) -> &'a mut Placement {
    let i = place_no(data, area, counter) - 1;
    &mut data.setup.place[i]
}

fn validate_err(data: &DataSet) -> String {
    data.validate("test.toml")
        .expect_err("bad data must be rejected")
        .to_string()
}

fn area<'a>(data: &'a DataSet, id: &str) -> &'a sandtable::games::rudders_line::data::AreaDef {
    data.map
        .areas
        .iter()
        .find(|a| a.id == id)
        .expect("area exists")
}

fn adjacent(data: &DataSet, a: &str, b: &str) -> bool {
    area(data, a).adjacent.iter().any(|x| x == b)
}

// ------------------------------------------------------------------------- embedded data

#[test]
fn embedded_data_loads_and_validates() {
    let data = embedded();
    data.validate("embedded").expect("validates again");
}

#[test]
fn embedded_files_each_start_with_a_reconstruction_header() {
    for text in [MAP_TOML, COUNTERS_TOML, SETUP_TOML, SCENARIO_TOML] {
        let header: String = text.lines().take(6).collect();
        assert!(header.contains("RECONSTRUCTION, NOT THE PUBLISHED GAME'S DATA"));
    }
}

#[test]
fn reconstructed_tables_are_listed_with_their_basis() {
    let tables = embedded().reconstructed_tables();
    let names: Vec<_> = tables.iter().map(|(t, _)| *t).collect();
    // Artillery (2.5, 7.1) and the scenario header (3.22, 5.1) come from the text.
    assert_eq!(names, ["map", "counters", "setup", "initiative", "victory"]);
    assert!(tables.iter().all(|(_, basis)| !basis.is_empty()));
}

#[test]
fn rule_2_2_map_has_38_numbered_areas_and_two_landing_craft_boxes() {
    let data = embedded();
    let numbered: Vec<_> = data
        .map
        .areas
        .iter()
        .filter(|a| !a.landing_craft)
        .map(|a| a.id.clone())
        .collect();
    let expected: Vec<_> = (1..=38).map(|n| n.to_string()).collect();
    assert_eq!(numbered, expected);
    let boxes: Vec<_> = data.map.areas.iter().filter(|a| a.landing_craft).collect();
    assert_eq!(boxes.len(), 2);
    assert!(boxes
        .iter()
        .all(|b| b.tem == 0 && !b.building && !b.victory));
    assert!(adjacent(&data, "LC-A", "1") && adjacent(&data, "LC-A", "2"));
    assert_eq!(area(&data, "LC-B").adjacent, ["2"]);
}

#[test]
fn rule_10_3_adjacency_examples_hold() {
    let data = embedded();
    assert!(adjacent(&data, "17", "22"));
    assert!(adjacent(&data, "17", "18"));
    // 13 and 8 meet only at a point.
    assert!(!adjacent(&data, "13", "8"));
    assert!(!adjacent(&data, "8", "13"));
}

#[test]
fn rule_7_3_grw36_in_17_reaches_16_and_22() {
    let data = embedded();
    assert!(adjacent(&data, "17", "16"));
    assert!(adjacent(&data, "17", "22"));
}

#[test]
fn rule_9_33_building_areas_are_exactly_the_listed_ones() {
    let data = embedded();
    let buildings: Vec<_> = data
        .map
        .areas
        .iter()
        .filter(|a| a.building)
        .map(|a| a.id.as_str())
        .collect();
    assert_eq!(
        buildings,
        ["5", "6", "7", "8", "11", "14", "19", "27", "32", "34"]
    );
}

#[test]
fn rule_12_1_area_3_is_a_victory_area() {
    let data = embedded();
    let stars: Vec<_> = data
        .map
        .areas
        .iter()
        .filter(|a| a.victory)
        .map(|a| a.id.as_str())
        .collect();
    assert_eq!(stars, ["3", "5", "7", "23"]);
}

#[test]
fn rule_2_3_eighty_counters_are_75_units_and_5_markers() {
    let data = embedded();
    let units = |side| {
        let p: u32 = data
            .counters
            .personnel
            .iter()
            .filter(|p| p.side == side)
            .map(|p| u32::from(p.count))
            .sum();
        let w: u32 = data
            .counters
            .weapons
            .iter()
            .filter(|w| w.side == side)
            .map(|w| u32::from(w.count))
            .sum();
        p + w
    };
    use sandtable::games::rudders_line::Side;
    assert_eq!(units(Side::Rangers), 34);
    assert_eq!(units(Side::Germans), 41);
    // Markers (2.3): the Initiative marker and the '3', '3', '5', '8' indirect fire markers.
    assert_eq!(units(Side::Rangers) + units(Side::Germans) + 5, 80);
}

#[test]
fn rule_2_4_and_2_6_printed_counter_values() {
    let data = embedded();
    let p = |id: &str| {
        let c = data.counters.personnel.iter().find(|p| p.id == id).unwrap();
        (c.attack, c.defense, c.movement, c.figures)
    };
    assert_eq!(p("ranger_squad"), (4, 6, 5, 3));
    assert_eq!(p("german_squad"), (3, 4, 4, 3));
    assert_eq!(p("ranger_weapons_team"), (1, 1, 5, 2));
    assert_eq!(p("german_weapons_team"), (1, 1, 5, 2));
    assert_eq!(p("ranger_nco_3"), (3, 3, 5, 1));
    assert_eq!(p("ranger_nco_1"), (1, 1, 5, 1));
    assert_eq!(p("ranger_bar_gunner"), (2, 2, 5, 1));
    assert_eq!(p("german_fo"), (1, 1, 5, 1));
    // 12.1 step 4: the back of a German squad has Defense 2.
    let german = data
        .counters
        .personnel
        .iter()
        .find(|p| p.id == "german_squad")
        .unwrap();
    assert_eq!(german.spent_defense, 2);
    let mg42 = data
        .counters
        .weapons
        .iter()
        .find(|w| w.id == "german_mg42")
        .unwrap();
    assert_eq!(mg42.attack, 4);
    let grw34 = data
        .counters
        .weapons
        .iter()
        .find(|w| w.id == "german_grw34")
        .unwrap();
    assert_eq!((grw34.attack, grw34.count), (3, 2));
}

/// 2.6: every listed type is in the mix: NCOs "rated 1-3 for both combatants", the FO's "'1'
/// Attack value", and the WEAPONS: light mortars and machine-guns for both, the German medium
/// mortar, bazookas and Panzerschrecks (shoulder-fired).
#[test]
fn rule_2_6_every_listed_unit_and_weapon_type_is_in_the_mix() {
    use sandtable::games::rudders_line::data::{Side, WeaponKind};
    let data = embedded();
    let personnel = &data.counters.personnel;
    let attack = |id: &str| personnel.iter().find(|p| p.id == id).unwrap().attack;
    assert_eq!(attack("ranger_fo"), 1);
    assert_eq!(attack("german_fo"), 1);
    for side in ["ranger", "german"] {
        let ratings: Vec<u8> = personnel
            .iter()
            .filter(|p| p.id.starts_with(&format!("{side}_nco")))
            .map(|p| p.attack)
            .collect();
        assert!(!ratings.is_empty(), "{side} NCOs");
        assert!(
            ratings.iter().all(|r| (1..=3).contains(r)),
            "{side}: {ratings:?}"
        );
    }
    let has = |side: Side, kind: WeaponKind| {
        data.counters
            .weapons
            .iter()
            .any(|w| w.side == side && w.kind == kind && w.count > 0)
    };
    for side in [Side::Rangers, Side::Germans] {
        assert!(has(side, WeaponKind::LightMortar), "{side:?} light mortars");
        assert!(has(side, WeaponKind::MachineGun), "{side:?} machine-guns");
        assert!(
            has(side, WeaponKind::ShoulderFired),
            "{side:?} bazooka/Panzerschreck"
        );
    }
    assert!(has(Side::Germans, WeaponKind::MediumMortar));
    assert!(
        !has(Side::Rangers, WeaponKind::MediumMortar),
        "the German medium mortar"
    );
}

#[test]
fn rule_3_22_and_5_1_eight_turns_rangers_first() {
    use sandtable::games::rudders_line::Side;
    let data = embedded();
    assert_eq!(data.scenario.scenario.turns, 8);
    assert_eq!(data.scenario.scenario.first_turn_initiative, Side::Rangers);
    // 2.5, 7.1: the naval '8' and the German battery's '5'.
    assert_eq!(
        (
            data.scenario.artillery.rangers,
            data.scenario.artillery.germans
        ),
        (8, 5)
    );
}

#[test]
fn rule_10_35_landing_craft_boxes_have_no_stacking_limit() {
    let data = embedded();
    let figures: u32 = data
        .setup
        .place
        .iter()
        .filter(|p| p.area == "LC-B")
        .map(|p| {
            let c = data
                .counters
                .personnel
                .iter()
                .find(|c| c.id == p.counter)
                .unwrap();
            u32::from(p.count) * u32::from(c.figures)
        })
        .sum();
    assert!(figures > 12, "LC-B holds {figures} stacking points");
}

// ------------------------------------------------------------------------- bad files

#[test]
fn asymmetric_adjacency_names_file_and_area() {
    let map = edit(
        MAP_TOML,
        r#"adjacent = ["12", "13", "16", "18", "22", "23"]"#,
        r#"adjacent = ["12", "13", "16", "18", "23"]"#,
    );
    let (err, path) = load_err("asymmetric", "map.toml", &map);
    assert_eq!(
        err,
        format!(
            "{}: [areas] area 22: area 22 lists 17 as adjacent but 17 does not list 22",
            path.display()
        )
    );
}

/// An empty area id, or one with a space or a comma, is refused for what it is (trial 12a F3).
#[test]
fn an_empty_or_spaced_area_id_is_refused() {
    for (name, to, want) in [
        (
            "empty",
            r#"id = """#,
            "[areas] area 2 (counting from 1): its id is empty",
        ),
        (
            "spaced",
            r#"id = "LC B""#,
            "[areas] area LC B: an area id is one word",
        ),
        (
            "comma",
            r#"id = "LC-B,LC-A""#,
            "an area id is one word: no space, comma or quote",
        ),
    ] {
        let map = MAP_TOML.replacen(r#"id = "LC-B""#, to, 1);
        assert_ne!(map, MAP_TOML);
        let (err, _) = load_err(name, "map.toml", &map);
        assert!(err.contains(want), "{name}: {err}");
    }
}

#[test]
fn unknown_area_in_adjacency_names_file_and_area() {
    let map = edit(
        MAP_TOML,
        r#"adjacent = ["34", "35", "37"]"#,
        r#"adjacent = ["34", "35", "37", "39"]"#,
    );
    let (err, path) = load_err("unknown-adjacent", "map.toml", &map);
    assert_eq!(
        err,
        format!(
            "{}: [areas] area 38: area 38 lists 39 as adjacent but there is no area 39",
            path.display()
        )
    );
}

#[test]
fn unknown_area_in_placement_names_file_and_entry() {
    let setup = edit(
        SETUP_TOML,
        "area = \"37\"\ncounter = \"german_weapons_team\"",
        "area = \"39\"\ncounter = \"german_weapons_team\"",
    );
    let (err, path) = load_err("unknown-place-area", "setup.toml", &setup);
    let n = place_no(&embedded(), "37", "german_weapons_team");
    assert_eq!(
        err,
        format!(
            "{}: [place] place {n} (german_weapons_team in area 39): unknown area '39'",
            path.display()
        )
    );
}

#[test]
fn rule_2_7_unit_placed_twice_is_rejected() {
    // One German squad more than the counter mix holds.
    let setup = edit(
        SETUP_TOML,
        "area = \"16\"\ncounter = \"german_squad\"",
        "area = \"16\"\ncounter = \"german_squad\"\ncount = 2",
    );
    let (err, path) = load_err("placed-twice", "setup.toml", &setup);
    assert_eq!(
        err,
        format!(
            "{}: [place] counter german_squad: counter 'german_squad' is placed 18 times but \
             the counter mix has 17",
            path.display()
        )
    );
}

#[test]
fn toml_syntax_error_names_file_and_line() {
    let map = edit(MAP_TOML, "tem = 3\n", "tem = = 3\n");
    let line = map.lines().position(|l| l == "tem = = 3").unwrap() + 1;
    let (err, path) = load_err("syntax", "map.toml", &map);
    let prefix = format!("{}: [syntax] {line}:", path.display());
    assert!(err.starts_with(&prefix), "{err}");
}

#[test]
fn toml_schema_error_names_the_table() {
    let counters = edit(COUNTERS_TOML, "figures = 3\n", "figures = \"three\"\n");
    let (err, path) = load_err("schema", "counters.toml", &counters);
    let prefix = format!("{}: [personnel] ", path.display());
    assert!(err.starts_with(&prefix), "{err}");
    assert!(err.contains("invalid type"), "{err}");
}

#[test]
fn directory_override_with_one_file_keeps_the_other_embedded_files() {
    let scenario = edit(SCENARIO_TOML, "turns = 8 ", "turns = 10 ");
    let (result, _) = load_dir_with("override", "scenario.toml", &scenario);
    let data = result.expect("a valid override loads");
    assert_eq!(data.scenario.scenario.turns, 10);
    assert_eq!(data.map.areas.len(), 40);
    assert_eq!(data.setup.place.len(), embedded().setup.place.len());
}

#[test]
fn directory_override_errors_name_the_embedded_file_they_clash_with() {
    // A counter mix with one German squad fewer: the embedded Set Up Card places 17.
    let counters = edit(COUNTERS_TOML, "count = 17\n", "count = 16\n");
    let (err, _) = load_err("override-clash", "counters.toml", &counters);
    assert_eq!(
        err,
        "embedded setup.toml: [place] counter german_squad: counter 'german_squad' is placed \
         17 times but the counter mix has 16"
    );
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
fn single_file_holds_all_four_tables() {
    let dir = temp_dir("single");
    let path = dir.join("rudders-line.toml");
    let all = [MAP_TOML, COUNTERS_TOML, SETUP_TOML, SCENARIO_TOML].join("\n");
    fs::write(&path, &all).unwrap();
    let data = DataSet::load(&path).expect("the four files concatenated load");
    assert_eq!(data.map.areas.len(), 40);

    // Errors in a single file name that file.
    let bad = edit(&all, "ranger_must_hold = \"3\"", "ranger_must_hold = \"9\"");
    fs::write(&path, bad).unwrap();
    let err = DataSet::load(&path).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "{}: [victory] ranger_must_hold: area 9 is not a Victory Area (`victory = true`)",
            path.display()
        )
    );
}

#[test]
fn single_file_missing_a_table_says_which() {
    let dir = temp_dir("single-partial");
    let path = dir.join("map.toml");
    fs::write(&path, MAP_TOML).unwrap();
    let err = DataSet::load(&path).unwrap_err();
    assert_eq!((err.table.as_str(), err.entry.as_str()), ("counters", "-"));
}

#[test]
fn truncated_files_never_panic() {
    let dir = temp_dir("truncated");
    for (name, text) in [
        ("map.toml", MAP_TOML),
        ("counters.toml", COUNTERS_TOML),
        ("setup.toml", SETUP_TOML),
        ("scenario.toml", SCENARIO_TOML),
    ] {
        let cuts = (0..text.len())
            .step_by(89)
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

// ------------------------------------------------------------------------- validation rules

#[test]
fn rule_2_61_nco_may_not_carry_machine_gun() {
    let mut data = embedded();
    place_mut(&mut data, "5", "german_weapons_team").carrying = None;
    place_mut(&mut data, "5", "german_nco_1").carrying = Some("german_mg42".into());
    let n = place_no(&data, "5", "german_nco_1");
    assert_eq!(
        validate_err(&data),
        format!(
            "test.toml: [place] place {n} (german_nco_1 in area 5): rule 2.61: german_nco_1 \
             (NCO) may carry only shoulder-fired weapons, not german_mg42 (machine-gun)"
        )
    );
}

#[test]
fn rule_2_61_fo_may_not_carry_mortar() {
    let mut data = embedded();
    place_mut(&mut data, "LC-A", "ranger_weapons_team").carrying = None;
    place_mut(&mut data, "2", "ranger_fo").carrying = Some("ranger_m2_mortar".into());
    assert!(validate_err(&data).contains("rule 2.61: ranger_fo (FO)"));
}

#[test]
fn rule_2_61_bar_gunner_may_not_carry_machine_gun_but_may_carry_bazooka() {
    let mut data = embedded();
    let m1919 = data
        .setup
        .place
        .iter()
        .position(|p| p.carrying.as_deref() == Some("ranger_m1919"))
        .unwrap();
    data.setup.place[m1919].carrying = None;
    place_mut(&mut data, "LC-B", "ranger_bar_gunner").carrying = Some("ranger_m1919".into());
    assert!(validate_err(&data).contains("rule 2.61: ranger_bar_gunner (BAR gunner)"));

    let mut data = embedded();
    let bazooka = data
        .setup
        .place
        .iter()
        .position(|p| p.carrying.as_deref() == Some("ranger_bazooka"))
        .unwrap();
    data.setup.place[bazooka].carrying = None;
    place_mut(&mut data, "LC-B", "ranger_bar_gunner").carrying = Some("ranger_bazooka".into());
    data.validate("test.toml")
        .expect("a BAR gunner may carry a bazooka");
}

#[test]
fn rule_2_62_mg42_must_start_with_weapons_team() {
    let mut data = embedded();
    place_mut(&mut data, "8", "german_weapons_team").carrying = None;
    place_mut(&mut data, "8", "german_squad").carrying = Some("german_mg42".into());
    let n = place_no(&data, "8", "german_squad");
    assert_eq!(
        validate_err(&data),
        format!(
            "test.toml: [place] place {n} (german_squad in area 8): rule 2.62: german_mg42 \
             (machine-gun '4') must begin play carried by a weapons team, not german_squad (squad)"
        )
    );
}

#[test]
fn rule_2_62_grw34_must_start_with_weapons_team() {
    let mut data = embedded();
    place_mut(&mut data, "36", "german_weapons_team").carrying = None;
    place_mut(&mut data, "32", "german_squad").carrying = Some("german_grw34".into());
    assert!(validate_err(&data).contains("rule 2.62: german_grw34 (medium mortar '3')"));
}

#[test]
fn rule_2_62_light_mortars_and_the_m1919_may_start_on_squads() {
    let data = embedded();
    let on_squads = data
        .setup
        .place
        .iter()
        .filter(|p| p.counter.ends_with("_squad"))
        .filter_map(|p| p.carrying.as_deref())
        .collect::<Vec<_>>();
    assert!(on_squads.contains(&"german_grw36"));
    assert!(on_squads.contains(&"ranger_m1919"));
}

#[test]
fn rule_2_62_every_weapon_begins_carried() {
    let mut data = embedded();
    place_mut(&mut data, "11", "german_weapons_team").carrying = None;
    assert_eq!(
        validate_err(&data),
        "test.toml: [place] counter german_mg42: weapon 'german_mg42' is carried 4 times but \
         the counter mix has 5 (2.62: every weapon begins on top of a Personnel unit)"
    );
}

#[test]
fn weapons_begin_with_their_own_side() {
    let mut data = embedded();
    place_mut(&mut data, "14", "german_squad").carrying = Some("ranger_bazooka".into());
    assert!(validate_err(&data).contains("weapons start with their own side"));
}

#[test]
fn rule_2_7_too_few_counters_placed_is_rejected() {
    let mut data = embedded();
    place_mut(&mut data, "LC-B", "ranger_squad").count = 4; // 5 in the Set Up Card
    assert_eq!(
        validate_err(&data),
        "test.toml: [place] counter ranger_squad: counter 'ranger_squad' is placed 13 times \
         but the counter mix has 14"
    );
}

#[test]
fn rule_10_35_setup_stacking_of_12_accepted() {
    let mut data = embedded();
    // Area 5 holds 9 stacking points; a third squad makes exactly 12.
    place_mut(&mut data, "16", "german_squad").area = "5".into();
    data.validate("test.toml")
        .expect("12 stacking points are allowed");
}

#[test]
fn rule_10_35_setup_stacking_over_12_rejected() {
    let mut data = embedded();
    place_mut(&mut data, "16", "german_squad").area = "5".into();
    place_mut(&mut data, "21", "german_squad").area = "5".into();
    let n = place_no(&data, "5", "german_squad").max(
        1 + data
            .setup
            .place
            .iter()
            .rposition(|p| p.area == "5")
            .unwrap(),
    );
    assert_eq!(
        validate_err(&data),
        format!(
            "test.toml: [place] place {n} (german_squad in area 5): Germans have 15 stacking \
             points in area 5; rule 10.35 allows at most 12 per side"
        )
    );
}

#[test]
fn germans_may_not_start_in_a_landing_craft_box() {
    let mut data = embedded();
    place_mut(&mut data, "16", "german_squad").area = "LC-A".into();
    assert!(validate_err(&data).contains("the boxes hold only Rangers"));
}

#[test]
fn rule_10_36_counters_have_one_to_three_figures() {
    let mut data = embedded();
    data.counters.personnel[0].figures = 4;
    assert_eq!(
        validate_err(&data),
        "test.toml: [personnel] counter ranger_squad: 4 figures; a counter has 1 to 3 (7.63, 10.36)"
    );
}

#[test]
fn counter_ids_are_unique_across_personnel_and_weapons() {
    let mut data = embedded();
    data.counters.weapons[0].id = "ranger_squad".into();
    assert!(
        validate_err(&data).starts_with("test.toml: [weapons] counter ranger_squad: counter id")
    );
}

#[test]
fn at_most_96_units() {
    let mut data = embedded();
    data.counters.personnel[0].count = 36;
    assert_eq!(
        validate_err(&data),
        "test.toml: [counters] count: the counter mix has 97 units; at most 96 are supported \
         (the engine's fixed-size state; the published mix, 2.3, has 75)"
    );
}

#[test]
fn area_may_not_be_adjacent_to_itself() {
    let mut data = embedded();
    let a = data.map.areas.iter_mut().find(|a| a.id == "9").unwrap();
    a.adjacent.push("9".into());
    assert_eq!(
        validate_err(&data),
        "test.toml: [areas] area 9: area 9 lists itself as adjacent"
    );
}

#[test]
fn area_ids_are_unique() {
    let mut data = embedded();
    data.map.areas[5].id = "3".into();
    assert!(validate_err(&data).contains("area id '3' is used twice"));
}

#[test]
fn map_must_be_connected_and_at_most_48_areas() {
    let mut data = embedded();
    let mut island = data.map.areas[2].clone();
    island.id = "39".into();
    island.adjacent.clear();
    data.map.areas.push(island.clone());
    assert_eq!(
        validate_err(&data),
        "test.toml: [areas] area 39: area 39 cannot be reached from area LC-A: the map is not \
         connected"
    );
    for n in 40..=47 {
        island.id = n.to_string();
        data.map.areas.push(island.clone());
    }
    assert!(validate_err(&data).contains("49 areas; at most 48"));
}

#[test]
fn reconstructed_table_needs_a_basis() {
    let mut data = embedded();
    data.scenario.victory.basis = None;
    assert_eq!(
        validate_err(&data),
        "test.toml: [victory] basis: a reconstructed table needs a one-line `basis` saying what \
         it rests on"
    );
}

#[test]
fn scenario_areas_and_turns_are_checked() {
    let mut data = embedded();
    data.scenario.victory.ranger_foothold.push("40".into());
    assert_eq!(
        validate_err(&data),
        "test.toml: [victory] ranger_foothold: unknown area '40'"
    );

    let mut data = embedded();
    data.setup.setup.ranger_control.push("LC-C".into());
    assert_eq!(
        validate_err(&data),
        "test.toml: [setup] ranger_control: unknown area 'LC-C'"
    );

    let mut data = embedded();
    data.scenario.scenario.turns = 0;
    assert_eq!(
        validate_err(&data),
        "test.toml: [scenario] turns: the game needs at least 1 turn"
    );

    let mut data = embedded();
    data.scenario.scenario.turns = 6;
    assert!(validate_err(&data).starts_with("test.toml: [initiative] modifier 2: turn 8"));
}

#[test]
fn load_accepts_a_path_given_as_str() {
    let dir = temp_dir("as-str");
    fs::write(dir.join("map.toml"), MAP_TOML).unwrap();
    DataSet::load(Path::new(dir.to_str().unwrap())).expect("loads");
}

/// 7.6: a spent unit is flipped to its weaker back side; data whose back side is stronger is
/// refused in one line naming the counter (trial 11a F3).
#[test]
fn rule_7_6_a_spent_side_stronger_than_the_fresh_side_is_refused() {
    let mut data = embedded();
    let squad = data
        .counters
        .personnel
        .iter_mut()
        .find(|p| p.id == "ranger_squad")
        .expect("the Ranger squad");
    squad.spent_attack = squad.attack + 1;
    let err = validate_err(&data);
    assert!(
        err.contains("counter ranger_squad")
            && err.contains("a unit's spent (back) side is not stronger than its fresh side (7.6)"),
        "{err}"
    );
}
