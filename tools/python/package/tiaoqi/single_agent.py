"""tiaoqi.single_agent_env(): one seat for the agent, engines in the others.

Gymnasium's API: reset() gives (observation, info) and step(action) gives
(observation, reward, terminated, truncated, info); a gymnasium.Env when
Gymnasium is installed. Observations, actions and rewards are those of
tiaoqi.env() for the agent's seat; the engines' moves are played inside
reset() and step() until the agent is to move or the game is over.

An illegal action (in range, but no legal move) ends the episode by
default, as PettingZoo's TerminateIllegalWrapper does: terminated, reward
ILLEGAL_ACTION_REWARD, and info["illegal_action"] says why, so that
Gymnasium's checker and wrappers, which step action_space.sample() without
a mask, run. illegal_action="raise" raises ValueError instead and changes
nothing.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from . import spaces
from ._tiaoqi import GameTable, Position, Record, Rules
from .aec import (
    RENDER_FPS,
    RENDER_MODES,
    check_env_arguments,
    check_reset_arguments,
    documents_rule_options,
    episode_record,
    render_view,
    rules_of,
    step_before_reset_error,
)
from .limits import DEFAULT_MAX_MOVES
from .opponents import OpponentSpec, opponents_for

try:
    import gymnasium

    _EnvBase: Any = gymnasium.Env
except ImportError:
    _EnvBase = object


ILLEGAL_ACTIONS = ("terminate", "raise")
# The agent's reward for an illegal action that ends the episode, as
# PettingZoo's TerminateIllegalWrapper gives it.
ILLEGAL_ACTION_REWARD = -1.0
# The agent's name in the seating of its game's record.
AGENT_NAME = "agent"


def _check_seat(seat: int | str, players: int) -> None:
    if seat != "random" and (not isinstance(seat, int) or not 0 <= seat < players):
        raise ValueError(
            f"seat: expected 'random' or a player from 0 to {players - 1}, " f"got {seat!r}"
        )


@documents_rule_options
class SingleAgentEnv(_EnvBase):
    """A Tiaoqi game for one agent against tiaoqi engines, in Gymnasium's
    API, also named tiaoqi.single_agent_env.

    rules: a Rules (the default rules when None).
    seat: the agent's player, from 0, or "random" (drawn at each reset).
    opponents: the engines of the other seats (tiaoqi.opponents): one
        description for all or a list of one per seat, in turn order
        after the agent; None is the default engine at DEFAULT_LIMITS.
    max_moves: moves of all players together after which a game still
        running is truncated; None for no limit.
    dragons: the dragons variant's dragons ("m1 a13 m13"); drawn when None.
    illegal_action: "terminate" (the episode ends, reward -1) or "raise".
    render_mode: None, "ansi", "human" or "rgb_array".
    """

    metadata = {
        "name": "tiaoqi_single_agent_v0",
        "render_modes": RENDER_MODES,
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seat: int | str = 0,
        opponents: OpponentSpec | list[OpponentSpec] = None,
        max_moves: int | None = DEFAULT_MAX_MOVES,
        dragons: str | None = None,
        illegal_action: str = "terminate",
        render_mode: str | None = None,
        **rule_options: Any,
    ):
        check_env_arguments(render_mode, max_moves)
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action: expected {' or '.join(map(repr, ILLEGAL_ACTIONS))}, "
                f"got {illegal_action!r}"
            )
        self.illegal_action = illegal_action
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
            spaces.binary_box(self._table.observation_shape), spaces.binary_box((actions,))
        )
        self.action_space = spaces.discrete(actions)
        self._random = random.Random()
        # The moves of the game, of all players, as start and end.
        self._moves: list[str] = []
        self._truncated = False
        # Set by an illegal action that ended the episode.
        self._ended = False
        self._started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game. seed reseeds the environment: the seat drawn, the dragons
        drawn and the engines' seeds. options may give "seat" and "dragons";
        other keys are ignored. Refused arguments change nothing."""
        options = check_reset_arguments(seed, options)
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
        self._moves = []
        self._truncated = False
        self._ended = False
        self._started = True
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if not self._started:
            raise step_before_reset_error()
        if self._table.to_move != self.seat or self._truncated or self._ended:
            raise ValueError("the game is over: call reset() for the next one")
        try:
            action = operator.index(action)
        except TypeError:
            raise ValueError(f"action: expected an integer, got {action!r}") from None
        try:
            self._table.step(action)
        except ValueError as error:
            if self.illegal_action == "raise" or not 0 <= action < self._table.action_count:
                raise
            self._ended = True
            info = self._info()
            info["illegal_action"] = str(error)
            return self._observation(), ILLEGAL_ACTION_REWARD, True, False, info
        self._count_move(self._table.action_move(self.seat, action))
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

    def record(self, seating: list[str] | None = None, game: int = 1) -> Record:
        """The game so far as a game record (tiaoqi.Record), which
        tiaoqi.write_records() writes for tiaoqi-render and tiaoqi-match
        --replay: seating names each player ("agent" in the agent's seat and
        each opponent's description unless given), game is its number in a
        file (tiaoqi-render --game picks by it). In the dragons variant
        only once the game is over, since the record names every dragon."""
        if seating is None:
            players = self._table.players
            seating = [
                (
                    AGENT_NAME
                    if player == self.seat
                    else self.opponents[(player - self.seat - 1) % players].name
                )
                for player in range(players)
            ]
        truncated_after = len(self._moves) if self._truncated else None
        return episode_record(self._table, seating, truncated_after, game)

    def render(self) -> Any:
        """The agent's view: ansi the board as text, human the same printed,
        rgb_array an image (height, width, 3) of uint8."""
        return render_view(self._table, self.seat, self.render_mode)

    def close(self) -> None:
        pass

    def _count_move(self, move: str) -> None:
        self._moves.append(move)
        if self.max_moves is not None and len(self._moves) >= self.max_moves:
            self._truncated = self._table.to_move >= 0

    def _play_opponents(self) -> None:
        players = self._table.players
        while not self._truncated and self._table.to_move not in (-1, self.seat):
            offset = (self._table.to_move - self.seat - 1) % players
            self._count_move(self.opponents[offset].play(self._table))

    def _observation(self) -> dict[str, Any]:
        return self._table.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {
            "seat": self.seat,
            "moves": list(self._moves),
            "move_count": len(self._moves),
        }
        if self._table.to_move < 0:
            info["standings"] = self._table.standings
            info["rewards"] = self._table.rewards()
        return info
