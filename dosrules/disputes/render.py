"""Answers as text for the terminal, Markdown for a group chat, and HTML to print (the position
drawn as cards); the same for "what may I do now?" (:mod:`.options`).

Every format opens with the plain sentence of :func:`.words.headline`, then per ruleset the
verdict, what follows, the readings of a silent rule with who chooses which, and the reasons: the
rules whose other readings would change the answer, each with its clause. What else the engine
consulted is listed only when asked (``verbose``).
"""

from __future__ import annotations

import html as _html
from functools import lru_cache
from pathlib import Path

from ..ruleset.cards import Kind, parse_declared
from ..ruleset.text import markdown_text as md
from .verdict import Answer, deal_text
from .words import headline, plain_answer, rulesets_phrase

__all__ = ["render_text", "render_markdown", "render_html", "render_options_text", "render_options_markdown",
           "render_options_html", "position_lines"]


def position_lines(scenario) -> list[str]:
    """The scenario's position in lines of card notation."""
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
    if scenario.actions:
        lines.append(f"asked: {'; '.join(scenario.actions)}"
                     + (" (and who deals the next round)" if scenario.follow == "next-round" else ""))
    else:
        lines.append("asked: what may the player do now?")
    return lines


def _verdict_head(a: Answer) -> str:
    if a.slip:
        return f"THE QUESTION DOES NOT ARISE at '{a.step}': {a.slip}"
    head = {"legal": "LEGAL", "illegal": "ILLEGAL", "rule-gap": "RULE GAP"}[a.verdict]
    if a.verdict != "legal":
        head += f" at '{a.step}'" + (" (already this turn)" if a.in_before else "")
    if a.verdict == "rule-gap" and a.reason_path:
        head += f" — the rules don't say ({a.reason_path})"
    if a.reason:
        head += f": {a.reason}"
    if a.settled_by_lot:
        head += " (the table decides; the engine draws by lot and the round is not void)"
    return head


def _after_line(a: Answer) -> str | None:
    af = a.after
    if not af:
        return None
    covered = f" (matched, to be discarded: {' '.join(af['covered'])})" if af["covered"] else ""
    return (f"then: row {' '.join(af['row']) or '(empty)'}{covered}; "
            + "; ".join(f"seat {s} holds {len(h)}" for s, h in af["hands"].items())
            + f"; deck {af['deck']}; phase {af['phase']}, seat {af['to_act']} to act")


def _follows(a: Answer) -> list[str]:
    """The events that follow, without the position's own start of turn."""
    events = list(zip(a.events, a.kinds))
    if events and events[0][1] == "turn":
        events = events[1:]
    return [e for e, _ in events]


def _otherwise(a: Answer, r) -> tuple:
    """What each other reading of a deciding rule gives (the silent rule's are in ``readings``)."""
    return () if r.path == a.silent_rule and a.readings else r.otherwise


def _reason_lines(a: Answer, r) -> list[str]:
    lines = [f"{r.path} = {r.value} [{r.status}] {r.citation()}"]
    if r.counted:
        lines.append("  (no ruleset reads it otherwise; the answer is counted with this number)")
    lines += [f"  with {value}: {what}" for value, what in _otherwise(a, r)]
    return lines


def _expected_line(scenario, a: Answer, failures) -> str | None:
    exp = scenario.expectation(a.spec or a.ruleset, a.ruleset)
    if exp is None:
        return None
    bad = failures.get(a.spec or a.ruleset)
    return f"expected {exp.verdict}: " + ("as expected" if not bad else "NOT AS EXPECTED — " + "; ".join(bad))


def render_text(scenario, answers: list[Answer], failures: dict, editions: list[str], verbose: bool = False) -> str:
    out = [scenario.title, f"  {scenario.question}"]
    out += [f"  {line}" for line in position_lines(scenario)]
    out += ["", plain_answer(scenario, answers, editions), "", headline(scenario, answers, editions)]
    for a in answers:
        out += ["", f"{a.spec or a.ruleset}: {_verdict_head(a)}"]
        if a.slip_fix and a.slip:
            out.append(f"  {a.slip_fix}")
        for note in a.filled:
            out.append(f"  filled in: {note}")
        follows = _follows(a)
        if follows:
            out.append("  what follows:")
            out += [f"    {e}" for e in follows]
        after = _after_line(a)
        if after:
            out.append(f"  {after}")
        if a.deal:
            out.append(f"  deal: {deal_text(a.deal)}")
        if a.scored:
            out.append("  scores: " + "; ".join(f"seat {s} scores {p}" for s, p in a.scored.items()))
        if a.legal_instead:
            shown = a.legal_instead[:8]
            more = f" ... ({len(a.legal_instead)} in all)" if len(a.legal_instead) > 8 else ""
            out.append(f"  legal instead: {', '.join(shown)}{more}")
        if a.readings:
            out.append(f"  the rules don't say ({a.silent_rule}); under each reading:")
            for r in a.readings:
                out.append(f"    {r.value}: {r.summary}")
                chosen = "; ".join(f"{rid} ({cite})" for rid, cite in r.chosen_by)
                out.append(f"      chosen by: {chosen or 'no shipped ruleset'}")
        if a.rules:
            out.append("  decided by:")
            for r in a.rules:
                out += [f"    {line}" for line in _reason_lines(a, r)]
        if verbose:
            rest = [p for p in a.consulted if p not in {r.path for r in a.rules}]
            if rest:
                out.append(f"  also consulted: {', '.join(rest)}")
        for note in a.notes:
            out.append(f"  note: {note}")
        expected = _expected_line(scenario, a, failures)
        if expected:
            out.append(f"  {expected}")
    return "\n".join(out) + "\n"


# --- Markdown -----------------------------------------------------------------------------------


def _md_quote(r) -> str:
    if r.source is None:
        return f"`{r.path}` = {r.value} ({md(r.citation())})"
    return f"`{r.path}` = {r.value} — {md(r.source)} {md(r.section)}:\n  > {md(r.quote)}"


def _md_head(scenario) -> list[str]:
    """Title, question and position; the text of the scenario and its rulesets is literal
    (``ruleset.text.markdown_text``), the position a code block of card notation."""
    return [f"## {md(scenario.title)}", "", f"*{md(scenario.question)}*", "", "```"] + position_lines(scenario) + ["```", ""]


def render_markdown(scenario, answers: list[Answer], failures: dict, editions: list[str], verbose: bool = False) -> str:
    out = _md_head(scenario)
    out += [f"**{md(plain_answer(scenario, answers, editions))}**", "", md(headline(scenario, answers, editions)), ""]
    for a in answers:
        out.append(f"### {md(a.spec or a.ruleset)}: {md(_verdict_head(a))}")
        out.append("")
        for note in a.filled:
            out.append(f"- filled in: {md(note)}")
        follows = _follows(a)
        if follows:
            out += ["What follows:", ""] + [f"1. {e}" for e in follows] + [""]
        if a.scored:
            out += ["Scores: " + "; ".join(f"seat {s} scores {p}" for s, p in a.scored.items()), ""]
        if a.readings:
            out += [f"The rules don't say (`{a.silent_rule}`). Under each reading:", ""]
            for r in a.readings:
                chosen = ", ".join(rid for rid, _ in r.chosen_by) or "no shipped ruleset"
                out.append(f"- **{r.value}** (chosen by {chosen}): {r.summary}")
            out.append("")
        if a.rules:
            out += ["Decided by:", ""]
            for r in a.rules:
                out.append(f"- {_md_quote(r)}")
                if r.counted:
                    out.append("  - no ruleset reads it otherwise; the answer is counted with this number")
                out += [f"  - with {v}: {w}" for v, w in _otherwise(a, r)]
            out.append("")
        if verbose:
            rest = [p for p in a.consulted if p not in {r.path for r in a.rules}]
            if rest:
                out += [f"Also consulted: {', '.join(f'`{p}`' for p in rest)}", ""]
        if a.notes:
            out += [f"- note: {md(note)}" for note in a.notes] + [""]
        expected = _expected_line(scenario, a, failures)
        if expected:
            out += [f"*{expected}*", ""]
    return "\n".join(out).rstrip() + "\n"


# --- HTML ---------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _env():
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    env = Environment(loader=FileSystemLoader(str(Path(__file__).with_name("templates"))),
                      autoescape=select_autoescape(["html", "j2"]), trim_blocks=True, lstrip_blocks=True)
    env.filters["cards"] = cards_html
    return env


_COLOURS = {"r": "red", "b": "blue", "g": "green", "y": "yellow"}


def card_html(text: str) -> str:
    """One card drawn as a small face: its number (or #, or 2 for a Wild DOS), in its colour."""
    try:
        d = parse_declared(text)
    except ValueError:
        return f'<span class="card unknown">{_html.escape(text)}</span>'
    card = d.card
    if card.kind is Kind.NUMBER:
        return f'<span class="card {card.colour.value}" title="{text}">{card.number}</span>'
    if card.kind is Kind.WILD_NUMBER:
        label = f"#<small>={d.value}</small>" if d.value is not None else "#"
        return f'<span class="card wild-number {card.colour.value}" title="Wild # {text}">{label}</span>'
    colour = f" declared-{d.colour.value}" if d.colour is not None else ""
    return f'<span class="card wild-dos{colour}" title="Wild DOS {text}">2</span>'


def cards_html(cards) -> str:
    """Cards (notation strings or card values) drawn in a row; a count draws that many backs."""
    if isinstance(cards, int):
        return "".join('<span class="card back"></span>' for _ in range(min(cards, 12))) + (
            f' <span class="count">{cards} cards</span>' if cards else '<span class="count">no cards</span>')
    items = [str(c) for c in cards]
    return "".join(card_html(c) for c in items) or '<span class="count">(none)</span>'


def _position(scenario) -> dict:
    if scenario.new_game:
        return {"new_game": True, "players": scenario.players,
                "dealer_draw": [str(c) for c in scenario.dealer_draw]}
    deck = None
    if scenario.deck_exact is not None:
        deck = {"cards": [str(c) for c in scenario.deck_exact], "exact": True}
    elif scenario.deck_top or scenario.deck_size is not None:
        deck = {"cards": [str(c) for c in scenario.deck_top], "size": scenario.deck_size, "exact": False}
    return {"new_game": False, "turn": scenario.turn, "row": [str(d) for d in scenario.row],
            "hands": [h if isinstance(h, int) else [str(c) for c in h] for h in scenario.hands],
            "deck": deck, "discard": [str(c) for c in scenario.discard], "called": list(scenario.called),
            "before": list(scenario.before), "actions": list(scenario.actions), "follow": scenario.follow}


def render_html(scenario, answers: list[Answer], failures: dict, editions: list[str], verbose: bool = False) -> str:
    items = []
    for a in answers:
        items.append({"a": a, "head": _verdict_head(a), "follows": _follows(a),
                      "otherwise": {r.path: _otherwise(a, r) for r in a.rules},
                      "expected": _expected_line(scenario, a, failures),
                      "rest": [p for p in a.consulted if p not in {r.path for r in a.rules}] if verbose else []})
    return _env().get_template("ruling.html.j2").render(
        scenario=scenario, position=_position(scenario), plain=plain_answer(scenario, answers, editions),
        headline=headline(scenario, answers, editions), answers=items, options=None)


# --- what may I do now? ---------------------------------------------------------------------------


def _gap_words(opt) -> str:
    return f" — the rules don't say ({opt.gap}): the round would be void" if opt.gap else ""


def _why_not_words(k) -> str:
    rule = f" ({k.path}: {k.citation})" if k.path and k.citation else (f" ({k.path})" if k.path else "")
    return f"{k.why_not}{rule}"


def _option_lines(o) -> list[str]:
    if o.blocked:
        return [f"  {o.blocked}"]
    out = []
    for k in o.kinds:
        if not k.allowed:
            out.append(f"  {k.title}: no — {_why_not_words(k)}")
        elif k.kind == "match":
            out.append(f"  {k.title}: yes" + (f" ({len(k.allowed)} ways)" if len(k.allowed) > 1 else ""))
            out += [f"    {opt.action} — {opt.words}{_gap_words(opt)}" for opt in k.allowed]
        elif len(k.allowed) == 1:
            opt = k.allowed[0]
            out.append(f"  {k.title}: yes — '{opt.action}'{_gap_words(opt)}")
        else:
            out.append(f"  {k.title}: yes, any of: " + ", ".join(f"'{opt.action}'" for opt in k.allowed))
            out += [f"    '{opt.action}'{_gap_words(opt)}" for opt in k.allowed if opt.gap]
    return out


def _options_head(scenario, opts) -> list[str]:
    """'What may seat 0 do now?' and the answer in a sentence: the kinds of action each ruleset allows."""
    seats = {o.seat for o in opts if o.seat is not None}
    who = f"seat {next(iter(seats))}" if len(seats) == 1 else "the player to act"
    groups: dict[tuple, list[str]] = {}
    for o in opts:
        key = ("blocked",) if o.blocked else tuple(k.title for k in o.kinds if k.allowed)
        groups.setdefault(key, []).append(o.spec)
    everyone = [o.spec for o in opts]
    parts = []
    for key, specs in groups.items():
        names = rulesets_phrase(specs, everyone, [])
        if key == ("blocked",):
            parts.append(f"under {names} the position is not reached")
        else:
            parts.append(f"under {names}: {' or '.join(key) if key else 'nothing'}")
    sentence = "; ".join(parts)
    return [f"What may {who} do now?", sentence[0].upper() + sentence[1:] + "." if sentence else ""]


def render_options_text(scenario, opts) -> str:
    out = [scenario.title, f"  {scenario.question}"]
    out += [f"  {line}" for line in position_lines(scenario)]
    out += [""] + [line for line in _options_head(scenario, opts) if line]
    for o in opts:
        out += ["", f"{o.spec}: seat {o.seat} to act (phase {o.phase})" if not o.blocked else f"{o.spec}:"]
        out += [f"  filled in: {note}" for note in o.filled]
        out += _option_lines(o)
    return "\n".join(out) + "\n"


def render_options_markdown(scenario, opts) -> str:
    out = _md_head(scenario)
    head = _options_head(scenario, opts)
    out += [f"**{md(head[0])}** {md(head[1])}", ""]
    for o in opts:
        out += [f"### {md(o.spec)}", ""]
        out += [f"- filled in: {md(note)}" for note in o.filled]
        for line in _option_lines(o):
            depth = (len(line) - len(line.lstrip())) // 2 - 1
            out.append("  " * depth + "- " + line.strip())
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def render_options_html(scenario, opts) -> str:
    return _env().get_template("ruling.html.j2").render(
        scenario=scenario, position=_position(scenario), headline=" ".join(_options_head(scenario, opts)),
        answers=[], options=opts)
