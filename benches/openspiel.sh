#!/usr/bin/env bash
# Our MCTS against OpenSpiel's C++ MCTSBot, simulations per second, in one run:
#
#   bash benches/openspiel.sh        # SIMS=1000 SEARCHES=200 ROUNDS=3 by default
#
# It installs open_spiel (pinned below) from the Python package index into a virtual
# environment (target/openspiel-venv, reused; OPENSPIEL_VENV moves it), builds and runs
# `cargo bench --bench openspiel_mcts` in its plain timing mode (benches/openspiel_mcts.rs,
# the games in benches/openspiel/games.rs), runs benches/openspiel/openspiel_mcts.py, and
# prints both rates and their ratio per game. The two sides run one after the other, each on
# one thread, taking turns (ROUNDS times, the best round of each counts): on a busy machine
# both rates drop, not necessarily by the same factor.
#
# What is the same on both sides: Connect Four (6×7) and Pig (2 players, 100 to win, horizon
# 1000 decisions) with OpenSpiel's rules; every search starts from the initial state on a new
# tree; SIMS simulations a search, each one descent by UCT (constant 2, as the issue asks),
# one uniformly random rollout to the end of the game, one backup; chance outcomes sampled by
# their probability both in the tree and in rollouts; all children of a node created at
# once; one thread; no solver. Only the searches are timed, after a few untimed ones.
#
# Where they still differ:
# * Rewards: OpenSpiel's returns are -1/0/+1, ours 0/½/1. The same constant 2 therefore
#   weighs exploration twice as heavily here as in OpenSpiel (c = 2 on [-1, 1] is c = 1 on
#   [0, 1]): our trees are flatter. SANDTABLE_EXPLORATION=1 gives the equivalent tree policy.
# * Expansion: OpenSpiel creates a node's children on its second visit and rolls out from the
#   leaf itself (the first simulation from the root); ours expands a node on its first visit
#   and rolls out from one child picked at random, one ply deeper and one ply shorter.
#   OpenSpiel shuffles a new node's children and takes unvisited ones first; ours takes
#   unvisited ones first in list order.
# * Implementation choices, which are what is being compared: OpenSpiel clones a
#   heap-allocated state per simulation, allocates its tree node by node, and builds the list
#   of legal actions or chance outcomes at every rollout step; ours reuses a preallocated
#   arena, copies a small state, and draws a rollout's moves and die rolls without building
#   lists (`Game::random_action`, `Game::draw_chance`, same distributions). OpenSpiel's wheel is
#   a generic x86-64 build; ours uses the repository's `target-cpu=native`. Different random
#   number generators (mt19937 there, PCG here).
set -euo pipefail
cd "$(dirname "$0")/.."

OPEN_SPIEL_VERSION=2.0.2
SIMS="${SIMS:-1000}"
SEARCHES="${SEARCHES:-200}"
ROUNDS="${ROUNDS:-3}"
VENV="${OPENSPIEL_VENV:-target/openspiel-venv}"
PYTHON="${PYTHON:-python3}"
started=$(date +%s)

fail() {
    echo "openspiel.sh: $*" >&2
    exit 1
}

installed_version() {
    "$VENV/bin/python" -c \
        'import importlib.metadata as m, pyspiel; print(m.version("open_spiel"))' 2>/dev/null ||
        true
}

if [ "$(installed_version)" != "$OPEN_SPIEL_VERSION" ]; then
    echo "Installing open_spiel $OPEN_SPIEL_VERSION into $VENV ..." >&2
    if [ ! -x "$VENV/bin/python" ]; then
        "$PYTHON" -m venv "$VENV" || fail "could not create a virtual environment in $VENV with $PYTHON"
    fi
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        "open_spiel==$OPEN_SPIEL_VERSION" ||
        fail "pip could not install open_spiel==$OPEN_SPIEL_VERSION into $VENV: it needs access to the Python package index and a prebuilt wheel for this Python and platform ($("$VENV/bin/python" -V 2>&1), $(uname -sm))"
    [ "$(installed_version)" = "$OPEN_SPIEL_VERSION" ] ||
        fail "open_spiel $OPEN_SPIEL_VERSION installed but pyspiel does not import in $VENV"
fi

echo "Building the Rust side (cargo bench --bench openspiel_mcts --no-run) ..." >&2
cargo bench --quiet --bench openspiel_mcts --no-run

# The machine may be busy with other work while a side runs: the sides take turns, ROUNDS
# times, and each game's rate is the best round of each side.
rates=""
for round in $(seq "$ROUNDS"); do
    echo "Round $round of $ROUNDS: sandtable, then OpenSpiel ($SEARCHES searches of $SIMS simulations per game each) ..." >&2
    rates+=$(SANDTABLE_SIMS_ONLY=1 SANDTABLE_SIMS="$SIMS" SANDTABLE_SEARCHES="$SEARCHES" \
        cargo bench --quiet --bench openspiel_mcts)$'\n'
    rates+=$("$VENV/bin/python" benches/openspiel/openspiel_mcts.py \
        --sims "$SIMS" --searches "$SEARCHES" --uct-c 2)$'\n'
done

printf '%s' "$rates"
echo
echo "open_spiel $OPEN_SPIEL_VERSION, $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1)"
echo "$SIMS simulations per search, UCT c = 2, one random rollout per simulation, 1 thread;" \
    "best of $ROUNDS rounds of $SEARCHES searches"
printf '%s' "$rates" | awk '
    $1 == "openspiel" && $3 > os[$2] { os[$2] = $3 }
    $1 == "sandtable" {
        if (!($2 in st)) order[++n] = $2
        if ($3 > st[$2]) st[$2] = $3
    }
    END {
        printf "%-14s %18s %18s %8s\n", "game", "OpenSpiel sims/s", "Sandtable sims/s", "ratio"
        for (i = 1; i <= n; i++) {
            g = order[i]
            if (!(g in os)) { printf "%-14s %18s %18.0f %8s\n", g, "missing", st[g], "-"; bad = 1; continue }
            printf "%-14s %18.0f %18.0f %7.2fx\n", g, os[g], st[g], st[g] / os[g]
        }
        exit bad
    }' || fail "a rate is missing"
echo "took $(($(date +%s) - started)) s"
