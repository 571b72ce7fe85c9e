//! Golden counts: for every game and scenario, fixed-seed random games pinned by a hash of
//! their whole sequence of choices and by perft-like counts (the legal actions summed over
//! the first decisions), and the per-game seed derivation pinned by its first values. An
//! unintended rule change, a change of a list's order or a change in the random stream (a
//! `rand` upgrade) fails here loudly.
//!
//! The pinned figures are in `tests/golden/counts.txt`. After an intended change, rewrite it
//! with `SANDTABLE_UPDATE_GOLDEN=1 cargo test --test golden` and say in the commit why the
//! figures moved (and raise the game's `log_version` if a list changed: old saves must be
//! refused).

use rand::{Rng, RngCore};
use sandtable::bots::Bot;
use sandtable::bots::RandomBot;
use sandtable::engine::game::sample_chance;
use sandtable::engine::{game_rng, game_seed, search_rng, Actor};
use sandtable::registry::{visit, Entry, Visitor, GAMES};
use std::fmt::Write as _;
use std::path::Path;

const GOLDEN: &str = "tests/golden/counts.txt";
/// The fixed games of each scenario.
const SEEDS: u64 = 3;
/// The decisions of each game over which the legal actions are summed.
const PERFT_DECISIONS: usize = 200;

/// FNV-1a, folded one value at a time.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, x: u64) {
        for b in x.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// One line per fixed game: game, scenario, seed, steps, decisions, the legal actions summed
/// over the first decisions, the hash of every choice's index in its list, and the outcome.
fn game_lines<G: Entry>(game: &G, scenario: &str, out: &mut String) {
    let mut legal = Vec::new();
    let mut chance = Vec::new();
    let mut bot = RandomBot::<G::Action>::default();
    for seed in 0..SEEDS {
        let mut rng = game_rng(seed, 0);
        let mut s = game.initial_state();
        let (mut steps, mut decisions, mut perft) = (0u64, 0u64, 0u64);
        let mut hash = Fnv::new();
        loop {
            let (a, index) = match game.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut chance);
                    let a = sample_chance(&chance, &mut rng);
                    (a, chance.iter().position(|&(x, _)| x == a))
                }
                Actor::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    if (decisions as usize) < PERFT_DECISIONS {
                        perft += legal.len() as u64;
                    }
                    decisions += 1;
                    let a = bot.choose(game, &s, &mut rng);
                    (a, legal.iter().position(|&x| x == a))
                }
            };
            hash.add(index.expect("the action is on offer") as u64);
            game.apply(&mut s, a);
            steps += 1;
        }
        let o = game.outcome(&s).expect("a finished game has an outcome");
        let winner = o.winner.map_or("draw", |p| game.player_name(p));
        writeln!(
            out,
            "{} {scenario} seed={seed} steps={steps} decisions={decisions} \
             perft{PERFT_DECISIONS}={perft} hash={:016x} winner={winner} level={:?} turn={}",
            G::INFO.id,
            hash.0,
            o.level,
            o.turn
        )
        .expect("a String takes writes");
    }
}

struct Lines;

impl Visitor for Lines {
    type Output = String;
    fn visit<G: Entry>(self) -> String {
        let mut out = String::new();
        let ids: Vec<Option<&str>> = if G::INFO.scenarios.is_empty() {
            vec![None]
        } else {
            G::INFO.scenarios.iter().map(|&s| Some(s)).collect()
        };
        for id in ids {
            let game = G::load(None, id, false).expect("the embedded data loads");
            game_lines(&game, id.unwrap_or("-"), &mut out);
        }
        out
    }
}

/// The seed derivation: a run seed and a game's index give the game's seed, its dice
/// generator and its search generator.
fn seed_lines() -> String {
    let mut out = String::new();
    for (run, index) in [(0, 0), (1, 0), (1, 1), (42, 7), (u64::MAX, 999_999)] {
        let seed = game_seed(run, index);
        let dice = game_rng(run, index).next_u64();
        let search = search_rng(seed).next_u64();
        let die = game_rng(run, index).random_range(1..=6u8);
        writeln!(
            out,
            "seed run={run} index={index} game_seed={seed:016x} first_u64={dice:016x} \
             first_die={die} search_first_u64={search:016x}"
        )
        .expect("a String takes writes");
    }
    out
}

fn compare(actual: &str, what: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    let pinned = std::fs::read_to_string(&path).unwrap_or_default();
    let pinned: Vec<&str> = pinned.lines().filter(|l| l.starts_with(what)).collect();
    let actual: Vec<&str> = actual.lines().collect();
    let moved: Vec<String> = actual
        .iter()
        .filter(|l| !pinned.contains(l))
        .map(|l| format!("  now: {l}"))
        .collect();
    assert!(
        moved.is_empty() && pinned.len() == actual.len(),
        "golden figures of {what} moved ({} pinned, {} now):\n{}\nIf the change is intended, \
         run SANDTABLE_UPDATE_GOLDEN=1 cargo test --test golden",
        pinned.len(),
        actual.len(),
        moved.join("\n")
    );
}

fn all_lines() -> String {
    let mut out = seed_lines();
    for info in GAMES.iter().filter(|g| g.implemented) {
        out += &visit(info.id, Lines).expect("a registered game");
    }
    out
}

#[test]
fn golden_counts_of_fixed_random_games_and_the_seed_derivation() {
    let actual = all_lines();
    if std::env::var_os("SANDTABLE_UPDATE_GOLDEN").is_some() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
        std::fs::write(&path, &actual).expect("the golden file is written");
        return;
    }
    compare(&seed_lines(), "seed ");
    for info in GAMES.iter().filter(|g| g.implemented) {
        let lines: String = actual
            .lines()
            .filter(|l| l.starts_with(&format!("{} ", info.id)))
            .map(|l| format!("{l}\n"))
            .collect();
        compare(&lines, &format!("{} ", info.id));
    }
}
