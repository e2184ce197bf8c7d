"""Actions and answers in the words of the table: "match the 7r with 3r+4r", "Yes — under all
three editions you may …".

:func:`action_words` says one action as the player who takes it would; :func:`headline` opens an
answer with one plain sentence over every ruleset asked (:mod:`.render` prints it first).
"""

from __future__ import annotations

from ..engine.actions import CallDos, CatchDos, Declare, Draw, End, Match, Pass, Place, parse_action
from ..ruleset.cards import NotationError

__all__ = ["action_words", "actions_words", "headline", "plain_answer", "rulesets_phrase"]


def action_words(text: str) -> str:
    """One action as a player says it: 'match the 7r with 3r+4r', 'put 8g into the Centre Row'."""
    try:
        a = parse_action(text)
    except NotationError:
        return f"'{text}'"
    if isinstance(a, Match):  # as the question writes it (the engine orders the two cards its own way)
        return "match the " + " ".join(text.split())[len("match "):]
    if isinstance(a, Draw):
        return "draw a card"
    if isinstance(a, Place):
        return f"put {a.card} into the Centre Row"
    if isinstance(a, End):
        return "end the turn"
    if isinstance(a, CallDos):
        return "call DOS"
    if isinstance(a, CatchDos):
        return f"catch seat {a.seat} not calling DOS"
    if isinstance(a, Pass):
        return "let a missed DOS call go"
    if isinstance(a, Declare):
        return f"declare {a.card}"
    return f"'{text}'"


_PLAIN = {"draw": "draw a card", "pass": "let a missed DOS call go"}


def plain_action_words(text: str) -> str:
    """One action with its cards in words: 'match the red 7 with the red 3 and the blue 4'."""
    from ..engine.words import action_words as in_words

    return _PLAIN.get(text.strip(), in_words(text))


def actions_words(texts, actors=(), you: int | None = None, plain: bool = False) -> str:
    """Several actions in order: 'match the 7r with 7b, then end the turn' (``plain``: the cards
    in words, 'match the red 7 with the blue 7'); an action another seat takes (``actors``: the
    seat that took each) names that seat."""
    out = []
    for i, text in enumerate(texts):
        seat = actors[i] if i < len(actors) else you
        words = plain_action_words(text) if plain else action_words(text)
        if seat is not None and you is not None and seat != you:
            words = f"seat {seat} may " + words
        out.append(words)
    return ", then ".join(out)


_NUMBERS = {2: "both", 3: "all three", 4: "all four", 5: "all five"}


def rulesets_phrase(specs: list[str], everyone: list[str], editions: list[str]) -> str:
    """'all three editions', 'both rulesets', 'A and B', 'A'."""
    if len(specs) == len(everyone) and len(specs) > 1:
        noun = "editions" if all(s in editions for s in specs) else "rulesets"
        return f"{_NUMBERS.get(len(specs), f'all {len(specs)}')} {noun}"
    if len(specs) == 1:
        return specs[0]
    return ", ".join(specs[:-1]) + f" and {specs[-1]}"


def _group(answers, key):
    groups: dict = {}
    for a in answers:
        groups.setdefault(key(a), []).append(a)
    return groups


def _kind(a) -> str:
    if a.slip:
        return "slip"
    if a.verdict == "rule-gap":
        return "lot" if a.settled_by_lot else "gap"
    return a.verdict


def _readings_words(a) -> str:
    """'read as X (as A and B do): legal, read as Y: illegal' for the readings of a silent rule."""
    out = []
    for r in a.readings:
        ids = list(dict.fromkeys(rid for rid, _ in r.chosen_by))
        who = f" (as {_names(r.chosen_by)} {'does' if len(ids) == 1 else 'do'})" if ids else ""
        rule = f" ({r.rule})" if r.rule and r.rule != a.silent_rule else ""
        out.append(f"read as {r.value}{who}: {r.verdict}{rule}")
    return ", ".join(out)


def _names(chosen_by) -> str:
    ids = list(dict.fromkeys(rid for rid, _ in chosen_by))
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + f" and {ids[-1]}"


def _deal_words(deal) -> str:
    first = (f" and seat {deal['first_player']} plays first"
             if deal.get("first_player") is not None and not deal.get("by_lot") else "")
    return f"seat {deal['dealer']} deals round {deal['round']}{first}"


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _plain_yes(scenario, a) -> str:
    """A legal answer in the words of the table, with what the player must do or now risks."""
    if scenario.follows_deal and a.deal:
        return f"seat {a.deal['dealer']} deals the next round"
    must = ""
    if a.must_call:
        must = (f"you must call DOS now that you hold {_cards(a.must_call['cards'])}: if you don't, another "
                f"player can catch you and you draw {_cards(a.must_call['penalty'])}")
    asked = [(t, s) for t, s in zip(scenario.actions, a.actors or [scenario.turn] * len(scenario.actions))
             if not (a.must_call and isinstance(_parsed(t), CallDos))]
    if not asked:
        return must
    words = actions_words([t for t, _ in asked], [s for _, s in asked], scenario.turn, plain=True)
    if asked[0][1] == scenario.turn:  # another seat's action names that seat
        words = f"you may {words}"
    if must:
        words += f", and {must}"
    if a.exposed:
        words += (f", but you hold {_cards(a.exposed['cards'])} and have not called DOS: another player can "
                  f"catch you, and then you draw {_cards(a.exposed['penalty'])}")
    return words


def _parsed(text: str):
    try:
        return parse_action(text)
    except NotationError:
        return None


_QUESTION_WORDS = ("who ", "whether ", "what ", "which ", "how ", "when ")


def _plain_gap(a) -> str:
    """A silence in the words of the table: what the rules leave open, and who settles it (the
    schema's description of the silent rule, up to its list of readings)."""
    from ..rulebook.render import schema_descriptions

    text = schema_descriptions().get(a.reason_path or "", "")
    head = text.split(":")[0].rstrip(".").strip()
    head = head[:1].lower() + head[1:]
    if not head:
        said = "the rules don't say"
    elif head.startswith(_QUESTION_WORDS):
        said = f"the rules don't say {head}"
    else:
        said = f"the rules don't say anything about {head}"
    return f"{said}, so agree on it at your table before you play on"


def _plain_key(scenario, a) -> tuple[str, str]:
    if a.slip:
        return "slip", f"the question does not arise ({a.slip})"
    if a.verdict == "legal":
        lead = "" if scenario.follows_deal and a.deal else "yes, "
        return "yes", lead + _plain_yes(scenario, a)
    if a.verdict == "illegal":
        reason = f": {a.reason}" if a.reason else ""
        return "no", f"no, you may not {plain_action_words(a.step)}{reason}"
    return "gap", _plain_gap(a)


def plain_answer(scenario, answers, editions: list[str]) -> str:
    """The answer in one sentence a twelve-year-old follows: per group of rulesets that agree,
    yes or no and what it means for the player, or that the table must agree; no rule paths.
    :func:`headline` and the answers' details follow it."""
    if not answers:
        return ""
    everyone = [a.spec or a.ruleset for a in answers]
    groups = _group(answers, lambda a: _plain_key(scenario, a))
    order = {"yes": 0, "no": 1, "gap": 2, "slip": 3}
    clauses = []
    for (kind, words), group in sorted(groups.items(), key=lambda item: order[item[0][0]]):
        who = rulesets_phrase([a.spec or a.ruleset for a in group], everyone, editions)
        clauses.append(f"under {who}, {words}")
    sentence = "; ".join(clauses)
    if len(groups) == 1:  # everyone agrees: the answer first
        kind, words = next(iter(groups))
        sentence = f"{words} (under {rulesets_phrase(everyone, everyone, editions)})"
    return sentence[0].upper() + sentence[1:] + "."


def headline(scenario, answers, editions: list[str]) -> str:
    """The answer in one plain sentence, over every ruleset asked."""
    if not answers:
        return ""
    everyone = [a.spec or a.ruleset for a in answers]
    clauses = []
    for (kind, step, path, deal), group in _group(
            answers, lambda a: (_kind(a), a.step, a.reason_path if _kind(a) != "legal" else None,
                                tuple(sorted(a.deal.items())) if a.deal and _kind(a) == "legal" else None)).items():
        who = rulesets_phrase([a.spec or a.ruleset for a in group], everyone, editions)
        first = group[0]
        if kind == "legal":
            if scenario.follows_deal and first.deal:
                clauses.append(("yes", f"under {who} {_deal_words(first.deal)}"))
            else:
                asked = actions_words(scenario.actions, first.actors, scenario.turn)
                clauses.append(("yes", f"under {who} you may {asked}"))
        elif kind == "illegal":
            same = first.silent_rule == path
            silent = (f" — but the rules don't say{'' if same else f' ({first.silent_rule})'}: "
                      f"{_readings_words(first)}" if first.readings else "")
            clauses.append(("no", f"under {who} you may not {action_words(step)}"
                                  + (" (the question takes it as done)" if first.in_before else "")
                                  + f": {first.reason}" + (f" ({path})" if path else "") + silent))
        elif kind == "slip":
            clauses.append(("slip", f"under {who} the question does not arise: {first.slip}"))
        else:
            rule = f" ({first.reason_path})" if first.reason_path else ""
            then = "the table decides (the engine draws by lot)" if kind == "lot" else "the round is void"
            read = _readings_words(first)
            clauses.append(("gap", f"{who} {'do' if len(group) > 1 else 'does'} not say{rule} — "
                                   f"{first.reason}; {then}" + (f"; {read}" if read else "")))
    kinds = {k for k, _ in clauses}
    text = "; ".join(c for _, c in clauses)
    if kinds == {"yes"}:
        lead = "Yes — " if not scenario.follows_deal else ""
    elif kinds == {"no"}:
        lead = "No — "
    elif kinds == {"gap"}:
        lead = "The rules don't say — "
    else:
        lead = "It depends on the rules: "
    sentence = lead + text
    return sentence[0].upper() + sentence[1:] + ("" if sentence.endswith(".") else ".")
