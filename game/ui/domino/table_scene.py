"""The domino table: the line as a snake, the player's hand, the other hands face down, the
scoreboard, and the dialogs (hand-off, deal summary, match end, pause)."""

from __future__ import annotations

from functools import lru_cache

import pygame
from pygame_gui.elements import UIButton

from game.controller.table_controller import Phase
from game.domino.actions import (LEFT, OPENING_PLAY, PASS, PLAY_AT, RIGHT, Apollo, DealStarted,
                                 Misplayed, Passed, Play, SeatsChanged, TilePlayed)
from game.domino.tiles import TILE_ENDS, tile_text

from ..dialogs import HandoffScene
from ..i18n import t
from ..resources import draw_text, for_display
from ..scaling import px, ui_scale
from ..table_base import REFUSED, TableScene, handles
from ..timeline import OPAQUE, blit_faded, fading
from ..widgets import CREAM, GOLD, draw_felt, draw_messages, draw_panel, set_visible
from .dialogs import ApolloChoiceScene, MatchOverScene, SummaryScene
from .layout import (HAND_GAP, DominoLayout, domino_layout, end_marker, hand_places, side_of,
                     snake_of)
from .tiles import tile_back, tile_image

TILE_FLIGHT_S = 0.35
SEAT_CHANGE_S = 1.6
DRAG_THRESHOLD = 12          # design pixels a press must move to be a drag, not a click
THINKING = (200, 230, 200)
AVATAR_ABOVE = 40            # design pixels a side seat's avatar takes above its name


@lru_cache(maxsize=16)
def _glow(size: tuple, radius: int, line: int) -> pygame.Surface:
    glow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (255, 220, 90, 120), glow.get_rect(), border_radius=radius)
    pygame.draw.rect(glow, (255, 230, 120, 255), glow.get_rect(), line, border_radius=radius)
    return for_display(glow)


class DominoTableScene(TableScene):
    DIALOGS = {Phase.HANDOFF: HandoffScene, Phase.SUMMARY: SummaryScene,
               Phase.OVER: MatchOverScene}
    FINAL_DIALOG = MatchOverScene
    MESSAGE_S = 2.5

    def __init__(self, app, controller):
        self.selected: int | None = None
        self.drag_from: tuple | None = None
        self.drag_pos: tuple | None = None
        self.hand_rects: list = []         # (tile, rect) of the hand on screen, for clicks
        self.snake = None                  # the line's layout, and its key
        self.snake_key = None
        self.last_placed = None
        super().__init__(app, controller)
        self.place_line()

    def make_layout(self, size) -> DominoLayout:
        return domino_layout(size)

    # --- widgets -----------------------------------------------------------------------

    def build(self) -> None:
        super().build()
        manager, layout = self.app.manager, self.layout
        self.pass_button = self.add(UIButton(layout.buttons, t("table.pass"), manager))
        self.apollo_button = self.add(UIButton(layout.buttons, t("domino.table.apollo"),
                                               manager))
        self.tambah_button = self.add(UIButton(layout.tambah, t("domino.table.tambah"),
                                               manager))
        self.sync_widgets()

    def sync_widgets(self) -> None:
        self.place_line()
        self.hand_rects = self.place_hand()
        if not self.widgets:
            return
        legal = self.view.legal
        set_visible(self.pass_button, legal == (PASS,))
        set_visible(self.apollo_button, any(isinstance(a, Apollo) for a in legal))
        set_visible(self.tambah_button, self.view.acting is not None and self.ctl.can_tambah())

    def place_line(self) -> None:
        """The snake changes only when a tile is laid or the window changes."""
        obs = self.view.observation
        key = (len(obs.line), obs.deal_number, tuple(self.layout.line))
        if key != self.snake_key:
            self.snake, self.last_placed = snake_of(obs.line, self.layout.line)
            self.snake_key = key

    def place_hand(self) -> list:
        if not self.view.hand_shown:
            return []
        drag = None
        if self.drag_from is not None and self.drag_pos is not None:
            drag = (self.drag_pos[0] - self.drag_from[0], self.drag_pos[1] - self.drag_from[1])
        return hand_places(self.layout, self.view.observation.hand, self.selected, drag)

    def side_of(self, player: int, chairs: tuple | None = None) -> str:
        return side_of(player, self.view.seat, chairs or self.view.observation.chairs)

    # --- input --------------------------------------------------------------------------------

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
        elif event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            self.drag_pos = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
        self.hand_rects = self.place_hand()

    def on_button(self, element) -> None:
        if element is self.pass_button:
            self.attempt(PASS)
        elif element is self.apollo_button:
            apollos = [a for a in self.view.legal if isinstance(a, Apollo)]
            if len(apollos) == 1:
                self.attempt(apollos[0])
            elif apollos:                       # D7/D11: the player chooses the ends
                self.app.stack.push(ApolloChoiceScene(self.app, self, apollos))
        elif element is self.tambah_button:
            self.ctl.tambah(self.app.now)
            self.sync_widgets()
        else:
            super().on_button(element)

    def tile_at(self, pos) -> int | None:
        return next((tile for tile, rect in self.hand_rects if rect.collidepoint(pos)), None)

    def end_at(self, pos) -> str | None:
        return next((end for end, rect in self.snake.targets.items()
                     if rect.inflate(px(12), px(12)).collidepoint(pos)), None)

    def on_press(self, pos) -> None:
        if self.view.acting is None:
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
            abs(pos[0] - self.drag_from[0]) + abs(pos[1] - self.drag_from[1]) > px(DRAG_THRESHOLD))
        self.drag_from = self.drag_pos = None
        if dragged and self.selected is not None:
            end = self.end_at(pos)
            if end is not None:
                self.play_selected(end)

    def fitting_ends(self, tile: int) -> list[str]:
        """The ends where `tile` may be laid now (D7)."""
        return [end for end in (LEFT, RIGHT) if PLAY_AT[tile][end] in self.view.legal]

    def play_obvious(self, tile: int) -> None:
        """A second click on the selected tile plays it where it can only go."""
        if OPENING_PLAY[tile] in self.view.legal:
            self.attempt(OPENING_PLAY[tile])
            return
        obs = self.view.observation
        ends = self.fitting_ends(tile)
        if len(ends) == 1 or (ends and obs.left == obs.right):
            self.attempt(PLAY_AT[tile][ends[0]])
        elif ends:                          # D7: the player chooses the end
            self.say(t("domino.table.fits_both", tile=tile_text(tile)))
        elif not ends:
            self.attempt(PLAY_AT[tile][LEFT] if obs.line else OPENING_PLAY[tile])
            # a wrong tile: refused (and −1 in tournaments, D8)

    def play_selected(self, end: str) -> None:
        tile = self.selected
        if not self.view.observation.line or end == "":
            self.attempt(OPENING_PLAY[tile])
        else:
            self.attempt(PLAY_AT[tile][end])

    def attempt(self, action):
        events = super().attempt(action)
        if events is not None and not any(isinstance(e, Misplayed) for e in events):
            self.selected = None
        self.hand_rects = self.place_hand()
        return events

    # --- events ---------------------------------------------------------------------------

    @handles(TilePlayed)
    def on_tile_played(self, event, now: float) -> None:
        self.timeline.start("flight", now, TILE_FLIGHT_S, event.player)

    @handles(Passed)
    def on_passed(self, event, now: float) -> None:
        self.say(t("domino.table.passed", name=self.names[event.player]))
        self.say_at(event.player, t("table.pass"))

    @handles(Misplayed)
    def on_misplayed(self, event, now: float) -> None:
        obs = self.view.observation
        self.say(t("domino.table.misplay", name=self.names[event.player],
                   tile=tile_text(event.tile), left=obs.left, right=obs.right,
                   penalty=abs(event.penalty)), REFUSED)

    @handles(SeatsChanged)
    def on_seats_changed(self, event, now: float) -> None:
        a, b = event.swapped
        before = tuple(b if p == a else a if p == b else p for p in event.chairs)
        # D3: the players change chairs before the deal's opening tile is laid
        self.timeline.start("seats", now, SEAT_CHANGE_S, before, hold=True)
        self.say(t("domino.seats.changed", number=event.before_deal, a=self.names[a],
                   b=self.names[b]), GOLD)

    @handles(DealStarted)
    def on_deal_started(self, event, now: float) -> None:
        self.selected = None

    # --- drawing (reads the view, the layout and the timeline; changes nothing) -------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        obs = self.view.observation
        self.draw_header(surface, obs)
        self.draw_line(surface, obs)
        for player in obs.play_order:
            with fading(surface, self.seat_alpha(player)) as layer:
                self.draw_player(layer, obs, player)
        self.draw_scoreboard(surface, obs)
        draw_messages(surface, self.log.messages, (px(12), px(52)), 16,
                      self.layout.plates["top"][0] - px(90 + 12))      # clear of the top seat
        self.draw_prompt(surface)
        top = [p for p in obs.play_order if self.side_of(p) == "top"]
        self.draw_bubbles(surface, {p: self.bubble_point(obs, p) for p in obs.play_order},
                          below=frozenset(top))

    def draw_header(self, surface, obs) -> None:
        if obs.deal_number == 0:
            return
        text = (t("domino.table.tiebreak_deal") if obs.tiebreak
                else t("domino.table.deal", number=obs.deal_number))
        draw_text(surface, text, (px(126), px(22)), 20, GOLD, bold=True)

    def draw_line(self, surface, obs) -> None:
        flight = self.timeline.first("flight")
        now = self.app.now
        for placed in self.snake.tiles:
            image = tile_image(placed.first, placed.second, self.snake.unit, placed.vertical)
            if flight is not None and placed is self.last_placed:
                start = self.layout.plates[self.side_of(flight.data)]
                blit_faded(surface, image, *self.timeline.place(start, placed.rect.center,
                                                                flight.progress(now)))
            else:
                surface.blit(image, placed.rect)
        self.draw_end_markers(surface, obs)
        self.draw_targets(surface)

    def draw_end_markers(self, surface, obs) -> None:
        """Both open ends always carry a small marker with the number that fits there."""
        if not obs.line:
            return
        for end, number in ((LEFT, obs.left), (RIGHT, obs.right)):
            rect = end_marker(self.snake, end)
            radius = max(px(9), self.snake.unit // 3)
            pygame.draw.circle(surface, (12, 50, 30), rect.center, radius)
            pygame.draw.circle(surface, GOLD, rect.center, radius, px(2))
            draw_text(surface, str(number), rect.center, max(12, round(radius / ui_scale())),
                      GOLD, bold=True, anchor="center")

    def draw_targets(self, surface) -> None:
        """Light up the ends where the selected tile fits (D7)."""
        if self.selected is None or self.view.acting is None:
            return
        for end, rect in self.snake.targets.items():
            fits_here = (OPENING_PLAY[self.selected] in self.view.legal if end == ""
                         else end in self.fitting_ends(self.selected))
            if fits_here:
                surface.blit(_glow(rect.size, px(6), px(3)), rect)

    def plate_position(self, player: int) -> tuple:
        """The name plate's position; during a seat change (D3) it slides to the new chair."""
        target = self.layout.plates[self.side_of(player)]
        change = self.timeline.first("seats")
        if change is None:
            return target
        start = self.layout.plates[self.side_of(player, change.data)]
        return self.timeline.place(start, target, change.progress(self.app.now), 2, "move")[0]

    def seat_alpha(self, player: int) -> int:
        """A seat is opaque, but fades out and in where it changes chairs with reduced motion."""
        change = self.timeline.first("seats")
        if change is None or self.side_of(player) == self.side_of(player, change.data):
            return OPAQUE
        return self.timeline.place((0, 0), (0, 0), change.progress(self.app.now), 2, "move")[1]

    def bubble_point(self, obs, player: int) -> tuple[int, int]:
        """Where a seat's bubble points: above its name (under the top seat's tiles)."""
        x, y = self.plate_position(player)
        side = self.side_of(player)
        if side == "bottom":
            return x, y - px(24)
        if side == "top":
            return x, y + px(36)
        return x, y - px(max(22, obs.hand_sizes[player] * 17 // 2 + 4) + 26 + AVATAR_ABOVE)

    def draw_player(self, surface, obs, player: int) -> None:
        side = self.side_of(player)
        x, y = self.plate_position(player)
        name = self.names[player]
        chair = "ABCD"[obs.chairs.index(player)]
        acting = self.view.to_move == player and self.view.phase in (Phase.HUMAN, Phase.BOT)
        colour = GOLD if acting else CREAM
        label = f"{chair} · {name}"
        count = obs.hand_sizes[player]
        if side == "bottom":
            self.draw_own_hand(surface, count)
            plate = draw_text(surface, label, (x, y), 20, colour, bold=acting, anchor="midbottom")
        else:
            self.draw_backs(surface, side, (x, y), count)
            half = px(22 if side == "top" else max(22, count * 17 // 2 + 4))
            plate = draw_text(surface, label, (x, y - half - px(4)), 18, colour, bold=acting,
                              anchor="midbottom")
            draw_text(surface, t("domino.table.tiles_left_one") if count == 1
                      else t("domino.table.tiles_left", count=count),
                      (x, y + half + px(2)), 14, CREAM, anchor="midtop")
        # beside the name at the top and bottom, above it at the sides (the window's edge)
        at = ((plate.left - px(24), plate.centery) if side in ("bottom", "top")
              else (plate.centerx, plate.top - px(AVATAR_ABOVE // 2)))
        self.draw_seat_avatar(surface, at, player, acting)
        if acting and self.view.phase is Phase.BOT:
            below = px(max(40, count * 17 // 2 + 26))
            draw_text(surface, t("table.thinking", name=name),
                      (x, y + (below if side != "bottom" else -px(26))), 14, THINKING,
                      anchor="midtop" if side != "bottom" else "midbottom")
        left = self.ctl.time_left(self.app.now)
        if acting and left is not None and self.view.phase is Phase.HUMAN:
            draw_text(surface, t("table.seconds", seconds=int(left + 0.999)),
                      (x + px(140), y), 20, (255, 120, 100) if left < 10 else GOLD, bold=True,
                      anchor="midbottom")

    def draw_own_hand(self, surface, count: int) -> None:
        """Face-up only for the human at the screen (D18); face down otherwise."""
        unit = self.layout.hand_unit
        if not self.view.hand_shown:
            gap = px(HAND_GAP)
            step = unit + gap
            start = self.layout.hand.centerx - (count * step - gap) // 2
            for index in range(count):
                surface.blit(tile_back(unit, True), (start + index * step, self.layout.hand.top))
            return
        for tile, rect in self.hand_rects:
            a, b = TILE_ENDS[tile]
            surface.blit(tile_image(a, b, unit, True, tile == self.selected), rect)

    def draw_backs(self, surface, side: str, center, count: int) -> None:
        unit = px(14)
        if side == "top":
            step = unit + px(4)
            x0 = center[0] - (count * step) // 2
            for index in range(count):
                surface.blit(tile_back(unit, True), (x0 + index * step, center[1] - px(8)))
        else:
            step = unit + px(3)
            y0 = center[1] - (count * step) // 2
            for index in range(count):
                surface.blit(tile_back(unit, False), (center[0] - unit, y0 + index * step))

    def draw_scoreboard(self, surface, obs) -> None:
        rect = self.layout.score
        draw_panel(surface, rect, 190)
        draw_text(surface, t("table.score"), (rect.x + px(12), rect.y + px(8)), 16, GOLD,
                  bold=True)
        for row, player in enumerate(obs.chairs):
            y = rect.y + px(34 + row * 26)
            draw_text(surface, f"{'ABCD'[row]}  {self.names[player]}", (rect.x + px(12), y), 16,
                      CREAM)
            penalty = obs.deal_penalties[player]
            total = f"{obs.totals[player]:+d}" + (f"  ({penalty})" if penalty else "")
            draw_text(surface, total, (rect.right - px(12), y), 16,
                      REFUSED if penalty else CREAM, anchor="topright")

    def draw_prompt(self, surface) -> None:
        if self.view.acting is None:
            return
        opening = [action for action in self.view.legal
                   if isinstance(action, Play) and action.end is None]
        if self.view.legal == (PASS,):
            hint = t("domino.table.must_pass")
        elif opening:                       # D5: nothing glows until the opening tile is laid
            hint = t("domino.table.open_with", tile=tile_text(opening[0].tile))
        else:
            hint = t("domino.table.select_tile")
        hand = self.layout.hand
        draw_text(surface, hint, (hand.centerx, hand.top - px(40)), 15, (210, 230, 210),
                  anchor="midbottom")
