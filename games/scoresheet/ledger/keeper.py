"""What a way of keeping a game answers (:class:`Keeper`): one module per way -- each deal
``settled`` (:mod:`.settled`), one ``ledger`` over the whole game (:mod:`.ledger_game`),
hands ``counted`` (:mod:`.counted`), deals answered from a ``request`` (:mod:`.request`) --
holds the one :class:`Keeper` of its way, found by ``game.keeping`` (:mod:`.kinds`). The two
ways of keeping a game of hands share :class:`~.hands.HandsKeeper`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from games.engine.commerce import PeelRules, SwedishRules
    from games.engine.games import Keeping

    from .entries import Entry
    from .sheet import Row, Running, Sheet
    from .spec import Spec

__all__ = ["Keeper"]


class Keeper:
    """A way of keeping a game's accounts: what its entries hold and how they are taken, one
    at a time, from the running state to the next (the sheet's fold, :mod:`.replay`)."""

    keeping: ClassVar[Keeping]
    entry_word: ClassVar[str] = "deal"
    """What one entry of the game is called: a ``deal``, or a counted ``hand``."""
    seats_change: ClassVar[bool] = False
    """Whether players may join or leave the table during the evening."""
    horses: ClassVar[bool] = False
    """Whether a player out of the game may buy a horse (counters bought back)."""
    categories_needed: ClassVar[bool] = False
    """Whether a result recorded without the cards names each hand's combination."""
    stakes_in_deals: ClassVar[bool] = False
    """Whether each deal carries its own stakes (the sheet asks for no stake)."""
    pool: ClassVar[bool] = False
    """Whether the game keeps a pool and each player's counters (an export's columns)."""
    retailer: ClassVar[bool] = False
    """Whether the one who deals is called the retailer (an export's header)."""
    counts_cards: ClassVar[bool] = False
    """Whether a deal is each player's cards laid out and counted (or only the scores)."""
    won: ClassVar[bool] = False
    """Whether a game of this way of keeping is won, and another may follow it."""
    additive: ClassVar[bool] = False
    """Whether an entry's step reads the accounts before it only to add its own to them, and
    the counts of entries and deals only to count on: when a change early in a sheet leaves
    the state before a later entry as it was but for those, every later state moves by the
    same amounts (:func:`~.state.moved`), and no later entry needs the engine again."""

    def request_schema(self, spec: Spec) -> Mapping[str, Any] | None:
        """The JSON Schema a deal's values follow, when a deal is a request (an export
        writes them in its order); None: the sheet's own order of an entry's values."""
        return None

    def clean_deal(self, spec: Spec, data: Mapping[str, Any]) -> dict[str, Any]:
        """A deal's data, its shape checked and normalised (:func:`~.entries.clean_entry`)."""
        raise NotImplementedError

    def hand_rules(self, spec: Spec) -> PeelRules | SwedishRules | None:
        """The rule set that judges the hands (None: the game deals no hands to judge)."""
        return None

    def initial(self, spec: Spec, state: Running) -> Running:
        """The state before the first entry, from ``state``: nothing won or lost."""
        return state

    def step(self, spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
        """One entry (a deal, a horse) taken from ``state``: the state after it, its row."""
        raise NotImplementedError

    def summarise(self, spec: Spec, state: Running, rows: list[Row]) -> Sheet:
        """The sheet after ``state``: accounts, whose deal it is, whether it is over."""
        raise NotImplementedError

    def restore(self, spec: Spec, data: Mapping[str, Any], state: Running) -> Running | None:
        """``state`` as read from a stored one (``data``), with what this way of keeping
        stores of its own; None when it does not fit (it is then recomputed): here, a state
        holding a ledger, which only a game kept as one ledger stores."""
        return None if "ledger" in data else state
