//! `sandtable merge SHARD...`: the shard files of one `balance`, `experiment` or `ladder` run, played
//! with `--shard K/N` on any number of machines, combined into exactly what one machine would
//! have printed and written (see `crate::sim::shard`).

use super::CliError;
use crate::sim::shard;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard files, in any order: every shard of one run, each once.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// A balance run: the games' CSV (as `balance --out`). An experiment: the results folder
    /// (default: results/<name>/). A ladder: the folder of its CSVs (as `ladder --out`).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
}

pub fn run(args: &MergeArgs) -> Result<(), CliError> {
    // Written over, a shard would be lost to the run (and the merge could not be repeated).
    if let Some(out) = &args.out {
        if let Some(given) = args
            .shards
            .iter()
            .find(|s| super::common::same_file(out, s))
        {
            return Err(CliError::Usage(format!(
                "--out {} is the shard file {} given to merge: write the merge elsewhere",
                out.display(),
                given.display()
            )));
        }
    }
    let parts = shard::read_set(&args.shards).map_err(CliError::Usage)?;
    let out = args.out.as_deref();
    match parts[0].header.kind.as_str() {
        "balance" => super::balance::merge(&parts, out),
        "experiment" => crate::experiment::merge(&parts, out),
        "ladder" => super::ladder::merge(&parts, out),
        other => Err(CliError::Usage(format!(
            "{}: a shard of a `{other}` run, which merge does not know",
            parts[0].path.display()
        ))),
    }
}
