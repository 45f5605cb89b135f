"""The comparison graph of a pool: two entries are joined when they sat
at one table. A group is a set of entries joined through tables, directly
or through others; the games rate each entry against the others of its
group only, and the gap between two groups is the prior's alone. The
schedule seats entries of other groups together until one group holds
them all, and the list's fit names the groups where there are several.

Pure: tables (their entries' keys) in, groups out."""


def groups_of(keys, seatings):
    """The groups of the keys, given seatings (each the keys of one
    table): lists of keys in the keys' order, the group of the first key
    first, then by their first member."""
    parent = {key: key for key in keys}

    def root(key):
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    for seats in seatings:
        known = [key for key in seats if key in parent]
        for key in known[1:]:
            parent[root(key)] = root(known[0])
    found = {}
    for key in keys:
        found.setdefault(root(key), []).append(key)
    return list(found.values())


def seatings_of(tables):
    """The keys of every table of a pool, as the pool reader gives them."""
    return [[entry["key"] for entry in table["entries"]] for table in tables]


def pool_groups(tables, keys, anchor=None):
    """The groups of a pool's keys, the anchor's group first."""
    found = groups_of(keys, seatings_of(tables))
    return sorted(found, key=lambda group: anchor not in group)
