"""The one move limit of the games the module plays on its own.

Under the default rules a game need not end: random players wander and
seldom fill a target, and twenty random four-player games all ran past
1000 moves. So every game is cut at DEFAULT_MAX_MOVES moves of all players
together, as OpenSpiel's Chinese checkers ends at 1000 turns: the
environments truncate it there (rewards 0), and tiaoqi.rate() and
tiaoqi.match(), which need every game finished, play under MaxPlies =
DEFAULT_MAX_MOVES unless given rules, so that the rules rank the players
still in at the limit by the steps they have left (docs/rules.md, "Move
limit").
"""

from __future__ import annotations

from typing import Any

from ._tiaoqi import Rules

DEFAULT_MAX_MOVES = 1000


def ended_rule_options(rules: Rules | None, rule_options: dict[str, Any]) -> dict[str, Any]:
    """The rule options of a game that must end: MaxPlies DEFAULT_MAX_MOVES
    unless rules are given or the options name it."""
    return rule_options if rules is not None else {"max_plies": DEFAULT_MAX_MOVES, **rule_options}


def check_ended(caller: str, rules: Rules) -> None:
    """Refuses rules whose games need not end, where every game must."""
    if rules.max_plies == 0:
        raise ValueError(
            f"{caller}: the rules must end every game: give max_plies (MaxPlies) above 0"
        )
