"""FROZEN: the rule-based play of Tiến Lên's `normal-v1` (and of `hard-v1`'s rollouts),
copied from ai/tienlen/play.py as it stood when they were frozen (easy left out), so that
changing the live normal leaves the baseline as it was (v1.py). Do not change this file.

Normal plays from the hand plan (plan.py): lead low, follow whenever a play costs the plan little
(the plan's own combinations first), spend 2s late, chop 2s and bombs with bombs, and block a
player close to going out. The same function drives the search's rollouts, from a full state's
view of each seat.

It reads the house rules from the view (V-T1–V-T7). Normal knows what they change in what a hand
is worth: under V-T2 a hand of nothing but 2s can never go out (it keeps a card that is not a 2
for last, and spends its 2s before), under V-T3 (games after the first) it keeps a lone 3♠ to go
out on, and under V-T1 it plays for its place rather than for the cards left. The others change
only which moves are legal, and every choice is one of the legal moves.
"""

from __future__ import annotations

from typing import Sequence

from ai.tienlen.view import SeatView
from game.tienlen.actions import PASS, Play
from game.tienlen.cards import RANK_ACE, RANK_TWO, THREE_OF_SPADES
from game.tienlen.combos import (BOMB_VALUE, PAIR, SINGLE, Combo, classify_cached, entry_of,
                                 is_bomb, is_chop)

from .plan_v1 import (combo_cost, is_master, out_picture, outstanding, plan_summary,
                      split_hand, surely_beaten_count, uses_control)

#: a follow is worth playing unless it costs the plan more than this many turns: every card
#: left in hand is paid for (T14), so shedding beats waiting. Measured (2000 games of one
#: variant against three normal): thresholds -1.0 and below gained ~4 gold a game over +0.5.
WORTHWHILE_GAIN = -1.0
#: plans this short play their 2s: the end is near (5 measured better than 3 or 7)
SHORT_PLAN = 5
#: an opponent with this many cards or fewer is about to go out: block
DANGER = 3
#: V-T1 places: the cards left cost nothing but the last place's thối, so a follow must cost the
#: plan less to be worth it (measured, see docs/tienlen-decisions.md)
WORTHWHILE_GAIN_PLACES = 0.0
#: the cards below the 2s
_BELOW_TWOS = (1 << (4 * RANK_TWO)) - 1
_THREE_OF_SPADES = 1 << THREE_OF_SPADES


def doomed(view: SeatView, hand: int) -> bool:
    """V-T2: a hand (not empty) of nothing but 2s can never go out."""
    return view.options.no_finish_on_two and hand != 0 and not hand & _BELOW_TWOS


def keeps_three_of_spades(view: SeatView) -> bool:
    """V-T3: going out on the single 3♠ doubles what everyone pays, from the second game on."""
    return view.options.three_spades_finish and view.game > 1 and \
        bool(view.hand & _THREE_OF_SPADES)


def play_of(combo: Combo) -> Play:
    return entry_of(combo.mask)[2]


def plays_with_combos(legal: Sequence) -> list[tuple[Combo, Play]]:
    return [(classify_cached(action.cards), action) for action in legal if type(action) is Play]


def going_out(view: SeatView, legal: Sequence) -> Play | None:
    """The play that empties the hand, if there is one (always taken, at every level)."""
    size = view.hand.bit_count()
    for action in legal:
        if type(action) is Play and len(action.cards) == size:
            return action
    return None


def _combo_strength(combo: Combo) -> float:
    return 1.0 - combo_cost(combo)


def winning_line(plan: Sequence[Combo], others: int, no_two: bool = False) -> bool:
    """Every combination but one is a master: lead them, then the last one, and go out. Under
    V-T2 (`no_two`) the last one may not hold a 2: a non-master 2, or a hand of masters that
    are all 2s, is no sure way out."""
    rest = [combo for combo in plan if not is_master(combo, others)]
    if len(rest) > 1:
        return False
    if no_two:
        last = rest or [combo for combo in plan if combo.top >> 2 != RANK_TWO]
        return bool(last) and last[0].top >> 2 != RANK_TWO
    return True


# --- normal -------------------------------------------------------------------------------------

def normal_choice(view: SeatView, legal: Sequence) -> Play | object:
    out = going_out(view, legal)
    if out is not None:
        return out
    if view.table is None:
        choice = _lead(view, legal)
        if view.options.no_finish_on_two and choice not in legal:
            # V-T2: only a hand of nothing but 2s gets here (its plan is one combination);
            # it cannot go out anyway: shed the lowest 2
            return min((a for a in legal if type(a) is Play), key=lambda a: (len(a.cards),
                                                                          a.cards))
        return choice
    return _follow(view, legal)


def _lead(view: SeatView, legal: Sequence) -> Play:
    plan = split_hand(view.hand)
    if view.must_include:
        # T7: the plan's combination holding the required card (it is always a legal lead)
        return play_of(next(c for c in plan if c.mask & view.must_include))
    no_two = view.options.no_finish_on_two
    others = outstanding(view.hand, view.played)
    masters = [c for c in plan if is_master(c, others)]
    rest = [c for c in plan if not is_master(c, others)]  # in the plan's leading order
    if no_two and len(plan) > 1 and view.hand >> (4 * RANK_TWO):
        # V-T2: never keep 2s alone: while a single combination without a 2 is left (or the
        # plan is sure), lead the 2s first
        plain = [c for c in plan if c.top >> 2 != RANK_TWO]
        if len(plain) == 1 or (len(rest) <= 1 and winning_line(plan, others, True)):
            twos = [c for c in plan if c.top >> 2 == RANK_TWO]
            if twos:
                return play_of(max(twos, key=lambda c: (c.size, c.top)))
    if keeps_three_of_spades(view) and len(plan) > 1 and len(rest) <= 2 and \
            any(c.mask == _THREE_OF_SPADES for c in rest):
        # V-T3: near the end the lone 3♠ is the card to go out on: lead everything else first
        rest = [c for c in rest if c.mask != _THREE_OF_SPADES]
    if len(rest) <= 1:
        # take the lead with every master (the longest first), then play the last one
        if masters:
            return play_of(max(masters, key=lambda c: (c.size, -_combo_strength(c))))
        return play_of(rest[0])
    danger = view.fewest_opponent_cards()
    if danger == 1:
        # a single would let them out: lead anything else, else the highest single
        multi = [c for c in rest if c.size > 1] or [c for c in masters if c.size > 1]
        if multi:
            return play_of(multi[0])
        return play_of(max(plan, key=lambda c: c.top))
    if danger == 2:
        # they may hold a pair: lead runs and triples first, then singles, pairs last
        ordered = sorted(rest, key=lambda c: (c.kind == PAIR, c.kind == SINGLE))
        return play_of(ordered[0])
    return play_of(rest[0])


def _follow(view: SeatView, legal: Sequence) -> object:
    plays = plays_with_combos(legal)
    if not plays:
        return PASS
    table = view.table
    chops = [(c, a) for c, a in plays if is_chop(c, table)]
    if chops:
        # chopping a 2 or a bomb wins its value and the lead: use the smallest bomb that does
        return min(chops, key=lambda ca: (BOMB_VALUE[(ca[0].kind, ca[0].size)], ca[0].top))[1]
    hand = view.hand
    rules = view.options
    no_two = rules.no_finish_on_two
    worthwhile = WORTHWHILE_GAIN_PLACES if rules.places else WORTHWHILE_GAIN
    base, base_length, _ = plan_summary(hand)
    short_plan = base_length <= SHORT_PLAN
    fewest = view.fewest_opponent_cards()
    danger = fewest <= DANGER
    block_single = danger and table.kind == SINGLE and fewest == 1
    others = outstanding(hand, view.played)
    out = None  # what the others can form, read when a play leaves a short plan
    best, best_score = None, None
    for combo, action in plays:
        rest = hand ^ combo.mask
        if no_two and doomed(view, rest):
            continue  # V-T2: only 2s left could never go out
        rest_cost, rest_length, rest_shapes = plan_summary(rest)
        gain = base - rest_cost
        if rest_length <= SHORT_PLAN:
            if out is None:
                out = out_picture(others)
            # the rank-level test first: it rules out most hands without assigning their cards
            if surely_beaten_count(rest_shapes, out, 2) < 2 \
                    and winning_line(split_hand(rest), others, no_two):
                return action  # this play leaves a sure way out
        if uses_control(combo):
            spend_ok = (danger or short_plan
                        or (combo.kind == SINGLE and table.top >> 2 >= RANK_ACE - 1))
            if not spend_ok or is_bomb(combo):
                continue
            score = gain - 1.0  # a 2 played is a control gone
        else:
            if gain < worthwhile and not danger:
                continue
            score = gain - 0.05 * (combo.top >> 2)  # the lowest of equally good plays
        if block_single:
            score = combo.top  # block a last single with the highest single we have
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best if best is not None else PASS
