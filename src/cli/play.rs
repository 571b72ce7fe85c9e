//! `sandtable play <game> --side S --bot B`: a person plays against a bot in the terminal, or,
//! in a solitaire game (Aachen), against the rules, with `--bot` giving the hints.
//! The screen shows the situation and the numbered legal actions; every die roll is
//! explained as it happens. Commands: a number, `undo`, `save FILE`, `load FILE`, `hint`,
//! `board`, `help`, `quit`.

use super::{select, CliError};
use crate::bots::mcts::{MctsBot, RolloutFactory};
use crate::bots::preset::BotKind;
use crate::bots::{preset, Bot};
use crate::engine::{game_rng, Actor, Game, GameRng, PlayerId, Replay};
use crate::games::aachen::{self, Aachen};
use crate::games::crossing_the_line::{self, CrossingTheLine};
use crate::games::rudders_line::{RuddersLine, ScriptedBot};
use clap::Args;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Game id (see `sandtable games`).
    pub game: String,
    /// The side you play (Rudder's Line: rangers or germans; Aachen: americans or us;
    /// Crossing the Line: us or germans, and in first-blood us).
    #[arg(long)]
    pub side: String,
    /// Scenario name (default: the game's only scenario). Crossing the Line has two and
    /// needs it: first-blood (solitaire) or stolberg-corridor.
    #[arg(long)]
    pub scenario: Option<String>,
    /// The bot you play against: a preset name or a preset file. In a solitaire game (Aachen)
    /// the rules play the other side and this bot only gives the hints.
    #[arg(long, default_value = "mcts-fast")]
    pub bot: String,
    /// Seed of the dice and the bot.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Continue a game saved with `save FILE`.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Game data instead of the embedded default (see `balance --help`).
    #[arg(long, value_name = "PATH")]
    pub data: Option<PathBuf>,
    /// Let the bot see everything, hidden information included (Crossing the Line, 5.3.4).
    #[arg(long)]
    pub open: bool,
}

pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let info = select::implemented_game(&args.game)?;
    match info.id {
        "rudders-line" => {
            let game = RuddersLine::load(args.data.as_deref())?;
            let scenario = game.data().scenario.scenario.name.clone();
            select::check_scenario(info.id, args.scenario.as_deref(), &[scenario.as_str()])?;
            let human = side(&game, &args.side)?;
            preset::load(&args.bot)?;
            let bot = select::rudders_line_bot(&game, &args.bot, 1 - human).ok_or_else(|| {
                CliError::Usage(format!("bot '{}' cannot play {}", args.bot, info.id))
            })?;
            let scripted: RolloutFactory<RuddersLine> =
                Arc::new(|| Box::new(ScriptedBot::default()));
            let session = Session::new(&game, human, Some(bot), Some(scripted), args.seed);
            start(session, args)
        }
        "aachen" => {
            let game = Aachen::load(args.data.as_deref())?;
            select::check_scenario(info.id, args.scenario.as_deref(), &[info.title])?;
            let name = if args.side.eq_ignore_ascii_case("us") {
                "americans"
            } else {
                args.side.as_str()
            };
            let human = side(&game, name)?;
            if human >= game.acting_players() {
                return Err(CliError::Usage(format!(
                    "in {} the rules play the {} (a solitaire game): play --side americans \
                     (or us)",
                    info.id,
                    game.player_name(human)
                )));
            }
            preset::load(&args.bot)?;
            select::aachen_bot(&args.bot, human).ok_or_else(|| {
                CliError::Usage(format!("bot '{}' cannot play {}", args.bot, info.id))
            })?;
            let scripted: RolloutFactory<Aachen> =
                Arc::new(|| Box::new(aachen::ScriptedBot::default()));
            let mut session = Session::new(&game, human, None, Some(scripted), args.seed);
            session.hint_bot = args.bot.clone();
            start(session, args)
        }
        "crossing-the-line" => {
            let (game, id) = select::crossing_the_line_game(
                args.scenario.as_deref(),
                args.data.as_deref(),
                args.open,
            )?;
            let name = match args.side.to_lowercase().as_str() {
                "american" | "americans" => "us",
                "german" => "germans",
                _ => args.side.as_str(),
            };
            let human = side(&game, name)?;
            if human >= game.acting_players() {
                return Err(CliError::Usage(format!(
                    "in {} {id} the rules play the {} (a solitaire scenario): play --side us",
                    info.id,
                    game.player_name(human)
                )));
            }
            preset::load(&args.bot)?;
            let bot = select::crossing_the_line_bot(&args.bot, 1 - human).ok_or_else(|| {
                CliError::Usage(format!("bot '{}' cannot play {}", args.bot, info.id))
            })?;
            let scripted: RolloutFactory<CrossingTheLine> =
                Arc::new(|| Box::new(crossing_the_line::ScriptedBot));
            // Solitaire (First Blood): no opponent; the bot only answers `hint`.
            let opponent = (game.acting_players() > 1).then_some(bot);
            let mut session = Session::new(&game, human, opponent, Some(scripted), args.seed);
            session.hint_bot = args.bot.clone();
            start(session, args)
        }
        other => Err(CliError::NotImplemented(other.to_string())),
    }
}

/// Loads `--load` if given, then plays on stdin and stdout.
fn start<G>(mut session: Session<'_, G>, args: &PlayArgs) -> Result<(), CliError>
where
    G: Game + 'static,
    G::Action: 'static,
    G::State: 'static,
{
    if let Some(path) = &args.load {
        session.load(path).map_err(CliError::Usage)?;
    }
    let stdin = std::io::stdin();
    session.play(&mut stdin.lock(), &mut std::io::stdout().lock());
    Ok(())
}

fn side<G: Game>(game: &G, name: &str) -> Result<PlayerId, CliError> {
    (0..game.num_players())
        .find(|&p| game.player_name(p).eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let sides: Vec<String> = (0..game.num_players())
                .map(|p| game.player_name(p).to_lowercase())
                .collect();
            CliError::Usage(format!(
                "unknown side '{name}' (sides: {})",
                sides.join(", ")
            ))
        })
}

const HELP: &str = "Type the number of an action, or: undo (back to your last decision), \
save FILE, load FILE, hint (the bot's suggestion), board (show the situation), help, quit.";

/// One game between a person and a bot (or, solitaire, the rules), with its replay log and
/// undo points.
pub struct Session<'g, G: Game> {
    game: &'g G,
    human: PlayerId,
    /// The opponent: `None` in a solitaire game, where only the person's side acts.
    bot: Option<Box<dyn Bot<G>>>,
    /// The preset that answers `hint` (mcts-fast unless set).
    pub hint_bot: String,
    scripted: Option<RolloutFactory<G>>,
    rng: GameRng,
    state: G::State,
    replay: Replay,
    /// States at the person's earlier decisions and the replay length there.
    undo: Vec<(G::State, usize)>,
}

impl<'g, G> Session<'g, G>
where
    G: Game + 'static,
    G::Action: 'static,
    G::State: 'static,
{
    pub fn new(
        game: &'g G,
        human: PlayerId,
        bot: Option<Box<dyn Bot<G>>>,
        scripted: Option<RolloutFactory<G>>,
        seed: u64,
    ) -> Self {
        Session {
            game,
            human,
            bot,
            hint_bot: "mcts-fast".to_string(),
            scripted,
            rng: game_rng(seed, 0),
            state: game.initial_state(),
            replay: Replay::new(game, seed),
            undo: Vec::new(),
        }
    }

    fn apply(&mut self, a: G::Action, out: &mut impl Write) {
        let before = self.state.clone();
        self.replay.record(self.game, &before, a);
        if let Some(bot) = self.bot.as_mut() {
            bot.observe(self.game, &before, a);
        }
        self.game.apply(&mut self.state, a);
        if let Some(text) = self.game.narrate(&before, a, &self.state) {
            let _ = writeln!(out, "  {text}");
        }
    }

    /// Plays until the game ends, the person quits, or the input ends.
    pub fn play(&mut self, input: &mut impl BufRead, out: &mut impl Write) {
        let mut legal = Vec::new();
        let mut chance = Vec::new();
        let mut shown = false;
        loop {
            match self.game.actor(&self.state) {
                Actor::Terminal => {
                    let o = self
                        .game
                        .outcome(&self.state)
                        .expect("a finished game has an outcome");
                    let winner = o.winner.map_or("nobody".to_string(), |w| {
                        self.game.player_name(w).to_string()
                    });
                    let _ = writeln!(
                        out,
                        "Game over on turn {}: {} ({winner} wins).",
                        o.turn, o.level
                    );
                    return;
                }
                Actor::Chance => {
                    let a = self
                        .game
                        .draw_chance(&self.state, &mut chance, &mut self.rng);
                    self.apply(a, out);
                }
                Actor::Player(p) if p != self.human => {
                    let bot = self
                        .bot
                        .as_mut()
                        .expect("every acting side but the person's has a bot");
                    let a = bot.choose(self.game, &self.state, &mut self.rng);
                    let _ = writeln!(
                        out,
                        "{}: {}",
                        self.game.player_name(p),
                        self.game.describe(&self.state, a)
                    );
                    self.apply(a, out);
                    shown = false;
                }
                Actor::Player(_) => {
                    self.game.legal_actions(&self.state, &mut legal);
                    if !shown {
                        let _ = write!(out, "\n{}", self.game.render(&self.state));
                        shown = true;
                    }
                    for (i, &a) in legal.iter().enumerate() {
                        let _ = writeln!(
                            out,
                            "  {:>3}. {}",
                            i + 1,
                            self.game.describe(&self.state, a)
                        );
                    }
                    let _ = write!(out, "{}> ", self.game.player_name(self.human));
                    let _ = out.flush();
                    let mut line = String::new();
                    if input.read_line(&mut line).unwrap_or(0) == 0 {
                        let _ = writeln!(out, "\n(end of input: quitting)");
                        return;
                    }
                    if !self.command(line.trim(), &legal, out) {
                        return;
                    }
                }
            }
        }
    }

    /// Handles one line typed at the prompt; false to quit.
    fn command(&mut self, line: &str, legal: &[G::Action], out: &mut impl Write) -> bool {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match (word, rest.trim()) {
            ("quit" | "exit", _) => return false,
            ("help" | "?", _) => {
                let _ = writeln!(out, "{HELP}");
            }
            ("board", _) => {
                let _ = write!(out, "{}", self.game.render(&self.state));
            }
            ("undo", _) => match self.undo.pop() {
                Some((state, len)) => {
                    self.state = state;
                    self.replay.steps.truncate(len);
                    let _ = writeln!(out, "Back to your previous decision.");
                }
                None => {
                    let _ = writeln!(out, "Nothing to undo.");
                }
            },
            ("save", "") | ("load", "") => {
                let _ = writeln!(out, "{word} needs a file name: {word} FILE");
            }
            ("save", file) => {
                let text = toml::to_string(&self.replay).expect("a replay serialises");
                match std::fs::write(file, text) {
                    Ok(()) => {
                        let _ = writeln!(out, "Saved to {file}.");
                    }
                    Err(e) => {
                        let _ = writeln!(out, "Cannot save to {file}: {e}");
                    }
                }
            }
            ("load", file) => match self.load(std::path::Path::new(file)) {
                Ok(()) => {
                    let _ = writeln!(out, "Loaded {file}.");
                    let _ = write!(out, "{}", self.game.render(&self.state));
                }
                Err(e) => {
                    let _ = writeln!(out, "{e}");
                }
            },
            ("hint", _) => self.hint(out),
            (number, "") if number.parse::<usize>().is_ok() => {
                let n: usize = number.parse().unwrap_or(0);
                match legal.get(n.wrapping_sub(1)) {
                    Some(&a) => {
                        self.undo
                            .push((self.state.clone(), self.replay.steps.len()));
                        self.apply(a, out);
                    }
                    None => {
                        let _ = writeln!(out, "There is no action {n}: type 1 to {}.", legal.len());
                    }
                }
            }
            _ => {
                let _ = writeln!(out, "Unknown input '{line}'. {HELP}");
            }
        }
        true
    }

    /// Replaces the game with one from a replay file.
    fn load(&mut self, path: &std::path::Path) -> Result<(), String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let replay: Replay = toml::from_str(&text).map_err(|e| {
            format!(
                "{}: not a saved game: {}",
                path.display(),
                super::one_line(&e.to_string())
            )
        })?;
        let state = replay
            .replay(self.game)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        self.state = state;
        self.replay = replay;
        self.undo.clear();
        Ok(())
    }

    /// The hint bot's suggestion and, for a search bot, its estimate of the person's chances.
    fn hint(&mut self, out: &mut impl Write) {
        let Ok(preset) = preset::load(&self.hint_bot) else {
            return;
        };
        if preset.kind != BotKind::Mcts {
            // A bot without search: its choice, on a copy of the dice.
            let Some(mut bot) = preset.build(self.scripted.clone()) else {
                return;
            };
            let a = bot.choose(self.game, &self.state, &mut self.rng.clone());
            let _ = writeln!(
                out,
                "Hint: {} (the {} bot's choice)",
                self.game.describe(&self.state, a),
                preset.name
            );
            return;
        }
        let config = preset.mcts.unwrap_or_default();
        let mut searcher = MctsBot::new("hint", config, self.scripted.clone());
        // A copy of the generator: asking for a hint must not change the dice that follow.
        let ranked = searcher.analyse(self.game, &self.state, &mut self.rng.clone());
        if let Some((a, visits, value)) = ranked.first() {
            let _ = writeln!(
                out,
                "Hint: {} (chosen in {visits} of {} searches; estimated chance {:.0}%)",
                self.game.describe(&self.state, *a),
                searcher.last_iterations,
                100.0 * value
            );
        }
    }
}
