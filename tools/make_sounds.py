"""Generate the game's sound effects (assets/sounds/*.wav) from simple synthesis.

    python tools/make_sounds.py

Pure Python (wave + math), deterministic: the files are the project's own work (CC0, see
assets/sounds/LICENSE.txt).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def envelope(t: float, attack: float, decay: float) -> float:
    return min(1.0, t / attack) * math.exp(-t / decay) if attack > 0 else math.exp(-t / decay)


def click(duration: float, pitch: float, noise: float, decay: float, seed: int) -> list[float]:
    """A knock: a damped tone mixed with a little noise (a tile or a card meeting the table)."""
    rng = random.Random(seed)
    samples = []
    for i in range(int(RATE * duration)):
        t = i / RATE
        tone = math.sin(2 * math.pi * pitch * t) + 0.4 * math.sin(2 * math.pi * pitch * 2.7 * t)
        value = (1 - noise) * tone + noise * (rng.random() * 2 - 1)
        samples.append(value * envelope(t, 0.001, decay))
    return samples


def chord(notes: list[float], duration: float, decay: float, spacing: float = 0.0
          ) -> list[float]:
    samples = [0.0] * int(RATE * (duration + spacing * len(notes)))
    for index, frequency in enumerate(notes):
        start = int(RATE * spacing * index)
        for i in range(int(RATE * duration)):
            t = i / RATE
            value = math.sin(2 * math.pi * frequency * t) + 0.3 * math.sin(4 * math.pi *
                                                                           frequency * t)
            samples[start + i] += value * envelope(t, 0.005, decay) / len(notes)
    return samples


def write(name: str, samples: list[float], gain: float = 0.8) -> None:
    peak = max(abs(s) for s in samples) or 1.0
    frames = b"".join(struct.pack("<h", int(32767 * gain * s / peak)) for s in samples)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(frames)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write("tile", click(0.12, 380, 0.35, 0.025, seed=1))          # hard, woody knock
    write("card", click(0.10, 1500, 0.85, 0.018, seed=2), 0.6)    # soft paper slap
    write("chop", click(0.25, 140, 0.5, 0.06, seed=3)
          + click(0.2, 110, 0.5, 0.05, seed=4))                   # two heavy blows: chặt!
    write("trick", chord([660, 880], 0.18, 0.05, spacing=0.06), 0.5)
    write("win", chord([523.25, 659.25, 783.99, 1046.5], 0.45, 0.18, spacing=0.09), 0.6)


if __name__ == "__main__":
    main()
