"""The ``dosrules`` command line: a thin layer that parses arguments and prints.

Each subcommand group lives in ``dosrules/cli/<name>.py`` with ``register(subparsers)``; the
handler it sets returns the exit code. Bad input ends in one paragraph on stderr, never a
traceback; all output goes through ``terminal.SafeStream`` (no control character of the input
reaches the terminal).
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys

from ..errors import DosrulesError, Terminated, UsageError
from .terminal import OutputError, SafeStream

COMMANDS = ["rulesets", "new", "games", "ask", "verify", "doc", "compare", "sweep", "interactions", "gaps", "serve"]  # modules under dosrules.cli, in help order


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own usage errors: exit 2, one paragraph
        self.print_usage(sys.stderr)
        from ..errors import clip_quoted

        print(clip_quoted(f"{self.prog}: {message}. See '{self.prog} --help'."), file=sys.stderr)
        raise SystemExit(2)

    def _check_value(self, action, value):  # a misspelt subcommand: one paragraph with a did-you-mean
        if isinstance(action, argparse._SubParsersAction) and value not in action.choices:
            raise unknown_command(self.prog, value, list(action.choices))
        super()._check_value(action, value)


def unknown_command(prog: str, word: str, commands: list[str]) -> UsageError:
    """The error for a subcommand that does not exist, with the closest one (case ignored)."""
    import difflib

    folded = {c.lower(): c for c in commands}
    guess = folded.get(word.lower()) or next(iter(difflib.get_close_matches(word.lower(), commands, n=1, cutoff=0.5)), None)
    return UsageError(f"'{word}' is not a {prog} command" + (f" — did you mean '{guess}'?" if guess else ""),
                      fix=f"The commands: {', '.join(commands)}. See '{prog} --help'.")


def package_version() -> str:
    """The installed version of dosrules (from the package metadata)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dosrules")
    except PackageNotFoundError:  # pragma: no cover - run from a checkout that was never installed
        return "unknown (not installed)"


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or with ``only`` the parser of that one command: parsing a
    command's arguments reads no other command's parser, and so no other command's module is
    loaded (some load the engine or the comparison report)."""
    parser = _Parser(prog="dosrules", description="The rules of DOS as checkable data.")
    parser.add_argument("--version", action="version", version=f"dosrules {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in [only] if only in COMMANDS else COMMANDS:
        importlib.import_module(f".{name}", __package__).register(sub)
    return parser


def _command(argv: list[str] | None) -> str | None:
    """The command named first in ``argv`` (default ``sys.argv``), if it is one."""
    args = sys.argv[1:] if argv is None else argv
    return args[0] if args and args[0] in COMMANDS else None


def _terminated(signum, frame):
    raise Terminated


def _forget_caught_interrupt() -> None:
    """CPython marks a KeyboardInterrupt that leaves code run by ``exec`` of a string (as the
    methods of a dataclass are made, while modules load) as unhandled even though it is caught
    later, and ``python -m dosrules`` then ends by SIGINT instead of exit 130. The next ``exec``
    of a string clears the mark."""
    exec("")


def main(argv: list[str] | None = None) -> int:
    """Run one command; the exit code. SIGTERM unwinds the run like Ctrl-C (so worker processes
    are stopped, see ``dosrules.play.workers``) and exits 143."""
    old = signal.signal(signal.SIGTERM, _terminated) if _main_thread() else None
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(streams[0], "output"), SafeStream(streams[1], "error")  # input never controls the terminal
    try:
        args = build_parser(_command(argv)).parse_args(argv)
        code = args.handler(args)
        sys.stdout.flush()  # a full disk is said here, not in the interpreter's exit
        return code
    except OutputError as err:
        _discard_unwritten(streams[0])
        print(err.paragraph(), file=sys.stderr)
        return err.exit_code
    except DosrulesError as err:
        print(err.paragraph(), file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        _forget_caught_interrupt()
        return 130
    except Terminated:
        print("terminated", file=sys.stderr)
        return 143
    except BrokenPipeError:
        return 0
    except Exception as err:  # a bug in dosrules, not bad input: say so briefly
        if os.environ.get("DOSRULES_DEBUG"):
            raise
        print(f"dosrules: internal error ({type(err).__name__}: {err}). This is a bug in dosrules, "
              "not in your input; rerun with DOSRULES_DEBUG=1 to see the traceback, and report it.",
              file=sys.stderr)
        return 70
    finally:
        sys.stdout, sys.stderr = streams
        if old is not None:
            signal.signal(signal.SIGTERM, old)


def _discard_unwritten(stream) -> None:
    """Point the process's standard output at /dev/null once it failed, so that the interpreter's
    own last flush at exit does not fail again (and print a traceback)."""
    if stream is None or stream is not sys.__stdout__:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


if __name__ == "__main__":
    sys.exit(main())
