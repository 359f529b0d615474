import os
import sys

import pytest
from hypothesis import HealthCheck, settings

# The tests import the installed project (make test installs it, editable); UI tests never
# open a real window.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Tables nearby are looked for on this computer only, whatever the caller's environment says
# (and so in every program a test starts): no test ever sends to the machine's network.
os.environ["TABLE_GAMES_DISCOVERY"] = "loopback"
# A table hosted from the window (game/net/window_host.py) listens on this computer only.
os.environ["TABLE_GAMES_BIND"] = "127.0.0.1"
# And a join goes to this computer only (game/net/address.py): refused before a packet leaves.
os.environ["TABLE_GAMES_LOOPBACK_ONLY"] = "1"

# Whole games per example are slow-ish: no per-example deadline, and a bounded example count so
# the suite stays well under five minutes on a 2-core machine.
# The examples are derived from each test's name, so a run never fails by chance (CI stays green
# or red for the code, not the draw); HYPOTHESIS_PROFILE=explore draws new ones each run, to
# hunt for what the fixed draw misses (a test that sets its own count keeps it).
settings.register_profile("project", deadline=None, max_examples=60, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", deadline=None, max_examples=600,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "project"))


@pytest.fixture
def ui(tmp_path):
    """The window, headless, with fast animations (a UI test file may define its own)."""
    from ui_driver import UiDriver   # here, so engine-only tests never load pygame

    driver = UiDriver(tmp_path)
    driver.app.settings["animation"] = "fast"
    yield driver
    driver.app.quit()


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that switched the window's language (to check the words in Georgian, say)
    cannot leave the next test of its worker reading Georgian: English again afterwards
    (only where the window's words were loaded: an engine's test never loads pygame)."""
    yield
    words = sys.modules.get("game.ui.i18n")
    if words is not None:
        words.set_language("en")


@pytest.fixture(autouse=True)
def discovery_on_loopback(monkeypatch):
    """Again for each test: one that changed the environment cannot leave the next on the
    network (a test of the mode decision passes its own environment)."""
    monkeypatch.setenv("TABLE_GAMES_DISCOVERY", "loopback")
    monkeypatch.setenv("TABLE_GAMES_BIND", "127.0.0.1")
    monkeypatch.setenv("TABLE_GAMES_LOOPBACK_ONLY", "1")


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch):
    """The coach thinks a tenth of a second at most in tests (its cap at the table is a few
    seconds): what it proposes is checked against the rules, never against a particular move."""
    monkeypatch.setattr("game.controller.assists.COACH_BUDGET_S", 0.1)


#: the files whose tests play whole games in the window, search with the AI, kill processes or
#: install the program: `make test-fast` (`-m "not slow"`) leaves them out. A single slow test
#: elsewhere says `@pytest.mark.slow` itself.
SLOW_FILES = {
    "test_text_fit.py", "test_monkey.py", "test_layout.py", "test_hotseat_privacy.py",
    "test_review.py", "test_moments.py", "test_ui_joker.py", "test_ui_domino.py",
    "test_ui_tienlen.py", "test_kill_safety.py", "test_history_kill.py", "test_review_screen.py",
    "test_guided.py", "test_reduced_motion.py", "test_small_things.py", "test_house_rules_ui.py",
    "test_one_judge.py", "test_ai_joker.py", "test_ai_domino.py", "test_ai_tienlen.py",
    "test_ai_search.py", "test_ai_joker_styles.py", "test_ai_baselines.py", "test_assists.py",
    "test_replay_cli.py", "test_architecture.py", "test_pause_settings.py",
    "test_lesson_to_table.py", "test_pace.py", "test_keyboard.py", "test_history_damage.py",
    "test_whole_words.py", "test_move_log.py", "test_small_b.py", "test_cli_fuzz.py",
    "test_profile_manage.py", "test_stats_screens.py",
}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
