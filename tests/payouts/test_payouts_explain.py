"""The words of the calculators: amounts, the players' names, each rule quoted once."""

import doctest
from fractions import Fraction

import pytest

from games.engine.citations import Reason, peel
from games.engine.deal import settle_deal
from games.engine.wording import name_players
from games.payouts import explain, forms
from games.payouts.explain import Explainer, amount


@pytest.mark.parametrize("module", [explain, forms])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(5), "5"),
        (Fraction(-5, 2), "−2.5"),
        (Fraction(1, 3), "1/3"),
        (Fraction(10, 3), "3 1/3"),
        (Fraction(1, 8), "0.125"),
        (Fraction(1, 1024), "1/1024"),
    ],
)
def test_amounts(value, text):
    assert amount(value) == text


def test_the_engines_player_numbers_become_names():
    deal = settle_deal("english-new", ["9S 9H KC", "9D 9C KD", "2C 3D 5H"], 1, dealer=2, stood=2)
    words = [name_players(r.text, ["Ann", "Bo", "Cy"]) for r in deal.settlement.reasons]
    assert words[0] == "Ann and Bo hold exactly equal best hands, each a pair"
    assert name_players("player 7 wins", ["Ann"]) == "player 7 wins"  # nobody: left alone


def test_each_paragraph_is_quoted_once_then_linked():
    explainer = Explainer(["Ann", "Bo"])
    first = explainer.step(Reason("a", (peel("pool"), peel("standing")), ("peel-stander-pays",)))
    second = explainer.step(Reason("b", (peel("standing"), peel("stake")), ("peel-stander-pays",)))
    assert first.quotes == [peel("pool"), peel("standing")] and first.links == []
    assert second.quotes == [peel("stake")]
    assert [link.citation for link in second.links] == [peel("standing")]
    assert second.links[0].label == "Peel, ¶ standing"
    assert first.rulings == [("peel-stander-pays", None)] and second.rulings == []
