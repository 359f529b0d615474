"""The shared engine contract: errors, notation, options, the Rules protocol, scenario/1 and
the generic replay driver. Pure Python; never imports pygame."""

from .errors import IllegalAction, ScenarioError

__all__ = ["IllegalAction", "ScenarioError"]
