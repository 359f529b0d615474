"""Indonesian tournament domino (docs/rules/domino.md, rules D1–D20). Pure Python, no pygame."""
