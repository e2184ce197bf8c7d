"""dosrules serve in the reader's language (en, de, ko, eu): the language comes from ``lang`` or
Accept-Language and stays in every link; the ruling is said as ``ask --lang`` says it; the
pages' own words are in one table with all four languages, and no English-only word reaches a
German, Korean or Basque page."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

pytest.importorskip("starlette")
pytest.importorskip("multipart")

from starlette.testclient import TestClient  # noqa: E402

from servekit import headline as _page_headline  # noqa: E402

from dosrules.cli import main  # noqa: E402
from dosrules.lang.phrases import TABLES, fields_of, korean_particles  # noqa: E402
from dosrules.lang.web import PAGE  # noqa: E402
from dosrules.web import create_app  # noqa: E402
from dosrules.web.language import accepted_language, page_language  # noqa: E402

import dosrules.lang.answers  # noqa: E402,F401 - registers its table
import dosrules.lang.values  # noqa: E402,F401

LANGS = ("en", "de", "ko", "eu")
TEMPLATES = Path(__file__).resolve().parents[1] / "dosrules" / "web" / "templates"
ASK = [("edition", "mattel-2018"), ("row", "7r 9b"), ("hand", "3r 4b 9g 5y"), ("action", "match 7r with 3r+4b"),
       ("action", "end"), ("also", "german")]
ILLEGAL = [("edition", "german"), ("row", "7r 9b"), ("hand", "3r 4b 9g 5y"), ("action", "match 9b with 3r")]
OPTIONS = [("edition", "digest-2017"), ("row", "7r 9b"), ("hand", "3r 4b 9g W2"), ("called", "0")]
PAGES = ["/?edition=german&house=reshuffle", "/ask?" + urlencode(ASK), "/ask?" + urlencode(ILLEGAL),
         "/options?" + urlencode(OPTIONS), "/compare?edition=mattel-2018&house=target-500", "/nowhere"]


def _headline(page: str) -> str:
    return html.unescape(_page_headline(page))


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def test_every_page_phrase_is_in_every_language_without_markup():
    assert PAGE in TABLES and PAGE.missing() == []
    for key, texts in PAGE.table.items():
        assert set(texts) == set(LANGS), key
        for lang in LANGS[1:]:  # "(the report is in English)" is said in English by nothing at all
            assert texts[lang].strip() and texts[lang] != texts["en"], (key, lang)
        for lang, text in texts.items():
            assert not re.search(r'[<>&"]', text), (key, lang)  # the pages insert the texts as markup
            assert fields_of(text) == fields_of(texts["en"])


@pytest.mark.parametrize("header, lang", [
    (None, "en"), ("", "en"), ("de-DE,de;q=0.9,en;q=0.8", "de"), ("fr-FR, ko;q=0.5, de;q=0.4", "ko"),
    ("en;q=0.2, eu;q=0.9", "eu"), ("fr, es;q=0.9", "en"), ("*", "en"), ("de;q=0, ko;q=0.1", "ko"),
    ("de;q=abc, eu", "eu"), ("ko_KR", "ko"), ("de;q=2", "en"),
])
def test_the_browser_language_honours_quality_values(header, lang):
    assert accepted_language(header) == lang
    assert page_language(None, header) == lang and page_language("ko", header) == "ko"


@pytest.mark.parametrize("lang", LANGS)
def test_lang_chooses_the_page_and_every_link_keeps_it(client, lang):
    for path in PAGES[:-1]:
        r = client.get(path + f"&lang={lang}", headers={"accept-language": "de" if lang != "de" else "ko"})
        assert r.status_code == 200, (path, r.text[:500])
        assert f'<html lang="{lang}">' in r.text
        picker = re.search(r'<nav class="langs"[^>]*id="languages">(.*?)</nav>', r.text, re.S)
        assert picker and f'<b lang="{lang}" aria-current="true">' in picker.group(1), path
        assert len(re.findall(r"<a href=", picker.group(1))) == 3
        body = re.sub(r'<nav class="langs".*?</nav>', " ", r.text, flags=re.S)
        hrefs = [h for h in re.findall(r'href="(/[^"]*)"', body) if not h.startswith("/static/")]
        assert len(hrefs) >= 5
        for href in hrefs:
            assert parse_qs(urlsplit(html.unescape(href)).query).get("lang") == [lang], (path, href)
        for form in re.findall(r"<form .*?</form>", r.text, re.S):
            assert f'<input type="hidden" name="lang" value="{lang}">' in form, path


def test_the_picker_links_reopen_the_same_page_in_each_language(client):
    r = client.get("/ask?" + urlencode(ASK), headers={"accept-language": "ko-KR,ko;q=0.9"})
    assert '<html lang="ko">' in r.text and _headline(r.text).startswith("예, 다음을 할 수 있습니다")
    picker = re.search(r'id="languages">(.*?)</nav>', r.text, re.S).group(1)
    links = dict((code, html.unescape(href)) for href, code in re.findall(r'<a href="([^"]+)" lang="(\w+)"', picker))
    assert sorted(links) == ["de", "en", "eu"]
    for code, href in links.items():
        query = parse_qs(urlsplit(href).query)
        assert query["lang"] == [code] and query["action"] == ["match 7r with 3r+4b", "end"]
        page = client.get(href, headers={"accept-language": "ko"})
        assert f'<html lang="{code}">' in page.text
    # the shared link names the language: opened by a German browser it is still Korean
    share = html.unescape(re.search(r'href="([^"]+)" id="permalink"', r.text).group(1))
    assert parse_qs(urlsplit(share).query)["lang"] == ["ko"]
    again = client.get(share, headers={"accept-language": "de"})
    assert '<html lang="ko">' in again.text and _headline(again.text) == _headline(r.text)


def test_the_browser_language_is_used_without_lang_and_rulings_are_remembered_per_language(client):
    query = "/ask?" + urlencode(ASK)
    told = {lang: _headline(client.get(query, headers={"accept-language": f"{lang};q=0.8, fr"}).text)
            for lang in LANGS}
    assert told["en"].startswith("Yes, you may match the red 7")
    assert told["de"].startswith("Ja, du darfst die rote 7")
    assert told["eu"].lower().startswith("bai, 7 gorria")
    assert len(set(told.values())) == 4  # the same query, remembered once per language
    assert client.get(query, headers={"accept-language": "de"}).text != client.get(query).text


@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_ruling_is_the_one_ask_lang_gives(client, lang, capsys):
    """The plain sentence and the detailed one of the page are those ``dosrules ask --lang`` prints."""
    r = client.get("/ask?" + urlencode([*ASK, ("lang", lang)]))
    assert main(["ask", "--under", "mattel-2018,german", "--row", "7r 9b", "--hand", "3r 4b 9g 5y",
                 "--action", "match 7r with 3r+4b", "--action", "end", "--lang", lang]) == 0
    printed = capsys.readouterr().out
    plain = _headline(r.text)
    assert plain in printed
    summary = html.unescape(re.search(r'<p class="headline">.*?</p>\n<p>(.*?)</p>', r.text, re.S).group(1))
    assert summary in printed


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_language_is_a_400_page_in_the_browser_language(client, lang):
    r = client.get("/ask?edition=mattel-2018&lang=xx", headers={"accept-language": lang})
    assert r.status_code == 400 and f'<html lang="{lang}">' in r.text
    message = _headline(r.text)
    assert "lang:" in message and "'xx' is not a language" in message and "Use one of: en" in message
    assert f"<h1>{PAGE('error.bad', lang)}</h1>" in r.text
    assert ('<p class="note">' in r.text) == (lang != "en")  # the service's paragraph stays English, marked so
    assert lang == "en" or PAGE("error.english", lang) in r.text
    assert client.get("/doc?edition=mattel-2018&lang=../../x").status_code == 400
    assert client.get("/?lang=" + "x" * 50, headers={"accept-language": lang}).status_code == 400


@pytest.mark.parametrize("lang", LANGS[1:])
def test_error_pages_are_framed_in_the_page_language(client, lang):
    missing = client.get(f"/nowhere?lang={lang}")
    assert missing.status_code == 404 and PAGE("error.no-page", lang) in missing.text
    large = client.get("/ask?row=" + "x" * 5000, headers={"accept-language": lang})
    assert large.status_code == 413 and PAGE("error.large", lang) in large.text and "4,096" in large.text


def _english_words() -> set[str]:
    """The words of four or more letters only English uses: the English texts of the pages', the
    answers' and the values' tables and every word left in the web templates outside Jinja code
    (there should be none), less the words the other languages' texts use too."""
    words = lambda s: {w.lower() for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[a-z_]+\}", " ", s))}  # noqa: E731
    english, other = set(), set()
    for table in [t for t in TABLES if t.concern in ("web", "answers", "values")]:
        for texts in table.table.values():
            english |= words(texts["en"])
            other |= set().union(*(words(texts[lang]) for lang in LANGS[1:]))
    for file in TEMPLATES.glob("*.j2"):
        text = re.sub(r"\{[{%#].*?[}%#]\}", " ", file.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r"<(style|code)[^>]*>.*?</\1>|<[^>]+>", " ", text, flags=re.S)
        english |= words(text)
    return english - other - {"dosrules"}


def _words_of_page(text: str) -> str:
    """A page's text without what is not the page's to say: the sources' quotes and citations,
    rule paths and cards' notation (code), the language picker (each language in its own
    words), the scripts and styles."""
    body = text.split("<body>", 1)[1]
    body = re.sub(r'<nav class="langs".*?</nav>', " ", body, flags=re.S)
    body = re.sub(r"<(style|script|code|blockquote|cite)[^>]*>.*?</\1>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


#: Words that are also words of the language (as in tests/test_lang.py): German "also" (so), "deck" ("deck ab": cover).
ALSO_NATIVE = {"de": {"also", "deck"}}


@pytest.mark.parametrize("lang", LANGS[1:])
def test_no_english_word_reaches_a_translated_page(client, lang):
    english = _english_words()
    assert {"rules", "house", "compare", "legal", "players", "question"} <= english
    catalogue = client.app.state.catalogue
    ids = sorted([*catalogue.editions, *catalogue.house], key=len, reverse=True)  # names, not words
    for path in PAGES:
        r = client.get(path + f"&lang={lang}" if "?" in path else path + f"?lang={lang}")
        text = re.sub(r"-\s+", "-", _words_of_page(r.text))  # an id broken over two lines of a description
        for rid in ids:
            text = text.replace(rid, " ")
        text = re.sub(r"[a-z_]+(\.[a-z_]+)+", " ", text)  # rule paths (matching.colour_restricts)
        left = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in english - ALSO_NATIVE.get(lang, set())}
        assert not left, (path, lang, sorted(left))


def test_no_korean_page_leaves_a_particle_double_after_a_number_or_word(client):
    for path in PAGES[:-1]:
        text = _words_of_page(client.get(path + "&lang=ko").text)
        assert korean_particles(text) == text, path


def test_the_card_picker_names_the_cards_in_the_page_language(client):
    r = client.get("/ask?edition=mattel-2018&lang=de")
    assert 'content: " ◀ am Zug"' in r.text  # the hand's marker, drawn by the style (after the shared English one)
    labels = html.unescape(re.search(r'data-labels="([^"]+)"', r.text).group(1))
    assert '"7r": "rote 7"' in labels and '"W2": "Joker 2"' in labels  # the German rules' own names
    assert '"7r": "red 7"' in html.unescape(client.get("/ask?edition=mattel-2018").text)


def test_the_rulebook_follows_the_browser_language_and_its_bar_keeps_it(client):
    r = client.get("/doc?edition=mattel-2018&house=reshuffle", headers={"accept-language": "ko,en;q=0.5"})
    assert r.status_code == 200 and '<html lang="ko">' in r.text
    bar = re.search(r'<nav class="serve-bar".*?</nav>', r.text, re.S).group(0)
    assert PAGE("doc.back", "ko") in bar and PAGE("home.changes", "ko") in bar
    links = [html.unescape(h) for h in re.findall(r'href="([^"]+)"', bar)]
    assert all(parse_qs(urlsplit(h).query)["lang"] for h in links)
    assert {parse_qs(urlsplit(h).query)["lang"][0] for h in links} == set(LANGS)  # the picker and ko for the rest


def test_a_comparison_started_in_german_says_so_in_german(tmp_path):
    app = create_app(db=str(tmp_path / "store.sqlite"), compare_running=1, compare_waiting=0)
    form = {"edition": "mattel-2018", "house": "target-500", "also": "mattel-2018", "players": "2",
            "rounds": "100", "policy": "greedy", "lang": "de"}
    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.post("/compare", data=form, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].endswith("?lang=de")
        page = c.get(r.headers["location"]).text
        assert '<html lang="de">' in page
        assert "mattel-2018+target-500 gegen mattel-2018, 2 Spieler, 100 Runden, gierig" in page
        busy = c.post("/compare", data=form, follow_redirects=False)
        assert busy.status_code == 503 and PAGE("error.busy-fix", "de") in busy.text
