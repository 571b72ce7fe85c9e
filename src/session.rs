//! One game between a person and a bot (or, in a solitaire game, the rules), for every front
//! end: the terminal (`play`) and the page (`play --web`) drive the same session, so they
//! offer the same lists and tell the same story of every die roll.
//!
//! A save is the replay log plus what identifies the game it belongs to: the game, the
//! scenario, the side, the seed and the data's identity. Loading a save into another
//! scenario or other data is refused; a save played as another side or seed is continued
//! as it was saved, and the session says so.

use crate::bots::mcts::{MctsBot, RolloutFactory, MIN_PAIRED_SEEDS};
use crate::bots::preset::{self, BotKind};
use crate::bots::Bot;
use crate::engine::{game_rng, Actor, GameRng, PlayerId, Replay};
use crate::registry::{self, Entry};
use std::path::Path;

/// What identifies the game a save belongs to, beyond its game id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    /// The scenario's id, for a game with several.
    pub scenario: Option<String>,
    /// The identity of the data the game was loaded from (`engine::data::identity`).
    pub data: String,
}

/// A decision as the person is offered it: its number, the action, and its text (with the
/// odds and the cost where it has them).
#[derive(Clone, Debug)]
pub struct Offer<A> {
    pub n: usize,
    pub action: A,
    pub text: String,
    /// The action in words without odds or cost: what makes it the same option after a
    /// choice (see `Session::renumber`).
    key: String,
}

/// A person's game against a bot.
pub struct Session<'g, G: Entry> {
    game: &'g G,
    human: PlayerId,
    /// The opponent: `None` in a solitaire game, where only the person's side acts.
    bot: Option<Box<dyn Bot<G>>>,
    /// The preset that answers `hint`.
    pub hint_bot: String,
    scripted: Option<RolloutFactory<G>>,
    state: G::State,
    replay: Replay,
    /// States at the person's earlier decisions and the replay length there.
    undo: Vec<(G::State, usize)>,
    /// The person's numbered options now (empty when it is not their decision).
    offers: Vec<Offer<G::Action>>,
    /// Whether `offers` numbers on from the list before (`numbering_continues`).
    continued: bool,
}

/// What an automatic step was: a die roll or chit drawn, or the bot's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Auto {
    Chance,
    Bot,
}

impl<'g, G: Entry> Session<'g, G> {
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
        let mut bot = bot;
        if let Some(b) = bot.as_mut() {
            b.start(crate::engine::game_seed(seed, 0));
        }
        let mut session = Session {
            game,
            human,
            bot,
            hint_bot: "mcts-fast".to_string(),
            scripted,
            state: game.initial_state(),
            replay,
            undo: Vec::new(),
            offers: Vec::new(),
            continued: false,
        };
        session.renumber(None);
        session
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

    /// The decisions open to the person now, numbered (empty when it is not their turn).
    pub fn offers(&self) -> &[Offer<G::Action>] {
        &self.offers
    }

    /// The decision numbered `n` now.
    pub fn offer(&self, n: usize) -> Option<G::Action> {
        self.offers.iter().find(|o| o.n == n).map(|o| o.action)
    }

    /// The numbers on offer, for "type 1 to 9" (they may have gaps: see `renumber`).
    pub fn numbers_text(&self) -> String {
        match (self.offers.first(), self.offers.last()) {
            (Some(a), Some(b)) if a.n == b.n => a.n.to_string(),
            (Some(a), Some(b)) if self.offers.len() == b.n - a.n + 1 => {
                format!("{} to {}", a.n, b.n)
            }
            _ => {
                let ns: Vec<String> = self.offers.iter().map(|o| o.n.to_string()).collect();
                format!("one of {}", ns.join(", "))
            }
        }
    }

    /// Whether the options now are numbered on from the list the person last chose from (a
    /// sub-choice: see `renumber`), so a number they saw there still means the same option.
    pub fn numbering_continues(&self) -> bool {
        self.continued
    }

    /// Numbers the person's options. The list is shown in the game's display order
    /// (`Entry::list_order`: destinations by hex or area number). After the person's own
    /// choice `chosen`, when it is gone from the list (a choice that can be made again, like
    /// buying another support point, starts a new list) and most of the other options are
    /// still open (adding units to a group, paying Casualty Points one unit at a time), each
    /// keeps its number and the new ones are numbered after them, so "1 3 4" picks what the
    /// person saw as 1, 3 and 4.
    fn renumber(&mut self, chosen: Option<G::Action>) {
        let fresh = self.listed();
        let old = std::mem::take(&mut self.offers);
        let same =
            |o: &Offer<G::Action>, f: &Offer<G::Action>| o.action == f.action && o.key == f.key;
        let still = old
            .iter()
            .filter(|o| fresh.iter().any(|f| same(o, f)))
            .count();
        self.continued = chosen.is_some_and(|c| !fresh.iter().any(|f| f.action == c))
            && still > 0
            && 2 * still >= old.len().saturating_sub(1);
        let mut next = if self.continued {
            old.iter().map(|o| o.n).max().unwrap_or(0)
        } else {
            0
        };
        self.offers = fresh
            .into_iter()
            .map(|mut f| {
                let kept = old.iter().find(|o| self.continued && same(o, &f));
                f.n = kept.map_or_else(
                    || {
                        next += 1;
                        next
                    },
                    |o| o.n,
                );
                f
            })
            .collect();
        self.offers.sort_by_key(|o| o.n);
    }

    /// The person's options now in the game's display order, not yet numbered.
    fn listed(&self) -> Vec<Offer<G::Action>> {
        let mut legal = Vec::new();
        if self.person_to_act() {
            self.game.legal_actions(&self.state, &mut legal);
        }
        let (game, s) = (self.game, &self.state);
        legal.sort_by_key(|&a| game.list_order(s, a));
        legal
            .into_iter()
            .map(|a| Offer {
                n: 0,
                action: a,
                text: registry::action_text(game, s, a),
                key: game.describe(s, a),
            })
            .collect()
    }

    /// The generator of the dice at this step: the seed's stream for the step's number, so
    /// that the dice depend only on the seed and the steps so far. A game saved and loaded,
    /// or a decision undone and taken again, rolls the same dice as one played straight on.
    fn dice(&self) -> GameRng {
        game_rng(self.replay.seed, self.replay.steps.len() as u64)
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
                    .draw_chance(&self.state, &mut chance, &mut self.dice());
                self.apply(a, log);
                self.renumber(None);
                Some(Auto::Chance)
            }
            Actor::Player(p) => {
                let mut dice = self.dice();
                let bot = self
                    .bot
                    .as_mut()
                    .expect("every acting side but the person's has a bot");
                let a = bot.choose(self.game, &self.state, &mut dice);
                log.push(self.decision_line(p, &self.state, a));
                self.apply(a, log);
                self.renumber(None);
                Some(Auto::Bot)
            }
        }
    }

    /// Plays every step up to the person's next decision or the end of the game.
    pub fn advance(&mut self, log: &mut Vec<String>) {
        while self.auto_step(log).is_some() {}
    }

    /// The person takes decision `a`, which must be one of `offers()`; the log tells it as it
    /// tells the bot's ("Rangers: …"), on the terminal and on the page alike.
    pub fn choose(&mut self, a: G::Action, log: &mut Vec<String>) {
        log.push(self.decision_line(self.human, &self.state, a));
        self.undo
            .push((self.state.clone(), self.replay.steps.len()));
        self.apply(a, log);
        self.renumber(Some(a));
    }

    fn apply(&mut self, a: G::Action, log: &mut Vec<String>) {
        let before = self.state.clone();
        self.replay.record(self.game, &before, a);
        if let Some(bot) = self.bot.as_mut() {
            bot.observe(self.game, &before, a);
        }
        self.game.apply(&mut self.state, a);
        self.narrate(&before, a, &self.state, log);
    }

    /// Back to the person's previous decision; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some((state, len)) => {
                self.state = state;
                self.replay.steps.truncate(len);
                self.renumber(None);
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
        let reason = self.game.result_reason(&self.state);
        // The level in the game's own words, and no turn in a scenario without turns (trial
        // 15b F2: First Blood's "Game over on turn 1: satisfactory").
        let level = self.game.level_words(o.level).unwrap_or(o.level);
        let when = match self.game.record_columns().turn {
            true => format!(" on turn {}", o.turn),
            false => String::new(),
        };
        Some(format!(
            "Game over{when}: {level} (winner: {winner}){}.",
            reason.map_or(String::new(), |r| format!(": {r}"))
        ))
    }

    /// The save: the replay log with the game's identity, as TOML.
    pub fn save_text(&self) -> String {
        toml::to_string(&self.replay.sealed()).expect("a replay serialises")
    }

    /// Writes the save to `path`, whole or not at all.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        // A save is a file: a pipe would hold the session until something reads it.
        let special = path.exists().then(|| crate::engine::read::check_file(path));
        // A save may replace the save it was loaded from, never a data or preset file read.
        let input = crate::engine::read::was_read(path) && Replay::read(path).is_err();
        let input = input.then(|| {
            Err(std::io::Error::other(
                "it is one of this game's data or preset files; save elsewhere",
            ))
        });
        // A name no one can type or see in a listing (ESC, BEL, a tab, U+202E); the joiners of
        // Persian words and emoji sequences stay allowed.
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let hidden = |c: char| {
            c.is_control()
                || matches!(c, '\u{200B}' | '\u{FEFF}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        };
        let input = input.or_else(|| {
            name.chars().any(hidden).then(|| {
                Err(std::io::Error::other(
                    "the file's name holds a control or invisible character",
                ))
            })
        });
        special
            .transpose()
            .and_then(|_| input.unwrap_or(Ok(())))
            .and_then(|_| crate::engine::write::rewrite_whole(path, self.save_text().as_bytes()))
            .map_err(|e| {
                let path = crate::engine::data::shown(&path.display().to_string());
                format!("cannot save to {path}: {e}")
            })
    }

    /// Replaces the game with the one saved in `path`. Returns a note when the save was
    /// played as another side or with another seed than this session's.
    pub fn load(&mut self, path: &Path) -> Result<Option<String>, String> {
        let replay = Replay::read(path)?;
        self.load_replay(&replay)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// `load` from the save's text.
    pub fn load_text(&mut self, text: &str) -> Result<Option<String>, String> {
        self.load_replay(&Replay::parse(text)?)
    }

    /// `load` of a save already read.
    pub fn load_replay(&mut self, replay: &Replay) -> Result<Option<String>, String> {
        self.replay.check_same_game(replay)?;
        let side = match replay.side_in(self.game)? {
            Some(side) => side,
            None => self.human,
        };
        // Undo goes back past the load: each of the person's decisions in the save is one.
        let mut undo = Vec::new();
        let state = replay
            .replay_visiting(self.game, |v| {
                if self.game.actor(v.before) == Actor::Player(side) {
                    undo.push((v.before.clone(), v.step));
                }
            })
            .map_err(|e| e.to_string())?;
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
        self.state = state;
        self.replay = replay.clone();
        self.replay.side = Some(self.game.player_name(side).to_lowercase());
        self.undo = undo;
        self.renumber(None);
        Ok(note)
    }

    /// Whose view the screens show: the person's while the game goes on (what the rules let
    /// their side see), everything once it is over.
    pub fn viewer(&self) -> Option<PlayerId> {
        (self.actor() != Actor::Terminal).then_some(self.human)
    }

    /// The log of the game so far as the person saw it played (the decisions as
    /// `describe_seen` tells them, and every roll): what a loaded save shows of its past.
    pub fn history(&self) -> Vec<String> {
        let mut log = Vec::new();
        // The session's own replay log replays: every step of it was checked when taken.
        let _ = self.replay.replay_visiting(self.game, |v| {
            if let Actor::Player(p) = self.game.actor(v.before) {
                log.push(self.decision_line(p, v.before, v.action));
            }
            self.narrate(v.before, v.action, v.after, &mut log);
        });
        log
    }

    /// A side's decision as the log tells it ("Rangers: …"), for the person's and the bot's
    /// alike.
    fn decision_line(&self, p: PlayerId, s: &G::State, a: G::Action) -> String {
        format!(
            "{}: {}",
            self.game.player_name(p),
            self.game.describe_seen(s, a, self.human)
        )
    }

    fn narrate(&self, before: &G::State, a: G::Action, after: &G::State, log: &mut Vec<String>) {
        if let Some(text) = self.game.narrate_seen(before, a, after, self.human) {
            log.push(format!("  {text}"));
        }
    }

    /// The hint bot's suggestion and, for a search bot, its estimate of the person's chances.
    /// The dice that follow are not changed by asking.
    pub fn hint(&self) -> Option<String> {
        // Only the person's own decision has a hint (a finished game has no decision).
        if !self.person_to_act() {
            return None;
        }
        let preset = preset::load(&self.hint_bot).ok()?;
        if preset.kind != BotKind::Mcts {
            let mut bot =
                preset.build(G::INFO.id, self.game.scenario_id(), self.scripted.clone())?;
            let a = bot.choose(self.game, &self.state, &mut self.dice());
            return Some(format!(
                "Hint: {} (the {} bot's choice)",
                self.game.describe(&self.state, a),
                preset.name
            ));
        }
        let config = preset.mcts_for(G::INFO.id, self.game.scenario_id());
        let paired = config.paired;
        let mut searcher = MctsBot::new("hint", config, self.scripted.clone());
        if paired {
            let a = searcher.choose(self.game, &self.state, &mut self.dice());
            let a_text = self.game.describe(&self.state, a);
            if searcher.last_iterations == 0 {
                let mut legal = Vec::new();
                self.game.legal_actions(&self.state, &mut legal);
                if legal.len() > 1 {
                    return Some(format!(
                        "Hint: {a_text} (the scripted doctrine's move: {} moves are too many for \
                         the {} bot's budget to play each on {} sets of dice)",
                        legal.len(),
                        preset.name,
                        MIN_PAIRED_SEEDS
                    ));
                }
                return Some(format!("Hint: {a_text} (the only move)"));
            }
            return Some(format!(
                "Hint: {} (the {} bot's choice after playing {} games on from here, every \
                 move on the same dice; {})",
                a_text,
                preset.name,
                searcher.last_iterations,
                expected_result(searcher.last_value)
            ));
        }
        let ranked = searcher.analyse(self.game, &self.state, &mut self.dice());
        let (a, visits, value) = ranked.first()?;
        Some(format!(
            "Hint: {} (chosen in {visits} of {} searches; {})",
            self.game.describe(&self.state, *a),
            searcher.last_iterations,
            expected_result(*value)
        ))
    }
}

/// A search's mean reward as a person reads it. The reward is the chance of winning where a
/// game scores only wins and losses, and a graded score where it grades its levels of victory
/// (`Game::outcome_rewards`): so a result out of 100, not a chance.
fn expected_result(reward: f32) -> String {
    format!(
        "expected result {:.0} out of 100, where 100 is your best outcome and 0 your worst",
        100.0 * reward
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossing_the_line::CrossingTheLine;
    use crate::games::rudders_line::{Action as RlAction, RuddersLine};

    fn session<G: Entry>(game: &G, human: PlayerId) -> Session<'_, G> {
        let bot = registry::bot(game, "random", 1 - human);
        let identity = Identity::default();
        let mut s = Session::new(game, human, bot, Some(G::scripted()), 7, &identity);
        s.advance(&mut Vec::new());
        s
    }

    /// Takes the first offer whose text contains `wanted`, else the last offer (a pass),
    /// until `until` holds of the offers; panics after 200 decisions.
    fn play_until<G: Entry>(
        s: &mut Session<'_, G>,
        wanted: &str,
        until: impl Fn(&[Offer<G::Action>]) -> bool,
    ) {
        for _ in 0..200 {
            if until(s.offers()) {
                return;
            }
            let offers = s.offers();
            let pick = offers
                .iter()
                .find(|o| o.text.contains(wanted))
                .or(offers.last())
                .expect("the person has a decision")
                .action;
            s.choose(pick, &mut Vec::new());
            s.advance(&mut Vec::new());
        }
        panic!("never reached the wanted decision");
    }

    /// The joins offered, by number and action (a join's text changes as the group grows:
    /// it says which units it passes over).
    fn joins(offers: &[Offer<RlAction>]) -> Vec<(usize, RlAction)> {
        offers
            .iter()
            .filter(|o| matches!(o.action, RlAction::AddUnit(_)))
            .map(|o| (o.n, o.action))
            .collect()
    }

    /// A save to a named pipe is refused at once (writing would hold the session until
    /// something reads the pipe); a save to a file is sealed and loads back.
    #[cfg(unix)]
    #[test]
    fn a_save_to_a_named_pipe_is_refused_and_a_saved_file_loads_back() {
        let game = RuddersLine::load(None).unwrap();
        let s = session(&game, 0);
        let dir = std::env::temp_dir().join(format!("sandtable-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|m| m.success()), "mkfifo makes the pipe");
        let e = s.save(&fifo).unwrap_err();
        assert!(e.contains("a named pipe"), "{e}");
        let file = dir.join("game.toml");
        s.save(&file).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("seal = "), "{text}");
        let mut again = session(&game, 0);
        again.load(&file).unwrap();
        assert!(again.state == s.state);
        // Saved again over the save it was loaded from: fine; over a data file read: refused.
        again.save(&file).unwrap();
        let data = dir.join("scenario.toml");
        std::fs::write(&data, "x = 1\n").unwrap();
        crate::engine::read::read_text(&data).unwrap();
        let e = again.save(&data).unwrap_err();
        assert!(e.contains("one of this game's data or preset files"), "{e}");
        assert_eq!(std::fs::read_to_string(&data).unwrap(), "x = 1\n");
        // A name with an escape or a tab in it is refused, and nothing is written.
        for name in ["a\u{1b}[2Jb.save", "a\tb.save", "a\u{202E}b.save"] {
            let e = again.save(&dir.join(name)).unwrap_err();
            assert!(e.contains("control or invisible character"), "{e}");
            assert!(!dir.join(name).exists());
        }
        // A Persian name's zero-width non-joiner and an emoji sequence are names people type.
        for name in [
            "\u{628}\u{627}\u{632}\u{6CC}\u{200C}\u{647}\u{627}.save",
            "\u{2694}\u{FE0F}.save",
        ] {
            again.save(&dir.join(name)).unwrap();
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// 10.2: units join the activated area's group one at a time; while the person picks
    /// them, each keeps the number it was shown with, so "1 3 4" means what was seen.
    #[test]
    fn rule_10_2_the_group_s_units_keep_their_numbers_while_they_join() {
        let game = RuddersLine::load(None).unwrap();
        let mut s = session(&game, 0);
        play_until(&mut s, "activate area", |o| joins(o).len() >= 3);
        let before = joins(s.offers());
        assert_eq!(before[0].0, 1, "a new list starts at 1: {before:?}");
        let first = s.offer(before[0].0).unwrap();
        s.choose(first, &mut Vec::new());
        let after = joins(s.offers());
        assert!(!after.is_empty());
        for j in &after {
            assert!(before.contains(j), "{j:?} was not offered as {before:?}");
        }
        // The options that are new (moves, ending the activation) come after the old numbers.
        let last_old = before.last().unwrap().0;
        for o in s.offers() {
            if !before.iter().any(|(n, _)| *n == o.n) {
                assert!(o.n > last_old, "{} numbered {} among the old", o.text, o.n);
            }
        }
        // Undo is a new position: numbered from 1 again, without gaps.
        assert!(s.undo());
        let ns: Vec<usize> = s.offers().iter().map(|o| o.n).collect();
        assert_eq!(ns, (1..=ns.len()).collect::<Vec<_>>());
    }

    /// 10.1: First Blood's end is told in its table's words and without a turn, as the
    /// scenario has none (trial 15b F2: "Game over on turn 1: satisfactory").
    #[test]
    fn rule_10_1_first_bloods_result_line_uses_the_tables_words_and_no_turn() {
        let game = CrossingTheLine::load(None, "first-blood").unwrap();
        let mut s = session(&game, 0);
        for _ in 0..2000 {
            if s.result_line().is_some() {
                break;
            }
            let Some(a) = s.offers().first().map(|o| o.action) else {
                s.advance(&mut Vec::new());
                continue;
            };
            s.choose(a, &mut Vec::new());
            s.advance(&mut Vec::new());
        }
        let line = s.result_line().expect("the game ends");
        assert!(line.starts_with("Game over: "), "{line}");
        let words = ["victory (", "poor performance", "objectives still held"];
        assert!(words.iter().any(|w| line.contains(w)), "{line}");
    }

    /// Undo goes back to the decision with the dice as they were: the same choice again rolls
    /// the same, so a roll cannot be undone until it suits.
    #[test]
    fn undo_does_not_re_roll_the_dice() {
        let game = CrossingTheLine::load(None, "first-blood").unwrap();
        let mut s = session(&game, 0);
        let first_choice = |s: &mut Session<'_, CrossingTheLine>| {
            let mut log = Vec::new();
            let a = s.offer(1).unwrap();
            s.choose(a, &mut log);
            s.advance(&mut log);
            log
        };
        let first = first_choice(&mut s);
        assert!(first.iter().any(|l| l.contains("die")), "{first:?}");
        assert!(s.undo());
        let again = first_choice(&mut s);
        assert_eq!(
            first, again,
            "the same choice after undo rolls the same dice"
        );
    }

    /// A game saved and loaded goes on with the dice (and a random bot's draws) of the game
    /// played straight on: loading cannot change a roll (the Stolberg Corridor, whose chance
    /// steps come between decisions).
    #[test]
    fn a_loaded_save_rolls_what_the_game_played_straight_on_rolls() {
        let game = CrossingTheLine::load(None, "stolberg-corridor").unwrap();
        let decide = |s: &mut Session<'_, CrossingTheLine>, n: usize| {
            let mut log = Vec::new();
            for _ in 0..n {
                let a = s.offer(1).unwrap();
                s.choose(a, &mut log);
                s.advance(&mut log);
            }
            log
        };
        let mut straight = session(&game, 0);
        decide(&mut straight, 3);
        let saved = straight.save_text();
        let after = decide(&mut straight, 6);
        assert!(after.iter().any(|l| l.contains("die")), "{after:?}");
        let mut loaded = session(&game, 0);
        loaded.load_text(&saved).unwrap();
        assert_eq!(decide(&mut loaded, 6), after);
    }

    /// The screens show the person's side's view while the game goes on and everything once
    /// it is over (trial 11b F4: the fog of war stayed after the end).
    #[test]
    fn the_fog_of_war_lifts_at_the_end() {
        let game = CrossingTheLine::load(None, "first-blood").unwrap();
        let mut s = session(&game, 0);
        s.advance(&mut Vec::new());
        assert_eq!(s.viewer(), Some(0));
        for _ in 0..1000 {
            let Some(a) = s.offer(1) else { break };
            s.choose(a, &mut Vec::new());
            s.advance(&mut Vec::new());
        }
        assert_eq!(s.actor(), Actor::Terminal, "the game ends");
        assert_eq!(s.viewer(), None);
    }

    /// A loaded save shows its log so far: the lines the game played straight on wrote, the
    /// rolls with them (trial 10b F13).
    #[test]
    fn a_loaded_save_shows_the_log_of_its_game() {
        let game = CrossingTheLine::load(None, "stolberg-corridor").unwrap();
        let mut straight = session(&game, 0);
        let mut log = Vec::new();
        straight.advance(&mut log);
        for _ in 0..4 {
            let a = straight.offer(1).unwrap();
            straight.choose(a, &mut log);
            straight.advance(&mut log);
        }
        assert!(log.iter().any(|l| l.contains("die")), "{log:?}");
        let mut loaded = session(&game, 0);
        loaded.load_text(&straight.save_text()).unwrap();
        assert_eq!(loaded.history(), log);
    }

    /// Undo after a load goes back through the decisions made before the save, to the same
    /// positions as in the game played straight on.
    #[test]
    fn undo_goes_back_past_a_load() {
        let game = CrossingTheLine::load(None, "stolberg-corridor").unwrap();
        // The first offer, `n` times, with the bot's replies.
        let take_first = |s: &mut Session<'_, CrossingTheLine>, n: usize| {
            for _ in 0..n {
                let a = s.offer(1).unwrap();
                s.choose(a, &mut Vec::new());
                s.advance(&mut Vec::new());
            }
        };
        let mut straight = session(&game, 0);
        take_first(&mut straight, 3);
        let mut loaded = session(&game, 0);
        loaded.load_text(&straight.save_text()).unwrap();
        let texts = |s: &Session<'_, CrossingTheLine>| {
            let offers: Vec<String> = s.offers().iter().map(|o| o.text.clone()).collect();
            (s.save_text(), offers)
        };
        for decision in (0..3).rev() {
            assert!(straight.undo() && loaded.undo(), "decision {decision}");
            assert_eq!(texts(&loaded), texts(&straight), "decision {decision}");
        }
        assert!(!loaded.undo(), "no decision before the first");
        // A save played as the other side: undo goes back through that side's decisions.
        let mut germans = session(&game, 1);
        take_first(&mut germans, 2);
        let mut as_us = session(&game, 0);
        as_us.load_text(&germans.save_text()).unwrap();
        assert_eq!(as_us.human(), 1, "the save's side");
        for decision in (0..2).rev() {
            assert!(germans.undo() && as_us.undo(), "decision {decision}");
            assert_eq!(texts(&as_us), texts(&germans), "decision {decision}");
        }
        assert!(!as_us.undo(), "two decisions of the Germans, no more");
    }

    /// 7.3: the destinations of a move are listed by hex number, each with its MP cost, and
    /// each mover with the AP its Movement Action costs.
    #[test]
    fn rule_7_3_destinations_are_sorted_by_hex_and_show_their_cost() {
        let game = CrossingTheLine::load(None, "stolberg-corridor").unwrap();
        let mut s = session(&game, 0);
        play_until(&mut s, "activate the", |o| {
            o.iter().any(|o| o.text.starts_with("move US"))
        });
        let mover = s
            .offers()
            .iter()
            .find(|o| o.text.starts_with("move US"))
            .unwrap()
            .clone();
        assert!(mover.text.contains(" AP of "), "{}", mover.text);
        s.choose(mover.action, &mut Vec::new());
        let hexes: Vec<u32> = s
            .offers()
            .iter()
            .filter_map(|o| o.text.strip_prefix("to ")?.get(..4)?.parse().ok())
            .collect();
        assert!(hexes.len() > 5, "{:?}", s.offers());
        assert!(hexes.windows(2).all(|w| w[0] <= w[1]), "{hexes:?}");
        assert!(s
            .offers()
            .iter()
            .filter(|o| o.text.starts_with("to "))
            .all(|o| o.text.contains(" MP of ")));
    }

    /// A finished game has no decision, so no hint (the page once suggested a move there,
    /// from a bot asked to choose in a finished game).
    #[test]
    fn a_finished_game_gives_no_hint() {
        let game = RuddersLine::load(None).unwrap();
        let mut s = session(&game, 0);
        s.hint_bot = "scripted".into();
        assert!(s.hint().is_some(), "the person's first decision has a hint");
        while s.actor() != Actor::Terminal {
            let pick = s
                .offers()
                .first()
                .expect("the person has a decision")
                .action;
            s.choose(pick, &mut Vec::new());
            s.advance(&mut Vec::new());
        }
        assert_eq!(s.hint(), None);
    }
}
