//! Cross of Iron in the registry: its exact ordnance odds, ahead of its engine.

use super::{GameInfo, Odds, OddsKind, Reconstructed, Table};
use crate::analysis::cross_of_iron as odds;
use crate::cli::CliError;
use crate::games::cross_of_iron::CrossOfIron;
use std::path::Path;

impl Odds for CrossOfIron {
    const INFO: GameInfo = GameInfo {
        id: "cross-of-iron",
        title: "Cross of Iron",
        implemented: false,
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
