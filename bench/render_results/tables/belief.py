"""Tables of `belief` records: how often the dragons search's belief
names the true dragon of a hidden opponent, by how far the game is."""

from bench.render_results.tables import table


@table("belief")
def belief_table(context, args, words):
    """The rows of one belief record (`ids=...`, else the newest): moves
    played, then each column's share of first guesses that were right."""
    records = context.chosen(args, "belief")
    if not records:
        return ["No records of kind belief yet."]
    record = records[0] if "ids" in args else max(records, key=lambda r: r["date"])
    columns = record["columns"]
    lines = [
        "%d games against %s (%s):"
        % (record["games"], record["opponents"], context.made_by(record)),
        "",
        "| moves played | " + " | ".join(column["label"] for column in columns) + " |",
        "|---" * (len(columns) + 1) + "|",
    ]
    for row in record["rows"]:
        lines.append(
            "| %s | %s |"
            % (row["moves"], " | ".join("%.3f" % row[column["key"]] for column in columns))
        )
    if "no-commands" not in words:
        lines += context.commands([record])
    return lines
