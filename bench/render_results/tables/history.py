"""The history of the project's measurements: every strength record, by
date."""

from bench.render_results import replay
from bench.render_results.context import time_control
from bench.render_results.tables import match, sprt, table


def result(record):
    if record["kind"] == "match":
        text = match.first_place(record)
        return text + (", place %s" % match.place(record) if match.place(record) else "")
    if record["kind"] == "sprt":
        text = sprt.outcome(record)
        if record.get("elo") is not None:
            text += ", %s Elo" % sprt.elo(
                record["elo"], record.get("elo_low"), record.get("elo_high")
            )
        return text
    return "%d games" % record["games"]


def what(record):
    if record["kind"] == "match":
        return "%s against %s" % (record.get("what") or match.engine(record), match.against(record))
    if record.get("what"):
        return record["what"]
    return sprt.tested(record) if record["kind"] == "sprt" else record["id"]


def replay_cell(context, record):
    """A table cell with the command that makes the record again, or
    why none does."""
    line = context.replay(record)
    if line is None:
        return "not replayable: %s" % replay.why_not(record, context.builds)
    return "`%s`" % line.replace("|", "\\|")


@table("history")
def history_table(context, args, words):
    """Every match, sprt, spsa and pool record, oldest first: the date,
    what was measured, at what table size and time, the result, the
    engine's commit and whether a committed build can replay it."""
    records = sorted(
        context.of_kind("match", "sprt", "spsa", "pool"),
        key=lambda record: (record["date"], record.source, record.line),
    )
    if not records:
        return ["No records yet."]
    lines = [
        "| date | record | what | players, time | result | engine | replayable |",
        "|---|---|---|---|---|---|---|",
    ]
    for record in records:
        lines.append(
            "| %s | `%s` | %s | %d, %s | %s | %s | %s |"
            % (
                record["date"][:10],
                record["id"],
                what(record),
                record["players"],
                time_control(record["time"]),
                result(record),
                record.commit[:7],
                "no" if replay.why_not(record, context.builds) else "yes",
            )
        )
    return lines
