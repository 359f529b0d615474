"""The domino table's header, scoreboard and prompt, in words that follow the house rules: a
match to a target (V-D5) has no "of 12", pairs (V-D3) add the team sums, a free opening (V-D1)
says what may open."""

from __future__ import annotations

from game.domino.actions import PASS, Play
from game.domino.state import A_DOUBLE, team_sums
from game.domino.tiles import tile_text

from ..i18n import number, t
from ..resources import draw_text, draw_text_within
from ..scaling import px
from ..table_base import REFUSED
from ..widgets import CREAM, GOLD, draw_panel

HINT = (210, 230, 210)


def deal_header(obs) -> str:
    if obs.tiebreak:
        return t("domino.table.tiebreak_deal")
    if obs.options.target_points:                 # V-D5: no set number of deals
        return t("domino.table.deal_to_target", number=obs.deal_number,
                 target=obs.options.target_points)
    return t("domino.table.deal", number=obs.deal_number)


def draw_scoreboard(surface, rect, obs, names) -> None:
    """Each chair's total (and its misplays this deal); with pairs, the two teams' sums."""
    draw_panel(surface, rect, 190)
    draw_text(surface, t("table.score"), (rect.x + px(12), rect.y + px(8)), 16, GOLD, bold=True)
    for row, player in enumerate(obs.chairs):
        y = rect.y + px(34 + row * 26)
        draw_text(surface, f"{'ABCD'[row]}  {names[player]}", (rect.x + px(12), y), 16, CREAM)
        penalty = obs.deal_penalties[player]
        total = number(obs.totals[player], signed=True) + (f"  ({penalty})" if penalty else "")
        draw_text(surface, total, (rect.right - px(12), y), 16, REFUSED if penalty else CREAM,
                  anchor="topright")
    if obs.options.partnership:                   # V-D3: chairs A + C and B + D
        y = rect.y + px(34 + 4 * 26)
        draw_text_within(surface, teams_words(obs.totals), (rect.x + px(12), y), 15,
                         rect.width - px(24), GOLD, bold=True)


def teams_words(values) -> str:
    """"Team A + C +3 · Team B + D −3" (V-D3)."""
    a_c, b_d = team_sums(values)
    return (f"{t('domino.table.team', chairs='A+C')} {number(a_c, signed=True)} · "
            f"{t('domino.table.team', chairs='B+D')} {number(b_d, signed=True)}")


def prompt_words(view) -> str:
    """What the human to move is asked to do."""
    opening = [action for action in view.legal if isinstance(action, Play) and action.end is None]
    if view.legal == (PASS,):
        return t("domino.table.must_pass")
    if len(opening) > 1:                          # V-D1: the opener chooses
        return t("domino.table.open_double" if view.observation.opening_free == A_DOUBLE
                 else "domino.table.open_any")
    if opening:                                   # D5: nothing glows until it is laid
        return t("domino.table.open_with", tile=tile_text(opening[0].tile))
    return t("domino.table.select_tile")


def draw_prompt(surface, view, plate) -> None:
    """Above the bottom seat's name plate (`plate`: its midbottom point) and its avatar's
    timer ring."""
    if view.acting is not None:
        draw_text(surface, prompt_words(view), (plate[0], plate[1] - px(32)), 15, HINT,
                  anchor="midbottom")
