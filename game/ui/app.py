"""The application: the window, the pygame_gui manager, the scene stack and the frame loop.

`App.frame(now, dt)` runs one frame; `run_app()` calls it at 60 fps. Tests drive `frame` with
simulated time under SDL_VIDEODRIVER=dummy. Scenes open one another by name (`app.show`), through
the registry below, so no scene module imports another.
"""

from __future__ import annotations

import importlib
import time
from pathlib import Path

import pygame
import pygame_gui

from game import paths
from game.controller.saves import SAVES_FOLDER, SaveFolder
from game.controller.table_controller import ThreadBotRunner

from . import config
from .i18n import set_language, t
from .resources import theme
from .scene import SceneStack
from .sound import SoundBoard

MIN_SIZE = (800, 600)
FPS = 60
#: the scenes one opens by name: name -> "module:Class" (imported when first shown)
SCENES = {
    "menu": "game.ui.menu:MenuScene",
    "setup": "game.ui.setup:SetupScene",
    "rules": "game.ui.rules:RulesScene",
    "settings": "game.ui.settings:SettingsScene",
    "saves": "game.ui.saves:SavesScene",
    "confirm": "game.ui.confirm:ConfirmScene",
}


class App:
    def __init__(self, size=None, data_dir: Path | None = None,
                 settings_path: Path | None = None, bot_runner=ThreadBotRunner):
        """`data_dir` holds the saved tables; tests pass a temporary one, which then also
        holds the settings unless `settings_path` says otherwise. `bot_runner` makes each
        table's bot runner: a worker thread in play; tests pass the inline runner, so that what
        a window test sees never depends on how threads are scheduled."""
        self.bot_runner = bot_runner
        self.data_dir = data_dir or paths.data_dir()
        self.settings_path = settings_path or (
            data_dir / "settings.json" if data_dir else paths.config_dir() / "settings.json")
        self.settings, self.settings_problem = config.load_settings(self.settings_path)
        self.saves = SaveFolder(self.data_dir / SAVES_FOLDER)
        self.saves.take_in_old_autosave(self.data_dir)
        set_language(self.settings["language"])
        pygame.init()
        pygame.display.set_caption(t("app.title"))
        size = tuple(size or self.settings["window"])
        self.screen = pygame.display.set_mode(size, self.window_flags())
        self.manager = pygame_gui.UIManager(self.screen.get_size(), theme())
        self.sound = SoundBoard(self.settings["sound"], self.settings["volume"])
        self.stack = SceneStack()
        self.running = True
        self.now = 0.0          # the time of the current frame (simulated in tests)
        self.show("menu")

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def show(self, name: str, *args, reset: bool = False):
        """Open the scene registered as `name` (made with `args`) on top of the stack, or as
        the only scene with `reset`. Returns it."""
        module, class_name = SCENES[name].split(":")
        scene = getattr(importlib.import_module(module), class_name)(self, *args)
        if reset:
            self.stack.reset(scene)
        else:
            self.stack.push(scene)
        return scene

    def window_flags(self) -> int:
        return pygame.FULLSCREEN if self.settings["fullscreen"] else pygame.RESIZABLE

    def resize(self, size, force: bool = False) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if force or size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, self.window_flags())
        self.manager.set_window_resolution(self.screen.get_size())
        if self.stack.top:
            self.stack.top.rebuild()

    def apply_settings(self) -> None:
        """Use and store changed settings: language, window, sound take effect at once."""
        config.save_settings(self.settings_path, self.settings)
        set_language(self.settings["language"])
        pygame.display.set_caption(t("app.title"))
        self.sound.set(self.settings["sound"], self.settings["volume"])
        wanted = tuple(self.settings["window"])
        fullscreen = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        if wanted != self.screen.get_size() or fullscreen != self.settings["fullscreen"]:
            self.resize(wanted, force=True)
        elif self.stack.top:
            self.stack.top.rebuild()

    def frame(self, now: float, dt: float) -> None:
        self.now = now
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
                continue
            self.manager.process_events(event)
            if self.stack.top:
                self.stack.top.handle(event)
        for scene in list(self.stack.scenes):
            scene.update(now, dt)
        self.manager.update(dt)
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()

    def quit(self) -> None:
        for scene in list(self.stack.scenes):
            scene.on_close()
        self.running = False


def run_app() -> int:
    app = App()
    clock = pygame.time.Clock()
    while app.running:
        dt = clock.tick(FPS) / 1000.0
        app.frame(time.monotonic(), dt)
    pygame.quit()
    return 0
