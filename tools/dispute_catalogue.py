"""The dispute catalogue: every scenario in docs/disputes/, and its README generated from them.

Regenerate the README after changing a scenario, a ruleset or the engine:

    python -m tools.dispute_catalogue

The README shows what the engine answers (verdict, deciding rule, its clause), not what the
files expect; the catalogue tests check that the two agree and that the README is current.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dosrules.disputes import ask, load_scenario
from dosrules.disputes.scenario import Scenario
from dosrules.disputes.verdict import Answer, deal_text

__all__ = ["scenario_files", "render_readme", "main", "REGENERATE"]

REGENERATE = "python -m tools.dispute_catalogue"
CATALOGUE_DIR = Path(__file__).resolve().parent.parent / "docs" / "disputes"

TOPICS = [
    ("commonly-argued", "Commonly argued", "The points source 000 lists under \"Commonly argued\", and its "
                                           "other warnings about common mistakes."),
    ("gap", "Gaps the sheet leaves", "What 000 lists under \"What the sheet does not say\", with the house "
                                     "rules that fill each gap."),
    ("edition-difference", "Where the editions differ", "One scenario for each row of the design table where "
                                                        "the editions' rules differ."),
    ("ambiguity", "Ambiguities found while building", "Situations no source settles clearly, met while "
                                                      "writing the engine and this catalogue."),
    ("example", "Examples", "Other questions."),
]

HEADER = (Path(__file__).with_name("dispute_readme_head.md")).read_text(encoding="utf-8")  # format guide, by hand


def scenario_files(folder: Path | None = None) -> list[Path]:
    """The scenario files of the catalogue, sorted by name."""
    return sorted((folder or CATALOGUE_DIR).glob("*.yaml"))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _verdict_cell(a: Answer) -> str:
    word = {"legal": "legal", "illegal": "**illegal**", "rule-gap": "*rule gap*"}[a.verdict]
    if a.verdict != "legal" and a.step:
        word += f" at `{a.step}`"
    if a.settled_by_lot:
        word += ", settled by lot (not void)"
    elif a.deal:
        word += f": {deal_text(a.deal)}"
    return word


def _rule_cell(a: Answer, focus: str | None) -> tuple[str, str]:
    """The deciding rule to show (the one the scenario points at, else the engine's first) and
    its clause; for a silent rule, what each stated value would give."""
    if not a.rules:
        return "—", ""
    r = next((x for x in a.rules if x.path == focus), a.rules[0])
    more = f" (+{len(a.rules) - 1} more)" if len(a.rules) > 1 else ""
    if r.source:
        clause = f'{r.source} {r.section}: "{r.quote}"'
    else:
        clause = "the source is silent" if r.status == "unspecified" else r.status
    if r.why == "rule-gap" and r.otherwise:
        clause += "; if it said " + ", ".join(f"{v}: {w}" for v, w in r.otherwise)
    return f"`{r.path}` = {r.value}{more}", clause


def _scenario_section(scenario: Scenario, answers: list[Answer]) -> list[str]:
    out = [f"### {scenario.title}", "", f"{scenario.question} ([{Path(scenario.file).name}]({Path(scenario.file).name}))", ""]
    if scenario.raised_by:
        rb = scenario.raised_by
        quote = f': "{rb["quote"]}"' if rb.get("quote") else ""
        out += [f"Raised by {rb['source']} {rb['section']}{quote}", ""]
    out += ["| ruleset | verdict | decided by | clause |", "|---|---|---|---|"]
    notes = []
    for a in answers:
        exp = scenario.expect.get(a.ruleset)
        rule, clause = _rule_cell(a, exp.rule if exp else None)
        out.append(f"| {a.ruleset} | {_verdict_cell(a)} | {_cell(rule)} | {_cell(clause)} |")
        if exp is not None and exp.note:
            notes.append(f"- {a.ruleset}: {' '.join(exp.note.split())}")
    if notes:
        out += [""] + notes
    return out + [""]


def render_readme(files: list[Path] | None = None, answers_of=None) -> str:
    """The README text. ``answers_of(scenario) -> [Answer]`` defaults to asking the engine under
    the rulesets each scenario expects."""
    answers_of = answers_of or (lambda sc: ask(sc, list(sc.expect)))
    scenarios = [load_scenario(f, f"docs/disputes/{f.name}") for f in (files or scenario_files())]
    out = [HEADER]
    for topic, heading, blurb in TOPICS:
        group = [s for s in scenarios if s.topic == topic]
        if not group:
            continue
        out += [f"## {heading}", "", blurb, ""]
        for scenario in group:
            out += _scenario_section(scenario, answers_of(scenario))
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write docs/disputes/README.md (``--check``: exit 1 if it is out of date instead)."""
    args = sys.argv[1:] if argv is None else argv
    target = CATALOGUE_DIR / "README.md"
    text = render_readme()
    if "--check" in args:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text:
            print(f"{target} is out of date; run: {REGENERATE}", file=sys.stderr)
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
