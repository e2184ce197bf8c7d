"""dosrules: the rules of DOS as data — rulesets, one engine, and a verifier."""

from .loader import load_ruleset
from .model import UNSPECIFIED, Ruleset, Rules, Status

__all__ = ["load_ruleset", "Ruleset", "Rules", "Status", "UNSPECIFIED"]
