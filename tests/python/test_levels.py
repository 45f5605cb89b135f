"""Strength levels from Python: tiaoqi.levels() and opponents by level."""

import os
import random
import subprocess

import pytest

import tiaoqi
from conftest import random_action


def test_levels_are_the_engines_ladder():
    reply = subprocess.run(
        [os.environ["TIAOQI_BINARY"]],
        input="levels\nquit\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    listed = [line.split() for line in reply if line.startswith("level ")]
    assert [(words[1], int(words[3])) for words in listed] == tiaoqi.levels()
    elos = [elo for _, elo in tiaoqi.levels()]
    assert elos == sorted(elos) and len(set(elos)) == len(elos)


def test_an_opponent_takes_a_level_by_name_or_elo():
    name, elo = tiaoqi.levels()[0]
    by_name = tiaoqi.Opponent({"level": name})
    by_elo = tiaoqi.Opponent({"Level": elo, "nodes": 50})
    assert by_name.limits == {"nodes": 10**9}
    assert by_elo.limits == {"nodes": 50}
    for opponent in (by_name, by_elo):
        assert opponent.engine.options["uci_limit_strength"] is True
        assert opponent.engine.options["uci_elo"] == elo


def test_a_bad_level_is_refused_with_the_reason():
    names = ", ".join(name for name, _ in tiaoqi.levels())
    with pytest.raises(
        ValueError, match=f"level: expected one of {names} or an Elo, got 'grandmaster'"
    ):
        tiaoqi.Opponent({"level": "grandmaster"})
    top = tiaoqi.levels()[-1][1]
    with pytest.raises(ValueError, match="UCI_Elo expects a number from"):
        tiaoqi.Opponent({"level": top + 1})


def test_levels_play_the_other_seats_to_the_end():
    first, last = tiaoqi.levels()[0][0], tiaoqi.levels()[-1][1]
    env = tiaoqi.single_agent_env(
        players=3, max_plies=60, opponents=[{"level": first}, {"level": last, "nodes": 100}]
    )
    rng = random.Random(3)
    observation, info = env.reset(seed=3)
    while True:
        observation, reward, terminated, truncated, info = env.step(random_action(observation, rng))
        if terminated or truncated:
            break
    assert terminated
