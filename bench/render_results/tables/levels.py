"""The strength levels' tables (docs/levels.md), from the newest pool
record of bench/levels: the one whose entries carry `uci_elo`."""

from bench.render_results.context import elo
from bench.render_results.tables import table


def levels_record(context, args):
    records = [
        record
        for record in context.chosen(args, "pool")
        if any("uci_elo" in entry for entry in record["entries"])
    ]
    if not records:
        raise ValueError("no pool record of bench/levels (entries with uci_elo)")
    return records[0] if "ids" in args else max(records, key=lambda record: record["date"])


@table("levels")
def levels_table(context, args, words):
    """Every entry of the pool: the UCI_Elo the engine's table takes for a
    level, its pool Elo from the anchor with the 95% interval, its games."""
    record = levels_record(context, args)
    lines = [
        "%d players, the rating list's rules (%s), %d games (%s):"
        % (record["players"], record["rules_profile"], record["games"], context.made_by(record)),
        "",
        "| level | UCI_Elo | pool Elo [95%] | games |",
        "|---|---|---|---|",
    ]
    for entry in record["entries"]:
        pool = (
            "0 (anchor)"
            if entry["name"] == record["anchor"]
            else elo(round(entry["elo"]), round(entry["elo_low"]), round(entry["elo_high"]))
        )
        lines.append(
            "| `%s` | %s | %s | %d |"
            % (entry["name"], entry.get("uci_elo", ""), pool, entry["games"])
        )
    if "no-commands" not in words:
        lines += context.commands([record])
    return lines


@table("levels-scale")
def levels_scale(context, args, words):
    """The settings the rating list measured, with their Elo there and in
    the pool: the points the map from the pool's scale to the list's runs
    through."""
    record = levels_record(context, args)
    lines = ["| setting | measured on the list | list Elo | pool Elo |", "|---|---|---|---|"]
    for point in record["scale"]["points"]:
        lines.append(
            "| `%s` | %s | %d | %s |"
            % (point["entry"], point["measured"], point["list_elo"], elo(round(point["pool_elo"])))
        )
    return lines
