"""benchmarks/bench_rl.py and bench_search.py measure the installed dosrules (a wheel's compiled
engine), not the source of the checkout they are run from, which came first on their path before
and so shadowed a wheel installed from that checkout."""

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_rl.py"
WHICH = ("import json, pathlib, dosrules; from dosrules.engine import state; print(json.dumps({"
         "'dosrules': str(pathlib.Path(dosrules.__file__).resolve().parent),"
         "'engine': 'python' if state.__file__.endswith('.py') else 'compiled'}))")


def test_bench_rl_measures_the_installed_build(tmp_path):
    installed = json.loads(subprocess.run([sys.executable, "-c", WHICH], capture_output=True, text=True,
                                          check=True, cwd=tmp_path).stdout)  # outside the checkout
    run = subprocess.run([sys.executable, str(BENCH), "mattel-2018", "--players", "2", "--games", "1",
                          "--only", "simulate"], capture_output=True, text=True, timeout=120,
                         cwd=BENCH.parent.parent)  # run from the checkout, as its docstring says
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["build"] == installed


def test_bench_search_measures_the_installed_build(tmp_path):
    installed = json.loads(subprocess.run([sys.executable, "-c", WHICH], capture_output=True, text=True,
                                          check=True, cwd=tmp_path).stdout)
    run = subprocess.run([sys.executable, str(BENCH.with_name("bench_search.py")), "--games", "1", "--editions",
                          "mattel-2018", "--players", "2", "--pairs", "greedy/random"],
                         capture_output=True, text=True, timeout=120, cwd=BENCH.parent.parent)
    assert run.returncode == 0, run.stderr
    last = run.stdout.strip().splitlines()[-1]
    assert last == f"build: {installed['dosrules']}, engine {installed['engine']}", last
