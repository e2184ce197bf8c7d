"""The choices a question leaves out, filled with the ordinary choice (and said so).

A question names the actions a player argues about, not every step the engine waits for on
the way. Two kinds of step are filled instead of refusing the question:

- :func:`intermediate_step` — the engine waits for someone else first: a catch window after a
  missed DOS call (the ordinary choice: nobody catches, ``pass``), or the declaration of a wild
  that entered the Centre Row under rules where its placer declares it (the first declaration
  the rules allow).
- :func:`completed_declaration` — the asked action leaves out a declaration the ruleset asks
  of the player (the colour of a Wild DOS lying in the Centre Row, where the matcher names it):
  the declaration a player would make, the one earning the largest colour bonus.

Each returns the action to take and a sentence for the answer's notes. A declaration the
question does give is never changed: a declaration the ruleset has no place for stays illegal.
"""

from __future__ import annotations

from ..engine.actions import PASS, Action, CatchDos, Declare, Match, Pass, Place
from ..engine.phase import Phase
from ..ruleset.cards import Declared

__all__ = ["intermediate_step", "completed_declaration"]


def intermediate_step(state, action: Action) -> tuple[Action, str] | None:
    """The step the engine waits for before ``action`` can be taken, with its note; None when
    ``action`` itself answers what the engine waits for (or it waits for nothing)."""
    phase = state.phase
    if phase is Phase.CATCH and not isinstance(action, (CatchDos, Pass)):
        caught, catcher, _ = state.catch
        return PASS, (f"seat {caught} did not call DOS and seat {catcher} could catch it before '{action}'; "
                      f"the question does not say, so nobody catches ('pass')")
    if phase is Phase.DECLARE and not isinstance(action, Declare):
        first = state.legal_actions()[0]
        card = state.row[state.declare_queue[0]]
        return first, (f"seat {state.declarer} declares the {card} that entered the Centre Row before '{action}'; "
                       f"the question does not say how, so '{first}' (the first declaration the rules allow; "
                       f"add 'declare {first.card}' to choose)")
    return None


def _fills(given: Declared, chosen: Declared) -> bool:
    """``chosen`` is ``given`` with a declaration added where ``given`` has none."""
    if given.card != chosen.card:
        return False
    if given.value is not None and given.value != chosen.value:
        return False
    if given.colour is not None and given.colour != chosen.colour:
        return False
    return (given.value, given.colour) != (chosen.value, chosen.colour)


def _same_or_fills(given: Declared, chosen: Declared) -> bool:
    return given == chosen or _fills(given, chosen)


_BONUS_RANK = {"double-colour": 2, "single-colour": 1, None: 0}


def completed_declaration(state, action: Action, text: str | None = None) -> tuple[Action, str] | None:
    """``action`` with the declarations it leaves out filled in, when it is not legal as written
    and a legal action differs from it only by those; with the note saying so (``text``: the
    action as the question writes it)."""
    text = text or str(action)
    legal = state.legal_actions()
    if action in legal:
        return None
    if isinstance(action, Match):
        options = [a for a in legal if isinstance(a, Match) and len(a.cards) == len(action.cards)
                   and _same_or_fills(action.target, a.target)
                   and all(_same_or_fills(g, c) for g, c in zip(action.cards, a.cards))]
        if not options:
            return None
        ranked = sorted(options, key=lambda m: -_BONUS_RANK.get(state.colour_outcome(m.target, m.cards)[0], 0))
        best = ranked[0]
        bonus = state.colour_outcome(best.target, best.cards)[0]
        if len(options) == 1:
            why = "the only declaration the rules allow here"
        else:
            why = "the choice that earns a colour bonus" if bonus else "no choice earns a colour bonus"
        return best, f"'{text}' does not say the declaration the rules ask for; taken as '{best}' ({why})"
    if isinstance(action, Place):
        options = [a for a in legal if isinstance(a, Place) and _fills(action.card, a.card)]
        if not options:
            return None
        return options[0], (f"'{text}' leaves the declaration of the wild to its placer; taken as "
                            f"'{options[0]}' (the first the rules allow)")
    return None
