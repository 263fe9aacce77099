"""Pure parts of the JupyterLite site build (tools/build_lite.py); the build itself and the
site in Chromium are tested by tests/browser/test_lite.py."""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("packaging")
ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
build_lite = importlib.util.module_from_spec(spec)
sys.modules["build_lite"] = build_lite
spec.loader.exec_module(build_lite)


def test_the_site_notebook_drops_only_matplotlib_magics(tmp_path):
    cells = [
        {"cell_type": "code", "source": ["%matplotlib inline\n", "import sympy\n", "x = 1"]},
        {"cell_type": "markdown", "source": ["%matplotlib inline is explained here"]},
        {"cell_type": "code", "source": ["print('%matplotlib')"]},
    ]
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4}))
    out = json.loads(build_lite.site_notebook(path))["cells"]
    assert "".join(out[0]["source"]) == "import sympy\nx = 1"
    assert out[1]["source"] == cells[1]["source"] and out[2]["source"] == cells[2]["source"]


def test_every_notebook_is_in_the_site_or_left_out_with_a_reason():
    from nekolib import game_packages

    stems = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert set(game_packages()) <= stems  # the four game notebooks go into the site
    assert set(build_lite.LEFT_OUT) <= stems - set(game_packages())
    assert all(len(why) > 20 for why in build_lite.LEFT_OUT.values())


def fake_wheel(folder: Path, name: str, requires: tuple[str, ...] = ()) -> Path:
    wheel = folder / f"{name}-1.0-py3-none-any.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n"
    meta += "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr(f"{name.lower()}/__init__.py", "")
        zf.writestr(f"{name}-1.0.dist-info/METADATA", meta)
    return wheel


def test_lock_lists_the_wheels_with_dependencies_as_the_browser_sees_them(tmp_path):
    demo = fake_wheel(
        tmp_path,
        "Demo_Pkg",
        (
            "sympy>=1.12",
            'pexpect>4.6; sys_platform != "win32" and sys_platform != "emscripten"',
            'pytest; extra == "test"',
            'Typing_Extensions; python_version < "3.15"',
        ),
    )
    with zipfile.ZipFile(demo, "a") as zf:
        zf.writestr("demo_single.py", "")
    core = tmp_path / "core"
    core.mkdir()
    (core / "pyodide-lock.json").write_text(json.dumps({"info": {"python": "3.14.2"}}))
    others = [fake_wheel(tmp_path, n) for n in ("sympy", "typing_extensions", *build_lite.PRELOAD)]
    with pytest.raises(SystemExit, match="sympy"):  # a dependency without its wheel is refused
        build_lite.lock([demo], core)
    lock = build_lite.lock([demo, *others], core)
    entry = lock["packages"]["demo-pkg"]
    assert entry["depends"] == ["sympy", "typing-extensions"]  # no pexpect, no test extra
    assert entry["imports"] == ["demo_pkg", "demo_single"]
    assert entry["file_name"] == demo.name and len(entry["sha256"]) == 64
    assert lock["info"] == {"python": "3.14.2"}
