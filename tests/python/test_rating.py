"""tiaoqi.rate() and the example that rates Python agents."""

import math
import os
import subprocess
import sys

import pytest

import tiaoqi

EXAMPLE = os.path.join(
    os.path.dirname(__file__), "..", "..", "tools", "python", "examples", "rate_agents.py"
)
sys.path.insert(0, os.path.dirname(EXAMPLE))
import rate_agents  # noqa: E402


def test_the_statistics_are_the_match_runners():
    estimate = tiaoqi.stats.estimate_elo([0.5, 0.75, 1.0, 0.5])
    assert estimate.score == pytest.approx(0.6875)
    assert estimate.elo == pytest.approx(tiaoqi.stats.elo_from_score(0.6875))
    assert estimate.has_interval and estimate.elo_low < estimate.elo < estimate.elo_high
    assert tiaoqi.stats.pentanomial([0, 0.25, 0.5, 0.5, 1]) == [1, 1, 2, 0, 1]
    assert tiaoqi.stats.placement_score([[1], [0, 2], [3]], 0) == pytest.approx(0.5)


def test_a_rating_counts_both_seats_of_every_round():
    rating = tiaoqi.rate(rate_agents.greedy_agent(1), "random", rounds=3)
    # Rows gained every move beat random moves in every game of both seats.
    assert (rating.games, rating.samples, rating.scores) == (6, 3, [1.0] * 6)
    assert str(rating) == "all won (> -94)"
    lost = tiaoqi.rate(rate_agents.random_agent(1), {"search": "greedy"}, rounds=2)
    assert lost.scores == [0.0] * 4 and str(lost) == "all lost (< +216)"


def test_every_round_lost_bounds_the_elo_on_one_side():
    lost = tiaoqi.rate(rate_agents.random_agent(1), {"search": "greedy"}, rounds=3)
    assert lost.elo == lost.elo_low == -math.inf and not lost.has_interval
    # 3 rounds lost: only a mean score below 1 - 0.05^(1/3) loses them all
    # with a chance of 5% or more.
    assert lost.elo_high == pytest.approx(tiaoqi.stats.elo_from_score(1 - 0.05 ** (1 / 3)))
    assert lost.elo_high == pytest.approx(93.6, abs=0.1)
    won = tiaoqi.rate(rate_agents.greedy_agent(1), "random", rounds=3)
    assert (won.elo, won.elo_low, won.elo_high) == (math.inf, -lost.elo_high, math.inf)


def test_a_rating_needs_games_that_end():
    with pytest.raises(ValueError, match="max_plies"):
        tiaoqi.rate(rate_agents.random_agent(1), "random", rules=tiaoqi.Rules())


def test_the_example_prints_the_ratings_rate_gives():
    printed = subprocess.run(
        [sys.executable, EXAMPLE, "--rounds", "2", "--opponents", "random", "greedy"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout.splitlines()
    expected = [
        str(tiaoqi.rate(make(1), rate_agents.OPPONENTS[opponent], rounds=2))
        for make in (rate_agents.random_agent, rate_agents.greedy_agent)
        for opponent in ("random", "greedy")
    ]
    assert printed[1:3] == ["| agent | random | greedy |", "|---|---|---|"]
    assert printed[3] == f"| random | {expected[0]} | {expected[1]} |"
    assert printed[4] == f"| greedy | {expected[2]} | {expected[3]} |"
