"""Tables across machines: a host serves tables, joiners play their chairs from other machines
(docs/network.md). Pure Python, no pygame."""
