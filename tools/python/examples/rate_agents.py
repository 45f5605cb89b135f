#!/usr/bin/python3
"""Rates two agents written in Python against graded tiaoqi opponents.

    PYTHONPATH=build/tools/python/package tools/python/examples/rate_agents.py --rounds 20

A random agent and a greedy one (the move that gains the most rows towards
its target) each play every opponent; tiaoqi.rate() plays them in both
seats with the same seeds and gives the Elo difference to the opponent with
its 95% interval, from the match runner's statistics. Search random is 0
on the rating list's scale, so the first column is also the agent's rating.
"""

import argparse
import random

import numpy as np

import tiaoqi

# Observations and actions are in the agent's frame: its target is always
# at the top (rank 17), and an action is from-hole x 121 + to-hole.
RANKS = np.array([int(name[1:]) for name in tiaoqi.hole_names()])
HOLES = len(RANKS)


def random_agent(seed):
    rng = random.Random(seed)

    def act(observation):
        legal = np.flatnonzero(observation["action_mask"].view(bool))
        return int(legal[rng.randrange(len(legal))])

    return act


def greedy_agent(seed):
    rng = random.Random(seed)

    def act(observation):
        legal = np.flatnonzero(observation["action_mask"].view(bool))
        gain = RANKS[legal % HOLES] - RANKS[legal // HOLES]
        best = legal[gain == gain.max()]
        return int(best[rng.randrange(len(best))])

    return act


# Graded opponents: engine options and limits by name, or a strength
# level of tiaoqi.levels() (its Elo measured from random = 0).
OPPONENTS = {
    "random": {"search": "random"},
    "greedy": {"search": "greedy"},
    "beginner": {"level": "beginner"},
    "novice": {"level": "novice"},
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="game pairs per opponent")
    parser.add_argument("--opponents", nargs="*", default=list(OPPONENTS), choices=OPPONENTS)
    arguments = parser.parse_args()

    print(f"Elo against each opponent, {arguments.rounds} game pairs, 95% interval:")
    print("| agent | " + " | ".join(arguments.opponents) + " |")
    print("|---|" + "---|" * len(arguments.opponents))
    for name, make in [("random", random_agent), ("greedy", greedy_agent)]:
        ratings = [
            tiaoqi.rate(make(1), OPPONENTS[opponent], rounds=arguments.rounds)
            for opponent in arguments.opponents
        ]
        print(f"| {name} | " + " | ".join(str(rating) for rating in ratings) + " |")


if __name__ == "__main__":
    main()
