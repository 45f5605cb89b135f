#!/usr/bin/python3
"""Tests of bench/list/pool, what an organiser asks of a pool: the head to
head of two entries, the export of its games as records that
tiaoqi-render draws and of its finishing orders as CSV, the picture of
its list, the A/A check, and a clear line with exit status 2 for every
bad input. The pool is a tiny list of its own (20 nodes a move) played
once by bench/list/update in a scratch clone; the warning of a pool whose
tables fall into groups is checked on a pool written by hand.

Usage: list_pool_test.py BUILD_DIR (a build with tiaoqi, tiaoqi-match,
tiaoqi-render and the Python module)."""

import csv
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
# Imports start at the repository's root (bench.list), not this folder.
sys.path[0] = os.path.abspath(os.path.join(__file__, "../../.."))
from tests.bench.list_support import BUILD, DEFINITION, PACKAGE, ListClone  # noqa: E402
from tests.bench.list_support import with_entries, with_pool  # noqa: E402
from bench.list import pool_file  # noqa: E402
from bench.list import ratings  # noqa: E402
from bench.list.simulate import simulated_tables  # noqa: E402
from bench.render_results import context, list_pools  # noqa: E402

# The tests' tiny list at three players, with a fourth entry.
LIST = with_pool(
    with_entries(DEFINITION, {"name": "brs", "options": {"Search": "brs"}}), table_sizes=[3]
)


class PoolCommand(ListClone):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.folder = cls.scratch.name
        cls.definition = os.path.join(cls.folder, "list.json")
        with open(cls.definition, "w", encoding="utf-8") as file:
            json.dump(LIST, file)
        cls.pools = os.path.join(cls.folder, "pools")
        cls.out = os.path.join(cls.folder, "tables")
        result = cls.run_script(
            "update", "--definition", cls.definition, "--pool-folder", cls.pools,
            "--out", cls.out, "--no-build",
        )  # fmt: skip
        if result.returncode != 0:
            raise AssertionError(result.stderr)
        cls.tables = ratings.read_pool(os.path.join(cls.pools, "pool-3p.jsonl"))

    @classmethod
    def run_script(cls, script, *words, cwd=None):
        return subprocess.run(
            [os.path.join(cls.clone, "bench", "list", script), *words],
            capture_output=True,
            text=True,
            cwd=cwd,
            env=dict(os.environ, TIAOQI_BUILD_DIR=BUILD),
            timeout=300,
        )

    def pool(self, *words, pools=None):
        result = self.run_script(
            "pool", *words, "--players", "3", "--pool-folder", pools or self.pools,
            "--definition", self.definition,
        )  # fmt: skip
        return result.returncode, result.stdout, result.stderr

    def newest(self, name):
        return ratings.newest_key(self.tables, name)

    def test_the_pool_played_holds_each_identity_once_and_tables_that_name_them(self):
        # What export and the other commands read is the pool file the
        # update writes (bench/list/pool_file.py): identity lines, and
        # tables whose entries are their numbers.
        with open(os.path.join(self.pools, "pool-3p.jsonl"), encoding="utf-8") as file:
            lines = [json.loads(line) for line in file]
        identities = [line for line in lines if line["kind"] == "list-identity"]
        tables = [line for line in lines if line["kind"] == "list-table"]
        self.assertEqual(len(identities) + len(tables), len(lines))
        self.assertEqual([line["id"] for line in identities], list(range(1, len(identities) + 1)))
        self.assertEqual(len(identities), len(ratings.keys_of(self.tables)))
        self.assertEqual(len(tables), len(self.tables))
        for line, table in zip(tables, self.tables):
            self.assertEqual(
                [identities[number - 1]["key"] for number in line["entries"]],
                [entry["key"] for entry in table["entries"]],
            )

    def test_head_to_head_prints_the_difference_its_interval_los_and_their_games(self):
        status, out, err = self.pool("head-to-head", "mcts", "greedy")
        self.assertEqual(status, 0, err)
        mcts, greedy = self.newest("mcts"), self.newest("greedy")
        anchor = ratings.anchor_key(self.tables, LIST)
        fitted = ratings.bootstrap(ratings.load_stats(PACKAGE), self.tables, anchor)
        low, high = fitted.difference(mcts, greedy)
        gap = fitted.ratings[mcts] - fitted.ratings[greedy]
        los = 100 * fitted.superiority(mcts, greedy)
        lines = out.splitlines()
        self.assertEqual(
            lines[0],
            f"pool-3p.jsonl: {len(self.tables)} tables at 3 players, control nodes 20,"
            f" rules the engine's defaults; the anchor {anchor} = 0",
        )
        self.assertIn(
            f"{mcts} against {greedy}: {gap:+.0f} [{low:+.0f}, {high:+.0f}], LOS {los:.0f}%",
            lines,
        )
        self.assertLessEqual(low, gap)
        self.assertGreaterEqual(high, gap)
        points, games = ratings.pair_scores(self.tables)[(mcts, greedy)]
        self.assertRegex(lines[-1], rf"^their own games: {re.escape(mcts)} {points:g} of {games} ")

    def test_export_writes_records_that_render_draws_and_a_csv_of_orders(self):
        folder = tempfile.mkdtemp(dir=self.folder)
        records, orders = os.path.join(folder, "pool.txt"), os.path.join(folder, "pool.csv")
        status, out, err = self.pool(
            "export", "--records", records, "--csv", orders, "--out", self.out
        )
        self.assertEqual(status, 0, err)
        games = [game for table in self.tables for game in table["games"]]
        self.assertIn(f"{records}: {len(games)} games", out)
        # The match runner replays every game of the export, and the
        # renderer draws its last one.
        replay = subprocess.run(
            [os.path.join(BUILD, "tools", "tiaoqi-match"), "--replay", records],
            capture_output=True,
            text=True,
        )
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        self.assertIn(f"{len(games)} games, 0 with errors", replay.stdout)
        picture = os.path.join(folder, "last.svg")
        render = subprocess.run(
            [os.path.join(BUILD, "tools", "tiaoqi-render"), "--record", records]
            + ["--game", str(len(games)), "-o", picture],
            capture_output=True,
            text=True,
        )
        self.assertEqual(render.returncode, 0, render.stderr)
        with open(picture, encoding="utf-8") as file:
            self.assertIn("<svg", file.read(200))
        with open(records, encoding="utf-8") as file:
            text = file.read()
        self.assertEqual(
            re.findall(r'^\[Game "(\d+)"\]', text, re.M), [str(n) for n in range(1, len(games) + 1)]
        )
        self.assertIn('[Event "Tiaoqi list 3p, table 1"]', text)
        # One row a player of a game, its place from the pool's order.
        with open(orders, encoding="utf-8", newline="") as file:
            rows = list(csv.DictReader(file))
        self.assertEqual(len(rows), 3 * len(games))
        first = self.tables[0]
        game = first["games"][0]
        winner = first["entries"][game["seats"][game["order"][0][0]]]["key"]
        self.assertEqual(
            [row["key"] for row in rows[:3] if row["place"] == "1"], [winner], rows[:3]
        )

    def test_export_without_a_tables_record_writes_the_rest_and_names_it(self):
        out = os.path.join(tempfile.mkdtemp(dir=self.folder), "tables")
        shutil.copytree(self.out, out)
        for name in os.listdir(out):
            if name.startswith("3p-2-"):
                shutil.rmtree(os.path.join(out, name))
        records = os.path.join(self.folder, "partial.txt")
        status, out_text, err = self.pool("export", "--records", records, "--out", out)
        self.assertEqual(status, 1, err)
        self.assertIn("export: no record of 1 table under", err)
        self.assertIn("(tables 2)", err)
        kept = sum(len(table["games"]) for table in self.tables) - len(self.tables[1]["games"])
        self.assertIn(f"{records}: {kept} games", out_text)

    def test_picture_draws_every_entry_with_its_interval(self):
        picture = os.path.join(self.folder, "list.svg")
        status, out, err = self.pool("picture", "--svg", picture, "--overwrite")
        self.assertEqual(status, 0, err)
        with open(picture, encoding="utf-8") as file:
            text = file.read()
        keys = ratings.keys_of(self.tables)
        self.assertTrue(text.startswith("<svg"))
        for key in keys:
            self.assertIn(f">{key}</text>", text)
        # A bar and a marker an entry.
        self.assertEqual(len(re.findall(r'stroke-width="2" stroke-opacity', text)), len(keys))

    def test_the_a_a_check_splits_every_entry_of_the_pool(self):
        status, out, err = self.pool("aa")
        self.assertEqual(status, 0, err)
        keys = ratings.keys_of(self.tables)
        for key in keys:
            self.assertRegex(out, rf"\n  {re.escape(key)} +[+-]\d+ \[[+-]\d+, [+-]\d+\]  LOS \d+%")
        held = re.search(r"\n(\d+) of (\d+) intervals hold 0", out)
        self.assertEqual(held.group(2), str(len(keys)))

    def test_bad_input_is_refused_with_one_line_and_nothing_written(self):
        empty = os.path.join(self.folder, "empty")
        os.makedirs(empty, exist_ok=True)
        open(os.path.join(empty, "pool-3p.jsonl"), "w").close()
        written = os.path.join(self.folder, "never.csv")
        for words, pools, why in (
            (["head-to-head", "mcts", "nobody"], None, "no entry 'nobody' in "),
            (["head-to-head", "mcts"], None, "head-to-head takes two entries, A and B, got 1"),
            (["head-to-head", "mcts", "mcts"], None, "'mcts' and 'mcts' are one entry"),
            (["rank"], None, "unknown command 'rank': expected one of head-to-head,"),
            (["export", "--csv", written], empty, "pool-3p.jsonl holds no tables yet"),
            (["export", "--csv", written], os.path.join(self.folder, "nowhere"), "no such folder"),
            (["export", "--csv", "/no/such/folder/x.csv"], None, "its folder /no/such/folder"),
            (["export"], None, "export: give --records FILE, --csv FILE or both"),
            (["picture", "--svg", self.definition], None, "exists: give --overwrite"),
            (["export", "--records", written, "--out", empty], None, "has its record under"),
        ):
            with self.subTest(words=words):
                status, out, err = self.pool(*words, pools=pools)
                self.assertEqual([status, out], [2, ""], err)
                self.assertTrue(err.startswith("list/pool: "), err)
                self.assertIn(why, err.splitlines()[0])
        self.assertFalse(os.path.exists(written))
        status, out, err = self.pool("aa", "--help")
        self.assertEqual(status, 0)
        self.assertTrue(out.startswith("Answers what an organiser asks"), out)


class HandWrittenPool(ListClone):
    """A pool written by hand at 3 players, as the update writes one (each
    identity once), in a folder of its own with a definition anchored at
    `random`; the list's scripts run there."""

    def write_pool(self, tables):
        self.folder = tempfile.mkdtemp(dir=self.scratch.name)
        os.makedirs(os.path.join(self.folder, "pools"))
        for number, table in enumerate(tables, 1):
            table.update(table=number, players=3, control={"nodes": 20}, rules={})
        pool_file.append(os.path.join(self.folder, "pools", "pool-3p.jsonl"), tables)
        with open(os.path.join(self.folder, "list.json"), "w") as file:
            json.dump(with_pool(dict(LIST, entries=LIST["entries"][:1]), entries=["random"]), file)

    def run_script(self, script, *words):
        return subprocess.run(
            [os.path.join(self.clone, "bench", "list", script), *words]
            + ["--players", "3", "--pool-folder", "pools", "--definition", "list.json"],
            capture_output=True,
            text=True,
            cwd=self.folder,
            env=dict(os.environ, TIAOQI_BUILD_DIR=BUILD),
            timeout=300,
        )


class SplitPool(HandWrittenPool):
    """A pool whose tables fall into two groups, as the old schedule's
    first round left the issue's six entries."""

    def setUp(self):
        one = simulated_tables(
            {"random": 0, "greedy": 500, "paranoid": 900}, 3, 3, random.Random(1)
        )
        two = simulated_tables({"brs": 0, "mcts": 300, "default": 400}, 3, 3, random.Random(2))
        self.write_pool(one + two)

    def test_show_and_head_to_head_name_the_groups(self):
        warning = "the tables fall into 2 groups whose entries never met"
        result = self.run_script("update", "--show")
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertIn(warning, lines[1])
        named = re.findall(r"\((\d)\) ([a-z ]+)", lines[1].split(": ")[-1])
        self.assertEqual(
            [(number, set(keys.split())) for number, keys in named],
            [("1", {"random", "greedy", "paranoid"}), ("2", {"brs", "mcts", "default"})],
        )
        for line in lines[2:]:
            name = line.split()[0]
            self.assertEqual(" group 2" in line, name in ("brs", "mcts", "default"), line)
        result = self.run_script("pool", "head-to-head", "greedy", "mcts")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(warning, result.stdout)
        # No likelihood, and no word of entries both met: there are none.
        last = result.stdout.splitlines()[-1]
        self.assertRegex(
            last,
            r"^greedy against mcts: [+-]\d+ \[[+-]\d+, [+-]\d+\], no LOS: their groups"
            r" never met, and the gap between them rests on the prior alone$",
        )
        self.assertNotIn("LOS ", result.stdout)
        self.assertNotIn("their own games", result.stdout)
        # Within a group the likelihood stands.
        result = self.run_script("pool", "head-to-head", "greedy", "random")
        self.assertRegex(result.stdout, r"greedy against random: .*, LOS \d+%")


class AnchorOfTwoBuilds(HandWrittenPool):
    """A pool where `random` played as two builds: every fit anchors at
    the newest, the one the definition's anchor names today (the update's
    --show, bench/list/pool, and the pages)."""

    def setUp(self):
        strengths = {"random": 0, "greedy": 500, "paranoid": 900, "mcts": 1200}
        tables = simulated_tables(strengths, 3, 12, random.Random(3))
        for number, table in enumerate(tables, 1):
            for entry in table["entries"]:
                # The first half of the tables by one build of random, the
                # rest by the next.
                build = "old" if number <= 6 else "new"
                entry["key"] = f"{entry['name']}@{build if entry['name'] == 'random' else 'one'}"
        self.write_pool(tables)
        # The pages read a results folder: its list/ holds the pools.
        os.symlink("pools", os.path.join(self.folder, "list"))

    def test_every_fit_anchors_at_the_newest_build_of_the_anchor(self):
        result = self.run_script("update", "--show")
        self.assertEqual(result.returncode, 0, result.stderr)
        shown = {line.split()[0]: line.split()[1] for line in result.stdout.splitlines()[1:]}
        self.assertEqual(shown["random@new"], "+0.0")
        self.assertNotEqual(shown["random@old"], "+0.0")
        result = self.run_script("pool", "head-to-head", "greedy", "mcts")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("; the anchor random@new = 0", result.stdout.splitlines()[0])
        pages = list_pools.Pool(
            context.Context([], 0, build=BUILD, results=self.folder), "3p"
        )  # fmt: skip
        self.assertEqual(pages.anchor, "random@new")
        self.assertEqual(pages.row_of["random@new"]["rating"], 0)


if __name__ == "__main__":
    unittest.main(verbosity=2)
