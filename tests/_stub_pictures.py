"""A stand-in for cairosvg in classroom builds whose tests do not look at the pictures.

Drawing the positions to PNG (cairosvg, about half a second a picture, on a process pool)
is most of a classroom build's time. Tests of the answers, the folder tree, the secret and
the CLI use :func:`stub_pngs`: every picture becomes one fixed 1x1 PNG, drawn in-process,
so the build still stores a PNG where it would (same cells, attachments and outputs).
The real PNGs are checked for every game by ``test_classroom_build.py``'s
``test_graded_notebook_cells_metadata_and_pictures`` and
``test_practice_notebook_cells_and_metadata``; ``make test-wheel``'s class is built with them.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator

import pytest

from nekolib.classroom import notebooks, pictures

TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
    "0000000c49444154789c63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082"
)
"""A white 1x1 PNG."""


@contextlib.contextmanager
def stub_pngs() -> Iterator[None]:
    """Inside: PNGs are :data:`TINY_PNG`, in a cache of their own (the real one is kept)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pictures, "_CACHE", {})
        patch.setattr(pictures, "_png", lambda svg: TINY_PNG)
        patch.setattr(notebooks, "prerender", functools.partial(pictures.prerender, workers=1))
        yield
