"""The words of the calculators: amounts, the players' names, each rule quoted once."""

import doctest
import re
from pathlib import Path

import pytest

from games import options_form
from games.engine.citations import Reason, peel
from games.engine.deal import settle_deal
from games.engine.wording import name_players
from games.payouts import explain, forms, render, results
from games.payouts.explain import Explainer, quote_html, ruling_html

PAYOUTS = Path(explain.__file__).parent


@pytest.mark.parametrize("module", [explain, forms, render, results, options_form])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_one_printer_and_one_reader_of_amounts():
    # Every amount in the calculators is printed by format_amount and read by read_amount.
    for path in PAYOUTS.glob("*.py"):
        text = path.read_text()
        assert "Fraction(" not in text or path.name == "results.py", path
        assert not re.search(r"def (amount|signed|points|parse_amount)\b", text), path
        assert "parse_amount" not in text, path


def test_no_variant_is_named_in_the_calculators_python():
    # The calculators ask the registry and the games' capabilities, never which game they hold.
    slugs = ["peel-new", "peel-old", "english", "swedish", '"pool"', '"cox"']
    for path in PAYOUTS.glob("*.py"):
        text = path.read_text()
        for slug in slugs:
            assert slug not in text, (path.name, slug)


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


def test_quotes_and_rulings_are_the_librarys_markup_rendered_once():
    first = quote_html(peel("pool"))
    assert 'cite="/library/peel-commerce/#pool"' in first
    assert quote_html(peel("pool")) is first  # kept
    shown = ruling_html("peel-stander-pays", "shared")
    assert 'class="ruling"' in shown and "(this table: " in shown
    assert ruling_html("peel-stander-pays", "shared") is shown
