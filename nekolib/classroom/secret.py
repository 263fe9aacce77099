"""The class secret: what makes a graded class's numbers and digests unguessable.

``make classroom`` writes a random secret to ``OUT/teacher/class_secret.txt`` (and
reuses it on the next build, so every student keeps their numbers). It never enters a
student's notebook. From it come:

* each student's **variant seed** (:func:`class_seed`): without the secret nobody can
  rebuild a classmate's variant, or their own, from a student id;
* each item's **salt** for right/wrong feedback (:func:`item_salt`): a digest in one
  student's notebook says nothing about another's.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from pathlib import Path

from nekolib.core import NekoError

__all__ = ["SECRET_FILE", "class_seed", "item_salt", "new_secret", "read_or_create_secret"]

SECRET_FILE = "class_secret.txt"
SECRET_BYTES = 32


def new_secret() -> str:
    """A fresh random class secret (64 hex digits)."""
    return secrets.token_hex(SECRET_BYTES)


def _check(secret: str) -> str:
    clean = secret.strip()
    if len(clean) < 32:
        raise NekoError(
            "a class secret must be at least 32 characters (make classroom writes a random"
            f" one of {2 * SECRET_BYTES} hex digits)"
        )
    return clean


def _mac(secret: str, purpose: str, student: str, key: str) -> bytes:
    message = f"nekolib-classroom|{purpose}|{student}|{key}".encode()
    return hmac.new(_check(secret).encode(), message, hashlib.sha256).digest()


def class_seed(secret: str, student: str, key: str) -> int:
    """The seed of ``student``'s variant of exercise ``key`` in the class with ``secret``."""
    return int.from_bytes(_mac(secret, "seed", student, key)[:8], "big") or 1


def item_salt(secret: str, student: str, key: str) -> str:
    """The salt of one student's right/wrong digest for one exercise (hex)."""
    return _mac(secret, "salt", student, key)[:16].hex()


def read_or_create_secret(path: str | Path) -> str:
    """The secret stored at ``path``; a new one is written there if the file is missing."""
    path = Path(path)
    if path.is_file():
        return _check(path.read_text(encoding="utf-8"))
    secret = new_secret()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(secret + "\n", encoding="utf-8")
    path.chmod(0o600)
    return secret
