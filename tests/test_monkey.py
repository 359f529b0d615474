"""Monkey test: seeded random clicks, drags, right clicks, key presses and window
resizes through every scene of the real window, headless, with bots in some seats. Nothing may
raise, and the table's save must always replay to the table on screen.

A longer soak runs the same monkey from the command line:

    python tests/test_monkey.py --game joker --events 50000 --seed 3
"""

from __future__ import annotations

import os
import random
import tempfile
import weakref
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from pygame_gui.elements import UIButton  # noqa: E402

from ai.bots import make_bot  # noqa: E402
from game.controller.autosave import read_save  # noqa: E402
from game.controller.seats import AI, HUMAN, SeatConfig  # noqa: E402
from game.controller.table_controller import InlineBotRunner  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menu import MenuScene  # noqa: E402
from game.ui.setup import SetupScene  # noqa: E402

GAMES = ("domino", "tienlen", "joker")
KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_a, pygame.K_h,
        pygame.K_p, pygame.K_s, *range(pygame.K_0, pygame.K_9 + 1))
TEXTS = ("7", "42", "x", "Đ", "ჯ", "ệ", "🂡", " ", "99999999999999999999")
#: per game in the suite (a longer soak: python tests/test_monkey.py --events 20000)
EVENTS_PER_GAME = 600


def table_scene(app):
    """The table on the stack (the scene right above the menu), if any."""
    return next((scene for scene in app.stack.scenes if hasattr(scene, "ctl")
                 and not hasattr(scene, "table_scene")), None)


def assert_save_replays_to(table) -> None:
    """The table's save rebuilds exactly the table on screen: same record, same state."""
    restored, seats, _ = read_save(table.ctl.save_path)
    live = table.ctl.table
    strip = lambda record: {k: v for k, v in record.items() if k != "table"}  # noqa: E731
    assert strip(restored.record) == strip(live.record)
    assert seats == table.ctl.seats
    a, b = restored.state, live.state
    assert (a.current_player(), a.is_terminal(), a.needs_deal(), list(a.returns())) == \
        (b.current_player(), b.is_terminal(), b.needs_deal(), list(b.returns()))
    for player in range(len(live.players)):
        assert a.observation(player) == b.observation(player)
    if not b.is_terminal() and not b.needs_deal():
        assert list(a.legal_actions()) == list(b.legal_actions())


class Monkey:
    def __init__(self, game: str, seed: int, data_dir: Path):
        self.game = game
        self.rng = random.Random(f"monkey/{game}/{seed}")
        self.data_dir = data_dir
        self.now = 0.0
        self.seen_controllers = weakref.WeakSet()   # ids could be reused by new objects
        self.seen_setups = weakref.WeakSet()
        self.restarts = 0
        self.scenes_seen: set = set()
        self.start_app(self.rng.choice([(800, 600), (1280, 720), (1024, 768)]))

    def start_app(self, size) -> None:
        # bots answer inline: the same seed gives the same run on a quiet or a busy machine
        self.app = App(size, data_dir=self.data_dir, bot_runner=InlineBotRunner,
                       desktop=(2560, 1440))
        self.app.settings["animation"] = "fast"

    # --- one random input ------------------------------------------------------------------------
    def buttons(self) -> list:
        return [element for element in self.app.manager.get_sprite_group().sprites()
                if isinstance(element, UIButton) and element.visible and element.is_enabled
                and element.alive()]

    def random_pos(self) -> tuple[int, int]:
        width, height = self.app.size
        return self.rng.randrange(width), self.rng.randrange(height)

    def post(self, kind, **fields) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def click(self, pos, button: int = 1) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def step(self) -> None:
        rng, top = self.rng, self.app.stack.top
        self.scenes_seen.add(type(top).__name__)
        roll = rng.random()
        if isinstance(top, MenuScene) and roll < 0.55:
            # mostly this game or Continue; sometimes Quit, and the monkey starts the app again
            keys = (self.game, "continue") if roll < 0.5 else ("quit",)
            wanted = [b for b, key in top.buttons.items() if key in keys]
            if wanted:
                self.click(rng.choice(wanted).rect.center)
        elif roll < 0.40:
            buttons = self.buttons()
            if buttons:
                self.click(rng.choice(buttons).rect.center)
        elif roll < 0.60:
            self.click(self.random_pos())
        elif roll < 0.65:
            self.click(self.random_pos(), button=3)
        elif roll < 0.72:
            start, end = self.random_pos(), self.random_pos()
            self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            for k in range(1, 4):
                pos = tuple(s + (e - s) * k // 3 for s, e in zip(start, end))
                self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif roll < 0.78:
            key = rng.choice(KEYS)
            name = pygame.key.name(key)
            self.post(pygame.KEYDOWN, key=key, mod=0, scancode=0,
                      unicode=name if len(name) == 1 else "")
            self.post(pygame.KEYUP, key=key, mod=0, scancode=0)
        elif roll < 0.84:
            self.post(pygame.TEXTINPUT, text=rng.choice(TEXTS))
        elif roll < 0.88:
            self.post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False,
                      precise_x=0.0, precise_y=0.0, touch=False, which=0)
        elif roll < 0.90:   # now and then below the smallest window the app allows
            size = (rng.randint(640, 2560), rng.randint(480, 1440))
            self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        # else: just let time pass
        dt = rng.choice((1 / 60, 0.1, 0.3, 0.6, 1.0))   # one frame per input; time jumps too
        self.now += dt
        self.app.frame(self.now, dt)
        self.after_frame()

    def after_frame(self) -> None:
        top = self.app.stack.top
        if isinstance(top, SetupScene) and top not in self.seen_setups:
            self.seen_setups.add(top)
            kinds = [self.rng.choice((HUMAN, AI, AI)) for _ in top.seats]
            top.seats = [SeatConfig(seat.name, kind, "easy")
                         for seat, kind in zip(top.seats, kinds)]
            top.rebuild()
        table = table_scene(self.app)
        if table is not None and table.ctl not in self.seen_controllers:
            # cheap bots keep the run affordable; the bots' levels are tested elsewhere
            self.seen_controllers.add(table.ctl)
            ctl = table.ctl
            for player in ctl.bots:
                ctl.bots[player] = make_bot(ctl.table.definition.name, "random",
                                            f"monkey/{player}")
        if not self.app.running:            # "Quit" was clicked: start again, like a player
            self.restarts += 1
            self.start_app(self.app.size)

    def check_save(self) -> None:
        table = table_scene(self.app)
        if table is not None and table.ctl.save_path is not None:   # None: a finished table
            assert_save_replays_to(table)

    def run(self, events: int, check_every: int = 250) -> None:
        for index in range(events):
            self.step()
            if index % check_every == check_every - 1:
                self.check_save()
        self.check_save()
        damaged = list(self.data_dir.rglob("*.damaged-*"))
        assert not damaged, f"a save was set aside: {damaged}"

    def close(self) -> None:
        if self.app.running:
            self.app.quit()


@pytest.mark.parametrize("game", GAMES)
def test_monkey_input_never_crashes_and_the_autosave_replays(game, tmp_path):
    monkey = Monkey(game, seed=1, data_dir=tmp_path)
    try:
        monkey.run(EVENTS_PER_GAME)
    finally:
        monkey.close()
    assert {"MenuScene", "SetupScene"} <= monkey.scenes_seen
    assert any(name.endswith("TableScene") for name in monkey.scenes_seen), monkey.scenes_seen


def main() -> None:
    import argparse
    import time

    parser = argparse.ArgumentParser(description="a long monkey soak")
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--events", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game in args.game or GAMES:
        started = time.perf_counter()
        monkey = Monkey(game, args.seed, Path(tempfile.mkdtemp()))
        try:
            monkey.run(args.events)
        finally:
            monkey.close()
        print(f"{game}: {args.events} events, {monkey.restarts} restarts, "
              f"{time.perf_counter() - started:.1f} s, scenes: {sorted(monkey.scenes_seen)}")


if __name__ == "__main__":
    main()
