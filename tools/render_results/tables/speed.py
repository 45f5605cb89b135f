"""Tables of `speed` records: timings, each beside its yardstick."""

from context import commands
from tables import table


def figure_row(figure):
    value = figure["value"]
    shown = "{:,}".format(value) if isinstance(value, int) else ("%g" % value)
    ratio = ""
    if figure.get("ratio") is not None:
        ratio = "%.2f" % figure["ratio"]
        if figure.get("against"):
            ratio += " against %s" % figure["against"]
    return "| %s | %s %s | %s |" % (figure.get("label", figure["what"]), shown,
                                    figure.get("unit", ""), ratio)


def newest(context, args):
    records = context.chosen(args, "speed")
    if not records:
        return None
    return records[0] if "ids" in args else max(records, key=lambda record: record["date"])


@table("speed")
def speed_table(context, args, words):
    """Every figure of one speed record (`ids=...`, else the newest)."""
    return speed_glance(context, args, words)


@table("speed-glance")
def speed_glance(context, args, words):
    """Every figure of the newest speed record: its label (or its `what`
    key), value and unit, and its ratio to the yardstick timed beside it."""
    record = newest(context, args)
    if record is None:
        return ["No records of kind speed yet."]
    lines = ["Measured on %s, %s, by `%s` (%s):" % (
        record["machine"], record["date"][:10], record["command"].replace("|", "\\|"),
        context.made_by(record)),
             "", "| what | figure | ratio |", "|---|---|---|"]
    lines += [figure_row(figure) for figure in record["figures"]]
    if "no-commands" not in words:
        lines += commands([record])
    return lines
