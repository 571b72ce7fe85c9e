//! Two of OpenSpiel's games through our [`Game`] trait, for a like-for-like speed comparison
//! of `bots::mcts` with OpenSpiel's C++ `MCTSBot` (`benches/openspiel.sh`). They follow
//! OpenSpiel's rules (read from its `connect_four.cc` and `pig.cc`; no code taken from them),
//! with OpenSpiel's default parameters:
//!
//! * [`ConnectFour`]: 6 rows × 7 columns, four in a row (across, up, either diagonal) wins,
//!   player 0 drops first, a full board without a line is a draw. Actions are column numbers
//!   0..7, listed in ascending order as OpenSpiel lists them.
//! * [`Pig`]: 2 players, first to 100 wins. The player to move rolls or stops; a roll is a
//!   chance node (a d6), a 1 loses the turn total and the turn, 2–6 add to the turn total;
//!   stopping banks the turn total and passes the turn. A player whose score plus turn total
//!   reaches 100 may only stop. The game ends, drawn, once 1000 decisions (rolls and stops,
//!   not die results) have been made without a winner.
//!
//! Rewards map OpenSpiel's returns linearly: a win 1 (OpenSpiel +1), a loss 0 (−1), a draw ½
//! (0).

use rand::Rng;
use sandtable::engine::{Actor, Game, GameRng, Outcome, PlayerId, RecordColumns, Tally};

const PLAYER_NAMES: [&str; 2] = ["Player 1", "Player 2"];

// ---------------------------------------------------------------------------------------------
// Connect Four
// ---------------------------------------------------------------------------------------------

const ROWS: u8 = 6;
const COLS: u8 = 7;
/// Bits per column in a bitboard: the six rows and an always-empty guard bit above them, so
/// that shifted lines never wrap from one column into the next.
const STRIDE: u8 = ROWS + 1;
const CELLS: u8 = ROWS * COLS;
const NO_WINNER: u8 = 2;

/// Connect Four: the ruleset has no data.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConnectFour;

/// A Connect Four position: one bitboard per player (bit `column * 7 + row`, row 0 at the
/// bottom), each column's height, the discs dropped and the winner if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourState {
    discs: [u64; 2],
    heights: [u8; COLS as usize],
    moves: u8,
    winner: u8,
}

impl FourState {
    fn mover(&self) -> usize {
        usize::from(self.moves & 1)
    }
}

/// Whether a bitboard holds four in a row.
fn has_four(b: u64) -> bool {
    // Up, across, and the two diagonals.
    [1u8, STRIDE, STRIDE - 1, STRIDE + 1].iter().any(|&d| {
        let pairs = b & (b >> d);
        pairs & (pairs >> (2 * d)) != 0
    })
}

impl Game for ConnectFour {
    type State = FourState;
    /// The column a disc is dropped into, 0..7.
    type Action = u8;

    fn id(&self) -> &'static str {
        "connect_four"
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, p: PlayerId) -> &'static str {
        PLAYER_NAMES[p]
    }

    fn initial_state(&self) -> FourState {
        FourState {
            discs: [0; 2],
            heights: [0; COLS as usize],
            moves: 0,
            winner: NO_WINNER,
        }
    }

    fn actor(&self, s: &FourState) -> Actor {
        if s.winner != NO_WINNER || s.moves == CELLS {
            Actor::Terminal
        } else {
            Actor::Player(s.mover())
        }
    }

    fn legal_actions(&self, s: &FourState, out: &mut Vec<u8>) {
        out.clear();
        if self.actor(s) == Actor::Terminal {
            return;
        }
        out.extend((0..COLS).filter(|&c| s.heights[usize::from(c)] < ROWS));
    }

    fn chance_outcomes(&self, _s: &FourState, out: &mut Vec<(u8, u32)>) {
        out.clear();
    }

    /// The `k`-th open column for `k = random_range(0..open)`, without building the list.
    fn random_action(&self, s: &FourState, _buf: &mut Vec<u8>, rng: &mut GameRng) -> u8 {
        let open = s.heights.iter().filter(|&&h| h < ROWS).count();
        let mut k = rng.random_range(0..open);
        for c in 0..COLS {
            if s.heights[usize::from(c)] < ROWS {
                if k == 0 {
                    return c;
                }
                k -= 1;
            }
        }
        unreachable!("k < open columns")
    }

    fn apply(&self, s: &mut FourState, column: u8) {
        let c = usize::from(column);
        debug_assert!(s.heights[c] < ROWS, "column {column} is full");
        let p = s.mover();
        s.discs[p] |= 1u64 << (column * STRIDE + s.heights[c]);
        s.heights[c] += 1;
        s.moves += 1;
        // Only the player who just moved can have made a line.
        if has_four(s.discs[p]) {
            s.winner = p as u8;
        }
    }

    fn outcome(&self, s: &FourState) -> Option<Outcome> {
        let (winner, level) = match s.winner {
            NO_WINNER if s.moves == CELLS => (None, "draw"),
            NO_WINNER => return None,
            w => (Some(usize::from(w)), "four in a row"),
        };
        Some(Outcome {
            winner,
            level,
            turn: u32::from(s.moves),
        })
    }

    fn tally(&self, _s: &FourState, _p: PlayerId) -> Tally {
        Tally::default()
    }

    fn turn(&self, s: &FourState) -> u32 {
        u32::from(s.moves) + 1
    }

    fn record_columns(&self) -> RecordColumns {
        RecordColumns {
            turn: true,
            initiative: None,
        }
    }

    fn describe(&self, s: &FourState, column: u8) -> String {
        format!(
            "{} drops a disc in column {}",
            PLAYER_NAMES[s.mover()],
            column + 1
        )
    }

    fn render(&self, s: &FourState) -> String {
        let mut out = String::new();
        for row in (0..ROWS).rev() {
            for col in 0..COLS {
                let bit = 1u64 << (col * STRIDE + row);
                out.push(if s.discs[0] & bit != 0 {
                    'x'
                } else if s.discs[1] & bit != 0 {
                    'o'
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Pig
// ---------------------------------------------------------------------------------------------

const WIN_SCORE: u16 = 100;
const HORIZON: u16 = 1000;

/// Pig with OpenSpiel's defaults (2 players, 100 to win, a d6, 1000 decisions at most).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pig;

/// A decision or a die result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigAction {
    Roll,
    Stop,
    /// The die came up 1..=6.
    Face(u8),
}

/// A Pig position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PigState {
    scores: [u16; 2],
    turn_total: u16,
    /// Decisions made so far (rolls and stops; die results do not count).
    decisions: u16,
    /// Whose turn it is.
    player: u8,
    /// The player chose to roll: the die is pending.
    rolling: bool,
}

impl PigState {
    fn over(&self) -> bool {
        self.decisions >= HORIZON || self.scores.iter().any(|&x| x >= WIN_SCORE)
    }

    fn pass_turn(&mut self) {
        self.turn_total = 0;
        self.player = 1 - self.player;
    }
}

impl Game for Pig {
    type State = PigState;
    type Action = PigAction;

    fn id(&self) -> &'static str {
        "pig"
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, p: PlayerId) -> &'static str {
        PLAYER_NAMES[p]
    }

    fn initial_state(&self) -> PigState {
        PigState {
            scores: [0; 2],
            turn_total: 0,
            decisions: 0,
            player: 0,
            rolling: false,
        }
    }

    fn actor(&self, s: &PigState) -> Actor {
        if s.over() {
            Actor::Terminal
        } else if s.rolling {
            Actor::Chance
        } else {
            Actor::Player(usize::from(s.player))
        }
    }

    fn legal_actions(&self, s: &PigState, out: &mut Vec<PigAction>) {
        out.clear();
        if self.actor(s) != Actor::Player(usize::from(s.player)) {
            return;
        }
        if s.scores[usize::from(s.player)] + s.turn_total < WIN_SCORE {
            out.push(PigAction::Roll);
        }
        out.push(PigAction::Stop);
    }

    fn chance_outcomes(&self, s: &PigState, out: &mut Vec<(PigAction, u32)>) {
        out.clear();
        if self.actor(s) == Actor::Chance {
            out.extend((1..=6).map(|f| (PigAction::Face(f), 1)));
        }
    }

    /// One random number for the die, no list.
    fn draw_chance(
        &self,
        _s: &PigState,
        _buf: &mut Vec<(PigAction, u32)>,
        rng: &mut GameRng,
    ) -> PigAction {
        PigAction::Face(rng.random_range(1..=6))
    }

    /// Index `random_range(0..n)` of the `n` listed decisions (roll, stop), without the list.
    fn random_action(
        &self,
        s: &PigState,
        _buf: &mut Vec<PigAction>,
        rng: &mut GameRng,
    ) -> PigAction {
        let can_roll = s.scores[usize::from(s.player)] + s.turn_total < WIN_SCORE;
        match rng.random_range(0..1 + usize::from(can_roll)) {
            0 if can_roll => PigAction::Roll,
            _ => PigAction::Stop,
        }
    }

    fn apply(&self, s: &mut PigState, a: PigAction) {
        match a {
            PigAction::Roll => {
                s.rolling = true;
                s.decisions += 1;
            }
            PigAction::Stop => {
                s.scores[usize::from(s.player)] += s.turn_total;
                s.pass_turn();
                s.decisions += 1;
            }
            PigAction::Face(1) => {
                s.rolling = false;
                s.pass_turn();
            }
            PigAction::Face(f) => {
                s.rolling = false;
                s.turn_total += u16::from(f);
            }
        }
    }

    fn outcome(&self, s: &PigState) -> Option<Outcome> {
        if !s.over() {
            return None;
        }
        let winner = (0..2).find(|&p| s.scores[p] >= WIN_SCORE);
        Some(Outcome {
            winner,
            level: if winner.is_some() {
                "100 points"
            } else {
                "horizon"
            },
            turn: u32::from(s.decisions),
        })
    }

    fn tally(&self, _s: &PigState, _p: PlayerId) -> Tally {
        Tally::default()
    }

    fn turn(&self, s: &PigState) -> u32 {
        u32::from(s.decisions) + 1
    }

    fn record_columns(&self) -> RecordColumns {
        RecordColumns {
            turn: true,
            initiative: None,
        }
    }

    fn describe(&self, s: &PigState, a: PigAction) -> String {
        let who = PLAYER_NAMES[usize::from(s.player)];
        match a {
            PigAction::Roll => format!("{who} rolls"),
            PigAction::Stop => format!("{who} stops"),
            PigAction::Face(f) => format!("{who} rolls a {f}"),
        }
    }

    fn render(&self, s: &PigState) -> String {
        format!(
            "Scores: {} {}, turn total: {}, {} to {}\n",
            s.scores[0],
            s.scores[1],
            s.turn_total,
            PLAYER_NAMES[usize::from(s.player)],
            if s.rolling { "roll" } else { "move" }
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Rule checks (benches run no `#[test]`s: the timing mode calls this before it times)
// ---------------------------------------------------------------------------------------------

/// Panics unless a few facts of both games' rules hold.
pub fn check_rules() {
    let four = ConnectFour;
    let play = |moves: &[u8]| {
        let mut s = four.initial_state();
        for &m in moves {
            assert_ne!(four.actor(&s), Actor::Terminal, "{moves:?}");
            four.apply(&mut s, m);
        }
        s
    };
    let mut buf = Vec::new();
    let s = four.initial_state();
    assert_eq!(four.actor(&s), Actor::Player(0));
    four.legal_actions(&s, &mut buf);
    assert_eq!(buf, (0..7).collect::<Vec<u8>>());
    // Up, across, both diagonals: player 0 (moving first) wins with the 7th move.
    let wins: [&[u8]; 4] = [
        &[0, 1, 0, 1, 0, 1, 0],
        &[0, 0, 1, 1, 2, 2, 3],
        &[0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3],
        &[6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3],
    ];
    for moves in wins {
        let s = play(moves);
        let o = four.outcome(&s).expect("a line ends the game");
        assert_eq!(o.winner, Some(0), "{moves:?}\n{}", four.render(&s));
        assert_eq!(four.actor(&s), Actor::Terminal);
    }
    // Three in a row is no win, nor are discs that only line up across the guard bit between
    // two columns (the top three of column 0 and the bottom of column 1).
    assert_eq!(four.outcome(&play(&[4, 0, 5, 0, 6, 1])), None);
    assert_eq!(
        four.outcome(&play(&[1, 0, 2, 0, 2, 0, 0, 3, 0, 3, 0])),
        None
    );
    // A full board without a line (a random game OpenSpiel scores as a draw).
    let drawn = [
        0, 1, 5, 5, 0, 2, 3, 2, 0, 3, 4, 5, 3, 6, 4, 3, 5, 6, 2, 2, 2, 2, 3, 0, 4, 1, 6, 1, 0, 4,
        5, 0, 1, 1, 1, 4, 4, 3, 5, 6, 6, 6,
    ];
    let s = play(&drawn);
    assert_eq!(s.moves, 42);
    let o = four.outcome(&s).expect("a full board ends the game");
    assert_eq!(o.winner, None, "\n{}", four.render(&s));
    assert_eq!(
        four.render(&s),
        "oxooxxo\nxoxxoxx\noxoooxo\nxoxxxox\nxoooxoo\nxooxxxo\n"
    );
    // Column 6 full: no longer listed.
    let s = play(&[6, 6, 6, 6, 6, 6]);
    four.legal_actions(&s, &mut buf);
    assert_eq!(buf, (0..6).collect::<Vec<u8>>());

    let pig = Pig;
    let mut buf = Vec::new();
    let mut s = pig.initial_state();
    assert_eq!(pig.actor(&s), Actor::Player(0));
    pig.legal_actions(&s, &mut buf);
    assert_eq!(buf, [PigAction::Roll, PigAction::Stop]);
    pig.apply(&mut s, PigAction::Roll);
    assert_eq!(pig.actor(&s), Actor::Chance);
    let mut outcomes = Vec::new();
    pig.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 6);
    pig.apply(&mut s, PigAction::Face(5));
    assert_eq!((s.turn_total, pig.actor(&s)), (5, Actor::Player(0)));
    pig.apply(&mut s, PigAction::Roll);
    pig.apply(&mut s, PigAction::Face(1));
    assert_eq!(
        (s.turn_total, s.scores, pig.actor(&s)),
        (0, [0, 0], Actor::Player(1))
    );
    pig.apply(&mut s, PigAction::Roll);
    pig.apply(&mut s, PigAction::Face(6));
    pig.apply(&mut s, PigAction::Stop);
    assert_eq!((s.scores, pig.actor(&s)), ([0, 6], Actor::Player(0)));
    assert_eq!(s.decisions, 4);
    // Within reach of 100: only stopping is legal, and it wins.
    let mut near = PigState {
        scores: [96, 50],
        turn_total: 4,
        ..pig.initial_state()
    };
    pig.legal_actions(&near, &mut buf);
    assert_eq!(buf, [PigAction::Stop]);
    pig.apply(&mut near, PigAction::Stop);
    assert_eq!(pig.outcome(&near).map(|o| o.winner), Some(Some(0)));
    // The horizon: 1000 decisions without a winner is a draw, even with a roll pending.
    let mut long = pig.initial_state();
    for _ in 0..HORIZON {
        pig.apply(&mut long, PigAction::Stop);
    }
    assert_eq!(pig.outcome(&long).map(|o| o.winner), Some(None));
    let mut pending = PigState {
        decisions: HORIZON - 1,
        ..pig.initial_state()
    };
    pig.apply(&mut pending, PigAction::Roll);
    assert_eq!(pig.actor(&pending), Actor::Terminal);
}
