"""The web pages' templates (Jinja2, autoescaped), sharing the rulings' look and card pictures,
each rendered in the page's language: ``t(key, **fields)`` says the pages' own words
(:data:`dosrules.lang.web.PAGE`), ``say``, ``value``, ``status`` and ``cite`` the ruling's, as
``ask --lang`` says them (:func:`dosrules.disputes.render.template_words`)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["page"]


@lru_cache(maxsize=1)
def _env():
    from jinja2 import ChoiceLoader, Environment, FileSystemLoader, select_autoescape

    from ..disputes.render import cards_html

    folders = [Path(__file__).with_name("templates"), Path(__file__).parents[1] / "disputes" / "templates"]
    env = Environment(loader=ChoiceLoader([FileSystemLoader(str(f)) for f in folders]),
                      autoescape=select_autoescape(["html", "j2"]), trim_blocks=True, lstrip_blocks=True)
    env.filters["cards"] = cards_html
    env.filters["short_hash"] = lambda digest: str(digest).split(":")[-1][:12]  # "sha256:0cf5…" -> "0cf5…"
    env.filters["id"] = id
    return env


def _words(lang: str):
    """``t``: a phrase of the pages in ``lang`` as markup, its fields escaped (markup given as
    Markup is kept); the phrases hold no markup of their own (a test checks it)."""
    from markupsafe import Markup, escape

    from ..lang.web import PAGE

    def t(key: str, **fields: Any) -> Markup:
        return Markup(PAGE(key, lang, **{k: escape(v) for k, v in fields.items()}))
    return t


def page(template: str, lang: str = "en", **context: Any) -> str:
    """A whole page in ``lang``."""
    from ..disputes.render import template_words

    return _env().get_template(template).render(**{"lang": lang, "t": _words(lang), **template_words(lang), **context})
