"""Tables of `match` records: one engine against a table of others."""

from bench.render_results.context import elo, percent, time_control
from bench.render_results.tables import table


def engine(record):
    text = "`%s`" % record["search"]
    extra = record.get("options") or {}
    if extra:
        text += " (%s)" % ", ".join("`%s %s`" % item for item in sorted(extra.items()))
    return text


def against(record):
    opponents = record["opponents"]
    if isinstance(opponents, list):
        return ", ".join("`%s`" % name for name in opponents)
    return "`%s` tables" % opponents if record["players"] > 2 else "`%s`" % opponents


def first_place(record):
    """First places with their share and interval, or the points of a
    two-player match with its Elo."""
    games = record["games"]
    if record.get("first") is not None:
        text = "%d of %d, %s" % (record["first"], games, percent(record["first"], games))
        if record.get("first_low") is not None:
            text += " [%d, %d]" % (round(record["first_low"]), round(record["first_high"]))
        return text
    if record.get("wins") is not None:
        text = "+%d =%d -%d in %d games" % (
            record["wins"],
            record["draws"],
            record["losses"],
            games,
        )
        if record.get("elo") is not None:
            text += ", %s Elo" % elo(record["elo"], record.get("elo_low"), record.get("elo_high"))
        return text
    if record.get("score") is not None:
        text = "%.1f%% of the points in %d games" % (100.0 * record["score"], games)
        if record.get("elo") is not None:
            text += ", %s Elo" % elo(record["elo"], record.get("elo_low"), record.get("elo_high"))
        return text
    raise ValueError("record '%s' has neither first nor score" % record["id"])


def place(record):
    value = record.get("mean_place")
    return "%.2f" % value if value is not None else ""


@table("match")
def match_table(context, args, words):
    """Every chosen record a row: players, time, the engine (or what the
    record says was measured), its opponents,
    first places, average place, and whether the figure is today's."""
    records = context.chosen(args, "match")
    lines = [
        "| players | time | engine | against | first | average place | measured by |",
        "|---|---|---|---|---|---|---|",
    ]
    for record in records:
        lines.append(
            "| %d | %s | %s | %s | %s | %s | %s |"
            % (
                record["players"],
                time_control(record["time"]),
                record.get("what") or engine(record),
                against(record),
                first_place(record),
                place(record),
                context.made_by(record),
            )
        )
    if "no-commands" not in words:
        lines += context.commands(records)
    return lines
