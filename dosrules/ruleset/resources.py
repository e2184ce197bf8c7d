"""Where the shipped data lives: package data in a wheel, else the source checkout."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # dosrules/


def data_dir(name: str) -> Path | None:
    """``rulesets`` or ``schemas``: ``dosrules/_data/<name>`` when installed, else ``<checkout>/<name>``."""
    for root in (PACKAGE_DIR / "_data" / name, PACKAGE_DIR.parent / name):
        if root.is_dir():
            return root
    return None


EDITOR_SCHEMA = "ruleset.draft-07.json"  # the draft-07 copy editors read (docs/editors.md)


def editor_schema_path() -> Path | None:
    """The ruleset schema for editors (``schemas/ruleset.draft-07.json``), for a modeline
    ``# yaml-language-server: $schema=<path>``; None in a broken installation."""
    folder = data_dir("schemas")
    return folder / EDITOR_SCHEMA if folder is not None and (folder / EDITOR_SCHEMA).is_file() else None
