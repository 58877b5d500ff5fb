"""A deal's page drawn once for each shape and kept with holes, the holes filled per answer.

Players tap a calculator with new hands far more often than they change anything else: the
page around the values (the site's header and footer, the form's labels, buttons and hints,
the house rules) is the same for every deal of one shape -- the game, the language, the
number of players, which buttons and fields show. A :class:`Stencil` is the calculator's own
template (``payouts/deal.html`` and its htmx partials) rendered once for a shape with a
:class:`Hole` in place of each value that differs between deals (a typed hand, a name, the
chips of who dealt, the result, the language switch's addresses), cut at the holes and kept;
an answer is the pieces joined with its values, escaped as the template escapes them. The
template stays the one description of the page: ``tests/payouts/test_payouts_stencil.py``
compares stencilled pages with the template's own, byte for byte, in both languages.

Only a form without an error is stencilled: an error changes the markup around its field
(``aria-invalid``, the list of problems), and a page with one is drawn by the template.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from html import escape
from typing import Any

from django.conf import settings
from django.forms import BoundField, Field
from django.forms.widgets import Input
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from rulesite.language import languages

__all__ = [
    "MARK",
    "DealFormHoles",
    "FieldHole",
    "Hole",
    "Stencil",
    "deal_form_values",
    "language_values",
    "stencil",
]

MARK = "\x00"
"""What a hole is written as, around its name: a character no page of the site contains."""


class Hole:
    """A value a stencil leaves open: rendered by a template as its name between marks."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __html__(self) -> str:
        return f"{MARK}{self.name}{MARK}"

    def __str__(self) -> str:
        # A template writes a value as str(value), escaped unless that is safe.
        return mark_safe(self.__html__())  # noqa: S308 (a mark, or a field drawn by Django)

    def __bool__(self) -> bool:
        return True


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


class Stencil:
    """A page cut at its holes: the text between them and the hole after each piece."""

    __slots__ = ("holes", "pieces")

    def __init__(self, html: str) -> None:
        cut = html.split(MARK)
        if len(cut) % 2 == 0:
            raise ValueError("a hole's mark is not closed")
        self.pieces: list[tuple[str, str | None]] = [
            (cut[i], cut[i + 1] if i + 1 < len(cut) else None) for i in range(0, len(cut), 2)
        ]
        self.holes = frozenset(cut[1::2])

    def fill(self, values: Mapping[str, Callable[[], object]]) -> str:
        """The page with its holes filled: ``values`` gives each hole's value when asked (a
        page leaves most holes out: an htmx answer of the result alone has no form), written
        as a template writes a value: safe HTML as it is, text escaped."""
        written = {hole: _written(values[hole]()) for hole in self.holes}
        out = []
        for text, hole in self.pieces:
            out.append(text)
            if hole is not None:
                out.append(written[hole])
        return "".join(out)


def _written(value: object) -> str:
    html = getattr(value, "__html__", None)
    return str(html()) if html is not None else escape(str(value))


_KEPT: dict[tuple[object, ...], Stencil] = {}
"""The stencils made, by template, language and shape (:func:`stencil`)."""
_KEPT_MOST = 256


def stencil(
    name: str,
    request: HttpRequest,
    shape: tuple[object, ...],
    context: Callable[[], dict[str, Any]],
) -> Stencil:
    """The stencil of template ``name`` for this ``shape`` of page, in the page's language,
    made from ``context()`` (holes where the values differ) the first time it is asked for
    and kept (in DEBUG, made every time, so that an edited template shows at once)."""
    key = (name, get_language(), request.path, *shape)
    made = _KEPT.get(key)
    if made is None:
        stencil_context = context()
        # The language switch and the alternates name this very address: holes.
        stencil_context["languages"] = [
            {
                **language,
                "here": Hole(f"here-{language['code']}"),
                "switch": Hole(f"switch-{language['code']}"),
            }
            for language in languages(request)["languages"]
        ]
        made = Stencil(render_to_string(name, stencil_context, request))
        if not settings.DEBUG:
            if len(_KEPT) >= _KEPT_MOST:
                _KEPT.clear()
            _KEPT[key] = made
    return made


def given(value: object) -> Callable[[], object]:
    """A hole's value known already."""
    return lambda: value


def language_values(request: HttpRequest) -> dict[str, Callable[[], object]]:
    """The holes of the language switch and the alternates, for ``request``'s address,
    worked out only when a page has them (an htmx answer has none)."""
    offered: dict[str, dict[str, Any]] = {}

    def address(code: str, kind: str) -> object:
        if not offered:
            offered.update((lang["code"], lang) for lang in languages(request)["languages"])
        return offered[code][kind]

    values: dict[str, Callable[[], object]] = {}
    for code, _ in settings.LANGUAGES:
        values[f"here-{code}"] = partial(address, code, "here")
        values[f"switch-{code}"] = partial(address, code, "switch")
    return values


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
