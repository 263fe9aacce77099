"""The fast solver is compiled (or loaded from numba's cache) in the background when a Neko
Boss board opens, once a process, and that warm-up covers everything a full-board solve runs."""

from __future__ import annotations

import random
import threading

import pytest

from nekolib.neko_boss import solver, widget
from nekolib.neko_boss.rules import Params, random_layout
from nekolib.widgets import base

needs_numba = pytest.mark.skipif(not solver.available(), reason=solver.MISSING)


@pytest.fixture
def fresh_process(monkeypatch):
    """No warm-up has run yet; ``warm_up`` only records its calls (no compile here)."""
    calls: list[str] = []
    release = threading.Event()

    def fake_warm_up() -> float:
        calls.append(threading.current_thread().name)
        release.wait(10)
        return 0.5

    monkeypatch.setattr(solver, "warm_up", fake_warm_up)
    monkeypatch.setattr(solver, "_warm_seconds", None)
    monkeypatch.setattr(widget, "_warm_up_thread", None)
    yield calls, release
    release.set()


@needs_numba
def test_the_first_board_starts_the_warm_up_in_a_thread_and_later_boards_reuse_it(fresh_process):
    calls, release = fresh_process
    first = widget.play()
    thread = first.warm_up_thread
    assert thread is not None and thread.daemon and thread.name == "nekolib-solver-warm-up"
    assert not solver.warmed_up()  # the board is there while the warm-up still runs
    second = widget.play(random_setup=True, seed=3)
    assert second.warm_up_thread is thread
    release.set()
    thread.join(10)
    assert calls == ["nekolib-solver-warm-up"] and solver.warmed_up()
    assert solver.warm_up_once() == 0.5 and calls == ["nekolib-solver-warm-up"]


@needs_numba
def test_no_warm_up_thread_where_threads_do_not_run(fresh_process, monkeypatch):
    calls, release = fresh_process
    monkeypatch.setattr(base, "BACKGROUND_HINTS", False)  # the browser site (Pyodide)
    release.set()
    assert widget.play().warm_up_thread is None and calls == []


@needs_numba
@pytest.mark.slow
def test_after_the_warm_up_a_full_board_solve_compiles_nothing_new():
    """Every compiled kernel function has the signatures a full 24-stack solve needs once
    :func:`solver.warm_up` ran (numba adds one per new argument types), compiled or loaded."""
    from nekolib.neko_boss import solver_kernel

    solver.warm_up()
    dispatchers = {name: f for name, f in vars(solver_kernel).items() if hasattr(f, "signatures")}
    before = {name: list(f.signatures) for name, f in dispatchers.items()}
    # the functions solver.py calls (their callees are compiled into them; loaded from numba's
    # cache, only these have signatures)
    assert all(before[name] for name in ("alpha_beta", "order_root_moves", "next_mover"))
    state = random_layout(Params(), random.Random(1))
    assert solver.solve_fast(state).value in (-1, 0, 1)
    assert {name: list(f.signatures) for name, f in dispatchers.items()} == before
