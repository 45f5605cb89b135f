"""Reads the examples of a Markdown file: the fenced blocks, the markers
before them, and inside a marked block its commands and expected lines.

A marker is an HTML comment on the line before a fenced block (blank lines
may come between):

    <!-- run -->                      run the block and compare its output
    <!-- run: vary bestmove depth -->  ... the figure after these words by shape
    <!-- run: args --protocol ccp -->  ... start the engine with these arguments
    <!-- not run: <why> -->            show the block, never run it

Options of `run` are separated by `;`. A block is a shell example when its
first line starts with `$ `, a protocol example when it starts with `>` or
`<`. An unmarked block that starts so is an error: every example is
either run or says why not.
"""

import re

MARKER = re.compile(r"^\s*<!--\s*(run|not run)\s*(?::\s*(.*?))?\s*-->\s*$")
FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")
# An indented code block's shell example, which cannot carry a marker.
INDENTED_EXAMPLE = re.compile(r"^ {4,}\$ ")


class MarkupError(Exception):
    def __init__(self, line, message):
        super().__init__(message)
        self.line = line
        self.message = message


class Expected:
    """One expected output line (or an elision, `...`, matching any lines)."""

    def __init__(self, text, line, elision=False):
        self.text = text
        self.line = line
        self.elision = elision


class Step:
    """A command (a shell command, or a line sent to the engine) and the
    output lines expected after it, as the example shows them."""

    def __init__(self, text, line, source):
        self.text = text  # the command, continuation lines joined by "\n"
        self.line = line
        self.source = source  # the block's lines that hold the command
        self.expected = []


class Example:
    def __init__(self, kind, fence_line, indent, lines, options):
        self.kind = kind  # "shell" or "protocol"
        self.fence_line = fence_line  # 1-based line of the opening fence
        self.content_start = fence_line + 1
        self.indent = indent  # the fence's, taken off every line
        self.lines = lines
        self.vary = options.get("vary", [])
        self.args = options.get("args", [])
        # Protocol examples: the lines expected before the first line sent
        # (the engine's greeting); None when the example does not show them.
        self.greeting = None
        self.steps = []


def parse_options(text, line):
    options = {}
    for part in filter(None, (p.strip() for p in (text or "").split(";"))):
        name, _, rest = part.partition(" ")
        if name not in ("vary", "args"):
            raise MarkupError(line, "unknown run option '%s': expected vary or args" % name)
        words = rest.split()
        if not words:
            raise MarkupError(line, "run option '%s' needs words after it" % name)
        options[name] = words
    return options


def scan(text):
    """Yields ("prose", line number, line) for every line outside fenced
    blocks and ("block", fence line, indent, info, content lines) for every
    fenced block, in order; raises MarkupError for a block never closed."""
    lines = text.split("\n")
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        fence = FENCE.match(line)
        if not fence:
            yield "prose", number, line
            continue
        indent, ticks, info = fence.groups()
        closing = re.compile(r"^ {0,3}%s{%d,}\s*$" % (re.escape(ticks[0]), len(ticks)))
        start = number
        content = []
        while number < len(lines) and not closing.match(lines[number]):
            content.append(
                lines[number][len(indent) :] if lines[number].startswith(indent) else lines[number]
            )
            number += 1
        if number == len(lines):
            raise MarkupError(start, "fenced block is never closed")
        number += 1
        yield "block", start, indent, info.strip(), content


def split_blocks(text):
    """Yields (fence line, indent, content lines, marker) for every fenced
    block, and raises MarkupError for a marker without a block or an
    indented example."""
    marker = None  # (line, kind, rest)
    previous = ""
    for item in scan(text):
        if item[0] == "block":
            _, start, indent, _info, content = item
            yield start, indent, content, marker
            marker = None
            previous = ""
            continue
        _, number, line = item
        found = MARKER.match(line)
        if found:
            if marker:
                raise MarkupError(marker[0], "marker is not followed by a fenced block")
            marker = (number, found.group(1), found.group(2))
        elif line.strip() and marker:
            raise MarkupError(marker[0], "marker is not followed by a fenced block")
        elif INDENTED_EXAMPLE.match(line) and not previous.strip():
            raise MarkupError(
                number,
                "an indented example: write it as a fenced block "
                "with a marker before it (<!-- run --> or <!-- not run: why -->)",
            )
        previous = line
    if marker:
        raise MarkupError(marker[0], "marker is not followed by a fenced block")


def is_elision(text):
    return text.strip().startswith("...")


def parse_shell(example):
    step = None
    continued = False
    for offset, line in enumerate(example.lines):
        number = example.content_start + offset
        if continued:
            step.text += "\n" + line
            step.source.append(line)
            continued = line.endswith("\\")
        elif line.startswith("$ "):
            step = Step(line[2:], number, [line])
            example.steps.append(step)
            continued = line.endswith("\\")
        elif step is None:
            if line.strip():
                raise MarkupError(number, "a shell example starts with '$ ' and the command")
        else:
            step.expected.append(Expected(line, number, is_elision(line)))


def parse_protocol(example):
    step = None
    for offset, line in enumerate(example.lines):
        number = example.content_start + offset
        if line.startswith("> ") or line == ">":
            step = Step(line[2:], number, [line])
            example.steps.append(step)
        elif line.startswith("< ") or line == "<" or is_elision(line):
            expected = Expected(
                line[2:] if line.startswith("<") else line, number, is_elision(line)
            )
            if step is None:
                example.greeting = (example.greeting or []) + [expected]
            else:
                step.expected.append(expected)
        elif line.strip():
            raise MarkupError(
                number,
                "a protocol example's lines start with '> ' (sent), "
                "'< ' (answered) or '...' (lines left out), got '%s'" % line,
            )


def parse(text):
    """Returns (examples to run, blocks marked not run); raises MarkupError."""
    examples = []
    not_run = []
    for fence_line, indent, content, marker in split_blocks(text):
        first = next((line for line in content if line.strip()), "")
        looks_like_example = re.match(r"^(\$ |[<>]( |$))", first) is not None
        if marker is None:
            if looks_like_example:
                raise MarkupError(
                    fence_line,
                    "an example without a marker: put <!-- run --> or "
                    "<!-- not run: why --> on the line before the block",
                )
            continue
        marker_line, kind, rest = marker
        if kind == "not run":
            if not rest:
                raise MarkupError(marker_line, "<!-- not run: ... --> must say why")
            not_run.append((fence_line, rest))
            continue
        options = parse_options(rest, marker_line)
        if first.startswith("$ "):
            example = Example("shell", fence_line, indent, content, options)
            parse_shell(example)
        elif first.startswith(">") or first.startswith("<"):
            example = Example("protocol", fence_line, indent, content, options)
            parse_protocol(example)
        else:
            raise MarkupError(
                fence_line,
                "a run block starts with '$ ' (a shell command) or " "'>'/'<' (a protocol session)",
            )
        if example.kind == "shell" and example.args:
            raise MarkupError(
                marker_line,
                "args is for protocol examples (the engine's "
                "command line); a shell example writes its command",
            )
        examples.append(example)
    return examples, not_run
