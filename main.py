"""Start the game from a checkout: `python main.py [subcommand …]` is the installed `tabletrio`
command (game/cli.py says what the subcommands do)."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
