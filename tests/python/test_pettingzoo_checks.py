"""PettingZoo's own checkers on tiaoqi.env(), unchanged, at every table size
and in the dragons variant: api_test and seed_test, bare and under the
wrappers PettingZoo's classic games wear, and parallel_api_test through
turn_based_aec_to_parallel. They run where PettingZoo imports (CI puts a
copy on PYTHONPATH: .ci/run) and are skipped with a message elsewhere."""

import pytest

import tiaoqi
from conftest import CHECKED_TABLES, skipped_without

try:
    from pettingzoo.test import api_test, parallel_api_test, seed_test
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    MISSING = ""
except ImportError as error:
    MISSING = skipped_without("PettingZoo", error)
pytestmark = pytest.mark.skipif(bool(MISSING), reason=MISSING)

# api_test warns that the observation is a dict and no NumPy array: it
# allows that only for PettingZoo's own games, by name, though they use the
# same {"observation", "action_mask"} form. The warnings are no failure.

# Short games keep each check within a second or so: the checkers play
# until the game ends or num_cycles rounds of every agent pass.
MAX_MOVES = 40
CYCLES = 60


def bare_env(rules):
    return tiaoqi.env(max_moves=MAX_MOVES, **rules)


def wrapped_env(rules):
    """As PettingZoo's classic games wrap theirs."""
    env = bare_env(rules)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


@pytest.mark.parametrize("make", [bare_env, wrapped_env], ids=["bare", "wrapped"])
@pytest.mark.parametrize("table", CHECKED_TABLES)
def test_api_test(table, make):
    api_test(make(CHECKED_TABLES[table]), num_cycles=CYCLES)


@pytest.mark.parametrize("make", [bare_env, wrapped_env], ids=["bare", "wrapped"])
@pytest.mark.parametrize("table", CHECKED_TABLES)
def test_seed_test(table, make):
    seed_test(lambda: make(CHECKED_TABLES[table]), num_cycles=CYCLES)


@pytest.mark.parametrize("table", CHECKED_TABLES)
def test_parallel_api_test_through_turn_based_aec_to_parallel(table):
    parallel = turn_based_aec_to_parallel(bare_env(CHECKED_TABLES[table]))
    parallel_api_test(parallel, num_cycles=CYCLES)
