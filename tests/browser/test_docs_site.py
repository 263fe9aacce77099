"""The documentation site (``make docs``) in a real Chromium, served on loopback.

* The site is built here by Sphinx from ``.venv-docs`` (``make docs-venv``) into a
  temporary folder, warnings as errors, and its internal links are checked
  (``tools/check_site_links.py``).
* A game page shows its board picture (the notebook's stored output, no kernel); the API
  page of ``nekolib.neko_in.rules`` lists ``new_game`` with its docstring.
* "Play in your browser" opens the notebook in the JupyterLite site placed under the site
  (``lite/_output``, which ``make test-browser`` builds first with ``make lite``), where
  the board, once the cells up to it have run, answers a click.
* Screenshots of the front page, a game page and an API page go to ``figures/screenshots/``.
"""

from __future__ import annotations

import functools
import http.server
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from _nekobrowser import CHROMIUM_ARGS, LAB_GAME, ROOT, SCREENSHOTS, SNAPSHOT_JS, FrameMeter
from _nekobrowser import play_decisions as play_decisions_on

DOCS_PYTHON = ROOT / ".venv-docs" / "bin" / "python"
LITE_OUTPUT = ROOT / "lite" / "_output"
sys.path.insert(0, str(ROOT / "tools"))


def _unavailable(reason: str) -> None:
    if os.environ.get("NEKOLIB_BROWSER_REQUIRED") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def docs_site(workdir, chromium_path) -> Path:
    probe = [str(DOCS_PYTHON), "-c", "import sphinx, myst_nb, furo"]
    if not DOCS_PYTHON.is_file() or subprocess.run(probe, capture_output=True).returncode:
        _unavailable(f"no Sphinx in {DOCS_PYTHON}: run `make docs-venv`")
    out = workdir / "docs-site"
    argv = ["-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "docs", str(out)]
    proc = subprocess.run(
        [str(DOCS_PYTHON), *argv], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-4000:]
    from check_site_links import broken_links

    assert broken_links(out) == []
    return out


@pytest.fixture(scope="module")
def site_server(docs_site):
    handler = functools.partial(_Quiet, directory=str(docs_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the stdlib's own class attribute, extended
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def site_page(playwright_session, chromium_path):
    browser = playwright_session.chromium.launch(
        executable_path=chromium_path,
        headless=True,
        # no host name resolves except loopback: nothing can leave the machine
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
    )
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        yield page
    finally:
        browser.close()


def shoot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"site_{name}.png"
    page.screenshot(path=str(path), animations="disabled")
    return path


def test_front_page_links_each_audience_and_game(site_server, site_page):
    site_page.goto(f"{site_server}/index.html")
    links = site_page.eval_on_selector_all(
        "article a.reference.internal", "as => as.map(a => a.getAttribute('href'))"
    )
    for target in ("learners.html", "teachers.html", "designers.html", "contributors.html"):
        assert target in links, links
    assert "games/neko_boss.html" in links, links
    shoot(site_page, "front")


def test_a_game_page_shows_its_board_picture(site_server, site_page):
    site_page.goto(f"{site_server}/games/neko_boss.html")
    boards = site_page.locator("article img.nekolib-picture-img")
    assert boards.count() >= 1
    board = boards.first
    board.scroll_into_view_if_needed()
    drawn = board.evaluate("i => i.complete && i.naturalWidth > 200 && i.alt.length > 10")
    assert drawn, board.get_attribute("alt")
    assert "Neko Boss" in board.get_attribute("alt") or "stack" in board.get_attribute("alt")
    assert site_page.locator(".play-in-browser").count() == 1
    board.evaluate("i => i.scrollIntoView({block: 'center'})")
    shoot(site_page, "game_neko_boss")


def test_the_rules_api_page_lists_new_game_with_its_docstring(site_server, site_page):
    from nekolib.neko_in import rules

    site_page.goto(f"{site_server}/api/neko_in.html")
    entry = site_page.locator('dt[id="nekolib.neko_in.rules.new_game"]')
    assert entry.count() == 1
    body = entry.locator("xpath=following-sibling::dd[1]").inner_text()
    first_line = rules.new_game.__doc__.strip().splitlines()[0]
    assert first_line.split("``")[0].strip()[:40] in body, (first_line, body[:300])
    entry.scroll_into_view_if_needed()
    shoot(site_page, "api_neko_in_rules")


def test_play_in_your_browser_opens_the_notebook_in_lite_where_a_board_answers_a_click(
    site_server, site_page, docs_site
):
    if not (docs_site / "lite" / "index.html").is_file():
        _unavailable("no JupyterLite site under the docs site: run `make lite`, then the test")
    from test_lite import KERNEL_IDLE_JS, RESET_JS, STEP_TO_BOARD_JS

    site_page.goto(f"{site_server}/games/neko_in.html")
    link = site_page.locator("a.play-in-browser")
    assert link.get_attribute("href").endswith("lite/lab/index.html?path=neko_in.ipynb")
    link.click()
    site_page.wait_for_url("**/lite/lab/index.html?path=neko_in.ipynb", timeout=60_000)
    site_page.wait_for_function(KERNEL_IDLE_JS, timeout=300_000, polling=200)
    site_page.evaluate(RESET_JS)  # no stored picture counts: the board is drawn here
    assert site_page.evaluate(STEP_TO_BOARD_JS) >= 0, "no cell drew a board"
    game = site_page.locator(LAB_GAME).first
    game.scroll_into_view_if_needed()
    snap = site_page.evaluate(SNAPSHOT_JS, LAB_GAME)
    meter = FrameMeter(site_page)
    played = play_decisions_on(site_page, LAB_GAME, 1, random.Random("docs"), meter, snap)
    assert played.clicked and played.board_changed, played.clicked
