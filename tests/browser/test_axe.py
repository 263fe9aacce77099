"""axe-core (the npm package, never a CDN) in each game's Voila app: no serious or critical
violation in the project's own elements.

``tests/browser/package.json`` pins axe-core 4.14.1; ``make test-browser`` runs ``npm ci``
there. The script is read from ``node_modules`` and injected into the page with
``add_script_tag`` (a local file, nothing fetched). For each game notebook the app is opened
at 1280x900, the board drawn, and ``axe.run`` checks the whole document (WCAG 2.0/2.1 A and AA
and best practices). Every violating node is sorted:

* **project**: inside a game widget (``.nekolib-game``) or an output of the notebook
  (``.jp-OutputArea-output``, ``.jp-RenderedHTMLCommon`` of a Markdown cell): the project wrote it;
* **chrome**: anything else (Voila's page template, JupyterLab's chrome).

The test asserts no serious or critical violation in the project's nodes and prints every
count by impact for both. Jupyter's chrome, as measured (issue 31, docs/browser.md): in Voila
only ``region`` (moderate: Voila's page has no landmark; 24-38 nodes a page); in the
JupyterLite site (``test_lite.py -k axe``) JupyterLab's own serious/critical nodes: one
unnamed CodeMirror editor per code cell (aria-input-field-name), the file browser's "Upload
Files" and "Toggle File Filter" buttons (aria-allowed-attr) and the cell list's
``role="feed"`` (aria-required-children). ``NEKOLIB_AXE_DUMP=<dir>`` writes every node found.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest
from _nekobrowser import QUIET_JS, ROOT, game_notebooks

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
PROJECT_SELECTOR = ".nekolib-game, .jp-OutputArea-output, .jp-MarkdownOutput"

RUN_AXE_JS = """async (projectSelector) => {
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
    resultTypes: ['violations'],
  });
  const rows = [];
  for (const v of result.violations) {
    for (const node of v.nodes) {
      let inProject = false;
      for (const target of node.target) {
        const sel = Array.isArray(target) ? target[target.length - 1] : target;
        let el = null;
        try { el = document.querySelector(sel); } catch (e) { el = null; }
        if (el && el.closest(projectSelector)) inProject = true;
      }
      rows.push({rule: v.id, impact: node.impact || v.impact, project: inProject,
                 target: node.target.join(' '), html: node.html.slice(0, 160)});
    }
  }
  return {version: axe.version, rows};
}"""


def axe_available() -> None:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` in tests/browser (make test-browser does)")


def run_axe(page) -> dict:
    """Inject axe-core from node_modules and run it on the whole page."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE_JS, PROJECT_SELECTOR)


def counts(rows: list[dict], project: bool) -> dict[str, int]:
    return dict(Counter(r["impact"] for r in rows if r["project"] == project))


def by_rule(rows: list[dict], project: bool) -> dict[str, int]:
    return dict(Counter(f"{r['rule']} ({r['impact']})" for r in rows if r["project"] == project))


def summarise(rows: list[dict]) -> dict[str, dict[str, int]]:
    """Violations by impact and by rule, the project's apart from the front end's own."""
    return {
        "project": counts(rows, True),
        "project_rules": by_rule(rows, True),
        "chrome": counts(rows, False),
        "chrome_rules": by_rule(rows, False),
    }


def open_game(page, voila, notebook: Path) -> None:
    rel = notebook.relative_to(ROOT).as_posix()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(voila.url(f"/voila/render/{rel}"), timeout=180_000, wait_until="load")
    page.wait_for_selector(".nekolib-game .nekolib-board-view svg", timeout=180_000)
    page.wait_for_selector(".nekolib-game .nekolib-log", state="attached", timeout=30_000)
    page.evaluate(QUIET_JS, 500)


@pytest.mark.parametrize("notebook", game_notebooks(), ids=lambda p: p.stem)
def test_no_serious_or_critical_axe_violation_in_the_voila_app(notebook, voila, page):
    axe_available()
    open_game(page, voila, notebook)
    # the notebook's charts are drawn in the page (the kernel's inline backend), each an
    # <img> whose alt text comes from the chart's data (nekolib.charts.figure_alt)
    page.wait_for_selector('img[alt^="Chart"]', state="attached", timeout=120_000)
    charts = page.evaluate(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
        ".map(i => i.getAttribute('alt') || '')"
    )
    print(f"\n{notebook.stem}: {len(charts)} pictures and charts, alt texts: {charts}")
    assert charts and all(charts), charts
    found = run_axe(page)
    rows = found["rows"]
    summary = {"axe": found["version"], **summarise(rows)}
    report_and_check(rows, summary, notebook.stem)


def report_and_check(rows: list[dict], summary: dict, name: str) -> None:
    """Print the counts, dump the rows (``NEKOLIB_AXE_DUMP``), fail on any serious or
    critical violation in the project's elements."""
    print(f"\naxe {name}: {json.dumps(summary)}")
    dump = os.environ.get("NEKOLIB_AXE_DUMP")
    if dump:
        Path(dump).mkdir(parents=True, exist_ok=True)
        (Path(dump) / f"{name}.json").write_text(json.dumps(rows, indent=1))
    bad = [r for r in rows if r["project"] and r["impact"] in BLOCKING]
    assert not bad, "serious/critical axe violations in the project's elements:\n" + "\n".join(
        f"{r['impact']} {r['rule']}: {r['target']} {r['html']}" for r in bad[:12]
    )
