"""A sweep's document as text (100 columns), as a self-contained HTML page, and its plots.

Reads only the JSON data of :func:`dosrules.comparison.sweep.sweep_document`. The text opens with
which figures these are (of the points filled, or as written, and how many rounds rule gaps
void), what changes along the sweep and the goals, then one table per player count: a row per
figure (the means, the round outcomes, then the design measures), a column per point, each cell
the value and the half-width of its 95% interval, ``*`` where it differs significantly from the
base value, ``=`` where it is shown equivalent to it. When the points were filled, the points as
written follow as the secondary table. The HTML page adds one plot per figure: the curve with its
intervals.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from .design import MEASURES
from .metrics import HEADLINE, metric
from .report import DESIGN_ROWS, FIGURES, _pct_pm, _pm

__all__ = ["render_sweep_text", "render_sweep_html", "sweep_plots", "WIDTH", "TEXT_FAMILIES"]

WIDTH = 100
LABEL = 34  # the figure column of the text tables
CELL = 11  # one point's column
TEXT_FAMILIES = ("outcomes", "design")  # rate families the text shows (every family of means is shown)
DESIGN_ORDER = [*MEASURES, "rounds_p90", "turns_p90"]
#: short labels of the text tables: compare's, and those it has no column for
SHORT_LABELS = {**{f"{family}.{name}": label for family, name, label in FIGURES},
                **{f"design.{name}": label.strip() for name, label in DESIGN_ROWS},
                "design.rounds_median": "length: median rounds / game", "design.rounds_p90": "  rounds / game, p90",
                "design.turns_median": "  median turns / round", "design.turns_p90": "  turns / round, p90",
                "per_round.row_size": "Centre Row cards at a turn", "per_round.bonus_draws": "bonus draws / round",
                "per_round.dos_calls": "DOS calls / round"}


def _value_text(v: Any) -> str:
    from ..ruleset.settings import canonical

    return canonical(v)


def point_label(doc: Mapping[str, Any], index: int) -> str:
    """``target 300`` (one vary) or ``target 300, setup.hand_size 8`` (a grid)."""
    point = doc["points"][index]
    return " & ".join(f"{v['path']} {_value_text(x)}" for v, x in zip(doc["vary"], point["values"]))


def _short(curve: Mapping[str, Any]) -> str:
    key = f"{curve['family']}.{curve['name']}"
    return SHORT_LABELS.get(key, curve["label"]).strip()


def _cell(est: Mapping[str, Any] | None, rate: bool) -> str:
    if est is None:
        return "–"
    if rate:
        text = _pct_pm({"rate": est["value"], "ci95": est["ci95"]}) if est["ci95"] else f"{100 * est['value']:.0f}%"
    else:
        text = _pm({"mean": est["value"], "ci95": est["ci95"]})
    return text + ("*" if est.get("significant") else "=" if est.get("equivalent") else "")


def _shown(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The curves of the text tables: every family of means, and the outcome rates."""
    return [c for c in doc["figures"] if not c["rate"] or c["family"] in TEXT_FAMILIES]


def _order(curve: Mapping[str, Any]) -> tuple:
    """Headline figures first, then the other means, the round outcomes, the design measures."""
    key = (curve["family"], curve["name"])
    if curve["family"] == "design":
        rank = DESIGN_ORDER.index(curve["name"]) if curve["name"] in DESIGN_ORDER else len(DESIGN_ORDER)
        return (len(HEADLINE) + 1, True, rank, curve["family"], curve["name"])
    return (HEADLINE.index(key) if key in HEADLINE else len(HEADLINE), curve["rate"], 0, curve["family"], curve["name"])


def _wrap(text: str, indent: str = "  ", bullet: str = "- ") -> list[str]:
    import textwrap

    return textwrap.wrap(text, WIDTH, initial_indent=bullet, subsequent_indent=indent if bullet else "")


def _fmt(x: float, rate: bool) -> str:
    return f"{100 * x:.1f}%" if rate else f"{x:.0f}" if abs(x) >= 100 else f"{x:.1f}" if abs(x) >= 1 else f"{x:.2f}"


def figures_sentence(doc: Mapping[str, Any]) -> str:
    """The report's first sentence: whether the figures are of the points filled or as written,
    and how many of a point's rounds rule gaps void as written."""
    gaps, s = doc["gaps"], doc["settings"]
    labels = [point_label(doc, i) for i in range(len(doc["points"]))]
    several = len(doc["players"]) > 1
    worst = max(gaps["points"], key=lambda r: r["void_share"], default=None)
    at = "" if worst is None else f" (at {labels[worst['point']]}" + (f", {worst['players']} players)" if several else ")")
    most = f"{100 * gaps['max_void_share']:.1f}%{at}"
    if doc.get("filling"):
        heavy = [r for r in gaps["points"] if r["heavy"]]
        return (f"Every figure below is of the points filled with the same named readings, {doc['filling']['source']}, "
                f"at the full {_amount(s)}: as written, rule gaps void more than {100 * gaps['threshold']:.0f}% of "
                f"the rounds at {len(heavy)} of the {len(gaps['points'])} points and player counts under policy "
                f"{s['policy']}, up to {most}; the points as written are the secondary table at the end "
                "(--no-fill keeps them as written).")
    if s.get("no_fill") and gaps["max_void_share"] > gaps["threshold"]:
        return (f"Every figure below is of the points as written (--no-fill): rule gaps void up to {most} of a "
                "point's rounds, which stop where the rules are silent, so the figures measure those silences too.")
    return (f"Every figure below is of the points as written: rule gaps void at most {most} of a point's rounds "
            f"(the threshold for filling them is {100 * gaps['threshold']:.0f}%).")


def _amount(s: Mapping[str, Any]) -> str:
    return f"{s['games']:,} complete games" if s.get("games") else f"{s['rounds']:,} rounds"


def in_short(doc: Mapping[str, Any]) -> list[str]:
    """Sentences: how the headline figures move along the sweep, and the goals."""
    lines = []
    labels = [point_label(doc, i) for i in range(len(doc["points"]))]
    moved = [c for c in sorted(_shown(doc), key=_order) if c["differ"]]
    for curve in moved[:6]:
        pts = [(i, c) for i, c in enumerate(curve["points"]) if c is not None]
        lo = min(pts, key=lambda ic: ic[1]["value"])
        hi = max(pts, key=lambda ic: ic[1]["value"])
        base = next((c for i, c in pts if doc["points"][i]["is_base"]), None)
        where = _join([labels[i] for i in curve["differ"]])
        lines += _wrap(f"{curve['label']} ({curve['players']} players) runs from "
                       f"{_fmt(lo[1]['value'], curve['rate'])} at {labels[lo[0]]} to "
                       f"{_fmt(hi[1]['value'], curve['rate'])} at {labels[hi[0]]}"
                       + (f" (base {_fmt(base['value'], curve['rate'])})" if base else "")
                       + f"; it differs significantly from the base value at {where}.")
    if len(moved) > 6:
        lines += _wrap(f"{len(moved) - 6} more figures differ from the base value somewhere: see the tables.")
    if not moved:
        lines += _wrap("No figure differs significantly from the base value at any point of the sweep.")
    for goal in doc["goals"]:
        lines += goal_sentences(doc, goal)
    return lines


def _join(labels: Sequence[str]) -> str:
    return ("; " if any(" & " in x for x in labels) else ", ").join(labels)


def goal_sentences(doc: Mapping[str, Any], goal: Mapping[str, Any]) -> list[str]:
    labels = [point_label(doc, i) for i in range(len(doc["points"]))]
    rate = metric(goal["family"], goal["name"]).rate
    out = []
    for row in goal["by_players"]:
        met = [labels[i] for i, m in enumerate(row["meets"]) if m]
        surely = [labels[i] for i, m in enumerate(row["surely"]) if m]
        text = f"Goal \"{goal['goal']}\" ({row['players']} players): " + (
            f"met at {_join(met)}" if met else "met at no point of the sweep")
        if met and len(surely) < len(met):
            text += f" ({'only ' + _join(surely) if surely else 'none'} with its whole 95% interval)"
        crossings = []
        for line in row["lines"]:
            others = ", ".join(f"{v['path']} {_value_text(x)}" for v, x in zip(doc["vary"][1:], line["others"]))
            for c in line["crossings"]:
                at = f", at about {row['along']} {c['at']:.0f}" if c["at"] is not None and math.isfinite(c["at"]) else ""
                crossings.append(
                    f"between {row['along']} {_value_text(c['from'])} ({_fmt(c['value_from'], rate)}) and "
                    f"{_value_text(c['to'])} ({_fmt(c['value_to'], rate)}){at}" + (f" with {others}" if others else ""))
        text += ("; it crosses the threshold " + "; and ".join(crossings) if crossings else "") + "."
        out += _wrap(text)
    return out


def render_sweep_text(doc: Mapping[str, Any]) -> str:
    r = doc["ruleset"]
    s = doc["settings"]
    vary = "; ".join(f"{v['path']} = {', '.join(_value_text(x) for x in v['values'])} "
                     f"(base {_value_text(v['base'])})" for v in doc["vary"])
    amount = _amount(s)
    lines = [f"Sweep of {r['spec']} ({r['name']})"[:WIDTH]]
    lines += _wrap(figures_sentence(doc), bullet="")
    lines += _wrap(f"Varied: {vary}.", bullet="")
    lines += _wrap(f"{amount} per point and player count, policy {s['policy']}, seed {s['seed']}: every point is "
                   "played with the same seeds.", bullet="")
    if not doc["base"]["in_sweep"]:
        lines += _wrap(f"The base value is not among the values; the base ruleset {doc['base']['spec']} is "
                       "simulated too, as what each point is tested against.", bullet="")
    lines += ["", "In short"] + in_short(doc)
    shown = sorted(_shown(doc), key=_order)
    columns = [(i, p) for i, p in enumerate(doc["points"])]
    per = max(1, (WIDTH - LABEL) // CELL)
    for n in doc["players"]:
        rows = [c for c in shown if c["players"] == n and any(
            p is not None and (p["value"] or not c["rate"]) for p in c["points"])]
        for start in range(0, len(columns), per):
            block = columns[start:start + per]
            lines += ["", f"{n} players" + (f" (points {start + 1} to {start + len(block)})"
                                            if len(columns) > per else "")]
            head = [("base" if p["is_base"] else "/".join(_value_text(x) for x in p["values"]))
                    for _, p in block]
            if len(doc["vary"]) > 1:
                lines.append(f"{'(' + ' / '.join(v['path'] for v in doc['vary']) + ')':<{LABEL}}")
            lines.append(f"{doc['vary'][0]['path'] if len(doc['vary']) == 1 else '':<{LABEL}}"
                         + "".join(f"{h[:CELL - 1]:>{CELL}}" for h in head))
            for c in rows:
                cells = [_cell(c["points"][i], c["rate"]) for i, _ in block]
                lines.append(f"{_short(c)[:LABEL - 1]:<{LABEL}}" + "".join(f"{x[:CELL - 1]:>{CELL}}" for x in cells))
    base_text = ", ".join(f"{v['path']} {_value_text(v['base'])}" for v in doc["vary"])
    lines += [""] + _wrap(f"Each cell: the mean (a share of rounds in %) and the half-width of its 95% interval; "
                          f"* differs from the base ({base_text}) by Holm-adjusted p < {doc['tests']['alpha']} "
                          f"over the {doc['tests']['family_size']} tests of the sweep; = shown equivalent to it "
                          "(within compare's margin). Design measures as in compare (docs/compare.md); a median "
                          "or 90th percentile is tested by a z-test from its distribution-free interval. Rule-gap "
                          "and seat rates: --json or --html.", bullet="")
    lines += _text_as_written(doc)
    run = doc["run"]
    extra = "".join(f"; {what}: {run[key]['chunks']} chunks ({run[key]['cached']} from the store, "
                    f"{run[key]['computed']} computed) in {run[key]['seconds']:.1f} s"
                    for key, what in (("unfilled", "the points as written"), ("skill", "the skill games"))
                    if run.get(key))
    lines += [""] + _wrap(f"Run: {run['chunks']} chunks ({run['cached']} from the store, {run['computed']} "
                          f"computed) in {run['seconds']:.1f} s{extra}; results store {run['db']}.", bullet="")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def as_written(doc: Mapping[str, Any]) -> dict[str, Any] | None:
    """The secondary table when the points were filled (None otherwise): per player count, a row per
    point with its void share as written and filled, and the core figures as written beside the
    filled ones; the gaps (rule paths) that voided rounds, worst first; the readings, once each."""
    f = doc.get("filling")
    if not f:
        return None
    labels = [point_label(doc, i) for i in range(len(doc["points"]))]
    rows = doc["gaps"]["points"]
    columns = [x["label"] for x in rows[0]["figures"]] if rows else []
    paths: dict[str, float] = {}
    for r in rows:
        for p, rate in r["paths"].items():
            paths[p] = max(paths.get(p, 0.0), rate)
    readings: dict[tuple[str, str, str], int] = {}
    for cell in f["rulesets"]:
        for x in cell["readings"]:
            key = (x["path"], str(x["reading"]), x["why"])
            readings[key] = readings.get(key, 0) + 1
    return {"columns": columns,
            "tables": [{"players": n, "rows": [{**r, "label": labels[r["point"]]} for r in rows if r["players"] == n]}
                       for n in doc["players"]],
            "paths": sorted(paths.items(), key=lambda kv: -kv[1]),
            "readings": [{"path": p, "reading": v, "why": why, "cells": k} for (p, v, why), k in readings.items()]}


def _written_cell(x: Mapping[str, Any] | None) -> str:
    if not x:
        return "–"
    return f"{x['value']:.3g}" if abs(x["value"]) < 1000 else f"{x['value']:.0f}"


def _text_as_written(doc: Mapping[str, Any]) -> list[str]:
    table = as_written(doc)
    if table is None:
        return []
    amount = next((r["rounds"] for t in table["tables"] for r in t["rows"]), None)
    out = ["", "The points as written (secondary: not the figures above, which are of the points filled)"]
    short = ["turns / round", "rounds / game", "cards drawn", "winner's points"]
    head = f"{'':<22}{'void':>7}{'filled':>7}" + "".join(f"{c[:18]:>16}" for c in short)
    for t in table["tables"]:
        if len(table["tables"]) > 1:
            out.append(f"{t['players']} players")
        out.append(head)
        out.append(f"{'':<22}{'':>7}{'void':>7}" + "".join(f"{'written/filled':>16}" for _ in short))
        for r in t["rows"]:
            figs = "".join(f"{_written_cell(x['written']) + '/' + _written_cell(x['filled']):>16}" for x in r["figures"])
            out.append(f"{r['label'][:21]:<22}{100 * r['void_share']:>6.1f}%{100 * r['filled_void_share']:>6.1f}%" + figs)
    out += _wrap("Rule gaps as written (the largest share of a point's rounds each voids): " + "; ".join(
        f"{p} {100 * rate:.1f}%" for p, rate in table["paths"]) + ".", bullet="")
    out += _wrap("Filled with: " + "; ".join(f"{x['path']} = {x['reading']} ({x['why']})" for x in table["readings"])
                 + ".", bullet="")
    if amount:
        out += _wrap(f"Each point as written ran {amount:,} rounds (--unfilled-rounds) before the sweep filled "
                     "them; void: the share of its rounds rule gaps void.", bullet="")
    return out


# --- plots and HTML -----------------------------------------------------------------------------


def sweep_plots(doc: Mapping[str, Any]) -> dict[str, str]:
    """One SVG per figure (every figure of the text tables): its curve along the first vary, one
    line per value of the second, one panel per player count; 95% intervals as bars, the base
    point ringed, points that differ from it filled, a goal's threshold dashed."""
    from .plots import _panels, _setup, _svg

    plt = _setup()
    out = {}
    first = doc["vary"][0]
    xs_all = first["values"]
    numeric = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs_all)
    goals = {(g["family"], g["name"]): g for g in doc["goals"]}
    for key in dict.fromkeys((c["family"], c["name"]) for c in sorted(_shown(doc), key=_order)):
        curves = [c for c in doc["figures"] if (c["family"], c["name"]) == key]
        players = [c["players"] for c in curves]
        fig, axes = _panels(plt, players, curves[0]["label"])
        for ax, curve in zip(axes, curves):
            scale = 100 if curve["rate"] else 1
            groups: dict[tuple, list[int]] = {}
            for i, p in enumerate(doc["points"]):
                groups.setdefault(tuple(map(str, p["values"][1:])), []).append(i)
            for others, idx in groups.items():
                xs, ys, lo, hi, sig, base = [], [], [], [], [], []
                for i in idx:
                    est = curve["points"][i]
                    if est is None:
                        continue
                    x = doc["points"][i]["values"][0]
                    xs.append(x if numeric else xs_all.index(x))
                    ys.append(scale * est["value"])
                    ci = est["ci95"] or [est["value"], est["value"]]
                    lo.append(max(0.0, scale * (est["value"] - ci[0])))  # (an interval of order
                    hi.append(max(0.0, scale * (ci[1] - est["value"])))  # statistics may not hold the value)
                    sig.append(est["significant"])
                    base.append(doc["points"][i]["is_base"])
                label = ", ".join(f"{v['path']} {o}" for v, o in zip(doc["vary"][1:], others)) or None
                line = ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=label, markersize=4,
                                   mfc="white")
                colour = line[0].get_color()
                ax.scatter([x for x, s in zip(xs, sig) if s], [y for y, s in zip(ys, sig) if s], color=colour,
                           zorder=3, s=18)
                ax.scatter([x for x, b in zip(xs, base) if b], [y for y, b in zip(ys, base) if b], s=110,
                           facecolors="none", edgecolors="#222", zorder=4)
            goal = goals.get(key)
            if goal:
                ax.axhline(scale * goal["threshold"], color="#c62828", linestyle="--", linewidth=1)
            if not numeric:
                ax.set_xticks(range(len(xs_all)), [_value_text(x) for x in xs_all])
            ax.set_xlabel(first["path"])
            ax.set_ylabel(("% of games" if curve["family"] == "design" else "% of rounds") if curve["rate"] else "")
            ax.set_title(f"{curve['players']} players", fontsize=9)
            if len(doc["vary"]) > 1:
                ax.legend(fontsize=7)
        out[f"{key[0]}-{key[1]}".replace("_", "-")] = _svg(fig, plt)
    return out


def render_sweep_html(doc: Mapping[str, Any], plots: Mapping[str, str]) -> str:
    """A self-contained page: the sentences, the tables, one plot per figure."""
    import jinja2
    from importlib.resources import files
    from markupsafe import Markup

    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    template = env.from_string(files(__package__).joinpath("templates/sweep.html.j2").read_text("utf-8"))
    shown = sorted(_shown(doc), key=_order)
    return template.render(doc=doc, sentences=[line[2:] if line.startswith("- ") else line for line in
                                               _sentences(in_short(doc))],
                           figures_sentence=figures_sentence(doc), as_written=as_written(doc), written=_written_cell,
                           labels=[point_label(doc, i) for i in range(len(doc["points"]))],
                           curves=shown, cell=_cell, short=_short,
                           plots={k: Markup(v) for k, v in plots.items()})


def _sentences(lines: Sequence[str]) -> list[str]:
    """Wrapped bullet lines joined back into one string per bullet."""
    out: list[str] = []
    for line in lines:
        if line.startswith("- ") or not out:
            out.append(line)
        else:
            out[-1] += " " + line.strip()
    return out
