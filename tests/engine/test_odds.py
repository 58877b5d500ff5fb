"""The odds of every hand (games/engine/odds.py), checked against combinatorics done here.

Every expected count is derived in this file from the books' definitions -- Peel's
``combinations`` (sequences A-2-3 to Q-K-A, ``sequence``), his two packs (``packs``), Limited
Commerce (``limited-commerce-rule``: what is not recognised counts as Point, ruling
``limited-counts-as-point``), the Swedish ``kombinationer`` (ace high only), Cox's
``composition`` -- by formulas, never by calling the engine's counting code. The simulated
chances are checked against chances computed exactly here where the hands that beat a hand
are few enough to count (only tricons beat the highest sequence), and the data file against
a fresh deal of some of its classes.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb, factorial, sqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import odds
from games.engine.cards import PACK_32, PACK_52, Card, Suit, parse_hand
from games.engine.commerce import Category, PeelRules, SwedishRules, evaluate
from games.engine.games import get
from games.engine.strength import strength

PEEL_52 = "Peel, 52 cards"


def _peel_counts(ranks: int, runs: int, limited: str = "none") -> dict[str, int]:
    """Peel's counts for a pack of ``ranks`` ranks in four suits with ``runs`` runs of three
    following ranks (a sequence is a run in one suit)."""
    hands = comb(4 * ranks, 3)
    tricon = ranks * comb(4, 3)
    sequence = runs * 4
    flush = 4 * comb(ranks, 3) - sequence
    pair = ranks * comb(4, 2) * (4 * ranks - 4)
    counts = {"tricon": tricon, "sequence": sequence, "flush": flush, "pair": pair}
    if limited in ("no-pair", "tricon-sequence-point"):
        del counts["pair"]
    if limited == "tricon-sequence-point":
        del counts["flush"]
    counts["point"] = hands - sum(counts.values())
    return counts


def _counts(rules: object) -> dict[str, int]:
    return {c.category.value: c.hands for c in odds.category_counts(rules)}


def test_combinations_peel_52_cards_as_the_issue_gives_them():
    assert _peel_counts(13, 12) == {
        "tricon": 52,
        "sequence": 48,
        "flush": 1096,
        "pair": 3744,
        "point": 17160,
    }
    assert _counts(PeelRules()) == _peel_counts(13, 12)


@pytest.mark.parametrize("limited", ["none", "no-pair", "tricon-sequence-point"])
@pytest.mark.parametrize(("pack", "ranks", "runs"), [(PACK_52, 13, 12), (PACK_32, 8, 6)])
def test_packs_and_limited_commerce(pack, ranks, runs, limited):
    # 52 cards: A-2-3 and the eleven runs from 2-3-4 to Q-K-A; 32 cards: 7-8-9 to Q-K-A (A-7-8
    # is no sequence by the default reading of ruling short-pack-ace-low).
    assert _counts(PeelRules(pack, limited)) == _peel_counts(ranks, runs, limited)


def test_short_pack_ace_low_house_rule_adds_the_run_a_7_8():
    assert _counts(PeelRules(PACK_32, short_pack_ace_low="yes")) == _peel_counts(8, 7)


def test_kombinationer_swedish():
    # Ace high only: runs 2-3-4 to Q-K-A. Ingenting: three suits (a tretal is three suits too).
    tretal, sekvens = 13 * 4, 11 * 4
    ingenting = comb(4, 3) * 13**3 - tretal
    poang = comb(52, 3) - tretal - sekvens - ingenting
    assert _counts(SwedishRules()) == {
        "tretal": tretal,
        "sekvens": sekvens,
        "poang": poang,
        "ingenting": ingenting,
    }


def test_every_rule_set_in_the_registry_has_a_page_and_sums_to_the_pack():
    labels = [r.rules.label for r in odds.rule_sets()]
    assert len(labels) == len(set(labels)) == 7
    for r in odds.rule_sets():
        counts = odds.category_counts(r.rules)
        assert sum(c.hands for c in counts) == comb(r.rules.pack.size, 3)
        assert sum(c.share for c in counts) == 1
        assert r.others == min(11, r.rules.hand_limit - 1)


def test_percentile_bands_cover_the_scale_once():
    for r in odds.rule_sets():
        bands = odds.percentile_bands(r.rules)
        assert bands[0].start == 0 and bands[-1].end == 1
        for lower, upper in zip(bands, bands[1:], strict=False):
            assert lower.end == upper.start
            assert lower.strongest.strength < upper.weakest.strength


def test_hand_classes_hold_every_hand_once():
    for pack in (PACK_52, PACK_32):
        classes = odds._classes(pack)
        assert sum(weight for _, weight in classes.values()) == comb(pack.size, 3)
        # Counted here: ranks chosen with repeats (a, b, c), then the suit patterns that differ.
        distinct = 0
        ranks = len(pack.ranks)
        distinct += ranks  # three of a rank: one pattern
        distinct += ranks * (ranks - 1) * 2  # a pair and a third: its suit new or a pair's
        distinct += comb(ranks, 3) * 5  # three ranks: all one suit, all different, 3 pairings
        assert len(classes) == distinct


# --------------------------------------------------------------------------- beaten by N


def _tricons_beat(hand: str, others: int) -> Fraction:
    """The exact chance that at least one of ``others`` hands dealt from the 49 cards left is
    a tricon: inclusion-exclusion over k hands all tricons, tricons of different ranks being
    the only disjoint ones (a rank has four cards)."""
    held = parse_hand(hand, PACK_52)
    weights = [comb(4 - sum(1 for c in held if c.rank == r), 3) for r in PACK_52.ranks]
    chance = Fraction(0)
    for k in range(1, others + 1):
        elementary = sum(_product(chosen) for chosen in combinations([w for w in weights if w], k))
        ordered = factorial(k) * elementary
        deals = 1
        for i in range(k):
            deals *= comb(49 - 3 * i, 3)
        chance += (-1) ** (k + 1) * comb(others, k) * Fraction(ordered, deals)
    return chance


def _product(values: tuple[int, ...]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def test_highest_sequence_is_beaten_only_by_tricons_simulation_agrees():
    hand = "QS KS AS"
    chances = odds.beaten_by(parse_hand(hand, PACK_52), PeelRules(), 11)
    assert chances[0].exact and chances[0].chance == _tricons_beat(hand, 1)
    assert chances[1].exact and chances[1].chance == _tricons_beat(hand, 2)
    for chance in chances[2:]:
        exact = float(_tricons_beat(hand, chance.others))
        error = sqrt(exact * (1 - exact) / chance.samples)
        assert abs(chance.chance - exact) <= 4 * error + 1 / chance.samples, chance


@pytest.mark.parametrize("hand", ["AC KC QC", "KS 8S 7S", "10H 10S AD", "AS QH 9D"])
def test_beaten_by_two_counted_pair_by_pair(hand):
    """The exact chance against two hands, by counting here every ordered pair of disjoint
    hands of the 29 cards left that both beat the hand (32-card pack; strong hands, so few)."""
    rules = PeelRules(PACK_32)
    value = evaluate(parse_hand(hand, PACK_32), rules)
    own = value.key
    stronger = [
        v.key
        for v in rules.table.values.values()
        if v.strength > value.strength and not v.key & own
    ]
    both = sum(1 for a in stronger for b in stronger if not a & b)
    one = Fraction(len(stronger), comb(29, 3))
    expected = 2 * one - Fraction(both, comb(29, 3) * comb(26, 3))
    assert odds.beaten_by_two(value, rules) == expected


def test_simulated_two_agrees_with_the_exact_count():
    """The data file's deals against two hands, for classes across the scale, lie within
    four standard errors of the exact chance."""
    data = odds.read_data()
    for r in odds.rule_sets():
        classes = list(data.counts[r.rules.label].items())[::151]
        for key, (_, counts) in classes:
            value = evaluate(parse_hand(key, r.rules.pack), r.rules)
            p = float(odds.beaten_by_two(value, r.rules))
            error = sqrt(p * (1 - p) / data.samples)
            assert abs(counts[1] / data.samples - p) <= 4 * error + 2 / data.samples, (key, r)


def test_second_tricon_is_beaten_only_by_aces():
    # N hands, at most one of them the tricon of aces: N times 4 of C(49, 3).
    chances = odds.beaten_by(parse_hand("KS KH KD", PACK_52), PeelRules(), 11)
    assert chances[0].chance == Fraction(4, comb(49, 3))
    exact = 11 * 4 / comb(49, 3)
    assert abs(chances[10].chance - exact) <= 4 * sqrt(exact / chances[10].samples) + 1 / 2000


def test_the_top_hand_is_never_beaten():
    for chance in odds.beaten_by(parse_hand("AS AH AD", PACK_52), PeelRules(), 11):
        assert chance.chance == 0


def test_simulated_heads_up_agrees_with_the_exact_count():
    data = odds.read_data()
    rules = PeelRules()
    for hand in ("9S 9H KC", "7S 5H 2C", "KC QC 9C", "AS KH 10D"):
        cards = parse_hand(hand, PACK_52)
        _, counts = data.counts[PEEL_52][odds.hand_class(cards)]
        exact = odds.beaten_by(cards, rules, 1)[0].chance
        p = float(exact)
        assert abs(counts[0] / data.samples - p) <= 4 * sqrt(p * (1 - p) / data.samples) + 1e-3


def test_more_hands_never_beat_less_often():
    data = odds.read_data()
    for label, classes in data.counts.items():
        for key, (_, counts) in classes.items():
            assert list(counts) == sorted(counts), (label, key)
            assert len(counts) == data.others[label]


def test_data_file_is_what_the_simulation_deals_again():
    """A few classes of each pack dealt again with the same seed give the file's counts."""
    data = odds.read_data()
    assert data.samples == odds.SAMPLES and data.seed == odds.SEED
    sets = odds.rule_sets()
    assert set(data.counts) == {r.rules.label for r in sets}
    for pack in (PACK_52, PACK_32):
        keys = list(odds._classes(pack))[::97][:4]
        group = [r for r in sets if r.rules.pack == pack]
        again = odds.simulate(group, only=keys)
        for r in group:
            for key in keys:
                weight, counts = again[r.rules.label][key]
                assert data.counts[r.rules.label][key] == (weight, tuple(counts))


def test_category_averages_weigh_every_hand_equally():
    rules = PeelRules()
    beaten = odds.category_beaten(rules, 11)
    # Heads-up, all hands: each hand's losses summed directly over the table.
    table = rules.table
    lost = sum(strength(v, rules).losses for v in list(table.values.values())[::1])
    assert beaten[None][0].chance == Fraction(lost, len(table.values) * comb(49, 3))
    assert beaten[Category.TRICON][0].chance < beaten[Category.POINT][0].chance


def test_a_house_rule_that_reranks_hands_gets_the_exact_chance_only():
    chances = odds.beaten_by(parse_hand("9S 9H KC", PACK_52), PeelRules(flush_ties="share"), 11)
    assert len(chances) == 1 and chances[0].exact


def test_rule_set_of_a_game_and_its_options():
    game = get("peel-new")
    r = odds.rule_set(game, game.configure({"pack": "32", "limited": "no-pair"}))
    assert r.rules.label == "Peel, 32 cards, Limited Commerce without Pair"
    assert r.query == {"pack": "32", "limited": "no-pair"}
    assert r.others == 6


# --------------------------------------------------------------------------- Cox's deal


def _cox() -> dict[str, Fraction]:
    return {line.label: line.chance for line in odds.cox_deal()}


COX_OTHERS = 76  # 80 cards less four greenbacks (cox composition)
COX_HANDS = comb(COX_OTHERS, 8)


def test_cox_bank_card_and_captains():
    lines = _cox()
    assert lines["The bank card"] == Fraction(8, 76)
    assert lines["A captain"] == 1 - Fraction(comb(73, 8), COX_HANDS)


def test_cox_three_alike_by_inclusion_exclusion():
    # Twelve kinds (numbers 1-4 in three suits) of four cards; two kinds at most can hold
    # three of their four within eight cards.
    def at_least_three(rest: int, kinds: int) -> int:
        return sum(comb(4, j) * comb(rest, 8 - j) for j in (3, 4))

    single = 12 * at_least_three(72, 1)
    both = comb(12, 2) * sum(
        comb(4, j) * comb(4, k) * comb(68, 8 - j - k) for j in (3, 4) for k in (3, 4)
    )
    assert _cox()["Three alike of a number 1-4 and suit"] == Fraction(single - both, COX_HANDS)
    fives_single = 3 * at_least_three(72, 1)
    fives_both = comb(3, 2) * sum(
        comb(4, j) * comb(4, k) * comb(68, 8 - j - k) for j in (3, 4) for k in (3, 4)
    )
    assert _cox()["Three 5s of a suit"] == Fraction(fives_single - fives_both, COX_HANDS)


def test_cox_honours_exactly_two_of_a_kind():
    # Fruits, grains and industries: four cards each; sum over how many of each are held.
    ways = 0
    for held in ((a, b, c) for a in range(5) for b in range(5) for c in range(5)):
        if 2 in held and sum(held) <= 8:
            ways += _product(tuple(comb(4, h) for h in held)) * comb(76 - 12, 8 - sum(held))
    assert _cox()["Exactly two honours of a kind (fruits, grains or industries)"] == Fraction(
        ways, COX_HANDS
    )


def test_cox_clear_hand():
    # Black cards: 21 a suit (20 numbered and the captain); 13 others (the bank, 12 honours).
    ways = comb(13, 8) + sum(3 * comb(21, b) * comb(13, 8 - b) for b in range(1, 9))
    assert _cox()["A clear hand (black cards of one suit only)"] == Fraction(ways, COX_HANDS)


def test_cox_greenbacks_laid_out():
    lines = _cox()
    laid = [lines[f"Greenbacks laid out in the deal: {g}"] for g in range(5)]
    assert sum(laid) == 1
    # Greenbacks met before the eighth of the 76 other cards: mean 8 x 4 / 77.
    assert sum(g * p for g, p in enumerate(laid)) == Fraction(8 * 4, 77)
    assert laid[0] == Fraction(comb(76, 8), comb(80, 8))
    assert lines["The greenback of his own Supply Base"] == Fraction(8, 77)


# --------------------------------------------------------------------------- properties

_SUIT_MOVES = st.permutations(list(Suit))


@given(st.permutations(PACK_52.cards), _SUIT_MOVES, st.sampled_from(["english", "swedish"]))
def test_hands_equal_but_for_suits_have_the_same_odds(deck, suits, book):
    rules = PeelRules() if book == "english" else SwedishRules()
    hand = tuple(deck[:3])
    moved = {s: suits[i] for i, s in enumerate(Suit)}
    other = tuple(Card(c.rank, moved[c.suit]) for c in hand)
    assert odds.hand_class(hand) == odds.hand_class(other)
    assert odds.beaten_by(hand, rules, 11) == odds.beaten_by(other, rules, 11)


@given(st.permutations(PACK_32.cards), st.permutations(PACK_32.cards))
def test_a_stronger_hand_is_never_beaten_more_often_heads_up(one, two):
    rules = PeelRules(PACK_32)
    a, b = evaluate(one[:3], rules), evaluate(two[:3], rules)
    if a.strength < b.strength:
        a, b = b, a
    chance_a = odds.beaten_by(a, rules, 6)
    chance_b = odds.beaten_by(b, rules, 6)
    assert strength(a, rules).beats_share >= strength(b, rules).beats_share
    assert all(0 <= c.chance <= 1 for c in (*chance_a, *chance_b))
    assert [c.chance for c in chance_a] == sorted(c.chance for c in chance_a)
    # Heads-up (exact) the stronger hand loses to no more hands than the weaker, but for the
    # hands the weaker one's own cards keep from its opponents (those holding any of them).
    slack = Fraction(comb(32, 3) - comb(29, 3), comb(29, 3))
    assert chance_a[0].chance <= chance_b[0].chance + slack
