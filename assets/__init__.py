"""The bundled data files: fonts, sounds, the words of each language (locale/), the players'
rules guide (rules/), the window's theme and icon.

A package, so that an installed copy finds them from any working directory: every reader starts
from `FOLDER`, found through importlib.resources, never from a path relative to the source tree.
The files are installed as ordinary files (a wheel, an editable install or the stand-alone
build), so fonts and sounds load by file name.
"""

from importlib.resources import files
from pathlib import Path

FOLDER = Path(str(files(__name__)))
