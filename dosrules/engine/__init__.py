"""The configurable DOS engine: one engine for every ruleset, every decision read from the rules.

    >>> from dosrules.engine import new_game, parse_action
    >>> state = new_game("mattel-2018", players=3, seed=1)
    >>> actions = state.legal_actions()
    >>> events = state.apply(actions[0])

See docs/engine.md for the turn structure, the action notation and the rule-gap policy.
"""

from .actions import (ACTION_HELP, Action, ActionNotationError, CallDos, CatchDos, Declare, Draw, End,
                      Match, Pass, Place, parse_action)
from .chance import Chance
from .compiled import CompiledRules, compile_rules
from .events import (BonusEarned, Buried, CatchDeclined, Caught, DealerChosen, Dealt, DosCalled, Drew,
                     Event, GameOver, Matched, Placed, Refilled, Reshuffled, RoundScored, RoundVoid,
                     RuleGap, TurnEnded, TurnStarted, WildDeclared)
from .explain import IllegalActionError, Reason, play, why_not
from .state import Phase, State, from_position, new_game
from .trace import RulesRead, forget_reads, rules_read

__all__ = [
    "new_game", "from_position", "State", "Phase", "play", "why_not", "Reason", "IllegalActionError",
    "CompiledRules", "compile_rules", "Chance", "rules_read", "forget_reads", "RulesRead",
    "Action", "Match", "Draw", "Place", "End", "CallDos", "CatchDos", "Pass", "Declare",
    "parse_action", "ActionNotationError", "ACTION_HELP",
    "Event", "DealerChosen", "Dealt", "TurnStarted", "Matched", "BonusEarned", "Drew", "Placed",
    "WildDeclared", "TurnEnded", "Refilled", "Reshuffled", "Buried", "DosCalled", "Caught",
    "CatchDeclined", "RuleGap", "RoundScored", "RoundVoid", "GameOver",
]
