"""Showdowns: places, winners and the reasons given, under both rule sets."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import PACK_32, PACK_52, CardError, parse_hand, parse_hands
from games.engine.citations import RULINGS, Citation, peel, swedish
from games.engine.commerce import (
    ExactTies,
    HandValue,
    Limited,
    PeelRules,
    Rules,
    SwedishRules,
    compare,
    evaluate,
    showdown,
)

PEEL_ANCHORS = {
    "packs",
    "combinations",
    "tricon",
    "sequence",
    "flush",
    "pair",
    "point",
    "ties",
    "tie-tricon",
    "tie-sequence",
    "tie-flush",
    "tie-pair",
    "tie-point",
    "limited-commerce-rule",
    "dealer-penalty-rule",
    "standing",
}
SWEDISH_ANCHORS = {
    "kortlek",
    "kombinationer",
    "tretal",
    "sekvens",
    "poang",
    "ingenting",
    "rangordning",
    "poangsumma",
    "lagga-upp",
    "lika",
    "inledning",
}
ALL_RULES: list[Rules] = [
    PeelRules(),
    PeelRules(PACK_32),
    PeelRules(limited=Limited.NO_PAIR),
    PeelRules(limited=Limited.TRICON_SEQUENCE_POINT),
    PeelRules(flush_ties="share", exact_ties="dealer"),
    SwedishRules(),
    SwedishRules(poang_ties="highest-card"),
]
TWELVE = [
    "AS AH AD",
    "QC KC AC",
    "2D 3D 5D",
    "KS 8S 6S",
    "9H 9C KD",
    "9D 9S QH",
    "JC 10D 8C",
    "QS 10S 8H",
    "7C 7D 2S",
    "5H 4C 3S",
    "JH 10H 6D",
    "KH 4D 2C",
]


def allowed(citation: Citation) -> bool:
    anchors = PEEL_ANCHORS if citation.book == "peel-commerce" else SWEDISH_ANCHORS
    return citation.anchor in anchors


# --------------------------------------------------------------------------- places


def test_standing_the_holder_of_the_best_hand_wins():
    hands = parse_hands(["9S 9H KD", "2C 2D 2H", "AS KC QD"], PACK_52)
    result = showdown(hands, PeelRules())
    assert result.winners == (1,)
    assert [p.place for p in result.placings] == [2, 1, 3]
    assert result.order == (1, 0, 2)
    assert result.decider is None


def test_places_equal_hands_share_a_place_and_the_next_is_numbered_by_count():
    hands = parse_hands(["10S JS QS", "10H JH QH", "2C 5D 9S", "3C 5H 7S"], PACK_52)
    result = showdown(hands, PeelRules())
    assert [p.place for p in result.placings] == [1, 1, 3, 4]
    assert result.winners == (0, 1)
    assert result.decider is not None and result.decider.rulings == ("peel-equal-hands",)


def test_ties_peel_exact_tie_shared_or_to_the_dealer_by_house_rule():
    hands = parse_hands(["10S JS QS", "10H JH QH", "2C 5D 9S"], PACK_52)
    assert showdown(hands, PeelRules(), dealer=1).winners == (0, 1)
    house = PeelRules(exact_ties=ExactTies.DEALER)
    result = showdown(hands, house, dealer=1)
    assert result.winners == (1,)
    assert result.decider is not None and "by the house rule" in result.decider.text
    assert showdown(hands, house, dealer=2).winners == (0, 1)
    assert showdown(hands, house).winners == (0, 1)


# --------------------------------------------------------------------------- reasons


def test_tie_pair_reason_between_winner_and_runner_up():
    hands = parse_hands(["9C 9D QS", "9S 9H KD", "2C 3D 5H"], PACK_52)
    result = showdown(hands, PeelRules())
    first = result.reasons[0]
    assert first.text == (
        "Hand 2 (pair of nines and a king) beats hand 1 (pair of nines and a queen). "
        "Both hold a pair of nines; the king beats the queen as third card."
    )
    assert first.citations == (peel("tie-pair"),)
    second = result.reasons[1]
    assert second.text.endswith("A pair beats a point.")
    assert second.citations == (peel("combinations"),)
    assert len(result.reasons) == 2


def test_combinations_reason_a_tricon_beats_a_sequence():
    hands = parse_hands(["QS KS AS", "2C 2D 2H"], PACK_52)
    result = showdown(hands, PeelRules())
    assert result.reasons[0].text == (
        "Hand 2 (tricon of twos) beats hand 1 (sequence queen-king-ace of spades). "
        "A tricon beats a sequence."
    )


def test_one_reason_per_boundary_and_per_tie_and_for_the_decider():
    hands = parse_hands(TWELVE, PACK_52)
    for rules in (PeelRules(), SwedishRules()):
        result = showdown(hands, rules, dealer=3)
        places = sorted({p.place for p in result.placings})
        tied_groups = sum(
            1 for place in places if sum(p.place == place for p in result.placings) > 1
        )
        expected = len(places) - 1 + tied_groups + (result.decider is not None)
        assert len(result.reasons) == expected
        assert all(r.text and r.citations for r in result.reasons)


def test_twelve_hands_under_peel():
    hands = parse_hands(TWELVE, PACK_52)
    result = showdown(hands, PeelRules())
    described = [v.describe() for v in result.values]
    assert described[:4] == [
        "tricon of aces",
        "sequence queen-king-ace of clubs",
        "flush of diamonds, point 10 (five, three, two)",
        "flush of spades, point 24 (king, eight, six)",
    ]
    assert result.winners == (0,)
    # pairs over point; point 28 with a queen over point 28 with a knave (tie-point)
    assert [p.place for p in result.placings] == [1, 2, 4, 3, 5, 6, 9, 8, 7, 12, 10, 11]


def test_twelve_hands_under_the_swedish_text():
    hands = parse_hands(TWELVE, PACK_52)
    result = showdown(hands, SwedishRules())
    assert result.winners == (0,)
    ingenting = [p.hand for p in result.placings if not p.value.may_show]
    assert ingenting and all(
        result.placings[i].place == max(p.place for p in result.placings) for i in ingenting
    )


def test_every_citation_is_one_of_the_library_anchors():
    hands = parse_hands(TWELVE, PACK_52)
    for rules in ALL_RULES:
        if rules.pack is PACK_32:
            continue
        for dealer in (None, 0, 5):
            for reason in showdown(hands, rules, dealer).reasons:
                assert all(allowed(c) for c in reason.citations), reason
                assert all(slug in RULINGS for slug in reason.rulings)
    from games.engine import commerce

    for ruling in commerce.rulings_used().values():
        assert all(allowed(c) for c in ruling.citations), ruling.slug


def test_rulings_with_options_name_their_alternatives():
    options = {r.slug: (r.option, r.default) for r in RULINGS.values() if r.option}
    assert options["flush-equal-point"] == ("flush_ties", "highest-card")
    assert options["short-pack-ace-low"] == ("short_pack_ace_low", "no")
    assert options["poang-equal-sums"] == ("poang_ties", "equal")
    assert options["peel-equal-hands"] == ("exact_ties", "share")


# --------------------------------------------------------------------------- errors


def test_showdown_needs_two_hands():
    with pytest.raises(CardError, match="at least two hands"):
        showdown([parse_hand("AS KS QS", PACK_52)], PeelRules())


def test_showdown_refuses_more_hands_than_the_pack_allows():
    hands = [PACK_32.cards[i : i + 3] for i in range(0, 24, 3)]
    with pytest.raises(CardError, match="At most 7 hands") as caught:
        showdown(hands, PeelRules(PACK_32))
    assert caught.value.hand == 8


def test_showdown_names_the_hand_holding_a_card_twice():
    a, b = parse_hand("AS KS QS", PACK_52), parse_hand("2C 3C QS", PACK_52)
    with pytest.raises(CardError) as caught:
        showdown([a, b], PeelRules())
    assert caught.value.hand == 2
    assert str(caught.value) == "Hand 2: QS is also in hand 1"


def test_showdown_names_the_hand_not_of_the_pack():
    hands = [parse_hand("AS KS QS", PACK_52), parse_hand("2C 3C 4C", PACK_52)]
    with pytest.raises(CardError) as caught:
        showdown(hands, PeelRules(PACK_32))
    assert caught.value.hand == 2 and "not in the 32-card pack" in str(caught.value)


@pytest.mark.parametrize(
    "hand",
    [
        (),
        tuple(PACK_52.cards[:2]),
        tuple(PACK_52.cards[:4]),
        (PACK_52.cards[0], PACK_52.cards[0], PACK_52.cards[1]),
        ("AS", "KS", "QS"),
    ],
)
def test_evaluate_refuses_what_is_not_a_hand(hand):
    with pytest.raises(CardError):
        evaluate(hand, PeelRules())


def test_showdown_refuses_a_dealer_who_is_not_at_the_table():
    hands = parse_hands(["AS KS QS", "2C 3C 4C"], PACK_52)
    with pytest.raises(ValueError, match="^dealer: must be a hand index from 0 to 1, not "):
        showdown(hands, PeelRules(), dealer=2)


# --------------------------------------------------------------------------- properties


def deals(pack, most):
    return st.integers(2, most).flatmap(
        lambda n: st.permutations(pack.cards).map(
            lambda cards: [tuple(cards[i : i + 3]) for i in range(0, 3 * n, 3)]
        )
    )


rule_sets = st.sampled_from([r for r in ALL_RULES if r.pack is PACK_52])


@given(deals(PACK_52, 12), rule_sets, st.none() | st.integers(0, 1))
def test_places_are_consistent_with_pairwise_compare(hands, rules, dealer):
    result = showdown(hands, rules, dealer)
    places = [p.place for p in result.placings]
    for i, j in itertools.combinations(range(len(hands)), 2):
        sign, _ = compare(hands[i], hands[j], rules)
        assert sign == (places[i] < places[j]) - (places[i] > places[j])
    for i, place in enumerate(places):
        assert place == 1 + sum(
            compare(hands[j], hands[i], rules)[0] == 1 for j in range(len(hands))
        )
    assert set(result.winners) <= {i for i, p in enumerate(places) if p == 1}


@given(st.permutations(PACK_52.cards), rule_sets)
def test_evaluation_ignores_card_order(cards, rules):
    hand = tuple(cards[:3])
    values = {evaluate(p, rules) for p in itertools.permutations(hand)}
    assert len(values) == 1
    (v,) = values
    assert isinstance(v, HandValue) and set(v.cards) == set(hand)


@given(deals(PACK_52, 3), rule_sets)
def test_the_order_is_a_total_preorder(hands, rules):
    a, b, c = (hands + hands[:1] * 3)[:3]
    ab, ba = compare(a, b, rules)[0], compare(b, a, rules)[0]
    assert ab == -ba  # total and antisymmetric in its sign
    bc, ac = compare(b, c, rules)[0], compare(a, c, rules)[0]
    if ab >= 0 and bc >= 0:
        assert ac >= 0  # transitive
    if ab == 0 and bc == 0:
        assert ac == 0
    assert compare(a, a, rules)[0] == 0  # reflexive


@given(deals(PACK_52, 6), st.sampled_from([SwedishRules(), SwedishRules("highest-card")]))
def test_lika_the_dealer_wins_every_tie_for_first_he_is_in(hands, rules):
    for dealer in range(len(hands)):
        result = showdown(hands, rules, dealer)
        top = [p.hand for p in result.placings if p.place == 1]
        if not result.placings[top[0]].value.may_show:
            assert result.winners == ()
        elif dealer in top:
            assert result.winners == (dealer,)
        else:
            assert result.winners == tuple(top)


def test_swedish_citations_appear_in_swedish_showdowns():
    hands = parse_hands(["s6 s5 s4", "h6 h5 h4", "dK cK h3"], PACK_52)
    result = showdown(hands, SwedishRules(), dealer=1)
    cited = {c for r in result.reasons for c in r.citations}
    assert swedish("lika") in cited and swedish("lagga-upp") in cited
