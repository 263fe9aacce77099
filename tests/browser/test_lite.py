"""The JupyterLite site in real Chromium: built from the checkout, served on loopback, offline.

* The site is built by ``tools/build_lite.py`` (the interpreter of ``.venv-lite``, which
  ``make lite`` creates; ``NEKOLIB_LITE_PYTHON`` overrides it) into the session's temp dir,
  in under 3 minutes and under 100 MB.
* A static server on 127.0.0.1 (started and stopped here) serves it; every page is a cold
  load in a fresh browser context (no cache, no service worker). Chromium resolves no host
  name but 127.0.0.1, every request is recorded and none may leave 127.0.0.1.
* Each game notebook, 3 cold loads: seconds from navigation to the kernel Idle and to the
  first board drawn (cells run one by one); the median of the 3 must be under 30 s here (a
  hang bound; issue 32's 10 s goal is ``bench/bench_lite_first_board.py``). On the third
  load the rest of the notebook runs: no error output, the chart cells show the committed
  picture (matplotlib is missing in Pyodide) with the reason, one move is played by clicking
  the picture, and one exercise answer (computed here, in CPython) is
  checked with ``practice(...)`` in the browser's kernel.
* Times (each load, the medians, each click to the picture redrawn, the load average) are
  printed in the summary and written to ``figures/screenshots/lite_times.json`` (not
  committed; docs/lite.md quotes them).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import random
import re
import shutil
import subprocess
import threading
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

import pytest
from _nekobrowser import (
    CHROMIUM_ARGS,
    LAB_GAME,
    QUIET_JS,
    ROOT,
    SCREENSHOTS,
    SNAPSHOT_JS,
    FrameMeter,
    play_decisions,
    play_lit,
)

BUILD_SECONDS_MAX = 180
SITE_MB_MAX = 100
COLD_LOADS = 3
FIRST_BOARD_S_MAX = float(os.environ.get("NEKOLIB_LITE_FIRST_BOARD_S", "30"))
"""A hang bound, not the speed goal: issue 32's goal (first board under 10 s, median of 3 cold
loads, on a machine doing nothing else) is ``bench/bench_lite_first_board.py``, which runs this
test with ``NEKOLIB_LITE_FIRST_BOARD_S=10``. Start-up scales with the CPU share the browser
gets: a CI run (the suite after two others, load average 2.0-3.8) measured 10.54 s for Indovina
Gatto, where an idle machine measures 5.7-6.4 s (docs/lite.md)."""
LITE_PYTHON = Path(os.environ.get("NEKOLIB_LITE_PYTHON", ROOT / ".venv-lite" / "bin" / "python"))


def _unavailable(reason: str) -> None:
    if os.environ.get("NEKOLIB_BROWSER_REQUIRED") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


# --------------------------------------------------------------------------- site + server
@pytest.fixture(scope="module")
def lite_site(workdir, chromium_path, lite_times) -> Path:
    probe = [str(LITE_PYTHON), "-c", "import jupyterlite_core, jupyterlite_pyodide_kernel"]
    if not LITE_PYTHON.is_file() or subprocess.run(probe, capture_output=True).returncode:
        _unavailable(f"no JupyterLite build tools in {LITE_PYTHON}: run `make lite-venv`")
    if shutil.which("node") is None:
        _unavailable("the site build needs Node.js (apt-get install nodejs): it is not installed")
    out = workdir / "lite-site"
    start = time.monotonic()
    proc = subprocess.run(
        [str(LITE_PYTHON), str(ROOT / "tools" / "build_lite.py"), "--output", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    seconds = time.monotonic() - start
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-4000:]
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 1e6
    lite_times["build_seconds"] = round(seconds, 1)
    lite_times["site_mb"] = round(size, 1)
    assert seconds < BUILD_SECONDS_MAX, f"the site took {seconds:.0f} s to build"
    assert size < SITE_MB_MAX, f"the site is {size:.1f} MB"
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the stdlib's own class attribute, extended
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format, *args):
        self.server.requests.append(urllib.parse.unquote(urllib.parse.urlsplit(self.path).path))


@dataclass
class LiteServer:
    base: str
    root: Path
    requests: list[str]

    def served_mb(self, since: int = 0) -> float:
        """Megabytes of the site's files served since request number ``since``."""
        files = (self.root / p.lstrip("/") for p in self.requests[since:])
        return sum(f.stat().st_size for f in files if f.is_file()) / 1e6


@pytest.fixture(scope="module")
def lite_server(lite_site):
    handler = functools.partial(_Handler, directory=str(lite_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.requests = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield LiteServer(f"http://127.0.0.1:{server.server_address[1]}", lite_site, server.requests)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def lite_browser(playwright_session, chromium_path):
    browser = playwright_session.chromium.launch(
        executable_path=chromium_path,
        headless=True,
        # no host name resolves except loopback: nothing can leave the machine
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
    )
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="session")
def lite_times(request):
    times: dict = {"notebooks": {}}
    request.config._nekolib_lite = times  # printed by conftest's terminal summary
    yield times
    if times["notebooks"]:
        with contextlib.suppress(OSError):
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            (SCREENSHOTS / "lite_times.json").write_text(json.dumps(times, indent=1) + "\n")


@contextlib.contextmanager
def cold_page(browser, **options):
    """A fresh context (empty cache, no service worker yet); every request URL is kept.
    ``options`` go to ``new_context`` (a phone's viewport, touch...)."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 1000}, **options})
    seen: list[str] = []
    outside: list[str] = []

    def guard(route):
        url = route.request.url
        if url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.on("request", lambda r: seen.append(r.url))
    context.route("**/*", guard)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors, page.seen, page.outside = errors, seen, outside
    try:
        yield page
    finally:
        context.close()


def assert_stayed_on_loopback(page) -> None:
    left = [u for u in page.seen if not u.startswith(("http://127.0.0.1:", "data:", "blob:"))]
    assert not left and not page.outside, (left + page.outside)[:5]
    assert len(page.seen) > 20, "no requests were recorded"


# --------------------------------------------------------------------------- page helpers
KERNEL_IDLE_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const s = w && w.sessionContext;
  const k = s && s.session && s.session.kernel;
  if (!k || k.status !== 'idle') return false;
  const bar = document.querySelector('#jp-main-statusbar');
  return !bar || /Idle/.test(bar.innerText);
}"""

CELLS_JS = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  const out = [];
  for (const cell of nb.content.model.cells) {
    if (cell.type !== 'code') continue;
    out.push({count: cell.executionCount, source: cell.sharedModel.getSource(),
              outputs: cell.outputs.toJSON()});
  }
  const busy = [...nb.node.querySelectorAll('.jp-InputPrompt')]
      .filter(p => p.innerText.includes('*')).length;
  return {cells: out, kernel: nb.sessionContext.session.kernel.status, busy_prompts: busy};
}"""

RESET_JS = """async () => {
  await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');
  for (const cell of window.jupyterapp.shell.currentWidget.content.model.cells)
    if (cell.type === 'code') cell.executionCount = null;
}"""

STEP_TO_BOARD_JS = """async () => {
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget.content;
  const board = (cell) => cell.node.querySelector('.nekolib-board-view svg');
  for (let i = 0; i < nb.widgets.length; i++) {
    nb.activeCellIndex = i;
    await app.commands.execute('notebook:run-cell');
    const cell = nb.widgets[i];
    if (cell.model.type !== 'code') continue;
    const views = cell.model.outputs.toJSON()
        .filter(o => o.data && o.data['application/vnd.jupyter.widget-view+json']);
    for (let t = 0; views.length && t < 600; t++) {   // a widget: is it a board? (60 s)
      if (board(cell)) return i;
      if (t > 100 && !cell.node.querySelector('.nekolib-game')) break;
      await new Promise(r => setTimeout(r, 100));
    }
  }
  return -1;
}"""

EXECUTE_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  const texts = [];
  future.onIOPub = (msg) => {
    const c = msg.content;
    if (c.text) texts.push(c.text);
    if (c.data && c.data['text/plain']) texts.push(c.data['text/plain']);
    if (c.ename) texts.push('ERROR ' + c.ename + ': ' + c.evalue);
  };
  await future.done;
  return texts.join('');
}"""


def open_notebook(page, base: str, name: str) -> dict:
    """Cold load of ``name``: seconds to the kernel Idle; then, outputs and execution counts
    cleared, the cells are run one by one (Shift+Enter) up to the first board: seconds to it
    drawn. Both from navigation. (Under Run All a board draws only once the kernel is free,
    that is after the last cell: the widget asks the kernel for its state.)"""
    start = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={name}", wait_until="load", timeout=120_000)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=180_000, polling=100)
    kernel = time.monotonic() - start
    page.evaluate(RESET_JS)
    page.wait_for_function(
        "() => !document.querySelector('.jp-Notebook .nekolib-board-view')", timeout=30_000
    )
    index = page.evaluate(STEP_TO_BOARD_JS)
    assert index >= 0, "no cell drew a board"
    board = time.monotonic() - start
    return {"kernel_idle_s": round(kernel, 2), "first_board_s": round(board, 2), "cell": index}


def run_the_rest(page, index: int) -> None:
    """Run All Below from the cell after the first board."""
    page.evaluate(
        """async (i) => { const nb = window.jupyterapp.shell.currentWidget.content;
             if (i + 1 >= nb.widgets.length) return;
             nb.activeCellIndex = i + 1;
             await window.jupyterapp.commands.execute('notebook:run-all-below'); }""",
        index,
    )


def wait_all_cells(page, timeout: float = 900) -> dict:
    """Every code cell has run (``open_notebook`` emptied the execution counts first)."""
    deadline = time.monotonic() + timeout
    while True:
        state = page.evaluate(CELLS_JS)
        pending = [c["source"][:60] for c in state["cells"] if c["count"] is None]
        if not pending and state["kernel"] == "idle" and not state["busy_prompts"]:
            return state
        assert time.monotonic() < deadline, f"cells not run after {timeout:.0f} s: {pending[:3]}"
        time.sleep(1)


def answer_text(answer) -> str:
    return ", ".join(sorted(answer)) if isinstance(answer, (set, frozenset)) else str(answer)


def site_notebooks() -> list[str]:
    """The four game notebooks (each shows a GameWidget)."""
    from nekolib import game_packages

    return [f"{g}.ipynb" for g in game_packages() if (ROOT / "notebooks" / f"{g}.ipynb").is_file()]


# --------------------------------------------------------------------------- tests
def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def check_the_whole_notebook(page, notebook: str, times: dict) -> str:
    """Run the rest of the notebook and check it (errors, charts, a click, an exercise)."""
    from nekolib.classroom import exercise

    key = re.search(r'practice\(\\?"([\w.]+)', (ROOT / "notebooks" / notebook).read_text())[1]
    answer = answer_text(exercise(key).demo_variant().answer)  # computed here, in CPython
    meter = FrameMeter(page)
    start = time.monotonic()
    run_the_rest(page, times.pop("cell"))
    state = wait_all_cells(page)
    times["run_all_s"] = round(time.monotonic() - start + times["first_board_s"], 1)
    # the wheels' and the standard library's bytecode was compiled at build time, by
    # Pyodide's own CPython (a stdlib module from the zip comes from its .pyc)
    precompiled = page.evaluate(
        EXECUTE_JS,
        "import os, sympy, nekolib, json, asyncio\nprint(sympy.__file__.endswith('.pyc'),"
        " os.path.isfile(nekolib.__cached__), json.__file__.endswith('.zip/json/__init__.pyc'),"
        " asyncio.__spec__.origin.endswith('.pyc'))",
    )
    assert precompiled.strip() == "True True True True", precompiled

    errors, notes, images = [], 0, 0
    for cell in state["cells"]:
        for out in cell["outputs"]:
            if out["output_type"] == "error":
                errors.append(f"{out['ename']}: {out['evalue']} in {cell['source'][:80]!r}")
            if out["output_type"] == "stream" and out["name"] == "stderr":
                text = "".join(out["text"]) if isinstance(out["text"], list) else out["text"]
                if "Traceback" in text or "Error" in text:
                    errors.append(f"stderr: {text[:200]} in {cell['source'][:80]!r}")
        data = [o.get("data", {}) for o in cell["outputs"]]
        said = any("matplotlib is not installed" in str(d.get("text/markdown")) for d in data)
        notes += said
        images += said and any(len(d.get("image/png", "")) > 1000 for d in data)
    assert not errors, errors
    assert notes >= 1 and images == notes, f"{notes} chart notes, {images} with a picture"
    shown = page.evaluate(
        """() => [...document.querySelectorAll(
             '.jp-Notebook .jp-RenderedImage img, .jp-Notebook .jp-RenderedHTMLCommon img')]
             .map(i => i.complete && i.naturalWidth > 100)"""
    )
    assert shown and all(shown), f"chart pictures drawn: {shown}"

    page.locator(LAB_GAME).first.scroll_into_view_if_needed()
    page.evaluate(QUIET_JS, 500)
    snap = page.evaluate(SNAPSHOT_JS, LAB_GAME)
    rng = random.Random(f"lite/{notebook}")
    played = play_decisions(page, LAB_GAME, 1, rng, meter, snap)
    assert played.clicked and played.board_changed, played.clicked
    assert len(played.snapshots[-1]["log"]) > len(snap["log"]) or played.clicked[0].startswith(
        "ready"
    ), "the click played no move"
    times["click_ms"] = [round(x, 1) for x in played.pictures]

    said = page.evaluate(
        EXECUTE_JS,
        "from nekolib.classroom import practice\n"
        f"print(practice({key!r})({answer!r}).right, practice({key!r})('0').right)",
    )
    assert said.strip() == "True False", said
    return f"{key} = {answer}"


@pytest.mark.parametrize("notebook", site_notebooks(), ids=lambda n: n.removesuffix(".ipynb"))
def test_each_game_notebook_draws_its_first_board_cold_and_runs_in_the_lite_site(
    notebook, lite_server, lite_browser, lite_times
):
    loads, checked = [], ""
    for round_ in range(COLD_LOADS):
        with cold_page(lite_browser) as page:
            before = len(lite_server.requests)
            times = open_notebook(page, lite_server.base, notebook)
            times["served_mb"] = round(lite_server.served_mb(before), 1)
            times["load_average_1_min"] = round(os.getloadavg()[0], 1)
            if round_ == COLD_LOADS - 1:  # the last load goes on through the whole notebook
                checked = check_the_whole_notebook(page, notebook, times)
            times.pop("cell", None)
            assert not page.js_errors, page.js_errors[:3]
            assert_stayed_on_loopback(page)
            loads.append(times)
    result = {
        "median_kernel_idle_s": median([x["kernel_idle_s"] for x in loads]),
        "median_first_board_s": median([x["first_board_s"] for x in loads]),
        "loads": loads,
    }
    lite_times["notebooks"][notebook] = result
    print(f"\n{notebook} in JupyterLite, {COLD_LOADS} cold loads: {result}; checked {checked}")
    assert result["median_first_board_s"] < FIRST_BOARD_S_MAX, (
        f"{notebook}: first board drawn after {result['median_first_board_s']} s "
        f"(median of {COLD_LOADS} cold loads; load average {os.getloadavg()[0]:.1f})",
        loads,
    )


NEKO_BOSS_FULL_BOARD = ".jp-Notebook .nekolib-game >> nth=2"
HINT_TEXT_JS = """(sel) => {
  const t = document.querySelector(sel).querySelector('.nekolib-hint-text');
  return t ? {text: t.innerText.trim(), partial: t.classList.contains('nekolib-hint-partial')}
           : {text: '', partial: false}; }"""


def _lite_hint(page, game, selector: str) -> tuple[dict, float]:
    """Press Hint and wait for the final hint (no first-look class); seconds it took."""
    start = time.monotonic()
    game.locator(".nekolib-hint").first.click()
    page.wait_for_function(
        f"(sel) => {{ const h = ({HINT_TEXT_JS})(sel); return h.text && !h.partial; }}",
        arg=selector,
        timeout=120_000,
    )
    return page.evaluate(HINT_TEXT_JS, selector), time.monotonic() - start


def test_neko_boss_full_board_hint_in_the_lite_site(lite_server, lite_browser):
    """Issue 29 in the browser (no numba, no threads): on the notebook's full-board game the
    Hint is exact at once from the hint book, at the start and after a move; a new seed's
    full board gets the quick look-ahead, final and saying it is not exact and why."""
    with cold_page(lite_browser) as page:
        times = open_notebook(page, lite_server.base, "neko_boss.ipynb")
        run_the_rest(page, times.pop("cell"))
        wait_all_cells(page)
        game = page.locator(NEKO_BOSS_FULL_BOARD)
        game.scroll_into_view_if_needed()
        selector = f"#{game.evaluate('(e) => e.id || (e.id = `nk-lite-full-board`)')}"
        seen = []
        for step in range(2):  # the start, then after the hinted move and Blue's reply
            hint, seconds = _lite_hint(page, game, selector)
            seen.append(f"{seconds:.2f} s: {hint['text']}")
            assert "with best play" in hint["text"] and "hint book" in hint["text"], hint
            assert "the best alternative, " in hint["text"], hint
            lit = page.evaluate(
                "(sel) => [...document.querySelector(sel).querySelectorAll('.nk-hint')]"
                ".map(e => e.id)",
                selector,
            )
            assert lit, "the hinted move is not lit"
            game.scroll_into_view_if_needed()
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            game.screenshot(path=str(SCREENSHOTS / "lite-neko_boss-hint-book.png"))
            if step:
                break
            before = page.evaluate(SNAPSHOT_JS, selector)["log"]
            play_lit(page, selector, lit)
            for _ in range(60):
                if len(page.evaluate(SNAPSHOT_JS, selector)["log"]) > len(before):
                    break
                page.evaluate(QUIET_JS, 500)
        box = game.locator(".widget-inline-hbox input[type=number]").first
        box.fill("101")
        box.press("Enter")
        game.locator(".nekolib-new").first.click()
        page.evaluate(QUIET_JS, 800)
        hint, seconds = _lite_hint(page, game, selector)
        seen.append(f"{seconds:.2f} s: {hint['text']}")
        assert "quick look-ahead" in hint["text"] and "not exact" in hint["text"], hint
        assert "hint book" in hint["text"] and "with best play" not in hint["text"], hint
        game.screenshot(path=str(SCREENSHOTS / "lite-neko_boss-look-ahead.png"))
        assert not page.js_errors, page.js_errors[:3]
        assert_stayed_on_loopback(page)
    print("\nNeko Boss hints in the Lite site:\n" + "\n".join(seen))


@pytest.mark.parametrize("notebook", site_notebooks(), ids=lambda n: n.removesuffix(".ipynb"))
def test_no_serious_or_critical_axe_violation_in_the_lite_site(notebook, lite_server, lite_browser):
    """axe-core (npm, injected from node_modules) on each game notebook in the Lite site with
    its first board drawn: no serious or critical violation in the project's elements (the
    game widget, the notebook's outputs); JupyterLab's own are printed (see test_axe.py)."""
    from test_axe import axe_available, report_and_check, run_axe, summarise

    axe_available()
    with cold_page(lite_browser) as page:
        open_notebook(page, lite_server.base, notebook)
        page.evaluate(QUIET_JS, 1000)
        rows = run_axe(page)["rows"]
    summary = summarise(rows)
    report_and_check(rows, summary, f"lite-{notebook}")
