"""Ctrl-C and SIGTERM held while a block runs, and acted on where dosrules chooses.

Inside :func:`held`, SIGINT and SIGTERM only note the signal. :func:`stop_if_signalled` (between
two steps of the work) and leaving the block raise KeyboardInterrupt for SIGINT or
:class:`dosrules.errors.Terminated` for SIGTERM. This is for work that a KeyboardInterrupt must not
cut in the middle: a library object being built (z3's context is made while ``dosrules.verify``
loads; cut, it complains when collected), or a call into C that the exception would turn into
a library error (a z3 query, which ``on_signal`` cancels from a watcher thread instead).
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from typing import Callable, Iterator

__all__ = ["held", "stop_if_signalled"]

_STOPS = (signal.SIGINT, signal.SIGTERM)
_signals: list[int] = []  # stops noted inside held() and not yet acted on
_depth = 0  # held() blocks open


@contextmanager
def held(on_signal: Callable[[], None] | None = None) -> Iterator[None]:
    """Inside, SIGINT and SIGTERM are noted, and ``on_signal`` (if given) is called from another
    thread as each arrives; leaving the block raises for a noted one. Main thread only
    (elsewhere a plain block). A signal the process ignores (as a shell's background job ignores
    SIGINT) stays ignored. A block inside another works the same; leaving the outer one forgets
    a stop that an error, not the stop, ended the work with."""
    global _depth
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, lambda signum, frame: _signals.append(signum))
           for s in _STOPS if signal.getsignal(s) is not signal.SIG_IGN}  # ignored stays ignored (a background job)
    watcher = None
    if on_signal is not None:  # Python runs the handler above only between bytecodes, not in C code
        wake_read, wake_write = os.pipe()
        os.set_blocking(wake_write, False)
        old_fd = signal.set_wakeup_fd(wake_write)
        watcher = threading.Thread(target=_call_on_stops, args=(wake_read, on_signal), daemon=True,
                                   name="interrupt-watcher")
        watcher.start()
    _depth += 1
    try:
        yield
        stop_if_signalled()
    finally:
        _depth -= 1
        for s, handler in old.items():
            signal.signal(s, handler)
        if watcher is not None:
            signal.set_wakeup_fd(old_fd)
            os.close(wake_write)  # the watcher reads end-of-file and ends
            watcher.join()
            os.close(wake_read)
        if not _depth:
            _signals.clear()


def _call_on_stops(fd: int, on_signal: Callable[[], None]) -> None:
    while True:
        got = os.read(fd, 16)
        if not got:
            return
        if any(b in _STOPS for b in got):
            on_signal()


def stop_if_signalled() -> None:
    """Raise KeyboardInterrupt (Terminated) if :func:`held` noted SIGINT (SIGTERM); for a loop that
    waits on something it cannot be interrupted in, e.g. worker processes or a z3 query."""
    if _signals:
        signum = _signals[0]
        _signals.clear()
        if signum == signal.SIGTERM:
            from .errors import Terminated

            raise Terminated
        raise KeyboardInterrupt
