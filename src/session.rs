//! One game between a person and a bot (or, in a solitaire game, the rules), for every front
//! end: the terminal (`play`) and the page (`play --web`) drive the same session, so they
//! offer the same lists and tell the same story of every die roll.
//!
//! A save is the replay log plus what identifies the game it belongs to: the game, the
//! scenario, the side, the seed and the data's identity. Loading a save into another
//! scenario or other data is refused; a save played as another side or seed is continued
//! as it was saved, and the session says so.

use crate::bots::mcts::{MctsBot, RolloutFactory};
use crate::bots::preset::{self, BotKind};
use crate::bots::Bot;
use crate::engine::{game_rng, Actor, Game, GameRng, PlayerId, Replay};
use std::path::Path;

/// What identifies the game a save belongs to, beyond its game id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    /// The scenario's id, for a game with several.
    pub scenario: Option<String>,
    /// The identity of the data the game was loaded from (`engine::data::identity`).
    pub data: String,
}

/// A person's game against a bot.
pub struct Session<'g, G: Game> {
    game: &'g G,
    human: PlayerId,
    /// The opponent: `None` in a solitaire game, where only the person's side acts.
    bot: Option<Box<dyn Bot<G>>>,
    /// The preset that answers `hint`.
    pub hint_bot: String,
    scripted: Option<RolloutFactory<G>>,
    rng: GameRng,
    state: G::State,
    replay: Replay,
    /// States at the person's earlier decisions and the replay length there.
    undo: Vec<(G::State, usize)>,
}

/// What an automatic step was: a die roll or chit drawn, or the bot's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Auto {
    Chance,
    Bot,
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
        identity: &Identity,
    ) -> Self {
        let mut replay = Replay::new(game, seed);
        replay.scenario = identity.scenario.clone();
        replay.data = Some(identity.data.clone());
        replay.side = Some(game.player_name(human).to_lowercase());
        Session {
            game,
            human,
            bot,
            hint_bot: "mcts-fast".to_string(),
            scripted,
            rng: game_rng(seed, 0),
            state: game.initial_state(),
            replay,
            undo: Vec::new(),
        }
    }

    pub fn game(&self) -> &'g G {
        self.game
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The side the person plays.
    pub fn human(&self) -> PlayerId {
        self.human
    }

    pub fn seed(&self) -> u64 {
        self.replay.seed
    }

    pub fn actor(&self) -> Actor {
        self.game.actor(&self.state)
    }

    /// Whether the person is to choose now.
    pub fn person_to_act(&self) -> bool {
        self.actor() == Actor::Player(self.human)
    }

    /// The decisions open to the person now (empty when it is not their turn).
    pub fn legal(&self) -> Vec<G::Action> {
        let mut legal = Vec::new();
        if self.person_to_act() {
            self.game.legal_actions(&self.state, &mut legal);
        }
        legal
    }

    /// Takes one step the person does not choose: a chance outcome, or the bot's decision.
    /// Writes what happened to `log`. `None` when the person is to act or the game is over.
    pub fn auto_step(&mut self, log: &mut Vec<String>) -> Option<Auto> {
        match self.actor() {
            Actor::Terminal => None,
            Actor::Player(p) if p == self.human => None,
            Actor::Chance => {
                let mut chance = Vec::new();
                let a = self
                    .game
                    .draw_chance(&self.state, &mut chance, &mut self.rng);
                self.apply(a, log);
                Some(Auto::Chance)
            }
            Actor::Player(p) => {
                let bot = self
                    .bot
                    .as_mut()
                    .expect("every acting side but the person's has a bot");
                let a = bot.choose(self.game, &self.state, &mut self.rng);
                log.push(format!(
                    "{}: {}",
                    self.game.player_name(p),
                    self.game.describe(&self.state, a)
                ));
                self.apply(a, log);
                Some(Auto::Bot)
            }
        }
    }

    /// Plays every step up to the person's next decision or the end of the game.
    pub fn advance(&mut self, log: &mut Vec<String>) {
        while self.auto_step(log).is_some() {}
    }

    /// The person takes decision `a`, which must be one of `legal()`.
    pub fn choose(&mut self, a: G::Action, log: &mut Vec<String>) {
        self.undo
            .push((self.state.clone(), self.replay.steps.len()));
        self.apply(a, log);
    }

    fn apply(&mut self, a: G::Action, log: &mut Vec<String>) {
        let before = self.state.clone();
        self.replay.record(self.game, &before, a);
        if let Some(bot) = self.bot.as_mut() {
            bot.observe(self.game, &before, a);
        }
        self.game.apply(&mut self.state, a);
        if let Some(text) = self.game.narrate(&before, a, &self.state) {
            log.push(format!("  {text}"));
        }
    }

    /// Back to the person's previous decision; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some((state, len)) => {
                self.state = state;
                self.replay.steps.truncate(len);
                true
            }
            None => false,
        }
    }

    /// How the game ended, in one line; `None` while it goes on.
    pub fn result_line(&self) -> Option<String> {
        let o = self.game.outcome(&self.state)?;
        let winner = o
            .winner
            .map_or("none".to_string(), |w| self.game.player_name(w).to_string());
        Some(format!(
            "Game over on turn {}: {} (winner: {winner}).",
            o.turn, o.level
        ))
    }

    /// The save: the replay log with the game's identity, as TOML.
    pub fn save_text(&self) -> String {
        toml::to_string(&self.replay).expect("a replay serialises")
    }

    /// Writes the save to `path`, whole or not at all.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        crate::engine::data::write_whole(path, self.save_text().as_bytes())
            .map_err(|e| format!("cannot save to {}: {e}", path.display()))
    }

    /// Replaces the game with the one saved in `path`. Returns a note when the save was
    /// played as another side or with another seed than this session's.
    pub fn load(&mut self, path: &Path) -> Result<Option<String>, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        self.load_text(&text)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// `load` from the save's text.
    pub fn load_text(&mut self, text: &str) -> Result<Option<String>, String> {
        let replay: Replay = toml::from_str(text)
            .map_err(|e| format!("not a saved game: {}", crate::cli::one_line(&e.to_string())))?;
        self.check_identity(&replay)?;
        let state = replay.replay(self.game).map_err(|e| e.to_string())?;
        let side = match &replay.side {
            Some(name) => (0..self.game.acting_players())
                .find(|&p| self.game.player_name(p).eq_ignore_ascii_case(name))
                .ok_or_else(|| format!("the save's side '{name}' does not act in this game"))?,
            None => self.human,
        };
        let mut notes = Vec::new();
        if side != self.human {
            notes.push(format!("as the {}", self.game.player_name(side)));
        }
        if replay.seed != self.replay.seed {
            notes.push(format!("with seed {}", replay.seed));
        }
        let note = (!notes.is_empty()).then(|| {
            format!(
                "note: the save was played {}; the game goes on as saved",
                notes.join(" and ")
            )
        });
        self.human = side;
        // The dice after a load depend only on the save, so a save always continues alike.
        self.rng = game_rng(replay.seed, replay.steps.len() as u64);
        self.state = state;
        self.replay = replay;
        self.replay.side = Some(self.game.player_name(side).to_lowercase());
        self.undo.clear();
        Ok(note)
    }

    /// Refuses a save of another scenario or other data.
    fn check_identity(&self, saved: &Replay) -> Result<(), String> {
        if saved.game != self.replay.game {
            return Err(format!(
                "this is a save of {}, not {}",
                saved.game, self.replay.game
            ));
        }
        if let (Some(theirs), Some(ours)) = (&saved.scenario, &self.replay.scenario) {
            if theirs != ours {
                return Err(format!(
                    "this save is of the scenario {theirs}, not {ours}: load it with \
                     --scenario {theirs}"
                ));
            }
        }
        if let (Some(theirs), Some(ours)) = (&saved.data, &self.replay.data) {
            if theirs != ours {
                return Err(format!(
                    "this save was made on other data (identity {theirs}) than this game's \
                     ({ours}): load it with the --data it was played on"
                ));
            }
        }
        Ok(())
    }

    /// The hint bot's suggestion and, for a search bot, its estimate of the person's chances.
    /// The dice that follow are not changed by asking.
    pub fn hint(&self) -> Option<String> {
        let preset = preset::load(&self.hint_bot).ok()?;
        if preset.kind != BotKind::Mcts {
            let mut bot = preset.build(self.scripted.clone())?;
            let a = bot.choose(self.game, &self.state, &mut self.rng.clone());
            return Some(format!(
                "Hint: {} (the {} bot's choice)",
                self.game.describe(&self.state, a),
                preset.name
            ));
        }
        let config = preset.mcts.unwrap_or_default();
        let mut searcher = MctsBot::new("hint", config, self.scripted.clone());
        let ranked = searcher.analyse(self.game, &self.state, &mut self.rng.clone());
        let (a, visits, value) = ranked.first()?;
        Some(format!(
            "Hint: {} (chosen in {visits} of {} searches; estimated chance {:.0}%)",
            self.game.describe(&self.state, *a),
            searcher.last_iterations,
            100.0 * value
        ))
    }
}
