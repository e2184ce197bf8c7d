"""dosrules serve through Starlette's test client: every page answers from the command line's
services, the choice of rules lives in the URL, bad input is a 400 page with the one-paragraph
error, and nothing of a request is opened as a path or echoed unescaped."""

from __future__ import annotations

import re
import time
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

pytest.importorskip("starlette")
pytest.importorskip("multipart")

from starlette.testclient import TestClient  # noqa: E402

from servekit import headline as _headline  # noqa: E402

from dosrules.cli import main  # noqa: E402
from dosrules.web import create_app  # noqa: E402
from dosrules.web.app import MAX_QUERY  # noqa: E402

HOUSE = """id: our-table
name: Our table <script>alert(1)</script>
kind: house
extends: mattel-2018
description: We play to 300.
rules:
  target: 300
"""
ASK = [("edition", "mattel-2018"), ("row", "7r 9b"), ("hand", "3r 4b 9g 5y"), ("action", "match 7r with 3r+4b"),
       ("action", "end")]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def test_our_rules_page_offers_editions_house_rules_and_readings(client):
    r = client.get("/?edition=german&house=reshuffle")
    assert r.status_code == 200
    assert 'value="mattel-2018"' in r.text and 'value="reshuffle" checked' in r.text
    assert "We play <b>german+reshuffle</b>" in r.text
    assert 'name="fill"' in r.text and "leave open" in r.text  # german's silences, each with its readings
    # a reading chosen is part of the choice, and of every link
    r = client.get("/?edition=german&fill=setup.direction=left")
    assert "german~setup.direction=left" in r.text
    assert "/ask?edition=german&amp;fill=setup.direction%3Dleft" in r.text


def test_a_ruling_opens_with_the_plain_answer_and_quotes_the_clauses(client):
    r = client.get("/ask?" + urlencode([*ASK, ("also", "digest-2017")]))
    assert r.status_code == 200
    head = _headline(r.text)
    assert head.startswith("Under mattel-2018, yes, you may match the red 7 with the red 3 and the blue 4, then end the turn, but you "
                           "hold 2 cards and have not called DOS: another player can catch you, and then you draw 2 cards")
    assert head.endswith("under digest-2017, yes, you may match the red 7 with the red 3 and the blue 4, then end the turn.")
    assert "rules version" in r.text and "<blockquote>" in r.text
    assert 'id="permalink"' in r.text


def test_what_may_i_do_links_every_legal_move_to_its_ruling(client):
    r = client.get("/options?" + urlencode(ASK[:3]))
    assert r.status_code == 200
    links = re.findall(r'<a href="(/ask\?[^"]+)"><code>([^<]+)</code>', r.text)
    assert ("match 7r with 3r+4b" in {action for _, action in links}) and ("draw" in {a for _, a in links})
    href, action = links[0]
    query = parse_qs(urlsplit(href.replace("&amp;", "&")).query)
    assert query["action"] == [action] and query["row"] == ["7r 9b"]
    followed = client.get(href.replace("&amp;", "&"))
    assert followed.status_code == 200 and _headline(followed.text).startswith("Yes, you may")


def test_an_uploaded_house_rule_is_kept_by_hash_and_asked_under(client):
    r = client.post("/upload", data={"edition": "mattel-2018", "text": HOUSE}, follow_redirects=False)
    assert r.status_code == 303
    digest = parse_qs(urlsplit(r.headers["location"]).query)["upload"][0]
    assert re.fullmatch(r"[0-9a-f]{16}", digest)
    page = client.get(r.headers["location"]).text
    assert "Our table &lt;script&gt;" in page and "<script>alert" not in page  # escaped
    assert "/tmp" not in page and "dosrules-serve-" not in page  # the temporary path never shows
    ruling = client.get("/ask?" + urlencode([*ASK, ("upload", digest)]))
    assert ruling.status_code == 200 and "mattel-2018+our-table" in ruling.text


def test_a_bad_upload_is_refused_at_its_line_under_its_own_name(client):
    bad = HOUSE.replace("target: 300", "target: -5")
    r = client.post("/upload", data={"edition": "mattel-2018"}, files={"file": ("ours.yaml", bad.encode())})
    assert r.status_code == 400
    assert re.search(r"ours\.yaml:\d+:\d+", r.text) and "target" in r.text
    assert "dosrules-serve-" not in r.text and "Traceback" not in r.text


@pytest.mark.parametrize("query, where", [
    ("edition=nope", "edition"),
    ("edition=mattel-2018&house=../../etc/passwd", "house"),
    ("edition=mattel-2018&also=/etc/passwd", "also"),
    ("edition=mattel-2018&upload=0123456789abcdef", "upload"),
    ("edition=mattel-2018&fill=setup.direction=sideways", "fill"),
    ("edition=mattel-2018&row=7r&hand=3r&action=match+7r+with+zz", ""),
    ("edition=mattel-2018&players=99", "players"),
    ("edition=mattel-2018&row=" + "7r+" * 200, "row"),
    ("edition=mattel-2018&lang=fr", "lang"),
])
def test_bad_input_is_a_400_page_with_one_paragraph(client, query, where):
    r = client.get("/ask?" + query)
    assert r.status_code == 400, r.text[:500]
    message = _headline(r.text)
    assert where in message and "Traceback" not in r.text
    assert "/etc/passwd" not in message or "is not" in message


def test_requests_over_the_limits_are_refused(client):
    assert client.get("/ask?row=" + "x" * (MAX_QUERY + 1)).status_code == 413
    r = client.post("/upload", content=b"x" * (200 * 1024), headers={"content-type": "application/octet-stream"})
    assert r.status_code == 413
    r = client.get("/ask?" + urlencode([("edition", "mattel-2018"), *[("action", "draw")] * 9]))
    assert r.status_code == 400 and "at most 8" in r.text


def test_the_rulebook_and_the_house_rule_sheet(client):
    r = client.get("/doc?edition=mattel-2018&house=reshuffle&lang=de")
    assert r.status_code == 200 and '<html lang="de">' in r.text
    sheet = client.get("/doc?edition=mattel-2018&house=reshuffle&against=mattel-2018")
    assert sheet.status_code == 200 and len(sheet.text) < len(client.get("/doc?edition=mattel-2018").text)
    assert client.get("/doc?edition=mattel-2018&lang=xx").status_code == 400


def test_an_internal_error_is_a_500_page_without_a_trace(monkeypatch):
    from dosrules.web import pages

    def broken(*args, **kwargs):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(pages, "_position", broken)
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        r = c.get("/ask?" + urlencode(ASK))
    assert r.status_code == 500 and "secret detail" not in r.text and "Traceback" not in r.text


def test_a_comparison_runs_in_the_background_and_the_queue_is_bounded(tmp_path):
    app = create_app(db=str(tmp_path / "store.sqlite"), compare_running=1, compare_waiting=0)
    form = {"edition": "mattel-2018", "house": "target-500", "also": "mattel-2018", "players": "2",
            "rounds": "100", "policy": "greedy"}
    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.post("/compare", data=form, follow_redirects=False)
        assert r.status_code == 303
        job = r.headers["location"]
        busy = c.post("/compare", data=form, follow_redirects=False)
        assert busy.status_code == 503 and "Try again" in busy.text
        deadline = time.monotonic() + 120
        while "Open the report" not in (page := c.get(job).text) and "failed" not in page:
            assert time.monotonic() < deadline, page
            time.sleep(0.5)
        assert "Open the report" in page, page
        assert job.endswith("?lang=en")  # the page keeps the language it was asked in
        report = c.get(job.split("?")[0] + "/report")
        assert report.status_code == 200 and "target-500" in report.text
        assert c.get("/compare/0000000000000000").status_code == 400


def test_serve_get_answers_one_request_in_process(capsys):
    assert main(["serve", "--get", "/ask?" + urlencode(ASK)]) == 0
    assert "you may match the red 7 with the red 3 and the blue 4" in capsys.readouterr().out
    assert main(["serve", "--get", "/ask?edition=nope"]) == 1
    assert main(["serve", "--get", "ask"]) == 2


def test_a_ruling_asked_again_is_answered_from_memory(monkeypatch):
    import dosrules.disputes

    query = "/ask?" + urlencode(ASK)
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        first = c.get(query)
        def asked(*args, **kwargs):
            raise RuntimeError("asked again")

        monkeypatch.setattr(dosrules.disputes, "ask", asked)
        again = c.get(query)
        assert again.status_code == 200 and again.text == first.text
        other = c.get(query.replace("3r%2B4b", "7b"))  # another question is asked, not remembered
    assert other.status_code == 500
