"""The rulebook transcriptions (content/rulebooks/) against their seeds (tests/data/seeds/).

Checks, per text: every sentence of the seed is in the transcription, and no word is
lost or added; every fix and removal listed in the front matter is real, and none of
the damage or furniture is left; every paragraph and heading carries a unique anchor;
the English translation of the Swedish text has the Swedish anchors with ``en-`` in
front, in the same order; every glossary reference resolves; the anchors the rules
engine cites exist. No Django is needed: run with ``-p no:django``.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "tests" / "data" / "seeds"
BOOKS = ROOT / "content" / "rulebooks"
GLOSSARY = ROOT / "content" / "glossary.toml"

# slug -> (seed file, the seed's title line that became the page title, or None)
TEXTS: dict[str, tuple[str, str | None]] = {
    "peel-commerce": ("000_7b0346c1e93e6676.txt", "COMMERCE."),
    "cox-commerce": ("001_373eefe2a85f132e.txt", "COMMERCE"),
    "squareman-speculation-all-fours": ("002_b84b4f0cbd11bb2a.txt", None),
    "commerce-swedish": ("003_38c50bf095676a39.txt", "Commerce"),
    "peel-vingt-un": ("004_74a9f1ed5f7f975b.txt", None),
}
TRANSLATION = "commerce-swedish.en"
ORDER = {
    "peel-commerce": 1,
    "commerce-swedish": 2,
    "cox-commerce": 3,
    "squareman-speculation-all-fours": 4,
    "peel-vingt-un": 5,
}


def _names(text: str) -> list[str]:
    """Anchor names written as one space-separated string."""
    return text.split()


ENGINE_ANCHORS: dict[str, list[str]] = {
    "peel-commerce": _names(
        "description intro packs combinations combinations-list tricon sequence flush pair "
        "point ties tie-tricon tie-sequence tie-flush tie-pair tie-point ending stake pool "
        "dealing standing trading ready-money barter turns one-card old-game old-game-intro "
        "old-game-play pool-commerce pool-commerce-play buying-a-horse limited-commerce "
        "limited-commerce-rule dealer-penalties dealer-penalty-rule extended-commerce "
        "extended-commerce-rule same-dealer"
    ),
    "commerce-swedish": _names(
        "inledning kortlek forberedelser insats kombinationer tretal sekvens poang ingenting "
        "rangordning poangsumma giv banken spelet handla byta lagga-upp lagga-upp-direkt "
        "variant bonus lika bankirens-spelmark parti antal-givar felgiv h-inledning h-kortlek "
        "h-forberedelser h-insats h-kombinationer h-giv h-banken h-spelet h-parti"
    ),
    "cox-commerce": _names(
        "introduction description-of-pack pack composition rules-of-play players shuffle "
        "directors supply-bases dealing object completed-hand playing retailer-begins "
        "taking-discard special-cards bank-card honor-cards greenbacks counting-suit-cards "
        "counting-honor-cards winner fourth-card penalty no-one-completes waiting-hand "
        "special-notes bank-card-advice first-to-speak suit-pairs honor-kinds "
        "clear-hand-honors choice-of-suits two-or-three-players"
    )
    + [f"fig-{n}" for n in range(1, 12)],
}

# Where a paragraph's anchor is cited, the paragraph must be the one the engine means.
ENGINE_ANCHOR_TEXT: dict[str, dict[str, str]] = {
    "peel-commerce": {
        "intro": "Ninety years ago",
        "packs": "Commerce is usually played with the full pack",
        "combinations": "range in value in the order given",
        "combinations-list": "The five combinations just mentioned",
        "tricon": "(a) Tricon.",
        "sequence": "(b) Sequence.",
        "flush": "(c) Flush.",
        "pair": "(d) Pair.",
        "point": "(e) Point.",
        "ties": "In case of a tie between two or more",
        "tie-tricon": "(a) With Tricons",
        "tie-sequence": "(b) With Sequences",
        "tie-flush": "(c) With Flushes",
        "tie-pair": "(d) With Pairs",
        "tie-point": "(e) With Point",
        "ending": "The deal is an advantage",
        "stake": "There is only one stake",
        "pool": "The amount of the stake having been settled",
        "dealing": "The pack having been shuffled",
        "standing": "If he decides to stand",
        "trading": "If the player decides to trade",
        "ready-money": "If the player trades for ready money",
        "barter": "If the player decides to barter",
        "turns": "If the player has traded",
        "one-card": "A player may only purchase",
        "old-game-intro": "The older mode of playing",
        "old-game-play": "The deal is decided and the cards",
        "pool-commerce-play": "This is a variation",
        "buying-a-horse": "The player who is first out",
        "limited-commerce-rule": "It may be agreed",
        "dealer-penalty-rule": "It is sometimes agreed",
        "extended-commerce-rule": "This is only applicable",
        "same-dealer": "Another method of playing",
    },
    "commerce-swedish": {
        "forberedelser": "Vinst och förlust",
        "kombinationer": "Spelet går ut på",
        "tretal": "Tretal",
        "sekvens": "Sekvens",
        "poang": "Poäng.",
        "ingenting": "Ingenting.",
        "rangordning": "Av två tretal",
        "poangsumma": "sE, s8 och d5 är till exempel värd 19 poäng",
        "spelet": "Förhand",
        "handla": "Om spelaren på tur handlar",
        "byta": "Om spelaren på tur byter",
        "lagga-upp": "En spelare som har tillräckligt bra kort efter att ha avslutat",
        "lagga-upp-direkt": "En spelare som har tillräckligt bra kort i given",
        "variant": "Variant:",
        "bonus": "Den spelare som vinner skall",
        "lika": "Om två eller fler spelare ligger i topp",
        "bankirens-spelmark": "Om bankiren har samma typ",
        "parti": "När en giv är avslutad",
        "antal-givar": "Med tanke på bankirens",
        "felgiv": "Om det är felgiv",
    },
    "cox-commerce": {
        "pack": "consists of eighty cards",
        "composition": "The following table shows at a glance",
        "players": "played always as individuals",
        "shuffle": "THE SHUFFLE.",
        "directors": "DIRECTORS CARDS.",
        "supply-bases": "The player obtaining the WHOLESALER CARD",
        "dealing": "DEALING THE CARDS.",
        "object": "OBJECT OF THE GAME:",
        "completed-hand": "A COMPLETED HAND.",
        "playing": "PLAYING.",
        "retailer-begins": "The Retailer begins the game",
        "taking-discard": "TAKING A DISCARDED CARD.",
        "special-cards": "THE SPECIAL CARDS:",
        "bank-card": "THE BANK CARD doubles",
        "honor-cards": "THE HONOR CARDS.",
        "greenbacks": "THE GREENBACKS upon being drawn",
        "counting-suit-cards": "COUNTING: SUIT CARDS.",
        "counting-honor-cards": "HONOR CARDS:",
        "winner": "THE WINNER:",
        "fourth-card": "DRAWING A FOURTH CARD:",
        "penalty": "PENALTY:",
        "no-one-completes": "IF NO ONE COMPLETES A HAND",
        "waiting-hand": "WAITING HAND",
        "special-notes": "SPECIAL NOTES:—The BANK CARD cannot be matched",
        "bank-card-advice": "If the Bank Card is drawn early",
        "first-to-speak": "If two or more players wish to buy",
        "suit-pairs": "Three or more suit cards of a kind count",
        "honor-kinds": "Two or more Honor Cards of a kind count",
        "clear-hand-honors": "Do not forget that the Honor Cards",
        "choice-of-suits": "CHOICE OF SUITS:",
    },
}

REQUIRED_GLOSSARY_TERMS = [
    ("tricon", "tretal"),
    ("sequence", "sekvens"),
    ("flush", None),
    ("pair", None),
    ("point", "poäng"),
    (None, "ingenting"),
    ("ready money", "handla"),
    ("barter", "byta"),
    ("pool", "pott"),
    ("stake", "insats"),
    ("counter", "spelmark"),
    ("banker", "bankir"),
    ("bank", "banken"),
    ("talon", "talong"),
    ("stand", "lägga upp"),
    ("deal", "giv"),
    ("eldest hand", "förhand"),
    ("misdeal", "felgiv"),
] + [
    (term, None)
    for term in (
        "trade",
        "old game",
        "Pool Commerce",
        "buying a horse",
        "Limited Commerce",
        "Extended Commerce",
        "sell out",
        "supply base",
        "wholesaler",
        "retailer",
        "directors",
        "captain",
        "bank card",
        "greenback",
        "honor cards",
        "clear hand",
        "waiting hand",
        "rack",
        "natural",
        "pone",
        "over-draw",
        "high",
        "low",
        "jack",
        "game (All Fours)",
        "trump (Speculation)",
        "begging",
    )
]

FRONT_MATTER_KEYS = {
    "title": str,
    "author": str,
    "work": str,
    "date": str,
    "language": str,
    "pages": str,
    "source": str,
    "provenance": str,
    "covers": list,
    "fragment": bool,
    "order": int,
    "summary": str,
    "editorial_note": str,
}

ANCHOR = r"[a-z0-9]+(?:-[a-z0-9]+)*"
ATTR_LINE = re.compile(rf"^\{{: #({ANCHOR}) \}}$")
HEADING = re.compile(rf"^(#{{1,6}}) (\S.*?) \{{: #({ANCHOR}) \}}$")
FIGURE = re.compile(rf"^!figure\[([^\]\n]+)\]\{{#({ANCHOR})\}}$")
RULE = re.compile(r"^\s*([-*_])(?:\s*\1){2,}\s*$")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")
SEED_CAPTION = re.compile(r"^(?:Fig\.|Figure) (\d+)\. ")


# --------------------------------------------------------------------------- reading


def split_front_matter(text: str) -> tuple[dict, str]:
    """Split a rulebook into its TOML front matter and its Markdown body."""
    match = re.match(r"\+\+\+\n(.*?)\n\+\+\+\n", text, re.S)
    assert match, "the file must open with TOML front matter between +++ lines"
    return tomllib.loads(match.group(1)), text[match.end() :]


@cache
def book(slug: str) -> tuple[dict, str]:
    return split_front_matter((BOOKS / f"{slug}.md").read_text(encoding="utf-8"))


@cache
def seed(slug: str) -> str:
    return (SEEDS / TEXTS[slug][0]).read_text(encoding="utf-8")


def blocks(body: str) -> list[str]:
    """The body's blocks: runs of lines separated by blank lines."""
    return [b.strip("\n") for b in re.split(r"\n[ \t]*\n", body) if b.strip()]


def anchored(body: str) -> list[tuple[str, str, str]]:
    """(kind, anchor, text) of every anchored block, in order: heading, paragraph, figure."""
    found = []
    for block in blocks(body):
        lines = block.split("\n")
        if m := HEADING.match(lines[0]):
            found.append(("heading", m.group(3), m.group(2)))
        elif m := FIGURE.match(block):
            found.append(("figure", m.group(2), m.group(1)))
        elif m := ATTR_LINE.match(lines[-1]):
            found.append(("paragraph", m.group(1), "\n".join(lines[:-1])))
    return found


def anchors(body: str) -> list[str]:
    return [a for _, a, _ in anchored(body)]


def paragraph(slug: str, anchor: str) -> str:
    for _, a, text in anchored(book(slug)[1]):
        if a == anchor:
            return text
    raise AssertionError(f"{slug}: no block with anchor {anchor!r}")


# ------------------------------------------------------------------------ normalising


def unify(text: str) -> str:
    """Unify Unicode form, whitespace, dashes and quotes, and collapse whitespace."""
    text = unicodedata.normalize("NFC", text)
    text = re.sub(r"[\u00a0\u2007\u202f\t]", " ", text)
    text = re.sub(r"--|[\u2013\u2014\u2015]", "\u2014", text)
    text = re.sub(r"\s*\u2014\s*", "\u2014", text)
    text = re.sub(r"[\u201c\u201d\u201e\u00ab\u00bb]", '"', text)
    text = re.sub(r"[\u2018\u2019\u201a]", "'", text)
    return re.sub(r"\s+", " ", text).strip()


def strip_markup(text: str) -> str:
    """Markdown markup shared by seeds and transcriptions, removed line by line."""
    lines = []
    for line in text.split("\n"):
        if RULE.match(line):
            continue
        line = re.sub(r"^#{1,6}\s+", "", line)
        line = LIST_ITEM.sub("", line)
        line = re.sub(rf"\s*\{{: #{ANCHOR} \}}\s*$", "", line)
        line = re.sub(r"\[\^\d+\]:?", "", line)
        line = line.replace("~~", "").replace("<del>", "").replace("</del>", "")
        line = line.replace("*", "")
        lines.append(line)
    return "\n".join(lines)


def table_rows(lines: list[str], seed_side: bool) -> list[list[str]]:
    if seed_side:
        return [[c.strip() for c in line.split("\t")] for line in lines]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
    return [r for r in rows if not all(re.fullmatch(r":?-{3,}:?", c) for c in r)]


def prepared_seed(slug: str) -> tuple[str, list[tuple[int, str]], list[list[str]]]:
    """The seed with its removals and fixes applied and its title line taken out.

    Returns the running text (figure captions and table rows taken out), the figure
    captions as (number, caption), and the table rows.
    """
    meta, _ = book(slug)
    text = seed(slug)
    for removed in sorted(meta.get("removed", []), key=lambda r: -len(r["text"])):
        text = text.replace(removed["text"], "\n")
    for fix in meta.get("fixes", []):
        text = text.replace(fix["from"], fix["to"])
    title_line = TEXTS[slug][1]
    if title_line is not None:
        first, _, rest = text.lstrip().partition("\n")
        assert first.strip() == title_line, f"{slug}: the seed opens with {first!r}"
        text = rest
    captions, table, running = [], [], []
    for line in text.split("\n"):
        if m := SEED_CAPTION.match(line):
            captions.append((int(m.group(1)), line.strip()))
        elif "\t" in line:
            table.append(line)
        else:
            running.append(line)
    return "\n".join(running), captions, table_rows(table, seed_side=True)


def counting_line(row: list[str]) -> str:
    """A row of Cox's counting tables as the booklet's line: the words, then the dotted
    leader and the points (the table's column rule stands for the leader)."""
    cells = [c for c in row if c]
    if len(cells) > 1 and re.fullmatch(r"\d+ points", cells[-1]):
        return f"{' '.join(cells[:-1])} ..... {cells[-1]}"
    return " ".join(cells)


def prepared_body(slug: str) -> tuple[str, list[tuple[str, str]], list[list[str]]]:
    """The transcription's body with figures and the composition table taken out of the
    running text; later tables (Cox's counting) are read back into it as the booklet's lines."""
    _, body = book(slug)
    figures, table, running = [], [], []
    tables_seen = 0
    in_table = False
    for line in body.split("\n"):
        is_row = line.lstrip().startswith("|")
        if is_row and not in_table:
            tables_seen += 1
        in_table = is_row
        if m := FIGURE.match(line):
            figures.append((m.group(2), m.group(1)))
        elif is_row and tables_seen == 1:
            table.append(line)
        elif is_row:
            for row in table_rows([line], seed_side=False):
                if not all(not c or re.fullmatch(r"\[[A-Za-z ]+\]", c) for c in row):
                    running.append(counting_line(row))
        else:
            running.append(line)
    return "\n".join(running), figures, table_rows(table, seed_side=False)


def sentences(text: str, shortest: int = 20) -> list[str]:
    """Split at sentence ends; pieces shorter than ``shortest`` join the next one."""
    pieces = re.split(r"(?<=[.!?:;])\s+|(?<=[.!?:;][\"')\]])\s+", text)
    merged: list[str] = []
    carry = ""
    for piece in pieces:
        carry = f"{carry} {piece}".strip()
        if len(carry) >= shortest:
            merged.append(carry)
            carry = ""
    if carry:
        if merged:
            merged[-1] = f"{merged[-1]} {carry}"
        else:
            merged.append(carry)
    return merged


# ----------------------------------------------------------------------------- tests

ALL = [*TEXTS, TRANSLATION]


def test_every_rulebook_is_there() -> None:
    assert {p.name for p in BOOKS.glob("*.md")} >= {f"{s}.md" for s in ALL}


@pytest.mark.parametrize("slug", list(TEXTS))
def test_front_matter(slug: str) -> None:
    meta, _ = book(slug)
    for key, kind in FRONT_MATTER_KEYS.items():
        assert isinstance(meta.get(key), kind), f"{slug}: {key} missing or not {kind.__name__}"
    assert meta["order"] == ORDER[slug]
    assert meta["language"] == ("sv" if slug == "commerce-swedish" else "en")
    assert meta["fragment"] is (slug == "peel-vingt-un")
    assert meta["summary"].strip() and meta["editorial_note"].strip() and meta["covers"]
    for fix in meta.get("fixes", []):
        assert set(fix) == {"from", "to", "anchor", "why"}, fix
    for removed in meta.get("removed", []):
        assert set(removed) == {"text", "why"}, removed


def test_orders_are_distinct() -> None:
    assert sorted(book(s)[0]["order"] for s in TEXTS) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("slug", [s for s, (_, title) in TEXTS.items() if title])
def test_title_line_became_the_page_title(slug: str) -> None:
    meta, body = book(slug)
    title_line = TEXTS[slug][1]
    assert meta["title"].lower() == title_line.rstrip(".").lower()
    assert "title" in meta["editorial_note"].lower()
    assert not body.lstrip().startswith(title_line + "\n")


@pytest.mark.parametrize("slug", list(TEXTS))
def test_every_sentence_of_the_seed_is_transcribed(slug: str) -> None:
    seed_text, _, _ = prepared_seed(slug)
    body_text, _, _ = prepared_body(slug)
    want = unify(strip_markup(seed_text))
    have = unify(strip_markup(body_text))
    missing = [s for s in sentences(want) if s not in have]
    assert not missing, f"{slug}: {len(missing)} sentence(s) missing, first: {missing[0]!r}"


@pytest.mark.parametrize("slug", list(TEXTS))
def test_no_word_lost_or_added(slug: str) -> None:
    seed_text, _, _ = prepared_seed(slug)
    body_text, _, _ = prepared_body(slug)
    want = Counter(unify(strip_markup(seed_text)).split())
    have = Counter(unify(strip_markup(body_text)).split())
    assert not want - have, f"{slug}: words lost: {dict(want - have)}"
    assert not have - want, f"{slug}: words added: {dict(have - want)}"


@pytest.mark.parametrize("slug", list(TEXTS))
def test_blocks_follow_the_seed_in_order(slug: str) -> None:
    """Each heading and paragraph is a piece of the seed, and they come in the seed's order.

    Footnote definitions, which the Markdown puts at the end, need only be in the seed.
    """
    seed_text, _, _ = prepared_seed(slug)
    want = unify(strip_markup(seed_text))
    body_text, _, _ = prepared_body(slug)
    position = 0
    for block in blocks(body_text):
        text = unify(strip_markup(block))
        if not text:
            continue
        if block.startswith("[^"):
            assert text in want, f"{slug}: footnote not in the seed: {text[:60]!r}"
            continue
        found = want.find(text, position)
        assert found >= 0, f"{slug}: not in the seed, or out of order: {text[:60]!r}"
        position = found + len(text)


@pytest.mark.parametrize("slug", list(TEXTS))
def test_fixes_are_real_and_applied(slug: str) -> None:
    meta, body = book(slug)
    raw = seed(slug)
    by_from: dict[str, set[str]] = {}
    for fix in meta.get("fixes", []):
        assert fix["from"] in raw, f"{slug}: {fix['from']!r} is not in the seed"
        assert fix["from"] != fix["to"]
        assert unify(fix["to"]) in unify(strip_markup(paragraph(slug, fix["anchor"]))), fix
        by_from.setdefault(fix["from"], set()).add(fix["anchor"])
        collapsed = re.sub(r"\s+", " ", fix["from"])
        for damaged in {fix["from"], collapsed, re.sub(r"-\s+", "-", fix["from"])}:
            assert damaged not in body and damaged not in unify(body), (slug, damaged)
    for damaged, where in by_from.items():
        to = {f["to"] for f in meta["fixes"] if f["from"] == damaged}.pop()
        listed = sum(unify(paragraph(slug, a)).count(unify(to)) for a in where)
        assert listed >= raw.count(damaged), f"{slug}: not every {damaged!r} is listed"


@pytest.mark.parametrize("slug", list(TEXTS))
def test_removals_are_real_and_gone(slug: str) -> None:
    meta, body = book(slug)
    for removed in meta.get("removed", []):
        assert removed["text"] in seed(slug), f"{slug}: {removed['text']!r} is not in the seed"
        assert removed["text"] not in body, f"{slug}: {removed['text']!r} is still there"
        assert removed["why"].strip()


@pytest.mark.parametrize("slug", ALL)
def test_every_block_is_anchored_and_anchors_are_unique(slug: str) -> None:
    _, body = book(slug)
    for block in blocks(body):
        lines = block.split("\n")
        first = lines[0]
        if first.startswith("#"):
            assert len(lines) == 1 and HEADING.match(first), f"{slug}: heading {first!r}"
        elif (
            LIST_ITEM.match(first)
            or first.startswith("|")
            or first.startswith("[^")
            or FIGURE.match(block)
            or RULE.match(block)
        ):
            continue
        else:
            assert len(lines) >= 2 and ATTR_LINE.match(lines[-1]), f"{slug}: {block[:60]!r}"
            assert not any(ATTR_LINE.match(x) for x in lines[:-1]), f"{slug}: {block[:60]!r}"
    found = anchors(body)
    assert found
    duplicates = [a for a, n in Counter(found).items() if n > 1]
    assert not duplicates, f"{slug}: duplicate anchors {duplicates}"
    # An attr-list line anywhere else would be a paragraph we failed to see.
    assert body.count("{: #") == sum(1 for k, _, _ in anchored(body) if k != "figure")


@pytest.mark.parametrize("slug", ALL)
def test_anchors_render_as_ids(slug: str) -> None:
    markdown = pytest.importorskip("markdown")
    _, body = book(slug)
    body = re.sub(rf"(?m)^!figure\[([^\]\n]+)\]\{{#({ANCHOR})\}}$", r"\1\n{: #\2 }", body)
    html = markdown.markdown(body, extensions=["attr_list", "tables", "footnotes"])
    for anchor in anchors(book(slug)[1]):
        assert f'id="{anchor}"' in html, f"{slug}: #{anchor} does not render"
    assert "{:" not in html, f"{slug}: an attribute list was left as text"


def test_translation_mirrors_the_swedish() -> None:
    sv_meta, sv_body = book("commerce-swedish")
    en_meta, en_body = book(TRANSLATION)
    assert anchors(en_body) == [f"en-{a}" for a in anchors(sv_body)]
    kinds = [(k, f"en-{a}") for k, a, _ in anchored(sv_body)]
    assert [(k, a) for k, a, _ in anchored(en_body)] == kinds
    assert en_meta["language"] == "en"
    assert en_meta["translation_of"] == "commerce-swedish"
    assert en_meta["title"].strip() and en_meta["editorial_note"].strip()
    assert "fixes" not in en_meta and "removed" not in en_meta
    for body in (sv_body, en_body):
        assert body.count("[^1]") == 2, "one footnote reference and one definition"
        assert blocks(body)[-1].startswith("[^1]: "), "the footnote text comes last"
    # The Swedish footnote sits where the seed's asterisk is.
    assert "avslutats.*" in seed("commerce-swedish")
    assert "avslutats.[^1]" in paragraph("commerce-swedish", "lagga-upp-direkt")


def test_glossary() -> None:
    terms = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["term"]
    known = {slug: set(anchors(book(slug)[1])) for slug in TEXTS}
    known["commerce-swedish"] |= set(anchors(book(TRANSLATION)[1]))
    for term in terms:
        fields = {"en", "sv", "definition", "refs", "definition_sv", "sv_label", "defined"}
        assert set(term) <= fields | {"also_en", "also_sv"}, term
        also = term.get("also_en", []) + term.get("also_sv", [])
        assert all(isinstance(w, str) and w.strip() for w in also), term
        assert term.get("en") and term["definition"].strip() and term["refs"], term
        assert set(term.get("defined", [])) <= set(term["refs"]), term  # defined: cited too
        for ref in term["refs"]:
            slug, _, anchor = ref.partition("#")
            assert slug in known, f"{term['en']}: unknown rulebook in {ref!r}"
            assert anchor in known[slug], f"{term['en']}: no anchor {ref!r}"
    pairs = {(t["en"], t.get("sv")) for t in terms}
    for en, sv in REQUIRED_GLOSSARY_TERMS:
        assert any((en is None or e == en) and (sv is None or s == sv) for e, s in pairs), (
            en,
            sv,
        )
    assert len({t["en"] for t in terms}) == len(terms), "a term is defined twice"


@pytest.mark.parametrize("slug", list(ENGINE_ANCHORS))
def test_engine_anchors_exist(slug: str) -> None:
    found = set(anchors(book(slug)[1]))
    missing = [a for a in ENGINE_ANCHORS[slug] if a not in found]
    assert not missing, f"{slug}: missing anchors {missing}"
    for anchor, opening in ENGINE_ANCHOR_TEXT.get(slug, {}).items():
        assert unify(opening) in unify(strip_markup(paragraph(slug, anchor))), (slug, anchor)


def test_peel_headings_and_page_markers() -> None:
    meta, body = book("peel-commerce")
    assert meta["first_page"] == 70 and meta["pages"] == "70–77"
    headings = [(a, t) for k, a, t in anchored(body) if k == "heading"]
    assert headings == [
        ("description", "DESCRIPTION OF THE GAME."),
        ("old-game", "THE OLD GAME."),
        ("pool-commerce", "POOL COMMERCE."),
        ("limited-commerce", "LIMITED COMMERCE."),
        ("dealer-penalties", "PENALTIES FOR THE DEALER."),
        ("extended-commerce", "EXTENDED COMMERCE."),
    ]
    markers = re.findall(r"\[(\d+)\]", body)
    assert (
        markers
        == [str(n) for n in range(71, 78)]
        == re.findall(r"\[(\d+)\]", seed("peel-commerce"))
    )


def test_cox_figures() -> None:
    _, captions, _ = prepared_seed("cox-commerce")
    _, figures, _ = prepared_body("cox-commerce")
    assert [n for n, _ in captions] == list(range(1, 12))
    assert figures == [(f"fig-{n}", caption) for n, caption in captions]
    # Figures 1-3 follow the paragraph whose sentence the page break split.
    text = paragraph("cox-commerce", "suit-cards")
    assert "runs from one to five, and thus" in text
    order = anchors(book("cox-commerce")[1])
    assert order.index("suit-cards") + 1 == order.index("fig-1")


def test_cox_table() -> None:
    _, _, seed_rows = prepared_seed("cox-commerce")
    _, _, body_rows = prepared_body("cox-commerce")
    assert seed_rows and len(seed_rows) == len(body_rows)
    for want, have in zip(seed_rows, body_rows, strict=True):
        assert len(want) == len(have) == 5, (want, have)
        for w, h in zip(want, have, strict=True):
            # A column head we supply is bracketed and stands only where the booklet has none.
            assert h == w or (not w and re.fullmatch(r"\[[A-Za-z ]+\]", h)), (want, have)
    cells = [c for row in body_rows for c in row]
    for figure in ("20 plus one capt.", "63", "64", "16", "80"):
        assert figure in cells


def test_cox_bold_and_struck_address() -> None:
    meta, body = book("cox-commerce")
    raw = seed("cox-commerce")
    for fix in meta["fixes"]:
        raw = raw.replace(fix["from"], fix["to"])
    headings = {unify(t) for k, _, t in anchored(body) if k == "heading"}
    flat = unify(body)
    for bold in re.findall(r"\*\*(.+?)\*\*", raw, re.S):
        assert unify(f"**{bold}**") in flat or unify(bold) in headings, bold
    for struck in re.findall(r"~~(.+?)~~", raw):
        assert f"<del>{struck}</del>" in body
    assert "~~" not in body
    assert "they loose their turn" in unify(body)


def test_vingt_un_is_a_marked_fragment() -> None:
    meta, body = book("peel-vingt-un")
    assert meta["fragment"] is True
    assert "fragment" in meta["editorial_note"].lower()
    assert "each o the players" in unify(body)
    assert "each o the players" in meta["editorial_note"]
    assert "Jack" not in body and "Viewed" not in body


def test_squareman_has_both_games_and_the_plate() -> None:
    _, body = book("squareman-speculation-all-fours")
    headings = [t for k, _, t in anchored(body) if k == "heading"]
    assert "SPECULATION" in headings and "ALL FOURS" in headings
    assert paragraph("squareman-speculation-all-fours", "plate-4") == "[Plate 4]"
