"""AI opponents behind one interface (ai.bots.Bot); see ai/bots.py."""
