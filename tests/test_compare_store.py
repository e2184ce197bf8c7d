"""The SQLite chunk store: round trip, keys, WAL, persistence, clear errors for bad files."""

import sqlite3

import pytest

from dosrules.comparison.store import KEY_FIELDS, ResultStore, code_version, default_db_path
from dosrules.errors import UsageError


def key(**over):
    fields = {"code_version": "v1", "ruleset_hash": "sha256:ab", "players": 4, "policy": "greedy", "seed": 1,
              "mode": "rounds", "size": 250, "chunk_index": 0, "turn_cap": 1000, "max_rounds_per_game": 1000}
    fields.update(over)
    return ResultStore.key(fields)


def test_put_get_round_trip_and_every_key_field_counts(tmp_path):
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        store.put(key(), "mattel-2018", {"rounds": 250, "gaps": {"a.b": 3}}, 1.5)
        assert store.get_many([key()]) == {key(): {"rounds": 250, "gaps": {"a.b": 3}}}
        others = [key(**{name: "other" if isinstance(value, str) else value + 1})
                  for name, value in zip(KEY_FIELDS, key())]
        assert store.get_many(others) == {}
    with ResultStore(db) as again:  # persisted
        assert again.count() == 1
        mode = again.conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"


def test_a_put_is_committed_at_once(tmp_path):
    db = tmp_path / "r.sqlite"
    store = ResultStore(db)
    store.put(key(chunk_index=7), "x", {"n": 1}, 0.1)
    other = sqlite3.connect(db)  # another connection sees it before close
    assert other.execute("SELECT COUNT(*) FROM chunks WHERE chunk_index=7").fetchone()[0] == 1
    other.close()
    store.close()


def test_not_a_database_is_a_usage_error(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("not sqlite at all, just some text that is long enough" * 40)
    with pytest.raises(UsageError) as err:
        ResultStore(bad)
    assert "--db" in err.value.paragraph() and "SQLite" in err.value.paragraph()


def test_another_format_is_a_usage_error(tmp_path):
    db = tmp_path / "r.sqlite"
    ResultStore(db).close()
    con = sqlite3.connect(db)
    con.execute("UPDATE meta SET value='99' WHERE key='format'")
    con.commit()
    con.close()
    with pytest.raises(UsageError, match="format 99"):
        ResultStore(db)


def test_default_path_is_under_the_cache_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "dosrules" / "results.sqlite"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert default_db_path().parts[-3:] == (".cache", "dosrules", "results.sqlite")


def test_code_version_is_stable():
    assert code_version() == code_version() and len(code_version()) == 16
