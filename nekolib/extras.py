"""Which optional extra a command needs, and the one line that says so when it is missing.

``pip install nekolib`` brings only sympy (rules, analysis, exercises). Everything else is an
extra (pyproject.toml): a command whose extra is missing prints
``nekolib figures needs matplotlib: pip install 'nekolib[charts]'`` instead of a traceback.
Standard library only: this module is imported by the command line before anything else.
"""

from __future__ import annotations

import importlib.util

from nekolib.core import NekoError

__all__ = [
    "COMMAND_EXTRA",
    "EXTRA_MODULES",
    "NEEDS",
    "MissingExtraError",
    "extra_for",
    "install_line",
    "message",
    "require",
]

EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "widgets": ("ipywidgets", "anywidget", "tqdm"),
    "charts": ("matplotlib", "cairosvg", "numpy", "PIL", "tqdm"),
    "classroom": ("nbformat", "nbclient", "ipykernel", "jupyter_client", "cairosvg", "PIL"),
    "lab": ("dask", "distributed", "tomli", "tqdm"),
    "solver": ("numba", "numpy", "llvmlite"),
    "notebook": (
        "jupyterlab",
        "notebook",
        "jupyter_server",
        "ipykernel",
        "ipywidgets",
        "anywidget",
    ),
    "app": ("voila", "ipykernel", "ipywidgets", "anywidget"),
}
"""The top-level modules each extra installs (that nekolib imports, or that a command runs)."""

COMMAND_EXTRA: dict[str, str] = {
    "play": "widgets",
    "figures": "charts",
    "classroom": "classroom",
    "grade": "classroom",
    "lab": "lab",
    "open": "notebook",
    "app": "app",
}
"""The extra each command needs (``play`` is :func:`nekolib.play`)."""

NEEDS: dict[str, tuple[str, ...]] = {
    "play": ("ipywidgets", "anywidget"),
    "figures": ("matplotlib", "cairosvg", "numpy", "PIL"),
    "classroom": ("nbformat",),
    "grade": ("nbformat", "nbclient", "ipykernel"),
    "lab": ("dask", "distributed"),
    "open": ("jupyterlab", "ipywidgets", "anywidget"),
    "app": ("voila", "ipywidgets", "anywidget"),
}
"""What each command checks before it starts (others are imported when used, and a missing
one is reported the same way by the command line)."""


class MissingExtraError(NekoError):
    """An optional dependency is not installed; the message names the ``pip install``."""


def install_line(extra: str) -> str:
    """``pip install 'nekolib[extra]'`` (quoted for every shell)."""
    return f"pip install 'nekolib[{extra}]'"


def extra_for(module: str, command: str | None = None) -> str | None:
    """The extra that installs top-level ``module``: the command's own extra when it has the
    module, else the first extra that has it, else ``None``."""
    top = module.split(".")[0]
    own = COMMAND_EXTRA.get(command or "")
    if own is not None and top in EXTRA_MODULES[own]:
        return own
    return next((extra for extra, mods in EXTRA_MODULES.items() if top in mods), None)


def message(module: str, command: str) -> str | None:
    """The one-line message for ``command`` missing ``module``, or ``None`` when no extra
    installs that module (then it is a bug, not a missing extra)."""
    extra = extra_for(module, command)
    if extra is None:
        return None
    who = "nekolib.play()" if command == "play" else f"nekolib {command}"
    return f"{who} needs {module.split('.')[0]}, which is not installed: {install_line(extra)}"


def missing(modules: tuple[str, ...] | list[str]) -> list[str]:
    """Those of ``modules`` (top-level names) that cannot be imported here."""
    gone = []
    for name in modules:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            gone.append(name)
    return gone


def require(command: str, modules: tuple[str, ...] | list[str] | None = None) -> None:
    """Raise :class:`MissingExtraError` (one line) if one of ``modules`` (default: what
    :data:`NEEDS` lists for ``command``) is missing."""
    for name in missing(NEEDS[command] if modules is None else modules):
        raise MissingExtraError(message(name, command) or f"nekolib {command} needs {name}")
