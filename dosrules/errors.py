"""User-facing errors: what is wrong, where, and how to fix it — never a traceback."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: characters of a quoted value a message shows; a longer one (a 900 KB argument or file value)
#: is cut, with its length said
MAX_QUOTED = 80
_LONG_WORD = re.compile("[^\\s]{%d,}" % (4 * MAX_QUOTED + 1))


def _word(char: str) -> bool:
    return char.isalnum() or char == "_"


def clip_quoted(text: str) -> str:
    """``text`` with every quoted value longer than MAX_QUOTED characters cut to it, and every
    unquoted run of more than 4 × MAX_QUOTED characters without a space (a path is shorter).

    A quote opens a value where it starts a word and closes it where it ends one, so an
    apostrophe in prose ("the row card's") is neither. One pass over the quotes: linear in the
    text, whatever it holds."""
    if len(text) <= MAX_QUOTED:
        return text
    quotes = [i for i, char in enumerate(text) if char == "'"]
    closers = [i for i in quotes if i + 1 == len(text) or not _word(text[i + 1])]
    out, done, c = [], 0, 0
    for i in quotes:
        if i < done or (i > 0 and _word(text[i - 1])):
            continue
        while c < len(closers) and closers[c] <= i:
            c += 1
        if c == len(closers):
            break
        end = closers[c]
        if end - i - 1 > MAX_QUOTED:
            out.append(text[done:i + 1 + MAX_QUOTED - 3] + f"...' ({end - i - 1:,} characters)")
            done = end + 1
    out.append(text[done:])
    return _LONG_WORD.sub(lambda m: f"{m.group()[:MAX_QUOTED - 3]}... ({len(m.group()):,} characters)", "".join(out))


@dataclass(frozen=True)
class Location:
    """A place in an input file; line and column are 1-based, either may be unknown."""

    file: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


class DosrulesError(Exception):
    """Bad input. ``str()`` is one paragraph: where, what, and how to fix it."""

    exit_code = 1

    def __init__(self, what: str, *, where: Location | str | None = None,
                 path: str | None = None, fix: str | None = None):
        self.what, self.where, self.path, self.fix = what, where, path, fix
        super().__init__(self.paragraph())

    def paragraph(self) -> str:
        head = f"{self.where}: " if self.where else ""
        text = f"{self.what} (at {self.path})" if self.path else self.what
        if not text.endswith((".", "?", "!")):
            text += "."
        fix = f" {self.fix}" if self.fix else ""
        return clip_quoted(f"{head}{text}{fix}")  # input quoted back never floods the terminal


class ProblemsError(DosrulesError):
    """An input with several problems; ``problems`` holds every one, each one paragraph."""

    def __init__(self, problems: list[DosrulesError]):
        self.problems = problems
        Exception.__init__(self, self.paragraph())

    def paragraph(self) -> str:
        return "\n".join(p.paragraph() for p in self.problems)


class RulesetError(ProblemsError):
    """A ruleset file (or a composition of them) is invalid."""


class UsageError(DosrulesError):
    """Bad command-line arguments."""

    exit_code = 2


class Terminated(BaseException):
    """The process received SIGTERM (see ``dosrules.cli.main``). A BaseException, like
    KeyboardInterrupt, so that nothing catches it by accident while it unwinds the run."""
