"""Dialogs over the Tiến Lên table: the payment table after each game, leaving a game (T16) and
the end of the session (the balances). Hand-off and pause are shared (../dialogs.py)."""

from __future__ import annotations

import pygame

from game.tienlen.cards import name

from ..cards import card_image, card_size
from ..dialogs import Dialog, FinalDialog
from ..i18n import number, t
from ..resources import draw_text, draw_text_within
from ..scaling import px
from ..widgets import CREAM, GOLD
from .payments import summarize_last_game
from .words import instant_win_name, payment_words

GREY = (150, 160, 150)
LOSS = (255, 170, 150)
GAIN = (170, 230, 170)
#: the payment table's columns: (title key, width in design pixels)
COLUMNS = (("tienlen.pay.player", 120), ("tienlen.pay.cards_left", 262),
           ("tienlen.pay.heo", 76), ("tienlen.pay.hang", 60), ("tienlen.pay.cong", 58),
           ("tienlen.pay.penalty", 58), ("tienlen.pay.gold", 74), ("tienlen.pay.balance", 80))
MINI_CARD = 26          # design pixels, as every length here
WHY_LINE = 18           # under a loser's cards: why they pay what they pay
WINNING_CARD = 44


def signed(value: int) -> str:
    return number(value, signed=True) if value else "0"


class PaymentScene(Dialog):
    """T13–T18: who won, what each loser had left and paid, the chops, the balances."""

    def summary(self):
        return summarize_last_game(self.view.observation, self.view.revealed,
                                   self.ctl.options["stake"])

    def panel(self) -> pygame.Rect:
        summary = self.summary()
        height = (150 + 26 + len(summary.rows) * (card_size(MINI_CARD)[1] + 8 + WHY_LINE)
                  + 22 * len(summary.chops) + 22 * len(self.notes(summary)) + 8)
        if summary.winner_hand:
            height += 22 + card_size(WINNING_CARD)[1] + 12
        self.size = (830, height)
        return super().panel()

    def table_done(self) -> bool:
        """A table across machines whose host ended the session while this was read
        (joining.RemoteWatch): no next game, the balances come next."""
        watch = getattr(self.app, "remote_watch", None)
        return watch is not None and watch.table_done(self.ctl)

    def update(self, now: float, dt: float) -> None:
        super().update(now, dt)
        if self.app.stack.top is self and self.done_shown != self.table_done():
            self.rebuild()               # the host ended the session meanwhile

    def build(self) -> None:
        obs = self.view.observation
        self.next = self.leave = None
        self.done_shown = self.table_done()
        self.view_table_button()
        self.review_button()
        if self.done_shown:             # the host closed the table: say so, then the balances
            self.next = self.bottom_button(t("session.table_done"), width=400)
            return
        if self.view.game_over or self.in_lesson:       # no next game: one way on
            self.next = self.bottom_button(self.way_on(t("summary.to_result")))
            return
        humans = self.ctl.humans
        if humans and not any(obs.at_table[p] for p in humans):
            self.leave = self.bottom_button(t("tienlen.end_session"), width=260)
            return
        self.next = self.bottom_button(t("tienlen.next_game"), -140, 250)
        self.leave = self.bottom_button(t("tienlen.leave_table"), 140, 250)

    def on_button(self, element) -> None:
        if element is self.next and element is not None:
            self.ctl.acknowledge_summary(self.app.now)
        elif element is self.leave and element is not None:
            self.table_scene.end_session()

    def draw(self, surface) -> None:
        super().draw(surface)
        obs = self.view.observation
        if not obs.results or self.view.revealed is None:
            return
        summary = self.summary()
        stake = self.ctl.options["stake"]
        names = self.ctl.names
        panel = self.panel()
        winner = names[summary.winner] if summary.winner is not None else ""
        if summary.winner is None:             # V-T2's dead end: every hand ends on a 2
            title = t("tienlen.pay.title_dead_end", number=summary.number)
        elif summary.outcome == "instant":
            title = t("tienlen.pay.title_instant", name=winner,
                      win=instant_win_name(summary.instant))
        elif summary.outcome == "cong_all":
            title = t("tienlen.pay.title_cong_all", name=winner)
        else:
            title = t("tienlen.pay.title", number=summary.number, name=winner)
        self.draw_title(surface, title, top=16, size=25)
        y = panel.y + px(54)
        if summary.winner_hand:        # an instant win shows the hand that won
            draw_text(surface, t("tienlen.pay.winning_hand", name=winner),
                      (panel.centerx, y), 15, CREAM, anchor="midtop")
            y += px(22)
            width = px(WINNING_CARD)
            step = width * 3 // 4
            x = panel.centerx - (width + step * (len(summary.winner_hand) - 1)) // 2
            for index, card in enumerate(summary.winner_hand):
                surface.blit(card_image(name(card), width), (x + index * step, y))
            y += card_size(width)[1] + px(12)
        else:
            y += px(6)
        # a narrow window takes room from the cards column only: the short headers keep theirs
        widths = [px(width) for _, width in COLUMNS]
        widths[1] = min(widths[1], panel.width - px(36) - (sum(widths) - widths[1]))
        x0 = panel.x + px(18)
        draw_row(surface, [t(key) for key, _ in COLUMNS], x0, y, widths, GOLD, 15)
        y += px(26)
        for row in summary.rows:
            self.draw_payment_row(surface, row, names, x0, y, widths)
            y += card_size(px(MINI_CARD))[1] + px(8 + WHY_LINE)
        y += px(6)
        for chop in summary.chops:
            draw_text(surface, t("tienlen.pay.chop", receiver=names[chop.receiver],
                                 payer=names[chop.payer], cards=chop.cards,
                                 gold=number(chop.cards * stake)), (x0, y), 15, CREAM)
            y += px(22)
        bottom = panel.bottom - px(78)
        for note in reversed(self.notes(summary)):
            bottom = draw_text_within(surface, note, (panel.centerx, bottom), 15,
                                      panel.width - px(36), GREY, anchor="midbottom").top - px(4)

    def notes(self, summary) -> list[str]:
        """The lines under the table: what the amounts mean, and who leads next."""
        options = self.ctl.options
        result = self.view.observation.results[-1]
        if result.places is not None:                # V-T1: what a place is worth
            unit = options.get("place_unit", 10) * options["stake"]
            notes = [t("tienlen.pay.places_note", double=2 * unit, single=unit)]
        else:
            notes = [t("tienlen.pay.stake", stake=options["stake"])]
        if result.three_spades_finish:               # V-T3
            notes.append(t("tienlen.pay.doubled"))
        if (not self.view.game_over and not self.in_lesson and summary.winner is not None
                and self.view.observation.at_table[summary.winner]):
            notes.append(t("tienlen.pay.next_leader", name=self.ctl.names[summary.winner]))
        return notes

    def draw_payment_row(self, surface, row, names, x, y, widths) -> None:
        cells = [names[row.player]]
        colour = GOLD if row.won else CREAM
        draw_text(surface, cells[0], (x, y + px(6)), 16, colour, bold=row.won)
        cards_x = x + widths[0]
        if row.won:
            draw_text(surface, t("tienlen.pay.winner"), (cards_x, y + px(6)), 16, GOLD, bold=True)
        elif row.left:
            draw_text(surface, t("tienlen.pay.left"), (cards_x, y + px(6)), 15, LOSS)
        else:
            mini = px(MINI_CARD)
            # side by side while the column has room (a corner each is too small to read)
            step = max(px(6), min(mini + px(2),
                                  (widths[1] - mini - px(40)) // max(1, len(row.cards_left) - 1)))
            for index, card in enumerate(row.cards_left):
                surface.blit(card_image(name(card), mini), (cards_x + index * step, y))
            count_x = cards_x + mini + step * (len(row.cards_left) - 1) + px(6)
            draw_text(surface, str(len(row.cards_left)), (count_x, y + px(6)), 15, GREY)
        plain_count = len(row.reasons) == 1 and row.reasons[0].kind == "cards"
        if row.reasons and not plain_count:     # "6 cards = 6" would say the count again
            draw_text_within(surface, payment_words(row),
                             (cards_x, y + card_size(px(MINI_CARD))[1] + px(3)), 13,
                             sum(widths[1:6]), GREY)
        values = [row.heo or "—", row.hang or "—", t("tienlen.pay.cong_yes") if row.cong else "—",
                  row.penalty or "—"]
        if row.won:
            values = ["", "", "", ""]
        cx = cards_x + widths[1]
        for value, width in zip(values, widths[2:6]):
            draw_text(surface, str(value), (cx, y + px(6)), 16, CREAM)
            cx += width
        draw_text(surface, signed(row.gold), (cx, y + px(6)), 16,
                  GAIN if row.gold > 0 else LOSS if row.gold < 0 else GREY, bold=True)
        cx += widths[6]
        draw_text(surface, number(self.view.observation.gold[row.player]), (cx, y + px(6)), 16,
                  CREAM)


def draw_row(surface, cells, x, y, widths, colour, size=16) -> None:
    """Cells from `x` on, in columns `widths` window pixels wide."""
    for cell, width in zip(cells, widths):
        draw_text(surface, cell, (x, y), size, colour)
        x += width


class LeaveGameScene(Dialog):
    """T16, asked first: leaving loses the game, costs its payment and ends this player's part
    at the table."""
    size = (600, 220)
    back_on_escape = True                 # Esc is Stay

    def __init__(self, app, table_scene, player: int):
        super().__init__(app, table_scene)
        self.player = player
        self.penalty = table_scene.leave_penalty(player)

    def build(self) -> None:
        self.confirm = self.bottom_button(t("tienlen.leave.confirm"), -130, 240)
        self.stay = self.bottom_button(t("tienlen.leave.stay"), 130, 240)

    def initial_focus(self):
        return self.stay                  # a Return pressed at once leaves nobody

    def on_button(self, element) -> None:
        if element is self.confirm:
            self.table_scene.leave_game(self.player)
        elif element is self.stay:
            self.app.stack.pop()

    def draw(self, surface) -> None:
        super().draw(surface)
        panel = self.panel()
        who = self.ctl.names[self.player]
        stake = self.ctl.options["stake"]
        self.draw_title(surface, t("tienlen.leave.title", name=who), top=20, size=26)
        lines = [t("tienlen.leave.cost", cards=self.penalty, gold=number(self.penalty * stake)),
                 t("tienlen.leave.later")]
        for index, line in enumerate(lines):
            draw_text(surface, line, (panel.centerx, panel.y + px(76 + index * 28)), 17, CREAM,
                      anchor="midtop")


class SessionOverScene(FinalDialog):
    """The table is closed (a player left between games, or too few players remain): the
    balances since the table opened."""

    def panel(self) -> pygame.Rect:
        self.size = (620, 210 + 36 * len(self.ctl.seats))
        return super().panel()

    def draw(self, surface) -> None:
        super().draw(surface)
        obs = self.view.observation
        players = range(len(self.ctl.seats))
        panel = self.panel()
        self.draw_title(surface, t("tienlen.over.title"), top=18, size=28)
        games = len(obs.results)
        played = (t("tienlen.over.games_one") if games == 1
                  else t("tienlen.over.games", count=games))
        draw_text(surface, played, (panel.centerx, panel.y + px(60)), 16, CREAM, anchor="midtop")
        wins = [sum(1 for r in obs.results if r.winner == p) for p in players]
        returns = self.view.returns
        order = sorted(players, key=lambda p: (-obs.gold[p], p))
        y = panel.y + px(100)
        widths = [px(width) for width in (40, 190, 130, 110, 120)]
        for place, player in enumerate(order, start=1):
            change = returns[player]
            cells = [f"{place}.", self.ctl.names[player],
                     f"{number(obs.gold[player])} {t('tienlen.gold')}", signed(change),
                     t("tienlen.over.wins", count=wins[player])]
            draw_row(surface, cells, panel.x + px(40), y, widths,
                     GOLD if place == 1 else CREAM)
            y += px(34)
