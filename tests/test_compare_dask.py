"""The dask executor on a LocalCluster of two worker processes: same numbers as the local
executor, and a worker that dies mid-chunk loses only that chunk, which is redone."""

import json
import os
from pathlib import Path

import pytest

distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed (pip install 'dosrules[cluster]')")

from dosrules import load_ruleset  # noqa: E402
from dosrules.cli import main  # noqa: E402
from dosrules.comparison.executors import DaskExecutor, LocalExecutor  # noqa: E402
from dosrules.comparison.runner import RunPlan, run_chunk_json, run_comparison  # noqa: E402
from dosrules.comparison.store import ResultStore  # noqa: E402


def _plan():
    specs = ("mattel-2018", "german")
    return RunPlan([(s, load_ruleset(s).content_hash) for s in specs], [2], "greedy", 3, 40, 10)


def _dies_once(marker_dir: str):
    """A chunk function whose worker process dies (os._exit) the first time it runs chunk 1 of german."""
    def run(spec_json):
        marker = Path(marker_dir) / f"died-{spec_json['ruleset']}-{spec_json['index']}"
        if spec_json["index"] == 1 and spec_json["ruleset"] == "german" and not marker.exists():
            marker.write_text("died")
            os._exit(1)
        return run_chunk_json(spec_json)
    return run


def test_cluster_numbers_equal_local_and_a_dead_worker_only_costs_its_chunk(tmp_path, capsys):
    with ResultStore(tmp_path / "local.sqlite") as store:
        local, _ = run_comparison(_plan(), store, LocalExecutor(1))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with DaskExecutor(cluster.scheduler_address) as executor, ResultStore(tmp_path / "dask.sqlite") as store:
            summaries, stats = run_comparison(_plan(), store, executor)
            assert stats.executor == "dask" and stats.computed == 8
            assert {k: v.to_json() for k, v in summaries.items()} == {k: v.to_json() for k, v in local.items()}

            markers = tmp_path / "markers"
            markers.mkdir()
            with ResultStore(tmp_path / "crash.sqlite") as crash_store:
                again, stats = run_comparison(_plan(), crash_store, executor, chunk_fn=_dies_once(str(markers)))
                assert len(list(markers.iterdir())) == 1  # a worker died in one chunk
                assert stats.computed == 8 and crash_store.count() == 8
            assert {k: v.to_json() for k, v in again.items()} == {k: v.to_json() for k, v in local.items()}

        # the command line, on the same cluster: the same numbers
        code = main(["compare", "mattel-2018", "german", "--players", "2", "--rounds", "40", "--chunk-rounds",
                     "10", "--seed", "3", "--policy", "greedy", "--executor", "dask", "--scheduler", cluster.scheduler_address,
                     "--db", str(tmp_path / "cli.sqlite"), "--json", "--no-witnesses", "--no-fill"])
        doc = json.loads(capsys.readouterr().out)
        assert code == 0 and doc["run"]["executor"] == "dask" and doc["run"]["computed"] == 8
        simulated = {(s["ruleset"], s["players"]): {k: v for k, v in s["summary"].items() if k != "design"}
                     for s in doc["simulation"]}  # (the design measures are computed from the summary)
        assert simulated == {k: v.to_json() for k, v in local.items()}
