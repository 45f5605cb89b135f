#!/usr/bin/python3
"""Tests of bench/sprt and bench/spsa: their answers to bad command lines
(one line, exit status 2, nothing written), the refusal of a work tree
with changes, and the records they append after tiny real matches (a few
games at 50 nodes a move, of builds or of two engines given by their
words, one of which crashes) and after a match that a fake runner
interrupts and then finishes; SPSA's batches of iterations at one theta;
and the line that says what a Slurm array submits.

Usage: bench_trials_test.py BUILD_DIR (a build with tiaoqi and
tiaoqi-match). The scripts run in a scratch clone of the repository, with
the source tree's scripts committed there, so that the clone is clean and
HEAD is both the base and the new engine: one binary, nothing to build."""

import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else os.path.join(REPO, "build")
sys.dont_write_bytecode = True
# Imports start at the repository's root (bench.trials), not this folder.
sys.path[0] = os.path.abspath(os.path.join(__file__, "../../.."))
from bench import slurm  # noqa: E402
from tests.bench.scripts_clone import ClonedScripts  # noqa: E402

ENGINE = os.path.join(BUILD, "protocol", "tiaoqi")
# The test double that crashes at every second game (tests/tools/doubles).
CRASHING = os.path.join(BUILD, "tests", "tools", "tiaoqi_test_engine") + " --mode crash --games 1"
SCRIPTS = (
    "bench/__init__.py",
    "bench/sprt",
    "bench/spsa",
    "bench/trials.py",
    "bench/slurm.py",
    "bench/pairs.py",
    ".gitignore",
)

# A runner that plays nothing: the first call writes a record file and
# exits as an interrupted match does, the second must be a --resume and
# writes a summary of 8 games whose SPRT accepted H1.
FAKE_RUNNER = r"""#!/usr/bin/python3
import json, os, sys
argv = sys.argv[1:]
with open(os.environ["FAKE_LOG"], "a") as log:
    log.write(json.dumps(argv) + "\n")
record = argv[argv.index("--record") + 1]
summary = argv[argv.index("--json") + 1]
if "--resume" not in argv:
    open(record, "w").write("[Game \"1\"]\n")
    sys.exit(130)
results = {
    "games": 8,
    "engines": [{"name": "new", "games": 8, "wins": 5, "points": 6.0, "faults": 0,
                 "time_losses": 0},
                {"name": "base", "games": 8, "wins": 3, "points": 2.0, "faults": 1,
                 "time_losses": 0}],
    "elo": [{"engines": ["new", "base"], "samples": 4, "score": 0.75, "elo": 190.8,
             "low": 20.5, "high": None, "los": 0.99, "pentanomial": [0, 0, 1, 1, 2]}],
    "sprt": {"elo0": 0, "elo1": 5, "alpha": 0.05, "beta": 0.05, "llr": 3.1,
             "lower": -2.944, "upper": 2.944, "decision": "H1 accepted"}}
json.dump({"match": {}, "results": results, "games": []}, open(summary, "w"))
"""

# A runner that plays until it is stopped: it says that it started, and
# exits as tiaoqi-match does on SIGINT.
WAITING_RUNNER = r"""#!/usr/bin/python3
import os, signal, sys, time
signal.signal(signal.SIGINT, lambda *_: sys.exit(130))
open(os.environ["FAKE_STARTED"], "w").close()
time.sleep(60)
"""
INTERRUPTED = "sprt: interrupted; the same command resumes where it stopped"

# A runner for bench/spsa that plays nothing: it logs its words, and plus
# wins both games of every match, whatever the values.
SPSA_RUNNER = r"""#!/usr/bin/python3
import json, os, sys
argv = sys.argv[1:]
with open(os.environ["FAKE_LOG"], "a") as log:
    log.write(json.dumps(argv) + "\n")
open(argv[argv.index("--record") + 1], "w").close()
rows = [{"name": "plus", "games": 2, "points": 2.0}, {"name": "minus", "games": 2, "points": 0.0}]
summary = {"match": {"interrupted": False}, "results": {"games": 2, "engines": rows}, "games": []}
json.dump(summary, open(argv[argv.index("--json") + 1], "w"))
"""


def sha256(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


class Trials(ClonedScripts):
    REPO, SCRIPTS = REPO, SCRIPTS

    def setUp(self):
        self.folder = tempfile.mkdtemp(dir=self.scratch.name)
        self.results = os.path.join(self.folder, "sprt.jsonl")

    @staticmethod
    def script_environment(environment=None):
        env = {name: value for name, value in os.environ.items() if name != "TIAOQI_MATCH"}
        env.update({"TIAOQI_BUILD_DIR": BUILD, **(environment or {})})
        return env

    def run_script(self, name, *words, environment=None):
        result = subprocess.run(
            [os.path.join(self.clone, "bench", name), *words],
            capture_output=True,
            text=True,
            env=self.script_environment(environment),
            timeout=300,
        )
        return result.returncode, result.stdout, result.stderr

    def fake_runner(self, name, text):
        """A stand-in for tiaoqi-match: a script in the test's folder."""
        path = os.path.join(self.folder, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(path, 0o755)
        return path

    def records(self):
        with open(self.results, encoding="utf-8") as file:
            return [json.loads(line) for line in file]

    def assert_refused(self, name, words, message):
        status, out, err = self.run_script(name, *words, "--results", self.results)
        self.assertEqual(status, 2, err)
        self.assertEqual(out, "")
        self.assertEqual(err.splitlines(), [f"{name}: {message}", f"(see bench/{name} --help)"])
        self.assertFalse(os.path.exists(self.results))

    def test_sprt_refuses_bad_command_lines(self):
        cases = [
            ([], "expected BASE (a commit) or --new-engine and --base-engine"),
            (
                ["HEAD", "--nodes", "50", "--players", "5"],
                "--players expects 2, 3, 4 or 6, got '5'",
            ),
            (["HEAD"], "no time: give --movetime MS, --tc CLOCK or --nodes N"),
            (["HEAD", "--nodes", "0"], "--nodes expects a whole number of at least 1, got '0'"),
            (
                ["HEAD", "--tc", "1e3"],
                "--tc expects <seconds>[+<increment>] such as 10+0.1, got '1e3'",
            ),
            (
                ["HEAD", "--nodes", "50", "--max-games", "1"],
                "--max-games 1 is less than one opening (2 games at 2 players)",
            ),
            (
                ["HEAD", "--nodes", "50", "--max-games", "4", "--openings", "2"],
                "give --max-games or --openings, not both",
            ),
            (
                ["HEAD", "--nodes", "50", "--alpha", "1.5"],
                "--alpha and --beta must lie between 0 and 1",
            ),
            (
                ["HEAD", "--nodes", "50", "--elo0", "5", "--elo1", "0"],
                "--elo0 must be below --elo1",
            ),
            (
                ["HEAD", "--nodes", "50", "--elo1", "2000"],
                "--elo0 and --elo1 must lie between -1000 and 1000 (tiaoqi-match's range)",
            ),
            (
                ["HEAD", "--nodes", "50", "--elo1", "nan"],
                "--elo1 expects a finite decimal number, got 'nan'",
            ),
            (
                ["HEAD", "--nodes", "50", "--new-option", "Hash"],
                "--new-option expects Name=Value, got 'Hash'",
            ),
            (
                ["HEAD", "--nodes", "50", "--base-option", "Hash=1", "--base-option", "Hash=2"],
                "--base-option gives 'Hash' twice",
            ),
            (["HEAD", "--nodes", "50", "--frobnicate"], "unrecognized arguments: --frobnicate"),
            (
                ["no-such-commit", "--nodes", "50"],
                "'no-such-commit' is no commit of this repository",
            ),
            (
                ["HEAD", "--nodes", "50", "--shard", "3/2"],
                "--shard expects K/N with 1 <= K <= N, got '3/2'",
            ),
            (
                ["HEAD", "--nodes", "50", "--shard", "1/2", "--merge-shards", "2"],
                "give --shard or --merge-shards, not both",
            ),
            (["HEAD", "--nodes", "50", "--slurm-batch", "2"], "--slurm-batch needs --slurm"),
            # sbatch's words that start with '-' are --slurm-args's value.
            (
                ["HEAD", "--nodes", "50", "--slurm-args", "--partition=gpu"],
                "--slurm-args needs --slurm",
            ),
            (
                ["HEAD", "--nodes", "50", "--slurm", "--slurm-batch", "0"],
                "--slurm-batch expects a whole number of at least 1, got '0'",
            ),
            (
                ["HEAD", "--nodes", "50", "--slurm", "--shard", "1/2"],
                "--slurm plays the shards itself: give it without --shard or --merge-shards",
            ),
        ]
        for words, message in cases:
            with self.subTest(words=words):
                self.assert_refused("sprt", words, message)
        missing = os.path.join(self.folder, "nowhere", "sprt.jsonl")
        status, _, err = self.run_script("sprt", "HEAD", "--nodes", "50", "--results", missing)
        self.assertEqual(status, 2)
        self.assertIn("does not exist", err)

    def test_sprt_refuses_engines_it_cannot_play(self):
        engine = f"cmd={ENGINE}"
        both = ["--new-engine", engine, "--base-engine", engine]
        cases = [
            (
                ["HEAD", "--nodes", "50", *both],
                "--new-engine and --base-engine name both sides: give them without BASE ('HEAD')",
            ),
            (
                ["--nodes", "50", "--new-engine", engine],
                "--new-engine needs its other side: give --new-engine and --base-engine",
            ),
            (
                ["--nodes", "50", "--new-engine", engine, "--base-engine", "name=x"],
                "--base-engine expects cmd=COMMAND among its words, got 'name=x'",
            ),
            (
                ["--nodes", "50", "--new-engine", engine, "--base-engine", f"{engine} Hash"],
                "--base-engine expects words Name=Value (cmd=COMMAND, name=NAME, proto=ccp,"
                " option.Name=Value, ...), got 'Hash'",
            ),
            (
                ["--nodes", "50", "--new-engine", "cmd=no/such/engine", "--base-engine", engine],
                "--new-engine: 'no/such/engine' (cmd=) is no program that can be run",
            ),
            (
                ["--nodes", "50", "--new-engine", engine, "--base-engine", f"{engine} name=new"],
                "--new-engine and --base-engine both take name=new",
            ),
            (
                ["--nodes", "50", *both, "--new-option", "Hash=8"],
                "--new-option sets an option of a build of this repository: with --new-engine"
                " and --base-engine give option.Name=Value in the engine's words",
            ),
        ]
        for words, message in cases:
            with self.subTest(words=words):
                self.assert_refused("sprt", words, message)

    def run_engines(self, *words):
        """bench/sprt of two engines with no build folder at all: a build
        would fail, so none is tried."""
        environment = {
            "TIAOQI_BUILD_DIR": os.path.join(self.folder, "no-build"),
            "TIAOQI_MATCH": os.path.join(BUILD, "tools", "tiaoqi-match"),
        }
        words = [*words, "--results", self.results, "--out", os.path.join(self.folder, "match")]
        return self.run_script("sprt", *words, "--", "--quiet", environment=environment)

    def test_sprt_plays_two_engines_given_by_their_words(self):
        # MCTS against the random mover of the same program: H1 within 20 pairs.
        words = ["--new-engine", f"cmd={ENGINE} name=mcts", "--base-engine"]
        words += [f"cmd={ENGINE} name=random option.Search=random nodes=20"]
        words += ["--nodes", "20", "--max-games", "40", "--seed", "3", "--id", "two"]
        status, out, err = self.run_engines(*words)
        self.assertEqual(status, 0, err)
        (record,) = self.records()
        self.assertEqual([record["id"], record["decision"]], ["two", "H1"])
        self.assertRegex(out.splitlines()[-1], r"^sprt: two: H1 after \d+ games, LLR ")
        identity = {"command": ENGINE, "program": ENGINE, "sha256": sha256(ENGINE)}
        (id_line,) = [
            line
            for line in subprocess.run(
                [ENGINE], input="uci\nquit\n", capture_output=True, text=True
            ).stdout.splitlines()
            if line.startswith("id name ")
        ]
        identity["id"] = id_line[len("id name ") :]
        self.assertEqual(record["new"], {"name": "mcts", **identity, "settings": {}, "options": {}})
        self.assertEqual(
            record["base"],
            {
                "name": "random",
                **identity,
                "settings": {"nodes": "20"},
                "options": {"Search": "random"},
            },
        )
        # The repository that ran it, no build of it measured: no signature.
        self.assertEqual(record["engine"], {"commit": self.head, "signature": None})
        self.assertFalse(record["replayable"])
        self.assertEqual(record["faults"], {"mcts": 0, "random": 0})
        self.assertNotIn("--id", record["command"])
        self.assertFalse(os.path.exists(os.path.join(self.folder, "no-build")))
        # Given again, the same programs' trial is recorded already.
        status, out, _ = self.run_engines(*words[:-2])
        self.assertEqual(status, 0)
        self.assertIn("the trial is recorded already, as 'two'", out)
        self.assertEqual(len(self.records()), 1)

    def test_sprt_counts_the_games_an_engine_forfeits_apart_from_its_losses(self):
        status, out, err = self.run_engines(
            "--new-engine",
            f"cmd={ENGINE}",
            "--base-engine",
            f"cmd='{CRASHING}' name=double",
            "--nodes",
            "50",
            "--max-games",
            "4",
        )
        self.assertEqual(status, 0, err)
        (record,) = self.records()
        # The double crashes in its second game, and again after each restart.
        self.assertEqual([record["games"], record["score"]], [4, 1.0])
        self.assertEqual(record["faults"], {"new": 0, "double": 2})
        self.assertEqual(record["time_losses"], {"new": 0, "double": 0})
        self.assertEqual(record["base"]["id"], "TestDouble crash")
        self.assertTrue(
            out.splitlines()[-1].endswith(f"; forfeits: double 2 faults; record in {self.results}"),
            out,
        )

    def test_spsa_refuses_bad_command_lines(self):
        cases = [
            (["--nodes", "50"], "no parameter: give --param NAME=start,min,max,c_end,r_end"),
            (
                ["--nodes", "50", "--param", "Hash=1,2,3"],
                "--param expects NAME=start,min,max,c_end,r_end, got 'Hash=1,2,3'",
            ),
            (
                ["--nodes", "50", "--param", "Hash=9,1,8,1,0.002"],
                "--param Hash: expected min < max and start between them, got '9,1,8,1,0.002'",
            ),
            (
                ["--nodes", "50", "--param", "Hash=4,1,8,0,0.002"],
                "--param Hash: c_end and r_end must be above 0, got '4,1,8,0,0.002'",
            ),
            (
                ["--nodes", "50", "--param", "Hash=4,1,8,1,x"],
                "--param Hash expects a decimal number, got 'x'",
            ),
            (
                ["--nodes", "50", "--param", "Hash=4,1,8,1,1", "--option", "Hash=2"],
                "'Hash' is both a --param and an --option",
            ),
            (
                ["--nodes", "50", "--param", "Hash=4,1,8,1,1", "--iterations", "0"],
                "--iterations expects a whole number of at least 1, got '0'",
            ),
            (
                ["--nodes", "50", "--param", "Hashh=4,1,8,1,1", "--no-build"],
                "the engine has no option 'Hashh'",
            ),
            (
                ["--nodes", "50", "--param", "Ponder=4,1,8,1,1", "--no-build"],
                "'Ponder' is a check option; SPSA tunes spin and string options that take a number",
            ),
            (
                ["--nodes", "50", "--param", "Hash=4,1,8,1,1", "--table", "brs"],
                "--table needs 3 players or more (at 2 the game is plus against minus)",
            ),
            (
                ["--nodes", "50", "--param", "Hash=4,1,8,1,1", "--players", "4", "--table", "brs"],
                "--table at 4 players names 2 searches (the seats beside plus and minus), got 1:"
                " 'brs'",
            ),
            (
                [
                    "--nodes",
                    "50",
                    "--param",
                    "Hash=4,1,8,1,1",
                    "--players",
                    "3",
                    "--table",
                    "brz",
                    "--no-build",
                ],
                "--table: the engine has no search 'brz' (it has alphabeta, auto, brs, greedy, maxn,"
                " mcts, mctsbrs, paranoid, random)",
            ),
            (
                [
                    "--nodes",
                    "50",
                    "--param",
                    "Hash=4,1,8,1,1",
                    "--players",
                    "3",
                    "--table",
                    "brs:0",
                ],
                "--table brs expects a whole number of at least 1, got '0'",
            ),
        ]
        for words, message in cases:
            with self.subTest(words=words):
                self.assert_refused("spsa", words, message)

    def test_a_work_tree_with_changes_is_refused(self):
        stray = os.path.join(self.clone, "stray.txt")
        with open(stray, "w", encoding="utf-8") as file:
            file.write("a change\n")
        try:
            self.assert_refused(
                "sprt",
                ["HEAD", "--nodes", "50", "--no-build"],
                "the work tree has changes (stray.txt and 0 more): commit them,"
                " or give --dirty to measure them as they are",
            )
        finally:
            os.remove(stray)

    def test_a_base_never_built_is_refused_before_anything_is_written(self):
        # A build folder with the new engine and the runner, and no base: a
        # work tree with changes plays HEAD's engine built in a worktree.
        build = os.path.join(self.folder, "build")
        for part, name in (("protocol", "tiaoqi"), ("tools", "tiaoqi-match")):
            os.makedirs(os.path.join(build, part))
            os.symlink(os.path.join(BUILD, part, name), os.path.join(build, part, name))
        stray = os.path.join(self.clone, "stray.txt")
        with open(stray, "w", encoding="utf-8") as file:
            file.write("a change\n")
        try:
            status, out, err = self.run_script(
                "sprt",
                *["HEAD", "--nodes", "50", "--no-build", "--dirty", "--results", self.results],
                environment={"TIAOQI_BUILD_DIR": build},
            )
        finally:
            os.remove(stray)
        tree = os.path.join(build, "sprt", "base-" + self.head[:12])
        self.assertEqual((status, out), (2, ""), err)
        self.assertEqual(
            err.splitlines()[0],
            f"sprt: {tree}/build/protocol/tiaoqi is missing (the base {self.head[:12]} is"
            " not built: give the command without --no-build)",
        )
        self.assertFalse(os.path.exists(os.path.join(build, "sprt")))
        worktrees = subprocess.run(
            ["git", "worktree", "list"], cwd=self.clone, capture_output=True, text=True
        ).stdout
        self.assertEqual(len(worktrees.splitlines()), 1, worktrees)
        self.assertFalse(os.path.exists(self.results))

    def test_a_link_named_build_is_no_change(self):
        # A build folder elsewhere, linked in as build: the work tree is
        # clean, so the command goes on to its next check (a taken id).
        link = os.path.join(self.clone, "build")
        os.symlink(BUILD, link)
        with open(self.results, "w", encoding="utf-8") as file:
            file.write(json.dumps({"kind": "sprt", "id": "taken"}) + "\n")
        try:
            status, out, err = self.run_script(
                "sprt",
                "HEAD",
                "--nodes",
                "50",
                "--no-build",
                "--id",
                "taken",
                "--results",
                self.results,
            )
        finally:
            os.remove(link)
        self.assertEqual(
            (status, err.splitlines()[0]),
            (2, f"sprt: {self.results} already holds a record 'taken'"),
        )

    def test_sprt_at_two_players_appends_its_record(self):
        # The match's folder inside the clone: the record names it from
        # the repository's root.
        out_folder = os.path.join(self.clone, "build-out", os.path.basename(self.folder))
        words = [
            "HEAD",
            "--nodes",
            "50",
            "--max-games",
            "2",
            "--seed",
            "3",
            "--no-build",
            "--new-option",
            "Hash=8",
            "--what",
            "Hash 8",
            "--results",
            self.results,
            "--out",
            out_folder,
            "--",
            "--quiet",
        ]
        status, out, err = self.run_script("sprt", *words)
        self.assertEqual(status, 0, err)
        (record,) = self.records()
        self.assertTrue(out.splitlines()[-1].startswith("sprt: sprt-1: undecided after 2 games"))
        self.assertEqual(
            [record["kind"], record["id"], record["players"], record["games"]],
            ["sprt", "sprt-1", 2, 2],
        )
        self.assertEqual(
            record["command"],
            "bench/sprt HEAD --nodes 50 --max-games 2 --seed 3"
            f" --new-option Hash=8 --what 'Hash 8' --results {self.results}"
            f" --out build-out/{os.path.basename(self.folder)}"
            " -- --quiet",
        )
        self.assertEqual(record["what"], "Hash 8")
        self.assertEqual(record["base"]["commit"], self.head)
        self.assertEqual(record["new"]["commit"], self.head)
        self.assertEqual(
            record["engine"], {"commit": self.head, "signature": record["new"]["signature"]}
        )
        self.assertEqual(record["base"]["signature"], record["new"]["signature"])
        self.assertGreater(record["new"]["signature"], 0)
        self.assertEqual(record["new"]["options"], {"Hash": "8"})
        self.assertEqual(record["base"]["options"], {})
        self.assertFalse(record["new"]["dirty"])
        self.assertEqual(record["time"], {"nodes": 50})
        self.assertEqual(record["rules"], {})
        self.assertEqual(record["sprt"], {"elo0": 0, "elo1": 5, "alpha": 0.05, "beta": 0.05})
        self.assertEqual(record["openings"], {"count": 1, "seed": 3, "random_plies": 4})
        self.assertEqual(sum(record["pentanomial"]), 1)
        self.assertNotIn("first", record)
        self.assertEqual(record["decision"], "undecided")
        self.assertTrue(record["lower"] < record["llr"] < record["upper"])
        # The summary it was read from: the record's figures are the runner's.
        with open(os.path.join(out_folder, "summary.json"), encoding="utf-8") as file:
            results = json.load(file)["results"]
        self.assertEqual(record["llr"], results["sprt"]["llr"])
        self.assertEqual(record["score"], results["elo"][0]["score"])
        # The trial is recorded: the same command plays nothing, also when
        # its folder has gone, unless --again.
        already = (
            f"sprt: the trial is recorded already, as 'sprt-1' in {self.results}:"
            " nothing played (--again plays it again)\n"
        )
        self.assertEqual(self.run_script("sprt", *words), (0, already, ""))
        os.remove(os.path.join(out_folder, "recorded"))
        self.assertEqual(self.run_script("sprt", *words), (0, already, ""))
        self.assertEqual(len(self.records()), 1)
        status, out, err = self.run_script("sprt", *words[:-2], "--again", *words[-2:])
        self.assertEqual(status, 0, err)
        self.assertEqual([r["id"] for r in self.records()], ["sprt-1", "sprt-2"])
        self.assertEqual(self.records()[1]["command"], record["command"])
        # The id is taken now: asking for it again is refused before any game.
        status, _, err = self.run_script(
            "sprt", "HEAD", "--nodes", "50", "--id", "sprt-1", "--results", self.results
        )
        self.assertEqual(
            (status, err.splitlines()[0]),
            (2, f"sprt: {self.results} already holds a record 'sprt-1'"),
        )
        self.assertEqual(len(self.records()), 2)

    def test_ctrl_c_stops_sprt_with_one_line(self):
        started = os.path.join(self.folder, "started")
        env = self.script_environment(
            {
                "TIAOQI_MATCH": self.fake_runner("waiting-match", WAITING_RUNNER),
                "FAKE_STARTED": started,
            }
        )
        script = subprocess.Popen(
            [
                os.path.join(self.clone, "bench", "sprt"),
                "HEAD",
                "--nodes",
                "50",
                "--no-build",
                "--results",
                self.results,
                "--out",
                os.path.join(self.folder, "match"),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        try:
            deadline = time.monotonic() + 60
            while not os.path.exists(started) and time.monotonic() < deadline:
                time.sleep(0.05)
            self.assertTrue(os.path.exists(started), "the runner never started")
            # To the script alone: it stops its runner itself.
            script.send_signal(signal.SIGINT)
            out, err = script.communicate(timeout=60)
        finally:
            if script.poll() is None:
                script.kill()
                script.communicate()
        self.assertEqual((script.returncode, out, err), (1, "", INTERRUPTED + "\n"))
        self.assertFalse(os.path.exists(self.results))

    def test_a_two_control_trial_plays_the_long_control_after_an_accepted_short(self):
        # MCTS against a random mover: the short control (20 nodes) accepts
        # H1, and so does the long one (200 nodes), each within 10 pairs.
        words = ["HEAD", "--nodes", "20", "--long-nodes", "200", "--base-option"]
        words += ["Search=random", "--max-games", "40", "--seed", "3", "--no-build"]
        words += ["--id", "pair", "--results", self.results, "--", "--quiet"]
        status, out, err = self.run_script("sprt", *words)
        self.assertEqual(status, 0, err)
        short, long = self.records()
        self.assertEqual([short["id"], long["id"]], ["pair-short", "pair-long"])
        self.assertEqual([short["decision"], long["decision"]], ["H1", "H1"])
        self.assertEqual([short["time"], long["time"]], [{"nodes": 20}, {"nodes": 200}])
        pair = {
            "command": "bench/sprt HEAD --nodes 20 --long-nodes 200 --base-option Search=random"
            f" --max-games 40 --seed 3 --results {self.results} -- --quiet",
            "short": "pair-short",
            "long": "pair-long",
        }
        self.assertEqual(short["pair"], {**pair, "control": "short"})
        self.assertEqual(long["pair"], {**pair, "control": "long"})
        # Each half's command makes that half alone again.
        self.assertEqual(
            short["command"],
            "bench/sprt HEAD --nodes 20 --base-option Search=random --max-games 40"
            f" --seed 3 --results {self.results} -- --quiet",
        )
        self.assertEqual(
            long["command"],
            "bench/sprt HEAD --base-option Search=random --max-games 40 --seed 3"
            f" --results {self.results} --nodes 200 -- --quiet",
        )
        self.assertIn(
            "sprt: the short control accepted H1 (pair-short): playing the long control,"
            " --nodes 200, as pair-long",
            out.splitlines(),
        )
        self.assertEqual(
            out.splitlines()[-1],
            "sprt: pair-short and pair-long: the change passes both controls (H1)",
        )
        # Given again, the pair finds both halves and plays nothing.
        status, out, err = self.run_script("sprt", *words)
        self.assertEqual(status, 0, err)
        self.assertEqual(len(self.records()), 2)
        self.assertIn("recorded already, as 'pair-short'", out)
        self.assertIn("recorded already, as 'pair-long'", out)

    def test_a_two_control_trial_stops_when_the_short_control_rejects(self):
        # A random mover against MCTS: the short control accepts H0, and the
        # long one (bounds of its own) is not played.
        words = ["HEAD", "--nodes", "20", "--long-nodes", "200", "--long-elo1", "10"]
        words += ["--new-option", "Search=random", "--max-games", "40", "--seed", "3"]
        words += ["--no-build", "--results", self.results, "--", "--quiet"]
        status, out, err = self.run_script("sprt", *words)
        self.assertEqual(status, 0, err)
        (short,) = self.records()
        self.assertEqual([short["id"], short["decision"]], ["sprt-1", "H0"])
        # It names no long half, which is never played.
        self.assertNotIn("long", short["pair"])
        self.assertEqual(
            out.splitlines()[-1],
            f"sprt: the short control accepted H0 after {short['games']} games (sprt-1):"
            " the long control is not played",
        )

    def test_an_undecided_short_control_plays_no_long_one_and_keeps_no_id(self):
        # The engine against itself for 4 games decides nothing: the long
        # half is not played, the short names none, and the next trial
        # takes sprt-2.
        words = ["HEAD", "--nodes", "20", "--long-nodes", "200", "--max-games", "4"]
        words += ["--no-build", "--results", self.results, "--", "--quiet"]
        status, out, err = self.run_script("sprt", *words)
        self.assertEqual(status, 0, err)
        (short,) = self.records()
        self.assertEqual([short["id"], short["decision"]], ["sprt-1", "undecided"])
        self.assertNotIn("long", short["pair"])
        self.assertEqual(
            out.splitlines()[-1],
            f"sprt: the short control is undecided after {short['games']} games (sprt-1):"
            " the long control is not played",
        )
        words = ["HEAD", "--nodes", "50", "--max-games", "2", "--no-build"]
        words += ["--results", self.results, "--out", os.path.join(self.folder, "m")]
        status, out, err = self.run_script("sprt", *words, "--", "--quiet")
        self.assertEqual(status, 0, err)
        self.assertEqual([record["id"] for record in self.records()], ["sprt-1", "sprt-2"])

    def test_no_trial_takes_the_id_of_a_long_half_still_to_play(self):
        # A short half that accepted H1 and promised sprt-2 to its long
        # half, which was stopped before its record: the next trial of
        # another kind takes sprt-3.
        short = {"kind": "sprt", "id": "sprt-1", "decision": "H1"}
        short["pair"] = {"command": "bench/sprt ...", "short": "sprt-1", "long": "sprt-2"}
        with open(self.results, "w", encoding="utf-8") as file:
            file.write(json.dumps(short) + "\n")
        words = ["HEAD", "--nodes", "50", "--max-games", "2", "--no-build"]
        words += ["--results", self.results, "--out", os.path.join(self.folder, "m")]
        status, out, err = self.run_script("sprt", *words, "--", "--quiet")
        self.assertEqual(status, 0, err)
        self.assertEqual([record["id"] for record in self.records()], ["sprt-1", "sprt-3"])

    def test_a_two_control_trial_refuses_a_long_control_it_cannot_scale(self):
        cases = [
            (
                ["HEAD", "--nodes", "100", "--long-nodes", "999"],
                "--long-nodes 999 is less than 10 times the short control --nodes 100",
            ),
            (
                ["HEAD", "--nodes", "100", "--long-movetime", "2000"],
                "--long-movetime scales the short control --movetime:"
                " give the short trial --movetime alone",
            ),
            (
                ["HEAD", "--tc", "10+0.1", "--long-tc", "60+0.6"],
                "--long-tc 60+0.6 is less than 10 times the short control --tc 10+0.1",
            ),
            (
                ["HEAD", "--nodes", "100", "--long-nodes", "1000", "--long-tc", "100+1"],
                "a two-control trial takes one long control: --long-movetime MS,"
                " --long-tc CLOCK or --long-nodes N",
            ),
            (
                ["HEAD", "--nodes", "100", "--long-elo1", "10"],
                "a two-control trial takes one long control: --long-movetime MS,"
                " --long-tc CLOCK or --long-nodes N",
            ),
            (
                ["HEAD", "--nodes", "100", "--long-nodes", "1000", "--long-elo0", "20"],
                "--long-elo0 must be below --long-elo1",
            ),
            (
                ["HEAD", "--nodes", "100", "--long-nodes", "1000", "--shard", "1/2"],
                "a two-control trial plays its halves whole: give --shard without --long-*",
            ),
            (
                ["HEAD", "--nodes", "100", "--long-nodes", "x"],
                "--long-nodes expects a whole number, got 'x'",
            ),
        ]
        for words, message in cases:
            with self.subTest(words=words):
                self.assert_refused("sprt", words, message)

    def test_sprt_at_three_players_counts_first_places(self):
        status, _, err = self.run_script(
            "sprt",
            "HEAD",
            "--players",
            "3",
            "--nodes",
            "50",
            "--max-games",
            "3",
            "--no-build",
            "--id",
            "three",
            "--results",
            self.results,
            "--",
            "--quiet",
        )
        self.assertEqual(status, 0, err)
        (record,) = self.records()
        self.assertEqual([record["id"], record["players"], record["games"]], ["three", 3, 3])
        self.assertNotIn("--id", record["command"])
        self.assertNotIn("pentanomial", record)
        self.assertIn(record["first"], range(0, 4))
        self.assertTrue(0 <= record["score"] <= 1)

    def test_sprt_shards_merge_into_one_record(self):
        words = [
            "HEAD",
            "--nodes",
            "50",
            "--max-games",
            "4",
            "--no-build",
            "--out",
            self.folder,
            "--results",
            self.results,
            "--",
            "--quiet",
        ]
        status, _, err = self.run_script("sprt", *words[:-2], "--merge-shards", "2", *words[-2:])
        self.assertEqual(status, 1)
        self.assertIn("tiaoqi-match merge exited with status 2: no record written", err)
        for part in ("1/2", "2/2"):
            status, out, err = self.run_script("sprt", *words[:-2], "--shard", part, *words[-2:])
            self.assertEqual(status, 0, err)
            self.assertIn(f"sprt: shard {part} played into {self.folder}", out)
        self.assertFalse(os.path.exists(self.results))
        status, _, err = self.run_script("sprt", *words[:-2], "--merge-shards", "2", *words[-2:])
        self.assertEqual(status, 0, err)
        (record,) = self.records()
        self.assertEqual([record["games"], sum(record["pentanomial"])], [4, 2])
        self.assertIn("--merge-shards 2", record["command"])

    def test_an_interrupted_sprt_goes_on_with_the_same_command(self):
        fake = self.fake_runner("fake-match", FAKE_RUNNER)
        log = os.path.join(self.folder, "runner.log")
        environment = {"TIAOQI_MATCH": fake, "FAKE_LOG": log}
        words = [
            "HEAD",
            "--nodes",
            "50",
            "--max-games",
            "8",
            "--no-build",
            "--results",
            self.results,
            "--out",
            os.path.join(self.folder, "match"),
        ]
        status, _, err = self.run_script("sprt", *words, environment=environment)
        self.assertEqual(status, 1)
        self.assertEqual(err.splitlines()[-1], INTERRUPTED)
        self.assertFalse(os.path.exists(self.results))
        status, out, err = self.run_script("sprt", *words, environment=environment)
        self.assertEqual(status, 0, err)
        with open(log, encoding="utf-8") as file:
            calls = [json.loads(line) for line in file]
        self.assertNotIn("--resume", calls[0])
        self.assertEqual(calls[1], calls[0] + ["--resume"])
        self.assertIn("--openings", calls[0])
        self.assertEqual(calls[0][calls[0].index("--openings") + 1], "4")
        self.assertEqual(
            calls[0][calls[0].index("--sprt") + 1 : calls[0].index("--sprt") + 5],
            ["elo0=0.0", "elo1=5.0", "alpha=0.05", "beta=0.05"],
        )
        (record,) = self.records()
        self.assertEqual(
            [record["decision"], record["llr"], record["games"], record["score"]],
            ["H1", 3.1, 8, 0.75],
        )
        self.assertEqual(
            [record["elo"], record["elo_low"], record["elo_high"]], [190.8, 20.5, None]
        )
        self.assertEqual(record["pentanomial"], [0, 0, 1, 1, 2])
        self.assertIn(
            "H1 after 8 games, LLR 3.10 (-2.94, 2.94), Elo +190.8 [+20.5, +inf];"
            " forfeits: base 1 fault;",
            out,
        )
        self.assertEqual(record["faults"], {"new": 0, "base": 1})

    def test_spsa_appends_its_record(self):
        status, out, err = self.run_script(
            "spsa",
            "--param",
            "UCI_Elo=1500,260,2790,200,0.002",
            "--option",
            "UCI_LimitStrength=true",
            "--iterations",
            "2",
            "--nodes",
            "50",
            "--seed",
            "4",
            "--no-build",
            "--results",
            self.results,
            "--out",
            self.folder,
        )
        self.assertEqual(status, 0, err)
        self.assertEqual(len([line for line in err.splitlines() if "iteration" in line]), 2)
        (record,) = self.records()
        self.assertEqual(
            [record["kind"], record["id"], record["iterations"], record["games"]],
            ["spsa", "spsa-1", 2, 4],
        )
        self.assertEqual(record["engine"]["commit"], self.head)
        self.assertFalse(record["dirty"])
        self.assertEqual(record["options"], {"UCI_LimitStrength": "true"})
        (parameter,) = record["parameters"]
        self.assertEqual(
            {k: v for k, v in parameter.items() if k != "final"},
            {
                "name": "UCI_Elo",
                "start": 1500,
                "min": 260,
                "max": 2790,
                "c_end": 200,
                "r_end": 0.002,
            },
        )
        # Two game pairs move it by at most two steps of a_k / c_k * 2.
        self.assertLess(abs(parameter["final"] - 1500), 10)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "state.json")))

    def test_spsa_plays_plus_and_minus_at_a_table(self):
        status, _, err = self.run_script(
            "spsa",
            "--param",
            "MctsExploration=0.6,0.1,2,0.2,0.002",
            "--players",
            "3",
            "--param",
            "MctsOpponentMoves=8,2,40,2,0.1",
            "--table",
            "greedy:20",
            "--iterations",
            "1",
            "--nodes",
            "50",
            "--seed",
            "4",
            "--no-build",
            "--results",
            self.results,
            "--out",
            self.folder,
        )
        self.assertEqual(status, 0, err)
        (record,) = self.records()
        # One opening in each of the three seat rotations, the three engines in every game.
        self.assertEqual(
            [record["table"], record["players"], record["games"]], [["greedy:20"], 3, 3]
        )
        # A whole-number parameter is sent rounded (the engine refuses 7.5): it played.
        self.assertEqual(
            [p["name"] for p in record["parameters"]], ["MctsExploration", "MctsOpponentMoves"]
        )

    def test_spsa_plays_a_batch_at_the_theta_it_starts_from(self):
        fake = self.fake_runner("spsa-match", SPSA_RUNNER)

        def run(batch):
            """The record, and the centre of plus and minus of each match."""
            log = os.path.join(self.folder, f"batch-{batch}.log")
            words = ["--param", "MctsExploration=0.6,0.1,2,0.2,0.002", "--iterations", "3"]
            words += ["--iteration-batch", batch, "--nodes", "50", "--no-build"]
            words += ["--results", self.results, "--out", os.path.join(self.folder, batch)]
            environment = {"TIAOQI_MATCH": fake, "FAKE_LOG": log}
            status, _, err = self.run_script("spsa", *words, environment=environment)
            self.assertEqual(status, 0, err)
            with open(log, encoding="utf-8") as file:
                calls = [json.loads(line) for line in file]
            sent = [
                [float(word.split("=")[1]) for word in call if word.startswith("MctsExploration=")]
                for call in calls
            ]
            return self.records()[-1], [round((plus + minus) / 2, 5) for plus, minus in sent]

        alone, centres = run("1")
        # One at a time, each iteration perturbs the theta the one before moved.
        self.assertEqual(len(set(centres)), 3)
        self.assertEqual(centres[0], 0.6)
        batched, centres = run("2")
        # A batch of two perturbs the theta it starts from, twice; the third
        # iteration, a batch of its own, the theta both steps moved.
        self.assertEqual(centres[:2], [0.6, 0.6])
        self.assertNotEqual(centres[2], 0.6)
        # Plus wins whatever it plays: every step the same, taken in order.
        self.assertEqual(batched["parameters"], alone["parameters"])
        self.assertEqual(batched["games"], 6)

    def test_spsa_refuses_a_batch_longer_than_the_run(self):
        words = ["--nodes", "50", "--param", "Hash=4,1,8,1,1", "--iterations", "2"]
        self.assert_refused(
            "spsa",
            words + ["--iteration-batch", "3"],
            "--iteration-batch 3 is more than the run's 2 iterations",
        )
        self.assert_refused(
            "spsa",
            words + ["--iteration-batch", "0"],
            "--iteration-batch expects a whole number of at least 1, got '0'",
        )


class SubmissionLine(unittest.TestCase):
    """What a Slurm array's line says it submits: the true numbers."""

    def text(self, openings, batch, todo=None, noun="cell", matches=1):
        tasks = [
            (match, part)
            for match in [slurm.Match(["m"], openings, "g", "s", batch) for _ in range(matches)]
            for part in range(1, match.parts + 1)
        ]
        return slurm.shards_text(tasks, todo or list(range(1, len(tasks) + 1)), noun)

    def test_counts_and_plurals(self):
        self.assertEqual(self.text(1, 8), "1 shard of 1 opening")
        self.assertEqual(self.text(2, 8), "1 shard of 2 openings")
        self.assertEqual(self.text(100, 2), "50 shards of 2 openings each")
        self.assertEqual(self.text(3, 1), "3 shards of 1 opening each")
        # 5 openings in 3 shards: 1, 2 and 2, as tiaoqi-match --shard cuts them.
        self.assertEqual(self.text(5, 2), "3 shards of 1 or 2 openings each")
        self.assertEqual(self.text(5, 2, todo=[3]), "1 of 3 shards of 2 openings")
        self.assertEqual(self.text(10, 3, todo=[1, 3]), "2 of 4 shards of 2 openings each")
        self.assertEqual(
            self.text(1, 8, noun="iteration", matches=3),
            "3 shards of 1 opening each, for 3 iterations",
        )


class MainGuard(unittest.TestCase):
    """A script whose reader leaves early (`| head`) stops quietly."""

    def test_a_closed_pipe_ends_the_script_without_a_traceback(self):
        body = (
            "from bench import trials\n"
            "def body():\n"
            "    for _ in range(100000): print('a line of the list')\n"
            "    return 0\n"
            "trials.main_guard('list/update', body)\n"
        )
        read, write = os.pipe()
        os.close(read)
        script = subprocess.run(
            [sys.executable, "-c", body],
            cwd=REPO,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
        os.close(write)
        self.assertEqual((script.returncode, script.stderr), (1, ""))


if __name__ == "__main__":
    unittest.main()
