"""The interactions document (JSON data), its headline in words, the text matrix (100 columns)
and the HTML page with a heat map. Reads only the data :func:`interactions_document` gathers."""

from __future__ import annotations

import textwrap
from typing import Any, Mapping, Sequence

from .interactions import FORMAT, Pair, verdicts

__all__ = ["interactions_document", "render_interactions_text", "render_interactions_html", "CODES", "design_sentence"]

WIDTH = 100
#: the letters of a matrix cell, in this order
CODES = (("!", "the two do not compose"), ("O", "order matters: A+B and B+A resolve differently"),
         ("S", "both set the same rule path"), ("D", "both change the same decision of play"),
         ("L", "Z3 found a position where A+B's legality is not what A and B imply"),
         ("x", "their effects interact (2x2 contrast significant and beyond its margin)"),
         ("+", "additive: every core figure's contrast shown within its margin"),
         ("?", "effect undecided"))


def interactions_document(*, edition: Mapping[str, Any], houses: Sequence[Mapping[str, Any]], pairs: Sequence[Pair],
                          players: Sequence[int], cells: Mapping[tuple[str, str], Mapping[str, Any]],
                          effects: Sequence[Mapping[str, Any]] | None, settings: Mapping[str, Any],
                          run: Mapping[str, Any]) -> dict[str, Any]:
    """The document: per pair its order, shared, legality and effect cells (``cells`` holds the
    first three, or ``error`` when the pair does not compose), the contrasts, the headline."""
    labels = {h["spec"]: chr(ord("A") + i) for i, h in enumerate(houses)}
    out_pairs = []
    for pair in pairs:
        cell = dict(cells[(pair.a, pair.b)])
        if "error" not in cell and effects is not None:
            cell["effect"] = {str(n): verdicts(pair, effects, n) for n in players}
        out_pairs.append({"a": pair.a, "b": pair.b, "label": labels[pair.a] + labels[pair.b], "ab": pair.ab,
                          "ba": pair.ba, **cell, "codes": _codes(cell)})
    doc = {"format": FORMAT, "edition": dict(edition),
           "houses": [{**h, "label": labels[h["spec"]]} for h in houses], "players": list(players),
           "settings": dict(settings), "pairs": out_pairs, "contrasts": list(effects or []), "run": dict(run)}
    doc["headline"] = headline(doc)
    return doc


def _codes(cell: Mapping[str, Any]) -> str:
    if "error" in cell:
        return "!"
    code = ""
    code += "O" if cell["order"]["matters"] else ""
    code += "S" if cell["shared"]["paths"] else ""
    code += "D" if cell["shared"]["situations"] else ""
    code += "L" if any(x.get("witness") for x in cell.get("legality", {}).values()) else ""
    effect = cell.get("effect")
    if effect:
        kinds = {v["verdict"] for v in effect.values()}
        code += "x" if "interacts" in kinds else "+" if kinds == {"additive"} else "?"
    return code


def _amount(f: Mapping[str, Any], key: str = "contrast") -> str:
    """A contrast in the figure's unit: percentage points for a share of rounds."""
    rate = f["family"] == "outcomes"
    return f"{100 * f[key]:+.1f} points" if rate else f"{f[key]:+.3g}"


def _interval(f: Mapping[str, Any]) -> str:
    scale, unit = (100, " points") if f["family"] == "outcomes" else (1, "")
    return f"{scale * f['ci95'][0]:+.3g} to {scale * f['ci95'][1]:+.3g}{unit}"


def _lost(p: Mapping[str, Any]) -> str:
    """For a pair whose later rule replaces every value the earlier sets: what the contrast means."""
    replaced = {r["path"] for r in p["order"]["replaced"]}
    if replaced and replaced == set(p["shared"]["paths"]):
        return (f"; {p['b']} replaces {p['a']}, so the pair plays as {p['b']} alone and the contrast is "
                f"minus the effect of {p['a']}")
    return ""


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def headline(doc: Mapping[str, Any]) -> list[str]:
    """Sentences: what interacts (and in what), what is additive, what shares a decision, where
    order matters, what does not compose, what is undecided."""
    out = []
    interacting, additive, undecided = [], [], []
    for p in doc["pairs"]:
        name = f"{p['a']} and {p['b']}"
        if "error" in p:
            out.append(f"{name} do not compose: {p['error']}")
            continue
        if p["order"]["matters"]:
            replaced = p["order"]["replaced"]
            what = (f" (both set {_and([r['path'] for r in replaced])}: the later one silently replaces the "
                    "earlier)") if replaced else f" ({_and(p['order']['paths'])})"
            out.append(f"Order matters for {p['a']}+{p['b']}{what}.")
        if p["shared"]["paths"] and not p["order"]["matters"]:
            out.append(f"{name} set the same rule ({_and(p['shared']['paths'])}) to the same value.")
        elif p["shared"]["situations"] and not p["shared"]["paths"]:
            out.append(f"{name} change the same decision: when {_and([s['words'] for s in p['shared']['situations']])}.")
        for n, cell in p.get("legality", {}).items():
            w = cell.get("witness")
            if w:
                why = "which neither implies" if w["kind"] == "neither implies" else \
                    "where the two change the answer in different ways"
                out.append(f"{name} interact in what is legal ({n} players, question {w['question']}): at "
                           f"{w['text']}, {p['a']}+{p['b']} allows {_and(w['actions']['ab']) or 'nothing'}, {why}.")
                break
        effect = p.get("effect") or {}
        kinds = [v["verdict"] for v in effect.values()]
        if "interacts" in kinds:
            n, v = next((n, v) for n, v in effect.items() if v["verdict"] == "interacts")
            f = v["figures"][0]
            interacting.append(f"{name} ({f['label']}, {n} players: {_amount(f)} beyond the sum of their "
                               f"effects, 95% interval {_interval(f)}{_lost(p)})")
        elif kinds and all(k == "additive" for k in kinds):
            additive.append(name)
        elif kinds:
            undecided.append(name)
    if interacting:
        out.insert(0, f"Effects interact: {'; '.join(interacting)}.")
    if additive:
        out.insert(1 if interacting else 0, f"Additive (each core figure's contrast shown within its margin): "
                   f"{'; '.join(additive)}.")
    if undecided:
        out.append(f"Too close to call (neither shown additive nor interacting): {'; '.join(undecided)}.")
    for h in doc["houses"]:
        idle = h.get("changes_nothing_for") or []
        if idle:
            counts = _and([str(n) for n in idle])
            out.append(f"{h['spec']} changes no rule for {counts} players: there its pairs are the other rule "
                       "alone, additive by construction.")
    if not out:
        out.append("No pair interacts in any way this command looks at.")
    return out


def design_sentence(doc: Mapping[str, Any]) -> str:
    """Which design simulated the effects, and what it costs against all pairs."""
    d, s = doc["settings"]["design"], doc["settings"]
    k = len(doc["houses"])
    amount = f"{s['games']:,} games" if s.get("games") else f"{s['rounds']:,} rounds"
    if d["kind"] == "all-pairs":
        return (f"Effects: every pair on its own (the edition, each house rule alone, each pair together: "
                f"{d['rulesets']} rulesets of {amount} each per player count); each contrast is AB - A - B + E."
                + (f" ({d['why'][0].upper()}{d['why'][1:]}.)" if d.get("why") else ""))
    return (f"Effects: a strength-{d['strength']} covering design of the {k} house rules ({d['covering_rows']} rows cover "
            f"every combination of {d['strength']} rules in or out; {d['rulesets'] - d['covering_rows']} more make every "
            f"pair's term estimable): {d['rulesets']} rulesets of {amount} each per player count, against "
            f"{d['all_pairs_rulesets']} for every pair on its own. Each pair's contrast is its interaction term in a "
            f"least-squares model with {d['model']}, fitted chunk by chunk; every row informs every term."
            + (f" Warning: {d['warning']}." if d.get("warning") else ""))


def render_interactions_text(doc: Mapping[str, Any]) -> str:
    lines = [f"Interactions of {len(doc['houses'])} house rules on {doc['edition']['spec']} "
             f"({', '.join(map(str, doc['players']))} players)"[:WIDTH]]
    s = doc["settings"]
    if s.get("rounds"):
        lines += textwrap.wrap(f"{s['rounds']:,} rounds per ruleset and player count, policy {s['policy']}, seed "
                               f"{s['seed']}; every ruleset with the same seeds. Legality: "
                               + (f"positions up to {s['witness_size']} cards." if s.get("witness_size")
                                  else "not searched (--no-legality)."), WIDTH)
    if s.get("design"):
        lines += textwrap.wrap(design_sentence(doc), WIDTH)
    lines += ["", "In short"]
    for sentence in doc["headline"]:
        lines += textwrap.wrap(sentence, WIDTH, initial_indent="- ", subsequent_indent="  ")
    lines += ["", "Matrix (row x column)"]
    letters = [h["label"] for h in doc["houses"]]
    by = {(p["a"], p["b"]): p for p in doc["pairs"]}
    cell_w = 7
    lines.append("   " + "".join(f"{x:>{cell_w}}" for x in letters))
    for i, h in enumerate(doc["houses"]):
        row = f"{h['label']:<3}"
        for j, other in enumerate(doc["houses"]):
            p = by.get((h["spec"], other["spec"]))
            row += f"{(p['codes'] or '.') if p else ('' if i != j else '-'):>{cell_w}}" if i < j or i == j else \
                f"{'':>{cell_w}}"
        lines.append(row.rstrip())
    lines.append("")
    for h in doc["houses"]:
        lines += textwrap.wrap(f"{h['label']} = {h['spec']}: {h['name']}", WIDTH, subsequent_indent="    ")
    lines += textwrap.wrap("Codes: " + "; ".join(f"{c} {w}" for c, w in CODES) + "; . none of these.", WIDTH,
                           subsequent_indent="  ")
    lines += ["", "Pairs"]
    for p in doc["pairs"]:
        lines.append(f"{p['label']}  {p['a']} + {p['b']}: {p['codes'] or '.'}")
        if "error" in p:
            lines += textwrap.wrap(p["error"], WIDTH, initial_indent="    ", subsequent_indent="    ")
            continue
        detail = []
        if p["order"]["matters"]:
            detail.append("order: " + ", ".join(p["order"]["paths"]) + " differ between A+B and B+A" +
                          "".join(f"; {r['path']}: {r['value_a']} vs {r['value_b']}, the later wins"
                                  for r in p["order"]["replaced"]))
        if p["shared"]["situations"]:
            detail.append("same decision: " + "; ".join(x["words"] for x in p["shared"]["situations"]))
        for n, cell in p.get("legality", {}).items():
            w = cell.get("witness")
            if w:
                acts = "; ".join(f"{k}: {', '.join(v) or 'nothing'}" for k, v in w["actions"].items())
                detail.append(f"legality ({n} players): {w['text']} — {acts}")
            elif cell.get("unknown"):
                detail.append(f"legality ({n} players): undecided ({cell['unknown'][0]['reason']})")
            elif cell.get("not_found"):
                detail.append(f"legality ({n} players): no interaction up to {cell['max_size']} cards "
                              f"({', '.join(cell['not_found'])})")
            else:
                detail.append(f"legality ({n} players): not asked (no question reads a rule both change)")
        for n, v in (p.get("effect") or {}).items():
            text = f"effect ({n} players): {v['verdict']}"
            if v["figures"]:
                text += "; " + "; ".join(f"{f['label']} {_amount(f)} ({_interval(f)})" for f in v["figures"][:3])
                text += _lost(p)
            detail.append(text)
        for d in detail:
            lines += textwrap.wrap(d, WIDTH, initial_indent="    ", subsequent_indent="      ")
    run = doc["run"]
    lines += [""] + textwrap.wrap(
        f"Run: {run['cells']} cells ({run['cached']} from the results store, {run['computed']} computed: "
        f"{run['chunks_computed']} simulation chunks, {run['legality_computed']} legality cells) in "
        f"{run['seconds']:.1f} s; results store {run['db']}.", WIDTH)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _heat(strength: float) -> str:
    """A background colour for an effect's strength (|contrast| / margin of the core figures)."""
    x = max(0.0, min(strength / 4, 1.0))
    r, g, b = int(255 - 57 * x), int(255 - 215 * x), int(255 - 215 * x)
    return f"rgb({r},{g},{b})"


def render_interactions_html(doc: Mapping[str, Any]) -> str:
    """A self-contained page: the headline, a heat map (each pair's strongest core contrast against
    its margin, the codes written in), and every pair's evidence."""
    import jinja2
    from importlib.resources import files

    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    template = env.from_string(files(__package__).joinpath("templates/interactions.html.j2").read_text("utf-8"))
    by = {(p["a"], p["b"]): p for p in doc["pairs"]}
    for p in doc["pairs"]:
        p["_strength"] = max((v["strength"] for v in (p.get("effect") or {}).values()), default=0.0)
    return template.render(doc=doc, by=by, heat=_heat, codes=CODES, amount=_amount, interval=_interval,
                           design_sentence=design_sentence(doc) if doc["settings"].get("design") else None)
