"""``dosrules gaps`` as one document: JSON data, a terminal text report, a self-contained HTML page.

:func:`build_document` turns the silences (:mod:`.catalogue`) and, with ``--measure``, the
measurement (:mod:`.measure`) into plain JSON data; the renderers read only that data.
"""

from __future__ import annotations

import textwrap
from typing import Any, Mapping, Sequence

from .catalogue import InferredReading, SilenceReport
from .effects import CANT_TELL, MATTERS, NO_MATTER, figure_label, pooled_figures
from .measure import Measurement

__all__ = ["build_document", "render_text", "render_html", "FORMAT", "GROUPS"]

FORMAT = "dosrules-gaps/1"
NOT_REACHED = "not-reached"
GROUPS = {MATTERS: "Changes the game", NO_MATTER: "Shown not to matter", CANT_TELL: "Can't tell yet",
          NOT_REACHED: "Not reached by play"}


def build_document(spec: str, ruleset, reports: Sequence[SilenceReport], players: Sequence[int],
                   measurement: Measurement | None = None,
                   inferred: Sequence[InferredReading] = ()) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": {"spec": spec, "id": ruleset.id, "name": ruleset.name, "content_hash": ruleset.content_hash},
        "players": list(players),
        "silences": [r.to_json() for r in reports],
        "inferred": [r.to_json() for r in inferred],
    }
    if measurement is not None:
        doc["measure"] = _measure_json(measurement)
    return doc


def _measure_json(m: Measurement) -> dict[str, Any]:
    n = m.settings.players
    groups: dict[str, list[str]] = {g: [] for g in GROUPS}
    ranked = sorted(m.verdicts, key=lambda v: -(abs(v.largest.estimate) / v.largest.margin) if v.largest else 0.0)
    for v in ranked:
        groups[v.group].append(v.path)
    groups[NOT_REACHED] = m.unreached
    return {
        "settings": m.settings.to_json(),
        "baseline": {**m.filling.to_json(), "figures": pooled_figures(m.baseline, n), "summary": m.baseline},
        "single_reading": m.single,
        "reach": {p: r.to_json() for p, r in m.reach.items()},
        "groups": groups,
        "silences": [v.to_json() for v in ranked],
        "tests": {"differences": "paired t-test on the chunk differences (common random numbers), Holm-adjusted "
                                 "over every (silence, reading, figure)",
                  "equivalence": "two one-sided tests (TOST) against the margin; a silence's p is its largest, "
                                 "Holm-adjusted over the measured silences",
                  "family_size": sum(len(v.effects) for v in m.verdicts), "silences_tested": len(m.verdicts)},
        "design": {"rounds": m.design, "most": max((v["find"] or 0 for v in m.design.values()), default=None),
                   "note": "rounds per reading to decide an effect the size of the margin for a silence met in "
                           "every game (no help from the shared seeds), with 80% power"},
        "run": m.runs,
    }


# --- text ---------------------------------------------------------------------------------------


def _wrap(text: str, indent: str = "", width: int = 100) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent) or [indent]


def _choice_line(c: Mapping[str, Any]) -> str:
    who = c["ruleset"] + (f" (with {c['players']} players)" if c["players"] else "") + f", {c['status']}"
    cite = c.get("citation")
    if cite:
        return f"{who}: {cite['source']} §{cite['section']}: \"{cite['quote']}\""
    return who + (f": {c['note']}" if c.get("note") else "")


def _listing(doc: Mapping[str, Any]) -> list[str]:
    r, silences = doc["ruleset"], doc["silences"]
    counts = doc["players"]
    who = f"{counts[0]} players" if len(counts) == 1 else f"{counts[0]} to {counts[-1]} players"
    out = [f"{r['spec']} — {r['name']}",
           f"{len(silences)} silence{'s' if len(silences) != 1 else ''} for {who}: rules the sources leave unspecified"
           if silences else f"no silence for {who}: every rule is settled", ""]
    for s in silences:
        only = "" if s["players"] == counts else f" (only with {', '.join(map(str, s['players']))} players)"
        out += _wrap(f"{s['path']}{only} — {s['description']}")
        if s["verifier"] is not None:
            out.append(f"  verifier: {s['verifier']['phrase']}")
        width = max(len(o["value"]) for o in s["readings"])
        for o in s["readings"]:
            if not o["chosen_by"]:
                out.append(f"  {o['value']:<{width}}  no shipped ruleset chooses it")
            for i, c in enumerate(o["chosen_by"]):
                head = f"  {o['value'] if i == 0 else '':<{width}}  "
                lines = _wrap(_choice_line(c), " " * len(head), 110)
                lines[0] = head + lines[0].lstrip()
                out += lines
        out.append("")
    if silences:
        example = silences[-1]
        out += _wrap(f"Fill a silence with a reading: {r['spec']}~{example['path']}={example['readings'][0]['value']}; "
                     f"with another ruleset's readings: {r['spec']}~OTHER; or with a readings file: "
                     f"{r['spec']}~FILE.yaml (docs/gaps.md). Which ones change the game: add --measure.")
    return out + _inferred(doc)


def _inferred(doc: Mapping[str, Any]) -> list[str]:
    """The rules with readings that the ruleset reads from an unclear source (status inferred)."""
    inferred, spec, counts = doc.get("inferred") or [], doc["ruleset"]["spec"], doc["players"]
    if not inferred:
        return []
    out = [""] + _wrap(f"{len(inferred)} rule{'s' if len(inferred) != 1 else ''} read by inference: the source is "
                       "unclear, this ruleset gives a reading and play follows it (not a silence: a fill never "
                       "changes it)") + [""]
    for i in inferred:
        only = "" if i["players"] == counts else f" (with {', '.join(map(str, i['players']))} players)"
        others = f"; other readings: {', '.join(i['others'])}" if i["others"] else ""
        cite = i["citation"]
        where = f": {cite['source']} §{cite['section']}: \"{cite['quote']}\"" if cite else ""
        out += textwrap.wrap(f"{i['path']}{only} = {i['value']}{others}{where}", 100, initial_indent="  ",
                             subsequent_indent="      ")
    example = inferred[0]
    if example["others"]:
        out += [""] + _wrap(f"Play another reading: {spec}@{example['path']}={example['others'][0]} (docs/gaps.md).")
    return out


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p {p:.2g}"


def _num(x: float | None, digits: int = 3) -> str:
    return "–" if x is None else f"{x:.{digits}g}"


def _effect(e: Mapping[str, Any]) -> str:
    lo, hi = e["ci95"]
    if e["figure"].startswith("seat:"):
        return (f"{e['label']} {100 * e['estimate']:+.1f} points ({100 * lo:+.1f} to {100 * hi:+.1f})")
    rel = f"; {100 * e['relative']:+.0f}%" if e["relative"] is not None else ""
    return f"{e['label']} {e['estimate']:+.3g} ({lo:+.3g} to {hi:+.3g}{rel})"


def _void_words(summary: Mapping[str, Any]) -> str:
    """The baseline's rounds that still end void at a rule gap: none, as every silence is filled,
    unless a case no reading decides remains (the figures then measure it too: say so)."""
    share = summary["outcomes"].get("void-gap", {}).get("rate") or 0.0
    if not share:
        return "; no round void at a rule gap (every figure is of the game, not of a silence)"
    return (f"; {100 * share:.1f}% of its rounds still void at {', '.join(sorted(summary['rule_gaps']))}, a case "
            "no reading decides: those rounds are cut short in these figures")


def _figures_line(figures: Mapping[str, float | None], players: int) -> str:
    seats = " / ".join(f"{100 * (figures[f'seat:{k}'] or 0):.0f}%" for k in range(players))
    return (f"turns per round {_num(figures['turns'])}, rounds per game {_num(figures['rounds_per_game'])}, "
            f"cards drawn per round {_num(figures['cards_drawn'])}, rounds won by seat from the dealer "
            f"(dealer first) {seats}")


def _measured(doc: Mapping[str, Any]) -> list[str]:
    m, r = doc["measure"], doc["ruleset"]
    st, base = m["settings"], m["baseline"]
    n = st["players"]
    out = [f"{r['spec']} with {n} players: which silences change the game", ""]
    why = {b["path"]: b for b in base["readings"]}
    out.append("Baseline: every silence filled; while one is varied the others stay at these readings")
    wide, reading = max(len(b["path"]) for b in base["readings"]), max(len(b["reading"]) for b in base["readings"])
    out += [f"  {b['path']:<{wide}}  {b['reading']:<{reading}}  {b['why']}" for b in base["readings"]]
    out += _wrap(f"Its figures: {_figures_line(base['figures'], n)}{_void_words(base['summary'])}.")
    out += _wrap(f"{st['rounds']} rounds per reading ({st['reach_rounds']} to find what play reaches), policy "
                 f"{st['policy']}, seed {st['seed']}, chunks of {st['chunk_rounds']} rounds paired by seed. "
                 f"Effects are reading minus baseline with 95% CIs; differences Holm-adjusted over "
                 f"{m['tests']['family_size']} tests; equivalence by two one-sided tests against ±"
                 f"{100 * st['margin']:g}% of the baseline's figure (±{100 * st['share_margin']:g} points for "
                 f"a seat's share), Holm-adjusted over {m['tests']['silences_tested']} silences; alpha {st['alpha']:g}.")
    out.append("")
    by_path = {s["path"]: s for s in m["silences"]}
    for group, title in GROUPS.items():
        paths = m["groups"][group]
        out.append(f"{title} ({len(paths)})" + ("" if paths else ": none"))
        for path in paths:
            reach = m["reach"][path]
            met = f"play met it in {100 * reach['rate']:.1f}% of {reach['rounds']} rounds"
            if group == NOT_REACHED:
                out += _wrap(f"{path}: no round of {reach['rounds']} reached it (policy {st['policy']}); "
                             f"baseline {why[path]['reading']}", "  ")
                if path == paths[-1]:
                    out += _wrap("Players who make other choices may reach them: e.g. --policy greedy:forget=0.1 "
                                 "(forgets to call DOS) or random.", "  ")
                continue
            s = by_path[path]
            if group == MATTERS:
                out.append(f"  {path} — {met}; baseline {why[path]['reading']}")
                for reading in dict.fromkeys(e["reading"] for e in s["effects"]):
                    sig = sorted((e for e in s["effects"] if e["reading"] == reading and e["significant"]),
                                 key=lambda e: -abs(e["estimate"]) / e["margin"])
                    text = "; ".join(_effect(e) for e in sig) if sig else "no significant difference"
                    out += _wrap(f"{reading}: {text}", "    ")
            elif group == NO_MATTER:
                note = f" ({'; '.join(s['notes'])})" if s["notes"] else ""
                out += _wrap(f"{path} — {met}; every effect of "
                             f"{', '.join(dict.fromkeys(e['reading'] for e in s['effects']))} lies inside its "
                             f"margin ({_p(s['p_equivalence_holm'])}){note}", "  ")
            else:
                need = f"; about {s['rounds_needed']} rounds per reading would decide it" if s["rounds_needed"] else ""
                out += _wrap(f"{path} — {met}; neither a difference nor equivalence shown{need}", "  ")
        out.append("")
    if m["single_reading"]:
        out += _wrap("One reading only (filled with it): " + ", ".join(
            f"{p}={why[p]['reading']}" for p in m["single_reading"]))
        out.append("")
    design = m["design"]
    hardest = max(design["rounds"].items(), key=lambda kv: kv[1]["find"] or 0)
    out += _wrap(f"To decide an effect the size of the margin for a silence met in every game (no help from the "
                 f"shared seeds) takes about {design['most']} rounds per reading ({figure_label(hardest[0])} needs "
                 f"the most); rarely met silences need far fewer. More rounds: --rounds N (finished chunks are "
                 f"reused).")
    for run in m["run"]:
        out.append(f"run ({run['stage']}): {run['chunks']} chunks, {run['cached']} from the store, "
                   f"{run['rounds_computed']} rounds simulated in {run['seconds']:.1f} s; db {run['db']}")
    return out


def render_text(doc: Mapping[str, Any]) -> str:
    lines = _measured(doc) if "measure" in doc else _listing(doc)
    return "\n".join(lines).rstrip() + "\n"


# --- HTML ---------------------------------------------------------------------------------------


def render_html(doc: Mapping[str, Any], plots: Mapping[str, str]) -> str:
    """A self-contained HTML page: inline CSS, one inline SVG forest plot per measured silence."""
    import jinja2
    from importlib.resources import files
    from markupsafe import Markup

    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.filters.update(effect=_effect, num=_num, pct=lambda x: "–" if x is None else f"{100 * x:.1f}%")
    template = env.from_string(files(__package__).joinpath("templates/gaps.html.j2").read_text("utf-8"))
    m = doc["measure"]
    return template.render(doc=doc, m=m, groups=GROUPS, by_path={s["path"]: s for s in m["silences"]},
                           readings={b["path"]: b for b in m["baseline"]["readings"]},
                           figures_line=_figures_line(m["baseline"]["figures"], m["settings"]["players"]),
                           plots={k: Markup(v) for k, v in plots.items()})
