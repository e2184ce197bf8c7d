"""``dosrules doc``: a rulebook of a ruleset, or with ``--against`` a house-rules sheet."""

from __future__ import annotations

import sys

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
    inputs = list(ruleset.files)
    if args.against:
        against = load(args.against, args)
        inputs += against.files
        text = render.render_against(ruleset, against, players=args.players,
                                     fmt=args.format, lang=args.lang, cite=args.cite)
    else:
        text = render.render_rulebook(ruleset, players=args.players, fmt=args.format,
                                      lang=args.lang, cite=args.cite)
    if args.output:
        from .outfile import write_output

        write_output(args.output, text, option="-o", inputs=inputs)
    else:
        sys.stdout.write(text)
    return 0
