"""A whole deal of Commerce settled from the hands shown, by the game's registered object.

Kept for the callers written before the registry (:mod:`games.engine.games`); new code asks
the game: ``get(slug).settle(hands, stake, game.configure(options), dealer=..., ...)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.engine.commerce import PeelRules, SwedishRules
from games.engine.games import CommerceGame, SettledDeal, UnknownGame, get, registered
from games.engine.settlement import Amount, SettlementError
from games.engine.wording import N_, said

__all__ = ["GAMES", "SettledDeal", "deal_rules", "settle_deal", "settlement_option_names"]

GAMES = tuple(game.slug for game in registered(lambda game: game.settles_deals))
"""The games a single deal can be settled under."""


def _game(name: str) -> CommerceGame:
    """The game of that name that settles a deal.

    >>> _game("cox")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engine.settlement.SettlementError: rules: 'cox' is not one of peel-new, peel-old, ...
    """
    try:
        game = get(name)
    except UnknownGame:
        raise _unknown(name) from None
    if not isinstance(game, CommerceGame) or not game.settles_deals:
        raise _unknown(name)
    return game


def _unknown(name: str) -> SettlementError:
    return SettlementError.at(
        "rules",
        N_("{name} is not one of {games}"),
        name=repr(name),
        games=", ".join(GAMES),
    )


def settlement_option_names(game: str) -> tuple[str, ...]:
    """The house-rule options that change how a deal of ``game`` is paid.

    >>> settlement_option_names("english-new")
    ('stander_pays', 'dealer_penalty', 'tie_dealer_stake', 'extended')
    """
    return tuple(o.name for o in _game(game).options if o.part == "payment")


def deal_rules(
    game: str, pack: int = 52, limited: str = "none", options: Mapping[str, object] | None = None
) -> PeelRules | SwedishRules:
    """The rule set that judges the hands of a deal of ``game``, with its valuing options.

    >>> deal_rules("english-old", pack=32).label
    'Peel, 32 cards'
    """
    chosen = _game(game)
    return chosen.hand_rules(chosen.configure(_with_pack(chosen, pack, limited, options)))


def _with_pack(
    game: CommerceGame, pack: int, limited: str, options: Mapping[str, object] | None
) -> dict[str, object]:
    given = dict(options or {})
    names = {o.name for o in game.options}
    if "pack" in names:
        given.setdefault("pack", pack)
    elif int(pack) != 52:
        raise SettlementError.at(
            "pack", N_("{game} plays with the 52-card pack only"), game=said(game.label)
        )
    if "limited" in names:
        given.setdefault("limited", limited)
    elif limited != "none":
        raise SettlementError.at(
            "limited", N_("{game} has no Limited Commerce"), game=said(game.label)
        )
    return given


def settle_deal(
    game: str,
    hands: Sequence[str | Sequence[str]],
    stake: Amount,
    *,
    dealer: int | None = None,
    stood: int | None = None,
    bought: Sequence[int] | None = None,
    pack: int = 52,
    limited: str = "none",
    options: Mapping[str, object] | None = None,
) -> SettledDeal:
    """Judge the hands of a deal and settle it under ``game``.

    >>> deal = settle_deal("english-old", ["AS KS QS", "9H 9D 2C", "5C 6D 8H"], 1)
    >>> deal.settlement.winners, [str(n) for n in deal.settlement.net]
    ((0,), ['2', '-1', '-1'])
    """
    chosen = _game(game)
    config = chosen.configure(_with_pack(chosen, pack, limited, options))
    return chosen.settle(hands, stake, config, dealer=dealer, stood=stood, bought=bought)
