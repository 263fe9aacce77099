# %% [markdown]
# # The balance lab: what many games between computer players say about a design
#
# A designer's questions about a game are statistical. *Is the first player favoured?
# Does a cleverer player win more often, or is it mostly luck? What happens to the game if
# the die gets two blank faces?* The balance lab answers them by playing many seeded games
# between the computer players each game ships (`random`, `greedy`, Monte Carlo tree search
# `mcts`, and the game's own specialists) and summarising them with honest error bars,
# one test per question, and the power of that test.
#
# This notebook reads the results committed in `results/` (produced by
# `python -m nekolib lab run experiments/<name>.toml`, which plays on a Dask cluster, can be
# stopped and resumed, and records in every row the code that played it), and runs one tiny
# experiment live. `docs/lab.md` is the reference, with the conclusion of every experiment.

# %%
import math
import tempfile
from pathlib import Path

from nekolib.lab import (
    RESULTS_DIR,
    head_to_head,
    ladder,
    load_experiment,
    parse_experiment,
    read_rows,
    run_serial,
    seat_shares,
    seat_tests,
    sweep_summary,
    sweep_tests,
    tidy,
    to_markdown,
    wilson,
)
from nekolib.lab.charts import seats_figure, sweep_figure
from nekolib.lab.inference import binom_test
from nekolib.lab.stats import labelled

EXPERIMENTS = RESULTS_DIR.parent / "experiments"
if not (EXPERIMENTS / "neko_boss_ladder.toml").is_file():  # a pip install, not a clone
    raise SystemExit(
        "This notebook reads the results and experiments committed in nekolib's git"
        " repository: open it in a clone (make lab), not from a pip install."
    )


def shown(fig):
    """The chart as a picture with alt text from its data: a matplotlib ``Figure`` made
    without pyplot has no notebook display of its own (it would print ``<Figure ...>``)."""
    from nekolib.charts import FigureImage

    return FigureImage(fig, dpi=90)


print((EXPERIMENTS / "neko_boss_ladder.toml").read_text())

# %% [markdown]
# An experiment names a game, the player count(s), the agents (one per seat, or a list to
# `rotate` through every seating), the number of games, a seed, fixed `[params]` and a
# `[sweep]` of values to try. Every game gets its own seed from a stable hash of
# (experiment seed, game number), so any worker on any machine plays exactly the same game.
# `python -m nekolib lab list` shows every agent's settings and every rule parameter.

# %%
boards = load_experiment(EXPERIMENTS / "neko_boss_boards.toml")
print(boards.total, "games;", "game 401 is", boards.spec(401))
header, ladder_rows = read_rows(RESULTS_DIR / "neko_boss_ladder.jsonl")
print("played by", {k: ladder_rows[0]["code"][k] for k in ("nekolib", "source", "python")})
print("mcts settings:", next(r["agents"]["mcts"] for r in ladder_rows if "mcts" in r["agents"]))

# %% [markdown]
# ## Strength: read the head-to-head table
#
# The **ladder** rates every agent on the Elo scale (`random` = 0; a 100-point gap means
# the stronger agent finishes above the weaker about 64% of the time), with a bootstrap
# 95% interval *against random*. Whether two agents differ is another question, answered
# by the **head-to-head** table: for each pair the comparisons `n`, wins/draws/losses, the
# first agent's score with its Wilson 95% interval, the exact sign test `p`, and the
# rating difference with its own bootstrap interval. A perfect record has no finite
# difference: it shows the one-sided 95% bound and `inf`.

# %%
COLUMNS = ["agent", "elo", "elo_low", "elo_high", "win_share", "low", "high", "note"]
for game in ("neko_boss", "neko_in", "manekinecollection", "indovina_gatto"):
    header, rows = read_rows(RESULTS_DIR / f"{game}_ladder.jsonl")
    rows = labelled(rows, header["experiment"])
    print(f"{game}: {len(rows)} games, {header['experiment']['players']} players")
    print(to_markdown(ladder(rows), COLUMNS, digits=2))
    print(to_markdown(head_to_head(rows), digits=3), "\n")

# %% [markdown]
# In Neko Boss the solver's and MCTS's rating bars overlap, yet head to head the solver
# wins 31 of 40 comparisons, and the difference's own interval excludes 0. Where an
# interval of a difference contains 0 (and `p` is large), the order of the two agents is
# not established by these games: more games, not a longer bar, would settle it.

# %% [markdown]
# ## Seat advantage: one test per table, then Holm, then power
#
# The same agent in every seat, so any difference between seats is the seat's own.
# `seat_tests` runs **one** test per player count (2 players: exact binomial of seat 1's
# wins against its losses, draws aside; more: chi-square of the wins per seat, and the
# ordered-seat trend test: do early seats win more?), adjusts them by Holm over the
# file's tables (`p_holm`, `trend_holm`: four player counts are four chances to find
# something), and says what edge the run could have found (80% power, for that same test
# at 5% / tables) and how big an edge its intervals still allow (`ci_edge`). A table's edge
# is established when its `p_holm` is below 0.05; the trend is a lead, not part of that.
# Only then look at single seats (numbered from 1, as everywhere in the lab):
# `seat_shares` flags a seat (`edge`) when its test, Holm-adjusted over every seat of
# the file, is below 0.05.

# %%
header, seats_rows = read_rows(RESULTS_DIR / "neko_in_seats.jsonl")
columns = ["players", "games", "test", "p", "p_holm", "trend", "trend_p", "trend_holm"]
print(to_markdown(seat_tests(seats_rows), columns))
for t in seat_tests(seats_rows):
    print(f"{t['players']} players: {t['reading']}")
print()
print(to_markdown(seat_shares(seats_rows), digits=3))

# %%
# NBVAL_IGNORE_OUTPUT
shown(seats_figure(header, seats_rows))

# %% [markdown]
# ## Seat advantage depends on who plays: Neko Boss
#
# Is Red (seat 1, first to place and to move) favoured? Three answers from the committed
# data: greedy against itself (2 000 games), the mixed field of the ladder (every agent in
# every seat), and perfect play after a random placement (the exact value of 200
# positions, `nekolib/neko_boss/data/perfect_play.json`).

# %%
from nekolib.neko_boss.charts import perfect_play  # noqa: E402

header, boss_rows = read_rows(RESULTS_DIR / "neko_boss_seats.jsonl")
greedy = next(t for t in seat_tests(boss_rows) if t["players"] == 2)
mixed = seat_tests(ladder_rows)[0]
exact = perfect_play()["summary"]["random"]
answers = [
    ("greedy self-play", greedy["W"], greedy["D"], greedy["L"]),
    ("ladder: every agent in every seat", mixed["W"], mixed["D"], mixed["L"]),
    ("perfect play after a random placement", exact["win"], exact["draw"], exact["loss"]),
]
table = []
for who, w, d, lost in answers:
    n = w + d + lost
    low, high = wilson(w + d / 2, n)
    table.append(
        {"who plays": who, "games": n, "W": w, "D": d, "L": lost, "Red's score": (w + d / 2) / n,
         "low": low, "high": high, "p (W vs L)": binom_test(w, w + lost)}
    )  # fmt: skip
print(to_markdown(table, digits=3))
print(greedy["power"])

# %% [markdown]
# ## A parameter sweep: Neko Boss boards
#
# Per board: the game length, seat 1's share and its W/D/L (draws exist on the small
# boards), with intervals. First ask whether the boards differ at all (`sweep_tests`:
# wins against losses among decisive games, and the draw rate apart, Holm over the
# tests): the boards differ in draws, not in who wins; only then compare single boards.
# Seat tables are per board: pooling different rules
# into one "seats" table would answer no question.

# %%
header, board_rows = read_rows(RESULTS_DIR / "neko_boss_boards.jsonl")
columns = ["board", "games", "length", "length_ci", "seat1", "seat1_low", "seat1_high",
           "W", "D", "L"]  # fmt: skip
print(to_markdown(sweep_summary(board_rows), columns, digits=3))
print(to_markdown(sweep_tests(board_rows), digits=4))

# %%
# NBVAL_IGNORE_OUTPUT
shown(sweep_figure(header, board_rows))

# %% [markdown]
# ## The designer's page: is this game fair?
#
# `python -m nekolib lab report GAME` (here `report_text`) reads every committed run of one
# game and answers: is it fair **by seat**, **at each player count**, **under the rule
# variants** that were tried, and which setting is most balanced? Seats are named by turn
# order from 1 (seat 1 plays first), in every table and chart here. Every finding comes
# with its Wilson interval, the test and the correction used (Holm over the tables of its
# own run: a run asks one question), the smallest edge the run detects with 80% power (for
# that test at that level), the largest edge its intervals still allow, and what it does
# not show; a comparison section ranks sweep values and pools the runs that played one
# configuration, with a test of agreement. Neko-in with four players is the case the lab
# first missed: two runs of 400 games disagreed, a run of 2 700 games saw seat 1 at +2.0
# points (p = 0.050) and a confirmatory run of 5 000 games, sized for a 2-point edge
# before it was played, establishes it.

# %%
from IPython.display import Markdown  # noqa: E402

from nekolib.lab.report import findings, game_runs, report_figure, report_text  # noqa: E402

Markdown(report_text("neko_in"))

# %% [markdown]
# The chart draws every seat table of the game's self-play runs: each seat's win share
# minus its fair share, in points, with its interval (filled: that seat's edge survives
# Holm over its run's seats). Tables and sweep values are categories, never joined by lines.

# %%
# NBVAL_IGNORE_OUTPUT
shown(report_figure("neko_in"))

# %% [markdown]
# In Manekinecollection the two-player edge belongs to the player who moves *second*, not
# to a seat: `first_player` moves the first turn to seat 2 and the edge moves with it.
# (That is a finding of the rules: `tests/test_lab_findings.py` plays games mirrored, seat
# 2 starting with seat 1's cards, and every one ends mirrored.)

# %%
for finding in findings(game_runs("manekinecollection")):
    if "moves first" in finding.table:
        print(finding.text(), end="\n\n")

# %% [markdown]
# ## A tiny experiment, live
#
# Twelve games of Neko Boss on the small `grid_3x4` board, greedy against random in both
# seatings. `run_serial` plays them here, one after another; `run` (or
# `python -m nekolib lab run`) plays the same games on a Dask cluster, with the same rows.

# %%
tiny = parse_experiment(
    {
        "name": "tiny",
        "game": "neko_boss",
        "players": 2,
        "games": 12,
        "seed": 5,
        "rotate": ["greedy", "random"],
        "params": {"board": "grid_3x4"},
    }
)
with tempfile.TemporaryDirectory() as out:
    rows = run_serial(tiny, Path(out))
print(to_markdown(tidy(rows)[:6], ["index", "seats", "winner", "winner_agent", "length", "scores"]))
print(
    to_markdown(
        head_to_head(rows, bootstrap=0), ["pair", "n", "W", "D", "L", "score", "low", "high", "p"]
    )
)

# %% [markdown]
# ### Exercise
#
# In the 3-player Neko-in games of `neko_in_seats`, is there a seat advantage? Give the
# p-value of the one test of the 3-player table (`seat_tests(seats_rows)`).

# %%
three = next(t for t in seat_tests(seats_rows) if t["players"] == 3)
answer = three["p"]  # your answer
print(round(answer, 4))

# %%
wins = [sum(r["returns"][k] for r in seats_rows if r["players"] == 3) for k in range(3)]
games = sum(1 for r in seats_rows if r["players"] == 3)
statistic = sum((w - games / 3) ** 2 / (games / 3) for w in wins)
assert abs(answer - math.exp(-statistic / 2)) < 1e-9  # chi-square with 2 df: P(X > x) = e^(-x/2)
