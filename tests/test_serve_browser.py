"""dosrules serve in a real browser: Playwright drives Debian's Chromium against a server started
as a child process on a free port. A person picks a house rule, asks a question by tapping
cards, follows the shared link, and prints the rulebook; every page fits a 360 px phone."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest

pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api")

from servekit import chromium, served  # noqa: E402

pytestmark = pytest.mark.skipif(chromium() is None, reason="Debian's chromium is not installed (apt-get install chromium)")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def base():
    with served() as url:
        yield url


def _phone(browser):
    return browser.new_page(viewport={"width": 360, "height": 740})


def _tap_and_ask(page, lang: str, row: tuple[str, ...], hand: tuple[str, ...]) -> None:
    """Tap the Centre Row's and the hand's cards (named in ``lang``), write the move, ask."""
    from dosrules.lang.answers import SAY
    from dosrules.lang.web import PAGE

    page.get_by_label(SAY("html.row", lang)).click()
    for card in row:
        page.get_by_role("button", name=card, exact=True).click()
    page.get_by_label(PAGE("ask.your-hand", lang)).click()
    for card in hand:
        page.get_by_role("button", name=card, exact=True).click()
    assert page.get_by_label(PAGE("ask.your-hand", lang)).input_value() == "3r 4r 9g"
    page.get_by_label(PAGE("ask.what", lang)).fill("match 7r with 3r+4r")
    page.get_by_role("button", name=PAGE("ask.ask", lang)).click()


def test_pick_a_house_rule_ask_by_tapping_cards_and_share_the_ruling(browser, base):
    page = _phone(browser)
    page.goto(base + "/")
    page.get_by_label("Reshuffle the discard pile when the deck runs out").check()
    page.get_by_role("button", name="Use these rules").click()
    assert "house=reshuffle" in page.url
    page.get_by_role("link", name="Can I do this?").first.click()
    _tap_and_ask(page, "en", ("red 7", "blue 9"), ("red 3", "red 4", "green 9"))
    answer = page.locator("#answer .headline").inner_text()
    assert answer.startswith("Yes, you may match the red 7 with the red 3 and the red 4")
    link = page.locator("#permalink").get_attribute("href")
    shared = _phone(browser)
    shared.goto(urljoin(page.url, link))
    assert shared.locator("#answer .headline").inner_text() == answer
    assert shared.get_by_label("Centre Row").input_value() == "7r 9b"


def test_a_german_browser_asks_in_german_shares_in_german_and_switches_to_korean(browser, base):
    page = browser.new_page(viewport={"width": 360, "height": 740}, locale="de-DE")  # Accept-Language: de-DE
    page.goto(base + "/ask?edition=german")
    assert page.locator("html").get_attribute("lang") == "de"
    _tap_and_ask(page, "de", ("rote 7", "blaue 9"), ("rote 3", "rote 4", "grüne 9"))
    answer = page.locator("#answer .headline").inner_text()
    assert answer.startswith("Ja, du darfst die rote 7 mit der roten 3 und der roten 4 abdecken")
    shared = browser.new_page(locale="en-GB")  # the link names its language: an English browser sees German
    shared.goto(urljoin(page.url, page.locator("#permalink").get_attribute("href")))
    assert shared.locator("#answer .headline").inner_text() == answer
    shared.get_by_role("navigation", name="Sprache").get_by_role("link", name="한국어").click()
    assert shared.locator("html").get_attribute("lang") == "ko"
    assert shared.locator("#answer .headline").inner_text().startswith("예, 다음을 할 수 있습니다")
    assert shared.get_by_label("센터 로우").input_value() == "7r 9b"


def test_what_may_i_do_leads_to_a_ruling(browser, base):
    page = _phone(browser)
    page.goto(base + "/options?edition=german&row=7r+9b&hand=3r+4r+9g")
    page.get_by_role("link", name="match 9b with 9g").click()
    assert page.locator("#answer .headline").inner_text().startswith("Yes, you may match the blue 9 with the green 9")


def test_the_rulebook_prints(browser, base):
    page = browser.new_page()
    page.goto(base + "/doc?edition=mattel-2018&house=reshuffle&lang=de")
    assert page.locator("h1").first.inner_text()
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 10_000


@pytest.mark.parametrize("path", ["/", "/ask?edition=mattel-2018&row=7r+9b&hand=3r+4r&action=match+7r+with+3r%2B4r",
                                  "/options?edition=mattel-2018&row=7r+9b&hand=3r+4r", "/compare?edition=mattel-2018"])
def test_every_page_fits_a_phone(browser, base, path):
    page = _phone(browser)
    page.goto(base + path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for field in page.locator("input:not([type=hidden]), select, textarea").all():
        label = field.get_attribute("id")
        assert label and page.locator(f"label[for='{label}']").count() == 1  # every field is labelled
