"""Players' names and the evening's title as the sheet keeps them: cleaned of what does not
show, refused when two names would look the same on a phone."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

from games.engine.wording import Said, said

from .errors import SpecError
from .saying import say

__all__ = [
    "MAX_NAME",
    "MAX_TITLE",
    "check_new_name",
    "clean_name",
    "clean_players",
    "clean_title",
    "name_key",
    "text_problem",
]

MAX_NAME = 40
MAX_TITLE = 80

# Letters of other alphabets drawn like Latin ones (Unicode's confusables, the common part):
# two names that differ only by these look the same on a phone and are refused.
_HOMOGLYPHS: Final = str.maketrans(
    {
        **dict(
            zip("АВЕЅІЈКМНОРСТХУаеіјорсхуѕԁһӏԛԝ", "ABESIJKMHOPCTXYaeijopcxysdhlqw", strict=True)
        ),
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαβικνορτυχ", "ABEZHIKMNOPTYXaBiKvopTuX", strict=True)),
        "ı": "i",
        "ȷ": "j",
        "ℓ": "l",
    }
)
_INVISIBLE: Final = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})


def text_problem(raw: str, what: Said) -> str | None:
    if "\x00" in raw:
        return say(said("{what} cannot hold a NUL character", what=what))
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        return say(said("{what} is not valid text (it holds half of a surrogate pair)", what=what))
    return None


def _visible(raw: str) -> str:
    """NFKC, whitespace collapsed, control and format characters (zero-width spaces,
    direction overrides) removed."""
    text = raw
    for _ in range(2):  # removing a character can leave text NFKC would write otherwise
        text = unicodedata.normalize("NFKC", text)
        text = "".join(
            " " if c.isspace() else c
            for c in text
            if c.isspace() or unicodedata.category(c) not in _INVISIBLE
        )
    return " ".join(text.split())


def clean_name(raw: str, field: str = "players") -> str:
    """A player's name as the sheet keeps it: NFKC, whitespace collapsed, invisible
    characters (zero-width spaces, direction overrides, controls) removed. A NUL or a lone
    surrogate is refused (no database stores them all).

    >>> clean_name("  Ann\\u200b  Lee "), clean_name("\\u202eAnn"), clean_name("Ａｎｎ")
    ('Ann Lee', 'Ann', 'Ann')
    >>> clean_name("Ann\\x00")
    Traceback (most recent call last):
    ...
    games.scoresheet.ledger.errors.SpecError: players: a name cannot hold a NUL character
    """
    problem = text_problem(raw, said("a name"))
    if problem:
        raise SpecError(field, problem)
    return _visible(raw)


def clean_title(raw: str, field: str = "title") -> str:
    """An evening's name, cleaned as a player's name is (a NUL or lone surrogate refused).

    >>> clean_title("Friday\\u202e at Cy's")
    "Friday at Cy's"
    """
    problem = text_problem(raw, said("the name of the evening"))
    if problem:
        raise SpecError(field, problem)
    title = _visible(raw)
    if len(title) > MAX_TITLE:
        raise SpecError(
            field,
            say(
                said("the name of the evening is longer than {count} letters", count=str(MAX_TITLE))
            ),
        )
    return title


def name_key(name: str) -> str:
    """What a name looks like: two names with the same key are one player to the eye.

    >>> name_key("Ann") == name_key("ANN") == name_key("\\u0410nn")
    True
    """
    return _visible(name).translate(_HOMOGLYPHS).casefold().translate(_HOMOGLYPHS)


def check_new_name(name: str, taken: Sequence[str], field: str = "players") -> str:
    """``name`` cleaned, refused if it is empty, too long or looks like one of ``taken``."""
    name = clean_name(name, field)
    if not name:
        raise SpecError(field, say(said("write the player's name")))
    if len(name) > MAX_NAME:
        raise SpecError(
            field,
            say(
                said(
                    "{name}… is longer than {count} letters",
                    name=name[:MAX_NAME],
                    count=str(MAX_NAME),
                )
            ),
        )
    key = name_key(name)
    for other in taken:
        if name_key(other) == key:
            if other.casefold() == name.casefold():
                raise SpecError(
                    field,
                    say(
                        said(
                            "{name} is written twice; each player needs a name of his own",
                            name=name,
                        )
                    ),
                )
            raise SpecError(
                field,
                say(
                    said(
                        "{name} looks the same as {other} (a letter of another alphabet, or "
                        "an invisible character): each player needs a name that looks "
                        "different",
                        name=name,
                        other=other,
                    )
                ),
            )
    return name


def clean_players(players: Sequence[str]) -> tuple[str, ...]:
    """The players' names cleaned (:func:`clean_name`), blank ones left out, each refused
    if it looks like one before it (:func:`check_new_name`)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SpecError("players", say(said("give the players as a list of names")))
    names: list[str] = []
    for raw in players:
        if not isinstance(raw, str):
            raise SpecError(
                "players", say(said("a player's name is text, not {value}", value=repr(raw)))
            )
        if not clean_name(raw):
            continue
        names.append(check_new_name(raw, names))
    return tuple(names)
