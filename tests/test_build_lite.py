"""Pure parts of the JupyterLite site build (tools/build_lite.py); the build itself and the
site in Chromium are tested by tests/browser/test_lite.py."""

from __future__ import annotations

import importlib.util
import json
import subprocess
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
    assert out[0]["source"] == build_lite.WHERE_SAVED  # the note on where work is kept
    assert out[1]["source"] == "import sympy\nx = 1"
    assert out[2]["source"] == "".join(cells[1]["source"])
    assert out[3]["source"] == "".join(cells[2]["source"])


def test_the_site_notebook_joins_lines_and_says_the_site_kernel(tmp_path):
    """Lists of lines joined as nbformat's reader does (JupyterLite's JupyterLab showed them
    with a comma before every line), JSON kept; the kernel metadata the site's kernel writes."""
    outputs = [
        {"output_type": "stream", "name": "stdout", "text": ["a\n", "b\n"]},
        {
            "output_type": "display_data",
            "metadata": {},
            "data": {"text/plain": ["{'x': 1,\n", " 'y': 2}"], "application/json": ["p", "q"]},
        },
    ]
    cells = [{"cell_type": "code", "source": ["x\n", "y"], "outputs": outputs, "metadata": {}}]
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps({**nb, "nbformat_minor": 5}))
    site = json.loads(build_lite.site_notebook(path))
    code = site["cells"][1]
    assert code["source"] == "x\ny" and code["outputs"][0]["text"] == "a\nb\n"
    assert code["outputs"][1]["data"] == {
        "text/plain": "{'x': 1,\n 'y': 2}",
        "application/json": ["p", "q"],
    }
    assert site["metadata"]["kernelspec"] == build_lite.SITE_KERNELSPEC
    assert site["metadata"]["language_info"]["name"] == "python"
    assert site["cells"][0]["id"] == "nekolib-lite-where-saved"


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
            "traitlets>=5",
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
    sympy = fake_wheel(tmp_path, "sympy", ("mpmath<1.4",))
    names = ("mpmath", "typing_extensions", *build_lite.PRELOAD)
    others = [sympy, *(fake_wheel(tmp_path, n) for n in names)]
    with pytest.raises(SystemExit, match="traitlets"):  # a dependency without its wheel
        build_lite.lock([demo, *others], core)
    with pytest.raises(SystemExit, match="sympy"):  # an on-demand wheel must be there too
        build_lite.lock([demo, *others[1:], fake_wheel(tmp_path, "traitlets")], core)
    lock = build_lite.lock([demo, *others, fake_wheel(tmp_path, "traitlets")], core)
    entry = lock["packages"]["demo-pkg"]
    # no pexpect, no test extra; sympy is installed on its first import, not with demo-pkg
    assert entry["depends"] == ["traitlets", "typing-extensions"]
    assert lock["packages"]["sympy"]["depends"] == ["mpmath"]
    assert entry["imports"] == ["demo_pkg", "demo_single"]
    assert entry["file_name"] == demo.name and len(entry["sha256"]) == 64
    assert lock["info"] == {"python": "3.14.2"}


def test_sourceless_wheels_import_from_their_bytecode_alone(tmp_path):
    import compileall

    pkg = tmp_path / "site" / "demo_sl"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .inner import VALUE\n")
    (pkg / "inner.py").write_text("VALUE = 6 * 7\n")
    assert compileall.compile_dir(pkg, quiet=2)
    (pkg / "broken.py").write_text("def (:\n")  # did not compile: keeps its source
    assert build_lite.make_sourceless(tmp_path / "site") == 2
    assert sorted(p.name for p in pkg.iterdir()) == ["__init__.pyc", "broken.py", "inner.pyc"]
    code = "import demo_sl, demo_sl.inner as i; print(demo_sl.VALUE, i.__file__.endswith('.pyc'))"
    out = _run_in_site(tmp_path, code)
    assert out.stdout.split() == ["42", "True"]


def test_unpack_leaves_out_test_suites_and_jedis_third_party_stubs(tmp_path):
    wheel = tmp_path / "jedi-1.0-py3-none-any.whl"
    kept = ["jedi/api.py", "jedi/third_party/typeshed/stdlib/json/__init__.pyi"]
    dropped = ["jedi/third_party/typeshed/stubs/requests/api.pyi", "jedi/tests/test_api.py"]
    dropped.append("jedi/third_party/django-stubs/django-stubs/db.pyi")
    with zipfile.ZipFile(wheel, "w") as zf:
        for name in kept + dropped:
            zf.writestr(name, "")
    build_lite.unpack(wheel, tmp_path / "out", {"jedi/extra.txt": b"x"})
    found = sorted(
        p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.*")
    )
    assert found == sorted([*kept, "jedi/extra.txt"])


def test_the_ipython_patch_defers_the_terminal_until_embed_is_used(tmp_path):

    wheel = tmp_path / "ipython-9.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("IPython/__init__.py", "import sys\nfrom .terminal.embed import embed\nX = 1\n")
        zf.writestr("IPython/terminal/__init__.py", "")
        zf.writestr("IPython/terminal/embed.py", "def embed():\n    return 'embedded'\n")
    build_lite.unpack(wheel, tmp_path / "site", {})
    code = (
        "import sys, IPython\n"
        "print('IPython.terminal.embed' in sys.modules, IPython.X)\n"
        "from IPython import embed\n"
        "print('IPython.terminal.embed' in sys.modules, embed())\n"
        "print(hasattr(IPython, 'nothing'))"
    )
    out = _run_in_site(tmp_path, code)
    assert out.stdout.split() == ["False", "1", "True", "embedded", "False"]

    with zipfile.ZipFile(wheel, "w") as zf:  # a new IPython without that line: the build stops
        zf.writestr("IPython/__init__.py", "from .terminal import embed\n")
    with pytest.raises(SystemExit, match="PATCHES"):
        build_lite.unpack(wheel, tmp_path / "site2", {})


def test_the_kernels_on_demand_finder_knows_the_wheels_the_lock_leaves_out():
    spec = importlib.util.spec_from_file_location("lite_site", ROOT / "lite" / "sitecustomize.py")
    site = importlib.util.module_from_spec(spec)
    before = list(sys.meta_path)
    try:
        spec.loader.exec_module(site)
        assert sys.meta_path[-1] is site.OnDemandFinder
        # outside Pyodide (no pyodide_js) it stays out of the way
        assert site.OnDemandFinder.find_spec("sympy") is None
    finally:
        sys.meta_path[:] = before
    assert set(site.ON_DEMAND) == set(build_lite.ON_DEMAND)
    assert {w for wheels in site.ON_DEMAND.values() for w in wheels} == set(build_lite.ON_DEMAND)


def _run_in_site(tmp_path, code: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh Python that imports from ``tmp_path/site`` only, writing no
    bytecode of its own."""
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path / "site"), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )


def test_the_graded_runtime_checks_answers_and_holds_no_game(tmp_path):
    """The graded site's nekolib (``--graded``): a hand-out's checks run, no game imports."""
    for name in build_lite.GRADED_RUNTIME:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    script = (
        "import nekolib.classroom as c, nekolib.classroom.graded as g\n"
        "print(c.all_exercises(), g.recorded('1/3', 'number', 'a').status)\n"
        "try:\n    import nekolib.neko_in\nexcept ImportError:\n    print('no game')\n"
    )
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}  # -S: no installed nekolib
    out = subprocess.run(
        [sys.executable, "-S", "-c", script],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split("\n")[:2] == ["{} recorded", "no game"], out
    assert not any("exercises" in n or "analysis" in n for n in build_lite.GRADED_RUNTIME)
