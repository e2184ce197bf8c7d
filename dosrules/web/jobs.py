"""Comparisons started from a page: each runs the command line's ``dosrules compare`` in a child
process (the same service, its chunks in the same results store), with a bounded queue.

At most ``running`` comparisons run at once and ``waiting`` more wait; beyond that
:meth:`JobQueue.submit` refuses with :class:`QueueFull`, which the page says in words. A job's
progress comes from the child's progress lines (``DOSRULES_PROGRESS=lines``: ``progress DONE
TOTAL`` on stderr); its report is the HTML the command writes. A job lives until the server
stops; the oldest finished ones are forgotten beyond :data:`KEEP_FINISHED`.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Job", "JobQueue", "QueueFull", "KEEP_FINISHED"]

KEEP_FINISHED = 32  # finished comparisons kept to look at
_ERROR_CHARS = 2000  # the most of a failed comparison's message shown


class QueueFull(Exception):
    """Every running and waiting place is taken."""


@dataclass
class Job:
    id: str
    argv: list[str]  # the compare command's arguments (after 'dosrules compare')
    label: str
    folder: Path
    state: str = "waiting"  # waiting | running | done | failed
    done: int = 0
    total: int = 0
    error: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def report(self) -> Path:
        return self.folder / "report.html"

    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0


class JobQueue:
    """Compare jobs in child processes: ``running`` at once, ``waiting`` more in line."""

    def __init__(self, folder: Path, db: str | None, running: int = 1, waiting: int = 3,
                 search_dirs: tuple[str, ...] = ()):
        self.folder, self.db, self.search_dirs = folder, db, search_dirs
        self.running, self.waiting = running, waiting
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self._slots = threading.Semaphore(running)
        self._lock = threading.Lock()
        self._procs: set[subprocess.Popen] = set()

    def active(self) -> int:
        return sum(1 for j in self.jobs.values() if j.state in ("waiting", "running"))

    def submit(self, argv: list[str], label: str) -> Job:
        with self._lock:
            if self.active() >= self.running + self.waiting:
                raise QueueFull()
            job_id = secrets.token_hex(8)
            folder = self.folder / job_id
            folder.mkdir(parents=True)
            job = Job(job_id, argv, label, folder)
            self.jobs[job_id] = job
            self._forget_old()
        threading.Thread(target=self._run, args=(job,), daemon=True, name=f"compare-{job_id}").start()
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def stop(self) -> None:
        """End every child process (the server is stopping)."""
        for proc in list(self._procs):
            proc.terminate()

    def _forget_old(self) -> None:
        finished = [j for j in self.jobs.values() if j.state in ("done", "failed")]
        for job in finished[:max(0, len(finished) - KEEP_FINISHED)]:
            del self.jobs[job.id]

    def _command(self, job: Job) -> list[str]:
        cmd = [sys.executable, "-m", "dosrules", "compare", *job.argv, "--html", str(job.report)]
        if self.db:
            cmd += ["--db", self.db]
        for d in self.search_dirs:
            cmd += ["--rulesets", d]
        return cmd

    def _run(self, job: Job) -> None:
        with self._slots:
            job.state = "running"
            env = {**os.environ, "DOSRULES_PROGRESS": "lines"}
            try:
                proc = subprocess.Popen(self._command(job), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True, env=env, cwd=job.folder)
            except OSError as err:
                job.state, job.error = "failed", f"the comparison could not start ({err.strerror})"
                return
            self._procs.add(proc)
            other: list[str] = []
            assert proc.stderr is not None
            for line in proc.stderr:
                parts = line.split()
                if len(parts) == 3 and parts[0] == "progress" and parts[1].isdigit() and parts[2].isdigit():
                    job.done, job.total = int(parts[1]), int(parts[2])
                elif sum(map(len, other)) < _ERROR_CHARS:
                    other.append(line)
            code = proc.wait()
            self._procs.discard(proc)
            if code == 0 and job.report.is_file():
                job.state = "done"
            else:
                job.state = "failed"
                job.error = ("".join(other).strip()[:_ERROR_CHARS]
                             or f"the comparison ended with exit code {code}")
