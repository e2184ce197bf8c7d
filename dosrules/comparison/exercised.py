"""What was exercised: for every rule that differs, how often play reached a moment it decides.

A difference the simulation never reaches cannot show in its figures: "no difference" then
means "not tested". For each differing rule path and player count this module reads, from each
ruleset's summary, the per-round count of the rule's situation (:mod:`dosrules.play.situations`,
mean and 95% interval), and marks the rule ``never`` (no ruleset reached it), ``rare`` (fewer
than ``rare`` times a round in every ruleset) or ``exercised``. A rule that is never or rarely
exercised gets a warning that says what would exercise it, given the policy that was used.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..play.behaviour import HABITS, PROFILES
from ..play.simulate import split_agent_specs
from ..play.situations import situation_of

__all__ = ["exercised", "RARE"]

RARE = 0.01  # a rule reached less than once in 100 rounds (in every ruleset) is "rarely exercised"


def _habit_values(policy: str) -> dict[str, float] | None:
    """The habits of a policy whose seats all play one behaviour profile (or greedy: all 0); None
    for other policies (random, mixed seats)."""
    specs = {s.strip() for s in split_agent_specs(policy)}
    if len(specs) != 1:
        return None
    name, _, opts = specs.pop().partition(":")
    if name == "greedy" and not opts:
        return dict.fromkeys(HABITS, 0.0)
    if name not in PROFILES:
        return None
    values = dict(vars(PROFILES[name]))
    for part in filter(None, opts.split(",")):
        key, _, value = part.partition("=")
        values[key.strip()] = float(value)
    return values


def _advice(situation, policy: str, most_drawn: int | None) -> str:
    """What would exercise the situation, given the policy used."""
    habits = _habit_values(policy)
    name = policy.split(":")[0].split(",")[0]
    if situation.habit:
        h = situation.habit
        if habits is None:
            return f"a behaviour profile brings it about: try --policy casual (its {h} habit)"
        if habits[h] == 0.0:
            why = situation.greedy if name in ("greedy", "habits") else f"{policy} has {h}=0"
            base = "habits" if name == "greedy" else name
            return f"{why}; try --policy casual, or only this habit: --policy {base}:{h}=0.3"
        more = min(1.0, max(0.3, 2 * habits[h]))
        extra = ", and lower miss" if h == "forget" and habits.get("miss", 0) > 0.5 else ""
        return f"raise the {h} habit (now {habits[h]:g}), e.g. --policy {name}:{h}={more:g}{extra}"
    if situation.needs:
        data = f"; the most cards drawn in one round was {most_drawn}" if most_drawn is not None and \
            situation.name == "deck-ran-out" else ""
        return f"it takes {situation.needs}{data}"
    return "more rounds may reach it"


def exercised(diff: Sequence[Mapping[str, Any]], summaries: Mapping[tuple[str, int], Mapping[str, Any]],
              specs: Sequence[str], policy: str, rare: float = RARE) -> list[dict[str, Any]]:
    """One entry per differing rule path and player count (rows of ``diff``, as JSON)."""
    out = []
    for row in diff:
        situation = situation_of(row["path"])
        for n in row["players"]:
            cells, most_drawn = [], None
            for spec in specs:
                s = summaries[(spec, n)]
                d = s.get("situations", {}).get(situation.name)
                if d is None or not d["n"]:
                    cells.append({"ruleset": spec, "mean": None, "ci95": None, "count": 0, "rounds": 0})
                    continue
                cells.append({"ruleset": spec, "mean": d["mean"], "ci95": d["ci95"],
                              "count": round(d["mean"] * d["n"]), "rounds": d["n"]})
                drawn = s["per_round"].get("cards_drawn", {}).get("max")
                if drawn is not None:
                    most_drawn = max(most_drawn or 0, drawn)
            means = [c["mean"] for c in cells if c["mean"] is not None]
            top = max(means, default=0.0)
            status = ("never" if not any(c["count"] for c in cells) else "rare" if top < rare else "exercised")
            differs = [c["ruleset"] for c in row["cells"] if c["value"] != row["cells"][0]["value"]]
            entry = {"path": row["path"], "players": n, "situation": situation.name, "words": situation.words,
                     "never": situation.never(), "cells": cells, "status": status, "warning": None,
                     "differs_in": differs}
            if status != "exercised":
                rounds = max(c["rounds"] for c in cells)
                if status == "never":
                    seen = f"in {rounds:,} rounds per ruleset {situation.never()}"
                else:
                    total = sum(c["count"] for c in cells)
                    seen = (f"{situation.words} only {total:,} times in {rounds:,} rounds per ruleset "
                            f"(at most {top:.2g} a round)")
                entry["warning"] = (f"{row['path']} differs, but {seen}: "
                                    f"{_advice(situation, policy, most_drawn)}.")
            out.append(entry)
    return out
