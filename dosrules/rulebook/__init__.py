"""Rule documents rendered from a Ruleset: rulebooks and house-rules sheets, per language.

``render_rulebook(ruleset, players=, fmt=, lang=, cite=)`` and ``render_against(ruleset, base,
...)`` return the text; ``languages()`` lists the languages that have templates;
``rule_sentence(path, rules, lang)`` and ``open_question(path, rules, lang)`` give one rule's
sentence, or the question a table settles where the rule is left open, in a language. Jinja2 is
imported only when a document is rendered.
"""

from .render import FORMATS, languages, open_question, render_against, render_rulebook, rule_sentence

__all__ = ["FORMATS", "languages", "open_question", "render_against", "render_rulebook", "rule_sentence"]
