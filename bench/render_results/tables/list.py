"""The standing rating list's page of one table size (docs/list.md),
rendered from its pool (bench/results/list/pool-<N>p.jsonl) with the
list's own statistics (bench/list/ratings.py), which fit through the
build's Python module."""

import math
import os
import sys

from tables import table

LIST_FOLDER = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))),
    "bench",
    "list",
)


def bound(value):
    return ("+inf" if value > 0 else "-inf") if math.isinf(value) else "%+.0f" % value


@table("list")
def list_table(context, args, words):
    """One table size's list (`players=N`): every entry of its pool,
    strongest first, with its rating against the anchor, the 95% interval,
    games, average place and the likelihood that it is stronger than the
    next one down."""
    players = int(args["players"])
    if LIST_FOLDER not in sys.path:
        sys.path.insert(0, LIST_FOLDER)
    import ratings

    pool = ratings.read_pool(os.path.join(context.results, "list", "pool-%dp.jsonl" % players))
    if not pool:
        return [
            "No tables at %d players yet: `bench/list/update --players %d` plays them."
            % (players, players)
        ]
    if context.build is None:
        raise ValueError("the list's ratings are fitted by the build's Python module: give a build")
    stats = ratings.load_stats(os.path.join(context.build, "tools", "python", "package"))
    names = {entry["key"]: entry for table_ in pool for entry in table_["entries"]}
    anchor = next((key for key, entry in names.items() if entry["name"] == "random"), None)
    lines = [
        "%d tables, %d games, %s a move; the anchor `random` = 0:"
        % (
            len(pool),
            sum(len(table_["games"]) for table_ in pool),
            " ".join("%s %s" % (value, name) for name, value in pool[-1]["control"].items()),
        ),
        "",
        "| # | entry | build | rating [95%] | games | place | LOS to the next |",
        "|---|---|---|---|---|---|---|",
    ]
    for rank, row in enumerate(ratings.rate(stats, pool, anchor), 1):
        entry = names[row["key"]]
        interval = " [%s, %s]" % (bound(row["low"]), bound(row["high"])) if "low" in row else ""
        los = "%.0f%%" % (100 * row["los_next"]) if "los_next" in row else ""
        lines.append(
            "| %d | `%s` | %s | %+.0f%s | %d | %.2f | %s |"
            % (
                rank,
                entry["name"],
                entry["commit"][:7],
                row["rating"],
                interval,
                row["games"],
                row["place"],
                los,
            )
        )
    return lines
