"""A Dask preload for the runner's local workers: each worker process in its own session.

Linux shares the processor between sessions (the scheduler's autogroups, on by default on
desktops), not between processes: two workers started from ``lab run`` were one session,
so on a busy machine they got the processor time of one process together and were no faster
than ``--serial`` (``bench/bench_lab.py``: two busy processes of one session got 1.00 CPU
second in 3 s, one alone 0.94, two in sessions of their own 1.67, at load 10). In a session
of its own each worker gets the share a worker started by hand (docs/lab.md, section 5)
gets. Ctrl-C never reached the workers anyway (the runner starts them with it ignored).
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

__all__ = ["dask_setup"]


def dask_setup(worker: Any = None) -> None:
    """Called by Dask in the worker process as it starts: a new session (no-op off POSIX
    or if the process already leads one)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setsid()
