//! The scenarios (`data/scenarios.toml`, section 10): each one's map area, turns, formations,
//! objectives or VP hexes, victory bands, set-up, reinforcements and withdrawals. The text
//! gives the areas, turns, forces, schedules, objectives and VP hexes (checked here against the
//! rule); the set-up and entry hexes are reconstructed (the Setup and Reinforcement charts are
//! images), labelled as such. Hexes stay text here; `DataSet` resolves them on the map.

use super::counters::CounterTables;
use super::side::Side;
use crate::engine::data::{check_provenance, first_repeat, parse, At, DataError, Provenance};
use serde::Deserialize;
use std::collections::HashSet;

pub const EMBEDDED: &str = include_str!("data/scenarios.toml");
pub const FILE: &str = "scenarios.toml";

/// The scenario ids this engine plays (10.1, 10.2, 10.3).
pub const FIRST_BLOOD: &str = "first-blood";
pub const STOLBERG_CORRIDOR: &str = "stolberg-corridor";
pub const ACROSS_THE_WURM: &str = "across-the-wurm";
pub const CAMPAIGN: &str = "campaign";

/// 10.1: "The US player must clear hexes 2107, 2108 and 2109."
pub const RULE_10_1_OBJECTIVES: [u16; 3] = [2107, 2108, 2109];

/// 10.2: the VP hexes and their values.
pub const RULE_10_2_VP: [(u16, u8); 23] = [
    (2915, 15),
    (3217, 15),
    (3218, 15),
    (3219, 15),
    (3316, 15),
    (3317, 15),
    (3318, 15),
    (3416, 15),
    (3417, 15),
    (2315, 10),
    (2717, 10),
    (3019, 10),
    (2108, 5),
    (2121, 5),
    (2211, 5),
    (2212, 5),
    (2221, 5),
    (2318, 5),
    (2505, 5),
    (2520, 5),
    (2617, 5),
    (2618, 5),
    (3122, 5),
];

/// 10.3: the VP hexes and their values.
pub const RULE_10_3_VP: [(u16, u8); 13] = [
    (3109, 10),
    (3111, 10),
    (3509, 5),
    (3510, 5),
    (3610, 5),
    (3708, 5),
    (4109, 5),
    (4209, 5),
    (4210, 5),
    (4305, 5),
    (4309, 5),
    (4708, 5),
    (5303, 5),
];

/// What the rulebook fixes for each scenario it describes: the id, the rule, the map area
/// (hexrows, columns), the turns, the objectives, the VP hexes and the number of victory bands
/// (`vp_levels` entries: one fewer than the levels).
pub struct RuleScenario {
    pub id: &'static str,
    /// The scenario's title as the rulebook prints it (10.1–10.4).
    pub name: &'static str,
    pub rule: &'static str,
    pub rows: [u8; 2],
    pub cols: [u8; 2],
    pub turns: [u8; 2],
    pub objectives: &'static [u16],
    pub vp: &'static [(u16, u8)],
    pub vp_levels: Option<&'static [u32]>,
}

/// 10.1: "South of 25XX, West of XX16", five activations of turn 1. 10.2: "From hexes 10XX to
/// 42XX", turns 1–3, VP bands 71+, 61–70, 51–60, 40–50, 30–39, 16–29, 0–14 (AMBIG-30: 15 VP, in
/// no band, is German substantial). 10.3: hexrows 31–56, turns 5–8, VP bands 60+, 40–59,
/// 30–39, 15–29, 0–14. 10.4: the entire map, turns 1–8, VP bands 49+, 43–48, 36–42, 29–35,
/// 22–28, 16–21, 0–15; its VP hexes come from the Victory Plan (8.3).
pub const RULE_SCENARIOS: [RuleScenario; 4] = [
    RuleScenario {
        id: FIRST_BLOOD,
        name: "First Blood",
        rule: "10.1",
        rows: [10, 24],
        cols: [1, 15],
        turns: [1, 1],
        objectives: &RULE_10_1_OBJECTIVES,
        vp: &[],
        vp_levels: None,
    },
    RuleScenario {
        id: STOLBERG_CORRIDOR,
        name: "The Stolberg Corridor",
        rule: "10.2",
        rows: [10, 42],
        cols: [1, 22],
        turns: [1, 3],
        objectives: &[],
        vp: &RULE_10_2_VP,
        vp_levels: Some(&[71, 61, 51, 40, 30, 15]),
    },
    RuleScenario {
        id: ACROSS_THE_WURM,
        name: "Across the Wurm",
        rule: "10.3",
        rows: [31, 56],
        cols: [1, 22],
        turns: [5, 8],
        objectives: &[],
        vp: &RULE_10_3_VP,
        vp_levels: Some(&[60, 40, 30, 15]),
    },
    RuleScenario {
        id: CAMPAIGN,
        name: "Campaign",
        rule: "10.4",
        rows: [10, 56],
        cols: [1, 22],
        turns: [1, 8],
        objectives: &[],
        vp: &[],
        vp_levels: Some(&[49, 43, 36, 29, 22, 16]),
    },
];

/// 10.2's and 10.3's schedules (trial 19a F1): how many units of each side arrive on each
/// turn, the formation the US ones go to where the text names one, and the withdrawals.
struct RuleSchedule {
    id: &'static str,
    rule: &'static str,
    /// (turn, side, units, the formation the text assigns them to).
    arrivals: &'static [(u8, Side, usize, Option<&'static str>)],
    withdrawals: &'static [(u8, &'static str)],
}

/// 10.2: "Turn 2: 1st Infantry Division: 238th & 257th Engineers. Turn 3: 1st Infantry
/// Division: 745th Tank, 634th Tank Destroyer and 4th Engineer"; "Turn 2: 12th Infantry
/// Division (9 units), 1012 Assault Gun (independent)"; withdrawn "Turn 3: 353rd Infantry
/// Division". 10.3: "Turn 6: 29th
/// Infantry Division (4 units)", "Turn 7: 1128th, 1129th Engineers, 99th Infantry"; "Turn 7:
/// 3rd Panzergrenadier Division (11 units)".
const RULE_SCHEDULES: [RuleSchedule; 2] = [
    RuleSchedule {
        id: STOLBERG_CORRIDOR,
        rule: "10.2",
        arrivals: &[
            (2, Side::Us, 2, Some("1ID")),
            (3, Side::Us, 3, Some("1ID")),
            (2, Side::German, 10, None),
        ],
        withdrawals: &[(3, "353ID")],
    },
    RuleSchedule {
        id: ACROSS_THE_WURM,
        rule: "10.3",
        arrivals: &[
            (6, Side::Us, 4, None),
            (7, Side::Us, 3, None),
            (7, Side::German, 11, None),
        ],
        withdrawals: &[],
    },
];

/// The reinforcements and withdrawals against the text's schedule (`RULE_SCHEDULES`).
fn check_schedule_against_rule(s: &ScenarioDef, c: &CounterTables) -> Result<(), String> {
    let Some(r) = RULE_SCHEDULES.iter().find(|r| r.id == s.id) else {
        return Ok(());
    };
    let side_of = |unit: &str| {
        let u = c.units.iter().find(|u| u.id == unit)?;
        let formation = c.formations.iter().find(|f| f.id == u.formation);
        formation.map(|f| f.side).or(u.side)
    };
    let mut have: Vec<(u8, Side, usize)> = Vec::new();
    for a in &s.reinforcements {
        let Some(side) = side_of(&a.unit) else {
            continue; // an unknown unit is told by `check_scenario`
        };
        match have
            .iter_mut()
            .find(|(t, sd, _)| *t == a.turn && *sd == side)
        {
            Some(entry) => entry.2 += 1,
            None => have.push((a.turn, side, 1)),
        }
        let text = r
            .arrivals
            .iter()
            .find(|&&(t, sd, _, _)| t == a.turn && sd == side);
        if let Some(&(_, _, _, Some(f))) = text {
            if a.formation.as_deref() != Some(f) {
                return Err(format!(
                    "{}: the {} arriving on turn {} go to {f}, and {} does not",
                    r.rule,
                    side.adjective(),
                    a.turn,
                    a.unit
                ));
            }
        }
    }
    for &(turn, side, n, _) in r.arrivals {
        let got = have
            .iter()
            .find(|&&(t, sd, _)| t == turn && sd == side)
            .map_or(0, |e| e.2);
        if got != n {
            return Err(format!(
                "{}: {n} {} unit(s) arrive on turn {turn}, not {got}",
                r.rule,
                side.adjective()
            ));
        }
    }
    if let Some(&(turn, side, got)) = have.iter().find(|&&(t, sd, _)| {
        !r.arrivals
            .iter()
            .any(|&(t2, sd2, _, _)| t2 == t && sd2 == sd)
    }) {
        return Err(format!(
            "{}: no {} units arrive on turn {turn}, but {got} do here",
            r.rule,
            side.adjective()
        ));
    }
    let mut withdrawn: Vec<(u8, &str)> = s
        .withdrawals
        .iter()
        .map(|w| (w.turn, w.formation.as_str()))
        .collect();
    withdrawn.sort_unstable();
    if withdrawn != r.withdrawals {
        return Err(format!(
            "{}: the withdrawals are {:?} (turn, formation), not {withdrawn:?}",
            r.rule, r.withdrawals
        ));
    }
    Ok(())
}

/// The rulebook's description of scenario `id`, if it is one the engine plays.
pub fn rule_scenario(id: &str) -> Option<&'static RuleScenario> {
    RULE_SCENARIOS.iter().find(|r| r.id == id)
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioTables {
    pub scenario: Provenance,
    pub scenarios: Vec<ScenarioDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    pub id: String,
    pub name: String,
    pub rule: String,
    /// The map area, inclusive hexrows and columns ("South of 25XX", "From hexes 10XX to 42XX").
    #[serde(deserialize_with = "crate::engine::data::exact")]
    pub rows: [u8; 2],
    #[serde(deserialize_with = "crate::engine::data::exact")]
    pub cols: [u8; 2],
    pub first_turn: u8,
    pub last_turn: u8,
    pub formations: Vec<String>,
    pub hqs: Vec<HqSetup>,
    pub units: Vec<UnitSetup>,
    #[serde(default)]
    pub reinforcements: Vec<Reinforcement>,
    #[serde(default)]
    pub reinforcement_hqs: Vec<HqReinforcement>,
    #[serde(default)]
    pub withdrawals: Vec<Withdrawal>,
    /// 10.1: the hexes the US must clear.
    #[serde(default)]
    pub objectives: Vec<String>,
    /// 10.2, 10.3: the VP hexes, by value.
    #[serde(default)]
    pub vp_hexes: Vec<VpHexes>,
    /// 10.2, 10.3: the least US VP of each victory level from US decisive down to the level
    /// above German decisive (decreasing); fewer is German decisive. Absent: the rulebook's.
    #[serde(default)]
    pub vp_levels: Option<Vec<u32>>,
    /// 10.4, 8.3 (General Chart B): the Campaign's victory locations, the Victory Plan
    /// markers in the cup, and the VP of German SP losses (9).
    #[serde(default)]
    pub victory_plan: Option<VictoryPlanChart>,
}

/// General Chart B's Victory Plan (8.3, 10.4): the locations the plans score, the markers,
/// and what each German SP lost is worth (9).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryPlanChart {
    pub source: String,
    #[serde(default)]
    pub basis: Option<String>,
    /// A location counts when the US controls any one of its hexes (the Roer area: "any one
    /// hex in it").
    pub locations: Vec<VictoryLocation>,
    /// The markers in the cup: a plan gives each location its VP; a dummy none.
    pub markers: Vec<VictoryPlanMarker>,
    /// Quarter VPs per German SP lost, by unit kind (9: "The strength loss VP values of
    /// German unit types can be found on General Chart B").
    /// (Ordered, so the data's identity in saves is the same in every run.)
    pub sp_loss_quarter_vp: std::collections::BTreeMap<super::counters::UnitKind, u8>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryLocation {
    pub name: String,
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryPlanMarker {
    pub name: String,
    /// VP per location, in `locations` order; empty for a dummy.
    #[serde(default)]
    pub vp: Vec<u8>,
}

/// VP hexes of one value (10.2 "15 VPs: 2915, 3217, …").
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VpHexes {
    pub vp: u8,
    pub hexes: Vec<String>,
}

impl ScenarioDef {
    /// The VP bands in play: the data's, or the rulebook's.
    pub fn levels(&self) -> Vec<u32> {
        self.vp_levels.clone().unwrap_or_else(|| {
            rule_scenario(&self.id)
                .and_then(|r| r.vp_levels)
                .unwrap_or_default()
                .to_vec()
        })
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HqSetup {
    pub formation: String,
    pub hex: String,
    pub activation_level: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSetup {
    pub unit: String,
    pub hex: String,
    /// An independent set up attached to a formation (10.4: "Pol", "Gen" and "394 Assault
    /// Gun" start attached to the 526th).
    #[serde(default)]
    pub formation: Option<String>,
}

/// 8.5.1: a unit entering on `turn` at `hex`; an independent names the formation it was
/// assigned to before entering (5.5.2).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    pub turn: u8,
    pub unit: String,
    pub hex: String,
    #[serde(default)]
    pub formation: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HqReinforcement {
    pub turn: u8,
    pub formation: String,
    pub hex: String,
    pub activation_level: u8,
}

/// 8.5.2: a formation leaving the map in the Reinforcements and Withdrawals Segment of `turn`
/// (the 116th Panzer's units come back as reinforcements later, 8.5.2).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    pub turn: u8,
    pub formation: String,
}

pub fn load(text: &str, file: &str, counters: &CounterTables) -> Result<ScenarioTables, DataError> {
    let tables: ScenarioTables = parse(text, file)?;
    let at = At::new(file, "scenario");
    check_provenance(
        at,
        &tables.scenario.source,
        tables.scenario.basis.as_deref(),
    )?;
    for (i, s) in tables.scenarios.iter().enumerate() {
        // A second entry of one id would be shadowed by the first, silently.
        if tables.scenarios[..i].iter().any(|t| t.id == s.id) {
            return Err(At::new(file, "scenarios").err(
                format!("scenario {}", s.id),
                "the id is given twice (each scenario once)",
            ));
        }
        // A scenario the engine does not play would load and then never be played.
        if rule_scenario(&s.id).is_none() {
            let known: Vec<&str> = RULE_SCENARIOS.iter().map(|r| r.id).collect();
            return Err(At::new(file, "scenarios").err(
                format!("scenario {}", s.id),
                format!("not a scenario the engine plays ({})", known.join(", ")),
            ));
        }
        // The text's schedule last: an entry's own error says more than "not the text's".
        check_scenario(s, counters)
            .and_then(|()| check_schedule_against_rule(s, counters))
            .map_err(|m| At::new(file, "scenarios").err(format!("scenario {}", s.id), m))?;
    }
    for r in &RULE_SCENARIOS {
        if !tables.scenarios.iter().any(|s| s.id == r.id) {
            return Err(At::new(file, "scenarios").err(
                format!("scenario {}", r.id),
                format!("missing: the engine plays it ({})", r.rule),
            ));
        }
    }
    Ok(tables)
}

/// The most Victory Plan markers (draws are kept in a fixed array) and locations.
pub const MAX_PLAN_MARKERS: usize = 8;
pub const MAX_PLAN_LOCATIONS: usize = 8;
/// 4: "Crossing the Line lasts up to eight game turns."
pub const LAST_GAME_TURN: u8 = 8;
/// The most quarter VPs a German SP loss is worth. General Chart B is lost and the rules print
/// no limit; the engine notes withdrawn units' losses in a u16 (`State::noted_loss_quarters`):
/// 128 units (`state::MAX_UNITS`) × 15 SP (3.4) × 34 = 65,280 ≤ 65,535.
pub const MAX_SP_LOSS_QUARTER_VP: u8 = 34;

/// 10.4 needs General Chart B's Victory Plan; each plan scores every location, a dummy none;
/// at least one plan, so that a plan is drawn (8.3).
fn check_victory_plan(s: &ScenarioDef) -> Result<(), String> {
    let Some(p) = &s.victory_plan else {
        return match s.id == CAMPAIGN {
            true => Err("victory_plan is missing: 10.4 scores by the Victory Plan (8.3)".into()),
            false => Ok(()),
        };
    };
    check_provenance(At::new(FILE, "victory_plan"), &p.source, p.basis.as_deref())
        .map_err(|e| format!("victory_plan {}: {}", e.entry, e.message))?;
    let n = p.locations.len();
    if n == 0 || n > MAX_PLAN_LOCATIONS || p.locations.iter().any(|l| l.hexes.is_empty()) {
        return Err(format!(
            "victory_plan: 1 to {MAX_PLAN_LOCATIONS} locations, each with a hex"
        ));
    }
    if p.markers.is_empty() || p.markers.len() > MAX_PLAN_MARKERS {
        return Err(format!("victory_plan: 1 to {MAX_PLAN_MARKERS} markers"));
    }
    if let Some(m) = p
        .markers
        .iter()
        .find(|m| !m.vp.is_empty() && m.vp.len() != n)
    {
        return Err(format!(
            "victory_plan: marker {:?} scores {} locations, not {n}",
            m.name,
            m.vp.len()
        ));
    }
    // 8.3: "The first non-dummy chit drawn": a marker named a dummy is one (trial 17a F14).
    if let Some(m) = p
        .markers
        .iter()
        .find(|m| !m.vp.is_empty() && m.name.trim().eq_ignore_ascii_case("dummy"))
    {
        return Err(format!(
            "victory_plan: marker {:?} gives VP, but a dummy gives none (8.3): leave out its vp or name the plan",
            m.name
        ));
    }
    // A marker scoring 0 everywhere scores as a dummy does.
    if p.markers.iter().all(|m| m.vp.iter().all(|&v| v == 0)) {
        return Err("victory_plan: no marker scores a VP (each is a dummy or scores 0 everywhere); 8.3 needs a plan".into());
    }
    check_plan_names(p)?;
    // 8.3: "Starting with game turn 2, the US player draws one Victory Plan marker each turn".
    let (first, last) = (s.first_turn, s.last_turn);
    let draws = (usize::from(last) + 1).saturating_sub(usize::from(first.max(2)));
    if p.markers.len() < draws {
        return Err(format!(
            "victory_plan: {} markers for the {draws} draws of turns {}-{last} (8.3: one each turn from turn 2)",
            p.markers.len(),
            first.max(2)
        ));
    }
    // The markers' VP (u8 each) are summed as u32 (`victory::plan_vp`): any u8 value fits.
    if let Some((kind, q)) = p
        .sp_loss_quarter_vp
        .iter()
        .find(|(_, q)| **q > MAX_SP_LOSS_QUARTER_VP)
    {
        return Err(format!(
            "victory_plan: sp_loss_quarter_vp {q} for {kind:?} is out of range \
             0–{MAX_SP_LOSS_QUARTER_VP} (quarter VPs per German SP lost, 9; the rules print no \
             limit, the engine's u16 total of noted losses does)"
        ));
    }
    Ok(())
}

/// Each location, plan marker and hex of the Victory Plan once: a hex in two locations would score
/// twice for one plan, and a name given twice could not be told apart.
fn check_plan_names(p: &VictoryPlanChart) -> Result<(), String> {
    let names: Vec<&str> = p.locations.iter().map(|l| l.name.as_str()).collect();
    if let Some(i) = first_repeat(&names) {
        return Err(format!(
            "victory_plan: location {:?} is listed twice",
            names[i]
        ));
    }
    // The dummies are alike; each plan is its own.
    let plans = p.markers.iter().filter(|m| !m.vp.is_empty());
    let markers: Vec<&str> = plans.map(|m| m.name.as_str()).collect();
    if let Some(i) = first_repeat(&markers) {
        return Err(format!(
            "victory_plan: marker {:?} is listed twice",
            markers[i]
        ));
    }
    let hexes: Vec<&str> = p
        .locations
        .iter()
        .flat_map(|l| &l.hexes)
        .map(String::as_str)
        .collect();
    if let Some(i) = first_repeat(&hexes) {
        return Err(format!(
            "victory_plan: hex {} is listed twice (a hex belongs to one location, once)",
            hexes[i]
        ));
    }
    Ok(())
}

/// 9, 10.4: the German SP losses the Victory Plan scores: a value for the type of every
/// German unit in the scenario (a missing one would score 0 unseen), and the most VP the US
/// can score (the best plan's locations and every German SP of every entry lost, a returning
/// formation's twice) reaching US decisive.
fn check_plan_losses(
    s: &ScenarioDef,
    p: &VictoryPlanChart,
    c: &CounterTables,
) -> Result<(), String> {
    let mut quarters: u32 = 0;
    let entries = s
        .units
        .iter()
        .map(|u| &u.unit)
        .chain(s.reinforcements.iter().map(|r| &r.unit));
    for id in entries {
        let Some(def) = c.units.iter().find(|u| &u.id == id) else {
            continue; // refused in `check_scenario`
        };
        let formation_side = c
            .formations
            .iter()
            .find(|f| f.id == def.formation)
            .map(|f| f.side);
        if def.side.or(formation_side) != Some(Side::German) {
            continue;
        }
        let Some(&q) = p.sp_loss_quarter_vp.get(&def.kind) else {
            return Err(format!(
                "victory_plan: sp_loss_quarter_vp has no value for {} (unit {id}): 9 scores \
                 every German SP lost",
                def.kind.key()
            ));
        };
        quarters += u32::from(def.strength) * u32::from(q);
    }
    let plan = p
        .markers
        .iter()
        .map(|m| m.vp.iter().map(|&v| u32::from(v)).sum::<u32>())
        .max()
        .unwrap_or(0);
    let most = plan + quarters / 4;
    match s.vp_levels.as_deref().and_then(<[u32]>::first) {
        Some(&top) if top > most => Err(format!(
            "vp_levels: US decisive needs {top} VP but the best plan and every German SP lost \
             give at most {most}, so it can never be reached"
        )),
        _ => Ok(()),
    }
}

/// What the rulebook fixes: the scenario's area rows, turns, objectives, VP hexes with their
/// values, and as many victory bands as its table has.
fn check_against_rule(s: &ScenarioDef) -> Result<(), String> {
    let Some(r) = rule_scenario(&s.id) else {
        return Ok(());
    };
    // The title and rule number name the scenario on every screen and report (trial 23a F1:
    // the Stolberg Corridor was shown as "Across the Wurm").
    if (s.name.as_str(), s.rule.as_str()) != (r.name, r.rule) {
        return Err(format!(
            "{} is \"{}\": name = \"{}\" and rule = \"{}\"",
            r.rule, r.name, r.name, r.rule
        ));
    }
    if s.rows != r.rows || s.cols != r.cols {
        return Err(format!(
            "{} gives hexrows {:?} and columns {:?}, not {:?} and {:?}",
            r.rule, r.rows, r.cols, s.rows, s.cols
        ));
    }
    if [s.first_turn, s.last_turn] != r.turns {
        return Err(format!("{} gives game turns {:?}", r.rule, r.turns));
    }
    let numbers = |texts: &[String]| -> Result<Vec<u16>, String> {
        let mut n: Vec<u16> = texts
            .iter()
            .map(|t| {
                t.parse()
                    .map_err(|_| format!("{t:?} is not a hex number XXYY"))
            })
            .collect::<Result<_, _>>()?;
        n.sort_unstable();
        Ok(n)
    };
    let mut want: Vec<u16> = r.objectives.to_vec();
    want.sort_unstable();
    if numbers(&s.objectives)? != want {
        return Err(format!("{}: the objectives are {:?}", r.rule, r.objectives));
    }
    let mut have = Vec::new();
    for group in &s.vp_hexes {
        have.extend(numbers(&group.hexes)?.into_iter().map(|h| (h, group.vp)));
    }
    have.sort_unstable();
    let mut want = r.vp.to_vec();
    want.sort_unstable();
    if have != want {
        let wrong = have
            .iter()
            .find(|h| !want.contains(h))
            .map_or("one is missing".to_string(), |(h, v)| {
                format!("not hex {h} at {v} VP")
            });
        return Err(format!("{}'s VP hexes and values differ: {wrong}", r.rule));
    }
    let bands = r.vp_levels.map_or(0, <[u32]>::len);
    let levels = s.levels();
    if levels.len() != bands {
        return Err(format!(
            "vp_levels {levels:?}: {} has {bands} bands above the lowest",
            r.rule
        ));
    }
    Ok(())
}

/// Every formation and unit named exists and is in play, each unit is set up or enters once,
/// and the turns fit the scenario.
fn check_scenario(s: &ScenarioDef, c: &CounterTables) -> Result<(), String> {
    crate::engine::data::check_name("name", &s.name)?;
    for (field, turn) in [("first_turn", s.first_turn), ("last_turn", s.last_turn)] {
        if !(1..=LAST_GAME_TURN).contains(&turn) {
            return Err(format!(
                "{field} {turn} is out of range 1–{LAST_GAME_TURN} (the game lasts up to eight \
                 game turns, 4)"
            ));
        }
    }
    check_against_rule(s)?;
    check_victory_plan(s)?;
    if let Some(p) = &s.victory_plan {
        check_plan_losses(s, p, c)?;
    }
    // VP values (u8) and bands (u32) are summed and compared as u32 (`victory::us_vp`), so any
    // value fits; 10.2 and 10.3 fix them (`check_against_rule`).
    if let Some(levels) = &s.vp_levels {
        check_vp_levels(s, levels)?;
    }
    if s.first_turn > s.last_turn || s.rows[0] > s.rows[1] || s.cols[0] > s.cols[1] {
        return Err("first_turn..last_turn, rows and cols must be ranges [low, high]".into());
    }
    for f in &s.formations {
        if !c.formations.iter().any(|d| &d.id == f) {
            return Err(format!("formation {f:?} is not in counters.toml"));
        }
    }
    if let Some(i) = first_repeat(&s.formations) {
        return Err(format!("formation {:?} is listed twice", s.formations[i]));
    }
    let in_play = |f: &str| s.formations.iter().any(|x| x == f);
    // 8.5.2: a withdrawn formation's units and HQ may enter again later (the 116th Panzer).
    let returns = |formation: &str, turn: Option<u8>| {
        turn.is_some_and(|t| {
            s.withdrawals
                .iter()
                .any(|w| w.formation == formation && w.turn < t)
        })
    };
    let mut placed = HashSet::new();
    let hqs = s.hqs.iter().map(|h| (&h.formation, None)).chain(
        s.reinforcement_hqs
            .iter()
            .map(|h| (&h.formation, Some(h.turn))),
    );
    for (hq, turn) in hqs {
        if !in_play(hq) || !placed.insert(format!("HQ {hq}")) && !returns(hq, turn) {
            return Err(format!(
                "the HQ of {hq:?} is not in play or is placed twice"
            ));
        }
    }

    let set_up = s
        .hqs
        .iter()
        .map(|h| (&h.formation, h.activation_level, None));
    let arriving = s
        .reinforcement_hqs
        .iter()
        .map(|h| (&h.formation, h.activation_level, Some(h.turn)));
    for (hq, level, turn) in set_up.chain(arriving) {
        check_hq(s, c, hq, level, turn)?;
    }
    let units = s
        .units
        .iter()
        .map(|u| (&u.unit, u.formation.as_deref(), None))
        .chain(
            s.reinforcements
                .iter()
                .map(|r| (&r.unit, r.formation.as_deref(), Some(r))),
        );
    for (id, assigned, reinforcement) in units {
        let Some(def) = c.units.iter().find(|u| &u.id == id) else {
            return Err(format!("unit {id:?} is not in counters.toml"));
        };
        let formation = assigned.unwrap_or(&def.formation);
        if !in_play(formation) {
            return Err(format!("unit {id:?}: formation {formation:?} is not in play (an independent names the formation it joins, 5.5.2)"));
        }
        // 5.5.2: an independent joins "one qualifying formation" of its own side.
        let joined = c.formations.iter().find(|f| f.id == formation);
        if let (Some(side), Some(f)) = (def.side, joined) {
            if f.side != side {
                return Err(format!(
                    "unit {id:?}: formation {formation:?} is the enemy's (an independent joins \
                     a formation of its own side, 5.5.2)"
                ));
            }
        }
        if !placed.insert(id.clone()) && !returns(&def.formation, reinforcement.map(|r| r.turn)) {
            return Err(format!("unit {id:?} is placed twice"));
        }
        if let Some(r) = reinforcement.filter(|r| r.turn <= s.first_turn || r.turn > s.last_turn) {
            return Err(format!(
                "unit {id:?}: turn {} is out of range {}–{} (a reinforcement enters on a later \
                 turn of the scenario's {}–{}, 8.5)",
                r.turn,
                s.first_turn.saturating_add(1),
                s.last_turn,
                s.first_turn,
                s.last_turn
            ));
        }
    }
    check_hqs_of_units(s, c)?;
    check_withdrawals(s)
}

/// 10.2, 10.3: the least US VP of each level, US decisive first, decreasing; every level
/// reachable: the lowest (German decisive, fewer VP than the last entry) needs the last entry
/// above 0, and where only VP hexes score (no Victory Plan) the first entry at most their sum.
fn check_vp_levels(s: &ScenarioDef, levels: &[u32]) -> Result<(), String> {
    if levels.windows(2).any(|w| w[0] <= w[1]) {
        return Err(format!(
            "vp_levels {levels:?}: the least VP of each level, US decisive first, must decrease"
        ));
    }
    if levels.last() == Some(&0) {
        return Err(format!(
            "vp_levels {levels:?}: the last level needs at least 1 VP (fewer is German \
             decisive, which 0 would make unreachable)"
        ));
    }
    let most: u32 = s
        .vp_hexes
        .iter()
        .map(|g| u32::from(g.vp) * g.hexes.len() as u32)
        .sum();
    match levels.first() {
        Some(&top) if s.victory_plan.is_none() && top > most => Err(format!(
            "vp_levels {levels:?}: US decisive needs {top} VP but the VP hexes give at most \
             {most}, so it can never be reached"
        )),
        _ => Ok(()),
    }
}

/// 8.5.2: each withdrawal is of a formation in play, once, on a later turn of the scenario
/// than its HQ is on the map (set up, or arrived on an earlier turn).
/// Whether `formation`'s HQ is on the map on turn `t`: set up or arrived by then, and not
/// withdrawn since (8.5.2; the Campaign's 116th Pz withdraws on turn 4 and comes back on 6).
fn hq_in_play(s: &ScenarioDef, formation: &str, t: u8) -> bool {
    let set_up = s.hqs.iter().any(|h| h.formation == formation).then_some(0);
    let arrived = s
        .reinforcement_hqs
        .iter()
        .filter(|h| h.formation == formation && h.turn <= t)
        .map(|h| h.turn);
    let Some(entry) = set_up.into_iter().chain(arrived).max() else {
        return false;
    };
    !s.withdrawals
        .iter()
        .any(|w| w.formation == formation && w.turn > entry && w.turn <= t)
}

fn check_withdrawals(s: &ScenarioDef) -> Result<(), String> {
    for w in &s.withdrawals {
        if !s.formations.contains(&w.formation) || w.turn <= s.first_turn || w.turn > s.last_turn {
            return Err(format!(
                "withdrawal of {:?} on turn {}: not in play or not a later turn of the scenario",
                w.formation, w.turn
            ));
        }
        let set_up = s.hqs.iter().any(|h| h.formation == w.formation);
        let arrival = s
            .reinforcement_hqs
            .iter()
            .filter(|h| h.formation == w.formation)
            .map(|h| h.turn)
            .min();
        if !set_up && arrival.is_none_or(|t| t >= w.turn) {
            return Err(format!(
                "withdrawal of {:?} on turn {}: its HQ is not on the map before then (set up, or \
                 arriving on an earlier turn, 8.5.2)",
                w.formation, w.turn
            ));
        }
    }
    let formations: Vec<&str> = s.withdrawals.iter().map(|w| w.formation.as_str()).collect();
    if let Some(i) = first_repeat(&formations) {
        return Err(format!(
            "withdrawal of {:?} is listed twice (8.5.2 withdraws each division once)",
            formations[i]
        ));
    }
    Ok(())
}

/// An HQ of the set-up (`turn: None`) or arriving on `turn` (8.5.1): its Formation Activation
/// marker in a box of its formation's track (6.3.1: 0 up to the top; 8.1: never above its
/// Maximum Activation Level), and its turn a later turn of the scenario (8.5: reinforcements
/// come in the Admin Phase, which the first turn skips, 10).
fn check_hq(
    s: &ScenarioDef,
    c: &CounterTables,
    hq: &str,
    level: u8,
    turn: Option<u8>,
) -> Result<(), String> {
    let Some(f) = c.formations.iter().find(|f| f.id == hq) else {
        return Err(format!("formation {hq:?} is not in counters.toml"));
    };
    // The FAL (≤ 10) plus a recovery (≤ 15, charts) stays far inside u8 (`admin::start`).
    if level > f.max_activation_level {
        return Err(format!(
            "HQ {hq}: activation_level {level} is out of range 0–{} (the {hq}'s Formation \
             Activation track, 6.3.1, 8.1)",
            f.max_activation_level
        ));
    }
    if let Some(t) = turn.filter(|&t| t <= s.first_turn || t > s.last_turn) {
        return Err(format!(
            "HQ {hq}: turn {t} is out of range {}–{} (a reinforcement enters on a later turn of \
             the scenario's {}–{}, 8.5)",
            s.first_turn.saturating_add(1),
            s.last_turn,
            s.first_turn,
            s.last_turn
        ));
    }
    Ok(())
}

/// 3.3, 5.5.1, 5.8: a formation is its HQ and its units, which act, command and supply through
/// it; so every formation with units set up has its HQ set up, and every formation whose units
/// arrive has its HQ on the map by then (set up, or arriving no later).
fn check_hqs_of_units(s: &ScenarioDef, c: &CounterTables) -> Result<(), String> {
    let parent = |id: &str| {
        c.units
            .iter()
            .find(|u| u.id == id)
            .map(|u| u.formation.as_str())
    };
    let set_up = s
        .units
        .iter()
        .filter_map(|u| Some((u.formation.as_deref().or(parent(u.unit.as_str()))?, None)));
    let arriving = s.reinforcements.iter().filter_map(|r| {
        let formation = r.formation.as_deref().or(parent(r.unit.as_str()))?;
        Some((formation, Some(r.turn)))
    });
    for (formation, turn) in set_up.chain(arriving) {
        // On the map when the units arrive: a withdrawn formation's come back only with its
        // HQ (8.5.2; trial 17a F6: the 353rd ID's units arrived after it withdrew).
        let in_play = match turn {
            None => s.hqs.iter().any(|h| h.formation == formation),
            Some(t) => hq_in_play(s, formation, t),
        };
        if in_play {
            continue;
        }
        return Err(match turn {
            None => format!(
                "formation {formation:?} has units set up but no HQ in [[scenarios.hqs]] (3.3, \
                 5.8: a formation's units act and command through its HQ)"
            ),
            // Trial 19a F2: an HQ withdrawn by then is told as withdrawn, not as missing.
            Some(t) => match s
                .withdrawals
                .iter()
                .find(|w| w.formation == formation && w.turn <= t)
            {
                Some(w) => format!(
                    "formation {formation:?} has units arriving on turn {t}, but it is withdrawn \
                     on turn {} and its HQ does not come back by then (8.5.2)",
                    w.turn
                ),
                None => format!(
                    "formation {formation:?} has units arriving on turn {t} but no HQ set up or \
                     arriving by then (3.3, 5.8, 8.5.1)"
                ),
            },
        });
    }
    // A formation in play has its HQ, set up or arriving (3.3; trial 22a F1: one listed with
    // neither HQ nor units was accepted and played no part).
    let has_hq = |f: &String| {
        let set_up = s.hqs.iter().any(|h| &h.formation == f);
        set_up || s.reinforcement_hqs.iter().any(|h| &h.formation == f)
    };
    if let Some(f) = s.formations.iter().find(|f| !has_hq(f)) {
        return Err(format!(
            "formation {f:?} is listed but has no HQ set up ([[scenarios.hqs]]) or arriving \
             ([[scenarios.reinforcement_hqs]]) (3.3)"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossing_the_line::counters;

    fn counters() -> CounterTables {
        counters::load(counters::EMBEDDED, counters::FILE).expect("embedded counters")
    }

    fn error(from: &str, to: &str) -> String {
        assert!(EMBEDDED.contains(from), "fixture text {from:?} not found");
        let text = EMBEDDED.replacen(from, to, 1);
        load(&text, FILE, &counters())
            .expect_err("the edit is invalid")
            .to_string()
    }

    /// 8.5.2: a withdrawn formation leaves the game; its units arrive again only with its HQ
    /// back (the Campaign's 116th Pz) (trial 17a F6). The Stolberg Corridor withdraws the
    /// 353rd ID on turn 3.
    #[test]
    fn rule_8_5_2_a_withdrawn_formations_units_arrive_only_with_its_hq_back() {
        // The independent 1012 StuG arrives on turn 2 for the 12th ID: for the 353rd on 3.
        let e = error(
            "turn = 2\nunit = \"1012 StuG\"\nhex = \"3422\"\nformation = \"12ID\"",
            "turn = 3\nunit = \"1012 StuG\"\nhex = \"3422\"\nformation = \"353ID\"",
        );
        assert!(
            e.contains("it is withdrawn on turn 3 and its HQ does not come back by then (8.5.2)"),
            "{e}"
        );
    }

    #[test]
    fn rule_10_1_10_2_the_embedded_scenarios_load() {
        let t = load(EMBEDDED, FILE, &counters()).expect("embedded scenarios");
        let s2 = t
            .scenarios
            .iter()
            .find(|s| s.id == STOLBERG_CORRIDOR)
            .unwrap();
        assert_eq!(
            (s2.first_turn, s2.last_turn),
            (1, 3),
            "10.2: game turns 1-3"
        );
        let twelfth = s2.reinforcements.iter().filter(|r| {
            [
                "I/27", "II/27", "I/48", "II/48", "I/89", "II/89", "Fus 12", "Pi 12", "PzJg 12",
            ]
            .contains(&r.unit.as_str())
        });
        assert!(
            twelfth.clone().count() == 9 && twelfth.clone().all(|r| r.turn == 2),
            "10.2: 12th ID (9 units) on turn 2"
        );
        assert!(s2
            .withdrawals
            .iter()
            .any(|w| w.formation == "353ID" && w.turn == 3));
        let s1 = t.scenarios.iter().find(|s| s.id == FIRST_BLOOD).unwrap();
        assert_eq!(
            (s1.rows[1], s1.cols[1]),
            (24, 15),
            "10.1: south of 25XX, west of XX16"
        );
    }

    fn vp_of(t: &ScenarioTables, id: &str) -> Vec<(u16, u8)> {
        let s = t.scenarios.iter().find(|s| s.id == id).unwrap();
        let mut vp: Vec<(u16, u8)> = s
            .vp_hexes
            .iter()
            .flat_map(|g| g.hexes.iter().map(|h| (h.parse().unwrap(), g.vp)))
            .collect();
        vp.sort_unstable();
        vp
    }

    #[test]
    fn rule_10_2_10_3_the_vp_hexes_and_their_values_are_the_texts() {
        let t = load(EMBEDDED, FILE, &counters()).expect("embedded scenarios");
        let s2 = vp_of(&t, STOLBERG_CORRIDOR);
        assert_eq!(s2.len(), 23);
        assert!(s2.contains(&(2915, 15)) && s2.contains(&(3019, 10)) && s2.contains(&(3122, 5)));
        let total: u32 = s2.iter().map(|&(_, v)| u32::from(v)).sum();
        assert_eq!(total, 220, "10.2: 9 × 15 + 3 × 10 + 11 × 5");
        let s3 = vp_of(&t, ACROSS_THE_WURM);
        assert_eq!(s3.len(), 13);
        assert!(s3.contains(&(3109, 10)) && s3.contains(&(3111, 10)) && s3.contains(&(5303, 5)));
        let total: u32 = s3.iter().map(|&(_, v)| u32::from(v)).sum();
        assert_eq!(total, 75, "10.3: 2 × 10 + 11 × 5");
    }

    #[test]
    fn rule_10_2_a_missing_vp_hex_or_a_wrong_value_is_named() {
        let e = error("\"2618\", \"3122\"]", "\"2618\"]");
        assert!(
            e.contains("scenario stolberg-corridor") && e.contains("10.2's VP hexes"),
            "{e}"
        );
        let e = error("\"2505\", \"2520\"", "\"2505\", \"2315\", \"2520\"");
        assert!(e.contains("not hex 2315 at 5 VP"), "{e}");
    }

    #[test]
    fn rule_10_1_a_wrong_objective_is_named() {
        let e = error(
            "objectives = [\"2107\", \"2108\", \"2109\"]",
            "objectives = [\"2107\", \"2108\", \"2110\"]",
        );
        assert!(
            e.contains("scenario first-blood") && e.contains("[2107, 2108, 2109]"),
            "{e}"
        );
    }

    #[test]
    fn rule_5_5_2_an_independent_joining_an_enemy_formation_is_named() {
        let e = error(
            "unit = \"238 Eng\"\nhex = \"1005\"\nformation = \"1ID\"",
            "unit = \"238 Eng\"\nhex = \"1005\"\nformation = \"526ID\"",
        );
        assert!(
            e.contains("unit \"238 Eng\"") && e.contains("is the enemy's"),
            "{e}"
        );
    }

    #[test]
    fn rule_10_a_formation_listed_twice_is_named() {
        let e = error(
            "formations = [\"1ID\", \"526ID\"]",
            "formations = [\"1ID\", \"526ID\", \"1ID\"]",
        );
        assert!(
            e.contains("scenario first-blood") && e.contains("\"1ID\" is listed twice"),
            "{e}"
        );
    }

    #[test]
    fn rule_10_3_the_vp_bands_have_the_texts_number() {
        let e = error("vp_levels = [60, 40, 30, 15]", "vp_levels = [60, 40, 30]");
        assert!(
            e.contains("scenario across-the-wurm") && e.contains("10.3 has 4 bands"),
            "{e}"
        );
    }

    #[test]
    fn rule_8_3_a_victory_plan_marker_must_score_every_location() {
        let e = error(
            "{ name = \"Aachen\", vp = [15, 5, 5, 10, 5] }",
            "{ name = \"Aachen\", vp = [15, 5] }",
        );
        assert!(
            e.contains("scenario campaign") && e.contains("scores 2 locations, not 5"),
            "{e}"
        );
    }

    #[test]
    fn rule_8_3_10_4_a_victory_plan_names_each_location_plan_and_hex_once() {
        let e = error(
            "{ name = \"Stolberg\", hexes = [\"2715\"] }",
            "{ name = \"Stolberg\", hexes = [\"2715\", \"2806\"] }",
        );
        assert!(
            e.contains("scenario campaign") && e.contains("hex 2806 is listed twice"),
            "{e}"
        );
        let e = error("{ name = \"Stolberg\", hexes", "{ name = \"Aachen\", hexes");
        assert!(e.contains("location \"Aachen\" is listed twice"), "{e}");
        let e = error("{ name = \"to the Roer\", vp", "{ name = \"Aachen\", vp");
        assert!(e.contains("marker \"Aachen\" is listed twice"), "{e}");
    }

    #[test]
    fn rule_8_3_a_plan_scoring_nothing_anywhere_is_no_plan() {
        let mut text = EMBEDDED.to_string();
        for vp in [
            "[15, 5, 5, 10, 5]",
            "[5, 15, 10, 5, 5]",
            "[10, 5, 5, 15, 5]",
            "[5, 5, 10, 5, 15]",
        ] {
            text = text.replacen(vp, "[0, 0, 0, 0, 0]", 1);
        }
        let e = load(&text, FILE, &counters())
            .expect_err("no plan scores")
            .to_string();
        assert!(e.contains("no marker scores a VP"), "{e}");
    }

    /// 10.2's schedule is the text's (trial 19a F1): the US engineers go to the 1st ID on
    /// turn 2, and the 353rd ID is the one withdrawn, on turn 3.
    #[test]
    fn rule_10_2_the_reinforcements_and_withdrawals_are_the_texts() {
        let e = error(
            "unit = \"238 Eng\"\nhex = \"1005\"\nformation = \"1ID\"",
            "unit = \"238 Eng\"\nhex = \"1005\"\nformation = \"3AD\"",
        );
        assert!(
            e.contains("10.2: the US arriving on turn 2 go to 1ID, and 238 Eng does not"),
            "{e}"
        );
        let e = error(
            "turn = 2\nunit = \"238 Eng\"",
            "turn = 3\nunit = \"238 Eng\"",
        );
        assert!(
            e.contains("10.2: 2 US unit(s) arrive on turn 2, not 1"),
            "{e}"
        );
        let e = error(
            "turn = 3\nformation = \"353ID\"",
            "turn = 3\nformation = \"3AD\"",
        );
        assert!(
            e.contains("10.2: the withdrawals are [(3, \"353ID\")]"),
            "{e}"
        );
    }

    /// 8.3: "the first non-dummy chit drawn": a marker named a dummy that scores is refused
    /// (trial 17a F14).
    #[test]
    fn rule_8_3_a_dummy_marker_gives_no_vp() {
        let e = error(
            "{ name = \"Aachen\", vp = [15, 5, 5, 10, 5] }",
            "{ name = \"dummy\", vp = [15, 5, 5, 10, 5] }",
        );
        assert!(
            e.contains("marker \"dummy\" gives VP, but a dummy gives none (8.3)"),
            "{e}"
        );
    }

    #[test]
    fn rule_9_every_german_unit_type_has_a_loss_value_and_us_decisive_can_be_reached() {
        let e = error(
            "recce = 1, tank = 2, tank_destroyer",
            "recce = 1, tank_destroyer",
        );
        assert!(
            e.contains("sp_loss_quarter_vp has no value for tank (unit"),
            "{e}"
        );
        let e = error("vp_levels = [49, 43,", "vp_levels = [4900, 43,");
        assert!(
            e.contains(
                "US decisive needs 4900 VP but the best plan and every German SP lost give at most"
            ),
            "{e}"
        );
    }

    #[test]
    fn rule_10_a_scenario_the_engine_does_not_play_is_refused() {
        let extra = EMBEDDED.replacen("id = \"first-blood\"", "id = \"my-own\"", 1);
        let e = load(&extra, FILE, &counters())
            .expect_err("unknown scenario")
            .to_string();
        assert!(
            e.contains("scenario my-own: not a scenario the engine plays (first-blood,"),
            "{e}"
        );
    }

    #[test]
    fn rule_8_5_2_a_withdrawal_listed_twice_is_refused() {
        let w = "[[scenarios.withdrawals]]\nturn = 3\nformation = \"353ID\"\n";
        let e = error(w, &format!("{w}{w}"));
        assert!(e.contains("scenario stolberg-corridor"), "{e}");
        assert!(e.contains("withdrawal of \"353ID\" is listed twice"), "{e}");
    }

    #[test]
    fn rule_8_5_2_a_formation_is_withdrawn_only_after_its_hq_is_on_the_map() {
        let w = "[[scenarios.withdrawals]]\nturn = 3\nformation = \"353ID\"\n";
        // The 12th ID's HQ arrives on turn 2 (10.2): withdrawing it that turn withdraws nothing.
        let e = error(
            w,
            "[[scenarios.withdrawals]]\nturn = 2\nformation = \"12ID\"\n",
        );
        assert!(
            e.contains("withdrawal of \"12ID\" on turn 2: its HQ is not on the map before then"),
            "{e}"
        );
        let later = EMBEDDED.replacen(
            w,
            "[[scenarios.withdrawals]]\nturn = 3\nformation = \"12ID\"\n",
            1,
        );
        // A turn later 8.5.2 allows it; only 10.2's own schedule (trial 19a F1) refuses it.
        let e = load(&later, FILE, &counters()).unwrap_err().to_string();
        assert!(
            e.contains("10.2: the withdrawals are [(3, \"353ID\")]"),
            "{e}"
        );
    }

    #[test]
    fn rule_10_2_10_3_every_victory_level_can_be_reached() {
        let e = error("vp_levels = [71, 61,", "vp_levels = [221, 61,");
        assert!(
            e.contains("US decisive needs 221 VP but the VP hexes give at most 220"),
            "{e}"
        );
        let e = error(
            "vp_levels = [60, 40, 30, 15]",
            "vp_levels = [60, 40, 30, 0]",
        );
        assert!(
            e.contains("scenario across-the-wurm") && e.contains("at least 1 VP"),
            "{e}"
        );
        let top = EMBEDDED.replacen("vp_levels = [71, 61,", "vp_levels = [220, 61,", 1);
        assert!(
            load(&top, FILE, &counters()).is_ok(),
            "every VP hex held reaches 220"
        );
    }

    #[test]
    fn rule_8_5_2_only_a_withdrawn_formations_units_may_enter_twice() {
        let t = load(EMBEDDED, FILE, &counters()).expect("embedded scenarios");
        let c = t.scenarios.iter().find(|s| s.id == CAMPAIGN).unwrap();
        let i60 = c.units.iter().filter(|u| u.unit == "I/60").count()
            + c.reinforcements.iter().filter(|r| r.unit == "I/60").count();
        assert_eq!(i60, 2, "8.5.2: the 116th Panzer's units enter again");
        // Without the 116th's withdrawal its return is a second placement.
        let e = error(
            "turn = 4\nformation = \"116PzD\"",
            "turn = 7\nformation = \"116PzD\"",
        );
        assert!(
            e.contains("scenario campaign") && e.contains("placed twice"),
            "{e}"
        );
    }

    #[test]
    fn rule_10_a_unit_placed_twice_or_unknown_is_named() {
        let e = error(
            "unit = \"2/18\"\nhex = \"1906\"",
            "unit = \"1/18\"\nhex = \"1906\"",
        );
        assert!(
            e.contains("scenarios.toml")
                && e.contains("scenario first-blood")
                && e.contains("placed twice"),
            "{e}"
        );
        let e = error("unit = \"2/18\"", "unit = \"9/18\"");
        assert!(e.contains("\"9/18\""), "{e}");
    }

    #[test]
    fn rule_8_5_a_reinforcement_on_the_first_turn_is_refused() {
        let e = error(
            "turn = 2\nunit = \"238 Eng\"",
            "turn = 1\nunit = \"238 Eng\"",
        );
        assert!(
            e.contains("scenario stolberg-corridor") && e.contains("238 Eng"),
            "{e}"
        );
    }
}
