"""dosrules serve, timed as a person at the table meets it: per page the time to the first byte
and the full page load (warm, Playwright with Debian's chromium), a ruling under three rulesets,
and 50 concurrent ``ask`` requests on the loopback address.

    python benchmarks/bench_serve.py [--repeat 5] [--concurrent 50]

Needs the web and test extras; the server is a child process on a free loopback port.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from servekit import chromium, served  # noqa: E402

PAGES = {
    "our rules": "/?edition=mattel-2018&house=reshuffle",
    "can I do this? (form)": "/ask?edition=mattel-2018",
    "what may I do?": "/options?edition=mattel-2018&row=7r+9b&hand=3r+4r+9g",
    "rulebook (de)": "/doc?edition=mattel-2018&house=reshuffle&lang=de",
    "house-rule sheet": "/doc?edition=mattel-2018&house=reshuffle&against=mattel-2018",
    "compare (form)": "/compare?edition=mattel-2018",
}
RULING = ("/ask?edition=mattel-2018&also=german&also=digest-2017&row=7r+9b&hand=3r+4b+9g+5y"
          "&action=match+7r+with+3r%2B4b&action=end")
CONCURRENT = "/ask?edition=mattel-2018&row=7r+9b&hand=3r+4r+9g&action=match+7r+with+3r%2B4r"


def fresh(path: str, i: int) -> str:
    """``path`` asked as a question the server has not answered yet (the other seat holds another
    number of cards), so that it is computed, not read from the rulings it keeps."""
    return f"{path}&hand={3 + i % 20}&players={2 + (i // 20) % 3}"


def fetch(base: str, path: str) -> tuple[float, float, int]:
    """(seconds to the first byte, seconds to the whole body, status) of one GET."""
    host = urlsplit(base)
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=120)
    started = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    response.read(1)
    first = time.perf_counter() - started
    response.read()
    conn.close()
    return first, time.perf_counter() - started, response.status


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.0f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--concurrent", type=int, default=50)
    args = parser.parse_args()
    with served() as base:
        for path in [*PAGES.values(), RULING, CONCURRENT]:  # warm: templates, rulesets, caches
            fetch(base, path)
        print(f"{'page':26} {'first byte':>12} {'whole page':>12}  (median of {args.repeat}, warm)")
        for name, path in [*PAGES.items(), ("ruling, three rulesets", RULING)]:
            runs = [fetch(base, path) for _ in range(args.repeat)]
            assert all(status == 200 for *_, status in runs), (name, runs)
            print(f"{name:26} {ms(statistics.median(r[0] for r in runs))} {ms(statistics.median(r[1] for r in runs))}"
                  + ("  (reopened: kept)" if path == RULING else ""))
        runs = [fetch(base, fresh(RULING, i)) for i in range(args.repeat)]
        assert all(status == 200 for *_, status in runs), runs
        print(f"{'ruling, three, new':26} {ms(statistics.median(r[0] for r in runs))} "
              f"{ms(statistics.median(r[1] for r in runs))}  (a question not asked before)")
        if chromium() is not None:
            from playwright.sync_api import sync_playwright

            print(f"\n{'page':26} {'load in chromium':>18}  (median of {args.repeat}: page, CSS and script)")
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 360, "height": 740})
                for name, path in [*PAGES.items(), ("ruling, three rulesets", RULING)]:
                    times = []
                    for _ in range(args.repeat):
                        started = time.perf_counter()
                        page.goto(base + path, wait_until="load")
                        times.append(time.perf_counter() - started)
                    print(f"{name:26} {ms(statistics.median(times)):>18}")
                browser.close()
        started = time.perf_counter()
        with ThreadPoolExecutor(args.concurrent) as pool:
            results = list(pool.map(lambda i: fetch(base, fresh(CONCURRENT, 100 + i)), range(args.concurrent)))
        wall = time.perf_counter() - started
        latencies = sorted(r[1] for r in results)
        errors = sum(1 for r in results if r[2] != 200)
        p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
        print(f"\n{args.concurrent} concurrent ask requests, each a new question: {len(results) - errors} answered, {errors} errors, "
              f"p50 {ms(statistics.median(latencies)).strip()}, p95 {ms(p95).strip()}, all in {wall:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
