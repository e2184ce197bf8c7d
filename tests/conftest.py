"""Every test gets a results store of its own: ``verify`` and ``compare`` keep results in
$XDG_CACHE_HOME, which must be neither the user's cache nor shared between tests (a stored
verifier report would turn a later test's fresh proof into a read)."""

import pytest


@pytest.fixture(autouse=True)
def _own_results_store(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
