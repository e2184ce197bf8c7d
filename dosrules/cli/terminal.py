"""Terminal output that input cannot take over: control and bidi characters shown as escapes.

A ruleset name, a log's action or an ``--action`` argument is text from someone else. Written
raw, an ESC sequence could recolour the terminal, move the cursor, set the window title or
write the clipboard (OSC 52); a carriage return could overwrite a line; a right-to-left
override could make text read backwards; a NUL could cut it short. :func:`safe` shows each
such character as an escape instead (``\\x1b``, ``\\u202e``): C0 controls but tab and newline,
DEL, the C1 controls, and the bidirectional overrides, isolates and marks. Escapes of
characters from DEL upwards take the ``\\uXXXX`` form, which is also valid inside JSON strings
(JSON output escapes C0 controls itself), so ``--json`` output stays valid JSON.

``dosrules.cli.main`` writes everything through :class:`SafeStream`; what draws with escapes of
its own — a rich progress bar, the human table in lines (its text made safe in ``tableview``;
the full-screen game writes to the terminal itself) — writes to :func:`raw_stderr` or
:func:`raw_stdout`.
"""

from __future__ import annotations

import re
import sys

from ..errors import DosrulesError

__all__ = ["safe", "SafeStream", "OutputError", "raw_stdout", "raw_stderr"]

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x7f else f"\\u{code:04x}"


def safe(text: str) -> str:
    """``text`` with every control and bidi character (see the module docstring) as an escape."""
    return _UNSAFE.sub(_escape, text)


class OutputError(DosrulesError):
    """Standard output cannot be written: closed, or the disk (``/dev/full``) is full. What was
    written so far stays; nothing of the input is lost."""


class _Closed:
    """What a stream the process was started without (``>&-``) writes to: nothing, and it says so
    once, as an :class:`OutputError`."""

    encoding = "utf-8"

    def __init__(self, name: str):
        self.name = name

    def write(self, text: str) -> int:
        raise OutputError(f"standard {self.name} is closed: the command started without it (>&-)",
                          fix=f"Give the command a standard {self.name} (a terminal, a file or a pipe).")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


class SafeStream:
    """A text stream that writes :func:`safe` text to ``raw``; everything else is ``raw``'s.

    Text the stream's encoding cannot hold (``PYTHONIOENCODING=ascii``, a C locale) is written
    with backslash escapes instead of failing; a write or flush that fails for want of room is an
    :class:`OutputError` (a broken pipe stays ``BrokenPipeError``: the reader has gone)."""

    def __init__(self, raw, name: str = "output"):
        self.raw = raw if raw is not None else _Closed(name)
        self.name = name

    def write(self, text: str) -> int:
        text = safe(text)
        try:
            return self.raw.write(text)
        except UnicodeEncodeError:
            encoding = getattr(self.raw, "encoding", None) or "ascii"
            return self.raw.write(text.encode(encoding, "backslashreplace").decode(encoding))
        except BrokenPipeError:
            raise
        except OSError as err:
            raise self._failed(err) from None

    def flush(self) -> None:
        try:
            self.raw.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise self._failed(err) from None

    def _failed(self, err: OSError) -> OutputError:
        return OutputError(f"cannot write standard {self.name}: {err.strerror or err}",
                           fix="Free some space, or send the output elsewhere (another file, a pipe).")

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def raw_stdout():
    """Standard output itself, unwrapped: for a rich console that draws with dosrules' own escapes
    and shows text made :func:`safe` first (the human table, ``cli.tableview``)."""
    out = sys.stdout
    return out.raw if isinstance(out, SafeStream) else out


def raw_stderr():
    """Standard error itself, unwrapped (for a progress bar drawn with dosrules' own escapes)."""
    err = sys.stderr
    return err.raw if isinstance(err, SafeStream) else err
