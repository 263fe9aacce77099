"""Re-exports :mod:`nekolib.exercise` (moved down to the shared kit so that the games'
exercises import it without importing the classroom kit, which sits above the games)."""

from nekolib.exercise import (
    DEMO_SEED,
    LEVELS,
    TOPICS,
    Exercise,
    Params,
    PromptMaker,
    Variant,
    digest_of,
    variant_seed,
)

__all__ = [
    "DEMO_SEED",
    "LEVELS",
    "TOPICS",
    "Exercise",
    "Params",
    "PromptMaker",
    "Variant",
    "digest_of",
    "variant_seed",
]
