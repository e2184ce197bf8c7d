"""Facts a rule document shows, computed from one ``Rules``: the deck table, the deal, every
single and double match against an example row card, a scored hand, and rule differences.

Plain data, no wording: the templates of each language turn these into sentences.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..ruleset.cards import Card, Kind, make_deck, points
from ..ruleset.model import Colour, Rules, WildNumberColour, is_unspecified, rule_paths


@dataclass(frozen=True)
class DeckRow:
    kind: str  # "number", "wild-number" or "wild-dos"
    number: int | None
    per_colour: tuple[int, ...] | None  # counts in deck.colours order; None for colourless cards
    total: int


@dataclass(frozen=True)
class DeckTable:
    colours: tuple[Colour, ...]
    rows: tuple[DeckRow, ...]
    per_colour_total: tuple[int, ...]  # counted per colour (number cards and Wild #)
    total: int  # counted
    number_groups: tuple[tuple[int, tuple[int, ...]], ...]  # (copies, numbers) runs, e.g. (3, (1, 3, 4, 5))
    missing_numbers: tuple[int, ...]  # numbers below the highest that no card shows
    stated_per_colour: int
    stated_total: int

    @property
    def per_colour_mismatch(self) -> bool:
        return any(n != self.stated_per_colour for n in self.per_colour_total)

    @property
    def total_mismatch(self) -> bool:
        return self.total != self.stated_total


def number_runs(numbers) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Numbers grouped by copies, in runs: ``{1: 3, 3: 3, 6: 2}`` -> ``((3, (1, 3)), (2, (6,)))``."""
    runs: list[tuple[int, list[int]]] = []
    for number in sorted(numbers):
        copies = numbers[number]
        if not copies:
            continue
        if runs and runs[-1][0] == copies:
            runs[-1][1].append(number)
        else:
            runs.append((copies, [number]))
    return tuple((c, tuple(ns)) for c, ns in runs)


def deck_table(rules: Rules) -> DeckTable:
    """The deck, counted from ``make_deck`` (so the table is what the engine deals from)."""
    deck = rules.deck
    counts = Counter(make_deck(deck))
    colours = tuple(deck.colours)
    rows: list[DeckRow] = []
    for number in sorted(deck.numbers):
        per = tuple(counts[Card(Kind.NUMBER, number, c)] for c in colours)
        if sum(per):
            rows.append(DeckRow("number", number, per, sum(per)))
    per = tuple(counts[Card(Kind.WILD_NUMBER, None, c)] for c in colours)
    if sum(per):
        rows.append(DeckRow("wild-number", None, per, sum(per)))
    if counts[Card(Kind.WILD_DOS)]:
        rows.append(DeckRow("wild-dos", None, None, counts[Card(Kind.WILD_DOS)]))
    per_colour_total = tuple(
        sum(n for card, n in counts.items() if card.colour is c) for c in colours
    )
    shown = [n for n, copies in deck.numbers.items() if copies]
    missing = tuple(n for n in range(1, max(shown, default=0)) if n not in shown)
    return DeckTable(
        colours=colours,
        rows=tuple(rows),
        per_colour_total=per_colour_total,
        total=sum(counts.values()),
        number_groups=number_runs(deck.numbers),
        missing_numbers=missing,
        stated_per_colour=deck.per_colour,
        stated_total=deck.total,
    )


@dataclass(frozen=True)
class Deal:
    players: int
    dealt: int  # hands plus the initial Centre Row
    left: int  # cards left in the deck; negative when the deck is too small


def deals(rules: Rules, counts: list[int]) -> list[Deal]:
    total = len(make_deck(rules.deck))
    out = []
    for n in counts:
        dealt = n * rules.setup.hand_size + rules.setup.opening_row
        out.append(Deal(n, dealt, total - dealt))
    return out


# --- matches against an example row card ------------------------------------------------------


@dataclass(frozen=True)
class MatchCard:
    """One card of a match: its kind and the number it counts as."""

    kind: str  # "number", "wild-number", "wild-dos"
    value: int


@dataclass(frozen=True)
class ShownCard:
    """A card as a rule document names it in words: its kind, the number it shows or counts
    as (None for a Wild # or Wild DOS that is not played as a number) and its colour (None: none)."""

    kind: str  # "number", "wild-number", "wild-dos"
    value: int | None
    colour: Colour | None


@dataclass(frozen=True)
class MatchFact:
    parts: tuple[MatchCard, ...]  # one card (single) or two (double)
    colour_bonus: str  # "yes", "no" (the deck lacks the same-coloured cards) or "unspecified"
    example: str  # card notation of a colour-matching instance, e.g. "3r 4r"; "" if none
    example_cards: tuple[ShownCard, ...] = ()  # the same instance, for the words of each language


@dataclass(frozen=True)
class MatchExamples:
    target: Card
    singles: tuple[MatchFact, ...]
    doubles: tuple[MatchFact, ...]


def example_target(rules: Rules) -> Card:
    """The row card the examples match against: a 7 when the deck has one, else its middle number."""
    numbers = sorted(n for n, copies in rules.deck.numbers.items() if copies)
    number = 7 if 7 in numbers else (numbers[len(numbers) // 2] if numbers else 1)
    return Card(Kind.NUMBER, number, rules.deck.colours[0])


def _sources(rules: Rules) -> list[tuple[str, list[int], int, int]]:
    """(kind, values it may count as, copies per colour, copies in all) for each card kind."""
    deck, wilds = rules.deck, rules.wilds
    ncol = len(deck.colours)
    out = [("number", [n], c, c * ncol) for n, c in sorted(deck.numbers.items()) if c]
    if deck.wild_dos:
        out.append(("wild-dos", [wilds.wild_dos.value], deck.wild_dos, deck.wild_dos))
    if deck.wild_number_per_colour:
        wn = wilds.wild_number
        values = list(range(wn.min_value, wn.max_value + 1))
        out.append(("wild-number", values, deck.wild_number_per_colour, deck.wild_number_per_colour * ncol))
    return out


def _card_text(part: MatchCard, colour: Colour) -> str:
    if part.kind == "number":
        return f"{part.value}{colour.letter}"
    if part.kind == "wild-dos":
        return f"W2={colour.letter}"
    return f"#{colour.letter}={part.value}"


def _bonus(rules: Rules, parts: tuple[MatchCard, ...], same: bool, per_colour: int, target: Card) -> MatchFact:
    """Whether the match can share the target's colour with every card, and an instance if so."""
    wild_colour = rules.wilds.wild_number.colour
    if any(p.kind == "wild-number" for p in parts) and is_unspecified(wild_colour):
        return MatchFact(parts, "unspecified", "")
    # a wild whose colour is declared can always take the target's colour; printed cards need copies
    printed = [p for p in parts if p.kind == "number"
               or (p.kind == "wild-number" and wild_colour is WildNumberColour.PRINTED)]
    needed = 2 if same and len(printed) == 2 else 1
    if printed and per_colour < needed:
        return MatchFact(parts, "no", "")
    return MatchFact(parts, "yes", " ".join(_card_text(p, target.colour) for p in parts),
                     tuple(ShownCard(p.kind, p.value, target.colour) for p in parts))


def match_examples(rules: Rules) -> MatchExamples:
    """Every single and every double match against the example target that the deck allows."""
    target = example_target(rules)
    goal = target.number
    sources = _sources(rules)
    singles = []
    for kind, values, per_colour, _ in sources:
        if goal in values:
            singles.append(_bonus(rules, (MatchCard(kind, goal),), False, per_colour, target))
    doubles = []
    for i, (kind_a, values_a, per_a, all_a) in enumerate(sources):
        for j, (kind_b, values_b, per_b, _) in enumerate(sources[i:], start=i):
            same = i == j  # both cards of one kind: the deck must hold two of them
            if same and all_a < 2:
                continue
            for a in values_a:
                b = goal - a
                if b in values_b and not (same and a > b):
                    parts = (MatchCard(kind_a, a), MatchCard(kind_b, b))
                    doubles.append(_bonus(rules, parts, same, min(per_a, per_b), target))
    return MatchExamples(target, tuple(singles), tuple(doubles))


# --- scoring ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredHand:
    cards: tuple[tuple[str, int], ...]  # (notation, points)
    total: int
    shown: tuple[ShownCard, ...] = ()  # the same cards, for the words of each language


def shown(card: Card) -> ShownCard:
    """A card of the deck as named in words (a Wild # unplayed: no number)."""
    return ShownCard(card.kind.value, card.number, card.colour)


def scored_hand(rules: Rules) -> ScoredHand:
    """A sample leftover hand: the lowest and highest number card and one of each wild."""
    deck = make_deck(rules.deck)
    numbers = sorted({c for c in deck if c.kind is Kind.NUMBER}, key=lambda c: (c.number, c.colour.value))
    picks: list[Card] = []
    if numbers:
        picks.append(numbers[0])
        high = [c for c in numbers if c.number == numbers[-1].number and c.colour != numbers[0].colour]
        picks.append(high[0] if high else numbers[-1])
    picks += [c for c in deck if c.kind is Kind.WILD_DOS][:1]
    picks += [c for c in deck if c.kind is Kind.WILD_NUMBER][-1:]
    scored = tuple((str(c), points(c, rules.scoring)) for c in picks)
    return ScoredHand(scored, sum(p for _, p in scored), tuple(shown(c) for c in picks))


# --- differences ------------------------------------------------------------------------------


def differing_paths(a: Rules, b: Rules) -> list[str]:
    """Rule paths whose values differ between two rule sets, in rule-tree order."""
    return [p for p in rule_paths() if a.get(p) != b.get(p)]


def unspecified_paths(rules: Rules) -> list[str]:
    return [p for p in rule_paths() if is_unspecified(rules.get(p))]
