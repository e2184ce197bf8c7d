"""``dosrules serve``: the toolkit as web pages for the table (extra ``dosrules[web]``).

Local by default (127.0.0.1); ``--host 0.0.0.0`` warns and prints the address a phone on the same
network opens. ``--get PATH`` answers one request in-process and prints it (for tests and
scripts): exit 0 for a 2xx or 3xx answer, 1 otherwise.
"""

from __future__ import annotations

import sys

from ..errors import UsageError
from .common import add_rulesets_option, check_range, ruleset_dirs

LOCAL = "127.0.0.1"


def register(sub) -> None:
    p = sub.add_parser(
        "serve", help="the toolkit as web pages for the table: our rules, can I do this?, rulebooks, compare",
        description="Serve the toolkit as web pages a phone opens beside the cards: choose your rules (an "
                    "edition, house rules, readings of silences, your own house-rule file), ask whether a "
                    "move is legal, see every legal move, print the rulebook, start a comparison. Local "
                    "by default. Needs the web extra: pip install 'dosrules[web]'.")
    p.add_argument("--port", type=int, default=8000, metavar="N", help="the port (default 8000)")
    p.add_argument("--host", default=LOCAL, metavar="H",
                   help=f"the address to listen on (default {LOCAL}, this machine only; 0.0.0.0 for the "
                        "home network)")
    p.add_argument("--get", metavar="PATH", help="answer one request for PATH (e.g. '/ask?row=7r+9b&...') "
                                                 "in-process, print it, and exit")
    p.add_argument("--db", metavar="FILE", help="the results store of comparisons (default: the command line's)")
    p.add_argument("--compare-jobs", type=int, default=1, metavar="N",
                   help="comparisons that run at once (default 1; 3 more may wait)")
    add_rulesets_option(p)
    p.set_defaults(handler=_serve)


def _app(args):
    try:
        from ..web import create_app
    except ImportError as err:
        raise UsageError(f"dosrules serve needs the web extra ({err.name} is not installed)",
                         fix="Install it: pip install 'dosrules[web]'.") from None
    return create_app(tuple(str(d) for d in ruleset_dirs(args)), db=args.db, compare_running=args.compare_jobs)


def _serve(args) -> int:
    check_range("--port", args.port, 0 if args.get else 1, 65535, "a TCP port")
    check_range("--compare-jobs", args.compare_jobs, 1, 4, "each comparison keeps a core busy")
    if args.get is not None:
        return _get_one(args)
    app = _app(args)
    try:
        import uvicorn
    except ImportError:
        raise UsageError("dosrules serve needs uvicorn", fix="Install the web extra: pip install 'dosrules[web]'.") from None
    where = args.host if ":" not in args.host else f"[{args.host}]"
    if args.host not in (LOCAL, "localhost", "::1"):
        print(f"dosrules serve: listening on {args.host}, so other machines on your network can open these "
              "pages (no password).", file=sys.stderr)
        address = _lan_address()
        if address:
            print(f"On a phone on the same network, open http://{address}:{args.port}/", file=sys.stderr)
    print(f"dosrules serve: open http://{where if args.host != '0.0.0.0' else LOCAL}:{args.port}/ "
          "(Ctrl-C stops it)", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def _get_one(args) -> int:
    if not args.get.startswith("/"):
        raise UsageError(f"--get {args.get[:80]}: a path starts with '/'", fix="For example: --get '/ask?row=7r+9b'.")
    app = _app(args)
    from starlette.testclient import TestClient

    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get(args.get, follow_redirects=False)
    sys.stdout.write(response.text)
    return 0 if response.status_code < 400 else 1


def _lan_address() -> str | None:
    """This machine's first IPv4 address that is not a loopback one, as a phone on the same network
    would reach it (looked up by host name; nothing is sent)."""
    import socket

    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    return next((i[4][0] for i in infos if not i[4][0].startswith("127.")), None)
