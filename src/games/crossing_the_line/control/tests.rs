//! Control on the embedded map, with units placed by hand. Each test names its rule; the
//! hand reasoning (which neighbour is which, what terrain) is in the comments, and the
//! terrain it relies on is asserted first so a change to `map.toml` fails loudly.

use super::*;
use crate::games::crossing_the_line::map::{Terrain, MAP_TOML};
use Direction::*;

fn h(n: u16) -> Hex {
    Hex::from_number(n).unwrap()
}

fn map() -> Map {
    Map::embedded().unwrap_or_else(|e| panic!("{e}"))
}

fn charts() -> Charts {
    Charts::embedded().unwrap_or_else(|e| panic!("{e}"))
}

fn set(map: &Map, hexes: &[u16]) -> HexSet {
    HexSet::of_hexes(map, hexes.iter().map(|&n| h(n)))
}

fn numbers(map: &Map, s: &HexSet) -> Vec<u16> {
    let mut v: Vec<u16> = s.hexes(map).map(Hex::number).collect();
    v.sort_unstable();
    v
}

fn unit(n: u16, class: UnitClass) -> ZocUnit {
    ZocUnit {
        hex: h(n),
        class,
        disrupted: false,
    }
}

/// `hex` moved along `dirs`.
fn walk(hex: Hex, dirs: &[Direction]) -> Hex {
    dirs.iter().fold(hex, |x, &d| x.neighbour(d).unwrap())
}

fn ring(hex: Hex) -> [Hex; 6] {
    Direction::ALL.map(|d| hex.neighbour(d).unwrap())
}

fn units(map: &Map, hexes: &[Hex]) -> HexSet {
    HexSet::of_hexes(map, hexes.iter().copied())
}

// ------------------------------------------------------------------------------ HexSet

#[test]
fn hexset_holds_the_whole_embedded_map() {
    let m = map();
    assert!(m.bounds().len() <= HexSet::CAPACITY);
    let all = HexSet::all(&m);
    assert_eq!(all.len(), m.bounds().len());
    assert!(all.iter().eq(0..m.bounds().len()));
}

#[test]
fn hexset_set_operations() {
    let m = map();
    let a = set(&m, &[1001, 2011, 4222]);
    let b = set(&m, &[2011, 3005]);
    assert_eq!(numbers(&m, &a.union(&b)), [1001, 2011, 3005, 4222]);
    assert_eq!(numbers(&m, &a.intersection(&b)), [2011]);
    assert_eq!(numbers(&m, &a.difference(&b)), [1001, 4222]);
    let mut c = a;
    c.remove_hex(&m, h(2011));
    assert!(!c.contains_hex(&m, h(2011)) && c.contains_hex(&m, h(1001)));
    // Off-map hexes are never members.
    c.insert_hex(&m, h(5701));
    assert_eq!(c.len(), 2);
    assert!(HexSet::EMPTY.is_empty());
}

#[test]
fn hexset_spread_by_shifts_matches_the_neighbours_hex_by_hex() {
    let m = map();
    assert!(m.spread_masks().is_some());
    // Every single hex (edges, corners, both row parities), and a scattered set.
    for i in 0..m.bounds().len() {
        let mut one = HexSet::EMPTY;
        one.insert(i);
        assert_eq!(
            one.spread(&m),
            one.neighbours_where(&m, |_, _| true),
            "hex index {i}"
        );
    }
    let scattered = HexSet::filter(&m, |h| {
        (u16::from(h.row) * 7 + u16::from(h.col) * 3) % 5 == 0
    });
    assert_eq!(
        scattered.spread(&m),
        scattered.neighbours_where(&m, |_, _| true)
    );
    let all = HexSet::all(&m);
    assert_eq!(all.spread(&m), all);
}

#[test]
fn hexset_grow_adds_one_ring_within_the_passable_set() {
    let m = map();
    let start = set(&m, &[2011]);
    // Unrestricted: 2011 and its six neighbours.
    let one = start.grow(&m, &HexSet::all(&m));
    assert_eq!(one.len(), 7);
    assert!(ring(h(2011)).iter().all(|&n| one.contains_hex(&m, n)));
    // Twice: the hexes within distance 2, 1 + 6 + 12.
    assert_eq!(one.grow(&m, &HexSet::all(&m)).len(), 19);
    // Within a set that holds only the east neighbour, only it is added.
    let east = set(&m, &[2012]);
    assert_eq!(numbers(&m, &start.grow(&m, &east)), [2011, 2012]);
}

// -------------------------------------------------------------------------------- 5.4 ZOC

#[test]
fn rule_5_4_infantry_zoc_not_into_city_or_industrial() {
    let (m, c) = (map(), charts());
    // 2605 (pillbox, row 26 even): E 2606 and NE 2705 are Aachen City hexes, NW 2704 and SE
    // 2505 pillbox, W 2604 and SW 2504 clear.
    assert_eq!(m.terrain(h(2606)), Some(Terrain::City));
    assert_eq!(m.terrain(h(2705)), Some(Terrain::City));
    let zoc = unit_zoc(&m, &c, unit(2605, UnitClass::Infantry));
    assert_eq!(numbers(&m, &zoc), [2504, 2505, 2604, 2605, 2704]);
}

#[test]
fn rule_5_4_unit_in_a_city_controls_its_own_hex() {
    // AMBIG-21: the own hex is always controlled. 2806 is City surrounded by City/Industrial
    // except where the TEC allows; whatever it projects into, 2806 itself is in.
    let (m, c) = (map(), charts());
    assert_eq!(m.terrain(h(2806)), Some(Terrain::City));
    let zoc = unit_zoc(&m, &c, unit(2806, UnitClass::Infantry));
    assert!(zoc.contains_hex(&m, h(2806)));
    assert!(!zoc.contains_hex(&m, h(2807)), "2807 is City");
}

#[test]
fn rule_5_4_afv_zoc_only_into_clear_and_never_across_a_stream() {
    let (m, c) = (map(), charts());
    // 2011 (clear, row 20 even): E 2012 clear, NE 2111 clear, NW 2110 pillbox across the
    // Inde stream and dragon's teeth 2011/2110, W 2010 clear across the Inde stream 2010/2011,
    // SW 1910 and SE 1911 towns.
    assert!(m.hexside(h(2011), West).contains(HexsideFeatures::STREAM));
    assert!(m
        .hexside(h(2011), NorthWest)
        .contains(HexsideFeatures::DRAGONS_TEETH));
    assert_eq!(m.terrain(h(2010)), Some(Terrain::Clear));
    assert_eq!(m.terrain(h(1910)), Some(Terrain::Town));
    let afv = unit_zoc(&m, &c, unit(2011, UnitClass::Afv));
    assert_eq!(numbers(&m, &afv), [2011, 2012, 2111]);
    // The same hex held by infantry controls all seven: streams, teeth and towns do not stop it.
    let inf = unit_zoc(&m, &c, unit(2011, UnitClass::Infantry));
    assert_eq!(
        numbers(&m, &inf),
        [1910, 1911, 2010, 2011, 2012, 2110, 2111]
    );
}

#[test]
fn rule_5_4_disrupted_unit_projects_no_zoc() {
    let (m, c) = (map(), charts());
    for class in [UnitClass::Infantry, UnitClass::Afv] {
        let u = ZocUnit {
            disrupted: true,
            ..unit(2011, class)
        };
        assert!(unit_zoc(&m, &c, u).is_empty());
    }
}

#[test]
fn rule_5_4_side_zoc_is_the_union_of_its_units() {
    let (m, c) = (map(), charts());
    let a = unit(2011, UnitClass::Infantry);
    let b = unit(2605, UnitClass::Afv);
    let both = side_zoc(&m, &c, [a, b]);
    let union = unit_zoc(&m, &c, a).union(&unit_zoc(&m, &c, b));
    assert_eq!(both, union);
}

/// The embedded map with the Roer on hexside 2011/2012 too (the real Roer runs in hexrows
/// 50-56, far from the tests' hexes).
fn map_with_roer_at_2011_2012() -> Map {
    let (head, roer) = MAP_TOML.split_once("[roer]").expect("a [roer] table");
    let roer = roer.replacen("hexsides = [", "hexsides = [\"2011/2012\", ", 1);
    let text = format!("{head}[roer]{roer}");
    Map::from_toml(&text, "test map").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn rule_5_4_no_zoc_across_the_roer() {
    // AMBIG-21: neither infantry nor AFV controls 2012 from 2011 across the Roer.
    let c = charts();
    let m = map_with_roer_at_2011_2012();
    assert!(m.hexside(h(2011), East).contains(HexsideFeatures::ROER));
    for class in [UnitClass::Infantry, UnitClass::Afv] {
        assert!(!unit_zoc(&m, &c, unit(2011, class)).contains_hex(&m, h(2012)));
    }
}

// ----------------------------------------------------------------------------- 5.7 Supply

/// 1911 (town, row 19 odd), far from every supply edge: its ring is E 1912, NE 2012, NW 2011,
/// W 1910, SW 1811, SE 1812.
const HQ: u16 = 1911;

#[test]
fn rule_5_7_2_hq_on_an_open_map_is_supplied() {
    let m = map();
    assert!(is_supplied(&m, Side::Us, h(HQ), &Obstacles::default()));
    assert!(is_supplied(&m, Side::German, h(HQ), &Obstacles::default()));
}

#[test]
fn rule_5_7_2_supply_cut_by_enemy_units() {
    // Enemy units of any type (here with no ZOC at all, say HQs) on all six neighbours.
    let m = map();
    let obstacles = Obstacles {
        enemy_units: units(&m, &ring(h(HQ))),
        ..Obstacles::default()
    };
    assert!(!is_supplied(&m, Side::Us, h(HQ), &obstacles));
}

/// Three German infantry units two hexes out, each next to two of the HQ's neighbours:
/// 2013 (E then NE), 2010 (NW then W), 1711 (SW then SE). Their ZOC covers the whole ring.
fn encircling_ezoc(m: &Map) -> Obstacles {
    let c = charts();
    let x = h(HQ);
    let enemies = [
        walk(x, &[East, NorthEast]),
        walk(x, &[NorthWest, West]),
        walk(x, &[SouthWest, SouthEast]),
    ];
    assert_eq!(enemies.map(Hex::number), [2013, 2010, 1711]);
    let zoc = side_zoc(
        m,
        &c,
        enemies.map(|e| unit(e.number(), UnitClass::Infantry)),
    );
    assert!(ring(x).iter().all(|&n| zoc.contains_hex(m, n)));
    Obstacles {
        enemy_units: units(m, &enemies),
        enemy_zoc: zoc,
        friendly_units: set(m, &[HQ]),
    }
}

#[test]
fn rule_5_7_2_supply_cut_by_ezoc_and_restored_by_a_friendly_unit() {
    let m = map();
    let mut obstacles = encircling_ezoc(&m);
    // Every way out enters an EZOC neighbour and would have to pass through it.
    assert!(!is_supplied(&m, Side::Us, h(HQ), &obstacles));
    // A US unit (even disrupted) in 1912 negates the EZOC there. From 1912 the path goes
    // SE to 1813, outside all three enemy ZOCs, and on to the south edge.
    obstacles.friendly_units.insert_hex(&m, h(1912));
    assert!(!obstacles.enemy_zoc.contains_hex(&m, h(1813)));
    assert!(is_supplied(&m, Side::Us, h(HQ), &obstacles));
}

#[test]
fn rule_5_4_1_supply_path_enters_an_ezoc_edge_hex_but_not_through_an_ezoc() {
    let m = map();
    // HQ at 1105 (row 11 odd): SW 1005 and SE 1006 are US supply edge hexes, both in EZOC;
    // enemy units hold its other neighbours E 1106, NE 1206, NW 1205, W 1104.
    assert!(m.is_supply_edge(h(1005), Side::Us) && m.is_supply_edge(h(1006), Side::Us));
    let mut obstacles = Obstacles {
        enemy_units: set(&m, &[1106, 1206, 1205, 1104]),
        enemy_zoc: set(&m, &[1005, 1006]),
        friendly_units: set(&m, &[1105]),
    };
    // The path ends in the edge hex: entering the EZOC is allowed.
    assert!(is_supplied(&m, Side::Us, h(1105), &obstacles));
    // HQ at 1205 (row 12 even): E 1206 and SW 1104 hold enemy units already; put enemy
    // units in NE 1305, NW 1304 and W 1204 too, and leave SE 1105 in EZOC with no friendly
    // unit: the path enters 1105 but may not pass through it to the edge hexes 1005/1006.
    obstacles.enemy_units = set(&m, &[1106, 1206, 1104, 1305, 1304, 1204]);
    obstacles.enemy_zoc = set(&m, &[1105, 1005, 1006]);
    obstacles.friendly_units = set(&m, &[1205]);
    assert!(!is_supplied(&m, Side::Us, h(1205), &obstacles));
    // A friendly unit in 1105 lets the path through into the edge hexes.
    obstacles.friendly_units.insert_hex(&m, h(1105));
    assert!(is_supplied(&m, Side::Us, h(1205), &obstacles));
}

// ---------------------------------------------------------------------------- 5.8 Command

/// 1507 (town): HQ for the command tests; row 15 is far from every edge of interest.
const CMD_HQ: u16 = 1507;

#[test]
fn rule_5_8_in_command_counts_the_hq_hex_not_the_units() {
    let m = map();
    let open = Obstacles::default();
    // 1510 is three hexes east along hexrow 15: path length 3 = hex distance.
    assert_eq!(h(CMD_HQ).distance(h(1510)), 3);
    let paths = CommandPaths::trace(&m, Side::Us, h(CMD_HQ), &open);
    assert_eq!(paths.length(&m, h(1510)), Some(3));
    assert_eq!(paths.length(&m, h(CMD_HQ)), Some(0));
    assert_eq!(paths.status(&m, h(1510), 3), CommandStatus::InCommand);
    assert_eq!(paths.status(&m, h(1510), 2), CommandStatus::OutOfCommand);
    assert_eq!(
        command_status(&m, Side::Us, h(1510), h(CMD_HQ), 3, &open),
        CommandStatus::InCommand
    );
    // On an open map every path length is the hex distance (south of the Roer, which a US
    // Command Path does not cross).
    for hex in m.bounds().hexes().filter(|x| x.row < 50) {
        assert_eq!(
            paths.length(&m, hex),
            Some(h(CMD_HQ).distance(hex)),
            "{hex}"
        );
    }
}

#[test]
fn rule_5_8_clarification_2_tortuous_path_is_out_of_command() {
    let m = map();
    // Unit two hexes east of the HQ (1509). Disrupted enemy units (no ZOC, but they still
    // break paths) on the HQ's E 1508, NE and SE neighbours. Every 2- to 4-hex path east
    // needs one of them; the shortest detour (HQ NW, NE, E, SE, SE in axial steps) is 5.
    let x = h(CMD_HQ);
    let u = walk(x, &[East, East]);
    assert_eq!(u, h(1509));
    let obstacles = Obstacles {
        enemy_units: units(
            &m,
            &[
                walk(x, &[East]),
                walk(x, &[NorthEast]),
                walk(x, &[SouthEast]),
            ],
        ),
        ..Obstacles::default()
    };
    assert_eq!(x.distance(u), 2);
    let paths = CommandPaths::trace(&m, Side::Us, x, &obstacles);
    assert_eq!(paths.length(&m, u), Some(5));
    assert_eq!(paths.status(&m, u, 3), CommandStatus::OutOfCommand);
    assert_eq!(paths.status(&m, u, 5), CommandStatus::InCommand);
}

#[test]
fn rule_5_8_2_hq_in_an_ezoc_still_traces_out_of_its_own_hex() {
    // The HQ's hex ends every Command Path (entered, never passed through, 5.4.1), so an
    // EZOC on it breaks nothing, whether or not the caller counted the HQ as friendly.
    let m = map();
    let obstacles = Obstacles {
        enemy_zoc: set(&m, &[CMD_HQ]),
        ..Obstacles::default()
    };
    let paths = CommandPaths::trace(&m, Side::Us, h(CMD_HQ), &obstacles);
    assert_eq!(paths.status(&m, h(1510), 3), CommandStatus::InCommand);
    assert!(is_supplied(&m, Side::Us, h(CMD_HQ), &obstacles));
}

#[test]
fn rule_5_8_4_isolated_when_encircled_by_enemy_units() {
    let m = map();
    let u = h(1509);
    let obstacles = Obstacles {
        enemy_units: units(&m, &ring(u)),
        friendly_units: units(&m, &[u, h(CMD_HQ)]),
        ..Obstacles::default()
    };
    let status = command_status(&m, Side::Us, u, h(CMD_HQ), 10, &obstacles);
    assert_eq!(status, CommandStatus::Isolated);
}

#[test]
fn rule_5_8_4_isolated_when_encircled_by_ezoc_unless_a_friendly_unit_negates_it() {
    let m = map();
    let u = h(1509);
    // Every neighbour of the unit is an EZOC hex without a friendly unit: the path enters
    // one of them on its first step and would have to pass through it.
    let mut obstacles = Obstacles {
        enemy_zoc: units(&m, &ring(u)),
        friendly_units: units(&m, &[u, h(CMD_HQ)]),
        ..Obstacles::default()
    };
    let status = |o: &Obstacles| command_status(&m, Side::Us, u, h(CMD_HQ), 10, o);
    assert_eq!(status(&obstacles), CommandStatus::Isolated);
    // A friendly unit in the west neighbour 1508 opens the path: 1507-1508-1509, length 2.
    obstacles.friendly_units.insert_hex(&m, h(1508));
    assert_eq!(status(&obstacles), CommandStatus::InCommand);
}

#[test]
fn rule_5_4_1_command_path_may_enter_but_not_pass_through_an_ezoc() {
    let m = map();
    let x = h(CMD_HQ);
    let east = walk(x, &[East]);
    let beyond = walk(x, &[East, East]);
    // Enemy units on all the HQ's neighbours but the east one, which is in EZOC.
    let others: Vec<Hex> = ring(x).into_iter().filter(|&n| n != east).collect();
    let obstacles = Obstacles {
        enemy_units: units(&m, &others),
        enemy_zoc: units(&m, &[east]),
        friendly_units: units(&m, &[x]),
    };
    let paths = CommandPaths::trace(&m, Side::Us, x, &obstacles);
    assert_eq!(paths.length(&m, east), Some(1), "entered");
    assert_eq!(paths.length(&m, beyond), None, "not passed through");
    assert_eq!(paths.status(&m, beyond, 10), CommandStatus::Isolated);
}

#[test]
fn rule_5_8_2_command_path_crosses_streams_and_teeth_but_us_not_the_roer() {
    // 2011/2110 is a stream and dragon's teeth: the path crosses it at length 1.
    let m = map();
    let open = Obstacles::default();
    let paths = CommandPaths::trace(&m, Side::Us, h(2011), &open);
    assert_eq!(paths.length(&m, h(2110)), Some(1));
    assert_eq!(paths.length(&m, h(2010)), Some(1));
    // With the Roer on 2011/2012 (no road there), a US path goes round through 2111 (NE of
    // 2011, row 20 even; 2012 is SE of 2111): length 2. A German one too, lacking a road
    // (7.3.7: Germans cross the Roer only by road).
    let m = map_with_roer_at_2011_2012();
    assert!(!m.has_road(h(2011), East));
    for side in Side::BOTH {
        let paths = CommandPaths::trace(&m, side, h(2011), &open);
        assert_eq!(paths.length(&m, h(2012)), Some(2), "{side:?}");
    }
}

/// 5.8.2: a Command Path is broken by "terrain prohibited (to enter or cross) to the tracing
/// unit"; 7.3.7 lets German units cross the Roer only at its road crossings 5518-5519 and
/// 5420-5520, US units nowhere. A German path crosses there in one hex, and elsewhere goes
/// round by a crossing; a US path never reaches the far bank (the corner beyond the Roer,
/// 5422, 5519–5522, 5619–5622, is closed by the river and the map edge).
#[test]
fn rule_5_8_2_german_command_paths_cross_the_roer_only_at_its_road_crossings() {
    let m = map();
    let open = Obstacles::default();
    for (near, far) in [(5518, 5519), (5420, 5520)] {
        let dir = h(far).direction_to(h(near)).unwrap();
        assert!(m.hexside(h(far), dir).contains(HexsideFeatures::ROER));
        assert!(m.has_road(h(far), dir), "{far}-{near} is a road crossing");
        let german = CommandPaths::trace(&m, Side::German, h(far), &open);
        assert_eq!(german.length(&m, h(near)), Some(1), "German {far}-{near}");
        let german = CommandPaths::trace(&m, Side::German, h(near), &open);
        assert_eq!(german.length(&m, h(far)), Some(1), "German {near}-{far}");
        let us = CommandPaths::trace(&m, Side::Us, h(far), &open);
        assert_eq!(us.length(&m, h(near)), None, "US {far}-{near}");
        let us = CommandPaths::trace(&m, Side::Us, h(near), &open);
        assert_eq!(us.length(&m, h(far)), None, "US {near}-{far}");
    }
    // 5419/5519 is the Roer without a road: the German path goes round by 5518 (2 hexes).
    let dir = h(5519).direction_to(h(5419)).unwrap();
    assert!(m.hexside(h(5519), dir).contains(HexsideFeatures::ROER));
    assert!(!m.has_road(h(5519), dir));
    let german = CommandPaths::trace(&m, Side::German, h(5519), &open);
    assert_eq!(german.length(&m, h(5419)), Some(2));
}

// ------------------------------------------------------------------ 5.3.2, 7.4 relocation

#[test]
fn rule_7_4_relocation_path_free_of_enemy_units_and_ezoc() {
    let m = map();
    let (from, to) = (h(1507), h(1910));
    assert!(relocation_path_exists(&m, from, to, &Obstacles::default()));
    // A ring of EZOC round the destination cuts every path into it.
    let mut obstacles = Obstacles {
        enemy_zoc: units(&m, &ring(to)),
        ..Obstacles::default()
    };
    assert!(!relocation_path_exists(&m, from, to, &obstacles));
    // A friendly unit in one ring hex negates the EZOC there.
    obstacles.friendly_units.insert_hex(&m, ring(to)[0]);
    assert!(relocation_path_exists(&m, from, to, &obstacles));
    // Enemy units in the ring cut it whatever friendly units there are.
    obstacles.enemy_units = units(&m, &ring(to));
    assert!(!relocation_path_exists(&m, from, to, &obstacles));
}

#[test]
fn rule_7_4_start_and_destination_hexes_must_be_free_of_ezoc() {
    let m = map();
    let (from, to) = (h(1507), h(1910));
    // The HQ's start hex in EZOC: the moving HQ does not negate it (decision, 7.4).
    let mut obstacles = Obstacles {
        enemy_zoc: units(&m, &[from]),
        ..Obstacles::default()
    };
    assert!(!relocation_path_exists(&m, from, to, &obstacles));
    // Another friendly unit in the start hex negates it.
    obstacles.friendly_units.insert_hex(&m, from);
    assert!(relocation_path_exists(&m, from, to, &obstacles));
    // The destination in EZOC, with no friendly unit there.
    obstacles.enemy_zoc = units(&m, &[to]);
    assert!(!relocation_path_exists(&m, from, to, &obstacles));
}
