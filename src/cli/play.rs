//! `sandtable play <game> --side S --bot B`: a person plays against a bot in the terminal, or,
//! in a solitaire game (Aachen), against the rules, with `--bot` giving the hints.
//! The screen shows the situation and the numbered legal actions; every die roll is
//! explained as it happens. Commands: a number, `undo`, `save FILE`, `load FILE`, `hint`,
//! `board` (`board --full`), `map` (`map PLACE`), `victory`, `key`, `help`, `quit`. With `--web` the
//! same session is played on a page instead (`crate::web`).

use super::prompt::{Plain, Prompt, Typed};
use super::CliError;
use crate::bots::preset;
use crate::engine::{Actor, PlayerId};
use crate::registry::{self, Entry, Visitor};
use crate::session::{Auto, Identity, Offer, Session};
use crate::sim::progress::thinking;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Game id (see `sandtable games`).
    pub game: String,
    /// The side you play (Rudder's Line: rangers or germans; Aachen: americans or us;
    /// Crossing the Line: us or germans, and in first-blood us; Cross of Iron: germans or
    /// russians).
    #[arg(long)]
    pub side: String,
    /// Scenario name (default: the game's only scenario). Crossing the Line has four and
    /// needs it: first-blood (solitaire), stolberg-corridor, across-the-wurm or campaign
    /// (with --load, the save's own scenario unless you name one).
    #[arg(long)]
    pub scenario: Option<String>,
    /// The bot you play against: a preset name (easy, medium, hard, scripted, mcts-fast, …)
    /// or a preset file. In a solitaire game (Aachen) the rules play the other side and this
    /// bot only gives the hints.
    #[arg(long, default_value = "mcts-fast")]
    pub bot: String,
    /// Seed of the dice and the bot.
    #[arg(long, default_value_t = 1, value_parser = super::common::seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// Continue a game saved with `save FILE`.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Game data instead of the embedded default (see `balance --help`).
    #[arg(long, value_name = "PATH")]
    pub data: Option<PathBuf>,
    /// Let the bot see everything, hidden information included (Crossing the Line, 5.3.4);
    /// on the screen and the page, you see everything too.
    #[arg(long)]
    pub open: bool,
    /// Play on a page in the browser instead of the terminal: serves it on --bind:--port
    /// and prints the address.
    #[arg(long)]
    pub web: bool,
    /// The page's port (0: any free port; 8080 unless given). Only with --web.
    #[arg(long, value_parser = super::common::port, allow_hyphen_values = true)]
    pub port: Option<u16>,
    /// The address the page is served on: loopback (127.0.0.1) unless you say otherwise.
    /// Only with --web.
    #[arg(long, value_parser = super::common::ip_address)]
    pub bind: Option<std::net::IpAddr>,
}

pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    // A page's address without the page: the person forgot --web.
    if !args.web && (args.port.is_some() || args.bind.is_some()) {
        let flag = if args.port.is_some() {
            "--port"
        } else {
            "--bind"
        };
        return Err(CliError::Usage(format!(
            "{flag} is the page's address: give --web too (or use `serve`)"
        )));
    }
    registry::visit(&args.game, Play(args))?
}

/// `play` for any game of the registry.
struct Play<'a>(&'a PlayArgs);

impl Visitor for Play<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Entry>(self) -> Self::Output {
        let args = self.0;
        let (game, saved) = super::common::game_for_save::<G>(
            args.data.as_deref(),
            args.scenario.as_deref(),
            args.load.as_deref(),
            args.open,
        )?;
        // The game lives as long as the process: the page's server holds it from any thread.
        let game: &'static G = Box::leak(Box::new(game));
        let mut session = new_session(game, &args.side, &args.bot, args.seed)?;
        if let (Some(path), Some(saved)) = (&args.load, &saved) {
            let loaded = session.load_replay(saved);
            let note = loaded.map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
            if let Some(note) = note {
                crate::stderr_line!("{note}");
            }
            if !args.web {
                print_history(&session, &mut std::io::stdout().lock());
            }
        }
        if args.web {
            let loopback = std::net::IpAddr::from([127, 0, 0, 1]);
            let addr =
                std::net::SocketAddr::new(args.bind.unwrap_or(loopback), args.port.unwrap_or(8080));
            return crate::web::serve(session, addr, args.open, args.load.as_deref());
        }
        crate::sim::interrupt::install_for_play();
        let mut out = Watched {
            inner: std::io::stdout().lock(),
            failed: None,
        };
        match super::prompt::Editor::for_terminal() {
            Some(mut editor) => play(&mut session, &mut editor, &mut out),
            None => play(&mut session, &mut Plain(std::io::stdin().lock()), &mut out),
        }
        match out.failed {
            Some(message) => Err(CliError::Output {
                path: "stdout".into(),
                message,
            }),
            None => Ok(()),
        }
    }
}

/// The screen's output, remembering its first failed write: a game whose screens nobody
/// can see (stdout full or closed) stops at the next prompt instead of playing on blind.
struct Watched<W: Write> {
    inner: W,
    failed: Option<String>,
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(buf);
        if let Err(e) = &written {
            self.failed.get_or_insert_with(|| e.to_string());
        }
        written
    }

    /// Fails once any write has: the play loop flushes before each prompt.
    fn flush(&mut self) -> std::io::Result<()> {
        if let Err(e) = self.inner.flush() {
            self.failed.get_or_insert_with(|| e.to_string());
        }
        match &self.failed {
            Some(message) => Err(std::io::Error::other(message.clone())),
            None => Ok(()),
        }
    }
}

/// A loaded save's log so far, as the person would have seen it played.
fn print_history<G: Entry>(session: &Session<'_, G>, out: &mut impl Write) {
    let mut lines = vec!["The saved game's log so far:".to_string()];
    lines.extend(session.history());
    print_lines(out, &mut lines);
}

/// A session of `game` for the person playing `side` against bot `bot` (in a solitaire
/// game, the bot only answers `hint`).
pub fn new_session<'g, G: Entry>(
    game: &'g G,
    side: &str,
    bot: &str,
    seed: u64,
) -> Result<Session<'g, G>, CliError> {
    let human = side_of(game, side)?;
    if human >= game.acting_players() {
        let (label, what) = match game.scenario_id() {
            Some(id) => (format!("{} {id}", G::INFO.id), "scenario"),
            None => (G::INFO.id.to_string(), "game"),
        };
        let acting: Vec<String> = (0..game.acting_players())
            .map(|p| {
                let side = game.player_name(p).to_lowercase();
                match G::side_aliases().iter().find(|&&(_, s)| s == side) {
                    Some((alias, _)) => format!("{side} (or {alias})"),
                    None => side,
                }
            })
            .collect();
        return Err(CliError::Usage(format!(
            "in {label} the rules play the {} (a solitaire {what}): play --side {}",
            game.player_name(human),
            acting.join(" or ")
        )));
    }
    preset::load(bot)?;
    let opponent = registry::bot(game, bot, 1 - human)
        .ok_or_else(|| CliError::Usage(format!("bot '{bot}' cannot play {}", G::INFO.id)))?;
    // Solitaire: no opponent; the bot only answers `hint`.
    let opponent = (game.acting_players() > 1).then_some(opponent);
    let identity = Identity {
        scenario: game.scenario_id().map(str::to_string),
        data: game.data_identity(),
    };
    let mut session = Session::new(game, human, opponent, Some(G::scripted()), seed, &identity);
    session.hint_bot = bot.to_string();
    Ok(session)
}

/// The side called `name` (or one of the game's aliases for it).
pub fn side_of<G: Entry>(game: &G, name: &str) -> Result<PlayerId, CliError> {
    let lower = name.to_lowercase();
    let name = G::side_aliases()
        .iter()
        .find(|&&(alias, _)| alias == lower)
        .map_or(name, |&(_, side)| side);
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

const HELP: &str = "Type the number of an action, or several to take them one after another \
(1 3 4, or 2-6: while you pick from one list, its numbers stay as shown), or: undo (back to your last decision), \
save FILE, load FILE, hint (the bot's suggestion), board (the situation; board --full: every \
unit), map (every area or hex with its neighbours; map PLACE: one), victory (the victory conditions and \
who stands where), key (what the numbers and marks on the screen mean), help, quit.";

fn print_lines(out: &mut impl Write, log: &mut Vec<String>) {
    for line in log.drain(..) {
        let _ = writeln!(out, "{line}");
    }
}

/// Plays in the terminal until the game ends, the person quits, or the input ends.
pub fn play<G: Entry>(session: &mut Session<'_, G>, input: &mut dyn Prompt, out: &mut impl Write) {
    let mut log = Vec::new();
    let mut shown = false;
    let mut greeted = false;
    loop {
        let spinner = match session.actor() {
            Actor::Player(p) if p != session.human() => Some(thinking(format!(
                "the {} are thinking",
                session.game().player_name(p)
            ))),
            _ => None,
        };
        let auto = session.auto_step(&mut log);
        if let Some(bar) = spinner {
            bar.finish_and_clear();
        }
        if let Some(auto) = auto {
            print_lines(out, &mut log);
            if auto == Auto::Bot {
                shown = false;
            }
            continue;
        }
        if session.actor() == Actor::Terminal {
            let _ = writeln!(out, "{}", session.result_line().unwrap_or_default());
            for line in session.game().standing(session.state(), None) {
                let _ = writeln!(out, "  {line}");
            }
            return;
        }
        let game = session.game();
        if !shown {
            let _ = write!(
                out,
                "\n{}",
                game.render_seen(session.state(), viewer(session))
            );
            if !greeted {
                let _ = writeln!(out, "(help: what you may type; key: what the numbers mean)");
                greeted = true;
            }
            shown = true;
        }
        print_offers(session.offers(), out);
        if out.flush().is_err() {
            return; // nobody sees the screen: the caller says why
        }
        let prompt = format!("{}> ", game.player_name(session.human()));
        let line = match input.line(&prompt, out) {
            Typed::Line(line) => line,
            // A game in progress is not thrown away by a stray Ctrl-C.
            Typed::Interrupted => {
                let _ = writeln!(
                    out,
                    "(Ctrl-C: the game goes on; `save FILE` keeps it, `quit` or Ctrl-D leaves)"
                );
                continue;
            }
            Typed::End => {
                let _ = writeln!(out, "\n(end of input: quitting)");
                return;
            }
        };
        if !command(session, line.trim(), out) {
            return;
        }
    }
}

/// The numbered options, one a line; a long list of short ones (a hex map's destinations) in
/// columns, read down, so that it fits on one screen.
fn print_offers<A>(offers: &[Offer<A>], out: &mut impl Write) {
    const WIDTH: usize = 100;
    // Numbers kept from the list before leave gaps (`Session::renumber`): said, so that a
    // missing number does not look like a hidden option (trial 20b F4).
    if offers.iter().enumerate().any(|(i, o)| o.n != i + 1) {
        let _ = writeln!(
            out,
            "  (numbers kept from the list before; a number missing is an option no longer open)"
        );
    }
    let widest = offers
        .iter()
        .map(|o| o.text.chars().count())
        .max()
        .unwrap_or(0)
        + 7;
    let columns = (WIDTH / widest).max(1);
    if offers.len() <= 24 || columns == 1 {
        for o in offers {
            let _ = writeln!(out, "  {:>3}. {}", o.n, o.text);
        }
        return;
    }
    let rows = offers.len().div_ceil(columns);
    for r in 0..rows {
        let line: String = (0..columns)
            .filter_map(|c| offers.get(c * rows + r))
            .map(|o| format!("  {:>3}. {:<w$}", o.n, o.text, w = widest - 7))
            .collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// Handles one line typed at the prompt; false to quit.
fn command<G: Entry>(session: &mut Session<'_, G>, line: &str, out: &mut impl Write) -> bool {
    let game = session.game();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let say = |out: &mut dyn Write, text: &str| {
        let _ = writeln!(out, "{text}");
    };
    if let Some(numbers) = numbers(line) {
        choose_numbers(session, &numbers, out);
        return true;
    }
    // What the person typed, as it may be printed back: no control characters, not a page.
    let typed = echo(line);
    if line.is_empty() {
        say(out, &format!("Type {}, or help.", session.numbers_text()));
        return true;
    }
    // A command without arguments takes none: "quit now" or "undo 5" is not quit or undo.
    const BARE: [&str; 10] = [
        "quit", "exit", "help", "?", "key", "victory", "rules", "undo", "hint", "board",
    ];
    let known_rest =
        rest.trim().is_empty() || (word == "board" && matches!(rest.trim(), "--full" | "full"));
    if BARE.contains(&word) && !known_rest {
        let usage = if word == "board" {
            "board or board --full"
        } else {
            word
        };
        say(
            out,
            &format!("'{typed}': {word} takes nothing after it; type {usage}."),
        );
        return true;
    }
    match (word, rest.trim()) {
        ("quit" | "exit", _) => return false,
        ("help" | "?", _) => say(out, HELP),
        ("key", _) => match game.key() {
            [] => say(out, "The screen shows every value in words."),
            key => key.iter().for_each(|line| say(out, line)),
        },
        ("victory" | "rules", _) => {
            for line in game.standing(session.state(), viewer(session)) {
                say(out, &line);
            }
        }
        ("board", "--full" | "full") => {
            let _ = write!(
                out,
                "{}",
                game.render_full(session.state(), viewer(session))
            );
        }
        ("board", _) => {
            let _ = write!(
                out,
                "{}",
                game.render_seen(session.state(), viewer(session))
            );
        }
        ("map", place) => say(
            out,
            &map_text(game, session.state(), viewer(session), place),
        ),
        ("undo", _) => match session.undo() {
            true => say(out, "Back to your previous decision."),
            false => say(out, "Nothing to undo."),
        },
        // An empty name, or a pair of quotes around nothing (trial 22b F5: `save ''` wrote ''):
        ("save" | "load", file) if unquoted(file).is_empty() => {
            say(out, &format!("{word} needs a file name: {word} FILE"))
        }
        ("save", file) => match session.save(std::path::Path::new(unquoted(file))) {
            Ok(()) => say(out, &format!("Saved to {}.", echo(unquoted(file)))),
            Err(e) => say(out, &e),
        },
        ("load", file) => match session.load(std::path::Path::new(unquoted(file))) {
            Ok(note) => {
                print_history(session, out);
                if let Some(note) = note {
                    say(out, &note);
                }
                say(out, &format!("Loaded {}.", echo(unquoted(file))));
                let _ = write!(
                    out,
                    "{}",
                    game.render_seen(session.state(), viewer(session))
                );
            }
            Err(e) => say(out, &e),
        },
        ("hint", _) => {
            let spinner = thinking(format!("the {} bot is thinking", session.hint_bot));
            let hint = session.hint();
            spinner.finish_and_clear();
            if let Some(hint) = hint {
                say(out, &hint);
            }
        }
        _ if line
            .chars()
            .all(|c| c.is_ascii_digit() || " ,-".contains(c)) =>
        {
            say(
                out,
                &format!(
                    "'{typed}' is not a list of actions: type {}, several (1 3 4) or a range \
                 running upwards, its ends at most {MOST_RANGE} apart (2-6).",
                    session.numbers_text()
                ),
            )
        }
        _ => say(out, &format!("Unknown input '{typed}'. {HELP}")),
    }
    true
}

/// A file name typed as a shell would take it: one pair of enclosing quotes is not part of
/// the name (`save "my game.json"`; trial 19a F8).
fn unquoted(file: &str) -> &str {
    ['"', '\'']
        .iter()
        .find_map(|&q| file.strip_prefix(q)?.strip_suffix(q))
        .unwrap_or(file)
}

/// A line typed, as it is printed back: control and invisible characters as `U+XXXX` (an
/// escape sequence typed or pasted is not replayed on the terminal), at most 60 characters.
fn echo(typed: &str) -> String {
    let shown = crate::engine::data::shown(typed);
    match shown.chars().count() > 60 {
        true => format!(
            "{}… ({} characters)",
            shown.chars().take(40).collect::<String>(),
            typed.chars().count()
        ),
        false => shown,
    }
}

/// How far apart a typed range's ends may be (`1-9999` is not expanded into 9,999 numbers).
const MOST_RANGE: usize = 100;

/// The numbers typed: one (`3`), several (`1 3 4`, `1,3,4`) or a range (`2-6`); `None` when
/// the line is not numbers. A range runs upwards only.
fn numbers(line: &str) -> Option<Vec<usize>> {
    let mut all = Vec::new();
    for word in line.split(|c: char| c == ',' || c.is_whitespace()) {
        if word.is_empty() {
            continue;
        }
        match word.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
                if b < a || b - a > MOST_RANGE {
                    return None;
                }
                all.extend(a..=b);
            }
            None => all.push(word.parse().ok()?),
        }
    }
    (!all.is_empty()).then_some(all)
}

/// Takes the options numbered `numbers`, one after another, while they stay the person's
/// decisions: the numbers of a sub-choice stay as shown (see `Session::renumber`).
fn choose_numbers<G: Entry>(session: &mut Session<'_, G>, numbers: &[usize], out: &mut impl Write) {
    // Every number must be on the list before any is taken: "1 99" does nothing.
    if numbers.len() > 1 && !session.offers().is_empty() {
        if let Some(&n) = numbers.iter().find(|&&n| session.offer(n).is_none()) {
            let _ = writeln!(
                out,
                "There is no action {n} now: type {}. Nothing was done.",
                session.numbers_text()
            );
            return;
        }
    }
    for (i, &n) in numbers.iter().enumerate() {
        if i > 0 && !session.numbering_continues() {
            let _ = writeln!(
                out,
                "Stopped after {i} of {}: that choice led to a new list; choose from it.",
                numbers.len()
            );
            return;
        }
        let Some(a) = session.offer(n) else {
            let why = if session.offers().is_empty() {
                "it is no longer your decision".to_string()
            } else {
                format!(
                    "there is no action {n} now: type {}",
                    session.numbers_text()
                )
            };
            let rest = if i == 0 {
                String::new()
            } else {
                format!(" (stopped after {i} of {})", numbers.len())
            };
            let _ = writeln!(out, "{}{rest}.", capitalise(&why));
            return;
        };
        let mut log = Vec::new();
        session.choose(a, &mut log);
        print_lines(out, &mut log);
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// Whom the screen shows the position to: the person's side. The game shows them everything
/// when it was loaded `--open` (hidden information, Crossing the Line 5.3.4).
fn viewer<G: Entry>(session: &Session<'_, G>) -> Option<PlayerId> {
    session.viewer()
}

/// `map`: every area with its terrain and neighbours, or one area or hex (`map 2107`) — read
/// off the same board the page draws.
fn map_text<G: Entry>(game: &G, s: &G::State, viewer: Option<PlayerId>, wanted: &str) -> String {
    let board = game.board(s, viewer);
    let neighbours = crate::board::neighbours(&board);
    let line = |i: usize| {
        let p = &board.places[i];
        let next: Vec<&str> = neighbours[i]
            .iter()
            .map(|&j| board.places[j].id.as_str())
            .collect();
        format!("{} — next to {}", p.tooltip, next.join(", "))
    };
    if wanted.is_empty() {
        if board.places.len() > 100 {
            return format!(
                "{} hexes: type map HEX (e.g. map {}) for one hex and its neighbours.",
                board.places.len(),
                board.places[board.places.len() / 2].id
            );
        }
        return (0..board.places.len())
            .map(line)
            .collect::<Vec<_>>()
            .join("\n");
    }
    match board
        .places
        .iter()
        .position(|p| p.id.eq_ignore_ascii_case(wanted))
    {
        Some(i) => line(i),
        None => format!("There is no area or hex '{}' on the map.", echo(wanted)),
    }
}
