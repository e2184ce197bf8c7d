"""Greedy's choice of matches, formulated once.

**The objective.** Each free Centre Row card is a *slot*; an *option* matches it with one or two
hand cards. A plan takes at most one option per slot, the hand paying for all of them together
(:func:`fits`), and has the highest total score, where an option scores
``shed * SHED + bonus * BONUS + points`` (cards shed, colour bonus earned, points shed: one int
that orders as that tuple). Among plans of equal score the first in enumeration order wins:
slots in the order given, each slot's options in the order given, taking an option before
skipping the slot (:func:`choose`).

**Two sources of options, one choice.**

* :func:`plan_keys`, for rules with ``simple_matching`` (the common case, no legal-action list):
  options from per-face tables (:class:`PlannerTables`), slots in row order; when the slots' best
  options clash, each slot's options are searched best first and the slots fewest options first.
  The C planner ``dosrules.play._plan`` (built when a compiler exists) computes exactly these keys;
  :func:`plain_plan` uses it when present and not disabled by ``DOSRULES_PURE_PYTHON=1``, and this
  module's Python code otherwise (``tests/test_plan_native.py`` holds the two equal).
* :func:`best_matches`, for any rules: options from the legal ``Match`` actions (the best
  declaration of each target face and hand faces), in the order the engine lists them.

Tables are built from the public attributes of the engine's ``CompiledRules`` and kept per
compiled-rules object (:func:`tables_for`); in a traced game they are built, once, from reads
of its traced view, like any other reads of the rules.

This Python code is at once the fallback where no compiler built the C planner (the same
plays), the only planner of the general path, and the oracle the C planner is tested against;
why C rather than this module compiled with mypyc: ``docs/engine.md`` ("The C planner").
"""

from __future__ import annotations

import os
from typing import Any, Optional, Sequence

from ..engine.actions import Match
from ..engine.state import State
from ..ruleset.cards import Declared, Kind
from ..ruleset.model import RowWildChoice

__all__ = ["SHED", "BONUS", "Option", "PlannerTables", "tables_for", "plain_plan", "plan_keys", "choose",
           "fits", "best_matches"]

#: one option's score: shed * SHED + bonus * BONUS + points (points shed in one turn stay far below
#: 2**24, bonuses below 2**20, so the int orders as the tuple (shed, bonus, points))
SHED, BONUS = 1 << 44, 1 << 24

#: (score, target face, total, hand faces, common colour bits); :func:`best_matches` puts the
#: index of the option's Match in place of the total
Option = tuple[int, int, int, tuple[int, ...], int]
#: a planned option without its score: what the C planner returns and a Match is made from
Key = tuple[int, int, tuple[int, ...], int]


class PlannerTables:
    """The planner's per-face tables for one compiled rules object (``c``), from its public
    attributes: face ``i`` is ``c.faces[i]``; cards are found by identity (``c.face_index``)."""

    def __init__(self, c: Any):
        faces = c.faces
        self.face_index: dict[int, int] = c.face_index
        self.face_of: dict[Any, int] = c.face_of
        self.bits: list[int] = list(c.f_bits)  # the colours a card surely counts as, from hand
        self.tbits: list[int] = list(c.f_tbits)  # ... and lying in the row
        self.points: list[int] = [p or 0 for p in c.f_score]
        self.lo: list[int] = list(c.f_lo)  # the lowest and highest number each face counts as
        self.hi: list[int] = list(c.f_hi)
        self.kind: list[Kind] = [card.kind for card in faces]
        self.value: list[Optional[int]] = [card.number for card in faces]  # None for wilds
        self.wild_dos_value: int = c.wild_dos_value
        self.wild_min: int = c.wild_min
        self.wild_max: int = c.wild_max
        #: a row Wild DOS takes the matcher's colour (else it is written bare)
        self.row_wild_dos_declared: bool = c.wild_dos_row is RowWildChoice.MATCHER_DECLARES
        self.plain_decl: list[Declared] = [Declared(card) for card in faces]
        self.w2_decl: list[Declared] = [Declared(c.wild_dos, None, col) for col in c.colours]
        self.wn_decl: list[dict[int, Declared]] = [
            {v: Declared(card, v) for v in c.wild_range} if card.kind is Kind.WILD_NUMBER else {} for card in faces]
        #: the Match of each planned option's key: Match objects are immutable, so one per option
        #: serves every game of these rules
        self.matches: dict[Key, Match] = {}
        #: the C planner's table for these faces; None when it is not built (or is disabled), or
        #: when the tables are out of its range
        self.native: Any = None
        if _native is not None:
            try:
                self.native = _native.Table(faces, self.bits, self.tbits, self.points, self.lo, self.hi)
            except (OverflowError, ValueError, TypeError):
                self.native = None


#: per compiled rules (``state.c``: one per ruleset content and player count, or a traced game's
#: view of them, which keeps no game alive): the planner's tables. A plain dict, as neither a
#: traced view (slotted) nor a class compiled by mypyc takes weak references; bounded like the
#: engine's cache
_TABLES: dict[Any, PlannerTables] = {}
_CAPACITY = 256


def tables_for(c: Any) -> PlannerTables:
    """The planner's tables for compiled rules ``c``, built once per object."""
    tables = _TABLES.get(c)
    if tables is None:
        if len(_TABLES) >= _CAPACITY:
            _TABLES.clear()
        tables = _TABLES[c] = PlannerTables(c)
    return tables


# ---------------------------------------------------------------- the choice


def fits(counts: list[int], faces: tuple[int, ...]) -> bool:
    """Whether a hand holding ``counts[f]`` cards of each face ``f`` pays for these one or two faces."""
    if len(faces) == 1:
        return counts[faces[0]] >= 1
    a, b = faces[0], faces[1]
    if a == b:
        return counts[a] >= 2
    return counts[a] >= 1 and counts[b] >= 1


def _take(counts: list[int], faces: tuple[int, ...], n: int) -> None:
    for f in faces:
        counts[f] -= n


def choose(slots: list[list[Option]], counts: list[int], best_first: bool) -> list[Option]:
    """The plan: at most one option per slot that the hand's face ``counts`` pays for together,
    of the highest total score; among equals the first in enumeration order (the module's
    docstring). ``best_first``: search each slot's options best first (a stable sort) and the
    slots fewest options first (a stable sort), the order the C planner reproduces; else as given.

    When each slot's first best option fits together with the others, that is the plan, in slot
    order, whatever the enumeration order. ``counts`` is restored before returning."""
    picks: list[Option] = []
    for opts in slots:
        pick = opts[0]
        for o in opts:
            if o[0] > pick[0]:
                pick = o
        picks.append(pick)
    ok = True
    for k, pick in enumerate(picks):
        if not fits(counts, pick[3]):
            ok = False
            for j in range(k):
                _take(counts, picks[j][3], -1)
            break
        _take(counts, pick[3], 1)
    if ok:
        for pick in picks:
            _take(counts, pick[3], -1)
        return picks
    if best_first:
        for opts in slots:  # a shared list (one face twice in the row) is sorted twice: no change
            opts.sort(key=_score, reverse=True)
        slots = sorted(slots, key=len)
    search = _Search(slots, counts, best_first)
    search.run(0, 0)
    return search.plan


def _score(o: Option) -> int:
    return o[0]


#: nodes (calls of :meth:`_Search.run` below the last slot) the branch and bound may visit; then
#: the best plan found so far stands. Exact search is exponential in the free row cards (ten of
#: them against a hand of 37 took 15 s); the budget bounds a decision to milliseconds, and the
#: printed game never reaches it. The C planner counts alike (``SEARCH_NODES`` in ``_plan.c``).
SEARCH_NODES = 20_000


class _Search:
    """Branch and bound over the slots, in order: a choice is only pruned when it cannot beat
    the best plan found so far, so the first best plan in enumeration order is kept."""

    def __init__(self, slots: list[list[Option]], counts: list[int], best_first: bool):
        self.slots = slots
        self.counts = counts
        self.best_first = best_first  # options best first: the first that cannot improve ends a slot
        n = len(slots)
        self.last = n - 1
        self.ub: list[int] = [0] * (n + 1)  # what the slots from k on can add at most
        for k in range(n - 1, -1, -1):
            self.ub[k] = self.ub[k + 1] + max([o[0] for o in slots[k]])
        self.best = -1
        self.plan: list[Option] = []
        self.chosen: list[Option] = []
        self.nodes = 0

    def run(self, k: int, score: int) -> None:
        if k == self.last:
            self._last(score)
            return
        self.nodes += 1
        if self.nodes > SEARCH_NODES or score + self.ub[k] <= self.best:
            return
        rest = self.ub[k + 1]
        counts = self.counts
        for o in self.slots[k]:
            s = score + o[0]
            if s + rest <= self.best:
                if self.best_first:
                    break
                continue
            fs = o[3]
            if fits(counts, fs):
                _take(counts, fs, 1)
                self.chosen.append(o)
                self.run(k + 1, s)
                self.chosen.pop()
                _take(counts, fs, -1)
        self.run(k + 1, score)

    def _last(self, score: int) -> None:
        """The last slot: its first option that fits and beats the best, else skipping it."""
        for o in self.slots[self.last]:
            total = score + o[0]
            if total <= self.best:
                if self.best_first:
                    break
                continue
            if fits(self.counts, o[3]):
                self.best, self.plan = total, [*self.chosen, o]
        if score > self.best:
            self.best, self.plan = score, list(self.chosen)


# ---------------------------------------------------------------- plain rules: options from the face tables


def plain_plan(state: State, tables: Optional[PlannerTables] = None) -> list[Match]:
    """The greedy plan (its matches in order) for rules with ``simple_matching``; wild
    declarations earn a colour bonus whenever one can be earned."""
    t = tables if tables is not None else tables_for(state.c)
    hand, row, used = state.hands[state.turn_seat], state.row, state.used
    native = t.native
    if native is not None:
        # the Match objects it keeps per key (a list); the keys when one is new (a tuple); None:
        # sizes or cards it leaves to Python
        found = native.plan_matches(hand, row, used)
        if type(found) is list:
            return found
        if found is not None:
            out = []
            for key in found:
                m = _memo_match(t, key)
                native.remember(key, m)
                out.append(m)
            return out
    keys = plan_keys(t, hand, row, used)
    return [_memo_match(t, key) for key in keys] if keys else []


def _memo_match(t: PlannerTables, key: Key) -> Match:
    """The one Match of a planned option's key (made once per tables)."""
    m = t.matches.get(key)
    if m is None:
        m = t.matches[key] = _match_of(t, key)
    return m


def plan_keys(t: PlannerTables, hand: Sequence[Any], row: Sequence[Any], used: Sequence[bool]) -> list[Key]:
    """The planned options' keys ``(target face, total, hand faces, common colour bits)`` in plan
    order, on the face tables (pure Python; the C planner returns the same)."""
    if not hand or not row:
        return []
    index = t.face_index
    counts = [0] * len(t.lo)
    for card in hand:
        counts[index[id(card)]] += 1
    faces = sorted({index[id(card)] for card in hand})
    bits, tbits, points, lo, hi = t.bits, t.tbits, t.points, t.lo, t.hi
    S1, S2, B = SHED, 2 * SHED, BONUS
    fixed: dict[int, list[int]] = {}  # value -> faces in hand that count exactly that value
    ranged: list[int] = []  # faces that count a range (Wild #)
    for f in faces:
        if lo[f] == hi[f]:
            group = fixed.get(lo[f])
            if group is None:
                fixed[lo[f]] = [f]
            else:
                group.append(f)
        else:
            ranged.append(f)
    pairs: Optional[list[tuple[int, int, int, int, tuple[int, ...]]]] = None  # built for a ranged target
    slots: list[list[Option]] = []  # per free row card with options: its options
    seen: dict[int, list[Option]] = {}  # target face -> its options (shared by repeated faces)
    for i in range(len(row)):
        if used[i]:
            continue
        tf = index[id(row[i])]
        opts = seen.get(tf)
        if opts is None:
            tlo, thi, tb = lo[tf], hi[tf], tbits[tf]
            opts = []
            if tlo == thi:
                tv = tlo
                for f in fixed.get(tv, ()):
                    cb = bits[f] & tb
                    opts.append((S1 + (B if cb else 0) + points[f], tf, tv, (f,), cb))
                for f in ranged:
                    if lo[f] <= tv <= hi[f]:
                        cb = bits[f] & tb
                        opts.append((S1 + (B if cb else 0) + points[f], tf, tv, (f,), cb))
                for x, group in fixed.items():
                    partners = fixed.get(tv - x)
                    if partners is None:
                        continue
                    for a in group:
                        for b in partners:
                            if b < a or (b == a and counts[a] < 2):
                                continue
                            cb = bits[a] & bits[b] & tb
                            opts.append((S2 + (B if cb else 0) + points[a] + points[b], tf, tv, (a, b), cb))
                for w in ranged:
                    lw, hw = lo[w], hi[w]
                    for a in faces:
                        if (a == w and counts[a] < 2) or (a < w and lo[a] != hi[a]):
                            continue  # a ranged pair is taken once, from its lower face
                        if lo[a] + lw <= tv <= hi[a] + hw:
                            cb = bits[a] & bits[w] & tb
                            opts.append((S2 + (B if cb else 0) + points[a] + points[w], tf, tv,
                                         (a, w) if a < w else (w, a), cb))
            else:
                if pairs is None:
                    pairs = []
                    for ai in range(len(faces)):
                        a = faces[ai]
                        for b in faces[ai:]:
                            if a == b and counts[a] < 2:
                                continue
                            pairs.append((lo[a] + lo[b], hi[a] + hi[b], bits[a] & bits[b], S2 + points[a] + points[b],
                                          (a, b)))
                for smin, smax, sb, sp, fs in pairs:
                    if smin <= thi and tlo <= smax:
                        cb = sb & tb
                        opts.append((sp + (B if cb else 0), tf, smin if smin > tlo else tlo, fs, cb))
                for f in faces:
                    if lo[f] <= thi and tlo <= hi[f]:
                        cb = bits[f] & tb
                        opts.append((S1 + (B if cb else 0) + points[f], tf, lo[f] if lo[f] > tlo else tlo, (f,), cb))
            seen[tf] = opts
        if opts:
            slots.append(opts)
    if not slots:
        return []
    return [(o[1], o[2], o[3], o[4]) for o in choose(slots, counts, True)]


def _match_of(t: PlannerTables, key: Key) -> Match:
    """The Match action for a planned option's key: declarations that make the numbers add up
    and, when the colours allow it, earn the colour bonus."""
    tf, total, fs, common = key
    kind = t.kind
    if kind[tf] is _NUMBER and all(kind[f] is _NUMBER for f in fs):  # number cards only: nothing to declare
        return Match.trusted(t.plain_decl[tf], tuple(t.plain_decl[f] for f in fs))
    col = (common & -common).bit_length() - 1 if common else 0  # lowest shared colour, else the first

    def fixed(f: int) -> Optional[int]:
        k = kind[f]
        return t.value[f] if k is _NUMBER else (t.wild_dos_value if k is _WILD_DOS else None)

    def declared(f: int, v: int) -> Declared:
        k = kind[f]
        if k is _NUMBER:
            return t.plain_decl[f]
        if k is _WILD_DOS:
            return t.w2_decl[col]
        return t.wn_decl[f][v]

    if len(fs) == 1:
        v = fixed(fs[0])
        cards: tuple[Declared, ...] = (declared(fs[0], total if v is None else v),)
    else:
        a, b = fs
        va, vb = fixed(a), fixed(b)
        tv = fixed(tf)
        tv = total if tv is None else tv
        if va is None and vb is None:
            va = max(t.wild_min, tv - t.wild_max)
            vb = tv - va
        elif va is None:
            assert vb is not None
            va = tv - vb
        elif vb is None:
            vb = tv - va
        total = va + vb
        cards = (declared(a, va), declared(b, vb))
    tk = kind[tf]
    if tk is _NUMBER:
        target = t.plain_decl[tf]
    elif tk is _WILD_DOS:  # a row Wild DOS is written bare when nobody declares its colour
        target = t.w2_decl[col] if t.row_wild_dos_declared else t.plain_decl[tf]
    else:
        target = t.wn_decl[tf][total if len(fs) == 2 else (fixed(fs[0]) or total)]
    return Match.trusted(target, cards)


# ---------------------------------------------------------------- any rules: options from the legal matches


def best_matches(state: State, matches: list[Match]) -> list[Match]:
    """The greedy plan among the legal ``matches`` (any rules): the best declaration of each
    (target face, hand faces) is one option; one slot per free row card."""
    if not matches:
        return []
    c = state.c
    t = tables_for(c)
    face_of, points = t.face_of, t.points
    best: dict[tuple[int, tuple[int, ...]], int] = {}  # (target face, hand faces) -> its best option
    options: list[Option] = []
    for i, m in enumerate(matches):
        fs = tuple(face_of[d.card] for d in m.cards)
        bonus = state.colour_outcome(m.target, m.cards)[0] is not None
        score = len(fs) * SHED + (BONUS if bonus else 0) + sum(points[f] for f in fs)
        key = (face_of[m.target.card], fs)
        at = best.get(key)
        if at is None:
            best[key] = len(options)
            options.append((score, key[0], i, fs, 0))
        elif score > options[at][0]:
            options[at] = (score, key[0], i, fs, 0)
    by_face: dict[int, list[Option]] = {}  # target face -> its options, as listed
    for o in options:
        by_face.setdefault(o[1], []).append(o)
    slots = []
    for i, card in enumerate(state.row):
        if not state.used[i]:
            opts = by_face.get(face_of[card])
            if opts is not None:
                slots.append(opts)
    if not slots:  # only already-matched row cards are matchable (once_per_row_card false)
        return [matches[max(options, key=_score)[2]]]
    counts = [0] * len(t.lo)
    for card in state.hands[state.turn_seat]:
        counts[face_of[card]] += 1
    return [matches[o[2]] for o in choose(slots, counts, False)]


_NUMBER, _WILD_DOS = Kind.NUMBER, Kind.WILD_DOS


#: the C planner (``dosrules/play/_plan.c``), None when it is not built or DOSRULES_PURE_PYTHON is set
_native: Any = None
if os.environ.get("DOSRULES_PURE_PYTHON", "") in ("", "0"):
    try:
        from . import _plan as _native  # type: ignore[attr-defined, no-redef]
    except ImportError:  # not compiled (the build made it optional): plan in Python
        _native = None
