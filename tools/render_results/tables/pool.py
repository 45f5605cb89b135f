"""Tables of `pool` records: engines rated in one pool."""

from context import commands, elo, time_control
from tables import table


@table("pool")
def pool_table(context, args, words):
    """The entries of one pool record (`id=...`, else the newest) with
    their Elo against the anchor."""
    records = context.chosen(args, "pool")
    if not records:
        return ["No records of kind pool yet."]
    record = records[-1] if "ids" not in args else records[0]
    lines = ["%d players, %s, anchor `%s` = 0, %d games (%s):" % (
        record["players"], time_control(record["time"]), record["anchor"], record["games"],
        context.made_by(record)), "", "| entry | Elo [95%] | games |", "|---|---|---|"]
    for entry in record["entries"]:
        rating = "anchor" if entry["name"] == record["anchor"] else elo(
            entry["elo"], entry.get("elo_low"), entry.get("elo_high"))
        lines.append("| `%s` | %s | %s |" % (entry["name"], rating, entry.get("games", "")))
    if "no-commands" not in words:
        lines += commands([record])
    return lines
