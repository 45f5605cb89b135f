"""The standing list's statistics over one table size's pool: the
Plackett-Luce fit of the match runner (tiaoqi.stats, bound from
tools/match: one fit, one scale), anchored at the list's anchor, with
intervals from a bootstrap over the pool's tables, the likelihood of
superiority between neighbours.

A table is one opening played in every rotation of its seats: its games
share the opening, so the bootstrap draws whole tables."""

import importlib.machinery
import importlib.util
import math
import random
import sys

from bench.list import pool_file

# Bootstrap samples of the pool's tables; 200 as the runner's intervals.
RESAMPLES = 200
# The seed of the draws, so that the same pool gives the same intervals.
SEED = 1


def read_pool(path):
    """A pool's tables, each entry its full identity; none when the file
    is not there."""
    return pool_file.read(path)


def load_stats(package_folder):
    """The module's statistics, from the build's Python package folder:
    its package `tiaoqi` loaded from there once a process, the import path
    left as it is."""
    if "tiaoqi" not in sys.modules:
        spec = importlib.machinery.PathFinder.find_spec("tiaoqi", [package_folder])
        if spec is None:
            raise ImportError(f"no package tiaoqi in {package_folder}")
        package = importlib.util.module_from_spec(spec)
        sys.modules["tiaoqi"] = package
        try:
            spec.loader.exec_module(package)
        except BaseException:
            del sys.modules["tiaoqi"]
            raise
    return sys.modules["tiaoqi"].stats


def keys_of(tables):
    """Every entry key of the pool, in the order they first played."""
    keys = []
    for table in tables:
        for entry in table["entries"]:
            if entry["key"] not in keys:
                keys.append(entry["key"])
    return keys


def newest_key(tables, name):
    """The key of the entry of that name that played last (None when none
    did): a build that plays otherwise is a new entry, and the newest is
    the one that counts, the anchor's too."""
    found = None
    for table in tables:
        for entry in table["entries"]:
            if entry["name"] == name:
                found = entry["key"]
    return found


def orders_of(tables, index):
    """Each game's finishing order as groups of pool indices, best first."""
    orders = []
    for table in tables:
        seats_of = [index[entry["key"]] for entry in table["entries"]]
        for game in table["games"]:
            orders.append(
                [[seats_of[game["seats"][player]] for player in group] for group in game["order"]]
            )
    return orders


def fit(stats, tables, keys, anchor):
    """Ratings of the keys (a dict), the anchor's at 0 when it played."""
    index = {key: i for i, key in enumerate(keys)}
    # One virtual draw for each entry in all, spread over its pairs: a
    # draw between every two entries would weigh as many games as the
    # pool has entries, and pull every rating of a large list toward the
    # mean far more than its games warrant.
    prior = 1.0 / max(1, len(keys) - 1)
    elo = stats.plackett_luce_elo(len(keys), orders_of(tables, index), prior)
    shift = elo[index[anchor]] if anchor in index else 0.0
    return {key: elo[index[key]] - shift for key in keys}


def percentile(values, share):
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1) + 0.5)]


def bootstrap(stats, tables, anchor):
    """(the ratings of every key, and each key's ratings fitted to RESAMPLES
    bootstrap samples of whole tables, drawn from SEED); no samples below
    two tables."""
    keys = keys_of(tables)
    ratings = fit(stats, tables, keys, anchor)
    draws = random.Random(SEED)
    samples = {key: [] for key in keys}
    for _ in range(RESAMPLES if len(tables) >= 2 else 0):
        drawn = [tables[draws.randrange(len(tables))] for _ in tables]
        sample = fit(stats, drawn, keys, anchor)
        for key in keys:
            samples[key].append(sample[key])
    return ratings, samples


def superiority(samples, upper, lower):
    """The likelihood that `upper` is stronger than `lower`: the share of
    the bootstrap samples that rate it higher."""
    pairs = list(zip(samples[upper], samples[lower]))
    return sum(high > low for high, low in pairs) / len(pairs)


def difference(samples, upper, lower):
    """The 95% interval of the rating of `upper` less that of `lower`."""
    gaps = [high - low for high, low in zip(samples[upper], samples[lower])]
    return percentile(gaps, 0.025), percentile(gaps, 0.975)


def rate(stats, tables, anchor, fitted=None):
    """Every key's rating, 95% interval, games and mean place, and the
    likelihood that it is stronger than the next one down the list;
    sorted strongest first. `fitted` is bootstrap()'s answer, when the
    caller has it."""
    keys = keys_of(tables)
    if not keys:
        return []
    ratings, samples = fitted or bootstrap(stats, tables, anchor)
    order = sorted(keys, key=lambda key: -ratings[key])
    games, places = count_games(tables)
    index = {key: i for i, key in enumerate(keys)}
    signs = stats.unbounded_ratings(len(keys), orders_of(tables, index))
    rows = []
    for position, key in enumerate(order):
        row = {
            "key": key,
            "rating": ratings[key],
            "games": games[key],
            "place": places[key] / games[key],
        }
        if samples[key]:
            row["low"] = percentile(samples[key], 0.025)
            row["high"] = percentile(samples[key], 0.975)
            # Every sample holds the same sweep: the games bound the rating
            # on one side only, and its figure there is the prior's.
            sign = signs[index[key]]
            if sign and key != anchor:
                row["high" if sign > 0 else "low"] = sign * math.inf
            if position + 1 < len(order):
                row["los_next"] = superiority(samples, key, order[position + 1])
        rows.append(row)
    return rows


def pair_scores(tables):
    """{(a, b): [points of a, games]} over every game in which a and b both
    sat: a point for finishing above, half for a shared place."""
    scores = {}
    for table in tables:
        for game in table["games"]:
            keys = [table["entries"][seat]["key"] for seat in game["seats"]]
            place = {}
            for rank, group in enumerate(game["order"]):
                for player in group:
                    place[player] = rank
            for one, first in enumerate(keys):
                for two, second in enumerate(keys):
                    if one == two or first == second:
                        continue
                    cell = scores.setdefault((first, second), [0.0, 0])
                    cell[0] += (
                        1.0 if place[one] < place[two] else 0.5 if place[one] == place[two] else 0.0
                    )
                    cell[1] += 1
    return scores


def count_games(tables):
    """Games and the sum of places (1 first, a shared place its middle)
    of every key, a seat a game."""
    games, places = {}, {}
    for table in tables:
        for game in table["games"]:
            place = 1
            for group in game["order"]:
                middle = place + (len(group) - 1) / 2
                for player in group:
                    key = table["entries"][game["seats"][player]]["key"]
                    games[key] = games.get(key, 0) + 1
                    places[key] = places.get(key, 0) + middle
                place += len(group)
    return games, places
