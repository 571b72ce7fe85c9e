//! The immutable ruleset of one scenario: the data (map, charts, counters, scenario) turned into
//! dense tables the engine reads in its hot path — units and formations by small index, hexes
//! by the map's dense index with their neighbours inside the scenario's area, ZOC directions,
//! supply edges and the distances retreats steer by.

use super::charts::Charts;
use super::control::HexSet;
use super::counters::{Movement, UnitClass, UnitDef, UnitKind};
use super::data::DataSet;
use super::hex::{Direction, Hex};
use super::map::{HexsideFeatures, Map, Terrain};
use super::movement::{step_terrain, StepTerrain};
use super::scenario::{ScenarioDef, ACROSS_THE_WURM, CAMPAIGN, FIRST_BLOOD, STOLBERG_CORRIDOR};
use super::side::Side;
use super::stacking::MAX_HQ_PLACES;
use super::state::{State, Units, MAX_FORMATIONS, MAX_UNITS};

/// 7.3.8: the last game turn of the German movement restriction.
const GERMAN_RESTRICTION_LAST_TURN: u8 = 3;
use crate::engine::data::{At, DataError};

/// No hex: off the map or outside the scenario's area.
pub const NO_HEX: u16 = u16::MAX;

/// The scenarios the engine plays (10.1, 10.2, 10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScenarioKind {
    /// 10.1: solitaire, static Germans, rated by activations.
    FirstBlood,
    /// 10.2: turns 1–3, VP hexes, or an Aachen City hex occupied.
    StolbergCorridor,
    /// 10.3: turns 5–8, VP hexes.
    AcrossTheWurm,
    /// 10.4: turns 1–8 on the whole map; the Victory Plan (8.3), VP for German SP losses (9)
    /// and the German automatic victory.
    Campaign,
}

impl ScenarioKind {
    /// Whether the US scores VP hexes (9): every scenario but First Blood.
    pub fn has_vp_hexes(self) -> bool {
        self != ScenarioKind::FirstBlood
    }

    /// Whether `side` is no player here: the static Germans of First Blood (10.1), whose
    /// choices the rules make by the doctrine's rule.
    pub fn is_static(self, side: Side) -> bool {
        self == ScenarioKind::FirstBlood && side == Side::German
    }
}

/// A combat unit's printed values, by unit index.
#[derive(Clone, Debug)]
pub struct UnitInfo {
    pub name: String,
    pub side: Side,
    /// The parent formation's index; `None` for an independent (5.5.2).
    pub parent: Option<u8>,
    pub kind: UnitKind,
    pub class: UnitClass,
    pub movement: Movement,
    pub ma: u8,
    pub er: [u8; 2],
    pub strength: u8,
    /// Tank Points (AFV type) or Anti-Tank Points (Infantry type), `[front, disrupted]`.
    pub armor: [u8; 2],
    pub def: UnitDef,
}

/// A formation and its HQ's printed values (3.3), by formation index.
#[derive(Clone, Debug)]
pub struct FormationInfo {
    pub id: String,
    pub name: String,
    pub side: Side,
    /// US formations: their Corps (5.5.2).
    pub corps: Option<String>,
    pub reaction_rating: u8,
    pub command_range: u8,
    pub support: u8,
    pub relocation: u8,
    pub max_activation_level: u8,
    /// 8.1.1 (US, fixed) or 8.1.3 (German, the Recovery Rating).
    pub recovery: u8,
}

/// General Chart B's Victory Plan by index (8.3, 9).
#[derive(Clone, Debug)]
pub struct PlanChart {
    /// Per location, its name and the bits of `Ruleset::vp_hexes` that make it up.
    pub locations: Vec<(String, u32)>,
    /// Per marker: its name and VP per location (`None`: a dummy).
    pub markers: Vec<(String, Option<Vec<u8>>)>,
    /// Quarter VPs per German SP lost, per unit index (0 for US units).
    pub loss_quarters: Vec<u8>,
    /// The hexes adjacent to the US supply source on the southern map edge (10.4's German
    /// automatic victory).
    pub us_south_edge: HexSet,
}

/// A unit arriving (8.5.1): on `turn`, at `hex`, for `formation`.
#[derive(Clone, Copy, Debug)]
pub struct Arrival {
    pub turn: u8,
    pub unit: u8,
    pub hex: u16,
    pub formation: u8,
}

/// An HQ arriving with its formation (8.5.1).
#[derive(Clone, Copy, Debug)]
pub struct HqArrival {
    pub turn: u8,
    pub formation: u8,
    pub hex: u16,
    pub activation_level: u8,
}

pub struct Ruleset {
    pub map: Map,
    pub charts: Charts,
    pub units: Vec<UnitInfo>,
    pub formations: Vec<FormationInfo>,
    pub kind: ScenarioKind,
    /// The scenario's id in the data (`stolberg-corridor`) and its name.
    pub scenario_id: String,
    pub scenario_name: String,
    pub first_turn: u8,
    pub last_turn: u8,
    /// The scenario's map area (10), and every other hex of the map.
    pub area: HexSet,
    pub outside: HexSet,
    neighbours: Vec<[u16; 6]>,
    /// Per hex and direction, what the map says of a step across (7.3).
    steps: Vec<[StepTerrain; 6]>,
    /// The cheapest step there is, in half-MPs: the road rate or the cheapest terrain.
    pub min_step_half: u8,
    /// Per hex, per class (Infantry, AFV): the directions a unit there projects a ZOC into.
    zoc_dirs: Vec<[u8; 2]>,
    pub built_up: HexSet,
    /// 5.7.2: each side's map edge hexes adjacent to its supply areas, inside the area.
    pub supply_edge: [HexSet; 2],
    /// Hexes from each side's nearest supply edge hex, for retreats (7.5.2).
    pub supply_distance: [Vec<u8>; 2],
    /// 10.2, 10.3: the scenario's VP hexes, with their values; 10.4: the Victory Plan
    /// locations' hexes, each with the most any plan gives its location.
    pub vp_hexes: Vec<(u16, u8)>,
    /// 10.4, 8.3: the Victory Plan (absent in the other scenarios).
    pub plan: Option<PlanChart>,
    /// 10.2, 10.3: the least US VP of each victory level, US decisive first, down to the
    /// level above German decisive.
    pub vp_levels: Vec<u32>,
    pub aachen_city: HexSet,
    /// Hexes from the nearest Aachen City hex through the area (the search's estimate, 10.2).
    pub city_distance: Vec<u8>,
    /// 10.1: 2107, 2108, 2109.
    pub objectives: HexSet,
    /// 7.3.8: closed to German units on turns 1–3.
    pub german_restricted: HexSet,
    pub arrivals: Vec<Arrival>,
    pub hq_arrivals: Vec<HqArrival>,
    /// 8.5.2: (turn, formation) withdrawn.
    pub withdrawals: Vec<(u8, u8)>,
    /// Units of each side, and each formation's own units (independents excluded).
    pub side_units: [Units; 2],
    pub formation_units: [Units; MAX_FORMATIONS],
    pub initial: State,
}

impl Ruleset {
    /// The ruleset of scenario `id` on `data`.
    pub fn new(data: &DataSet, id: &str) -> Result<Ruleset, DataError> {
        let s = data.scenario(id).ok_or_else(|| {
            let known: Vec<&str> = data
                .scenarios
                .scenarios
                .iter()
                .map(|s| s.id.as_str())
                .collect();
            At::new("scenarios.toml", "scenarios").err(
                format!("scenario {id}"),
                format!("no such scenario; known: {}", known.join(", ")),
            )
        })?;
        let kind = match s.id.as_str() {
            FIRST_BLOOD => ScenarioKind::FirstBlood,
            STOLBERG_CORRIDOR => ScenarioKind::StolbergCorridor,
            ACROSS_THE_WURM => ScenarioKind::AcrossTheWurm,
            CAMPAIGN => ScenarioKind::Campaign,
            other => {
                return Err(At::new("scenarios.toml", "scenarios").err(
                    format!("scenario {other}"),
                    "the engine plays first-blood, stolberg-corridor, across-the-wurm and \
                     campaign only",
                ))
            }
        };
        let err =
            |entry: String, msg: String| At::new("scenarios.toml", "scenarios").err(entry, msg);
        let formations = formations_of(data, s);
        if formations.len() > MAX_FORMATIONS {
            return Err(err(
                format!("scenario {id}"),
                format!(
                    "{} formations; the engine holds {MAX_FORMATIONS}",
                    formations.len()
                ),
            ));
        }
        let units = units_of(data, s, &formations);
        if units.len() > MAX_UNITS {
            return Err(err(
                format!("scenario {id}"),
                format!("{} units; the engine holds {MAX_UNITS}", units.len()),
            ));
        }
        let map = data.map.clone();
        let built_up = HexSet::filter(&map, |h| map.terrain(h).is_some_and(Terrain::is_built_up));
        // 5.3.2: a displaced HQ is offered every Town, City and Industrial hex, a fixed list.
        if built_up.len() > MAX_HQ_PLACES {
            return Err(At::new("map.toml", "terrain").err(
                "hexes",
                format!(
                    "{} Town, City and Industrial hexes; the engine holds {MAX_HQ_PLACES} \
                     (the places a displaced HQ is offered, 5.3.2)",
                    built_up.len()
                ),
            ));
        }
        // AMBIG-28: the scenario's area as its data gives it, bounds included (10.2's "10XX to
        // 42XX" is rows 10-42; 10.1's "South of 25XX, West of XX16" is rows up to 24, columns
        // up to 15); supply edges, paths, retreats and placements stop at it.
        let area_bounds = DataSet::area(s);
        let area = HexSet::filter(&map, |h| area_bounds.contains(h));
        let outside = HexSet::all(&map).difference(&area);
        let neighbours = neighbour_table(&map, &area);
        let steps = step_table(&map, &data.charts, &neighbours);
        let min_step_half = Terrain::ALL
            .iter()
            .map(|&t| {
                let tec = data.charts.terrain(t);
                tec.half_mp_leg.min(tec.half_mp_motorized)
            })
            .chain([data.charts.road_half_mp()])
            .min()
            .unwrap_or(0);
        let mut rs = Ruleset {
            min_step_half,
            neighbours,
            steps,
            zoc_dirs: zoc_table(&map, &data.charts),
            built_up,
            supply_edge: Side::BOTH.map(|side| {
                HexSet::filter(&map, |h| map.is_supply_edge(h, side)).intersection(&area)
            }),
            supply_distance: [Vec::new(), Vec::new()],
            city_distance: Vec::new(),
            vp_hexes: vp_hexes(data, s)?,
            plan: None,
            aachen_city: HexSet::filter(&map, |h| map.is_aachen_city(h)).intersection(&area),
            objectives: objectives(data, s)?,
            german_restricted: HexSet::filter(&map, |h| map.is_german_restricted(h)),
            charts: data.charts.clone(),
            kind,
            scenario_id: s.id.clone(),
            scenario_name: s.name.clone(),
            first_turn: s.first_turn,
            last_turn: s.last_turn,
            vp_levels: s.levels(),
            area,
            outside,
            arrivals: Vec::new(),
            hq_arrivals: Vec::new(),
            withdrawals: Vec::new(),
            side_units: [0; 2],
            formation_units: [0; MAX_FORMATIONS],
            initial: State::empty(),
            map,
            units,
            formations,
        };
        rs.supply_distance =
            Side::BOTH.map(|side| rs.distances_from(&rs.supply_edge[side.index()]));
        rs.city_distance = rs.distances_from(&rs.aachen_city);
        for (i, u) in rs.units.iter().enumerate() {
            rs.side_units[u.side.index()] |= 1 << i;
            if let Some(f) = u.parent {
                rs.formation_units[usize::from(f)] |= 1 << i;
            }
        }
        rs.plan = plan_chart(data, s, &mut rs)?;
        rs.schedule(data, s)?;
        rs.initial = rs.set_up(data, s)?;
        Ok(rs)
    }

    /// The hex at a dense index.
    /// 7.3.8: on turns 1 to 3 German units, HQs included, may not enter the hexes north-west
    /// of the outer pillbox line (the Bulge of Kerkrade excepted, `german_restricted`).
    pub fn barred(&self, side: Side, turn: u8, h: u16) -> bool {
        side == Side::German
            && turn <= GERMAN_RESTRICTION_LAST_TURN
            && self.german_restricted.contains(usize::from(h))
    }

    /// 7.3.8's hexes as a set, for `side` on `turn` (empty when none is barred).
    pub fn barred_hexes(&self, side: Side, turn: u8) -> HexSet {
        if side == Side::German && turn <= GERMAN_RESTRICTION_LAST_TURN {
            self.german_restricted
        } else {
            HexSet::EMPTY
        }
    }

    pub fn hex(&self, i: u16) -> Hex {
        self.map
            .bounds()
            .hex(usize::from(i))
            .expect("a hex index of the map")
    }

    /// The dense index of a hex of the map.
    pub fn index(&self, hex: Hex) -> Option<u16> {
        self.map.index(hex).map(|i| i as u16)
    }

    /// The VPs of the hex at dense index `i` in this scenario (10.2, 10.3), or 0.
    pub fn vp_of(&self, i: u16) -> u8 {
        self.vp_hexes
            .iter()
            .find(|&&(h, _)| h == i)
            .map_or(0, |&(_, v)| v)
    }

    /// The neighbour across `dir` inside the scenario's area, or `NO_HEX`.
    #[inline]
    pub fn neighbour(&self, i: u16, dir: usize) -> u16 {
        self.neighbours[usize::from(i)][dir]
    }

    /// The neighbours inside the area.
    #[inline]
    pub fn neighbours(&self, i: u16) -> impl Iterator<Item = u16> + '_ {
        self.neighbours[usize::from(i)]
            .into_iter()
            .filter(|&n| n != NO_HEX)
    }

    pub fn are_adjacent(&self, a: u16, b: u16) -> bool {
        self.neighbours[usize::from(a)].contains(&b)
    }

    pub fn terrain(&self, i: u16) -> Terrain {
        self.map.terrain_at(usize::from(i))
    }

    pub fn hexside(&self, i: u16, dir: usize) -> HexsideFeatures {
        self.map.hexside_at(usize::from(i), dir)
    }

    /// What the map says of a step from `i` across `dir` (7.3).
    #[inline]
    pub fn step_terrain(&self, i: u16, dir: usize) -> &StepTerrain {
        &self.steps[usize::from(i)][dir]
    }

    /// `step_terrain` for all six directions.
    #[inline]
    pub fn step_row(&self, i: u16) -> &[StepTerrain; 6] {
        &self.steps[usize::from(i)]
    }

    /// `neighbour` for all six directions.
    #[inline]
    pub fn neighbour_row(&self, i: u16) -> &[u16; 6] {
        &self.neighbours[usize::from(i)]
    }

    /// The direction from `a` to its neighbour `b`.
    pub fn direction(&self, a: u16, b: u16) -> Option<usize> {
        self.neighbours[usize::from(a)].iter().position(|&n| n == b)
    }

    /// 5.4: the hexes a combat unit of `class` in `i` controls (its own hex always).
    pub fn zoc_of(&self, i: u16, class: UnitClass, out: &mut HexSet) {
        out.insert(usize::from(i));
        let dirs = self.zoc_dirs[usize::from(i)][usize::from(class == UnitClass::Afv)];
        for d in 0..6 {
            let n = self.neighbour(i, d);
            if dirs & (1 << d) != 0 && n != NO_HEX {
                out.insert(usize::from(n));
            }
        }
    }

    /// The hexes adjacent to the set (its own hexes included where they neighbour each other).
    pub fn adjacent_to(&self, set: &HexSet) -> HexSet {
        let mut out = HexSet::EMPTY;
        for i in set.iter() {
            for n in self.neighbours(i as u16) {
                out.insert(usize::from(n));
            }
        }
        out
    }

    pub fn unit(&self, u: usize) -> &UnitInfo {
        &self.units[u]
    }

    pub fn formation(&self, f: u8) -> &FormationInfo {
        &self.formations[usize::from(f)]
    }

    pub fn formation_index(&self, id: &str) -> Option<u8> {
        self.formations
            .iter()
            .position(|f| f.id == id)
            .map(|i| i as u8)
    }

    /// Hexes from `sources` through the area, ignoring units (the retreat metric, 7.5.2).
    fn distances_from(&self, sources: &HexSet) -> Vec<u8> {
        let mut d = vec![u8::MAX; self.neighbours.len()];
        let mut ring: Vec<u16> = sources.iter().map(|i| i as u16).collect();
        for &i in &ring {
            d[usize::from(i)] = 0;
        }
        let mut k = 0u8;
        while !ring.is_empty() {
            k = k.saturating_add(1);
            let mut next = Vec::new();
            for &i in &ring {
                for n in self.neighbours(i) {
                    if d[usize::from(n)] == u8::MAX {
                        d[usize::from(n)] = k;
                        next.push(n);
                    }
                }
            }
            ring = next;
        }
        d
    }

    fn hex_in(
        &self,
        data: &DataSet,
        s: &ScenarioDef,
        text: &str,
        what: String,
    ) -> Result<u16, DataError> {
        let hex = data
            .hex_in(s, text)
            .map_err(|m| At::new("scenarios.toml", "scenarios").err(what, m))?;
        Ok(self.index(hex).expect("checked on the map"))
    }

    fn unit_index(&self, name: &str) -> Option<u8> {
        self.units
            .iter()
            .position(|u| u.name == name)
            .map(|i| i as u8)
    }

    /// Reinforcements and withdrawals (8.5).
    fn schedule(&mut self, data: &DataSet, s: &ScenarioDef) -> Result<(), DataError> {
        for r in &s.reinforcements {
            let unit = self
                .unit_index(&r.unit)
                .expect("scenario units are in play");
            let hex = self.hex_in(data, s, &r.hex, format!("reinforcement {}", r.unit))?;
            let formation = r
                .formation
                .as_deref()
                .and_then(|f| self.formation_index(f))
                .or(self.units[usize::from(unit)].parent)
                .expect("an arriving unit belongs to, or is assigned to, a formation (5.5.2)");
            self.arrivals.push(Arrival {
                turn: r.turn,
                unit,
                hex,
                formation,
            });
        }
        for h in &s.reinforcement_hqs {
            let formation = self
                .formation_index(&h.formation)
                .expect("scenario formations");
            let hex = self.hex_in(data, s, &h.hex, format!("HQ {}", h.formation))?;
            self.hq_arrivals.push(HqArrival {
                turn: h.turn,
                formation,
                hex,
                activation_level: h.activation_level,
            });
        }
        for w in &s.withdrawals {
            let f = self
                .formation_index(&w.formation)
                .expect("scenario formations");
            self.withdrawals.push((w.turn, f));
        }
        Ok(())
    }

    /// The state at set-up (10): every unit at full strength, no marker.
    fn set_up(&self, data: &DataSet, s: &ScenarioDef) -> Result<State, DataError> {
        let mut st = State::empty();
        st.turn = s.first_turn;
        for (i, u) in self.units.iter().enumerate() {
            st.strength[i] = u.strength;
            st.formation[i] = u.parent.unwrap_or(0);
        }
        for a in &self.arrivals {
            st.formation[usize::from(a.unit)] = a.formation;
        }
        for u in &s.units {
            let i = self
                .unit_index(&u.unit)
                .expect("scenario units are in play");
            st.hex[usize::from(i)] = self.hex_in(data, s, &u.hex, format!("unit {}", u.unit))?;
            if let Some(f) = u.formation.as_deref().and_then(|f| self.formation_index(f)) {
                st.formation[usize::from(i)] = f;
            }
        }
        for h in &s.hqs {
            let f = usize::from(
                self.formation_index(&h.formation)
                    .expect("scenario formations"),
            );
            st.hq_hex[f] = self.hex_in(data, s, &h.hex, format!("HQ {}", h.formation))?;
            st.fal[f] = h
                .activation_level
                .min(self.formations[f].max_activation_level);
        }
        for (f, info) in self.formations.iter().enumerate() {
            st.support[f] = info.support;
        }
        st.refresh(self);
        Ok(st)
    }
}

/// The formations of a scenario, in its order.
fn formations_of(data: &DataSet, s: &ScenarioDef) -> Vec<FormationInfo> {
    s.formations
        .iter()
        .filter_map(|id| data.counters.formations.iter().find(|f| &f.id == id))
        .map(|f| FormationInfo {
            id: f.id.clone(),
            name: f.name.clone(),
            side: f.side,
            corps: f.corps.clone(),
            reaction_rating: f.reaction_rating,
            command_range: f.command_range,
            support: f.support,
            relocation: f.relocation,
            max_activation_level: f.max_activation_level,
            recovery: match f.side {
                Side::Us => data.charts.us_recovery(&f.id).unwrap_or(0),
                Side::German => f.recovery_rating.unwrap_or(0),
            },
        })
        .collect()
}

/// The units of a scenario: those it sets up or brings as reinforcements.
fn units_of(data: &DataSet, s: &ScenarioDef, formations: &[FormationInfo]) -> Vec<UnitInfo> {
    // A formation's units not in a scenario's set-up or reinforcements are not in play.
    let in_scenario = |d: &UnitDef| {
        s.units.iter().any(|u| u.unit == d.id) || s.reinforcements.iter().any(|r| r.unit == d.id)
    };
    data.counters
        .units
        .iter()
        .filter(|d| in_scenario(d))
        .map(|d| {
            let parent = formations.iter().position(|f| f.id == d.formation);
            let side = parent.map_or(d.side.unwrap_or(Side::Us), |f| formations[f].side);
            UnitInfo {
                name: d.id.clone(),
                side,
                parent: parent.map(|f| f as u8),
                kind: d.kind,
                class: d.class,
                movement: d.movement,
                ma: d.ma,
                er: d.er,
                strength: d.strength,
                armor: d.tank.or(d.anti_tank).unwrap_or([0, 0]),
                def: d.clone(),
            }
        })
        .collect()
}

/// The scenario's VP hexes (10.2, 10.3) by dense index, in map order, with their values; in
/// the Campaign the Victory Plan's location hexes, each worth the most a plan gives it.
fn vp_hexes(data: &DataSet, s: &ScenarioDef) -> Result<Vec<(u16, u8)>, DataError> {
    let mut list = Vec::new();
    for group in &s.vp_hexes {
        for text in &group.hexes {
            list.push((scenario_hex(data, s, text, "vp_hexes")?, group.vp));
        }
    }
    if let Some(p) = &s.victory_plan {
        for (k, location) in p.locations.iter().enumerate() {
            let most = p.markers.iter().filter_map(|m| m.vp.get(k)).max();
            for text in &location.hexes {
                let h = scenario_hex(data, s, text, "victory_plan")?;
                list.push((h, most.copied().unwrap_or(0)));
            }
        }
    }
    list.sort_unstable();
    list.dedup_by_key(|&mut (h, _)| h);
    if list.len() > 32 {
        return Err(At::new("scenarios.toml", "scenarios").err(
            format!("scenario {}", s.id),
            "more than 32 VP hexes; the engine holds 32",
        ));
    }
    Ok(list)
}

/// The Campaign's Victory Plan (8.3, 9, 10.4) on the ruleset's VP hexes and units.
fn plan_chart(
    data: &DataSet,
    s: &ScenarioDef,
    rs: &mut Ruleset,
) -> Result<Option<PlanChart>, DataError> {
    let Some(p) = &s.victory_plan else {
        return Ok(None);
    };
    let mut locations = Vec::new();
    for l in &p.locations {
        let mut bits = 0u32;
        for text in &l.hexes {
            let h = scenario_hex(data, s, text, "victory_plan")?;
            let k = rs
                .vp_hexes
                .iter()
                .position(|&(x, _)| x == h)
                .expect("a VP hex");
            bits |= 1 << k;
        }
        locations.push((l.name.clone(), bits));
    }
    let markers = p
        .markers
        .iter()
        .map(|m| (m.name.clone(), (!m.vp.is_empty()).then(|| m.vp.clone())))
        .collect();
    let loss_quarters = rs
        .units
        .iter()
        .map(|u| match u.side {
            Side::German => p.sp_loss_quarter_vp.get(&u.kind).copied().unwrap_or(0),
            Side::Us => 0,
        })
        .collect();
    let south = rs.map.bounds().first_row;
    let us_south_edge = HexSet::filter(&rs.map, |h| {
        h.row == south && rs.map.is_supply_edge(h, Side::Us)
    })
    .intersection(&rs.area);
    Ok(Some(PlanChart {
        locations,
        markers,
        loss_quarters,
        us_south_edge,
    }))
}

/// 10.1's objectives as a hex set.
fn objectives(data: &DataSet, s: &ScenarioDef) -> Result<HexSet, DataError> {
    let mut set = HexSet::EMPTY;
    for text in &s.objectives {
        set.insert(usize::from(scenario_hex(data, s, text, "objectives")?));
    }
    Ok(set)
}

/// A hex of scenario `s`'s data, on the map and inside its area, as a dense index.
fn scenario_hex(
    data: &DataSet,
    s: &ScenarioDef,
    text: &str,
    field: &str,
) -> Result<u16, DataError> {
    let hex = data.hex_in(s, text).map_err(|m| {
        At::new("scenarios.toml", "scenarios").err(format!("scenario {}: {field}", s.id), m)
    })?;
    Ok(data.map.index(hex).expect("an on-map hex") as u16)
}

fn neighbour_table(map: &Map, area: &HexSet) -> Vec<[u16; 6]> {
    map.bounds()
        .hexes()
        .map(|h| {
            Direction::ALL.map(|d| {
                map.neighbour(h, d)
                    .and_then(|n| map.index(n))
                    .filter(|&n| area.contains(n))
                    .map_or(NO_HEX, |n| n as u16)
            })
        })
        .collect()
}

fn step_table(map: &Map, charts: &Charts, neighbours: &[[u16; 6]]) -> Vec<[StepTerrain; 6]> {
    neighbours
        .iter()
        .enumerate()
        .map(|(i, ns)| {
            std::array::from_fn(|d| match ns[d] {
                NO_HEX => StepTerrain::default(),
                n => step_terrain(map, charts, i, d, usize::from(n)),
            })
        })
        .collect()
}

/// 5.4 through the TEC and hexsides, once per hex and class.
fn zoc_table(map: &Map, charts: &Charts) -> Vec<[u8; 2]> {
    use super::control::{unit_zoc, ZocUnit};
    map.bounds()
        .hexes()
        .map(|h| {
            [UnitClass::Infantry, UnitClass::Afv].map(|class| {
                let zoc = unit_zoc(
                    map,
                    charts,
                    ZocUnit {
                        hex: h,
                        class,
                        disrupted: false,
                    },
                );
                let mut dirs = 0u8;
                for (d, dir) in Direction::ALL.into_iter().enumerate() {
                    if map
                        .neighbour(h, dir)
                        .is_some_and(|n| zoc.contains_hex(map, n))
                    {
                        dirs |= 1 << d;
                    }
                }
                dirs
            })
        })
        .collect()
}
