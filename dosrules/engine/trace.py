"""Rule tracing: which rules a game read, recorded by the engine itself.

A traced game (``new_game(..., trace=True)``, ``from_position(..., trace=True)``) reads its rules
through a :class:`TracedRules` view of its ``CompiledRules``: the same values, with the first
read of each attribute noted together with the round the game was in. :func:`rules_read` turns
the attributes read into rule paths with ``CompiledRules.sources``. An untraced game reads the
plain ``CompiledRules`` and pays nothing for this::

    state = new_game("mattel-2018", 3, seed=1, trace=True)
    state.apply(state.legal_actions()[0])
    rules_read(state).direct  # ('setup.first_dealer', 'setup.hand_size', ..., 'drawing.match_after_draw')

The record is complete because the engine reads every rule through ``state.c`` at the moment the
rule decides something, and keeps no rule value anywhere else (not on the state, not in module
globals, not across calls): keep it so. The one exception is an untraced game's ``state.fast``
(``engine.specialised``: tables prepared from its rules, a colour outcome remembered per match,
the requirement rows its rules leave open), which a traced game never has: it reads as above.

A path is a *direct* read when the engine read an attribute computed from at most two rules
(``after_failed_draw`` from ``drawing.after_failed_draw``; ``dos_active`` from the call's
requirement and hand size), a *table* read when it was read only through attributes computed
from more (the tables of what each card may count as).

What is read through ``state.c`` is traced, whoever reads it: the engine, an agent choosing its
move from the rules' tables, a copy of the state (``copy()`` shares the view, so what-if
questions asked of a copy, as ``why_not`` asks them, are part of the trace).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from .compiled import CompiledRules

if TYPE_CHECKING:
    from .state import State

__all__ = ["TracedRules", "RulesRead", "rules_read", "forget_reads", "DIRECT_LIMIT"]

DIRECT_LIMIT = 2  # an attribute computed from at most this many rule paths is a direct read


@dataclass(frozen=True)
class RulesRead:
    """The rule paths a traced game read, each once, in first-read order."""

    paths: tuple[str, ...]  # every path read
    direct: tuple[str, ...]  # read as (or nearly as) a rule value at least once
    table: tuple[str, ...]  # read only through tables computed from several rules


class TracedRules:
    """A traced game's view of its compiled rules: every attribute as the ``CompiledRules`` has
    it; the first read of each rule attribute is noted with the game's round at that moment."""

    __slots__ = ("_compiled", "_sources", "_game", "_reads")

    def __init__(self, compiled: CompiledRules, state: "State"):
        self._compiled = compiled
        self._sources = compiled.sources
        # the game, for its round (not a weak reference: a State compiled by mypyc takes none; an
        # agent's cache keyed by these rules keeps this one game alive until it meets other rules)
        self._game = state
        #: attribute -> the round the game was in at its first read, in first-read order
        self._reads: dict[str, int | None] = {}

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._compiled, name)
        if name in self._sources and name not in self._reads:
            self._reads[name] = self._game.round
        return value

    def _rules_read(self, rounds: Iterable[int] | None) -> RulesRead:
        keep = None if rounds is None else set(rounds)
        direct: dict[str, bool] = {}
        for name, at in self._reads.items():
            if keep is not None and at not in keep:
                continue
            paths = self._sources[name]
            is_direct = len(paths) <= DIRECT_LIMIT
            for path in paths:
                direct[path] = direct.get(path, False) or is_direct
        return RulesRead(tuple(direct), tuple(p for p, d in direct.items() if d),
                         tuple(p for p, d in direct.items() if not d))

    def __repr__(self) -> str:
        return f"TracedRules({self._compiled.ruleset.id!r}, players={self._compiled.players})"


def _view(state: "State") -> TracedRules:
    view = state.c
    if not isinstance(view, TracedRules):
        raise ValueError("this game is not traced: make it with new_game(..., trace=True) or "
                         "from_position(..., trace=True) to learn which rules it reads")
    return view


def rules_read(state: "State", rounds: Iterable[int] | None = None) -> RulesRead:
    """The rule paths a traced game has read (since :func:`forget_reads`), in first-read order;
    with ``rounds``, only those first read while the game was in one of those rounds (a round's
    last action also deals the next one)."""
    return _view(state)._rules_read(rounds)


def forget_reads(state: "State") -> None:
    """Start the trace of a traced game afresh: the reads so far are forgotten."""
    _view(state)._reads.clear()
