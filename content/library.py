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
from django.utils.translation import get_language, gettext
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

# The site's own words that the renderer writes into a book's HTML, in English: a page in
# another language writes them in its own (content.templatetags.library.spoken).
PARAGRAPH_LINK = "Link to this paragraph"
SECTION_LINK = "Link to this section"
PAGE_BEGINS = "Page {page} of the book begins here"
FIGURE_LOST = "Picture not preserved in the copy transcribed (editorial note)."
BACK_TO_TEXT = "Back to the text"


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
                "title": PAGE_BEGINS.format(page=page),
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
        placeholder.text = FIGURE_LOST
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
                        "aria-label": PARAGRAPH_LINK if el.tag == "p" else SECTION_LINK,
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
    section_anchor: str = ""  # that heading's anchor

    @property
    def is_heading(self) -> bool:
        return self.tag in HEADINGS


@dataclass(frozen=True)
class TocEntry:
    anchor: str
    title: str
    level: int


def page_language() -> str:
    """The language of the page being made (English outside a request)."""
    return get_language() or "en"


@dataclass(frozen=True)
class Section:
    """The heading a block falls under, as a page names it, and the language of its words."""

    title: str
    language: str


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
    def here(self) -> dict[str, Any]:
        """The front matter as the page's language reads it: our words about the book
        (provenance, summary, editorial note …) from the table named by the language (``[sv]``),
        a fix's or a removal's ``why`` from its ``why`` table (by the English), where it gives
        them; the book's own words (its title, its headings) as they stand. An English page
        reads the front matter as it is.
        """
        language = page_language()
        ours = self.meta.get(language)
        if language == "en" or not isinstance(ours, dict):
            return self.meta
        why = ours.get("why", {})
        return {
            **self.meta,
            **ours,
            "fixes": [
                {**fix, "why": why.get(fix["why"], fix["why"])}
                for fix in self.meta.get("fixes", [])
            ],
            "removed": [
                {**item, "why": why.get(item["why"], item["why"])}
                for item in self.meta.get("removed", [])
            ],
        }

    @property
    def cite_as(self) -> str:
        """How quotations name the book: author, title and year ("Peel, Commerce (1891)")."""
        return str(self.here.get("cite_as", self.title))

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
        """The author and the year, in brackets: "(W. H. Peel, 1891)"; in the page's language
        (Swedish: "(svensk, okänd författare, modern)")."""
        author = str(self.meta.get("author", ""))
        date = str(self.here.get("date", ""))
        year = re.search(r"\b1\d{3}\b", date)
        who = author if author and author != "Unknown" else gettext("author unknown")
        if self.language == "sv":
            who = gettext("Swedish, %(author)s") % {"author": who}
        when = year.group() if year else date.split(" ")[0].lower()
        return f"({who}, {when})" if when else f"({who})"

    @property
    def editorial_html(self) -> str:
        """The editorial note (ours, repository-owned Markdown) as HTML, in the page's
        language where the front matter gives it."""
        return markdown.markdown(str(self.here.get("editorial_note", "")).strip())

    def navigation_title(self, anchor: str) -> str | None:
        """Our title for a heading of the book in the page's language, for a reader who finds
        their way through a text in another language (``headings`` of ``[sv]``), or None."""
        if page_language() == self.language:
            return None
        title = self.here.get("headings", {}).get(anchor)
        return str(title) if title else None

    def toc_navigation(self) -> list[tuple[TocEntry, str | None]]:
        """Each entry of the contents beside our title for it in the page's language, if any."""
        return [(entry, self.navigation_title(entry.anchor)) for entry in self.toc]

    def section_of(self, block: Block) -> Section | None:
        """The heading a block of the book or its translation falls under, named for the
        page's reader: as printed, or in the page's language where the book's is another (our
        navigation title; for a block of our translation, the original's heading)."""
        if not block.section:
            return None
        language = page_language()
        own = self.paragraphs.get(block.anchor) is block
        if not own and self.translation is not None:
            prefix = str(self.translation.meta.get("anchor_prefix", "en-"))
            heading = self.paragraphs.get(block.section_anchor.removeprefix(prefix))
            if language != "en" and heading is not None:
                return Section(heading.text, self.language)
            return Section(block.section, self.translation.language)
        named = self.navigation_title(block.section_anchor)
        if named is not None:
            return Section(named, language)
        return Section(block.section, self.language)

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
        extension_configs={"footnotes": {"BACKLINK_TITLE": BACK_TO_TEXT}},
        output_format="html",
    )
    md.convert(source)
    assert library.anchors is not None
    blocks: list[Block] = []
    toc: list[TocEntry] = []
    section = section_anchor = ""
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
            section, section_anchor = text, anchor
            toc.append(TocEntry(anchor, text, int(el.tag[1])))
        derived = anchor in library.anchors.derived
        blocks.append(Block(anchor, markup, el.tag, text, section, derived, section_anchor))
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
    sv: str  # the Swedish text's own word for it, if it has one (searched and glossed)
    definition: str
    refs: list[GlossaryRef]
    slug: str
    definition_sv: str = ""  # our definition in Swedish
    sv_label: str = ""  # for a term the Swedish text lacks: what a Swedish player calls it
    also_en: tuple[str, ...] = ()  # other words a reader may search it by (only searched)
    also_sv: tuple[str, ...] = ()  # the same in Swedish
    defined: tuple[GlossaryRef, ...] = ()  # the refs that define it with no run-in title

    @property
    def name_sv(self) -> str:
        """The term's Swedish name: the text's word, else a Swedish player's (only shown)."""
        return self.sv or self.sv_label

    @property
    def searched(self) -> tuple[str, str]:
        """The words to search the rulebooks for the term, and their language: the Swedish
        text's word, else the English books'."""
        return (self.sv, "sv") if self.sv else (self.en, "en")

    @property
    def definition_html(self) -> str:
        """Our definition in the page's language (English where we wrote no other), as HTML:
        an English book's word quoted in the Swedish, written ``*so*``, is marked English.

        >>> term = GlossaryTerm("flush", "", "Three <cards>.", [], "flush", "Tre *flush*.")
        >>> term.definition_html
        'Three &lt;cards&gt;.'
        >>> from django.utils import translation
        >>> with translation.override("sv"):
        ...     term.definition_html
        'Tre <i lang="en">flush</i>.'
        """
        if page_language() == "sv" and self.definition_sv:
            return QUOTED_ENGLISH.sub(r'<i lang="en">\1</i>', html.escape(self.definition_sv))
        return html.escape(self.definition)


QUOTED_ENGLISH = re.compile(r"\*([^*]+)\*")
"""An English book's word quoted in a Swedish definition: ``*flush*``."""


def swedish_order(text: str) -> str:
    """A sort key for Swedish words: å, ä and ö are letters of their own after z, other
    accents and case fold away.

    >>> sorted(["ögon", "Ära", "åtta", "zebra", "Ess", "écarté"], key=swedish_order)
    ['écarté', 'Ess', 'zebra', 'åtta', 'Ära', 'ögon']
    """
    own = {"å": "{", "ä": "|", "ö": "}"}
    return "".join(own.get(c) or fold(c)[0] for c in text.casefold())


@cache
def load_glossary() -> list[GlossaryTerm]:
    """The glossary's terms in the order of their English names."""
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
        cited = dict(zip(entry.get("refs", []), refs, strict=True))
        for ref in entry.get("defined", []):
            if ref not in cited:
                raise ValueError(f"glossary term {entry['en']!r}: {ref} defines it but is no ref")
        slug = re.sub(r"[^a-z0-9]+", "-", fold(entry["en"])[0]).strip("-")
        terms.append(
            GlossaryTerm(
                entry["en"],
                entry.get("sv", ""),
                entry["definition"],
                refs,
                slug,
                entry.get("definition_sv", ""),
                entry.get("sv_label", ""),
                tuple(entry.get("also_en", ())),
                tuple(entry.get("also_sv", ())),
                tuple(cited[ref] for ref in entry.get("defined", [])),
            )
        )
    return sorted(terms, key=lambda t: fold(t.en)[0])


@cache
def glossary_in_swedish_order() -> list[GlossaryTerm]:
    """The glossary's terms in the order of their Swedish names (the English name where a
    term has none)."""
    return sorted(load_glossary(), key=lambda t: swedish_order(t.name_sv or t.en))
