"""One focus model for the whole window: the keyboard's way through every screen and table.

Each scene lists what can be focused (`Scene.focus_targets`): its pygame_gui widgets in the
order they were made, and on a table first what it draws itself (the cards or tiles of the
hand, the line's ends, the row of bids). The App's one `Focus` moves through them and draws a
ring round the focused one, over everything, its width scaled with the window:

    Tab / Shift+Tab      the next / previous stop; a group (a hand, the bids) is one stop, and
                         Tab comes back into it where the player left it
    ← → ↑ ↓              the previous / next target (within its group: a hand's ends stop it);
                         on a drop-down or a slider ← → change its value
    Return / Space       activate: press the button, play the card, change the choice
    a target's own keys  e.g. a Tiến Lên card: ↑ raises it, ↓ lowers it, Space turns it over

A scene keeps the keys it uses itself (`Scene.owns_key`: the Rules page scrolls with ↑ ↓, the
Review steps with ← →). Where the focus stands is kept per scene (`FocusState`), so a screen
uncovered again has it where it was; a widget made anew (a resize, a rebuild) keeps the place
in the order. A scene's `focus_epoch` says when the moment changed (a table: whose move, which
phase): the focus then goes to the scene's `initial_focus` (a table: the hand or the bids), and
for the pace's SKIP_AFTER_S Return and Space do nothing there: a key pressed to move past the
moment before (the ace cutting, a held trick) never makes the first move of the new one.

The ring shows while the keyboard is used and hides at a mouse click (the focus follows the
click, so Return afterwards acts on what was clicked).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

from game.controller.pace import SKIP_AFTER_S

from .scaling import px

#: the ring: a bright inner line on a dark outer one, seen on the felt, on paper and on panels
RING = (255, 196, 36)
RING_EDGE = (16, 16, 16)
RING_GAP = 5           # design pixels between the target and the ring
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
STEPS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}
SLIDER_STEPS = 20      # ← → move a slider by a twentieth of its range
#: a new moment's first frames: Return and Space wait at least this many (see `settling`)
SETTLE_FRAMES = 3


@dataclass
class Target:
    """Something the keyboard can reach: `key` names it across frames (a widget, or a value
    such as ("card", 12)); `rect` is where the ring goes."""
    key: Any
    rect: pygame.Rect
    activate: Callable[[], None] | None = None
    group: str | None = None
    adjust: Callable[[int], None] | None = None          # ← → on a value
    keys: dict = field(default_factory=dict)             # a key of its own -> its action


@dataclass
class FocusState:
    """Where the focus stands on one scene."""
    key: Any = None
    index: int | None = None
    epoch: Any = None
    epoch_since: float = float("-inf")                   # when the epoch last changed
    frames_since: int = SETTLE_FRAMES                    # frames drawn since then
    in_group: dict = field(default_factory=dict)         # group -> the key last focused in it


# --- pygame_gui widgets as targets ----------------------------------------------------------

def press_button(scene, button: UIButton) -> None:
    """What a click does: the scene gets the button's pressed event at once."""
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
        "ui_element": button, "ui_object_id": button.most_specific_combined_id,
        "mouse_button": 1}))


def step_drop_down(scene, menu: UIDropDownMenu, step: int) -> None:
    """Choose the option before or after the one shown (cycling), as if picked from the list."""
    options = [option if isinstance(option, tuple) else (option, option)
               for option in menu.options_list]
    if not options:
        return
    current = next((i for i, option in enumerate(options)
                    if option[0] == menu.selected_option[0]), 0)
    menu.selected_option = options[(current + step) % len(options)]
    if hasattr(menu, "_switch_to_closed_state"):
        menu._switch_to_closed_state()          # the closed menu shows the new choice
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": menu.selected_option[0], "selected_option_id": menu.selected_option[1],
        "ui_element": menu, "ui_object_id": menu.most_specific_combined_id}))


def step_slider(scene, slider: UIHorizontalSlider, step: int) -> None:
    low, high = slider.value_range
    value = slider.get_current_value() + step * (high - low) / SLIDER_STEPS
    slider.set_current_value(max(low, min(high, value)))
    scene.handle(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
        "value": slider.get_current_value(), "ui_element": slider,
        "ui_object_id": slider.most_specific_combined_id}))


def widget_targets(scene, widgets, group: str | None = None) -> list[Target]:
    """The widgets a player can use now (shown and enabled), as targets, in their order."""
    targets = []
    for widget in widgets:
        if not widget.alive() or not widget.visible or not widget.is_enabled:
            continue
        if isinstance(widget, UIButton):
            targets.append(Target(widget, widget.rect, lambda w=widget: press_button(scene, w),
                                  group))
        elif isinstance(widget, UIDropDownMenu):
            targets.append(Target(widget, widget.rect,
                                  lambda w=widget: step_drop_down(scene, w, 1), group,
                                  adjust=lambda step, w=widget: step_drop_down(scene, w, step)))
        elif isinstance(widget, UIHorizontalSlider):
            targets.append(Target(widget, widget.rect, None, group,
                                  adjust=lambda step, w=widget: step_slider(scene, w, step)))
        elif isinstance(widget, UITextEntryLine):
            targets.append(Target(widget, widget.rect, None, group))
    return targets


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    ring = rect.inflate(2 * px(RING_GAP), 2 * px(RING_GAP))
    radius = px(10)
    pygame.draw.rect(surface, RING_EDGE, ring.inflate(px(4), px(4)), max(2, px(6)),
                     border_radius=radius + px(2))
    pygame.draw.rect(surface, RING, ring, max(2, px(3)), border_radius=radius)


# --- the focus --------------------------------------------------------------------------------

class Focus:
    """The keyboard's focus on the top scene (one per App)."""

    def __init__(self, manager_of: Callable[[], Any]):
        self.manager_of = manager_of         # the App's current UIManager (a resize makes one)
        self.shown = True                    # the ring: the keyboard is in use

    # --- where it stands ----------------------------------------------------------------------

    @staticmethod
    def standing(scene) -> FocusState:
        state = getattr(scene, "focus_state", None)
        if state is None:
            state = scene.focus_state = FocusState()
        return state

    def resolve(self, scene) -> tuple[list[Target], int | None]:
        """The scene's targets and the index of the focused one (None: nothing to focus)."""
        targets = scene.focus_targets()
        state = self.standing(scene)
        epoch = scene.focus_epoch()
        if epoch != state.epoch:             # a new moment: the scene's first choice
            state.epoch, state.key, state.index = epoch, None, None
            state.epoch_since, state.frames_since = scene.app.now, 0
        if not targets:
            return targets, None
        for index, target in enumerate(targets):
            if target.key == state.key:
                state.index = index
                return targets, index
        if state.index is not None:          # gone (played, made anew): the same place
            index = min(state.index, len(targets) - 1)
        else:
            wanted = scene.initial_focus()
            index = next((i for i, target in enumerate(targets) if target.key == wanted), 0)
        self.set(scene, targets[index], index)
        return targets, index

    def set(self, scene, target: Target, index: int) -> None:
        state = self.standing(scene)
        state.key, state.index = target.key, index
        if target.group is not None:
            state.in_group[target.group] = target.key
        manager = self.manager_of()
        if isinstance(target.key, UITextEntryLine):    # typing goes into the focused field
            manager.set_focus_set(target.key)
        elif isinstance(manager.get_focus_set(), set) and any(
                isinstance(element, UITextEntryLine) for element in manager.get_focus_set()):
            manager.set_focus_set(None)

    def focus_on(self, scene, key) -> bool:
        """Put the focus on the target named `key` (a scene moving it, e.g. to the line's
        ends once a tile is picked up). False when there is no such target."""
        targets, _ = self.resolve(scene)
        for index, target in enumerate(targets):
            if target.key == key:
                self.set(scene, target, index)
                return True
        return False

    def focused(self, scene) -> Target | None:
        targets, index = self.resolve(scene)
        return targets[index] if index is not None else None

    # --- moving ---------------------------------------------------------------------------------

    def tab(self, scene, step: int) -> None:
        """The next stop: the next target outside the current one's group; a group is
        entered where the player left it."""
        targets, index = self.resolve(scene)
        if index is None:
            return
        group = targets[index].group
        for distance in range(1, len(targets) + 1):
            candidate = targets[(index + step * distance) % len(targets)]
            if group is None or candidate.group != group:
                break
        if candidate.group is not None:
            remembered = self.standing(scene).in_group.get(candidate.group)
            members = [t for t in targets if t.group == candidate.group]
            candidate = next((t for t in members if t.key == remembered), members[0])
        self.set(scene, candidate, targets.index(candidate))

    def arrow(self, scene, step: int) -> None:
        """The previous / next target: within a group up to its ends, else round the order."""
        targets, index = self.resolve(scene)
        if index is None:
            return
        group = targets[index].group
        if group is not None:
            members = [i for i, t in enumerate(targets) if t.group == group]
            place = members.index(index) + step
            if 0 <= place < len(members):
                self.set(scene, targets[members[place]], members[place])
            return
        new = (index + step) % len(targets)
        self.set(scene, targets[new], new)

    # --- input ------------------------------------------------------------------------------------

    def handle(self, event, scene) -> bool:
        """Take the keyboard's focus keys (True: the event is used, the scene does not get
        it). A click hides the ring and moves the focus to what was clicked."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.follow_click(scene, event.pos)
            return False
        if event.type != pygame.KEYDOWN or scene.owns_key(event):
            return False
        targets, index = self.resolve(scene)
        if index is None:
            return False
        target, key = targets[index], event.key
        if key in ACTIVATE_KEYS and self.settling(scene):
            return True                  # meant for the moment before: used up, nothing done
        typing = isinstance(target.key, UITextEntryLine) and target.key.is_focused
        if key in target.keys and not typing:
            target.keys[key]()
        elif key == pygame.K_TAB:
            if self.shown:               # a first key only shows where the focus is
                self.tab(scene, -1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif typing and key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP,
                                    pygame.K_DOWN):
            return False                 # the field's own keys (the manager had them)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and target.adjust is not None:
            target.adjust(STEPS[key])
        elif key in STEPS:
            if self.shown:
                self.arrow(scene, STEPS[key])
        elif key in ACTIVATE_KEYS:
            if typing or target.activate is None:
                self.tab(scene, 1)       # Return leaves a field for the next stop
            else:
                target.activate()
        else:
            return False
        self.shown = True
        return True

    def follow(self, scene) -> None:
        """Each frame, once drawn: the top scene's moment is noted (a new one starts settling)
        whether or not the ring is shown."""
        if scene is not None:
            self.resolve(scene)
            self.standing(scene).frames_since += 1

    def settling(self, scene) -> bool:
        """A new moment began on `scene` under SKIP_AFTER_S ago, or fewer than SETTLE_FRAMES
        frames ago (a slow frame: the key came before the player could have seen it)."""
        state = self.standing(scene)
        return (scene.app.now - state.epoch_since < SKIP_AFTER_S
                or state.frames_since < SETTLE_FRAMES)

    def follow_click(self, scene, pos) -> None:
        self.shown = False
        targets, _ = self.resolve(scene)
        for index in reversed(range(len(targets))):    # a fan's card drawn last lies on top
            if targets[index].rect.collidepoint(pos):
                self.set(scene, targets[index], index)
                return

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, scene) -> None:
        if not self.shown or scene is None:
            return
        target = self.focused(scene)
        if target is not None:
            draw_ring(surface, target.rect)
