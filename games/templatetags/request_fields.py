"""Template tags that draw a :class:`~games.request_forms.RequestForm`'s controls by path.

A game's fields template (``templates/table/request/<slug>_fields.html``) names each value
by its path in the request, given in parts (a loop's counter among them); the tag writes the
control's name and id with the form's prefix, its value as typed, and, when the engine
refused that value, ``aria-invalid`` and the message beside it (drawn by the partials of
``table/request/controls.html``)::

    {% load request_fields %}
    {% for player in form.value.players %}
      {% request_input form "players" forloop.counter0 "hand" label="Cards" kind="cards" %}
    {% endfor %}
    {% request_button form "add" "players" label="Add a player" %}

``kind``: ``text`` (default), ``cards`` (card codes, typed in capitals), ``amount`` (a stake,
a price: ``1``, ``0.5``, ``1/2``), ``check`` (a box: ticked sends ``on``), ``player`` (a
choice of ``count`` players, valued by index from 0, labelled from 1), ``choice``
(``choices="S:Spades,H:Hearts"``), ``radio`` (the same ``choices`` as a group of radio buttons
under the label, one tap each; a group nobody has chosen yet sends ``""``, so the request
keeps the field and the engine can say it is missing).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext

from games.engine.wording import Mention
from games.request_forms import ACTION, RequestForm
from games.speaking import page_speaker

register = template.Library()


def _joined(parts: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in parts)


@register.simple_tag
def request_player(form: RequestForm, index: Any, dealer: Any = None) -> str:
    """A player as the form names him (his name on a sheet, else "Player 2"), with
    "(dealer)" when ``index`` is the dealer's."""
    who = form.player(index)
    if dealer is not None and str(index) == str(dealer):
        return gettext("{player} (dealer)").format(player=who)
    return who


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


@register.simple_tag
def request_sides(form: RequestForm, count: Any, nobody: bool = False) -> list[tuple[str, str]]:
    """The choices of a side (a point's taker): each side of the game at a table of
    ``count`` players, valued by its index from 0 and labelled by its players as the form
    names them ("Ann and Cy", else "Players 1 and 3"), then "Nobody" if ``nobody``::

        {% request_sides form 4 nobody=True as sides %}
        {% request_input form "taken" "jack" label=jack kind="radio" options=sides %}
    """
    try:
        players = max(0, min(int(str(count).strip()), 40))
    except ValueError:
        players = 0
    names = form.names if any(form.names) else None
    options = [
        (str(i), Mention("player", side, capital=True).words(names, speak=page_speaker()))
        for i, side in enumerate(form.game.sides(players))
    ]
    return [*options, ("nobody", gettext("Nobody"))] if nobody else options


@register.filter
def count_from_one(count: Any) -> list[int]:
    """``1`` to ``count``: ``{% for n in players|length|count_from_one %}``."""
    try:
        return list(range(1, max(0, min(int(count), 40)) + 1))
    except (TypeError, ValueError):
        return []


CONTROLS = "table/request/controls.html"
"""The partials that draw the controls these tags describe."""


@register.inclusion_tag(f"{CONTROLS}#name")
def request_name(form: RequestForm, index: Any) -> dict[str, Any]:
    """The field for a player's name at the table (``n``, one per player in order; a score
    sheet's players have theirs: none there)."""
    i = int(index) if str(index).isdecimal() else 0
    return {
        "show": not form.seated,
        "ident": f"{form.id('name')}-{i}",
        "value": form.names[i] if i < len(form.names) else "",
        "number": i + 1,
    }


@register.inclusion_tag(f"{CONTROLS}#input")
def request_input(
    form: RequestForm,
    *parts: Any,
    label: str,
    kind: str = "text",
    choices: str = "",
    options: Any = None,
    count: Any = 0,
    help: str = "",
    hidden_label: bool = False,
) -> dict[str, Any]:
    """A labelled control for the value at the path ``parts`` (see the module's doc);
    ``options``, a list of (value, words), in place of ``choices`` when the words are not
    fixed (players' names, which may hold a comma)."""
    path = _joined(parts)
    ident = form.id(path)
    message = form.errors.get(path, "")
    help_id = f"{ident}-help" if help else ""
    value = form.get(path)
    text = value if isinstance(value, str) else ""
    given = [(str(v), str(w)) for v, w in options or ()]
    options = []
    chosen = text
    if kind == "radio":
        options = given or [
            (v, w) for v, _, w in (c.partition(":") for c in choices.split(",") if ":" in c)
        ]
        chosen = text.strip()
    elif kind in ("player", "choice"):
        if kind == "player":
            try:
                n = max(0, min(int(count), 40))
            except (TypeError, ValueError):
                n = 0
            options = [(str(i), form.player(i)) for i in range(n)]
        else:
            options = [
                (v, w) for v, _, w in (c.partition(":") for c in choices.split(",") if ":" in c)
            ]
        known = {v for v, _ in options}
        if text.strip() not in known:  # nothing chosen yet, or a value nobody can choose
            options = [(text, text.strip() or "—"), *options]
        else:
            chosen = text.strip()
    return {
        "kind": kind,
        "ident": ident,
        "name": form.name(path),
        "label": label,
        "hidden_label": hidden_label,
        "value": text,
        "checked": kind == "check" and form.truthy(path),
        "options": options,
        "chosen": chosen,
        "help": help,
        "help_id": help_id,
        "message": message,
        "described": " ".join(i for i in (help_id, f"{ident}-error" if message else "") if i),
    }


@register.inclusion_tag(f"{CONTROLS}#button")
def request_button(
    form: RequestForm, verb: str, *parts: Any, label: str, value: Any = None, about: str = ""
) -> dict[str, Any]:
    """An editing button, a submit button of the form sending ``do=verb:path`` (``=value``
    for ``set``); ``about`` is read by a screen reader after the label (whom it concerns)."""
    action = f"{verb}:{_joined(parts)}" + ("" if value is None else f"={value}")
    return {"name": form.name(ACTION), "action": action, "label": label, "about": about}


@register.inclusion_tag(f"{CONTROLS}#hidden")
def request_hidden(form: RequestForm, *parts: Any) -> dict[str, Any]:
    """The value at ``parts`` carried as it is (a count the buttons change)."""
    path = _joined(parts)
    value = form.get(path)
    return {"name": form.name(path), "value": value if isinstance(value, str) else ""}


@register.inclusion_tag(f"{CONTROLS}#errors")
def request_errors(form: RequestForm, *parts: Any) -> dict[str, Any]:
    """The message about the group at ``parts`` (a player, a hand, a sale), or, without
    parts, about the whole request, if any."""
    path = _joined(parts)
    return {"ident": form.id(path or "form"), "message": form.errors.get(path)}
