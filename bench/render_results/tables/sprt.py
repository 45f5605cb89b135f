"""Tables of `sprt` records: a patch tested against its base."""

from bench.render_results.context import elo, options, time_control
from bench.render_results.tables import table


def tested(record):
    if record.get("what"):
        return record["what"]
    return "`%s` against `%s`" % (
        options(record["new"].get("options", {})) or "new",
        options(record["base"].get("options", {})) or "base",
    )


def outcome(record):
    if record.get("wins") is not None:
        return "+%d =%d -%d in %d games" % (
            record["wins"],
            record["draws"],
            record["losses"],
            record["games"],
        )
    if record.get("first") is not None:
        return "first in %d of %d games" % (record["first"], record["games"])
    if record.get("score") is not None:
        return "%.1f%% of the points in %d games" % (100.0 * record["score"], record["games"])
    return "%d games" % record["games"]


def decision(record):
    test = record.get("sprt")
    if not test:
        return "no SPRT"
    text = "elo0=%s elo1=%s: %s" % (test["elo0"], test["elo1"], record.get("decision", "?"))
    if record.get("llr") is not None:
        text += " (LLR %.2f)" % record["llr"]
    return text


@table("sprt")
def sprt_table(context, args, words):
    """Every chosen record a row: what was tested, the time, the games,
    the Elo with its interval, the SPRT's decision."""
    records = context.chosen(args, "sprt")
    lines = [
        "| test | time | games | Elo [95%] | SPRT | measured by |",
        "|---|---|---|---|---|---|",
    ]
    for record in records:
        value = (
            "%s" % elo(record["elo"], record.get("elo_low"), record.get("elo_high"))
            if record.get("elo") is not None
            else ""
        )
        lines.append(
            "| %s | %s | %s | %s | %s | %s |"
            % (
                tested(record),
                time_control(record["time"]),
                outcome(record),
                value,
                decision(record),
                context.made_by(record),
            )
        )
    if "no-commands" not in words:
        lines += context.commands(records)
    return lines
