"""The entries that play in each pool of the list (docs/list.md), each
with the words that start its engine and its identity in the pool; the
pools themselves are the definition's (bench/list/definition.py)."""

import os
import subprocess
import sys

from bench.list import outside
from bench import trials

# The options every engine of ours plays with: one thread, the same table
# memory.
EACH = ["Hash=16", "Threads=1"]


class Entries:
    """The definition's entries, each with its program and identity (built
    and read once)."""

    def __init__(self, args, head, dirty):
        self.args, self.head, self.dirty = args, head, dirty
        self.binaries, self.signatures, self.built, self.answered = {}, {}, {}, {}
        self.new_binary = os.path.join(trials.build_dir(), "protocol", "tiaoqi")

    def binary(self, entry):
        commit = entry.get("commit")
        if commit not in self.binaries:
            if commit is None:
                self.binaries[None] = trials.program(trials.build_dir(), "protocol", "tiaoqi")
            else:
                full = trials.resolve_commit(commit)
                self.binaries[commit] = trials.base_engine(
                    "list", full, self.head, self.dirty, self.new_binary, self.args.no_build
                )
        return self.binaries[commit]

    def signature(self, binary):
        if binary not in self.signatures:
            self.signatures[binary] = trials.signature(binary)
        return self.signatures[binary]

    def at(self, pool):
        """The entries that play in the pool, each {identity, words}; an
        outside entry whose engine cannot be had is left out, saying why."""
        found = []
        for entry in self.args.definition_data["entries"]:
            if entry["name"] not in pool.names:
                continue
            if "engine" in entry:
                why = outside.ready(entry, self.args.no_build, self.built)
                if why is None:
                    if entry["name"] not in self.answered:
                        self.answered[entry["name"]] = outside.answers(entry)
                    why = self.answered[entry["name"]]
                if why:
                    print(f"list: {pool.name}: '{entry['name']}' left out: {why}", file=sys.stderr)
                    continue
                found.append(self.outside_entry(entry))
            else:
                found.append(self.own_entry(entry, pool))
        return found

    def own_entry(self, entry, pool):
        binary = self.binary(entry)
        options = entry.get("options", {})
        identity = {
            "name": entry["name"],
            "commit": trials.resolve_commit(entry.get("commit") or "HEAD"),
            "signature": self.signature(binary),
            "options": options,
            "parameters": played_parameters(
                binary, pool, entry["name"], options, self.args.definition
            ),
        }
        digest = trials.run_key([identity["signature"], options, identity["parameters"]])
        identity["key"] = f"{entry['name']}@{digest[:7]}"
        # In the public pool our engine speaks CCP, as the public list's
        # engines do, and plays that list's rules.
        words = [f"cmd={binary} --protocol ccp", "proto=ccp"] if pool.public else [f"cmd={binary}"]
        words += [f"{name}={value}" for name, value in options.items()]
        return {"identity": identity, "words": words}

    def outside_entry(self, entry):
        identity = {"name": entry["name"], **outside.identity(entry)}
        digest = trials.run_key([identity["engine"], identity["files"]])
        identity["key"] = f"{entry['name']}@{digest[:7]}"
        if "public_rating" in entry:
            identity["public_rating"] = entry["public_rating"]
        return {"identity": identity, "words": outside.expanded(entry["engine"])}


def played_parameters(binary, pool, name, options, definition):
    """What the build plays at the pool's table size with the entry's
    options: the `Parameters:` line of `d` (none from a build that has no
    such line). The same start checks the pool's rules and the entry's
    options (with EACH) against the engine's own answers, before any
    game: a value it refuses is refused with its line."""
    lines = [f"setoption name Players value {pool.players}"]
    rules = {} if pool.public else pool.rules
    settings = [(f"rule {rule}", rule, value) for rule, value in rules.items()]
    settings += [
        (f"option {option}", option, value)
        for option, value in [word.split("=", 1) for word in EACH] + list(options.items())
    ]
    checked = []
    for what, option, value in settings:
        lines += [f"setoption name {option} value {value}", "isready"]
        checked.append(what)
    lines += ["position startpos", "d", "quit"]
    try:
        result = subprocess.run(
            [binary], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise trials.Failed(f"{binary} did not answer `d`: {error}")
    # Each setting is followed by an isready: an error line before the
    # n-th readyok belongs to the n-th setting.
    ready = 0
    for line in result.stdout.splitlines():
        if line == "readyok":
            ready += 1
        elif line.startswith("info string error") and ready < len(checked):
            where = "the pool's" if checked[ready].startswith("rule") else f"entry '{name}':"
            raise trials.Refused(
                f"{definition}: {pool.name}: {where} {checked[ready]}: the engine answers: {line}"
            )
    for line in result.stdout.splitlines():
        if line.startswith("Parameters:"):
            return line[len("Parameters:") :].strip()
    return ""
