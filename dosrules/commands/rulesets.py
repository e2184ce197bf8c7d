"""``dosrules list``, ``validate`` and ``show``. FIRST CUT: the ruleset issue completes these."""

from __future__ import annotations

import json

from ..loader import load_ruleset


def register(sub) -> None:
    p = sub.add_parser("show", help="print a resolved ruleset")
    p.add_argument("ruleset", help="ruleset id, composition (a+b) or path")
    p.add_argument("--json", action="store_true", help="print the resolved tree as JSON")
    p.set_defaults(handler=_show)


def _show(args) -> int:
    ruleset = load_ruleset(args.ruleset)
    print(json.dumps(ruleset.tree, indent=2, ensure_ascii=False))
    return 0
