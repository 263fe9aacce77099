"""``tools/check_site_links.py`` (run by ``make docs``) finds a broken link and a broken anchor."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from check_site_links import broken_links


def test_a_broken_file_and_a_broken_anchor_are_found_and_good_links_pass(tmp_path):
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "index.html").write_text('<h1 id="top">API</h1><dt id="f">f</dt>')
    (tmp_path / "index.html").write_text(
        '<a href="api/">ok</a><a href="api/index.html#f">ok</a><a href="#here">ok</a>'
        '<p id="here"></p><img src="pic.png"><a href="https://example.org/x">external</a>'
        '<a href="api/index.html#nowhere">bad anchor</a><a href="gone.html">bad file</a>'
        '<a href="../outside.html">outside</a>'
    )
    (tmp_path / "pic.png").write_bytes(b"png")
    (tmp_path.parent / "outside.html").write_text("")
    assert broken_links(tmp_path) == [
        "index.html: api/index.html#nowhere (no such anchor)",
        "index.html: gone.html (no such file)",
        "index.html: ../outside.html (no such file)",
    ]
