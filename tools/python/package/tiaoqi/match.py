"""tiaoqi.match(): Python agents and engine settings in one match, played
and rated as tiaoqi-match plays and rates engines.

The schedule is the match runner's (tools/match/schedule.*): random
openings, each played in every rotation of the seats, so that every entry
plays every opening from every seat; two entries at three or more players
are one against copies of the other, more entries than players meet in
every group of `players` (round-robin) or every group with the first
(gauntlet). The games are played in C++ (_tiaoqi.play_match): where every
entry is an engine setting, no Python runs between the moves. The
statistics are the runner's (tools/match/results.*, bound as
tiaoqi.stats.MatchResults): the table, the pairwise points and Elo, and
the Plackett-Luce ratings with their intervals at every table size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ._tiaoqi import MAX_OPENING_PLIES, Engine, Record, Rules, play_match, stats
from .aec import rules_of
from .agents import Agent, agent_of, is_agent
from .limits import check_ended, ended_rule_options
from .opponents import Opponent
from .records import write_records

TOURNAMENTS = ("round-robin", "gauntlet")
# The most openings C++ counts (an int).
MAX_OPENINGS = 2**31 - 1


@dataclass
class MatchGame:
    """One game of a match: its record, the entry of each player (by name,
    in turn order) and the finishing order."""

    record: Record
    seats: list[str]

    @property
    def standings(self) -> list[list[int]]:
        """Players grouped by place, best first (from 0)."""
        return self.record.standings

    @property
    def order(self) -> list[list[str]]:
        """The entries grouped by place, best first: the finishing order the
        ratings are fitted to."""
        return [[self.seats[player] for player in group] for group in self.standings]


@dataclass
class MatchResult:
    """What tiaoqi.match() played and found: `games` in game order, and the
    match runner's statistics (`statistics`; str() is tiaoqi-match's
    table)."""

    names: list[str]
    players: int
    games: list[MatchGame]
    statistics: stats.MatchResults = field(repr=False)

    @property
    def records(self) -> list[Record]:
        return [game.record for game in self.games]

    def write_records(self, path: str, *, append: bool = False) -> None:
        """The games as a record file, for tiaoqi-render and tiaoqi-match --replay."""
        write_records(path, self.records, append=append)

    @property
    def ratings(self) -> dict[str, tuple[float, float, float]]:
        """Each entry's Plackett-Luce rating (mean 0) with its 95% interval:
        name -> (rating, low, high); an end a sweep leaves open is infinite
        (ratings_note says why)."""
        intervals = self.statistics.rating_intervals or [(-math.inf, math.inf)] * len(self.names)
        return {
            name: (rating, low, high)
            for name, rating, (low, high) in zip(self.names, self.statistics.ratings, intervals)
        }

    @property
    def ratings_note(self) -> str:
        return self.statistics.ratings_note

    @property
    def pairwise(self) -> dict[str, dict[str, tuple[float, int]]]:
        """The cross table: row -> column -> (the row's points against the
        column, their meetings), over every two seats they held in a game."""
        points, counts = self.statistics.pair_points, self.statistics.pair_counts
        return {
            row: {
                column: (points[i][j], counts[i][j])
                for j, column in enumerate(self.names)
                if j != i and counts[i][j]
            }
            for i, row in enumerate(self.names)
        }

    @property
    def elo(self) -> dict[tuple[str, str], stats.EloEstimate]:
        """Each pair's Elo difference (the first's against the second), over
        the openings they met in (docs/match.md)."""
        return {
            (self.names[pair.first], self.names[pair.second]): pair.elo
            for pair in self.statistics.pairs
        }

    def __str__(self) -> str:
        return str(self.statistics)


def match(
    *entries: Any,
    rules: Rules | None = None,
    openings: int | None = None,
    opening_plies: int | None = None,
    seed: int = 1,
    tournament: str = "round-robin",
    names: list[str] | None = None,
    **rule_options: Any,
) -> MatchResult:
    """Plays a match between two or more entries and rates them.

    An entry is a Python agent (a function of an observation, or a
    tiaoqi.Agent, tiaoqi.agents) or an engine setting as opponents take it
    (a Search name, a mapping of engine options, level and limits, a
    tiaoqi.Engine or tiaoqi.Opponent). Rules come as in tiaoqi.env(); the
    players are rules.players (2, 3, 4 or 6). Without rules every game ends
    at DEFAULT_MAX_MOVES moves (tiaoqi.limits); rules whose games need not
    end are refused. openings random openings of opening_plies plies (the
    match runner's defaults when None) are drawn from seed, and each is
    played in every rotation of the seats; the same seed plays the same
    games where every agent is deterministic. names name the entries (the
    function's name or the setting, else).
    """
    seated = [_entry(index, entry) for index, entry in enumerate(entries)]
    if len(seated) < 2:
        raise ValueError(
            f"match(): expected two or more entries (Python agents or engine settings), "
            f"got {len(seated)}"
        )
    rules = rules_of(rules, ended_rule_options(rules, rule_options))
    check_ended("match()", rules)
    if rules.players < 2:
        raise ValueError(f"match(): expected 2 to 6 players, got {rules.players}")
    if tournament not in TOURNAMENTS:
        raise ValueError(f"tournament: expected {' or '.join(TOURNAMENTS)}, got {tournament!r}")
    for name, value, low, high in (
        ("openings", openings, 1, MAX_OPENINGS),
        ("opening_plies", opening_plies, 0, MAX_OPENING_PLIES),
    ):
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high
        ):
            raise ValueError(
                f"{name}: expected an integer {low} to {high} (or None), got {value!r}"
            )
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed: expected an integer 0 or more, got {seed!r}")
    names = _names(seated, names)
    records, statistics = play_match(
        rules, names, seated, tournament, openings, opening_plies, seed
    )
    games = [MatchGame(record, list(record.seating)) for record in records]
    return MatchResult(names, rules.players, games, statistics)


def _entry(index: int, entry: Any) -> Agent | Opponent:
    """An entry as the games play it, or one ValueError that names it."""
    if is_agent(entry):
        return agent_of(entry)
    if isinstance(entry, (str, dict, Engine, Opponent)) or hasattr(entry, "keys"):
        try:
            return Opponent(entry)
        except ValueError as error:
            raise ValueError(f"match(): entry {index} ({entry!r}): {error}") from None
    raise ValueError(
        f"match(): entry {index}: expected a Python agent (a function of an observation, "
        f"or a tiaoqi.Agent) or an engine setting (a Search name, a mapping of engine "
        f"options, level and limits, a tiaoqi.Engine), got {entry!r} ({type(entry).__name__})"
    )


def _names(seated: list[Agent | Opponent], names: list[str] | None) -> list[str]:
    """The entries' names: those given, else each one's own, numbered where
    two are alike."""
    if names is not None:
        if (
            isinstance(names, str)
            or len(names) != len(seated)
            or not all(isinstance(name, str) for name in names)
            or len(set(names)) != len(names)
        ):
            raise ValueError(
                f"names: expected {len(seated)} different names, one per entry, got {names!r}"
            )
        return list(names)
    own = [entry.name for entry in seated]
    return [
        name if own.count(name) == 1 else f"{name} #{own[:index].count(name) + 1}"
        for index, name in enumerate(own)
    ]
