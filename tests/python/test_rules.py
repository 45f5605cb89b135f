"""tiaoqi.Rules: every rule option of the engine's table by name, the
engine's own messages for bad input."""

import pickle

import pytest

import tiaoqi
from conftest import run_engine

RULE_SPECS = [spec for spec in tiaoqi.option_specs() if spec["rule"]]
# Options that make a game only together with another (docs/rules.md):
# each value is tried alone, then in these settings, until one takes it.
SETTINGS = [
    {},
    {"goal_lock": True},
    {"max_plies": 100},
    {"players": 3},
    {"players": 2, "armies_per_player": 1},
]


def values_of(spec):
    if spec["type"] == "check":
        return [False, True]
    if spec["type"] == "combo":
        return list(spec["values"])
    return sorted({spec["min"], spec["default"], spec["max"]})


def rules_with(name, value):
    for setting in SETTINGS:
        try:
            return tiaoqi.Rules({**setting, name: value})
        except ValueError:
            continue
    return None


def test_the_table_names_every_rule_option_once():
    names = [spec["python_name"] for spec in RULE_SPECS]
    assert len(names) == len(set(names))
    assert {"players", "long_jumps", "goal_lock_in_chain", "max_plies", "variant"} <= set(names)
    assert tiaoqi.Rules().to_dict() == {spec["python_name"]: spec["default"] for spec in RULE_SPECS}


@pytest.mark.parametrize("spec", RULE_SPECS, ids=lambda spec: spec["name"])
def test_every_value_of_every_rule_option_round_trips(spec):
    name = spec["python_name"]
    for value in values_of(spec):
        rules = rules_with(name, value)
        if rules is None:
            # Only the values the table itself refuses make no game anywhere.
            with pytest.raises(ValueError, match="refused"):
                tiaoqi.Rules({name: value})
            continue
        assert getattr(rules, name) == value
        assert rules.to_dict()[name] == value
        # By the table's own spelling too, and back through text and pickle.
        assert getattr(rules, spec["name"]) == value
        assert tiaoqi.Rules.from_string(str(rules)) == rules
        assert pickle.loads(pickle.dumps(rules)) == rules
        assert tiaoqi.Position(rules).rules.to_dict()[name] == value


def test_names_are_compared_without_case_spaces_and_underscores():
    assert tiaoqi.Rules(LongJumps=True) == tiaoqi.Rules(long_jumps=True)
    assert tiaoqi.Rules({"Long Jumps": True, "MAXPLIES": 50}) == tiaoqi.Rules(
        long_jumps=True, max_plies=50
    )
    assert (
        repr(tiaoqi.Rules(players=3, long_jumps=True)) == "tiaoqi.Rules(players=3, long_jumps=True)"
    )


@pytest.mark.parametrize(
    "options, line",
    [
        ({"players": 7}, "setoption name Players value 7"),
        ({"players": 5}, "setoption name Players value 5"),
        ({"colour": "red"}, "setoption name colour value red"),
        ({"goal_rule": "first"}, "setoption name GoalRule value first"),
        ({"repetitions": 1}, "setoption name Repetitions value 1"),
    ],
)
def test_a_bad_value_raises_the_engines_own_message(options, line):
    reply = run_engine(stdin=line + "\nquit\n")
    prefix = "info string error: setoption: "
    message = next(text[len(prefix) :] for text in reply.splitlines() if text.startswith(prefix))
    with pytest.raises(ValueError) as raised:
        tiaoqi.Rules(options)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": "3"}, "Players: expected an int, got '3' (str)"),
        ({"players": 3.0}, "Players: expected an int, got 3.0 (float)"),
        ({"players": True}, "Players: expected an int, got True (bool)"),
        ({"pieces_per_army": "10"}, "PiecesPerArmy: expected an int, got '10' (str)"),
        ({"long_jumps": "yes"}, "LongJumps: expected a bool, got 'yes' (str)"),
        ({"long_jumps": 1}, "LongJumps: expected a bool, got 1 (int)"),
        ({"goal_rule": 1}, "GoalRule: expected a str, got 1 (int)"),
    ],
)
def test_a_value_of_another_type_is_refused_whatever_it_reads_as(options, message):
    with pytest.raises(ValueError) as raised:
        tiaoqi.Rules(options)
    assert str(raised.value) == message
    rules = tiaoqi.Rules()
    with pytest.raises(ValueError):
        rules.replace(**options)
    assert rules == tiaoqi.Rules()
    # numpy's integers are integers.
    import numpy as np

    assert tiaoqi.Rules(players=np.int64(3)).players == 3


def test_combinations_that_make_no_game_are_refused():
    with pytest.raises(ValueError, match="Variant dragons is played by 3 players"):
        tiaoqi.Rules(variant="dragons")
    with pytest.raises(ValueError, match="GoalLockInChain extends the goal lock"):
        tiaoqi.Rules(goal_lock_in_chain=True)
    with pytest.raises(ValueError, match="Hash is an engine option, not a rule option"):
        tiaoqi.Rules(hash=16)


def test_rules_are_values_that_a_refused_change_leaves_alone():
    rules = tiaoqi.Rules(players=3)
    with pytest.raises(ValueError):
        rules.replace(players=5)
    assert rules.players == 3
    changed = rules.replace(long_jumps=True)
    assert (rules.long_jumps, changed.long_jumps, changed.players) == (False, True, 3)
    with pytest.raises(AttributeError):
        rules.colour
    # Against another type, == is False rather than an error.
    assert rules != 3 and not rules == "Players=3"
