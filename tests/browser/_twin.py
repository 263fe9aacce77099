"""The Python twin of a notebook's game: what the browser must show, computed without it.

Run as a subprocess by the browser tests (``python _twin.py NOTEBOOK``):

1. executes the notebook's code cells in a plain in-process IPython shell (cwd =
   the notebook's folder, as in Voila), recording every widget that gets
   displayed; the first displayed :class:`nekolib.widgets.GameWidget` is the
   game the page shows;
2. prints ``{"ready": ...}`` (seed, human seats, initial position) as one JSON line;
3. reads one JSON line from stdin: the page snapshots ``[{"log": [...],
   "buttons": [...]}, ...]`` the browser test recorded;
4. for every snapshot, replays the page's move log on the notebook's *initial*
   state with the rules alone (``state.apply``; chance events re-drawn with the
   match's seeded ``chance_rng(seed, ply)``, exactly what ``Match.roll`` does) and
   compares the page's move list with the legal actions of the reached position
   (none when the decider is not a human seat or the hand-over screen is up) and
   the picture's highlighted elements with the first steps of the game's click
   paths; prints ``{"results": [...]}``.

The widget is used only to learn how the notebook set the game up (initial state,
seed, which seats are human); every position is recomputed from the rules.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sys
import traceback
from pathlib import Path

LOG_LINE = re.compile(r"^(\d+)\. (.+?): (.*)$")


def run_notebook(path: Path):
    """Execute the code cells of ``path``; return (first displayed GameWidget, cell errors)."""
    import ipywidgets
    import nbformat
    from IPython.core.interactiveshell import InteractiveShell

    from nekolib.widgets import GameWidget

    displayed: list = []
    original = ipywidgets.Widget._repr_mimebundle_

    def recording(self, **kwargs):
        displayed.append(self)
        return original(self, **kwargs)

    ipywidgets.Widget._repr_mimebundle_ = recording
    nb = nbformat.read(path, as_version=4)
    os.chdir(path.parent)
    sys.path.insert(0, str(path.parent))
    shell = InteractiveShell.instance()
    shell.enable_gui = lambda gui=None: None  # `%matplotlib inline` in a plain shell
    errors = []
    sink = io.StringIO()
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            result = shell.run_cell(cell.source, store_history=False)
        if not result.success:
            errors.append(f"cell {index}: {result.error_in_exec or result.error_before_exec!r}")

    def games(widget, seen):
        if id(widget) in seen:
            return
        seen.add(id(widget))
        if isinstance(widget, GameWidget):
            yield widget
        for child in getattr(widget, "children", ()) or ():
            yield from games(child, seen)

    seen: set[int] = set()
    for widget in displayed:
        for game in games(widget, seen):
            return game, errors
    return None, errors


def replay(widget, log: list[str]) -> tuple[object, str | None]:
    """Replay the page's log lines on the initial state; return (state, error or None)."""
    from nekolib.core import CHANCE, chance_rng, decider_name

    seed = widget.match.seed
    state = widget.match.states[0]
    for ply, line in enumerate(log):
        m = LOG_LINE.match(line)
        if not m or int(m.group(1)) != ply + 1:
            return state, f"log line {ply + 1} is not '<n>. <decider>: <action>': {line!r}"
        who, label = m.group(2), m.group(3)
        decider = state.current_player()
        names = {decider_name(decider), widget.name(decider)}
        if who not in names:
            return state, f"log line {line!r}: the rules say {sorted(names)} decides"
        if decider == CHANCE:
            action = state.sample_chance(chance_rng(seed, ply))
            if state.action_to_string(action) != label:
                return state, (
                    f"log line {line!r}: the seeded chance event is "
                    f"{state.action_to_string(action)!r}"
                )
        else:
            matches = [a for a in state.legal_actions() if state.action_to_string(a) == label]
            if len(matches) != 1:
                legal = [state.action_to_string(a) for a in state.legal_actions()]
                return (
                    state,
                    f"log line {line!r}: {len(matches)} legal actions have that "
                    f"label; legal: {legal[:20]}",
                )
            action = matches[0]
        state = state.apply(action)
    return state, None


def expected_buttons(widget, state) -> list[str]:
    if state.is_terminal() or not widget.is_human(state.current_player()):
        return []
    return [state.action_to_string(a) for a in state.legal_actions()]


def expected_targets(widget, state) -> list[str]:
    """Picture elements a first click may hit: first steps of the click paths of the rules."""
    if state.is_terminal() or not widget.is_human(state.current_player()):
        return []
    paths = widget.click_paths(state)
    return sorted(paths.targets(())) if paths is not None else []


def main(argv: list[str]) -> int:
    os.environ.setdefault("MPLBACKEND", "Agg")
    path = Path(argv[1]).resolve()
    real_stdout = sys.stdout
    try:
        widget, errors = run_notebook(path)
    except Exception:  # reported to the test, which fails with it
        print(json.dumps({"ready": None, "error": traceback.format_exc()}), file=real_stdout)
        return 1
    if widget is None:
        print(
            json.dumps({"ready": None, "error": f"no GameWidget displayed; errors: {errors}"}),
            file=real_stdout,
        )
        return 1
    initial = widget.match.states[0]
    ready = {
        "type": type(widget).__name__,
        "seed": widget.match.seed,
        "seats": widget.seats,
        "table": widget.table_selector.value,
        "initial_decider": initial.current_player(),
        "cell_errors": errors,
    }
    print(json.dumps({"ready": ready}), file=real_stdout, flush=True)
    snapshots = json.loads(sys.stdin.readline())
    results = []
    for snap in snapshots:
        try:
            state, error = replay(widget, snap["log"])
            covered = snap.get("covered", False)
            expected = None
            targets = None
            if error is None:
                expected = [] if covered else expected_buttons(widget, state)
                targets = [] if covered else expected_targets(widget, state)
            results.append(
                {
                    "error": error,
                    "expected": expected,
                    "got": snap["buttons"],
                    "expected_targets": targets,
                    "got_targets": sorted(snap.get("targets", [])),
                    "first_click": not snap.get("selected"),
                    "terminal": state.is_terminal(),
                }
            )
        except Exception:
            results.append(
                {
                    "error": traceback.format_exc(),
                    "expected": None,
                    "got": snap["buttons"],
                    "terminal": False,
                }
            )
    print(json.dumps({"results": results}), file=real_stdout, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
