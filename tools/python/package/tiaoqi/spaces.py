"""Observation and action spaces of the environments.

When Gymnasium is installed these are its own spaces (``gymnasium.spaces``),
as PettingZoo and the training libraries expect. Without it they are the
small stand-ins below, with the attributes and methods the environments'
users rely on: ``shape``, ``dtype``, ``n`` (Discrete), ``low``/``high``
(Box), ``spaces`` (Dict), ``sample()``, ``contains()``, ``seed()`` and
``np_random``, the numpy Generator that sample() draws from.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

try:
    import gymnasium.spaces as _gymnasium_spaces
except ImportError:
    _gymnasium_spaces = None


_BOOL = np.dtype(np.bool_)


class _Space:
    """What every stand-in space shares: a seeded generator, np_random."""

    def __init__(self, shape: tuple[int, ...] | None, dtype: Any, seed: int | None = None):
        self.shape = shape
        self.dtype = None if dtype is None else np.dtype(dtype)
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Reseeds sample(); returns the seed, as Gymnasium's spaces do."""
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def __contains__(self, value: Any) -> bool:
        return self.contains(value)


def _below(generator: np.random.Generator, n: int) -> int:
    """A uniform integer from 0 to n - 1. From one random() (53 bits, so no
    bias that shows below 2^40 values): a fifth of the cost of integers(),
    2.7 against 0.5 us, and an environment step costs about 10."""
    return int(generator.random() * n)


class Discrete(_Space):
    """The integers start .. start + n - 1."""

    def __init__(self, n: int, seed: int | None = None, start: int = 0):
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = int(start)

    def sample(self, mask: np.ndarray | None = None) -> int:
        """A uniform draw; with a mask (int8 or bool, 1 where allowed), among the
        allowed values only (start when none is allowed, as Gymnasium does)."""
        if mask is None:
            return self.start + _below(self.np_random, self.n)
        mask = np.asarray(mask)
        if mask.shape != (self.n,):
            raise ValueError(f"mask: expected shape ({self.n},), got {mask.shape}")
        # numpy finds the nonzero entries of a bool array ten times faster
        # than those of an int8 one (6 against 60 us for 121 x 121).
        if mask.dtype is not _BOOL:
            mask = mask.view(_BOOL) if mask.dtype.itemsize == 1 else mask != 0
        allowed = mask.nonzero()[0]
        if len(allowed) == 0:
            return self.start
        return self.start + int(allowed[_below(self.np_random, len(allowed))])

    def contains(self, value: Any) -> bool:
        if isinstance(value, (bool, np.bool_)):
            return False
        if isinstance(value, np.ndarray):
            if value.shape != () or not np.issubdtype(value.dtype, np.integer):
                return False
            value = int(value)
        if not isinstance(value, (int, np.integer)):
            return False
        return self.start <= int(value) < self.start + self.n

    def __repr__(self) -> str:
        return (
            f"Discrete({self.n})" if self.start == 0 else f"Discrete({self.n}, start={self.start})"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)


class Box(_Space):
    """Arrays of one shape and dtype with every value in [low, high]."""

    def __init__(
        self, low: float, high: float, shape: tuple[int, ...], dtype: Any, seed: int | None = None
    ):
        super().__init__(tuple(shape), dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self) -> np.ndarray:
        """Uniform values (integers for an integer dtype)."""
        generator = self.np_random
        if np.issubdtype(self.dtype, np.integer):
            return generator.integers(self.low, self.high, endpoint=True, dtype=self.dtype)
        return generator.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, value: Any) -> bool:
        if not isinstance(value, np.ndarray):
            return False
        return (
            value.shape == self.shape
            and np.can_cast(value.dtype, self.dtype)
            and bool(np.all(value >= self.low))
            and bool(np.all(value <= self.high))
        )

    def __repr__(self) -> str:
        return f"Box({self.low.flat[0]}, {self.high.flat[0]}, {self.shape}, {self.dtype})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Box)
            and self.shape == other.shape
            and self.dtype == other.dtype
            and np.array_equal(self.low, other.low)
            and np.array_equal(self.high, other.high)
        )


class Dict(_Space):
    """A mapping of names to spaces; a value is a dict with the same keys."""

    def __init__(self, spaces: Mapping[str, _Space], seed: int | None = None):
        super().__init__(None, None, seed)
        self.spaces = dict(spaces)

    def __getitem__(self, key: str) -> _Space:
        return self.spaces[key]

    def seed(self, seed: int | None = None) -> list[int | None]:
        super().seed(seed)
        seeds: list[int | None] = [seed]
        for space in self.spaces.values():
            seeds += space.seed(None if seed is None else int(self.np_random.integers(2**31)))
        return seeds

    def sample(self) -> dict[str, Any]:
        return {name: space.sample() for name, space in self.spaces.items()}

    def contains(self, value: Any) -> bool:
        return (
            isinstance(value, Mapping)
            and set(value) == set(self.spaces)
            and all(space.contains(value[name]) for name, space in self.spaces.items())
        )

    def __repr__(self) -> str:
        return (
            "Dict(" + ", ".join(f"{name!r}: {space!r}" for name, space in self.spaces.items()) + ")"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dict) and self.spaces == other.spaces


def discrete(n: int) -> Any:
    """An action space of n actions: Gymnasium's Discrete when installed."""
    if _gymnasium_spaces is not None:
        return _gymnasium_spaces.Discrete(n)
    return Discrete(n)


def binary_box(shape: tuple[int, ...]) -> Any:
    """int8 arrays of 0 and 1: observation planes and action masks."""
    if _gymnasium_spaces is not None:
        return _gymnasium_spaces.Box(0, 1, shape, np.int8)
    return Box(0, 1, shape, np.int8)


def observation_dict(planes: Any, mask: Any) -> Any:
    """The observation space: {'observation': planes, 'action_mask': mask}."""
    spaces = {"observation": planes, "action_mask": mask}
    if _gymnasium_spaces is not None:
        return _gymnasium_spaces.Dict(spaces)
    return Dict(spaces)


def batched(space: Any, n: int) -> Any:
    """The space of n stacked values of `space`, as a vector environment
    has it: Gymnasium's batch_space() when installed (a Discrete becomes a
    MultiDiscrete); else stand-ins, a Discrete becoming a Box of n integers."""
    if _gymnasium_spaces is not None:
        from gymnasium.vector.utils import batch_space

        return batch_space(space, n)
    if isinstance(space, Dict):
        return Dict({name: batched(one, n) for name, one in space.spaces.items()})
    if isinstance(space, Box):
        return Box(space.low.flat[0], space.high.flat[0], (n, *space.shape), space.dtype)
    if isinstance(space, Discrete):
        return Box(space.start, space.start + space.n - 1, (n,), np.int64)
    raise TypeError(f"no batched form of {space!r}")
