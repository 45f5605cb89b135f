"""The standing list's pools as the tables see them: each pool read and
fitted once a run (bench/list/ratings.py, through the build's Python
module), its entries by key, and which of them are the releases and
today's default."""

import functools
import json
import math
import os
import subprocess

from bench.list import ratings

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

RELEASE = "release-"
DEFAULT = "default"
# The list's definition, whose `anchor` is the one word that says which
# entry is 0 on every page, as bench/list/update fits it.
DEFINITION = os.path.join(REPO, "bench", "list", "list.json")


@functools.lru_cache(maxsize=None)
def definition():
    with open(DEFINITION, encoding="utf-8") as file:
        return json.load(file)


def anchor_name():
    """The name of the list's anchor (the definition's `anchor`)."""
    return definition()["anchor"]


class Pool:
    """One pool: its tables, its entries' identities by key, its fit
    (ratings.Fitted), and the rows of ratings.rate."""

    def __init__(self, context, name):
        self.name = name
        self.tables = ratings.read_pool(
            os.path.join(context.results, "list", "pool-%s.jsonl" % name)
        )
        self.entries = {entry["key"]: entry for table in self.tables for entry in table["entries"]}
        self.rows, self.fitted, self.anchor = [], None, None
        if not self.tables:
            return
        if context.build is None:
            raise ValueError(
                "the list's ratings are fitted by the build's Python module: give a build"
            )
        stats = ratings.load_stats(os.path.join(context.build, "tools", "python", "package"))
        self.anchor = ratings.anchor_key(self.tables, definition())
        self.fitted = ratings.bootstrap(stats, self.tables, self.anchor)
        self.rows = ratings.rate(stats, self.tables, self.anchor, self.fitted)
        self.row_of = {row["key"]: row for row in self.rows}

    def games(self):
        return sum(len(table["games"]) for table in self.tables)

    def newest(self, name):
        return ratings.newest_key(self.tables, name)

    def releases(self):
        """The keys of the releases' entries, in the order they first played."""
        return [key for key, entry in self.entries.items() if entry["name"].startswith(RELEASE)]


def pool(context, name):
    """The pool of that name (`4p`), read and fitted once a run."""
    key = ("list-pool", name)
    if key not in context.memo:
        context.memo[key] = Pool(context, name)
    return context.memo[key]


@functools.lru_cache(maxsize=None)
def commit_time(commit):
    """The commit's time (seconds), for the releases' order; 0 for a commit
    this clone lacks."""
    result = subprocess.run(
        ["git", "show", "-s", "--format=%ct", commit], cwd=REPO, capture_output=True, text=True
    )
    return int(result.stdout.strip() or 0) if result.returncode == 0 else 0


def bound(value):
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return "%+.0f" % value


def rating_text(row):
    """`+1824 [+1432, +2318]`: a row's rating and its interval."""
    text = "%+.0f" % row["rating"]
    if "low" in row:
        text += " [%s, %s]" % (bound(row["low"]), bound(row["high"]))
    return text
