"""The domino table's renderer: draws the table from the view, the layout, the timeline and its
look (table_renderer.py), and changes nothing. The table scene, the lessons and the Review
screen's board all draw with it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.controller.door import Phase
from game.domino.actions import LEFT, OPENING_PLAY, PLAY_AT, RIGHT
from game.domino.tiles import TILE_ENDS

from ..i18n import t
from ..resources import (CUE_ROOM, draw_lines_within, draw_text, draw_text_within, fit_size,
                         for_display, wrap_text)
from ..scaling import px, ui_scale
from ..table_renderer import TableLook, TablePicture, TableRenderer
from ..timeline import OPAQUE, blit_faded, fading
from ..widgets import (COACH, CREAM, GOLD, draw_banner, draw_felt, draw_messages,
                       inside_rim)
from .board import deal_header, draw_prompt, draw_scoreboard
from .layout import HAND_GAP, end_marker, side_of
from .tiles import tile_back, tile_image

THINKING = (200, 230, 200)
AVATAR_ABOVE = 40            # design pixels a side seat's avatar takes above its name


@lru_cache(maxsize=16)
def _glow(size: tuple, radius: int, line: int) -> pygame.Surface:
    glow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (255, 220, 90, 120), glow.get_rect(), border_radius=radius)
    pygame.draw.rect(glow, (255, 230, 120, 255), glow.get_rect(), line, border_radius=radius)
    return for_display(glow)


def draw_target(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The glow on a place where the selected tile fits (D7)."""
    surface.blit(_glow(rect.size, px(6), px(3)), rect)


def draw_end_markers(surface: pygame.Surface, snake, left: int, right: int) -> None:
    """Both open ends of the line carry a small marker with the number that fits there."""
    for end, number in ((LEFT, left), (RIGHT, right)):
        rect = end_marker(snake, end)
        radius = max(px(9), snake.unit // 3)
        pygame.draw.circle(surface, (12, 50, 30), rect.center, radius)
        pygame.draw.circle(surface, GOLD, rect.center, radius, px(2))
        draw_text(surface, str(number), rect.center, max(12, round(radius / ui_scale())),
                  GOLD, bold=True, anchor="center")


@dataclass(frozen=True)
class DominoLook(TableLook):
    """What the domino table shows beyond the view: the line laid out (the scene lays it out,
    its clicks need it too), the hand's places, the tile picked up, the hands lying open."""
    snake: object = None                  # the line's SnakeLayout
    last_placed: object = None            # the tile laid last (its place in the snake)
    hand_rects: tuple = ()                # (tile, rect) of the hand on screen
    selected: int | None = None           # the tile picked up
    open_hands: tuple | None = None       # each seat's tiles when they lie face up (D4, review)


def fitting_ends(legal, tile: int) -> list[str]:
    """The ends where `tile` may be laid now, among the `legal` actions (D7)."""
    return [end for end in (LEFT, RIGHT) if PLAY_AT[tile][end] in legal]


class DominoPicture(TablePicture):
    """One frame of the domino table."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        obs = self.view.observation
        self.draw_header(surface, obs)
        self.draw_line(surface, obs)
        self.draw_seat_change(surface)
        for player in obs.play_order:
            with fading(surface, self.seat_alpha(player)) as layer:
                self.draw_player(layer, obs, player)
        draw_scoreboard(surface, self.layout.score, obs, self.names)
        draw_messages(surface, self.look.messages, (px(12), px(self.messages_top(52))), 16,
                      self.messages_width(surface.get_height(), px(12),
                                          self.layout.plates["top"][0] - px(90 + 12)))
        draw_prompt(surface, self.view, self.layout.plates["bottom"])
        below = [p for p in obs.play_order if self.side_of(p) in ("left", "right")]
        bubbles = self.draw_bubbles(surface,
                                    {p: self.bubble_point(obs, p) for p in obs.play_order},
                                    below=frozenset(below), avoid=self.layout.score)
        self.draw_thinking(surface, obs, bubbles)

    def draw_header(self, surface, obs) -> None:
        if obs.deal_number == 0:
            return
        header, room = deal_header(obs), self.layout.plates["top"][0] - px(126 + 110)
        if fit_size(header, 20, room, bold=True) > 15:      # clear of C, on one line
            draw_text_within(surface, header, (px(126), px(22)), 20, room, GOLD, bold=True)
        else:                                   # a narrow window: whole, on two lines
            draw_lines_within(surface, header, (px(126), px(12)), 15, room, GOLD, bold=True,
                              anchor="topleft")

    def draw_line(self, surface, obs) -> None:
        flight = self.timeline.first("flight")
        now = self.now
        for placed in self.look.snake.tiles:
            image = tile_image(placed.first, placed.second, self.look.snake.unit, placed.vertical)
            if flight is not None and placed is self.look.last_placed:
                start = self.layout.plates[self.side_of(flight.data)]
                blit_faded(surface, image, *self.timeline.place(start, placed.rect.center,
                                                                flight.progress(now)))
            else:
                surface.blit(image, placed.rect)
        if self.look.last_placed is not None and flight is None:
            # the tile laid last stays marked until the next one: who laid it, its bubble says
            pygame.draw.rect(surface, GOLD, self.look.last_placed.rect.inflate(px(6), px(6)), px(2),
                             border_radius=px(6))
        if obs.line:
            draw_end_markers(surface, self.look.snake, obs.left, obs.right)
        self.draw_targets(surface)

    def draw_seat_change(self, surface) -> None:
        """D3's notice in the middle of the table, while the players change chairs and nobody
        plays (the deal has not opened yet: the line is empty)."""
        notice = self.timeline.first("seat_notice")
        if notice is None:
            return
        line = self.layout.line
        lines = wrap_text(notice.data, 20, line.width - px(60), bold=True)
        y = line.centery - len(lines) * px(18)
        for text in lines:
            y = draw_banner(surface, text, (line.centerx, y), 20, anchor="midtop",
                            padding=(28, 10)).bottom

    def draw_targets(self, surface) -> None:
        """Light up the ends where the selected tile fits (D7)."""
        selected = self.look.selected
        if selected is None or self.view.acting is None:
            return
        for end, rect in self.look.snake.targets.items():
            fits_here = (OPENING_PLAY[selected] in self.view.legal if end == ""
                         else end in fitting_ends(self.view.legal, selected))
            if fits_here:
                draw_target(surface, rect)
                advised = self.look.advised
                if advised is not None and getattr(advised, "tile", None) == selected \
                        and (advised.end or "") == end:    # the coach's end: ringed again
                    pygame.draw.rect(surface, COACH, rect.inflate(px(10), px(10)), px(3),
                                     border_radius=px(9))

    def side_of(self, player: int, chairs: tuple | None = None) -> str:
        return side_of(player, self.view.seat, chairs or self.view.observation.chairs)

    def plate_position(self, player: int) -> tuple:
        """The name plate's position; during a seat change (D3) it slides to the new chair."""
        target = self.layout.plates[self.side_of(player)]
        change = self.timeline.first("seats")
        if change is None:
            return target
        start = self.layout.plates[self.side_of(player, change.data)]
        return self.timeline.place(start, target, change.progress(self.now), 2, "move")[0]

    def seat_alpha(self, player: int) -> int:
        """A seat is opaque, but fades out and in where it changes chairs with reduced motion."""
        change = self.timeline.first("seats")
        if change is None or self.side_of(player) == self.side_of(player, change.data):
            return OPAQUE
        return self.timeline.place((0, 0), (0, 0), change.progress(self.now), 2, "move")[1]

    def bubble_point(self, obs, player: int) -> tuple[int, int]:
        """Where a seat's bubble points: above the bottom seat's name, right of the top
        seat's tiles (under them it reached into the line), under a side seat's tiles (above
        them it reached the scoreboard on a small window)."""
        x, y = self.plate_position(player)
        side = self.side_of(player)
        if side == "bottom":
            return x, y - px(24)
        if side == "top":
            return x + px(obs.hand_sizes[player] * 21 // 2 + 36), y + px(4)
        return x, y + px(self.side_half(obs.hand_sizes[player]) + 22)

    @staticmethod
    def side_half(count: int) -> int:
        """Half the height of a side seat's column of `count` tiles (design pixels)."""
        return max(22, count * 17 // 2 + 4)

    def draw_thinking(self, surface, obs, bubbles: dict) -> pygame.Rect | None:
        """'… is thinking' at the AI seat to move, where its bubble would be, or past the
        bubble it has (its last pass stays marked while it thinks again). Returns its rect."""
        player = self.view.to_move
        if player is None or self.view.phase is not Phase.BOT or self.timeline.first(
                "seat_notice") is not None:          # D3: nobody plays while chairs change
            return None
        x, y = self.plate_position(player)
        side = self.side_of(player)
        bubble = bubbles.get(player)
        if side == "bottom":
            at, anchor = (x, (bubble.top if bubble else y - px(26)) - px(4)), "midbottom"
        elif side == "top":
            at, anchor = (x, y + px(46)), "midtop"                # under its "n tiles" line
        else:
            below = (bubble.bottom if bubble else y + px(self.side_half(obs.hand_sizes[player])
                                                         + 22))
            at, anchor = (x, below + px(4)), "midtop"
        room = max(px(CUE_ROOM), 2 * min(x, surface.get_width() - x) - px(24))
        with fading(surface, self.seat_alpha(player)) as layer:
            return draw_lines_within(layer, self.thinking_words(player), at,
                                     14, room, THINKING, anchor=anchor,
                                     within=inside_rim(surface))

    def draw_player(self, surface, obs, player: int) -> None:
        side = self.side_of(player)
        x, y = self.plate_position(player)
        name = self.names[player]
        chair = "ABCD"[obs.chairs.index(player)]
        acting = self.view.to_move == player and self.view.phase in (Phase.HUMAN, Phase.BOT)
        colour = GOLD if acting else CREAM
        label = f"{chair} · {name}"
        # V-D3: the partner sits opposite; the pair is named beside the name at the bottom,
        # under the tiles elsewhere (a side seat has no room beside its name)
        team = ("A+C" if chair in "AC" else "B+D") if obs.options.partnership else ""
        count = obs.hand_sizes[player]
        if side == "bottom":
            self.draw_own_hand(surface, count)
            plate = draw_text(surface, f"{label}  ({team})" if team else label, (x, y), 20,
                              colour, bold=acting, anchor="midbottom")
        else:
            self.draw_backs(surface, side, (x, y), count, self.opened(player))
            half = px(22 if side == "top" else self.side_half(count))
            plate = draw_text(surface, label, (x, y - half - px(4)), 18, colour, bold=acting,
                              anchor="midbottom")
            tiles = (t("domino.table.tiles_left_one") if count == 1
                     else t("domino.table.tiles_left", count=count))
            draw_text(surface, f"{tiles} · {team}" if team else tiles, (x, y + half + px(2)), 14,
                      CREAM, anchor="midtop")
        # beside the name at the top and bottom, above it at the sides (the window's edge)
        at = ((plate.left - px(30), plate.centery) if side in ("bottom", "top")
              else (plate.centerx, plate.top - px(AVATAR_ABOVE // 2)))
        self.draw_seat_avatar(surface, at, player, acting)
        left = self.look.time_left
        if acting and left is not None and self.view.phase is Phase.HUMAN:
            draw_text(surface, t("table.seconds", seconds=int(left + 0.999)),
                      (x + px(140), y), 20, (255, 120, 100) if left < 10 else GOLD, bold=True,
                      anchor="midbottom")

    def draw_own_hand(self, surface, count: int) -> None:
        """Face-up only for the human at the screen (D18); face down otherwise."""
        unit = self.layout.hand_unit
        if not self.view.hand_shown:
            opened = self.opened(self.view.seat)
            count = len(opened) if opened else count
            gap = px(HAND_GAP)
            step = unit + gap
            start = self.layout.hand.centerx - (count * step - gap) // 2
            for index in range(count):
                image = (tile_image(*TILE_ENDS[opened[index]], unit, True) if opened
                         else tile_back(unit, True))
                surface.blit(image, (start + index * step, self.layout.hand.top))
            return
        for tile, rect in self.look.hand_rects:
            a, b = TILE_ENDS[tile]
            surface.blit(tile_image(a, b, unit, True, tile == self.look.selected), rect)

    def opened(self, player: int) -> list:
        """A hand's tiles when they lie face up (D4, the review), in order; else []."""
        hands = self.look.open_hands
        return sorted(hands[player] if hands else (), key=lambda tile: TILE_ENDS[tile])

    def draw_backs(self, surface, side: str, center, count: int, opened: list) -> None:
        """Another seat's tiles: face down, or face up once the deal is over (`opened`)."""
        unit = px(14)
        upright = side == "top"
        count = len(opened) if opened else count

        def image(index: int):
            return (tile_image(*TILE_ENDS[opened[index]], unit, upright) if opened
                    else tile_back(unit, upright))
        if upright:
            step = unit + px(4)
            x0 = center[0] - (count * step) // 2
            for index in range(count):
                surface.blit(image(index), (x0 + index * step, center[1] - px(8)))
        else:
            step = unit + px(3)
            y0 = center[1] - (count * step) // 2
            for index in range(count):
                surface.blit(image(index), (center[0] - unit, y0 + index * step))


class DominoRenderer(TableRenderer):
    PICTURE = DominoPicture
