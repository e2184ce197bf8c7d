"""The ASGI app of ``dosrules serve``: routes, limits on every request, and errors as pages.

Every page is a plain HTML form that works without JavaScript (a small script adds the card
picker). A request is refused with 400 and the one-paragraph error when its input is bad, with
413 when it is too large, and never answered with a stack trace: an internal error is a 500 page
that says so, and the trace goes to the server's log only. The pages themselves are in
:mod:`.pages`; they call the services the command line calls.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
import tempfile
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import DosrulesError
from ..lang.web import PAGE
from . import pages
from .catalogue import read_catalogue
from .jobs import JobQueue
from .language import page_language
from .render import page
from .uploads import Uploads

__all__ = ["create_app", "MAX_QUERY", "MAX_BODY"]

MAX_QUERY = 4096  # characters of a query string: a ruling's URL is a few hundred
MAX_BODY = 128 * 1024  # bytes of a request body: an uploaded house rule (64 KiB) and the form around it
log = logging.getLogger("dosrules.serve")


class Limits:
    """ASGI middleware: a request whose query or body is over the limits is refused (413)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if len(scope.get("query_string", b"")) > MAX_QUERY:
            return await _too_large(scope, "error.address", MAX_QUERY)(scope, receive, send)
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return await _too_large(scope, "error.body", MAX_BODY)(scope, receive, send)
        seen = 0

        async def bounded_receive():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise _BodyTooLarge()
            return message

        try:
            await self.app(scope, bounded_receive, send)
        except _BodyTooLarge:
            await _too_large(scope, "error.body", MAX_BODY)(scope, receive, send)


class _BodyTooLarge(Exception):
    pass


def _lang_of(request: Request) -> str:
    """An error page's language: the page's, if it got so far; else a ``lang`` dosrules speaks,
    else Accept-Language's."""
    known = getattr(request.state, "lang", None)
    if known:
        return known
    return page_language(request.query_params.get("lang"), request.headers.get("accept-language"), strict=False)


def _error(request: Request, status: int, title: str, message: str, fix: str | None, english: bool = False,
           back: str | None = None) -> Response:
    lang = _lang_of(request)
    return HTMLResponse(page("error.html.j2", lang, title=title, message=message, fix=fix, english=english, back=back,
                             query=urlencode([("lang", lang)])), status_code=status)


def _too_large(scope, what: str, limit: int) -> Response:
    lang = _lang_of(Request(scope))
    return _error(Request(scope), 413, "error.large", PAGE(what, lang, n=f"{limit:,}") + ".", PAGE("error.shorten", lang))


async def _bad_input(request: Request, exc: DosrulesError) -> Response:
    """The service's one-paragraph error (in English, as on the command line), framed in the page's language."""
    return _error(request, 400, "error.bad", exc.paragraph(), None, english=True, back=request.headers.get("referer"))


async def _internal(request: Request, exc: Exception) -> Response:
    log.exception("internal error on %s", request.url.path)
    lang = _lang_of(request)
    return _error(request, 500, "error.internal", PAGE("error.internal-what", lang), PAGE("error.internal-fix", lang))


async def _not_found(request: Request, exc) -> Response:
    status = getattr(exc, "status_code", 404)
    if status == 405:
        return PlainTextResponse("Method not allowed.", status_code=405)
    lang = _lang_of(request)
    return _error(request, 404, "error.not-found", PAGE("error.no-page", lang), PAGE("error.home", lang))


def create_app(search_dirs: tuple[str, ...] = (), db: str | None = None, compare_running: int = 1,
               compare_waiting: int = 3) -> Starlette:
    """The app over the shipped rulesets and those of ``search_dirs``; comparisons keep their
    chunks in the results store ``db`` (the command line's default when None)."""
    state_dir = tempfile.TemporaryDirectory(prefix="dosrules-jobs-")
    uploads = Uploads()
    jobs = JobQueue(Path(state_dir.name), db, compare_running, compare_waiting, search_dirs)

    @asynccontextmanager
    async def lifespan(app):
        yield
        jobs.stop()
        uploads.close()
        state_dir.cleanup()

    routes = [
        Route("/", pages.home),
        Route("/upload", pages.upload, methods=["POST"]),
        Route("/ask", pages.ask),
        Route("/options", pages.options),
        Route("/doc", pages.doc),
        Route("/compare", pages.compare, methods=["GET", "POST"]),
        Route("/compare/{job}", pages.compare_job),
        Route("/compare/{job}/report", pages.compare_report),
        Mount("/static", app=StaticFiles(directory=str(Path(__file__).with_name("static"))), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(Limits)], lifespan=lifespan,
                    exception_handlers={DosrulesError: _bad_input, 404: _not_found, 405: _not_found,
                                        Exception: _internal})
    app.state.catalogue = read_catalogue(search_dirs)
    app.state.uploads = uploads
    app.state.jobs = jobs
    app.state.rulings = OrderedDict()  # query -> page, see pages.ask
    app.state.keep = state_dir  # removed with the app (lifespan), or when the process ends
    return app
