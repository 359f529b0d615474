"""Refusals as data: every IllegalAction raised outside the window names a listed code, every code
has words in every language, and the window's sentence is built from the code's parameters."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from game.core.errors import REFUSAL_CODES as TABLE_CODES
from game.core.errors import IllegalAction
from game.domino.actions import REFUSAL_CODES as DOMINO_CODES
from game.domino.tiles import tile_from_text
from game.joker.actions import REFUSAL_CODES as JOKER_CODES
from game.joker.cards import parse_card_text
from game.tienlen.actions import REFUSAL_CODES as TIENLEN_CODES
from game.tienlen.cards import parse
from game.ui.i18n import set_language, strings
from game.ui.refusals import refusal_game, refusal_key, refusal_words

GAME = Path(__file__).resolve().parents[1] / "game"
LANGUAGES = ("en", "id", "vi", "ka")
CODES = {"domino": DOMINO_CODES, "tienlen": TIENLEN_CODES, "joker": JOKER_CODES}
#: the package under game/ -> the game whose codes it raises (None: the table's own codes)
PACKAGE_GAME = {"domino": "domino", "tienlen": "tienlen", "joker": "joker", "core": None,
                "controller": None}
NAMES = ["Ani", "Budi", "Citra", "Dewi"]
#: a value for every parameter a refusal of each game may carry
SAMPLE_PARAMS = {
    "domino": dict(tile=tile_from_text("3-5"), tiles=(tile_from_text("2-6"),
                                                      tile_from_text("6-6")),
                   end="L", left=2, right=6, number=2, held=3),
    "tienlen": dict(card=parse("3S"), cards=(parse("3S"), parse("5H")),
                    play=(parse("5S"), parse("5H")), table=(parse("9S"), parse("9H")),
                    value="'x'"),
    "joker": dict(card=parse_card_text("AH"), suit=0, trump=3, bid=2, cards=3, value="'x'"),
}
#: the parameters of a code several games share, or of the table's own codes
NEUTRAL_SAMPLE_PARAMS = dict(player=1, claimed=2, value="'x'")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def codes_of(package: str) -> tuple[str, ...]:
    game = PACKAGE_GAME[package]
    return CODES[game] if game else TABLE_CODES


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


# --- the lists ------------------------------------------------------------------------------------

@pytest.mark.parametrize("codes", [DOMINO_CODES, TIENLEN_CODES, JOKER_CODES, TABLE_CODES])
def test_codes_are_short_snake_case_and_listed_once(codes):
    assert len(set(codes)) == len(codes)
    assert all(re.fullmatch(r"[a-z][a-z_]*[a-z]", code) and len(code) <= 30 for code in codes)


@pytest.mark.parametrize("game", CODES)
def test_the_tables_codes_are_not_a_games_codes(game):
    assert not set(CODES[game]) & set(TABLE_CODES)


def test_a_code_is_a_games_own_unless_several_games_share_it():
    """The code alone says which words say it (the window's refusal_words takes no game)."""
    assert refusal_game("wrong_end") == "domino" and refusal_game("must_trump") == "joker"
    assert refusal_game("cards_not_in_hand") == "tienlen"
    assert refusal_game("bad_deal") is refusal_game("wrong_player") is None


# --- the scan of the engines ----------------------------------------------------------------------

def called_name(node: ast.AST) -> str | None:
    return getattr(node, "id", None) or getattr(node, "attr", None)


def refusals_in(tree: ast.AST):
    """(line, code or None, parameter names) of every IllegalAction built in `tree`; a bare
    `raise IllegalAction` counts as one without a code."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None \
                and called_name(node.exc) == "IllegalAction":
            yield node.lineno, None, set()
        if isinstance(node, ast.Call) and called_name(node.func) == "IllegalAction":
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            code = keywords.pop("code", None)
            literal = code.value if isinstance(code, ast.Constant) \
                and isinstance(code.value, str) else None
            yield node.lineno, literal, set(keywords)


def engine_refusals():
    """(where, package, code, parameter names) for every IllegalAction built in game/ outside
    the window."""
    for path in sorted(GAME.rglob("*.py")):
        package = path.relative_to(GAME).parts[0]
        if package == "ui" or package not in PACKAGE_GAME:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, code, params in refusals_in(tree):
            yield f"{path.relative_to(GAME)}:{line}", package, code, params


def test_the_scan_sees_the_packages_that_refuse():
    assert {package for _, package, _, _ in engine_refusals()} == set(PACKAGE_GAME)


def test_every_refusal_names_a_listed_code():
    wrong = [f"{where}: {code!r}" for where, package, code, _ in engine_refusals()
             if code not in codes_of(package)]
    assert not wrong, "IllegalAction without a listed code= literal:\n" + "\n".join(wrong)


def test_every_listed_code_is_raised():
    raised = {(PACKAGE_GAME[package], code) for _, package, code, _ in engine_refusals()}
    unused = [(game, code) for game, codes in [*CODES.items(), (None, TABLE_CODES)]
              for code in codes if (game, code) not in raised]
    assert not unused, f"listed but never raised: {unused}"


def test_every_refusal_carries_the_parameters_its_words_need():
    english = strings("en")
    short = []
    for where, _, code, params in engine_refusals():
        needed = placeholders(english[refusal_key(code)])
        if not needed <= params:
            short.append(f"{where}: {code} lacks {sorted(needed - params)}")
    assert not short, "\n".join(short)


def test_a_shared_code_carries_nothing_only_one_game_can_put_in_words():
    """A code several games share is worded without the game: a player index at most (named
    from `names`), or text that is not shown."""
    specific = [f"{where}: {code} {sorted(params)}"
                for where, _, code, params in engine_refusals()
                if refusal_game(code) is None and not params <= set(NEUTRAL_SAMPLE_PARAMS)]
    assert not specific, "\n".join(specific)


def test_the_scan_sees_a_refusal_without_a_code():
    sample = ast.parse('raise IllegalAction("x")\nraise IllegalAction\n'
                       'raise IllegalAction("y", code="must_trump", suit=1)\n'
                       'raise IllegalAction("z", code=CODE)\n')
    found = sorted(refusals_in(sample), key=lambda refusal: refusal[0])
    assert found == [(1, None, set()), (2, None, set()), (3, "must_trump", {"suit"}),
                     (4, None, set())]


# --- the words ------------------------------------------------------------------------------------

ALL_CODES = sorted({code for codes in [*CODES.values(), TABLE_CODES] for code in codes})


def sample_refusal(code: str) -> IllegalAction:
    game = refusal_game(code)
    params = {**SAMPLE_PARAMS[game], "player": 1} if game else NEUTRAL_SAMPLE_PARAMS
    return IllegalAction("an English message", code=code, **params)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_has_words_in_every_language(language):
    missing = [refusal_key(code) for code in ALL_CODES
               if refusal_key(code) not in strings(language)]
    assert not missing, f"{language} lacks {missing}"


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_reads_as_a_finished_sentence_in_every_language(code):
    sentences = {}
    for language in LANGUAGES:
        set_language(language)
        sentence = refusal_words(sample_refusal(code), NAMES)
        assert sentence.strip() and not re.search(r"\{\w*\}", sentence), (language, sentence)
        sentences[language] = sentence
    for language in LANGUAGES[1:]:
        assert sentences[language] != sentences["en"], (language, sentences[language])


@pytest.mark.parametrize("language, code, params, sentence", [
    ("en", "wrong_end", dict(tile=tile_from_text("1-6"), end="R", number=0),
     "1-6 does not fit the right end (0): lay it on the other end"),
    ("id", "cannot_pass_tile_fits", dict(tile=tile_from_text("0-6"), left=6, right=6),
     "Anda tidak boleh pas: 0-6 masih bisa dipasang (ujungnya 6 dan 6)"),
    ("vi", "does_not_beat", dict(play=(parse("5S"), parse("5H")),
                                            table=(parse("9S"), parse("9H"))),
     "Đôi 5 không bắt được Đôi 9"),
    ("en", "cards_not_in_hand", dict(cards=(parse("3H"), parse("10D"))),
     "Not in your hand: 3♥ 10♦"),
    ("vi", "must_trump", dict(suit=0, trump=3),
     "Bạn hết ♥ cơ nhưng còn chủ (♠ bích): phải đánh chủ hoặc joker"),
    ("ka", "must_play_highest", dict(suit=1, card=parse_card_text("AD")),
     "ჯოკერი „მაღალი“ ტარდება (♦ აგური): ჩამოდი შენი ყველაზე მაღალი კარტით, A♦, ან ჯოკერით"),
    ("en", "card_not_in_hand", dict(card=parse_card_text("X2")), "Not in your hand: joker"),
    ("en", "already_left", dict(player=2), "Citra has already left the table"),
    ("vi", "wrong_player", dict(player=3, claimed=0), "Đang là lượt của Dewi"),
])
def test_parameters_are_put_in_the_games_words(language, code, params, sentence):
    set_language(language)
    assert refusal_words(IllegalAction("x", code=code, **params), NAMES) == sentence


def test_a_player_without_a_name_is_called_by_number():
    set_language("ka")
    error = IllegalAction("x", code="already_left", player=1)
    assert refusal_words(error) == "მოთამაშე 2 უკვე წავიდა მაგიდიდან"


def test_the_english_message_stays_what_replay_prints():
    error = IllegalAction("3-5 does not match the open ends 2 and 6", code="tile_does_not_fit",
                          tile=tile_from_text("3-5"), left=2, right=6)
    assert str(error) == "3-5 does not match the open ends 2 and 6"
    assert error.args == ("3-5 does not match the open ends 2 and 6",)
    assert error.params == {"tile": tile_from_text("3-5"), "left": 2, "right": 6}


def test_a_refusal_survives_copy_and_pickle():
    import copy
    import pickle

    error = IllegalAction("you hold hearts and must follow suit", code="must_follow_suit", suit=0)
    for again in (copy.copy(error), pickle.loads(pickle.dumps(error))):
        assert (str(again), again.code, again.params) == (str(error), "must_follow_suit",
                                                          {"suit": 0})
