"""Reads the records of bench/results/*.jsonl (their format is
docs/results.md) and refuses a malformed one, naming its file and line."""

import glob
import json
import os

KINDS = ("sprt", "spsa", "pool", "match", "speed", "belief")
# The fields a table may rely on, by kind, beyond those of every record.
REQUIRED = {
    "sprt": ("players", "time", "base", "new", "games"),
    "spsa": ("players", "time", "parameters", "iterations", "games"),
    "pool": ("players", "time", "anchor", "entries", "games"),
    "match": ("players", "time", "search", "opponents", "games"),
    "speed": ("machine", "figures"),
    "belief": ("players", "time", "opponents", "games", "rows"),
}
COMMON = ("kind", "id", "date", "command", "engine")


class RecordError(Exception):
    """A record that breaks the format: the message names file and line."""


class Record(dict):
    """A record's fields, and where it was read (file name, line)."""

    def __init__(self, fields, source, line):
        super().__init__(fields)
        self.source = source
        self.line = line

    @property
    def commit(self):
        return self["engine"]["commit"]

    @property
    def signature(self):
        return self["engine"]["signature"]


def check(fields, where):
    if not isinstance(fields, dict):
        raise RecordError("%s: expected a JSON object, got %s" % (where, type(fields).__name__))
    for name in COMMON:
        if name not in fields:
            raise RecordError("%s: expected the field '%s' of every record" % (where, name))
    if fields["kind"] not in KINDS:
        raise RecordError(
            "%s: expected a kind of %s, got '%s'" % (where, ", ".join(KINDS), fields["kind"])
        )
    engine = fields["engine"]
    if not isinstance(engine, dict) or "commit" not in engine or "signature" not in engine:
        raise RecordError('%s: expected engine to be {"commit": ..., "signature": ...}' % where)
    commit = engine["commit"]
    if not (
        isinstance(commit, str)
        and len(commit) == 40
        and all(c in "0123456789abcdef" for c in commit)
    ):
        raise RecordError("%s: expected engine.commit of 40 hex digits, got '%s'" % (where, commit))
    if engine["signature"] is not None and not isinstance(engine["signature"], int):
        raise RecordError("%s: expected engine.signature to be a number or null" % where)
    for name in REQUIRED[fields["kind"]]:
        if name not in fields:
            raise RecordError(
                "%s: expected the field '%s' of a %s record" % (where, name, fields["kind"])
            )


def read_file(path, name):
    """The records of one .jsonl file; name is how messages call it."""
    found, ids = [], {}
    with open(path, encoding="utf-8") as file:
        for number, text in enumerate(file, 1):
            if not text.strip():
                continue
            where = "%s:%d" % (name, number)
            try:
                fields = json.loads(text)
            except json.JSONDecodeError as error:
                raise RecordError("%s: not a JSON object: %s" % (where, error.msg))
            check(fields, where)
            if fields["id"] in ids:
                raise RecordError(
                    "%s: the id '%s' is taken by line %d" % (where, fields["id"], ids[fields["id"]])
                )
            ids[fields["id"]] = number
            found.append(Record(fields, name, number))
    return found


def read(folder, repo=None):
    """Every record of folder/*.jsonl, in file order and line order."""
    found = []
    for path in sorted(glob.glob(os.path.join(folder, "*.jsonl"))):
        name = os.path.relpath(path, repo) if repo else path
        if name.startswith(".."):
            name = path
        found.extend(read_file(path, name))
    return found
