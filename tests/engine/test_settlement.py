"""Settlement: one test per rule or worked example of Peel and of the Swedish text.

Worked examples give every number computed by hand in a comment. Players are indices
listed clockwise; ``H(place, category)`` is a hand's outcome at the showdown.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path
from typing import get_args, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.citations import RULINGS, Reason, peel, swedish
from games.engine.settlement import (
    ENGLISH_CATEGORIES,
    SWEDISH_CATEGORIES,
    HandOutcome,
    PeelNewOptions,
    Settlement,
    SettlementError,
    SwedishOptions,
    Transfer,
    next_dealer,
    parse_amount,
    rotation_reason,
    settle_peel_new,
    settle_peel_old,
    settle_swedish,
    suggest_end,
    turns_dealt,
)

H = HandOutcome
ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"


def net(s: Settlement) -> list[F]:
    return list(s.net)


def slugs(s: Settlement) -> set[str]:
    """Every ruling applied anywhere in a settlement."""
    reasons = list(s.reasons) + [t.reason for t in s.transfers]
    return {slug for r in reasons for slug in r.rulings}


def cited(s: Settlement) -> set[str]:
    reasons = list(s.reasons) + [t.reason for t in s.transfers]
    return {c.anchor for r in reasons for c in r.citations}


# --- Peel: the modern game -----------------------------------------------------------------


def test_pool_everyone_stakes_the_dealer_twice_and_the_best_hand_takes_it() -> None:
    # 3 players, stake 1, dealer 0; player 1 stands and wins with a pair.
    # Pool: 2 (dealer) + 1 + 1 = 4 to player 1, who paid 1 of it: +3; dealer -2, p2 -1.
    # The dealer also pays the best hand a stake: dealer -3, player 1 +4.
    hands = [H(2, "point"), H(1, "pair"), H(3, "point")]
    s = settle_peel_new(hands, dealer=0, stood=1, bought=[0, 0, 0], stake=1)
    assert net(s) == [-3, 4, -1]
    assert s.winners == (1,)
    pool = [t for t in s.transfers if "stake into the pool" in t.reason.text]
    assert {(t.payer, t.payee, t.amount) for t in pool} == {(0, 1, 2), (2, 1, 1)}
    assert all(peel("pool") in t.reason.citations for t in pool)


def test_standing_best_hand_receives_a_stake_from_the_dealer() -> None:
    hands = [H(2, "point"), H(1, "pair"), H(3, "point")]
    s = settle_peel_new(hands, dealer=0, stood=1, bought=[0, 0, 0], stake=5)
    from_dealer = [t for t in s.transfers if "advantage of selling" in t.reason.text]
    assert [(t.payer, t.payee, t.amount) for t in from_dealer] == [(0, 1, 5)]
    assert peel("standing") in from_dealer[0].reason.citations


def test_standing_dealer_holding_the_best_hand_pays_himself_nothing() -> None:
    # Dealer 0 wins: the others' stakes (1 + 1) are his; his own 2 come back; no stake to pay.
    hands = [H(1, "tricon"), H(2, "pair"), H(3, "point")]
    s = settle_peel_new(hands, dealer=0, stood=2, bought=[0, 0, 0], stake=1)
    # Player 2 stood and was beaten by players 0 and 1: a stake to each.
    # Dealer +2 +1 = 3, player 1 -1 +1 = 0, player 2 -1 -2 = -3.
    assert net(s) == [3, 0, -3]
    assert all(t.payer != 0 for t in s.transfers)


def test_ready_money_each_purchase_pays_a_stake_to_the_dealer() -> None:
    # 3 players, stake 2, dealer 1. Player 0 wins (stood) having bought 1 card; player 2
    # bought 3; the dealer bought 4 (free).
    # Pool 2 + 4 + 2 -> player 0 gets +6; dealer's stake to him +2; he pays 2 for his card.
    # Player 0: 6 + 2 - 2 = 6. Dealer: -4 - 2 + 2 + 6 = 2. Player 2: -2 - 6 = -8.
    hands = [H(1, "pair"), H(2, "point"), H(3, "point")]
    s = settle_peel_new(hands, dealer=1, stood=0, bought=[1, 4, 3], stake=2)
    assert net(s) == [6, 2, -8]
    ready = [t for t in s.transfers if "ready money" in t.reason.text]
    assert {(t.payer, t.payee, t.amount) for t in ready} == {(0, 1, 2), (2, 1, 6)}
    assert {peel("ready-money"), peel("one-card")} <= set(ready[0].reason.citations)


def test_ready_money_dealer_own_purchases_cost_nothing() -> None:
    hands = [H(1, "pair"), H(2, "point"), H(3, "point")]
    free = settle_peel_new(hands, dealer=1, stood=0, bought=[1, 4, 3], stake=2)
    none = settle_peel_new(hands, dealer=1, stood=0, bought=[1, 0, 3], stake=2)
    assert free.net == none.net
    assert "peel-dealer-own-purchase" in slugs(free)
    assert "peel-dealer-own-purchase" not in slugs(none)


def test_standing_beaten_stander_pays_each_better_hand() -> None:
    # 4 players, stake 1, dealer 3; player 2 stood with a pair and is beaten by player 0's
    # tricon and player 1's flush. Pool 1 + 1 + 1 + 2 to player 0 (+4); dealer's stake (+1);
    # a stake each from the stander to players 0 and 1.
    # p0 4 + 1 + 1 = 6, p1 -1 + 1 = 0, p2 -1 - 2 = -3, p3 -2 - 1 = -3.
    hands = [H(1, "tricon"), H(2, "flush"), H(3, "pair"), H(4, "point")]
    s = settle_peel_new(hands, dealer=3, stood=2, bought=[0] * 4, stake=1)
    assert net(s) == [6, 0, -3, -3]
    assert "peel-stander-pays" in slugs(s)


def test_standing_beaten_stander_shared_option_pays_one_stake_between_them() -> None:
    # As above, but the stander's one stake is shared: 1/2 to player 0 and 1/2 to player 1.
    # p0 4 + 1 + 1/2 = 11/2, p1 -1 + 1/2 = -1/2, p2 -1 - 1 = -2, p3 -3.
    hands = [H(1, "tricon"), H(2, "flush"), H(3, "pair"), H(4, "point")]
    s = settle_peel_new(hands, 3, 2, [0] * 4, 1, PeelNewOptions(stander_pays="shared"))
    assert net(s) == [F(11, 2), F(-1, 2), -2, -3]


def test_standing_stander_equal_to_the_best_hand_is_not_beaten() -> None:
    # Players 0 and 1 hold exactly equal best hands; player 1 stood: nobody beat him.
    hands = [H(1, "sequence"), H(1, "sequence"), H(3, "point")]
    s = settle_peel_new(hands, dealer=2, stood=1, bought=[0, 0, 0], stake=1)
    assert "peel-stander-pays" not in slugs(s)
    assert all(t.payer != 1 or "stake into the pool" in t.reason.text for t in s.transfers)


def test_standing_stander_with_the_best_hand_pays_no_additional_stake() -> None:
    hands = [H(1, "flush"), H(2, "pair"), H(3, "point")]
    s = settle_peel_new(hands, dealer=1, stood=0, bought=[0, 0, 0], stake=1)
    assert all(t.payer != 0 for t in s.transfers)


def test_new_game_equal_best_hands_share_the_pool_and_each_receive_the_dealers_stake() -> None:
    # 3 players, stake 1, dealer 0 (point); players 1 and 2 hold equal flushes, 1 stood.
    # Pool 2 + 1 + 1 = 4, 2 to each: p1 +1, p2 +1, dealer -2. Dealer's stake to each: -2.
    # p0 -4, p1 +2, p2 +2.
    hands = [H(3, "point"), H(1, "flush"), H(1, "flush")]
    s = settle_peel_new(hands, dealer=0, stood=1, bought=[0, 0, 0], stake=1)
    assert net(s) == [-4, 2, 2]
    assert s.winners == (1, 2)
    assert {"peel-new-tie-pool", "peel-new-tie-dealer-stake"} <= slugs(s)


def test_new_game_equal_best_hands_shared_option_share_one_dealers_stake() -> None:
    # As above with one stake shared: 1/2 each. p0 -3, p1 3/2, p2 3/2.
    hands = [H(3, "point"), H(1, "flush"), H(1, "flush")]
    s = settle_peel_new(hands, 0, 1, [0, 0, 0], 1, PeelNewOptions(tie_dealer_stake="shared"))
    assert net(s) == [-3, F(3, 2), F(3, 2)]


def test_new_game_dealer_among_equal_best_hands_still_pays_the_other_his_stake() -> None:
    # 3 players, stake 1, dealer 0 ties player 1 (sequences); player 2 stood and lost.
    # Pool 2 + 1 + 1 = 4, 2 each: dealer 0, p1 +1, p2 -1. Dealer's stake to p1: -1 / +1.
    # Stander pays p0 and p1 a stake each. p0 0 - 1 + 1 = 0, p1 1 + 1 + 1 = 3, p2 -3.
    hands = [H(1, "sequence"), H(1, "sequence"), H(3, "pair")]
    s = settle_peel_new(hands, dealer=0, stood=2, bought=[0, 0, 0], stake=1)
    assert net(s) == [0, 3, -3]
    shared = settle_peel_new(hands, 0, 2, [0, 0, 0], 1, PeelNewOptions(tie_dealer_stake="shared"))
    # The dealer pays p1 only his half: p0 1/2, p1 5/2, p2 -3.
    assert net(shared) == [F(1, 2), F(5, 2), -3]


def test_dealer_penalty_is_not_paid_unless_agreed() -> None:
    hands = [H(3, "pair"), H(1, "tricon"), H(2, "flush"), H(4, "point")]
    s = settle_peel_new(hands, dealer=0, stood=1, bought=[0] * 4, stake=1)
    # Pool 2 + 1 + 1 to p1 (+4), dealer's stake to p1: p0 -3, p1 5, p2 -1, p3 -1.
    assert net(s) == [-3, 5, -1, -1]
    assert "peel-dealer-penalty" not in slugs(s)


def test_dealer_penalty_rule_all_beaten_dealer_pays_a_stake_to_each_player() -> None:
    # As above, and the dealer's beaten pair pays 1 to each of p1, p2, p3:
    # p0 -3 - 3 = -6, p1 5 + 1 = 6, p2 0, p3 0.
    hands = [H(3, "pair"), H(1, "tricon"), H(2, "flush"), H(4, "point")]
    s = settle_peel_new(hands, 0, 1, [0] * 4, 1, PeelNewOptions(dealer_penalty="all"))
    assert net(s) == [-6, 6, 0, 0]
    assert "dealer-penalty-rule" in cited(s)


def test_dealer_penalty_rule_better_pays_only_the_better_hands() -> None:
    # Only p1 (tricon) and p2 (flush) beat the dealer's pair: p0 -5, p1 6, p2 0, p3 -1.
    hands = [H(3, "pair"), H(1, "tricon"), H(2, "flush"), H(4, "point")]
    s = settle_peel_new(hands, 0, 1, [0] * 4, 1, PeelNewOptions(dealer_penalty="better"))
    assert net(s) == [-5, 6, 0, -1]


def test_dealer_penalty_rule_not_for_point_so_not_for_an_unrecognised_pair() -> None:
    hands = [H(3, "point"), H(1, "tricon"), H(2, "flush"), H(4, "point")]
    plain = settle_peel_new(hands, 0, 1, [0] * 4, 1)
    s = settle_peel_new(hands, 0, 1, [0] * 4, 1, PeelNewOptions(dealer_penalty="all"))
    assert s.net == plain.net
    assert "peel-dealer-penalty-limited" in slugs(s)
    assert "limited-commerce-rule" in cited(s)


def test_dealer_penalty_rule_not_when_the_dealer_wins() -> None:
    hands = [H(1, "pair"), H(2, "point"), H(3, "point")]
    plain = settle_peel_new(hands, 0, 1, [0] * 3, 1)
    s = settle_peel_new(hands, 0, 1, [0] * 3, 1, PeelNewOptions(dealer_penalty="all"))
    assert s.net == plain.net


def test_dealer_penalty_rule_adds_to_the_beaten_stander_stake() -> None:
    # Dealer 0 stood with a pair, beaten by p1's flush; 2 players, stake 1, option "better".
    # Pool 2 + 1 -> p1 +2; dealer's stake +1; stander's stake +1; penalty +1: p1 +5.
    hands = [H(2, "pair"), H(1, "flush")]
    s = settle_peel_new(hands, 0, 0, [0, 0], 1, PeelNewOptions(dealer_penalty="better"))
    assert net(s) == [-5, 5]


def test_extended_commerce_rule_everyone_stands_so_no_beaten_stander_pays() -> None:
    # 3 players, stake 1, dealer 2; p0 best, p1 and p0 bought one card each.
    # Pool 1 + 2 -> p0 +3; dealer's stake +1; p0 pays 1 for his card: p0 3.
    # p1 -1 - 1 = -2. Dealer -2 - 1 + 2 = -1.
    hands = [H(1, "flush"), H(2, "pair"), H(3, "point")]
    s = settle_peel_new(hands, 2, None, [1, 1, 0], 1, PeelNewOptions(extended=True))
    assert net(s) == [3, -2, -1]
    assert "peel-extended-no-stander" in slugs(s)


def test_extended_commerce_rule_takes_no_stander() -> None:
    hands = [H(1, "flush"), H(2, "pair")]
    with pytest.raises(SettlementError, match="^stood: in Extended Commerce"):
        settle_peel_new(hands, 0, 1, [0, 0], 1, PeelNewOptions(extended=True))


def test_standing_someone_must_have_stood_outside_extended_commerce() -> None:
    with pytest.raises(SettlementError, match="^stood: name the player"):
        settle_peel_new([H(1, "flush"), H(2, "pair")], 0, None, [0, 0], 1)


@pytest.mark.parametrize("stake", ["1/2", 0.5, Decimal("0.5"), F(1, 2), "0.5"])
def test_stake_may_be_a_fraction(stake: object) -> None:
    # The first example at half a stake: p0 -3/2, p1 2, p2 -1/2.
    hands = [H(2, "point"), H(1, "pair"), H(3, "point")]
    s = settle_peel_new(hands, 0, 1, [0, 0, 0], stake)
    assert net(s) == [F(-3, 2), 2, F(-1, 2)]


def test_peel_worked_example_every_rule_at_once() -> None:
    # 5 players, stake 2, dealer 4 (holds a pair), option dealer_penalty="better".
    # p0 tricon (1), p1 flush (2), p2 pair (3) stood, dealer pair (4: lower), p3 point (5).
    # bought: p0 2, p1 1, p2 0, p3 3, dealer 1 (free).
    # Pool: 2+2+2+2+4 = 12 to p0, who paid 2: p0 +10, p1 -2, p2 -2, p3 -2, p4 -4.
    # Ready money: p0 -4, p1 -2, p3 -6 -> dealer +12.
    # Dealer's stake to p0: p4 -2, p0 +2.
    # Stander p2 beaten by p0 and p1: -4, p0 +2, p1 +2.
    # Dealer penalty (pair beaten) to better hands p0, p1, p2 (p2's pair is higher): -6.
    # p0 10 - 4 + 2 + 2 + 2 = 12; p1 -2 - 2 + 2 + 2 = 0; p2 -2 - 4 + 2 = -4;
    # p3 -2 - 6 = -8; p4 -4 + 12 - 2 - 6 = 0. Sum 12 + 0 - 4 - 8 + 0 = 0.
    hands = [H(1, "tricon"), H(2, "flush"), H(3, "pair"), H(5, "point"), H(4, "pair")]
    s = settle_peel_new(hands, 4, 2, [2, 1, 0, 3, 1], 2, PeelNewOptions(dealer_penalty="better"))
    assert net(s) == [12, 0, -4, -8, 0]


# --- Peel: the old game --------------------------------------------------------------------


def test_old_game_play_winner_receives_a_stake_from_each_other_player() -> None:
    # 4 players, stake 1: p2 wins, +3; each other -1.
    hands = [H(2, "pair"), H(3, "point"), H(1, "sequence"), H(4, "point")]
    s = settle_peel_old(hands, 1)
    assert net(s) == [-1, -1, 3, -1]
    assert s.winners == (2,)
    assert all(peel("old-game-play") in t.reason.citations for t in s.transfers)


def test_old_game_equal_best_hands_each_receive_a_stake_from_all_the_others() -> None:
    # 4 players, stake 1: p0 and p2 equal; p1 and p3 each pay a stake to each: +2 / -2.
    hands = [H(1, "pair"), H(3, "point"), H(1, "pair"), H(4, "point")]
    s = settle_peel_old(hands, 1)
    assert net(s) == [2, -2, 2, -2]
    assert "peel-old-equal-best" in slugs(s)
    assert all(t.payer not in s.winners for t in s.transfers)


def test_old_game_all_hands_equal_nobody_pays() -> None:
    s = settle_peel_old([H(1, "point")] * 3, 1)
    assert net(s) == [0, 0, 0] and s.transfers == ()


# --- The Swedish text ----------------------------------------------------------------------


def test_insats_each_player_puts_one_chip_in_the_pot_the_winner_takes_it() -> None:
    # 4 players, chip 1, the banker (0) wins and nobody bought: +3, the others -1.
    hands = [H(1, "tretal"), H(2, "poang"), H(3, "ingenting"), H(3, "ingenting")]
    s = settle_swedish(hands, dealer=0, bought=[0] * 4, stake=1)
    assert net(s) == [3, -1, -1, -1]


def test_handla_a_purchase_pays_the_banker_a_chip_his_own_are_free() -> None:
    # 3 players, chip 1, banker 1 wins; p0 bought twice, the banker five times, p2 never.
    # Pot: +2 to the banker. Purchases: p0 -> banker 2. Bonus: p0 bought -> 1.
    # p0 -1 - 2 - 1 = -4; banker 2 + 2 + 1 = 5; p2 -1.
    hands = [H(2, "poang"), H(1, "tretal"), H(3, "ingenting")]
    s = settle_swedish(hands, dealer=1, bought=[2, 5, 0], stake=1)
    assert net(s) == [-4, 5, -1]
    assert any(t.reason.citations == (swedish("handla"),) for t in s.transfers)


def test_bonus_one_chip_from_every_other_player_who_bought_and_from_the_losing_banker() -> None:
    # 4 players, chip 1, banker 0 (ingenting). p1 wins with poäng; p2 bought 3 times.
    # Pot +3 to p1. Purchases p2 -> banker 3. Bonus: one chip from p2 (not three) and one
    # from the banker, who always pays when he loses. No banker's chip (ingenting).
    # p0 -1 + 3 - 1 = 1; p1 3 + 2 = 5; p2 -1 - 3 - 1 = -5; p3 -1.
    hands = [H(3, "ingenting"), H(1, "poang"), H(2, "poang"), H(3, "ingenting")]
    s = settle_swedish(hands, dealer=0, bought=[0, 0, 3, 0], stake=1)
    assert net(s) == [1, 5, -5, -1]
    bonus = [t for t in s.transfers if "bonus" in t.reason.text]
    assert sorted((t.payer, t.payee, t.amount) for t in bonus) == [(0, 1, 1), (2, 1, 1)]


def test_lika_equal_best_hands_with_the_banker_the_banker_wins() -> None:
    # 3 players, chip 1, banker 2 and p0 hold equal sekvenser; p0 and p1 bought once each.
    # Banker alone wins: pot +2, purchases +2, bonus from p0 and p1 +2: +6; p0 -3, p1 -3.
    hands = [H(1, "sekvens"), H(3, "poang"), H(1, "sekvens")]
    s = settle_swedish(hands, dealer=2, bought=[1, 1, 0], stake=1)
    assert net(s) == [-3, -3, 6]
    assert s.winners == (2,)


def test_lika_equal_best_hands_without_the_banker_share_pot_and_bonus() -> None:
    # 4 players, chip 1, banker 3 (poäng). p0 and p1 hold equal tretal; p0 bought once,
    # p2 twice. Pot: 4 chips, 2 each: p0 +1, p1 +1, p2 -1, p3 -1.
    # Purchases: p0 -> banker 1, p2 -> banker 2. Bonus payers: p2 (bought) and the banker
    # (lost); p0 bought but is a winner. Each chip shared: p0 +1, p1 +1, p2 -1, p3 -1.
    # p0 1 - 1 + 1 = 1; p1 1 + 1 = 2; p2 -1 - 2 - 1 = -4; p3 -1 + 3 - 1 = 1.
    hands = [H(1, "tretal"), H(1, "tretal"), H(3, "poang"), H(4, "poang")]
    s = settle_swedish(hands, dealer=3, bought=[1, 0, 2, 0], stake=1)
    assert net(s) == [1, 2, -4, 1]
    assert s.winners == (0, 1)
    assert "swedish-tie" in slugs(s)


def test_lika_full_bonus_option_each_winner_receives_a_whole_bonus_chip() -> None:
    # As above, but each bonus payer pays each winner a whole chip:
    # p0 1 - 1 + 2 = 2; p1 1 + 2 = 3; p2 -1 - 2 - 2 = -5; p3 -1 + 3 - 2 = 0.
    hands = [H(1, "tretal"), H(1, "tretal"), H(3, "poang"), H(4, "poang")]
    s = settle_swedish(hands, 3, [1, 0, 2, 0], 1, SwedishOptions(tie="full-bonus"))
    assert net(s) == [2, 3, -5, 0]


def test_bankirens_spelmark_banker_with_the_winners_kind_but_lower_pays_everyone() -> None:
    # 4 players, chip 1, banker 0 holds poäng, lower than p1's and p2's; p3 ingenting.
    # Pot +3 to p1. Bonus from the losing banker +1. Banker's chip to p1, p2, p3.
    # p0 -1 - 1 - 3 = -5; p1 3 + 1 + 1 = 5; p2 -1 + 1 = 0; p3 -1 + 1 = 0.
    hands = [H(3, "poang"), H(1, "poang"), H(2, "poang"), H(4, "ingenting")]
    s = settle_swedish(hands, dealer=0, bought=[0] * 4, stake=1)
    assert net(s) == [-5, 5, 0, 0]
    assert "bankirens-spelmark" in cited(s)


def test_bankirens_spelmark_not_for_a_different_kind() -> None:
    hands = [H(2, "sekvens"), H(1, "tretal"), H(3, "poang")]
    s = settle_swedish(hands, dealer=0, bought=[0] * 3, stake=1)
    # Pot +2 to p1, bonus from the banker +1: p0 -2, p1 3, p2 -1; no chip.
    assert net(s) == [-2, 3, -1]
    assert "bankirens-spelmark" not in cited(s)


def test_lagga_upp_nobody_may_lay_up_with_ingenting() -> None:
    hands = [H(1, "ingenting"), H(1, "ingenting"), H(1, "ingenting")]
    with pytest.raises(SettlementError, match="nobody may lay up with ingenting"):
        settle_swedish(hands, 0, [0] * 3, 1)


def test_swedish_worked_example() -> None:
    # The docstring's example: 3 players, chip 1, banker 0 holds a lower sekvens than p1;
    # bought [1, 2, 1]. Banker -1 + 3 - 1 - 2 = -1; p1 2 - 2 + 2 + 1 = 3; p2 -1 - 1 - 1 + 1.
    hands = [H(2, "sekvens"), H(1, "sekvens"), H(3, "poang")]
    s = settle_swedish(hands, 0, [1, 2, 1], 1)
    assert net(s) == [-1, 3, -2]


# --- The deal -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["english-new", "english-old", "pool"])
def test_ending_peel_passes_the_deal_to_the_left(rules: str) -> None:
    assert next_dealer(rules, 0, 4) == 1
    assert next_dealer(rules, 3, 4) == 0


def test_parti_swedish_passes_the_deal_to_the_right() -> None:
    assert next_dealer("swedish", 2, 4) == 1
    assert next_dealer("swedish", 0, 4) == 3
    assert rotation_reason("swedish").citations == (swedish("parti"),)


@pytest.mark.parametrize(
    ("categories", "expected"),
    [
        (["pair", "point", "point"], 2),
        (["point", "point", "point"], 2),
        (["tricon", "point", "point"], 3),
        (["point", "sequence", "pair"], 3),
        (["flush", "flush", "flush"], 3),
    ],
)
def test_same_dealer_stays_until_a_tricon_sequence_or_flush(
    categories: list[str], expected: int
) -> None:
    got = next_dealer("english-new", 2, 4, same_dealer_variant=True, categories=categories)
    assert got == expected
    assert rotation_reason("english-new", same_dealer_variant=True).citations == (
        peel("same-dealer"),
    )


def test_pool_deal_skips_players_who_are_out() -> None:
    assert next_dealer("pool", 3, 5, out={4, 0}) == 1
    assert next_dealer("pool", 1, 3, out={1}) == 2
    assert "pool-deal-skips-out" in rotation_reason("pool").rulings


@pytest.mark.parametrize(
    ("counts", "expected"),
    [([1, 1, 1], True), ([3, 3], True), ([2, 1, 1], False), ([0, 0], False), ([1, 0], False)],
)
def test_ending_and_antal_givar_everyone_deals_equally_often(
    counts: list[int], expected: bool
) -> None:
    assert suggest_end(counts) is expected


# --- Rulings ---------------------------------------------------------------------------------

OURS = {
    "peel-dealer-own-purchase",
    "peel-stander-pays",
    "peel-new-tie-pool",
    "peel-new-tie-dealer-stake",
    "peel-dealer-penalty",
    "peel-dealer-penalty-limited",
    "peel-extended-no-stander",
    "peel-old-equal-best",
    "swedish-tie",
    "pool-deal-skips-out",
}
KNOWN_ANCHORS = {
    "peel-commerce": {
        "pool",
        "ties",
        "standing",
        "ready-money",
        "one-card",
        "old-game-play",
        "pool-commerce-play",
        "buying-a-horse",
        "limited-commerce-rule",
        "dealer-penalty-rule",
        "extended-commerce-rule",
        "same-dealer",
        "ending",
        "stake",
    },
    "commerce-swedish": {
        "insats",
        "handla",
        "bonus",
        "lika",
        "bankirens-spelmark",
        "lagga-upp",
        "parti",
        "antal-givar",
    },
}


def test_every_ruling_is_declared_with_a_question_a_reading_and_citations() -> None:
    assert RULINGS.keys() >= OURS
    for slug in OURS:
        r = RULINGS[slug]
        assert r.question.endswith("?") or "?" in r.question
        assert r.reading and r.citations


@pytest.mark.parametrize(
    ("options", "slug_by_field"),
    [
        (
            PeelNewOptions,
            {
                "stander_pays": "peel-stander-pays",
                "dealer_penalty": "peel-dealer-penalty",
                "tie_dealer_stake": "peel-new-tie-dealer-stake",
            },
        ),
        (SwedishOptions, {"tie": "swedish-tie"}),
    ],
)
def test_every_option_is_a_ruling_whose_alternatives_are_its_values(
    options: type, slug_by_field: dict[str, str]
) -> None:
    hints = get_type_hints(options)
    defaults = options()
    for name, slug in slug_by_field.items():
        r = RULINGS[slug]
        assert r.option == name
        assert set(get_args(hints[name])) == set(dict(r.alternatives))
        assert getattr(defaults, name) == r.default


@pytest.mark.parametrize("module", ["settlement.py", "pool.py"])
def test_citations_name_only_known_paragraphs(module: str) -> None:
    source = (ENGINE / module).read_text()
    for book, fn in (("peel-commerce", "peel"), ("commerce-swedish", "swedish")):
        for anchor in re.findall(rf'\b{fn}\("([^"]+)"\)', source):
            assert anchor in KNOWN_ANCHORS[book], anchor


# --- Properties ---------------------------------------------------------------------------

stakes = st.fractions(min_value=F(1, 12), max_value=20, max_denominator=12)


@st.composite
def showdowns(draw: st.DrawFn, family: tuple[str, ...]) -> list[HandOutcome]:
    """Hands ranked by (combination, strength): equal keys are exactly equal hands."""
    n = draw(st.integers(2, 8))
    keys = [(draw(st.integers(0, len(family) - 1)), -draw(st.integers(0, 3))) for _ in range(n)]
    if family == SWEDISH_CATEGORIES and min(k[0] for k in keys) == 3:
        keys[0] = (2, keys[0][1])  # somebody must hold at least poäng to lay up
    return [H(1 + sum(o < k for o in keys), family[k[0]]) for k in keys]


@st.composite
def peel_deals(draw: st.DrawFn) -> dict[str, object]:
    outcomes = draw(showdowns(ENGLISH_CATEGORIES))
    n = len(outcomes)
    options = PeelNewOptions(
        stander_pays=draw(st.sampled_from(["each", "shared"])),
        dealer_penalty=draw(st.sampled_from(["none", "all", "better"])),
        extended=draw(st.booleans()),
        tie_dealer_stake=draw(st.sampled_from(["each", "shared"])),
    )
    return {
        "outcomes": outcomes,
        "dealer": draw(st.integers(0, n - 1)),
        "stood": None if options.extended else draw(st.integers(0, n - 1)),
        "bought": draw(st.lists(st.integers(0, 4), min_size=n, max_size=n)),
        "stake": draw(stakes),
        "options": options,
    }


@st.composite
def swedish_deals(draw: st.DrawFn) -> dict[str, object]:
    outcomes = draw(showdowns(SWEDISH_CATEGORIES))
    n = len(outcomes)
    return {
        "outcomes": outcomes,
        "dealer": draw(st.integers(0, n - 1)),
        "bought": draw(st.lists(st.integers(0, 4), min_size=n, max_size=n)),
        "stake": draw(stakes),
        "options": SwedishOptions(tie=draw(st.sampled_from(["share", "full-bonus"]))),
    }


def check_balanced(s: Settlement) -> None:
    assert sum(s.net) == 0
    by_hand = [F(0)] * len(s.net)
    for t in s.transfers:
        assert t.amount > 0 and t.payer != t.payee
        assert t.reason.citations, t.reason
        by_hand[t.payer] -= t.amount
        by_hand[t.payee] += t.amount
    assert by_hand == list(s.net)
    assert slugs(s) <= RULINGS.keys()


def permuted(deal: dict[str, object], order: list[int]) -> dict[str, object]:
    """The same deal with player i seated at order[i]."""
    moved = dict(deal)
    for key in ("outcomes", "bought"):
        values = deal[key]
        assert isinstance(values, list)
        seated = [values[0]] * len(values)
        for i, v in enumerate(values):
            seated[order[i]] = v
        moved[key] = seated
    for key in ("dealer", "stood"):
        if deal.get(key) is not None:
            moved[key] = order[deal[key]]
    return moved


@given(peel_deals())
def test_property_peel_new_net_sums_to_zero_and_equals_the_transfers(deal: dict) -> None:
    check_balanced(settle_peel_new(**deal))


@given(peel_deals(), st.data())
def test_property_peel_new_seats_do_not_matter(deal: dict, data: st.DataObject) -> None:
    n = len(deal["outcomes"])
    order = data.draw(st.permutations(range(n)))
    s, t = settle_peel_new(**deal), settle_peel_new(**permuted(deal, order))
    assert all(t.net[order[i]] == s.net[i] for i in range(n))
    assert sorted(t.winners) == sorted(order[w] for w in s.winners)


@given(peel_deals(), st.integers(0, 9))
def test_property_peel_new_dealers_own_purchases_do_not_matter(deal: dict, extra: int) -> None:
    more = dict(deal, bought=list(deal["bought"]))
    more["bought"][deal["dealer"]] = extra
    assert settle_peel_new(**deal).net == settle_peel_new(**more).net


@given(peel_deals())
def test_property_peel_new_scales_with_the_stake(deal: dict) -> None:
    unit = settle_peel_new(**dict(deal, stake=1))
    assert settle_peel_new(**deal).net == tuple(x * deal["stake"] for x in unit.net)


@given(showdowns(ENGLISH_CATEGORIES), stakes)
def test_property_peel_old_winners_gain_what_the_others_lose(
    outcomes: list[HandOutcome], stake: F
) -> None:
    s = settle_peel_old(outcomes, stake)
    check_balanced(s)
    k, n = len(s.winners), len(outcomes)
    for i, x in enumerate(s.net):
        assert x == ((n - k) * stake if i in s.winners else -k * stake)


@given(swedish_deals())
def test_property_swedish_net_sums_to_zero_and_equals_the_transfers(deal: dict) -> None:
    s = settle_swedish(**deal)
    check_balanced(s)
    best = tuple(i for i, o in enumerate(deal["outcomes"]) if o.place == 1)
    assert s.winners == ((deal["dealer"],) if deal["dealer"] in best else best)


@given(swedish_deals(), st.data())
def test_property_swedish_seats_do_not_matter(deal: dict, data: st.DataObject) -> None:
    n = len(deal["outcomes"])
    order = data.draw(st.permutations(range(n)))
    s, t = settle_swedish(**deal), settle_swedish(**permuted(deal, order))
    assert all(t.net[order[i]] == s.net[i] for i in range(n))


@given(swedish_deals(), st.integers(0, 9))
def test_property_swedish_bankers_own_purchases_do_not_matter(deal: dict, extra: int) -> None:
    more = dict(deal, bought=list(deal["bought"]))
    more["bought"][deal["dealer"]] = extra
    assert settle_swedish(**deal).net == settle_swedish(**more).net


@given(swedish_deals())
def test_property_swedish_scales_with_the_stake(deal: dict) -> None:
    unit = settle_swedish(**dict(deal, stake=1))
    assert settle_swedish(**deal).net == tuple(x * deal["stake"] for x in unit.net)


@given(st.integers(2, 12), st.data())
def test_property_a_round_of_deals_gives_everyone_the_deal_once(
    n: int, data: st.DataObject
) -> None:
    rules = data.draw(st.sampled_from(["english-new", "english-old", "pool", "swedish"]))
    dealer = first = data.draw(st.integers(0, n - 1))
    counts = [0] * n
    for _ in range(n):
        counts[dealer] += 1
        dealer = next_dealer(rules, dealer, n)
    assert dealer == first and suggest_end(counts)


# --- Bad input ------------------------------------------------------------------------------

GOOD = [H(1, "flush"), H(2, "pair"), H(3, "point")]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"dealer": 3}, r"^dealer: must be a player index from 0 to 2, not 3"),
        ({"dealer": -1}, r"^dealer: "),
        ({"dealer": True}, r"^dealer: "),
        ({"dealer": "0"}, r"^dealer: "),
        ({"stood": 5}, r"^stood: must be a player index"),
        ({"bought": [0, 0]}, r"^bought: needs one count per player \(3\), not 2"),
        ({"bought": [0, -1, 0]}, r"^bought\[1\]: must be a whole number from 0"),
        ({"bought": [0, 1.5, 0]}, r"^bought\[1\]: "),
        ({"bought": "000"}, r"^bought: must be a sequence"),
        ({"stake": 0}, r"^stake: must be more than 0, not 0"),
        ({"stake": -2}, r"^stake: must be more than 0"),
        ({"stake": "abc"}, r"^stake: 'abc' is not a number"),
        ({"stake": float("nan")}, r"^stake: must be a finite number"),
        ({"stake": True}, r"^stake: must be a number"),
        ({"stake": None}, r"^stake: must be a number"),
        ({"outcomes": []}, r"^outcomes: a deal needs at least 2 players, not 0"),
        ({"outcomes": [H(1, "flush")]}, r"^outcomes: a deal needs at least 2 players"),
        ({"outcomes": [H(2, "flush"), H(3, "pair"), H(4, "point")]}, r"no hand has place 1"),
        ({"outcomes": [H(1, "tretal"), H(2, "pair"), H(3, "point")]}, r"^outcomes\[0\]: 'tretal'"),
        (
            {"outcomes": [H(1, "point"), H(2, "pair"), H(3, "point")]},
            r"point \(place 1\) cannot beat",
        ),
        (
            {"outcomes": [H(1, "flush"), H(1, "pair"), H(3, "point")]},
            r"share place 1 with different",
        ),
        ({"outcomes": [(1, "flush"), H(2, "pair"), H(3, "point")]}, r"^outcomes\[0\]: must be a"),
        ({"outcomes": "abc"}, r"^outcomes: must be a sequence"),
        ({"options": "each"}, r"^options: must be PeelNewOptions"),
    ],
)
def test_peel_new_rejects_impossible_input(changes: dict, message: str) -> None:
    args = {"outcomes": GOOD, "dealer": 0, "stood": 1, "bought": [0, 0, 0], "stake": 1}
    with pytest.raises(SettlementError, match=message):
        settle_peel_new(**{**args, **changes})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"dealer": 9}, r"^dealer: "),
        ({"bought": [0, 0, 0, 0]}, r"^bought: needs one count per player"),
        ({"stake": "0"}, r"^stake: must be more than 0"),
        ({"outcomes": GOOD}, r"^outcomes\[0\]: 'flush' is not a combination of the Swedish"),
        ({"options": PeelNewOptions()}, r"^options: must be SwedishOptions"),
    ],
)
def test_swedish_rejects_impossible_input(changes: dict, message: str) -> None:
    args = {
        "outcomes": [H(1, "poang"), H(2, "ingenting"), H(2, "ingenting")],
        "dealer": 0,
        "bought": [0, 0, 0],
        "stake": 1,
    }
    with pytest.raises(SettlementError, match=message):
        settle_swedish(**{**args, **changes})


def test_peel_old_rejects_impossible_input() -> None:
    with pytest.raises(SettlementError, match="^stake: "):
        settle_peel_old(GOOD, -1)
    with pytest.raises(SettlementError, match=r"^outcomes\[1\]: 'poang'"):
        settle_peel_old([H(1, "flush"), H(2, "poang")], 1)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: H(0, "flush"), r"^place: must be a whole number from 1, not 0"),
        (lambda: H(True, "flush"), r"^place: "),
        (lambda: H(1, "royal"), r"^category: 'royal' is not one of"),
        (
            lambda: PeelNewOptions(stander_pays="half"),
            r"^stander_pays: must be one of each, shared",
        ),
        (lambda: PeelNewOptions(dealer_penalty="some"), r"^dealer_penalty: must be one of none"),
        (lambda: PeelNewOptions(tie_dealer_stake=1), r"^tie_dealer_stake: "),
        (lambda: PeelNewOptions(extended="yes"), r"^extended: must be True or False"),
        (lambda: SwedishOptions(tie="banker"), r"^tie: must be one of share, full-bonus"),
        (lambda: Transfer(0, 0, F(1), Reason("x")), r"cannot pay himself"),
        (lambda: Transfer(0, 1, F(0), Reason("x")), r"amount must be positive"),
        (lambda: Transfer(-1, 1, F(1), Reason("x")), r"indices from 0"),
        (lambda: Settlement((F(1), F(-1)), (0,), ()), r"^net: does not equal the sum"),
        (lambda: Settlement((F(1), F(0)), (0,), ()), r"^net: must sum to 0, not 1"),
        (lambda: Settlement((F(0), F(0)), (2,), ()), r"^winners: out of range"),
        (
            lambda: Settlement((F(0), F(0)), (0,), (Transfer(0, 2, F(1), Reason("x")),)),
            r"^transfers: player out of range",
        ),
        (lambda: parse_amount("1/0", "stake"), r"^stake: '1/0' is not a number"),
        (lambda: parse_amount(-1, "price", positive=False), r"^price: must be at least 0"),
    ],
)
def test_data_rejects_impossible_values(make: object, message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        make()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: next_dealer("whist", 0, 4), r"^rules: must be one of english-new"),
        (lambda: next_dealer("english-new", 0, 1), r"^n_players: must be a whole number from 2"),
        (lambda: next_dealer("english-new", 4, 4), r"^dealer: must be a player index from 0 to 3"),
        (
            lambda: next_dealer("swedish", 0, 4, same_dealer_variant=True, categories=[]),
            r"^same_dealer_variant: only Peel's modern game",
        ),
        (
            lambda: next_dealer("english-new", 0, 4, same_dealer_variant=True),
            r"^categories: the same-dealer variant needs",
        ),
        (
            lambda: next_dealer("english-new", 0, 4, same_dealer_variant=True, categories=["x"]),
            r"^categories: 'x' is not one of Peel's",
        ),
        (
            lambda: next_dealer("english-new", 0, 4, categories=["flush"]),
            r"^categories: only used with same_dealer_variant",
        ),
        (lambda: next_dealer("english-new", 0, 4, out={1}), r"^out: only Pool Commerce"),
        (lambda: next_dealer("pool", 0, 3, out={1, 2}), r"^out: fewer than two players"),
        (lambda: next_dealer("pool", 0, 3, out={7}), r"^out: must be a player index"),
        (lambda: rotation_reason("bridge"), r"^rules: "),
        (
            lambda: rotation_reason("pool", same_dealer_variant=True),
            r"^same_dealer_variant: ",
        ),
        (lambda: suggest_end([1]), r"^deals_dealt_by_each: needs a count for each of at least 2"),
        (lambda: suggest_end([1, -1]), r"^deals_dealt_by_each\[1\]: must be a whole number"),
        (lambda: suggest_end("11"), r"^deals_dealt_by_each: must be a sequence"),
    ],
)
def test_the_deal_rejects_impossible_input(call: object, message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        call()


def test_settlement_error_is_a_value_error() -> None:
    assert issubclass(SettlementError, ValueError)


@pytest.mark.parametrize(
    "value", ["1e999999", "1E+400", 1e308, Decimal("1E+999999"), 10**10, "1/100001", "1e-9"]
)
def test_parse_amount_refuses_amounts_no_table_plays_for(value: object) -> None:
    with pytest.raises(SettlementError, match="^stake: .* not an amount a table plays for"):
        parse_amount(value, "stake")


@pytest.mark.parametrize("value", ["1000000000", "1/3", "0.0001", 2.5])
def test_parse_amount_accepts_the_largest_and_finest_sane_amounts(value: object) -> None:
    assert parse_amount(value, "stake") > 0


def test_turns_dealt_counts_a_same_dealer_run_as_one_turn() -> None:
    # Peel, same-dealer: "the same dealer remains in until one of the players secures a Tricon,
    # Sequence, or Flush"; his run of deals is one turn of the deal (ending).
    assert turns_dealt([0, 0, 0, 1, 2], 3, same_dealer_variant=True) == (1, 1, 1)
    assert turns_dealt([0, 0, 0, 1, 2], 3) == (3, 1, 1)
    assert suggest_end(turns_dealt([0, 0, 0, 1, 2], 3, same_dealer_variant=True))
    with pytest.raises(SettlementError, match=r"^dealers\[1\]"):
        turns_dealt([0, 5], 3)
