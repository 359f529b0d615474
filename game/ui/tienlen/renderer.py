"""The Tiến Lên table's renderer: draws the table from the view, the layout, the timeline and its
look (table_renderer.py), and changes nothing. The table scene, the lessons and the Review
screen's board all draw with it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.controller.door import Phase
from game.tienlen.actions import CardsPlayed, GameStarted, PlayerOut, RoundEnded
from game.tienlen.cards import name, pretty
from game.tienlen.combos import classify

from .. import look
from ..cards import card_back, card_image, card_size, open_hand_rects
from ..i18n import number, t
from ..resources import (CUE_ROOM, draw_lines_within, draw_text, draw_text_within, for_display,
                         font, wrap_text)
from ..scaling import px
from ..table_renderer import TableLook, TablePicture, TableRenderer
from ..timeline import OPAQUE, fading
from ..widgets import (CREAM, GOLD, draw_felt, draw_messages, draw_panel,
                       inside_rim)
from .layout import side_of
from .words import combo_name, lead_words, may_rechop, rechop_words

GREY = (150, 160, 150)
WARN = (255, 170, 150)
CHOP_RED = (230, 70, 60)
THINKING = (200, 230, 200)
AVATAR_ABOVE = 40            # design pixels a side seat's avatar takes above its name


def _mix(colour, over, share: float) -> tuple:
    return tuple(round(a * share + b * (1 - share)) for a, b in zip(colour, over))


@lru_cache(maxsize=2)
def _background(size: tuple, felt: tuple, ring: tuple) -> pygame.Surface:
    """The felt and the ring, drawn once per window size and felt: one opaque copy a frame
    is quicker than filling the window and the ring again (1.1 against 2.5 ms at 2560×1440)."""
    background = pygame.Surface(size).convert()
    draw_felt(background)
    draw_ring(background, pygame.Rect(ring))
    return background


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The faint ring where cards are played: a lighter felt and a thin gold line, mixed with
    the felt under it and drawn opaque (a see-through picture of its size cost about 2 ms a
    frame at 2560×1440)."""
    felt = surface.get_at(rect.center)[:3]
    pygame.draw.ellipse(surface, _mix((255, 255, 255), felt, 10 / 255), rect)
    pygame.draw.ellipse(surface, _mix((240, 212, 140), felt, 50 / 255), rect, px(2))


@lru_cache(maxsize=16)
def _back(width: int, sideways: bool, dimmed: bool, design: str) -> pygame.Surface:
    """A card back (of the `design` chosen in Settings), lying sideways for the players on the
    left and right, darker for a player who passed this round or left the table."""
    image = card_back(width).copy()
    if dimmed:
        image.fill((120, 120, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return for_display(pygame.transform.rotate(image, 90) if sideways else image)


def round_plays(history) -> list:
    """The plays of the round in progress, oldest first (the centre shows the last two)."""
    plays = []
    for event in reversed(history):
        if isinstance(event, (RoundEnded, GameStarted)):
            break
        if isinstance(event, CardsPlayed):
            plays.append(event)
    return plays[::-1]


def draw_combo(surface, cards, center, width: int, dimmed: bool = False) -> None:
    """A combination on the table: its cards overlapping left to right around `center`."""
    w, h = card_size(width)
    step = max(w * 2 // 5, min(w * 3 // 5, (surface.get_width() // 2 - w) //
                               max(1, len(cards) - 1)))
    x = center[0] - (w + step * (len(cards) - 1)) // 2
    for index, card in enumerate(cards):
        surface.blit(card_image(name(card), width, dimmed=dimmed),
                     (x + index * step, center[1] - h // 2))


@dataclass(frozen=True)
class TienLenLook(TableLook):
    """What the Tiến Lên table shows beyond the view: the stake, the hand's fan (it draws
    itself, the cards raised), whose it is, what the Play button says of the selection, the
    hands lying open."""
    stake: int = 0
    fan: object = None                    # the HandFan at the bottom (hand.py)
    fan_owner: int | None = None          # whose hand the fan shows (None: face down)
    acting: int | None = None             # the human at the screen, to move, their fan shown
    verdict: object = None                # words.Verdict of the selection, while acting
    open_hands: tuple | None = None       # each seat's cards when they lie face up (T13, review)


class TienLenPicture(TablePicture):
    """One frame of the Tiến Lên table."""

    @property
    def players(self) -> int:
        return len(self.view.observation.at_table)

    def side_of(self, player: int) -> str:
        return side_of(player, self.view.seat, self.players)

    def table_combo(self):
        """The combination to beat (None when the round is led afresh)."""
        cards = self.view.observation.table_cards
        return classify(cards) if cards else None

    def draw(self, surface: pygame.Surface) -> None:
        layout, obs = self.layout, self.view.observation
        surface.blit(_background(surface.get_size(), look.felt(), tuple(layout.ring)), (0, 0))
        if obs.game:
            text = t("tienlen.header", number=obs.game, stake=self.look.stake)
            draw_text_within(surface, text, (px(126), px(22)), 20,           # clear of the top
                             layout.plates["top"][0] - px(126 + 60), GOLD, bold=True)   # seat
        for player in range(self.players):
            self.draw_seat(surface, obs, player)
        self.draw_centre(surface, obs)          # after the seats: a play flies over them
        self.draw_scoreboard(surface, obs)
        draw_messages(surface, self.look.messages, (px(12), px(self.messages_top(52))), 15,
                      self.messages_width(surface.get_height(), px(12),
                                          layout.plates["top"][0] - px(100 + 12)))
        self.draw_instruction(surface, obs)
        points = {player: self.bubble_point(player) for player in range(self.players)}
        top = frozenset(p for p in points if self.side_of(p) == "top")
        self.draw_bubbles(surface, points, below=top)
        self.draw_banner(surface)          # the key moment: over the seats' marks

    def bubble_point(self, player: int) -> tuple[int, int]:
        """Where a seat's bubble points: above its name (below the top seat's cards and
        status, so that it covers neither)."""
        x, y = self.layout.plates[self.side_of(player)]
        side = self.side_of(player)
        if side == "bottom":
            return x, y - px(24)
        if side == "top":
            return x, y + px(74) + card_size(self.layout.back_width)[1]
        return x, y - px(4 + AVATAR_ABOVE)

    def draw_centre(self, surface, obs) -> None:
        """The combination to beat and who played it; the one it beat, dimmed, behind it."""
        layout = self.layout
        cx, cy = layout.center
        width = layout.table_card_width
        height = card_size(width)[1]
        game_over = self.view.revealed is not None      # the winning play stays in view
        plays = round_plays(obs.history) if obs.table_cards or game_over else []
        if len(plays) >= 2:
            draw_combo(surface, plays[-2].cards, (cx - width // 3, cy - height // 4), width,
                       dimmed=True)
        if plays:
            last = plays[-1]
            at, alpha = (cx, cy), OPAQUE
            flight = self.timeline.first("flight")
            if flight is not None and flight.data == last.player:
                start = layout.plates[self.side_of(last.player)]
                at, alpha = self.timeline.place(start, (cx, cy), flight.progress(self.now))
            with fading(surface, alpha) as layer:
                draw_combo(layer, last.cards, at, width)
            label = t("tienlen.centre_play", what=combo_name(classify(last.cards)),
                      name=self.names[last.player])
            draw_text(surface, label, (cx, cy + height // 2 + px(10)), 19, CREAM,
                      bold=True, anchor="midtop")
        elif self.view.to_move is not None and self.view.revealed is None:
            leader = self.names[self.view.to_move]
            text = (t("tienlen.centre_first", name=leader, card=pretty(obs.must_include))
                    if obs.must_include is not None else t("tienlen.centre_lead", name=leader))
            draw_text(surface, text, (cx, cy), 20, (205, 225, 205), anchor="center")

    def draw_seat(self, surface, obs, player: int) -> None:
        """Name, cards left and what the player is doing; their hand (the fan at the bottom,
        face down elsewhere). Passed players and those who left are greyed."""
        layout = self.layout
        side = self.side_of(player)
        x, y = layout.plates[side]
        seated = obs.at_table[player]
        acting = (self.view.to_move == player and seated
                  and self.view.phase in (Phase.HUMAN, Phase.BOT))
        passed = player in obs.passed
        colour = GOLD if acting else GREY if passed or not seated else CREAM
        count = obs.hand_sizes[player]
        status = (t("tienlen.seat_left") if not seated else t("tienlen.cards_one")
                  if count == 1 else t("tienlen.cards_count", count=count))
        doing = self.seat_doing(obs, player, acting, passed)
        label = self.names[player]
        if side == "bottom":
            if self.look.fan_owner == player:
                self.look.fan.draw(surface)
            elif count:
                self.draw_hidden_fan(surface, count, self.open_hand(player))
            rect = draw_text(surface, label, (x, y), 20, colour, bold=acting,
                             anchor="midbottom")
            draw_text(surface, status, (rect.right + px(14), rect.bottom - px(2)), 15,
                      colour, anchor="bottomleft")
            avatar = self.draw_seat_avatar(surface, (rect.left - px(30), rect.centery), player,
                                           acting, dimmed=passed or not seated)
            instructed = self.look.acting == player
            if doing and not (instructed and may_rechop(obs, player)):   # said above the fan
                draw_text(surface, doing[0], (avatar.left - px(8), rect.bottom - px(1)), 16,
                          doing[1], bold=True, anchor="bottomright")
            return
        rect = draw_text(surface, label, (x, y), 18, colour, bold=acting,
                         anchor="midtop")
        # beside the top seat's name, above the side seats' (the window's edge is near)
        at = ((rect.left - px(30), rect.centery) if side == "top"
              else (rect.centerx, rect.top - px(AVATAR_ABOVE // 2)))
        self.draw_seat_avatar(surface, at, player, acting, dimmed=passed or not seated)
        y = rect.bottom + px(6)
        y += self.draw_backs(surface, side, (x, y), count, dim=passed or not seated,
                             cards=self.open_hand(player)) + px(6)
        room = 2 * min(x, surface.get_width() - x) - px(24)     # the window's edge is near
        y = draw_text_within(surface, status, (x, y), 14, room, colour,
                             anchor="midtop").bottom + px(4)
        if doing:                   # whole, on two lines by the window's edge
            draw_lines_within(surface, doing[0], (x, y), 15, max(room, px(CUE_ROOM)),
                              doing[1], bold=True,
                              within=inside_rim(surface))

    def seat_doing(self, obs, player: int, acting: bool, passed: bool) -> tuple | None:
        """(text, colour): the timer, "thinking…", T9's second chance, or "passed"."""
        left = self.look.time_left
        if acting and player in (self.look.away or {}):   # a friend away: when the AI plays
            return self.thinking_words(player), THINKING
        if acting and left is not None:
            return (t("table.seconds", seconds=int(left + 0.999)),
                    (255, 120, 100) if left < 5 else GOLD)
        if acting and may_rechop(obs, player):
            return rechop_words(obs, seat=True), GOLD
        if acting and self.view.phase is Phase.BOT:
            return self.thinking_words(player), THINKING
        if passed and obs.table_cards:
            return t("tienlen.passed_tag"), GREY
        place = next((e.place for e in obs.history
                      if isinstance(e, PlayerOut) and e.player == player), None)
        if place is not None:                   # V-T1: out, in this place
            return t("tienlen.place_tag", place=place), GOLD
        return None

    def open_hand(self, player: int) -> tuple:
        """Once a game is over its payment table shows every hand's cards left: the table
        shows them too (View table), face up at each seat; the review shows every hand."""
        hands = self.look.open_hands
        return tuple(hands[player]) if hands is not None else ()

    def draw_hidden_fan(self, surface, count: int, cards: tuple = ()) -> None:
        """Hot-seat hand-off or an all-AI table: the bottom hand stays face down, or lies
        face up (`cards`) once the game is over."""
        width = self.layout.card_width * 2 // 3
        w, h = card_size(width)
        step = w // 3 if not cards else w // 2
        count = len(cards) or count
        left = self.layout.hand.centerx - (w + step * (count - 1)) // 2
        faces = [card_image(name(card), width) for card in sorted(cards)]
        for index in range(count):
            image = faces[index] if faces else card_back(width)
            surface.blit(image, (left + index * step, self.layout.hand.bottom - h))

    def draw_backs(self, surface, side: str, midtop, count: int, dim: bool,
                   cards: tuple = ()) -> int:
        """The hand of another player under their name: face down, or its `cards` face up
        when it lies open (the review); returns its height."""
        width = self.layout.back_width
        w, h = card_size(width)
        top = midtop[1]
        if cards:
            room = 2 * min(midtop[0], surface.get_width() - midtop[0]) - px(24)
            rects = open_hand_rects(len(cards), width, midtop, room if side != "top" else
                                    self.layout.ring.width)
            for card, rect in zip(sorted(cards), rects):
                surface.blit(card_image(name(card), width, dimmed=dim), rect)
            return rects[-1].bottom - top
        image = _back(width, side != "top", dim, look.card_back_design())
        if side == "top":
            step = max(6, w // 3)
            left = midtop[0] - (w + step * (count - 1)) // 2
            for index in range(count):
                surface.blit(image, (left + index * step, top))
            return h if count else 0
        step = max(5, w // 4)
        for index in range(count):
            surface.blit(image, (midtop[0] - h // 2, top + index * step))
        return w + step * (count - 1) if count else 0

    def draw_scoreboard(self, surface, obs) -> None:
        """Gold balances, and each player's gain or loss since the table opened."""
        layout = self.layout
        rect = layout.score
        draw_panel(surface, rect, 190)
        size = 16
        draw_text(surface, t("tienlen.balances"), (rect.x + px(12), rect.y + px(8)), size, GOLD,
                  bold=True)
        for player in range(self.players):
            y = rect.y + px(36 + 26 * player)
            colour = CREAM if obs.at_table[player] else GREY
            draw_text(surface, self.names[player], (rect.x + px(12), y), size, colour)
            draw_text(surface, number(obs.gold[player]), (rect.right - rect.width * 3 // 10, y),
                      size, colour, anchor="topright")
            change = self.view.returns[player]
            draw_text(surface, number(change, signed=True), (rect.right - px(12), y), 15,
                      WARN if change < 0 else (170, 230, 170) if change > 0 else GREY,
                      anchor="topright")

    def draw_instruction(self, surface, obs) -> None:
        """What the player at the screen may do now, above the fan, and why the selection
        cannot be played."""
        player = self.look.acting
        if player is None:
            return
        if may_rechop(obs, player):
            text = rechop_words(obs, seat=False)
        elif not obs.table_cards:
            text = lead_words(obs)
        else:
            text = t("tienlen.do.beat", what=combo_name(self.table_combo()),
                     name=self.names[obs.table_player])
        layout = self.layout
        top = layout.plates["bottom"][1] - px(36)          # above the avatar's timer ring
        width = font(16).get_rect(text).width
        rect = draw_text(surface, text, (self.centre_beside_log(layout.hand.centerx, width), top),
                         16, (215, 235, 215), anchor="midbottom")
        verdict = self.look.verdict
        if verdict.reason:
            width = font(15).get_rect(verdict.reason).width
            draw_text(surface, verdict.reason, (self.centre_beside_log(layout.hand.centerx, width),
                                                rect.top - px(4)), 15, WARN, anchor="midbottom")
        self.draw_selection_name(surface, verdict.what)

    def draw_selection_name(self, surface, what: str) -> None:
        """What the Play button would play, right above it, in as many lines as it takes
        (a button holds one short line: "Four consecutive pairs — chặt!" does not fit)."""
        column = self.layout.buttons
        lines = wrap_text(what, 16, column.width, bold=True) if what else []
        bottom = column.top - px(6)
        for line in reversed(lines):
            bottom = draw_text(surface, line, (column.centerx, bottom), 16, GOLD, bold=True,
                               anchor="midbottom").top - px(2)

    def draw_banner(self, surface) -> None:
        """Chặt / chặt chồng / tới trắng, above the combination so both stay readable."""
        banner = self.timeline.first("banner")
        if banner is None:
            return
        title, detail = banner.data
        rect = banner_rect(self.layout, surface.get_width())
        cx = rect.centerx
        full = rect.height >= px(BANNER_HEIGHT)
        draw_panel(surface, rect, 235)
        draw_text(surface, title, (cx, rect.y + px(8 if full else 2)), 38 if full else 24,
                  CHOP_RED, bold=True, anchor="midtop")
        draw_text_within(surface, detail, (cx, rect.bottom - px(12 if full else 6)),
                         17 if full else 15, rect.width - px(24), CREAM, anchor="midbottom")


#: design pixels: the chop banner's height, and the least it is squeezed to (a small window)
BANNER_HEIGHT, BANNER_LEAST = 104, 62


def banner_rect(layout, width: int) -> pygame.Rect:
    """Where the chop banner goes: above the combination and the one it beat (drawn a quarter
    card higher), and below the gold panel where it would reach into it (a small window: then
    it is lower, down to BANNER_LEAST)."""
    cx, cy = layout.center
    card_h = card_size(layout.table_card_width)[1]
    bottom = cy - card_h // 4 - card_h // 2 - px(6)
    rect = pygame.Rect(0, 0, min(width - px(80), px(620)), px(BANNER_HEIGHT))
    rect.midbottom = (cx, max(rect.height + px(8), bottom))
    score = layout.score
    if rect.right > score.left and rect.top < score.bottom + px(4):
        rect.height = max(px(BANNER_LEAST), rect.bottom - score.bottom - px(4))
        rect.bottom = max(bottom, score.bottom + px(4) + rect.height)
    return rect


class TienLenRenderer(TableRenderer):
    PICTURE = TienLenPicture
