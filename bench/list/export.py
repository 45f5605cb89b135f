"""A pool as other tools read it: its finishing orders as a CSV table,
one row a player of a game, and its games as game records, the format
of tiaoqi-match --record that tiaoqi-render draws.

A pool's line holds each game's seats and order, not its moves: the
moves are in the record each table's match wrote in its folder under
the update's --out (build/list/<pool>-<table>-<digest>/games.txt). The
records are read and written by the tools' own code (tiaoqi.read_records
and write_records, bound from tools/common/record.*)."""

import csv
import glob
import os

COLUMNS = ("table", "date", "opening_seed", "game", "player", "key", "name", "place")


def places(order):
    """Each player's place (1 first) in a finishing order; tied players
    share the best place of their group."""
    found, place = {}, 1
    for group in order:
        for player in group:
            found[player] = place
        place += len(group)
    return found


def write_orders(tables, path):
    """Writes the CSV of every game's finishing order: a row a player (in
    the game's seat order), the entry's key and name and its place."""
    with open(path, "w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(COLUMNS)
        for table in tables:
            for number, game in enumerate(table["games"], 1):
                placed = places(game["order"])
                for player, seat in enumerate(game["seats"]):
                    entry = table["entries"][seat]
                    writer.writerow(
                        (
                            table["table"],
                            table.get("date", ""),
                            table.get("opening", {}).get("seed", ""),
                            number,
                            player + 1,
                            entry["key"],
                            entry["name"],
                            placed[player],
                        )
                    )


def same_games(records, table):
    """Whether a table's record holds the games of its pool line: each
    game's seating by key and its finishing order."""
    keys = [entry["key"] for entry in table["entries"]]
    if len(records) != len(table["games"]):
        return False
    return all(
        record.seating == [keys[seat] for seat in game["seats"]]
        and record.standings == game["order"]
        for record, game in zip(records, table["games"])
    )


def table_records(module, out, pool_name, table):
    """The records of one table's games, from its match's folder under
    out; None when no folder there holds them (a table played on another
    machine, or its folder removed)."""
    pattern = os.path.join(glob.escape(out), f"{pool_name}-{table['table']}-*", "games.txt")
    for path in sorted(glob.glob(pattern)):
        try:
            records = module.read_records(path)
        except (OSError, ValueError):
            continue
        if same_games(records, table):
            return records
    return None


def gather_records(module, out, pool_name, tables):
    """(every game's record, named by its pool and table and numbered
    from 1 in the pool's order; the numbers of the tables whose records
    were not found)."""
    gathered, missing = [], []
    for table in tables:
        records = table_records(module, out, pool_name, table)
        if records is None:
            missing.append(table["table"])
            continue
        for record in records:
            record.event = f"Tiaoqi list {pool_name}, table {table['table']}"
            record.game = len(gathered) + 1
            gathered.append(record)
    return gathered, missing
