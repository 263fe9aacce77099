"""Runs one hand-in inside the grading sandbox and prints its answers as one JSON line.

``python -I -m nekolib.classroom.sandbox_runner NOTEBOOK NAMES_JSON CELL_TIMEOUT MAX_OUTPUT``

Everything here runs with the student's code, so nothing here is trusted: the grader
(:mod:`nekolib.classroom.sandbox`) reads the last :data:`RESULT` line of this process's
output, at most a few megabytes of it, checks every value's type, and compares the
answers with the key outside the sandbox. The notebook's outputs are dropped as they
come (only the collector cell's are kept), so a cell that prints without end costs no
memory here; past ``MAX_OUTPUT`` bytes the run stops and says so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from nekolib.classroom.collector import MARK, collector_source

__all__ = ["RESULT", "main"]

RESULT = "NEKOLIB-SANDBOX-RESULT "
COLLECTOR_ID = "nekolib-grader"


class TooMuchOutput(Exception):
    """The notebook's cells printed more than the grader reads."""


def _size(content: dict[str, Any]) -> int:
    """Roughly the bytes an output message carries (text, data, traceback)."""
    total = len(str(content.get("text", "")))
    for value in (content.get("data") or {}).values():
        total += len(str(value))
    return total + sum(len(str(line)) for line in content.get("traceback") or [])


def _client(nb: Any, timeout: int, max_output: int) -> Any:
    from nbclient import NotebookClient

    class CappedClient(NotebookClient):
        """Keeps only the collector cell's outputs and counts the bytes of all others."""

        printed = 0

        def output(self, outs, msg, display_id, cell_index):  # type: ignore[no-untyped-def]
            CappedClient.printed += _size(msg.get("content") or {})
            if CappedClient.printed > max_output:
                raise TooMuchOutput
            if self.nb.cells[cell_index].get("id") != COLLECTOR_ID:
                return None
            return super().output(outs, msg, display_id, cell_index)

    interrupted: list[int] = []

    def note_timeout(cell: Any, cell_index: int, execute_reply: Any) -> None:
        content = (execute_reply or {}).get("content") or {}
        if content.get("ename") == "Timeout":
            interrupted.append(cell_index + 1)

    client = CappedClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        allow_errors=True,
        interrupt_on_timeout=True,
        error_on_timeout={"ename": "Timeout", "evalue": f"cell ran over {timeout} s"},
        resources={"metadata": {"path": os.getcwd()}},
        on_cell_executed=note_timeout,
    )
    client.interrupted = interrupted
    return client


def _answers(nb: Any) -> dict[str, Any] | None:
    for output in nb.cells[-1].get("outputs", []):
        for line in str(output.get("text", "")).splitlines():
            if line.startswith(MARK):
                try:
                    found = json.loads(line[len(MARK) :])
                except json.JSONDecodeError:
                    return None
                return found if isinstance(found, dict) else None
    return None


def run(path: str, names: list[str], timeout: int, max_output: int) -> dict[str, Any]:
    """Execute the notebook plus the collector cell; what the grader is to read."""
    import nbformat

    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as error:  # not JSON, not a notebook
        return {"error": f"not a readable notebook ({type(error).__name__})"}
    nb.cells.append(nbformat.v4.new_code_cell(collector_source(names), id=COLLECTOR_ID))
    client = _client(nb, timeout, max_output)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    try:
        client.execute(env={**os.environ}, **quiet)
    except TooMuchOutput:
        return {"stopped": f"printed more than {max_output // 1_000_000} MB"}
    except Exception as error:  # dead kernel, kernel that would not start: no answers
        return {"error": f"the notebook could not be run ({type(error).__name__})"}
    found = _answers(nb)
    if found is None:
        return {"error": "the grader could not read the answers (was print or json patched?)"}
    return {"answers": found, "interrupted": client.interrupted}


def main(argv: list[str]) -> int:
    path, names, timeout, max_output = argv
    result = run(path, json.loads(names), int(timeout), int(max_output))
    sys.stdout.write("\n" + RESULT + json.dumps(result) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
