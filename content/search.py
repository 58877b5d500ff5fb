"""Search of the rulebooks: whole words and their inflections, ranked so the defining paragraph
comes first, with the glossary's English and Swedish terms as synonyms and a suggestion for a
misspelt word; a question ("what is a tricon?") is searched for its words that say something,
and the glossary's own definition of a term the query names comes with the hits.

Every block of every book and translation is cut into words, and each word is reduced to its
stem by the Snowball stemmer of the block's language (English or Swedish), then folded (case
and accents: ``poäng`` and ``poang`` are one word). A query word is stemmed by both stemmers,
since a reader may type either language, so ``ties`` finds "tie" and "tied" but never
"penalties", and ``givaren`` finds "giv" and "given". The query's stop words ("what", "is",
"a", "och", "hur") are left out, unless it has no other words or they belong to a glossary
term ("lägga upp"); the texts keep theirs, so a term's phrase is still found whole.

The stems go into an SQLite FTS5 table in memory, built once per process (in the browser
without signal too: Pyodide's SQLite has FTS5, and the engine's worker builds this index on the
search page, ``rulesite.worker.warm``), whose columns weigh differently in its ``bm25``
ranking: a heading and a paragraph's run-in title ("(e) Point.—", "Poäng.") weigh most, and so
do the names of the glossary terms it defines where no run-in title says so (the glossary's
``defined``: Squareman's "called the trump card"), then the glossary terms whose definitions
cite the paragraph, then the words of the paragraph, then its section's heading. A paragraph
matching more of the query's words comes first; among those, one matching the words as typed
comes before one matched only by a synonym, then one in the reader's language (the page's: the
Swedish text and its English translation are one book in two languages), then a paragraph
before a heading (the hit names its section anyway), then the best ``bm25`` of the words as
typed or of their synonyms, whichever matches better. A suggestion comes from the words of the
reader's language first.
"""

from __future__ import annotations

import difflib
import re
import sqlite3
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import snowballstemmer  # type: ignore[import-untyped]  # the package ships no type hints

from .library import (
    SNIPPET_WIDTH,
    Block,
    Book,
    GlossaryTerm,
    fold,
    load_glossary,
    load_library,
    snippet,
)

WORD = re.compile(r"[^\W_]+")
"""A word: letters and digits (``1700-talet`` is two words, ``opponent’s`` is two)."""

LANGUAGES = ("en", "sv")
_STEMMERS = {"en": snowballstemmer.stemmer("english"), "sv": snowballstemmer.stemmer("swedish")}
_STEMMING = threading.Lock()  # a Snowball stemmer keeps its state in the object

COLUMNS = ("title", "lead", "terms", "body", "section")
WEIGHTS = (8.0, 8.0, 2.0, 1.0, 0.5)
"""bm25 weights of :data:`COLUMNS`: a heading or run-in title names what the paragraph defines;
a glossary term citing the paragraph says it is about that term, but the glossary cites many
paragraphs for a term (twelve for "tie"), so a citation weighs as two uses of the word in the
paragraph, and the paragraph's own words decide among those cited; its section, only the topic.
Each column is kept once per language (``body_en``, ``body_sv``), so that a word typed is
looked for by its English stem in English text and its Swedish stem in Swedish text only
("dealer" is not the Swedish "deal" + "-er")."""
TABLE_COLUMNS = tuple(f"{c}_{language}" for language in LANGUAGES for c in COLUMNS)

RUN_IN = re.compile(r"^(?:\(\w\)\s*)?(?P<lead>[^.:—]{1,40}?)\s*(?:\.?—|[.:](?=\s|$))")
"""A paragraph's run-in title, as the books set a definition: "(e) Point.—The total …",
"Poäng. Två kort …", "Tretal (tricon på franska). Tre kort …", "Variant: Om …"."""
RUN_IN_WORDS = 4

_SNOWBALL_ENGLISH = """
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself
she her hers herself it its itself they them their theirs themselves what which who whom
this that these those am is are was were be been being have has had having do does did doing
would should could ought cannot can a an the and but if or because as until while of at by
for with about against between into through during before after above below to from up down
in out on off over under again further then once here there when where why how all any both
each few more most other some such no nor not only own same so than too very s t d ll m re
ve isn aren wasn weren hasn haven hadn doesn don didn wouldn shan shouldn couldn mustn
"""
_SNOWBALL_SWEDISH = """
och det att i en jag hon som han på den med var sig för så till är men ett om hade de av
icke mig du henne då sin nu har inte hans honom skulle hennes där min man ej vid kunde något
från ut när efter upp vi dem vara vad över än dig kan sina här ha mot alla under någon eller
allt mycket sedan ju denna själv detta åt utan varit hur ingen mitt ni bli blev oss din
dessa några deras blir mina samma vilken er sådan vår blivit dess inom mellan sådant varför
varje vilka ditt vem vilket sitta sådana vart dina vars vårt våra ert era vilkas hen hens
"""
STOP_WORDS = {
    "en": frozenset(_SNOWBALL_ENGLISH.split()),
    "sv": frozenset(_SNOWBALL_SWEDISH.split()),
}
"""Words too common to tell paragraphs apart: the Snowball stop-word lists of English (its
contractions as this module cuts them, "don't" being "don" and "t") and Swedish, with "hen"
(the Swedish text's "they" of one person, newer than the list). A query drops them unless it
is made of nothing else."""
STOPPED = frozenset(fold(w)[0] for words in STOP_WORDS.values() for w in words)
"""The stop words of either language, folded as a typed word is: a query may be in either, and
``pa`` is ``på`` as ``poang`` is ``poäng``."""


@cache
def stem(word: str, language: str) -> str:
    """A word's stem in a language, case- and accent-folded.

    >>> [stem(w, "en") for w in ("tie", "ties", "tied", "penalties")]
    ['tie', 'tie', 'tie', 'penalti']
    >>> stem("Poängen", "sv"), stem("poang", "sv"), stem("givaren", "sv")
    ('poang', 'poang', 'giv')
    """
    with _STEMMING:
        stemmed: str = _STEMMERS[language].stemWord(word.casefold())
    return fold(stemmed)[0]


def words(text: str) -> Iterator[re.Match[str]]:
    return WORD.finditer(text)


def stems(text: str, language: str) -> list[str]:
    """The stems of a text's words, in order."""
    return [stem(m.group(), language) for m in words(text)]


def query_stems(word: str) -> frozenset[str]:
    """What a word typed in a query may be: its stem in either language."""
    return frozenset(stem(word, language) for language in LANGUAGES)


def run_in_title(block: Block) -> str:
    """The paragraph's run-in title, if it opens with one of a few words.

    >>> from content.library import find_paragraph
    >>> [run_in_title(find_paragraph(*ref)[1]) for ref in (
    ...     ("peel-commerce", "point"), ("commerce-swedish", "tretal"),
    ...     ("peel-commerce", "ending"))]
    ['Point', 'Tretal (tricon på franska)', '']
    """
    if block.tag != "p":
        return ""
    m = RUN_IN.match(block.text)
    if m is None or len(WORD.findall(m["lead"])) > RUN_IN_WORDS:
        return ""
    return m["lead"]


def block_language(book: Book, source: Book) -> str:
    language = source.language if source is book else str(source.meta.get("language", "en"))
    return language if language in LANGUAGES else "en"


# --- the glossary as synonyms --------------------------------------------------------------


def term_names(name: str) -> str:
    """A glossary term without its qualifier: ``game (All Fours)`` is the word ``game``."""
    return re.sub(r"\s*\(.*?\)", "", name)


def all_names(term: GlossaryTerm) -> list[tuple[str, str]]:
    """Every name a term may be searched by, with its language: its English and Swedish names
    and the other words the glossary lists for it (``also_en``, ``also_sv``)."""
    return [
        *((name, "en") for name in (term.en, *term.also_en)),
        *((name, "sv") for name in (term.sv, *term.also_sv) if name),
    ]


Phrase = tuple[str, tuple[str, ...]]
"""A phrase as an index holds it: its language and its words' stems in that language."""


def phrases(text: str) -> frozenset[Phrase]:
    """A text as it would be indexed in each language."""
    return frozenset((language, tuple(stems(text, language))) for language in LANGUAGES)


@dataclass(frozen=True)
class Synonym:
    """A glossary term: the phrases that name it (its English name stemmed as English, its
    Swedish names, the text's and those a reader may also search by, as Swedish) and the
    phrases an index may hold it as (any name stemmed as either language: the English
    translation keeps the Swedish words)."""

    names: frozenset[Phrase]
    phrases: frozenset[Phrase]
    term: GlossaryTerm


@cache
def synonyms() -> tuple[Synonym, ...]:
    """The glossary's terms, each a group of phrases meaning one thing."""
    found = []
    for term in load_glossary():
        named = [(term_names(n), lang) for n, lang in all_names(term) if n]
        found.append(
            Synonym(
                frozenset((lang, tuple(stems(name, lang))) for name, lang in named),
                frozenset().union(*(phrases(name) for name, _ in named)),
                term,
            )
        )
    return tuple(found)


# --- the index -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A block in the index: where it is, its words' places in its text and their stems."""

    book: Book
    block: Block
    language: str
    spans: tuple[tuple[int, int], ...]
    stems: tuple[str, ...]


@dataclass
class Index:
    entries: list[Entry]
    db: sqlite3.Connection
    vocabulary: dict[str, Counter[str]]  # by language: the words of its texts and glossary names
    lock: threading.Lock  # one connection, shared by a process's threads

    def matching(self, expression: str) -> set[int]:
        """The rows an FTS5 expression matches."""
        rows = self.db.execute("SELECT rowid FROM blocks WHERE blocks MATCH ?", (expression,))
        return {rowid for (rowid,) in rows}

    def ranked(self, expression: str) -> dict[int, float]:
        """The rows an FTS5 expression matches, each with its bm25 (lower is better)."""
        if not expression:
            return {}
        weights = ", ".join(str(w) for _ in LANGUAGES for w in WEIGHTS)
        query = f"SELECT rowid, bm25(blocks, {weights}) FROM blocks WHERE blocks MATCH ?"
        return dict(self.db.execute(query, (expression,)).fetchall())


@cache
def search_index() -> Index:
    """Every block of every book and translation, in an FTS5 table in memory (built once)."""
    refs: dict[tuple[str, str], list[str]] = {}
    defines: dict[tuple[str, str], list[str]] = {}
    vocabulary: dict[str, Counter[str]] = {language: Counter() for language in LANGUAGES}
    for term in load_glossary():
        names = " ".join(n for n in (term_names(term.en), term_names(term.sv)) if n)
        for name, language in all_names(term):
            vocabulary[language].update(w.casefold() for w in WORD.findall(term_names(name)))
        for ref in term.refs:
            refs.setdefault((ref.book.slug, ref.block.anchor), []).append(names)
        for ref in term.defined:
            defines.setdefault((ref.book.slug, ref.block.anchor), []).append(names)
    db = sqlite3.connect(":memory:", check_same_thread=False)
    db.execute(f"CREATE VIRTUAL TABLE blocks USING fts5({', '.join(TABLE_COLUMNS)})")
    entries: list[Entry] = []
    rows = []
    for book in load_library().values():
        for source in [book] + ([book.translation] if book.translation else []):
            language = block_language(book, source)
            for block in source.blocks:
                found = list(words(block.text))
                body = [stem(m.group(), language) for m in found]
                vocabulary[language].update(m.group().casefold() for m in found)
                terms = " ".join(
                    " ".join(stems(name, language))
                    for name in refs.get((book.slug, block.anchor), [])
                )
                title = " ".join(body) if block.is_heading else ""
                section = "" if block.is_heading else " ".join(stems(block.section, language))
                defined = defines.get((book.slug, block.anchor), [])
                lead = " ".join(stems(" ".join([run_in_title(block), *defined]), language))
                spans = tuple(m.span() for m in found)
                entries.append(Entry(book, block, language, spans, tuple(body)))
                columns = {language: (title, lead, terms, " ".join(body), section)}
                rows.append(
                    (len(entries), *(v for lang in LANGUAGES for v in columns.get(lang, ("",) * 5)))
                )
    marks = ", ".join("?" * (1 + len(TABLE_COLUMNS)))
    db.executemany(f"INSERT INTO blocks(rowid, {', '.join(TABLE_COLUMNS)}) VALUES ({marks})", rows)
    return Index(entries, db, vocabulary, threading.Lock())


# --- a query -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Concept:
    """One thing the query asks for: the words as typed, and the phrases that mean the same by
    the glossary."""

    typed: str
    own: frozenset[Phrase]
    also: frozenset[Phrase]


def concepts(query: str) -> list[Concept]:
    """The query's words, a glossary term of several words taken as one, each word once, and
    its stop words left out unless it has no other (a term keeps its own: "lägga upp").

    >>> [(c.typed, sorted(p for _, p in c.also)) for c in concepts("Tie tie lägga upp")]
    [('tie', [('lik',), ('lika',)]), ('lägga upp', [('stand',), ('stand',)])]
    >>> [c.typed for c in concepts("What is a tricon?")], [c.typed for c in concepts("what is")]
    (['tricon'], ['what', 'is'])
    """
    typed = list(dict.fromkeys(m.group().casefold() for m in words(query)))
    found: list[Concept] = []
    i = 0
    while i < len(typed):
        for n in range(min(4, len(typed) - i), 0, -1):
            own = phrases(" ".join(typed[i : i + n]))
            same = frozenset().union(*(g.phrases for g in synonyms() if g.names & own))
            if same or n == 1:
                found.append(Concept(" ".join(typed[i : i + n]), own, same - own))
                i += n
                break
    meant = [c for c in found if " " in c.typed or fold(c.typed)[0] not in STOPPED]
    return meant or found


def fts(wanted: frozenset[Phrase]) -> str:
    """An FTS5 expression matching any of the phrases in its language's columns (stems are
    letters and digits only, so need no escaping)."""
    parts = []
    for language in LANGUAGES:
        quoted = sorted('"' + " ".join(p) + '"' for lang, p in wanted if lang == language and p)
        if quoted:
            columns = " ".join(f"{c}_{language}" for c in COLUMNS)
            parts.append(f"({{{columns}}} : ({' OR '.join(quoted)}))")
    return " OR ".join(parts)


@dataclass(frozen=True)
class SearchHit:
    book: Book
    block: Block
    snippet_parts: list[tuple[str, bool]]  # (text, is_match)
    score: float


@dataclass(frozen=True)
class Results:
    query: str
    hits: list[SearchHit]
    total: int
    suggestion: str | None  # the query with each word the texts do not know mended
    terms: tuple[GlossaryTerm, ...] = ()  # the glossary's terms the query names, in its order


def search(query: str, limit: int = 50, language: str | None = None) -> list[SearchHit]:
    """The paragraphs for a query, best first (see the module's description).

    >>> [h.block.anchor for h in search("tricon tricon")] == [
    ...     h.block.anchor for h in search("Tricon")]
    True
    >>> [h.block.anchor for h in search("ties")[:3]]
    ['ties', 'all-fours-equal', 'tie-point']
    >>> [(h.book.slug, h.block.anchor) for h in search("what is a tricon?", 2, language="en")]
    [('peel-commerce', 'tricon'), ('commerce-swedish', 'en-tretal')]
    """
    return find(query, limit, language).hits


def find(query: str, limit: int = 50, language: str | None = None) -> Results:
    """Up to ``limit`` hits for the query, how many paragraphs matched, and a suggestion; for a
    reader of ``language`` (the page's), its paragraphs first among those matching alike and
    a suggestion from its words."""
    wanted = concepts(query)
    if not wanted:
        return Results(query, [], 0, None)
    index = search_index()
    matched_own: list[set[int]] = []
    matched_any: list[set[int]] = []
    with index.lock:
        for concept in wanted:
            own = index.matching(fts(concept.own))
            matched_own.append(own)
            matched_any.append(own | (index.matching(fts(concept.also)) if concept.also else set()))
        # A paragraph is weighed by the words as typed or by their synonyms, whichever match
        # it better, never by both at once: a term's two names would weigh it twice.
        rank = index.ranked(" OR ".join(f"({fts(c.own)})" for c in wanted))
        also = index.ranked(" OR ".join(f"({fts(c.also)})" for c in wanted if c.also))
        for rowid, weight in also.items():
            rank[rowid] = min(weight, rank.get(rowid, weight))

    def order(rowid: int) -> tuple[int, int, bool, bool, float, int]:
        anyway = sum(rowid in m for m in matched_any)
        own = sum(rowid in m for m in matched_own)
        entry = index.entries[rowid - 1]
        foreign = language is not None and entry.language != language
        return (-anyway, -own, foreign, entry.block.is_heading, rank[rowid], rowid)

    ranked = sorted(set().union(*matched_any), key=order)
    suggestion = suggest(wanted, [bool(m) for m in matched_any], index, language)
    hits = []
    for rowid in ranked[:limit]:
        entry = index.entries[rowid - 1]
        hits.append(SearchHit(entry.book, entry.block, cut(entry, wanted), round(-rank[rowid], 6)))
    return Results(query, hits, len(ranked), suggestion, named_terms(wanted))


def named_terms(wanted: list[Concept]) -> tuple[GlossaryTerm, ...]:
    """The glossary's terms that the query names by one of their names, in the query's order:
    our definition answers "what is a tricon?" before the books' paragraphs do.

    >>> [t.en for t in named_terms(concepts("what is a triss, and a tie?"))]
    ['tricon', 'tie']
    """
    found = [g.term for c in wanted for g in synonyms() if g.names & c.own]
    return tuple({term.slug: term for term in found}.values())


def cut(entry: Entry, wanted: list[Concept]) -> list[tuple[str, bool]]:
    """The snippet of a hit, every word of a matching phrase marked."""
    found = [p for c in wanted for lang, p in c.own | c.also if lang == entry.language and p]
    marks: list[tuple[int, int]] = []
    stemmed = entry.stems
    for phrase in found:
        n = len(phrase)
        for i in range(len(stemmed) - n + 1):
            if stemmed[i : i + n] == phrase:
                marks.extend(entry.spans[i : i + n])
    text = entry.block.text
    if not marks:  # matched by its heading or a glossary term: the start of the text
        return [(text[:SNIPPET_WIDTH], False)] + (
            [(" …", False)] if len(text) > SNIPPET_WIDTH else []
        )
    return snippet(text, list(range(len(text))), marks)


# --- did you mean --------------------------------------------------------------------------


def suggest(
    wanted: list[Concept], found: list[bool], index: Index, language: str | None = None
) -> str | None:
    """The query with each word found nowhere replaced by the nearest word of the texts or the
    glossary (``difflib``'s ratio, at least 0.75; the more frequent word on a tie), or None.
    The words of the page's language are asked first, the others only if none is near.

    >>> index = search_index()
    >>> suggest(concepts("sequance"), [False], index), suggest(concepts("tricorn"), [False], index)
    ('sequence', 'tricon')
    >>> suggest(concepts("sekvenss"), [False], index, "sv")
    'sekvens'
    """
    if all(found):
        return None
    mended = []
    changed = False
    for concept, known in zip(wanted, found, strict=True):
        if known:
            mended.append(concept.typed)
            continue
        typed = concept.typed
        first = [language] if language in index.vocabulary else []
        tried = [first, [lang for lang in LANGUAGES if lang not in first]]
        close: list[str] = []
        for languages in tried:
            vocabulary = sum((index.vocabulary[lang] for lang in languages), Counter())
            close = difflib.get_close_matches(typed, vocabulary, n=5, cutoff=0.75)
            if close:
                break
        if not close:
            mended.append(concept.typed)
            continue
        best = max(
            close, key=lambda w: (difflib.SequenceMatcher(None, typed, w).ratio(), vocabulary[w])
        )
        mended.append(best)
        changed = True
    return " ".join(mended) if changed else None
