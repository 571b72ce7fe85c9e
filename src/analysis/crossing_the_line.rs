//! Crossing the Line's exact tables, built on the charts' own resolution functions
//! (`games::crossing_the_line::charts`): `crt` (the d10 through a terrain line's odds column
//! with a DRM, 7.5.1–7.5.2), `chits` (one chit drawn from the cup, 7.5.1.1), `initiative` (who
//! holds the Initiative in each Ops Cycle, 6.1) and `consecutive` (one side holding it in
//! every cycle so far).
//!
//! Initiative assumes neither side has passed or transferred (6.2), so both sides roll in
//! every cycle; a pass ends the rolling, a transfer leaves the marker as it is.

use super::dist::Dist;
use super::table::{Cell, Outcome, Table};
use crate::games::crossing_the_line::charts::{
    initiative_winner, modified_die, scenario_start_marker, Charts, ChitColumn, InitiativeMarker,
    OddsColumn, Side, TerrainLine,
};
use crate::games::crossing_the_line::combat::{combat_drm, Battle};

const GAME: &str = "crossing-the-line";

/// The combat tables' names.
pub const CRT_TABLES: [&str; 2] = ["crt", "chits"];
/// The initiative tables' names.
pub const INITIATIVE_TABLES: [&str; 2] = ["initiative", "consecutive"];

/// The DRMs of the `crt` table: −9 makes every d10 a 1 and +19 every d10 a 20 (7.5.1.2).
pub const DRMS: std::ops::RangeInclusive<i32> = -9..=19;
/// Ops Cycles of the initiative tables.
pub const CYCLES: u8 = 12;

/// How the Ops Phase starts (6.1, 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The marker in the 0 box: every Ops Phase after an Admin Phase (8).
    OpsPhase,
    /// The first turn of Scenarios 2, 3 and the campaign (10): the US wins the first
    /// Initiative automatically and the marker shows +2 German.
    Scenario,
}

impl Start {
    pub const ALL: [Start; 2] = [Start::OpsPhase, Start::Scenario];

    pub fn name(self) -> &'static str {
        match self {
            Start::OpsPhase => "ops_phase",
            Start::Scenario => "scenario_start",
        }
    }
}

/// The side that has held the Initiative in every cycle so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    None,
    Held(Side),
    Broken,
}

/// The combat result of one d10 on `line`, `column`, with `drm` (7.5.1 step D).
pub fn combat(charts: &Charts, line: TerrainLine, column: OddsColumn, drm: i32) -> Dist<String> {
    Dist::die(10).map(|&d| {
        charts
            .combat_result(line, column, modified_die(d, drm))
            .to_string()
    })
}

/// The CRT result of a declared battle, exactly, over both chits (7.5.1.1, drawn without
/// replacement) and the die (7.5.1.2), through the chart's own `resolve`. The SNAFU
/// token's reroll (5.2) is a later choice and not in it.
pub fn battle_result(charts: &Charts, b: &Battle) -> Dist<String> {
    let line = charts.terrain_line(b.terrain);
    let drm = combat_drm(charts, b).total();
    let faces: Vec<(u8, u32)> = crate::engine::dice::one_die(10).collect();
    Dist::from_weights(charts.chit_pairs().flat_map(|(x, y, w)| {
        let (attack, defense) = b.battle_strengths(charts, [x, y]);
        faces.iter().map(move |&(die, f)| {
            let result = charts.resolve(line, attack, defense, die, drm);
            (result.to_string(), u128::from(w) * u128::from(f))
        })
    }))
}

/// The Combat Multiplier of a unit of `er` reading `column` of one chit drawn from the cup
/// (7.5.1.1): each chit weighted by its copies.
pub fn multiplier(charts: &Charts, er: u8, column: ChitColumn) -> Dist<u8> {
    Dist::from_weights(charts.chits().iter().enumerate().map(|(i, c)| {
        let m = charts.combat_multiplier(i, er, column).unwrap_or(1);
        (m, u128::from(c.count))
    }))
}

/// One Initiative Determination from `marker` (6.1): the winner and the marker after it.
pub fn initiative_cycle(
    charts: &Charts,
    marker: InitiativeMarker,
    interdiction: u8,
) -> Dist<(Side, InitiativeMarker)> {
    let max = charts.initiative_drm_max;
    Dist::die(10).zip(&Dist::die(10)).map(|&(us, german)| {
        let winner = initiative_winner(us, german, marker, interdiction);
        (winner, marker.after(winner.other(), max))
    })
}

/// The Initiative of cycles 1..=`cycles`: for each, who holds it, and the [`Run`] after it.
pub fn initiative_cycles(
    charts: &Charts,
    start: Start,
    interdiction: u8,
    cycles: u8,
) -> Vec<(Dist<Side>, Dist<Run>)> {
    let max = charts.initiative_drm_max;
    let mut state = Dist::certain((InitiativeMarker::ZERO, Run::None));
    let mut out = Vec::with_capacity(usize::from(cycles));
    for k in 1..=cycles {
        let step = state.and_then(|&(marker, run)| {
            let roll = if k == 1 && start == Start::Scenario {
                Dist::certain((Side::Us, scenario_start_marker(max)))
            } else {
                initiative_cycle(charts, marker, interdiction)
            };
            roll.map(move |&(winner, next)| {
                let run = match run {
                    Run::None => Run::Held(winner),
                    Run::Held(s) if s == winner => Run::Held(s),
                    _ => Run::Broken,
                };
                (winner, next, run)
            })
        });
        out.push((step.map(|t| t.0), step.map(|t| t.2)));
        state = step.map(|t| (t.1, t.2));
    }
    out
}

fn provenance(charts: &Charts, tables: &[&str], rule: &str) -> String {
    let reconstructed = charts.reconstructed_tables();
    let mut parts = vec![rule.to_string()];
    for t in tables {
        let kind = if reconstructed.iter().any(|(r, _)| r == t) {
            "reconstructed"
        } else {
            "data"
        };
        parts.push(format!("{kind}: {t}"));
    }
    parts.join("; ")
}

/// A CRT result in words for the readable table: "2/1r" is "2/1r: attacker 2 hits, defender
/// 1, red (7.5.2)"; a result not of that form is kept as written.
fn crt_words(result: &str) -> String {
    let Some((a, d)) = result.split_once('/') else {
        return result.to_string();
    };
    let (d, red) = match d.strip_suffix('r') {
        Some(d) => (d, ", red: Effectiveness Checks (7.5.2)"),
        None => (d, ""),
    };
    format!("{result}: attacker {a} hits, defender {d}{red}")
}

/// Every terrain line × odds column (below the leftmost too) × DRM: the CRT result.
pub fn crt_table(charts: &Charts) -> Table {
    let mut cells = Vec::new();
    for line in charts.terrain_lines() {
        let n = charts.line_odds(line).len() as u8;
        let columns =
            std::iter::once(OddsColumn::BelowLeftmost).chain((0..n).map(OddsColumn::Column));
        for column in columns {
            for drm in DRMS {
                let d = combat(charts, line, column, drm)
                    .map(|r| Outcome::unordered(r.clone()).read_as(crt_words(r)));
                let inputs = vec![
                    charts.line_name(line).to_string(),
                    charts.odds_label(line, column),
                    drm.to_string(),
                ];
                cells.push(Cell::new(inputs, &d));
            }
        }
    }
    Table {
        game: GAME,
        name: "crt",
        inputs: vec!["terrain_line", "odds_column", "drm"],
        provenance: provenance(charts, &["crt"], "rulebook 7.5.1-7.5.2"),
        cells,
    }
}

/// Every ER 2–7 × chit column: the Combat Multiplier of one chit drawn.
pub fn chits_table(charts: &Charts) -> Table {
    let mut cells = Vec::new();
    for er in 2..=7u8 {
        for column in ChitColumn::ALL {
            let d = multiplier(charts, er, column)
                .map(|&m| Outcome::ordered(format!("x{m}"), i64::from(m)));
            cells.push(Cell::new(
                vec![er.to_string(), column.name().to_string()],
                &d,
            ));
        }
    }
    Table {
        game: GAME,
        name: "chits",
        inputs: vec!["effectiveness_rating", "chit_column"],
        provenance: provenance(charts, &["combat_chits"], "rulebook 7.5.1.1"),
        cells,
    }
}

fn initiative_inputs(start: Start, interdiction: u8, k: u8) -> Vec<String> {
    vec![
        start.name().to_string(),
        interdiction.to_string(),
        k.to_string(),
    ]
}

/// Who holds the Initiative in cycle k, and one side holding it in every cycle 1..=k.
fn initiative_and_consecutive(charts: &Charts) -> (Table, Table) {
    let mut held = Vec::new();
    let mut runs = Vec::new();
    for start in Start::ALL {
        for interdiction in 0..=2u8 {
            let cycles = initiative_cycles(charts, start, interdiction, CYCLES);
            for (k, (winner, run)) in (1..).zip(&cycles) {
                let w = winner.map(|s| Outcome::unordered(s.name()));
                held.push(Cell::new(initiative_inputs(start, interdiction, k), &w));
                let r = run.map(|r| match r {
                    Run::Held(s) => Outcome::unordered(s.name()),
                    _ => Outcome::unordered("neither"),
                });
                runs.push(Cell::new(initiative_inputs(start, interdiction, k), &r));
            }
        }
    }
    let prov = provenance(charts, &["initiative_track"], "rulebook 6.1, 8.1.2, 10");
    let inputs = vec!["start", "interdiction", "cycle"];
    (
        Table {
            game: GAME,
            name: "initiative",
            inputs: inputs.clone(),
            provenance: prov.clone(),
            cells: held,
        },
        Table {
            game: GAME,
            name: "consecutive",
            inputs,
            provenance: prov,
            cells: runs,
        },
    )
}

/// The combat tables named (all if empty).
pub fn crt_tables(charts: &Charts, names: &[&str]) -> Vec<Table> {
    let want = |n: &str| names.is_empty() || names.contains(&n);
    let mut v = Vec::new();
    if want("crt") {
        v.push(crt_table(charts));
    }
    if want("chits") {
        v.push(chits_table(charts));
    }
    v
}

/// The initiative tables named (all if empty).
pub fn initiative_tables(charts: &Charts, names: &[&str]) -> Vec<Table> {
    let want = |n: &str| names.is_empty() || names.contains(&n);
    let (held, runs) = initiative_and_consecutive(charts);
    let mut v = Vec::new();
    if want("initiative") {
        v.push(held);
    }
    if want("consecutive") {
        v.push(runs);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Fraction;

    /// 7.5.2: the readable table says what a CRT code means; the CSV keeps the code.
    #[test]
    fn rule_7_5_2_a_crt_result_reads_as_words() {
        assert_eq!(
            crt_words("2/1r"),
            "2/1r: attacker 2 hits, defender 1, red: Effectiveness Checks (7.5.2)"
        );
        assert_eq!(crt_words("0/3"), "0/3: attacker 0 hits, defender 3");
    }

    fn charts() -> Charts {
        Charts::embedded().unwrap()
    }

    #[test]
    fn every_cell_of_every_table_sums_to_exactly_one() {
        let c = charts();
        let mut tables = crt_tables(&c, &[]);
        tables.extend(initiative_tables(&c, &[]));
        assert_eq!(tables.len(), 4);
        for t in &tables {
            assert!(!t.cells.is_empty(), "{}", t.name);
            for cell in &t.cells {
                assert_eq!(cell.total(), Fraction::ONE, "{} {:?}", t.name, cell.inputs);
            }
        }
    }

    #[test]
    fn crt_clear_3_to_1_no_drm_by_hand() {
        // Clear 3:1 is result column 6 (index 5); rows 1–10 of charts.toml there:
        // 2/2 2/2 2/2 1/3 1/3 1/3r 0/3r 0/4r 0/4r 0/4r → 1/3r on 6 only: 1/10; 0/4r on 8–10:
        // 3/10; 2/2 on 1–3: 3/10.
        let c = charts();
        let t = crt_table(&c);
        let cell = t.cell(&["clear", "3:1", "0"]).unwrap();
        assert_eq!(cell.p("1/3r"), Fraction::new(1, 10));
        assert_eq!(cell.p("0/4r"), Fraction::new(3, 10));
        assert_eq!(cell.p("2/2"), Fraction::new(3, 10));
        assert_eq!(cell.p("1/3"), Fraction::new(1, 5));
        // Below the leftmost column: 5/0 on every die.
        let below = t.cell(&["city", "<2:1", "5"]).unwrap();
        assert_eq!(below.p("5/0"), Fraction::ONE);
        // DRM −9: every die reads row 1 ("2/2" at clear 3:1).
        assert_eq!(
            t.cell(&["clear", "3:1", "-9"]).unwrap().p("2/2"),
            Fraction::ONE
        );
    }

    #[test]
    fn chits_by_hand() {
        // Normal column, ER 4: multiplier 1 + [v+4 ≥ 10] + [v+4 ≥ 14] over chits v = 1..10:
        // ×1 for v 1–5, ×2 for v 6–9, ×3 for v 10 → 1/2, 2/5, 1/10; P(≥ ×2) = 1/2.
        let c = charts();
        let t = chits_table(&c);
        let cell = t.cell(&["4", "normal"]).unwrap();
        assert_eq!(cell.p("x1"), Fraction::new(1, 2));
        assert_eq!(cell.p("x2"), Fraction::new(2, 5));
        assert_eq!(cell.p("x3"), Fraction::new(1, 10));
        assert_eq!(cell.p_at_least(2), Fraction::new(1, 2));
    }

    #[test]
    fn initiative_first_cycle_by_hand() {
        // Cycle 1 from the 0 box, interdiction 0: the US wins ties, so P(US) = 55/100 = 11/20.
        // Interdiction 2: the German needs g > u + 2: Σ_{u=1..7} (8 − u) = 28 → P(US) = 72/100.
        let c = charts();
        let cy = initiative_cycles(&c, Start::OpsPhase, 0, 2);
        assert_eq!(cy[0].0.prob(|s| *s == Side::Us), Fraction::new(11, 20));
        let cy2 = initiative_cycles(&c, Start::OpsPhase, 2, 1);
        assert_eq!(cy2[0].0.prob(|s| *s == Side::Us), Fraction::new(18, 25));
        // Cycle 2: after a US win the German has +2; the US still wins when u ≥ g + 2:
        // Σ_{g=1..8} (9 − g) = 36 of 100, so the German 64/100. After a German win the US has
        // +2 and the German needs g ≥ u + 3: 28/100.
        // P(German in 2) = 11/20 × 64/100 + 9/20 × 28/100 = (704 + 252)/2000 = 239/500.
        assert_eq!(
            cy[1].0.prob(|s| *s == Side::German),
            Fraction::new(239, 500)
        );
        // Both cycles US: 11/20 × 36/100 = 99/500.
        assert_eq!(
            cy[1].1.prob(|r| *r == Run::Held(Side::Us)),
            Fraction::new(99, 500)
        );
    }

    #[test]
    fn scenario_start_us_holds_cycle_1_and_german_has_plus_2_in_cycle_2() {
        let c = charts();
        let cy = initiative_cycles(&c, Start::Scenario, 0, 2);
        assert_eq!(cy[0].0.prob(|s| *s == Side::Us), Fraction::ONE);
        // Cycle 2 with +2 German, no interdiction: German wins unless u ≥ g + 2 (36/100): 64/100.
        assert_eq!(cy[1].0.prob(|s| *s == Side::German), Fraction::new(16, 25));
        assert_eq!(
            cy[1].1.prob(|r| *r == Run::Held(Side::German)),
            Fraction::ZERO
        );
    }
}
