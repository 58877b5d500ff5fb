"""Cards, packs and parsing: Peel's packs (``packs``), the Swedish notation (``kortlek``)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import (
    CARDS,
    PACK_32,
    PACK_52,
    Card,
    CardError,
    Rank,
    Suit,
    board_errors,
    card_from_index,
    pack_of_size,
    parse_card,
    parse_hand,
    parse_hands,
)

cards = st.sampled_from(CARDS)


# --------------------------------------------------------------------------- cards


def test_suits_have_symbols_colours_and_swedish_names():
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert [s.swedish for s in Suit] == ["spader", "hjärter", "ruter", "klöver"]


def test_packs_ranks_run_two_to_ace_with_the_ace_high():
    assert list(Rank) == sorted(Rank)
    assert Rank.TWO == 2 and Rank.ACE == 14
    assert [r.code for r in Rank] == [str(n) for n in range(2, 11)] + ["J", "Q", "K", "A"]


def test_combinations_ace_counts_eleven_and_courts_ten_in_reckoning_pips():
    assert Rank.ACE.pips == 11
    assert Rank.KING.pips == Rank.QUEEN.pips == Rank.JACK.pips == 10
    assert Rank.TEN.pips == 10  # poangsumma: "tior är värda 10 poäng"
    assert [Rank(n).pips for n in range(2, 10)] == list(range(2, 10))


def test_card_codes_and_indices():
    assert str(Card(Rank.ACE, Suit.SPADES)) == "AS"
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "10H"
    assert [c.index for c in CARDS] == list(range(52))
    assert all(card_from_index(c.index) is c for c in CARDS)
    assert all(c.bit == 1 << c.index for c in CARDS)
    assert len(set(CARDS)) == 52


def test_cards_are_frozen_ordered_and_hashable():
    card = Card(Rank.KING, Suit.CLUBS)
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    assert card == parse_card("KC") and hash(card) == hash(parse_card("KC"))
    assert sorted(CARDS) == list(CARDS)
    assert Card(Rank.TWO, Suit.SPADES) < Card(Rank.THREE, Suit.CLUBS)


def test_packs_52_and_32_cards_up_to_twelve_and_seven_hands():
    assert PACK_52.size == 52 and PACK_52.hand_limit == 12
    assert PACK_32.size == 32 and PACK_32.hand_limit == 7
    assert min(c.rank for c in PACK_32.cards) == Rank.SEVEN
    assert pack_of_size(52) is PACK_52 and pack_of_size(32) is PACK_32
    with pytest.raises(ValueError, match="no 40-card pack"):
        pack_of_size(40)
    assert "5H" not in PACK_32  # only cards belong to a pack
    assert parse_card("5H") not in PACK_32 and parse_card("7H") in PACK_32


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("aS", "AS"),
        ("10h", "10H"),
        ("Th", "10H"),
        ("tH", "10H"),
        ("A♠", "AS"),
        ("♠A", "AS"),
        ("10♥", "10H"),
        ("♥10", "10H"),
        ("Q♦", "QD"),
        ("J♣", "JC"),
        ("K♤", "KS"),
        ("A♥\ufe0f", "AH"),
        ("  qd ", "QD"),
        ("2c", "2C"),
    ],
)
def test_parse_card_english_rank_first(token, code):
    assert str(parse_card(token)) == code


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("sE", "AS"),  # poangsumma: "sE, s8 och d5"
        ("s8", "8S"),
        ("d5", "5D"),
        ("hkn", "JH"),  # tretal: "hkn, dkn och skn"
        ("dkn", "JD"),
        ("skn", "JS"),
        ("hKn", "JH"),
        ("HKN", "JH"),
        ("s6", "6S"),  # sekvens: "s6, s5 och s4"
        ("c10", "10C"),  # poang: "c10, c7 och d2"
        ("hD", "QH"),  # poang: "hD, h10 och h4"
        ("dK", "KD"),  # ingenting: "dK, cK och h3"
        ("cK", "KC"),
        ("sA", "AS"),
        ("hQ", "QH"),
        ("dJ", "JD"),
        ("cT", "10C"),
        ("Se", "AS"),
    ],
)
def test_kortlek_swedish_suit_first_notation(token, code):
    assert str(parse_card(token)) == code


@pytest.mark.parametrize(
    "token",
    ["1S", "KX", "11H", "A", "10", "S", "♠", "sX", "hkx", "ZZ", "AS!", "KNS", "0D", "A♠♠", "s"],
)
def test_parse_card_refuses_what_is_not_a_card(token):
    with pytest.raises(CardError) as caught:
        parse_card(token)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.token == token
    assert repr(token) in str(error)
    assert "write rank then suit, like AS, 10H or QD" in str(error)
    assert "the Swedish suit first, like sE or hkn" in str(error)


def test_parse_card_error_message_names_the_token_and_what_is_valid():
    with pytest.raises(CardError) as caught:
        parse_card("1S")
    assert str(caught.value) == (
        "'1S' is not a card: write rank then suit, like AS, 10H or QD, "
        "or the Swedish suit first, like sE or hkn"
    )


def test_parse_card_refuses_an_empty_field():
    with pytest.raises(CardError, match="an empty field is not a card"):
        parse_card("   ")


@given(cards)
def test_parse_round_trips_every_notation(card):
    assert parse_card(str(card)) == card
    assert parse_card(str(card).lower()) == card
    assert parse_card(card.symbol) == card
    assert parse_card(card.suit.symbol + card.rank.code) == card
    assert parse_card(card.swedish_code) == card


def test_parse_round_trips_all_52():
    assert [parse_card(str(c)) for c in CARDS] == list(CARDS)
    assert [parse_card(c.swedish_code) for c in CARDS] == list(CARDS)


# --------------------------------------------------------------------------- hands


def test_parse_hand_from_a_string_or_tokens():
    expected = (parse_card("AS"), parse_card("8S"), parse_card("5D"))
    assert parse_hand("sE s8 d5", PACK_52) == expected
    assert parse_hand("sE, s8, d5", PACK_52) == expected
    assert parse_hand(["AS", "8s", "5♦"], PACK_52) == expected


@pytest.mark.parametrize(
    ("tokens", "message"),
    [
        ("AS KS", "A hand is three cards; this one has 2 (AS KS)"),
        ("AS KS QS JS", "A hand is three cards; this one has 4 (AS KS QS JS)"),
        ("", "A hand is three cards; this one has 0 (none)"),
    ],
)
def test_parse_hand_refuses_a_wrong_size(tokens, message):
    with pytest.raises(CardError) as caught:
        parse_hand(tokens, PACK_52)
    assert str(caught.value) == message
    assert caught.value.position is None


def test_parse_hand_refuses_a_bad_token_at_its_position():
    with pytest.raises(CardError) as caught:
        parse_hand(["AS", "1S", "QS"], PACK_52)
    error = caught.value
    assert (error.position, error.token, error.hand) == (2, "1S", None)
    assert str(error).startswith("Card 2: '1S' is not a card")
    assert error.detail.startswith("'1S' is not a card")


def test_packs_parse_hand_refuses_a_card_not_in_the_short_pack():
    with pytest.raises(CardError) as caught:
        parse_hand("7S 8S 2S", PACK_32)
    error = caught.value
    assert (error.position, error.token) == (3, "2S")
    assert str(error) == "Card 3: 2S is not in the 32-card pack (seven to ace)"


def test_parse_hand_refuses_a_repeated_card():
    with pytest.raises(CardError) as caught:
        parse_hand("AS KS as", PACK_52)
    error = caught.value
    assert (error.position, error.token) == (3, "as")
    assert str(error) == "Card 3: 'as' (AS) is written twice in this hand"


def test_parse_hands_reads_every_hand():
    hands = parse_hands(["hkn dkn skn", "s6 s5 s4", ["dK", "cK", "h3"]], PACK_52)
    assert [[str(c) for c in h] for h in hands] == [
        ["JH", "JD", "JS"],
        ["6S", "5S", "4S"],
        ["KD", "KC", "3H"],
    ]


def test_parse_hands_names_the_hand_and_the_token():
    with pytest.raises(CardError) as caught:
        parse_hands(["AS KS QS", "2H 1S 2C"], PACK_52)
    error = caught.value
    assert (error.hand, error.position, error.token) == (2, 2, "1S")
    assert str(error).startswith("Hand 2, card 2: '1S' is not a card")
    assert error.detail.startswith("'1S' is not a card")


def test_parse_hands_refuses_a_card_in_two_hands():
    with pytest.raises(CardError) as caught:
        parse_hands(["AS KS QS", "2H 2D 2C", "JD qs 3C"], PACK_52)
    error = caught.value
    assert (error.hand, error.position, error.token) == (3, 2, "qs")
    assert str(error) == "Hand 3, card 2: 'qs' (QS) is also in hand 1"


def test_parse_hands_names_the_hand_of_a_wrong_size():
    with pytest.raises(CardError) as caught:
        parse_hands(["AS KS QS", "2H 2D"], PACK_52)
    assert caught.value.hand == 2
    assert str(caught.value) == "Hand 2: A hand is three cards; this one has 2 (2H 2D)"


def test_parse_hands_names_the_hand_of_a_card_not_in_the_pack():
    with pytest.raises(CardError) as caught:
        parse_hands(["AS KS QS", "7H 8H 6H"], PACK_32)
    assert (caught.value.hand, caught.value.position, caught.value.token) == (2, 3, "6H")


@pytest.mark.parametrize("count", [0, 1])
def test_parse_hands_needs_two_hands(count):
    with pytest.raises(CardError, match="at least two hands"):
        parse_hands(["AS KS QS"][:count], PACK_52)


def test_packs_at_most_twelve_hands_from_52_and_seven_from_32():
    deal = [" ".join(str(c) for c in CARDS[i : i + 3]) for i in range(0, 39, 3)]
    assert len(parse_hands(deal[:12], PACK_52)) == 12
    with pytest.raises(CardError) as caught:
        parse_hands(deal, PACK_52)
    assert caught.value.hand == 13 and "At most 12 hands" in str(caught.value)
    short = [" ".join(str(c) for c in PACK_32.cards[i : i + 3]) for i in range(0, 24, 3)]
    assert len(parse_hands(short[:7], PACK_32)) == 7
    with pytest.raises(CardError, match="At most 7 hands may be dealt from the 32-card pack"):
        parse_hands(short, PACK_32)
    assert len(parse_hands(deal, PACK_52, limit=17)) == 13


def test_one_exception_type_with_fields_for_a_form():
    error = CardError("boom", token="X", hand=2, position=3)
    assert (error.message, error.token, error.hand, error.position) == ("boom", "X", 2, 3)
    placed = CardError("'X' is not a card", token="X").located(4, 1)
    assert str(placed) == "Hand 4, card 1: 'X' is not a card"
    assert placed.detail == "'X' is not a card"


@given(st.lists(cards, min_size=3, max_size=3, unique=True))
def test_parse_hand_round_trips_its_codes(hand):
    assert list(parse_hand([str(c) for c in hand], PACK_52)) == hand


def test_every_pair_of_notations_agrees():
    for card in CARDS:
        spellings = {card.code, card.code.lower(), card.symbol, card.swedish_code}
        assert {parse_card(s) for s in spellings} == {card}


def test_no_english_rank_begins_with_a_suit_letter():
    firsts = {r.code[0] for r in Rank} | {"T"}
    assert not firsts & {"S", "H", "D", "C"}


# --------------------------------------------------------------------------- boards


def _where(errors):
    return [(e.hand, e.position, e.message) for e in errors]


def test_a_board_reports_every_problem_at_its_field_naming_the_card_and_its_hand():
    board = [["AS", "KS", "QS"], ["2H", "as", "ZZ"], ["7c", "7C", "2S"]]
    found = _where(board_errors(board, PACK_32, complete=False))
    assert found == [
        (2, 1, "Hand 2, card 1: 2H is not in the 32-card pack (seven to ace)"),
        (2, 2, "Hand 2, card 2: 'as' (AS) is also in hand 1"),
        (2, 3, f"Hand 2, card 3: {parse_error('ZZ')}"),
        (3, 2, "Hand 3, card 2: 7C is written twice in this hand"),
        (3, 3, "Hand 3, card 3: 2S is not in the 32-card pack (seven to ace)"),
    ]
    (error,) = board_errors([["AS", "KS", "QS"], ["2H", "AS", "3H"]], PACK_52, complete=True)
    assert (error.detail, error.token) == ("AS is also in hand 1", "AS")


def parse_error(token):
    with pytest.raises(CardError) as caught:
        parse_card(token)
    return caught.value.detail


def test_an_empty_field_waits_for_a_card_until_the_board_is_judged():
    board = [["AS", "", "QS"], ["", "", ""]]
    assert board_errors(board, PACK_52, complete=False) == []
    judged = _where(board_errors(board, PACK_52, complete=True))
    assert [(h, p) for h, p, _ in judged] == [(1, 2), (2, 1), (2, 2), (2, 3)]
    assert all("an empty field is not a card" in m for _, _, m in judged)


def test_a_board_counts_hands_and_the_cards_of_each():
    thirteen = [[str(c) for c in CARDS[i : i + 3]] for i in range(0, 39, 3)]
    (count,) = board_errors(thirteen, PACK_52, complete=False)
    assert (count.hand, count.position) == (13, None)
    assert count.message == "At most 12 hands may be dealt from the 52-card pack; there are 13"
    assert board_errors(thirteen, PACK_52, 17, complete=True) == []
    four = _where(board_errors([["AS", "KS", "QS", "JS"], ["2H"]], PACK_52, complete=False))
    assert four == [(1, None, "Hand 1: A hand is three cards; this one has 4 (AS KS QS JS)")]
    two = _where(board_errors([["AS", "KS", "QS"], ["2H", "3H"]], PACK_52, complete=True))
    assert two == [(2, None, "Hand 2: A hand is three cards; this one has 2 (2H 3H)")]
    alone = _where(board_errors([["AS", "KS", "QS"]], PACK_52, complete=True))
    assert alone == [(None, None, "A showdown needs at least two hands; there is one")]
    assert board_errors([["AS", "KS", "QS"]], PACK_52, complete=False) == []


_tokens = st.one_of(
    st.sampled_from(CARDS).map(str),
    st.sampled_from(CARDS).map(lambda c: c.swedish_code),
    st.sampled_from(["", " ", "ZZ", "1S", "10h", "as"]),
)
_boards = st.lists(st.lists(_tokens, min_size=1, max_size=4), min_size=1, max_size=14)


@given(_boards, st.sampled_from([PACK_52, PACK_32]))
def test_a_complete_board_agrees_with_parse_hands(board, pack):
    errors = board_errors(board, pack, complete=True)
    try:
        parse_hands(board, pack)
    except CardError as error:
        assert errors, error
        if all(token.strip() for hand in board for token in hand):
            assert (error.hand, error.position, error.message) in _where(errors)
    else:
        assert errors == []


@given(_boards, st.sampled_from([PACK_52, PACK_32]))
def test_a_board_being_filled_in_reports_the_complete_boards_errors_less_the_missing(board, pack):
    partial = _where(board_errors(board, pack, complete=False))
    whole = _where(board_errors(board, pack, complete=True))
    assert all(found in whole for found in partial)
    left_out = [found for found in whole if found not in partial]
    missing = ("an empty field is not a card", "this one has", "at least two hands")
    assert all(any(words in message for words in missing) for _, _, message in left_out)
