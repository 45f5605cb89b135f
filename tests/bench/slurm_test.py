#!/usr/bin/python3
"""A patch test played on a Slurm cluster of one node, which the test
starts itself (munged, slurmctld and slurmd as root, with a key, a
slurm.conf and state folders of their own), gives the record of the same
trial played in one process: bench/sprt --slurm submits its shards as a
job array, merges them in opening order as they finish, cancels the rest
once the SPRT decides, and records the games one run would have played.
The command is docs/match.md's example of it, read from the page. A
batch of SPSA iterations played as one array steps as in one process,
the cells of bench/strength are one array, each recorded, and a trial
of two engines given by their words plays on Slurm, and a small rating
list (bench/list/update --slurm, a round's tables one array) fills the
pool that one process fills. SIGTERM stops a trial
and cancels its array; a command given again while its array is active
submits nothing twice, and a shard whose task was cancelled is submitted
again; a two-control trial plays both halves as arrays; the job script
of docs/match.md runs as written.

Usage: slurm_test.py BUILD_DIR (a build with tiaoqi and tiaoqi-match; the
list's test also needs the Python module, tiaoqi_python, and is skipped
without it).
It needs root and Slurm (tools/dev/setup slurm installs it); without them it
is skipped with a message, except under CI=true, where it must run. Every
daemon it starts is ended, also when a check fails."""

import glob
import json
import os
import re
import shlex
import shutil
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
from bench.list import ratings  # noqa: E402
from tests.bench.scripts_clone import clone_with, is_checkout  # noqa: E402
from tests.bench.slurm_cluster import (  # noqa: E402
    START_SECONDS,
    STOP_SECONDS,
    Cluster,
    missing_requirements,
    wait_for,
)
from tests.tools.parallel_shards_test import moves_of  # noqa: E402
from tools.dev.check_docs import markup  # noqa: E402

SCRIPTS = (
    "bench/__init__.py",
    "bench/sprt",
    "bench/spsa",
    "bench/strength",
    "bench/trials.py",
    "bench/slurm.py",
    "bench/pairs.py",
    "bench/list/__init__.py",
    "bench/list/update",
    "bench/list/ratings.py",
    "bench/list/pool_file.py",
    "bench/list/schedule.py",
    "bench/list/groups.py",
    "bench/list/information.py",
    "bench/list/entries.py",
    "bench/list/definition.py",
    "bench/list/outside.py",
)
# Every wait of the test ends within its own bound (START_SECONDS and
# STOP_SECONDS: slurm_cluster.py's).
TRIAL_SECONDS = 240
# What differs between two plays of one trial: when, under which name and
# by which command it was recorded.
NOT_COMPARED = ("id", "date", "command")
# A rating list of four cheap entries at two players, 20 nodes a move:
# three tables each take two rounds, the first of four tables.
SMALL_LIST = {
    "openings": {"seed": 8, "random_plies": 4},
    "anchor": "random",
    "pools": [
        {
            "name": "2p",
            "table_sizes": [2],
            "control": {"nodes": 20},
            "rules": {},
            "tables_per_entry": 3,
            "entries": ["random", "greedy", "beginner", "mcts"],
        }
    ],
    "entries": [
        {"name": "random", "options": {"Search": "random"}},
        {"name": "greedy", "options": {"Search": "greedy"}},
        {"name": "beginner", "options": {"UCI_LimitStrength": "true", "UCI_Elo": "30"}},
        {"name": "mcts", "options": {"Search": "mcts"}},
    ],
}


def docs_example():
    """The command of docs/match.md's example that this test runs."""
    with open(os.path.join(REPO, "docs", "match.md"), encoding="utf-8") as file:
        text = file.read()
    for fence_line, indent, content, marker in markup.split_blocks(text):
        if marker and marker[1] == "not run" and "runs this very command" in (marker[2] or ""):
            example = markup.Example("shell", fence_line, indent, content, {})
            markup.parse_shell(example)
            return [step.text.replace("\\\n", " ") for step in example.steps]
    raise AssertionError("docs/match.md has no example marked as run by slurm_test.py")


def docs_job_script():
    """The job script of docs/match.md that this test submits."""
    with open(os.path.join(REPO, "docs", "match.md"), encoding="utf-8") as file:
        text = file.read()
    for fence_line, indent, content, marker in markup.split_blocks(text):
        if marker and marker[1] == "not run" and "submits this job script" in (marker[2] or ""):
            return "\n".join(content) + "\n"
    raise AssertionError("docs/match.md has no job script marked as submitted by slurm_test.py")


class SlurmTrial(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        why = missing_requirements()
        if why:
            if os.environ.get("CI") == "true":
                raise AssertionError(f"under CI the Slurm test must run, but {why}")
            raise unittest.SkipTest(why)
        if not is_checkout(REPO):
            raise unittest.SkipTest("the source tree is no git checkout: nothing to clone")
        cls.scratch = tempfile.mkdtemp(prefix="tiaoqi_slurm_")
        # The scripts run in a clean clone with the source tree's scripts
        # committed, and find the programs of BUILD in a build folder of
        # their own, so that every trial folder is new.
        cls.clone, _ = clone_with(REPO, cls.scratch, SCRIPTS + ("docs/match.md",))
        cls.build = os.path.join(cls.scratch, "build")
        # The Python module's folder too, for the list's fit (a link to
        # nothing when the build has no module: the list's test skips).
        for program in ("protocol/tiaoqi", "tools/tiaoqi-match", "tools/python/package"):
            os.makedirs(os.path.dirname(os.path.join(cls.build, program)), exist_ok=True)
            os.symlink(os.path.join(BUILD, program), os.path.join(cls.build, program))
        cls.cluster = Cluster(os.path.join(cls.scratch, "cluster"))
        os.makedirs(cls.cluster.folder)
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

    def run_command(self, command):
        environment = dict(self.cluster.environment, TIAOQI_BUILD_DIR=self.build)
        environment.pop("TIAOQI_MATCH", None)
        result = subprocess.run(
            ["bash", "-c", command],
            cwd=self.clone,
            capture_output=True,
            text=True,
            env=environment,
            timeout=TRIAL_SECONDS,
        )
        return result.returncode, result.stdout, result.stderr

    def records(self, name="sprt.jsonl"):
        with open(os.path.join(self.clone, "bench", "results", name), encoding="utf-8") as file:
            return [json.loads(line) for line in file]

    def on_slurm(self, words, results):
        """Runs the command on Slurm, one opening a task; its record."""
        status, out, err = self.run_command(
            shlex.join(words + ["--slurm", "--slurm-batch", "1", "--slurm-poll", "1"])
        )
        self.assertEqual(status, 0, out + err)
        self.assertIn("Slurm job", err)
        return self.records(results)[-1]

    def test_a_two_control_trial_plays_both_halves_on_slurm(self):
        # MCTS against a random mover: both halves accept H1, each an array.
        words = ["bench/sprt", "HEAD", "--nodes", "20", "--long-nodes", "200"]
        words += ["--base-option", "Search=random", "--openings", "20", "--seed", "9"]
        words += ["--no-build", "--id", "slurm-pair", "--out", os.path.join(self.scratch, "pair")]
        words += ["--", "--quiet"]
        status, out, err = self.run_command(
            shlex.join(words[:-2] + ["--slurm", "--slurm-batch", "2", "--slurm-poll", "1"])
            + " -- --quiet"
        )
        self.assertEqual(status, 0, out + err)
        self.assertEqual(err.count("Slurm job"), 2, err)
        short, long = self.records()[-2:]
        self.assertEqual([short["id"], long["id"]], ["slurm-pair-short", "slurm-pair-long"])
        self.assertEqual([short["decision"], long["decision"]], ["H1", "H1"])
        self.assertEqual(long["time"], {"nodes": 200})
        self.assertEqual(short["pair"]["long"], "slurm-pair-long")
        for half in ("short", "long"):
            self.assertTrue(os.path.exists(os.path.join(self.scratch, "pair", half, "games.txt")))
        self.assertEqual(
            out.splitlines()[-1],
            "sprt: slurm-pair-short and slurm-pair-long: the change passes both controls (H1)",
        )

    def popen(self, words):
        """A command started in the clone, in a process group of its own."""
        environment = dict(self.cluster.environment, TIAOQI_BUILD_DIR=self.build)
        environment.pop("TIAOQI_MATCH", None)
        return subprocess.Popen(
            words,
            cwd=self.clone,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
            start_new_session=True,
        )

    def start_command(self, words):
        """Starts a command; returns the process and the id of the first
        array job it submits."""
        process = self.popen(words)
        lines = []
        deadline = time.monotonic() + TRIAL_SECONDS
        while time.monotonic() < deadline:
            line = process.stderr.readline()
            lines.append(line)
            found = re.match(r"^sprt: Slurm job (\d+):", line)
            if found:
                return process, found.group(1)
            if not line and process.poll() is not None:
                break
        process.kill()
        raise AssertionError("no Slurm job was submitted: " + "".join(lines))

    def long_trial(self, name):
        """A trial that cannot decide soon: two copies of one engine (every
        game pair the same game twice), each opening a task of its own."""
        words = ["bench/sprt", "HEAD", "--nodes", "3000", "--openings", "12", "--seed", "21"]
        words += ["--no-build", "--slurm", "--slurm-batch", "1", "--slurm-poll", "1"]
        return words + ["--id", name, "--out", os.path.join(self.scratch, name), "--", "--quiet"]

    def running_task(self, job):
        """A task of the job that is running now (pending ones are listed
        as a range), or None."""
        for entry in self.cluster.jobs():
            found = re.match(rf"^{job}_(\d+)$", entry)
            if found:
                return found.group(0)
        return None

    def test_sigterm_stops_the_command_and_its_array(self):
        process, job = self.start_command(self.long_trial("sigterm"))
        wait_for(lambda: self.cluster.jobs(), START_SECONDS, "the array's tasks")
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=TRIAL_SECONDS)
        self.assertEqual(process.returncode, 1, out + err)
        self.assertEqual(
            err.splitlines()[-1], "sprt: interrupted; the same command resumes where it stopped"
        )
        wait_for(
            lambda: not any(j.startswith(job) for j in self.cluster.jobs()),
            STOP_SECONDS,
            "the array to be cancelled",
        )

    def test_a_rerun_watches_the_array_still_active_and_a_failed_shard_is_retried(self):
        words = self.long_trial("rerun")
        first, job = self.start_command(words)
        wait_for(lambda: self.cluster.jobs(), START_SECONDS, "the array's tasks")
        # The driver dies without a word; its array runs on.
        os.killpg(first.pid, signal.SIGKILL)
        first.communicate()
        self.assertTrue(any(j.startswith(job) for j in self.cluster.jobs()))
        again = self.popen(words)
        # One task of the old array is cancelled while it runs: its shard
        # is submitted again.
        seen = [None]
        wait_for(
            lambda: seen.append(self.running_task(job)) or seen[-1], START_SECONDS, "a running task"
        )
        running = seen[-1]
        subprocess.run(["scancel", running], env=self.cluster.environment, timeout=10)
        out, err = again.communicate(timeout=TRIAL_SECONDS)
        self.assertEqual(again.returncode, 0, out + err)
        self.assertIn(f"Slurm job {job} of an earlier run is still active", err)
        self.assertRegex(err, rf"shard {running.split('_')[1]} ended unfinished")
        self.assertIn("games merged, LLR", err)
        (record,) = [r for r in self.records() if r["id"] == "rerun"]
        # Every opening once in every rotation: nothing lost, nothing twice.
        self.assertEqual(record["games"], 24)

    def test_the_docs_job_script_runs_as_written(self):
        folder = os.path.join(self.scratch, "job")
        os.makedirs(folder)
        script = os.path.join(folder, "job.sh")
        with open(script, "w", encoding="utf-8") as file:
            file.write(docs_job_script())
        environment = dict(
            self.cluster.environment,
            MATCH=os.path.join(self.build, "tools", "tiaoqi-match"),
            NEW=os.path.join(self.build, "protocol", "tiaoqi"),
            BASE=os.path.join(self.build, "protocol", "tiaoqi"),
        )
        result = subprocess.run(
            ["sbatch", "--wait", f"--chdir={folder}", f"--output={folder}/slurm-%a.out", script],
            cwd=folder,
            capture_output=True,
            text=True,
            env=environment,
            timeout=TRIAL_SECONDS,
        )
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        shards = sorted(glob.glob(os.path.join(folder, "shard-*.json")))
        self.assertEqual(len(shards), 4)
        merged = os.path.join(folder, "all.json")
        result = subprocess.run(
            [environment["MATCH"], "merge", *shards, "--json", merged],
            capture_output=True,
            text=True,
            timeout=60,
        )
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        with open(merged, encoding="utf-8") as file:
            self.assertEqual(json.load(file)["results"]["games"], 16)

    def test_the_docs_trial_on_slurm_is_the_trial_of_one_process(self):
        (command,) = docs_example()
        words = shlex.split(command)
        self.assertIn("--slurm", words)
        before = len(self.records())
        status, out, err = self.run_command(command)
        self.assertEqual(status, 0, out + err)
        self.assertIn("Slurm job", err)
        on_slurm = self.records()[-1]
        self.assertEqual(len(self.records()), before + 1)
        self.assertIn(on_slurm["decision"], ("H0", "H1"), on_slurm)
        self.assertRegex(
            out.splitlines()[-1], rf"^sprt: {re.escape(on_slurm['id'])}: H[01] after \d+ games"
        )

        # The same trial in one process: the command without its Slurm
        # words, into another folder, under another id.
        alone, skip = [], False
        for word in words:
            if skip or word == "--slurm":
                skip = False
            elif word in ("--slurm-batch", "--slurm-poll", "--slurm-args", "--id"):
                skip = True
            else:
                alone.append(word)
        out_alone = os.path.join(self.scratch, "alone")
        status, out, err = self.run_command(
            shlex.join(alone + ["--id", "one-process", "--out", out_alone])
        )
        self.assertEqual(status, 0, out + err)
        in_one = self.records()[-1]
        self.assertEqual(in_one["id"], "one-process")
        self.assertEqual(
            {key: value for key, value in on_slurm.items() if key not in NOT_COMPARED},
            {key: value for key, value in in_one.items() if key not in NOT_COMPARED},
        )
        self.assertGreater(on_slurm["games"], 0)
        # Move for move the same games (the times and scores aside).
        (slurm_games,) = glob.glob(os.path.join(self.build, "sprt", "*", "games.txt"))
        self.assertEqual(moves_of(slurm_games), moves_of(os.path.join(out_alone, "games.txt")))

        # Given again, the recorded trial is not played again.
        status, out, err = self.run_command(command)
        self.assertEqual(status, 0, out + err)
        self.assertIn(f"the trial is recorded already, as '{on_slurm['id']}'", out)
        self.assertEqual(self.records()[-1]["id"], "one-process")

    def test_a_batch_of_spsa_iterations_on_slurm_is_the_one_of_one_process(self):
        words = [
            "bench/spsa",
            "--param",
            "MctsExploration=0.6,0.1,2,0.2,0.002",
            "--iterations",
            "3",
            "--iteration-batch",
            "3",
            "--nodes",
            "50",
            "--seed",
            "4",
            "--no-build",
        ]
        status, out, err = self.run_command(
            shlex.join(words + ["--slurm", "--slurm-batch", "1", "--slurm-poll", "1"])
        )
        self.assertEqual(status, 0, out + err)
        # The three iterations' matches, one opening each, in one array.
        (line,) = [line for line in err.splitlines() if "Slurm job" in line]
        self.assertRegex(
            line,
            r"^spsa: Slurm job \d+: 3 shards of 1 opening each, for 3 iterations, files in ",
        )
        on_slurm = self.records()[-1]
        status, out, err = self.run_command(
            shlex.join(words + ["--out", os.path.join(self.scratch, "spsa-alone")])
        )
        self.assertEqual(status, 0, out + err)
        alone = self.records()[-1]
        self.assertNotEqual(on_slurm["id"], alone["id"])
        # The same games, so the same steps to the last digit.
        self.assertEqual([on_slurm["games"], on_slurm["parameters"]], [6, alone["parameters"]])
        self.assertEqual(alone["games"], 6)

    def test_the_cells_of_strength_are_one_array(self):
        words = ["bench/strength", "--players", "3", "--nodes", "50", "--tables"]
        words += ["paranoid brs", "--openings", "2", "--no-build", "--slurm", "--slurm-poll", "1"]
        status, out, err = self.run_command(shlex.join(words))
        self.assertEqual(status, 0, out + err)
        (line,) = [line for line in err.splitlines() if "Slurm job" in line]
        self.assertRegex(
            line, r"^strength: Slurm job \d+: 2 shards of 2 openings each, for 2 cells, files in "
        )
        # Each cell recorded once its shard is merged, in the order they finish.
        records = sorted(self.records("matches.jsonl")[-2:], key=lambda record: record["id"])
        self.assertEqual([record["opponents"] for record in records], ["brs", "paranoid"])
        # Two openings, the engine in each of the three seats.
        self.assertEqual([record["games"] for record in records], [6, 6])
        self.assertEqual(records[1]["faults"], {"mcts": 0, "paranoid": 0})

    def test_a_trial_of_two_engines_plays_on_slurm(self):
        engine = os.path.join(self.build, "protocol", "tiaoqi")
        record = self.on_slurm(
            [
                "bench/sprt",
                "--new-engine",
                f"cmd={engine}",
                "--base-engine",
                f"cmd={engine} name=random Search=random",
                "--nodes",
                "20",
                "--openings",
                "20",
                "--seed",
                "3",
                "--out",
                os.path.join(self.scratch, "engines"),
            ],
            "sprt.jsonl",
        )
        self.assertEqual(record["decision"], "H1")
        self.assertEqual(
            [record["new"]["command"], record["base"]["options"]], [engine, {"Search": "random"}]
        )
        self.assertEqual(len(record["base"]["sha256"]), 64)

    def test_a_small_list_on_slurm_merges_to_the_pool_of_one_process(self):
        if not os.path.isdir(os.path.join(self.build, "tools", "python", "package")):
            why = f"no Python module in {BUILD}/tools/python/package (tiaoqi_python)"
            if os.environ.get("CI") == "true":
                raise AssertionError(f"under CI the list's test must run, but {why}")
            self.skipTest(why)
        folder = os.path.join(self.scratch, "list")
        os.makedirs(folder)
        definition = os.path.join(folder, "list.json")
        with open(definition, "w", encoding="utf-8") as file:
            json.dump(SMALL_LIST, file)

        def update(name, *words):
            """The list brought up to date into pool and tables of its own."""
            status, out, err = self.run_command(
                shlex.join(
                    ["bench/list/update", "--definition", definition, "--no-build"]
                    + ["--pool-folder", os.path.join(folder, name)]
                    + ["--out", os.path.join(folder, f"{name}-tables"), *words]
                )
            )
            self.assertEqual(status, 0, out + err)
            return ratings.read_pool(os.path.join(folder, name, "pool-2p.jsonl")), out, err

        on_slurm, out_slurm, err_slurm = update("slurm", "--slurm", "--slurm-poll", "1")
        alone, out_alone, _ = update("alone")
        # Each round one array, a task a table: the first round's four at once.
        submitted = [line for line in err_slurm.splitlines() if "Slurm job" in line]
        self.assertRegex(
            submitted[0],
            r"^list: Slurm job \d+: 4 shards of 1 opening each, for 4 tables, files in ",
        )
        rounds = re.findall(r"a round of \d+ tables?", err_slurm)
        self.assertEqual(len(submitted), len(rounds))
        self.assertGreater(len(rounds), 1)
        # The same lists printed at the end, but for when the tables were
        # played (a minute may turn between the two runs).
        undated = [re.sub(r" played .* UTC:", " played:", out) for out in (out_slurm, out_alone)]
        self.assertEqual(undated[0], undated[1])
        # The same tables, seats, openings, games and identities, table by
        # table: only the dates differ.
        self.assertEqual(
            [{k: v for k, v in table.items() if k != "date"} for table in on_slurm],
            [{k: v for k, v in table.items() if k != "date"} for table in alone],
        )
        self.assertEqual([table["table"] for table in on_slurm], list(range(1, len(alone) + 1)))
        self.assertTrue(all(len(table["games"]) == 2 for table in on_slurm))
        seats = [entry["name"] for table in on_slurm for entry in table["entries"]]
        self.assertTrue(all(seats.count(entry["name"]) >= 3 for entry in SMALL_LIST["entries"]))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
