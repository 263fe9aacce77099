"""The command line as a pip user meets it: --version, --help, notebooks/open/app, where
figures go, and the one-line message of every missing extra."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import nekolib
from nekolib import __main__ as cli
from nekolib import notebook_files
from nekolib.extras import COMMAND_EXTRA, EXTRA_MODULES, NEEDS

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["indovina_gatto", "manekinecollection", "neko_boss", "neko_in"]


def test_version_is_written_once_and_printed(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"nekolib {nekolib.__version__}\n"
    toml = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
    pyproject = toml.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in pyproject["project"] and "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "nekolib.__version__"}


def test_help_is_plain_text_and_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out
    for command in ("notebooks", "open", "app", "figures", "classroom", "grade", "lab", "games"):
        assert re.search(rf"^  nekolib {command}\b", out, re.M), command
    for extra in set(COMMAND_EXTRA.values()) - {"widgets"}:
        assert f"[{extra}]" in out
    assert 'play("neko_in")' in out


def test_notebooks_copies_the_game_notebooks_and_keeps_yours(tmp_path, capsys):
    dest = tmp_path / "mine"
    assert cli.main(["notebooks", str(dest)]) == 0
    out = capsys.readouterr().out
    assert f"copied 4 notebooks into {dest.resolve()}" in out
    assert sorted(p.stem for p in dest.iterdir()) == GAMES  # not balance_lab (needs a clone)
    for game in GAMES:
        assert (dest / f"{game}.ipynb").read_bytes() == (
            ROOT / "notebooks" / f"{game}.ipynb"
        ).read_bytes()
    (dest / "neko_in.ipynb").write_text("my work")
    assert cli.main(["notebooks", str(dest)]) == 0
    assert "kept 4 already in" in capsys.readouterr().out
    assert (dest / "neko_in.ipynb").read_text() == "my work"
    assert cli.main(["notebooks", str(dest), "--force"]) == 0
    assert json.loads((dest / "neko_in.ipynb").read_text())["cells"]


@pytest.mark.parametrize(("command", "tool"), [("open", "jupyterlab"), ("app", "voila")])
def test_open_and_app_copy_the_notebook_then_start_the_tool(
    command, tool, tmp_path, monkeypatch, capsys
):
    started = []
    monkeypatch.setattr(notebook_files.subprocess, "call", lambda line: started.append(line) or 0)
    argv = [command, "neko_boss", "--dir", str(tmp_path), "--port", "8899", "--", "--no-browser"]
    assert cli.main(argv) == 0
    notebook = tmp_path / "neko_boss.ipynb"
    assert notebook.is_file() and [p.name for p in tmp_path.iterdir()] == [notebook.name]
    assert started[0][:4] == [sys.executable, "-m", tool, str(notebook.resolve())]
    assert "--port=8899" in started[0] and started[0][-1] == "--no-browser"
    assert cli.main([command, "chess", "--dir", str(tmp_path)]) == 2
    assert "unknown game 'chess'; the games are indovina_gatto," in capsys.readouterr().err


def test_figures_land_under_the_working_directory(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["figures", "--only", "board_neko_in", "--quiet"]) == 0
    out = capsys.readouterr().out
    written = sorted(p.name for p in (tmp_path / "figures").iterdir())
    assert written == ["board_neko_in.png", "board_neko_in.svg"]
    assert f"2 files written under {tmp_path / 'figures'}" in out


# -- every missing extra: one line naming the pip install --------------------------------

BLOCKED_RUN = textwrap.dedent(
    """
    import contextlib, io, json, sys
    from nekolib.__main__ import main

    class Blocker:
        name = None
        def find_spec(self, fullname, path=None, target=None):
            if fullname.split(".")[0] == self.name:
                raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
            return None

    blocker = Blocker()
    sys.meta_path.insert(0, blocker)
    results = []
    for module, argv in json.loads(sys.argv[1]):
        blocker.name = module
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            if argv[0] == "play":
                import nekolib
                try:
                    nekolib.play("neko_in")
                    code = 0
                except Exception as e:
                    print(f"{type(e).__name__}: {e}", file=sys.stderr)
                    code = 2
            else:
                code = main(argv)
        results.append([module, argv, code, err.getvalue()])
    print(json.dumps(results))
    """
)

ARGV = {
    "play": ["play"],
    "figures": ["figures", "--out", "{tmp}/figures"],
    "classroom": ["classroom", "--roster", "{tmp}/roster.csv", "--out", "{tmp}/class"],
    "grade": ["grade", "{tmp}", "--out", "{tmp}/grades.csv"],
    "lab": ["lab", "run", "{tmp}/x.toml", "--out", "{tmp}/results"],
    "open": ["open", "neko_in", "--dir", "{tmp}/nb"],
    "app": ["app", "neko_in", "--dir", "{tmp}/nb"],
}


def test_each_missing_dependency_is_one_line_with_its_pip_install(tmp_path):
    cases = [
        (module, [a.format(tmp=tmp_path) for a in ARGV[command]])
        for command, modules in NEEDS.items()
        for module in modules
    ]
    assert len(cases) >= 17
    out = subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN, json.dumps(cases)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    results = json.loads(out.stdout)
    for module, argv, code, err in results:
        command = argv[0]
        extra = COMMAND_EXTRA[command]
        assert module in EXTRA_MODULES[extra]
        who = "nekolib.play()" if command == "play" else f"nekolib {command}"
        line = f"{who} needs {module}, which is not installed: pip install 'nekolib[{extra}]'"
        assert code == 2 and err.count("\n") == 1 and line in err, (module, argv, err)
    assert not any(tmp_path.iterdir())  # nothing was written before the check


def test_a_module_missing_deep_inside_a_command_is_named_too(monkeypatch, capsys):
    def lab_without_dask(args):
        raise ModuleNotFoundError("No module named 'dask'", name="dask.distributed")

    monkeypatch.setattr(cli, "_dispatch", lab_without_dask)
    assert cli.main(["lab", "list"]) == 2
    assert capsys.readouterr().err == (
        "error: nekolib lab needs dask, which is not installed: pip install 'nekolib[lab]'\n"
    )

    def a_bug(args):
        raise ModuleNotFoundError("No module named 'nekolib.typo'", name="nekolib.typo")

    monkeypatch.setattr(cli, "_dispatch", a_bug)
    with pytest.raises(ModuleNotFoundError):  # not an extra: a real traceback
        cli.main(["games"])
