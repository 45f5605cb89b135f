"""Tiaoqi, the Chinese checkers engine, from Python (docs/python.md).

    import tiaoqi
    position = tiaoqi.Position(players=3)           # rules by option name
    position.play(position.legal_moves()[0])
    result = tiaoqi.search(position, search="mcts", nodes=2000)
    env = tiaoqi.env(players=2)                      # PettingZoo's AEC API
    single = tiaoqi.single_agent_env(opponents={"search": "mcts", "nodes": 500})
    batch = tiaoqi.vector_env(64, players=2)       # Gymnasium's VectorEnv API
"""

from typing import Any as _Any

from . import spaces
from ._tiaoqi import (
    OBSERVATION_PLANES,
    __version__,
    Engine,
    GameTable,
    Position,
    Rules,
    SearchResult,
    hole_names,
    levels,
    option_specs,
    stats,
)
from .aec import DEFAULT_MAX_MOVES, TiaoqiEnv
from .aec_base import HAS_PETTINGZOO
from .opponents import DEFAULT_LIMITS, Opponent
from .rating import Rating, rate
from .registration import GYMNASIUM_IDS
from .registration import register_gymnasium_ids as _register_gymnasium_ids
from .single_agent import SingleAgentEnv
from .vector import VectorEnv

__all__ = [
    "DEFAULT_LIMITS",
    "DEFAULT_MAX_MOVES",
    "Engine",
    "GameTable",
    "GYMNASIUM_IDS",
    "HAS_PETTINGZOO",
    "OBSERVATION_PLANES",
    "Opponent",
    "Position",
    "Rating",
    "Rules",
    "SearchResult",
    "SingleAgentEnv",
    "TiaoqiEnv",
    "VectorEnv",
    "__version__",
    "env",
    "hole_names",
    "levels",
    "option_specs",
    "raw_env",
    "rate",
    "search",
    "single_agent_env",
    "spaces",
    "stats",
    "vector_env",
]


def search(
    position: Position,
    search: str = "auto",
    *,
    nodes: int | None = None,
    movetime: int | None = None,
    depth: int | None = None,
    threads: int = 1,
    infinite: bool = False,
    **options: _Any,
) -> SearchResult:
    """Searches the player to move with a new engine: `search` is the Search
    option, other engine options by name; one of nodes, movetime (ms) or
    depth limits it. For a search to stop from another thread, use an
    Engine and its stop()."""
    if infinite:
        raise ValueError(
            "search(): infinite=True would never end, since no other thread holds "
            "the engine search() makes to stop() it: use tiaoqi.Engine, its "
            "search(position, infinite=True) and its stop()"
        )
    engine = Engine(options, search=search, threads=threads)
    return engine.search(position, nodes=nodes, movetime=movetime, depth=depth)


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
