"""The working behind a hint's number: the model, the cases, their probabilities and the sum.

A hint sentence states a number ("you get rid of a tile with 25/36"); a learner asks how it
was found. A hint agent may give, besides ``explain(state, action) -> str``, a method
``working(state, action) -> Sequence[Working]``: one :class:`Working` per number the
sentence states. The widget shows them under the hint in a "How is this computed?"
expander (:func:`working_html`); :func:`working_text` is the same as plain text.

A :class:`Working` checks itself: where every case has a probability and a number, the
probabilities sum to 1 and the weighted sum is the result, or it raises :class:`NekoError`.
So a hint cannot show a calculation that does not add up to the number it states.

Pure standard library (it is imported by the browser build too).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from nekolib.core import NekoError

Number = Fraction | int


@dataclass(frozen=True)
class Case:
    """One case of a calculation.

    ``label`` says what happens ("the face-down tile is a Crunchies"); ``probability`` is
    the chance of the case under the model (``None`` where the case is not a chance event,
    e.g. one reply of a perfect opponent); ``value`` is the number in that case (a
    probability, or a word such as "win").
    """

    label: str
    probability: Fraction | None
    value: Fraction | str


@dataclass(frozen=True)
class Working:
    """How one number of a hint is computed.

    ``question`` names the number ("P(you get rid of a tile this turn)"); ``model`` the
    assumptions it is exact under; ``cases`` the cases; ``result`` the number the hint
    states; ``combine`` how the cases give it ("sum of probability x value", "the best
    reply for the opponent"...); ``notes`` anything else a learner needs.
    """

    question: str
    model: str
    cases: tuple[Case, ...]
    result: Fraction | str
    combine: str = "sum over the cases of probability x value"
    notes: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cases", tuple(self.cases))
        object.__setattr__(self, "notes", tuple(self.notes))
        if self.weighted:
            total = sum((c.probability for c in self.cases), Fraction(0))
            if total != 1:
                raise NekoError(f"{self.question}: the cases' probabilities sum to {total}, not 1")
            value = sum((c.probability * c.value for c in self.cases), Fraction(0))
            if value != self.result:
                raise NekoError(
                    f"{self.question}: the cases give {value}, but the result says {self.result}"
                )

    @property
    def weighted(self) -> bool:
        """True when every case has a probability and a number: the result is their sum."""
        return bool(self.cases) and all(
            c.probability is not None and isinstance(c.value, Fraction | int) for c in self.cases
        )


@dataclass(frozen=True)
class QuickHint:
    """A hint that is there at once (a hint agent's ``quick_hint(state)``).

    A hint agent whose exact answer can take a while may offer ``quick_hint(state) ->
    QuickHint | None``: the widget shows it at once (labelled as a first look), then asks the
    agent's ``choose``/``explain``/``working`` for the exact hint in the background and
    replaces it. ``final``: no better answer will follow (exact already, or nothing more is
    computed here): the widget shows this one and stops. ``text`` claims exactly what is
    known and names its model; ``working`` has one :class:`Working` per number it states.
    """

    action: object
    text: str
    working: tuple[Working, ...] = ()
    final: bool = False


class HintCancelled(NekoError):
    """Raised by a hint agent's search once its ``stop_when()`` is true: the widget moved on
    (a move, undo or new game) and this hint would be for an old position."""


def fmt(value: Fraction | int | str | None) -> str:
    """A number as a learner reads it: ``5/6``, ``1`` or ``0``; words as they are."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value}"


_APPROX = re.compile(r"[+-]?\d+/\d+(?:, sure)? (?:≈ ([+-]?[\d.]+%?)|\((\d+(?:\.\d+)?%)\))")
_FRACTION = re.compile(r"(?<![\d/])([+-]?)(\d+)/(\d+)(?![\d/])")


def spoken(text: str) -> str:
    """``text`` as a screen reader should say it: a fraction shown with its percentage or
    decimal is said as that alone ('783697/2419200 ≈ 32%' -> '32%', '369/1040 (35%)' ->
    '35%'), a whole number as a whole number ('2/1' -> '2'), a fraction with more than three
    digits below the line as a decimal; small fractions stay ('2/15')."""
    text = _APPROX.sub(lambda m: m.group(1) or m.group(2), text)

    def short(m: re.Match) -> str:
        sign, x = m.group(1), Fraction(int(m.group(2)), int(m.group(3)))
        if x.denominator == 1:
            return f"{sign}{x.numerator}"
        if x.denominator >= 1000:
            return f"about {sign}{short_decimal(float(x))}"
        return m.group(0)

    return _FRACTION.sub(short, text)


def approx(x: Fraction, signed: bool = False) -> str:
    """A number that is not a probability, in lowest terms, as a learner reads it: ``2``,
    ``7/3``; with a long fraction its decimal too (``+283/3220 ≈ +0.088``)."""
    x = Fraction(x)
    sign = "+" if signed and x > 0 else ""
    if x.denominator == 1:
        return f"{sign}{x.numerator}"
    exact = f"{sign}{x.numerator}/{x.denominator}"
    return exact + (f" ≈ {sign}{short_decimal(float(x))}" if x.denominator >= 1000 else "")


def short_decimal(x: float) -> str:
    """Two significant digits, never in exponent notation (``0.088``, ``-1.3``, ``0.2``)."""
    out = f"{x:.2g}"
    return f"{x:.8f}".rstrip("0") if "e" in out else out


def working_text(workings: Sequence[Working]) -> str:
    """Every working as plain text (tests, logs, screen readers)."""
    blocks = []
    for w in workings:
        lines = [f"{w.question} = {fmt(w.result)}", f"Model: {w.model}"]
        for c in w.cases:
            if c.probability is not None and not isinstance(c.value, str):
                product = c.probability * Fraction(c.value)
                line = f"  {c.label}: {fmt(c.probability)} x {fmt(c.value)} = {fmt(product)}"
            elif c.probability is not None:
                line = f"  {c.label}: {fmt(c.probability)}, {c.value}"
            else:
                line = f"  {c.label}: {fmt(c.value)}"
            lines.append(line)
        if w.cases:
            lines.append(f"  {w.combine}: {fmt(w.result)}")
        lines.extend(f"  {n}" for n in w.notes)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _row(case: Case, weighted: bool) -> str:
    cells = [html.escape(case.label)]
    if weighted:
        product = case.probability * Fraction(case.value)  # type: ignore[operator]
        cells += [fmt(case.probability), fmt(case.value), fmt(product)]
    else:
        cells += [fmt(case.probability) or "&ndash;", html.escape(fmt(case.value))]
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _table(w: Working) -> str:
    if not w.cases:
        return ""
    weighted = w.weighted
    heads = ["case", "probability", "value", "probability &times; value"]
    heads = heads if weighted else heads[:3]
    head = "".join(f"<th scope='col'>{h}</th>" for h in heads)
    rows = "".join(_row(c, weighted) for c in w.cases)
    total = f"<td colspan='{len(heads) - 1}'>{html.escape(w.combine)}</td>"
    foot = f"<tr>{total}<td><b>{html.escape(fmt(w.result))}</b></td></tr>"
    caption = f"<caption>{html.escape(w.question)}</caption>"
    return (
        f"<table class='nekolib-working-table'>{caption}<thead><tr>{head}</tr></thead>"
        f"<tbody>{rows}</tbody><tfoot>{foot}</tfoot></table>"
    )


def working_html(workings: Sequence[Working]) -> str:
    """A ``<details>`` expander "How is this computed?" with every working (or "")."""
    if not workings:
        return ""
    parts = []
    for w in workings:
        notes = "".join(f"<p>{html.escape(n)}</p>" for n in w.notes)
        parts.append(
            f"<div class='nekolib-working-one'><p><b>{html.escape(w.question)} = "
            f"{html.escape(fmt(w.result))}</b><br><i>Model:</i> {html.escape(w.model)}</p>"
            f"{_table(w)}{notes}</div>"
        )
    body = (
        "<div class='nekolib-working-body' tabindex='0' role='region' "
        "aria-label='How the hint is computed'>" + "".join(parts) + "</div>"
    )
    return (
        "<details class='nekolib-working'><summary>How is this computed?</summary>"
        + body
        + "</details>"
    )
