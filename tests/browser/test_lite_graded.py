"""A graded hand-out in the JupyterLite sites: upload, answer, check, download (issue 37).

* The game site (``tools/build_lite.py``, as ``test_lite.py`` builds it): the hand-out
  ``neko_in-graded-s001.ipynb`` (right/wrong feedback; two right/wrong checks and form
  checks) is uploaded next to the game notebooks with **no overwrite dialog**, while a copy
  named like the game notebook (``neko_in.ipynb``, the old name) does raise one (Cancel).
  In the browser's kernel: one answer right, one wrong, the right one's check cell run
  **before the setup cell**; the checks say *right!* and *not right yet* and save their
  attempt counts; then the notebook is saved and downloaded. The downloaded file is kept
  in the session's temp dir as ``handed_in/s001/neko_in-graded-s001.ipynb`` (and copied to
  ``NEKOLIB_LITE_HANDIN`` when that is set: how ``tests/browser/fixtures/lite_handin/`` was made).
* The site for graded work (``--graded``): no game notebook, no game package and an empty
  exercise bank in the kernel; the same hand-out's right/wrong check says *right!* there.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import http.server
import os
import shutil
import subprocess
import threading
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
import test_lite
from _nekobrowser import SCREENSHOTS
from test_lite import EXECUTE_JS, KERNEL_IDLE_JS, LITE_PYTHON, _Handler, cold_page

from nekolib.classroom.handout import graded_variants
from nekolib.classroom.notebooks import handout_filename, write_classroom
from nekolib.classroom.roster import Student

lite_site = test_lite.lite_site  # the game site, its browser and times: test_lite's fixtures
lite_browser = test_lite.lite_browser
lite_times = test_lite.lite_times

SECRET = hashlib.sha256(b"lite-handin-5").hexdigest()
"""A class secret whose s001 gets right/wrong checks for Neko-in exercises 8 and 9."""
STUDENT, GAME, RIGHT, WRONG = "s001", "neko_in", 8, 9
UPLOAD = '.jp-FileBrowser-toolbar jp-button[title="Upload Files"]'
FILES_JS = "() => [...document.querySelectorAll('.jp-DirListing-itemText')].map(e => e.innerText)"
OUTPUTS_JS = """() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const out = {};
  for (const cell of nb.model.cells) out[cell.id] = cell.outputs ? cell.outputs.toJSON() : [];
  return out;
}"""
RUN_JS = """async (steps) => {
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget.content;
  for (const [id, source] of steps) {
    const i = nb.widgets.findIndex((w) => w.model.id === id);
    if (i < 0) throw new Error('no cell ' + id);
    if (source !== null) nb.widgets[i].model.sharedModel.setSource(source);
    nb.activeCellIndex = i;
    await app.commands.execute('notebook:run-cell');
  }
}"""


@pytest.fixture(scope="module")
def handout(workdir) -> Path:
    """s001's right/wrong Neko-in hand-out, built in CPython with :data:`SECRET`."""
    secret = workdir / "lite-class-secret.txt"
    secret.write_text(SECRET + "\n")
    out = workdir / "lite-class"
    write_classroom(
        [Student(STUDENT, "Ada")], out, [GAME], feedback="right-wrong", secret_file=secret
    )
    path = out / "students" / STUDENT / handout_filename(GAME, STUDENT)
    nb = nbformat.read(path, 4)
    given = [e["feedback"] for e in nb.metadata["nekolib"]["exercises"]]
    assert given[RIGHT - 1] == given[WRONG - 1] == "right-wrong" and "form" in given, given
    return path


@pytest.fixture(scope="module")
def graded_site(workdir, lite_site) -> Path:
    """The site for graded work, built after the game site (they share lite/_build)."""
    out = workdir / "lite-graded-site"
    proc = subprocess.run(
        [str(LITE_PYTHON), "tools/build_lite.py", "--graded", "--output", str(out)],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-4000:]
    return out


@contextlib.contextmanager
def serve(site: Path):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Handler, directory=str(site))
    )
    server.requests = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def upload(page, path: Path, *, clash: bool = False) -> None:
    """Upload ``path`` with the file browser's Upload button. ``clash``: the name is taken,
    so the overwrite dialog must open (it is cancelled); else the file must be listed and
    no dialog open."""
    with page.expect_file_chooser() as chooser:
        page.click(UPLOAD)
    chooser.value.set_files(str(path))
    if clash:
        dialog = page.wait_for_selector(".jp-Dialog", timeout=30_000)
        assert "overwrite" in dialog.inner_text().lower()
        page.click(".jp-Dialog button.jp-mod-reject")
        # JupyterLab then says "File not uploaded": close that too
        page.wait_for_selector(".jp-Dialog[aria-label*='not uploaded']", timeout=10_000)
        page.locator(".jp-Dialog .jp-Dialog-footer button").last.click()
        page.wait_for_function("() => !document.querySelector('.jp-Dialog')", timeout=10_000)
        return
    page.wait_for_function(f"() => ({FILES_JS})().includes({path.name!r})", timeout=30_000)
    page.wait_for_timeout(1500)  # a late dialog would show up here
    assert not page.locator(".jp-Dialog").count(), "a dialog opened on the upload"


def open_listed(page, name: str) -> None:
    page.locator(".jp-DirListing-itemText", has_text=name).first.dblclick()
    page.wait_for_function(
        "(n) => { const w = window.jupyterapp.shell.currentWidget;"
        " return w && w.context && w.context.path.endsWith(n); }",
        arg=name,
        timeout=60_000,
    )
    page.wait_for_function(KERNEL_IDLE_JS, timeout=180_000, polling=200)


def text_of(outputs: list[dict]) -> str:
    return "".join(str(o.get("data", {}).get("text/plain", o.get("text", ""))) for o in outputs)


def test_upload_answer_and_download_a_graded_hand_out(
    lite_site, lite_browser, handout, workdir, lite_times
):
    answers = {k: v.answer for k, v in enumerate(graded_variants(GAME, SECRET, STUDENT), 1)}
    right = Fraction(answers[RIGHT])
    wrong = Fraction(answers[WRONG]) + Fraction(1, 7)
    with serve(lite_site) as base, cold_page(lite_browser) as page:
        page.goto(f"{base}/lab/index.html", wait_until="load", timeout=120_000)
        page.wait_for_function(f"() => ({FILES_JS})().includes('{GAME}.ipynb')", timeout=120_000)
        clash = workdir / "old-name" / f"{GAME}.ipynb"  # the name hand-outs had before
        clash.parent.mkdir(exist_ok=True)
        shutil.copy(handout, clash)
        upload(page, clash, clash=True)  # a game notebook's name: the overwrite dialog
        upload(page, handout)  # the hand-out's own name: no dialog
        listed = page.evaluate(FILES_JS)
        assert {f"{GAME}.ipynb", handout.name} <= set(listed), listed
        open_listed(page, handout.name)
        page.evaluate(
            RUN_JS,
            [  # exercise 8 answered and checked before the setup cell has ever run
                [f"answer-{RIGHT}", f'answer_{RIGHT} = "{right}"'],
                [f"feedback-{RIGHT}", None],
                ["setup", None],
                [
                    f"answer-{WRONG}",
                    f"answer_{WRONG} = Fraction({wrong.numerator}, {wrong.denominator})",
                ],
                [f"feedback-{WRONG}", None],
            ],
        )
        outputs = page.evaluate(OUTPUTS_JS)
        said_right, said_wrong = outputs[f"feedback-{RIGHT}"], outputs[f"feedback-{WRONG}"]
        assert "right!" in text_of(said_right), said_right
        assert "not right yet" in text_of(said_wrong), said_wrong
        assert said_right[0]["metadata"]["nekolib"] == {"check": f"answer_{RIGHT}", "attempts": 1}
        assert said_wrong[0]["metadata"]["nekolib"]["attempts"] == 1
        assert not any(o.get("output_type") == "error" for v in outputs.values() for o in v)
        probe = (  # one right/wrong digest in the browser: PBKDF2 in Python (no OpenSSL)
            "import hashlib, time\nfrom nekolib.classroom.graded import keyed_digest\n"
            "t = time.perf_counter(); keyed_digest('00' * 16, '1/3')\n"
            "print(hasattr(hashlib, 'pbkdf2_hmac'), round(time.perf_counter() - t, 3))"
        )
        openssl, seconds = page.evaluate(EXECUTE_JS, probe).split()
        lite_times["graded_check_s"] = float(seconds)
        assert openssl == "False" and float(seconds) < 10, (openssl, seconds)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate(
            """async (id) => { const nb = window.jupyterapp.shell.currentWidget.content;
                 const i = nb.widgets.findIndex((w) => w.model.id === id);
                 nb.activeCellIndex = i; await nb.scrollToItem(i, 'start'); }""",
            f"exercise-{RIGHT}",
        )
        page.wait_for_timeout(1500)
        page.screenshot(path=str(SCREENSHOTS / "lite_graded_handout.png"))
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_timeout(1000)
        with page.expect_download() as download:
            page.evaluate("() => window.jupyterapp.commands.execute('docmanager:download')")
        handed_in = workdir / "handed_in" / STUDENT / handout.name
        handed_in.parent.mkdir(parents=True, exist_ok=True)
        download.value.save_as(handed_in)
    nb = nbformat.read(handed_in, 4)
    assert nb.metadata["nekolib"]["student"] == STUDENT and nb.metadata["nekolib"]["game"] == GAME
    cells = {c.get("id"): c for c in nb.cells}
    assert cells[f"answer-{RIGHT}"].source == f'answer_{RIGHT} = "{right}"'
    saved = cells[f"feedback-{RIGHT}"].outputs[0]
    assert saved["metadata"]["nekolib"]["attempts"] == 1 and "right!" in text_of([saved])
    if os.environ.get("NEKOLIB_LITE_HANDIN"):
        target = Path(os.environ["NEKOLIB_LITE_HANDIN"]) / STUDENT / handout.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(handed_in, target)


def test_the_graded_site_has_no_bank_and_still_checks(graded_site, lite_browser, handout):
    answer = graded_variants(GAME, SECRET, STUDENT)[RIGHT - 1].answer
    with serve(graded_site) as base, cold_page(lite_browser) as page:
        page.goto(f"{base}/lab/index.html", wait_until="load", timeout=120_000)
        page.wait_for_function(f"() => ({FILES_JS})().includes('README.md')", timeout=120_000)
        assert page.evaluate(FILES_JS) == ["README.md"]  # no game notebook
        upload(page, handout)
        open_listed(page, handout.name)
        page.evaluate(
            RUN_JS,
            [[f"answer-{RIGHT}", f'answer_{RIGHT} = "{answer}"'], [f"feedback-{RIGHT}", None]],
        )
        assert "right!" in text_of(page.evaluate(OUTPUTS_JS)[f"feedback-{RIGHT}"])
        probe = (
            "import importlib.util, nekolib.classroom as c\n"
            "print(sorted(c.all_exercises()), importlib.util.find_spec('nekolib.neko_in'))"
        )
        assert page.evaluate(EXECUTE_JS, probe).strip() == "[] None"


pytestmark = pytest.mark.browser
