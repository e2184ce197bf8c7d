"""The course of one game, as a designer reads it: who led after each round, and how the winner got there.

DOS scores across rounds, so the running score says who leads; no search oracle is needed. A
game is given as its scored round ends — ``(round number, every seat's score after it)``, in
order (a void round changes no score and is left out) — its winner, and its length in rounds
(void ones included). :func:`observe_game` adds what it shows to a chunk's histograms
(``ChunkResult.design``, plain JSON, summed over chunks); ``dosrules.comparison.design`` turns
them into the design measures of ``docs/compare.md``:

* ``lead_changes``: games by how often the sole leader changed from one round end to another (a
  tie at the top keeps the last sole leader; the first sole leader is no change);
* ``winner_deficit``: games by the most points the eventual winner was behind the leader at a
  round end before the last (0: never behind);
* ``lead_for_good``: games by ``"k/K"``: the winner was the sole leader at every round end from
  round ``k`` on, in a game of ``K`` rounds;
* ``winner_from_first_dealer`` / ``winner_from_first_player``: games by the winner's seat counted
  left from the first round's dealer / from the player who took the game's first turn;
* ``winner_seat``: games by the winner's seat (what a stronger agent's seat wins, for skill).

``dosrules.play.tally`` adds one histogram per scored round, ``won_from_behind``: ``"1"`` when, as
the turn in which the round's winner went out started, another player held fewer cards than the
winner (one turn turned the round), else ``"0"``.
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["GameCourse", "course_of", "observe_game", "DESIGN_HISTOGRAMS"]

#: the histograms a chunk keeps per completed game (see the module docstring), and per scored round
DESIGN_HISTOGRAMS = ("lead_changes", "winner_deficit", "lead_for_good", "winner_from_first_dealer",
                     "winner_from_first_player", "winner_seat", "won_from_behind")


class GameCourse:
    """What one game's round ends show: ``lead_changes``, ``deficit`` (the winner's largest
    deficit at a round end before the last, 0 when never behind) and ``lead_from`` (the round from
    which the winner led alone to the end)."""

    __slots__ = ("lead_changes", "deficit", "lead_from")

    def __init__(self, lead_changes: int, deficit: int, lead_from: int):
        self.lead_changes, self.deficit, self.lead_from = lead_changes, deficit, lead_from

    def __repr__(self) -> str:
        return f"GameCourse(lead_changes={self.lead_changes}, deficit={self.deficit}, lead_from={self.lead_from})"


def _sole_leader(scores: Sequence[int]) -> int | None:
    top = max(scores)
    leaders = [s for s, x in enumerate(scores) if x == top]
    return leaders[0] if len(leaders) == 1 else None


def course_of(round_ends: Sequence[tuple[int, Sequence[int]]], winner: int, rounds: int) -> GameCourse:
    """The course of a game from its scored round ends (see the module docstring); ``rounds``
    is the game's length (void rounds included), the round from which the winner led when no
    round end shows it leading alone (a game decided without points)."""
    changes, deficit, lead_from = 0, 0, rounds
    last: int | None = None
    for i, (_, scores) in enumerate(round_ends):
        leader = _sole_leader(scores)
        if leader is not None:
            if last is not None and leader != last:
                changes += 1
            last = leader
        if i < len(round_ends) - 1:
            deficit = max(deficit, max(scores) - scores[winner])
    for number, scores in reversed(round_ends):  # back from the end, while the winner leads alone
        if _sole_leader(scores) != winner:
            break
        lead_from = number
    return GameCourse(changes, deficit, lead_from)


def _add(hist: dict[str, int], key: object) -> None:
    name = str(key)
    hist[name] = hist.get(name, 0) + 1


def observe_game(design: dict[str, dict[str, int]], round_ends: Sequence[tuple[int, Sequence[int]]],
                 winner: int, rounds: int, first_dealer: int, first_player: int, players: int) -> None:
    """Add one completed game to the chunk's ``design`` histograms."""
    course = course_of(round_ends, winner, rounds)
    _add(design.setdefault("lead_changes", {}), course.lead_changes)
    _add(design.setdefault("winner_deficit", {}), course.deficit)
    _add(design.setdefault("lead_for_good", {}), f"{course.lead_from}/{rounds}")
    _add(design.setdefault("winner_seat", {}), winner)
    _add(design.setdefault("winner_from_first_dealer", {}), (winner - first_dealer) % players)
    if first_player >= 0:
        _add(design.setdefault("winner_from_first_player", {}), (winner - first_player) % players)
