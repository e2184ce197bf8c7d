"""The action codebook: one integer id for every action a ruleset's game can offer.

The ids of a (ruleset, player count) are laid out in blocks, each in a fixed order that depends
only on the cards and the rules (docs/rl.md):

====================  ===========================================================================
``0`` .. ``3``         ``draw``, ``end``, ``call-dos``, ``pass``
``4`` ..               ``place X``: every form in which a card may be put into the Centre Row
then                   ``declare X``: every declaration of a wild turned up (placer-declares only)
then                   ``match T with A`` and ``match T with A+B``: every Centre Row form T, singles
                       first, then doubles, the cards in the engine's canonical order
last                   ``catch-dos 0`` .. ``catch-dos n-1`` (one per seat)
====================  ===========================================================================

Only the last block depends on the player count: the other ids of a ruleset are the same
whether 2 or 4 play.

Cards and declarations sort as ``engine.actions.declared_key`` does (numbers by value and colour,
then Wild #, then Wild DOS). A match is in the book when its numbers add up (``T`` counts as the
value of ``A``, or of ``A`` plus ``B``) and the deck holds its cards (two copies for ``A+A``):
every match ``legal_actions()`` can offer, and more, since legality depends on the position.
The book changes only when the ruleset's deck or wild rules change; ``CODEBOOK_VERSION`` says
which layout this is.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.actions import CALL_DOS, DRAW, END, PASS, Action, CatchDos, Declare, Match, Place, declared_key
from ..engine.compiled import CompiledRules
from ..ruleset.model import AllWildRow

__all__ = ["Codebook", "CODEBOOK_VERSION"]

#: the layout of the ids (bumped if the blocks or their order ever change)
CODEBOOK_VERSION = 1


class Codebook:
    """The actions of one ruleset and player count, numbered. ``action(i)`` and ``index(a)``
    convert; ``len(book)`` is the number of distinct actions."""

    def __init__(self, compiled: CompiledRules):
        c = self.compiled = compiled
        self.players = c.players
        acts: list[Action] = [DRAW, END, CALL_DOS, PASS]
        self.first_place = len(acts)
        acts += [Place(d) for d in _sorted({d: None for f in c.faces for d in c.place_options[f]})]
        self.first_declare = len(acts)
        if c.placer_declares:
            acts += [Declare(d) for d in _sorted({d: None for f in c.faces if f.is_wild
                                                  for d in c.declare_options[f]})]
        self.first_match = len(acts)
        acts += _matches(c)
        self.first_catch = len(acts)
        acts += [CatchDos(seat) for seat in range(c.players)]
        self.actions: tuple[Action, ...] = tuple(acts)
        self._by_value: dict[Action, int] = {a: i for i, a in enumerate(acts)}
        if len(self._by_value) != len(acts):
            raise AssertionError("the codebook lists an action twice")
        # the engine's own Declared objects (compiled tables) make an identity key: no hashing of
        # dataclasses in the hot path; anything else falls back to equality
        self._by_id: dict[tuple, int] = {}
        for i, a in enumerate(acts):
            key = _identity(a)
            if key is not None:
                self._by_id[key] = i
        # the engine's own DRAW, END, CALL_DOS and PASS (one object each), by identity
        self._constants: dict[int, int] = {id(a): self._by_value[a] for a in (DRAW, END, CALL_DOS, PASS)}

    def __len__(self) -> int:
        return len(self.actions)

    def action(self, index: int) -> Action:
        """The action with id ``index`` (IndexError outside the book)."""
        if not 0 <= index < len(self.actions):
            raise IndexError(f"action id {index} is not in the codebook (0 to {len(self.actions) - 1})")
        return self.actions[index]

    def index(self, action: Action) -> int:
        """The id of ``action``; KeyError if the book does not hold it."""
        key = _identity(action)
        i = self._by_id.get(key) if key is not None else None
        if i is None:
            i = self._by_value.get(action)
            if i is None:
                raise KeyError(f"'{action}' is not an action of {self.compiled.ruleset.id} with {self.players} players")
        return i

    def indices(self, actions) -> list[int]:
        """The ids of ``actions`` (e.g. ``state.legal_actions()``), sorted."""
        by_id, by_value, constants = self._by_id, self._by_value, self._constants
        out = []
        for a in actions:
            if type(a) is Match:  # _identity(a), inline: most legal actions are matches
                c = a.cards
                i = by_id.get((id(a.target), id(c[0]), id(c[1])) if len(c) == 2 else (id(a.target), id(c[0])))
            else:
                i = constants.get(id(a))
                if i is None:
                    key = _identity(a)
                    i = by_id.get(key) if key is not None else None
            out.append(by_value[a] if i is None else i)
        out.sort()
        return out

    def __repr__(self) -> str:
        return f"Codebook({self.compiled.ruleset.id!r}, players={self.players}, actions={len(self)})"


def _identity(a: Any):  # an Action (its class tells which fields it has)
    t = type(a)
    if t is Match:
        return (id(a.target), *map(id, a.cards))
    if t is Place or t is Declare:
        return (t, id(a.card))
    return None  # draw, end, call-dos, pass, catch-dos hash fast by value


def _sorted(decls) -> list:
    return sorted(decls, key=declared_key)


def _matches(c: CompiledRules) -> list[Match]:
    """Every match whose numbers add up, from the engine's own declaration tables."""
    copies = Counter(c.deck)
    singles: dict[int, list[tuple]] = {}
    doubles: dict[int, list[tuple]] = {}
    faces = c.faces
    for i, a in enumerate(faces):
        oa = c.hand_options[a]
        for va, da in oa:
            singles.setdefault(va, []).append((da,))
        for b in faces[i:]:
            same = b is a
            if same and copies[a] < 2:
                continue
            ob = c.hand_options[b]
            for ka, (va, da) in enumerate(oa):
                for vb, db in ob[ka if same else 0:]:
                    doubles.setdefault(va + vb, []).append((da, db))
    targets: dict = {}
    for f in faces:
        for d, v in c.target_options[f]:
            targets.setdefault(d, v)
        if c.placer_declares and f.is_wild:  # a wild its placer declared lies in the row declared
            for d in c.declare_options[f]:
                targets.setdefault(d, d.value if d.value is not None else c.wild_dos_value)
        if c.all_wild_row is AllWildRow.MATCHER_DECLARES and f.is_wild:  # a row of only wilds: the matcher's
            for d, v in c.matcher_options[f]:
                targets.setdefault(d, v)
    out = []
    for t in _sorted(targets):
        v = targets[t]
        ms = [Match(t, combo) for combo in singles.get(v, ())]
        ms += [Match(t, combo) for combo in doubles.get(v, ())]
        ms.sort(key=lambda m: (len(m.cards), [declared_key(d) for d in m.cards]))
        out += ms
    return out
