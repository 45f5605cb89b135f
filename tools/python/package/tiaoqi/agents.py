"""Agents written in Python, and what they see.

An agent is a function of what its player knows that answers a move. A
plain function sees the observation (the dict of tiaoqi.env(): planes and
action mask) and answers an action; tiaoqi.Agent says what else it sees:

    tiaoqi.Agent(function)                    function(observation)
    tiaoqi.Agent(function, sees="position")   function(position)
    tiaoqi.position_agent(function)           the same
    tiaoqi.Agent(function, sees="both")       function(observation, position)

The position is a tiaoqi.Position of what the player knows (its view in
the dragons variant), a copy the agent may play on. The answer is any move
Position.play takes: an action (an integer, in the player's frame), text
("k3k5", start and end or the full path) or a path of hole indices.
tiaoqi.match(), tiaoqi.rate() and the environments' opponents take agents
so.
"""

from __future__ import annotations

from typing import Any, Callable

from ._tiaoqi import GameTable, Position

SEES = ("observation", "position", "both")


class Agent:
    """A Python agent: a function, what it sees (SEES, "observation" unless
    given) and its name in tables and records (the function's name unless
    given). Agent(agent, name=...) renames an agent."""

    def __init__(
        self, function: Callable[..., Any], *, sees: str | None = None, name: str | None = None
    ):
        if isinstance(function, Agent):
            # Another name or sight for an agent: what is not given stays.
            sees, name = sees or function.sees, name or function.name
            function = function.function
        sees = sees or "observation"
        if not callable(function):
            raise ValueError(f"an agent is a function, got {function!r}")
        if sees not in SEES:
            raise ValueError(f"sees: expected one of {', '.join(SEES)}, got {sees!r}")
        if name is not None and (not isinstance(name, str) or not name):
            raise ValueError(f"name: expected a non-empty str, got {name!r}")
        self.function = function
        self.sees = sees
        self.name = name or _function_name(function)

    def answer(self, observe: Callable[[], Any], position: Callable[[], Position]) -> Any:
        """The function's move, given what makes its observation and its
        position (each made only when the agent sees it)."""
        if self.sees == "observation":
            return self.function(observe())
        if self.sees == "position":
            return self.function(position())
        return self.function(observe(), position())

    def answer_at(self, table: GameTable, player: int) -> Any:
        """The move of `player`, to move at `table`."""
        return self.answer(lambda: table.observe(player), lambda: table.position(player))

    def new_game(self, seed: int) -> None:
        """Nothing: an agent's randomness is its own (seed it yourself)."""

    def play(self, table: GameTable) -> str:
        """Plays the mover's move at `table`, as an environment's opponent
        does; the move as start and end."""
        player = table.to_move
        try:
            return table.play_move(self.answer_at(table, player))
        except ValueError as error:
            raise ValueError(f"agent {self.name!r} as player {player}: {error}") from None

    def __repr__(self) -> str:
        return f"tiaoqi.Agent({self.name!r}, sees={self.sees!r})"


def position_agent(function: Callable[[Position], Any]) -> Agent:
    """An agent that sees the position: function(position) answers a move."""
    return Agent(function, sees="position")


def is_agent(value: Any) -> bool:
    """Whether a seat's description is a Python agent (an Agent or a
    function) rather than an engine setting."""
    return isinstance(value, Agent) or (callable(value) and not isinstance(value, type))


def agent_of(value: Any) -> Agent:
    """An Agent for an Agent or a function."""
    return value if isinstance(value, Agent) else Agent(value)


def _function_name(function: Callable[..., Any]) -> str:
    name = getattr(function, "__name__", "") or type(function).__name__
    return "agent" if name == "<lambda>" else name
