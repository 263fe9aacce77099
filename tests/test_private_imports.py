"""No nekolib module uses another nekolib module's private names (issue 40).

A name that starts with one underscore (``_cat``, ``_ABORTED``) is the module's own business;
a helper another module needs is public (a clear name, a docstring). Read with :mod:`ast`:
``from nekolib.x import _y`` (relative imports too), ``import nekolib.x._y``, and ``m._y``
where ``m`` is a name bound to a nekolib module. Dunder names (``__version__``) are fine; so
are a module's own names, and other packages' private names (``argparse._SubParsersAction``):
this is about nekolib's own modules.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nekolib"


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of ``from <level dots><target> import ...`` written in ``module``."""
    if not level:
        return target or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def private_uses(
    source: str, module: str, is_package: bool, is_module: Callable[[str], bool] | None = None
) -> list[tuple[int, str]]:
    """``(line, what)`` for each use in ``source`` (the code of ``module``) of another nekolib
    module's private name. ``is_module(name)``: is this dotted name a nekolib module (a name
    imported from a package may be a submodule); default: a file under ``nekolib/``."""
    known = is_module or _is_nekolib_module
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    modules: dict[str, str] = {}  # local name -> the nekolib module it is bound to

    def ours(name: str) -> bool:
        return name == "nekolib" or name.startswith("nekolib.")

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source_module = resolve(module, is_package, node.level, node.module)
            if not ours(source_module):
                continue
            if any(is_private(p) for p in source_module.split(".")):
                found.append((node.lineno, f"imports the private module {source_module}"))
            for alias in node.names:
                if is_private(alias.name) and source_module != module:
                    found.append((node.lineno, f"imports {source_module}.{alias.name}"))
                elif known(f"{source_module}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{source_module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if not ours(alias.name):
                    continue
                if any(is_private(p) for p in alias.name.split(".")):
                    found.append((node.lineno, f"imports the private module {alias.name}"))
                if alias.asname:
                    modules[alias.asname] = alias.name
                else:
                    modules["nekolib"] = "nekolib"
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and is_private(node.attr)):
            continue
        chain: list[str] = []
        base = node.value
        while isinstance(base, ast.Attribute):
            chain.append(base.attr)
            base = base.value
        if not isinstance(base, ast.Name) or base.id not in modules:
            continue
        owner = ".".join([modules[base.id], *reversed(chain)])
        if known(owner) and owner != module:
            found.append((node.lineno, f"uses {owner}.{node.attr}"))
    return sorted(set(found))


def _is_nekolib_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def test_no_module_uses_another_modules_private_names() -> None:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        uses = private_uses(
            path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py"
        )
        problems += [f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in uses]
    assert not problems, (
        "private names used across modules (make them public or move them):\n" + "\n".join(problems)
    )


KNOWN = {"nekolib", "nekolib.a", "nekolib.a.b", "nekolib.a.c", "nekolib.pkg", "nekolib.pkg.sub"}


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ("from nekolib.a.b import _helper, public", [(1, "imports nekolib.a.b._helper")]),
        ("from .b import _helper", [(1, "imports nekolib.a.b._helper")]),
        ("from ..pkg.sub import _X as X", [(1, "imports nekolib.pkg.sub._X")]),
        ("from nekolib.a import b\nb._helper(1)", [(2, "uses nekolib.a.b._helper")]),
        ("import nekolib.a.b as m\ny = m._CONST", [(2, "uses nekolib.a.b._CONST")]),
        ("import nekolib.a.b\nnekolib.a.b._f()", [(2, "uses nekolib.a.b._f")]),
        ("import nekolib.a._hidden", [(1, "imports the private module nekolib.a._hidden")]),
        ("def f():\n    from nekolib.a.b import _g\n", [(2, "imports nekolib.a.b._g")]),
        ("from nekolib.a.b import __version__, public", []),
        ("from nekolib.a.c import _mine", []),  # the module's own name
        ("import argparse\nx: argparse._SubParsersAction", []),  # not nekolib's
        ("from nekolib.a.b import thing\nthing._field", []),  # an object, not a module
        ("def f(self):\n    return self._cache", []),
    ],
)
def test_the_check_finds_each_kind_of_private_use(source: str, lines: list) -> None:
    """The checker itself, on small sources written as if in ``nekolib/a/c.py``."""
    assert private_uses(source, "nekolib.a.c", False, KNOWN.__contains__) == lines
