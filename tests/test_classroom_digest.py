"""The right/wrong digest is the same with and without OpenSSL (the browser has none)."""

from __future__ import annotations

import hashlib
import sys

import pytest

from nekolib.classroom import graded
from nekolib.classroom.graded import ITERATIONS, keyed_digest, pbkdf2_sha256

CASES = [(b"25/64", bytes(16), 1000), (b"x" * 100, b"salt", 3), (b"", b"", 1), (b"a1-b1", b"s", 2)]


@pytest.mark.parametrize("hmac_module", [True, False], ids=["_hmac", "sha256-copy"])
def test_pure_python_pbkdf2_gives_openssls_bytes(monkeypatch, hmac_module: bool) -> None:
    if hmac_module:
        pytest.importorskip("_hmac", reason="CPython >= 3.14 (and Pyodide 314) have _hmac")
    else:
        monkeypatch.setitem(sys.modules, "_hmac", None)  # Python < 3.14: the copy route
    for password, salt, rounds in CASES:
        expected = hashlib.pbkdf2_hmac("sha256", password, salt, rounds)
        assert pbkdf2_sha256(password, salt, rounds) == expected, (password, rounds)


def test_keyed_digest_without_pbkdf2_hmac_is_the_same(monkeypatch) -> None:
    salt = "0f" * 16
    with_openssl = keyed_digest(salt, "25/64")
    monkeypatch.delattr(hashlib, "pbkdf2_hmac")  # as in Pyodide: hashlib without OpenSSL
    assert not hasattr(graded.hashlib, "pbkdf2_hmac")
    assert keyed_digest(salt, "25/64") == with_openssl  # the full ITERATIONS rounds
    assert keyed_digest(salt, "25/63") != with_openssl
    assert ITERATIONS == 200_000
