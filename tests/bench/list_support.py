"""What the standing list's tests share (list_test.py,
list_statistics_test.py, list_pool_test.py): the build they test, named
by their first argument (the source tree's build/ without one), the
list's scripts and a tiny list to play, a test case with the statistics
of its Python module, which the list's fit uses, loaded once a class,
and one that runs the scripts in a scratch clone."""

import os
import sys
import unittest

from bench.list import ratings
from tests.bench.scripts_clone import ClonedScripts

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else os.path.join(REPO, "build")
PACKAGE = os.path.join(BUILD, "tools", "python", "package")
# The scripts the list's commands run, which the tests commit into a
# scratch clone (scripts_clone.py): every file of bench/list/ and what
# they import from the rest of bench/.
SCRIPTS = (
    "bench/__init__.py",
    "bench/trials.py",
    "bench/slurm.py",
    "bench/render_results/__init__.py",
    "bench/render_results/svg_chart.py",
    *(
        os.path.join("bench", "list", name)
        for name in sorted(os.listdir(os.path.join(REPO, "bench", "list")))
        if not name.startswith(".") and name != "__pycache__"
    ),
)

# A tiny list of its own: three cheap entries at 20 nodes a move, in one
# pool a table size at two and three players (pool-2p, pool-3p).
DEFINITION = {
    "openings": {"seed": 5, "random_plies": 4},
    "anchor": "random",
    "pools": [
        {
            "name": "{players}p",
            "table_sizes": [2, 3],
            "control": {"nodes": 20},
            "rules": {},
            "tables_per_entry": 2,
            "entries": ["random", "greedy", "mcts"],
        }
    ],
    "entries": [
        {"name": "random", "options": {"Search": "random"}},
        {"name": "greedy", "options": {"Search": "greedy"}},
        {"name": "mcts", "options": {"Search": "mcts"}},
    ],
}


def with_pool(definition, **changes):
    """The definition with its first pool changed."""
    pools = [dict(definition["pools"][0], **changes)] + definition["pools"][1:]
    return dict(definition, pools=pools)


def with_entries(definition, *added):
    """The definition with more entries, seated in its first pool."""
    first = definition["pools"][0]
    names = first["entries"] + [entry["name"] for entry in added]
    return dict(with_pool(definition, entries=names), entries=definition["entries"] + list(added))


class WithStats(unittest.TestCase):
    """Skipped without the build's Python module; self.stats its
    statistics (tiaoqi.stats)."""

    @classmethod
    def setUpClass(cls):
        if not os.path.isdir(PACKAGE):
            raise unittest.SkipTest(f"no Python module in {PACKAGE}")
        cls.stats = ratings.load_stats(PACKAGE)


class ListClone(ClonedScripts):
    """Tests that run the list's scripts in a scratch clone, skipped
    without the build's Python module."""

    REPO, SCRIPTS = REPO, SCRIPTS

    @classmethod
    def setUpClass(cls):
        if not os.path.isdir(PACKAGE):
            raise unittest.SkipTest(f"no Python module in {PACKAGE}")
        super().setUpClass()
