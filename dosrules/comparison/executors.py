"""Where chunks run: worker processes on this machine, or a dask.distributed cluster.

An executor maps a picklable function over items and yields ``(index, result)`` pairs as they
finish, in any order; the caller stores each result as it comes (so nothing finished is lost)
and folds them in item order (so the numbers do not depend on where or when chunks ran).

* :class:`LocalExecutor` — ``jobs`` worker processes (``jobs`` = 1: in this process).
* :class:`DaskExecutor` — a dask.distributed scheduler at ``address`` (``pip install
  'dosrules[cluster]'``). A worker that dies loses only the chunks it held: the scheduler
  reassigns them to the other workers; a chunk that raises is retried ``retries`` times.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from ..errors import DosrulesError, UsageError

__all__ = ["Executor", "LocalExecutor", "DaskExecutor", "make_executor"]


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
            try:
                client = Client(address, timeout=10)
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
