"""Agents (policies) that choose an action for the player to act; they live beside the engine.

* ``random``: uniform over ``legal_actions()`` at each decision.
* ``greedy``: each turn, the set of matches — disjoint in Centre Row cards and in hand cards —
  that sheds the most hand cards; ties go to more colour bonuses, then to more points shed. It
  always matches when it can (drawing only when it cannot), always calls DOS, always catches a
  missed call, and places its highest-points card as a bonus card or after a failed draw.
  ``forget`` is the probability it does not call DOS when it could; ``catch`` the probability
  it catches a missed call.

Each agent has its own ``random.Random`` (seeded apart from the game), so a game's chance does
not depend on the agents, and a seeded agent is reproducible.
"""

from __future__ import annotations

import os
import random
from operator import itemgetter
from typing import Callable

from ..ruleset.cards import Kind
from ..ruleset.model import AfterFailedDraw, RowWildChoice
from ..engine.actions import CALL_DOS, DRAW, END, PASS, Action, CatchDos, Match, Place, declared_key
from ..engine.compiled import CompiledRules
from ..engine.state import Phase, State
from ..errors import UsageError

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "AGENTS", "make_agent", "parse_agent_spec"]


class Agent:
    """A policy: ``act(state)`` returns one of ``state.legal_actions()``."""

    name = "agent"

    def act(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, forget: float = 0.0, catch: float = 1.0):
        if not (0.0 <= forget <= 1.0 and 0.0 <= catch <= 1.0):
            raise UsageError("greedy agent options are probabilities from 0 to 1",
                             fix="Write e.g. greedy:forget=0.1,catch=0.5.")
        self.rng = random.Random(seed)
        self.forget, self.catch = forget, catch
        # the rest of this turn's plan, valid while state, history length, round and turn are these
        self._plan: list[Match] = []
        self._plan_at: int = 0  # the next planned match
        self._plan_state: State | None = None
        self._plan_n = self._plan_round = self._plan_turn = -1

    def __repr__(self) -> str:
        return f"GreedyAgent(forget={self.forget}, catch={self.catch})"

    def _chance(self, p: float) -> bool:
        if p <= 0.0:
            return False
        if p >= 1.0:
            return True
        return self.rng.random() < p

    def act(self, state: State) -> Action:
        """The common decisions of plain matching rules without building the legal-action list;
        anything else by :meth:`_act_general`."""
        c = state.c
        if not c.simple_matching:
            return self._act_general(state)
        ph = state.phase
        if ph is _TURN:
            seat = state.turn_seat
            if (c.dos_active and len(state.hands[seat]) == c.dos_hand_size and not state.called[seat]
                    and not self._chance(self.forget)):
                return CALL_DOS
            if state.drew and not state.matches and c.match_after_draw is not True:
                return self._act_general(state)
            n = len(state.history)
            if (self._plan_state is state and self._plan_n == n and self._plan_turn == state.turn_number
                    and self._plan_round == state.round):  # the rest of this turn's plan is still the best
                plan, at = self._plan, self._plan_at
            else:
                plan, at = plain_plan(state), 0
            if at < len(plan):  # valid for the next decision only if it comes in this same turn
                self._plan, self._plan_at, self._plan_state = plan, at + 1, state
                self._plan_n, self._plan_round, self._plan_turn = n + 1, state.round, state.turn_number
                return plan[at]
            self._plan_state = None
            if state.matches:
                return END
            if not state.drew:
                return DRAW
            rule = c.after_failed_draw  # drew, and no match is possible
            if rule is AfterFailedDraw.PLACE_CARD and state.hands[seat]:
                return self._highest_plain(state)
            if rule is AfterFailedDraw.KEEP_AND_PASS:
                return END
            return self._act_general(state)
        if ph is Phase.BONUS:
            seat = state.turn_seat
            if state.exposed(seat) and not self._chance(self.forget):
                return CALL_DOS
            return self._highest_plain(state)
        if ph is _FINISH or ph is _ENDING:  # only END is open, and CALL_DOS if exposed
            if state.exposed(state.turn_seat) and not self._chance(self.forget):
                return CALL_DOS
            return END
        if ph is _CATCH:
            return CatchDos(state.catch[0]) if self._chance(self.catch) else PASS
        return self._act_general(state)

    @staticmethod
    def _highest_plain(state: State) -> Place:
        """Place the highest-points card in hand (equal points: the later face)."""
        c = state.c
        index, points = c.face_index, c.f_points
        best = top = -1
        for card in state.hands[state.turn_seat]:
            f = index[id(card)]
            p = points[f]
            if p > top or (p == top and f > best):
                best, top = f, p
        return Place(c.plain_decl[best])

    def _act_general(self, state: State) -> Action:
        ph = state.phase
        actions = state.legal_actions()
        if ph is Phase.CATCH:
            return actions[0] if self._chance(self.catch) else PASS
        if ph is Phase.DECLARE:
            return actions[0]
        if actions[0] is CALL_DOS or actions[0] == CALL_DOS:
            if not self._chance(self.forget) or len(actions) == 1:
                return CALL_DOS
            actions = actions[1:]
        if ph is Phase.TURN:
            plan = best_matches(state, [a for a in actions if type(a) is Match])
            if plan:
                return plan[0]
            if DRAW in actions:
                return DRAW
            places = [a for a in actions if type(a) is Place]
            if places:
                return self._highest(state, places)
            return END if END in actions else actions[0]
        if ph is Phase.BONUS:
            return self._highest(state, actions)
        return END if END in actions else actions[0]

    @staticmethod
    def _highest(state: State, places: list[Action]) -> Action:
        points = state.c.points
        return max(places, key=lambda a: (points[a.card.card] or 0, declared_key(a.card)) if type(a) is Place
                   else (-1, ()))


def best_matches(state: State, matches: list[Match]) -> list[Match]:
    """The greedy plan: disjoint matches (row cards and hand cards) shedding the most cards,
    then earning the most colour bonuses, then shedding the most points."""
    if not matches:
        return []
    points = state.c.points
    # the best declaration of each (target face, hand faces) choice
    best: dict[tuple, tuple[tuple[int, int, int], Match]] = {}
    for m in matches:
        bonus = state.colour_outcome(m.target, m.cards)[0] is not None
        score = (len(m.cards), int(bonus), sum(points[d.card] or 0 for d in m.cards))
        key = (m.target.card, tuple(d.card for d in m.cards))
        old = best.get(key)
        if old is None or score > old[0]:
            best[key] = (score, m)
    # one slot per free row card; each slot lists the options targeting its face
    by_face: dict = {}
    for (face, _), (score, m) in best.items():
        by_face.setdefault(face, []).append((score, m))
    slots = []
    for i, card in enumerate(state.row):
        if not state.used[i] and card in by_face:
            slots.append(by_face[card])
    if not slots:  # only already-matched row cards are matchable (once_per_row_card false)
        return [max(best.values(), key=lambda sm: sm[0])[1]]
    hand: dict = {}
    for card in state.hands[state.turn_seat]:
        hand[card] = hand.get(card, 0) + 1
    best_total = [(0, 0, 0), []]

    def search(k: int, total: tuple[int, int, int], chosen: list[Match]) -> None:
        if k == len(slots):
            if total > best_total[0]:
                best_total[0], best_total[1] = total, list(chosen)
            return
        for score, m in slots[k]:
            cards = [d.card for d in m.cards]
            if all(hand.get(c, 0) >= cards.count(c) for c in cards):
                for c in cards:
                    hand[c] -= 1
                chosen.append(m)
                search(k + 1, (total[0] + score[0], total[1] + score[1], total[2] + score[2]), chosen)
                chosen.pop()
                for c in cards:
                    hand[c] += 1
        search(k + 1, total, chosen)

    search(0, (0, 0, 0), [])
    return best_total[1]


# scores of one planned option, combined into one int that orders as (shed, bonus, points)
_SHED, _BONUS = 1 << 44, 1 << 24  # points shed in one turn stay far below 2**24, bonuses below 2**20


def plain_plan(state: State) -> list[Match]:
    """The greedy plan (its matches in order), computed on face indices (rules with ``simple_matching``).

    Same objective as :func:`best_matches`; wild declarations are chosen to earn a colour bonus
    whenever one can be earned. The options are chosen by the C planner ``dosrules.play._plan`` when
    it is built (and ``DOSRULES_PURE_PYTHON`` is not set) and ``state.c`` is a plain
    CompiledRules, else by :func:`_plain_keys_python`, the reference it reproduces exactly."""
    c = state.c
    if _native is not None and type(c) is CompiledRules:
        table = _TABLES.get(c)
        if table is None:
            table = _native_table(c)
        if table:
            keys = table.plan(state.hands[state.turn_seat], state.row, state.used)
            if keys is not None:  # None: sizes or cards the C planner leaves to Python
                return _plan_matches(c, keys) if keys else keys
    return _plan_matches(c, _plain_keys_python(c, state.hands[state.turn_seat], state.row, state.used))


def _plain_plan_python(state: State) -> list[Match]:
    """:func:`plain_plan` by the pure-Python planner, whatever is built."""
    return _plan_matches(state.c, _plain_keys_python(state.c, state.hands[state.turn_seat], state.row,
                                                     state.used))


def _native_table(c: CompiledRules):
    """The C planner's tables for these rules (kept per CompiledRules), or False if they do not fit it."""
    try:
        table = _native.Table(c.faces, c.f_bits, c.f_tbits, c.f_points, c.f_lo, c.f_hi)
    except (OverflowError, ValueError, TypeError):
        table = False
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[c] = table
    return table


def _plan_matches(c, keys: list) -> list[Match]:
    """The Match actions of planned option keys, memoised per plain CompiledRules."""
    if not keys:
        return []
    memo = _MATCHES.get(c)
    if memo is None:
        if type(c) is not CompiledRules:  # a proxy (e.g. recording rule reads): not kept
            return [_plain_match(c, key) for key in keys]
        if len(_MATCHES) > 64:
            _MATCHES.clear()
        memo = _MATCHES[c] = {}
    out = []
    for key in keys:
        m = memo.get(key)
        if m is None:
            m = memo[key] = _plain_match(c, key)
        out.append(m)
    return out


def _plain_keys_python(c, hand: list, row: list, used: list) -> list[tuple]:
    """The planned options' keys ``(target face, total, hand faces, common colour bits)``, in plan
    order: the reference planner (pure Python). An option is ``(score, *key)`` with
    ``score = shed * _SHED + bonus * _BONUS + points``."""
    index = c.face_index
    if not hand or not row:
        return []
    counts: dict[int, int] = {}
    for card in hand:
        f = index[id(card)]
        counts[f] = counts.get(f, 0) + 1
    faces = sorted(counts)
    bits, tbits, points, lo, hi = c.f_bits, c.f_tbits, c.f_points, c.f_lo, c.f_hi
    S1, S2, B = _SHED, 2 * _SHED, _BONUS
    fixed: dict[int, list[int]] = {}  # value -> faces that count exactly that value
    ranged = []  # faces that count a range (Wild #)
    for f in faces:
        if lo[f] == hi[f]:
            v = lo[f]
            if v in fixed:
                fixed[v].append(f)
            else:
                fixed[v] = [f]
        else:
            ranged.append(f)
    pairs = None  # every pair, built only for a target that counts a range
    slots = []  # per free row card: its options (best first once sorted)
    picks = []  # per slot: its best option
    seen: dict[int, list] = {}
    for i, card in enumerate(row):
        if used[i]:
            continue
        t = index[id(card)]
        if t in seen:  # another copy of a face already planned for
            opts, pick = seen[t]
            if opts:
                slots.append(opts)
                picks.append(pick)
            continue
        tlo, thi, tb = lo[t], hi[t], tbits[t]
        opts = []
        if tlo == thi:
            tv = tlo
            for f in fixed.get(tv, ()):
                opts.append((S1 + (B if bits[f] & tb else 0) + points[f], t, tv, (f,), bits[f] & tb))
            for f in ranged:
                if lo[f] <= tv <= hi[f]:
                    opts.append((S1 + (B if bits[f] & tb else 0) + points[f], t, tv, (f,), bits[f] & tb))
            for x, group in fixed.items():
                partners = fixed.get(tv - x)
                if partners is None:
                    continue
                for a in group:
                    for b in partners:
                        if b < a or (b == a and counts[a] < 2):
                            continue
                        cb = bits[a] & bits[b] & tb
                        opts.append((S2 + (B if cb else 0) + points[a] + points[b], t, tv, (a, b), cb))
            for w in ranged:
                lw, hw = lo[w], hi[w]
                for a in faces:
                    if (a == w and counts[a] < 2) or (a < w and lo[a] != hi[a]):
                        continue  # a ranged pair is taken once, from its lower face
                    if lo[a] + lw <= tv <= hi[a] + hw:
                        cb = bits[a] & bits[w] & tb
                        opts.append((S2 + (B if cb else 0) + points[a] + points[w], t, tv,
                                     (a, w) if a < w else (w, a), cb))
        else:
            if pairs is None:
                pairs = []
                for a_i, a in enumerate(faces):
                    la, ha, ba, pa = lo[a], hi[a], bits[a], points[a]
                    for b in faces[a_i:]:
                        if a == b and counts[a] < 2:
                            continue
                        pairs.append((la + lo[b], ha + hi[b], ba & bits[b], S2 + pa + points[b], (a, b)))
            opts = [(sp + (B if sb & tb else 0), t, smin if smin > tlo else tlo, fs, sb & tb)
                    for smin, smax, sb, sp, fs in pairs if smin <= thi and tlo <= smax]
            opts += [(S1 + (B if bits[f] & tb else 0) + points[f], t, lo[f] if lo[f] > tlo else tlo, (f,),
                      bits[f] & tb) for f in faces if lo[f] <= thi and tlo <= hi[f]]
        if opts:
            pick = max(opts, key=_score)  # the first best: what a stable sort puts first
            slots.append(opts)
            picks.append(pick)
            seen[t] = opts, pick
        else:
            seen[t] = opts, None
    if not picks:
        return []
    # each slot's best option, if they fit the hand together, is the plan the search would find
    fits = True
    for o in picks:
        for f in o[3]:
            k = counts[f] - 1
            counts[f] = k
            if k < 0:
                fits = False
    if not fits:
        for o in picks:
            for f in o[3]:
                counts[f] += 1
        for opts, _ in seen.values():
            opts.sort(reverse=True, key=_score)
        picks = _search(slots, counts)
    return [o[1:] for o in picks]


#: per compiled rules: the Match of each planned option (t, total, hand faces, common colour bits);
#: Match objects are immutable, so one per option serves every game of those rules (plain
#: CompiledRules only: a proxy standing in for them is not kept alive here)
_MATCHES: dict = {}
#: per plain CompiledRules: its dosrules.play._plan.Table, or False when its tables do not fit one
_TABLES: dict = {}


def _search(slots: list, counts: dict[int, int]) -> list:
    """The best options, at most one per slot, that the hand's face ``counts`` can pay for
    together (branch and bound).

    Among the best-scoring choices the first in search order is kept: slots by their number of
    options (fewest first, stable), each slot's options best first, skipping a slot last. Any
    pruning that only drops choices that cannot beat the best found keeps that choice, so the
    two-slot case (the most common) is written out without recursion."""
    slots.sort(key=len)  # the slot with the most options is searched last, by its first fitting option
    if len(slots) != 2:
        return _general(slots, counts)
    first, second = slots
    best, plan = -1, []
    top = second[0][0]
    for a in first:
        s = a[0]
        if s + top <= best:
            break
        fs = a[3]
        if len(fs) == 1:
            f = fs[0]
            if counts[f] < 1:
                continue
            counts[f] -= 1
        else:
            x, y = fs
            counts[x] -= 1
            counts[y] -= 1
            if counts[x] < 0 or counts[y] < 0:
                counts[x] += 1
                counts[y] += 1
                continue
        for b in second:
            total = s + b[0]
            if total <= best:
                break
            gs = b[3]
            if len(gs) == 1:
                ok = counts[gs[0]] >= 1
            else:
                x, y = gs
                ok = counts[x] >= 2 if x == y else (counts[x] >= 1 and counts[y] >= 1)
            if ok:
                best, plan = total, [a, b]
                break
        else:
            if s > best:
                best, plan = s, [a]
        for f in fs:
            counts[f] += 1
    for b in second:
        if b[0] <= best:
            break
        gs = b[3]
        if len(gs) == 1:
            ok = counts[gs[0]] >= 1
        else:
            x, y = gs
            ok = counts[x] >= 2 if x == y else (counts[x] >= 1 and counts[y] >= 1)
        if ok:
            return [b]
    return plan


def _last(opts: list, counts: dict[int, int], score: int, best: int):
    """The first option of the last slot that fits and beats best: (total, option) or None."""
    for o in opts:
        total = score + o[0]
        if total <= best:
            return None
        fs = o[3]
        if len(fs) == 1:
            if counts[fs[0]] >= 1:
                return total, o
        else:
            x, y = fs
            if (counts[x] >= 2) if x == y else (counts[x] >= 1 and counts[y] >= 1):
                return total, o
    return None



#: nodes (calls of the inner search) the branch and bound may visit; then it keeps the best plan
#: found so far. Exact search is exponential in the free row cards (ten of them against a hand of
#: 37 took 15 s): the budget bounds a decision to milliseconds (the C planner counts alike).
SEARCH_NODES = 20_000


def _general(slots: list, counts: dict[int, int]) -> list:
    """:func:`_search` for any number of slots (recursive; the last slot inline), visiting at most
    SEARCH_NODES nodes."""
    n = len(slots)
    last = n - 1
    ub = [0] * (n + 1)
    for k in range(n - 1, -1, -1):  # upper bounds: what the slots from k on can add at most
        ub[k] = ub[k + 1] + slots[k][0][0]
    best = [-1, []]
    chosen = []
    lastopts = slots[last]
    nodes = [0]

    def search(k, score):  # k < last
        nodes[0] += 1
        if nodes[0] > SEARCH_NODES or score + ub[k] <= best[0]:
            return
        rest = ub[k + 1]
        leaf = k + 1 == last
        for o in slots[k]:
            s = score + o[0]
            if s + rest <= best[0]:
                break
            fs = o[3]
            for f in fs:
                counts[f] -= 1
            if all(counts[f] >= 0 for f in fs):  # the hand pays for this option too
                chosen.append(o)
                if leaf:
                    hit = _last(lastopts, counts, s, best[0])
                    if hit is not None:
                        best[0], best[1] = hit[0], [*chosen, hit[1]]
                    elif s > best[0]:
                        best[0], best[1] = s, list(chosen)
                else:
                    search(k + 1, s)
                chosen.pop()
            for f in fs:
                counts[f] += 1
        if leaf:
            hit = _last(lastopts, counts, score, best[0])
            if hit is not None:
                best[0], best[1] = hit[0], [*chosen, hit[1]]
            elif score > best[0]:
                best[0], best[1] = score, list(chosen)
        else:
            search(k + 1, score)

    search(0, 0)
    return best[1]


def _plain_match(c, key) -> Match:
    """The Match action for a planned option's key: declarations that make the numbers add up
    and, when the colours allow it, earn the colour bonus."""
    t, total, fs, common = key
    kind, value = c.f_kind, c.f_value
    if kind[t] is _NUMBER:  # number cards only: nothing to declare
        if len(fs) == 1:
            if kind[fs[0]] is _NUMBER:
                return Match.trusted(c.plain_decl[t], (c.plain_decl[fs[0]],))
        elif kind[fs[0]] is _NUMBER and kind[fs[1]] is _NUMBER:
            return Match.trusted(c.plain_decl[t], (c.plain_decl[fs[0]], c.plain_decl[fs[1]]))
    col = (common & -common).bit_length() - 1 if common else 0  # lowest shared colour, else the first

    def declared(f, v):
        k = kind[f]
        if k is _NUMBER:
            return c.plain_decl[f]
        if k is _WILD_DOS:
            return c.w2_decl[col]
        return c.wn_decl[f][v]

    def fixed(f):
        k = kind[f]
        return value[f] if k is _NUMBER else (c.wild_dos_value if k is _WILD_DOS else None)

    if len(fs) == 1:
        f = fs[0]
        v = fixed(f)
        v = total if v is None else v
        cards = (declared(f, v),)
    else:
        a, b = fs
        va, vb = fixed(a), fixed(b)
        tv = fixed(t)
        tv = total if tv is None else tv
        if va is None and vb is None:
            va = max(c.wild_min, tv - c.wild_max)
            vb = tv - va
        elif va is None:
            va = tv - vb
        elif vb is None:
            vb = tv - va
        tv = va + vb
        cards = (declared(a, va), declared(b, vb))
        total = tv
    tk = kind[t]
    if tk is _NUMBER:
        target = c.plain_decl[t]
    elif tk is _WILD_DOS:  # a row Wild DOS is written bare when nobody declares its colour
        target = c.w2_decl[col] if c.wild_dos_row is _MATCHER_DECLARES else c.plain_decl[t]
    else:
        target = c.wn_decl[t][total if len(fs) == 2 else (fixed(fs[0]) or total)]
    return Match.trusted(target, cards)


_NUMBER, _WILD_DOS = Kind.NUMBER, Kind.WILD_DOS
_MATCHER_DECLARES = RowWildChoice.MATCHER_DECLARES
_TURN, _FINISH, _ENDING, _CATCH = Phase.TURN, Phase.FINISH, Phase.ENDING, Phase.CATCH


_score = itemgetter(0)

#: the C planner (``dosrules/_plan.c``), None when it is not built or DOSRULES_PURE_PYTHON is set
_native = None
if os.environ.get("DOSRULES_PURE_PYTHON", "") in ("", "0"):
    try:
        from . import _plan as _native
    except ImportError:  # not compiled (the build made it optional): plan in Python
        _native = None

AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(name: str, seed: int = 0, **options: float) -> Agent:
    """An agent by name (``random``, ``greedy``) with its options."""
    if name not in AGENTS:
        raise UsageError(f"unknown agent '{name}'", fix=f"Choose one of: {', '.join(AGENTS)}.")
    try:
        return AGENTS[name](seed, **options)
    except TypeError:
        raise UsageError(f"agent '{name}' does not take options {sorted(options)}",
                         fix="The greedy agent takes forget= and catch=; random takes none.") from None


def parse_agent_spec(spec: str, seed: int = 0) -> Agent:
    """``greedy``, ``random`` or ``greedy:forget=0.1,catch=0.5``."""
    name, _, opts = spec.strip().partition(":")
    options: dict[str, float] = {}
    for part in filter(None, opts.split(",")):
        key, eq, value = part.partition("=")
        try:
            options[key.strip()] = float(value)
        except ValueError:
            raise UsageError(f"agent option '{part}' in '{spec}' is not key=number",
                             fix="Write e.g. greedy:forget=0.1,catch=0.5.") from None
        if not eq:
            raise UsageError(f"agent option '{part}' in '{spec}' has no value", fix="Write key=number.")
    return make_agent(name.strip(), seed, **options)
