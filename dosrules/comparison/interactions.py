"""Whether house rules work together: every pair of them, laid on one edition.

For each pair (A, B) of house rules on edition E:

* **order** — E+A+B against E+B+A, per player count: the rule paths whose resolved values differ,
  and among the paths both set, those where the later rule silently replaces the earlier one;
* **shared decisions** — the rule paths both set, and the decisions of play both change: the
  situations (:mod:`dosrules.play.situations`) their rules decide, but for ``round`` (everything
  the deal fixes) and ``turn`` (every turn), which every rule of their kind shares;
* **legality interaction** — by Z3 (:mod:`dosrules.verify.interaction`): the smallest position
  where E+A+B answers a question of play otherwise than E+A and E+B imply; else "none up to N
  cards". Each pair and player count is one cell, run on the executor and kept in the results
  store like a simulation chunk (:func:`legality_cell_json`, :func:`legality_key`);
* **effect interaction** — the 2×2 contrast (AB − A − B + E) of every figure of compare's
  per-ruleset summary (means, and the round outcomes), the four simulated with the same seeds
  through compare's runner. Chunk i is played with the same seed under all four, so its standard
  error comes from the chunk-by-chunk contrasts (Student's t, chunks − 1 degrees of freedom): a
  rule that play never reaches gives exactly the same games, and a contrast of exactly 0. A
  contrast is significant when its Holm-adjusted p (one family over every contrast)
  is below alpha, and "additive" when two one-sided tests put it within compare's equivalence
  margin (a second Holm family). The pair is *additive* when every core figure (turns per round,
  rounds per game, cards drawn, the winner's points) is shown additive, *interacts* when a
  figure's contrast is significant and larger than its margin.

The contrasts of the means and outcomes need only the standard library; the design measures
(fairness, drama, decisiveness, length; :func:`.sweep.design_measures`) load scipy for their
intervals, so a rerun that finds every cell in the store answers in about two seconds.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping, Sequence

from .headline import CORE
from .metrics import metric
from .stats import Z975, holm
from .sweep import design_measures, figure_label, plain_value

__all__ = ["Pair", "pairs_of", "set_paths", "order_cell", "shared_cell", "effect_cells", "covering_effect_cells",
           "verdicts",
           "legality_cell_json", "legality_key", "chunk_summaries", "t_cdf", "t_quantile", "FORMAT",
           "GENERAL_SITUATIONS", "MAX_HOUSES"]

FORMAT = "dosrules-interactions/1"
GENERAL_SITUATIONS = ("round", "turn")  # shared by every rule of the deal, or of every turn
MAX_HOUSES = 12  # house rules in one run: 66 pairs, 79 rulesets to simulate
LEGALITY_MODULES = ("dosrules.verify", "dosrules.ruleset.cards")


@dataclass(frozen=True)
class Pair:
    a: str  # house rule as given
    b: str
    ab: str  # edition+a+b
    ba: str  # edition+b+a


def pairs_of(edition: str, houses: Sequence[str]) -> list[Pair]:
    """Every pair of the house rules, in the order given."""
    return [Pair(a, b, f"{edition}+{a}+{b}", f"{edition}+{b}+{a}") for a, b in combinations(houses, 2)]


def _house_id(spec: str) -> str:
    from pathlib import Path

    return Path(spec).stem if spec.endswith((".yaml", ".yml")) else spec


def set_paths(ruleset, house: str) -> dict[str, Any]:
    """The rule paths (``by_players.N.<path>`` for one count) a house rule sets in ``ruleset``
    (E+house), with their values: those whose provenance names the house rule's file, or, for a
    command-line setting, the setting."""
    from ..ruleset.model import rule_paths

    owner = _house_id(house)
    out: dict[str, Any] = {}
    for path, prov in ruleset.provenance.items():
        if prov.ruleset == owner or (prov.ruleset and prov.ruleset.startswith("@") and "@" in house):
            parts = path.split(".")
            if parts[0] == "by_players":
                rules, rule = ruleset.for_players(int(parts[1])), ".".join(parts[2:])
            else:
                rules, rule = ruleset.rules, path
            if rule in rule_paths():
                out[path] = plain_value(rules.get(rule))
    return out


def order_cell(ab, ba, paths_a: Mapping[str, Any], paths_b: Mapping[str, Any], players: Sequence[int]) -> dict:
    """Whether E+A+B and E+B+A resolve alike for ``players``: the rule paths that differ, and the
    paths both set to different values (in E+A+B B's value replaces A's, in E+B+A the other way)."""
    differ: list[str] = []
    for n in players:
        x, y = ab.for_players(n), ba.for_players(n)
        for path in _rule_paths():
            if plain_value(x.get(path)) != plain_value(y.get(path)) and path not in differ:
                differ.append(path)
    replaced = [{"path": p, "value_a": paths_a[p], "value_b": paths_b[p]}
                for p in paths_a if p in paths_b and paths_a[p] != paths_b[p]]
    return {"matters": bool(differ), "paths": differ, "replaced": replaced}


def _rule_paths() -> list[str]:
    from ..ruleset.model import rule_paths

    return rule_paths()


def shared_cell(paths_a: Mapping[str, Any], paths_b: Mapping[str, Any]) -> dict:
    """The rule paths both set, and the decisions of play (situations) both change."""
    from ..play.situations import situation_of

    def situations(paths) -> dict[str, str]:
        out = {}
        for p in paths:
            rule = ".".join(p.split(".")[2:]) if p.startswith("by_players.") else p
            s = situation_of(rule)
            if s.name not in GENERAL_SITUATIONS:
                out.setdefault(s.name, s.words)
        return out

    sa, sb = situations(paths_a), situations(paths_b)
    return {"paths": [p for p in paths_a if p in paths_b],
            "situations": [{"name": k, "words": sa[k]} for k in sa if k in sb]}


# --- effect interaction -------------------------------------------------------------------------


def _normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def _estimate(summary: Mapping[str, Any], family: str, name: str) -> tuple[float, float] | None:
    """(value, variance of the value) of a mean or a share of rounds in a summary."""
    entry = summary.get(family, {}).get(name)
    if family == "outcomes":
        rounds = summary["rounds"]
        p = entry["rate"] if entry else 0.0
        return (p, p * (1 - p) / rounds) if rounds else None
    if not entry or not entry.get("n") or entry.get("mean") is None:
        return None
    return entry["mean"], (entry.get("sd") or 0.0) ** 2 / entry["n"]


def _figures(summary: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every figure of a summary the contrast is taken of: each family of means, and outcomes."""
    out = []
    for family, entries in summary.items():
        if not isinstance(entries, Mapping):
            continue
        for name, entry in entries.items():
            if isinstance(entry, Mapping) and "mean" in entry and "sd" in entry:
                out.append((family, name))
    return out + [("outcomes", k) for k in ("scored", "void-gap")]


def effect_cells(pairs: Sequence[Pair], edition: str, summaries: Mapping[tuple[str, int], Mapping[str, Any]],
                 players: Sequence[int], alpha: float,
                 chunks: Mapping[tuple[str, int], Sequence[Mapping[str, Any]]] | None = None,
                 identical: bool = True) -> list[dict[str, Any]]:
    """The contrast AB − A − B + E of every figure, per pair and player count, with its 95%
    interval, a test that it is 0 and a test that it lies within the figure's margin; the tests
    Holm-adjusted over the whole list (two families).

    With ``chunks`` (each ruleset's per-chunk summaries, chunk i played with the same seed under
    every ruleset) the standard error comes from the spread of the chunk-by-chunk contrasts, which
    the common seeds make small where the rules change little (Student's t with chunks − 1
    degrees of freedom); without them, or with fewer than two chunks, it treats the four
    summaries as independent samples (normal). Every design measure (:func:`.sweep.design_measures`
    but skill, which needs games of its own; fairness only when ``identical``: every seat has the
    same agent) is contrasted the same way, from the four whole-run values and their standard
    errors (normal)."""
    rows = []
    measures: dict[tuple[str, int], dict[str, tuple[float, float] | None]] = {}
    for pair in pairs:
        for n in players:
            specs = {"e": edition, "a": f"{edition}+{pair.a}", "b": f"{edition}+{pair.b}", "ab": pair.ab}
            cells = {k: summaries[(spec, n)] for k, spec in specs.items()}
            for spec in specs.values():
                if (spec, n) not in measures:
                    measures[(spec, n)] = _design_estimates(summaries[(spec, n)], n, identical)
            for name in measures[(edition, n)]:
                est = {k: measures[(spec, n)][name] for k, spec in specs.items()}
                if any(v is None for v in est.values()):
                    continue
                c = est["ab"][0] - est["a"][0] - est["b"][0] + est["e"][0]
                se = math.sqrt(sum(v[1] for v in est.values()))
                margin = metric("design", name).margin
                p, p_tost, half = _tests(c, se, None, margin)
                rows.append({"a": pair.a, "b": pair.b, "players": n, "family": "design", "name": name,
                             "label": figure_label("design", name), "contrast": c, "ci95": [c - half, c + half],
                             "se": se, "df": None, "paired": False, "p": p, "margin": margin,
                             "p_tost": p_tost, "values": {k: v[0] for k, v in est.items()}})
            for family, name in _figures(cells["e"]):
                est = {k: _estimate(s, family, name) for k, s in cells.items()}
                if any(v is None for v in est.values()):
                    continue
                c = est["ab"][0] - est["a"][0] - est["b"][0] + est["e"][0]
                paired = _paired(chunks, specs, n, family, name) if chunks else None
                if paired is not None:
                    se, df = paired
                else:
                    se, df = math.sqrt(sum(v[1] for v in est.values())), None
                margin = metric(family, name).margin
                p, p_tost, half = _tests(c, se, df, margin)
                rows.append({"a": pair.a, "b": pair.b, "players": n, "family": family, "name": name,
                             "label": metric(family, name).label, "contrast": c, "ci95": [c - half, c + half],
                             "se": se, "df": df, "paired": paired is not None, "p": p, "margin": margin,
                             "p_tost": p_tost, "values": {k: v[0] for k, v in est.items()}})
    return _adjust(rows, alpha)


def covering_effect_cells(pairs: Sequence[Pair], houses: Sequence[str], edition: str, design_rows: Sequence[Sequence[int]],
                          summaries: Mapping[tuple[str, int], Mapping[str, Any]], players: Sequence[int], alpha: float,
                          chunks: Mapping[tuple[str, int], Sequence[Mapping[str, Any]]],
                          identical: bool = True) -> list[dict[str, Any]]:
    """The rows of :func:`effect_cells`, each pair's contrast estimated from a covering design
    (:mod:`.interactions_design`): the interaction term of the model fitted to the design's rows
    (``design_rows``, 0/1 per house rule), the same tests and Holm families."""
    from .interactions_design import fit_contrasts, row_spec

    specs = [row_spec(edition, houses, r) for r in design_rows]
    index = {h: i for i, h in enumerate(houses)}
    rows = []
    for n in players:
        cells = [summaries[(spec, n)] for spec in specs]
        fits = []
        for family, name in _figures(cells[0]):
            def chunk_values(r: int, family=family, name=name):
                found = [_estimate(c, family, name) for c in chunks.get((specs[r], n), [])]
                return None if any(v is None for v in found) else [v[0] for v in found]
            fits.append((family, name, fit_contrasts(houses, design_rows, n, chunk_values,
                                                     lambda r, family=family, name=name: _estimate(cells[r], family, name))))
        measures = [_design_estimates(c, n, identical) for c in cells]
        for name in measures[0]:
            fits.append(("design", name, fit_contrasts(houses, design_rows, n, lambda r: None,
                                                       lambda r, name=name: measures[r].get(name))))
        for family, name, fit in fits:
            for pair in pairs:
                term = fit.get(tuple(sorted((index[pair.a], index[pair.b]))))
                if term is None:
                    continue
                c, se, df = term["contrast"], term["se"], term["df"]
                margin = metric(family, name).margin
                p, p_tost, half = _tests(c, se, df, margin)
                rows.append({"a": pair.a, "b": pair.b, "players": n, "family": family, "name": name,
                             "label": figure_label(family, name), "contrast": c, "ci95": [c - half, c + half],
                             "se": se, "df": df, "paired": term["paired"], "p": p, "margin": margin,
                             "p_tost": p_tost, "values": None, "from": "covering design"})
    return _adjust(rows, alpha)


def _adjust(rows: list[dict[str, Any]], alpha: float) -> list[dict[str, Any]]:
    """The two Holm families of a list of contrasts: significant, and additive (within the margin)."""
    for row, adjusted in zip(rows, holm([r["p"] for r in rows])):
        row["p_holm"] = adjusted
        row["significant"] = adjusted < alpha
    tested = [r for r in rows if r["p_tost"] is not None]
    for row, adjusted in zip(tested, holm([r["p_tost"] for r in tested])):
        row["p_tost_holm"] = adjusted
        row["additive"] = adjusted < alpha
    for row in rows:
        row.setdefault("p_tost_holm", None)
        row.setdefault("additive", False)
        row["interacts"] = row["significant"] and abs(row["contrast"]) > row["margin"]
    return rows


def _design_estimates(summary: Mapping[str, Any], n: int, identical: bool) -> dict[str, tuple[float, float] | None]:
    """Each design measure of a summary as (value, variance of the value), from the data of its
    test (:mod:`.design`); None where the summary has no value."""
    out: dict[str, tuple[float, float] | None] = {}
    for name, entry in design_measures(summary, n, identical=identical).items():
        test = entry.get("test")
        if name == "skill" or entry.get("value") is None or not test:
            if name != "skill" and (identical or entry.get("group") != "fairness"):
                out[name] = None
            continue
        if test["kind"] == "mean":
            var = test["sd"] ** 2 / test["n"]
        elif test["kind"] == "rate":
            p = test["count"] / test["total"]
            var = p * (1 - p) / test["total"] * test["scale"] ** 2
        else:
            var = test["se"] ** 2
        out[name] = (entry["value"], var)
    return out


def _paired(chunks, specs: Mapping[str, str], n: int, family: str, name: str) -> tuple[float, int] | None:
    """(standard error, degrees of freedom) of the mean chunk-by-chunk contrast; None when a
    chunk lacks the figure under one of the four rulesets or there are fewer than two chunks."""
    series = {k: chunks.get((spec, n)) for k, spec in specs.items()}
    if any(not v for v in series.values()) or len({len(v) for v in series.values()}) != 1:
        return None
    contrasts = []
    for i in range(len(series["e"])):
        vals = {k: _estimate(v[i], family, name) for k, v in series.items()}
        if any(v is None for v in vals.values()):
            return None
        contrasts.append(vals["ab"][0] - vals["a"][0] - vals["b"][0] + vals["e"][0])
    k = len(contrasts)
    if k < 2:
        return None
    mean = sum(contrasts) / k
    var = sum((x - mean) ** 2 for x in contrasts) / (k - 1)
    return math.sqrt(var / k), k - 1


def _tests(c: float, se: float, df: int | None, margin: float) -> tuple[float, float | None, float]:
    """(two-sided p that the contrast is 0, TOST p that it is within ±margin, half-width of its
    95% interval), by Student's t with ``df`` degrees of freedom, or the normal when None."""
    cdf = (lambda x: _normal_cdf(x)) if df is None else (lambda x: t_cdf(x, df))
    if se <= 0:
        return (1.0 if c == 0 else 0.0), ((0.0 if abs(c) < margin else 1.0) if margin else None), 0.0
    p = 2 * (1 - cdf(abs(c) / se))
    p_tost = max(1 - cdf((c + margin) / se), cdf((c - margin) / se)) if margin else None
    quantile = Z975 if df is None else t_quantile(0.975, df)
    return min(p, 1.0), p_tost, quantile * se


# --- Student's t, in the standard library (a rerun from the store never loads scipy) -----------


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c if abs(1 + aa / c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c if abs(1 + aa / c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-14:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def t_quantile(q: float, df: int) -> float:
    """The ``q`` quantile (q > 0.5) of Student's t, by bisection on :func:`t_cdf`."""
    lo, hi = 0.0, 1000.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def verdicts(pair: Pair, rows: Sequence[Mapping[str, Any]], n: int) -> dict[str, Any]:
    """The pair's effect verdict for ``n`` players: ``interacts`` (naming the figures whose
    contrast is significant and beyond its margin, largest against its margin first),
    ``additive`` (every core figure shown within its margin), or ``undecided``; with the
    strength: among the core figures, the largest contrast its 95% interval rules in (0 when the
    interval holds 0), against the figure's margin."""
    mine = [r for r in rows if (r["a"], r["b"], r["players"]) == (pair.a, pair.b, n)]
    core = [r for r in mine if (r["family"], r["name"]) in CORE]
    strength = max((_shown(r["ci95"]) / r["margin"] for r in core if r["margin"]), default=0.0)
    hits = sorted((r for r in mine if r["interacts"]), key=lambda r: -abs(r["contrast"]) / (r["margin"] or 1))
    if hits:
        verdict = "interacts"
    elif core and all(r["additive"] for r in core):
        verdict = "additive"
    else:
        verdict = "undecided"
    return {"verdict": verdict, "strength": strength,
            "figures": [{"label": r["label"], "contrast": r["contrast"], "ci95": r["ci95"],
                         "family": r["family"], "name": r["name"]} for r in hits]}


def _shown(ci: Sequence[float]) -> float:
    """The smallest |contrast| a 95% interval allows: 0 when it holds 0."""
    lo, hi = ci
    return 0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))


# --- legality cells (Z3), run like chunks ---------------------------------------------------------


def legality_key(hashes: Sequence[str], players: int, max_size: int, timeout_ms: int) -> tuple:
    """The results-store key of a legality cell: the chunk table's fields, read as the Z3
    verifier's version, the four rulesets' hashes (hashed together), the player count, the
    kind of result, the largest position searched and the solver's time limit."""
    from .store import ResultStore, code_version

    joined = hashlib.sha256("|".join(hashes).encode()).hexdigest()
    return ResultStore.key({"code_version": code_version(LEGALITY_MODULES), "ruleset_hash": f"ix:{joined}",
                            "players": players, "policy": "z3", "seed": 0, "mode": "legality-interaction",
                            "size": max_size, "chunk_index": 0, "turn_cap": timeout_ms, "max_rounds_per_game": 0})


def legality_cell_json(cell: Mapping[str, Any]) -> dict[str, Any]:
    """Run one legality cell given as JSON data (``specs``: E, E+A, E+B, E+A+B; ``players``,
    ``max_size``, ``timeout_ms``, ``search_dirs``): what executors ship, as chunks are."""
    import time

    from ..ruleset.loader import load_ruleset
    from ..verify import Budget, interruptible
    from ..verify.interaction import legality_interaction

    started = time.perf_counter()
    dirs = tuple(cell.get("search_dirs", ()))
    rulesets = [load_ruleset(s, dirs).for_players(cell["players"]) for s in cell["specs"]]
    with interruptible():
        out = legality_interaction(*rulesets, cell["players"], Budget(timeout_ms=cell["timeout_ms"]),
                                   cell["max_size"])
    out["seconds"] = time.perf_counter() - started
    return out


def chunk_summaries(plan, store) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Each (spec, players) cell's chunks, each as a summary of its own (chunk i of every ruleset
    is played with the same seed), read back from the store after :func:`.runner.run_comparison`."""
    from ..play.simulate import ChunkResult, combine
    from .runner import chunk_key
    from .store import code_version

    version = code_version()
    out = {}
    for spec, _digest, n, specs in plan.cells():
        keys = [chunk_key(s, version) for s in specs]
        found = store.get_many(keys)
        try:
            out[(spec, n)] = [combine([ChunkResult.from_json(found[k])]).to_json() for k in keys]
        except (TypeError, KeyError, ValueError, AttributeError) as err:
            raise store.failure(ValueError(f"a stored chunk is not a chunk result: {err!r}")) from None
    return out
