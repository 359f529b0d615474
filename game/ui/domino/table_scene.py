"""The domino table: the line as a snake, the player's hand, the other hands face down, the
scoreboard, and the dialogs (hand-off, deal summary, match end, pause)."""

from __future__ import annotations

from functools import lru_cache

import pygame
from pygame_gui.elements import UIButton

from game.controller.table_controller import Phase, TableController
from game.core.errors import IllegalAction
from game.domino.actions import (LEFT, OPENING_PLAY, PASS, PLAY_AT, RIGHT, Apollo, DealStarted,
                                 Misplayed, Passed, SeatsChanged, TilePlayed)
from game.domino.tiles import TILE_ENDS, fits

from ..dialogs import HandoffScene, switch_dialog
from ..i18n import t
from ..refusals import refusal_words
from ..resources import draw_text
from ..table_base import TableScene
from ..widgets import CREAM, GOLD, draw_felt, draw_panel
from .dialogs import MatchOverScene, SummaryScene
from .snake import layout_line
from .tiles import tile_back, tile_image

SIDES = ("bottom", "right", "top", "left")   # play goes to the right: counter-clockwise
TILE_FLIGHT_S = 0.35
MESSAGE_S = 2.5
SEAT_CHANGE_S = 1.6


@lru_cache(maxsize=16)
def _glow(size: tuple) -> pygame.Surface:
    glow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (255, 220, 90, 120), glow.get_rect(), border_radius=6)
    pygame.draw.rect(glow, (255, 230, 120, 255), glow.get_rect(), 3, border_radius=6)
    return glow


def line_arms(line) -> tuple:
    """The laid tiles as (opening, left arm, right arm), arms outward as (near, far, double)."""
    opening, left_arm, right_arm = None, [], []
    left = right = None
    for tile, end in line:
        a, b = TILE_ENDS[tile]
        if end is None:
            opening, left, right = (a, b), a, b
        elif end == LEFT:
            far = b if a == left else a
            left_arm.append((left, far, a == b))
            left = far
        else:
            far = b if a == right else a
            right_arm.append((right, far, a == b))
            right = far
    return opening, left_arm, right_arm


class DominoTableScene(TableScene):
    def __init__(self, app, controller: TableController):
        super().__init__(app, controller)
        self.selected: int | None = None
        self.drag_from: tuple | None = None
        self.drag_pos: tuple | None = None
        self.messages: list = []           # (text, until, colour)
        self.flight = None                 # (tile, player, started) for the last laid tile
        self.seat_change = None            # (old chairs, new chairs, started)
        self.hand_rects: list = []
        self.layout = None
        self.layout_key = None
        self.last_placed = None

    # --- widgets -----------------------------------------------------------------------

    def build(self) -> None:
        manager = self.app.manager
        width, height = self.app.size
        self.menu_button = self.add(UIButton(pygame.Rect(12, 12, 100, 38), t("table.menu"),
                                             manager))
        hand_top = self.geometry()["hand"].top
        self.pass_button = self.add(UIButton(pygame.Rect(width - 190, hand_top - 52, 170, 44),
                                             t("table.pass"), manager))
        self.apollo_button = self.add(UIButton(pygame.Rect(width - 190, hand_top - 52, 170, 44),
                                               t("domino.table.apollo"), manager))
        self.tambah_button = self.add(UIButton(pygame.Rect(20, hand_top - 52, 190, 44),
                                               t("domino.table.tambah"), manager))
        self.sync_buttons()

    def sync_buttons(self) -> None:
        if not self.widgets:
            return
        player = self.ctl.human_to_act()
        legal = self.ctl.state.legal_actions() if player is not None else []
        show = {self.pass_button: legal == [PASS],
                self.apollo_button: any(isinstance(a, Apollo) for a in legal),
                self.tambah_button: player is not None and self.ctl.timer.can_tambah(player)}
        for button, visible in show.items():
            if visible and not button.visible:
                button.show()
            elif not visible and button.visible:
                button.hide()

    # --- geometry --------------------------------------------------------------------------

    def geometry(self) -> dict:
        width, height = self.app.size
        hand_unit = max(20, min(44, height // 17, (width - 80) // 16))
        hand = pygame.Rect(0, 0, 7 * (hand_unit + 10), 2 * hand_unit)
        hand.midbottom = (width // 2, height - 18)
        side_room = max(110, width // 9)
        line = pygame.Rect(side_room, 120, width - 2 * side_room, hand.top - 70 - 120)
        return {"hand_unit": hand_unit, "hand": hand, "line": line,
                "score": pygame.Rect(width - 250, 10, 238, 36 + 26 * 4),
                "plates": {"bottom": (width // 2, hand.top - 14),
                           "right": (width - side_room // 2, height // 2 - 20),
                           "top": (width // 2, 84),
                           "left": (side_room // 2, height // 2 - 20)}}

    def side_of(self, player: int, chairs: tuple | None = None) -> str:
        """Where a player sits on screen: the viewer at the bottom, the next in turn order on
        the right, then top, then left."""
        chairs = chairs or self.ctl.state.chairs
        anchor = self.ctl.viewer if self.ctl.viewer is not None else chairs[0]
        offset = (chairs.index(player) - chairs.index(anchor)) % 4
        return SIDES[offset]

    def plate_position(self, player: int, geo) -> tuple:
        """The name plate's position; during a seat change (D3) it slides to the new chair."""
        target = geo["plates"][self.side_of(player)]
        if self.seat_change is None:
            return target
        old_chairs, _, started = self.seat_change
        progress = (self.app.now - started) / SEAT_CHANGE_S
        if progress >= 1:
            self.seat_change = None
            return target
        start = geo["plates"][self.side_of(player, old_chairs)]
        eased = 1 - (1 - progress) ** 2
        return (round(start[0] + (target[0] - start[0]) * eased),
                round(start[1] + (target[1] - start[1]) * eased))

    # --- input --------------------------------------------------------------------------------

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
        elif event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            self.drag_pos = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)

    def on_button(self, element) -> None:
        now = self.app.now
        if element is self.menu_button:
            self.open_pause()
        elif element is self.pass_button:
            self.attempt(PASS)
        elif element is self.apollo_button:
            apollos = [a for a in self.ctl.state.legal_actions() if isinstance(a, Apollo)]
            if apollos:
                self.attempt(apollos[0])
        elif element is self.tambah_button:
            self.ctl.tambah(now)
            self.sync_buttons()

    def tile_at(self, pos) -> int | None:
        for tile, rect in self.hand_rects:
            if rect.collidepoint(pos):
                return tile
        return None

    def end_at(self, pos) -> str | None:
        if self.layout is None:
            return None
        for end, rect in self.layout.targets.items():
            if rect.inflate(12, 12).collidepoint(pos):
                return end
        return None

    def on_press(self, pos) -> None:
        if self.ctl.human_to_act() is None:
            return
        tile = self.tile_at(pos)
        if tile is not None:
            if tile == self.selected:
                self.play_obvious(tile)
            else:
                self.selected = tile
                self.drag_from, self.drag_pos = pos, pos
            return
        end = self.end_at(pos)
        if end is not None and self.selected is not None:
            self.play_selected(end)
        else:
            self.selected = None

    def on_release(self, pos) -> None:
        dragged = self.drag_from is not None and self.drag_pos is not None and (
            abs(pos[0] - self.drag_from[0]) + abs(pos[1] - self.drag_from[1]) > 12)
        self.drag_from = self.drag_pos = None
        if dragged and self.selected is not None:
            end = self.end_at(pos)
            if end is not None:
                self.play_selected(end)

    def play_obvious(self, tile: int) -> None:
        """A second click on the selected tile plays it where it can only go."""
        state = self.ctl.state
        if state.opening_tile is not None:
            self.attempt(OPENING_PLAY[tile])
            return
        ends = [end for end, number in ((LEFT, state.left), (RIGHT, state.right))
                if fits(tile, number)]
        if len(set(ends)) == 1 or (ends and state.left == state.right):
            self.attempt(PLAY_AT[tile][ends[0]])
        elif not ends:
            self.attempt(PLAY_AT[tile][LEFT])    # a wrong tile: refused (and −1 in tournaments)

    def play_selected(self, end: str) -> None:
        state = self.ctl.state
        tile = self.selected
        if state.opening_tile is not None or end == "":
            self.attempt(OPENING_PLAY[tile])
        else:
            self.attempt(PLAY_AT[tile][end])

    def attempt(self, action) -> None:
        try:
            events = self.ctl.human_action(action, self.app.now)
        except IllegalAction as refusal:
            self.say(t("table.refused", reason=refusal_words(refusal)), (255, 170, 150))
            return
        if not any(isinstance(e, Misplayed) for e in events):
            self.selected = None

    def say(self, text: str, colour=CREAM) -> None:
        self.messages.append((text, self.app.now + MESSAGE_S, colour))
        self.messages = self.messages[-3:]

    # --- the clock ------------------------------------------------------------------------

    def update(self, now: float, dt: float) -> None:
        if self.paused_at is not None:
            return
        self.ctl.update(now)
        self.read_events(now)
        self.sync_dialog(now)
        self.sync_buttons()

    def read_events(self, now: float) -> None:
        names = [seat.name for seat in self.ctl.seats]
        new_events = self.ctl.events.since(self.seen_events)
        self.app.sound.play_events(self.ctl.table.definition.name, new_events)
        for event in new_events:
            if isinstance(event, TilePlayed):
                self.flight = (event.tile, event.player, now)
            elif isinstance(event, Passed):
                self.say(t("domino.table.passed", name=names[event.player]))
            elif isinstance(event, Misplayed):
                self.say(t("domino.table.misplay", name=names[event.player]), (255, 170, 150))
            elif isinstance(event, SeatsChanged):
                a, b = event.swapped
                before = tuple(b if p == a else a if p == b else p for p in event.chairs)
                self.seat_change = (before, event.chairs, now)
                self.say(t("domino.seats.changed", number=event.before_deal, a=names[a],
                           b=names[b]),
                         GOLD)
            elif isinstance(event, DealStarted):
                self.selected = None
        self.seen_events = self.ctl.events.end
        self.announce_notices(names)

    def sync_dialog(self, now: float) -> None:
        phase = self.ctl.phase
        wanted = None
        if phase is Phase.HANDOFF:
            wanted = HandoffScene
        elif phase is Phase.SUMMARY and now >= self.ctl.resume_at:
            wanted = SummaryScene
        elif phase is Phase.OVER:
            wanted = MatchOverScene
        switch_dialog(self, wanted, final_dialog=MatchOverScene)


    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        geo = self.geometry()
        state = self.ctl.state
        self.draw_header(surface)
        self.draw_line(surface, geo)
        for player in state.order:
            self.draw_player(surface, geo, player)
        self.draw_scoreboard(surface, geo["score"])
        self.draw_messages(surface, geo)

    def draw_header(self, surface) -> None:
        state = self.ctl.state
        if state.deal_number == 0:
            return
        text = (t("domino.table.tiebreak_deal") if state.in_tiebreak
                else t("domino.table.deal", number=state.deal_number))
        draw_text(surface, text, (126, 22), 20, GOLD, bold=True)

    def draw_line(self, surface, geo) -> None:
        state = self.ctl.state
        key = (len(state.line), state.deal_number, tuple(geo["line"]))
        if self.layout_key != key:           # the snake only changes when a tile is laid
            self.layout = layout_line(*line_arms(state.line), geo["line"])
            self.layout_key = key
            self.last_placed = self.find_last_placed(state)
        flying = self.flight_progress()
        for placed in self.layout.tiles:
            image = tile_image(placed.first, placed.second, self.layout.unit, placed.vertical)
            rect = placed.rect
            if flying is not None and placed is self.last_placed:
                rect = self.flight_rect(placed.rect, flying, geo)
            surface.blit(image, rect)
        self.draw_end_markers(surface)
        self.draw_targets(surface)

    def draw_end_markers(self, surface) -> None:
        """Both open ends always carry a small marker with the number that fits there."""
        state = self.ctl.state
        if not state.line or self.layout is None:
            return
        for end, number in ((LEFT, state.left), (RIGHT, state.right)):
            rect = self.layout.targets[end]
            radius = max(9, self.layout.unit // 3)
            pygame.draw.circle(surface, (12, 50, 30), rect.center, radius)
            pygame.draw.circle(surface, GOLD, rect.center, radius, 2)
            draw_text(surface, str(number), rect.center, max(12, radius), GOLD, bold=True,
                      anchor="center")

    def find_last_placed(self, state):
        """The PlacedTile of the tile laid last (it is the one that flies in)."""
        if not state.line:
            return None
        end = state.line[-1][1]
        arm = "" if end is None else end
        index = 0 if end is None else sum(1 for _, e in state.line if e == end)
        return next((p for p in self.layout.tiles if p.arm == arm and p.index == index), None)

    def flight_progress(self) -> float | None:
        if self.flight is None:
            return None
        progress = (self.app.now - self.flight[2]) / TILE_FLIGHT_S
        if progress >= 1:
            self.flight = None
            return None
        return max(0.0, progress)

    def flight_rect(self, target: pygame.Rect, progress: float, geo) -> pygame.Rect:
        start = geo["plates"][self.side_of(self.flight[1])]
        eased = 1 - (1 - progress) ** 3
        rect = target.copy()
        rect.center = (round(start[0] + (target.centerx - start[0]) * eased),
                       round(start[1] + (target.centery - start[1]) * eased))
        return rect

    def draw_targets(self, surface) -> None:
        """Light up the ends where the selected tile fits (D7)."""
        if self.selected is None or self.ctl.human_to_act() is None or self.layout is None:
            return
        state = self.ctl.state
        for end, rect in self.layout.targets.items():
            if end == "":
                fits_here = self.selected == state.opening_tile
            else:
                fits_here = fits(self.selected, state.left if end == LEFT else state.right)
            if fits_here:
                surface.blit(_glow(rect.size), rect)


    def draw_player(self, surface, geo, player: int) -> None:
        state = self.ctl.state
        side = self.side_of(player)
        x, y = self.plate_position(player, geo)
        seat = self.ctl.seats[player]
        chair = "ABCD"[state.chairs.index(player)]
        acting = state.current_player() == player and self.ctl.phase in (Phase.HUMAN, Phase.BOT)
        colour = GOLD if acting else CREAM
        label = f"{chair} · {seat.name}"
        shown = self.ctl.hand_visible_to() == player and side == "bottom"
        if side == "bottom":
            self.draw_own_hand(surface, geo, player, shown)
            draw_text(surface, label, (x, y), 20, colour, bold=acting, anchor="midbottom")
        else:
            self.draw_backs(surface, side, (x, y), len(state.hands[player]))
            count = len(state.hands[player])
            half = 22 if side == "top" else max(22, count * 17 // 2 + 4)
            draw_text(surface, label, (x, y - half - 4), 18, colour, bold=acting,
                      anchor="midbottom")
            draw_text(surface, t("domino.table.tiles_left_one") if count == 1
                      else t("domino.table.tiles_left", count=count),
                      (x, y + half + 2), 14, CREAM, anchor="midtop")
        if acting and self.ctl.phase is Phase.BOT:
            below = max(40, len(state.hands[player]) * 17 // 2 + 26)
            draw_text(surface, t("table.thinking", name=seat.name),
                      (x, y + (below if side != "bottom" else -26)), 14, (200, 230, 200),
                      anchor="midtop" if side != "bottom" else "midbottom")
        left = self.ctl.time_left(self.app.now)
        if acting and left is not None and self.ctl.phase is Phase.HUMAN:
            draw_text(surface, t("table.seconds", seconds=int(left + 0.999)),
                      (x + 140, y), 20, (255, 120, 100) if left < 10 else GOLD, bold=True,
                      anchor="midbottom")

    def draw_own_hand(self, surface, geo, player: int, shown: bool) -> None:
        state = self.ctl.state
        unit = geo["hand_unit"]
        hand = sorted(state.hands[player], key=lambda tile: TILE_ENDS[tile])
        area = geo["hand"]
        step = unit + 10
        start = area.centerx - (len(hand) * step - 10) // 2
        self.hand_rects = []
        for index, tile in enumerate(hand):
            rect = pygame.Rect(start + index * step, area.top, unit, 2 * unit)
            if not shown:
                surface.blit(tile_back(unit, True), rect)
                continue
            selected = tile == self.selected
            if selected:
                rect.y -= unit // 3
                if self.drag_pos is not None and self.drag_from is not None:
                    rect.x += self.drag_pos[0] - self.drag_from[0]
                    rect.y += self.drag_pos[1] - self.drag_from[1]
            a, b = TILE_ENDS[tile]
            surface.blit(tile_image(a, b, unit, True, selected), rect)
            self.hand_rects.append((tile, rect))
        if not shown:
            self.hand_rects = []

    def draw_backs(self, surface, side: str, center, count: int) -> None:
        unit = 14
        if side == "top":
            step = unit + 4
            x0 = center[0] - (count * step) // 2
            for index in range(count):
                surface.blit(tile_back(unit, True), (x0 + index * step, center[1] - 8))
        else:
            step = unit + 3
            y0 = center[1] - (count * step) // 2
            for index in range(count):
                surface.blit(tile_back(unit, False), (center[0] - unit, y0 + index * step))

    def draw_scoreboard(self, surface, rect: pygame.Rect) -> None:
        state = self.ctl.state
        draw_panel(surface, rect, 190)
        draw_text(surface, t("table.score"), (rect.x + 12, rect.y + 8), 16, GOLD, bold=True)
        for row, player in enumerate(state.chairs):
            y = rect.y + 34 + row * 26
            chair = "ABCD"[row]
            draw_text(surface, f"{chair}  {self.ctl.seats[player].name}", (rect.x + 12, y), 16,
                      CREAM)
            penalty = state.deal_penalties[player]
            total = f"{state.totals[player]:+d}" + (f"  ({penalty})" if penalty else "")
            draw_text(surface, total, (rect.right - 12, y), 16,
                      (255, 170, 150) if penalty else CREAM, anchor="topright")

    def draw_messages(self, surface, geo) -> None:
        now = self.app.now
        self.messages = [m for m in self.messages if m[1] > now]
        y = 58
        for text, _, colour in self.messages:          # newest at the bottom, under the header
            rect = draw_text(surface, text, (20, y), 17, colour)
            y = rect.bottom + 6
        player = self.ctl.human_to_act()
        if player is not None:
            legal = self.ctl.state.legal_actions()
            hint = t("domino.table.must_pass") if legal == [PASS] else t("domino.table.select_tile")
            draw_text(surface, hint, (geo["hand"].centerx, geo["hand"].top - 40), 15,
                      (210, 230, 210), anchor="midbottom")
