"""The readers of a request's values (games.engine.requests): what a form's strings and the
API's JSON may say, read alike, and every refusal naming what it refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import CARDS
from games.engine.requests import (
    FALSE_WORDS,
    TRUE_WORDS,
    RequestError,
    flag,
    read_amount_in,
    read_card,
    read_cards,
    read_codes,
    read_flag,
    read_index,
    read_whole,
    unknown_key,
)


def refuse(detail, *, item=None, token=None, **values):
    return RequestError.about("field", detail, item=item, token=token, **values)


def refused(read, *args, **kwargs) -> RequestError:
    with pytest.raises(RequestError) as caught:
        read(*args, refuse, **kwargs)
    assert caught.value.field == "field"
    assert str(caught.value).startswith("field: ")
    return caught.value


@pytest.mark.parametrize("word", sorted(TRUE_WORDS | FALSE_WORDS))
def test_a_flag_s_words_in_any_case_and_spacing_read_as_the_boolean(word) -> None:
    expected = word in TRUE_WORDS
    for typed in (word, word.upper(), f"  {word.title()} "):
        assert read_flag(typed, refuse) is expected
    assert read_flag(expected, refuse) is expected


def test_a_form_s_empty_box_is_no_but_not_every_falsy_value() -> None:
    assert read_flag("", refuse) is False
    assert read_flag("   ", refuse) is False
    for value in (None, 0, 1, [], "maybe", "y", "truee", "x" * 100):
        assert "true or false" in str(refused(read_flag, value))


@given(st.integers(min_value=0, max_value=999_999))
def test_a_whole_number_reads_alike_from_json_and_from_a_form(n) -> None:
    for typed in (n, str(n), f" {n} ", f"+{n}"):
        assert read_whole(typed, refuse) == n


@pytest.mark.parametrize("value", [True, 1.0, "1.0", "-1", "one", "١", "²", "1234567", None, [1]])
def test_a_whole_number_is_ascii_digits_only(value) -> None:
    assert "whole number" in str(refused(read_whole, value))


@given(st.integers(min_value=-5, max_value=20), st.integers(min_value=1, max_value=17))
def test_an_index_is_a_player_from_0(index, count) -> None:
    if 0 <= index < count:
        assert read_index(str(index), count, refuse) == index
    else:
        error = refused(read_index, index, count)
        assert f"from 0 to {count - 1}, not {index}" in str(error)


def test_an_amount_is_refused_with_the_amounts_words() -> None:
    assert read_amount_in(" 2 1/2 ", refuse) == read_amount_in("2.5", refuse)
    error = refused(read_amount_in, "lots", words="stake ")
    assert str(error).startswith("field: stake write an amount") and "'lots'" in str(error)
    assert "more than 0" in str(refused(read_amount_in, 0))


@given(st.lists(st.sampled_from([str(card) for card in CARDS]), max_size=12), st.data())
def test_a_list_of_cards_reads_alike_as_a_list_and_as_one_text(codes, data) -> None:
    separator = data.draw(st.sampled_from([" ", ", ", ",", ";  "]))
    as_text = read_cards(separator.join(codes), refuse, most=12)
    assert (
        as_text == read_cards(codes, refuse, most=12) == [(c, read_card(c, refuse)) for c in codes]
    )


def test_a_bad_card_is_named_with_its_place_and_as_typed() -> None:
    error = refused(read_cards, ["AS", "zz"], most=12)
    assert (error.item, error.token) == (1, "zz") and "'zz' is not a card" in str(error)
    error = refused(read_cards, ["AS", 7], most=12)
    assert (error.item, error.token) == (1, None) and "not 7" in str(error)
    error = refused(read_card, "X" * 100)
    assert error.token == "X" * 12 and "is not a card" in str(error)


def test_a_list_of_cards_too_long_or_of_the_wrong_kind() -> None:
    assert "list of cards" in str(refused(read_codes, 98, most=12))
    assert "list of cards" in str(refused(read_codes, {"AS": 1}, most=12))
    assert "at most 12" in str(refused(read_codes, ["2C"] * 13, most=12))
    assert "at most 12" in str(refused(read_codes, "2C " * 13, most=12))
    assert "too long" in str(refused(read_codes, "2C " * 200, most=12))


def test_an_unknown_key_is_named_cut_to_forty_characters() -> None:
    assert unknown_key({"cards": 1, "stake": 2}, ("cards", "stake")) is None
    assert unknown_key({"cards": 1, 3: 2}, ("cards",)) == "3"
    assert unknown_key({"\ud800" * 60: 1}, ("cards",)) == "\ud800" * 40


def test_a_refusal_quotes_a_value_with_braces_as_typed() -> None:
    error = refused(read_flag, "{x}")
    assert str(error) == "field: must be true or false, not '{x}'"


def test_a_house_rule_s_yes_and_no_are_the_request_s_words() -> None:
    from games.engine.games import get

    extended = get("peel-new").option("extended")
    for word in TRUE_WORDS:
        assert extended.read(word.upper()) == "true"
    for word in FALSE_WORDS:
        assert extended.read(f" {word} ") == "false"
    assert flag("") is False and "" not in FALSE_WORDS  # a form's empty box; not an option
