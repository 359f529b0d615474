"""The stand-alone build's program: the same entry as the `tabletrio` command and main.py."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
