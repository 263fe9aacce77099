"""The house has no import circle and keeps its floors (pyproject's [tool.importlinter]).

grimp reads every ``import`` statement, those inside functions too, so a circle hidden
behind a lazy import is still a circle here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

grimp = pytest.importorskip("grimp")
importlinter_cli = pytest.importorskip("importlinter.cli")

ROOT = Path(__file__).resolve().parents[1]


def import_circles(package: str) -> list[list[str]]:
    """Every strongly connected group of 2+ modules of ``package`` (Tarjan, iteratively)."""
    graph = grimp.build_graph(package, cache_dir=None)

    def imported(module: str):
        return iter(sorted(graph.find_modules_directly_imported_by(module)))

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, imported(root))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return circles


def test_the_circle_finder_finds_a_circle_behind_a_lazy_import(tmp_path, monkeypatch):
    pkg = tmp_path / "circlepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from circlepkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from circlepkg import c\n")
    (pkg / "c.py").write_text("import circlepkg.a\n")
    (pkg / "d.py").write_text("import circlepkg.a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_circles("circlepkg") == [["circlepkg.a", "circlepkg.b", "circlepkg.c"]]


def test_nekolib_has_no_import_circle():
    assert import_circles("nekolib") == []


def test_import_linter_contracts_are_kept(monkeypatch, capsys):
    """The layers, the games' independence and the pure modules' forbidden imports."""
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    code = importlinter_cli.lint_imports(no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert "3 kept, 0 broken" in out, out
    assert code == 0
