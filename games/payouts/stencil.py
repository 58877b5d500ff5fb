"""The holes of a calculator's deal form in its stencil (:mod:`games.stencil`): a deal's
page is the same for every deal of one shape but for the values typed, the names, the chips
of who dealt and the house rules' summary."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

from django.forms import BoundField, Field
from django.forms.widgets import Input
from django.utils.safestring import SafeString, mark_safe

from games.stencil import MARK, Hole, given

__all__ = ["DealFormHoles", "FieldHole", "deal_form_values"]


class FieldHole(Hole):
    """A bound field left open, its id and label as they are, no errors (a stencilled form
    has none). A text or number input is kept drawn with a hole for its ``value`` attribute
    alone (``<name>.value``, :func:`value_attribute`): its other attributes are the field's,
    the same on every page of the shape. Any other widget is a hole as a whole."""

    __slots__ = ("auto_id", "drawn", "errors", "label")

    def __init__(self, name: str, bound: BoundField) -> None:
        super().__init__(name)
        self.auto_id = bound.auto_id
        self.label = bound.label
        self.errors = ""
        self.drawn = super().__html__()
        widget = bound.field.widget
        if getattr(widget, "input_type", None) in ("text", "number"):
            html = str(bound)
            start = f'<input type="{widget.input_type}" name="{escape(bound.html_name)}"'
            shown = value_attribute(bound)
            if html.startswith(start + shown):
                rest = html[len(start) + len(shown) :]
                self.drawn = f"{start}{MARK}{name}.value{MARK}{rest}"

    def __html__(self) -> str:
        return self.drawn


def value_attribute(bound: BoundField) -> str:
    """The ``value`` attribute of a text or number input as Django writes it (none when
    the value is empty)."""
    value = bound.field.widget.format_value(bound.value())
    return "" if value is None else f' value="{escape(str(value))}"'


def _plain(field: Field) -> bool:
    """Whether ``field``'s input shows the value as typed, as Django's ``Input`` shows it:
    not localized, not disabled, the value neither prepared nor formatted otherwise."""
    kind = type(field)
    return (
        not field.localize
        and not field.disabled
        and kind.bound_data is Field.bound_data
        and kind.prepare_value is Field.prepare_value
        and type(field.widget).format_value is Input.format_value
    )


def _value_of(form: Any, name: str) -> SafeString:
    """:func:`value_attribute` of field ``name``; for a plain field (:func:`_plain`), read
    from the form's data as its bound field would read it, without making one."""
    field = form.fields[name]
    if not _plain(field):
        return mark_safe(value_attribute(form[name]))  # noqa: S308 (escaped)
    value = field.widget.value_from_datadict(form.data, form.files, form.add_prefix(name))
    shown = "" if value == "" or value is None else f' value="{escape(str(value))}"'
    return mark_safe(shown)  # noqa: S308 (escaped)


class DealFormHoles:
    """What ``payouts/deal.html`` reads of a :class:`~.forms.DealForm` without errors, with
    a hole for each value that differs between deals of one shape."""

    def __init__(self, form: Any) -> None:
        fields = form.fields
        self.stake = FieldHole("stake", form["stake"]) if "stake" in fields else None
        self.stood = FieldHole("stood", form["stood"]) if "stood" in fields else None
        self.players_errors: list[str] = []
        self.rows = [
            {
                "number": i,
                "shown": Hole(f"shown{i}"),
                **{p: FieldHole(f"{p}{i}", form[f"{p}{i}"]) for p in form.row_prefixes},
                "invalid": False,
            }
            for i in range(1, form.players + 1)
        ]
        self.names = [Hole(f"shown{i}") for i in range(1, form.players + 1)]
        self.chips = {"dealer": Hole("chips-dealer"), "stood": Hole("chips-stood")}
        self.house_rules_drawn = Hole("house-rules")


def deal_form_values(form: Any) -> dict[str, Callable[[], object]]:
    """The values of the holes of :class:`DealFormHoles` for ``form``, each drawn when asked."""
    values: dict[str, Callable[[], object]] = {
        "chips-dealer": lambda: form.chips["dealer"],
        "chips-stood": lambda: form.chips["stood"],
        "house-rules": lambda: form.house_rules_drawn,
    }
    names = ["stake"]
    for i, shown in enumerate(form.names, start=1):
        values[f"shown{i}"] = given(shown)
        names.extend(f"{p}{i}" for p in form.row_prefixes)
    for name in names:
        values[name] = partial(form.__getitem__, name)
        values[f"{name}.value"] = partial(_value_of, form, name)
    return values
