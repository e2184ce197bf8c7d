"""The engine stays readable (issue 11): no engine module over 800 lines, no engine function over 60.

Each module of dosrules/engine/ is read with ``ast``; a function's length counts its lines from
its first decorator (or its ``def``) to the last line of its body, docstring and comments
included. A failure names the file, line and function, and its length.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "dosrules" / "engine"
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 60


def _oversized(root: Path = ENGINE) -> list[str]:
    """One line for each module or function of ``root`` over its limit."""
    found = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(root.parent.parent)
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            found.append(f"{name}: {lines} lines (at most {MAX_MODULE_LINES} a module)")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                length = node.end_lineno - first + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(f"{name}:{first}: {node.name} has {length} lines "
                                 f"(at most {MAX_FUNCTION_LINES} a function)")
    return found


def test_no_engine_module_or_function_is_over_its_limit():
    found = _oversized()
    assert not found, "split these by concern:\n" + "\n".join(found)


def test_the_check_finds_a_long_function_and_a_long_module(tmp_path):
    root = tmp_path / "dosrules" / "engine"
    root.mkdir(parents=True)
    body = "\n".join(f"    x{i} = {i}" for i in range(59))
    (root / "ok.py").write_text(f"def fits():\n{body}\n")  # 60 lines: allowed
    inner = body.replace("    x", "        x")
    (root / "long.py").write_text(f"class C:\n    @staticmethod\n    def long():\n{inner}\n")  # 61 lines
    (root / "big.py").write_text("\n" * MAX_MODULE_LINES + "x = 1\n")
    assert _oversized(root) == [f"dosrules/engine/big.py: {MAX_MODULE_LINES + 1} lines (at most 800 a module)",
                                "dosrules/engine/long.py:2: long has 61 lines (at most 60 a function)"]
