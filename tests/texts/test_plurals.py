"""Counted phrases read right with 1 and with 2 in English and German (issue 22, item 7).

Every text file of the package is read; every phrase whose words depend on a
number is rendered with 1 and with 2, and must neither keep a hand-made "(s)" nor
put a singular noun after 2 or a plural noun after 1. A number placeholder written
straight before a counted noun, outside a plural block, is a wrong plural waiting
for the number 1, and fails too.
"""

from __future__ import annotations

import re
import string

import pytest

from rulekit.engine.plurals import PluralSyntaxError, category, check, counted_names, expand, fill

from .corpus import texts

ALL = list(texts())
HAND_MADE = re.compile(r"[A-Za-zÄÖÜäöüß]\((?:s|e|n|en|er|es|ies|r|in|innen)\)|/(?:en|n|innen)\b")
BLOCK = re.compile(r"\{(\w+), plural, ((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}")
BRANCH = re.compile(r"(=\d+|zero|one|two|few|many|other) \{((?:[^{}]|\{[^{}]*\})*)\}")


class _Blank(dict):
    """Placeholders that are not counts render as a neutral word."""

    def __missing__(self, key: str) -> str:
        return "Xx"


def _fields(template: str) -> set[str]:
    names = set()
    for _text, name, _spec, _conv in string.Formatter().parse(expand(template, "en", _Ones())):
        if name:
            names.add(name.split(".")[0].split("[")[0])
    return names


class _Ones(dict):
    def __missing__(self, key: str) -> int:
        return 1


def _render(template: str, lang: str, counts: dict[str, int]) -> str:
    return expand(template, lang, _Ones(counts)).format_map(_Blank(counts))


def _nouns(one: str, other: str, lang: str) -> list[tuple[str, str]]:
    """Noun pairs that differ between the two branches, word by word ("# card is" / "# cards are")."""
    a, b = one[2:].split(), other[2:].split()
    pairs = []
    for x, y in zip(a, b, strict=False):
        x, y = x.strip(".,:;()"), y.strip(".,:;()")
        if x == y or "{" in x + y:
            continue
        noun = x[:1].isupper() if lang == "de" else y in (x + "s", x + "es", x[:-1] + "ies")
        if noun:
            pairs.append((x, y))
    return pairs


def _noun_forms(lang: str) -> set[tuple[str, str]]:
    """(singular, plural) nouns of every plural block of ``lang``: ("card", "cards"), ("Karte", "Karten")."""
    forms = set()
    for _where, text_lang, text in ALL:
        if text_lang != lang:
            continue
        for block in BLOCK.finditer(text):
            branches = dict(BRANCH.findall(block.group(2)))
            one, other = branches.get("one", ""), branches.get("other", "")
            if one.startswith("# ") and other.startswith("# "):
                forms.update(_nouns(one, other, lang))
    return forms


def _wrong_plurals(out: str, n: int, forms: set[tuple[str, str]]) -> list[str]:
    """'1 cards' or '2 card' in ``out``, unless the noun is only the first part of a longer one ("2 gem cards")."""
    nouns = {w for pair in forms for w in pair}
    found = []
    for one, other in forms:
        bad = other if n == 1 else one
        for m in re.finditer(rf"(?<![\d.,]){n} {re.escape(bad)}\b( [\wÄÖÜäöüß-]+)?", out):
            if (m.group(1) or "").strip() not in nouns:
                found.append(f"{n} {bad}")
    return found


FORMS = {lang: _noun_forms(lang) for lang in ("en", "de")}
COUNTED = {name for _w, _l, text in ALL for name in counted_names(text)}


def test_categories_come_from_cldr():
    assert (category(1, "en"), category(2, "en"), category(0, "en")) == ("one", "other", "other")
    assert (category(1, "de"), category(2, "de"), category(21, "de")) == ("one", "other", "other")
    assert category("1", "de") == "one"


def test_fill_picks_branches_and_fills_placeholders():
    t = "{who} zieht {n, plural, =0 {keine Karte} one {# Karte} other {# Karten}}."
    assert fill(t, "de", who="P1", n=0) == "P1 zieht keine Karte."
    assert fill(t, "de", who="P1", n=1) == "P1 zieht 1 Karte."
    assert fill(t, "de", who="P1", n=2) == "P1 zieht 2 Karten."
    nested = (
        "{count, plural, one {{players} wins} other {{players} win}} with {pp, plural, one {# point} other {# points}}."
    )
    assert fill(nested, "en", count=2, players="P1, P3", pp=1) == "P1, P3 win with 1 point."


def test_broken_blocks_are_refused_with_the_template_named():
    with pytest.raises(PluralSyntaxError, match="other"):
        check("{n, plural, one {# card}}")
    with pytest.raises(PluralSyntaxError, match="unclosed"):
        check("{n, plural, one {# card} other {# cards}")


def test_the_corpus_is_read():
    files = {where.split(":")[0] for where, _l, _t in ALL}
    assert len(ALL) > 2000 and any("messages.toml" in f for f in files) and any("ui.toml" in f for f in files)
    assert len(FORMS["en"]) > 20 and len(FORMS["de"]) > 20


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_hand_made_plurals(lang):
    bad = [f"{where}: {text}" for where, text_lang, text in ALL if text_lang == lang and HAND_MADE.search(text)]
    assert not bad, "write a plural block instead of '(s)' / '(n)':\n" + "\n".join(bad)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_counted_phrase_reads_right_with_1_and_2(lang):
    wrong, rendered = [], 0
    for where, text_lang, text in ALL:
        if text_lang != lang:
            continue
        check(text)
        names = counted_names(text)
        if not names:
            continue
        for n in (1, 2):
            out = _render(text, lang, dict.fromkeys(names, n))
            rendered += 1
            if "#" in out or HAND_MADE.search(out):
                wrong.append(f"{where} (n={n}): {out}")
            wrong += [f"{where}: '{bad}' in {out}" for bad in _wrong_plurals(out, n, FORMS[lang])]
    assert rendered > 200
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_count_sits_before_a_noun_outside_a_plural_block(lang):
    nouns = {form for pair in FORMS[lang] for form in pair}
    wrong = []
    for where, text_lang, text in ALL:
        if text_lang != lang:
            continue
        outside = BLOCK.sub("", text)
        for m in re.finditer(r"\{(\w+)\} ([A-Za-zÄÖÜäöüß-]+)", outside):
            if m.group(1) in COUNTED and m.group(2) in nouns:
                wrong.append(f"{where}: '{m.group(0)}' in {text}")
    assert not wrong, "a number before a noun needs a plural block:\n" + "\n".join(wrong)
