"""A game's rules guide: the text of assets/rules/<game>.<language>.txt, read into a subtitle and
sections that the Rules screen lays out (rules.py) with pictures the game draws itself.

The file format, one line at a time (blank lines only separate):

    Indonesian tournament domino (gaple / ceki)      the subtitle: the one line before any title
    # In short                                       a section's title; the first section is the
                                                     one-screen summary
    • A rule.                                        a point
      – A detail of the point above.                 a sub-point (under a point)
    [picture: apollo] The caption under it.          a picture the game draws, with its caption
    Any other line.                                  a paragraph

Picture names are the same in every language (the game's own, see `GameUi.rules_pictures`);
everything else is the language's. Plain Python, no pygame: the tests read the files with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import assets

RULES = assets.FOLDER / "rules"

TITLE = "# "
POINT = "• "
SUB_POINT = "– "
PICTURE = re.compile(r"^\[picture: ([a-z0-9_]+)\]\s+(\S.*)$")


class GuideError(ValueError):
    """A rules file that does not follow the format (says which line)."""


@dataclass(frozen=True)
class Block:
    kind: str              # "paragraph", "point", "sub_point" or "picture"
    text: str              # the words (a picture's caption)
    picture: str = ""      # a picture's name


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple

    def pictures(self) -> list[str]:
        return [block.picture for block in self.blocks if block.kind == "picture"]

    def count(self, kind: str) -> int:
        return sum(1 for block in self.blocks if block.kind == kind)


@dataclass(frozen=True)
class Guide:
    subtitle: str
    sections: tuple

    @property
    def summary(self) -> Section:
        """The first section: the whole game on one screen."""
        return self.sections[0]

    def pictures(self) -> list[str]:
        return [name for section in self.sections for name in section.pictures()]


def guide_path(game: str, language: str) -> Path:
    """The guide in `language`, or in English when there is none."""
    localised = RULES / f"{game}.{language}.txt"
    return localised if localised.exists() else RULES / f"{game}.en.txt"


def read_guide(game: str, language: str) -> Guide:
    path = guide_path(game, language)
    return parse_guide(path.read_text(encoding="utf-8"), path.name)


def parse_guide(text: str, where: str = "rules") -> Guide:
    subtitle, sections, title, blocks = "", [], None, []

    def close_section(number: int) -> None:
        if title is not None:
            if not blocks:
                raise GuideError(f"{where}:{number}: the section {title!r} is empty")
            sections.append(Section(title, tuple(blocks)))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(TITLE):
            close_section(number)
            title, blocks = line[len(TITLE):].strip(), []
        elif title is None:
            if subtitle:
                raise GuideError(f"{where}:{number}: only the subtitle comes before the first "
                                 f"title (\"{TITLE}…\")")
            subtitle = line
        else:
            blocks.append(_block(line, blocks, f"{where}:{number}"))
    close_section(len(text.splitlines()))
    if not sections:
        raise GuideError(f"{where}: no section (a line starting with \"{TITLE}\")")
    return Guide(subtitle, tuple(sections))


def _block(line: str, before: list, where: str) -> Block:
    if line.startswith("["):
        match = PICTURE.match(line)
        if match is None:
            raise GuideError(f"{where}: a picture is written \"[picture: name] caption\"")
        return Block("picture", match.group(2).strip(), match.group(1))
    if line.startswith(POINT):
        return Block("point", line[len(POINT):].strip())
    if line.startswith(SUB_POINT):
        if not any(block.kind == "point" for block in before):
            raise GuideError(f"{where}: a sub-point (\"{SUB_POINT}…\") needs a point above it")
        return Block("sub_point", line[len(SUB_POINT):].strip())
    return Block("paragraph", line)
