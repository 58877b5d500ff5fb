"""A deal settled by its game in the registry, in one call, for the tests that settle many:
``get(slug).settle(hands, stake, game.configure(options), dealer=…, stood=…, bought=…)``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from games.engine.games import CommerceGame, SettledDeal, get


def settle_deal(
    game: str,
    hands: Sequence[str | Sequence[str]],
    stake: int | Fraction,
    *,
    dealer: int | None = None,
    stood: int | None = None,
    bought: Sequence[int] | None = None,
    pack: int | None = None,
    limited: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> SettledDeal:
    """Judge the hands of a deal of ``game`` (a slug or an older name) and settle it."""
    chosen = get(game)
    assert isinstance(chosen, CommerceGame), game  # a test names a game of hands
    given: dict[str, Any] = dict(options or {})
    if pack is not None:
        given["pack"] = pack
    if limited is not None:
        given["limited"] = limited
    config = chosen.configure(given)
    return chosen.settle(hands, stake, config, dealer=dealer, stood=stood, bought=bought)
