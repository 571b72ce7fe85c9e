//! `sandtable board <game> [--scenario S] [--load SAVE] [--side S] --out board.svg|png`: a
//! picture of a position — the start of a scenario or a saved game — drawn as the page draws
//! it, for sharing and for reports.

use super::common::output_error;
use super::CliError;
use crate::engine::Replay;
use crate::registry::{self, Entry, Visitor};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct BoardArgs {
    /// Game id (see `sandtable games`).
    pub game: String,
    /// Scenario name (Crossing the Line needs it; with --load, the save's own unless you name
    /// one).
    #[arg(long)]
    pub scenario: Option<String>,
    /// Draw the position of this saved game (`save FILE` at the play prompt or on the page).
    #[arg(long, value_name = "SAVE")]
    pub load: Option<PathBuf>,
    /// Draw the board as this side sees it (Crossing the Line, 5.3.4: the top unit of each
    /// enemy stack, no enemy strength markers). Default: everything.
    #[arg(long)]
    pub side: Option<String>,
    /// The picture to write: a .svg or .png file.
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub out: PathBuf,
    /// Game data instead of the embedded default.
    #[arg(long, value_name = "PATH")]
    pub data: Option<PathBuf>,
}

pub fn run(args: &BoardArgs) -> Result<(), CliError> {
    if crate::analysis::plot::picture_kind(&args.out).is_none() {
        return Err(CliError::Usage(format!(
            "--out {}: the picture must be a .svg or .png file",
            args.out.display()
        )));
    }
    registry::visit(&args.game, Draw(args))?
}

struct Draw<'a>(&'a BoardArgs);

impl Visitor for Draw<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Entry>(self) -> Self::Output {
        let args = self.0;
        let (game, saved) = super::common::game_for_save::<G>(
            args.data.as_deref(),
            args.scenario.as_deref(),
            args.load.as_deref(),
            false,
        )?;
        let state = match (&saved, &args.load) {
            (Some(replay), Some(path)) => load(&game, path, replay)?,
            _ => game.initial_state(),
        };
        let viewer = match &args.side {
            None => None,
            Some(name) => Some(super::play::side_of(&game, name)?),
        };
        let mut board = game.board(&state, viewer);
        // Read without the terminal's or the page's key beside it: the whole key, the game's
        // name, and whose view a fog-of-war picture is.
        board.notes = game.key().iter().map(|l| l.to_string()).collect();
        let seen = viewer.map_or(String::new(), |p| {
            format!(" — as the {} see it", game.player_name(p))
        });
        // The game's name (the scenario's is in the position's line where a game has several).
        board.title = format!("{}: {}{seen}", G::INFO.title, board.title);
        let svg = crate::board::to_svg(&board, &[]);
        let bytes = match crate::analysis::plot::picture_kind(&args.out) {
            Some("png") => {
                let scale = crate::board::readable_scale(&board, crate::board::PNG_SCALE);
                crate::board::to_png(&svg, scale).map_err(|e| output_error(&args.out, e))?
            }
            _ => svg.into_bytes(),
        };
        super::common::write_file(&args.out, &bytes)
    }
}

/// The state of a saved game, checked against this game's scenario and data as `play` does.
fn load<G: Entry>(game: &G, path: &std::path::Path, saved: &Replay) -> Result<G::State, CliError> {
    let bad = |m: String| CliError::Usage(format!("{}: {m}", path.display()));
    let mut expected = Replay::new(game, 0);
    expected.scenario = game.scenario_id().map(str::to_string);
    expected.data = Some(game.data_identity());
    expected.check_same_game(saved).map_err(bad)?;
    saved.side_in(game).map_err(bad)?;
    saved.replay(game).map_err(|e| bad(e.to_string()))
}
