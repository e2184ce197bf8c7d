"""What each compared statistic means to a player: its name in words, how a difference reads,
and the smallest difference a table would notice (the equivalence margin).

The margins are judgements, not facts: half a turn per round, half a card, half a round per
game, five points, one percentage point of rounds, two points of a seat's share of wins. A
difference whose 90% interval lies inside its margin is reported as "shown not to matter"
(two one-sided tests); change them here, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Metric", "METRICS", "metric", "SEAT_MARGIN", "HEADLINE", "seat_words"]


@dataclass(frozen=True)
class Metric:
    label: str  # "turns per round"
    unit: str  # "turn": a difference of 2 reads "2 turns" ("": the templates name what is counted)
    more: str  # how a larger value reads: "rounds are {d} {unit}s longer"
    less: str
    margin: float  # the equivalence margin, in the statistic's own unit (a rate: a share, 0.01 = 1 point)
    rate: bool = False  # a share of rounds (shown in percent, differences in percentage points)

    def change(self, d: float) -> str:
        """The difference ``d`` (b - a) in words: "rounds are about 2 turns longer"."""
        amount = _amount(abs(d), self.unit, self.rate)
        return (self.more if d > 0 else self.less).format(d=amount)

    def value(self, x: float | None) -> str:
        if x is None:
            return "–"
        if self.rate:
            return f"{100 * x:.1f}%"
        a = abs(x)
        return f"{x:.0f}" if a >= 100 else f"{x:.1f}" if a >= 1 else f"{x:.2f}"


def _amount(a: float, unit: str, rate: bool) -> str:
    if rate:
        return f"{100 * a:.1f} percentage points"
    text = f"{a:.0f}" if a >= 100 else f"{a:.2g}"  # "about": two significant digits
    if not unit or text == "1":
        return f"{text} {unit}".rstrip()
    return f"{text} {unit}{'es' if unit.endswith(('s', 'ch')) else 's'}"


# --- per round / per game means -----------------------------------------------------------------

METRICS: dict[tuple[str, str], Metric] = {
    ("per_round", "turns"): Metric("turns per round", "turn", "rounds are about {d} longer",
                                   "rounds are about {d} shorter", 0.5),
    ("per_round", "row_size"): Metric("Centre Row cards at the start of a turn", "card",
                                      "the Centre Row holds about {d} more", "the Centre Row holds about {d} fewer", 0.1),
    ("per_round", "cards_drawn"): Metric("cards drawn per round (all players, every reason)", "card",
                                         "players draw about {d} more a round", "players draw about {d} fewer a round",
                                         0.5),
    ("per_round", "draws"): Metric("cards drawn by choosing to draw, per round", "card",
                                   "players draw about {d} more a round by choice", "players draw about {d} fewer a "
                                   "round by choice", 0.25),
    ("per_round", "bonus_draws"): Metric("cards drawn after another player's double colour match, per round",
                                         "card", "players draw about {d} more a round after double colour matches",
                                         "players draw about {d} fewer a round after double colour matches", 0.25),
    ("per_round", "penalty_draws"): Metric("cards drawn as DOS penalties, per round", "card",
                                           "players draw about {d} more a round as DOS penalties",
                                           "players draw about {d} fewer a round as DOS penalties", 0.25),
    ("per_round", "single_colour_bonuses"): Metric("single colour match bonuses per round", "",
                                                   "about {d} more single colour bonuses a round",
                                                   "about {d} fewer single colour bonuses a round", 0.1),
    ("per_round", "double_colour_bonuses"): Metric("double colour match bonuses per round", "",
                                                   "about {d} more double colour bonuses a round",
                                                   "about {d} fewer double colour bonuses a round", 0.1),
    ("per_round", "dos_calls"): Metric("DOS calls per round", "", "about {d} more DOS calls a round",
                                       "about {d} fewer DOS calls a round", 0.25),
    ("per_round", "dos_catches"): Metric("players caught not calling DOS, per round", "",
                                         "about {d} more catches a round", "about {d} fewer catches a round", 0.05),
    ("per_round", "reshuffles"): Metric("reshuffles of the discard pile per round", "",
                                        "about {d} more reshuffles a round", "about {d} fewer reshuffles a round", 0.05),
    ("per_round", "winner_points"): Metric("points the round's winner scores", "point",
                                           "a round's winner scores about {d} more",
                                           "a round's winner scores about {d} fewer", 5.0),
    ("per_game", "rounds_per_game"): Metric("rounds per game", "round", "games last about {d} longer",
                                            "games last about {d} shorter", 0.5),
    ("per_game", "winner_score"): Metric("the game winner's final score", "point",
                                         "the game's winner ends about {d} higher",
                                         "the game's winner ends about {d} lower", 10.0),
    # the design measures (dosrules.comparison.design, docs/compare.md); shares are of games unless
    # said, and an edge is a seat's share of games won minus an even share
    ("design", "seat_spread"): Metric("spread of game wins across seats (largest − smallest share)", "",
                                      "seats are {d} further apart in games won",
                                      "seats are {d} closer in games won", 0.04, True),
    ("design", "first_player_edge"): Metric("the first player's edge in games won", "",
                                            "the first player wins {d} more of the games",
                                            "the first player wins {d} fewer of the games", 0.02, True),
    ("design", "dealer_edge"): Metric("the first dealer's edge in games won", "",
                                      "the first dealer wins {d} more of the games",
                                      "the first dealer wins {d} fewer of the games", 0.02, True),
    ("design", "skill"): Metric("skill: how much more a better player wins (0 luck alone, 1 always)", "",
                                "the better player wins more often (skill {d} higher)",
                                "the better player wins less often (skill {d} lower)", 0.05),
    ("design", "comebacks"): Metric("games whose winner was behind at a round end", "",
                                    "{d} more of the games are won from behind",
                                    "{d} fewer of the games are won from behind", 0.05, True),
    ("design", "comeback_deficit"): Metric("points a comeback winner was behind, at most", "point",
                                           "comebacks come from about {d} further behind",
                                           "comebacks come from about {d} less far behind", 10.0),
    ("design", "lead_changes"): Metric("lead changes per game", "", "a game has about {d} more lead changes",
                                       "a game has about {d} fewer lead changes", 0.25),
    ("design", "lead_settled"): Metric("share of the game played before the winner leads for good", "",
                                       "the winner takes the lead for good {d} later in the game",
                                       "the winner takes the lead for good {d} earlier in the game", 0.05, True),
    ("design", "one_turn_rounds"): Metric("rounds won from behind in one turn", "",
                                          "{d} more of the rounds are won from behind in one turn",
                                          "{d} fewer of the rounds are won from behind in one turn", 0.02, True),
}

#: the statistics the headline speaks about, in the order it prefers them
HEADLINE = (("per_round", "turns"), ("per_game", "rounds_per_game"), ("per_round", "cards_drawn"),
            ("per_round", "penalty_draws"), ("per_round", "winner_points"), ("per_round", "reshuffles"),
            ("per_game", "winner_score"), ("per_round", "double_colour_bonuses"),
            ("per_round", "single_colour_bonuses"), ("per_round", "dos_catches"))

_OUTCOMES = {"scored": "rounds that are scored", "void-gap": "rounds void at a rule gap",
             "void": "rounds void because the deck ran out", "capped": "rounds stopped at the turn cap"}
RATE_MARGIN = 0.01  # one percentage point of rounds
SEAT_MARGIN = 0.02  # two percentage points of a seat's share of round wins


def seat_words(offset: str | int) -> str:
    """"the dealer", "the player left of the dealer", "the player 2 seats left of the dealer"."""
    k = int(offset)
    return "the dealer" if k == 0 else "the player left of the dealer" if k == 1 else \
        f"the player {k} seats left of the dealer"


def metric(family: str, name: str) -> Metric:
    """The Metric of any compared statistic (means, outcomes, rule gaps, winner's seat)."""
    found = METRICS.get((family, name))
    if found is not None:
        return found
    if family == "outcomes":
        label = _OUTCOMES.get(name, f"{name} rounds")
        return Metric(label, "", f"{label} are {{d}} more", f"{label} are {{d}} fewer", RATE_MARGIN, True)
    if family == "rule_gaps":
        label = f"rounds void at the gap in {name}"
        return Metric(label, "", f"{{d}} more of the rounds are void at {name}",
                      f"{{d}} fewer of the rounds are void at {name}", RATE_MARGIN, True)
    if family == "winner_seat_from_dealer":
        who = seat_words(name)
        return Metric(f"rounds won by {who}", "", f"{who} wins {{d}} more of the rounds",
                      f"{who} wins {{d}} fewer of the rounds", SEAT_MARGIN, True)
    return Metric(name.replace("_", " "), "", f"{name} is {{d}} higher", f"{name} is {{d}} lower", 0.0)
