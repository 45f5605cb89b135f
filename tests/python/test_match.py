"""tiaoqi.match(): Python agents and engine settings played on the match
runner's schedule and rated by its statistics. Node limits and seeds make
every game the same on every machine."""

import pytest

import tiaoqi
from conftest import greedy

# The example's agent, named apart from Search greedy.
ONE_PLY = tiaoqi.Agent(greedy, sees="position", name="one_ply")

# Two tiny searches, so that a match takes a fraction of a second.
MCTS = {"search": "mcts", "nodes": 40}
GREEDY = {"search": "greedy"}


def check_statistics(result):
    """What holds for every match: rows, ratings, the cross table."""
    statistics = result.statistics
    assert statistics.games == len(result.games)
    # Placement points: a game gives its players players / 2 in all.
    assert sum(row.points for row in statistics.rows) == pytest.approx(
        result.players / 2 * len(result.games)
    )
    ratings = result.ratings
    assert list(ratings) == result.names
    assert sum(rating for rating, _, _ in ratings.values()) == pytest.approx(0, abs=1e-6)
    for rating, low, high in ratings.values():
        assert low <= rating + 1e-6 and rating - 1e-6 <= high
    for row, columns in result.pairwise.items():
        for column, (points, meetings) in columns.items():
            theirs, their_meetings = result.pairwise[column][row]
            assert meetings == their_meetings and points + theirs == pytest.approx(meetings)
    for game in result.games:
        assert sorted(player for group in game.standings for player in group) == list(
            range(result.players)
        )
        assert game.record.positions()[-1].standings == game.standings


def test_a_python_agent_and_two_levels_at_three_players():
    agent = ONE_PLY
    result = tiaoqi.match(
        agent, {"level": "beginner"}, {"level": "novice"}, players=3, openings=2, seed=4
    )
    assert result.names == ["one_ply", "level=beginner", "level=novice"]
    # Every opening in every seat: 2 openings, 3 rotations each.
    assert len(result.games) == 6
    for opening in range(2):
        games = [game for game in result.games if game.record.round[0] == opening]
        for player in range(3):
            assert sorted(game.seats[player] for game in games) == sorted(result.names)
    assert [row.games for row in result.statistics.rows] == [6, 6, 6]
    check_statistics(result)
    # A one-ply greedy move is rated above both levels and finishes ahead
    # of the weakest most of the time.
    ratings = {name: rating for name, (rating, _, _) in result.ratings.items()}
    assert max(ratings, key=ratings.get) == "one_ply"
    points, meetings = result.pairwise["one_ply"]["level=beginner"]
    assert meetings == 6 and points > 3
    estimate = result.elo[("one_ply", "level=beginner")]
    assert estimate.samples == 2 and estimate.score == pytest.approx(points / meetings)
    assert str(result).startswith("Engine ")


def test_two_engine_settings_at_two_players():
    result = tiaoqi.match(MCTS, GREEDY, openings=3, seed=2)
    assert result.names == ["search=mcts nodes=40", "greedy"]
    assert len(result.games) == 6
    # Each opening in both seatings, one after the other.
    assert [game.seats for game in result.games[:2]] == [
        ["search=mcts nodes=40", "greedy"],
        ["greedy", "search=mcts nodes=40"],
    ]
    check_statistics(result)
    # Ratings at two players too, by the same fit: two entries are +r and -r.
    (first, *_), (second, *_) = result.ratings.values()
    assert first == pytest.approx(-second)
    pair = result.statistics.pairs[0]
    assert sum(pair.pentanomial) == len(pair.samples) == 3
    mcts_points = result.pairwise["search=mcts nodes=40"]["greedy"][0]
    assert (first > 0) == (mcts_points > 3)


def test_two_engine_settings_at_six_players():
    result = tiaoqi.match(MCTS, {"level": "beginner"}, players=6, openings=1, seed=3)
    # One against five copies of the other, the one in every seat in turn.
    assert len(result.games) == 6
    for rotation, game in enumerate(result.games):
        assert game.seats.count("search=mcts nodes=40") == 1
        assert game.seats[rotation] == "search=mcts nodes=40"
    assert [row.games for row in result.statistics.rows] == [6, 30]
    check_statistics(result)
    assert result.pairwise["search=mcts nodes=40"]["level=beginner"][1] == 30


def test_the_same_seed_plays_the_same_games():
    def moves(seed):
        result = tiaoqi.match(
            ONE_PLY,
            MCTS,
            {"level": "novice"},
            players=3,
            openings=1,
            seed=seed,
        )
        return [(game.record.moves, game.record.result) for game in result.games]

    assert moves(5) == moves(5)
    assert moves(5) != moves(6)


def test_an_engine_as_it_is_set_and_an_agent_of_observations():
    def first_legal(observation):
        return int(observation["action_mask"].nonzero()[0][0])

    engine = tiaoqi.Engine(search="greedy")
    result = tiaoqi.match(engine, first_legal, openings=1, names=["engine", "first"])
    assert result.names == ["engine", "first"] and len(result.games) == 2
    assert [game.order[0] for game in result.games] == [["engine"], ["engine"]]


def test_agents_alike_are_numbered():
    result = tiaoqi.match("greedy", "greedy", openings=1)
    assert result.names == ["greedy #1", "greedy #2"]


@pytest.mark.parametrize(
    "entries, options, message",
    [
        ((GREEDY,), {}, "expected two or more entries"),
        ((42, GREEDY), {}, "entry 0: expected a Python agent .* got 42 \\(int\\)"),
        ((GREEDY, None), {}, "entry 1: expected .* got None"),
        ((GREEDY, {"level": "grandmaster"}), {}, "entry 1 .*level: expected one of beginner"),
        ((GREEDY, {"search": "best"}), {}, "entry 1 .*Search expects auto"),
        ((GREEDY, {"colour": "red"}), {}, "unknown option 'colour'.*or a limit"),
        ((GREEDY, MCTS, GREEDY), {"players": 4}, "cannot seat 3 engines at 4 players"),
        ((GREEDY, MCTS), {"rules": tiaoqi.Rules()}, "must end every game: give max_plies"),
        ((GREEDY, MCTS), {"tournament": "swiss"}, "tournament: expected round-robin"),
        ((GREEDY, MCTS), {"openings": 0}, "openings: expected an integer 1 to 2147483647"),
        ((GREEDY, MCTS), {"opening_plies": 5000}, "opening_plies: expected an integer 0 to 1000"),
        ((GREEDY, MCTS), {"names": ["a"]}, "names: expected 2 different names"),
        ((GREEDY, MCTS), {"names": ["a", 2]}, "names: expected 2 different names"),
        ((GREEDY, MCTS), {"names": ["a", "b;c"]}, "names: a name .* got 'b;c'"),
        ((GREEDY, MCTS), {"seed": -1}, "seed: expected an integer 0 or more"),
        ((GREEDY, MCTS), {"players": 1}, "expected 2 to 6 players"),
    ],
)
def test_a_bad_match_gets_one_clear_error(entries, options, message):
    with pytest.raises(ValueError, match=message):
        tiaoqi.match(*entries, **options)


def test_an_illegal_move_of_an_agent_names_the_agent_and_the_game():
    def stuck(position):
        return "k5k9"

    with pytest.raises(ValueError) as raised:
        tiaoqi.match(tiaoqi.position_agent(stuck), GREEDY, openings=1)
    assert str(raised.value).startswith("match: 'stuck' as player 0 of game 1: move 'k5k9'")
