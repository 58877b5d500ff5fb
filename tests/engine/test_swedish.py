"""The Swedish Commerce text: one test per paragraph or worked example, named after it."""

import itertools
from collections import Counter
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import PACK_52, CardError, parse_hand, parse_hands
from games.engine.citations import RULINGS, swedish
from games.engine.commerce import (
    Category,
    PeelRules,
    PoangTies,
    SwedishRules,
    compare,
    evaluate,
    rules_from_name,
    showdown,
)

RULES = SwedishRules()


def value(text, rules=RULES):
    return evaluate(parse_hand(text, PACK_52), rules)


def beats(a, b, rules=RULES):
    return compare(parse_hand(a, PACK_52), parse_hand(b, PACK_52), rules)[0]


# --------------------------------------------------------------------------- kortlek


def test_kortlek_52_cards_ace_high():
    assert RULES.pack is PACK_52
    assert len(RULES.table.values) == comb(52, 3)
    with pytest.raises(ValueError, match="52-card pack only"):
        rules_from_name("swedish", pack=32)


def test_inledning_three_or_more_players_and_no_upper_limit_but_the_pack():
    assert RULES.hand_limit == 17 == 52 // 3
    assert RULINGS["swedish-hand-limit"].citations[0] == swedish("inledning")


# --------------------------------------------------------------------------- kombinationer


def test_kombinationer_four_from_highest_to_lowest():
    assert RULES.categories == (
        Category.TRETAL,
        Category.SEKVENS,
        Category.POANG,
        Category.INGENTING,
    )
    ladder = [value(h).strength for h in ("2C 2D 2H", "2S 3S 4S", "AH KH 5C", "AS KD QC")]
    assert ladder == sorted(ladder, reverse=True)


def test_tretal_hkn_dkn_skn():
    v = value("hkn dkn skn")
    assert v.category is Category.TRETAL
    assert v.describe() == "tretal of knaves"


def test_sekvens_s6_s5_s4():
    v = value("s6 s5 s4")
    assert v.category is Category.SEKVENS
    assert v.describe() == "sekvens four-five-six of spades"


def test_sekvens_three_two_ace_is_not_a_sequence():
    v = value("s3 s2 sE")
    assert v.category is Category.POANG
    assert v.poang == 16


def test_sekvens_queen_king_ace_is_the_highest_and_king_ace_two_none():
    assert value("hD hK hE").category is Category.SEKVENS
    assert beats("hD hK hE", "hkn hD hK") == 1
    assert value("hK hE h2").category is Category.POANG
    assert "swedish-ace-high-only" in RULINGS


def test_poang_c10_c7_d2():
    v = value("c10 c7 d2")
    assert v.category is Category.POANG
    assert v.poang == 17
    assert v.describe() == "poäng 17 (ten and seven of clubs)"


def test_poang_hd_h10_h4_three_of_a_suit_not_a_sequence():
    v = value("hD h10 h4")
    assert v.category is Category.POANG
    assert v.poang == 24
    assert v.describe() == "poäng 24 (queen, ten and four of hearts)"


def test_ingenting_dk_ck_h3():
    v = value("dK cK h3")
    assert v.category is Category.INGENTING
    assert v.describe() == "ingenting (king, king, three)"
    assert not v.may_show


def test_ingenting_a_pair_does_not_count():
    assert value("dK cK c3").category is Category.POANG  # kings in two suits, clubs twice
    assert value("dK cK c3").poang == 13


# --------------------------------------------------------------------------- rangordning


def test_rangordning_tretal_by_rank():
    assert beats("sE hE dE", "sK hK dK") == 1
    _, why = compare(parse_hand("s2 h2 d2", PACK_52), parse_hand("s3 h3 d3", PACK_52), RULES)
    assert why.citations == (swedish("rangordning"),)


def test_rangordning_sekvens_by_top_card():
    assert beats("h7 h8 h9", "s6 s5 s4") == 1
    assert beats("s7 s8 s9", "h7 h8 h9") == 0


def test_poangsumma_se_s8_d5_is_19():
    v = value("sE s8 d5")
    assert v.poang == 19
    assert v.describe() == "poäng 19 (ace and eight of spades)"


def test_poangsumma_ace_eleven_courts_and_tens_ten():
    assert value("sE sK d5").poang == 21
    assert value("sD skn d5").poang == 20
    assert value("s10 s9 d5").poang == 19


def test_poangsumma_higher_sum_wins():
    sign, why = compare(parse_hand("sE s8 d5", PACK_52), parse_hand("c10 c7 d2", PACK_52), RULES)
    assert sign == 1
    assert why.text == "Poäng 19 beats poäng 17: the higher sum of the cards of one suit wins."
    # the paragraph that compares two poäng hands is poangsumma; rangordning is tretal and sekvens
    assert why.citations == (swedish("poangsumma"),)


def test_poangsumma_equal_sums_are_equal_by_default():
    # sE s8 (19) and h10 h9 (19): only the sum counts.
    sign, why = compare(parse_hand("sE s8 d5", PACK_52), parse_hand("h10 h9 c2", PACK_52), RULES)
    assert sign == 0
    assert why.rulings == ("poang-equal-sums",)


def test_poangsumma_equal_sums_highest_card_by_house_rule():
    rules = SwedishRules(poang_ties=PoangTies.HIGHEST_CARD)
    sign, why = compare(parse_hand("h10 h9 c2", PACK_52), parse_hand("sE s8 d5", PACK_52), rules)
    assert sign == -1
    assert "the ace beats the ten" in why.text
    assert why.rulings == ("poang-equal-sums",)
    # the odd card never counts
    assert beats("sE s8 d5", "hE h8 c2", rules) == 0


def test_lagga_upp_ingenting_never_beats_poang():
    sign, why = compare(parse_hand("c2 c3 d4", PACK_52), parse_hand("dK cK h3", PACK_52), RULES)
    assert sign == 1
    assert why.text == "Poäng beats ingenting, which may not be laid up."
    assert swedish("lagga-upp") in why.citations


# --------------------------------------------------------------------------- lika


def test_lika_a_tie_including_the_dealer_goes_to_the_dealer():
    hands = parse_hands(["s6 s5 s4", "h6 h5 h4", "dK cK h3"], PACK_52)
    result = showdown(hands, RULES, dealer=1)
    assert result.winners == (1,)
    assert [p.place for p in result.placings] == [1, 1, 3]
    decider = result.decider
    assert decider is not None and decider.citations == (swedish("lika"),)
    assert decider.rulings == ()  # the text's own rule, not a ruling


def test_lika_a_tie_without_the_dealer_is_shared_as_the_text_suggests():
    hands = parse_hands(["s6 s5 s4", "h6 h5 h4", "dK cK h3"], PACK_52)
    result = showdown(hands, RULES, dealer=2)
    assert result.winners == (0, 1)
    assert result.decider is not None
    assert result.decider.rulings == ("swedish-shared-win",)
    assert "suggests" in result.decider.text
    assert "suggestion" in RULINGS["swedish-shared-win"].reading
    assert showdown(hands, RULES).winners == (0, 1)


def test_lagga_upp_a_showdown_of_ingenting_only_has_no_winner():
    hands = parse_hands(["dK cK h3", "s2 h5 d9", "c7 s8 h10"], PACK_52)
    result = showdown(hands, RULES, dealer=0)
    assert result.winners == ()
    assert result.decider is not None
    assert "ingenting may not be laid up: nobody wins" in result.decider.text
    assert result.decider.rulings == ("swedish-all-ingenting",)
    assert {p.place for p in result.placings} == {1}


def test_inledning_two_hands_are_compared_with_a_note():
    hands = parse_hands(["sE s8 d5", "c10 c7 d2"], PACK_52)
    result = showdown(hands, RULES)
    assert result.winners == (0,)
    assert result.reasons[-1].rulings == ("swedish-two-hands",)


def test_inledning_at_most_seventeen_hands():
    cards = PACK_52.cards
    deal = [cards[i : i + 3] for i in range(0, 51, 3)]
    assert len(showdown(deal, RULES).placings) == 17
    with pytest.raises(CardError, match="At most 12 hands"):
        showdown(deal, PeelRules())


# --------------------------------------------------------------------------- counts


def swedish_counts():
    """Hands per combination, from combinatorics alone."""
    sekvens = 11 * 4  # 2-3-4 .. Q-K-A in each suit: the ace high only
    one_suit = 4 * comb(13, 3) - sekvens
    two_suits = 4 * comb(13, 2) * 39  # two of a suit, the third of another
    three_suits = comb(4, 3) * 13**3 - 13 * comb(4, 3)  # minus the tretal
    counts = {
        Category.TRETAL: 13 * comb(4, 3),
        Category.SEKVENS: sekvens,
        Category.POANG: one_suit + two_suits,
        Category.INGENTING: three_suits,
    }
    assert sum(counts.values()) == comb(52, 3)
    return counts


def test_exhaustive_category_counts():
    counted = Counter(evaluate(h, RULES).category for h in itertools.combinations(PACK_52.cards, 3))
    assert dict(counted) == swedish_counts()
    assert swedish_counts()[Category.POANG] == 13268


def reference_key(hand, highest_card=False):
    """The Swedish order read afresh: a tuple, larger is better."""
    ranks = sorted((c.rank.value for c in hand), reverse=True)
    if len(set(ranks)) == 1:
        return (3, ranks[0])
    by_suit = Counter(c.suit for c in hand)
    suit, held = by_suit.most_common(1)[0]
    if held == 1:
        return (0,)
    if held == 3 and ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3:
        return (2, ranks[0])
    counting = sorted((c.rank.value for c in hand if c.suit == suit), reverse=True)
    total = sum(11 if r == 14 else min(r, 10) for r in counting)
    return (1, total, *(counting if highest_card else []))


@pytest.mark.parametrize("highest_card", [False, True])
def test_exhaustive_order_matches_a_fresh_reading_of_the_text(highest_card):
    rules = SwedishRules(poang_ties="highest-card" if highest_card else "equal")
    keyed = sorted(
        (reference_key(h, highest_card), evaluate(h, rules).strength)
        for h in itertools.combinations(PACK_52.cards, 3)
    )
    for (key_a, strength_a), (key_b, strength_b) in itertools.pairwise(keyed):
        if key_a == key_b:
            assert strength_a == strength_b, key_a
        else:
            assert strength_a < strength_b, (key_a, key_b)


hands52 = st.lists(st.sampled_from(PACK_52.cards), min_size=3, max_size=3, unique=True)


@given(hands52, hands52)
def test_compare_agrees_with_the_reference(a, b):
    sign, why = compare(a, b, RULES)
    ka, kb = reference_key(a), reference_key(b)
    assert sign == (ka > kb) - (ka < kb)
    assert why.text and why.citations


def test_rules_from_name_swedish():
    assert rules_from_name("swedish") == RULES
    assert rules_from_name("Swedish", poang_ties="highest-card").options == {
        "poang_ties": "highest-card"
    }
    with pytest.raises(ValueError, match="no Limited Commerce"):
        rules_from_name("swedish", limited="no-pair")
    with pytest.raises(ValueError, match="unknown option 'flush_ties' for swedish"):
        rules_from_name("swedish", flush_ties="share")
    with pytest.raises(ValueError, match="poang_ties must be one of 'equal', 'highest-card'"):
        SwedishRules(poang_ties="split")
