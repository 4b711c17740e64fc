"""The Ray path: a small local Ray cluster plays the same games as the local runner."""

from __future__ import annotations

import ray

from cardtable.parallel import SimSpec, run
from cardtable.sim import TIMING_FIELDS


def test_a_local_ray_cluster_gives_the_local_results() -> None:
    spec = SimSpec("biosphere5", {"players": "2"}, 8, ("heuristic", "random"))
    local = run(spec, 6, workers=1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = run(spec, 6, workers=2, ray="auto")  # joins the cluster started above
    finally:
        ray.shutdown()
    assert remote.outcomes == local.outcomes
    a, b = remote.summary.to_dict(), local.summary.to_dict()
    for key in TIMING_FIELDS:
        a.pop(key), b.pop(key)
    assert a == b
