"""How the engine's words number players and hands, and how a page puts names in their place.

Every text of the engine meant for a person -- a :class:`~games.engine.citations.Reason`,
and an error that speaks of a player or of a hand -- numbers players and hands from 1, as
people count round a table: "player 1", "players 1 and 3", "Hand 2 (pair of nines, king
third)", "hands 1 (...) and 4 (...)". Hand *n* is the *n*-th hand given to the function
that judged it, so it is player *n*'s when every player shows a hand.

Indices in data stay from 0 (``Showdown.winners``, ``Transfer.payer``, the JSON API's
fields), and so does an error that quotes an index as it was passed: such a message says
"index" or "numbered 0 to ..." ("dealer: must be a player index from 0 to 2, not 3"), never
"player *n*".

Those words are data before they are words: a :class:`Mention` is the players or hands a
text speaks of (by index from 0, with what is said of each), and :func:`fill` writes a
template's mentions either numbered or with the players' names -- the one formatter of
names (``Reason.render`` and ``EngineError.render`` call it). :func:`numbered` writes the
numbered words alone; :func:`name_players`, which put names in by reading the numbers back
out of the words, is deprecated.

An :class:`EngineError` is the data of a refusal: the argument at fault (``field``), the
item of it (``item``, from 0, for a list), the words without the field's prefix
(``detail``), and the mentions of its words; ``str(error)`` is the whole message.

In Cox's game a "hand" is also one of the four deals of a game (cox ``winner``); the engine
numbers those only in errors about its arguments, which a page does not name.

**Other languages.** The engine writes English (what the JSON API sends), but every text a page
shows can be written in another language without the engine knowing any: a template is a
message id, marked where it is written so that ``makemessages`` finds it (:func:`N_`, the first
argument of :meth:`Reason.about <games.engine.citations.Reason.about>`, of :func:`said` and of
:meth:`EngineError.saying`), and everything that varies in it is a placeholder whose value is
data: a :class:`Mention`, a :class:`Said` (words of their own, translated in turn), a number, or
an object the :class:`Speaker` writes (an amount, a card). The site installs its speaker with
:func:`speak_with`; :func:`fill` asks it for the template in the reader's language and for the
words of each value. Without one, everything is English, as written here.

>>> said = Mention("player", (0, 2))
>>> fill("so {who} hold exactly equal best hands", {"who": said})
'so players 1 and 3 hold exactly equal best hands'
>>> fill("so {who} hold exactly equal best hands", {"who": said}, ["Ann", "Bo", "Cy"])
'so Ann and Cy hold exactly equal best hands'
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Protocol

__all__ = [
    "ENGLISH",
    "EngineError",
    "English",
    "Mention",
    "N_",
    "Noun",
    "Said",
    "Speaker",
    "Word",
    "escape",
    "fill",
    "join",
    "name_players",
    "numbered",
    "said",
    "speak_with",
    "speaker",
    "split_prefix",
]


def N_(template: str) -> str:
    """``template`` unchanged: marks words the site translates (``makemessages`` reads the
    marks; the engine stays free of Django). Use it where words are written for later, like a
    ruling's question or an option's label.

    >>> N_("Two flushes of equal point")
    'Two flushes of equal point'
    """
    return template


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


Noun = Literal["player", "hand"]
"""What a :class:`Mention` counts: the players at the table, or the hands judged."""


class Speaker(Protocol):
    """Writes the engine's words in one language: :func:`fill` asks it for each template and
    for the words of each value. :data:`ENGLISH` writes them as the engine does; the site
    gives one for each language it speaks (:func:`speak_with`).

    A speaker that writes the same words for the same template and values every time may
    say so with a ``memo_key`` attribute (a string naming its language, different for each
    such speaker): a :class:`Mention` or a :class:`Said` then keeps its words once written by
    it, as they keep the engine's English."""

    def text(self, template: str) -> str:
        """``template`` (a message id: English, with placeholders) in this language."""
        ...

    def text_n(self, singular: str, plural: str, count: int) -> str:
        """The template for ``count`` things, from the English ``singular`` and ``plural``."""
        ...

    def noun(self, noun: Noun, count: int) -> str:
        """``"player"`` or ``"hand"`` for ``count`` of them (the plural for more than one)."""
        ...

    def join(self, words: Sequence[str]) -> str:
        """Words as a list is written in a sentence (:func:`join` in English)."""
        ...

    def value(self, value: object) -> str:
        """The words of a value that is neither words nor a mention: a number, an amount, a
        card (its ``str`` in English)."""
        ...


class English:
    """The engine's own words: each template as written, values by their ``str``."""

    def text(self, template: str) -> str:
        return template

    def text_n(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    def noun(self, noun: Noun, count: int) -> str:
        return noun if count == 1 else noun + "s"

    def join(self, words: Sequence[str]) -> str:
        return join(words)

    def value(self, value: object) -> str:
        return str(value)


ENGLISH: Speaker = English()
"""The engine's own words, and the speaker when the site has installed none."""


def _english() -> Speaker:
    return ENGLISH


_find_speaker: Callable[[], Speaker] = _english


def speak_with(find: Callable[[], Speaker] | None) -> None:
    """Install ``find``, which gives the speaker of the language a page is in (the site calls
    it once at start-up; it reads the request's language); None goes back to English.

    >>> class Loud(English):
    ...     def text(self, template: str) -> str:
    ...         return template.upper()
    >>> class Excited(English):
    ...     def text(self, template: str) -> str:
    ...         return template + "!"
    >>> error = EngineError.saying("{who} may not", who=Mention("player", (1,)))
    >>> site = _find_speaker  # the site's, when it has installed one
    >>> speak_with(Excited)
    >>> error.render(["Ann", "Bo"]), str(error)
    ('Bo may not!', 'player 2 may not')
    >>> speak_with(None)
    >>> speaker() is ENGLISH
    True
    >>> speak_with(site)
    """
    global _find_speaker
    _find_speaker = find or _english


def speaker() -> Speaker:
    """The speaker of the language being written (English unless the site installed one)."""
    return _find_speaker()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Mention:
    """Players or hands a text speaks of: data, written as words only by :meth:`words`.

    ``noun`` is ``"player"`` or ``"hand"``; ``indices`` count from 0 (hand *i* is the *i*-th
    hand given to the function that judged it); ``details``, one for each index, are written
    in brackets after it; ``capital`` gives the first word a capital (the mention starts a
    sentence -- :func:`fill` also gives one to a mention that follows the end of a sentence).

    >>> Mention("hand", (1,), ("pair of nines and a king",)).words()
    'hand 2 (pair of nines and a king)'
    >>> Mention("hand", (0, 3), ("a", "b"), capital=True).words()
    'Hands 1 (a) and 4 (b)'
    >>> Mention("hand", (0, 3), ("a", "b"), capital=True).words(["ann", "Bo", "Cy", "Di"])
    'Ann (a) and Di (b)'
    >>> Mention("player", (0, 2)).words(["Ann", "Bo", "Cy"])
    'Ann and Cy'
    >>> Mention("player", ())
    Traceback (most recent call last):
    ...
    ValueError: Mention: at least one index is needed
    """

    noun: Noun
    """``"player"`` or ``"hand"`` (made plural for more than one)."""
    indices: tuple[int, ...]
    """The players or hands, by index from 0, in the order the words give them."""
    details: tuple[str | Said, ...] | None = None
    """What is said of each, in brackets after it (a hand's value), or None."""
    capital: bool = False
    """Whether the words start a sentence."""

    def __post_init__(self) -> None:
        if not self.indices:
            raise ValueError("Mention: at least one index is needed")
        if self.details is not None and len(self.details) != len(self.indices):
            raise ValueError("Mention: one detail for each index is needed")

    @classmethod
    def of(
        cls,
        noun: Noun,
        indices: Iterable[int],
        details: Iterable[str | Said] | None = None,
        *,
        capital: bool = False,
    ) -> Mention:
        """A mention from any iterables (kept as tuples, so that it stays hashable).

        >>> Mention.of("player", [2]).words()
        'player 3'
        """
        made = None if details is None else tuple(details)
        return cls(noun, tuple(indices), made, capital)

    def words(self, names: Sequence[str] | None = None, speak: Speaker | None = None) -> str:
        """The mention as a person reads it: numbered from 1, or by ``names``; in
        ``speak``'s language (English by default).

        ``names[i]`` is the name of player *i*, or of whoever holds hand *i*; an index with
        no name (``names`` too short, or the name blank) keeps its number, each one with its
        noun, so that a list mixing names and numbers reads without ambiguity:

        >>> Mention("hand", (0, 2, 3), ("a", "b", "c")).words(["Ann", "Bo"])
        'Ann (a), hand 3 (b) and hand 4 (c)'
        >>> Mention("player", (1, 0), capital=True).words(["", "bo"])
        'Bo and player 1'
        >>> Mention("player", (0,)).words([])
        'player 1'
        """
        return self._written(names, speak or ENGLISH, self.capital)

    def _written(self, names: Sequence[str] | None, speak: Speaker, capital: bool) -> str:
        """:meth:`words`, with a capital when ``capital`` (:func:`fill` gives one to a mention
        after the end of a sentence without making another mention)."""
        if names is None and (key := _memo_key(speak)) is not None:
            # Written once in each language (a mention is immutable data, and a reason
            # speaks of the same player or hand again and again).
            memo = _memo(self)
            known = memo.get((key, capital))
            if known is None:
                known = memo[key, capital] = self._compose(None, speak, capital)
            return known
        return self._compose(names, speak, capital)

    def _compose(self, names: Sequence[str] | None, speak: Speaker, capital: bool) -> str:
        named = (
            None
            if names is None
            else [
                names[i] if 0 <= i < len(names) and names[i].strip() else None for i in self.indices
            ]
        )
        if named is None or all(name is None for name in named):
            parts = [str(i + 1) for i in self.indices]
            by_number = True
        else:
            parts = [
                f"{speak.noun(self.noun, 1)} {i + 1}" if name is None else name
                for i, name in zip(self.indices, named, strict=True)
            ]
            by_number = False
        if self.details is not None:
            parts = [
                f"{part} ({_words(d, names, speak)})"
                for part, d in zip(parts, self.details, strict=True)
            ]
        text = speak.join(parts)
        if by_number:
            text = f"{speak.noun(self.noun, len(parts))} {text}"
        return _capital(text) if capital else text


@dataclass(frozen=True)
class Said:
    """Words of their own inside other words: a template (a message id) and the values of
    its placeholders, written in the reader's language where they stand (a hand's value in a
    reason, a rank's name in a hand's value). Build one with :func:`said` or :func:`said_n`.

    >>> pair = said("pair of {rank} and {kicker}", rank=said("nines"), kicker="a king")
    >>> pair.words(), str(pair)
    ('pair of nines and a king', 'pair of nines and a king')
    >>> said_n("{n} card", "{n} cards", 3, n=3).words()
    '3 cards'
    """

    template: str
    """The words, with a ``{placeholder}`` for each value (the singular, for a count)."""
    values: tuple[tuple[str, object], ...] = ()
    """Each placeholder and its value (:data:`Word`)."""
    plural: str | None = None
    """The template for more than one, when the words count something."""
    count: int = 1
    """How many, when the words count something."""

    def words(self, names: Sequence[str] | None = None, speak: Speaker | None = None) -> str:
        """The words in ``speak``'s language (English by default), players named by
        ``names`` (:meth:`Mention.words`)."""
        speak = speak or ENGLISH
        key = _memo_key(speak)
        if key is None or (names is not None and self._names_someone()):
            return self._compose(names, speak)
        # Written once in each language: the words are immutable data (frozen, their values
        # too), and a hand's value or a card's name is written again in every reason that
        # speaks of it; names change nothing in words that speak of no player or hand.
        memo = _memo(self)
        known = memo.get(key)
        if known is None:
            known = memo[key] = self._compose(names, speak)
        return known

    def _compose(self, names: Sequence[str] | None, speak: Speaker) -> str:
        template = (
            speak.text(self.template)
            if self.plural is None
            else speak.text_n(self.template, self.plural, self.count)
        )
        return _fill(template, dict(self.values), names, speak)

    def _names_someone(self) -> bool:
        """Whether a :class:`Mention` stands among the values, or within them."""
        found = self.__dict__.get("_names")
        if found is None:
            found = any(
                isinstance(value, Mention) or (isinstance(value, Said) and value._names_someone())
                for _, value in self.values
            )
            object.__setattr__(self, "_names", found)
        return found

    def __str__(self) -> str:
        return self.words()


def _memo_key(speak: Speaker) -> str | None:
    """The language whose words a mention or a Said keeps once written by ``speak``: the
    engine's English, or the ``memo_key`` of a speaker that says it writes the same words
    each time (the site's, one per language); None keeps nothing."""
    if speak is ENGLISH:
        return ""
    key: str | None = getattr(speak, "memo_key", None)
    return key


def _memo(data: Mention | Said) -> dict[object, str]:
    """The words ``data`` has kept (at most one entry per language, and capital)."""
    memo: dict[object, str] | None = data.__dict__.get("_memo")
    if memo is None:
        memo = {}
        object.__setattr__(data, "_memo", memo)
    return memo


Word = object
"""The value of a placeholder: a :class:`Mention`, :class:`Said` words, a ``str`` written as
it is (words a person typed, a name), or any other value the :class:`Speaker` writes (a
number, an amount, a card)."""


def said(template: str, /, **values: Word) -> Said:
    """Words to be written in the reader's language: ``template`` (marked for
    ``makemessages``) with ``values`` in its placeholders."""
    return Said(template, tuple(values.items()))


def said_n(singular: str, plural: str, count: int, /, **values: Word) -> Said:
    """:func:`said` for words that count something: ``singular`` for one, else ``plural``
    (a language may have more forms; the site's speaker picks)."""
    return Said(singular, tuple(values.items()), plural, count)


def _words(value: Word, names: Sequence[str] | None, speak: Speaker) -> str:
    kind = type(value)  # the usual kinds first, by identity: isinstance costs more
    if kind is str:
        return value  # type: ignore[return-value]
    if kind is Said:
        return value.words(names, speak)  # type: ignore[attr-defined,no-any-return]
    if kind is Mention:
        return value._written(names, speak, value.capital)  # type: ignore[attr-defined,no-any-return]
    if not isinstance(value, (Said, Mention, str)):
        return speak.value(value)  # a number, an amount, a card
    if isinstance(value, Said):
        return value.words(names, speak)
    if isinstance(value, Mention):
        return value._written(names, speak, value.capital)
    return value


_FORMATTER = string.Formatter()
_SENTENCE_END = (".", "!", "?")


def fill(
    template: str,
    who: Mapping[str, Word],
    names: Sequence[str] | None = None,
    speak: Speaker | None = None,
) -> str:
    """``template`` with each ``{placeholder}`` written as its value's words (:data:`Word`):
    a mention numbered from 1 when ``names`` is None, else with the names
    (:meth:`Mention.words`). This is the one place the engine's words get the players' names.
    With ``speak``, the template and the values are written in its language (English by
    default).

    A mention gets a capital when it says so, and when it follows the end of a sentence in
    the template; literal braces are written doubled (``{{``), as for :meth:`str.format`.

    >>> who = {"tied": Mention.of("hand", [0, 1], capital=True), "dealer": Mention.of("hand", [1])}
    >>> fill("{tied} tie. {dealer} is the dealer, so {dealer} wins.", who)
    'Hands 1 and 2 tie. Hand 2 is the dealer, so hand 2 wins.'
    >>> fill("{tied} tie. {dealer} is the dealer.", who, ["ann", "bo"])
    'Ann and bo tie. Bo is the dealer.'
    >>> fill("{nobody}", who)
    Traceback (most recent call last):
    ...
    KeyError: 'nobody'
    """
    speak = speak or ENGLISH
    return _fill(speak.text(template), who, names, speak)


@lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[tuple[str, str | None, bool | None], ...]:
    """``template`` parsed once (templates are message ids, and their translations): each
    literal text, the placeholder after it (None at the end), and whether the literal ends a
    sentence (None when it is blank, so that what stood before it decides)."""
    parts = []
    for literal, name, _spec, _conversion in _FORMATTER.parse(template):
        stripped = literal.rstrip()
        parts.append((literal, name, stripped.endswith(_SENTENCE_END) if stripped else None))
    return tuple(parts)


def _fill(
    template: str, who: Mapping[str, Word], names: Sequence[str] | None, speak: Speaker
) -> str:
    """:func:`fill` of a template already in ``speak``'s language."""
    out: list[str] = []
    ends = False  # whether the text so far ends a sentence: a mention there gets a capital
    for literal, name, literal_ends in _parts(template):
        if literal_ends is not None:
            ends = literal_ends
        out.append(literal)
        if name is None:
            continue
        value = who[name]
        if type(value) is Mention:
            words = value._written(names, speak, value.capital or ends)
        elif type(value) is str:
            words = value
        elif isinstance(value, Mention):
            words = value._written(names, speak, value.capital or ends)
        else:
            words = _words(value, names, speak)
        out.append(words)
        ends = words.endswith(_SENTENCE_END)
    return "".join(out)


def escape(text: str) -> str:
    """``text`` as a template that :func:`fill` writes back unchanged (braces doubled).

    >>> escape("a {b}")
    'a {{b}}'
    >>> fill(escape("a {b}"), {})
    'a {b}'
    """
    return text.replace("{", "{{").replace("}", "}}")


_PREFIX = re.compile(r"(?P<name>[a-z_]+)(?:\[(?P<item>\d+)\])?: ")


def split_prefix(message: str) -> tuple[str | None, int | None, str]:
    """A legacy error message's leading ``name: `` or ``name[i]: `` as the argument it names,
    the item (from 0) and the rest; ``(None, None, message)`` when it names none. Only an
    :class:`EngineError` raised with such a message reads it (once, in its constructor).

    >>> split_prefix("bought[2]: must be a whole number from 0, not -1")
    ('bought', 2, 'must be a whole number from 0, not -1')
    >>> split_prefix("Hand 2, card 3: 'X' is not a card")
    (None, None, "Hand 2, card 3: 'X' is not a card")
    """
    found = _PREFIX.match(message)
    if found is None:
        return None, None, message
    item = found.group("item")
    return found.group("name"), None if item is None else int(item), message[found.end() :]


class EngineError(ValueError):
    """A refusal of the engine, as data: what is at fault, and the words that say why.

    ``field`` is the argument at fault (as a form or the API names it), ``item`` its item
    (an index from 0) when it is a list, ``detail`` the words without the prefix that
    places them (``"stake: "``, ``"Hand 2, card 3: "``); ``str(error)`` is the whole
    message. When the words speak of players or hands, ``template`` and ``who`` hold them
    as data and :meth:`render` writes them with names.

    >>> error = EngineError("bought[1]: player 2 may not", field="bought", item=1,
    ...                     template="{who} may not", who={"who": Mention("player", (1,))})
    >>> str(error), error.field, error.item, error.detail
    ('bought[1]: player 2 may not', 'bought', 1, 'player 2 may not')
    >>> error.render(["Ann", "Bo"])
    'Bo may not'
    >>> EngineError("nothing to say").render(["Ann"])
    'nothing to say'
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        item: int | None = None,
        detail: str | None = None,
        template: str | None = None,
        who: Mapping[str, Word] | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        """The argument at fault, or None when the words are about the whole."""
        self.item = item
        """The item of ``field`` at fault, from 0, when ``field`` is a list."""
        self.who: tuple[tuple[str, Word], ...] = tuple((who or {}).items())
        """The values of ``template``'s placeholders (players, hands, numbers, words)."""
        self.template = template
        """``detail`` as a message id, what varies in it as placeholders (None: ``detail``
        itself is the message id)."""
        if detail is None:
            detail = message if self.template is None else fill(self.template, dict(self.who))
        self.detail = detail
        """The words without the prefix that places them."""

    @classmethod
    def saying(
        cls,
        template: str,
        /,
        *,
        field: str | None = None,
        item: int | None = None,
        where: str = "",
        **who: Word,
    ) -> EngineError:
        """A refusal whose words are ``template`` (marked for ``makemessages``) with ``who``
        in its placeholders; ``where`` (``"stake: "``) goes before them in ``str(error)``.

        >>> error = EngineError.saying("{n} is too many", field="stake", where="stake: ", n=7)
        >>> str(error), error.detail, error.field
        ('stake: 7 is too many', '7 is too many', 'stake')
        """
        detail = fill(template, who)
        return cls(
            where + detail, field=field, item=item, detail=detail, template=template, who=who
        )

    def render(self, names: Sequence[str] | None = None) -> str:
        """``detail`` in the language being written (:func:`speaker`), with ``names`` in place
        of the numbers of the players or hands it speaks of (:func:`fill`)."""
        speak = speaker()
        if self.template is None:
            return speak.text(self.detail)
        return fill(self.template, dict(self.who), names, speak)


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

    Deprecated: it reads the numbers back out of the words. A reason's
    :meth:`~games.engine.citations.Reason.render` and an error's
    :meth:`EngineError.render` write the names from the data (:func:`fill`); this stays only
    for the callers not yet moved to them.

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
