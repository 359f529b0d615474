"""Tables across machines: a host serves tables, joiners play their chairs from other machines
(docs/network.md); tables nearby are announced with adverts.py (what they say: table_ad.py)
and found with discovery.py (docs/discovery.md), and what a joiner types is checked in
address.py. Pure Python, no pygame."""
