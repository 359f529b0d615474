"""Translations: every language has exactly the English keys, the same placeholders, no empty
value, every rules screen, and only characters the bundled DejaVu fonts can draw."""

from __future__ import annotations

import json
import os
import string
import unicodedata
from pathlib import Path

import pytest

ASSETS = Path(__file__).resolve().parent.parent / "assets"
LOCALE = ASSETS / "locale"
RULES = ASSETS / "rules"
FONTS = ASSETS / "fonts"

SOURCE = "en"
LANGUAGES = ("id", "vi", "ka")
GAMES = ("domino", "tienlen", "joker")
EN_FILES = sorted(path.name for path in (LOCALE / SOURCE).glob("*.json"))


def load(language: str, name: str) -> dict[str, str]:
    return json.loads((LOCALE / language / name).read_text(encoding="utf-8"))


def placeholders(text: str) -> list[str]:
    """The `{name}` fields of a format string, sorted (with repeats: same names, same count)."""
    return sorted(field for _, field, _, _ in string.Formatter().parse(text) if field is not None)


def all_texts():
    """(label, text) for every value of every language and every rules file."""
    for language in (SOURCE,) + LANGUAGES:
        for name in EN_FILES:
            path = LOCALE / language / name
            if path.exists():
                for key, value in load(language, name).items():
                    yield f"{language}/{name}:{key}", value
        for game in GAMES:
            path = RULES / f"{game}.{language}.txt"
            if path.exists():
                yield f"rules/{path.name}", path.read_text(encoding="utf-8")


def test_english_files_present():
    assert {"app.json", "domino.json", "tienlen.json", "joker.json", "glossary.json"} \
        <= set(EN_FILES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", EN_FILES)
def test_same_keys_as_english(language, name):
    path = LOCALE / language / name
    assert path.exists(), f"missing {path}"
    english, translated = load(SOURCE, name), load(language, name)
    missing = sorted(set(english) - set(translated))
    extra = sorted(set(translated) - set(english))
    assert not missing, f"{language}/{name} lacks {missing}"
    assert not extra, f"{language}/{name} has keys English does not: {extra}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_stray_files(language):
    assert sorted(path.name for path in (LOCALE / language).glob("*.json")) == EN_FILES


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", EN_FILES)
def test_placeholders_match(language, name):
    english, translated = load(SOURCE, name), load(language, name)
    wrong = {key: (placeholders(english[key]), placeholders(translated[key]))
             for key in english if key in translated
             and placeholders(english[key]) != placeholders(translated[key])}
    assert not wrong, f"{language}/{name}: placeholders differ (en, {language}): {wrong}"


@pytest.mark.parametrize("language", (SOURCE,) + LANGUAGES)
@pytest.mark.parametrize("name", EN_FILES)
def test_values_not_empty(language, name):
    empty = [key for key, value in load(language, name).items()
             if not isinstance(value, str) or not value.strip()]
    assert not empty, f"{language}/{name}: empty values {empty}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", EN_FILES)
def test_values_format(language, name):
    """Each value formats with its English placeholders (no stray braces)."""
    english = load(SOURCE, name)
    for key, value in load(language, name).items():
        fields = {field: "X" for field in placeholders(english.get(key, ""))}
        value.format(**fields)


def test_glossary_has_the_game_terms():
    terms = load(SOURCE, "glossary.json")
    wanted = {"apollo", "ceki_habis", "ceki_biasa", "menang_biasa", "kandang", "tangkap_kandang",
              "tambah", "pas", "chat", "chat_chong", "toi_trang", "thui_heo", "hang", "cong",
              "heo", "khishti", "bezi", "pulka", "mojokvra", "kvevidan", "premium"}
    assert {f"term.{term}" for term in wanted} <= set(terms)
    assert all(key.startswith("term.") for key in terms)


@pytest.mark.parametrize("language", (SOURCE,) + LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_rules_file_exists(language, game):
    path = RULES / f"{game}.{language}.txt"
    assert path.exists(), f"missing {path}"
    assert path.read_text(encoding="utf-8").strip()


def test_text_is_nfc():
    """Vietnamese must use precomposed letters: decomposed diacritics render badly."""
    bad = [label for label, text in all_texts() if unicodedata.normalize("NFC", text) != text]
    assert not bad, f"not NFC-normalised: {bad}"


@pytest.fixture(scope="module")
def fonts():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame.freetype

    pygame.freetype.init()
    # left initialised: quitting it here would spoil the fonts the window tests of this same
    # process have cached (game/ui/resources.py), whichever order the files run in
    return {name: pygame.freetype.Font(str(FONTS / name), 16)
            for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")}


@pytest.mark.parametrize("font_name", ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"))
def test_font_has_every_glyph(fonts, font_name):
    font = fonts[font_name]
    characters: dict[str, str] = {}
    for label, text in all_texts():
        for char in text:
            if char not in "\n\r\t" and char not in characters:
                characters[char] = label
    chars = sorted(characters)
    metrics = font.get_metrics("".join(chars))
    missing = {f"U+{ord(char):04X} {char!r}": characters[char]
               for char, metric in zip(chars, metrics) if metric is None}
    assert not missing, f"{font_name} cannot draw: {missing}"


@pytest.mark.parametrize("language", ("en",) + LANGUAGES)
def test_every_domino_outcome_has_its_name(language):
    """The deal summary names the outcome by key: every outcome the engine can give (the V-D2
    void deal included) is worded in every language."""
    from game.domino import scoring

    outcomes = [scoring.APOLLO, scoring.CEKI_HABIS, scoring.CEKI_BIASA, scoring.MENANG_BIASA,
                scoring.ALL_DOUBLES, scoring.KANDANG, scoring.TANGKAP_KANDANG, scoring.REDEAL]
    strings = load(language, "domino.json")
    assert all(f"domino.outcome.{outcome}" in strings for outcome in outcomes)


def test_amounts_are_written_the_languages_way():
    """1,000 in English, 1.000 in Indonesian and Vietnamese, 1 000 (a space that does not break)
    in Georgian; a minus sign."""
    from game.ui.i18n import number, set_language

    wanted = {"en": ("1,000", "+12,500", "−35"), "id": ("1.000", "+12.500", "−35"),
              "vi": ("1.000", "+12.500", "−35"), "ka": ("1\u00a0000", "+12\u00a0500", "−35")}
    for language, (plain, gained, lost) in wanted.items():
        set_language(language)
        assert (number(1000), number(12500, signed=True), number(-35, signed=True)) == \
            (plain, gained, lost)
    set_language("en")


def test_decimals_are_written_with_the_language_s_mark():
    """Play-tested: the Indonesian review read "rugi 1.6 poin"; 1,6 there (and in Vietnamese
    and Georgian), 1.6 in English; a minus sign."""
    from game.ui.i18n import decimal, set_language
    from game.ui.review_panel import amount

    wanted = {"en": "1.6", "id": "1,6", "vi": "1,6", "ka": "1,6"}
    for language, text in wanted.items():
        set_language(language)
        assert amount(1.6) == decimal(1.62) == text
        assert decimal(-0.5) == "−0" + text[1] + "5"
    set_language("en")
