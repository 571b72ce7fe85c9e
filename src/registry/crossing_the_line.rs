//! Crossing the Line in the registry: the scenarios the engine plays, of which `--scenario`
//! must name one.

use super::{pick_scenario, write_readings, write_reconstructed, Entry, GameInfo, Odds, OddsKind};
use super::{Reconstructed, Table};
use crate::analysis::crossing_the_line as odds;
use crate::bots::mcts::RolloutFactory;
use crate::cli::CliError;
use crate::engine::percent::percent;
use crate::games::crossing_the_line::data::DataSet;
use crate::games::crossing_the_line::scenario::{
    ACROSS_THE_WURM, CAMPAIGN, FIRST_BLOOD, STOLBERG_CORRIDOR,
};
use crate::games::crossing_the_line::{CrossingTheLine, ScriptedBot};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

/// The scenarios the engine plays (10.1–10.4): id, name, and what it is.
const SCENARIOS: [(&str, &str, &str); 4] = [
    (
        FIRST_BLOOD,
        "First Blood",
        "solitaire: you play the US 1st Infantry Division against static Germans; clear \
         2107, 2108 and 2109 in at most five activations, rated by the activations used",
    ),
    (
        STOLBERG_CORRIDOR,
        "The Stolberg Corridor",
        "two players (US, Germans), turns 1-3; victory by the VPs of the hexes the US \
         controls, or a US unit in Aachen City at the end",
    ),
    (
        ACROSS_THE_WURM,
        "Across the Wurm",
        "two players (US XIX Corps, Germans), turns 5-8 on hexrows 31-56; victory by the VPs \
         of the hexes the US controls",
    ),
    (
        CAMPAIGN,
        "Campaign",
        "two players, turns 1-8 on the whole map with every reinforcement and withdrawal; \
         victory by the VPs of the US's secret Victory Plan and of the German SP losses, or at \
         once for the Germans next to the US supply source on the southern edge",
    ),
];

fn ids_and_names() -> Vec<(&'static str, &'static str)> {
    SCENARIOS.iter().map(|&(id, name, _)| (id, name)).collect()
}

impl Odds for CrossingTheLine {
    const INFO: GameInfo = GameInfo {
        id: "crossing-the-line",
        title: "Crossing the Line: Aachen 1944",
        implemented: true,
        scenarios: &[FIRST_BLOOD, STOLBERG_CORRIDOR, ACROSS_THE_WURM, CAMPAIGN],
    };

    fn odds_tables(kind: OddsKind) -> &'static [&'static str] {
        match kind {
            OddsKind::Crt => &odds::CRT_TABLES,
            OddsKind::Initiative => &odds::INITIATIVE_TABLES,
        }
    }

    /// The odds need only the charts, not a scenario; `--data` is read as every command
    /// reads it, a folder of any of the game's files (trial 13a F2).
    fn odds(
        kind: OddsKind,
        data: Option<&Path>,
        wanted: &[&str],
    ) -> Result<(Vec<Table>, Reconstructed), CliError> {
        let charts = DataSet::load(data)?.charts;
        let tables = match kind {
            OddsKind::Crt => odds::crt_tables(&charts, wanted),
            OddsKind::Initiative => odds::initiative_tables(&charts, wanted),
        };
        Ok((tables, charts.reconstructed_tables()))
    }
}

impl Entry for CrossingTheLine {
    fn load(data: Option<&Path>, scenario: Option<&str>, open: bool) -> Result<Self, CliError> {
        let id = pick_scenario(Self::INFO.id, scenario, &ids_and_names())?;
        Ok(CrossingTheLine::load(data, id)?.with_open(open))
    }

    fn title(&self) -> String {
        // The scenario's title alone: its id belongs to command lines (trial 13b F10).
        format!("{} — {}", Self::INFO.title, self.rules().scenario_name)
    }

    fn scenario_id(&self) -> Option<&'static str> {
        let id = &self.rules().scenario_id;
        SCENARIOS.iter().map(|&(s, _, _)| s).find(|s| s == id)
    }

    fn data_files() -> &'static [(&'static str, &'static str)] {
        &crate::games::crossing_the_line::data::DATA_FILES
    }

    fn reconstructed(&self) -> Reconstructed {
        (self.data()).reconstructed_for(Some(&self.rules().scenario_id))
    }

    fn last_turn(&self) -> u32 {
        u32::from(self.rules().last_turn)
    }

    fn data_identity(&self) -> String {
        crate::engine::data::identity(self.data())
    }

    fn board(
        &self,
        s: &Self::State,
        viewer: Option<crate::engine::PlayerId>,
    ) -> crate::board::Board {
        CrossingTheLine::board(self, s, viewer)
    }

    fn action_place(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        CrossingTheLine::action_place(self, s, a)
    }

    fn action_cost(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        CrossingTheLine::action_cost(self, s, a)
    }

    fn list_order(&self, _s: &Self::State, a: Self::Action) -> u32 {
        CrossingTheLine::list_order(self, a)
    }

    /// 7.5.1: the battle's exact CRT results over the chits and the die, before committing.
    fn action_odds(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        if self.attack_on_hidden_units(s, a) {
            return Some("no odds: the stack holds units you cannot see (5.3.4)".into());
        }
        // 5.3.4: the enemy's strength markers are not seen, so its units are taken at their
        // printed strength, and the line says so (trial 23f F2b: the odds read the hidden
        // strength left).
        let known = self.strengths_seen(s);
        let Some(b) = self.battle_after(&known, a) else {
            // A stack's attack asks next which of its units attack (7.5): the odds are given
            // on each choice (trial 16b F5: the line had none and no reason).
            return matches!(a, crate::games::crossing_the_line::Action::Attack { .. })
                .then(|| "odds follow once you choose the stack's attacking units (7.5)".into());
        };
        let dist = odds::battle_result(&self.rules().charts, &b);
        let mut results = dist.probabilities();
        results.sort_by_key(|r| std::cmp::Reverse(r.1));
        let text: Vec<String> = results
            .iter()
            .map(|(r, p)| format!("{r} {}%", percent(p.to_f64(), 0)))
            .collect();
        let printed = match self.is_open() {
            true => "",
            false => "; the defenders at their printed strength, their losses being hidden (5.3.4)",
        };
        Some(format!(
            "over both chits and the die (hits on the attacker/on the defender, r: red): {} \
             (7.5.1, 7.5.2){printed}",
            text.join(", ")
        ))
    }

    fn key(&self) -> &'static [&'static str] {
        &[
            "4-3 on the board: a unit's Combat Strength (its SP left; an enemy's printed \
             strength, its losses hidden, 5.3.4) and Effectiveness Rating (ER, 3.2; the lower \
             one when disrupted)",
            "5/0, 1/2r: a battle's result, hits on the attacker / hits on the defender (7.5.1, \
             7.5.2); r: red, the units hit take Effectiveness Checks (7.5.2)",
            "HQ … FAL 4: a headquarters and its Formation Activation Level (6.3.1); support 3: \
             its Attack Support Points",
            "AP: Action Points (6.3.1); MP: Movement Points; EC: an Effectiveness Check; VP: \
             Victory Points (9, 10)",
        ]
    }

    fn standing(&self, s: &Self::State, viewer: Option<crate::engine::PlayerId>) -> Vec<String> {
        CrossingTheLine::standing(self, s, viewer)
    }

    fn result_reason(&self, s: &Self::State) -> Option<String> {
        CrossingTheLine::result_reason(self, s)
    }

    fn render_seen(&self, s: &Self::State, viewer: Option<crate::engine::PlayerId>) -> String {
        CrossingTheLine::render_seen(self, s, viewer)
    }

    fn render_full(&self, s: &Self::State, viewer: Option<crate::engine::PlayerId>) -> String {
        CrossingTheLine::render_full(self, s, viewer)
    }

    fn scripted() -> RolloutFactory<Self> {
        Arc::new(|| Box::new(ScriptedBot))
    }

    fn side_aliases() -> &'static [(&'static str, &'static str)] {
        &[
            ("american", "us"),
            ("americans", "us"),
            ("german", "germans"),
        ]
    }

    fn overview(data: Option<&Path>, s: &mut String) -> Result<(), CliError> {
        let data = DataSet::load(data)?;
        let ids: Vec<&str> = SCENARIOS.iter().map(|&(id, _, _)| id).collect();
        let _ = writeln!(
            s,
            "    scenarios (--scenario is required): {}",
            ids.join(", ")
        );
        for &(id, _, what) in &SCENARIOS {
            if let Some(sc) = data.scenario(id) {
                let _ = writeln!(s, "      {id} ({}, {}): {what}", sc.name, sc.rule);
            }
        }
        let others: Vec<String> = data
            .scenarios
            .scenarios
            .iter()
            .filter(|sc| !ids.contains(&sc.id.as_str()))
            .map(|sc| format!("{} ({}, {})", sc.id, sc.name, sc.rule))
            .collect();
        if !others.is_empty() {
            let _ = writeln!(
                s,
                "    scenarios in the data that the engine does not play: {}",
                others.join(", ")
            );
        }
        let _ = writeln!(
            s,
            "    not implemented: none of the rules; owner's choices made by a fixed rule rather \
             than asked: none (every choice is asked, and independents are assigned in secret, \
             5.5.2)"
        );
        write_reconstructed(data.reconstructed(), s);
        write_readings(&data.charts.readings, "charts.toml", s);
        Ok(())
    }
}
