"""The rulebook library: Markdown files with TOML front matter, rendered once and kept in memory.

Each rulebook is ``content/rulebooks/<slug>.md``; a translation is ``<slug>.<lang>.md`` with
``translation_of`` in its front matter. Every paragraph and heading carries an explicit anchor in
the source (``{: #tie-pair }``), so a link to a paragraph survives edits of the others; list items,
tables and figures without one get ``<anchor of the block before>-<n>``, which only depends on
their own neighbourhood. Peel's page markers ``[71]`` become margin anchors ``#page-71``.
"""

from __future__ import annotations

import html
import re
import tomllib
import unicodedata
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import markdown
from markdown.blockprocessors import BlockProcessor
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

RULEBOOKS = Path(__file__).resolve().parent / "rulebooks"
GLOSSARY = Path(__file__).resolve().parent / "glossary.toml"

FRONT_MATTER = re.compile(r"\A\+\+\+\n(.*?)\n\+\+\+\n", re.DOTALL)
PAGE_MARKER = r"\[(\d{1,3})\]"
FIGURE = re.compile(r"^!figure\[(?P<caption>[^\]]+)\]\{#(?P<id>[\w-]+)\}\s*$")
BLOCK_TAGS = {
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "table",
    "figure",
    "div",
    "blockquote",
    "hr",
    "pre",
}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


class PageMarkerPattern(InlineProcessor):
    """``[71]`` (page 71 of the book begins here) becomes an anchor shown in the margin."""

    # The stubs declare InlineProcessor.handleMatch(m, data) over Pattern.handleMatch(m) with
    # an ignore of their own (Markdown's API does so); mypy still checks this against Pattern.
    def handleMatch(  # type: ignore[override]  # noqa: N802
        self, m: re.Match[str], data: str
    ) -> tuple[etree.Element, int, int]:
        page = m.group(1)
        el = etree.Element(
            "a",
            {
                "class": "page-marker",
                "id": f"page-{page}",
                "href": f"#page-{page}",
                "title": f"Page {page} of the book begins here",
            },
        )
        el.text = f"[{page}]"
        return el, m.start(0), m.end(0)


class FigureProcessor(BlockProcessor):
    """``!figure[caption]{#fig-1}``: a figure the source copy lost, kept as its caption."""

    def test(self, parent: etree.Element, block: str) -> bool:
        return bool(FIGURE.match(block.strip()))

    def run(self, parent: etree.Element, blocks: list[str]) -> None:
        m = FIGURE.match(blocks.pop(0).strip())
        assert m is not None
        figure = etree.SubElement(parent, "figure", {"class": "missing-figure", "id": m["id"]})
        placeholder = etree.SubElement(figure, "div", {"class": "figure-placeholder editorial"})
        placeholder.text = "Picture not preserved in the copy transcribed (editorial note)."
        caption = etree.SubElement(figure, "figcaption")
        caption.text = m["caption"]


class AnchorTreeprocessor(Treeprocessor):
    """Gives every block an id and records the top-level blocks for alignment and search.

    A translation shown on the same page as its original has its footnote ids prefixed too.
    """

    def __init__(self, md: markdown.Markdown, prefix: str) -> None:
        super().__init__(md)
        self.prefix = prefix
        self.blocks: list[etree.Element] = []
        self.derived: set[str] = set()

    def run(self, root: etree.Element) -> None:
        if self.prefix:
            for node in root.iter():
                if node.get("id", "").startswith("fn"):
                    node.set("id", self.prefix + node.get("id", ""))
                if node.get("href", "").startswith("#fn"):
                    node.set("href", "#" + self.prefix + node.get("href", "")[1:])
        blocks: list[etree.Element] = []
        derived: set[str] = set()
        last = "top"
        counters: dict[str, int] = {}

        def derive(el: etree.Element) -> None:
            nonlocal last
            if el.get("id"):
                last = el.get("id", "")
                return
            counters[last] = counters.get(last, 0) + 1
            el.set("id", f"{last}-{counters[last]}")
            derived.add(el.get("id", ""))

        for el in list(root):
            if el.tag not in BLOCK_TAGS:
                continue
            if el.get("class") == "footnote":
                el.set("id", self.prefix + "footnotes")
            derive(el)
            blocks.append(el)
            for li in el.iter("li"):
                if not li.get("id"):
                    derive(li)
            if el.tag == "p" or el.tag in HEADINGS:
                link = etree.SubElement(
                    el,
                    "a",
                    {
                        "class": "para-link",
                        "href": f"#{el.get('id')}",
                        "aria-label": "Link to this paragraph"
                        if el.tag == "p"
                        else "Link to this section",
                    },
                )
                link.text = "¶" if el.tag == "p" else "#"
        self.blocks = blocks
        self.derived = derived


class LibraryExtension(Extension):
    def __init__(self, prefix: str = "") -> None:
        super().__init__()
        self.prefix = prefix
        self.anchors: AnchorTreeprocessor | None = None  # the blocks, once converted

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802
        md.inlinePatterns.register(PageMarkerPattern(PAGE_MARKER, md), "page-marker", 175)
        md.parser.blockprocessors.register(FigureProcessor(md.parser), "figure", 105)
        self.anchors = AnchorTreeprocessor(md, self.prefix)
        md.treeprocessors.register(self.anchors, "anchors", 5)


@dataclass(frozen=True)
class Block:
    """A top-level block of a rendered book: its anchor, HTML, tag and plain text."""

    anchor: str
    html: str
    tag: str
    text: str
    section: str  # the heading this block falls under
    derived: bool  # the anchor was made from its neighbour's, not written in the source

    @property
    def is_heading(self) -> bool:
        return self.tag in HEADINGS


@dataclass(frozen=True)
class TocEntry:
    anchor: str
    title: str
    level: int


@dataclass
class Book:
    """One rulebook (or one translation of it), rendered."""

    slug: str
    meta: dict[str, Any]
    blocks: list[Block]
    toc: list[TocEntry]
    anchors: set[str]
    paragraphs: dict[str, Block] = field(default_factory=dict)
    translation: Book | None = None

    @property
    def title(self) -> str:
        return str(self.meta.get("title", self.slug))

    @property
    def cite_as(self) -> str:
        """How quotations name the book: author, title and year ("Peel, Commerce (1891)")."""
        return str(self.meta.get("cite_as", self.title))

    @property
    def language(self) -> str:
        return str(self.meta.get("language", "en"))

    @property
    def full_title(self) -> str:
        """The title with the author and the year, which tell apart the three books called
        "Commerce": "Commerce (W. H. Peel, 1891)", "Commerce (Swedish, author unknown, modern)".

        >>> [b.full_title for b in load_library().values()][:3]
        ['Commerce (W. H. Peel, 1891)', 'Commerce (Swedish, author unknown, modern)', \
'Commerce (Herbert T. Cox, 1925)']
        """
        return f"{self.title} {self.title_by}"

    @property
    def title_by(self) -> str:
        """The author and the year, in brackets: "(W. H. Peel, 1891)"."""
        author = str(self.meta.get("author", ""))
        date = str(self.meta.get("date", ""))
        year = re.search(r"\b1\d{3}\b", date)
        who = author if author and author != "Unknown" else "author unknown"
        if self.language == "sv":
            who = f"Swedish, {who}"
        when = year.group() if year else date.split(" ")[0].lower()
        return f"({who}, {when})" if when else f"({who})"

    @property
    def editorial_html(self) -> str:
        """The editorial note (ours, repository-owned Markdown) as HTML."""
        return markdown.markdown(str(self.meta.get("editorial_note", "")).strip())

    def toc_translated(self) -> list[tuple[TocEntry, TocEntry | None]]:
        """Each entry of the contents beside the translation's heading for it, if any."""
        if self.translation is None:
            return [(entry, None) for entry in self.toc]
        prefix = self.translation.meta.get("anchor_prefix", "en-")
        by_anchor = {e.anchor: e for e in self.translation.toc}
        return [(entry, by_anchor.get(prefix + entry.anchor)) for entry in self.toc]

    @property
    def html(self) -> str:
        return "\n".join(b.html for b in self.blocks)

    def aligned(self) -> list[tuple[Block, Block | None]]:
        """Each block beside its translation (anchor ``en-`` + anchor), in the original's order."""
        if self.translation is None:
            return [(b, None) for b in self.blocks]
        by_anchor = {b.anchor: b for b in self.translation.blocks}
        prefix = self.translation.meta.get("anchor_prefix", "en-")
        return [(b, by_anchor.get(prefix + b.anchor)) for b in self.blocks]

    def block(self, anchor: str) -> Block | None:
        """The block with this anchor, in the book or its translation."""
        found = self.paragraphs.get(anchor)
        if found is None and self.translation is not None:
            found = self.translation.paragraphs.get(anchor)
        return found


def split_front_matter(source: str, path: Path) -> tuple[dict[str, Any], str]:
    m = FRONT_MATTER.match(source)
    if not m:
        raise ValueError(f"{path.name}: no +++ front matter")
    return tomllib.loads(m.group(1)), source[m.end() :]


SKIPPED_IN_TEXT = {
    "para-link",
    "figure-placeholder editorial",
    "page-marker",
    "footnote-ref",
    "footnote-backref",
}


def element_text(el: etree.Element) -> str:
    """The words of a block as a reader sees them, without our links and markers."""
    parts: list[str] = []

    def walk(node: etree.Element) -> None:
        if node.get("class") not in SKIPPED_IN_TEXT:
            if node.text:
                parts.append(node.text)
            for child in node:
                walk(child)
        if node.tail and node is not el:
            parts.append(node.tail)

    walk(el)
    return re.sub(r"\s+", " ", html.unescape("".join(parts))).strip()


def markup_text(markup: str) -> str:
    """The words of rendered HTML, for blocks holding raw HTML that the tree only stashed."""
    skipped = "|".join(SKIPPED_IN_TEXT - {"figure-placeholder editorial"})
    markup = re.sub(rf'<a [^>]*class="(?:{skipped})"[^>]*>.*?</a>', "", markup)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", markup))).strip()


def render(slug: str, source: str, meta: dict[str, Any]) -> Book:
    library = LibraryExtension(meta.get("anchor_prefix", "en-") if "translation_of" in meta else "")
    md = markdown.Markdown(
        extensions=["attr_list", "tables", "footnotes", "sane_lists", library],
        extension_configs={"footnotes": {"BACKLINK_TITLE": "Back to the text"}},
        output_format="html",
    )
    md.convert(source)
    assert library.anchors is not None
    blocks: list[Block] = []
    toc: list[TocEntry] = []
    section = ""
    for el in library.anchors.blocks:
        markup = md.serializer(el)
        for pp in md.postprocessors:
            markup = pp.run(markup)
        text = element_text(el)
        # Raw HTML (e.g. <del>) is stashed as placeholders in the tree; take text from the HTML.
        if "\x02" in text:
            text = markup_text(markup)
        anchor = el.get("id", "")
        if el.tag in HEADINGS:
            section = text
            toc.append(TocEntry(anchor, text, int(el.tag[1])))
        derived = anchor in library.anchors.derived
        blocks.append(Block(anchor, markup, el.tag, text, section, derived))
    anchors = set(re.findall(r'id="([^"]+)"', "\n".join(b.html for b in blocks)))
    book = Book(slug, meta, blocks, toc, anchors)
    book.paragraphs = {b.anchor: b for b in blocks}
    return book


@cache
def load_library() -> dict[str, Book]:
    """Every book by slug (translations attached to their originals), in the index's order."""
    books: dict[str, Book] = {}
    translations: list[Book] = []
    for path in sorted(RULEBOOKS.glob("*.md")):
        meta, body = split_front_matter(path.read_text(encoding="utf-8"), path)
        slug = path.name.removesuffix(".md")
        book = render(slug, body, meta)
        if "translation_of" in meta:
            translations.append(book)
        else:
            books[slug] = book
    for translation in translations:
        books[translation.meta["translation_of"]].translation = translation
    return dict(sorted(books.items(), key=lambda kv: kv[1].meta.get("order", 99)))


def get_book(slug: str) -> Book | None:
    return load_library().get(slug)


def find_paragraph(book_slug: str, anchor: str) -> tuple[Book, Block] | None:
    """The book and block a citation (book slug, anchor) points at, or None."""
    book = get_book(book_slug)
    if book is None:
        return None
    block = book.block(anchor)
    return (book, block) if block is not None else None


# --- folding and snippets, for search (content/search.py) ----------------------------------


def fold(text: str) -> tuple[str, list[int]]:
    """Case- and accent-folded text, with each folded character's index in the original.

    >>> fold("Poäng")[0]
    'poang'
    """
    out: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(text):
        for c in unicodedata.normalize("NFKD", ch.casefold()):
            if unicodedata.combining(c):
                continue
            out.append(c)
            index.append(i)
    return "".join(out), index


SNIPPET_WIDTH = 220


def snippet(
    text: str, index: list[int], spans: list[tuple[int, int]], width: int = SNIPPET_WIDTH
) -> list[tuple[str, bool]]:
    """Up to ``width`` characters of text around the first match, matches flagged."""
    marks = sorted({(index[s], index[e - 1] + 1) for s, e in spans})
    first = marks[0][0]
    start = max(0, first - width // 3)
    if start > 0:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < first else start
    end = min(len(text), start + width)
    parts: list[tuple[str, bool]] = []
    pos = start
    for s, e in marks:
        if e <= pos or s >= end:
            continue
        s = max(s, pos)
        if s > pos:
            parts.append((text[pos:s], False))
        parts.append((text[s:e], True))
        pos = e
    if pos < end:
        parts.append((text[pos:end], False))
    if start > 0:
        parts.insert(0, ("… ", False))
    if end < len(text):
        parts.append((" …", False))
    return parts


# --- glossary -----------------------------------------------------------------------------


@dataclass(frozen=True)
class GlossaryRef:
    book: Book
    block: Block

    @property
    def label(self) -> str:
        words = self.block.text.split()
        return " ".join(words[:8]) + (" …" if len(words) > 8 else "")


@dataclass(frozen=True)
class GlossaryTerm:
    en: str
    sv: str
    definition: str
    refs: list[GlossaryRef]
    slug: str


@cache
def load_glossary() -> list[GlossaryTerm]:
    if not GLOSSARY.exists():
        return []
    data = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))
    terms = []
    for entry in data.get("term", []):
        refs = []
        for ref in entry.get("refs", []):
            book_slug, _, anchor = ref.partition("#")
            found = find_paragraph(book_slug, anchor)
            if found is None:
                raise ValueError(f"glossary term {entry['en']!r}: {ref} is not a paragraph")
            refs.append(GlossaryRef(*found))
        slug = re.sub(r"[^a-z0-9]+", "-", fold(entry["en"])[0]).strip("-")
        terms.append(
            GlossaryTerm(entry["en"], entry.get("sv", ""), entry["definition"], refs, slug)
        )
    return sorted(terms, key=lambda t: fold(t.en)[0])
