"""``dosrules serve``: the toolkit at the table, in a browser (extra ``dosrules[web]``).

A thin web layer over the services the command line calls: no rule logic of its own. The app
is :func:`create_app` (:mod:`.app`); the pages are in :mod:`.pages`, the table's choice of rules
in :mod:`.choice`, uploaded house rules in :mod:`.uploads`, comparisons in the background in
:mod:`.jobs`. See docs/serve.md.
"""

from __future__ import annotations

__all__ = ["create_app"]


def __getattr__(name: str):
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)
