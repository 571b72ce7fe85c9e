//! Cross of Iron in the registry: its exact ordnance odds (which take the missing charts'
//! numbers as inputs) and its Design-Your-Own scenario on the reconstructed Squad Leader base.

use super::{check_scenario, write_reconstructed, Entry, GameInfo, Odds, OddsKind};
use super::{Reconstructed, Table};
use crate::analysis::cross_of_iron as odds;
use crate::bots::mcts::RolloutFactory;
use crate::cli::CliError;
use crate::engine::{Game, PlayerId};
use crate::games::cross_of_iron::{Action, CrossOfIron, ScriptedBot, State};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

/// The Cross of Iron sections a scenario may switch (`[rules]` of scenario.toml).
const OPTIONS: &str = "double_time (73), armor_leaders (76), speed_breakdown (79), ss (83), \
prisoners (89), infantry_height (91), battlefield_integrity (93), inexperienced (94), \
sustained_fire (95), critical_threshold = final|table (68), covered_arc = hexspine|hexside (63.11)";

/// The rules of the text this engine leaves out (the README says why, section by section).
const NOT_IMPLEMENTED: &str = "73.4 (a support weapon rides with its squad, and no portage \
cost is counted), 76.2's secret armour leaders, 79.1 and 79.12, 66.31-66.32 (a crew out exposed or \
abandoning), a KIA's forced exit, the MG's -5 KILL attack on guns, 70.7, 89.22-89.23, and \
64.122 and 64.46 in part";

impl Odds for CrossOfIron {
    const INFO: GameInfo = GameInfo {
        id: "cross-of-iron",
        title: "Cross of Iron",
        implemented: true,
        scenarios: &[],
    };

    fn odds_tables(kind: OddsKind) -> &'static [&'static str] {
        match kind {
            OddsKind::Crt => &odds::CRT_TABLES,
            OddsKind::Initiative => &[],
        }
    }

    /// The tables take the numbers of Squad Leader's missing charts as inputs: no data, and
    /// nothing reconstructed, behind them.
    fn odds(
        kind: OddsKind,
        data: Option<&Path>,
        wanted: &[&str],
    ) -> Result<(Vec<Table>, Reconstructed), CliError> {
        if data.is_some() {
            return Err(CliError::Usage(
                "cross-of-iron: the odds tables take no --data (the chart numbers are their \
                 inputs)"
                    .to_string(),
            ));
        }
        let tables = match kind {
            OddsKind::Crt => odds::crt_tables(wanted),
            OddsKind::Initiative => Vec::new(),
        };
        Ok((tables, Vec::new()))
    }

    fn shot_calculator(spec: &str) -> Result<String, CliError> {
        crate::analysis::cross_of_iron_shot::calculate(spec).map_err(CliError::Usage)
    }
}

impl Entry for CrossOfIron {
    fn load(data: Option<&Path>, scenario: Option<&str>, _open: bool) -> Result<Self, CliError> {
        let game = CrossOfIron::load(data)?;
        let sc = &game.rules().data.scenario.scenario;
        check_scenario(Self::INFO.id, scenario, &[sc.id.as_str(), sc.name.as_str()])?;
        Ok(game)
    }

    fn title(&self) -> String {
        format!(
            "{}: {}",
            Self::INFO.title,
            self.rules().data.scenario.scenario.name
        )
    }

    fn data_files() -> &'static [(&'static str, &'static str)] {
        &crate::games::cross_of_iron::data::DATA_FILES
    }

    fn reconstructed(&self) -> Reconstructed {
        self.rules().data.reconstructed_tables()
    }

    fn last_turn(&self) -> u32 {
        u32::from(self.rules().turns)
    }

    fn data_identity(&self) -> String {
        crate::engine::data::identity(&self.rules().data)
    }

    fn scripted() -> RolloutFactory<Self> {
        Arc::new(|| Box::new(ScriptedBot::default()))
    }

    fn side_aliases() -> &'static [(&'static str, &'static str)] {
        &[
            ("german", "germans"),
            ("russian", "russians"),
            ("soviets", "russians"),
        ]
    }

    fn board(&self, s: &State, _viewer: Option<PlayerId>) -> crate::board::Board {
        CrossOfIron::board(self, s)
    }

    fn key(&self) -> &'static [&'static str] {
        &[
            "4-6-7: a squad's firepower-range-morale; 8-1: a leader's morale and leadership \
             modifier; LMG, MMG: a support weapon it carries, a corner mark on the board",
            "MF, MP: movement factors of infantry, movement points of vehicles; Double Time \
             adds 2 MF (73.3)",
            "IFT: the Infantry Fire Table, its column the firepower; DRM: a die roll modifier; \
             TO HIT and KILL: the numbers a gun's two dice must roll (33.3, 33.4)",
        ]
    }

    fn standing(&self, s: &State, _viewer: Option<PlayerId>) -> Vec<String> {
        CrossOfIron::standing(self, s)
    }

    fn action_place(&self, s: &State, a: Action) -> Option<String> {
        CrossOfIron::action_place(self, s, a)
    }

    fn action_cost(&self, s: &State, a: Action) -> Option<String> {
        CrossOfIron::action_cost(self, s, a)
    }

    /// The exact odds of a shot or an attack (63-70 and the IFT), from the same functions
    /// the rules use.
    fn action_odds(&self, s: &State, a: Action) -> Option<String> {
        self.odds_text(s, a)
    }

    fn overview(data: Option<&Path>, s: &mut String) -> Result<(), CliError> {
        let game = CrossOfIron::load(data)?;
        let rs = game.rules();
        let sc = &rs.data.scenario.scenario;
        let _ = writeln!(
            s,
            "    scenario: {} ({}), {} turns, a Design-Your-Own action (the text's scenarios 13-20 are missing); points: Germans {}, Russians {}",
            sc.id,
            sc.name,
            sc.turns,
            rs.points(0),
            rs.points(1)
        );
        let _ = writeln!(
            s,
            "    players: {} and {}",
            game.player_name(0),
            game.player_name(1)
        );
        let _ = writeln!(
            s,
            "    rule options a data file or experiment switches: {OPTIONS}"
        );
        write_reconstructed(game.reconstructed(), s);
        let _ = writeln!(s, "    not implemented: {NOT_IMPLEMENTED}");
        let _ = writeln!(
            s,
            "    exact odds: sandtable crt cross-of-iron (tables: {}; inputs are the missing charts' numbers)",
            odds::CRT_TABLES.join(", ")
        );
        Ok(())
    }
}
