"""Helpers shared by the payout calculators' tests: fetch a page, read its numbers back."""

from __future__ import annotations

import html as html_module
import re
from fractions import Fraction
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

from django.test import Client

HTMX = {"HX-Request": "true"}


def get(
    path: str,
    params: dict[str, Any] | list[tuple[str, Any]] | None = None,
    *,
    htmx: bool = False,
    client: Client | None = None,
):
    query = urlencode(params or {}, doseq=True)
    return (client or Client()).get(
        f"{path}?{query}" if query else path, headers=HTMX if htmx else {}
    )


def money(text: str) -> Fraction:
    """A formatted amount back to a Fraction: ``+3``, ``−2``, ``0.5``, ``2 1/3``."""
    text = text.replace("\u2212", "-").replace("+", "").strip()
    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("-")
    total = Fraction(0)
    for part in text.split():
        total += Fraction(part)
    return sign * total


def nets(response) -> list[Fraction]:
    return [money(row["net"]) for row in response.context["result"].rows]


class Page(HTMLParser):
    """Ids, invalid fields, their descriptions, values and quotes of a rendered page."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.inputs: dict[str, dict[str, str | None]] = {}
        self.invalid: list[str] = []
        self.quotes: list[str] = []
        self.style_attributes = 0
        self.inline_scripts = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"] or "")
        if tag in ("input", "select", "textarea", "fieldset") and a.get("aria-invalid") == "true":
            self.invalid.append(a.get("name") or a.get("id") or "")
        if tag in ("input", "select", "textarea") and a.get("name"):
            if a.get("type") in ("radio", "checkbox"):
                if "checked" in a or a.get("aria-invalid") == "true":
                    self.inputs.setdefault(a["name"] or "", {**a, "value": a.get("value")})
            else:
                self.inputs.setdefault(a["name"] or "", a)
        if tag == "blockquote" and a.get("cite"):
            self.quotes.append(a["cite"] or "")
        if "style" in a:
            self.style_attributes += 1
        if tag == "script" and "src" not in a:
            self.inline_scripts += 1


def page(response) -> Page:
    return Page(response.content.decode())


def error_beside(response, field: str) -> str:
    """The message shown beside ``field`` (an input's name), checking the markup that ties
    them: the input is aria-invalid and its aria-describedby names the message's id."""
    html = response.content.decode()
    parsed = Page(html)
    attrs = parsed.inputs.get(field)
    fieldset = re.search(rf'<fieldset[^>]*id="id_{field}"[^>]*>', html)
    if attrs is None or fieldset:  # a group of radios: the fieldset carries both
        assert fieldset, f"no field {field}"
        tag = fieldset.group(0)
        assert 'aria-invalid="true"' in tag
        described = re.search(r'aria-describedby="([^"]+)"', tag)
    else:
        assert attrs.get("aria-invalid") == "true", f"{field} is not marked invalid"
        described = re.search(r"(\S+_error)", attrs.get("aria-describedby") or "")
    assert described, f"{field} is not described by its error"
    error_id = described.group(1).split()[-1]
    m = re.search(rf'<ul class="errorlist" id="{re.escape(error_id)}"><li>(.*?)</li>', html)
    assert m, f"no message {error_id} beside {field}"
    return html_module.unescape(m.group(1))


def linked_after_quoted(html: str) -> int:
    """Check that every paragraph linked "as quoted above" is quoted above the link (each
    quoted once); the number of such links."""
    quoted: dict[str, int] = {}
    for m in re.finditer(r'<blockquote cite="([^"]+)"', html):
        assert m.group(1) not in quoted, f"{m.group(1)} is quoted twice"
        quoted[m.group(1)] = m.start()
    links = 0
    for m in re.finditer(r'<p class="see-also">As quoted above: (.*?)</p>', html, re.S):
        for href in re.findall(r'href="([^"]+)"', m.group(1)):
            assert href in quoted and quoted[href] < m.start(), f"{href} is not quoted above"
            links += 1
    return links
