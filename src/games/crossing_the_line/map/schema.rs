//! The tables of `map.toml` as written: hexes and hexsides still as text, so that the checks
//! can name the entry a user must fix.

use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub map: Extent,
    pub terrain: TerrainTable,
    pub dragons_teeth: HexsideList,
    pub streams: Streams,
    pub roer: HexsideList,
    pub roads: Roads,
    pub pillbox_line: HexList,
    pub kerkrade_bulge: HexList,
    pub aachen_city: HexList,
    pub supply: Supply,
}

/// The map's rectangle: first and last hexrow (XX), first and last column (YY).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extent {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    #[serde(deserialize_with = "crate::engine::data::exact")]
    pub rows: [u8; 2],
    #[serde(deserialize_with = "crate::engine::data::exact")]
    pub cols: [u8; 2],
}

/// Hex terrain by name: each key a terrain of 3.1.1, each value its hexes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainTable {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    pub hexes: BTreeMap<String, Vec<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideList {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    pub hexsides: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexList {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Streams {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    #[serde(default)]
    pub stream: Vec<Stream>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stream {
    pub name: String,
    pub hexsides: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roads {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    #[serde(default)]
    pub road: Vec<Road>,
}

/// A road as the path of hexes it runs through; each step crosses a road hexside.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Road {
    pub name: String,
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Supply {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    pub areas: Vec<SupplyAreaDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyAreaDef {
    pub side: super::Side,
    pub name: String,
    pub edge_hexes: Vec<String>,
}

impl MapFile {
    /// Every table's name and provenance, in file order.
    pub fn provenances(&self) -> [(&'static str, &str, Option<&str>); 10] {
        [
            ("map", &self.map.source, self.map.basis.as_deref()),
            (
                "terrain",
                &self.terrain.source,
                self.terrain.basis.as_deref(),
            ),
            (
                "dragons_teeth",
                &self.dragons_teeth.source,
                self.dragons_teeth.basis.as_deref(),
            ),
            (
                "streams",
                &self.streams.source,
                self.streams.basis.as_deref(),
            ),
            ("roer", &self.roer.source, self.roer.basis.as_deref()),
            ("roads", &self.roads.source, self.roads.basis.as_deref()),
            (
                "pillbox_line",
                &self.pillbox_line.source,
                self.pillbox_line.basis.as_deref(),
            ),
            (
                "kerkrade_bulge",
                &self.kerkrade_bulge.source,
                self.kerkrade_bulge.basis.as_deref(),
            ),
            (
                "aachen_city",
                &self.aachen_city.source,
                self.aachen_city.basis.as_deref(),
            ),
            ("supply", &self.supply.source, self.supply.basis.as_deref()),
        ]
    }
}
