"""Screenshots of every page of ``dosrules serve`` at a phone's 360×740 and a laptop's 1280×800,
for docs/serve.md: ``python -m tools.serve_screenshots`` (needs the web and test extras and
Debian's chromium)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from servekit import chromium, served  # noqa: E402

PAGES = {
    "rules": "/?edition=mattel-2018&house=reshuffle",
    "ask": "/ask?edition=mattel-2018&house=reshuffle&also=german&row=7r+9b&hand=3r+4b+9g+5y"
           "&action=match+7r+with+3r%2B4b&action=end",
    "options": "/options?edition=german&row=7r+9b&hand=3r+4r+9g",
    "rulebook": "/doc?edition=mattel-2018&house=reshuffle&lang=de",
    "compare": "/compare?edition=mattel-2018&house=reshuffle",
    "ask-de": "/ask?edition=german&also=mattel-2018&row=7r+9b&hand=3r+4r+9g&action=match+9b+with+3r&lang=de",
    "options-ko": "/options?edition=mattel-2018&row=7r+9b&hand=3r+4r+9g&lang=ko",
}
SIZES = {"phone": (360, 740), "laptop": (1280, 800)}


def main() -> int:
    from playwright.sync_api import sync_playwright

    out = ROOT / "docs" / "serve"
    out.mkdir(parents=True, exist_ok=True)
    with served() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        for name, path in PAGES.items():
            for size, (w, h) in SIZES.items():
                page = browser.new_page(viewport={"width": w, "height": h})
                started = time.perf_counter()
                page.goto(base + path)
                page.screenshot(path=str(out / f"{name}-{size}.png"))
                print(f"{name} {size}: {time.perf_counter() - started:.2f} s")
                page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
