//! The charts of the four Player Aid Charts (3.5) and the pure functions that read them: the
//! one implementation of 5.1 rounding, the odds column, the modified die, the CRT, the combat
//! multiplier, the Action Points Table and the Initiative Determination (6.1) that the engine,
//! the bots and `analysis::crossing_the_line` all call.
//!
//! The rulebook text lost every chart image, so most of `data/charts.toml` is reconstructed
//! and labelled (each table's `source`/`basis`); [`Charts::reconstructed_tables`] lists them.

mod load;

pub use load::GermanLegRoads;

use crate::engine::data::{DataError, Provenance};
use std::fmt;

/// The embedded default charts.
pub const CHARTS_TOML: &str = include_str!("../data/charts.toml");
/// The file name of the charts in a `--data` directory.
pub const CHARTS_FILE: &str = "charts.toml";

/// The lowest and highest modified combat die: results below 1 are 1, above 20 are 20
/// (7.5.1.2 step 2).
pub const DIE_MIN: u8 = 1;
pub const DIE_MAX: u8 = 20;
/// The result when the odds are below a terrain line's leftmost column (7.5.1 step D.2).
pub const BELOW_LEFTMOST: CombatResult = CombatResult {
    attacker: Hits {
        hits: 5,
        red: false,
    },
    defender: Hits {
        hits: 0,
        red: false,
    },
};

pub use super::map::Terrain;
pub use super::side::Side;

/// Hexside terrain (3.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hexside {
    Stream,
    Roer,
    DragonsTeeth,
}

impl Hexside {
    pub const ALL: [Hexside; 3] = [Hexside::Stream, Hexside::Roer, Hexside::DragonsTeeth];

    pub fn name(self) -> &'static str {
        match self {
            Hexside::Stream => "stream",
            Hexside::Roer => "roer",
            Hexside::DragonsTeeth => "dragons_teeth",
        }
    }

    fn names() -> String {
        Hexside::ALL.map(Hexside::name).join(", ")
    }
}

/// A non-negative ratio of small integers: an odds column heading ("3:2") or a multiplier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    pub num: u16,
    pub den: u16,
}

impl Ratio {
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    pub fn whole(n: u16) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    fn less_than(self, o: Ratio) -> bool {
        u32::from(self.num) * u32::from(o.den) < u32::from(o.num) * u32::from(self.den)
    }
}

/// The MP cost of crossing a hexside (7.3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexsideMp {
    /// Extra half-MPs.
    Extra(u8),
    /// The unit's entire MA: it starts adjacent, crosses first and stops.
    EntireMa,
    /// Crossing only along a road.
    Prohibited,
}

/// One hex terrain's row of the TEC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainEffects {
    /// MP to enter, in half-MPs (MPs are never rounded, 5.1).
    pub half_mp_leg: u8,
    pub half_mp_motorized: u8,
    /// Whether Infantry / AFV type units project a ZOC into the hex (5.4).
    pub zoc_infantry: bool,
    pub zoc_afv: bool,
    /// The CRT line when the defender is here (3.1.1).
    pub terrain_line: TerrainLine,
    /// The attacker's Tank Points are multiplied by this, rounded down (7.5.1.2 D).
    pub tank_multiplier: Ratio,
    /// Added to the defender's Anti-Tank Points (7.5.1.2 D).
    pub at_bonus: u8,
}

/// One hexside terrain's row of the TEC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexsideEffects {
    pub mp_leg: HexsideMp,
    pub mp_motorized: HexsideMp,
    /// The defender's Hexside Terrain DRM (7.5.1.2 A): zero or negative.
    pub combat_drm: i8,
    pub tank_multiplier: Ratio,
}

/// A CRT terrain line (an index into the loaded lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TerrainLine(pub u8);

/// Where an odds ratio falls on a terrain line (7.5.1 step D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OddsColumn {
    /// Below the leftmost column: the result is 5/0.
    BelowLeftmost,
    /// The `i`-th odds of the line from its leftmost (0).
    Column(u8),
}

/// One side's part of a combat result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hits {
    pub hits: u8,
    /// Printed red: every unit of that side in the hex takes an EC (7.5.2).
    pub red: bool,
}

/// A CRT result "A/D" (7.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CombatResult {
    pub attacker: Hits,
    pub defender: Hits,
}

impl fmt::Display for CombatResult {
    /// The CRT notation of `charts.toml`: "1/2r" is 1 attacker hit, 2 defender hits in red.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let r = |h: Hits| if h.red { "r" } else { "" };
        write!(
            f,
            "{}{}/{}{}",
            self.attacker.hits,
            r(self.attacker),
            self.defender.hits,
            r(self.defender)
        )
    }
}

/// Which column of a combat chit a unit reads (7.5.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChitColumn {
    /// The red left column: a disrupted defending unit.
    Disrupted,
    /// Hasty and Regular Attacks, Regular Defense.
    Normal,
    /// Improved Defense, and Prepared Attack (7.5.1.1 note: "better chance ... if it is
    /// conducting a Prepared Attack or has Improved Defense").
    Improved,
}

impl ChitColumn {
    pub const ALL: [ChitColumn; 3] = [
        ChitColumn::Disrupted,
        ChitColumn::Normal,
        ChitColumn::Improved,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ChitColumn::Disrupted => "disrupted",
            ChitColumn::Normal => "normal",
            ChitColumn::Improved => "improved",
        }
    }
}

/// A combat chit in the cup (7.5.1.1): its copies and multipliers by column and ER 2–7.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chit {
    pub id: String,
    pub count: u32,
    /// `[column as usize][er - 2]`.
    pub multipliers: [[u8; 6]; 3],
}

/// The Combat DRM table (7.5.1.2 B, C).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatDrm {
    pub regular_attack: i8,
    pub prepared_attack: i8,
    pub prepared_attack_other: i8,
    pub regular_defense: i8,
    pub improved_defense: i8,
    pub improved_defense_other: i8,
    pub hq_regular_divisor: u8,
    pub hq_prepared_divisor: u8,
}

/// The APs of one roll on the Action Points Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionPoints {
    /// For a Formation Activation (6.3.2).
    pub black: u8,
    /// For a Formation Reaction (6.4.2).
    pub red: u8,
}

/// The AP Cost Table (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApCosts {
    pub movement: u8,
    pub refit: u8,
    pub improved_defense: u8,
    pub hasty_attack: u8,
    pub regular_attack: u8,
    pub prepared_attack: u8,
    pub out_of_command_factor: u8,
}

/// Stacking limits per side per hex (5.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stacking {
    pub combat_units: u8,
    pub afv_units: u8,
    pub hqs: u8,
}

/// US Replacement Points per turn (8.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UsReplacements {
    pub infantry: u8,
    pub armored_infantry: u8,
    pub tank: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    name: String,
    odds: Vec<Ratio>,
    first_column: u8,
}

/// The loaded, checked charts with constant-time lookups.
#[derive(Clone, Debug)]
pub struct Charts {
    terrain: [TerrainEffects; 5],
    hexsides: [HexsideEffects; 3],
    road_half_mp: u8,
    german_leg_roads: GermanLegRoads,
    /// The readings of ambiguous rule text in play (`[readings]`, `super::readings`).
    pub readings: crate::engine::readings::Readings,
    columns: u8,
    lines: Vec<Line>,
    /// Row-major: `[(die - 1) * columns + column]`.
    results: Vec<CombatResult>,
    chits: Vec<Chit>,
    pub combat_drm: CombatDrm,
    /// `[fal - 1][die - 1]`.
    ap_black: Vec<[u8; 10]>,
    ap_red: Vec<[u8; 10]>,
    pub ap_costs: ApCosts,
    interdiction: [u8; 10],
    us_recovery: Vec<(String, u8)>,
    /// `[rating - 1][interdiction level]`.
    german_recovery: Vec<[u8; 3]>,
    pub stacking: Stacking,
    /// The Initiative +DRM track's last box (6.1).
    pub initiative_drm_max: u8,
    pub us_replacements: UsReplacements,
    /// (cannibalized unit types, the type their RPs rebuild) (8.4.2).
    pub german_reorganization: Vec<(Vec<String>, String)>,
    provenance: Vec<(&'static str, Provenance)>,
}

impl Charts {
    /// The embedded default.
    pub fn embedded() -> Result<Charts, DataError> {
        Charts::from_toml(CHARTS_TOML, "embedded charts.toml")
    }

    /// Parses and checks a charts document; errors name `file`, the table and the entry.
    pub fn from_toml(text: &str, file: &str) -> Result<Charts, DataError> {
        load::RawCharts::parse(text, file)?.check(file)
    }

    /// Every table's provenance, in file order.
    pub fn provenance(&self) -> &[(&'static str, Provenance)] {
        &self.provenance
    }

    /// The reconstructed tables with their basis.
    pub fn reconstructed_tables(&self) -> Vec<(&'static str, String)> {
        self.provenance
            .iter()
            .filter(|(_, p)| p.is_reconstructed())
            .map(|(t, p)| (*t, p.basis.clone().unwrap_or_default()))
            .collect()
    }

    pub fn terrain(&self, t: Terrain) -> &TerrainEffects {
        &self.terrain[t as usize]
    }

    pub fn hexside(&self, h: Hexside) -> &HexsideEffects {
        &self.hexsides[h as usize]
    }

    /// Road MP per road hex entered along the road, in half-MPs (3.1.1).
    pub fn road_half_mp(&self) -> u8 {
        self.road_half_mp
    }

    /// AMBIG-23: whether German leg units move at the road rate (`german_leg_roads`).
    pub fn german_leg_road_rate(&self) -> bool {
        self.german_leg_roads == GermanLegRoads::RoadRate
    }

    /// The CRT line of a defender in `t` (3.1.1: hex terrain "defines the column of the CRT").
    pub fn terrain_line(&self, t: Terrain) -> TerrainLine {
        self.terrain(t).terrain_line
    }

    /// Every terrain line, in file order.
    pub fn terrain_lines(&self) -> impl Iterator<Item = TerrainLine> {
        (0..self.lines.len() as u8).map(TerrainLine)
    }

    /// A line's name ("?" for an index that is not a line).
    pub fn line_name(&self, line: TerrainLine) -> &str {
        self.lines
            .get(usize::from(line.0))
            .map_or("?", |l| l.name.as_str())
    }

    /// The line named `name`.
    pub fn line_by_name(&self, name: &str) -> Option<TerrainLine> {
        let i = self.lines.iter().position(|l| l.name == name)?;
        Some(TerrainLine(i as u8))
    }

    /// The odds ratios of a line, leftmost first.
    pub fn line_odds(&self, line: TerrainLine) -> &[Ratio] {
        self.lines
            .get(usize::from(line.0))
            .map_or(&[], |l| l.odds.as_slice())
    }

    /// 7.5.1 step D: the attack-to-defense ratio rounded down to a column of `line` (5.1:
    /// odds always round down): the rightmost column whose ratio the odds reach, the rightmost
    /// above it, `BelowLeftmost` below the leftmost. A defense of 0 (no defender left) counts
    /// as the best odds.
    pub fn odds_column(&self, line: TerrainLine, attack: u32, defense: u32) -> OddsColumn {
        let odds = self.line_odds(line);
        let reached = |r: &Ratio| {
            u64::from(attack) * u64::from(r.den) >= u64::from(defense) * u64::from(r.num)
        };
        odds.iter()
            .rposition(reached)
            .map_or(OddsColumn::BelowLeftmost, |i| OddsColumn::Column(i as u8))
    }

    /// The odds heading of a column ("3:2"; "<1:2" below the leftmost).
    pub fn odds_label(&self, line: TerrainLine, column: OddsColumn) -> String {
        let odds = self.line_odds(line);
        match column {
            OddsColumn::BelowLeftmost => match odds.first() {
                Some(r) => format!("<{}:{}", r.num, r.den),
                None => "<".to_string(),
            },
            OddsColumn::Column(i) => match odds.get(usize::from(i)).or(odds.last()) {
                Some(r) => format!("{}:{}", r.num, r.den),
                None => "?".to_string(),
            },
        }
    }

    /// The CRT result on `line`, `column`, for a modified die (7.5.1 step D.3): 5/0 below the
    /// leftmost column; a column past the rightmost reads the rightmost; a die outside 1–20
    /// is clamped (7.5.1.2).
    pub fn combat_result(&self, line: TerrainLine, column: OddsColumn, die: u8) -> CombatResult {
        let OddsColumn::Column(i) = column else {
            return BELOW_LEFTMOST;
        };
        let Some(l) = self.lines.get(usize::from(line.0)) else {
            return BELOW_LEFTMOST;
        };
        let i = usize::from(i).min(l.odds.len().saturating_sub(1));
        let col = usize::from(l.first_column) + i;
        let row = usize::from(die.clamp(DIE_MIN, DIE_MAX) - 1);
        self.results[row * usize::from(self.columns) + col]
    }

    /// A whole combat roll from the final strengths: odds column, the die modified by `drm`
    /// and clamped, the result.
    pub fn resolve(
        &self,
        line: TerrainLine,
        attack: u32,
        defense: u32,
        die: u8,
        drm: i32,
    ) -> CombatResult {
        let column = self.odds_column(line, attack, defense);
        self.combat_result(line, column, modified_die(die, drm))
    }

    /// The chits in the cup.
    pub fn chits(&self) -> &[Chit] {
        &self.chits
    }

    /// 7.5.1.1: the attacker's and the defender's chit, drawn one after the other from the
    /// cup without replacement: each pair of kinds with its number of ways.
    pub fn chit_pairs(&self) -> impl Iterator<Item = (usize, usize, u32)> + '_ {
        let chits = &self.chits;
        chits.iter().enumerate().flat_map(move |(a, ca)| {
            chits.iter().enumerate().filter_map(move |(d, cd)| {
                let w = ca.count * cd.count.saturating_sub(u32::from(a == d));
                (w > 0).then_some((a, d, w))
            })
        })
    }

    /// The Combat Multiplier of `chit` for a unit of Effectiveness Rating `er` reading
    /// `column` (7.5.1.1). `None` for a chit index not in the cup; an ER outside 2–7 (3.2)
    /// reads the nearest row.
    pub fn combat_multiplier(&self, chit: usize, er: u8, column: ChitColumn) -> Option<u8> {
        let c = self.chits.get(chit)?;
        Some(c.multipliers[column as usize][usize::from(er.clamp(2, 7) - 2)])
    }

    /// The highest FAL with a column on the Action Points Table.
    pub fn max_activation_level(&self) -> u8 {
        self.ap_black.len() as u8
    }

    /// The Action Points Table for the current `activation_level` and a d10 (6.3.2, 6.4.2).
    /// `None` for FAL 0 (cannot activate, 6.3.1), a FAL past the table or a die not 1–10.
    pub fn action_points(&self, activation_level: u8, die: u8) -> Option<ActionPoints> {
        let f = usize::from(activation_level.checked_sub(1)?);
        let d = usize::from(die.checked_sub(1)?);
        Some(ActionPoints {
            black: *self.ap_black.get(f)?.get(d)?,
            red: *self.ap_red.get(f)?.get(d)?,
        })
    }

    /// The AP cost of an Action for a unit In Command or not (7: doubled Out of Command).
    pub fn ap_cost(&self, base: u8, in_command: bool) -> u8 {
        if in_command {
            base
        } else {
            base.saturating_mul(self.ap_costs.out_of_command_factor)
        }
    }

    /// The Interdiction Level for a d10 (8.1.2); a die outside 1–10 reads 0 as 10 (3.8).
    pub fn interdiction_level(&self, die: u8) -> u8 {
        let d = if die == 0 { 10 } else { die.min(10) };
        self.interdiction[usize::from(d - 1)]
    }

    /// The highest Interdiction Level a roll can give (8.1.2).
    pub fn max_interdiction_level(&self) -> u8 {
        self.interdiction.iter().copied().max().unwrap_or(0)
    }

    /// A US formation's fixed FAL recovery (8.1.1), if the chart lists it.
    pub fn us_recovery(&self, formation: &str) -> Option<u8> {
        self.us_recovery
            .iter()
            .find(|(f, _)| f == formation)
            .map(|p| p.1)
    }

    /// The formations the HQ Recovery Chart lists for the US (8.1.1), in file order.
    pub fn us_recovery_formations(&self) -> impl Iterator<Item = &str> + '_ {
        self.us_recovery.iter().map(|(f, _)| f.as_str())
    }

    /// The Recovery Ratings the HQ Recovery Chart has a row for: 1 to this (8.1.3).
    pub fn german_recovery_ratings(&self) -> u8 {
        u8::try_from(self.german_recovery.len()).unwrap_or(u8::MAX)
    }

    /// German FAL recovery for a Recovery Rating and Interdiction Level (8.1.3). A rating of
    /// 0 recovers nothing; a rating past the chart reads its last row; a level past 2 reads 2.
    pub fn german_recovery(&self, rating: u8, interdiction: u8) -> u8 {
        let Some(r) = rating.checked_sub(1) else {
            return 0;
        };
        let row = self
            .german_recovery
            .get(usize::from(r))
            .or(self.german_recovery.last());
        row.map_or(0, |row| row[usize::from(interdiction.min(2))])
    }

    /// The attacker's final Tank Points (7.5.1.2 D): printed TP times the defender's terrain
    /// and the hexside's multipliers, rounded down (the rule's explicit "round down" overrides
    /// 5.1's round-up: AMBIG-42).
    pub fn attacker_tank_points(
        &self,
        tank_points: u8,
        terrain: Terrain,
        hexside: Option<Hexside>,
    ) -> u8 {
        let t = self.terrain(terrain).tank_multiplier;
        let h = hexside.map_or(Ratio::ONE, |h| self.hexside(h).tank_multiplier);
        let num = u32::from(tank_points) * u32::from(t.num) * u32::from(h.num);
        let den = u32::from(t.den) * u32::from(h.den);
        (num / den.max(1)).min(u32::from(u8::MAX)) as u8
    }

    /// The defender's final Anti-Tank value: AT plus the terrain bonus (7.5.1.2 D; a unit with
    /// 0 AT still gets the bonus).
    pub fn defender_anti_tank(&self, anti_tank: u8, terrain: Terrain) -> u8 {
        anti_tank.saturating_add(self.terrain(terrain).at_bonus)
    }
}

/// 5.1: a side's total of fractional values, each kept exact until all are added, then
/// rounded up.
pub fn round_up_total(values: impl IntoIterator<Item = Ratio>) -> u32 {
    // Σ num/den over a common denominator; the denominators are small (chart multipliers).
    let mut num: u64 = 0;
    let mut den: u64 = 1;
    for v in values {
        if v.den == 0 {
            continue; // not a value (a checked chart never holds one)
        }
        let d = u64::from(v.den);
        let l = lcm(den, d);
        num = num * (l / den) + u64::from(v.num) * (l / d);
        den = l;
    }
    num.div_ceil(den).min(u64::from(u32::MAX)) as u32
}

fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// 7.5.1.1 with 5.1: a side's final combat strength from each unit's (current Combat
/// Strength, Combat Multiplier), summed, then rounded up.
pub fn combat_strength(units: impl IntoIterator<Item = (u8, Ratio)>) -> u32 {
    round_up_total(units.into_iter().map(|(strength, m)| Ratio {
        num: u16::from(strength).saturating_mul(m.num),
        den: m.den,
    }))
}

/// 7.5.1.2 step 2: the die changed by the final DRM, below 1 treated as 1, above 20 as 20.
pub fn modified_die(die: u8, drm: i32) -> u8 {
    (i32::from(die) + drm).clamp(i32::from(DIE_MIN), i32::from(DIE_MAX)) as u8
}

/// HQ Attack Support (7.5.1.2 C): the HQ's current Support Points over the divisor, fractions
/// rounded up (Regular: half; Prepared: all).
pub fn hq_attack_support(support_points: u8, divisor: u8) -> u8 {
    support_points.div_ceil(divisor.max(1))
}

/// The Initiative +DRM marker (6.1): the side it shows and its value; `side: None` is the 0
/// box at the start of the Ops Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InitiativeMarker {
    pub side: Option<Side>,
    pub value: u8,
}

impl InitiativeMarker {
    /// The 0 box (8: placed there at the start of every Admin Phase).
    pub const ZERO: InitiativeMarker = InitiativeMarker {
        side: None,
        value: 0,
    };

    /// The +DRM this marker gives `side`.
    pub fn drm_for(self, side: Side) -> u8 {
        if self.side == Some(side) {
            self.value
        } else {
            0
        }
    }

    /// 6.1: after the Initiative is determined the marker shows the Reaction side at 2, or one
    /// box higher if it already showed it (never back to 0 in the Ops Phase). It stops at the
    /// track's last box `max` (AMBIG-32: the track's length is not in the text).
    pub fn after(self, reaction: Side, max: u8) -> InitiativeMarker {
        let value = if self.side == Some(reaction) {
            self.value.saturating_add(1).min(max)
        } else {
            2
        };
        InitiativeMarker {
            side: Some(reaction),
            value,
        }
    }
}

/// 6.1: the Initiative player from both d10s: each side adds the +DRM if the marker shows it,
/// the US adds the Interdiction Level; the higher total wins, a tie goes to the US.
pub fn initiative_winner(
    us_die: u8,
    german_die: u8,
    marker: InitiativeMarker,
    interdiction: u8,
) -> Side {
    let us = u16::from(us_die) + u16::from(marker.drm_for(Side::Us)) + u16::from(interdiction);
    let german = u16::from(german_die) + u16::from(marker.drm_for(Side::German));
    if us >= german {
        Side::Us
    } else {
        Side::German
    }
}

/// 10: except in Scenario 1 the US wins the first Initiative of a scenario automatically, and
/// the marker then shows the German side at +2 — the 6.1 update after a US win from the 0 box.
pub fn scenario_start_marker(max: u8) -> InitiativeMarker {
    InitiativeMarker::ZERO.after(Side::German, max)
}

#[cfg(test)]
mod tests;
