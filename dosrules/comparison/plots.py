"""Plots of a comparison as SVG text (matplotlib, imported only here, Agg backend).

One figure per statistic, one panel per player count, one series per ruleset: turns per round,
rounds per game (distributions), the winner's seat from the dealer, rule-gap rates (with 95%
intervals). SVGs are deterministic (fixed hash salt, no date) so reports diff cleanly.
"""

from __future__ import annotations

import io
from typing import Any, Mapping, Sequence

__all__ = ["comparison_plots", "write_plots"]


def _setup():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.hashsalt": "dosrules", "svg.fonttype": "none", "font.size": 9,
                         "text.parse_math": False,  # ruleset names are labels, never TeX ('$\\foo{$')
                         "axes.spines.top": False, "axes.spines.right": False})
    return plt


def _svg(fig, plt) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]  # drop the XML prolog and doctype: the SVG goes inline


def _panels(plt, players: Sequence[int], title: str):
    fig, axes = plt.subplots(1, len(players), figsize=(4.2 * len(players), 3.4), squeeze=False,
                             layout="constrained")
    fig.suptitle(title)
    return fig, list(axes[0])


def _distribution(plt, summaries, rulesets, players, key: str, title: str, xlabel: str, clip: float = 0.995):
    fig, axes = _panels(plt, players, title)
    for ax, n in zip(axes, players):
        for spec in rulesets:
            hist = {int(k): v for k, v in summaries[(spec, n)].get(key, {}).items()}
            total = sum(hist.values())
            if not total:
                continue
            xs = sorted(hist)
            # cut the long tail at the clip quantile of the widest series, for legibility
            acc, top = 0, xs[-1]
            for x in xs:
                acc += hist[x]
                if acc / total >= clip:
                    top = x
                    break
            pts = [x for x in range(xs[0], top + 1)]
            ax.step(pts, [hist.get(x, 0) / total for x in pts], where="mid", label=spec)
        ax.set_title(f"{n} players")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("share")
        if ax.get_legend_handles_labels()[0]:  # a panel with no series has no legend
            ax.legend(fontsize=7)
    return fig


def _bars(plt, summaries, rulesets, players, key: str, title: str, xlabel: str, horizontal: bool = False):
    fig, axes = _panels(plt, players, title)
    for ax, n in zip(axes, players):
        names = sorted({k for spec in rulesets for k in summaries[(spec, n)].get(key, {})},
                       key=lambda k: (0, int(k)) if k.isdigit() else (1, k))
        width = 0.8 / max(1, len(rulesets))
        for i, spec in enumerate(rulesets):
            data = summaries[(spec, n)].get(key, {})
            pos = [j + (i - (len(rulesets) - 1) / 2) * width for j in range(len(names))]
            rates, lo, hi = [], [], []
            for name in names:
                d = data.get(name)
                r = d["rate"] if d and d["rate"] is not None else 0.0
                ci = d["ci95"] if d and d["ci95"] else [r, r]
                rates.append(r)
                lo.append(max(0.0, r - ci[0]))
                hi.append(max(0.0, ci[1] - r))
            if horizontal:
                ax.barh(pos, rates, height=width, xerr=[lo, hi], label=spec, capsize=2)
            else:
                ax.bar(pos, rates, width=width, yerr=[lo, hi], label=spec, capsize=2)
        if horizontal:
            ax.set_yticks(range(len(names)), names, fontsize=7)
            ax.set_xlabel("share of rounds (95% CI)")
        else:
            ax.set_xticks(range(len(names)), names)
            ax.set_xlabel(xlabel)
            ax.set_ylabel("share of scored rounds (95% CI)")
        if not names:
            ax.text(0.5, 0.5, "none", ha="center", va="center", transform=ax.transAxes)
        ax.set_title(f"{n} players")
        if ax.get_legend_handles_labels()[0]:  # a panel with no series has no legend
            ax.legend(fontsize=7)
    return fig


def comparison_plots(summaries: Mapping[tuple[str, int], Mapping[str, Any]], rulesets: Sequence[str],
                     players: Sequence[int]) -> dict[str, str]:
    """name -> SVG text, for ``summaries`` keyed by (ruleset spec, players) (Summary JSON)."""
    plt = _setup()
    return {
        "turns-per-round": _svg(_distribution(plt, summaries, rulesets, players, "turns_histogram",
                                              "Turns per round", "turns"), plt),
        "rounds-per-game": _svg(_distribution(plt, summaries, rulesets, players, "rounds_per_game_histogram",
                                              "Rounds per game", "rounds"), plt),
        "seat-win-rates": _svg(_bars(plt, summaries, rulesets, players, "winner_seat_from_dealer",
                                     "Round winner's seat, counted left from the dealer (0 = dealer)",
                                     "seat from the dealer"), plt),
        "rule-gap-rates": _svg(_bars(plt, summaries, rulesets, players, "rule_gaps",
                                     "Rounds void at a rule gap, by rule path", "", horizontal=True), plt),
    }


def write_plots(plots: Mapping[str, str], folder) -> list[str]:
    """Save each plot as ``<folder>/<name>.svg``; the paths written."""
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, svg in plots.items():
        path = folder / f"{name}.svg"
        path.write_text(svg, encoding="utf-8")
        written.append(str(path))
    return written
