"""The JupyterLite site's kernel: sympy and mpmath are installed on their first import.

``tools/build_lite.py`` writes this module into the site's ``python_stdlib.zip``, so Python
imports it at start-up (``site``). The kernel's start installs only the wheels of
``PRELOAD`` (tools/build_lite.py); sympy, the largest wheel (and mpmath), waits until some
module imports it. ``import sympy`` written in a cell is installed by the kernel itself before
the cell runs (Pyodide's ``loadPackagesFromImports``); an import inside a module (nekolib's
analysis) comes here: the wheel is fetched synchronously from the site (the kernel runs in a
Web Worker, where a synchronous request is allowed) and unpacked as Pyodide's own
``loadPackage`` does. See docs/lite.md.
"""

from __future__ import annotations

import sys

ON_DEMAND = {"sympy": ("mpmath", "sympy"), "mpmath": ("mpmath",)}
"""Top-level module -> the wheels (lock names) it needs, in install order."""


def _install(package: str) -> None:
    import sysconfig

    import pyodide_js
    from js import XMLHttpRequest
    from pyodide._package_loader import unpack_buffer

    if getattr(pyodide_js.loadedPackages, package, None):
        return
    entry = getattr(pyodide_js._api.lockfile_packages, package)
    url = pyodide_js._api.config.indexURL + entry.file_name
    request = XMLHttpRequest.new()
    request.open("GET", url, False)  # synchronous: allowed in the kernel's Web Worker
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    unpack_buffer(
        request.response,
        filename=entry.file_name,
        extract_dir=sysconfig.get_paths()["purelib"],
    )
    setattr(pyodide_js.loadedPackages, package, "default channel")


class OnDemandFinder:
    """Last on ``sys.meta_path``: asked only for a module no other finder has."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if path is not None or name not in ON_DEMAND or "pyodide_js" not in sys.modules:
            return None
        import importlib
        import importlib.machinery

        for package in ON_DEMAND[name]:
            _install(package)
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name)


sys.meta_path.append(OnDemandFinder)
