"""Addresses one app gives another, so that no app imports another's views: a judged hand's
place on its odds page (the table links it), and the table's showdown page a permalink names
(the score sheet reads one)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from urllib.parse import urlencode

from games.engine.cards import Card
from games.engine.games import Config, Game, UnknownGame, get
from rulesite.language import reverse_here

HAND = "hand"
"""The odds page's query parameter naming a hand: its cards' codes, as the table writes them."""


def odds_url(game: Game, query: dict[str, str] | None = None) -> str:
    """The odds page of ``game`` with the options in ``query``."""
    url = reverse_here("odds:game", game.slug)
    return f"{url}?{urlencode(query)}" if query else url


def hand_url(game: Game, config: Config, cards: Sequence[Card]) -> str:
    """The place of a hand on the odds page of the rule set ``config`` chooses for
    ``game`` (what the table links beside each judged hand); options at their defaults are
    left out of the address."""
    query = {**config.of_part("hands"), HAND: " ".join(str(c) for c in cards)}
    defaults = _defaults(game)
    query = {k: v for k, v in query.items() if k == HAND or defaults.get(k) != v}
    return f"{odds_url(game, query)}#hand"


@cache
def _defaults(game: Game) -> dict[str, str]:
    """Each option's default as read."""
    return {o.name: str(o.read(o.default)) for o in game.options}


def table_game_at(path: str) -> Game | None:
    """The game whose showdown page is at ``path`` (under its slug or an older name), if
    any: what the score sheet reads from a table's permalink."""
    prefix = reverse_here("table:index")
    slug = path[len(prefix) :].rstrip("/") if path.startswith(prefix) else ""
    if not slug or "/" in slug or path != f"{prefix}{slug}/":
        return None
    try:
        game = get(slug)
    except UnknownGame:
        return None
    return game if game.board == "hands" else None
