"""The standing list's schedule: the tables of a round. A round is planned
from one fit of the pool and played whole before the next fit, so that
one process (its tables one after another) and a Slurm array (its tables
at once) play the same tables under the same numbers, and a stop loses
at most the round being played, which the same pool plans again.

Pure: the keys, the pool's tables and the ratings in, the seats out."""


def tables_played(tables):
    """The tables each entry key sat at, by key."""
    counts = {}
    for table in tables:
        for entry in table["entries"]:
            counts[entry["key"]] = counts.get(entry["key"], 0) + 1
    return counts


def plan_round(keys, tables, rated, per_entry, size):
    """The tables of the next round, each the keys of its seats, first the
    entry it was planned for; none when every key has played per_entry.

    Each key below per_entry, counting the tables planned earlier in the
    round, is planned for at most one table of the round, the key with
    the fewest tables first (the definition's order among equals), seated
    with the keys rated nearest to it (the fewest tables first among
    equals). A key that has no rating yet counts as the middle one."""
    counts = tables_played(tables)
    known = sorted(rated[key] for key in keys if key in rated)
    middle = known[len(known) // 2] if known else 0.0
    rating = {key: rated.get(key, middle) for key in keys}
    planned_for = []
    seated = []
    while True:
        short = [key for key in keys if counts.get(key, 0) < per_entry and key not in planned_for]
        if not short:
            return seated
        first = min(short, key=lambda key: (counts.get(key, 0), keys.index(key)))
        others = sorted(
            (key for key in keys if key != first),
            key=lambda key: (
                abs(rating[key] - rating[first]),
                counts.get(key, 0),
                keys.index(key),
            ),
        )
        table = [first] + others[: size - 1]
        planned_for.append(first)
        seated.append(table)
        for key in table:
            counts[key] = counts.get(key, 0) + 1
