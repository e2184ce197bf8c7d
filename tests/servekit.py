"""A ``dosrules serve`` in a child process on a free loopback port, and Debian's Chromium for
Playwright (its own browser download cannot be had here): for the browser tests and
``tools/serve_screenshots.py``."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def chromium() -> str | None:
    """The path of Debian's chromium, or None."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served(*args: str, timeout: float = 60.0):
    """The base URL of a ``dosrules serve`` started for the block, stopped after it."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "dosrules", "serve", "--port", str(port), *args],
                            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(base + "/static/style.css", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(f"dosrules serve ended: {proc.stderr.read().decode()[-2000:]}")
                if time.monotonic() > deadline:
                    raise TimeoutError("dosrules serve did not answer in time")
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def headline(page: str) -> str:
    """The page's headline paragraph (the plain answer, or an error's paragraph), as markup."""
    found = re.search(r'<p class="headline"[^>]*>(.*?)</p>', page, re.S)
    assert found, page[:2000]
    return found.group(1)
