"""The generated rulebooks of the shipped editions, kept in ``docs/rulebooks/`` of a checkout.

One Markdown file per edition and language, with citations: ``<id>.<lang>.md`` (``README.md``
beside them is written by hand and left alone). Editions are
found by globbing the shipped editions folder, so new editions need no change here.

Regenerate with ``python -m tools.rulebooks``; ``--check`` exits 1 when a file is
missing, stale or left over.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dosrules.ruleset.loader import load_ruleset, shipped_dirs
from dosrules.rulebook.render import languages, render_rulebook

REGENERATE = "python -m tools.rulebooks"
README = "README.md"  # written by hand: how each language was written and checked
RULEBOOKS_DIR = Path(__file__).resolve().parent.parent / "docs" / "rulebooks"


def shipped_editions() -> list[Path]:
    return sorted(p for d in shipped_dirs() if d.name == "editions" for p in d.glob("*.yaml"))


def expected_rulebooks() -> dict[str, str]:
    """File name -> text of every rulebook ``docs/rulebooks/`` should hold."""
    out = {}
    for file in shipped_editions():
        ruleset = load_ruleset(file)
        for lang in languages():
            out[f"{ruleset.id}.{lang}.md"] = render_rulebook(ruleset, lang=lang, cite=True)
    return out


def stale_rulebooks(folder: Path = RULEBOOKS_DIR) -> list[str]:
    """Names of files that are missing, out of date, or no longer generated."""
    expected = expected_rulebooks()
    present = {p.name for p in folder.glob("*.md") if p.name != README} if folder.is_dir() else set()
    stale = [name for name, text in expected.items()
             if name not in present or (folder / name).read_text(encoding="utf-8") != text]
    return sorted(stale + sorted(present - set(expected)))


def write_rulebooks(folder: Path = RULEBOOKS_DIR) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    expected = expected_rulebooks()
    for name, text in expected.items():
        (folder / name).write_text(text, encoding="utf-8")
    for leftover in folder.glob("*.md"):
        if leftover.name not in expected and leftover.name != README:
            leftover.unlink()
    return sorted(expected)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--check"]:
        stale = stale_rulebooks()
        for name in stale:
            print(f"docs/rulebooks/{name} is out of date; run: {REGENERATE}", file=sys.stderr)
        return 1 if stale else 0
    if argv:
        print(f"usage: {REGENERATE} [--check]", file=sys.stderr)
        return 2
    for name in write_rulebooks():
        print(f"docs/rulebooks/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
