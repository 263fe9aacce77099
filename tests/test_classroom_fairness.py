"""Fair variants (issue 19): for a class of 30, every exercise keeps the workload within 3x
and no prompt is shared by more than 2 students; worked solutions run; notes are complete."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from nekolib.classroom.answers import read_answer
from nekolib.classroom.bank import all_exercises, exercises_for, notes_for
from nekolib.classroom.exercise import Exercise, variant_seed
from nekolib.classroom.report import (
    FEW_VARIANTS,
    MAX_RATIO,
    MAX_SHARING,
    FairnessRow,
    fairness_report,
    fairness_row,
    format_report,
    is_fair,
)
from nekolib.core import NekoError

ROSTER = [f"s{i:03d}" for i in range(1, 31)]
GAMES = ("neko_in", "manekinecollection", "neko_boss", "indovina_gatto")
KEYS = list(all_exercises())


@cache
def _report() -> tuple[FairnessRow, ...]:
    return tuple(fairness_report(ROSTER, variant_seed))


def test_report_covers_the_whole_bank_and_reads_as_a_table():
    rows = _report()
    assert [r.key for r in rows] == KEYS
    text = format_report(rows)
    assert text.count("\n| ") == len(rows)  # one line per exercise under the header
    for r in rows:
        assert r.key in text and r.band in text


@pytest.mark.parametrize("key", KEYS)
def test_a_class_of_30_gets_fair_variants(key):
    row = next(r for r in _report() if r.key == key)
    loads = [all_exercises()[key].for_student(s).workload for s in ROSTER]
    assert (row.workload_min, row.workload_max) == (min(loads), max(loads))
    assert row.workload_min >= 1 and row.band
    assert row.workload_max <= MAX_RATIO * row.workload_min, format_report([row])
    if row.possible_variants > FEW_VARIANTS:
        assert row.max_sharing <= MAX_SHARING, format_report([row])
    assert row.ok and row.ratio <= MAX_RATIO
    answers = Counter(all_exercises()[key].for_student(s).canonical for s in ROSTER)
    assert row.max_answer_sharing == max(answers.values())


@pytest.mark.parametrize("key", KEYS)
def test_every_variant_of_a_sample_stays_in_its_band(key):
    """Not only this roster: 60 other seeds give workloads within 3x of each other."""
    ex = all_exercises()[key]
    loads = [ex.variant(variant_seed(f"other-{i}", key)).workload for i in range(60)]
    assert max(loads) <= MAX_RATIO * min(loads), (key, sorted(loads))


def _toy(generate: Callable[[random.Random], dict[str, Any]]) -> Exercise:
    return Exercise(
        key="neko_in.toy",
        title="Toy",
        topic="counting",
        level=1,
        prompt="Count to {n}.",
        generate=generate,
        solve=lambda p: p["n"],
        hints=("Count.",),
        workload=lambda p: p["n"],
        band="1-10",
    )


def test_the_check_fails_an_unfair_workload():
    row = fairness_row(
        _toy(lambda rng: {"n": rng.randint(1, 10) * 1000 + rng.randint(0, 999)}),
        ROSTER,
        variant_seed,
    )
    assert row.max_sharing <= 2 < row.ratio
    assert not row.ok and "NO" in format_report([row])


def test_the_check_fails_shared_prompts():
    """40 possible prompts, but most students get the same one."""
    toy = _toy(lambda rng: {"n": 100 if rng.random() < 0.8 else rng.randint(101, 140)})
    row = fairness_row(toy, ROSTER, variant_seed)
    assert row.possible_variants > FEW_VARIANTS and row.max_sharing > MAX_SHARING
    assert not row.ok
    assert not is_fair(10, 20, 3, 31) and is_fair(10, 20, 3, 30) and is_fair(10, 30, 2, 500)


def test_an_exercise_without_a_workload_is_refused():
    toy = _toy(lambda rng: {"n": 1})
    bare = Exercise(**{**toy.__dict__, "workload": None})
    with pytest.raises(NekoError, match="workload"):
        fairness_row(bare, ROSTER, variant_seed)
    with pytest.raises(NekoError, match="roster"):
        fairness_row(toy, [], variant_seed)


# --------------------------------------------------------------------------- worked code
def _variants(ex: Exercise):
    yield ex.demo_variant()
    for s in ("s001", "s002", "s017"):
        yield ex.for_student(s)


@pytest.mark.parametrize("key", KEYS)
def test_worked_code_runs_alone_and_gives_the_answer(key):
    ex = all_exercises()[key]
    for v in _variants(ex):
        code = v.worked_code
        assert code.rstrip().splitlines()[-1].startswith("answer = ") or "answer = " in code
        namespace: dict[str, Any] = {}
        exec(compile(code, f"<worked {key}>", "exec"), namespace)  # a fresh namespace
        problem, value = read_answer(namespace["answer"], ex.kind)
        assert problem is None, (key, v.params, problem)
        assert value == v.answer, (key, v.params)
        assert "```" not in v.worked  # the explanation no longer carries a code block


# --------------------------------------------------------------------------- notes, prompts
@pytest.mark.parametrize("game", GAMES)
def test_notes_explain_what_the_prompts_use(game):
    notes = notes_for(game)
    must = {
        "neko_in": ["blank", "Cat Teaser", "attacker", "defender", "ordered", "light blue"],
        "manekinecollection": [
            "5cats",
            "4cats",
            "cathouse",
            "3cats",
            "two pair",
            "one pair",
            "solocat",
            "gold coin",
            "cat can",
            "-1, 1, 2, 3, 4",
            "`red3`",
        ],
        "neko_boss": ["`R4*`", "`a2-a1`", "street", "`a1`", "vacant", "skipped"],
        "indovina_gatto": ["mask", "unmask", "Points"],
    }[game]
    for word in must:
        assert word in notes, (game, word)
    if game == "indovina_gatto":
        from nekolib.indovina_gatto.rules import ALL_TRAITS

        assert all(t in notes for t in ALL_TRAITS)
    with pytest.raises(NekoError):
        notes_for("no_such_game")


@pytest.mark.parametrize("game", GAMES)
def test_prompts_name_no_undefined_variable_and_write_moves_with_labels(game):
    for ex in exercises_for(game):
        for v in _variants(ex):
            texts = [v.prompt, *v.hints, v.worked]
            for text in texts:
                assert not re.search(r"`[^`]*\bstate\b[^`]*`", text), (ex.key, text)
                assert not re.search(r"\b\d+->\d+\b", text), (ex.key, text)


def test_a_graded_class_of_30_gets_fair_variants_too():
    """Graded numbers come from a class secret: the bands hold for those seeds as well."""
    from nekolib.classroom.secret import class_seed

    secret = "0123456789abcdef" * 4
    rows = fairness_report(ROSTER, lambda student, key: class_seed(secret, student, key))
    assert [r.key for r in rows if not r.ok] == [], format_report([r for r in rows if not r.ok])
