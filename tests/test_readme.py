"""The README is a front page: short, every link resolves, and its quickstart plays."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def readme_links() -> list[str]:
    text = README.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # links inside code blocks are code
    return LINK.findall(text)


def slugs(markdown: Path) -> set[str]:
    """GitHub's anchors of a Markdown file's headings."""
    out = set()
    for line in markdown.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


def test_the_readme_is_under_150_lines():
    assert len(README.read_text(encoding="utf-8").splitlines()) < 150


def test_every_readme_link_resolves():
    links = readme_links()
    assert len(links) >= 20  # the four pictures, the notebooks, the guides
    broken = []
    for link in links:
        if link.startswith(("http://", "https://")):
            continue
        path, _, anchor = link.partition("#")
        target = (ROOT / path).resolve() if path else README
        found = target.exists() and ROOT in target.parents
        if not found or (anchor and target.suffix == ".md" and anchor not in slugs(target)):
            broken.append(link)
    assert broken == []


def test_the_readme_links_each_audience_guide_of_the_site():
    links = set(readme_links())
    for guide in ("learners", "teachers", "designers", "contributors"):
        assert f"docs/{guide}.md" in links
        assert (ROOT / "docs" / f"{guide}.md").is_file()


def python_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def run_block(code: str) -> object:
    """Run a README code block as a notebook cell does: the value of its last expression."""
    tree = ast.parse(code)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    namespace: dict = {}
    exec(compile(tree, "README.md", "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), "README.md", "eval"), namespace)


def test_the_quickstart_gives_a_board_that_answers_a_click():
    pytest.importorskip("ipywidgets")
    import nekolib

    if not hasattr(nekolib, "play"):  # nekolib.play arrives with the packaging branch (i38pkg)
        pytest.skip("nekolib.play is not in this checkout yet")
    quickstart = next(b for b in python_blocks() if "from nekolib import play" in b)
    board = run_block(quickstart)
    assert type(board.state).__module__ == "nekolib.neko_in.rules"
    clicks = importlib.import_module("nekolib.neko_in.clicks")
    before, paths = board.board.svg, clicks.click_paths(board.state)
    action = paths.actions()[0]
    for element in paths.paths[action][0]:  # the clicks the front end would report
        board.board.receive({"event": "click", "id": element})
    assert board.match.actions[0] == action
    assert board.board.svg != before


def test_the_library_example_runs():
    from nekolib.neko_in import rules

    block = next(b for b in python_blocks() if "rules.new_game" in b)
    state = run_block(block + "\nstate\n")
    start = rules.new_game(num_players=4, seed=1)
    assert state == start.apply(start.legal_actions()[0]) and state != start
