"""tiaoqi.rate(): an agent written in Python, rated against a tiaoqi opponent
with the match runner's own statistics (tiaoqi.stats, bound from tools/match).

The agent plays every seat of a game in turn, the opponent's engine all the
others; the seeds of one round are the same in every seat, as the match
runner plays an opening with the colours swapped. A sample is the agent's
placement score averaged over the round's seats (at two players, a game
pair: the pentanomial model), and the estimate is the Elo difference to the
opponent with its 95% interval. Add the opponent's own rating, when it has
one (Search random is 0 on the rating list's scale), for the agent's.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field
from typing import Any, Callable, Union

from ._tiaoqi import Rules, stats
from .agents import Agent, agent_of, is_agent
from .aec import rules_of
from .limits import check_ended, ended_rule_options
from .opponents import OpponentSpec, opponents_for
from .single_agent import SingleAgentEnv

AgentSpec = Union[Agent, Callable[..., Any]]


# The chance that the one-sided bound of a rating with every round lost (or
# won) misses: 5%, as the two-sided interval's 95%.
ONE_SIDED_MISS = 0.05


def one_sided_bound(samples: int) -> float:
    """The highest mean score that gives `samples` rounds all scored 0 with a
    chance of ONE_SIDED_MISS or more. A round's score lies in [0, 1], so a
    round with mean score m scores 0 with a chance of at most 1 - m, and
    all of them with at most (1 - m) ** samples."""
    return 1 - ONE_SIDED_MISS ** (1 / samples)


@dataclass
class Rating:
    """The agent's Elo difference to the opponent, from `samples` rounds.

    elo_low and elo_high are the 95% interval (has_interval). Without one,
    they are what is known: every round lost gives elo and elo_low -inf and
    elo_high the one-sided 95% bound (one_sided_bound()), every round won
    the same mirrored, and otherwise (one round, or every round scored the
    same) -inf and +inf.
    """

    elo: float
    elo_low: float
    elo_high: float
    has_interval: bool
    score: float
    samples: int
    games: int
    # The agent's results, one per game: 1 first alone ... 0 last alone.
    scores: list[float] = field(repr=False, default_factory=list)
    note: str = ""

    def __str__(self) -> str:
        """ "+120 [+40, +210]": the estimate and its 95% interval; "all lost
        (< -317)": the one-sided bound."""
        if math.isinf(self.elo):
            if self.elo > 0:
                return f"all won (> {_elo_text(self.elo_low)})"
            return f"all lost (< {_elo_text(self.elo_high)})"
        if not self.has_interval:
            return f"{_elo_text(self.elo)} (no interval)"
        return f"{_elo_text(self.elo)} [{_elo_text(self.elo_low)}, {_elo_text(self.elo_high)}]"


def _elo_text(elo: float) -> str:
    return f"{elo:+}" if math.isinf(elo) else f"{round(elo):+d}"


def rate(
    agent: AgentSpec,
    opponent: OpponentSpec | list[OpponentSpec] = None,
    *,
    rounds: int = 10,
    rules: Rules | None = None,
    seed: int = 1,
    **rule_options: Any,
) -> Rating:
    """Plays `rounds` rounds (each: the agent once in every seat) and rates the agent.

    agent is a Python agent (tiaoqi.agents): a function of an observation
    that answers an action, or a tiaoqi.Agent that sees the position.
    opponent is an engine setting or a Python agent (tiaoqi.opponents), or
    one per other seat. Without rules the games end at DEFAULT_MAX_MOVES
    moves (tiaoqi.limits); rules whose games need not end (no MaxPlies) are
    refused, since a rating needs every game finished. To rate engine
    settings against each other, use tiaoqi.match().
    """
    if not is_agent(agent):
        raise ValueError(
            f"rate(): agent: expected a Python agent (a function of an observation, or a "
            f"tiaoqi.Agent), got {agent!r} ({type(agent).__name__}); tiaoqi.match() plays "
            f"engine settings"
        )
    agent = agent_of(agent)
    rules = rules_of(rules, ended_rule_options(rules, rule_options))
    check_ended("rate()", rules)
    if rounds < 1:
        raise ValueError(f"rounds: expected 1 or more, got {rounds!r}")
    players = rules.players
    # Every game runs to its end under the rules, and a bad agent is an error.
    env = SingleAgentEnv(rules, max_moves=None, illegal_action="raise")
    env.opponents = opponents_for(opponent, players - 1)
    samples: list[float] = []
    scores: list[float] = []
    for round_index in range(rounds):
        round_scores = []
        for seat in range(players):
            observation, info = env.reset(seed=seed + round_index, options={"seat": seat})
            while "rewards" not in info:
                answer = agent.answer(lambda: observation, env.position)
                observation, _, _, _, info = env.step(_action(answer, env))
            round_scores.append((info["rewards"][seat] + 1) / 2)
        scores += round_scores
        samples.append(sum(round_scores) / len(round_scores))
    estimate = stats.estimate_elo(samples)
    low, high = estimate.elo_low, estimate.elo_high
    if not estimate.has_interval:
        low, high = -math.inf, math.inf
        if estimate.score <= 0:
            high = stats.elo_from_score(one_sided_bound(len(samples)))
        elif estimate.score >= 1:
            low = -stats.elo_from_score(one_sided_bound(len(samples)))
    return Rating(
        elo=estimate.elo,
        elo_low=low,
        elo_high=high,
        has_interval=estimate.has_interval,
        score=estimate.score,
        samples=estimate.samples,
        games=len(scores),
        scores=scores,
        note=estimate.note,
    )


def _action(answer: Any, env: SingleAgentEnv) -> int:
    """The action of an agent's answer: an action as it is, a move as its
    action in the agent's frame."""
    if not isinstance(answer, bool):
        try:
            return operator.index(answer)
        except TypeError:
            pass
    return env.position().action(answer)
