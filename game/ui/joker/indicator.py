"""The Joker table's trump indicator (always in view: the turned card or the named suit, the
deal, the bids against the cards) and the prompt that tells the human to act what is asked of
them; drawn by the renderer (renderer.py): `p` is the frame's JokerPicture."""

from __future__ import annotations

import pygame

from game.joker.actions import BID_ACTIONS, Phase as JokerPhase
from game.joker.cards import JOKER_1, SUIT_LETTERS, card_text
from game.joker.state import NUM_PLAYERS

from ..cards import card_back, card_image, card_size
from ..i18n import t
from ..look import suit_text_colour
from ..resources import draw_text, draw_text_within
from ..scaling import px
from ..widgets import CREAM, GOLD, draw_panel
from .layout import SIDE_FAN
from .words import suit_symbol, trump_words

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


def forbidden_reason(n: int, cards_dealt: int) -> str:
    """Why the dealer may not bid `n` (J6)."""
    return t("joker.bid.forbidden", n=n, cards=cards_dealt)


def draw_trump_panel(p, surface, obs) -> None:
    """Always visible: the turned card, or the named suit, or ბეზი; the deal; the bids."""
    rect = p.layout.trump
    draw_panel(surface, rect, 200)
    x = rect.x + px(12)
    draw_text(surface, t("joker.trump.title"), (x, rect.y + px(8)), 16, GOLD, bold=True)
    if not obs.deal_number:
        return
    card_w = px(52)
    card_rect = pygame.Rect(x, rect.y + px(34), *card_size(card_w))
    draw_trump_mark(p, surface, obs, card_rect, card_w)
    beside = rect.right - card_rect.right - px(20)
    for row, line in enumerate(trump_lines(obs, p.names, p.trump_shown())):
        draw_text_within(surface, line,
                         (card_rect.right + px(12), card_rect.y + px(4 + row * 22)),
                         16 if row else 18, beside, GOLD if row == 0 else CREAM,
                         bold=row == 0)
    total = p.look.total_deals
    deal = (t("joker.table.deal_one_card", number=obs.deal_number, total=total)
            if obs.cards_dealt == 1 else
            t("joker.table.deal", number=obs.deal_number, total=total, cards=obs.cards_dealt))
    inside = rect.right - x - px(12)
    draw_text_within(surface, deal, (x, card_rect.bottom + px(8)), 15, inside, CREAM)
    draw_text_within(surface, t("joker.table.pulka", pulka=obs.pulka),
                     (x, card_rect.bottom + px(28)), 15, inside, CREAM)
    words, colour = bids_line(obs)
    draw_text_within(surface, words, (x, card_rect.bottom + px(48)), 15, inside, colour,
                     bold=True)


def draw_trump_mark(p, surface, obs, card_rect, card_w: int) -> None:
    if obs.trump_card is not None:
        image = (card_image(card_text(obs.trump_card), card_w) if p.trump_shown()
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


def trump_lines(obs, names, shown: bool) -> list[str]:
    """What the indicator says beside its card (`shown`: the turned card has been turned)."""
    if obs.phase is JokerPhase.TRUMP_CHOICE:
        return [t("joker.trump.choosing"), names[obs.to_act]]
    if not shown:
        return [t("joker.trump.dealing")]
    # J5: in a 9-card deal the player after the dealer named it: say who, all deal long
    named_by = (t("joker.trump.named_by", name=names[(obs.dealer + 1) % NUM_PLAYERS])
                if obs.trump_card is None else None)
    if obs.bezi:
        return [t("joker.trump.bezi"), named_by or t("joker.trump.no_trump")]
    lines = [trump_words(obs.trump_suit)]
    lines.append(t("joker.trump.turned") if named_by is None else named_by)
    return lines


def bids_line(obs) -> tuple[str, tuple]:
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


def draw_prompt(p, surface, obs) -> None:
    """What the human to act is asked to do, above the panel or the hand."""
    player = p.view.acting
    if player is None:
        return
    name = p.names[player]
    x, y = p.layout.center[0], p.layout.panel_y - px(6)
    # between the side seats' cards, which reach down to it on a short window
    seats = p.layout.seats
    width = seats["right"][0] - seats["left"][0] - px(SIDE_FAN + 16)
    if obs.phase is JokerPhase.BIDDING:
        draw_text_within(surface, t("joker.bid.prompt", name=name, cards=obs.cards_dealt),
                         (x, y), 17, width, GOLD, bold=True, anchor="midbottom")
        forbidden = [n for n in range(obs.cards_dealt + 1)
                     if BID_ACTIONS[n] not in p.view.legal]
        if forbidden:
            draw_text(surface, forbidden_reason(forbidden[0], obs.cards_dealt),
                      (x, p.layout.panel_y + px(50)), 14, RED_TEXT, anchor="midtop")
    elif obs.phase is JokerPhase.TRUMP_CHOICE:
        draw_text_within(surface, t("joker.trump.prompt", name=name), (x, y), 17, width,
                         GOLD, bold=True, anchor="midbottom")
    elif obs.phase is JokerPhase.PLAYING:
        key = "joker.play.lead" if not obs.current_trick else "joker.play.follow"
        draw_text_within(surface, t(key, name=name), (x, p.layout.panel_y - px(20)), 15,
                         width, PROMPT, anchor="midbottom")
        if any(card >= JOKER_1 for card in obs.hand):
            hint = ("joker.play.joker_lead_hint" if not obs.current_trick
                    else "joker.play.joker_follow_hint")
            draw_text(surface, t(hint), (x, p.layout.panel_y - px(2)), 13, (200, 215, 200),
                      anchor="midbottom")
