"""The two-control trial of bench/sprt: a trial at a short control and,
only when that one accepts H1, the same trial at a long control of at
least ten times the work a move; two records, each naming the other
(docs/match.md, "Two controls")."""

import json
import os
import sys

from bench import trials
from bench.trials import Refused

# The long control's flags, each the long form of one of the short's.
LONG_TIME = {"--long-movetime": "movetime", "--long-tc": "tc", "--long-nodes": "nodes"}
LONG_BOUNDS = {"--long-elo0": "elo0", "--long-elo1": "elo1"}
# The long half's own cap on games (each half checks it as its own).
LONG_OTHER = {"--long-max-games": "max-games"}
LONG_FLAGS = (*LONG_TIME, *LONG_BOUNDS, *LONG_OTHER)
# How much more work a move the long control gives than the short one.
LONG_FACTOR = 10
# What the short half's decision says, in the lines that follow it.
SHORT_OUTCOMES = {"H1": "accepted H1", "H0": "accepted H0"}
# From three players on, the long control is at least the work of a move of
# this many milliseconds: the short move users play.
USER_MOVE_MS = 200


def attribute(flag):
    return flag[2:].replace("-", "_")


def long_control(args, flags, test):
    """The long control the flags ask for, checked against the short one:
    None without --long-*, else {"time": {kind: value}, "test": bounds}."""
    given = {flag: getattr(args, attribute(flag)) for flag in LONG_FLAGS}
    times = {flag: value for flag, value in given.items() if flag in LONG_TIME and value}
    if not any(value is not None for value in given.values()):
        return None
    if len(times) != 1:
        raise Refused(
            "a two-control trial takes one long control: --long-movetime MS,"
            " --long-tc CLOCK or --long-nodes N"
        )
    if args.shard is not None or args.merge_shards is not None:
        raise Refused("a two-control trial plays its halves whole: give --shard without --long-*")
    ((flag, text),) = times.items()
    kind = LONG_TIME[flag]
    if list(flags.time) != [kind]:
        raise Refused(
            f"{flag} scales the short control --{kind}: give the short trial --{kind} alone"
        )
    value = long_value(flag, kind, text)
    if work_ratio(kind, flags.time[kind], value) < LONG_FACTOR:
        raise Refused(
            f"{flag} {text} is less than {LONG_FACTOR} times the short control"
            f" --{kind} {flags.time[kind]}"
        )
    bounds = dict(test)
    for bound_flag, name in LONG_BOUNDS.items():
        if given[bound_flag] is not None:
            bounds[name] = trials.decimal(bound_flag, given[bound_flag])
    if args.long_max_games is not None:
        if args.openings is not None:
            raise Refused("--long-max-games caps the long half: give --max-games, not --openings")
        trials.positive("--long-max-games", args.long_max_games, low=flags.players)
    trials.check_elo_bounds(bounds["elo0"], bounds["elo1"], "--long-")
    return {"time": {kind: value}, "test": bounds}


def long_value(flag, kind, text):
    if kind != "tc":
        return trials.positive(flag, text)
    if not trials.CLOCK.match(text):
        raise Refused(f"{flag} expects <seconds>[+<increment>] such as 60+0.6, got '{text}'")
    return text


def clock(text):
    seconds, _, increment = str(text).partition("+")
    return float(seconds), float(increment or 0)


def work_ratio(kind, short, long):
    """How many times the short control's work a move the long one gives:
    for a clock, the smaller of its two parts' ratios (an increment of 0
    on both sides counts as no limit)."""
    if kind != "tc":
        return long / short
    (short_base, short_inc), (long_base, long_inc) = clock(short), clock(long)
    ratios = [long_base / short_base if short_base else float("inf")]
    if short_inc or long_inc:
        ratios.append(long_inc / short_inc if short_inc else float("inf"))
    return min(ratios)


def iterations_at_user_move(players, results_folder):
    """MCTS iterations of a USER_MOVE_MS move at the table size, one
    thread, from the newest `speed` record that measured it; None when
    none did."""
    path = os.path.join(results_folder, "speed.jsonl")
    if not os.path.exists(path):
        return None
    key = f"mcts_iterations_per_move_{players}p_{USER_MOVE_MS}ms_1t"
    found = None
    with open(path, encoding="utf-8") as file:
        for line in file:
            record = json.loads(line) if line.strip() else {}
            for figure in record.get("figures", []):
                if figure.get("what") == key:
                    found = (round(figure["value"]), record.get("id"))
    return found


def warn_if_short_of_user_move(flags, control):
    """From three players on, the long control should be at least the work
    of a move users play: a note when it is not (tests play tiny ones)."""
    if flags.players < 3:
        return
    ((kind, value),) = control["time"].items()
    if kind == "movetime" and value < USER_MOVE_MS:
        print(
            f"sprt: note: the long control ({value} ms) is less than a {USER_MOVE_MS} ms move,"
            " the least a default's long trial plays (docs/match.md)",
            file=sys.stderr,
        )
    if kind == "nodes":
        folder = os.path.dirname(os.path.abspath(flags.results))
        measured = iterations_at_user_move(flags.players, folder)
        if measured and value < measured[0]:
            print(
                f"sprt: note: the long control ({value} nodes) is less than the work of a"
                f" {USER_MOVE_MS} ms move at {flags.players} players ({measured[0]} MCTS"
                f" iterations, record {measured[1]}), the least a default's long trial plays"
                " (docs/match.md)",
                file=sys.stderr,
            )


def half_words(argv, args, long):
    """The words of one half as a trial of its own: the --long-* flags and
    --id gone, --out DIR as DIR/short or DIR/long, and for the long half
    its time and bounds in the short's place, as the command line wrote
    them."""
    words = argv
    for flag in LONG_FLAGS:
        words = trials.without_flag(words, flag)
    words = trials.without_flag(words, "--id")
    # The halves play different matches: with --out, each its own folder.
    if args.out is not None:
        half = os.path.join(args.out, "long" if long else "short")
        words = trials.with_flag(trials.without_flag(words, "--out"), "--out", half)
    if long:
        for flag, name in {**LONG_TIME, **LONG_BOUNDS, **LONG_OTHER}.items():
            text = getattr(args, attribute(flag))
            if text is not None:
                words = trials.with_flag(trials.without_flag(words, f"--{name}"), f"--{name}", text)
    return words


def half_ids(trial):
    """The ids the two halves' records take: ID-short and ID-long with
    --id ID, else the first two free `sprt-N`."""
    if trial.args.id is not None:
        return f"{trial.args.id}-short", f"{trial.args.id}-long"
    results = trial.flags.results
    ids = trials.existing_ids(results) | trials.reserved_ids(results)
    short_id = trials.free_id(ids, "sprt")
    return short_id, trials.free_id(ids | {short_id}, "sprt")


def run_pair(argv, trial, run_trial):
    """Runs the short half, then the long half when the short accepts H1."""
    warn_if_short_of_user_move(trial.flags, trial.long)
    short_id, long_id = half_ids(trial)
    words = [word for word in trials.without_flag(argv, "--id") if word != "--again"]
    pair = {
        "command": trials.replay_command("sprt", trials.recorded_words(words)),
        "short": short_id,
        "long": long_id,
    }
    short_words = trials.with_flag(half_words(argv, trial.args, False), "--id", short_id)
    short = run_trial(short_words, {**pair, "control": "short"})
    # A short half recorded before (by this command, or by the same trial
    # alone) keeps its own link or takes the free id.
    if short.get("pair"):
        pair = {key: value for key, value in short["pair"].items() if key != "control"}
    elif short["id"] != short_id:
        pair["short"] = short["id"]
    outcome = SHORT_OUTCOMES.get(short["decision"], "is undecided")
    if short["decision"] != "H1":
        print(
            f"sprt: the short control {outcome} after {short['games']} games ({short['id']}):"
            " the long control is not played"
        )
        return 0
    ((kind, value),) = trial.long["time"].items()
    print(
        f"sprt: the short control {outcome} ({short['id']}): playing the long control,"
        f" --{kind} {value}, as {pair['long']}",
        flush=True,
    )
    long_words = trials.with_flag(half_words(argv, trial.args, True), "--id", pair["long"])
    long = run_trial(long_words, {**pair, "control": "long"})
    verdict = {
        "H1": "passes both controls",
        "H0": "fails the long control",
    }.get(long["decision"], "is undecided at the long control")
    print(f"sprt: {short['id']} and {long['id']}: the change {verdict} ({long['decision']})")
    return 0
