"""Do the tests bite? Inject plausible engine bugs one at a time and report which tests catch each.

Each bug is a small text mutation of the engine. For each, the checkout is copied to a temporary
folder (the working tree itself is never changed), the mutation applied to the copy, and the
engine-facing tests run there; the failing tests are the ones that caught the bug. A bug no test
catches is reported as MISSED (exit code 1); a bug whose text the engine no longer holds is
reported as STALE (exit code 2: update BUGS).

Run from the checkout: python benchmarks/inject_bugs.py [--all] [BUG ...]
  --all   run the whole test suite for each bug (slower), not only the engine-facing tests
  BUG     names of bugs to inject (default: every bug); --list shows them
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name -> (what the bug is, file, original text, mutated text)
BUGS = {
    "refill-before-discard": (
        "the Centre Row is refilled before the matched cards leave it (they still count toward "
        "the minimum, so too few cards are turned up)",
        "dosrules/engine/turn.py",
        "to_min = max(0, c.row_minimum - len(self.row))",
        "to_min = max(0, c.row_minimum - len(self.row) - self.removed)"),
    "single-colour-bonus-not-granted": (
        "a single colour match earns no bonus card to place",
        "dosrules/engine/turn.py",
        "self.bonus_owed += place\n",
        "self.bonus_owed += 0 if bonus == \"single-colour\" else place\n"),
    "others-do-not-draw": (
        "after a double colour match the other players draw nothing",
        "dosrules/engine/turn.py",
        "got = self._draw_to((seat + j) % n, k, \"bonus\")",
        "got = []"),
    "row-card-matched-twice": (
        "a Centre Row card already matched this turn is offered as a target again",
        "dosrules/engine/matching.py",  # the fast path of plain matching rules (the table is tested apart)
        "            if used[i]:\n                continue\n            key = (card, self.row_decl[i])",
        "            if used[i]:\n                pass\n            key = (card, self.row_decl[i])"),
    "wild-number-loses-colour": (
        "a Wild # counts as no colour (not its printed colour) for colour bonuses",
        "dosrules/engine/compiled.py",
        "bits = allbits if self.wild_colour is WildNumberColour.DECLARED else 1 << col_index[card.colour]",
        "bits = allbits if self.wild_colour is WildNumberColour.DECLARED else 0"),
    "caught-player-draws-nothing": (
        "a player caught not calling DOS draws no penalty cards at the end of the turn",
        "dosrules/engine/turn.py",
        "            if self._draw_to(seat, pen, \"penalty\") is None:\n                return ENDED\n",
        "            pass\n"),
    "draw-after-match": (
        "a player may draw after having matched (the draw is offered alongside end)",
        "dosrules/engine/state.py",
        "                if self.matches:\n                    acts.append(END)\n",
        "                if self.matches:\n                    acts.append(END)\n                    acts.append(DRAW)\n"),
    # the dimensions of issue 12 (fidelity to the sources): one bug each
    "any-match-after-drawing": (
        "where only the drawn card may be played after a draw (001, 003), any match is allowed",
        "dosrules/engine/requirements.py",
        "return ALLOWED if m is None or any(d.card == drawn for d in m.cards) else FORBIDDEN",
        "return ALLOWED"),
    "bonus-cards-always-kept": (
        "the cards a colour bonus earns may always be kept, even where they must be placed (000 §4)",
        "dosrules/engine/state.py",
        "if self.bonus_keepable()[0] is not False:",
        "if True:"),
    "others-draw-at-once-always": (
        "the others draw for a colour bonus when the match is made, even where the rule says at the end of the turn",
        "dosrules/engine/turn.py",
        "            if timing is DrawTiming.END_OF_TURN:\n",
        "            if False:\n"),
    "only-the-next-player-catches": (
        "a missed DOS call may be caught only by the next player, where any other player may (000 §8, 003)",
        "dosrules/engine/turn.py",
        "if after != seat and c.catcher is not Catcher.NEXT:",
        "if False:"),
    "play-always-passes-left": (
        "an unspecified direction of play is always settled to the left (a lot that decides nothing)",
        "dosrules/engine/rounds.py",
        "self.step = 1 if self.chance.lot(2) == 0 else -1",
        "self.step = 1"),
    "penalty-lapses-silently": (
        "a player going out while a DOS penalty waits for the end of the turn simply goes out: no rule gap",
        "dosrules/engine/rounds.py",
        "if c.pending_penalty is PendingPenalty.UNSPECIFIED:",
        "if False:"),
    # the game log's chance records (issue 11): the referee must hold each to the replay
    "referee-trusts-chance-records": (
        "the referee accepts a chance record that says otherwise than the replay (a forged deal or draw)",
        "dosrules/play/gamelog.py",
        "            if not _same(rec[name], value):",
        "            if False:"),
    # the opening Centre Row (issue 29): centre_row is the least, centre_row_extra how many more
    "opening-row-ignores-extra": (
        "the deal turns up only setup.centre_row cards, whatever setup.centre_row_extra says",
        "dosrules/engine/compiled.py",
        "self.centre_row: int = self.centre_row_min + (self.centre_row_extra or 0)",
        "self.centre_row: int = self.centre_row_min"),
    "open-opening-row-deals-on": (
        "an unspecified setup.centre_row_extra is dealt as 0 without a rule gap (the engine's own choice)",
        "dosrules/engine/rounds.py",
        "        if c.centre_row_extra is None:\n",
        "        if False:\n"),
}

ENGINE_TESTS = ["tests/test_engine_golden.py", "tests/test_engine_random.py", "tests/test_agents.py",
                "tests/test_games.py", "tests/test_simulate.py", "tests/test_disputes.py",
                "tests/test_verify_crosscheck.py", "tests/test_verify_bounds.py", "tests/test_engine_silences.py",
                "tests/test_verify_turn_crosscheck.py", "tests/test_opening_row.py"]


def _copy(dest: Path) -> None:
    ignore = shutil.ignore_patterns(".git", "__pycache__", ".pytest_cache", ".hypothesis", "*.pyc")
    for name in ("dosrules", "tests", "tools", "rulesets", "schemas", "docs", "pyproject.toml", "README.md"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, dest / name)


def run(name: str, whole_suite: bool) -> tuple[list[str] | None, float]:
    what, path, old, new = BUGS[name]
    with tempfile.TemporaryDirectory(prefix=f"dosrules-bug-{name}-") as tmp:
        dest = Path(tmp)
        _copy(dest)
        target = dest / path
        text = target.read_text()
        if text.count(old) != 1:
            return None, 0.0  # the engine changed under the mutation: update BUGS
        target.write_text(text.replace(old, new))
        tests = ["tests"] if whole_suite else ENGINE_TESTS
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rf",
                               "--no-header", "-o", "addopts=", *tests],
                              cwd=dest, capture_output=True, text=True,
                              env={**os.environ, "DOSRULES_PURE_PYTHON": "1"})  # the mutated .py, not a module compiled by mypyc
        seconds = time.perf_counter() - start
    failed = sorted(set(re.findall(r"^FAILED (\S+?)(?: - |$)", proc.stdout, re.M)))
    if proc.returncode not in (0, 1):
        failed.append(f"(pytest exit {proc.returncode}: {proc.stdout.strip().splitlines()[-1:]})")
    return failed, seconds


def main(argv: list[str]) -> int:
    if "--list" in argv:
        for name, (what, *_rest) in BUGS.items():
            print(f"{name}: {what}")
        return 0
    whole = "--all" in argv
    names = [a for a in argv if not a.startswith("--")] or list(BUGS)
    unknown = [n for n in names if n not in BUGS]
    if unknown:
        print(f"unknown bug(s): {', '.join(unknown)}; --list shows them", file=sys.stderr)
        return 2
    missed, stale = [], []
    for name in names:
        failed, seconds = run(name, whole)
        if failed is None:
            stale.append(name)
            print(f"{name}: STALE: its text is not found exactly once in {BUGS[name][1]}; update BUGS")
            continue
        print(f"{name}  ({BUGS[name][0]})  [{seconds:.0f}s]")
        if not failed:
            missed.append(name)
            print("    MISSED: no test failed")
        for test in failed:
            print(f"    caught by {test}")
    tried = len(names) - len(stale)
    print(f"{tried - len(missed)} of {tried} bugs caught" + (f"; missed: {', '.join(missed)}" if missed else "")
          + (f"; stale (not injected): {', '.join(stale)}" if stale else ""))
    return 1 if missed else 2 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
