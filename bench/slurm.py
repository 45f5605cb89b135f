"""Matches played as one Slurm job array (docs/match.md, "Trials on a
Slurm cluster"): each match's openings cut into shards of --slurm-batch
openings, one array task a shard, each task one `tiaoqi-match --shard
K/N` run with the match's --concurrency on the cores Slurm gives it, and
each match's shards merged into its record and summary once they have
finished. The shards of every match of a command (the cells of
bench/strength, the iterations of a batch of bench/spsa) are one array,
submitted at once. The shards' files live in their match's folder, the
array's script, logs and job list in the array's folder, which every node
must see: the work tree (or --out) on a shared folder.

A sequential test watches the shards as they finish: it merges, in
opening order, what has finished, and cancels the tasks still to come
once the test decides, keeping the games one run would have played
(tiaoqi-match merge --sequential)."""

import contextlib
import json
import math
import os
import glob
import shlex
import shutil
import subprocess
import sys
import time

from bench import trials
from bench.trials import Failed, Refused


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
    """Removes the files of an earlier array in the folder (a match's or
    an array's): a new measurement starts from nothing."""
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


class Match:
    """One match of an array: tiaoqi-match and its words (without its
    outputs), its number of openings, and the record and summary its
    shards merge into; the shards' files live in the summary's folder.
    A match played already (its summary whole) keeps its place in the
    array's numbering and submits nothing."""

    def __init__(self, runner, openings, games, summary, batch, played=False):
        self.runner, self.openings = runner, openings
        self.games, self.summary = games, summary
        self.folder = os.path.dirname(os.path.abspath(summary))
        self.parts = max(1, math.ceil(openings / batch))
        self.played = played

    def files(self, part):
        return shard_files(self.folder, part, self.parts)

    def openings_of(self, part):
        """The openings of shard `part`: tiaoqi-match's shard K of N plays
        the slots from slots (K - 1) / N on."""
        return self.openings * part // self.parts - self.openings * (part - 1) // self.parts

    def finished(self, part):
        return self.played or finished(self.files(part)[1])


def shards_text(tasks, todo, noun):
    """What an array submits, in true numbers: "3 of 8 shards of 1 or 2
    openings each, for 2 cells"; tasks are (match, part) by task id - 1."""
    chosen = [tasks[task - 1] for task in todo]
    shards = trials.plural(len(todo), "shard")
    if len(todo) != len(tasks):
        shards = f"{len(todo)} of {trials.plural(len(tasks), 'shard')}"
    sizes = sorted({match.openings_of(part) for match, part in chosen})
    openings = trials.plural(sizes[-1], "opening")
    if len(sizes) > 1:
        openings = f"{sizes[0]} to {openings}" if len(sizes) > 2 else f"{sizes[0]} or {openings}"
    text = f"{shards} of {openings}{' each' if len(todo) > 1 else ''}"
    matches = len({id(match) for match, _ in chosen})
    return text + (f", for {trials.plural(matches, noun)}" if matches > 1 else "")


def task_script(tasks):
    """The array task: task T is its match's shard, resumed when an
    earlier task of it was cut short; tasks are (match, part) by T - 1."""
    lines = [
        "#!/bin/sh",
        "# Shards of matches, written by bench/slurm.py: the task's shard of its",
        "# match, resumed from its record when an earlier task was cut.",
        "t=$SLURM_ARRAY_TASK_ID",
    ]
    first = 1
    for index, (match, _) in enumerate(tasks):
        if index + 1 < len(tasks) and tasks[index + 1][0] is match:
            continue
        quiet = [] if "--quiet" in match.runner else ["--quiet"]
        games, summary = match.files("$k")
        lines += [
            f'if [ "$t" -ge {first} ] && [ "$t" -le {index + 1} ]; then',
            f"  k=$((t - {first - 1}))",
            f'  resume=; if [ -e "{games}" ]; then resume=--resume; fi',
            f'  exec {shlex.join(match.runner + quiet)} --shard "$k/{match.parts}"'
            f' --record "{games}" --json "{summary}" $resume',
            "fi",
        ]
        first = index + 2
    return "\n".join(lines + ['echo "no shard for task $t" >&2', "exit 2", ""])


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


def merge(match, sequential, partial, games=True, up_to=None):
    """tiaoqi-match merge over the match's shards whose summaries are there
    (of the first up_to shards), into its summary and (with games) its
    record; the merged summary, or None when no shard is there yet."""
    present = [
        part
        for part in range(1, (up_to or match.parts) + 1)
        if os.path.exists(match.files(part)[1])
    ]
    if not present:
        return None
    files = [match.files(part) for part in present]
    command = [
        match.runner[0],
        "merge",
        *[summary for _, summary in files],
        *(
            ["--records", *[record for record, _ in files], "--record", match.games]
            if games
            else []
        ),
        "--json",
        match.summary,
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
    return trials.read_summary(match.summary)


def last_shard(merged, parts):
    """The shard that holds the last opening of a merged summary: shard K
    of N plays the slots from slots (K - 1) / N on."""
    slots = merged["match"]["openings"] * merged["match"]["openings_repeat"]
    last = max(game["opening"] for game in merged["games"])
    return max(part for part in range(1, parts + 1) if slots * (part - 1) // parts <= last)


class Array:
    """The jobs of the shards of one or more matches, numbered in a row
    (task T is the T-th shard of the matches in order, the same for a
    command given again): the jobs an earlier run left active (never
    submitted twice) and those this run submits, with how often each
    shard was submitted again after its task ended unfinished. Its
    folder keeps the array's script, logs and job list.

    A task is (owner, part): the owner's `parts` and `finished(part)` are
    all the array reads of it, and script() and submitted_text() the
    tiaoqi-match shards' words, so that another kind of work (the game
    batches of bench/selfplay/run) is an array by overriding those two
    and `unit` and `units`, its words for a task's work."""

    unit, units = "shard", "shards"

    def __init__(self, tool, settings, folder, matches, concurrency, noun):
        self.tool, self.settings, self.folder = tool, settings, folder
        self.concurrency, self.noun = concurrency, noun
        self.tasks = [(match, part) for match in matches for part in range(1, match.parts + 1)]
        self.jobs = earlier_jobs(folder)
        self.retries = {}
        self.given_up = []
        if self.jobs:
            print(
                f"{tool}: Slurm job {', '.join(self.jobs)} of an earlier run is still active:"
                " its shards are not submitted again",
                file=sys.stderr,
            )

    def log(self, task):
        return os.path.join(self.folder, f"slurm-{task}.out")

    def unfinished(self, match=None):
        return [
            task
            for task, (owner, part) in enumerate(self.tasks, 1)
            if (match is None or owner is match) and not owner.finished(part)
        ]

    def active(self):
        tasks = set()
        for job in self.jobs:
            tasks |= active_tasks(job)
        return tasks

    def script(self):
        """The array's job script: task T does the work of self.tasks[T - 1]."""
        return task_script(self.tasks)

    def submitted_text(self, todo):
        """What submitting the tasks `todo` starts, in a few words."""
        return shards_text(self.tasks, todo, self.noun)

    def submit(self, todo):
        """Submits the tasks `todo` as one array job; the folder's
        JOB_FILE keeps its id for a command given again."""
        script = os.path.join(self.folder, f"task-of-{len(self.tasks)}.sh")
        with open(script, "w", encoding="utf-8") as file:
            file.write(self.script())
        os.chmod(script, 0o755)
        command = [
            "sbatch",
            "--parsable",
            f"--array={array_ranges(todo)}",
            f"--cpus-per-task={self.concurrency}",
            f"--job-name=tiaoqi-{self.tool}",
            f"--chdir={trials.REPO}",
            f"--output={self.log('%a')}",
            *self.settings.sbatch_args,
            script,
        ]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise Failed(
                f"sbatch exited with status {result.returncode}: "
                f"{result.stderr.strip() or result.stdout.strip()}"
            )
        job = result.stdout.strip().split(";")[0]
        with open(os.path.join(self.folder, JOB_FILE), "a", encoding="utf-8") as file:
            file.write(job + "\n")
        print(
            f"{self.tool}: Slurm job {job}: {self.submitted_text(todo)},"
            f" files in {self.folder}",
            file=sys.stderr,
        )
        self.jobs.append(job)

    def step(self):
        """Submits the unfinished shards that no task holds (a task that
        ended without finishing its shard is retried, at most RETRIES
        times); returns whether any task is still active."""
        active = self.active()
        todo = [
            task for task in self.unfinished() if task not in active and task not in self.given_up
        ]
        if self.jobs:
            retry = []
            for task in todo:
                self.retries[task] = self.retries.get(task, 0) + 1
                if self.retries[task] > RETRIES:
                    self.given_up.append(task)
                    continue
                retry.append(task)
                print(
                    f"{self.tool}: {self.unit} {task} ended unfinished (its log {self.log(task)}):"
                    f" submitted again, try {self.retries[task] + 1} of {RETRIES + 1}",
                    file=sys.stderr,
                )
            todo = retry
        if todo:
            self.submit(todo)
            return True
        return bool(active)

    def cancel(self):
        for job in self.jobs:
            cancel(job)
        for job in self.jobs:
            wait_until_gone(job)

    def failed(self):
        """The failure of the shards that did not finish, or None."""
        missing = self.unfinished()
        if not missing:
            return None
        tasks = trials.plural(len(self.tasks), self.unit, self.units)
        return Failed(
            f"{len(missing)} of {tasks} did not finish"
            f" after {RETRIES} retries (the first: {self.unit} {missing[0]},"
            f" its log {self.log(missing[0])});"
            " the same command resubmits them"
        )


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
    outputs) on Slurm into games and summary_path, its array's files in
    the summary's folder; with sequential, stops once its SPRT decides,
    whatever shard failed."""
    match = Match(runner, openings, games, summary_path, settings.batch)
    if not sequential:
        play_all(tool, settings, match.folder, [match], concurrency, "match")
        return
    array = Array(tool, settings, match.folder, [match], concurrency, "match")
    shown = 0
    with cancelled_on_failure(array):
        while True:
            # The records of running tasks are still growing: the
            # summaries alone say whether the test decided.
            merged = merge(match, True, True, games=False)
            if merged is not None:
                shown = progress(tool, merged, shown)
            if merged is not None and merged["match"]["sprt_stopped"]:
                if array.jobs:
                    print(
                        f"{tool}: the SPRT is decided: cancelling the shards still to come",
                        file=sys.stderr,
                    )
                    array.cancel()
                # Only the shards up to the decision: a cancelled task's
                # files count for nothing.
                merge(match, True, True, up_to=last_shard(merged, match.parts))
                return
            if not array.step():
                break
            time.sleep(settings.poll)
    merged = merge(match, True, True)
    if merged is not None and merged["match"]["sprt_stopped"]:
        return
    failure = array.failed()
    if failure:
        raise failure


def play_all(tool, settings, folder, matches, concurrency, noun, merged=None):
    """Plays the matches on Slurm as one array whose files are in folder
    (noun says what a match is to the command: a cell, an iteration),
    every shard submitted at once; merges each match into its record and
    summary as soon as its shards have finished, and calls merged(match)
    then. A match whose shards did not finish fails the command once the
    others are merged."""
    array = Array(tool, settings, folder, matches, concurrency, noun)
    waiting = [match for match in matches if not match.played]
    with cancelled_on_failure(array):
        while waiting:
            active = array.step()
            for match in list(waiting):
                if not array.unfinished(match):
                    merge(match, False, False)
                    waiting.remove(match)
                    if merged:
                        merged(match)
            if not active:
                break
            if waiting:
                time.sleep(settings.poll)
    failure = array.failed()
    if failure:
        raise failure


def play_matches(tool, settings, folder, matches, concurrency, noun, log_name=None, on_played=None):
    """Plays the matches not played yet: with settings, on Slurm as one
    array whose files are in folder (play_all); without, one after
    another in this process, each resumed from what a stopped run left.
    The same matches either way, so a command plays the same games with
    or without --slurm. In this process a match's output goes to the
    file log_name of its folder, or nowhere (its errors to the terminal);
    a failed one names that file. on_played(match) is called as each
    match of this process finishes."""
    if settings:
        play_all(tool, settings, folder, matches, concurrency, noun)
        return
    for match in matches:
        if match.played:
            continue
        if log_name is None:
            trials.play(tool, match.runner, match.games, match.summary, stdout=subprocess.DEVNULL)
            if on_played:
                on_played(match)
            continue
        log_path = os.path.join(match.folder, log_name)
        with open(log_path, "a", encoding="utf-8") as log:
            try:
                trials.play(tool, match.runner, match.games, match.summary, stdout=log, stderr=log)
            except trials.Failed as error:
                # The runner's own words are in the log: name it, and its
                # last line, which says why.
                raise trials.Failed(f"{error}; its log {log_path} ends: {last_log_line(log_path)}")
        if on_played:
            on_played(match)


def last_log_line(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            lines = [line.strip() for line in file if line.strip()]
    except OSError:
        return "(unreadable)"
    return lines[-1] if lines else "(nothing)"


@contextlib.contextmanager
def cancelled_on_failure(array):
    """Cancels the array's jobs when the block ends by an exception:
    Ctrl-C, SIGTERM or a failure stop the tasks with the command, and the
    same command resubmits the shards they leave unfinished."""
    try:
        yield array
    except BaseException:
        for job in array.jobs:
            cancel(job)
        raise
