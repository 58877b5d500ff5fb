"""Template tags that draw a :class:`~games.request_forms.RequestForm`'s controls by path.

A game's fields template (``templates/table/request/<slug>_fields.html``) names each value
by its path in the request, given in parts (a loop's counter among them); the tag writes the
control's name and id with the form's prefix, its value as typed, and, when the engine
refused that value, ``aria-invalid`` and the message beside it::

    {% load request_fields %}
    {% for player in form.value.players %}
      {% request_input form "players" forloop.counter0 "hand" label="Cards" kind="cards" %}
    {% endfor %}
    {% request_button form "add" "players" label="Add a player" %}

``kind``: ``text`` (default), ``cards`` (card codes, typed in capitals), ``amount`` (a stake,
a price: ``1``, ``0.5``, ``1/2``), ``check`` (a box: ticked sends ``on``), ``player`` (a
choice of ``count`` players, valued by index from 0, labelled from 1), ``choice``
(``choices="S:Spades,H:Hearts"``).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.engine.wording import Mention
from games.request_forms import ACTION, RequestForm
from games.speaking import page_speaker

register = template.Library()


def _joined(parts: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in parts)


@register.simple_tag
def request_path(*parts: Any) -> str:
    """Parts joined into a path: ``{% request_path "players" i "hands" as here %}``."""
    return _joined(parts)


@register.filter
def sized(items: Any, count: Any) -> list[Any]:
    """``items`` cut or filled with blanks to ``count`` (a number or its text): the fields a
    choice of the number of players asks for (``hands|sized:form.value.players``).

    >>> sized(["AS KD"], "2"), sized(["a", "b", "c"], 2), sized("x", "many")
    (['AS KD', ''], ['a', 'b'], [])
    """
    try:
        n = max(0, min(int(str(count).strip()), 40))
    except ValueError:
        return []
    found = list(items) if isinstance(items, list) else []
    return [*found[:n], *([""] * (n - len(found)))]


@register.filter
def of_player(number: Any) -> str:
    """Whom a button concerns, for a screen reader: ``2|of_player`` is "player 2"."""
    return gettext("player {number}").format(number=number)


@register.filter
def of_sale(number: Any) -> str:
    """``2|of_sale`` is "sale 2"."""
    return gettext("sale {number}").format(number=number)


@register.filter
def side_words(sides: Any, side: Any) -> str:
    """The players of side ``side`` (an index into ``sides``, lists of players from 0), in
    words from 1; "nobody" for None.

    >>> side_words([[0, 2], [1, 3]], 1), side_words([[0], [1]], 0), side_words([[0]], None)
    ('players 2 and 4', 'player 1', 'nobody')
    """
    if not isinstance(side, int) or isinstance(side, bool) or not 0 <= side < len(sides or []):
        return gettext("nobody")
    if not sides[side]:
        return gettext("nobody")
    return Mention.of("player", sides[side]).words(speak=page_speaker())


@register.filter
def count_from_one(count: Any) -> list[int]:
    """``1`` to ``count``: ``{% for n in players|length|count_from_one %}``."""
    try:
        return list(range(1, max(0, min(int(count), 40)) + 1))
    except (TypeError, ValueError):
        return []


def _described(form: RequestForm, path: str, help_id: str) -> tuple[str, SafeString]:
    """The control's ``aria-`` attributes and its message element (always there, so that an
    answer can fill it in place)."""
    message = form.errors.get(path, "")
    ident = form.id(path)
    ids = " ".join(i for i in (help_id, f"{ident}-error" if message else "") if i)
    attrs = f' aria-describedby="{ids}"' if ids else ""
    if message:
        attrs += ' aria-invalid="true"'
    note = format_html(
        '<span class="field-error" id="{}-error"{}>{}</span>',
        ident,
        mark_safe("") if message else mark_safe(" hidden"),
        message,
    )
    return attrs, note


@register.simple_tag
def request_input(
    form: RequestForm,
    *parts: Any,
    label: str,
    kind: str = "text",
    choices: str = "",
    count: Any = 0,
    help: str = "",
    hidden_label: bool = False,
) -> SafeString:
    """A labelled control for the value at the path ``parts`` (see the module's doc)."""
    path = _joined(parts)
    ident, name = form.id(path), form.name(path)
    help_id = f"{ident}-help" if help else ""
    attrs, note = _described(form, path, help_id)
    value = form.get(path)
    text = value if isinstance(value, str) else ""
    label_class = ' class="visually-hidden"' if hidden_label else ""
    label_html = format_html('<label for="{}"{}>{}</label>', ident, mark_safe(label_class), label)
    if kind == "check":
        checked = " checked" if form.truthy(path) else ""
        control = format_html(
            '<input type="checkbox" name="{}" id="{}" value="on"{}{}>',
            name,
            ident,
            mark_safe(checked),
            mark_safe(attrs),
        )
        inner = format_html("{} {}", control, label_html)
    elif kind in ("player", "choice"):
        if kind == "player":
            try:
                n = max(0, min(int(count), 40))
            except (TypeError, ValueError):
                n = 0
            options = [(str(i), gettext("Player {number}").format(number=i + 1)) for i in range(n)]
        else:
            options = [tuple(c.split(":", 1)) for c in choices.split(",") if ":" in c]  # type: ignore[misc]
        known = {v for v, _ in options}
        if text.strip() not in known:  # nothing chosen yet, or a value nobody can choose
            options = [(text, text.strip() or "—"), *options]
        chosen = text if text.strip() not in known else text.strip()
        opts = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            ((v, mark_safe(" selected") if v == chosen else "", words) for v, words in options),
        )
        control = format_html(
            '<select name="{}" id="{}"{}>{}</select>', name, ident, mark_safe(attrs), opts
        )
        inner = format_html("{} {}", label_html, control)
    else:
        extra = {
            "cards": ' autocapitalize="characters" autocorrect="off" spellcheck="false"'
            ' class="cards-field" size="14"',
            "amount": ' inputmode="decimal" class="amount" size="5"',
        }.get(kind, ' size="10"')
        control = format_html(
            '<input type="text" name="{}" id="{}" value="{}" autocomplete="off"{}{}>',
            name,
            ident,
            text,
            mark_safe(extra),
            mark_safe(attrs),
        )
        inner = format_html("{} {}", label_html, control)
    helped = format_html('<span class="help" id="{}">{}</span>', help_id, help) if help else ""
    looks = " is-invalid" if path in form.errors else ""
    return format_html(
        '<div class="rfield rfield-{}{}" id="{}-field">{}{}{}</div>',
        kind,
        looks,
        ident,
        inner,
        helped,
        note,
    )


@register.simple_tag
def request_button(
    form: RequestForm, verb: str, *parts: Any, label: str, value: Any = None, about: str = ""
) -> SafeString:
    """An editing button, a submit button of the form sending ``do=verb:path`` (``=value``
    for ``set``); ``about`` is read by a screen reader after the label (whom it concerns)."""
    action = f"{verb}:{_joined(parts)}" + ("" if value is None else f"={value}")
    more = format_html(' <span class="visually-hidden">{}</span>', about) if about else ""
    return format_html(
        '<button type="submit" name="{}" value="{}" class="secondary edit-button">{}{}</button>',
        form.name(ACTION),
        action,
        label,
        more,
    )


@register.simple_tag
def request_hidden(form: RequestForm, *parts: Any) -> SafeString:
    """The value at ``parts`` carried as it is (a count the buttons change)."""
    path = _joined(parts)
    value = form.get(path)
    return format_html(
        '<input type="hidden" name="{}" value="{}">',
        form.name(path),
        value if isinstance(value, str) else "",
    )


@register.simple_tag
def request_errors(form: RequestForm, *parts: Any) -> SafeString:
    """The message about the group at ``parts`` (a player, a hand, a sale), or, without
    parts, about the whole request, if any."""
    path = _joined(parts)
    message = form.errors.get(path)
    if not message:
        return mark_safe("")
    ident = form.id(path or "form")
    return format_html('<p class="field-error" id="{}-error">{}</p>', ident, message)
