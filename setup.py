"""Build steps that pyproject.toml cannot declare: the optional C planner and the shipped data.

* ``dosrules.play._plan`` (``dosrules/play/_plan.c``) is optional: when it does not compile, the install
  goes on and ``dosrules.play.planner`` plans in Python (the same plays: that code is the formulation
  the C planner is tested against).
* The repo's ``rulesets/`` and ``schemas/`` go into the wheel as ``dosrules/_data/rulesets`` and
  ``dosrules/_data/schemas`` (an editable install reads them from the checkout instead; see
  ``dosrules/resources.py``).
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA = ("rulesets", "schemas")


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
    ext_modules=[Extension("dosrules.play._plan", ["dosrules/play/_plan.c"], optional=True)],
    cmdclass={"build_py": build_py_with_data},
)
