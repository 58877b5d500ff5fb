"""The engine's answers in the calculators' words: reasons shown once, errors put in place.

Nothing here decides a rule. Reasons are shown as the whole site shows them
(:class:`games.explaining.Explanation`, rendered by ``includes/reasons.html``): the players'
names put in by the engine's one formatter, each paragraph quoted once, each ruling shown
once with the house-rule value this table chose. An engine error
(:class:`~games.engine.wording.EngineError`) says itself which argument and which item are
at fault; :func:`error_field` turns that into the form's field, and :func:`error_words`
writes its words with the players' names. Amounts are printed by the engine's one printer,
:func:`games.engine.amounts.format_amount`, with the page's decimal sign
(:func:`games.speaking.write_amount`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from django.utils.translation import get_language, gettext, override

from content.templatetags.library import citation_url
from games.engine.citations import Citation
from games.engine.wording import EngineError
from games.explaining import Explanation, Shown
from games.forms_util import sentence

__all__ = [
    "Explanation",
    "Shown",
    "error_field",
    "error_words",
    "hands_of",
    "paragraph_url",
]


def paragraph_url(citation: Citation) -> str:
    """The library's address of a cited paragraph, in the page's language (looked up once
    for each language: ``/sv/library/…`` on a Swedish page).

    >>> paragraph_url(Citation("peel-commerce", "standing"))
    '/library/peel-commerce/#standing'
    """
    return _paragraph_url(citation, get_language())


@lru_cache(maxsize=1024)
def _paragraph_url(citation: Citation, language: str | None) -> str:
    with override(language):
        return citation_url(citation)


def hands_of(names: Sequence[str]) -> list[str]:
    """What the players' hands are called, for the words of an error about a hand.

    >>> hands_of(["Ann", "Player 2"])
    ["Ann's hand", "Player 2's hand"]
    """
    return [gettext("%(player)s's hand") % {"player": name} for name in names]


def error_field(
    error: EngineError, rows: Mapping[str, str] | None = None, numbers: Sequence[int] = ()
) -> str | None:
    """The form field an engine error belongs beside: the field it names or, for an item of
    one of the engine's lists, that player's field in the form (``rows`` maps the list to
    the field's prefix, ``numbers`` the engine's items to the form's players, from 1); None
    when it names no field of the form.

    >>> from games.engine.settlement import SettlementError
    >>> bought = SettlementError.at("bought", "must be a whole number from 0", item=1)
    >>> error_field(bought, {"bought": "bought"}, [1, 2, 3])
    'bought2'
    >>> error_field(bought, {"bought": "bought"}, [1, 3])  # players 1 and 3 were counted
    'bought3'
    >>> error_field(SettlementError.at("stake", "must be more than 0, not 0"))
    'stake'
    >>> error_field(bought, {"bought": "bought"}, [1]) is None  # no such player on the form
    True
    >>> error_field(EngineError("the pack has run out")) is None
    True
    """
    if error.field is None:
        return None
    if error.item is None:
        return error.field
    prefix = (rows or {}).get(error.field)
    if prefix is None or not 0 <= error.item < len(numbers):
        return None
    return f"{prefix}{numbers[error.item]}"


def error_words(
    error: EngineError, names: Sequence[str] | None = None, *, placed: bool = True
) -> str:
    """An engine error's words as a sentence, the players named (its ``render``). Shown
    beside the field it names (``placed``), the words need not say where; shown apart, an
    error about one player's item says whose it is.

    >>> from games.engine.settlement import SettlementError
    >>> error = SettlementError.at("bought", "must be a whole number from 0, not -1", item=1)
    >>> error_words(error, ["Ann", "Bo"])
    'Must be a whole number from 0, not -1'
    >>> error_words(error, ["Ann", "Bo"], placed=False)
    'Bo: must be a whole number from 0, not -1'
    """
    words = error.render(names)
    if not placed and error.item is not None and names and 0 <= error.item < len(names):
        words = f"{names[error.item]}: {words}"
    return sentence(words)
