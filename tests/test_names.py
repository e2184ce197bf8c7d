"""One name, one class: no two public classes of the package share a name, so that a name says
which concern it belongs to (issue 29: Effect, Matching and Reading were each two classes)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "dosrules"


def test_no_two_public_classes_share_a_name():
    found = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                found[node.name].append(str(path.relative_to(PACKAGE)))
    twice = {name: files for name, files in found.items() if len(files) > 1}
    assert twice == {}, f"classes defined twice: {twice}"
