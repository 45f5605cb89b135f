"""The standing list's statistics over one table size's pool: the
Plackett-Luce fit of the match runner (tiaoqi.stats, bound from
tools/match: one fit, one scale), anchored at the list's anchor, with
intervals and the likelihood of superiority between neighbours from two
sources, of which each figure takes the more cautious: a bootstrap and
the model's information (bench/list/information.py).

A table is one opening played in every rotation of its seats: its games
share the opening, so the bootstrap draws whole tables; it then draws
each drawn table's games again, since with few tables the tables alone
do not show how much the games vary (docs/list.md, "The ratings")."""

import importlib.machinery
import importlib.util
import math
import random
import sys
import threading

from bench.list import groups
from bench.list import information
from bench.list import pool_file

# Bootstrap samples of the pool's tables; 200 as the runner's intervals.
RESAMPLES = 200
# The seed of the draws, so that the same pool gives the same intervals.
SEED = 1
LOADING = threading.Lock()


def read_pool(path):
    """A pool's tables, each entry its full identity; none when the file
    is not there."""
    return pool_file.read(path)


def load_module(package_folder):
    """The build's Python module `tiaoqi`, from its package folder: loaded
    from there once a process, the import path left as it is. The lock
    keeps a second thread (tools/dev/check-docs renders pages at once)
    from taking the module before its loading ends."""
    with LOADING:
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
    return sys.modules["tiaoqi"]


def load_stats(package_folder):
    """The module's statistics (load_module)."""
    return load_module(package_folder).stats


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


def anchor_key(tables, definition):
    """The key of the list's anchor in a pool: the newest entry of the
    name that the list's definition (list.json, read as a dict) gives as
    its `anchor`; None when none played. Every fit of the list is
    anchored there: the update's, the pages', bench/list/pool's and its
    A/A check's."""
    return newest_key(tables, definition["anchor"])


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


def prior_of(keys):
    """The prior's drawn games between every two keys: one virtual draw
    for each entry in all, spread over its pairs. A draw between every
    two entries would weigh as many games as the pool has entries, and
    pull every rating of a large list toward the mean far more than its
    games warrant."""
    return 1.0 / max(1, len(keys) - 1)


def fit(stats, tables, keys, anchor):
    """Ratings of the keys (a dict), the anchor's at 0 when it played."""
    index = {key: i for i, key in enumerate(keys)}
    elo = stats.plackett_luce_elo(len(keys), orders_of(tables, index), prior_of(keys))
    shift = elo[index[anchor]] if anchor in index else 0.0
    return {key: elo[index[key]] - shift for key in keys}


def percentile(values, share):
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1) + 0.5)]


def redrawn(tables, draws):
    """A bootstrap sample of a pool: its tables drawn with replacement,
    and the games of each drawn table drawn again from that table's."""
    drawn = []
    for _ in tables:
        table = tables[draws.randrange(len(tables))]
        games = table["games"]
        drawn.append(dict(table, games=[games[draws.randrange(len(games))] for _ in games]))
    return drawn


class Fitted:
    """A pool's fit: the ratings of its keys, their bootstrap samples, and
    the covariance of the model's information (bench/list/information.py).
    An interval is the wider of the two, and a likelihood of superiority
    the one nearer an even chance."""

    def __init__(self, keys, ratings, samples, cov, anchor):
        self.keys, self.ratings, self.samples, self.cov = keys, ratings, samples, cov
        self.anchor = anchor
        self.index = {key: i for i, key in enumerate(keys)}

    def deviation(self, upper, lower=None):
        """The model's standard deviation of the rating of upper less that
        of lower (the anchor's when none is given)."""
        lower = self.anchor if lower is None else lower
        other = self.index[lower] if lower in self.index else None
        return information.spread(self.cov, self.index[upper], other)

    def interval(self, key):
        """The 95% interval of a key's rating."""
        rating = self.ratings[key]
        width = information.Z95 * self.deviation(key)
        low, high = rating - width, rating + width
        if self.samples[key]:
            low = min(low, percentile(self.samples[key], 0.025))
            high = max(high, percentile(self.samples[key], 0.975))
        return low, high

    def difference(self, upper, lower):
        """The 95% interval of the rating of upper less that of lower."""
        gap = self.ratings[upper] - self.ratings[lower]
        width = information.Z95 * self.deviation(upper, lower)
        low, high = gap - width, gap + width
        if self.samples[upper]:
            gaps = [up - down for up, down in zip(self.samples[upper], self.samples[lower])]
            low, high = min(low, percentile(gaps, 0.025)), max(high, percentile(gaps, 0.975))
        return low, high

    def superiority(self, upper, lower):
        """The likelihood that upper is stronger than lower: by the model,
        and the share of bootstrap samples that rate it higher; of the two
        the one nearer an even chance."""
        gap = self.ratings[upper] - self.ratings[lower]
        deviation = self.deviation(upper, lower)
        shares = [information.normal_share(gap / deviation) if deviation else 0.5]
        pairs = list(zip(self.samples[upper], self.samples[lower]))
        if pairs:
            shares.append(sum(high > low for high, low in pairs) / len(pairs))
        return min(shares, key=lambda share: abs(share - 0.5))


def bootstrap(stats, tables, anchor):
    """The pool's Fitted: the ratings of every key, each key's ratings
    fitted to RESAMPLES bootstrap samples (drawn from SEED; none below two
    tables), and the model's covariance at the ratings."""
    keys = keys_of(tables)
    ratings = fit(stats, tables, keys, anchor)
    draws = random.Random(SEED)
    samples = {key: [] for key in keys}
    for _ in range(RESAMPLES if len(tables) >= 2 else 0):
        sample = fit(stats, redrawn(tables, draws), keys, anchor)
        for key in keys:
            samples[key].append(sample[key])
    index = {key: i for i, key in enumerate(keys)}
    matrix = information.information(
        len(keys), orders_of(tables, index), [ratings[key] for key in keys], prior_of(keys)
    )
    return Fitted(keys, ratings, samples, information.covariance(matrix), anchor)


def superiority(fitted, upper, lower):
    """The likelihood that `upper` is stronger than `lower` (Fitted)."""
    return fitted.superiority(upper, lower)


def difference(fitted, upper, lower):
    """The 95% interval of the rating of `upper` less that of `lower`."""
    return fitted.difference(upper, lower)


def rate(stats, tables, anchor, fitted=None):
    """Every key's rating, 95% interval, games, mean place and group (0 the
    anchor's, bench/list/groups.py), and the likelihood that it is
    stronger than the next one down the list of its group; sorted
    strongest first. `fitted` is bootstrap()'s answer, when the caller
    has it."""
    keys = keys_of(tables)
    if not keys:
        return []
    fitted = fitted or bootstrap(stats, tables, anchor)
    order = sorted(keys, key=lambda key: -fitted.ratings[key])
    group_of = {
        key: number
        for number, group in enumerate(groups.pool_groups(tables, keys, anchor))
        for key in group
    }
    games, places = count_games(tables)
    index = {key: i for i, key in enumerate(keys)}
    signs = stats.unbounded_ratings(len(keys), orders_of(tables, index))
    rows = []
    for position, key in enumerate(order):
        row = {
            "key": key,
            "rating": fitted.ratings[key],
            "games": games[key],
            "place": places[key] / games[key],
            "group": group_of[key],
        }
        row["low"], row["high"] = fitted.interval(key)
        if key == anchor:
            row["low"] = row["high"] = 0.0
        # Every sample holds the same sweep: the games bound the rating
        # on one side only, and its figure there is the prior's.
        sign = signs[index[key]]
        if sign and key != anchor:
            row["high" if sign > 0 else "low"] = sign * math.inf
        below = [other for other in order[position + 1 :] if group_of[other] == group_of[key]]
        if below:
            row["los_next"] = fitted.superiority(key, below[0])
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
