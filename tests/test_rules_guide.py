"""The rules as a player's guide. Every language's guide parses, has the English
sections and pictures, starts with a one-screen summary and holds no note meant for developers
(those live in docs/*-decisions.md); the Rules screen draws the game's own pictures and scrolls
to the end."""

from __future__ import annotations

import pytest

from game.ui.rules_guide import GuideError, parse_guide, read_guide

GAMES = ("domino", "tienlen", "joker")
LANGUAGES = ("en", "id", "vi", "ka")
TRANSLATIONS = ("id", "vi", "ka")

#: the words of the notes that moved to docs/*-decisions.md, in each language
DEVELOPER_NOTES = {"en": ("interpretation", "rule sheet", "the sheet's", "(see "),
                   "id": ("tafsiran", "lembar aturan"),
                   "vi": ("cách hiểu", "bản luật"),
                   "ka": ("განმარტება", "წესების ფურცელ")}


def shape(guide) -> list:
    """What every language must share with English: per section, its pictures in order and its
    counts of points, sub-points and paragraphs."""
    return [(section.pictures(), section.count("point"), section.count("sub_point"),
             section.count("paragraph")) for section in guide.sections]


# --- the format -----------------------------------------------------------------------------

def test_the_format_reads_subtitle_sections_points_and_pictures():
    guide = parse_guide("The game\n\n# In short\n• One.\n  – Detail.\n\n# Play\nA line.\n"
                        "[picture: opening] Its caption.\n• Two.\n")
    assert guide.subtitle == "The game"
    assert [section.title for section in guide.sections] == ["In short", "Play"]
    assert [(b.kind, b.text) for b in guide.summary.blocks] == [("point", "One."),
                                                                ("sub_point", "Detail.")]
    play = guide.sections[1]
    assert [(b.kind, b.text, b.picture) for b in play.blocks] == [
        ("paragraph", "A line.", ""), ("picture", "Its caption.", "opening"),
        ("point", "Two.", "")]
    assert guide.pictures() == ["opening"]


@pytest.mark.parametrize("text, complaint", [
    ("Title\nMore words\n# A\n• x", "only the subtitle"),
    ("Title\n# A\n[picture: x]", "a picture is written"),
    ("Title\n# A\n[pictur: x] caption", "a picture is written"),
    ("Title\n# A\n– detail", "needs a point above it"),
    ("Title\n# A\n# B\n• x", "is empty"),
    ("Title only", "no section"),
])
def test_the_format_refuses_what_it_cannot_place(text, complaint):
    with pytest.raises(GuideError, match=complaint):
        parse_guide(text)


# --- the texts ------------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_guide_parses_and_names_only_the_games_pictures(ui, game, language):
    from game.ui.rules_pictures import game_pictures

    guide = read_guide(game, language)
    unknown = set(guide.pictures()) - set(game_pictures(game))
    assert not unknown, f"{game}.{language} names pictures the game does not draw: {unknown}"


@pytest.mark.parametrize("game", GAMES)
def test_the_english_guide_shows_every_picture_the_game_draws(ui, game):
    from game.ui.rules_pictures import game_pictures

    pictures = read_guide(game, "en").pictures()
    assert sorted(pictures) == sorted(game_pictures(game)), "each picture once"


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("game", GAMES)
def test_a_translation_has_the_english_sections_and_pictures(game, language):
    english, translated = read_guide(game, "en"), read_guide(game, language)
    assert shape(translated) == shape(english)
    assert translated.subtitle and all(section.title for section in translated.sections)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_no_guide_holds_a_note_for_developers(game, language):
    text = read_guide(game, language)
    words = " ".join([text.subtitle] + [section.title + " " + block.text
                                        for section in text.sections
                                        for block in section.blocks]).lower()
    found = [note for note in DEVELOPER_NOTES[language] if note in words]
    assert not found, f"{game}.{language} still says {found}: the note goes to docs/"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_guide_starts_with_a_short_summary(game, language):
    summary = read_guide(game, language).summary
    assert 5 <= summary.count("point") <= 8 and len(summary.blocks) == summary.count("point")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_domino_guide_says_what_a_ceki_is(language):
    """The points of a deal explain ceki before ceki habis and ceki biasa use the word."""
    points = next(section for section in read_guide("domino", language).sections
                  if "ceki" in section.pictures())
    texts = [block.text for block in points.blocks if block.kind == "point"]
    explained = next(index for index, text in enumerate(texts) if text.startswith("Ceki:"))
    assert explained < min(index for index, text in enumerate(texts)
                           if text.startswith(("Ceki habis", "Ceki biasa")))
    assert "2-5" in texts[explained]


# --- the pictures and the screen --------------------------------------------------------------

def game_art() -> dict:
    """The colours only the table's own art has: the domino tiles' ivory, the cards' paper, the
    Joker trump indicator's place for a named suit."""
    from game.ui.cards import PAPER
    from game.ui.domino.tiles import IVORY
    from game.ui.joker.indicator import SUIT_MARK

    return {"domino": {IVORY}, "tienlen": {PAPER}, "joker": {PAPER, SUIT_MARK}}


def colours(surface) -> set:
    width, height = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, width, 3)
            for y in range(0, height, 3)}


@pytest.mark.parametrize("game", GAMES)
def test_each_picture_is_drawn_by_the_games_own_art(ui, game):
    from game.ui.rules_pictures import game_pictures, picture_image

    for name in game_pictures(game):
        image = picture_image(game, name)
        assert game_art()[game] & colours(image), f"{game} {name} shows none of the game's art"


def show_rules(ui, game: str):
    ui.app.show("rules", game)
    ui.frames(2)
    return ui.top()


def test_the_rules_screen_draws_its_pictures_and_scrolls_to_the_end(ui):
    import pygame

    from game.core.registry import get_game
    from game.ui.drawn import recording
    from game.ui.i18n import t

    for game in GAMES:
        scene = show_rules(ui, game)
        assert scene.scroll == 0 and scene.max_scroll > 0 and scene.page.pictures
        # the first picture, scrolled into view, is on the screen as the game drew it
        first = scene.page.pictures[0]
        scene.scroll_to(first.y)
        ui.frames(1)
        spot = (scene.left + first.x + first.image.get_width() // 2,
                scene.view.top + first.y - scene.scroll + first.image.get_height() // 2)
        centre = first.image.get_at((first.image.get_width() // 2,
                                     first.image.get_height() // 2))
        assert ui.app.screen.get_at(spot) == centre
        # the keys and the wheel move the page: End reaches the game's last word
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0,
                                             unicode="", scancode=0))
        ui.frames(1)
        assert scene.scroll == scene.max_scroll
        with recording() as drawn:
            scene.draw(ui.app.screen)
        last_term = get_game(game).glossary[-1]
        last_word = t(f"term.{last_term}").partition(": ")[2].split()[-1]
        assert any(text.endswith(last_word) for _, text in drawn.texts)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False,
                                             precise_x=0.0, precise_y=2.0))
        ui.frames(1)
        assert scene.scroll < scene.max_scroll
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0,
                                             unicode="", scancode=0))
        ui.frames(1)
        assert scene.scroll == 0
        ui.press(scene.back)


def test_the_summary_fits_on_the_first_screen_of_the_smallest_window(ui):
    from game.ui.i18n import set_language

    ui.app.resize((800, 600))
    try:
        for language in LANGUAGES:
            set_language(language)
            for game in GAMES:
                scene = show_rules(ui, game)
                assert scene.page.summary_bottom <= scene.view.height, (game, language)
                ui.app.stack.pop()
    finally:
        set_language("en")


def test_the_bar_drags_the_page(ui):
    scene = show_rules(ui, "joker")
    bar = scene.bar
    ui.click((bar.centerx, bar.bottom - 1))
    assert scene.scroll == scene.max_scroll
    ui.click((bar.centerx, bar.top))
    assert scene.scroll == 0
