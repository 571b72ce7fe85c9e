"""OpenSpiel's C++ MCTSBot on connect_four and pig: simulations per second.

The OpenSpiel half of benches/openspiel.sh (which says what the two sides share and where
they differ). pyspiel.MCTSBot and pyspiel.RandomRolloutEvaluator are the C++ classes
(open_spiel/algorithms/mcts.cc) behind pybind11 bindings: each bot.step(state) is one C++
search of max_simulations simulations on a new tree, so Python only makes the call.

Prints one line per game: `openspiel <game> <simulations per second>`.
"""

import argparse
import time

import pyspiel

GAMES = ("connect_four", "pig")


def rate(name, simulations, searches, uct_c, seed):
    """Simulations per second over `searches` steps from the initial state."""
    game = pyspiel.load_game(name)
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)  # one random rollout per simulation
    bot = pyspiel.MCTSBot(
        game,
        evaluator,
        uct_c,
        simulations,
        1000,  # max_memory_mb: far above what 1000-simulation trees need, so no collection
        False,  # solve: no MCTS-Solver backups
        seed,
        False,  # verbose
    )
    state = game.new_initial_state()
    # The search stops early only if the root has a single child or is solved; check that it
    # runs every simulation here, so the count below is exact.
    root = bot.mcts_search(state)
    assert root.explore_count == simulations, (name, root.explore_count)
    for _ in range(-(-searches // 20)):  # untimed warm-up, as on the Rust side
        bot.step(state)
    start = time.perf_counter()
    for _ in range(searches):
        bot.step(state)
    return simulations * searches / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=1000, help="simulations per search")
    parser.add_argument("--searches", type=int, default=200, help="timed searches per game")
    parser.add_argument("--uct-c", type=float, default=2.0, help="UCT exploration constant")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in GAMES:
        sims_per_s = rate(name, args.sims, args.searches, args.uct_c, args.seed)
        print(f"openspiel {name} {sims_per_s:.0f}", flush=True)


if __name__ == "__main__":
    main()
