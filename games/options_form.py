"""Django form fields for a game's house-rule options, built from the registry of games.

Every option is declared once, in :mod:`games.engine.games` (its name, label, values and the
words that say what each value does, its default and its ruling); a form asks
:func:`option_fields` for fields and :func:`configure` for the checked :class:`Config`, and
writes none of it again. Values are read by the option itself (``Option.read``; an amount by
:func:`games.engine.amounts.read_amount`), so a form accepts exactly what the API and the
score sheet accept, and the refusal, in the engine's words, is shown beside its field.

>>> from django import forms
>>> from games.engine.games import get
>>> game = get("pool")
>>> class PoolSums(forms.Form):
...     def __init__(self, data):
...         super().__init__(data)
...         self.fields.update(option_fields(game, parts={"game"}))
>>> form = PoolSums({"buy_in": "2 1/2", "prize": "1 / 2", "horse_price": "1,5",
...                  "tied_worst": "none", "horse": "first"})
>>> config = configure(form, game)
>>> config.amount("buy_in"), config["tied_worst"], config["pack"]
(Fraction(5, 2), 'none', '52')
>>> form = PoolSums({"buy_in": "1e999", "prize": "1", "horse_price": "1", "tied_worst": "all",
...                  "horse": "first"})
>>> print(configure(form, game))
None
>>> form.errors["buy_in"], form.errors["tied_worst"]
(['Write an amount like 1, 0.5 or 1/2, not “1e999”.'], ['Choose one of: each, none; not “all”.'])
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from games.engine.amounts import AmountError, read_amount
from games.engine.games import Config, Game, Option, OptionError

__all__ = [
    "AmountField",
    "OptionCheckbox",
    "OptionCheckboxInput",
    "OptionChoiceField",
    "chosen_values",
    "configure",
    "option_defaults",
    "option_fields",
]

MAX_TEXT = 64
"""The longest text an option's field takes (the engine reads no more)."""


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:]


def _said(words: str) -> str:
    """An option value's words (a message id of the engine) as a sentence, in the language
    of the page that shows them."""
    return _sentence(gettext(words))


_said_lazy = lazy(_said, str)


def _refusal(message: str) -> str:
    """An engine refusal as a sentence for the page: ``'x'`` quoted as people quote."""
    text = _sentence(message)
    if not text.endswith((".", "?", "!")):
        text += "."
    return text


class AmountField(forms.CharField):
    """An amount of money or counters, read by :func:`~games.engine.amounts.read_amount`:
    ``3``, ``0.5``, ``1,5``, ``1/2``, ``1 / 2``, ``2 1/3``; the engine's refusal beside it.

    >>> AmountField(label="Stake").clean("2 1/3")
    Fraction(7, 3)
    >>> AmountField(label="Stake").clean("-1")
    Traceback (most recent call last):
    ...
    django.core.exceptions.ValidationError: ['Must be more than 0, not −1.']
    """

    def __init__(
        self,
        *,
        read: Callable[[str], Any] | None = None,
        option: Option | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("max_length", 24)
        kwargs.setdefault(
            "error_messages",
            {
                "required": gettext_lazy("Enter an amount, like 1, 0.5 or 1/2."),
                "max_length": gettext_lazy(
                    "Write an amount like 1, 0.5 or 1/2 (at most %(limit_value)d characters)."
                ),
            },
        )
        super().__init__(**kwargs)
        self.read = read or (lambda text: read_amount(text, "amount"))
        self.option = option
        self.widget.attrs.update(
            {"inputmode": "decimal", "autocomplete": "off", "class": "amount", "size": "6"}
        )

    def clean(self, value: Any) -> Any:
        text = str(super().clean(value)).strip()
        try:
            return self.read(text)
        except (AmountError, OptionError) as error:
            message = error.render()  # the engine's words in the page's language
            quoted = f"'{text}'"
            if quoted in message:  # the engine quotes as Python does; a page quotes as people do
                message = message.replace(quoted, f"“{text}”")
            raise ValidationError(_refusal(message)) from None


class OptionChoiceField(forms.ChoiceField):
    """One of a choice option's values, each offered in the registry's words."""

    def __init__(self, option: Option, **kwargs: Any) -> None:
        values = ", ".join(value for value, _ in option.values)
        super().__init__(
            label=gettext_lazy(option.label),
            choices=[(value, _said_lazy(words)) for value, words in option.values],
            error_messages={"required": f"Choose one of: {values}."},
            **kwargs,
        )
        self.option = option

    def validate(self, value: Any) -> None:
        forms.Field.validate(self, value)  # the option itself judges the value (clean)

    def clean(self, value: Any) -> str:
        value = super().clean(value)
        try:
            return str(self.option.read(value))
        except OptionError:
            values = ", ".join(v for v, _ in self.option.values)
            shown = str(value)[:20]
            raise ValidationError(f"Choose one of: {values}; not “{shown}”.") from None


class OptionCheckboxInput(forms.CheckboxInput):
    """A checkbox that gives the form what was sent, as sent (Django's makes any text
    ``True``), so the option can refuse what it does not read. It sends ``on`` when ticked."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        return data.get(name)

    def format_value(self, value: Any) -> str | None:
        return None


class OptionCheckbox(forms.Field):
    """A yes/no variant the book describes (no ruling, ``false`` by default): a checkbox,
    ticked for ``true``. Its value is ``"true"`` or ``"false"``, as the option reads it
    (``on``, ``yes``, ``1`` ...); anything else is refused.

    >>> from games.engine.games import get
    >>> field = OptionCheckbox(get("peel-new").option("extended"))
    >>> field.clean("on"), field.clean(None), field.clean("false")
    ('true', 'false', 'false')
    >>> field.clean("maybe")
    Traceback (most recent call last):
    ...
    django.core.exceptions.ValidationError: ['Tick the box or leave it empty, not “maybe”.']
    """

    widget = OptionCheckboxInput

    def __init__(self, option: Option, **kwargs: Any) -> None:
        super().__init__(label=gettext_lazy(option.label), required=False, **kwargs)
        self.widget.check_test = self.ticked
        self.option = option

    def ticked(self, value: Any) -> bool:
        try:
            return self.to_python(value) == "true"
        except ValidationError:
            return False

    def to_python(self, value: Any) -> str:
        if value in (None, ""):
            return "false"
        try:
            return str(self.option.read(value))
        except OptionError:
            shown = str(value)[:20]
            raise ValidationError(f"Tick the box or leave it empty, not “{shown}”.") from None

    def has_changed(self, initial: Any, data: Any) -> bool:
        return self.ticked(initial) != self.ticked(data)


def _is_checkbox(option: Option) -> bool:
    return option.is_yes_no and option.ruling is None and option.default == "false"


def _field(option: Option) -> forms.Field:
    if option.kind == "amount":
        return AmountField(label=gettext_lazy(option.label), read=option.read, option=option)
    if _is_checkbox(option):
        return OptionCheckbox(option)
    return OptionChoiceField(option)


def option_fields(game: Game, parts: Collection[str] | None = None) -> dict[str, forms.Field]:
    """A form field for each of ``game``'s options (those changing one of ``parts``, if
    given: ``"hands"``, ``"payment"``, ``"game"``), named as the option, in the registry's
    order. Each field has the ``option`` it reads.

    >>> from games.engine.games import get
    >>> fields = option_fields(get("peel-new"), parts={"payment"})
    >>> list(fields)
    ['stander_pays', 'dealer_penalty', 'tie_dealer_stake', 'extended']
    >>> fields["stander_pays"].label, fields["stander_pays"].choices[1][0]
    ('A beaten stander pays', 'shared')
    >>> type(fields["extended"]).__name__
    'OptionCheckbox'
    """
    return {
        option.name: _field(option)
        for option in game.options
        if parts is None or option.part in parts
    }


def option_defaults(game: Game, parts: Collection[str] | None = None) -> dict[str, str]:
    """The default of each option a form shows as a value (a checkbox shows none)."""
    return {
        option.name: option.default
        for option in game.options
        if (parts is None or option.part in parts) and not _is_checkbox(option)
    }


def configure(form: forms.Form, game: Game) -> Config | None:
    """The game's options from ``form`` (cleaned; those it has no field for take their
    default), checked together by ``game.configure``; ``None`` when any is refused, each
    refusal added beside the field it names (``OptionError.field``), or to the form as a
    whole when it names none of its fields."""
    names = [o.name for o in game.options]
    if any(name in form.errors for name in names if name in form.fields):
        return None
    data: Mapping[str, Any] = getattr(form, "cleaned_data", {})
    raw = {name: data[name] for name in names if name in form.fields and name in data}
    try:
        return game.configure(raw)
    except OptionError as error:
        form.add_error(error.field if error.field in form.fields else None, _refusal(error.message))
        return None


def chosen_values(config: Config) -> dict[str, str]:
    """The value a table chose for each ruling's option, by the ruling's slug (what a page
    shows beside an editorial ruling: "this table: shared").

    >>> from games.engine.games import get
    >>> chosen_values(get("swedish").configure({"tie": "full-bonus"}))
    {'poang-equal-sums': 'equal', 'swedish-tie': 'full-bonus'}
    """
    return {
        option.ruling.slug: config[option.name]
        for option in config.game.options
        if option.ruling is not None
    }
