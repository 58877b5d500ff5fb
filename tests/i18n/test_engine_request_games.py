"""Vingt-un, Speculation and All Fours in another language (issue 12): every word the three
engines write for a person -- a payment's reason, who takes the pool, High, Low, Jack and Game,
who deals next, a refusal naming the player, the hand, the sale and the card -- is a message id
whose values are data, so the site's speaker writes it whole in Swedish while the English (the
API's) stays as it was.

A speaker that writes every letter of a template's own words as "~" renders a broad set of
rounds, deals and refusals: no English word may be left but the players' names, card codes, the
request's own field names and what a person typed. Then the same in Swedish, through the site's
catalogue (``make messages`` compiles it).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Sequence

import pytest
from django.utils import translation

from games.engine.all_fours import FIELDS as ALL_FOURS_FIELDS
from games.engine.all_fours import AllFours, random_request
from games.engine.citations import Reason
from games.engine.games import RequestGame
from games.engine.speculation import Speculation, busiest_request
from games.engine.vingt_un import VingtUn, twelve_player_request
from games.engine.wording import EngineError, speak_with
from games.speaking import page_speaker
from tests.i18n.speakers import Tilde

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
_CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b", re.IGNORECASE)
# The request's own names, which refusals quote as they are (a form and the API name them so).
_CODE_WORDS = {
    "dealer", "doubled", "first_hand", "players", "options", "hands", "cards", "stake",
    "turn_up", "sales", "pool", "card", "from", "to", "price", "others", "hand", *ALL_FOURS_FIELDS,
}  # fmt: skip
_CODE_WORDS |= {  # the house rules' values, which a refusal lists as a request writes them
    word
    for game in (VingtUn(), Speculation(), AllFours())
    for option in game.options
    for value, _ in option.values
    for word in re.findall(r"\w+", value)
}


def _left(text: str, typed: Sequence[str] = ()) -> list[str]:
    """The words of ``text`` that are neither a name, a card code, a field of the request,
    a ruling's slug nor typed by a person: what the speaker did not write."""
    text = re.sub(r"\b[a-z]+(?:-[a-z]+)+\b", " ", text)  # rulings' slugs, values of options
    for value in typed:
        text = re.sub(rf"(?<!\w){re.escape(value)}(?!\w)", " ", text)
    text = _CARD.sub(" ", text)
    words = re.findall(r"[^\W\d_]\w*", text)
    return [w for w in words if w not in NAMES and w not in _CODE_WORDS]


# --------------------------------------------------------------------------- the requests


def _vingt_un_rounds() -> Iterator[tuple[dict, dict]]:
    game = VingtUn()

    def hand(cards: str, stake: object = 1) -> dict:
        return {"cards": cards} if stake is None else {"cards": cards, "stake": stake}

    rounds = [
        game.example(),
        twelve_player_request(),
        {  # the dealer's natural against a natural and a plain hand
            "dealer": 1,
            "players": [
                {"hands": [hand("AS KD", 2)]},
                {"hands": [hand("AH 10C", None)]},
                {"hands": [hand("9S 7C", "1/2")]},
            ],
        },
        {  # the dealer over-draws against an over-drawn hand, a drawn 21 and a standing hand
            "dealer": 0,
            "doubled": True,
            "players": [
                {"hands": [hand("10S 6C 9D", None)]},
                {"hands": [hand("KS 5D QH", 3)]},
                {"hands": [hand("7S 7D 7C", 1)]},
                {"hands": [hand("9H 8C", 2)]},
            ],
        },
        {  # the dealer draws 21: a drawn 21 pays a single stake, the rest double
            "dealer": 2,
            "first_hand": True,
            "players": [
                {"hands": [hand("5S 6D QC", 2)]},
                {"hands": [hand("8S 8D", 1), hand("8C AH KD", 1)]},
                {"hands": [hand("4S 7H KH", None)]},
                {"hands": [hand("AD JS", 1)]},
                {"hands": [hand("3C 9C 2H", 1)]},
            ],
        },
        {  # two naturals, the pair of aces divided into a 21
            "dealer": 0,
            "players": [
                {"hands": [hand("9D 9S", None)]},
                {"hands": [hand("AC QS", 1)]},
                {"hands": [hand("AS KH", 1), hand("AH JD", 1)]},
                {"hands": [hand("KC QD", 1)]},
            ],
        },
    ]
    options = [
        {},
        {"deal_passes": "holder"},
        {"deal_passes": "never", "first_hand_natural": "as-drawn"},
        {"divided_twenty_one": "natural"},
    ]
    for request in rounds:
        for chosen in options:
            yield request, chosen


def _speculation_deals() -> Iterator[tuple[dict, dict]]:
    game = Speculation()
    lone = {"dealer": 1, "turn_up": "2S", "players": [{"hand": "AH KH QH"}, {"hand": "AD KD QD"}]}
    turn_up_sold = {
        **lone,
        "players": [{"hand": "AH KH QH"}, {"hand": "AS KD QD"}],
        "sales": [{"card": "2S", "from": 1, "to": 0, "price": 0}],
    }
    own = dict(game.example(), sales=[], pool={"dealer": "1/2", "others": 2})
    for request in (game.example(), busiest_request(12), lone, turn_up_sold, own):
        for chosen in ({}, {"dealer_turn_up": "only-bought", "trump_order": "ace-low"}):
            yield request, chosen


def _all_fours_deals() -> Iterator[tuple[dict, dict]]:
    game = AllFours()
    deals = [game.example(), game.example() | {"begged": True, "gift": True}]
    deals += [
        random_request(players, runnings=runnings, seed=seed, gift=seed % 3 == 0)
        for players in (2, 4)
        for runnings in range(3 if players == 4 else 6)
        for seed in range(3)
    ]
    nothing = {
        "players": 2,
        "dealer": 0,
        "trump": "S",
        "hands": ["2H 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D"],
        "tricks": ["2H 2D 3H 3D 4H 4D", "5H 5D 6H 6D 7H 7D"],
    }
    equal = {
        "players": 2,
        "dealer": 1,
        "trump": "H",
        "hands": ["KS 2H 3C 4C 5C 6C", "KD 3H 7C 8C 9C 2C"],
        "tricks": ["KS 3H 3C 7C 4C 8C", "KD 2H 5C 9C 6C 2C"],
    }
    deals += [nothing, equal]
    for request in deals:
        for chosen in ({}, {"equal_game": "nobody"}):
            yield request, chosen


def _answers(game: RequestGame, requests: Iterator[tuple[dict, dict]]) -> list[Reason]:
    reasons: list[Reason] = []
    for request, chosen in requests:
        reasons += game.answer(request, game.configure(chosen)).reasons
    if not isinstance(game, VingtUn):  # Vingt-un's deal passes only by a natural (a reason)
        reasons.append(game.rotation_reason(game.configure()))
    return reasons


def _changed(request: dict, path: str, value: object) -> dict:
    made = copy.deepcopy(request)
    node: object = made
    parts = path.split(".")
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        assert isinstance(node, dict)
        if value is _GONE:
            del node[last]
        else:
            node[last] = value
    return made


_GONE = object()
_V = VingtUn().example()
_S = Speculation().example()
_A = AllFours().example()
BAD: list[tuple[RequestGame, object]] = [
    (VingtUn(), "not a round"),
    (VingtUn(), {"players": []}),
    (VingtUn(), {"dealer": 0}),
    (VingtUn(), _changed(_V, "players", "lots")),
    (VingtUn(), _changed(_V, "dealer", _GONE)),
    (VingtUn(), _changed(_V, "dealer", 9)),
    (VingtUn(), _changed(_V, "colour", "red")),
    (VingtUn(), _changed(_V, "doubled", "maybe")),
    (VingtUn(), _changed(_V, "options", "none")),
    (VingtUn(), _changed(_V, "options", {"deal_passes": "nowhere"})),
    (VingtUn(), _changed(_V, "players.2", "hand")),
    (VingtUn(), _changed(_V, "players.2", {"hands": [], "cards": 1})),
    (VingtUn(), _changed(_V, "players.2", {"hands": []})),
    (VingtUn(), _changed(_V, "players.0", {"hands": [{"cards": "9C 7D"}, {"cards": "9S 3C"}]})),
    (VingtUn(), _changed(_V, "players.2.hands", [{"cards": "5S 9D", "stake": 1}] * 5)),
    (VingtUn(), _changed(_V, "players.2.hands.0", "5S 9D")),
    (VingtUn(), _changed(_V, "players.2.hands.0", {"stake": 1})),
    (VingtUn(), _changed(_V, "players.2.hands.0", {"cards": "5S", "stake": 1})),
    (VingtUn(), _changed(_V, "players.2.hands.0.cards", "5S 9D ZZ")),
    (VingtUn(), _changed(_V, "players.2.hands.0.cards", "5S 9D KS")),
    (VingtUn(), _changed(_V, "players.2.hands.0.cards", "5S 9D 5S")),
    (VingtUn(), _changed(_V, "players.2.hands.0.cards", "5S 9D JC 2C")),
    (VingtUn(), _changed(_V, "players.3.hands.0.cards", "AH KS 2D")),
    (VingtUn(), _changed(_V, "players.1.hands.1.cards", "9S 3C QH")),
    (VingtUn(), _changed(_V, "players.2.hands.0.stake", "lots")),
    (VingtUn(), _changed(_V, "players.2.hands.0.stake", _GONE)),
    (VingtUn(), _changed(_V, "players.0.hands.0.stake", 2)),
    (VingtUn(), _changed(_V, "players.0.hands.0.cards", "AC KC")),
    (Speculation(), "not a deal"),
    (Speculation(), _changed(_S, "turn_up", _GONE)),
    (Speculation(), _changed(_S, "colour", 1)),
    (Speculation(), _changed(_S, "players", "me")),
    (Speculation(), _changed(_S, "players", [{"hand": "AS KS QS"}] * 18)),
    (Speculation(), _changed(_S, "players.1", "QD 2H 10S")),
    (Speculation(), _changed(_S, "players.1", {})),
    (Speculation(), _changed(_S, "players.1.hand", "QD 2H")),
    (Speculation(), _changed(_S, "players.1.hand", "QD 2H ZZ")),
    (Speculation(), _changed(_S, "players.1.hand", "QD 2H KS")),
    (Speculation(), _changed(_S, "players.1.hand", "QD 2H 9D")),
    (Speculation(), _changed(_S, "players.1.hand", "QD 2H QD")),
    (Speculation(), _changed(_S, "dealer", "left")),
    (Speculation(), _changed(_S, "turn_up", "XX")),
    (Speculation(), _changed(_S, "pool", {"dealer": "lots"})),
    (Speculation(), _changed(_S, "pool", {"others": 0})),
    (Speculation(), _changed(_S, "pool", {"all": 1})),
    (Speculation(), _changed(_S, "sales", "all")),
    (Speculation(), _changed(_S, "sales", [{}] * 101)),
    (Speculation(), _changed(_S, "sales.0", {"card": "KD"})),
    (Speculation(), _changed(_S, "sales.0", "KD")),
    (Speculation(), _changed(_S, "sales.0.card", "ZZ")),
    (Speculation(), _changed(_S, "sales.0.card", "AD")),
    (Speculation(), _changed(_S, "sales.0.card", "KS")),
    (Speculation(), _changed(_S, "sales.0.from", 2)),
    (Speculation(), _changed(_S, "sales.0.to", 4)),
    (Speculation(), _changed(_S, "sales.0.to", "him")),
    (Speculation(), _changed(_S, "sales.0.from", 9)),
    (Speculation(), _changed(_S, "sales.0.price", -1)),
    (AllFours(), "not a deal"),
    (AllFours(), _changed(_A, "colour", "red")),
    (AllFours(), _changed(_A, "players", _GONE)),
    (AllFours(), _changed(_A, "players", 3)),
    (AllFours(), _changed(_A, "players", "four")),
    (AllFours(), _changed(_A, "trump", _GONE)),
    (AllFours(), _changed(_A, "trump", "trumps")),
    (AllFours(), _changed(_A, "dealer", 7)),
    (AllFours(), _changed(_A, "begged", "maybe")),
    (AllFours(), _changed(_A, "gift", True)),
    (AllFours(), _changed(_A, "hands", "all")),
    (AllFours(), _changed(_A, "hands", [[]] * 3)),
    (AllFours(), _changed(_A, "hands.1", 7)),
    (AllFours(), _changed(_A, "hands.1.0", "ZZ")),
    (AllFours(), _changed(_A, "hands.1.0", "2H")),
    (AllFours(), _changed(_A, "hands.1.0", "3S")),
    (AllFours(), _changed(_A, "hands.1", ["9H", "3S", "KC"])),
    (AllFours(), _changed(_A, "begged", True)),
    (AllFours(), _changed(_A, "tricks", [[]] * 3)),
    (AllFours(), _changed(_A, "tricks.0.0", "AS")),
    (AllFours(), _changed(_A, "tricks.0.0", "KS")),
    (AllFours(), _changed(_A, "tricks.0.0", "KC")),
    (AllFours(), _changed(_A, "tricks.0", ["10S", "KS", "3S"])),
    (AllFours(), _changed(_A, "tricks.0", ["10S", "KS", "3S", "QS", "4D", "JD", "10D", "AD"])),
    (AllFours(), _changed(_A, "tricks.0", [])),
    (AllFours(), _changed(_A, "tricks.0", "bad")),
]


def _typed(value: object) -> set[str]:
    """What a person typed in a request: its texts and keys, as they are and quoted."""
    if isinstance(value, dict):
        return {*map(str, value), *(t for v in value.values() for t in _typed(v))}
    if isinstance(value, list):
        return {t for v in value for t in _typed(v)}
    if not isinstance(value, str):
        return set()
    parts = [value, *re.split(r"[\s,]+", value)]  # a list of cards typed as one text
    return {form for part in parts if part for form in (part, repr(part))}


def _refusals() -> list[tuple[EngineError, list[str]]]:
    """Each bad request's refusal, with what was typed in it (quoted back as it is)."""
    out = []
    for game, request in BAD:
        with pytest.raises(EngineError) as caught:
            game.answer(request)
        out.append((caught.value, sorted(_typed(request), key=len, reverse=True)))
    return out


# --------------------------------------------------------------------------- the tests


GAMES = [
    (VingtUn(), _vingt_un_rounds),
    (Speculation(), _speculation_deals),
    (AllFours(), _all_fours_deals),
]


@pytest.mark.parametrize(("game", "requests"), GAMES, ids=lambda g: getattr(g, "slug", ""))
def test_every_reason_is_the_speakers_words_but_names_and_cards(game, requests, speaking):
    reasons = _answers(game, requests())
    english = [(r.text, r.render(NAMES)) for r in reasons]
    speaking(Tilde())
    for reason, (text, _named) in zip(reasons, english, strict=True):
        for names in (None, NAMES):
            said = reason.render(names)
            assert not _left(said), (reason.text, said)
        assert reason.text == text  # the API's words are the engine's, whoever speaks
    speak_with(None)
    assert [(r.text, r.render(NAMES)) for r in reasons] == english


def test_every_refusal_is_the_speakers_words_but_what_was_typed(speaking):
    refusals = _refusals()
    assert len({str(error) for error, _ in refusals}) == len(BAD)  # each a refusal of its own
    english = [(str(error), error.render(NAMES)) for error, _ in refusals]
    speaking(Tilde())
    for (error, typed), (message, _) in zip(refusals, english, strict=True):
        for names in (None, NAMES):
            said = error.render(names)
            assert not _left(said, typed), (message, said)
        assert str(error) == message
    speak_with(None)
    assert [(str(e), e.render(NAMES)) for e, _ in refusals] == english


def test_the_rulings_and_options_are_marked_words():
    from django.utils.translation import gettext

    with translation.override("sv"):
        for game in (VingtUn(), Speculation(), AllFours()):
            assert gettext(game.label) != game.label or game.label == "All Fours"
            assert gettext(game.summary) != game.summary
            for option in game.options:
                assert gettext(option.label) != option.label, option.label
            for ruling in game.rulings:
                for words in (ruling.question, ruling.reading, *dict(ruling.alternatives).values()):
                    assert gettext(words) != words, words


# --------------------------------------------------------------------------- in Swedish


@pytest.fixture
def swedish(speaking) -> Iterator[None]:
    speaking_page = page_speaker
    speak_with(speaking_page)
    with translation.override("sv"):
        yield


def _said(reasons: Sequence[Reason], names: Sequence[str] | None = None) -> str:
    return "\n".join(reason.render(names) for reason in reasons)


def test_vingt_un_in_swedish(swedish):
    game = VingtUn()
    answer = game.answer(game.example())
    said = _said(answer.reasons, NAMES[:4])
    assert (
        "Bo med hand 1 (18 poäng) betalar insatsen till givaren (Ann), som står på 19: 2." in said
    )
    assert (
        "Bo med hand 2 drog tjugoett och får dubbelt av givaren (Ann), som står på 19: 2 (en "
        "insats på 1)." in said
    )
    assert (
        "Di har en naturlig tjugoett och får dubbelt av givaren (Ann): 6 (en insats på 3)." in said
    )
    assert "Cy blev tjock (24 poäng) och betalar insatsen till givaren (Ann): 1." in said
    assert (
        "Di har en naturlig tjugoett, som fäller givaren, Ann: given går till spelaren till "
        "vänster om honom, Bo." in said
    )
    assert "spelare 4 har en naturlig tjugoett" in _said(answer.reasons).lower()
    halves = game.answer(_changed(game.example(), "players.2.hands.0.stake", "1/2"))
    assert "(24 poäng) och betalar insatsen till givaren (spelare 1): 0,5." in _said(halves.reasons)
    with pytest.raises(EngineError) as caught:
        game.answer(_changed(game.example(), "players.2.hands.0.cards", "5S 9D KS"))
    assert caught.value.render(NAMES) == (
        "Di, kort 2: sK finns också hos Cy: en kortlek ges ut (avgörande vingt-un-one-pack)"
    )
    assert str(caught.value).startswith("Player 4, card 2: KS is also held by player 3")


def test_speculation_in_swedish(swedish):
    game = Speculation()
    said = _said(game.answer(game.example()).reasons, NAMES[:5])
    assert "Di lade 6 i potten och varje annan spelare 4: en pott på 22." in said
    assert "Försäljning 1: Ed sålde " in said and " till Ann för 5." in said
    assert "Ed ger härnäst: given går till vänster." in said
    with pytest.raises(EngineError) as caught:
        game.answer(_changed(game.example(), "sales.0.from", 2))
    assert caught.value.render(NAMES).startswith("Försäljning 1: Cy säljer ")
    assert ", men Ed har det i det ögonblicket" in caught.value.render(NAMES)


def test_all_fours_in_swedish(swedish):
    game = AllFours()
    said = _said(game.answer(game.example()).reasons, NAMES[:4])
    assert "Fyra spelar som partner: spelare 1 och 3 mot spelare 2 och 4" in said
    assert "Högsta trumf (High): Di hade den högsta trumfen ute, " in said
    assert "Lägsta trumf (Low): Ann fick den lägsta trumfen ute, " in said
    assert "Knekt (Jack): Di vann " in said
    assert (
        "Game (flest poäng): sticken för Ann och Cy räknas till 30, de för Bo och Di till 10"
        in said
    )
    with pytest.raises(EngineError) as caught:
        game.answer(_changed(_A, "tricks.1.0", "10S"))
    assert (
        caught.value.render(NAMES[:4]) == "Bo, sticken, kort 1: s10 finns också i sticken hos Ann"
    )
