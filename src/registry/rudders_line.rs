//! Rudder's Line in the registry: one scenario, named in its data.

use super::{
    check_scenario, with_layout, write_readings, write_reconstructed, Entry, GameInfo, Odds,
    OddsKind,
};
use super::{Reconstructed, Table};
use crate::analysis::rudders_line as odds;
use crate::bots::mcts::RolloutFactory;
use crate::cli::CliError;
use crate::engine::percent::percent;
use crate::games::rudders_line::{AttackResult, RuddersLine, ScriptedBot};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

impl Odds for RuddersLine {
    const INFO: GameInfo = GameInfo {
        id: "rudders-line",
        title: "Rudder's Line: The Battle of Normandy 1944",
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
        let game = RuddersLine::load(data)?;
        let tables = match kind {
            OddsKind::Crt => odds::crt_tables(&game, wanted),
            OddsKind::Initiative => odds::initiative_tables(&game, wanted),
        };
        Ok((tables, game.data().reconstructed_tables()))
    }
}

impl Entry for RuddersLine {
    fn load(data: Option<&Path>, scenario: Option<&str>, _open: bool) -> Result<Self, CliError> {
        let game = RuddersLine::load(data)?;
        let name = game.data().scenario.scenario.name.clone();
        check_scenario(Self::INFO.id, scenario, &[name.as_str()])?;
        Ok(game)
    }

    fn title(&self) -> String {
        format!(
            "{} — {}",
            Self::INFO.title,
            self.data().scenario.scenario.name
        )
    }

    fn data_files() -> &'static [(&'static str, &'static str)] {
        &crate::games::rudders_line::data::DATA_FILES
    }

    fn reconstructed(&self) -> Reconstructed {
        self.data().reconstructed_tables()
    }

    fn last_turn(&self) -> u32 {
        u32::from(self.rules().turns)
    }

    fn data_identity(&self) -> String {
        crate::engine::data::identity(self.data())
    }

    fn board(
        &self,
        s: &Self::State,
        _viewer: Option<crate::engine::PlayerId>,
    ) -> crate::board::Board {
        RuddersLine::board(self, s)
    }

    fn action_place(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        RuddersLine::action_place(self, s, a)
    }

    fn action_cost(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        RuddersLine::action_cost(self, s, a)
    }

    fn render_full(&self, s: &Self::State, _viewer: Option<crate::engine::PlayerId>) -> String {
        RuddersLine::render_full(self, s)
    }

    /// 11.1–11.2: the assault's exact odds for this point unit; 7.5–7.7, 9.5–9.6: a fire's.
    fn action_odds(&self, s: &Self::State, a: Self::Action) -> Option<String> {
        if let Some(note) = self.passed_over(s, a) {
            return Some(note.to_string());
        }
        if let Some(empty) = self.empty_area_fire(s, a) {
            return Some(empty);
        }
        if let Some(fire) = self.fire_totals(s, a) {
            let odds = odds::attack(fire.ot, fire.dt);
            let none = odds.prob(|r| *r == AttackResult::Failed).to_f64();
            // 7.7: with the firer's own units in the area, a 6 on the accuracy die turns the
            // fire on them instead.
            let aimed = if fire.friendly { 5.0 / 6.0 } else { 1.0 };
            let friendly = match fire.friendly {
                true => format!(", {}% friendly fire instead (7.7)", percent(1.0 / 6.0, 0)),
                false => String::new(),
            };
            return Some(format!(
                "OT {} vs DT {} before the dice: {}% Casualty Points, {}% no effect \
                 (7.6){friendly}",
                fire.ot,
                fire.dt,
                percent(aimed * (1.0 - none), 0),
                percent(aimed * none, 0)
            ));
        }
        let (ot, dt, best) = match self.assault_totals(s, a) {
            Some((ot, dt)) => (ot, dt, ""),
            None => {
                let (ot, dt) = self.best_point_totals(s, a)?;
                (ot, dt, "with the best point unit, chosen next (11.1): ")
            }
        };
        let odds = odds::attack(ot, dt);
        let fail = odds.prob(|r| *r == AttackResult::Failed).to_f64();
        Some(format!(
            "{best}OT {ot} vs DT {dt} before the dice: {}% Casualty Points on the defenders, \
             {}% the assault fails (11.2)",
            percent(1.0 - fail, 0),
            percent(fail, 0)
        ))
    }

    fn key(&self) -> &'static [&'static str] {
        &[
            "4|6|5: a unit's Attack|Defense|Movement values, as printed on its counter (2.4); \
             +bazooka (3): the weapon it carries (2.61) and its printed value: a machine gun's \
             or shoulder-fired weapon's OT in direct fire (9.5) and in an assault (11.1d–e, the \
             latter only against buildings), a mortar's indirect-fire strength (7.5); a corner \
             mark on the board",
            "NCO 2|2|5, FO, WT, BAR on the board: a non-commissioned officer, a Forward \
             Observer, a Weapons Team, a BAR Gunner (2.4); Ranger NCO 2: an NCO rated 2 (1–3), \
             the one value its counter prints, shown as its Attack and Defense (2|2) with the \
             Movement 5 of every single-figure counter (2.4), and added to a fire or assault of \
             its area (9.5b, 11.1b)",
            "#5: a unit's own number, to tell alike units apart (board --full lists every unit \
             with its number)",
            "TEM+2: the area's Terrain Effects Modifier (2.2), added to the defense of units \
             in it; ★: a Victory Area (12.1)",
            "OT and DT: an attack's Offensive and Defensive Totals, values plus a die each (7.5); \
             OT − DT of 1 or more is that many Casualty Points, CP (7.61)",
            "spent: a unit flipped after acting this turn (7.6), drawn pale on the board; LC-A, \
             LC-B: the Landing Craft boxes the Rangers land from",
            "interdiction marker 8 (marker 8 on the board): artillery or mortar fire left in an area (8.1); \
             an enemy unit entering it pays extra MP or is attacked (8.2)",
        ]
    }

    fn standing(&self, s: &Self::State, _viewer: Option<crate::engine::PlayerId>) -> Vec<String> {
        RuddersLine::standing(self, s)
    }

    fn scripted() -> RolloutFactory<Self> {
        Arc::new(|| Box::new(ScriptedBot::default()))
    }

    fn overview(data: Option<&Path>, s: &mut String) -> Result<(), CliError> {
        let game = RuddersLine::load(data)?;
        let _ = writeln!(s, "    scenario: {}", game.data().scenario.scenario.name);
        write_reconstructed(
            with_layout(game.data().reconstructed_tables(), &game.data().map.layout),
            s,
        );
        let _ = writeln!(
            s,
            "    not implemented: section 6, the Mutual Reinforcement Phase (6.1: \"provided for \
             use in future games, not the current game\")"
        );
        write_readings(&game.data().scenario.readings, "scenario.toml", s);
        Ok(())
    }
}
