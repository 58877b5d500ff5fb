"""API v1 contract: POST /api/v1/commerce/settle and POST /api/v1/cox/score."""

import json
from fractions import Fraction

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import PACK_52

SETTLE = "/api/v1/commerce/settle"
COX = "/api/v1/cox/score"


def post(url, data):
    return Client().post(url, json.dumps(data), content_type="application/json")


def players(*hands, bought=None):
    bought = bought or [0] * len(hands)
    return [{"hand": h.split(), "bought": b} for h, b in zip(hands, bought, strict=True)]


def test_new_game_contract_example():
    # Peel: everyone stakes, the dealer twice; purchases pay the dealer; the best hand takes the
    # pool and a stake from the dealer; the beaten stander pays each better hand a stake.
    body = post(
        SETTLE,
        {
            "rules": "english-new",
            "stake": 1,
            "dealer": 0,
            "stood": 1,
            "players": players("AS KS QS", "9H 9D 2C", "5C 6D 8H", bought=[0, 1, 2]),
        },
    ).json()
    assert body["winners"] == [0]
    assert sum(Fraction(str(x)) for x in body["net"]) == 0
    pool_in = 2 + 1 + 1  # the dealer twice
    bought_paid = 1 + 2
    # The dealer wins: he takes the pool (his own 2 back), the purchases, and the stander's stake.
    assert body["net"][0] == pool_in - 2 + bought_paid + 1
    for transfer in body["transfers"]:
        assert transfer["reason"] and transfer["citations"]
        assert transfer["amount"] > 0 and transfer["from"] != transfer["to"]


def test_net_equals_the_sum_of_the_transfers():
    body = post(
        SETTLE,
        {
            "rules": "swedish",
            "stake": 2,
            "dealer": 2,
            "players": players("AS KS 2C", "9H 9D 9C", "5C 6C 8H", "4D 7D JH", bought=[3, 0, 1, 1]),
        },
    ).json()
    net = [Fraction(0)] * 4
    for t in body["transfers"]:
        net[t["from"]] -= Fraction(str(t["amount"]))
        net[t["to"]] += Fraction(str(t["amount"]))
    assert [Fraction(str(x)) for x in body["net"]] == net
    assert body["winners"] == [1]


def test_old_game_equal_best_hands_each_receive_a_stake():
    body = post(
        SETTLE,
        {
            "rules": "english-old",
            "stake": 1,
            "players": players("9S 9H KC", "9D 9C KD", "2C 3D 5H"),
        },
    ).json()
    assert body["winners"] == [0, 1]
    assert body["net"] == [1, 1, -2]


def test_dealer_penalty_option():
    # The dealer holds a pair and is beaten: with "all" he pays a stake to each other player.
    base = {
        "rules": "english-new",
        "stake": 1,
        "dealer": 0,
        "stood": 1,
        "players": players("9H 9D 2C", "AS KS QS", "5C 6D 8H"),
    }
    plain = post(SETTLE, base).json()
    penal = post(SETTLE, {**base, "options": {"dealer_penalty": "all"}}).json()
    assert penal["net"][0] == plain["net"][0] - 2


@settings(max_examples=25, deadline=None)
@given(
    st.permutations(list(range(52))),
    st.integers(2, 6),
    st.integers(0, 5),
    st.sampled_from(["english-new", "english-old", "swedish"]),
)
def test_settlements_always_sum_to_zero(order, n, seed, game):
    codes = [str(PACK_52.cards[i]) for i in order]
    hands = [" ".join(codes[3 * i : 3 * i + 3]) for i in range(n)]
    bought = [0 if game == "english-old" else (seed * i) % 3 for i in range(n)]  # no trading
    data = {
        "rules": game,
        "stake": 1.5,
        "dealer": seed % n,
        "stood": (seed + 1) % n,
        "players": players(*hands, bought=bought),
    }
    response = post(SETTLE, data)
    if response.status_code == 400:  # a Swedish deal where nobody may lay up
        assert "ingenting" in response.json()["error"]["message"]
        return
    body = response.json()
    assert sum(Fraction(str(x)) for x in body["net"]) == 0


SETTLE_BAD = [
    (
        {"stake": 1, "dealer": 0, "stood": 0, "players": players("AS KS QS", "2C 2D 2H")},
        "'rules' is missing",
    ),
    ({"rules": "poker", "stake": 1, "players": players("AS KS QS", "2C 2D 2H")}, "'rules'"),
    ({"rules": "english-old", "players": players("AS KS QS", "2C 2D 2H")}, "'stake' is missing"),
    ({"rules": "english-old", "stake": 0, "players": players("AS KS QS", "2C 2D 2H")}, "positive"),
    (
        {"rules": "english-old", "stake": "1", "players": players("AS KS QS", "2C 2D 2H")},
        "'stake' should be",
    ),
    (
        {"rules": "english-old", "stake": 1e308, "players": players("AS KS QS", "2C 2D 2H")},
        "not an amount a table plays for",
    ),
    ({"rules": "english-old", "stake": 1}, "'players' is missing"),
    ({"rules": "english-old", "stake": 1, "players": ["AS KS QS"]}, "players[0]"),
    ({"rules": "english-old", "stake": 1, "players": [{"bought": 1}, {"hand": []}]}, "'hand'"),
    (
        {"rules": "english-old", "stake": 1, "players": players("AS KS QS", "2C 2D XX")},
        "'XX' is not a card",
    ),
    (
        {"rules": "english-old", "stake": 1, "players": players("AS KS QS", "2C 2D AS")},
        "also in hand 1",
    ),
    (
        {
            "rules": "english-new",
            "stake": 1,
            "stood": 0,
            "players": players("AS KS QS", "2C 2D 2H"),
        },
        "dealer",
    ),
    (
        {
            "rules": "english-new",
            "stake": 1,
            "dealer": 0,
            "players": players("AS KS QS", "2C 2D 2H"),
        },
        "'stood' is missing",
    ),
    (
        {
            "rules": "english-new",
            "stake": 1,
            "dealer": 4,
            "stood": 0,
            "players": players("AS KS QS", "2C 2D 2H"),
        },
        "'dealer' is 4",
    ),
    (
        {
            "rules": "english-new",
            "stake": 1,
            "dealer": 0,
            "stood": 0,
            "players": [{"hand": ["AS", "KS", "QS"], "bought": -1}, {"hand": ["2C", "2D", "2H"]}],
        },
        "negative",
    ),
    (
        {
            "rules": "english-new",
            "stake": 1,
            "dealer": 0,
            "stood": 0,
            "players": [
                {"hand": ["AS", "KS", "QS"], "bought": "two"},
                {"hand": ["2C", "2D", "2H"]},
            ],
        },
        "'bought' should be",
    ),
    (
        {
            "rules": "english-new",
            "stake": 1,
            "dealer": 0,
            "stood": 0,
            "options": {"dealer_penalty": "sometimes"},
            "players": players("AS KS QS", "2C 2D 2H"),
        },
        "dealer_penalty",
    ),
    (
        {
            "rules": "swedish",
            "stake": 1,
            "dealer": 0,
            "players": players("2C 5D 9H", "3C 7D JH", "4S 8H QD"),
        },
        "ingenting",
    ),
]


@pytest.mark.parametrize(("data", "words"), SETTLE_BAD)
def test_settle_bad_input_is_a_400_naming_what_is_wrong(data, words):
    response = post(SETTLE, data)
    assert response.status_code == 400
    assert words.lower() in response.json()["error"]["message"].lower()


# --- Cox ---


def test_cox_contract_example():
    body = post(
        COX,
        {
            "cards": ["auto-5", "auto-5", "auto-captain", "bank", "fruit-2", "greenback-3"],
            "supply_base": 1,
        },
    ).json()
    assert set(body) >= {"score", "clear", "complete", "breakdown"}
    # Three 5s of autos (captain as the third) 5, the bank card as a fruit pair 3, greenback 3:
    # 11, doubled by the bank card (Cox, counting; bank-card).
    assert body["doubled"] is True
    assert body["score"] == 2 * (5 + 3 + 3)
    assert body["clear"] is True
    assert sum(line["points"] for line in body["breakdown"]) == body["score"]
    assert any(
        a["card"] == "bank" and a["stands_for"].startswith("fruit-") for a in body["arrangement"]
    )


def test_cox_own_supply_base_greenback_counts_six():
    own = post(COX, {"cards": ["greenback-2"], "supply_base": 2}).json()["score"]
    other = post(COX, {"cards": ["greenback-2"], "supply_base": 3}).json()["score"]
    assert (own, other) == (6, 3)


def test_cox_a_hand_that_is_not_clear_loses_five():
    body = post(COX, {"cards": ["auto-1", "auto-1", "auto-1", "ship-2"], "supply_base": 1}).json()
    assert body["clear"] is False
    assert body["score"] == 3 - 5


COX_BAD = [
    ({"supply_base": 1}, "'cards' is missing"),
    ({"cards": "auto-5", "supply_base": 1}, "'cards' should be"),
    ({"cards": ["auto-9"], "supply_base": 1}, "auto-9"),
    ({"cards": ["auto-1"] * 5, "supply_base": 1}, "only 4"),
    ({"cards": ["bank", "bank"], "supply_base": 1}, "bank"),
    ({"cards": ["auto-1"]}, "'supply_base' is missing"),
    ({"cards": ["auto-1"], "supply_base": 5}, "'supply_base' should be"),
    ({"cards": ["auto-1"], "supply_base": True}, "'supply_base' should be"),
    ({"cards": [5], "supply_base": 1}, "'cards' should be"),
    ({"cards": ["auto-1"], "supply_base": 1, "options": {"luck": True}}, "luck"),
    (
        {"cards": ["auto-1"], "supply_base": 1, "options": {"penalty_before_double": "yes"}},
        "true or false",
    ),
]


@pytest.mark.parametrize(("data", "words"), COX_BAD)
def test_cox_bad_input_is_a_400_naming_what_is_wrong(data, words):
    response = post(COX, data)
    assert response.status_code == 400
    assert words.lower() in response.json()["error"]["message"].lower()
