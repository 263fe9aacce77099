"""The board's highlight and keyboard focus ring against the picture, measured in Chromium
(issue 39), with and without forced colours (a Windows contrast theme).

The board's own stylesheet (``nekolib/widgets/static/board.css``) is put in a page with a
game picture whose parts are marked as the board marks them (``nk-target``, a focus ring
over one); the computed colours are read with ``getComputedStyle`` and their contrast
against the picture's paper (``nekolib.picture.BACKGROUND``) computed here (WCAG 2.x
relative luminance). WCAG 1.4.11 asks 3:1 for both. No server is needed.
"""

from __future__ import annotations

import re

import pytest

from nekolib.neko_boss.picture import example_view, svg
from nekolib.picture import BACKGROUND, contrast_ratio
from nekolib.widgets.board import STATIC

MEASURE_JS = """() => {
  const hit = document.querySelector('.nk-target > :first-child');
  const ring = document.querySelector('.nk-focus-ring');
  const h = getComputedStyle(hit), r = getComputedStyle(ring);
  return {stroke: h.stroke, strokeWidth: h.strokeWidth, border: r.borderTopColor,
          borderWidth: r.borderTopWidth, outline: r.outlineColor,
          paper: getComputedStyle(document.querySelector('svg rect.background')).fill,
          forced: matchMedia('(forced-colors: active)').matches};
}"""


def _hex(css: str) -> str:
    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


@pytest.mark.parametrize("forced", ["none", "active"])
def test_highlight_and_focus_ring_stand_out_from_the_board(page, forced):
    picture = str(svg(example_view()))
    css = (STATIC / "board.css").read_text()
    page.emulate_media(forced_colors=forced)
    page.set_content(
        f"<html><head><style>{css}</style></head><body style='background:Canvas'>"
        f"<div class='nekolib-board-view' style='width:600px'>{picture}"
        "<div class='nk-focus-ring' style='left:10px;top:10px;width:40px;height:40px'></div>"
        "</div></body></html>"
    )
    page.evaluate("() => document.querySelector('[id^=\"stack-\"]').classList.add('nk-target')")
    got = page.evaluate(MEASURE_JS)
    assert got["forced"] == (forced == "active")
    paper = _hex(got["paper"])
    assert paper == BACKGROUND.lower(), got
    highlight = contrast_ratio(_hex(got["stroke"]), paper)
    border = contrast_ratio(_hex(got["border"]), paper)
    outline = contrast_ratio(_hex(got["outline"]), paper)
    print(
        f"\nforced-colors {forced}: highlight {got['stroke']} {highlight:.2f}:1, focus ring "
        f"{got['border']} {border:.2f}:1 (white outline {outline:.2f}:1) on {paper}"
    )
    assert highlight >= 3, got
    assert max(border, outline) >= 3, got
