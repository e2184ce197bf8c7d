"""Benchmark: `dosrules ask` of the whole dispute catalogue in each language (issue 27).

Run from the checkout: python benchmarks/bench_ask_lang.py [--runs N] [--cli K]. Each run asks
every scenario of docs/disputes/ (the answers under every ruleset it names, with the deciding
rules) and renders the text answer, once per language, the languages interleaved within the run
(en, de, ko, eu, then again) so that the machine's load falls on all alike. It prints, per
language, the median and range over the runs of the catalogue's wall seconds, and the render
alone (the answers computed once, then said in the language): what speaking another language
costs. With --cli K, also K fresh `python -m dosrules ask FILE --lang LANG` processes per
language on one scenario (a user's wall time, start-up included).
"""
import statistics
import subprocess
import sys
import time

sys.path.insert(0, '.')

from dosrules.disputes import ask, load_scenario, shipped_editions  # noqa: E402
from dosrules.disputes.render import render_text  # noqa: E402
from dosrules.lang import LANGUAGES  # noqa: E402
from tools.dispute_catalogue import scenario_files  # noqa: E402


def catalogue_wall(scenarios, lang: str, editions) -> float:
    start = time.perf_counter()
    for scenario in scenarios:
        render_text(scenario, ask(scenario), {}, editions, lang=lang)
    return time.perf_counter() - start


def render_wall(answered, lang: str, editions) -> float:
    start = time.perf_counter()
    for scenario, answers in answered:
        render_text(scenario, answers, {}, editions, verbose=True, lang=lang)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 3
    cli = int(argv[argv.index("--cli") + 1]) if "--cli" in argv else 0
    files = scenario_files()
    scenarios = [load_scenario(f) for f in files]
    editions = shipped_editions()
    catalogue_wall(scenarios[:2], "en", editions)  # imports and caches warm
    walls: dict[str, list[float]] = {lang: [] for lang in LANGUAGES}
    for _ in range(runs):
        for lang in LANGUAGES:
            walls[lang].append(catalogue_wall(scenarios, lang, editions))
    answered = [(s, ask(s)) for s in scenarios]
    renders = {lang: [render_wall(answered, lang, editions) for _ in range(5)] for lang in LANGUAGES}
    print(f"dispute catalogue: {len(scenarios)} scenarios, {runs} runs, languages interleaved")
    print(f"{'lang':<5} {'ask+render median':>17} {'min':>7} {'max':>7} {'render only':>12}")
    for lang in LANGUAGES:
        w = walls[lang]
        print(f"{lang:<5} {statistics.median(w):>16.2f}s {min(w):>6.2f}s {max(w):>6.2f}s "
              f"{statistics.median(renders[lang]) * 1000:>10.1f}ms")
    if cli:
        print(f"\n`python -m dosrules ask {files[0].name} --lang LANG`, {cli} fresh processes each, interleaved")
        times: dict[str, list[float]] = {lang: [] for lang in LANGUAGES}
        for _ in range(cli):
            for lang in LANGUAGES:
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "dosrules", "ask", str(files[0]), "--lang", lang], check=True,
                               stdout=subprocess.DEVNULL)
                times[lang].append(time.perf_counter() - start)
        for lang in LANGUAGES:
            print(f"{lang:<5} median {statistics.median(times[lang]):.2f}s (min {min(times[lang]):.2f}s, "
                  f"max {max(times[lang]):.2f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
