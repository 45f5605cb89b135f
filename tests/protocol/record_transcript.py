#!/usr/bin/env python3
"""Records a golden transcript from an input script, for review before committing.

Usage: record_transcript.py TIAOQI_BINARY INPUT_SCRIPT > transcripts/NAME.txt

The input script holds protocol lines; a first line "$ args" gives command-line
arguments and "#" lines are copied as comments. After each line the recorder
waits for the engine's answer: for `go` until `bestmove`, for perft until
`Nodes searched:`, for bench until `Nodes/second:`, for `uci` until `uciok`,
for `isready` until `readyok`; other lines are followed by an `isready` of
the recorder's own so that their answer (or silence) is pinned down.
Lines after "#nosync" are sent without waiting (for stop, ponderhit, quit).

The option lines that `uci` and `ccp` announce, and the search parameters
that `d` lists, are pinned where they are the subject (the handshake, the
options, the parameters): elsewhere the options are written as one
"<* option name" line and the parameters as "<~ Parameters:" (a line that
starts so), so that a new option or parameter changes few transcripts. A
"#options" line before `uci` or `ccp` writes its options all, "#options
until NAME" those before option NAME (the rules' options come first); a
"#parameters" line writes every Parameters line in full.

A search that ends on time or on stop reaches a depth that depends on the
machine: its "info depth" lines are written as "<* info depth" (any number
of such lines, none included) and its bestmove as "<~ bestmove" (one line
that starts so).
"""
import re
import subprocess
import sys


def normalise(line):
    line = re.sub(r"\b(time|nps) \d+", r"\1 *", line)
    return re.sub(r"^(Nodes/second|Total time \(ms\)): \d+$", r"\1: *", line)


class Recorder:
    """Sends the script's lines to the engine and writes the transcript:
    each line sent, each answer, loosely where the machine decides."""

    def __init__(self, binary, args):
        self.engine = subprocess.Popen(
            [binary] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.timed = False
        self.last = None
        self.just_sent_go = False
        # The option from which on the announced options are skipped (""
        # skips them all, None writes them all).
        self.options_until = ""
        # Write the Parameters line of `d` in full.
        self.parameters = False
        self.nosync = False

    def write(self, text):
        # Prints at once, so that a recording that stalls shows where.
        print(text, flush=True)

    def write_once(self, text):
        if self.last != text:
            self.write(text)
            self.last = text

    def answer_line(self, answer):
        """Writes one engine line, loosely where a timed search shows."""
        if answer.startswith("info string error: go:"):
            self.timed = False  # the go was refused: no search runs
        if self.timed:
            self.write_once("<* info depth")
            if answer.startswith("info depth"):
                return
        if answer.startswith("option name ") and self.options_until is not None:
            until = self.options_until
            if not until or answer.startswith("option name " + until + " "):
                self.options_until = ""
                self.write_once("<* option name")
                return
        if answer.startswith("Parameters: ") and not self.parameters:
            self.write("<~ Parameters:")
            self.last = None
            return
        if answer in ("uciok", "ccpok"):
            self.options_until = ""  # "#options" holds for one announcement
        if self.timed and answer.startswith("bestmove"):
            self.write("<~ bestmove")
            self.timed = False
        else:
            self.write("< " + normalise(answer))
        self.last = None

    def send(self, text):
        words = text.split()
        self.just_sent_go = words[:1] == ["go"]
        if words[:1] == ["go"] and not ({"perft", "choose", "depth", "nodes"} & set(words)):
            self.timed = True
        self.write("> " + text)
        self.last = None
        self.engine.stdin.write(text.encode().decode("unicode_escape") + "\n")
        self.engine.stdin.flush()

    def read_until(self, predicate):
        while True:
            answer = self.engine.stdout.readline()
            if not answer:
                return
            answer = answer.rstrip("\n")
            self.answer_line(answer)
            if predicate(answer):
                return

    def directive(self, line):
        """Handles a line of the script that is not sent; false for one that is."""
        words = line.split()
        if line.startswith("#nosync"):
            self.nosync = True
        elif line.startswith("#sync"):
            self.nosync = False
        elif words == ["#parameters"]:
            self.parameters = True
        elif words[:1] == ["#options"]:
            self.options_until = words[2] if words[1:2] == ["until"] else None
        elif line.startswith("#") or not line.strip():
            self.write(line)
        elif line.startswith("< "):  # read one answer line here
            if self.timed and not self.just_sent_go:
                # After stop or ponderhit: the next line that is not a
                # timed search's progress (its bestmove).
                self.read_until(lambda answer: not answer.startswith("info depth"))
            else:
                self.read_until(lambda answer: True)
        else:
            return False
        return True

    def wait_for_answer(self, line):
        """Reads the engine's answer to a line just sent."""
        words = line.split()
        word = words[0] if words else ""
        ended = {
            "perft": lambda a: a.startswith("Nodes searched"),
            "bench": lambda a: a.startswith("Nodes/second"),
        }
        if word == "go" and "perft" in words:
            # A count ends with its total; a refused one with bestmove.
            self.read_until(lambda a: a.startswith("Nodes searched") or a.startswith("bestmove"))
        elif word == "go" and ({"infinite", "ponder"} & set(words) or words == ["go"]):
            return  # the search holds its bestmove; "< " lines read its info
        elif word == "go":
            # A refused go still answers bestmove, after its error.
            self.read_until(lambda a: a.startswith("bestmove"))
        elif word in ended:
            self.read_until(lambda a: ended[word](a) or a.startswith("info string error"))
        elif words == ["uci"]:
            self.read_until(lambda a: a == "uciok")
        elif words == ["isready"]:
            self.read_until(lambda a: a == "readyok")
        else:
            self.send("isready")
            self.read_until(lambda a: a == "readyok")

    def finish(self):
        """Closes the input and writes what the engine says before it exits."""
        self.engine.stdin.close()
        rest = self.engine.stdout.read().splitlines()
        if rest:
            self.write("= eof")
            self.last = None  # what may come before the answer to the end of input
        for answer in rest:
            self.answer_line(answer)
        code = self.engine.wait()
        if code != 0:
            self.write("= exit %d" % code)


def main():
    binary, script = sys.argv[1], sys.argv[2]
    lines = open(script, encoding="utf-8").read().splitlines()
    args = []
    header = None
    if lines and lines[0].startswith("$ "):
        header = lines[0]
        args = lines[0][2:].split()
        lines = lines[1:]
    if header:
        print(header, flush=True)
    recorder = Recorder(binary, args)
    for line in lines:
        if recorder.directive(line):
            continue
        recorder.send(line)
        if not recorder.nosync and line.split() != ["quit"]:
            recorder.wait_for_answer(line)
    recorder.finish()


if __name__ == "__main__":
    main()
