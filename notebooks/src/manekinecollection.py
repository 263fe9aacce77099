# %% [markdown]
# # Manekinecollection: cat poker at the kotatsu
#
# Two to four players play **cat cards** in front of three **kotatsu boards**. On
# each kotatsu sit two **Zabuton Neko** (a cat piece on a face-down zabuton tile).
# On your turn you play one or two cards at one kotatsu:
#
# 1. where you have no card yet, you may play one or two;
# 2. where you have one card, you must play two;
# 3. where you have two cards, you must play one.
#
# Then you draw back up to three cards. When **every** player has three cards at one
# kotatsu there is a **showdown**: each hand is the kotatsu's *two cat pieces plus the
# player's three cards*, ranked like poker by colours:
#
# | hand | composition |
# |---|---|
# | 5cats | 5 of one colour |
# | 4cats | 4 of one colour |
# | cathouse | 3 + 2 |
# | 3cats | 3 of one colour |
# | two pair | 2 + 2 |
# | one pair | 2 |
# | solocat | all different |
#
# Equal hands are compared by the icons on the cards of the main set, then the next
# set, then the remaining cards, and finally by who played their third card first.
# With 3-4 players the winner secretly looks at both zabuton tiles and picks one
# Zabuton Neko, the runner-up takes the other; with 2 players the winner takes both.
# New Zabuton Neko come from the bag, which also holds **Manekineko**: the game ends
# when the third one is drawn. The numbers the rulebook does not print (icons per
# card, tile values) are documented in `docs/assumptions/manekinecollection.md`.

# %%
from nekolib.manekinecollection import analysis as mna
from nekolib.manekinecollection.charts import hand_class_chart, strength_spread_chart
from nekolib.manekinecollection.rules import (
    HAND_CLASSES,
    Params,
    full_deck,
    parse_cards,
    rank_players,
)
from nekolib.manekinecollection.widget import play

params = Params()
print("icons on the 12 cards of each colour:", params.card_ranks)
print("zabuton tile values of each colour: ", params.zabuton_values)

# %% [markdown]
# ## The table
#
# Every position draws itself. A three-player game in progress, as a spectator sees it:
# the three kotatsu with their two Zabuton Neko each (values face down), every player's
# row of cards at each kotatsu (colour, icon count as paw dots), a finished showdown,
# the Manekineko track, the bag, the deck and each player's hand (face down here) and
# collected Zabuton Neko.

# %%
from nekolib.manekinecollection.picture import example_view, svg

svg(example_view())

# %% [markdown]
# ## Play
#
# Red (seat 0) is yours; Blue and Green are greedy computer players (change any seat to
# `odds`, the strongest player, or to `human` for hot-seat play: a hand-over screen hides
# your hand until the next player is ready, and the board shows only the hand of the
# player whose decision it is). Play by clicking the picture: one or two of your hand
# cards, then the kotatsu to put them at; after a showdown you win, click the Zabuton Neko
# you take. **Hint** highlights the odds player's move and says why in exact fractions:
# the chance that the move wins its showdown (or the hand it makes), what the two Zabuton
# Neko there would add to your score if you win them, and the same for the best alternative.
# Each number names the model it is exact under (the cards you draw random among those you
# have not seen; an opponent's row finished at random, ignoring what their play reveals), and
# **How is this computed?** under the hint opens the cases, their chances and the sum.
# Chance events are rolled automatically; the odds panel under the board shows your
# chances at each kotatsu, and every showdown is explained with its ranking.

# %%
# NBVAL_IGNORE_OUTPUT
play(num_players=3, seed=2026)

# %% [markdown]
# ## How often does each hand come up?
#
# Take the two pieces on a kotatsu and three cards from the full 72-card deck. The
# class depends only on the **colours**, so instead of looking at all
# $\binom{72}{3} = 59\,640$ triples we multiply out a generating function colour by
# colour: colour $c$ contributes $\sum_k \binom{12}{k} t^k$, and we only remember how
# many cards were used and the colour totals so far. First: both pieces of the same
# colour.

# %%
same = mna.class_counts_exact(("red", "red"))
print(mna.format_table(mna.frequency_rows(same)))

# %% [markdown]
# Two pieces of different colours: a 5cats is impossible, and a solocat appears.

# %%
different = mna.class_counts_exact(("red", "blue"))
print(mna.format_table(mna.frequency_rows(different)))

# %% [markdown]
# Before a kotatsu is set up, both pieces come out of the bag of 30 cat pieces
# (5 per colour), so they share a colour with probability
# $6\binom{5}{2}/\binom{30}{2} = 4/29$. Counting (piece pair, card triple)
# combinations, with the bag as a second supply in the same generating function:

# %%
over_bag = mna.class_counts_over_bag()
print(mna.format_table(mna.frequency_rows(over_bag)))

# %% [markdown]
# ### Checking the exact numbers
#
# An independent brute force classifies every one of the 59 640 card triples, and
# sympy expands the generating function symbolically; all three agree.

# %%
for pieces in [("red", "red"), ("red", "blue")]:
    exact = mna.class_counts_exact(pieces)
    print(
        pieces,
        exact == mna.class_counts_brute(pieces),
        exact == mna.class_counts_sympy(pieces),
    )
print("bag:", over_bag == mna.class_counts_over_bag_brute())

# %% [markdown]
# The benchmark `python bench/bench_manekinecollection.py` times the two methods:
# the colour-count computation takes about 0.05 ms, about 2000 times faster than the
# brute force over the triples.

# %%
# NBVAL_IGNORE_OUTPUT
# the same chart is written to figures/ by `python -m nekolib figures --only manekinecollection`
hand_class_chart()

# %% [markdown]
# ## Judging the strength: the rulebook's examples
#
# `rank_players(pieces, rows, completed)` orders the players of a showdown from the
# strongest hand down; `completed` is the order in which they played their third card.
# Pieces add to a colour's count but carry no icons.


# %%
def cards(text):
    """'red5 blue2' -> [Card('blue', 2), Card('red', 5)]"""
    return list(parse_cards(text))


examples = {
    "cathouse, second set decides": ("red blue", "red4 red5 blue6", "red4 red5 blue2"),
    "3cats, following cards decide": ("red red", "red3 green6 blue2", "red3 green6 blue1"),
    "two pair, first pair decides": ("red blue", "green4 green3 red1", "red6 blue1 black2"),
    "two pair, later cards decide": ("red blue", "red5 blue1 black2", "red5 blue2 black1"),
    "same hand: B played third first": ("red blue", "red5 blue2 black1", "red5 blue2 black1"),
}
for name, (pieces, a, b) in examples.items():
    completed = (1, 0) if "third" in name else (0, 1)
    winner = rank_players(pieces.split(), [cards(a), cards(b)], completed)[0]
    print(f"{name:<32} pieces {pieces:<9} A: {a:<18} B: {b:<18} winner: {'AB'[winner]}")

# %% [markdown]
# ## Odds at the table
#
# Suppose the pieces on the left kotatsu are red and blue, I hold red 3, blue 2 and
# green 5, and I have not played there yet. I can play one card now and two later, or
# two now and one later; the cards I will draw are uniform over the cards I have not
# seen. `reach_odds` lists every plan with the exact distribution of the final hand.

# %%
hand = cards("red3 blue2 green5")
seen = hand + cards("red6 red5 orange1")  # my hand and cards face up on other boards
pool = {c: 12 for c in params.colours}
for card in seen:
    pool[card.colour] -= 1
odds = mna.reach_odds(["red", "blue"], [], hand, pool)
for option in odds.options:
    dist = ", ".join(f"{h} {p}" for h, p in option.distribution.items())
    print(f"{option.label:<60} {dist}")
print()
for h in reversed(HAND_CLASSES):
    print(f"P(best plan reaches at least {h:<9}) = {odds.reach[h]}")

# %% [markdown]
# ### Will my finished hand win?
#
# Ranks matter once two hands share a class. `duel_odds` counts, exactly, how an
# opponent's random completion compares with my three cards: each colour now
# contributes a generating function over (cards taken, their icons), so rank ties
# are counted without listing every triple (a brute force over the 52 394 triples
# agrees, see the tests). Suppose I finished with red 3, red 5, green 2 (a 3cats with
# the red piece) and the opponent has blue 4 down already:

# %%
mine = cards("red3 red5 green2")
opponent_row = cards("blue4")
unseen = list(full_deck(params))
for card in mine + opponent_row:
    unseen.remove(card)
duel = mna.duel_odds(["red", "blue"], mine, unseen, opponent_row)
print(f"win {duel.win} = {float(duel.win):.3f}")
print(f"tie {duel.tie} = {float(duel.tie):.3f}  (then: who played the third card first)")
print(f"lose {duel.lose} = {float(duel.lose):.3f}")

# %% [markdown]
# How much do the icons matter inside one class? `strength_spread` gives, for each
# class, the share of random hands (same pieces) that the weakest, the average and
# the strongest hand of that class beats outright.

# %%
strength_spread_rows = mna.strength_spread(["red", "blue"])
for hand, (low, mean, high) in strength_spread_rows.items():
    print(f"{hand:<9} beats {float(low):6.1%} .. {float(high):6.1%} (average {float(mean):6.1%})")

# %%
# NBVAL_IGNORE_OUTPUT
strength_spread_chart()

# %% [markdown]
# ## Classroom exercises
#
# Four exercises from the library's exercise bank (`nekolib.classroom`), easy to hard.
# Each shows its question (and the table it is about); put your answer in the empty
# cell, an exact number such as `Fraction(3, 7)` or `"3/7"`, and run the check: it says
# right or wrong and gives the next hint, never the answer. A teacher can hand every
# student different numbers with `python -m nekolib classroom`.
#
# This is **practice**: the check lives in your own kernel, so a student who codes can dig
# the answer out of it. For marks, a teacher runs `make classroom`: graded notebooks with
# each student's own numbers and nothing in them that yields an answer (docs/classroom.md).

# %%
from fractions import Fraction  # noqa: E402, F401  (for your answers)

from IPython.display import Markdown, display  # noqa: E402

from nekolib.classroom import practice  # noqa: E402

check_1 = practice("manekinecollection.hand_count", "answer_1")
display(Markdown(check_1.prompt))
check_1.picture()

# %%
answer_1 = None  # your answer

# %%
check_1(answer_1)

# %%
check_2 = practice("manekinecollection.same_colour_pieces", "answer_2")
display(Markdown(check_2.prompt))

# %%
answer_2 = None  # your answer

# %%
check_2(answer_2)

# %%
check_3 = practice("manekinecollection.hand_given_seen", "answer_3")
display(Markdown(check_3.prompt))
check_3.picture()

# %%
answer_3 = None  # your answer

# %%
check_3(answer_3)

# %%
check_4 = practice("manekinecollection.choice_value", "answer_4")
display(Markdown(check_4.prompt))
check_4.picture()

# %%
answer_4 = None  # your answer

# %%
check_4(answer_4)
