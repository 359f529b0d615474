"""What makes a table a guided one: the guide panel with the lesson's prompts, Next and Skip.

`GuidedTable` is mixed in before a game's table scene (tables.py). It changes the table in a
few places only, each a method of the table it overrides:
- the prompt that waits for Next holds the table (`hold_for_animations`), as an animation does;
- a move other than the one the lesson asks for is not sent: the guide says so (`attempt`);
- the table's messages (passes, refusals) show in the guide's note line (`say`), not in the
  message log, which would lie in the way of the panel;
- the panel is drawn over the table, the seats' bubbles beside it (`draw_bubbles`, the last
  thing every table draws);
- once the lesson's deal is over, its end dialog replaces the game's (`wanted_dialog`).

Decision: the lesson allows only its own move (a guided game must reach its taught moments);
it never refuses in the rules' words, it points back at the prompt.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton

from game.controller.door import Phase
from game.lessons import LessonProgress

from ..i18n import t
from ..resources import draw_text, draw_text_within, font, wrap_text
from ..scaling import design_size, px, px_rect
from ..table_base import REFUSED
from ..widgets import CREAM, GOLD, draw_panel, set_label, set_visible
from .dialogs import LessonOverScene

#: design pixels: the guide is at most twice this wide (each game's guided table places it)
HALF_WIDTH = 290

PROMPT_SIZES = (16, 15, 14, 13, 12)   # design points: the largest with which the prompt fits
NOTE_SIZE = 13
ROW = 28                               # design pixels: the Skip / Next row
BUTTON_TEXT = 15                       # the guide's buttons' words (theme.json "#guide")
PAD = 10
LINE_GAP = 3                           # design pixels between two lines of the prompt
NOTE_S = 4.0                           # a table message stays this long in the note line


@dataclass(frozen=True)
class GuidePanel:
    rect: pygame.Rect        # the panel as drawn: as tall as its prompt needs
    size: int                # the prompt's text size (design points)
    lines: tuple             # the prompt, wrapped
    row_y: int               # the top of the Skip / Next row
    fits: bool               # the prompt fits at the smallest size (tests check every prompt)


def guide_panel(room: pygame.Rect, text: str) -> GuidePanel:
    """The panel for `text` in `room` (the most the table gives it): the prompt at the largest
    size whose lines fit, the panel no taller than they need."""
    width = room.width - px(2 * PAD + 4)
    most = room.height - px(2 * PAD + ROW + 6)
    for size in PROMPT_SIZES:
        lines = wrap_text(text, size, width)
        pitch = font(size).get_sized_height() + px(LINE_GAP)
        if len(lines) * pitch <= most:
            break
    height = min(room.height, len(lines) * pitch + px(2 * PAD + ROW + 6))
    rect = pygame.Rect(room.x, room.y, room.width, height)
    return GuidePanel(rect, size, tuple(lines), rect.bottom - px(PAD + ROW),
                      fits=len(lines) * pitch <= most)


class GuidedTable:
    def __init__(self, app, controller):
        self.progress = LessonProgress(controller.lesson)
        self.note: tuple | None = None          # (text, colour, until): the latest message
        self.next_button = self.skip_button = None
        self.guide_pending = False              # drawing: the guide is still to be drawn
        self.panel_cache: tuple | None = None   # (prompt and window, GuidePanel)
        super().__init__(app, controller)

    def rules_line(self) -> None:
        """A lesson says its rules in the guide: no house rules line under the Menu button."""
        return None

    # --- where the guide sits ------------------------------------------------------------------

    def guide_design_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The guide panel for a window of `size` design pixels (each game's guided table)."""
        raise NotImplementedError

    def guide_rect(self) -> pygame.Rect:
        rect = self.guide_design_rect(design_size(self.app.size))
        return px_rect(rect.x, rect.y, rect.width, rect.height)

    def guide_shown(self) -> bool:
        """False while the table shows something bigger than the guide (a game says what)."""
        return True

    # --- the lesson's progress -------------------------------------------------------------

    @property
    def waiting_for_next(self) -> bool:
        return self.progress.waiting(self.ctl.moves_made)

    def prompt_text(self) -> str:
        prompt = self.progress.current(self.ctl.moves_made)
        if prompt is None:
            return ""
        names = self.names
        return t(prompt.key, you=names[0], p1=names[1], p2=names[2], p3=names[3])

    def next_prompt(self) -> None:
        self.progress.acknowledge(self.ctl.moves_made)
        self.refresh()

    def skip_lesson(self) -> None:
        self.app.show("menu", reset=True)

    # --- the table's pipeline, guided ------------------------------------------------------

    def hold_for_animations(self, now: float) -> None:
        if self.waiting_for_next:
            self.ctl.hold(now)                  # nothing moves while an explanation is up
        else:
            super().hold_for_animations(now)

    def attempt(self, action):
        if action != self.ctl.expected_move():
            self.say(t("guided.nudge"), REFUSED)
            return None
        return super().attempt(action)

    def say(self, text: str, colour=CREAM) -> None:
        self.note = (text, tuple(colour), self.app.now + NOTE_S)

    def wanted_dialog(self) -> type | None:
        if self.ctl.phase is Phase.OVER or getattr(self, "session_over", False):
            return LessonOverScene
        return super().wanted_dialog()

    def pause_actions(self) -> list:
        return []                               # no leaving mid-lesson: Skip ends it

    # --- widgets ---------------------------------------------------------------------------

    def build(self) -> None:
        super().build()
        manager, panel = self.app.manager, self.panel()
        skip, next_ = t("guided.skip"), t("guided.next")
        skip_width, next_width = button_widths(panel)
        self.skip_button = self.add(UIButton(pygame.Rect(0, 0, skip_width, px(ROW)), "",
                                             manager, object_id="#guide"))
        set_label(self.skip_button, skip)
        self.next_button = self.add(UIButton(pygame.Rect(0, 0, next_width, px(ROW)), next_,
                                             manager, object_id="#guide"))
        self.place_buttons(panel)
        self.sync_widgets()

    def panel(self) -> GuidePanel:
        """The guide panel as it stands now (computed again when the prompt or the window
        changes)."""
        text = self.prompt_text()
        key = (text, self.app.size)
        if self.panel_cache is None or self.panel_cache[0] != key:
            self.panel_cache = (key, guide_panel(self.guide_rect(), text))
        return self.panel_cache[1]

    def place_buttons(self, panel: GuidePanel) -> None:
        """Skip at the panel's bottom left, Next at its bottom right."""
        rect = panel.rect
        for button, x in ((self.skip_button, rect.x + px(PAD)),
                          (self.next_button, rect.right - px(PAD) - self.next_button.rect.width)):
            if button.rect.topleft != (x, panel.row_y):
                button.set_position((x, panel.row_y))

    def sync_widgets(self) -> None:
        super().sync_widgets()
        if self.next_button is not None and self.next_button in self.widgets:
            shown = self.guide_shown()
            # once the script is played out the lesson is over: nothing is left to skip
            set_visible(self.skip_button, shown and self.ctl.expected_move() is not None)
            set_visible(self.next_button, shown and self.waiting_for_next)
            self.place_buttons(self.panel())

    def on_button(self, element) -> None:
        if element is self.next_button:
            self.next_prompt()
        elif element is self.skip_button:
            self.skip_lesson()
        else:
            super().on_button(element)

    def owns_key(self, event) -> bool:
        """Return and Space go on to the guide's next prompt while it waits for them."""
        return (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and self.waiting_for_next and self.guide_shown()) or super().owns_key(event)

    def handle(self, event) -> None:
        if (event.type == pygame.KEYDOWN and self.waiting_for_next and self.guide_shown()
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.next_prompt()
            return
        super().handle(event)

    # --- drawing: the guide lies over the table, under the seats' words ----------------------

    def draw(self, surface) -> None:
        self.guide_pending = True
        super().draw(surface)
        self.draw_guide(surface)

    def draw_under_marks(self, surface) -> None:
        self.draw_guide(surface)            # the seats' marks over the guide's layer

    def look_fields(self) -> dict:
        """The seats' marks lie beside the guide, never over it."""
        return {**super().look_fields(),
                "marks_clear_of": self.panel().rect if self.guide_shown() else None}

    def draw_guide(self, surface) -> None:
        if not self.guide_pending:
            return
        self.guide_pending = False
        if not self.guide_shown():
            return
        panel = self.panel()
        draw_panel(surface, panel.rect, 240)
        colour = CREAM if self.waiting_for_next else GOLD     # a move asked for: in gold
        x, y = panel.rect.x + px(PAD + 2), panel.rect.y + px(PAD)
        for line in panel.lines:
            y = draw_text(surface, line, (x, y), panel.size, colour).bottom + px(LINE_GAP)
        self.draw_note(surface, panel)

    def draw_note(self, surface, panel: GuidePanel) -> None:
        """The table's latest message, in the Skip / Next row between the buttons."""
        if self.note is None or self.note[2] <= self.app.now:
            return
        text, colour, _ = self.note
        rect = panel.rect
        skip_width, next_width = button_widths(panel)     # (the buttons are gone under a
        left = rect.x + px(PAD + 8) + skip_width           # dialog: their places are not)
        right = rect.right - px(PAD) - (next_width + px(8) if self.waiting_for_next else 0)
        if right - left > px(40):
            draw_text_within(surface, text, (left, panel.row_y + px(ROW) // 2), NOTE_SIZE,
                             right - left, colour, anchor="midleft")


def button_widths(panel: GuidePanel) -> tuple[int, int]:
    """Skip's and Next's widths: both fit in the row, Skip giving way (its words cut short)
    in a narrow guide."""
    next_width = button_width(t("guided.next"))
    return (min(button_width(t("guided.skip")), panel.rect.width - px(2 * PAD + 8) - next_width),
            next_width)


def button_width(label: str) -> int:
    """A guide button just wide enough for its words."""
    return font(BUTTON_TEXT).get_rect(label).width + px(22)
