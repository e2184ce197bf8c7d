"""House-rule files uploaded to the server: kept in a temporary folder while it runs, named by
their content hash, so that a page's URL names an upload by hash and never by path.

An upload is checked as the command line checks a file (the loader, composed with the chosen
edition) and refused with the loader's one-paragraph errors, each at its line; the temporary
path never shows in a message (it reads as the file name the person gave). At most
:data:`MAX_FILES` are kept, the oldest going first.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path

from ..errors import DosrulesError, UsageError

__all__ = ["Uploads", "MAX_BYTES", "MAX_FILES"]

MAX_BYTES = 64 * 1024  # a house rule is a few hundred bytes; a ruleset file a few kilobytes
MAX_FILES = 64  # uploads kept at once (a family uploads one or two)
_HASH = re.compile(r"^[0-9a-f]{16}$")


class Uploads:
    """The uploaded files of one server, in a temporary folder removed with it."""

    def __init__(self) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="dosrules-serve-")
        self.folder = Path(self._dir.name)
        self._ids: OrderedDict[str, str] = OrderedDict()  # hash -> the ruleset id inside
        self._paths: dict[str, Path] = {}  # hash -> its file, <hash>/<id>.yaml
        self._names: dict[str, str] = {}  # hash -> the house rule's name, as its file gives it
        self._lock = threading.Lock()

    def close(self) -> None:
        self._dir.cleanup()

    def has(self, digest: str) -> bool:
        return bool(_HASH.match(digest)) and digest in self._ids

    def path(self, digest: str) -> Path:
        return self._paths[digest]

    def ruleset_id(self, digest: str) -> str:
        return self._ids.get(digest, digest)

    def name(self, digest: str) -> str:
        return self._names.get(digest, self.ruleset_id(digest))

    def add(self, data: bytes, filename: str, edition: str, search_dirs=()) -> str:
        """Keep ``data`` if it is a valid house rule on ``edition``; its hash. UsageError (one
        paragraph per problem, placed at the given file name's line) otherwise."""
        from ..ruleset.loader import load_ruleset

        shown = re.sub(r"[^A-Za-z0-9._-]", "_", Path(filename or "house-rule.yaml").name)[:64] or "house-rule.yaml"
        if len(data) > MAX_BYTES:
            raise UsageError(f"the file is {len(data):,} bytes; at most {MAX_BYTES:,}", where=shown,
                             fix="A house rule file is a few hundred bytes: upload the house rule, not a log.")
        digest = hashlib.sha256(data).hexdigest()[:16]
        folder = self.folder / digest
        folder.mkdir(exist_ok=True)
        path = folder / "house-rule.yaml"
        path.write_bytes(data)
        named, name = _named_by_id(path)  # the loader finds a ruleset by id through its file name
        try:
            ruleset = load_ruleset(f"{edition}+{named}", search_dirs)
        except DosrulesError as err:
            shutil.rmtree(folder, ignore_errors=True)
            raise UsageError(str(err).replace(str(named), shown).replace(named.name, shown), fix=None) from None
        self._paths[digest] = named
        self._names[digest] = name or ruleset.id.split("+")[-1]
        with self._lock:
            self._ids[digest] = ruleset.id.split("+")[-1]
            self._ids.move_to_end(digest)
            while len(self._ids) > MAX_FILES:
                old, _ = self._ids.popitem(last=False)
                shutil.rmtree(self.folder / old, ignore_errors=True)
                self._paths.pop(old, None)
                self._names.pop(old, None)
        return digest


def _named_by_id(path: Path) -> tuple[Path, str | None]:
    """``path`` renamed after the ruleset id it declares (when it declares a usable one), beside
    it, and the name it declares (English where it has translations)."""
    from ..ruleset.loader import read_ruleset_file
    from .catalogue import text_of

    try:
        file = read_ruleset_file(path)
    except DosrulesError:
        return path, None
    data = file.doc.data if file is not None and isinstance(file.doc.data, dict) else {}
    ruleset_id, name = data.get("id"), text_of(data.get("name")) or None
    if not isinstance(ruleset_id, str) or not re.fullmatch(r"[a-z0-9-]{1,64}", ruleset_id):
        return path, name
    return path.rename(path.with_name(f"{ruleset_id}.yaml")), name
