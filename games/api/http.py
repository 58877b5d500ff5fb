"""The plumbing of the JSON API: read a request, answer every bad input with a 4xx in words.

Every endpoint is a function from the decoded JSON object to a JSON-able dict, wrapped by
:func:`json_endpoint`. Whatever goes wrong with the input — malformed JSON, a missing or
mistyped field, an engine error about cards or amounts — becomes
``{"error": {"message": "...", ...}}`` with a 4xx status; nothing a client sends reaches a 500.

Before any field is read, :func:`read_json` refuses, naming the field where it can:

- a body over :data:`MAX_BODY` bytes (413, judged by ``Content-Length`` before reading); a
  body without a ``Content-Length`` (``Transfer-Encoding: chunked``) is 411 Length Required:
  Django's WSGI request reads nothing it was not told the length of, and a server that does
  not de-chunk would leave the view waiting, so the API asks for the length instead;
- JSON nested deeper than :data:`MAX_DEPTH` levels (no request needs more than 3);
- a whole number beyond :data:`MAX_INTEGER` (2^53 − 1, the largest that every JSON reader
  keeps exact: RFC 7493, section 2.2), however many digits: Python's ``int`` refuses more
  than 4,300, so the decoder reads long ones as their length only;
- a number that is not finite (``NaN``, ``Infinity``, ``1e309``);
- text that is not text: a lone UTF-16 surrogate (``"\\ud800"``), or a NUL character.

A failure on our side under ``/api/`` is answered in the same JSON form (``rulesite.errors``,
the site's ``handler500``), never with the HTML page.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse, UnreadablePostError
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt

from games.engine.amounts import MAX_AMOUNT, MAX_DENOMINATOR, SANE, AmountError, read_amount
from games.engine.cards import CardError
from games.engine.citations import RULINGS, Citation, Reason

MAX_BODY = 64 * 1024
"""The largest request body read, in bytes; the largest valid request is a few kilobytes."""
MAX_DEPTH = 16
"""The deepest nesting of objects and lists read, the body itself being 1 (a settle request
needs 4: the body, ``players``, a player, its ``hand``)."""
MAX_INTEGER = 2**53 - 1
"""The largest whole number read: beyond it JSON readers differ (RFC 7493, section 2.2)."""
MISSING: Any = object()


class ApiError(Exception):
    """A request the API cannot answer; ``fields`` add detail to the error object."""

    def __init__(self, message: str, status: int = 400, **fields: Any) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.fields = fields


def error_response(message: str, status: int, **fields: Any) -> JsonResponse:
    """The one shape of a refusal: ``message`` and ``field`` (null when the request as a
    whole is at fault: not JSON, no such endpoint, a wrong method), then any detail."""
    return JsonResponse(
        {"error": {"message": message, "field": fields.pop("field", None), **fields}},
        status=status,
    )


def engine_error(error: Exception) -> ApiError:
    """An engine's ValueError as an API error, keeping where it happened when it says so."""
    fields: dict[str, Any] = {}
    if isinstance(error, CardError):
        if error.hand is not None:
            fields["hand"] = error.hand - 1  # the API counts from 0, like the request's list
        if error.position is not None:
            fields["card"] = error.position - 1
        if error.token is not None:
            fields["token"] = error.token
    for name in ("field", "token"):
        value = getattr(error, name, None)
        if value is not None and name not in fields:
            fields[name] = value
    return ApiError(str(error), 400, **fields)


def json_endpoint(
    view: Callable[[dict[str, Any]], dict[str, Any]],
) -> Callable[[HttpRequest], HttpResponse]:
    """POST a JSON object in, a JSON object out; errors as 4xx with a message in words."""

    @csrf_exempt  # a JSON API for other tools: no cookies, no session, nothing to forge
    @wraps(view)
    def endpoint(request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            response = error_response(
                f"{(request.method or '')[:20]} is not allowed here: POST a JSON object", 405
            )
            response["Allow"] = "POST"
            return response
        try:
            return JsonResponse(view(read_json(request)))
        except ApiError as error:
            return error_response(error.message, error.status, **error.fields)
        except ValueError as error:  # the engine's CardError, SettlementError, CoxCardError …
            api_error = engine_error(error)
            return error_response(api_error.message, api_error.status, **api_error.fields)

    return endpoint


def json_document(
    view: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """A document to GET (or HEAD); any other method is a 405 in the API's JSON form.

    Exempt from CSRF checks, which would otherwise answer a POST with the HTML 403 page
    before the method is looked at: the view writes nothing.
    """

    @csrf_exempt
    @wraps(view)
    def document(request: HttpRequest) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            response = error_response(
                f"{(request.method or '')[:20]} is not allowed here: GET the document", 405
            )
            response["Allow"] = "GET, HEAD"
            return response
        return view(request)

    return document


# --- reading the body -----------------------------------------------------------------------


def read_body(request: HttpRequest) -> bytes:
    """The request body, judged by its ``Content-Length`` before a byte of it is read."""
    length = request.META.get("CONTENT_LENGTH", "").strip()
    if not length:
        if "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
            raise ApiError(
                "Send the body with a Content-Length header: this API does not read "
                "a chunked request body (Transfer-Encoding: chunked)",
                411,
            )
        return b""
    if not length.isdecimal():
        raise ApiError(f"The Content-Length header is not a number of bytes: {length[:20]!r}")
    too_big = ApiError(f"The request body is larger than {MAX_BODY:,} bytes", 413)
    if len(length) > 12 or int(length) > MAX_BODY:
        raise too_big
    try:
        body = request.body
    except RequestDataTooBig:  # Django's own limit, should MAX_BODY ever be set above it
        raise too_big from None
    except UnreadablePostError:
        raise ApiError("The request body could not be read to the end") from None
    if len(body) > MAX_BODY:
        raise too_big
    return body


class _LongInteger:
    """A JSON integer too long for any field, kept as its number of digits only (``int``
    refuses more than 4,300 digits, and would be slow to read a long one anyway)."""

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))


def _integer(text: str) -> int | _LongInteger:
    return int(text) if len(text) <= 20 else _LongInteger(text)


def read_json(request: HttpRequest) -> dict[str, Any]:
    """The request's JSON object, with nothing in it that no field could read (see above)."""
    body = read_body(request)
    try:
        data = json.loads(body or b"", parse_int=_integer)
    except RecursionError:
        raise ApiError(
            f"The request body is nested too deeply: no request needs more than "
            f"{MAX_DEPTH} levels of objects and lists"
        ) from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError
        raise ApiError(f"The request body is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise ApiError("The request body must be a JSON object")
    check_values(data)
    return data


_NOT_TEXT = re.compile("[\ud800-\udfff\x00]")


def _shown(text: str) -> str:
    """``text`` with each lone surrogate and NUL written as its escape, safe to send back."""
    return _NOT_TEXT.sub(lambda found: f"\\u{ord(found[0]):04x}", text)


def _not_text(text: str) -> str | None:
    """Why ``text`` is not text (a lone surrogate, a NUL), or None."""
    found = _NOT_TEXT.search(text)
    if found is None:
        return None
    if found[0] == "\x00":
        return "a NUL character (\\u0000), which no field takes"
    return (
        f"a lone surrogate (\\u{ord(found[0]):04x}), which is not a character: "
        "send text as UTF-8 or as surrogate pairs"
    )


def check_values(data: dict[str, Any]) -> None:
    """Refuse, naming its place, anything in a decoded body that no field reads: nesting
    deeper than :data:`MAX_DEPTH`, a whole number beyond :data:`MAX_INTEGER`, a number
    that is not finite, a lone surrogate or a NUL in any text (a value or a key).

    Walked with a list, not recursion, so no shape of body can exhaust the stack.
    """
    # (value, its path such as "players[1].hand[0]", the top-level field it is in, depth)
    todo: list[tuple[Any, str, str, int]] = [(data, "", "", 1)]
    while todo:
        value, path, top, depth = todo.pop()
        place = f"'{path}'" if path else "The request body"
        where: dict[str, Any] = {"field": path} if path else {}
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise ApiError(
                    f"'{top}' is nested too deeply: no request needs more than "
                    f"{MAX_DEPTH} levels of objects and lists",
                    field=top,
                )
            inner = []
            if isinstance(value, dict):
                for key, item in value.items():
                    if (why := _not_text(key)) is not None:
                        raise ApiError(
                            f'{place} has a key "{_shown(key)[:40]}" with {why}', **where
                        )
                    inner.append((item, f"{path}.{key}" if path else key, top or key, depth + 1))
            else:
                inner = [(item, f"{path}[{i}]", top, depth + 1) for i, item in enumerate(value)]
            todo.extend(reversed(inner))  # the first bad value in the body's order is named
        elif isinstance(value, str):
            if (why := _not_text(value)) is not None:
                raise ApiError(f"{place} contains {why}", **where)
        elif isinstance(value, _LongInteger):
            raise ApiError(
                f"{place} is a number of {value.digits} digits: no field takes a "
                f"whole number larger than {MAX_INTEGER:,} (2^53 - 1)",
                **where,
            )
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INTEGER:
            raise ApiError(
                f"{place} is a number of {len(str(abs(value)))} digits: no field "
                f"takes a whole number larger than {MAX_INTEGER:,} (2^53 - 1)",
                **where,
            )
        elif isinstance(value, float) and not math.isfinite(value):
            shown = "NaN" if math.isnan(value) else f"{'-' if value < 0 else ''}Infinity"
            raise ApiError(
                f"{place} should be a finite number, not {shown} (NaN, Infinity "
                "and numbers beyond 1e308 are not read)",
                **where,
            )


# --- reading fields ---------------------------------------------------------------------


def field(
    data: dict[str, Any],
    name: str,
    kinds: type | tuple[type, ...],
    what: str,
    default: Any = MISSING,
) -> Any:
    """The value of ``name``, which must be of ``kinds`` (described as ``what``)."""
    if name not in data or data[name] is None:
        if default is MISSING:
            raise ApiError(f"'{name}' is missing: it should be {what}", field=name)
        return default
    value = data[name]
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise ApiError(f"'{name}' should be {what}, not {json.dumps(value)}", field=name)
    if not isinstance(value, kinds):
        raise ApiError(f"'{name}' should be {what}, not {json.dumps(value)[:60]}", field=name)
    return value


def choice(data: dict[str, Any], name: str, choices: Sequence[Any], default: Any = MISSING) -> Any:
    """A field whose value must be one of ``choices``."""
    if name not in data or data[name] is None:
        if default is MISSING:
            raise ApiError(f"'{name}' is missing: it should be one of {_list(choices)}", field=name)
        return default
    value = data[name]
    if isinstance(value, bool) or value not in choices:
        raise ApiError(
            f"'{name}' should be one of {_list(choices)}, not {json.dumps(value)[:60]}", field=name
        )
    return value


def index_field(data: dict[str, Any], name: str, count: int, default: Any = MISSING) -> Any:
    """A player's index: an integer from 0 to ``count`` - 1."""
    value = field(data, name, int, f"a player's index from 0 to {count - 1}", default)
    if value is not None and value is not default and not 0 <= value < count:
        raise ApiError(
            f"'{name}' is {value}, but players are numbered 0 to {count - 1}", field=name
        )
    return value


def amount_field(data: dict[str, Any], name: str, what: str) -> Fraction:
    """An amount sent as a JSON number, read exactly by :func:`~games.engine.amounts.read_amount`:
    more than 0, at most 10^9, in steps no finer than 1/10,000 (so 1e-300 is refused, not
    answered with a 300-digit fraction)."""
    value = field(data, name, (int, float), what)
    if isinstance(value, float) and value and not 1 / MAX_DENOMINATOR <= abs(value) <= MAX_AMOUNT:
        raise ApiError(
            f"'{name}' is {value:g}: not an amount a table plays for ({SANE})", field=name
        )
    try:
        return read_amount(value, name)
    except AmountError as error:
        raise ApiError(f"'{name}' should be {what}: {error.message}", field=name) from None


def card_lists(data: dict[str, Any], name: str, what: str) -> list[list[str]]:
    """A list of lists of card codes (strings)."""
    value = field(data, name, list, what)
    hands: list[list[str]] = []
    for i, item in enumerate(value):
        if not isinstance(item, list) or not all(isinstance(c, str) for c in item):
            raise ApiError(
                f"'{name}[{i}]' should be a list of card codes (strings) such as "
                f'["AS", "KD", "10H"]',
                field=name,
                hand=i,
            )
        hands.append(item)
    return hands


def _list(choices: Sequence[Any]) -> str:
    return ", ".join(json.dumps(c) for c in choices)


# --- writing results --------------------------------------------------------------------


def number(value: Fraction | int | float) -> int | float:
    """An amount as JSON: an integer when whole, else a float."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    if isinstance(value, int):
        return value
    return float(value)


def numbers(value: object) -> object:
    """A game's answer as JSON: every :class:`~fractions.Fraction` in it, however deep in
    its objects and lists, written by :func:`number`; everything else as it is.

    >>> numbers({"net": [Fraction(-5), Fraction(7, 2)], "pool": {"total": Fraction(18)}, "n": 1})
    {'net': [-5, 3.5], 'pool': {'total': 18}, 'n': 1}
    """
    if isinstance(value, Fraction):
        return number(value)
    if isinstance(value, Mapping):
        return {key: numbers(inner) for key, inner in value.items()}
    if isinstance(value, list | tuple):
        return [numbers(inner) for inner in value]
    return value


def citation_json(citation: Citation) -> dict[str, str]:
    return {
        "book": citation.book,
        "anchor": citation.anchor,
        "url": reverse("book", args=[citation.book]) + f"#{citation.anchor}",
    }


def reason_json(reason: Reason) -> dict[str, Any]:
    return {
        "text": reason.text,
        "citations": [citation_json(c) for c in reason.citations],
        "rulings": list(reason.rulings),
    }


def transfer_json(payer: int, payee: int, amount: object, reason: Reason) -> dict[str, Any]:
    """One payment: who pays whom how much (``amount`` as the endpoint writes amounts), and
    why, with the paragraphs and the rulings."""
    return {
        "from": payer,
        "to": payee,
        "amount": amount,
        "reason": reason.text,
        "citations": [citation_json(c) for c in reason.citations],
        "rulings": list(reason.rulings),
    }


def rulings_json(reasons: Sequence[Reason]) -> list[dict[str, Any]]:
    """The editorial rulings the reasons applied, each once, in words."""
    slugs = list(dict.fromkeys(slug for r in reasons for slug in r.rulings))
    found = []
    for slug in slugs:
        ruling = RULINGS.get(slug)
        if ruling is None:
            continue
        found.append(
            {
                "slug": slug,
                "question": ruling.question,
                "reading": ruling.reading,
                "option": ruling.option,
                "default": ruling.default,
                "citations": [citation_json(c) for c in ruling.citations],
            }
        )
    return found
