"""How the engine's words number players and hands, and how a page puts names in their place.

Every text of the engine meant for a person -- a :class:`~games.engine.citations.Reason`,
and an error that speaks of a player or of a hand -- numbers players and hands from 1, as
people count round a table: "player 1", "players 1 and 3", "Hand 2 (pair of nines, king
third)", "hands 1 (...) and 4 (...)". Hand *n* is the *n*-th hand given to the function
that judged it, so it is player *n*'s when every player shows a hand.

Indices in data stay from 0 (``Showdown.winners``, ``Transfer.payer``, the JSON API's
fields), and so does an error that quotes an index as it was passed: such a message says
"index" or "numbered 0 to ..." ("dealer: must be a player index from 0 to 2, not 3"), never
"player *n*", so that :func:`name_players` leaves it alone.

:func:`numbered` writes the words from indices (the engine's one way of numbering people
in a text); :func:`name_players` puts names in place of the numbers, for a page that knows
the players' names.

In Cox's game a "hand" is also one of the four deals of a game (cox ``winner``); the engine
numbers those only in errors about its arguments, which a page does not name.

>>> text = numbered("player", [0, 2]) + " hold exactly equal best hands"
>>> text
'players 1 and 3 hold exactly equal best hands'
>>> name_players(text, ["Ann", "Bo", "Cy"])
'Ann and Cy hold exactly equal best hands'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["join", "name_players", "numbered"]


def join(words: Sequence[str]) -> str:
    """Words as a list is written in a sentence: ``a``, ``a and b``, ``a, b and c``.

    >>> join(["Ann"]), join(["Ann", "Bo"]), join(["Ann", "Bo", "Cy"]), join([])
    ('Ann', 'Ann and Bo', 'Ann, Bo and Cy', '')
    """
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def numbered(noun: str, indices: Sequence[int], details: Sequence[str] | None = None) -> str:
    """Players or hands given by index (from 0) as a person reads them (from 1).

    ``noun`` is ``"player"`` or ``"hand"`` (made plural for more than one); ``details``,
    one for each index, are written in brackets after its number.

    >>> numbered("player", [0])
    'player 1'
    >>> numbered("player", [0, 1, 3])
    'players 1, 2 and 4'
    >>> numbered("hand", [0, 3], ["pair of nines and a king", "point 21"])
    'hands 1 (pair of nines and a king) and 4 (point 21)'
    >>> numbered("player", [])
    Traceback (most recent call last):
    ...
    ValueError: numbered: at least one index is needed
    """
    if not indices:
        raise ValueError("numbered: at least one index is needed")
    if details is not None and len(details) != len(indices):
        raise ValueError("numbered: one detail for each index is needed")
    parts = [str(i + 1) for i in indices]
    if details is not None:
        parts = [f"{part} ({detail})" for part, detail in zip(parts, details, strict=True)]
    return f"{noun}{'s' if len(parts) > 1 else ''} {join(parts)}"


_START = re.compile(r"\b(?:[Pp]layers?|[Hh]ands?) (?=\d)")
_NUMBER = re.compile(r"(\d+)\b")
_SEPARATOR = re.compile(r"(?:, | and )(?=\d)")


def _bracket(text: str, start: int) -> int:
    """The end of the bracketed detail that opens at ``text[start]`` (``"("``), nesting kept;
    ``start`` itself when the brackets never close."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i + 1
    return start


def name_players(text: str, names: Sequence[str]) -> str:
    """Put ``names`` in place of the numbers the engine gives players and hands (from 1).

    ``names[0]`` is player 1, or the player who holds hand 1; give the names in the order
    of the hands judged. "player 2", "players 1 and 3", "Hand 2 (pair of nines)" and
    "hands 1 (...), 2 (...) and 4 (...)" become the names, each detail in brackets kept;
    a name that starts a sentence ("Hand 2 is the dealer") gets a capital. A list with a
    number that names nobody is left as it is, and so is every other word.

    >>> name_players("Hands 1 (point 21 (nine, eight, four)) and 2 (x) tie for first place.",
    ...              ["Ann", "Bob"])
    'Ann (point 21 (nine, eight, four)) and Bob (x) tie for first place.'
    >>> name_players("Hand 2 is the dealer; player 1's pair", ["ann", "cy"])
    "Cy is the dealer; ann's pair"
    >>> name_players("player 7 wins; dealer: must be a player index from 0 to 2", ["Ann"])
    'player 7 wins; dealer: must be a player index from 0 to 2'
    >>> name_players("players 1 and 9 hold 3 or more", ["Ann", "Bo"])
    'players 1 and 9 hold 3 or more'
    """
    out: list[str] = []
    pos = 0
    while (found := _START.search(text, pos)) is not None:
        out.append(text[pos : found.start()])
        words: list[str] = []
        i = found.end()
        named = True
        while (number := _NUMBER.match(text, i)) is not None:
            k = int(number.group(1)) - 1
            if not 0 <= k < len(names):
                named = False
            words.append(names[k] if 0 <= k < len(names) else number.group(1))
            i = number.end()
            if text.startswith(" (", i) and (end := _bracket(text, i + 1)) > i + 1:
                words.append(text[i:end])
                i = end
            separator = _SEPARATOR.match(text, i)
            if separator is None:
                break
            words.append(separator.group())
            i = separator.end()
        if named and words:
            first = words[0]
            if found.group()[0].isupper():
                first = first[:1].upper() + first[1:]
            out.append(first + "".join(words[1:]))
        else:
            out.append(text[found.start() : i])
        pos = i
    out.append(text[pos:])
    return "".join(out)
