"""Rule documents rendered from a Ruleset: rulebooks and house-rules sheets, per language.

``render_rulebook(ruleset, players=, fmt=, lang=, cite=)`` and ``render_against(ruleset, base,
...)`` return the text; ``languages()`` lists the languages that have templates. Jinja2 is
imported only when a document is rendered.
"""

from .render import FORMATS, languages, render_against, render_rulebook

__all__ = ["FORMATS", "languages", "render_against", "render_rulebook"]
