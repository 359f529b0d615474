"""Dialogs over the Joker table: the hot-seat hand-off, the joker lead (J9), the score sheet
(open at any time, after every deal, and with the ranking at the end: J16) and the last trick."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.joker.actions import JOKER_LEADS, DealResult, JokerMode, PulkaResult
from game.joker.cards import card_text
from game.joker.scoring import ranking, team_totals

from ..cards import card_image, card_size
from ..dialogs import Dialog, FinalDialog, HandoffScene
from ..i18n import number, t
from ..resources import draw_text, font, wrap_text
from ..scaling import px, px_rect
from ..widgets import CREAM, GOLD
from .layout import BOTTOM_SEAT_ROOM, HANDOFF_BOX
from .sheet import draw_sheet
from .words import joker_words, suit_button, suit_symbol


class JokerHandoffScene(HandoffScene):
    """Bids, trump and the trick are public and stay in view; the score sheet may be read
    meanwhile."""
    size = HANDOFF_BOX
    detail_key = "joker.handoff.public"
    side_room = BOTTOM_SEAT_ROOM        # the bottom seat's name and record sit at the left

    def build(self) -> None:
        super().build()
        self.sheet = self.add(UIButton(px_rect(118, 12, 160, 38), t("joker.table.sheet"),
                                       self.app.manager))

    def on_button(self, element) -> None:
        super().on_button(element)
        if element is self.sheet:          # the sheet is public: it may be read meanwhile
            self.app.stack.push(ScoreSheetScene(self.app, self.table_scene, resume_on_close=False))


class JokerLeadScene(Dialog):
    """A led joker names a suit and "high" or "takes" (J9). Esc or Cancel closes it."""
    back_on_escape = True
    size = (640, 390)
    row_step = 104           # design pixels, as every length here

    def __init__(self, app, table_scene, joker: int):
        super().__init__(app, table_scene)
        self.joker = joker
        self.choices: dict = {}

    def build(self) -> None:
        panel = self.panel()
        self.choices = {}
        for row, mode in enumerate((JokerMode.HIGH, JokerMode.TAKES)):
            y = panel.y + px(112 + row * self.row_step)
            for suit in range(4):
                rect = pygame.Rect(panel.x + px(150 + suit * 112), y, px(100), px(44))
                button = self.add(UIButton(rect, f"{suit_symbol(suit)}", self.app.manager,
                                           tool_tip_text=t(f"joker.lead.tip.{mode.name.lower()}",
                                                           suit=t(f"joker.suit.{suit}")),
                                           object_id=suit_button(suit)))
                self.choices[button] = next(action for action in JOKER_LEADS[self.joker]
                                            if action.joker is mode and action.suit == suit)
        self.cancel = self.bottom_button(t("joker.lead.cancel"), width=180)

    def on_button(self, element) -> None:
        if element in self.choices:
            action = self.choices[element]
            self.close()
            self.table_scene.attempt(action)
        elif element is self.cancel:
            self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.table_scene.dialog is self:
            self.table_scene.dialog = None

    def draw(self, surface) -> None:
        super().draw(surface)
        panel = self.panel()
        self.draw_title(surface, t("joker.lead.title"), top=18, size=24)
        surface.blit(card_image(card_text(self.joker), px(96)),
                     (panel.x + px(28), panel.y + px(90)))
        for row, mode in enumerate(("high", "takes")):
            y = panel.y + px(112 + row * self.row_step)
            draw_text(surface, t(f"joker.lead.{mode}"), (panel.x + px(150), y - px(26)), 17,
                      GOLD, bold=True)
            explain = f"joker.lead.{mode}_explain"
            if mode == "high" and self.ctl.options["trump_beats_high_joker_lead"]:
                explain = "joker.lead.high_explain_trumpable"     # J11's option is on
            draw_text(surface, t(explain), (panel.x + px(150), y + px(50)), 13,
                      CREAM)


LEGEND = ("joker.sheet.legend.khishti", "joker.sheet.legend.doubled",
          "joker.sheet.legend.erased", "joker.sheet.legend.premium",
          "joker.sheet.legend.pulka_total")


class SheetDialog(Dialog):
    """The paper sheet on the left, a column of words and buttons on the right."""
    size = (1060, 2000)
    title_key = "joker.sheet.title"
    highlight_last = False

    def side_width(self) -> int:
        return max(px(220), min(px(330), self.panel().width * 3 // 10))

    def sheet_rect(self) -> pygame.Rect:
        panel = self.panel()
        return pygame.Rect(panel.x + px(14), panel.y + px(14),
                           panel.width - self.side_width() - px(28), panel.height - px(28))

    def side_rect(self) -> pygame.Rect:
        panel = self.panel()
        width = self.side_width()
        return pygame.Rect(panel.right - width - px(8), panel.y + px(14), width - px(6),
                           panel.height - px(28))

    def side_button(self, label: str, row: int = 0) -> UIButton:
        side = self.side_rect()
        rect = pygame.Rect(side.x + px(10), side.bottom - px(50 + row * 54), side.width - px(20),
                           px(46))
        return self.add(UIButton(rect, label, self.app.manager))

    def buttons_top(self, side: pygame.Rect) -> int:
        """Where the side's buttons begin (they sit at its bottom)."""
        return min((widget.rect.top for widget in self.widgets), default=side.bottom)

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_sheet(surface, self.sheet_rect(), self.view.observation, self.ctl.names,
                   self.highlight_last)
        side = self.side_rect()
        draw_text(surface, t(self.title_key), (side.centerx, side.y + px(4)), 22, GOLD,
                  bold=True, anchor="midtop")
        self.draw_side(surface, side, side.y + px(40))

    def draw_side(self, surface, side: pygame.Rect, y: int) -> None:
        self.draw_legend(surface, side, y + px(10))

    def draw_legend(self, surface, side, y: int) -> None:
        """The marks of the sheet explained, just above the side's buttons (from `y` down
        when the side is full, as many entries as fit above the buttons)."""
        width = side.width - px(16)
        entries = [wrap_text(t(key), 13, width) for key in LEGEND]
        step = font(13).get_sized_height()
        height = sum(len(lines) * step + px(4) for lines in entries)
        bottom = self.buttons_top(side) - px(8)
        y = max(y, bottom - height)
        for lines in entries:
            if y + len(lines) * step > bottom:
                return
            for line in lines:
                draw_text(surface, line, (side.x + px(8), y), 13, (210, 220, 205))
                y += step
            y += px(4)


class ViewerMixin:
    """A dialog the player opens to look at something while the game waits: its close button
    (`close_button`, made in `build`) or Esc closes it, and the game goes on unless
    `resume_on_close` is false."""
    back_on_escape = True
    resume_on_close = True

    def on_button(self, element) -> None:
        if element is self.close_button:
            self.close()

    def close(self) -> None:
        self.app.stack.pop()
        if self.resume_on_close:
            self.table_scene.resume_from_pause()


class ScoreSheetScene(ViewerMixin, SheetDialog):
    """Open at any time (the game waits meanwhile)."""

    def __init__(self, app, table_scene, resume_on_close: bool = True):
        super().__init__(app, table_scene)
        self.resume_on_close = resume_on_close

    def build(self) -> None:
        self.close_button = self.side_button(t("joker.sheet.close"))

    def draw_side(self, surface, side, y) -> None:
        """The table's rules next to the sheet, as written at the top of a paper sheet."""
        options = self.view.observation.options
        khishti = t("joker.setup.khishti.special") if options.khishti == "special" \
            else t(f"joker.setup.khishti.{-options.khishti}")
        lines = [f"{t('joker.setup.game_type')}: {t(f'joker.setup.game_type.{options.game_type}')}",
                 f"{t('joker.sheet.khishti')}: {khishti}",
                 f"{t('joker.setup.dealer_cannot_fill')}: "
                 f"{t('setup.on' if options.dealer_cannot_fill else 'setup.off')}",
                 f"{t('joker.setup.trump_beats_high_joker_lead')}: "
                 f"{t('setup.on' if options.trump_beats_high_joker_lead else 'setup.off')}",
                 f"{t('joker.rule.premium')}: {t(f'joker.rule.premium.{options.premium}')}"]
        if options.partnership:                     # V-J4: the teams' sums
            lines.append(teams_words(self.view.observation.totals, self.ctl.names))
        for line in lines:
            y = draw_wrapped(surface, line, (side.x + px(8), y), 14, side.width - px(16),
                             CREAM) + px(4)
        super().draw_side(surface, side, y)


class SummaryScene(SheetDialog):
    """After each deal: its row on the sheet, and what each player bid, took and scored."""
    title_key = "joker.summary.title"
    highlight_last = True

    def build(self) -> None:
        over = self.view.game_over
        self.next = self.side_button(self.way_on(t("summary.to_result") if over
                                                 else t("summary.next")))
        self.view_table = self.side_button(t("table.view_table"), row=1)
        self.review = self.side_button(t("review.open"), row=2)

    def on_button(self, element) -> None:
        if element is self.next:
            self.ctl.acknowledge_summary(self.app.now)

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.ctl.acknowledge_summary(self.app.now)

    def draw_side(self, surface, side, y) -> None:
        sheet = self.view.observation.sheet
        deals = [line for line in sheet if isinstance(line, DealResult)]
        if not deals:
            return
        result = deals[-1]
        names = self.ctl.names
        key = "joker.summary.deal_one_card" if result.cards == 1 else "joker.summary.deal"
        draw_text(surface, t(key, number=result.deal_number, total=self.table_scene.total_deals(),
                             cards=result.cards), (side.x + px(8), y), 15, CREAM)
        y += px(26)
        for player, name in enumerate(names):
            bid, took, score = result.bids[player], result.tricks[player], result.scores[player]
            colour = (170, 235, 170) if bid == took else (255, 170, 150)
            draw_text(surface, name, (side.x + px(8), y), 15, CREAM, bold=True)
            draw_text(surface, number(score, signed=True), (side.right - px(8), y), 15, colour,
                      bold=True, anchor="topright")
            y += px(19)
            draw_text(surface, t("joker.summary.line", bid=bid, took=took), (side.x + px(16), y),
                      13, colour)
            y += px(22)
        if self.view.observation.options.partnership:       # V-J4: who plays with whom
            y = draw_wrapped(surface, teams_words(self.view.observation.totals, names),
                             (side.x + px(8), y), 14, side.width - px(16), GOLD) + px(4)
        last = sheet[-1]
        if isinstance(last, PulkaResult):
            y += px(6)
            if last.premium:
                text = t("joker.summary.premium", pulka=last.pulka,
                         names=", ".join(names[p] for p in last.premium))
            else:
                text = t("joker.summary.no_premium", pulka=last.pulka)
            draw_wrapped(surface, text, (side.x + px(8), y), 14, side.width - px(16), GOLD)


class MatchOverScene(SheetDialog, FinalDialog):
    """J16: the whole sheet and the ranking (the end's buttons at its side)."""
    title_key = "joker.over.title"

    def build(self) -> None:
        self.next_offered = self.next_game_coming()          # (a table across machines)
        row = 1 if self.next_offered else 0
        self.next_game = self.side_button(t("session.next_game")) if self.next_offered \
            else None
        self.menu = self.side_button(t("over.menu"), row=row)
        self.view_table = self.side_button(t("table.view_table"), row=row + 1)
        self.review = self.side_button(t("review.open"), row=row + 2)

    def draw_side(self, surface, side, y) -> None:
        totals = self.view.observation.totals
        names = self.ctl.names
        partnership = self.view.observation.options.partnership
        order = ranking(totals, partnership)
        if partnership:                             # V-J4: the team with the higher sum
            winners = t("joker.over.winning_team", names=" & ".join(
                names[p] for p in order[:2]))
            y = draw_wrapped(surface, winners, (side.x + px(8), y), 18, side.width - px(16),
                             GOLD) + px(4)
            y = draw_wrapped(surface, teams_words(totals, names), (side.x + px(8), y), 15,
                             side.width - px(16), CREAM) + px(10)
        else:
            draw_text(surface, t("joker.over.winner", name=names[order[0]]), (side.centerx, y),
                      18, GOLD, bold=True, anchor="midtop")
            y += px(40)
        for place, player in enumerate(order, start=1):
            colour = GOLD if place == 1 else CREAM
            draw_text(surface, f"{place}.  {names[player]}", (side.x + px(12), y), 18, colour,
                      bold=place == 1)
            draw_text(surface, number(totals[player]), (side.right - px(12), y), 18, colour,
                      bold=place == 1, anchor="topright")
            y += px(30)
        super().draw_side(surface, side, y)


class LastTrickScene(ViewerMixin, Dialog):
    """The last complete trick of the deal, each card where its player sits, the winner's
    ringed (the game waits meanwhile)."""
    size = (520, 430)

    def build(self) -> None:
        self.close_button = self.bottom_button(t("joker.sheet.close"), width=160)

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b:
            self.close()                     # the key that opened it (move_log.py)

    def draw(self, surface) -> None:
        super().draw(surface)
        panel = self.panel()
        self.draw_title(surface, t("joker.table.last_trick"), top=14, size=22)
        last = self.table_scene.last_trick(self.view.observation)
        if last is None:
            return
        plays, winner = last
        width = px(66)
        height = card_size(width)[1]
        cx, cy = panel.centerx, panel.y + px(196)
        spots = {"bottom": (cx, cy + height // 2 + px(6)), "top": (cx, cy - height // 2 - px(6)),
                 "left": (cx - width - px(40), cy), "right": (cx + width + px(40), cy)}
        names = self.ctl.names
        for order, play in enumerate(plays):
            side = self.table_scene.side_of(play.seat)
            image = card_image(card_text(play.card), width, selected=play.seat == winner)
            rect = image.get_rect(center=spots[side])
            surface.blit(image, rect)
            label = names[play.seat] + (" ✓" if play.seat == winner else "")
            if order == 0:
                label = f"{label} · {t('joker.last_trick.led')}"
            if play.joker is not None:
                label = f"{label} · {joker_words(play)}"
            below = side == "bottom"
            draw_text(surface, label,
                      (rect.centerx, rect.bottom + px(3) if below else rect.y - px(3)), 13,
                      GOLD if play.seat == winner else CREAM,
                      anchor="midtop" if below else "midbottom")
        draw_text(surface, t("joker.table.takes_trick", name=names[winner]),
                  (panel.centerx, panel.bottom - px(88)), 17, GOLD, bold=True, anchor="midtop")


def draw_wrapped(surface, text: str, pos, size: int, width: int, colour) -> int:
    """Draw `text` wrapped to `width`; returns the y under it."""
    x, y = pos
    for line in wrap_text(text, size, width):
        y = draw_text(surface, line, (x, y), size, colour).bottom + px(3)
    return y


def teams_words(totals, names) -> str:
    """V-J4: "Team Nino & Tamar 1,200 · Team Giorgi & Levan 900" (partners sit opposite)."""
    sums = team_totals(totals)
    return " · ".join(t("joker.sheet.team", names=f"{names[a]} & {names[b]}")
                      + f" {number(total)}"
                      for (a, b), total in zip(((0, 2), (1, 3)), sums))
