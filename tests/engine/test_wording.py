"""The engine's words for players and hands: numbered from 1, and names put in their place.

A page puts names in with :func:`games.engine.wording.fill` (through ``Reason.render`` and an
error's ``render``), from the players and hands a text mentions as data. The engine still
numbers people the one way the deprecated :func:`games.engine.wording.name_players` reads
back: from 1, "player 2", "players 1 and 3", "Hand 2 (...)", "hands 1 (...) and 3 (...)".
"""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import cox
from games.engine.cards import parse_hands
from games.engine.commerce import PeelRules, SwedishRules, showdown
from games.engine.compare import judge_everywhere
from games.engine.pool import PoolGame, apply_deal, buy_horse
from games.engine.settlement import SettlementError
from games.engine.wording import (
    EngineError,
    English,
    Mention,
    fill,
    join,
    name_players,
    numbered,
    said,
    split_prefix,
)
from tests.deals import settle_deal

NAMES = ["Ann", "Bob", "Cy", "Di"]


# --------------------------------------------------------------------------- numbered


def test_numbered_counts_from_one_and_lists_as_a_sentence_does():
    assert numbered("player", [2]) == "player 3"
    assert numbered("player", [0, 2]) == "players 1 and 3"
    assert numbered("hand", [0, 1, 3], ["a", "b (c)", "d"]) == "hands 1 (a), 2 (b (c)) and 4 (d)"
    with pytest.raises(ValueError, match="one detail for each index"):
        numbered("hand", [0, 1], ["a"])


def test_join():
    assert join(["a", "b", "c", "d"]) == "a, b, c and d"


# --------------------------------------------------------------------------- name_players


def test_names_replace_players_and_hands_and_keep_every_detail():
    text = (
        "Hands 1 (point 21 (nine, eight, four)), 2 (x) and 4 (y) tie; hand 3 (z) is last; "
        "player 2's pair; players 1 and 3 hold exactly equal best hands."
    )
    assert name_players(text, NAMES) == (
        "Ann (point 21 (nine, eight, four)), Bob (x) and Di (y) tie; Cy (z) is last; "
        "Bob's pair; Ann and Cy hold exactly equal best hands."
    )


def test_nested_descriptions_are_kept_whole():
    text = "Hands 1 (point 21 (nine, eight, four)) and 2 (x) tie for first place."
    assert name_players(text, ["Ann", "Bob"]) == (
        "Ann (point 21 (nine, eight, four)) and Bob (x) tie for first place."
    )
    assert name_players("Hand 2 is the dealer", ["Ann", "Cy"]) == "Cy is the dealer"


def test_a_name_starting_a_sentence_gets_a_capital_and_others_are_kept_as_written():
    assert name_players("Hand 1 beats hand 2", ["de la Cruz", "van Dam"]) == (
        "De la Cruz beats van Dam"
    )


def test_indices_and_numbers_that_name_nobody_are_left_alone():
    for text in (
        "dealer: must be a player index from 0 to 2, not 3",
        "dealer: players are numbered 0 to 1, not 5",
        "player 0 is not a player",
        "players 1 and 5 hold",
        "hand 12th",
        "the hand holds 2 of bank (the bank card) but the pack has only 1",
        "At most 12 hands may be dealt",
    ):
        assert name_players(text, NAMES) == text


def test_names_that_look_like_numbers_are_not_read_again():
    assert name_players("players 1 and 2 tie", ["Player 2", "Player 1"]) == (
        "Player 2 and Player 1 tie"
    )


indices = st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True)
details = st.text(alphabet=st.sampled_from("abc ,-'()0123456789"), min_size=0, max_size=20).filter(
    lambda d: _balanced(d)
)
names = st.lists(
    # A blank name is no name: the formatter keeps the number there (tested below), which the
    # legacy reader, used as the oracle, does not know.
    st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]),
        min_size=1,
        max_size=12,
    ).filter(str.strip),
    min_size=4,
    max_size=4,
)


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


@given(indices, names, st.sampled_from(["player", "hand"]), st.data())
def test_name_players_undoes_numbered(chosen, people, noun, data):
    """Whatever the engine numbers, a page reads as names, details kept in order."""
    with_details = data.draw(st.booleans())
    notes = [data.draw(details) for _ in chosen] if with_details else None
    text = f"so {numbered(noun, chosen, notes)} win."
    expected = [people[i] + (f" ({notes[k]})" if notes else "") for k, i in enumerate(chosen)]
    assert name_players(text, people) == f"so {join(expected)} win."


@given(st.text(alphabet=st.sampled_from("abdefgijkmoqtuvwxyz ,.()0123456789:"), max_size=60))
def test_text_without_players_or_hands_is_untouched(text):
    assert name_players(text, NAMES) == text


# --------------------------------------------------------------------------- the engine's texts


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\b(?:[Pp]layers?|[Hh]ands?) (\d+)", text)]


def test_showdown_reasons_number_hands_from_one_and_read_with_names():
    rules = SwedishRules()
    hands = parse_hands(["2C 5D 9H", "s6 s5 s4", "h6 h5 h4"], rules.pack)
    result = showdown(hands, rules, dealer=2)
    texts = [r.text for r in result.reasons]
    assert texts[0].startswith("Hands 2 (sekvens") and "and 3 (sekvens" in texts[0]
    assert "Hand 3 is the dealer" in texts[1]
    named = [name_players(t, NAMES[:3]) for t in texts]
    assert named[0].startswith("Bob (sekvens") and "Cy is the dealer" in named[1]


def test_settlement_reasons_number_players_from_one():
    deal = settle_deal("english-new", ["9S 9H KC", "2C 3D 5H", "9D 9C KD"], 1, dealer=1, stood=1)
    assert deal.settlement.winners == (0, 2)
    assert deal.settlement.reasons[0].text.startswith("players 1 and 3 hold exactly equal")
    single = settle_deal("english-old", ["2C 3D 5H", "AS KS QS"], 1)
    assert single.settlement.reasons[0].text.startswith("player 2 holds the best hand")


def test_cox_game_reasons_number_players_from_one():
    totals = cox.game_totals([[1, 5, 5]])
    assert totals.winners == [1, 2]
    assert totals.reasons[0].text == "the highest total (5) wins: players 2 and 3"
    assert name_players(totals.reasons[0].text, NAMES[:3]).endswith("wins: Bob and Cy")


def test_comparison_reasons_number_hands_from_one():
    hands = parse_hands(["9S 9D KC", "5H 3H 7C"], PeelRules().pack)
    texts = [d.reason.text for d in judge_everywhere(hands).disagreements]
    assert texts[0].startswith("Hand 1: a pair")
    assert "hand 2 wins" in texts[-1] and "Hands 1 and 2: to " in texts[-1]
    assert sorted({n for t in texts for n in _numbers(t)}) == [1, 2]


def test_errors_about_a_player_number_him_from_one_and_indices_stay_indices():
    game = PoolGame(3, 3, 1, 1)
    for _ in range(3):
        game = apply_deal(game, winners=0, worst=1)
    with pytest.raises(SettlementError) as out:
        apply_deal(game, winners=1, worst=2)
    assert name_players(str(out.value), NAMES) == (
        "winners: Bob is out of the game and holds no hand"
    )
    with pytest.raises(SettlementError) as horse:
        buy_horse(game, 2)
    assert str(horse.value).startswith("player: player 3 may not buy a horse")
    with pytest.raises(SettlementError) as index:
        apply_deal(game, winners=5, worst=2)
    assert str(index.value) == "winners: must be a player index from 0 to 2, not 5"
    assert name_players(str(index.value), NAMES) == str(index.value)


# --------------------------------------------------------------------------- mentions


def test_a_mention_is_numbered_from_one_or_named():
    pair = Mention("hand", (1,), ("pair of nines, king third",))
    assert pair.words() == "hand 2 (pair of nines, king third)"
    both = Mention("hand", (0, 3), ("a", "b"), capital=True)
    assert both.words() == "Hands 1 (a) and 4 (b)"
    assert both.words(["Ann", "Bo", "Cy", "Di"]) == "Ann (a) and Di (b)"
    assert Mention("player", (0, 2)).words(["Ann", "Bo", "Cy"]) == "Ann and Cy"


def test_a_mixed_list_numbers_each_one_unnamed_with_its_noun():
    mixed = Mention("player", (0, 2, 3))
    assert mixed.words(["Ann", "Bo"]) == "Ann, player 3 and player 4"
    assert mixed.words(["", "Bo", " ", "Di"]) == "player 1, player 3 and Di"
    assert Mention("hand", (2,), capital=True).words(["Ann"]) == "Hand 3"


def test_a_mention_needs_its_indices_and_one_detail_each():
    with pytest.raises(ValueError, match="at least one index"):
        Mention("player", ())
    with pytest.raises(ValueError, match="one detail for each index"):
        Mention("hand", (0, 1), ("a",))
    assert hash(Mention.of("hand", [0, 1], ["a", "b"])) == hash(Mention("hand", (0, 1), ("a", "b")))


def test_fill_capitalises_a_mention_that_starts_a_sentence_only():
    who = {"a": Mention("player", (0,)), "b": Mention("player", (1,))}
    assert fill("{a} and {b}. {b} pays {a}! {a}? {b}", who, ["ann", "bo"]) == (
        "ann and bo. Bo pays ann! Ann? Bo"
    )
    assert fill("{a}'s pair: {{not a field}}", who) == "player 1's pair: {not a field}"


@given(indices, names, st.sampled_from(["player", "hand"]), st.data())
def test_mention_words_read_back_by_the_legacy_reader(chosen, people, noun, data):
    """The one formatter of names and the deprecated reader of the words agree."""
    with_details = data.draw(st.booleans())
    notes = tuple(data.draw(details) for _ in chosen) if with_details else None
    said = Mention(noun, tuple(chosen), notes)
    template = "so {who} win."
    assert fill(template, {"who": said}, people) == name_players(
        fill(template, {"who": said}), people
    )


def test_a_blank_name_keeps_the_player_s_number():
    said = Mention("player", (0, 2))
    assert fill("so {who} win.", {"who": said}, ["Ann", "Bo", " "]) == "so Ann and player 3 win."


def test_an_engine_error_is_data_and_its_words_name_players():
    error = EngineError(
        "outcomes: player 1's pair cannot beat player 3's flush",
        field="outcomes",
        template="{better}'s pair cannot beat {worse}'s flush",
        who={"better": Mention("player", (0,)), "worse": Mention("player", (2,))},
    )
    assert (error.field, error.item) == ("outcomes", None)
    assert error.detail == "player 1's pair cannot beat player 3's flush"
    assert error.render(["Ann", "Bo", "Cy"]) == "Ann's pair cannot beat Cy's flush"
    assert error.render() == error.detail
    assert split_prefix(str(error)) == ("outcomes", None, error.detail)


# --------------------------------------------------------------------------- words kept once


class _Shouting(English):
    """A speaker that says it writes the same words each time (``memo_key``)."""

    memo_key = "shouting"

    def text(self, template: str) -> str:
        return template + "!"


class _Whispering(English):
    """A speaker that keeps nothing (no ``memo_key``), though a subclass of English."""

    def text(self, template: str) -> str:
        return template.lower()


def test_words_kept_once_are_kept_for_their_own_speaker_only():
    value = said("Pair of {ranks} and {third}", ranks=said("nines"), third=said("a king"))
    assert value.words() == "Pair of nines and a king"
    assert value.words(speak=_Shouting()) == "Pair of nines! and a king!!"
    assert value.words(speak=_Whispering()) == "pair of nines and a king"
    assert value.words() == "Pair of nines and a king"  # the English kept, not another's
    assert value.words(speak=_Shouting()) == "Pair of nines! and a king!!"
    assert value.words(["Ann"], _Whispering()) == "pair of nines and a king"


def test_names_are_written_each_time_in_words_that_speak_of_players():
    inner = said("{who} holds {what}", who=Mention("player", (1,)), what=said("a pair"))
    outer = said("so {inner}", inner=inner)
    assert outer.words() == "so player 2 holds a pair"
    assert outer.words(["Ann", "Bo"]) == "so Bo holds a pair"
    assert outer.words(["Ann", "Cy"]) == "so Cy holds a pair"
    assert outer.words() == "so player 2 holds a pair"


def test_a_mention_kept_once_still_takes_a_capital_after_a_sentence():
    who = {"a": Mention("player", (0,)), "b": Mention("hand", (1,), (said("a pair"),))}
    assert (
        fill("{a} wins. {a} deals; {b} pays.", who)
        == "player 1 wins. Player 1 deals; hand 2 (a pair) pays."
    )
    assert fill("{b}. {b}", who) == "hand 2 (a pair). Hand 2 (a pair)"
    assert fill("{a}", who, speak=_Shouting()) == "player 1!"
    assert fill("{a}. {a}", who, ["ann"], _Whispering()) == "ann. Ann"


def test_a_template_ending_a_sentence_by_a_value_capitalises_the_mention_after_it():
    who = {"s": said("It is over."), "a": Mention("player", (0,)), "n": 3}
    assert fill("{s} {a} pays {n}.", who) == "It is over. Player 1 pays 3."
    assert fill("{s}{a}", who) == "It is over.Player 1"
    assert fill("{n}. {a}", who) == "3. Player 1"
