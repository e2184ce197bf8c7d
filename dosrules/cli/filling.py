"""A ruleset filled for ``compare`` and ``simulate``: every silence read the way ``gaps --measure``'s
baseline filling reads it (``--fill SOURCE`` first), as the spec, content hash and readings the
reports name (the comparison layer may not import the gaps layer, so the command line joins them)."""

from __future__ import annotations

from typing import Any, Sequence


def filled_cell(ruleset, spec: str, digest: str, players: int, dirs: Sequence[str], fill: str | None) -> dict[str, Any]:
    """``ruleset`` (named ``spec``, content hash ``digest``) with its silences for ``players`` filled:
    ``spec``, ``content_hash`` and ``readings`` (path, reading, why); with no silence, itself."""
    from ..gaps.measure import baseline_filling
    from ..ruleset.fill import fill_inline

    filling = baseline_filling(ruleset, spec, players, dirs, fill, option="--fill")
    if not filling.readings:
        return {"spec": spec, "content_hash": digest, "readings": []}
    return {"spec": filling.spec_with(), "content_hash": fill_inline(ruleset, filling.parts()).content_hash,
            "readings": filling.to_json()["readings"]}
