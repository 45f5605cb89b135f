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


def test_every_setting_takes_a_level():
    name, elo = tiaoqi.levels()[1]
    position = tiaoqi.Position(players=3)
    engines = [
        tiaoqi.Engine(level=name),
        tiaoqi.Engine({"Level": elo}),
        tiaoqi.Opponent({"level": name}).engine,
    ]
    for engine in engines:
        assert engine.settings == {"uci_limit_strength": True, "uci_elo": elo}
    assert repr(engines[0]) == f"tiaoqi.Engine(uci_limit_strength=True, uci_elo={elo})"
    # The same level and seed search the same, however the setting came.
    found = {
        tiaoqi.search(position, level=name, seed=5, nodes=100).move,
        tiaoqi.search(position, {"level": name, "seed": 5}, nodes=100).move,
        tiaoqi.search(position, {"level": name, "seed": 5, "nodes": 100}).move,
        tiaoqi.search(position, tiaoqi.Engine(level=name, seed=5), nodes=100).move,
    }
    assert len(found) == 1 and found.pop() in position.legal_moves()
    # Without a limit a level searches its own node budget.
    assert tiaoqi.search(position, {"level": "beginner"}).nodes <= 16


@pytest.mark.parametrize("level", ["grandmaster", True, 1.5, "1600"])
def test_a_bad_level_gets_the_same_error_everywhere(level):
    names = ", ".join(name for name, _ in tiaoqi.levels())
    message = f"level: expected one of {names} or an Elo, got {level!r}"
    makers = [
        lambda: tiaoqi.Engine(level=level),
        lambda: tiaoqi.Engine().set_option("level", level),
        lambda: tiaoqi.search(tiaoqi.Position(), level=level, nodes=10),
        lambda: tiaoqi.search(tiaoqi.Position(), {"level": level}, nodes=10),
        lambda: tiaoqi.Opponent({"level": level}),
        lambda: tiaoqi.single_agent_env(opponents={"level": level}),
    ]
    for make in makers:
        with pytest.raises(ValueError) as raised:
            make()
        assert str(raised.value) == message


def test_a_refused_level_changes_nothing():
    engine = tiaoqi.Engine(search="mcts")
    top = tiaoqi.levels()[-1][1]
    with pytest.raises(ValueError, match="UCI_Elo expects a number from"):
        engine.set_option("level", top + 1)
    assert engine.settings == {"search": "mcts"}


def test_a_bad_setting_to_search_names_what_it_takes():
    with pytest.raises(ValueError) as raised:
        tiaoqi.search(tiaoqi.Position(), 42, nodes=10)
    assert str(raised.value) == (
        "search: expected a Search name, a setting (a mapping of engine options and limits) "
        "or a tiaoqi.Engine, got 42 (int)"
    )
    with pytest.raises(ValueError, match="unknown option 'strength'.*or level.*or a limit"):
        tiaoqi.search(tiaoqi.Position(), {"strength": 3}, nodes=10)
