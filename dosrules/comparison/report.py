"""The comparison as one document: JSON data, a terminal text report, a self-contained HTML page.

:func:`build_document` gathers the rule diff, the simulation summaries, the tests, what was
exercised, seat fairness, the flags, the witnesses and the run figures into plain JSON data, and
writes the headline from them; the renderers read only that data. The text report opens with the
headline and fits in 100 columns; rulesets are named by letter (A is the baseline) with a legend.
"""

from __future__ import annotations

import math
import textwrap
from typing import Any, Mapping, Sequence

from .effects import ALPHA
from .headline import CORE, FEW_GAMES, headline, short_names
from .metrics import HEADLINE, metric, seat_words
from .wording import citation_text, witness_sentence

__all__ = ["build_document", "gap_heavy", "render_text", "render_html", "FORMAT", "TEST_NAMES", "WIDTH"]

FORMAT = "dosrules-compare/2"
WIDTH = 100  # the text report's widest line

TEST_NAMES = {
    "welch-t": "Welch's unequal-variance t-test on the means (Welch–Satterthwaite degrees of freedom)",
    "two-proportion-z": "two-proportion z-test on the rates (pooled standard error)",
    "z": "z-test of two estimates from their standard errors (the seat spread's, from a parametric bootstrap)",
}

#: the design profile's rows: (measure of dosrules.comparison.design, short label)
DESIGN_ROWS = (("seat_spread", "fairness: seat spread, games won"), ("first_player_edge", "  first player's edge"),
               ("dealer_edge", "  first dealer's edge"), ("skill", "skill: better player's edge"),
               ("comebacks", "drama: games won from behind"), ("comeback_deficit", "  points come back from"),
               ("lead_changes", "  lead changes / game"), ("lead_settled", "decisiveness: lead settled at"),
               ("rounds_median", "length: rounds / game (p90)"), ("turns_median", "  turns / round (p90)"),
               ("one_turn_rounds", "  rounds won from behind in a turn"))

#: the figures of the per-ruleset table, with short labels
FIGURES = (("per_round", "turns", "turns / round"), ("per_round", "cards_drawn", "cards drawn / round"),
           ("per_round", "draws", "chosen draws / round"), ("per_round", "penalty_draws", "DOS penalty cards"),
           ("per_round", "dos_catches", "missed DOS calls caught"), ("per_round", "reshuffles", "reshuffles / round"),
           ("per_round", "single_colour_bonuses", "single colour bonuses"),
           ("per_round", "double_colour_bonuses", "double colour bonuses"),
           ("per_round", "winner_points", "round winner's points"), ("per_game", "rounds_per_game", "rounds / game"),
           ("per_game", "winner_score", "game winner's score"))
OUTCOMES = (("scored", "scored rounds"), ("void-gap", "void: rule gap"), ("void", "void: deck out"),
            ("capped", "stopped: turn cap"))


def build_document(*, rulesets: Sequence[Mapping[str, Any]], settings: Mapping[str, Any], diff: Sequence,
                   summaries: Mapping[tuple[str, int], Mapping[str, Any]], effects: Sequence, flags: Sequence,
                   witnesses: Sequence[Mapping[str, Any]] | None, witnesses_note: str | None,
                   run: Mapping[str, Any], alpha: float = ALPHA, exercised: Sequence[Mapping] = (),
                   seat_fairness: Sequence[Mapping] = (), filling: Mapping[str, Any] | None = None,
                   unfilled: Mapping[tuple[str, int], Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The comparison as JSON data. ``filling`` (see :func:`.filled.measure_figures`): every
    ruleset was filled because rule gaps voided too many rounds, and ``summaries`` are the filled
    rulesets'; ``unfilled`` then holds the rulesets as written, (spec, players) -> summary: the
    secondary table, from which ``gap_heavy`` is computed."""
    specs = [r["spec"] for r in rulesets]
    labels = {spec: chr(ord("A") + i) if i < 26 else f"R{i + 1}" for i, spec in enumerate(specs)}
    doc = {
        "format": FORMAT,
        "rulesets": [{**r, "label": labels[r["spec"]], "short": short_names(specs)[r["spec"]]} for r in rulesets],
        "baseline": specs[0],
        "settings": dict(settings),
        "headline": [],
        "diff": [row.to_json() for row in diff],
        "simulation": [{"ruleset": spec, "players": n, "summary": s} for (spec, n), s in summaries.items()],
        "effects": {"alpha": alpha, "correction": "holm-bonferroni over all tests below",
                    "equivalence": "two one-sided tests within each statistic's margin, holm-bonferroni over them",
                    "tests_used": TEST_NAMES, "family_size": len(effects),
                    "tests": [e.to_json() for e in effects]},
        "exercised": [dict(e) for e in exercised],
        "seat_fairness": [dict(r) for r in seat_fairness],
        "agents": [{"ruleset": spec, "players": n, **s["policies"]} for (spec, n), s in summaries.items()
                   if s.get("policies")],
        "figures_of": "filled" if filling else "as written",
        "filling": None if filling is None else dict(filling),
        "unfilled": None if not filling else [{"ruleset": spec, "players": n, "summary": s}
                                              for (spec, n), s in (unfilled or {}).items()],
        "gap_heavy": gap_heavy(unfilled if filling else summaries, settings.get("thresholds", {}).get("gaps", 0.05),
                               _filled_cells(filling, summaries)),
        "flags": [f.to_json() for f in flags],
        "witnesses": None if witnesses is None else list(witnesses),
        "witnesses_note": witnesses_note,
        "run": dict(run),
    }
    doc["design"] = design_profile(doc)
    doc["warnings"] = _warnings(doc)
    doc["headline"] = headline(doc)
    return doc


def design_profile(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The rulesets' design profiles side by side, per player count: each measure's value, 95%
    interval and count per ruleset, and its tests against the baseline (from the effects)."""
    specs = [r["spec"] for r in doc["rulesets"]]
    by_cell = {(x["ruleset"], x["players"]): x["summary"].get("design", {}) for x in doc["simulation"]}
    tests = {(t["players"], t["b"], t["metric"]): t for t in doc["effects"]["tests"]
             if t["family"] == "design" and t["a"] == doc["baseline"]}
    profiles = []
    for n in doc["settings"]["players"]:
        rows = []
        for name, _ in DESIGN_ROWS:
            cells = [{"ruleset": spec, **{k: v for k, v in by_cell.get((spec, n), {}).get(name, {}).items()
                                           if k != "test"}} for spec in specs]
            against = [{k: t[k] for k in ("b", "difference", "ci95", "p_holm", "significant", "equivalent")}
                       for spec in specs[1:] if (t := tests.get((n, spec, name)))]
            rows.append({"measure": name, "label": metric("design", name).label, "cells": cells,
                         "against_baseline": against})
        profiles.append({"players": n, "rows": rows})
    return {"skill_agents": doc["settings"].get("skill"), "identical_agents": doc["settings"].get("identical_agents"),
            "profiles": profiles}


def _void_share(summary: Mapping[str, Any]) -> float:
    return summary["outcomes"].get("void-gap", {}).get("rate") or 0.0


def _filled_cells(filling: Mapping[str, Any] | None, summaries) -> dict[tuple[str, int], dict[str, Any]]:
    """(spec, players) -> the filled ruleset (spec, content hash, readings, source) and its summary."""
    if not filling:
        return {}
    return {(r["ruleset"], r["players"]): {**r, "source": filling["source"],
                                            "summary": summaries[(r["ruleset"], r["players"])]}
            for r in filling["rulesets"]}


def gap_heavy(summaries: Mapping[tuple[str, int], Mapping[str, Any]], threshold: float,
              filled: Mapping[tuple[str, int], Mapping[str, Any]] = {}) -> list[dict[str, Any]]:
    """Rulesets whose rule gaps void more than ``threshold`` of the rounds (of ``summaries``, the
    rulesets as written), per player count; each with ``filled``: the same ruleset filled (spec,
    content_hash, source, readings; without its summary, which is the comparison's), its void share
    and its headline figures beside the unfilled ones, or None when the comparison is unfilled."""
    out = []
    for (spec, n), s in summaries.items():
        share = _void_share(s)
        if share > threshold:
            fill = filled.get((spec, n))
            if fill is not None:
                fill = {**{k: v for k, v in fill.items() if k not in ("summary", "ruleset", "players")},
                        "void_share": _void_share(fill["summary"]),
                        "still_void": sorted(fill["summary"]["rule_gaps"]),
                        "figures": [{"family": family, "metric": name, "label": metric(family, name).label,
                                     "unfilled": s[family][name], "filled": fill["summary"][family][name]}
                                    for family, name in CORE]}
            out.append({"ruleset": spec, "players": n, "void_share": share,
                        "paths": {p: v["rate"] for p, v in s["rule_gaps"].items()}, "filled": fill})
    return out


def _warnings(doc) -> list[str]:
    names = {r["spec"]: r["short"] for r in doc["rulesets"]}
    out = []
    for n in doc["settings"]["players"]:
        heavy = [g for g in doc["gap_heavy"] if g["players"] == n]
        if not heavy:
            continue
        shares = ", ".join(f"{names[g['ruleset']]} {100 * g['void_share']:.1f}%" for g in heavy)
        paths: dict[str, list[float]] = {}
        for g in heavy:
            for p, r in g["paths"].items():
                paths.setdefault(p, []).append(r)
        worst = sorted(paths.items(), key=lambda kv: -max(kv[1]))[:3]
        where = "; ".join(f"{p} up to {100 * max(r):.1f}%" for p, r in worst)
        several = f" ({n} players)" if len(doc["settings"]["players"]) > 1 else ""
        if doc.get("filling"):
            out.append(f"As written, rule gaps void many rounds{several}: {shares} ({where}). Such a round stops "
                       "where the rules are silent, so the figures are of every ruleset filled with the same "
                       "readings; the rulesets as written are the secondary table (--no-fill compares them).")
        else:
            out.append(f"Rule gaps void many rounds{several}: {shares} ({where}). Such a round stops where the "
                       "rules are silent: it is cut short in the per-round figures and has no winner"
                       + (" (--no-fill was given: without it, every ruleset would be filled with the same "
                          "readings)." if doc["settings"].get("no_fill") else "."))
    several = len(doc["settings"]["players"]) > 1
    for e in doc["exercised"]:
        if e["warning"]:
            out.append(e["warning"] + (f" ({e['players']} players)" if several else ""))
    for f in doc["flags"]:
        if f["kind"] != "rule-gaps":  # said above, with the gap's rule paths
            out.append(f"{names[f['ruleset']]}, {f['players']} players: {f['detail']}.")
    return out


# --- formatting helpers --------------------------------------------------------------------------

def _num(x: Any, digits: int = 3) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.{digits}g}" if abs(x) < 1000 else f"{x:.0f}"
    return str(x)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return ", ".join(_value(x) for x in v)
    if isinstance(v, dict):
        return ", ".join(f"{k}: {_value(x)}" for k, x in v.items())
    return str(v)


def _is_rate(family: str, name: str = "") -> bool:
    return family in ("outcomes", "rule_gaps", "winner_seat_from_dealer") or \
        (family == "design" and metric(family, name).rate)


def _fmt_estimate(family: str, x: float, name: str = "") -> str:
    return f"{100 * x:.2f}%" if _is_rate(family, name) else _num(x, 4)


def _fmt_diff(t: Mapping[str, Any]) -> str:
    scale, unit = (100, " pp") if _is_rate(t["family"], t["metric"]) else (1, "")
    lo, hi = t["ci95"]
    return f"{scale * t['difference']:+.3g}{unit} [{scale * lo:+.3g}, {scale * hi:+.3g}]"


def _fmt_margin(t: Mapping[str, Any]) -> str:
    return f"±{100 * t['margin']:g} pp" if _is_rate(t["family"], t["metric"]) else f"±{t['margin']:g}"


def design_value(name: str, cell: Mapping[str, Any], interval: bool = True) -> str:
    """A design measure's value for a report: ``0.11 [0.06, 0.17]``, ``76% [70, 81]``, ``+1.0 pts
    [-5.2, +4.0]`` (an edge over an even share), ``8 (p90 14)`` (a median of a distribution)."""
    value, ci = cell.get("value"), cell.get("ci95")
    if value is None:
        return "–"
    if "p90" in cell:
        p90 = cell["p90"].get("value")
        return f"{value:.0f}" + (f" [{ci[0]:.0f}, {ci[1]:.0f}]" if interval and ci else "") + \
            (f" (p90 {p90:.0f})" if p90 is not None else "")
    if metric("design", name).rate:
        edge = name.endswith("_edge")
        sign = "+" if edge else ""
        text = f"{100 * value:{sign}.1f}{' pts' if edge else '%'}"
        return text + (f" [{100 * ci[0]:{sign}.1f}, {100 * ci[1]:{sign}.1f}]" if interval and ci else "")
    digits = 0 if abs(value) >= 10 else 2
    return f"{value:.{digits}f}" + (f" [{ci[0]:.{digits}f}, {ci[1]:.{digits}f}]" if interval and ci else "")


def _design_difference(name: str, t: Mapping[str, Any] | None) -> str:
    """A test against the baseline in a profile's last columns: ``+0.02 =`` (shown within the
    margin), ``+17.4 pp *`` (significant), ``+1.2 pp`` (neither)."""
    if t is None:
        return ""
    rate = metric("design", name).rate
    d = 100 * t["difference"] if rate else t["difference"]
    text = f"{d:+.1f} pp" if rate else f"{d:+.2f}" if abs(d) < 1 else f"{d:+.1f}" if abs(d) < 100 else f"{d:+.0f}"
    return text + (" *" if t["significant"] else " =" if t["equivalent"] else "")


def _fmt_p(p: float) -> str:
    return "<1e-300" if p == 0 else (f"{p:.2g}" if p < 0.001 else f"{p:.3f}")


def _metric_label(t: Mapping[str, Any]) -> str:
    return metric(t["family"], t["metric"]).label


def _decimals(half: float, value: float) -> int:
    """Decimals that show a 95% half-width to one significant digit (at most 3)."""
    if half <= 0:
        return 0 if value == int(value) else 2
    return max(0, min(3, -math.floor(math.log10(half))))


def _pm(d: Mapping[str, Any] | None) -> str:
    """``8.3±0.2``: a mean and the half-width of its 95% interval, to the interval's precision."""
    if not d or d.get("mean") is None:
        return "–"
    m = d["mean"]
    half = (d["ci95"][1] - d["ci95"][0]) / 2 if d.get("ci95") else 0.0
    k = _decimals(half, m)
    return f"{m:.{k}f}±{half:.{k}f}" if round(half, k) else f"{m:.{k}f}"


def _pct_pm(d: Mapping[str, Any] | None) -> str:
    if not d or d.get("rate") is None:
        return "0"
    lo, hi = d["ci95"]
    half = 100 * (hi - lo) / 2
    k = _decimals(half, 100 * d["rate"])
    return f"{100 * d['rate']:.{k}f}±{half:.{k}f}%"


def _table(rows: list[list[str]], header: list[str], keep: int = 1, width: int = WIDTH, indent: str = "  ") -> str:
    """A plain table; when too wide, its columns after the first ``keep`` go into several blocks,
    and a last column that still does not fit wraps under itself."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    blocks, current, used = [], [], sum(widths[:keep]) + 2 * keep + len(indent)
    for i in range(keep, len(header)):
        if current and used + widths[i] + 2 > width:
            blocks.append(current)
            current, used = [], sum(widths[:keep]) + 2 * keep + len(indent)
        current.append(i)
        used += widths[i] + 2
    blocks.append(current)
    out = []
    for block in blocks:
        cols = list(range(keep)) + block
        start = len(indent) + sum(widths[i] + 2 for i in cols[:-1])
        room = max(12, width - start)

        def line(r):
            head = indent + "  ".join(str(r[i]).ljust(widths[i]) for i in cols[:-1])
            last = textwrap.wrap(str(r[cols[-1]]), room, break_on_hyphens=False) or [""]
            lines = [(head + ("  " if cols[:-1] else "") + last[0]).rstrip()]
            return "\n".join(lines + [" " * start + x for x in last[1:]])
        out += [line(header), line(["-" * min(w, room) for w in widths]), *map(line, rows)]
        if block is not blocks[-1]:
            out.append("")
    return "\n".join(out)


def _wrap(text: str, indent: str = "  ", first: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=first if first is not None else indent,
                         subsequent_indent=indent, break_on_hyphens=False) or [indent.rstrip()]


def _letters(group: Sequence[str], labels: Mapping[str, str]) -> str:
    return " ".join(labels[s] for s in group)


# --- text ------------------------------------------------------------------------------------------

def render_text(doc: Mapping[str, Any], show_all: bool = False) -> str:
    """The report for a terminal (at most 100 columns): headline, warnings, what differs, what was
    exercised, figures, differences, seats, witnesses. ``show_all`` lists every test of every pair."""
    specs = [r["spec"] for r in doc["rulesets"]]
    labels = {r["spec"]: r["label"] for r in doc["rulesets"]}
    s = doc["settings"]
    amount = f"{s['games']:,} games" if s.get("games") else f"{s['rounds']:,} rounds"
    players = ", ".join(map(str, s["players"]))
    out = _wrap(f"Comparing {len(specs)} rulesets, {players} players: {amount} per ruleset and player count, "
                f"policy {s['policy']}, seed {s['seed']}", "", "")
    for r in doc["rulesets"]:
        out += _wrap(f"{r['label']}  {r['spec']} — {r['name']}", "     ", "  ")
    out += ["", "In short"]
    for sentence in doc["headline"]:
        out += _wrap(sentence, "    ", "  - ")
    if doc["warnings"]:
        out += ["", f"Warnings ({len(doc['warnings'])})"]
        for w in doc["warnings"]:
            out += _wrap(w, "    ", "  ! ")
    out += ["", *_text_diff(doc, labels), "", *_text_exercised(doc, labels), ""]
    out += _text_design(doc, specs, labels)
    out += _text_figures(doc, specs, labels)
    out += _text_filled(doc)
    out += ["", *_text_differences(doc, labels, show_all), "", *_text_seats(doc, specs, labels), ""]
    out += _text_witnesses(doc, show_all)
    r = doc["run"]
    out += ["", *_wrap(f"Run: {r['chunks']} chunks, {r['cached']} from {r['db']}, {r['computed']} computed on "
                       f"{r['executor']} in {r['seconds']} s" +
                       (f" ({r['rounds_per_sec']} rounds/s)" if r.get("rounds_per_sec") else "") +
                       (f"; the rulesets as written: {r['unfilled']['chunks']} chunks, {r['unfilled']['cached']} from "
                        f"the store, {r['unfilled']['computed']} computed in {r['unfilled']['seconds']} s"
                        if r.get("unfilled") else "") +
                       (f"; the skill games: {r['skill']['chunks']} chunks, {r['skill']['cached']} from the store, "
                        f"{r['skill']['computed']} computed in {r['skill']['seconds']} s" if r.get("skill") else ""),
                       "  ", "")]
    if r.get("html"):
        out.append(f"HTML report: {r['html']}")
    return "\n".join(out) + "\n"


def as_written(doc: Mapping[str, Any]) -> dict[str, Any] | None:
    """The secondary table of a comparison whose figures are of the rulesets filled (None when they
    are of the rulesets as written): ``amount`` (of the run as written), ``tables`` per player count
    (``rows`` of ruleset, "as written" or "filled", its void-at-a-gap rate and :data:`CORE`
    summaries; ``gaps``: per ruleset the rule paths that voided its rounds as written, with their
    rates, and those still void filled), ``columns`` (the CORE labels), and ``readings``: (path,
    reading, why, the rulesets it fills) once each."""
    f = doc.get("filling")
    if not f:
        return None
    specs = [r["spec"] for r in doc["rulesets"]]
    written = {(x["ruleset"], x["players"]): x["summary"] for x in doc["unfilled"]}
    filled = {(x["ruleset"], x["players"]): x["summary"] for x in doc["simulation"]}
    first = next(iter(written.values()))
    tables = []
    for n in doc["settings"]["players"]:
        rows = [{"ruleset": sp, "kind": kind, "void": cell["outcomes"].get("void-gap"),
                 "figures": [cell[family][name] for family, name in CORE]}
                for sp in specs for kind, cell in (("as written", written[(sp, n)]), ("filled", filled[(sp, n)]))]
        gaps = [{"ruleset": sp, "paths": sorted(((p, v["rate"]) for p, v in written[(sp, n)]["rule_gaps"].items()),
                                                key=lambda pr: -pr[1]),
                 "still": sorted(filled[(sp, n)]["rule_gaps"])} for sp in specs if written[(sp, n)]["rule_gaps"]]
        tables.append({"players": n, "rows": rows, "gaps": gaps})
    groups: dict[tuple[str, str, str], list[str]] = {}
    for r in f["rulesets"]:
        for x in r["readings"]:
            who = groups.setdefault((x["path"], x["reading"], x["why"]), [])
            if r["ruleset"] not in who:
                who.append(r["ruleset"])
    short = {**{(fam, m): label for fam, m, label in FIGURES}, ("per_round", "winner_points"): "winner's points"}
    return {"amount": f"{first['games']:,} games" if doc["settings"].get("games") else f"{first['rounds']:,} rounds",
            "source": f["source"], "tables": tables, "columns": [short[key] for key in CORE],
            "readings": [{"path": p, "reading": v, "why": why, "rulesets": who, "all": len(who) == len(specs)}
                         for (p, v, why), who in groups.items()]}


def _text_filled(doc) -> list[str]:
    """The rulesets as written, when the comparison's figures are of the rulesets filled: their void
    share, the gaps that caused it and their headline figures beside the filled ones, then the
    readings every ruleset was filled with."""
    table = as_written(doc)
    if table is None:
        return []
    labels = {r["spec"]: r["label"] for r in doc["rulesets"]}
    out = ["", *_wrap(f"The rulesets as written (secondary: {table['amount']} each; every other figure is of the "
                      "rulesets filled)", "  ", "")]
    for t in table["tables"]:
        if len(table["tables"]) > 1:
            out.append(f"  {t['players']} players")
        out.append(_table([[f"{labels[r['ruleset']]} {r['kind']}", _pct_pm(r["void"]), *map(_pm, r["figures"])]
                           for r in t["rows"]], ["", "void (gap)", *table["columns"]]))
        for g in t["gaps"]:
            still = f"; filled, still at {', '.join(g['still'])} (a case no reading decides)" if g["still"] else ""
            out += _wrap(f"{labels[g['ruleset']]} as written ends void at " + ", ".join(
                f"{p} ({_pct(rate)} of rounds)" for p, rate in g["paths"]) + still, "      ", "    ")
    out += _wrap(f"Every ruleset filled with the same readings, {table['source']}:", "  ", "  ")
    for r in table["readings"]:
        where = "" if r["all"] else f"; silent only in {_letters(r['rulesets'], labels)}"
        out += _wrap(f"{r['path']} = {r['reading']} ({r['why']}{where})", "        ", "      ")
    return out


def _still_void(filled: Mapping[str, Any]) -> str:
    """Where a filled ruleset's rounds still end void: cases that none of its readings decides."""
    paths = filled.get("still_void") or []
    return f" (still void at {', '.join(paths)}: a case the filled readings do not decide)" if paths else ""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _text_diff(doc, labels) -> list[str]:
    out = [f"What differs ({len(doc['diff'])} rule{'s' if len(doc['diff']) != 1 else ''})"]
    if not doc["diff"]:
        return out + ["  nothing: the rulesets agree on every rule for these player counts"]
    players = doc["settings"]["players"]
    for row in doc["diff"]:
        which = "" if row["players"] == list(players) else f"  ({', '.join(map(str, row['players']))} players)"
        mark = "  (one source is silent)" if row["kind"] == "unspecified-vs-specified" else ""
        out.append(f"  {row['path']}{which}{mark}")
        groups: dict[tuple, list] = {}
        for c in row["cells"]:
            cite = c["citation"] or {}
            key = (repr(c["value"]), c["status"], cite.get("quote"), cite.get("section"), cite.get("title"), c["note"])
            groups.setdefault(key, []).append(c)
        width = max(len(_letters([c["ruleset"] for c in g], labels)) for g in groups.values())
        for group in groups.values():
            c = group[0]
            head = f"    {_letters([x['ruleset'] for x in group], labels).ljust(width)}  "
            text = f"{_value(c['value'])} ({c['status']})"
            cite = citation_text(c["citation"])
            if c["status"] == "house" and c["note"]:
                text += f": {c['note']}"
            elif cite:
                text += f": {cite}"
            out += _wrap(text, " " * len(head), head)
    return out


def _text_exercised(doc, labels) -> list[str]:
    rows = doc["exercised"]
    out = ["What was exercised: how often play reached a moment each differing rule decides",
           "  (per round, mean ± half its 95% interval; ! = never or rarely: see the warnings)"]
    if not rows:
        return out + ["  nothing differs"]
    several = len(doc["settings"]["players"]) > 1
    for e in rows:
        flag = "! " if e["status"] != "exercised" else "  "
        where = f"{e['path']} ({e['players']} players)" if several else e["path"]
        out += _wrap(f"{where}: {e['words']}", "    ", flag)
        cells = [f"{labels[c['ruleset']]} {_pm({'mean': c['mean'], 'ci95': c['ci95']})}" for c in e["cells"]]
        out += _wrap("   ".join(cells), "      ", "      ")
    return out


def _text_design(doc, specs, labels) -> list[str]:
    """The design profile, per player count: each measure per ruleset with its 95% interval, and
    each ruleset's difference from the baseline (* significant, = shown within the margin)."""
    design = doc.get("design")
    if not design:
        return []
    base = labels[doc["baseline"]]
    skill = design.get("skill_agents")
    who = (f"skill: {skill['strong']} among {skill['weak']}, {skill['games']:,} games, it sits in each seat in "
           "turn" if skill else "skill not measured (--skill none)")
    out = _wrap(f"Design profile ({who}; 95% intervals; * differs from {base} significantly, = shown within the "
                "margin; definitions in docs/compare.md)", "  ", "")
    for p in design["profiles"]:
        if len(doc["settings"]["players"]) > 1:
            out.append(f"  {p['players']} players")
        rows = []
        for (name, label), row in zip(DESIGN_ROWS, p["rows"]):
            against = {a["b"]: a for a in row["against_baseline"]}
            rows.append([label, *[design_value(name, c) for c in row["cells"]],
                         *[_design_difference(name, against.get(spec)) for spec in specs[1:]]])
        header = ["", *[labels[sp] for sp in specs], *[f"{labels[sp]} − {base}" for sp in specs[1:]]]
        out.append(_table(rows, header))
        notes = {c.get("note") for row in p["rows"] for c in row["cells"] if c.get("note")}
        for note in sorted(notes):
            out += _wrap(f"– : {note}", "    ", "  ")
    return out + [""]


def _text_figures(doc, specs, labels) -> list[str]:
    by_cell = {(x["ruleset"], x["players"]): x["summary"] for x in doc["simulation"]}
    out = []
    for n in doc["settings"]["players"]:
        which = ", of the rulesets filled" if doc.get("filling") else ""
        out.append(f"Figures, {n} players{which} (mean ± half its 95% interval; rates: Wilson intervals)")
        rows = []
        for family, name, label in FIGURES:
            cells = [by_cell[(sp, n)][family].get(name) for sp in specs]
            if family == "per_game":
                few = min((c or {}).get("n", 0) for c in cells)
                label += f" ({few} games!)" if few < FEW_GAMES else ""
            rows.append([label, *[_pm(c) for c in cells]])
        for outcome, label in OUTCOMES:
            cells = [by_cell[(sp, n)]["outcomes"].get(outcome) for sp in specs]
            if any(cells):
                rows.append([label, *[_pct_pm(c) for c in cells]])
        out.append(_table(rows, ["", *[labels[sp] for sp in specs]]))
        out.append("")
    return out[:-1]


def _text_differences(doc, labels, show_all) -> list[str]:
    eff = doc["effects"]
    base = doc["baseline"]
    tests = eff["tests"] if show_all else [t for t in eff["tests"] if t["a"] == base and t["significant"]]
    tests = sorted(tests, key=lambda t: (t["players"], labels[t["a"]], labels[t["b"]],
                                         -abs(t["difference"]) / (t["margin"] or 1)))
    what = "every test" if show_all else f"the significant differences against {labels[base]}"
    out = _wrap(f"Differences: {what} ({eff['family_size']} tests in all, Holm–Bonferroni at {eff['alpha']}; "
                "means by Welch's t-test, rates by the two-proportion z-test"
                + ("; * significant, = shown within the margin by two one-sided tests)" if show_all else ")"),
                "  ", "")
    if not tests:
        return out + ["  none"]
    several = len(doc["settings"]["players"]) > 1
    rows = []
    for t in tests:
        row = [f"{labels[t['a']]}→{labels[t['b']]}" + (f" {t['players']}p" if several else ""),
               _fmt_estimate(t["family"], t["value_a"], t["metric"]), _fmt_estimate(t["family"], t["value_b"], t["metric"]),
               _fmt_diff(t),
               _fmt_p(t["p_holm"])]
        if show_all:
            row.append(("*" if t["significant"] else "") + ("=" if t["equivalent"] else ""))
        rows.append(row + [_short_label(t)])
    header = ["pair", "a", "b", "b − a [95% CI]", "p Holm", *([""] if show_all else []), "statistic"]
    out.append(_table(rows, header, keep=len(header)))
    same = _equivalent_summary(doc, labels)
    if same and not show_all:
        out += [""] + _wrap(same, "  ", "  ")
    return out


def _short_label(t) -> str:
    for family, name, label in FIGURES:
        if (family, name) == (t["family"], t["metric"]):
            return label
    if t["family"] == "winner_seat_from_dealer":
        return f"wins by {seat_words(t['metric']).replace('the player ', '')}"
    if t["family"] == "rule_gaps":
        return f"gap: {t['metric']}"
    if t["family"] == "outcomes":
        return dict(OUTCOMES).get(t["metric"], t["metric"])
    return metric(t["family"], t["metric"]).label


def _equivalent_summary(doc, labels) -> str:
    base = doc["baseline"]
    short = {(f, m): label for f, m, label in FIGURES}
    parts = []
    for r in doc["rulesets"][1:]:
        same = [short.get((t["family"], t["metric"]), t["metric"]) for t in doc["effects"]["tests"]
                if t["a"] == base and t["b"] == r["spec"] and t["equivalent"] and (t["family"], t["metric"]) in HEADLINE]
        if same:
            parts.append(f"{r['label']}: {', '.join(same)}")
    if not parts:
        return ""
    return f"Shown within the margin against {labels[base]} (two one-sided tests): " + "; ".join(parts) + "."


SEAT_BASIS = {
    "every seat": "",
    "same-agent seats": ("the agents differ between seats, so seats are compared only among those that hold the "
                         "same agent: a seat's share is an even share plus the wins it took beyond its chance among "
                         "them (the agents' effect removed)"),
    "none": "",
}
VERDICTS = {"even": "even ±{margin} pts", "undecided": "can't tell yet",
            "untestable": "no two seats hold the same agent: seats cannot be told apart from agents"}


def _text_seats(doc, specs, labels) -> list[str]:
    rows = doc["seat_fairness"]
    out = ["Seats: share of the scored rounds each seat wins, counted left from the dealer"]
    if not rows:
        return out + ["  no scored rounds"]
    for basis in dict.fromkeys(r["basis"] for r in rows):
        if SEAT_BASIS.get(basis):
            out += _wrap(f"({SEAT_BASIS[basis]})", "  ", "  ")
    for n in doc["settings"]["players"]:
        mine = [r for r in rows if r["players"] == n]
        if not mine:
            continue
        header = ["", *[("dealer" if k == 0 else f"{k} left") for k in range(n)], "verdict"]
        table = []
        for r in sorted(mine, key=lambda r: labels[r["ruleset"]]):
            if r["verdict"] == "untestable":
                table.append([labels[r["ruleset"]], *["–"] * n, VERDICTS["untestable"]])
                continue
            verdict = (f"not even (p {_fmt_p(r['p_holm'])})" if r["verdict"] == "uneven" else
                       VERDICTS[r["verdict"]].format(margin=f"{100 * r['margin']:.0f}"))
            table.append([labels[r["ruleset"]], *[f"{100 * x:.1f}%" for x in r["shares"]], verdict])
        out.append(f"  {n} players; an even split is {100 / n:.1f}% each")
        out.append(_table(table, header))
    return out + _text_agents(doc, labels)


def _text_agents(doc, labels) -> list[str]:
    """A mixed policy: each agent's share of the scored rounds and of the games, against the share
    its seats would win if agents did not matter."""
    rows = doc.get("agents") or []
    if not rows:
        return []
    how = {"rotate": "the agents move one seat each game, so each sits in each seat equally often",
           "fixed": "the agents keep their seats (--seats fixed)"}[rows[0]["seats"]]
    out = ["", *_wrap(f"Agents: share of the scored rounds and of the games each agent wins ({how}; 95% "
                      "intervals)", "  ", "")]
    several = len(doc["settings"]["players"]) > 1
    table = []
    for r in sorted(rows, key=lambda r: (r["players"], labels[r["ruleset"]])):
        for a in r["agents"]:
            table.append([labels[r["ruleset"]] + (f" {r['players']}p" if several else ""), a["agent"],
                          f"{a['seats']} of {r['players']}", f"{100 * a['fair']:.0f}%", _pct_pm(a["rounds"]),
                          _pct_pm(a["games"])])
    out.append(_table(table, ["", "agent", "seats", "if equal", "rounds won", "games won"], keep=6))
    return out


def _text_witnesses(doc, show_all: bool) -> list[str]:
    out = ["Where the rules part ways (smallest positions found by the Z3 verifier)"]
    if doc["witnesses"] is None:
        return out + [f"  not computed: {doc['witnesses_note']}"]
    names = {r["spec"]: r["short"] for r in doc["rulesets"]}
    pairs = [p for p in doc["witnesses"] if show_all or p["a"] == doc["baseline"]]
    if len(pairs) < len(doc["witnesses"]):
        out += _wrap(f"(against {names[doc['baseline']]}; the other {len(doc['witnesses']) - len(pairs)} pairs "
                     "are in --all-tests, --json and --html)", "  ")
    for pair in pairs:
        a, b = names[pair["a"]], names[pair["b"]]
        if not pair["witnesses"] and not pair["not_found"] and not pair["unknown"]:
            out += _wrap(f"{a} vs {b}: none; their differences do not show in the legal actions of one turn",
                         "    ", "  ")
            continue
        out.append(f"  {a} vs {b}: {len(pair['witnesses'])} witness{'es' if len(pair['witnesses']) != 1 else ''}")
        for w in pair["witnesses"]:
            out += _wrap(witness_sentence(w, a, b), "      ", "    - ")
            pos = w["position"]
            out += _wrap(f"notation: row {' '.join(pos['row'])}, hand {' '.join(pos['hand'])} ({pos['phase']}); "
                         f"rules {', '.join(w['rule_paths'])}", "      ", "      ")
        if pair["not_found"]:
            out += _wrap(f"no witness up to {pair['max_size']} cards for: {', '.join(pair['not_found'])}", "    ")
        for u in pair["unknown"]:
            out += _wrap(f"undecided ({u['question']}): {u['reason']}", "    ")
    return out


# --- HTML ------------------------------------------------------------------------------------------

def render_html(doc: Mapping[str, Any], plots: Mapping[str, str]) -> str:
    """A self-contained HTML page: inline CSS, inline SVG plots, no external resources."""
    import jinja2
    from markupsafe import Markup
    from importlib.resources import files

    from .wording import actions_html, cards_html

    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.filters.update(still_void=_still_void, value=_value, p=_fmt_p, diff=_fmt_diff, label=_metric_label,
                       pm=_pm, pctpm=_pct_pm, cards=cards_html, actions=actions_html, margin=_fmt_margin,
                       cite=citation_text,
                       estimate=lambda t, key: _fmt_estimate(t["family"], t[key], t["metric"]))
    template = env.from_string(files(__package__).joinpath("templates/report.html.j2").read_text("utf-8"))
    by_cell = {(x["ruleset"], x["players"]): x["summary"] for x in doc["simulation"]}
    names = {r["spec"]: r["short"] for r in doc["rulesets"]}
    sentences = {id(w): witness_sentence(w, names[pair["a"]], names[pair["b"]])
                 for pair in (doc["witnesses"] or []) for w in pair["witnesses"]}
    return template.render(doc=doc, specs=[r["spec"] for r in doc["rulesets"]], by_cell=by_cell,
                           labels={r["spec"]: r["label"] for r in doc["rulesets"]}, names=names,
                           plots={k: Markup(v) for k, v in plots.items()}, figures=FIGURES, outcomes=OUTCOMES,
                           few_games=FEW_GAMES, sentence=lambda w: sentences[id(w)], seat_words=seat_words,
                           as_written=as_written(doc), seat_basis=SEAT_BASIS, test_names=TEST_NAMES,
                           design_rows=DESIGN_ROWS, design_value=design_value, design_difference=_design_difference)
