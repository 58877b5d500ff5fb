"""A page drawn once for each shape and kept with holes, the holes filled per answer.

Players tap a calculator or a table with new hands far more often than they change anything
else: the page around the values (the site's header and footer, the form's labels, buttons
and hints, the house rules) is the same for every question of one shape -- the game, the
language, the number of players, which buttons and fields show. A :class:`Stencil` is a
page's own template rendered once for a shape with a :class:`Hole` in place of each value
that differs between questions (a typed hand, a name, the result, the language switch's
addresses), cut at the holes and kept; an answer is the pieces joined with its values,
escaped as the template escapes them. The template stays the one description of the page:
``tests/payouts/test_payouts_stencil.py`` (a calculator's deal, with
:mod:`games.payouts.stencil`'s holes of its form) and ``tests/table/test_table_stencil.py``
(a table's page) compare stencilled pages with the template's own, byte for byte, in both
languages.

Only a page without a mistake is stencilled: a mistake changes the markup around its field
(``aria-invalid``, the list of problems), and a page with one is drawn by the template.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Callable, Mapping
from functools import partial
from html import escape
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.template import Context
from django.template.loader import get_template, render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from rulesite.language import languages

__all__ = ["MARK", "Hole", "Stencil", "drawn_from", "given", "language_values", "stencil"]

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


_KEPT: OrderedDict[tuple[object, ...], Stencil] = OrderedDict()
"""The stencils made, by template, language and shape (:func:`stencil`), the least recently
asked first: a visitor walking every shape of every page drops the stencils nobody asks for,
not the ones every tap reads."""
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
    if made is not None:
        _KEPT.move_to_end(key)
    else:
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
            _KEPT[key] = made
            if len(_KEPT) > _KEPT_MOST:
                _KEPT.popitem(last=False)
    return made


def drawn_from(part: str, context: dict[str, Any]) -> None:
    """Tell a test client, if one listens, the context a page drawn without rendering its
    template was drawn from, as a template's rendering tells it: tests read it."""
    signals = sys.modules.get("django.test.signals")  # loaded by tests, never by the site
    if signals is not None:
        signals.template_rendered.send(
            sender=None, template=get_template(part), context=Context(context)
        )


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
