"""The application: the window, the pygame_gui manager, the scene stack and the frame loop.

`App.frame(now, dt)` runs one frame; `run_app()` calls it at 60 fps. Tests drive `frame` with
simulated time under SDL_VIDEODRIVER=dummy. Scenes open one another by name (`app.show`), through
the registry below, so no scene module imports another.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
import time
from pathlib import Path

import pygame
import pygame_gui

from game import paths
from game.paths import WRITE_ERRORS
from game.controller.review import ReviewSearch
from game.controller.saves import SAVES_FOLDER, SaveFolder
from game.controller.bot_desk import ThreadBotRunner
from game.history.store import History

from . import config, look
from .file_words import NOTICE_SECONDS, draw_notice, settings_not_saved_words
from .focus import Focus
from .history_words import history_notice_words
from .i18n import set_language, t
from .resources import ICON, theme
from .scaling import set_window_size
from .scene import SceneStack
from .sound import SoundBoard

MIN_SIZE = (800, 600)
FALLBACK_SIZE = (1280, 720)     # the window that always opens, when a wanted mode does not
FPS = 60
#: how long a notice of the history (it cannot be written now, …) stays over every scene:
#: longer than other notices, it says where the game waits
HISTORY_NOTICE_S = 12.0
#: the scenes one opens by name: name -> "module:Class" (imported when first shown)
SCENES = {
    "menu": "game.ui.menu:MenuScene",
    "setup": "game.ui.setup:SetupScene",
    "rules": "game.ui.rules:RulesScene",
    "settings": "game.ui.settings:SettingsScene",
    "saves": "game.ui.saves:SavesScene",
    "confirm": "game.ui.confirm:ConfirmScene",
    "statistics": "game.ui.stats:StatisticsScene",
    "history": "game.ui.history:HistoryScene",
    "profiles": "game.ui.profiles:ProfilesScene",
    "house_rules": "game.ui.house_rules:HouseRulesScene",
    "lessons": "game.ui.guided.dialogs:LessonChoiceScene",
    "lesson": "game.ui.guided.tables:lesson_table",
    "review": "game.ui.review_screen:ReviewScene",
    "about": "game.ui.about:AboutScene",
    "join": "game.ui.join:JoinScene",
    "joining": "game.ui.joining:JoiningScene",
    "friends": "game.ui.host_panel:FriendsScene",
}


class App:
    def __init__(self, size=None, data_dir: Path | None = None,
                 settings_path: Path | None = None, bot_runner=ThreadBotRunner,
                 desktop: tuple[int, int] | None = None, offer_lessons: bool = False,
                 review_search: ReviewSearch | None = None):
        """`data_dir` holds the saved tables; tests pass a temporary one, which then also
        holds the settings unless `settings_path` says otherwise. `bot_runner` makes each
        table's bot runner: a worker thread in play; tests pass the inline runner, so that what
        a window test sees never depends on how threads are scheduled. `desktop` stands in for
        the screen's size (tests: the headless driver has no real screen). `offer_lessons`: the
        program offers the guided first games once, at its first start (`run_app`); a test
        window does so only when it asks. `review_search` is how hard the Review screen
        searches (tests: a few worlds, quick and reproducible)."""
        self.bot_runner = bot_runner
        self.review_search = review_search or ReviewSearch()
        self.desktop = desktop
        self.data_dir = data_dir or paths.data_dir()
        self.settings_path = settings_path or (
            data_dir / "settings.json" if data_dir else paths.config_dir() / "settings.json")
        # what a killed write left half-done goes first (never a real save or settings file)
        config.remove_stray_temporary(self.settings_path)
        self.settings, self.settings_problem = config.load_settings(self.settings_path)
        self.saves = SaveFolder(self.data_dir / SAVES_FOLDER)
        self.saves.remove_stray_temporaries()
        self.saves.take_in_old_autosave(self.data_dir)
        #: a notice shown over any screen until `notice_until` (the settings not written)
        self.notice, self.notice_until = "", 0.0
        self.settings_write_failed = False     # said once until a write works again
        set_language(self.settings["language"])
        look.use_settings(self.settings)
        # the finished games and profiles: a damaged database is set aside, trouble (a lock, a
        # full disk) leaves it as it is (the menu says so); later trouble is a notice on top
        self.history = History(self.data_dir)
        self.history.ensure_profile(t("profile.default"))
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")   # centred, and again after a resize
        pygame.init()
        pygame.display.set_caption(t("app.title"))
        pygame.display.set_icon(pygame.image.load(str(ICON)))
        self.working_mode: tuple | None = None   # (size, full screen) last opened fine
        self.screen = self.open_window(tuple(size or self.settings["window"]),
                                       self.settings["fullscreen"])
        set_window_size(self.screen.get_size())
        self.manager = pygame_gui.UIManager(self.screen.get_size(), theme())
        self.sound = SoundBoard(self.settings["sound"], self.settings["volume"])
        self.stack = SceneStack()
        self.focus = Focus(lambda: self.manager)     # the keyboard's way through every scene
        self.running = True
        self.remote_watch = None     # a joined table's watch (joining.RemoteWatch)
        self.now = 0.0          # the time of the current frame (simulated in tests)
        #: held for the whole of each frame: a hosted table's controller is shared with the
        #: host's thread, which holds it too whenever it touches the table (game/net/window_host)
        self.table_lock = threading.RLock()
        self.hosting = None     # the table this window hosts (game/net/window_host), if any
        self.show("menu")
        if offer_lessons:
            self.offer_lessons_once()

    def offer_lessons_once(self) -> None:
        """The first start: a guided first game is offered, once (whatever the answer)."""
        if self.settings["guided_offered"]:
            return
        self.settings["guided_offered"] = True
        self.save_settings()
        self.show("lessons", True)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def show(self, name: str, *args, reset: bool = False, **options):
        """Open the scene registered as `name` (made with `args` and `options`) on top of the
        stack, or as the only scene with `reset`. Returns it."""
        module, class_name = SCENES[name].split(":")
        scene = getattr(importlib.import_module(module), class_name)(self, *args, **options)
        if reset:
            self.stack.reset(scene)
        else:
            self.stack.push(scene)
        return scene

    def desktop_size(self) -> tuple[int, int]:
        if self.desktop:
            return self.desktop
        sizes = pygame.display.get_desktop_sizes()
        return tuple(sizes[0]) if sizes else FALLBACK_SIZE

    def window_sizes(self, sizes) -> list[tuple[int, int]]:
        """The window sizes of `sizes` that fit on this desktop (the smallest always)."""
        width, height = self.desktop_size()
        fitting = [size for size in sizes if size[0] <= width and size[1] <= height]
        return fitting or [min(sizes)]

    def open_window(self, size, fullscreen: bool) -> pygame.Surface:
        """A resizable window of `size` (kept on the desktop), or full screen as a borderless
        window of the desktop's size. A mode the system refuses falls back to the last one that
        worked, then to 1280×720 in a window: no setting can leave the app unusable."""
        attempts = [(tuple(size), fullscreen)]
        if self.working_mode:
            attempts.append(self.working_mode)
        attempts.append((FALLBACK_SIZE, False))
        for wanted, full in attempts:
            try:
                if full:
                    surface = pygame.display.set_mode(self.desktop_size(), pygame.NOFRAME)
                else:
                    width, height = self.desktop_size()
                    fitted = (max(MIN_SIZE[0], min(wanted[0], width)),
                              max(MIN_SIZE[1], min(wanted[1], height)))
                    surface = pygame.display.set_mode(fitted, pygame.RESIZABLE)
            except pygame.error:
                continue
            self.working_mode = (wanted if full else surface.get_size(), full)
            self.settings["fullscreen"] = full
            if not full:
                self.settings["window"] = list(surface.get_size())
            return surface
        raise pygame.error("no window could be opened")

    @property
    def fullscreen(self) -> bool:
        return bool(self.working_mode and self.working_mode[1])

    def resize(self, size, force: bool = False) -> None:
        """A new window size (dragged, or chosen in Settings); every scene lays out again."""
        if force or tuple(size) != self.screen.get_size():
            self.screen = self.open_window(size, self.settings["fullscreen"])
        if set_window_size(self.screen.get_size()):   # the theme's fonts and lengths change
            self.manager = pygame_gui.UIManager(self.screen.get_size(), theme())
        else:
            self.manager.set_window_resolution(self.screen.get_size())
        self.lay_out_again()

    def lay_out_again(self) -> None:
        """Every scene to the window's size and language: the top one with its widgets."""
        for scene in self.stack.scenes[:-1]:
            scene.resized()
        if self.stack.top:
            self.stack.top.rebuild()

    def toggle_fullscreen(self) -> None:
        """F11."""
        self.settings["fullscreen"] = not self.fullscreen
        self.apply_settings()

    def save_settings(self) -> None:
        """Store the settings as they stand. When they cannot be written (a read-only or full
        disk, a folder in the way) they stay in use in memory, and the window says so once
        until a write works again."""
        try:
            config.save_settings(self.settings_path, self.settings)
        except WRITE_ERRORS as error:
            if not self.settings_write_failed:
                self.say(settings_not_saved_words(error))
            self.settings_write_failed = True
        else:
            self.settings_write_failed = False

    def join_table(self, request) -> None:
        """Sit at a table across machines (a game.net.address.JoinRequest, checked by the Join
        screen): "Joining…" until the host's welcome, then the game's table (joining.py)."""
        self.show("joining", request)

    def say(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        """A notice over whatever screen is shown, for a few seconds."""
        self.notice, self.notice_until = text, self.now + seconds

    def apply_settings(self) -> None:
        """Use and store changed settings: language, window, sound and the table's look take
        effect at once."""
        self.save_settings()
        set_language(self.settings["language"])
        look.use_settings(self.settings)
        pygame.display.set_caption(t("app.title"))
        self.sound.set(self.settings["sound"], self.settings["volume"])
        wanted = tuple(self.settings["window"])
        if self.settings["fullscreen"] != self.fullscreen or (
                not self.fullscreen and wanted != self.screen.get_size()):
            self.resize(wanted, force=True)
            self.save_settings()          # what really opened
        else:
            self.lay_out_again()

    def frame(self, now: float, dt: float) -> None:
        with self.table_lock:
            self._frame(now, dt)

    def _frame(self, now: float, dt: float) -> None:
        self.now = now
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
                if not self.fullscreen:          # a window sized by dragging is remembered
                    self.save_settings()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            self.manager.process_events(event)
            top = self.stack.top
            if top and not self.focus.handle(event, top):
                top.handle(event)
        for scene in list(self.stack.scenes):
            scene.update(now, dt)
        if self.remote_watch is not None:      # a table across machines (joining.py)
            self.remote_watch.follow(now)
        self.take_history_notices(now)
        self.manager.update(dt)
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        self.focus.follow(self.stack.top)     # a new moment is seen from this frame on
        self.focus.draw(self.screen, self.stack.top)
        if self.notice and now < self.notice_until:
            draw_notice(self.screen, self.notice)
        pygame.display.flip()

    def take_history_notices(self, now: float) -> None:
        """What the history's writer has to say (it cannot write now, a file set aside) is
        shown over whatever scene is open, for HISTORY_NOTICE_S seconds."""
        notices = self.history.take_notices()
        if notices:
            self.say(" ".join(history_notice_words(notice, self.history.inbox)
                              for notice in notices), HISTORY_NOTICE_S)

    def quit(self) -> None:
        for scene in list(self.stack.scenes):
            scene.on_close()
        self.history.close()         # what is queued is written (the inbox keeps it anyway)
        self.running = False


def run_app() -> int:
    app = App(offer_lessons=True)
    clock = pygame.time.Clock()
    while app.running:
        dt = clock.tick(FPS) / 1000.0
        app.frame(time.monotonic(), dt)
    if app.hosting is not None:           # its joiners are told the host is closing
        app.hosting.wait_stopped()
    pygame.quit()
    return 0


def check_window(language: str | None = None, frames: int = 10) -> int:
    """`tabletrio window-check`: open the window, draw the menu a few frames (in `language`
    for this run only: the settings are not changed), close it. An install's smoke test: with
    SDL_VIDEODRIVER=dummy it needs no screen."""
    app = App()
    if language:
        set_language(language)
        app.show("menu", reset=True)
    for frame in range(frames):
        app.frame(frame / FPS, 1 / FPS)
    small = pygame.transform.scale(app.screen, (64, 36))
    colours = len({tuple(small.get_at((x, y)))[:3] for x in range(64) for y in range(36)})
    drawn = type(app.stack.top).__name__
    width, height = app.size
    app.quit()
    pygame.quit()
    if colours < 8:                       # a blank window: nothing was drawn
        print(f"the window opened but stayed blank ({drawn})", file=sys.stderr)
        return 1
    print(f"window ok {width}x{height} {language or 'settings language'} {drawn}")
    return 0
