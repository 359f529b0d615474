import os
import sys

from hypothesis import HealthCheck, settings

# Tests import the project from the repository root; UI tests never open a real window.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Whole games per example are slow-ish: no per-example deadline, and a bounded example count so
# the suite stays well under five minutes on a 2-core machine.
settings.register_profile("project", deadline=None, max_examples=60,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "project"))
