#!/usr/bin/python3
"""Times the Python module beside the engine's own rate for the same work.

    PYTHONPATH=build/tools/python/package tools/python/benchmark.py

Each line is one kind of work done twice in one run: from Python, through
the module as an agent's code uses it, and in C++ through the same engine
library without Python (tiaoqi._tiaoqi.yardsticks). The figures depend on
the machine; the ratio is what the module costs.

- env steps/s: tiaoqi.env() with random legal actions, PettingZoo's loop
  (last(), action_space(agent).sample(mask), step()), whole games of at
  most --plies moves; the C++ side writes the same observation and mask
  and plays the same kind of step.
- random games/s: the same games, counted whole.
- vector steps/s: tiaoqi.vector_env() of --num-envs games, the loop
  step(sample_legal()) with its observations and masks written for every
  env, counted in env steps (one call steps every env); the C++ side runs
  the same loop on the same batched table (yardsticks.vector_steps).
- single-agent steps/s: the agent's steps against opponents="random",
  each one agent move and the engines' moves up to the agent's next turn:
  tiaoqi.single_agent_env() with a masked sample() a step, and the
  batched form, vector_env(opponents="random"), against the same batch
  in C++.
- search calls/s: tiaoqi.Engine.search() from Python against the same
  searches through the engine facade from C++.
Each figure is the best of three rounds in which the two sides take turns.
- resident memory: the process's resident set while the environment plays
  --memory-games random games (it must not grow with the games played).
"""

import argparse
import platform
import time

import numpy as np

import tiaoqi
from tiaoqi._tiaoqi import yardsticks


# Rounds of each measurement; the best counts (best_of).
ROUNDS = 3


def resident_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def play_random_games(env, games: int, seed: int) -> int:
    """Plays whole games with PettingZoo's loop; returns the moves played."""
    moves = 0
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                action = env.action_space(agent).sample(observation["action_mask"])
                moves += 1
            env.step(action)
    return moves


def best_of(rounds: int, measure) -> tuple[float, ...]:
    """Each figure's best over rounds of measure(): the two sides of a line
    take turns, so that the machine's other load falls on both alike, and
    the best round is the one it disturbed least."""
    results = [measure() for _ in range(rounds)]
    return tuple(max(figures) for figures in zip(*results))


def env_rates(players: int, games: int, plies: int) -> tuple[float, float, float, float]:
    """(Python steps/s, Python games/s, C++ steps/s, C++ games/s)."""
    rules = tiaoqi.Rules(players=players, max_plies=plies)
    env = tiaoqi.env(rules)
    play_random_games(env, 2, 0)

    def measure():
        start = time.perf_counter()
        moves = play_random_games(env, games, 1)
        seconds = time.perf_counter() - start
        native = yardsticks.random_steps(rules, moves, seed=1)
        return (
            moves / seconds,
            games / seconds,
            native["steps"] / native["seconds"],
            native["games"] / native["seconds"],
        )

    return best_of(ROUNDS, measure)


def vector_rates(
    players: int, num_envs: int, calls: int, opponents: str | None = None
) -> tuple[float, float]:
    """(Python env steps/s, C++ env steps/s) of the batched environment."""
    rules = tiaoqi.Rules(players=players)
    vector = tiaoqi.vector_env(num_envs, rules, opponents=opponents)
    vector.reset(seed=1)

    def measure():
        start = time.perf_counter()
        for _ in range(calls):
            vector.step(vector.sample_legal())
        seconds = time.perf_counter() - start
        native = yardsticks.vector_steps(rules, num_envs, calls, seed=1, opponent=opponents or "")
        return calls * num_envs / seconds, native["steps"] / native["seconds"]

    return best_of(ROUNDS, measure)


def single_agent_rate(players: int, steps: int) -> float:
    """The agent's steps/s in tiaoqi.single_agent_env(opponents="random"),
    whole games with a masked sample() a step."""
    env = tiaoqi.single_agent_env(players=players, opponents="random")

    def measure():
        done, game = 0, 0
        start = time.perf_counter()
        while done < steps:
            observation, info = env.reset(seed=game)
            game += 1
            finished = False
            while not finished:
                action = env.action_space.sample(observation["action_mask"])
                observation, reward, terminated, truncated, info = env.step(action)
                finished = terminated or truncated
                done += 1
        return (done / (time.perf_counter() - start),)

    return best_of(ROUNDS, measure)[0]


def search_rates(options: dict, limits: dict, count: int) -> tuple[float, float]:
    """(Python searches/s, C++ searches/s) of the 2-player start after one move."""
    position = tiaoqi.Position(moves=["k3k5"])

    def measure():
        # A new engine and one search first, as on the C++ side.
        engine = tiaoqi.Engine(options)
        engine.search(position, **limits)
        start = time.perf_counter()
        for _ in range(count):
            engine.search(position, **limits)
        python_rate = count / (time.perf_counter() - start)
        return python_rate, count / yardsticks.searches(position, options, count=count, **limits)

    return best_of(ROUNDS, measure)


def line(work: str, python_rate: float, native_rate: float) -> None:
    print(f"| {work} | {python_rate:,.0f} | {native_rate:,.0f} | {python_rate / native_rate:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="random games per player count")
    parser.add_argument("--plies", type=int, default=200, help="MaxPlies of the random games")
    parser.add_argument("--num-envs", type=int, default=64, help="games of the batched env")
    parser.add_argument(
        "--vector-calls", type=int, default=1000, help="step() calls of the batched env per round"
    )
    parser.add_argument(
        "--single-steps",
        type=int,
        default=2000,
        help="agent steps of the single-agent env per round",
    )
    parser.add_argument("--searches", type=int, default=200, help="search calls per search")
    parser.add_argument(
        "--memory-games",
        type=int,
        default=10000,
        help="random games of the memory measurement (0: none)",
    )
    arguments = parser.parse_args()

    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, "
        f"PettingZoo {'installed' if tiaoqi.HAS_PETTINGZOO else 'not installed'}, "
        f"{type(tiaoqi.env().action_space('player_0')).__module__} spaces"
    )
    print()
    print("| work | from Python | C++ engine | ratio |")
    print("|---|---:|---:|---:|")
    for players in (2, 6):
        steps, games, native_steps, native_games = env_rates(
            players, arguments.games, arguments.plies
        )
        line(f"env steps/s, {players} players, random legal actions", steps, native_steps)
        line(f"random games/s, {players} players, {arguments.plies} moves", games, native_games)
    envs = arguments.num_envs
    for players in (2, 6):
        python_rate, native_rate = vector_rates(players, envs, arguments.vector_calls)
        line(
            f"vector steps/s, {players} players, {envs} envs, sample_legal()",
            python_rate,
            native_rate,
        )
    for players in (2, 6):
        # The batched form's calls step every env: fewer calls for the same steps.
        python_rate, native_rate = vector_rates(
            players, envs, max(1, arguments.single_steps // envs), "random"
        )
        line(
            f"single-agent steps/s, {players} players, opponents='random', " f"single_agent_env",
            single_agent_rate(players, arguments.single_steps),
            native_rate,
        )
        line(
            f"single-agent steps/s, {players} players, opponents='random', {envs} envs",
            python_rate,
            native_rate,
        )
    for name, options, limits in [
        ("greedy", {"search": "greedy"}, {"depth": 1}),
        ("alphabeta depth 3", {"search": "alphabeta"}, {"depth": 3}),
        ("mcts 1000 nodes", {"search": "mcts", "seed": 1}, {"nodes": 1000}),
    ]:
        count = arguments.searches if name == "greedy" else max(1, arguments.searches // 4)
        python_rate, native_rate = search_rates(options, limits, count)
        line(f"search calls/s, {name}", python_rate, native_rate)

    if arguments.memory_games > 0:
        env = tiaoqi.env(max_plies=100)
        checkpoints = sorted({min(1000, arguments.memory_games), arguments.memory_games})
        played = 0
        resident = []
        for checkpoint in checkpoints:
            play_random_games(env, checkpoint - played, played)
            played = checkpoint
            resident.append(resident_mib())
        print()
        print(
            f"resident memory over {played:,} random games (2 players, 100 moves): "
            + ", ".join(
                f"{mib:.1f} MiB after {games:,}" for mib, games in zip(resident, checkpoints)
            )
            + f" ({resident[-1] - resident[0]:+.1f} MiB)"
        )


if __name__ == "__main__":
    main()
