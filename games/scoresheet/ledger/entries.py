"""An entry of a sheet: what is stored for one deal, horse, join or leave (:class:`Entry`),
checked and normalised by :func:`clean_entry` -- its kind's part by the way the sheet keeps
the game (``spec.kept.clean_deal``) -- and read again with the seats of late players padded
in (:func:`padded`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from .errors import EntryError

if TYPE_CHECKING:
    from .spec import Spec

__all__ = [
    "SEAT_KINDS",
    "Entry",
    "Kind",
    "clean_entry",
    "padded",
    "per_player",
    "read_player",
    "read_whole",
]

type Kind = Literal["deal", "horse", "join", "leave"]
SEAT_KINDS: Final = ("join", "leave")


@dataclass(frozen=True)
class Entry:
    """One recorded event: a deal (``kind="deal"``), a horse bought (``"horse"``), or a
    player joining or leaving the table (``"join"``, ``"leave"``), with its data as cleaned
    by :func:`clean_entry`."""

    kind: Kind
    data: Mapping[str, Any]


def read_player(value: object, name: str, n: int, *, optional: bool = False) -> int | None:
    """A player's seat as a form or a stored entry gives it (``name`` the field), from 0 to
    ``n - 1``; None for an empty value where ``optional``."""
    if value is None or value == "":
        if optional:
            return None
        raise EntryError(name, "choose a player")
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise EntryError(name, f"must be a player's number, not {value!r}")
    try:
        number = int(value)
    except ValueError:
        raise EntryError(name, f"must be a player's number, not {value!r}") from None
    if not 0 <= number < n:
        raise EntryError(name, f"must be a player from 0 to {n - 1}, not {number}")
    return number


def read_whole(
    value: object,
    name: str,
    low: int | None = None,
    high: int | None = None,
    *,
    default: int | None = None,
) -> int:
    """A whole number as a form or a stored entry gives it (``name`` the field), within
    ``low`` to ``high`` when both are given; ``default`` for an empty value."""
    if value is None or value == "":
        if default is not None:
            return default
        raise EntryError(name, "enter a number")
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise EntryError(name, f"must be a whole number, not {value!r}")
    try:
        number = int(value)
    except ValueError:
        raise EntryError(name, f"must be a whole number, not {value!r}") from None
    if low is not None and high is not None and not low <= number <= high:
        raise EntryError(name, f"must be from {low} to {high}, not {number}")
    return number


def per_player(data: Mapping[str, Any], key: str, n: int) -> list[Any]:
    """The list under ``key``, one value per player."""
    values = data.get(key)
    if not isinstance(values, list) or len(values) != n:
        raise EntryError(None, f"{key}: one value per player ({n}) is needed")
    return values


def clean_entry(spec: Spec, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check the shape of an entry's data and return it normalised (the engine checks the
    rules when the sheet is computed). Raises :class:`EntryError`.

    Deal data, a game of hands: ``dealer``; ``mode`` ``"hands"`` with ``hands`` (three card
    codes per player, ``null`` for a player away or out of the game) or ``"result"`` with
    ``places`` (1 is best) and, where the payments depend on them, ``categories``;
    ``stood`` (a game where a player stands) and ``bought`` (a game with purchases). A game
    whose cards are counted: ``mode`` ``"cards"`` with ``cards`` (codes per player) or
    ``"result"`` with ``scores``, and ``bases`` (supply bases). A game answered from one
    request: the request. A horse: ``player``.
    """
    if not isinstance(data, Mapping):
        raise EntryError(None, "an entry is an object of named values")
    n = spec.n
    if kind == "horse":
        if not spec.kept.horses:
            raise EntryError(None, f"{spec.label} has no horses")
        return {"player": read_player(data.get("player"), "player", n)}
    if kind in SEAT_KINDS:
        if not spec.seats_change:
            raise EntryError(None, f"in {spec.label} nobody joins or leaves the table")
        return {"player": read_player(data.get("player"), "player", n)}
    if kind != "deal":
        raise EntryError(
            None, f"an entry is a deal, a horse, a join or a leave, not {str(kind)[:40]!r}"
        )
    return spec.kept.clean_deal(spec, data)


_PER_PLAYER: Final = {"hands": None, "places": None, "categories": None, "bought": 0}


def padded(spec: Spec, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A deal recorded before a late player joined has a value for fewer players: the
    later seats were not at the table."""
    n = spec.n
    short = [k for k in _PER_PLAYER if isinstance(data.get(k), list) and len(data[k]) < n]
    if not short:
        return data
    out = dict(data)
    for k in short:
        out[k] = [*data[k], *([_PER_PLAYER[k]] * (n - len(data[k])))]
    return out
