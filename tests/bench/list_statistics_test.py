#!/usr/bin/python3
"""Tests of what the standing list's statistics promise with few tables
(bench/list): a first round that compares every entry with every other
through the tables, a fit that names the groups of a pool whose tables
never met, intervals as wide as the games allow, and the A/A check (the
same player under two names lands within its interval) on simulated
pools and on the repository's own pools at every table size.

Usage: list_statistics_test.py BUILD_DIR (a build with the Python
module, whose fit the list uses)."""

import json
import math
import os
import random
import sys
import unittest

sys.dont_write_bytecode = True
# Imports start at the repository's root (bench.list), not this folder.
sys.path[0] = os.path.abspath(os.path.join(__file__, "../../.."))
from tests.bench.list_support import DEFINITION, REPO, WithStats  # noqa: E402
from bench.list import aa  # noqa: E402
from bench.list import groups  # noqa: E402
from bench.list import information  # noqa: E402
from bench.list import ratings  # noqa: E402
from bench.list import schedule  # noqa: E402
from bench.list.simulate import simulated_tables  # noqa: E402

POOLS = os.path.join(REPO, "bench", "results", "list")
# The list's own definition, which names the anchor of its pools.
with open(os.path.join(REPO, "bench", "list", "list.json"), encoding="utf-8") as file:
    LIST = json.load(file)
# The list: six entries at three players, three tables each.
SIX = ["random", "greedy", "paranoid", "brs", "mcts", "default"]


def as_tables(seatings):
    return [{"entries": [{"key": key} for key in seats]} for seats in seatings]


class Connected(unittest.TestCase):
    def test_the_first_round_compares_every_entry_with_every_other(self):
        seatings = schedule.plan_round(SIX, [], {}, 3, 3)
        # One round gives every entry its three tables ...
        counts = schedule.tables_played(as_tables(seatings))
        self.assertEqual(counts, {key: 3 for key in SIX}, seatings)
        # ... and joins them all: the definition's order no longer seats
        # random, greedy and paranoid apart from brs, mcts and default.
        self.assertEqual(groups.groups_of(SIX, seatings), [SIX], seatings)

    def test_a_round_joins_the_groups_of_a_split_pool(self):
        # The pool the old schedule played: two groups of three, the
        # second one rated far apart on the prior alone.
        split = [["random", "greedy", "paranoid"], ["brs", "mcts", "default"]] * 2
        rated = {"random": 0, "greedy": 600, "paranoid": 1000, "brs": 3000, "mcts": 3200}
        rated["default"] = 3300
        seatings = schedule.plan_round(SIX, as_tables(split), rated, 3, 3)
        self.assertTrue(seatings)
        self.assertEqual(len(groups.groups_of(SIX, split + seatings)), 1, seatings)

    def test_the_groups_of_a_pool_put_the_anchors_first(self):
        tables = as_tables([["brs", "mcts"], ["random", "greedy"], ["greedy", "paranoid"]])
        keys = ["brs", "mcts", "random", "greedy", "paranoid"]
        self.assertEqual(
            groups.pool_groups(tables, keys, "random"),
            [["random", "greedy", "paranoid"], ["brs", "mcts"]],
        )


class Fit(WithStats):
    def test_the_fit_names_groups_that_never_met_and_compares_none_across(self):
        one = simulated_tables(
            {"random": 0, "greedy": 500, "paranoid": 900}, 3, 4, random.Random(1)
        )
        two = simulated_tables({"brs": 0, "mcts": 300, "default": 400}, 3, 4, random.Random(2))
        rows = ratings.rate(self.stats, one + two, "random")
        group = {row["key"]: row["group"] for row in rows}
        self.assertEqual(
            group, {"random": 0, "greedy": 0, "paranoid": 0, "brs": 1, "mcts": 1, "default": 1}
        )
        for place, row in enumerate(rows):
            below = [other for other in rows[place + 1 :] if other["group"] == row["group"]]
            self.assertEqual("los_next" in row, bool(below), row)

    def test_two_equal_players_get_an_interval_as_wide_as_their_games_allow(self):
        games = 24
        # Two players of one strength over N games: each game tells
        # p(1 - p) = 1/4 of their log-strengths' difference, and the prior
        # adds one drawn game, so its deviation is 2 / sqrt(N + 1), in Elo
        # 400 / ln 10 times that: 69 Elo, and a 95% interval of +-136.
        least = information.Z95 * information.ELO_PER_UNIT * 2 / math.sqrt(games + 1)
        held = 0
        for seed in range(1, 41):
            pool = simulated_tables({"a": 0, "b": 0}, 2, games // 2, random.Random(seed))
            fitted = ratings.bootstrap(self.stats, pool, "a")
            low, high = fitted.difference("b", "a")
            gap = fitted.ratings["b"]
            with self.subTest(seed=seed):
                self.assertGreaterEqual(gap - low, least * 0.999)
                self.assertGreaterEqual(high - gap, least * 0.999)
            held += low <= 0 <= high
        # About 95% of 40 hold the true difference, 0 (seeded: the same
        # every run).
        self.assertGreaterEqual(held, 36)

    def test_four_tables_at_six_players_give_intervals_that_hold(self):
        # The pool that rated paranoid +855 [+824, +890] after 24 games:
        # four tables of six.
        found = aa.simulated(self.stats, 6, 4, 20, DEFINITION)
        self.assertEqual(found["pools"], 20)
        self.assertGreaterEqual(found["held"], 18, found)
        self.assertGreaterEqual(found["truths"] / found["intervals"], 0.9, found)
        self.assertLess(abs(found["los"] - 0.5), 0.15, found)

    def test_an_entry_split_in_two_in_every_real_pool_lands_within_its_interval(self):
        for size in ("2", "3", "4", "6"):
            tables = ratings.read_pool(os.path.join(POOLS, f"pool-{size}p.jsonl"))
            if not tables:
                continue
            rows = aa.in_pool(self.stats, tables, ratings.anchor_key(tables, LIST))
            held = sum(low <= 0 <= high for _, _, (low, high), _ in rows)
            with self.subTest(players=size):
                self.assertGreaterEqual(held / len(rows), 0.85, rows)

    def test_release_43480d7_and_the_default_differ_within_their_interval(self):
        # At two players they play the same games move for move at equal
        # nodes: one player, whose difference the interval must hold.
        tables = ratings.read_pool(os.path.join(POOLS, "pool-2p.jsonl"))
        newest = {e["name"]: e["key"] for t in tables for e in t["entries"]}
        if "release-43480d7" not in newest:
            self.skipTest("no release-43480d7 in the two-player pool")
        fitted = ratings.bootstrap(self.stats, tables, ratings.anchor_key(tables, LIST))
        low, high = fitted.difference(newest["release-43480d7"], newest["default"])
        self.assertLessEqual(low, 0)
        self.assertGreaterEqual(high, 0)


if __name__ == "__main__":
    unittest.main(verbosity=2)
