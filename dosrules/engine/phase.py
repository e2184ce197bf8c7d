"""What the game waits for: ``State.phase``."""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["Phase"]


class Phase(enum.StrEnum):
    """What the game waits for (a string enum: ``Phase.TURN == "turn"``, as logs and scenarios write it)."""

    TURN = "turn"  # matches, a draw, or end
    ENDING = "ending"  # a card was placed after a draw: only `end` (or `call-dos`)
    BONUS = "bonus"  # bonus placements owed after `end`
    FINISH = "finish"  # the turn is done but its player holds DOS uncalled: `call-dos` or `end`
    DECLARE = "declare"  # placer-declares: a wild that entered the row needs its declaration
    CATCH = "catch"  # the next seat may catch a missed DOS call
    OVER = "over"  # the game is over


# The members as plain module names, for the hot loop (cheaper to read than ``Phase.TURN``; Final:
# compiled by mypyc, a C variable rather than a dictionary lookup)
TURN: Final = Phase.TURN
ENDING: Final = Phase.ENDING
BONUS: Final = Phase.BONUS
FINISH: Final = Phase.FINISH
DECLARE: Final = Phase.DECLARE
CATCH: Final = Phase.CATCH
OVER: Final = Phase.OVER
