"""The effect of each reading of a silence on the headline figures, against the baseline filling.

Every reading is simulated with the same seeds as the baseline: chunk ``j`` of a reading plays
the games chunk ``j`` of the baseline plays, and a game that never reaches the silence is the same
game under every reading (common random numbers). So an effect is estimated from the paired
differences of chunk figures, ``d_j = reading_j - baseline_j``, with Student's t on ``k - 1``
degrees of freedom (``k`` chunks): the estimate is the mean of ``d``, its 95% interval
``mean ± t(0.975) · sd/√k``, and the two-sided p-value tests "no effect".

Headline figures (each a chunk's mean): turns per round, rounds per game (complete games in the
chunk), cards drawn per round, and the share of scored rounds won by each seat counted left from
the dealer. The smallest effect called meaningful is the equivalence margin: ``margin`` times the
baseline's figure for the means, ``share_margin`` (absolute) for the seat shares.

Decisions (all at ``alpha``):

- a difference is *significant* when its Holm-adjusted p-value is below ``alpha``; the family is
  every (silence, reading, figure) test of the report;
- a silence is *shown not to matter* when every effect of every reading lies inside its margin,
  by two one-sided tests (TOST): the silence's p-value is the largest TOST p-value of its effects
  (intersection–union), Holm-adjusted over the measured silences;
- otherwise it *changes the game* when a difference is significant, and else *can't tell yet*.

Student's t and normal quantiles come from :mod:`scipy.special` (``stdtr``, ``stdtrit``, ``ndtri``:
the functions behind ``scipy.stats.t`` and ``norm``, without importing all of ``scipy.stats``); the
Holm adjustment from :func:`dosrules.comparison.stats.holm`.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, Sequence

from ..comparison.stats import holm
from ..play.simulate import ChunkResult

__all__ = ["FIGURES", "figure_label", "figure_names", "pooled_figures", "ReadingEffect", "SilenceVerdict", "chunk_figures", "paired_effect", "decide", "rounds_to_decide",
           "design_rounds", "MATTERS", "NO_MATTER", "CANT_TELL"]

MATTERS, NO_MATTER, CANT_TELL = "changes-the-game", "does-not-matter", "cant-tell"


#: figure -> what it is (seat shares are "seat:K", K counted left from the dealer)
FIGURES = {"turns": "turns per round", "rounds_per_game": "rounds per game", "cards_drawn": "cards drawn per round"}


def figure_label(figure: str) -> str:
    if figure.startswith("seat:"):
        k = int(figure.split(":")[1])
        return "share won by the dealer" if k == 0 else f"share won by the player {k} left of the dealer"
    return FIGURES[figure]


def figure_names(players: int) -> list[str]:
    return [*FIGURES, *(f"seat:{k}" for k in range(players))]


def chunk_figures(chunk: ChunkResult, players: int) -> dict[str, float | None]:
    """A chunk's headline figures (None where the chunk has no observation of it)."""
    def mean(m) -> float | None:
        return m.sum / m.n if m.n else None

    scored = chunk.outcomes.get("scored", 0)
    out: dict[str, float | None] = {
        "turns": mean(chunk.round_metrics["turns"]),
        "rounds_per_game": mean(chunk.game_metrics["rounds_per_game"]),
        "cards_drawn": mean(chunk.round_metrics["cards_drawn"]),
    }
    for k in range(players):
        out[f"seat:{k}"] = chunk.winner_offset.get(str(k), 0) / scored if scored else None
    return out


def pooled_figures(summary: Mapping[str, Any], players: int) -> dict[str, float | None]:
    """The baseline's own figures over all its chunks (Summary JSON), which margins are relative to."""
    seats = summary["winner_seat_from_dealer"]
    scored = summary["outcomes"].get("scored", {}).get("count", 0)
    out = {"turns": summary["per_round"]["turns"]["mean"],
           "rounds_per_game": summary["per_game"]["rounds_per_game"]["mean"],
           "cards_drawn": summary["per_round"]["cards_drawn"]["mean"]}
    for k in range(players):
        out[f"seat:{k}"] = seats[str(k)]["count"] / scored if scored and str(k) in seats else (0.0 if scored else None)
    return out


@dataclass
class ReadingEffect:
    """One reading's effect on one figure, against the baseline."""

    path: str
    reading: str
    figure: str
    baseline: float | None  # the baseline's pooled figure
    margin: float | None  # the equivalence margin, in the figure's units
    pairs: int  # chunk pairs with the figure observed on both sides
    estimate: float | None = None  # mean paired difference (reading - baseline)
    ci95: tuple[float, float] | None = None
    p: float = 1.0  # two-sided, no effect
    p_equivalence: float = 1.0  # TOST: the larger of the two one-sided p-values
    p_holm: float = 1.0
    significant: bool = False
    sd: float | None = None  # sd of the paired chunk differences

    @property
    def label(self) -> str:
        return figure_label(self.figure)

    @property
    def relative(self) -> float | None:
        """The estimate as a share of the baseline (means only; seat shares are already shares)."""
        if self.figure.startswith("seat:") or not self.baseline or self.estimate is None:
            return None
        return self.estimate / self.baseline

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["ci95"] = list(self.ci95) if self.ci95 else None
        out["label"], out["relative"] = self.label, self.relative
        return out


def paired_effect(path: str, reading: str, figure: str, ours: Sequence[float | None],
                  base: Sequence[float | None], baseline: float | None, margin: float | None) -> ReadingEffect:
    """The effect on one figure from per-chunk figures of the reading (``ours``) and the baseline."""
    from scipy.special import stdtr, stdtrit

    diffs = [a - b for a, b in zip(ours, base) if a is not None and b is not None]
    effect = ReadingEffect(path, reading, figure, baseline, margin, len(diffs))
    k = len(diffs)
    if k < 2 or margin is None:
        return effect
    mean = math.fsum(diffs) / k
    sd = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (k - 1))
    effect.estimate, effect.sd = mean, sd
    se = sd / math.sqrt(k)
    if se == 0.0:  # every pair differs by the same amount (often: the same games, a difference of 0)
        effect.ci95 = (mean, mean)
        effect.p = 1.0 if mean == 0.0 else 0.0
        effect.p_equivalence = 0.0 if abs(mean) < margin else 1.0
        return effect
    df = k - 1  # stdtr(df, x) = P(T <= x) for Student's t; stdtrit its inverse
    half = float(stdtrit(df, 0.975)) * se
    effect.ci95 = (mean - half, mean + half)
    effect.p = float(2.0 * stdtr(df, -abs(mean) / se))
    effect.p_equivalence = float(max(stdtr(df, -(mean + margin) / se), stdtr(df, (mean - margin) / se)))
    return effect


@dataclass
class SilenceVerdict:
    """A measured silence: its effects, its group, and the figures behind the group."""

    path: str
    effects: list[ReadingEffect]
    group: str = CANT_TELL
    p_equivalence: float = 1.0  # intersection-union: the largest TOST p-value of its effects
    p_equivalence_holm: float = 1.0
    largest: ReadingEffect | None = None  # the significant effect largest against its margin
    rounds_needed: int | None = None  # can't tell: about how many rounds per reading would decide it
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "group": self.group, "p_equivalence": self.p_equivalence,
                "p_equivalence_holm": self.p_equivalence_holm,
                "largest": None if self.largest is None else {"reading": self.largest.reading,
                                                              "figure": self.largest.figure},
                "rounds_needed": self.rounds_needed, "notes": self.notes,
                "effects": [e.to_json() for e in self.effects]}


def decide(verdicts: Sequence[SilenceVerdict], alpha: float, chunk_rounds: int) -> None:
    """Holm-adjust the differences and the equivalences, and put each silence in its group."""
    effects = [e for v in verdicts for e in v.effects]
    for e, p in zip(effects, holm([e.p for e in effects])):
        e.p_holm, e.significant = p, p < alpha
    for v in verdicts:
        v.p_equivalence = max((e.p_equivalence for e in v.effects), default=1.0)
    for v, p in zip(verdicts, holm([v.p_equivalence for v in verdicts])):
        v.p_equivalence_holm = p
        significant = [e for e in v.effects if e.significant]
        if p < alpha:
            v.group = NO_MATTER
            if significant:
                v.notes.append("some differences are real but smaller than the margin")
        elif significant:
            v.group = MATTERS
            v.largest = max(significant, key=lambda e: abs(e.estimate) / e.margin if e.margin else 0.0)
        else:
            v.group = CANT_TELL
            v.rounds_needed = rounds_to_decide(v.effects, alpha / max(1, len(effects)), chunk_rounds)


def rounds_to_decide(effects: Sequence[ReadingEffect], alpha: float, chunk_rounds: int) -> int | None:
    """About how many rounds per reading would decide every effect, had its estimate and spread held:
    inside the margin by TOST when the estimate is, else a difference from zero."""
    from scipy.special import ndtri

    z = float(ndtri(1.0 - alpha))
    worst = 0.0
    for e in effects:
        if e.estimate is None or e.sd is None or not e.margin:
            continue
        room = e.margin - abs(e.estimate) if abs(e.estimate) < e.margin else abs(e.estimate)
        if room <= 0.0 or e.sd == 0.0:
            continue
        worst = max(worst, (z * e.sd / room) ** 2)
    return math.ceil(worst) * chunk_rounds if worst else None


def design_rounds(summary: Mapping[str, Any], players: int, margin: float, share_margin: float, alpha: float,
                  tests: int, silences: int, power: float = 0.8) -> dict[str, dict[str, int | None]]:
    """Rounds per reading to decide an effect of exactly the margin, per figure, with no help from
    common random numbers (a silence met in every game): to find it (two-sided test at Holm's
    strictest level ``alpha/tests``) and, were the true effect zero, to show equivalence (TOST at
    ``alpha/silences``), each with the given power. Per-game figures count games, seat shares
    scored rounds; both are turned into rounds."""
    from scipy.special import ndtri

    base = pooled_figures(summary, players)
    rounds = summary["rounds"] or 1
    scored = summary["outcomes"].get("scored", {}).get("count", 0)
    games = summary["per_game"]["rounds_per_game"]
    z_power, z_power2 = float(ndtri(power)), float(ndtri(1 - (1 - power) / 2))
    z_find = float(ndtri(1 - alpha / max(1, tests) / 2))
    z_equiv = float(ndtri(1 - alpha / max(1, silences)))
    out: dict[str, dict[str, int | None]] = {}
    for figure in figure_names(players):
        if figure.startswith("seat:"):
            p = base[figure] or 0.0
            var, delta, per_round = p * (1 - p), share_margin, scored / rounds
        else:
            described = summary["per_game"][figure] if figure == "rounds_per_game" else summary["per_round"][figure]
            var, delta = (described["sd"] or 0.0) ** 2, margin * (base[figure] or 0.0)
            per_round = (games["n"] / rounds) if figure == "rounds_per_game" else 1.0
        if not delta or not per_round:
            out[figure] = {"find": None, "equivalence": None}
            continue
        scale = 2 * var / delta ** 2 / per_round
        out[figure] = {"find": math.ceil(scale * (z_find + z_power) ** 2),
                       "equivalence": math.ceil(scale * (z_equiv + z_power2) ** 2)}
    return out
