"""The single-agent environment under Gymnasium ids, so that
gymnasium.make() and the libraries that take an id make it
(docs/python.md, "Gymnasium ids"). Registered when tiaoqi imports with
Gymnasium importable; gymnasium.make("tiaoqi:tiaoqi/ChineseCheckers-v0")
imports tiaoqi first. Keyword arguments to make() go to
single_agent_env(): rule options, opponents, seat, max_moves, ...
"""

from __future__ import annotations

from typing import Any

ENTRY_POINT = "tiaoqi.single_agent:SingleAgentEnv"
# Each id and the rule options it starts from; make()'s keywords change them.
GYMNASIUM_IDS: dict[str, dict[str, Any]] = {
    "tiaoqi/ChineseCheckers-v0": {},
    "tiaoqi/ChineseCheckersDragons-v0": {"players": 3, "variant": "dragons"},
}


def register_gymnasium_ids() -> None:
    """Registers GYMNASIUM_IDS with Gymnasium, when it imports; once."""
    try:
        import gymnasium
    except ImportError:
        return
    for env_id, rule_options in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs=rule_options)
