"""A scene stack (menu → setup → table → dialogs → summaries).

Each scene owns its pygame_gui widgets: they are built in `build()` when the scene becomes the top
(or the window is resized) and removed in `clear()` when another scene covers it. Events go to the
top scene; drawing goes from the lowest scene that fills the screen up to the top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from .focus import widget_targets

if TYPE_CHECKING:
    from .app import App


class Scene:
    #: a dialog lets the scene below show through
    opaque = True
    #: Esc leaves the scene (rules, setup, settings)
    back_on_escape = False
    #: keys the scene uses itself, which the focus leaves to it (focus.py)
    OWN_KEYS: frozenset = frozenset()

    def __init__(self, app: "App"):
        self.app = app
        self.widgets: list = []
        self.when_closed: list = []       # called as the scene closes (a hosted table's host)

    # widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        """Create this scene's widgets for the current window size."""

    def clear(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []

    def add(self, widget):
        self.widgets.append(widget)
        return widget

    def rebuild(self) -> None:
        self.clear()
        self.build()

    def resized(self) -> None:
        """The window changed size (or language) while this scene is covered: recompute what
        `draw` uses. Its widgets come back, laid out anew, when it is uncovered."""

    # the keyboard's focus (focus.py) ------------------------------------------------------
    def focus_targets(self) -> list:
        """What Tab, the arrows and Return reach: the widgets in the order they were made."""
        return widget_targets(self, self.widgets)

    def initial_focus(self):
        """The key of the target focused first (None: the first target)."""
        return None

    def focus_epoch(self):
        """A value that changes when the focus should go back to `initial_focus`."""
        return None

    def owns_key(self, event) -> bool:
        return event.key in self.OWN_KEYS

    # life cycle ----------------------------------------------------------------------------
    def on_cover(self) -> None:
        self.clear()

    def on_uncover(self) -> None:
        self.build()

    def on_close(self) -> None:
        self.clear()
        for hook in self.when_closed:
            hook()

    # frame -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
        elif (self.back_on_escape and event.type == pygame.KEYDOWN
              and event.key == pygame.K_ESCAPE and self.app.stack.top is self):
            self.go_back()

    def go_back(self) -> None:
        self.app.stack.pop()

    def on_button(self, element) -> None:
        pass

    def update(self, now: float, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.on_cover()
        self.scenes.append(scene)
        scene.build()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.on_close()
        if self.top:
            self.top.on_uncover()
        return scene

    def replace(self, scene: Scene) -> None:
        old = self.scenes.pop()
        old.on_close()
        self.scenes.append(scene)
        scene.build()

    def reset(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().on_close()
        self.push(scene)

    def visible(self) -> list[Scene]:
        start = 0
        for index, scene in enumerate(self.scenes):
            if scene.opaque:
                start = index
        return self.scenes[start:]
