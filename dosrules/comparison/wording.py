"""The comparison in a player's words: cards, actions, divergence witnesses and citations.

The verifier and the engine speak in the card notation (``W2=b``, ``#y=2``, ``match 7r with
3r+4b``); a report also says it as a sentence ("match the red 7 with the red 3 and the blue 4")
and, in HTML, draws each card as a small picture (:func:`card_html`).
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from markupsafe import Markup, escape

from ..engine.words import action_words, card_words, join_words
from ..ruleset.cards import Kind, NotationError, parse_declared

__all__ = ["card_words", "action_words", "witness_sentence", "citation_text", "card_html", "cards_html",
           "actions_html", "join_words"]

_COLOURS = {"b": "blue", "g": "green", "r": "red", "y": "yellow"}


def _merge_declarations(actions: Sequence[str]) -> list[str]:
    """Actions that differ only by a wild's declaration, said once: "match the Wild DOS (as blue,
    green, red or yellow) with the yellow Wild # as 2" for four matches."""
    groups: dict[str, list[str]] = {}
    for text in actions:
        key = text
        for colour in _COLOURS:
            key = key.replace(f"W2={colour}", "W2=?")
        groups.setdefault(key, []).append(text)
    out = []
    for key, members in groups.items():
        if len(members) == 1 or "W2=?" not in key:
            out.extend(action_words(m) for m in members)
            continue
        colours = [_COLOURS[m.split("W2=")[1][0]] for m in members]
        words = action_words(key.replace("W2=?", "W2"))
        out.append(words.replace("the Wild DOS", f"the Wild DOS (as {join_words(colours, 'or')})", 1))
    return out


_OUTCOME_PARTS = {
    "row": "the Centre Row then holds {} cards",
    "place_cards": "the player puts {} card(s) in the Centre Row",
    "others_draw": "every other player draws {}",
}


def _gap_words(outcome: Any) -> str:
    if outcome is None or outcome == "gap":
        return "the rules are silent"
    gaps = outcome.get("gaps", []) if isinstance(outcome, Mapping) else []
    return f"play reaches a rule gap ({', '.join(gaps)})" if gaps else "play goes on"


def _outcomes(oa: Any, ob: Any, a: str, b: str) -> str:
    """How the outcomes differ: "the Centre Row then holds 2 cards under A and 3 under B"."""
    if isinstance(oa, Mapping) and isinstance(ob, Mapping) and "gaps" not in oa and "gaps" not in ob:
        parts = [_OUTCOME_PARTS.get(k, k + " {}").format(oa.get(k)) + f" under {a} and {ob.get(k)} under {b}"
                 for k in dict.fromkeys([*oa, *ob]) if oa.get(k) != ob.get(k)]
        return join_words(parts)
    return f"under {a} {_gap_words(oa)}, under {b} {_gap_words(ob)}"


def witness_sentence(w: Mapping[str, Any], a: str, b: str) -> str:
    """A divergence witness as one sentence a player can follow."""
    pos = w["position"]
    row = join_words([card_words(c) for c in pos["row"]])
    hand = join_words([card_words(c) for c in pos["hand"]])
    when = "after drawing" if pos["phase"] == "after-draw" else "at the start of a turn"
    matched = ""
    if pos.get("matched"):
        done = [card_words(pos["row"][i], "the") for i in pos["matched"] if i < len(pos["row"])]
        matched = f", having matched {join_words(done)} already"
    text = f"In a {w['players']}-player game, with {row} in the Centre Row and {hand} in hand {when}{matched}: "
    parts = []
    if w["only_a"]:
        parts.append(f"only under {a} may you {join_words(_merge_declarations(w['only_a']), 'or')}")
    if w["only_b"]:
        parts.append(f"only under {b} may you {join_words(_merge_declarations(w['only_b']), 'or')}")
    oa, ob = w.get("outcome_a"), w.get("outcome_b")
    if oa != ob:
        then = _outcomes(oa, ob, a, b)
        parts.append(f"if you {action_words(w['action'])}, {then}" if w.get("action") else then)
    return text + "; ".join(parts) + "."


def citation_text(cite: Mapping[str, Any] | None) -> str:
    """``“quote” — Title, §section``: the source by its title, not its file name."""
    if not cite:
        return ""
    title = cite.get("title") or cite.get("file") or cite.get("source") or ""
    quote = f"“{cite['quote']}” — " if cite.get("quote") else ""
    return f"{quote}{title}, §{cite['section']}"


# --- cards as pictures (HTML) --------------------------------------------------------------------

def card_html(text: str) -> Markup:
    """A card as a small inline picture (an HTML span styled by the report's CSS), with its
    words as a tooltip; unknown notation is shown as code."""
    star = text.endswith("*")
    try:
        d = parse_declared(text.rstrip("*"))
    except NotationError:
        return Markup("<code>{}</code>").format(text)
    card = d.card
    if card.kind is Kind.NUMBER:
        cls, face, corner = card.colour.value, str(card.number), ""
    elif card.kind is Kind.WILD_NUMBER:
        cls, face, corner = card.colour.value, "#", "" if d.value is None else str(d.value)
    else:  # a Wild DOS declared a colour wears it as a stripe
        cls, face, corner = "wild" + ("" if d.colour is None else f" as-{d.colour.value}"), "DOS", ""
    mark = " matched" if star else ""
    corner_html = Markup('<sub>{}</sub>').format(corner) if corner else ""
    return Markup('<span class="card {}{}" title="{}">{}{}</span>').format(
        cls, mark, card_words(text.rstrip("*")), face, corner_html)


def cards_html(cards: Sequence[str]) -> Markup:
    return Markup(" ").join(card_html(c) for c in cards) if cards else Markup("<i>none</i>")


def actions_html(actions: Sequence[str]) -> Markup:
    """Each action with its cards drawn: ``match`` [7r] ``with`` [3r]+[4b]."""
    out = []
    for text in actions:
        parts = []
        for token in re.split(r"(\s+|\+)", text):
            try:
                parts.append(card_html(token) if token.strip() and token != "+" and parse_declared(token) else
                             escape(token))
            except NotationError:
                parts.append(escape(token))
        out.append(Markup("").join(parts))
    return Markup("; ").join(out)
