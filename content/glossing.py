"""Glossary terms in the texts: in each paragraph the glossary cites for a term, the term's
first use becomes a link to its entry, with our definition shown on hover and focus.

The book's words are never changed: the link wraps them as they stand, and the definition
(ours, marked so) is a separate element, hidden until the link is pointed at or focused, and
named as the link's description (``aria-describedby``) for a screen reader. The definition is
in the page's language (and marked so where the paragraph's is another); the link leads to the
glossary in the page's language.
"""

from __future__ import annotations

import re
from functools import cache

from django.utils.html import escape
from django.utils.translation import gettext

from .library import Block, Book, GlossaryTerm, load_glossary, page_language
from .search import WORD, Phrase, phrases, stem, term_names

TAG = re.compile(r"(<[^>]+>)")
TIP = re.compile(r'<span class="term-tip".*?</span></span>')
"""A definition shown in the text (with its label), as :func:`gloss` writes it."""
SKIPPED = {"a", "code", "sup", "del", "figcaption"}  # links, markers, code: left alone
VOID = {"br", "hr", "img", "input", "wbr"}


@cache
def uses() -> dict[tuple[str, str], list[GlossaryTerm]]:
    """The terms the glossary cites each paragraph for, by (book slug, anchor)."""
    found: dict[tuple[str, str], list[GlossaryTerm]] = {}
    for term in load_glossary():
        for ref in term.refs:
            found.setdefault((ref.book.slug, ref.block.anchor), []).append(term)
    return found


def names(term: GlossaryTerm, language: str) -> list[tuple[str, ...]]:
    """A term's names as stems in a language, longest first."""
    found: set[Phrase] = set()
    for name in (term.en, term.sv):
        if name:
            found |= phrases(term_names(name))
    return sorted({p for lang, p in found if lang == language and p}, key=len, reverse=True)


def gloss(book: Book, block: Block, language: str, glossary_url: str) -> str:
    """The block's HTML with the first use of each term it is cited for linked and explained.

    >>> from content.library import find_paragraph
    >>> book, block = find_paragraph("peel-commerce", "tricon")
    >>> html = gloss(book, block, "en", "/glossary/")
    >>> '<a class="term" href="/glossary/#term-tricon"' in html
    True
    >>> words = re.sub(r"<[^>]+>", "", TIP.sub("", html))
    >>> words == re.sub(r"<[^>]+>", "", block.html)  # the book's words, unchanged
    True
    """
    terms = uses().get((book.slug, block.anchor))
    if not terms:
        return block.html
    pieces = TAG.split(block.html)
    open_tags: list[str] = []
    page = page_language()
    tip_language = f' lang="{page}"' if page != language else ""
    label = escape(gettext("Glossary (ours)"))
    for term in terms:
        wanted = names(term, language)
        done = False
        open_tags.clear()
        for i, piece in enumerate(pieces):
            if done:
                break
            if piece.startswith("<"):
                m = re.match(r"<(/?)(\w+)", piece)
                if m and m[2] not in VOID and not piece.endswith("/>"):
                    if m[1]:
                        if open_tags:
                            open_tags.pop()
                    else:
                        skipped = m[2] in SKIPPED or 'class="term-wrap"' in piece
                        open_tags.append("skip" if skipped else "")
                continue
            if any(open_tags) or not piece.strip():
                continue
            found = list(WORD.finditer(piece))
            stems = [stem(w.group(), language) for w in found]
            for n_words in {len(p) for p in wanted}:
                for k in range(len(found) - n_words + 1):
                    if tuple(stems[k : k + n_words]) in wanted:
                        start, end = found[k].start(), found[k + n_words - 1].end()
                        tip = f"gloss-{block.anchor}-{term.slug}"
                        pieces[i] = (
                            piece[:start]
                            + f'<span class="term-wrap"><a class="term" href="{glossary_url}'
                            f'#term-{term.slug}" aria-describedby="{tip}">{piece[start:end]}</a>'
                            f'<span class="term-tip" role="tooltip" id="{tip}"{tip_language}>'
                            f'<span class="editorial-label">{label}</span> '
                            f"{term.definition_html}</span></span>" + piece[end:]
                        )
                        done = True
                        break
                if done:
                    break
        pieces = TAG.split("".join(pieces))
    return "".join(pieces)
