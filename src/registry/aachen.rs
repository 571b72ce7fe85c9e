//! Cities of the Damned: Aachen in the registry: solitaire, one scenario (the game itself).

use super::{
    check_scenario, with_layout, write_readings, write_reconstructed, Entry, GameInfo, Odds,
    OddsKind,
};
use super::{Reconstructed, Table};
use crate::analysis::aachen as odds;
use crate::bots::mcts::RolloutFactory;
use crate::cli::CliError;
use crate::engine::percent::percent;
use crate::games::aachen::{Aachen, ScriptedBot};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

/// The optional rules of section 12, which the rulebook text gives only as titles.
const OPTIONAL_RULES: &str = "12.1 Parent Organization, 12.2 Historical Random Events, \
12.3 Lousberg Hill, 12.4 Rubble, 12.5 Hotel Quellenhof, 12.6 Play Balance";

impl Odds for Aachen {
    const INFO: GameInfo = GameInfo {
        id: "aachen",
        title: "Cities of the Damned: Aachen",
        implemented: true,
        scenarios: &[],
    };

    fn odds_tables(kind: OddsKind) -> &'static [&'static str] {
        match kind {
            OddsKind::Crt => &odds::CRT_TABLES,
            OddsKind::Initiative => &odds::INITIATIVE_TABLES,
        }
    }

    fn odds(
        kind: OddsKind,
        data: Option<&Path>,
        wanted: &[&str],
    ) -> Result<(Vec<Table>, Reconstructed), CliError> {
        let game = Aachen::load(data)?;
        let tables = match kind {
            OddsKind::Crt => odds::crt_tables(&game, wanted),
            OddsKind::Initiative => odds::initiative_tables(&game, wanted),
        };
        Ok((tables, game.data().reconstructed_tables()))
    }
}

impl Entry for Aachen {
    fn load(data: Option<&Path>, scenario: Option<&str>, _open: bool) -> Result<Self, CliError> {
        let game = Aachen::load(data)?;
        check_scenario(Self::INFO.id, scenario, &[Self::INFO.title])?;
        Ok(game)
    }

    fn title(&self) -> String {
        Self::INFO.title.to_string()
    }

    fn data_files() -> &'static [(&'static str, &'static str)] {
        &crate::games::aachen::data::DATA_FILES
    }

    fn reconstructed(&self) -> Reconstructed {
        self.data().reconstructed_tables()
    }

    fn last_turn(&self) -> u32 {
        u32::from(crate::games::aachen::data::TURNS)
    }

    fn data_identity(&self) -> String {
        crate::engine::data::identity(self.data())
    }

    fn board(
        &self,
        s: &Self::State,
        _viewer: Option<crate::engine::PlayerId>,
    ) -> crate::board::Board {
        Aachen::board(self, s)
    }

    fn action_place(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        Aachen::action_place(self, s, a)
    }

    fn action_cost(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        Aachen::action_cost(self, s, a)
    }

    /// 9.5.1–9.5.4: the attack's exact odds if rolled after this choice (the attack on a
    /// revealed unit, the Lead Attacking Unit, a support point, or the roll itself).
    fn action_odds(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        use crate::engine::Game as _;
        use crate::games::aachen::{attack_inputs, Action, CombatResult};
        // An attack on a revealed unit with its lead and support settled goes to the dice at
        // once: its odds are shown on it too (trial 21c F4).
        if !matches!(
            a,
            Action::Lead(_) | Action::Allot(_) | Action::Resolve | Action::Attack(_)
        ) {
            return None;
        }
        let mut after = *s;
        self.apply(&mut after, a);
        let i = attack_inputs(self.rules(), &after)?;
        let dist = odds::attack(&i);
        let pct = |r: CombatResult| percent(dist.prob(|x| *x == r).to_f64(), 0);
        let air = match i.air_dice {
            0 => String::new(),
            n => format!(", Air −{n}D6"),
        };
        Some(format!(
            "AV {} vs DV {} (+2D6 each{air}): Overrun {}%, Success {}%, Stalemate {}%, \
             Repulse {}% (9.5.4)",
            i.av,
            i.dv,
            pct(CombatResult::Overrun),
            pct(CombatResult::Success),
            pct(CombatResult::Stalemate),
            pct(CombatResult::Repulse)
        ))
    }

    fn key(&self) -> &'static [&'static str] {
        &[
            "E 4 on an American counter (E (4) on the terminal): company E and its Attack \
             Factor (4.3.1); Ldr: a leader; on a German counter: its Defense Factor once \
             revealed (9.4), ? while unrevealed",
            "TEM +2: the Area's Terrain Effects Modifier (3.1.2), added to the German Defense \
             Value (9.5.3); unrevealed: German defenders not yet seen",
            "AV, DV: a combat's Attack and Defense Values (9.5.2, 9.5.3), each then plus 2d6",
        ]
    }

    fn standing(&self, s: &Self::State, _viewer: Option<crate::engine::PlayerId>) -> Vec<String> {
        Aachen::standing(self, s)
    }

    fn scripted() -> RolloutFactory<Self> {
        Arc::new(|| Box::new(ScriptedBot::default()))
    }

    fn side_aliases() -> &'static [(&'static str, &'static str)] {
        &[("us", "americans"), ("american", "americans")]
    }

    fn overview(data: Option<&Path>, s: &mut String) -> Result<(), CliError> {
        let game = Aachen::load(data)?;
        let _ = writeln!(
            s,
            "    solitaire: you play the Americans, the rules play the Germans"
        );
        write_reconstructed(
            with_layout(game.data().reconstructed_tables(), &game.data().map.layout),
            s,
        );
        let _ = writeln!(
            s,
            "    optional rules (section 12) not available: the rulebook text has only their \
             titles: {OPTIONAL_RULES}"
        );
        write_readings(&game.data().charts.readings, "charts.toml", s);
        Ok(())
    }
}
