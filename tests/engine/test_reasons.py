"""Reasons carry their players and hands as data: ``render(None)`` is the engine's text, and
``render(names)`` puts each name in place -- at a sentence's start with a capital -- with no
"hand N" or "player N" left for anyone named.

The legacy reader of the words, :func:`games.engine.wording.name_players`, is the oracle: on
every reason the engine writes, the one formatter of names gives what it read back.
"""

from __future__ import annotations

import re
import string
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import cox
from games.engine.cards import PACK_32, PACK_52, Card, parse_hands
from games.engine.citations import RULINGS, Reason
from games.engine.commerce import ExactTies, Limited, PeelRules, SwedishRules, showdown
from games.engine.compare import judge_everywhere
from games.engine.settlement import (
    HandOutcome,
    PeelNewOptions,
    SwedishOptions,
    settle_peel_new,
    settle_peel_old,
    settle_swedish,
)
from games.engine.wording import Mention, Said, name_players
from tests.deals import settle_deal

# Lower case, so that a capital at a sentence's start is the formatter's doing; none a word of
# the engine's (checked below), none inside another.
NAMES = ["ann", "bea", "cyd", "dot", "jem", "fay", "gil", "hux", "ike", "kai", "lev", "moe"]
_NUMBERED = re.compile(r"\b(?:[Pp]layers?|[Hh]ands?) \d")


def _mentions(values):
    """The mentions among the values of a template's placeholders, those in words nested in
    them (a :class:`Said`, a mention's details) too."""
    for value in values:
        if isinstance(value, Mention):
            yield value
            yield from _mentions(value.details or ())
        elif isinstance(value, Said):
            yield from _mentions(v for _, v in value.values)


def _check(reason: Reason, names: list[str]) -> str:
    """Every property of one reason's words, with ``names`` for its players or hands."""
    assert reason.render(None) == reason.text
    assert reason.render() == reason.text
    named = reason.render(names)
    if not reason.who:
        assert named == reason.text
        return named
    # The oracle: the legacy reader of the words gives the same.
    assert named == name_players(reason.text, names)
    # Nobody named is left as a number, and each mention's names are all there.
    assert not _NUMBERED.search(named), named
    for mention in _mentions(v for _, v in reason.who):
        for i in mention.indices:
            assert re.search(rf"\b{names[i]}\b", named, re.IGNORECASE), (names[i], named)
    # A name that starts a sentence has a capital; lower case anywhere else, as written.
    people = "|".join(NAMES)
    assert not re.search(rf"[.!?] (?:{people})\b", named), named
    if reason.text[:1].isupper():
        assert not re.match(rf"(?:{people})\b", named), named
    for word in re.findall(r"\b[A-Z][a-z]+\b", named):
        if word.lower() in NAMES:
            start = named.index(word)
            before = named[:start].rstrip()
            assert not before or before.endswith((".", "!", "?")), named
    return named


def test_no_name_is_a_word_the_engine_writes():
    hands = _parse("AS KS QS", "2H 2D 2C", "9S 9D 4C", "9H 9C 4D")
    deal = settle_deal("english-new", ["AS KS QS", "2H 2D 2C", "9S 9D 4C"], 1, dealer=0, stood=1)
    texts = [r.text for r in (*showdown(hands, PeelRules()).reasons, *deal.reasons)]
    words = " ".join(texts).lower()
    for name in NAMES:
        assert not re.search(rf"\b{name}\b", words)


# --------------------------------------------------------------------------- showdowns


def _hands(pack: list[Card], data: st.DataObject, most: int) -> list[list[Card]]:
    """2 to ``most`` hands from the pack; often from a few ranks, so that ties are common."""
    ranks = sorted({c.rank for c in pack})
    few = data.draw(st.integers(1, len(ranks)), label="ranks")
    chosen = data.draw(st.permutations(ranks), label="rank order")[:few]
    cards = [c for c in pack if c.rank in chosen] if few > 4 else pack
    n = data.draw(st.integers(2, min(most, len(cards) // 3)), label="hands")
    dealt = data.draw(st.permutations(cards), label="cards")[: 3 * n]
    return [dealt[3 * i : 3 * i + 3] for i in range(n)]


_PEEL_RULES = st.sampled_from(
    [
        PeelRules(),
        PeelRules(PACK_32),
        PeelRules(exact_ties=ExactTies.DEALER),
        PeelRules(limited=Limited.NO_PAIR),
        PeelRules(limited=Limited.TRICON_SEQUENCE_POINT),
    ]
)


@given(st.one_of(_PEEL_RULES, st.just(SwedishRules())), st.data())
def test_showdown_reasons_render_with_names(rules, data):
    pack = list(rules.pack.cards)
    hands = _hands(pack, data, min(12, rules.hand_limit))
    dealer = data.draw(st.none() | st.integers(0, len(hands) - 1), label="dealer")
    result = showdown(hands, rules, dealer)
    for reason in result.reasons:
        _check(reason, NAMES)
        assert all(r.slug == s for r, s in zip(reason.applied, reason.rulings, strict=True))
    if len(result.winners) > 1 or len({p.place for p in result.placings}) < len(hands):
        assert any(reason.who for reason in result.reasons)


@given(st.data())
def test_comparison_reasons_render_with_names(data):
    hands = _hands(list(PACK_52.cards), data, 7)
    for disagreement in judge_everywhere(hands).disagreements:
        named = _check(disagreement.reason, NAMES)
        for i in disagreement.hands:
            assert re.search(rf"\b{NAMES[i]}\b", named, re.IGNORECASE)


# --------------------------------------------------------------------------- settlements

_ENGLISH = ["tricon", "sequence", "flush", "pair", "point"]
_SWEDISH = ["tretal", "sekvens", "poang", "ingenting"]


def _outcomes(data: st.DataObject, categories: list[str]) -> list[HandOutcome]:
    """Outcomes a showdown could give: places by count, categories not rising with place."""
    n = data.draw(st.integers(2, 12), label="players")
    strengths = data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n), label="strength")
    order = sorted(set(strengths), reverse=True)
    step = max(1, len(order) // len(categories) + 1)
    out = []
    for s in strengths:
        place = 1 + sum(1 for t in strengths if t > s)
        category = categories[min(len(categories) - 1, order.index(s) // step)]
        out.append(HandOutcome(place, category))
    return out


@given(st.data())
def test_new_game_settlement_reasons_render_with_names(data):
    outcomes = _outcomes(data, _ENGLISH)
    n = len(outcomes)
    options = PeelNewOptions(
        stander_pays=data.draw(st.sampled_from(["each", "shared"])),
        dealer_penalty=data.draw(st.sampled_from(["none", "all", "better"])),
        tie_dealer_stake=data.draw(st.sampled_from(["each", "shared"])),
    )
    dealer = data.draw(st.integers(0, n - 1))
    stood = data.draw(st.integers(0, n - 1))
    bought = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    settled = settle_peel_new(outcomes, dealer, stood, bought, 1, options)
    for reason in (*settled.reasons, *(t.reason for t in settled.transfers)):
        _check(reason, NAMES)
    winners = settled.reasons[0].mentions["winners"]
    assert isinstance(winners, Mention)
    assert winners.indices == settled.winners


@given(st.data())
def test_old_game_settlement_reasons_render_with_names(data):
    settled = settle_peel_old(_outcomes(data, _ENGLISH), data.draw(st.sampled_from([1, "1/2"])))
    for reason in (*settled.reasons, *(t.reason for t in settled.transfers)):
        _check(reason, NAMES)


@given(st.data())
def test_swedish_settlement_reasons_render_with_names(data):
    outcomes = _outcomes(data, _SWEDISH[:3])  # nobody may lay up ingenting: some hand holds more
    n = len(outcomes)
    dealer = data.draw(st.integers(0, n - 1))
    bought = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    options = SwedishOptions(data.draw(st.sampled_from(["share", "full-bonus"])))
    settled = settle_swedish(outcomes, dealer, bought, 1, options)
    for reason in (*settled.reasons, *(t.reason for t in settled.transfers)):
        _check(reason, NAMES)


@given(st.sampled_from(["english-new", "english-old", "swedish"]), st.data())
def test_deals_settled_from_the_cards_render_with_names(game, data):
    hands = _hands(list(PACK_52.cards), data, 12)
    n = len(hands)
    dealer = data.draw(st.integers(0, n - 1))
    stood = data.draw(st.integers(0, n - 1)) if game == "english-new" else None
    bought = None if game == "english-old" else [0] * n
    options = {"exact_ties": "dealer"} if data.draw(st.booleans()) and game != "swedish" else {}
    codes = [" ".join(str(c) for c in hand) for hand in hands]
    try:
        deal = settle_deal(
            game, codes, 1, dealer=dealer, stood=stood, bought=bought, options=options
        )
    except ValueError:
        return  # a deal no table could reach (a Swedish deal of two, or of ingenting only)
    for reason in deal.reasons:
        _check(reason, NAMES)


@given(st.lists(st.lists(st.integers(-5, 30), min_size=3, max_size=3), min_size=1, max_size=4))
def test_cox_game_reasons_render_with_names(rows):
    for reason in cox.game_totals(rows).reasons:
        _check(reason, NAMES)


# --------------------------------------------------------------------------- worded examples


def _parse(*hands: str) -> tuple[tuple[Card, Card, Card], ...]:
    return parse_hands(hands, PACK_52)


def test_three_hands_tying_say_all_three_not_both():
    result = showdown(_parse("9S 8S 4D", "9H 8H 4C", "9D 8D 4H"), PeelRules())
    tie = result.reasons[0]
    assert tie.text.startswith("Hands 1 (point 21")
    assert "All three make point 21" in tie.text and "Both" not in tie.text
    assert tie.render(["ann", "bea", "cyd"]).startswith("Ann (point 21")
    assert "Both" not in tie.render(["ann", "bea", "cyd"])
    decider = result.reasons[-1]
    assert decider.render(["ann", "bea", "cyd"]).startswith("Ann, bea and cyd share the win")


def test_a_hand_beating_another_reads_with_names():
    result = showdown(_parse("AS 2S 3S", "KD KH 2C"), PeelRules())
    reason = result.reasons[0]
    assert reason.text == (
        "Hand 1 (sequence ace-two-three of spades) beats hand 2 (pair of kings and a two). "
        "A sequence beats a pair."
    )
    assert reason.render(["Ann", "Bo"]) == (
        "Ann (sequence ace-two-three of spades) beats Bo (pair of kings and a two). "
        "A sequence beats a pair."
    )
    better = Mention("hand", (0,), ("sequence ace-two-three of spades",), capital=True)
    said = reason.mentions["better"]
    assert isinstance(said, Mention) and said.details is not None
    assert replace(said, details=tuple(str(d) for d in said.details)) == better


def test_the_dealer_deciding_a_tie_is_named_mid_text_and_at_the_start():
    result = showdown(_parse("s6 s5 s4", "h6 h5 h4", "dK cK h3"), SwedishRules(), dealer=1)
    assert result.reasons[1].render(["ann", "bea", "cyd"]) == (
        "Bea is the dealer and ties for first place, so the dealer wins."
    )


def test_a_name_missing_keeps_the_number():
    result = showdown(_parse("AS 2S 3S", "KD KH 2C"), PeelRules())
    assert result.reasons[0].render(["Ann"]).startswith("Ann (sequence")
    assert " beats hand 2 (pair of kings" in result.reasons[0].render(["Ann"])


def test_settlement_names_the_winners():
    deal = settle_deal("english-new", ["9S 9H KC", "2C 3D 5H", "9D 9C KD"], 1, dealer=1, stood=1)
    first = deal.settlement.reasons[0]
    assert first.render(["Ann", "Bo", "Cy"]).startswith("Ann and Cy hold exactly equal best")


def test_the_stander_tied_by_the_dealer_is_named():
    hands = ["9S 9H KC", "2C 3D 5H", "9D 9C KD"]
    deal = settle_deal("english-new", hands, 1, dealer=0, stood=2, options={"exact_ties": "dealer"})
    last = deal.settlement.reasons[-1]
    assert last.text.startswith("Player 3 stood with a hand equal")
    assert last.render(["ann", "bo", "cy"]).startswith("Cy stood with a hand equal")


def test_a_reason_without_mentions_renders_its_text_and_its_rulings_are_objects():
    reason = Reason("the deal passes to the left", (), ("peel-equal-hands",))
    assert reason.render(["Ann"]) == reason.text
    assert reason.applied == (RULINGS["peel-equal-hands"],)
    assert reason.template == reason.text
    assert Reason("a {brace}").render(["Ann"]) == "a {brace}"
    with pytest.raises(KeyError):
        _ = Reason("x", (), ("no-such-ruling",)).applied


def test_templates_are_formats_of_the_mentions_only():
    result = showdown(_parse("9S 8S 4D", "9H 8H 4C", "2D 3D 5H"), PeelRules())
    for reason in result.reasons:
        fields = {f for _, f, _, _ in string.Formatter().parse(reason.template) if f}
        assert fields == set(reason.mentions)
