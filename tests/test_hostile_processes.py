"""Hostile inputs that need a process of their own: a memory ceiling, signals to a run with
worker processes, Ctrl-C in the middle of a Z3 query, a file size limit. Each run has a hard
timeout, so a regression fails instead of hanging CI."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hostilekit import house

CLI = [sys.executable, "-m", "dosrules"]
MEMORY = 1 << 30  # bytes of address space a run may take (the probe saw growth at 50-60 MB/s)


def _limits(memory: int | None = None, file_size: int | None = None):
    def apply():
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        if file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
    return apply


def _as_in_a_terminal():
    """A child that Ctrl-C reaches, as in a terminal, even where these tests run as a background
    job (whose children inherit SIGINT ignored, which dosrules keeps)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _run(args, *, timeout=60, **limits) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *map(str, args)], capture_output=True, text=True, timeout=timeout,
                          preexec_fn=_limits(**limits))


@pytest.mark.parametrize("rules, argv, code, message", [
    ({"players": {"max": 10 ** 12}}, ["validate"], 1, "1000000000000 is more than the maximum of 10"),
    ({"deck": {"wild_dos": 10 ** 11}}, ["play", "--players", "2"], 1, "100000000000 is more than the maximum of 60"),
    (None, ["compare", "mattel-2018", "german", "--rounds", str(10 ** 12)], 2, "--rounds must be at most 1,000,000"),
], ids=["validate-players", "play-wild-dos", "compare-rounds"])
def test_huge_counts_end_in_a_message_within_a_memory_ceiling(tmp_path, rules, argv, code, message):
    if rules is not None:
        argv = [argv[0], house(tmp_path, "huge", rules), *argv[1:]]
    done = _run(argv, memory=MEMORY, timeout=60)
    assert (done.returncode, "internal error" in done.stderr) == (code, False), done.stderr
    assert message in done.stderr


def _group_size(pgid: int) -> int:
    """Live processes in process group ``pgid`` (from /proc)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:  # state, ppid, pgrp
            count += 1
    return count


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _until(predicate, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts a process group's members in /proc")
@pytest.mark.parametrize("argv, sig, code", [
    (["compare", "mattel-2018", "german", "--players", "3", "--rounds", "200000", "--jobs", "2",
      "--no-witnesses"], signal.SIGKILL, -9),
    (["verify", "mattel-2018", "german", "digest-2017", "--jobs", "2"], signal.SIGTERM, 143),
], ids=["compare-sigkill", "verify-sigterm"])
def test_no_worker_outlives_its_parent(tmp_path, argv, sig, code):
    """The run is a process group of its own (start_new_session): once the parent is gone, no
    process of the group may remain — the workers die with it, and the parent does not wait for
    them to finish their work."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    proc = subprocess.Popen([*CLI, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env=env)
    try:
        assert _until(lambda: _group_size(proc.pid) >= 3, 30), "the workers did not start"
        proc.send_signal(sig)
        sent = time.monotonic()
        assert proc.wait(timeout=20) == code
        assert time.monotonic() - sent < 5, "the run waited for its workers"  # they inherited a handler: 12 s
        assert _until(lambda: not _group_alive(proc.pid), 10), "a worker outlived its parent"
        if sig == signal.SIGTERM:
            assert proc.stderr.read() == "terminated\n"
    finally:
        if _group_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def test_ctrl_c_stops_verify_cleanly_wherever_it_lands():
    """Ctrl-C during start-up, between queries and inside a long Z3 query: exit 130 with one word,
    never an internal error, a traceback or 'Exception ignored'."""
    for delay in (0.3, 0.7, 1.5, 3.0, 4.5):
        proc = subprocess.Popen([*CLI, "verify", "mattel-2018", "german", "digest-2017", "--timeout", "20000"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                preexec_fn=_as_in_a_terminal)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=15)
        finally:
            proc.kill()
        assert (proc.returncode, err) == (130, "interrupted\n"), (delay, err[-500:])


_GAP_SEARCH_UNDER_CTRL_C = """
import os, signal, threading, time
import dosrules.verify
from dosrules import load_ruleset
from dosrules.gaps.catalogue import reachability
ruleset = load_ruleset("mattel-2018")
threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
start = time.monotonic()
try:
    reachability(ruleset)
    print("finished")
except KeyboardInterrupt:
    print(f"stopped {time.monotonic() - start:.1f}")
"""


def test_ctrl_c_stops_the_gap_search_that_gaps_runs():
    """With its own Ctrl-C handler on, z3 cancels the running query and the search goes on to
    its end (seconds later, exit 0): the search must stop instead, as ``verify`` does."""
    done = subprocess.run([sys.executable, "-c", _GAP_SEARCH_UNDER_CTRL_C], capture_output=True, text=True,
                          timeout=120, preexec_fn=_as_in_a_terminal)
    word, _, seconds = done.stdout.strip().partition(" ")
    assert word == "stopped" and float(seconds) < 3, (done.stdout, done.stderr[-500:])


def test_a_caught_ctrl_c_exits_130_even_from_code_run_by_exec(tmp_path):
    """CPython marks a KeyboardInterrupt leaving ``exec`` of a string as unhandled even when it
    is caught later, and ``python -m`` then ends the process by SIGINT (exit -2): dataclasses make
    their methods that way, so a Ctrl-C while modules load did this."""
    (tmp_path / "ctrlc").mkdir()
    (tmp_path / "ctrlc" / "__main__.py").write_text(
        "import sys\nimport dosrules.cli as cli\n"
        "cli.build_parser = lambda *only: exec('raise KeyboardInterrupt')\n"
        "sys.exit(cli.main(['rulesets']))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), *sys.path]))
    done = subprocess.run([sys.executable, "-m", "ctrlc"], capture_output=True, text=True, timeout=60, env=env,
                          cwd=tmp_path, preexec_fn=_as_in_a_terminal)
    assert (done.returncode, done.stderr) == (130, "interrupted\n")


def test_a_file_size_limit_is_a_message_and_keeps_what_was_stored(tmp_path):
    db = tmp_path / "r.sqlite"
    done = _run(["compare", "mattel-2018", "german", "--players", "2", "--rounds", "4000", "--no-witnesses",
                 "--jobs", "1", "--db", db], file_size=40_000, timeout=120)
    assert done.returncode == 2 and "internal error" not in done.stderr, done.stderr
    assert "cannot write the results store" in done.stderr and "the disk is full or a file size limit" in done.stderr


# --- standard output that cannot be written (issue 29) -----------------------------------------------

@pytest.mark.parametrize("how", ["dev-full", "closed"])
def test_output_that_cannot_be_written_is_a_message(how):
    """``show > /dev/full`` and ``show >&-`` used to end in an internal error (exit 70)."""
    stdout = open("/dev/full", "w") if how == "dev-full" else None
    try:
        done = subprocess.run([*CLI, "show", "mattel-2018"], stdout=stdout, stderr=subprocess.PIPE, text=True,
                              timeout=60, close_fds=True,
                              preexec_fn=(lambda: os.close(1)) if how == "closed" else None)
    finally:
        if stdout is not None:
            stdout.close()
    assert done.returncode == 1, done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr and "Exception" not in done.stderr
    assert {"dev-full": "cannot write standard output: No space left on device",
            "closed": "standard output is closed"}[how] in done.stderr


def test_an_ascii_terminal_gets_escapes_not_an_error():
    """``PYTHONIOENCODING=ascii show german --cite`` used to end in a UnicodeEncodeError."""
    done = subprocess.run([*CLI, "show", "german", "--cite"], capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert "german \\u2014 DOS" in done.stdout.decode("ascii")
