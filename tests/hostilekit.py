"""Helpers for the hostile-input tests: run the CLI in-process under a hard time limit, write
house rulesets with hostile values, and look for raw control bytes in what reached the terminal."""

from __future__ import annotations

import errno
import io
import json
import re
import signal
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from dosrules.cli import main

#: what must never reach the terminal raw (dosrules.cli.terminal escapes it)
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
#: the exit codes of a run that ended as designed (3: verify left a check unknown)
CLEAN_EXITS = {0, 1, 2, 3}


class Hang(BaseException):
    """The run passed its time limit (a BaseException: the CLI's own handlers let it through)."""


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err

    def problems(self) -> list[str]:
        """What makes this run unclean: an internal error, no message on failure, raw control bytes."""
        found = []
        if self.code not in CLEAN_EXITS:
            found.append(f"exit {self.code}")
        if "internal error" in self.err or "Traceback" in self.err:
            found.append("internal error: " + self.err[-300:])
        if self.code != 0 and not self.text.strip():
            found.append("failed without a message")
        raw = RAW_CONTROL.search(self.text)
        if raw:
            found.append(f"raw control character {raw.group()!r}")
        return found


class FullDisk(io.StringIO):
    """Standard output on a full disk (``> /dev/full``): every write and flush fails."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


class AsciiOut(io.TextIOWrapper):
    """Standard output that holds ASCII only (``PYTHONIOENCODING=ascii``, a C locale)."""

    def __init__(self):
        super().__init__(io.BytesIO(), encoding="ascii", errors="strict")

    def getvalue(self) -> str:
        self.flush()
        return self.buffer.getvalue().decode("ascii")


#: standard outputs a run may get: a terminal's (text), a full disk, none at all (>&-), ASCII only
STDOUTS = {"text": io.StringIO, "full": FullDisk, "closed": lambda: None, "ascii": AsciiOut}


def run_cli(argv: list[str], timeout: float = 30.0, stdout: str = "text") -> Run:
    """``dosrules ARGV`` in this process, its standard output one of :data:`STDOUTS`; Hang if it
    takes more than ``timeout`` seconds (a hard limit: SIGALRM, so a regression fails instead of
    hanging CI)."""
    argv = [str(a) for a in argv]
    out, err = STDOUTS[stdout](), io.StringIO()

    def expire(signum, frame):
        raise Hang(f"dosrules {' '.join(argv)[:200]} ran longer than {timeout} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as end:  # argparse's own usage errors
                code = end.code if isinstance(end.code, int) else 2
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    written = out.getvalue() if isinstance(out, (io.StringIO, AsciiOut)) and not isinstance(out, FullDisk) else ""
    return Run(code, written, err.getvalue())


CITE = {"source": "h", "section": "house", "quote": "as we play"}


def house(folder: Path, rid: str, rules: dict | None = None, *, name: str | None = None,
          extends: str = "mattel-2018", source: dict | None = None, cite: dict | None = None,
          by_players: dict | None = None) -> Path:
    """Write ``<folder>/<rid>.yaml``: a house rule over ``extends`` setting ``rules``, each top-level
    group cited (JSON is YAML, so any value, however hostile, is written exactly)."""
    rules = rules or {}
    data = {"id": rid, "name": name if name is not None else f"House rule {rid}", "kind": "house",
            "extends": extends,
            "sources": [source or {"key": "h", "file": "notes.txt", "title": "Table notes", "language": "en"}],
            "rules": rules}
    if by_players:
        data["by_players"] = by_players
    data["cite"] = cite if cite is not None else {
        **{group: dict(CITE) for group in rules}, **({"by_players": dict(CITE)} if by_players else {})}
    path = folder / f"{rid}.yaml"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


#: a deck whose every card is a 5: every high-card draw for first dealer ties
ALL_FIVES = {"deck": {"numbers": {"5": 12}, "wild_number_per_colour": 0, "wild_dos": 0, "per_colour": 12,
                      "total": 48}}
#: a deck of Wild DOS cards only: every Centre Row is all wild, every round void at that gap
ALL_WILD_DOS = {"deck": {"numbers": {}, "wild_number_per_colour": 0, "wild_dos": 60, "per_colour": 0, "total": 60}}
