"""Exercises as data: a prompt, a seeded parameter generator, the exact answer, hints.

An :class:`Exercise` is the bank's entry. ``exercise.variant(seed)`` picks one student's
numbers (:class:`Variant`); the answer is computed by nekolib's own analysis and never
written into a student's notebook: the notebook holds only a salted digest of it
(:class:`~nekolib.classroom.Check`), so ``check(answer)`` can say right or wrong without
knowing the answer.

Part of the shared kit (below the games, whose ``exercises`` modules build these, and below
the classroom kit, which hands them out); ``nekolib.classroom.exercise`` re-exports it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from nekolib.answers import NUMBER, Answer, canonical_answer, read_answer
from nekolib.core import GameState, NekoError

__all__ = ["DEMO_SEED", "LEVELS", "TOPICS", "Exercise", "Variant", "digest_of", "variant_seed"]

TOPICS = (
    "counting",
    "conditional probability",
    "expectation",
    "markov chain",
    "bayesian updating",
    "game tree",
)
"""What an exercise practises (the issue's list); every exercise names one."""

LEVELS = {1: "easy", 2: "medium", 3: "hard"}

Params = dict[str, Any]
PromptMaker = str | Callable[[Params], str]


DEMO_SEED = 0
"""The seed of an exercise's demo variant (a student's seed is a 64-bit hash, never 0)."""


def variant_seed(student: str, key: str) -> int:
    """A stable seed for one student's variant of one exercise (not Python's salted ``hash``)."""
    data = f"nekolib-classroom|{student}|{key}".encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


def digest_of(key: str, seed: int, canonical: str) -> str:
    """Salted digest of a canonical answer: what a student notebook stores instead of it."""
    data = f"nekolib-answer|{key}|{seed}|{canonical}".encode()
    return hashlib.sha256(data).hexdigest()[:24]


def _fill(template: PromptMaker, params: Params) -> str:
    return template(params) if callable(template) else template.format(**params)


@dataclass(frozen=True)
class Exercise:
    """One exercise of the bank.

    ``prompt`` and each hint are Markdown, either ``str.format`` templates over the
    parameters or functions of them; ``generate(rng)`` draws a variant's parameters
    (JSON-friendly values); ``solve(params)`` is the exact answer from nekolib's analysis;
    ``position(params)``, when given, is a game state drawn beside the prompt.
    ``viewer`` is the seat the student plays (the picture shows that seat's secrets).
    ``demo`` is the fixed parameters the game notebook uses; ``worked`` (Markdown, may hold
    a fenced code block that uses nekolib) explains the solution in the teacher notebook.

    Fairness: ``workload(params)`` is the amount of work a variant asks for by hand (game-tree
    nodes, chain transitions, outcomes or deals to count...), and ``band`` is one sentence
    saying what the generator keeps variants within; across a class the largest workload
    stays within 3x the smallest (``nekolib.classroom.report``). ``worked_code(params)`` is
    self-contained Python source (imports from nekolib, literal values of the parameters)
    that ends by assigning ``answer = ...``: the teacher notebook's runnable solution.
    """

    key: str
    title: str
    topic: str
    level: int
    prompt: PromptMaker
    generate: Callable[[random.Random], Params]
    solve: Callable[[Params], Any]
    hints: tuple[PromptMaker, ...] = ()
    kind: str = NUMBER
    points: int = 1
    position: Callable[[Params], GameState] | None = None
    demo: Mapping[str, Any] | None = None
    worked: PromptMaker | None = None
    viewer: int | None = None
    workload: Callable[[Params], int] | None = None
    band: str = ""
    worked_code: PromptMaker | None = None
    answer_space: Callable[[Params], tuple[int, str]] | None = None
    """``(size, description)`` of a set every answer of the variant lies in, which a student
    can list without solving the exercise (for example every subset of the legal moves):
    how many right/wrong checks could grind it out (:mod:`nekolib.classroom.guessing`)."""

    def __post_init__(self) -> None:
        if self.topic not in TOPICS:
            raise NekoError(f"{self.key}: topic {self.topic!r} is not one of {TOPICS}")
        if self.level not in LEVELS:
            raise NekoError(f"{self.key}: level must be one of {sorted(LEVELS)}")
        if not 1 <= len(self.hints) <= 3:
            raise NekoError(f"{self.key}: give 1 to 3 hints, not {len(self.hints)}")

    @property
    def game(self) -> str:
        """The game package this exercise belongs to (the key's first part)."""
        return self.key.split(".", 1)[0]

    def variant(self, seed: int) -> Variant:
        """The variant drawn by ``random.Random(seed)``; seed ``DEMO_SEED`` is the demo.

        So ``exercise.variant(v.seed)`` rebuilds any variant ``v``, the notebook's demo
        included (a :class:`Check` and the grader rebuild variants from key and seed).
        """
        if seed == DEMO_SEED and self.demo is not None:
            return Variant(self, seed, dict(self.demo))
        return Variant(self, seed, dict(self.generate(random.Random(seed))))

    def for_student(self, student: str) -> Variant:
        """This student's variant (seeded by the student id and the exercise key)."""
        return self.variant(variant_seed(student, self.key))

    def demo_variant(self) -> Variant:
        """The notebook's variant: ``demo`` parameters if given, else seed ``DEMO_SEED``."""
        return self.variant(DEMO_SEED)


@dataclass(frozen=True)
class Variant:
    """One student's numbers for an exercise; ``answer`` is computed on demand."""

    exercise: Exercise
    seed: int
    params: Params = field(compare=False)

    @property
    def key(self) -> str:
        return self.exercise.key

    @property
    def prompt(self) -> str:
        return _fill(self.exercise.prompt, self.params)

    @property
    def hints(self) -> tuple[str, ...]:
        return tuple(_fill(h, self.params) for h in self.exercise.hints)

    @property
    def answer(self) -> Answer:
        """The exact answer (teachers and graders only)."""
        value = self.exercise.solve(self.params)
        problem, parsed = read_answer(value, self.exercise.kind)
        if problem is not None:
            raise NekoError(f"{self.key}: the bank's own answer is unusable: {problem}")
        return parsed

    @property
    def canonical(self) -> str:
        return canonical_answer(self.answer, self.exercise.kind)

    @property
    def digest(self) -> str:
        return digest_of(self.key, self.seed, self.canonical)

    @property
    def worked(self) -> str:
        """The worked solution for teachers (Markdown); empty if the bank gives none."""
        maker = self.exercise.worked
        return "" if maker is None else _fill(maker, self.params)

    @property
    def worked_code(self) -> str:
        """Runnable Python source of the worked solution (ends with ``answer = ...``), or ""."""
        maker = self.exercise.worked_code
        return "" if maker is None else _fill(maker, self.params)

    @property
    def workload(self) -> int | None:
        """How much work this variant asks for by hand (see ``Exercise.band``), if stated."""
        measure = self.exercise.workload
        return None if measure is None else int(measure(self.params))

    def position(self) -> GameState | None:
        """The game state to draw beside the prompt, if the exercise has one."""
        maker = self.exercise.position
        return None if maker is None else maker(self.params)

    def picture(self) -> Any:
        """The position drawn as the student sees it (``viewer``'s own secrets shown)."""
        state = self.position()
        if state is None:
            return None
        return state.picture(self.exercise.viewer) if self.exercise.viewer is not None else state
