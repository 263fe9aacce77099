"""Fairness of the exercise bank across a class: workload spread and shared prompts.

For each exercise, :func:`fairness_report` draws every student's variant (with the seeds
the teacher's kit uses) and reports the smallest and largest workload (``Exercise.workload``:
game-tree nodes, chain transitions, outcomes to count...), how many students got the same
prompt word for word, and how many different prompts the generator can make (a lower bound
from a sample of seeds). The rules the bank keeps (issue 19):

* largest / smallest workload <= :data:`MAX_RATIO` across the class;
* no prompt shared by more than :data:`MAX_SHARING` students, where the exercise has more
  than :data:`FEW_VARIANTS` possible variants (with fewer, repeats cannot be avoided).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nekolib.classroom.bank import all_exercises, exercises_for
from nekolib.classroom.exercise import Exercise
from nekolib.classroom.guessing import (
    DIGEST_CHOICE,
    GPU_GUESSES_PER_SECOND,
    GPU_RATE_SOURCE,
    GUESS_BOUND_SECONDS,
    GUESS_BUDGET,
    GUESS_CAP,
    RIGHT_WRONG,
    TOO_FEW_NOTE,
    feedback_for,
    format_time,
    guessing,
)
from nekolib.core import NekoError

__all__ = [
    "FEW_VARIANTS",
    "MAX_RATIO",
    "MAX_SHARING",
    "POSSIBLE_CAP",
    "SAMPLE_SEEDS",
    "FairnessRow",
    "GuessingRow",
    "fairness_report",
    "fairness_row",
    "format_guessing",
    "format_report",
    "guessing_report",
    "is_fair",
    "possible_variants",
]

MAX_RATIO = 3
"""Largest workload / smallest workload allowed across a class."""
MAX_SHARING = 2
"""Most students allowed to share one prompt word for word."""
FEW_VARIANTS = 30
"""An exercise with at most this many possible prompts is exempt from the sharing rule."""
SAMPLE_SEEDS = 2000
"""Most seeds drawn to estimate how many different prompts an exercise can make."""
POSSIBLE_CAP = 100
"""Sampling stops once this many different prompts are seen: the space is at least that."""

SeedOf = Callable[[str, str], int]


@dataclass(frozen=True)
class FairnessRow:
    """One exercise across one roster."""

    key: str
    title: str
    band: str
    students: int
    workload_min: int
    workload_max: int
    distinct_prompts: int
    """Different prompts among the roster's variants."""
    max_sharing: int
    """Most students holding one identical prompt (1: every prompt is unique)."""
    possible_variants: int
    """Different prompts over up to ``SAMPLE_SEEDS`` seeds: a lower bound of the variant
    space, capped at ``POSSIBLE_CAP``."""
    possible_capped: bool
    """True when sampling stopped at the cap (the space is at least that large)."""

    ratio: float
    """Largest workload over the smallest."""
    max_answer_sharing: int
    """Most students whose (different) prompts have the same answer: for information (a
    count in a narrow band repeats), not a rule; a copied answer fits only such a pair."""
    ok: bool
    """Both rules hold for this roster (:func:`is_fair`)."""


def is_fair(workload_min: int, workload_max: int, max_sharing: int, possible_variants: int) -> bool:
    """The two rules: workload ratio <= MAX_RATIO; sharing <= MAX_SHARING unless few variants."""
    spread = workload_max <= MAX_RATIO * max(workload_min, 1)
    shared = possible_variants <= FEW_VARIANTS or max_sharing <= MAX_SHARING
    return spread and shared


def _sample_seed(i: int) -> int:
    return 0x9E3779B97F4A7C15 * (i + 1) % (1 << 64) or 1


def possible_variants(
    exercise: Exercise, samples: int = SAMPLE_SEEDS, cap: int = POSSIBLE_CAP
) -> tuple[int, bool]:
    """(different prompts over up to ``samples`` fixed seeds, whether ``cap`` was reached).

    A lower bound of the variant space; sampling stops at ``cap`` different prompts.
    It does not depend on the roster, so it is computed once per exercise and process.
    """
    known = _POSSIBLE.get((exercise.key, samples, cap))
    if known is None:
        known = _POSSIBLE[(exercise.key, samples, cap)] = _count_prompts(exercise, samples, cap)
    return known


_POSSIBLE: dict[tuple[str, int, int], tuple[int, bool]] = {}


def _count_prompts(exercise: Exercise, samples: int, cap: int) -> tuple[int, bool]:
    prompts: set[str] = set()
    for i in range(samples):
        prompts.add(exercise.variant(_sample_seed(i)).prompt)
        if len(prompts) >= cap:
            return len(prompts), True
    return len(prompts), False


def fairness_row(
    exercise: Exercise, students: Sequence[str], seed_of: SeedOf, samples: int = SAMPLE_SEEDS
) -> FairnessRow:
    """The fairness figures of one exercise for one roster."""
    if not students:
        raise NekoError("the roster is empty: give at least one student id")
    if exercise.workload is None:
        raise NekoError(f"{exercise.key} states no workload: add Exercise.workload")
    variants = [exercise.variant(seed_of(s, exercise.key)) for s in students]
    loads = [v.workload or 0 for v in variants]
    shared = Counter(v.prompt for v in variants)
    answers = Counter(v.canonical for v in variants)
    possible, capped = possible_variants(exercise, samples)
    low, high, most = min(loads), max(loads), max(shared.values())
    return FairnessRow(
        key=exercise.key,
        title=exercise.title,
        band=exercise.band,
        students=len(students),
        workload_min=low,
        workload_max=high,
        distinct_prompts=len(shared),
        max_sharing=most,
        possible_variants=possible,
        possible_capped=capped,
        ratio=high / max(low, 1),
        max_answer_sharing=max(answers.values()),
        ok=is_fair(low, high, most, possible),
    )


def fairness_report(
    students: Sequence[str],
    seed_of: SeedOf,
    games: Sequence[str] | None = None,
    samples: int = SAMPLE_SEEDS,
) -> list[FairnessRow]:
    """One :class:`FairnessRow` per exercise of ``games`` (default: every game), bank order.

    ``seed_of(student, exercise_key)`` is the variant seed the kit hands that student.
    """
    if games is None:
        chosen = list(all_exercises().values())
    else:
        chosen = [e for g in games for e in exercises_for(g)]
    return [fairness_row(e, students, seed_of, samples) for e in chosen]


def format_report(rows: Sequence[FairnessRow]) -> str:
    """A Markdown table a teacher can read: one line per exercise, then the rules."""
    head = (
        "| exercise | workload min-max | ratio | prompts (distinct / students) |"
        " most sharing one prompt | possible variants | ok | most sharing one answer | band |\n"
        "|---|---|---|---|---|---|---|---|---|"
    )
    lines = [head]
    for r in rows:
        possible = f">= {r.possible_variants}" if r.possible_capped else str(r.possible_variants)
        lines.append(
            f"| {r.key} | {r.workload_min}-{r.workload_max} | {r.ratio:.2f} |"
            f" {r.distinct_prompts} / {r.students} | {r.max_sharing} | {possible} |"
            f" {'yes' if r.ok else 'NO'} | {r.max_answer_sharing} | {r.band} |"
        )
    bad = [r.key for r in rows if not r.ok]
    lines.append("")
    lines.append(
        f"Rules: largest/smallest workload <= {MAX_RATIO}; no prompt shared by more than"
        f" {MAX_SHARING} students when an exercise has more than {FEW_VARIANTS} possible"
        f" variants (possible variants: different prompts over up to {SAMPLE_SEEDS} sampled"
        f" seeds, a lower bound; sampling stops at {POSSIBLE_CAP})."
    )
    lines.append(
        "All exercises pass." if not bad else "Not fair for this roster: " + ", ".join(bad)
    )
    return "\n".join(lines)


# --- guessing: can a right/wrong check be ground out? (issue 33) ------------------------


@dataclass(frozen=True)
class GuessingRow:
    """One exercise across one roster: how fast its answers are found by trying values,
    and the feedback each student's check gives (:mod:`nekolib.classroom.guessing`)."""

    key: str
    title: str
    guesses_min: int
    guesses_max: int
    route: str
    """How the easiest variant's answer is found (the route with the fewest guesses)."""
    feedback: dict[str, str]
    """Student id -> the feedback their check gives: right-wrong, form or none."""

    @property
    def seconds_min(self) -> float:
        """On one consumer GPU (:data:`~nekolib.classroom.guessing.GPU_GUESSES_PER_SECOND`)."""
        return self.guesses_min / GPU_GUESSES_PER_SECOND

    @property
    def seconds_max(self) -> float:
        return self.guesses_max / GPU_GUESSES_PER_SECOND


def guessing_report(
    students: Sequence[str],
    seed_of: SeedOf,
    games: Sequence[str] | None = None,
    feedback: str = RIGHT_WRONG,
) -> list[GuessingRow]:
    """One :class:`GuessingRow` per exercise of ``games`` for this roster and feedback."""
    if not students:
        raise NekoError("the roster is empty: give at least one student id")
    chosen = (
        list(all_exercises().values())
        if games is None
        else [e for g in games for e in exercises_for(g)]
    )
    rows = []
    for ex in chosen:
        variants = {s: ex.variant(seed_of(s, ex.key)) for s in students}
        found = {s: guessing(v) for s, v in variants.items()}
        easiest = min(found.values(), key=lambda g: g.guesses)
        given = {s: feedback_for(v, feedback) for s, v in variants.items()}
        rows.append(
            GuessingRow(
                key=ex.key,
                title=ex.title,
                guesses_min=easiest.guesses,
                guesses_max=max(g.guesses for g in found.values()),
                route=easiest.route,
                feedback=given,
            )
        )
    return rows


def _who(feedback: dict[str, str]) -> str:
    """``right-wrong: s003, s017; form: the other 28`` (the smaller group named)."""
    groups: dict[str, list[str]] = {}
    for student, given in feedback.items():
        groups.setdefault(given, []).append(student)
    if len(groups) == 1:
        (given, _), *_ = groups.items()
        return f"{given} (all {len(feedback)})"
    ordered = sorted(groups.items(), key=lambda item: (len(item[1]), item[0]))
    parts = [f"{given}: {', '.join(sorted(who))}" for given, who in ordered[:-1]]
    parts.append(f"{ordered[-1][0]}: the other {len(ordered[-1][1])}")
    return "; ".join(parts)


def _guesses(count: int) -> str:
    return f"over {GUESS_CAP}" if count >= GUESS_CAP else str(count)


def format_guessing(rows: Sequence[GuessingRow]) -> str:
    """A Markdown table: per exercise, guesses and guessing time, and who got which check;
    then the digest, the GPU rate the bar assumes and its source."""
    rate = GPU_GUESSES_PER_SECOND
    lines = [
        "| exercise | guesses to find the answer (min-max) | guessing time on one GPU at"
        f" {rate:,.0f} digests a second (min-max) | feedback each student got | easiest route |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.key} | {_guesses(r.guesses_min)}-{_guesses(r.guesses_max)} |"
            f" {format_time(r.seconds_min)}-{format_time(r.seconds_max)} |"
            f" {_who(r.feedback)} | {r.route} |"
        )
    lines.append("")
    lines.append(
        f"A right/wrong check is written only where trying every value before the answer"
        f" takes more than {format_time(GUESS_BOUND_SECONDS)} on one consumer GPU ({GUESS_BUDGET}"
        f" guesses at {rate:,.0f} digests a second: {GPU_RATE_SOURCE}, scaled to the digest's"
        f" rounds); elsewhere the check says whether the answer is well formed and why:"
        f' "{TOO_FEW_NOTE}". Guesses: the fewest over integers counted up from 0, fractions'
        " by rising denominator, fractions over a sample-space size made from the prompt's"
        " numbers, and the exercise's declared answer space."
    )
    lines.append("")
    lines.append(f"The digest: {DIGEST_CHOICE}.")
    return "\n".join(lines)
