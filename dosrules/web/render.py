"""The web pages' templates (Jinja2, autoescaped), sharing the rulings' look and card pictures."""

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
    return env


def page(template: str, **context: Any) -> str:
    """A whole page."""
    return _env().get_template(template).render(**context)
