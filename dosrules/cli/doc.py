"""``dosrules doc``: a rulebook of a ruleset, or with ``--against`` a house-rules sheet."""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import DosrulesError
from .common import add_rulesets_option, load


def register(sub) -> None:
    p = sub.add_parser(
        "doc", help="render a rulebook (or with --against, a house-rules sheet)",
        description="Render the complete rulebook of a ruleset, computed from its rule values; "
                    "with --against B, a sheet of only what differs from B.")
    p.add_argument("ruleset", help="ruleset id, composition (a+b) or path")
    p.add_argument("--against", metavar="BASE", help="write only what differs from this ruleset")
    p.add_argument("--players", type=int, metavar="N", help="the rules for N players (default: every count)")
    p.add_argument("--format", default="md", metavar="md|html", help="md (default) or html (self-contained, printable)")
    p.add_argument("--lang", default="en", metavar="LANG", help="language of the text: en, de, ko or eu (default: en)")
    p.add_argument("--cite", action="store_true", help="cite the source clause of every rule")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    add_rulesets_option(p)
    p.set_defaults(handler=_doc)


def _doc(args) -> int:
    from ..rulebook import render

    render.check_options(args.format, args.lang)  # before loading anything: cheap argument errors first
    ruleset = load(args.ruleset, args)
    if args.against:
        text = render.render_against(ruleset, load(args.against, args), players=args.players,
                                     fmt=args.format, lang=args.lang, cite=args.cite)
    else:
        text = render.render_rulebook(ruleset, players=args.players, fmt=args.format,
                                      lang=args.lang, cite=args.cite)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as err:
            raise DosrulesError(f"cannot write the document: {err.strerror}", where=args.output,
                                fix="Choose a writable path for -o.") from None
    else:
        sys.stdout.write(text)
    return 0
