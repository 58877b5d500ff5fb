"""Speculation (Squareman, 1916): one test per paragraph and per ruling, bad input for every
field, and properties against an independent reading.

Tests are named after the paragraph (its anchor in the library) or the ruling they check.
The independent reading (:func:`reference`) is written here from the text alone: it keeps
the owner of each card by its code in a plain dict, ranks trumps by their place in a string
of ranks, and adds up the pool and the prices; it shares no code with the engine.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.api.http import numbers
from games.engine.citations import RULINGS, SQUAREMAN
from games.engine.games import Answer
from games.engine.speculation import (
    MAX_PLAYERS,
    MAX_SALES,
    Speculation,
    SpeculationError,
)
from tests.engine.schema_check import problems

GAME = Speculation()
ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "content" / "rulebooks" / f"{SQUAREMAN}.md"
ANCHORS = set(re.findall(r"\{: #([a-z0-9-]+) \}", BOOK.read_text(encoding="utf-8")))

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
CODES = [r + s for s in SUITS for r in RANKS]


def settle(request, **options):
    return GAME.answer(request, GAME.configure(options))


def deal(hands, turn_up="7H", dealer=0, sales=(), **extra):
    """A request from hands written as strings."""
    return {
        "dealer": dealer,
        "turn_up": turn_up,
        "players": [{"hand": hand} for hand in hands],
        "sales": [
            {"card": card, "from": seller, "to": buyer, "price": price}
            for card, seller, buyer, price in sales
        ],
        **extra,
    }


def shown(answer: Answer) -> Any:
    """The answer's body: data, its amounts exact Fractions (the API writes them as numbers)."""
    return answer.body


def refused(request, **options):
    with pytest.raises(SpeculationError) as caught:
        settle(request, **options)
    return caught.value


def money(answer):
    return [str(x) for x in answer.scores]


THREE = ["2C 5D 9S", "QH 3S 4D", "AH KC 8D"]


# --------------------------------------------------------------------------- the paragraphs


def test_speculation_intro_the_highest_trump_wins_the_pool():
    answer = settle(deal(["2C 5H 9S", "QH 3S 4D", "AH KC 8D"], turn_up="7H", dealer=0))
    assert answer.body["winner"] == 2
    assert answer.body["winning_card"] == "AH"
    # player 3 takes the whole pool: the dealer's 6 and player 2's 4
    assert money(answer) == ["-6", "-4", "10"]


def test_speculation_deal_pool_dealer_six_others_four():
    answer = settle(deal(["AH 2C 3C", "4C 5C 6C", "8C 9C 10C", "JC QC KC"], dealer=2))
    assert answer.body["pool"] == {"dealer": 6, "others": 4, "total": 6 + 3 * 4}
    assert money(answer) == ["14", "-4", "-6", "-4"]
    assert [p["put_in"] for p in answer.body["players"]] == [4, 4, 6, 4]


def test_speculation_deal_trumps_are_the_turn_up_suit():
    # the ace of spades is the highest card dealt but not a trump: the two of hearts wins
    answer = settle(deal(["AS KS QS", "2H 3C 4C"], turn_up="7C", dealer=0))
    assert answer.body["trumps"] == "C"
    assert answer.body["winning_card"] == "7C"  # the turn-up, the dealer's, beats 3C and 4C
    answer = settle(deal(["AS KS QS", "2H 3C 4C"], turn_up="2C", dealer=0))
    assert (answer.body["winner"], answer.body["winning_card"]) == (1, "4C")


def test_speculation_deal_a_trump_sold_the_buyer_pays_the_owner():
    answer = settle(deal(THREE, sales=[("AH", 2, 1, 5)]))
    assert [(t.payer, t.payee, t.amount) for t in answer.transfers if t.amount == 5] == [(1, 2, 5)]
    assert answer.body["players"][2]["received"] == 5
    assert answer.body["players"][1]["paid"] == 5


def test_speculation_play_the_highest_trump_among_the_cards_bought():
    answer = settle(deal(THREE, sales=[("AH", 2, 1, 5)]))
    assert (answer.body["winner"], answer.body["winning_card"]) == (1, "AH")
    assert money(answer) == ["-6", "5", "1"]
    assert "bought from player 3 in sale 1" in answer.reasons[-2].text


def test_speculation_play_a_card_sold_on_takes_the_win_with_it():
    sales = [("AH", 2, 1, 5), ("AH", 1, 0, 7)]
    answer = settle(deal(THREE, sales=sales))
    assert (answer.body["winner"], answer.body["winning_card"]) == (0, "AH")
    # dealer: +4 +4 from the pool, -7 to player 2; player 2: -4 -5 +7; player 3: -4 +5
    assert money(answer) == ["1", "-2", "1"]
    assert answer.body["players"][0]["holds"] == ["2C", "5D", "9S", "7H", "AH"]


def test_speculation_play_there_is_another_deal_to_the_left():
    assert settle(deal(THREE, dealer=0)).next_dealer == 1
    assert settle(deal(THREE, dealer=2)).next_dealer == 0
    assert settle(deal(THREE, dealer=2)).body["next_dealer"] == 0


def test_speculation_dealer_wins_when_no_other_player_holds_a_trump():
    for turn_up in ("counts", "only-bought"):
        answer = settle(
            deal(["AS KS QS", "2C 3C 4C"], turn_up="2H", dealer=1), dealer_turn_up=turn_up
        )
        assert (answer.body["winner"], answer.body["winning_card"]) == (1, "2H")
        assert any(c.anchor == "speculation-dealer-wins" for c in answer.reasons[-2].citations)


def test_speculation_dealer_wins_not_when_the_turn_up_was_bought():
    answer = settle(deal(["AS KS QS", "2C 3C 4C"], turn_up="2H", dealer=1, sales=[("2H", 1, 0, 1)]))
    assert (answer.body["winner"], answer.body["winning_card"]) == (0, "2H")
    assert money(answer) == ["5", "-5"]


def test_speculation_deal_the_dealers_own_hand_counts():
    answer = settle(deal(["AH 2C 3C", "KH 4C 5C"], turn_up="7H", dealer=0))
    assert (answer.body["winner"], answer.body["winning_card"]) == (0, "AH")
    assert "in his own hand" in answer.reasons[-2].text


# --------------------------------------------------------------------------- the rulings


def test_ruling_trump_order_ace_high_by_default_ace_low_as_a_house_rule():
    request = deal(["AH 2C 3C", "KH 4C 5C"], turn_up="2H", dealer=1)
    assert settle(request).body["winning_card"] == "AH"
    low = settle(request, trump_order="ace-low")
    assert (low.body["winner"], low.body["winning_card"]) == (1, "KH")
    assert low.body["players"][0]["trumps"] == ["AH"]
    assert low.body["players"][1]["trumps"] == ["KH", "2H"]
    assert "speculation-trump-order" in low.reasons[-2].rulings


def test_ruling_turn_up_counts_for_the_dealer_unless_the_table_says_only_bought():
    # the turn-up (the nine) beats player 2's three of hearts: it counts as the dealer's
    request = deal(["AS 2C 4C", "3H 5C 6C"], turn_up="9H", dealer=0)
    assert (settle(request).body["winner"], settle(request).body["winning_card"]) == (0, "9H")
    other = settle(request, dealer_turn_up="only-bought")
    assert (other.body["winner"], other.body["winning_card"]) == (1, "3H")
    # once bought, the turn-up counts under either reading, for its buyer
    bought = deal(["AS 2C 4C", "3H 5C 6C"], turn_up="9H", dealer=0, sales=[("9H", 0, 1, 2)])
    for reading in ("counts", "only-bought"):
        assert settle(bought, dealer_turn_up=reading).body["winning_card"] == "9H"


def test_ruling_sales_only_trumps_unless_any_card():
    request = deal(THREE, sales=[("KC", 2, 0, 1)])
    error = refused(request)
    assert error.field == "sales.0.card"
    assert "Sale 1" in str(error) and "KC" in str(error) and "not a trump" in str(error)
    answer = settle(request, sellable="any")
    assert answer.body["players"][0]["holds"][-1] == "KC"
    assert money(answer) == ["-7", "-4", "11"]  # player 3 keeps the AH and the pool


def test_ruling_sales_the_dealer_may_sell_the_turn_up():
    answer = settle(deal(THREE, sales=[("7H", 0, 1, 3)]))
    assert answer.body["players"][1]["holds"][-1] == "7H"
    assert "the turn-up" in answer.reasons[1].text


def test_ruling_price_zero_moves_the_card_without_a_payment():
    answer = settle(deal(THREE, sales=[("AH", 2, 0, 0)]))
    assert answer.body["winner"] == 0
    assert all(t.amount > 0 for t in answer.transfers)
    assert len(answer.transfers) == 2  # the pool only
    assert "for nothing" in answer.reasons[1].text
    assert "speculation-price" in answer.reasons[1].rulings


def test_ruling_price_may_be_a_fraction():
    answer = settle(deal(THREE, sales=[("AH", 2, 1, "1/2")]))
    assert answer.scores == (Fraction(-6), Fraction(19, 2), Fraction(-7, 2))
    assert answer.body["net"] == [Fraction(-6), Fraction(19, 2), Fraction(-7, 2)]
    assert all(isinstance(n, Fraction) for n in answer.body["net"])  # exact: data, not text


def test_ruling_pool_amounts_are_options_and_a_deal_may_give_its_own():
    request = deal(THREE)
    assert money(settle(request, pool_dealer=3, pool_others=2)) == ["-3", "-2", "5"]
    own = dict(request, pool={"dealer": "1/2", "others": 1})
    assert money(settle(own, pool_dealer=3)) == ["-1/2", "-1", "3/2"]
    half = dict(request, pool={"others": 2})
    assert settle(half, pool_dealer=10).body["pool"] == {
        "dealer": 10,
        "others": 2,
        "total": 10 + 2 * 2,
    }


def test_ruling_next_dealer_passes_over_empty_seats():
    config = GAME.configure()
    assert GAME.next_dealer(1, 4, config, out={2, 3}) == 0
    assert GAME.rotation_reason(config).rulings == ("speculation-next-dealer",)


def test_ruling_players_two_to_seventeen():
    assert MAX_PLAYERS == 17
    codes = iter(CODES)
    hands = [" ".join(next(codes) for _ in range(3)) for _ in range(17)]
    turn_up = next(codes)
    answer = settle(deal(hands, turn_up=turn_up, dealer=16))
    assert len(answer.scores) == 17 and sum(answer.scores) == 0
    assert answer.next_dealer == 0
    for count in (0, 1, 18):
        error = refused(deal(hands[:count] if count <= 17 else hands + ["x"], turn_up=turn_up))
        assert error.field == "players"
        assert str(count) in str(error)


def test_rulings_declared_cited_and_tied_to_options():
    slugs = {made.slug for made in GAME.rulings}
    assert slugs == {slug for slug in RULINGS if slug.startswith("speculation-")}
    for made in GAME.rulings:
        assert made.citations
        for citation in made.citations:
            assert citation.book == SQUAREMAN and citation.anchor in ANCHORS, citation
    for option in GAME.options:
        assert option.ruling is None or option.ruling in GAME.rulings
        GAME.configure({option.name: option.default})
    assert len({o.name for o in GAME.options}) == len(GAME.options)
    assert GAME.rules_anchor in ANCHORS


def test_every_reason_cites_its_paragraph_and_every_payment_has_a_reason():
    answer = GAME.answer(GAME.example())
    for reason in answer.reasons:
        assert reason.citations and all(c.anchor in ANCHORS for c in reason.citations)
        assert all(slug in {m.slug for m in GAME.rulings} for slug in reason.rulings)
    for transfer in answer.transfers:
        assert transfer.reason in answer.reasons
    assert answer.reasons[0].render(["Ann", "Bo", "Cy", "Di", "Ed"]).startswith("Di put 6")


def test_the_game_declares_what_the_site_asks():
    assert (GAME.slug, GAME.action, GAME.keeps, GAME.board) == (
        "speculation",
        "settle",
        "money",
        "request",
    )
    assert (GAME.min_players, GAME.max_players) == (2, 17)
    assert GAME.players_in(GAME.example()) == 5
    assert GAME.sides(3) == ((0,), (1,), (2,))
    example = GAME.example()
    assert GAME.winners([Fraction(0)] * 5, GAME.answer(example), GAME.configure()) == ()


# --------------------------------------------------------------------------- the answer's shape


def test_schemas_match_the_example_and_its_answer():
    request = GAME.example()
    assert problems(request, GAME.request_schema()) == ""
    body = numbers(GAME.answer(request).body)  # as the API writes it
    assert problems(body, GAME.answer_schema()) == ""
    assert set(body) == set(GAME.answer_schema()["properties"])
    json.dumps(body)
    # the schema refuses what the engine refuses
    assert problems({**request, "extra": 1}, GAME.request_schema())
    assert problems({**request, "players": request["players"][:1]}, GAME.request_schema())


def test_a_form_s_strings_settle_as_the_json_does():
    request: Any = GAME.example()
    typed = {
        "dealer": "3",
        "turn_up": " 9d ",
        "players": [{"hand": ", ".join(p["hand"])} for p in request["players"]],
        "sales": [{k: str(v) for k, v in sale.items()} for sale in request["sales"]],
        "pool": {"dealer": "6", "others": "4"},
    }
    assert GAME.answer(typed).body == GAME.answer(request).body
    assert GAME.answer(typed).scores == GAME.answer(request).scores


def test_no_sales_and_no_pool_are_the_defaults():
    request = deal(THREE)
    del request["sales"]
    assert money(settle(request)) == ["-6", "-4", "10"]


# --------------------------------------------------------------------------- bad input

TWO = ["AS KS QS", "2C 3C 4C"]
GOOD = deal(TWO, turn_up="7H", dealer=0, sales=[("7H", 0, 1, 2)])


def with_(**changes):
    return {**GOOD, **changes}


def with_sale(**changes):
    return with_(sales=[{**GOOD["sales"][0], **changes}])


@pytest.mark.parametrize(
    ("request_", "field", "item", "words"),
    [
        ([1, 2], None, None, ["request must be an object"]),
        (with_(colour="red"), "colour", None, ["'colour'"]),
        ({k: v for k, v in GOOD.items() if k != "dealer"}, "dealer", None, ["dealer is missing"]),
        ({k: v for k, v in GOOD.items() if k != "turn_up"}, "turn_up", None, ["missing"]),
        ({k: v for k, v in GOOD.items() if k != "players"}, "players", None, ["missing"]),
        (with_(dealer=2), "dealer", None, ["from 0 to 1", "not 2"]),
        (with_(dealer=-1), "dealer", None, ["not -1"]),
        (with_(dealer=True), "dealer", None, ["not True"]),
        (with_(dealer=1.0), "dealer", None, ["not 1.0"]),
        (with_(dealer="one"), "dealer", None, ["not 'one'"]),
        (with_(turn_up="ZZ"), "turn_up", None, ["turn-up", "'ZZ' is not a card"]),
        (with_(turn_up=7), "turn_up", None, ["turn-up", "not 7"]),
        (with_(turn_up="AS"), "players.0.hand", 0, ["Player 1, card 1", "AS", "turn-up"]),
        (with_(turn_up="x" * 100), "turn_up", None, ["is not a card"]),
        (with_(players="AS KS QS"), "players", None, ["must be a list"]),
        (with_(players=[{"hand": "AS KS QS"}]), "players", None, ["2 to 17", "not 1"]),
        (with_(players=[{"hand": "AS KS QS"}, "2C 3C 4C"]), "players.1", None, ["Player 2"]),
        (
            with_(players=[{"hand": "AS KS QS"}, {"hand": "2C 3C 4C", "bought": 1}]),
            "players.1.bought",
            None,
            ["Player 2", "'bought'"],
        ),
        (
            with_(players=[{"hand": "AS KS QS"}, {}]),
            "players.1.hand",
            None,
            ["Player 2", "missing"],
        ),
        (
            with_(players=[{"hand": "AS KS QS"}, {"hand": "2C 3C"}]),
            "players.1.hand",
            None,
            ["Player 2", "three cards", "has 2"],
        ),
        (
            with_(players=[{"hand": "AS KS QS"}, {"hand": 5}]),
            "players.1.hand",
            None,
            ["Player 2's hand", "list of cards", "not 5"],
        ),
        (
            with_(players=[{"hand": "AS KS QS"}, {"hand": "2C ZZ 4C"}]),
            "players.1.hand",
            1,
            ["Player 2, card 2", "'ZZ'"],
        ),
        (
            with_(players=[{"hand": "AS KS QS"}, {"hand": ["2C", 3, "4C"]}]),
            "players.1.hand",
            1,
            ["Player 2, card 2", "not 3"],
        ),
        (
            with_(players=[{"hand": "AS KS QS"}, {"hand": "2C 3C 2c"}]),
            "players.1.hand",
            2,
            ["Player 2, card 3", "2C", "twice"],
        ),
        (
            with_(players=[{"hand": "AS KS QS"}, {"hand": "2C ks 4C"}]),
            "players.1.hand",
            1,
            ["Player 2, card 2", "KS", "player 1's hand"],
        ),
        (with_(sales="7H"), "sales", None, ["must be a list"]),
        (with_(sales=[GOOD["sales"][0]] * (MAX_SALES + 1)), "sales", None, [str(MAX_SALES)]),
        (with_(sales=["7H"]), "sales.0", None, ["Sale 1 must be an object"]),
        (with_sale(when=1), "sales.0.when", None, ["Sale 1", "'when'"]),
        (with_(sales=[{"card": "7H", "from": 0, "to": 1}]), "sales.0.price", None, ["Sale 1"]),
        (with_sale(card="ZZ"), "sales.0.card", None, ["Sale 1", "'ZZ'"]),
        (with_sale(card="8H"), "sales.0.card", None, ["Sale 1", "8H", "not dealt"]),
        (with_sale(card="AS"), "sales.0.card", None, ["Sale 1", "AS", "not a trump"]),
        (with_sale(**{"from": 1}), "sales.0.from", None, ["Sale 1", "player 2", "7H", "player 1"]),
        (with_sale(**{"from": 5}), "sales.0.from", None, ["Sale 1", "seller", "not 5"]),
        (with_sale(to=2), "sales.0.to", None, ["Sale 1", "buyer", "not 2"]),
        (with_sale(to=0), "sales.0.to", None, ["Sale 1", "player 1", "7H", "both"]),
        (with_sale(price=-1), "sales.0.price", None, ["Sale 1", "at least 0"]),
        (with_sale(price="lots"), "sales.0.price", None, ["Sale 1", "'lots'"]),
        (with_sale(price="1/30000"), "sales.0.price", None, ["Sale 1", "1/30000"]),
        (with_sale(price=10**10), "sales.0.price", None, ["Sale 1"]),
        (with_(pool=6), "pool", None, ["pool must be an object"]),
        (with_(pool={"banker": 6}), "pool.banker", None, ["'banker'"]),
        (with_(pool={"dealer": 0}), "pool.dealer", None, ["dealer's share", "more than 0"]),
        (with_(pool={"others": "x"}), "pool.others", None, ["other player's share", "'x'"]),
    ],
)
def test_bad_input_names_the_field_the_player_the_sale_and_the_card(request_, field, item, words):
    error = refused(request_)
    assert (error.field, error.item) == (field, item)
    for word in words:
        assert word in str(error), (word, str(error))


def test_a_sale_by_a_player_who_no_longer_holds_the_card():
    # player 3 sold the ace to player 2, then sells it again: refused at sale 2
    error = refused(deal(THREE, sales=[("AH", 2, 1, 5), ("AH", 2, 0, 5)]))
    assert error.field == "sales.1.from"
    assert str(error) == (
        "Sale 2: player 3 sells the ace of hearts (AH), but player 2 holds it at that moment"
    )
    assert error.render(["Ann", "Bo", "Cy"]) == (
        "Sale 2: Cy sells the ace of hearts (AH), but Bo holds it at that moment"
    )


def test_bad_options_are_refused_by_name():
    for name, value in (("trump_order", "king-high"), ("sellable", "none"), ("pool_dealer", -1)):
        with pytest.raises(Exception) as caught:
            GAME.configure({name: value})
        assert getattr(caught.value, "field", None) == name


def test_players_in_refuses_what_is_not_a_list_of_players():
    for request in ({}, {"players": "AS"}, {"players": [{}]}):
        with pytest.raises(SpeculationError) as caught:
            GAME.players_in(request)
        assert caught.value.field == "players"


# --------------------------------------------------------------------------- an independent reading


def reference(request, trump_order="ace-high", turn_up_rule="counts", shares=(6, 4)):
    """Speculation settled from the text alone, card by card (no engine code).

    Returns (winner, winning card, net) or raises ValueError for a sale by a non-holder."""
    players = request["players"]
    dealer = request["dealer"]
    trump = request["turn_up"][-1]
    owner = {request["turn_up"]: dealer}
    for seat, player in enumerate(players):
        for code in player["hand"].split():
            owner[code] = seat
    net = [Fraction(0)] * len(players)
    bought = set()
    for sale in request.get("sales", []):
        if owner[sale["card"]] != sale["from"]:
            raise ValueError("not the holder")
        owner[sale["card"]] = sale["to"]
        bought.add(sale["card"])
        net[sale["to"]] -= Fraction(sale["price"])
        net[sale["from"]] += Fraction(sale["price"])
    order = RANKS if trump_order == "ace-high" else ["A", *RANKS[:-1]]
    trumps = [code for code in owner if code[-1] == trump]
    if turn_up_rule == "only-bought" and request["turn_up"] not in bought:
        trumps.remove(request["turn_up"])
    best = max(trumps, key=lambda code: order.index(code[:-1])) if trumps else request["turn_up"]
    winner = owner[best] if trumps else dealer
    for seat in range(len(players)):
        share = Fraction(shares[0] if seat == dealer else shares[1])
        net[seat] -= share
        net[winner] += share
    return winner, best, net


@st.composite
def deals(draw, valid=True):
    """A deal of 2 to 17 players and a sequence of sales of trumps, each by its holder."""
    n = draw(st.integers(2, MAX_PLAYERS))
    cards = draw(st.permutations(CODES))[: 3 * n + 1]
    dealer = draw(st.integers(0, n - 1))
    turn_up = cards[-1]
    hands = [" ".join(cards[3 * i : 3 * i + 3]) for i in range(n)]
    owner = {turn_up: dealer} | {code: i // 3 for i, code in enumerate(cards[:-1])}
    trumps = [code for code in owner if code[-1] == turn_up[-1]]
    sales = []
    for _ in range(draw(st.integers(0, 8))):
        card = draw(st.sampled_from(trumps))
        buyer = draw(st.integers(0, n - 1).filter(lambda b, c=card: b != owner[c]))
        price = draw(st.sampled_from([0, 1, 2, 5, Fraction(1, 2), Fraction(7, 4)]))
        sales.append({"card": card, "from": owner[card], "to": buyer, "price": str(price)})
        owner[card] = buyer
    return deal(hands, turn_up=turn_up, dealer=dealer, sales=[]) | {"sales": sales}


OPTIONS = st.fixed_dictionaries(
    {
        "trump_order": st.sampled_from(["ace-high", "ace-low"]),
        "dealer_turn_up": st.sampled_from(["counts", "only-bought"]),
        "pool_dealer": st.sampled_from(["6", "3", "1/2"]),
        "pool_others": st.sampled_from(["4", "1", "5/2"]),
    }
)


@given(deals(), OPTIONS)
def test_engine_agrees_with_the_independent_reading(request, options):
    answer = settle(request, **options)
    shares = (Fraction(options["pool_dealer"]), Fraction(options["pool_others"]))
    winner, card, net = reference(
        request, options["trump_order"], options["dealer_turn_up"], shares
    )
    assert (answer.body["winner"], answer.body["winning_card"]) == (winner, card)
    assert list(answer.scores) == net


@given(deals())
def test_net_sums_to_zero_and_the_transfers_make_the_net(request):
    answer = GAME.answer(request)
    assert sum(answer.scores) == 0
    made = [Fraction(0)] * len(answer.scores)
    for transfer in answer.transfers:
        assert transfer.amount > 0 and transfer.payer != transfer.payee
        made[transfer.payer] -= transfer.amount
        made[transfer.payee] += transfer.amount
    assert made == list(answer.scores)
    assert shown(answer)["net"] == made
    assert all(isinstance(x, Fraction) for x in shown(answer)["net"])


@given(deals())
def test_the_winner_holds_the_winning_trump_at_the_end(request):
    answer = GAME.answer(request)
    body = shown(answer)
    holder = body["players"][body["winner"]]
    assert body["winning_card"] in holder["holds"]
    assert body["winning_card"] == holder["trumps"][0]
    held = [code for p in body["players"] for code in p["holds"]]
    assert sorted(held) == sorted(
        [request["turn_up"], *(c for p in request["players"] for c in p["hand"].split())]
    )


@given(deals(), st.data())
def test_selling_on_the_winning_card_moves_the_win_with_it(request, data):
    before = GAME.answer(request)
    holder, card = before.body["winner"], before.body["winning_card"]
    n = len(request["players"])
    buyer = data.draw(st.integers(0, n - 1).filter(lambda b: b != holder))
    price = data.draw(st.integers(0, 9))
    sale = {"card": card, "from": holder, "to": buyer, "price": price}
    after = GAME.answer({**request, "sales": [*request["sales"], sale]})
    assert (after.body["winner"], after.body["winning_card"]) == (buyer, card)
    pool = sum(p["put_in"] for p in shown(before)["players"])
    # the pool moves from the holder to the buyer, and the buyer pays the price
    assert after.scores[buyer] == before.scores[buyer] + pool - price
    assert after.scores[holder] == before.scores[holder] - pool + price
    others = [i for i in range(n) if i not in (holder, buyer)]
    assert [after.scores[i] for i in others] == [before.scores[i] for i in others]


@given(deals(), st.integers(1, 16))
def test_turning_the_table_turns_the_answer(request, shift):
    n = len(request["players"])
    moved = {
        **request,
        "dealer": (request["dealer"] + shift) % n,
        "players": [request["players"][(i - shift) % n] for i in range(n)],
        "sales": [
            {**s, "from": (s["from"] + shift) % n, "to": (s["to"] + shift) % n}
            for s in request["sales"]
        ],
    }
    before, after = GAME.answer(request), GAME.answer(moved)
    assert after.body["winner"] == (before.body["winner"] + shift) % n
    assert [after.scores[(i + shift) % n] for i in range(n)] == list(before.scores)
    assert after.next_dealer == (before.next_dealer + shift) % n


@given(deals(), st.data())
def test_a_sale_by_anyone_but_the_holder_is_refused(request, data):
    n = len(request["players"])
    owner = {request["turn_up"]: request["dealer"]}
    for seat, player in enumerate(request["players"]):
        owner |= dict.fromkeys(player["hand"].split(), seat)
    for sale in request["sales"]:
        owner[sale["card"]] = sale["to"]
    trumps = [code for code in owner if code[-1] == request["turn_up"][-1]]
    card = data.draw(st.sampled_from(trumps))
    seller = data.draw(st.integers(0, n - 1).filter(lambda s: s != owner[card]))
    buyer = data.draw(st.integers(0, n - 1).filter(lambda b: b != seller))
    bad = {"card": card, "from": seller, "to": buyer, "price": 1}
    with pytest.raises(SpeculationError) as caught:
        GAME.answer({**request, "sales": [*request["sales"], bad]})
    number = len(request["sales"]) + 1
    assert caught.value.field == f"sales.{number - 1}.from"
    assert str(caught.value).startswith(f"Sale {number}: player {seller + 1} sells ")
    assert f"({card})" in str(caught.value) and f"player {owner[card] + 1} holds" in str(
        caught.value
    )
    with pytest.raises(ValueError):
        reference({**request, "sales": [*request["sales"], bad]})


def test_speculation_dealer_wins_in_words_under_either_reading():
    request = deal(["AS KS QS", "2C 3C 4C"], turn_up="2H", dealer=1)
    counted = settle(request).reasons[-2]
    assert counted.text == (
        "Player 2, the dealer, holds the turn-up, the two of hearts (2H), the highest trump, "
        "and takes the pool of 10. No other player holds a trump and the turn-up was not bought."
    )
    only = settle(request, dealer_turn_up="only-bought").reasons[-2]
    assert only.render(["Ann", "Bo"]) == (
        "No other player holds a trump and the turn-up, the two of hearts (2H), was not bought "
        "(at this table it counts only once bought), so Bo, the dealer, takes the pool of 10."
    )
    assert only.rulings == ("speculation-turn-up",)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["AS", "7H", "9d", "0", "3", "1/2", "-1", "", "KD QD"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(st.data())
def test_any_json_request_is_settled_or_refused_by_name(data):
    request: Any = GAME.example()
    path = data.draw(
        st.sampled_from(
            [
                ("dealer",),
                ("turn_up",),
                ("players",),
                ("players", 1),
                ("players", 1, "hand"),
                ("players", 1, "hand", 0),
                ("sales",),
                ("sales", 0),
                ("sales", 1, "card"),
                ("sales", 1, "from"),
                ("sales", 2, "to"),
                ("sales", 0, "price"),
                ("pool",),
                ("pool", "others"),
            ]
        )
    )
    target: Any = request
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = data.draw(JSON)
    try:
        answer = GAME.answer(request)
    except SpeculationError as error:
        assert error.field and str(error)
        return
    assert sum(answer.scores) == 0
    json.dumps(numbers(answer.body))
