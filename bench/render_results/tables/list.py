"""The standing rating list's page of one table size (docs/list.md),
rendered from its pool (bench/results/list/pool-<N>p.jsonl) with the
list's own statistics (bench/list/ratings.py): the list, then the
pairwise scores of every two entries that met."""

from bench.list import groups
from bench.render_results.context import time_control
from bench.render_results.list_pools import anchor_name, pool, rating_text, ratings
from bench.render_results.tables import table


@table("list")
def list_table(context, args, words):
    """One pool's list (`players=N`, the pool `Np`, or `pool=NAME`): its
    control, rules and dates, then every entry of its pool, strongest
    first, with its options, its rating against the anchor, the 95%
    interval, games, average place, the likelihood that it is stronger
    than the next one down and its public rating where it has one; then
    the pairwise scores."""
    name = args.get("pool") or "%sp" % args["players"]
    found = pool(context, name)
    if not found.tables:
        return [
            "No tables in the pool %s yet: `bench/list/update --players %s` plays them."
            % (name, name)
        ]
    public = any("public_rating" in entry for entry in found.entries.values())
    split = groups.pool_groups(found.tables, ratings.keys_of(found.tables), found.anchor)
    warning = []
    if len(split) > 1:
        warning = [
            "The tables fall into %d groups whose entries never met, directly or through"
            " others: a rating is measured from the anchor within group 1 only, and the gap"
            " between groups is the prior's (%s)."
            % (
                len(split),
                "; ".join(
                    "group %d: %s" % (n, ", ".join("`%s`" % key for key in group))
                    for n, group in enumerate(split, 1)
                ),
            ),
            "",
        ]
    lines = warning + [
        "%d tables, %d games, %s, %s%s; the anchor `%s` = 0:"
        % (
            len(found.tables),
            found.games(),
            time_control(found.tables[-1]["control"]),
            rules_text(found.tables[-1].get("rules", {})),
            played_between(found.tables),
            anchor_name(),
        ),
        "",
        "| # | entry | build | options | rating [95%] | games | place | LOS to the next |"
        + (" public list |" if public else ""),
        "|---|---|---|---|---|---|---|---|" + ("---|" if public else ""),
    ]
    for rank, row in enumerate(found.rows, 1):
        entry = found.entries[row["key"]]
        los = "%.0f%%" % (100 * row["los_next"]) if "los_next" in row else ""
        line = "| %d | `%s` | %s | %s | %s | %d | %.2f | %s |" % (
            rank,
            entry["name"],
            entry["commit"][:7] if "commit" in entry else "outside",
            options_text(entry),
            rating_text(row) + (" (group %d)" % (row["group"] + 1) if row["group"] else ""),
            row["games"],
            row["place"],
            los,
        )
        if public:
            line += " %s |" % entry.get("public_rating", "")
        lines.append(line)
    if public:
        lines += ["", public_offsets(found)]
    return lines + [""] + pairwise_lines(found)


def rules_text(rules):
    """How the heading names a pool's rules."""
    if isinstance(rules, str):
        return "the public list's rules (%s)" % rules
    if not rules:
        return "the engine's default rules"
    return "rules %s" % ", ".join("`%s %s`" % item for item in rules.items())


def options_text(entry):
    """What an entry plays with: its options (`Search mcts`), or an
    outside engine's words."""
    if "engine" in entry:
        return "`%s`" % " ".join(entry["engine"])
    if not entry.get("options"):
        return "the defaults"
    return ", ".join("`%s %s`" % item for item in entry["options"].items())


def played_between(tables):
    """`, played from 2026-12-06 10:11 to 11:02 UTC`: the dates of the
    first and the last table (none in a pool without dates)."""
    dates = [table["date"] for table in tables if "date" in table]
    if not dates:
        return ""
    first, last = min(dates), max(dates)
    start = first[:10] + " " + first[11:16]
    end = last[11:16] if last[:10] == first[:10] else last[:10] + " " + last[11:16]
    return ", played from %s to %s UTC" % (start, end)


def public_offsets(found):
    """How far the pool's scale is from the public list's: each bot's
    rating here less its rating there."""
    gaps = [
        (entry["name"], found.row_of[key]["rating"] - entry["public_rating"])
        for key, entry in found.entries.items()
        if "public_rating" in entry and entry["public_rating"] and key in found.row_of
    ]
    if not gaps:
        return "No entry rated on the public list has played here yet."
    mean = sum(gap for _, gap in gaps) / len(gaps)
    return (
        "Each rating here less the public list's: %s. Their mean, %+.0f, is how far this pool's"
        " scale lies %s the public one: %s %.0f to read a rating here on the public scale."
        % (
            ", ".join("`%s` %+.0f" % gap for gap in gaps),
            mean,
            "above" if mean > 0 else "below",
            "subtract" if mean > 0 else "add",
            abs(mean),
        )
    )


def pairwise_lines(found):
    """The points of each row's entry against each column's, over the
    games both played (a point for a better place, half for a shared one),
    the columns numbered as the list's ranks."""
    scores = ratings.pair_scores(found.tables)
    keys = [row["key"] for row in found.rows]
    lines = [
        "Pairwise scores: the points of the row against the column in the games"
        " both played (a point for finishing above, half for a shared place) and"
        " those games; columns by the list's rank:",
        "",
        "| # | entry | " + " | ".join(str(rank) for rank in range(1, len(keys) + 1)) + " |",
        "|---|---|" + "---|" * len(keys),
    ]
    for rank, key in enumerate(keys, 1):
        cells = []
        for other in keys:
            if other == key:
                cells.append("-")
            elif (key, other) in scores:
                points, games = scores[(key, other)]
                cells.append("%g/%d" % (points, games))
            else:
                cells.append("")
        lines.append("| %d | `%s` | %s |" % (rank, found.entries[key]["name"], " | ".join(cells)))
    return lines
