"""Commerce showdowns in another language (issue 12, engine part A): every word that
``games/engine/commerce.py``, ``compare.py``, ``strength.py``, ``deal.py`` and ``cards.py``
write for a page -- a hand's value, why one hand beats another, a tie and its decider, where
the rule sets disagree, a card that cannot be read -- is a message id with its values as data,
so the site's speaker writes it whole in Swedish, while the engine's English (the API's) stays
as it was.

A speaker that writes every letter of the engine's own words as "~" renders a broad set of
showdowns, comparisons and refusals: no letter may be left but the players' names, the card
codes and what a person typed. It records each template asked for: every message id of this
part of the catalogue (``the catalogue``) but the rulings' (the rulings
page writes those) and a few that no reachable input says must be among them. Then the same
in Swedish, through the site's catalogue (``make messages`` compiles it). Also the
Swedish players' suit letters ``r`` (ruter) and ``k`` (klöver).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from games.engine.cards import (
    PACK_32,
    PACK_52,
    Card,
    CardError,
    Rank,
    Suit,
    board_errors,
    parse_card,
    parse_hand,
    parse_hands,
)
from games.engine.citations import RULINGS
from games.engine.commerce import (
    Category,
    ExactTies,
    FlushTies,
    Limited,
    PeelRules,
    PoangTies,
    ShortPackAceLow,
    SwedishRules,
    compare,
    evaluate,
    rulings_used,
    showdown,
)
from games.engine.compare import judge_everywhere
from games.engine.strength import strength
from games.engine.wording import EngineError, Speaker
from games.speaking import page_speaker
from tests.i18n.speakers import Tilde, catalogue_of

MODULES = (
    "games/engine/commerce.py",
    "games/engine/compare.py",
    "games/engine/strength.py",
    "games/engine/cards.py",
)
"""The modules whose words this part checks."""
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
_CODE = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")
_TYPED = re.compile(r"'[^']*'")

# Message ids no input asks for: an 18th place and a tie of 13 hands or more need more hands
# than any rule set deals, and a hand of the pack's cards that the table lacks cannot be built.
_UNREACHED = {
    "{number}th place",
    "All {count}",
    "{given} is not a hand of the {pack}",
    "{typed} ({card})",  # asked only when the token differs from the card's code: below
    # judge_everywhere compares default rule sets only, and no hand changes family between
    # them as three of a kind or two cards of a suit; a tricon is one everywhere; a
    # combination never counts under another rule set for a better kind of hand.
    "Peel with the {size}-card pack by the house rule",
    "three of a kind",
    "a hand of two cards of one suit and one other",
    "a tricon",
    "a tretal",
    "{hand}: {shape} counts to {ref} but not to {other}, where the hand is {noun}.",
    "{hand}: {shape} is {noun} to {ref} but {other_noun} to {other}.",
    "a run of three in one suit",
    "a sekvens",
    "sixteenth place",  # a tie there needs fifteen better hands of their own and two equal
    "seventeenth place",
}


# --------------------------------------------------------------------------- the examples

_RULE_SETS: list[PeelRules | SwedishRules] = [
    PeelRules(),
    PeelRules(PACK_32),
    PeelRules(PACK_32, short_pack_ace_low=ShortPackAceLow.YES),
    PeelRules(limited=Limited.NO_PAIR),
    PeelRules(limited=Limited.TRICON_SEQUENCE_POINT),
    PeelRules(flush_ties=FlushTies.SHARE),
    PeelRules(exact_ties=ExactTies.DEALER),
    SwedishRules(),
    SwedishRules(poang_ties=PoangTies.HIGHEST_CARD),
]

# Showdowns that reach every explanation: each kind against each, and each tie-break.
_SHOWDOWNS = [
    ["AS AH AD", "KS QS JS", "9H 7H 2H", "8C 8D 3S", "KD 7C 2D"],
    ["2C 2D 2H", "3C 3D 3H"],
    ["AH 2H 3H", "4S 5S 6S"],
    ["QH KH AH", "QS KS AS"],
    ["KS 9S 6S", "KH 9H 5H"],
    ["KS 9S 6S", "QH 9H 6H"],
    ["KS 9S 6S", "KH 9H 6H"],
    ["KS QS 6S", "KH JH 6H"],
    ["KS 9S 6S", "KH 8H 7H"],
    ["9S 9H KD", "9C 9D QS"],
    ["9S 9H KD", "9C 9D KS"],
    ["9S 9H KD", "8C 8D KS"],
    ["9S 8S 4D", "9H 8H 4C", "9D 8D 4H"],
    ["KS 8D 4C", "QS 9D 3C"],
    ["KS 8D 4C", "9S 8C 6D"],
    ["KS 8D 4C", "KD 8C 4H"],
    ["AS 7S 8S", "9H 9D 2C"],
    ["9S 9D KC", "5H 3H 7C"],
    ["AH 2H 3H", "9S 9D KC"],
    ["9H 8H 2H", "9S 9D KC"],
    ["s6 s5 s4", "h6 h5 h4", "dK cK h3"],
    ["sE s8 d5", "hE h8 c5"],
    ["sE s8 d5", "hE h7 c2"],
    ["sE sK d5", "hE hD c5"],
    ["sE sK sD", "hE hK hD"],
    ["c2 d2 h2", "c3 d3 h3"],
    ["KS QS JS", "4H 5H 6H"],
    ["sK sD skn", "h4 h5 h6"],
    ["dK cK h3", "d4 c5 h6"],
    ["sE sK s9", "hE hK c9", "d2 d3 c4", "c7 h8 s10"],
]


_KINDS = {
    False: [
        parse_hand(text, PACK_52)
        for text in (
            "AS AH AD",
            "KS QS JS",
            "AH 10H 8H",
            "8C 8D 9S",
            "KD 7C 8D",
        )
    ],
    True: [parse_hand(text, PACK_52) for text in ("sE hE dE", "sK sD skn", "h9 h7 c2", "dK c7 s2")],
}
"""A hand of each kind, best first: Peel's (in the short pack too), the Swedish text's."""


def _hands(text: list[str], rules: PeelRules | SwedishRules) -> tuple[tuple[Card, ...], ...] | None:
    try:
        return parse_hands(text, rules.pack, rules.hand_limit)
    except CardError:
        return None


def _shown(speaker: Speaker) -> list[str]:
    """A broad set of words: showdowns, comparisons, hand values, strength, refusals."""
    out: list[str] = []
    for rules in _RULE_SETS:
        out.append(rules.heading.words(None, speaker))
        for text in _SHOWDOWNS:
            hands = _hands(text, rules)
            if hands is None:
                continue
            for dealer in (None, 0, 1):
                result = showdown(hands, rules, dealer)
                out += [r.render(NAMES) for r in result.reasons]
                out += [r.render(None) for r in result.reasons]
                out += [v.said.words(None, speaker) for v in result.values]
            out.append(compare(hands[0], hands[1], rules)[1].render(NAMES))
        kinds = _KINDS[isinstance(rules, SwedishRules)]
        for high, low in itertools.combinations(kinds, 2):  # every kind against every other
            if all(c in rules.pack for c in (*high, *low)):
                out.append(compare(high, low, rules)[1].render(NAMES))
                out.append(strength(high, rules).said.words(None, speaker))
    rng = random.Random(12)
    cards = list(PACK_52.cards)
    for n in (2, 3, 4, 5, 7, 10, 12):  # many hands: ties of many, late places
        for _ in range(15):
            rng.shuffle(cards)
            hands = tuple(tuple(cards[3 * i : 3 * i + 3]) for i in range(n))
            for rules in (PeelRules(), SwedishRules(), PeelRules(limited=Limited.NO_PAIR)):
                result = showdown(hands, rules, rng.choice([None, 0]))
                out += [r.render(NAMES) for r in result.reasons]
            everywhere = judge_everywhere(hands)
            out += [d.reason.render(NAMES) for d in everywhere.disagreements]
            out += [
                f"{rules.words(None, speaker)} {why.words(None, speaker)}"
                for rules, why in everywhere.skipped_words
            ]
    for many in range(2, 13):  # a tie of ``many`` equal hands: "Both", "All three"...
        hands = _equal_poang(many)
        out += [r.render(NAMES) for r in showdown(hands, SwedishRules()).reasons]
    for text in (  # hands whose kind differs from one rule set to another
        ["AH 2H 3H", "9S 9D KC"],
        ["AS 7S 8S", "9H 9D 2C"],
        ["4S 5S 6S", "AH KD 2C"],
        ["KS QS JS", "4H 5H 6H"],
        ["9S 9D KC", "AH 9C 2D"],
        ["4S 5S 6S", "4H 5H 6H"],
    ):
        everywhere = judge_everywhere(parse_hands(text, PACK_52), dealer=0)
        out += [d.reason.render(NAMES) for d in everywhere.disagreements]
    thirteen = judge_everywhere(tuple(tuple(cards[3 * i : 3 * i + 3]) for i in range(13)))
    out += [why.words(None, speaker) for _, why in thirteen.skipped_words]
    # Seventeen Swedish hands, each in a place of its own: thirteen tretal, four sekvens.
    tretals = [tuple(Card(rank, suit) for suit in Suit if suit is not Suit.SPADES) for rank in Rank]
    spades = sorted((c for c in PACK_52.cards if c.suit is Suit.SPADES), reverse=True)
    runs = [tuple(spades[3 * i : 3 * i + 3]) for i in range(4)]
    result = showdown((*tretals, *runs), SwedishRules())
    assert sorted(p.place for p in result.placings) == list(range(1, 18))
    out += [r.render(NAMES) for r in result.reasons]
    # Ties for the late places: fourteen better hands, each of its own, and two equal sekvens.
    tops = sorted((r for r in Rank if r >= Rank.FIVE), reverse=True)
    better: list[tuple[Card, ...]] = [
        parse_hand(f"c{r.swedish_code} s{r.swedish_code} h{r.swedish_code}", PACK_52) for r in tops
    ]
    better += [parse_hand(t, PACK_52) for t in ("dE dK dD", "dkn d10 d9", "d8 d7 d6", "d5 d4 d3")]
    tie = [parse_hand("h4 h3 h2", PACK_52), parse_hand("c4 c3 c2", PACK_52)]
    for place in range(12, 16):
        result = showdown((*better[: place - 1], *tie), SwedishRules())
        assert [p.place for p in result.placings][-2:] == [place, place]
        out += [r.render(NAMES) for r in result.reasons]
    for rank in Rank:  # each rank's words, as a first highest card that differs says them
        out += [w.words(None, speaker) for w in (rank.said, rank.said_plural, rank.said_the)]
        out.append(rank.said_one.words(None, speaker))
    for category in Category:
        out.append(category.said.words(None, speaker))
    for limited in Limited:
        out.append(limited.said.words(None, speaker))
    out += _refusals()
    return out


def _equal_poang(many: int) -> tuple[tuple[Card, ...], ...]:
    """``many`` Swedish hands of poäng 13 each: two cards of one suit and a third of another."""
    pairs = [
        (Rank.KING, Rank.THREE),
        (Rank.NINE, Rank.FOUR),
        (Rank.EIGHT, Rank.FIVE),
        (Rank.SEVEN, Rank.SIX),
    ]
    thirds = [Card(r, s) for s in Suit for r in (Rank.QUEEN, Rank.JACK, Rank.TEN)]
    hands = []
    for i, ((a, b), suit) in enumerate(itertools.product(pairs, Suit)):
        if i == many:
            break
        third = thirds[(3 * (list(Suit).index(suit) + 1) + i // 4) % 12]
        hands.append((Card(a, suit), Card(b, suit), third))
    return tuple(hands)


def _refusals() -> list[str]:
    """Every refusal the modules write, rendered (names for the hands)."""
    out: list[str] = []
    bad_hands = [
        ["AS KS QS", "2H qs 2C"],
        ["AS KS QS", "2H KS 2C"],
        ["AS KS", "2H 3H 4H"],
        ["AS KS QS"],
        [],
        ["AS KS XX", "2H 3H 4H"],
        ["AS KS  ", "2H 3H 4H"],
        ["AS AS QS", "2H 3H 4H"],
        ["AS as QS", "2H 3H 4H"],
        ["AS KS QS JS", "2H 3H 4H"],
        ["", "2H 3H 4H"],
    ]
    for hands in bad_hands:
        try:
            parse_hands(hands, PACK_52)
        except CardError as error:
            out.append(error.render(NAMES))
    try:
        parse_hands(["2S 3S 4S", "AH KH QH"], PACK_32)
    except CardError as error:
        out.append(error.render(NAMES))
    try:
        parse_hands(["s2 s3 s4", "AH KH QH"], PACK_32)
    except CardError as error:
        out.append(error.render(NAMES))
    try:
        parse_hands(
            [" ".join(str(c) for c in PACK_32.cards[3 * i : 3 * i + 3]) for i in range(8)], PACK_32
        )
    except CardError as error:
        out.append(error.render(NAMES))
    for board, complete in (
        ([["AS", "KS", ""], ["2S", "as", "ZZ"]], False),
        ([["AS", "KS", ""], ["2S", "3S", "4S"]], True),
        ([["AS", "KS", "QS"]], True),
        ([["AS", "KS", "QS", "JS"], ["2S", "3S", "2S"]], True),
    ):
        out += [e.render(NAMES) for e in board_errors(board, PACK_32, complete=complete)]
    two = parse_hands(["AS KS QS", "2H 3H 4H"], PACK_52)
    not_cards: Any = [("AS", "KS"), ("AS", "KS")]
    for call in (
        lambda: showdown(two[:1], PeelRules()),
        lambda: showdown(two, PeelRules(), dealer=5),
        lambda: showdown([*two] * 9, SwedishRules()),
        lambda: showdown([two[0], two[0]], PeelRules()),
        lambda: showdown(not_cards, PeelRules()),
        lambda: evaluate(parse_hand("2S 3S 4S", PACK_52), PeelRules(PACK_32)),
        lambda: parse_card("KX"),
        lambda: parse_card(""),
    ):
        with pytest.raises(EngineError) as raised:
            call()
        out.append(raised.value.render(NAMES))
    return out


# --------------------------------------------------------------------------- the tests


def test_no_english_word_is_left_when_another_language_speaks(speaking):
    tilde = Tilde()
    speaking(tilde)
    shown = _shown(tilde)
    assert len(shown) > 500
    for text in shown:
        rest = _TYPED.sub("", _CODE.sub("", text))
        rest = re.sub(r"\b(?:peel-new|peel-old|swedish)\b", "", rest)  # the games' slugs
        for name in NAMES:
            rest = re.sub(rf"\b{name}\b", "", rest)
        assert not re.search(r"[^\W\d_]", rest), text


def test_every_message_id_of_the_part_is_asked_for(speaking):
    tilde = Tilde()
    speaking(tilde)
    _shown(tilde)
    # The card read from a token written otherwise than its code: "'as' (AS)".
    with pytest.raises(CardError) as raised:
        parse_hands(["AS KS QS", "2H as 2C"], PACK_52)
    raised.value.render(NAMES)
    rulings = {words for r in RULINGS.values() for words in (r.question, r.reading)}
    rulings |= {words for r in RULINGS.values() for _, words in r.alternatives}
    ids = {e.msgid for e in catalogue_of(*MODULES) if e.msgid}
    missing = ids - tilde.asked - rulings - _UNREACHED
    assert not missing, "\n".join(sorted(missing))


def test_the_rulings_of_the_showdown_are_all_in_the_catalogue():
    ids = {e.msgid: e.msgstr for e in catalogue_of(*MODULES)}
    for made in rulings_used().values():
        for words in (made.question, made.reading, *(w for _, w in made.alternatives)):
            assert ids.get(words), words


def test_english_is_the_engines_own(speaking):
    """The API's words: unchanged, whatever the words are made of."""
    result = showdown(parse_hands(["9S 9H KD", "9C 9D QS"], PACK_52), PeelRules())
    assert result.reasons[0].text == (
        "Hand 1 (pair of nines and a king) beats hand 2 (pair of nines and a queen). "
        "Both hold a pair of nines; the king beats the queen as third card."
    )
    tie = showdown(parse_hands(["9S 8S 4D", "9H 8H 4C", "9D 8D 4H"], PACK_52), PeelRules())
    assert tie.reasons[0].text.endswith(
        "tie for first place. All three make point 21 with cards of the same ranks: they are equal."
    )
    everywhere = judge_everywhere(parse_hands(["9S 9D KC", "5H 3H 7C"], PACK_52))
    assert everywhere.disagreements[-1].reason.text == (
        "Peel, 52 cards: hand 1 wins (pair of nines and a king); Swedish text: hand 2 wins "
        "(poäng 8 (five and three of hearts)). Hand 1: a pair counts to Peel but not to the "
        "Swedish text, where the hand is ingenting, which may not be laid up. Hands 1 and 2: "
        "to Peel, a pair beats a point; to the Swedish text, poäng beats ingenting, which may "
        "not be laid up."
    )
    with pytest.raises(CardError) as raised:
        parse_hands(["AS KS QS", "2H qs 2C"], PACK_52)
    assert str(raised.value) == "Hand 2, card 2: 'qs' (QS) is also in hand 1"


@pytest.fixture
def swedish() -> Iterator[None]:
    with translation.override("sv"):
        yield


def test_a_showdown_in_swedish(swedish):
    result = showdown(parse_hands(["9S 9H KD", "9C 9D QS"], PACK_52), PeelRules())
    assert result.reasons[0].render(["Ann", "Bo"]) == (
        "Ann (par i nior och en kung) slår Bo (par i nior och en dam). "
        "Båda har par i nior; kungen slår damen som tredje kort."
    )
    tie = showdown(parse_hands(["9S 8S 4D", "9H 8H 4C", "9D 8D 4H"], PACK_52), PeelRules())
    assert "delar första plats. Alla tre har poäng 21 med kort av samma valörer" in tie.reasons[
        0
    ].render(NAMES)
    swedish_tie = showdown(
        parse_hands(["s6 s5 s4", "h6 h5 h4", "dK cK h3"], PACK_52), SwedishRules(), dealer=1
    )
    assert swedish_tie.reasons[1].render(["Ann", "Bo", "Cy"]) == (
        "Bo är givare och delar första plats, så givaren vinner."
    )
    assert "En sekvens slår ingenting, som inte får läggas upp." in swedish_tie.reasons[2].render(
        None
    )


def test_a_comparison_of_rule_sets_in_swedish(swedish):
    everywhere = judge_everywhere(parse_hands(["9S 9D KC", "5H 3H 7C"], PACK_52))
    words = everywhere.disagreements[-1].reason.render(["Ann", "Bo"])
    assert words.startswith("Peel, 52 kort: Ann vinner (par i nior och en kung); ")
    assert "Ann och Bo — enligt Peel: ett par slår poäng; enligt den svenska texten: " in words
    assert "English" not in words and " beats " not in words


def test_a_card_error_in_swedish_writes_the_cards_as_the_swedish_text(swedish):
    with pytest.raises(CardError) as raised:
        parse_hands(["AS KS QS", "2H KS 2C"], PACK_52)
    assert raised.value.render(["Ann", "Bo"]) == "sK finns också i Ann"
    with pytest.raises(CardError) as raised:
        parse_hands(["7S 8S 2S", "AH KH QH"], PACK_32)
    assert raised.value.render() == "s2 finns inte i kortleken med 32 kort (sjua till ess)"
    assert str(raised.value) == "Hand 1, card 3: 2S is not in the 32-card pack (seven to ace)"
    assert (
        strength(parse_hand("9S 9H KD", PACK_52), PeelRules())
        .said.words(None, page_speaker())
        .endswith("förlorar 12 %")
    )


# --------------------------------------------------------------------------- r and k


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("r10", "10D"),
        ("k7", "7C"),
        ("kkn", "JC"),
        ("rD", "QD"),
        ("rE", "AD"),
        ("rkn", "JD"),
        ("kE", "AC"),
        ("kK", "KC"),
        ("k10", "10C"),
        ("kD", "QC"),
        ("R9", "9D"),
        ("KKN", "JC"),
    ],
)
def test_the_swedish_players_suit_letters_are_read(typed, card):
    read = parse_card(typed)
    assert str(read) == card
    assert read.swedish_code[0] in "shdc"  # shown as the text writes it: d and c


@pytest.mark.parametrize("typed", ["KD", "kd", "Kd", "KS", "ks", "KH", "kc", "K♦"])
def test_an_english_king_stays_a_king(typed):
    assert parse_card(typed).rank.code == "K"


@pytest.mark.parametrize("typed", ["r", "k", "r1", "kX", "rKnX", "r11"])
def test_a_bad_swedish_letter_card_is_refused_naming_how_to_write(typed):
    with pytest.raises(CardError) as raised:
        parse_card(typed)
    assert "is not a card" in str(raised.value)


def test_a_hand_in_the_swedish_players_letters_is_judged_as_in_the_texts():
    mine = parse_hands(["r10 rkn rD", "k7 k8 k9", "sE hE kE"], PACK_52)
    text = parse_hands(["d10 dkn dD", "c7 c8 c9", "sE hE cE"], PACK_52)
    assert mine == text
    assert showdown(mine, SwedishRules()).winners == showdown(text, SwedishRules()).winners


def test_words_kept_once_are_each_language_s_own():
    """A hand's value and its reasons are kept once written in a language (the engine's
    memo, the site's look-ups): the next page in another language gets its own words."""
    from games.speaking import Translated, page_speaker

    hands = parse_hands(["9S 9H KD", "9C 9D QS"], PACK_52)
    english = "Hand 1 (pair of nines and a king) beats hand 2 (pair of nines and a queen)."
    swedish_words = "Hand 1 (par i nior och en kung) slår hand 2 (par i nior och en dam)."
    for language, words in (("sv", swedish_words), ("en", english), ("sv", swedish_words)):
        with translation.override(language):
            reason = showdown(hands, PeelRules()).reasons[0]
            assert reason.render(None).startswith(words)
            assert reason.text.startswith(english)  # the API's words, whatever the page's
    with translation.override("en"):  # a speaker keeps its own language, whichever is active
        assert Translated("sv").text("pair of {ranks} and {third}") == "par i {ranks} och {third}"
        assert page_speaker().text("pair of {ranks} and {third}") == "pair of {ranks} and {third}"
