"""The stand-alone build: PyInstaller makes dist/tabletrio/ (the program and everything it
needs, no Python required), then an archive of it with the desktop file and the icon.

    python packaging/build_dist.py          (make dist)

On Linux the archive is dist/tabletrio-<version>-linux-<machine>.tar.gz: unpack it anywhere and
run tabletrio/tabletrio; install-desktop.sh in it adds the menu entry. The same spec builds on
Windows and macOS (docs/packaging.md).
"""

from __future__ import annotations

import platform
import shutil
import sys
import tarfile
from pathlib import Path

import PyInstaller.__main__

from game import __version__

ROOT = Path(__file__).resolve().parents[1]
DIST, WORK = ROOT / "dist", ROOT / "build" / "pyinstaller"

INSTALL_DESKTOP = """#!/bin/sh
# Adds the game to the desktop's menu (for this user): the program stays where it is unpacked.
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p ~/.local/share/applications ~/.local/share/icons/hicolor/256x256/apps
cp "$here/tabletrio.png" ~/.local/share/icons/hicolor/256x256/apps/tabletrio.png
sed "s|^Exec=.*|Exec=\\"$here/tabletrio/tabletrio\\"|" "$here/tabletrio.desktop" \\
    > ~/.local/share/applications/tabletrio.desktop
echo "Added: Table games (Domino, Tiến Lên, Joker)"
"""


def main() -> int:
    PyInstaller.__main__.run([str(ROOT / "packaging" / "tabletrio.spec"), "--noconfirm",
                              "--log-level", "WARN", "--distpath", str(DIST),
                              "--workpath", str(WORK)])
    shutil.copy(ROOT / "packaging" / "tabletrio.desktop", DIST / "tabletrio.desktop")
    shutil.copy(ROOT / "assets" / "icon.png", DIST / "tabletrio.png")
    installer = DIST / "install-desktop.sh"
    installer.write_text(INSTALL_DESKTOP, encoding="utf-8")
    installer.chmod(0o755)
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, "linux")
    archive = DIST / f"tabletrio-{__version__}-{system}-{platform.machine().lower()}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for name in ("tabletrio", "tabletrio.desktop", "tabletrio.png", "install-desktop.sh"):
            tar.add(DIST / name, arcname=name)
    print(archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
