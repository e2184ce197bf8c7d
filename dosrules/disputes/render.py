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
from ..lang.answers import SAY
from ..lang.refusals import translate
from .verdict import Answer, deal_text
from ..lang.values import phase_words, status_words, value_words
from .words import action_words, headline, plain_answer, rulesets_phrase, step_words

__all__ = ["render_text", "render_markdown", "render_html", "render_options_text", "render_options_markdown",
           "render_options_html", "position_lines", "answer_parts", "options_parts", "template_words"]


def position_lines(scenario, lang: str = "en") -> list[str]:
    """The scenario's position in lines of card notation."""
    cards = lambda cs, empty="pos.empty": " ".join(map(str, cs)) or SAY(empty, lang)  # noqa: E731
    if scenario.new_game:
        draw = SAY("new-game.draw", lang, cards=" ".join(map(str, scenario.dealer_draw))) if scenario.dealer_draw else ""
        return [SAY("new-game", lang, n=scenario.players, draw=draw)]
    lines = [SAY("pos.row", lang, cards=cards(scenario.row), seat=scenario.turn)]
    for seat, hand in enumerate(scenario.hands):
        lines.append(SAY("pos.seat", lang, seat=seat, cards=SAY("pos.unknown", lang, n=hand) if isinstance(hand, int)
                         else cards(hand, "pos.none")))
    if scenario.deck_exact is not None:
        lines.append(SAY("pos.deck-exact", lang, cards=cards(scenario.deck_exact)))
    elif scenario.deck_top or scenario.deck_size is not None:
        size = SAY("pos.deck-size", lang, n=scenario.deck_size) if scenario.deck_size is not None else ""
        lines.append(SAY("pos.deck-top", lang, cards=cards(scenario.deck_top, "pos.unknown-top"), size=size))
    if scenario.discard:
        lines.append(SAY("pos.discard", lang, cards=cards(scenario.discard)))
    if scenario.called:
        lines.append(SAY("pos.called", lang, seats=", ".join(map(str, scenario.called))))
    if scenario.before:
        lines.append(SAY("pos.before", lang, actions="; ".join(step_words(s, lang) for s in scenario.before)))
    if scenario.actions:
        lines.append(SAY("pos.asked", lang, actions="; ".join(step_words(s, lang) for s in scenario.actions),
                         next=SAY("pos.asked-next", lang) if scenario.follow == "next-round" else ""))
    else:
        lines.append(SAY("pos.asked-options", lang))
    return lines


def _verdict_head(a: Answer, lang: str = "en") -> str:
    if a.slip:
        return SAY("head.slip", lang, step=a.step, slip=translate(a.slip, lang))
    head = SAY(a.verdict, lang)
    if a.verdict != "legal":
        head += SAY("head.at", lang, step=step_words(a.step, lang)) + (SAY("head.before", lang) if a.in_before else "")
    if a.verdict == "rule-gap" and a.reason_path:
        head += SAY("head.silent", lang, path=a.reason_path)
    if a.reason:
        head += f": {translate(a.reason, lang)}"
    if a.settled_by_lot:
        head += SAY("head.lot", lang)
    return head


def _after_line(a: Answer, lang: str = "en") -> str | None:
    af = a.after
    if not af:
        return None
    covered = SAY("then.covered", lang, cards=" ".join(af["covered"])) if af["covered"] else ""
    hands = "; ".join(SAY("then.holds", lang, seat=s, n=len(h)) for s, h in af["hands"].items())
    return SAY("then", lang, row=" ".join(af["row"]) or SAY("pos.empty", lang), covered=covered, hands=hands,
               deck=af["deck"], phase=phase_words(af["phase"], lang), seat=af["to_act"])


def _follows(a: Answer, lang: str = "en") -> list[str]:
    """The events that follow, without the position's own start of turn."""
    events = list(zip(a.lines(lang), a.kinds))
    if events and events[0][1] == "turn":
        events = events[1:]
    return [e for e, _ in events]


def _otherwise(a: Answer, r, lang: str = "en") -> tuple:
    """What each other reading of a deciding rule gives (the silent rule's are in ``readings``)."""
    return () if r.path == a.silent_rule and a.readings else r.otherwise_in(lang)


def _citation(r, lang: str) -> str:
    if r.source is None and r.status == "unspecified":
        return SAY("silent-source", lang)
    return r.citation()


def _reason_lines(a: Answer, r, lang: str = "en") -> list[str]:
    lines = [f"{r.path} = {value_words(r.value, lang)} [{status_words(r.status, lang)}] {_citation(r, lang)}"]
    if r.counted:
        lines.append(f"  ({SAY('counted', lang)})")
    lines += ["  " + SAY("with", lang, value=value_words(value, lang), what=what) for value, what in _otherwise(a, r, lang)]
    return lines


def _expected_line(scenario, a: Answer, failures, lang: str = "en") -> str | None:
    exp = scenario.expectation(a.spec or a.ruleset, a.ruleset)
    if exp is None:
        return None
    bad = failures.get(a.spec or a.ruleset)
    how = SAY("expected.ok", lang) if not bad else SAY("expected.bad", lang, what="; ".join(bad))
    verdict = exp.verdict if lang == "en" else SAY(f"{exp.verdict}.badge", lang)
    return SAY("expected", lang, verdict=verdict, how=how)


def _scores(a: Answer, lang: str) -> str:
    return "; ".join(SAY("scores", lang, seat=s, points=p) for s, p in a.scored.items())


def render_text(scenario, answers: list[Answer], failures: dict, editions: list[str], verbose: bool = False,
                lang: str = "en") -> str:
    out = [scenario.title_in(lang), f"  {scenario.question_in(lang)}"]
    out += [f"  {line}" for line in position_lines(scenario, lang)]
    out += ["", plain_answer(scenario, answers, editions, lang), "", headline(scenario, answers, editions, lang)]
    for a in answers:
        out += ["", f"{a.spec or a.ruleset}: {_verdict_head(a, lang)}"]
        if a.slip_fix and a.slip:
            out.append(f"  {a.slip_fix}")
        for note in a.filled:
            out.append("  " + SAY("label.filled", lang, text=translate(note, lang)))
        follows = _follows(a, lang)
        if follows:
            out.append("  " + SAY("label.follows", lang))
            out += [f"    {e}" for e in follows]
        after = _after_line(a, lang)
        if after:
            out.append(f"  {after}")
        if a.deal:
            out.append("  " + SAY("label.deal", lang, text=deal_text(a.deal, lang)))
        if a.scored:
            out.append("  " + SAY("label.scores", lang, text=_scores(a, lang)))
        if a.legal_instead:
            shown = [step_words(s, lang) for s in a.legal_instead[:8]]
            more = SAY("instead.more", lang, n=len(a.legal_instead)) if len(a.legal_instead) > 8 else ""
            out.append("  " + SAY("label.instead", lang, actions=", ".join(shown), more=more))
        if a.readings:
            out.append("  " + SAY("label.readings", lang, path=a.silent_rule))
            for r in a.readings:
                out.append(f"    {value_words(r.value, lang)}: {r.summary_in(lang)}")
                chosen = "; ".join(f"{rid} ({cite})" for rid, cite in r.chosen_by)
                out.append("      " + SAY("chosen-by", lang, who=chosen or SAY("nobody", lang)))
        if a.rules:
            out.append("  " + SAY("label.decided", lang))
            for r in a.rules:
                out += [f"    {line}" for line in _reason_lines(a, r, lang)]
        if verbose:
            rest = [p for p in a.consulted if p not in {r.path for r in a.rules}]
            if rest:
                out.append("  " + SAY("label.consulted", lang, paths=", ".join(rest)))
        for note in a.notes:
            out.append("  " + SAY("label.note", lang, text=translate(note, lang)))
        expected = _expected_line(scenario, a, failures, lang)
        if expected:
            out.append(f"  {expected}")
    return "\n".join(out) + "\n"


# --- Markdown -----------------------------------------------------------------------------------


def _md_quote(r, lang: str = "en") -> str:
    if r.source is None:
        return f"`{r.path}` = {md(value_words(r.value, lang))} ({md(_citation(r, lang))})"
    return f"`{r.path}` = {md(value_words(r.value, lang))} — {md(r.source)} {md(r.section)}:\n  > {md(r.quote)}"


def _md_head(scenario, lang: str = "en") -> list[str]:
    """Title, question and position; the text of the scenario and its rulesets is literal
    (``ruleset.text.markdown_text``), the position a code block of card notation."""
    return ([f"## {md(scenario.title_in(lang))}", "", f"*{md(scenario.question_in(lang))}*", "", "```"] + position_lines(scenario, lang)
            + ["```", ""])


def render_markdown(scenario, answers: list[Answer], failures: dict, editions: list[str], verbose: bool = False,
                    lang: str = "en") -> str:
    out = _md_head(scenario, lang)
    out += [f"**{md(plain_answer(scenario, answers, editions, lang))}**", "",
            md(headline(scenario, answers, editions, lang)), ""]
    for a in answers:
        out.append(f"### {md(a.spec or a.ruleset)}: {md(_verdict_head(a, lang))}")
        out.append("")
        for note in a.filled:
            out.append(f"- {md(SAY('label.filled', lang, text=translate(note, lang)))}")
        follows = _follows(a, lang)
        if follows:
            out += [SAY("Label.follows", lang), ""] + [f"1. {e}" for e in follows] + [""]
        if a.scored:
            out += [SAY("Label.scores", lang, text=_scores(a, lang)), ""]
        if a.readings:
            out += [SAY("Label.readings", lang, path=f"`{a.silent_rule}`"), ""]
            for r in a.readings:
                chosen = ", ".join(rid for rid, _ in r.chosen_by) or SAY("nobody", lang)
                out.append(f"- **{md(value_words(r.value, lang))}** ({SAY('chosen-by.md', lang, who=chosen)}): {r.summary_in(lang)}")
            out.append("")
        if a.rules:
            out += [SAY("Label.decided", lang), ""]
            for r in a.rules:
                out.append(f"- {_md_quote(r, lang)}")
                if r.counted:
                    out.append(f"  - {SAY('counted', lang)}")
                out += ["  - " + SAY("with", lang, value=value_words(v, lang), what=w) for v, w in _otherwise(a, r, lang)]
            out.append("")
        if verbose:
            rest = [p for p in a.consulted if p not in {r.path for r in a.rules}]
            if rest:
                out += [SAY("Label.consulted", lang, paths=", ".join(f"`{p}`" for p in rest)), ""]
        if a.notes:
            out += [f"- {md(SAY('label.note', lang, text=translate(note, lang)))}" for note in a.notes] + [""]
        expected = _expected_line(scenario, a, failures, lang)
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
    env.filters["id"] = id
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


def cards_html(cards, lang: str = "en") -> str:
    """Cards (notation strings or card values) drawn in a row; a count draws that many backs."""
    if isinstance(cards, int):
        return "".join('<span class="card back"></span>' for _ in range(min(cards, 12))) + (
            f' <span class="count">{SAY("html.n-cards", lang, n=cards)}</span>' if cards
            else f'<span class="count">{SAY("html.no-cards", lang)}</span>')
    items = [str(c) for c in cards]
    return "".join(card_html(c) for c in items) or f'<span class="count">{SAY("html.none", lang)}</span>'


def _position(scenario, lang: str = "en") -> dict:
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
            "before": [step_words(s, lang) for s in scenario.before],
            "actions": [step_words(s, lang) for s in scenario.actions], "follow": scenario.follow}


def template_words(lang: str) -> dict:
    """The helpers a ruling's template says things with in ``lang``: ``say`` (the answers' phrases),
    ``cite`` (a rule's citation), ``value`` and ``status`` (a rule's value and provenance in words)."""
    return {"say": lambda key, **f: SAY(key, lang, **f), "cite": lambda r: _citation(r, lang),
            "value": lambda v: value_words(v, lang), "status": lambda s: status_words(s, lang)}


def answer_parts(scenario, answers: list[Answer], failures: dict, lang: str = "en", verbose: bool = False) -> list[dict]:
    """Each answer with its parts said in ``lang``: the verdict's sentence (``head``), what follows,
    the other readings of each deciding rule, the notes, the readings' outcomes."""
    items = []
    for a in answers:
        items.append({"a": a, "head": _verdict_head(a, lang), "follows": _follows(a, lang),
                      "otherwise": {r.path: _otherwise(a, r, lang) for r in a.rules},
                      "expected": _expected_line(scenario, a, failures, lang),
                      "filled": [translate(n, lang) for n in a.filled], "notes": [translate(n, lang) for n in a.notes],
                      "readings": [(r, r.summary_in(lang)) for r in a.readings],
                      "rest": [p for p in a.consulted if p not in {r.path for r in a.rules}] if verbose else []})
    return items


def render_html(scenario, answers: list[Answer], failures: dict, editions: list[str], verbose: bool = False,
                lang: str = "en") -> str:
    return _env().get_template("ruling.html.j2").render(
        scenario=scenario, position=_position(scenario, lang), plain=plain_answer(scenario, answers, editions, lang),
        headline=headline(scenario, answers, editions, lang), answers=answer_parts(scenario, answers, failures, lang, verbose),
        options=None, lang=lang, **template_words(lang))


# --- what may I do now? ---------------------------------------------------------------------------


def _gap_words(opt, lang: str = "en") -> str:
    return SAY("o.gap", lang, path=opt.gap) if opt.gap else ""


def _kind_citation(k, lang: str = "en") -> str | None:
    """The citation of the rule that forbids a kind of action, in ``lang``."""
    return SAY("silent-source", lang) if k.citation == "the source is silent" else k.citation


def _why_not_words(k, lang: str = "en") -> str:
    cite = _kind_citation(k, lang)
    rule = f" ({k.path}: {cite})" if k.path and cite else (f" ({k.path})" if k.path else "")
    return f"{translate(k.why_not, lang)}{rule}"


def _title(k, lang: str) -> str:
    return k.title if lang == "en" else SAY(f"kind.{k.kind}", lang)


def _option_words(opt, lang: str) -> str:
    """What a legal match is ('double match; double colour match: …'), each part in ``lang``."""
    if lang == "en":
        return opt.words
    if not opt.action.startswith("match "):  # an action other than a match is said by its words alone
        return step_words(opt.action, lang)
    return "; ".join(translate(part, lang) for part in opt.words.split("; "))


def _option_lines(o, lang: str = "en") -> list[str]:
    if o.blocked:
        return [f"  {o.blocked_in(lang)}"]
    out = []
    for k in o.kinds:
        title = _title(k, lang)
        if not k.allowed:
            out.append("  " + SAY("o.no", lang, title=title, why=_why_not_words(k, lang)))
        elif k.kind == "match":
            ways = SAY("o.ways", lang, n=len(k.allowed)) if len(k.allowed) > 1 else ""
            out.append("  " + SAY("o.yes", lang, title=title, ways=ways))
            out += [f"    {step_words(opt.action, lang)} — {_option_words(opt, lang)}{_gap_words(opt, lang)}"
                    for opt in k.allowed]
        elif len(k.allowed) == 1:
            opt = k.allowed[0]
            out.append("  " + SAY("o.one", lang, title=title, action=step_words(opt.action, lang),
                                  gap=_gap_words(opt, lang)))
        else:
            out.append("  " + SAY("o.any", lang, title=title,
                                  actions=", ".join(f"'{step_words(opt.action, lang)}'" for opt in k.allowed)))
            out += [f"    '{step_words(opt.action, lang)}'{_gap_words(opt, lang)}" for opt in k.allowed if opt.gap]
    return out


def _options_head(scenario, opts, lang: str = "en") -> list[str]:
    """'What may seat 0 do now?' and the answer in a sentence: the kinds of action each ruleset allows."""
    seats = {o.seat for o in opts if o.seat is not None}
    who = SAY("o.who", lang, seat=next(iter(seats))) if len(seats) == 1 else SAY("o.who-any", lang)
    groups: dict[tuple, list[str]] = {}
    for o in opts:
        key = ("blocked",) if o.blocked else tuple(_title(k, lang) for k in o.kinds if k.allowed)
        groups.setdefault(key, []).append(o.spec)
    everyone = [o.spec for o in opts]
    parts = []
    for key, specs in groups.items():
        names = rulesets_phrase(specs, everyone, [], lang)
        if key == ("blocked",):
            parts.append(SAY("o.blocked", lang, who=names))
        else:
            kinds = key[0] if key else ""
            for title in key[1:]:
                kinds = SAY("o.or", lang, a=kinds, b=title)
            parts.append(SAY("o.kinds", lang, who=names, kinds=kinds or SAY("o.nothing", lang)))
    sentence = "; ".join(parts)
    if sentence and lang in ("en", "de", "eu"):
        sentence = sentence[0].upper() + sentence[1:]
    return [SAY("o.question", lang, who=who), sentence + "." if sentence else ""]


def render_options_text(scenario, opts, lang: str = "en") -> str:
    out = [scenario.title_in(lang), f"  {scenario.question_in(lang)}"]
    out += [f"  {line}" for line in position_lines(scenario, lang)]
    out += [""] + [line for line in _options_head(scenario, opts, lang) if line]
    for o in opts:
        out += ["", SAY("o.head", lang, spec=o.spec, seat=o.seat, phase=phase_words(o.phase, lang)) if not o.blocked
                else f"{o.spec}:"]
        out += ["  " + SAY("label.filled", lang, text=translate(note, lang)) for note in o.filled]
        out += _option_lines(o, lang)
    return "\n".join(out) + "\n"


def render_options_markdown(scenario, opts, lang: str = "en") -> str:
    out = _md_head(scenario, lang)
    head = _options_head(scenario, opts, lang)
    out += [f"**{md(head[0])}** {md(head[1])}", ""]
    for o in opts:
        out += [f"### {md(o.spec)}", ""]
        out += [f"- {md(SAY('label.filled', lang, text=translate(note, lang)))}" for note in o.filled]
        for line in _option_lines(o, lang):
            depth = (len(line) - len(line.lstrip())) // 2 - 1
            out.append("  " * depth + "- " + line.strip())
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def options_parts(opts, lang: str = "en") -> dict:
    """What "what may I do now?" says in ``lang``, by ``id`` of the object: each kind's ``titles``,
    ``why`` not and ``cites`` (the forbidding rule's citation), each option's ``words`` (what it
    is) and ``acts`` (the action in words), each ruleset's ``blocked`` sentence."""
    return {"titles": {id(k): _title(k, lang) for o in opts for k in o.kinds},
            "why": {id(k): translate(k.why_not, lang) for o in opts for k in o.kinds},
            "cites": {id(k): _kind_citation(k, lang) for o in opts for k in o.kinds},
            "words": {id(opt): _option_words(opt, lang) for o in opts for k in o.kinds for opt in k.allowed},
            "acts": {id(opt): step_words(opt.action, lang) for o in opts for k in o.kinds for opt in k.allowed},
            "blocked": {id(o): o.blocked_in(lang) for o in opts}}


def render_options_html(scenario, opts, lang: str = "en") -> str:
    return _env().get_template("ruling.html.j2").render(
        scenario=scenario, position=_position(scenario, lang), headline=" ".join(_options_head(scenario, opts, lang)),
        answers=[], options=opts, lang=lang, say=lambda key, **f: SAY(key, lang, **f), **options_parts(opts, lang))
