"""What the Python tests share. CTest runs them (tests/python/CMakeLists.txt)
with PYTHONPATH at the built package, TIAOQI_BINARY at the built engine and
TIAOQI_MATCH and TIAOQI_RENDER at the built tools."""

import os
import random
import subprocess
import sys

import numpy as np
import pytest

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "python", "examples")
sys.path.insert(0, EXAMPLES)
# A one-ply greedy function of the position (for tiaoqi.position_agent).
from match_agents import greedy  # noqa: E402, F401


def engine_binary() -> str:
    path = os.environ.get("TIAOQI_BINARY")
    if not path:
        pytest.fail("TIAOQI_BINARY must name the tiaoqi binary (CTest sets it)")
    return path


def tool_path(variable: str) -> str:
    """A built program CTest names in the environment (TIAOQI_MATCH, ...)."""
    path = os.environ.get(variable)
    if not path:
        pytest.fail(f"{variable} must name the program (CTest sets it)")
    return path


def run_engine(*arguments: str, stdin: str = "") -> str:
    """What the tiaoqi binary writes for these arguments and input lines."""
    done = subprocess.run(
        [engine_binary(), *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout


def option_arguments(rules) -> list[str]:
    """--option Name=Value for every rule option (str(rules) writes them so)."""
    arguments = []
    for word in str(rules).split():
        arguments += ["--option", word]
    return arguments


def random_action(observation: dict, rng: random.Random) -> int:
    legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
    return int(legal[rng.randrange(len(legal))])


# Every table size and the dragons variant, for the real checkers
# (test_pettingzoo_checks, test_gymnasium_checks).
CHECKED_TABLES = {
    "1 player": {"players": 1},
    "2 players": {"players": 2},
    "3 players": {"players": 3},
    "4 players": {"players": 4},
    "6 players": {"players": 6},
    "dragons": {"players": 3, "variant": "dragons"},
}


def skipped_without(library: str, error: ImportError) -> str:
    """Why a real checker's tests are skipped."""
    return (
        f"{library}'s checkers are skipped: {library} does not import ({error}); "
        f"install it or name a copy in PYTHONPATH"
    )
