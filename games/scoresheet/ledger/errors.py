"""What a sheet refuses: a bad specification (:class:`SpecError`) or a bad entry
(:class:`EntryError`), each naming the form field at fault."""

from __future__ import annotations

__all__ = ["EntryError", "SpecError"]


class SpecError(ValueError):
    """A bad game, player list, stake or option; ``field`` names the form field (an option
    by its name)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class EntryError(ValueError):
    """A deal the sheet cannot take; ``field`` names the form field (``None``: the deal as a
    whole), ``index`` the entry it concerns when replaying a whole sheet. A deal answered
    from one request names the request's value at fault as the engine does: ``field`` its
    path with dots (``players.1.hands.0.cards``), ``item`` the index within it (the card)."""

    def __init__(
        self, field: str | None, message: str, index: int | None = None, item: int | None = None
    ) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.index = index
        self.item = item
