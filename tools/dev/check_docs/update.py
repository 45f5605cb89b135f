"""Rewrites an example's shown output from a real run (tools/dev/check-docs
--update), for review before committing.

Only the output of a step that no longer matches is rewritten. Its shown
lines become the printed ones, except that a shown line still matching its
printed line is kept as it was (its machine figures do not churn), and the
example's `...` lines stay where they left lines out: the lines before the
first `...` and after the last one are the printed output's first and last
lines, and a run of shown lines between two `...` goes where the printed
output resembles it most.
"""

import difflib

from tools.dev.check_docs import expect


def kept(shown, printed, vary):
    """Printed lines, with the shown text kept where it still matches."""
    return [
        (item.text if expect.LineMatcher(item.text, vary).matches(line) else line, False)
        for item, line in zip(shown, printed)
    ]


def similarity(shown, printed):
    return sum(
        difflib.SequenceMatcher(None, item.text, line).ratio() for item, line in zip(shown, printed)
    )


def merge(expected, vary, actual):
    """The new shown lines of one step as (text, is elision) pairs."""
    if expect.matches(expected, vary, actual):
        return [(item.text, item.elision) for item in expected]
    runs = [[]]
    elisions = []
    for item in expected:
        if item.elision:
            elisions.append(item)
            runs.append([])
        else:
            runs[-1].append(item)
    if not elisions or len(actual) < sum(len(run) for run in runs):
        shown = [item for item in expected if not item.elision]
        return kept(shown, actual, vary) + [(line, False) for line in actual[len(shown) :]]
    head, middle, tail = runs[0], runs[1:-1], runs[-1]
    result = kept(head, actual, vary)
    position = len(head)
    end = len(actual) - len(tail)
    for index, run in enumerate(middle):
        result.append((elisions[index].text, True))
        room = end - sum(len(later) for later in middle[index + 1 :]) - len(run)
        best = max(range(position, room + 1), key=lambda start: similarity(run, actual[start:]))
        result += kept(run, actual[best:], vary)
        position = best + len(run)
    result.append((elisions[-1].text, True))
    result += kept(tail, actual[end:], vary)
    return result


def rewritten_lines(example, greeting, answers):
    """The example's block content after the run."""
    lines = []
    if example.kind == "protocol":

        def shown(pairs):
            return [text if elision else ("< " + text).rstrip() for text, elision in pairs]

        if example.greeting is not None:
            lines += shown(merge(example.greeting, example.vary, greeting))
    else:

        def shown(pairs):
            return [text for text, _ in pairs]

    for step, answer in zip(example.steps, answers):
        lines += step.source
        lines += shown(merge(step.expected, example.vary, answer))
    return lines
