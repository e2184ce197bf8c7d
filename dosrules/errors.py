"""User-facing errors: what is wrong, where, and how to fix it — never a traceback."""

from __future__ import annotations

from dataclasses import dataclass


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
        return f"{head}{text}{fix}"


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
