"""The rules guide laid out as one long page (the Rules screen shows the part the scroll has
reached): the subtitle, the one-screen summary, the sections with their pictures, the game's
words. Laid out once per game, window size and language; drawing only blits what is in view.

Lengths are window pixels; text sizes design points (resources.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .i18n import t
from .i18n import term as glossary_term   # `term` names the loop's glossary key below
from .resources import draw_text, font, text_image, wrap_text
from .rules_guide import Guide
from .rules_pictures import picture_image
from .scaling import px
from .widgets import CREAM, GOLD

CAPTION = (200, 222, 200)
#: (size, bold, colour) of each kind of text
STYLES = {"subtitle": (20, True, CREAM), "title": (21, True, GOLD), "summary": (17, False, CREAM),
          "body": (16, False, CREAM), "caption": (15, False, CAPTION), "term": (16, True, GOLD),
          "term_text": (15, False, CREAM)}
INDENT = 20             # design pixels: a point's words right of its mark; a sub-point's more


@dataclass(frozen=True)
class PageLine:
    box: pygame.Rect         # where its letters are, from the page's top-left
    text: str
    style: str


@dataclass(frozen=True)
class PagePicture:
    x: int
    y: int
    image: pygame.Surface


@dataclass(frozen=True)
class Page:
    width: int
    height: int
    lines: tuple
    pictures: tuple
    summary_bottom: int      # where the one-screen summary ends


class _Writer:
    """Puts lines and pictures one under the other in a column `width` pixels wide."""

    def __init__(self, width: int):
        self.width, self.y = width, 0
        self.lines, self.pictures = [], []

    def space(self, design: int) -> None:
        self.y += px(design)

    def text(self, text: str, style: str, indent: int = 0, mark: str = "",
             centred: bool = False) -> None:
        """Wrapped lines; `mark` ("•", "–") hangs left of the first, `indent` design pixels in;
        `centred` lines stand in the middle of the column."""
        size, bold, _ = STYLES[style]
        face = font(size, bold)
        step = face.get_sized_height() + px(4)
        x = px(indent)
        if mark:
            self.add(mark, style, x)
            x += px(INDENT)
        for line in wrap_text(text, size, self.width - 2 * x if centred else self.width - x,
                              bold):
            width = face.get_rect(line).width
            self.add(line, style, (self.width - width) // 2 if centred else x)
            self.y += step

    def add(self, text: str, style: str, x: int) -> None:
        """One line at `self.y`, its letters on the font's baseline (a rendered text's box is
        its letters', so lines of tall and short letters would not line up by their tops)."""
        size, bold, _ = STYLES[style]
        face = font(size, bold)
        box = face.get_rect(text)
        baseline = self.y + face.get_sized_ascender()
        self.lines.append(PageLine(pygame.Rect(x + box.x, baseline - box.y, box.width, box.height),
                                   text, style))

    def picture(self, image: pygame.Surface) -> None:
        if image.get_width() > self.width:      # never wider than the column
            height = round(image.get_height() * self.width / image.get_width())
            image = pygame.transform.smoothscale(image, (self.width, height))
        self.pictures.append(PagePicture((self.width - image.get_width()) // 2, self.y, image))
        self.y += image.get_height() + px(4)

    def title(self, text: str) -> None:
        self.space(14)
        self.text(text, "title")
        self.space(2)


def lay_out_page(guide: Guide, game: str, terms: tuple, width: int) -> Page:
    """The guide of `game` and its words (glossary keys) in a column `width` pixels wide."""
    page = _Writer(width)
    page.text(guide.subtitle, "subtitle")
    summary_bottom = 0
    for index, section in enumerate(guide.sections):
        page.title(section.title)
        body = "summary" if index == 0 else "body"
        for block in section.blocks:
            page.space(4)
            if block.kind == "picture":
                page.space(4)
                page.picture(picture_image(game, block.picture))
                page.text(block.text, "caption", indent=INDENT, centred=True)
                page.space(4)
            elif block.kind == "point":
                page.text(block.text, body, mark="•")
            elif block.kind == "sub_point":
                page.text(block.text, body, indent=INDENT, mark="–")
            else:
                page.text(block.text, body)
        if index == 0:
            summary_bottom = page.y
    if terms:
        page.title(t("rules.glossary"))
        for term in terms:
            name, meaning = glossary_term(term)
            page.space(4)
            page.text(name, "term")
            page.text(meaning, "term_text", indent=INDENT)
    page.space(8)
    return Page(width, page.y, tuple(page.lines), tuple(page.pictures), summary_bottom)


def draw_page(surface: pygame.Surface, page: Page, view: pygame.Rect, left: int,
              scroll: int) -> None:
    """The part of the page in `view` (window pixels), scrolled down by `scroll`; the column's
    left is at `left`. A line whose height is in view is drawn as any text on screen (too wide a
    line shows, and the text-fit check sees it); a line cut by the top or bottom edge is shown
    clipped and not counted as drawn text (nobody can read it yet)."""
    top = view.top - scroll
    kept = surface.get_clip()
    for picture in page.pictures:
        rect = picture.image.get_rect(topleft=(left + picture.x, top + picture.y))
        if rect.colliderect(view):
            surface.set_clip(view)
            surface.blit(picture.image, rect)
            surface.set_clip(kept)
    for line in page.lines:
        rect = line.box.move(left, top)
        if rect.bottom <= view.top or rect.top >= view.bottom:
            continue
        size, bold, colour = STYLES[line.style]
        if view.top <= rect.top and rect.bottom <= view.bottom:
            draw_text(surface, line.text, rect.topleft, size, colour, bold)
        else:
            surface.set_clip(view)
            surface.blit(text_image(line.text, size, colour, bold), rect)
            surface.set_clip(kept)
