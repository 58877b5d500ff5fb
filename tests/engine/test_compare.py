"""The same hands under every rule set, and the disagreements explained."""

from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import PACK_32, PACK_52, parse_hands
from games.engine.citations import peel, swedish
from games.engine.compare import judge_everywhere, rule_sets_for

LABELS = [
    "Peel, 52 cards",
    "Peel, 32 cards",
    "Peel, 52 cards, Limited Commerce without Pair",
    "Peel, 52 cards, Limited Commerce of Tricon, Sequence and Point",
    "Swedish text",
]


def test_every_rule_set_judges_short_pack_hands():
    result = judge_everywhere(parse_hands(["QS KS AS", "7H 8H 9H"], PACK_52))
    assert [label for label, _ in result.judgements] == LABELS
    assert result.skipped == ()
    assert result.disagreements == ()


def test_the_short_pack_is_skipped_when_a_card_is_not_in_it():
    result = judge_everywhere(parse_hands(["QS KS AS", "2H 3H 4H"], PACK_52))
    assert [label for label, _ in result.judgements] == LABELS[:1] + LABELS[2:]
    assert result.skipped == (
        ("Peel, 32 cards", "some card is not in the 32-card pack (seven to ace)"),
    )


def test_sequence_ace_two_three_is_a_sequence_to_peel_but_only_poang_to_the_swedish_text():
    result = judge_everywhere(parse_hands(["AH 2H 3H", "KS QD 9C"], PACK_52))
    (found,) = [d for d in result.disagreements if d.kind == "category" and d.hands == (0,)]
    assert found.hands == (0,)
    assert found.labels == ("Peel, 52 cards", "Swedish text")
    assert found.reason.text == (
        "Hand 1: ace-two-three of one suit is a sequence to Peel but only poäng to the "
        "Swedish text."
    )
    assert peel("sequence") in found.reason.citations
    assert swedish("sekvens") in found.reason.citations


def test_pair_counts_to_peel_but_not_to_the_swedish_text():
    result = judge_everywhere(parse_hands(["9S 9D KC", "5H 3H 7C"], PACK_52))
    texts = [d.reason.text for d in result.disagreements]
    assert (
        "Hand 1: a pair counts to Peel but not to the Swedish text, where the hand is "
        "ingenting, which may not be laid up." in texts
    )
    assert (
        "Hand 1: a pair counts to Peel but not to Peel's Limited Commerce without Pair, "
        "where the hand is only point." in texts
    )
    winner = [d for d in result.disagreements if d.kind == "winner"]
    assert len(winner) == 1
    assert winner[0].labels == ("Peel, 52 cards", "Swedish text")
    assert winner[0].hands == (0, 1)
    assert winner[0].reason.text.startswith(
        "Peel, 52 cards: hand 1 wins (pair of nines and a king); "
        "Swedish text: hand 2 wins (poäng 8 (five and three of hearts))."
    )
    assert peel("pair") in winner[0].reason.citations
    assert swedish("lagga-upp") in winner[0].reason.citations


def test_flush_is_only_poang_to_the_swedish_text_and_point_under_limited_commerce():
    result = judge_everywhere(parse_hands(["QS JS 8S", "KD QH 8H"], PACK_52))
    texts = [d.reason.text for d in result.disagreements if d.kind == "category"]
    assert texts == [
        "Hand 1: a hand of one suit that is not a sequence is a flush to Peel but only point "
        "to Peel's Limited Commerce of Tricon, Sequence and Point.",
        "Hand 1: a hand of one suit that is not a sequence is a flush to Peel but only poäng "
        "to the Swedish text.",
    ]
    winners = {d.labels[1]: d.reason for d in result.disagreements if d.kind == "winner"}
    assert set(winners) == {"Peel, 52 cards, Limited Commerce of Tricon, Sequence and Point"}
    why = next(iter(winners.values()))
    assert peel("limited-commerce-rule") in why.citations


def test_point_in_three_suits_is_ingenting_to_the_swedish_text():
    result = judge_everywhere(parse_hands(["KS QD 9C", "AH 5H 2C"], PACK_52))
    (category,) = [d for d in result.disagreements if d.kind == "category"]
    assert category.reason.text == (
        "Hand 1: a hand of three suits is point to Peel but ingenting to the Swedish text, "
        "which may not be laid up."
    )
    (winner,) = [d for d in result.disagreements if d.kind == "winner"]
    assert swedish("ingenting") in winner.reason.citations


def test_lika_the_dealer_takes_a_tie_that_peel_shares():
    result = judge_everywhere(parse_hands(["10S JS QS", "10H JH QH", "2C 5D 9S"], PACK_52), 1)
    (winner,) = [d for d in result.disagreements if d.kind == "winner"]
    assert "hands 1 and 2 share the win" in winner.reason.text
    assert "the dealer wins" in winner.reason.text
    assert swedish("lika") in winner.reason.citations and peel("ties") in winner.reason.citations


def test_nobody_wins_under_the_swedish_text_when_every_hand_is_ingenting():
    result = judge_everywhere(parse_hands(["9S 9D 2C", "9H 9C 2D", "3S 4H 6D"], PACK_52))
    (winner,) = [d for d in result.disagreements if d.kind == "winner"]
    assert "Swedish text: nobody wins." in winner.reason.text
    assert winner.reason.rulings == ("swedish-all-ingenting",)


def test_point_and_poang_count_differently():
    result = judge_everywhere(parse_hands(["9H 2H AS", "KC 5C 3D"], PACK_52))
    shown = {label: sd.winners for label, sd in result.judgements}
    assert shown["Peel, 52 cards"] == (0,)  # point 22 against 18
    assert shown["Swedish text"] == (1,)  # poäng 11 against 15
    (winner,) = [d for d in result.disagreements if d.kind == "winner"]
    assert "Peel's point counts all three cards" in winner.reason.text
    assert swedish("poangsumma") in winner.reason.citations


def test_more_than_twelve_hands_are_judged_by_the_swedish_text_only():
    cards = PACK_52.cards
    hands = [cards[i : i + 3] for i in range(0, 42, 3)]
    result = judge_everywhere(hands)
    assert [label for label, _ in result.judgements] == ["Swedish text"]
    assert len(result.skipped) == 4 and result.disagreements == ()


def test_rule_sets_for_lists_all_five():
    assert len(rule_sets_for(parse_hands(["7S 8S 9S", "AH AD AC"], PACK_32))) == 5


@given(st.permutations(PACK_52.cards), st.integers(2, 6))
def test_every_disagreement_is_explained_and_cited(cards, n):
    hands = [tuple(cards[i : i + 3]) for i in range(0, 3 * n, 3)]
    result = judge_everywhere(hands)
    reference = result.judgements[0][1]
    for label, judged in result.judgements[1:]:
        differs = judged.winners != reference.winners
        listed = any(d.kind == "winner" and d.labels[1] == label for d in result.disagreements)
        assert differs == listed
    for d in result.disagreements:
        assert d.reason.text and d.reason.citations
        books = {c.book for c in d.reason.citations}
        if "Swedish" in d.labels[1] and d.kind == "category":
            assert books == {"peel-commerce", "commerce-swedish"}
