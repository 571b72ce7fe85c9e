//! The data schema of Cross of Iron's playable scenario: the Squad Leader charts
//! (`charts.toml`), the counters (`counters.toml`) and the scenario (`scenario.toml`). The
//! Squad Leader charts and the vehicle and gun listings are missing from the text, so those
//! tables are reconstructions, each labelled with its basis; the infantry, leader and
//! support-weapon values are the text's (DYO, p. 82). `--data` replaces any of the files.

mod load;

pub use crate::engine::data::{DataError, Provenance};
pub use load::{load, DATA_FILES};
use serde::Deserialize;

/// The two sides, in player order.
pub const SIDES: [&str; 2] = ["germans", "russians"];

/// The phases of a player turn, in the order the engine plays them (SL 4.1–4.8).
pub const PHASES: [&str; 8] = [
    "rally",
    "prep_fire",
    "movement",
    "defensive_fire",
    "advancing_fire",
    "rout",
    "advance",
    "close_combat",
];

// ------------------------------------------------------------------------ charts.toml

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charts {
    pub sequence_of_play: SequenceOfPlay,
    pub infantry_fire_table: FireTable,
    pub terrain: TerrainChart,
    pub fire: FireChart,
    pub morale: MoraleChart,
    pub to_hit: ToHitChart,
    pub close_combat: CloseCombatChart,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceOfPlay {
    pub source: String,
    pub basis: Option<String>,
    pub phases: Vec<String>,
}

/// The Infantry Fire Table: one entry per firepower column.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireTable {
    pub source: String,
    pub basis: Option<String>,
    pub columns: Vec<FireColumn>,
}

/// One IFT column: the highest final roll giving each result.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FireColumn {
    pub fp: u8,
    pub kia: i8,
    pub mc3: i8,
    pub mc2: i8,
    pub mc1: i8,
    pub mc: i8,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TerrainCost {
    pub tem: i8,
    pub mf: u8,
    pub mp: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainChart {
    pub source: String,
    pub basis: Option<String>,
    pub open: TerrainCost,
    pub woods: TerrainCost,
    pub wooden_building: TerrainCost,
    pub stone_building: TerrainCost,
    pub climb_mf: u8,
    pub climb_mp: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireChart {
    pub source: String,
    pub basis: Option<String>,
    pub point_blank_multiplier: u8,
    /// Whether an AFV's MGs fire point blank too (SL 9.1 read to cover 64.4's MGs).
    pub afv_mg_point_blank: bool,
    pub long_range_factor: u8,
    pub moving_in_open_drm: i8,
    pub squads_per_hex: u8,
    pub vehicles_per_hex: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleChart {
    pub source: String,
    pub basis: Option<String>,
    pub desperation: u8,
    pub desperation_ss: u8,
    pub squad_mf: u8,
    pub leader_mf: u8,
    pub with_leader_mf: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToHitChart {
    pub source: String,
    pub basis: Option<String>,
    /// The upper end of each range band, increasing.
    pub ranges: Vec<u8>,
    pub vehicle: Vec<i8>,
    pub infantry: Vec<i8>,
    pub turret_turn_drm: i8,
    pub hull_turn_drm: i8,
    pub firer_moved_drm: i8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloseCombatChart {
    pub source: String,
    pub basis: Option<String>,
    /// Odds columns as [attacker, defender], increasing.
    #[serde(deserialize_with = "crate::engine::data::exact_each")]
    pub odds: Vec<[u8; 2]>,
    pub kill: Vec<i8>,
    pub afv_defense: u8,
}

// ---------------------------------------------------------------------- counters.toml

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    pub infantry: InfantryList,
    pub leaders: LeaderList,
    pub support_weapons: WeaponList,
    pub guns: GunList,
    pub vehicles: VehicleList,
    pub at_guns: AtGunList,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfantryList {
    pub source: String,
    pub basis: Option<String>,
    pub units: Vec<InfantryDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfantryDef {
    pub id: String,
    pub side: String,
    pub fp: u8,
    pub range: u8,
    pub morale: u8,
    pub points: u16,
    #[serde(default)]
    pub crew: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderList {
    pub source: String,
    pub basis: Option<String>,
    pub units: Vec<LeaderDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderDef {
    pub id: String,
    pub side: String,
    pub morale: u8,
    pub modifier: i8,
    pub points: u16,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponList {
    pub source: String,
    pub basis: Option<String>,
    pub weapons: Vec<WeaponDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    pub id: String,
    pub side: String,
    pub fp: u8,
    pub range: u8,
    pub breakdown: u8,
    pub points: u16,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunList {
    pub source: String,
    pub basis: Option<String>,
    pub guns: Vec<GunDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunDef {
    pub id: String,
    pub calibre: u16,
    pub suffix: String,
    pub rof: u8,
    pub breakdown: u8,
    pub he_fp: u8,
    /// Kill number by the TO HIT table's range bands.
    pub kill: Vec<i8>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleList {
    pub source: String,
    pub basis: Option<String>,
    pub vehicles: Vec<VehicleDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleDef {
    pub id: String,
    pub side: String,
    pub gun: String,
    pub mp: u8,
    pub front: i8,
    pub side_rear: i8,
    pub size: String,
    pub turret: bool,
    #[serde(default)]
    pub open_top: bool,
    pub bow_mg: u8,
    pub coax_mg: u8,
    pub points: u16,
    /// What the board prints on the counter (at most 5 characters; the id's first word if
    /// none).
    #[serde(default)]
    pub face: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtGunList {
    pub source: String,
    pub basis: Option<String>,
    pub guns: Vec<AtGunDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtGunDef {
    pub id: String,
    pub side: String,
    pub gun: String,
    pub rof: u8,
    pub crew: String,
    pub shield: bool,
    pub points: u16,
    /// What the board prints on the counter (as a vehicle's `face`).
    #[serde(default)]
    pub face: Option<String>,
}

// ---------------------------------------------------------------------- scenario.toml

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub scenario: ScenarioDef,
    pub rules: RuleOptions,
    pub board: BoardDef,
    pub setup: Vec<SetupDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    pub source: String,
    pub basis: Option<String>,
    pub id: String,
    pub name: String,
    pub turns: u8,
    pub first: String,
    pub objectives: Vec<String>,
    pub required: u8,
    pub holder: String,
}

/// The optional Cross of Iron sections a scenario plays with (each a rule number).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RuleOptions {
    pub source: String,
    pub double_time: bool,
    pub armor_leaders: bool,
    pub speed_breakdown: bool,
    pub ss: bool,
    pub prisoners: bool,
    pub infantry_height: bool,
    pub battlefield_integrity: bool,
    pub inexperienced: bool,
    pub sustained_fire: bool,
    #[serde(default)]
    pub critical_threshold: super::gunnery::CriticalThreshold,
    /// 63.11, 64.1: what a counter's front points at (`hexspine`, the default, or `hexside`).
    #[serde(default)]
    pub covered_arc: super::board::CoveredArc,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDef {
    pub source: String,
    pub basis: Option<String>,
    pub terrain: Vec<String>,
    pub levels: Vec<String>,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArmorLeaderDef {
    pub morale: u8,
    pub modifier: i8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupDef {
    pub name: String,
    pub counter: String,
    pub side: String,
    pub hex: String,
    #[serde(default)]
    pub facing: Option<String>,
    #[serde(default)]
    pub sw: Option<String>,
    #[serde(default)]
    pub armor_leader: Option<ArmorLeaderDef>,
}

/// Everything the scenario is built from.
#[derive(Clone, Debug)]
pub struct DataSet {
    pub charts: Charts,
    pub counters: Counters,
    pub scenario: ScenarioFile,
}

impl DataSet {
    /// Every table's name, file index and provenance.
    pub fn sources(&self) -> Vec<crate::engine::data::TableSource<'_>> {
        use crate::engine::data::TableSource as T;
        let (c, k, s) = (&self.charts, &self.counters, &self.scenario);
        vec![
            T::new(
                "sequence_of_play",
                0,
                &c.sequence_of_play.source,
                &c.sequence_of_play.basis,
            ),
            T::new(
                "infantry_fire_table",
                0,
                &c.infantry_fire_table.source,
                &c.infantry_fire_table.basis,
            ),
            T::new("terrain", 0, &c.terrain.source, &c.terrain.basis),
            T::new("fire", 0, &c.fire.source, &c.fire.basis),
            T::new("morale", 0, &c.morale.source, &c.morale.basis),
            T::new("to_hit", 0, &c.to_hit.source, &c.to_hit.basis),
            T::new(
                "close_combat",
                0,
                &c.close_combat.source,
                &c.close_combat.basis,
            ),
            T::new("infantry", 1, &k.infantry.source, &k.infantry.basis),
            T::new("leaders", 1, &k.leaders.source, &k.leaders.basis),
            T::new(
                "support_weapons",
                1,
                &k.support_weapons.source,
                &k.support_weapons.basis,
            ),
            T::new("guns", 1, &k.guns.source, &k.guns.basis),
            T::new("vehicles", 1, &k.vehicles.source, &k.vehicles.basis),
            T::new("at_guns", 1, &k.at_guns.source, &k.at_guns.basis),
            T::new("scenario", 2, &s.scenario.source, &s.scenario.basis),
            T::new("board", 2, &s.board.source, &s.board.basis),
        ]
    }

    /// The reconstructed tables and their bases.
    pub fn reconstructed_tables(&self) -> Vec<(&'static str, String)> {
        crate::engine::data::reconstructed(&self.sources())
    }
}
