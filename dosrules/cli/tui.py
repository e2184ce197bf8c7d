"""The full-screen terminal game (textual): works in any terminal and over SSH.

Left: the seats (card counts, scores, dealer, whose turn), the Centre Row and your hand. Right:
what happened, each bot's actions included (PageUp and PageDown scroll it). Below: what the game
waits for, and the line where you type an action in the project's notation. Tab completes (the
grey suggestion is the first legal move that starts with what you typed); ``?`` or F2 shows the
numbered legal moves, filtered as you type; a number takes that move. An illegal move is
answered with the rule and its clause. Where the rules are silent, a window asks the table to
choose a reading of the silent rule (with the rulesets that read it so and their clauses), or to
leave it open and void the round; play goes on under the reading chosen.
With several people at one screen, a curtain hides the hand between their turns.
"""

from __future__ import annotations

from dataclasses import replace

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..errors import DosrulesError
from ..play.table import GapQuestion, Table, explain
from ..lang.table import TABLE
from .tableview import TONE_STYLE, RoundEnds, line_text, open_text, option_text, status_text, styled, table_text

__all__ = ["PlayApp"]


class _LegalMoves(Suggester):
    """Suggests the first legal move that starts with what was typed."""

    def __init__(self, table: Table):
        super().__init__(use_cache=False, case_sensitive=True)
        self.table = table

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip():
            return None
        _, hits = self.table.complete(value)
        return hits[0] if hits else None


def _localize_bindings(node, lang: str) -> None:
    """The key bar's words in ``lang``: each binding's English description (Textual's own
    "palette" too) replaced by its row in the table's ``key.…`` phrases."""
    if lang == "en":
        return
    words = {texts["en"]: key for key, texts in TABLE.table.items() if key.startswith("key.")}
    held = node._bindings.key_to_bindings
    for key, bindings in held.items():
        held[key] = [replace(b, description=TABLE(words[b.description], lang)) if b.description in words else b
                     for b in bindings]


class _RoundOver(ModalScreen[None]):
    """How the round ended, until the person presses Enter: keys typed meanwhile go nowhere, so a
    move meant for the old round cannot land in the next."""

    BINDINGS = [Binding("enter", "dismiss", "Next round")]
    DEFAULT_CSS = """
    _RoundOver { align: center middle; }
    _RoundOver > Static { width: 72; padding: 1 2; border: heavy $accent; background: $panel; }
    """

    def __init__(self, text, lang: str = "en"):
        super().__init__()
        self.text = text
        _localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        yield Static(self.text)

    def action_dismiss(self) -> None:
        self.dismiss(None)


class _Curtain(ModalScreen[None]):
    """Hides the table while the keyboard passes to the next person."""

    BINDINGS = [Binding("enter", "dismiss", "Show my hand")]
    DEFAULT_CSS = """
    _Curtain { align: center middle; background: $background; }
    _Curtain > Static { width: 60; padding: 1 2; border: heavy $accent; background: $panel; }
    """

    def __init__(self, name: str, lang: str = "en"):
        super().__init__()
        self.who, self.lang = name, lang
        _localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        yield Static(TABLE("tui.curtain", self.lang, who=self.who))

    def action_dismiss(self) -> None:
        self.dismiss(None)


class _GapChoice(ModalScreen[str]):
    """The table's question at a rule gap: what reached the silent rule, its readings with the
    rulesets that read it so; Enter (or a click, or a reading's number) chooses, 0 leaves it open."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit")]

    DEFAULT_CSS = """
    _GapChoice { align: center middle; }
    _GapChoice > Vertical { width: 96%; max-width: 110; height: auto; max-height: 96%;
                            border: heavy $warning; background: $panel; padding: 0 1; }
    _GapChoice #gap-what { height: auto; }
    _GapChoice #gap-readings { height: auto; max-height: 55vh; }
    _GapChoice #gap-hint { height: auto; }
    """

    def __init__(self, question: GapQuestion, lang: str = "en"):
        super().__init__()
        self.question, self.lang = question, lang
        _localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        q = self.question
        what = styled(q.heading, TONE_STYLE["gap"])
        for line in q.what:
            what.append("\n")
            what.append_text(styled(line))
        readings = [Option(option_text(o, self.lang), id=str(o.number), disabled=o.unavailable is not None)
                    for o in q.options]
        readings.append(Option(open_text(q), id="0"))
        with Vertical():
            yield Static(what, id="gap-what")
            yield OptionList(*readings, id="gap-readings")
            yield Static(styled(TABLE("tui.gap-hint", self.lang), "dim"), id="gap-hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit():
            number = int(event.character)
            if number == 0 or any(o.number == number and not o.unavailable for o in self.question.options):
                event.stop()
                self.dismiss(str(number))


class PlayApp(App[None]):
    """A game at a :class:`~dosrules.play.table.Table`; ``log_path`` is named when the game ends."""

    TITLE = "dosrules play"
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #table { width: 52; max-width: 55%; border: round $primary; border-title-align: left; padding: 0 1; }
    #right { width: 1fr; }
    #moves { height: auto; max-height: 50%; display: none; border: round $secondary; }
    #moves.shown { display: block; }
    #feed { height: 1fr; border: round $primary; padding: 0 1; }
    #prompt { height: auto; max-height: 6; padding: 0 1; }
    #prompt.refused { background: $error 20%; }
    #command { dock: none; }
    """
    BINDINGS = [Binding("ctrl+q", "quit", "Quit"), Binding("f2", "toggle_moves", "Legal moves"),
                Binding("tab", "complete", "Complete", priority=True, show=True),
                Binding("f1", "help", "Help"),
                Binding("pageup", "scroll_feed(-1)", "Scroll back", show=False),
                Binding("pagedown", "scroll_feed(1)", "Scroll on", show=False)]

    def __init__(self, table: Table, log_path: str | None = None):
        super().__init__()
        self.table = table
        self.log_path = log_path
        self._shown_person: int | None = None
        self._rounds = RoundEnds(table)
        self._asked: GapQuestion | None = None  # the rule-gap question on screen
        self.error: DosrulesError | None = None  # what ended the game early, for the command to print
        _localize_bindings(self, table.lang)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            yield Static(id="table")
            with Vertical(id="right"):
                yield OptionList(id="moves")
                yield RichLog(id="feed", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Static(id="prompt")
        yield Input(id="command", placeholder=TABLE("tui.placeholder", self.table.lang),
                    suggester=_LegalMoves(self.table))
        yield Footer()

    def on_mount(self) -> None:
        lang = self.table.lang
        self.query_one("#table", Static).border_title = TABLE("tui.table", lang)
        self.query_one("#feed", RichLog).border_title = TABLE("tui.feed", lang)
        self.query_one("#moves", OptionList).border_title = TABLE("tui.moves", lang)
        self.query_one("#moves", OptionList).can_focus = False
        self.table.on_gap = lambda n: self.notify(TABLE("tui.gap-note", lang, path=n.path, round=n.round),
                                                  title=TABLE("tui.gap-title", lang), severity="warning", timeout=8)
        self.query_one("#command", Input).focus()
        self.call_after_refresh(self._start)  # the log wraps lines to its width, known after layout

    def _start(self) -> None:
        for text in self.table.intro_text().splitlines():
            self._feed_line(styled(text, "dim"))
        table = self.table
        lang = table.lang
        saved = TABLE("tui.saved", lang, log=self.log_path) if self.log_path else ""
        self._feed_line(styled(TABLE("tui.intro", lang, ruleset=table.ruleset.id, seed=table.state.seed, saved=saved,
                                     seats=", ".join(f"{s.name} {s.spec}" for s in table.seats)), "dim"))
        for n in self.table.gaps:  # gaps reached before a person's first move
            self.table.on_gap(n)
        self._refresh()

    # --- drawing ------------------------------------------------------------------------------

    def _feed_line(self, text) -> None:
        self.query_one("#feed", RichLog).write(text)

    def _refresh(self, refused: list[str] | None = None) -> None:
        table = self.table
        for line in table.news():
            self._feed_line(line_text(line))
        view = table.view()
        self.query_one("#status", Static).update(status_text(view))
        prompt = self.query_one("#prompt", Static)
        if refused:
            prompt.update(styled("\n".join(refused)))
            prompt.add_class("refused")
        else:
            text = view.prompt
            if view.over:
                saved = f" The game log is saved in {self.log_path}." if self.log_path else ""
                text = f"The game is over.{saved} Press Ctrl+Q to leave."
            prompt.update(styled(text, "bold"))
            prompt.remove_class("refused")
        self.query_one("#table", Static).update(table_text(view))
        self._fill_moves(self.query_one("#command", Input).value)
        ended = self._rounds.pending()
        if ended:
            self.push_screen(_RoundOver(self._rounds.banner(ended), self.table.lang))
        question = table.question
        if question is not None and question is not self._asked:
            self._asked = question
            self._feed_line(styled(question.heading, TONE_STYLE["gap"]))
            for line in question.what:
                self._feed_line(styled(line))
            self.push_screen(_GapChoice(question, self.table.lang), self._choose)
        person = table.person_to_act()
        if len(table.people) > 1 and person is not None and person != self._shown_person:
            self._shown_person = person
            self.push_screen(_Curtain(table.seats[person].name, table.lang))

    def _fill_moves(self, typed: str) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        typed = " ".join(typed.split())
        moves.add_options(Option(styled(f"{k:>3}  {m}"), id=str(k))
                          for k, m in enumerate(self.table.legal_moves(), 1)
                          if not typed or typed.isdigit() or m.startswith(typed))

    # --- input --------------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.query_one("#moves", OptionList).has_class("shown"):
            self._fill_moves(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        if text == "?":
            self.action_toggle_moves(show=True)
            return
        if text in ("help", "h"):
            self.action_help()
            return
        if text in ("quit", "exit"):
            self.exit()
            return
        self._take(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._take(event.option.id)

    def _take(self, text: str) -> None:
        if self.table.over:
            self._refresh(["The game is over: Ctrl+Q leaves."])
            return
        try:
            attempt = self.table.attempt(text)
        except DosrulesError as err:  # e.g. bots that void round after round: leave, and say why
            self.error = err
            self.exit()
            return
        if attempt.ok:
            self._feed_line(styled(f"> {attempt.action}", "dim"))
            self._refresh()
        else:
            refused = explain(attempt, self.table.ruleset, self.table.lang)
            for line in refused:
                self._feed_line(styled(line, "red"))
            self._refresh(refused)

    def _choose(self, answer: str) -> None:
        """The table's answer to the rule-gap question; play goes on."""
        try:
            problem = self.table.choose(answer)
        except DosrulesError as err:  # e.g. bots that void round after round: leave, and say why
            self.error = err
            self.exit()
            return
        if problem:  # the question waits still: ask again
            self._asked = None
            self.notify(problem, severity="error")
        self._refresh()

    def action_toggle_moves(self, show: bool | None = None) -> None:
        moves = self.query_one("#moves", OptionList)
        on = not moves.has_class("shown") if show is None else show
        moves.set_class(on, "shown")
        if on:
            self._fill_moves(self.query_one("#command", Input).value)
        self.call_after_refresh(self.query_one("#feed", RichLog).scroll_end, animate=False)

    def action_complete(self) -> None:
        box = self.query_one("#command", Input)
        done, hits = self.table.complete(box.value)
        if hits:
            box.value = done
            box.cursor_position = len(done)
        if len(hits) > 1:
            self.action_toggle_moves(show=True)

    def action_scroll_feed(self, pages: int) -> None:
        feed = self.query_one("#feed", RichLog)
        (feed.scroll_page_down if pages > 0 else feed.scroll_page_up)(animate=False)

    def action_help(self) -> None:
        for text in self.table.help_text().splitlines():
            self._feed_line(styled(text, "dim"))
