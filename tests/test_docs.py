"""Rule documents: every rule value reaches the text, in every language; examples, sheets, CLI."""

from __future__ import annotations

import dataclasses
import enum
import re
import typing

import pytest

from dosrules import load_ruleset
from dosrules.ruleset import model
from dosrules.cli import main
from dosrules.rulebook import languages, open_question, render_against, render_rulebook
from dosrules.rulebook.facts import match_examples
from dosrules.rulebook.render import schema_descriptions, translated_descriptions
from tools.rulebooks import REGENERATE, stale_rulebooks
from dosrules.errors import UsageError
from dosrules.ruleset.model import UNSPECIFIED, rule_paths
from dosrules.ruleset.readings import OPEN_PATHS
from dosrules.ruleset.text import markdown_text

BASE = load_ruleset("mattel-2018")


def with_rule(node, path: str, value):
    """A copy of a Rules (or rule group) with the value at ``path`` replaced."""
    head, _, rest = path.partition(".")
    new = value if not rest else with_rule(getattr(node, head), rest, value)
    return dataclasses.replace(node, **{head: new})


def _hint(path: str):
    *groups, leaf = path.split(".")
    cls = model.Rules
    for name in groups:
        cls = typing.get_type_hints(cls, vars(model))[name]
    return typing.get_type_hints(cls, vars(model))[leaf]


def variants(rules: model.Rules, path: str) -> list:
    """Other values the rule at ``path`` may take (every enum member, both flags, unspecified)."""
    value, hint = rules.get(path), _hint(path)
    allows_unspecified = model._Unspecified in typing.get_args(hint)
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if m is not value]
    if isinstance(value, tuple):
        return [value[:-1]]
    if isinstance(value, typing.Mapping):
        first = min(value)
        return [model.freeze({**value, first: value[first] + 1})]
    if value is UNSPECIFIED:
        return [True, False] if bool in typing.get_args(hint) else [1, 3]
    out = [not value] if isinstance(value, bool) else [value + 1]
    return out + ([UNSPECIFIED] if allows_unspecified else [])


def render_with(path: str, value, lang: str) -> str:
    ruleset = dataclasses.replace(BASE, rules=with_rule(BASE.rules, path, value))
    return render_rulebook(ruleset, lang=lang)


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("path", rule_paths())
def test_every_rule_value_is_rendered(path, lang):
    """Changing any rule changes the rulebook, and every value of a rule reads differently."""
    base = render_rulebook(BASE, lang=lang)
    texts = {repr(BASE.rules.get(path)): base}
    for value in variants(BASE.rules, path):
        text = render_with(path, value, lang)
        assert text != base, f"{lang}: the rulebook does not change when {path} becomes {value!r}"
        texts[repr(value)] = text
    assert len(set(texts.values())) == len(texts), f"{lang}: two values of {path} render the same text"


def test_languages_include_the_four_of_the_sources():
    assert {"en", "de", "ko", "eu"} <= set(languages())


@pytest.mark.parametrize("lang", sorted(set(languages()) - {"en"}))
def test_rule_descriptions_are_translated_and_current(lang):
    """Every language's descriptions.yaml covers every rule, translating the schema's current text
    (``ask`` says a silence with it, ``play`` a refusal's rule and a gap's question)."""
    translated = translated_descriptions(lang)
    english = schema_descriptions()
    assert sorted(set(english) - set(translated)) == [], "untranslated rule descriptions"
    stale = [p for p in english if translated[p]["source"] != english[p]]
    assert stale == [], f"re-translate these: the schema's description changed ({stale})"


def test_german_rulebook():
    text = render_rulebook(BASE, lang="de", players=3)
    for phrase in ("# DOS nach der Mattel-Anleitung 2018 (FRM36)", "## Die Karten", "> **Vor dem Spiel klären**",
                   "Mittelreihe", "## Abdecken", "Wer zuerst 200 Punkte erreicht, gewinnt das Spiel.",
                   "Joker # als 6", "| Blau |", "Es spielen 2 bis 4 Personen.", "Die Regeln von DOS für 3 Spieler.",
                   "blaue 5 + Joker 2 als blaue 2", "eine blaue 1, eine grüne 10, ein Joker 2 und ein gelber Joker #"):
        assert phrase in text
    for english in ("Centre Row", "## The cards", "points", "Wild DOS", "Wild #"):
        assert english not in text
    # matching is "abdecken"; "ablegen" belongs to the discard pile (Ablagestapel)
    assert "ablegen" not in text.lower() and "abgelegt" not in text and "eines Joker " not in text


@pytest.mark.parametrize("lang", ["de", "ko", "eu"])
@pytest.mark.parametrize("edition", ["mattel-2018", "digest-2017", "german"])
def test_translated_rulebooks_keep_rule_paths_and_codes_out_of_the_body(edition, lang):
    """The body (before the appendix and the citations) names no rule path, card code or enum
    value; an English note is printed as the reason, marked as English."""
    ruleset = load_ruleset(edition)
    text = render_rulebook(ruleset, lang=lang, cite=True)
    body = text.split("\n## ")[:-2]  # the appendix and the citations come last
    body = "\n## ".join(body)
    assert not [p for p in rule_paths() if p in body], edition
    assert not re.search(r"`(?:\d+[bgry]|#[bgry]|W2)`|\b(?:W2=|#[bgry]=)", body)
    codes = {v for p in rule_paths() for v in _enum_values(p)} - {"unspecified"}
    assert not [c for c in codes if f" {c} " in body or f"({c}" in body]
    notes = {markdown_text(ruleset.provenance_of(p).note_in(lang)) for p in rule_paths() if ruleset.provenance_of(p).note}
    assert notes and [n for n in notes if n not in text] == []  # every reason, in the reader's language if given
    assert "Mit Begründung im Regelsatz" not in text
    # every shipped note is translated: none is printed in English, nor marked as English only
    english = {markdown_text(ruleset.provenance_of(p).note_in("en")) for p in rule_paths() if ruleset.provenance_of(p).note}
    assert not [n for n in english if n in text], f"{edition}: a note left in English in the {lang} rulebook"
    assert not [m for m in ENGLISH_ONLY.values() if m in text]


#: how each language marks a reason the ruleset gives in English only
ENGLISH_ONLY = {"de": "(im Regelsatz nur englisch)", "ko": "(규칙 파일에 영어로만 있음)",
                "eu": "(arau-fitxategian ingelesez bakarrik)"}


def test_every_shipped_note_is_translated():
    """Every note of a shipped ruleset (a reason the rulebooks print) is given in every language."""
    from dosrules.ruleset.loader import shipped_rulesets
    specs = [s.id if s.kind == "edition" else f"mattel-2018+{s.id}" for s in shipped_rulesets()]
    missing = [(spec, path, lang) for spec in specs for path, prov in load_ruleset(spec).provenance.items()
               if prov.note for lang in languages() if not prov.note_translated(lang)]
    assert len(specs) >= 9 and missing == []
    titles = [(spec, src.key, lang) for spec in specs for src in load_ruleset(spec).sources
              for lang in languages() if src.titles is None or not src.titles.has(lang)]
    assert titles == []  # the sources' titles, which the citations list, too


@pytest.mark.parametrize("lang", ["de", "ko", "eu"])
def test_sources_are_listed_in_the_readers_language(lang):
    from dosrules.ruleset.dump import dump_ruleset
    ruleset = load_ruleset("german")
    text = render_rulebook(ruleset, lang=lang, cite=True)
    for src in ruleset.sources:
        assert markdown_text(src.title_in(lang)) in text and src.title not in text
    dumped = dump_ruleset(ruleset)
    assert all(src.title_in(lang) in dumped for src in ruleset.sources)  # kept through a dump


@pytest.mark.parametrize("lang", sorted(set(languages()) - {"en"}))
def test_translated_descriptions_name_no_enum_value_nor_rule_path(lang):
    codes = {v for p in rule_paths() for v in _enum_values(p)} - {"unspecified"}
    paths = set(rule_paths()) | {p.split(".")[0] for p in rule_paths()}
    for path, entry in translated_descriptions(lang).items():
        assert not [c for c in codes if f" {c}" in entry["text"] or f"({c}" in entry["text"]], path
        assert not [p for p in paths if "_" in p and p in entry["text"]], path


def _enum_values(path: str) -> list[str]:
    hint = _hint(path)
    return [m.value for m in hint] if isinstance(hint, type) and issubclass(hint, enum.Enum) else []


@pytest.mark.parametrize("lang, lot, void, off, moot", [
    ("en", "A program settles it by lot and plays on.", "a program ends the round void, nobody scoring",
     "A program plays without a DOS call", "Play never reaches this here (see `dos_call.required`)."),
    ("de", "Ein Programm entscheidet es per Los und spielt weiter.", "bricht ein Programm die Runde ohne Wertung ab",
     "Ein Programm spielt ohne DOS-Ruf", "Kommt nach diesen Regeln im Spiel nicht vor (siehe `dos_call.required`)."),
])
def test_open_rules_say_what_play_does_at_each_silence(lang, lot, void, off, moot):
    """Who plays first is settled by lot; the deck running out voids the round; the translated
    page's silence on the DOS call switches the call off, and so its penalty never arises."""
    def item(text, path):
        return next(line for line in text.splitlines() if f"(`{path}`)" in line)
    digest = render_rulebook(load_ruleset("digest-2017"), lang=lang)
    assert lot in item(digest, "setup.first_player") and lot in item(digest, "setup.direction")
    assert void in item(digest, "deck_exhaustion")
    assert off in item(digest, "dos_call.required")
    assert moot in item(digest, "dos_call.catch_penalty")
    assert "stops the round" not in digest and "bricht die Runde ab, wenn" not in digest


def test_no_rule_is_stated_without_a_source():
    """No source gives the direction of play: the rulebook asks it before play rather than
    saying "to the left", and the text points to the question once."""
    for lang, box, question in (("en", "Settle before you play", "Which way does play pass"),
                                ("de", "Vor dem Spiel klären", "In welche Richtung wird gespielt"),
                                ("ko", "게임 전에 정하기", "차례는 어느 쪽으로 돕니까"),
                                ("eu", "Jokatu aurretik erabaki", "Zein noranzkotan doa jokoa")):
        text = render_rulebook(BASE, lang=lang)
        boxed = _box(text)
        assert f"> **{box}**" in text and any(q.startswith(question) for q in boxed)
        setup = text.split("\n## ")[2]  # the cards, then setting up
        assert f"→ {box}: " in setup
    rules_en = render_rulebook(BASE).split("> **Settle before you play**")[0]
    assert "to the left" not in rules_en


def _box(text: str) -> list[str]:
    """The questions of the "settle before you play" box, in order."""
    return [re.sub(r"\[\^\d+\]", "", line.split(". ", 1)[1]) for line in text.splitlines()
            if re.match(r"^> \d+\. ", line)]


@pytest.mark.parametrize("lang", languages())
def test_open_rules_are_asked_once_each(lang):
    text = render_rulebook(BASE, lang=lang)
    open_paths = [p for p in rule_paths() if model.is_unspecified(BASE.rules.get(p))]
    assert open_paths
    assert _box(text) == [open_question(p, BASE.rules, lang) for p in open_paths]
    assert all(q.endswith("?") or q.endswith(".)") for q in _box(text))


@pytest.mark.parametrize("lang", languages())
def test_every_rule_that_may_be_open_has_its_question(lang):
    questions = {p: open_question(p, BASE.rules, lang) for p in OPEN_PATHS}
    assert len(set(questions.values())) == len(questions), "two open rules share a question"


def test_cite_adds_footnotes_with_inferred_notes():
    plain, cited = render_rulebook(BASE), render_rulebook(BASE, cite=True)
    assert "[^" not in plain
    note = BASE.provenance_of("refill.bonus_cards").note
    assert note and note in cited and note not in plain
    assert "Inferred (`refill.bonus_cards`" in cited


# --- worked examples ---------------------------------------------------------------------------


def _labels(matches):
    return [" + ".join(f"{p.kind}:{p.value}" for p in m.parts) for m in matches]


def test_every_double_match_against_a_seven():
    ex = match_examples(BASE.rules)
    assert str(ex.target) == "7b"
    assert _labels(ex.singles) == ["number:7", "wild-number:7"]
    assert sorted(_labels(ex.doubles)) == sorted([
        "number:1 + number:6", "number:3 + number:4",
        "number:1 + wild-number:6", "number:3 + wild-number:4", "number:4 + wild-number:3",
        "number:5 + wild-number:2", "number:6 + wild-number:1", "number:5 + wild-dos:2",
        "wild-dos:2 + wild-number:5",
        "wild-number:1 + wild-number:6", "wild-number:2 + wild-number:5", "wild-number:3 + wild-number:4",
    ])
    assert {m.colour_bonus for m in ex.doubles} == {"yes"}
    assert "| 5 + Wild DOS (2) | blue 5 + Wild DOS as a blue 2 |" in render_rulebook(BASE)


def test_examples_follow_the_wild_dos_value_and_the_deck():
    rules = with_rule(BASE.rules, "wilds.wild_dos.value", 3)
    assert "number:4 + wild-dos:3" in _labels(match_examples(rules).doubles)
    # no card pair adds up to 3 here; then a 4 is matched by two 2s, never in one colour (one 2 each)
    rules = with_rule(with_rule(BASE.rules, "deck.numbers", model.freeze({2: 1, 3: 1})), "deck.wild_number_per_colour", 0)
    rules = with_rule(rules, "deck.wild_dos", 0)
    ex = match_examples(rules)
    assert str(ex.target) == "3b"
    assert [(l, m.colour_bonus) for l, m in zip(_labels(ex.doubles), ex.doubles)] == []
    rules = with_rule(rules, "deck.numbers", model.freeze({2: 1, 4: 1}))
    ex = match_examples(rules)
    assert [(l, m.colour_bonus) for l, m in zip(_labels(ex.doubles), ex.doubles)] == [("number:2 + number:2", "no")]


def test_unspecified_wild_number_colour_leaves_the_bonus_open():
    rules = with_rule(BASE.rules, "wilds.wild_number.colour", model.WildNumberColour.UNSPECIFIED)
    bonus = {tuple(_labels([m])): m.colour_bonus for m in match_examples(rules).doubles}
    assert bonus[("number:3 + number:4",)] == "yes"
    assert bonus[("number:1 + wild-number:6",)] == "unspecified"


# --- player counts and house rules -------------------------------------------------------------

HOUSE = """\
id: table-rules
name: Our table
kind: house
extends: mattel-2018
sources:
  - {key: t, file: table.txt, title: Notes from our table, language: en}
rules:
  target: 500
  deck_exhaustion: reshuffle-discard
  drawing: {after_failed_draw: unspecified}
by_players:
  2:
    setup: {hand_size: 9}
cite:
  target: {source: t, section: "1", quote: "we play to 500"}
  deck_exhaustion: {source: t, section: "2", quote: "shuffle the discards"}
  by_players.2: {source: t, section: "3", quote: "nine cards when we are two"}
"""


@pytest.fixture
def house(tmp_path) -> model.Ruleset:
    path = tmp_path / "table-rules.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return load_ruleset(path)


def test_rulebook_follows_the_player_count(house):
    assert "The dealer deals 9 cards to every player." in render_rulebook(house, players=2)
    three = render_rulebook(house, players=3)
    assert "The dealer deals 7 cards to every player." in three and "9 cards" not in three
    every = render_rulebook(house)
    assert "## With other numbers of players" in every
    assert "**Setting up:** The dealer deals 9 cards to every player. (Instead of: The dealer deals 7" in every
    assert "These rules include a house rule:" in every and "The first player to reach 500 points wins the game." in every
    # the per-player-count value is listed with the house rule too
    assert "- **Our table** The first player to reach 500 points" in every or "**Our table**" in every
    assert "With 2 players: The dealer deals 9 cards to every player." in every


def test_players_outside_the_range_is_a_usage_error():
    with pytest.raises(UsageError, match="for 2 to 4 players, not 5"):
        render_rulebook(BASE, players=5)


def test_against_says_only_what_differs(house):
    text = render_against(house, BASE, cite=True)
    items = [line for line in text.splitlines() if line.startswith("- **") and not line.startswith("- **Our table**")]
    assert len(items) == 4, items
    assert "- **Winning:** The first player to reach 500 points wins the game.[^" in text
    assert "(Instead of: The first player to reach 200 points wins the game.)" in text
    assert "(Left open in DOS, Mattel 2018 instruction sheet (FRM36).)" in text  # deck_exhaustion, settled here
    assert "- **Our table**" in text  # the house rule applied, by its name
    # a rule the house leaves open is asked as the table's question, not "these rules do not say" again
    assert ("**Drawing:** *Left open:* If you drew and still cannot match: do you put a card from your hand "
            "into the Centre Row, or keep it and end your turn?") in text
    assert "These rules do not say" not in text
    assert "## With 2 players" in text and "The dealer deals 9 cards" in text
    assert "“we play to 500”" in text
    assert "Colour never decides" not in text  # unchanged rules stay out
    de = render_against(house, BASE, lang="de", players=3)
    assert "Wer zuerst 500 Punkte erreicht" in de and "9 Karten" not in de


def test_a_missing_sentence_names_the_language_and_the_value(monkeypatch):
    from dosrules.rulebook import render

    monkeypatch.setattr(render, "_key", lambda v: "no-such-value" if isinstance(v, model.PenaltyTiming) else
                        ("unspecified" if model.is_unspecified(v) else getattr(v, "value", v)))
    render._environment.cache_clear()
    try:
        with pytest.raises(render.TemplateGap, match=r"the de templates have no sentence for dos_call.penalty_timing"):
            render_rulebook(BASE, lang="de")
    finally:
        render._environment.cache_clear()


def test_against_itself_has_no_changes():
    assert "have the same rules" in render_against(BASE, BASE)


# --- command line ------------------------------------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (["--lang", "xx"], "no templates for language 'xx'"),
    (["--players", "9"], "not 9"),
    (["--format", "pdf"], "unknown document format 'pdf'"),
])
def test_cli_usage_errors(capsys, args, message):
    assert main(["doc", "mattel-2018", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_cli_unknown_ruleset(capsys):
    assert main(["doc", "no-such-edition"]) == 1
    assert "no ruleset with the id 'no-such-edition'" in capsys.readouterr().err


def test_cli_writes_self_contained_html(tmp_path):
    out = tmp_path / "rules.html"
    assert main(["doc", "mattel-2018", "--format", "html", "--lang", "de", "--cite", "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="de">' in html
    assert "<style>" in html and "@media print" in html
    assert "http" not in html and "<link" not in html and "<script" not in html
    assert '<sup class="cite"><a href="#cite-1">1</a>' in html and 'id="cite-1"' in html


def test_cli_against(capsys):
    assert main(["doc", "mattel-2018", "--against", "mattel-2018", "--lang", "de"]) == 0
    assert "dieselben Regeln" in capsys.readouterr().out


# --- shipped rulebooks -------------------------------------------------------------------------


def test_shipped_rulebooks_are_current():
    stale = stale_rulebooks()
    assert stale == [], f"docs/rulebooks is out of date ({', '.join(stale)}); regenerate with: {REGENERATE}"


# --- the same facts in every language ----------------------------------------------------------


def _facts(text: str) -> dict:
    """What a rulebook states, apart from its words: the numbers of every table row, the open
    questions, the rule paths each footnote cites, the appendix's rule paths, the scored hand."""
    named = text.replace("Joker 2", "Joker")  # German names the Wild DOS by its number
    rows = [tuple(re.findall(r"\d+", line)) for line in named.splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    paths = set(rule_paths())
    footnotes = [tuple(p for p in re.findall(r"`([a-z_.0-9]+)`", line.split(":", 2)[1].split(")")[0]) if p in paths)
                 for line in text.splitlines() if line.startswith("[^")]
    appendix = text.split("\n## ")[-2] if "[^1]:" in text else text.split("\n## ")[-1]
    return {"tables": rows, "questions": len(_box(text)), "footnotes": footnotes,
            "appendix": re.findall(r"\(`([a-z_.0-9]+)`\)", appendix),
            "hand": re.findall(r"\d+(?: \+ \d+)+ = \d+", text)}


@pytest.mark.parametrize("spec", ["mattel-2018", "digest-2017", "german", "mattel-2018+two-player+reshuffle"])
def test_every_language_states_the_same_facts(spec):
    """Counts, values, open points and every rule path: one set of facts, four languages."""
    ruleset = load_ruleset(spec)
    facts = {lang: _facts(render_rulebook(ruleset, lang=lang, cite=True)) for lang in languages()}
    english = facts["en"]
    cited = {p for paths in english["footnotes"] for p in paths}
    assert cited == set(rule_paths()), f"rule paths never rendered: {sorted(set(rule_paths()) - cited)}"
    assert english["tables"] and english["hand"] and english["questions"] == len(english["appendix"])
    for lang, found in facts.items():
        assert found == english, f"{lang} states other facts than en for {spec}"


@pytest.mark.parametrize("lang", languages())
def test_against_sheets_state_the_same_changes(lang):
    ruleset = load_ruleset("mattel-2018+two-player+target-500")
    sheet = render_against(ruleset, BASE, lang=lang, cite=True)
    english = render_against(ruleset, BASE, cite=True)
    assert _facts(sheet)["footnotes"] == _facts(english)["footnotes"]
    assert sheet.count("\n- **") == english.count("\n- **")
    assert ruleset.name_in(lang) in sheet and ruleset.part("two-player").description_in(lang) in sheet


def test_compiled_templates_are_kept_between_runs(tmp_path, monkeypatch):
    """A `doc` run mostly compiles templates: they are cached in $XDG_CACHE_HOME/dosrules/templates,
    and nothing is written under PYTHONDONTWRITEBYTECODE."""
    import sys

    from dosrules.rulebook import render

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / "dosrules" / "templates" / "md"
    try:
        monkeypatch.setattr(sys, "dont_write_bytecode", True)
        render._environment.cache_clear()
        plain = render_rulebook(BASE, lang="ko")
        assert not folder.exists()
        monkeypatch.setattr(sys, "dont_write_bytecode", False)
        render._environment.cache_clear()
        assert render_rulebook(BASE, lang="ko") == plain
        cached = sorted(folder.iterdir())
        assert len(cached) >= 3  # the format, rules.j2 and rulebook.j2
        render._environment.cache_clear()
        assert render_rulebook(BASE, lang="ko") == plain  # read back from the cache
        assert sorted(folder.iterdir()) == cached
    finally:
        render._environment.cache_clear()


def test_a_template_compiled_for_markdown_is_never_read_back_for_html(tmp_path, monkeypatch):
    """The same template compiled for HTML escapes what it prints, for Markdown it does not:
    kept in one folder, an HTML rulebook made after a Markdown one printed its sources' titles as
    markup. Each format keeps its own."""
    import sys

    from dosrules.rulebook import render

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    name = "<script>alert(1)</script>"
    sources = tuple(dataclasses.replace(src, title=name, titles=None) for src in BASE.sources)
    ruleset = dataclasses.replace(BASE, sources=sources)  # each citation names its source's title
    try:
        render._environment.cache_clear()
        assert "alert(1)" in render_rulebook(ruleset, fmt="md", cite=True)
        render._environment.cache_clear()
        html = render_rulebook(ruleset, fmt="html", cite=True)
        assert name not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert sorted(p.name for p in (tmp_path / "dosrules" / "templates").iterdir()) == ["html", "md"]
    finally:
        render._environment.cache_clear()


#: English words that are words of the language too (German "also": so; "Bonus")
NATIVE_TOO = {"de": {"also", "bonus"}}


def _template_words(lang: str) -> set[str]:
    """Every word of four or more letters in a language's templates (Jinja code aside)."""
    from dosrules.rulebook.render import TEMPLATES

    words: set[str] = set()
    for file in (TEMPLATES / lang).glob("*.j2"):
        text = re.sub(r"\{[{%#].*?[}%#]\}", " ", file.read_text(encoding="utf-8"), flags=re.S)
        words |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}
    return words


@pytest.mark.parametrize("spec", ["mattel-2018", "digest-2017", "german", "mattel-2018+two-player+reshuffle+target-500"])
@pytest.mark.parametrize("lang", ["de", "ko", "eu"])
def test_no_english_word_reaches_a_translated_rulebook(spec, lang):
    """The body of a German, Korean or Basque rulebook and house-rules sheet (md and html, with
    citations) has no word only the English templates use: no English heading, sentence, status
    or title is left (the sources' quotes and sections are in the citations, after the body)."""
    from dosrules.ruleset.loader import shipped_rulesets

    import yaml

    words = lambda s: {w.lower() for w in re.findall(r"[A-Za-z]{4,}", s)}  # noqa: E731
    english = _template_words("en") - set().union(*(_template_words(other) for other in ("de", "ko", "eu")))
    others: set[str] = set()
    for shipped in shipped_rulesets():  # the names and descriptions of the editions and house rules
        data = yaml.safe_load(shipped.path.read_text(encoding="utf-8"))
        for key in ("name", "description"):
            english |= words(data[key]["en"])
            others |= set().union(*(words(data[key][other]) for other in ("de", "ko", "eu")))
    english -= others | {"dosrules", "mattel", "german", "digest"}
    assert {"cards", "player", "centre", "match"} <= english
    ruleset = load_ruleset(spec)
    heads = {"de": "Für Neugierige", "ko": "더 알고 싶은 분께", "eu": "Jakin-minik"}
    for text in (render_rulebook(ruleset, lang=lang, cite=True), render_rulebook(ruleset, lang=lang, fmt="html"),
                 render_against(ruleset, BASE, lang=lang, cite=True), render_against(ruleset, BASE, lang=lang, fmt="html")):
        body = re.split(r"\n## [^\n]*" + heads[lang] + r"|<h2[^>]*>[^<]*" + heads[lang], text)[0]
        body = re.split(r"\n\[\^1\]:|<section class=\"notes\"|<ol class=\"notes\"", body)[0]  # a sheet's citations
        body = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", body, flags=re.S)
        body = re.sub(r"<[^>]+>|`[^`]*`", " ", body).replace(spec, " ")
        left = {w for w in re.findall(r"[A-Za-z]{4,}", body) if w.lower() in english - NATIVE_TOO.get(lang, set())}
        assert not left, (spec, lang, sorted(left))


@pytest.mark.parametrize("lang", ["de", "ko", "eu"])
def test_a_house_reason_given_in_english_only_is_marked_on_the_sheet(tmp_path, lang):
    """A table's house rule whose reason is English only: the sheet's body prints it marked as
    English, as the citations do; a translated reason is printed in the reader's language."""
    house = tmp_path / "family.yaml"
    house.write_text(
        "id: family\nname: {en: Family rules, de: Familienregeln, ko: 가족 규칙, eu: Familiako arauak}\nkind: house\n"
        "extends: mattel-2018\ndescription: We play to 300.\nrules: {target: 300}\n"
        "by_players: {2: {refill: {minimum: 3}}}\n"
        "cite:\n  target: {note: {en: Shorter evenings., de: Kürzere Abende., ko: 저녁이 짧아집니다., "
        "eu: Arratsalde laburragoak.}}\n  by_players.2: {note: Two of us want more to match.}\n", encoding="utf-8")
    sheet = render_against(load_ruleset(str(house)), BASE, lang=lang)
    assert f"{ENGLISH_ONLY[lang]}: Two of us want more to match." in sheet
    translated = {"de": "Kürzere Abende.", "ko": "저녁이 짧아집니다.", "eu": "Arratsalde laburragoak."}[lang]
    line = next(l for l in sheet.splitlines() if translated in l)
    assert ENGLISH_ONLY[lang] not in line
