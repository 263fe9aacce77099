"""Click the picture to play, in real Chromium: JupyterLab, a whole Neko Boss game, hand-over.

* JupyterLab: every game notebook is opened, run (Run All), and its first game is
  played for ``NEKOLIB_BROWSER_CLICKS`` (10) decisions by clicking highlighted SVG
  elements of the picture (buttons only for moves with no place on it).
* Voila: one Neko Boss game is clicked from the first placement to "Game over".
* Voila: Indovina Gatto's hot-seat game shows a hand-over screen whenever the device
  passes to the other player, and until "ready" is clicked no trait name is anywhere
  in that game's DOM (outside the public move log), hidden elements included.
"""

from __future__ import annotations

import os
import random
import re

import pytest
from _nekobrowser import (
    LAB_GAME,
    QUIET_JS,
    ROOT,
    SNAPSHOT_JS,
    FrameMeter,
    game_notebooks,
    play_decisions,
    run_all_in_jupyterlab,
)

CLICKS = int(os.environ.get("NEKOLIB_BROWSER_CLICKS", "10"))


def open_in_voila(page, voila, notebook) -> None:
    rel = notebook.relative_to(ROOT).as_posix()
    page.goto(voila.url(f"/voila/render/{rel}"), timeout=180_000, wait_until="load")
    page.wait_for_selector(".nekolib-game .nekolib-board-view", state="visible", timeout=120_000)
    page.evaluate(QUIET_JS, 400)


@pytest.mark.parametrize("notebook", game_notebooks(), ids=lambda p: p.stem)
def test_each_game_is_played_by_clicking_its_picture_in_jupyterlab(
    notebook, jupyterlab, page, latency_report
):
    meter = FrameMeter(page)  # before the page opens its kernel websocket
    rel = notebook.relative_to(ROOT).as_posix()
    run_all_in_jupyterlab(page, jupyterlab, rel, f"click-{notebook.stem}")
    page.locator(LAB_GAME).first.scroll_into_view_if_needed()
    page.evaluate(QUIET_JS, 500)
    rng = random.Random(f"lab/{notebook.stem}")
    clicked: list[str] = []
    for _game in range(4):  # a short game: a new one (the New game button) until 10 decisions
        snap = page.evaluate(SNAPSHOT_JS, LAB_GAME)
        played = play_decisions(page, LAB_GAME, CLICKS - len(clicked), rng, meter, snap)
        clicked += played.clicked
        latency_report.append(
            (f"lab {notebook.stem}", played.pictures, played.latencies, played.sizes)
        )
        if len(clicked) >= CLICKS:
            break
        assert "Game over" in played.snapshots[-1]["status"], played.snapshots[-1]["status"]
        page.locator(LAB_GAME).first.locator(".nekolib-new").click()
        page.evaluate(QUIET_JS, 500)
    print(f"\n{notebook.stem} in JupyterLab: {clicked}")
    assert len(clicked) >= CLICKS, clicked
    assert sum("target:" in c for c in clicked) >= 3, "the picture was hardly clicked"
    assert not page.js_errors, page.js_errors[:3]


def test_a_whole_neko_boss_game_is_clicked_to_its_end(voila, page, latency_report):
    notebook = ROOT / "notebooks" / "neko_boss.ipynb"
    meter = FrameMeter(page)
    open_in_voila(page, voila, notebook)
    root = ".nekolib-game"
    snap = page.evaluate(SNAPSHOT_JS, root)
    played = play_decisions(page, root, 200, random.Random("neko-boss-to-the-end"), meter, snap)
    final = played.snapshots[-1]
    assert "Game over" in final["status"], final["status"]
    assert all(c.startswith("target:") for c in played.clicked), "every move was a picture click"
    latency_report.append(("neko_boss full game", played.pictures, played.latencies, played.sizes))
    print(f"\nNeko Boss to the end: {len(played.clicked)} decisions, {len(final['log'])} log lines")


TRAIT_JS = """(sel) => {
  const root = document.querySelector(sel);
  const copy = root.cloneNode(true);
  copy.querySelectorAll('.nekolib-log').forEach(e => e.remove());
  return {html: copy.innerHTML, covered: !!root.querySelector('.nekolib-cover'),
          svg: !!root.querySelector('.nekolib-board-view svg')};
}"""


def test_hot_seat_hides_every_secret_until_the_next_player_is_ready(voila, page):
    from nekolib.indovina_gatto.rules import ALL_TRAITS

    notebook = ROOT / "notebooks" / "indovina_gatto.ipynb"
    open_in_voila(page, voila, notebook)
    page.wait_for_function("() => document.querySelectorAll('.nekolib-game').length >= 2")
    page.evaluate(
        "() => document.querySelectorAll('.nekolib-game')[1].classList.add('nk-hot-seat')"
    )
    root = ".nk-hot-seat"
    words = re.compile(r"\b(" + "|".join(re.escape(t) for t in ALL_TRAITS) + r")\b")
    meter = FrameMeter(page)
    rng = random.Random("hand-over")
    covers = 0
    snap = page.evaluate(SNAPSHOT_JS, root)
    for _ in range(12):
        shown = page.evaluate(TRAIT_JS, root)
        if shown["covered"]:
            covers += 1
            leaked = sorted(set(words.findall(shown["html"])))
            assert not shown["svg"] and not leaked, f"secrets behind the cover: {leaked}"
        played = play_decisions(page, root, 1, rng, meter, snap)
        snap = played.snapshots[-1]
        if shown["covered"]:
            after = page.evaluate(TRAIT_JS, root)
            assert after["svg"] and words.search(after["html"]), "ready shows the player's view"
    assert covers >= 2, f"the hand-over screen came up {covers} time(s) in 12 decisions"
