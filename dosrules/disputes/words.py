"""Actions and answers in the words of the table: "match the 7r with 3r+4r", "Yes — under all
three editions you may …".

:func:`action_words` says one action as the player who takes it would; :func:`headline` opens an
answer with one plain sentence over every ruleset asked (:mod:`.render` prints it first).
"""

from __future__ import annotations

from ..engine.actions import CallDos, CatchDos, Declare, Draw, End, Match, Pass, Place, parse_action
from ..lang.answers import SAY, asks, inside_sentence
from ..lang.values import value_words
from ..lang.refusals import translate
from ..ruleset.cards import NotationError

__all__ = ["action_words", "actions_words", "headline", "plain_answer", "rulesets_phrase", "step_words"]


def action_words(text: str, lang: str = "en") -> str:
    """One action as a player says it: 'match the 7r with 3r+4r', 'put 8g into the Centre Row'
    (other languages: the cards in words, :func:`dosrules.engine.words.action_words`)."""
    if lang != "en":  # the cards as written, as in English
        from ..engine.words import action_words as in_words

        return in_words(text.strip(), lang, notation=True)
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


def step_words(text: str | None, lang: str = "en") -> str:
    """The step a verdict fell on, as the question writes it (English) or in words with the cards
    in notation ('7r mit 7b abdecken'); the start of the turn in words."""
    if text is None or lang == "en":
        return text or ""
    if text in _STARTS:
        return SAY(_STARTS[text], lang)
    from ..engine.words import action_words as in_words

    return in_words(text.strip(), lang, notation=True)


#: The step a rule gap met before any action falls on (:class:`.verdict.Run` ``step``).
START_OF_TURN = "the start of the turn"
START_OF_GAME = "the start of the game"
_STARTS = {START_OF_TURN: "step.start", START_OF_GAME: "step.start-game"}

_PLAIN = {"draw": "draw a card", "pass": "let a missed DOS call go"}


def plain_action_words(text: str, lang: str = "en") -> str:
    """One action with its cards in words: 'match the red 7 with the red 3 and the blue 4'."""
    from ..engine.words import action_words as in_words

    if lang != "en":
        return in_words(text.strip(), lang)
    return _PLAIN.get(text.strip(), in_words(text))


def actions_words(texts, actors=(), you: int | None = None, plain: bool = False, lang: str = "en") -> str:
    """Several actions in order: 'match the 7r with 7b, then end the turn' (``plain``: the cards
    in words, 'match the red 7 with the blue 7'); an action another seat takes (``actors``: the
    seat that took each) names that seat."""
    out = []
    for i, text in enumerate(texts):
        seat = actors[i] if i < len(actors) else you
        words = plain_action_words(text, lang) if plain else action_words(text, lang)
        if seat is not None and you is not None and seat != you:
            words = SAY("seat-may", lang, seat=seat, action=words)
        out.append(words)
    joined = out[0] if out else ""
    for words in out[1:]:
        joined = SAY("then-join", lang, a=joined, b=words)
    return joined


_NUMBERS = {2: "both", 3: "all three", 4: "all four", 5: "all five"}


def rulesets_phrase(specs: list[str], everyone: list[str], editions: list[str], lang: str = "en") -> str:
    """'all three editions', 'both rulesets', 'A and B', 'A'."""
    if len(specs) == len(everyone) and len(specs) > 1:
        noun = "all.editions" if all(s in editions for s in specs) else "all.rulesets"
        n = len(specs)
        count = SAY(f"all.{n}", lang) if f"all.{n}" in SAY.table else SAY("all.n", lang, n=n)
        return SAY(noun, lang, all=count)
    if len(specs) == 1:
        return specs[0]
    return SAY("and", lang, a=", ".join(specs[:-1]), b=specs[-1])


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


def _readings_words(a, lang: str = "en") -> str:
    """'read as X (as A and B do): legal, read as Y: illegal' for the readings of a silent rule."""
    out = []
    for r in a.readings:
        ids = list(dict.fromkeys(rid for rid, _ in r.chosen_by))
        who = SAY("h.read-who" if len(ids) == 1 else "h.read-who.many", lang, who=_names(r.chosen_by, lang)) if ids else ""
        rule = f" ({r.rule})" if r.rule and r.rule != a.silent_rule else ""
        out.append(SAY("h.read", lang, value=value_words(r.value, lang), who=who, verdict=r.verdict if lang == "en" else SAY(f"{r.verdict}.badge", lang),
                       rule=rule))
    return ", ".join(out)


def _names(chosen_by, lang: str = "en") -> str:
    ids = list(dict.fromkeys(rid for rid, _ in chosen_by))
    return ids[0] if len(ids) == 1 else SAY("and", lang, a=", ".join(ids[:-1]), b=ids[-1])


def _deal_words(deal, lang: str = "en") -> str:
    first = (SAY("h.deal-first", lang, seat=deal["first_player"])
             if deal.get("first_player") is not None and not deal.get("by_lot") else "")
    return SAY("h.deal-words", lang, dealer=deal["dealer"], round=deal["round"], first=first)


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _plain_yes(scenario, a, lang: str = "en") -> str:
    """A legal answer in the words of the table, with what the player must do or now risks."""
    if scenario.follows_deal and a.deal:
        return SAY("deals-next", lang, seat=a.deal["dealer"])
    must = ""
    if a.must_call:
        must = (f"you must call DOS now that you hold {_cards(a.must_call['cards'])}: if you don't, another "
                f"player can catch you and you draw {_cards(a.must_call['penalty'])}") if lang == "en" else SAY(
            "must-call", lang, n=a.must_call["cards"], p=a.must_call["penalty"])
    asked = [(t, s) for t, s in zip(scenario.actions, a.actors or [scenario.turn] * len(scenario.actions))
             if not (a.must_call and isinstance(_parsed(t), CallDos))]
    if not asked:
        return must
    words = actions_words([t for t, _ in asked], [s for _, s in asked], scenario.turn, plain=True, lang=lang)
    if asked[0][1] == scenario.turn:  # another seat's action names that seat
        words = SAY("you-may", lang, actions=words)
    if must:
        words = SAY("and-must", lang, words=words, must=must)
    if a.exposed:
        if lang == "en":
            words += (f", but you hold {_cards(a.exposed['cards'])} and have not called DOS: another player can "
                      f"catch you, and then you draw {_cards(a.exposed['penalty'])}")
        else:
            words = SAY("exposed", lang, words=words, n=a.exposed["cards"], p=a.exposed["penalty"])
    return words


def _parsed(text: str):
    try:
        return parse_action(text)
    except NotationError:
        return None


def _plain_gap(a, lang: str = "en") -> str:
    """A silence in the words of the table: what the rules leave open, and who settles it (the
    rule's description in ``lang``, up to its list of readings)."""
    from ..rulebook.render import descriptions

    topic = descriptions(lang).get(a.reason_path or "", "").split(":")[0].rstrip(".").strip()
    if not topic:
        return SAY("gap.plain", lang)
    return SAY("gap", lang, what=SAY("gap.asks" if asks(topic, lang) else "gap.topic", lang,
                                     topic=inside_sentence(topic, lang)))


def _plain_key(scenario, a, lang: str = "en") -> tuple[str, str]:
    if a.slip:
        return "slip", SAY("slip", lang, slip=translate(a.slip, lang))
    if a.verdict == "legal":
        if scenario.follows_deal and a.deal:
            return "yes", _plain_yes(scenario, a, lang)
        return "yes", SAY("yes", lang, words=_plain_yes(scenario, a, lang))
    if a.verdict == "illegal":
        reason = f": {translate(a.reason, lang)}" if a.reason else ""
        return "no", SAY("no", lang, action=plain_action_words(a.step, lang), reason=reason)
    return "gap", _plain_gap(a, lang)


def plain_answer(scenario, answers, editions: list[str], lang: str = "en") -> str:
    """The answer in one sentence a twelve-year-old follows: per group of rulesets that agree,
    yes or no and what it means for the player, or that the table must agree; no rule paths.
    :func:`headline` and the answers' details follow it."""
    if not answers:
        return ""
    everyone = [a.spec or a.ruleset for a in answers]
    groups = _group(answers, lambda a: _plain_key(scenario, a))  # grouped as in English: the same in every language
    order = {"yes": 0, "no": 1, "gap": 2, "slip": 3}
    clauses = []
    for (kind, _), group in sorted(groups.items(), key=lambda item: order[item[0][0]]):
        who = rulesets_phrase([a.spec or a.ruleset for a in group], everyone, editions, lang)
        clauses.append(SAY("under", lang, who=who, words=_plain_key(scenario, group[0], lang)[1]))
    sentence = "; ".join(clauses)
    if len(groups) == 1:  # everyone agrees: the answer first
        words = _plain_key(scenario, answers[0], lang)[1]
        sentence = SAY("everyone", lang, words=words, who=rulesets_phrase(everyone, everyone, editions, lang))
    return (sentence[0].upper() if lang in ("en", "de") else sentence[0]) + sentence[1:] + "."


def headline(scenario, answers, editions: list[str], lang: str = "en") -> str:
    """The answer in one plain sentence, over every ruleset asked."""
    if not answers:
        return ""
    everyone = [a.spec or a.ruleset for a in answers]
    clauses = []
    for (kind, step, path, deal), group in _group(
            answers, lambda a: (_kind(a), a.step, a.reason_path if _kind(a) != "legal" else None,
                                tuple(sorted(a.deal.items())) if a.deal and _kind(a) == "legal" else None)).items():
        who = rulesets_phrase([a.spec or a.ruleset for a in group], everyone, editions, lang)
        first = group[0]
        if kind == "legal":
            if scenario.follows_deal and first.deal:
                clauses.append(("yes", SAY("h.deal", lang, who=who, deal=_deal_words(first.deal, lang))))
            else:
                asked = actions_words(scenario.actions, first.actors, scenario.turn, lang=lang)
                clauses.append(("yes", SAY("h.yes", lang, who=who, actions=asked)))
        elif kind == "illegal":
            same = first.silent_rule == path
            silent = SAY("h.silent", lang, path="" if same else f" ({first.silent_rule})",
                         readings=_readings_words(first, lang)) if first.readings else ""
            clauses.append(("no", SAY("h.no", lang, who=who, action=action_words(step, lang),
                                      before=SAY("h.taken", lang) if first.in_before else "",
                                      reason=translate(first.reason, lang), path=f" ({path})" if path else "",
                                      silent=silent)))
        elif kind == "slip":
            clauses.append(("slip", SAY("h.slip", lang, who=who, slip=translate(first.slip, lang))))
        else:
            rule = f" ({first.reason_path})" if first.reason_path else ""
            then = SAY("h.lot" if kind == "lot" else "h.void", lang)
            read = _readings_words(first, lang)
            clauses.append(("gap", SAY("h.gap.many" if len(group) > 1 else "h.gap", lang, who=who, path=rule,
                                       reason=translate(first.reason, lang), then=then,
                                       read=f"; {read}" if read else "")))
    kinds = {k for k, _ in clauses}
    text = "; ".join(c for _, c in clauses)
    if kinds == {"yes"}:
        lead = SAY("lead.yes", lang) if not scenario.follows_deal else ""
    elif kinds == {"no"}:
        lead = SAY("lead.no", lang)
    elif kinds == {"gap"}:
        lead = SAY("lead.gap", lang)
    else:
        lead = SAY("lead.depends", lang)
    sentence = lead + text
    return sentence[0].upper() + sentence[1:] + ("" if sentence.endswith(".") else ".")
