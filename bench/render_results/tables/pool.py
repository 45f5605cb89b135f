"""Tables of `pool` records: engines rated in one pool."""

from bench.render_results.context import elo, time_control
from bench.render_results.tables import table


def share(value, low=None, high=None):
    text = "%.3f" % value
    if low is not None and high is not None:
        text += " [%.3f, %.3f]" % (low, high)
    return text


def rating(record, entry):
    """An entry's Elo against the anchor or, in a pool of shares (no
    anchor), its share of the win per game."""
    if entry["name"] == record["anchor"]:
        return "0 (anchor)"
    if entry.get("elo") is not None:
        return elo(entry["elo"], entry.get("elo_low"), entry.get("elo_high"))
    if entry.get("share") is not None:
        return share(entry["share"], entry.get("share_low"), entry.get("share_high"))
    raise ValueError(
        "entry '%s' of record '%s' has neither elo nor share" % (entry["name"], record["id"])
    )


@table("pool")
def pool_table(context, args, words):
    """The entries of one pool record (`ids=...`, else the newest) with
    their Elo against the anchor, or their share of the win where the pool
    has no anchor; then its head-to-head meetings, where it has them."""
    records = context.chosen(args, "pool")
    if not records:
        return ["No records of kind pool yet."]
    record = records[0] if "ids" in args else max(records, key=lambda record: record["date"])
    anchor = (
        "anchor `%s` = 0" % record["anchor"] if record["anchor"] else "share of the win per game"
    )
    lines = [
        "%d players, %s, %s, %d games (%s):"
        % (
            record["players"],
            time_control(record["time"]),
            anchor,
            record["games"],
            context.made_by(record),
        ),
        "",
        "| entry | options | %s [95%%] |" % ("Elo" if record["anchor"] else "share of the win"),
        "|---|---|---|",
    ]
    for entry in record["entries"]:
        options = ", ".join("`%s %s`" % item for item in sorted(entry.get("options", {}).items()))
        lines.append("| `%s` | %s | %s |" % (entry["name"], options, rating(record, entry)))
    if record.get("meetings"):
        lines += ["", "| head to head | games | score [95%] |", "|---|---|---|"]
        for meeting in record["meetings"]:
            lines.append(
                "| `%s` against `%s` | %d | %s |"
                % (
                    meeting["name"],
                    meeting["against"],
                    meeting["games"],
                    share(meeting["score"], meeting.get("score_low"), meeting.get("score_high")),
                )
            )
    if "no-commands" not in words:
        lines += context.commands([record])
    return lines
