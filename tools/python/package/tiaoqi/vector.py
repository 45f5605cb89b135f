"""tiaoqi.vector_env(): num_envs games stepped together in C++.

Gymnasium's VectorEnv API (a gymnasium.vector.VectorEnv when Gymnasium is
installed): reset(seed) gives (observations, infos) and step(actions)
gives (observations, rewards, terminations, truncations, infos), every
value stacked over the envs. One call into C++ plays every env with the
GIL released and writes into preallocated buffers that the returned numpy
arrays are views of: a step makes no Python objects per env, and the
arrays are overwritten by the next reset() or step() (copy what you keep).

Without opponents every seat is the agent's, as in tiaoqi.env(): each
observation is the player to move's. With opponents (one description for
every other seat or one per seat, as single_agent_env() takes them) the
agent plays `seat` and the engines play the other seats inside C++, as in
single_agent_env(). Observations, actions, rewards and the move limit are
those environments' own.

Autoreset is Gymnasium's next-step mode: the step that ends a game returns
its last observation with termination or truncation set; the next step
ignores that env's action and starts a new game, returning its first
observation with reward 0.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from . import spaces
from ._tiaoqi import RANDOM_SEAT, GameTable, Rules, VectorTable
from .aec import (
    check_env_arguments,
    check_reset_arguments,
    documents_rule_options,
    rules_of,
    step_before_reset_error,
)
from .agents import Agent
from .limits import DEFAULT_MAX_MOVES
from .opponents import OpponentSpec, opponents_for
from .single_agent import _check_seat

try:
    import gymnasium.vector as _gymnasium_vector

    _VectorBase: Any = _gymnasium_vector.VectorEnv
    _NEXT_STEP: Any = getattr(
        getattr(_gymnasium_vector, "AutoresetMode", None), "NEXT_STEP", "next_step"
    )
except ImportError:
    _VectorBase = object
    _NEXT_STEP = "next_step"

_INT64 = np.dtype(np.int64)


@documents_rule_options
class VectorEnv(_VectorBase):
    """num_envs Tiaoqi games for Gymnasium's vector API, also named
    tiaoqi.vector_env.

    rules: a Rules (the default rules when None).
    opponents: None for every seat the agent's; else the engines of the
        other seats, as single_agent_env() takes them.
    seat: with opponents, the agent's player or "random" (drawn a game).
    max_moves: moves of all players together after which a game still
        running is truncated; None for no limit.
    dragons: the dragons variant's dragons ("m1 a13 m13"); drawn when None.
    seed: seeds the resets that give none.
    """

    metadata = {"name": "tiaoqi_vector_v0", "autoreset_mode": _NEXT_STEP}

    def __init__(
        self,
        num_envs: int,
        rules: Rules | None = None,
        *,
        opponents: OpponentSpec | list[OpponentSpec] = None,
        seat: int | str = 0,
        max_moves: int | None = DEFAULT_MAX_MOVES,
        dragons: str | None = None,
        seed: int | None = None,
        **rule_options: Any,
    ):
        check_env_arguments(None, max_moves)
        if (
            isinstance(num_envs, bool)
            or not isinstance(num_envs, (int, np.integer))
            or num_envs < 1
        ):
            raise ValueError(f"num_envs: expected an integer 1 or more, got {num_envs!r}")
        check_reset_arguments(seed, None)
        self.rules = rules_of(rules, rule_options)
        players = GameTable(self.rules).players
        self.single_agent = opponents is not None
        engines = []
        if self.single_agent:
            _check_seat(seat, players)
            # In turn order after the agent's seat; each serves every env.
            self.opponents = opponents_for(opponents, players - 1)
            for opponent in self.opponents:
                if isinstance(opponent, Agent):
                    raise ValueError(
                        f"opponents: the batched step plays them in C++, so each is an "
                        f"engine setting; {opponent!r} is a Python agent (single_agent_env() "
                        f"and tiaoqi.match() take those)"
                    )
            engines = [
                (
                    opponent.engine,
                    opponent.limits.get("nodes"),
                    opponent.limits.get("movetime"),
                    opponent.limits.get("depth"),
                )
                for opponent in self.opponents
            ]
        else:
            self.opponents = []
        self.seat = seat
        self.max_moves = max_moves
        self.num_envs = int(num_envs)
        self._table = VectorTable(
            self.rules,
            self.num_envs,
            max_moves=max_moves,
            seat=RANDOM_SEAT if seat == "random" or not engines else seat,
            engines=engines,
            dragons=dragons or "",
        )
        actions = self._table.action_count
        self.single_observation_space = spaces.observation_dict(
            spaces.binary_box(self._table.observation_shape), spaces.binary_box((actions,))
        )
        self.single_action_space = spaces.discrete(actions)
        self.observation_space = spaces.batched(self.single_observation_space, self.num_envs)
        self.action_space = spaces.batched(self.single_action_space, self.num_envs)
        buffers = self._table.buffers
        # Read-only: the C++ side rewrites only the changed entries of a mask.
        for array in buffers.values():
            array.flags.writeable = False
        self._observations = {
            "observation": buffers["observation"],
            "action_mask": buffers["action_mask"],
        }
        self._rewards = buffers["rewards"]
        self._terminations = buffers["terminations"]
        self._truncations = buffers["truncations"]
        self._infos = {
            "to_move": buffers["to_move"],
            "viewer": buffers["viewer"],
            # A count: a list a game would be Python objects every step.
            "moves": buffers["moves"],
            "move_count": buffers["moves"],
            "rewards": buffers["player_rewards"],
        }
        if self.single_agent:
            self._infos["seat"] = buffers["seat"]
        self._random = random.Random(seed)
        self._started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """New games in every env. seed reseeds the environment: each env's
        games (seats and dragons drawn), its sample_legal() and the engines'
        seeds. options are ignored (none is known here). Refused arguments
        change nothing."""
        check_reset_arguments(seed, options)
        source = random.Random(seed) if seed is not None else self._random
        game_seed = source.getrandbits(63)
        self._random = source
        if seed is not None:
            self.action_space.seed(seed)
        for offset, opponent in enumerate(self.opponents):
            opponent.new_game(game_seed + offset)
        # Set first: a reset that Ctrl-C interrupts still starts every game
        # (the engines' searches stopped early), then raises.
        self._started = True
        self._table.reset(game_seed)
        return dict(self._observations), self._infos

    def step(
        self, actions: Any
    ) -> tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per env (ignored for an env whose game ended at the
        last step: it starts a new one). Any illegal action, a wrong length
        or a non-integer dtype raises ValueError and nothing changes."""
        if not self._started:
            raise step_before_reset_error()
        if type(actions) is not np.ndarray or actions.dtype is not _INT64:
            actions = np.asarray(actions)
            if actions.dtype.kind not in "iu":
                raise ValueError(
                    f"actions: expected integers, one per env, got dtype " f"{actions.dtype}"
                )
            actions = np.ascontiguousarray(actions, dtype=_INT64)
        self._table.step(actions)
        return (
            dict(self._observations),
            self._rewards,
            self._terminations,
            self._truncations,
            self._infos,
        )

    def sample_legal(self) -> np.ndarray:
        """One legal action per env (0 for an env awaiting its autoreset),
        uniform among the player to move's, from each env's seeded sampler."""
        return self._table.sample_legal()

    def action_masks(self) -> np.ndarray:
        """The masks alone, (num_envs, actions)."""
        return self._observations["action_mask"]

    def game(self, env: int) -> GameTable:
        """A copy of one env's game table (its positions, legal actions, ...)."""
        return self._table.table(env)

    def close(self, **kwargs: Any) -> None:
        pass
