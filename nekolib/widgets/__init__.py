"""ipywidgets front ends. Importing this needs ipywidgets (the ``notebook`` extra)."""

from nekolib.widgets.base import HUMAN, GameWidget

__all__ = ["HUMAN", "GameWidget"]
