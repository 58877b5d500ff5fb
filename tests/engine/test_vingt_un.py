"""Peel's Vingt-un (games.engine.vingt_un): one round settled from a request.

Each rule the issue lists under "What the text decides" is a test named after its paragraph
of ``content/rulebooks/peel-vingt-un.md``; then the rulings and their house rules, every
field refused with bad values, and an independent reading: the points and naturals of every
two-card start, and each hand's payment written again from the text and compared on rounds
dealt from a shuffled pack by hypothesis.
"""

import itertools
import json
import re
from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.api.http import numbers
from games.engine.cards import CARDS
from games.engine.citations import RULINGS
from games.engine.games import Answer, RequestGame
from games.engine.vingt_un import VingtUn, VingtUnError, twelve_player_request
from tests.engine.schema_check import conforms

GAME = VingtUn()


def req(*players, dealer=0, doubled=False, first_hand=False):
    """A request: each player is a string of cards (the dealer's, or a hand staked 1), a pair
    (cards, stake), or a list of pairs (a divided pair)."""
    out = []
    for index, player in enumerate(players):
        if index == dealer:
            out.append({"hands": [{"cards": player.split()}]})
            continue
        if isinstance(player, str):
            player = [(player, 1)]
        elif isinstance(player, tuple):
            player = [player]
        out.append({"hands": [{"cards": c.split(), "stake": s} for c, s in player]})
    return {"dealer": dealer, "doubled": doubled, "first_hand": first_hand, "players": out}


def settle(request, **options) -> Answer:
    return GAME.answer(request, GAME.configure(options))


def body(answer) -> Any:
    """The answer's body: data, its amounts exact Fractions (the API writes them as numbers)."""
    return answer.body


def hand_nets(answer):
    """Each hand's net (a Fraction), by player then hand."""
    nets = [[h["net"] for h in hands] for hands in body(answer)["hands"]]
    assert all(isinstance(net, F) for hand in nets for net in hand), nets
    return nets


def slugs(answer):
    return {slug for reason in answer.reasons for slug in reason.rulings}


def cites(answer):
    return {c.anchor for reason in answer.reasons for c in reason.citations}


# --------------------------------------------------------------------------- the game


def test_the_game_is_a_request_game_of_the_vingt_un_fragment():
    assert isinstance(GAME, RequestGame)
    assert (GAME.slug, GAME.action, GAME.keeps, GAME.board) == (
        "vingt-un",
        "settle",
        "money",
        "request",
    )
    assert (GAME.book, GAME.rules_anchor) == ("peel-vingt-un", "object")
    # Every option belongs to a ruling the game applies, as register() will check.
    for option in GAME.options:
        assert option.ruling in GAME.rulings
    assert all(RULINGS[r.slug] is r for r in GAME.rulings)


def test_every_cited_anchor_is_a_paragraph_of_the_fragment():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "content/rulebooks/peel-vingt-un.md").read_text()
    anchors = set(re.findall(r"\{: #([a-z0-9-]+) \}", text))
    cited = {c.anchor for r in GAME.rulings for c in r.citations}
    answers = [GAME.answer(GAME.example()), GAME.answer(twelve_player_request())]
    for answer in answers:
        cited |= cites(answer)
    assert cited <= anchors, cited - anchors


def test_the_example_settles_and_names_its_rules():
    answer = GAME.answer(GAME.example())
    assert sum(answer.scores) == 0
    assert answer.next_dealer == 1 and body(answer)["put_out_by"] == [3]
    assert [(t.payer, t.payee, t.amount) for t in answer.transfers] == [
        (1, 0, 2), (0, 1, 2), (2, 0, 1), (0, 3, 6),
    ]  # fmt: skip
    assert body(answer)["net"] == list(answer.scores)
    assert all(isinstance(n, F) for n in body(answer)["net"])  # data, not text
    json.dumps(numbers(answer.body))  # JSON once the API writes its Fractions as numbers


# --------------------------------------------------------------------------- the text's rules


def test_staking_a_natural_is_an_ace_and_a_ten_card_in_the_first_two_cards():
    for ten in ("10H", "JH", "QH", "KH"):
        assert settle(req("9S 7C", f"AS {ten}")).body["hands"][1][0]["natural"]
        assert settle(req("9S 7C", f"{ten} AS")).body["hands"][1][0]["natural"]
    # 21 in three cards is no natural; nor are two aces (12) or an ace and a nine.
    body = settle(req("9S 7C", "AS 5D 5C", "AD AC", "AH 9D")).body["hands"]
    assert [h[0]["natural"] for h in body[1:]] == [False, False, False]
    assert body[1][0]["drawn_vingt_un"] and body[2][0]["points"] == 12


def test_staking_the_dealers_natural_collects_double_from_each_and_four_times_after_a_double():
    plain = settle(req("AS KD", ("9H 8C", 2), ("5S 5D", 1)))
    assert plain.scores == (6, -4, -2)
    doubled = settle(req("AS KD", ("9H 8C", 2), ("5S 5D", 1), doubled=True))
    assert doubled.scores == (12, -8, -4)  # "four times the amount staked"
    assert {"staking"} <= cites(doubled)


def test_object_a_natural_against_the_dealers_natural_pays_nothing_either_way():
    answer = settle(req("AS KD", ("AH QC", 5), ("9H 8C", 1)))
    assert answer.scores == (2, 0, -2)
    assert [t.payer for t in answer.transfers] == [2]
    assert answer.next_dealer == 0  # "unless the dealer also holds a natural that hand"


def test_player_natural_is_paid_double_and_puts_the_dealer_out_to_his_left():
    answer = settle(req("9S 8C", ("AH QC", 3), "10D 9D"))
    assert answer.scores[1] == 6 and answer.next_dealer == 1
    # The dealer's left wraps round: the dealer is the last player.
    answer = settle(req("10D 9D", "AH QC", "7C 8C", dealer=2))
    assert answer.scores == (1, 2, -3) and answer.next_dealer == 0
    assert body(answer)["put_out_by"] == [1]


def test_first_hand_natural_is_paid_as_a_drawn_vingt_un_and_the_dealer_keeps_the_deal():
    answer = settle(req("9S 8C", ("AH QC", 3), first_hand=True))
    assert answer.scores == (-6, 6) and answer.next_dealer == 0
    assert body(answer)["put_out_by"] == []
    assert "first-hand-natural" in cites(answer)


def test_deal_passes_not_when_the_dealer_holds_a_natural_too():
    answer = settle(req("AS KD", "AH QC", "9H 8C"))
    assert answer.next_dealer == 0 and body(answer)["put_out_by"] == []


def test_drawing_a_player_who_over_draws_pays_his_stake():
    answer = settle(req("10S 7C", ("4H 9S 9D", 2)))  # Peel's own example: 4, 9, then a 9
    assert answer.scores == (2, -2)
    assert body(answer)["hands"][1][0] | {"net": None} == {
        "cards": ["4H", "9S", "9D"], "stake": F(2), "points": 22, "natural": False,
        "over_drawn": True, "drawn_vingt_un": False, "divided": False, "net": None,
    }  # fmt: skip


def test_object_an_over_drawn_player_is_not_repaid_when_the_dealer_over_draws():
    answer = settle(req("10S 6C 9H", ("4H 9S 9D", 2), ("10H 8D", 1)))
    assert answer.scores == (2 - 1, -2, 1)
    assert "not repaid" in answer.reasons[0].text


def test_dealer_draws_standing_he_receives_from_equal_or_fewer_and_pays_more():
    answer = settle(req("10S 8C", "10H 7D", "10D 8H", "9C 10C"))
    assert answer.scores == (1 + 1 - 1, -1, -1, 1)


def test_dealer_draws_over_drawing_he_pays_every_hand_standing():
    answer = settle(req("10S 6C 9H", "10H 4D", "2C 3C", ("5D 6D 10D", 3)))
    # 14 and 5 are paid a stake; the drawn 21 double.
    assert answer.scores == (-1 - 1 - 6, 1, 1, 6)


def test_drawn_vingt_un_the_dealers_receives_double_single_from_a_drawn_21_nothing_more():
    answer = settle(req("7S 7C 7H", "10H 9D", ("5D 6D 10D", 3), ("10C 8S 4H", 2)))
    # 19 pays double; the drawn 21 only its stake; the over-drawn hand its stake, no more.
    assert answer.scores == (2 + 3 + 2, -2, -3, -2)
    assert [h[0]["drawn_vingt_un"] for h in body(answer)["hands"]] == [True, False, True, False]


def test_drawn_vingt_un_a_players_is_paid_double_when_the_dealer_has_none():
    answer = settle(req("10S 9C", ("5D 6D 10D", 3)))
    assert answer.scores == (-6, 6)


def test_staking_a_double_doubles_every_stake_the_divided_hands_too():
    players = ("10S 8C", [("8H KD", 2), ("8S 3C QH", 1)], ("5S 9D JC", 1), ("AH KS", 3))
    single = settle(req(*players))
    double = settle(req(*players, doubled=True))
    assert double.scores == tuple(2 * s for s in single.scores)
    assert [2 * t.amount for t in single.transfers] == [t.amount for t in double.transfers]
    assert "vingt-un-double-divided" in slugs(double)


def test_dividing_pairs_each_divided_hand_settles_with_its_own_stake():
    answer = settle(req("10S 8C", [("8H KD", 2), ("8S 3C QH", 1), ("8D 7C", 5)]))
    # 18 loses its 2 (equal), 21 drawn wins 2, 15 loses 5.
    assert hand_nets(answer)[1] == [-2, 2, -5]
    assert answer.scores == (5, -5)
    assert all(h["divided"] for h in body(answer)["hands"][1])


def test_dividing_pairs_anything_but_a_pair_of_the_same_rank_is_refused():
    for first, second in (("10H", "KD"), ("8H", "9D")):
        with pytest.raises(VingtUnError, match="vingt-un-pair") as caught:
            settle(req("10S 8C", [(f"{first} 5C", 1), (f"{second} 4C", 1)]))
        error = caught.value
        assert (error.field, error.item, error.token) == ("players.1.hands.1.cards", 0, second)
        assert str(error).startswith("Player 2, hand 2, card 1:")


def test_dividing_pairs_the_dealer_plays_one_hand():
    request = req("10S 8C", "9H 9D")
    request["players"][0]["hands"].append({"cards": ["10D", "7H"]})
    with pytest.raises(VingtUnError, match="vingt-un-dealer-divides") as caught:
        settle(request)
    assert caught.value.field == "players.0.hands"


# --------------------------------------------------------------------------- rulings and options


def test_ruling_ace_one_or_eleven_at_the_holders_choice():
    answer = settle(req("AS 6C", "AH AD 9C", "AC 5D 5H KH", "2S 9D"))
    assert [h[0]["points"] for h in body(answer)["hands"]] == [17, 21, 21, 11]
    assert "vingt-un-ace" in slugs(answer)


def test_ruling_deal_passes_to_the_holder_or_never():
    request = req("9S 8C", "7H 8H", ("AH QC", 3))
    assert settle(request).next_dealer == 1
    assert settle(request, deal_passes="holder").next_dealer == 2
    never = settle(request, deal_passes="never")
    assert never.next_dealer == 0 and never.scores == settle(request).scores
    assert "vingt-un-deal-passes" in slugs(never)


def test_ruling_several_naturals_each_paid_the_deal_passes_once_to_the_first_holder():
    request = req("9S 8C", "7H 8H", ("AH QC", 3), ("KD AC", 1), dealer=1)
    answer = settle(request)
    assert answer.scores == (1, -1 - 6 - 2, 6, 2)
    assert answer.scores[2:] == (6, 2) and answer.next_dealer == 2
    assert body(answer)["put_out_by"] == [2, 3]
    # Under the holder house rule: the first holder from the dealer's left.
    assert settle(request, deal_passes="holder").next_dealer == 2
    request = req("AH QC", "9S 8C", "7H 8H", "KD AC", dealer=1)
    assert settle(request, deal_passes="holder").next_dealer == 3  # 3 plays before 0
    assert "vingt-un-several-naturals" in slugs(settle(request))


def test_ruling_first_hand_natural_settled_as_drawn_pays_a_single_stake_to_a_dealers_21():
    request = req("7S 7C 7H", ("AH QC", 3), first_hand=True)
    assert settle(request).scores == (-6, 6)
    assert settle(request, first_hand_natural="as-drawn").scores == (3, -3)
    assert settle(
        req("10S 9C", ("AH QC", 3), first_hand=True), first_hand_natural="as-drawn"
    ).scores == (-6, 6)


def test_ruling_divided_twenty_one_is_drawn_by_default_or_a_natural_by_house_rule():
    request = req("10S 7C", [("AH KD", 1), ("AS 5C", 1)])
    drawn = settle(request)
    assert drawn.body["hands"][1][0]["drawn_vingt_un"] and drawn.next_dealer == 0
    natural = settle(request, divided_twenty_one="natural")
    assert natural.body["hands"][1][0]["natural"] and natural.next_dealer == 1
    assert drawn.scores == natural.scores == (-2 + 1, 2 - 1)
    # Drawn, it may draw on (a silly but lawful draw); a natural may not.
    settle(req("10S 7C", [("AH KD 5C", 1), ("AS 5D", 1)]))
    with pytest.raises(VingtUnError, match="natural"):
        settle(req("10S 7C", [("AH KD 5C", 1), ("AS 5D", 1)]), divided_twenty_one="natural")


def test_options_in_the_request_or_the_config_not_both_different():
    request = {**req("9S 8C", "7H 8H", ("AH QC", 3)), "options": {"deal_passes": "holder"}}
    assert GAME.answer(request).next_dealer == 2
    assert GAME.answer(request, GAME.configure({"deal_passes": "holder"})).next_dealer == 2
    with pytest.raises(VingtUnError) as caught:
        GAME.answer(request, GAME.configure())
    assert caught.value.field == "options"
    with pytest.raises(VingtUnError) as caught:
        GAME.answer({**request, "options": {"deal_passes": "left"}})
    assert caught.value.field == "options.deal_passes" and "'next'" in str(caught.value)
    with pytest.raises(VingtUnError) as caught:
        GAME.answer({**request, "options": {"colour": "red"}})
    assert caught.value.field == "options.colour"
    with pytest.raises(VingtUnError) as caught:
        GAME.answer({**request, "options": "holder"})
    assert caught.value.field == "options"


def test_form_values_are_read_as_the_json_ones():
    request = req("10S 6C 9H", [("8H KD", 2), ("8S 3C QH", "1/2")], ("5S 9D JC", 1), doubled=True)
    as_form = {
        "dealer": "0",
        "doubled": "on",
        "first_hand": "",
        "players": [
            {"hands": [{"cards": "10S, 6C 9H", "stake": ""}]},
            {"hands": [{"cards": "8H KD", "stake": "2"}, {"cards": "8s 3c qh", "stake": "0,5"}]},
            {"hands": [{"cards": "5S 9D JC", "stake": "1"}]},
        ],
    }
    assert GAME.answer(as_form).body == GAME.answer(request).body


# --------------------------------------------------------------------------- bad input

DELETE = object()
H1 = ("players", 1, "hands", 0)
C1, S1 = "players.1.hands.0.cards", "players.1.hands.0.stake"
BAD = [
    # (the path of the value changed, its new value, the field named, the item, words said)
    (("dealer",), DELETE, "dealer", None, "missing"),
    (("dealer",), 3, "dealer", None, "from 0 to 2, not 3"),
    (("dealer",), -1, "dealer", None, "not -1"),
    (("dealer",), True, "dealer", None, "not True"),
    (("dealer",), 1.0, "dealer", None, "not 1.0"),
    (("dealer",), "one", "dealer", None, "not 'one'"),
    (("dealer",), 10**30, "dealer", None, "from 0 to 2"),
    (("dealer",), None, "dealer", None, "not None"),
    (("doubled",), "maybe", "doubled", None, "true or false"),
    (("doubled",), 2, "doubled", None, "true or false"),
    (("doubled",), [], "doubled", None, "true or false"),
    (("first_hand",), None, "first_hand", None, "true or false"),
    (("first_hand",), "x" * 100, "first_hand", None, "true or false"),
    (("colour",), "red", "colour", None, "not a field"),
    (("players",), DELETE, "players", None, "missing"),
    (("players",), "AS KD", "players", None, "a list of players"),
    (("players",), lambda r: r["players"][:1], "players", None, "there are 1"),
    (("players",), lambda r: r["players"] * 5, "players", None, "there are 15"),
    (("players", 1), "AS KD", "players.1", None, "Player 2"),
    (("players", 1, "stake"), 1, "players.1.stake", None, "not a field"),
    (("players", 1, "hands"), DELETE, "players.1.hands", None, "Player 2"),
    (("players", 1, "hands"), [], "players.1.hands", None, "Player 2"),
    (("players", 1, "hands"), {"cards": "2C 3C"}, "players.1.hands", None, "Player 2"),
    (("players", 1, "hands"), [{"cards": f"{c}C 5D", "stake": 1} for c in "23456"],
     "players.1.hands", None, "at most four"),
    (H1, "9H 8D", "players.1.hands.0", None, "Player 2"),
    ((*H1, "cards"), DELETE, C1, None, "missing"),
    ((*H1, "cards"), 98, C1, None, "list of cards"),
    ((*H1, "cards"), ["9H", 8], C1, 1, "card 2"),
    ((*H1, "cards"), "9H ZZ", C1, 1, "'ZZ' is not a card"),
    ((*H1, "cards"), "9H", C1, None, "at least two"),
    ((*H1, "cards"), "", C1, None, "at least two"),
    ((*H1, "cards"), "9H 8D 9H", C1, 2, "written twice"),
    ((*H1, "cards"), "9H 10S", C1, 1, "also held by player 1"),
    ((*H1, "cards"), "9H 8D 9D 2C", C1, 3, "over-drew"),
    ((*H1, "cards"), "AH KD 2C", C1, 2, "natural"),
    ((*H1, "cards"), " ".join(["2C"] * 13), C1, None, "at most 12"),
    ((*H1, "cards"), "2C " * 200, C1, None, "too long"),
    ((*H1, "stake"), DELETE, S1, None, "missing"),
    ((*H1, "stake"), "", S1, None, "missing"),
    ((*H1, "stake"), 0, S1, None, "more than 0"),
    ((*H1, "stake"), -2, S1, None, "more than 0"),
    ((*H1, "stake"), "lots", S1, None, "'lots'"),
    ((*H1, "stake"), [1], S1, None, "a number"),
    ((*H1, "stake"), 10**12, S1, None, "plays for"),
    ((*H1, "stake"), float("nan"), S1, None, "finite"),
    ((*H1, "colour"), 1, "players.1.hands.0.colour", None, "not a field"),
    (("players", 0, "hands", 0, "stake"), 1, "players.0.hands.0.stake", None, "the dealer"),
    (("players", 0, "hands", 0, "cards"), "10S 6C 9H 2C", "players.0.hands.0.cards", 3,
     "over-drew"),
]  # fmt: skip


def changed(request, path, value):
    """``request`` with the value at ``path`` set to ``value`` (or removed)."""
    *inner, last = path
    place = request
    for key in inner:
        place = place[key]
    if value is DELETE:
        del place[last]
    else:
        place[last] = value(request) if callable(value) else value
    return request


def _base():
    return req("10S 6C", ("9H 8D", 2), "5S 5C")


@pytest.mark.parametrize(("path", "value", "field", "item", "words"), BAD)
def test_bad_input_is_refused_naming_the_field_the_player_and_the_card(
    path, value, field, item, words
):
    request = changed(_base(), path, value)
    with pytest.raises(VingtUnError) as caught:
        GAME.answer(request)
    error = caught.value
    assert error.field == field
    assert error.item == item
    assert words in str(error)
    if field.startswith("players."):
        player = int(field.split(".")[1])
        assert str(error).startswith(f"Player {player + 1}")
        assert error.render(["Ann", "Bo", "Cy"]).startswith(["Ann", "Bo", "Cy"][player])
    else:
        assert str(error).startswith(f"{field}: ")
    if item is not None and isinstance(request["players"][1]["hands"][0].get("cards"), str):
        token = request["players"][1]["hands"][0]["cards"].split()[item]
        assert error.token == token and token in str(error)


def test_bad_input_a_card_held_by_two_players_names_both():
    with pytest.raises(VingtUnError) as caught:
        GAME.answer(req("10S 6C", "9H 8D", "5S 9h"))
    error = caught.value
    assert str(error) == (
        "Player 3, card 2: 9H is also held by player 2: one pack is dealt "
        "(ruling vingt-un-one-pack)"
    )
    assert error.render(["Ann", "Bo", "Cy"]).startswith("Cy, card 2: 9H is also held by Bo")
    assert (error.field, error.item, error.token) == ("players.2.hands.0.cards", 1, "9h")


def test_bad_input_nobody_draws_or_divides_after_the_dealers_natural():
    with pytest.raises(VingtUnError, match="Player 2, card 3: draws a third card") as caught:
        GAME.answer(req("AS KD", "9H 5D 2C"))
    assert (caught.value.field, caught.value.item) == ("players.1.hands.0.cards", 2)
    with pytest.raises(VingtUnError, match="Player 2: divides a pair") as caught:
        GAME.answer(req("AS KD", [("9H 5D", 1), ("9C 2C", 1)]))
    assert caught.value.field == "players.1.hands"


def test_bad_input_a_request_that_is_not_an_object():
    for request in (None, [], "dealer=0", 3):
        with pytest.raises(VingtUnError, match="must be an object"):
            GAME.answer(request)
        with pytest.raises(VingtUnError):
            GAME.players_in(request)


def test_bad_input_unknown_keys_are_named_even_when_strange():
    request = _base()
    request["\ud800" * 60] = 1
    with pytest.raises(VingtUnError, match="not a field of a request") as caught:
        GAME.answer(request)
    assert len(caught.value.field) == 40


# --------------------------------------------------------------------------- the schemas


def test_schemas_fit_the_example_and_its_answer():
    for request in (GAME.example(), twelve_player_request()):
        assert conforms(request, GAME.request_schema())
        assert conforms(numbers(GAME.answer(request).body), GAME.answer_schema())
    json.dumps(GAME.request_schema())
    json.dumps(GAME.answer_schema())


SEMANTIC = {
    # Refusals the schema cannot see: an index, a card, a count or an amount out of place.
    "from 0 to 2, not 3", "not -1", "from 0 to 2", "not 'one'", "'ZZ' is not a card",
    "at least two", "written twice", "also held by player 1", "over-drew", "natural",
    "at most 12", "more than 0", "'lots'", "plays for", "finite", "the dealer",
    "true or false", "missing",
    # JSON Schema counts 1.0 an integer (Draft 2020-12); the engine asks for 1
    "not 1.0",
}  # fmt: skip


def test_schema_refuses_what_the_engine_refuses_by_shape():
    schema = GAME.request_schema()
    assert conforms(_base(), schema)
    for path, value, field, _item, words in BAD:
        request = changed(_base(), path, value)
        if words not in SEMANTIC:
            assert not conforms(request, schema), (field, words)


# --------------------------------------------------------------------------- independent reading

TEN = {"10", "J", "Q", "K"}


def ref_counts(codes):
    """Every count a hand can make, each ace one or eleven (read from the ruling's words)."""
    values = []
    for code in codes:
        rank = code[:-1]
        values.append((1, 11) if rank == "A" else (10,) if rank in TEN else (int(rank),))
    return {sum(choice) for choice in itertools.product(*values)}


def ref_points(codes):
    counts = ref_counts(codes)
    under = [c for c in counts if c <= 21]
    return max(under) if under else min(counts)


def ref_natural(codes):
    ranks = sorted(code[:-1] for code in codes)
    return len(codes) == 2 and "A" in ranks and bool(set(ranks) & TEN)


def test_independent_every_two_card_start_its_points_and_whether_it_is_a_natural():
    codes = [str(card) for card in CARDS]
    starts = list(itertools.combinations(codes, 2))
    assert len(starts) == 1326
    naturals = 0
    for pair in starts:
        dealer = [c for c in ("2C", "3C", "2D", "3D") if c not in pair][:2]
        body = GAME.answer(req(" ".join(dealer), " ".join(pair))).body["hands"][1][0]
        assert body["points"] == ref_points(pair), pair
        assert body["natural"] == ref_natural(pair), pair
        assert body["over_drawn"] is False and body["drawn_vingt_un"] is False
        naturals += body["natural"]
    assert naturals == 4 * 16  # four aces, sixteen ten-cards


def test_independent_every_three_ranks_points():
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    from games.engine.cards import parse_card
    from games.engine.vingt_un import points

    for combo in itertools.combinations_with_replacement(ranks, 3):
        codes = [f"{rank}{suit}" for rank, suit in zip(combo, "SHD", strict=True)]
        assert points([parse_card(c) for c in codes]) == ref_points(codes), codes


def ref_payment(hand, dealer, stake, doubled, first_hand, divided_natural="drawn", first_as="paid"):
    """What the dealer pays one hand (negative: the hand pays), from the issue's words."""
    unit = stake * (2 if doubled else 1)
    hand_natural = ref_natural(hand["cards"]) and (
        not hand["divided"] or divided_natural == "natural"
    )
    dealer_natural = ref_natural(dealer)
    p, d = ref_points(hand["cards"]), ref_points(dealer)
    if dealer_natural:
        return 0 if hand_natural else -2 * unit
    if hand_natural and not (first_hand and first_as == "as-drawn"):
        return 2 * unit
    hand_21 = p == 21
    if p > 21:
        return -unit
    if d > 21:
        return 2 * unit if hand_21 else unit
    if d == 21:
        return -unit if hand_21 else -2 * unit
    if hand_21:
        return 2 * unit
    return unit if p > d else -unit


@st.composite
def rounds(draw, max_players=7):
    """A round dealt from a shuffled pack as a table plays it: two cards each, the dealer's
    natural ending it, each player dividing a pair or not and drawing to a mark of his own,
    then the dealer drawing to his."""
    deck = list(draw(st.permutations(CARDS)))
    n = draw(st.integers(2, max_players))
    dealer = draw(st.integers(0, n - 1))
    doubled, first_hand = draw(st.booleans()), draw(st.booleans())

    def points_of(cards):
        return ref_points([str(c) for c in cards])

    def draw_to(cards, mark):
        while deck and points_of(cards) < mark:
            cards.append(deck.pop())
        return cards

    starts = [[deck.pop(), deck.pop()] for _ in range(n)]
    dealer_natural = ref_natural([str(c) for c in starts[dealer]])
    players = []
    for index in range(n):
        first, second = starts[index]
        if index == dealer:
            players.append(None)
            continue
        if dealer_natural:
            players.append([([first, second], draw(st.integers(1, 5)))])
            continue
        if first.rank == second.rank and draw(st.booleans()):
            pending, hands = [[first], [second]], []
            while pending and deck:
                hand = pending.pop(0)
                hand.append(deck.pop())
                if (
                    hand[1].rank == first.rank
                    and len(hands) + len(pending) < 3
                    and draw(st.booleans())
                ):
                    pending.append([hand.pop()])
                    hand.append(deck.pop()) if deck else None
                if len(hand) < 2:
                    continue
                hands.append(hand)
            if len(hands) < 2:
                players.append([([first, second], 1)])
                continue
        else:
            hands = [[first, second]]
        made = []
        for hand in hands:
            divided = len(hands) > 1
            if not (ref_natural([str(c) for c in hand]) and not divided):
                draw_to(hand, draw(st.integers(12, 21)))
            made.append((hand, draw(st.sampled_from([1, 2, 3, F(1, 2)]))))
        players.append(made)
    dealer_cards = starts[dealer]
    if not dealer_natural:
        draw_to(dealer_cards, draw(st.integers(12, 21)))
    out = []
    for index, staked in enumerate(players):
        if index == dealer:
            out.append({"hands": [{"cards": [str(c) for c in dealer_cards]}]})
        else:
            out.append({"hands": [{"cards": [str(c) for c in h], "stake": s} for h, s in staked]})
    return {"dealer": dealer, "doubled": doubled, "first_hand": first_hand, "players": out}


OPTIONS = st.fixed_dictionaries(
    {
        "deal_passes": st.sampled_from(["next", "holder", "never"]),
        "first_hand_natural": st.sampled_from(["paid", "as-drawn"]),
        "divided_twenty_one": st.sampled_from(["drawn", "natural"]),
    }
)


@settings(max_examples=300)
@given(rounds(), OPTIONS)
def test_independent_each_hands_payment_as_the_text_reads(request, options):
    answer = settle(request, **options)
    dealer = request["dealer"]
    dealer_cards = request["players"][dealer]["hands"][0]["cards"]
    expected_dealer = F(0)
    for index, player in enumerate(request["players"]):
        if index == dealer:
            continue
        hands = player["hands"]
        for number, hand in enumerate(hands):
            paid = ref_payment(
                {"cards": hand["cards"], "divided": len(hands) > 1},
                dealer_cards,
                F(hand["stake"]),
                request["doubled"],
                request["first_hand"],
                options["divided_twenty_one"],
                options["first_hand_natural"],
            )
            assert hand_nets(answer)[index][number] == paid, (index, number)
            expected_dealer -= paid
    assert answer.scores[dealer] == expected_dealer


@settings(max_examples=200)
@given(rounds())
def test_property_the_net_sums_to_zero_and_the_transfers_make_it(request):
    answer = GAME.answer(request)
    assert sum(answer.scores) == 0
    made = [F(0)] * len(answer.scores)
    for t in answer.transfers:
        assert t.amount > 0 and dealer_in(t, request["dealer"])
        made[t.payer] -= t.amount
        made[t.payee] += t.amount
        assert t.reason.citations
    assert tuple(made) == answer.scores
    assert body(answer)["net"] == list(answer.scores)
    assert all(isinstance(n, F) for n in body(answer)["net"])
    for index, (hands, score) in enumerate(zip(hand_nets(answer), answer.scores, strict=True)):
        assert sum(hands) == score, index  # the dealer's one hand carries all he won or lost
    json.dumps(numbers(answer.body))


def dealer_in(transfer, dealer):
    return dealer in (transfer.payer, transfer.payee)


@settings(max_examples=200)
@given(rounds())
def test_property_an_over_drawn_hand_always_loses_its_stake_whatever_the_dealer_does(request):
    answer = GAME.answer(request)
    unit = 2 if request["doubled"] else 1
    for index, hands in enumerate(body(answer)["hands"]):
        if index == request["dealer"]:
            continue
        for number, hand in enumerate(hands):
            if hand["over_drawn"]:
                stake = F(request["players"][index]["hands"][number]["stake"])
                assert hand_nets(answer)[index][number] == -unit * stake


@settings(max_examples=200)
@given(rounds(), OPTIONS)
def test_property_a_double_doubles_every_payment(request, options):
    single = settle({**request, "doubled": False}, **options)
    double = settle({**request, "doubled": True}, **options)
    assert double.scores == tuple(2 * s for s in single.scores)
    assert [(t.payer, t.payee, 2 * t.amount) for t in single.transfers] == [
        (t.payer, t.payee, t.amount) for t in double.transfers
    ]
    assert single.next_dealer == double.next_dealer


@settings(max_examples=200)
@given(rounds(), st.integers(1, 11), OPTIONS)
def test_property_turning_the_table_turns_the_answer(request, shift, options):
    """The same round with every seat moved ``shift`` places: the nets and the next dealer
    move with the seats."""
    n = len(request["players"])
    k = shift % n
    turned = {
        **request,
        "dealer": (request["dealer"] + k) % n,
        "players": request["players"][-k:] + request["players"][:-k] if k else request["players"],
    }
    before, after = settle(request, **options), settle(turned, **options)
    assert after.scores == tuple(before.scores[(i - k) % n] for i in range(n))
    assert after.next_dealer == (before.next_dealer + k) % n


@settings(max_examples=100)
@given(rounds())
def test_property_the_deal_passes_only_for_a_players_natural(request):
    answer = GAME.answer(request)
    dealer, n = request["dealer"], len(request["players"])
    naturals = [
        i for i, hands in enumerate(body(answer)["hands"])
        if i != dealer and any(h["natural"] for h in hands)
    ]  # fmt: skip
    dealer_natural = body(answer)["hands"][dealer][0]["natural"]
    if naturals and not dealer_natural and not request["first_hand"]:
        assert answer.next_dealer == (dealer + 1) % n
        assert set(body(answer)["put_out_by"]) == set(naturals)
    else:
        assert answer.next_dealer == dealer and body(answer)["put_out_by"] == []


def as_form(request):
    """The request as the table page's form sends it: every value a string."""
    return {
        "dealer": str(request["dealer"]),
        "doubled": "on" if request["doubled"] else "",
        "first_hand": "1" if request["first_hand"] else "0",
        "players": [
            {
                "hands": [
                    {"cards": ", ".join(h["cards"]), "stake": str(h.get("stake", ""))}
                    for h in player["hands"]
                ]
            }
            for player in request["players"]
        ],
    }


@settings(max_examples=100)
@given(rounds())
def test_property_a_forms_strings_settle_as_the_json(request):
    assert GAME.answer(as_form(request)).body == GAME.answer(request).body


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def paths(value, prefix=()):
    """Every path to a value inside a request."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from paths(inner, (*prefix, index))


@settings(max_examples=300)
@given(rounds(max_players=4), st.data())
def test_fuzz_any_value_anywhere_is_settled_or_refused_as_an_engine_error(request, data):
    path = data.draw(st.sampled_from([p for p in paths(request) if p]))
    request = changed(request, path, data.draw(JSON))
    try:
        answer = GAME.answer(request)
    except VingtUnError as error:
        assert str(error) and (error.field is None or isinstance(error.field, str))
    else:
        assert sum(answer.scores) == 0


@given(JSON)
def test_fuzz_any_request_is_refused_as_an_engine_error(request):
    with pytest.raises(VingtUnError):
        GAME.answer(request)
