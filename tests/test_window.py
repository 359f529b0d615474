"""The window itself: full screen is the desktop's size without a frame, F11 toggles
it, a size dragged by the player is remembered, Settings offers only sizes that fit the
screen, and a mode the system refuses falls back to one that works."""

from __future__ import annotations

import json

import pygame

from game.ui.app import App
from game.ui.config import WINDOW_SIZES

from ui_driver import UiDriver


def key(ui, key_code) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=0, scancode=0,
                                         unicode=""))
    ui.frames(2)


def saved(ui) -> dict:
    return json.loads(ui.app.settings_path.read_text(encoding="utf-8"))


def test_f11_goes_full_screen_at_the_desktop_size_and_back(tmp_path, monkeypatch):
    ui = UiDriver(tmp_path, (1280, 720))
    modes = []
    real_set_mode = pygame.display.set_mode

    def recording(size, flags=0, *args, **kwargs):
        modes.append((tuple(size), flags))
        return real_set_mode(size, flags, *args, **kwargs)
    monkeypatch.setattr(pygame.display, "set_mode", recording)
    try:
        key(ui, pygame.K_F11)
        assert ui.app.fullscreen and ui.app.size == ui.app.desktop_size()
        assert modes[-1] == (ui.app.desktop_size(), pygame.NOFRAME), \
            "a borderless window of the desktop's size: the screen's mode never changes"
        assert saved(ui)["fullscreen"] is True
        key(ui, pygame.K_F11)
        assert not ui.app.fullscreen and ui.app.size == (1280, 720)
    finally:
        ui.app.quit()


def test_a_window_sized_by_dragging_is_remembered(tmp_path):
    ui = UiDriver(tmp_path, (1280, 720))
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1500, 860), w=1500,
                                             h=860))
        ui.frames(2)
        assert ui.app.size == (1500, 860)
        assert saved(ui)["window"] == [1500, 860]
    finally:
        ui.app.quit()
    again = App(data_dir=tmp_path, desktop=(2560, 1440))
    try:
        assert again.size == (1500, 860), "the next start opens the window as it was left"
    finally:
        again.quit()


def test_settings_offers_only_sizes_that_fit_the_screen(tmp_path):
    app = App((800, 600), data_dir=tmp_path, desktop=(1600, 900))
    try:
        offered = app.window_sizes(WINDOW_SIZES)
        assert offered and all(w <= 1600 and h <= 900 for w, h in offered)
        assert (2560, 1440) not in offered and (1600, 900) in offered
    finally:
        app.quit()


def test_a_mode_the_system_refuses_falls_back_to_the_last_that_worked(tmp_path, monkeypatch):
    ui = UiDriver(tmp_path, (1280, 720))
    real_set_mode = pygame.display.set_mode

    def refuse_full_screen(size, flags=0, *args, **kwargs):
        if flags & pygame.NOFRAME:
            raise pygame.error("no such mode")
        return real_set_mode(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", refuse_full_screen)
    try:
        key(ui, pygame.K_F11)
        assert not ui.app.fullscreen and ui.app.size == (1280, 720)
        assert saved(ui)["fullscreen"] is False, "the next start is not left unusable"
        ui.frames(2)
        assert ui.top() is not None and ui.top().widgets, "the menu is there to use"
    finally:
        ui.app.quit()
