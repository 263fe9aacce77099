"""The source hash that ties results to the code: cached by file bytes, never stale."""

from __future__ import annotations

import json

from nekolib.lab import version
from nekolib.lab.version import PACKAGE, source_hash


def _counting(monkeypatch) -> list[int]:
    """Count :func:`version.code_text` calls (each is one parse of a file)."""
    calls = [0]
    real = version.code_text

    def counted(source):
        calls[0] += 1
        return real(source)

    monkeypatch.setattr(version, "code_text", counted)
    return calls


def test_cached_hash_equals_the_uncached_and_parses_nothing_when_warm(tmp_path, monkeypatch):
    cache = tmp_path / "cache.json"
    calls = _counting(monkeypatch)
    lab = PACKAGE / "lab"  # a real part of nekolib (all of it takes seconds to parse)
    plain = source_hash(lab, cache=False)
    files = calls[0]
    assert files == sum(1 for p in lab.rglob("*.py") if "__pycache__" not in p.parts) > 10
    assert source_hash(lab, cache=cache) == plain  # cold: parses every file, fills it
    assert calls[0] == 2 * files and len(json.loads(cache.read_text())) == files
    assert source_hash(lab, cache=cache) == plain  # warm: no file parsed
    assert calls[0] == 2 * files


def test_an_edit_is_seen_through_the_cache_and_only_that_file_is_parsed(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("A = 1\n")
    (package / "b.py").write_text('"""B."""\n\nB = 2\n')
    cache = tmp_path / "cache.json"
    before = source_hash(package, cache=cache)
    calls = _counting(monkeypatch)
    (package / "b.py").write_text('"""B, documented."""\n\nB = 2  # same code\n')
    assert source_hash(package, cache=cache) == before and calls[0] == 1
    (package / "b.py").write_text('"""B."""\n\nB = 3\n')  # other code: another hash
    after = source_hash(package, cache=cache)
    assert after != before and calls[0] == 2
    assert after == source_hash(package, cache=False)


def test_a_broken_or_unwritable_cache_is_ignored(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("A = 1\n")
    plain = source_hash(package, cache=False)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert source_hash(package, cache=broken) == plain
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert source_hash(package, cache=blocked / "cache.json") == plain  # parent is a file
