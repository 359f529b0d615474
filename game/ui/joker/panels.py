"""The Joker table's bid and trump panels (buttons above the hand), the trump indicator and the
prompt that tells the human to act what is asked of them."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.joker.actions import BID_ACTIONS, TRUMP_ACTIONS, Phase as JokerPhase
from game.joker.cards import JOKER_1, SUIT_LETTERS, card_text
from game.joker.state import NUM_PLAYERS

from ..cards import card_back, card_image, card_size
from ..i18n import t
from ..look import suit_text_colour
from ..resources import draw_text, draw_text_within
from ..scaling import px
from ..widgets import CREAM, GOLD, draw_panel
from .layout import SIDE_FAN
from .words import suit_button, suit_symbol, trump_words

RED_TEXT = (255, 170, 150)
OK_TEXT = (170, 235, 170)
PROMPT = (210, 230, 210)
SUIT_MARK = (12, 40, 26)         # the trump indicator's card place when no card is turned


def draw_suit_mark(surface, rect: pygame.Rect, symbol: str, colour) -> None:
    """The trump indicator's card place when no card is turned: the named suit (9-card deals),
    ∅ for bezi, ? while trump is being chosen."""
    pygame.draw.rect(surface, SUIT_MARK, rect, border_radius=px(6))
    pygame.draw.rect(surface, GOLD, rect, px(1), border_radius=px(6))
    draw_text(surface, symbol, rect.center, 40, colour, bold=True, anchor="center")


class JokerPanels:
    """The panel half of JokerTableScene."""

    # --- the buttons -----------------------------------------------------------------------

    def wanted_panel(self):
        """Which panel the human to act needs now: ("bid", …), ("trump", …) or None."""
        player = self.view.acting
        if player is None or self.cutting() is not None:
            return None
        obs = self.view.observation
        if obs.phase is JokerPhase.BIDDING:
            return ("bid", obs.deal_number, player, self.view.legal)
        if obs.phase is JokerPhase.TRUMP_CHOICE:
            return ("trump", obs.deal_number, player)
        return None

    def sync_panel(self) -> None:
        key = self.wanted_panel()
        if key == self.panel_key:
            return
        self.drop_panel()
        self.panel_key = key
        if key is not None:
            (self.build_bid_panel if key[0] == "bid" else self.build_trump_panel)()

    def drop_panel(self) -> None:
        """Take the bid or trump buttons away (the next sync puts up what the moment wants)."""
        for widget in self.panel_widgets:
            widget.kill()
            if widget in self.widgets:
                self.widgets.remove(widget)
        self.panel_widgets, self.panel_buttons, self.panel_key = [], {}, None

    def panel_button(self, rect, label, action, tip: str | None = None, object_id=None
                     ) -> UIButton:
        button = self.add(UIButton(rect, label, self.app.manager, tool_tip_text=tip,
                                   object_id=object_id))
        self.panel_widgets.append(button)
        self.panel_buttons[button] = action
        return button

    def build_bid_panel(self) -> None:
        """0 … n; the dealer's forbidden bid is there, disabled, with the reason (J6)."""
        cards = self.view.observation.cards_dealt
        size, gap = px(52 if cards < 9 else 48), px(6)
        left = self.layout.center[0] - ((cards + 1) * (size + gap) - gap) // 2
        for n in range(cards + 1):
            rect = pygame.Rect(left + n * (size + gap), self.layout.panel_y, size, px(44))
            forbidden = BID_ACTIONS[n] not in self.view.legal
            button = self.panel_button(rect, str(n), BID_ACTIONS[n],
                                       self.forbidden_reason(n) if forbidden else None)
            if forbidden:
                button.disable()

    def build_trump_panel(self) -> None:
        labels = [trump_words(suit) for suit in range(4)] + [t("joker.trump.bezi_button")]
        widths = [px(130)] * 4 + [px(190)]
        left = self.layout.center[0] - (sum(widths) + px(6) * 4) // 2
        for suit, (action, label, width) in enumerate(zip(TRUMP_ACTIONS, labels, widths)):
            self.panel_button(pygame.Rect(left, self.layout.panel_y, width, px(44)), label,
                              action, object_id=suit_button(suit, words=True) if suit < 4 else None)
            left += width + px(6)

    def forbidden_reason(self, n: int) -> str:
        return t("joker.bid.forbidden", n=n, cards=self.view.observation.cards_dealt)

    # --- the trump indicator ----------------------------------------------------------------

    def draw_trump_panel(self, surface, obs) -> None:
        """Always visible: the turned card, or the named suit, or ბეზი; the deal; the bids."""
        rect = self.layout.trump
        draw_panel(surface, rect, 200)
        x = rect.x + px(12)
        draw_text(surface, t("joker.trump.title"), (x, rect.y + px(8)), 16, GOLD, bold=True)
        if not obs.deal_number:
            return
        card_w = px(52)
        card_rect = pygame.Rect(x, rect.y + px(34), *card_size(card_w))
        self.draw_trump_mark(surface, obs, card_rect, card_w)
        beside = rect.right - card_rect.right - px(20)
        for row, line in enumerate(self.trump_lines(obs)):
            draw_text_within(surface, line,
                             (card_rect.right + px(12), card_rect.y + px(4 + row * 22)),
                             16 if row else 18, beside, GOLD if row == 0 else CREAM,
                             bold=row == 0)
        total = self.total_deals()
        deal = (t("joker.table.deal_one_card", number=obs.deal_number, total=total)
                if obs.cards_dealt == 1 else
                t("joker.table.deal", number=obs.deal_number, total=total, cards=obs.cards_dealt))
        inside = rect.right - x - px(12)
        draw_text_within(surface, deal, (x, card_rect.bottom + px(8)), 15, inside, CREAM)
        draw_text_within(surface, t("joker.table.pulka", pulka=obs.pulka),
                         (x, card_rect.bottom + px(28)), 15, inside, CREAM)
        bids_line, colour = self.bids_line(obs)
        draw_text_within(surface, bids_line, (x, card_rect.bottom + px(48)), 15, inside, colour,
                         bold=True)

    def draw_trump_mark(self, surface, obs, card_rect, card_w: int) -> None:
        if obs.trump_card is not None:
            image = (card_image(card_text(obs.trump_card), card_w) if self.trump_shown()
                     else card_back(card_w))
            surface.blit(image, card_rect)
            return
        if obs.phase is JokerPhase.TRUMP_CHOICE:
            draw_suit_mark(surface, card_rect, "?", CREAM)
        elif obs.bezi:
            draw_suit_mark(surface, card_rect, "∅", GOLD)
        else:
            draw_suit_mark(surface, card_rect, suit_symbol(obs.trump_suit),
                           suit_text_colour(SUIT_LETTERS[obs.trump_suit]))

    def trump_lines(self, obs) -> list[str]:
        if obs.phase is JokerPhase.TRUMP_CHOICE:
            return [t("joker.trump.choosing"), self.names[obs.to_act]]
        if not self.trump_shown():
            return [t("joker.trump.dealing")]
        # J5: in a 9-card deal the player after the dealer named it: say who, all deal long
        named_by = (t("joker.trump.named_by", name=self.names[(obs.dealer + 1) % NUM_PLAYERS])
                    if obs.trump_card is None else None)
        if obs.bezi:
            return [t("joker.trump.bezi"), named_by or t("joker.trump.no_trump")]
        lines = [trump_words(obs.trump_suit)]
        lines.append(t("joker.trump.turned") if named_by is None else named_by)
        return lines

    def bids_line(self, obs) -> tuple[str, tuple]:
        """The sum of bids against the cards dealt: over, under (or even)."""
        made = [bid for bid in obs.bids if bid is not None]
        total, cards = sum(made), obs.cards_dealt
        if len(made) < NUM_PLAYERS:
            return t("joker.bids.so_far", total=total, cards=cards), CREAM
        if total > cards:
            return t("joker.bids.over", total=total, cards=cards, by=total - cards), RED_TEXT
        if total < cards:
            return t("joker.bids.under", total=total, cards=cards, by=cards - total), OK_TEXT
        return t("joker.bids.even", total=total, cards=cards), GOLD

    # --- the prompt ---------------------------------------------------------------------------

    def draw_prompt(self, surface, obs) -> None:
        """What the human to act is asked to do, above the panel or the hand."""
        player = self.view.acting
        if player is None:
            return
        name = self.names[player]
        x, y = self.layout.center[0], self.layout.panel_y - px(6)
        # between the side seats' cards, which reach down to it on a short window
        seats = self.layout.seats
        width = seats["right"][0] - seats["left"][0] - px(SIDE_FAN + 16)
        if obs.phase is JokerPhase.BIDDING:
            draw_text_within(surface, t("joker.bid.prompt", name=name, cards=obs.cards_dealt),
                             (x, y), 17, width, GOLD, bold=True, anchor="midbottom")
            forbidden = [n for n in range(obs.cards_dealt + 1)
                         if BID_ACTIONS[n] not in self.view.legal]
            if forbidden:
                draw_text(surface, self.forbidden_reason(forbidden[0]),
                          (x, self.layout.panel_y + px(50)), 14, RED_TEXT, anchor="midtop")
        elif obs.phase is JokerPhase.TRUMP_CHOICE:
            draw_text_within(surface, t("joker.trump.prompt", name=name), (x, y), 17, width,
                             GOLD, bold=True, anchor="midbottom")
        elif obs.phase is JokerPhase.PLAYING:
            key = "joker.play.lead" if not obs.current_trick else "joker.play.follow"
            draw_text_within(surface, t(key, name=name), (x, self.layout.panel_y - px(20)), 15,
                             width, PROMPT, anchor="midbottom")
            if any(card >= JOKER_1 for card in obs.hand):
                hint = ("joker.play.joker_lead_hint" if not obs.current_trick
                        else "joker.play.joker_follow_hint")
                draw_text(surface, t(hint), (x, self.layout.panel_y - px(2)), 13, (200, 215, 200),
                          anchor="midbottom")
