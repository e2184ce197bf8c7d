"""Files the command line writes (``doc -o``, ``ask -o``, ``compare --html``, ``gaps --html``):
escaped as the terminal is, and never over one of the command's own inputs.

A ruleset's name, a note or a scenario's question is text from someone else; written raw into a
Markdown or HTML file, an ESC sequence or a right-to-left override reaches whoever later ``cat``s
or opens it. :func:`write_output` writes the text with every control and bidi character as an
escape (``dosrules.cli.terminal.safe``, as on standard output), and refuses a path that is one
of the files the command read (``doc X.yaml -o X.yaml`` used to replace the ruleset with its
rulebook).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from ..errors import UsageError
from .terminal import safe

__all__ = ["write_output", "check_output"]


def _same_file(path: Path, other: str | Path) -> bool:
    """Whether two paths name one file: the same file, or (one not made yet) the same path."""
    try:
        return os.path.samefile(path, other)
    except (OSError, ValueError):  # either does not exist (yet), or cannot be named
        try:
            return path.resolve() == Path(other).resolve()
        except (OSError, ValueError, RuntimeError):
            return False


def check_output(path: str | Path, *, option: str, inputs: Iterable[str | Path] = ()) -> None:
    """UsageError, naming ``option``, if ``path`` is one of ``inputs`` (the files the command
    reads): a command that works long checks before it starts."""
    for read in inputs:
        if _same_file(Path(path), read):
            raise UsageError(f"{option} {path}: this is a file the command reads ({read}); writing would "
                             "replace it", fix=f"Give {option} another file name.")


def write_output(path: str | Path, text: str, *, option: str, inputs: Iterable[str | Path] = ()) -> None:
    """Write ``text``, made safe, to ``path`` (its folder made if need be). UsageError, naming
    ``option``, if ``path`` is one of ``inputs`` (the files the command read) or cannot be
    written; nothing is written then."""
    target = Path(path)
    check_output(target, option=option, inputs=inputs)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(safe(text), encoding="utf-8")
    except OSError as err:
        raise UsageError(f"{option} {path}: cannot write the file ({err.strerror or err})",
                         fix="Give a file in a folder that exists or can be made, and that you may write to.") from None
