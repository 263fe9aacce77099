"""The SVG string type every picture is: Jupyter shows it as an ``<img>`` with alt text.

The bottom of the house, next to :mod:`nekolib.core` (whose states return one from
``_repr_mimebundle_``) and below the drawing kit :mod:`nekolib.picture`, which re-exports
these names. Only the standard library is used.
"""

from __future__ import annotations

from html import escape
from typing import Any

__all__ = ["SVG", "img_html", "svg_label"]


class SVG(str):
    """An SVG document as a ``str``; Jupyter shows it as a picture with alt text.

    Jupyter draws an ``image/svg+xml`` output as an ``<img>`` with no ``alt`` (axe:
    image-alt, critical), so the bundle leads with ``text/html``: the same picture as an
    ``<img>`` whose ``alt`` is the picture's ``aria-label`` (:func:`img_html`). Readers
    that show no HTML still get ``image/svg+xml``.
    """

    def _repr_svg_(self) -> str:
        return str(self)

    def alt_text(self) -> str:
        """The picture's ``aria-label`` (what its ``alt`` says), else ``"picture"``."""
        return svg_label(self) or "picture"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": img_html(self, self.alt_text()), "image/svg+xml": str(self)}

    def __repr__(self) -> str:
        return f"<SVG picture, {len(self)} characters>"


def svg_label(svg: str) -> str:
    """The ``aria-label`` of the outermost ``<svg>`` of ``svg`` (unescaped), else ``""``."""
    import re
    from html import unescape

    start = svg.find("<svg")
    end = svg.find(">", start)
    if start < 0 or end < 0:
        return ""
    found = re.search(r'\saria-label="([^"]*)"', svg[start:end])
    return unescape(found.group(1)) if found else ""


def img_html(svg: str, alt: str) -> str:
    """``svg`` as an HTML ``<img>`` with ``alt`` text (a data URI: nothing is fetched),
    never wider than its output area."""
    import base64

    data = base64.b64encode(str(svg).encode("utf-8")).decode("ascii")
    return (
        f'<img class="nekolib-picture-img" src="data:image/svg+xml;base64,{data}" '
        f'alt="{escape(alt, quote=True)}" '
        'style="max-width: 100%; height: auto;">'
    )
