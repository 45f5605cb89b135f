"""The releases on the standing list (docs/list.md) and README's strength
figures, from the pools at 2, 3, 4 and 6 players: how strength moved
from release to release, as a table and a picture, and where today's
default stands."""

import datetime
import os

from bench.render_results import svg_chart
from bench.render_results.context import time_control
from bench.render_results.list_pools import DEFAULT, REPO, commit_time, pool, rating_text, ratings
from bench.render_results.tables import table

SIZES = (2, 3, 4, 6)


def point(found, key):
    row = found.row_of.get(key) if key else None
    if row is None:
        return None
    return (row["rating"], row.get("low", row["rating"]), row.get("high", row["rating"]))


def columns(context, suffix="", sizes=SIZES):
    """(the pools at each table size, and (label, date, key at each table
    size) for each release, oldest first, then today's default); found
    once a run. The pools are named `<size>p<suffix>` (`3p-long`)."""
    memo = ("list-columns", suffix, tuple(sizes))
    if memo not in context.memo:
        context.memo[memo] = find_columns(context, suffix, sizes)
    return context.memo[memo]


def find_columns(context, suffix, sizes):
    pools = [pool(context, "%dp%s" % (size, suffix)) for size in sizes]
    commits = []
    for found in pools:
        for key in found.releases():
            commit = found.entries[key]["commit"]
            if commit not in commits:
                commits.append(commit)
    commits.sort(key=commit_time)
    found_columns = []
    for commit in commits:
        keys = [
            next((key for key in found.releases() if found.entries[key]["commit"] == commit), None)
            for found in pools
        ]
        found_columns.append((commit[:7], date_of(commit), keys))
    defaults = [found.newest(DEFAULT) for found in pools]
    default_commit = next(
        (pools[i].entries[key]["commit"] for i, key in enumerate(defaults) if key), ""
    )
    found_columns.append(("today", date_of(default_commit) if default_commit else "", defaults))
    return pools, found_columns


def date_of(commit):
    seconds = commit_time(commit)
    if not seconds:
        return ""
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%d")


@table("list-progress")
def progress_table(context, args, words):
    """Each release's rating at each table size, today's default last, and
    the same as a picture (`picture=PATH`, an SVG file the renderer
    writes)."""
    pools, found_columns = columns(context)
    lines = [
        "| build | date | " + " | ".join("%d players" % size for size in SIZES) + " |",
        "|---|---|" + "---|" * len(SIZES),
    ]
    for label, date, keys in found_columns:
        cells = [
            rating_text(found.row_of[key]) if key and key in found.row_of else ""
            for found, key in zip(pools, keys)
        ]
        name = "today's default" if label == "today" else "`release-%s`" % label
        lines.append("| %s | %s | %s |" % (name, date, " | ".join(cells)))
    if "picture" in args:
        series = [
            ("%d players" % size, [point(found, keys[i]) for _, _, keys in found_columns])
            for i, (size, found) in enumerate(zip(SIZES, pools))
        ]
        context.pictures[os.path.join(REPO, args["picture"])] = svg_chart.line_chart(
            "The releases on the standing list (random = 0)",
            ["%s\n%s" % (label, date) for label, date, _ in found_columns],
            series,
            "rating, 95% interval",
        )
        name = args["picture"].split("/")[-1]
        lines += ["", "![The releases' ratings at 2, 3, 4 and 6 players](%s)" % name]
    return lines


@table("list-glance")
def glance_table(context, args, words):
    """README's strength figures: at each table size, where today's
    default stands on the list and how it compares with the last
    release; `suffix=-long` reads the pools of that suffix, at the table
    sizes `sizes=3,4,6` (every size by default)."""
    suffix = args.get("suffix", "")
    sizes = tuple(int(size) for size in args["sizes"].split(",")) if "sizes" in args else SIZES
    pools, found_columns = columns(context, suffix, sizes)
    lines = [
        "| players | pool | today's default: rank, rating [95%] | first on the list"
        " | today's default against the last release [95%], LOS | measured by |",
        "|---|---|---|---|---|---|",
    ]
    # At each size, the newest release that has played in its pool (a
    # release just entered may not have played at every size yet).
    last = [
        next((keys[index] for _, _, keys in reversed(found_columns[:-1]) if keys[index]), None)
        for index in range(len(sizes))
    ]
    for index, (size, found) in enumerate(zip(sizes, pools)):
        default = found_columns[-1][2][index]
        if not found.rows or default is None:
            lines.append("| %d | no tables yet | | | | |" % size)
            continue
        ranks = [row["key"] for row in found.rows]
        top = found.rows[0]
        compared = ""
        release = last[index]
        if release and found.fitted:
            gap = found.row_of[default]["rating"] - found.row_of[release]["rating"]
            low, high = ratings.difference(found.fitted, default, release)
            compared = "%+.0f [%+.0f, %+.0f], %.0f%% (`%s`)" % (
                gap,
                low,
                high,
                100 * ratings.superiority(found.fitted, default, release),
                found.entries[release]["name"],
            )
        signature = found.entries[default]["signature"]
        made_by = (
            "today's engine"
            if signature == context.signature
            else "older: %s" % found.entries[default]["commit"][:7]
        )
        lines.append(
            "| %d | %d tables, %d games, %s | %d of %d, %s | `%s` %s | %s | %s |"
            % (
                size,
                len(found.tables),
                found.games(),
                time_control(found.tables[-1]["control"]),
                ranks.index(default) + 1,
                len(ranks),
                rating_text(found.row_of[default]),
                found.entries[top["key"]]["name"],
                rating_text(top),
                compared,
                made_by,
            )
        )
    return lines
