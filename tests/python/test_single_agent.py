"""tiaoqi.single_agent_env(): Gymnasium's reset and step, with tiaoqi
engines in the other seats."""

import random

import numpy as np
import pytest

import tiaoqi
from conftest import random_action


def play(env, seed, rng):
    observation, info = env.reset(seed=seed)
    moves = []
    while True:
        action = random_action(observation, rng)
        moves.append(env.position().action_move(action))
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return moves, reward, terminated, truncated, info


def test_reset_and_step_follow_gymnasiums_api():
    env = tiaoqi.single_agent_env(seat=1, opponents="greedy", max_plies=40)
    observation, info = env.reset(seed=1)
    assert env.observation_space.contains(observation)
    assert info == {"seat": 1, "moves": 1}
    assert np.array_equal(env.action_masks(), observation["action_mask"])
    moves, reward, terminated, truncated, info = play(env, 1, random.Random(1))
    assert terminated and not truncated
    assert reward == info["rewards"][1]
    assert reward == pytest.approx(2 * tiaoqi.stats.placement_score(info["standings"], 1) - 1)
    with pytest.raises(ValueError, match="call reset"):
        env.step(0)


def test_engines_with_their_options_and_limits_play_the_other_seats():
    env = tiaoqi.single_agent_env(players=3, opponents=[
        {"search": "mcts", "nodes": 50}, {"Search": "brs", "depth": 1, "Hash": 8}])
    observation, info = env.reset(seed=2, options={"seat": 2})
    # Players 0 and 1 have moved: the agent is the third to move.
    assert info["moves"] == 2 and env.position().side_to_move == 2
    assert len(env.position().moves) == 2


def test_a_seed_replays_a_game_against_engines():
    def game(seed):
        env = tiaoqi.single_agent_env(opponents={"search": "mcts", "nodes": 40}, max_moves=30)
        return play(env, seed, random.Random(seed))[0], str(env.position())

    assert game(5) == game(5)


def test_max_moves_truncates():
    env = tiaoqi.single_agent_env(opponents="random", max_moves=6)
    moves, reward, terminated, truncated, info = play(env, 3, random.Random(3))
    assert truncated and not terminated and reward == 0 and len(moves) == 3


@pytest.mark.parametrize("opponents, message", [
    ({"search": "mcts", "colour": "red"}, "unknown option 'colour'.*or a limit: nodes"),
    ({"nodes": -5}, "nodes must be 1 or more"),
    ({"players": 3}, "Players is a rule option"),
    (42, "an opponent is a Search name or a mapping"),
    (["random"] * 2, "expected 1"),
])
def test_bad_opponents_raise(opponents, message):
    with pytest.raises(ValueError, match=message):
        tiaoqi.single_agent_env(opponents=opponents)


def test_an_illegal_action_is_refused():
    env = tiaoqi.single_agent_env(opponents="random")
    observation, _ = env.reset(seed=1)
    with pytest.raises(ValueError, match="no legal move"):
        env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert np.array_equal(env.reset(seed=1)[0]["observation"], observation["observation"])
