"""What the games of a pool tell of its ratings by the model itself: the
observed information of the Plackett-Luce fit (the curvature of the
log-likelihood it maximises, at its ratings), and from it the normal
approximation of the ratings' spread. The bootstrap sees the variance
of the games only through the tables it can redraw; with four tables it
redraws four things. The information needs no redrawing: each game adds
the curvature of its stages, so a pool of few games has little and its
intervals are wide.

Pure Python: the pools hold tens of entries, and one inverse of a matrix
that size is quick without a numerical library."""

import itertools
import math

# Elo points per unit of log-strength: the fit's ratings are 400 log10 of
# the strengths.
ELO_PER_UNIT = 400.0 / math.log(10.0)
# The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def expanded(order):
    """Every strict order of a finishing order's groups, each with its
    share: a tie counts as every order of the tied entries with equal
    weight, as the fit (tools/match/plackett_luce.cpp) counts it."""
    choices = [list(itertools.permutations(group)) for group in order]
    weight = 1.0 / math.prod(len(choice) for choice in choices)
    return [
        (weight, [entry for group in picked for entry in group])
        for picked in itertools.product(*choices)
    ]


def add_stages(matrix, strengths, order, weight):
    """Each stage of an order (the first place among those left) adds the
    covariance of the choice among the entries left."""
    for stage in range(len(order) - 1):
        left = order[stage:]
        total = sum(strengths[entry] for entry in left)
        shares = [strengths[entry] / total for entry in left]
        for one, share in zip(left, shares):
            matrix[one][one] += weight * share
            for other, other_share in zip(left, shares):
                matrix[one][other] -= weight * share * other_share


def information(count, orders, elo, prior):
    """The observed information (count x count, over log-strengths) of the
    finishing orders at the ratings elo, with the fit's prior: `prior`
    drawn games between every two entries, a draw half a game in each
    order."""
    strengths = [math.exp(rating / ELO_PER_UNIT) for rating in elo]
    matrix = [[0.0] * count for _ in range(count)]
    for order in orders:
        for weight, strict in expanded(order):
            add_stages(matrix, strengths, strict, weight)
    for one in range(count):
        for other in range(one + 1, count):
            add_stages(matrix, strengths, [one, other], 0.5 * prior)
            add_stages(matrix, strengths, [other, one], 0.5 * prior)
    return matrix


def inverse(matrix):
    """The inverse of a square matrix, by Gauss-Jordan elimination with
    partial pivoting."""
    size = len(matrix)
    rows = [
        list(row) + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)
    ]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for row in range(size):
            if row != column and rows[row][column]:
                factor = rows[row][column]
                rows[row] = [value - factor * top for value, top in zip(rows[row], rows[column])]
    return [row[size:] for row in rows]


def covariance(matrix):
    """The covariance of the ratings (Elo squared) with their mean held at
    0: the information's pseudo-inverse. The information is blind to a
    shift of every rating (its rows sum to 0), so the inverse is taken
    with that direction added and then removed."""
    size = len(matrix)
    shifted = inverse([[value + 1.0 / size for value in row] for row in matrix])
    return [[(value - 1.0 / size) * ELO_PER_UNIT**2 for value in row] for row in shifted]


def spread(cov, one, other):
    """The standard deviation (Elo) of rating `one` less rating `other`
    (indices; None for 0, the rating itself)."""
    if other is None:
        return math.sqrt(max(cov[one][one], 0.0))
    return math.sqrt(max(cov[one][one] + cov[other][other] - 2 * cov[one][other], 0.0))


def normal_share(value):
    """The share of a standard normal below value."""
    return 0.5 * math.erfc(-value / math.sqrt(2.0))
