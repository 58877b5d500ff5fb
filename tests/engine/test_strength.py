"""Hand strength: shares of all hands and exact heads-up chances, checked by enumeration."""

import itertools
import time
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import PACK_32, PACK_52, CardError, parse_hand
from games.engine.commerce import Limited, PeelRules, SwedishRules, evaluate
from games.engine.strength import strength, strength_table

RULE_SETS = [
    PeelRules(),
    PeelRules(PACK_32),
    PeelRules(limited=Limited.TRICON_SEQUENCE_POINT),
    SwedishRules(),
]


def enumerate_directly(hand, rules):
    """Wins, draws and losses against every opposing hand of the remaining cards."""
    mine = evaluate(hand, rules).strength
    rest = [c for c in rules.pack.cards if c not in hand]
    wins = draws = losses = 0
    for other in itertools.combinations(rest, 3):
        theirs = evaluate(other, rules).strength
        wins += theirs < mine
        draws += theirs == mine
        losses += theirs > mine
    return wins, draws, losses


def all_hands_directly(hand, rules):
    mine = evaluate(hand, rules).strength
    every = [evaluate(h, rules).strength for h in itertools.combinations(rules.pack.cards, 3)]
    return (
        sum(s < mine for s in every),
        sum(s == mine for s in every),
        sum(s > mine for s in every),
    )


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("AS AH AD", PeelRules()),
        ("9S 9H KD", PeelRules()),
        ("AH 2H 3H", PeelRules()),
        ("2C 3D 4H", PeelRules()),
        ("KS 9S 6S", PeelRules()),
        ("QH KH AH", PeelRules(PACK_32)),
        ("7C 8D 9H", PeelRules(PACK_32)),
        ("KS 9S 6S", PeelRules(limited=Limited.TRICON_SEQUENCE_POINT)),
        ("sE s8 d5", SwedishRules()),
        ("dK cK h3", SwedishRules()),
        ("s6 s5 s4", SwedishRules()),
    ],
)
def test_inclusion_exclusion_matches_direct_enumeration(text, rules):
    hand = parse_hand(text, rules.pack)
    s = strength(hand, rules)
    assert (s.wins, s.draws, s.losses) == enumerate_directly(hand, rules)
    assert (s.beats, s.ties, s.loses_to) == all_hands_directly(hand, rules)
    assert s.opponents == comb(rules.pack.size - 3, 3)
    assert s.hands == comb(rules.pack.size, 3)


@settings(max_examples=10, deadline=None)
@given(st.permutations(PACK_32.cards))
def test_inclusion_exclusion_matches_enumeration_for_random_short_pack_hands(cards):
    rules = PeelRules(PACK_32)
    hand = tuple(cards[:3])
    s = strength(hand, rules)
    assert (s.wins, s.draws, s.losses) == enumerate_directly(hand, rules)


@given(st.permutations(PACK_52.cards), st.sampled_from(RULE_SETS))
def test_probabilities_sum_to_one(cards, rules):
    hand = tuple(c for c in cards if c in rules.pack)[:3]
    s = strength(hand, rules)
    assert s.win + s.tie + s.lose == 1
    assert s.beats_share + s.ties_share + s.loses_share == 1
    assert s.wins + s.draws + s.losses == s.opponents
    assert s.ties >= 1  # the hand ties itself
    assert all(isinstance(x, Fraction) for x in (s.win, s.tie, s.lose))


def test_the_best_and_worst_hands():
    best = strength(parse_hand("AS AH AD", PACK_52), PeelRules())
    assert best.win == 1 and best.loses_to == 0
    worst = strength(parse_hand("2C 3D 4H", PACK_52), PeelRules())
    assert worst.beats == 0 and worst.win == 0


def test_ingenting_never_wins():
    s = strength(parse_hand("dK cK h3", PACK_52), SwedishRules())
    assert s.wins == 0 and s.beats == 0
    assert s.draws > 0  # against another ingenting: neither may lay up


def test_strength_accepts_a_hand_value():
    rules = PeelRules()
    v = evaluate(parse_hand("9S 9H KD", PACK_52), rules)
    assert strength(v, rules) == strength(parse_hand("KD 9H 9S", PACK_52), rules)


def test_strength_refuses_a_card_not_of_the_pack():
    with pytest.raises(CardError, match="not in the 32-card pack"):
        strength(parse_hand("2S 3S 4S", PACK_52), PeelRules(PACK_32))


def test_tables_are_built_once_and_shared():
    assert strength_table(PeelRules().table) is strength_table(PeelRules().table)


def test_a_query_takes_well_under_ten_milliseconds():
    rules = PeelRules()
    hands = list(itertools.combinations(PACK_52.cards, 3))[::221]
    strength(hands[0], rules)  # build the tables first
    start = time.perf_counter()
    for hand in hands:
        strength(hand, rules)
    per_query = (time.perf_counter() - start) / len(hands)
    assert per_query < 0.01


def test_describe_in_words():
    s = strength(parse_hand("9S 9H KD", PACK_52), PeelRules())
    assert s.describe().startswith("pair of nines and a king: beats ")
