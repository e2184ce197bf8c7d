import pytest

from dosrules import load_ruleset
from dosrules.ruleset.cards import Kind, NotationError, make_deck, parse_card, parse_declared


@pytest.mark.parametrize("text", ["7r", "10y", "1b", "#g", "#g=5", "#r=10", "W2", "W2=r"])
def test_notation_round_trips(text):
    assert str(parse_declared(text)) == text


@pytest.mark.parametrize("text", ["0r", "11b", "7x", "#g=r", "W2=5", "7r=3", "", "W3"])
def test_bad_notation_is_rejected(text):
    with pytest.raises(NotationError):
        parse_declared(text)


def test_bare_card_refuses_declaration():
    with pytest.raises(NotationError, match="without '='"):
        parse_card("#g=5")


def test_mattel_deck_has_108_cards():
    deck = make_deck(load_ruleset("mattel-2018").rules.deck)
    assert len(deck) == 108
    assert sum(c.kind is Kind.WILD_DOS for c in deck) == 12
    assert sum(c.kind is Kind.WILD_NUMBER for c in deck) == 8
