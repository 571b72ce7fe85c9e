//! The TOML schema of `data/charts.toml` and its checks: every value the engine reads is
//! checked here once, so that a wrong user transcription gives one line naming the file, the
//! table and the entry (design rule 5) and the lookups in [`super::Charts`] never fail.

use super::*;
use crate::engine::data::{check_provenance, parse, At, DataError};
use crate::engine::readings::Readings;
use crate::games::crossing_the_line::admin::REORGANIZATION_TYPES;
use crate::games::crossing_the_line::readings;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCharts {
    terrain_effects: RawTerrainTable,
    hexside_effects: RawHexsideTable,
    roads: RawRoads,
    crt: RawCrt,
    combat_chits: RawChits,
    combat_drm: RawCombatDrm,
    action_points: RawActionPoints,
    ap_costs: RawApCosts,
    interdiction: RawInterdiction,
    hq_recovery: RawHqRecovery,
    stacking: RawStacking,
    initiative_track: RawInitiativeTrack,
    us_replacements: RawUsReplacements,
    german_reorganization: RawReorganization,
    readings: Readings,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrainTable {
    source: String,
    basis: Option<String>,
    terrain: Vec<RawTerrain>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    name: String,
    mp_leg: f64,
    mp_motorized: f64,
    zoc_infantry: bool,
    zoc_afv: bool,
    terrain_line: String,
    tank_multiplier: String,
    at_bonus: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexsideTable {
    source: String,
    basis: Option<String>,
    hexsides: Vec<RawHexside>,
}

/// An MP cost: a number, or a word ("all", "prohibited").
#[derive(Deserialize)]
#[serde(untagged)]
enum RawMp {
    Points(f64),
    Word(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexside {
    name: String,
    mp_leg: RawMp,
    mp_motorized: RawMp,
    combat_drm: i8,
    tank_multiplier: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoads {
    source: String,
    basis: Option<String>,
    mp: f64,
}

/// AMBIG-23 (3.1.1, 7.3.3): how German leg units move along roads (the reading
/// `german_leg_roads`). 3.1.1 gives the road rate to motorized and US leg units only; 7.3.3
/// says road movement ignores all other terrain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GermanLegRoads {
    /// 3.1.1 read strictly: German leg units pay the terrain of every hex (the default).
    #[default]
    Terrain,
    /// 7.3.3 read generally: they move at the road rate like everyone else.
    RoadRate,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCrt {
    source: String,
    basis: Option<String>,
    columns: usize,
    lines: Vec<RawLine>,
    results: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    name: String,
    odds: Vec<String>,
    #[serde(default)]
    first_column: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChits {
    source: String,
    basis: Option<String>,
    chits: Vec<RawChit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChit {
    id: String,
    count: u32,
    disrupted: Vec<u8>,
    normal: Vec<u8>,
    improved: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCombatDrm {
    source: String,
    basis: Option<String>,
    regular_attack: i8,
    prepared_attack: i8,
    prepared_attack_other: i8,
    regular_defense: i8,
    improved_defense: i8,
    improved_defense_other: i8,
    hq_regular_divisor: u8,
    hq_prepared_divisor: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawActionPoints {
    source: String,
    basis: Option<String>,
    black: Vec<Vec<u8>>,
    red: Vec<Vec<u8>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawApCosts {
    source: String,
    basis: Option<String>,
    movement: u8,
    refit: u8,
    improved_defense: u8,
    hasty_attack: u8,
    regular_attack: u8,
    prepared_attack: u8,
    out_of_command_factor: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInterdiction {
    source: String,
    basis: Option<String>,
    levels: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHqRecovery {
    source: String,
    basis: Option<String>,
    us: Vec<RawUsRecovery>,
    german: Vec<Vec<u8>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUsRecovery {
    formation: String,
    recovery: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStacking {
    source: String,
    basis: Option<String>,
    combat_units: u8,
    afv_units: u8,
    hqs: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInitiativeTrack {
    source: String,
    basis: Option<String>,
    max: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUsReplacements {
    source: String,
    basis: Option<String>,
    infantry: u8,
    armored_infantry: u8,
    tank: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReorganization {
    source: String,
    basis: Option<String>,
    rows: Vec<RawReorganizationRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReorganizationRow {
    cannibalized: Vec<String>,
    reinforced: String,
}

/// The most Tank or Anti-Tank Points, Support Points and Combat Strength (3.2, 3.4).
const MAX_POINTS: u8 = crate::games::crossing_the_line::counters::MAX_STRENGTH;
/// The largest Combat Support DRM a hex (7.5.1.2 B prints 1 and 2), like the hexside DRM.
const MAX_SUPPORT_DRM: i8 = 9;

/// A multiple of 0.5 MP in (0, 20] as half-MPs (MPs are never rounded, 5.1).
fn half_mp(at: At, entry: &str, mp: f64) -> Result<u8, DataError> {
    let half = mp * 2.0;
    if !(half > 0.0 && half <= 40.0 && half.fract() == 0.0) {
        return Err(at.err(
            entry,
            format!("MP cost {mp} must be a multiple of 0.5 between 0.5 and 20"),
        ));
    }
    Ok(half as u8)
}

fn hexside_mp(at: At, entry: &str, mp: &RawMp) -> Result<HexsideMp, DataError> {
    match mp {
        RawMp::Points(p) if *p == 0.0 => Ok(HexsideMp::Extra(0)),
        RawMp::Points(p) => half_mp(at, entry, *p).map(HexsideMp::Extra),
        RawMp::Word(w) if w == "all" => Ok(HexsideMp::EntireMa),
        RawMp::Word(w) if w == "prohibited" => Ok(HexsideMp::Prohibited),
        RawMp::Word(w) => Err(at.err(
            entry,
            format!("'{w}' is not an MP cost: give a number, \"all\" or \"prohibited\""),
        )),
    }
}

/// The hexside costs the rules print (trial 18a F4): 7.3.7's stream ("+1 MP" for leg units,
/// the entire MA for motorized ones) and Roer (crossed only by road), and 7.5.2's dragon's
/// teeth, where a unit attacks "even though its tank points are zero". The rest is
/// reconstructed and free.
fn check_printed_hexside(kind: Hexside, e: &HexsideEffects) -> Result<(), String> {
    let zero = Ratio { num: 0, den: 1 };
    let (field, wanted, rule) = match kind {
        Hexside::Stream if e.mp_leg != HexsideMp::Extra(2) => ("mp_leg", "1", "7.3.7"),
        Hexside::Stream if e.mp_motorized != HexsideMp::EntireMa => {
            ("mp_motorized", "\"all\"", "7.3.7")
        }
        Hexside::Roer if e.mp_leg != HexsideMp::Prohibited => ("mp_leg", "\"prohibited\"", "7.3.7"),
        Hexside::Roer if e.mp_motorized != HexsideMp::Prohibited => {
            ("mp_motorized", "\"prohibited\"", "7.3.7")
        }
        Hexside::DragonsTeeth if e.tank_multiplier.num != zero.num => {
            ("tank_multiplier", "\"0\"", "7.5.2")
        }
        _ => return Ok(()),
    };
    Err(format!(
        "{field} is {wanted} in the rules ({rule}); it is not a reconstruction to change"
    ))
}

/// "n" or "n/d" with d > 0 (a tank multiplier).
fn multiplier(at: At, entry: &str, text: &str) -> Result<Ratio, DataError> {
    let bad = || {
        at.err(
            entry,
            format!("'{text}' is not a multiplier: give \"n\" or \"n/d\" (\"1/2\")"),
        )
    };
    let (n, d) = match text.split_once('/') {
        Some((n, d)) => (n.trim(), d.trim()),
        None => (text.trim(), "1"),
    };
    let num: u16 = n.parse().map_err(|_| bad())?;
    let den: u16 = d.parse().map_err(|_| bad())?;
    if den == 0 {
        return Err(bad());
    }
    // Trial 18a F9: a number past the range is told as such, not as bad syntax.
    if u32::from(num) > 10 * u32::from(den) {
        return Err(at.err(entry, format!("multiplier {text} is over 10: give 0 to 10")));
    }
    Ok(Ratio { num, den })
}

/// "a:d" odds with both positive (a CRT column heading).
fn odds(at: At, entry: &str, text: &str) -> Result<Ratio, DataError> {
    let bad = || {
        at.err(
            entry,
            format!("'{text}' is not an odds ratio: give \"a:d\" (\"3:2\")"),
        )
    };
    let (a, d) = text.split_once(':').ok_or_else(bad)?;
    let num: u16 = a.trim().parse().map_err(|_| bad())?;
    let den: u16 = d.trim().parse().map_err(|_| bad())?;
    if num == 0 || den == 0 {
        return Err(bad());
    }
    Ok(Ratio { num, den })
}

/// One side of an "A/D" result: hits 0–9, an "r" when printed red.
fn hits(text: &str) -> Option<Hits> {
    let t = text.trim();
    let (n, red) = match t.strip_suffix('r') {
        Some(n) => (n, true),
        None => (t, false),
    };
    let hits: u8 = n.parse().ok().filter(|h| *h <= 9)?;
    Some(Hits { hits, red })
}

fn result(at: At, entry: &str, text: &str) -> Result<CombatResult, DataError> {
    let bad = || {
        at.err(
            entry,
            format!(
                "'{text}' is not a result: give \"A/D\" hits, each 0 to 9, \"r\" after a red number (\"1/2r\")"
            ),
        )
    };
    let (a, d) = text.split_once('/').ok_or_else(bad)?;
    Ok(CombatResult {
        attacker: hits(a).ok_or_else(bad)?,
        defender: hits(d).ok_or_else(bad)?,
    })
}

/// A d10 column: exactly 10 values, one per die 1–10.
fn d10<'a, T>(at: At, entry: &str, values: &'a [T]) -> Result<&'a [T; 10], DataError> {
    values.try_into().map_err(|_| {
        at.err(
            entry,
            format!("{} values; a d10 table needs 10 (die 1-10)", values.len()),
        )
    })
}

/// Multipliers of one chit column: 6 values (ER 2–7), each 1–3 (7.5.1.1).
fn chit_column(at: At, entry: &str, values: &[u8]) -> Result<[u8; 6], DataError> {
    let col: [u8; 6] = values.try_into().map_err(|_| {
        at.err(
            entry,
            format!("{} multipliers; give 6, one per ER 2-7", values.len()),
        )
    })?;
    if let Some(m) = col.iter().find(|m| !(1..=3).contains(*m)) {
        return Err(at.err(entry, format!("multiplier {m} is not 1-3 (7.5.1.1)")));
    }
    Ok(col)
}

impl RawCharts {
    pub(super) fn parse(text: &str, file: &str) -> Result<RawCharts, DataError> {
        parse(text, file)
    }

    pub(super) fn check(self, file: &str) -> Result<Charts, DataError> {
        let at = |table| At::new(file, table);
        let mut provenance = Vec::new();
        let mut prov = |table: &'static str, source: String, basis: Option<String>| {
            check_provenance(at(table), &source, basis.as_deref())?;
            provenance.push((table, Provenance { source, basis }));
            Ok::<(), DataError>(())
        };

        // ---- CRT first: the terrain table names its lines.
        let c = self.crt;
        prov("crt", c.source, c.basis)?;
        let a = at("crt");
        if !(1..=30).contains(&c.columns) {
            return Err(a.err("columns", format!("{} columns; give 1-30", c.columns)));
        }
        if c.results.len() != 20 {
            return Err(a.err(
                "results",
                format!(
                    "{} rows; give 20, one per modified die 1-20 (7.5.1.2)",
                    c.results.len()
                ),
            ));
        }
        let mut results = Vec::with_capacity(20 * c.columns);
        for (i, row) in c.results.iter().enumerate() {
            let entry = format!("results row {} (die {})", i + 1, i + 1);
            if row.len() != c.columns {
                return Err(a.err(
                    &entry,
                    format!("{} results; give {} (one per column)", row.len(), c.columns),
                ));
            }
            for (j, r) in row.iter().enumerate() {
                results.push(result(a, &format!("{entry} column {}", j + 1), r)?);
            }
        }
        let mut lines: Vec<Line> = Vec::new();
        for l in &c.lines {
            let entry = format!("line {}", l.name);
            if lines.iter().any(|x| x.name == l.name) {
                return Err(a.err(&entry, "terrain line listed twice"));
            }
            if l.odds.is_empty() || l.first_column + l.odds.len() > c.columns {
                return Err(a.err(
                    &entry,
                    format!(
                        "{} odds from column {} do not fit the {} columns",
                        l.odds.len(),
                        l.first_column + 1,
                        c.columns
                    ),
                ));
            }
            let mut odds_list: Vec<Ratio> = Vec::new();
            for o in &l.odds {
                let r = odds(a, &entry, o)?;
                if odds_list.last().is_some_and(|p| !p.less_than(r)) {
                    return Err(a.err(
                        &entry,
                        format!("odds '{o}' do not increase from left to right (7.5.1 step D)"),
                    ));
                }
                odds_list.push(r);
            }
            lines.push(Line {
                name: l.name.clone(),
                odds: odds_list,
                first_column: l.first_column as u8,
            });
        }
        if lines.is_empty() || lines.len() > 250 {
            return Err(a.err("lines", "give 1-250 terrain lines"));
        }

        // ---- Terrain Effects Chart, hexes: each terrain of 3.1.1 exactly once.
        let t = self.terrain_effects;
        prov("terrain_effects", t.source, t.basis)?;
        let a = at("terrain_effects");
        let mut terrain: [Option<TerrainEffects>; 5] = [None; 5];
        for r in &t.terrain {
            let entry = format!("terrain {}", r.name);
            let Some(kind) = Terrain::ALL.iter().find(|k| k.name() == r.name) else {
                return Err(a.err(
                    &entry,
                    format!(
                        "unknown terrain (terrains: {})",
                        Terrain::ALL.map(Terrain::name).join(", ")
                    ),
                ));
            };
            if terrain[*kind as usize].is_some() {
                return Err(a.err(&entry, "terrain listed twice"));
            }
            let Some(line) = lines.iter().position(|l| l.name == r.terrain_line) else {
                return Err(a.err(
                    &entry,
                    format!("terrain line '{}' is not a line of [crt]", r.terrain_line),
                ));
            };
            // 7.5.1.2 D prints no limit on the Terrain Bonus; above 15, the most Tank Points
            // (3.2, 3.4), it would void every Armor Superiority (and it is added saturating).
            if r.at_bonus > MAX_POINTS {
                return Err(a.err(
                    &entry,
                    format!(
                        "at_bonus {} is out of range 0–{MAX_POINTS} (the defensive Terrain Bonus \
                         to Anti-Tank Points, 7.5.1.2 D)",
                        r.at_bonus
                    ),
                ));
            }
            terrain[*kind as usize] = Some(TerrainEffects {
                half_mp_leg: half_mp(a, &entry, r.mp_leg)?,
                half_mp_motorized: half_mp(a, &entry, r.mp_motorized)?,
                zoc_infantry: r.zoc_infantry,
                zoc_afv: r.zoc_afv,
                terrain_line: TerrainLine(line as u8),
                tank_multiplier: multiplier(a, &entry, &r.tank_multiplier)?,
                at_bonus: r.at_bonus,
            });
        }
        let terrain = all_listed(a, "terrain", terrain, Terrain::ALL.map(Terrain::name))?;

        // ---- Terrain Effects Chart, hexsides.
        let h = self.hexside_effects;
        prov("hexside_effects", h.source, h.basis)?;
        let a = at("hexside_effects");
        let mut hexsides: [Option<HexsideEffects>; 3] = [None; 3];
        for r in &h.hexsides {
            let entry = format!("hexside {}", r.name);
            let Some(kind) = Hexside::ALL.iter().find(|k| k.name() == r.name) else {
                return Err(a.err(
                    &entry,
                    format!("unknown hexside (hexsides: {})", Hexside::names()),
                ));
            };
            if hexsides[*kind as usize].is_some() {
                return Err(a.err(&entry, "hexside listed twice"));
            }
            if r.combat_drm > 0 || r.combat_drm < -9 {
                return Err(a.err(
                    &entry,
                    format!(
                        "combat_drm {} must be 0 to -9: it benefits the defender (3.1.2)",
                        r.combat_drm
                    ),
                ));
            }
            let effects = HexsideEffects {
                mp_leg: hexside_mp(a, &entry, &r.mp_leg)?,
                mp_motorized: hexside_mp(a, &entry, &r.mp_motorized)?,
                combat_drm: r.combat_drm,
                tank_multiplier: multiplier(a, &entry, &r.tank_multiplier)?,
            };
            check_printed_hexside(*kind, &effects).map_err(|m| a.err(&entry, m))?;
            hexsides[*kind as usize] = Some(effects);
        }
        let hexsides = all_listed(a, "hexside", hexsides, Hexside::ALL.map(Hexside::name))?;

        let r = self.roads;
        prov("roads", r.source, r.basis)?;
        let road_half_mp = half_mp(at("roads"), "mp", r.mp)?;
        self.readings.check(at("readings"), &readings::ALL)?;
        let german_leg_roads = if self.readings.is(&readings::GERMAN_LEG_ROADS, "road_rate") {
            GermanLegRoads::RoadRate
        } else {
            GermanLegRoads::Terrain
        };

        // ---- Combat chits.
        let ch = self.combat_chits;
        prov("combat_chits", ch.source, ch.basis)?;
        let a = at("combat_chits");
        let mut chits: Vec<Chit> = Vec::new();
        for c in &ch.chits {
            let entry = format!("chit {}", c.id);
            // The log names a chit by its id ("defender chit 3"): not blank (trial 16a F4).
            crate::engine::data::check_name("id", &c.id).map_err(|m| a.err(&entry, m))?;
            if chits.iter().any(|x| x.id == c.id) {
                return Err(a.err(&entry, "chit id used twice"));
            }
            if c.count == 0 || c.count > 100 {
                return Err(a.err(&entry, format!("count {} must be 1-100", c.count)));
            }
            chits.push(Chit {
                id: c.id.clone(),
                count: c.count,
                multipliers: [
                    chit_column(a, &format!("{entry} disrupted"), &c.disrupted)?,
                    chit_column(a, &format!("{entry} normal"), &c.normal)?,
                    chit_column(a, &format!("{entry} improved"), &c.improved)?,
                ],
            });
        }
        if chits.is_empty() {
            return Err(a.err("chits", "the cup needs at least one chit"));
        }

        // ---- Combat DRM table.
        let d = self.combat_drm;
        prov("combat_drm", d.source, d.basis)?;
        let a = at("combat_drm");
        // 7.5.1.2 B prints +1/+2 and -1/-2 a hex; like the hexside DRM the engine takes up to
        // 9 a hex (`combat::combat_support` multiplies by the hexes in i16 and clamps to i8).
        for (name, v) in [
            ("regular_attack", d.regular_attack),
            ("prepared_attack", d.prepared_attack),
            ("prepared_attack_other", d.prepared_attack_other),
        ] {
            if !(0..=MAX_SUPPORT_DRM).contains(&v) {
                return Err(a.err(
                    name,
                    format!(
                        "{name} {v} is out of range 0–{MAX_SUPPORT_DRM} (attacker support is a \
                         positive DRM a hex, 7.5.1.2 B)"
                    ),
                ));
            }
        }
        for (name, v) in [
            ("regular_defense", d.regular_defense),
            ("improved_defense", d.improved_defense),
            ("improved_defense_other", d.improved_defense_other),
        ] {
            if !(-MAX_SUPPORT_DRM..=0).contains(&v) {
                return Err(a.err(
                    name,
                    format!(
                        "{name} {v} is out of range -{MAX_SUPPORT_DRM}–0 (defender support is a \
                         negative DRM a hex, 7.5.1.2 B)"
                    ),
                ));
            }
        }
        // 7.5.1.2 C: half (2) or all (1) of the HQ's Support Points, which go up to 15 (3.4).
        for (name, v) in [
            ("hq_regular_divisor", d.hq_regular_divisor),
            ("hq_prepared_divisor", d.hq_prepared_divisor),
        ] {
            if !(1..=MAX_POINTS).contains(&v) {
                return Err(a.err(
                    name,
                    format!(
                        "{name} {v} is out of range 1–{MAX_POINTS} (HQ Attack Support Points \
                         divided, 7.5.1.2 C, 3.4)"
                    ),
                ));
            }
        }
        let combat_drm = CombatDrm {
            regular_attack: d.regular_attack,
            prepared_attack: d.prepared_attack,
            prepared_attack_other: d.prepared_attack_other,
            regular_defense: d.regular_defense,
            improved_defense: d.improved_defense,
            improved_defense_other: d.improved_defense_other,
            hq_regular_divisor: d.hq_regular_divisor,
            hq_prepared_divisor: d.hq_prepared_divisor,
        };

        // ---- Action Points Table: rows die 1–10, columns FAL 1..; black at most 7 (6.3.2).
        let ap = self.action_points;
        prov("action_points", ap.source, ap.basis)?;
        let a = at("action_points");
        let by_fal = |rows: &[Vec<u8>], name: &str| -> Result<Vec<[u8; 10]>, DataError> {
            let rows = d10(a, name, rows)?;
            let fals = rows[0].len();
            if fals == 0 || fals > 15 {
                return Err(a.err(name, format!("{fals} FAL columns; give 1-15")));
            }
            let mut cols = vec![[0u8; 10]; fals];
            for (die, row) in rows.iter().enumerate() {
                if row.len() != fals {
                    return Err(a.err(
                        format!("{name} row {} (die {})", die + 1, die + 1),
                        format!("{} values; the first row has {fals}", row.len()),
                    ));
                }
                for (f, v) in row.iter().enumerate() {
                    if *v > 7 {
                        return Err(a.err(
                            format!("{name} row {} FAL {}", die + 1, f + 1),
                            format!("{v} APs; at most 7 (6.3.2)"),
                        ));
                    }
                    cols[f][die] = *v;
                }
            }
            Ok(cols)
        };
        let ap_black = by_fal(&ap.black, "black")?;
        let ap_red = by_fal(&ap.red, "red")?;
        if ap_red.len() != ap_black.len() {
            return Err(a.err("red", "red and black need the same FAL columns"));
        }

        let k = self.ap_costs;
        prov("ap_costs", k.source, k.basis)?;
        let ap_costs = ApCosts {
            movement: k.movement,
            refit: k.refit,
            improved_defense: k.improved_defense,
            hasty_attack: k.hasty_attack,
            regular_attack: k.regular_attack,
            prepared_attack: k.prepared_attack,
            out_of_command_factor: k.out_of_command_factor,
        };
        for (name, v) in [
            ("movement", ap_costs.movement),
            ("refit", ap_costs.refit),
            ("improved_defense", ap_costs.improved_defense),
            ("hasty_attack", ap_costs.hasty_attack),
            ("regular_attack", ap_costs.regular_attack),
            ("prepared_attack", ap_costs.prepared_attack),
            ("out_of_command_factor", ap_costs.out_of_command_factor),
        ] {
            if !(1..=7).contains(&v) {
                return Err(
                    at("ap_costs").err(name, format!("{v}; give 1-7 (at most 7 APs, 6.3.2)"))
                );
            }
        }

        // ---- Interdiction Table: d10 → 0, 1 or 2 (8.1.2).
        let i = self.interdiction;
        prov("interdiction", i.source, i.basis)?;
        let a = at("interdiction");
        let interdiction = *d10(a, "levels", &i.levels)?;
        if let Some(v) = interdiction.iter().find(|v| **v > 2) {
            return Err(a.err(
                "levels",
                format!("level {v}; the Interdiction Level is 0-2 (8.1.2)"),
            ));
        }

        // ---- HQ Recovery Chart.
        let hq = self.hq_recovery;
        prov("hq_recovery", hq.source, hq.basis)?;
        let a = at("hq_recovery");
        // 8.1: a marker never goes above its formation's top box, so a recovery past the
        // Action Points Table's last FAL column (at most 15) is meaningless; FAL + recovery
        // (`admin`) then stays within 15 + 15, far inside u8.
        let top = u8::try_from(ap_black.len()).unwrap_or(u8::MAX);
        let recovery_range = |entry: String, v: u8, rule: &str| {
            if v > top {
                return Err(a.err(
                    entry,
                    format!(
                        "recovery {v} is out of range 0–{top} (Activation Levels recovered, \
                         at most the Action Points Table's FAL columns, {rule})"
                    ),
                ));
            }
            Ok(())
        };
        let mut us_recovery: Vec<(String, u8)> = Vec::new();
        for u in &hq.us {
            if us_recovery.iter().any(|(f, _)| *f == u.formation) {
                return Err(a.err(format!("us {}", u.formation), "formation listed twice"));
            }
            recovery_range(format!("us {}", u.formation), u.recovery, "8.1.1")?;
            us_recovery.push((u.formation.clone(), u.recovery));
        }
        let mut german_recovery: Vec<[u8; 3]> = Vec::new();
        for (r, row) in hq.german.iter().enumerate() {
            let row: [u8; 3] = row.as_slice().try_into().map_err(|_| {
                a.err(
                    format!("german rating {}", r + 1),
                    format!(
                        "{} values; give 3, one per Interdiction Level 0-2",
                        row.len()
                    ),
                )
            })?;
            for (level, v) in row.iter().enumerate() {
                let entry = format!("german rating {} level {level}", r + 1);
                recovery_range(entry, *v, "8.1.3")?;
            }
            german_recovery.push(row);
        }
        if german_recovery.is_empty() {
            return Err(a.err("german", "give at least the row of rating 1"));
        }

        let s = self.stacking;
        prov("stacking", s.source, s.basis)?;
        // 7.5.1.1 note: "one, two or three unit(s)" attack or defend; the engine's combat
        // stack holds the limit plus one (`combat::MAX_STACK`, 5.3.1: limits are met only at
        // the end of an Action).
        let most = (crate::games::crossing_the_line::combat::MAX_STACK - 1) as u8;
        if !(1..=most).contains(&s.combat_units) {
            return Err(at("stacking").err(
                "combat_units",
                format!(
                    "combat_units {} is out of range 1–{most} (combat units a hex, 5.3.1, \
                     7.5.1.1)",
                    s.combat_units
                ),
            ));
        }
        if s.afv_units > s.combat_units {
            return Err(at("stacking").err(
                "afv_units",
                format!(
                    "afv_units {} is out of range 0–{} (at most combat_units, 5.3.1)",
                    s.afv_units, s.combat_units
                ),
            ));
        }
        // 3.3: "No more than one HQ unit may occupy a single hex"; the engine keeps one.
        if s.hqs != 1 {
            return Err(at("stacking").err(
                "hqs",
                format!("hqs {} is out of range 1–1 (one HQ a hex, 3.3)", s.hqs),
            ));
        }
        let stacking = Stacking {
            combat_units: s.combat_units,
            afv_units: s.afv_units,
            hqs: s.hqs,
        };

        let it = self.initiative_track;
        prov("initiative_track", it.source, it.basis)?;
        if !(2..=30).contains(&it.max) {
            return Err(at("initiative_track").err(
                "max",
                format!("{}; the marker starts at 2 (6.1), give 2-30", it.max),
            ));
        }

        // 8.4.1 prints 2, 2 and 3 and no limit: the engine spends RPs one a decision from a
        // u8 and never adds to them, so any u8 value is safe; the SP they rebuild and lose again
        // stay within the u16 `State::losses` (8 turns × 3 × 255 + 128 units × 15 SP ≪ 65,535).
        let u = self.us_replacements;
        prov("us_replacements", u.source, u.basis)?;
        let us_replacements = UsReplacements {
            infantry: u.infantry,
            armored_infantry: u.armored_infantry,
            tank: u.tank,
        };

        let g = self.german_reorganization;
        prov("german_reorganization", g.source, g.basis)?;
        for (n, row) in g.rows.iter().enumerate() {
            if row.reinforced.trim().is_empty()
                || row.cannibalized.iter().any(|c| c.trim().is_empty())
            {
                return Err(
                    at("german_reorganization").err(format!("row {}", n + 1), "empty unit type")
                );
            }
            // 8.4.2: each row gives the types cannibalized for its reinforced type; a row
            // of none, or a type twice, is a slip (trial 16a F4).
            if row.cannibalized.is_empty() {
                return Err(at("german_reorganization").err(
                    format!("row {}", n + 1),
                    "cannibalized = [] names no unit type (8.4.2)",
                ));
            }
            if let Some(k) = crate::engine::data::first_repeat(&row.cannibalized) {
                return Err(at("german_reorganization").err(
                    format!("row {}", n + 1),
                    format!(
                        "cannibalized type '{}' is listed twice",
                        row.cannibalized[k]
                    ),
                ));
            }
            // A misspelt type would match no unit and switch its row off unseen.
            let types = std::iter::once(&row.reinforced).chain(&row.cannibalized);
            if let Some(t) = types
                .into_iter()
                .find(|t| !REORGANIZATION_TYPES.contains(&t.as_str()))
            {
                return Err(at("german_reorganization").err(
                    format!("row {}", n + 1),
                    format!(
                        "unknown unit type '{}' (8.4.2's types: {})",
                        crate::engine::data::shown(t),
                        REORGANIZATION_TYPES.join(", ")
                    ),
                ));
            }
            // 8.4.2: one row a reinforced type; a second would be silently ignored.
            if g.rows[..n].iter().any(|r| r.reinforced == row.reinforced) {
                return Err(at("german_reorganization").err(
                    format!("row {}", n + 1),
                    format!(
                        "a second row for {} (each reinforced type has one row)",
                        row.reinforced
                    ),
                ));
            }
        }
        let german_reorganization = g
            .rows
            .into_iter()
            .map(|r| (r.cannibalized, r.reinforced))
            .collect();

        Ok(Charts {
            terrain,
            hexsides,
            road_half_mp,
            german_leg_roads,
            readings: self.readings,
            columns: c.columns as u8,
            lines,
            results,
            chits,
            combat_drm,
            ap_black,
            ap_red,
            ap_costs,
            interdiction,
            us_recovery,
            german_recovery,
            stacking,
            initiative_drm_max: it.max,
            us_replacements,
            german_reorganization,
            provenance,
        })
    }
}

/// Every kind of a fixed list must have its entry.
fn all_listed<T: Copy, const N: usize>(
    at: At,
    what: &str,
    found: [Option<T>; N],
    names: [&'static str; N],
) -> Result<[T; N], DataError> {
    if let Some(i) = found.iter().position(Option::is_none) {
        return Err(at.err(format!("{what} {}", names[i]), "missing"));
    }
    Ok(found.map(|f| f.expect("checked above")))
}
