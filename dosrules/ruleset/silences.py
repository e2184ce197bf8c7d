"""What play does where a rule is silent: the engine's policy for each ``unspecified`` rule,
stated once so that rulebooks can say it truly (``tests/test_engine_silences.py`` checks that
the engine keeps to it).

* ``voids``: the round ends void when play reaches a situation the rule would decide (the
  default: a rule gap, see docs/engine.md); for the rules of ``AT_EVERY_DEAL`` that is every deal;
* ``lot``: the table must agree; a program settles it by lot and plays on (who deals, who plays
  first, which way play passes);
* ``off``: play goes on without the rule (no DOS call is made or caught);
* ``moot``: play never reaches it under these rules, because of the rule named in ``because``
  (a catch penalty where nobody calls DOS, the draw for first dealer where it is not drawn).
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import FirstDealer, MatchAfterDraw, PenaltyTiming, Rules, is_unspecified

__all__ = ["Handling", "BY_LOT", "AT_EVERY_DEAL", "on_silence"]

VOIDS, LOT, OFF, MOOT = "voids", "lot", "off", "moot"

#: silences the engine settles by lot, the round going on
BY_LOT = frozenset({"setup.first_dealer", "setup.symbol_value_for_dealer", "setup.dealer_tie", "setup.next_dealer",
                    "setup.first_player", "setup.direction"})
#: silences every deal meets: left unspecified, each round ends void at its deal and nothing is played
AT_EVERY_DEAL = frozenset({"setup.centre_row_extra"})
#: the DOS call is played only when both are stated (``CompiledRules.dos_active``)
_CALL = ("dos_call.required", "dos_call.hand_size")


@dataclass(frozen=True)
class Handling:
    how: str  # voids | lot | off | moot
    because: str | None = None  # moot: the rule that keeps play from reaching it


def _call_off(rules: Rules) -> str | None:
    """The rule that keeps the DOS call out of play, or None when it is played."""
    if rules.dos_call.required is not True:
        return "dos_call.required"
    if is_unspecified(rules.dos_call.hand_size):
        return "dos_call.hand_size"
    return None


def _moot_because(path: str, rules: Rules) -> str | None:
    b = rules.bonuses
    if path in ("dos_call.catch_penalty", "dos_call.penalty_timing", "dos_call.catcher", "dos_call.catch_window"):
        return _call_off(rules)
    if path == "going_out.pending_penalty":
        if _call_off(rules):
            return _call_off(rules)
        return None if rules.dos_call.penalty_timing is PenaltyTiming.END_OF_TURN else "dos_call.penalty_timing"
    if path in ("setup.symbol_value_for_dealer", "setup.dealer_tie") and rules.setup.first_dealer is not FirstDealer.HIGH_CARD:
        return "setup.first_dealer"
    if path == "setup.direction" and rules.players.max < 3:
        return "players.max"
    if path == "bonuses.others_draw_timing" and b.single_colour.others_draw == 0 and b.double_colour.others_draw == 0:
        return "bonuses.double_colour.others_draw"
    for group in ("single_colour", "double_colour"):
        if path == f"bonuses.{group}.placement" and getattr(b, group).place_cards == 0:
            return f"bonuses.{group}.place_cards"
    if path == "going_out.double_colour_draw_before_scoring" and b.double_colour.others_draw == 0:
        return "bonuses.double_colour.others_draw"
    if path == "drawing.decline_match_after_draw" and rules.drawing.match_after_draw is MatchAfterDraw.NONE:
        return "drawing.match_after_draw"
    return None


def on_silence(path: str, rules: Rules) -> Handling:
    """What play does where the rule at ``path`` is unspecified in ``rules``."""
    if path in _CALL:
        off = _call_off(rules)
        if off == path:
            return Handling(OFF)
        if off is not None:
            return Handling(MOOT, off)
    because = _moot_because(path, rules)
    if because is not None:
        return Handling(MOOT, because)
    return Handling(LOT if path in BY_LOT else VOIDS)
