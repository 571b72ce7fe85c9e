//! `ladder --bots A,B --sprt elo0,elo1`: a sequential probability ratio test of A against B
//! (`sim::sprt`). The bots play game pairs on common seeds (seed i once with A on the first
//! side, once with B), and the test looks at the pairs in seed order, stopping at the first
//! that decides. Pairs are played a few at a time in parallel, but where the test stops
//! depends only on the seeds, so the result is the same for any thread count.

use super::{finish_run, half_points, winners, Context, LadderArgs, Matchup};
use crate::bots::Bot;
use crate::cli::CliError;
use crate::engine::{Game, PlayerId};
use crate::sim::sprt::{mean_var, Sprt, Verdict};
use crate::sim::{progress, run_range, Moments};
use std::fmt::Write as _;

pub(super) fn run<G, M>(
    game: &G,
    context: &Context,
    args: &LadderArgs,
    make: &M,
    sprt: Sprt,
) -> Result<(), CliError>
where
    G: Game,
    M: Fn(&str, PlayerId) -> Option<Box<dyn Bot<G>>> + Sync,
{
    let names = [args.bots[0].as_str(), args.bots[1].as_str()];
    let bot = |first: usize| {
        move |p: PlayerId| make(names[(p + first) % 2], p).expect("bot names were checked")
    };
    let (a_first, b_first) = (bot(0), bot(1));
    // A round of games for every worker at once; the test still stops at its own pair.
    let threads = match args.run.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let round = 2 * threads as u64;
    let bar = progress::games_bar(args.games.saturating_mul(2));
    let seed = args.run.seed;
    let (mut quarters, mut ab, mut ba) = (Moments::default(), Vec::new(), Vec::new());
    let mut verdict = Verdict::Continue;
    let mut start = 0;
    'pairs: while start < args.games {
        let end = start.saturating_add(round).min(args.games);
        let first = run_range(game, &a_first, start..end, seed, threads, &bar)?;
        let second = run_range(game, &b_first, start..end, seed, threads, &bar)?;
        for (x, y) in first.into_iter().zip(second) {
            quarters.add(i64::from(
                half_points(x.winner, 0) + half_points(y.winner, 1),
            ));
            ab.push(x);
            ba.push(y);
            verdict = sprt.verdict(&quarters);
            if verdict != Verdict::Continue {
                break 'pairs;
            }
        }
        start = end;
    }
    bar.finish_and_clear();
    let matchups = vec![
        Matchup::new(0, 1, &winners(&ab)),
        Matchup::new(1, 0, &winners(&ba)),
    ];
    let verdict = verdict_text(args, &sprt, verdict, &quarters);
    finish_run(context, &matchups, args.out.as_deref(), &verdict)
}

/// What the test decided, on how many pairs, and how many Wald expected it to need.
fn verdict_text(args: &LadderArgs, sprt: &Sprt, verdict: Verdict, quarters: &Moments) -> String {
    let (a, b) = (&args.bots[0], &args.bots[1]);
    let (lower, upper) = sprt.bounds();
    let llr = sprt.llr(quarters);
    let pairs = quarters.n;
    let mut s = format!(
        "\nSPRT: H0 {a} is {:+} Elo against {b}, H1 {:+} Elo (α = β = {:.0}%); bounds \
         [{lower:.2}, {upper:.2}]\n",
        sprt.elo0,
        sprt.elo1,
        100.0 * sprt.alpha
    );
    let _ = match verdict {
        Verdict::H1 => writeln!(
            s,
            "  H1 accepted after {pairs} game pairs ({} games): LLR {llr:.2} ≥ {upper:.2}: \
             {a} is at least {} Elo stronger",
            2 * pairs,
            sprt.elo1
        ),
        Verdict::H0 => writeln!(
            s,
            "  H0 accepted after {pairs} game pairs ({} games): LLR {llr:.2} ≤ {lower:.2}: \
             {a} is at most {} Elo stronger",
            2 * pairs,
            sprt.elo0
        ),
        Verdict::Continue => writeln!(
            s,
            "  no decision after {pairs} game pairs ({} games, the cap of --games): LLR \
             {llr:.2} is between the bounds",
            2 * pairs
        ),
    };
    if let Some((mean, var)) = mean_var(quarters) {
        let expected = sprt.expected_under_hypotheses(var);
        let here = sprt.expected_pairs(mean, var);
        if let (Some((h0, h1)), Some(here)) = (expected, here) {
            let _ = writeln!(
                s,
                "  expected game pairs (Wald, at the observed variance): {h0:.0} if H0 holds, \
                 {h1:.0} if H1 holds, {here:.0} at the observed score {:.1}%; actual {pairs}",
                100.0 * mean
            );
        }
    }
    s
}
