#!/usr/bin/env bash
# Runs one Sandtable run across a Slurm job array and merges it:
#
#   deploy/slurm/submit.sh [--wait] N OUT -- experiment experiments/NAME.toml
#   deploy/slurm/submit.sh [--wait] N OUT -- balance rudders-line --games 100000 --bots mcts-fast,scripted
#   deploy/slurm/submit.sh [--wait] N OUT -- ladder rudders-line --bots easy,medium,hard --games 50
#
# N array tasks each play one shard (shard.sbatch); a merge job that depends on all of them
# (afterok) writes OUT: the results folder of an experiment or a ladder, or the CSV of a balance run.
# The merge's printed report goes to OUT.merge.out, its messages to OUT.merge.err; the shard
# files and each task's output to OUT.shards/. CPUS (default 1) sets the CPUs per task;
# SANDTABLE the binary (default: `sandtable` on PATH); other sbatch options (partition, time
# limit) through SBATCH_* variables. With --wait, it returns when the merge has finished,
# with the merge's exit status.
set -euo pipefail
wait=()
if [[ ${1:-} == --wait ]]; then wait=(--wait); shift; fi
if [[ $# -lt 4 || $3 != -- ]]; then
    sed -n '2,14p' "$0" >&2
    exit 2
fi
n=$1 out=$2
shift 3
here=$(cd "$(dirname "$0")" && pwd)
shards="$out.shards"
mkdir -p "$shards"
rm -f "$shards"/shard-*-of-*.shard   # a merge must see this run's shards only
export SHARD_DIR="$shards" OUT="$out"
array=$(sbatch --parsable --array="1-$n" --cpus-per-task="${CPUS:-1}" \
    --output="$shards/shard-%a.out" "$here/shard.sbatch" "$@")
echo "submitted the shards as job array $array" >&2
merge=$(sbatch --parsable "${wait[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    --output="$out.merge.out" --error="$out.merge.err" "$here/merge.sbatch")
echo "submitted the merge as job $merge (after every shard succeeds)" >&2
