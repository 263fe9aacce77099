"""The balance lab: tournaments between computer players, and what they say about a game.

Describe an experiment (game, players, parameters, agents per seat, games, seed), run it on
Dask (a local cluster by default, any cluster by address), and summarise the results::

    from nekolib.lab import load_experiment, run, ladder, to_markdown
    exp = load_experiment("experiments/neko_boss_ladder.toml")
    rows = run(exp)                # into ./results; resumable: finished games are kept
    print(to_markdown(ladder(rows)))

Command line: ``python -m nekolib lab run experiments/x.toml [--scheduler tcp://host:8786]``
and ``python -m nekolib lab summary results/x.jsonl``. See ``docs/lab.md``.
"""

from __future__ import annotations

from nekolib.lab.experiment import (
    Experiment,
    ExperimentError,
    game_seed,
    load_experiment,
    parse_experiment,
)
from nekolib.lab.play import play_game
from nekolib.lab.runner import IncompleteRunError, results_path, run, run_serial
from nekolib.lab.stats import (
    agent_shares,
    bradley_terry,
    head_to_head,
    ladder,
    pairwise_record,
    pairwise_wins,
    seat_shares,
    seat_tests,
    sweep_summary,
    sweep_tests,
    tidy,
    to_markdown,
    wilson,
)
from nekolib.lab.store import RESULTS_DIR, MixedVersionsError, Store, read_rows
from nekolib.lab.version import code_version

__all__ = [
    "RESULTS_DIR",
    "Experiment",
    "ExperimentError",
    "IncompleteRunError",
    "MixedVersionsError",
    "Store",
    "agent_shares",
    "bradley_terry",
    "code_version",
    "game_seed",
    "head_to_head",
    "ladder",
    "load_experiment",
    "pairwise_record",
    "pairwise_wins",
    "parse_experiment",
    "play_game",
    "read_rows",
    "results_path",
    "run",
    "run_serial",
    "seat_shares",
    "seat_tests",
    "sweep_summary",
    "sweep_tests",
    "tidy",
    "to_markdown",
    "wilson",
]
