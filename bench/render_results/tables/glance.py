"""The strength figures of README's front page: one row a record."""

from bench.render_results.context import time_control
from bench.render_results.tables import history, table


@table("strength-glance")
def strength_glance(context, args, words):
    """One row a chosen match or sprt record: what it measured, the result,
    its command, and whether the figure is today's."""
    records = context.chosen(args, "match", "sprt")
    lines = ["| match | result | command | measured by |", "|---|---|---|---|"]
    for record in records:
        lines.append(
            "| %s, %d players, %s | %s | %s | %s |"
            % (
                history.what(record),
                record["players"],
                time_control(record["time"]),
                history.result(record),
                history.replay_cell(context, record),
                context.made_by(record),
            )
        )
    return lines
