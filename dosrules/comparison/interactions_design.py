"""A t-wise covering design for many house rules, and each pair's interaction estimated from it.

With more than five house rules, ``interactions`` does not simulate every pair on its own
(E, E+A, E+B and E+A+B for each): it simulates the rows of a design, each the edition with a
subset of the house rules (``E+A+C+F``), and fits, figure by figure, the model

    y = b0 + sum_i b_i x_i + sum_{i<j} g_ij x_i x_j          (x_i = 1 when house rule i is in)

by least squares, as SPL Conqueror learns a performance-influence model from a sampling design.
With 0/1 coding, ``g_ij`` is the 2x2 contrast AB - A - B + E on the bare edition when no three
rules interact together (the model's assumption, said in the report).

The design (:func:`covering_design`): a strength-``t`` covering array (every combination of
in/out of every ``t`` house rules occurs in some row; greedy, deterministic), with the bare
edition, then extended row by row (the candidate of largest prediction variance, a sequential
D-optimal step) until every term of the model can be estimated. A strength-2 array alone has far
fewer rows than the model has terms (6 rows for 6 rules against 22 terms), so the extended design
has at least as many rows as all pairs' 1 + k + k(k-1)/2 rulesets; what it saves is rounds: every
row informs every term, so each contrast's interval is narrower for the same rounds per row.

Each chunk index is played with the same seed under every row, so the fit is made chunk by chunk
and a term's standard error comes from the spread of its chunk-by-chunk estimates (Student's t,
chunks - 1 degrees of freedom), as the all-pairs contrasts do; the design measures, which are
of a whole run, propagate the rows' own standard errors.
"""

from __future__ import annotations

import math
from itertools import combinations, product
from typing import Any, Callable, Mapping, Sequence

__all__ = ["covering_design", "row_spec", "model_terms", "fit_contrasts", "DEFAULT_STRENGTH", "COVERING_ABOVE"]

COVERING_ABOVE = 5  # more house rules than this: the covering design by default
DEFAULT_STRENGTH = 2


def row_spec(edition: str, houses: Sequence[str], row: Sequence[int]) -> str:
    """The ruleset of a design row: the edition with the house rules the row has in, in order."""
    return "+".join([edition, *(h for h, x in zip(houses, row) if x)])


def model_terms(k: int) -> list[tuple[int, ...]]:
    """The model's terms: the intercept (), each house rule (i,), each pair (i, j)."""
    return [(), *((i,) for i in range(k)), *combinations(range(k), 2)]


def _features(row: Sequence[int], terms: Sequence[tuple[int, ...]]) -> list[float]:
    return [float(all(row[i] for i in t)) for t in terms]


def covering_design(k: int, strength: int = DEFAULT_STRENGTH,
                    allowed: Callable[[tuple[int, ...]], bool] = lambda row: True) -> dict[str, Any]:
    """The design's rows (0/1 per house rule) for ``k`` house rules: the bare edition, a
    strength-``strength`` covering array, then the rows that make every model term estimable.
    ``allowed(row)``: whether a row's composition loads (a row that does not is never chosen; a
    combination no allowed row covers is reported in ``uncovered``). Returns ``rows``,
    ``covering_rows`` (how many the covering array took), ``uncovered`` and ``estimable``."""
    import numpy as np

    terms = model_terms(k)
    candidates = [row for row in product((0, 1), repeat=k)]
    ok: dict[tuple[int, ...], bool] = {}

    def fine(row: tuple[int, ...]) -> bool:
        if row not in ok:
            ok[row] = allowed(row)
        return ok[row]

    rows: list[tuple[int, ...]] = [tuple([0] * k)]
    chosen = set(rows)
    need = {(cols, levels) for cols in combinations(range(k), strength) for levels in product((0, 1), repeat=strength)}

    groups = list(combinations(range(k), strength))
    covered: dict[tuple[int, ...], frozenset] = {}

    def covers(row):
        if row not in covered:
            covered[row] = frozenset((cols, tuple(row[c] for c in cols)) for cols in groups)
        return covered[row]

    need -= covers(rows[0])
    while need:
        best, gain = None, 0
        for row in candidates:
            if row in chosen:
                continue
            g = len(need & covers(row))
            if g > gain and fine(row):
                best, gain = row, g
        if best is None:
            break
        rows.append(best)
        chosen.add(best)
        need -= covers(best)
    covering = len(rows)
    X = np.array([_features(r, terms) for r in rows])
    pool = [r for r in candidates if r not in rows]
    F = np.array([_features(r, terms) for r in pool])
    while np.linalg.matrix_rank(X) < len(terms):
        inverse = np.linalg.inv(X.T @ X + 1e-6 * np.eye(len(terms)))
        variance = ((F @ inverse) * F).sum(axis=1)
        chosen = None
        for i in np.argsort(-variance, kind="stable"):
            if fine(pool[i]):
                chosen = int(i)
                break
            variance[i] = -1
        if chosen is None:
            break
        rows.append(pool[chosen])
        X = np.vstack([X, F[chosen]])
        pool.pop(chosen)
        F = np.delete(F, chosen, axis=0)
    return {"rows": [list(r) for r in rows], "covering_rows": covering, "strength": strength,
            "uncovered": sorted([list(c), list(v)] for c, v in need),
            "estimable": bool(np.linalg.matrix_rank(X) == len(terms)), "terms": len(terms)}


def fit_contrasts(houses: Sequence[str], rows: Sequence[Sequence[int]], players: int,
                  values: Callable[[int], Sequence[float] | None],
                  whole: Callable[[int], tuple[float, float] | None] | None = None) -> dict[tuple[int, int], dict[str, Any]]:
    """Each pair's interaction term of one figure for ``players``: (i, j) -> ``contrast``, ``se``,
    ``df`` (None: normal), ``paired``. ``values(r)``: the figure in each chunk of row r (the same
    seeds in every row), or None; ``whole(r)``: (value, variance) of a whole run, used when chunks
    are not given (the design measures)."""
    import numpy as np

    k = len(houses)
    terms = model_terms(k)
    X = np.array([_features(r, terms) for r in rows])
    pinv = np.linalg.pinv(X)
    pairs = {t: idx for idx, t in enumerate(terms) if len(t) == 2}
    out: dict[tuple[int, int], dict[str, Any]] = {}
    series = [values(r) for r in range(len(rows))]
    if all(s is not None for s in series) and len({len(s) for s in series}) == 1 and len(series[0]) >= 2:
        Y = np.array(series, dtype=float)  # rows x chunks
        B = pinv @ Y  # terms x chunks: one fit per chunk
        m = Y.shape[1]
        for (i, j), idx in pairs.items():
            est = B[idx]
            out[(i, j)] = {"contrast": float(est.mean()), "se": float(est.std(ddof=1) / math.sqrt(m)), "df": m - 1,
                           "paired": True}
        return out
    if whole is None:
        return out
    found = [whole(r) for r in range(len(rows))]
    if any(f is None for f in found):
        return out
    y = np.array([f[0] for f in found])
    var = np.array([f[1] for f in found])
    beta = pinv @ y
    cov = (pinv * var) @ pinv.T
    for (i, j), idx in pairs.items():
        out[(i, j)] = {"contrast": float(beta[idx]), "se": float(math.sqrt(max(cov[idx, idx], 0.0))), "df": None,
                       "paired": False}
    return out
