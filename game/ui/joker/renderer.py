"""The Joker table's renderer: draws the table from the view, the layout, the timeline and its
look (table_renderer.py), and changes nothing: the seats, the trick, the player's fan with its
joker chips; the animations (animation.py), the trump indicator and the prompt (indicator.py).
The table scene, the lessons and the Review screen's board all draw with it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.controller.door import Phase
from game.joker.actions import JOKER_FOLLOWS, Phase as JokerPhase
from game.joker.cards import JOKER_1, card_text
from game.joker.scoring import TEAM_OF, team_totals
from game.joker.state import NUM_PLAYERS

from ..cards import card_at, card_back, card_image, card_size, fan_rects
from ..i18n import number, t
from ..resources import CUE_ROOM, draw_lines_within, draw_text, font
from ..scaling import px
from ..table_renderer import TableLook, TablePicture, TableRenderer
from ..widgets import COACH, CREAM, GOLD, draw_felt, draw_messages, inside_rim
from .animation import (dealing, draw_cut, draw_deal_flights, draw_flights, draw_joker_tag,
                        draw_pickup, hand_order, shown_count, trump_shown)
from .indicator import OK_TEXT, RED_TEXT, draw_prompt, draw_trump_panel
from .layout import SIDE_FAN, bottom_seat_room, side_of

THINKING = (200, 230, 200)
HOVER_LIFT = 14          # design pixels, as every length here
SEAT_BACK = 36           # the other seats' face-down cards
CHIP_TEXT = 13           # a following joker's ▲ high / ▼ under chips


@dataclass(frozen=True)
class JokerLook(TableLook):
    """What the Joker table shows beyond the view: the fan's places and its joker chips (the
    scene places them, its clicks need them), the mouse (a playable card under it is raised),
    the deal's last trick, the deals in the match, the hands lying open."""
    hand_rects: tuple = ()                # (card, rect) of the fan, left to right
    joker_chips: tuple = ()               # (rect, action, label) of a following joker
    mouse: tuple = (0, 0)
    last_taken: object = None             # the last TrickTaken seen (the deal's last trick)
    last_trick_gathered: bool = False     # … taken off the table (a lesson's end)
    total_deals: int = 0
    open_hands: tuple | None = None       # each seat's cards when they lie face up (review)


class JokerPicture(TablePicture):
    """One frame of the Joker table."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        cut = self.cutting()
        if cut is not None:
            draw_cut(self, surface, cut)
            return
        obs = self.view.observation
        draw_trump_panel(self, surface, obs)
        for seat in range(NUM_PLAYERS):
            self.draw_seat(surface, obs, seat)
        self.draw_trick(surface, obs)
        draw_deal_flights(self, surface)
        self.draw_hand(surface)
        draw_prompt(self, surface, obs)
        draw_messages(surface, self.look.messages, (px(14), px(self.messages_top(56))), 16,
                      self.messages_width(surface.get_height(), px(14),
                                          self.layout.seats["top"][0] - px(110 + 14)))
        points = {seat: self.bubble_point(seat) for seat in range(NUM_PLAYERS)}
        # kept clear of the trump panel, which shows the bids
        self.renderer.bubbles = self.draw_bubbles(surface, points, avoid=self.layout.trump)

    def side_of(self, seat: int) -> str:
        return side_of(seat, self.view.seat)

    def cutting(self):
        return self.timeline.first("cut")

    def shown_count(self, seat: int, obs) -> int:
        return shown_count(self.timeline, self.now, seat, obs)

    def trump_shown(self) -> bool:
        return trump_shown(self.timeline, self.now)

    def dealing(self):
        return dealing(self.timeline)

    def draw_joker_tag(self, surface, play, spot) -> None:
        draw_joker_tag(surface, play, spot, self.layout.trick_w)

    def bubble_point(self, seat: int) -> tuple[int, int]:
        """Where a seat's bubble points: above its name (the top seat's: beside its cards, where
        neither the trick nor the messages are)."""
        side = self.side_of(seat)
        x, y = self.layout.seats[side]
        if side == "bottom":
            return px(110), self.layout.hand_bottom - px(78)
        if side == "top":                         # just right of its fan, however many cards
            fan = fan_rects(max(1, self.shown_count(seat, self.view.observation)), x,
                            y + px(100), px(SEAT_BACK), px(SIDE_FAN))
            return fan[-1].right + px(48), y + px(100) - fan[-1].height // 2
        avatar = self.renderer.avatar_rects.get(seat)      # above the avatar (the name may take two
        return (x, avatar.top - px(2)) if avatar else (x, y - px(70))      # lines)

    def draw_seat(self, surface, obs, seat: int) -> None:
        layout = self.layout
        side = self.side_of(seat)
        x, y = layout.seats[side]
        name = self.names[seat]
        acting = obs.to_act == seat and self.view.phase in (Phase.HUMAN, Phase.BOT) \
            and not self.timeline.holding(self.now)
        colour = GOLD if acting else CREAM
        dealer = obs.deal_number and obs.dealer == seat
        bid, taken = obs.bids[seat], obs.tricks_taken[seat]
        if bid is None:
            record, record_colour = t("joker.seat.no_bid"), (200, 210, 200)
        else:
            record = t("joker.seat.record", bid=bid, taken=taken)
            record_colour = OK_TEXT if taken == bid else RED_TEXT if taken > bid else CREAM
        total = t("joker.seat.total", total=number(obs.totals[seat]))
        if obs.options.partnership:                   # V-J4: the pair's sum, on both partners
            total = t("joker.seat.total_pair", total=number(obs.totals[seat]),
                      pair=number(team_totals(obs.totals)[TEAM_OF[seat]]))
        if side == "bottom":
            lx, ly, anchor = px(24), layout.hand_bottom - px(70), "topleft"
        else:
            opened = sorted(self.look.open_hands[seat] if self.look.open_hands else (),
                            key=hand_order)                 # the review's
            for index, rect in enumerate(fan_rects(self.shown_count(seat, obs), x,
                                                   y + px(100 if side == "top" else 84),
                                                   px(SEAT_BACK), px(SIDE_FAN))):
                surface.blit(card_image(card_text(opened[index]), px(SEAT_BACK)) if opened
                             else card_back(px(SEAT_BACK)), rect)
            lx, ly = (x, y) if side == "top" else (x, y - px(30))
            anchor = "midtop"
        label = name + (f"  ·  {t('joker.seat.dealer')}" if dealer else "")
        # whole (a second line above the first when it must), never under the fan or the
        # hand-off box (bottom) or past the window's edge
        if side == "bottom":                   # beside the cards held, not the widest fan
            held = self.own_fan(self.shown_count(seat, obs))
            room = min(min((rect.left for rect in held), default=layout.hand.left),
                       bottom_seat_room(surface.get_width())) - lx - px(8)
        else:
            room = 2 * min(lx, surface.get_width() - lx) - px(32)
        r = draw_lines_within(surface, label, (lx, ly), 18, room, colour, bold=acting,
                              anchor=anchor, grow_up=side != "top")     # the cards are below
        if side == "top":
            line = draw_text(surface, f"{record}   {total}", (lx, r.bottom + px(2)), 15,
                             record_colour, anchor=anchor)
            # left of the name and its line (the top seat's cards are under them)
            at = (min(r.left, line.left) - px(30), (r.top + line.bottom) // 2)
        else:
            # above the name: the window's edge is at the side, the hand below
            at = (r.left + px(20), r.top - px(22)) if side == "bottom" else \
                (r.centerx, r.top - px(22))
            r2 = draw_text(surface, record, (lx, r.bottom + px(2)), 15, record_colour,
                           anchor=anchor)
            draw_text(surface, total, (lx, r2.bottom + px(2)), 15, CREAM, anchor=anchor)
        avatar = self.draw_seat_avatar(surface, at, seat, acting)
        # a friend away: their cue says when the AI plays, one countdown rather than two
        self.draw_time_left(surface, avatar, acting and seat not in (self.look.away or {}))
        if acting and self.view.phase is Phase.BOT:
            # under the top seat's cards (the buttons are above it), above the other names
            under_cards = y + px(84) + card_size(px(SEAT_BACK))[1] // 2 + px(6)
            where, cue_anchor = {"top": ((x, y + px(104)), "midtop"),
                                 "bottom": ((lx + px(48), ly - px(4)), "bottomleft")}.get(
                side, ((x, under_cards), "midtop"))          # the avatar is above the name
            room = (surface.get_width() - px(24) if side in ("top", "bottom")
                    else max(px(CUE_ROOM), 2 * min(x, surface.get_width() - x) - px(24)))
            draw_lines_within(surface, self.thinking_words(seat), where, 14, room,
                              THINKING, anchor=cue_anchor,
                              within=inside_rim(surface))

    def draw_time_left(self, surface, avatar: pygame.Rect, acting: bool) -> None:
        """The move timer's seconds beside the avatar of the human to act (its ring runs down
        around the avatar), red in the last ten."""
        left = self.look.time_left
        if acting and left is not None:
            draw_text(surface, t("table.seconds", seconds=int(left + 0.999)),
                      (avatar.right + px(6), avatar.centery), 18,
                      (255, 120, 100) if left < 10 else GOLD, bold=True, anchor="midleft")

    def draw_trick(self, surface, obs) -> None:
        flying = {(tween.data.seat, tween.data.card) for tween in self.timeline.running("flight")}
        pickup = self.timeline.first("pickup")
        if pickup is not None:
            draw_pickup(self, surface, pickup, flying)
        elif self.view.revealed is not None and self.look.last_taken is not None:
            if not self.look.last_trick_gathered:              # the deal ended with it
                self.draw_final_trick(surface, self.look.last_taken)
        else:
            landed = [play for play in obs.current_trick
                      if (play.seat, card_text(play.card)) not in flying]
            for play in landed:
                spot = self.layout.slots[self.side_of(play.seat)]
                image = card_image(card_text(play.card), self.layout.trick_w)
                surface.blit(image, image.get_rect(center=spot))
            self.draw_joker_tags(surface, landed)
        draw_flights(self, surface)

    def draw_joker_tags(self, surface, plays) -> None:
        """A joker's tag ("high", "under") over every card of the trick, never under the next
        card played."""
        for play in plays:
            self.draw_joker_tag(surface, play, self.layout.slots[self.side_of(play.seat)])

    def draw_final_trick(self, surface, taken) -> None:
        """The deal's last trick stays in the middle until the next deal, its winner's card
        ringed."""
        for play in taken.plays:
            spot = self.layout.slots[self.side_of(play.seat)]
            image = card_image(card_text(play.card), self.layout.trick_w,
                               selected=play.seat == taken.winner)
            surface.blit(image, image.get_rect(center=spot))
        self.draw_joker_tags(surface, taken.plays)

    def draw_hand(self, surface) -> None:
        """The fan at the bottom: face-up for the human at the screen (playable cards bright,
        raised under the mouse; a following joker carries its two ways to play), else backs."""
        layout = self.layout
        obs = self.view.observation
        count = self.shown_count(obs.player, obs)
        hand_rects, mouse = self.look.hand_rects, self.look.mouse
        if not hand_rects:                 # hidden, or not dealt to this seat yet
            for rect in own_fan(layout, count):
                surface.blit(card_back(layout.card_w), rect)
            return
        playable = playable_cards(self.view)
        hovered = card_at([rect for _, rect in hand_rects], mouse)
        for index, (card, rect) in enumerate(hand_rects):
            lit = playable is not None and card in playable
            raised = lit and index == hovered
            if raised:
                rect = rect.move(0, -px(HOVER_LIFT))
            surface.blit(card_image(card_text(card), layout.card_w, selected=raised,
                                    dimmed=playable is not None and not lit), rect)
            if lit and card == getattr(self.look.advised, "card", None):   # the coach's card
                pygame.draw.rect(surface, COACH, rect.inflate(px(6), px(6)), px(3),
                                 border_radius=px(8))
        for chip, action, label in self.look.joker_chips:
            hover = chip.collidepoint(mouse)
            pygame.draw.rect(surface, (70, 100, 60) if hover else (28, 52, 36), chip,
                             border_radius=px(8))
            pygame.draw.rect(surface, GOLD, chip, px(1), border_radius=px(8))
            draw_text(surface, label, chip.center, CHIP_TEXT, GOLD if hover else CREAM, bold=True,
                      anchor="center")

    def own_fan(self, count: int) -> list:
        return own_fan(self.layout, count)


# --- what the fan holds (placed by the scene for clicks, drawn by the picture) ----------------

def playable_cards(view) -> set | None:
    """The cards the human to act may play now (None: not their card play)."""
    if view.acting is None or view.observation.phase is not JokerPhase.PLAYING:
        return None
    return {action.card for action in view.legal}


def own_fan(layout, count: int) -> list:
    """Where the bottom seat's `count` cards lie, left to right (face up or down)."""
    return fan_rects(count, layout.center[0], layout.hand_bottom, layout.card_w,
                     layout.hand.width)


def place_hand(view, layout, timeline, now: float) -> tuple[list, list]:
    """(card, rect) of the fan, left to right, and the joker chips: (rect, action, label)."""
    obs = view.observation
    if not view.hand_shown or len(obs.hand) < shown_count(timeline, now, obs.player, obs):
        return [], []
    cards = sorted(obs.hand, key=hand_order)
    rects = own_fan(layout, len(cards))
    places = list(zip(cards, rects))
    playable = playable_cards(view) or set()
    chips = []
    if obs.current_trick:
        # the two jokers play alike: one pair of chips, so that two side by side in a
        # narrow fan do not overlap
        joker = next(((card, rect) for card, rect in places
                      if card >= JOKER_1 and card in playable), None)
        if joker is not None:
            chips = joker_chips(*joker)
    return places, chips


def joker_chips(joker: int, rect: pygame.Rect) -> list:
    """The touchpad way to play a following joker: ▲ high and ▼ under above the card (J10)."""
    high, under = JOKER_FOLLOWS[joker]
    width = max(px(64), min(rect.width, px(96)))
    chips = []
    # ▼ under nearest the card, ▲ high above it; each as wide as its words need
    for row, (action, key) in enumerate(((under, "joker.play.under_chip"),
                                         (high, "joker.play.high_chip"))):
        words = font(CHIP_TEXT, True).get_rect(t(key)).width + px(16)
        chip = pygame.Rect(0, 0, max(width, words), px(24))
        chip.midbottom = (rect.centerx, rect.top - px(6 + row * 28))
        chips.append((chip, action, t(key)))
    return chips


class JokerRenderer(TableRenderer):
    PICTURE = JokerPicture

    def __init__(self) -> None:
        super().__init__()
        self.bubbles: dict = {}           # seat -> the bubble drawn last (its last bid)
