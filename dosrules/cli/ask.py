"""``dosrules ask``: settle a rules dispute — the verdict per ruleset, what follows, and why.

    dosrules ask docs/disputes/failed-draw-costs-a-card.yaml
    dosrules ask --row "7r 9b" --hand "3r 4r 9g W2" --action "match 7r with 3r+4r"
    dosrules ask --row "7r 9b" --hand "5g 8y 10r" --before draw --options

Exit code 0: answered; 1: a scenario file's ``expect`` disagrees with the engine; 2: the
question cannot be asked as given (a notation slip, a bad scenario, ruleset or option).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import DosrulesError, UsageError
from .common import add_rulesets_option

EPILOG = """\
examples:
  dosrules ask docs/disputes/failed-draw-costs-a-card.yaml
  dosrules ask docs/disputes/who-deals-next.yaml --under {two}
  dosrules ask --row "7r 9b" --hand "3r 4r 9g W2" --action "match 7r with 3r+4r"
  dosrules ask --row "7r 9b" --hand "3r 4r 9g W2" --action "match 7r with 3r+4r" \\
               --action "match 9b with 9g" --action end
  dosrules ask --row "7r 9b" --hand "5g 8y 10r" --deck "6b" --before draw --options   # what now?
  dosrules ask --row "7r 9b" --hand "3r 4r 9g" --action "match 7r with 3r+4r" \\
               --under {one}+family.yaml --rulesets ./our-rules          # our own house rules
  dosrules ask --row "7r 3b" --hand 7 --hand 7 --hand 7b --turn 2 --dealer 0 \\
               --action "match 7r with 7b" --action end --next-round   # who deals next?
  dosrules ask FILE --format html -o ruling.html                        # to print or share
  dosrules ask FILE --json

cards: 7r 10y (number + colour b/g/r/y), #g (Wild #, in its printed colour), W2 (Wild DOS);
  a wild played or matched carries its declaration: #g=5, W2=r (a Wild DOS from hand always
  needs its colour, a Wild # its number).
actions: match 7r with 7b | match 7r with 3r+4r | match 5r with 3r+W2=r | draw | place 9b |
  end | call-dos | catch-dos 2 | pass | declare #g=5. Quote anything with a # in a shell.

The answer opens with one plain sentence over every ruleset, then for each ruleset: the verdict
(legal; illegal, with the rule that forbids it; or rule gap, when the ruleset is silent — then
what each reading of the silent rule would give, and which rulesets read it so), what follows,
and the rules whose other readings would change the answer, each with its source clause.
A catch window or a declaration the engine waits for between the asked actions is filled with
the ordinary choice (no catch; the first declaration allowed), and the answer says so.
Rulesets: ids, compositions (EDITION+HOUSE), filled rulesets (EDITION~OTHER) or files.
The scenario file format and the --json shape: docs/disputes/README.md.
"""


def _epilog() -> str:
    from ..ruleset.loader import shipped_ids  # not dosrules.disputes: keep every command's start-up light

    ids = shipped_ids("editions") or ["EDITION"]
    return EPILOG.replace("{two}", ",".join(ids[:2])).replace("{one}", ids[0])


def register(sub) -> None:
    p = sub.add_parser(
        "ask", help="settle a rules dispute: verdict per ruleset, what follows, and the clauses",
        description="Settle a rules dispute. For a scenario file, or a situation given inline, the verdict\n"
                    "under each ruleset (legal, illegal or rule gap), what follows, and the rules that decide\n"
                    "it, with citations; with --options, what the player may do now. Exit code 1 when a\n"
                    "file's expected verdicts disagree with the engine, 2 when the question cannot be asked\n"
                    "as given.",
        epilog=_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", nargs="?", help="a scenario file (see docs/disputes/README.md)")
    p.add_argument("--under", action="append", default=[], metavar="RULESET[,RULESET...]",
                   help="the rulesets to ask under (repeatable, or comma-separated): ids, compositions "
                        "(edition+house), filled rulesets (edition~other) or ruleset files; default: the "
                        "rulesets the scenario names, else every shipped edition and the others it expects")
    add_rulesets_option(p)
    p.add_argument("--options", action="store_true",
                   help="what may the player do now? every legal action in words, and why each other kind "
                        "of action is not allowed (at the position after --before and --action)")
    p.add_argument("-v", "--verbose", action="store_true", help="also list every other rule the engine consulted")
    p.add_argument("--format", choices=["text", "md", "html", "json"], default="text",
                   help="text (default), md (to paste into a chat), html (printable, the position drawn as "
                        "cards) or json")
    p.add_argument("--json", action="store_true", help="the same as --format json")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--lang", metavar="LANG", help="the language of the answer: en, de, ko or eu (default: from "
                                                  "LANGUAGE, LC_ALL or LANG; English for any other); --json keeps "
                                                  "its fields language-neutral")
    inline = p.add_argument_group("inline situation (instead of a file)")
    inline.add_argument("--row", metavar="CARDS", help='the Centre Row, e.g. "7r 9b"')
    inline.add_argument("--hand", action="append", metavar="CARDS", default=[],
                        help="a hand, seat 0 first (repeat for each seat; a number for unknown cards); "
                             "with one hand given, seat 1 holds 7 unknown cards")
    inline.add_argument("--action", action="append", metavar="ACTION", default=[],
                        help="an action asked about (repeat for several), e.g. 'match 7r with 3r+4r'")
    inline.add_argument("--before", action="append", metavar="ACTION", default=[],
                        help="an action already taken this turn (repeat, in order)")
    inline.add_argument("--deck", metavar="CARDS", help='known top cards of the deck, next card first ("" for an empty deck)')
    inline.add_argument("--discard", metavar="CARDS", help="the discard pile")
    inline.add_argument("--turn", type=int, default=0, metavar="SEAT", help="whose turn it is (default 0)")
    inline.add_argument("--players", type=int, metavar="N", help="number of players (default: hands given, at least 2)")
    inline.add_argument("--dealer", type=int, metavar="SEAT", help="who dealt this round (default: the seat before --turn)")
    inline.add_argument("--called", type=int, action="append", metavar="SEAT", default=[],
                        help="a seat that has already called DOS (repeat for several)")
    inline.add_argument("--next-round", action="store_true",
                        help="follow play into the next round's deal: who deals it and who plays first")
    p.set_defaults(handler=_ask)


def _scenario(args):
    from ..disputes import inline_scenario, load_scenario

    given = [o for o in ("row", "deck", "discard", "players", "dealer") if getattr(args, o) is not None]
    given += [o.replace("_", "-") for o in ("hand", "action", "before", "called", "next_round") if getattr(args, o)]
    if args.scenario:
        if given:
            raise UsageError(f"give a scenario file or an inline situation, not both (--{given[0]})",
                             fix="Drop the file name, or the inline options.")
        return load_scenario(args.scenario)
    if not (args.row is not None and args.hand and (args.action or args.options)):
        raise UsageError("nothing to ask", fix="Give a scenario file, or --row, --hand and --action "
                                                "(e.g. --row \"7r 9b\" --hand \"3r 4r 9g W2\" --action \"match 7r with 3r+4r\"), "
                                                "or --row, --hand and --options for what the player may do now.")
    return inline_scenario(row=args.row, hands=args.hand, action=args.action, before=args.before,
                           turn=args.turn, deck=args.deck, discard=args.discard, players=args.players,
                           dealer=args.dealer, called=args.called, follow="next-round" if args.next_round else "round")


def _split_old_rulesets(args) -> None:
    """``--rulesets ID,ID`` was ask's list of rulesets; it now names folders, as in every other
    command. A value that is not a folder is taken the old way, with a deprecation message."""
    folders, old = [], []
    for value in args.rulesets:
        spec_like = "," in value or "+" in value or "/" not in value or value.endswith((".yaml", ".yml"))
        (old if spec_like and not Path(value).is_dir() else folders).append(value)
    if old:
        print(f"dosrules ask: '--rulesets {old[0]}' is deprecated for naming the rulesets to ask under: "
              f"use '--under {old[0]}'. --rulesets now names a folder of extra rulesets, as in every "
              "other command.", file=sys.stderr)
    args.rulesets, args.under = folders, [*args.under, *old]


def _specs(args) -> list[str]:
    specs = [r.strip() for value in args.under for r in value.split(",") if r.strip()]
    if args.under and not specs:
        raise UsageError("--under names no ruleset", fix="Give ruleset ids, compositions or files, e.g. "
                                                          "--under EDITION,EDITION+HOUSE ('dosrules list' shows them).")
    return specs


def _load(scenario, specs: list[str], dirs: tuple[str, ...]):
    """(spec as written, Ruleset) for each ruleset asked under; files in the scenario's own
    ``rulesets`` are read relative to the scenario's folder, those given on the command line as given."""
    from ..disputes import rulesets_for, ruleset

    out = []
    for spec in rulesets_for(scenario, specs):
        where = "--under" if specs else (scenario.file if scenario.rulesets else "--under")
        try:
            out.append((spec, ruleset(spec if specs else scenario.load_spec(spec), dirs)))
        except DosrulesError as err:
            problems = getattr(err, "problems", [err])
            first = problems[0]
            what = f"{first.where}: {first.what}" if first.where else first.what
            raise UsageError(what, where=where, path=first.path,
                             fix=first.fix or "Give ruleset ids ('dosrules list'), compositions like edition+house, "
                                              "filled rulesets like edition~other, or ruleset files.") from None
    return out


def _ask(args) -> int:
    try:
        return _answer(args)
    except DosrulesError as err:  # every bad input to the question: exit 2 (1 means "not as expected")
        err.exit_code = 2
        raise


def _answer(args) -> int:
    from ..disputes import search_dirs_for, shipped_editions
    from .common import ruleset_dirs

    _split_old_rulesets(args)
    if args.json and args.format not in ("text", "json"):
        raise UsageError(f"--json and --format {args.format} ask for two formats", fix="Give one of them.")
    fmt = "json" if args.json else args.format
    from ..lang import choose_language

    lang, note = choose_language(args.lang)
    if note and fmt != "json":
        print(f"dosrules ask: {note}", file=sys.stderr)
    scenario = _scenario(args)
    dirs = search_dirs_for(scenario, ruleset_dirs(args))
    loaded = _load(scenario, _specs(args), dirs)
    if args.options or scenario.asks_options:
        text, code = _options(scenario, loaded, fmt, lang), 0
    else:
        text, code = _verdicts(scenario, loaded, dirs, fmt, args.verbose, shipped_editions(), lang)
    _write(text, args.output, [scenario.file, *(f for _, rs in loaded for f in rs.files)])
    return code


def _verdicts(scenario, loaded, dirs, fmt: str, verbose: bool, editions: list[str], lang: str = "en") -> tuple[str, int]:
    from ..disputes import answer, check, slip_error
    from ..disputes.render import render_html, render_markdown, render_text
    from ..disputes.words import headline, plain_answer

    quick = [answer(scenario, rs, explain=False, spec=spec) for spec, rs in loaded]
    error = slip_error(scenario, quick)  # a notation slip: say so before explaining anything
    if error is not None:
        raise error
    answers = [answer(scenario, rs, spec=spec, search_dirs=dirs) for spec, rs in loaded]
    failures = {}
    for a in answers:
        exp = scenario.expectation(a.spec, a.ruleset)
        if exp is not None:
            failures[a.spec] = check(a, exp)
    code = 1 if any(failures.values()) else 0
    if fmt == "json":
        out = {"scenario": scenario.file, "title": scenario.title, "question": scenario.question,
               "answer": plain_answer(scenario, answers, editions),
               "summary": headline(scenario, answers, editions),
               "answers": [{**a.to_json(), "expected": _expected(scenario, a), "mismatches": failures.get(a.spec, [])}
                           for a in answers]}
        return json.dumps(out, indent=2, ensure_ascii=False) + "\n", code
    render = {"text": render_text, "md": render_markdown, "html": render_html}[fmt]
    return render(scenario, answers, failures, editions, verbose, lang), code


def _expected(scenario, a):
    exp = scenario.expectation(a.spec, a.ruleset)
    return exp.verdict if exp is not None else None


def _options(scenario, loaded, fmt: str, lang: str = "en") -> str:
    from ..disputes.options import options
    from ..disputes.render import render_options_html, render_options_markdown, render_options_text

    opts = [options(scenario, rs, spec) for spec, rs in loaded]
    if fmt == "json":
        return json.dumps({"scenario": scenario.file, "title": scenario.title, "question": scenario.question,
                           "options": [o.to_json() for o in opts]}, indent=2, ensure_ascii=False) + "\n"
    render = {"text": render_options_text, "md": render_options_markdown, "html": render_options_html}[fmt]
    return render(scenario, opts, lang)


def _write(text: str, output: str | None, inputs) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    from .outfile import write_output

    write_output(output, text, option="-o", inputs=[i for i in inputs if i])
    print(f"wrote {output}", file=sys.stderr)
