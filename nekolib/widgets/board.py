"""The one interactive board every game shares: an anywidget that shows an SVG and reports clicks.

The front end (``static/board.js``, a small ES module with no build step) draws the
picture, marks the elements listed in ``targets`` as clickable (and ``selected``,
``hint``), and sends ``{"event": "click", "id": ...}``, ``{"event": "clear"}``
(Escape) or ``{"event": "ready"}`` (hand-over screen) back. Everything else, which
elements are targets and what a click means, is decided in Python.

Keyboard and screen readers (issue 31): the board is one ``group`` named ``label``; its
targets are buttons named by ``names`` (what the part is and what a press does) with one
tab stop among them (arrow keys move a focus ring between them, Enter or Space presses,
Escape clears); after a redraw the focus goes back to the same part or the nearest one.
``text`` (the game's text picture of the same view) is under the board in a
"Position as text" disclosure, and ``announce`` is read out by a polite live region
whenever ``said`` changes (moves, dice, hints).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["BoardView"]

STATIC = Path(__file__).resolve().parent / "static"
COMPRESS_ABOVE = 24_000
"""Pictures larger than this many bytes are sent compressed."""


class BoardView(anywidget.AnyWidget):
    """Shows ``svg``; ``targets`` are clickable; ``cover`` (text) hides everything behind it.

    A picture of up to :data:`COMPRESS_ABOVE` bytes travels as text (``svg_text``, drawn
    at once); a larger one zlib-compressed as a binary buffer (``svgz``, 5-8 times
    smaller; the browser inflates it with ``DecompressionStream``, which costs a few tens
    of milliseconds in a busy page), so no click costs more than about 30 KB. ``svg`` is
    the plain text, kept in Python.
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    svg = traitlets.Unicode("")
    svg_text = traitlets.Unicode("").tag(sync=True)
    svgz = traitlets.Bytes(b"").tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    hint = traitlets.List(traitlets.Unicode()).tag(sync=True)
    cover = traitlets.Unicode("").tag(sync=True)
    names = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    """Accessible name of each target (``{id: "b2: stack of 3 cats ... - press to ..."}``)."""
    label = traitlets.Unicode("Game board").tag(sync=True)
    """The board's own accessible name (the group around the picture)."""
    text = traitlets.Unicode("").tag(sync=True)
    """The position as text (the game's text picture), shown under "Position as text"."""
    announce = traitlets.Unicode("").tag(sync=True)
    """What the live region reads out (the last moves, dice, the hint...)."""
    said = traitlets.Int(0).tag(sync=True)
    """Bumped with each announcement, so the same words can be announced twice."""
    version = traitlets.Int(0).tag(sync=True)
    """Bumped once per :meth:`show`, so the front end redraws once per change."""
    answered = traitlets.Int(0).tag(sync=True)
    """Bumped after each press is handled (a press on the board, or of a game button wired
    with ``GameWidget.on_press``): until then the front end shows "waiting for the
    kernel..." (after a moment) and takes no further press, on the board or those buttons."""
    width = traitlets.Int(0).tag(sync=True)
    """The board's width in CSS px as the front end measures it (0: not measured yet); a
    game's widget draws its narrow layout when it is small."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: dict[str, Callable[..., None]] = {}
        self.on_msg(self._receive)

    def show(
        self,
        svg: str = "",
        *,
        targets: Sequence[str] = (),
        selected: Sequence[str] = (),
        hint: Sequence[str] = (),
        cover: str = "",
        names: Mapping[str, str] | None = None,
        text: str = "",
        announce: str = "",
    ) -> None:
        """Replace what the board shows in one message (a cover hides the picture entirely).

        ``names`` gives targets their accessible names (an unnamed target is called by its
        ``<title>`` in the page), ``text`` is the position as text and ``announce`` is read
        out once by screen readers (nothing is said when it is empty).
        """
        with self.hold_sync():
            picture = "" if cover else svg
            if picture != self.svg or not (self.svgz or self.svg_text):
                self.svg = picture
                data = picture.encode("utf-8")
                big = len(data) > COMPRESS_ABOVE
                self.svgz = zlib.compress(data, 6) if big else b""
                self.svg_text = "" if big else picture
            self.targets = [] if cover else list(targets)
            self.selected = [] if cover else list(selected)
            self.hint = [] if cover else list(hint)
            self.cover = cover
            shown = set(self.targets) | set(self.selected)
            self.names = {} if cover else {k: v for k, v in (names or {}).items() if k in shown}
            self.text = "" if cover else text
            if announce:
                self.announce = announce
                self.said += 1
            self.version += 1

    def say(self, words: str) -> None:
        """Have screen readers read ``words`` out now (the live region), with no redraw."""
        if words:
            with self.hold_sync():
                self.announce = words
                self.said += 1

    def on(self, event: str, handler: Callable[..., None]) -> None:
        """``on("click", f)`` calls ``f(element_id)``; ``"clear"`` and ``"ready"`` call ``f()``."""
        self._handlers[event] = handler

    def receive(self, content: dict[str, Any]) -> None:
        """Handle one front-end message (tests call this to simulate clicks)."""
        event = content.get("event") if isinstance(content, dict) else None
        if event == "width":
            width = content.get("width")
            if isinstance(width, int | float) and not isinstance(width, bool) and width >= 0:
                self.width = int(width)
            return
        handler = self._handlers.get(str(event))
        with self.hold_sync():
            try:
                if handler is None:
                    return
                if event == "click":
                    element = content.get("id")
                    if isinstance(element, str):
                        handler(element)
                else:
                    handler()
            finally:
                self.answered += 1

    def _receive(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        self.receive(content)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None and self.svg:
            data["image/svg+xml"] = self.svg
        return bundle
