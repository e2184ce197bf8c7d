"""The typed, frozen Ruleset that every part of dosrules reads.

A Ruleset is built once by the loader from a validated rule tree. Each rule value may be
``UNSPECIFIED`` (the source is silent); enum rules carry that as a member of their enum, other
rules as the ``UNSPECIFIED`` singleton. Every rule path has a :class:`Provenance`.

Rule paths are dotted names below ``rules`` (``"drawing.after_failed_draw"``); the same path
names the value in the YAML tree, the JSON Schema, the provenance table and engine events.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, is_dataclass
from types import MappingProxyType
from typing import Any, Mapping, Sequence, Union

from .localized import Localized, compose_title


class _Unspecified:
    """The value of a rule the source is silent about. Falsy; one instance, ``UNSPECIFIED``."""

    _instance: "_Unspecified | None" = None

    def __new__(cls) -> "_Unspecified":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSPECIFIED"

    def __bool__(self) -> bool:
        return False

    def __reduce__(self):
        return (_Unspecified, ())


UNSPECIFIED = _Unspecified()
UNSPECIFIED_TEXT = "unspecified"  # how UNSPECIFIED is written in YAML


def is_unspecified(value: Any) -> bool:
    """True for ``UNSPECIFIED`` and for an enum member whose value is ``"unspecified"``."""
    return value is UNSPECIFIED or (isinstance(value, enum.Enum) and value.value == UNSPECIFIED_TEXT)


# --- provenance -------------------------------------------------------------------------------


class Status(enum.Enum):
    """Where a rule value comes from."""

    STATED = "stated"  # the source says it
    INFERRED = "inferred"  # a reading of an unclear or garbled source (a note says which)
    HOUSE = "house"  # a house rule's choice
    FILLED = "filled"  # the sources are silent; a reading filled in from another ruleset or a readings file
    UNSPECIFIED = "unspecified"  # the source is silent


@dataclass(frozen=True)
class Source:
    """A document a ruleset is written from; ``key`` is what citations name."""

    key: str
    file: str
    title: str  # English (what the content hash covers)
    language: str
    titles: Localized | None = field(default=None, compare=False, repr=False)  # with translations

    def title_in(self, lang: str) -> str:
        """The title in ``lang``, else in English."""
        return self.title if self.titles is None else self.titles.in_lang(lang)


@dataclass(frozen=True)
class Citation:
    source: str  # a Source.key of the ruleset
    section: str
    quote: str


@dataclass(frozen=True)
class Provenance:
    status: Status
    citation: Citation | None = None  # None for UNSPECIFIED, and for FILLED from a readings file
    note: str | None = None
    ruleset: str | None = None  # id of the ruleset file that set this value (FILLED: where the reading came from)
    table: str | None = None  # HOUSE without a citation: who chose it, as the file's `source` names it
    notes: Localized | None = None  # the note with its translations (``note`` is its English text)

    def note_in(self, lang: str) -> str | None:
        """The note in ``lang``, else in English; None without a note."""
        if self.notes is not None:
            return self.notes.in_lang(lang)
        return self.note

    def note_translated(self, lang: str) -> bool:
        """Whether the note is given in ``lang`` (English notes always are)."""
        return lang == "en" or (self.notes is not None and self.notes.has(lang))


# --- rule enums -------------------------------------------------------------------------------


class Colour(enum.Enum):
    BLUE = "blue"
    GREEN = "green"
    RED = "red"
    YELLOW = "yellow"

    @property
    def letter(self) -> str:
        return self.value[0]


class FirstDealer(enum.Enum):
    HIGH_CARD = "high-card"  # each player draws; highest deals
    UNSPECIFIED = UNSPECIFIED_TEXT


class DealerTie(enum.Enum):
    """Players tied on the highest card in the draw for first dealer."""

    REDRAW_TIED = "redraw-tied"  # the tied players draw again
    REDRAW_ALL = "redraw-all"  # every player draws again
    UNSPECIFIED = UNSPECIFIED_TEXT


class NextDealer(enum.Enum):
    PREVIOUS_WINNER = "previous-winner"
    PASS_LEFT = "pass-left"
    UNSPECIFIED = UNSPECIFIED_TEXT


class FirstPlayer(enum.Enum):
    LEFT_OF_DEALER = "left-of-dealer"
    DEALER = "dealer"
    UNSPECIFIED = UNSPECIFIED_TEXT


class Direction(enum.Enum):
    """The direction of play: which neighbour takes the next turn."""

    LEFT = "left"  # the next seat up (seat + 1)
    RIGHT = "right"  # the next seat down (seat - 1)
    UNSPECIFIED = UNSPECIFIED_TEXT


class MatchAfterDraw(enum.Enum):
    """What a player who has drawn may play in that turn."""

    ANY = "any"  # any match, with the drawn card or cards already held
    DRAWN_CARD = "drawn-card"  # only a match the drawn card is part of (so one match at most)
    NONE = "none"  # no match after drawing
    UNSPECIFIED = UNSPECIFIED_TEXT


class AfterFailedDraw(enum.Enum):
    PLACE_CARD = "place-card"  # put one card from hand into the Centre Row
    KEEP_AND_PASS = "keep-and-pass"  # keep the drawn card; the turn passes
    UNSPECIFIED = UNSPECIFIED_TEXT


class DeclineAfterDraw(enum.Enum):
    """A player who drew and could match, but ends the turn without matching."""

    PLACE_CARD = "place-card"  # treated like a failed draw: one card into the row
    KEEP_AND_PASS = "keep-and-pass"
    FORBIDDEN = "forbidden"  # an available match must be made
    UNSPECIFIED = UNSPECIFIED_TEXT


class BonusPlacement(enum.Enum):
    """Whether a colour bonus's cards must go into the Centre Row or may be kept."""

    REQUIRED = "required"
    OPTIONAL = "optional"
    UNSPECIFIED = UNSPECIFIED_TEXT


class DrawTiming(enum.Enum):
    """When the other players draw the cards a colour bonus makes them draw."""

    IMMEDIATE = "immediate"  # as soon as the match is made
    END_OF_TURN = "end-of-turn"  # when the turn ends, after the played cards are discarded
    UNSPECIFIED = UNSPECIFIED_TEXT


class RefillMode(enum.Enum):
    TO_MINIMUM = "to-minimum"  # deal from the deck until the row holds `minimum` cards
    REPLACE_COVERED = "replace-covered"  # one new card per removed card, then up to `minimum`
    UNSPECIFIED = UNSPECIFIED_TEXT


class BonusTiming(enum.Enum):
    AFTER_REFILL = "after-refill"
    BEFORE_REFILL = "before-refill"
    UNSPECIFIED = UNSPECIFIED_TEXT


class RowWildChoice(enum.Enum):
    """Who fixes a wild card's open property (Wild DOS colour, Wild # value) in the row: the
    player matching it, or the player who put it there, when it entered the row (the dealer or
    refilling player for a card turned up)."""

    MATCHER_DECLARES = "matcher-declares"
    PLACER_DECLARES = "placer-declares"
    UNSPECIFIED = UNSPECIFIED_TEXT


class WildNumberColour(enum.Enum):
    PRINTED = "printed"  # keeps its printed colour
    DECLARED = "declared"  # takes a declared colour like Wild DOS
    UNSPECIFIED = UNSPECIFIED_TEXT


class PenaltyTiming(enum.Enum):
    END_OF_TURN = "end-of-turn"  # a mid-turn catch's cards are drawn when that turn ends
    IMMEDIATE = "immediate"
    UNSPECIFIED = UNSPECIFIED_TEXT


class Catcher(enum.Enum):
    """Who may catch a player who missed the DOS call."""

    ANY_OTHER = "any-other-player"
    NEXT = "next-player"  # only the next player in the direction of play
    UNSPECIFIED = UNSPECIFIED_TEXT


class CatchWindow(enum.Enum):
    """How long a missed DOS call stays open, to be made late or caught."""

    NEXT_ACTION = "next-action"  # caught right after the first action taken uncalled, and only then
    UNTIL_CALLED = "until-called"  # a late call still counts; until it, after any action uncalled
    UNSPECIFIED = UNSPECIFIED_TEXT


class PendingPenalty(enum.Enum):
    """A player whose DOS penalty waits for the end of the turn empties their hand in that turn."""

    LAPSES = "lapses"  # the player has gone out; the penalty is not drawn
    DRAWN = "drawn"  # the player draws the penalty and has not gone out
    UNSPECIFIED = UNSPECIFIED_TEXT


class DeckExhaustion(enum.Enum):
    RESHUFFLE_DISCARD = "reshuffle-discard"
    END_ROUND = "end-round"  # the round ends unscored
    UNSPECIFIED = UNSPECIFIED_TEXT


class AllWildRow(enum.Enum):
    MATCHER_DECLARES = "matcher-declares"
    PLACER_DECLARES = "placer-declares"
    BURY_AND_REFLIP = "bury-and-reflip"
    UNSPECIFIED = UNSPECIFIED_TEXT


# --- rule groups ------------------------------------------------------------------------------

Flag = Union[bool, _Unspecified]
Count = Union[int, _Unspecified]

#: The readings of every whole-number rule that may be ``unspecified``: the values a silence there
#: can be filled with (an enum rule's readings are its members, a flag's are true and false).
COUNT_READINGS: Mapping[str, tuple[int, ...]] = MappingProxyType({
    "setup.symbol_value_for_dealer": (0, 10),  # a wild card counts lowest, or highest, in the draw for dealer
    "setup.centre_row_extra": (0, 1, 2),  # "at least two": the two alone, or one or two more
    "bonuses.single_colour.place_cards": (0, 1, 2),
    "bonuses.single_colour.others_draw": (0, 1, 2),
    "bonuses.double_colour.place_cards": (0, 1, 2),
    "bonuses.double_colour.others_draw": (0, 1, 2),
    "dos_call.hand_size": (2, 1),  # DOS at two cards, or at one as in UNO
    "dos_call.catch_penalty": (2, 1, 4),
})


@dataclass(frozen=True)
class Players:
    min: int
    max: int


@dataclass(frozen=True)
class Deck:
    colours: tuple[Colour, ...]
    numbers: Mapping[int, int]  # number -> copies per colour
    wild_number_per_colour: int
    wild_dos: int
    per_colour: int  # the count the source states per colour (checked against the parts)
    total: int  # the total the source states (checked against the parts)


@dataclass(frozen=True)
class Setup:
    first_dealer: FirstDealer
    symbol_value_for_dealer: Count  # value of wild cards in the high-card draw
    dealer_tie: DealerTie  # a tie for the highest card in that draw
    next_dealer: NextDealer
    first_player: FirstPlayer
    direction: Direction  # the direction of play
    hand_size: int
    centre_row: int  # the fewest cards turned up at the start of a round
    centre_row_extra: Count  # cards turned up beyond those (0: exactly centre_row)

    @property
    def opening_row(self) -> int:
        """The cards a deal turns up: ``centre_row`` plus the extra (the minimum while that is unspecified)."""
        extra = self.centre_row_extra
        return self.centre_row + (0 if is_unspecified(extra) else int(extra))


@dataclass(frozen=True)
class Matching:
    single: Flag
    double: Flag
    colour_restricts: Flag  # True would make colour part of legality
    once_per_row_card: Flag  # each Centre Row card at most once per turn
    any_row_card: Flag  # with a wide row, any or all cards may be matched


@dataclass(frozen=True)
class Drawing:
    draw_when_match_possible: Flag  # may draw although a match exists
    match_after_draw: MatchAfterDraw
    after_failed_draw: AfterFailedDraw
    decline_match_after_draw: DeclineAfterDraw


@dataclass(frozen=True)
class Bonus:
    place_cards: Count  # cards from hand to the row at end of turn
    others_draw: Count  # cards every other player draws
    placement: BonusPlacement  # whether the cards to place must be placed


@dataclass(frozen=True)
class Bonuses:
    single_colour: Bonus
    double_colour: Bonus
    others_draw_timing: DrawTiming  # when the other players draw a bonus's cards


@dataclass(frozen=True)
class Refill:
    mode: RefillMode
    minimum: int
    bonus_cards: BonusTiming


@dataclass(frozen=True)
class WildDos:
    value: int
    row_colour: RowWildChoice  # a Wild DOS lying in the row


@dataclass(frozen=True)
class WildNumber:
    min_value: int
    max_value: int
    colour: WildNumberColour
    row_value: RowWildChoice  # a Wild # lying in the row


@dataclass(frozen=True)
class Wilds:
    wild_dos: WildDos
    wild_number: WildNumber


@dataclass(frozen=True)
class DosCall:
    required: Flag
    hand_size: Count
    catch_penalty: Count
    penalty_timing: PenaltyTiming
    catcher: Catcher
    catch_window: CatchWindow  # how long a missed call may be made late or caught


@dataclass(frozen=True)
class GoingOut:
    double_colour_draw_before_scoring: Flag
    pending_penalty: PendingPenalty  # a DOS penalty waiting for the end of the turn


@dataclass(frozen=True)
class Scoring:
    wild_dos: int
    wild_number: int
    number_cards_face_value: Flag


@dataclass(frozen=True)
class Rules:
    """One complete set of rule values (for one player count)."""

    players: Players
    deck: Deck
    setup: Setup
    matching: Matching
    drawing: Drawing
    bonuses: Bonuses
    refill: Refill
    wilds: Wilds
    dos_call: DosCall
    going_out: GoingOut
    scoring: Scoring
    target: int
    deck_exhaustion: DeckExhaustion
    all_wild_row: AllWildRow

    def get(self, path: str) -> Any:
        """The value at a dotted rule path, e.g. ``rules.get("refill.minimum")``."""
        value: Any = self
        for part in path.split("."):
            value = value[int(part)] if isinstance(value, Mapping) else getattr(value, part)
        return value


def rule_paths(cls: type = Rules, prefix: str = "") -> list[str]:
    """Every leaf rule path of the Rules tree, in declaration order."""
    paths: list[str] = []
    for f in fields(cls):
        path = prefix + f.name
        hint = f.type if isinstance(f.type, type) else globals().get(str(f.type))
        if hint is not None and is_dataclass(hint):
            paths.extend(rule_paths(hint, path + "."))
        else:
            paths.append(path)
    return paths


@dataclass(frozen=True)
class Ruleset:
    """A resolved, validated ruleset: rules for every player count, with provenance.

    ``rules`` holds the values for no particular player count; ``for_players(n)`` applies the
    ``by_players`` overrides. ``tree`` is the canonical resolved rule tree (plain data) whose
    sha256 is ``content_hash``.
    """

    id: str
    name: str
    kind: str  # "edition" or "house"
    sources: tuple[Source, ...]
    rules: Rules
    by_players: Mapping[int, Rules]
    provenance: Mapping[str, Provenance]  # "rule.path" or "by_players.N.rule.path"
    tree: Mapping[str, Any] = field(repr=False)
    content_hash: str = ""
    files: tuple[str, ...] = ()  # the files the ruleset was resolved from, base first
    parts: tuple["LaidPart", ...] = ()  # the edition and house rules laid, in order, with their names

    def name_in(self, lang: str, played: Sequence[str] = ()) -> str:
        """The ruleset's title in ``lang`` (English where a name has no translation): an
        edition's name, or an edition with its house rules ("…, mit Hausregel „…“"), then
        ``played``, the rules set on the command line in the reader's words (the rulebook
        templates word them: "gespielt bis 300 Punkte")."""
        if not self.parts:
            return compose_title(lang, self.name, (), played)
        editions = [p for p in self.parts if p.kind == "edition"]
        houses = [p.name.in_lang(lang) for p in self.parts if p.kind != "edition"]
        return compose_title(lang, editions[-1].name.in_lang(lang) if editions else None, houses, played)

    def part(self, ruleset_id: str) -> "LaidPart | None":
        """The laid file with this id (its names and description), None if none is."""
        return next((p for p in self.parts if p.id == ruleset_id), None)

    def for_players(self, players: int) -> Rules:
        """The rules in force for a game of ``players`` players."""
        return self.by_players.get(players, self.rules)

    def provenance_of(self, path: str, players: int | None = None) -> Provenance:
        """Provenance of a rule path, looking at the ``by_players`` override first."""
        if players is not None and players in self.by_players:
            found = self.provenance.get(f"by_players.{players}.{path}")
            if found is not None:
                return found
        return self.provenance[path]

    def source(self, key: str) -> Source:
        for src in self.sources:
            if src.key == key:
                return src
        raise KeyError(key)


@dataclass(frozen=True)
class LaidPart:
    """One file laid in a ruleset: an edition or a house rule, with its texts in every language given."""

    id: str
    kind: str  # "edition" or "house"
    name: Localized
    description: Localized | None = None

    def description_in(self, lang: str) -> str | None:
        return None if self.description is None else self.description.in_lang(lang)


def freeze(mapping: Mapping) -> Mapping:
    """A read-only view of a dict, for frozen dataclass fields."""
    return MappingProxyType(dict(mapping))
