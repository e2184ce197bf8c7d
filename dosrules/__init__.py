"""dosrules: the rules of DOS as data — rulesets, one engine, and a verifier."""

from .dump import dump_ruleset
from .engine import IllegalActionError, new_game, parse_action, play, why_not
from .loader import load_ruleset
from .model import UNSPECIFIED, Ruleset, Rules, Status

__all__ = ["load_ruleset", "dump_ruleset", "Ruleset", "Rules", "Status", "UNSPECIFIED",
           "new_game", "play", "why_not", "parse_action", "IllegalActionError"]
