"""Indovina Gatto charts: how fast the masks give the cats away (``python -m nekolib figures``)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from nekolib.charts import chart
from nekolib.core import RandomAgent, play_out
from nekolib.indovina_gatto.analysis import (
    ExpectedPointsAgent,
    GreedyGuessAgent,
    deduction_trace,
    posterior,
    sample_game,
)
from nekolib.indovina_gatto.rules import PLAY, Pass, new_game

if TYPE_CHECKING:  # pragma: no cover - matplotlib is imported only when a chart is drawn
    from matplotlib.figure import Figure


@chart("indovina_gatto_deduction", "4 players and seed 0")
def deduction_figure(num_players: int = 4, seed: int = 0) -> Figure:
    """Sample game: player 0's posterior on each opponent's true traits, and the deal count."""
    from matplotlib.figure import Figure

    rows = deduction_trace(sample_game(num_players, seed), viewer=0)
    fig = Figure(figsize=(7.5, 4.2))
    ax = fig.add_subplot()
    cats = [r.cats for r in rows]
    for p in sorted(rows[0].truth):
        ax.plot(cats, [float(r.truth.get(p, 1)) for r in rows], marker="o", label=f"player {p}")
    ax.axhline(3 / 16, color="grey", ls=":", lw=1)
    ax.text(cats[-1], 3 / 16 + 0.02, "prior 3/16", ha="right", color="grey", fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("cats played")
    ax.set_ylabel("mean P(true hidden traits of the opponent)")
    ax.set_title(f"Player 0 reads the masks ({num_players} players, seed {seed})")
    twin = ax.twinx()
    twin.plot(cats, [math.log10(r.deals) for r in rows], color="black", ls="--", label="deals")
    twin.set_ylabel("log10 consistent deals (dashed)")
    ax.legend(loc="center left", fontsize=8)
    fig.tight_layout()
    return fig


def deals_curve(num_players: int, games: int = 12, cats: int = 16) -> list[float]:
    """Mean log10 of consistent deals after k cats, players who never guess (seeded)."""
    totals = [0.0] * (cats + 1)
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(num_players, seed=seed)
        totals[0] += math.log10(posterior(state.view(0)).deals)
        while len(state.table) < cats and not state.is_terminal():
            action = rng.choice(state.legal_actions()) if state.phase == PLAY else Pass()
            state = state.apply(action)
            if state.phase != PLAY:
                totals[len(state.table)] += math.log10(posterior(state.view(0)).deals)
        for k in range(len(state.table) + 1, cats + 1):  # game over early: no more deals removed
            totals[k] += math.log10(posterior(state.view(0)).deals)
    return [t / games for t in totals]


@chart("indovina_gatto_deals")
def deals_figure() -> Figure:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    for n in (2, 3, 4):
        curve = deals_curve(n)
        ax.plot(range(len(curve)), curve, marker=".", label=f"{n} players")
    ax.set_xlabel("cats played (nobody guesses)")
    ax.set_ylabel("mean log10 consistent deals (player 0's view)")
    ax.set_title("Every mask placed or not placed prunes the possible deals")
    ax.axhline(0, color="grey", lw=0.8)
    ax.legend()
    fig.tight_layout()
    return fig


def win_shares(games: int = 60) -> dict[str, list[float]]:
    """Seat-rotated win share of each agent against greedy opponents, by player count."""
    factories: dict[str, Callable] = {
        "expected points": ExpectedPointsAgent,
        "greedy": GreedyGuessAgent,
        "random": RandomAgent,
    }
    shares: dict[str, list[float]] = {}
    for name, factory in factories.items():
        shares[name] = []
        for n in (2, 3, 4):
            won = 0.0
            for seed in range(games):
                seat = seed % n
                agents = [GreedyGuessAgent() for _ in range(n)]
                agents[seat] = factory()
                end, _ = play_out(new_game(n, seed=seed), agents, random.Random(seed))
                won += end.returns()[seat]
            shares[name].append(won / games)
    return shares


@chart("indovina_gatto_agents")
def agents_figure() -> Figure:
    from matplotlib.figure import Figure

    shares = win_shares()
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    width = 0.25
    for i, (name, values) in enumerate(shares.items()):
        ax.bar([n + (i - 1) * width for n in (2, 3, 4)], values, width, label=name)
    ax.plot(
        [1.6, 2.4], [1 / 2] * 2, "k:", [2.6, 3.4], [1 / 3] * 2, "k:", [3.6, 4.4], [1 / 4] * 2, "k:"
    )
    ax.set_xticks([2, 3, 4], ["2 players", "3 players", "4 players"])
    ax.set_ylabel("share of games won (dotted: fair share)")
    ax.set_title("One seat against greedy guessers (60 seeded games each)")
    ax.legend()
    fig.tight_layout()
    return fig


def figures() -> dict[str, Callable[[], Figure]]:
    return {
        "indovina_gatto_deduction": deduction_figure,
        "indovina_gatto_deals": deals_figure,
        "indovina_gatto_agents": agents_figure,
    }
