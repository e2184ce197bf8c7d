"""Worker processes that never outlive the run that started them.

:func:`process_pool` starts a ``ProcessPoolExecutor`` whose workers

* ignore Ctrl-C (the coordinating process stops the run, without a traceback from each worker)
  and die at once on SIGTERM (what :func:`stop_pool` sends);
* die with their parent, however it ends: on Linux the kernel sends them SIGKILL when it dies
  (``PR_SET_PDEATHSIG``, which also covers SIGKILL of the parent); elsewhere, and as a second
  guard, a thread in each worker checks every second that its parent is still the same process.

:func:`stop_pool` ends a pool at once on an error, Ctrl-C or SIGTERM: queued work is dropped and
running workers are terminated instead of being waited for. The command line turns SIGTERM into
:class:`dosrules.errors.Terminated` (see ``dosrules.cli.main``), so a terminated run stops its workers this way.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

__all__ = ["process_pool", "stop_pool"]

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` workers that ignore Ctrl-C and die with this process."""
    return ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(os.getpid(),))


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Drop queued work and terminate running workers; do not wait for them."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.is_alive():
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def _init_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # a forked worker inherits the parent's SIGTERM handler (the command line's, or one that only
    # notes the signal inside dosrules.interrupts.held): stop_pool's terminate() must end it at once
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no prctl: the watcher thread remains
            pass
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()


def _watch_parent(parent: int) -> None:
    """Exit when the process that started the pool is gone (this worker was re-parented)."""
    while True:
        if os.getppid() != parent and not _alive(parent):
            os._exit(1)
        time.sleep(1.0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - someone else's process now holds the pid
        return False
    return True
