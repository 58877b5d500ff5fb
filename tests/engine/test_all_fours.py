"""All Fours (Squareman, 1916): one test per rule of the text and per ruling, the refusals of
every field, properties on whole 52-card deals, and an independent reading compared with the
engine over every deal of a small pack.

The game is not registered yet (the API, table and sheet helper registers it): the tests
make :class:`AllFours` directly.
"""

from __future__ import annotations

import copy
import itertools
import re
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.all_fours import (
    FIELDS,
    POINT_NAMES,
    RESULT_EXAMPLE,
    AllFours,
    DealError,
    hand_sizes,
    random_request,
    read_deal,
    score_deal,
)
from games.engine.cards import CARDS, Suit, parse_card
from games.engine.citations import RULINGS, SQUAREMAN
from games.engine.games import OptionError, applying, get, house_rule, register, unregister
from games.engine.wording import EngineError
from tests.engine.schema_check import conforms

GAME = AllFours()
BOOK = Path(__file__).resolve().parents[2] / "content" / "rulebooks" / f"{SQUAREMAN}.md"
ANCHORS = set(re.findall(r"\{: #([a-z0-9-]+) \}", BOOK.read_text(encoding="utf-8")))


# --------------------------------------------------------------------------- the reference
# An independent reading of the text, written apart from the engine: cards are plain strings,
# ranks ordered by one string, nothing imported from games.engine.

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]  # begging
COUNTS = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}  # all-fours-points


def reference(hands, tricks, trump, dealer, equal="non-dealer", gift=False):
    """High, Low, Jack, Game (sides, None for nobody), the counts and each side's score."""
    players = len(hands)

    def side(p):
        return p % 2

    dealt = [(c, p) for p, hand in enumerate(hands) for c in hand]
    trumps = [(ORDER.index(c[:-1]), p) for c, p in dealt if c[-1] == trump]
    high = side(max(trumps)[1]) if trumps else None
    low = side(min(trumps)[1]) if trumps else None
    jack = None
    for p, took in enumerate(tricks):
        if "J" + trump in took:
            jack = side(p)
    counts = [0, 0]
    for p, took in enumerate(tricks):
        for c in took:
            counts[side(p)] += COUNTS.get(c[:-1], 0)
    if counts[0] > counts[1]:
        game = 0
    elif counts[1] > counts[0]:
        game = 1
    elif counts[0] == 0 or equal == "nobody":
        game = None
    else:
        game = 1 - side(dealer)
    gift_side = side((dealer + 1) % players) if gift else None
    score = [0, 0]
    for s in (high, low, jack, game, gift_side):
        if s is not None:
            score[s] += 1
    return {"high": high, "low": low, "jack": jack, "game": game}, counts, score


def cards(text):
    return [parse_card(c) for c in text.split()]


def deal(hands, tricks, trump="S", dealer=0, **more):
    """A request with hands and tricks written as texts."""
    return {
        "players": len(hands),
        "dealer": dealer,
        "trump": trump,
        "hands": list(hands),
        "tricks": list(tricks),
        **more,
    }


# Two players, six cards each (spades trumps unless said): a deal whose every point is known.
# Player 1: AS 2S KH QH 3D 4C; player 2: JS 10S 10H 5D 6C 7C.
HANDS2 = ["AS 2S KH QH 3D 4C", "JS 10S 10H 5D 6C 7C"]


def answer(request, **options):
    return GAME.answer(request, GAME.configure(options))


# --------------------------------------------------------------------------- the rules


def test_all_fours_intro_two_or_four_players_and_no_other_number() -> None:
    assert GAME.sides(2) == ((0,), (1,))
    assert GAME.sides(4) == ((0, 2), (1, 3))
    assert GAME.allowed_players == (2, 4)
    request = deal(HANDS2, ["AS JS KH 10H 2S 10S QH 5D 3D 6C 4C 7C", ""])
    for players in (1, 3, 5, "3", 0):
        with pytest.raises(DealError) as caught:
            GAME.answer({**request, "players": players})
        assert caught.value.field == "players"
        assert "two or four" in str(caught.value)


def test_all_fours_points_high_goes_to_the_holder_of_the_highest_trump_out() -> None:
    # The king is the highest trump out when the ace was not dealt: its holder scores High.
    hands = ["KS 2S KH QH 3D 4C", "JS 10S 10H 5D 6C 7C"]
    tricks = ["KS JS KH 10H", "2S 10S QH 5D 3D 6C 4C 7C"]
    body = GAME.answer(deal(hands, tricks)).body
    assert body["points"]["high"] == 0 and body["cards"]["high"] == {"card": "KS", "player": 0}
    # The same cards with player 2 holding the king: High moves with the holder.
    swapped = ["JS 2S KH QH 3D 4C", "KS 10S 10H 5D 6C 7C"]
    tricks = ["KH 10H", "KS JS 2S 10S QH 5D 3D 6C 4C 7C"]
    assert GAME.answer(deal(swapped, tricks)).body["points"]["high"] == 1


def test_all_fours_points_low_goes_to_its_original_holder_even_if_taken() -> None:
    # Player 1 holds the deuce of spades; player 2 takes it (with the knave): Low stays with 1.
    tricks = ["AS 10S KH 10H QH 5D", "2S JS 3D 6C 4C 7C"]
    body = GAME.answer(deal(HANDS2, tricks)).body
    assert body["points"]["low"] == 0
    assert body["cards"]["low"] == {"card": "2S", "player": 0}
    low = [r for r in GAME.answer(deal(HANDS2, tricks)).reasons if r.text.startswith("Low")]
    assert "though player 2 took it" in low[0].text


def test_all_fours_points_jack_to_the_holder_unless_his_adversary_wins_it() -> None:
    # Player 2 holds the knave of spades and keeps it: Jack to player 2.
    kept = GAME.answer(deal(HANDS2, ["AS 10S", "2S JS KH 10H QH 5D 3D 6C 4C 7C"])).body
    assert kept["points"]["jack"] == 1
    # Player 1 wins it with the ace: Jack to player 1, the winner.
    won = GAME.answer(deal(HANDS2, ["AS JS", "2S 10S KH 10H QH 5D 3D 6C 4C 7C"])).body
    assert won["points"]["jack"] == 0
    assert won["cards"]["jack"] == {"card": "JS", "held_by": 1, "taken_by": 0}


def test_all_fours_points_jack_taken_by_a_partner_stays_with_the_side() -> None:
    request = GAME.example()
    # Player 3 (index 2) holds the knave of hearts; give its trick to his partner, player 1.
    request["tricks"] = [
        ["10S", "KS", "3S", "QS", "2H", "9H", "JH", "AH"],
        ["6C", "QC", "9C", "KC", "5C", "8S", "4S", "4D"],
        ["JD", "10D", "AD", "9D"],
        ["5H", "7S", "2D", "3C"],
    ]
    result = GAME.answer(request)
    assert result.body["points"]["jack"] == 0
    assert any("his partner player 1 took it" in r.text for r in result.reasons)


def test_all_fours_points_jack_is_nobodys_when_not_dealt() -> None:
    hands = ["AS 2S KH QH 3D 4C", "9S 10S 10H 5D 6C 7C"]
    body = GAME.answer(deal(hands, ["AS 9S KH 10H", "2S 10S QH 5D 3D 6C 4C 7C"])).body
    assert body["points"]["jack"] is None and body["cards"]["jack"] is None


def test_all_fours_points_game_counts_ace_4_king_3_queen_2_knave_1_ten_10() -> None:
    # Player 1 takes every card: 4 (AS) + 1 (JS) + 10 (10S) + 3 (KH) + 10 (10H) + 2 (QH) = 30.
    body = GAME.answer(deal(HANDS2, [" ".join(HANDS2), ""])).body
    assert body["game_counts"] == [30, 0]
    assert body["points"]["game"] == 0
    # Player 2 takes only the two tens (20), player 1 the rest (4 + 1 + 3 + 2 = 10).
    tricks = ["AS JS KH 5D QH 6C 2S 7C 3D 4C", "10S 10H"]
    with pytest.raises(DealError):  # one card from each hand per trick: 10S and 10H are both 2's
        GAME.answer(deal(HANDS2, tricks))
    tricks = ["AS JS KH 5D QH 6C 2S 7C", "3D 10S 4C 10H"]
    body = GAME.answer(deal(HANDS2, tricks)).body
    assert body["game_counts"] == [10, 20] and body["points"]["game"] == 1


def test_all_fours_game_count_other_cards_count_nothing_and_nobody_may_score_game() -> None:
    hands = ["2S 3S 4H 5H 6D 7C", "8S 9S 2H 3H 4D 5C"]
    body = GAME.answer(deal(hands, [" ".join(hands), ""])).body
    assert body["game_counts"] == [0, 0]
    assert body["points"]["game"] is None
    # Under either reading of "the dealer does not score": nobody has anything to score.
    assert (
        answer(deal(hands, [" ".join(hands), ""]), equal_game="nobody").body["points"]["game"]
        is None
    )


def test_all_fours_equal_the_dealer_does_not_score_game() -> None:
    # Equal counts, 10 each: player 1 takes 10S with 2S, player 2 takes 10H with 3D.
    hands = ["10S 2S 4H 5H 6D 7C", "8S 9S 10H 3D 4D 5C"]
    tricks = ["10S 8S 2S 9S 4H 3D 5H 4D 6D 5C", "7C 10H"]
    for dealer in (0, 1):
        request = deal(hands, tricks, dealer=dealer)
        result = GAME.answer(request)
        assert result.body["game_counts"] == [10, 10]
        assert result.body["points"]["game"] == 1 - dealer  # the non-dealer (default)
        assert any(RULINGS["all-fours-equal-game"] in r.applied for r in result.reasons)
        assert answer(request, equal_game="nobody").body["points"]["game"] is None


def test_all_fours_equal_at_four_the_dealers_side_does_not_score() -> None:
    request = GAME.example()
    # Make the counts equal: move the ten of spades' trick (15) ... instead build counts 15/15.
    request["tricks"] = [
        ["10S", "KS", "3S", "QS"],  # side 0: 15
        ["JD", "10D", "AD", "9D", "6C", "QC", "9C", "KC"],  # side 1: 15 + 5
        ["5C", "8S", "4S", "4D"],  # side 0: 0
        ["2H", "9H", "JH", "AH", "5H", "7S", "2D", "3C"],  # side 1: 5
    ]
    result = GAME.answer(request)
    assert result.body["game_counts"] == [15, 25]
    request["tricks"][0], request["tricks"][1] = (
        ["10S", "KS", "3S", "QS", "6C", "QC", "9C", "KC"],  # 20
        ["JD", "10D", "AD", "9D"],  # 15
    )
    request["tricks"][3] = ["2H", "9H", "JH", "AH", "5H", "7S", "2D", "3C"]  # 5
    for dealer in range(4):
        body = GAME.answer({**request, "dealer": dealer}).body
        assert body["game_counts"] == [20, 20]
        assert body["points"]["game"] == 1 - dealer % 2


def test_begging_take_one_scores_one_for_the_beggars_side() -> None:
    tricks = ["AS JS KH 10H 2S 10S QH 5D 3D 6C 4C 7C", ""]
    plain = GAME.answer(deal(HANDS2, tricks, dealer=0)).body
    given_ = GAME.answer(deal(HANDS2, tricks, dealer=0, begged=True, gift=True)).body
    # The beggar is the player next the dealer: player 2 when player 1 deals.
    assert given_["gift"] == 1 and plain["gift"] is None
    assert given_["score"] == [plain["score"][0], plain["score"][1] + 1]
    # At four, the beggar's partner scores it too.
    four = GAME.answer(GAME.example() | {"dealer": 0, "begged": True, "gift": True})
    assert four.body["gift"] == 1
    assert four.scores[1] == four.scores[3] == four.body["score"][1]


def test_begging_the_dealer_runs_the_cards_three_more_each() -> None:
    request = random_request(4, runnings=1, seed=3)
    assert len(request["hands"][0]) == 9 and request["begged"] and not request["gift"]
    result = GAME.answer(request)
    assert any("ran the cards once" in r.text for r in result.reasons)
    assert hand_sizes(4) == (6, 9, 12) and hand_sizes(2) == (6, 9, 12, 15, 18, 21)
    for players, sizes in ((2, hand_sizes(2)), (4, hand_sizes(4))):
        largest = sizes[-1]
        turn_ups = len(sizes)
        assert players * largest + turn_ups <= 52 < players * (largest + 3) + turn_ups + 1


def test_begging_ace_high_and_deuce_low() -> None:
    # The ace of spades beats the knave and ten for High; the deuce is below everything for Low.
    body = GAME.answer(deal(HANDS2, ["AS JS KH 10H 2S 10S QH 5D 3D 6C 4C 7C", ""])).body
    assert body["cards"]["high"]["card"] == "AS" and body["cards"]["low"]["card"] == "2S"
    # Hearts trumps: the king is High over the queen and ten, the ten is Low.
    hearts = GAME.answer(deal(HANDS2, ["AS JS KH 10H 2S 10S QH 5D 3D 6C 4C 7C", ""], "H")).body
    assert hearts["cards"]["high"] == {"card": "KH", "player": 0}
    assert hearts["cards"]["low"] == {"card": "10H", "player": 1}


def test_ruling_one_trump_is_high_and_low_and_no_trump_scores_nothing() -> None:
    hands = ["AS 2S KH QH 3D 4C", "JS 10S 10H 5D 6C 7C"]
    one = GAME.answer(deal(hands, [" ".join(hands), ""], "C"))  # no clubs for player 1? 4C
    assert one.body["cards"]["high"] == {"card": "7C", "player": 1}
    assert one.body["cards"]["low"] == {"card": "4C", "player": 0}
    single = ["AS 2S KH QH 3D 4D", "JS 10S 10H 5D 6C 7H"]
    only = GAME.answer(deal(single, [" ".join(single), ""], "C"))
    assert only.body["points"]["high"] == only.body["points"]["low"] == 1
    none = ["AS 2S KH QH 3D 4D", "JS 10S 10H 5D 6H 7H"]
    result = GAME.answer(deal(none, [" ".join(none), ""], "C"))
    assert result.body["points"] == {"high": None, "low": None, "jack": None, "game": 0}
    assert any(RULINGS["all-fours-one-trump"] in r.applied for r in result.reasons)


def test_every_reason_cites_a_paragraph_of_the_book_and_its_rulings_are_the_games() -> None:
    for seed in range(20):
        request = random_request(2 + 2 * (seed % 2), runnings=seed % 3, seed=seed)
        for reason in GAME.answer(request).reasons:
            assert reason.citations
            for citation in reason.citations:
                assert citation.book == SQUAREMAN and citation.anchor in ANCHORS
            assert set(reason.applied) <= set(GAME.rulings)
    for made in GAME.rulings:
        assert made.citations and all(c.anchor in ANCHORS for c in made.citations)
    for option in GAME.options:
        assert option.ruling in GAME.rulings


# --------------------------------------------------------------------------- the game


def test_ruling_target_seven_by_default_and_the_options() -> None:
    config = GAME.configure()
    assert config["target"] == "7"
    totals = [F(7), F(6)]
    assert GAME._won_with(totals, config) == (0,)
    assert GAME._won_with(totals, GAME.configure({"target": "10"})) == ()
    assert GAME._won_with([F(11), F(10)] * 2, GAME.configure({"target": 11})) == (0, 2)
    assert GAME._won_with([F(99), F(0)], GAME.configure({"target": "none"})) == ()
    with pytest.raises(OptionError):
        GAME.configure({"target": "8"})
    with pytest.raises(OptionError):
        GAME.configure({"equal_game": "dealer"})


def test_ruling_both_out_counts_gift_high_low_jack_game_in_order() -> None:
    config = GAME.configure()
    tricks = ["AS JS KH 10H 2S 10S QH 5D 3D 6C 4C 7C", ""]  # player 1 scores all four
    result = GAME.answer(deal(HANDS2, tricks, dealer=0, begged=True, gift=True))
    assert result.body["score"] == [4, 1]
    # At 6 to 6, the gift counts first: player 2 reaches seven before player 1's High.
    assert GAME.winners([F(6), F(6)], result, config) == (1,)
    # From totals alone the higher side would win; under "higher" it does.
    assert GAME._won_with([F(10), F(7)], config) == (0,)
    higher = GAME.configure({"both_out": "higher"})
    assert GAME.winners([F(6), F(6)], result, higher) == (0,)
    # Equal totals past the target under "higher": another deal.
    assert GAME._won_with([F(8), F(8)], higher) == ()
    # Nobody reaches it: the game goes on.
    assert GAME.winners([F(0), F(0)], result, config) == ()


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 2000))
def test_the_deal_s_count_agrees_with_the_totals_when_only_one_side_can_reach_the_target(
    a, b, seed
):
    result = GAME.answer(random_request(2, seed=seed, gift=seed % 2 == 1))
    before = [F(a), F(b)]
    after = [x + y for x, y in zip(before, result.scores, strict=True)]
    config = GAME.configure()
    out = GAME.winners(before, result, config)
    reached = [s for s in (0, 1) if after[s] >= 7]
    if len(reached) == 1 and max(before) < 7:
        assert out == (reached[0],)
    if not reached:
        assert out == ()
    if len(reached) == 2 and max(before) < 7:
        assert len(out) == 1  # decided by the order, never left open


def test_next_dealer_is_on_the_dealers_left() -> None:
    config = GAME.configure()
    assert [GAME.next_dealer(d, 4, config) for d in range(4)] == [1, 2, 3, 0]
    assert GAME.answer(deal(HANDS2, [" ".join(HANDS2), ""], dealer=1)).next_dealer == 0
    assert GAME.rotation_reason(config).citations


def test_the_game_declares_what_the_registry_asks() -> None:
    assert (GAME.slug, GAME.action, GAME.keeps, GAME.board) == (
        "all-fours",
        "score",
        "points",
        "request",
    )
    assert GAME.book == SQUAREMAN and GAME.rules_anchor in ANCHORS
    assert (GAME.min_players, GAME.max_players, GAME.stake) == (2, 4, False)
    assert GAME.players_in(GAME.example()) == 4
    assert {o.name for o in GAME.options} == {"target", "both_out", "equal_game"}


def test_the_registry_accepts_the_game() -> None:
    # Registered under a name of its own: the game itself is registered by the helper who
    # makes the API, table and sheet handle games settled from one request.
    class Trial(AllFours):
        slug = "all-fours-trial"

    game = register(Trial())
    try:
        assert get("all-fours-trial") is game
        assert house_rule(RULINGS["all-fours-equal-game"]) == game.option("equal_game")
        assert game in applying(RULINGS["all-fours-target"])
    finally:
        unregister("all-fours-trial")


# --------------------------------------------------------------------------- bad input


def refused(request, field, *words, item=None, player=None):
    with pytest.raises(EngineError) as caught:
        GAME.answer(request)
    error = caught.value
    assert error.field == field, (error.field, str(error))
    assert error.item == item, (error.item, str(error))
    for word in words:
        assert word in str(error), (word, str(error))
    if player is not None:
        assert getattr(error, "player", None) == player
        assert f"player {player + 1}" in str(error).lower()
        names = ["Ann", "Bo", "Cy", "Di"]
        assert names[player] in error.render(names)
    return error


EXAMPLE: dict = GAME.example()


def with_(**changes):
    request = copy.deepcopy(EXAMPLE)
    request.update(changes)
    return request


def test_bad_request_not_an_object_and_unknown_or_missing_fields() -> None:
    with pytest.raises(EngineError):
        GAME.answer([1, 2])
    refused(with_(colour="red"), "colour", "colour", "is not a field")
    refused(with_(**{"{x}": 1}), "{x}", "{x}")
    for name in ("players", "dealer", "trump", "hands", "tricks"):
        request = copy.deepcopy(EXAMPLE)
        del request[name]
        refused(request, name, "missing")
    assert set(FIELDS) == set(GAME.request_schema()["properties"])


@pytest.mark.parametrize("value", [3, "three", True, None, 2.0, [], "-4", 10**30])
def test_bad_players(value) -> None:
    refused(with_(players=value), "players", "players")


@pytest.mark.parametrize("value", [4, -1, "4", "x", None, True, 1.5])
def test_bad_dealer(value) -> None:
    refused(with_(dealer=value), "dealer", "dealer")


@pytest.mark.parametrize("value", ["Z", "", "trumps", None, 3, ["S"], "no trump", "x" * 999])
def test_bad_trump(value) -> None:
    refused(with_(trump=value), "trump", "trump", "S, H, D or C")


@pytest.mark.parametrize("field", ["begged", "gift"])
@pytest.mark.parametrize("value", ["maybe", None, 2, [], "yess"])
def test_bad_flags(field, value) -> None:
    refused(with_(**{field: value}), field, field, "true or false")


def test_a_gift_without_a_beg_is_refused() -> None:
    refused(with_(gift=True), "gift", "begged")


def test_bad_hands() -> None:
    hands = EXAMPLE["hands"]
    refused(with_(hands="AS KS"), "hands", "one per player")
    refused(with_(hands=hands[:3]), "hands", "per player (4), not 3")
    refused(with_(hands=[*hands[:3], 7]), "hands.3", "list of cards", player=3)
    bad = [hands[0], [*hands[1][:2], "ZZ", *hands[1][3:]], *hands[2:]]
    error = refused(with_(hands=bad), "hands.1", "card 3", "'ZZ'", item=2, player=1)
    assert error.token == "ZZ" and error.render(["Ann", "Bo"]).startswith("Bo, card 3")
    bad = [hands[0], [*hands[1][:5], "kd"], *hands[2:]]  # the king of diamonds is nobody's
    twice = [hands[0], [*hands[1][:5], "2h"], *hands[2:]]  # player 1's deuce of hearts
    refused(with_(hands=twice), "hands.1", "'2h' (2H) is also dealt to player 1", item=5, player=1)
    written = [[*hands[0][:5], "KS"], *hands[1:]]
    refused(with_(hands=written), "hands.0", "earlier in this hand", item=5, player=0)
    refused(with_(hands=[hands[0], [*hands[1], "KD"], *hands[2:]]), "hands.1", "7 cards")
    refused(with_(hands=[hands[0], [3], *hands[2:]]), "hands.1", "card 1", item=0, player=1)
    assert bad  # the valid replacement stays valid: no refusal is made of it
    refused(with_(hands=[*hands[:3], ["10S"] * 60]), "hands.3", "52", player=3)


def test_hands_of_the_wrong_size_for_the_begging() -> None:
    # Six cards after the dealer ran the cards; nine without a beg; nine after a gift.
    refused(with_(begged=True), "hands.0", "9, 12", "player 1 begged")
    request = random_request(4, runnings=1, seed=5)
    refused({**request, "begged": False}, "hands.0", "six cards", "nobody begged")
    refused({**request, "gift": True}, "hands.0", "Take one")
    with pytest.raises(DealError) as caught:
        # 24 cards each: 48 cards and seven turn-ups are more than the pack.
        GAME.answer(random_request(2, runnings=6, seed=1))
    assert caught.value.field == "hands.0" and "9, 12, 15, 18, 21 cards, not 24" in str(
        caught.value
    )


def test_bad_tricks() -> None:
    tricks = EXAMPLE["tricks"]
    refused(with_(tricks={"a": 1}), "tricks", "one per player")
    refused(with_(tricks=tricks[:2]), "tricks", "not 2")
    bad = [tricks[0], [*tricks[1][:7], "KD"], *tricks[2:]]
    refused(with_(tricks=bad), "tricks.1", "KD was not dealt", item=7, player=1)
    bad = [tricks[0], [*tricks[1][:7], "QX"], *tricks[2:]]
    refused(with_(tricks=bad), "tricks.1", "'QX' is not a card", item=7, player=1)
    bad = [[*tricks[0], "4D"], [*tricks[1][:7], "4D"], *tricks[2:]]
    refused(with_(tricks=bad), "tricks.0", "not a whole number of tricks", player=0)
    twice = [tricks[0], [*tricks[1][:7], "4D"], [*tricks[2][:3], "4D"], tricks[3]]
    refused(with_(tricks=twice), "tricks.2", "also in player 2's tricks", item=3, player=2)
    # A whole trick's worth of cards, but two from player 1's hand and none from player 3's.
    uneven = [["10S", "KS", "3S", "JD"], tricks[1], ["QS", "10D", "AD", "9D"], tricks[3]]
    error = refused(with_(tricks=uneven), "tricks.0", "as many cards from every hand", player=0)
    assert "2 from player 1, 1 from player 2, 0 from player 3, 1 from player 4" in str(error)
    missing = [tricks[0], tricks[1], [], tricks[3]]
    refused(with_(tricks=missing), "tricks", "in nobody's tricks", "4 missing")


# --------------------------------------------------------------------------- the documents


def test_schemas_describe_the_example_and_its_answer() -> None:
    request_schema, answer_schema = GAME.request_schema(), GAME.answer_schema()
    assert conforms(EXAMPLE, request_schema)
    assert request_schema["examples"] == [EXAMPLE, RESULT_EXAMPLE]
    assert conforms(RESULT_EXAMPLE, request_schema)
    assert not conforms({**RESULT_EXAMPLE, "trump": "H"}, request_schema)
    assert not conforms({**EXAMPLE, "taken": RESULT_EXAMPLE["taken"]}, request_schema)
    assert conforms(GAME.answer(RESULT_EXAMPLE).body, answer_schema)
    assert not conforms(with_(colour="red"), request_schema)
    assert not conforms(with_(trump=3), request_schema)
    assert conforms(with_(players="4", begged="on", gift=""), request_schema)
    body = GAME.answer(EXAMPLE).body
    assert conforms(body, answer_schema)
    assert set(body) == set(answer_schema["properties"])
    assert (
        "players 0 and 2"
        in answer_schema["properties"]["points"]["properties"]["high"]["description"]
    )


def test_the_form_s_strings_read_as_the_api_s_values() -> None:
    as_form = {
        "players": "4",
        "dealer": " 3 ",
        "trump": "Hearts",
        "hands": [", ".join(hand) for hand in EXAMPLE["hands"]],
        "tricks": [" ".join(took) for took in EXAMPLE["tricks"]],
        "begged": "off",
        "gift": "",
    }
    assert GAME.answer(as_form) == GAME.answer(EXAMPLE)


# --------------------------------------------------------------------------- properties


@st.composite
def whole_deals(draw):
    """A 52-card deal as a request: two or four players, the cards run 0..max times, a gift
    now and then; each trick one card from each hand, its taker drawn at random."""
    players = draw(st.sampled_from([2, 4]))
    runnings = draw(st.integers(0, len(hand_sizes(players)) - 1))
    size = 6 + 3 * runnings
    pack = draw(st.permutations([str(c) for c in CARDS]))
    hands = [pack[p * size : (p + 1) * size] for p in range(players)]
    tricks = [[] for _ in range(players)]
    for t in range(size):
        tricks[draw(st.integers(0, players - 1))] += [hand[t] for hand in hands]
    # No beg, a beg answered "Take one" (six cards), or a beg answered by running the cards.
    begged = runnings > 0 or draw(st.booleans())
    return {
        "players": players,
        "dealer": draw(st.integers(0, players - 1)),
        "trump": draw(st.sampled_from("SHDC")),
        "hands": hands,
        "tricks": tricks,
        "begged": begged,
        "gift": begged and runnings == 0,
    }


@given(whole_deals(), st.sampled_from(["non-dealer", "nobody"]))
def test_engine_agrees_with_the_reference_on_whole_deals(request, equal) -> None:
    result = answer(request, equal_game=equal)
    points, counts, score = reference(
        request["hands"],
        request["tricks"],
        request["trump"],
        request["dealer"],
        equal,
        request["gift"],
    )
    assert result.body["points"] == points
    assert result.body["game_counts"] == counts
    assert result.body["score"] == score
    players = request["players"]
    assert result.scores == tuple(F(score[p % 2]) for p in range(players))
    assert conforms(result.body, GAME.answer_schema())


@given(whole_deals())
def test_points_scored_are_the_points_out_and_the_counts_add_up(request) -> None:
    body: dict = dict(GAME.answer(request).body)
    scored = [s for s in body["points"].values() if s is not None]
    assert sum(body["score"]) == len(scored) + (body["gift"] is not None) <= 5
    dealt = [c for hand in request["hands"] for c in hand]
    assert sum(body["game_counts"]) == sum(COUNTS.get(c[:-1], 0) for c in dealt)


@given(whole_deals(), st.permutations("SHDC"))
def test_renaming_the_suits_changes_nothing(request, order) -> None:
    rename = dict(zip("SHDC", order, strict=True))

    def moved(cards):
        return [c[:-1] + rename[c[-1]] for c in cards]

    renamed = {
        **request,
        "trump": rename[request["trump"]],
        "hands": [moved(h) for h in request["hands"]],
        "tricks": [moved(t) for t in request["tricks"]],
    }
    before, after = GAME.answer(request).body, GAME.answer(renamed).body
    assert before["points"] == after["points"] and before["score"] == after["score"]


@given(whole_deals(), st.data())
def test_moving_every_player_one_seat_swaps_the_sides(request, data) -> None:
    players = request["players"]
    shift = data.draw(st.integers(1, players - 1))

    def seat(rows):
        return [rows[(p - shift) % players] for p in range(players)]

    moved = {
        **request,
        "dealer": (request["dealer"] + shift) % players,
        "hands": seat(request["hands"]),
        "tricks": seat(request["tricks"]),
    }
    before: dict = dict(GAME.answer(request).body)
    after = GAME.answer(moved).body

    def other(side):
        return side if side is None or shift % 2 == 0 else 1 - side

    assert after["points"] == {k: other(v) for k, v in before["points"].items()}
    assert after["gift"] == other(before["gift"])
    flip = shift % 2
    assert after["score"] == (before["score"][::-1] if flip else before["score"])


@given(whole_deals(), st.randoms(use_true_random=False))
def test_the_order_of_the_cards_written_changes_nothing(request, rnd) -> None:
    shuffled = copy.deepcopy(request)
    for rows in (shuffled["hands"], shuffled["tricks"]):
        for row in rows:
            rnd.shuffle(row)
    assert GAME.answer(shuffled).body == GAME.answer(request).body


@given(whole_deals(), st.data())
def test_any_card_dropped_from_the_tricks_is_refused_naming_it(request, data) -> None:
    takers = [p for p, took in enumerate(request["tricks"]) if took]
    p = data.draw(st.sampled_from(takers))
    i = data.draw(st.integers(0, len(request["tricks"][p]) - 1))
    broken = copy.deepcopy(request)
    del broken["tricks"][p][i]
    with pytest.raises(DealError) as caught:
        GAME.answer(broken)
    assert caught.value.field == f"tricks.{p}"
    assert f"layer {p + 1}" in str(caught.value)


# --------------------------------------------------------------------------- exhaustive

# Counting 30 for Game (so the sides can tie at 15); hearts have no knave (Jack out of play).
SMALL_PACK = ["AS", "JS", "10S", "2S", "KH", "QH", "10H", "3H"]


def consistent_tricks(hand0, hand1):
    """Every split of two hands' cards into the two players' tricks: the taker of k tricks
    holds k cards of each hand."""
    for k in range(len(hand0) + 1):
        for mine in itertools.combinations(hand0, k):
            for theirs in itertools.combinations(hand1, k):
                taken = [*mine, *theirs]
                rest = [c for c in (*hand0, *hand1) if c not in taken]
                yield taken, rest


def test_every_deal_of_a_small_pack_agrees_with_the_reference() -> None:
    # Two players, four cards each from an eight-card pack of two suits: 70 splits into
    # hands, 70 consistent splits into tricks each, two trumps, two dealers; both readings
    # of equal counts where the counts are equal (elsewhere the reading changes nothing).
    seen = equal_seen = 0
    parsed = {code: parse_card(code) for code in SMALL_PACK}
    for first in itertools.combinations(SMALL_PACK, 4):
        second = [c for c in SMALL_PACK if c not in first]
        hands = [[parsed[c] for c in first], [parsed[c] for c in second]]
        for taken, rest in consistent_tricks(first, second):
            tricks = [[parsed[c] for c in taken], [parsed[c] for c in rest]]
            for trump, dealer in itertools.product("SH", (0, 1)):
                readings = ["non-dealer"]
                for equal in readings:
                    got = score_deal(hands, tricks, Suit(trump), dealer, equal_game=equal)
                    want, counts, score = reference(
                        [first, second], [taken, rest], trump, dealer, equal
                    )
                    assert (got.sides, list(got.game_counts), list(got.score)) == (
                        want,
                        counts,
                        score,
                    )
                    if counts[0] == counts[1] and equal == "non-dealer":
                        readings.append("nobody")
                        equal_seen += 1
                    seen += 1
    assert seen == 70 * 70 * 2 * 2 + equal_seen and equal_seen > 100


def test_read_deal_takes_exactly_the_consistent_trick_splits() -> None:
    # Over every split of two six-card hands' cards where the taker of the first holds four,
    # read_deal accepts exactly those with two cards of each hand (a whole number of tricks).
    hands = HANDS2
    cards_ = " ".join(hands).split()
    accepted = 0
    for taken in itertools.combinations(cards_, 4):
        rest = [c for c in cards_ if c not in taken]
        request = deal(hands, [" ".join(taken), " ".join(rest)])
        from_first = sum(c in hands[0].split() for c in taken)
        try:
            read_deal(request)
        except DealError as error:
            assert from_first != 2 and error.field in ("tricks.0", "tricks.1")
        else:
            assert from_first == 2
            accepted += 1
    assert accepted == 15 * 15  # two of six from each hand


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["AS", "2H", "{player}", "S", "on", "4", " 3 "]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)


@given(st.dictionaries(st.sampled_from([*FIELDS, "other"]), JSON), st.booleans())
def test_any_request_is_scored_or_refused_as_an_engine_error(changes, on_example) -> None:
    request = {**copy.deepcopy(EXAMPLE), **changes} if on_example else changes
    try:
        result = GAME.answer(request)
    except EngineError as error:
        assert str(error) and error.render(["Ann", "Bo", "Cy", "Di"])
        assert error.field is None or error.field.split(".")[0] in (*FIELDS, *changes)
    else:
        assert conforms(result.body, GAME.answer_schema())


# --------------------------------------------------------------------------- only the result
# A deal entered by the side that took each point (``taken``), not by its cards.


def result(taken, players=2, dealer=0, **more):
    return {"players": players, "dealer": dealer, "taken": taken, **more}


TAKEN = {"high": 0, "low": 1, "jack": 0, "game": None}


def test_only_the_result_scores_each_point_to_the_side_entered() -> None:
    found = answer(result(TAKEN))
    assert found.body["score"] == [2, 1]
    assert found.body["points"] == TAKEN
    assert found.scores == (F(2), F(1)) and found.next_dealer == 1
    # The cards are unknown: null, not guessed.
    assert found.body["trump"] is None
    assert found.body["game_counts"] is None and found.body["cards"] is None
    assert found.body["sides"] == [[0], [1]] and found.body["gift"] is None


def test_only_the_result_at_four_scores_for_both_partners() -> None:
    found = answer(result({"high": 1, "low": 1, "jack": 0, "game": 1}, players=4, dealer=2))
    assert found.body["score"] == [1, 3]
    assert found.scores == (F(1), F(3), F(1), F(3)) and found.next_dealer == 3
    assert "players 1 and 3 against players 2 and 4" in found.reasons[1].text


def test_only_the_result_reasons_quote_each_point_s_rule_and_say_it_was_entered() -> None:
    found = answer(result({"high": 0, "low": 1, "jack": 1, "game": 0}))
    texts = [r.text for r in found.reasons]
    assert texts[0] == "Entered as the side that took each point, not counted from the cards."
    for point, side in (("High", "player 1"), ("Low", "player 2"), ("Jack", "player 2")):
        (line,) = [t for t in texts if t.startswith(point + ":")]
        assert f"entered for {side}" in line
    (game,) = [r for r in found.reasons if r.text.startswith("Game:")]
    assert "ace 4, king 3, queen 2, knave 1, ten 10" in game.text
    anchors = {c.anchor for r in found.reasons for c in r.citations}
    assert {"all-fours-points", "all-fours-game-count"} <= anchors
    assert all(r.citations for r in found.reasons)


def test_only_the_result_nobody_s_jack_and_game_follow_the_rulings() -> None:
    found = answer(result({"high": 0, "low": 0, "jack": None, "game": None}, dealer=1))
    texts = " ".join(r.text for r in found.reasons)
    assert "Jack: entered as nobody's; the knave of trumps was not dealt." in texts
    # Under the default ruling equal counts give Game to the side that did not deal, so a
    # Game nobody scores is one where nothing counted; under "nobody" equal counts too.
    assert "neither side took a card that counts" in texts and "player 1 would" in texts
    assert found.body["score"] == [2, 0]
    equal = answer(result({"high": 0, "low": 0, "jack": None, "game": None}), equal_game="nobody")
    (game,) = [r for r in equal.reasons if r.text.startswith("Game:")]
    assert "under the table's rule" in game.text and "all-fours-equal-game" in game.rulings
    no_trump = answer(result(dict.fromkeys(POINT_NAMES)))
    assert no_trump.body["score"] == [0, 0]
    assert any("no trump was dealt" in r.text for r in no_trump.reasons)


def test_only_the_result_with_a_beg() -> None:
    gift = answer(result(TAKEN, dealer=0, begged=True, gift=True))
    assert gift.body["gift"] == 1 and gift.body["score"] == [2, 2]
    assert any(r.text.startswith("Gift: player 2") for r in gift.reasons)
    ran = answer(result(TAKEN, dealer=1, begged="on"))
    assert ran.body["gift"] is None and ran.body["score"] == [2, 1]
    assert any("Player 1 begged and the dealer ran the cards" in r.text for r in ran.reasons)
    refused(result(TAKEN, gift=True), "gift", "begged")


def test_the_form_s_words_for_a_result_read_as_the_api_s() -> None:
    as_form = result({"high": " 0", "low": "1", "jack": "0", "game": "Nobody"}, "2", " 0 ")
    assert GAME.answer(as_form) == GAME.answer(result(TAKEN))


@pytest.mark.parametrize(
    ("taken", "field", "words"),
    [
        ("high 0", "taken", "must be an object"),
        (None, "taken", "must be an object"),
        ([0, 1, 0, 1], "taken", "must be an object"),
        ({**TAKEN, "trick": 0}, "taken.trick", "not a point of All Fours"),
        ({"low": 1, "jack": 0, "game": 1}, "taken.high", "is missing"),
        ({**TAKEN, "high": ""}, "taken.high", "is missing"),
        ({**TAKEN, "low": 2}, "taken.low", "must be a side, 0 (player 1) or 1 (player 2), not 2"),
        ({**TAKEN, "jack": -1}, "taken.jack", "or nobody, not -1"),
        ({**TAKEN, "game": True}, "taken.game", "not True"),
        ({**TAKEN, "game": "2"}, "taken.game", "not '2'"),
        ({**TAKEN, "game": 0.5}, "taken.game", "not 0.5"),
        ({**TAKEN, "game": "players 1 and 3"}, "taken.game", "must be a side"),
        ({**TAKEN, "high": None}, "taken.high", "whenever a trump was dealt"),
        ({**TAKEN, "low": "nobody"}, "taken.low", "whenever a trump was dealt"),
        ({"high": None, "low": None, "jack": 0, "game": 1}, "taken.jack", "not dealt either"),
    ],
)
def test_bad_taken(taken, field, words) -> None:
    refused(result(taken), field, field, words)


def test_bad_fields_of_a_result() -> None:
    refused(result(TAKEN, players=3), "players", "two or four")
    refused(result(TAKEN, dealer=2), "dealer", "from 0 to 1")
    refused({"players": 2, "taken": TAKEN}, "dealer", "missing")
    refused(result(TAKEN, trump="H"), "trump", "not both")
    refused(result(TAKEN, hands=[[], []]), "hands", "not both")
    refused(result(TAKEN, colour="red"), "colour", "not a field")
    refused(result(TAKEN, begged="maybe"), "begged", "true or false")
    four = result({**TAKEN, "low": 2}, players=4)
    refused(four, "taken.low", "0 (players 1 and 3) or 1 (players 2 and 4)")


@given(whole_deals(), st.sampled_from(["non-dealer", "nobody"]))
def test_the_result_of_a_deal_entered_alone_scores_as_its_cards(request, equal) -> None:
    # Score the cards, then enter only the points that answer gives: the same score. The
    # result-only answer counts the points entered; it does not judge them again.
    cards_answer = answer(request, equal_game=equal)
    entered = {
        "players": request["players"],
        "dealer": request["dealer"],
        "taken": cards_answer.body["points"],
        "begged": request["begged"],
        "gift": request["gift"],
    }
    result_answer = answer(entered, equal_game=equal)
    assert result_answer.body["score"] == cards_answer.body["score"]
    assert result_answer.scores == cards_answer.scores
    assert result_answer.next_dealer == cards_answer.next_dealer
    assert result_answer.body["points"] == cards_answer.body["points"]
    assert result_answer.body["gift"] == cards_answer.body["gift"]
    assert conforms(entered, GAME.request_schema())
    assert conforms(result_answer.body, GAME.answer_schema())


def test_a_refusal_of_a_point_names_its_path_for_the_api_and_the_point_on_the_page() -> None:
    with pytest.raises(DealError) as caught:
        GAME.answer(result({**TAKEN, "game": ""}))
    error = caught.value
    assert error.field == "taken.game"
    assert str(error).startswith("taken.game: the point Game is missing")
    assert error.render().startswith("the point Game is missing: say which side took it")
    assert error.render().endswith("or nobody")


def test_a_refusal_of_a_point_numbers_the_sides_for_the_api_and_names_them_for_a_form() -> None:
    """The API's message gives each side the number ``taken`` holds ("0 (player 1)"); a form
    offers the sides by their players, so its words name them: by number, or by name."""
    with pytest.raises(DealError) as caught:
        GAME.answer(result({**TAKEN, "high": ""}, players=4))
    error = caught.value
    assert str(error).endswith("say which side took it, 0 (players 1 and 3) or 1 (players 2 and 4)")
    assert error.render().endswith("say which side took it, players 1 and 3 or players 2 and 4")
    named = error.render(["Ann", "Bo", "Cy", "Di"])
    assert named.endswith("say which side took it, Ann and Cy or Bo and Di")
