# %% [markdown]
# # Neko Boss: stacks of cats that travel as far as they are tall
#
# *Seed 002.* Neko Boss is by Mitsuo Yamamoto (Logy Games, Japan, 2022), the successor
# of his *Sky Scrapers*. Two to four players place cats on the 24 intersections of Neko Town,
# one at a time, until the board is full. Then, in turn, a player moves a stack whose
# **top** cat is theirs: a stack of height *h* travels **exactly h intersections in a
# straight line** (jumping whatever is in between) and must land **on another stack**,
# never on a vacant point. A player without a legal move is out for the rest of the
# game; when nobody can move, the player keeping the most stacks of 4+ wins (then the
# highest stack, then the most stacks).
#
# The seed does not draw the board. nekolib ships boards as data; the default is a
# 4 × 6 street grid (see `docs/assumptions/neko_boss.md` for why).

# %%
import random

from nekolib.core import IllegalAction
from nekolib.neko_boss.boards import BOARDS, TOWN_4X6, grid_board, line_board
from nekolib.neko_boss.rules import Move, Params, from_layout, new_game, random_layout

for board in BOARDS.values():
    print(
        f"{board.name:18} {board.size:2} points {len(board.lines):2} lines  "
        f"longest move {board.max_distance}  symmetries {len(board.symmetries)}"
    )

# %% [markdown]
# Every position draws itself: a seeded random placement, eight moves in, with the last
# move as an arrow, stacks of 4+ on gold plates and the score table under the board.

# %%
from nekolib.neko_boss.picture import example_view, svg

svg(example_view())

# %% [markdown]
# A state shows the same picture (`state`), prints as text (`print(state)`) and has a
# one-line `repr`:

# %%
start = random_layout(Params(), random.Random(2022))
print(start)
print(repr(start))

# %% [markdown]
# ## Play
#
# Red is yours, Blue is the greedy computer. **Click the picture to play**: in the
# placement phase click a free intersection; then click one of your stacks (the ones
# that can move light up) and then the stack it lands on. Click a picked stack again,
# or press Escape, to change your mind. **Hint** answers at once with a *first look*: the
# best move of a quick look-ahead (your move, Blue's best reply, your best next move, then
# the score difference), labelled as such and not exact. Meanwhile the solver searches in the
# background (with numba; the progress shows under the board): as soon as the move's value is
# known it is shown ("still searching"), and when the search ends the exact hint replaces the
# first look: win, draw or loss with best play for its move and for the best alternative
# (exact if both players play perfectly from here; **How is this computed?** lists the values
# it compared). You can keep playing: a move or a new game drops the search
# for the old position. A position the solver does not settle within 20 million positions a
# thread gets greedy's move, and the hint says so. Change a seat
# to `human` for hot-seat play, or to `solver`, use *Undo*, or start a new game with a
# seed. `random_setup=True` skips the placement phase.

# %%
# NBVAL_IGNORE_OUTPUT
from nekolib.neko_boss.widget import play

play(2, seats=["human", "greedy"])

# %%
# NBVAL_IGNORE_OUTPUT
play(2, seats=["human", "solver"], random_setup=True, seed=7, pieces_per_player=6)

# %% [markdown]
# A full board, ready to move (seed 0). In the browser site (no numba) the hints of this
# game are exact from a committed table (`nekolib/neko_boss/data/hint_book.json`) at its
# start and after any first or second move of yours (with Blue's greedy replies), and again
# once at most 18 stacks are left (the pure-Python solver); in between, and on other boards,
# the first look is the hint, and it says so.

# %%
# NBVAL_IGNORE_OUTPUT
play(2, seats=["human", "greedy"], random_setup=True, seed=0)

# %% [markdown]
# ## The rules on a line of five
#
# A 2-stack on `a1` may jump the vacant `b1` and land on `c1`; it may not stop on
# vacant `b1`, and `d1` is 3 steps away. Actions number the intersections (`a1` is 0);
# `state.parse("a1-c1")` turns what the board shows into the action, and an illegal
# action is refused with the reason and the legal ones, in the board's labels.

# %%
line = Params(board=line_board(5))
state = from_layout([(1, 0), None, 1, 0, None], line, to_move=0)
print([state.action_to_string(a) for a in state.legal_actions()])
after = state.apply(state.parse("a1-c1"))
assert after == state.apply(Move(0, 2))
print("after a1->c1:", after.stacks, " heights", after.heights(), " next:", after.to_move)
try:
    state.apply(state.parse("a1-b1"))
except IllegalAction as refusal:
    print(refusal)

# %% [markdown]
# ## The state key
#
# Only *(height, top owner)* per intersection, the seat to move and who is out matter for
# the rest of the game; the buried cats never do (proof in `docs/neko_boss_state_key.md`).
# The analysis packs the key into one byte per intersection.

# %%
print(after.key())

# %% [markdown]
# ## Reachability: what can still happen?
#
# From a position, `reachable` walks **every** line of play of every seat: how many
# distinct positions can occur, the tallest stack each seat can ever control, and
# where a 4+ stack can ever stand. Here: the default board after 6 + 6 pieces were
# placed at random.

# %%
from nekolib.neko_boss.analysis import reachable

start = random_layout(Params(pieces_per_player=6), random.Random(0))
report = reachable(start)
print("positions:", report.positions, " up to symmetry:", report.symmetry_classes)
print("final positions:", report.terminal, " tallest per seat:", report.tallest)
print("4+ stacks possible on:", [TOWN_4X6.labels[p] for p in report.tall_points])
print("by stacks left:", report.by_stacks)

# %% [markdown]
# Over many random placements, which intersections can host a 4+ stack? Each number is
# the share of seeded random 6 + 6 placements from which *some* line of play builds a
# stack of 4 or more on that intersection, averaged over the board's symmetries (a
# placement is as likely as its mirror image, so mirror-image points share one value).
# The grid's long streets let tall stacks travel; on the three-squares board no
# straight path has more than 3 points, so a stack of 3 is frozen and 4+ stacks are
# rarer. This cell uses 40 placements; `figures/neko_boss_tall_heatmap.png` (written by
# `python -m nekolib figures`) uses 200.

# %%
# NBVAL_IGNORE_OUTPUT
from nekolib.neko_boss.charts import heatmap_figure

heatmap_figure(samples=40)

# %% [markdown]
# ## Solving 2-player positions exactly
#
# `solve` is alpha-beta over win/draw/loss with a transposition table keyed by the
# symmetry-folded state key. `minimax_plain` walks every line of play through the rules
# engine with no table and no pruning; it is the independent check, and the node counts
# show what the table and pruning save.

# %%
from nekolib.neko_boss.analysis import minimax_plain, solve

position = random_layout(Params(pieces_per_player=6), random.Random(1))
fast, plain = solve(position), minimax_plain(position)
print("value (seat 0's view):", fast.value, "=", fast.winner, "| plain minimax:", plain.value)
print("best move:", position.action_to_string(fast.best_move))
print(f"positions visited: plain {plain.nodes}, solver {fast.nodes}: "
      f"{plain.nodes / fast.nodes:.0f}x fewer")

# %% [markdown]
# Long searches report progress: `solve(state, progress=...)` calls back after each
# root move and while searching (here with a tqdm bar).

# %%
# NBVAL_IGNORE_OUTPUT
from tqdm.auto import tqdm

bigger = random_layout(Params(pieces_per_player=7), random.Random(2))
with tqdm(desc="root moves") as bar:
    def hook(done, total, nodes):
        bar.total = total
        bar.n = done
        bar.set_postfix(nodes=nodes)
        bar.refresh()
    result = solve(bigger, progress=hook)
print(result.winner, result.nodes, "positions", f"{result.seconds:.2f} s")

# %% [markdown]
# ## Solved after placement
#
# With numba installed (`pip install 'nekolib[solver]'`), `solve` uses a compiled solver
# (`nekolib.neko_boss.solver`): the same alpha-beta over win/draw/loss, but on two machine
# words per position, with a bounded transposition table and moves tried in order of the
# mover's moves left minus twice the opponent's replies. It solves the full default board,
# 12 + 12 pieces, on two threads: on an idle 2-core machine half the random placements below
# took under 2.3 s and the hardest 23 s (89 million positions), each in a fresh process
# ([docs/neko_boss_solver.md](../docs/neko_boss_solver.md)); with other work running it is
# slower. So the question "who wins a placement with perfect play?" has exact answers.
# `tools/neko_boss_perfect_play.py` solved seeded random placements and placements made by
# each shipped agent (greedy and solver place at random: no placement
# changes the score; MCTS plays placements out at random); the results are committed in
# `nekolib/neko_boss/data/perfect_play.json`. Red places first and, the board being full,
# also moves first.

# %%
from nekolib.lab.stats import wilson
from nekolib.neko_boss.charts import perfect_play_figure
from nekolib.neko_boss.solved import perfect_play

results = perfect_play()
for source, row in results["summary"].items():
    low, high = wilson(row["win"], row["positions"])
    print(f"{source:14} {row['positions']:3} placements: Red wins {row['win']}, "
          f"draws {row['draw']}, loses {row['loss']}  (win share 95% interval "
          f"{low:.2f}-{high:.2f}); solves took {row['mean_seconds']:.0f} s on average, "
          f"at most {row['max_seconds']:.0f} s")

# %%
# NBVAL_IGNORE_OUTPUT
perfect_play_figure()

# %% [markdown]
# **Placement endgame.** With 2-6 pieces still to place, every option can be valued
# exactly: the rest of the placement is searched (each finished placement solved once).
# Values are for the player placing: +1 win, 0 draw, -1 loss.

# %%
for game in results["endgame"]:
    print(f"{game['left']} left, {['Red', 'Blue'][game['placer']]} places: "
          f"{game['options']}  best: {', '.join(game['best'])}")

# %% [markdown]
# ## Three and four players
#
# *Paranoid*: one seat against a coalition of all the others. *Max-n*: every seat
# maximises its own share of the win. Exact fractions on a 3 × 3 board.

# %%
from nekolib.neko_boss.analysis import maxn, paranoid

three = random_layout(Params(num_players=3, board=grid_board(3, 3)), random.Random(4))
print("paranoid values:", [str(paranoid(three, seat)) for seat in range(3)])
print("max-n values:   ", [str(v) for v in maxn(three)])

# %% [markdown]
# ## Classroom exercises
#
# Three exercises from the library's exercise bank (`nekolib.classroom`), all on the line
# of five `a1` Red, `b1` Blue, `c1` Red, `d1` Blue, `e1` Red, Red to move: the legal
# moves, the winning moves (work it out on paper first: after each move, what can Blue
# do?) and the number of reachable positions. Write moves as two labels joined by a
# hyphen, `"a1-c1"`, and a list of moves as `["a1-c1", "e1-c1"]`. Put your answer in the
# empty cell and run the check: it says right or wrong and gives the next hint, never the
# answer. A teacher can hand every student a different position with
# `python -m nekolib classroom`.
#
# This is **practice**: the check lives in your own kernel, so a student who codes can dig
# the answer out of it. For marks, a teacher runs `make classroom`: graded notebooks with
# each student's own numbers and nothing in them that yields an answer (docs/classroom.md).

# %%
from IPython.display import Markdown, display  # noqa: E402

from nekolib.classroom import practice  # noqa: E402

check_1 = practice("neko_boss.legal_moves", "answer_1")
display(Markdown(check_1.prompt))
check_1.picture()

# %%
answer_1 = None  # your answer

# %%
check_1(answer_1)

# %%
check_2 = practice("neko_boss.winning_moves", "answer_2")
display(Markdown(check_2.prompt))

# %%
answer_2 = None  # your answer

# %%
check_2(answer_2)

# %%
check_3 = practice("neko_boss.reachable_positions", "answer_3")
display(Markdown(check_3.prompt))

# %%
answer_3 = None  # your answer

# %%
check_3(answer_3)
