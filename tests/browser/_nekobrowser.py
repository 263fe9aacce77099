"""Paths and settings shared by the browser suite's conftest and tests."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SCREENSHOTS = ROOT / "figures" / "screenshots"
CHROMIUM = os.environ.get("NEKOLIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Playwright must never fetch a browser of its own.
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")


def game_notebooks() -> list[Path]:
    """``notebooks/*.ipynb`` whose saved outputs display a GameWidget (``nekolib-game``)."""
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        if "nekolib-game" in text or ".widget import" in text:
            found.append(path)
    return found


def refuse_save(model, path, contents_manager, **kwargs):
    """``ContentsManager.pre_save_hook`` of the test JupyterLab: it never writes a file.

    The Lab test runs the committed notebooks; an autosave must not overwrite them.
    """
    from tornado import web

    raise web.HTTPError(403, f"the browser test's JupyterLab does not save files ({path})")


SNAPSHOT_JS = """(sel) => {
  const root = document.querySelector(sel);
  const text = (sel) => { const e = root.querySelector(sel); return e ? e.innerText.trim() : ''; };
  const log = root.querySelector('.nekolib-log');
  const lines = log ? log.innerText.split('\\n').map(s => s.trim()) : [];
  const board = root.querySelector('.nekolib-board-view');
  return {
    status: text('.nekolib-status'),
    board: board ? board.innerHTML.length + ':' + board.dataset.version : '',
    log: lines.filter(s => /^\\d+\\. /.test(s)),
    buttons: [...root.querySelectorAll('.nekolib-move-select option')]
        .map(b => b.textContent.replace(/\\u00a0/g, ' ').trim()),
    free: [...root.querySelectorAll('.nekolib-free-action')].map(b => b.textContent.trim()),
    targets: [...root.querySelectorAll('.nekolib-board-view .nk-target')].map(e => e.id),
    selected: [...root.querySelectorAll('.nekolib-board-view .nk-selected')].map(e => e.id),
    covered: !!root.querySelector('.nekolib-cover'),
    has_svg: !!root.querySelector('.nekolib-board-view svg'),
  };
}"""

QUIET_JS = """(ms) => new Promise((resolve) => {
  const start = performance.now();
  let timer;
  const done = (ok) => { obs.disconnect(); clearTimeout(timer); resolve(ok); };
  const obs = new MutationObserver(() => {
    clearTimeout(timer);
    if (performance.now() - start > 30000) done(false);
    else timer = setTimeout(() => done(true), ms);
  });
  obs.observe(document.body,
              {subtree: true, childList: true, characterData: true, attributes: true});
  timer = setTimeout(() => done(true), ms);
})"""

# Armed before the mouse click: t0 = when the click event reaches the page,
# pic = when the picture was redrawn after it (the board's data-drawn stamp changed),
# t1 = when the move log changed (null for a click that only selects).
ARM_JS = """(sel) => {
  const root = document.querySelector(sel);
  const log = root.querySelector('.nekolib-log');
  const board = root.querySelector('.nekolib-board-view');
  const before = log.innerText;
  const drawn = board.dataset.drawn;
  const nk = window.__nekolib = {t0: null, pic: null, t1: null};
  document.addEventListener('click', (e) => {
    if (e.target.closest('.nk-target, .nekolib-free-action, .nekolib-ready'))
      nk.t0 = performance.now();
  }, {capture: true, once: true});
  const obs = new MutationObserver(() => {
    if (nk.t0 === null) return;
    const now = performance.now();
    if (nk.pic === null && board.dataset.drawn !== drawn) nk.pic = now;
    if (nk.t1 === null && log.innerText !== before) nk.t1 = now;
    if (nk.pic !== null && nk.t1 !== null) obs.disconnect();
  });
  obs.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def click_once(page, root: str, rng, snap, gesture: str = "click") -> str:
    """Click (or, with ``gesture="tap"``, tap) one random highlighted picture element or
    free-move button; return what."""
    onward = [t for t in snap["targets"] if t not in snap["selected"]]  # a selected one deselects
    choices = [("target", t) for t in onward] + [("free", f) for f in snap["free"]]
    if snap["covered"]:
        choices = [("ready", "ready")]
    assert choices, f"nothing to {gesture}: {snap['status']!r}"
    kind, what = choices[rng.randrange(len(choices))]
    game = page.locator(root).first
    if kind == "target":
        element = game.locator(f'.nekolib-board-view [id="{what}"]').first
    elif kind == "free":
        element = game.locator(".nekolib-free-action", has_text=what).first
    else:
        element = game.locator(".nekolib-ready")
    getattr(element, gesture)()
    return f"{kind}:{what}"


def play_lit(page, selector: str, lit: list[str]) -> None:
    """Click the lit (hinted) picture parts in the order the board takes them: each time the
    lit part that is a target now (a hint lights the source and the landing point alike),
    once the board waits for no answer (a press made meanwhile is refused, as a student's
    would be: the Hint press is answered just after its first look shows) and after the
    kernel has redrawn the board for the click before."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    game = page.locator(selector).first
    for _ in range(len(lit)):
        page.wait_for_function(  # a press made while one is unanswered would be refused
            "(sel) => { const b = document.querySelector(sel).querySelector("
            "'.nekolib-board-view'); return b && !b.dataset.waiting; }",
            arg=selector,
            timeout=60_000,
        )
        targets = page.evaluate(SNAPSHOT_JS, selector)["targets"]
        now = [e for e in lit if e in targets]
        if not now:
            return
        drawn = page.evaluate(SNAPSHOT_JS, selector)["board"]
        game.locator(f'.nekolib-board-view [id="{now[0]}"]').first.click()
        lit = [e for e in lit if e != now[0]]
        with contextlib.suppress(PlaywrightTimeout):  # the kernel's redraw, however busy it is
            page.wait_for_function(
                "([sel, drawn]) => { const b = document.querySelector(sel)"
                "  .querySelector('.nekolib-board-view');"
                "  return b && b.innerHTML.length + ':' + b.dataset.version !== drawn; }",
                arg=[selector, drawn],
                timeout=60_000,
            )
        page.evaluate(QUIET_JS, 400)


LAB_GAME = ".jp-Notebook .nekolib-game"

RUN_ALL_DONE_JS = """(sel) => { const r = document.querySelector(sel);
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')];
  return r && r.querySelector('.nekolib-board-view svg') &&
         prompts.length && !prompts.some(p => p.innerText.includes('*')); }"""


def open_in_jupyterlab(page, jupyterlab, rel: str, workspace: str) -> None:
    """Open notebook ``rel`` in JupyterLab (a fresh workspace) and wait for its kernel session."""
    page.goto(jupyterlab.url(f"/lab/workspaces/{workspace}/tree/{rel}?reset"), timeout=120_000)
    page.wait_for_selector(".jp-Notebook", state="visible", timeout=120_000)
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget &&"
        " window.jupyterapp.shell.currentWidget.sessionContext &&"
        " window.jupyterapp.shell.currentWidget.sessionContext.session",
        timeout=120_000,
    )


def run_all_in_jupyterlab(page, jupyterlab, rel: str, workspace: str) -> None:
    """Open notebook ``rel`` in JupyterLab (a fresh workspace), Run All, and wait until no
    cell is running and the first game widget has drawn its board."""
    open_in_jupyterlab(page, jupyterlab, rel, workspace)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(RUN_ALL_DONE_JS, arg=LAB_GAME, timeout=180_000)


def widget_screenshot(page, game, selector: str, path) -> None:
    """The whole game widget: Voila scrolls inside the page, so the viewport is made as
    tall as the widget for the shot (else the off-screen part comes out blank)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("(sel) => document.querySelector(sel).scrollHeight", selector)
    page.set_viewport_size({"width": size["width"], "height": min(max(height + 80, 600), 6000)})
    try:
        game.scroll_into_view_if_needed()
        game.screenshot(path=str(path), animations="disabled")
    finally:
        page.set_viewport_size(size)


class FrameMeter:
    """Bytes of websocket frames the page receives (kernel -> page messages)."""

    def __init__(self, page):
        self.received = 0
        page.on("websocket", self._watch)

    def _watch(self, ws):
        ws.on("framereceived", self._count)

    def _count(self, payload):
        self.received += len(payload) if payload else 0


@dataclass
class Played:
    """What :func:`play_decisions` did and measured."""

    snapshots: list = field(default_factory=list)
    clicked: list = field(default_factory=list)
    pictures: list = field(default_factory=list)
    latencies: list = field(default_factory=list)
    sizes: list = field(default_factory=list)
    board_changed: bool = False


def merge_log(known: dict[int, str], snap: dict) -> dict:
    """The page shows the newest log lines only: rebuild the whole log across snapshots."""
    for line in snap["log"]:
        number = int(line.split(".", 1)[0])
        known[number] = line
    assert sorted(known) == list(range(1, len(known) + 1)), "log lines were skipped"
    snap["log"] = [known[n] for n in sorted(known)]
    return snap


def snapshot(page, root, known: dict[int, str]) -> dict:
    return merge_log(known, page.evaluate(SNAPSHOT_JS, root))


def play_decisions(page, root, decisions, rng, meter, snap, on_screen=None) -> Played:
    """Play ``decisions`` decisions by clicking the picture (or a free-move button).

    One decision is a run of clicks on highlighted elements until the move log grows
    (a click path completed), or a click on "ready" of the hand-over screen. Every
    click is timed (click -> picture redrawn) and its kernel -> page bytes counted.
    """
    out = Played()
    known: dict[int, str] = {}
    snap = merge_log(known, snap)
    for _ in range(decisions):
        if not (snap["targets"] or snap["free"] or snap["covered"]):
            break
        path = []
        for _step in range(8):
            page.evaluate(ARM_JS, root)
            bytes_before = meter.received
            path.append(click_once(page, root, rng, snap))
            page.wait_for_function("window.__nekolib.pic !== null", timeout=30_000)
            timing = page.evaluate("window.__nekolib")
            out.pictures.append(timing["pic"] - timing["t0"])
            page.evaluate(QUIET_JS, 250)
            out.sizes.append(meter.received - bytes_before)
            before, snap = snap, snapshot(page, root, known)
            out.snapshots.append(snap)
            out.board_changed |= snap["board"] != before["board"]
            if len(snap["log"]) > len(before["log"]):
                out.latencies.append(page.evaluate("window.__nekolib.t1 - window.__nekolib.t0"))
                break
            if path[-1] == "ready:ready":
                assert not snap["covered"], "the hand-over screen stayed up after ready"
                break
            assert snap["selected"] or snap["covered"], (
                f"clicking {path[-1]} neither played a move nor selected anything"
            )
        out.clicked.append(" > ".join(path))
        if on_screen is not None and (snap["targets"] or snap["free"]):
            on_screen()
    return out
