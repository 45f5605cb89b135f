"""Checks that every link of a Markdown file resolves inside the repository:
relative links to files that exist, anchors to headings that exist (named
as GitHub names them), and no link out of the repository. Paths written as
code (`engine/search/race.cpp`) must exist too, so that a renamed file
shows up in the docs that name it.
"""

import os
import re
import subprocess

from tools.dev.check_docs import markup

LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+(\S+)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# A code span naming a file or folder of the repository: it starts with
# one of these folders and holds no placeholder, pattern or spaces.
SOURCE_FOLDERS = ("engine", "protocol", "tools", "tests", "bench", "docs")
SOURCE_PATH = re.compile(r"^(?:%s)/[\w./-]*$" % "|".join(SOURCE_FOLDERS))


def prose_lines(text):
    """(line number, line) of the lines outside fenced code blocks."""
    for item in markup.scan(text):
        if item[0] == "prose":
            yield item[1], item[2]


def slug(heading):
    """The anchor GitHub gives a heading."""
    text = CODE_SPAN.sub(lambda found: found.group(2), heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text
    text = re.sub(r"[*_]{1,3}(\S(?:.*?\S)?)[*_]{1,3}", r"\1", text)  # emphasis
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(path, cache):
    if path not in cache:
        names = set()
        counts = {}
        with open(path, encoding="utf-8") as file:
            for _, line in prose_lines(file.read()):
                found = HEADING.match(line)
                if not found:
                    continue
                name = slug(found.group(2))
                if name in counts:
                    counts[name] += 1
                    name = "%s-%d" % (name, counts[name])
                else:
                    counts[name] = 0
                names.add(name)
        cache[path] = names
    return cache[path]


def check(path, repo, text, cache):
    """The problems of the file's links, as (line, message) pairs."""
    problems = []
    folder = os.path.dirname(path)
    for number, line in prose_lines(text):
        spans = [found.group(2).strip() for found in CODE_SPAN.finditer(line)]
        for span in spans:
            if SOURCE_PATH.match(span) and not os.path.exists(os.path.join(repo, span)):
                problems.append((number, "`%s` names no file or folder of the repository" % span))
        prose = CODE_SPAN.sub(lambda found: " " * len(found.group(0)), line)
        targets = [found.group(1) for found in LINK.finditer(prose)]
        reference = REFERENCE.match(prose)
        if reference:
            targets.append(reference.group(1))
        for target in targets:
            problem = check_target(target, path, folder, repo, cache)
            if problem:
                problems.append((number, "link '%s': %s" % (target, problem)))
    return problems


def check_target(target, path, folder, repo, cache):
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
        return "points outside the repository (the docs stand alone)"
    file_part, _, anchor = target.partition("#")
    resolved = os.path.normpath(os.path.join(folder, file_part)) if file_part else path
    if os.path.relpath(resolved, repo).startswith(".."):
        return "points outside the repository"
    if not os.path.exists(resolved):
        return "no such file in the repository"
    if anchor:
        if not resolved.endswith(".md"):
            return "an anchor into a file that is not Markdown"
        if anchor not in anchors(resolved, cache):
            return "no heading of %s has the anchor '#%s'" % (
                os.path.relpath(resolved, repo),
                anchor,
            )
    return None


# A row of docs/layout.md's table: "| `engine/search/` | ...".
LAYOUT_ROW = re.compile(r"^\| `([^`|]+)/` \|")


def unnamed_folders(text, folders):
    """The folders (those holding files) that the page of the layout does
    not name. A folder is named by its row of the table, or in the row of
    a folder above it by a code span of its path from there or of its last
    parts (`tables/` or `render_results/tables/` in the row of `bench/`);
    `corpus/*/` names every folder in corpus/."""
    rows = {}
    for line in text.splitlines():
        found = LAYOUT_ROW.match(line)
        if found:
            spans = {span.group(2).strip() for span in CODE_SPAN.finditer(line)}
            rows[found.group(1)] = spans
    unnamed = []
    for folder in sorted(folders):
        named = folder in rows
        for row, spans in rows.items():
            if named or not folder.startswith(row + "/"):
                continue
            parts = folder[len(row) + 1 :].split("/")
            for start in range(len(parts)):
                tail = "/".join(parts[start:])
                parent = "/".join(parts[start:-1])
                # A span that is the whole path of another folder names that one.
                if tail + "/" in spans and (start == 0 or row + "/" + tail not in folders):
                    named = True
                if parent and parent + "/*/" in spans:
                    named = True
        if not named:
            unnamed.append(folder)
    return unnamed


def repository_folders(repo):
    """The folders that hold a file git knows; none outside a checkout."""
    listed = subprocess.run(["git", "-C", repo, "ls-files"], capture_output=True, text=True)
    if listed.returncode != 0:
        return set()
    return {os.path.dirname(path) for path in listed.stdout.splitlines()} - {""}
