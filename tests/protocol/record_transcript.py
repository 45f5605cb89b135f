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


def main():
    binary, script = sys.argv[1], sys.argv[2]
    lines = open(script, encoding="utf-8").read().splitlines()
    args = []

    class Out:
        # Prints at once, so that a recording that stalls shows where.
        def append(self, text):
            print(text, flush=True)

        def extend(self, texts):
            for text in texts:
                self.append(text)

    out = Out()
    # options_until: the option from which on the announced options are
    # skipped ("" skips them all, None writes them all).
    # parameters: write the Parameters line of `d` in full.
    state = {
        "timed": False,
        "last": None,
        "just_sent_go": False,
        "options_until": "",
        "parameters": False,
    }

    def answer_line(answer):
        """Writes one engine line, loosely where a timed search shows."""
        if answer.startswith("info string error: go:"):
            state["timed"] = False  # the go was refused: no search runs
        if state["timed"] and state["last"] != "<* info depth":
            out.append("<* info depth")
            state["last"] = "<* info depth"
        if state["timed"] and answer.startswith("info depth"):
            return
        if answer.startswith("option name ") and state["options_until"] is not None:
            until = state["options_until"]
            if not until or answer.startswith("option name " + until + " "):
                state["options_until"] = ""
                if state["last"] != "<* option name":
                    out.append("<* option name")
                    state["last"] = "<* option name"
                return
        if answer.startswith("Parameters: ") and not state["parameters"]:
            out.append("<~ Parameters:")
            state["last"] = None
            return
        if answer in ("uciok", "ccpok"):
            state["options_until"] = ""  # "#options" holds for one announcement
        if state["timed"] and answer.startswith("bestmove"):
            out.append("<~ bestmove")
            state["timed"] = False
        else:
            out.append("< " + normalise(answer))
        state["last"] = None

    if lines and lines[0].startswith("$ "):
        args = lines[0][2:].split()
        out.append(lines[0])
        lines = lines[1:]
    engine = subprocess.Popen(
        [binary] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(text):
        words = text.split()
        state["just_sent_go"] = words[:1] == ["go"]
        if words[:1] == ["go"] and not ({"perft", "choose", "depth", "nodes"} & set(words)):
            state["timed"] = True
        out.append("> " + text)
        state["last"] = None
        engine.stdin.write(text.encode().decode("unicode_escape") + "\n")
        engine.stdin.flush()

    def read_until(predicate):
        while True:
            answer = engine.stdout.readline()
            if not answer:
                return
            answer = answer.rstrip("\n")
            answer_line(answer)
            if predicate(answer):
                return

    nosync = False
    for line in lines:
        if line.startswith("#nosync"):
            nosync = True
            continue
        if line.startswith("#sync"):
            nosync = False
            continue
        if line.split() == ["#parameters"]:
            state["parameters"] = True
            continue
        if line.split()[:1] == ["#options"]:
            words = line.split()
            state["options_until"] = words[2] if words[1:2] == ["until"] else None
            continue
        if line.startswith("#") or not line.strip():
            out.append(line)
            continue
        if line.startswith("< "):  # read one answer line here
            if state["timed"] and not state["just_sent_go"]:
                # After stop or ponderhit: the next line that is not a
                # timed search's progress (its bestmove).
                read_until(lambda answer: not answer.startswith("info depth"))
            else:
                read_until(lambda answer: True)
            continue
        send(line)
        if nosync or line.split() == ["quit"]:
            continue
        word = line.split()[0] if line.split() else ""
        if word == "go" and "perft" in line.split():
            read_until(
                lambda a: a.startswith("Nodes searched") or a.startswith("info string error")
            )
        elif word == "go" and (
            {"infinite", "ponder"} & set(line.split()) or line.split() == ["go"]
        ):
            continue  # the search holds its bestmove; "< " lines read its info
        elif word == "go":
            read_until(
                lambda a: a.startswith("bestmove")
                or (a.startswith("info string error") and "playing on" not in a)
            )
        elif word == "perft":
            read_until(
                lambda a: a.startswith("Nodes searched") or a.startswith("info string error")
            )
        elif word == "bench":
            read_until(lambda a: a.startswith("Nodes/second") or a.startswith("info string error"))
        elif line.split() == ["uci"]:
            read_until(lambda a: a == "uciok")
        elif line.split() == ["isready"]:
            read_until(lambda a: a == "readyok")
        else:
            send("isready")
            read_until(lambda a: a == "readyok")
    engine.stdin.close()
    rest = engine.stdout.read().splitlines()
    if rest:
        out.append("= eof")
        state["last"] = None  # what may come before the answer to the end of input
    for answer in rest:
        answer_line(answer)
    code = engine.wait()
    if code != 0:
        out.append("= exit %d" % code)


if __name__ == "__main__":
    main()
