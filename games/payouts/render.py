"""Django's form renderer, with the plain widgets and error lists written in Python.

Django renders every input, option and error list through a template of its own (with an
include for the attributes), which was about 40 % of a calculator's time. The widgets the
calculators use -- text, number and checkbox inputs, selects, radio buttons -- and the
error lists are written here instead, with exactly Django's markup
(``tests/payouts/test_payouts_render.py`` compares the two for every field of every
calculator); any other template goes to Django as before.

>>> from django import forms
>>> class F(forms.Form):
...     default_renderer = FastRenderer()
...     stake = forms.CharField(widget=forms.TextInput(attrs={"class": "amount"}))
>>> str(F({"stake": '<1 "x">'})["stake"])
'<input type="text" name="stake" value="&lt;1 &quot;x&quot;&gt;" class="amount" required \
id="id_stake">'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from django.forms.renderers import DjangoTemplates

__all__ = ["FastRenderer"]


def conditional_escape(value: Any) -> str:
    """Django's ``conditional_escape`` (safe text as it is, else ``html.escape``), without
    its wrapper for lazy text, which costs as much as the escaping."""
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return escape(str(value))


def _attrs(attrs: Mapping[str, Any]) -> str:
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{conditional_escape(str(value))}"')
    return "".join(out)


def _input(widget: Mapping[str, Any]) -> str:
    value = widget["value"]
    shown = "" if value is None else f' value="{conditional_escape(str(value))}"'
    return (
        f'<input type="{widget["type"]}" name="{conditional_escape(widget["name"])}"'
        f"{shown}{_attrs(widget['attrs'])}>"
    )


def _input_option(widget: Mapping[str, Any]) -> str:
    tag = _input(widget)
    if not widget.get("wrap_label"):
        return tag
    target = widget["attrs"].get("id")
    label_for = f' for="{conditional_escape(target)}"' if target else ""
    # Django's input template, included here, ends with a newline (only the outermost
    # template's output is stripped).
    return f"<label{label_for}>{tag}\n {conditional_escape(widget['label'])}</label>"


def _select(widget: Mapping[str, Any]) -> str:
    parts = [f'<select name="{conditional_escape(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _ in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{conditional_escape(group_name)}">')
        for option in group_choices:
            parts.append(
                f'\n  <option value="{conditional_escape(str(option["value"]))}"'
                f"{_attrs(option['attrs'])}>{conditional_escape(option['label'])}</option>\n"
            )  # Django's option template ends with a newline
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def _errors(context: Mapping[str, Any]) -> str:
    errors = context["errors"]
    if not errors:
        return ""
    field_id = getattr(errors, "field_id", None)
    ident = f' id="{conditional_escape(field_id)}_error"' if field_id else ""
    items = "".join(f"<li>{conditional_escape(e)}</li>" for e in errors)
    return f'<ul class="{conditional_escape(context["error_class"])}"{ident}>{items}</ul>'


_WIDGETS = "django/forms/widgets/"
_WRITERS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    **{
        f"{_WIDGETS}{name}.html": lambda c: _input(c["widget"])
        for name in ("input", "text", "number", "checkbox", "hidden", "email", "search")
    },
    f"{_WIDGETS}radio_option.html": lambda c: _input_option(c["widget"]),
    f"{_WIDGETS}checkbox_option.html": lambda c: _input_option(c["widget"]),
    f"{_WIDGETS}input_option.html": lambda c: _input_option(c["widget"]),
    f"{_WIDGETS}select.html": lambda c: _select(c["widget"]),
    "django/forms/errors/list/default.html": _errors,
    "django/forms/errors/list/ul.html": _errors,
}


class FastRenderer(DjangoTemplates):
    """A form renderer that writes the common widgets and error lists itself (Django's
    markup, byte for byte) and leaves every other template to Django."""

    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> str:
        write = _WRITERS.get(template_name)
        if write is None:
            return str(super().render(template_name, context, request))
        return write(context)
