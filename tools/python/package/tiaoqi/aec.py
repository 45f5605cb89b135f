"""tiaoqi.env(): every seat an agent, in PettingZoo's agent-environment cycle.

Agents are "player_0" ... in turn order (the protocol's player 1 is
player_0). observe(agent) gives {"observation": int8 planes, "action_mask":
int8 flags} in that agent's frame (docs/python.md, "Observations" and
"Actions"); the mask is all 0 unless the agent is to move. Rewards come at
the end of the game: 2 x placement score - 1 for each player (1 for first
alone, -1 for last alone, 0 for a draw of two). A player eliminated before
the end (no legal move in a game of three or more) is no longer selected
and ends with the others. A game still running after max_moves moves
(DEFAULT_MAX_MOVES unless given, tiaoqi.limits; None for no limit) is
truncated for every agent, with rewards 0. An illegal action raises
ValueError, as PettingZoo's own environments do without their
TerminateIllegalWrapper. record() gives the game as a game record.
"""

from __future__ import annotations

import operator
import random
from typing import Any

import numpy as np

from . import spaces
from ._tiaoqi import GameTable, Position, Record, Rules, option_specs
from .aec_base import AECBase
from .limits import DEFAULT_MAX_MOVES

RENDER_MODES = ["ansi", "human", "rgb_array"]
# The Event tag of an environment's game records.
RECORD_EVENT = "tiaoqi.env"
# Frames a second for a viewer of human or rgb_array frames.
RENDER_FPS = 4


def rules_of(rules: Rules | None, rule_options: dict[str, Any]) -> Rules:
    """The rules given, changed by rule options given as keywords."""
    if rules is None:
        return Rules(**rule_options)
    return rules.replace(**rule_options) if rule_options else rules


def documents_rule_options(cls: type) -> type:
    """Names the rule options an environment takes as keywords in its
    docstring, from the option table, so that help() lists them."""
    names = ", ".join(spec["python_name"] for spec in option_specs() if spec["rule"])
    cls.__doc__ = (
        f"{cls.__doc__.rstrip()}\n\n    Keyword arguments beyond those named are rule "
        f"options, as Rules takes them: {names}.\n"
    )
    return cls


def check_env_arguments(render_mode: str | None, max_moves: int | None) -> None:
    """The arguments both environments take besides the rules."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode: expected None or one of {', '.join(RENDER_MODES)}, "
            f"got {render_mode!r}"
        )
    if max_moves is not None and (
        not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 1
    ):
        raise ValueError(f"max_moves: expected 1 or more (or None), got {max_moves!r}")


def check_reset_arguments(seed: Any, options: Any) -> dict[str, Any]:
    """reset()'s seed and options, checked before anything changes; the
    options as a dict. Each environment reads the keys it knows and ignores
    the others, as PettingZoo's and Gymnasium's own environments do: a
    checker or a wrapper may pass options meant for someone else
    (PettingZoo's api_test passes {"options": 1})."""
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0
    ):
        raise ValueError(f"seed: expected None or an integer 0 or more, got {seed!r}")
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError(f"options: expected None or a dict, got {options!r}")
    return options


def render_view(table: GameTable, viewer: int, render_mode: str | None) -> Any:
    """What render() gives for a player's view: ansi the board as the
    protocol's `d` draws it, human the same printed, rgb_array an image."""
    if render_mode == "ansi":
        return table.board_text(viewer)
    if render_mode == "human":
        print(table.board_text(viewer))
        return None
    if render_mode == "rgb_array":
        return table.board_image(viewer)
    return None


def episode_record(
    table: GameTable, seating: list[str], truncated_after: int | None, game: int
) -> Record:
    """An environment's game as a record (tiaoqi.Record): seating names each
    player, game is its number in a file; a game the move limit cut says so
    in its termination."""
    if isinstance(seating, str) or not all(isinstance(name, str) for name in seating):
        raise ValueError(f"seating: expected a list of names, one per player, got {seating!r}")
    unfinished = (
        "unfinished" if truncated_after is None else f"truncated after {truncated_after} moves"
    )
    return table.record(list(seating), event=RECORD_EVENT, game=game, unfinished=unfinished)


def step_before_reset_error() -> RuntimeError:
    return RuntimeError("step() before reset(): call reset() to start a game first")


@documents_rule_options
class TiaoqiEnv(AECBase):
    """A Tiaoqi game for PettingZoo's AEC API (a pettingzoo.AECEnv when
    PettingZoo is installed), also named tiaoqi.env and tiaoqi.raw_env.

    rules: a Rules (the default rules when None).
    max_moves: moves of all players together after which a game still
        running is truncated; None for no limit.
    dragons: the dragons variant's dragons, one hole a player
        ("m1 a13 m13"); drawn from the seed when None.
    render_mode: None, "ansi", "human" or "rgb_array".
    """

    metadata = {
        "name": "tiaoqi_v0",
        "render_modes": RENDER_MODES,
        "render_fps": RENDER_FPS,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        max_moves: int | None = DEFAULT_MAX_MOVES,
        dragons: str | None = None,
        render_mode: str | None = None,
        **rule_options: Any,
    ):
        super().__init__()
        check_env_arguments(render_mode, max_moves)
        self.rules = rules_of(rules, rule_options)
        self.render_mode = render_mode
        self.max_moves = max_moves
        self._dragons = dragons or ""
        self._table = GameTable(self.rules)
        self.possible_agents = [f"player_{i}" for i in range(self._table.players)]
        self._player = {agent: i for i, agent in enumerate(self.possible_agents)}
        planes = self._table.observation_shape
        actions = self._table.action_count
        self.observation_spaces = {
            agent: spaces.observation_dict(spaces.binary_box(planes), spaces.binary_box((actions,)))
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.discrete(actions) for agent in self.possible_agents}
        self._random = random.Random()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. seed reseeds the environment (the dragons drawn) and the
        action spaces' sample(); options may give "dragons" ("m1 c11 l12")
        and other keys are ignored. Refused arguments change nothing."""
        options = check_reset_arguments(seed, options)
        source = random.Random(seed) if seed is not None else self._random
        state = source.getstate()
        dragons = options.get("dragons", self._dragons)
        try:
            self._table.reset(dragons or "", source.getrandbits(63))
        except ValueError:
            source.setstate(state)
            raise
        self._random = source
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._moves = 0
        self.agent_selection = self.possible_agents[self._table.to_move]

    def observe(self, agent: str) -> dict[str, Any]:
        return self._table.observe(self._player[agent])

    def step(self, action: Any) -> None:
        if not hasattr(self, "agent_selection"):
            raise step_before_reset_error()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is the action of a finished agent only")
        try:
            action = operator.index(action)
        except TypeError:
            raise ValueError(f"action: expected an integer, got {action!r}") from None
        self._table.step(action)
        self._moves += 1
        self._cumulative_rewards[agent] = 0.0
        mover = self._table.to_move
        if mover >= 0:
            self.agent_selection = self.possible_agents[mover]
            if self.max_moves is not None and self._moves >= self.max_moves:
                for name in self.agents:
                    self.truncations[name] = True
            return
        standings = self._table.standings
        for name, reward in zip(self.possible_agents, self._table.rewards()):
            self.rewards[name] = reward
            self.terminations[name] = True
            self.infos[name] = {"standings": standings}
        self._accumulate_rewards()
        # Every agent then takes its last step, None, in turn order from here.
        self.agent_selection = self.possible_agents[(self._player[agent] + 1) % self.max_num_agents]

    def position(self, agent: str) -> Position:
        """What the agent knows of the game (its view in the dragons variant)."""
        return self._table.position(self._player[agent])

    def record(self, seating: list[str] | None = None, game: int = 1) -> Record:
        """The game so far as a game record (tiaoqi.Record), which
        tiaoqi.write_records() writes for tiaoqi-render and tiaoqi-match
        --replay: seating names each player (the agents' names unless given),
        game is its number in a file (tiaoqi-render --game picks by it).
        In the dragons variant only once the game is over, since the record
        names every dragon."""
        moves = getattr(self, "_moves", 0)
        truncated = (
            self._table.to_move >= 0 and self.max_moves is not None and moves >= self.max_moves
        )
        return episode_record(
            self._table,
            self.possible_agents if seating is None else seating,
            moves if truncated else None,
            game,
        )

    def render(self) -> Any:
        """The selected agent's view (the first agent's before reset()):
        ansi the board as text, human the same printed, rgb_array an image
        (height, width, 3) of uint8."""
        agent = getattr(self, "agent_selection", self.possible_agents[0])
        return render_view(self._table, self._player[agent], self.render_mode)

    def close(self) -> None:
        pass
