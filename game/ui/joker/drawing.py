"""Drawing the Joker table from the view, the layout and the timeline (changes nothing): the
seats, the trick, the player's fan with its joker chips."""

from __future__ import annotations

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
from ..widgets import COACH, CREAM, GOLD, draw_felt, draw_messages
from .animation import hand_order
from .layout import SIDE_FAN, bottom_seat_room
from .panels import OK_TEXT, RED_TEXT

THINKING = (200, 230, 200)
HOVER_LIFT = 14          # design pixels, as every length here
SEAT_BACK = 36           # the other seats' face-down cards
CHIP_TEXT = 13           # a following joker's ▲ high / ▼ under chips


class JokerDrawing:
    """The draw half of JokerTableScene."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        cut = self.cutting()
        if cut is not None:
            self.draw_cut(surface, cut)
            return
        obs = self.view.observation
        self.draw_trump_panel(surface, obs)
        for seat in range(NUM_PLAYERS):
            self.draw_seat(surface, obs, seat)
        self.draw_trick(surface, obs)
        self.draw_deal_flights(surface)
        self.draw_hand(surface)
        self.draw_prompt(surface, obs)
        draw_messages(surface, self.log.shown(), (px(14), px(self.messages_top(56))), 16,
                      self.messages_width(px(14), self.layout.seats["top"][0] - px(110 + 14)))
        points = {seat: self.bubble_point(seat) for seat in range(NUM_PLAYERS)}
        #: the bubbles drawn, by seat (kept clear of the trump panel, which shows the bids)
        self.bubbles = self.draw_bubbles(surface, points, avoid=self.layout.trump)

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
        avatar = self.avatar_rects.get(seat)      # above the avatar (the name may take two
        return (x, avatar.top - px(2)) if avatar else (x, y - px(70))      # lines)

    def draw_seat(self, surface, obs, seat: int) -> None:
        layout = self.layout
        side = self.side_of(seat)
        x, y = layout.seats[side]
        name = self.names[seat]
        acting = obs.to_act == seat and self.view.phase in (Phase.HUMAN, Phase.BOT) \
            and not self.timeline.holding(self.app.now)
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
            opened = sorted(self.open_hand(seat), key=hand_order)    # the review's
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
        self.draw_time_left(surface, avatar, acting)
        if acting and self.view.phase is Phase.BOT:
            # under the top seat's cards (the buttons are above it), above the other names
            under_cards = y + px(84) + card_size(px(SEAT_BACK))[1] // 2 + px(6)
            where, cue_anchor = {"top": ((x, y + px(104)), "midtop"),
                                 "bottom": ((lx + px(48), ly - px(4)), "bottomleft")}.get(
                side, ((x, under_cards), "midtop"))          # the avatar is above the name
            room = (surface.get_width() - px(24) if side in ("top", "bottom")
                    else max(px(CUE_ROOM), 2 * min(x, surface.get_width() - x) - px(24)))
            draw_lines_within(surface, t("table.thinking", name=name), where, 14, room,
                              THINKING, anchor=cue_anchor,
                              within=surface.get_rect().inflate(-px(16), -px(16)))

    def draw_time_left(self, surface, avatar: pygame.Rect, acting: bool) -> None:
        """The move timer's seconds beside the avatar of the human to act (its ring runs down
        around the avatar), red in the last ten."""
        left = self.ctl.time_left(self.app.now)
        if acting and left is not None:
            draw_text(surface, t("table.seconds", seconds=int(left + 0.999)),
                      (avatar.right + px(6), avatar.centery), 18,
                      (255, 120, 100) if left < 10 else GOLD, bold=True, anchor="midleft")

    def draw_trick(self, surface, obs) -> None:
        flying = {(tween.data.seat, tween.data.card) for tween in self.timeline.running("flight")}
        pickup = self.timeline.first("pickup")
        if pickup is not None:
            self.draw_pickup(surface, pickup, flying)
        elif self.view.revealed is not None and self.last_taken is not None:
            self.draw_final_trick(surface, self.last_taken)   # the deal ended with it
        else:
            landed = [play for play in obs.current_trick
                      if (play.seat, card_text(play.card)) not in flying]
            for play in landed:
                spot = self.layout.slots[self.side_of(play.seat)]
                image = card_image(card_text(play.card), self.layout.trick_w)
                surface.blit(image, image.get_rect(center=spot))
            self.draw_joker_tags(surface, landed)
        self.draw_flights(surface)

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
        if not self.hand_rects:            # hidden, or not dealt to this seat yet
            for rect in self.own_fan(count):
                surface.blit(card_back(layout.card_w), rect)
            return
        playable = self.playable_cards()
        hovered = card_at([rect for _, rect in self.hand_rects], self.mouse)
        for index, (card, rect) in enumerate(self.hand_rects):
            lit = playable is not None and card in playable
            raised = lit and index == hovered
            if raised:
                rect = rect.move(0, -px(HOVER_LIFT))
            surface.blit(card_image(card_text(card), layout.card_w, selected=raised,
                                    dimmed=playable is not None and not lit), rect)
            if lit and card == getattr(self.advised, "card", None):   # the coach's card
                pygame.draw.rect(surface, COACH, rect.inflate(px(6), px(6)), px(3),
                                 border_radius=px(8))
        for chip, action, label in self.joker_chips:
            hover = chip.collidepoint(self.mouse)
            pygame.draw.rect(surface, (70, 100, 60) if hover else (28, 52, 36), chip,
                             border_radius=px(8))
            pygame.draw.rect(surface, GOLD, chip, px(1), border_radius=px(8))
            draw_text(surface, label, chip.center, CHIP_TEXT, GOLD if hover else CREAM, bold=True,
                      anchor="center")

    # --- what the fan holds (computed in update, read by draw and by clicks) ----------------

    def playable_cards(self) -> set | None:
        """The cards the human to act may play now (None: not their card play)."""
        if self.view.acting is None or self.view.observation.phase is not JokerPhase.PLAYING:
            return None
        return {action.card for action in self.view.legal}

    def own_fan(self, count: int) -> list:
        """Where the bottom seat's `count` cards lie, left to right (face up or down)."""
        layout = self.layout
        return fan_rects(count, layout.center[0], layout.hand_bottom, layout.card_w,
                         layout.hand.width)

    def place_hand(self) -> tuple[list, list]:
        """(card, rect) of the fan, left to right, and the joker chips: (rect, action, label)."""
        obs = self.view.observation
        if not self.view.hand_shown or len(obs.hand) < self.shown_count(obs.player, obs):
            return [], []
        cards = sorted(obs.hand, key=hand_order)
        rects = self.own_fan(len(cards))
        places = list(zip(cards, rects))
        playable = self.playable_cards() or set()
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
