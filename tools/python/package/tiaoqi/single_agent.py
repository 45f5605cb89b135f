"""tiaoqi.single_agent_env(): one seat for the agent, engines in the others.

Gymnasium's API: reset() gives (observation, info) and step(action) gives
(observation, reward, terminated, truncated, info); a gymnasium.Env when
Gymnasium is installed. Observations, actions and rewards are those of
tiaoqi.env() for the agent's seat; the engines' moves are played inside
reset() and step() until the agent is to move or the game is over.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from . import spaces
from ._tiaoqi import GameTable, Position, Rules
from .aec import check_env_arguments, rules_of
from .opponents import OpponentSpec, opponents_for

try:
    import gymnasium

    _EnvBase: Any = gymnasium.Env
except ImportError:
    _EnvBase = object


def _check_seat(seat: int | str, players: int) -> None:
    if seat != "random" and (not isinstance(seat, int) or not 0 <= seat < players):
        raise ValueError(f"seat: expected 'random' or a player from 0 to {players - 1}, "
                         f"got {seat!r}")


class SingleAgentEnv(_EnvBase):
    """A Tiaoqi game for one agent against tiaoqi engines."""

    metadata = {"name": "tiaoqi_single_agent_v0", "render_modes": ["ansi"]}

    def __init__(self, rules: Rules | None = None, *, seat: int | str = 0,
                 opponents: OpponentSpec | list[OpponentSpec] = None,
                 max_moves: int | None = None, dragons: str | None = None,
                 render_mode: str | None = None, **rule_options: Any):
        check_env_arguments(render_mode, max_moves)
        self.rules = rules_of(rules, rule_options)
        self._table = GameTable(self.rules)
        players = self._table.players
        _check_seat(seat, players)
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else seat
        # In turn order after the agent's seat.
        self.opponents = opponents_for(opponents, players - 1)
        self.max_moves = max_moves
        self.render_mode = render_mode
        self._dragons = dragons or ""
        actions = self._table.action_count
        self.observation_space = spaces.observation_dict(
            spaces.binary_box(self._table.observation_shape), spaces.binary_box((actions,)))
        self.action_space = spaces.discrete(actions)
        self._random = random.Random()
        self._moves = 0
        self._truncated = False

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game. seed reseeds the environment: the seat drawn, the dragons
        drawn and the engines' seeds. options may give "seat" and "dragons".
        Refused options change nothing."""
        options = options or {}
        seat = options.get("seat", self.seat_choice)
        players = self._table.players
        _check_seat(seat, players)
        source = random.Random(seed) if seed is not None else self._random
        state = source.getstate()
        if seat == "random":
            seat = source.randrange(players)
        game_seed = source.getrandbits(63)
        try:
            self._table.reset(options.get("dragons", self._dragons) or "", game_seed)
        except ValueError:
            source.setstate(state)
            raise
        self._random = source
        if _EnvBase is not object:
            super().reset(seed=seed)
        if seed is not None:
            self.action_space.seed(seed)
        self.seat = seat
        for offset, opponent in enumerate(self.opponents):
            opponent.new_game(game_seed + offset)
        self._moves = 0
        self._truncated = False
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self._table.to_move != self.seat or self._truncated:
            raise ValueError("the game is over: call reset() for the next one")
        try:
            action = operator.index(action)
        except TypeError:
            raise ValueError(f"action: expected an integer, got {action!r}") from None
        self._table.step(action)
        self._count_move()
        self._play_opponents()
        terminated = self._table.to_move < 0
        reward = self._table.rewards()[self.seat] if terminated else 0.0
        return self._observation(), reward, terminated, self._truncated, self._info()

    def action_masks(self) -> Any:
        """The action mask alone (what maskable policies ask the environment for)."""
        return self._table.action_mask(self.seat)

    def position(self) -> Position:
        """What the agent knows of the game (its view in the dragons variant)."""
        return self._table.position(self.seat)

    def render(self) -> str | None:
        """ansi: the position string of the agent's view."""
        return str(self.position()) if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass

    def _count_move(self) -> None:
        self._moves += 1
        if self.max_moves is not None and self._moves >= self.max_moves:
            self._truncated = self._table.to_move >= 0

    def _play_opponents(self) -> None:
        players = self._table.players
        while not self._truncated and self._table.to_move not in (-1, self.seat):
            offset = (self._table.to_move - self.seat - 1) % players
            self.opponents[offset].play(self._table)
            self._count_move()

    def _observation(self) -> dict[str, Any]:
        return self._table.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat, "moves": self._moves}
        if self._table.to_move < 0:
            info["standings"] = self._table.standings
            info["rewards"] = self._table.rewards()
        return info
