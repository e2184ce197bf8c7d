"""Where chunks run: worker processes on this machine, or a dask.distributed cluster.

An executor maps a picklable function over items and yields ``(index, result)`` pairs as they
finish, in any order; the caller stores each result as it comes (so nothing finished is lost)
and folds them in item order (so the numbers do not depend on where or when chunks ran).

* :class:`LocalExecutor` — ``jobs`` worker processes (``jobs`` = 1: in this process).
* :class:`DaskExecutor` — a dask.distributed scheduler at ``address`` (``pip install
  'dosrules[cluster]'``). A worker that dies loses only the chunks it held: the scheduler
  reassigns them to the other workers; a chunk that raises is retried ``retries`` times.
  Before dask connects to a ``tcp://`` address, :func:`probe_scheduler` checks within
  :data:`CONNECT_SECONDS` that a dask scheduler answers there: a silent peer kept dask's own
  connection attempts for 30 s and more, and a server of another protocol (an HTTP port) made
  dask read its text as a frame length and ask for 3 EiB.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from ..errors import DosrulesError, UsageError

__all__ = ["Executor", "LocalExecutor", "DaskExecutor", "make_executor", "probe_scheduler"]

CONNECT_SECONDS = 10.0  # to reach a scheduler and hear its greeting (docs/limits.md)
DASK_PORT = 8786  # the port dask takes when an address gives none
#: a dask peer greets with one message whose first 8 bytes (little-endian) are the size of its
#: frame lengths: a few hundred bytes. Text from another protocol reads as some 10**18
MAX_GREETING_HEADER = 1 << 20


def probe_scheduler(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """UsageError unless a peer at the ``tcp://`` ``address`` greets within ``seconds`` as a dask
    scheduler does: a dask listener writes its handshake first, so a peer that sends nothing
    (a silent port, an HTTP server waiting for its request) or sends something else (a banner)
    is not one. Other schemes (tls, ucx, inproc) are left to dask."""
    import socket
    import time

    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    if scheme != "tcp":
        return
    host, colon, port_text = rest.rstrip("/").rpartition(":")
    if not colon:
        host, port_text = rest.rstrip("/"), str(DASK_PORT)
    try:
        port = int(port_text)
    except ValueError:
        return  # dask says what is wrong with the address
    fix = "Check the address and that `dask scheduler` runs there (it prints its address)."
    deadline = time.monotonic() + seconds
    head = b""
    try:
        with socket.create_connection((host.strip("[]"), port), timeout=seconds) as conn:
            while len(head) < 8:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                conn.settimeout(left)
                part = conn.recv(8 - len(head))
                if not part:
                    raise UsageError(f"--scheduler {address}: the peer closed the connection without greeting as a "
                                     "dask scheduler does", fix=fix)
                head += part
    except (TimeoutError, socket.timeout):
        raise UsageError(f"--scheduler {address}: no dask scheduler answered within {seconds:g} s (the peer accepts "
                         "connections but says nothing; a dask scheduler greets at once)", fix=fix) from None
    except (OSError, ValueError, OverflowError) as err:
        raise UsageError(f"--scheduler {address}: cannot reach a dask scheduler "
                         f"({getattr(err, 'strerror', None) or err})", fix=fix) from None
    if int.from_bytes(head, "little") > MAX_GREETING_HEADER:
        raise UsageError(f"--scheduler {address}: the program there is not a dask scheduler (it answered with "
                         f"{head!r}, which is not dask's protocol)", fix=fix)


class Executor:
    name = "executor"

    def map_unordered(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[tuple[int, Any]]:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class LocalExecutor(Executor):
    name = "local"

    def __init__(self, jobs: int = 1):
        if jobs < 1:
            raise UsageError(f"--jobs must be at least 1, not {jobs}")
        self.jobs = jobs

    def map_unordered(self, fn, items):
        if self.jobs == 1 or len(items) <= 1:
            for i, item in enumerate(items):
                yield i, fn(item)
            return
        from concurrent.futures import FIRST_COMPLETED, wait

        from ..play.workers import process_pool, stop_pool

        pool = process_pool(min(self.jobs, len(items)))
        finished = False
        try:
            pending = {pool.submit(fn, item): i for i, item in enumerate(items)}
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    i = pending.pop(future)
                    yield i, future.result()
            finished = True
        finally:  # on Ctrl-C, SIGTERM or an error: drop queued chunks, stop running ones
            if finished:
                pool.shutdown()
            else:
                stop_pool(pool)


class DaskExecutor(Executor):
    name = "dask"

    def __init__(self, address: str | None, retries: int = 3, client=None):
        try:
            from distributed import Client
        except ImportError:
            raise UsageError("--executor dask needs dask.distributed, which is not installed",
                             fix="Install it with: pip install 'dosrules[cluster]'") from None
        if client is None and not address:
            raise UsageError("--executor dask needs --scheduler ADDRESS",
                             fix="Give the scheduler address, e.g. --scheduler tcp://10.0.0.5:8786.")
        self.retries = retries
        self._own = client is None
        if client is None:
            probe_scheduler(address)
            try:
                client = Client(address, timeout=CONNECT_SECONDS)
            except MemoryError:  # a frame length no peer of dask's would send
                raise UsageError(f"--scheduler {address}: the program there is not a dask scheduler (its answer "
                                 "is not dask's protocol)", fix="Check the address.") from None
            except (OSError, TimeoutError) as err:
                raise UsageError(f"--scheduler {address}: cannot reach a dask scheduler ({err})",
                                 fix="Check the address and that `dask scheduler` runs there.") from None
            except ValueError as err:  # an address dask cannot read (http://...)
                raise UsageError(f"--scheduler {address}: not a dask scheduler address ({err})",
                                 fix="Give the address the scheduler prints, e.g. tcp://10.0.0.5:8786.") from None
        self.client = client

    def map_unordered(self, fn, items):
        from concurrent.futures import CancelledError

        from distributed import as_completed

        futures = self.client.map(fn, list(items), pure=False, retries=self.retries)
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for future in as_completed(futures):
                try:
                    result = future.result()
                except (CancelledError, OSError, TimeoutError) as err:  # the scheduler went away
                    raise DosrulesError(f"the dask cluster stopped answering ({type(err).__name__}: "
                                        f"{str(err).splitlines()[0] if str(err) else 'no detail'})",
                                        fix="Every chunk finished so far is stored: start the scheduler "
                                            "again (or use --executor local) and rerun the same command "
                                            "to resume.") from None
                yield index[future.key], result
        finally:
            for f in futures:
                f.cancel()

    def close(self) -> None:
        if self._own:
            self.client.close()


def make_executor(kind: str, jobs: int = 1, scheduler: str | None = None) -> Executor:
    if kind == "local":
        if scheduler:
            raise UsageError("--scheduler is for --executor dask",
                             fix="Add --executor dask, or drop --scheduler.")
        return LocalExecutor(jobs)
    if kind == "dask":
        return DaskExecutor(scheduler)
    raise UsageError(f"unknown executor '{kind}'", fix="Use --executor local or --executor dask.")
