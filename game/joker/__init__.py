"""Georgian Joker (ჯოკერი): the rules engine (docs/rules/joker.md, rule ids J1–J16).

Pure Python and deterministic; never imports pygame. The entry point is `definition.JOKER`.
"""
