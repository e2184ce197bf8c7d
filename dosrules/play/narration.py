"""What happened, told to the people at the table: engine events as sentences from one seat's view.

A :class:`Narrator` names the seats ("You", "Seat 2"), hides what only a hand's owner may see
(the cards another player draws) and says a rule gap in words: which rule is silent, what play
reached, and what the engine did about it. Every sentence comes from an event
(``dosrules.engine.events``); nothing here reads the game state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine.events import (BonusEarned, Buried, CatchDeclined, Caught, DealerChosen, Dealt, DosCalled, Drew,
                             Event, GameOver, Matched, Placed, Refilled, Reshuffled, RoundScored, RoundVoid,
                             RuleGap, TurnEnded, TurnStarted, WildDeclared)
from ..lang.answers import inside_sentence

__all__ = ["Line", "Narrator", "rule_description", "silent_rule"]


@dataclass(frozen=True)
class Line:
    """One sentence and its tone: ``turn`` (a turn starts), ``play`` (an action and what it did),
    ``dos`` (a call or a catch), ``gap`` (the rules are silent), ``round`` (dealt, scored, void,
    game over)."""

    text: str
    tone: str = "play"


def rule_description(path: str, lang: str = "en") -> str:
    """The schema's one-line description of a rule path ('' if it has none); in ``lang`` where the
    rulebooks translate it, else ''."""
    from ..rulebook.render import schema_descriptions, translated_descriptions

    if lang != "en":
        return (translated_descriptions(lang).get(path, {}).get("text") or "").rstrip(".")
    return schema_descriptions().get(path, "").rstrip(".")


def _cards(cards) -> str:
    return " ".join(map(str, cards)) or "-"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Narrator:
    """Events as :class:`Line` s for ``viewer`` (a seat, or None when several people share the
    screen and nobody's private cards may be shown). ``names[seat]`` is how a seat is called;
    the viewer is "You"."""

    def __init__(self, names: Sequence[str], viewer: int | None, lang: str = "en"):
        self.names, self.viewer, self.lang = list(names), viewer, lang
        self._void_told = False  # a voiding rule gap was told, and its round-void event is due
        self._round = 0  # the round being played (from the deal events)

    def who(self, seat: int, start: bool = True) -> str:
        if seat == self.viewer:
            return "You" if start else "you"
        return self.names[seat]

    def _verb(self, seat: int, third: str, base: str) -> str:
        return f"{self.who(seat)} {base if seat == self.viewer else third}"

    def _scores(self, scores: Sequence[int]) -> str:
        return ", ".join(f"{self.who(s)} {p}" for s, p in enumerate(scores))

    def tell(self, events: Sequence[Event]) -> list[Line]:
        out: list[Line] = []
        for e in events:
            line = self.line(e)
            if line is not None:
                out.append(line)
        return out

    def line(self, e: Event) -> Line | None:  # noqa: C901 - one branch per event kind, in engine order
        if self.lang != "en":
            return self._line_in(e)
        v = self._verb
        if isinstance(e, DealerChosen):
            if e.how == "high-card":
                drawn = ", ".join(f"{self.who(s)} {c}" for s, c in enumerate(e.draws) if c is not None)
                return Line(f"{v(e.seat, 'deals', 'deal')}: highest card in the draw for dealer ({drawn}).", "round")
            how = {"lot": ", chosen by lot", "previous-winner": ", as the last round's winner",
                   "same-dealer": " again: the last round was void", "pass-left": ", as the deal passes left"}
            return Line(f"{v(e.seat, 'deals', 'deal')}{how.get(e.how, ': ' + e.how)}.", "round")
        if isinstance(e, Dealt):
            self._round = e.round
            return Line(f"Round {e.round}: {self.who(e.dealer)} dealt {e.hand_size} cards each; "
                        f"the Centre Row is {_cards(e.row)}.", "round")
        if isinstance(e, TurnStarted):
            return Line("Your turn." if e.seat == self.viewer else f"{self.names[e.seat]}'s turn.", "turn")
        if isinstance(e, Matched):
            return Line(f"{v(e.seat, 'matches', 'match')} {e.target} with {'+'.join(map(str, e.cards))}.")
        if isinstance(e, BonusEarned):
            parts = []
            if e.place_cards:
                parts.append(f"{self.who(e.seat, False)} will put {_plural(e.place_cards, 'card')} from hand "
                             "into the Centre Row")
            if e.others_draw:
                parts.append(f"every other player draws {e.others_draw}")
            return Line(f"A {e.bonus} match: {'; '.join(parts) or 'no bonus under these rules'}.")
        if isinstance(e, Drew):
            n = len(e.cards)
            why = {"bonus": " (a colour match bonus)", "penalty": " (the penalty for not calling DOS)"}.get(e.reason, "")
            if n == 0:
                return Line(f"{v(e.seat, 'draws', 'draw')} nothing{why}: no card is left to draw.")
            shown = f": {_cards(e.cards)}" if e.seat == self.viewer else ""
            what = "a card" if n == 1 else f"{n} cards"
            return Line(f"{v(e.seat, 'draws', 'draw')} {what}{why}{shown}.", "dos" if e.reason == "penalty" else "play")
        if isinstance(e, Placed):
            why = {"failed-draw": "after a draw that left no match", "declined-match": "declining a match after the draw",
                   "bonus": "a colour match bonus"}.get(e.reason, e.reason)
            return Line(f"{v(e.seat, 'puts', 'put')} {e.card} into the Centre Row ({why}).")
        if isinstance(e, WildDeclared):
            return Line(f"{v(e.seat, 'declares', 'declare')} {e.card} in the Centre Row.")
        if isinstance(e, TurnEnded):
            return Line(f"{v(e.seat, 'ends', 'end')} the turn.")
        if isinstance(e, Refilled):
            if tuple(e.cards) == tuple(e.row):
                return Line(f"The Centre Row is refilled: {_cards(e.row)}.")
            return Line(f"The Centre Row is refilled with {_cards(e.cards)}: now {_cards(e.row)}.")
        if isinstance(e, Reshuffled):
            return Line(f"The discard pile ({e.cards} cards) is shuffled into a new deck.")
        if isinstance(e, Buried):
            return Line(f"A Centre Row of only wild cards is buried: {_cards(e.cards)}.")
        if isinstance(e, DosCalled):
            return Line(f"{v(e.seat, 'calls', 'call')} DOS!", "dos")
        if isinstance(e, Caught):
            when = "at once" if e.when == "now" else "at the end of the turn"
            caught = self.who(e.seat, False)
            draws = "draw" if e.seat == self.viewer else "draws"
            return Line(f"{v(e.catcher, 'catches', 'catch')} {caught} not calling DOS: {caught} {draws} "
                        f"{_plural(e.penalty, 'card')} {when}.", "dos")
        if isinstance(e, CatchDeclined):
            return Line(f"{v(e.catcher, 'lets', 'let')} {self.who(e.seat, False)} off: "
                        f"{self.who(e.seat, False)} did not call DOS, and nobody caught it.", "dos")
        if isinstance(e, RuleGap):
            return Line(self.gap(e), "gap")
        if isinstance(e, RoundScored):
            return Line(f"Round {e.round}: {v(e.winner, 'goes', 'go')} out and {'scores' if e.winner != self.viewer else 'score'} "
                        f"{e.points} points. Scores: {self._scores(e.scores)}.", "round")
        if isinstance(e, RoundVoid):
            if self._void_told:  # the gap just told it
                self._void_told = False
                return None
            return Line(f"Round {e.round} is void: nobody scores it ({e.reason}).", "round")
        if isinstance(e, GameOver):
            if e.winner is None:
                return Line(f"Game over without a winner ({e.reason}). Scores: {self._scores(e.scores)}.", "round")
            won = "You win" if e.winner == self.viewer else f"{self.names[e.winner]} wins"
            return Line(f"Game over: {won} ({e.reason}). Scores: {self._scores(e.scores)}.", "round")
        return Line(str(e))

    def _name(self, seat: int) -> str:
        """A seat in another language: its name, "(you)" marked (no verb forms to agree)."""
        from ..lang.table import TABLE

        return TABLE("you", self.lang, name=self.names[seat]) if seat == self.viewer else self.names[seat]

    def _line_in(self, e: Event) -> Line | None:  # noqa: C901 - one branch per event kind, as line()
        from ..lang.refusals import translate
        from ..lang.table import TABLE

        lang, who = self.lang, self._name
        say = lambda key, **f: TABLE(key, lang, **f)  # noqa: E731
        scores = lambda sc: ", ".join(f"{who(s)} {p}" for s, p in enumerate(sc))  # noqa: E731
        if isinstance(e, DealerChosen):
            if e.how == "high-card":
                drawn = ", ".join(f"{who(s)} {c}" for s, c in enumerate(e.draws) if c is not None)
                return Line(say("dealer.high-card", who=who(e.seat), drawn=drawn), "round")
            key = f"dealer.{e.how}"
            return Line(say(key, who=who(e.seat)) if key in TABLE.table else say("dealer.other", who=who(e.seat), how=e.how),
                        "round")
        if isinstance(e, Dealt):
            self._round = e.round
            return Line(say("dealt", round=e.round, who=who(e.dealer), n=e.hand_size, row=_cards(e.row)), "round")
        if isinstance(e, TurnStarted):
            return Line(say("turn", who=who(e.seat)), "turn")
        if isinstance(e, Matched):
            return Line(say("matched", who=who(e.seat), target=e.target, cards="+".join(map(str, e.cards))))
        if isinstance(e, BonusEarned):
            from ..lang.events import WORDS

            parts = ([say("bonus.place", who=who(e.seat), n=e.place_cards)] if e.place_cards else []) + (
                [say("bonus.draw", n=e.others_draw)] if e.others_draw else [])
            return Line(say("bonus", bonus=WORDS(e.bonus, lang) if e.bonus in WORDS.table else e.bonus,
                            parts="; ".join(parts) or say("bonus.none")))
        if isinstance(e, Drew):
            n = len(e.cards)
            why = say(f"why.{e.reason}") if f"why.{e.reason}" in TABLE.table else ""
            if n == 0:
                return Line(say("drew.none", who=who(e.seat), why=why))
            shown = f": {_cards(e.cards)}" if e.seat == self.viewer else ""
            return Line(say("drew.one" if n == 1 else "drew.many", who=who(e.seat), n=n, why=why, shown=shown),
                        "dos" if e.reason == "penalty" else "play")
        if isinstance(e, Placed):
            why = say(f"placed.{e.reason}") if f"placed.{e.reason}" in TABLE.table else e.reason
            return Line(say("placed", who=who(e.seat), card=e.card, why=why))
        if isinstance(e, WildDeclared):
            return Line(say("declared", who=who(e.seat), card=e.card))
        if isinstance(e, TurnEnded):
            return Line(say("turn-ended", who=who(e.seat)))
        if isinstance(e, Refilled):
            if tuple(e.cards) == tuple(e.row):
                return Line(say("refilled.all", row=_cards(e.row)))
            return Line(say("refilled", cards=_cards(e.cards), row=_cards(e.row)))
        if isinstance(e, Reshuffled):
            return Line(say("reshuffled", n=e.cards))
        if isinstance(e, Buried):
            return Line(say("buried", cards=_cards(e.cards)))
        if isinstance(e, DosCalled):
            return Line(say("dos-called", who=who(e.seat)), "dos")
        if isinstance(e, Caught):
            return Line(say("caught", who=who(e.catcher), caught=who(e.seat), n=e.penalty,
                            when=say("when.now" if e.when == "now" else "when.end-of-turn")), "dos")
        if isinstance(e, CatchDeclined):
            return Line(say("catch-declined", who=who(e.catcher), caught=who(e.seat)), "dos")
        if isinstance(e, RuleGap):
            return Line(self.gap(e), "gap")
        if isinstance(e, RoundScored):
            return Line(say("scored", round=e.round, who=who(e.winner), points=e.points, scores=scores(e.scores)), "round")
        if isinstance(e, RoundVoid):
            if self._void_told:
                self._void_told = False
                return None
            return Line(say("void", round=e.round, reason=translate(e.reason, lang)), "round")
        if isinstance(e, GameOver):
            reason = translate(e.reason, lang)
            if e.winner is None:
                return Line(say("over.none", reason=reason, scores=scores(e.scores)), "round")
            return Line(say("over.win", who=who(e.winner), reason=reason, scores=scores(e.scores)), "round")
        return Line(str(e))

    def gap(self, e: RuleGap) -> str:
        """A rule gap in words: the silent rule, what play reached, and the outcome."""
        rule = silent_rule(e.path, self.lang)
        if self.lang != "en":
            from ..lang.refusals import translate
            from ..lang.table import TABLE

            situation = translate(e.situation, self.lang)
            if not e.voids:
                return TABLE("gap.lot", self.lang, situation=situation, rule=rule)
            self._void_told = True
            return TABLE("gap.void", self.lang, rule=rule, situation=situation, round=self._round)
        if not e.voids:
            return f"The rules don't say; settled by lot ({e.situation}). Silent rule: {rule}."
        self._void_told = True
        return (f"The rules don't say what happens now. Silent rule: {rule}. Play reached it: {e.situation}; "
                f"so round {self._round} is void: nobody scores it.")


def silent_rule(path: str, lang: str = "en") -> str:
    """A rule path for a sentence: its description, lower-cased, then the path in brackets (in
    ``lang`` where the rulebooks translate it)."""
    desc = rule_description(path, lang)
    if desc[:2].istitle():
        desc = inside_sentence(desc, lang) if lang != "en" else desc[0].lower() + desc[1:]
    return f"{desc} ({path})" if desc else path
