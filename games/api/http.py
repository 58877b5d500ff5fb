"""The plumbing of the JSON API: read a request, answer every bad input with a 4xx in words.

Every endpoint is a function from the decoded JSON object to a JSON-able dict, wrapped by
:func:`json_endpoint`. Whatever goes wrong with the input — malformed JSON, a missing or
mistyped field, an engine error about cards or amounts — becomes
``{"error": {"message": "...", ...}}`` with a 4xx status; nothing a client sends reaches a 500.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt

from games.engine.cards import CardError
from games.engine.citations import RULINGS, Citation, Reason

MAX_BODY = 64 * 1024
MISSING: Any = object()


class ApiError(Exception):
    """A request the API cannot answer; ``fields`` add detail to the error object."""

    def __init__(self, message: str, status: int = 400, **fields: Any) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.fields = fields


def error_response(message: str, status: int, **fields: Any) -> JsonResponse:
    return JsonResponse({"error": {"message": message, **fields}}, status=status)


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


def json_endpoint(view: Callable[[dict[str, Any]], dict[str, Any]]
                  ) -> Callable[[HttpRequest], HttpResponse]:
    """POST a JSON object in, a JSON object out; errors as 4xx with a message in words."""

    @csrf_exempt  # a JSON API for other tools: no cookies, no session, nothing to forge
    @wraps(view)
    def endpoint(request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            response = error_response(
                f"{request.method} is not allowed here: POST a JSON object", 405
            )
            response["Allow"] = "POST"
            return response
        if len(request.body) > MAX_BODY:
            return error_response(f"The request body is larger than {MAX_BODY} bytes", 413)
        try:
            data = json.loads(request.body or b"")
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            return error_response(f"The request body is not valid JSON: {error}", 400)
        if not isinstance(data, dict):
            return error_response("The request body must be a JSON object", 400)
        try:
            return JsonResponse(view(data))
        except ApiError as error:
            return error_response(error.message, error.status, **error.fields)
        except ValueError as error:  # the engine's CardError, SettlementError, CoxCardError …
            api_error = engine_error(error)
            return error_response(api_error.message, api_error.status, **api_error.fields)

    return endpoint


# --- reading fields ---------------------------------------------------------------------

def field(data: dict[str, Any], name: str, kinds: type | tuple[type, ...], what: str,
          default: Any = MISSING) -> Any:
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
            raise ApiError(f"'{name}' is missing: it should be one of {_list(choices)}",
                           field=name)
        return default
    value = data[name]
    if isinstance(value, bool) or value not in choices:
        raise ApiError(f"'{name}' should be one of {_list(choices)}, not "
                       f"{json.dumps(value)[:60]}", field=name)
    return value


def index_field(data: dict[str, Any], name: str, count: int, default: Any = MISSING) -> Any:
    """A player's index: an integer from 0 to ``count`` - 1."""
    value = field(data, name, int, f"a player's index from 0 to {count - 1}", default)
    if value is not None and value is not default and not 0 <= value < count:
        raise ApiError(f"'{name}' is {value}, but players are numbered 0 to {count - 1}",
                       field=name)
    return value


def card_lists(data: dict[str, Any], name: str, what: str) -> list[list[str]]:
    """A list of lists of card codes (strings)."""
    value = field(data, name, list, what)
    for i, item in enumerate(value):
        if not isinstance(item, list) or not all(isinstance(c, str) for c in item):
            raise ApiError(f"'{name}[{i}]' should be a list of card codes (strings) such as "
                           f'["AS", "KD", "10H"]', field=name, hand=i)
    return value


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


def citation_json(citation: Citation) -> dict[str, str]:
    return {"book": citation.book, "anchor": citation.anchor,
            "url": reverse("book", args=[citation.book]) + f"#{citation.anchor}"}


def reason_json(reason: Reason) -> dict[str, Any]:
    return {"text": reason.text,
            "citations": [citation_json(c) for c in reason.citations],
            "rulings": list(reason.rulings)}


def rulings_json(reasons: Sequence[Reason]) -> list[dict[str, Any]]:
    """The editorial rulings the reasons applied, each once, in words."""
    slugs = list(dict.fromkeys(slug for r in reasons for slug in r.rulings))
    found = []
    for slug in slugs:
        ruling = RULINGS.get(slug)
        if ruling is None:
            continue
        found.append({"slug": slug, "question": ruling.question, "reading": ruling.reading,
                      "option": ruling.option, "default": ruling.default,
                      "citations": [citation_json(c) for c in ruling.citations]})
    return found
