"""The dragons variant through the module: each player sees its own dragon
and the revealed ones, never another's hidden dragon."""

import random
import re

import pytest

import tiaoqi
from conftest import random_action

PLANES = tiaoqi.OBSERVATION_PLANES
DRAGONS = tiaoqi.Rules(players=3, variant="dragons")


def dragons_seen(env, viewer_index, offset):
    """Whether a viewer's observation shows a dragon of the player `offset` seats on."""
    planes = env.observe(env.possible_agents[viewer_index])["observation"]
    return bool((planes[PLANES.index("dragons")] & planes[PLANES.index(f"pieces+{offset}")]).any())


def dragon_holes(position):
    """{army letter: (rank, column)} of the dragons a position string shows
    (upper-case letters)."""
    board = position.to_string().split()[0]
    holes = {}
    for rank, row in enumerate(board.split("/")):
        column = 0
        for part in re.findall(r"\d+|[a-zA-Z]", row):
            if part.isdigit():
                column += int(part)
                continue
            if part.isupper():
                holes[part.lower()] = (rank, column)
            column += 1
    return holes


def test_observations_and_positions_show_only_the_viewers_own_dragon():
    env = tiaoqi.env(DRAGONS)
    # This seed's game reveals dragons (a dragon ends in another's home)
    # and ends before 400 steps.
    env.reset(seed=8)
    agents = env.possible_agents
    armies = "ace"
    # Each sees one dragon at the start, its own.
    assert [set(dragon_holes(env.position(agent))) for agent in agents] == [{"a"}, {"c"}, {"e"}]
    rng = random.Random(8)
    revealed = set()
    for agent in env.agent_iter(max_iter=400):
        observation, _, termination, truncation, _ = env.last()
        truth = {}
        for player, viewer in enumerate(agents):
            truth.update(
                {
                    army: hole
                    for army, hole in dragon_holes(env.position(viewer)).items()
                    if army == armies[player]
                }
            )
        for player, viewer in enumerate(agents):
            seen = dragon_holes(env.position(viewer))
            assert set(seen) <= {armies[player]} | {armies[other] for other in revealed}
            # A dragon shown is where its owner knows it is.
            assert all(truth.get(army) == hole for army, hole in seen.items())
            for offset in (1, 2):
                if (player + offset) % 3 not in revealed:
                    assert not dragons_seen(env, player, offset)
        if termination or truncation:
            env.step(None)
            continue
        env.step(random_action(observation, rng))
        if "*" in env.position(agent).moves[-1]:
            revealed.add(agents.index(agent))
    assert revealed and env.agents == []


def test_given_dragons_start_each_view():
    env = tiaoqi.env(DRAGONS)
    env.reset(options={"dragons": "m1 a13 m13"})
    assert [env.position(agent).dragons for agent in env.possible_agents] == [
        ["m1"],
        ["a13"],
        ["m13"],
    ]
    with pytest.raises(ValueError, match="dragons: expected 3 holes"):
        env.reset(options={"dragons": "m1"})
    # The refused reset left the game as it was.
    assert env.position("player_2").dragons == ["m13"]


def test_a_players_view_as_a_position():
    view = tiaoqi.Position(DRAGONS, dragon="m1", moves=["k3i5", "d10e10", "j13i13"])
    assert view.dragons == ["m1"]
    assert view.to_string().endswith("aa/A 1 a/c/e 3")
    with pytest.raises(ValueError, match="not a piece's hole at the start"):
        tiaoqi.Position(DRAGONS, dragon="i9")
    result = tiaoqi.Engine(search="mcts", seed=7).search(view, nodes=300)
    assert result.move in view.legal_moves()


def test_a_single_agent_plays_the_dragons_against_engines():
    env = tiaoqi.single_agent_env(DRAGONS, opponents={"search": "greedy"}, max_moves=60)
    observation, info = env.reset(seed=9)
    assert env.position().dragons and len(env.position().dragons) == 1
    dragons = observation["observation"][PLANES.index("dragons")]
    assert (
        dragons.sum() == 1
        and (dragons & observation["observation"][PLANES.index("pieces+0")]).sum() == 1
    )
