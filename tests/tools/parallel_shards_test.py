#!/usr/bin/python3
"""A match played as shards by GNU parallel on this machine (`-j2`, no
hosts, as docs/match.md's "Sharding across machines" does over hosts),
merged by `tiaoqi-match merge`, gives the same games and the same
statistics as the match played in one run.

Usage: parallel_shards_test.py   (TIAOQI_ENGINE and TIAOQI_MATCH name the
binaries; Debian's parallel must be installed, as tools/dev/setup does)
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ENGINE = os.environ.get("TIAOQI_ENGINE", "build/protocol/tiaoqi")
MATCH = os.environ.get("TIAOQI_MATCH", "build/tools/tiaoqi-match")
# Depth-limited alpha-beta against greedy: the same games in any process
# and on any machine, whatever else runs.
MATCH_ARGUMENTS = [
    "-engine",
    "cmd=" + ENGINE,
    "name=alphabeta",
    "Search=alphabeta",
    "-engine",
    "cmd=" + ENGINE,
    "name=greedy",
    "Search=greedy",
    "--depth",
    "2",
    "--openings",
    "4",
    "--seed",
    "5",
    "--max-plies",
    "80",
    "--quiet",
]
# What a game's entry holds besides its times.
GAME_KEYS = ("game", "opening", "rotation", "seats", "result", "termination", "faults")
# What an engine's row holds besides its times.
ROW_KEYS = ("name", "games", "wins", "draws", "losses", "points", "time_losses", "faults")


def moves_of(record_path):
    """Every game's moves, without the times and scores of the comments."""
    with open(record_path, encoding="utf-8") as file:
        return [
            re.sub(r" \d+ \{[^}]*\}$", "", line.rstrip("\n"))
            for line in file
            if re.match(r"^\d+\. p\d ", line)
        ]


class ParallelShards(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="tiaoqi_parallel_")

    def tearDown(self):
        shutil.rmtree(self.folder)

    def run_in_folder(self, command):
        result = subprocess.run(
            command, cwd=self.folder, capture_output=True, text=True, timeout=600
        )
        self.assertEqual(result.returncode, 0, "%s\n%s%s" % (command, result.stdout, result.stderr))
        return result

    def read_json(self, name):
        with open(os.path.join(self.folder, name), encoding="utf-8") as file:
            return json.load(file)

    def test_shards_by_parallel_merge_into_the_match_of_one_run(self):
        self.assertIsNotNone(shutil.which("parallel"), "GNU parallel (tools/dev/setup installs it)")
        match = " ".join("'%s'" % word for word in [os.path.abspath(MATCH)] + MATCH_ARGUMENTS)
        self.run_in_folder(
            [
                "parallel",
                "-j2",
                "--halt",
                "now,fail=1",
                match + " --shard {}/2 --json shard-{}.json --record shard-{}.txt",
                ":::",
                "1",
                "2",
            ]
        )
        self.run_in_folder(
            [
                MATCH,
                "merge",
                "shard-1.json",
                "shard-2.json",
                "--records",
                "shard-1.txt",
                "shard-2.txt",
                "--json",
                "merged.json",
                "--record",
                "merged.txt",
            ]
        )
        self.run_in_folder(
            [MATCH] + MATCH_ARGUMENTS + ["--json", "whole.json", "--record", "whole.txt"]
        )

        merged, whole = self.read_json("merged.json"), self.read_json("whole.json")
        self.assertEqual(len(whole["games"]), 8)
        self.assertEqual(
            [{key: game[key] for key in GAME_KEYS} for game in merged["games"]],
            [{key: game[key] for key in GAME_KEYS} for game in whole["games"]],
        )
        self.assertEqual(
            [{key: row[key] for key in ROW_KEYS} for row in merged["results"]["engines"]],
            [{key: row[key] for key in ROW_KEYS} for row in whole["results"]["engines"]],
        )
        self.assertEqual(merged["results"]["elo"], whole["results"]["elo"])
        self.assertEqual(
            moves_of(os.path.join(self.folder, "merged.txt")),
            moves_of(os.path.join(self.folder, "whole.txt")),
        )
        self.assertGreater(len(moves_of(os.path.join(self.folder, "whole.txt"))), 8)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
