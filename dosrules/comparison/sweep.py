"""Sweeps: one ruleset simulated at several values of one or two rules, as curves.

``--vary target=100,200,300`` (or ``target=100..500:100``) names a rule path and its values; a
second ``--vary`` makes a grid. Each point of the sweep is the base ruleset with the values set
on it (``mattel-2018@target=300``, see :mod:`dosrules.ruleset.settings`); the point whose values
are all the base ruleset's own is the base ruleset itself. Every point is simulated with the
same seeds through compare's runner and results store, and read through the same per-ruleset
summary (:meth:`dosrules.play.simulate.Summary.to_json`): every mean and every rate it holds is a
figure of the sweep, so a figure added to the summary is swept without a change here. So is every
design measure of :mod:`.design` (fairness, skill, drama, decisiveness, length: the summary's
``design`` entry, :func:`design_measures`), the length medians and 90th percentiles each a curve.

The figures measure the game, not the silences of its sources: as in compare
(:mod:`.filled`), when rule gaps void more than the threshold of a point's rounds, every point is
filled with the same named readings and simulated at the full amount; the points as written are
then the secondary table (``unfilled``: each point's void rate, its gaps and the core figures).

Each figure is a curve: per point, the mean (or rate) and its 95% interval. Each point is tested
against the base value by compare's tests (:func:`.effects.effects` on the pairs (base, point)),
Holm-adjusted over the whole sweep. A goal (``--goal "rounds per game<=6"``) says at which
points a figure meets a threshold and where its curve crosses it.
"""

from __future__ import annotations

import itertools
import operator
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..errors import UsageError
from .metrics import metric

__all__ = ["Vary", "Point", "Goal", "parse_vary", "parse_goal", "sweep_points", "figures_of", "sweep_document",
           "design_measures", "figure_label", "MAX_VALUES", "MAX_POINTS", "FORMAT"]

FORMAT = "dosrules-sweep/2"
MAX_VALUES = 50  # values of one --vary
MAX_POINTS = 100  # points of a whole sweep (the grid)
MAX_VARY = 2  # --vary options: a curve, or a grid of curves
_RANGE = re.compile(r"^\s*(-?[0-9]+)\s*\.\.\s*(-?[0-9]+)\s*(?::\s*([0-9]+)\s*)?$")


@dataclass(frozen=True)
class Vary:
    """One ``--vary``: a rule path, its values (as read), and the base ruleset's own value."""

    path: str
    values: tuple[Any, ...]
    base: Any = None

    def text(self, value: Any) -> str:
        from ..ruleset.settings import canonical

        return canonical(value)


@dataclass(frozen=True)
class Point:
    """One point of a sweep: a value per varied path, and the spec that sets them."""

    values: tuple[Any, ...]
    spec: str
    is_base: bool


def _split_values(text: str) -> list[str]:
    """Comma-separated values, commas inside [...] or {...} kept."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "[{"
        depth -= ch in "]}"
        if ch == "," and depth == 0:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [v.strip() for v in out]


def parse_vary(text: str) -> tuple[str, list[Any]]:
    """``PATH=V1,V2,...`` or ``PATH=LO..HI[:STEP]`` -> (path, values read as YAML); UsageError if bad."""
    from ..errors import DosrulesError
    from ..ruleset.settings import parse_settings

    fix = "Write --vary PATH=V1,V2,... or --vary PATH=LO..HI:STEP, e.g. --vary target=100,200,300 or " \
          "--vary target=100..500:100."
    path, eq, raw = text.partition("=")
    path = path.strip()
    if not eq or not path or not raw.strip():
        raise UsageError(f"--vary {text}: not PATH=VALUES", fix=fix)
    span = _RANGE.match(raw)
    if span:
        lo, hi, step = int(span.group(1)), int(span.group(2)), int(span.group(3) or 1)
        if step < 1 or hi < lo:
            raise UsageError(f"--vary {text}: the range {lo}..{hi}:{step} holds no value",
                             fix="Give LO at most HI and a STEP of at least 1.")
        if (hi - lo) // step + 1 > MAX_VALUES:
            raise UsageError(f"--vary {text}: {(hi - lo) // step + 1} values; at most {MAX_VALUES}",
                             fix="Take a larger step, or sweep part of the range first.")
        texts = [str(v) for v in range(lo, hi + 1, step)]
    else:
        texts = _split_values(raw)
    if len(texts) > MAX_VALUES:
        raise UsageError(f"--vary {text}: {len(texts)} values; at most {MAX_VALUES}",
                         fix="Sweep fewer values at a time; the results store keeps each point for the next run.")
    values = []
    for item in texts:
        if not item:
            raise UsageError(f"--vary {text}: a value is empty", fix=fix)
        try:
            values.append(parse_settings(f"x@{path}={item}")[0].value)
        except DosrulesError as err:
            raise UsageError(f"--vary {text}: {err.what}", fix=err.fix or fix) from None
    for i, v in enumerate(values):
        if v in values[:i]:
            raise UsageError(f"--vary {text}: the value {texts[i]!r} is given twice", fix="Give each value once.")
    return path, values


def plain_value(value: Any) -> Any:
    """A rule value as plain data (an enum by its text, tuples as lists, mapping keys as text)."""
    value = getattr(value, "value", value)
    if isinstance(value, tuple):
        return [plain_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain_value(v) for k, v in value.items()}
    return value


def base_value(ruleset, path: str) -> Any:
    """The base ruleset's own value at a setting path (``by_players.N.<path>`` for N players)."""
    parts = path.split(".")
    try:
        if parts[0] == "by_players" and len(parts) > 2:
            return plain_value(ruleset.for_players(int(parts[1])).get(".".join(parts[2:])))
        return plain_value(ruleset.rules.get(path))
    except (AttributeError, KeyError, ValueError, IndexError):
        return None


def with_settings(spec: str, settings: Sequence[tuple[str, Any]]) -> str:
    """``spec`` with ``@path=value`` settings on its target part (before any ``~``)."""
    from ..ruleset.fill import FILL
    from ..ruleset.settings import SET, canonical

    if not settings:
        return spec
    target, sep, rest = spec.partition(FILL)
    return target + "".join(f"{SET}{path}={canonical(v)}" for path, v in settings) + sep + rest


def sweep_points(spec: str, varies: Sequence[Vary]) -> list[Point]:
    """Every point of the grid, first vary slowest; a value equal to the base's own is not set."""
    points = []
    for values in itertools.product(*(v.values for v in varies)):
        changed = [(v.path, x) for v, x in zip(varies, values) if x != v.base]
        points.append(Point(tuple(values), with_settings(spec, changed), not changed))
    if len(points) > MAX_POINTS:
        raise UsageError(f"the sweep has {len(points)} points; at most {MAX_POINTS}",
                         fix="Vary fewer values: a grid of 10 by 10 is the largest.")
    return points


# --- figures ------------------------------------------------------------------------------------

#: the length measures of :mod:`.design` (distributions: a median and a 90th percentile each) and
#: their labels; their tests have no equivalence margin (the means they summarise have theirs)
QUANTILES = {"rounds_median": "median rounds per game", "rounds_p90": "rounds per game, 90th percentile",
             "turns_median": "median turns per round", "turns_p90": "turns per round, 90th percentile"}


def figure_label(family: str, name: str) -> str:
    """A figure's label: compare's (:func:`.metrics.metric`), or a length quantile's."""
    if family == "design" and name in QUANTILES:
        return QUANTILES[name]
    return metric(family, name).label


def design_measures(summary: Mapping[str, Any], players: int, *, identical: bool,
                    skill: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """The design measures of one point (:func:`.design.profile`), each a figure of the sweep: the
    length measures' 90th percentiles as measures of their own (``rounds_p90``, ``turns_p90``), and
    each median and percentile given a test (a z-test from its distribution-free 95% interval:
    standard error = the interval's width / 3.92), so that every measure is tested against the base
    value like the other figures."""
    from .design import profile
    from .stats import Z975

    out = profile(summary, players, identical=identical, skill=skill)
    for kind in ("rounds", "turns"):
        median = out[f"{kind}_median"]
        out[f"{kind}_p90"] = {**median.pop("p90"), "group": median["group"]}
    for name in QUANTILES:
        entry = out[name]
        ci = entry.get("ci95")
        entry["test"] = None if entry.get("value") is None or not ci else \
            {"kind": "normal", "estimate": entry["value"], "se": (ci[1] - ci[0]) / (2 * Z975)}
    return out



@dataclass(frozen=True)
class Figure:
    family: str
    name: str
    label: str
    rate: bool


def figures_of(summary: Mapping[str, Any]) -> list[Figure]:
    """Every figure of a summary: each entry with a mean (``per_round``, ``per_game`` and any
    family of means added later) or a rate (``outcomes``, ``rule_gaps``, ...), with its 95%
    interval."""
    out = []
    for family, entries in summary.items():
        if not isinstance(entries, Mapping):
            continue
        for name, entry in entries.items():
            if family == "design" and isinstance(entry, Mapping) and "value" in entry:
                out.append(Figure(family, name, figure_label(family, name), metric(family, name).rate))
            elif isinstance(entry, Mapping) and "ci95" in entry and ("mean" in entry or "rate" in entry):
                out.append(Figure(family, name, metric(family, name).label, "rate" in entry))
    return out


def known_figures() -> list[Figure]:
    """The figures every summary may hold (compare's named statistics and round outcomes), to
    check a goal before anything is simulated."""
    from .design import MEASURES
    from .metrics import METRICS

    design = [*MEASURES, "rounds_p90", "turns_p90"]
    return [Figure(f, n, m.label, m.rate) for (f, n), m in METRICS.items() if f != "design"] + \
        [Figure("outcomes", n, metric("outcomes", n).label, True) for n in ("scored", "void-gap", "void", "capped")] + \
        [Figure("design", n, figure_label("design", n), metric("design", n).rate) for n in design]


def _estimate(summary: Mapping[str, Any], figure: Figure) -> dict[str, Any] | None:
    entry = summary.get(figure.family, {}).get(figure.name)
    if figure.family == "design":
        if entry is None or entry.get("value") is None:
            return None
        return {"value": entry["value"], "ci95": list(entry["ci95"]) if entry.get("ci95") else None,
                "n": entry.get("n")}
    if entry is None:
        if figure.rate:  # a rate absent from a summary is zero of its rounds
            return {"value": 0.0, "ci95": None, "n": 0}
        return None
    value = entry["rate"] if figure.rate else entry["mean"]
    return {"value": value, "ci95": list(entry["ci95"]) if entry.get("ci95") else None,
            "n": entry.get("n", entry.get("count"))}


# --- goals --------------------------------------------------------------------------------------

_OPS: dict[str, Callable[[float, float], bool]] = {"<=": operator.le, ">=": operator.ge, "<": operator.lt,
                                                    ">": operator.gt, "=": operator.eq}
_GOAL = re.compile(r"^\s*(?P<label>.+?)\s*(?P<op><=|>=|==|=|<|>)\s*(?P<number>[-+]?[0-9]*\.?[0-9]+)\s*(?P<pct>%?)\s*$")


@dataclass(frozen=True)
class Goal:
    text: str
    family: str
    name: str
    op: str
    threshold: float

    def met(self, value: float) -> bool:
        return _OPS[self.op](value, self.threshold)


def _names(figure: Figure) -> list[str]:
    return [figure.label.lower(), figure.name.replace("_", " ").lower(), f"{figure.family}.{figure.name}".lower(),
            figure.name.lower()]


def parse_goal(text: str, figures: Sequence[Figure]) -> Goal:
    """``"rounds per game<=6"`` (a figure's label or name, an operator, a number; a rate may be a
    percentage: ``"rounds void at a rule gap<5%"``) -> Goal; UsageError naming the figures if bad."""
    from ..ruleset.schema import nearest

    fix = "Write --goal \"FIGURE OP NUMBER\", e.g. --goal \"rounds per game<=6\" or --goal \"turns per round>=8\"" \
          "; OP is <=, >=, <, > or =."
    found = _GOAL.match(text)
    if not found:
        raise UsageError(f"--goal {text!r}: not a figure, an operator and a number", fix=fix)
    label = " ".join(found["label"].lower().replace("_", " ").split())
    match = [f for f in figures if label in [" ".join(n.replace("_", " ").split()) for n in _names(f)]]
    if not match:
        known = [f.label for f in figures if f.family in ("per_round", "per_game", "outcomes")]
        guess = nearest(label, [n for f in figures for n in _names(f)])
        raise UsageError(f"--goal {text!r}: no figure is called '{found['label']}'"
                         + (f" — did you mean '{guess}'?" if guess else ""),
                         fix=f"Name a figure of the report: {', '.join(dict.fromkeys(known))}.")
    figure = match[0]
    threshold = float(found["number"])
    if found["pct"]:
        if not figure.rate:
            raise UsageError(f"--goal {text!r}: {figure.label} is not a share of rounds, so not a percentage",
                             fix="Give the threshold as a number.")
        threshold /= 100
    op = "=" if found["op"] == "==" else found["op"]
    return Goal(text.strip(), figure.family, figure.name, op, threshold)


def _crossings(goal: Goal, curve: Sequence[Mapping[str, Any]], xs: Sequence[Any]) -> list[dict[str, Any]]:
    """Where a curve along the first vary passes from meeting the goal to not (or back): between
    which values, and (for numbers) where the straight line between them meets the threshold."""
    out = []
    for (xa, a), (xb, b) in zip(zip(xs, curve), list(zip(xs, curve))[1:]):
        if a is None or b is None or goal.met(a["value"]) == goal.met(b["value"]):
            continue
        at = None
        numeric = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (xa, xb))
        if numeric and b["value"] != a["value"]:
            at = xa + (goal.threshold - a["value"]) * (xb - xa) / (b["value"] - a["value"])
        out.append({"from": xa, "to": xb, "value_from": a["value"], "value_to": b["value"], "at": at,
                    "meets_from": goal.met(a["value"])})
    return out


# --- the document -------------------------------------------------------------------------------


def sweep_document(*, spec: str, ruleset, varies: Sequence[Vary], points: Sequence[Point],
                   players: Sequence[int], summaries: Mapping[tuple[str, int], Mapping[str, Any]],
                   rulesets: Mapping[str, Any], goals: Sequence[Goal], settings: Mapping[str, Any],
                   run: Mapping[str, Any], alpha: float, filling: Mapping[str, Any] | None = None,
                   unfilled: Mapping[tuple[str, int], Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The sweep as JSON data: the points, each figure's curve per player count with the tests
    against the base and the goals; ``summaries`` keyed by (point spec, players), with the design
    measures under ``design`` (:func:`design_measures`). ``filling`` and ``unfilled`` (see
    :func:`.filled.measure_figures`): the points were filled because rule gaps voided too many
    rounds, ``summaries`` are the filled points' and ``unfilled`` the points as written."""
    from .effects import effects

    base = next((p for p in points if p.is_base), None)
    base_spec = base.spec if base else spec
    specs = [p.spec for p in points if p.spec != base_spec]
    tests = effects(summaries, [base_spec, *specs], players, alpha, pairs=[(base_spec, s) for s in specs])
    by_key = {(t.players, t.b, t.family, t.metric): t for t in tests}
    figures = figures_of(summaries[(base_spec, players[0])])
    seen = {(f.family, f.name) for f in figures}
    for (s, n), summary in summaries.items():  # a figure only some points have (a rule gap, a seat)
        for f in figures_of(summary):
            if (f.family, f.name) not in seen:
                seen.add((f.family, f.name))
                figures.append(f)
    curves = []
    for figure in figures:
        for n in players:
            curve = []
            for p in points:
                est = _estimate(summaries[(p.spec, n)], figure)
                if est is not None:
                    t = by_key.get((n, p.spec, figure.family, figure.name))
                    est.update({"significant": bool(t and t.significant), "equivalent": bool(t and t.equivalent),
                                "difference": t.test["difference"] if t else None,
                                "diff_ci95": t.test["ci95"] if t else None,
                                "p_holm": t.p_holm if t else None})
                curve.append(est)
            if all(c is None for c in curve):
                continue
            curves.append({"family": figure.family, "name": figure.name, "label": figure.label,
                           "rate": figure.rate, "players": n, "points": curve,
                           "differ": [i for i, c in enumerate(curve) if c and c["significant"]]})
    base_point = {"values": [v.base for v in varies], "spec": base_spec, "in_sweep": base is not None}
    doc = {
        "format": FORMAT,
        "ruleset": {"spec": spec, "id": ruleset.id, "name": ruleset.name, "content_hash": ruleset.content_hash},
        "vary": [{"path": v.path, "values": list(v.values), "base": v.base} for v in varies],
        "base": base_point,
        "points": [{"values": list(p.values), "spec": p.spec, "is_base": p.is_base,
                    "id": rulesets[p.spec].id, "content_hash": rulesets[p.spec].content_hash} for p in points],
        "players": list(players),
        "settings": dict(settings),
        "tests": {"alpha": alpha, "against": "the base value", "correction": "holm-bonferroni over every test "
                  "of the sweep", "family_size": len(tests)},
        "figures": curves,
        "goals": [_goal_json(g, curves, points, varies, players) for g in goals],
        "figures_of": "filled" if filling else "as written",
        "filling": None if filling is None else dict(filling),
        "gaps": _gaps(points, players, unfilled if filling else summaries, summaries if filling else None,
                      settings.get("gap_threshold", 0.05)),
        "run": dict(run),
    }
    return doc


def _gaps(points: Sequence[Point], players: Sequence[int], written: Mapping[tuple[str, int], Mapping[str, Any]],
          filled: Mapping[tuple[str, int], Mapping[str, Any]] | None, threshold: float) -> dict[str, Any]:
    """The rule gaps of the points as written, per player count and point: the share of rounds
    they void, the rule paths (each with its share), and, when the points were filled (``filled``:
    their summaries), the core figures as written beside the filled ones: the secondary table."""
    from .headline import CORE

    rows = []
    for n in players:
        for i, p in enumerate(points):
            s = written.get((p.spec, n))
            if s is None:
                continue
            share = s["outcomes"].get("void-gap", {}).get("rate") or 0.0
            row: dict[str, Any] = {"point": i, "players": n, "rounds": s["rounds"], "void_share": share,
                                   "heavy": share > threshold,
                                   "paths": {k: v["rate"] for k, v in s["rule_gaps"].items()}}
            if filled is not None:
                f = filled[(p.spec, n)]
                row["filled_void_share"] = f["outcomes"].get("void-gap", {}).get("rate") or 0.0
                row["figures"] = [{"family": fam, "name": name, "label": metric(fam, name).label,
                                   "written": _estimate(s, Figure(fam, name, "", False)),
                                   "filled": _estimate(f, Figure(fam, name, "", False))} for fam, name in CORE]
            rows.append(row)
    return {"threshold": threshold, "max_void_share": max((r["void_share"] for r in rows), default=0.0),
            "points": rows}


def _goal_json(goal: Goal, curves, points: Sequence[Point], varies: Sequence[Vary], players) -> dict[str, Any]:
    out = {"goal": goal.text, "family": goal.family, "name": goal.name, "op": goal.op,
           "threshold": goal.threshold, "by_players": []}
    first = varies[0]
    for n in players:
        curve = next((c for c in curves if (c["family"], c["name"], c["players"]) == (goal.family, goal.name, n)),
                     None)
        if curve is None:
            continue
        meets = [None if c is None else goal.met(c["value"]) for c in curve["points"]]
        surely = [None if c is None or not c["ci95"] else all(goal.met(x) for x in c["ci95"])
                  for c in curve["points"]]
        lines = []
        rest = list(itertools.product(*(v.values for v in varies[1:])))
        for others in rest:  # one line along the first vary per value of the others
            idx = [i for i, p in enumerate(points) if tuple(p.values[1:]) == others]
            lines.append({"others": list(others),
                          "crossings": _crossings(goal, [curve["points"][i] for i in idx],
                                                  [points[i].values[0] for i in idx])})
        out["by_players"].append({"players": n, "meets": meets, "surely": surely, "lines": lines,
                                  "along": first.path})
    return out
