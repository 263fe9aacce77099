"""Re-exports :mod:`nekolib.answers` (moved down to the shared kit so that the games'
exercises import it without importing the classroom kit, which sits above the games)."""

from nekolib.answers import (
    EXAMPLES,
    FLOAT_DENOMINATOR,
    KINDS,
    NOT_ANSWERED,
    NUMBER,
    SET,
    SUGGEST_DENOMINATOR,
    TEXT,
    Answer,
    FloatAnswer,
    answers_agree,
    canonical_answer,
    float_note,
    is_blank,
    read_answer,
    simplest_fraction,
)

__all__ = [
    "EXAMPLES",
    "FLOAT_DENOMINATOR",
    "KINDS",
    "NOT_ANSWERED",
    "NUMBER",
    "SET",
    "SUGGEST_DENOMINATOR",
    "TEXT",
    "Answer",
    "FloatAnswer",
    "answers_agree",
    "canonical_answer",
    "float_note",
    "is_blank",
    "read_answer",
    "simplest_fraction",
]
