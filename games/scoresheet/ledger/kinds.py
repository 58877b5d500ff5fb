"""The games a sheet keeps, and how: each registered game declares its way of keeping
(``Game.keeping``), and :data:`KINDS` finds the module that keeps it that way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.engine.games import Game, Keeping, registered

from . import counted, ledger_game, request, settled
from .keeper import Keeper

__all__ = [
    "COUNTED",
    "KINDS",
    "LEDGER",
    "MAX_SLUG",
    "REQUEST",
    "SETTLED",
    "Keeping",
    "game_choices",
    "keeping",
    "sheet_games",
    "takes_stake",
]

MAX_SLUG = 40
"""The longest slug a sheet stores (``Game.rules``)."""

SETTLED: Final = "settled"
LEDGER: Final = "ledger"
COUNTED: Final = "counted"
REQUEST: Final = "request"

KINDS: Final[Mapping[Keeping, Keeper]] = {
    SETTLED: settled.KEEPER,
    LEDGER: ledger_game.KEEPER,
    COUNTED: counted.KEEPER,
    REQUEST: request.KEEPER,
}
"""The keeper of each way of keeping a game (:data:`~games.engine.games.Keeping`)."""


def keeping(game: Game) -> Keeping | None:
    """How a sheet keeps ``game`` (as the game declares it); None when it cannot.

    >>> from games.engine.games import get
    >>> [keeping(get(slug)) for slug in ("peel-new", "pool", "cox")]
    ['settled', 'ledger', 'counted']
    >>> {keeping(g) for g in registered()} <= {None, *KINDS}
    True
    """
    return game.keeping


def sheet_games() -> list[Game]:
    """The registered games a sheet can keep, in the registry's order."""
    return registered(lambda game: keeping(game) is not None and len(game.slug) <= MAX_SLUG)


def takes_stake(game: Game) -> bool:
    """Whether a sheet of ``game`` asks for the value of a stake: a game played for a stake,
    unless each deal's request carries its own stakes (a game answered from one request).

    >>> from games.engine.games import get
    >>> takes_stake(get("peel-new")), takes_stake(get("cox"))
    (True, False)
    """
    kept = keeping(game)
    return game.stake and not (kept is not None and KINDS[kept].stakes_in_deals)


def game_choices() -> list[tuple[str, str]]:
    """``(slug, label)`` of every game a sheet can keep (a form's and a model's choices).

    >>> game_choices()[0]
    ('peel-new', "Peel's new game")
    """
    return [(game.slug, game.label) for game in sheet_games()]
