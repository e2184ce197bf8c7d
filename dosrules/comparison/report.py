"""The comparison as one document: JSON data, a terminal text report, a self-contained HTML page.

:func:`build_document` gathers the rule diff, the simulation summaries, the tests, the flags,
the witnesses and the run figures into plain JSON data; the renderers read only that data.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .effects import ALPHA

__all__ = ["build_document", "render_text", "render_html", "FORMAT", "TEST_NAMES"]

FORMAT = "dosrules-compare/1"

TEST_NAMES = {
    "welch-t": "Welch's unequal-variance t-test on the means (Welch–Satterthwaite degrees of freedom)",
    "two-proportion-z": "two-proportion z-test on the rates (pooled standard error)",
}

FAMILY_TITLES = {
    "per_round": "per round",
    "per_game": "per game",
    "outcomes": "round outcome",
    "rule_gaps": "rule gap (void round)",
    "winner_seat_from_dealer": "winner's seat from dealer",
}


def build_document(*, rulesets: Sequence[Mapping[str, Any]], settings: Mapping[str, Any], diff: Sequence,
                   summaries: Mapping[tuple[str, int], Mapping[str, Any]], effects: Sequence, flags: Sequence,
                   witnesses: Sequence[Mapping[str, Any]] | None, witnesses_note: str | None,
                   run: Mapping[str, Any], alpha: float = ALPHA) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "rulesets": list(rulesets),
        "settings": dict(settings),
        "diff": [row.to_json() for row in diff],
        "simulation": [{"ruleset": spec, "players": n, "summary": s} for (spec, n), s in summaries.items()],
        "effects": {"alpha": alpha, "correction": "holm-bonferroni over all tests below",
                    "tests_used": TEST_NAMES, "family_size": len(effects),
                    "tests": [e.to_json() for e in effects]},
        "flags": [f.to_json() for f in flags],
        "witnesses": None if witnesses is None else list(witnesses),
        "witnesses_note": witnesses_note,
        "run": dict(run),
    }


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


def _is_rate(family: str) -> bool:
    return family in ("outcomes", "rule_gaps", "winner_seat_from_dealer")


def _fmt_estimate(family: str, x: float) -> str:
    return f"{100 * x:.2f}%" if _is_rate(family) else _num(x, 4)


def _fmt_diff(t: Mapping[str, Any]) -> str:
    scale, unit = (100, " pp") if _is_rate(t["family"]) else (1, "")
    lo, hi = t["ci95"]
    return f"{scale * t['difference']:+.3g}{unit} [{scale * lo:+.3g}, {scale * hi:+.3g}]"


def _fmt_p(p: float) -> str:
    return "<1e-300" if p == 0 else (f"{p:.2g}" if p < 0.001 else f"{p:.3f}")


def _metric_label(t: Mapping[str, Any]) -> str:
    return f"{FAMILY_TITLES.get(t['family'], t['family'])}: {t['metric']}"


def _table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


# --- text ------------------------------------------------------------------------------------------

def render_text(doc: Mapping[str, Any], show_all: bool = False) -> str:
    """The report for a terminal: diff, per-ruleset figures, significant differences, flags,
    witnesses. ``show_all`` lists every test, not only the significant ones."""
    specs = [r["spec"] for r in doc["rulesets"]]
    s = doc["settings"]
    amount = f"{s['games']} games" if s.get("games") else f"{s['rounds']} rounds"
    out = [f"Comparing {', '.join(specs)}: {amount} per ruleset and player count, "
           f"policy {s['policy']}, seed {s['seed']}, players {', '.join(map(str, s['players']))}", ""]

    out.append(f"Rule differences ({len(doc['diff'])})")
    if doc["diff"]:
        rows = []
        for row in doc["diff"]:
            mark = "  (unspecified vs specified)" if row["kind"] == "unspecified-vs-specified" else ""
            players = "all" if row["players"] == list(s["players"]) else ",".join(map(str, row["players"]))
            rows.append([row["path"] + mark, players,
                         *[f"{_value(c['value'])} [{c['status']}]" for c in row["cells"]]])
        out.append(_table(rows, ["rule path", "players", *specs]))
        out.append("Citations:")
        for row in doc["diff"]:
            for c in row["cells"]:
                if c["citation"]:
                    cite = c["citation"]
                    out.append(f"  {row['path']} / {c['ruleset']}: {cite['file'] or cite['source']} "
                               f"§{cite['section']}")
    else:
        out.append("  none: the rulesets agree on every rule for these player counts")
    out.append("")

    out.append("Simulated figures (mean [95% CI]; rates with Wilson intervals)")
    by_cell = {(x["ruleset"], x["players"]): x["summary"] for x in doc["simulation"]}
    for n in s["players"]:
        rows = []
        metrics = list(next(iter(by_cell.values()))["per_round"])
        for m in ["turns", "cards_drawn", "row_size", "single_colour_bonuses", "double_colour_bonuses",
                  "dos_calls", "winner_points"]:
            if m in metrics:
                rows.append([m, *[_ci(by_cell[(sp, n)]["per_round"][m]) for sp in specs]])
        for m in ("rounds_per_game", "winner_score"):
            rows.append([m + " (per game)", *[_ci(by_cell[(sp, n)]["per_game"][m]) for sp in specs]])
        for outcome in ("scored", "void-gap", "void", "capped"):
            rows.append([f"{outcome} rounds", *[_rate(by_cell[(sp, n)]["outcomes"].get(outcome)) for sp in specs]])
        out.append(f"{n} players")
        out.append(_table(rows, ["statistic", *specs]))
        out.append("")

    eff = doc["effects"]
    tests = eff["tests"]
    shown = tests if show_all else [t for t in tests if t["significant"]]
    out.append(f"Differences {'(all tests)' if show_all else 'significant at ' + str(eff['alpha'])} — "
               f"{eff['family_size']} tests, Holm–Bonferroni adjusted; "
               "means: Welch's t-test, rates: two-proportion z-test")
    if shown:
        rows = [[str(t["players"]), f"{t['a']} → {t['b']}", _metric_label(t),
                 _fmt_estimate(t["family"], t["value_a"]), _fmt_estimate(t["family"], t["value_b"]),
                 _fmt_diff(t), "t" if t["test"] == "welch-t" else "z", _fmt_p(t["p_holm"]),
                 "*" if t["significant"] else ""] for t in shown]
        out.append(_table(rows, ["pl.", "pair", "statistic", "a", "b", "b - a [95% CI]", "test",
                                 "p (Holm)", "sig"]))
    else:
        out.append("  none")
    out.append("")

    out.append(f"Degenerate variants ({len(doc['flags'])})")
    for f in doc["flags"]:
        out.append(f"  {f['ruleset']}, {f['players']} players: {f['kind']} — {f['detail']} "
                   f"(threshold {f['threshold']})")
    if not doc["flags"]:
        out.append("  none")
    out.append("")

    out.append("Divergence witnesses (Z3)")
    if doc["witnesses"] is None:
        out.append(f"  not computed: {doc['witnesses_note']}")
    else:
        for pair in doc["witnesses"]:
            out.append(f"  {pair['a']} vs {pair['b']}: {len(pair['witnesses'])} witness(es)")
            for w in pair["witnesses"]:
                pos = w["position"]
                out.append(f"    {w['question']}: row {' '.join(pos['row'])}, hand {' '.join(pos['hand'])}"
                           f" ({pos['phase']}); rules {', '.join(w['rule_paths'])}")
                if w["only_a"]:
                    out.append(f"      only under {pair['a']}: {'; '.join(w['only_a'][:4])}"
                               + (" …" if len(w["only_a"]) > 4 else ""))
                if w["only_b"]:
                    out.append(f"      only under {pair['b']}: {'; '.join(w['only_b'][:4])}"
                               + (" …" if len(w["only_b"]) > 4 else ""))
                if w["outcome_a"] != w["outcome_b"] and w["action"]:
                    out.append(f"      after '{w['action']}': {w['outcome_a']} vs {w['outcome_b']}")
            if pair["not_found"]:
                out.append(f"    no witness up to {pair['max_size']} cards for: {', '.join(pair['not_found'])}")
            for u in pair["unknown"]:
                out.append(f"    undecided ({u['question']}): {u['reason']}")
    out.append("")
    r = doc["run"]
    out.append(f"Run: {r['chunks']} chunks, {r['cached']} from {r['db']}, {r['computed']} computed on "
               f"{r['executor']} in {r['seconds']} s" +
               (f" ({r['rounds_per_sec']} rounds/s)" if r.get("rounds_per_sec") else ""))
    if r.get("html"):
        out.append(f"HTML report: {r['html']}")
    return "\n".join(out) + "\n"


def _ci(d: Mapping[str, Any]) -> str:
    if not d or d.get("mean") is None:
        return "–"
    lo, hi = d["ci95"]
    return f"{d['mean']:.3f} [{lo:.3f}, {hi:.3f}]"


def _rate(d: Mapping[str, Any] | None) -> str:
    if not d or d.get("rate") is None:
        return "0"
    lo, hi = d["ci95"]
    return f"{100 * d['rate']:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}]"


# --- HTML ------------------------------------------------------------------------------------------

def render_html(doc: Mapping[str, Any], plots: Mapping[str, str]) -> str:
    """A self-contained HTML page: inline CSS, inline SVG plots, no external resources."""
    import jinja2
    from markupsafe import Markup
    from importlib.resources import files

    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.filters.update(value=_value, ci=_ci, rate=_rate, p=_fmt_p, diff=_fmt_diff, label=_metric_label,
                       estimate=lambda t, key: _fmt_estimate(t["family"], t[key]))
    template = env.from_string(files(__package__).joinpath("templates/report.html.j2").read_text("utf-8"))
    by_cell = {(x["ruleset"], x["players"]): x["summary"] for x in doc["simulation"]}
    return template.render(doc=doc, specs=[r["spec"] for r in doc["rulesets"]], by_cell=by_cell,
                           plots={k: Markup(v) for k, v in plots.items()},
                           test_names=TEST_NAMES)
