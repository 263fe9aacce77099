"""Exact maths of the Neko-in *Events* version: Crunchies and the Cat Teaser (one door).

Everything here is exact (:class:`fractions.Fraction` or sympy) and depends
only on the standard library, sympy and :mod:`nekolib.core`: the dice are a
parameter (:class:`DiceModel`), not something read from the rules engine.

Rulebook passages implemented (seed 000, "Event Tiles"):

* **Crunchies** - "Roll the two dice. If your cat's colour comes up on at
  least one of them, move your cat to the garden [...] Otherwise, take this
  tile": :func:`crunchies_success` is the probability of the *trap* (the cat
  is sent to the garden), ``1 - (1 - 1/n)^d`` for ``d`` dice of ``n`` faces.
* **Cat Teaser** - "All the cats gather in the room where the cat teaser was
  turned over. Then start rolling the dice: the cats of the colours shown go
  to the garden. Keep rolling until only one cat (or none) remains in the
  room; some rolls may have no effect." This is an absorbing Markov chain.
  It is solved three ways, independently:

  - :func:`teaser_subset_chain`: states are the *sets of cats* still in the
    room, transitions come from enumerating every face of every die (any
    face distribution, blank faces, cats sharing a colour);
  - :func:`teaser_count_chain`: by symmetry (equally likely faces, distinct
    colours) only the *number* ``j`` of cats matters; the transition
    ``j -> j - m`` has the inclusion-exclusion closed form of
    :func:`teaser_transition`, which also accepts sympy symbols ``n`` and
    ``d``, giving closed forms (:func:`teaser_closed_forms`) and the
    fundamental matrix ``N = (I - Q)^-1`` (:func:`teaser_fundamental_matrix`);
  - :func:`teaser_inclusion_exclusion`: no chain at all; each colour's
    first-appearance time and inclusion-exclusion over sets of colours, which
    in the symmetric case gives formulas for *any* ``k``
    (:func:`teaser_general_closed_forms`), e.g.
    ``E[rolls] = sum_{j=2}^{k} (-1)^j (j-1) C(k,j) / (1 - ((n-j)/n)^d)``.

  All are checked against brute-force enumeration of roll sequences
  (:func:`enumerate_roll_sequences`) and a seeded Monte Carlo
  (:func:`monte_carlo_teaser`) in ``tests/test_neko_in_events_analysis.py``.

  The maths lives in three modules, one idea each, all importable from here:
  :mod:`nekolib.neko_in.events_dice` (the dice and Crunchies),
  :mod:`nekolib.neko_in.teaser_chain` (the two chains, closed forms) and
  :mod:`nekolib.neko_in.teaser_checks` (inclusion-exclusion, enumeration, Monte Carlo);
  the tables below are printed by the notebook.
"""

from __future__ import annotations

import math
from fractions import Fraction

from nekolib.argcheck import guard_module
from nekolib.neko_in.events_dice import (
    BLANK,
    CAT_COLOURS,
    DEFAULT_DICE,
    DiceModel,
    crunchies_closed_form,
    crunchies_keep_probability,
    crunchies_success,
    crunchies_success_formula,
    d_sym,
    k_sym,
    n_sym,
    t_sym,
    z_sym,
)
from nekolib.neko_in.teaser_chain import (
    TeaserClosedForm,
    TeaserResult,
    TeaserRow,
    teaser_closed_forms,
    teaser_count_chain,
    teaser_expected_rolls,
    teaser_fundamental_matrix,
    teaser_last_cat_probabilities,
    teaser_none_probability,
    teaser_pgf,
    teaser_roll_outcomes,
    teaser_rolls_distribution,
    teaser_rolls_pmf_closed_form,
    teaser_subset_chain,
    teaser_subset_rolls_distribution,
    teaser_survival_probability,
    teaser_transition,
    teaser_transition_row,
    to_fraction,
)
from nekolib.neko_in.teaser_checks import (
    BruteForceTeaser,
    MonteCarloTeaser,
    enumerate_roll_sequences,
    evaluate_general_closed_form,
    monte_carlo_teaser,
    simulate_teaser,
    teaser_general_closed_forms,
    teaser_inclusion_exclusion,
)

__all__ = [
    "BLANK",
    "CAT_COLOURS",
    "DEFAULT_DICE",
    "BruteForceTeaser",
    "DiceModel",
    "MonteCarloTeaser",
    "TeaserClosedForm",
    "TeaserResult",
    "TeaserRow",
    "crunchies_closed_form",
    "crunchies_keep_probability",
    "crunchies_success",
    "crunchies_success_formula",
    "d_sym",
    "enumerate_roll_sequences",
    "evaluate_general_closed_form",
    "k_sym",
    "monte_carlo_teaser",
    "n_sym",
    "simulate_teaser",
    "t_sym",
    "teaser_closed_forms",
    "teaser_count_chain",
    "teaser_expected_rolls",
    "teaser_fundamental_matrix",
    "teaser_general_closed_forms",
    "teaser_inclusion_exclusion",
    "teaser_last_cat_probabilities",
    "teaser_none_probability",
    "teaser_pgf",
    "teaser_roll_outcomes",
    "teaser_rolls_distribution",
    "teaser_rolls_pmf_closed_form",
    "teaser_rolls_table_text",
    "teaser_subset_chain",
    "teaser_subset_rolls_distribution",
    "teaser_survival_probability",
    "teaser_table",
    "teaser_table_text",
    "teaser_transition",
    "teaser_transition_row",
    "to_fraction",
    "z_sym",
]


# --------------------------------------------------------------------------- tables
def teaser_table(
    max_cats: int = 6, min_cats: int = 2, faces: int = 6, dice: int = 2
) -> list[TeaserRow]:
    """One :class:`TeaserRow` per number of cats ``k = min_cats .. max_cats`` (distinct colours)."""
    rows = []
    for k in range(min_cats, max_cats + 1):
        result = teaser_count_chain(k, faces, dice)
        each = result.last[0] if k else Fraction(0)
        rows.append(TeaserRow(k, each, result.none, result.expected_rolls, result.variance_rolls))
    return rows


def teaser_table_text(max_cats: int = 6, min_cats: int = 2, faces: int = 6, dice: int = 2) -> str:
    """The Cat Teaser table as deterministic plain text (exact fraction and 4 decimals)."""
    header = ("cats", "P(a given cat is last)", "P(none left)", "E[rolls]", "SD[rolls]")
    lines = []
    for row in teaser_table(max_cats, min_cats, faces, dice):
        lines.append(
            (
                str(row.k),
                _fmt(row.each_last),
                _fmt(row.none),
                _fmt(row.expected_rolls),
                f"{math.sqrt(row.variance_rolls):.4f}",
            )
        )
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header))]
    out = [" | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    out.append("-+-".join("-" * w for w in widths))
    out += [" | ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in lines]
    return "\n".join(out)


def teaser_rolls_table_text(
    max_rolls: int = 8, max_cats: int = 6, min_cats: int = 2, faces: int = 6, dice: int = 2
) -> str:
    """P(the Cat Teaser takes exactly t rolls), t = 1..max_rolls, as deterministic text.

    One row per number of cats, 4 decimals; the last column is the exact tail
    ``P(T > max_rolls)``.
    """
    header = ["cats", *(f"T={t}" for t in range(1, max_rolls + 1)), f"T>{max_rolls}"]
    rows = []
    for k in range(min_cats, max_cats + 1):
        law = teaser_rolls_distribution(k, max_rolls, faces, dice)
        tail = 1 - sum(law, Fraction(0))
        rows.append([str(k), *(f"{float(p):.4f}" for p in law[1:]), f"{float(tail):.4f}"])
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = [" ".join(h.rjust(w) for h, w in zip(header, widths, strict=True))]
    out += [" ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(out)


def _fmt(x: Fraction) -> str:
    return f"{x} ≈ {float(x):.4f}"


guard_module(globals())  # raw errors from junk arguments become AnalysisError
