"""Notebook pieces shared by every hand-out: cells, headings, names, answer forms."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from nbformat.notebooknode import NotebookNode
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from nekolib.classroom.answers import NUMBER, SET, TEXT, Answer
from nekolib.classroom.bank import all_exercises, notes_for
from nekolib.classroom.exercise import LEVELS, Variant
from nekolib.classroom.pictures import attachment_cell, output_bundle
from nekolib.core import NekoError

__all__ = [
    "BLANK_ANSWER",
    "FORMS",
    "answer_literal",
    "answer_name",
    "check_name",
    "classroom_games",
    "code",
    "game_notes",
    "game_title",
    "heading",
    "markdown",
    "notebook",
    "picture_cell",
    "picture_markdown",
    "prompt_markdown",
]

KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
LANGUAGE_INFO = {"name": "python"}
BLANK_ANSWER = "None  # your answer"

# How to write an answer, with no number in it (a number here could be someone's answer).
FORMS = {
    NUMBER: 'an exact number: an integer, or a fraction typed `p/q`, `Fraction(p, q)` or `"p/q"`',
    TEXT: "a text in quotes, written as the notes above write it",
    SET: "a list of texts in quotes (any order)",
}


def answer_name(k: int) -> str:
    return f"answer_{k}"


def check_name(k: int) -> str:
    return f"check_{k}"


def markdown(source: str, cell_id: str, attachments: dict[str, Any] | None = None) -> NotebookNode:
    cell = new_markdown_cell(source, id=cell_id)
    if attachments:
        cell["attachments"] = attachments
    return cell


def code(source: str, cell_id: str, outputs: list[dict[str, Any]] | None = None) -> NotebookNode:
    cell = new_code_cell(source, id=cell_id)
    if outputs:
        cell.outputs = [NotebookNode(o) for o in outputs]
    return cell


def notebook(cells: list[NotebookNode], nekolib_meta: dict[str, Any]) -> NotebookNode:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = dict(LANGUAGE_INFO)
    nb.metadata["nekolib"] = nekolib_meta
    return nb


def classroom_games(games: Iterable[str] | None = None) -> list[str]:
    """The games to build: the given ones (checked) or every game with exercises."""
    available = sorted({e.game for e in all_exercises().values()})
    if games is None:
        if not available:
            raise NekoError("the exercise bank is empty: no game has an exercises module")
        return available
    chosen = [g.strip() for g in games if g.strip()]
    unknown = [g for g in chosen if g not in available]
    if unknown or not chosen:
        raise NekoError(
            f"no exercises for {', '.join(unknown) or 'an empty list of games'};"
            f" games with exercises: {', '.join(available)}"
        )
    return chosen


def game_title(game: str) -> str:
    """The game's display title (``"Neko-in"``), or the package name if it has no GAME."""
    from nekolib import games

    info = games().get(game)
    return info.title if info is not None else game


def game_notes(game: str) -> str:
    """The facts every prompt of the game relies on (the bank's ``NOTES``)."""
    return notes_for(game)


def literal(answer: Answer, kind: str) -> str:
    """Python source for an answer: ``Fraction(3, 7)``, ``12``, ``'a1-b1'``, a list."""
    if kind == NUMBER:
        value = Fraction(answer)  # type: ignore[arg-type]
        if value.denominator == 1:
            return str(value.numerator)
        return f"Fraction({value.numerator}, {value.denominator})"
    if kind == SET:
        return repr(sorted(answer))  # type: ignore[arg-type]
    return repr(answer)


def answer_literal(variant: Variant) -> str:
    """Python source for the variant's answer."""
    return literal(variant.answer, variant.exercise.kind)


def heading(k: int, variant: Variant) -> str:
    ex = variant.exercise
    points = f"{ex.points} point" + ("" if ex.points == 1 else "s")
    return f"## Exercise {k} - {ex.title} ({LEVELS[ex.level]}, {points})"


def prompt_markdown(k: int, variant: Variant) -> str:
    ex = variant.exercise
    return (
        f"{heading(k, variant)}\n\n{variant.prompt}\n\n"
        f"*Topic: {ex.topic}. Answer with {FORMS[ex.kind]} in `{answer_name(k)}`.*"
    )


def picture_cell(source: str, variant: Variant, cell_id: str) -> NotebookNode | None:
    """A code cell that draws the position, saved with its picture (SVG and PNG)."""
    picture = variant.picture()
    if picture is None:
        return None
    return code(source, cell_id, [output_bundle(picture, f"position of {variant.key}")])


def picture_markdown(k: int, variant: Variant) -> NotebookNode | None:
    """A Markdown cell showing the position as an image attachment (no code to run)."""
    picture = variant.picture()
    if picture is None:
        return None
    source, attachments = attachment_cell(picture, f"position-{k}", f"The position of exercise {k}")
    return markdown(source, f"picture-{k}", attachments)
