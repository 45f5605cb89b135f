#!/usr/bin/python3
"""The list's pools only grow (docs/list.md, "The pool files"): in the
history of each pool file, every version written with identity lines
begins with the whole of the version before it, and so does the file in
the work tree with the committed one. A commit may add lines, never
change, drop or reorder one.

Usage: pools_append_test.py [History | Check]
History walks this repository's history (skipped in a clone without
it, such as a shallow one); Check runs the same walk on a scratch
repository whose commits grow a pool, then edit a line of it."""

import json
import os
import subprocess
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POOLS = "bench/results/list"


def git(repo, *words):
    """Git's standard output as bytes; None when it fails (no such file
    at that commit, no repository)."""
    result = subprocess.run(["git", *words], cwd=repo, capture_output=True)
    return result.stdout if result.returncode == 0 else None


def identity_format(text):
    """Whether a pool's text is of the format with identity lines (the
    lines before it were rewritten once, when the pools were converted)."""
    first = next((line for line in text.splitlines() if line.strip()), None)
    return first is not None and json.loads(first).get("kind") == "list-identity"


def changed_line(before, after):
    """Where `after` stops beginning with `before`: the first line that
    differs, its number and both texts from a little before the first
    byte that differs."""
    old, new = before.splitlines(), after.splitlines()
    for number, line in enumerate(old, 1):
        now = new[number - 1] if number <= len(new) else None
        if now is None:
            return f"line {number} was removed"
        if now != line:
            at = next((i for i, (a, b) in enumerate(zip(line, now)) if a != b), len(line))
            start = max(0, at - 20)
            was, became = line[start : at + 20].decode(), now[start : at + 20].decode()
            return f"line {number}, byte {at + 1}: ...{was}... became ...{became}..."
    return "the last line lost its end of line"


def problems(repo, path):
    """Every commit (and the work tree) where the pool at `path` did more
    than add lines to the version before it."""
    found = []
    listed = git(repo, "rev-list", "--parents", "HEAD", "--", path) or b""
    for line in listed.decode().splitlines():
        commit, *parents = line.split()
        after = git(repo, "show", f"{commit}:{path}")
        for parent in parents:
            before = git(repo, "show", f"{parent}:{path}")
            if before is None or not identity_format(before):
                continue
            if after is None or not after.startswith(before):
                why = "removed the file" if after is None else changed_line(before, after)
                found.append(f"{path}: commit {commit[:12]} after {parent[:12]}: {why}")
    committed = git(repo, "show", f"HEAD:{path}")
    if committed is not None and identity_format(committed):
        try:
            with open(os.path.join(repo, path), "rb") as file:
                now = file.read()
        except FileNotFoundError:
            now = None
        if now is None or not now.startswith(committed):
            why = "removed the file" if now is None else changed_line(committed, now)
            found.append(f"{path}: the work tree after HEAD: {why}")
    return found


def pool_paths(repo):
    """The pool files HEAD holds."""
    names = git(repo, "ls-tree", "--name-only", "HEAD", f"{POOLS}/") or b""
    return [name for name in names.decode().splitlines() if name.endswith(".jsonl")]


class History(unittest.TestCase):
    def test_every_commit_only_adds_lines_to_the_pools(self):
        if git(REPO, "rev-parse", "--is-inside-work-tree") is None:
            self.skipTest("no git repository: the pools' history is not here")
        if git(REPO, "rev-parse", "--is-shallow-repository").strip() == b"true":
            self.skipTest("a shallow clone: the pools' history is not here")
        paths = pool_paths(REPO)
        self.assertGreaterEqual(len(paths), 4, paths)
        self.assertEqual([found for path in paths for found in problems(REPO, path)], [])


class Check(unittest.TestCase):
    def test_an_edited_line_is_found_in_a_commit_and_in_the_work_tree(self):
        with tempfile.TemporaryDirectory() as repo:
            path = f"{POOLS}/pool-3p.jsonl"
            os.makedirs(os.path.join(repo, POOLS))

            def commit(lines, message):
                with open(os.path.join(repo, path), "w", encoding="utf-8") as file:
                    file.write("".join(json.dumps(line) + "\n" for line in lines))
                git(repo, "add", path)
                git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", message)

            git(repo, "init", "-q")
            identity = {"kind": "list-identity", "id": 1, "name": "random"}
            table = {"kind": "list-table", "table": 1, "entries": [1, 1, 1], "games": []}
            # The format before identity lines, rewritten once: not checked.
            commit([{"kind": "list-table", "entries": [{"name": "random"}]}], "old format")
            commit([identity, table], "converted")
            commit([identity, table, dict(table, table=2)], "a table added")
            self.assertEqual(problems(repo, path), [])
            commit([identity, dict(table, games=[{"seats": [0]}]), dict(table, table=2)], "edit")
            found = problems(repo, path)
            self.assertEqual(len(found), 1, found)
            self.assertRegex(found[0], r"^bench/results/list/pool-3p.jsonl: commit \w+ after \w+:")
            self.assertIn(": line 2, byte ", found[0])
            with open(os.path.join(repo, path), "a", encoding="utf-8") as file:
                file.write("{}\n")
            self.assertEqual(len(problems(repo, path)), 1)
            os.remove(os.path.join(repo, path))
            self.assertEqual(
                problems(repo, path)[1], f"{path}: the work tree after HEAD: removed the file"
            )


if __name__ == "__main__":
    unittest.main()
