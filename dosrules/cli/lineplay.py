"""The line-by-line terminal game: a prompt loop for a plain terminal, a screen reader or a script.

Used by ``dosrules play ... --plain``, and whenever standard input or output is not a terminal
(``dosrules play mattel-2018 --players 2 --agents human,greedy < moves.txt``). Each time a person
must decide it prints what happened since, the table and what the game waits for, then reads one
line: an action in the project's notation, a number from the ``?`` list, ``help`` or ``quit``.
At a rule gap it prints the question (the silent rule, its readings and who reads it how) and
reads the table's answer: a reading's number or text, or ``0`` to leave the rule open.
In a terminal, Tab completes legal moves (readline). End of input leaves the game like ``quit``.
"""

from __future__ import annotations

from typing import IO

from rich.console import Console

from ..lang.table import TABLE
from ..play.table import Table, explain
from .tableview import RoundEnds, line_text, question_text, status_text, styled, table_text

__all__ = ["play_lines"]


def play_lines(table: Table, stdin: IO[str], console: Console, *, completion: bool = False) -> bool:
    """Run the game until it is over or the input ends (or says ``quit``); True if it is over."""
    if completion:
        _readline_completion(table)
    for text in table.help_text().splitlines():
        console.print(styled(text, "dim"))
    shown_state = shown_question = None
    rounds = RoundEnds(table)
    while True:
        news = table.news()
        ended = rounds.pending() if not table.over else []
        later = rounds.next_round_start(news) if ended else len(news)
        for line in news[:later]:
            console.print(line_text(line))
        if ended:  # how the round ended, and (at a terminal) a pause before the next one's first move
            console.print()
            console.print(rounds.banner(ended) if completion else styled("\n".join(ended), "bold cyan"))
            if completion and not _acknowledged(stdin, console, completion, table.lang):
                return False
        for line in news[later:]:
            console.print(line_text(line))
        if table.over:
            return True
        question = table.question
        if question is not None:
            if question is not shown_question:
                console.print()
                console.print(question_text(question))
                shown_question = question
            try:
                text = _read(stdin, console, completion).strip()
            except EOFError:
                console.print(TABLE("t.end-of-input", table.lang))
                return False
            if text in ("?", "help", "h"):
                console.print(question_text(question))
            elif text in ("quit", "exit", "q"):
                return False
            elif text:
                problem = table.choose(text)
                if problem:
                    console.print(styled(f"{problem}.", "red"))
            continue
        view = table.view()
        key = (len(table.state.history), view.to_act)
        if key != shown_state:  # the table again only after something happened
            console.print()
            console.print(status_text(view))
            console.print(table_text(view))
            shown_state = key
        console.print(styled(view.prompt, "bold"))
        try:
            text = _read(stdin, console, completion)
        except EOFError:
            console.print(TABLE("t.end-of-input", table.lang))
            return False
        text = text.strip()
        if not text:
            continue
        if text == "?":
            for k, move in enumerate(table.legal_moves(), 1):
                console.print(styled(f"{k:>3}  {move}"))
            continue
        if text in ("help", "h"):
            console.print(styled(table.help_text()))
            continue
        if text in ("quit", "exit", "q"):
            return False
        attempt = table.attempt(text)
        if not attempt.ok:
            for line in explain(attempt, table.ruleset, table.lang):
                console.print(styled(line, "red"))


def _acknowledged(stdin: IO[str], console: Console, completion: bool, lang: str = "en") -> bool:
    """Wait for an empty line (Enter); False if the input ends or says quit. A move typed here was
    meant for the round that ended: it is not played."""
    while True:
        try:
            text = _read(stdin, console, completion).strip()
        except EOFError:
            console.print(TABLE("t.end-of-input", lang))
            return False
        if text in ("quit", "exit", "q"):
            return False
        if not text:
            return True
        console.print(styled(TABLE("t.too-late", lang, text=text), "red"))


def _read(stdin: IO[str], console: Console, completion: bool) -> str:
    if completion:
        return input("> ")
    console.print("> ", end="")
    line = stdin.readline()
    if not line:
        console.print()
        raise EOFError
    console.print(styled(line.rstrip("\n"), "dim"))  # a script's lines echoed: the transcript reads as a game
    return line


def _readline_completion(table: Table) -> None:
    try:
        import readline
    except ImportError:  # no readline on this platform: lines still work, without Tab
        return

    def complete(text: str, state: int) -> str | None:
        typed = readline.get_line_buffer()[:readline.get_endidx()]
        _, hits = table.complete(typed)
        start = len(typed) - len(text)  # readline replaces only the current word
        options = sorted({_word(h, start, len(typed)) for h in hits})
        return options[state] if state < len(options) else None

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def _word(move: str, start: int, typed: int) -> str:
    """The word of ``move`` being completed (from ``start``), with the space after it when more
    follows: Python's readline appends no space of its own."""
    end = move.find(" ", typed)
    return move[start:] if end < 0 else move[start:end + 1]
