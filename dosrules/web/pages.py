"""The pages of ``dosrules serve``, each a thin layer over the services the command line calls:
the loader (our rules), ``ask`` (can I do this?), ``ask --options`` (what may I do?), ``doc``
(rulebook and house-rule sheet) and ``compare`` (a background job).

Every input comes from the query string or a form and is checked here or by the service, with
the service's one-paragraph error (a :class:`~dosrules.errors.DosrulesError`, shown as a 400
page by :mod:`.app`). No text of a request is opened as a path: rulesets are named by id, and an
uploaded file by its hash (:mod:`.uploads`).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from ..errors import DosrulesError, UsageError
from ..lang.web import PAGE, card_names
from .choice import RulesChoice, read_choice, read_specs
from .jobs import QueueFull
from .language import page_language
from .render import page

__all__ = ["home", "upload", "ask", "options", "doc", "compare", "compare_job", "compare_report",
           "MAX_VALUE", "MAX_ACTIONS", "MAX_COMPARE_ROUNDS", "KEEP_RULINGS"]

MAX_VALUE = 400  # characters of one field: a hand of 30 cards is under 120
MAX_ACTIONS = 8  # asked actions (and as many taken before): a turn has a handful
MAX_COMPARE_ROUNDS = 20_000  # rounds per ruleset of a comparison started from a page (about 20 s each)
_POLICIES = ("casual", "greedy", "random")
_FIELDS = ("row", "hand", "players", "action", "before", "deck", "turn", "called", "next")


def _params(request: Request) -> dict[str, list[str]]:
    """The query parameters, each a list; an empty value is no value; an over-long one is refused."""
    out: dict[str, list[str]] = {}
    for key, value in request.query_params.multi_items():
        if len(value) > MAX_VALUE:
            raise UsageError(f"the field '{key[:40]}' holds {len(value):,} characters; at most {MAX_VALUE}",
                             where=key[:40], fix="Shorten it: a hand of cards is a few dozen characters.")
        if value.strip():
            out.setdefault(key, []).append(value.strip())
    return out


def _int(params: dict[str, list[str]], name: str, low: int, high: int, default: int | None) -> int | None:
    text = (params.get(name) or [None])[0]
    if text is None:
        return default
    if not text.isdigit() or not low <= int(text[:6]) <= high or len(text) > 6:
        raise UsageError(f"'{text[:20]}' is not a number from {low} to {high}", where=name,
                         fix=f"Give a whole number from {low} to {high}.")
    return int(text)


def _lang(request: Request, params: dict[str, list[str]]) -> str:
    """The page's language (``lang``, else Accept-Language), kept for the error pages too."""
    lang = page_language((params.get("lang") or [None])[0], request.headers.get("accept-language"))
    request.state.lang = lang
    return lang


def _picker(path: str, pairs, lang: str) -> list[tuple[str, str, str, bool]]:
    """The language picker: (code, name, this page's address in that language, current)."""
    from ..lang import LANGUAGES
    from ..lang.web import ENDONYMS

    kept = [(k, v) for k, v in pairs if k != "lang"]
    return [(code, ENDONYMS[code], f"{path}?{urlencode([*kept, ('lang', code)])}", code == lang) for code in LANGUAGES]


def _here(request: Request, lang: str) -> list[tuple[str, str, str, bool]]:
    return _picker(request.url.path, request.query_params.multi_items(), lang)


def _state(request: Request):
    s = request.app.state
    return s.catalogue, s.uploads


def _choice(request: Request, params: dict[str, list[str]]) -> RulesChoice:
    catalogue, uploads = _state(request)
    return read_choice(params, catalogue, uploads, default_edition=next(iter(sorted(catalogue.editions)), None))


def _links(choice: RulesChoice, lang: str, extra: list[tuple[str, str]] = ()) -> str:
    """The query of a link from this page: the choice of rules and the page's language."""
    return urlencode([*choice.query(), *extra, ("lang", lang)])


def _load(request: Request, choice: RulesChoice):
    from ..ruleset.loader import load_ruleset

    catalogue, uploads = _state(request)
    return load_ruleset(choice.spec(uploads), catalogue.search_dirs)


def _silences(request: Request, choice: RulesChoice, lang: str) -> list[dict[str, Any]]:
    """The silences of the choice without its readings, each with its readings (in ``lang``), who
    reads it so, and the reading the choice gives it."""
    from dataclasses import replace

    from ..gaps.catalogue import describe_silences
    from ..lang.values import value_words
    from ..rulebook.render import descriptions

    catalogue, _ = _state(request)
    bare = _load(request, replace(choice, fills=()))
    chosen = dict(choice.fills)
    out = []
    for s in describe_silences(bare, None, catalogue.search_dirs, verify=False):
        readings = [{"value": r.text, "words": value_words(r.text, lang), "by": sorted({c.ruleset for c in r.chosen_by})}
                    for r in s.readings]
        out.append({"path": s.path, "description": descriptions(lang)[s.path] if lang != "en" else s.description,
                    "readings": readings,
                    "chosen": chosen.get(s.path)})
    return out


async def home(request: Request) -> Response:
    """Our rules: the edition, house rules, uploaded files and readings, all in the URL."""
    params = _params(request)
    lang = _lang(request, params)

    def build():
        choice = _choice(request, params)
        catalogue, uploads = _state(request)
        ruleset = _load(request, choice)
        return page("home.html.j2", lang, title="nav.rules", catalogue=catalogue, choice=choice,
                    label=choice.label(uploads), ruleset=ruleset, silences=_silences(request, choice, lang),
                    uploads=[(u, uploads.name(u)) for u in choice.uploads], query=_links(choice, lang),
                    error=None, langs=_here(request, lang))
    return HTMLResponse(await run_in_threadpool(build))


async def upload(request: Request) -> Response:
    """A house-rule file (uploaded or pasted) checked on the chosen edition, then kept by hash."""
    form = await request.form(max_files=1, max_fields=64)
    params: dict[str, list[str]] = {}
    for key, value in form.multi_items():
        if isinstance(value, str) and value.strip() and key != "text":
            params.setdefault(key, []).append(value.strip()[:MAX_VALUE])
    lang = _lang(request, params)
    choice = _choice(request, params)
    catalogue, uploads = _state(request)
    file = form.get("file")
    data, name = b"", "pasted.yaml"
    if file is not None and not isinstance(file, str) and file.filename:
        data, name = await file.read(), file.filename
    elif isinstance(form.get("text"), str):
        data = form["text"].encode("utf-8")
    if not data.strip():
        raise UsageError("no house rule given", where="upload", fix="Choose a .yaml file, or paste its text.")
    try:
        digest = await run_in_threadpool(uploads.add, data, name, choice.edition, catalogue.search_dirs)
    except DosrulesError as err:
        def again():
            return page("home.html.j2", lang, title="nav.rules", catalogue=catalogue, choice=choice,
                        label=choice.label(uploads), ruleset=_load(request, choice),
                        silences=_silences(request, choice, lang), query=_links(choice, lang),
                        uploads=[(u, uploads.name(u)) for u in choice.uploads],
                        error=err.paragraph().split("\n"), pasted=data.decode("utf-8", "replace"),
                        langs=_picker("/", choice.query(), lang))
        return HTMLResponse(await run_in_threadpool(again), status_code=400)
    kept = RulesChoice(choice.edition, choice.house, (*choice.uploads, digest), choice.fills)
    return RedirectResponse("/?" + _links(kept, lang), status_code=303)


def _position(params: dict[str, list[str]]) -> dict[str, Any]:
    """The position fields as given (for the form), checked for size."""
    for name in ("action", "before", "hand"):
        if len(params.get(name) or []) > MAX_ACTIONS:
            raise UsageError(f"{len(params[name])} values of '{name}'; at most {MAX_ACTIONS}", where=name,
                             fix="Ask about a few actions at a time.")
    return {"row": (params.get("row") or [""])[0], "hands": params.get("hand") or [],
            "players": _int(params, "players", 2, 10, None), "actions": params.get("action") or [],
            "before": params.get("before") or [], "deck": (params.get("deck") or [None])[0],
            "turn": _int(params, "turn", 0, 9, 0) or 0, "called": [int(c) for c in params.get("called") or []
                                                                  if c.isdigit() and len(c) < 3],
            "next": bool(params.get("next"))}


def _scenario(pos: dict[str, Any], options: bool):
    from ..disputes import inline_scenario

    if not pos["row"] or not pos["hands"]:
        return None
    if not options and not pos["actions"]:
        return None
    return inline_scenario(row=pos["row"], hands=pos["hands"], action=pos["actions"], before=pos["before"],
                           turn=pos["turn"], deck=pos["deck"], players=pos["players"], called=pos["called"],
                           follow="next-round" if pos["next"] else "round")


def _asked_under(request: Request, params) -> tuple[RulesChoice, list[tuple[str, str]]]:
    """(the choice, [(spec, label)]) for the choice and the further rulesets asked under."""
    catalogue, uploads = _state(request)
    choice = _choice(request, params)
    also = read_specs(params, catalogue)
    specs = [(choice.spec(uploads), choice.label(uploads))] + [(s, s) for s in also if s != choice.label(uploads)]
    return choice, specs


KEEP_RULINGS = 256  # rulings kept in memory per server: a query always means one page (rulesets are
                   # immutable by id, uploads named by content hash)


def _question_page(request: Request, params, lang: str, title: str, **answer) -> str:
    """The page of a question (the position, the rulesets asked under) with ``answer``'s parts,
    in ``lang``; its address (to share) names the language."""
    from ..disputes.words import step_words

    catalogue, _ = _state(request)
    choice, specs = _asked_under(request, params)
    context = {"answers": [], "plain": None, "summary": None, "options": None, **answer}
    here = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"] + [("lang", lang)]
    return page("ask.html.j2", lang, title=title, catalogue=catalogue, choice=choice, pos=_position(params),
                label=specs[0][1], also=[s for _, s in specs[1:]], query=_links(choice, lang),
                here=f"{request.url.path}?{urlencode(here)}", langs=_here(request, lang),
                step=lambda text: step_words(text, lang), picker_labels=card_names(lang), **context)


async def ask(request: Request) -> Response:
    """Can I do this? The verdict under each chosen ruleset, opening with the one-sentence answer.
    A ruling asked again (a shared link reopened) is answered from memory."""
    params = _params(request)
    lang = _lang(request, params)
    key, kept = (lang, request.url.query), request.app.state.rulings
    if key in kept:
        kept.move_to_end(key)
        return HTMLResponse(kept[key])

    def build():
        from ..disputes import ask as ask_under, shipped_editions
        from ..disputes.render import answer_parts
        from ..disputes.words import headline, plain_answer

        catalogue, _ = _state(request)
        _, specs = _asked_under(request, params)
        scenario = _scenario(_position(params), options=False)
        if scenario is None:
            return _question_page(request, params, lang, "nav.ask"), False
        labels = dict(specs)
        answers = ask_under(scenario, [s for s, _ in specs], search_dirs=catalogue.search_dirs)
        for a in answers:
            a.spec = labels.get(a.spec, a.spec)
        editions = shipped_editions()
        return _question_page(request, params, lang, "nav.ask", answers=answer_parts(scenario, answers, {}, lang),
                              plain=plain_answer(scenario, answers, editions, lang),
                              summary=headline(scenario, answers, editions, lang)), True
    text, ruled = await run_in_threadpool(build)
    if ruled:
        kept[key] = text
        while len(kept) > KEEP_RULINGS:
            kept.popitem(last=False)
    return HTMLResponse(text)


async def options(request: Request) -> Response:
    """What may I do? Every legal action under each chosen ruleset, each a link to its ruling."""
    params = _params(request)
    lang = _lang(request, params)

    def build():
        from ..disputes import ruleset as load_spec
        from ..disputes.options import options as options_under
        from ..disputes.render import options_parts

        catalogue, _ = _state(request)
        _, specs = _asked_under(request, params)
        scenario = _scenario(_position(params), options=True)
        found = [] if scenario is None else [options_under(scenario, load_spec(spec, catalogue.search_dirs), label)
                                             for spec, label in specs]
        base = [(k, v) for k, values in params.items() if k not in ("action", "lang") for v in values]
        return _question_page(request, params, lang, "nav.options", options=found, **options_parts(found, lang),
                              ask_link=lambda action: "/ask?" + urlencode([*base, ("action", action), ("lang", lang)]))
    return HTMLResponse(await run_in_threadpool(build))


async def doc(request: Request) -> Response:
    """The rulebook of the choice, or with ``against`` the sheet of what it changes."""
    params = _params(request)
    lang = _lang(request, params)

    def build():
        from ..rulebook import render

        render.check_options("html", lang)
        choice = _choice(request, params)
        catalogue, _ = _state(request)
        ruleset = _load(request, choice)
        players = _int(params, "players", 2, 10, None)
        cite = bool(params.get("cite"))
        against = (params.get("against") or [None])[0]
        if against:
            base = read_specs({"against": [against]}, catalogue, "against")[0]
            from ..ruleset.loader import load_ruleset

            text = render.render_against(ruleset, load_ruleset(base, catalogue.search_dirs), players=players,
                                         fmt="html", lang=lang, cite=cite)
        else:
            text = render.render_rulebook(ruleset, players=players, fmt="html", lang=lang, cite=cite)
        back = page("doc_bar.html.j2", lang, query=_links(choice, lang), langs=_here(request, lang),
                    against=against, edition=choice.edition)
        return text.replace("<body>", "<body>\n" + back, 1)  # the document as doc prints it, with a way back
    return HTMLResponse(await run_in_threadpool(build))


async def compare(request: Request) -> Response:
    """A form for a comparison; posted, a job in the bounded queue (or a page saying it is full)."""
    catalogue, uploads = _state(request)
    if request.method == "GET":
        params = _params(request)
        lang = _lang(request, params)
        choice = _choice(request, params)
        return HTMLResponse(page("compare.html.j2", lang, title="nav.compare", catalogue=catalogue, choice=choice,
                                 label=choice.label(uploads), query=_links(choice, lang), policies=_POLICIES,
                                 max_rounds=MAX_COMPARE_ROUNDS, also=read_specs(params, catalogue),
                                 langs=_here(request, lang)))
    form = await request.form(max_files=0, max_fields=64)
    params = {}
    for key, value in form.multi_items():
        if isinstance(value, str) and value.strip():
            params.setdefault(key, []).append(value.strip()[:MAX_VALUE])
    lang = _lang(request, params)
    choice = _choice(request, params)
    also = [s for s in read_specs(params, catalogue) if s != choice.label(uploads)]
    if not also:
        raise UsageError("nothing to compare with", where="also", fix="Tick at least one other ruleset.")
    players = _int(params, "players", 2, 4, 4)
    rounds = _int(params, "rounds", 100, MAX_COMPARE_ROUNDS, 2000)
    policy = (params.get("policy") or ["casual"])[0]
    if policy not in _POLICIES:
        raise UsageError(f"'{policy[:20]}' is not a behaviour offered here", where="policy",
                         fix=f"Choose one of: {', '.join(_POLICIES)}.")
    argv = [choice.spec(uploads), *also, "--players", str(players), "--rounds", str(rounds), "--policy", policy]
    label = PAGE("compare.label", lang, label=choice.label(uploads), others=", ".join(also), players=players,
                 rounds=f"{rounds:,}", policy=PAGE(f"policy.{policy}", lang))
    try:
        job = request.app.state.jobs.submit(argv, label)
    except QueueFull:
        q = request.app.state.jobs
        return HTMLResponse(page("error.html.j2", lang, title="error.busy",
                                 message=PAGE("error.busy-what", lang, running=q.running, waiting=q.waiting),
                                 fix=PAGE("error.busy-fix", lang), query=urlencode([("lang", lang)])),
                            status_code=503)
    return RedirectResponse(f"/compare/{job.id}?lang={lang}", status_code=303)


def _job(request: Request):
    job = request.app.state.jobs.get(request.path_params["job"])
    if job is None:
        raise UsageError("there is no such comparison on this server (it keeps them only while it runs)",
                         where="compare", fix="Start the comparison again.")
    return job


async def compare_job(request: Request) -> Response:
    """A comparison's progress (the page reloads itself), then its report."""
    lang = _lang(request, _params(request))
    job = _job(request)
    return HTMLResponse(page("job.html.j2", lang, title="nav.compare", job=job, query=urlencode([("lang", lang)]),
                             langs=_here(request, lang)))


async def compare_report(request: Request) -> Response:
    job = _job(request)
    if job.state != "done":
        return RedirectResponse(f"/compare/{job.id}", status_code=303)
    return HTMLResponse(job.report.read_text(encoding="utf-8"))
