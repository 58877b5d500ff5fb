"""A speaker for the engine's i18n tests (issue 12): it writes every letter of the engine's own
words as "~" and records each template asked for, so a test can render a module's reasons and
errors through it and check that no English word is left (every word a page shows is a
message id) and that each template asked for is in the catalogue.

The ``speaking`` fixture (``tests/i18n/conftest.py``) installs a speaker for one test; the
site's comes back after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import polib

from games.engine import wording
from games.engine.wording import English

_PLACEHOLDER = re.compile(r"(\{\w*\})")


def tilde(text: str) -> str:
    """``text`` with every letter outside its ``{placeholders}`` written as "~".

    >>> tilde("{who} wins a stake")
    '{who} ~~~~ ~ ~~~~~'
    """
    return "".join(
        part if _PLACEHOLDER.fullmatch(part) else re.sub(r"[^\W\d_]", "~", part)
        for part in _PLACEHOLDER.split(text)
    )


class Tilde(English):
    """Writes the engine's own words as "~", and records every template asked for."""

    def __init__(self) -> None:
        self.asked: set[str] = set()

    def text(self, template: str) -> str:
        self.asked.add(template)
        return tilde(template)

    def text_n(self, singular: str, plural: str, count: int) -> str:
        self.asked.add(singular)
        return tilde(singular if count == 1 else plural)

    def noun(self, noun: wording.Noun, count: int) -> str:
        return tilde(super().noun(noun, count))

    def join(self, words: Sequence[str]) -> str:
        return tilde(super().join([f"{{{i}}}" for i in range(len(words))])).format(*words)


CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "sv" / "LC_MESSAGES" / "django.po"
"""The site's one Swedish catalogue."""


def catalogue_of(*modules: str) -> list[polib.POEntry]:
    """The catalogue's entries whose words are written in one of ``modules`` (paths from the
    project's root, as ``makemessages`` records where each message id is found)."""
    return [
        entry
        for entry in polib.pofile(str(CATALOGUE))
        if any(where in modules for where, _line in entry.occurrences)
    ]
