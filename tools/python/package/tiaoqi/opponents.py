"""Tiaoqi engines in the seats an environment's agent does not play (or
Python agents: tiaoqi.agents).

An opponent is described by engine options of the engine's one option
table, by name, together with the limits of its searches:

    "mcts"                                   # Search mcts, the default limit
    {"search": "mcts", "nodes": 2000}
    {"Search": "alphabeta", "depth": 4, "Hash": 16}
    {"search": "auto", "movetime": 50, "threads": 2}
    {"level": "club"}                        # a strength level, by name
    {"level": 1600}                          # or by Elo (UCI_Elo)
    tiaoqi.Engine(search="brs")             # an engine as it is set

Names are compared without case, spaces and underscores. ``nodes``,
``movetime`` (milliseconds) and ``depth`` are the limits; ``level`` is a
name or an Elo of ``levels()`` and stands for the options
UCI_LimitStrength and UCI_Elo (the Engine reads it, as tiaoqi.Engine(level=...)
does); every other name is an engine option, taken as it is. An Engine
plays as it is set. Without a limit an opponent searches ``DEFAULT_LIMITS``;
a level without a limit searches what the level does (its own node budget). Unless
the options name a ``Seed``, each game gives the engine one drawn from the
environment's seed, so that a seed replays a game. A function or a
tiaoqi.Agent is a Python agent in that seat.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Union

from ._tiaoqi import Engine, GameTable, check_limits
from .agents import Agent, agent_of, is_agent

OpponentSpec = Union[None, str, Mapping[str, Any], Engine, "Opponent", Agent, Callable[..., Any]]

LIMIT_NAMES = ("nodes", "movetime", "depth")
DEFAULT_LIMITS = {"nodes": 1000}
# A level's own node budget is below this: the limit only makes every search end.
LEVEL_LIMITS = {"nodes": 10**9}
# The largest Seed the option table takes.
SEED_LIMIT = 2147483647


def _folded(name: str) -> str:
    return name.replace("_", "").replace(" ", "").lower()


def split_setting(spec: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any], bool]:
    """A setting's engine options (level among them: the Engine reads it),
    its limits, and whether it names a level."""
    options: dict[str, Any] = {}
    limits: dict[str, Any] = {}
    for name, value in spec.items():
        if _folded(str(name)) in LIMIT_NAMES:
            limits[_folded(str(name))] = value
        else:
            options[name] = value
    has_level = any(_folded(str(name)) == "level" for name in options)
    return options, limits, has_level


def engine_of(options: Mapping[str, Any]) -> Engine:
    """An Engine with these options (and level); an unknown name raises
    ValueError that lists the limits too, the other names a setting takes."""
    try:
        return Engine(dict(options))
    except ValueError as error:
        if not str(error).startswith("unknown option"):
            raise
        raise ValueError(f"{error}; or a limit: {', '.join(LIMIT_NAMES)}") from None


class Opponent:
    """One engine and the limits of its searches."""

    def __init__(self, spec: OpponentSpec = None):
        engine = None
        if isinstance(spec, Opponent):
            spec = spec.spec
        elif isinstance(spec, Engine):
            # The engine itself plays; its description is what makes its like.
            engine, spec = spec, spec.settings
        if spec is None:
            spec = {}
        elif isinstance(spec, str):
            spec = {"Search": spec}
        elif not isinstance(spec, Mapping):
            raise ValueError(
                f"an opponent is a Search name, a mapping of engine options and "
                f"limits or a tiaoqi.Engine, got {spec!r}"
            )
        self.spec = dict(spec)
        options, self.limits, has_level = split_setting(self.spec)
        self.engine = engine if engine is not None else engine_of(options)
        if self.engine.options["uci_limit_strength"]:
            has_level = True
        if not self.limits:
            self.limits = dict(LEVEL_LIMITS if has_level else DEFAULT_LIMITS)
        try:
            check_limits(**self.limits)
        except TypeError:
            raise ValueError(f"limits: expected integers, got {self.limits!r}") from None
        self._own_seed = any(_folded(str(name)) == "seed" for name in options)
        self._seed: int | None = None

    def new_game(self, seed: int) -> None:
        """Forgets the last game; takes the seed unless the options fix one."""
        self.engine.new_game()
        if not self._own_seed:
            self._seed = 1 + seed % (SEED_LIMIT - 1)
            self.engine.set_option("Seed", self._seed)

    def __getstate__(self) -> dict[str, Any]:
        """A pickled opponent is its description and the seed of its game;
        the copy's engine starts with empty tables."""
        return {"spec": self.spec, "seed": self._seed}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["spec"])  # type: ignore[misc]
        self._seed = state["seed"]
        if self._seed is not None:
            self.engine.set_option("Seed", self._seed)

    def play(self, table: GameTable) -> str:
        """Searches the mover's view of the table and plays the move found."""
        return table.play_engine(self.engine, **self.limits)

    @property
    def name(self) -> str:
        """What the opponent is, for tables and records: its Search alone
        ("mcts"), else its description as name=value words."""
        if [_folded(str(name)) for name in self.spec] == ["search"]:
            return str(next(iter(self.spec.values())))
        return " ".join(f"{name}={value}" for name, value in self.spec.items()) or "default"

    def __repr__(self) -> str:
        """The description with the limits it searches, those it was given or
        the defaults: tiaoqi.Opponent({'nodes': 1000}) for Opponent({})."""
        given = {_folded(str(name)) for name in self.spec}
        defaults = {name: value for name, value in self.limits.items() if name not in given}
        return f"tiaoqi.Opponent({({**self.spec, **defaults})!r})"


def seat_player(spec: OpponentSpec) -> Opponent | Agent:
    """What plays a seat: a Python agent (an Agent or a function,
    tiaoqi.agents) or an engine setting."""
    return agent_of(spec) if is_agent(spec) else Opponent(spec)


def opponents_for(spec: OpponentSpec | list[OpponentSpec], count: int) -> list[Opponent | Agent]:
    """count opponents: one spec for every seat, or a list with one per seat."""
    if isinstance(spec, (list, tuple)):
        if len(spec) != count:
            raise ValueError(
                f"opponents: expected {count} (one per other seat, in turn order "
                f"after the agent), got {len(spec)}"
            )
        return [seat_player(one) for one in spec]
    return [seat_player(spec) for _ in range(count)]
