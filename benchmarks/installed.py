"""Which ``dosrules`` a benchmark measures: the installed one (a wheel's compiled engine, or an
editable install), and this checkout's source only when none is installed. Importing this module
makes that choice (a script run from the checkout must not put the checkout first on its path:
that shadowed a wheel installed from it); :func:`build` says which one runs."""

from __future__ import annotations

import sys
from pathlib import Path

try:
    import dosrules  # noqa: F401  # the installed build
except ImportError:  # none installed: this checkout's source
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def build() -> dict:
    """Which ``dosrules`` runs: its directory, and whether its engine is compiled by mypyc."""
    import dosrules
    from dosrules.engine import state
    return {"dosrules": str(Path(dosrules.__file__).resolve().parent),
            "engine": "python" if (state.__file__ or "").endswith(".py") else "compiled"}
