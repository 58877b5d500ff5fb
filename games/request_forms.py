"""A game settled from one request (:class:`~games.engine.games.RequestGame`) as a form of
flat fields: the table page's board and a score sheet's entry read and write it here.

The request is JSON-shaped (objects, lists, strings, numbers, booleans); a form's fields are
flat. A field is named by the *path* of its value, the keys and list indices joined with dots,
which is also how the engine names the value at fault in a refusal
(``EngineError.field``): ``players.1.hands.0.cards`` is the cards of player 2's first hand.
So a refusal is placed beside its field by name, with nothing to translate.

- :func:`read_fields` turns the fields of a query (``QueryDict``) into the request: a path's
  numbers become list indices, every value stays the text typed (the engines read ``"3"`` as
  3, ``"on"`` as true, and a list of cards as one string of codes);
- :func:`flatten` turns a request (the game's ``example()``, a sheet's stored entry) back into
  fields, a list of cards written as one string of codes: the permalink and the form's first
  values;
- :func:`edit` applies a form's editing button, sent as ``do`` (:data:`ACTION`), so that each
  works without JavaScript: ``add:players`` (one more item, blank, in the shape of the
  others), ``drop:players.2`` (remove it; ``drop:taken`` removes a key, a field of one way
  of entering a request), ``divide:players.1.hands.0`` (a pair divided: the
  item split in two, each with one of its cards), ``set:players=4`` (a value replaced);
- :class:`RequestForm` holds what was typed, the refusals placed by path, and the prefix.

**A prefix.** A page with other fields of its own (the score sheet's entry form: names, the
dealer, the deal's number) reads a game's fields under a prefix so that they cannot collide:
``RequestForm.read(game, request.POST, prefix="entry-")`` reads ``entry-players.0.hand`` and
``entry-do``, and the form's :meth:`RequestForm.name` writes names with it. The fields
template of a game (``templates/table/request/<slug>_fields.html``) draws every control with
the ``request_fields`` template tags, which take the names from the form, so it is included
unchanged under any prefix::

    {% include "table/request/fields.html" with form=entry_form %}

(``table/request/fields.html`` includes the game's own fields template, named after
``form.game.slug``). A form's own buttons (``do``) are submit buttons of the enclosing
``<form>``; after :func:`edit` the page is drawn again with the new shape.

>>> from django.http import QueryDict
>>> query = QueryDict("dealer=0&players.0.hands.0.cards=AS+KD&players.1.hands.0.cards=9H&"
...                   "players.1.hands.0.stake=2&do=add:players")
>>> fields = read_fields(query, ("dealer", "players"))
>>> fields["players"][1]
{'hands': [{'cards': '9H', 'stake': '2'}]}
>>> edit(fields, "add:players")
'players.2'
>>> fields["players"][2]
{'hands': [{'cards': '', 'stake': ''}]}
>>> flatten({"dealer": 0, "doubled": False, "players": [{"hand": ["AS", "KD"]}]})
[('dealer', '0'), ('players.0.hand', 'AS KD')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast
from urllib.parse import urlencode

from django.utils.translation import gettext

from games.engine.games import Game, RequestGame
from games.engine.wording import EngineError
from games.forms_util import sentence

__all__ = [
    "ACTION",
    "MAX_ITEMS",
    "RequestForm",
    "edit",
    "fields_of",
    "flatten",
    "read_fields",
]

ACTION = "do"
"""The name of a form's editing buttons (under the form's prefix)."""
MAX_ITEMS = 40
"""The most items a list of a form holds: an index beyond is not read (an edited address)."""
MAX_TEXT = 400
"""The longest text a field keeps (a hand of cards is far shorter)."""
_KEY = re.compile(r"^[a-z_][a-z0-9_]{0,39}$")
_TRUE = ("true", "on", "yes", "1")


class Items(list[Any]):
    """A list a form spelled item by item (``hands.0``, ``hands.1``): written back the same
    way, never as one string (a list of card codes, ``["AS", "KD"]``, is one field)."""


type Value = str | list[Any] | dict[str, Any]
"""A request as a form holds it: text in objects and lists."""


@cache
def fields_of(game: Game) -> tuple[str, ...]:
    """The top-level fields of ``game``'s request, from its JSON Schema: what a form reads.

    The options are not among them (a page reads them with its options' form)."""
    schema = cast(RequestGame, game).request_schema()
    properties = schema.get("properties", {})
    assert isinstance(properties, Mapping), game.slug
    return tuple(name for name in properties if name != "options")


@cache
def _example_fields(game: Game) -> dict[str, Any]:
    """The game's example as a form holds it (text): the shape of an item added."""
    return read_fields(dict(flatten(cast(RequestGame, game).example())), fields_of(game))


MAX_DEPTH = 8
"""The deepest path a request's field may have (``players.1.hands.0.cards`` is five)."""


def _path(name: str) -> list[str | int] | None:
    """A field's name as its path (``players.1.hand`` -> ``['players', 1, 'hand']``), or None
    for a name that is not a path of a request (which the form ignores)."""
    parts = name.split(".")
    if len(parts) > MAX_DEPTH:  # no request nests deeper: a forged name is not read at all
        return None
    path: list[str | int] = []
    for part in parts:
        if part.isdecimal() and len(part) <= 2 and path:
            index = int(part)
            if index >= MAX_ITEMS:
                return None
            path.append(index)
        elif _KEY.match(part):
            path.append(part)
        else:
            return None
    return path


def read_fields(
    query: Mapping[str, Any], names: Iterable[str], prefix: str = ""
) -> dict[str, Value]:
    """The request a form's fields spell (see the module's doc): only the fields under
    ``prefix`` whose first name is in ``names``; each the last value sent, as text.

    >>> from django.http import QueryDict
    >>> read_fields(QueryDict("e-hands.1=KD&e-hands.0=AS+2S&e-x=1&hands.0=9H"), ["hands"], "e-")
    {'hands': ['AS 2S', 'KD']}
    """
    wanted = set(names)
    tree: dict[Any, Any] = {}
    getlist = getattr(query, "getlist", None)
    for key in list(query):
        if not isinstance(key, str) or not key.startswith(prefix):
            continue
        path = _path(key[len(prefix) :])
        if not path or path[0] not in wanted:
            continue
        values = getlist(key) if getlist is not None else [query[key]]
        text = str(values[-1] if values else "")[:MAX_TEXT]
        node = tree
        for part, after in zip(path, path[1:], strict=False):
            child = node.get(part)
            if not isinstance(child, dict):
                child = node[part] = {}
            node = child
            del after
        if not isinstance(node.get(path[-1]), dict):  # a value never replaces a group
            node[path[-1]] = text
    return cast(dict[str, Value], _lists(tree))


def _lists(node: Any) -> Any:
    """Objects whose keys are all numbers become lists, in their order (gaps closed)."""
    if not isinstance(node, dict):
        return node
    if node and all(isinstance(k, int) for k in node):
        return Items(_lists(node[k]) for k in sorted(node))
    return {k: _lists(v) for k, v in node.items() if isinstance(k, str)}


def flatten(request: Mapping[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """A request as a form's fields, in its order: a list of text (cards) as one string of
    codes, true as ``on`` (a ticked box), false and None left out (an unticked box sends
    nothing).

    >>> flatten({"sales": [{"card": "AS", "from": 0, "price": 1.5}], "gift": True}, "e-")
    ... # doctest: +NORMALIZE_WHITESPACE
    [('e-sales.0.card', 'AS'), ('e-sales.0.from', '0'), ('e-sales.0.price', '1.5'),
     ('e-gift', 'on')]
    """
    out: list[tuple[str, str]] = []

    def walk(value: Any, name: str) -> None:
        if isinstance(value, Mapping):
            for key, inner in value.items():
                walk(inner, f"{name}.{key}" if name else str(key))
        elif (
            isinstance(value, list | tuple)
            and not isinstance(value, Items)
            and all(isinstance(v, str) for v in value)
        ):
            out.append((prefix + name, " ".join(value)))
        elif isinstance(value, list | tuple):
            for index, inner in enumerate(value):
                walk(inner, f"{name}.{index}")
        elif value is True:
            out.append((prefix + name, "on"))
        elif value is not None and value is not False:
            out.append((prefix + name, str(value)))

    walk(request, "")
    return out


def _blank(items: Sequence[Any]) -> Any:
    """A new item for a list in the shape of its items: every key any of them has, each value
    empty, a list inside with one blank item.

    >>> _blank([{"hands": [{"cards": "AS"}]}, {"hands": [{"cards": "8S"}, {"stake": "2"}]}])
    {'hands': [{'cards': '', 'stake': ''}]}
    """
    groups = [item for item in items if isinstance(item, dict)]
    if not groups:
        return ""
    shape: dict[str, Any] = {}
    for item in groups:
        for key, value in item.items():
            if isinstance(value, list):
                inner = shape.get(key, [])
                shape[key] = [*inner, *value]
            elif isinstance(value, dict):
                shape[key] = [*shape.get(key, []), value]
            else:
                shape.setdefault(key, "")
    out: dict[str, Any] = {}
    for key, value in shape.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            kinds = {type(item.get(key)) for item in groups if key in item}
            out[key] = _blank(value) if dict in kinds else Items([_blank(value)])
        elif isinstance(value, list):
            out[key] = Items([""]) if value else Items()
        else:
            out[key] = value
    return out


def _locate(tree: dict[str, Any], path: list[str | int]) -> tuple[Any, str | int] | None:
    """The container holding the value at ``path``, and its key there (None if it is not)."""
    node: Any = tree
    for part in path[:-1]:
        node = _child(node, part)
        if node is None:
            return None
    last = path[-1]
    if isinstance(node, dict) and isinstance(last, str):
        return node, last
    if isinstance(node, list) and isinstance(last, int) and last < len(node):
        return node, last
    return None


def _child(node: Any, part: str | int) -> Any:
    if isinstance(node, dict) and isinstance(part, str):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and part < len(node):
        return node[part]
    return None


def _model_items(model: Mapping[str, Any] | None, path: list[str | int]) -> list[Any]:
    """The items of the list at ``path`` in ``model``, any index read as the first (the
    example's first player stands for every player)."""
    node: Any = model
    for part in path:
        if isinstance(part, int):
            part = 0
        node = _child(node, part)
        if node is None:
            return []
    return node if isinstance(node, list) else []


def edit(
    request: dict[str, Any], action: str, model: Mapping[str, Any] | None = None
) -> str | None:
    """Apply an editing button's ``action`` to ``request`` (in place); the path of the field
    the player goes to next (the item added or divided, the value set), or None when the
    action does nothing here (an edited address: it is ignored, never an error). An item
    added takes the shape of the list's items and of those of the same list in ``model``
    (the game's example, as text), so that the first one added to an empty list has one.

    >>> request = {"players": [{"hands": [{"cards": "8S 8H", "stake": "2"}]}], "n": "2"}
    >>> edit(request, "divide:players.0.hands.0"), request["players"][0]["hands"]
    ('players.0.hands.1', [{'cards': '8S', 'stake': '2'}, {'cards': '8H', 'stake': '2'}])
    >>> edit(request, "drop:players.0.hands.1"), len(request["players"][0]["hands"])
    ('players.0.hands.0', 1)
    >>> edit(request, "set:n=4"), request["n"], edit(request, "set:players=4")
    ('n', '4', None)
    >>> edit(request, "add:sales", {"sales": [{"card": "AS", "price": "2"}]}), request["sales"]
    ('sales.0', [{'card': '', 'price': ''}])
    >>> edit(request, "add:bets"), edit(request, "explode:n")
    (None, None)
    >>> edit(request, "drop:n"), "n" in request, edit(request, "drop:n")
    (None, False, None)
    """
    focus = _edit(request, action, model)
    if action.startswith(("set:", "drop:")):  # a table made smaller; adding never moves him
        _keep_the_dealer_at_the_table(request)
    return focus


@cache
def _ways(game: Game) -> dict[str, frozenset[str]]:
    """The fields each field of one way of entering a request rules out, from the game's
    JSON Schema: a branch of its ``oneOf`` that requires some fields and forbids others
    (``"properties": {"trump": false}``). All Fours' result, ``taken``, rules out ``trump``,
    ``hands`` and ``tricks``, and each of those rules out ``taken``."""
    schema = cast(RequestGame, game).request_schema()
    ways: dict[str, set[str]] = {}
    branches = schema.get("oneOf", ())
    for branch in branches if isinstance(branches, list) else ():
        if not isinstance(branch, Mapping):
            continue
        forbidden = {k for k, v in branch.get("properties", {}).items() if v is False}
        for name in branch.get("required", ()):
            ways.setdefault(name, set()).update(forbidden)
    return {name: frozenset(out) for name, out in ways.items()}


def _one_way(request: dict[str, Any], action: str, game: Game) -> None:
    """A button that chose a way of entering the request (``set:taken=``) drops the fields
    of the other way, which that way has not (the cards: a result has none to keep), so
    that the permalink holds one way only. The fields both share (the players, the dealer,
    the begging) stay as typed."""
    verb, _, target = action.partition(":")
    name = target.partition("=")[0]
    if verb == "set" and name in request:
        for other in _ways(game).get(name, ()):
            request.pop(other, None)


def keep_way(request: dict[str, Any], recorded: Mapping[str, Any], game: Game) -> None:
    """A new ``request`` entered the way ``recorded`` was (All Fours' result alone, ``taken``,
    rather than the cards), as the button that chooses that way would: its field set, empty,
    and the fields of the other way dropped. The fields both share stay as they are."""
    for name in _ways(game):
        if name in recorded and name not in request:
            request[name] = ""
            _one_way(request, f"set:{name}=", game)


def _keep_the_dealer_at_the_table(request: dict[str, Any]) -> None:
    """A table made smaller (two players chosen, a player removed) with the dealer beyond its
    last seat gives the deal to the first player, rather than refusing a dealer who has left.

    >>> request = {"players": "2", "dealer": "3"}
    >>> _keep_the_dealer_at_the_table(request), request["dealer"]
    (None, '0')
    >>> request = {"players": [{}, {}, {}], "dealer": "2"}
    >>> _keep_the_dealer_at_the_table(request), request["dealer"]
    (None, '2')
    """
    players, dealer = request.get("players"), request.get("dealer")
    count = len(players) if isinstance(players, list) else None
    if isinstance(players, str) and players.isdecimal():
        count = int(players)
    if count and isinstance(dealer, str) and dealer.isdecimal() and int(dealer) >= count:
        request["dealer"] = "0"


def _edit(request: dict[str, Any], action: str, model: Mapping[str, Any] | None) -> str | None:
    verb, _, target = action.partition(":")
    name, _, value = target.partition("=")
    path = _path(name)
    if not path:
        return None
    if verb == "set":
        found = _locate(request, path)
        if found is None or isinstance(_child(*found), dict | list):
            return None
        container, key = found
        container[key] = value[:MAX_TEXT]
        return name
    if verb == "add":
        found = _locate(request, path)
        if found is None:
            return None
        container, key = found
        if _child(container, key) is None and isinstance(container, dict):
            if not _model_items(model, path):
                return None  # not a list of this game's
            container[key] = Items()
        items = _child(*found)
        if not isinstance(items, list) or len(items) >= MAX_ITEMS:
            return None
        items.append(_blank([*items, *_model_items(model, path)]))
        return f"{name}.{len(items) - 1}"
    found = _locate(request, path)
    if verb == "drop" and found is not None and isinstance(found[0], dict):
        # A field of one way of entering a request, dropped with its values (a list keeps
        # its items: they are dropped one by one).
        if not isinstance(_child(*found), list):
            found[0].pop(found[1], None)
        return None
    if found is None or not isinstance(found[0], list):
        return None
    items, index = cast(tuple[list[Any], int], found)
    if verb == "drop":
        del items[index]
        return ".".join(str(p) for p in path[:-1]) + f".{max(index - 1, 0)}" if items else None
    if verb == "divide" and len(items) < MAX_ITEMS and isinstance(items[index], dict):
        first = dict(items[index])
        second = dict(first)
        for key, text in first.items():
            cards = text.split() if isinstance(text, str) else []
            if len(cards) == 2:  # the pair: one card to each hand
                first[key], second[key] = cards
                break
        else:
            return None
        items[index : index + 1] = [first, second]
        return ".".join(str(p) for p in path[:-1]) + f".{index + 1}"
    return None


@dataclass
class RequestForm:
    """A game's request as a form holds it: what was typed (:attr:`value`, text in objects and
    lists), the refusal placed by path, the prefix of its fields' names.

    A template draws it with the ``request_fields`` tags (``{% load request_fields %}``), which
    name each control ``prefix + path``, give it an id from the same, and mark it
    ``aria-invalid`` with the message beside it when the refusal is about it.
    """

    game: RequestGame
    value: dict[str, Any]
    prefix: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    """The messages by path (``""``: about the whole request)."""
    focus: str | None = None
    """The path an editing button leaves the player at (the item it added, the pair divided)."""
    edited: bool = False
    """An editing button changed the form's shape: the page shows the board again."""
    names: tuple[str, ...] = ()
    """The players' names: typed at the table, or a score sheet's."""
    seated: bool = False
    """The players are a score sheet's: the form offers no button that adds, removes or
    counts players, and no field for their names."""

    def player(self, index: Any) -> str:
        """A player as the form names him: his name on a sheet, else "Player 2".

        >>> form = RequestForm(None, {})  # type: ignore[arg-type]
        >>> form.player(1), RequestForm(None, {}, names=("Ann", "Bo")).player("1")
        ('Player 2', 'Bo')
        """
        number = int(index) if str(index).isdecimal() else 0
        if number < len(self.names) and self.names[number]:
            return self.names[number]
        return gettext("Player {number}").format(number=number + 1)

    @classmethod
    def read(cls, game: Game, query: Mapping[str, Any], prefix: str = "") -> RequestForm:
        """The form as sent (its editing button applied), or None-free: a query without any
        of the game's fields gives an empty request."""
        value = read_fields(query, fields_of(game), prefix)
        form = cls(cast(RequestGame, game), value, prefix)
        model = _example_fields(game)
        getlist = getattr(query, "getlist", None)
        actions = getlist(prefix + ACTION) if getlist is not None else [query.get(prefix + ACTION)]
        for action in actions[-1:]:
            if isinstance(action, str) and action:
                form.focus = edit(form.value, action[:MAX_TEXT], model)
                form.edited = True
                _one_way(form.value, action, game)
        return form

    @classmethod
    def of(cls, game: Game, request: Mapping[str, Any], prefix: str = "") -> RequestForm:
        """The form showing ``request`` (the game's example, a stored entry), as text."""
        return cls(
            cast(RequestGame, game), read_fields(dict(flatten(request)), fields_of(game)), prefix
        )

    @staticmethod
    def sent(game: Game, query: Mapping[str, Any], prefix: str = "") -> bool:
        """Whether ``query`` holds any of the game's fields or an editing button (a first
        visit holds none)."""
        names = {*fields_of(game), ACTION}
        return any(
            isinstance(key, str)
            and key.startswith(prefix)
            and key[len(prefix) :].split(".", 1)[0] in names
            for key in query
        )

    @property
    def fields_template(self) -> tuple[str, str]:
        """The game's own fields template, ``table/request/<slug>_fields.html``, else one
        that draws every field of the form by its path (a game added with no template)."""
        return (f"table/request/{self.game.slug}_fields.html", "table/request/any_fields.html")

    @property
    def every_field(self) -> list[dict[str, str]]:
        """Every field the form holds, with a label made from its path (``players.1.hand``:
        "Player 2: hand"), for a game that has no fields template of its own."""
        out = []
        for name, _ in flatten(self.value):
            words: list[str] = []
            for part in name.split("."):
                if part.isdecimal() and words:
                    words[-1] = f"{words[-1].rstrip('s')} {int(part) + 1}:"
                else:
                    words.append(part.replace("_", " "))
            label = sentence(" ".join(words).rstrip(":"))
            out.append({"path": name, "label": label})
        return out

    @property
    def lists(self) -> list[str]:
        """The top-level fields that are lists (an item may be added to each)."""
        return [name for name, value in self.value.items() if isinstance(value, list)]

    def name(self, path: str) -> str:
        """The name of the field at ``path`` (with the prefix)."""
        return self.prefix + path

    def id(self, path: str) -> str:
        """The id of the control at ``path``: the name with dots as dashes, ``f-`` first."""
        return "f-" + (self.prefix + path).replace(".", "-")

    def get(self, path: str) -> Any:
        """The value at ``path`` as typed ("" when there is none)."""
        node: Any = self.value
        for part in _path(path) or []:
            node = _child(node, part)
            if node is None:
                return ""
        return node

    def refuse(self, error: EngineError) -> None:
        """Place the engine's refusal beside the field it names (its path), or over the
        whole form when it names none: its words without the path, naming the player (by
        the name typed or the sheet's, else by number) and the card (``EngineError.render``)."""
        where = error.field or ""
        path = _path(where.replace("[", ".").replace("]", "")) if where else None
        key = ".".join(str(p) for p in path) if path else ""
        self.errors[key] = sentence(error.render(self.names if any(self.names) else None))

    def waits_for(self, error: EngineError) -> bool:
        """Whether the refusal is about a field still empty (a board being filled in)."""
        value = self.get(error.field.replace("[", ".").replace("]", "")) if error.field else None
        return value == "" or (isinstance(value, list) and not any(value))

    @property
    def invalid(self) -> bool:
        return bool(self.errors)

    def error_list(self) -> list[tuple[str, str]]:
        """Every message with the id of the control it is about (the form's, for the whole)."""
        return [
            (self.id(path) if path else self.id("form"), text) for path, text in self.errors.items()
        ]

    def params(self) -> list[tuple[str, str]]:
        """The fields as a query, in the form's order (a permalink)."""
        return flatten(self.value, self.prefix)

    def query(self) -> str:
        return urlencode(self.params())

    def truthy(self, path: str) -> bool:
        """Whether the box at ``path`` is ticked."""
        value = self.get(path)
        return value is True or (isinstance(value, str) and value.strip().lower() in _TRUE)
