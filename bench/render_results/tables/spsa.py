"""Tables of `spsa` records: options tuned by SPSA, from where they
started to where the run left them."""

from bench.render_results.context import time_control
from bench.render_results.tables import table


def moved(parameter):
    return "`%s` %.4g -> %.4g" % (parameter["name"], parameter["start"], parameter["final"])


@table("spsa")
def spsa_table(context, args, words):
    """Every chosen record a row: what was tuned, at which table and
    time, the games, and each parameter's start and final value."""
    records = context.chosen(args, "spsa")
    lines = [
        "| run | players, time | table | games | parameters | measured by |",
        "|---|---|---|---|---|---|",
    ]
    for record in records:
        seats = " ".join("`%s`" % seat for seat in record.get("table", [])) or "copies of minus"
        lines.append(
            "| %s | %d, %s | %s | %d in %d iterations | %s | %s |"
            % (
                record.get("what") or record["id"],
                record["players"],
                time_control(record["time"]),
                seats,
                record["games"],
                record["iterations"],
                "; ".join(moved(parameter) for parameter in record["parameters"]),
                context.made_by(record),
            )
        )
    if "no-commands" not in words:
        lines += context.commands(records)
    return lines
