"""A ruleset's own text (its name, sources, sections, quotes, notes), and a scenario's, written
into Markdown as literal text: rulebooks (``dosrules doc``) and rulings (``dosrules ask --format
md``) escape it, so that ``<script>``, ``<img onerror>`` or ``[x](javascript:...)`` in a ruleset
stay text wherever the Markdown is rendered. HTML output escapes everything itself."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["markdown_text", "markdown_code"]

# what could start a tag, link, code or emphasis mid-line (an underscore inside a word cannot)
_MD_MARKUP = re.compile(r"([\\`*\[\]<>|~]|(?<!\w)_|_(?!\w))")


def markdown_text(value: Any) -> str:
    """Text from a ruleset (its name, sources, quotes, notes) as literal Markdown: line breaks
    become spaces, and every character that could start a tag, a link or image, code, emphasis
    or a table cell is backslash-escaped — ``<script>`` and ``[x](javascript:...)`` stay text."""
    return _MD_MARKUP.sub(r"\\\1", " ".join(str(value).split()))


def markdown_code(value: Any) -> str:
    """A Markdown code span of ``value`` (code spans show HTML as text): fenced with one more
    backtick than the longest run inside, padded when it starts or ends with one."""
    text = " ".join(str(value).split())
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
