"""Tables across machines: finding tables nearby (discovery.py) and what a joiner types
(address.py). No pygame here."""
