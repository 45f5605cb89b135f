#!/usr/bin/python3
"""Tests of bench/strength: its answers to bad command lines (one line,
exit status 2, nothing written), the tiaoqi-match commands of --dry-run,
and the records of tiny real cells (3 players, 50 nodes a move, one
opening: three games a cell), with an interrupted run going on and a
recorded one played again only when --again asks.

Usage: bench_strength_test.py BUILD_DIR [Arguments | Cells]. Arguments
needs no build; Cells needs the build's tiaoqi and tiaoqi-match. The
script runs in the source tree with --dirty, its records and matches in a
scratch folder."""

import json
import os
import shlex
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else os.path.join(REPO, "build")
SCRIPT = os.path.join(REPO, "bench", "strength")
ENGINE = os.path.join(BUILD, "protocol", "tiaoqi")


def run_strength(*words):
    env = {name: value for name, value in os.environ.items() if name != "TIAOQI_MATCH"}
    env.update(TIAOQI_BUILD_DIR=BUILD)
    result = subprocess.run([SCRIPT, *words], capture_output=True, text=True, env=env, timeout=300)
    return result.returncode, result.stdout, result.stderr


class Case(unittest.TestCase):
    def setUp(self):
        if subprocess.run(["git", "rev-parse"], cwd=REPO, capture_output=True).returncode != 0:
            self.skipTest("the source tree is no git checkout: no commit to record")
        self.scratch = tempfile.TemporaryDirectory()
        self.results = os.path.join(self.scratch.name, "matches.jsonl")
        self.out = os.path.join(self.scratch.name, "out")

    def tearDown(self):
        self.scratch.cleanup()


class Arguments(Case):
    def assert_refused(self, words, message):
        status, out, err = run_strength(*words, "--no-build", "--results", self.results)
        self.assertEqual(status, 2, err)
        self.assertEqual(out, "")
        self.assertEqual(err.splitlines(), [f"strength: {message}", "(see bench/strength --help)"])
        self.assertFalse(os.path.exists(self.results))
        self.assertFalse(os.path.exists(self.out))

    def test_bad_command_lines_are_refused(self):
        cases = [
            (["--players", "5"], "--players expects 2, 3, 4 or 6, got '5'"),
            (
                ["--players", "2 3", "--tables", "paranoid mixed"],
                "--tables mixed needs 3 players or more (at 2 the table is one engine)",
            ),
            (["--players", "3 x"], "--players expects a whole number, got 'x'"),
            (["--players", ""], "--players expects one or more words, got ''"),
            (["--players", "3 3"], "--players names a value twice: '3 3'"),
            (["--movetime", "50", "--nodes", "50"], "give --movetime or --nodes, not both"),
            (["--nodes", "0"], "--nodes expects a whole number of at least 1, got '0'"),
            (
                ["--tables", "paranoid greedy"],
                "--tables: no table 'greedy' (the tables: paranoid, brs, maxn, mctsbrs, mcts, base,"
                " mixed)",
            ),
            (["--rules", "strict"], "--rules expects default or peer, got 'strict'"),
            (["--openings", "0"], "--openings expects a whole number of at least 1, got '0'"),
            (
                ["--engine-option", "Hash=16"],
                "--engine-option Hash: every engine plays with Hash 64 and Threads 1",
            ),
            (["--engine-option", "Search"], "--engine-option expects Name=Value, got 'Search'"),
            (["--tables", "base"], "the table base needs --base COMMIT"),
            (
                ["--base", "HEAD"],
                "--base is the commit of the table base, which --tables does not name",
            ),
            (
                ["--tables", "base", "--base", "no-such-commit"],
                "'no-such-commit' is no commit of this repository",
            ),
            (["--id-prefix", ""], "--id-prefix expects a word, got ''"),
            (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        ]
        for words, message in cases:
            with self.subTest(words=words):
                self.assert_refused(words + ["--out", self.out], message)
        missing = os.path.join(self.scratch.name, "nowhere", "matches.jsonl")
        status, _, err = run_strength("--dry-run", "--results", missing)
        self.assertEqual(status, 2)
        self.assertIn("does not exist", err)

    def test_a_dry_run_prints_each_cells_command_and_plays_nothing(self):
        status, out, err = run_strength(
            "--no-build",
            "--dry-run",
            "--players",
            "3 6",
            "--nodes",
            "50",
            "--tables",
            "paranoid mixed",
            "--rules",
            "default peer",
            "--openings",
            "2",
            "--engine-option",
            "MctsExploration=0.3",
            "--results",
            self.results,
            "--out",
            self.out,
        )
        self.assertEqual(status, 0, err)
        lines = out.splitlines()
        self.assertEqual(
            lines[0::2],
            [
                f"# strength-mcts-{table}-{players}p-50nodes-{rules}"
                for players in (3, 6)
                for rules in ("default", "peer")
                for table in ("paranoid", "mixed")
            ],
        )
        commands = [shlex.split(line) for line in lines[1::2]]
        self.assertEqual(commands[0][0], os.path.join(BUILD, "tools", "tiaoqi-match"))
        self.assertEqual(
            commands[0][1:11],
            [
                "-engine",
                f"cmd={ENGINE}",
                "name=mcts",
                "Search=mcts",
                "MctsExploration=0.3",
                "-engine",
                f"cmd={ENGINE}",
                "name=paranoid",
                "Search=paranoid",
                "-each",
            ],
        )
        six_mixed = commands[5]
        names = [word for word in six_mixed if word.startswith("name=")]
        self.assertEqual(
            names,
            [
                "name=mcts",
                "name=paranoid",
                "name=brs",
                "name=maxn",
                "name=mctsbrs",
                "name=paranoid-2",
            ],
        )
        for command in commands:
            text = shlex.join(command)
            self.assertIn("-each Hash=64 Threads=1", text)
            self.assertIn("--nodes 50", text)
            self.assertIn("--openings 2 --seed 1 --random-plies 4", text)
            folder = os.path.dirname(command[command.index("--json") + 1])
            self.assertEqual(os.path.dirname(folder), self.out)
        peer = [shlex.join(command) for command in commands[2:4] + commands[6:8]]
        self.assertTrue(all("--rule ForeignStop=true --rule GoalRule=own" in text for text in peer))
        self.assertFalse(any("--rule" in shlex.join(c) for c in commands[0:2] + commands[4:6]))
        self.assertEqual(len({command[command.index("--json") + 1] for command in commands}), 8)
        self.assertFalse(os.path.exists(self.out))
        self.assertFalse(os.path.exists(self.results))


class Cells(Case):
    def records(self):
        with open(self.results, encoding="utf-8") as file:
            return [json.loads(line) for line in file]

    def play(self, tables, *more):
        words = [
            "--players",
            "3",
            "--nodes",
            "50",
            "--tables",
            tables,
            "--openings",
            "1",
            "--results",
            self.results,
            "--out",
            self.out,
            "--dirty",
            "--no-build",
            *more,
        ]
        status, out, err = run_strength(*words)
        self.assertEqual(status, 0, err)
        return out, err

    def test_a_cell_appends_its_record(self):
        out, _ = self.play("paranoid")
        (record,) = self.records()
        self.assertIn("strength: strength-mcts-paranoid-3p-50nodes-default: first in", out)
        self.assertEqual(
            [record["kind"], record["id"], record["players"], record["games"]],
            ["match", "strength-mcts-paranoid-3p-50nodes-default", 3, 3],
        )
        self.assertEqual(
            record["command"],
            "bench/strength --players 3 --nodes 50 --tables paranoid --rules default"
            " --openings 1 --seed 1 --concurrency 1"
            f" --results {self.results} --out {self.out} --no-build --dirty",
        )
        self.assertEqual(record["time"], {"nodes": 50})
        self.assertEqual([record["rules"], record["rules_profile"]], [{}, "default"])
        self.assertEqual(
            [record["search"], record["options"], record["opponents"]], ["mcts", {}, "paranoid"]
        )
        self.assertIn(record["first"], range(0, 4))
        self.assertTrue(
            0 <= record["first_low"] <= 100 * record["first"] / 3 <= record["first_high"] <= 100
        )
        self.assertTrue(1 <= record["mean_place"] <= 3)
        self.assertAlmostEqual(record["equal_share"], 1 / 3)
        self.assertGreater(record["engine"]["signature"], 0)
        self.assertEqual(len(record["engine"]["commit"]), 40)
        self.assertIn("dirty", record)
        # The games each engine forfeited, apart from its losses: none here.
        self.assertEqual(record["faults"], {"mcts": 0, "paranoid": 0})
        self.assertEqual(record["time_losses"], {"mcts": 0, "paranoid": 0})
        for key in ("move_ms", "table_move_ms"):
            self.assertEqual(sorted(record[key]), ["max", "mean", "moves", "over_movetime"])
            self.assertGreater(record[key]["moves"], 0)
            self.assertEqual(record[key]["over_movetime"], 0)
        # The figures are the runner's: the engine's row of the summary.
        (summary_path,) = [
            os.path.join(root, name)
            for root, _, names in os.walk(self.out)
            for name in names
            if name == "summary.json"
        ]
        with open(summary_path, encoding="utf-8") as file:
            rows = json.load(file)["results"]["engines"]
        row = next(row for row in rows if row["name"] == "mcts")
        self.assertEqual(record["first"], row["wins"] + row["draws"])
        self.assertEqual(record["wins"], row["wins"])
        self.assertEqual(record["move_ms"]["moves"], row["moves"])
        self.assertEqual(
            record["table_move_ms"]["moves"], sum(r["moves"] for r in rows) - row["moves"]
        )

        # A run of two cells skips the one recorded, as after an interruption.
        _, err = self.play("paranoid brs")
        self.assertIn("strength-mcts-paranoid-3p-50nodes-default before", err)
        self.assertEqual(
            [r["id"] for r in self.records()],
            ["strength-mcts-paranoid-3p-50nodes-default", "strength-mcts-brs-3p-50nodes-default"],
        )
        # Every cell of the command recorded: the same command plays
        # nothing, unless --again.
        out, _ = self.play("paranoid")
        self.assertEqual(
            out,
            f"strength: every cell of the command is recorded already in"
            f" {self.results}: nothing played (--again measures them again)\n",
        )
        self.assertEqual(len(self.records()), 2)
        self.play("paranoid", "--again")
        self.assertEqual(self.records()[-1]["id"], "strength-mcts-paranoid-3p-50nodes-default-2")


if __name__ == "__main__":
    unittest.main()
