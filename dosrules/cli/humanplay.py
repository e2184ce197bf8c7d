"""``dosrules play`` with a person at the table (``--agents human,greedy,...``): the seed, the game log,
and full screen (``tui``) or lines (``lineplay``)."""

from __future__ import annotations

import random
import shlex
import sys
import time
from pathlib import Path

from ..errors import DosrulesError
from ..lang.events import event_line
from ..lang.table import TABLE
from ..play.gapchoice import fill_spec
from ..play.table import Table
from .common import ruleset_dirs

__all__ = ["play_with_people"]


def play_with_people(args, ruleset, specs: list[str]) -> int:
    """Play one game with the people and bots of ``specs``; the log goes to ``--log`` or, by
    default, to a new file in the current folder, named when the game starts and ends."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    path = Path(args.log) if args.log else _fresh_log_path(ruleset.id, seed)
    try:
        log = path.open("w", encoding="utf-8")
    except OSError as err:
        raise DosrulesError(f"cannot write the game log: {err.strerror}", where=str(path),
                            fix="Choose a writable path for --log.") from None
    from ..lang import choose_language

    lang, note = choose_language(getattr(args, "lang", None))
    if note:
        print(f"dosrules play: {note}", file=sys.stderr)
    full_screen = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    with log:
        try:
            table = Table(ruleset, args.players, seed, specs, log=log, max_rounds=args.rounds,
                          at_gap=args.at_gap or "ask", search_dirs=ruleset_dirs(args), lang=lang)
        except DosrulesError:  # bad seats or player count: leave no log of a game never played
            log.close()
            path.unlink(missing_ok=True)
            raise
        if full_screen:
            from .tui import PlayApp

            app = PlayApp(table, str(path))
            app.run()
            if app.error is not None:
                raise app.error
        else:
            from rich.console import Console

            from .lineplay import play_lines
            from .tableview import styled

            from .terminal import raw_stdout

            console = Console(file=raw_stdout(), highlight=False, soft_wrap=True)  # its text: tableview.styled
            seats = ", ".join(TABLE("cli.seat", lang, seat=i, agent=s) for i, s in enumerate(specs))
            console.print(styled(TABLE("cli.header", lang, ruleset=ruleset.id, players=args.players, seed=seed,
                                       seats=seats, log=path)))
            play_lines(table, sys.stdin, console, completion=sys.stdin.isatty() and sys.stdout.isatty())
    state = table.state
    if table.readings:
        chosen = ", ".join(f"{path}={text}" for path, text in table.readings)
        print(TABLE("cli.readings", lang, chosen=chosen,
                    command=f"dosrules play {shlex.quote(fill_spec(args.ruleset, table.readings))}"))
    if table.over:
        over = state.events[-1]
        print(f"{event_line(over, lang)}\n" + TABLE("cli.log", lang, log=path, n=len(state.history),
                                                  command=_referee_command(args, ruleset, path)))
    else:
        q = table.question
        where = (TABLE("cli.where-question", lang, round=q.round, path=q.path) if q is not None
                 else TABLE("cli.where-round", lang, round=state.round))
        print(TABLE("cli.unfinished", lang, where=where, n=len(state.history), log=path, seed=seed))
    return 0


def _referee_command(args, ruleset, path: Path) -> str:
    """The command that referees this game's log, with the ruleset options it needs."""
    words = ["dosrules", "referee", str(path)]
    if args.ruleset != ruleset.id:  # a file, or a spelling the header's id does not load by
        words += ["--ruleset", args.ruleset]
    for folder in args.rulesets:
        words += ["--rulesets", folder]
    return shlex.join(words)


def _fresh_log_path(ruleset_id: str, seed: int) -> Path:
    """``dos-<ruleset>-seed<S>-<time>.jsonl`` in the current folder, never an existing file."""
    safe = "".join(ch if ch.isalnum() or ch in "-+_" else "_" for ch in ruleset_id)[:60]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(f"dos-{safe}-seed{seed}-{stamp}.jsonl")
    k = 1
    while path.exists():
        k += 1
        path = Path(f"dos-{safe}-seed{seed}-{stamp}-{k}.jsonl")
    return path
