"""Plots of a comparison as SVG text (matplotlib, imported only here, Agg backend).

* ``differences`` — a forest plot: each ruleset's difference from the baseline in the headline
  figures, with its 95% interval, the equivalence margin shaded, significant differences filled.
* ``turns-per-round``, ``rounds-per-game`` — distributions, one panel per player count. A series
  from fewer than ``FEW_GAMES`` complete games is left out of the per-game plot and named in it;
  a series that piles up on one value (a ruleset whose rounds mostly end at a rule gap) is cut
  at the height of the others, its peak written beside it, so the others stay readable.
* ``seat-win-rates`` — the winner's seat from the dealer, with the even split drawn in (under a
  mixed policy, the shares of the seat test among seats holding the same agent).
* ``rule-gap-rates`` — rounds void at each rule path, each bar labelled with its share (of the
  rulesets as written, when the other plots are of the rulesets filled).
* ``design-profile`` — the rulesets' design profiles at a glance: one small panel per design
  measure (fairness, skill, drama, decisiveness, length), each ruleset's value with its 95%
  interval, the baseline's interval shaded.

SVGs are deterministic (fixed hash salt, no date) so reports diff cleanly.
"""

from __future__ import annotations

import io
import textwrap
from typing import Any, Mapping, Sequence

from .headline import FEW_GAMES, short_names
from .metrics import METRICS

__all__ = ["comparison_plots", "write_plots", "FOREST"]

#: the forest plot's panels: (family, statistic) of the effects, in this order
FOREST = (("per_round", "turns"), ("per_game", "rounds_per_game"), ("per_round", "cards_drawn"),
          ("per_round", "penalty_draws"), ("per_round", "winner_points"), ("outcomes", "void-gap"))
_FOREST_TITLES = {("outcomes", "void-gap"): "rounds void at a rule gap (percentage points)"}
PEAK = 0.5  # a series with at least this share on one value, where the others have less, is cut


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


def _note(ax, text: str, y: float = 0.5) -> None:
    # wrapped here, not with wrap=True: matplotlib measures wrapped text as TeX whenever it holds
    # two '$' (whatever text.parse_math says), and a ruleset name may ('$\foo{$')
    ax.text(0.5, y, textwrap.fill(text, 60), ha="center", va="center", transform=ax.transAxes, fontsize=8,
            color="#555")


def _distribution(plt, summaries, rulesets, players, key: str, title: str, xlabel: str, names,
                  least: int = 1, clip: float = 0.995):
    """Shares by value, one step line per ruleset; series with fewer than ``least`` observations
    are left out (and named); a series peaking far above the others is cut at their height."""
    fig, axes = _panels(plt, players, title)
    for ax, n in zip(axes, players):
        series, left_out = [], []
        for spec in rulesets:
            hist = {int(k): v for k, v in summaries[(spec, n)].get(key, {}).items()}
            total = sum(hist.values())
            if total < least:
                left_out.append(f"{names[spec]} ({total})")
                continue
            xs = sorted(hist)
            acc, top = 0, xs[-1]
            for x in xs:  # cut the long tail at the clip quantile, for legibility
                acc += hist[x]
                if acc / total >= clip:
                    top = x
                    break
            series.append((spec, {x: v / total for x, v in hist.items()}, xs[0], top))
        peaks = {spec: max(shares.values()) for spec, shares, _, _ in series}
        normal = [p for p in peaks.values() if p < PEAK]
        ceiling = 1.25 * max(normal) if normal and len(normal) < len(peaks) else None
        for spec, shares, lo, top in series:
            pts = list(range(lo, top + 1))
            line, = ax.step(pts, [shares.get(x, 0.0) for x in pts], where="mid", label=names[spec])
            if ceiling is not None and peaks[spec] > ceiling:
                x = max(shares, key=shares.get)
                ax.annotate(f"{names[spec]}: {100 * peaks[spec]:.0f}% at {x} (cut)", (x, ceiling),
                            xytext=(6, -10), textcoords="offset points", fontsize=7, color=line.get_color())
        if ceiling is not None:
            ax.set_ylim(0, ceiling)
        if left_out:
            _note(ax, f"left out, too few ({least} needed): {', '.join(left_out)}", 0.92)
        if not series:
            _note(ax, "no series to show")
        ax.set_title(f"{n} players")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("share")
        if series:
            ax.legend(fontsize=7)
    return fig


def _bars(plt, summaries, rulesets, players, key: str, title: str, xlabel: str, names, horizontal: bool = False,
          even: bool = False):
    bars = max([len({k for spec in rulesets for k in summaries[(spec, n)].get(key, {})}) for n in players] or [0])
    height = max(3.4, 0.16 * bars * len(rulesets) + 1.2) if horizontal else 3.4
    fig, axes = plt.subplots(1, len(players), figsize=(5.4 * len(players), height), squeeze=False,
                             layout="constrained")
    fig.suptitle(title)
    axes = list(axes[0])
    for ax, n in zip(axes, players):
        labels = sorted({k for spec in rulesets for k in summaries[(spec, n)].get(key, {})},
                        key=lambda k: (0, int(k)) if k.isdigit() else (1, k))
        width = 0.8 / max(1, len(rulesets))
        for i, spec in enumerate(rulesets):
            data = summaries[(spec, n)].get(key, {})
            pos = [j + (i - (len(rulesets) - 1) / 2) * width for j in range(len(labels))]
            rates, lo, hi = [], [], []
            for name in labels:
                d = data.get(name)
                r = d["rate"] if d and d["rate"] is not None else 0.0
                ci = d["ci95"] if d and d["ci95"] else [r, r]
                rates.append(r)
                lo.append(max(0.0, r - ci[0]))
                hi.append(max(0.0, ci[1] - r))
            if horizontal:
                bars = ax.barh(pos, rates, height=width, xerr=[lo, hi], label=names[spec], capsize=2)
                ax.bar_label(bars, [f"{100 * r:.1f}%" for r in rates], padding=6, fontsize=6)
                ax.invert_yaxis() if i == 0 else None
            else:
                ax.bar(pos, rates, width=width, yerr=[lo, hi], label=names[spec], capsize=2)
        if horizontal:
            ax.set_yticks(range(len(labels)), labels, fontsize=7)
            ax.set_xlabel("share of rounds (95% CI)")
            ax.margins(x=0.2)
        else:
            ax.set_xticks(range(len(labels)), ["dealer" if k == "0" else f"{k} left" for k in labels])
            ax.set_xlabel(xlabel)
            ax.set_ylabel("share of scored rounds (95% CI)")
        if even and labels:
            ax.axhline(1 / n, color="#555", linestyle="--", linewidth=0.8)
            ax.annotate("even split", (len(labels) - 0.5, 1 / n), fontsize=7, color="#555", va="bottom", ha="right")
        if not labels:
            _note(ax, "none: no round ended this way")
        ax.set_title(f"{n} players")
        if labels:
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def _forest(plt, tests: Sequence[Mapping[str, Any]], rulesets, players, names):
    """Differences from the baseline with 95% intervals, one panel per headline figure."""
    base = rulesets[0]
    rows = [(spec, n) for n in players for spec in rulesets[1:]]
    labels = [names[spec] + (f" ({n}p)" if len(players) > 1 else "") for spec, n in rows]
    found = {(t["b"], t["players"], t["family"], t["metric"]): t for t in tests if t["a"] == base}
    cols = 2
    panels = (len(FOREST) + cols - 1) // cols
    fig, axes = plt.subplots(panels, cols, figsize=(9.5, 0.5 + panels * (0.45 * len(rows) + 1.1)),
                             squeeze=False, layout="constrained")
    fig.suptitle(f"Differences from {names[base]} (95% CI; shaded: too small to matter; filled: significant)")
    for ax, key in zip(axes.flat, FOREST):
        scale = 100.0 if key[0] == "outcomes" else 1.0
        metric = METRICS.get(key)
        margin = (metric.margin if metric else 0.01) * scale
        ax.axvspan(-margin, margin, color="#e8f5e9", zorder=0)
        ax.axvline(0, color="#888", linewidth=0.8)
        for y, (spec, n) in enumerate(rows):
            t = found.get((spec, n, *key))
            if t is None:
                ax.text(0, y, "no test", ha="center", va="center", fontsize=7, color="#888")
                continue
            d, (lo, hi) = scale * t["difference"], (scale * t["ci95"][0], scale * t["ci95"][1])
            colour = "#c62828" if t["significant"] and abs(d) > margin else "#1e63b8"
            ax.errorbar([d], [y], xerr=[[d - lo], [hi - d]], fmt="o", color=colour, capsize=3,
                        markerfacecolor=colour if t["significant"] else "white")
        ax.set_yticks(range(len(rows)), labels, fontsize=7)
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.set_title(_FOREST_TITLES.get(key) or metric.label, fontsize=8)
        _forest_axis(ax, [found.get((spec, n, *key)) for spec, n in rows], scale, margin)
    for ax in list(axes.flat)[len(FOREST):]:
        ax.set_visible(False)
    return fig


def _forest_axis(ax, tests, scale: float, margin: float) -> None:
    """An x axis symmetric around 0 that always shows the margin; when one difference is far
    larger than the rest (a house rule that changes everything), the axis is sized for the rest
    and that difference is drawn as an arrow at the edge, with its value."""
    reach = sorted(((max(abs(t["ci95"][0]), abs(t["ci95"][1])) * scale, y) for y, t in enumerate(tests)
                    if t is not None), reverse=True)  # how far each interval reaches from 0
    floor = 1.5 * margin
    wide, outliers = max([r for r, _ in reach] + [floor]), []
    for k in range(len(reach) - 1):  # the differences that dwarf all the others
        if reach[k][0] > 5 * max(reach[k + 1][0], floor):
            outliers, wide = reach[:k + 1], max(reach[k + 1][0], floor)
            break
    wide *= 1.15
    ax.set_xlim(-wide, wide)
    for _, y in outliers:
        d = tests[y]["difference"] * scale
        edge = wide * (0.97 if d > 0 else -0.97)
        ax.annotate(f"{d:+.3g}", (edge, y), xytext=(edge - 0.35 * wide * (1 if d > 0 else -1), y),
                    arrowprops={"arrowstyle": "->", "color": "#c62828"}, va="center", ha="center",
                    fontsize=7, color="#c62828")


#: the design profile's panels: (measure, title, scale to the shown unit)
_DESIGN_PANELS = (("seat_spread", "fairness: seat spread (points)", 100.0),
                  ("first_player_edge", "first player's edge (points)", 100.0),
                  ("dealer_edge", "first dealer's edge (points)", 100.0),
                  ("skill", "skill (0 luck alone, 1 the better player always wins)", 1.0),
                  ("comebacks", "drama: games won from behind (%)", 100.0),
                  ("lead_changes", "drama: lead changes per game", 1.0),
                  ("comeback_deficit", "drama: points come back from", 1.0),
                  ("lead_settled", "decisiveness: % of the game before the lead is settled", 100.0),
                  ("rounds_median", "length: rounds per game (median)", 1.0),
                  ("turns_median", "length: turns per round (median)", 1.0),
                  ("one_turn_rounds", "rounds won from behind in one turn (%)", 100.0))


def _design(plt, summaries, rulesets, players, names):
    """Each design measure in a small panel: every ruleset's value with its 95% interval."""
    rows = [(spec, n) for n in players for spec in rulesets]
    labels = [names[spec] + (f" ({n}p)" if len(players) > 1 else "") for spec, n in rows]
    cols = 3
    panels = (len(_DESIGN_PANELS) + cols - 1) // cols
    fig, axes = plt.subplots(panels, cols, figsize=(10, 0.4 + panels * (0.3 * len(rows) + 1.0)),
                             squeeze=False, layout="constrained")
    fig.suptitle("Design profile (95% intervals; shaded: the baseline's interval)")
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, (name, title, scale) in zip(axes.flat, _DESIGN_PANELS):
        ax.set_title(title, fontsize=8)
        for y, (spec, n) in enumerate(rows):
            cell = summaries[(spec, n)].get("design", {}).get(name, {})
            if cell.get("value") is None:
                ax.text(0.5, y, "not measured", ha="center", va="center", fontsize=7, color="#888",
                        transform=ax.get_yaxis_transform())
                continue
            v = scale * cell["value"]
            lo, hi = (scale * cell["ci95"][0], scale * cell["ci95"][1]) if cell.get("ci95") else (v, v)
            if spec == rulesets[0]:
                ax.axvspan(lo, hi, color="#e3ecf7", zorder=0)
            ax.errorbar([v], [y], xerr=[[v - lo], [hi - v]], fmt="o", capsize=3,
                        color=colours[rulesets.index(spec) % len(colours)])
        ax.set_yticks(range(len(rows)), labels, fontsize=7)
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.margins(x=0.15)  # a point with no width of interval (a median of whole rounds) off the frame
        ax.tick_params(axis="x", labelsize=7)
    for ax in list(axes.flat)[len(_DESIGN_PANELS):]:
        ax.set_visible(False)
    return fig


def _seat_shares(summaries, seats: Sequence[Mapping[str, Any]]):
    """The summaries with a mixed policy's seat shares replaced by those of the seat test among
    same-agent seats (``seat_fairness`` rows), so the plot shows seats, not agents; and whether any was."""
    rows = {(r["ruleset"], r["players"]): r for r in seats if r.get("basis") == "same-agent seats"}
    out = {}
    for key, s in summaries.items():
        r = rows.get(key)
        out[key] = s if r is None else {**s, "winner_seat_from_dealer": {
            str(k): {"rate": x, "ci95": ci} for k, (x, ci) in enumerate(zip(r["shares"], r["ci95"]))}}
    return out, bool(rows)


def comparison_plots(summaries: Mapping[tuple[str, int], Mapping[str, Any]], rulesets: Sequence[str],
                     players: Sequence[int], tests: Sequence[Mapping[str, Any]] = (),
                     seats: Sequence[Mapping[str, Any]] = (),
                     as_written: Mapping[tuple[str, int], Mapping[str, Any]] | None = None) -> dict[str, str]:
    """name -> SVG text, for ``summaries`` keyed by (ruleset spec, players) (Summary JSON), the
    effects' tests (JSON) for the forest plot and the seat fairness rows (for a mixed policy's seats).
    ``as_written``: when the summaries are of the rulesets filled, the rulesets as written, whose
    rule gaps the gap plot shows (the filled ones void none)."""
    plt = _setup()
    names = short_names(rulesets)
    by_seat, adjusted = _seat_shares(summaries, seats)
    out = {}
    if len(rulesets) > 1 and tests:
        out["differences"] = _svg(_forest(plt, tests, rulesets, players, names), plt)
    out.update({
        "turns-per-round": _svg(_distribution(plt, summaries, rulesets, players, "turns_histogram",
                                              "Turns per round", "turns", names), plt),
        "rounds-per-game": _svg(_distribution(plt, summaries, rulesets, players, "rounds_per_game_histogram",
                                              f"Rounds per game (rulesets with fewer than {FEW_GAMES} complete "
                                              "games left out)", "rounds", names, least=FEW_GAMES), plt),
        "seat-win-rates": _svg(_bars(plt, by_seat, rulesets, players, "winner_seat_from_dealer",
                                     "Round winner's seat, counted left from the dealer" +
                                     (" (among seats holding the same agent)" if adjusted else ""), "seat", names,
                                     even=True), plt),
        "rule-gap-rates": _svg(_bars(plt, as_written or summaries, rulesets, players, "rule_gaps",
                                     "Rounds void at a rule gap, by rule path" +
                                     (", in the rulesets as written (the other plots: filled)" if as_written else ""),
                                     "", names, horizontal=True), plt),
    })
    if any("design" in s for s in summaries.values()):
        out["design-profile"] = _svg(_design(plt, summaries, rulesets, players, names), plt)
    return out


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
