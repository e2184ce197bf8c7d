"""The reader's language for ``ask`` and ``play``: which one (``--lang``, else the locale), and
the phrase tables the answers and the terminal game speak from.

:func:`choose_language` picks en, de, ko or eu. Each concern keeps its words in one
:class:`~.phrases.Phrases` table (:mod:`.answers` for ``ask``, :mod:`.events` for the engine's
events, :mod:`.refusals` for why an action is illegal and what a rule gap met, :mod:`.table` for
the terminal game); every key of every table has all four languages (a test checks it). Cards
and actions in words are :mod:`dosrules.engine.words`'.
"""

from __future__ import annotations

import os
from typing import Mapping

from ..errors import UsageError
from ..ruleset.localized import FALLBACK, LANGUAGE_NAMES, LANGUAGES

__all__ = ["LANGUAGES", "FALLBACK", "choose_language", "check_language"]

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order


def check_language(lang: str, option: str = "--lang") -> str:
    """``lang`` if dosrules speaks it, else a UsageError naming the languages."""
    if lang not in LANGUAGES:
        raise UsageError(f"{option} {lang}: dosrules speaks {', '.join(LANGUAGES)}",
                         fix="Give one of " + ", ".join(f"{k} ({LANGUAGE_NAMES[k]})" for k in LANGUAGES) + ".")
    return lang


def choose_language(given: str | None, environ: Mapping[str, str] | None = None) -> tuple[str, str | None]:
    """(language, note): ``given`` (``--lang``) if any, else the first locale variable set
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them; ``de_DE.UTF-8`` is ``de``).
    A locale in a language dosrules does not speak gives English and a one-line note; C and
    POSIX give English without one."""
    if given is not None:
        return check_language(given), None
    env = os.environ if environ is None else environ
    for name in _LOCALE_VARIABLES:
        value = (env.get(name) or "").strip()
        if not value:
            continue
        first = value.split(":")[0] if name == "LANGUAGE" else value
        code = first.split(".")[0].split("@")[0].split("_")[0].lower()
        if code in ("c", "posix", ""):
            return FALLBACK, None
        if code in LANGUAGES:
            return code, None
        return FALLBACK, (f"dosrules speaks {', '.join(LANGUAGES)}; {name}={value} asks for '{code}', "
                          "so this is in English (--lang chooses).")
    return FALLBACK, None
