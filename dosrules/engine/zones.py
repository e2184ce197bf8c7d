"""What a game holds: the attributes of ``State``, declared once with their types.

``State`` is one class over four modules, a chain of classes ``Zones`` -> ``MatchFlow``
(``matching``) -> ``TurnFlow`` (``turn``) -> ``Rounds`` (``rounds``) -> ``State`` (``state``), so
that the methods of each module see every attribute of the game with its type: mypy checks them,
and mypyc (an optional build, see docs/engine.md) compiles them to fixed slots. ``State.__init__``
gives them their first values (``Rounds._reset_turn`` those of a turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..ruleset.cards import Card, Declared
    from ..ruleset.model import Ruleset
    from .actions import Action
    from .chance import Chance
    from .compiled import CompiledRules
    from .events import Event
    from .phase import Phase
    from .specialised import Specialised
    from .trace import TracedRules

__all__ = ["Zones"]


class Zones:
    """The attributes of a game (see ``State``); no methods."""

    #: the rules, read only through this (a ``TracedRules`` view of them in a traced game)
    c: CompiledRules | TracedRules
    #: the rules' matching tables prepared for an untraced game; None in a traced one (``specialised``)
    fast: Specialised | None
    chance: Chance
    _dealer_draw: tuple[Card, ...]
    ruleset: Ruleset
    players: int
    seed: int | None
    max_rounds: int | None
    max_turns: int | None
    scores: list[int]
    events: list[Event]
    history: list[Action]
    round: int
    dealer: int | None
    last_winner: int | None
    winner: int | None
    deck: list[Card]
    discard: list[Card]
    hands: list[list[Card]]
    row: list[Card]
    row_decl: list[Declared | None]
    row_bind: list[Declared | None]
    all_wild_turn: bool
    used: list[bool]
    phase: Phase
    turn_seat: int
    turn_number: int
    called: list[bool]
    windowed: list[bool]
    step: int | None
    catch: tuple[int, int, Phase] | None
    late_catch: bool
    declare_queue: list[int]
    declarer: int
    after_declare: str
    end_steps: list[str]
    _legal: tuple[Action, ...] | None
    # the turn (Rounds._reset_turn)
    drew: bool
    drawn: Card | None
    matches: int
    rows_matched: int
    played: list[Card]
    bonus_owed: int
    owed_single: int
    owed_double: int
    others_owed: int
    others_owed_double: int
    pending: int
    removed: int
    dc_cards: list[Card]
