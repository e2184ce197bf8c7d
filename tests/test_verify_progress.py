"""`dosrules verify` says on a terminal how far it has got; elsewhere its output is unchanged."""

import subprocess
import sys

import pytest

from dosrules import load_ruleset
from dosrules.cli import verify as cli
from dosrules.verify import Budget

SPECS = ["mattel-2018", "german", "mattel-2018+two-player"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_ruleset_is_reported_done_once_as_its_report_is_ready(jobs):
    done: list[int] = []
    reports = cli._verify_all([load_ruleset(s) for s in SPECS], SPECS, [], Budget(), {"max_turns": 1}, jobs,
                              600.0, done.append)
    assert [r.ruleset for r in reports] == SPECS and sorted(done) == [0, 1, 2]


def test_no_progress_where_stderr_is_not_a_terminal(tmp_path):
    got = subprocess.run([sys.executable, "-m", "dosrules", "verify", *SPECS[:2], "--turns", "1", "--no-cache",
                          "--jobs", "2", "--db", str(tmp_path / "store.sqlite")], capture_output=True, text=True)
    assert got.returncode == 0 and got.stderr == "" and "mattel-2018" in got.stdout


def test_a_terminal_sees_a_bar_of_the_rulesets_done(tmp_path):
    import os
    import pty
    import threading

    leader, follower = pty.openpty()
    seen = bytearray()

    def drain():  # read as it comes, so that a full terminal buffer never blocks the command
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the other end is closed: all read
                return
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=drain)
    reader.start()
    proc = subprocess.Popen([sys.executable, "-m", "dosrules", "verify", *SPECS[:2], "--turns", "1", "--no-cache",
                             "--db", str(tmp_path / "store.sqlite")], stdout=subprocess.PIPE, stderr=follower,
                            env={**os.environ, "COLUMNS": "120", "TERM": "xterm"})
    os.close(follower)
    out, _ = proc.communicate(timeout=300)
    reader.join(timeout=30)
    os.close(leader)
    assert proc.returncode == 0 and b"verifying" in seen and b"rulesets" in seen
    assert b"verifying" not in out and b"mattel-2018" in out  # the report itself is as without a terminal
