"""Peel's Commerce (Round Games with Cards, pp. 70-77): one test per rule, named after it."""

import itertools
from collections import Counter
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import PACK_32, PACK_52, CardError, Rank, parse_hand
from games.engine.citations import RULINGS, peel
from games.engine.commerce import (
    Category,
    FlushTies,
    Limited,
    PeelRules,
    ShortPackAceLow,
    SwedishRules,
    compare,
    evaluate,
    rules_from_name,
)

FULL = PeelRules()
SHORT = PeelRules(PACK_32)


def value(text, rules=FULL):
    return evaluate(parse_hand(text, rules.pack), rules)


def beats(a, b, rules=FULL):
    return compare(parse_hand(a, rules.pack), parse_hand(b, rules.pack), rules)[0]


# --------------------------------------------------------------------------- combinations


def test_combinations_range_in_the_order_tricon_sequence_flush_pair_point():
    ladder = ["2C 2D 2H", "AS 2S 3S", "KH 9H 6H", "AC AD KS", "AH KD QC"]
    values = [value(h) for h in ladder]
    assert [v.category for v in values] == [
        Category.TRICON,
        Category.SEQUENCE,
        Category.FLUSH,
        Category.PAIR,
        Category.POINT,
    ]
    strengths = [v.strength for v in values]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 5
    assert FULL.categories == (
        Category.TRICON,
        Category.SEQUENCE,
        Category.FLUSH,
        Category.PAIR,
        Category.POINT,
    )


def test_combinations_reason_cites_the_order():
    sign, why = compare(parse_hand("2C 2D 2H", PACK_52), parse_hand("QS KS AS", PACK_52), FULL)
    assert sign == 1
    assert why.text == "A tricon beats a sequence."
    assert why.citations == (peel("combinations"),)


def test_combinations_ace_eleven_courts_ten_in_reckoning_pips():
    assert value("AS KD QC").point == 31
    assert value("JS 10D 9C").point == 29
    assert value("AS 9H 9D", PeelRules(limited="no-pair")).describe() == (
        "point 29 (ace, nine, nine)"
    )


# --------------------------------------------------------------------------- each combination


@pytest.mark.parametrize("hand", ["AS AH AD", "5C 5D 5S", "JH JD JC"])
def test_tricon_three_cards_of_the_same_denomination(hand):
    assert value(hand).category is Category.TRICON


@pytest.mark.parametrize("hand", ["AH 2H 3H", "10D JD QD", "QS KS AS", "7C 8C 9C"])
def test_sequence_three_following_cards_of_the_same_suit(hand):
    assert value(hand).category is Category.SEQUENCE


def test_sequence_king_ace_two_is_not_permissible():
    assert value("KH AH 2H").category is Category.FLUSH
    assert value("KH AD 2H").category is Category.POINT


def test_sequence_must_be_of_one_suit():
    assert value("10D JS QD").category is Category.POINT


def test_flush_three_cards_of_the_same_suit_irrespective_of_value():
    assert value("KH 9H 2H").category is Category.FLUSH
    assert value("KH 9H 2H").describe() == "flush of hearts, point 21 (king, nine, two)"


def test_pair_two_of_a_denomination_the_third_different():
    v = value("9S 9H KD")
    assert v.category is Category.PAIR
    assert v.describe() == "pair of nines and a king"


def test_point_the_total_of_the_pips():
    v = value("AS 9H 8D")
    assert v.category is Category.POINT and v.point == 28
    assert v.describe() == "point 28 (ace, nine, eight)"


# --------------------------------------------------------------------------- ties


def test_tie_tricon_aces_first_then_kings_down_to_twos():
    tricons = [f"{r.code}S {r.code}H {r.code}D" for r in Rank]
    strengths = [value(t).strength for t in tricons]
    assert strengths == sorted(strengths) and len(set(strengths)) == 13
    sign, why = compare(parse_hand(tricons[-1], PACK_52), parse_hand(tricons[0], PACK_52), FULL)
    assert sign == 1 and why.citations == (peel("tie-tricon"),)
    assert why.text.startswith("Three aces beat three twos")


def test_tie_sequence_ace_king_queen_best_three_two_ace_lowest():
    runs = [
        "AH 2H 3H",
        "2H 3H 4H",
        "3H 4H 5H",
        "4H 5H 6H",
        "5H 6H 7H",
        "6H 7H 8H",
        "7H 8H 9H",
        "8H 9H 10H",
        "9H 10H JH",
        "10H JH QH",
        "JH QH KH",
        "QH KH AH",
    ]
    strengths = [value(r).strength for r in runs]
    assert strengths == sorted(strengths) and len(set(strengths)) == 12
    sign, why = compare(parse_hand("2S 3S 4S", PACK_52), parse_hand("AH 2H 3H", PACK_52), FULL)
    assert sign == 1
    assert why.text == (
        "The sequence two-three-four beats the sequence ace-two-three: the highest sequence "
        "wins, and ace-two-three is the lowest."
    )
    assert why.citations == (peel("tie-sequence"),)
    assert value("QH KH AH").describe() == "sequence queen-king-ace of hearts"
    assert value("AH 2H 3H").describe() == "sequence ace-two-three of hearts"


def test_tie_sequence_equal_sequences_in_two_suits_tie():
    sign, why = compare(parse_hand("10S JS QS", PACK_52), parse_hand("10H JH QH", PACK_52), FULL)
    assert sign == 0
    assert "peel-equal-hands" in why.rulings


def test_tie_flush_the_best_point_wins():
    assert beats("KH QH 9H", "AS 9S 8S") == 1  # 29 against 28
    sign, why = compare(parse_hand("AS 9S 8S", PACK_52), parse_hand("KH QH 9H", PACK_52), FULL)
    assert sign == -1
    assert why.text == "Between flushes the better point wins: 29 beats 28."
    assert why.citations == (peel("tie-flush"), peel("point"))


def test_tie_flush_equal_point_first_highest_card_differs_by_default():
    # KS 9S 6S and QH 9H 6H both make 25: the king beats the queen (ruling flush-equal-point).
    sign, why = compare(parse_hand("QH 9H 6H", PACK_52), parse_hand("KS 9S 6S", PACK_52), FULL)
    assert sign == -1
    assert why.rulings == ("flush-equal-point", "point-first-card-by-rank")
    assert "the king beats the queen" in why.text


def test_tie_flush_equal_point_shared_by_house_rule():
    rules = PeelRules(flush_ties=FlushTies.SHARE)
    sign, why = compare(parse_hand("QH 9H 6H", PACK_52), parse_hand("KS 9S 6S", PACK_52), rules)
    assert sign == 0 and "flush-equal-point" in why.rulings


def test_tie_pair_the_highest_pair_wins():
    assert beats("10S 10H 2D", "9S 9H AD") == 1
    _, why = compare(parse_hand("10S 10H 2D", PACK_52), parse_hand("9S 9H AD", PACK_52), FULL)
    assert why.text == "A pair of tens beats a pair of nines: the highest pair wins."


def test_tie_pair_third_card():
    sign, why = compare(parse_hand("9C 9D QS", PACK_52), parse_hand("9S 9H KD", PACK_52), FULL)
    assert sign == -1
    assert why.text == "Both hold a pair of nines; the king beats the queen as third card."
    assert why.citations == (peel("tie-pair"),)


def test_tie_pair_same_third_card_is_an_exact_tie():
    sign, why = compare(parse_hand("9C 9D KS", PACK_52), parse_hand("9S 9H KD", PACK_52), FULL)
    assert sign == 0 and why.rulings == ("peel-equal-hands",)


def test_tie_point_first_highest_card_different():
    # Both make 19: the ace beats the nine.
    assert value("AS 6H 2D").point == value("9S 8H 2D").point == 19
    sign, why = compare(parse_hand("9S 8H 2D", PACK_52), parse_hand("AS 6H 2C", PACK_52), FULL)
    assert sign == -1
    assert why.text == (
        "Both make point 19; the first highest card that differs decides: the ace beats the nine."
    )
    assert why.citations == (peel("tie-point"),) and why.rulings == ()


def test_tie_point_first_highest_card_by_rank_although_courts_count_ten():
    # KS 10H 4D and QS JH 4C both make 24: by rank the king beats the queen (ruling c).
    sign, why = compare(parse_hand("KS 10H 4D", PACK_52), parse_hand("QS JH 4C", PACK_52), FULL)
    assert sign == 1
    assert why.rulings == ("point-first-card-by-rank",)
    assert "(by rank, though both count ten)" in why.text
    assert beats("JS 10H 4D", "10S 9H 5C") == 1  # 24 each: the knave beats the ten
    assert beats("KS 9H 4D", "QS 9C 4C") == 1
    assert beats("KS QH 4D", "KC JC 4H") == 1  # second card decides: queen over knave


def test_tie_point_identical_ranks_tie():
    sign, _ = compare(parse_hand("KS 9H 4D", PACK_52), parse_hand("KH 9C 4C", PACK_52), FULL)
    assert sign == 0


# --------------------------------------------------------------------------- variants


def test_limited_commerce_rule_without_pair_a_pair_counts_as_point():
    rules = PeelRules(limited=Limited.NO_PAIR)
    assert rules.categories == (
        Category.TRICON,
        Category.SEQUENCE,
        Category.FLUSH,
        Category.POINT,
    )
    assert value("9S 9H KD", rules).category is Category.POINT
    assert value("KH 9H 6H", rules).category is Category.FLUSH
    # AS KD QC (31) now beats the pair of aces with a two (24)
    sign, why = compare(parse_hand("AC AD 2S", PACK_52), parse_hand("AS KD QC", PACK_52), rules)
    assert sign == -1
    assert "under Limited Commerce without Pair a pair counts only as point" in why.text
    assert peel("limited-commerce-rule") in why.citations
    assert "limited-counts-as-point" in why.rulings


def test_limited_commerce_rule_tricon_sequence_point_only():
    rules = PeelRules(limited=Limited.TRICON_SEQUENCE_POINT)
    assert rules.categories == (Category.TRICON, Category.SEQUENCE, Category.POINT)
    assert value("KH 9H 6H", rules).category is Category.POINT
    assert value("9S 9H KD", rules).category is Category.POINT
    assert value("AH 2H 3H", rules).category is Category.SEQUENCE
    assert beats("AS KD QC", "KH 9H 6H", rules) == 1  # 31 against a flush of 25


def test_packs_the_short_pack_plays_the_same_combinations():
    assert value("QH KH AH", SHORT).category is Category.SEQUENCE
    assert value("7S 8S 9S", SHORT).category is Category.SEQUENCE
    assert beats("8S 9S 10S", "7H 8H 9H", SHORT) == 1
    with pytest.raises(Exception, match="not in the 32-card pack"):
        evaluate(parse_hand("2S 3S 4S", PACK_52), SHORT)


def test_evaluate_refuses_a_bad_hand_even_on_its_first_call_with_new_rules():
    # evaluate keeps the grid on the rules at their first look-up, which may be a bad hand
    two = parse_hand("AS KS QS", PACK_52)[:2]
    for bad in (parse_hand("2S 3S 4S", PACK_52), ("AS", "KS", "QS"), two):
        with pytest.raises(CardError):
            evaluate(bad, PeelRules(PACK_32, exact_ties="dealer"))
    rules = PeelRules(PACK_32, exact_ties="dealer")
    with pytest.raises(CardError, match="not in the 32-card pack"):
        evaluate(parse_hand("2S 3S 4S", PACK_52), rules)
    assert evaluate(parse_hand("7S 8S 9S", PACK_32), rules).category is Category.SEQUENCE


def test_evaluate_reads_the_grid_through_no_descriptor():
    # A class attribute (a cached_property) named _grid would stop CPython specializing
    # evaluate's look-up of it, a third of evaluate's time.
    assert all("_grid" not in vars(kind) for kind in PeelRules.__mro__)
    assert all("_grid" not in vars(kind) for kind in SwedishRules.__mro__)


def test_short_pack_ace_low_no_by_default():
    assert value("AS 7S 8S", SHORT).category is Category.FLUSH
    assert RULINGS["short-pack-ace-low"].default == "no"


def test_short_pack_ace_low_yes_makes_the_lowest_sequence():
    rules = PeelRules(PACK_32, short_pack_ace_low=ShortPackAceLow.YES)
    v = value("AS 7S 8S", rules)
    assert v.category is Category.SEQUENCE
    assert v.describe() == "sequence ace-seven-eight of spades"
    assert beats("7H 8H 9H", "AS 7S 8S", rules) == 1
    assert beats("AS 7S 8S", "KH QH 10H", rules) == 1  # still a sequence over a flush
    # The option is meaningless with the full pack: A-7-8 is not even near.
    assert value("AS 7S 8S", PeelRules(short_pack_ace_low="yes")).category is Category.FLUSH


# --------------------------------------------------------------------------- counts


def peel_counts(ranks, ace_low_runs, limited="none"):
    """Hands per combination, from combinatorics alone."""
    sequences = (ranks - 2 + ace_low_runs) * 4  # runs of three among the ranks, four suits
    counts = {
        Category.TRICON: ranks * comb(4, 3),
        Category.SEQUENCE: sequences,
        Category.FLUSH: 4 * comb(ranks, 3) - sequences,
        Category.PAIR: ranks * comb(4, 2) * (4 * (ranks - 1)),
        Category.POINT: comb(ranks, 3) * (4**3 - 4),  # three ranks, not all one suit
    }
    assert sum(counts.values()) == comb(4 * ranks, 3)
    if limited in ("no-pair", "tricon-sequence-point"):
        counts[Category.POINT] += counts.pop(Category.PAIR)
    if limited == "tricon-sequence-point":
        counts[Category.POINT] += counts.pop(Category.FLUSH)
    return counts


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (PeelRules(), peel_counts(13, 1)),
        (PeelRules(PACK_32), peel_counts(8, 0)),
        (PeelRules(PACK_32, short_pack_ace_low="yes"), peel_counts(8, 1)),
        (PeelRules(limited="no-pair"), peel_counts(13, 1, "no-pair")),
        (PeelRules(limited="tricon-sequence-point"), peel_counts(13, 1, "tricon-sequence-point")),
        (PeelRules(PACK_32, "no-pair"), peel_counts(8, 0, "no-pair")),
        (PeelRules(PACK_32, "tricon-sequence-point"), peel_counts(8, 0, "tricon-sequence-point")),
    ],
    ids=lambda x: x.label + str(x.options) if isinstance(x, PeelRules) else "",
)
def test_exhaustive_category_counts(rules, expected):
    counted = Counter(
        evaluate(h, rules).category for h in itertools.combinations(rules.pack.cards, 3)
    )
    assert dict(counted) == expected


def test_known_counts_of_the_full_pack():
    counts = peel_counts(13, 1)
    assert counts[Category.TRICON] == 52 and counts[Category.SEQUENCE] == 48
    assert counts[Category.FLUSH] == 1096 and counts[Category.PAIR] == 3744
    assert counts[Category.POINT] == 17160


# --------------------------------------------------------------------------- a reference


def reference_key(hand, limited="none", flush_ties="highest-card", ace_low_short=False):
    """Peel's order, read afresh from the text: a tuple, larger is better."""
    ranks = sorted((c.rank.value for c in hand), reverse=True)
    pips = sum(11 if r == 14 else min(r, 10) for r in ranks)
    one_suit = len({c.suit for c in hand}) == 1
    kinds = Counter(ranks)
    if len(kinds) == 1:
        return (5, ranks[0])
    if one_suit:
        low_runs = [{14, 2, 3}] + ([{14, 7, 8}] if ace_low_short else [])
        if set(ranks) in low_runs:
            return (4, sorted(ranks)[1])  # the ace is low: the middle card is the top - 1
        if ranks[0] - ranks[2] == 2:
            return (4, ranks[0] + 1)
        if limited != "tricon-sequence-point":
            return (3, pips, *(ranks if flush_ties == "highest-card" else []))
    if len(kinds) == 2 and limited == "none":
        pair = next(r for r, n in kinds.items() if n == 2)
        third = next(r for r, n in kinds.items() if n == 1)
        return (2, pair, third)
    return (1, pips, *ranks)


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        (PeelRules(), {}),
        (PeelRules(flush_ties="share"), {"flush_ties": "share"}),
        (PeelRules(limited="no-pair"), {"limited": "no-pair"}),
        (PeelRules(limited="tricon-sequence-point"), {"limited": "tricon-sequence-point"}),
        (PeelRules(PACK_32), {}),
        (PeelRules(PACK_32, short_pack_ace_low="yes"), {"ace_low_short": True}),
    ],
    ids=lambda x: x.label + str(x.options) if isinstance(x, PeelRules) else "",
)
def test_exhaustive_order_matches_a_fresh_reading_of_the_text(rules, options):
    """Sort every hand by the reference; the engine's strengths must rise exactly with it."""
    keyed = sorted(
        (reference_key(h, **options), evaluate(h, rules).strength)
        for h in itertools.combinations(rules.pack.cards, 3)
    )
    for (key_a, strength_a), (key_b, strength_b) in itertools.pairwise(keyed):
        if key_a == key_b:
            assert strength_a == strength_b, key_a
        else:
            assert strength_a < strength_b, (key_a, key_b)


hands52 = st.lists(st.sampled_from(PACK_52.cards), min_size=3, max_size=3, unique=True)


@given(hands52, hands52)
def test_compare_agrees_with_the_reference(a, b):
    sign, why = compare(a, b, FULL)
    ka, kb = reference_key(a), reference_key(b)
    assert sign == (ka > kb) - (ka < kb)
    assert why.text and why.citations


# --------------------------------------------------------------------------- rule sets


def test_rules_from_name_and_labels():
    assert rules_from_name("english") == PeelRules()
    assert rules_from_name("peel", pack=32) == PeelRules(PACK_32)
    rules = rules_from_name("english", limited="no-pair", flush_ties="share", exact_ties="dealer")
    assert rules.limited is Limited.NO_PAIR and rules.flush_ties is FlushTies.SHARE
    assert rules.label == "Peel, 52 cards, Limited Commerce without Pair"
    assert rules.options == {"flush_ties": "share", "exact_ties": "dealer"}
    assert rules.name == "english"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pack": 40}, "no 40-card pack"),
        ({"limited": "no-flush"}, "limited must be one of 'none', 'no-pair'"),
        ({"flush_ties": "split"}, "flush_ties must be one of 'highest-card', 'share'; not 'split'"),
        ({"short_pack_ace_low": "maybe"}, "short_pack_ace_low must be one of 'no', 'yes'"),
        ({"exact_ties": "eldest"}, "exact_ties must be one of 'share', 'dealer'"),
        ({"poang_ties": "equal"}, "unknown option 'poang_ties' for english"),
    ],
)
def test_rules_from_name_refuses_bad_options(kwargs, message):
    with pytest.raises(ValueError, match=message):
        rules_from_name("english", **kwargs)


def test_rules_from_name_refuses_an_unknown_book():
    with pytest.raises(ValueError, match="unknown rule set 'hoyle'"):
        rules_from_name("hoyle")


def test_equal_rule_sets_share_one_table():
    assert PeelRules().table is PeelRules().table
    # the ace-low option changes nothing with the full pack
    assert PeelRules(short_pack_ace_low="yes").table is PeelRules().table
    assert PeelRules(PACK_32, short_pack_ace_low="yes").table is not PeelRules(PACK_32).table


def test_evaluation_ignores_the_order_of_the_cards():
    for hand in itertools.combinations(PACK_32.cards, 3):
        values = {evaluate(p, SHORT) for p in itertools.permutations(hand)}
        assert len(values) == 1
