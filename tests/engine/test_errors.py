"""The engine's errors are data: the argument at fault (``field``), its item (``item``, from 0,
for a list), the words without the prefix that places them (``detail``), and their players
by name (``render``); ``str(error)`` is the message the JSON API has always sent.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import cox
from games.engine.amounts import AmountError, read_amount
from games.engine.cards import PACK_52, CardError, board_errors, parse_hands
from games.engine.commerce import PeelRules, showdown
from games.engine.games import OptionError, get
from games.engine.settlement import (
    HandOutcome,
    SettlementError,
    parse_amount,
    player_index,
    settle_peel_new,
    settle_peel_old,
    turns_dealt,
)
from games.engine.wording import EngineError

NAMES = ["Ann", "Bo", "Cy"]


def _caught(make):
    with pytest.raises(EngineError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(
    ("make", "kind", "field", "item", "detail"),
    [
        (
            lambda: parse_amount(0, "stake"),
            SettlementError,
            "stake",
            None,
            "must be more than 0, not 0",
        ),
        (
            lambda: settle_peel_new([HandOutcome(1, "pair")] * 2, 0, 1, [0, -1], 1),
            SettlementError,
            "bought",
            1,
            "must be a whole number from 0 to 52 (a whole pack), not -1",
        ),
        (
            lambda: settle_peel_old([HandOutcome(1, "pair"), HandOutcome(1, "tretal")], 1),
            SettlementError,
            "outcomes",
            1,
            "'tretal' is not a combination of Peel's game (tricon, sequence, flush, pair, point)",
        ),
        (
            lambda: turns_dealt([0, 4], 3),
            SettlementError,
            "dealers",
            1,
            "must be a player index from 0 to 2, not 4",
        ),
        (
            lambda: player_index(9, "stood", 3),
            SettlementError,
            "stood",
            None,
            "must be a player index from 0 to 2, not 9",
        ),
        (
            lambda: read_amount("x", "stake"),
            AmountError,
            "stake",
            None,
            "write an amount like 1, 0.5 or 1/2, not 'x'",
        ),
        (lambda: get("peel-new").configure({"colour": "red"}), OptionError, "colour", None, None),
        (
            lambda: parse_hands(["AS KS QS", "2H qs 2C"], PACK_52),
            CardError,
            "hands",
            1,
            "'qs' (QS) is also in hand 1",
        ),
        (
            lambda: parse_hands(["AS KS QS"], PACK_52),
            CardError,
            "hands",
            None,
            "A showdown needs at least two hands; there is one",
        ),
        (lambda: cox.parse_deal(["auto-1", "fruit-9"], [1, 2]), cox.CoxCardError, "hands", 1, None),
        (
            lambda: cox.check_supply_bases([1, 3, 1]),
            cox.SupplyBaseError,
            "supply_bases",
            2,
            "supply base 1 is also player 1's: each player has his own",
        ),
    ],
)
def test_each_error_names_its_field_and_item(make, kind, field, item, detail):
    error = _caught(make)
    assert type(error) is kind
    assert (error.field, error.item) == (field, item)
    if detail is not None:
        assert error.detail == detail
    assert str(error).endswith(error.detail)


def test_the_message_is_unchanged_and_the_field_prefix_is_not_in_the_detail():
    error = _caught(lambda: settle_peel_new([HandOutcome(1, "pair")] * 2, 0, 1, [0, -1], 1))
    assert str(error) == "bought[1]: must be a whole number from 0 to 52 (a whole pack), not -1"
    assert error.message == str(error)


def test_a_settlement_error_raised_the_old_way_is_read_once_by_itself():
    error = SettlementError("worst[3]: a winner cannot also hold the worst hand")
    assert (error.field, error.item, error.detail) == (
        "worst",
        3,
        "a winner cannot also hold the worst hand",
    )
    plain = SettlementError("no field here")
    assert (plain.field, plain.item, plain.detail) == (None, None, "no field here")


def test_errors_that_speak_of_players_name_them():
    error = _caught(lambda: settle_peel_old([HandOutcome(1, "pair"), HandOutcome(2, "tricon")], 1))
    assert str(error) == (
        "outcomes: player 1's pair (place 1) cannot beat player 2's tricon (place 2)"
    )
    assert error.render(NAMES) == "Ann's pair (place 1) cannot beat Bo's tricon (place 2)"
    tied = _caught(
        lambda: settle_peel_old(
            [HandOutcome(1, "pair"), HandOutcome(2, "point"), HandOutcome(1, "flush")], 1
        )
    )
    assert tied.render(NAMES).startswith("Ann and Cy share place 1")
    held = _caught(lambda: cox.parse_deal(["bank auto-1", "auto-1", "ship-2 bank"], [1, 2, 3]))
    assert (held.field, held.item) == ("hands", 2)
    assert held.render(NAMES) == (
        "the pack has only 1 of bank (the bank card); Ann and Cy hold 2 between them"
    )
    base = _caught(lambda: cox.check_supply_bases([1, 3, 1]))
    assert base.render(NAMES) == "supply base 1 is also Ann's: each player has his own"


def test_a_card_in_two_hands_names_the_other_hands_holder():
    error = _caught(lambda: parse_hands(["AS KS QS", "2H qs 2C"], PACK_52))
    assert str(error) == "Hand 2, card 2: 'qs' (QS) is also in hand 1"
    assert error.render(["Ann's hand", "Bo's hand"]) == "'qs' (QS) is also in Ann's hand"
    assert (error.hand, error.position) == (2, 2)
    board = board_errors([["AS", "KS", "QS"], ["2H", "qs", ""]], PACK_52, complete=False)
    assert [e.render(["Ann", "Bo"]) for e in board] == ["'qs' (QS) is also in Ann"]
    values = parse_hands(["AS KS QS", "2H 2D 2C"], PACK_52)
    again = _caught(lambda: showdown([values[0], values[0]], PeelRules()))
    assert str(again) == "Hand 2: AS is also in hand 1"
    assert (again.field, again.item) == ("hands", 1)
    assert again.render(["Ann"]) == "AS is also in Ann"


@given(st.integers(-3, 60), st.integers(0, 3))
def test_a_purchase_count_refused_names_its_player(count, who):
    bought = [0, 0, 0, 0]
    bought[who] = count
    outcomes = [HandOutcome(1, "pair"), *[HandOutcome(2, "point")] * 3]
    if 0 <= count <= 52:
        settle_peel_new(outcomes, 0, 1, bought, 1)
        return
    error = _caught(lambda: settle_peel_new(outcomes, 0, 1, bought, 1))
    assert (error.field, error.item) == ("bought", who)
    assert str(error) == f"bought[{who}]: {error.detail}"
