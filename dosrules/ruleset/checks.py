"""Semantic checks the JSON Schema cannot express, on a resolved (possibly partial) rule tree.

- the deck adds up: numbers + Wild # of one colour == ``per_colour``; all parts == ``total``;
- ``players.min <= players.max``; ``wilds.wild_number.min_value <= max_value``;
- the opening Centre Row, ``centre_row + centre_row_extra``, is at most 10 cards;
- a match is possible at all: ``matching.single`` and ``matching.double`` are not both false;
- some card scores: a game whose every card scores 0 never reaches its target;
- the deal fits the deck for every player count (``by_players`` overrides included):
  ``hand_size x players + centre_row + centre_row_extra <= total``;
- ``by_players`` names player counts inside the players range and does not override ``players``;
- an edition sets every rule (after resolving ``extends``).

A check whose values a partial tree (a house rule on its own) does not set is skipped. Each
problem is placed at the value of the failing sum or comparison that was set last (``origin``
lists the values in the order they were last set), in the file that set it: a house rule that
empties ``deck.numbers`` is told so at its own line, not at the edition's ``per_colour``.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .build import merge_rules
from ..errors import DosrulesError
from .model import rule_paths
from .schema import dotted
from .yaml12 import Document, TreePath

#: the most cards a deal turns up (centre_row plus centre_row_extra), as the schema's centre_row
_OPENING_ROW_MAX = 10

Origin = Mapping[str, tuple[Document, TreePath]]  # provenance path -> (file, tree path) that set it


def _get(tree: Mapping[str, Any], path: str) -> Any:
    value: Any = tree
    for part in path.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def _int(tree: Mapping[str, Any], path: str) -> int | None:
    value = _get(tree, path)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def semantic_problems(rules: Mapping[str, Any], by_players: Mapping[str, Any],
                      origin: Origin) -> list[DosrulesError]:
    """Every semantic problem of a resolved rule tree (see the module docstring)."""
    problems: list[DosrulesError] = []

    rank = {key: i for i, key in enumerate(origin)}

    def at(path: str | tuple[str, ...], prefix: str, what: str, fix: str) -> None:
        if isinstance(path, tuple):  # the value set last; the first named, when one file set them
            path = _last_set(path, prefix, origin, rank)
        found = origin.get(prefix + path) or origin.get(path)
        if found is None:  # pragma: no cover - every checked value was set by some file
            problems.append(DosrulesError(what, path=prefix + path, fix=fix))
            return
        doc, tree_path = found
        problems.append(DosrulesError(what, where=doc.where(tree_path), path=dotted(tree_path), fix=fix))

    views: list[tuple[str, Mapping[str, Any]]] = [("", rules)]
    views += [(f"by_players.{n}.", merge_rules(rules, override)) for n, override in by_players.items()]
    for prefix, view in views:
        _deck(view, prefix, at)
        if _get(view, "matching.single") is False and _get(view, "matching.double") is False:
            at("matching.single", prefix, "matching allows neither a single nor a double match, so no card can "
               "ever be matched and no round can end (play runs to the engine's turn cap)",
               "Allow at least one kind of match: set single or double to true.")
        if _scores_nothing(view):
            at(("scoring.number_cards_face_value", "scoring.wild_dos", "scoring.wild_number"), prefix,
               "no card of this deck scores a point (number cards score no face value, and every wild card "
               "the deck holds scores 0), so nobody can reach the target and no game can end",
               "Let number cards score their face value, or give a wild card the deck holds some points.")
        row, extra = _int(view, "setup.centre_row"), _int(view, "setup.centre_row_extra")
        if row is not None and extra is not None and row + extra > _OPENING_ROW_MAX:
            at(("setup.centre_row", "setup.centre_row_extra"), prefix,
               f"the opening Centre Row of {row} + {extra} cards is above the limit of {_OPENING_ROW_MAX} "
               "(every row card multiplies the matches to consider)",
               f"Make centre_row plus centre_row_extra at most {_OPENING_ROW_MAX}.")
        lo, hi = _int(view, "wilds.wild_number.min_value"), _int(view, "wilds.wild_number.max_value")
        if lo is not None and hi is not None and lo > hi:
            at(("wilds.wild_number.min_value", "wilds.wild_number.max_value"), prefix, f"Wild # min_value {lo} is above max_value {hi}",
               "Make min_value at most max_value.")

    low, high = _int(rules, "players.min"), _int(rules, "players.max")
    if low is not None and high is not None and low > high:
        at(("players.min", "players.max"), "", f"players.min {low} is above players.max {high}", "Make min at most max.")
    for n, override in by_players.items():
        if "players" in (override or {}):
            doc, tree_path = origin[f"by_players.{n}"]
            problems.append(DosrulesError(
                "by_players may not override 'players'", where=doc.where((*tree_path, "players"), key=True),
                path=dotted((*tree_path, "players")),
                fix="Set the player range in rules.players; by_players holds rules for one player count."))
        if low is not None and high is not None and not low <= int(n) <= high:
            doc, tree_path = origin[f"by_players.{n}"]
            problems.append(DosrulesError(
                f"by_players names {n} players, outside the players range {low}-{high}",
                where=doc.where(tree_path, key=True), path=dotted(tree_path),
                fix="Remove the override or widen rules.players."))
    if low is not None and high is not None and low <= high:
        for n in range(low, high + 1):
            prefix = f"by_players.{n}." if str(n) in by_players else ""
            view = merge_rules(rules, by_players[str(n)]) if prefix else rules
            hand, row, total = (_int(view, p) for p in ("setup.hand_size", "setup.centre_row", "deck.total"))
            row = None if row is None else row + (_int(view, "setup.centre_row_extra") or 0)
            if None not in (hand, row, total) and hand * n + row > total:
                at(("setup.hand_size", "setup.centre_row", "setup.centre_row_extra", "deck.total"), prefix,
                   f"dealing {hand} cards to each of {n} players plus a Centre Row of {row} needs "
                   f"{hand * n + row} cards, but the deck has {total}",
                   "Lower the hand size (a by_players override can do it for one player count) "
                   "or the player range.")
    return problems


def _scores_nothing(view: Mapping[str, Any]) -> bool:
    """Whether every card of the deck scores 0 (known only when every value involved is set)."""
    face, numbers = _get(view, "scoring.number_cards_face_value"), _get(view, "deck.numbers")
    wild_dos, wild_number = _int(view, "scoring.wild_dos"), _int(view, "scoring.wild_number")
    held_dos, held_number = _int(view, "deck.wild_dos"), _int(view, "deck.wild_number_per_colour")
    if not isinstance(face, bool) or not isinstance(numbers, Mapping) or None in (wild_dos, wild_number, held_dos,
                                                                                  held_number):
        return False
    numbered = face and any(isinstance(v, int) and v > 0 for v in numbers.values())
    return not (numbered or (wild_dos and held_dos) or (wild_number and held_number))


def _key(path: str, prefix: str, origin: Origin) -> str | None:
    return prefix + path if prefix + path in origin else path if path in origin else None


def _last_set(paths: tuple[str, ...], prefix: str, origin: Origin, rank: Mapping[str, int]) -> str:
    """Of ``paths``, the one a later file set; the first one among those one file set."""
    best, best_key = paths[0], _key(paths[0], prefix, origin)
    for path in paths[1:]:
        key = _key(path, prefix, origin)
        if key is None:
            continue
        if best_key is None or (origin[key][0] is not origin[best_key][0] and rank[key] > rank[best_key]):
            best, best_key = path, key
    return best


def _deck(view: Mapping[str, Any], prefix: str, at: Callable[..., None]) -> None:
    numbers = _get(view, "deck.numbers")
    wild_number, per_colour = _int(view, "deck.wild_number_per_colour"), _int(view, "deck.per_colour")
    colours, wild_dos, total = _get(view, "deck.colours"), _int(view, "deck.wild_dos"), _int(view, "deck.total")
    if isinstance(numbers, Mapping) and wild_number is not None and per_colour is not None:
        counted = sum(v for v in numbers.values() if isinstance(v, int)) + wild_number
        if counted != per_colour:
            at(("deck.per_colour", "deck.numbers", "deck.wild_number_per_colour"), prefix,
               f"deck.per_colour is {per_colour} but one colour holds {counted} cards "
               f"({counted - wild_number} number cards + {wild_number} Wild #)",
               "Make per_colour the sum of deck.numbers and wild_number_per_colour, or correct those.")
    if isinstance(colours, list) and per_colour is not None and wild_dos is not None and total is not None:
        counted = len(colours) * per_colour + wild_dos
        if counted != total:
            at(("deck.total", "deck.colours", "deck.per_colour", "deck.wild_dos"), prefix,
               f"deck.total is {total} but the parts add up to {counted} "
               f"({len(colours)} colours x {per_colour} + {wild_dos} Wild DOS)",
               "Make total the sum of the parts, or correct the parts.")


def missing_rules(rules: Mapping[str, Any]) -> list[str]:
    """Rule paths a tree does not set, a whole group named once when none of it is set."""
    missing = [p for p in rule_paths() if _get(rules, p) is None and not _has(rules, p)]
    out: list[str] = []
    for path in missing:
        parts = path.split(".")
        group = path
        for i in range(1, len(parts)):
            candidate = ".".join(parts[:i])
            if _get(rules, candidate) is None and not _has(rules, candidate):
                group = candidate
                break
        if group not in out:
            out.append(group)
    return out


def _has(tree: Mapping[str, Any], path: str) -> bool:
    parts = path.split(".")
    parent = _get(tree, ".".join(parts[:-1])) if len(parts) > 1 else tree
    return isinstance(parent, Mapping) and parts[-1] in parent
