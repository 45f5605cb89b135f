"""Ctrl-C stops the module's blocking calls: SIGINT during a search that
would run for minutes raises KeyboardInterrupt at once, and the engine
searches again afterwards."""

import os
import signal
import threading
import time

import pytest

import tiaoqi

# A search at depth 60 runs for minutes; the interrupt must come long
# before. The bound is generous for a loaded machine: the module answers
# within a few milliseconds of the signal.
BOUND_S = 5.0


def interrupted_after(call, delay=0.3):
    """Sends SIGINT to this process `delay` seconds into `call`; returns the
    seconds from the signal to the KeyboardInterrupt."""
    sent = []

    def send():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(delay, send)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    assert sent, "the call ended before the signal came"
    return time.monotonic() - sent[0]


def test_ctrl_c_stops_a_deep_search():
    assert (
        interrupted_after(lambda: tiaoqi.search(tiaoqi.Position(), "alphabeta", depth=60)) < BOUND_S
    )


def test_ctrl_c_stops_an_engine_and_it_searches_again():
    engine = tiaoqi.Engine(search="mcts")
    assert interrupted_after(lambda: engine.search(tiaoqi.Position(), infinite=True)) < BOUND_S
    assert engine.search(tiaoqi.Position(), nodes=50).move in tiaoqi.Position().legal_moves()


def test_ctrl_c_stops_an_environment_whose_engines_search():
    env = tiaoqi.single_agent_env(seat=1, opponents={"search": "alphabeta", "depth": 60})
    assert interrupted_after(lambda: env.reset(seed=1)) < BOUND_S


def test_ctrl_c_stops_a_batch_whose_engines_search():
    # Every game's engine would search for minutes: the first is stopped by
    # the signal, the others stop at once.
    vector = tiaoqi.vector_env(4, seat=1, opponents={"search": "alphabeta", "depth": 60})
    assert interrupted_after(lambda: vector.reset(seed=1)) < BOUND_S
    assert interrupted_after(lambda: vector.step(vector.sample_legal())) < BOUND_S


def test_ctrl_c_stops_a_deep_perft():
    # perft 8 from the start counts for hours.
    assert interrupted_after(lambda: tiaoqi.Position().perft(8)) < BOUND_S
    assert interrupted_after(lambda: tiaoqi.Position().perft(8, threads=2)) < BOUND_S
    assert interrupted_after(lambda: tiaoqi.Position().perft_divide(8)) < BOUND_S
    assert tiaoqi.Position().perft(1) == len(tiaoqi.Position().legal_moves())
