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
    # The moves played so far (the greedy engine's first), and their count.
    assert info == {"seat": 1, "moves": env.position().moves, "move_count": 1}
    assert np.array_equal(env.action_masks(), observation["action_mask"])
    moves, reward, terminated, truncated, info = play(env, 1, random.Random(1))
    assert terminated and not truncated
    assert reward == info["rewards"][1]
    assert reward == pytest.approx(2 * tiaoqi.stats.placement_score(info["standings"], 1) - 1)
    with pytest.raises(ValueError, match="call reset"):
        env.step(0)


def test_engines_with_their_options_and_limits_play_the_other_seats():
    env = tiaoqi.single_agent_env(
        players=3,
        opponents=[{"search": "mcts", "nodes": 50}, {"Search": "brs", "depth": 1, "Hash": 8}],
    )
    observation, info = env.reset(seed=2, options={"seat": 2})
    # Players 0 and 1 have moved: the agent is the third to move.
    assert info["move_count"] == 2 and env.position().side_to_move == 2
    assert info["moves"] == env.position().moves
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


@pytest.mark.parametrize(
    "opponents, message",
    [
        ({"search": "mcts", "colour": "red"}, "unknown option 'colour'.*or a limit: nodes"),
        ({"nodes": -5}, "nodes must be 1 to"),
        ({"players": 3}, "Players is a rule option"),
        (42, "an opponent is a Search name, a mapping of engine options and limits or a"),
        (["random"] * 2, "expected 1"),
    ],
)
def test_bad_opponents_raise(opponents, message):
    with pytest.raises(ValueError, match=message):
        tiaoqi.single_agent_env(opponents=opponents)


def test_an_opponent_says_what_it_plays():
    assert repr(tiaoqi.Opponent({})) == "tiaoqi.Opponent({'nodes': 1000})"
    assert repr(tiaoqi.Opponent("mcts")) == "tiaoqi.Opponent({'Search': 'mcts', 'nodes': 1000})"
    assert (
        repr(tiaoqi.Opponent({"search": "brs", "depth": 2}))
        == "tiaoqi.Opponent({'search': 'brs', 'depth': 2})"
    )


def test_the_environments_name_their_parameters_for_help():
    import inspect

    for make, named in [
        (tiaoqi.env, {"rules", "max_moves", "dragons", "render_mode"}),
        (
            tiaoqi.single_agent_env,
            {"rules", "seat", "opponents", "max_moves", "dragons", "illegal_action", "render_mode"},
        ),
        (
            tiaoqi.vector_env,
            {"num_envs", "rules", "opponents", "seat", "max_moves", "dragons", "seed"},
        ),
    ]:
        parameters = inspect.signature(make).parameters
        assert named <= set(parameters), make
        assert parameters["max_moves"].default == tiaoqi.DEFAULT_MAX_MOVES
        # The rule options, from the option table, in the docstring.
        assert "players, " in make.__doc__ and "long_jumps" in make.__doc__


def test_an_illegal_action_is_refused_when_asked_to_raise():
    env = tiaoqi.single_agent_env(opponents="random", illegal_action="raise")
    observation, _ = env.reset(seed=1)
    with pytest.raises(ValueError, match="no legal move"):
        env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert np.array_equal(
        env.step(random_action(observation, random.Random(1)))[0]["action_mask"], env.action_masks()
    )
    assert np.array_equal(env.reset(seed=1)[0]["observation"], observation["observation"])


def test_an_illegal_action_ends_the_episode_by_default():
    env = tiaoqi.single_agent_env(opponents="random")
    assert env.illegal_action == "terminate"
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "no legal move of player 1" in info["illegal_action"]
    assert env.observation_space.contains(observation)
    with pytest.raises(ValueError, match="call reset"):
        env.step(0)
    # Out of range is no action at all, whatever the policy.
    env.reset(seed=1)
    with pytest.raises(ValueError, match="out of range"):
        env.step(14641)
    with pytest.raises(
        ValueError, match="illegal_action: expected 'terminate' or 'raise', got 'x'"
    ):
        tiaoqi.single_agent_env(illegal_action="x")


def test_a_checker_style_loop_of_unmasked_samples_runs():
    # Gymnasium's check_env and wrappers step action_space.sample() without
    # a mask: nearly always an illegal move among 14641 actions.
    env = tiaoqi.single_agent_env(opponents="random")
    env.action_space.seed(0)
    episodes = 0
    for seed in range(20):
        observation, info = env.reset(seed=seed)
        assert env.observation_space.contains(observation) and isinstance(info, dict)
        terminated = truncated = False
        while not (terminated or truncated):
            action = env.action_space.sample()
            assert env.action_space.contains(action)
            observation, reward, terminated, truncated, info = env.step(action)
            assert env.observation_space.contains(observation)
            assert isinstance(reward, float) and isinstance(terminated, bool)
            assert isinstance(truncated, bool) and isinstance(info, dict)
        episodes += 1
    assert episodes == 20
    assert reward in (-1.0, 0.0, 1.0)


def test_step_before_reset_and_bad_reset_arguments_raise_clear_errors():
    env = tiaoqi.single_agent_env(opponents="random")
    with pytest.raises(RuntimeError, match=r"step\(\) before reset\(\)"):
        env.step(379)
    assert env.position().moves == []
    observation, _ = env.reset(seed=1)
    for arguments, message in [
        ({"seed": "x"}, "seed: expected None or an integer 0 or more, " "got 'x'"),
        ({"seed": 1.5}, "seed: expected None or an integer"),
        ({"options": {"seat": 2, "bogus": 1}}, "seat: expected"),
        ({"options": "seat"}, "options: expected None or a dict"),
    ]:
        with pytest.raises(ValueError, match=message):
            env.reset(**arguments)
    assert np.array_equal(env.action_masks(), observation["action_mask"])


def test_reset_reads_its_options_and_ignores_the_others():
    env = tiaoqi.single_agent_env(players=3, opponents="random")
    observation, info = env.reset(seed=4, options={"seat": 2, "options": 1})
    assert info["seat"] == 2
    again, info = env.reset(seed=4, options={"seat": 2})
    assert np.array_equal(observation["observation"], again["observation"])


def test_a_random_game_ends_at_the_default_move_limit():
    env = tiaoqi.single_agent_env(opponents="random")
    assert env.max_moves == tiaoqi.DEFAULT_MAX_MOVES
    moves, reward, terminated, truncated, info = play(env, 2, random.Random(2))
    assert terminated or truncated
    assert info["move_count"] == len(info["moves"]) <= tiaoqi.DEFAULT_MAX_MOVES
    assert tiaoqi.single_agent_env(max_moves=None).max_moves is None


def test_the_render_modes_as_gymnasium_defines_them(capsys):
    assert tiaoqi.SingleAgentEnv.metadata["render_modes"] == ["ansi", "human", "rgb_array"]
    assert tiaoqi.SingleAgentEnv.metadata["render_fps"] > 0
    env = tiaoqi.single_agent_env(opponents="random", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == env.position().board_text()
    env.render_mode = "human"
    assert env.render() is None
    assert capsys.readouterr().out == env.position().board_text() + "\n"
    env.render_mode = "rgb_array"
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert np.array_equal(frame, env.position().board_image())
