"""Game records from Python: written from tiaoqi.match()'s games and from an
environment's episode, read by tiaoqi-render and tiaoqi-match --replay; and
the records of tiaoqi-match read back to the same positions."""

import pickle
import random
import subprocess

import pytest

import tiaoqi
from conftest import engine_binary, random_action, tool_path


def run_tool(variable, *arguments):
    return subprocess.run(
        [tool_path(variable), *arguments], capture_output=True, text=True, timeout=120
    )


def replayed(path):
    """What tiaoqi-match --replay says of a record file: its last line."""
    done = run_tool("TIAOQI_MATCH", "--replay", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()[-1]


def episode(env, seed):
    """A random game in the single-agent environment, to its end or its cut."""
    rng = random.Random(seed)
    observation, info = env.reset(seed=seed)
    while True:
        observation, _, terminated, truncated, info = env.step(random_action(observation, rng))
        if terminated or truncated:
            return info


def test_records_written_by_python_are_read_by_the_tools(tmp_path):
    result = tiaoqi.match({"search": "mcts", "nodes": 30}, "greedy", players=3, openings=1)
    env = tiaoqi.single_agent_env(players=3, opponents="greedy", max_moves=40)
    episode(env, seed=3)
    path = tmp_path / "games.txt"
    result.write_records(path)
    tiaoqi.write_records(path, [env.record(game=4)], append=True)
    assert replayed(path) == "4 games, 0 with errors"
    assert [record.game for record in tiaoqi.read_records(path)] == [1, 2, 3, 4]
    for game in ("1", "4"):
        drawn = run_tool("TIAOQI_RENDER", "--record", str(path), "--game", game, "-o", "-")
        assert drawn.returncode == 0 and "<svg" in drawn.stdout, drawn.stderr
    page = tmp_path / "game.html"
    assert run_tool("TIAOQI_RENDER", "--record", str(path), "-o", str(page)).returncode == 0
    assert page.read_text().startswith("<!DOCTYPE html>")


def test_an_episode_record_holds_its_rules_seats_moves_and_result():
    env = tiaoqi.single_agent_env(
        players=3, seat=1, opponents=["greedy", {"level": "beginner"}], max_plies=60
    )
    info = episode(env, seed=5)
    record = env.record()
    assert record.event == "tiaoqi.env" and record.rules == env.rules
    assert record.seating == ["level=beginner", "agent", "greedy"]
    assert record.engines == ["level=beginner", "agent", "greedy"]
    assert len(record.moves) == info["move_count"] == len(info["moves"])
    assert record.standings == info["standings"]
    assert record.positions()[-1].moves == info["moves"]
    cut = tiaoqi.env(players=2, max_moves=4)
    cut.reset(seed=1)
    for agent in cut.agent_iter():
        observation, _, terminated, truncated, _ = cut.last()
        cut.step(
            None
            if terminated or truncated
            else cut.action_space(agent).sample(observation["action_mask"])
        )
    assert (cut.record().result, cut.record().termination) == ("*", "truncated after 4 moves")
    assert cut.record().seating == ["player_0", "player_1"]


def test_records_of_tiaoqi_match_read_back_to_the_same_positions(tmp_path):
    path = tmp_path / "runner.txt"
    engine = engine_binary()
    done = run_tool(
        "TIAOQI_MATCH", "--players", "3",
        "-engine", f"cmd={engine}", "name=ab", "Search=alphabeta",
        "-engine", f"cmd={engine}", "name=greedy", "Search=greedy",
        "--depth", "1", "--openings", "1", "--seed", "2", "--record", str(path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    records = tiaoqi.read_records(path)
    assert len(records) == 3
    # Python writes the file the runner wrote, byte for byte.
    assert tiaoqi.format_records(records) == path.read_text()
    for record in records:
        assert record.seating[record.round[1]] == "ab"
        positions = record.positions()
        # Each line's position is the position string's game with the moves so far.
        game = tiaoqi.Position.from_string(record.opening, record.rules)
        assert positions[0] == game
        for move, position in zip(record.moves, positions[1:]):
            game.play(move)
            assert position.to_string() == game.to_string() and position.moves == game.moves
        assert game.standings == record.standings and game.is_over
        assert [line.comment for line in record.lines[:3]] == ["book"] * 3


def test_a_pickled_or_copied_record_is_the_same():
    record = tiaoqi.match("greedy", "random", openings=1).records[0]
    assert pickle.loads(pickle.dumps(record)) == record
    assert tiaoqi.Record.from_string(str(record)) == record


def bad_record():
    """A short record whose text the tests break in one place."""
    table = tiaoqi.GameTable(tiaoqi.Rules(max_plies=4))
    while table.to_move >= 0:
        table.step(int(table.legal_actions()[0]))
    return str(table.record(["a", "b"], event="test"))


@pytest.mark.parametrize(
    "change, message",
    [
        (("1. p1", "1. p9"), "p9 is recorded, but p1 is to move"),
        (('[Result "', '[Result "2 '), "result tag says"),
        (("2. p2 ", "2. p2 a1"), "game 1, after ply 1: "),
        (("Players=2", "Players=5"), "Options tag: Players 5 is refused"),
    ],
)
def test_a_record_that_does_not_replay_is_refused_with_its_reason(change, message):
    record = tiaoqi.Record.from_string(bad_record().replace(*change, 1))
    with pytest.raises(ValueError, match=message):
        record.positions()


def test_a_record_that_does_not_parse_names_the_file_and_the_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(bad_record().replace("1. p1 ", "1. p1"))
    with pytest.raises(ValueError, match=f"'{path}': record line 12: expected '<ply>. p<player>"):
        tiaoqi.read_records(path)
    with pytest.raises(ValueError, match="expected the text of one game, got 2"):
        tiaoqi.Record.from_string(bad_record() + "\n" + bad_record())
    with pytest.raises(ValueError, match="expected tiaoqi.Record values, got 'text'"):
        tiaoqi.write_records(tmp_path / "out.txt", ["text"])
    assert not (tmp_path / "out.txt").exists()


def test_a_record_names_its_seats_plainly_and_keeps_the_dragons_until_the_end():
    env = tiaoqi.single_agent_env(opponents="random")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="seating: expected a name for each of the 2 players"):
        env.record(["agent"])
    with pytest.raises(ValueError, match="seating: a name .* got 'a;b'"):
        env.record(["a;b", "c"])
    with pytest.raises(ValueError, match="game: expected 1 or more, got 0"):
        env.record(game=0)
    dragons = tiaoqi.single_agent_env(players=3, variant="dragons", opponents="random")
    dragons.reset(seed=1)
    with pytest.raises(ValueError, match="recorded once it is over"):
        dragons.record()
