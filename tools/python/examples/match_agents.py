#!/usr/bin/python3
"""Plays a Python agent that sees the position against two strength levels.

    PYTHONPATH=build/tools/python/package tools/python/examples/match_agents.py --record games.txt

The agent plays the move after which its own army's cost, as the engine's
static evaluation counts it (Position.evaluate()), is least. tiaoqi.match()
plays it against the levels beginner and novice at three players, every
opening in every seat, and prints the match runner's table: the
Plackett-Luce ratings with their 95% intervals and the cross table. The
games go to a record file that tiaoqi-render draws and tiaoqi-match
--replay checks.
"""

import argparse

import tiaoqi


def greedy(position):
    mover = position.side_to_move

    def cost_after(move):
        played = position.copy()
        played.play(move)
        return played.evaluate()["players"][mover]["cost"]

    return min(position.legal_moves(), key=cost_after)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--openings", type=int, default=2, help="random openings, each in every seat"
    )
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--record", help="write the games to this record file")
    arguments = parser.parse_args()

    result = tiaoqi.match(
        tiaoqi.position_agent(greedy),
        {"level": "beginner"},
        {"level": "novice"},
        players=3,
        openings=arguments.openings,
        seed=arguments.seed,
    )
    print(result, end="")
    if arguments.record:
        result.write_records(arguments.record)


if __name__ == "__main__":
    main()
