"""The game state: legal actions, applying them, rounds, scores — every decision read from the rules.

Modelled on OpenSpiel's state API: ``current_player()``, ``legal_actions()``, ``apply(action)``,
``is_terminal()``, ``returns()``. Chance (shuffles, the high-card draw for first dealer) comes only
from the game's own seeded ``random.Random``, so a game is reproducible from (ruleset hash, seed,
actions). ``apply`` trusts its input like python-chess's ``push``; use ``explain.play`` for a
checked move that says which rule forbids an illegal one.

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

from ..ruleset.cards import Card, Declared, Kind
from ..errors import DosrulesError
from ..ruleset.model import (AfterFailedDraw, AllWildRow, BonusTiming, DeckExhaustion, DeclineAfterDraw,
                     FirstDealer, FirstPlayer, NextDealer, PenaltyTiming, RefillMode, RowWildChoice,
                     Ruleset, WildNumberColour)
from .actions import (CALL_DOS, DRAW, END, PASS, Action, CallDos, CatchDos, Declare, Draw, End,
                      Match, Place)
from .compiled import CompiledRules, compile_rules
from .events import (Buried, CatchDeclined, Caught, DealerChosen, Dealt, DosCalled, Drew, Event,
                     GameOver, Matched, BonusEarned, Placed, Refilled, Reshuffled, RoundScored,
                     RoundVoid, RuleGap, TurnEnded, TurnStarted, WildDeclared)

__all__ = ["State", "new_game", "from_position", "Phase"]


class Phase:
    """What the game waits for (``State.phase``)."""

    TURN = "turn"  # matches, a draw, or end
    ENDING = "ending"  # a card was placed after a draw: only `end` (or `call-dos`)
    BONUS = "bonus"  # bonus placements owed after `end`
    FINISH = "finish"  # the turn is done but its player holds DOS uncalled: `call-dos` or `end`
    DECLARE = "declare"  # placer-declares: a wild that entered the row needs its declaration
    CATCH = "catch"  # the next seat may catch a missed DOS call
    OVER = "over"  # the game is over


class _RoundOver(Exception):
    """Raised inside ``apply`` when the round has ended (scored or void)."""


def new_game(ruleset: Ruleset | str, players: int, seed: int = 0, *,
             max_rounds: int | None = None, dealer_draw=(), trace: bool = False) -> "State":
    """A new game: the first dealer is chosen and the first round dealt.

    ``max_rounds`` (optional) stops a game after that many rounds, void ones included, with a
    ``game-over`` event without a winner: a safeguard for simulations under rulesets whose
    rule gaps void most rounds. ``dealer_draw`` (optional, one card per seat) stacks the first
    high-card draw for first dealer: each seat draws the given card (ties draw again from the
    shuffled rest); it is unused when the first dealer is not chosen by a high-card draw.
    ``trace``: record which rules the game reads (``dosrules.engine.trace.rules_read``).
    """
    if isinstance(ruleset, str):
        from ..ruleset.loader import load_ruleset
        ruleset = load_ruleset(ruleset)
    rules = ruleset.for_players(players) if isinstance(players, int) else None
    if rules is None or not (rules.players.min <= players <= rules.players.max):
        lo, hi = ruleset.rules.players.min, ruleset.rules.players.max
        raise DosrulesError(f"{ruleset.id} is played by {lo} to {hi} players, not {players!r}",
                            path="players", fix=f"Choose a player count from {lo} to {hi}.")
    compiled = compile_rules(ruleset, players)
    check_dealer_draw(compiled, dealer_draw)
    if trace:
        from .trace import traced_game
        return traced_game(compiled, seed, max_rounds, dealer_draw)
    return State(compiled, seed, max_rounds, dealer_draw)


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
                  called=(), trace: bool = False) -> "State":
    """A game stopped at the start of ``turn``'s turn in a given position (for golden tests,
    disputed situations and documents).

    ``hands``, ``discard`` and ``deck`` are lists of cards (``Card`` or notation). ``row`` holds
    cards, ``Declared`` values or declared notation (``#g=5``, ``W2=b``): under
    ``all_wild_row: placer-declares`` the declaration of a row wild is the one its placer made;
    under other rules the matcher declares and a declaration given here is not used. The deck
    is ``deck`` (top card last) if given, else every other card of the deck, shuffled with
    ``seed``. ``called`` lists seats that have already called DOS: a call holds while the hand
    stays at the call's size, so it is kept only for seats holding ``dos_call.hand_size`` cards
    under rules with an active call. The position is not checked against the row minimum.
    ``trace``: record which rules the game reads from the position on (see ``new_game``).
    """
    from ..ruleset.cards import parse_card, parse_declared
    state = new_game(ruleset, len(hands), seed, trace=trace)
    c = state.c
    interned = {card: card for card in c.faces}

    def card_of(x):
        card = parse_card(x) if isinstance(x, str) else x
        if card not in interned:
            raise DosrulesError(f"{card} is not a card of the {state.ruleset.id} deck",
                                fix="Use cards the ruleset's deck holds.")
        return interned[card]

    def row_card(x):
        d = parse_declared(x) if isinstance(x, str) else x
        if not isinstance(d, Declared):
            return card_of(d), None
        card = card_of(d.card)
        if not (c.placer_declares and card.is_wild) or (d.value is None and d.colour is None):
            return card, None
        for option in c.declare_options[card]:
            if option == d:
                return card, option
        raise DosrulesError(f"{d} is not a declaration {card} can take under {state.ruleset.id}",
                            fix=f"Declare one of: {' '.join(map(str, c.declare_options[card]))}.")

    hands = [[card_of(x) for x in h] for h in hands]
    placed = [row_card(x) for x in row]
    row = [card for card, _ in placed]
    discard = [card_of(x) for x in discard]
    rest = Counter(c.deck)
    for card in [*row, *discard, *(x for h in hands for x in h)]:
        if rest[card] <= 0:
            raise DosrulesError(f"the position uses more copies of {card} than the deck of "
                                f"{state.ruleset.id} holds", fix="Use each card at most as often as the deck has it.")
        rest[card] -= 1
    if deck is None:
        deck = []
        for card in c.deck:
            if rest[card] > 0:
                deck.append(card)
                rest[card] -= 1
        random.Random(seed).shuffle(deck)
    else:
        deck = [card_of(x) for x in deck]
    n = len(hands)
    for seat in called:
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise DosrulesError(f"seat {seat!r} in called is not a seat of a {n}-player game",
                                fix=f"Give seats from 0 to {n - 1}.")
    state.events.clear()
    state.history.clear()
    if trace:
        from .trace import forget_reads
        forget_reads(state)
    state.round = round
    state.dealer = (turn - 1) % n if dealer is None else dealer
    state.scores = list(scores) if scores is not None else [0] * n
    state.hands = [list(h) for h in hands]
    state.row, state.used = list(row), [False] * len(row)
    state.row_decl = [decl for _, decl in placed]
    state.deck, state.discard = list(deck), list(discard)
    state.called = [seat in called and c.dos_active and len(hands[seat]) == c.dos_hand_size
                    for seat in range(n)]
    state.windowed = [False] * n
    state.catch = None
    state.turn_number = 0
    state._legal = None
    state._guarded(lambda: state._start_turn(turn))
    return state


class State:
    """A game in progress. Read it through the methods; mutate it only with ``apply``.

    Seats are numbered 0..players-1; "left" is the next seat up (seat + 1, wrapping).
    ``state.c`` (the game's ``CompiledRules``) is the only way the engine reads rules; replacing
    it with a proxy exposing the same attributes (to record which rules are read) is supported
    — see ``dosrules.engine.compiled``.
    """

    def __init__(self, compiled: CompiledRules, seed: int, max_rounds: int | None = None, dealer_draw=()):
        c = self.c = compiled
        self._dealer_draw = tuple(dealer_draw)  # see new_game
        self.ruleset = c.ruleset
        self.players = n = c.players
        self.seed = seed
        self.max_rounds = max_rounds
        self.rng = random.Random(seed)
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
        self.row_decl: list[Declared | None] = []  # placer-declares: the declaration of a row wild
        self.used: list[bool] = []  # row card matched this turn
        self.phase = Phase.TURN
        self.turn_seat = 0
        self.turn_number = 0  # turns started in this round
        self.called = [False] * n  # called DOS since reaching the call's hand size
        self.windowed = [False] * n  # a catch window was opened for the current exposure
        self._reset_turn()
        self.catch: tuple[int, int, str] | None = None  # (caught seat, catcher, phase to resume)
        self.declare_queue: list[int] = []
        self.declarer = 0
        self.after_declare = ""
        self.end_steps: list[str] = []
        self._legal: tuple[Action, ...] | None = None
        self._guarded(self._start_round)

    # --- reading the state -------------------------------------------------------------------

    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over."""
        ph = self.phase
        if ph is Phase.OVER:
            return None
        if ph is Phase.CATCH:
            return self.catch[1]
        if ph is Phase.DECLARE:
            return self.declarer
        return self.turn_seat

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

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
        """An independent copy (same RNG state), for search and what-if questions."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        for name in ("scores", "events", "history", "deck", "discard", "row", "row_decl", "used",
                     "called", "windowed", "played", "dc_cards", "declare_queue", "end_steps"):
            setattr(new, name, list(getattr(self, name)))
        new.hands = [list(h) for h in self.hands]
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
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
        if ph is Phase.OVER:
            return []
        if ph is Phase.CATCH:
            return [CatchDos(self.catch[0]), PASS]
        if ph is Phase.DECLARE:
            return [Declare(d) for d in c.declare_options[self.row[self.declare_queue[0]]]]
        acts: list[Action] = [CALL_DOS] if self.exposed(seat) else []
        if ph is Phase.TURN:
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
                matches = (self.match_actions(after_draw_ok=True)
                           if c.match_after_draw is not False and self.has_match() else [])
                acts += matches
                acts += self._endings(self._ending_rules(matches)[0])
        elif ph is Phase.BONUS:
            acts += self._place_options()
        elif ph is Phase.ENDING or ph is Phase.FINISH:
            acts.append(END)
        return acts

    def _endings(self, rules) -> list[Action]:
        """Ways to end a turn after a draw with no match made: those one of the governing
        ``rules`` (see ``_ending_rules``) allows or leaves open."""
        end = place = False
        for _, rule in rules:
            if rule is AfterFailedDraw.KEEP_AND_PASS or rule is DeclineAfterDraw.KEEP_AND_PASS:
                end = True
            elif rule is AfterFailedDraw.PLACE_CARD or rule is DeclineAfterDraw.PLACE_CARD:
                place = True
            elif rule is not DeclineAfterDraw.FORBIDDEN:
                end = place = True  # unspecified: all offered, any is a gap
        places = self._place_options() if place else []
        return [END, *places] if end or (place and not places) else places

    def _ending_rules(self, matches=None):
        """(rules, rests_on): the (path, value) rules deciding how a turn may end after a draw
        with no match made. ``drawing.after_failed_draw`` when no match is possible (or matching
        after a draw is not allowed), ``drawing.decline_match_after_draw`` when one is legal
        outright; both when every possible match rests on an unspecified rule, whose path is
        ``rests_on``: an ending is then legal when both rules allow it and a gap when only one
        does. ``matches``: the matches possible now, when already listed."""
        c = self.c
        failed = ("drawing.after_failed_draw", c.after_failed_draw)
        if c.match_after_draw is False:
            return (failed,), None
        declined = ("drawing.decline_match_after_draw", c.decline_match_after_draw)
        if c.plain_matching and c.match_after_draw is True:  # no match can rest on a gap
            possible = self.has_match() if matches is None else bool(matches)
            return ((declined,) if possible else (failed,)), None
        if matches is None:
            matches = self.match_actions(after_draw_ok=True)
        rests_on = None
        for m in matches:
            path = self._match_rests_on(m)
            if path is None:
                return (declined,), None
            rests_on = rests_on or path
        return ((failed, declined) if rests_on else (failed,)), rests_on

    def _match_rests_on(self, m: Match) -> str | None:
        """The unspecified rule the legality of match ``m`` (after a draw) rests on, or None when
        it is legal outright (its colour bonus may still be open). Mirrors ``_match_gaps``."""
        c = self.c
        if self.drew and c.match_after_draw is None:
            return "drawing.match_after_draw"
        if len(m.cards) == 1:
            if c.single is None:
                return "matching.single"
        elif c.double is None:
            return "matching.double"
        idx = self._find_target(m.target)
        if self.used[idx]:
            if c.once_per_row_card is None:
                return "matching.once_per_row_card"
        elif (c.any_row_card is None and len(self.row) > c.row_card_limit
              and self.rows_matched >= c.row_card_limit):
            return "matching.any_row_card"
        if (self.row[idx].kind is Kind.WILD_NUMBER and self.row_decl[idx] is None
                and c.wild_row is RowWildChoice.UNSPECIFIED):
            return "wilds.wild_number.row_value"
        if c.colour_restricts is None and self.colour_outcome(m.target, m.cards)[0] is None:
            return "matching.colour_restricts"
        return None

    def _ending_allowed(self, rule, action: Action) -> bool | None:
        """Whether ``rule`` allows ending the turn (after a draw, no match made) by ``action``;
        None when the rule is unspecified."""
        if rule is AfterFailedDraw.KEEP_AND_PASS or rule is DeclineAfterDraw.KEEP_AND_PASS:
            return isinstance(action, End)
        if rule is AfterFailedDraw.PLACE_CARD or rule is DeclineAfterDraw.PLACE_CARD:
            return isinstance(action, Place) or not self._place_options()
        if rule is DeclineAfterDraw.FORBIDDEN:
            return False
        return None

    def _place_options(self) -> list[Action]:
        opts = self.c.place_options
        return [Place(d) for card in dict.fromkeys(self.hands[self.turn_seat]) for d in opts[card]]

    def match_actions(self, after_draw_ok: bool = False) -> list[Match]:
        """The matches the turn player may make now (gap-dependent ones included)."""
        c = self.c
        if self.drew and c.match_after_draw is False and not after_draw_ok:
            return []
        hand, row = self.hands[self.turn_seat], self.row
        if not hand or not row:
            return []
        counts = Counter(hand)
        faces = list(counts)
        hopt = c.hand_options
        singles: dict[int, list[tuple[Declared, ...]]] = {}
        doubles: dict[int, list[tuple[Declared, ...]]] = {}
        if c.single is not False:
            for f in faces:
                for v, d in hopt[f]:
                    singles.setdefault(v, []).append((d,))
        if c.double is not False:
            for i, a in enumerate(faces):
                oa = hopt[a]
                for j in range(i, len(faces)):
                    b = faces[j]
                    same = i == j
                    if same and counts[a] < 2:
                        continue
                    ob = hopt[b]
                    for ka, (va, da) in enumerate(oa):
                        for kb in range(ka if same else 0, len(ob)):
                            vb, db = ob[kb]
                            doubles.setdefault(va + vb, []).append((da, db))
        limit_hit = (c.any_row_card is False and len(row) > c.row_card_limit
                     and self.rows_matched >= c.row_card_limit)
        restricts = c.colour_restricts is True
        out: list[Match] = []
        seen = set()
        used, rdecl, topt = self.used, self.row_decl, c.target_options
        for i, card in enumerate(row):
            if used[i]:
                if c.once_per_row_card is True:
                    continue
            elif limit_hit:
                continue
            decl = rdecl[i]
            key = (card, decl)
            if key in seen:
                continue
            seen.add(key)
            targets = [(decl, decl.value if decl.value is not None else c.wild_dos_value)] if decl else topt[card]
            for tdecl, tval in targets:
                for combo in (*singles.get(tval, ()), *doubles.get(tval, ())):
                    if restricts and self.colour_outcome(tdecl, combo) == (None, None):
                        continue  # colour decides legality and this match is not a colour match
                    out.append(Match(tdecl, combo))
        return out

    # --- colour -------------------------------------------------------------------------------

    def _colour_alternatives(self, d: Declared, in_row: bool):
        """[(possible colours, rule path or None)]: more than one entry when a rule is unspecified."""
        card, c = d.card, self.c
        if card.kind is Kind.NUMBER:
            return ((frozenset((card.colour,)), None),)
        allc = frozenset(c.colours)
        if card.kind is Kind.WILD_DOS:
            if d.colour is not None:
                return ((frozenset((d.colour,)), None),)
            if in_row and c.wild_dos_row is RowWildChoice.UNSPECIFIED:
                path = "wilds.wild_dos.row_colour"
                return ((allc, path), (frozenset(), path))
            return ((allc, None),)
        wc = c.wild_colour
        if wc is WildNumberColour.PRINTED:
            return ((frozenset((card.colour,)), None),)
        if wc is WildNumberColour.DECLARED:
            return ((allc, None),)
        path = "wilds.wild_number.colour"
        return ((frozenset((card.colour,)), path), (allc, path))

    def colour_outcome(self, target: Declared, cards: tuple[Declared, ...]) -> tuple[str | None, str | None]:
        """(bonus, gap path): bonus is 'single-colour', 'double-colour' or None; the gap path is
        set when the bonus depends on an unspecified rule."""
        c = self.c
        if c.plain_colour:
            index = c.face_index
            if target.colour is not None:
                common = c.colour_bit[target.colour]
            else:
                f = index.get(id(target.card))
                common = c.f_tbits[f] if f is not None and c.faces[f] is target.card else self._bits(target, c.f_tbits)
            fbits = c.f_bits
            for d in cards:
                if d.colour is not None:
                    common &= c.colour_bit[d.colour]
                else:
                    f = index.get(id(d.card))
                    common &= fbits[f] if f is not None and c.faces[f] is d.card else self._bits(d, fbits)
            if not common:
                return _NO_BONUS
            return _SINGLE if len(cards) == 1 else _DOUBLE
        return self._colour_outcome_general(target, cards)

    def _bits(self, d: Declared, table) -> int:
        c, card = self.c, d.card
        if d.colour is not None:
            return c.colour_bit[d.colour]
        f = c.face_index.get(id(card))
        return table[f if f is not None else c.face_of[card]]

    def _colour_outcome_general(self, target: Declared, cards: tuple[Declared, ...]):
        alts = [self._colour_alternatives(target, True)] + [self._colour_alternatives(d, False) for d in cards]
        name = "single-colour" if len(cards) == 1 else "double-colour"
        outcomes = set()
        path = None
        for combo in _product(alts):
            common = combo[0][0]
            for colours, p in combo[1:]:
                common = common & colours
            for _, p in combo:
                path = path or p
            outcomes.add(name if common else None)
        if len(outcomes) == 1:
            return outcomes.pop(), None
        return None, path

    # --- applying actions -----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (not checked: use ``explain.play`` for untrusted input) and return
        the events it caused, including any chance that followed (dealing the next round)."""
        events = self.events
        start = len(events)
        self._legal = None
        self.history.append(action)
        ph, t = self.phase, type(action)
        try:
            if ph is _CATCH:
                self._resolve_catch(t is CatchDos)
                return events[start:]
            seat = self.turn_seat
            if t is CallDos:
                self.called[seat] = True
                events.append(DosCalled(seat))
                return events[start:]
            c = self.c
            watch = (c.dos_active and ph is not _DECLARE and len(self.hands[seat]) == c.dos_hand_size
                     and not self.called[seat] and not self.windowed[seat])  # exposed(seat), inline
            if watch:
                self.windowed[seat] = True  # no FINISH stop for a player who ends the turn uncalled
            round_before = self.round
            if t is Match:
                self._apply_match(action)
            elif t is Draw:
                self._apply_draw()
            elif t is End:
                self._apply_end()
            elif t is Place:
                self._apply_place(action)
            elif t is Declare:
                self._apply_declare(action)
            else:
                raise TypeError(f"not an action: {action!r}")
            if watch and self.round == round_before and self.phase is not _OVER:
                self.windowed[seat] = True
                self.catch = (seat, (seat + 1) % self.players, self.phase)
                self.phase = _CATCH
        except _RoundOver:
            self._guarded(self._next_round_or_over)
        return events[start:]

    def _apply_match(self, m: Match) -> None:
        c, seat = self.c, self.turn_seat
        hand = self.hands[seat]
        played, index, faces = self.played, c.face_index, c.faces
        plain = c.plain_matching and c.match_after_draw is not None and c.plain_colour
        if plain:
            # no gap can arise: the target is a free row card, colours compare as bit masks
            # (colour_outcome and _find_target inline: this is the hottest path of a simulation;
            # plain_colour, implied by plain_matching, is read so a recording proxy sees the
            # colour rules decide the bonus, as colour_outcome shows it)
            target = m.target
            card = target.card
            f = index.get(id(card))
            if f is None or faces[f] is not card:
                f = c.face_of[card]
                card = faces[f]
            common = c.f_tbits[f] if target.colour is None else c.colour_bit[target.colour]
            used = self.used
            for idx, rc in enumerate(self.row):
                if rc is card and not used[idx]:
                    break
            else:
                raise ValueError(f"{target} is not a free card of the Centre Row")
            fbits = c.f_bits
        else:
            idx, bonus, fresh = self._match_gaps(m)
        for d in m.cards:  # keep the game's own card objects (interned faces) in every zone
            card = d.card
            f = index.get(id(card))
            if f is None or faces[f] is not card:
                f = c.face_of[card]
                card = faces[f]
            if plain:
                common &= fbits[f] if d.colour is None else c.colour_bit[d.colour]
            for i, x in enumerate(hand):
                if x is card:
                    played.append(hand.pop(i))
                    break
            else:
                raise ValueError(f"{card} is not in seat {seat}'s hand")
        if plain:
            bonus = ("single-colour" if len(m.cards) == 1 else "double-colour") if common else None
        if plain or fresh:
            self.used[idx] = True
            self.rows_matched += 1
        if len(hand) != c.dos_hand_size:  # _touch(seat), inline
            self.called[seat] = self.windowed[seat] = False
        self.matches += 1
        self.events.append(Matched(seat, m.target, m.cards))
        if bonus is not None:
            self._bonus(seat, bonus)

    def _match_gaps(self, m: Match):
        """Resolve a match under rules that may leave its legality or bonus unspecified."""
        c, seat = self.c, self.turn_seat
        single = len(m.cards) == 1
        if self.drew and c.match_after_draw is None:
            self._gap("drawing.match_after_draw", f"seat {seat} matches after drawing")
        if single and c.single is None:
            self._gap("matching.single", f"seat {seat} makes a single match ({m})")
        if not single and c.double is None:
            self._gap("matching.double", f"seat {seat} makes a double match ({m})")
        idx = self._find_target(m.target)
        fresh = not self.used[idx]
        if not fresh and c.once_per_row_card is None:
            self._gap("matching.once_per_row_card",
                      f"seat {seat} matches {m.target}, already matched this turn, again")
        if (fresh and c.any_row_card is None and len(self.row) > c.row_card_limit
                and self.rows_matched >= c.row_card_limit):
            self._gap("matching.any_row_card",
                      f"seat {seat} matches more than {c.row_card_limit} cards of a wide Centre Row")
        tcard = self.row[idx]
        if (tcard.kind is Kind.WILD_NUMBER and self.row_decl[idx] is None
                and c.wild_row is RowWildChoice.UNSPECIFIED):
            self._gap("wilds.wild_number.row_value",
                      f"seat {seat} matches a Wild # lying in the Centre Row ({m})")
        bonus, path = self.colour_outcome(m.target, m.cards)
        if path:
            self._gap(path, f"whether {m} earns a colour bonus")
        if bonus is None and c.colour_restricts is None:
            self._gap("matching.colour_restricts", f"seat {seat} matches without matching colour ({m})")
        return idx, bonus, fresh

    def _bonus(self, seat: int, bonus: str) -> None:
        c = self.c
        if bonus == "single-colour":
            place, draw, group = c.single_place, c.single_draw, "bonuses.single_colour"
        else:
            place, draw, group = c.double_place, c.double_draw, "bonuses.double_colour"
        if place is None:
            self._gap(group + ".place_cards", f"seat {seat} earns a {bonus} match bonus")
        if draw is None:
            self._gap(group + ".others_draw", f"seat {seat} earns a {bonus} match bonus")
        self.bonus_owed += place
        self.events.append(BonusEarned(seat, bonus, place, draw))
        if draw:
            n = self.players
            for k in range(1, n):
                other = (seat + k) % n
                got = self._draw_to(other, draw, "bonus")
                if bonus == "double-colour":
                    self.dc_cards += got

    def _interned(self, card: Card) -> Card:
        """The game's own object for a card face (every zone holds only these)."""
        c = self.c
        f = c.face_index.get(id(card))
        if f is not None and c.faces[f] is card:
            return card
        return c.faces[c.face_of[card]]

    def _position(self, cards: list, card: Card) -> int:
        """Index of a card face in a zone, compared by identity of the interned face."""
        return [*map(id, cards)].index(id(self._interned(card)))

    def _find_target(self, target: Declared) -> int:
        """The row index a match's target face resolves to, preferring a card not yet matched."""
        card, found = self._interned(target.card), -1
        decl, used = self.row_decl, self.used
        for i, rc in enumerate(self.row):
            if rc is card and (decl[i] is None or decl[i] == target):
                if not used[i]:
                    return i
                found = i
        if found < 0:
            raise ValueError(f"{target} is not in the Centre Row")
        return found

    def _apply_draw(self) -> None:
        c, seat = self.c, self.turn_seat
        if c.draw_when_match_possible is None and self.has_match():  # (no draw yet this turn)
            self._gap("drawing.draw_when_match_possible", f"seat {seat} draws although a match is possible")
        self.drew = True
        self._draw_to(seat, 1, "draw")

    def has_match(self) -> bool:
        """Whether the turn player could make a match now (ignoring `drawing.match_after_draw`)."""
        c = self.c
        if not c.simple_matching:
            return bool(self.match_actions(after_draw_ok=True))
        index, lo, hi = c.face_index, c.f_lo, c.f_hi
        row, used = self.row, self.used
        targets = [index[id(card)] for i, card in enumerate(row) if not used[i]]
        if not targets:
            return False
        hand = [index[id(card)] for card in self.hands[self.turn_seat]]
        for t in targets:
            tlo, thi = lo[t], hi[t]
            for k, a in enumerate(hand):
                la, ha = lo[a], hi[a]
                if la <= thi and tlo <= ha:
                    return True
                for b in hand[k + 1:]:
                    if la + lo[b] <= thi and tlo <= ha + hi[b]:
                        return True
        return False

    def _after_draw_rule(self, action: Action) -> str:
        """Gap check for ending a turn by ``action`` (``end`` or ``place``) after a draw with no
        match made; returns the path of the rule that allows it."""
        seat = self.turn_seat
        rules, rests_on = self._ending_rules()
        for path, rule in rules:
            allowed = self._ending_allowed(rule, action)
            if allowed is None:
                self._gap(path, f"seat {seat} drew, made no match, and ends the turn")
            if not allowed and rests_on:
                self._gap(rests_on, f"seat {seat} drew, made no match, and ends the turn ({action}), "
                                            f"legal or not by whether a match was possible, which rests on {rests_on}")
        return rules[0][0]

    def _apply_end(self) -> None:
        ph = self.phase
        if ph is Phase.FINISH:
            self._complete_turn()
            return
        if ph is Phase.TURN and self.drew and not self.matches:
            self._after_draw_rule(END)
        self._end_turn()

    def _apply_place(self, p: Place) -> None:
        seat = self.turn_seat
        if self.phase is Phase.TURN:  # after a draw with no match made
            path = self._after_draw_rule(p)
            reason = "failed-draw" if path == "drawing.after_failed_draw" else "declined-match"
            self._place(seat, p.card, reason)
            self.phase = Phase.ENDING
            return
        self._place(seat, p.card, "bonus")  # Phase.BONUS
        self.bonus_owed -= 1
        if self.bonus_owed <= 0 or not self.hands[seat]:
            self._continue_end()

    def _place(self, seat: int, d: Declared, reason: str) -> None:
        hand = self.hands[seat]
        self.row.append(hand.pop(self._position(hand, d.card)))
        self._touch(seat)
        self.row_decl.append(d if (self.c.placer_declares and d.card.is_wild) else None)
        self.used.append(False)
        self.events.append(Placed(seat, d, reason))

    def _apply_declare(self, a: Declare) -> None:
        idx = self.declare_queue.pop(0)
        self.row_decl[idx] = a.card
        self.events.append(WildDeclared(self.declarer, a.card))
        if not self.declare_queue:
            self.phase = Phase.TURN
            if self.after_declare == "first-turn":
                self._first_turn()
            else:
                self._continue_end()

    def _resolve_catch(self, caught: bool) -> None:
        seat, catcher, resume = self.catch
        self.catch = None
        self.phase = resume
        if not caught:
            self.events.append(CatchDeclined(catcher, seat))
            return
        c = self.c
        pen = c.catch_penalty
        if pen is None:
            self._gap("dos_call.catch_penalty", f"seat {catcher} catches seat {seat} not calling DOS")
        when = "now"
        if self.turn_seat == seat and resume is not Phase.OVER:  # caught during their own turn
            timing = c.penalty_timing
            if timing is PenaltyTiming.UNSPECIFIED:
                self._gap("dos_call.penalty_timing", f"seat {catcher} catches seat {seat} in the middle of their turn")
            if timing is PenaltyTiming.END_OF_TURN:
                when = "end-of-turn"
        self.events.append(Caught(catcher, seat, pen, when))
        if when == "now":
            self._draw_to(seat, pen, "penalty")
        else:
            self.pending += pen

    # --- end of turn ----------------------------------------------------------------------------

    def _end_turn(self) -> None:
        c, seat = self.c, self.turn_seat
        kept_row, kept_decl, covered = [], [], []
        for card, decl, u in zip(self.row, self.row_decl, self.used):
            if u:
                covered.append(card)
            else:
                kept_row.append(card)
                kept_decl.append(decl)
        discarded = self.played + covered
        self.discard += discarded
        self.removed = len(covered)
        self.row, self.row_decl, self.used = kept_row, kept_decl, [False] * len(kept_row)
        self.played = []
        self.events.append(TurnEnded(seat, tuple(discarded)))
        if not self.hands[seat]:
            self._go_out(seat)
        if self.bonus_owed:
            timing = c.bonus_timing
            if timing is BonusTiming.UNSPECIFIED:
                self._gap("refill.bonus_cards", f"seat {seat} places bonus cards and the row is refilled")
            self.end_steps = (["bonus", "refill", "finish"] if timing is BonusTiming.BEFORE_REFILL
                              else ["refill", "bonus", "finish"])
        else:
            self.end_steps = ["refill", "finish"]
        self._continue_end()

    def _continue_end(self) -> None:
        seat = self.turn_seat
        while self.end_steps:
            step = self.end_steps.pop(0)
            if step == "refill":
                if self._refill(seat):
                    return
            elif step == "bonus":
                if self.bonus_owed > 0 and self.hands[seat]:
                    self.phase = Phase.BONUS
                    return
            else:  # finish
                hand = self.hands[seat]
                if not hand:
                    self._go_out(seat)
                c = self.c
                if (c.dos_active and len(hand) == c.dos_hand_size and not self.called[seat]
                        and not self.windowed[seat]):  # exposed(seat), inline
                    self.phase = Phase.FINISH
                    return
        self._complete_turn()

    def _refill(self, seat: int) -> bool:
        """Refill the row; True if play waits for declarations of wilds it turned up."""
        c = self.c
        to_min = max(0, c.row_minimum - len(self.row))
        mode = c.refill_mode
        if mode is RefillMode.TO_MINIMUM:
            k = to_min
        else:
            k = max(self.removed, to_min)
            if mode is RefillMode.UNSPECIFIED and k != to_min:
                self._gap("refill.mode", f"{self.removed} Centre Row card(s) were covered and "
                                         f"{len(self.row)} remain")
        if k <= 0:
            return False
        cards = self._take(k, "the Centre Row must be refilled")
        start = len(self.row)
        self.row += cards
        self.row_decl += [None] * len(cards)
        self.used += [False] * len(cards)
        self.events.append(Refilled(tuple(cards), tuple(self.row)))
        return c.placer_declares and self._queue_declarations(start, seat, "end")

    def _queue_declarations(self, start: int, seat: int, then: str) -> bool:
        if not self.c.placer_declares:
            return False
        queue = [i for i in range(start, len(self.row)) if self.row[i].is_wild and self.row_decl[i] is None]
        if not queue:
            return False
        self.declare_queue, self.declarer, self.after_declare = queue, seat, then
        self.phase = Phase.DECLARE
        return True

    def _complete_turn(self) -> None:
        seat = self.turn_seat
        if self.pending:
            pen, self.pending = self.pending, 0
            self._draw_to(seat, pen, "penalty")
        self._start_turn((seat + 1) % self.players)

    def _go_out(self, seat: int) -> None:
        c = self.c
        if self.pending:
            self._gap("dos_call.penalty_timing",
                      f"seat {seat} goes out while a DOS penalty of {self.pending} card(s) waits for the end of the turn")
        index, score = c.face_index, c.f_score
        total = 0
        for s, h in enumerate(self.hands):
            if s != seat:
                for card in h:
                    p = score[index[id(card)]]
                    if p is None:
                        self._gap(_points_path(card), f"scoring {card} left in a hand")
                    total += p
        if self.dc_cards:
            extra = sum(c.points[card] or 0 for card in self.dc_cards)
            rule = c.double_draw_before_scoring
            if rule is False:
                total -= extra
            elif rule is None and extra:
                self._gap("going_out.double_colour_draw_before_scoring",
                          f"seat {seat} goes out on a turn with a double colour match")
        self.scores[seat] += total
        self.last_winner = seat
        self.events.append(RoundScored(self.round, seat, total, tuple(self.scores)))
        if self.scores[seat] >= c.target:
            self.winner = seat
            self.phase = Phase.OVER
            self.events.append(GameOver(seat, tuple(self.scores), f"seat {seat} reached {c.target}"))
        raise _RoundOver

    # --- turns and rounds -----------------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.drew = False
        self.matches = 0
        self.rows_matched = 0
        self.played: list[Card] = []
        self.bonus_owed = 0
        self.pending = 0
        self.removed = 0
        self.dc_cards: list[Card] = []

    def _start_turn(self, seat: int) -> None:
        c = self.c
        self.turn_seat = seat
        self.turn_number += 1
        self._reset_turn()
        self.phase = Phase.TURN
        row = self.row
        if row and row[0].kind is not _NUMBER and _all_wild(row):
            rule = c.all_wild_row
            if rule is AllWildRow.UNSPECIFIED:
                self._gap("all_wild_row", f"seat {seat} starts a turn with a Centre Row of only wild cards "
                                          f"({' '.join(map(str, row))})")
            if rule is AllWildRow.BURY_AND_REFLIP:
                self._bury_and_reflip()
        if not self.deck and not self.discard and c.after_failed_draw is AfterFailedDraw.KEEP_AND_PASS:
            if not any(self._can_match(s) for s in range(self.players)):
                self._gap("deck_exhaustion", "the deck and the discard pile are empty and no player can "
                                             "match: play cannot go on")
        self.events.append(TurnStarted(seat, tuple(self.row)))

    def _can_match(self, seat: int) -> bool:
        saved = self.turn_seat
        self.turn_seat = seat
        try:
            return bool(self.match_actions())
        finally:
            self.turn_seat = saved

    def _bury_and_reflip(self) -> None:
        for _ in range(len(self.c.deck) + 1):
            if not self.row or not all(card.is_wild for card in self.row):
                return
            buried = tuple(self.row)
            self.discard += buried
            self.row, self.row_decl, self.used = [], [], []
            self.events.append(Buried(buried))
            cards = self._take(self.c.row_minimum, "fresh cards must be turned up for the Centre Row")
            self.row += cards
            self.row_decl += [None] * len(cards)
            self.used += [False] * len(cards)
            self.events.append(Refilled(tuple(cards), tuple(self.row)))
        self._gap("deck_exhaustion", "only wild cards are left to turn up for the Centre Row")

    def _start_round(self) -> None:
        c, n = self.c, self.players
        if self.max_rounds is not None and self.round >= self.max_rounds:
            self.phase = Phase.OVER
            self.events.append(GameOver(None, tuple(self.scores), f"stopped after {self.round} rounds"))
            return
        self.round += 1
        self.dealer = dealer = self._choose_dealer()
        deck = list(c.deck)
        self._shuffle(deck)
        hs = c.hand_size
        need = hs * n + c.centre_row
        if len(deck) < need:
            raise DosrulesError(f"the deck of {len(deck)} cards cannot deal {hs} to {n} players and "
                                f"{c.centre_row} to the Centre Row", path="setup.hand_size")
        for k in range(n):
            seat = (dealer + 1 + k) % n
            self.hands[seat] = deck[-hs:]
            del deck[-hs:]
        self.row = deck[-c.centre_row:] if c.centre_row else []
        del deck[len(deck) - len(self.row):]
        self.row_decl = [None] * len(self.row)
        self.used = [False] * len(self.row)
        self.deck, self.discard = deck, []
        self.called = [False] * n
        self.windowed = [False] * n
        self.catch = None
        self.turn_number = 0
        self._reset_turn()
        self.events.append(Dealt(self.round, dealer, hs, tuple(self.row)))
        if not self._queue_declarations(0, dealer, "first-turn"):
            self._first_turn()

    def _first_turn(self) -> None:
        c, n, dealer = self.c, self.players, self.dealer
        fp = c.first_player
        if fp is FirstPlayer.LEFT_OF_DEALER:
            first = (dealer + 1) % n
        elif fp is FirstPlayer.DEALER:
            first = dealer
        else:
            first = self.rng.randrange(n)
            self.events.append(RuleGap("setup.first_player", f"who plays first; seat {first} by lot", False))
        self._start_turn(first)

    def _choose_dealer(self) -> int:
        c, n = self.c, self.players
        if self.round == 1:
            rule = c.first_dealer
            if rule is FirstDealer.HIGH_CARD:
                return self._high_card()
            path = "setup.first_dealer"
        else:
            rule = c.next_dealer
            if rule is NextDealer.PREVIOUS_WINNER:
                if self.last_winner is not None:
                    self.events.append(DealerChosen(self.last_winner, "previous-winner"))
                    return self.last_winner
                self.events.append(DealerChosen(self.dealer, "same-dealer"))  # the last round was void
                return self.dealer
            if rule is NextDealer.PASS_LEFT:
                seat = (self.dealer + 1) % n
                self.events.append(DealerChosen(seat, "pass-left"))
                return seat
            path = "setup.next_dealer"
        seat = self.rng.randrange(n)
        self.events.append(RuleGap(path, f"who deals round {self.round}; seat {seat} by lot", False))
        self.events.append(DealerChosen(seat, "lot"))
        return seat

    def _high_card(self) -> int:
        c, n = self.c, self.players
        deck = list(c.deck)
        self._shuffle(deck)
        if self._dealer_draw:  # stacked: seat 0's card ends last (it is popped first)
            for card in reversed(self._dealer_draw):
                deck.append(deck.pop(deck.index(card)))
            self._dealer_draw = ()
        contenders = list(range(n))
        while True:
            if len(deck) < len(contenders):
                deck = list(c.deck)
                self._shuffle(deck)
            drawn = {s: deck.pop() for s in contenders}
            draws = tuple(drawn.get(s) for s in range(n))
            values = {}
            for s, card in drawn.items():
                if card.is_wild:
                    if c.symbol_value is None:
                        seat = contenders[self.rng.randrange(len(contenders))]
                        self.events.append(RuleGap("setup.symbol_value_for_dealer",
                                                   f"seat {s} drew {card} for first dealer; seat {seat} deals by lot",
                                                   False))
                        self.events.append(DealerChosen(seat, "lot", draws))
                        return seat
                    values[s] = c.symbol_value
                else:
                    values[s] = card.number
            best = max(values.values())
            contenders = [s for s in contenders if values[s] == best]
            if len(contenders) == 1:
                self.events.append(DealerChosen(contenders[0], "high-card", draws))
                return contenders[0]

    def _next_round_or_over(self) -> None:
        if self.phase is not Phase.OVER:
            self._start_round()

    def _guarded(self, fn) -> None:
        """Run ``fn``; whenever a round ends inside it, start the next round (or stop)."""
        while True:
            try:
                fn()
                return
            except _RoundOver:
                fn = self._next_round_or_over

    # --- cards moving -------------------------------------------------------------------------

    def _touch(self, seat: int) -> None:
        """A hand changed size: a DOS call holds only while the hand stays at the call's size."""
        if len(self.hands[seat]) != self.c.dos_hand_size:
            self.called[seat] = False
            self.windowed[seat] = False

    def _draw_to(self, seat: int, k: int, reason: str) -> list[Card]:
        if k <= 0:
            return []
        deck = self.deck
        if len(deck) >= k:  # the common case, inline
            cards = deck[len(deck) - k:]
            del deck[len(deck) - k:]
        else:
            cards = self._take(k, f"seat {seat} must draw a card ({reason})")
        if cards:
            self.hands[seat] += cards
            self._touch(seat)
        self.events.append(Drew(seat, tuple(cards), reason))
        return cards

    def _take(self, k: int, why: str) -> list[Card]:
        """Up to ``k`` cards from the deck, handling an empty deck per ``deck_exhaustion``."""
        deck = self.deck
        if len(deck) >= k:
            out = deck[len(deck) - k:]
            del deck[len(deck) - k:]
            return out
        out = []
        while len(out) < k:
            if not self.deck and not self._replenish(why):
                break
            out.append(self.deck.pop())
        return out

    def _replenish(self, why: str) -> bool:
        rule = self.c.deck_exhaustion
        if rule is DeckExhaustion.RESHUFFLE_DISCARD:
            if not self.discard:
                return False  # nothing to reshuffle: the draw does not happen
            self.deck, self.discard = self.discard, []
            self._shuffle(self.deck)
            self.events.append(Reshuffled(len(self.deck)))
            return True
        if rule is DeckExhaustion.END_ROUND:
            self.last_winner = None
            self.events.append(RoundVoid(self.round, f"the deck ran out: {why} (deck_exhaustion: end-round)"))
            raise _RoundOver
        self._gap("deck_exhaustion", f"the deck is empty and {why}")
        return False

    def _shuffle(self, cards: list) -> None:
        """Shuffle in place with the game's RNG (sorting by random keys: a uniform permutation)."""
        rnd = self.rng.random
        cards.sort(key=lambda _: rnd())  # one key per card, drawn in list order; the sort is stable

    # --- events and gaps ------------------------------------------------------------------------

    def _gap(self, path: str, situation: str) -> None:
        """A rule gap: record it and end the round void."""
        self.events.append(RuleGap(path, situation, True))
        self.events.append(RoundVoid(self.round, f"rule gap at {path}"))
        self.last_winner = None
        raise _RoundOver


_NO_BONUS, _SINGLE, _DOUBLE = (None, None), ("single-colour", None), ("double-colour", None)
_NUMBER = Kind.NUMBER
_CATCH, _DECLARE, _OVER = Phase.CATCH, Phase.DECLARE, Phase.OVER


def _all_wild(cards) -> bool:
    number = Kind.NUMBER
    for card in cards:
        if card.kind is number:
            return False
    return True


def _points_path(card: Card) -> str:
    if card.kind is Kind.WILD_DOS:
        return "scoring.wild_dos"
    if card.kind is Kind.WILD_NUMBER:
        return "scoring.wild_number"
    return "scoring.number_cards_face_value"


def _product(alternatives):
    """Cartesian product of small tuples (itertools.product without the import in the hot path)."""
    out = [()]
    for alts in alternatives:
        if len(alts) == 1:
            a = alts[0]
            out = [o + (a,) for o in out]
        else:
            out = [o + (a,) for o in out for a in alts]
    return out
