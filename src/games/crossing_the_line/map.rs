//! The whole map (3.1): hex terrain, hexside terrain, roads, supply areas, the German line of
//! turns 1–3 (7.3.8) and Aachen City (10.2), read from
//! `data/map.toml` (a labelled reconstruction, replaceable with `--data`) into dense per-hex
//! arrays for the rules engine.

mod schema;
mod validate;

use super::hex::{Bounds, Direction, Hex};
use crate::engine::data::{check_provenance, parse, read, At, DataError};
use std::path::Path;

/// The embedded default map.
pub const MAP_TOML: &str = include_str!("data/map.toml");

/// The most hexes a map may have: the capacity of the rules' fixed-size hex sets
/// (`control::HexSet`), so that the hot path never allocates.
pub const MAX_HEXES: usize = 1088;
/// 64-bit words of a hex bitset over `MAX_HEXES`.
pub const HEX_WORDS: usize = MAX_HEXES / 64;

/// Bit masks over dense hex indices for moving a whole hex set one hex in every direction at
/// once (`control::HexSet::spread`): every hex of the map, the hexes not in the first or the
/// last column, the even hexrows, and the hexes with a Roer hexside (where Command Paths need
/// the hexside-by-hexside check). `None` for a map narrower than 2 or wider than 62 columns
/// (a shift must stay within 1–63 bits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpreadMasks {
    pub width: usize,
    pub all: [u64; HEX_WORDS],
    pub not_first_col: [u64; HEX_WORDS],
    pub not_last_col: [u64; HEX_WORDS],
    pub even_rows: [u64; HEX_WORDS],
    pub roer: [u64; HEX_WORDS],
}

/// Hex terrain (3.1.1): it sets movement costs and the CRT column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Clear,
    PillboxInClear,
    Town,
    City,
    Industrial,
}

impl Terrain {
    pub const ALL: [Terrain; 5] = [
        Terrain::Clear,
        Terrain::PillboxInClear,
        Terrain::Town,
        Terrain::City,
        Terrain::Industrial,
    ];

    /// The name used in `map.toml`.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::PillboxInClear => "pillbox_in_clear",
            Terrain::Town => "town",
            Terrain::City => "city",
            Terrain::Industrial => "industrial",
        }
    }

    pub fn from_name(name: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.name() == name)
    }

    /// 7.4: an HQ must always be in a town, city or industrial hex. 7.3.3: these are not
    /// road hexes.
    pub const fn is_built_up(self) -> bool {
        matches!(self, Terrain::Town | Terrain::City | Terrain::Industrial)
    }
}

/// The features of one hexside, as bit flags (3.1.2 hexside terrain, 3.1.1 roads).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HexsideFeatures(u8);

impl HexsideFeatures {
    pub const NONE: HexsideFeatures = HexsideFeatures(0);
    pub const STREAM: HexsideFeatures = HexsideFeatures(1);
    pub const ROER: HexsideFeatures = HexsideFeatures(2);
    pub const DRAGONS_TEETH: HexsideFeatures = HexsideFeatures(4);
    pub const ROAD: HexsideFeatures = HexsideFeatures(8);

    pub const fn bits(self) -> u8 {
        self.0
    }

    pub const fn contains(self, other: HexsideFeatures) -> bool {
        self.0 & other.0 == other.0
    }

    pub const fn union(self, other: HexsideFeatures) -> HexsideFeatures {
        HexsideFeatures(self.0 | other.0)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

pub use super::side::Side;

/// A supply area (3.1.4) and the map edge hexes adjacent to it (5.7.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupplyArea {
    pub side: Side,
    pub name: String,
    pub edge_hexes: Vec<Hex>,
}

/// Per-hex marks other than terrain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct HexFlags(u8);

impl HexFlags {
    const AACHEN_CITY: u8 = 1;
    const PILLBOX_LINE: u8 = 4;
    const GERMAN_RESTRICTED: u8 = 8;
    const US_SUPPLY_EDGE: u8 = 16;
    const GERMAN_SUPPLY_EDGE: u8 = 32;

    fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

/// The map: dense arrays indexed by `bounds.index(hex)`.
#[derive(Clone, Debug)]
pub struct Map {
    bounds: Bounds,
    terrain: Vec<Terrain>,
    sides: Vec<[HexsideFeatures; 6]>,
    /// Per dense index, the dense index of each neighbour (`u16::MAX` off the map).
    neighbours: Vec<[u16; 6]>,
    spread: Option<SpreadMasks>,
    flags: Vec<HexFlags>,
    supply_areas: Vec<SupplyArea>,
    reconstructed: Vec<(&'static str, String)>,
}

impl Map {
    /// The embedded default map.
    pub fn embedded() -> Result<Map, DataError> {
        Map::from_toml(MAP_TOML, "embedded map.toml")
    }

    /// A user's `map.toml`.
    pub fn load(path: &Path) -> Result<Map, DataError> {
        let text = read(path)?;
        Map::from_toml(&text, &path.display().to_string())
    }

    /// Parses and checks a map; `file` names it in errors.
    pub fn from_toml(text: &str, file: &str) -> Result<Map, DataError> {
        let tables: schema::MapFile = parse(text, file)?;
        let mut reconstructed = Vec::new();
        for (table, source, basis) in tables.provenances() {
            check_provenance(At::new(file, table), source, basis)?;
            if source == "reconstructed" {
                reconstructed.push((table, basis.unwrap_or_default().to_string()));
            }
        }
        let mut map = validate::build(&tables, file)?;
        map.reconstructed = reconstructed;
        Ok(map)
    }

    fn empty(bounds: Bounds) -> Map {
        let n = bounds.len();
        let neighbours = bounds
            .hexes()
            .map(|h| {
                Direction::ALL.map(|d| {
                    h.neighbour(d)
                        .and_then(|x| bounds.index(x))
                        .map_or(u16::MAX, |i| i as u16)
                })
            })
            .collect();
        Map {
            bounds,
            terrain: vec![Terrain::Clear; n],
            sides: vec![[HexsideFeatures::NONE; 6]; n],
            neighbours,
            spread: None,
            flags: vec![HexFlags::default(); n],
            supply_areas: Vec::new(),
            reconstructed: Vec::new(),
        }
    }

    /// The map's rectangle of hexes.
    pub fn bounds(&self) -> Bounds {
        self.bounds
    }

    pub fn in_bounds(&self, hex: Hex) -> bool {
        self.bounds.contains(hex)
    }

    /// The dense index of an on-map hex.
    pub fn index(&self, hex: Hex) -> Option<usize> {
        self.bounds.index(hex)
    }

    /// The on-map neighbour across hexside `dir`.
    pub fn neighbour(&self, hex: Hex, dir: Direction) -> Option<Hex> {
        hex.neighbour(dir).filter(|&n| self.in_bounds(n))
    }

    /// The dense index of the neighbour of the hex at dense index `i` across direction `dir`
    /// (`Direction::index`), if on the map.
    #[inline]
    pub fn neighbour_at(&self, i: usize, dir: usize) -> Option<usize> {
        let n = self.neighbours[i][dir];
        (n != u16::MAX).then_some(usize::from(n))
    }

    /// The masks for whole-set neighbour moves, if the map is narrow enough.
    pub fn spread_masks(&self) -> Option<&SpreadMasks> {
        self.spread.as_ref()
    }

    /// Builds `spread_masks` once the hexsides are known.
    pub(super) fn finish(&mut self) {
        let b = self.bounds;
        let width = b.width();
        if !(2..=62).contains(&width) {
            return;
        }
        let mut m = SpreadMasks {
            width,
            all: [0; HEX_WORDS],
            not_first_col: [0; HEX_WORDS],
            not_last_col: [0; HEX_WORDS],
            even_rows: [0; HEX_WORDS],
            roer: [0; HEX_WORDS],
        };
        for (i, h) in b.hexes().enumerate() {
            let bit = |w: &mut [u64; HEX_WORDS]| w[i / 64] |= 1 << (i % 64);
            bit(&mut m.all);
            if h.col != b.first_col {
                bit(&mut m.not_first_col);
            }
            if h.col != b.last_col {
                bit(&mut m.not_last_col);
            }
            if h.row % 2 == 0 {
                bit(&mut m.even_rows);
            }
            if self.sides[i]
                .iter()
                .any(|f| f.contains(HexsideFeatures::ROER))
            {
                bit(&mut m.roer);
            }
        }
        self.spread = Some(m);
    }

    /// The terrain of the hex at dense index `i`.
    #[inline]
    pub fn terrain_at(&self, i: usize) -> Terrain {
        self.terrain[i]
    }

    /// The features of hexside `dir` of the hex at dense index `i`.
    #[inline]
    pub fn hexside_at(&self, i: usize, dir: usize) -> HexsideFeatures {
        self.sides[i][dir]
    }

    /// Hex terrain (3.1.1); `None` off the map.
    pub fn terrain(&self, hex: Hex) -> Option<Terrain> {
        self.index(hex).map(|i| self.terrain[i])
    }

    /// The features of hexside `dir` of `hex` (none off the map).
    pub fn hexside(&self, hex: Hex, dir: Direction) -> HexsideFeatures {
        self.index(hex)
            .map_or(HexsideFeatures::NONE, |i| self.sides[i][dir.index()])
    }

    /// Whether a road crosses hexside `dir` of `hex` (7.3.3).
    pub fn has_road(&self, hex: Hex, dir: Direction) -> bool {
        self.hexside(hex, dir).contains(HexsideFeatures::ROAD)
    }

    fn flag(&self, hex: Hex, bit: u8) -> bool {
        self.index(hex).is_some_and(|i| self.flags[i].has(bit))
    }

    /// 10.2: a US unit occupying an Aachen City hex at the end wins a decisive victory.
    pub fn is_aachen_city(&self, hex: Hex) -> bool {
        self.flag(hex, HexFlags::AACHEN_CITY)
    }

    /// A hex of the outer pillbox line of 7.3.8.
    pub fn is_on_pillbox_line(&self, hex: Hex) -> bool {
        self.flag(hex, HexFlags::PILLBOX_LINE)
    }

    /// 7.3.8: a hex north-west of the outer pillbox line, outside the Bulge of Kerkrade,
    /// that German units may not enter on game turns 1 to 3.
    pub fn is_german_restricted(&self, hex: Hex) -> bool {
        self.flag(hex, HexFlags::GERMAN_RESTRICTED)
    }

    /// 5.7.2: a map edge hex adjacent to one of `side`'s supply areas.
    pub fn is_supply_edge(&self, hex: Hex, side: Side) -> bool {
        let bit = match side {
            Side::Us => HexFlags::US_SUPPLY_EDGE,
            Side::German => HexFlags::GERMAN_SUPPLY_EDGE,
        };
        self.flag(hex, bit)
    }

    /// The supply areas (3.1.4) with their edge hexes.
    pub fn supply_areas(&self) -> &[SupplyArea] {
        &self.supply_areas
    }

    /// The tables that are reconstructions, with their basis (design rule 3).
    pub fn reconstructed(&self) -> &[(&'static str, String)] {
        &self.reconstructed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u16) -> Hex {
        Hex::from_number(n).unwrap()
    }

    #[test]
    fn rule_3_1_embedded_map_loads() {
        let map = Map::embedded().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(map.bounds().len(), 47 * 22);
        assert_eq!(map.terrain(h(2806)), Some(Terrain::City));
        assert_eq!(map.terrain(h(5701)), None);
    }
}
