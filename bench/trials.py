"""What bench/sprt, bench/spsa and bench/strength share: the repository
and its builds (a base commit's in a worktree), the engine's signature,
the match runner's time and rule flags, its matches, and the records of
bench/results/ (docs/results.md)."""

import argparse
import datetime
import hashlib
import json
import math
import os
import re
import shlex
import signal
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The folder the command was started from: the paths of its command line
# are read from there, before the command moves to the repository's root.
START = os.getcwd()
RESULTS = os.path.join("bench", "results", "sprt.jsonl")
# Changes under bench/results/ are records, not code: appending one does not
# make the next trial's engine another one.
RECORDS_FOLDER = "bench/results/"
NAME_VALUE = re.compile(r"^([A-Za-z][A-Za-z0-9_ ]*)=(.*)$")
CLOCK = re.compile(r"^[0-9]+(\.[0-9]+)?(\+[0-9]+(\.[0-9]+)?)?$")


class Refused(Exception):
    """A bad command line or a state the command cannot work from: one
    line, exit status 2, nothing written."""


class Failed(Exception):
    """The work was started and failed: exit status 1."""


class Interrupted(Exception):
    """A child was stopped by a signal: as a Ctrl-C of the command."""


def as_interrupt(signum, frame):
    raise KeyboardInterrupt


def main_guard(program, body):
    """Runs body() and turns its refusals, failures and a Ctrl-C into one
    line on standard error and the exit status of the tools' convention.
    SIGTERM and SIGHUP act as a Ctrl-C: Slurm sends SIGTERM at a job's time
    limit, at scancel and at preemption, and a closed terminal SIGHUP; the
    matches and arrays the command runs must stop with it."""
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, as_interrupt)
    try:
        sys.exit(body())
    except Refused as error:
        print(f"{program}: {error}\n(see bench/{program} --help)", file=sys.stderr)
        sys.exit(2)
    except Failed as error:
        print(f"{program}: {error}", file=sys.stderr)
        sys.exit(1)
    except (KeyboardInterrupt, Interrupted):
        print(f"{program}: interrupted; the same command resumes where it stopped", file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:
        # The reader left (`| head`): what it did not read is not an
        # error to report. Python would print a second traceback flushing
        # standard output at exit, unless it points at nothing.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


def run_child(command, **options):
    """Runs a child to its end and returns its exit status. On Ctrl-C the
    child is asked to stop as well (SIGINT, which a Ctrl-C at a terminal
    has sent it already, and which tiaoqi-match counts once within a
    second) and waited for, so that it leaves its files whole; then the
    interrupt goes on."""
    child = subprocess.Popen(command, **options)
    try:
        return child.wait()
    except KeyboardInterrupt:
        child.send_signal(signal.SIGINT)
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        raise


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one Refused line instead of a usage block.
    A flag whose value is words for another program (--slurm-args) takes a
    value that starts with '-' as its value, not as a flag."""

    WORDS_FLAGS = ("--slurm-args",)

    def error(self, message):
        raise Refused(message)

    def parse_args(self, args=None, namespace=None):
        joined, words = [], list(args if args is not None else sys.argv[1:])
        while words:
            word = words.pop(0)
            if word in self.WORDS_FLAGS and words:
                word = f"{word}={words.pop(0)}"
            joined.append(word)
        return super().parse_args(joined, namespace)


def split_runner_args(argv):
    """The command's own words, and those after `--` for the runner."""
    if "--" in argv:
        at = argv.index("--")
        return argv[:at], argv[at + 1 :]
    return argv, []


def positive(flag, text, low=1):
    try:
        value = int(text)
    except ValueError:
        raise Refused(f"{flag} expects a whole number, got '{text}'")
    if value < low:
        raise Refused(f"{flag} expects a whole number of at least {low}, got '{text}'")
    return value


def decimal(flag, text):
    try:
        value = float(text)
    except ValueError:
        raise Refused(f"{flag} expects a decimal number, got '{text}'")
    if value != value or value in (float("inf"), float("-inf")):
        raise Refused(f"{flag} expects a finite decimal number, got '{text}'")
    return value


def check_elo_bounds(elo0, elo1, prefix="--"):
    """Refuses SPRT bounds that are out of order or beyond tiaoqi-match's
    range; prefix names the flags (--elo0, --long-elo0)."""
    if not elo0 < elo1:
        raise Refused(f"{prefix}elo0 must be below {prefix}elo1")
    if not (abs(elo0) <= 1000 and abs(elo1) <= 1000):
        raise Refused(
            f"{prefix}elo0 and {prefix}elo1 must lie between -1000 and 1000 (tiaoqi-match's range)"
        )


def name_values(flag, words):
    """Name=Value words as an ordered dict; a word without `=` or a name
    given twice is refused."""
    values = {}
    for word in words or []:
        match = NAME_VALUE.match(word)
        if not match:
            raise Refused(f"{flag} expects Name=Value, got '{word}'")
        if match.group(1) in values:
            raise Refused(f"{flag} gives '{match.group(1)}' twice")
        values[match.group(1)] = match.group(2)
    return values


def add_match_flags(parser):
    """The flags both commands pass on to tiaoqi-match."""
    parser.add_argument("--players", default="2")
    parser.add_argument("--movetime")
    parser.add_argument("--tc")
    parser.add_argument("--nodes")
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--seed", default="1")
    parser.add_argument("--random-plies", default="4")
    parser.add_argument("--concurrency", default="1")
    parser.add_argument("--results", default=RESULTS)
    parser.add_argument("--out")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--dirty", action="store_true")


class MatchFlags:
    """The checked values of add_match_flags."""

    def __init__(self, args):
        self.players = positive("--players", args.players)
        if self.players not in (2, 3, 4, 6):
            raise Refused(f"--players expects 2, 3, 4 or 6, got '{args.players}'")
        self.time = {}
        if args.movetime is not None:
            self.time["movetime"] = positive("--movetime", args.movetime)
        if args.tc is not None:
            if not CLOCK.match(args.tc):
                raise Refused(
                    f"--tc expects <seconds>[+<increment>] such as 10+0.1, got '{args.tc}'"
                )
            self.time["tc"] = args.tc
        if args.nodes is not None:
            self.time["nodes"] = positive("--nodes", args.nodes)
        if not self.time:
            raise Refused("no time: give --movetime MS, --tc CLOCK or --nodes N")
        self.rules = name_values("--rule", args.rule)
        self.seed = positive("--seed", args.seed, low=0)
        self.random_plies = positive("--random-plies", args.random_plies, low=0)
        self.concurrency = positive("--concurrency", args.concurrency)
        self.results = args.results
        results_folder = os.path.dirname(os.path.abspath(self.results))
        if not os.path.isdir(results_folder):
            raise Refused(f"--results: the folder '{results_folder}' does not exist")
        self.no_build = args.no_build
        self.dirty = args.dirty

    def runner_words(self):
        """The runner's flags for the players, time, rules and concurrency."""
        words = ["--players", str(self.players)]
        for name in ("movetime", "tc", "nodes"):
            if name in self.time:
                words += [f"--{name}", str(self.time[name])]
        for name, value in self.rules.items():
            words += ["--rule", f"{name}={value}"]
        words += ["--concurrency", str(self.concurrency)]
        return words


def git(*words, cwd=REPO):
    result = subprocess.run(["git", *words], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failed(f"git {' '.join(words)}: {result.stderr.strip()}")
    return result.stdout


def resolve_commit(revision):
    result = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", revision + "^{commit}"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise Refused(f"'{revision}' is no commit of this repository")
    return result.stdout.strip()


def tree_changes():
    """The work tree's changes against HEAD outside the records, as
    `git status --porcelain` lists them (untracked files included)."""
    lines = git("status", "--porcelain", "--untracked-files=all").splitlines()
    return [line for line in lines if not line[3:].startswith(RECORDS_FOLDER)]


def check_clean(flags):
    """Refuses a dirty work tree unless --dirty; returns whether it is dirty."""
    changes = tree_changes()
    if changes and not flags.dirty:
        raise Refused(
            f"the work tree has changes ({changes[0][3:]} and {len(changes) - 1} more):"
            " commit them, or give --dirty to measure them as they are"
        )
    return bool(changes)


def tree_digest():
    """A digest of the work tree's uncommitted state, so that a dirty run
    resumes only over the same changes."""
    digest = hashlib.sha1(git("diff", "HEAD").encode())
    for line in tree_changes():
        if line.startswith("??"):
            path = os.path.join(REPO, line[3:])
            digest.update(line.encode())
            if os.path.isfile(path):
                with open(path, "rb") as file:
                    digest.update(file.read())
    return digest.hexdigest()


def build_dir():
    return os.path.join(REPO, os.environ.get("TIAOQI_BUILD_DIR", "build"))


def build_work_tree(flags, targets):
    """Builds the targets in the work tree's build folder (unless
    --no-build) and returns the folder."""
    folder = build_dir()
    if not flags.no_build:
        run_build(REPO, folder, targets)
    return folder


def run_build(source, folder, targets):
    environment = dict(os.environ, TIAOQI_BUILD_DIR=folder, TIAOQI_BUILD_TARGETS=targets)
    # The build script: tools/dev/build, or tools/build in a commit from
    # before the project's scripts had a folder of their own.
    script = os.path.join(source, "tools", "dev", "build")
    if not os.path.exists(script):
        script = os.path.join(source, "tools", "build")
    with open(script, encoding="utf-8") as file:
        knows_targets = "TIAOQI_BUILD_TARGETS" in file.read()
    if knows_targets:
        commands = [[script]]
    else:
        # A commit from before the build script could build single targets: its
        # two steps, for those targets only.
        commands = [
            ["cmake", "-S", source, "-B", folder, "-DCMAKE_BUILD_TYPE=Release"],
            ["cmake", "--build", folder, "-j", str(os.cpu_count() or 1)]
            + [word for target in targets.split() for word in ("--target", target)],
        ]
    for command in commands:
        status = run_child(command, cwd=source, env=environment, stdout=subprocess.DEVNULL)
        if status >= 128 or status < 0:
            raise Interrupted()
        if status != 0:
            raise Failed(f"the build in {folder} failed ({shlex.join(command)})")


def program(folder, *path, hint="the command without --no-build builds it"):
    binary = os.path.join(folder, *path)
    if not os.access(binary, os.X_OK):
        raise Refused(f"{binary} is missing ({hint})")
    return binary


def base_tree(commit):
    """The worktree in which a base commit's engine is built: under
    build/sprt/, one for every trial that plays that commit."""
    return os.path.join(build_dir(), "sprt", "base-" + commit[:12])


def base_engine(tool, commit, new_commit, dirty, new_binary, no_build):
    """The base's engine: the new binary itself when the commits and the
    code are the same, else the build of a worktree of the commit."""
    if commit == new_commit and not dirty:
        return new_binary
    tree = base_tree(commit)
    if no_build:
        # Nothing is written before a refusal: without a build, a base
        # that was never built is refused before its worktree is made.
        program(
            os.path.join(tree, "build", "protocol"),
            "tiaoqi",
            hint=f"the base {commit[:12]} is not built: give the command without --no-build",
        )
    if not os.path.isdir(tree):
        subprocess.run(["git", "worktree", "prune"], cwd=REPO, check=False)
        git("worktree", "add", "--detach", tree, commit)
    elif git("rev-parse", "HEAD", cwd=tree).strip() != commit:
        raise Failed(
            f"{tree} holds another commit than {commit}: remove it"
            " (git worktree remove) and run again"
        )
    if not no_build:
        print(f"{tool}: building the base {commit[:12]} in {tree}/build", file=sys.stderr)
        run_build(tree, os.path.join(tree, "build"), "tiaoqi")
    return program(os.path.join(tree, "build", "protocol"), "tiaoqi")


def signature(binary):
    """The node count of the binary's `bench`: the search's signature."""
    result = subprocess.run([binary, "bench"], capture_output=True, text=True)
    for line in (result.stdout + result.stderr).splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":", 1)[1])
    raise Failed(f"'{binary} bench' printed no 'Nodes searched' line")


def match_program():
    """The match runner: TIAOQI_MATCH, or the work tree's build."""
    return os.environ.get("TIAOQI_MATCH") or program(
        build_dir(), "tools", "tiaoqi-match", hint="tools/dev/build builds it"
    )


def run_key(words):
    """A folder name for one trial: the same trial, the same folder, so an
    interrupted run finds its files again."""
    return hashlib.sha1(json.dumps(words).encode()).hexdigest()[:12]


def play(tool, runner, games, summary_path, slurm_play=None, **child_options):
    """Plays the match into its record and summary, resuming what an
    interrupted run of it left there; with slurm_play (a bench/slurm.py
    play with its settings bound), as a Slurm job array instead."""
    if slurm_play:
        slurm_play(runner, games, summary_path)
        return
    resume = os.path.exists(games) or os.path.exists(summary_path)
    if resume:
        print(f"{tool}: resuming the match of {games}", file=sys.stderr)
    status = run_child(
        runner + ["--record", games, "--json", summary_path] + (["--resume"] if resume else []),
        **child_options,
    )
    if status >= 128 or status < 0:
        raise Interrupted()
    if status != 0:
        raise Failed(f"tiaoqi-match exited with status {status}: no record written")


def read_summary(path):
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError) as error:
        raise Failed(f"cannot read the match summary {path}: {error}")


def plural(count, word, words=None):
    """ "1 opening", "2 openings"; words is the plural where it is not
    word + s."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def forfeits(rows):
    """The games each engine of a summary's rows (tiaoqi-match's engine
    rows) lost by its fault, by name: faults (a crash, a hang, an illegal
    move, garbage) and losses on time. A record keeps them apart from the
    losses, which count them too, as the rating does."""
    return {
        "faults": {row["name"]: row["faults"] for row in rows},
        "time_losses": {row["name"]: row["time_losses"] for row in rows},
    }


def forfeits_text(record):
    """ "; forfeits: base 2 faults, new 1 loss on time" for a record whose
    engines forfeited games; "" when none did (or the record predates the
    count)."""
    counts = [
        f"{name} {plural(count, word, words)}"
        for kind, word, words in (
            ("faults", "fault", None),
            ("time_losses", "loss on time", "losses on time"),
        )
        for name, count in record.get(kind, {}).items()
        if count
    ]
    return f"; forfeits: {', '.join(counts)}" if counts else ""


def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def existing_ids(path):
    ids = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            for line in file:
                if line.strip():
                    ids.add(json.loads(line).get("id"))
    return ids


def reserved_ids(path):
    """The ids that records name without holding them: the long half that
    a two-control trial's short half promises (docs/match.md). No other
    trial may take one while it waits for its half."""
    named = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            for line in file:
                if line.strip():
                    pair = json.loads(line).get("pair") or {}
                    named.update(pair[half] for half in ("short", "long") if pair.get(half))
    return named


def recorded_id(path, marker, same_trial):
    """The id under which the trial is recorded in the records' file, or
    None: the id its folder's marker names (written with the record), or
    that of a record of the file that same_trial(record) says is of the
    same trial, for a folder removed since."""
    records = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            for line in file:
                if line.strip():
                    record = json.loads(line)
                    records[record.get("id")] = record
    if os.path.exists(marker):
        with open(marker, encoding="utf-8") as file:
            marked = file.read().strip()
        if marked in records:
            return marked
    return next((id_ for id_, record in records.items() if same_trial(record)), None)


def free_id(ids, stem, bare=False):
    """stem-N with the first number N that no id takes; with bare, stem
    itself while it is free, else from stem-2 on."""
    if bare and stem not in ids:
        return stem
    number = 2 if bare else 1
    while f"{stem}-{number}" in ids:
        number += 1
    return f"{stem}-{number}"


def append_record(path, kind, record, wanted_id=None, numbered=False):
    """Appends the record to the JSON-lines file with kind, id and date
    first; the id is wanted_id (refused when taken, or with numbered its
    first free form wanted_id-2, -3, ...), or the kind and the first free
    number."""
    ids = existing_ids(path)
    if wanted_id is None:
        wanted_id = free_id(ids | reserved_ids(path), kind)
    elif numbered:
        wanted_id = free_id(ids | reserved_ids(path), wanted_id, bare=True)
    elif wanted_id in ids:
        raise Failed(f"{path} already holds a record '{wanted_id}'")
    full = {"kind": kind, "id": wanted_id, "date": utc_now(), **record}
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(full) + "\n")
    return full


def without_flag(argv, flag):
    """The words without one flag and its value (`--id X` or `--id=X`)
    before any `--`."""
    words, rest = split_runner_args(argv)
    kept, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word == flag:
            skip = True
        elif not word.startswith(flag + "="):
            kept.append(word)
    return kept + (["--", *rest] if "--" in argv else [])


def with_flag(argv, flag, value):
    """The words with `flag value` added before any `--`."""
    words, rest = split_runner_args(argv)
    return words + [flag, value] + (["--", *rest] if "--" in argv else [])


def read_record(path, wanted_id):
    """The record of the JSON-lines file with that id, or None."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.strip():
                record = json.loads(line)
                if record.get("id") == wanted_id:
                    return record
    return None


def parser_of(program_name, path, argv):
    """A trial's parser, its own words and the runner's (after `--`);
    --help prints the script's head comment and exits."""
    own, runner_extra = split_runner_args(argv)
    if "-h" in own or "--help" in own:
        print(help_text(path), end="")
        sys.exit(0)
    return Parser(prog=program_name, add_help=False, allow_abbrev=False), own, runner_extra


def without_id_and_again(argv):
    """The words of a trial without --id, which its record holds, and
    --again: the words that give the same trial again."""
    return [word for word in without_flag(argv, "--id") if word != "--again"]


def refuse_taken_id(results, wanted):
    """Refuses an --id that the records' file already holds."""
    if wanted is not None and wanted in existing_ids(results):
        raise Refused(f"{results} already holds a record '{wanted}'")


# Flags that change how a trial's programs are had, never its games: the
# command a record keeps leaves them out.
UNRECORDED_FLAGS = ("--no-build",)
# Flags whose value is a path, read from the folder the command started in;
# a record keeps it relative to the repository's root, where its command
# is given again (absolute when it lies outside the repository).
PATH_FLAGS = ("--out", "--results", "--openings-file")


def from_start(path):
    """A path of the command line, read from the folder it started in."""
    return os.path.normpath(os.path.join(START, path))


def read_paths_from_start(args, own):
    """Makes the path flags given among the words `own` absolute, read
    from the folder the command started in (a default is the
    repository's own and stays as it is)."""
    for flag in PATH_FLAGS:
        name = flag[2:].replace("-", "_")
        given = any(word == flag or word.startswith(flag + "=") for word in own)
        if given and getattr(args, name, None):
            setattr(args, name, from_start(getattr(args, name)))


def recorded_path(path):
    full = from_start(path)
    inside = os.path.relpath(full, REPO)
    return full if inside == ".." or inside.startswith(".." + os.sep) else inside


def recorded_words(argv):
    """The words a record keeps of a command line: its path flags relative
    to the repository's root, the flags that do not change the result left
    out."""
    words, rest = split_runner_args(argv)
    kept, path_next = [], False
    for word in words:
        flag, equals, value = word.partition("=")
        if path_next:
            kept.append(recorded_path(word))
            path_next = False
        elif word in UNRECORDED_FLAGS:
            continue
        elif word in PATH_FLAGS:
            kept.append(word)
            path_next = True
        elif equals and flag in PATH_FLAGS:
            kept.append(f"{flag}={recorded_path(value)}")
        else:
            kept.append(word)
    return kept + (["--", *rest] if "--" in argv else [])


def same_command(recorded, command):
    """Whether a record's command is this command, also when the record
    was written before its command left out UNRECORDED_FLAGS."""
    if recorded is None:
        return False
    if recorded == command:
        return True
    try:
        words = shlex.split(recorded)
    except ValueError:
        return False
    kept = [word for word in split_runner_args(words)[0] if word not in UNRECORDED_FLAGS]
    rest = split_runner_args(words)[1]
    return shlex.join(kept + (["--", *rest] if "--" in words else [])) == command


def replay_command(program_name, argv):
    """The command, from the repository's root, that makes the record again."""
    return shlex.join([f"bench/{program_name}", *argv])


# The flags that sprt and spsa share, as their --help writes them: a line
# "{flags of a trial: KIND}" of a head comment stands for them.
TRIAL_FLAGS_HELP = """\
  --rule Name=Value           a rule option (repeatable)
  --concurrency N             games at once (1)
  --id NAME                   the record's id (default {kind}-N)
  --what TEXT                 what is measured, in a few words, for the
                              docs' tables (the record's `what`)
  --results FILE              the records' file (bench/results/sprt.jsonl)"""


def help_text(path):
    """The script's head comment, as --help prints it."""
    with open(path, encoding="utf-8") as file:
        text = file.read().split('"""')[1]
    text = re.sub(
        r"^  \{flags of a trial: (\w+)\}$",
        lambda match: TRIAL_FLAGS_HELP.format(kind=match.group(1)),
        text,
        flags=re.M,
    )
    return text.strip() + "\n"


def wilson(wins, games, z=1.96):
    """The 95% Wilson score interval of a share of wins, as fractions."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - margin) / scale, (centre + margin) / scale


def elo_text(record):
    """The record's Elo and its interval as the runner prints them; an
    infinite end (null in JSON) is written as such."""

    def figure(value, infinity):
        return f"{value:+.1f}" if value is not None else infinity

    text = figure(record["elo"], "-inf" if record["score"] < 0.5 else "+inf")
    if "elo_low" in record and (record["elo_low"] is not None or record["elo_high"] is not None):
        text += f" [{figure(record['elo_low'], '-inf')}, {figure(record['elo_high'], '+inf')}]"
    return text
