#!/usr/bin/python3
"""Tests of bench/levels (the pool's fit, its entries, the line to the
rating list's scale) and bench/levels_table (the table from a record, its
check against the engine's table)."""

import importlib.machinery
import importlib.util
import json
import math
import os
import subprocess
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LEVELS = os.path.join(REPO, "bench", "levels")
TABLE = os.path.join(REPO, "bench", "levels_table")


def load_levels():
    loader = importlib.machinery.SourceFileLoader("levels", LEVELS)
    spec = importlib.util.spec_from_loader("levels", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


levels = load_levels()


def expected_score(difference):
    return 1 / (1 + 10 ** (-difference / 400))


class Fit(unittest.TestCase):
    def test_an_even_pair_is_level(self):
        elo, errors = levels.fit(2, {(1, 0): (20, 10.0)})
        self.assertEqual(elo[0], 0)
        self.assertAlmostEqual(elo[1], 0, places=6)
        self.assertGreater(errors[1], 0)

    def test_the_fit_matches_the_scores_with_the_virtual_draw(self):
        # 15 of 20 and the virtual draw: 15.5 of 21.
        elo, _ = levels.fit(2, {(1, 0): (20, 15.0)})
        self.assertAlmostEqual(expected_score(elo[1]), 15.5 / 21, places=6)

    def test_a_pair_won_outright_stays_finite(self):
        elo, errors = levels.fit(2, {(1, 0): (10, 10.0)})
        self.assertTrue(math.isfinite(elo[1]) and math.isfinite(errors[1]))
        self.assertAlmostEqual(expected_score(elo[1]), 10.5 / 11, places=6)

    def test_entries_that_never_meet_are_rated_through_the_others(self):
        # A chain 0 - 1 - 2, each step 75% with its virtual draw: 2 lies two
        # steps above 0, as no virtual draw between 0 and 2 pulls them
        # together.
        elo, errors = levels.fit(3, {(1, 0): (39, 29.5), (2, 1): (39, 29.5)})
        step = 400 * math.log10(3)
        self.assertAlmostEqual(elo[1], step, places=4)
        self.assertAlmostEqual(elo[2], 2 * step, places=4)
        self.assertGreater(errors[2], errors[1])

    def test_the_map_runs_straight_between_the_points_and_on_beyond_them(self):
        to_list = levels.list_map([(100, 60), (0, 0), (300, 460)])
        self.assertAlmostEqual(to_list(50), 30)
        self.assertAlmostEqual(to_list(100), 60)
        self.assertAlmostEqual(to_list(200), 260)
        self.assertAlmostEqual(to_list(400), 660)
        self.assertAlmostEqual(to_list(-10), -6)

    def test_settings_in_another_order_on_the_list_give_no_map(self):
        self.assertIsNone(levels.list_map([(0, 0), (100, 200), (200, 150)]))


class Entries(unittest.TestCase):
    TABLE = [("beginner", 100), ("learner", 300), ("casual", 1000), ("club", 1500)]

    def test_the_pool_holds_random_the_levels_and_greedy(self):
        entries = levels.pool_entries(self.TABLE, set())
        self.assertEqual(
            [name for name, _ in entries],
            ["random", "beginner", "learner", "casual", "greedy", "club"],
        )
        options = dict(entries)
        self.assertEqual(options["random"], {"Search": "random"})
        self.assertEqual(options["club"], {"UCI_LimitStrength": "true", "UCI_Elo": "1500"})

    def test_greedy_is_second_without_its_level(self):
        entries = levels.pool_entries(self.TABLE, {"learner", "club"})
        self.assertEqual([name for name, _ in entries], ["random", "greedy", "learner", "club"])

    def test_a_setting_between_levels_takes_the_elo_between_theirs(self):
        elo = {"learner": 800, "casual": 1000}
        self.assertAlmostEqual(levels.point_elo("learner+0.25", elo, self.TABLE), 850)
        self.assertEqual(levels.point_elo("casual", elo, self.TABLE), 1000)
        self.assertIsNone(levels.point_elo("club+0.5", {"club": 1}, self.TABLE))
        self.assertIsNone(levels.point_elo("beginner+0.5", elo, self.TABLE))


class LevelsTable(unittest.TestCase):
    def run_table(self, *words):
        result = subprocess.run([TABLE, *words], capture_output=True, text=True, timeout=60)
        return result.returncode, result.stdout, result.stderr

    def test_the_engine_plays_the_newest_record(self):
        status, out, err = self.run_table("--check")
        self.assertEqual(status, 0, err)
        self.assertIn("the table is record levels-", out)

    def test_a_record_that_differs_fails_the_check(self):
        with open(os.path.join(REPO, "bench", "results", "pool.jsonl")) as file:
            record = json.loads(file.read().splitlines()[-1])
        for entry in record["entries"]:
            if "uci_elo" in entry:
                entry["uci_elo"] += 1000
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl") as file:
            file.write(json.dumps(record) + "\n")
            file.flush()
            status, _, err = self.run_table("--check", file.name)
            self.assertEqual(status, 1)
            self.assertIn("differs from the pool", err)

    def test_a_missing_file_is_named(self):
        status, _, err = self.run_table("--check", "/nowhere/pool.jsonl")
        self.assertEqual(status, 2)
        self.assertIn("/nowhere/pool.jsonl", err)


if __name__ == "__main__":
    unittest.main()
