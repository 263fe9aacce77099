# %% [markdown]
# # Neko-in: cats, hideouts and brawls
#
# Three to six players each own a room of the house and a cat of the same colour.
# Everybody holds 5 secret **hideout tiles**; a tile shows a coloured icon, e.g. a
# *red fish bone* is the fish-bone hideout of the red Kitchen. Bring your cat to the
# hideout of a tile and you get rid of it (the tile then covers that hideout). The
# first player with no tiles wins.
#
# * One movement per turn: pick a room. If another cat is in it, a **brawl** is rolled
#   with two colour dice. If the room is free, **its owner** chooses where your cat
#   hides (never on a covered hideout) - unless it is your own room, or your cat was
#   already in that room: then you choose.
# * You may bluff: go to rooms where you hold no tile.
# * At the end of every turn a die is rolled. If the cat of that colour is in the house,
#   the **fastest** player to catch it carries it to the Garden and gets rid of a tile
#   (never their last one: a player with one tile catches without discarding). A cat
#   already in the Garden cannot be caught. Who was fastest is a fact about the table,
#   so the game asks the table.
#
# The rules engine is `nekolib.neko_in`; this notebook only calls it.

# %%
from fractions import Fraction

from IPython.display import display

from nekolib.core import TABLE, Match, RandomAgent
from nekolib.neko_in import analysis, charts, events_charts
from nekolib.neko_in import events_analysis as ev
from nekolib.neko_in.agents import GreedyAgent
from nekolib.neko_in.rules import new_game
from nekolib.neko_in.widget import NekoInLauncher, neko_in_widget

# %% [markdown]
# ## The house
#
# Every position draws itself. Here is a three-player game a few turns in, as a
# spectator sees it (everybody's hideout tiles face down): the room boards with their
# five hideouts, the cats, the Garden and the last roll.

# %%
demo = Match(new_game(3, seed=1), seed=1)
demo.advance({0: GreedyAgent(), 1: GreedyAgent(), 2: GreedyAgent(), TABLE: RandomAgent()},
             max_steps=25)
demo.state

# %% [markdown]
# `print(state)` gives the same position as compact text, and `state.picture(0)` shows
# it through the Black cat's eyes (its own tiles face up):

# %%
print(demo.state)

# %%
demo.state.picture(0)

# %% [markdown]
# ## Play a game (Classic)
#
# You are the Black cat; the Red and Yellow cats are greedy computer players. **Click
# the picture to play**: the rooms you may enter light up; when you own the room a
# visitor enters, you choose the hideout by clicking it. After each turn the catch die
# is rolled: if it shows a cat in the house, click who was fastest (set *Table* to a
# computer to let it answer).
# **Hint** shows what the strongest computer player (`expectimax`) would do, with the exact
# odds behind it: "go to the Kitchen - you get rid of a tile with 25/36 ...; the Living Room
# gives 1/10". Seats can be `human`, `greedy`, `expectimax` or `random`; switch them to `human`
# for hot seat: a hand-over screen hides every tile until the next player is ready.
# Undo, new game with a seed, and the move log (and every legal move as a list) are
# below the picture.

# %%
# NBVAL_IGNORE_OUTPUT
game = neko_in_widget(3, seed=1, seats=["human", "greedy", "greedy"])
display(game)

# %% [markdown]
# The same game can be scripted: every decision is an action, every die a chance
# outcome drawn from the match's seed, so a game replays exactly from its log. Here
# three greedy players and a random table play a seeded game; the first moves:

# %%
match = Match(new_game(3, seed=1), seed=1)
bots = {0: GreedyAgent(), 1: GreedyAgent(), 2: GreedyAgent(), TABLE: RandomAgent()}
match.advance(bots)
print("\n".join(match.log()[:14]))
print("...")
print(f"{len(match.actions)} actions; winner: {match.state.seat_name(match.state.winner)}")
assert Match.replay(new_game(3, seed=1), 1, match.actions).state == match.state

# %% [markdown]
# ## Brawl odds
#
# The active cat attacks, the cat in the room defends. Both dice have the six cat
# colours. Enumerating all 36 rolls:
#
# * the attacker's colour shows and the defender's does not: the attacker goes home;
# * both colours show (one on each die): both go home;
# * otherwise the defender goes home and the attacker gets in.

# %%
print(analysis.brawl_table_text())

# %% [markdown]
# With dice of $n$ faces (two of them the two cats' colours) the same counting gives
# closed forms:

# %%
analysis.brawl_closed_form()

# %% [markdown]
# A seeded Monte Carlo through the rules engine agrees (20 000 brawls):

# %%
simulated = analysis.engine_brawl_monte_carlo(20_000, seed=2)
exact = analysis.brawl_odds()
for outcome in analysis.OUTCOMES:
    sim, ex = float(simulated[outcome]), float(exact[outcome])
    print(f"{outcome:9} exact {ex:.4f}   simulated {sim:.4f}")

# %%
# NBVAL_IGNORE_OUTPUT
charts.brawl_odds_figure()

# %% [markdown]
# ## A deeper question: entering a room that is defended again and again
#
# Suppose the owner of a room keeps their cat in it: every time you are sent home (or
# both cats are), their cat is back before your next try. Each try is an independent
# brawl that lets you in with $p = (n-1)^2/n^2 = 25/36$, so the number of brawls $N$
# you need is geometric:

# %%
for k, p in enumerate(analysis.entry_attempts_distribution(5), 1):
    print(f"P(N = {k}) = {p}  ≈ {float(p):.4f}")
print("E[N] =", analysis.expected_entry_attempts())
analysis.entry_attempts_closed_form()

# %%
# NBVAL_IGNORE_OUTPUT
charts.entry_attempts_figure()

# %% [markdown]
# ## Classroom exercises (Classic)
#
# Two exercises from the library's exercise bank (`nekolib.classroom`): a brawl with a
# house rule's dice (use the closed form above), then the defended room with three dice.
# Put your answer in the empty cell, an exact number such as `Fraction(p, q)` or the text
# `"p/q"`, and run the check: it says right or wrong and gives the next hint, never the
# answer. A teacher can hand every student different numbers with
# `python -m nekolib classroom`.
#
# This is **practice**: the check lives in your own kernel, so a student who codes can dig
# the answer out of it. For marks, a teacher runs `make classroom`: graded notebooks with
# each student's own numbers and nothing in them that yields an answer (docs/classroom.md).

# %%
from IPython.display import Markdown  # noqa: E402

from nekolib.classroom import practice  # noqa: E402

check_1 = practice("neko_in.attacker_gets_in", "answer_1")
display(Markdown(check_1.prompt))

# %%
answer_1 = None  # your answer

# %%
check_1(answer_1)

# %%
check_2 = practice("neko_in.entry_attempts", "answer_2")
display(Markdown(check_2.prompt))

# %%
answer_2 = None  # your answer

# %%
check_2(answer_2)

# %% [markdown]
# ## The Events version
#
# With `Params(version="events")` each room's 5 hideouts start covered by the room's
# 5 face-down **event tiles**. A cat placed on one reveals it:
#
# * **Nap**: the cat sleeps; on its next turn its player may only wake it up (a cat
#   sent to the Garden wakes up by itself).
# * **Crunchies**: roll the two dice; the cat's colour on either die sends it to the
#   Garden, otherwise its player keeps the tile for one extra movement later.
# * **Affinity** (kept): discard it to swap two cats.
# * **Litter Box** (kept): discard it to go straight to any hideout, even in another
#   player's room (a brawl first if the room is occupied).
# * **Cat Teaser**: all the cats gather in that room; the dice are rolled again and
#   again, cats of the colours shown going to the Garden, until one cat or none is
#   left; that cat's player chooses its hideout.
#
# Kept tiles appear as buttons during their owner's turn; revealed events are
# explained under the board.

# %%
# NBVAL_IGNORE_OUTPUT
seats = ["human", "greedy", "greedy", "greedy"]
events_game = neko_in_widget(4, version="events", seed=3, seats=seats)
display(events_game)

# %% [markdown]
# Or pick the version and the number of players yourself:

# %%
# NBVAL_IGNORE_OUTPUT
display(NekoInLauncher(version="events"))

# %% [markdown]
# ### Exact odds of the events
#
# Crunchies is kept with probability $(5/6)^2$; the trap springs otherwise:

# %%
print("Crunchies trap:", ev.crunchies_success(), " kept:", ev.crunchies_keep_probability())

# %% [markdown]
# The Cat Teaser is an absorbing Markov chain on the number of cats still in the room.
# For $k$ cats: the probability that a given cat (say yours) is the last one, that no
# cat is left, and the expected number of rolls:

# %%
print(ev.teaser_table_text())

# %%
# NBVAL_IGNORE_OUTPUT
events_charts.teaser_outcomes_figure()

# %% [markdown]
# In a real game the teaser gathers all six pawns (spare ones too). A seeded run of the
# rules engine's own Cat Teaser agrees with the chain:

# %%
runs = analysis.engine_teaser_runs(4000, seed=1)
none_left = Fraction(sum(left == 0 for left, _ in runs), len(runs))
mean_rolls = Fraction(sum(rolls for _, rolls in runs), len(runs))
exact_none, exact_rolls = ev.teaser_none_probability(6), ev.teaser_expected_rolls(6)
print(f"none left:  simulated {float(none_left):.4f}   exact {float(exact_none):.4f}")
print(f"mean rolls: simulated {float(mean_rolls):.4f}   exact {float(exact_rolls):.4f}")

# %% [markdown]
# ## Classroom exercises (Events)
#
# Two more from the bank, on the Cat Teaser's Markov chain: the chance that nobody is
# left, then the expected number of rolls. The table above is for six-face dice; these
# exercises use a house rule's eight-face dice, so derive the numbers yourself by
# first-step analysis on the chain of the number of cats in the room.

# %%
check_3 = practice("neko_in.teaser_none_left", "answer_3")
display(Markdown(check_3.prompt))

# %%
answer_3 = None  # your answer

# %%
check_3(answer_3)

# %%
check_4 = practice("neko_in.teaser_expected_rolls", "answer_4")
display(Markdown(check_4.prompt))

# %%
answer_4 = None  # your answer

# %%
check_4(answer_4)
