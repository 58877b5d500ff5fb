"""Cox's Commerce in another language (issue 12): every word of ``games/engine/cox.py`` that a
page shows -- a card's name, a line of the count, a captain's or the bank card's placing, a
reason, an error -- is a message id with its values as data, so the site's speaker writes it
whole in Swedish, and the engine's English (the API's) stays as it was.

A speaker that writes every letter of the engine's own words as "~" renders a broad set of
counts, deals, games and refusals: no English word may be left but the players' names, the
card codes and what a person typed. It also records each template asked for, and every message
id of the module's part of the catalogue (``the catalogue``) but the rulings'
(which the rulings page writes) must be among them. Then the same, in Swedish, through the
site's catalogue (``make messages`` compiles it).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest
from django.utils import translation
from django.utils.translation import gettext

from games.engine import cox, wording
from games.engine.citations import RULINGS, Reason
from games.engine.cox import (
    DISTINCT_CARDS,
    MAX_HAND_CARDS,
    PACK,
    CoxOptions,
    CoxScore,
    check_supply_bases,
    game_totals,
    parse_card,
    parse_deal,
    parse_hand,
    score_hand,
)
from games.engine.wording import EngineError, Said, speak_with
from games.speaking import page_speaker
from tests.i18n.speakers import Tilde, catalogue_of

MODULES = ("games/engine/cox.py",)
"""The modules whose words this part checks."""
NAMES = ["Ann", "Bo", "Cy", "Di"]


# --------------------------------------------------------------------------- what is said

HANDS = [
    "ship-4 ship-4 ship-captain ship-2 ship-2 ship-2 fruit-1 bank",
    "auto-5 auto-5 auto-5 auto-1 auto-1 auto-1 auto-2 auto-2 greenback-3",
    "auto-1 auto-1 auto-1 ship-2",
    "fruit-1 grain-1",
    "fruit-1 grain-1 industry-1 auto-3",
    "plane-1 plane-1 plane-1 plane-2 plane-2 plane-2 plane-4 plane-5",
    "ship-2 ship-2 ship-2 ship-3 ship-3 ship-3 ship-1",
    "ship-2 ship-2 ship-2 ship-3 ship-3 ship-3 ship-1 fruit-4",
    "auto-4 auto-4 auto-4 auto-captain ship-1 ship-1 ship-1 ship-2 ship-2",
    "auto-4 auto-4 auto-4 bank ship-1 ship-1 ship-1 ship-2 ship-2",
    "auto-4 auto-4 auto-4 auto-captain bank fruit-1",
    "auto-3 auto-3 auto-3 auto-4 auto-4 auto-4 auto-captain bank",
    "fruit-1 fruit-2 bank grain-1 grain-2 grain-3 industry-1 industry-2",
    "fruit-1 fruit-2 fruit-3 grain-1 grain-2 grain-3 industry-1 industry-2 greenback-1",
    "auto-1 ship-1 plane-1 greenback-2 greenback-1",
    "auto-1 auto-1 auto-1 auto-1 auto-2 auto-2 auto-2 auto-3 auto-3",
    "auto-1 auto-1 auto-1 auto-2 auto-2 auto-2 auto-3 auto-captain",
    "auto-1 auto-1 auto-1 auto-2 auto-2 auto-2 auto-3 bank",
    "auto-1 auto-1 auto-1 auto-2 auto-2 auto-2 fruit-1 bank",
    "ship-5 ship-5 ship-5 ship-5 plane-1 plane-1 plane-1 plane-2 plane-2",
    "bank",
    "greenback-4",
]
OPTIONS = [
    CoxOptions(),
    CoxOptions(penalty_before_double=True),
    CoxOptions(bank_pairs_with_captain=True),
    CoxOptions(sell_out_requires_clear_hand=True),
    CoxOptions(bank_counts_in_clear_hand=False, prefer_complete_arrangement=False),
]


def _random_hands(count: int) -> list[list[str]]:
    """Hands drawn from the pack, some from a few kinds so that groups are common."""
    chance = random.Random(12)
    out = []
    for _ in range(count):
        few = [c for c in PACK if c.suit in chance.sample(["auto", "ship", "plane", ""], 2)]
        pool = few + [c for c in PACK if c.category != "suit"] if chance.random() < 0.7 else PACK
        out.append([c.code for c in chance.sample(list(pool), chance.randint(3, 10))])
    return out


def counts() -> Iterator[CoxScore]:
    for hand in [*HANDS, *_random_hands(150)]:
        for options in OPTIONS:
            try:
                result = score_hand(hand, 2, options)
            except EngineError:
                continue  # more copies of a card than the pack has
            yield result


def _caught(make: Callable[[], object]) -> EngineError:
    with pytest.raises(EngineError) as caught:
        make()
    return caught.value


TYPED = [
    "auto-6", "plane-9", "fruit-5", "greenback-5", "greenback", "ship", "joker", "ace of spades",
    "", "bank-2", "fruit-captain", "auto-captain-3", "auto ship 3",
]  # fmt: skip
REFUSALS: list[Callable[[], object]] = [
    *(lambda t=t: parse_card(t) for t in TYPED),
    lambda: parse_card(3),
    lambda: cox.CoxCard("suit", "ship", 6),
    lambda: parse_hand("auto-3 auto-3 auto-3 auto-3 auto-3"),
    lambda: parse_hand("bank bank"),
    lambda: score_hand(["auto-1"] * 4 + ["ship-1"] * 4 + ["plane-1"] * 4 + ["fruit-1"] * 1
                       + ["fruit-2", "grain-1"], 1),
    lambda: score_hand(["auto-1"], 7),
    lambda: score_hand(["auto-1"], "2"),
    lambda: check_supply_bases([1, 3, 1]),
    lambda: check_supply_bases([1, 5]),
    lambda: check_supply_bases([2]),
    lambda: check_supply_bases("12"),
    lambda: parse_deal(["bank auto-1", "auto-1", "ship-2 bank"], [1, 2, 3]),
    lambda: parse_deal(["auto-1", "fruit-9"], [1, 2]),
    lambda: parse_deal("auto-1", [1]),
    lambda: parse_deal(["auto-1", "auto-2"], [1, 2, 3]),
    lambda: cox.check_players(5),
    lambda: game_totals([]),
    lambda: game_totals([[1, 2]] * 5),
    lambda: game_totals([[1, 2], 3]),  # type: ignore[list-item]
    lambda: game_totals([[1, 2], [1, 2, 3]]),
    lambda: game_totals([[1, "2"]]),  # type: ignore[list-item]
]  # fmt: skip


def everything() -> Iterator[tuple[str, Said | Reason | EngineError | None, str]]:
    """Each text: what it is, the words as data (None: the engine said nothing a page can
    translate), and its English as the engine writes it."""
    for card in DISTINCT_CARDS:
        yield "card", card.words, card.name
    for result in counts():
        for line in result.breakdown:
            yield "line", line.words, line.label
        for use in result.arrangement:
            yield "placing", use.words, use.text
        for reason in result.reasons:
            yield "reason", reason, reason.text
    for rows in ([[5, 5, 1]], [[12, 6, -5], [0, 20, 3], [8, 8, 8], [-5, 0, 30]]):
        for reason in game_totals(rows).reasons:
            yield "reason", reason, reason.text
    for reason in cox.GameTotals([], []).reasons:  # nobody wins: no game ends so
        yield "reason", reason, reason.text
    for make in REFUSALS:
        error = _caught(make)
        yield "error", error, error.detail


def written(words: Said | Reason | EngineError, names: list[str] | None = None) -> str:
    if isinstance(words, Said):
        return words.words(names, wording.speaker())
    return words.render(names)


# --------------------------------------------------------------------------- the tests


def test_the_english_is_the_engines_own():
    for kind, words, english in everything():
        assert words is not None, (kind, english)
        assert written(words) == english


def _rest(text: str) -> str:
    """``text`` without what may stay in any language: card codes, what was typed (quoted),
    the representation of a value passed, and the players' names."""
    text = re.sub(r"CoxCard\([^)]*\)", "", text)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "", text)
    text = re.sub(
        r"\b(?:auto|ship|plane|fruit|grain|industry|greenback)-(?:\d|captain)\b", "", text
    )
    text = re.sub(r"\bbank\b|\bNone\b", "", text)
    return re.sub(r"\b(?:" + "|".join(NAMES) + r")\b", "", text)


def _msgids() -> set[str]:
    rulings = {
        text
        for made in RULINGS.values()
        for text in (made.question, made.reading, *(words for _, words in made.alternatives))
    }
    return {entry.msgid for entry in catalogue_of(*MODULES) if entry.msgid not in rulings}


def test_no_english_word_is_left_when_the_words_are_spoken_otherwise(speaking):
    tilde = Tilde()
    speaking(tilde)
    for kind, words, english in everything():
        assert words is not None
        for names in (None, NAMES):
            text = written(words, names)
            assert not re.search(r"[^\W\d_]", _rest(text)), (kind, english, text)
    unsaid = _msgids() - tilde.asked
    assert not unsaid, unsaid


def test_every_message_id_of_the_module_has_its_swedish():
    entries = {e.msgid: e for e in catalogue_of(*MODULES)}
    for made in RULINGS.values():
        if made.slug.startswith("cox-"):
            texts = (made.question, made.reading, *(words for _, words in made.alternatives))
            assert all(entries[text].msgstr for text in texts), made.slug
    assert all(e.msgstr and "fuzzy" not in e.flags for e in entries.values())
    # the ruling on the size of a hand writes the limit out: a message id is a literal
    hand_size = RULINGS["cox-hand-size"].reading
    assert hand_size.startswith(f"At most {MAX_HAND_CARDS}:")
    assert f"= {MAX_HAND_CARDS}." in hand_size


# --------------------------------------------------------------------------- in Swedish

_ENGLISH = re.compile(
    r"\b(?:the|of|and|with|is|are|not|card|cards|hands|player|players|pair|three|four|"
    r"scores?|nothing|clear|complete|captain|greenbacks?|supply|base|wins|nobody|unused|as)\b"
)


@pytest.fixture
def swedish() -> Iterator[None]:
    """Swedish pages' speaker (the site's) and language; the speaker before comes back."""
    before = wording._find_speaker
    speak_with(page_speaker)
    with translation.override("sv"):
        if gettext("the bank card") == "the bank card":
            pytest.fail("the Swedish catalogue is not compiled: run make messages")
        yield
    speak_with(before)


def test_in_swedish_no_english_word_is_left(swedish):
    for kind, words, english in everything():
        assert words is not None
        text = written(words, NAMES)
        # the quoted book ('winner') and the English term in brackets are meant to stay
        rest = re.sub(r"\((?:sell out|waiting hand|greenbacks|Supply Base)\)", "", _rest(text))
        assert not _ENGLISH.search(rest), (kind, english, text)


def test_a_count_in_swedish(swedish):
    result = score_hand("ship-4 ship-4 ship-captain ship-2 ship-2 ship-2 fruit-1 bank", 3)
    assert [written(line.words) for line in result.breakdown] == [
        "tre tvåor i skepp",
        "tre fyror i skepp (med kaptenen i skepp)",
        "ett par frukter (med bankkortet)",
        "bankkortet fördubblar poängen",
    ]
    assert [written(use.words) for use in result.arrangement] == [
        "kaptenen i skepp som tredje fyra i skepp",
        "bankkortet som frukt 2",
    ]
    said = [r.render(NAMES) for r in result.reasons]
    assert said[0].startswith("handen är komplett: två kombinationer och ett par")
    assert "ren hand: alla svarta kort är skepp (honnörskort räknas inte mot en ren hand)" in said
    mixed = score_hand("auto-1 auto-1 auto-1 ship-2 plane-3 greenback-1", 1)
    lines = [(written(line.words), line.points) for line in mixed.breakdown]
    assert lines == [("tre ettor i bilar", 3), ("dollarsedel 1 (egen förrådshög)", 6),
                     ("ingen ren hand: minus 5", -5)]  # fmt: skip
    assert "ingen ren hand: svarta kort i bilar, skepp och flygplan: 5 poäng dras av" in [
        r.render(NAMES) for r in mixed.reasons
    ]


def test_refusals_in_swedish_name_the_players(swedish):
    held = _caught(lambda: parse_deal(["bank auto-1", "auto-1", "ship-2 bank"], [1, 2, 3]))
    assert (
        held.render(NAMES) == "leken har bara 1 av bank (bankkortet); Ann och Cy har 2 tillsammans"
    )
    assert (
        held.render() == "leken har bara 1 av bank (bankkortet); spelare 1 och 3 har 2 tillsammans"
    )
    base = _caught(lambda: check_supply_bases([1, 3, 1]))
    assert base.render(NAMES) == "förrådshög 1 har redan Ann: varje spelare har sin egen"
    unknown = _caught(lambda: parse_card("fruit-5")).render()
    assert unknown.startswith(
        "okänt kort 'fruit-5': frukter är numrerade 1 till 4; giltiga kort är"
    )
    score = _caught(lambda: game_totals([[1, "2"]])).render(NAMES)  # type: ignore[list-item]
    assert score == "giv 1, Bo: poängen är ett heltal, inte '2'"
    assert [r.render(NAMES) for r in game_totals([[5, 5, 1]]).reasons] == [
        "högsta summan (5) vinner: Ann och Bo"
    ]


def test_a_card_named_in_swedish_is_read_back(swedish):
    for card in DISTINCT_CARDS:
        name = written(card.words)
        assert name != card.name
        assert parse_card(name) == card, name
    assert [c.code for c in parse_hand("skepp tre, kapten i bilar, bankkortet, dollarsedel 4")] == [
        "ship-3", "auto-captain", "bank", "greenback-4",
    ]  # fmt: skip


def test_the_rulings_in_swedish(swedish):
    for made in RULINGS.values():
        if made.slug.startswith("cox-"):
            for text in (made.question, made.reading, *(words for _, words in made.alternatives)):
                assert gettext(text) != text, text
    assert gettext(RULINGS["cox-hand-size"].reading).startswith("Högst 14:")
