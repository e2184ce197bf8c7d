"""``dosrules ask``: settle a rules dispute — the verdict per ruleset, what follows, and why.

    dosrules ask docs/disputes/failed-draw-costs-a-card.yaml
    dosrules ask --row "7r 9b" --hand "3r 4r 9g W2" --action "match 7r with 3r+4r"

Exit code 0, or 1 when a scenario file's ``expect`` disagrees with the engine.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import UsageError


EPILOG = """\
examples:
  dosrules ask docs/disputes/failed-draw-costs-a-card.yaml
  dosrules ask docs/disputes/who-deals-next.yaml --rulesets {two}
  dosrules ask --row "7r 9b" --hand "3r 4r 9g W2" --action "match 7r with 3r+4r"
  dosrules ask --row "7r 9b" --hand "3r 4r 9g W2" --action "match 7r with 3r+4r" \\
               --action "match 9b with 9g" --action end
  dosrules ask --row "7r 9b" --hand "5g 8y 10r" --deck "6b" --action draw --action "place 8y"
  dosrules ask --row "7r 3b" --hand 7 --hand 7 --hand 7b --turn 2 --dealer 0 \\
               --action "match 7r with 7b" --action end --next-round   # who deals next?
  dosrules ask FILE --json

cards: 7r 10y (number + colour b/g/r/y), #g (Wild #, in its printed colour), W2 (Wild DOS);
  a wild played or matched in the row carries its declaration: #g=5, W2=r.
actions: match 7r with 7b | match 7r with 3r+4r | match 5r with 3r+W2=r | draw | place 9b |
  end | call-dos | catch-dos 2 | pass | declare #g=5. Quote anything with a # in a shell.

For each ruleset: the verdict (legal; illegal, with the rule that forbids it; or rule gap, when
the edition is silent), what follows (events, the row and hands after, draws, bonuses,
penalties, scores, the next deal), and the deciding rules with their source clauses. The
scenario file format and the --json shape: docs/disputes/README.md.
"""


def _epilog() -> str:
    from ..ruleset.loader import shipped_ids  # not dosrules.disputes: keep every command's start-up light

    ids = shipped_ids("editions") or ["EDITION"]
    return EPILOG.replace("{two}", ",".join(ids[:2]))


def register(sub) -> None:
    p = sub.add_parser(
        "ask", help="settle a rules dispute: verdict per ruleset, what follows, and the clauses",
        description="Settle a rules dispute. For a scenario file, or a situation given inline, the verdict\n"
                    "under each ruleset (legal, illegal or rule gap), what follows, and the rules the engine\n"
                    "consulted that decided it, with citations. Exit code 1 when a file's expected verdicts\n"
                    "disagree with the engine.",
        epilog=_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", nargs="?", help="a scenario file (see docs/disputes/README.md)")
    p.add_argument("--rulesets", metavar="ID,ID,...",
                   help="a comma-separated list of ruleset ids or compositions (EDITION+HOUSE) to ask "
                        "under — ids, not a folder ('dosrules list' shows them); default: every shipped "
                        "edition, then the others the file expects")
    p.add_argument("--json", action="store_true", help="print the answers as JSON")
    inline = p.add_argument_group("inline situation (instead of a file)")
    inline.add_argument("--row", metavar="CARDS", help='the Centre Row, e.g. "7r 9b"')
    inline.add_argument("--hand", action="append", metavar="CARDS", default=[],
                        help="a hand, seat 0 first (repeat for each seat; a number for unknown cards); "
                             "with one hand given, seat 1 holds 7 unknown cards")
    inline.add_argument("--action", action="append", metavar="ACTION", default=[],
                        help="an action asked about (repeat for several), e.g. 'match 7r with 3r+4r'")
    inline.add_argument("--before", action="append", metavar="ACTION", default=[],
                        help="an action already taken this turn (repeat, in order)")
    inline.add_argument("--deck", metavar="CARDS", help="known top cards of the deck, next card first")
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
    if not (args.row is not None and args.hand and args.action):
        raise UsageError("nothing to ask", fix="Give a scenario file, or --row, --hand and --action "
                                                "(e.g. --row \"7r 9b\" --hand \"3r 4r 9g W2\" --action \"match 7r with 3r+4r\").")
    return inline_scenario(row=args.row, hands=args.hand, action=args.action, before=args.before,
                           turn=args.turn, deck=args.deck, discard=args.discard, players=args.players,
                           dealer=args.dealer, called=args.called, follow="next-round" if args.next_round else "round")


def _rulesets(args) -> list[str] | None:
    if not args.rulesets:
        return None
    from ..ruleset.loader import resolve

    ids = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    for rid in ids:
        problems = resolve(rid).problems
        if problems:
            raise UsageError(problems[0].what, where="--rulesets",
                             fix="Give ruleset ids ('dosrules list'), compositions like edition+house or "
                                 "filled rulesets like edition~other, separated by commas.")
    return ids


def _ask(args) -> int:
    from ..disputes import answer, check, rulesets_for
    from ..ruleset.loader import load_ruleset

    scenario = _scenario(args)
    answers = [answer(scenario, load_ruleset(r)) for r in rulesets_for(scenario, _rulesets(args))]
    failures = {a.ruleset: check(a, scenario.expect[a.ruleset]) for a in answers if a.ruleset in scenario.expect}
    if args.json:
        out = {"scenario": scenario.file, "title": scenario.title, "question": scenario.question,
               "answers": [{**a.to_json(), "expected": scenario.expect[a.ruleset].verdict
                            if a.ruleset in scenario.expect else None,
                            "mismatches": failures.get(a.ruleset, [])} for a in answers]}
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(render_text(scenario, answers, failures))
    return 1 if any(failures.values()) else 0


def _position(scenario) -> list[str]:
    if scenario.new_game:
        draw = (f"; drawn for first dealer, seat 0 first: {' '.join(map(str, scenario.dealer_draw))}"
                if scenario.dealer_draw else "")
        return [f"a new game of {scenario.players} players{draw}"]
    lines = [f"row: {' '.join(map(str, scenario.row)) or '(empty)'}; seat {scenario.turn} to play"]
    for seat, hand in enumerate(scenario.hands):
        lines.append(f"seat {seat}: " + (f"{hand} unknown cards" if isinstance(hand, int)
                                         else " ".join(map(str, hand)) or "(no cards)"))
    if scenario.deck_exact is not None:
        lines.append(f"deck (top first): {' '.join(map(str, scenario.deck_exact)) or '(empty)'}")
    elif scenario.deck_top or scenario.deck_size is not None:
        size = f", {scenario.deck_size} cards" if scenario.deck_size is not None else ""
        lines.append(f"deck top: {' '.join(map(str, scenario.deck_top)) or '(unknown)'}{size}")
    if scenario.discard:
        lines.append(f"discard: {' '.join(map(str, scenario.discard))}")
    if scenario.called:
        lines.append(f"called DOS: seat(s) {', '.join(map(str, scenario.called))}")
    if scenario.before:
        lines.append(f"already this turn: {'; '.join(scenario.before)}")
    lines.append(f"asked: {'; '.join(scenario.actions)}"
                 + (" (and who deals the next round)" if scenario.follow == "next-round" else ""))
    return lines


def render_text(scenario, answers, failures) -> str:
    from ..disputes.verdict import deal_text

    out = [scenario.title, f"  {scenario.question}"]
    out += [f"  {line}" for line in _position(scenario)]
    for a in answers:
        out.append("")
        head = f"{a.ruleset}: {a.verdict.upper()}"
        if a.verdict != "legal":
            head += f" at '{a.step}'" + (" (already this turn)" if a.in_before else "")
        if a.reason:
            head += f": {a.reason}"
        if a.settled_by_lot:
            head += " (the source is silent; the table decides, and the round is not void)"
        out.append(head)
        if a.events:
            out.append("  what follows:")
            out += [f"    {e}" for e in a.events]
        if a.after:
            af = a.after
            covered = f" (matched, to be discarded: {' '.join(af['covered'])})" if af["covered"] else ""
            out.append(f"  then: row {' '.join(af['row']) or '(empty)'}{covered}; "
                       + "; ".join(f"seat {s} holds {len(h)}" for s, h in af["hands"].items())
                       + f"; deck {af['deck']}; phase {af['phase']}, seat {af['to_act']} to act")
        if a.deal:
            out.append(f"  deal: {deal_text(a.deal)}")
        if a.scored:
            out.append("  scores: " + "; ".join(f"seat {s} scores {p}" for s, p in a.scored.items()))
        if a.legal_instead:
            shown = a.legal_instead[:8]
            more = f" ... ({len(a.legal_instead)} in all)" if len(a.legal_instead) > 8 else ""
            out.append(f"  legal instead: {', '.join(shown)}{more}")
        if a.rules:
            out.append("  decided by:")
            for r in a.rules:
                out.append(f"    {r.path} = {r.value} [{r.status}] {r.citation()}")
                for value, what in r.otherwise:
                    out.append(f"      with {value}: {what}")
        rest = [p for p in a.consulted if p not in {r.path for r in a.rules}]
        if rest:
            out.append(f"  also consulted: {', '.join(rest)}")
        for note in a.notes:
            out.append(f"  note: {note}")
        if a.ruleset in scenario.expect:
            bad = failures.get(a.ruleset)
            exp = scenario.expect[a.ruleset].verdict
            out.append(f"  expected {exp}: " + ("as expected" if not bad else "NOT AS EXPECTED — " + "; ".join(bad)))
    return "\n".join(out) + "\n"
