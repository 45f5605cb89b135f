"""The standing list's schedule: the tables of a round. A round is planned
from one fit of the pool and played whole before the next fit, so that
one process (its tables one after another) and a Slurm array (its tables
at once) play the same tables under the same numbers, and a stop loses
at most the round being played, which the same pool plans again.

Pure: the keys, the pool's tables and the ratings in, the seats out."""

from bench.list import groups


def tables_played(tables):
    """The tables each entry key sat at, by key."""
    counts = {}
    for table in tables:
        for entry in table["entries"]:
            counts[entry["key"]] = counts.get(entry["key"], 0) + 1
    return counts


def meetings(seatings):
    """How many tables each two keys shared, by (key, key) both ways."""
    met = {}
    for seats in seatings:
        for one in seats:
            for other in seats:
                if one != other:
                    met[(one, other)] = met.get((one, other), 0) + 1
    return met


def plan_round(keys, tables, rated, per_entry, size):
    """The tables of the next round, each the keys of its seats, first the
    entry it was planned for; none when every key has played per_entry.

    Each key below per_entry, counting the tables planned earlier in the
    round, is planned for at most one table of the round, the key with
    the fewest tables first (the definition's order among equals), seated
    with the keys rated nearest to it (the fewest tables first among
    equals, then those it met least). A key that has no rating yet counts
    as the middle one.

    While the played and planned tables leave the keys in several groups
    (bench/list/groups.py), each seat of a table goes first to a key of a
    group not yet at the table: with no ratings, the nearest are all the
    keys, and the definition's order would otherwise seat its first
    entries together and its last ones together, two groups the games
    never compare."""
    counts = tables_played(tables)
    known = sorted(rated[key] for key in keys if key in rated)
    middle = known[len(known) // 2] if known else 0.0
    rating = {key: rated.get(key, middle) for key in keys}
    seatings = groups.seatings_of(tables)
    met = meetings(seatings)
    planned_for = []
    seated = []
    while True:
        short = [key for key in keys if counts.get(key, 0) < per_entry and key not in planned_for]
        if not short:
            return seated
        first = min(short, key=lambda key: (counts.get(key, 0), keys.index(key)))
        root = {key: group[0] for group in groups.groups_of(keys, seatings) for key in group}
        table = [first]
        split = len(set(root.values())) > 1
        while len(table) < size:
            # The groups already at the table, while there are several.
            present = {root[key] for key in table} if split else set()
            table.append(
                min(
                    (key for key in keys if key not in table),
                    key=lambda key: (
                        root[key] in present,
                        abs(rating[key] - rating[first]),
                        counts.get(key, 0),
                        met.get((first, key), 0),
                        keys.index(key),
                    ),
                )
            )
        planned_for.append(first)
        seated.append(table)
        seatings.append(table)
        met = meetings(seatings)
        for key in table:
            counts[key] = counts.get(key, 0) + 1
