"""Ask for a hint in each game, in real Chromium (Voila): the move lights up, the text has odds.

For every game notebook the test opens the app, presses "Hint" on a game whose first
decision is a human's, and checks three things a learner sees:

* the hinted move is highlighted: an ``nk-hint`` element of the picture, or (for a move
  with no place on the picture) a ``nekolib-hinted`` button;
* the hint text is an exact number: a fraction ``p/q`` (Neko-in, Manekinecollection,
  Indovina Gatto), or win/draw/loss with best play (Neko Boss, on the notebook's
  after-placement game, where the solver is exact);
* pressing "Hint" does not play the move (the move log is unchanged);
* under the hint, "How is this computed?" opens (a click on its summary) and shows the
  model and the working of the number the hint states (the same ``p/q`` or win/draw/loss).

A game whose first human decision has no number to give (nothing to compare) is played on
by clicking the picture, up to ``MAX_DECISIONS`` decisions, until a hint carries one.
Screenshots of the hinted boards go to ``figures/screenshots/hint-<game>.png``.
"""

from __future__ import annotations

import random
import re

import pytest
from _nekobrowser import (
    QUIET_JS,
    SCREENSHOTS,
    SNAPSHOT_JS,
    click_once,
    game_notebooks,
    widget_screenshot,
)
from test_click_to_play import open_in_voila

MAX_DECISIONS = 12
FRACTION = re.compile(r"(?<![\d.])\d+/\d+(?![\d.])")
WIN_DRAW_LOSS = re.compile(r"\b(win|draw|loss|lose)s?\b", re.IGNORECASE)

HINT_JS = """(sel) => {
  const root = document.querySelector(sel);
  const text = root.querySelector('.nekolib-hint-text');
  return {
    text: text ? text.innerText.trim() : '',
    lit: [...root.querySelectorAll('.nekolib-board-view .nk-hint')].map(e => e.id),
    buttons: [...root.querySelectorAll('.nekolib-free-action.nekolib-hinted')]
        .map(b => b.textContent.trim()),
  };
}"""

WORKING_JS = """(sel) => {
  const d = document.querySelector(sel).querySelector('details.nekolib-working');
  if (!d) return null;
  const box = d.getBoundingClientRect();
  return {open: d.open, text: d.innerText, width: box.width};
}"""


def _game_root(name: str) -> str:
    """The widget to ask: Neko Boss's second game starts after placement (exact solver)."""
    return ".nekolib-game >> nth=1" if name == "neko_boss" else ".nekolib-game >> nth=0"


def _expected(name: str) -> re.Pattern[str]:
    return WIN_DRAW_LOSS if name == "neko_boss" else FRACTION


def _ask_hint(page, game, selector: str) -> dict:
    game.locator(".nekolib-hint").first.click()
    page.wait_for_function(
        """(sel) => { const t = document.querySelector(sel).querySelector('.nekolib-hint-text');
                     return t && t.innerText.trim().length > 0 &&
                            !t.classList.contains('nekolib-hint-partial'); }""",  # the final hint
        arg=selector,
        timeout=120_000,
    )
    page.evaluate(QUIET_JS, 400)
    return page.evaluate(HINT_JS, selector)


def _check_working(page, game, selector: str, hint: str, pattern: re.Pattern[str]) -> None:
    """The expander is closed, opens on a click and shows the model and the hint's number."""
    closed = page.evaluate(WORKING_JS, selector)
    assert closed is not None, f"no 'How is this computed?' under the hint: {hint}"
    assert not closed["open"]
    game.locator("details.nekolib-working > summary").first.click()
    page.evaluate(QUIET_JS, 200)
    opened = page.evaluate(WORKING_JS, selector)
    assert opened["open"] and "Model:" in opened["text"], opened
    stated = {m.lower() for m in pattern.findall(hint)}
    shown = {m.lower() for m in pattern.findall(opened["text"])}
    assert stated & shown, f"the working shows none of the hint's numbers {stated}: {opened}"


@pytest.mark.parametrize("notebook", game_notebooks(), ids=lambda p: p.stem)
def test_a_hint_lights_its_move_and_gives_exact_odds(notebook, voila, page):
    name = notebook.stem
    open_in_voila(page, voila, notebook)
    game = page.locator(_game_root(name))
    game.scroll_into_view_if_needed()
    index = 1 if name == "neko_boss" else 0
    selector = f"#{game.evaluate('(e, i) => e.id || (e.id = `nk-game-${i}`)', index)}"
    rng = random.Random(f"hint/{name}")
    pattern = _expected(name)
    seen: list[str] = []
    for _ in range(MAX_DECISIONS):
        before = page.evaluate(SNAPSHOT_JS, selector)
        hint = _ask_hint(page, game, selector)
        seen.append(hint["text"])
        after = page.evaluate(SNAPSHOT_JS, selector)
        assert after["log"] == before["log"], "asking for a hint played a move"
        assert hint["lit"] or hint["buttons"], f"the hinted move is not highlighted: {hint}"
        if pattern.search(hint["text"]):
            break
        click_once(page, selector, rng, after)  # no number here: play on and ask again
        page.evaluate(QUIET_JS, 400)
    else:
        pytest.fail(f"{name}: no hint gave an exact number ({pattern.pattern}): {seen}")
    _check_working(page, game, selector, hint["text"], pattern)
    widget_screenshot(page, game, selector, SCREENSHOTS / f"hint-{name}.png")
    print(f"\n{name} hint: {hint['text']} (lit: {hint['lit'] or hint['buttons']})")
    assert not page.js_errors, page.js_errors[:3]
