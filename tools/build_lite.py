"""Build the JupyterLite site ``lite/_output/``: every game notebook in the browser, offline.

``make lite`` runs this with the ``lite`` extra installed (jupyterlite-core and the Pyodide
kernel, both 0.8.6, plus the widget lab extensions). Everything comes from PyPI and npm,
pinned, and nothing is fetched from a CDN at build or run time:

1. the Pyodide core from npm (``pyodide@314.0.6``: Python 3.14, no packages);
2. the kernel's wheels: ``lite/requirements.txt`` from PyPI (pure wheels only), the kernel's
   own stub wheels from jupyterlite-pyodide-kernel, and nekolib's wheel built from this
   checkout, with the committed game charts (``figures/<game>_*.png``) added as package
   data (``nekolib/_figures/``): the fallback when matplotlib is missing (it is, in Pyodide);
3. test suites (``tests/`` folders) and jedi's third-party stubs left out, and every ``.py``
   of those wheels compiled to ``.pyc`` by Pyodide's own CPython under Node
   (``lite/precompile.mjs``; cached by wheel digest), so sympy is not compiled in the
   browser; sympy, mpmath, pygments, jedi and parso shipped as bytecode only; IPython's
   terminal imported on first use (:data:`PATCHES`); likewise
   Pyodide's standard library (``lite/precompile_stdlib.mjs``: the npm zip has no ``.pyc``);
4. ``pyodide-lock.json`` listing exactly those wheels (dependencies evaluated for
   ``sys_platform == "emscripten"``), next to the core in ``static/pyodide/``;
5. the notebooks ``notebooks/*.ipynb`` as they are at build time (minus :data:`LEFT_OUT`),
   ``%matplotlib`` magics dropped; then ``jupyter lite build``.

The kernel preloads nekolib, ipywidgets, anywidget and tqdm (``lite/jupyter-lite.json``), so
no notebook needs a ``%pip`` cell. See docs/lite.md.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
import email.parser
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Any

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
CACHE = LITE / "_cache"
BUILD = LITE / "_build"
OUTPUT = LITE / "_output"
OUTPUT_GRADED = LITE / "_output_graded"

PYODIDE_NPM = "pyodide@314.0.6"
PYTHON_VERSION = "3.14"
PLATFORM = "pyemscripten_2026_0_wasm32"
"""Pyodide 314.0.6's wheel platform (its lock's ``abi_version`` 2026_0)."""

MARKER_ENV = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": PYTHON_VERSION,
    "python_full_version": "3.14.2",
    "extra": "",
}
"""What a ``Requires-Dist`` marker sees in the browser kernel."""

PRELOAD = [
    # what the Pyodide kernel loads at start-up (else it installs them with piplite)
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    # what the game notebooks import
    "nekolib",
    "ipywidgets",
    "anywidget",
    "tqdm",
]

ON_DEMAND = ("sympy", "mpmath")
"""Wheels not installed at the kernel's start, although nekolib requires sympy: installed on
their first import (``lite/sitecustomize.py``; a cell's own ``import sympy`` is installed by the
kernel before the cell runs). sympy is the largest wheel (0.8-1 s to unpack in the browser),
and neither the Neko Boss nor the Indovina Gatto notebook imports it before its board."""

KERNEL_STUBS = ("ipykernel-", "piplite-", "pyodide_kernel-", "widgetsnbextension-4")
"""The stub wheels shipped by jupyterlite-pyodide-kernel that the kernel needs."""

LEFT_OUT = {
    "balance_lab": "reads experiments/ and results/ beside the checkout and runs tournaments "
    "on Dask: use it in a local Jupyter (make lab)",
}
"""Notebooks not in the site, and why (docs/lite.md repeats it)."""

GRADED_RUNTIME = (
    "nekolib/__init__.py",
    "nekolib/core.py",
    "nekolib/answers.py",
    "nekolib/exercise.py",
    "nekolib/svg.py",
    "nekolib/classroom/__init__.py",
    "nekolib/classroom/answers.py",
    "nekolib/classroom/bank.py",
    "nekolib/classroom/check.py",
    "nekolib/classroom/exercise.py",
    "nekolib/classroom/feedback.py",
    "nekolib/classroom/graded.py",
)
"""What nekolib's wheel keeps in the site for graded work (``--graded``): the check runtime a
graded hand-out imports, and no game package (no rules, analysis, exercise bank or solver),
so nothing in that kernel can compute an answer from a prompt (docs/classroom.md)."""

GRADED_README = """# Graded work in the browser

This site has **no game notebooks and no exercise bank**: it runs graded hand-outs only.

1. Click **Upload** (the arrow above the file browser) and choose the notebook your teacher
   gave you (`<game>-graded-<your id>.ipynb`).
2. Open it, fill in the answer cells and run the check cells (Shift+Enter).
3. Save (Ctrl+S), then **File > Download**, and hand in the downloaded file.
"""

CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def log(message: str) -> None:
    print(f"lite: {message}", flush=True)


def run(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in argv], check=True, **kwargs)


# --------------------------------------------------------------------------- inputs
def pyodide_core() -> Path:
    """The npm Pyodide core, unpacked into the cache (``npm pack``; only once)."""
    version = PYODIDE_NPM.split("@", 1)[1]
    core = CACHE / f"pyodide-{version}"
    if (core / "pyodide.mjs").is_file():
        return core
    CACHE.mkdir(parents=True, exist_ok=True)
    out = run(["npm", "pack", PYODIDE_NPM, "--silent"], cwd=CACHE, capture_output=True, text=True)
    tgz = CACHE / out.stdout.strip().splitlines()[-1]
    tmp = CACHE / "pyodide-unpack"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    shutil.rmtree(core, ignore_errors=True)
    (tmp / "package").rename(core)
    shutil.rmtree(tmp)
    return core


def pypi_wheels() -> list[Path]:
    """The pinned pure wheels of ``lite/requirements.txt`` (pip keeps the downloaded ones)."""
    dest = CACHE / "pypi"
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--platform",
            PLATFORM,
            "--python-version",
            PYTHON_VERSION,
            "--implementation",
            "cp",
            "--abi",
            "cp314",
            "--abi",
            "none",
            "-d",
            dest,
            "-r",
            LITE / "requirements.txt",
        ]
    )
    wanted = {
        canonicalize_name(Requirement(line).name)
        for line in (LITE / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    found = [w for w in sorted(dest.glob("*.whl")) if wheel_name(w) in wanted]
    missing = wanted - {wheel_name(w) for w in found}
    if missing:
        raise SystemExit(f"lite: no wheel downloaded for {sorted(missing)}")
    return found


def kernel_stub_wheels() -> list[Path]:
    """ipykernel, piplite, pyodide-kernel and widgetsnbextension stubs of the kernel extension."""
    pypi = (
        Path(sys.prefix)
        / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    )
    stubs = [w for w in sorted(pypi.glob("*.whl")) if w.name.startswith(KERNEL_STUBS)]
    if len(stubs) != len(KERNEL_STUBS):
        raise SystemExit(f"lite: expected {KERNEL_STUBS} in {pypi}, found {stubs}")
    return stubs


def nekolib_wheel() -> Path:
    """nekolib's wheel, built from this checkout."""
    dest = CACHE / "nekolib"
    shutil.rmtree(dest, ignore_errors=True)
    run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", dest, ROOT],
        cwd=ROOT,
    )
    return next(dest.glob("nekolib-*.whl"))


def graded_wheel(wheel: Path) -> Path:
    """``wheel`` with only :data:`GRADED_RUNTIME` and its dist-info (RECORD rewritten)."""
    dest = CACHE / "nekolib-graded"
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    target = dest / wheel.name
    with zipfile.ZipFile(wheel) as zf:
        names = [n for n in zf.namelist() if n in GRADED_RUNTIME or ".dist-info/" in n]
        missing = set(GRADED_RUNTIME) - set(names)
        if missing:
            raise SystemExit(f"lite: nekolib's wheel has no {sorted(missing)} (GRADED_RUNTIME)")
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        rows = csv.reader(io.StringIO(zf.read(record).decode("utf-8")))
        kept = [r for r in rows if r and r[0] in names]
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(kept)
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
            for name in names:
                info = zipfile.ZipInfo(name, FIXED_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                out.writestr(info, text.getvalue() if name == record else zf.read(name))
    return target


def game_keys() -> list[str]:
    """Game packages of the checkout (a ``rules.py`` beside an ``__init__.py``)."""
    return sorted(p.parent.name for p in (ROOT / "nekolib").glob("*/rules.py"))


def chart_images() -> dict[str, bytes]:
    """``nekolib/_figures/<stem>.png`` for every committed game chart (lab charts excepted)."""
    found = {}
    for game in game_keys():
        for png in sorted((ROOT / "figures").glob(f"{game}_*.png")):
            if "_lab_" not in png.stem:
                found[f"nekolib/_figures/{png.name}"] = png.read_bytes()
    return found


# --------------------------------------------------------------------------- wheels
def wheel_name(wheel: Path) -> str:
    return canonicalize_name(wheel.name.split("-", 1)[0])


STRIPPED = (
    "/tests/",
    "nekolib/_notebooks/",  # nekolib's copies of the notebooks (3 MB): the site has its own
    "jedi/third_party/typeshed/stubs/",
    "jedi/third_party/django-stubs/",
)
"""Left out of the wheels: test suites (sympy's are 31 of its 72 MB once compiled) and jedi's
type stubs of third-party packages (4800 of its 5700 files: requests, six, django..., none of
them in the site; its stubs of the standard library stay, so completion works as before). The
browser unpacks every file of a preloaded wheel at every cold start."""

SOURCELESS = ("sympy", "mpmath", "pygments", "jedi", "parso")
"""Wheels shipped as bytecode only (``foo.pyc`` in place of ``foo.py``, which CPython imports
without a source): half the bytes and files to unpack at start. Students do not read these
packages' source; a traceback through them shows the lines of nekolib and of the notebook
(which keep their source) and only the function names inside these packages."""

PATCHES = {
    "ipython": [
        (
            "IPython/__init__.py",
            "from .terminal.embed import embed\n",
            "\n\ndef __getattr__(name):\n"
            "    # nekolib Lite build: IPython.embed (terminal, prompt_toolkit) on first use\n"
            '    if name == "embed":\n'
            "        from .terminal.embed import embed\n\n"
            "        return embed\n"
            '    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")\n',
        )
    ],
}
"""Source changes made to a pinned wheel before it is compiled: ``(file, text, replacement)``.

``import IPython`` (the kernel's start) imported ``IPython.terminal.embed`` for the name
``IPython.embed``, and with it the terminal shell and prompt_toolkit, which a browser kernel
never uses: half of ``import pyodide_kernel`` (1.07 -> 0.36 s under Node). The patch makes
``IPython.embed`` a lazy module attribute (PEP 562); ``from IPython import embed`` still works.
A text not found stops the build (a new IPython version needs a look)."""

STRIP_VERSION = "tests-jedi-stubs-2:" + ",".join(SOURCELESS) + repr(sorted(PATCHES.items()))
"""Changes when what :func:`unpack` strips or patches (part of the compiled wheels' cache key)."""


def unpack(wheel: Path, dest: Path, extra: dict[str, bytes]) -> None:
    """Unpack ``wheel`` without :data:`STRIPPED` folders and add ``extra`` files."""
    shutil.rmtree(dest, ignore_errors=True)
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(dest, [n for n in zf.namelist() if not any(s in n for s in STRIPPED)])
    for name, data in extra.items():
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        (dest / name).write_bytes(data)
    for name, text, replacement in PATCHES.get(wheel_name(wheel), []):
        source = (dest / name).read_text(encoding="utf-8")
        if source.count(text) != 1:
            raise SystemExit(f"lite: {wheel.name}: {name} no longer has {text!r} (PATCHES)")
        (dest / name).write_text(source.replace(text, replacement), encoding="utf-8")


def make_sourceless(unpacked: Path) -> int:
    """``d/__pycache__/m.cpython-3XX.pyc`` -> ``d/m.pyc`` and ``d/m.py`` removed (modules
    that did not compile keep their source). Returns the number of modules changed."""
    moved = 0
    for pyc in sorted(unpacked.rglob("__pycache__/*.pyc")):
        module = pyc.name.split(".", 1)[0]
        source = pyc.parent.parent / f"{module}.py"
        if source.is_file():
            pyc.replace(source.with_suffix(".pyc"))
            source.unlink()
            moved += 1
    for cache in sorted(unpacked.rglob("__pycache__"), reverse=True):
        with contextlib.suppress(OSError):
            cache.rmdir()
    return moved


def repack(source: Path, unpacked: Path, target: Path) -> None:
    """``source``'s files plus the new ones under ``unpacked`` (``.pyc``, package data), with
    RECORD rows for them; fixed timestamps so an unchanged input gives the same wheel."""
    with zipfile.ZipFile(source) as zf:
        names = [i.filename for i in zf.infolist() if not i.is_dir()]
    names = [n for n in names if (unpacked / n).is_file()]  # less what unpack() stripped
    record = next(n for n in names if n.endswith(".dist-info/RECORD"))
    new = sorted(
        p.relative_to(unpacked).as_posix()
        for p in unpacked.rglob("*")
        if p.is_file() and p.relative_to(unpacked).as_posix() not in names
    )
    rows = list(csv.reader(io.StringIO((unpacked / record).read_text(encoding="utf-8"))))
    rows = [r for r in rows if r and r[0] != record and r[0] in names]
    for name in new:
        data = (unpacked / name).read_bytes()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        rows.append([name, f"sha256={digest}", str(len(data))])
    rows.append([record, "", ""])
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    tmp = target.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as out:
        for name in [n for n in names if n != record] + new:
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, (unpacked / name).read_bytes())
        info = zipfile.ZipInfo(record, FIXED_TIME)
        info.external_attr = 0o644 << 16
        out.writestr(info, text.getvalue(), zipfile.ZIP_DEFLATED)
    tmp.replace(target)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def precompiled(wheels: list[Path], core: Path, extra: dict[Path, dict[str, bytes]]) -> list[Path]:
    """Each wheel with ``.pyc`` files from Pyodide's CPython (cached by the input's digest)."""
    done_dir = CACHE / "compiled"
    done_dir.mkdir(parents=True, exist_ok=True)
    unpacked = CACHE / "unpacked"
    shutil.rmtree(unpacked, ignore_errors=True)
    unpacked.mkdir(parents=True)
    out: list[Path] = []
    todo: list[tuple[Path, Path]] = []
    for wheel in wheels:
        key = hashlib.sha256(wheel.read_bytes() + STRIP_VERSION.encode())
        for name, data in sorted(extra.get(wheel, {}).items()):
            key.update(name.encode() + hashlib.sha256(data).digest())
        target = done_dir / key.hexdigest()[:16] / wheel.name
        out.append(target)
        if not target.is_file():
            unpack(wheel, unpacked / wheel.name, extra.get(wheel, {}))
            todo.append((wheel, target))
    if todo:
        log(f"precompiling {len(todo)} wheel(s) with Pyodide's CPython under Node")
        run(["node", LITE / "precompile.mjs", core, unpacked])
        for wheel, target in todo:
            target.parent.mkdir(parents=True, exist_ok=True)
            if wheel_name(wheel) in SOURCELESS:
                make_sourceless(unpacked / wheel.name)
            repack(wheel, unpacked / wheel.name, target)
    shutil.rmtree(unpacked, ignore_errors=True)
    return out


STDLIB_VERSION = "stdlib-pyc-1"
"""Changes when what ``lite/precompile_stdlib.mjs`` writes changes (part of its cache key)."""


def precompiled_stdlib(core: Path) -> Path:
    """``python_stdlib.zip`` with every module's ``.pyc`` beside its source (cached by the npm
    zip's digest): the npm zip has only ``.py`` files, compiled by the browser at each start.
    ``lite/sitecustomize.py`` is added (it installs :data:`ON_DEMAND` wheels on first import)."""
    added = [LITE / "sitecustomize.py"]
    key = hashlib.sha256((core / "python_stdlib.zip").read_bytes() + STDLIB_VERSION.encode())
    for path in added:
        key.update(path.read_bytes())
    target = CACHE / "compiled" / f"stdlib-{key.hexdigest()[:16]}" / "python_stdlib.zip"
    if not target.is_file():
        log("precompiling the standard library with Pyodide's CPython under Node")
        tmp = target.parent / "tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        run(["node", LITE / "precompile_stdlib.mjs", core, tmp, *added])
        (tmp / "python_stdlib.zip").replace(target)
        tmp.rmdir()
    return target


def metadata(wheel: Path) -> tuple[email.message.Message, list[str]]:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        message = email.parser.Parser().parsestr(zf.read(meta).decode("utf-8"))
    return message, names


def imports_of(names: list[str]) -> list[str]:
    """Top-level importable names of a wheel (packages and modules)."""
    tops = set()
    for name in names:
        first, _, rest = name.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        if rest and rest.endswith(".py") and "/" not in rest and rest == "__init__.py":
            tops.add(first)
        elif not rest and first.endswith(".py"):
            tops.add(first[:-3])
    return sorted(tops)


def lock(wheels: list[Path], core: Path) -> dict:
    """``pyodide-lock.json``: the npm core's ``info`` and exactly ``wheels``."""
    info = json.loads((core / "pyodide-lock.json").read_text())["info"]
    packages = {}
    for wheel in wheels:
        message, names = metadata(wheel)
        depends = []
        for spec in message.get_all("Requires-Dist") or []:
            req = Requirement(spec)
            if req.marker is None or Marker(str(req.marker)).evaluate(MARKER_ENV):
                depends.append(canonicalize_name(req.name))
        name = canonicalize_name(message["Name"])
        if name not in ON_DEMAND:  # installed on first import, not with what needs them
            depends = [d for d in depends if d not in ON_DEMAND]
        packages[name] = {
            "name": name,
            "version": message["Version"],
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": sha256(wheel),
            "package_type": "package",
            "imports": imports_of(names),
            "depends": sorted(set(depends)),
            "unvendored_tests": False,
        }
    missing = {d for p in packages.values() for d in p["depends"]} - set(packages)
    missing |= (set(PRELOAD) | set(ON_DEMAND)) - set(packages)
    if missing:
        raise SystemExit(f"lite: the lock needs wheels for {sorted(missing)}")
    return {"info": info, "packages": dict(sorted(packages.items()))}


# --------------------------------------------------------------------------- site
MATPLOTLIB_MAGIC = re.compile(r"^\s*%matplotlib\b.*(\n|$)", re.MULTILINE)

SITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
SITE_LANGUAGE_INFO = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}
"""The kernelspec and kernel-info ``language_info`` of the site's kernel (the Pyodide kernel
extension 0.8.6, its own constants, ``version`` included). JupyterLab writes both into a
notebook's metadata when the kernel starts, so a notebook saying anything else (the committed
ones say ``python3``, "Python 3") opened already modified: "Leave site?" with nothing changed
(``tests/browser/test_lite_polish.py`` opens each one and checks it is not)."""

WHERE_SAVED = (
    "> **This notebook runs in your browser.** Saving (Ctrl+S) keeps your changes **in this"
    " browser on this computer only**: not on a server, not in another browser, and not after"
    " the site's data is cleared or a private window is closed. To keep a copy, use"
    " **File ▸ Download**."
)
"""The first cell of every notebook in the site (docs/lite.md, "For students")."""


def joined(nb: dict) -> dict:
    """``nb`` with its multi-line strings (lists of lines) joined, as nbformat's reader does.

    A Jupyter server reads notebooks with nbformat, which joins them; JupyterLite serves the
    file as it is, and its JupyterLab joined a list of lines with commas (``String(list)``):
    every saved line after the first started with "," in stream and ``text/plain`` outputs
    until the cell was run again. JSON mime types keep their lists (a JSON array)."""

    def text(value: Any) -> Any:
        return "".join(value) if isinstance(value, list) else value

    def bundle(data: dict) -> dict:
        return {
            k: v if k == "application/json" or k.endswith("+json") else text(v)
            for k, v in data.items()
        }

    for cell in nb["cells"]:
        cell["source"] = text(cell["source"])
        for name, data in cell.get("attachments", {}).items():
            cell["attachments"][name] = bundle(data)
        for out in cell.get("outputs", []):
            if "text" in out:
                out["text"] = text(out["text"])
            if "data" in out:
                out["data"] = bundle(out["data"])
    return nb


def site_notebook(path: Path) -> str:
    """The notebook as committed, for the site: :data:`WHERE_SAVED` first, multi-line strings
    :func:`joined`, the site kernel's metadata (:data:`SITE_KERNELSPEC`), and no
    ``%matplotlib`` magics (Pyodide has no matplotlib; inline is Jupyter's default anyway)."""
    nb = joined(json.loads(path.read_text(encoding="utf-8")))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["source"] = MATPLOTLIB_MAGIC.sub("", cell["source"])
    nb["metadata"]["kernelspec"] = dict(SITE_KERNELSPEC)
    nb["metadata"]["language_info"] = json.loads(json.dumps(SITE_LANGUAGE_INFO))
    note = {"cell_type": "markdown", "metadata": {}, "source": WHERE_SAVED}
    if nb.get("nbformat_minor", 0) >= 5:  # cell ids from nbformat 4.5
        note["id"] = "nekolib-lite-where-saved"
    nb["cells"].insert(0, note)
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def stage(core: Path, wheels: list[Path], graded: bool = False) -> list[str]:
    """``lite/_build``: jupyter-lite.json, static/pyodide (core + lock + wheels), files/
    (the game notebooks; for ``graded``, only a README: hand-outs are uploaded)."""
    shutil.rmtree(BUILD / "static", ignore_errors=True)
    shutil.rmtree(BUILD / "files", ignore_errors=True)
    pyodide = BUILD / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, pyodide / name)
    shutil.copyfile(precompiled_stdlib(core), pyodide / "python_stdlib.zip")
    for wheel in wheels:
        shutil.copy2(wheel, pyodide / wheel.name)
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock(wheels, core), indent=1) + "\n")
    config = json.loads((LITE / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    kernel["loadPyodideOptions"]["packages"] = PRELOAD
    (BUILD / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n")
    shutil.copyfile(LITE / "overrides.json", BUILD / "overrides.json")
    files = BUILD / "files"
    files.mkdir()
    shipped = []
    if graded:
        (files / "README.md").write_text(GRADED_README, encoding="utf-8")
        return ["README.md"]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if path.stem in LEFT_OUT:
            log(f"left out {path.name}: {LEFT_OUT[path.stem]}")
            continue
        (files / path.name).write_text(site_notebook(path), encoding="utf-8")
        shipped.append(path.name)
    return shipped


SITE_CSS = """<style id="nekolib-lite">
  /* a notebook's whole name in its tab ("manekinecollection.ipynb" was cut at 216 px) */
  html:root { --jp-private-horizontal-tab-width: 264px; }
</style>
"""
"""Added to the site's page (``lab/index.html``, before ``</head>``): JupyterLab has no setting
for it. ``lite/overrides.json`` (settings) hides the file browser's "Modified" column, which
cut the notebooks' names ("manekinecollec...") at the sidebar's 250 px."""


def add_site_css(output: Path) -> None:
    """:data:`SITE_CSS` into ``output/lab/index.html`` (the build stops if it has no head)."""
    page = output / "lab" / "index.html"
    text = page.read_text(encoding="utf-8")
    if text.count("</head>") != 1:
        raise SystemExit(f"lite: {page} has no single </head> for SITE_CSS")
    page.write_text(text.replace("</head>", SITE_CSS + "</head>"), encoding="utf-8")


def jupyter_lite_build(output: Path) -> None:
    """``jupyter lite build`` from scratch (its doit database would skip tasks it remembers)."""
    shutil.rmtree(output, ignore_errors=True)
    for db in BUILD.glob(".jupyterlite.doit.db*"):
        db.unlink()
    run(
        [
            sys.executable,
            "-m",
            "jupyterlite_core",
            "build",
            "--lite-dir",
            BUILD,
            "--contents",
            BUILD / "files",
            "--output-dir",
            output,
            "--apps",
            "lab",
            "--no-sourcemaps",
            "--no-unused-shared-packages",
        ],
        cwd=BUILD,
    )


def size_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def serve(site: Path, port: int) -> None:
    """Serve ``site`` on http://127.0.0.1:port/ (``.mjs`` as JavaScript, ``.wasm`` as wasm).

    The service worker JupyterLite registers needs https or localhost/127.0.0.1."""
    import functools
    import http.server

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {  # noqa: RUF012 - the stdlib's class attribute, extended
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".mjs": "text/javascript",
            ".js": "text/javascript",
            ".wasm": "application/wasm",
            ".json": "application/json",
        }

    if not (site / "index.html").is_file():
        raise SystemExit(f"lite: no site in {site}: run make lite first")
    handler = functools.partial(Handler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        log(f"serving {site} on http://127.0.0.1:{port}/ (Ctrl-C stops it)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--output", type=Path, default=OUTPUT, help="the site folder (default lite/_output)"
    )
    parser.add_argument("--serve", type=int, metavar="PORT", help="serve the built site instead")
    parser.add_argument(
        "--graded",
        action="store_true",
        help="the site for graded work: nekolib's check runtime only (no game, bank or"
        " solver), no game notebooks; default output lite/_output_graded",
    )
    args = parser.parse_args(argv)
    output = (OUTPUT_GRADED if args.graded and args.output == OUTPUT else args.output).resolve()
    if args.serve:
        serve(output, args.serve)
        return 0
    start = time.monotonic()
    core = pyodide_core()
    own = nekolib_wheel()
    own = graded_wheel(own) if args.graded else own
    wheels = pypi_wheels() + kernel_stub_wheels() + [own]
    wheels = precompiled(wheels, core, {} if args.graded else {own: chart_images()})
    BUILD.mkdir(parents=True, exist_ok=True)
    shipped = stage(core, wheels, args.graded)
    jupyter_lite_build(output)
    add_site_css(output)
    (output / ".nojekyll").touch()  # GitHub Pages: serve the folder as it is
    log(
        f"built {output}/ in {time.monotonic() - start:.0f} s: "
        f"{size_mb(output):.1f} MB, {len(wheels)} wheels, notebooks {', '.join(shipped)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
