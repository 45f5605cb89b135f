"""Python agents that see the observation, the position or both, answering
an action, a move's text or a path: in tiaoqi.rate() and the
environments' opponents."""

import pickle

import numpy as np
import pytest

import tiaoqi
from conftest import greedy

# The example's agent, named apart from Search greedy.
ONE_PLY = tiaoqi.Agent(greedy, sees="position", name="one_ply")


def first_action(observation):
    return int(np.flatnonzero(observation["action_mask"])[0])


def first_move(position):
    return position.legal_moves()[0]


def first_path(position):
    return position.move_path(position.legal_moves()[0])


def first_of_both(observation, position):
    assert position.action(position.legal_moves()[0]) in np.flatnonzero(observation["action_mask"])
    return position.legal_moves()[0]


def test_every_answer_plays_the_same_move():
    # The first action, the first move of legal_moves() and its path name
    # moves; as answers each is played as Position.play would.
    table = tiaoqi.GameTable(tiaoqi.Rules(players=3))
    played = []
    for agent in [
        tiaoqi.position_agent(first_move),
        tiaoqi.Agent(first_path, sees="position"),
        tiaoqi.Agent(first_of_both, sees="both"),
    ]:
        copy = pickle.loads(pickle.dumps(table))
        played.append(agent.play(copy))
    assert played == [played[0]] * 3
    assert tiaoqi.Agent(first_action).play(table) in tiaoqi.Position(players=3).legal_moves()


def test_an_agent_that_sees_the_position_is_rated():
    rating = tiaoqi.rate(ONE_PLY, "random", rounds=2)
    # A one-ply greedy move beats random moves in both seats of both rounds.
    assert rating.scores == [1.0] * 4
    moves = tiaoqi.rate(tiaoqi.position_agent(first_move), "greedy", rounds=1)
    assert moves.games == 2


def test_an_agent_plays_an_environments_other_seats():
    env = tiaoqi.single_agent_env(players=3, opponents=[ONE_PLY, "greedy"])
    observation, info = env.reset(seed=1, options={"seat": 2})
    assert info["move_count"] == 2
    assert env.record().seating == ["one_ply", "greedy", "agent"]
    copy = pickle.loads(pickle.dumps(env))
    assert copy.step(first_action(observation))[4]["moves"] == (
        env.step(first_action(observation))[4]["moves"]
    )


def test_an_agent_cannot_play_inside_the_batched_step():
    with pytest.raises(ValueError, match="each is an engine setting; tiaoqi.Agent"):
        tiaoqi.vector_env(2, opponents=tiaoqi.position_agent(first_move))


def test_a_bad_agent_gets_one_clear_error():
    with pytest.raises(ValueError, match="an agent is a function, got 42"):
        tiaoqi.Agent(42)
    with pytest.raises(ValueError, match="sees: expected one of observation, position, both"):
        tiaoqi.Agent(first_move, sees="board")
    with pytest.raises(ValueError, match="rate\\(\\): agent: expected a Python agent.*'greedy'"):
        tiaoqi.rate("greedy", {"level": "beginner"}, rounds=1)
    env = tiaoqi.single_agent_env(opponents=tiaoqi.position_agent(lambda position: "k5k9"))
    with pytest.raises(ValueError, match="agent 'agent' as player 0: move 'k5k9'"):
        env.reset(seed=1, options={"seat": 1})
