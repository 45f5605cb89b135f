"""tiaoqi.search and tiaoqi.Engine: results, a stop from another thread,
engine options by name, bad input."""

import threading

import pytest

import tiaoqi


def test_a_search_returns_a_legal_move_with_its_line():
    position = tiaoqi.Position()
    result = tiaoqi.search(position, "alphabeta", depth=3)
    assert result.move in position.legal_moves()
    assert result.pv[0] == result.move and len(result.pv) >= 2
    assert result.path == position.move_path(result.move)
    assert result.depth == 3 and result.nodes > 0 and result.values == []
    # The same engine options and limits find the same move.
    assert tiaoqi.search(position, "alphabeta", depth=3).move == result.move
    assert result != result.move


def test_three_players_report_each_seats_share():
    result = tiaoqi.search(tiaoqi.Position(players=3), "maxn", depth=2)
    assert len(result.values) == 3
    assert sum(result.values) == pytest.approx(1.0, abs=0.01)


def test_engine_options_by_any_spelling_of_the_tables_names():
    engine = tiaoqi.Engine({"Move Overhead": 10}, search="mcts", multi_pv=1, Hash=8)
    assert engine.options["move_overhead"] == 10
    assert (engine.options["search"], engine.options["hash"]) == ("mcts", 8)
    seeded = [
        tiaoqi.Engine(search="mcts", seed=5).search(tiaoqi.Position(), nodes=300).move
        for _ in range(2)
    ]
    assert seeded[0] == seeded[1]


def test_an_infinite_search_ends_at_a_stop_from_another_thread():
    engine = tiaoqi.Engine(search="alphabeta")
    results = []
    searching = threading.Thread(
        target=lambda: results.append(engine.search(tiaoqi.Position(), infinite=True))
    )
    searching.start()
    # The search holds no GIL, so this thread runs beside it; a stop that
    # comes before the search starts is a no-op, hence the loop.
    while searching.is_alive():
        engine.stop()
        searching.join(0.05)
    assert results[0].move in tiaoqi.Position().legal_moves()


# The protocol's `go` takes depth 1 to 255 and nodes up to 10^18; the
# module takes the same.
@pytest.mark.parametrize(
    "limits, message",
    [
        ({}, "a search needs a limit"),
        ({"nodes": 0}, "nodes must be 1 to 1000000000000000000, got 0"),
        ({"nodes": 10**18 + 1}, "nodes must be 1 to 1000000000000000000"),
        ({"depth": -2}, "depth must be 1 to 255, got -2"),
        ({"depth": 300}, "depth must be 1 to 255, got 300"),
        ({"depth": 256}, "depth must be 1 to 255"),
        ({"movetime": 0}, "movetime must be 1 to 1000000000000 ms, got 0"),
    ],
)
def test_bad_limits_raise(limits, message):
    with pytest.raises(ValueError, match=message):
        tiaoqi.Engine().search(tiaoqi.Position(), **limits)


def test_an_engine_says_what_it_is():
    assert repr(tiaoqi.Engine()) == "tiaoqi.Engine()"
    engine = tiaoqi.Engine({"Move Overhead": 10}, search="mcts", threads=1)
    assert repr(engine) == "tiaoqi.Engine(search='mcts', move_overhead=10)"
    assert eval(repr(engine), {"tiaoqi": tiaoqi}).options == engine.options


def test_a_search_that_no_one_could_stop_is_refused_with_a_clear_message():
    with pytest.raises(ValueError) as raised:
        tiaoqi.search(tiaoqi.Position(), infinite=True)
    assert str(raised.value) == (
        "search(): infinite=True would never end, since no other thread holds the engine "
        "search() makes to stop() it: use tiaoqi.Engine, its search(position, infinite=True) "
        "and its stop()"
    )


def test_bad_options_and_positions_raise():
    with pytest.raises(ValueError, match="Search expects auto, alphabeta"):
        tiaoqi.Engine(search="best")
    with pytest.raises(ValueError, match="Players is a rule option"):
        tiaoqi.Engine(players=3)
    with pytest.raises(ValueError, match="unknown option 'strength'"):
        tiaoqi.Engine(strength=3)
    over = tiaoqi.Position.from_string("a/aa/7/6/5/6/7/dd/d 2 a/d 9")
    with pytest.raises(ValueError, match="the game is over"):
        tiaoqi.search(over, depth=1)
