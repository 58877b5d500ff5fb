"""Answers kept: a calculator's answer depends only on its address and on what htmx asks.

A calculator is a GET form, so the same address always gets the same answer until the site
changes: a permalink sent to everyone at the table, opened by each of them and by whoever
disputes it, is worked out once per process and then sent as it was. The answers of the
last :data:`KEPT` addresses asked are kept (the least recently asked goes first), each at
most :data:`LARGEST` bytes; only a complete 200 answer that carries nothing made for one
request (no cookie, no CSRF token, no CSP nonce: ``content.caching.same_for_everyone``).
In debug nothing is kept, so an edited template shows at once.

While people type, every address is new and is worked out as before: keeping answers makes
a permalink cheap, not the typing.

>>> from django.http import HttpResponse
>>> answer = Answer.of(HttpResponse("ok", headers={"HX-Retarget": "#result"}))
>>> response = answer.response()
>>> response.content, response["HX-Retarget"], response.status_code
(b'ok', '#result', 200)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

from content.caching import same_for_everyone

__all__ = ["KEPT", "LARGEST", "Answer", "Answers", "ANSWERS", "kept"]

KEPT = 512
"""How many addresses' answers a process keeps."""
LARGEST = 256 * 1024
"""The largest answer kept, in bytes (a whole game of many deals is worked out each time)."""


@dataclass(frozen=True)
class Answer:
    """A response as the view made it: its bytes, status and headers."""

    content: bytes
    status: int
    headers: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, response: HttpResponse) -> Answer:
        return cls(response.content, response.status_code, tuple(response.items()))

    def response(self) -> HttpResponse:
        response = HttpResponse(self.content, status=self.status)
        for name, value in self.headers:
            response[name] = value
        return response


class Answers:
    """Answers by key; the least recently asked goes first beyond ``maxsize``. Safe under
    a threaded server.

    >>> answers = Answers(1)
    >>> answers.put("a", Answer(b"a", 200, ())); answers.put("b", Answer(b"b", 200, ()))
    >>> answers.get("a"), answers.get("b").content
    (None, b'b')
    """

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.answers: OrderedDict[Hashable, Answer] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Answer | None:
        with self.lock:
            answer = self.answers.get(key)
            if answer is not None:
                self.answers.move_to_end(key)
            return answer

    def put(self, key: Hashable, answer: Answer) -> None:
        with self.lock:
            self.answers[key] = answer
            while len(self.answers) > self.maxsize:
                self.answers.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.answers.clear()


ANSWERS = Answers(KEPT)


@receiver(setting_changed)
def forget_answers(**kwargs: Any) -> None:
    """A test that changes a setting must not get answers made before."""
    ANSWERS.clear()


def kept(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Keep the answers of ``view``, a view whose answer depends only on the request's
    path, its query string and the htmx headers it varies on."""

    @wraps(view)
    def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if settings.DEBUG or request.method != "GET":
            return view(request, *args, **kwargs)
        key = (
            request.path,
            request.META.get("QUERY_STRING", ""),
            request.headers.get("HX-Request"),
            request.headers.get("HX-History-Restore-Request"),
        )
        found = ANSWERS.get(key)
        if found is not None:
            return found.response()
        response = view(request, *args, **kwargs)
        if same_for_everyone(request, response) and len(response.content) <= LARGEST:
            ANSWERS.put(key, Answer.of(response))
        return response

    return answer
