"""The table as rich text, shared by the full-screen game (``tui``) and the line game (``lineplay``):
cards in their colours, the seats with card counts and scores, the Centre Row with what was matched
on it this turn, the hand, and each narrated line."""

from __future__ import annotations

import re

from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..play.gapchoice import GapOption
from ..play.narration import Line
from ..play.table import GapQuestion, TableView
from ..lang.events import event_line
from ..lang.refusals import translate
from ..lang.table import TABLE
from ..lang.values import value_words
from .terminal import safe

__all__ = ["styled", "status_text", "table_text", "line_text", "question_text", "option_text", "open_text",
           "TONE_STYLE", "RoundEnds"]

_COLOUR = {"r": "bold red", "b": "bold bright_blue", "g": "bold green", "y": "bold yellow"}
# a card token: a number card, a Wild # (maybe declared), a Wild DOS (maybe declared); the colour
# letter that decides the style is the group 'c'
_CARD = re.compile(r"(?<![\w#=])(?:(?:10|[1-9])(?P<c1>[bgry])|#(?P<c2>[bgry])(?:=(?:10|[1-9]))?|W2(?:=(?P<c3>[bgry]))?)(?![\w=])")
TONE_STYLE = {"turn": "bold", "play": "", "dos": "bold magenta", "gap": "bold black on yellow", "round": "bold cyan"}


class RoundEnds:
    """Which rounds have ended since a person last saw the table, so that the game can show how
    each ended (who went out, the points, the scores) and wait before the next round's first
    move: a move typed for the old round must not land in the new one."""

    def __init__(self, table):
        self.table = table
        self.seen = table.state.round  # the round the person last saw

    def pending(self) -> list[str]:
        """How each round since the last call ended, one line a round (none while the round goes
        on, and none at the game's end, which says so itself)."""
        state = self.table.state
        if state.round <= self.seen or state.is_terminal():
            self.seen = state.round
            return []
        lang = getattr(self.table, "lang", "en")
        ended = [event_line(e, lang) for e in state.events if e.kind in ("round-scored", "round-void")
                 and self.seen <= getattr(e, "round", 0) < state.round]
        self.seen = state.round
        return ended

    def next_round_start(self, news: list[Line]) -> int:
        """Where in ``news`` the current round's deal is told (its end: the lines before it are
        the rounds that ended)."""
        lang = getattr(self.table, "lang", "en")
        opening = (f"Round {self.table.state.round}: " if lang == "en"
                   else TABLE("round-prefix", lang, round=self.table.state.round))
        return next((i for i, line in enumerate(news) if line.tone == "round" and line.text.startswith(opening)),
                    len(news))

    def banner(self, ended: list[str]) -> Text:
        lines = [f"{text[0].upper()}{text[1:]}." for text in ended]
        round_no, lang = self.table.state.round, getattr(self.table, "lang", "en")
        ready = (f"Round {round_no} starts when you are ready: press Enter." if lang == "en"
                 else TABLE("t.ended", lang, round=round_no))
        return styled("\n".join([*lines, ready]), "bold cyan")


def styled(text: str, base: str = "") -> Text:
    """``text`` with every card token in its colour (Wild DOS undeclared: reverse video); control
    and bidi characters shown as escapes (``terminal.safe``): this text goes to the terminal raw."""
    text = safe(text)
    out = Text(text, style=base)
    for m in _CARD.finditer(text):
        colour = m["c1"] or m["c2"] or m["c3"]
        out.stylize(_COLOUR[colour] if colour else "bold reverse", m.start(), m.end())
    return out


def status_text(v: TableView) -> Text:
    """One line: whose turn, round, target, dealer, ruleset (last: a narrow screen cuts it)."""
    dealer = v.seats[v.dealer].name if v.dealer is not None else "-"
    say = lambda key, **f: TABLE(key, v.lang, **f)  # noqa: E731
    if v.over:
        turn = say("t.over")
    elif v.choosing:
        turn = say("t.choosing")
    elif v.to_act == v.viewer:
        turn = say("t.your-move")
    else:
        turn = say("t.to-act", who=v.seats[v.to_act].name)
    out = Text.assemble((f" {turn} ", "bold reverse" if v.to_act == v.viewer and not v.over and not v.choosing
                         else "bold"),
                        say("t.status", round=v.round, target=v.target, dealer=dealer), (safe(v.ruleset), "dim"))
    out.no_wrap, out.overflow = True, "ellipsis"
    return out


def table_text(v: TableView) -> Text:
    """The seats (cards, score, DOS called, dealer, turn), the Centre Row and the viewer's hand."""
    out = Text()
    say = lambda key, **f: TABLE(key, v.lang, **f)  # noqa: E731
    labels = [safe(f"{s.name} {say('t.you') if s.seat == v.viewer else s.agent.partition(':')[0]}") for s in v.seats]
    width = max(map(len, labels))  # the full agent specs are in the game log's header
    for s, label in zip(v.seats, labels):
        out.append("▶ " if s.to_act else "  ", style="bold")
        out.append(f"{label:<{width}}", style="bold" if s.seat == v.viewer else "")
        plural = ("s" if s.cards != 1 else " ") if v.lang == "en" else ("n" if s.cards != 1 else " ") if v.lang == "de" else ""
        out.append(say("t.cards", n=s.cards, s=plural, score=s.score))
        if s.called_dos:
            out.append(" DOS!", style="bold magenta")
        if s.dealer:
            out.append(say("t.dealer"))
        out.append("\n")
    out.append(f"\n{say('t.row', deck=v.deck, discard=v.discard)}\n", style="bold")
    for card in v.row:
        out.append("  ")
        out.append_text(styled(card.matched_as or card.card))
        if card.matched:
            out.append(" ← ", style="dim")
            out.append_text(styled("+".join(card.matched)))
            out.append(say("t.matched"), style="dim")
        out.append("\n")
    if not v.row:
        out.append(say("t.empty") + "\n", style="dim")
    out.append("\n" + (say("t.your-hand") if v.viewer is not None else say("t.hand")), style="bold")
    out.append_text(styled("  ".join(v.hand) or say("t.no-cards")))
    return out


def line_text(line: Line) -> Text:
    return styled(line.text, TONE_STYLE.get(line.tone, ""))


def _numbered(number: int, first, *lines: str) -> Table:
    """``number`` in a column of its own, ``first`` and ``lines`` (dim, indented) wrapped beside it."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=3, justify="right", style="bold")
    grid.add_column()
    grid.add_row(str(number), first)
    for line in lines:
        grid.add_row("", Padding(Text(safe(line), style="dim"), (0, 0, 0, 2)))
    return grid


def _reading(o: GapOption, lang: str = "en") -> Text:
    """A reading's text; dim, with why, when the table cannot choose it here."""
    head = Text(safe(value_words(o.reading, lang)), style="dim" if o.unavailable else "bold")
    if o.unavailable:
        why = translate(o.unavailable, lang)
        head.append(f"  ({safe(why if lang == 'en' else TABLE('q.not-here', lang, why=why))})", style="dim")
    return head


def _chosen_by(o: GapOption, lang: str = "en") -> tuple[str, ...]:
    return o.chosen_by or (TABLE("q.chosen-none", lang),)


def option_text(o: GapOption, lang: str = "en") -> Table:
    """A reading to choose, for a box of fixed width: its number and text, then who reads the rule
    so (dim), one per line, each wrapped under itself."""
    return _numbered(o.number, _reading(o, lang), *_chosen_by(o, lang))


def open_text(q: GapQuestion) -> Table:
    """Choice 0, for a box of fixed width: leave the rule open."""
    return _numbered(0, Text(q.open_text, style="bold"))


def question_text(q: GapQuestion) -> Text:
    """The table's question at a rule gap, in lines (the terminal wraps them): heading, what
    reached the silent rule, the numbered readings with who reads it so, and how to answer."""
    out = Text(q.heading, style=TONE_STYLE["gap"])
    for line in q.what:
        out.append("\n")
        out.append_text(styled(line))
    for o in q.options:
        out.append(f"\n{o.number:>3}  ", style="bold")
        out.append_text(_reading(o, q.lang))
        for line in _chosen_by(o, q.lang):
            out.append(f"\n       {safe(line)}", style="dim")
    out.append(f"\n{0:>3}  {q.open_text}", style="bold")
    out.append("\n" + q.answer, style="dim")
    return out
