#!/usr/bin/python3
"""Tests of bench/render-results: fixture records (results_fixture/*.jsonl)
rendered into small pages, checked, and refused when malformed.

Usage: render_results_test.py
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

sys.dont_write_bytecode = True
# Imports start at the repository's root (bench.list), not this folder.
sys.path[0] = os.path.abspath(os.path.join(__file__, "../../.."))
from bench.list import pool_file  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
RENDERER = os.path.join(REPO, "bench", "render-results")
FIXTURE = os.path.join(HERE, "results_fixture")
BUILD = os.path.join(REPO, "build")
# The signature the fixture's records call today's; `old-mcts` has another.
TODAY = "1000"


class Renderer(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.page = os.path.join(self.folder.name, "page.md")
        shutil.copy(os.path.join(FIXTURE, "page.md"), self.page)
        self.results = FIXTURE

    def tearDown(self):
        self.folder.cleanup()

    def run_renderer(self, *options, signature=TODAY):
        result = subprocess.run(
            [RENDERER, "--signature", signature, "--results", self.results, "--build", BUILD]
            + [*options, self.page],
            capture_output=True,
            text=True,
            cwd=self.folder.name,
            timeout=60,
        )
        return result.returncode, result.stdout + result.stderr

    def write(self, text):
        with open(self.page, "w", encoding="utf-8") as file:
            file.write(textwrap.dedent(text))

    def read(self):
        with open(self.page, encoding="utf-8") as file:
            return file.read()

    def rendered(self, block):
        """The page of one block `<!-- results: BLOCK -->`, rendered."""
        self.write("<!-- results: %s -->\n<!-- end results -->\n" % block)
        status, output = self.run_renderer()
        self.assertEqual(status, 0, output)
        return self.read()

    def list_results(self):
        """The fixture's records copied with an empty folder of the list's
        pools beside them; the test is skipped without the list's fit."""
        if not os.path.isdir(os.path.join(REPO, "build", "tools", "python", "package")):
            self.skipTest("the list's fit needs the Python module of build/")
        folder = os.path.join(self.folder.name, "results")
        shutil.copytree(FIXTURE, folder)
        self.results = folder
        os.makedirs(os.path.join(folder, "list"))

    def write_pool(self, name, tables):
        """The list's pool `name` (`3p`) in the results folder, its tables
        written as bench/list/update writes them."""
        pool_file.append(os.path.join(self.results, "list", "pool-%s.jsonl" % name), tables)

    def test_a_rendered_page_matches_and_a_stale_block_is_named(self):
        self.assertEqual(self.run_renderer("--check")[0], 1)
        status, output = self.run_renderer()
        self.assertEqual(status, 0, output)
        self.assertIn("page.md: 2 blocks rewritten", output)
        status, output = self.run_renderer("--check")
        self.assertEqual((status, output), (0, ""))
        text = self.read().replace("50 of 72", "51 of 72")
        with open(self.page, "w", encoding="utf-8") as file:
            file.write(text)
        status, output = self.run_renderer("--check")
        self.assertEqual(status, 1)
        self.assertEqual(
            output.strip(),
            "page.md:3: the block 'match' differs from what its "
            "records render: run bench/render-results",
        )

    def test_an_older_record_is_marked_with_its_commit(self):
        self.run_renderer()
        text = self.read()
        self.assertIn(
            "| 3 | 50 ms a move | `mcts` | `brs` tables | 50 of 72, 69% [58, 79] "
            "| 1.40 | today's engine |",
            text,
        )
        self.assertIn(
            "| 6 | 50 ms a move | `mcts` | `paranoid` tables | 25 of 48, 52% | 2.28 "
            "| older: abcdef1 |",
            text,
        )
        # With another signature today, every figure is older.
        self.assertEqual(self.run_renderer("--check", signature="1001")[0], 1)
        self.run_renderer(signature="1001")
        self.assertNotIn("today's engine", self.read())

    def test_every_figure_of_the_newest_speed_record_is_listed(self):
        self.run_renderer()
        text = self.read()
        self.assertIn("| perft 6 from the start | 0.21 s | 6.30 against a plain generator |", text)
        self.assertIn("| nps | 2,900,000 nodes/s |  |", text)

    def test_a_speed_block_picks_its_figures_by_key(self):
        self.write(
            """\
            <!-- results: speed-glance no-commands figures=nps,perft* -->
            <!-- end results -->
            """
        )
        self.assertEqual(self.run_renderer()[0], 0)
        text = self.read()
        self.assertLess(text.index("| nps |"), text.index("| perft 6 from the start |"))
        self.write(
            """\
            <!-- results: speed-glance figures=nosuch -->
            <!-- end results -->
            """
        )
        status, output = self.run_renderer()
        self.assertEqual(status, 2)
        self.assertIn("the speed record 'speed-1' has no figure 'nosuch'", output)

    def test_a_speed_block_takes_the_newest_record_that_holds_its_figures(self):
        folder = os.path.join(self.folder.name, "results")
        shutil.copytree(FIXTURE, folder)
        self.results = folder
        newer = {
            "kind": "speed",
            "id": "speed-moves",
            "date": "2099-01-01T00:00:00Z",
            "command": "bench/speed --only moves",
            "engine": {"commit": "abcdef1" * 5 + "abcde", "signature": int(TODAY)},
            "machine": "a test",
            "figures": [
                {"what": "moves_6p", "label": "six players", "value": 21480, "unit": "iterations"}
            ],
        }
        with open(os.path.join(folder, "speed.jsonl"), "a", encoding="utf-8") as file:
            file.write(json.dumps(newer) + "\n")
        text = self.rendered("speed-glance no-commands figures=nps")
        self.assertIn("| nps | 2,900,000 nodes/s |  |", text)
        text = self.rendered("speed-glance no-commands figures=moves_*")
        self.assertIn("| six players | 21,480 iterations |  |", text)

    def test_a_speed_record_names_its_processor_and_its_builds_instruction_sets(self):
        folder = os.path.join(self.folder.name, "results")
        shutil.copytree(FIXTURE, folder)
        self.results = folder
        newer = {
            "kind": "speed",
            "id": "speed-cpu",
            "date": "2099-01-01T00:00:00Z",
            "command": "bench/speed --only bench",
            "engine": {"commit": "abcdef1" * 5 + "abcde", "signature": int(TODAY)},
            "machine": "AMD EPYC 7B13, 2 cores",
            "cpu": {
                "model": "AMD EPYC 7B13",
                "vendor": "AuthenticAMD",
                "family": 25,
                "model_number": 1,
                "stepping": 1,
                "cores": 2,
                "instruction_sets": ["SSE4.2", "POPCNT", "BMI2", "AVX2"],
            },
            "build": {
                "compiler": "c++ (Debian 12.2.0-14) 12.2.0",
                "flags": "-O3 -march=native",
                "instruction_sets": ["SSE4.2", "POPCNT", "BMI2", "AVX2"],
            },
            "figures": [{"what": "nps", "value": 2500000, "unit": "nodes/s"}],
        }
        with open(os.path.join(folder, "speed.jsonl"), "a", encoding="utf-8") as file:
            file.write(json.dumps(newer) + "\n")
        text = self.rendered("speed-glance no-commands figures=nps")
        self.assertIn(
            "Measured on AMD EPYC 7B13 (family 25, model 1), 2 cores, built with "
            "`-O3 -march=native` for AVX2, without AVX-512, 2099-01-01, by "
            "`bench/speed --only bench` (today's engine):",
            text,
        )

    def test_a_list_page_is_rendered_from_its_pool(self):
        self.list_results()
        text = self.rendered("list players=3")
        self.assertIn(
            "No tables in the pool 3p yet: `bench/list/update --players 3p` plays them.", text
        )
        entries = [
            {"key": "%s@abc" % name, "name": name, "commit": "f" * 40, "options": options}
            for name, options in (("random", {"Search": "random"}), ("a", {}), ("b", {"X": "1"}))
        ]
        # b first in every game, a second, random last: two tables.
        games = [
            {"seats": [0, 1, 2], "order": [[2], [1], [0]]},
            {"seats": [1, 2, 0], "order": [[1], [0], [2]]},
            {"seats": [2, 0, 1], "order": [[0], [2], [1]]},
        ]
        self.write_pool(
            "3p",
            [
                {
                    "table": number,
                    "control": {"movetime": 50},
                    "rules": {"ForeignStop": "true"},
                    "entries": entries,
                    "games": games,
                }
                for number in (1, 2)
            ],
        )
        text = self.rendered("list players=3")
        # The pool's control and rules, and each entry's options.
        self.assertIn(
            "2 tables, 6 games, 50 ms a move, rules `ForeignStop true`; the anchor `random` = 0:",
            text,
        )
        listed, pairwise = text.split("Pairwise scores")
        rows = [line for line in listed.splitlines() if line.startswith("| ") and "`" in line]
        self.assertEqual([row.split("|")[2].strip() for row in rows], ["`b`", "`a`", "`random`"])
        self.assertTrue(rows[0].startswith("| 1 | `b` | fffffff | `X 1` | "), rows[0])
        self.assertIn(", +inf] | 6 | 1.00 |", rows[0])
        self.assertIn("| `a` | fffffff | the defaults | ", rows[1])
        self.assertTrue(
            rows[2].startswith(
                "| 3 | `random` | fffffff | `Search random` | +0 [+0, +0] | 6 | 3.00 |"
            ),
            rows[2],
        )
        # b above a and random in all six games; a above random in all six.
        self.assertIn("| 1 | `b` | - | 6/6 | 6/6 |", pairwise)
        self.assertIn("| 2 | `a` | 0/6 | - | 6/6 |", pairwise)
        self.assertIn("| 3 | `random` | 0/6 | 0/6 | - |", pairwise)

    def list_pools(self, signature, suffix="", control=50):
        """Pools at 3 and 4 players of random, a release and the default
        (whose build has that signature), the default ahead of the release
        in most games, named `<size>p<suffix>`; the results folder is the
        fixture's and these."""
        folder = os.path.join(self.folder.name, "results")
        shutil.copytree(FIXTURE, folder)
        self.results = folder
        os.makedirs(os.path.join(folder, "list"))
        for players in (3, 4):
            entries = [
                {
                    "key": "%s@%d" % (name, players),
                    "name": name,
                    "commit": commit,
                    "signature": sign,
                }
                for name, commit, sign in (
                    ("random", "f" * 40, 1000),
                    ("release-eeeeeee", "e" * 40, 999),
                    ("default", "f" * 40, signature),
                    ("greedy", "f" * 40, 1000),
                )[:players]
            ]
            tables = []
            for number in range(1, 7):
                # The default first in five tables of six, the release
                # first in the sixth; random always last.
                first, second = (2, 1) if number < 6 else (1, 2)
                rest = [seat for seat in range(3, players)]
                order = [[first], [second]] + [[seat] for seat in rest] + [[0]]
                games = [{"seats": list(range(players)), "order": order}]
                line = {"table": number, "control": {"movetime": control}, "entries": entries}
                tables.append(dict(line, games=games))
            self.write_pool("%dp%s" % (players, suffix), tables)

    def test_the_levels_are_read_from_the_lists_pool(self):
        self.list_results()
        entries = [
            {"key": "%s@1" % name, "name": name, "commit": "f" * 40} for name in ("random", "club")
        ]
        # club first in three games of four: a finite rating above the anchor.
        tables = []
        for number, last in ((1, [[1], [0]]), (2, [[0], [1]])):
            games = [{"seats": [0, 1], "order": [[1], [0]]}, {"seats": [1, 0], "order": last}]
            line = {"table": number, "control": {"movetime": 50}, "entries": entries}
            tables.append(dict(line, games=games))
        self.write_pool("2p", tables)
        text = self.rendered("levels players=2")
        self.assertIn("The standing list's pools, 50 ms a move, the anchor `random` = 0:", text)
        rows = [line for line in text.splitlines() if line.startswith("| `")]
        # Every level of the list's definition, weakest first, with its UCI_Elo.
        self.assertEqual(rows[0], "| `beginner` | 30 | not played |")
        self.assertRegex(rows[4], r"^\| `club` \| 980 \| \+\d+ \[[-+]\d+, \+\d+\] \|$")
        self.assertEqual(len(rows), 8)

    def test_the_public_pool_gives_each_bots_public_rating_and_the_offset(self):
        self.list_results()
        entries = [
            {"key": "random@1", "name": "random", "commit": "f" * 40},
            {"key": "bot@2", "name": "bot", "engine": ["cmd=bot"], "public_rating": 5000},
        ]
        tables = []
        for number in (1, 2):
            games = [
                {"seats": [0, 1], "order": [[1], [0]]},
                {"seats": [1, 0], "order": [[0], [1]]}
                if number == 1
                else {"seats": [1, 0], "order": [[1], [0]]},
            ]
            line = {
                "table": number,
                "control": {"movetime": 50},
                "rules": "CCERL-2P10-v2",
                "entries": entries,
            }
            tables.append(dict(line, games=games))
        self.write_pool("2p-public", tables)
        text = self.rendered("list pool=2p-public")
        self.assertIn("50 ms a move, the public list's rules (CCERL-2P10-v2);", text)
        self.assertIn(
            "| # | entry | build | options | rating [95%] | games | place | LOS to the next |"
            " public list |",
            text,
        )
        bot = next(line for line in text.splitlines() if line.startswith("| 1 | `bot` | outside"))
        self.assertTrue(bot.startswith("| 1 | `bot` | outside | `cmd=bot` | "), bot)
        self.assertTrue(bot.endswith(" 5000 |"), bot)
        rating = float(bot.split("|")[5].split()[0])
        self.assertIn(
            "Each rating here less the public list's: `bot` %+.0f. Their mean, %+.0f, is how far"
            " this pool's scale lies below the public one: add %.0f to read a rating here on the"
            " public scale." % (rating - 5000, rating - 5000, 5000 - rating),
            text,
        )

    def test_the_long_controls_glance_reads_the_pools_of_its_suffix(self):
        if not os.path.isdir(os.path.join(REPO, "build", "tools", "python", "package")):
            self.skipTest("the list's fit needs the Python module of build/")
        self.list_pools(signature=1000, suffix="-long", control=200)
        text = self.rendered("list-glance suffix=-long sizes=3,4,6")
        rows = [line for line in text.splitlines() if line.startswith("| ")][1:]
        self.assertEqual(len(rows), 3, text)
        self.assertTrue(rows[0].startswith("| 3 | 6 tables, 6 games, 200 ms a move | 1 of 3, +"))
        self.assertIn("(`release-eeeeeee`) | today's engine |", rows[0])
        self.assertTrue(rows[1].startswith("| 4 | 6 tables, 6 games, 200 ms a move | 1 of 4, +"))
        self.assertTrue(rows[2].startswith("| 6 | no tables yet |"), rows[2])
        # The 50 ms glance reads no pool of another suffix.
        self.assertEqual(self.rendered("list-glance").count("no tables yet"), 4)

    def test_readme_glance_compares_the_default_with_the_last_release(self):
        if not os.path.isdir(os.path.join(REPO, "build", "tools", "python", "package")):
            self.skipTest("the list's fit needs the Python module of build/")
        self.list_pools(signature=1000)
        text = self.rendered("list-glance")
        rows = [line for line in text.splitlines() if line.startswith("| ")][1:]
        self.assertTrue(rows[0].startswith("| 2 | no tables yet |"), rows[0])
        self.assertTrue(rows[1].startswith("| 3 | 6 tables, 6 games, 50 ms a move | 1 of 3, +"))
        self.assertIn("(`release-eeeeeee`) | today's engine |", rows[1])
        self.assertTrue(rows[2].startswith("| 4 | 6 tables, 6 games, 50 ms a move | 1 of 4, +"))
        self.assertTrue(rows[3].startswith("| 6 | no tables yet |"))
        shutil.rmtree(self.results)
        self.list_pools(signature=77)
        text = self.rendered("list-glance")
        self.assertIn("| older: fffffff |", text)

    def test_a_release_new_at_one_size_leaves_the_others_on_their_last(self):
        if not os.path.isdir(os.path.join(REPO, "build", "tools", "python", "package")):
            self.skipTest("the list's fit needs the Python module of build/")
        self.list_pools(signature=1000)
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.strip()
        # A release newer than release-eeeeeee plays one table at 3 players
        # only, behind the default and ahead of random.
        entries = [
            {"key": "%s@3" % name, "name": name, "commit": commit, "signature": 1000}
            for name, commit in (("random", "f" * 40), ("release-new", head), ("default", "f" * 40))
        ]
        order = [[2], [1], [0]]
        table = {"table": 7, "control": {"movetime": 50}, "entries": entries}
        self.write_pool("3p", [dict(table, games=[{"seats": [0, 1, 2], "order": order}])])
        rows = [line for line in self.rendered("list-glance").splitlines() if line.startswith("| ")]
        self.assertIn("(`release-new`) | today's engine |", rows[2])
        self.assertIn("(`release-eeeeeee`) | today's engine |", rows[3])

    def test_the_releases_table_draws_its_picture_and_check_names_a_stale_one(self):
        if not os.path.isdir(os.path.join(REPO, "build", "tools", "python", "package")):
            self.skipTest("the list's fit needs the Python module of build/")
        self.list_pools(signature=1000)
        picture = os.path.join(self.folder.name, "progress.svg")
        text = self.rendered("list-progress picture=%s" % picture)
        rows = [line for line in text.splitlines() if line.startswith("| ")]
        self.assertEqual(
            rows[0], "| build | date | 2 players | 3 players | 4 players | 6 players |"
        )
        self.assertTrue(rows[1].startswith("| `release-eeeeeee` |  |  | +"), rows[1])
        self.assertTrue(rows[2].startswith("| today's default |  |  | +"), rows[2])
        self.assertIn("![The releases' ratings at 2, 3, 4 and 6 players](progress.svg)", text)
        with open(picture, encoding="utf-8") as file:
            drawn = file.read()
        self.assertTrue(drawn.startswith("<svg "), drawn[:40])
        self.assertIn(">3 players</text>", drawn)
        self.assertEqual(self.run_renderer("--check")[0], 0)
        with open(picture, "a", encoding="utf-8") as file:
            file.write("<!-- changed by hand -->\n")
        status, output = self.run_renderer("--check")
        self.assertEqual(status, 1, output)
        self.assertIn("the picture %s differs from what its records render" % picture, output)

    def test_a_generation_of_the_learned_model_is_a_row_with_its_trials(self):
        folder = os.path.join(self.folder.name, "results")
        shutil.copytree(FIXTURE, folder)
        self.results = folder
        os.makedirs(os.path.join(folder, "learning"))
        for players, games, positions in ((6, 10, 2000), (2, 20, 1800)):
            with open(os.path.join(folder, "learning", "gen1-%dp.json" % players), "w") as file:
                json.dump({"players": players, "games": games, "nodes": 800}, file)
        model = {
            "name": "gen1",
            "data_manifests": [
                "bench/results/learning/gen1-6p.json",
                "bench/results/learning/gen1-2p.json",
            ],
            "positions": 3800,
            "epochs": [
                {
                    "epoch": 1,
                    "train_policy": 3.2,
                    "train_value": 1.2,
                    "held_out_policy": 3.1,
                    "held_out_value": 1.1,
                },
                {
                    "epoch": 2,
                    "train_policy": 3.0,
                    "train_value": 1.0,
                    "held_out_policy": 3.05,
                    "held_out_value": 1.05,
                },
            ],
            "trials": [{"prefix": "gen1", "settings": "MctsPrior 1"}],
        }
        with open(os.path.join(folder, "learning", "gen1-model.json"), "w") as file:
            json.dump(model, file)
        trial = {
            "kind": "sprt",
            "id": "gen1-6p-short",
            "date": "2026-12-07T08:00:00Z",
            "what": "gen1",
            "command": "bench/sprt HEAD --players 6 --nodes 1000",
            "engine": {"commit": "abcdef0123456789abcdef0123456789abcdef01", "signature": 1000},
            "players": 6,
            "time": {"nodes": 1000},
            "rules": {},
            "games": 300,
            "decision": "H1",
            "elo": 40.0,
            "elo_low": 20.0,
            "elo_high": 60.0,
        }
        for side, options in (("base", {}), ("new", {"MctsPrior": "1"})):
            trial[side] = {
                "commit": trial["engine"]["commit"],
                "signature": 1000,
                "options": options,
            }
        # The four-player long trial ran out undecided, and its repeat on
        # other openings decided it: the cell shows both, oldest first.
        long_trials = [
            dict(trial, id="gen1-4p-long", players=4, games=72, decision=None, elo=20.0),
            dict(trial, id="gen1-4p-long-seed3", players=4, games=200, elo=30.0),
        ]
        with open(os.path.join(folder, "sprt.jsonl"), "a") as file:
            for record in [trial] + long_trials:
                file.write(json.dumps(record) + "\n")
        self.write(
            "<!-- results: learning-generations picture=%s -->\n<!-- end results -->\n"
            % os.path.join(self.folder.name, "losses.svg")
        )
        status, output = self.run_renderer()
        self.assertEqual(status, 0, output)
        rows = [line for line in self.read().splitlines() if line.startswith("| gen1 ")]
        self.assertEqual(len(rows), 1, self.read())
        cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
        self.assertEqual(
            cells,
            [
                "gen1",
                "30 games (gen1: 10 at 6 players, 20 at 2 players), 3,800 positions, 800 nodes a move",
                "policy 3.050, value 1.050 (held out; 2 epochs)",
                "MctsPrior 1",
                "not measured",
                "+40.0 [+20.0, +60.0], H1 in 300 games (`gen1-6p-short`)",
                "not played",
                "not played",
                "+20.0 [+20.0, +60.0], undecided in 72 games (`gen1-4p-long`); "
                "+30.0 [+20.0, +60.0], H1 in 200 games (`gen1-4p-long-seed3`)",
                "not played",
                "not played",
                "no default has played it yet at 6, 4, 3 or 2 players",
            ],
        )
        with open(os.path.join(self.folder.name, "losses.svg"), encoding="utf-8") as file:
            self.assertIn("cross-entropy", file.read())

    def test_a_generation_stands_on_the_list_where_a_default_plays_it(self):
        # HEAD's build embeds the model whose sha256 the manifest names;
        # the release plays no prior.
        self.list_results()
        embedded = subprocess.run(
            ["git", "show", "HEAD:engine/search/net/default.tqnn"],
            cwd=REPO,
            capture_output=True,
            check=True,
        ).stdout
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.strip()
        os.makedirs(os.path.join(self.results, "learning"))
        for name, sha in (("gen1", "0" * 64), ("gen2", hashlib.sha256(embedded).hexdigest())):
            model = {
                "name": name,
                "data_manifests": [],
                "positions": 0,
                "model": {"sha256": sha},
                "epochs": [dict.fromkeys(("train_policy", "train_value"), 1.0)],
            }
            model["epochs"][0].update(held_out_policy=3.0, held_out_value=1.0)
            with open(os.path.join(self.results, "learning", name + "-model.json"), "w") as file:
                json.dump(model, file)
        entries = [
            {"key": "%s@1" % name, "name": name, "commit": commit, "parameters": parameters}
            for name, commit, parameters in (
                ("random", head, ""),
                ("release-eeeeeee", "e" * 40, "MctsEpsilon auto (0.1), MctsPrior auto (0)"),
                ("default", head, "MctsEpsilon auto (0.1), MctsPrior auto (1), MctsPriorCap 9"),
            )
        ]
        # The default first in three tables of four, the release first in
        # the fourth; random always last.
        tables = [
            {
                "table": number,
                "control": {"movetime": 50},
                "entries": entries,
                "games": [{"seats": [0, 1, 2], "order": [[first], [3 - first], [0]]}],
            }
            for number, first in enumerate((2, 2, 1, 2), 1)
        ]
        self.write_pool("3p", tables)
        text = self.rendered("learning-generations")
        cells = {
            row.split("|")[1].strip(): row.strip("|").split("|")[-1].strip()
            for row in text.splitlines()
            if row.startswith("| gen")
        }
        self.assertEqual(cells["gen1"], "no default has played it yet at 6, 4, 3 or 2 players")
        self.assertRegex(
            cells["gen2"],
            r"^3 players: default \+[0-9]+ \[[-+][0-9]+, \+[0-9]+\] over `release-eeeeeee`, "
            r"LOS [0-9]+%; no default has played it yet at 6, 4 or 2 players$",
        )

    def test_a_belief_record_lists_its_rows(self):
        self.write(
            """\
            <!-- results: belief no-commands -->
            <!-- end results -->
            """
        )
        self.assertEqual(self.run_renderer()[0], 0)
        text = self.read()
        self.assertIn("10 games against the uniform belief (today's engine):", text)
        self.assertIn("| moves played | my belief | a blind guess |", text)
        self.assertIn("| 1-10 | 0.250 | 0.100 |", text)

    def test_a_pool_lists_its_entries_against_the_anchor(self):
        self.write(
            """\
            <!-- results: pool -->
            <!-- end results -->
            """
        )
        self.assertEqual(self.run_renderer()[0], 0)
        text = self.read()
        self.assertIn(
            "2 players, 2000 nodes a move, anchor `random` = 0, 40 games " "(today's engine):", text
        )
        self.assertIn("| `beginner` | `UCI_Elo 260` | +244 [+151, +337] |", text)

    def test_an_spsa_run_lists_its_table_and_each_parameters_move(self):
        text = self.rendered("spsa ids=spsa-mixed no-commands")
        self.assertIn(
            "| MCTS tuned at a mixed table | 3, 50 nodes a move | `greedy` | 6 in 2 iterations"
            " | `MctsExploration` 0.2 -> 0.25 | today's engine |",
            text,
        )

    def test_strength_lists_the_chosen_records_of_one_engine(self):
        text = self.rendered("strength prefix=strength-mcts-")
        self.assertIn(
            "| players | time | rules | against | first [95%] | equal share | ratio "
            "| average place | ms a move (mean / max) | measured by |",
            text,
        )
        self.assertIn(
            "| 3 | 50 ms a move | default | `paranoid` tables | 12 of 24, 50% [31, 69] "
            "| 33% | 1.50 | 1.71 | 47.6 / 61, 2 over | today's engine |",
            text,
        )
        self.assertIn(
            "| 3 | 50 ms a move | default | mixed: `paranoid`, `brs` | 9 of 24, 38% "
            "[21, 57] | 33% | 1.12 | 1.92 | 47.6 / 61, 2 over | today's engine |",
            text,
        )
        self.assertIn(
            "| 6 | 50 ms a move | default | `base` tables (1234567) | 9 of 48, 19% "
            "[10, 32] | 17% | 1.12 | 3.30 | 47.6 / 61, 2 over | older: abcdef1 |",
            text,
        )
        self.assertEqual(text.count("| 3 | 50 ms a move |"), 5)
        # Rows by table size, then time and rules, whatever order the ids
        # are given in.
        ordered = self.rendered(
            "strength ids=strength-mcts-base-6p-50ms-default,"
            "strength-mcts-paranoid-3p-50ms-peer,"
            "strength-mcts-paranoid-3p-50ms-default no-commands"
        )
        rows = [
            [cell.strip() for cell in line.split("|")[1:4]]
            for line in ordered.splitlines()
            if line[:4] in ("| 3 ", "| 6 ")
        ]
        self.assertEqual(
            rows,
            [
                ["3", "50 ms a move", "default"],
                ["3", "50 ms a move", "peer"],
                ["6", "50 ms a move", "default"],
            ],
        )
        self.assertIn(
            "# strength-mcts-paranoid-3p-50ms-peer\n"
            "git checkout 27fa72d && tools/build && "
            "bench/strength --players 3 --movetime 50 --tables paranoid --rules peer",
            text,
        )
        text = self.rendered("strength prefix=strength-mcts- rules=peer no-commands")
        self.assertEqual(text.count("| 3 | 50 ms a move |"), 1)
        self.assertIn("| peer | `paranoid` tables | 4 of 24, 17% [7, 36] | 33% | 0.50 |", text)
        self.assertNotIn("```", text)

    def test_strength_worst_is_the_lowest_share_over_the_tables(self):
        text = self.rendered("strength-worst prefix=strength-mcts-")
        # The newer of the two brs records counts: mixed is the worst.
        self.assertIn(
            "| 3 | 50 ms a move | default | mixed: `paranoid`, `brs` | 9 of 24, 38% "
            "[21, 57] | 1.12 | 3 | today's engine |",
            text,
        )
        self.assertIn(
            "| 3 | 50 ms a move | peer | `paranoid` tables | 4 of 24, 17% [7, 36] "
            "| 0.50 | 1 | today's engine |",
            text,
        )
        self.assertIn("| 6 | 50 ms a move | default | `base` tables (1234567) |", text)
        self.assertEqual(text.count("\ngit checkout "), 3)

    def test_strength_worst_may_give_each_rows_command_in_a_column(self):
        text = self.rendered("strength-worst prefix=strength-mcts- command-column")
        self.assertIn(
            "| 3 | 50 ms a move | default | mixed: `paranoid`, `brs` | 9 of 24, 38% "
            "[21, 57] | 1.12 | 3 | today's engine | `git checkout 27fa72d && tools/build && "
            "bench/strength --players 3 --movetime 50 --tables mixed --rules default` |",
            text,
        )
        self.assertNotIn("```", text)

    def test_strength_refuses_several_engines_and_no_choice(self):
        for args, message in (
            (
                "prefix=strength-",
                "table 'strength': the records chosen are of "
                "2 engines (`brs`, `mcts`): choose one with search= or prefix=",
            ),
            ("", "table 'strength': expected ids=a,b,c or prefix=TEXT to choose " "the records"),
        ):
            self.write("<!-- results: strength %s -->\n<!-- end results -->\n" % args)
            status, output = self.run_renderer()
            self.assertEqual(status, 2)
            self.assertIn(message, output)
        self.assertIn(
            "| 3 | 50 ms a move | default | `paranoid` tables | 5 of 24, 21% [9, 40] ",
            self.rendered("strength-worst prefix=strength- search=brs"),
        )

    def test_each_command_checks_out_the_commit_of_its_record(self):
        text = self.rendered("match ids=scale-250,scale-461")
        # The two arms of an A/B share a command; their commits tell them apart.
        self.assertIn(
            "# scale-250\ngit checkout 7e80da9 && tools/build && "
            "build/tools/tiaoqi-match -engine cmd=build/protocol/tiaoqi name=mcts "
            "--players 6\n# scale-461\ngit checkout 163a998 && tools/build && "
            "build/tools/tiaoqi-match -engine cmd=build/protocol/tiaoqi name=mcts "
            "--players 6\n```",
            text,
        )

    def test_an_ab_of_two_builds_builds_the_old_one_beside(self):
        text = self.rendered("match ids=prune")
        self.assertIn(
            "# prune\ngit checkout 3f20b3d && TIAOQI_BUILD_DIR=build-old tools/build "
            "&& git checkout c64cae9 && tools/build && for seed in 7 11; do "
            "build/tools/tiaoqi-match -engine cmd=build/protocol/tiaoqi name=prune "
            "-engine cmd=build-old/protocol/tiaoqi name=old --seed $seed; done\n```",
            text,
        )
        # The match runner named as if installed is the build's.
        self.assertIn(
            "# threads\ngit checkout b616f77 && tools/build && " "build/tools/tiaoqi-match -engine",
            self.rendered("sprt ids=threads"),
        )

    def test_a_record_no_commit_replays_is_listed_without_a_command(self):
        text = self.rendered("sprt ids=old-ab,threads")
        self.assertIn(
            "```sh\n# old-ab: not replayable (its old build is no commit)\n" "# threads\n", text
        )
        self.assertNotIn("cmd=old", text)
        text = self.rendered("match ids=scratch")
        self.assertIn("```sh\n# scratch: not replayable (a build no commit holds)\n```", text)
        text = self.rendered("history")
        self.assertIn(
            "| `old-ab` | null-move pruning against the search without it | 2, 20000 "
            "nodes a move | +477 =0 -401 in 878 games | b616f77 | no |",
            text,
        )
        self.assertIn("| `prune` | ", text)
        self.assertRegex(text, r"\| `prune` \|.*\| c64cae9 \| yes \|")

    def parameters(self, build=os.path.join(FIXTURE, "engine")):
        self.write("<!-- results: parameters -->\n<!-- end results -->\n")
        return self.run_renderer("--build", build)

    def test_the_parameters_are_read_from_the_engine_beside_their_records(self):
        status, output = self.parameters()
        self.assertEqual(status, 0, output)
        self.assertEqual(
            self.read().split("\n")[2:8],
            [
                "| option | what it does | values | `auto` plays | the records that chose it |",
                "|---|---|---|---|---|",
                "| [`MctsExploration`](#the-tree) | UCT's constant. | 0 to 10 | 0.2 | `mcts-brs-3p` |",
                "| `MctsOpponentMoves` | The others' moves searched. | 0 to 4096, whole "
                "| 0 at 2 to 4 players; 8 at 6 players | `scale-250`, `scale-461` |",
                "| `MctsBestReply` | A best-reply tree. | `true`, `false` "
                "| false (true with `Search mctsbrs`) | none: set by hand |",
                "",
            ],
        )

    def with_defaults(self, defaults):
        self.results = os.path.join(self.folder.name, "results")
        shutil.copytree(FIXTURE, self.results, dirs_exist_ok=True)
        with open(os.path.join(self.results, "defaults.json"), "w", encoding="utf-8") as file:
            file.write(defaults)
        status, output = self.parameters(os.path.join(self.results, "engine"))
        self.assertEqual(status, 2)
        return output

    def test_the_parameters_refuse_a_default_without_its_records(self):
        output = self.with_defaults(
            '{"MctsExploration": {"records": []}, ' '"MctsBestReply": {"records": []}}'
        )
        self.assertIn(
            "table 'parameters': the engine's parameter 'MctsOpponentMoves' has no "
            "entry in bench/results/defaults.json",
            output,
        )
        output = self.with_defaults(
            '{"MctsExploration": {"records": ["nosuch"]}, '
            '"MctsOpponentMoves": {"records": []}, '
            '"MctsBestReply": {"records": []}}'
        )
        self.assertIn("table 'parameters': no record with the id 'nosuch'", output)
        output = self.with_defaults(
            '{"MctsExploration": {"records": []}, "Gone": {"records": []},'
            ' "MctsOpponentMoves": {"records": []}, '
            '"MctsBestReply": {"records": []}}'
        )
        self.assertIn(
            "bench/results/defaults.json names 'Gone', which is no parameter of the " "engine",
            output,
        )

    def test_the_parameters_need_an_engine(self):
        status, output = self.parameters(self.folder.name)
        self.assertEqual(status, 2)
        self.assertIn(
            "table 'parameters': the parameters are read from the engine, and there is "
            "none in %s" % self.folder.name,
            output,
        )

    def test_an_unknown_table_is_refused_naming_the_tables(self):
        self.write(
            """\
            Text.
            <!-- results: nosuch -->
            <!-- end results -->
            """
        )
        status, output = self.run_renderer()
        self.assertEqual(status, 2)
        self.assertIn("render-results: page.md:2: no table named 'nosuch' (the tables: ", output)
        self.assertIn("match", output)

    def test_an_unknown_record_id_is_refused(self):
        self.write(
            """\
            <!-- results: match ids=nosuch -->
            <!-- end results -->
            """
        )
        status, output = self.run_renderer()
        self.assertEqual(status, 2)
        self.assertIn("page.md:1: table 'match': no match record with the id 'nosuch'", output)

    def test_a_block_without_its_end_is_refused(self):
        self.write(
            """\
            <!-- results: match -->
            text
            """
        )
        status, output = self.run_renderer()
        self.assertEqual(status, 2)
        self.assertIn("page.md:1: expected <!-- end results --> after this block's start", output)

    def malformed(self, line):
        self.results = os.path.join(self.folder.name, "results")
        os.makedirs(self.results, exist_ok=True)
        shutil.copy(os.path.join(FIXTURE, "matches.jsonl"), self.results)
        with open(os.path.join(self.results, "matches.jsonl"), "a", encoding="utf-8") as file:
            file.write(line + "\n")
        status, output = self.run_renderer()
        self.assertEqual(status, 2)
        return output

    def test_a_malformed_record_line_is_refused_naming_file_and_line(self):
        output = self.malformed('{"kind": "match", "id": ')
        self.assertIn("matches.jsonl:3: not a JSON object: ", output)
        output = self.malformed(
            '{"kind": "match", "id": "x", "date": "2026-01-01T00:00:00Z", '
            '"command": "c", "engine": {"commit": "1", "signature": 1}}'
        )
        self.assertIn("matches.jsonl:3: expected engine.commit of 40 hex digits, got '1'", output)
        output = self.malformed(
            '{"kind": "tourney", "id": "x", "date": "", "command": "", ' '"engine": {}}'
        )
        self.assertIn(
            "matches.jsonl:3: expected a kind of sprt, spsa, pool, match, speed, "
            "belief, got 'tourney'",
            output,
        )

    def test_a_repeated_id_is_refused(self):
        with open(os.path.join(FIXTURE, "matches.jsonl"), encoding="utf-8") as file:
            first = file.readline().strip()
        output = self.malformed(first)
        self.assertIn("matches.jsonl:3: the id 'mcts-brs-3p' is taken by line 1", output)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
