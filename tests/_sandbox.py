"""Tests that grade run hand-ins in the real bubblewrap sandbox: they need ``bwrap``.

Without it a test skips, with the reason, unless ``NEKOLIB_SANDBOX_REQUIRED=1`` (set by
.ci/run, which installs it with tests/install_bubblewrap.sh): then it fails.
"""

from __future__ import annotations

import os

import pytest

from nekolib.classroom.sandbox import SandboxUnavailable, require_sandbox


def need_sandbox() -> str:
    """The path of a ``bwrap`` that can make the grader's namespaces here."""
    try:
        return require_sandbox()
    except SandboxUnavailable as error:
        if os.environ.get("NEKOLIB_SANDBOX_REQUIRED") == "1":
            pytest.fail(f"the grading sandbox is required here: {error}")
        pytest.skip(f"no grading sandbox: {error}")
