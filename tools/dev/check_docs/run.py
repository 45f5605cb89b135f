"""Runs examples against a build: shell commands through bash, protocol
sessions through the engine, in a scratch folder per Markdown file.

The scratch folder links every top-level entry of the repository and
`build` to the build under test, so that `build/protocol/tiaoqi` and
`tests/...` resolve as in a checkout while the files an example writes
(records, summaries) stay out of the tree; examples of one file share it,
so one example can read what an earlier one wrote. The build's program
folders come first on PATH, so `tiaoqi-match` alone works too.
"""

import os
import queue
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import uuid

PROGRAM_FOLDERS = ("protocol", "tools", "bench")
# A guard against an engine that never answers, far above any answer's time.
ANSWER_SECONDS = 60


class RunError(Exception):
    """The example could not be run to the end (a hang, a missing program)."""


class Workspace:
    def __init__(self, repo, build):
        self.folder = tempfile.mkdtemp(prefix="check-docs-")
        for name in sorted(os.listdir(repo)):
            if name.startswith(".") or name.startswith("build"):
                continue
            os.symlink(os.path.join(repo, name), os.path.join(self.folder, name))
        os.symlink(build, os.path.join(self.folder, "build"))
        self.build = build
        self.env = dict(os.environ)
        folders = [os.path.join(build, folder) for folder in PROGRAM_FOLDERS]
        self.env["PATH"] = os.pathsep.join(folders + [self.env.get("PATH", "")])
        # The same text whatever the caller's terminal and language.
        self.env["LC_ALL"] = "C.UTF-8"
        self.env.pop("COLUMNS", None)

    def remove(self):
        shutil.rmtree(self.folder, ignore_errors=True)


def started(workspace, command):
    """The command started in the workspace on pipes, its standard error
    with its output, in a process group of its own (kill_group ends it
    and its children)."""
    return subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=workspace.folder,
        env=workspace.env,
        start_new_session=True,
    )


def kill_group(process):
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run_shell(example, workspace, timeout):
    """Runs the commands of a shell example in one bash, in order (so `$?`
    and `cd` carry over); returns each command's output lines (standard
    output and error together, as a terminal shows them)."""
    mark = "@@check-docs-%s@@" % uuid.uuid4().hex
    script = ""
    for step in example.steps:
        script += "{ %s\n} </dev/null 2>&1\n" % step.text
        script += "status=$?; printf '\\n%s %%d\\n' \"$status\"; (exit $status)\n" % mark
    process = started(workspace, ["bash", "--noprofile", "--norc"])
    try:
        output, _ = process.communicate(script.encode(), timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(process)
        process.communicate()
        raise RunError("the commands did not end within %d s" % timeout)
    parts = re.split(r"\n%s -?\d+\n" % re.escape(mark), output.decode("utf-8", "replace"))
    if len(parts) != len(example.steps) + 1:
        raise RunError("bash ended before the last command (exit %d)" % process.returncode)
    return [part.splitlines() for part in parts[:-1]]


def unescape(text):
    r"""The bytes of a line sent to the engine: `\xNN` is that byte."""
    data = text.encode("utf-8")
    return re.sub(rb"\\x([0-9a-fA-F]{2})", lambda found: bytes([int(found.group(1), 16)]), data)


# done_when's answer for a search that holds its bestmove until stop.
NO_WAIT = object()


def done_when(line):
    """What ends the engine's answer to a line sent: a test of the last
    line of the answer; None when the answer (if any) comes at once and an
    isready of the checker's own pins it down; NO_WAIT for a search without
    a limit, whose answer comes after a later stop."""
    words = line.split()
    word = words[0] if words else ""

    def error(answer):
        # A go or perft on options that make no game says so, then plays on.
        return answer.startswith("info string error") and "playing on" not in answer

    if word == "go" and words[1:2] == ["perft"]:
        word = "perft"
    elif word == "go" and (len(words) == 1 or "infinite" in words or "ponder" in words):
        return NO_WAIT
    if word == "quit":
        return lambda answer: False  # until the end of the output
    ends = {
        "go": lambda answer: answer.startswith("bestmove"),
        "uci": lambda answer: answer == "uciok",
        "ccp": lambda answer: answer == "ccpok",
        "isready": lambda answer: answer == "readyok",
        "perft": lambda answer: answer.startswith("Nodes searched"),
        "bench": lambda answer: answer.startswith("Nodes/second"),
        "analyze": lambda answer: answer.startswith("analysis "),
    }
    if word in ends:
        # A refused line is answered by its error alone.
        return lambda answer: ends[word](answer) or error(answer)
    return None


class Session:
    """The engine on pipes, its output read by a thread into a queue."""

    def __init__(self, workspace, args, timeout):
        binary = os.path.join(workspace.build, "protocol", "tiaoqi")
        if not os.access(binary, os.X_OK):
            raise RunError("no engine at %s: build first (tools/dev/build)" % binary)
        self.timeout = timeout
        self.process = started(workspace, [binary] + args)
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\n"))
        self.lines.put(None)

    def next_line(self):
        try:
            return self.lines.get(timeout=self.timeout)
        except queue.Empty:
            kill_group(self.process)
            raise RunError("the engine did not answer within %d s" % self.timeout)

    def send(self, data):
        try:
            self.process.stdin.write(data + b"\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass

    def read_until(self, done):
        """The lines up to and with the one done() accepts (or the end)."""
        answer = []
        while True:
            line = self.next_line()
            if line is None:
                self.lines.put(None)  # the end stays the end
                return answer
            answer.append(line)
            if done(line):
                return answer

    def close(self):
        if not self.process.stdin.closed:
            self.process.stdin.close()
        rest = self.read_until(lambda line: False)
        try:
            status = self.process.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            kill_group(self.process)
            raise RunError(
                "the engine did not exit within %d s of the end of its input" % self.timeout
            )
        return rest, status


def run_protocol(example, workspace):
    """Plays a protocol example line by line, each line sent once the answer
    to the one before is complete; returns (the greeting, each step's
    answer lines). Lines printed after the last step (at the end of the
    input) count as the last step's."""
    session = Session(workspace, example.args, ANSWER_SECONDS)
    greeting = session.read_until(lambda line: True)
    answers = []
    for step in example.steps:
        session.send(unescape(step.text))
        done = done_when(step.text)
        if done is None:
            session.send(b"isready")
            answer = session.read_until(lambda line: line == "readyok")
            if answer and answer[-1] == "readyok":
                answer.pop()  # the checker's own
        elif done is NO_WAIT:
            answer = []
        else:
            answer = session.read_until(done)
        answers.append(answer)
    rest, status = session.close()
    if answers:
        answers[-1].extend(rest)
    if status != 0:
        raise RunError("the engine exited with status %d" % status)
    return greeting, answers
