"""The language of a page: ``?lang=`` when given (checked), else the browser's
``Accept-Language`` (quality values honoured), else English. A page keeps it in every link it
makes, so that a shared link shows the same page in the same language."""

from __future__ import annotations

from ..errors import UsageError
from ..lang import FALLBACK, LANGUAGES
from ..ruleset.localized import LANGUAGE_NAMES

__all__ = ["page_language", "accepted_language", "MAX_ACCEPT"]

MAX_ACCEPT = 32  # language ranges read from one Accept-Language header (browsers send a handful)


def accepted_language(header: str | None) -> str:
    """The language of ``header`` (``de-CH, de;q=0.9, en;q=0.8``) dosrules speaks with the highest
    quality (the first listed among equals); English when it names none (``*`` is no choice)."""
    best, best_q = FALLBACK, 0.0
    for part in (header or "").split(",")[:MAX_ACCEPT]:
        tag, _, params = part.strip().partition(";")
        code = tag.strip().split("-")[0].split("_")[0].lower()
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value.strip()[:8])
                except ValueError:
                    q = 0.0
        if code in LANGUAGES and 0 < q <= 1 and q > best_q:
            best, best_q = code, q
    return best


def page_language(query_lang: str | None, header: str | None, strict: bool = True) -> str:
    """``query_lang`` if given (a UsageError naming ``lang`` when dosrules does not speak it, or
    with ``strict`` False the header's choice), else the header's choice."""
    if query_lang is None or not query_lang.strip():
        return accepted_language(header)
    if query_lang.strip() in LANGUAGES:
        return query_lang.strip()
    if not strict:
        return accepted_language(header)
    raise UsageError(f"'{query_lang[:20]}' is not a language dosrules speaks", where="lang",
                     fix="Use one of: " + ", ".join(f"{k} ({LANGUAGE_NAMES[k]})" for k in LANGUAGES) + ".")
