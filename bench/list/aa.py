"""The A/A check of the list's statistics, as fishtest and the rating
lists check theirs: the same player under two names must land within its
interval about as often as the interval promises (95%), with a
likelihood of superiority near an even chance.

Two ways, neither plays a game: in a real pool, every entry is split in
two, its tables taken in turn by `KEY~1` and `KEY~2` (one player, two
names, the pool's own games and seating); and by simulation, pools of
entries of known strengths (bench/list/simulate.py) in which two entries
are the same, at as many tables as asked."""

import random

from bench.list import ratings
from bench.list.simulate import simulated_tables

# The simulated entries besides the anchor (Elo, the anchor 0): four
# others and two of one strength, `twin~1` and `twin~2`, seven in all
# with the anchor so that six-player tables leave one out.
OTHERS = {
    "weak": 250,
    "fair": 500,
    "twin~1": 700,
    "twin~2": 700,
    "good": 900,
    "best": 1100,
}
TWINS = ("twin~1", "twin~2")


def strengths(definition):
    """The simulated entries' strengths (Elo) by key, the anchor named as
    the list's definition names it."""
    return {definition["anchor"]: 0, **OTHERS}


def split_pool(tables):
    """The pool with each key's tables taken in turn by KEY~1 and KEY~2;
    and the keys, in the order they first played."""
    seen = {}
    split = []
    for table in tables:
        entries = []
        for entry in table["entries"]:
            turn = seen.get(entry["key"], 0)
            seen[entry["key"]] = turn + 1
            entries.append(dict(entry, key=f"{entry['key']}~{turn % 2 + 1}"))
        split.append(dict(table, entries=entries))
    return split, list(seen)


def twins(fitted, one, other):
    """(the difference, its 95% interval, the likelihood of superiority)
    of one entry over its twin."""
    gap = fitted.ratings[one] - fitted.ratings[other]
    return gap, fitted.difference(one, other), fitted.superiority(one, other)


def in_pool(stats, tables, anchor):
    """The A/A rows of a real pool: for each key that played two tables
    or more, (key, difference, (low, high), LOS) of KEY~1 over KEY~2."""
    split, keys = split_pool(tables)
    fitted = ratings.bootstrap(stats, split, f"{anchor}~1" if anchor else None)
    return [
        (key, *twins(fitted, f"{key}~1", f"{key}~2"))
        for key in keys
        if f"{key}~2" in fitted.ratings
    ]


def simulated(stats, players, tables, seeds, definition):
    """The A/A figures of `seeds` simulated pools of `tables` tables at
    `players` players (seeded 1 to seeds), anchored as the list's
    definition says: of the pools that seated the anchor and both twins,
    how many of the twins' intervals hold 0, their mean LOS, and how many
    of the other intervals (every entry's rating but the anchor's) hold
    its truth, of how many."""
    truth = strengths(definition)
    held = truths = total = 0
    shares = []
    for seed in range(1, seeds + 1):
        pool = simulated_tables(truth, players, tables, random.Random(seed))
        anchor = ratings.anchor_key(pool, definition)
        # A few tables may leave out the anchor or a twin: that pool
        # checks nothing, and is not counted.
        if anchor is None or any(twin not in ratings.keys_of(pool) for twin in TWINS):
            continue
        fitted = ratings.bootstrap(stats, pool, anchor)
        _, (low, high), share = twins(fitted, *TWINS)
        held += low <= 0 <= high
        shares.append(share)
        for key in fitted.keys:
            if key != anchor:
                low, high = fitted.interval(key)
                truths += low <= truth[key] <= high
                total += 1
    return {
        "pools": len(shares),
        "held": held,
        "los": sum(shares) / len(shares) if shares else 0.5,
        "truths": truths,
        "intervals": total,
    }
