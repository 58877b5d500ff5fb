"""Renderings of a sheet kept once per version and answered many times.

A sheet changes only when its version does, so a page, a poll's answer or the fragment a
recorded deal sends back is rendered once per version and kept in the process's memory (the
key names the version, so a change never shows an old rendering). What each answer must
have of its own -- its CSRF token, a fresh key for every form that changes the sheet, the
CSP nonce if the page prints one -- is rendered as a mark (:data:`CSRF_MARK`,
:data:`KEY_MARK`, :data:`NONCE_MARK`) and put in per answer.

Compressing the page for every answer cost more than everything else a kept page costs, so
the parts between the marks are compressed once, for the first answer that asks for gzip
(an answer sent plain compresses nothing): each is a run of deflate blocks closed by a full
flush (no block refers back across it), and an answer is those runs with its own values
between them as stored blocks, in one gzip member with the checksum of the whole. The gzip
header carries a random file name of random length, as Django's ``GZipMiddleware`` does
against BREACH.

>>> kept = keep("<p>token \ue000csrf\ue000, key \ue000key\ue000</p>")
>>> kept.marks
('csrf', 'key')
>>> import gzip
>>> body = gzip_body(kept, [b"T0K3N", b"k1"])
>>> gzip.decompress(body) == plain_body(kept, [b"T0K3N", b"k1"]) == b"<p>token T0K3N, key k1</p>"
True
"""

from __future__ import annotations

import re
import secrets
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware.csp import get_nonce
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

__all__ = ["CSRF_MARK", "KEY_MARK", "NONCE_MARK", "Kept", "answer", "followed", "keep", "kept"]

CSRF_MARK = "\ue000csrf\ue000"
KEY_MARK = "\ue000key\ue000"
NONCE_MARK = "\ue000nonce\ue000"
_MARK = re.compile("\ue000(csrf|key|nonce)\ue000")
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


@dataclass(frozen=True)
class Kept:
    """A rendering cut at its marks: the parts between them (as bytes, and each deflated
    on its own when first asked for), the marks in order, and a flag the view keeps with
    it."""

    parts: tuple[bytes, ...]
    marks: tuple[str, ...]
    flag: bool = False

    @cached_property
    def deflated(self) -> tuple[bytes, ...]:
        """Each part compressed on its own (two threads may both compress it once: the
        same bytes)."""
        squeeze = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
        return tuple(squeeze.compress(p) + squeeze.flush(zlib.Z_FULL_FLUSH) for p in self.parts)


def keep(html: str, flag: bool = False) -> Kept:
    """Cut ``html`` at its marks."""
    pieces = _MARK.split(html)
    return Kept(tuple(p.encode() for p in pieces[0::2]), tuple(pieces[1::2]), flag)


def followed(rendering: Kept, html: str) -> Kept:
    """``rendering`` with ``html`` (without marks) after it."""
    last = rendering.parts[-1] + html.encode()
    return Kept((*rendering.parts[:-1], last), rendering.marks)


class _Store:
    """The renderings this process keeps, the most recently used last; at most
    :data:`KEPT` of them. In the process's memory, not Django's cache: a rendering is the
    same in every process, so each may render it once, and reading it back from memory
    costs nothing (a cache would unpickle a page's worth of bytes every time)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[tuple[Any, ...], Kept] = OrderedDict()
        self.lock = threading.Lock()  # runserver answers from threads

    def get(self, key: tuple[Any, ...]) -> Kept | None:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: tuple[Any, ...], value: Kept) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


KEPT = 200
"""Renderings kept per process: each is a page or a poll's answer of one sheet's version, a
few dozen kilobytes; an evening's phones use a handful at a time."""
_STORE = _Store(KEPT)


def forget() -> None:
    """Drop every kept rendering (tests start from none)."""
    _STORE.clear()


def kept(key: tuple[Any, ...] | None, make: Callable[[], Kept]) -> Kept:
    """``make()``, kept under ``key`` (None: not kept) in the page's language: a rendering
    holds words and addresses (``/sv/…``), so each language has its own."""
    if key is None:
        return make()
    key = (*key, get_language())
    found = _STORE.get(key)
    if found is None:
        found = make()
        _STORE.put(key, found)
    return found


def values(request: HttpRequest, marks: Sequence[str]) -> list[bytes]:
    """This answer's own value for each mark: one CSRF token, one nonce, and a key per form
    (one random part for the answer, numbered per form)."""
    token = get_token(request).encode() if "csrf" in marks else b""
    nonce = str(get_nonce(request)).encode() if "nonce" in marks else b""
    base = secrets.token_urlsafe(16) if "key" in marks else ""
    out = []
    n = 0
    for mark in marks:
        if mark == "csrf":
            out.append(token)
        elif mark == "nonce":
            out.append(nonce)
        else:
            out.append(f"{base}{n}".encode())
            n += 1
    return out


def plain_body(kept: Kept, own: Sequence[bytes]) -> bytes:
    out = [kept.parts[0]]
    for value, part in zip(own, kept.parts[1:], strict=True):
        out += [value, part]
    return b"".join(out)


def _stored(value: bytes) -> bytes:
    """``value`` as stored (uncompressed) deflate blocks, not the last of the stream."""
    out = []
    for start in range(0, len(value), 0xFFFF):
        chunk = value[start : start + 0xFFFF]
        out.append(b"\x00" + struct.pack("<HH", len(chunk), len(chunk) ^ 0xFFFF) + chunk)
    return b"".join(out)


def gzip_body(kept: Kept, own: Sequence[bytes]) -> bytes:
    """One gzip member: the kept runs of deflate blocks with this answer's values between
    them, an empty last block, the CRC-32 and length of the whole."""
    name = secrets.token_hex(secrets.randbelow(50) + 1).encode()
    header = b"\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\xff" + name + b"\x00"  # FNAME, mtime 0
    out = [header, kept.deflated[0]]
    crc = zlib.crc32(kept.parts[0])
    size = len(kept.parts[0])
    for value, part, packed in zip(own, kept.parts[1:], kept.deflated[1:], strict=True):
        out += [_stored(value), packed]
        crc = zlib.crc32(part, zlib.crc32(value, crc))
        size += len(value) + len(part)
    out.append(b"\x01\x00\x00\xff\xff")  # the last block: stored, empty
    out.append(struct.pack("<II", crc & 0xFFFFFFFF, size & 0xFFFFFFFF))
    return b"".join(out)


def answer(
    request: HttpRequest, rendering: Kept | str, status: int = 200, **headers: str
) -> HttpResponse:
    """The rendering with this answer's own values, compressed if the browser asks for it
    (``GZipMiddleware`` leaves an answer with a ``Content-Encoding`` alone)."""
    kept_ = keep(rendering) if isinstance(rendering, str) else rendering
    own = values(request, kept_.marks)
    gzipped = bool(_ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", "")))
    body = gzip_body(kept_, own) if gzipped else plain_body(kept_, own)
    response = HttpResponse(body, status=status)
    if gzipped:
        response["Content-Encoding"] = "gzip"
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    patch_vary_headers(response, ["HX-Request", "Accept-Encoding"])
    return response
