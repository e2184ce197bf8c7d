"""Render rule documents from a Ruleset with the Jinja2 templates of one language and format.

Templates live in ``templates/<lang>/`` (``rulebook.j2``, ``against.j2``, ``rules.j2`` with one
sentence per rule value, and ``descriptions.yaml`` when the schema's English rule descriptions
need translating); ``templates/format/<fmt>.j2`` holds the markup macros (headings, paragraphs,
tables) so the language templates stay free of Markdown and HTML. Adding a language adds a
folder; no Python changes.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..errors import DosrulesError, UsageError
from ..ruleset.resources import data_dir
from ..ruleset.text import markdown_code, markdown_text
from ..ruleset.model import LaidPart, Provenance, Rules, Ruleset, Source, Status, is_unspecified, rule_paths
from ..ruleset.settings import SET, command_line_settings
from ..ruleset.silences import Handling, on_silence
from . import facts

TEMPLATES = Path(__file__).resolve().parent / "templates"
FORMATS = ("md", "html")


def languages() -> list[str]:
    """Languages with templates: every folder of ``templates/`` holding a ``rulebook.j2``."""
    return sorted(p.parent.name for p in TEMPLATES.glob("*/rulebook.j2"))


# --- rule descriptions ------------------------------------------------------------------------


def _schema_file() -> Path:
    folder = data_dir("schemas")
    if folder is not None and (folder / "ruleset.schema.json").is_file():
        return folder / "ruleset.schema.json"
    raise DosrulesError("the ruleset schema (schemas/ruleset.schema.json) is missing from the installation",
                        fix="Reinstall dosrules.")


@lru_cache(maxsize=None)
def schema_descriptions() -> dict[str, str]:
    """The schema's ``description`` of every rule path (the source of rule descriptions)."""
    schema = json.loads(_schema_file().read_text(encoding="utf-8"))
    out = {}
    for path in rule_paths():
        node = schema["properties"]["rules"]
        for part in path.split("."):
            node = node["properties"][part]
        out[path] = node.get("description", "").split(" Limit: ")[0]  # the tool's limit, not a rule
    return out


@lru_cache(maxsize=None)
def translated_descriptions(lang: str) -> dict[str, dict[str, str]]:
    """``templates/<lang>/descriptions.yaml``: path -> {source: schema text, text: translation}."""
    file = TEMPLATES / lang / "descriptions.yaml"
    if not file.is_file():
        return {}
    return yaml.safe_load(file.read_text(encoding="utf-8")) or {}


def descriptions(lang: str) -> dict[str, str]:
    """Rule descriptions in ``lang``: the translation where one exists, else the schema's text."""
    english = schema_descriptions()
    translated = translated_descriptions(lang)
    return {p: translated.get(p, {}).get("text") or english[p] for p in english}


# --- citations --------------------------------------------------------------------------------


@dataclass
class Note:
    """One numbered citation; rule paths with the same provenance share it."""

    number: int
    provenance: Provenance
    source: Source | None
    paths: list[str] = field(default_factory=list)


class Citations:
    """``cite(path, ..., players=n)`` in a template: numbers the provenance, returns the marker."""

    def __init__(self, ruleset: Ruleset, fmt: str, enabled: bool):
        self.ruleset, self.fmt, self.enabled = ruleset, fmt, enabled
        self.notes: list[Note] = []
        self._by_key: dict[Provenance, Note] = {}

    def numbers(self, *paths: str, players: int | None = None) -> list[int]:
        """The note numbers of the paths' provenance (new notes are added in order)."""
        numbers: list[int] = []
        if not self.enabled:
            return numbers
        for path in paths:
            try:
                prov = self.ruleset.provenance_of(path, players)
            except KeyError:
                continue
            key = prov  # frozen: equal provenance shares a note
            note = self._by_key.get(key)
            if note is None:
                source = None
                if prov.citation is not None:
                    try:
                        source = self.ruleset.source(prov.citation.source)
                    except KeyError:
                        source = None
                note = self._by_key[key] = Note(len(self.notes) + 1, prov, source)
                self.notes.append(note)
            if path not in note.paths:
                note.paths.append(path)
            if note.number not in numbers:
                numbers.append(note.number)
        return numbers

    def marker(self, numbers: list[int]):
        """A footnote marker: ``[^3]`` in Markdown, a linked superscript in HTML."""
        from markupsafe import Markup

        if not numbers:
            return ""
        if self.fmt == "html":
            links = ", ".join(f'<a href="#cite-{n}">{n}</a>' for n in numbers)
            return Markup(f'<sup class="cite">{links}</sup>')
        return "".join(f"[^{n}]" for n in numbers)

    def __call__(self, *paths: str, players: int | None = None):
        return self.marker(self.numbers(*paths, players=players))


def _sayer(citations: Citations, sentences, rules: Rules | None, players: int | None, fmt: str,
           questions: dict[str, int] | None = None):
    """``say(path, ...)`` in a template: the rule sentences of the paths, each said once, with a
    citation marker after the last sentence of each run that shares a citation (a rule whose value
    adds no sentence, such as no extra Centre Row card, is cited after the one before). A path the rules
    leave open, when the document asks it in its "settle before you play" box (``questions``:
    path -> question number), is not said in the text: one reference to its questions is."""
    from markupsafe import Markup

    def say(*paths: str):
        runs: list[list] = []  # [sentence, note numbers]
        asked: list[int] = []
        asked_notes: list[int] = []
        for path in paths:
            if questions and path in questions and rules is not None and is_unspecified(rules.get(path)):
                if questions[path] not in asked:
                    asked.append(questions[path])
                asked_notes += [n for n in citations.numbers(path, players=players) if n not in asked_notes]
                continue
            text = sentences.rule(path, rules).strip()
            numbers = citations.numbers(path, players=players)
            if runs and (runs[-1][0] == text or not text):  # a rule with nothing to add cites after the last
                runs[-1][1] += [n for n in numbers if n not in runs[-1][1]]
            else:
                runs.append([text, numbers])
        if asked:
            runs.append([str(sentences.see_questions(asked)).strip(), asked_notes])
        out = []
        for i, (text, numbers) in enumerate(runs):
            following = runs[i + 1][1] if i + 1 < len(runs) else None
            out.append(text + (citations.marker(numbers) if numbers != following else ""))
        return (Markup(" ") if fmt == "html" else " ").join(out)

    return say


# --- the Jinja environment --------------------------------------------------------------------


def _squash(text: Any):
    """Collapse runs of whitespace to one space (keeps Markup safe)."""
    out = re.sub(r"\s+", " ", str(text)).strip()
    return type(text)(out) if hasattr(text, "__html__") else out


def _quoted(text: Any) -> str:
    """A Markdown block quoted (``> `` before every line), blank lines inside kept single, none
    between the items of a numbered list."""
    lines = [line for line in str(text).strip("\n").splitlines()]
    out: list[str] = []
    for line in lines:
        if not line.strip():
            if out and out[-1] != ">":
                out.append(">")
        else:
            out.append("> " + line)
    joined = "\n".join(out)
    return re.sub(r"(?m)^(> \d+\. .*)\n>\n(?=> \d+\. )", r"\1\n", joined)


def _key(value: Any) -> Any:
    """An enum's YAML text (``"place-card"``), ``"unspecified"``, or the value itself."""
    if is_unspecified(value):
        return "unspecified"
    return getattr(value, "value", value)


class TemplateGap(DosrulesError):
    """A language's templates lack a sentence for a rule value."""


def _missing(what: str, value: Any = None) -> str:
    """Called by a template that has no sentence for a rule value: stops the rendering."""
    raise TemplateGap(f"the templates have no sentence for {what}" + (f" = {_key(value)!r}" if value is not None else ""))


def _bytecode_cache(fmt: str):
    """Compiled templates kept between runs in ``$XDG_CACHE_HOME/dosrules/templates/FMT``
    (``~/.cache`` when unset): compiling the four languages' templates is most of a `doc` run's
    time. One folder per format: the same template compiled for HTML escapes what it prints and
    compiled for Markdown does not, and Jinja's entry is keyed by the template and its source
    alone (one folder for both gave Markdown's unescaped code to an HTML run). Jinja checks each
    entry against its template's source, so an edited template is compiled again;
    None (no cache, nothing written) under ``PYTHONDONTWRITEBYTECODE`` (no compiled code kept, as
    for Python's own) or when that folder cannot be made."""
    import sys

    import jinja2

    if sys.dont_write_bytecode:
        return None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(base) / "dosrules" / "templates" / fmt
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    return jinja2.FileSystemBytecodeCache(str(folder))


@lru_cache(maxsize=None)
def _environment(fmt: str):
    import jinja2

    env = jinja2.Environment(
        bytecode_cache=_bytecode_cache(fmt),
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=fmt == "html",
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["squash"] = _squash
    env.filters["quoted"] = _quoted
    # text from the ruleset: literal Markdown in md (HTML escapes everything in html already)
    env.filters["text"] = markdown_text if fmt == "md" else (lambda value: value)
    env.filters["code_span"] = markdown_code
    env.filters["key"] = _key
    env.filters["runs"] = facts.number_runs
    env.tests["unspecified"] = is_unspecified
    env.globals["missing"] = _missing
    return env


def _tidy(text: str) -> str:
    """Trailing spaces off, one blank line between blocks, none inside a table, list or notes."""
    lines = [line.rstrip() for line in text.splitlines()]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n") + "\n"
    for lead in (r"\|", r"- ", r"\[\^", r"<li", r"<tr"):
        text = re.sub(rf"(?m)^({lead}.*)\n\n(?={lead})", r"\1\n", text)
    return text


def check_options(fmt: str, lang: str) -> None:
    """UsageError for an unknown format or a language without templates."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown document format '{fmt}'", fix=f"Use one of: {', '.join(FORMATS)}.")
    if lang not in languages():
        raise UsageError(f"no templates for language '{lang}'",
                         fix=f"Use one of: {', '.join(languages())}; a language is added as a folder "
                             f"dosrules/rulebook/templates/<lang>/ with rulebook.j2, against.j2 and rules.j2.")


def _render(template: str, fmt: str, lang: str, ruleset: Ruleset, cite: bool, **context: Any) -> str:
    import jinja2

    env = _environment(fmt)
    citations = Citations(ruleset, fmt, cite)
    base = {"fmt": fmt, "lang": lang, "cite": citations, "citations": citations, "ruleset": ruleset,
            "descriptions": descriptions(lang), "played_with": command_line_settings(ruleset)}
    try:
        f = env.get_template(f"format/{fmt}.j2").make_module(base)
        s = env.get_template(f"{lang}/rules.j2").make_module({**base, "f": f})
        played = played_phrases(ruleset, lang)
        base["title_of"] = lambda rs: rs.name_in(lang, played if rs is ruleset else played_phrases(rs, lang))
        base["played"] = played
        questions = {o.path: i for i, o in enumerate(context.get("open_rules") or (), start=1) if o.players is None}
        say = _sayer(citations, s, context.get("r"), context.get("players"), fmt, questions)
        text = env.get_template(f"{lang}/{template}").render(**base, f=f, s=s, say=say, **context)
    except TemplateGap as gap:
        raise TemplateGap(gap.what.replace("the templates", f"the {lang} templates"),
                          fix=f"Add the sentence to dosrules/rulebook/templates/{lang}/rules.j2.") from None
    except jinja2.TemplateError as err:
        where = f"{getattr(err, 'filename', None) or ''}:{getattr(err, 'lineno', '') or ''}".strip(":")
        raise DosrulesError(f"the {lang} template {template} failed: {err}", where=where or None,
                            fix="Fix the template.") from None
    return _tidy(text)


def _sentences(lang: str):
    """The language's ``rules.j2`` as a module, outside any document (Markdown, no citations)."""
    env = _environment("md")
    base = {"fmt": "md", "lang": lang, "cite": None, "citations": None, "ruleset": None,
            "descriptions": descriptions(lang)}
    f = env.get_template("format/md.j2").make_module(base)
    return env.get_template(f"{lang}/rules.j2").make_module({**base, "f": f})


def rule_sentence(path: str, rules: Rules, lang: str = "en") -> str:
    """The rulebook's sentence for the value of ``path`` in ``rules`` (Markdown, no citation):
    what the rule says, in the words every rulebook uses (editor hovers reuse it)."""
    return _squash(str(_sentences(lang).rule(path, rules)))


def played_phrases(ruleset: Ruleset, lang: str = "en") -> list[str]:
    """The rules ``ruleset`` was given on the command line (``@target=300``), each in a few of
    the reader's words ("gespielt bis 300 Punkte", the template's ``setting``), plain text: for
    the title and the rulebook's opening line."""
    out: list[str] = []
    sentences = None
    for setting in command_line_settings(ruleset):
        sentences = sentences or _sentences(lang)
        rules = ruleset.for_players(setting.players) if setting.players else ruleset.rules
        for path in _rule_paths_under(setting.rule_path):
            out.append(re.sub(r"\*\*|`", "", _squash(str(sentences.setting(path, rules, setting.players)))))
    return list(dict.fromkeys(out))  # players.min and players.max share one sentence


def _rule_paths_under(path: str) -> list[str]:
    """The rule paths a setting sets: the path itself, those below a group, or the rule an item
    (``deck.numbers.3``) belongs to."""
    return [p for p in rule_paths() if p == path or p.startswith(path + ".") or path.startswith(p + ".")]


def open_question(path: str, rules: Rules, lang: str = "en") -> str:
    """The question a table answers before play where ``path`` is left open (Markdown), as the
    rulebook's "settle before you play" box asks it in ``lang`` (answers at a gap may reuse it)."""
    return _squash(str(_sentences(lang).question(path, rules)))


def check_players(ruleset: Ruleset, players: int | None) -> None:
    allowed = ruleset.rules.players
    if players is not None and not allowed.min <= players <= allowed.max:
        raise UsageError(f"{ruleset.id} is for {allowed.min} to {allowed.max} players, not {players}",
                         fix=f"Give --players a number from {allowed.min} to {allowed.max}, or leave it out.")


# --- documents --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """A rule path whose value differs, with the two rule sets it is read from."""

    path: str
    rules: Rules  # the rules the document is about
    base: Rules  # the rules it is compared with
    provenance: Provenance | None = None  # of the value in ``rules`` (its note says why)

    def note_in(self, lang: str) -> str | None:
        return None if self.provenance is None else self.provenance.note_in(lang)

    def note_translated(self, lang: str) -> bool:
        """Whether the note is given in ``lang`` (else it is printed in English, marked so)."""
        return self.provenance is None or self.provenance.note_translated(lang)


@dataclass(frozen=True)
class ChangeGroup:
    players: int | None  # None: the change holds for every player count
    changes: tuple[Change, ...]


def _changes(counts: list[int], ours, theirs, provenance=lambda path, n: None) -> list[ChangeGroup]:
    """Differences per player count; those equal for every count are grouped under ``None``."""
    per_count = {n: {p: Change(p, ours(n), theirs(n), provenance(p, n))
                     for p in facts.differing_paths(ours(n), theirs(n))}
                 for n in counts}
    common = [p for p in rule_paths()
              if counts and all(p in per_count[n] for n in counts)
              and len({(repr(ours(n).get(p)), repr(theirs(n).get(p))) for n in counts}) == 1]
    groups = []
    if common:
        groups.append(ChangeGroup(None, tuple(per_count[counts[0]][p] for p in common)))
    for n in counts:
        rest = tuple(c for p, c in per_count[n].items() if p not in common)
        if rest:
            groups.append(ChangeGroup(n, rest))
    return groups


@dataclass(frozen=True)
class OpenRule:
    path: str
    players: int | None  # set when only a per-player-count override leaves the rule open
    silence: Handling | None = None  # what play does there


@dataclass(frozen=True)
class ChosenReading:
    """A silence this table filled: the rule, the rules it is read in, and where the reading came from."""

    path: str
    players: int | None  # set when only a per-player-count override holds this reading
    rules: Rules
    source: str  # Provenance.ruleset of the filled value: a ruleset id or a readings file


def chosen_readings(ruleset: Ruleset, players: int | None, counts: list[int]) -> list[ChosenReading]:
    """The filled rules of ``ruleset`` (status ``filled``), base first, then per player count."""
    rules = ruleset.for_players(players) if players is not None else ruleset.rules
    out: list[ChosenReading] = []
    for path in rule_paths():
        prov = ruleset.provenance_of(path, players)
        if prov.status is Status.FILLED:
            out.append(ChosenReading(path, None, rules, prov.ruleset or ruleset.id))
    if players is None:
        for n in sorted(set(ruleset.by_players) & set(counts)):
            for path in rule_paths():
                prov = ruleset.provenance.get(f"by_players.{n}.{path}")
                if prov is not None and prov.status is Status.FILLED and \
                        ruleset.for_players(n).get(path) != rules.get(path):
                    out.append(ChosenReading(path, n, ruleset.for_players(n), prov.ruleset or ruleset.id))
    return out


@dataclass(frozen=True)
class HouseRule:
    """A house rule laid in a ruleset: its id, its texts (``part``: names and description in each
    language) and the rules it sets, as (path, player count or None for every count)."""

    id: str
    part: LaidPart | None
    paths: tuple[tuple[str, int | None], ...]

    @property
    def command_line(self) -> bool:
        """Set on the command line (``@target=300``): no file, no name of its own."""
        return self.id.startswith(SET)


def house_rules(ruleset: Ruleset, players: int | None, counts: list[int]) -> list[HouseRule]:
    """The house rules whose values are in force, each with the rules it sets, in file order;
    a per-player-count value (``by_players``) is listed with its count."""
    found: dict[str, list[tuple[str, int | None]]] = {}
    for path in rule_paths():
        prov = ruleset.provenance_of(path, players) if path in ruleset.provenance else None
        if prov is not None and prov.status is Status.HOUSE:
            found.setdefault(prov.ruleset or ruleset.id, []).append((path, None))
    if players is None:
        for n in sorted(set(ruleset.by_players) & set(counts)):
            for path in rule_paths():
                prov = ruleset.provenance.get(f"by_players.{n}.{path}")
                if prov is not None and prov.status is Status.HOUSE and \
                        ruleset.for_players(n).get(path) != ruleset.rules.get(path):
                    found.setdefault(prov.ruleset or ruleset.id, []).append((path, n))
    order = [p.id for p in ruleset.parts]
    ids = sorted(found, key=lambda i: order.index(i) if i in order else len(order))
    return [HouseRule(i, ruleset.part(i), tuple(found[i])) for i in ids]


def render_rulebook(ruleset: Ruleset, *, players: int | None = None, fmt: str = "md", lang: str = "en",
                    cite: bool = False) -> str:
    """A complete rulebook of ``ruleset`` (for ``players`` players, or for every count it allows)."""
    check_options(fmt, lang)
    check_players(ruleset, players)
    allowed = ruleset.rules.players
    counts = [players] if players is not None else list(range(allowed.min, allowed.max + 1))
    rules = ruleset.for_players(players) if players is not None else ruleset.rules
    overrides: list[ChangeGroup] = []
    open_rules = [OpenRule(p, None, on_silence(p, rules)) for p in facts.unspecified_paths(rules)]
    if players is None:
        for n in sorted(set(ruleset.by_players) & set(counts)):
            ours = ruleset.for_players(n)
            changed = tuple(Change(p, ours, rules) for p in facts.differing_paths(ours, rules))
            if changed:
                overrides.append(ChangeGroup(n, changed))
            seen = {o.path for o in open_rules}
            open_rules += [OpenRule(p, n, on_silence(p, ours)) for p in facts.unspecified_paths(ours) if p not in seen]
    house = house_rules(ruleset, players, counts)
    return _render(
        "rulebook.j2", fmt, lang, ruleset, cite,
        r=rules, players=players, counts=counts,
        deck=facts.deck_table(rules),
        deals=[d for n in counts for d in facts.deals(ruleset.for_players(n), [n])],
        matches=facts.match_examples(rules),
        hand=facts.scored_hand(rules),
        overrides=overrides, open_rules=open_rules, house=house,
        readings=chosen_readings(ruleset, players, counts),
    )


def render_against(ruleset: Ruleset, base: Ruleset, *, players: int | None = None, fmt: str = "md",
                   lang: str = "en", cite: bool = False) -> str:
    """A house-rules sheet: only what ``ruleset`` changes compared with ``base``, in plain words."""
    check_options(fmt, lang)
    check_players(ruleset, players)
    allowed = ruleset.rules.players
    counts = [players] if players is not None else list(range(allowed.min, allowed.max + 1))
    groups = _changes(counts, ruleset.for_players, base.for_players,
                      lambda path, n: ruleset.provenance_of(path, n) if path in ruleset.provenance else None)
    counts_all = list(range(allowed.min, allowed.max + 1))
    applied = [h for h in house_rules(ruleset, players, counts_all)
               if base.part(h.id) is None]  # the house rules this sheet adds to its base
    return _render("against.j2", fmt, lang, ruleset, cite, base=base, players=players, groups=groups,
                   house=applied)
