"""Situations: the moments of play that particular rules decide, counted per round.

A rule can change a game only when play reaches a moment it decides: a DOS penalty matters only
when someone is caught, a reshuffle rule only when the deck runs out. The simulation
(:mod:`dosrules.play.simulate`) counts each situation below in every round, from the engine's
events and from the state just before and after an action; a comparison then says, for every
rule that differs, how often play reached it (:data:`DECIDED_BY` maps each rule path to its
situation). ``habit`` names the behaviour-profile habit (:mod:`dosrules.play.behaviour`) that
brings a situation about where greedy play never does, ``greedy`` says why greedy does not, and
``needs`` what play must do to get there when no single habit does it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset.model import rule_paths

__all__ = ["Situation", "SITUATIONS", "NAMES", "DECIDED_BY", "situation_of", "GAP_SITUATIONS"]


@dataclass(frozen=True)
class Situation:
    name: str
    words: str  # what happened, for a player: "a player was caught not calling DOS"
    habit: str | None = None  # the profile habit that brings it about
    greedy: str | None = None  # why greedy play never reaches it
    needs: str | None = None  # what play must do to reach it, when no habit does it alone
    none: str | None = None  # that it never happened, in words (default: "it never happened that ...")

    def never(self) -> str:
        return self.none or f"it never happened that {self.words}"


SITUATIONS: tuple[Situation, ...] = (
    Situation("round", "a round was dealt"),
    Situation("first-deal", "a game's first dealer was chosen"),
    Situation("dealer-draw-wild", "a wild card was drawn to choose the first dealer"),
    Situation("next-deal", "the dealer of a later round was chosen"),
    Situation("turn", "a turn was played"),
    Situation("wide-row", "a turn started with more Centre Row cards than the refill minimum"),
    Situation("match", "a match was made"),
    Situation("single-match", "a single match was made"),
    Situation("double-match", "a double match was made"),
    Situation("drew-holding-match", "a player drew although they could match", "draw",
              "greedy never draws while it can match", none="no player drew while they could match"),
    Situation("match-after-draw", "a player could match after drawing"),
    Situation("failed-draw", "a player drew and could not match"),
    Situation("declined-match", "a player drew, could match, and ended the turn without matching",
              "decline", "greedy always matches after a draw when it can",
              none="no player declined a match after drawing"),
    Situation("single-bonus", "a single colour match bonus was earned"),
    Situation("double-bonus", "a double colour match bonus was earned"),
    Situation("colour-bonus", "a colour match bonus was earned"),
    Situation("row-covered", "a turn covered more Centre Row cards than a refill to the minimum replaces"),
    Situation("wild-dos-played", "a Wild DOS was played from a hand"),
    Situation("wild-dos-in-row", "a Wild DOS lying in the Centre Row was matched"),
    Situation("wild-number-played", "a Wild # was played from a hand"),
    Situation("wild-number-in-row", "a Wild # lying in the Centre Row was matched"),
    Situation("dos-hand", "a player held the DOS call's hand size"),
    Situation("dos-caught", "a player was caught not calling DOS", "forget",
              "greedy always calls DOS", none="no player was caught not calling DOS"),
    Situation("dos-caught-mid-turn", "a player was caught not calling DOS in the middle of their turn",
              "forget", "greedy always calls DOS", none="no player was caught not calling DOS mid-turn"),
    Situation("out-after-double", "a player went out on a turn with a double colour match"),
    Situation("round-scored", "a round was scored"),
    Situation("deck-ran-out", "a card was needed from an empty deck", none="the deck never ran out",
              needs="rounds long enough to draw the whole deck, which only players who keep drawing "
                    "and keeping cards make (e.g. habits:draw=0.9,decline=0.9 where the rules let a "
                    "player keep a drawn card)"),
    Situation("all-wild-row", "a turn started with only wild cards in the Centre Row",
              none="no turn started with only wild cards in the Centre Row",
              needs="chance alone: more rounds make it more likely"),
)
NAMES: tuple[str, ...] = tuple(s.name for s in SITUATIONS)
_BY_NAME = {s.name: s for s in SITUATIONS}

#: rule path (or the group above it) -> the situation in which that rule decides something
_GROUPS = {
    "players": "round", "deck": "round", "setup.hand_size": "round", "setup.centre_row": "round",
    "setup.centre_row_extra": "round",
    "setup.first_player": "round", "setup.direction": "turn", "setup.first_dealer": "first-deal",
    "setup.symbol_value_for_dealer": "dealer-draw-wild", "setup.dealer_tie": "first-deal",
    "setup.next_dealer": "next-deal",
    "matching.single": "single-match", "matching.double": "double-match",
    "matching.colour_restricts": "match", "matching.once_per_row_card": "match",
    "matching.any_row_card": "wide-row",
    "drawing.draw_when_match_possible": "drew-holding-match", "drawing.match_after_draw": "match-after-draw",
    "drawing.after_failed_draw": "failed-draw", "drawing.decline_match_after_draw": "declined-match",
    "bonuses.single_colour": "single-bonus", "bonuses.double_colour": "double-bonus",
    "bonuses.others_draw_timing": "double-bonus",
    "refill.mode": "row-covered", "refill.minimum": "turn", "refill.bonus_cards": "colour-bonus",
    "wilds.wild_dos.value": "wild-dos-played", "wilds.wild_dos.row_colour": "wild-dos-in-row",
    "wilds.wild_number.min_value": "wild-number-played", "wilds.wild_number.max_value": "wild-number-played",
    "wilds.wild_number.colour": "wild-number-played", "wilds.wild_number.row_value": "wild-number-in-row",
    "dos_call.required": "dos-hand", "dos_call.hand_size": "dos-hand", "dos_call.catch_penalty": "dos-caught",
    "dos_call.penalty_timing": "dos-caught-mid-turn", "dos_call.catcher": "dos-caught",
    "dos_call.catch_window": "dos-caught",
    "going_out.double_colour_draw_before_scoring": "out-after-double",
    "going_out.pending_penalty": "dos-caught-mid-turn",
    "scoring": "round-scored", "target": "round-scored",
    "deck_exhaustion": "deck-ran-out", "all_wild_row": "all-wild-row",
}


def situation_of(path: str) -> Situation:
    """The situation a rule path decides (its own entry, else its nearest group's)."""
    parts = path.split(".")
    for k in range(len(parts), 0, -1):
        name = _GROUPS.get(".".join(parts[:k]))
        if name is not None:
            return _BY_NAME[name]
    raise KeyError(path)


DECIDED_BY: dict[str, str] = {path: situation_of(path).name for path in rule_paths()}

#: rule gaps that stop play before any event of their situation: rule path prefix -> situations
#: (a match that reaches a gap never becomes a ``matched`` event, so its situations are counted here)
GAP_SITUATIONS: dict[str, tuple[str, ...]] = {
    "matching.single": ("match", "single-match"),
    "matching.double": ("match", "double-match"),
    "matching.colour_restricts": ("match",),
    "matching.once_per_row_card": ("match",),
    "matching.any_row_card": ("match",),
    "drawing.match_after_draw": ("match", "match-after-draw"),
    "wilds.wild_dos.row_colour": ("match", "wild-dos-in-row"),
    "wilds.wild_number.row_value": ("match", "wild-number-in-row"),
    "wilds.wild_number.colour": ("match", "wild-number-played"),
    "deck_exhaustion": ("deck-ran-out",),
    "all_wild_row": ("all-wild-row",),
    "bonuses.single_colour": ("single-bonus", "colour-bonus"),
    "bonuses.double_colour": ("double-bonus", "colour-bonus"),
    "going_out.double_colour_draw_before_scoring": ("out-after-double",),
    "dos_call.catcher": ("dos-caught",),
    "dos_call.catch_window": ("dos-caught",),
    "scoring": ("round-scored",),
}
