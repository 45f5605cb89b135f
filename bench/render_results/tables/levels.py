"""The strength levels' table (README, docs/levels.md): the levels are
entries of the standing list, rated in its pools by its one fit
(bench/list/ratings.py), as the list's pages rate them."""

from bench.render_results.context import time_control
from bench.render_results.list_pools import anchor_name, definition, pool, rating_text
from bench.render_results.tables import table


def levels():
    """(name, UCI_Elo) of every level the list rates, in the definition's
    order (weakest first): its entries that play with UCI_LimitStrength."""
    return [
        (entry["name"], entry["options"].get("UCI_Elo", ""))
        for entry in definition()["entries"]
        if entry.get("options", {}).get("UCI_LimitStrength") == "true"
    ]


@table("levels")
def levels_table(context, args, words):
    """Every level with the UCI_Elo it plays at and its rating in the
    list's pool of each table size of `players=2,3` (default 2): its
    newest entry's rating against the anchor, with the 95% interval."""
    sizes = [int(size) for size in args.get("players", "2").split(",")]
    pools = [pool(context, "%dp" % size) for size in sizes]
    if not all(found.tables for found in pools):
        return ["No tables in the list's pools yet: `bench/list/update` plays them."]
    lines = [
        "The standing list's pools, %s, the anchor `%s` = 0:"
        % (time_control(pools[0].tables[-1]["control"]), anchor_name()),
        "",
        "| level | UCI_Elo | %s |" % " | ".join("%d players [95%%]" % size for size in sizes),
        "|---|---|" + "---|" * len(sizes),
    ]
    for name, uci_elo in levels():
        cells = []
        for found in pools:
            key = found.newest(name)
            cells.append(rating_text(found.row_of[key]) if key else "not played")
        lines.append("| `%s` | %s | %s |" % (name, uci_elo, " | ".join(cells)))
    return lines
