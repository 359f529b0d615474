"""The wheel, installed in a fresh venv, works with no checkout on its path.

    python packaging/install_smoke.py

Builds the wheel from this checkout, makes a venv in a temporary folder, installs the wheel
there (its dependencies from the package index), and runs packaging/smoke.py on the venv's
`tabletrio` command from another folder. Exits 0 when every check passes.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                        "--quiet", "--wheel-dir", str(folder / "wheel")], check=True)
        wheel = next((folder / "wheel").glob("tabletrio-*.whl"))
        venv.create(folder / "venv", with_pip=True)
        python = folder / "venv" / "bin" / "python"
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True)
        print(f"installed {wheel.name} in a fresh venv")
        return subprocess.run([sys.executable, str(ROOT / "packaging" / "smoke.py"),
                               str(folder / "venv" / "bin" / "tabletrio")]).returncode


if __name__ == "__main__":
    sys.exit(main())
