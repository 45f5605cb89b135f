"""tiaoqi.Position: perft against the engine's on the suite, moves as text
and as paths, play and undo, bad input that changes nothing."""

import copy
import pickle
import re

import pytest

import tiaoqi
from conftest import option_arguments, run_engine

# The start positions of docs/rules.md section 6 with their frozen counts,
# to the depth the test reaches quickly.
SUITE = [
    ({}, 4, 110224),
    ({"players": 3}, 4, 65072),
    ({"players": 4}, 4, 38809),
    ({"players": 6}, 4, 39005),
    ({"armies_per_player": 2}, 3, 29624),
    ({"armies_per_player": 3}, 3, 91578),
    ({"players": 3, "armies_per_player": 2}, 3, 22036),
    ({"pieces_per_army": 15}, 4, 278784),
    ({"players": 3, "pieces_per_army": 15}, 4, 171180),
    ({"players": 1}, 4, 269932),
    ({"board_size": 2}, 5, 39482),
    ({"board_size": 3}, 4, 29584),
    ({"players": 6, "board_size": 3}, 5, 104030),
    ({"long_jumps": True}, 4, 121104),
    ({"foreign_stop": True}, 4, 115600),
]


def engine_perft(rules, depth, fen=None):
    arguments = option_arguments(rules) + ["perft", str(depth)]
    if fen:
        arguments += ["--fen", fen]
    return int(re.search(r"Nodes searched: (\d+)", run_engine(*arguments)).group(1))


@pytest.mark.parametrize("options, depth, count", SUITE, ids=lambda value: str(value))
def test_perft_equals_the_engines_on_the_suite(options, depth, count):
    rules = tiaoqi.Rules(options)
    position = tiaoqi.Position(rules)
    assert position.perft(depth) == count
    assert engine_perft(rules, depth) == count
    assert position.perft(depth, threads=2) == count
    assert sum(position.perft_divide(depth).values()) == count


def test_perft_from_position_strings_equals_the_engines():
    finishing = "d/aa/aaa/aaa1/7a5/12/11/10/4d4/10/11/12/13/4/3/2/1 1 a/d 0"
    position = tiaoqi.Position.from_string(finishing)
    assert (position.perft(1), position.perft(2)) == (23, 148)
    assert position.perft_divide(2)["h13h14"] == 0
    dragons = tiaoqi.Rules(players=3, variant="dragons")
    referee = "1/2/3/4/Cccc5Eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/aa/A 1 a/c/e 0"
    assert (
        tiaoqi.Position.from_string(referee, dragons).perft(3)
        == engine_perft(dragons, 3, referee)
        == 2744
    )


def test_legal_moves_as_text_and_as_paths():
    position = tiaoqi.Position.from_string("1/2/3/4/13/12/5d5/5d4/4ad3/10/11/12/13/4/3/2/1 1 a/d 0")
    assert position.legal_moves() == ["i9g11", "i9h10", "i9h9", "i9i11", "i9i8", "i9j8", "i9k9"]
    names = [[position.hole_name(hole) for hole in path] for path in position.legal_paths()]
    assert names[0] == ["i9", "i11", "g11"]
    assert names[1] == ["i9", "h10"]
    assert position.move_path("i9g11") == position.legal_paths()[0]
    assert position.hole("m1") == 0 and position.hole_name(120) == "e17"
    assert tiaoqi.hole_names()[:3] == ["m1", "l2", "m2"]


def test_play_and_undo_by_text_and_by_path():
    position = tiaoqi.Position()
    start = position.to_string()
    position.play("k3k5")
    path = [position.hole("e14"), position.hole("e13")]
    position.play(path)
    assert position.moves == ["k3k5", "e14e13"]
    assert (position.side_to_move, position.move_count) == (0, 2)
    position.undo()
    position.undo()
    assert position.to_string() == start
    assert position.moves == []


@pytest.mark.parametrize("bad", ["k3k9", "zz", "", "k3", "k3k5k7", [0, 200], [999], "k3k5*"])
def test_a_bad_move_raises_and_changes_nothing(bad):
    position = tiaoqi.Position(moves=["j4j5"])
    before = (position.to_string(), position.moves, position.hash)
    with pytest.raises(ValueError):
        position.play(bad)
    assert (position.to_string(), position.moves, position.hash) == before


def test_bad_positions_and_arguments_raise_with_the_engines_message():
    with pytest.raises(ValueError, match="position string needs 4 fields"):
        tiaoqi.Position.from_string("d/dd 1")
    with pytest.raises(ValueError, match="move 2 of 2 refused"):
        tiaoqi.Position(moves=["k3k5", "k3k5"])
    position = tiaoqi.Position()
    with pytest.raises(ValueError, match="no move to take back"):
        position.undo()
    with pytest.raises(ValueError, match="perft depth"):
        position.perft(-1)
    with pytest.raises(ValueError, match="viewer 2 is not a player"):
        position.observation(viewer=2)
    with pytest.raises(ValueError, match="out of range"):
        position.action_move(121 * 121)
    assert position.to_string() == tiaoqi.Position().to_string()


def test_status_places_and_the_evaluation():
    won = tiaoqi.Position.from_string("a/aa/7/6/5/6/7/dd/d 2 a/d 9")
    assert won.is_over and won.places == [0, 1] and won.standings == [[0], [1]]
    assert won.legal_moves() == []
    running = tiaoqi.Position(players=3)
    assert not running.is_over and running.places is None and running.eliminated == [False] * 3
    terms = tiaoqi.Position().evaluate()
    assert terms["viewer"] == 0 and terms["opponent"] == 1
    assert (
        terms["players"][0]["features"]["distance"] == terms["players"][1]["features"]["distance"]
    )
    # The start is symmetric: the score is the tempo bonus of the side to move.
    assert terms["score"] == 130


def test_copies_are_independent():
    position = tiaoqi.Position()
    twin = copy.deepcopy(position)
    twin.play("k3k5")
    assert position.moves == [] and twin.moves == ["k3k5"]
    assert position.copy().to_string() == position.to_string()


def test_positions_compare_and_hash_as_the_same_game():
    position = tiaoqi.Position(players=3, moves=["k3k5"])
    twin = tiaoqi.Position(players=3, moves=["k3k5"])
    assert position == twin and hash(position) == hash(twin)
    assert (
        tiaoqi.Position() == tiaoqi.Position() and len({tiaoqi.Position(), tiaoqi.Position()}) == 1
    )
    assert position == pickle.loads(pickle.dumps(position)) == position.copy()
    assert not position != twin
    twin.play(twin.legal_moves()[0])
    assert position != twin
    twin.undo()
    assert position == twin
    # Other rules, another start or other moves are another game.
    assert tiaoqi.Position() != tiaoqi.Position(long_jumps=True)
    assert position != tiaoqi.Position.from_string(position.to_string(), position.rules)
    assert position != position.to_string() and position != None  # noqa: E711
    views = [tiaoqi.Position(players=3, variant="dragons", dragon=hole) for hole in ("m1", "l2")]
    assert views[0] != views[1]


def test_repetitions_see_the_whole_game():
    position = tiaoqi.Position(repetitions=2)
    for move in ["k3k5", "e14e13", "k5k3", "e13e14"]:
        position.play(move)
    assert position.is_over and position.standings == [[0, 1]]


def test_the_board_text_is_what_the_protocols_d_draws():
    position = tiaoqi.Position(players=3, moves=["k3i5", "d10e10"])
    drawn = run_engine(
        *option_arguments(position.rules), stdin="position startpos moves k3i5 d10e10\nd\nquit\n"
    )
    picture = drawn[drawn.index("17 ") : drawn.index("\n\nPosition:") + 1]
    assert position.board_text() == picture
    assert picture.count("\n") == 17 and "a-m" in picture


def test_the_board_image_is_rgb_with_a_colour_for_each_army():
    image = tiaoqi.Position(players=3).board_image()
    assert image.dtype.name == "uint8" and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > image.shape[1] > 100
    colours = {tuple(pixel) for pixel in image.reshape(-1, 3)}
    # Background, holes and the three armies (at least).
    assert len(colours) >= 5
    with pytest.raises(ValueError, match="spacing must be 8 to 200 pixels, got 2"):
        tiaoqi.Position().board_image(spacing=2)


def test_actions_are_taken_where_moves_are():
    position = tiaoqi.Position()
    position.play(379)
    assert position.moves == ["k3k5"]
    import numpy as np

    position.play(np.int64(position.action("e14e13")))
    assert position.moves == ["k3k5", "e14e13"]
    assert position.move_path(position.action("j4j5")) == [position.hole("j4"), position.hole("j5")]
    # A path as a numpy array is a path still, not an action.
    assert position.move_path(np.array([position.hole("j4"), position.hole("j5")])) == [
        position.hole("j4"),
        position.hole("j5"),
    ]
    with pytest.raises(ValueError, match="expected text, a path of holes or an action, got a bool"):
        position.play(True)
    with pytest.raises(ValueError, match="action 0 names no move"):
        position.play(0)
    with pytest.raises(ValueError, match="action 14641 is out of range"):
        position.play(14641)
    with pytest.raises(ValueError, match="expected text, a path of holes or an action, got 1.5"):
        position.play(1.5)
    assert len(position.moves) == 2


def test_an_action_that_names_no_move_is_refused():
    position = tiaoqi.Position()
    with pytest.raises(
        ValueError, match="action 0 names no move: its start and its end are the " "same hole"
    ):
        position.action_move(0)
    with pytest.raises(ValueError, match="out of range"):
        position.action_move(-1)
    env = tiaoqi.env()
    env.reset()
    with pytest.raises(ValueError, match="names no move"):
        env._table.action_move(0, 122)


@pytest.mark.parametrize("depth", [0, -1, 65])
def test_perft_takes_the_protocols_depths(depth):
    # The protocol's perft takes 1 to 64 and refuses 0.
    with pytest.raises(ValueError, match=f"perft depth must be 1 to 64, got {depth}"):
        tiaoqi.Position().perft(depth)
    with pytest.raises(ValueError, match="perft depth must be 1 to 64"):
        tiaoqi.Position().perft_divide(depth)


def test_perft_threads_take_the_option_tables_range():
    threads = next(spec for spec in tiaoqi.option_specs() if spec["name"] == "Threads")
    with pytest.raises(ValueError, match=f"threads must be {threads['min']} to {threads['max']}"):
        tiaoqi.Position().perft(1, threads=threads["max"] + 1)


def test_the_version_is_the_engines_and_the_namespace_holds_no_helpers():
    assert run_engine("--version") == f"Tiaoqi {tiaoqi.__version__}\n"
    assert tiaoqi.__version__ == tiaoqi._tiaoqi.__version__
    public = {name for name in vars(tiaoqi) if not name.startswith("_")}
    assert not public & {"Any", "annotations", "Union", "Mapping"}
    submodules = {
        "aec",
        "aec_base",
        "agents",
        "limits",
        "opponents",
        "rating",
        "records",
        "registration",
        "single_agent",
        "spaces",
        "vector",
    }
    assert public - submodules <= set(tiaoqi.__all__)
