"""The apps' shared presentation helpers: a message as a sentence, the field an engine error
names, the ruling behind a house-rule option."""

import doctest
from typing import cast

import pytest

from games import forms_util
from games.engine.citations import RULINGS
from games.engine.games import RackGame, get
from games.engine.pool import PoolGame
from games.engine.settlement import SettlementError, settle_peel_new
from games.engine.wording import EngineError
from games.forms_util import ruling_for_option, sentence, split_field


def test_doctests():
    result = doctest.testmod(forms_util)
    assert result.failed == 0 and result.attempted > 0


def test_sentence_capitalises_only_the_first_letter():
    assert sentence("player 2's pair") == "Player 2's pair"
    assert sentence("éclair, then more") == "Éclair, then more"


@pytest.mark.parametrize(
    ("make", "field", "item"),
    [
        (lambda: PoolGame(3, 0, 1, 1), "buy_in", None),
        (lambda: settle_peel_new([], 0, 0, [], 1), "outcomes", None),
        (lambda: PoolGame(3, 1, 1, 1).may_buy_horse(5), "player", None),
    ],
)
def test_split_field_reads_the_engines_own_errors(make, field, item):
    with pytest.raises(SettlementError) as caught:
        make()
    name, index, rest = split_field(str(caught.value))
    assert (name, index) == (field, item)
    assert str(caught.value) == f"{name}: {rest}"


def test_split_field_reads_an_item_of_a_list_and_leaves_other_words_alone():
    assert split_field("bought[12]: x") == ("bought", 12, "x")
    for message in ("Hand 2: A hand is three cards", "no colon here", "Stake: capital"):
        assert split_field(message) == (None, None, message)


def test_every_house_rule_option_has_its_ruling():
    for made in RULINGS.values():
        if made.option is not None:
            assert ruling_for_option(made.option) is made


def test_a_rack_deal_error_goes_beside_the_players_cards_or_base_or_the_whole_deal():
    """RackGame.deal_error places a refusal of check_deal; its words name the players."""
    game = cast(RackGame, get("cox"))
    names = ["Ann", "Bo", "Cy"]

    def placed(hands, bases):
        with pytest.raises(ValueError) as caught:
            game.check_deal(hands, bases)
        error = caught.value
        words = error.render(names) if isinstance(error, EngineError) else str(error)
        return (*game.deal_error(error), words)

    assert placed(["auto-1", "ship-1", "fruit-7"], [1, 2, 3])[:2] == ("cards", 3)
    assert placed(["auto-1", "ship-1", "fruit-1"], [1, 3, 3]) == (
        "base",
        3,
        "supply base 3 is also Bo's: each player has his own",
    )
    assert placed(["auto-1"] * 5, [1, 2, 3, 4, 1]) == (
        None,
        None,
        "Cox's Commerce is played by two, three or four players, not 5",
    )


def test_split_field_given_the_error_reads_its_attributes():
    error = SettlementError.at("bought", "must be a whole number from 0, not -1", item=2)
    assert split_field(error) == ("bought", 2, "must be a whole number from 0, not -1")
    assert split_field(ValueError("stake: x")) == ("stake", None, "x")  # the words, as before
