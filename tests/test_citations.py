"""Every paragraph the engine cites exists in the library, and every ruling is well formed."""

import re
from pathlib import Path

import pytest

import games.engine  # noqa: F401  (the package loads the whole engine)
from content.library import find_paragraph
from games.engine.citations import RULINGS, Citation

ENGINE = Path(__file__).resolve().parent.parent / "games" / "engine"
BOOK_OF = {"peel": "peel-commerce", "swedish": "commerce-swedish", "cox": "cox-commerce"}


def literal_citations() -> list[tuple[str, Citation]]:
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for helper, anchor in re.findall(
            r"\b(peel|swedish|cox)\(\s*\"([^\"]+)\"\s*\)", path.read_text(encoding="utf-8")
        ):
            found.append((path.name, Citation(BOOK_OF[helper], anchor)))
    return found


def test_the_engine_cites_many_paragraphs():
    assert len({c for _, c in literal_citations()}) >= 40


@pytest.mark.parametrize(
    ("module", "citation"),
    literal_citations(),
    ids=lambda x: str(x) if isinstance(x, Citation) else x,
)
def test_every_cited_paragraph_exists(module, citation):
    assert find_paragraph(citation.book, citation.anchor) is not None, f"{module}: {citation}"


@pytest.mark.parametrize("slug", sorted(RULINGS))
def test_every_ruling_cites_existing_paragraphs_and_has_sane_options(slug):
    ruling = RULINGS[slug]
    assert ruling.question.strip() and ruling.reading.strip()
    assert ruling.citations, f"{slug} cites nothing"
    for citation in ruling.citations:
        assert find_paragraph(citation.book, citation.anchor) is not None, f"{slug}: {citation}"
    if ruling.option:
        values = [value for value, _ in ruling.alternatives]
        assert ruling.default in values and len(values) >= 2
