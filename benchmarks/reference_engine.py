"""A hand-written engine for one ruleset, the yardstick of ``bench_engine.py``.

It plays Mattel 2018 with the reshuffle house rule (``rulesets/editions/mattel-2018.yaml`` +
``rulesets/house/reshuffle.yaml``), every seat played the way dosrules' ``greedy`` agent plays,
written as a programmer would write one edition by hand: the rules are the code, cards are
small objects, a seat's choice of matches is a search over the free Centre Row cards. It is
not the configurable engine and shares no code with it; what it plays is compared with
dosrules' games (turns per round, cards drawn, rounds void) by ``bench_engine.py``, so that
rounds per second mean the same work.

The rules it plays (see docs/engine.md for the same rules in the configurable engine):

* 108 cards: per colour (blue, green, red, yellow) three each of 1, 3, 4, 5; two each of 6 to
  10; two Wild # (any number 1 to 10, their printed colour); twelve Wild DOS (a 2 of any colour).
* The first dealer is drawn by high card (wilds count 0; a tie for the highest card is settled
  by lot among the tied: the rule is silent, dosrules settles it alike). Each round the dealer
  deals 7 cards each and turns up a Centre Row of 2; who plays first is not written down: a
  seat by lot, each round (as dosrules does). Direction of play: by lot once per game (three
  or four players).
* A turn: if the Centre Row holds only wild cards, the rules are silent: the round is void
  (dosrules' ``all_wild_row`` gap). Else match: each row card at most once, by one hand card
  of the same number or two that add up to it; a single colour match (the colours agree)
  earns one card placed into the row at the end of the turn; a double colour match (both hand
  cards of the row card's colour) also makes every other player draw one card, at once (the
  rule's timing is silent and only matters when the deck cannot give them all: the round is
  then void). A player who cannot match draws one card, matches if it can, else places a
  card into the row. At the end of the turn the matched cards are discarded, the row is
  refilled to two cards, and the bonus cards are placed.
* The DOS call: a player holding two cards calls DOS before acting; one who acts with two
  cards without calling is caught (greedy always catches) and draws two cards at the end of
  the turn; going out with that penalty waiting is silent (a void round). Greedy never forgets
  to call, so its games never reach a catch: the check is there, the catch window is not.
* Going out: the player who empties their hand scores the cards left in the other hands
  (numbers at face value, Wild DOS 20, Wild # 40); after a scored round the winner deals, after a
  void one the same dealer. 200 points wins. An empty deck is refilled by shuffling the
  discard pile; with both empty, the draw does not happen.
* Greedy: each turn, the matches (disjoint in row and hand cards) that shed the most cards;
  ties to more colour bonuses, then more points shed. It draws only when it cannot match,
  always calls DOS, always catches, and places its highest-points card.
"""

from __future__ import annotations

import random

COLOURS = ("b", "g", "r", "y")
ALL_COLOURS = 0b1111
NUMBER, WILD_DOS, WILD_NUMBER = 0, 1, 2
HAND_SIZE, ROW_MINIMUM, TARGET = 7, 2, 200
CATCH_PENALTY, DOS_HAND = 2, 2
#: greedy calls DOS whenever it holds two cards (see Game.call_dos)
CALLS_DOS = True
#: one option's score: shed, then colour bonus, then points, as one int that orders so
SHED, BONUS = 1 << 44, 1 << 24


class Card:
    """One printed card: its kind, colour mask (a Wild DOS may be any colour), the numbers it may
    count as, and its points."""

    __slots__ = ("kind", "colours", "lo", "hi", "points", "rank", "text")

    def __init__(self, kind: int, colour: int | None, number: int | None, rank: int):
        self.kind = kind
        self.colours = ALL_COLOURS if colour is None else 1 << colour
        if kind == NUMBER:
            self.lo = self.hi = number
            self.points = number
            self.text = f"{number}{COLOURS[colour]}"
        elif kind == WILD_DOS:
            self.lo = self.hi = 2
            self.points = 20
            self.text = "W2"
        else:
            self.lo, self.hi = 1, 10
            self.points = 40
            self.text = f"#{COLOURS[colour]}"
        self.rank = rank  # the tie-break among equal points: the later card in notation order

    def __repr__(self) -> str:
        return self.text


def make_deck() -> list[Card]:
    """The 108 cards, each its own object (a hand holding two 7r holds two objects)."""
    deck: list[Card] = []
    rank = 0
    for colour in range(4):
        for number, copies in ((1, 3), (3, 3), (4, 3), (5, 3), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2)):
            deck += [Card(NUMBER, colour, number, rank) for _ in range(copies)]
            rank += 1
        deck += [Card(WILD_NUMBER, colour, None, rank) for _ in range(2)]
        rank += 1
    deck += [Card(WILD_DOS, None, None, rank) for _ in range(12)]
    return deck


DECK = make_deck()


class RoundStats:
    """What a game played: rounds (scored and void), turns, cards drawn."""

    __slots__ = ("rounds", "void", "turns", "drawn")

    def __init__(self) -> None:
        self.rounds = self.void = self.turns = self.drawn = 0


class Game:
    """One game of Mattel 2018 + reshuffle, every seat greedy."""

    def __init__(self, players: int, seed: int, max_rounds: int = 50, stats: RoundStats | None = None):
        self.n = players
        self.rng = random.Random(seed)
        self.max_rounds = max_rounds
        self.stats = stats if stats is not None else RoundStats()
        self.scores = [0] * players
        self.step = 1 if players == 2 else self.rng.choice((1, -1))
        self.dealer = self._high_card()
        self.round = 0

    # --- the game ---------------------------------------------------------------------------

    def play(self) -> int | None:
        """Play rounds until a seat reaches the target (its seat) or max_rounds (None)."""
        while self.round < self.max_rounds:
            self.round += 1
            self.stats.rounds += 1
            winner = self.play_round()
            if winner is None:
                self.stats.void += 1
                continue
            self.dealer = winner
            if self.scores[winner] >= TARGET:
                return winner
        return None

    def _high_card(self) -> int:
        deck = DECK[:]
        self.rng.shuffle(deck)
        values = []
        for _ in range(self.n):
            card = deck.pop()
            values.append(card.lo if card.kind == NUMBER else 0)
        best = max(values)
        tied = [s for s in range(self.n) if values[s] == best]
        return tied[self.rng.randrange(len(tied))]

    # --- a round ----------------------------------------------------------------------------

    def play_round(self) -> int | None:
        """Deal and play one round: the seat that went out, or None for a void round."""
        n, rng = self.n, self.rng
        deck = DECK[:]
        rng.shuffle(deck)
        self.deck, self.discard = deck, []
        self.hands = [[] for _ in range(n)]
        for k in range(n):
            seat = (self.dealer + 1 + k) % n
            self.hands[seat] = deck[-HAND_SIZE:]
            del deck[-HAND_SIZE:]
        self.row = deck[-ROW_MINIMUM:]
        del deck[-ROW_MINIMUM:]
        self.called = [False] * n
        self.penalty = [0] * n  # DOS penalty cards waiting for the end of the seat's turn
        seat = rng.randrange(n)
        while True:
            result = self.turn(seat)
            if result is not None:
                return None if result < 0 else result
            seat = (seat + self.step) % n

    def draw(self, seat: int, k: int) -> None:
        """``seat`` draws ``k`` cards (the discard pile reshuffled when the deck runs out)."""
        hand, deck = self.hands[seat], self.deck
        for _ in range(k):
            if not deck:
                if not self.discard:
                    break
                deck += self.discard
                self.discard = []
                self.rng.shuffle(deck)
            hand.append(deck.pop())
            self.stats.drawn += 1
        if len(hand) != DOS_HAND:
            self.called[seat] = False

    def turn(self, seat: int) -> int | None:
        """Play ``seat``'s turn: None when play goes on, the seat when it went out, -1 when the
        round is void."""
        row, hand = self.row, self.hands[seat]
        if all(card.kind != NUMBER for card in row):
            return -1  # a Centre Row of only wild cards: the rules are silent
        self.stats.turns += 1
        self.call_dos(seat)
        plan = best_plan(hand, row)
        drew = False
        if not plan:
            self.draw(seat, 1)
            drew = True
            plan = best_plan(hand, row)
        bonus_cards = 0
        played: list[Card] = []
        for target, cards, bonus in plan:
            self.call_dos(seat)
            for card in cards:
                hand.remove(card)  # (cards are compared by identity: each copy is its own object)
                played.append(card)
            if len(hand) != DOS_HAND:
                self.called[seat] = False
            if bonus:
                bonus_cards += 1
                if len(cards) == 2:  # double colour: every other player draws one, at once
                    if len(self.deck) < self.n - 1:
                        return -1  # the timing of the others' draw is silent and would matter
                    for j in range(1, self.n):
                        self.draw((seat + j * self.step) % self.n, 1)
        if drew and not plan:  # no match after the draw: place a card into the row
            self.call_dos(seat)
            row.append(hand.pop(highest(hand)))
            if len(hand) != DOS_HAND:
                self.called[seat] = False
        # the end of the turn: discard, go out, refill, bonus cards
        self.call_dos(seat)
        self.discard += played
        for i in sorted((target for target, _, _ in plan), reverse=True):
            self.discard.append(row.pop(i))
        if not hand:
            return self.go_out(seat)
        if len(row) < ROW_MINIMUM:
            for _ in range(ROW_MINIMUM - len(row)):
                if not self.deck:
                    if not self.discard:
                        break
                    self.deck += self.discard
                    self.discard = []
                    self.rng.shuffle(self.deck)
                row.append(self.deck.pop())
        while bonus_cards and hand:
            self.call_dos(seat)
            row.append(hand.pop(highest(hand)))
            bonus_cards -= 1
            if len(hand) != DOS_HAND:
                self.called[seat] = False
        if not hand:
            return self.go_out(seat)
        self.call_dos(seat)
        if self.penalty[seat]:
            self.draw(seat, self.penalty[seat])
            self.penalty[seat] = 0
        return None

    def call_dos(self, seat: int) -> None:
        """Before each action of ``seat``: a player holding two cards who has not called DOS
        calls it (greedy always does), or is caught by the next seat and draws the penalty at
        the end of the turn (greedy never forgets, so its games never reach it)."""
        if len(self.hands[seat]) == DOS_HAND and not self.called[seat]:
            self.called[seat] = True
            if not CALLS_DOS:
                self.penalty[seat] += CATCH_PENALTY

    def go_out(self, seat: int) -> int:
        if self.penalty[seat]:
            return -1  # going out with a DOS penalty waiting: the rules are silent
        self.scores[seat] += sum(card.points for s, h in enumerate(self.hands) if s != seat for card in h)
        return seat


# --- greedy's choice of matches ---------------------------------------------------------------


def options(hand: list[Card], target: Card) -> list[tuple[int, tuple[Card, ...]]]:
    """Every match of ``target`` by one or two cards of ``hand``: (score, cards), best first."""
    out = []
    tlo, thi, tcol = target.lo, target.hi, target.colours
    for i, a in enumerate(hand):
        if a.lo <= thi and tlo <= a.hi:
            out.append((SHED + (BONUS if a.colours & tcol else 0) + a.points, (a,)))
        for b in hand[i + 1:]:
            if a.lo + b.lo <= thi and tlo <= a.hi + b.hi:
                out.append((2 * SHED + (BONUS if a.colours & b.colours & tcol else 0) + a.points + b.points, (a, b)))
    out.sort(key=lambda o: -o[0])
    return out


def best_plan(hand: list[Card], row: list[Card]) -> list[tuple[int, tuple[Card, ...], bool]]:
    """The matches that shed most (then most colour bonuses, then most points): one option per
    row card at most, no hand card used twice: (row index, cards, colour bonus) in row order."""
    slots = []
    for i, target in enumerate(row):
        opts = options(hand, target)
        if opts:
            slots.append((i, opts))
    if not slots:
        return []
    # the best option of each row card: when no two share a hand card, that is the plan
    firsts = [opts[0] for _, opts in slots]
    cards_used = [c for _, cards in firsts for c in cards]
    if len(set(cards_used)) == len(cards_used):
        return [(i, cards, s % SHED >= BONUS) for (i, _), (s, cards) in zip(slots, firsts)]
    # else a branch and bound: what the slots from k on can add at most
    bound = [0] * (len(slots) + 1)
    for k in range(len(slots) - 1, -1, -1):
        bound[k] = bound[k + 1] + slots[k][1][0][0]
    best_score = -1
    best: list = []
    chosen: list = []
    used: set = set()

    def search(k: int, score: int) -> None:
        nonlocal best_score, best
        if k == len(slots):
            if score > best_score:
                best_score, best = score, list(chosen)
            return
        if score + bound[k] <= best_score:
            return
        i, opts = slots[k]
        for s, cards in opts:
            if score + s + bound[k + 1] <= best_score:
                break  # options are best first: none after this one can do better
            if cards[0] in used or (len(cards) == 2 and cards[1] in used):
                continue
            used.update(cards)
            chosen.append((i, cards, s))
            search(k + 1, score + s)
            chosen.pop()
            used.difference_update(cards)
        search(k + 1, score)

    search(0, 0)
    return [(i, cards, s % SHED >= BONUS) for i, cards, s in best]


def highest(hand: list[Card]) -> int:
    """The index of the card greedy places: the most points, ties to the later card in notation."""
    return max(range(len(hand)), key=lambda i: (hand[i].points, hand[i].rank))
