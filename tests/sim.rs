//! The simulator on a toy game: determinism across thread counts, replays, statistics and CSV.
//!
//! The toy game is a dice race: on their turn a player chooses to roll one or two dice (a
//! decision), the dice are rolled (a chance node with exact 2d6 weights) and the player moves
//! that far. The first to reach 20 wins; after 4 turns the game is a draw. Rolling nothing but
//! ones counts as a "loss" and each turn ending in the lead as an "initiative turn", so every
//! record field is exercised.

use rand::SeedableRng;
use sandtable::bots::{Bot, RandomBot};
use sandtable::engine::dice::sum_of;
use sandtable::engine::replay::ReplayError;
use sandtable::engine::{game_seed, Actor, Game, GameRng, Outcome, PlayerId, Replay, Tally};
use sandtable::sim::shard::Shard;
use sandtable::sim::{
    play_game, play_to_end, records, report, run_folded, run_games, wilson, GameRecord, Moments,
    Plan, SimError, Stop, Summary, Totals, BATCH, MAX_STEPS, Z95,
};

const TARGET: u8 = 20;
const TURNS: u32 = 4;

struct Race;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RaceState {
    pos: [u8; 2],
    to_move: usize,
    /// Dice chosen and not yet rolled (0: the player must choose).
    dice: u8,
    turn: u32,
    ones: [u32; 2],
    lead_turns: [u32; 2],
    winner: Option<usize>,
    over: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Act {
    Dice(u8),
    Total(u8),
}

impl Game for Race {
    type State = RaceState;
    type Action = Act;
    fn id(&self) -> &'static str {
        "race"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn player_name(&self, p: PlayerId) -> &'static str {
        ["Red", "Blue"][p]
    }
    fn initial_state(&self) -> RaceState {
        RaceState {
            turn: 1,
            ..RaceState::default()
        }
    }
    fn actor(&self, s: &RaceState) -> Actor {
        if s.over {
            Actor::Terminal
        } else if s.dice > 0 {
            Actor::Chance
        } else {
            Actor::Player(s.to_move)
        }
    }
    fn legal_actions(&self, _s: &RaceState, out: &mut Vec<Act>) {
        out.clear();
        out.extend([Act::Dice(1), Act::Dice(2)]);
    }
    fn chance_outcomes(&self, s: &RaceState, out: &mut Vec<(Act, u32)>) {
        out.clear();
        out.extend(sum_of(s.dice, 6).map(|(t, w)| (Act::Total(t), w)));
    }
    fn apply(&self, s: &mut RaceState, a: Act) {
        match a {
            Act::Dice(n) => s.dice = n,
            Act::Total(t) => {
                let p = s.to_move;
                if t == s.dice {
                    s.ones[p] += 1;
                }
                s.dice = 0;
                s.pos[p] = s.pos[p].saturating_add(t);
                if s.pos[p] >= TARGET {
                    s.winner = Some(p);
                    s.over = true;
                    return;
                }
                if p == 1 {
                    if s.pos[0] != s.pos[1] {
                        s.lead_turns[usize::from(s.pos[1] > s.pos[0])] += 1;
                    }
                    if s.turn == TURNS {
                        s.over = true;
                        return;
                    }
                    s.turn += 1;
                }
                s.to_move = 1 - p;
            }
        }
    }
    fn outcome(&self, s: &RaceState) -> Option<Outcome> {
        s.over.then(|| Outcome {
            winner: s.winner,
            level: if s.winner.is_some() { "finish" } else { "draw" },
            turn: s.turn,
        })
    }
    fn tally(&self, s: &RaceState, p: PlayerId) -> Tally {
        Tally {
            losses: s.ones[p],
            initiative_turns: s.lead_turns[p],
        }
    }
    fn turn(&self, s: &RaceState) -> u32 {
        s.turn
    }
    fn describe(&self, _s: &RaceState, a: Act) -> String {
        format!("{a:?}")
    }
}

fn random_bot(_p: PlayerId) -> Box<dyn Bot<Race>> {
    Box::new(RandomBot::<Act>::default())
}

fn run(n: u64, seed: u64, threads: usize) -> Vec<GameRecord> {
    run_games(
        &Race,
        random_bot,
        n,
        seed,
        threads,
        &indicatif::ProgressBar::hidden(),
    )
    .expect("the race always ends")
}

#[test]
fn run_games_gives_identical_records_on_1_and_2_threads() {
    let one = run(500, 7, 1);
    let two = run(500, 7, 2);
    let all = run(500, 7, 0);
    assert_eq!(one, two);
    assert_eq!(one, all);
    assert_ne!(one, run(500, 8, 2), "another seed plays other games");
}

#[test]
fn records_come_in_index_order_with_their_own_seeds() {
    let records = run(50, 3, 2);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.index, i as u64);
        assert_eq!(r.seed, game_seed(3, i as u64));
    }
    let s = Summary::from_records(2, &records);
    assert!(
        s.sides[0].wins.count > 0 && s.sides[1].wins.count > 0 && s.sides[0].draws.count > 0,
        "the toy race should produce wins for both and draws: {s:?}"
    );
}

#[test]
fn a_game_is_reproduced_from_its_record_seed_alone() {
    let records = run(20, 11, 2);
    for r in &records {
        let mut bots = vec![random_bot(0), random_bot(1)];
        let mut rng = GameRng::seed_from_u64(r.seed);
        let again = play_game(&Race, &mut bots, r.index, r.seed, &mut rng, None).unwrap();
        assert_eq!(&again, r);
    }
}

#[test]
fn replaying_a_recorded_game_reproduces_its_final_state() {
    for i in 0..50 {
        let seed = game_seed(5, i);
        let mut bots = vec![random_bot(0), random_bot(1)];
        let mut rng = GameRng::seed_from_u64(seed);
        let mut log = Replay::new(&Race, seed);
        let (end, steps) =
            play_to_end(&Race, &mut bots, i, seed, &mut rng, Some(&mut log)).unwrap();
        assert_eq!(log.steps.len() as u64, steps);
        assert_eq!(log.replay(&Race), Ok(end));
    }
}

#[test]
fn a_log_of_another_version_of_the_games_lists_is_refused() {
    let mut log = Replay::new(&Race, 1);
    log.version = 2;
    assert_eq!(
        log.replay(&Race),
        Err(ReplayError::WrongVersion {
            expected: 1,
            found: 2
        })
    );
    let unversioned: Replay = toml::from_str("game = \"race\"\nseed = 1\nsteps = []\n").unwrap();
    assert_eq!(unversioned.version, 1, "a log written before versions: 1");
    assert!(unversioned.replay(&Race).is_ok());
}

/// A game that never ends: one player, one action, forever.
struct Forever;

impl Game for Forever {
    type State = ();
    type Action = ();
    fn id(&self) -> &'static str {
        "forever"
    }
    fn num_players(&self) -> usize {
        1
    }
    fn player_name(&self, _p: PlayerId) -> &'static str {
        "Sisyphus"
    }
    fn initial_state(&self) {}
    fn actor(&self, _s: &()) -> Actor {
        Actor::Player(0)
    }
    fn legal_actions(&self, _s: &(), out: &mut Vec<()>) {
        out.clear();
        out.push(());
    }
    fn chance_outcomes(&self, _s: &(), out: &mut Vec<((), u32)>) {
        out.clear();
    }
    fn apply(&self, _s: &mut (), _a: ()) {}
    fn outcome(&self, _s: &()) -> Option<Outcome> {
        None
    }
    fn tally(&self, _s: &(), _p: PlayerId) -> Tally {
        Tally::default()
    }
    fn turn(&self, _s: &()) -> u32 {
        1
    }
    fn describe(&self, _s: &(), _a: ()) -> String {
        "push".into()
    }
}

#[test]
fn a_runaway_game_is_stopped_with_its_index_and_seed() {
    let err = run_games(
        &Forever,
        |_| Box::new(RandomBot::<()>::default()) as Box<dyn Bot<Forever>>,
        3,
        9,
        1,
        &indicatif::ProgressBar::hidden(),
    )
    .unwrap_err();
    let SimError::Runaway {
        index, seed, steps, ..
    } = err.clone()
    else {
        panic!("expected a runaway error, got {err:?}");
    };
    assert_eq!(steps, MAX_STEPS);
    assert_eq!(seed, game_seed(9, index));
    let msg = err.to_string();
    assert!(
        msg.contains(&format!("game {index} (seed {seed})")),
        "{msg}"
    );
}

#[test]
fn wilson_interval_matches_known_values() {
    let close = |a: f64, b: f64| (a - b).abs() < 5e-5;
    let i = wilson(50, 100, Z95);
    assert!(close(i.lo, 0.4038) && close(i.hi, 0.5962), "{i:?}");
    let i = wilson(0, 10, Z95);
    assert!(close(i.lo, 0.0) && close(i.hi, 0.2775), "{i:?}");
    let i = wilson(10, 10, Z95);
    assert!(close(i.lo, 0.7225) && close(i.hi, 1.0), "{i:?}");
    let i = wilson(0, 0, Z95);
    assert_eq!((i.lo, i.hi), (0.0, 1.0));
}

fn record(index: u64, winner: Option<usize>, level: &'static str, turn: u32) -> GameRecord {
    GameRecord {
        index,
        seed: index * 10,
        winner,
        level,
        turn,
        tallies: vec![
            Tally {
                losses: 2,
                initiative_turns: 3,
            },
            Tally {
                losses: 4,
                initiative_turns: 1,
            },
        ],
        steps: 100,
        score: None,
    }
}

#[test]
fn summary_folds_rates_levels_and_means() {
    let records = vec![
        record(0, Some(0), "decisive", 8),
        record(1, Some(0), "marginal", 8),
        record(2, Some(1), "sudden death", 4),
        record(3, None, "draw", 8),
    ];
    let s = Summary::from_records(2, &records);
    assert_eq!(s.games, 4);
    assert_eq!(
        (
            s.sides[0].wins.count,
            s.sides[0].draws.count,
            s.sides[0].losses.count
        ),
        (2, 1, 1)
    );
    assert_eq!(s.sides[1].wins.count, 1);
    assert_eq!(s.sides[1].losses.count, 2);
    assert_eq!(s.sides[0].wins.p, 0.5);
    assert_eq!(s.sides[0].wins.ci, wilson(2, 4, Z95));
    assert_eq!(s.levels[&(Some(0), "decisive".to_string())], 1);
    assert_eq!(s.levels[&(None, "draw".to_string())], 1);
    assert_eq!(s.mean_turn, 7.0);
    assert_eq!((s.sides[0].mean_losses, s.sides[1].mean_losses), (2.0, 4.0));
    assert_eq!(s.sides[0].mean_initiative, 3.0);

    let words = report::Words {
        names: &["Rangers", "Germans"],
        initiative: "turns with initiative",
        turns: true,
        levels: &Default::default(),
    };
    let text = report::render(&s, &words);
    for needle in [
        "4 games",
        "Rangers",
        "Germans: sudden death",
        "mean turn decided: 7.00 ± ",
        "mean per game ± s.e.",
        "casualties",
        " 50.00% [",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    // A game without turns reports no turn decided; a level in the rulebook's words is
    // listed in them, and one scored as a draw says so (trial 10b F12c).
    let first_blood = [("marginal".to_string(), "poor performance".to_string())].into();
    let words = report::Words {
        turns: false,
        levels: &first_blood,
        ..words
    };
    let text = report::render(&s, &words);
    assert!(!text.contains("turn decided"), "{text}");
    assert!(text.contains("Rangers: poor performance "), "{text}");
    let draw_level = vec![record(0, None, "poor", 8)];
    let text = report::render(&Summary::from_records(2, &draw_level), &words);
    assert!(text.contains("  poor (scored as a draw) "), "{text}");
}

#[test]
fn csv_has_one_row_per_game_and_a_provenance_column() {
    let records = vec![
        record(0, Some(1), "sudden death", 4),
        record(1, None, "draw", 8),
    ];
    let mut out = Vec::new();
    let run = records::Run {
        names: &["Rangers", "Germans"],
        columns: sandtable::engine::RecordColumns {
            turn: true,
            initiative: Some(sandtable::engine::InitiativeCount::TURNS),
        },
        score: None,
        bots: &["scripted", "random"],
        run_seed: 7,
        data: "0123456789abcdef",
        provenance: &["map", "setup"],
    };
    records::write_csv(&mut out, &run, &records).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "index,seed,winner,victory_level,turn,losses_rangers,losses_germans,\
             initiative_rangers,initiative_germans,bots,run_seed,data,provenance",
            "0,0,germans,sudden death,4,2,4,3,1,scripted;random,7,0123456789abcdef,map;setup",
            "1,10,draw,draw,8,2,4,3,1,scripted;random,7,0123456789abcdef,map;setup",
        ]
    );
}

/// Plays `plan` on the dice race, keeping every record.
fn run_plan(plan: &Plan, threads: usize) -> (Vec<GameRecord>, Totals, Option<Stop>) {
    let bar = indicatif::ProgressBar::hidden();
    let mut all = Vec::new();
    let (totals, stop) = run_folded(&Race, &random_bot, plan, 9, threads, &bar, |rs| {
        all.extend_from_slice(rs);
        Ok::<(), SimError>(())
    })
    .unwrap();
    (all, totals, stop)
}

/// A run to a precision stops only at batch boundaries, so it stops at the same game for any
/// thread count, and its games are those of a fixed run of that length.
#[test]
fn a_run_to_a_precision_stops_alike_for_any_thread_count_at_a_batch_boundary() {
    let plan = Plan {
        range: 0..50_000,
        precision: Some(0.02),
    };
    let (one, totals, stop) = run_plan(&plan, 1);
    let (four, totals4, stop4) = run_plan(&plan, 4);
    assert_eq!(one, four);
    assert_eq!((&totals, stop), (&totals4, stop4));
    let stop = stop.unwrap();
    assert!(stop.reached);
    let n = one.len() as u64;
    assert_eq!(n % BATCH, 0);
    let half_width = |rs: &[GameRecord]| Summary::from_records(2, rs).widest_half_width();
    assert!(half_width(&one) <= 0.02);
    // One batch fewer would not have been enough.
    assert!(half_width(&one[..(n - BATCH) as usize]) > 0.02);
    let bar = indicatif::ProgressBar::hidden();
    assert_eq!(one, run_games(&Race, random_bot, n, 9, 2, &bar).unwrap());
    // A cap stops it, saying so.
    let capped = Plan {
        range: 0..1500,
        precision: Some(0.001),
    };
    let (records, _, stop) = run_plan(&capped, 2);
    let stop = stop.unwrap();
    assert_eq!(records.len(), 1500);
    assert!(!stop.reached && stop.half_width > 0.001);
}

/// The totals of a run are the same folded in one piece or merged from shards of any
/// split, so a sharded run's summary is exactly one machine's.
#[test]
fn totals_merged_from_shards_equal_the_whole_runs() {
    let whole = Plan {
        range: 0..2500,
        precision: None,
    };
    let (records, totals, _) = run_plan(&whole, 2);
    for n in [1, 2, 3, 7] {
        let mut merged = Totals::new(2);
        let mut rows = Vec::new();
        for k in (1..=n).rev() {
            let range = Shard { k, n }.range(2500);
            let (rs, t, _) = run_plan(
                &Plan {
                    range,
                    precision: None,
                },
                1,
            );
            merged.merge(&t).unwrap();
            rows.splice(0..0, rs);
        }
        assert_eq!(merged, totals, "{n} shards");
        assert_eq!(rows, records, "{n} shards");
    }
}

/// Shares of a run: contiguous, in order, covering every game once.
#[test]
fn shards_split_the_game_indices_into_contiguous_shares() {
    assert_eq!(Shard::parse("2/3"), Ok(Shard { k: 2, n: 3 }));
    for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/3 ", " 1/3"] {
        assert!(Shard::parse(bad).is_err(), "{bad}");
    }
    // Past u64: told as such, not as K above N (trial 15a F4).
    let e = Shard::parse("1/18446744073709551616").unwrap_err();
    assert!(
        e.ends_with("18446744073709551616 is past the most shards, 2^64 − 1"),
        "{e}"
    );
    let ranges: Vec<_> = (1..=3).map(|k| Shard { k, n: 3 }.range(10)).collect();
    assert_eq!(ranges, [0..3, 3..6, 6..10]);
    assert!(Shard { k: 1, n: 11 }.check(10).is_err());
    assert_eq!(Shard { k: 1, n: 1 }.range(u64::MAX), 0..u64::MAX);
}

/// A mean's standard error is the sample standard deviation over √n, from exact sums.
#[test]
fn means_come_with_their_standard_errors() {
    let mut m = Moments::default();
    [1, 2, 3, 4].into_iter().for_each(|v| m.add(v));
    let (mean, se) = m.mean_se();
    assert_eq!(mean, 2.5);
    assert!((se - (5.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
    let mut one = Moments::default();
    one.add(7);
    assert_eq!(one.mean_se(), (7.0, 0.0));
    assert_eq!(Moments::default().mean_se(), (0.0, 0.0));
}
