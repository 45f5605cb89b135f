#!/usr/bin/python3
"""Tests of bench/selfplay/run, the driver that makes one self-play data
set: the same flags make the same collected file (its sha256 in the
manifest) with one game at a time, two at once and on a Slurm cluster of
one node; a stopped run plays only the games that are missing; a bad
command line is one line and exit status 2, with nothing written. The
games are tiny (2 players, 20 nodes a move), node-limited, so nothing
depends on the machine's speed.

Usage: selfplay_run_test.py BUILD_DIR [TestClass] (a build with
tiaoqi-selfplay). The driver runs in a scratch clone of the repository
with the source tree's scripts committed there (a clean work tree, and
the manifests land in the clone's bench/results/learning/), with
BUILD_DIR's tiaoqi-selfplay linked into the clone's build/. The Slurm
class needs root and Slurm (tools/dev/setup slurm); without them it is
skipped with a message, except under CI=true, where it must run."""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else os.path.join(REPO, "build")
sys.dont_write_bytecode = True
# Imports start at the repository's root (bench.trials), not this folder.
sys.path[0] = os.path.abspath(os.path.join(__file__, "../../.."))
from tests.bench.scripts_clone import ClonedScripts, clone_with, is_checkout  # noqa: E402
from tests.bench.slurm_cluster import Cluster, missing_requirements  # noqa: E402

SELFPLAY = os.path.join("bench", "selfplay", "tiaoqi-selfplay")
SCRIPTS = ("bench/__init__.py", "bench/selfplay/run", "bench/trials.py", "bench/slurm.py")
# The control data set: four games of two players at 20 nodes a move.
CONTROL = ["--players", "2", "--games", "4", "--nodes", "20", "--seed", "5"]
# Every run ends within this bound (it takes about a second).
RUN_SECONDS = 120
SEE_HELP = "(see bench/selfplay/run --help)"


def link_build(clone):
    """The clone's build/ holds BUILD's tiaoqi-selfplay, as tools/dev/build
    leaves it."""
    target = os.path.join(clone, "build", SELFPLAY)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    os.symlink(os.path.join(BUILD, SELFPLAY), target)


def games_of(path):
    """The game numbers of a collected file's headers, in order, and the
    positions the headers count."""
    numbers, positions = [], 0
    with open(path, encoding="utf-8") as file:
        for line in file:
            entry = json.loads(line)
            if "game" in entry:
                numbers.append(entry["game"])
                positions += entry["positions"]
    return numbers, positions


def done_games(err):
    """The games tiaoqi-selfplay reports as played, in its progress lines."""
    return sorted(int(n) for n in re.findall(r"^tiaoqi-selfplay: game (\d+) done", err, re.M))


class Driver:
    """What the test classes share: runs of the driver in self.clone."""

    environment = None

    def run_driver(self, *words):
        environment = dict(self.environment or os.environ)
        environment.pop("TIAOQI_BUILD_DIR", None)
        result = subprocess.run(
            [os.path.join(self.clone, "bench", "selfplay", "run"), *words],
            cwd=self.clone,
            capture_output=True,
            text=True,
            env=environment,
            timeout=RUN_SECONDS,
        )
        return result.returncode, result.stdout, result.stderr

    def make(self, name, *words):
        """The data set `name` made with the control's flags and `words`;
        its manifest and the driver's standard error."""
        status, out, err = self.run_driver(*CONTROL, "--name", name, *words, "--no-build")
        self.assertEqual(status, 0, out + err)
        manifest = self.manifest(name)
        self.assertEqual(
            out,
            f"selfplay: {name}: 4 games, {manifest['positions']} positions in"
            f" build/selfplay/{name}/{name}.jsonl ({manifest['bytes']} bytes,"
            f" sha256 {manifest['sha256']}); manifest bench/results/learning/{name}.json\n",
        )
        return manifest, err

    def manifest(self, name):
        path = os.path.join(self.clone, "bench", "results", "learning", f"{name}.json")
        with open(path, encoding="utf-8") as file:
            return json.load(file)

    def data(self, name):
        return os.path.join(self.clone, "build", "selfplay", name, f"{name}.jsonl")


class OneMachine(Driver, ClonedScripts):
    REPO = REPO
    SCRIPTS = SCRIPTS

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        link_build(cls.clone)

    def test_the_same_seed_makes_the_same_data_at_any_concurrency(self):
        one, _ = self.make("one", "--concurrency", "1")
        two, _ = self.make("two", "--concurrency", "2")
        with open(self.data("one"), "rb") as first, open(self.data("two"), "rb") as second:
            self.assertEqual(first.read(), second.read())
        with open(self.data("one"), "rb") as file:
            self.assertEqual(one["sha256"], hashlib.sha256(file.read()).hexdigest())
        self.assertEqual(
            [two[key] for key in ("sha256", "bytes", "positions")],
            [one[key] for key in ("sha256", "bytes", "positions")],
        )
        self.assertEqual(games_of(self.data("one")), ([0, 1, 2, 3], one["positions"]))

        # The manifest: the command as given from the repository's root
        # (no --no-build), the clean clone's commit, the settings, the
        # file and the machine; no path of this machine's.
        self.assertEqual(
            one["command"],
            "bench/selfplay/run --players 2 --games 4 --nodes 20 --seed 5 --name one"
            " --concurrency 1",
        )
        self.assertEqual(one["engine"], {"commit": self.head, "dirty": False})
        self.assertEqual(
            [one[key] for key in ("name", "players", "nodes", "seed", "options", "rules", "games")],
            ["one", 2, 20, 5, {}, {}, 4],
        )
        self.assertEqual(one["file"], "build/selfplay/one/one.jsonl")
        self.assertEqual(len(one["sha256"]), 64)
        self.assertRegex(one["date"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        self.assertEqual([one["machine"]["concurrency"], one["machine"]["slurm"]], [1, False])
        self.assertTrue(one["machine"]["cpu"])
        self.assertNotIn(self.scratch.name, json.dumps(one))

        # Another seed makes other games.
        status, out, err = self.run_driver(
            *CONTROL[:-1], "6", "--name", "other", "--no-build", "--out", "build/other"
        )
        self.assertEqual(status, 0, out + err)
        other = self.manifest("other")
        self.assertNotEqual(other["sha256"], one["sha256"])
        self.assertIn(" --out build/other", other["command"])
        self.assertEqual(other["file"], "build/other/other.jsonl")

    def test_a_dry_run_prints_the_command_and_plays_nothing(self):
        status, out, err = self.run_driver(
            *CONTROL, "--name", "dry", "--concurrency", "2", "--dry-run"
        )
        self.assertEqual([status, err], [0, ""])
        self.assertEqual(
            out.splitlines(),
            [
                "selfplay: 4 of 4 games to play into build/selfplay/dry",
                "build/bench/selfplay/tiaoqi-selfplay --players 2 --nodes 20 --seed 5"
                " --out build/selfplay/dry --games 0:4 --concurrency 2",
                "selfplay: then build/selfplay/dry/dry.jsonl and bench/results/learning/dry.json",
            ],
        )
        self.assertFalse(os.path.exists(os.path.join(self.clone, "build", "selfplay", "dry")))

    def test_a_stopped_run_plays_only_the_missing_games(self):
        first, err = self.make("stopped", "--concurrency", "2")
        self.assertEqual(done_games(err), [0, 1, 2, 3])
        os.remove(os.path.join(self.clone, "build", "selfplay", "stopped", "game-000002.jsonl"))

        again, err = self.make("stopped", "--concurrency", "2")
        self.assertIn("selfplay: resuming: 3 of 4 games are in build/selfplay/stopped", err)
        self.assertIn("tiaoqi-selfplay: 3 games already played, 1 to play", err)
        self.assertEqual(done_games(err), [2])
        self.assertEqual(again["sha256"], first["sha256"])
        self.assertEqual(games_of(self.data("stopped")), ([0, 1, 2, 3], first["positions"]))

        # Given again with every game there, it plays none.
        again, err = self.make("stopped", "--concurrency", "2")
        self.assertEqual(done_games(err), [])
        self.assertEqual(again["sha256"], first["sha256"])


class BadFlags(Driver, ClonedScripts):
    REPO = REPO
    SCRIPTS = SCRIPTS

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        link_build(cls.clone)

    def assertRefused(self, words, message):
        status, out, err = self.run_driver(*words)
        self.assertEqual(
            [status, out, err.splitlines()], [2, "", [f"selfplay/run: {message}", SEE_HELP]]
        )

    def test_bad_flags_are_one_line_and_write_nothing(self):
        game = ["--name", "bad", "--games", "2", "--no-build"]
        manifests = os.path.join(self.clone, "bench", "results", "learning")
        before = sorted(os.listdir(manifests)) if os.path.isdir(manifests) else []
        for words, message in [
            ([], "--name NAME is required: the data set's name"),
            (["--name", "bad"], "--games G is required: the number of games"),
            (
                ["--name", "a/b", "--games", "2"],
                "--name expects letters, digits, '.', '_' and '-' (no folder), got 'a/b'",
            ),
            (
                ["--name", "bad", "--games", "0"],
                "--games expects a whole number of at least 1, got '0'",
            ),
            (game + ["--nodes", "many"], "--nodes expects a whole number, got 'many'"),
            (game + ["--players", "9"], "--players expects 1 to 6, got '9'"),
            (game + ["--rule", "GoalRule"], "--rule expects Name=Value, got 'GoalRule'"),
            (game + ["--rule", "Players=3"], "--rule Players: give the table size as --players N"),
            (game + ["--slurm-batch", "4"], "--slurm-batch needs --slurm"),
            (game + ["--frobnicate"], "unrecognized arguments: --frobnicate"),
            (
                game + ["--option", "EvalFile=none.tqnn"],
                "--option EvalFile: 'none.tqnn' is no file",
            ),
            # The options and rules that tiaoqi-selfplay itself refuses.
            (game + ["--rule", "GoalRule=xx"], "--rule: GoalRule expects filled or own, got 'xx'"),
            (
                game + ["--option", "MctsPrior=abc"],
                "--option MctsPrior=abc: MctsPrior expects auto or a number from 0 to 100,"
                " got 'abc'",
            ),
        ]:
            with self.subTest(words=words):
                self.assertRefused(words, message)
        self.assertFalse(os.path.exists(os.path.join(self.clone, "build", "selfplay")))
        # No manifest beside the committed ones.
        after = sorted(os.listdir(manifests)) if os.path.isdir(manifests) else []
        self.assertEqual(after, before)

    def test_games_of_other_settings_are_not_mixed(self):
        self.make("mixed")
        self.assertRefused(
            [*CONTROL[:-1], "6", "--name", "mixed", "--no-build"],
            "build/selfplay/mixed holds games of other settings (players 2, nodes 20, seed 5):"
            " give another --name or --out, or remove the folder",
        )
        self.assertRefused(
            [*CONTROL[:-1], "6", "--name", "mixed", "--no-build", "--out", "build/elsewhere"],
            "bench/results/learning/mixed.json records a data set 'mixed' of other settings"
            " (players 2, nodes 20, seed 5): give another --name",
        )


class OnSlurm(Driver, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        why = missing_requirements()
        if why:
            if os.environ.get("CI") == "true":
                raise AssertionError(f"under CI the Slurm test must run, but {why}")
            raise unittest.SkipTest(why)
        if not is_checkout(REPO):
            raise unittest.SkipTest("the source tree is no git checkout: nothing to clone")
        cls.scratch = tempfile.mkdtemp(prefix="tiaoqi_selfplay_slurm_")
        cls.clone, cls.head = clone_with(REPO, cls.scratch, SCRIPTS)
        link_build(cls.clone)
        cls.cluster = Cluster(os.path.join(cls.scratch, "cluster"))
        os.makedirs(cls.cluster.folder)
        cls.environment = cls.cluster.environment
        try:
            cls.cluster.start()
        except BaseException:
            cls.cluster.stop()
            shutil.rmtree(cls.scratch)
            raise

    @classmethod
    def tearDownClass(cls):
        cls.cluster.stop()
        shutil.rmtree(cls.scratch)

    def test_the_data_on_slurm_is_the_data_of_one_machine(self):
        alone, _ = self.make("alone")
        slurm = ["--slurm", "--slurm-batch", "3", "--slurm-poll", "1"]
        on_slurm, err = self.make("on-slurm", *slurm)
        # Two tasks: games 0 to 2 and game 3.
        (line,) = [line for line in err.splitlines() if "Slurm job" in line]
        self.assertRegex(
            line, r"^selfplay: Slurm job \d+: 2 batches of 1 or 3 games each, files in "
        )
        self.assertIn("selfplay: 4 of 4 games played", err)
        self.assertEqual(
            [on_slurm[key] for key in ("sha256", "bytes", "positions")],
            [alone[key] for key in ("sha256", "bytes", "positions")],
        )
        self.assertEqual(on_slurm["machine"]["slurm"], True)
        self.assertEqual(on_slurm["machine"]["cpu"], alone["machine"]["cpu"])

        # A game lost: only its batch is submitted, and plays only it.
        folder = os.path.join(self.clone, "build", "selfplay", "on-slurm")
        os.remove(os.path.join(folder, "game-000001.jsonl"))
        again, err = self.make("on-slurm", *slurm)
        (line,) = [line for line in err.splitlines() if "Slurm job" in line]
        self.assertRegex(line, r"^selfplay: Slurm job \d+: 1 of 2 batches of 3 games, files in ")
        with open(os.path.join(folder, "slurm-1.out"), encoding="utf-8") as file:
            log = file.read()
        self.assertIn("tiaoqi-selfplay: 2 games already played, 1 to play", log)
        self.assertEqual(done_games(log), [1])
        self.assertEqual(again["sha256"], alone["sha256"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:2], verbosity=2)
