"""Load rulesets: find files by id, resolve ``extends`` and ``A+B`` composition, build provenance.

FIRST CUT: plain ``yaml.safe_load``, no positions, no schema errors. The ruleset issue replaces
the internals (safe YAML 1.2 reader with marks, validation, semantic checks) behind the same
``load_ruleset`` signature.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from .build import build_ruleset, merge
from .model import UNSPECIFIED_TEXT, Citation, Provenance, Ruleset, Status, rule_paths

PACKAGE_DIR = Path(__file__).resolve().parent


def shipped_dirs() -> list[Path]:
    """Folders holding the shipped rulesets: installed package data, else the source checkout."""
    for root in (PACKAGE_DIR / "_data" / "rulesets", PACKAGE_DIR.parent / "rulesets"):
        if root.is_dir():
            return [root / "editions", root / "house"]
    return []


def find_ruleset_file(ruleset_id: str, search_dirs: Iterable[Path] = ()) -> Path:
    for folder in [*map(Path, search_dirs), *shipped_dirs()]:
        candidate = folder / f"{ruleset_id}.yaml"
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(ruleset_id)


def _read(path: Path) -> dict[str, Any]:
    return _stringify_keys(yaml.safe_load(path.read_text(encoding="utf-8")))


def _stringify_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _stringify_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_stringify_keys(v) for v in value]
    return value


def _leaf_paths_of(tree: Mapping[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and key != "numbers":
            out.extend(_leaf_paths_of(value, path + "."))
        else:
            out.append(path)
    return out


def _provenance(doc: Mapping[str, Any]) -> dict[str, Provenance]:
    """Provenance for every rule leaf a file sets, from its ``cite`` table (longest prefix wins)."""
    default = Status.HOUSE if doc["kind"] == "house" else Status.STATED
    cite = doc.get("cite", {})
    leaves = [(p, v) for p, v in _leaf_values(doc.get("rules", {}), "")]
    for n, override in doc.get("by_players", {}).items():
        leaves += _leaf_values(override, f"by_players.{n}.")
    out: dict[str, Provenance] = {}
    for path, value in leaves:
        entry = None
        parts = path.split(".")
        for i in range(len(parts), 0, -1):
            entry = cite.get(".".join(parts[:i]))
            if entry is not None:
                break
        if value == UNSPECIFIED_TEXT:
            status = Status.UNSPECIFIED
        else:
            status = Status(entry["status"]) if entry and "status" in entry else default
        citation = None
        if entry and "source" in entry:
            citation = Citation(entry["source"], entry["section"], entry["quote"])
        out[path] = Provenance(status, citation, entry.get("note") if entry else None, doc["id"])
    return out


def _leaf_values(tree: Mapping[str, Any], prefix: str) -> list[tuple[str, Any]]:
    out = []
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and key != "numbers":
            out.extend(_leaf_values(value, path + "."))
        else:
            out.append((path, value))
    return out


def _resolve_file(path: Path, search_dirs: list[Path]) -> tuple[dict, dict, list[str]]:
    doc = _read(path)
    if "extends" in doc:
        parent = find_ruleset_file(doc["extends"], [path.parent, *search_dirs])
        tree, prov, files = _resolve_file(parent, search_dirs)
    else:
        tree, prov, files = {"rules": {}, "by_players": {}}, {}, []
    tree = _overlay(tree, doc)
    prov.update(_provenance(doc))
    return tree, prov, [*files, str(path)]


def _overlay(tree: dict, doc: Mapping[str, Any]) -> dict:
    out = dict(tree)
    out["id"] = doc["id"] if not tree.get("id") else f"{tree['id']}+{doc['id']}"
    out["name"] = doc["name"] if not tree.get("name") else f"{tree['name']} + {doc['name']}"
    out["kind"] = tree.get("kind", doc["kind"])
    out["sources"] = [*tree.get("sources", []), *(s for s in doc["sources"] if s not in tree.get("sources", []))]
    out["rules"] = merge(tree.get("rules", {}), doc.get("rules", {}))
    out["by_players"] = merge(tree.get("by_players", {}), doc.get("by_players", {}))
    return out


def load_ruleset(spec: str | Path, search_dirs: Iterable[str | Path] = ()) -> Ruleset:
    """Load ``"mattel-2018"``, ``"mattel-2018+reshuffle"`` or a path to a ruleset file."""
    dirs = [Path(d) for d in search_dirs]
    parts = [str(spec)] if Path(str(spec)).is_file() else str(spec).split("+")
    tree: dict = {"rules": {}, "by_players": {}}
    prov: dict[str, Provenance] = {}
    files: list[str] = []
    for part in parts:
        path = Path(part) if Path(part).is_file() else find_ruleset_file(part, dirs)
        t, p, f = _resolve_file(path, dirs)
        tree = _overlay(tree, t) if tree.get("id") else t
        prov.update(p)
        files += f
    assert set(_leaf_paths_of(tree["rules"])) >= set(rule_paths()), "incomplete rule tree"
    return build_ruleset(tree, prov, tuple(files))
