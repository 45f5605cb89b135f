"""Gymnasium's own checkers on tiaoqi.single_agent_env(), unchanged:
check_env at every table size and in the dragons variant, gymnasium.make()
of the registered ids with its default wrappers, and Gymnasium's
SyncVectorEnv and AsyncVectorEnv of the environment. They run where
Gymnasium imports (CI puts a copy on PYTHONPATH: .ci/run) and are skipped
with a message elsewhere."""

import warnings

import numpy as np
import pytest

import tiaoqi
from conftest import CHECKED_TABLES, skipped_without

try:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    MISSING = ""
except ImportError as error:
    MISSING = skipped_without("Gymnasium", error)
pytestmark = pytest.mark.skipif(bool(MISSING), reason=MISSING)

# Short games and engines that play at once keep each check within seconds.
MAX_MOVES = 40
FAST = {"opponents": "random", "max_moves": MAX_MOVES}


def checked_without_warnings(env):
    """check_env, with every warning it gives (a finding) a failure."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(warning.message) for warning in caught] == []


@pytest.mark.parametrize("table", CHECKED_TABLES)
def test_check_env(table):
    check_env(tiaoqi.single_agent_env(**FAST, **CHECKED_TABLES[table]))


@pytest.mark.parametrize(
    "env_id, rules",
    [
        ("tiaoqi/ChineseCheckers-v0", {"players": 2}),
        ("tiaoqi/ChineseCheckersDragons-v0", {"players": 3, "variant": "dragons"}),
    ],
)
def test_the_registered_ids_make_environments_that_pass_check_env(env_id, rules):
    # As a user makes it: the default engines in the other seats.
    env = gymnasium.make(env_id)
    assert env.unwrapped.rules == tiaoqi.Rules(**rules)
    # With its spec, check_env also makes the environment in every render
    # mode and closes it twice.
    checked_without_warnings(env.unwrapped)


def test_an_id_takes_the_rules_as_keywords():
    env = gymnasium.make(
        "tiaoqi/ChineseCheckers-v0", players=6, long_jumps=True, opponents="random"
    )
    assert env.unwrapped.rules == tiaoqi.Rules(players=6, long_jumps=True)
    assert (
        gymnasium.spec("tiaoqi/ChineseCheckers-v0").entry_point
        == "tiaoqi.single_agent:SingleAgentEnv"
    )


def test_make_with_its_default_wrappers_plays_to_the_end():
    env = gymnasium.make("tiaoqi/ChineseCheckers-v0", **FAST)
    # The passive checker and the order enforcer, as make() adds them.
    assert "PassiveEnvChecker" in str(env) and "OrderEnforcing" in str(env)
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(MAX_MOVES):
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            break
    assert truncated and reward == 0.0


def test_make_vec_of_an_id_steps_copies_of_the_environment():
    vector = gymnasium.make_vec("tiaoqi/ChineseCheckers-v0", num_envs=3, players=3, **FAST)
    assert isinstance(vector, gymnasium.vector.SyncVectorEnv)
    observations, infos = vector.reset(seed=1)
    assert observations["observation"].shape == (3, 20, 17, 17)
    assert vector.unwrapped.envs[0].unwrapped.rules == tiaoqi.Rules(players=3)
    vector.close()


@pytest.mark.parametrize("vector_class", ["SyncVectorEnv", "AsyncVectorEnv"])
def test_gymnasiums_vector_envs_step_the_environment(vector_class):
    make = getattr(gymnasium.vector, vector_class)
    vector = make([lambda: tiaoqi.single_agent_env(players=3, **FAST)] * 2)
    try:
        observations, infos = vector.reset(seed=5)
        assert observations["observation"].shape == (2, 20, 17, 17)
        assert list(infos["seat"]) == [0, 0]
        first = observations["observation"].copy()
        vector.reset(seed=5)
        # An illegal action ends an episode with -1, as documented; legal
        # ones play on.
        legal = [int(np.flatnonzero(mask)[0]) for mask in observations["action_mask"]]
        observations, rewards, terminations, truncations, infos = vector.step(
            np.array([legal[0], 0])
        )
        assert list(terminations) == [False, True] and list(rewards) == [0.0, -1.0]
        again, _ = vector.reset(seed=5)
        assert np.array_equal(again["observation"], first)
    finally:
        vector.close()
