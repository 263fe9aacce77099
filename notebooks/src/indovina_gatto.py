# %% [markdown]
# # Indovina Gatto: exact deduction at the masked ball
#
# *Indovina Gatto* by Connor Reid (HABA 2019; English edition *Cloaked Cats*, German
# *Club der Tatzen*) for 2-4 players.
# Everybody secretly holds **3 of the 19 trait cards** (5 poses, 8 fur colours,
# 2 patterns, 4 accessories). On your turn you
#
# 1. play a **cat card** from your hand (each cat shows 3-4 traits);
# 2. every player - you too - who shares **at least one** trait with that cat puts
#    **exactly one** mask on it;
# 3. may **guess** one trait of one player: right, the trait is unmasked and you take
#    one of their masks; wrong, you give them one of yours;
# 4. draw a cat.
#
# The game ends when a player's three traits are all unmasked (the round is finished
# with guesses only) or when somebody runs out of masks. Points: one per mask received
# plus one per trait still hidden.
#
# Every mask is an exact yes/no answer to "do you have one of these traits?". This
# notebook turns those answers into **exact probabilities** (fractions, no sampling).
# The rules engine is `nekolib.indovina_gatto`; the choices the rulebook leaves open
# (the cat deck above all) are in `docs/assumptions/indovina_gatto.md`. Traits have the
# English edition's names (*leaping daredevil*, *striped*, *ball of yarn*, ...);
# `trait_label(trait, "it")` gives the Italian rulebook's (*lo spavaldo baldanzoso*,
# *tigrato*, *gomitolo di lana*, ...).

# %%
from collections import Counter
from fractions import Fraction  # noqa: F401  (for your answers to the exercises)

from IPython.display import display

from nekolib.indovina_gatto.analysis import deduction_trace, posterior, sample_game
from nekolib.indovina_gatto.rules import DEFAULT_DECK, PlayCat, new_game
from nekolib.indovina_gatto.widget import make_widget

# %% [markdown]
# ## The deck
#
# The seed does not list the 40 cats, so the library uses a documented default deck:
# every pose on 8 cats, every colour on 5, each pattern on 10, each accessory on 8.

# %%
counts = Counter(t for cat in DEFAULT_DECK for t in cat)
print("cats:", len(DEFAULT_DECK), "| traits per cat:", dict(Counter(map(len, DEFAULT_DECK))))
print(dict(counts))

# %% [markdown]
# ## The table
#
# Every position draws itself. A three-player game twelve cats in, as a spectator sees
# it: the cats on the table with their traits as pictograms (pose silhouette, fur
# colour, stripes or spots, accessory) and the masks the players put on them, each
# player's fan of three trait cards (face down unless unmasked), masks in reserve and
# received, and the last guesses.

# %%
from nekolib.indovina_gatto.picture import example_view, svg

svg(example_view())

# %% [markdown]
# `print(state)` gives a compact text version of any position:

# %%
print(new_game(3, seed=1))

# %% [markdown]
# ## Play
#
# You are Player 0; Players 1 and 2 are the computer's *lookahead* player, which
# decides from its own view only. (Seats are numbered, as in the move list; each also has
# a marker of its own colour, shape and letter, never to be confused with a fur colour.)
# Click the picture to play: a cat in your hand; to guess, a player's panel and a trait
# of the palette under the players, in either order; "no guess" is a button. **Hint**
# shows the lookahead player's move with its exact numbers as fractions (the chance
# that its guess is right and its expected points, or what a cat is worth) and the best
# alternative's, naming the model they are exact under (the trait cards dealt at random, the
# players' moves telling nothing); **How is this computed?** under the hint opens the cases,
# their chances and the sum. Below the board, the
# **deduction board** shows the exact posterior of every opponent's hidden traits, as
# you (the viewer) can compute it. Change a seat to `human` for hot-seat play: the board
# then always shows the cards of the player at the device, and nobody else's; between
# players a hand-over screen hides everything until the next player clicks "ready"
# (the second game below starts that way).

# %%
# NBVAL_IGNORE_OUTPUT
game = make_widget(3, seed=1)
display(game)

# %%
# NBVAL_IGNORE_OUTPUT
hot_seat = make_widget(2, seats=["human", "human"], seed=2)
display(hot_seat)

# %% [markdown]
# ## How the posterior is computed
#
# From one player's view, the unseen trait cards are the 19 minus the own 3 minus the
# unmasked ones. Every way of dealing them to the opponents is equally likely a priori
# (a hypergeometric deal); a deal survives if it reproduces **every** mask that was
# placed or not placed, every wrong guess and - because the rules forbid naming a trait
# on your own cards - the fact that a player who names a trait does not hold it
# (`Params.guess_own_traits = False`, the default). The probability that player 1 holds
# *blue* is
#
# $$P(\text{player 1 has blue}\mid\text{masks}) =
#   \frac{\#\{\text{surviving deals with blue at player 1}\}}{\#\{\text{surviving deals}\}}.$$
#
# The library counts the deals without listing them (traits that no clue tells apart
# are grouped, then a forward-backward sum runs over the opponents), and the tests
# check it against listing every deal and against Monte Carlo sampling.
#
# A first example: two players. You hold *red, striped, lazy layabout*; the opponent
# holds *blue, top hat, strutting beauty* (you do not know that). You play cat #11.

# %%
me, you = ("red", "striped", "lazy layabout"), ("blue", "top hat", "strutting beauty")
cat = 11
state = new_game(2, traits=[me, you], cat_order=[cat, *[c for c in range(40) if c != cat]])
before = posterior(state.view(0))
state = state.apply(PlayCat(cat))
after = posterior(state.view(0))
print("cat #11:", ", ".join(DEFAULT_DECK[cat]), "| masked by:", state.table[-1].maskers)
print("deals before:", before.deals, " after:", after.deals)
for trait in ["blue", "leaping daredevil", "green", "top hat"]:
    p0, p1 = before.probability(1, trait), after.probability(1, trait)
    print(f"P(opponent has {trait:17}) = {p0} -> {p1}")

# %% [markdown]
# ## Classroom exercises: Bayesian updating
#
# Four exercises from the library's exercise bank (`nekolib.classroom`), easy to hard;
# the first two are the example above (cat #11, you hold *red, striped, lazy layabout*).
# Each shows its question and the table it is about; put your answer in the empty cell,
# an exact number such as `Fraction(3, 16)` or `"3/16"`, and run the check: it says right
# or wrong and gives the next hint, never the answer. A teacher can hand every student
# different numbers with `python -m nekolib classroom`.
#
# This is **practice**: the check lives in your own kernel, so a student who codes can dig
# the answer out of it. For marks, a teacher runs `make classroom`: graded notebooks with
# each student's own numbers and nothing in them that yields an answer (docs/classroom.md).

# %%
from IPython.display import Markdown  # noqa: E402

from nekolib.classroom import practice  # noqa: E402

check_1 = practice("indovina_gatto.expected_masks", "answer_1")
display(Markdown(check_1.prompt))

# %%
answer_1 = None  # your answer

# %%
check_1(answer_1)

# %%
check_2 = practice("indovina_gatto.after_one_cat", "answer_2")
display(Markdown(check_2.prompt))
check_2.picture()

# %%
answer_2 = None  # your answer

# %%
check_2(answer_2)

# %%
check_3 = practice("indovina_gatto.two_cats", "answer_3")
display(Markdown(check_3.prompt))
check_3.picture()

# %%
answer_3 = None  # your answer

# %%
check_3(answer_3)

# %%
check_4 = practice("indovina_gatto.guess_value", "answer_4")
display(Markdown(check_4.prompt))
check_4.picture()

# %%
answer_4 = None  # your answer

# %%
check_4(answer_4)

# %% [markdown]
# ## A sample game, seen through Player 0's eyes
#
# Four players, seed 0: Player 0 is the expected-points player, the others always
# guess their most likely trait. After each cat, the table shows how many deals are
# still possible from Player 0's view, the mean probability Player 0 gives to each
# opponent's *true* hidden traits (the prior is 3/16 ≈ 19 %), and Player 0's best guess.

# %%
states = sample_game(4, seed=0)
final = states[-1]
print(f"{'cats':>4} {'deals':>9}  P(true) p1   p2   p3   best guess")
for row in deduction_trace(states, viewer=0):
    truth = "  ".join(f"{float(row.truth.get(p, 1)):.2f}" for p in (1, 2, 3))
    best = row.best
    guess = f"player {best.guess.suspect} {best.guess.trait} ({best.p_right})" if best else "pass"
    print(f"{row.cats:>4} {row.deals:>9}  {truth}   {guess}")
print("end:", final.end_reason, "| points:", final.points(), "| winners:", final.winners())

# %% [markdown]
# How long does the exact posterior take? (`bench/bench_indovina_gatto.py` times many
# positions; the goal for a late four-player position is under 0.1 s.)

# %%
# NBVAL_IGNORE_OUTPUT
import time  # noqa: E402

late = states[-1]
start = time.perf_counter()
post = posterior(late.view(0))
print(f"{post.deals} consistent deals, computed in {(time.perf_counter() - start) * 1e3:.2f} ms")

# %% [markdown]
# ## Charts
#
# The same pictures are written to `figures/` by `python -m nekolib figures --only indovina_gatto`.

# %%
# NBVAL_IGNORE_OUTPUT
from nekolib.indovina_gatto import charts  # noqa: E402

for make in charts.figures().values():
    display(make())
