"""tiaoqi.vector_env(): num_envs games stepped in C++ per call, Gymnasium's
VectorEnv API, next-step autoreset, the seeded sampler, engines in the
other seats, and bad actions refused with nothing changed."""

import numpy as np
import pytest

import tiaoqi


def snapshot(observations, rewards, terminations, truncations, infos):
    """Copies of a step's outputs (the env overwrites its buffers)."""
    return (
        {name: array.copy() for name, array in observations.items()},
        rewards.copy(),
        terminations.copy(),
        truncations.copy(),
        {name: array.copy() for name, array in infos.items()},
    )


def assert_same(first, second):
    for one, other in zip(first, second):
        if isinstance(one, dict):
            assert one.keys() == other.keys()
            for name in one:
                assert np.array_equal(one[name], other[name]), name
        else:
            assert np.array_equal(one, other)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_shapes_dtypes_and_spaces(players):
    vector = tiaoqi.vector_env(5, players=players)
    observations, infos = vector.reset(seed=1)
    planes = len(tiaoqi.OBSERVATION_PLANES)
    assert vector.num_envs == 5
    assert observations["observation"].shape == (5, planes, 17, 17)
    assert observations["observation"].dtype == np.int8
    assert observations["action_mask"].shape == (5, 121 * 121)
    assert observations["action_mask"].dtype == np.int8
    assert vector.single_observation_space == tiaoqi.env(players=players).observation_space(
        "player_0"
    )
    assert vector.single_action_space.n == 121 * 121
    assert vector.observation_space.contains(observations)
    assert "next" in str(vector.metadata["autoreset_mode"]).lower()
    observations, rewards, terminations, truncations, infos = vector.step(vector.sample_legal())
    assert rewards.shape == (5,) and rewards.dtype == np.float64
    assert terminations.shape == truncations.shape == (5,)
    assert terminations.dtype == truncations.dtype == np.bool_
    assert infos["to_move"].shape == (5,) and list(infos["to_move"]) == [1] * 5
    assert infos["rewards"].shape == (5, players)
    assert list(infos["moves"]) == [1] * 5


@pytest.mark.parametrize("players", [2, 3, 6])
def test_masks_are_each_games_legal_moves_and_the_sampler_picks_one(players):
    vector = tiaoqi.vector_env(4, players=players, max_plies=40, max_moves=None)
    observations, infos = vector.reset(seed=players)
    for _ in range(120):
        masks = observations["action_mask"]
        actions = vector.sample_legal()
        for env in range(vector.num_envs):
            game = vector.game(env)
            mover = game.to_move
            if mover < 0:
                # Awaiting its autoreset: the last observation, no legal action.
                assert not masks[env].any()
                continue
            assert infos["to_move"][env] == infos["viewer"][env] == mover
            assert list(np.flatnonzero(masks[env])) == list(game.legal_actions())
            assert np.array_equal(masks[env], game.action_mask(mover))
            assert np.array_equal(observations["observation"][env], game.observation(mover))
            assert masks[env][actions[env]] == 1
        observations, rewards, terminations, truncations, infos = vector.step(actions)


def test_a_game_in_the_vector_env_is_the_same_game_in_env():
    vector = tiaoqi.vector_env(3, players=3, max_plies=60)
    single = tiaoqi.env(players=3, max_plies=60)
    observations, infos = vector.reset(seed=7)
    single.reset(seed=7)
    rewards_seen = None
    for agent in single.agent_iter():
        observation, reward, termination, truncation, info = single.last()
        if termination or truncation:
            rewards_seen = rewards_seen or {}
            rewards_seen[agent] = reward
            single.step(None)
            continue
        assert np.array_equal(observations["observation"][1], observation["observation"])
        assert np.array_equal(observations["action_mask"][1], observation["action_mask"])
        assert infos["to_move"][1] == single.possible_agents.index(agent)
        actions = vector.sample_legal()
        single.step(int(actions[1]))
        observations, rewards, terminations, truncations, infos = vector.step(actions)
    assert terminations[1] and not truncations[1]
    assert list(infos["rewards"][1]) == [rewards_seen[agent] for agent in single.possible_agents]


def test_a_seed_replays_every_game_and_the_sampler():
    def run(seed):
        vector = tiaoqi.vector_env(6, players=2, max_moves=50)
        observations, infos = vector.reset(seed=seed)
        outputs = []
        for _ in range(120):
            actions = vector.sample_legal()
            outputs.append((actions, snapshot(*vector.step(actions))))
        return outputs

    first, again, other = run(3), run(3), run(4)
    for (actions, outputs), (actions_again, outputs_again) in zip(first, again):
        assert np.array_equal(actions, actions_again)
        assert_same(outputs, outputs_again)
    assert any(not np.array_equal(one[0], two[0]) for one, two in zip(first, other))
    # The envs of a batch play different games.
    assert len({tuple(actions) for actions in np.array([a for a, _ in first]).T}) > 1


def test_a_truncated_game_is_reset_at_the_next_step():
    vector = tiaoqi.vector_env(2, players=2, max_moves=6)
    start, _ = vector.reset(seed=1)
    start = {name: array.copy() for name, array in start.items()}
    for step in range(6):
        observations, rewards, terminations, truncations, infos = vector.step(vector.sample_legal())
    assert list(truncations) == [True, True] and not terminations.any()
    assert list(infos["moves"]) == [6, 6] and not rewards.any()
    last = observations["observation"].copy()
    assert not np.array_equal(last, start["observation"])
    # Any action is taken (and ignored) for a game that has ended.
    observations, rewards, terminations, truncations, infos = vector.step(np.array([-5, 10**9]))
    assert not truncations.any() and not terminations.any() and not rewards.any()
    assert list(infos["moves"]) == [0, 0]
    for name in start:
        assert np.array_equal(observations[name], start[name])


def test_a_finished_game_gives_its_rewards_then_starts_again():
    vector = tiaoqi.vector_env(3, players=3, max_plies=12)
    vector.reset(seed=2)
    for _ in range(12):
        observations, rewards, terminations, truncations, infos = vector.step(vector.sample_legal())
        if terminations.all():
            break
    assert terminations.all() and not truncations.any()
    assert list(infos["to_move"]) == [-1, -1, -1]
    assert not observations["action_mask"].any()
    for env in range(3):
        assert infos["rewards"][env].sum() == pytest.approx(0)
        # The reward is the last mover's, whose view the observation is.
        assert rewards[env] == infos["rewards"][env][infos["viewer"][env]]
        assert infos["viewer"][env] == (infos["moves"][env] - 1) % 3
        assert list(infos["rewards"][env]) == vector.game(env).rewards()
    observations, rewards, terminations, truncations, infos = vector.step(np.zeros(3, np.int64))
    assert not terminations.any() and not rewards.any() and list(infos["to_move"]) == [0, 0, 0]


def test_bad_actions_are_refused_and_change_nothing():
    vector = tiaoqi.vector_env(4, players=2)
    with pytest.raises(RuntimeError, match="reset"):
        vector.step(np.zeros(4, np.int64))
    vector.reset(seed=5)
    vector.step(vector.sample_legal())
    before = snapshot(*vector.step(vector.sample_legal()))
    legal = vector.sample_legal()
    illegal = legal.copy()
    illegal[2] = 0
    refused = [
        (illegal, r"actions\[2\]: action 0 \(.*\) is no legal move of player 1"),
        (np.array([legal[0], legal[1], legal[2], 121**2]), r"actions\[3\]: .* out of range"),
        (legal[:3], r"expected shape \(4,\), one per env, got \(3,\)"),
        (np.stack([legal, legal]), r"expected shape \(4,\), one per env, got \(2, 4\)"),
        (legal.astype(np.float64), "expected integers, one per env, got dtype float64"),
        (["a", "b", "c", "d"], "expected integers"),
    ]
    for actions, message in refused:
        with pytest.raises(ValueError, match=message):
            vector.step(actions)
        assert_same(before, snapshot(*outputs_of(vector)))
    # Integers of another dtype and lists are taken.
    after = vector.step(list(legal.astype(np.int32)))
    assert list(after[4]["moves"]) == [3] * 4


def outputs_of(vector):
    """The env's current outputs, read from its buffers."""
    return (
        {name: array for name, array in vector._observations.items()},
        vector._rewards,
        vector._terminations,
        vector._truncations,
        vector._infos,
    )


def test_bad_arguments_are_refused():
    for num_envs in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="num_envs: expected an integer 1 or more"):
            tiaoqi.vector_env(num_envs)
    with pytest.raises(ValueError, match="max_moves"):
        tiaoqi.vector_env(2, max_moves=0)
    with pytest.raises(ValueError, match="opponents: expected 2"):
        tiaoqi.vector_env(2, players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat: expected 'random' or a player from 0 to 1"):
        tiaoqi.vector_env(2, opponents="random", seat=2)
    vector = tiaoqi.vector_env(2)
    with pytest.raises(ValueError, match="seed"):
        vector.reset(seed=-1)
    with pytest.raises(ValueError, match="options: expected None or a dict"):
        vector.reset(options=1)
    # Options it does not know are ignored, as Gymnasium's environments do.
    observations, _ = vector.reset(seed=3, options={"seat": 1})
    first = observations["observation"].copy()
    observations, _ = vector.reset(seed=3)
    assert np.array_equal(observations["observation"], first)


@pytest.mark.parametrize("seat", [0, 1, "random"])
def test_engines_play_the_other_seats_inside_the_step(seat):
    vector = tiaoqi.vector_env(
        4, players=2, opponents={"search": "greedy", "depth": 1}, seat=seat, max_plies=40
    )
    observations, infos = vector.reset(seed=11)
    seats = infos["seat"].copy()
    if seat != "random":
        assert list(seats) == [seat] * 4
    ended = np.zeros(4, bool)
    for _ in range(40):
        for env in range(4):
            if not ended[env]:
                assert infos["to_move"][env] == seats[env] == infos["viewer"][env]
                game = vector.game(env)
                assert list(np.flatnonzero(observations["action_mask"][env])) == list(
                    game.legal_actions()
                )
        observations, rewards, terminations, truncations, infos = vector.step(vector.sample_legal())
        for env in np.flatnonzero(terminations & ~ended):
            assert rewards[env] == infos["rewards"][env][seats[env]]
            assert abs(rewards[env]) == 1
        ended |= terminations | truncations
        if ended.all():
            break
    assert ended.all()


def test_engine_opponents_replay_from_a_seed():
    def run():
        vector = tiaoqi.vector_env(
            3,
            players=3,
            opponents=[{"search": "mcts", "nodes": 20}, {"level": "beginner"}],
            seat="random",
            max_plies=30,
        )
        vector.reset(seed=9)
        return [snapshot(*vector.step(vector.sample_legal())) for _ in range(15)]

    for one, other in zip(run(), run()):
        assert_same(one, other)
