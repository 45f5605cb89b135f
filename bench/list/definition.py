"""The list's definition (docs/list.md, "The definition"), read and
checked once before anything is played or read: its openings, its
anchor, its pools (each a name, table sizes, control, rules, the tables
an entry plays and the names of its entries) and the one table of
entries they name. A pool of several table sizes is one pool a size,
its name's `{players}` standing for the size: `{players}p` is the pools
2p, 3p, 4p and 6p, each written to pool-<name>.jsonl.

A definition that this module cannot take is refused with one line
(trials.Refused), before any file is written."""

import json
import re

from bench import trials

# The public two-player list's rules, as a pool's definition and its
# lines name them: tiaoqi-match sets them itself for a CCP engine
# (docs/rules.md, section 8), and they are for two players only.
PUBLIC_RULES = "CCERL-2P10-v2"
TABLE_SIZES = (2, 3, 4, 6)
# The keys a definition and each of its pools hold: any other is a
# typo, or the format before pools, and is refused rather than ignored.
KEYS = ("about", "openings", "anchor", "pools", "entries")
POOL_KEYS = ("about", "name", "table_sizes", "control", "rules", "tables_per_entry", "entries")
NEEDED_POOL_KEYS = POOL_KEYS[1:]
# A pool's name is part of its file's name.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*$")


class Pool:
    """One pool at one table size: its name (`4p`, `2p-public`), seats,
    control, rules (a dict of the engine's rules, or PUBLIC_RULES), tables
    an entry, and the names that play in it, in the entries table's
    order."""

    def __init__(self, name, players, control, rules, per_entry, names):
        self.name, self.players, self.control = name, players, control
        self.rules, self.per_entry, self.names = rules, per_entry, names

    @property
    def public(self):
        """Played under the public list's rules, through CCP."""
        return self.rules == PUBLIC_RULES

    @property
    def file_name(self):
        return f"pool-{self.name}.jsonl"

    @property
    def label(self):
        """How the commands' lines name it: `4 players` for the pool named
        after its size alone, `pool 2p-public` for any other."""
        return f"{self.players} players" if self.name == f"{self.players}p" else f"pool {self.name}"

    @property
    def words(self):
        """The words of --players that select it: its name, and its name
        less the `Np` of its size (`2` for 2p, `public` for 2p-public)."""
        short = re.sub(r"^\d+p-", "", self.name)
        if short == self.name and self.name == f"{self.players}p":
            short = str(self.players)
        return {self.name, short}


def words_of(values):
    """ "movetime 50, margin 1000" for a control or rules; the rules'
    name for the public list's; "the engine's defaults" for none."""
    if isinstance(values, str):
        return values
    if not values:
        return "the engine's defaults"
    return ", ".join(f"{name} {value}" for name, value in values.items())


def read(path):
    """The definition in the file (a dict), checked; Refused otherwise."""
    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
    except (OSError, ValueError) as error:
        raise trials.Refused(f"cannot read the list's definition {path}: {error}")
    check(data, path)
    return data


def speaks_ccp(entry):
    words = entry.get("engine", [])
    return "proto=ccp" in [str(word) for word in words]


def check(data, path):
    """Refuses, with one line, a definition the commands cannot take."""

    def refuse(why):
        raise trials.Refused(f"{path}: {why}")

    if not isinstance(data, dict):
        refuse("the definition is a JSON object")
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        refuse(
            f"unknown key '{unknown[0]}': a definition holds {', '.join(KEYS)}"
            " (each pool's table sizes, control and rules are in its item of 'pools')"
        )
    for key in KEYS[1:]:
        if key not in data:
            refuse(f"the definition has no '{key}'")
    openings = data["openings"]
    if not isinstance(openings, dict) or not {"seed", "random_plies"} <= set(openings):
        refuse(f"openings: seed and random_plies expected, got {json.dumps(openings)}")
    table = data["entries"]
    names = [entry.get("name") if isinstance(entry, dict) else None for entry in table]
    if not isinstance(table, list) or len(set(names)) != len(names) or not all(names):
        refuse("every entry needs a name of its own")
    if data["anchor"] not in names:
        refuse(f"the anchor '{data['anchor']}' is no entry")
    for entry in table:
        words = entry.get("engine", [])
        if "engine" in entry and (
            not isinstance(words, list) or not any(str(w).startswith("cmd=") for w in words)
        ):
            refuse(f"entry '{entry['name']}': engine is a list of words with cmd=")
    if not isinstance(data["pools"], list) or not data["pools"]:
        refuse("pools: a list of at least one pool expected")
    files = {}
    for number, item in enumerate(data["pools"], 1):
        for pool in pools_of_item(item, number, data, refuse):
            if pool.name in files:
                named = [files[pool.name], item.get("name")]
                which = (
                    f"'{named[0]}'"
                    if named[0] == named[1]
                    else " and ".join(f"'{name}'" for name in named)
                )
                refuse(
                    f"two pools named {which} write {pool.file_name}: give each pool a name"
                    " of its own"
                )
            files[pool.name] = item.get("name")


def pools_of_item(item, number, data, refuse):
    """The pools of one item of `pools`, a table size each, checked."""
    if not isinstance(item, dict):
        refuse(f"pool {number}: a JSON object expected")
    name = item.get("name", f"number {number}")
    where = f"pool '{name}'"
    unknown = [key for key in item if key not in POOL_KEYS]
    if unknown:
        refuse(f"{where}: unknown key '{unknown[0]}': a pool holds {', '.join(POOL_KEYS)}")
    for key in NEEDED_POOL_KEYS:
        if key not in item:
            refuse(f"{where}: no '{key}'")
    sizes = item["table_sizes"]
    if not isinstance(sizes, list) or not sizes or not set(sizes) <= set(TABLE_SIZES):
        refuse(f"{where}: table_sizes are some of 2, 3, 4 and 6, got {json.dumps(sizes)}")
    rules, control = item["rules"], item["control"]
    if rules != PUBLIC_RULES and not isinstance(rules, dict):
        refuse(f'{where}: rules are an object of the engine\'s rules or "{PUBLIC_RULES}"')
    if rules == PUBLIC_RULES and sizes != [2]:
        refuse(f"{where}: the public list's rules are for two players: table_sizes [2]")
    if not isinstance(control, dict) or not control:
        refuse(f'{where}: control is an object ({{"movetime": 50}}), got {json.dumps(control)}')
    per_entry = item["tables_per_entry"]
    if not isinstance(per_entry, int) or isinstance(per_entry, bool) or per_entry < 1:
        refuse(f"{where}: tables_per_entry is a whole number of at least 1, got {per_entry}")
    by_name = {entry["name"]: entry for entry in data["entries"]}
    seated = item["entries"]
    if not isinstance(seated, list) or not all(isinstance(word, str) for word in seated):
        refuse(f"{where}: entries is a list of the entries' names")
    missing = [word for word in seated if word not in by_name]
    if missing:
        refuse(f"{where}: no entry '{missing[0]}' in the definition's entries")
    for word in seated:
        if speaks_ccp(by_name[word]) and rules != PUBLIC_RULES:
            refuse(
                f"{where}: entry '{word}' speaks CCP, which plays the public list's rules"
                f' only: seat it in a pool of rules "{PUBLIC_RULES}"'
            )
    if "{players}" not in str(name) and len(sizes) > 1:
        refuse(f"{where}: one name for {len(sizes)} table sizes: put {{players}} in it")
    found = []
    for size in sizes:
        pool_name = str(name).replace("{players}", str(size))
        if not NAME.match(pool_name):
            refuse(f"{where}: a name of letters, digits, '.', '_' and '-' expected")
        names = [
            entry["name"]
            for entry in data["entries"]
            if entry["name"] in seated and size in entry.get("table_sizes", [size])
        ]
        if data["anchor"] not in names:
            refuse(f"{where}: the anchor '{data['anchor']}' plays at {size} players too")
        found.append(Pool(pool_name, size, control, rules, per_entry, names))
    for word in seated:
        if not any(word in pool.names for pool in found):
            refuse(f"{where}: entry '{word}' plays at none of its table sizes")
    return found


def pools_of(data, wanted=None, per_entry=None):
    """The pools of a checked definition that the words of `wanted` select
    (Pool.words; None: every one), each playing per_entry tables an entry
    where it is given."""
    found = []
    for number, item in enumerate(data["pools"], 1):
        found += pools_of_item(item, number, data, None)
    if per_entry:
        for pool in found:
            pool.per_entry = per_entry
    if wanted is None:
        return found
    chosen = [pool for pool in found if pool.words & set(wanted)]
    known = set().union(*(pool.words for pool in found))
    unknown = [word for word in wanted if word not in known]
    if unknown or not wanted:
        raise trials.Refused(
            f"--players expects pools of the list ({' '.join(sorted(known))}),"
            f" got '{' '.join(wanted)}'"
        )
    return chosen


def pool_named(data, word):
    """The one pool the word selects (Pool.words), for the commands that
    read one pool; None when the definition has none of that name."""
    chosen = [pool for pool in pools_of(data) if word in pool.words]
    if len(chosen) > 1:
        raise trials.Refused(
            f"--players {word}: the pools {', '.join(pool.name for pool in chosen)}: name one"
        )
    return chosen[0] if chosen else None
