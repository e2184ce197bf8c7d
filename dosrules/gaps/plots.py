"""Forest plots of ``gaps --measure``: one SVG per measured silence (matplotlib, Agg backend).

Each row is one reading's effect on one headline figure, drawn in units of its equivalence margin
(so every figure shares one axis): the point is the estimate, the bar its 95% interval, the
shaded band the margin (±1). A significant difference is drawn dark, the others grey.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..comparison.plots import _setup, _svg

__all__ = ["forest_plots"]


def _forest(plt, silence: Mapping[str, Any]):
    rows = [e for e in silence["effects"] if e["estimate"] is not None and e["margin"]]
    fig, ax = plt.subplots(figsize=(7.5, 0.8 + 0.24 * max(1, len(rows))), layout="constrained")
    ax.axvspan(-1, 1, color="#e8f5e9", zorder=0)
    ax.axvline(0, color="#888", linewidth=0.8, zorder=1)
    for y, e in enumerate(reversed(rows)):
        m = e["margin"]
        lo, hi = (e["ci95"] or [e["estimate"], e["estimate"]])
        colour = "#1a237e" if e["significant"] else "#9e9e9e"
        ax.plot([lo / m, hi / m], [y, y], color=colour, linewidth=1.6, zorder=2)
        ax.plot([e["estimate"] / m], [y], "o", color=colour, markersize=4, zorder=3)
    ax.set_yticks(range(len(rows)), [f"{e['reading']}: {e['label']}" for e in reversed(rows)], fontsize=7)
    ax.set_xlabel("effect against the baseline, in equivalence margins (shaded: inside the margin)")
    ax.set_title(f"{silence['path']} — {silence['group'].replace('-', ' ')}", fontsize=9)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    return fig


def forest_plots(silences: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Rule path -> SVG text, for the measured silences of a gaps document."""
    plt = _setup()
    return {s["path"]: _svg(_forest(plt, s), plt) for s in silences}
