"""Finds the rendered blocks of a Markdown page and renders them:

    <!-- results: TABLE [args] -->
    ... what TABLE renders ...
    <!-- end results -->

args are words `name=value` (a value with spaces in quotes) or plain
words; the TABLE's function reads them."""

import re
import shlex

START = re.compile(r"^<!--\s*results:\s*(.*?)\s*-->\s*$")
END = re.compile(r"^<!--\s*end results\s*-->\s*$")


class BlockError(Exception):
    """A block that cannot be rendered: the message names file and line."""


class Block:
    def __init__(self, line, table, args, words, body_start, body_end):
        self.line = line  # the start marker's line, from 1
        self.table = table
        self.args = args  # name=value words
        self.words = words  # plain words
        self.body_start = body_start  # index of the first line inside
        self.body_end = body_end  # index of the end marker


def find(lines, name):
    """The blocks of a page's lines; name is how messages call the page."""
    found, fence = [], None
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.lstrip()
        if stripped.startswith("```") or stripped.startswith("~~~"):
            marker = stripped[:3]
            fence = None if fence == marker else (fence or marker)
        if fence is None:
            start = START.match(line)
            if start:
                try:
                    parts = shlex.split(start.group(1))
                except ValueError as error:
                    raise BlockError(
                        "%s:%d: the block's arguments do not parse: %s" % (name, index + 1, error)
                    )
                if not parts:
                    raise BlockError(
                        "%s:%d: expected a table's name after 'results:'" % (name, index + 1)
                    )
                args, words = {}, []
                for part in parts[1:]:
                    if "=" in part:
                        key, value = part.split("=", 1)
                        args[key] = value
                    else:
                        words.append(part)
                end = index + 1
                while end < len(lines) and not END.match(lines[end]):
                    if START.match(lines[end]):
                        break
                    end += 1
                if end == len(lines) or not END.match(lines[end]):
                    raise BlockError(
                        "%s:%d: expected <!-- end results --> after this block's "
                        "start" % (name, index + 1)
                    )
                found.append(Block(index + 1, parts[0], args, words, index + 1, end))
                index = end
        index += 1
    return found


def render_page(text, name, context, registry):
    """(new text, [(block, differs)]) of a page: every block rendered."""
    lines = text.split("\n")
    blocks = find(lines, name)
    results = []
    for block in reversed(blocks):
        function = registry.get(block.table)
        if function is None:
            raise BlockError(
                "%s:%d: no table named '%s' (the tables: %s)"
                % (name, block.line, block.table, ", ".join(sorted(registry)))
            )
        try:
            rendered = function(context, block.args, block.words)
        except (KeyError, ValueError) as error:
            raise BlockError(
                "%s:%d: table '%s': %s"
                % (name, block.line, block.table, error.args[0] if error.args else error)
            )
        # Blank lines around what is rendered keep a table apart from the
        # markers in every Markdown reader.
        rendered = [""] + list(rendered) + [""]
        old = lines[block.body_start : block.body_end]
        results.append((block, old != rendered))
        lines[block.body_start : block.body_end] = rendered
    return "\n".join(lines), list(reversed(results))
