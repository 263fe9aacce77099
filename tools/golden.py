"""Rewrite the golden playthroughs in ``tests/golden/`` (one seeded game per game and table size).

    python tools/golden.py           # rewrite every file
    python tools/golden.py --check   # exit 1 if any file would change

Review the diff before committing: a changed line is a changed rule, picture or label.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nekolib
from nekolib.playthrough import golden_cases, playthrough

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    games = nekolib.games()
    stale = []
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for key, players in golden_cases(games):
        path = GOLDEN / f"{key}_{players}p.txt"
        text = playthrough(games[key], players)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path.name)
            if not check:
                path.write_text(text, encoding="utf-8")
        print(f"{path.relative_to(GOLDEN.parent.parent)}: {text.count(chr(10))} lines")
    if check and stale:
        print("stale golden files:", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
