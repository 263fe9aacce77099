"""Colour vision checks of the games' pictures: simulated colour blindness and text contrast.

* :func:`simulate` shows an RGB image as a person with **protanopia**, **deuteranopia**
  or **tritanopia** sees it, with the matrices of Machado, Oliveira & Fernandes (2009),
  "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG
  15(6):1291-1298, severity 1.0 (their Table 1), applied to *linear* sRGB (decode, multiply,
  clip, encode), as the authors and DaltonLens's review of simulation methods recommend.
* :func:`text_contrasts` measures, for every ``<text>`` of an SVG picture, the WCAG 2.x
  contrast ratio between its fill and what it is drawn on. The background is found by
  rendering (cairosvg): once the picture without its text, once only the text with each
  element painted in its own key colour, so the pixels of each glyph are known exactly and
  the colours under them are read from the first render. WCAG 2.1 SC 1.4.3 asks for 4.5:1.
* :func:`write_figures` writes ``figures/colour_vision/<game>_<vision>.png`` (the README
  board pictures as seen with each deficiency), for people to look at.

numpy, Pillow and cairosvg are imported when used (they come with ``nekolib[notebook]``);
the rules, analysis and widget modules never import this one.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "MACHADO_2009",
    "VISIONS",
    "TextContrast",
    "contrast_ratio",
    "parse_colour",
    "relative_luminance",
    "simulate",
    "text_contrasts",
    "write_figures",
]

MACHADO_2009: dict[str, tuple[tuple[float, ...], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. (2009), Table 1, severity 1.0 (dichromacy): linear RGB -> linear RGB."""

VISIONS = ("normal", "deuteranopia", "protanopia", "tritanopia")
WCAG_AA_TEXT = 4.5
"""WCAG 2.1 SC 1.4.3 (Contrast, Minimum): 4.5:1 for text (3:1 only for large text)."""

SVG_NS = "http://www.w3.org/2000/svg"
XLINK = "{http://www.w3.org/1999/xlink}href"
_NAMED = {
    "white": (255, 255, 255),
    "black": (0, 0, 0),
    "red": (255, 0, 0),
    "gray": (128, 128, 128),
    "grey": (128, 128, 128),
}


# --------------------------------------------------------------------------- colours
def parse_colour(value: str | None) -> tuple[int, int, int] | None:
    """``#abc``, ``#aabbcc``, ``rgb(1,2,3)`` or a few names -> (r, g, b); ``none`` -> None."""
    if value is None:
        return None
    v = value.strip().lower()
    if v.startswith("#") and len(v) == 4:
        return tuple(int(c * 2, 16) for c in v[1:])  # type: ignore[return-value]
    if v.startswith("#") and len(v) == 7:
        return tuple(int(v[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
    match = re.fullmatch(r"rgb\((\d+),\s*(\d+),\s*(\d+)\)", v)
    if match:
        return tuple(int(g) for g in match.groups())  # type: ignore[return-value]
    return _NAMED.get(v)


def _linear(channel: float) -> float:
    """sRGB channel in 0..1 -> linear light (IEC 61966-2-1, the WCAG 2.x formula)."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def relative_luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour (0 black .. 1 white)."""
    r, g, b = (_linear(c / 255) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2.x contrast ratio ``(L1 + 0.05) / (L2 + 0.05)``, lighter over darker (1..21)."""
    la, lb = relative_luminance(a), relative_luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


# --------------------------------------------------------------------------- simulation
def simulate(rgb: Any, vision: str) -> Any:
    """``rgb`` (a ``uint8`` array ``(h, w, 3)``) as seen with ``vision`` (same shape/dtype)."""
    import numpy as np

    if vision == "normal":
        return rgb.copy()
    if vision not in MACHADO_2009:
        raise ValueError(f"vision must be one of {VISIONS}; got {vision!r}")
    x = rgb.astype(np.float64) / 255.0
    lin = np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4)
    out = np.clip(lin @ np.asarray(MACHADO_2009[vision]).T, 0.0, 1.0)
    srgb = np.where(out <= 0.0031308, out * 12.92, 1.055 * out ** (1 / 2.4) - 0.055)
    return np.round(srgb * 255).astype(np.uint8)


def render(svg: str, scale: float = 1.5) -> Any:
    """An SVG picture as an RGBA ``uint8`` array (cairosvg)."""
    import cairosvg
    import numpy as np
    from PIL import Image

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


def write_figures(out: Path, pictures: dict[str, str], scale: float = 1.0) -> list[Path]:
    """``<out>/<name>_<vision>.png`` for every picture and every vision in :data:`VISIONS`."""
    from PIL import Image

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, svg in pictures.items():
        rgb = _on_paper(render(svg, scale))
        for vision in VISIONS:
            path = out / f"{name}_{vision}.png"
            Image.fromarray(simulate(rgb, vision)).save(path, optimize=True)
            written.append(path)
    return written


def _on_paper(rgba: Any) -> Any:
    """RGBA over white -> RGB (the pictures' own background is opaque anyway)."""
    import numpy as np

    alpha = rgba[..., 3:4].astype(np.float64) / 255
    rgb = rgba[..., :3] * alpha + 255 * (1 - alpha)
    return np.round(rgb).astype(np.uint8)


# --------------------------------------------------------------------------- contrast
@dataclass(frozen=True)
class TextContrast:
    """One text of a picture: its words, fill, the colour it sits on and their ratio."""

    words: str
    fill: tuple[int, int, int]
    background: tuple[int, int, int]
    ratio: float
    pixels: int


def _tag(e: ET.Element) -> str:
    return e.tag.rsplit("}", 1)[-1]


def _style(e: ET.Element, name: str) -> str | None:
    style = e.get("style") or ""
    for part in style.split(";"):
        key, _, value = part.partition(":")
        if key.strip() == name:
            return value.strip()
    return e.get(name)


def _texts_with_fill(root: ET.Element) -> Iterator[tuple[ET.Element, tuple[int, int, int]]]:
    """Every ``<text>`` with its fill, inherited from its ancestors (SVG's default: black)."""

    def walk(e: ET.Element, fill: str | None) -> Iterator[tuple[ET.Element, tuple[int, int, int]]]:
        own = _style(e, "fill")
        fill = own if own not in (None, "inherit") else fill
        if _tag(e) == "text":
            colour = parse_colour(fill) if fill else (0, 0, 0)
            if colour is not None:
                yield e, colour
            return
        for child in e:
            yield from walk(child, fill)

    yield from walk(root, None)


def _inline_uses(svg: str) -> str:
    """``svg`` with every ``<use>`` replaced by a ``<g>`` holding a copy of what it shows, so
    inherited fills are resolved where the copy is drawn (nested uses too)."""
    import copy

    root = ET.fromstring(svg)
    for _ in range(10):
        by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
        parents = {child: parent for parent in root.iter() for child in parent}
        uses = [e for e in root.iter() if _tag(e) == "use"]
        if not uses:
            break
        for use in uses:
            ref = (use.get("href") or use.get(XLINK) or "").lstrip("#")
            target = by_id.get(ref)
            parent = parents[use]
            g = ET.Element(f"{{{SVG_NS}}}g")
            skip = {"href", XLINK, "x", "y", "width", "height", "transform"}
            g.attrib.update({k: v for k, v in use.attrib.items() if k not in skip})
            shift = f"translate({use.get('x', '0')} {use.get('y', '0')})"
            g.set("transform", f"{use.get('transform', '')} {shift}".strip())
            if target is not None:
                twin = copy.deepcopy(target)
                for e in twin.iter():
                    e.attrib.pop("id", None)
                g.append(twin)
            parent.insert(list(parent).index(use), g)
            parent.remove(use)
    return ET.tostring(root, encoding="unicode")


def _strip(root: ET.Element, keep_text: bool) -> None:
    """Remove the text (``keep_text=False``) or everything painted but the text."""
    shapes = {"rect", "circle", "ellipse", "path", "polygon", "polyline", "line", "image"}
    for parent in list(root.iter()):
        if _tag(parent) in ("clipPath", "mask", "pattern"):
            continue
        for child in list(parent):
            tag = _tag(child)
            if (tag == "text" and not keep_text) or (keep_text and tag in shapes):
                parent.remove(child)


def text_contrasts(svg: str, scale: float = 2.0, share: float = 0.15) -> list[TextContrast]:
    """Every text of ``svg`` against what it is drawn on (see the module docstring).

    A text over several colours (a label across a border) is measured against each colour
    that lies under at least ``share`` of its glyph pixels, and reported with the worst.
    Texts of a ``<use>``d definition are measured over all their copies together.
    """
    import numpy as np

    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    svg = _inline_uses(svg)
    root = ET.fromstring(svg)
    texts = list(_texts_with_fill(root))
    keyed = ET.fromstring(svg)
    keyed_texts = [e for e in keyed.iter() if _tag(e) == "text"]
    original = [e for e in root.iter() if _tag(e) == "text"]
    index = {id(e): i for i, e in enumerate(original)}
    for i, e in enumerate(keyed_texts):
        key = f"#{(i + 1) // 256:02x}{(i + 1) % 256:02x}00"
        e.set("fill", key)
        for attr in ("stroke", "opacity", "fill-opacity", "style"):
            e.attrib.pop(attr, None)
        for span in e.iter():
            if span is not e:
                span.attrib.pop("fill", None)
    _strip(keyed, keep_text=True)
    _strip(root, keep_text=False)
    back = render(ET.tostring(root, encoding="unicode"), scale)
    keys = render(ET.tostring(keyed, encoding="unicode"), scale)
    opaque = keys[..., 3] == 255
    code = keys[..., 0].astype(np.int64) * 256 + keys[..., 1]
    results = []
    for e, fill in texts:
        i = index[id(e)]
        mask = opaque & (code == i + 1) & (keys[..., 2] == 0)
        count = int(mask.sum())
        words = "".join(e.itertext()).strip()
        if count == 0 or not words:
            continue
        under = Counter(map(tuple, back[mask][:, :3].tolist()))
        common = [(c, n) for c, n in under.items() if n >= share * count] or [
            under.most_common(1)[0]
        ]
        worst = min(common, key=lambda cn: contrast_ratio(fill, cn[0]))[0]
        results.append(TextContrast(words, fill, worst, contrast_ratio(fill, worst), count))
    return results
