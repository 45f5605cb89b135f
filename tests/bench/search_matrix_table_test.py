#!/usr/bin/python3
"""Tests of bench/search_matrix_table: the table it prints from a folder of
match summaries, and its answers to a folder that is missing, empty or
holds a broken summary (a match cut short)."""

import json
import os
import subprocess
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLE = os.path.join(REPO, "bench", "search_matrix_table")


def run(folder):
    result = subprocess.run([TABLE, folder], capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout, result.stderr


class SearchMatrixTable(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.folder.cleanup()

    def write(self, name, text):
        with open(os.path.join(self.folder.name, name), "w", encoding="utf-8") as file:
            file.write(text)

    def test_a_missing_folder_is_named(self):
        status, out, err = run(os.path.join(self.folder.name, "nowhere"))
        self.assertEqual(status, 2)
        self.assertEqual(out, "")
        self.assertIn("nowhere' is not a folder", err)

    def test_an_empty_folder_has_no_table(self):
        status, out, err = run(self.folder.name)
        self.assertEqual(status, 1)
        self.assertEqual(out, "")
        self.assertIn("no match summaries", err)

    def test_a_broken_summary_is_skipped_and_the_whole_ones_printed(self):
        engines = [
            {"name": "mcts", "wins": 3, "games": 4, "average_placement": 1.25},
            {"name": "brs", "wins": 1, "games": 12, "average_placement": 2.5},
        ]
        self.write("p3_50ms_mcts_vs_brs.json", json.dumps({"results": {"engines": engines}}))
        self.write("p3_50ms_mcts_vs_maxn.json", '{"results": {"eng')
        status, out, err = run(self.folder.name)
        self.assertEqual(status, 0)
        self.assertEqual(
            out,
            "\n3 players, 50 ms a move (an equal search is first in 33%)\n\n"
            "| search | vs brs | worst case |\n"
            "|---|---|---|\n"
            "| mcts | 75% [30, 95] of 4, place 1.25 | 75% |\n",
        )
        self.assertIn("skipping", err)
        self.assertIn("p3_50ms_mcts_vs_maxn.json: not a match summary", err)


if __name__ == "__main__":
    unittest.main()
