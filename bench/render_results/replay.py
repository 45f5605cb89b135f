"""How a record is made again: the commits to check out and build, then
its command; or why no command makes it again.

A record's command runs on a build of its commit (`engine.commit`). An
A/B of two builds names them `cmd=new` and `cmd=old`; the old one's
commit is the record's `base.commit` or, for a record made before
records had one, its entry in bench/results/builds.json."""

import json
import os
import subprocess

BUILDS = "builds.json"


def build_script(commit):
    """The build script at that commit: tools/dev/build, or tools/build
    before the project's scripts had a folder of their own."""
    moved = (
        subprocess.run(
            ["git", "cat-file", "-e", f"{commit}:tools/dev/build"],
            capture_output=True,
            cwd=os.path.dirname(os.path.abspath(__file__)),
        ).returncode
        == 0
    )
    return "tools/dev/build" if moved else "tools/build"


def read_builds(folder):
    """{record id: {"old": commit}}: the builds a record's command names
    that the record itself does not carry; {} without the file."""
    path = os.path.join(folder, BUILDS)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def old_commit(record, builds):
    return builds.get(record["id"], {}).get("old") or (record.get("base") or {}).get("commit")


def why_not(record, builds):
    """Why no command makes the record again, or None when one does."""
    if record.get("replayable", True) is False:
        return "a build no commit holds"
    if "cmd=old" in record["command"] and not old_commit(record, builds):
        return "its old build is no commit"
    return None


def command(record, builds):
    """The shell line that makes the record again (from the repository's
    root), or None when none does (why_not says why)."""
    if why_not(record, builds):
        return None
    text = record["command"]
    # The earliest records name the match runner as if it were installed.
    if text.startswith("tiaoqi-match "):
        text = "build/tools/" + text
    steps = []
    if "cmd=old" in text:
        steps += [
            "git checkout %s" % old_commit(record, builds)[:7],
            "TIAOQI_BUILD_DIR=build-old " + build_script(old_commit(record, builds)),
        ]
        text = text.replace("cmd=new", "cmd=build/protocol/tiaoqi").replace(
            "cmd=old", "cmd=build-old/protocol/tiaoqi"
        )
    steps += ["git checkout %s" % record.commit[:7], build_script(record.commit), text]
    return " && ".join(steps)
