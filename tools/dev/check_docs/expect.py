"""Compares the lines a command printed with the lines an example shows.

A shown line matches a printed line when they are equal (trailing spaces
aside), except for figures that depend on the machine, which only need the
same shape: a number for a number, a word for a word. Those figures are
the ones of MACHINE_FIGURES, always, and in a block marked
`<!-- run: vary W1 W2 -->` the word that follows W1 or W2 (after `pv`, the
rest of the line: a principal line of any length). A shown line starting
with `...` stands for any number of printed lines, none included.
"""

import difflib
import re

# Figures that are never the same twice: how long something took and what
# that made of the speed. Each pattern's groups are the figures.
MACHINE_FIGURES = [
    re.compile(r"(?:^|\s)time (\d+)"),  # info lines: milliseconds searched
    re.compile(r"(?:^|\s)nps (\d+)"),  # info lines: nodes a second
    re.compile(r"^Total time \(ms\): (\d+)"),  # bench
    re.compile(r"^Nodes/second: (\d+)"),  # bench
    re.compile(r"(\d+:\d\d) elapsed, about (\d+:\d\d) left"),  # the match runner's progress
    # A move of a game record: its milliseconds, and the seconds of its comment.
    re.compile(r"^\d+\. p\d \S+ (\d+) \{\S+ (\d+\.\d+)s\}"),
    # A row of the match runner's table (engine, games, wins, draws, losses,
    # points, score, time losses, faults): the mean and longest milliseconds
    # of a move, and the moves over the movetime.
    re.compile(
        r"^\S+ +\d+ +\d+ +\d+ +\d+ +\d+\.\d +\d+\.\d% +\d+ +\d+" r" +(\d+/\d+) +(\d+)(?: |$)"
    ),
]

NUMBER_LIKE = re.compile(r"^[-+]?[\d.,:%/\[\]()]*\d[\d.,:%/\[\]()]*$")


def shape_pattern(figure):
    """A regular expression for any figure of the same shape: a number of
    any digits and either sign for a number, any word for a word."""
    if NUMBER_LIKE.match(figure):
        parts = re.split(r"([-+]?\d+)", figure)
        return "".join(
            r"[-+]?\d+" if re.fullmatch(r"[-+]?\d+", part) else re.escape(part) for part in parts
        )
    return r"\S+"


def varied_spans(text, vary):
    """The (start, end) spans of text that are compared by shape only; a
    span that runs to the end of the line after `pv` is any moves."""
    spans = []
    for pattern in MACHINE_FIGURES:
        for found in pattern.finditer(text):
            spans.extend(found.span(group) for group in range(1, found.lastindex + 1))
    for word in vary:
        for found in re.finditer(r"(?:^|(?<=\s))" + re.escape(word) + r" +(\S+)", text):
            spans.append((found.start(1), len(text)) if word == "pv" else found.span(1))
    spans.sort()
    merged = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


class LineMatcher:
    """Decides whether a printed line matches one shown line."""

    def __init__(self, text, vary):
        self.text = text.rstrip()
        self.regex = None
        spans = varied_spans(self.text, vary)
        if not spans:
            return
        rest_is_moves = "pv" in vary and re.search(r"(?:^|\s)pv ", self.text)
        pattern = ""
        position = 0
        for start, end in spans:
            pattern += re.escape(self.text[position:start])
            if rest_is_moves and end == len(self.text) and start > rest_is_moves.start():
                pattern += r"\S+(?: \S+)*"
            else:
                pattern += shape_pattern(self.text[start:end])
            position = end
        pattern += re.escape(self.text[position:])
        # Figures of another width shift the columns of a table.
        pattern = re.sub(r"(\\ )+", " +", pattern)
        self.regex = re.compile(pattern)

    def matches(self, line):
        line = line.rstrip()
        if self.regex is None:
            return line == self.text
        return self.regex.fullmatch(line) is not None


def matchers(expected, vary):
    return [None if item.elision else LineMatcher(item.text, vary) for item in expected]


def reachable(expected, vary, actual):
    """Walks every way the shown lines can meet the printed ones; returns
    (whether the whole output matches, the states (i, j) reached: i shown
    lines and j printed lines consumed)."""
    tests = matchers(expected, vary)
    seen = set()
    frontier = [(0, 0)]
    while frontier:
        i, j = frontier.pop()
        if (i, j) in seen:
            continue
        seen.add((i, j))
        if i == len(expected):
            if j == len(actual):
                return True, seen
            continue
        if tests[i] is None:
            frontier.append((i + 1, j))
            if j < len(actual):
                frontier.append((i, j + 1))
        elif j < len(actual) and tests[i].matches(actual[j]):
            frontier.append((i + 1, j + 1))
    return False, seen


def matches(expected, vary, actual):
    return reachable(expected, vary, actual)[0]


def first_difference(expected, vary, actual):
    """(the shown line that was not found or None, the printed line found in
    its place or None) for an output that does not match: the first shown
    line no way gets past, against the printed line most like it where it
    could have stood (after a `...`, any of several)."""
    _, seen = reachable(expected, vary, actual)
    furthest = max(i for i, _ in seen)
    places = sorted(j for i, j in seen if i == furthest)
    if furthest == len(expected):
        # Everything shown was found; name the first line printed beyond it.
        return None, actual[places[-1]] if places[-1] < len(actual) else None
    shown = expected[furthest]
    candidates = [j for j in places if j < len(actual)]
    if not candidates:
        return shown, None

    def likeness(j):
        return difflib.SequenceMatcher(None, shown.text, actual[j]).ratio()

    return shown, actual[max(candidates, key=lambda j: (likeness(j), -j))]
