"""tiaoqi.env(): PettingZoo's AEC contract, observations in each player's
frame, the action space, rewards, terminations, truncations and seeds."""

import random

import numpy as np
import pytest

import tiaoqi
from conftest import random_action


def play_out(env, rng, check=None):
    """Plays random legal actions until every agent is done; returns the moves."""
    moves = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        if check:
            check(env, agent, observation)
        action = random_action(observation, rng)
        moves.append(env.position(agent).action_move(action))
        env.step(action)
    return moves


@pytest.mark.parametrize("players", [2, 3, 6])
def test_observations_masks_and_legal_moves_agree_at_every_step(players):
    env = tiaoqi.env(players=players, max_plies=60)
    env.reset(seed=players)
    assert env.possible_agents == [f"player_{i}" for i in range(players)]
    planes = len(tiaoqi.OBSERVATION_PLANES)

    def check(env, agent, observation):
        assert observation["observation"].shape == (planes, 17, 17)
        assert observation["observation"].dtype == np.int8
        assert observation["action_mask"].shape == (121 * 121,)
        assert observation["action_mask"].dtype == np.int8
        assert env.observation_space(agent).contains(observation)
        position = env.position(agent)
        legal = np.flatnonzero(observation["action_mask"])
        # Never empty while the game runs, and exactly the legal moves.
        assert len(legal) > 0
        assert sorted(position.action_move(a) for a in legal) == sorted(position.legal_moves())
        assert list(legal) == list(position.legal_actions())
        # Only the agent to move has legal actions.
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()

    play_out(env, random.Random(1), check)
    assert env.agents == []


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_seat_sees_the_start_the_same_way(players):
    # The frame turns the board so that the viewer's army starts in arm a
    # (rank 1 to 4) and heads for arm d (rank 14 to 17). Where the others
    # sit around the viewer is the same for every seat except at four
    # players (a/b/d/e: after a the next player sits one arm on, after b
    # two arms on).
    env = tiaoqi.env(players=players)
    env.reset()
    views = [env.observe(agent)["observation"] for agent in env.possible_agents]
    own = [
        tiaoqi.OBSERVATION_PLANES.index(name)
        for name in ("holes", "pieces+0", "homes+0", "targets+0")
    ]
    for seat, view in enumerate(views):
        assert np.array_equal(view[own], views[0][own])
        assert np.array_equal(view, views[0]) == (players != 4 or seat % 2 == 0)
    pieces = views[0][tiaoqi.OBSERVATION_PLANES.index("pieces+0")]
    targets = views[0][tiaoqi.OBSERVATION_PLANES.index("targets+0")]
    assert pieces[:4].sum() == 10 and targets[13:].sum() == 10


def test_the_rewards_come_with_the_terminations_at_the_end():
    env = tiaoqi.env(players=3, board_size=2, max_plies=30)
    env.reset(seed=3)
    rng = random.Random(4)
    rewards = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert not truncation
        if termination:
            rewards[agent] = reward
            standings = info["standings"]
            env.step(None)
            continue
        assert reward == 0
        env.step(random_action(observation, rng))
    assert set(rewards) == set(env.possible_agents)
    for player, agent in enumerate(env.possible_agents):
        expected = 2 * tiaoqi.stats.placement_score(standings, player) - 1
        assert rewards[agent] == pytest.approx(expected)
    assert sum(rewards.values()) == pytest.approx(0)


def test_max_moves_truncates_every_agent_with_no_reward():
    env = tiaoqi.env(max_moves=7)
    env.reset(seed=1)
    moves = play_out(env, random.Random(2))
    assert len(moves) == 7
    env.reset(seed=1)
    for _ in range(7):
        env.step(random_action(env.observe(env.agent_selection), random.Random(0)))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert all(reward == 0 for reward in env._cumulative_rewards.values())


def test_an_illegal_action_is_refused_with_a_clear_error_and_changes_nothing():
    env = tiaoqi.env()
    env.reset()
    agent = env.agent_selection
    before = env.observe(agent)
    for action, message in [
        (0, "action 0 .* is no legal move of player 1"),
        (-1, "out of range"),
        (121 * 121, "out of range"),
        ("k3k5", "expected an integer"),
        (1.5, "expected an integer"),
        (None, "None is the action of a finished agent only"),
    ]:
        with pytest.raises(ValueError, match=message):
            env.step(action)
    assert env.agent_selection == agent
    after = env.observe(agent)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_a_seed_replays_a_game():
    def game(seed):
        env = tiaoqi.env(players=3, max_plies=90)
        env.reset(seed=seed)
        moves = []
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            action = None
            if not (termination or truncation):
                action = env.action_space(agent).sample(observation["action_mask"])
                moves.append(action)
            env.step(action)
        return moves

    assert game(11) == game(11)
    assert game(11) != game(12)


def test_the_aec_api_of_pettingzoo():
    env = tiaoqi.env(players=2)
    env.reset()
    assert env.num_agents == env.max_num_agents == 2
    assert env.unwrapped is env and str(env) == "tiaoqi_v0"
    assert env.action_space("player_0").n == 121 * 121
    assert env.observation_space("player_0")["observation"].shape == (20, 17, 17)
    observation, reward, termination, truncation, info = env.last()
    assert (reward, termination, truncation, info) == (0, False, False, {})
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert env._cumulative_rewards == env.rewards
    assert tiaoqi.HAS_PETTINGZOO == isinstance(env, _pettingzoo_aec_env())


def _pettingzoo_aec_env():
    try:
        from pettingzoo import AECEnv
    except ImportError:
        return ()
    return AECEnv


def test_step_before_reset_and_bad_reset_arguments_raise_clear_errors():
    env = tiaoqi.env()
    with pytest.raises(RuntimeError, match=r"step\(\) before reset\(\)"):
        env.step(379)
    env.reset(seed=1)
    before = env.observe(env.agent_selection)
    for arguments, message in [
        ({"seed": "x"}, "seed: expected None or an integer 0 or more, " "got 'x'"),
        ({"seed": -1}, "seed: expected None or an integer"),
        ({"seed": True}, "seed: expected None or an integer"),
        ({"options": [1]}, "options: expected None or a dict"),
        ({"options": {"dragons": "m1"}}, "dragons"),
    ]:
        with pytest.raises(ValueError, match=message):
            env.reset(**arguments)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before["observation"])


def test_reset_ignores_options_it_does_not_know():
    # As PettingZoo's and Gymnasium's own environments do: PettingZoo's
    # api_test resets with {"options": 1}.
    env = tiaoqi.env(players=3)
    env.reset(seed=0, options={"options": 1, "seat": 2})
    played = play_out(env, random.Random(0))
    env.reset(seed=0)
    assert play_out(env, random.Random(0)) == played


def test_a_random_game_ends_at_the_default_move_limit():
    env = tiaoqi.env()
    assert env.max_moves == tiaoqi.DEFAULT_MAX_MOVES == 1000
    env.reset(seed=5)
    moves = play_out(env, random.Random(5))
    assert len(moves) <= 1000 and env.agents == []
    unlimited = tiaoqi.env(max_moves=None)
    unlimited.reset(seed=5)
    for _ in range(1200):
        unlimited.step(
            random_action(unlimited.observe(unlimited.agent_selection), random.Random(0))
        )
    assert not any(unlimited.truncations.values())


def test_the_render_modes_as_pettingzoo_defines_them(capsys):
    assert tiaoqi.TiaoqiEnv.metadata["render_modes"] == ["ansi", "human", "rgb_array"]
    assert tiaoqi.TiaoqiEnv.metadata["render_fps"] > 0
    text = tiaoqi.env(render_mode="ansi")
    text.reset()
    assert text.render() == tiaoqi.Position().board_text()
    human = tiaoqi.env(render_mode="human")
    human.reset()
    assert human.render() is None
    assert capsys.readouterr().out == tiaoqi.Position().board_text() + "\n"
    image = tiaoqi.env(render_mode="rgb_array")
    image.reset()
    frame = image.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    assert np.array_equal(frame, tiaoqi.Position().board_image())
    assert tiaoqi.env().render() is None
    with pytest.raises(
        ValueError,
        match="render_mode: expected None or one of ansi, human, " "rgb_array, got 'svg'",
    ):
        tiaoqi.env(render_mode="svg")
