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
"""

ChunkKey = tuple  # values in KEY_FIELDS order


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


_CODE_VERSION: str | None = None


def code_version() -> str:
    """A short hash of the sources that decide a chunk's numbers, and the store format."""
    global _CODE_VERSION
    if _CODE_VERSION is None:
        h = hashlib.sha256(f"format:{FORMAT_VERSION}".encode())
        for name in CODE_MODULES:
            for path in _module_files(name):
                h.update(path.name.encode())
                h.update(path.read_bytes())
        _CODE_VERSION = h.hexdigest()[:16]
    return _CODE_VERSION


class ResultStore:
    """Chunk results in one SQLite file. ``get_many`` reads; ``put`` writes and commits one chunk."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(str(self.path), timeout=30.0, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.executescript(_SCHEMA)
            found = self.conn.execute("SELECT value FROM meta WHERE key='format'").fetchone()
            if found is None:
                self.conn.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (str(FORMAT_VERSION),))
            elif found[0] != str(FORMAT_VERSION):
                raise UsageError(f"--db {self.path}: results of store format {found[0]}, this dosrules "
                                 f"writes format {FORMAT_VERSION}",
                                 fix="Give another --db file, or delete this one to start afresh.")
        except sqlite3.DatabaseError as err:
            raise UsageError(f"--db {self.path}: not a usable SQLite results file ({err})",
                             fix="Give a new file name with --db, or delete the damaged file.") from None

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
        """The stored results (JSON data) of those ``keys`` that are present."""
        found: dict[ChunkKey, dict[str, Any]] = {}
        where = " AND ".join(f"{k}=?" for k in KEY_FIELDS)
        for key in keys:
            row = self.conn.execute(f"SELECT result FROM chunks WHERE {where}", key).fetchone()
            if row is not None:
                found[key] = json.loads(row[0])
        return found

    def put(self, key: ChunkKey, ruleset_id: str, result: Mapping[str, Any], seconds: float) -> None:
        """Store one finished chunk and commit at once (a later kill cannot lose it)."""
        marks = ",".join("?" * (len(KEY_FIELDS) + 4))
        self.conn.execute(f"INSERT OR REPLACE INTO chunks ({','.join(KEY_FIELDS)}, ruleset_id, result, seconds, created) "
                          f"VALUES ({marks})",
                          (*key, ruleset_id, json.dumps(result, sort_keys=True), float(seconds),
                           time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))

    def count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
