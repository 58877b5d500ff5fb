"""The sheet's words in the language of the page being made: :func:`say` for what the engine's
wording marks, :func:`count_words` for a count a sentence spells out."""

from __future__ import annotations

from typing import Final

from games.engine.wording import Said, speaker

__all__ = ["count_words", "say"]


def say(words: Said) -> str:
    """``words`` (marked where they are written: ``said("…", value=…)``) in the language of
    the page being made, through the speaker the site installed (English without one)."""
    return words.words(speak=speaker())


_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def count_words(number: int, noun: str) -> str:
    """A count in words, as a sentence says it.

    >>> count_words(4, "hand"), count_words(1, "deal"), count_words(12, "hand")
    ('four hands', 'one deal', '12 hands')
    """
    word = _NUMBER_WORDS[number] if 0 <= number < len(_NUMBER_WORDS) else str(number)
    return f"{word} {noun}{'' if number == 1 else 's'}"
