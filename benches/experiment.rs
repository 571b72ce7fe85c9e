//! What an experiment costs beside the games it plays (issue 17's overhead goal): loading one
//! variant (overrides applied, files written, loaded and validated as `--data`) and the
//! folding two variants of 10,000 games into their totals and pairs and the summary rows with
//! their paired and unpaired differences,
//! against 1,000 scripted games of Rudder's Line on one thread.
//!
//! Run with `cargo bench --bench experiment`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use indicatif::ProgressBar;
use sandtable::experiment::output::rows;
use sandtable::experiment::{load_variant, spec::Spec};
use sandtable::games::rudders_line::RuddersLine;
use sandtable::registry;
use sandtable::sim::{run_games, PairedWins, Totals};
use std::path::Path;

const SPEC: &str = "game = \"rudders-line\"\ngames = 10000\n[[variant]]\nname = \"v\"\n\
set = { \"scenario.initiative.modifier[0].value\" = 2 }\n";

fn bench(c: &mut Criterion) {
    let spec: Spec = toml::from_str(SPEC).expect("the spec parses");
    let variants = spec.variants().expect("the variants are valid");
    let game = RuddersLine::load(None).expect("the embedded data loads");
    let make = |p| registry::bot(&game, "scripted", p).expect("scripted");
    let hidden = ProgressBar::hidden();
    let mut g = c.benchmark_group("experiment");
    g.sample_size(10);
    g.bench_function("load_variant", |b| {
        b.iter(|| load_variant::<RuddersLine>(&spec, &variants[1], Path::new("bench.toml")))
    });
    g.bench_function("1000_scripted_games_1_thread", |b| {
        b.iter(|| run_games(&game, make, 1000, 1, 1, &hidden).expect("games end"))
    });
    let records = run_games(&game, make, 10_000, 1, 0, &hidden).expect("games end");
    // What the experiment does with each game beside playing it: fold it into its variant's
    // totals and its pair with the baseline, then the rows from the totals.
    let replays = [false, false];
    g.bench_function("fold_and_rows_2_variants_x_10000", |b| {
        b.iter(|| {
            let totals = vec![Totals::of(2, &records); 2];
            let mut pairs = vec![PairedWins::new(2); 2];
            records.iter().for_each(|r| pairs[1].add(r, r));
            rows(
                &["Rangers", "Germans"],
                &variants,
                &totals,
                &pairs,
                &replays,
            )
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = bench
}
criterion_main!(benches);
