"""A deal settled from the cards shown: games.engine.deal (showdown, then settlement)."""

from fractions import Fraction as F

import pytest

from games.engine.cards import CardError
from games.engine.deal import settle_deal, settlement_option_names
from games.engine.settlement import SettlementError


def net(deal):
    return list(deal.settlement.net)


def slugs(deal):
    return {slug for reason in deal.reasons for slug in reason.rulings} | {
        slug for t in deal.settlement.transfers for slug in t.reason.rulings}


def test_peel_new_game_judges_the_cards_then_settles():
    # Dealer 0 holds a sequence and wins; player 1 stood with a pair of nines and lost.
    # Pool 2 + 1 + 1: dealer +2; p1 pays the stander's stake to the dealer: 3, -2, -1.
    deal = settle_deal("english-new", ["QH KH AH", "9S 9H KD", "2S 7D 9C"], 1, dealer=0, stood=1)
    assert net(deal) == [3, -2, -1]
    assert deal.reasons[0].text.startswith("Hand 1")  # the showdown's reasons come first


def test_exact_ties_dealer_option_beats_the_other_equal_hand():
    # Equal sequences; player 1 deals, player 0 stood. Shared by default:
    # pool 1 + 2, 3/2 each: p0 +1/2; the dealer's stake to p0: p0 3/2, p1 -3/2.
    hands = ["QH KH AH", "QS KS AS"]
    shared = settle_deal("english-new", hands, 1, dealer=1, stood=0)
    assert net(shared) == [F(3, 2), F(-3, 2)]
    # Under exact_ties="dealer" the dealer wins alone: pool +1, and the stander was beaten
    # (by the tie rule) so pays another stake: p0 -2, p1 +2.
    alone = settle_deal("english-new", hands, 1, dealer=1, stood=0,
                        options={"exact_ties": "dealer"})
    assert net(alone) == [-2, 2] and alone.settlement.winners == (1,)


def test_limited_commerce_unrecognised_pair_brings_no_dealer_penalty():
    hands = ["9S 9H KD", "QH KH AH", "2S 7D 4C"]
    options = {"dealer_penalty": "all"}
    full = settle_deal("english-new", hands, 1, dealer=0, stood=1, options=options)
    limited = settle_deal("english-new", hands, 1, dealer=0, stood=1, options=options,
                          limited="no-pair")
    assert "peel-dealer-penalty" in slugs(full)
    assert "peel-dealer-penalty-limited" in slugs(limited)
    # The penalty (a stake to each of 2 players) is the whole difference.
    assert [a - b for a, b in zip(net(full), net(limited), strict=True)] == [-2, 1, 1]


def test_old_game_and_swedish():
    assert net(settle_deal("english-old", ["2C 2D 2H", "9S 9H KD", "2S 7D 9C"], 1)) == [2, -1, -1]
    # Swedish: equal sekvenser, the banker (1) wins; pot +2.
    deal = settle_deal("swedish", ["s6 s5 s4", "h6 h5 h4", "dK cK h3"], 1, dealer=1)
    assert net(deal) == [-1, 2, -1] and deal.settlement.winners == (1,)


def test_swedish_all_ingenting_cannot_be_settled():
    with pytest.raises(SettlementError, match="nobody may lay up with ingenting"):
        settle_deal("swedish", ["dK cK h3", "s2 h5 c9", "d4 c7 sD"], 1, dealer=0)


def test_options_go_to_the_valuing_or_the_paying_rules():
    assert "dealer_penalty" in settlement_option_names("english-new")
    with pytest.raises(ValueError, match="colour"):
        settle_deal("english-old", ["2C 2D 2H", "9S 9H KD"], 1, options={"colour": "red"})
    with pytest.raises(SettlementError, match="dealer_penalty"):
        settle_deal("english-new", ["2C 2D 2H", "9S 9H KD"], 1, dealer=0, stood=1,
                    options={"dealer_penalty": "sometimes"})


def test_rejects_bad_input():
    with pytest.raises(SettlementError, match="^rules: 'poker'"):
        settle_deal("poker", ["s6 s5 s4", "dK cK h3"], 1)
    with pytest.raises(
        SettlementError, match=r"^dealer: must be a player index from 0 to 1, not 2$"
    ):
        settle_deal("english-new", ["QH KH AH", "9S 9H KD"], 1, dealer=2, stood=0)
    with pytest.raises(SettlementError, match="^dealer: the new game needs"):
        settle_deal("english-new", ["QH KH AH", "9S 9H KD"], 1, stood=0)
    with pytest.raises(SettlementError, match="^bought: one number per player"):
        settle_deal("english-old", ["QH KH AH", "9S 9H KD"], 1, bought=[1])
    with pytest.raises(CardError, match="Hand 2"):
        settle_deal("english-old", ["QH KH AH", "9S 9H ZZ"], 1)
