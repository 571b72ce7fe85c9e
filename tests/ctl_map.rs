//! Crossing the Line map (issue 6, deliverable 1): the embedded reconstruction keeps every
//! constraint of the rulebook, and a bad map file gets a one-line error naming the file, the
//! table and the entry.

use sandtable::games::crossing_the_line::hex::{Direction, Hex, Hexside};
use sandtable::games::crossing_the_line::map::{HexsideFeatures, Map, Side, Terrain, MAP_TOML};

fn h(n: u16) -> Hex {
    Hex::from_number(n).expect("a four-digit hex")
}

fn map() -> Map {
    Map::embedded().unwrap_or_else(|e| panic!("the embedded map validates: {e}"))
}

/// The error of loading `text` (the embedded map with one edit); it is one line naming
/// the file, the table and the entry.
fn err(from: &str, to: &str, table: &str, entry: &str) -> String {
    assert!(
        MAP_TOML.contains(from),
        "edit target {from:?} not in map.toml"
    );
    let text = MAP_TOML.replacen(from, to, 1);
    let e = Map::from_toml(&text, "my/map.toml").expect_err("bad map must be rejected");
    let line = e.to_string();
    assert!(!line.contains('\n'), "one line: {line}");
    assert_eq!(e.file, "my/map.toml", "{line}");
    assert_eq!(e.table, table, "{line}");
    assert!(e.entry.contains(entry), "entry {entry:?} in {line}");
    line
}

#[test]
fn rule_3_1_embedded_map_loads_the_whole_sheet() {
    let map = map();
    let b = map.bounds();
    assert_eq!(
        (b.first_row, b.last_row, b.first_col, b.last_col),
        (10, 56, 1, 22),
        "10.4: the Campaign uses the entire map, 10.3 reaches hexrow 56"
    );
    assert!(map.in_bounds(h(1001)) && map.in_bounds(h(5622)) && !map.in_bounds(h(5701)));
    // Design rule 3: the reconstructed tables are listed with their basis.
    let names: Vec<&str> = map.reconstructed().iter().map(|(t, _)| *t).collect();
    assert!(
        names.contains(&"terrain") && names.contains(&"roads"),
        "{names:?}"
    );
    assert!(!names.contains(&"dragons_teeth") && !names.contains(&"kerkrade_bulge"));
}

#[test]
fn rule_7_5_1_2_dragons_teeth_hexsides_are_present_with_a_road_or_stream() {
    let map = map();
    for (a, b) in [
        (1821, 1921),
        (1919, 2019),
        (2011, 2110),
        (2008, 2108),
        (2504, 2505),
        (3102, 3103),
        (3403, 3303),
    ] {
        for (from, to) in [(a, b), (b, a)] {
            let dir = h(from).direction_to(h(to)).expect("adjacent");
            let f = map.hexside(h(from), dir);
            assert!(f.contains(HexsideFeatures::DRAGONS_TEETH), "{from}/{to}");
            let through = f.contains(HexsideFeatures::ROAD) || f.contains(HexsideFeatures::STREAM);
            assert!(
                through,
                "{from}/{to}: 7.5.1.2A says a road or stream runs through it"
            );
        }
    }
    // No other teeth are reconstructed.
    let teeth = map
        .bounds()
        .hexes()
        .flat_map(|x| Direction::ALL.map(|d| (x, d)))
        .filter(|&(x, d)| map.hexside(x, d).contains(HexsideFeatures::DRAGONS_TEETH))
        .filter_map(|(x, d)| Hexside::new(x, d))
        .collect::<std::collections::HashSet<_>>();
    assert_eq!(teeth.len(), 7);
}

#[test]
fn rule_7_3_3_roads_and_3_1_1_terrain_lookups() {
    let map = map();
    // The Aachen–Eupen road through the Köpfchen teeth 2504/2505.
    assert!(map.has_road(h(2505), h(2505).direction_to(h(2504)).unwrap()));
    assert!(map.has_road(h(2504), Direction::East));
    assert!(
        !map.has_road(h(5622), Direction::NorthEast),
        "off the map: nothing"
    );
    assert_eq!(map.terrain(h(2806)), Some(Terrain::City));
    assert_eq!(map.terrain(h(2715)), Some(Terrain::Industrial));
    assert_eq!(map.terrain(h(2108)), Some(Terrain::Town));
    assert_eq!(map.terrain(h(2107)), Some(Terrain::PillboxInClear));
    assert_eq!(map.terrain(h(1001)), Some(Terrain::Clear));
    // 7.3.7: the Roer's road crossings 5518-5519 and 5420-5520 are Roer hexsides with a road.
    for (a, b) in [(5518, 5519), (5420, 5520)] {
        let f = map.hexside(h(a), h(a).direction_to(h(b)).expect("adjacent"));
        assert!(
            f.contains(HexsideFeatures::ROER) && f.contains(HexsideFeatures::ROAD),
            "{a}/{b}"
        );
    }
    // The Roer lies north of hexrow 42.
    let roer_south = map.bounds().hexes().filter(|x| x.row <= 42).any(|x| {
        Direction::ALL
            .iter()
            .any(|&d| map.hexside(x, d).contains(HexsideFeatures::ROER))
    });
    assert!(!roer_south);
}

#[test]
fn rule_10_2_aachen_city_hexes_are_city_terrain() {
    let map = map();
    let city: Vec<Hex> = map
        .bounds()
        .hexes()
        .filter(|&x| map.is_aachen_city(x))
        .collect();
    assert!(!city.is_empty());
    assert!(city.iter().all(|&x| map.terrain(x) == Some(Terrain::City)));
    assert!(map.is_aachen_city(h(2806)));
}

#[test]
fn rule_7_3_8_german_line_of_turns_1_to_3() {
    let map = map();
    assert!(map.is_on_pillbox_line(h(2106)));
    // West of the line in its hexrow: forbidden; the line itself and east of it: not.
    assert!(map.is_german_restricted(h(2105)));
    assert!(!map.is_german_restricted(h(2106)) && !map.is_german_restricted(h(2107)));
    // South of the line's start nothing is north-west of it.
    assert!(!map.is_german_restricted(h(1001)));
    // The Bulge of Kerkrade is the exception.
    for n in [3803, 3804, 3903, 3904, 3704, 3805, 4004, 4103] {
        assert!(!map.is_german_restricted(h(n)), "{n}");
    }
    assert!(map.is_german_restricted(h(3802)));
}

#[test]
fn rule_5_7_2_supply_edge_hexes_per_side() {
    let map = map();
    assert!(map.is_supply_edge(h(1005), Side::Us));
    assert!(!map.is_supply_edge(h(1005), Side::German));
    assert!(map.is_supply_edge(h(3022), Side::German));
    for area in map.supply_areas() {
        assert!(
            area.edge_hexes.iter().all(|&x| map.bounds().on_edge(x)),
            "{}",
            area.name
        );
    }
}

#[test]
fn rule_3_1_neighbours_and_distance_on_hand_checked_hexes() {
    // 2011 (even hexrow): diagonal neighbours at YY−1 and YY; 2110 (odd): at YY and YY+1.
    assert_eq!(h(2011).neighbour(Direction::NorthWest), Some(h(2110)));
    assert_eq!(h(2110).neighbour(Direction::SouthEast), Some(h(2011)));
    // 2106→5605, the line's ends (7.3.8): 35 hexrows north; the 1 column lost fits: 35.
    assert_eq!(h(2106).distance(h(5605)), 35);
    // 2107→2109 along hexrow 21: 2.
    assert_eq!(h(2107).distance(h(2109)), 2);
    let map = map();
    assert_eq!(
        map.neighbour(h(1001), Direction::SouthWest),
        None,
        "off the map"
    );
}

// ------------------------------------------------------------------------- bad files

#[test]
fn rule_3_1_1_unknown_terrain_is_named() {
    let line = err("clear = [", "woods = [", "terrain", "woods");
    assert!(line.contains("unknown terrain"), "{line}");
}

#[test]
fn rule_3_1_hex_off_the_map_is_named() {
    let line = err(
        "city = [\n    \"2606\"",
        "city = [\n    \"5706\"",
        "terrain",
        "hex 5706",
    );
    assert!(line.contains("off the map"), "{line}");
}

#[test]
fn rule_3_1_1_a_hex_with_two_terrains_is_named() {
    let line = err(
        "city = [\n    \"2606\"",
        "city = [\n    \"2715\"",
        "terrain",
        "hex 2715",
    );
    assert!(line.contains("listed twice"), "{line}");
}

/// A hex named twice in the Bulge of Kerkrade (7.3.8), Aachen City (10.2) or a supply area's
/// edge hexes (5.7.2) is a slip, refused as the terrain lists' are (trial 16a F4).
#[test]
fn rule_7_3_8_10_2_5_7_2_a_hex_listed_twice_is_named() {
    let line = err(
        "\"3803\", \"3804\"",
        "\"3803\", \"3803\"",
        "kerkrade_bulge",
        "hex 3803",
    );
    assert!(line.contains("listed twice"), "{line}");
    let line = err(
        "hexes = [\n    \"2606\", \"2607\"",
        "hexes = [\n    \"2606\", \"2606\"",
        "aachen_city",
        "hex 2606",
    );
    assert!(line.contains("listed twice"), "{line}");
    let line = err(
        "\"1002\", \"1003\"",
        "\"1002\", \"1002\"",
        "supply",
        "South edge",
    );
    assert!(line.contains("hex 1002 is listed twice"), "{line}");
}

/// 7.3.7: "German units can cross the Roer River only via roads (5518-5519 and 5420-5520)":
/// a crossing without its Roer hexside, or a road over another Roer hexside, is refused
/// (trial 17a F4).
#[test]
fn rule_7_3_7_the_roer_is_crossed_by_road_at_its_two_crossings_only() {
    let line = err(
        "\"5419/5519\", \"5518/5519\",",
        "\"5419/5519\",",
        "roer",
        "5518",
    );
    assert!(
        line.contains("7.3.7 crosses the Roer by road at 5518-5519"),
        "{line}"
    );
    let line = err(
        "[[roads.road]]\nname = \"Aachen–Jülich\"",
        "[[roads.road]]\nname = \"bogus bridge\"\nhexes = [\"5421\", \"5422\"]\n\
         [[roads.road]]\nname = \"Aachen–Jülich\"",
        "roer",
        "5421",
    );
    assert!(line.contains("7.3.7 names only"), "{line}");
}

#[test]
fn rule_3_1_2_hexside_between_non_adjacent_hexes_is_named() {
    let line = err("\"1806/1906\"", "\"1806/1907\"", "streams", "1806/1907");
    assert!(
        line.contains("not adjacent") && line.contains("Inde"),
        "{line}"
    );
}

#[test]
fn rule_7_5_1_2_missing_dragons_teeth_hexside_is_named() {
    let line = err("\"3102/3103\", ", "", "dragons_teeth", "3102/3103");
    assert!(line.contains("7.5.1.2A"), "{line}");
}

#[test]
fn rule_7_3_3_road_with_a_gap_is_named() {
    let line = err(
        "\"3101\", \"3102\",",
        "\"3101\", \"3104\",",
        "roads",
        "Orsbach",
    );
    assert!(line.contains("not adjacent"), "{line}");
}

#[test]
fn rule_5_7_2_supply_hex_off_the_edge_is_named() {
    let line = err(
        "\"1002\", \"1003\"",
        "\"2011\", \"1003\"",
        "supply",
        "South edge",
    );
    assert!(line.contains("map edge"), "{line}");
}

#[test]
fn rule_7_3_8_broken_pillbox_line_is_named() {
    let line = err(
        "\"2106\", \"2206\", \"2305\"",
        "\"2106\", \"2305\"",
        "pillbox_line",
        "hex 2305",
    );
    assert!(line.contains("not adjacent"), "{line}");
}

#[test]
fn design_rule_3_reconstructed_table_without_basis_is_named() {
    let from = "basis = \"geography notes §7 water";
    let line = err(
        from,
        "# basis = \"geography notes §7 water",
        "streams",
        "basis",
    );
    assert!(line.contains("basis"), "{line}");
}

#[test]
fn bad_hex_number_is_named() {
    let line = err(
        "\"3803\", \"3804\"",
        "\"38o3\", \"3804\"",
        "kerkrade_bulge",
        "38o3",
    );
    assert!(line.contains("four digits"), "{line}");
}

#[test]
fn a_map_larger_than_the_engines_hex_sets_is_refused_not_a_panic() {
    let line = err("rows = [10, 56]", "rows = [10, 99]", "map", "rows");
    assert!(line.contains("at most 1088"), "{line}");
}
