"""Small drawing helpers shared by the scenes: the felt, panels, banners, button columns."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame_gui

from . import drawn, look
from .resources import font, for_display, text_image, wrap_text
from .scaling import px

GOLD = (240, 212, 140)
CREAM = (242, 236, 216)
COACH = (175, 220, 255)      # the coach's line and the move it points out
BUBBLE = (24, 52, 36)


def draw_felt(surface: pygame.Surface) -> None:
    """The felt of the colour chosen in Settings (green unless changed) with a wooden rim.
    Filled, not copied from a cached picture: at 2560×1440 a fill is several times quicker than
    a blit of the whole window."""
    cloth, rim = look.felt()
    surface.fill(cloth)
    border = rim_width(surface)
    pygame.draw.rect(surface, rim, surface.get_rect(), border)
    pygame.draw.rect(surface, (120, 86, 40), surface.get_rect(), max(3, border // 3))


def rim_width(surface: pygame.Surface) -> int:
    """Window pixels of the felt's wooden rim."""
    return max(8, min(surface.get_size()) // 40)


def inside_rim(surface: pygame.Surface) -> pygame.Rect:
    """The felt within its rim, a little margin kept: where a seat's words stay whole."""
    margin = rim_width(surface) + px(4)
    return surface.get_rect().inflate(-2 * margin, -2 * margin)


@lru_cache(maxsize=32)
def _panel(size: tuple, alpha: int, radius: int, line: int) -> pygame.Surface:
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (12, 30, 20, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*GOLD, 255), panel.get_rect(), line, border_radius=radius)
    return for_display(panel)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215) -> None:
    surface.blit(_panel(tuple(rect.size), alpha, px(14), px(2)), rect)
    drawn.note_panel(rect)


def draw_banner(surface: pygame.Surface, text: str, pos, size: int, colour=GOLD,
                anchor: str = "center", padding: tuple = (24, 12)) -> pygame.Rect:
    """Bold text on a small dark panel, readable where it lies over cards. `pos` places the
    text by `anchor` (any pygame.Rect anchor name); returns the panel's rect. `padding` is in
    design pixels."""
    image = text_image(text, size, tuple(colour), True)
    spot = image.get_rect()
    setattr(spot, anchor, pos)
    plate = spot.inflate(px(padding[0]), px(padding[1]))
    draw_panel(surface, plate, alpha=230)
    surface.blit(image, spot)
    drawn.note_text(spot, text)
    return plate


@lru_cache(maxsize=4)
def _shade(size: tuple, alpha: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    return for_display(shade)


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    surface.blit(_shade(surface.get_size(), alpha), (0, 0))


def button_column(manager, labels, center_x: int, top: int, width: int = 320,
                  height: int = 48, gap: int = 12) -> list:
    buttons = []
    """Buttons one under the other; `center_x` and `top` in window pixels, the sizes in
    design pixels."""
    for index, label in enumerate(labels):
        rect = pygame.Rect(0, 0, px(width), px(height))
        rect.midtop = (center_x, top + px(index * (height + gap)))
        buttons.append(pygame_gui.elements.UIButton(rect, label, manager))
    return buttons


#: lines the message log shows at most (the oldest messages give way): it never reaches the
#: side seats, whatever the window and the language
MESSAGE_LINES = 5


def draw_messages(surface: pygame.Surface, messages, topleft, size: int, width: int) -> None:
    """The table's message log, newest at the bottom, each on one plate; a message longer than
    `width` pixels goes on in a second line rather than over the top seat."""
    wrapped = [(message, wrap_text(message.text, size, width - px(16), bold=True))
               for message in messages]
    shown, lines = [], 0
    for message, text in reversed(wrapped):
        lines += len(text)
        if lines > MESSAGE_LINES and shown:
            break
        shown.insert(0, (message, text))
    x, y = topleft[0] + px(14), topleft[1] + px(8)
    step = font(size, True).get_sized_height()
    for message, text in shown:
        images = [text_image(line, size, tuple(message.colour), True) for line in text]
        plate = pygame.Rect(x, y, max(image.get_width() for image in images),
                            step * (len(images) - 1) + images[-1].get_height())
        # room around the words (two lines touched the plate's border)
        draw_panel(surface, plate.inflate(px(16), px(12)), alpha=230)
        for line, image in zip(text, images):
            drawn.note_text(surface.blit(image, (x, y)), line)
            y += step
        y = plate.bottom + px(16)


def set_visible(element, visible: bool) -> None:
    """Show or hide a pygame_gui element (only when it changes)."""
    if visible and not element.visible:
        element.show()
    elif not visible and element.visible:
        element.hide()


def set_label(button, text: str) -> None:
    """A button's words, cut short with "…" when wider than the button (its whole text then
    shows on hover): a button's size is the layout's, its words are the language's."""
    room = button.rect.width - px(12)
    shown = text
    if button.font.size(text)[0] > room:
        while shown and button.font.size(shown + "…")[0] > room:
            shown = shown[:-1]
        shown = shown.rstrip() + "…"
    if shown != button.text:
        button.set_text(shown)
    button.set_tooltip(text if shown != text else None)


def set_enabled(element, enabled: bool) -> None:
    if enabled and not element.is_enabled:
        element.enable()
    elif not enabled and element.is_enabled:
        element.disable()


def draw_bubble(surface: pygame.Surface, text: str, point, size: int, colour=CREAM,
                below: bool = False, avoid: pygame.Rect | None = None,
                clear_of: pygame.Rect | None = None) -> pygame.Rect:
    """What a seat says (pass, a bid, chặt), in a bubble whose tail points at `point`: above
    it, or below it with `below`; moved left of `avoid` if it would cover it, and above or
    below `clear_of` (the lesson's guide), on the side of `point`. Returns the bubble's
    rect."""
    image = text_image(text, size, tuple(colour), True)
    bubble = image.get_rect().inflate(px(22), px(12))
    tail = px(max(6, size // 2))
    if below:
        bubble.midtop = (point[0], point[1] + tail)
    else:
        bubble.midbottom = (point[0], point[1] - tail)
    bubble.clamp_ip(inside_rim(surface))      # on the felt, never over its wooden rim
    if avoid is not None and bubble.colliderect(avoid):
        bubble.right = avoid.left - px(4)
    if clear_of is not None and bubble.colliderect(clear_of):
        if point[1] < clear_of.top and clear_of.top - bubble.height - px(4) >= 0:
            bubble.bottom = clear_of.top - px(4)
        else:
            bubble.top = clear_of.bottom + px(4)
    tip_y = bubble.top + 1 if point[1] > bubble.centery else bubble.bottom - 1
    tip = [(point[0] - tail, tip_y), (point[0] + tail, tip_y), point]
    if clear_of is None or not clear_of.collidepoint(point):    # no tail across the guide
        pygame.draw.polygon(surface, BUBBLE, tip)
    pygame.draw.rect(surface, BUBBLE, bubble, border_radius=bubble.height // 2)
    pygame.draw.rect(surface, GOLD, bubble, px(2), border_radius=bubble.height // 2)
    surface.blit(image, image.get_rect(center=bubble.center))
    return bubble


#: an opened drop-down's rows, in design pixels (assets/theme.json says the same for the list)
DROP_DOWN_ROW = 26


class _ScaledSelectionList(pygame_gui.elements.UISelectionList):
    """pygame_gui 0.6 gives a drop-down's opened list rows of a fixed 20 pixels, too low for its
    words once the window is scaled: here they grow with the scale."""

    @property
    def list_item_height(self) -> int:
        return px(DROP_DOWN_ROW)

    @list_item_height.setter
    def list_item_height(self, _ignored: int) -> None:
        pass


# the drop-down makes its list through this name (one place, for every drop-down of the app)
pygame_gui.elements.ui_drop_down_menu.UISelectionList = _ScaledSelectionList


#: a slider's arrow buttons, in design pixels (pygame_gui 0.6 fixes them at 20 window pixels)
SLIDER_ARROW = 20


class ScaledSlider(pygame_gui.elements.UIHorizontalSlider):
    """A horizontal slider whose arrow buttons grow with the window's scale, like every other
    length of the theme (pygame_gui 0.6 has no theme key for them)."""

    @property
    def default_button_width(self) -> int:
        return px(SLIDER_ARROW)

    @default_button_width.setter
    def default_button_width(self, _ignored: int) -> None:
        pass
