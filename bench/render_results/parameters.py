"""The search's parameters as the engine itself states them: their names
and order (the `Parameters:` line of `d`), what each does (the answer to
`help`), what each plays at every table size and under every `Search`
(`d` again), and each one's range (the answer to a value it refuses).
The option table of the engine is so the one place they are written;
the renderer only reads it."""

import os
import re
import subprocess

# The table sizes with games of more than one player.
PLAYERS = (2, 3, 4, 6)
# A value no parameter takes: the engine answers with the range.
REFUSED = "?"
PARAMETER = re.compile(r"(\S+) (\S+?)(?: \((\S+)\))?$")
HELP = re.compile(r"^help name (.+?) label (.+?) text (.+)$")
ERROR = re.compile(
    r"^info string error: setoption: (\S+) expects auto(?:, (true or false)|"
    r" or a (whole number|number) from (\S+) to (\S+)), got "
)


class Parameter:
    def __init__(self, name):
        self.name = name
        self.help = None  # one line on what it does
        self.kind = None  # "switch", "whole number" or "number"
        self.low = None
        self.high = None
        self.by_players = {}  # table size: the value `auto` plays
        self.by_search = {}  # another Search: the value it plays at six players


def session(binary, lines):
    result = subprocess.run(
        [binary],
        input="\n".join(lines + ["quit"]) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result.stdout.splitlines()


def played(line):
    """{name: value} of a `Parameters:` line, each `auto` by what it plays."""
    values = {}
    for item in line[len("Parameters: ") :].split(", "):
        found = PARAMETER.match(item)
        if not found:
            raise ValueError(
                "the engine's `Parameters:` line has '%s', expected NAME VALUE "
                "or NAME auto (VALUE)" % item
            )
        name, value, auto = found.groups()
        values[name] = auto if value == "auto" and auto is not None else value
    return values


def read(build):
    """[Parameter] in the engine's order, from the program of the build."""
    binary = os.path.join(build or "", "protocol", "tiaoqi")
    if not build or not os.access(binary, os.X_OK):
        raise ValueError(
            "the parameters are read from the engine, and there is none in %s: "
            "build first (tools/dev/build) or give --build DIR" % build
        )
    first = session(binary, ["uci", "help", "position startpos", "d"])
    searches = next(
        (line.split(" var ")[1:] for line in first if line.startswith("option name Search ")), []
    )
    lines = [line for line in first if line.startswith("Parameters: ")]
    if not lines or not searches:
        raise ValueError(
            "%s answered `uci` and `d` without its Search values or its "
            "`Parameters:` line" % binary
        )
    parameters = [Parameter(name) for name in played(lines[0])]
    helps = {found.group(1): found.group(3) for found in map(HELP.match, first) if found}
    for parameter in parameters:
        if parameter.name not in helps:
            raise ValueError(
                "%s has no `help` line for its parameter %s" % (binary, parameter.name)
            )
        parameter.help = helps[parameter.name]
    script = []
    for players in PLAYERS:
        script += ["setoption name Players value %d" % players, "position startpos", "d"]
    others = [search for search in searches if search != "auto"]
    for search in others:
        script += ["setoption name Search value %s" % search, "position startpos", "d"]
    script.append("setoption name Search value auto")
    script += ["setoption name %s value %s" % (parameter.name, REFUSED) for parameter in parameters]
    answers = session(binary, script)
    readings = [played(line) for line in answers if line.startswith("Parameters: ")]
    if len(readings) != len(PLAYERS) + len(others):
        raise ValueError(
            "%s printed %d `Parameters:` lines, expected %d"
            % (binary, len(readings), len(PLAYERS) + len(others))
        )
    by_name = {parameter.name: parameter for parameter in parameters}
    for parameter in parameters:
        parameter.by_players = {
            players: reading[parameter.name] for players, reading in zip(PLAYERS, readings)
        }
        parameter.by_search = {
            search: reading[parameter.name]
            for search, reading in zip(others, readings[len(PLAYERS) :])
            if reading[parameter.name] != parameter.by_players[PLAYERS[-1]]
        }
    for line in answers:
        found = ERROR.match(line)
        if found and found.group(1) in by_name:
            parameter = by_name[found.group(1)]
            parameter.kind = "switch" if found.group(2) else found.group(3)
            parameter.low, parameter.high = found.group(4), found.group(5)
    for parameter in parameters:
        if parameter.kind is None:
            raise ValueError(
                "%s did not refuse `setoption name %s value %s` with its range"
                % (binary, parameter.name, REFUSED)
            )
    return parameters
