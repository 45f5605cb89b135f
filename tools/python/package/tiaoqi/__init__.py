"""Tiaoqi, the Chinese checkers engine, from Python (docs/python.md).

    import tiaoqi
    position = tiaoqi.Position(players=3)           # rules by option name
    position.play(position.legal_moves()[0])
    result = tiaoqi.search(position, search="mcts", nodes=2000)
    env = tiaoqi.env(players=2)                      # PettingZoo's AEC API
    single = tiaoqi.single_agent_env(opponents={"search": "mcts", "nodes": 500})
    result = tiaoqi.match({"level": "club"}, "greedy", players=3)  # rated games
    batch = tiaoqi.vector_env(64, players=2)       # Gymnasium's VectorEnv API
    tiaoqi.write_records("games.txt", [env.record()])  # for tiaoqi-render
"""

from typing import Any as _Any
from typing import Mapping as _Mapping

from . import spaces
from ._tiaoqi import (
    OBSERVATION_PLANES,
    __version__,
    Engine,
    GameTable,
    Position,
    Record,
    RecordLine,
    Rules,
    SearchResult,
    format_records,
    hole_names,
    levels,
    option_specs,
    parse_records,
    stats,
)
from .aec import TiaoqiEnv
from .aec_base import HAS_PETTINGZOO
from .agents import Agent, position_agent
from .limits import DEFAULT_MAX_MOVES
from .match import MatchGame, MatchResult, match
from .opponents import DEFAULT_LIMITS, Opponent
from .opponents import LEVEL_LIMITS as _LEVEL_LIMITS
from .opponents import engine_of as _engine_of
from .opponents import split_setting as _split_setting
from .rating import Rating, rate
from .records import read_records, write_records
from .registration import GYMNASIUM_IDS
from .registration import register_gymnasium_ids as _register_gymnasium_ids
from .single_agent import SingleAgentEnv
from .vector import VectorEnv

__all__ = [
    "Agent",
    "DEFAULT_LIMITS",
    "DEFAULT_MAX_MOVES",
    "Engine",
    "GameTable",
    "GYMNASIUM_IDS",
    "HAS_PETTINGZOO",
    "MatchGame",
    "MatchResult",
    "OBSERVATION_PLANES",
    "Opponent",
    "Position",
    "Rating",
    "Record",
    "RecordLine",
    "Rules",
    "SearchResult",
    "SingleAgentEnv",
    "TiaoqiEnv",
    "VectorEnv",
    "__version__",
    "env",
    "format_records",
    "hole_names",
    "levels",
    "match",
    "option_specs",
    "parse_records",
    "position_agent",
    "raw_env",
    "rate",
    "read_records",
    "search",
    "single_agent_env",
    "spaces",
    "stats",
    "vector_env",
    "write_records",
]


def search(
    position: Position,
    search: str | _Mapping[str, _Any] | Engine = "auto",
    *,
    nodes: int | None = None,
    movetime: int | None = None,
    depth: int | None = None,
    threads: int = 1,
    infinite: bool = False,
    **options: _Any,
) -> SearchResult:
    """Searches the player to move with a new engine: `search` is the Search
    option, or a setting as opponents take it ({"level": "club"},
    {"search": "mcts", "nodes": 500}), or an Engine to search with; other
    engine options (and level) by name. One of nodes, movetime (ms) or depth
    limits it, given here or in the setting; a level without one searches
    its own node budget. For a search to stop from another thread, use an
    Engine and its stop()."""
    if infinite:
        raise ValueError(
            "search(): infinite=True would never end, since no other thread holds "
            "the engine search() makes to stop() it: use tiaoqi.Engine, its "
            "search(position, infinite=True) and its stop()"
        )
    if isinstance(search, Engine):
        if options:
            raise ValueError(
                f"search(): options beside an Engine ({', '.join(options)}): set them on "
                f"the Engine, or give a setting instead of it"
            )
        engine, limits, has_level = search, {}, search.options["uci_limit_strength"]
    else:
        if isinstance(search, str):
            search = {"search": search}
        elif not isinstance(search, _Mapping):
            raise ValueError(
                f"search: expected a Search name, a setting (a mapping of engine options "
                f"and limits) or a tiaoqi.Engine, got {search!r} ({type(search).__name__})"
            )
        setting, limits, has_level = _split_setting({"threads": threads, **search, **options})
        engine = _engine_of(setting)
    given = {"nodes": nodes, "movetime": movetime, "depth": depth}
    if any(value is not None for value in given.values()):
        limits = given
    elif not limits and has_level:
        limits = dict(_LEVEL_LIMITS)
    return engine.search(position, **limits)


# The environments' constructors under PettingZoo's and Gymnasium's usual
# names, so that help() and editors show their parameters.
# The multi-agent environment (PettingZoo's AEC API).
env = TiaoqiEnv
# PettingZoo's name for the environment without wrappers; this one has none.
raw_env = TiaoqiEnv
# The single-agent environment (Gymnasium's API).
single_agent_env = SingleAgentEnv
# num_envs games stepped together in C++ (Gymnasium's VectorEnv API).
vector_env = VectorEnv

_register_gymnasium_ids()
