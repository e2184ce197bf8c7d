"""The game state: what a game holds, its legal actions, and applying them.

Modelled on OpenSpiel's state API: ``current_player()``, ``legal_actions()``, ``apply(action)``,
``is_terminal()``, ``returns()``. Chance (shuffles, lots) comes only from the ``Chance`` the game
is given (``engine.chance``), so a game is reproducible from (ruleset hash, chance, actions).
``apply`` trusts its input like python-chess's ``push``; use ``explain.play`` for a checked move
that says which rule forbids an illegal one.

The engine is one class over four modules: this one (the state, legal actions, ``apply``),
``matching`` (which matches, colour bonuses), ``turn`` (each action, the end of a turn, cards
moving) and ``rounds`` (dealer, deal, turns starting, going out), each a class of one chain
(``zones.Zones`` -> ``MatchFlow`` -> ``TurnFlow`` -> ``Rounds`` -> ``State``; ``zones`` declares the
attributes). The requirements of a match and of a turn ending are rows of ``requirements``; see
docs/architecture.md.

Turn structure (see docs/engine.md): a turn is matches, or a draw (only before any match)
possibly followed by matches; it ends with ``end``. After a draw with no match made, what may
end the turn is decided by ``drawing.after_failed_draw`` (no match possible) or
``drawing.decline_match_after_draw`` (a match was possible). ``end`` discards the matched cards,
refills the row and asks for the bonus placements (before or after the refill). A player who
takes an action other than ``call-dos`` while exposed (holding ``dos_call.hand_size`` cards
without having called) opens a catch window for the next seat.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from ..errors import DosrulesError
from ..ruleset.cards import Card, Declared
from ..ruleset.model import CatchWindow, MatchAfterDraw, Ruleset
from .actions import CALL_DOS, DRAW, END, PASS, Action, CallDos, CatchDos, Declare, Draw, End, Match, Place
from .chance import Chance
from .compiled import CompiledRules, compile_rules
from .events import DosCalled, Event
from .phase import BONUS, CATCH, DECLARE, ENDING, FINISH, OVER, TURN, Phase
from .requirements import ending_rules, endings
from .rounds import Rounds
from .specialised import specialised
from .trace import TracedRules

__all__ = ["State", "new_game", "from_position", "Phase", "check_dealer_draw"]


def _compiled(ruleset: Ruleset | str, players) -> CompiledRules:
    if isinstance(ruleset, str):
        from ..ruleset.loader import load_ruleset
        ruleset = load_ruleset(ruleset)
    rules = ruleset.for_players(players) if isinstance(players, int) else None
    if rules is None or not (rules.players.min <= players <= rules.players.max):
        lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
        raise DosrulesError(f"{ruleset.id} is played by {lo} to {hi} players, not {players!r}",
                            path="players", fix=f"Choose a player count from {lo} to {hi}.")
    return compile_rules(ruleset, players)


def new_game(ruleset: Ruleset | str, players: int, seed: int = 0, *, chance: Chance | None = None,
             max_rounds: int | None = None, max_turns: int | None = None, dealer_draw=(),
             trace: bool = False) -> "State":
    """A new game: the first dealer is chosen and the first round dealt.

    ``chance`` (optional) is the game's random source; by default ``Chance(seed)``.
    ``max_rounds`` (optional) stops a game after that many rounds, void ones included, with a
    ``game-over`` event without a winner: a safeguard for simulations under rulesets whose
    rule gaps void most rounds. ``max_turns`` (optional) stops the game, likewise, when a round
    would start turn ``max_turns + 1``: a round that never ends (nobody can go out) stops there.
    ``dealer_draw`` (optional, one card per seat) stacks the first
    high-card draw for first dealer: each seat draws the given card (ties draw again from the
    shuffled rest); it is unused when the first dealer is not chosen by a high-card draw.
    ``trace``: record which rules the game reads (``dosrules.engine.trace.rules_read``).
    """
    compiled = _compiled(ruleset, players)
    check_dealer_draw(compiled, dealer_draw)
    if chance is None and seed < 0:  # random.Random takes -S for S: seed -7 would play the game of 7
        raise DosrulesError(f"seed {seed} is negative", path="seed",
                            fix="Seeds are whole numbers from 0 up: each plays a game of its own.")
    state = State(compiled, chance if chance is not None else Chance(seed),
                  max_rounds=max_rounds, max_turns=max_turns, dealer_draw=dealer_draw, trace=trace)
    state.begin()
    return state


def check_dealer_draw(compiled: CompiledRules, cards) -> None:
    """Raise DosrulesError unless ``cards`` is empty or one card of the deck per seat."""
    if not cards:
        return
    if len(cards) != compiled.players:
        raise DosrulesError(f"{len(cards)} cards are drawn for first dealer by {compiled.players} players",
                            path="dealer_draw", fix="Give one card per seat, seat 0 first.")
    rest = Counter(compiled.deck)
    for card in cards:
        if rest[card] <= 0:
            raise DosrulesError(f"the first-dealer draw uses more copies of {card} than the deck holds",
                                path="dealer_draw", fix="Use each card at most as often as the deck has it.")
        rest[card] -= 1


def from_position(ruleset: Ruleset | str, hands, row, *, deck=None, discard=(), turn: int = 0,
                  dealer: int | None = None, scores=None, seed: int = 0, round: int = 1,
                  called=(), chance: Chance | None = None, trace: bool = False) -> "State":
    """A game stopped at the start of ``turn``'s turn in a given position (for golden tests,
    disputed situations and documents).

    ``hands``, ``discard`` and ``deck`` are lists of cards (``Card`` or notation). ``row`` holds
    cards, ``Declared`` values or declared notation (``#g=5``, ``W2=b``): where the placer of a
    row wild declares it (``row_value`` / ``row_colour`` / ``all_wild_row: placer-declares``) the
    declaration given is the one its placer made (a wild given without one, where its placer's
    declaration binds, is matched as a rule gap at the rule: the position does not say what was
    named); under other rules it is not used. The deck
    is ``deck`` (top card last) if given, else every other card of the deck, shuffled with
    ``seed``. ``called`` lists seats that have already called DOS: a call holds while the hand
    stays at the call's size, so it is kept only for seats holding ``dos_call.hand_size`` cards
    under rules with an active call. Chance from here on is ``chance``, by default
    ``Chance(seed)``. The position is not checked against the row minimum. ``trace``: record
    which rules the game reads from the position on.
    """
    c = _compiled(ruleset, len(hands))
    cards = _PositionCards(c)
    hands = [[cards.card(x) for x in h] for h in hands]
    placed = [cards.row_card(x) for x in row]
    discard = [cards.card(x) for x in discard]
    rest = cards.rest([*(card for card, _ in placed), *discard, *(x for h in hands for x in h)])
    if deck is None:  # the rest of the deck, shuffled with the seed
        deck = []
        for card in c.deck:
            if rest[card] > 0:
                deck.append(card)
                rest[card] -= 1
        random.Random(seed).shuffle(deck)
    else:
        deck = [cards.card(x) for x in deck]
    n = len(hands)
    for seat in called:
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise DosrulesError(f"seat {seat!r} in called is not a seat of a {n}-player game",
                                fix=f"Give seats from 0 to {n - 1}.")
    state = State(c, chance if chance is not None else Chance(seed), trace=trace)
    state.round = round
    state.dealer = (turn - 1) % n if dealer is None else dealer
    state.scores = list(scores) if scores is not None else [0] * n
    state.hands = [list(h) for h in hands]
    state.row, state.used = [card for card, _ in placed], [False] * len(placed)
    state.row_decl = [decl for _, decl in placed]
    state.deck, state.discard = list(deck), list(discard)
    state.called = [seat in called and c.dos_active and len(hands[seat]) == c.dos_hand_size
                    for seat in range(n)]
    state._play_rounds(state._start_turn(turn))
    return state


class _PositionCards:
    """Reading the cards of a position given by notation: the game's own card objects."""

    def __init__(self, c: CompiledRules):
        self.c = c
        self.interned = {card: card for card in c.faces}

    def card(self, x) -> Card:
        from ..ruleset.cards import parse_card
        card = parse_card(x) if isinstance(x, str) else x
        if card not in self.interned:
            raise DosrulesError(f"{card} is not a card of the {self.c.ruleset.id} deck",
                                fix="Use cards the ruleset's deck holds.")
        return self.interned[card]

    def row_card(self, x) -> tuple[Card, Declared | None]:
        from ..ruleset.cards import parse_declared
        c = self.c
        d = parse_declared(x) if isinstance(x, str) else x
        if not isinstance(d, Declared):
            return self.card(d), None
        card = self.card(d.card)
        if not c.declared_on_entry[card] or (d.value is None and d.colour is None):
            return card, None
        for option in c.declare_options[card]:
            if option == d:
                return card, option
        raise DosrulesError(f"{d} is not a declaration {card} can take under {c.ruleset.id}",
                            fix=f"Declare one of: {' '.join(map(str, c.declare_options[card]))}.")

    def rest(self, used) -> Counter:
        """The deck less ``used``, as counts; an error if ``used`` takes a card too often."""
        rest = Counter(self.c.deck)
        for card in used:
            if rest[card] <= 0:
                raise DosrulesError(f"the position uses more copies of {card} than the deck of "
                                    f"{self.c.ruleset.id} holds", fix="Use each card at most as often as the deck has it.")
            rest[card] -= 1
        return rest


class State(Rounds):
    """A game in progress. Read it through the methods; mutate it only with ``apply``.

    Seats are numbered 0..players-1; "left" is the next seat up (seat + 1, wrapping).
    ``state.c`` (the game's ``CompiledRules``) is the only way the engine reads rules, and
    ``state.chance`` the only source of chance. Made by ``new_game`` or ``from_position``.
    """

    def __init__(self, compiled: CompiledRules | TracedRules, chance: Chance, *, max_rounds: int | None = None,
                 max_turns: int | None = None, dealer_draw=(), trace: bool = False):
        """A table before the first deal (``begin`` deals it); ``trace``: see ``dosrules.engine.trace``."""
        c = self.c = TracedRules(cast(CompiledRules, compiled), self) if trace else compiled
        # an untraced game's tables prepared from its rules; a traced game reads only through c
        self.fast = specialised(c) if isinstance(c, CompiledRules) else None
        self.chance = chance
        self._dealer_draw = tuple(dealer_draw)  # see new_game
        self.ruleset = c.ruleset
        self.players = n = c.players
        self.seed = chance.seed
        self.max_rounds = max_rounds
        self.max_turns = max_turns  # turns in one round (see new_game)
        self.scores = [0] * n
        self.events: list[Event] = []
        self.history: list[Action] = []
        self.round = 0
        self.dealer: int | None = None
        self.last_winner: int | None = None
        self.winner: int | None = None
        self.deck: list[Card] = []
        self.discard: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.row: list[Card] = []
        self.row_decl: list[Declared | None] = []  # the declaration its placer made of a row wild
        #: this turn: the declaration a row card is matched as (its placer's, where it binds)
        self.row_bind: list[Declared | None] = []
        #: this turn started with a row of only wild cards (matched as all_wild_row says)
        self.all_wild_turn = False
        self.used: list[bool] = []  # row card matched this turn
        self.phase = TURN
        self.turn_seat = 0
        self.turn_number = 0  # turns started in this round
        self.called = [False] * n  # called DOS since reaching the call's hand size
        self.windowed = [False] * n  # a catch window was opened for the current exposure
        #: the direction of play, +1 (left) or -1 (right); None until settled by lot (Rounds._settle_direction)
        self.step: int | None = None
        self._reset_turn()
        self.catch: tuple[int, int, Phase] | None = None  # (caught seat, catcher, phase to resume)
        self.late_catch = False  # the open catch window is not the first of its exposure (dos_call.catch_window)
        self.declare_queue: list[int] = []
        self.declarer = 0
        self.after_declare = ""
        self.end_steps: list[str] = []
        self._legal: tuple[Action, ...] | None = None

    def begin(self) -> None:
        """Choose the first dealer and deal the first round (then as many as end before play)."""
        self._play_rounds(True)

    # --- reading the state -------------------------------------------------------------------

    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over."""
        ph = self.phase
        if ph is OVER:
            return None
        if ph is CATCH:
            assert self.catch is not None
            return self.catch[1]
        if ph is DECLARE:
            return self.declarer
        return self.turn_seat

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def returns(self) -> tuple[int, ...]:
        """The scores (points won so far), one per seat."""
        return tuple(self.scores)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.hands[seat])

    def centre_row(self) -> tuple[Card, ...]:
        return tuple(self.row)

    def exposed(self, seat: int) -> bool:
        """True if ``seat`` holds the DOS call's hand size and has not called since reaching it."""
        c = self.c
        return c.dos_active and len(self.hands[seat]) == c.dos_hand_size and not self.called[seat]

    def all_cards(self) -> list[Card]:
        """Every card of the game, wherever it is (deck, discard, hands, row, played this turn)."""
        out = [*self.deck, *self.discard, *self.row, *self.played]
        for h in self.hands:
            out += h
        return out

    def copy(self) -> "State":
        """An independent copy (its chance in the same state), for search and what-if questions."""
        new = State(self.c, self.chance.copy())  # the same rules (a traced game's view too); then every
        new._dealer_draw, new.ruleset = self._dealer_draw, self.ruleset  # attribute of zones.Zones
        new.players, new.seed, new.max_rounds, new.max_turns = self.players, self.seed, self.max_rounds, self.max_turns
        new.scores, new.events, new.history = list(self.scores), list(self.events), list(self.history)
        new.round, new.dealer, new.last_winner, new.winner = self.round, self.dealer, self.last_winner, self.winner
        new.deck, new.discard, new.hands = list(self.deck), list(self.discard), [list(h) for h in self.hands]
        new.row, new.row_decl, new.used = list(self.row), list(self.row_decl), list(self.used)
        new.row_bind, new.all_wild_turn = list(self.row_bind), self.all_wild_turn
        new.phase, new.turn_seat, new.turn_number = self.phase, self.turn_seat, self.turn_number
        new.called, new.windowed, new.step, new.catch = list(self.called), list(self.windowed), self.step, self.catch
        new.late_catch = self.late_catch
        new.declare_queue, new.declarer = list(self.declare_queue), self.declarer
        new.after_declare, new.end_steps, new._legal = self.after_declare, list(self.end_steps), self._legal
        new.drew, new.drawn, new.matches, new.rows_matched = self.drew, self.drawn, self.matches, self.rows_matched
        new.played, new.bonus_owed = list(self.played), self.bonus_owed
        new.owed_single, new.owed_double = self.owed_single, self.owed_double
        new.others_owed, new.others_owed_double = self.others_owed, self.others_owed_double
        new.pending, new.removed, new.dc_cards = self.pending, self.removed, list(self.dc_cards)
        return new

    def __str__(self) -> str:
        lines = [f"{self.ruleset.id}, round {self.round}, dealer {self.dealer}, phase {self.phase}, "
                 f"to act {self.current_player()}, scores {self.scores}",
                 f"  row: {' '.join(map(str, self.row)) or '-'}  deck {len(self.deck)}  discard {len(self.discard)}"]
        for s, h in enumerate(self.hands):
            lines.append(f"  seat {s}: {' '.join(map(str, h)) or '-'}")
        return "\n".join(lines)

    # --- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take. Actions whose legality rests on an
        ``unspecified`` rule are included; taking one ends the round with a rule gap."""
        if self._legal is None:
            self._legal = tuple(self._generate())
        return self._legal

    def _generate(self) -> list[Action]:
        ph, c, seat = self.phase, self.c, self.turn_seat
        if ph is OVER:
            return []
        if ph is CATCH:
            assert self.catch is not None
            return [CatchDos(self.catch[0]), PASS]
        if ph is DECLARE:
            return [Declare(d) for d in c.declare_options[self.row[self.declare_queue[0]]]]
        acts: list[Action] = [CALL_DOS] if self.exposed(seat) else []
        if ph is TURN:
            if not self.drew:
                matches = self.match_actions()
                acts += matches
                if self.matches:
                    acts.append(END)
                elif not matches or c.draw_when_match_possible is not False:
                    acts.append(DRAW)
            elif self.matches:
                acts += self.match_actions()
                acts.append(END)
            else:
                matches = (self.match_actions()
                           if c.match_after_draw is not MatchAfterDraw.NONE and self.has_match() else [])
                acts += matches
                acts += endings(self, ending_rules(self, matches)[0])
        elif ph is BONUS:
            acts += self.place_options()
            if self.bonus_keepable()[0] is not False:  # keep the rest (a gap under an unspecified placement)
                acts.append(END)
        elif ph is ENDING or ph is FINISH:
            acts.append(END)
        return acts

    # --- applying actions -----------------------------------------------------------------------

    def apply(self, action: Action | object, trusted: bool = False) -> list[Event]:
        """Apply ``action`` and return the events it caused, including any chance that followed
        (dealing the next round). An action that is not one of ``legal_actions()`` is refused
        with ``explain.IllegalActionError`` (the rule that forbids it), the state untouched.
        ``trusted``: the caller knows the action is legal (an agent's, in a simulation's hot
        loop) and the check, which lists every legal action, is skipped. (Typed ``object`` so that
        the compiled build refuses anything else, a string say, with the same error.)"""
        if not trusted and action not in self.legal_actions():
            from .explain import refuse  # (explain reads State: imported when refusing only)
            refuse(self, action)
        events = self.events
        start = len(events)
        self._legal = None
        self.history.append(action)  # type: ignore[arg-type]  # (legal: an Action)
        ph, t = self.phase, type(action)
        if ph is CATCH:
            self._play_rounds(self._resolve_catch(t is CatchDos))
            return events[start:]
        seat = self.turn_seat
        if t is CallDos:
            self.called[seat] = True
            events.append(DosCalled(seat))
            return events[start:]
        c = self.c
        watch = (c.dos_active and ph is not DECLARE and len(self.hands[seat]) == c.dos_hand_size
                 and not self.called[seat]  # exposed(seat), inline; a later window per dos_call.catch_window
                 and (not self.windowed[seat] or c.catch_window is not CatchWindow.NEXT_ACTION))
        late = watch and self.windowed[seat]
        if watch:
            self.windowed[seat] = True  # no FINISH stop for a player who ends the turn uncalled
        if t is Match:
            ended = self._apply_match(action)  # type: ignore[arg-type]  # (no cast(): a call in Python)
        elif t is Draw:
            ended = self._apply_draw()
        elif t is End:
            ended = self._apply_end()
        elif t is Place:
            ended = self._apply_place(action)  # type: ignore[arg-type]
        elif t is Declare:
            ended = self._apply_declare(action)  # type: ignore[arg-type]
        else:
            raise TypeError(f"not an action: {action!r}")
        if ended:
            self._play_rounds(True)
        elif watch and self.phase is not OVER:
            self.windowed[seat] = True
            self.catch = (seat, self._next_seat(seat), self.phase)
            self.late_catch = late
            self.phase = CATCH
        return events[start:]

