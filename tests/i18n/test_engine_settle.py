"""Settling, pools, amounts and options in another language (issue 12, engine part B): every
word that ``games/engine/settlement.py``, ``pool.py``, ``amounts.py``, ``games.py``,
``requests.py`` and ``odds.py`` write for a page -- who won and why each payment is made, the
pool's ledger, the rotation of the deal, an amount, an option or a request value refused, the
lines of Cox's deal -- is a message id with its values as data, so the site's speaker writes
it whole in Swedish, while the engine's English (the API's) stays as it was.

A speaker that writes every letter of the engine's own words as "~" renders a broad set of
settlements, pool games and refusals: no letter may be left but the players' names and what
a person typed (quoted). It records each template asked for, and each must be translated in
``the catalogue``. The labels the registry declares (games, options, their
values) are message ids the catalogue translates too. Then the same words in Swedish through
the site's catalogue (``make messages`` compiles it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from functools import partial

import pytest
from django.utils import translation

from games.engine import odds, pool, settlement, wording
from games.engine.amounts import AmountError, read_amount
from games.engine.games import CommerceGame, OptionError, get, registered
from games.engine.requests import (
    RequestError,
    read_amount_in,
    read_card,
    read_codes,
    read_flag,
    read_index,
    read_whole,
)
from games.engine.settlement import HandOutcome, SettlementError
from games.engine.wording import EngineError, Speaker, speak_with
from games.speaking import page_speaker
from tests.i18n.speakers import Tilde, catalogue_of

MODULES = (
    "games/engine/settlement.py",
    "games/engine/pool.py",
    "games/engine/amounts.py",
    "games/engine/games.py",
    "games/engine/requests.py",
    "games/engine/odds.py",
)
"""The modules whose words this part checks."""
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
_TYPED = re.compile(r"'[^']*'|\"[^\"]*\"")
_KEYS = re.compile(
    "|".join(sorted({o.name for g in registered() for o in g.options}, key=len, reverse=True))
)
"""The options' names: keys, as a form and the API name them, not words."""
_MINE = ("peel-new", "peel-old", "pool", "swedish", "cox")
"""The games this part declares (the request games' labels are their own modules')."""


# --------------------------------------------------------------------------- the examples

# Deals of the games that settle one: (game, hands, dealer, stood, bought, options).
_DEALS = [
    ("peel-new", ["AS KS QS", "9H 9D 7C", "8C 7D 10H"], 0, 1, [0, 1, 2], {}),
    ("peel-new", ["AS KS QS", "9H 9D 7C", "8C 7D 10H"], 1, 2, [0, 1, 0], {}),
    ("peel-new", ["AS AH AD", "9H 7H 2H", "8C 7D 10H"], 1, 0, [0, 0, 0], {"dealer_penalty": "all"}),
    ("peel-new", ["AS AH AD", "KS QS JS", "8C 7D 10H"], 1, 0, [0, 0, 0], {"dealer_penalty": "all"}),
    ("peel-new", ["AS KS QS", "2H 2D 2C", "8C 7D 10H"], 0, 1, [0, 0, 0], {"dealer_penalty": "all"}),
    ("peel-new", ["AS KS QS", "AH KH QH", "8C 7D 10H"], 2, 2, [0, 0, 0], {}),
    (
        "peel-new",
        ["AS KS QS", "AH KH QH", "8C 8D 10H"],
        2,
        2,
        [0, 0, 0],
        {"tie_dealer_stake": "shared", "stander_pays": "shared", "dealer_penalty": "all"},
    ),
    (
        "peel-new",
        ["AS 9S 4S", "2H 2D 7C", "8C 7D 10H"],
        1,
        2,
        [0, 0, 0],
        {"dealer_penalty": "better"},
    ),
    (
        "peel-new",
        ["AS 9S 4S", "2H 2D 7C", "8C 7D 10H"],
        2,
        None,
        [0, 0, 0],
        {"extended": True, "dealer_penalty": "all"},
    ),
    (
        "peel-new",
        ["AS 9S 4S", "2H 6D 9C", "8C 7D 10H"],
        1,
        None,
        [0, 0, 0],
        {"extended": True, "dealer_penalty": "all", "limited": "no-pair"},
    ),
    ("peel-new", ["AS KS QS", "AH KH QH", "8C 7D 10H"], 1, 0, [0, 0, 0], {"exact_ties": "dealer"}),
    ("peel-old", ["AS KS QS", "9H 9D 7C", "8C 7D 10H"], None, None, None, {}),
    ("peel-old", ["AS KS QS", "AH KH QH", "8C 7D 10H"], None, None, None, {}),
    ("swedish", ["s6 s5 s4", "h6 h5 h4", "dK cK h3"], 1, None, [1, 2, 1], {}),
    ("swedish", ["s6 s5 s4", "h6 h5 h4", "dK cK h3"], 0, None, [1, 2, 1], {}),
    ("swedish", ["s6 s5 s4", "h6 h5 h4", "dK cK h3"], 2, None, [0, 1, 1], {}),
    ("swedish", ["s6 s5 s4", "h6 h5 h4", "dK cK h3"], 2, None, [0, 1, 1], {"tie": "full-bonus"}),
    ("swedish", ["sE sK s9", "hE hK h9"], 0, None, [1, 0], {}),
    ("swedish", ["sE s8 d5", "hE h8 c5", "d2 d3 c4"], 2, None, [0, 0, 3], {}),
]


def _game(slug: str) -> CommerceGame:
    game = get(slug)
    assert isinstance(game, CommerceGame)
    return game


def _settlements() -> list[settlement.Settlement]:
    out = []
    for slug, hands, dealer, stood, bought, options in _DEALS:
        game = _game(slug)
        config = game.configure(options)
        deal = game.settle(hands, 1, config, dealer=dealer, stood=stood, bought=bought)
        out.append(deal.settlement)
    out.append(settlement.settle_peel_old([HandOutcome(1, "pair"), HandOutcome(1, "pair")], 1))
    tie = [HandOutcome(1, "sekvens"), HandOutcome(1, "sekvens"), HandOutcome(3, "poang")]
    out.append(settlement.settle_swedish(tie, 0, [0, 1, 1], 1))
    return out


def _pool_games() -> list[pool.Replay]:
    short = pool.PoolGame(3, buy_in=1, prize=2, horse_price=1)
    every = pool.PoolGame(3, 3, 1, 1, pool.PoolOptions(tied_worst="none", horse="every"))
    return [
        pool.play(
            pool.PoolGame(3, 3, 1, 1),
            [pool.Deal.of(0, 2), pool.Deal.of(1, 2), pool.Deal.of(0, 2), pool.Horse(2)],
        ),
        pool.play(short, [pool.Deal.of((0, 1), 2), pool.Deal.of(0, (1, 2))]),
        pool.play(short, [pool.Deal.of(0, 2), pool.Deal.of((0, 1), 2)]),
        pool.play(every, [pool.Deal.of(0, (1, 2)), pool.Deal.of((0, 1, 2))]),
        pool.play(pool.PoolGame(2, 3, 1, 1), [pool.Deal.of(0, 1)] * 3),
        pool.play(pool.PoolGame(3, 3, 1, 1), [pool.Deal.of(0, (1, 2))] * 3),
    ]


def _refusals() -> list[EngineError]:
    """Errors a person can cause: amounts, options, request values, deals and pool moves."""
    out: list[EngineError] = []

    def caught(call: Callable[[], object]) -> None:
        with pytest.raises(EngineError) as error:
            call()
        out.append(error.value)

    for value in ("lots", "0", "-2", "1/30000", "1e999999", 10**12, [1]):
        caught(partial(read_amount, value, "stake"))
    caught(lambda: read_amount("-2", "price", positive=False))
    for slug, raw in (
        ("peel-new", {"flush_ties": "toss"}),
        ("peel-new", {"colour": "red"}),
        ("pool", {"prize": "lots"}),
        ("pool", {"buy_in": "0"}),
        ("peel-new", {"extended": "maybe"}),
    ):
        caught(partial(get(slug).configure, raw))
    caught(lambda: get("cox").configure({"pack": 32}))

    def refuse(detail: str, *, item=None, token=None, **values: object) -> Exception:
        return RequestError.about("field", detail, item=item, token=token, **values)

    caught(lambda: read_flag("maybe", refuse))
    caught(lambda: read_whole("x", refuse))
    caught(lambda: read_index(7, 3, refuse))
    caught(lambda: read_amount_in("lots", refuse))
    caught(lambda: read_codes("AS " * 40, refuse, most=3))
    caught(lambda: read_codes(3, refuse, most=3))
    caught(lambda: read_codes("AS KS QS JS", refuse, most=3))
    caught(lambda: read_codes(["AS", 7], refuse, most=3))
    caught(lambda: read_card(7, refuse))
    caught(lambda: read_card("X" * 20, refuse))

    peel_new, peel_old, swedish = _game("peel-new"), _game("peel-old"), _game("swedish")
    hands = ["AS KS QS", "9H 9D 7C", "8C 7D 10H"]
    caught(lambda: peel_new.settle(hands, 1, peel_new.configure(), dealer=None, stood=1))
    caught(lambda: peel_new.settle(hands, 1, peel_new.configure(), dealer=5, stood=1))
    caught(lambda: peel_new.settle(hands, 1, peel_new.configure(), dealer=0, stood=None))
    caught(lambda: peel_new.settle(hands, 0, peel_new.configure(), dealer=0, stood=1))
    caught(lambda: peel_new.settle(hands, 1, peel_new.configure(), dealer=0, stood=1, bought=[1]))
    caught(
        lambda: peel_new.settle(
            hands, 1, peel_new.configure(), dealer=0, stood=1, bought=[0, 99, 0]
        )
    )
    caught(
        lambda: peel_new.settle(
            hands, 1, peel_new.configure(), dealer=0, stood=1, bought=[0, 10**9, 0]
        )
    )
    caught(
        lambda: peel_new.settle(hands, 1, peel_new.configure({"extended": True}), dealer=0, stood=1)
    )
    caught(lambda: peel_old.settle(hands, 1, peel_old.configure(), bought=[0, 2, 0]))
    caught(
        lambda: swedish.pay(
            [HandOutcome(1, "ingenting"), HandOutcome(1, "ingenting")],
            1,
            swedish.configure(),
            dealer=0,
        )
    )
    caught(lambda: settlement.settle_peel_old([HandOutcome(2, "pair"), HandOutcome(3, "point")], 1))
    caught(lambda: settlement.settle_peel_old([HandOutcome(1, "pair")], 1))
    caught(lambda: settlement.settle_peel_old([HandOutcome(1, "pair"), HandOutcome(1, "flush")], 1))
    caught(lambda: settlement.settle_peel_old([HandOutcome(1, "pair"), HandOutcome(2, "flush")], 1))
    caught(lambda: settlement.next_dealer("pool", 0, 3, out={1, 2}))
    caught(lambda: settlement.next_dealer("swedish", 0, 3, out={1}))
    caught(lambda: settlement.suggest_end([1]))

    start = pool.PoolGame(3, 3, 1, 1)
    for moves in (
        [pool.Deal.of(0, 0)],
        [pool.Deal.of(0, ())],
        [pool.Deal.of((), 1)],
        [pool.Deal.of((0, 0), 1)],
        [pool.Horse(1)],
        [pool.Deal.of(0, 2)] * 3 + [pool.Deal.of(2, 1)],
        [pool.Deal.of(0, 2)] * 3 + [pool.Deal.of(0, 1, dealer=2)],
        [pool.Deal.of(0, 1)] * 3 + [pool.Deal.of(0, 2)] * 3 + [pool.Deal.of(0, 2)],
    ):
        caught(partial(pool.play, start, moves))
    every = pool.PoolGame(3, 3, 1, 1, pool.PoolOptions(horse="every"))
    caught(lambda: pool.play(every, [pool.Horse(0)]))
    return out


def _shown(speaker: Speaker) -> list[str]:
    """A broad set of words: settlements, pool games, rotations, refusals, Cox's deal."""
    out: list[str] = []
    for paid in _settlements():
        reasons = [*paid.reasons, *(t.reason for t in paid.transfers)]
        out += [r.render(NAMES) for r in reasons] + [r.render(None) for r in reasons]
    for replay in _pool_games():
        for turn in replay.turns:
            reasons = [*turn.reasons, *(e.reason for e in turn.entries)]
            out += [r.render(NAMES) for r in reasons]
        out += [e.reason.render(None) for e in replay.start.ledger]
    for slug in ("peel-new", "peel-old", "pool", "swedish"):
        game = get(slug)
        for options in ({}, {"same_dealer": True}):
            if options and slug != "peel-new":
                continue
            out.append(game.rotation_reason(game.configure(options)).render(None))
    for error in _refusals():
        out += [error.render(NAMES), error.render(None)]
    for line in odds.cox_deal():
        out += [line.render_label(), line.render_points(), line.render_short()]
    return out


def _english_left(text: str) -> str:
    """The letters of ``text`` once the names and what a person typed (quoted) are gone."""
    text = _KEYS.sub("", _TYPED.sub("", text))
    for name in NAMES:
        text = text.replace(name, "")
    return "".join(re.findall(r"[^\W\d_]+", text))


# --------------------------------------------------------------------------- the tests


def test_no_english_word_is_left_once_the_engine_s_words_are_spoken_otherwise(speaking):
    tilde = Tilde()
    speaking(tilde)
    shown = _shown(tilde)
    assert len(shown) > 400
    left = [(text, _english_left(text)) for text in shown if _english_left(text)]
    assert not left, left[:10]
    translated = {e.msgid for e in catalogue_of(*MODULES) if e.translated()}
    mine = {e.msgid for e in catalogue_of(*MODULES)}
    asked_here = tilde.asked & mine
    assert len(asked_here) > 100
    assert asked_here <= translated


def test_the_english_stays_the_engine_s_own(speaking):
    """The API's words: the same with the site's speaker outside a Swedish page."""
    english = _shown(wording.ENGLISH)
    speaking(page_speaker())
    with translation.override("en"):
        assert _shown(page_speaker()) == english
    assert "player 1 holds the best hand, a sequence" in english


def test_every_label_the_registry_declares_is_translated():
    translated = {e.msgid: e.msgstr for e in catalogue_of(*MODULES) if e.translated()}
    games = [game for game in registered() if game.slug in _MINE]
    assert len(games) == len(_MINE)
    words: list[str] = []
    for game in games:
        words += [game.label, game.stake_label, game.dealer_word, game.bought_label]
        words += [game.summary] if game.summary else []
        for option in game.options:
            words.append(option.label)
            if option.ruling is None:
                words += [said for _, said in option.values]
    missing = sorted({w for w in words if w not in translated})
    assert not missing, missing


def _swedish[T](call: Callable[[], T]) -> T:
    with translation.override("sv"):
        return call()


@pytest.fixture
def swedish(speaking) -> None:
    speaking_site = page_speaker
    speak_with(speaking_site)
    if _swedish(lambda: translation.gettext("the deal passes to the left")) == (
        "the deal passes to the left"
    ):
        pytest.fail("the Swedish catalogue is not compiled: run make messages")


def test_a_settlement_in_swedish(swedish):
    game = _game("swedish")
    deal = game.settle(
        ["sK sD skn", "h6 h5 h4", "dK cK h3"], 1, game.configure(), dealer=1, bought=[1, 0, 2]
    )
    reasons = _swedish(lambda: [r.render(NAMES) for r in deal.settlement.reasons])
    payments = _swedish(lambda: {t.reason.render(NAMES) for t in deal.settlement.transfers})
    assert reasons[0] == "Ann har den bästa handen, en sekvens"
    assert "varje köp ur talongen betalar bankiren en spelmark" in payments
    assert "bonus: bankiren betalar den alltid när han förlorar" in payments
    assert (
        "bankiren har en sekvens liksom vinnaren men lägre: en spelmark till varje annan spelare"
        in payments
    )
    # The engine's English is unchanged, whatever page asks.
    assert deal.settlement.reasons[0].text == "player 1 holds the best hand, a sekvens"


def test_peel_s_payments_and_the_pool_in_swedish(swedish):
    game = _game("peel-new")
    deal = game.settle(
        ["AS KS QS", "AH KH QH", "8C 7D 10H"],
        1,
        game.configure({"tie_dealer_stake": "shared"}),
        dealer=2,
        stood=2,
    )
    words = _swedish(lambda: [r.render(None) for r in deal.settlement.reasons])
    assert words[0] == "spelare 1 och 2 har exakt lika bästa händer, var och en en sekvens"
    replay = pool.play(pool.PoolGame(2, 3, 1, 1), [pool.Deal.of(0, 1)] * 3)
    said = _swedish(lambda: [r.render(NAMES) for r in replay.turns[-1].reasons])
    assert said[-2:] == [
        "Bo har inga spelmarker kvar och är ute",
        "spelet är slut: Ann har de sista spelmarkerna",
    ]
    rotation = get("swedish").rotation_reason(get("swedish").configure())
    assert _swedish(lambda: rotation.render(None)) == "given går till höger (motsols)"


def test_refusals_in_swedish_with_the_decimal_comma(swedish):
    with pytest.raises(AmountError) as negative:
        read_amount("-2.5", "stake")
    assert _swedish(lambda: negative.value.render()) == "måste vara mer än 0, inte \u22122,5"
    assert str(negative.value) == "stake: must be more than 0, not \u22122.5"
    with pytest.raises(OptionError) as option:
        get("peel-old").configure({"colour": "red"})
    assert _swedish(lambda: option.value.render()) == (
        "är ingen husregel i Peels gamla spel; dess husregler är: "
        "pack, limited, flush_ties, short_pack_ace_low, exact_ties"
    )
    with pytest.raises(SettlementError) as bought:
        _game("peel-new").settle(
            ["AS KS QS", "9H 9D 7C"],
            1,
            get("peel-new").configure(),
            dealer=0,
            stood=1,
            bought=[0, 60],
        )
    assert _swedish(lambda: bought.value.render()) == (
        "måste vara ett heltal från 0 till 52 (en hel kortlek), inte 60"
    )
    line = odds.cox_deal()[-2]
    assert _swedish(line.render_short) == "4 sedlar"
    assert line.short == "4 greenbacks"
    assert _swedish(lambda: str(read_amount("1,5"))) == str(Fraction(3, 2))
