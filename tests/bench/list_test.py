#!/usr/bin/python3
"""Tests of the standing rating list (bench/list): the fit on finishing
orders simulated from known strengths at 3, 4 and 6 players, the finite
rating of an entry that won everything, the schedule of rounds (each
entry below its tables planned for at most one table a round, seated with
the nearest rated), and the update command on a tiny list of its own (20
nodes a move) in a scratch clone: --dry-run prints the round it then
plays, it plays what is missing and only that, and a run stopped in a
round loses nothing and counts nothing twice.

Usage: list_test.py BUILD_DIR (a build with tiaoqi, tiaoqi-match and the
Python module)."""

import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
# Imports start at the repository's root (bench.trials), not this folder.
sys.path[0] = os.path.abspath(os.path.join(__file__, "../../.."))
from tests.bench.list_support import BUILD, DEFINITION, REPO, ListClone, WithStats  # noqa: E402
from tests.bench.list_support import with_entries, with_pool  # noqa: E402
from bench.list import outside  # noqa: E402
from bench.list import pool_file  # noqa: E402
from bench.list import ratings  # noqa: E402
from bench.list import schedule  # noqa: E402
from bench.list.simulate import simulated_tables  # noqa: E402

ENGINE = os.path.join(BUILD, "protocol", "tiaoqi")


class Definition(unittest.TestCase):
    def test_the_list_plays_each_level_at_the_engines_own_uci_elo(self):
        # The list rates the levels the engine offers: an entry whose
        # UCI_Elo is not a level's row plays a blend of two levels.
        if not os.access(ENGINE, os.X_OK):
            self.skipTest(f"no engine at {ENGINE}")
        answer = subprocess.run(
            [ENGINE], input="levels\nquit\n", capture_output=True, text=True, check=True
        ).stdout
        offered = [line.split()[1::2] for line in answer.splitlines() if line.startswith("level ")]
        with open(os.path.join(REPO, "bench", "list", "list.json"), encoding="utf-8") as file:
            definition = json.load(file)
        rated = [
            [entry["name"], entry["options"]["UCI_Elo"]]
            for entry in definition["entries"]
            if entry.get("options", {}).get("UCI_LimitStrength") == "true"
        ]
        self.assertEqual(rated, offered)


class PoolFile(unittest.TestCase):
    def setUp(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.path = os.path.join(folder.name, "pool-2p.jsonl")

    def lines(self):
        with open(self.path, encoding="utf-8") as file:
            return [json.loads(line) for line in file]

    def test_each_identity_is_written_once_and_read_back_whole(self):
        old = {"key": "a@1", "name": "a", "commit": "1" * 40}
        # The same key from another commit is another identity.
        new = dict(old, commit="2" * 40)
        b = {"key": "b@2", "name": "b", "engine": ["cmd=b"]}
        game = {"seats": [0, 1], "order": [[0], [1]]}
        tables = [
            {"kind": "list-table", "table": n, "entries": entries, "games": [game]}
            for n, entries in enumerate(([old, b], [b, old], [new, b]), 1)
        ]
        pool_file.append(self.path, tables[:2])
        pool_file.append(self.path, tables[2:])
        self.assertEqual(
            [(line["kind"], line.get("id"), line.get("entries")) for line in self.lines()],
            [
                ("list-identity", 1, None),
                ("list-identity", 2, None),
                ("list-table", None, [1, 2]),
                ("list-table", None, [2, 1]),
                ("list-identity", 3, None),
                ("list-table", None, [3, 2]),
            ],
        )
        self.assertEqual(pool_file.read(self.path), tables)

    def test_a_line_it_cannot_read_is_named(self):
        for lines, why in (
            (['{"kind": "list-table", "entries": [1]}'], "line 1: entries are numbers of"),
            (['{"kind": "list-identity", "id": 2}'], "line 1: identity 1 expected, got id 2"),
            (['{"kind": "game"}'], "line 1: kind list-identity or list-table expected"),
            (["{", ""], "line 1 is no JSON object"),
        ):
            with self.subTest(why=why):
                with open(self.path, "w", encoding="utf-8") as file:
                    file.write("\n".join(lines) + "\n")
                with self.assertRaisesRegex(ValueError, re.escape(f"{self.path}: {why}")):
                    pool_file.read(self.path)


class Fit(WithStats):
    def test_the_fit_recovers_known_strengths_with_intervals_that_hold_them(self):
        truth = {"random": 0, "a": 150, "b": 300, "c": 380, "d": 500, "e": 650, "f": 700}
        held = total = 0
        for players, seed in ((3, 1), (3, 2), (4, 3), (4, 4), (6, 5), (6, 6)):
            pool = simulated_tables(truth, players, 360 // players, random.Random(seed))
            for row in ratings.rate(self.stats, pool, "random"):
                if row["key"] == "random":
                    self.assertEqual(row["rating"], 0.0)
                    continue
                with self.subTest(players=players, seed=seed, entry=row["key"]):
                    self.assertLess(abs(row["rating"] - truth[row["key"]]), 100)
                    self.assertLessEqual(row["low"], row["rating"])
                    self.assertGreaterEqual(row["high"], row["rating"])
                total += 1
                held += row["low"] <= truth[row["key"]] <= row["high"]
        # About 95% of the 36 intervals hold the truth (seeded: the same every run).
        self.assertGreaterEqual(held / total, 0.85, f"{held} of {total}")

    def test_an_entry_that_won_everything_has_a_finite_rating_and_an_open_interval(self):
        pool = simulated_tables({"random": 0, "a": 100, "b": 200}, 3, 12, random.Random(7))
        for table in pool:
            for game in table["games"]:
                winner = next(
                    p for p, s in enumerate(game["seats"]) if table["entries"][s]["key"] == "b"
                )
                rest = [p for p in range(3) if p != winner]
                game["order"] = [[winner]] + [[p] for p in rest]
        rows = {row["key"]: row for row in ratings.rate(self.stats, pool, "random")}
        self.assertTrue(math.isfinite(rows["b"]["rating"]))
        self.assertGreater(rows["b"]["rating"], rows["a"]["rating"])
        self.assertEqual(rows["b"]["high"], math.inf)
        self.assertTrue(math.isfinite(rows["b"]["low"]))
        self.assertTrue(math.isfinite(rows["a"]["high"]))
        self.assertGreater(rows["b"]["los_next"], 0.9)


def played_tables(seatings, tables):
    """The pool's tables after the seatings are played (no games: the
    schedule counts seats)."""
    return tables + [{"entries": [{"key": key} for key in seats]} for seats in seatings]


class Schedule(unittest.TestCase):
    def test_a_round_plans_each_entry_below_for_at_most_one_table(self):
        keys = ["a", "b", "c", "d", "e", "f", "g"]
        rated = {key: 100.0 * index for index, key in enumerate(keys)}
        # a has its tables, b lacks one, the others more.
        tables = [{"entries": [{"key": "a"}, {"key": "b"}, {"key": "c"}]}] * 2
        tables += [{"entries": [{"key": "a"}, {"key": "d"}, {"key": "e"}]}]
        seatings = schedule.plan_round(keys, tables, rated, 3, 3)
        firsts = [seats[0] for seats in seatings]
        self.assertEqual(len(set(firsts)), len(firsts))
        self.assertNotIn("a", firsts)
        counts = schedule.tables_played(tables)
        for seats in seatings:
            self.assertEqual(len(set(seats)), 3)
            # Below its tables, counting those planned before it in the round.
            self.assertLess(counts.get(seats[0], 0), 3, seatings)
            for key in seats:
                counts[key] = counts.get(key, 0) + 1
        # The round ends once every entry was planned for a table or has
        # its tables: c and e reached theirs as others' neighbours.
        self.assertEqual(firsts, ["f", "d", "g", "b"])
        self.assertTrue(all(key in firsts or counts[key] >= 3 for key in keys), counts)

    def test_a_round_seats_the_entries_rated_nearest(self):
        keys = ["random", "weak", "middle", "strong", "best"]
        rated = {"random": 0.0, "weak": 100.0, "middle": 500.0, "strong": 560.0, "best": 900.0}
        full = [{"entries": [{"key": key} for key in keys]}] * 4
        # Only middle lacks a table: it sits with strong, then weak (60, 400 away).
        tables = [{"entries": [{"key": k} for k in keys if k != "middle"]}] + full
        self.assertEqual(
            schedule.plan_round(keys, tables, rated, 5, 3), [["middle", "strong", "weak"]]
        )

    def test_the_first_round_of_three_entries_at_two_players_is_a_round_robin(self):
        keys = ["random", "greedy", "mcts"]
        self.assertEqual(
            schedule.plan_round(keys, [], {}, 2, 2),
            [["random", "greedy"], ["mcts", "random"], ["greedy", "mcts"]],
        )

    def test_rounds_end_once_every_entry_has_its_tables(self):
        keys = [f"e{number}" for number in range(9)]
        rated = {key: 37.0 * (index % 4) for index, key in enumerate(keys)}
        tables, rounds = [], 0
        while True:
            seatings = schedule.plan_round(keys, tables, rated, 6, 4)
            if not seatings:
                break
            counts = schedule.tables_played(tables)
            for seats in seatings:
                # Each table is planned for an entry still below its tables.
                self.assertLess(counts.get(seats[0], 0), 6)
                for key in seats:
                    counts[key] = counts.get(key, 0) + 1
            tables = played_tables(seatings, tables)
            rounds += 1
            self.assertLess(rounds, 7)
        counts = schedule.tables_played(tables)
        self.assertTrue(all(counts[key] >= 6 for key in keys), counts)
        # The first round plans a table for every entry: 9 tables.
        self.assertEqual(len(schedule.plan_round(keys, [], rated, 6, 4)), 9)


# JumpStar's strongest bot, entered as docs/list.md enters it.
TT_PVS = {
    "name": "jumpstar-tt-pvs",
    "engine": [
        "cmd=/usr/bin/python3 {thirdparty}/jumpstar/tools/ccp_cczero_bot.py"
        " --engine {build}/jumpstar/cczero --bot tt-pvs",
        "proto=ccp",
    ],
    "needs": "jumpstar",
    "public_rating": 737,
}
# The public pool: two players under the public list's rules.
PUBLIC = {
    "name": "2p-public",
    "table_sizes": [2],
    "control": {"nodes": 20},
    "rules": "CCERL-2P10-v2",
    "tables_per_entry": 2,
    "entries": ["random", "greedy", "jumpstar-tt-pvs"],
}
THIRDPARTY = os.path.join(os.path.dirname(REPO), "shared", "thirdparty")
JUMPSTAR = os.path.join(THIRDPARTY, "jumpstar")


class Update(ListClone):
    def setUp(self):
        self.folder = tempfile.mkdtemp(dir=self.scratch.name)
        self.definition = os.path.join(self.folder, "list.json")
        self.pools = os.path.join(self.folder, "pools")
        self.write(DEFINITION)

    def write(self, definition):
        with open(self.definition, "w", encoding="utf-8") as file:
            json.dump(definition, file)

    def update(self, *words, environment=None):
        environment = dict(os.environ, TIAOQI_BUILD_DIR=BUILD, **(environment or {}))
        if "TIAOQI_MATCH" not in (environment or {}):
            environment.pop("TIAOQI_MATCH", None)
        result = subprocess.run(
            [os.path.join(self.clone, "bench", "list", "update"), "--definition", self.definition]
            + ["--pool-folder", self.pools, "--no-build", *words],
            capture_output=True,
            text=True,
            env=environment,
            timeout=300,
        )
        return result.returncode, result.stdout, result.stderr

    def pool(self, size):
        """The pool at that table size, or of that name (`2p-public`)."""
        name = size if isinstance(size, str) else f"{size}p"
        return ratings.read_pool(os.path.join(self.pools, f"pool-{name}.jsonl"))

    def test_an_added_entry_plays_only_its_tables(self):
        status, out, err = self.update("--players", "2")
        self.assertEqual(status, 0, err)
        before = self.pool(2)
        counts = {}
        for table in before:
            self.assertEqual(len(table["games"]), 2)
            for entry in table["entries"]:
                counts[entry["name"]] = counts.get(entry["name"], 0) + 1
        self.assertTrue(all(count >= 2 for count in counts.values()), counts)
        # Up to date: nothing more.
        status, out, err = self.update("--players", "2")
        self.assertEqual(status, 0, err)
        self.assertIn(
            f"list: 2 players: 0 tables played, {len(before)} in the pool", out.splitlines()
        )
        # The list itself, at the end, as --help promises.
        self.assertIn(f"2 players, {len(before)} tables, control nodes 20,", out)
        self.write(
            with_entries(DEFINITION, {"name": "paranoid", "options": {"Search": "paranoid"}})
        )
        status, out, err = self.update("--players", "2")
        self.assertEqual(status, 0, err)
        after = self.pool(2)
        self.assertEqual(after[: len(before)], before)
        added = after[len(before) :]
        self.assertEqual(len(added), 2)
        for table in added:
            self.assertIn("paranoid", [entry["name"] for entry in table["entries"]])
        # Each entry's identity: its commit and its build's signature.
        identity = added[0]["entries"][0]
        self.assertEqual(identity["commit"], self.head)
        self.assertGreater(identity["signature"], 0)

    def test_dry_run_prints_the_round_that_is_then_played(self):
        status, out, err = self.update("--players", "2", "--dry-run")
        self.assertEqual(status, 0, err)
        # It writes nothing, not even the pools' folder.
        self.assertFalse(os.path.exists(self.pools))
        planned = out.splitlines()
        # Three entries, none rated: one round, each the first of one table.
        self.assertEqual(
            [line.split(":")[1] for line in planned],
            [" 2 players, table 1", " 2 players, table 2", " 2 players, table 3"],
        )
        names = [[key.split("@")[0] for key in line.rsplit(": ", 1)[1].split()] for line in planned]
        self.assertEqual(names, [["random", "greedy"], ["mcts", "random"], ["greedy", "mcts"]])
        # Tables' folders of their own: none played by an earlier run.
        status, out, err = self.update("--players", "2", "--out", os.path.join(self.folder, "t"))
        self.assertEqual(status, 0, err)
        self.assertIn("list: 2 players: a round of 3 tables (1 to 3)", err)
        # A line as each table ends, with the time so far and left.
        progress = re.findall(
            r"^list: 2 players: after (\d)/3 tables, \d+:\d\d elapsed,", err, re.M
        )
        self.assertEqual(progress[:3], ["1", "2", "3"], err)
        self.assertIn(", about 0:00 left", err)
        self.assertEqual(out.splitlines()[:3], planned)
        pool = self.pool(2)
        self.assertEqual(
            [[entry["key"] for entry in table["entries"]] for table in pool[:3]],
            [line.rsplit(": ", 1)[1].split() for line in planned],
        )
        self.assertEqual([table["opening"]["seed"] for table in pool[:3]], [5001, 5002, 5003])

    def test_every_path_is_read_from_the_current_folder(self):
        status, _, err = self.update("--players", "2")
        self.assertEqual(status, 0, err)
        tables = len(self.pool(2))
        # From the test's folder, beside the clone: relative paths.
        result = subprocess.run(
            [os.path.join(self.clone, "bench", "list", "update"), "--definition", "list.json"]
            + ["--pool-folder", "pools", "--players", "2", "--show"],
            capture_output=True,
            text=True,
            cwd=self.folder,
            env=dict(os.environ, TIAOQI_BUILD_DIR=BUILD),
            timeout=300,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith(f"2 players, {tables} tables,"), result.stdout)
        self.assertFalse(os.path.exists(os.path.join(self.clone, "pools")))

    def test_a_pool_of_other_rules_or_control_is_refused(self):
        status, _, err = self.update("--players", "2")
        self.assertEqual(status, 0, err)
        path = os.path.join(self.pools, "pool-2p.jsonl")
        for change, why in (
            (
                {"control": {"nodes": 30}},
                'control {"nodes": 20} (table 1), the definition asks' ' control {"nodes": 30}',
            ),
            (
                {"rules": {"ForeignStop": "true"}},
                "rules {} (table 1), the definition asks rules" ' {"ForeignStop": "true"}',
            ),
        ):
            with self.subTest(why=why):
                self.write(with_pool(DEFINITION, **change))
                status, out, err = self.update("--players", "2")
                self.assertEqual([status, out], [2, ""], err)
                self.assertEqual(
                    err.splitlines()[0],
                    f"list/update: {path} holds tables at {why}: give the pool a"
                    " name of its own or a --pool-folder",
                )

    def test_show_names_the_rules_the_control_the_dates_and_the_options(self):
        status, _, err = self.update("--players", "2")
        self.assertEqual(status, 0, err)
        status, out, err = self.update("--players", "2", "--show")
        self.assertEqual(status, 0, err)
        head, *rows = out.splitlines()
        self.assertRegex(
            head,
            r"^2 players, \d+ tables, control nodes 20, rules the engine's defaults, played"
            r" \d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d UTC:$",
        )
        self.assertEqual(len(rows), 3)
        for row in rows:
            name = row.split()[0].split("@")[0]
            self.assertTrue(row.endswith(f"(options Search {name})"), row)

    def test_two_pools_of_two_controls_play_each_into_its_own_file(self):
        # Two pools at two players, 20 and 40 nodes a move, and an outside
        # engine of our protocol with a public rating and a long name.
        program = os.path.join(self.folder, "engine")
        with open(program, "w", encoding="utf-8") as file:
            file.write(f'#!/bin/sh\nexec {ENGINE} "$@"\n')
        os.chmod(program, 0o755)
        long_name = "an-outside-engine-with-a-long-name"
        outsider = {"name": long_name, "engine": [f"cmd={program}"], "public_rating": 321}
        fast = {
            "name": "fast",
            "table_sizes": [2],
            "control": {"nodes": 20},
            "rules": {},
            "tables_per_entry": 1,
            "entries": ["random", "greedy", long_name],
        }
        slow = dict(fast, name="slow", control={"nodes": 40}, entries=["random", "greedy"])
        self.write(dict(DEFINITION, pools=[fast, slow], entries=DEFINITION["entries"] + [outsider]))
        status, out, err = self.update()
        self.assertEqual(status, 0, err)
        self.assertEqual(sorted(os.listdir(self.pools)), ["pool-fast.jsonl", "pool-slow.jsonl"])
        for name, nodes, names in (
            ("fast", 20, {"random", "greedy", long_name}),
            ("slow", 40, {"random", "greedy"}),
        ):
            with self.subTest(pool=name):
                tables = self.pool(name)
                self.assertTrue(tables)
                for table in tables:
                    self.assertEqual(table["control"], {"nodes": nodes})
                    self.assertEqual(table["players"], 2)
                seated = {entry["name"] for table in tables for entry in table["entries"]}
                self.assertEqual(seated, names)
        # Each pool read back on its own, up to date.
        status, out, err = self.update("--players", "slow")
        self.assertEqual(status, 0, err)
        self.assertIn(
            f"list: pool slow: 0 tables played, {len(self.pool('slow'))} in the pool",
            out.splitlines(),
        )
        # --show names each pool's control, rules and dates, and each
        # entry's options and public rating, in columns a long key moves.
        status, out, err = self.update("--show")
        self.assertEqual(status, 0, err)
        lines = out.splitlines()
        heads = [line for line in lines if line.startswith("pool ")]
        dates = r"played \d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d UTC:$"
        self.assertEqual(len(heads), 2, out)
        self.assertRegex(
            heads[0],
            r"^pool fast, 2 players, \d+ tables?, control nodes 20, rules the engine's defaults, "
            + dates,
        )
        self.assertRegex(
            heads[1],
            r"^pool slow, 2 players, \d+ tables?, control nodes 40, rules the engine's defaults, "
            + dates,
        )
        rows = lines[1 : lines.index(heads[1])]
        self.assertEqual(len(rows), 3)
        bot = next(row for row in rows if row.split()[0].startswith(long_name + "@"))
        self.assertTrue(bot.endswith(f"(engine cmd={program}; public rating 321)"), bot)
        self.assertEqual(len({row.index(" games,") for row in rows}), 1, rows)
        self.assertEqual(len({row.index("(") for row in rows}), 1, rows)
        # The pool command reads either pool by its name.
        result = subprocess.run(
            [os.path.join(self.clone, "bench", "list", "pool"), "head-to-head", "greedy"]
            + ["random", "--players", "slow", "--pool-folder", self.pools]
            + ["--definition", self.definition],
            capture_output=True,
            text=True,
            env=dict(os.environ, TIAOQI_BUILD_DIR=BUILD),
            timeout=300,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith("pool-slow.jsonl: "), result.stdout)

    def test_a_lost_round_is_played_again_and_nothing_twice(self):
        status, _, err = self.update("--players", "3")
        self.assertEqual(status, 0, err)
        whole = self.pool(3)
        rounds = re.findall(r"a round of \d+ tables? \((\d+)", err)
        first_of_last = int(rounds[-1])
        path = os.path.join(self.pools, "pool-3p.jsonl")
        # A stop after the last round's games, before its lines were written.
        os.remove(path)
        pool_file.append(path, whole[: first_of_last - 1])
        status, out, err = self.update("--players", "3")
        self.assertEqual(status, 0, err)
        self.assertEqual(re.findall(r"a round of \d+ tables? \((\d+)", err), [rounds[-1]])
        again = self.pool(3)
        self.assertEqual([t["table"] for t in again], list(range(1, len(whole) + 1)))
        strip = [{k: v for k, v in t.items() if k != "date"} for t in again]
        self.assertEqual(strip, [{k: v for k, v in t.items() if k != "date"} for t in whole])

    def test_slurm_flags_that_make_no_sense_are_refused(self):
        for words, why in (
            (["--slurm-poll", "1"], "--slurm-poll needs --slurm"),
            (["--slurm", "--show"], "--show plays nothing: give it without --slurm"),
            (
                ["--slurm", "--slurm-batch", "2"],
                "--slurm-batch: a table is one opening, one task of the array: give none",
            ),
        ):
            with self.subTest(words=words):
                status, out, err = self.update(*words)
                self.assertEqual([status, out], [2, ""])
                self.assertEqual(err.splitlines()[0], f"list/update: {why}")
        self.assertFalse(os.path.exists(self.pools))

    def test_a_bad_definition_is_refused(self):
        self.write(dict(DEFINITION, anchor="nobody"))
        status, out, err = self.update()
        self.assertEqual(status, 2)
        self.assertEqual(out, "")
        self.assertIn("the anchor 'nobody' is no entry", err)
        # Each refused with one line, before any game and any file.
        seats_tt_pvs = with_entries(DEFINITION, TT_PVS)
        public = dict(seats_tt_pvs, pools=DEFINITION["pools"] + [PUBLIC])
        for definition, why in (
            (
                seats_tt_pvs,
                "pool '{players}p': entry 'jumpstar-tt-pvs' speaks CCP, which plays the public"
                ' list\'s rules only: seat it in a pool of rules "CCERL-2P10-v2"',
            ),
            (
                dict(public, pools=DEFINITION["pools"] + [dict(PUBLIC, table_sizes=[3])]),
                "pool '2p-public': the public list's rules are for two players: table_sizes [2]",
            ),
            (
                with_pool(DEFINITION, tables=2),
                "pool '{players}p': unknown key 'tables': a pool holds about, name,"
                " table_sizes, control, rules, tables_per_entry, entries",
            ),
            (
                dict(public, pools=public["pools"] + [dict(PUBLIC, entries=["random"])]),
                "two pools named '2p-public' write pool-2p-public.jsonl: give each pool a name"
                " of its own",
            ),
            (
                dict(
                    DEFINITION,
                    pools=DEFINITION["pools"] + [dict(PUBLIC, name="2p", entries=["random"])],
                ),
                "two pools named '{players}p' and '2p' write pool-2p.jsonl: give each pool a"
                " name of its own",
            ),
            (
                with_pool(DEFINITION, entries=["random", "nobody"]),
                "pool '{players}p': no entry 'nobody' in the definition's entries",
            ),
            (
                dict(DEFINITION, table_sizes=[2]),
                "unknown key 'table_sizes': a definition holds about, openings, anchor, pools,"
                " entries (each pool's table sizes, control and rules are in its item of"
                " 'pools')",
            ),
        ):
            with self.subTest(why=why):
                self.write(definition)
                status, out, err = self.update()
                self.assertEqual([status, out], [2, ""], err)
                self.assertEqual(err.splitlines()[0], f"list/update: {self.definition}: {why}")
        self.assertFalse(os.path.exists(self.pools))

    def test_a_definition_the_engine_refuses_exits_2_with_its_line(self):
        # A rule's name mistyped, a rule's value out of range, an option's
        # value mistyped: each refused before any game, with the engine's
        # own line.
        for definition, why in (
            (
                with_pool(DEFINITION, rules={"ForeignStp": "true"}),
                "3p: the pool's rule ForeignStp: the engine answers: info string error:"
                " setoption: unknown option 'ForeignStp'",
            ),
            (
                with_pool(DEFINITION, rules={"PiecesPerArmy": "12"}),
                "3p: the pool's rule PiecesPerArmy: the engine answers: info string error:"
                " setoption: PiecesPerArmy expects 10 or 15, got '12'",
            ),
            (
                with_entries(DEFINITION, {"name": "typo", "options": {"Search": "mctx"}}),
                "3p: entry 'typo': option Search: the engine answers: info string error:"
                " setoption: Search expects auto,",
            ),
        ):
            with self.subTest(why=why):
                self.write(definition)
                status, out, err = self.update("--players", "3")
                self.assertEqual([status, out], [2, ""], err)
                self.assertTrue(err.startswith(f"list/update: {self.definition}: {why}"), err)
        self.assertFalse(os.path.exists(self.pools))

    def test_a_table_that_fails_names_its_log(self):
        runner = os.path.join(self.folder, "failing-match")
        with open(runner, "w", encoding="utf-8") as file:
            file.write("#!/bin/sh\necho 'tiaoqi-match: the reason it failed' >&2\nexit 2\n")
        os.chmod(runner, 0o755)
        out_folder = os.path.join(self.folder, "tables")
        status, out, err = self.update(
            "--players", "2", "--out", out_folder, environment={"TIAOQI_MATCH": runner}
        )
        self.assertEqual(status, 1, err)
        (log,) = [
            os.path.join(folder, "match.log")
            for folder, _, names in os.walk(out_folder)
            if "match.log" in names and os.path.basename(folder).startswith("2p-1-")
        ]
        self.assertEqual(
            err.splitlines()[-1],
            "list/update: tiaoqi-match exited with status 2: no record written; its log"
            f" {log} ends: tiaoqi-match: the reason it failed",
        )

    def test_a_broken_outside_engine_is_left_out_saying_why(self):
        broken = {"name": "broken", "engine": ["cmd=/no/such/engine"], "table_sizes": [2]}
        self.write(with_entries(DEFINITION, broken))
        status, out, err = self.update("--players", "2", "--dry-run")
        self.assertEqual(status, 0, err)
        self.assertIn(
            "list: 2p: 'broken' left out: it did not answer 'isready' (exit status 127:"
            " /bin/sh: 1: /no/such/engine: not found)",
            err.splitlines(),
        )
        self.assertNotIn("broken", out)

    def test_an_outside_engines_key_holds_its_programs_sha256(self):
        program = os.path.join(self.folder, "engine")
        outsider = {"name": "outsider", "engine": [f"cmd={program}"], "table_sizes": [2]}
        self.write(with_entries(DEFINITION, outsider))
        keys = []
        for version in ("1", "2"):
            # The same path, a new version of the program.
            with open(program, "w", encoding="utf-8") as file:
                file.write(f'#!/bin/sh\n# version {version}\nexec {ENGINE} "$@"\n')
            os.chmod(program, 0o755)
            status, out, err = self.update("--players", "2", "--dry-run")
            self.assertEqual(status, 0, err)
            keys.append(re.findall(r"outsider@[0-9a-f]+", out)[0])
        self.assertNotEqual(keys[0], keys[1])

    def public_update(self, thirdparty):
        """Plays the public pool of random, greedy and tt-pvs with
        TIAOQI_THIRDPARTY set to that folder."""
        definition = dict(
            DEFINITION,
            entries=DEFINITION["entries"] + [TT_PVS],
            pools=DEFINITION["pools"] + [PUBLIC],
        )
        self.write(definition)
        os.environ["TIAOQI_THIRDPARTY"] = thirdparty
        try:
            return self.update("--players", "public")
        finally:
            del os.environ["TIAOQI_THIRDPARTY"]

    def test_tt_pvs_plays_in_the_public_pool_under_the_public_lists_rules(self):
        if not os.path.isfile(os.path.join(JUMPSTAR, "CMakeLists.txt")):
            self.skipTest(f"{JUMPSTAR} is missing")
        # JumpStar's engine, built once into the build folder (the update
        # runs with --no-build).
        os.environ["TIAOQI_BUILD_DIR"] = BUILD
        try:
            why = outside.build_jumpstar(no_build=False)
        finally:
            del os.environ["TIAOQI_BUILD_DIR"]
        self.assertIsNone(why)
        status, out, err = self.public_update(THIRDPARTY)
        self.assertEqual(status, 0, err)
        pool = self.pool("2p-public")
        self.assertTrue(pool)
        for table in pool:
            self.assertEqual(table["rules"], "CCERL-2P10-v2")
            self.assertEqual(table["players"], 2)
        seen = {entry["name"]: entry for table in pool for entry in table["entries"]}
        self.assertEqual(sorted(seen), ["greedy", "jumpstar-tt-pvs", "random"])
        bot = seen["jumpstar-tt-pvs"]
        self.assertEqual(bot["public_rating"], 737)
        self.assertEqual(bot["engine"], TT_PVS["engine"])
        self.assertEqual(
            sorted(bot["files"]), ["jumpstar sources", "jumpstar/tools/ccp_cczero_bot.py"]
        )
        # tt-pvs finishes first in every game it plays against random.
        for table in pool:
            keys = [entry["key"] for entry in table["entries"]]
            if sorted(key.split("@")[0] for key in keys) != ["jumpstar-tt-pvs", "random"]:
                continue
            for game in table["games"]:
                winner = keys[game["seats"][game["order"][0][0]]]
                self.assertTrue(winner.startswith("jumpstar-tt-pvs@"), game)

    def test_without_jumpstar_its_entries_are_left_out_saying_so(self):
        empty = os.path.join(self.folder, "thirdparty")
        os.makedirs(empty)
        status, out, err = self.public_update(empty)
        self.assertEqual(status, 0, err)
        self.assertIn(
            "list: 2p-public: 'jumpstar-tt-pvs' left out: %s is missing"
            % os.path.join(empty, "jumpstar"),
            err,
        )
        names = {entry["name"] for table in self.pool("2p-public") for entry in table["entries"]}
        self.assertEqual(names, {"random", "greedy"})


if __name__ == "__main__":
    unittest.main(verbosity=2)
