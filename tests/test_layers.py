"""What each layer of the package may import (docs/architecture.md): the layers stay layers.

Every ``import`` and ``from ... import`` in dosrules/, at module level or inside a function, is
read with ``ast``; an import of a layer not allowed below is a failure that names the file and
line.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "dosrules"

#: layer -> the layers it may import (besides itself)
ALLOWED = {
    "errors": set(),
    "interrupts": {"errors"},
    "ruleset": {"errors"},
    "engine": {"errors", "ruleset"},
    "rulebook": {"errors", "ruleset"},
    "lang": {"errors", "ruleset", "engine"},
    "verify": {"errors", "ruleset", "interrupts"},
    "play": {"errors", "ruleset", "engine", "rulebook", "lang"},
    "disputes": {"errors", "ruleset", "engine", "rulebook", "lang"},
    "comparison": {"errors", "ruleset", "engine", "play", "verify"},
    "rl": {"errors", "ruleset", "engine", "play"},
    "gaps": {"errors", "ruleset", "rulebook", "verify", "play", "comparison"},
    "web": {"errors", "ruleset", "rulebook", "disputes", "gaps", "lang"},
    "cli": {"errors", "ruleset", "engine", "rulebook", "verify", "play", "disputes", "comparison", "gaps", "web", "lang"},
    "__init__": {"ruleset", "engine"},
    "__main__": {"cli"},
}


def _layer(path: Path, package: Path = PACKAGE) -> str:
    rel = path.relative_to(package).parts
    return rel[0] if len(rel) > 1 else rel[0].removesuffix(".py")


def _imported_layers(path: Path, root: Path = PACKAGE):
    """(line, layer) of every dosrules layer ``path`` imports."""
    parts = ["dosrules", *path.relative_to(root).with_suffix("").parts]
    package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                module = base + (node.module.split(".") if node.module else [])
            elif node.module:
                module = node.module.split(".")
            else:
                continue
            if module == ["dosrules"]:
                targets = [["dosrules", a.name] for a in node.names]
            else:
                targets = [module]
        elif isinstance(node, ast.Import):
            targets = [a.name.split(".") for a in node.names]
        for t in targets:
            if t[0] == "dosrules" and len(t) > 1:
                yield node.lineno, t[1]


def _violations(root: Path = PACKAGE) -> list[str]:
    wrong = []
    for path in sorted(root.rglob("*.py")):
        layer = _layer(path, root)
        if layer not in ALLOWED:
            wrong.append(f"{path}: a new layer '{layer}': add it to ALLOWED and docs/architecture.md")
            continue
        for line, target in _imported_layers(path, root):
            if target != layer and target not in ALLOWED[layer] and not target.startswith("_"):
                wrong.append(f"{path.relative_to(root.parent)}:{line}: {layer} imports {target}")
    return wrong


def test_every_layer_imports_only_the_layers_below_it():
    wrong = _violations()
    assert not wrong, "imports across layers:\n" + "\n".join(wrong)


def test_the_check_finds_an_import_across_layers(tmp_path):
    root = tmp_path / "dosrules"
    (root / "engine").mkdir(parents=True)
    (root / "engine" / "ok.py").write_text("from ..ruleset.model import Rules\n")
    (root / "engine" / "bad.py").write_text("def f():\n    from ..comparison import stats\n")
    (root / "ruleset").mkdir()
    (root / "ruleset" / "bad.py").write_text("import dosrules.engine.state\n")
    assert _violations(root) == ["dosrules/engine/bad.py:2: engine imports comparison",
                                 "dosrules/ruleset/bad.py:1: ruleset imports engine"]


def test_the_command_line_loads_light_and_every_public_name_resolves():
    """``import dosrules.cli`` loads no layer below it (a Ctrl-C soon after start must land in
    ``main()``'s handler, not in an import); the package's names load on first use."""
    code = ("import sys, dosrules, dosrules.cli\n"
            "print(sorted(m for m in sys.modules if m.startswith('dosrules')))\n"
            "print(all(name in dir(dosrules) and getattr(dosrules, name) is not None for name in dosrules.__all__))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    loaded, resolved = done.stdout.splitlines()
    assert loaded == str(["dosrules", "dosrules.cli", "dosrules.cli.terminal", "dosrules.errors"]), done.stderr
    assert resolved == "True"
