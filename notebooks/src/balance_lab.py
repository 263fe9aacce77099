# %% [markdown]
# # The balance lab: what many games between computer players say about a design
#
# A designer's questions about a game are statistical. *Is the first player favoured?
# Does a cleverer player win more often, or is it mostly luck? What happens to the game if
# the die gets two blank faces?* The balance lab answers them by playing many seeded games
# between the computer players each game ships (`random`, `greedy`, Monte Carlo tree search
# `mcts`, and the game's own specialists) and summarising them with honest error bars.
#
# This notebook reads the results committed in `results/` (produced by
# `python -m nekolib lab run experiments/<name>.toml`, which plays on a Dask cluster and
# can be stopped and resumed), and runs one tiny experiment live. `docs/lab.md` is the
# reference for experiment files.

# %%
import tempfile
from pathlib import Path

from nekolib.lab import (
    RESULTS_DIR,
    ladder,
    load_experiment,
    parse_experiment,
    read_rows,
    run_serial,
    seat_shares,
    sweep_summary,
    tidy,
    to_markdown,
)
from nekolib.lab.charts import seats_figure, sweep_figure

EXPERIMENTS = RESULTS_DIR.parent / "experiments"
print((EXPERIMENTS / "neko_in_dice.toml").read_text())

# %% [markdown]
# An experiment names a game, the player count(s), the agents (one per seat, or a list to
# `rotate` through every seating), the number of games, a seed, fixed `[params]` and a
# `[sweep]` of values to try. Every game gets its own seed from a stable hash of
# (experiment seed, game number), so any worker on any machine plays exactly the same game.

# %%
dice = load_experiment(EXPERIMENTS / "neko_in_dice.toml")
print(dice.total, "games;", "game 401 is", dice.spec(401))

# %% [markdown]
# ## Strength ladders
#
# Every seating of the agents plays in turn. The **rating** is a Bradley-Terry fit on the
# Elo scale (`random` = 0; a 100-point gap means the stronger agent finishes above the
# weaker about 64% of the time), with a bootstrap 95% interval. The **win share** is the
# mean result over the seats an agent played (1 win, 0 loss, 1/k for a shared win) with
# a Wilson 95% interval; `fair` is what an agent with no edge would get.

# %%
COLUMNS = ["agent", "elo", "elo_low", "elo_high", "seats", "win_share", "low", "high", "fair"]
for game in ("neko_boss", "neko_in", "manekinecollection", "indovina_gatto"):
    path = RESULTS_DIR / f"{game}_ladder.jsonl"
    if not path.exists():
        print(f"{path.name}: not run yet\n")
        continue
    header, rows = read_rows(path)
    print(f"{game}: {len(rows)} games, {header['experiment']['players']} players")
    print(to_markdown(ladder(rows), COLUMNS, digits=2), "\n")

# %% [markdown]
# ## Seat advantage
#
# The same agent in every seat, so any difference between seats is the seat's own. A
# seat whose Wilson interval misses `fair` (1/players) has a significant edge.

# %%
header, seats_rows = read_rows(RESULTS_DIR / "neko_in_seats.jsonl")
print(to_markdown(seat_shares(seats_rows), digits=3))

# %%
# NBVAL_IGNORE_OUTPUT
seats_figure(header, seats_rows)

# %% [markdown]
# ## A parameter sweep: Neko-in's die
#
# The catch roll shows a cat colour; a face of `-1` shows none, so nobody is caught on it
# (`catch_die_faces`; the two brawl dice keep their six colours).
# With fewer colour faces, fewer cats are carried back to the Garden: how does that change
# the length of a game and the edge of the first seat?

# %%
header, dice_rows = read_rows(RESULTS_DIR / "neko_in_dice.jsonl")
print(to_markdown(sweep_summary(dice_rows), digits=3))

# %%
# NBVAL_IGNORE_OUTPUT
sweep_figure(header, dice_rows)

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
print(to_markdown(ladder(rows, bootstrap=0), ["agent", "elo", "win_share", "low", "high"]))

# %% [markdown]
# ### Exercise
#
# In the 6-player Neko-in games of `neko_in_seats`, which seat (0-5) has the highest win
# share? Use `seat_shares(seats_rows)`.

# %%
six = [s for s in seat_shares(seats_rows) if s["players"] == 6]
best_seat = max(six, key=lambda s: s["share"])["seat"]  # your answer
print(best_seat)

# %%
wins = [sum(r["returns"][k] for r in seats_rows if r["players"] == 6) for k in range(6)]
assert best_seat == wins.index(max(wins))
