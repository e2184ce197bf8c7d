"""``ask`` in the reader's language (issue 27, item 4): the language chosen, every phrase in all
four languages, the engine's events and sentences said in each, and the same facts in every
language over the dispute catalogue."""

from __future__ import annotations

import html
import random
from pathlib import Path
import re
from collections import Counter

import pytest

from dosrules.disputes import ask, load_scenario, shipped_editions
from dosrules.disputes.options import options
from dosrules.disputes.render import render_options_text, render_text, render_html, render_markdown
from dosrules.engine import new_game
from dosrules.lang import choose_language
from dosrules.lang.events import event_line
from dosrules.lang.phrases import TABLES
from dosrules.lang.refusals import known, translate
from dosrules.ruleset.loader import load_ruleset
from tools.dispute_catalogue import scenario_files

import dosrules.lang.answers  # noqa: F401 - registers its table
import dosrules.lang.events  # noqa: F401
import dosrules.lang.values  # noqa: F401

LANGS = ("en", "de", "ko", "eu")
ROOT = Path(__file__).resolve().parents[1]


def test_every_phrase_is_in_every_language_with_the_same_fields():
    assert {t.concern for t in TABLES} >= {"answers", "events", "event-words", "refusals"}
    assert [m for t in TABLES for m in t.missing()] == []


@pytest.mark.parametrize("env, lang, noted", [
    ({"LANG": "de_DE.UTF-8"}, "de", False),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "ko_KR.UTF-8"}, "ko", False),
    ({"LANGUAGE": "eu:es", "LANG": "de_DE.UTF-8"}, "eu", False),
    ({"LANG": "fr_FR.UTF-8"}, "en", True),
    ({"LANG": "C.UTF-8"}, "en", False),
    ({}, "en", False),
])
def test_the_language_comes_from_the_locale(env, lang, noted):
    got, note = choose_language(None, env)
    assert got == lang and (note is not None) == noted
    assert choose_language("ko", {"LANG": "de_DE.UTF-8"}) == ("ko", None)


def _played_events():
    out = []
    for spec in ("mattel-2018", "german", "digest-2017", "mattel-2018+all-wild-row-placer"):
        rs = load_ruleset(spec)
        for seed in range(4):
            s = new_game(rs, 3, seed, max_rounds=2)
            rng = random.Random(seed)
            for _ in range(1500):
                if s.is_terminal():
                    break
                s.apply(rng.choice(s.legal_actions()))
            out += s.events
    return out


def test_events_are_said_from_their_fields_with_the_same_facts():
    events = _played_events()
    kinds = {e.kind for e in events}
    assert {"dealt", "turn", "matched", "drew", "rule-gap", "round-void", "turn-ended"} <= kinds
    for e in events:
        assert event_line(e, "en") == str(e)  # the English table says exactly what the log says
        facts = _facts(str(e))
        for lang in LANGS[1:]:
            line = event_line(e, lang)
            assert _facts(line) == facts, (lang, str(e), line)
        for text in (getattr(e, "situation", None), getattr(e, "reason", None)):
            if text and e.kind in ("rule-gap", "round-void", "game-over"):
                assert known(text), text


_CARD = re.compile(r"(?<![A-Za-z0-9#=])(?:(?:10|[1-9])[bgry]|#[bgry](?:=\d+)?|W2(?:=[bgry])?)(?![A-Za-z0-9=])")
_PATH = re.compile(r"(?<![A-Za-z_.])[a-z_]+(?:\.[a-z_]+)+(?![A-Za-z_])")


def _facts(text: str) -> tuple:
    """What must not change with the language: cards, numbers and rule paths (as multisets)."""
    cards = Counter(_CARD.findall(text))
    rest = re.sub(r"Jokers? 2", "Joker", _CARD.sub(" ", text))  # German: the Wild DOS is "Joker 2"
    paths = Counter(p for p in _PATH.findall(rest) if "_" in p or p.count(".") > 1 or p.split(".")[0] in _ROOTS)
    return cards, paths, Counter(re.findall(r"\d+", _PATH.sub(" ", rest)))


_ROOTS = {"setup", "dos_call", "drawing", "matching", "wilds", "bonuses", "refill", "going_out", "deck", "scoring",
          "players", "all_wild_row", "deck_exhaustion"}


@pytest.fixture(scope="module")
def catalogue():
    out = []
    for path in scenario_files():
        scenario = load_scenario(path)
        out.append((scenario, ask(scenario)))
    return out


def test_every_answer_in_the_catalogue_has_the_same_facts_in_every_language(catalogue):
    editions = shipped_editions()
    for scenario, answers in catalogue:
        english = render_text(scenario, answers, {}, editions, verbose=True)
        want = _facts(_without_scenario_text(english, scenario, answers))
        for lang in LANGS[1:]:
            text = render_text(scenario, answers, {}, editions, verbose=True, lang=lang)
            assert _facts(_without_scenario_text(text, scenario, answers, lang)) == want, (scenario.file, lang)
            assert render_markdown(scenario, answers, {}, editions, lang=lang)
            assert f'<html lang="{lang}">' in render_html(scenario, answers, {}, editions, lang=lang)


def _without_scenario_text(text: str, scenario, answers, lang: str = "en") -> str:
    """The answer less the scenario's own title and question (the file's words, in the reader's
    language: their facts are compared by :func:`test_every_scenario_asks_in_every_language`)
    and the quoted clauses (the sources' words)."""
    quoted = [scenario.title_in(lang), scenario.question_in(lang)]
    for a in answers:
        quoted += [r.quote for r in a.rules if r.quote]
        quoted += [r.citation() for r in a.rules if r.source]
        quoted += [cite for r in a.readings for _, cite in r.chosen_by]
    for q in sorted(quoted, key=len, reverse=True):
        text = text.replace(q, "")
    return text


def test_every_scenario_asks_in_every_language(catalogue):
    """Every shipped dispute has its title and question in all four languages, with the same
    numbers and cards (German names the Wild DOS "Joker 2")."""
    for scenario, _ in catalogue:
        for key in ("title", "question"):
            text = scenario.texts[key]
            assert all(text.has(lang) for lang in LANGS), (scenario.file, key)
            want = _facts(text.english)
            for lang in LANGS[1:]:
                assert _facts(text.in_lang(lang)) == want, (scenario.file, key, lang)
                assert text.in_lang(lang) != text.english, (scenario.file, key, lang)


def _english_words() -> set[str]:
    """The words only English uses: every word of four or more letters in the English texts of
    the answers', events' and values' tables and of the shipped disputes' titles and questions,
    less the words some other language's text of those tables uses too (DOS, Wild, UNO...)."""
    from dosrules.lang.values import VALUES

    tables = [t for t in TABLES if t.concern in ("answers", "events", "event-words", "values")] + [VALUES]
    words = lambda s: set(re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[a-z_]+\}", " ", s)))  # noqa: E731
    english, other = set(), set()
    for table in tables:
        for texts in table.table.values():
            english |= words(texts["en"])
            for lang in LANGS[1:]:
                other |= words(texts[lang])
    for path in scenario_files():
        scenario = load_scenario(path)
        for key in ("title", "question"):
            english |= words(scenario.texts[key].english)
            other |= {w for lang in LANGS[1:] for w in words(scenario.texts[key].in_lang(lang))}
    return {w.lower() for w in english} - {w.lower() for w in other}


#: Words that are also words of the language: German "also" (so), "deck" ("deck ab": cover).
_ALSO_NATIVE = {"de": {"also", "deck"}, "ko": set(), "eu": set()}


_COMMAND = re.compile(r"'(?:place X|end|call-dos|draw|pass|(?:place|match|declare|catch-dos) [^']+)'")


def test_no_english_word_reaches_a_translated_answer(catalogue):
    """An answer in German, Korean or Basque (text, Markdown and HTML) has no word that only the
    English texts use, once the sources' quotes and section titles, the ruleset ids and the rule
    paths are taken out: no English title, question, status, value, phase or verdict is left."""
    english = _english_words()
    assert {"stated", "inferred", "legal", "deals", "previous", "winner"} <= english
    editions = shipped_editions()
    for scenario, answers in catalogue:
        ids = {a.spec or a.ruleset for a in answers} | {rid for a in answers for r in a.readings for rid, _ in r.chosen_by}
        for lang in LANGS[1:]:
            for text in (render_text(scenario, answers, {}, editions, verbose=True, lang=lang),
                         render_markdown(scenario, answers, {}, editions, lang=lang),
                         html.unescape(re.sub(r"<[^>]+>", " ", render_html(scenario, answers, {}, editions,
                                                                      lang=lang).split("<main>")[1]))):
                text = _without_scenario_text(text, scenario, answers, lang)
                for a in answers:
                    for r in a.rules:
                        text = text.replace(r.section or "", " ")
                for rid in sorted(ids, key=len, reverse=True):
                    text = text.replace(rid, " ")
                text = _COMMAND.sub(" ", text)  # what to type ('place X'), in every language
                text = re.sub(r"(?<![A-Za-z_])[a-z]+_[a-z_]+(?![A-Za-z_])", " ", _PATH.sub(" ", text))  # rule paths (deck_exhaustion)
                left = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in english - _ALSO_NATIVE[lang]}
                assert not left, (scenario.file, lang, sorted(left))


def test_no_english_word_reaches_translated_options(catalogue):
    """"What may I do now?" (text, Markdown, HTML) in German, Korean and Basque: no word only
    English uses, the rule paths and ruleset ids aside; a position a ruleset does not reach says
    so in the reader's language."""
    from dosrules.disputes.render import render_options_html, render_options_markdown

    english = _english_words()
    for scenario, answers in catalogue[::3]:
        if scenario.new_game:
            continue
        opts = [options(scenario, load_ruleset(a.spec), a.spec) for a in answers if a.spec in shipped_editions()]
        for lang in LANGS[1:]:
            for text in (render_options_text(scenario, opts, lang), render_options_markdown(scenario, opts, lang),
                         html.unescape(re.sub(r"<[^>]+>", " ", render_options_html(scenario, opts, lang).split("<main>")[1]))):
                text = _without_scenario_text(text, scenario, answers, lang)
                for o in opts:
                    for k in o.kinds:
                        text = text.replace(k.citation or "\0", " ")
                for rid in sorted({o.spec for o in opts}, key=len, reverse=True):
                    text = text.replace(rid, " ")
                text = re.sub(r"(?<![A-Za-z_])[a-z]+_[a-z_]+(?![A-Za-z_])", " ", _PATH.sub(" ", _COMMAND.sub(" ", text)))
                left = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in english - _ALSO_NATIVE[lang]}
                assert not left, (scenario.file, lang, sorted(left))


def test_no_engine_sentence_in_an_answer_is_left_in_english(catalogue):
    for scenario, answers in catalogue:
        for a in answers:
            for text in (a.reason, *a.notes, *a.filled, a.slip):
                if text:
                    assert known(text), (scenario.file, text)
                    assert all(translate(text, lang) != text for lang in LANGS[1:]), (scenario.file, text)


def test_options_say_why_not_in_every_language(catalogue):
    seen = 0
    for scenario, answers in catalogue:
        if scenario.new_game:
            continue
        opts = [options(scenario, load_ruleset(a.spec), a.spec) for a in answers if a.spec in shipped_editions()]
        english = _facts(render_options_text(scenario, opts))
        for o in opts:
            for k in o.kinds:
                if k.why_not:
                    seen += 1
                    assert known(k.why_not), k.why_not
                if k.kind == "match":
                    assert all(known(opt.words) for opt in k.allowed), [opt.words for opt in k.allowed]
        for lang in LANGS[1:]:
            assert _facts(render_options_text(scenario, opts, lang)) == english, (scenario.file, lang)
    assert seen > 10


def _transcript(lang: str, seed: int) -> list[str]:
    """A game at the table with a person who always takes the first legal move (and the first
    reading at a rule gap), told in ``lang``: every line a person would read."""
    from dosrules.cli.tableview import RoundEnds, question_text, status_text, table_text
    from dosrules.play.table import Table, explain

    table = Table(load_ruleset("mattel-2018"), 3, seed, ["human", "greedy", "random"], max_rounds=2, lang=lang)
    rounds = RoundEnds(table)
    out: list = [table.help_text()]
    for _ in range(400):
        out += [("news", line.text) for line in table.news()]
        out += rounds.pending()
        if table.over:
            break
        if table.question is not None:
            out.append(question_text(table.question).plain)
            assert table.choose("1") is None or table.choose("0") is None
            continue
        view = table.view()
        out += [status_text(view).plain, table_text(view).plain, view.prompt]
        out += explain(table.attempt("draw" if "draw" not in table.legal_moves() else "end"), table.ruleset, lang)
        attempt = table.attempt("1")
        assert attempt.ok
    return out


@pytest.mark.parametrize("seed", [1, 7])
def test_a_played_game_tells_the_same_facts_in_every_language(seed):
    english = _transcript("en", seed)
    assert len(english) > 50
    for lang in LANGS[1:]:
        told = _transcript(lang, seed)
        assert len(told) == len(english), lang
        for en_line, line in zip(english, told):
            if isinstance(line, tuple):  # narration: English says "You", the others name the seat, marked (du)
                en_line, line = re.sub(r"\b(?:You|you|Your)\b", "Seat 0", en_line[1]), line[1]
            if "DOS nach" in line or "Mattel" in line:  # the status line ends in the ruleset's title
                en_line, line = en_line.split("·")[0], line.split("·")[0]
            assert _facts(_plain_text(line)) == _facts(_plain_text(en_line)), (lang, en_line, line)


def _plain_text(text: str) -> str:
    """A table's line as its facts are compared: every language says one card in words."""
    return re.sub(r"\b(?:a card|eine Karte|카드 한 장|karta bat)\b", "card", text)


# --- answers to the question asked, in every language (issue 27, item 5) ---------------------------

def _plain(scenario, specs, lang):
    from dosrules.disputes.words import plain_answer

    return plain_answer(scenario, ask(scenario, specs), shipped_editions(), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_required_dos_call_is_a_must_in_every_language(lang):
    from dosrules.disputes import inline_scenario
    from dosrules.lang.answers import SAY

    asked = inline_scenario(row="7r 9b", hands=["3r 4b 9g 5y"], before=["match 7r with 3r+4b"], action=["call-dos"])
    plain = _plain(asked, ["mattel-2018"], lang)
    must = ("you must call DOS now that you hold 2 cards: if you don't, another player can catch you and you draw 2 cards"
            if lang == "en" else SAY("must-call", lang, n=2, p=2))
    assert must in plain, plain
    assert SAY("you-may", lang, actions="") not in plain  # not "you may call DOS"


@pytest.mark.parametrize("lang", LANGS)
def test_an_end_that_leaves_the_player_catchable_says_so_with_the_penalty_in_every_language(lang):
    from dosrules.disputes import inline_scenario
    from dosrules.lang.answers import SAY

    asked = inline_scenario(row="7r 9b", hands=["3r 4b 9g 5y"], action=["match 7r with 3r+4b", "end"])
    plain = _plain(asked, ["mattel-2018"], lang)
    caught = SAY("exposed", lang, words="", n=2, p=2)
    caught = caught[caught.index(",") + 1:] if lang != "ko" else caught.lstrip(". ")
    assert caught.strip() in plain, plain
    called = inline_scenario(row="7r 9b", hands=["3r 4b 9g 5y"], action=["match 7r with 3r+4b", "call-dos", "end"])
    assert caught.strip() not in _plain(called, ["mattel-2018"], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_silence_settled_by_lot_after_the_asked_deal_is_a_note_in_every_language(lang):
    from dosrules.lang.answers import SAY

    scenario = load_scenario(ROOT / "docs/disputes/who-deals-next.yaml")
    answers = ask(scenario, ["mattel-2018", "german"])
    mattel = next(a for a in answers if a.ruleset == "mattel-2018")
    assert mattel.verdict == "legal" and mattel.notes
    plain = _plain(scenario, ["mattel-2018", "german"], lang)
    assert SAY("deals-next", lang, seat=2) in plain  # the answer to the question, not "the rules don't say"
    text = render_text(scenario, answers, {}, shipped_editions(), lang=lang)
    assert f"mattel-2018: {SAY('legal', lang)}\n" in text
    for note in mattel.notes:
        assert SAY("label.note", lang, text=translate(note, lang)) in text
        assert lang == "en" or translate(note, lang) != note


@pytest.mark.parametrize("lang", LANGS)
def test_every_plain_answer_names_no_rule_path_and_says_the_silent_rule_in_words(lang, catalogue):
    from dosrules.rulebook.render import descriptions

    from dosrules.disputes.words import plain_answer

    for scenario, answers in catalogue:
        plain = plain_answer(scenario, answers, shipped_editions(), lang)
        assert not _PATH.search(plain), (scenario.file, lang, plain)
        for a in answers:
            if a.verdict == "rule-gap" and a.reason_path and not a.slip:
                head = descriptions(lang)[a.reason_path].split(":")[0].rstrip(".")
                assert head[1:] in plain, (scenario.file, lang, head, plain)


@pytest.mark.parametrize("lang", LANGS[1:])
def test_no_english_word_reaches_a_played_game(lang):
    """A game at the table told in German, Korean or Basque (narration, prompts, help, refusals,
    the question at a rule gap with its readings and their statuses): no word that only the
    English texts of the table's, answers', events' and values' phrases use, once the sources'
    quotes and sections, the rulesets' ids and names, rule paths and what to type are left out."""
    from dosrules.lang.table import TABLE as PHRASES

    english = _english_words() | {w.lower() for texts in PHRASES.table.values() for w in re.findall(
        r"[A-Za-z]{4,}", re.sub(r"\{[a-z_]+\}", " ", texts["en"]))} - {w.lower() for texts in PHRASES.table.values()
                                                                          for other in LANGS[1:] for w in re.findall(
            r"[A-Za-z]{4,}", texts[other])}
    names = ["mattel-2018", "german", "digest-2017", "greedy", "random", "human", "dosrules"]
    clause = PHRASES("x.clause", lang, cite="").strip()
    for seed in (1, 7):
        for line in _transcript(lang, seed):
            text = line[1] if isinstance(line, tuple) else str(line)
            text = re.sub(r"\d{3} §.*", " ", text)  # a reading's clause: the source's words
            if text.startswith(clause):  # a refusal's clause: the source's section and quote
                text = text.split('"')[0].rsplit(",", 1)[0]
            text = re.sub(r"\(Material / Aufbau / Spielablauf\)|DOS, [^·\n]*$", " ", text)  # a title's source name
            for name in names:
                text = text.replace(name, " ")
            text = _COMMAND.sub(" ", re.sub(r"(?<![A-Za-z_])[a-z]+_[a-z_]+(?![A-Za-z_])", " ", _PATH.sub(" ", text)))
            text = re.sub(r"'[^'\n]*'", " ", text)  # what to type, quoted ('match 7r with 3r+4r', 'help')
            left = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in english - _ALSO_NATIVE[lang]}
            assert not left, (lang, seed, sorted(left), str(line)[:200])


def test_every_rule_value_and_status_has_words_in_every_language():
    """Each value a rule may take (the schema's enums, true, false) and each provenance status is
    said in words in German, Korean and Basque (dosrules/lang/values.py)."""
    import json

    from dosrules.lang.values import VALUES, status_words, value_words

    schema = json.loads((ROOT / "schemas/ruleset.schema.json").read_text(encoding="utf-8"))
    found: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            found.update(v for v in node.get("enum", ()) if isinstance(v, str))
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(schema["properties"]["rules"])
    assert {"pass-left", "matcher-declares", "until-called"} <= found
    for value in sorted(found) + ["true", "false", True, False]:
        assert value_words(value, "en") == str(value).lower() if isinstance(value, bool) else value
        for lang in LANGS[1:]:
            assert value_words(value, lang) != str(value).lower(), (value, lang)
    for status in ("stated", "inferred", "unspecified", "house", "filled"):
        assert all(status_words(status, lang) != status for lang in LANGS[1:])
    assert VALUES.missing() == []


@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_key_bar_speaks_the_tables_language(lang):
    """The full-screen game's key bar (Textual's bindings, its command palette's too) in ``lang``."""
    from dosrules.cli.tui import PlayApp
    from dosrules.lang.table import TABLE
    from dosrules.play.table import Table

    app = PlayApp(Table(load_ruleset("mattel-2018"), 3, 1, ["human", "greedy", "greedy"], lang=lang))
    shown = {b.description for bindings in app._bindings.key_to_bindings.values() for b in bindings if b.description}
    english = {texts["en"] for key, texts in TABLE.table.items() if key.startswith("key.")}
    assert shown and not shown & english, shown
    assert TABLE("key.quit", lang) in shown and TABLE("key.palette", lang) in shown


def test_every_korean_action_in_words_takes_reul(catalogue):
    """The Korean answers put 를 after an action in words ("차례 끝내기를 할 수 없습니다"): every
    action said in Korean ends in the noun form -기."""
    from dosrules.disputes.words import plain_action_words, step_words

    actions = {a for scenario, _ in catalogue for a in (*scenario.before, *scenario.actions)}
    actions |= {"draw", "end", "call-dos", "pass", "catch-dos 1", "place 8g", "declare #g=5"}
    for action in sorted(actions):
        assert step_words(action, "ko").endswith("기"), action
        assert plain_action_words(action, "ko").endswith("기"), action


@pytest.mark.parametrize("text, settled", [
    ("자리 0이(가) 딜러입니다", "자리 0이 딜러입니다"), ("자리 2이(가)", "자리 2가"), ("3(으)로", "3으로"),
    ("1(으)로", "1로"), ("10이(가)", "10이"), ("지난 라운드 승자(으)로", "지난 라운드 승자로"),
    ("넘김(으)로", "넘김으로"), ("끝내기을(를)", "끝내기를"), ("7b(으)로", "7b(으)로")])
def test_korean_particles_follow_the_sound_before_them(text, settled):
    from dosrules.lang.phrases import korean_particles

    assert korean_particles(text) == settled


def test_no_korean_answer_or_game_leaves_a_particle_double_after_a_number_or_word(catalogue):
    """이(가), 을(를)… stay double only after a card code or a name in Latin letters."""
    double = re.compile(r"[0-9\uac00-\ud7a3](?:이\(가\)|은\(는\)|을\(를\)|와\(과\)|\(으\)로)")
    editions = shipped_editions()
    for scenario, answers in catalogue:
        text = render_text(scenario, answers, {}, editions, verbose=True, lang="ko")
        assert not double.search(_without_scenario_text(text, scenario, answers, "ko")), scenario.file
    told = "\n".join(line[1] if isinstance(line, tuple) else str(line) for line in _transcript("ko", 7))
    assert not double.search(told)


def test_an_english_silence_is_said_without_a_value_code_or_a_rule_name():
    """English ``ask`` says a silence with the schema's description, up to its colon ("the rules
    don't say how the Centre Row is refilled ..."): that head names no reading by its code
    (``to-minimum``) and no rule by its key (``centre_row``)."""
    from dosrules.rulebook.render import descriptions
    from dosrules.ruleset.readings import OPEN_PATHS, reading_text, readings

    described = descriptions("en")
    heads = {path: described[path].split(":")[0] for path in OPEN_PATHS}
    # a code such as ``to-minimum`` (a plain word such as "required" reads as English)
    codes = {path: {c for c in map(reading_text, readings(path)) if "-" in c} for path in OPEN_PATHS}
    assert [p for p, head in heads.items() if set(re.findall(r"[\w#-]+", head)) & codes[p]] == []
    assert [p for p, head in heads.items() if re.search(r"\b[a-z]+_[a-z_]+\b", head)] == []


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_rule_that_may_be_silent_is_described_as_a_question(lang):
    """``ask`` says a silence as "the rules don't say <the rule's description>": for every rule that
    may be unspecified, the description's head is an indirect question in every language ("wer die
    nächste Runde gibt", "다음 라운드의 딜러가 누구인지", "nork banatzen duen hurrengo erronda")."""
    from dosrules.lang.answers import asks
    from dosrules.rulebook.render import descriptions
    from dosrules.ruleset.readings import OPEN_PATHS

    described = descriptions(lang)
    heads = {path: described[path].split(":")[0].rstrip(".") for path in OPEN_PATHS}
    assert [p for p, head in heads.items() if not asks(head, lang)] == []
