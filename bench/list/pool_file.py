"""A pool file of the standing list (docs/list.md, "The pool files"): its
identities, each written once on a line of its own, and its tables, whose
entries name them by number. Read back, every table holds its entries'
full identities, as the fit and the pages want them.

A line is one JSON object: `{"kind": "list-identity", "id": N, ...}` (N
from 1, in the order the identities first played) before the first table
that seats it, or `{"kind": "list-table", ..., "entries": [N, ...]}`. The
file only grows: a round appends its new identities and its tables."""

import json
import os

IDENTITY = "list-identity"
TABLE = "list-table"


def read_lines(path):
    """(the identities in the order of their numbers, the tables with
    their entries' identities); none of either when there is no file."""
    identities, tables = [], []
    if not os.path.exists(path):
        return identities, tables
    with open(path, encoding="utf-8") as file:
        for number, text in enumerate(file, 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except ValueError as error:
                raise ValueError(f"{path}: line {number} is no JSON object: {error}")
            kind = line.get("kind") if isinstance(line, dict) else None
            if kind == IDENTITY:
                if line.get("id") != len(identities) + 1:
                    raise ValueError(
                        f"{path}: line {number}: identity {len(identities) + 1} expected,"
                        f" got id {line.get('id')}"
                    )
                identities.append({k: v for k, v in line.items() if k not in ("kind", "id")})
            elif kind == TABLE:
                tables.append(resolved(path, number, line, identities))
            else:
                raise ValueError(
                    f"{path}: line {number}: kind {IDENTITY} or {TABLE} expected, got {kind}"
                )
    return identities, tables


def resolved(path, number, line, identities):
    """The table of a line, its entries' numbers replaced by identities."""
    ids = line.get("entries")
    if not isinstance(ids, list) or not all(
        isinstance(n, int) and 1 <= n <= len(identities) for n in ids
    ):
        raise ValueError(
            f"{path}: line {number}: entries are numbers of identities written above"
            f" (1 to {len(identities)}), got {json.dumps(ids)[:80]}"
        )
    return dict(line, entries=[identities[n - 1] for n in ids])


def read(path):
    """The pool's tables, one a line, each entry its full identity."""
    return read_lines(path)[1]


def encoded(tables, identities):
    """The lines that write the tables after the identities already in
    the file (extended with the new ones): each new identity's line
    before the first table that seats it."""
    lines = []
    for table in tables:
        ids = []
        for identity in table["entries"]:
            if identity not in identities:
                identities.append(identity)
                lines.append({"kind": IDENTITY, "id": len(identities), **identity})
            ids.append(identities.index(identity) + 1)
        lines.append({"kind": TABLE, **table, "entries": ids})
    return "".join(json.dumps(line) + "\n" for line in lines)


def append(path, tables):
    """Appends the tables (each entry a full identity) in one write, so
    that a stop leaves all of them or none."""
    text = encoded(tables, read_lines(path)[0])
    with open(path, "a", encoding="utf-8") as file:
        file.write(text)
