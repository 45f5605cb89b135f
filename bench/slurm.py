"""A match played as a Slurm job array (docs/match.md, "Trials on a Slurm
cluster"): its openings cut into shards of --slurm-batch openings, one
array task a shard, each task one `tiaoqi-match --shard K/N` run with the
match's --concurrency on the cores Slurm gives it, and the shards' files
merged into the match's record and summary. The shards' files live in the
match's folder, which every node must see: the work tree (or --out) on a
shared folder.

A sequential test watches the shards as they finish: it merges, in
opening order, what has finished, and cancels the tasks still to come
once the test decides, keeping the games one run would have played
(tiaoqi-match merge --sequential)."""

import json
import math
import os
import glob
import shlex
import shutil
import subprocess
import sys
import time

import trials
from trials import Failed, Refused


# The folder's list of the array jobs submitted for it, one id a line.
JOB_FILE = "slurm-jobs.txt"
# How often a shard whose task ended without finishing it is submitted
# again before the command gives up on it.
RETRIES = 2


def add_flags(parser):
    parser.add_argument("--slurm", action="store_true")
    parser.add_argument("--slurm-batch", default="8")
    parser.add_argument("--slurm-args", default="")
    parser.add_argument("--slurm-poll", default="10")


class Settings:
    """The checked values of add_flags; None when --slurm is not given."""

    def __init__(self, args):
        self.batch = trials.positive("--slurm-batch", args.slurm_batch)
        self.poll = trials.positive("--slurm-poll", args.slurm_poll)
        try:
            self.sbatch_args = shlex.split(args.slurm_args)
        except ValueError as error:
            raise Refused(f"--slurm-args: {error}")

    @staticmethod
    def of(args):
        if not args.slurm:
            given = [
                flag
                for flag, value, default in (
                    ("--slurm-batch", args.slurm_batch, "8"),
                    ("--slurm-args", args.slurm_args, ""),
                    ("--slurm-poll", args.slurm_poll, "10"),
                )
                if value != default
            ]
            if given:
                raise Refused(f"{given[0]} needs --slurm")
            return None
        settings = Settings(args)
        for program in ("sbatch", "squeue", "scancel"):
            if not shutil.which(program):
                raise Refused(
                    f"--slurm needs Slurm's {program} on the PATH" " (Debian: slurm-client)"
                )
        return settings


def shard_files(folder, part, parts):
    return (
        os.path.join(folder, f"games-{part}-of-{parts}.txt"),
        os.path.join(folder, f"summary-{part}-of-{parts}.json"),
    )


def remove_shards(folder):
    """Removes the files of an earlier array in the folder: a new
    measurement starts from nothing."""
    for pattern in (
        "games-*-of-*.txt",
        "summary-*-of-*.json",
        "task-of-*.sh",
        "slurm-*.out",
        JOB_FILE,
    ):
        for path in glob.glob(os.path.join(folder, pattern)):
            os.remove(path)


def finished(summary_path):
    """Whether a shard's summary is there and its match was not cut short
    (a cancelled or killed task leaves one that its next run resumes)."""
    if not os.path.exists(summary_path):
        return False
    try:
        with open(summary_path, encoding="utf-8") as file:
            return not json.load(file)["match"]["interrupted"]
    except (OSError, ValueError, KeyError, TypeError):
        return False


def task_script(runner, folder, parts):
    """The array task: its shard of the match, resumed when an earlier
    task of it was cut short."""
    games, summary = shard_files(folder, "$k", parts)
    quiet = [] if "--quiet" in runner else ["--quiet"]
    return (
        "#!/bin/sh\n"
        "# One shard of a match, written by bench/slurm.py: the task's shard of\n"
        "# the openings, resumed from its record when an earlier task was cut.\n"
        "k=$SLURM_ARRAY_TASK_ID\n"
        f'resume=\nif [ -e "{games}" ]; then resume=--resume; fi\n'
        f'exec {shlex.join(runner + quiet)} --shard "$k/{parts}"'
        f' --record "{games}" --json "{summary}" $resume\n'
    )


def array_ranges(parts):
    """1,3-5,8 for the list [1, 3, 4, 5, 8]."""
    ranges, start = [], None
    for index, part in enumerate(parts):
        if start is None:
            start = part
        if index + 1 == len(parts) or parts[index + 1] != part + 1:
            ranges.append(str(start) if start == part else f"{start}-{part}")
            start = None
    return ",".join(ranges)


def submit(tool, settings, runner, folder, parts, todo, concurrency, per_shard):
    """Submits the shards `todo` as one array job; returns its id, which
    the folder's JOB_FILE keeps for a command given again."""
    script = os.path.join(folder, f"task-of-{parts}.sh")
    with open(script, "w", encoding="utf-8") as file:
        file.write(task_script(runner, folder, parts))
    os.chmod(script, 0o755)
    command = [
        "sbatch",
        "--parsable",
        f"--array={array_ranges(todo)}",
        f"--cpus-per-task={concurrency}",
        f"--job-name=tiaoqi-{tool}",
        f"--chdir={trials.REPO}",
        f"--output={os.path.join(folder, 'slurm-%a.out')}",
        *settings.sbatch_args,
        script,
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failed(
            f"sbatch exited with status {result.returncode}: "
            f"{result.stderr.strip() or result.stdout.strip()}"
        )
    job = result.stdout.strip().split(";")[0]
    with open(os.path.join(folder, JOB_FILE), "a", encoding="utf-8") as file:
        file.write(job + "\n")
    print(
        f"{tool}: Slurm job {job}: {len(todo)} of {parts} shards of"
        f" {'about ' if parts > 1 else ''}{per_shard} opening{'s' if per_shard != 1 else ''}"
        f" each, files in {folder}",
        file=sys.stderr,
    )
    return job


def active_tasks(job):
    """The array task ids of the job still pending or running (one line a
    task with -r, so a pending range is listed task by task)."""
    result = subprocess.run(
        ["squeue", "-h", "-r", "-j", job, "-o", "%K"], capture_output=True, text=True
    )
    if result.returncode != 0:
        # A job that left the controller's memory is done.
        if "Invalid job id" in result.stderr:
            return set()
        raise Failed(f"squeue exited with status {result.returncode}: {result.stderr.strip()}")
    return {int(word) for word in result.stdout.split() if word.isdigit()}


def running(job):
    """Whether a task of the job is still pending or running."""
    return bool(active_tasks(job))


def earlier_jobs(folder):
    """The jobs an earlier run of the command submitted for this folder
    that still have tasks pending or running."""
    path = os.path.join(folder, JOB_FILE)
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as file:
        return [job for job in file.read().split() if running(job)]


def cancel(job):
    subprocess.run(["scancel", job], capture_output=True)


def wait_until_gone(job, seconds=60):
    """Waits until the cancelled tasks have written their last files."""
    deadline = time.monotonic() + seconds
    while running(job) and time.monotonic() < deadline:
        time.sleep(0.5)


def merge(match, folder, parts, games, summary_path, sequential, partial, up_to=None):
    """tiaoqi-match merge over the shards whose summaries are there (of
    the first up_to shards), into summary_path and (unless None) the record
    games; the merged summary, or None when no shard is there yet."""
    present = [
        part
        for part in range(1, (up_to or parts) + 1)
        if os.path.exists(shard_files(folder, part, parts)[1])
    ]
    if not present:
        return None
    files = [shard_files(folder, part, parts) for part in present]
    command = [
        match,
        "merge",
        *[summary for _, summary in files],
        *(["--records", *[record for record, _ in files], "--record", games] if games else []),
        "--json",
        summary_path,
        "--overwrite",
        *(["--sequential"] if sequential else []),
        *(["--partial"] if partial else []),
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failed(
            f"tiaoqi-match merge exited with status {result.returncode}:"
            f" {result.stderr.strip()}"
        )
    return trials.read_summary(summary_path)


def last_shard(merged, parts):
    """The shard that holds the last opening of a merged summary: shard K
    of N plays the slots from slots (K - 1) / N on."""
    slots = merged["match"]["openings"] * merged["match"]["openings_repeat"]
    last = max(game["opening"] for game in merged["games"])
    return max(part for part in range(1, parts + 1) if slots * (part - 1) // parts <= last)


class Array:
    """The jobs of one match's shards: those an earlier run left active
    (never submitted twice) and those this run submits, with how often
    each shard was submitted again after its task ended unfinished."""

    def __init__(self, tool, settings, runner, folder, parts, concurrency, per_shard):
        self.tool, self.settings, self.runner = tool, settings, runner
        self.folder, self.parts = folder, parts
        self.concurrency, self.per_shard = concurrency, per_shard
        self.jobs = earlier_jobs(folder)
        self.retries = {}
        self.given_up = []
        if self.jobs:
            print(
                f"{tool}: Slurm job {', '.join(self.jobs)} of an earlier run is still active:"
                " its shards are not submitted again",
                file=sys.stderr,
            )

    def unfinished(self):
        return [
            part
            for part in range(1, self.parts + 1)
            if not finished(shard_files(self.folder, part, self.parts)[1])
        ]

    def active(self):
        tasks = set()
        for job in self.jobs:
            tasks |= active_tasks(job)
        return tasks

    def step(self):
        """Submits the unfinished shards that no task holds (a task that
        ended without finishing its shard is retried, at most RETRIES
        times); returns whether any task is still active."""
        active = self.active()
        todo = [
            part for part in self.unfinished() if part not in active and part not in self.given_up
        ]
        retry = []
        for part in todo if self.jobs else []:
            self.retries[part] = self.retries.get(part, 0) + 1
            if self.retries[part] > RETRIES:
                self.given_up.append(part)
            else:
                retry.append(part)
        if self.jobs:
            todo = retry
            for part in todo:
                print(
                    f"{self.tool}: shard {part} ended unfinished (its log"
                    f" {os.path.join(self.folder, f'slurm-{part}.out')}): submitted again,"
                    f" try {self.retries[part] + 1} of {RETRIES + 1}",
                    file=sys.stderr,
                )
        if todo:
            self.jobs.append(
                submit(
                    self.tool,
                    self.settings,
                    self.runner,
                    self.folder,
                    self.parts,
                    todo,
                    self.concurrency,
                    self.per_shard,
                )
            )
            return True
        return bool(active)

    def cancel(self):
        for job in self.jobs:
            cancel(job)
        for job in self.jobs:
            wait_until_gone(job)


def progress(tool, merged, shown):
    """One line when the merged games grew: the games, the LLR and its
    bounds, as the one-machine run reports them."""
    results = merged["results"]
    if results["games"] == shown or "sprt" not in results:
        return shown
    sprt = results["sprt"]
    print(
        f"{tool}: {results['games']} games merged, LLR {sprt['llr']:.2f}"
        f" ({sprt['lower']:.2f}, {sprt['upper']:.2f})",
        file=sys.stderr,
        flush=True,
    )
    return results["games"]


def play(tool, settings, runner, openings, concurrency, games, summary_path, sequential):
    """Plays the match (runner: tiaoqi-match and its words, without its
    outputs) on Slurm into games and summary_path; with sequential, stops
    once its SPRT decides, whatever shard failed."""
    folder = os.path.dirname(os.path.abspath(summary_path))
    parts = max(1, math.ceil(openings / settings.batch))
    array = Array(tool, settings, runner, folder, parts, concurrency, math.ceil(openings / parts))
    shown = 0
    try:
        while True:
            if sequential:
                # The records of running tasks are still growing: the
                # summaries alone say whether the test decided.
                merged = merge(runner[0], folder, parts, None, summary_path, True, True)
                if merged is not None:
                    shown = progress(tool, merged, shown)
                if merged is not None and merged["match"]["sprt_stopped"]:
                    if array.jobs:
                        print(
                            f"{tool}: the SPRT is decided: cancelling the shards still to come",
                            file=sys.stderr,
                        )
                        array.cancel()
                    # Only the shards up to the decision: a cancelled
                    # task's files count for nothing.
                    merge(
                        runner[0],
                        folder,
                        parts,
                        games,
                        summary_path,
                        True,
                        True,
                        up_to=last_shard(merged, parts),
                    )
                    return
            if not array.step():
                break
            time.sleep(settings.poll)
    except BaseException:
        # Ctrl-C, SIGTERM or a failure: the tasks stop with the command,
        # and the same command resubmits the shards they leave unfinished.
        for job in array.jobs:
            cancel(job)
        raise
    merged = merge(runner[0], folder, parts, games, summary_path, sequential, True)
    if sequential and merged is not None and merged["match"]["sprt_stopped"]:
        return
    missing = array.unfinished()
    if missing:
        raise Failed(
            f"{len(missing)} of {parts} shards did not finish after {RETRIES} retries (the first:"
            f" shard {missing[0]}, its log {os.path.join(folder, f'slurm-{missing[0]}.out')});"
            " the same command resubmits them"
        )
