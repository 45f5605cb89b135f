"""Pickle and deepcopy of everything the module makes, as PettingZoo's
pickle_test and Gymnasium's test_pickle_env drive them (pickle an
environment, then compare the copy's reset(seed) and steps with the
original's) and as a planning agent deep-copies an environment."""

import copy
import pickle
import random

import numpy as np
import pytest

import tiaoqi
from conftest import random_action


def same_observation(a, b):
    return a.keys() == b.keys() and all(np.array_equal(a[key], b[key]) for key in a)


def test_a_position_pickles_with_its_moves_rules_and_dragons():
    position = tiaoqi.Position(players=3, long_jumps=True)
    for _ in range(7):
        position.play(position.legal_moves()[-1])
    copied = pickle.loads(pickle.dumps(position))
    assert copied.rules == position.rules and copied.moves == position.moves
    assert copied.to_string() == position.to_string() and copied.hash == position.hash
    copied.undo()
    assert len(copied.moves) == 6 and len(position.moves) == 7
    view = tiaoqi.Position(
        players=3, variant="dragons", dragon="m1", moves=["k3i5", "d10e10", "j13i13"]
    )
    viewed = pickle.loads(pickle.dumps(view))
    assert viewed.dragons == ["m1"] and viewed.moves == view.moves
    assert viewed.to_string() == view.to_string()
    deep = copy.deepcopy(position)
    deep.play(deep.legal_moves()[0])
    assert len(position.moves) == 7


def test_a_search_result_pickles():
    result = tiaoqi.search(tiaoqi.Position(players=3), "maxn", depth=2)
    copied = pickle.loads(pickle.dumps(result))
    assert copied == result and copy.deepcopy(result) == result
    assert (copied.move, copied.pv, copied.values) == (result.move, result.pv, result.values)


@pytest.mark.parametrize(
    "rules",
    [tiaoqi.Rules(), tiaoqi.Rules(players=3, variant="dragons")],
    ids=["standard", "dragons"],
)
def test_a_game_table_pickles_and_continues_as_the_original(rules):
    table = tiaoqi.GameTable(rules)
    table.reset("", 9)
    rng = random.Random(3)
    for _ in range(12):
        actions = table.legal_actions()
        table.step(int(actions[rng.randrange(len(actions))]))
    for copied in (pickle.loads(pickle.dumps(table)), copy.deepcopy(table), copy.copy(table)):
        assert copied.moves_played == table.moves_played == 12
        for player in range(table.players):
            assert copied.position(player).to_string() == table.position(player).to_string()
            assert same_observation(copied.observe(player), table.observe(player))
        # Independent: a step of the copy leaves the original where it was,
        # and the same step on both gives the same game.
        action = int(copied.legal_actions()[0])
        copied.step(action)
        assert table.moves_played == 12
        twin = pickle.loads(pickle.dumps(table))
        twin.step(action)
        assert twin.position(0).to_string() == copied.position(0).to_string()


def test_a_pickled_game_table_that_makes_no_game_is_refused():
    table = tiaoqi.GameTable(tiaoqi.Rules())
    rules, dragons, moves = table.__getstate__()
    with pytest.raises(ValueError, match="no legal move"):
        tiaoqi.GameTable.__new__(tiaoqi.GameTable).__setstate__((rules, dragons, [(0, 1)]))
    with pytest.raises(ValueError, match="starts with 0 dragons, got 1"):
        tiaoqi.GameTable.__new__(tiaoqi.GameTable).__setstate__((rules, [0], moves))


def aec_run(env, seed, steps):
    """PettingZoo's pickle_test: reset with a seed, then steps of the
    action spaces' seeded samples, recording what the agents see."""
    env.reset(seed=seed)
    seen = []
    for agent in env.agent_iter(steps):
        observation, reward, termination, truncation, info = env.last()
        seen.append((agent, observation, reward, termination, truncation))
        action = (
            None
            if termination or truncation
            else env.action_space(agent).sample(observation["action_mask"])
        )
        env.step(action)
    return seen


def same_runs(a, b):
    assert len(a) == len(b)
    for (agent_a, obs_a, *rest_a), (agent_b, obs_b, *rest_b) in zip(a, b):
        assert agent_a == agent_b and rest_a == rest_b and same_observation(obs_a, obs_b)


@pytest.mark.parametrize(
    "options",
    [{}, {"players": 3, "variant": "dragons", "max_plies": 200}],
    ids=["standard", "dragons"],
)
def test_the_multi_agent_environment_pickles_as_pettingzoos_pickle_test_asks(options):
    env = tiaoqi.env(**options)
    copied = pickle.loads(pickle.dumps(env))
    same_runs(aec_run(env, 42, 60), aec_run(copied, 42, 60))
    # Mid-game copies, pickled or deep, continue exactly as the original.
    for make_copy in (lambda env: pickle.loads(pickle.dumps(env)), copy.deepcopy):
        twin = make_copy(env)
        assert twin.agent_selection == env.agent_selection
        rng_a, rng_b = random.Random(5), random.Random(5)
        for _ in range(10):
            if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
                break
            action_a = random_action(env.observe(env.agent_selection), rng_a)
            action_b = random_action(twin.observe(twin.agent_selection), rng_b)
            env.step(action_a)
            twin.step(action_b)
            assert env.agent_selection == twin.agent_selection
            assert same_observation(
                env.observe(env.agent_selection), twin.observe(twin.agent_selection)
            )
        # The twin's reset leaves the original's game alone.
        moves = env.position("player_0").moves
        twin.reset(seed=1)
        assert env.position("player_0").moves == moves


def gym_run(env, seed, steps):
    """Gymnasium's test_pickle_env: reset(seed) and steps of seeded
    action_space samples (masked, so that the game goes on)."""
    observation, info = env.reset(seed=seed)
    seen = [(observation, info)]
    for _ in range(steps):
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append((observation, reward, terminated, truncated, info))
        if terminated or truncated:
            break
    return seen


def same_gym_runs(a, b):
    assert len(a) == len(b)
    for first, second in zip(a, b):
        assert same_observation(first[0], second[0]) and first[1:] == second[1:]


def test_the_single_agent_environment_pickles_as_gymnasiums_test_asks():
    env = tiaoqi.single_agent_env(
        players=3, seat="random", opponents=[{"search": "mcts", "nodes": 30}, "greedy"]
    )
    copied = pickle.loads(pickle.dumps(env))
    assert copied.seat_choice == "random" and len(copied.opponents) == 2
    same_gym_runs(gym_run(env, 7, 8), gym_run(copied, 7, 8))
    # A deep copy mid-game plays on independently of the original.
    planner = copy.deepcopy(env)
    planner.step(planner.action_space.sample(planner.action_masks()))
    assert env.position().moves != planner.position().moves
    assert len(planner.position().moves) == len(env.position().moves) + 3


def test_a_pickled_copy_resets_without_a_seed_as_the_original():
    # Gymnasium's test_pickle_env resets both without a seed: the copy
    # carries the environment's generator, so the seat and the engines'
    # seeds drawn are the same.
    env = tiaoqi.single_agent_env(players=3, seat="random", opponents="random")
    env.reset(seed=11)
    copied = pickle.loads(pickle.dumps(env))
    first, second = env.reset(), copied.reset()
    assert same_observation(first[0], second[0]) and first[1] == second[1]
    action = env.action_space.sample(first[0]["action_mask"])
    stepped, stepped_copy = env.step(action), copied.step(action)
    assert same_observation(stepped[0], stepped_copy[0]) and stepped[1:] == stepped_copy[1:]
