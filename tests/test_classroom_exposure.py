"""The threat model, measured: the installed nekolib answers many graded prompts.

A student who codes, with nekolib installed, reads the parameters back out of a Neko Boss
prompt and calls ``Exercise.solve``, or tries seeds until the bank's prompt matches the
notebook's text (``nekolib.classroom.exposure``). These tests show both routes work where
the report says so, on prompts of graded hand-outs built with a class secret.
"""

from __future__ import annotations

import functools

from nekolib.classroom.bank import exercises_for
from nekolib.classroom.exposure import (
    Exposure,
    exposure,
    exposure_report,
    format_exposure,
    parse_neko_boss,
    seed_search,
)
from nekolib.classroom.handout import graded_variants
from nekolib.classroom.notebooks import student_seed

SECRET = "d" * 64


def test_a_neko_boss_board_parser_and_solve_answer_every_neko_boss_exercise() -> None:
    for student in ("s001",):
        for variant in graded_variants("neko_boss", SECRET, student):
            params = parse_neko_boss(variant.prompt)
            assert params["board"] == variant.params["board"]
            assert [len(s) for s in params["layout"]] == [len(s) for s in variant.params["layout"]]
            assert exposure(variant).route == "prompt parsing + solve", variant.key


def test_seed_search_answers_every_neko_in_exercise_in_a_few_hundredths_of_a_second() -> None:
    for variant in graded_variants("neko_in", SECRET, "s001"):
        hit, tries = seed_search(variant.exercise, variant.prompt, 2.0)
        assert hit is not None and hit.seed != variant.seed, variant.key  # another seed
        assert hit.canonical == variant.canonical and tries < 50_000, (variant.key, tries)


def test_no_route_means_not_found_and_the_report_says_so() -> None:
    variant = graded_variants("indovina_gatto", SECRET, "s001")[0]  # a deal: many prompts
    found = exposure(variant, seconds=0.05)
    assert found == Exposure("none", found.seconds, found.tries) and not found.answered
    seed_of = functools.partial(student_seed, "graded", SECRET)
    rows = exposure_report(["s001"], seed_of, exercises_for("neko_in")[:2], seconds=0.5)
    text = format_exposure(rows, 0.5)
    assert all(f"| {r.key} | yes (1 of 1) | seed search |" in text for r in rows), text
