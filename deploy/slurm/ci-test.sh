#!/usr/bin/env bash
# The Slurm path tested on a real Slurm: a one-node cluster on this machine (local-cluster.sh),
# an experiment played as a 3-task job array and merged by a dependent job (submit.sh), then
# compared byte for byte with the same experiment played on one machine. Fails, saying why,
# if Slurm cannot start: it is never skipped.
#
#   deploy/slurm/ci-test.sh [SANDTABLE-BINARY]   (default: target/debug/sandtable)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(realpath "${1:-$root/target/debug/sandtable}")
cluster=$root/deploy/slurm/local-cluster.sh
work=$(mktemp -d)
trap '"$cluster" stop || true; rm -rf "$work"' EXIT
fail() { echo "slurm test: FAILED: $*" >&2; exit 1; }

[[ -x $bin ]] || fail "no sandtable binary at $bin (build it first)"
env_line=$("$cluster" start) || fail "the local Slurm cluster did not start (its log is above)"
eval "$env_line"

cat >"$work/slurm-ci.toml" <<'SPEC'
game = "rudders-line"
games = 3000
seed = 11
[[variant]]
name = "Rangers +1 on turns 2-3"
set = { "scenario.initiative.modifier[0].value" = 1 }
SPEC
cd "$work"
"$bin" experiment slurm-ci.toml --out one >one.txt 2>/dev/null
start=$EPOCHSECONDS
SANDTABLE=$bin CPUS=1 "$root/deploy/slurm/submit.sh" --wait 3 sharded -- \
    experiment "$work/slurm-ci.toml" || fail "the job array or its merge failed: $(cat sharded.merge.err sharded.shards/*.out 2>/dev/null)"
for f in summary.csv games.csv chart.svg chart.png; do
    cmp -s "one/$f" "sharded/$f" || fail "$f merged from the Slurm shards differs from one machine's"
done
cmp -s one.txt sharded.merge.out || fail "the merged summary differs from one machine's"
echo "slurm test: 3 shards on Slurm merged into exactly one machine's results ($((EPOCHSECONDS - start)) s)"
