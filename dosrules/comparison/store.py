"""Resumable simulation results: one SQLite row per finished chunk (stdlib ``sqlite3``).

A chunk's numbers depend only on its key — ruleset content hash, players, policy, seed, chunk
index, chunk size (rounds or games in the chunk), turn cap, rounds-per-game cap — and on the
code that plays it, named by ``code_version``: a hash of the simulation, agent and engine
sources plus :data:`FORMAT_VERSION`. A row is written and committed as soon as its chunk
finishes, in WAL mode, so a run killed at any moment keeps every finished chunk and a rerun
computes only the missing ones. Only the coordinating process writes.

Schema (``FORMAT_VERSION`` 1)::

    meta(key TEXT PRIMARY KEY, value TEXT)          -- 'format' -> '1'
    chunks(
      code_version TEXT, ruleset_hash TEXT, players INTEGER, policy TEXT, seed INTEGER,
      mode TEXT,               -- 'rounds' or 'games'
      size INTEGER,            -- rounds (or games) in this chunk
      chunk_index INTEGER, turn_cap INTEGER, max_rounds_per_game INTEGER,
      ruleset_id TEXT, result TEXT,   -- the ChunkResult as JSON
      seconds REAL, created TEXT,
      PRIMARY KEY (code_version, ruleset_hash, players, policy, seed, mode, size,
                   chunk_index, turn_cap, max_rounds_per_game))
    verify_reports(            -- the verifier's reports (dosrules.comparison.verify_reports)
      verifier_version TEXT,   -- a hash of the verifier's sources and its report format
      ruleset_hash TEXT, options TEXT,  -- the bounds of the run (budget, turns) as JSON
      ruleset_id TEXT, report TEXT, seconds REAL, created TEXT,
      PRIMARY KEY (verifier_version, ruleset_hash, options))
    valid_documents(digest TEXT PRIMARY KEY)  -- ruleset documents that passed the schema
                               -- (dosrules.ruleset.schema.document_digest): not validated again

A store made before the verifier's tables existed gets them on opening (the table is new, the
format of the others is unchanged).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..errors import UsageError

__all__ = ["ResultStore", "ChunkKey", "default_db_path", "code_version", "FORMAT_VERSION"]

FORMAT_VERSION = 1

#: modules whose source decides a chunk's numbers (their hash is part of every key)
CODE_MODULES = ("dosrules.play", "dosrules.engine", "dosrules.ruleset.cards")

KEY_FIELDS = ("code_version", "ruleset_hash", "players", "policy", "seed", "mode", "size",
              "chunk_index", "turn_cap", "max_rounds_per_game")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (
  code_version TEXT NOT NULL,
  ruleset_hash TEXT NOT NULL,
  players INTEGER NOT NULL,
  policy TEXT NOT NULL,
  seed INTEGER NOT NULL,
  mode TEXT NOT NULL,
  size INTEGER NOT NULL,
  chunk_index INTEGER NOT NULL,
  turn_cap INTEGER NOT NULL,
  max_rounds_per_game INTEGER NOT NULL,
  ruleset_id TEXT NOT NULL,
  result TEXT NOT NULL,
  seconds REAL NOT NULL,
  created TEXT NOT NULL,
  PRIMARY KEY (code_version, ruleset_hash, players, policy, seed, mode, size, chunk_index,
               turn_cap, max_rounds_per_game)
);
CREATE TABLE IF NOT EXISTS verify_reports (
  verifier_version TEXT NOT NULL,
  ruleset_hash TEXT NOT NULL,
  options TEXT NOT NULL,
  ruleset_id TEXT NOT NULL,
  report TEXT NOT NULL,
  seconds REAL NOT NULL,
  created TEXT NOT NULL,
  PRIMARY KEY (verifier_version, ruleset_hash, options)
);
CREATE TABLE IF NOT EXISTS valid_documents (digest TEXT PRIMARY KEY);
"""

ChunkKey = tuple  # values in KEY_FIELDS order
#: keys read by one query of get_many: SQLite allows 32,766 parameters in a statement since 3.32, 999 before
_KEYS_PER_QUERY = (32_766 if sqlite3.sqlite_version_info >= (3, 32) else 999) // len(KEY_FIELDS)


def default_db_path() -> Path:
    """``$XDG_CACHE_HOME/dosrules/results.sqlite`` (``~/.cache/...`` when unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dosrules" / "results.sqlite"


def _module_files(name: str) -> list[Path]:
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return []
    origin = Path(spec.origin)
    if spec.submodule_search_locations:  # a package: every .py below it
        return sorted(p for loc in spec.submodule_search_locations for p in Path(loc).rglob("*.py"))
    return [origin]


_VERSIONS: dict[tuple[str, ...], str] = {}


def sources_hash(modules: Iterable[str], salt: str) -> str:
    """A short hash of ``salt`` and the sources of ``modules`` (a package: every .py below it)."""
    h = hashlib.sha256(salt.encode())
    for name in modules:
        for path in _module_files(name):
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def code_version(modules: tuple[str, ...] = CODE_MODULES) -> str:
    """A short hash of the sources that decide a result (by default a chunk's numbers), and the
    store format."""
    if modules not in _VERSIONS:
        _VERSIONS[modules] = sources_hash(modules, f"format:{FORMAT_VERSION}")
    return _VERSIONS[modules]


class ResultStore:
    """Chunk results in one SQLite file. ``get_many`` reads; ``put`` writes and commits one chunk.

    Every failure of the file is a DosrulesError that says which it is: a folder that cannot be
    made, a store that cannot be written (read-only: its results are fine and stay as they are), a
    full disk or file size limit (the chunks stored so far are kept: a rerun resumes), or a
    damaged file (move it aside; never deleted, never advised to be)."""

    def __init__(self, path: str | Path, label: str | None = None):
        self.path = Path(path)
        self.label = label or f"--db {self.path}"  # how messages name the store
        if str(path) == ":memory:" or str(path).startswith("file:"):
            raise UsageError(f"{self.label}: an in-memory store keeps nothing, so every run would compute "
                             "every chunk again", fix="Give --db a file (or leave it out for the default "
                                                      "store in $XDG_CACHE_HOME/dosrules).")
        if self.path.is_dir():
            raise UsageError(f"{self.label}: this is a folder, not a results store file",
                             fix=f"Give --db a file, e.g. --db {self.path / 'results.sqlite'}.")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise UsageError(f"{self.label}: cannot make its folder {self.path.parent} ({err.strerror})",
                             fix="Give --db a file in a folder that exists or can be made (a file of "
                                 "that name is in the way, or the place is not writable).") from None
        try:
            self.conn = sqlite3.connect(str(self.path), timeout=30.0, isolation_level=None)
            self._refuse_foreign()
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.executescript(_SCHEMA)
            found = self.conn.execute("SELECT value FROM meta WHERE key='format'").fetchone()
            if found is None:
                self.conn.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (str(FORMAT_VERSION),))
            elif found[0] != str(FORMAT_VERSION):
                raise UsageError(f"{self.label}: results of store format {found[0]}, this dosrules "
                                 f"writes format {FORMAT_VERSION}",
                                 fix=f"Give another --db file, or move this one aside "
                                     f"(mv {self.path} {self.path}.format-{found[0]}) to start afresh.")
        except sqlite3.Error as err:
            raise self.failure(err) from None

    def _refuse_foreign(self) -> None:
        """UsageError if the file is another program's SQLite database: dosrules adds no table to it
        (nor switches its journal), and says whose tables it found."""
        tables = {row[0] for row in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        ours = "meta" in tables and self.conn.execute(  # every store dosrules made says its format here
            "SELECT 1 FROM meta WHERE key = 'format'").fetchone() is not None
        if tables and not ours:
            self.conn.close()
            others = sorted(tables - {"meta", "chunks"}) or sorted(tables)
            shown = ", ".join(t[:40] for t in others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
            raise UsageError(f"{self.label}: this SQLite file is not a dosrules results store (it holds the "
                             f"tables {shown}); dosrules leaves it as it is",
                             fix="Give --db a new file, or a file dosrules made.")

    def failure(self, err: Exception) -> UsageError:
        """The error of a store that failed with ``err`` (sqlite3 or a row that is not a result)."""
        text = str(err)
        aside = f"mv {self.path} {self.path}.damaged"
        if isinstance(err, sqlite3.Error) and ("readonly" in text or "unable to open" in text):
            return UsageError(f"{self.label}: the results store cannot be written ({text}): the file or "
                              "its folder is read-only",
                              fix="Its results are fine and stay as they are. Give --db a writable file, "
                                  "or make this one (and its folder) writable.")
        if isinstance(err, sqlite3.Error) and ("full" in text or "disk I/O" in text):
            return UsageError(f"{self.label}: cannot write the results store ({text}): the disk is full "
                              "or a file size limit was reached",
                              fix="Free some space (or raise the limit) and run again: every chunk stored "
                                  "so far is kept, and the run resumes from there.")
        return UsageError(f"{self.label}: the file is not a dosrules results store (SQLite), or it is damaged ({text})",
                          fix=f"Move it aside ({aside}) and run again (the chunks it held are computed "
                              "anew), or give another file with --db.")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "ResultStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @staticmethod
    def key(fields: Mapping[str, Any]) -> ChunkKey:
        return tuple(fields[name] for name in KEY_FIELDS)

    def get_many(self, keys: Iterable[ChunkKey]) -> dict[ChunkKey, dict[str, Any]]:
        """The stored results (JSON data) of those ``keys`` that are present, in one query (one per
        :data:`_KEYS_PER_QUERY` keys: SQLite bounds the parameters of a statement)."""
        wanted = list(dict.fromkeys(tuple(k) for k in keys))
        found: dict[ChunkKey, dict[str, Any]] = {}
        fields = ",".join(KEY_FIELDS)
        row = "(" + ",".join("?" * len(KEY_FIELDS)) + ")"
        try:
            for at in range(0, len(wanted), _KEYS_PER_QUERY):
                batch = wanted[at:at + _KEYS_PER_QUERY]
                query = (f"SELECT {fields}, result FROM chunks WHERE ({fields}) IN "
                         f"(VALUES {','.join([row] * len(batch))})")
                for *key, text in self.conn.execute(query, [v for k in batch for v in k]):
                    result = json.loads(text)
                    if not isinstance(result, dict):
                        raise ValueError(f"a stored result is {type(result).__name__}, not a chunk result")
                    found[tuple(key)] = result
        except (sqlite3.Error, ValueError, TypeError, RecursionError) as err:
            raise self.failure(err) from None
        return found

    def put(self, key: ChunkKey, ruleset_id: str, result: Mapping[str, Any], seconds: float) -> None:
        """Store one finished chunk and commit at once (a later kill cannot lose it)."""
        marks = ",".join("?" * (len(KEY_FIELDS) + 4))
        try:
            self.conn.execute(f"INSERT OR REPLACE INTO chunks ({','.join(KEY_FIELDS)}, ruleset_id, result, seconds, "
                              f"created) VALUES ({marks})",
                              (*key, ruleset_id, json.dumps(result, sort_keys=True), float(seconds),
                               time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))
        except sqlite3.Error as err:
            raise self.failure(err) from None

    def get_reports(self, keys: Iterable[tuple[str, str, str]]) -> dict[tuple[str, str, str], tuple[dict[str, Any], str]]:
        """The stored verifier reports (JSON data, and when stored) of those ``keys``
        (verifier_version, ruleset_hash, options) that are present."""
        found: dict[tuple[str, str, str], tuple[dict[str, Any], str]] = {}
        try:
            for key in keys:
                row = self.conn.execute("SELECT report, created FROM verify_reports WHERE verifier_version=? "
                                        "AND ruleset_hash=? AND options=?", key).fetchone()
                if row is not None:
                    report = json.loads(row[0])
                    if not isinstance(report, dict):
                        raise ValueError(f"a stored report is {type(report).__name__}, not a verifier report")
                    found[key] = (report, row[1])
        except (sqlite3.Error, ValueError, TypeError, RecursionError) as err:
            raise self.failure(err) from None
        return found

    def put_report(self, key: tuple[str, str, str], ruleset_id: str, report: Mapping[str, Any],
                   seconds: float) -> None:
        """Store one verifier report and commit at once."""
        try:
            self.conn.execute("INSERT OR REPLACE INTO verify_reports (verifier_version, ruleset_hash, options, "
                              "ruleset_id, report, seconds, created) VALUES (?,?,?,?,?,?,?)",
                              (*key, ruleset_id, json.dumps(report, sort_keys=True), float(seconds),
                               time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))
        except sqlite3.Error as err:
            raise self.failure(err) from None

    def valid_documents(self) -> set[str]:
        """The digests of the ruleset documents known to pass the schema."""
        try:
            return {row[0] for row in self.conn.execute("SELECT digest FROM valid_documents")}
        except sqlite3.Error as err:
            raise self.failure(err) from None

    def add_valid_documents(self, digests: Iterable[str]) -> None:
        """Keep these digests of documents that passed the schema."""
        try:
            self.conn.executemany("INSERT OR IGNORE INTO valid_documents VALUES (?)", [(d,) for d in digests])
        except sqlite3.Error as err:
            raise self.failure(err) from None

    def count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
