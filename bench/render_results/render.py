"""What bench/render-results and tools/dev/check-docs share: today's
signature, the records, and a page rendered or checked."""

import json
import os
import re
import subprocess

from bench.render_results import blocks
from bench.render_results import context
from bench.render_results import records
from bench.render_results import replay
from bench.render_results import tables

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESULTS = os.path.join(REPO, "bench", "results")
DEFAULTS = "defaults.json"


class RenderError(Exception):
    """Bad input (a record, a block, no build): the message says which."""


def signature_of(build):
    """The node count `tiaoqi bench` of this build prints: today's signature."""
    binary = os.path.join(build, "protocol", "tiaoqi")
    if not os.access(binary, os.X_OK):
        raise RenderError(
            "no engine in %s: build first (tools/dev/build), or give --signature N" % build
        )
    output = subprocess.run([binary, "bench"], capture_output=True, text=True, timeout=600).stdout
    found = re.search(r"^Nodes searched: (\d+)$", output, re.MULTILINE)
    if not found:
        raise RenderError("%s bench printed no 'Nodes searched: N' line" % binary)
    return int(found.group(1))


def read_defaults(folder):
    """{parameter: {"records": [ids], "section": anchor}} of
    folder/defaults.json: the records that chose each default; {}
    without the file."""
    path = os.path.join(folder, DEFAULTS)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def load(results=RESULTS, signature=None, build=None):
    """The context of every table: the records of the folder results, the
    builds they lack, today's signature and the build under test (the
    tables that read the engine's own answers run its program)."""
    try:
        return context.Context(
            records.read(results, REPO),
            signature,
            replay.read_builds(results),
            read_defaults(results),
            build,
            results,
        )
    except records.RecordError as error:
        raise RenderError(str(error))
    except (OSError, ValueError) as error:
        raise RenderError("%s: %s" % (results, error))


def has_blocks(text):
    return any(blocks.START.match(line) for line in text.split("\n"))


def render(text, name, ctx):
    """(the page with every block rendered, the blocks that differed)."""
    try:
        new, results = blocks.render_page(text, name, ctx, tables.load())
    except blocks.BlockError as error:
        raise RenderError(str(error))
    return new, [block for block, differs in results if differs]


def problems(text, name, ctx):
    """(line, message) for every block of a page that its records render
    otherwise, and for every picture a block of the page draws
    (`picture=PATH`) that its file does not hold."""
    try:
        _, results = blocks.render_page(text, name, ctx, tables.load())
    except blocks.BlockError as error:
        raise RenderError(str(error))
    found = []
    for block, differs in results:
        if differs:
            found.append(
                (
                    block.line,
                    "the block '%s' differs from what its records render: run "
                    "bench/render-results" % block.table,
                )
            )
        picture = block.args.get("picture")
        if picture and picture_differs(picture_path(picture), ctx):
            found.append(
                (
                    block.line,
                    "the picture %s differs from what its records render: run "
                    "bench/render-results" % picture,
                )
            )
    return found


def picture_path(name):
    """A block's `picture=PATH`, relative to the repository."""
    return os.path.join(REPO, name)


def picture_differs(path, ctx):
    try:
        with open(path, encoding="utf-8") as file:
            return file.read() != ctx.pictures.get(path)
    except OSError:
        return True


def write_pictures(ctx):
    """Writes every picture the blocks drew that its file does not hold;
    their paths."""
    written = []
    for path, text in sorted(ctx.pictures.items()):
        if picture_differs(path, ctx):
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            written.append(path)
    return written
