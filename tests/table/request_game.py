"""High Card: a tiny game settled from one request, for testing the site's handling of
:class:`~games.engine.games.RequestGame` without the real engines (Vingt-un, Speculation,
All Fours). Each player shows one card and stakes an amount; the highest card (by rank, then
the suits' order) takes every other player's stake. The next dealer is the one on the
dealer's left. Refusals name the path of the value at fault, as the real engines do.

``registered_high_card()`` registers it for the length of a ``with`` block (a test module's
fixture ``high_card``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from games.engine.amounts import AmountError, read_amount
from games.engine.cards import CardError, parse_card, split_tokens
from games.engine.citations import RULINGS, Reason, peel, ruling
from games.engine.games import (
    Answer,
    Config,
    Option,
    RequestGame,
    Transfer,
    register,
    unregister,
)
from games.engine.wording import EngineError, Mention

HIGH_TIES = ruling(
    "high-card-ties",
    "In High Card, who takes the stakes when two cards are equal?",
    "Cards are never equal: the suits rank spades, hearts, diamonds, clubs.",
    (peel("description"),),
    option="high_ties",
    default="suits",
    alternatives=(("suits", "the suits break a tie"), ("dealer", "the dealer wins a tie")),
)
del RULINGS[HIGH_TIES.slug]  # listed on /rulings/ only while the game is registered


def _fail(path: str, message: str, item: int | None = None) -> EngineError:
    return EngineError(f"{path}: {message}", field=path, item=item, detail=message)


def _index(value: object, path: str, players: int) -> int:
    text = str(value).strip() if isinstance(value, str | int) else ""
    if isinstance(value, bool) or not text.isdecimal() or not 0 <= int(text) < players:
        raise _fail(path, f"{path} must be a player from 0 to {players - 1}, not {value!r}")
    return int(text)


class HighCard(RequestGame):
    slug = "high-card"
    label = "High Card"
    summary = "Each shows a card; the highest takes the stakes (a test game)."
    book = "peel-commerce"
    rules_anchor = "description"
    options = (Option.of(HIGH_TIES, "Equal cards"),)
    rulings = (HIGH_TIES,)

    def answer(self, request: Mapping[str, object], config: Config | None = None) -> Answer:
        config = config or self.configure()
        players = request.get("players")
        if not isinstance(players, list) or len(players) < 2:
            raise _fail("players", "at least two players are needed")
        dealer = _index(request.get("dealer", 0), "dealer", len(players))
        cards, stakes = [], []
        for i, player in enumerate(players):
            if not isinstance(player, Mapping):
                raise _fail(f"players.{i}", f"player {i + 1} should be an object")
            hand = player.get("hand", "")
            tokens = split_tokens([str(c) for c in hand] if isinstance(hand, list) else str(hand))
            if len(tokens) != 1:
                raise _fail(f"players.{i}.hand", f"player {i + 1} shows one card")
            try:
                cards.append(parse_card(tokens[0]))
            except CardError as error:
                raise _fail(
                    f"players.{i}.hand", f"player {i + 1}, card 1: {error.detail}", 0
                ) from None
            try:
                stakes.append(read_amount(player.get("stake", 1), "stake"))
            except AmountError as error:
                raise _fail(
                    f"players.{i}.stake", f"player {i + 1}'s stake {error.message}"
                ) from None
        if len(set(cards)) != len(cards):
            raise _fail("players", "a card is shown twice")
        best = max(
            range(len(cards)), key=lambda i: (cards[i].rank, -"SHDC".index(str(cards[i])[-1]))
        )
        why = Reason.about(
            "{winner} shows the highest card and takes every stake.",
            (peel("description"),),
            (HIGH_TIES.slug,),
            winner=Mention("player", (best,), capital=True),
        )
        transfers = tuple(Transfer(i, best, stakes[i], why) for i in range(len(cards)) if i != best)
        scores = [Fraction(0)] * len(cards)
        for t in transfers:
            scores[t.payer] -= t.amount
            scores[t.payee] += t.amount
        return Answer(
            tuple(scores),
            (dealer + 1) % len(cards),
            (why,),
            transfers,
            {
                "winner": best,
                "net": scores,
                "next_dealer": (dealer + 1) % len(cards),
            },
        )

    def example(self) -> dict[str, object]:
        return {
            "dealer": 0,
            "players": [{"hand": ["KS"], "stake": 1}, {"hand": ["AH"], "stake": 2}],
        }

    def request_schema(self) -> dict[str, object]:
        return {
            "type": "object",
            "required": ["players"],
            "properties": {
                "dealer": {"type": "integer", "minimum": 0},
                "players": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "hand": {"type": "array", "items": {"type": "string"}},
                            "stake": {"type": "number"},
                        },
                    },
                },
            },
        }

    def answer_schema(self) -> dict[str, object]:
        return {
            "type": "object",
            "properties": {
                "winner": {"type": "integer"},
                "net": {"type": "array", "items": {"type": "number"}},
                "next_dealer": {"type": "integer"},
            },
        }

    def players_in(self, request: Mapping[str, object]) -> int:
        players = request.get("players")
        return len(players) if isinstance(players, list) else 0


@contextmanager
def registered_high_card() -> Iterator[Any]:
    RULINGS[HIGH_TIES.slug] = HIGH_TIES
    game = register(HighCard())
    try:
        yield game
    finally:
        unregister(game.slug)
        del RULINGS[HIGH_TIES.slug]
