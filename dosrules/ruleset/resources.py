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
