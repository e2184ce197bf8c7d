"""What a seat sees: an observation tensor and a string that hide the other hands.

The tensor is a flat ``float32`` vector made of named pieces (``Observation.pieces``), each in
seat order *relative to the observer* (index 0 is the observer, 1 the seat on its left, ...).
Cards are counted per face, in ``CompiledRules.faces`` order (the codebook's card order):

=================  =========  ==================================================================
piece              size       what it holds
=================  =========  ==================================================================
``hand``           faces      the observer's hand (private: only with ``private="single"``)
``hands``          n x faces  every hand (``private="all"``: perfect information, for analysis)
``row``            faces      Centre Row cards not matched this turn
``row_matched``    faces      Centre Row cards matched this turn
``row_declared``   forms      Centre Row wilds by their placer's declaration (placer-declares only)
``played``         faces      hand cards matched this turn (they lie on the row cards)
``hand_sizes``     n          cards in each hand
``scores``         n          each score, as a share of the target
``called``         n          has called DOS (holding the call's hand size)
``exposed``        n          holds the call's hand size without having called
``to_act``         n          the seat to act (one-hot)
``turn_seat``      n          whose turn it is (one-hot)
``dealer``         n          the dealer (one-hot)
``catch_target``   n          in a catch window, the seat that may be caught (one-hot)
``phase``          7          ``turn ending bonus finish declare catch over`` (one-hot)
``turn``           5          drew this turn, matches made, row cards matched, bonus cards owed,
                              penalty cards waiting for the end of the turn
``piles``          2          cards in the deck, cards in the discard pile
=================  =========  ==================================================================

Nothing else about the deck is shown: its order is chance's, and the cards others drew are theirs.
"""

from __future__ import annotations

import numpy as np

from ..engine.phase import Phase
from ..engine.state import State
from ..ruleset.cards import Declared

__all__ = ["Observation", "PHASES"]

PHASES = tuple(Phase)
PRIVATE = ("single", "all", "none")


class Observation:
    """The observation layout of one game, and filling it for a seat.

    ``private``: ``single`` (the observer's hand), ``all`` (every hand) or ``none``;
    ``public``: include the public pieces (everything but the hands).
    """

    def __init__(self, game, private: str = "single", public: bool = True):
        if private not in PRIVATE:
            raise ValueError(f"private is {private!r}: one of {', '.join(PRIVATE)}")
        self.game = game
        c = self.compiled = game.compiled
        self.private, self.public = private, public
        n, nf = c.players, len(c.faces)
        self.declared_forms: tuple[Declared, ...] = tuple(
            d for f in c.faces if f.is_wild for d in c.declare_options[f]) if c.placer_declares else ()
        self._form_index = {id(d): i for i, d in enumerate(self.declared_forms)}
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if private == "single":
            pieces.append(("hand", (nf,)))
        elif private == "all":
            pieces.append(("hands", (n, nf)))
        if public:
            pieces += [("row", (nf,)), ("row_matched", (nf,))]
            if self.declared_forms:
                pieces.append(("row_declared", (len(self.declared_forms),)))
            pieces += [("played", (nf,))]
            pieces += [(name, (n,)) for name in ("hand_sizes", "scores", "called", "exposed", "to_act",
                                                  "turn_seat", "dealer", "catch_target")]
            pieces += [("phase", (len(PHASES),)), ("turn", (5,)), ("piles", (2,))]
        self.pieces = tuple(pieces)
        self.size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(self.size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in pieces:
            k = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + k].reshape(shape)
            at += k

    def __deepcopy__(self, memo) -> "Observation":
        return Observation(self.game, self.private, self.public)  # its own tensor

    def set_from(self, state: State, player: int) -> None:
        """Fill ``tensor`` (and its views ``dict``) with what ``player`` sees of ``state``."""
        self.tensor.fill(0.0)
        c, d, n = self.compiled, self.dict, self.compiled.players
        index = c.face_index
        if "hand" in d:
            _count(d["hand"], state.hands[player], index)
        if "hands" in d:
            for seat in range(n):
                _count(d["hands"][(seat - player) % n], state.hands[seat], index)
        if not self.public:
            return
        row, used = d["row"], d["row_matched"]
        for card, u in zip(state.row, state.used):
            (used if u else row)[index[id(card)]] += 1.0
        if "row_declared" in d:
            forms = self._form_index
            for decl in state.row_decl:
                if decl is not None:
                    d["row_declared"][forms[id(decl)]] += 1.0
        _count(d["played"], state.played, index)
        target = float(c.target) or 1.0
        for seat in range(n):
            k = (seat - player) % n
            d["hand_sizes"][k] = len(state.hands[seat])
            d["scores"][k] = state.scores[seat] / target
            d["called"][k] = state.called[seat]
            d["exposed"][k] = state.exposed(seat)
        to_act = state.current_player()
        if to_act is not None:
            d["to_act"][(to_act - player) % n] = 1.0
        d["turn_seat"][(state.turn_seat - player) % n] = 1.0
        if state.dealer is not None:
            d["dealer"][(state.dealer - player) % n] = 1.0
        if state.phase is Phase.CATCH:
            d["catch_target"][(state.catch[0] - player) % n] = 1.0
        d["phase"][PHASES.index(state.phase)] = 1.0
        d["turn"][:] = (state.drew, state.matches, state.rows_matched, state.bonus_owed, state.pending)
        d["piles"][:] = (len(state.deck), len(state.discard))

    def _cards(self, cards) -> str:
        """Cards in the codebook's order (numbers low to high, then Wild #, then Wild DOS)."""
        return _cards_text(cards, self.compiled.face_index)

    def string_from(self, state: State, player: int) -> str:
        """``player``'s view in words: the same facts as the tensor, with absolute seat numbers."""
        n = self.compiled.players
        parts = [f"seat {player}"]
        if self.public:
            to_act = state.current_player()
            who = "game over" if to_act is None else f"seat {to_act} to act"
            parts.append(f"round {state.round}, dealer {state.dealer}, turn of seat {state.turn_seat}, "
                         f"phase {state.phase}, {who}")
            if state.phase is Phase.CATCH:
                parts.append(f"seat {state.catch[0]} may be caught not calling DOS")
            parts.append("scores " + " ".join(map(str, state.scores)))
            row = [_row_card(card, decl, u) for card, decl, u in zip(state.row, state.row_decl, state.used)]
            parts.append("row " + (" ".join(row) or "-"))
            if state.played:
                parts.append("played " + " ".join(map(str, state.played)))
            parts.append("hand sizes " + " ".join(str(len(h)) for h in state.hands))
            called = [str(s) for s in range(n) if state.called[s]]
            if called:
                parts.append("called DOS: seat " + ", ".join(called))
            if state.phase in (Phase.TURN, Phase.ENDING, Phase.BONUS, Phase.FINISH):
                parts.append(f"this turn: drew {'yes' if state.drew else 'no'}, {state.matches} match(es)"
                             + (f", {state.bonus_owed} bonus card(s) owed" if state.bonus_owed else "")
                             + (f", {state.pending} penalty card(s) waiting" if state.pending else ""))
            parts.append(f"deck {len(state.deck)}, discard {len(state.discard)}")
        if self.private == "single":
            parts.append("hand " + self._cards(state.hands[player]))
        elif self.private == "all":
            for seat in range(n):
                parts.append(f"hand {seat} " + self._cards(state.hands[seat]))
        return " | ".join(parts)


def _cards_text(cards, index) -> str:
    return " ".join(str(card) for card in sorted(cards, key=lambda card: index[id(card)])) or "-"


def _count(out: np.ndarray, cards, index) -> None:
    for card in cards:
        out[index[id(card)]] += 1.0


def _row_card(card, decl, used: bool) -> str:
    text = str(decl) if decl is not None else str(card)
    return f"({text})" if used else text

