"""Indonesian tournament domino (spec/domino.md, rules D1–D20). Pure Python, no pygame."""
