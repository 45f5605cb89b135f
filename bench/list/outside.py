"""Engines of the list that are not a build of ours (docs/list.md,
"Outside engines"): an entry with `engine`, the words of a tiaoqi-match
`-engine` group (cmd=COMMAND, proto=ccp, ...), in which `{build}` stands
for the work tree's build folder and `{thirdparty}` for the folder
`../shared/thirdparty` beside the clone (or TIAOQI_THIRDPARTY). An entry that `needs` JumpStar
plays where that folder holds JumpStar's sources: the list builds its
engine once into build/jumpstar, out of the read-only folder, and skips
the entry, saying so, where the folder is missing or the build fails."""

import hashlib
import os
import shlex
import shutil
import subprocess
import sys

from bench import trials

# The third-party folder beside the clone, or the one TIAOQI_THIRDPARTY
# names (a clone elsewhere, a test's scratch clone).
THIRDPARTY = os.path.abspath(
    os.environ.get("TIAOQI_THIRDPARTY")
    or os.path.join(os.path.dirname(trials.REPO), "shared", "thirdparty")
)
JUMPSTAR = os.path.join(THIRDPARTY, "jumpstar")


def places():
    return {"build": trials.build_dir(), "thirdparty": THIRDPARTY}


def expanded(words):
    """The entry's engine words with {build} and {thirdparty} in place."""
    found = places()
    return [word.format(**found) for word in words]


def command_of(words):
    """The cmd= of the words."""
    for word in words:
        if word.startswith("cmd="):
            return word[len("cmd=") :]
    raise trials.Refused(f"an outside entry's engine needs cmd=COMMAND among its words: {words}")


def sha256_of(paths):
    digest = hashlib.sha256()
    for path in paths:
        digest.update(os.path.relpath(path, THIRDPARTY).encode())
        with open(path, "rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


def program_path(word, words):
    """The file of the program a command's first word names, found as the
    shell finds it (from the engine's dir= when given); None when there is
    none."""
    folder = next((w[len("dir=") :] for w in words if w.startswith("dir=")), None)
    if os.sep in word and not os.path.isabs(word):
        word = os.path.join(folder or os.getcwd(), word)
    found = shutil.which(word)
    return os.path.realpath(found) if found else None


def sha256_of_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def identity(entry):
    """What the pool keeps of an outside engine: its words as the
    definition gives them, and the sha256 of what it plays with: each file
    of the third-party folder that its command names (a bot's script), and
    the sources of what it `needs` built, or, for an engine that is its own
    program, that program's file. A changed file is a new entry. The
    interpreter of a script and a build's bytes are left out: they differ
    between machines that play alike."""
    files = {}
    words = expanded(entry["engine"])
    command = shlex.split(command_of(words))
    for word in command:
        path = os.path.abspath(word) if os.sep in word else None
        if path and path.startswith(THIRDPARTY + os.sep) and os.path.isfile(path):
            files[os.path.relpath(path, THIRDPARTY)] = sha256_of([path])
    # An engine that is its own program (no script of the third-party
    # folder, nothing built for it): the sha256 of that program, so that a
    # new version at the same path is a new entry.
    if not files and entry.get("needs") is None and command:
        program = program_path(command[0], words)
        if program:
            files["program"] = sha256_of_file(program)
    if entry.get("needs") == "jumpstar":
        sources = [
            os.path.join(folder, name)
            for part in ("src", "include")
            for folder, _, names in sorted(os.walk(os.path.join(JUMPSTAR, part)))
            for name in sorted(names)
        ]
        files["jumpstar sources"] = sha256_of([os.path.join(JUMPSTAR, "CMakeLists.txt")] + sources)
    return {"engine": entry["engine"], "files": files}


# tiaoqi-match's words for an engine other than an option (its --help).
ENGINE_WORDS = ("cmd", "name", "dir", "tc", "proto", "nodes", "depth", "movetime", "conf")
# How long an outside engine may take to answer its first `isready`: a
# bot of the public list starts an interpreter and loads its engine.
START_SECONDS = 30


def last_line(text):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def answers(entry):
    """None when the entry's engine starts, takes its options and answers
    `isready`; else why not, in the engine's own words where it gave
    some. Started once, before any game, so that a broken engine is left
    out of the list instead of failing a table."""
    words = expanded(entry["engine"])
    spec = dict(word.split("=", 1) for word in words if "=" in word)
    ccp = spec.get("proto") == "ccp"
    lines = ["ccp" if ccp else "uci"]
    if not ccp:
        lines += [
            f"setoption name {name.removeprefix('option.')} value {value}"
            for name, value in spec.items()
            if name not in ENGINE_WORDS
        ]
    lines += ["isready", "quit"]
    try:
        result = subprocess.run(
            spec["cmd"],
            shell=True,
            cwd=spec.get("dir"),
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            timeout=START_SECONDS,
        )
    except subprocess.TimeoutExpired:
        return f"it did not answer 'isready' within {START_SECONDS} s"
    except OSError as error:
        return f"it cannot be started: {error}"
    errors = [line for line in result.stdout.splitlines() if line.startswith("info string error")]
    if errors:
        return f"it refused an option: {errors[0]}"
    if "readyok" not in result.stdout.split():
        said = last_line(result.stderr) or last_line(result.stdout)
        return f"it did not answer 'isready' (exit status {result.returncode}" + (
            f": {said})" if said else ")"
        )
    return None


def ready(entry, no_build, built):
    """None when the entry can play, else why it is skipped. `built`
    remembers what was built (or failed) this run."""
    need = entry.get("needs")
    if need is None:
        return None
    if need != "jumpstar":
        raise trials.Refused(f"entry '{entry['name']}': needs '{need}', expected 'jumpstar'")
    if "jumpstar" not in built:
        built["jumpstar"] = build_jumpstar(no_build)
    return built["jumpstar"]


def build_jumpstar(no_build):
    """Builds JumpStar's engine into build/jumpstar; None when it is there,
    else why not."""
    if not os.path.isfile(os.path.join(JUMPSTAR, "CMakeLists.txt")):
        return f"{JUMPSTAR} is missing"
    folder = os.path.join(trials.build_dir(), "jumpstar")
    engine = os.path.join(folder, "cczero")
    if no_build:
        return None if os.access(engine, os.X_OK) else f"{engine} is not built (--no-build)"
    steps = [
        ["cmake", "-S", JUMPSTAR, "-B", folder, "-DCCZERO_USE_ACCELERATE=OFF"]
        + ["-DCMAKE_BUILD_TYPE=Release"],
        ["cmake", "--build", folder, "--target", "cczero", f"-j{os.cpu_count() or 1}"],
    ]
    print(f"list: building JumpStar's engine in {folder}", file=sys.stderr)
    for step in steps:
        result = subprocess.run(step, capture_output=True, text=True)
        if result.returncode != 0:
            tail = (result.stdout + result.stderr).strip().splitlines()[-3:]
            return f"JumpStar's build failed: {' / '.join(tail)}"
    return None
