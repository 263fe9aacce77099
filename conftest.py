"""Test-run plumbing shared by ``tests/`` and the nbval notebooks.

``make test`` runs on every core with pytest-xdist (``--dist loadscope``): a notebook's
cells stay together in one kernel, as nbval needs, and a test file's tests stay together
(module fixtures are built once), except the long seeded playthrough suites named in
:data:`SPREAD`, whose cases are handed out one by one so the workers finish together.
"""

from __future__ import annotations

from typing import Any

SPREAD = (
    "random_playthroughs",
    "ten_thousand_random_games",
    "test_mcts_beats",
)
"""Test names (substrings) whose parametrized cases are scheduled one by one."""


def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SpreadSlowScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            test = nodeid.rsplit("::", 1)[-1]
            if any(name in test for name in SPREAD):
                return nodeid
            return super()._split_scope(nodeid)

    return SpreadSlowScheduling(config, log)
