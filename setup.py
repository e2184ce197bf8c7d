"""Build steps that pyproject.toml cannot declare: the optional C planner and the shipped data.

* ``dosrules.play._plan`` (``dosrules/play/_plan.c``) is optional: when it does not compile, the install
  goes on and ``dosrules.play.planner`` plans in Python (the same plays: that code is the formulation
  the C planner is tested against).
* A wheel (``pip install .``) also compiles the engine's hot modules (``MYPYC_MODULES``) with mypyc,
  about twice as fast (see docs/engine.md, "The engine compiled by mypyc"); an editable install
  (``pip install -e .``) keeps them Python, so that edits to them take effect. ``DOSRULES_MYPYC=0``
  builds no compiled engine, ``DOSRULES_MYPYC=1`` builds it in any build. Without mypy (a build
  requirement) or a working C compiler, or if mypyc fails, the install goes on with the Python
  engine (the same games). At run time ``DOSRULES_PURE_PYTHON=1`` imports the Python source even
  where a compiled module is installed.
* The repo's ``rulesets/`` and ``schemas/`` go into the wheel as ``dosrules/_data/rulesets`` and
  ``dosrules/_data/schemas`` (an editable install reads them from the checkout instead; see
  ``dosrules/resources.py``).
"""

import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA = ("rulesets", "schemas")
#: compiled by mypyc in a wheel (one shared library; the .py files stay the source)
MYPYC_MODULES = [f"dosrules/engine/{name}.py" for name in (
    "phase", "zones", "matching", "turn", "rounds", "state", "requirements", "compiled", "chance", "values",
    "events", "actions", "specialised")] + [
    f"dosrules/play/{name}.py" for name in ("agents", "behaviour", "tally")] + [
    f"dosrules/rl/{name}.py" for name in ("deckchance", "episode", "codebook")]  # the RL wrapper's own work (issue 17)


def mypyc_extensions() -> list:
    """The mypyc extensions, or none (the engine stays Python): see the module docstring."""
    wanted = os.environ.get("DOSRULES_MYPYC", "")
    if wanted == "0" or (wanted == "" and "bdist_wheel" not in sys.argv):  # metadata, editable: no
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("dosrules: mypy (mypyc) is not installed; the engine stays Python", file=sys.stderr)
        return []
    if not _compiler_works():
        print("dosrules: no working C compiler; the engine stays Python", file=sys.stderr)
        return []
    try:
        return mypycify(["--follow-imports=silent", *MYPYC_MODULES], opt_level="3", group_name="dosrules_engine")
    except (Exception, SystemExit) as err:  # e.g. a mypy release that reads the code differently
        print(f"dosrules: mypyc could not compile the engine ({err!r}); it stays Python", file=sys.stderr)
        return []


def _compiler_works() -> bool:
    """Whether the C compiler Python's build uses compiles a trivial file (the mypyc extension is
    one library and its stubs: it must not half build)."""
    import tempfile
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("int probe(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=tmp)
        except Exception:
            return False
    return True


class build_py_with_data(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA:
            src = ROOT / name
            dst = Path(self.build_lib) / "dosrules" / "_data" / name
            if dst.exists():
                shutil.rmtree(dst)
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(
    ext_modules=[Extension("dosrules.play._plan", ["dosrules/play/_plan.c"], optional=True), *mypyc_extensions()],
    cmdclass={"build_py": build_py_with_data},
)
