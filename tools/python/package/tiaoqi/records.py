"""Game records in the format of tiaoqi-match --record, which tiaoqi-render
draws and tiaoqi-match --replay checks (docs/match.md). The text is read,
written and replayed by the tools' own C++ (tiaoqi.Record, bound from
tools/common/record.* and replay.*); this file only opens the files.
"""

from __future__ import annotations

import os
from typing import Iterable

from ._tiaoqi import Record, format_records, parse_records


def read_records(path: str | os.PathLike[str]) -> list[Record]:
    """Every game of a record file; a bad record raises ValueError naming
    the file and the line."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    return parse_records(text, os.fspath(path))


def write_records(
    path: str | os.PathLike[str], records: Iterable[Record], *, append: bool = False
) -> None:
    """Writes games as a record file: replaces it, or with append adds them
    after the games it holds."""
    records = list(records)
    for record in records:
        if not isinstance(record, Record):
            raise ValueError(f"records: expected tiaoqi.Record values, got {record!r}")
    text = format_records(records)
    with open(path, "a" if append else "w", encoding="utf-8") as file:
        file.write(text)
