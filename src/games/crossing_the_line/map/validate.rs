//! Builds a [`Map`] from the tables of `map.toml`, checking every constraint the rulebook
//! puts on them; each failure is one line naming the file, the table and the entry.

use super::schema::*;
use super::*;
use crate::engine::data::check_name;
use crate::games::crossing_the_line::hex::Hexside;
use std::collections::{HashMap, HashSet};

/// 7.5.1.2A: the dragon's-teeth hexsides where a stream or road runs through the depiction.
pub const RULE_7_5_1_2_TEETH: [(u16, u16); 7] = [
    (1821, 1921),
    (1919, 2019),
    (2011, 2110),
    (2008, 2108),
    (2504, 2505),
    (3102, 3103),
    (3403, 3303),
];

/// 7.3.8: the outer pillbox line runs "from hex 2106 to hex 5605".
pub const RULE_7_3_8_LINE_ENDS: (u16, u16) = (2106, 5605);

/// 7.3.8 EXCEPTION: the Bulge of Kerkrade.
pub const RULE_7_3_8_BULGE: [u16; 8] = [3803, 3804, 3903, 3904, 3704, 3805, 4004, 4103];

pub(super) fn build(t: &MapFile, file: &str) -> Result<Map, DataError> {
    let bounds = extent(At::new(file, "map"), t.map.rows, t.map.cols)?;
    if bounds.len() > MAX_HEXES {
        return Err(At::new(file, "map").err(
            "rows, cols",
            format!(
                "{} hexes; the engine's hex sets hold at most {MAX_HEXES}",
                bounds.len()
            ),
        ));
    }
    let mut map = Map::empty(bounds);
    set_terrain(&mut map, &t.terrain, At::new(file, "terrain"))?;
    set_hexsides(&mut map, t, file)?;
    check_teeth(&map, At::new(file, "dragons_teeth"))?;
    check_roer_crossings(&map, t, At::new(file, "roer"))?;
    set_german_line(&mut map, t, file)?;
    set_aachen_city(&mut map, &t.aachen_city, At::new(file, "aachen_city"))?;
    set_supply(&mut map, &t.supply, At::new(file, "supply"))?;
    map.finish();
    Ok(map)
}

// ------------------------------------------------------------------------- reading hexes

fn bounds_text(b: Bounds) -> String {
    format!(
        "hexrows {:02}–{:02}, columns {:02}–{:02}",
        b.first_row, b.last_row, b.first_col, b.last_col
    )
}

/// A hex number, on the map.
fn hex_in(at: At, bounds: Bounds, text: &str) -> Result<Hex, DataError> {
    let hex = Hex::parse(text).map_err(|e| at.err(format!("hex {text:?}"), e.to_string()))?;
    if !bounds.contains(hex) {
        return Err(at.err(
            format!("hex {hex}"),
            format!("hex {hex} is off the map ({})", bounds_text(bounds)),
        ));
    }
    Ok(hex)
}

/// A hexside "XXYY/XXYY" between two adjacent hexes on the map.
fn hexside_in(at: At, bounds: Bounds, text: &str) -> Result<Hexside, DataError> {
    let entry = format!("hexside {text}");
    let Some((a, b)) = text.split_once('/') else {
        return Err(at.err(
            entry,
            "a hexside is written \"XXYY/XXYY\", like \"2011/2110\"",
        ));
    };
    let (a, b) = (hex_in(at, bounds, a)?, hex_in(at, bounds, b)?);
    Hexside::between(a, b).ok_or_else(|| {
        at.err(
            entry,
            format!("hexes {a} and {b} are not adjacent, so they share no hexside"),
        )
    })
}

fn idx(map: &Map, hex: Hex) -> usize {
    // Every hex reaching here was checked by `hex_in`.
    map.bounds.index(hex).unwrap_or(0)
}

// ------------------------------------------------------------------------- areas

fn extent(at: At, rows: [u8; 2], cols: [u8; 2]) -> Result<Bounds, DataError> {
    for (entry, [first, last]) in [("rows", rows), ("cols", cols)] {
        if first > last || last > 99 {
            return Err(at.err(
                entry,
                format!("[{first}, {last}] is not a range of two-digit numbers, first ≤ last"),
            ));
        }
    }
    Ok(Bounds {
        first_row: rows[0],
        last_row: rows[1],
        first_col: cols[0],
        last_col: cols[1],
    })
}

// ------------------------------------------------------------------------- terrain

/// 3.1.1: each hex has one terrain; unlisted hexes are clear.
fn set_terrain(map: &mut Map, t: &TerrainTable, at: At) -> Result<(), DataError> {
    let mut seen: HashMap<Hex, Terrain> = HashMap::new();
    for (name, hexes) in &t.hexes {
        let Some(terrain) = Terrain::from_name(name) else {
            let names: Vec<&str> = Terrain::ALL.iter().map(|t| t.name()).collect();
            return Err(at.err(
                name.as_str(),
                format!(
                    "unknown terrain {name:?}: the hex terrains of 3.1.1 are {}",
                    names.join(", ")
                ),
            ));
        };
        for text in hexes {
            let hex = hex_in(at, map.bounds, text)?;
            if let Some(before) = seen.insert(hex, terrain) {
                return Err(at.err(
                    format!("hex {hex}"),
                    format!(
                        "hex {hex} is listed twice ({} and {name}): a hex has one terrain",
                        before.name()
                    ),
                ));
            }
            let i = idx(map, hex);
            map.terrain[i] = terrain;
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------- hexsides

fn mark(map: &mut Map, side: Hexside, feature: HexsideFeatures) {
    let (a, b) = side.hexes();
    let (hex, dir) = side.side();
    let (ia, ib) = (idx(map, a), idx(map, b));
    debug_assert_eq!(hex, a);
    map.sides[ia][dir.index()] = map.sides[ia][dir.index()].union(feature);
    let back = dir.opposite().index();
    map.sides[ib][back] = map.sides[ib][back].union(feature);
}

/// A list of hexsides, each once, all given `feature`.
fn mark_list<'a>(
    map: &mut Map,
    at: At,
    texts: impl IntoIterator<Item = &'a String>,
    feature: HexsideFeatures,
    seen: &mut HashSet<Hexside>,
) -> Result<(), DataError> {
    for text in texts {
        let side = hexside_in(at, map.bounds, text)?;
        if !seen.insert(side) {
            return Err(at.err(
                format!("hexside {text}"),
                format!("hexside {side} is listed twice"),
            ));
        }
        mark(map, side, feature);
    }
    Ok(())
}

fn set_hexsides(map: &mut Map, t: &MapFile, file: &str) -> Result<(), DataError> {
    let teeth = &t.dragons_teeth.hexsides;
    let at = At::new(file, "dragons_teeth");
    mark_list(
        map,
        at,
        teeth,
        HexsideFeatures::DRAGONS_TEETH,
        &mut HashSet::new(),
    )?;
    let at = At::new(file, "roer");
    mark_list(
        map,
        at,
        &t.roer.hexsides,
        HexsideFeatures::ROER,
        &mut HashSet::new(),
    )?;
    let at = At::new(file, "streams");
    let mut seen = HashSet::new();
    for stream in &t.streams.stream {
        mark_list(
            map,
            at,
            &stream.hexsides,
            HexsideFeatures::STREAM,
            &mut seen,
        )
        .map_err(|mut e| {
            e.entry = format!("stream {:?} {}", stream.name, e.entry);
            e
        })?;
    }
    for road in &t.roads.road {
        set_road(map, road, At::new(file, "roads"))?;
    }
    Ok(())
}

/// A road: a path of at least two hexes, each next to the one before, none twice.
fn set_road(map: &mut Map, road: &Road, at: At) -> Result<(), DataError> {
    let entry = format!("road {:?}", road.name);
    check_name("name", &road.name).map_err(|message| at.err(&entry, message))?;
    if road.hexes.len() < 2 {
        return Err(at.err(entry, "a road runs through at least two hexes"));
    }
    let mut seen = HashSet::new();
    let mut before: Option<Hex> = None;
    for text in &road.hexes {
        let hex = hex_in(at, map.bounds, text)?;
        if !seen.insert(hex) {
            return Err(at.err(entry, format!("the road passes hex {hex} twice")));
        }
        if let Some(prev) = before {
            let Some(side) = Hexside::between(prev, hex) else {
                return Err(at.err(
                    entry,
                    format!("hexes {prev} and {hex} follow each other but are not adjacent"),
                ));
            };
            mark(map, side, HexsideFeatures::ROAD);
        }
        before = Some(hex);
    }
    Ok(())
}

/// 7.5.1.2A: the listed teeth hexsides are present, and each has a road or stream through
/// it (that is why the rule lists them).
fn check_teeth(map: &Map, at: At) -> Result<(), DataError> {
    for (a, b) in RULE_7_5_1_2_TEETH {
        // The rule's pairs are adjacent (hex.rs tests them); a pair that is not cannot be on
        // any map, so it is reported as missing.
        let Some(side) = Hexside::between(rule_hex(a), rule_hex(b)) else {
            return Err(at.err(format!("hexside {a}/{b}"), "not a hexside"));
        };
        let (hex, dir) = side.side();
        let features = map.hexside(hex, dir);
        let entry = format!("hexside {side}");
        if !features.contains(HexsideFeatures::DRAGONS_TEETH) {
            return Err(at.err(
                entry,
                format!("7.5.1.2A makes {a}/{b} a dragon's teeth hexside; it is missing"),
            ));
        }
        if !features.contains(HexsideFeatures::ROAD) && !features.contains(HexsideFeatures::STREAM)
        {
            return Err(at.err(
                entry,
                format!(
                    "7.5.1.2A lists {a}/{b} because a road or stream runs through its teeth, \
                     but [roads] and [streams] give it neither"
                ),
            ));
        }
    }
    Ok(())
}

/// 7.3.7: "German units can cross the Roer River only via roads (5518-5519 and 5420-5520)":
/// both are Roer hexsides with a road, and no other Roer hexside has one (trial 17a F4: the
/// map's comment said so, and nothing checked it).
fn check_roer_crossings(map: &Map, t: &MapFile, at: At) -> Result<(), DataError> {
    const CROSSINGS: [(u16, u16); 2] = [(5518, 5519), (5420, 5520)];
    let crossing = |side: Hexside| {
        CROSSINGS
            .iter()
            .any(|&(a, b)| Hexside::between(rule_hex(a), rule_hex(b)) == Some(side))
    };
    for &(a, b) in &CROSSINGS {
        let Some(side) = Hexside::between(rule_hex(a), rule_hex(b)) else {
            continue; // off this map: nothing to cross
        };
        let (hex, dir) = side.side();
        if !map.in_bounds(hex) {
            continue;
        }
        let features = map.hexside(hex, dir);
        if !(features.contains(HexsideFeatures::ROER) && features.contains(HexsideFeatures::ROAD)) {
            return Err(at.err(
                format!("hexside {side}"),
                format!(
                    "7.3.7 crosses the Roer by road at {a}-{b}: it needs a Roer hexside and a road"
                ),
            ));
        }
    }
    for text in &t.roer.hexsides {
        let side = hexside_in(at, map.bounds, text)?;
        let (hex, dir) = side.side();
        if map.hexside(hex, dir).contains(HexsideFeatures::ROAD) && !crossing(side) {
            return Err(at.err(
                format!("hexside {side}"),
                "a road crosses the Roer here, but 7.3.7 names only 5518-5519 and 5420-5520",
            ));
        }
    }
    Ok(())
}

fn rule_hex(n: u16) -> Hex {
    Hex::new((n / 100) as u8, (n % 100) as u8)
}

// ------------------------------------------------------------------------- 7.3.8

fn set_german_line(map: &mut Map, t: &MapFile, file: &str) -> Result<(), DataError> {
    let at = At::new(file, "pillbox_line");
    let line = pillbox_line(map, &t.pillbox_line, at)?;
    // West end of the line in each hexrow: the hexes west of it are north-west of the line.
    let mut west_end: HashMap<u8, u8> = HashMap::new();
    for &hex in &line {
        let i = idx(map, hex);
        map.flags[i].0 |= HexFlags::PILLBOX_LINE;
        let col = west_end.entry(hex.row).or_insert(hex.col);
        *col = (*col).min(hex.col);
    }
    let bulge = kerkrade_bulge(
        map,
        &t.kerkrade_bulge,
        &west_end,
        At::new(file, "kerkrade_bulge"),
    )?;
    for hex in map.bounds.hexes() {
        if west_of_line(&west_end, hex) && !bulge.contains(&hex) {
            let i = idx(map, hex);
            map.flags[i].0 |= HexFlags::GERMAN_RESTRICTED;
        }
    }
    Ok(())
}

/// 7.3.8 "north-west of the line": west of the line's west end in the hex's hexrow.
fn west_of_line(west_end: &HashMap<u8, u8>, hex: Hex) -> bool {
    west_end.get(&hex.row).is_some_and(|&c| hex.col < c)
}

/// 7.3.8: a chain of adjacent hexes from 2106, ending at 5605 or at the map's north edge.
fn pillbox_line(map: &Map, t: &HexList, at: At) -> Result<Vec<Hex>, DataError> {
    let line = t
        .hexes
        .iter()
        .map(|s| hex_in(at, map.bounds, s))
        .collect::<Result<Vec<_>, _>>()?;
    let (start, end) = (
        rule_hex(RULE_7_3_8_LINE_ENDS.0),
        rule_hex(RULE_7_3_8_LINE_ENDS.1),
    );
    if line.first() != Some(&start) {
        return Err(at.err("hexes", format!("7.3.8: the line starts at hex {start}")));
    }
    if let Some(w) = line.windows(2).find(|w| !w[0].is_adjacent(w[1])) {
        return Err(at.err(
            format!("hex {}", w[1]),
            format!(
                "hexes {} and {} follow each other but are not adjacent",
                w[0], w[1]
            ),
        ));
    }
    let last = line[line.len() - 1];
    let reaches_end = last == end || (!map.in_bounds(end) && last.row == map.bounds.last_row);
    if !reaches_end {
        return Err(at.err(
            format!("hex {last}"),
            format!(
                "7.3.8: the line runs to hex {end} (or the map's north edge); it stops at {last}"
            ),
        ));
    }
    Ok(line)
}

/// 7.3.8 EXCEPTION: exactly the eight bulge hexes, each north-west of the line.
fn kerkrade_bulge(
    map: &Map,
    t: &HexList,
    west_end: &HashMap<u8, u8>,
    at: At,
) -> Result<HashSet<Hex>, DataError> {
    let mut bulge = HashSet::new();
    for text in &t.hexes {
        let hex = hex_in(at, map.bounds, text)?;
        if !RULE_7_3_8_BULGE.contains(&hex.number()) {
            return Err(at.err(
                format!("hex {hex}"),
                format!("hex {hex} is not one of the Bulge of Kerkrade's hexes in 7.3.8"),
            ));
        }
        if !west_of_line(west_end, hex) {
            return Err(at.err(
                format!("hex {hex}"),
                format!("bulge hex {hex} must lie north-west of the pillbox line (7.3.8)"),
            ));
        }
        if !bulge.insert(hex) {
            return Err(twice(at, hex));
        }
    }
    missing(
        at,
        &RULE_7_3_8_BULGE,
        &bulge,
        "the Bulge of Kerkrade (7.3.8)",
    )?;
    Ok(bulge)
}

/// The first of the rule's hexes not in `have`, as an error.
fn missing(at: At, rule: &[u16], have: &HashSet<Hex>, what: &str) -> Result<(), DataError> {
    match rule
        .iter()
        .map(|&n| rule_hex(n))
        .find(|h| !have.contains(h))
    {
        Some(hex) => Err(at.err(
            format!("hex {hex}"),
            format!("hex {hex} of {what} is missing"),
        )),
        None => Ok(()),
    }
}

// ------------------------------------------------------------------------- victory

/// 10.2: Aachen City hexes, each a City hex.
/// A hex a list names twice: a slip the list's reader would pass over (trial 16a F4).
fn twice(at: At, hex: Hex) -> DataError {
    at.err(format!("hex {hex}"), format!("hex {hex} is listed twice"))
}

fn set_aachen_city(map: &mut Map, t: &HexList, at: At) -> Result<(), DataError> {
    if t.hexes.is_empty() {
        return Err(at.err("hexes", "10.2 needs at least one Aachen City hex"));
    }
    let mut seen = HashSet::new();
    for text in &t.hexes {
        let hex = hex_in(at, map.bounds, text)?;
        if !seen.insert(hex) {
            return Err(twice(at, hex));
        }
        let i = idx(map, hex);
        if map.terrain[i] != Terrain::City {
            return Err(at.err(
                format!("hex {hex}"),
                format!(
                    "Aachen City hex {hex} has terrain {} in [terrain], not city",
                    map.terrain[i].name()
                ),
            ));
        }
        map.flags[i].0 |= HexFlags::AACHEN_CITY;
    }
    Ok(())
}

// ------------------------------------------------------------------------- supply

/// 3.1.4, 5.7.2: supply areas with their map edge hexes; the US has one on the southern map
/// edge (10.4: "the US supply source on the southern map edge").
fn set_supply(map: &mut Map, t: &Supply, at: At) -> Result<(), DataError> {
    for area in &t.areas {
        let entry = format!("area {:?}", area.name);
        check_name("name", &area.name).map_err(|message| at.err(&entry, message))?;
        if area.edge_hexes.is_empty() {
            return Err(at.err(entry, "a supply area needs at least one map edge hex"));
        }
        let mut hexes = Vec::with_capacity(area.edge_hexes.len());
        for text in &area.edge_hexes {
            let hex = hex_in(at, map.bounds, text)?;
            if hexes.contains(&hex) {
                return Err(at.err(entry, format!("hex {hex} is listed twice")));
            }
            if !map.bounds.on_edge(hex) {
                return Err(at.err(
                    entry,
                    format!("hex {hex} is not a map edge hex (5.7.2: supply is traced to a map edge hex adjacent to the supply area)"),
                ));
            }
            let bit = match area.side {
                Side::Us => HexFlags::US_SUPPLY_EDGE,
                Side::German => HexFlags::GERMAN_SUPPLY_EDGE,
            };
            let i = idx(map, hex);
            map.flags[i].0 |= bit;
            hexes.push(hex);
        }
        map.supply_areas.push(SupplyArea {
            side: area.side,
            name: area.name.clone(),
            edge_hexes: hexes,
        });
    }
    check_supply_sides(map, at)
}

fn check_supply_sides(map: &Map, at: At) -> Result<(), DataError> {
    for side in [Side::Us, Side::German] {
        if !map.supply_areas.iter().any(|a| a.side == side) {
            return Err(at.err("areas", format!("no supply area for side {side:?}")));
        }
    }
    let south = map.bounds.first_row;
    let us_south = map
        .supply_areas
        .iter()
        .filter(|a| a.side == Side::Us)
        .any(|a| a.edge_hexes.iter().any(|h| h.row == south));
    if !us_south {
        return Err(at.err(
            "areas",
            "10.4 speaks of the US supply source on the southern map edge: give the US an area \
             with edge hexes in the first hexrow",
        ));
    }
    Ok(())
}
