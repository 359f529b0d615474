"""The text-fit check: every text of a screen inside the window and inside the panel
it sits on, no two texts of the top scene over each other, no text under a button, every button's
and label's words within the button, and no table text half under the hand-off box (which keeps
the table in view), at every size and in every language."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UILabel

from game.ui.drawn import recording
from game.ui.i18n import set_language

SIZES = [(800, 600), (1280, 720), (1920, 1080), (2560, 1440)]
LANGUAGES = ["en", "id", "vi", "ka"]
#: two texts may touch by this share of the smaller one (line boxes include their leading)
OVERLAP_ALLOWED = 0.02
#: room pygame_gui keeps inside a button for its border and padding
BUTTON_PADDING = 8


def _overlap(a: pygame.Rect, b: pygame.Rect) -> float:
    clip = a.clip(b)
    return clip.width * clip.height / max(1, min(a.width * a.height, b.width * b.height))


def widgets(app) -> list:
    return [element for element in app.manager.get_sprite_group().sprites()
            if isinstance(element, (UIButton, UILabel)) and element.visible]


def misfits(app) -> list[str]:
    """What does not fit on the screen as the window shows it now."""
    surface = app.screen
    window = surface.get_rect()
    problems = []
    shown = widgets(app)
    drawn_by = {}
    for scene in app.stack.visible():
        with recording() as drawn:
            scene.draw(surface)
        drawn_by[scene] = drawn
        name = type(scene).__name__
        for rect, text in drawn.texts:
            if not window.contains(rect):
                problems.append(f"{name}: {text!r} leaves the window ({rect})")
            holders = [panel for panel in drawn.panels if panel.collidepoint(rect.center)]
            if holders:
                panel = min(holders, key=lambda p: p.width * p.height)
                if not panel.inflate(2, 2).contains(rect):
                    problems.append(f"{name}: {text!r} crosses its panel ({rect} in {panel})")
        top = scene is app.stack.top
        if not (top or getattr(app.stack.top, "keeps_table_in_view", False)):
            continue                      # under a dialog that hides it
        texts = drawn.texts
        for index, (rect, text) in enumerate(texts):
            for other, other_text in texts[index + 1:]:
                if text and other_text and _overlap(rect, other) > OVERLAP_ALLOWED:
                    problems.append(f"{name}: {text!r} lies over {other_text!r}")
            for element in shown if top else ():
                if _overlap(rect, element.rect) > OVERLAP_ALLOWED:
                    problems.append(f"{name}: {text!r} lies under the button "
                                    f"{getattr(element, 'text', '')!r}")
    top = app.stack.top
    if getattr(top, "keeps_table_in_view", False):          # the hand-off box over the table
        for scene, drawn in drawn_by.items():
            if scene is top:
                continue
            for rect, text in drawn.texts:
                for panel in drawn_by[top].panels:
                    if panel.colliderect(rect) and not panel.contains(rect):
                        problems.append(f"{type(top).__name__} covers part of {text!r}")
    for element in shown:
        text = getattr(element, "text", "") or ""
        if not window.contains(element.rect):
            problems.append(f"the button {text!r} leaves the window ({element.rect})")
        if text and element.font.size(text)[0] > element.rect.width - BUTTON_PADDING:
            problems.append(f"the button {text!r} is too narrow for its words "
                            f"({element.rect.width} px)")
    return problems


def check_everywhere(ui, name: str, prepare=None) -> list[str]:
    """The screen as it stands now, at every size and in every language; returns the misfits,
    each prefixed with where it was seen. `prepare()` runs after each change (to set up what
    a rebuild cleared)."""
    app = ui.app
    found = []
    for size in SIZES:
        app.resize(size)
        for language in LANGUAGES:
            app.settings["language"] = language
            set_language(language)
            app.lay_out_again()
            if prepare:
                prepare()
            ui.frames(1, 0.0)
            found += [f"{name} {size[0]}×{size[1]} {language}: {problem}"
                      for problem in misfits(app)]
    app.settings["language"] = "en"
    set_language("en")
    app.resize((1280, 720))
    return found


def cut_words(app) -> list[str]:
    """The texts drawn cut short with "…" on the screen as the window shows it now (the
    scenes in view; a button's own words are the button's matter)."""
    cut = []
    for scene in app.stack.visible():
        with recording() as drawn:
            scene.draw(app.screen)
        cut += [f"{type(scene).__name__}: {text!r} is cut short" for _, text in drawn.texts
                if text in drawn.cut]
    return cut


def cut_everywhere(ui, name: str, sizes=((800, 600), (2560, 1440)), prepare=None) -> list[str]:
    """`cut_words` at each of `sizes`, in every language."""
    app, found = ui.app, []
    for size in sizes:
        app.resize(size)
        for language in LANGUAGES:
            app.settings["language"] = language
            set_language(language)
            app.lay_out_again()
            if prepare:
                prepare()
            ui.frames(1, 0.0)
            found += [f"{name} {size[0]}×{size[1]} {language}: {problem}"
                      for problem in cut_words(app)]
    app.settings["language"] = "en"
    set_language("en")
    app.resize((1280, 720))
    return found
