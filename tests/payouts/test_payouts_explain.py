"""The words of the calculators: amounts, the players' names, each rule quoted once, errors
in place."""

import doctest
import re
from pathlib import Path

import pytest

from games import options_form
from games.engine.cards import PACK_52, CardError, parse_hands
from games.engine.settlement import SettlementError
from games.explaining import Explanation, Shown
from games.payouts import explain, forms, results
from games.payouts.explain import error_field, error_words, hands_of
from tests.deals import settle_deal

PAYOUTS = Path(explain.__file__).parent


@pytest.mark.parametrize("module", [explain, forms, results, options_form])
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


def test_one_presentation_of_reasons_and_errors():
    # Reasons are games.explaining's, names are put in by the engine's one formatter
    # (Reason.render, EngineError.render), and an error's field is its data: nothing in the
    # calculators reads the engine's sentences back.
    for path in [*PAYOUTS.glob("*.py"), *PAYOUTS.parent.parent.glob("templates/payouts/*")]:
        text = path.read_text()
        for old in ("name_players", "split_field", "field_message", "Explainer", "getattr(game"):
            assert old not in text, (path.name, old)
        assert "games.engine import cox" not in text and "games.engine import pool" not in text
        assert "#steps" not in text, path.name


def test_the_engines_player_numbers_become_names():
    deal = settle_deal("english-new", ["9S 9H KC", "9D 9C KD", "2C 3D 5H"], 1, dealer=2, stood=2)
    page = Explanation(["Ann", "Bo", "Cy"])
    shown = page.extend(deal.settlement.reasons)
    assert all(isinstance(item, Shown) for item in shown)
    assert shown[0].text == "Ann and Bo hold exactly equal best hands, each a pair"


def test_an_error_goes_beside_the_field_and_item_it_names():
    bought = SettlementError.at("bought", "must be a whole number from 0, not -1", item=2)
    assert error_field(bought, {"bought": "bought"}, range(1, 4)) == "bought3"
    assert error_field(bought, {"bought": "bought"}, range(1, 3)) is None  # no third row
    assert error_field(bought) is None  # a list the form has no rows for
    assert error_words(bought, ["Ann", "Bo", "Cy"], placed=False).startswith("Cy: must be")
    try:
        parse_hands(["AS KS QS", "2H as 3C"], PACK_52)
    except CardError as error:
        assert error_field(error, {"hands": "hand"}, range(1, 3)) == "hand2"
        assert error_words(error, hands_of(["Ann", "Bo"])) == "'as' (AS) is also in Ann's hand"
