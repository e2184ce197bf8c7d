"""dosrules.interrupts: Ctrl-C and SIGTERM held inside a block, acted on when it is left."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from dosrules.errors import Terminated
from dosrules.interrupts import held, stop_if_signalled


@pytest.fixture(autouse=True)
def ctrl_c_as_in_a_terminal():
    """Ctrl-C raises KeyboardInterrupt, even where the tests run as a background job (which
    ignores SIGINT)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_a_held_ctrl_c_is_raised_when_the_block_is_left_and_the_handler_comes_back():
    before = signal.getsignal(signal.SIGINT)
    finished = False
    with pytest.raises(KeyboardInterrupt):
        with held():
            os.kill(os.getpid(), signal.SIGINT)
            finished = True  # the work inside goes on to its end
    assert finished and signal.getsignal(signal.SIGINT) is before


def test_sigterm_is_raised_as_terminated_by_a_check_inside_the_block():
    reached = []
    with pytest.raises(Terminated):
        with held():
            os.kill(os.getpid(), signal.SIGTERM)
            reached.append("before the check")
            stop_if_signalled()
            reached.append("after the check")
    assert reached == ["before the check"]


def test_on_signal_runs_in_another_thread_as_the_signal_arrives():
    called = threading.Event()
    with pytest.raises(KeyboardInterrupt):
        with held(on_signal=called.set):
            os.kill(os.getpid(), signal.SIGINT)
            assert called.wait(5)


def test_a_stop_noted_in_an_inner_block_is_raised_there_and_the_outer_one_sees_no_other():
    with pytest.raises(KeyboardInterrupt):
        with held():
            with pytest.raises(KeyboardInterrupt):
                with held():
                    os.kill(os.getpid(), signal.SIGINT)
            raise KeyboardInterrupt  # only this one leaves the outer block
    with held():  # nothing noted is left over
        pass


def test_an_error_inside_leaves_as_itself_and_the_noted_stop_is_forgotten():
    with pytest.raises(ValueError):
        with held():
            os.kill(os.getpid(), signal.SIGINT)
            raise ValueError("the work failed")
    stop_if_signalled()  # does not raise: the stop went with the error


def test_a_signal_the_process_ignores_stays_ignored_as_in_a_background_job():
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with held():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGINT)
        stop_if_signalled()  # nothing was noted
    finally:
        signal.signal(signal.SIGINT, before)
