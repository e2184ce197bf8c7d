"""The hostile-input corpus and a command-line fuzz, each run in a process of its own, counted by
class: clean, unclear, internal, hang, memory, injection, loss, wrong. Prints the counts, the
slowest run and the largest memory, and every run that is not clean.

    python benchmarks/hostile_classes.py                 # the corpus and 120 fuzzed runs
    python benchmarks/hostile_classes.py --fuzz 400 --seed 2 --limit 60

Every run is bounded: a hard time limit (``--limit`` seconds, then the process group is killed:
"hang") and an address-space limit (``--memory`` GiB: "memory" when it is reached, or when the
run's peak resident memory passes 2 GiB). A run is

* **internal**: exit 70, "internal error" or a traceback;
* **memory**: a MemoryError, or more than 2 GiB resident;
* **hang**: killed at the time limit;
* **injection**: a raw control or bidi character on the terminal or in a file the run wrote;
* **loss**: a file that was there before the run (an input) changed or went away;
* **wrong**: a corpus case's exit code or pinned message differs; a fuzzed run's exit code is not
  0 to 3, or it printed a message of success and an exit code of failure;
* **unclear**: it failed without a message, or wrote more than 20,000 characters to stderr
  (input echoed whole);
* **clean**: none of these.

The corpus is ``tests/test_hostile_corpus.CASES`` (each case builds its input in a folder of its
own, in this process, then the command runs as ``python -m dosrules``); the fuzz draws argument
vectors from the same pools as ``tests/test_hostile_fuzz.py`` with a seeded generator, and runs
each on one of four standard outputs: a pipe, ``/dev/full``, none (closed) and an ASCII-only one.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

CLASSES = ("clean", "unclear", "internal", "hang", "memory", "injection", "loss", "wrong")
MEMORY_GOAL = 2 << 30  # bytes resident: the goal (issue 29)
TIME_GOAL = 20.0  # seconds: the goal
MAX_MESSAGE = 20_000  # characters of output a failing run may print


@dataclass
class Outcome:
    name: str
    klass: str
    seconds: float
    rss: int  # peak resident bytes
    code: int | None
    detail: str = ""


def _digest(path: Path) -> str:
    """What a file holds: its bytes; for an SQLite file its rows (a checkpoint of its write-ahead
    log rewrites the file without changing them), or its bytes when it cannot be read."""
    if path.suffix == ".sqlite":
        import sqlite3

        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
                return hashlib.sha256("\n".join(conn.iterdump()).encode()).hexdigest()
        except sqlite3.Error:
            pass
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _snapshot(folder: Path) -> dict[Path, str]:
    """The digest of every file under ``folder`` but SQLite's journals (-wal, -shm)."""
    out = {}
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink() and not path.name.endswith(("-wal", "-shm", ".peak")):
            try:
                out[path] = _digest(path)
            except OSError:
                pass
    return out


def _limits(memory: int):
    def apply():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    return apply


def run(argv: list[str], cwd: Path, *, limit: float, memory: int, stdout: str = "pipe") -> tuple:
    """(exit code, or None when killed at the limit; stdout; stderr; seconds; peak resident bytes,
    measured by GNU time)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cwd / "cache"), "PYTHONPATH": str(ROOT)}
    env.pop("DOSRULES_DEBUG", None)
    out_file = open("/dev/full", "w") if stdout == "full" else None
    if stdout == "ascii":
        env["PYTHONIOENCODING"] = "ascii"
    peak = cwd / ".peak"
    started = time.monotonic()

    def prepare():
        _limits(memory)()
        if stdout == "closed":
            os.close(1)

    proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", str(peak), sys.executable, "-m", "dosrules",
                             *map(str, argv)], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=out_file or subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=prepare)
    try:
        out, err = proc.communicate(timeout=limit)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = None
    finally:
        if out_file is not None:
            out_file.close()
    seconds = time.monotonic() - started
    try:
        rss = int(peak.read_text().split()[-1]) * 1024
        peak.unlink()
    except (OSError, ValueError, IndexError):
        rss = 0
    err_text = (err or b"").decode("utf-8", "replace")
    err_text = "\n".join(line for line in err_text.splitlines() if not line.startswith("Command exited with"))
    return code, (out or b"").decode("utf-8", "replace"), err_text, seconds, rss


def classify(code, out: str, err: str, rss: int, before: dict, folder: Path, *, expected=None) -> tuple[str, str]:
    from hostilekit import CLEAN_EXITS, RAW_CONTROL

    text = out + err
    if code is None:
        return "hang", "killed at the time limit"
    if "MemoryError" in text or rss > MEMORY_GOAL or code in (-9, 137):
        return "memory", f"{rss >> 20} MiB"
    if code == 70 or "internal error" in err or "Traceback" in err:
        return "internal", err[-300:]
    raw = RAW_CONTROL.search(text)
    if raw:
        return "injection", f"raw {raw.group()!r} on the terminal"
    for path in folder.rglob("*"):
        if path.suffix in (".md", ".html", ".txt", ".svg") and path.is_file() and path not in before:
            hit = RAW_CONTROL.search(path.read_text(encoding="utf-8", errors="replace"))
            if hit:
                return "injection", f"raw {hit.group()!r} in {path.name}"
    after = _snapshot(folder)
    changed = [p for p, digest in before.items() if after.get(p) != digest and "cache" not in p.parts]
    if changed:
        return "loss", f"changed or removed: {', '.join(p.name for p in changed[:3])}"
    if expected is not None:
        code_wanted, pinned = expected
        if code != code_wanted:
            return "wrong", f"exit {code}, expected {code_wanted}: {text[-200:]}"
        if pinned not in text:
            return "wrong", f"'{pinned[:80]}' not in: {text[-200:]}"
    elif code not in CLEAN_EXITS:
        return "wrong", f"exit {code}"
    if code != 0 and not text.strip():
        return "unclear", "failed without a message"
    if len(err) > MAX_MESSAGE:  # a report on stdout may be long; a message is a paragraph or a few
        return "unclear", f"{len(err):,} characters on stderr"
    return "clean", ""


def corpus_runs(args, base: Path):
    from test_hostile_corpus import CASES

    for case in CASES:
        folder = base / case.id
        folder.mkdir()
        here = os.getcwd()
        os.environ["XDG_CACHE_HOME"] = str(folder / "cache")
        os.chdir(folder)
        try:
            argv = case.build(folder)
        finally:
            os.chdir(here)
        before = _snapshot(folder)
        yield case.id, argv, folder, before, (case.code, case.pinned.replace("{tmp}", str(folder))), "pipe"


def fuzz_runs(args, base: Path):
    from test_hostile_fuzz import COMMANDS, OPTIONS

    rnd = random.Random(args.seed)
    values = ["0", "-0", "-7", "1.5", "inf", "nan", "", "9" * 25, "10000000", "\x1b]52;c;SGk=\x07", "\u202eevil",
              "<script>x</script>", "../../etc/passwd", "a" * 5000, ":memory:", "mattel-2018", "casual:forget=0.4,forget=0.5",
              "md", "html", "de", "tcp://127.0.0.1:1", "2,3", "1", "4"]
    for i in range(args.fuzz):
        command = rnd.choice(sorted(COMMANDS))
        argv = [command, *COMMANDS[command]]
        for _ in range(rnd.randint(0, 3)):
            argv += [rnd.choice(OPTIONS), rnd.choice(values)]
        stdout = rnd.choice(["pipe", "full", "closed", "ascii"])
        folder = base / f"fuzz-{i:04d}"
        folder.mkdir()
        if command == "compare" and "--db" not in argv:
            argv += ["--db", folder / "r.sqlite"]
        yield f"fuzz-{i:04d} ({stdout}) {' '.join(map(str, argv))[:120]}", argv, folder, _snapshot(folder), None, stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fuzz", type=int, default=120, help="fuzzed runs (default 120)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the fuzz (default 1)")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds before a run is killed (default 60)")
    parser.add_argument("--memory", type=float, default=4.0, help="GiB of address space a run may take (default 4)")
    parser.add_argument("--no-corpus", action="store_true", help="only the fuzz")
    args = parser.parse_args()
    memory = int(args.memory * (1 << 30))
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="dosrules-hostile-") as tmp:
        base = Path(tmp)
        runs = [] if args.no_corpus else list(corpus_runs(args, base))
        runs += list(fuzz_runs(args, base))
        for name, argv, folder, before, expected, stdout in runs:
            code, out, err, seconds, rss = run(argv, folder, limit=args.limit, memory=memory, stdout=stdout)
            klass, detail = classify(code, out, err, rss, before, folder, expected=expected)
            outcomes.append(Outcome(name, klass, seconds, rss, code, detail))
            print(f"{klass:9} {seconds:6.2f} s {rss >> 20:5d} MiB {name[:100]}" + (f"  -- {detail[:200]}" if detail else ""),
                  file=sys.stderr, flush=True)
    counts = Counter(o.klass for o in outcomes)
    slowest = max(outcomes, key=lambda o: o.seconds)
    largest = max(outcomes, key=lambda o: o.rss)
    print(f"runs: {len(outcomes)} (corpus {sum(not o.name.startswith('fuzz') for o in outcomes)}, "
          f"fuzz {sum(o.name.startswith('fuzz') for o in outcomes)})")
    print("by class: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in CLASSES))
    print(f"slowest run: {slowest.seconds:.2f} s ({slowest.name[:100]})")
    print(f"largest memory: {largest.rss / (1 << 20):.0f} MiB resident ({largest.name[:100]})")
    print(f"over {TIME_GOAL:g} s: {sum(o.seconds > TIME_GOAL for o in outcomes)}; "
          f"over 2 GiB: {sum(o.rss > MEMORY_GOAL for o in outcomes)}")
    for o in outcomes:
        if o.klass != "clean":
            print(f"  {o.klass}: {o.name[:120]}: {o.detail[:300]}")
    return 0 if counts.get("clean", 0) == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
