"""Tables of bench/strength's `match` records: one engine alone at tables
full of other searches, its first places against the equal share."""

from bench.render_results.context import percent, time_control
from bench.render_results.tables import history, match, table


def strength_records(context, args):
    """The records a block names by `ids=a,b,c`, or those whose id starts
    with `prefix=`, narrowed by `rules=` (the rules profile) and
    `search=`; every one of one engine (search and options)."""
    if "ids" not in args and "prefix" not in args:
        raise ValueError("expected ids=a,b,c or prefix=TEXT to choose the records")
    records = [
        record
        for record in context.chosen(args, "match")
        if record["id"].startswith(args.get("prefix", ""))
        and ("rules" not in args or profile(record) == args["rules"])
        and ("search" not in args or record["search"] == args["search"])
    ]
    engines = sorted({match.engine(record) for record in records})
    if len(engines) > 1:
        raise ValueError(
            "the records chosen are of %d engines (%s): choose one with search= or "
            "prefix=" % (len(engines), ", ".join(engines))
        )
    for record in records:
        if record.get("first") is None:
            raise ValueError("record '%s' counts no first places" % record["id"])
    # By table size, then time, then rules: the order a reader looks them up in.
    return sorted(records, key=lambda r: (r["players"], sorted(r["time"].items()), profile(r)))


def profile(record):
    """The rules profile, or the rules themselves in a record without one."""
    if "rules_profile" in record:
        return record["rules_profile"]
    return (
        "default"
        if not record.get("rules")
        else ", ".join("%s %s" % item for item in sorted(record["rules"].items()))
    )


def table_kind(record):
    return "mixed" if isinstance(record["opponents"], list) else record["opponents"]


def against(record):
    opponents = record["opponents"]
    if isinstance(opponents, list):
        return "mixed: %s" % ", ".join("`%s`" % name for name in opponents)
    if opponents == "base" and record.get("base"):
        return "`base` tables (%s)" % record["base"]["commit"][:7]
    return "`%s` tables" % opponents


def ratio(record):
    """The share of first places over the equal share, 1/players."""
    if not record["games"]:
        return "-"
    return "%.2f" % (record["first"] / record["games"] * record["players"])


def move_times(record):
    times = record.get("move_ms")
    if not times:
        return ""
    text = "%.1f / %s" % (times["mean"], times["max"])
    if "movetime" in record["time"]:
        text += ", %d over" % times["over_movetime"]
    return text


@table("strength")
def strength_table(context, args, words):
    """Every chosen record a row: players, time, rules profile, the table,
    first places with their 95% interval, the equal share and the ratio of
    the share to it, average place, the engine's milliseconds a move (mean
    / longest, moves over the movetime), and whether the figure is today's."""
    records = strength_records(context, args)
    if not records:
        return ["No records of bench/strength chosen yet."]
    lines = [
        "| players | time | rules | against | first [95%] | equal share | ratio "
        "| average place | ms a move (mean / max) | measured by |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for record in records:
        lines.append(
            "| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |"
            % (
                record["players"],
                time_control(record["time"]),
                profile(record),
                against(record),
                match.first_place(record),
                percent(1, record["players"]),
                ratio(record),
                match.place(record),
                move_times(record),
                context.made_by(record),
            )
        )
    if "no-commands" not in words:
        lines += context.commands(records)
    return lines


@table("strength-worst")
def strength_worst(context, args, words):
    """For every table size, time and rules profile of the chosen records,
    the table at which the engine's share of first places is lowest (the
    newest record of each table counts): the worst case over the tables."""
    records = strength_records(context, args)
    if not records:
        return ["No records of bench/strength chosen yet."]
    groups = {}
    for record in records:
        group = groups.setdefault(
            (record["players"], time_control(record["time"]), profile(record)), {}
        )
        kind = table_kind(record)
        if kind not in group or record["date"] >= group[kind]["date"]:
            group[kind] = record
    # `command-column`: each row ends with the command that plays its
    # record again, for a page with no room for the list below a table.
    in_column = "command-column" in words
    lines = [
        "| players | time | rules | worst table | first [95%%] | ratio to the equal share "
        "| tables | measured by |%s" % (" command |" if in_column else ""),
        "|---|---|---|---|---|---|---|---|%s" % ("---|" if in_column else ""),
    ]
    worst = []
    for (players, time, rules), group in groups.items():
        record = min(group.values(), key=lambda r: r["first"] / r["games"] if r["games"] else 0)
        worst.append(record)
        lines.append(
            "| %d | %s | %s | %s | %s | %s | %d | %s |%s"
            % (
                players,
                time,
                rules,
                against(record),
                match.first_place(record),
                ratio(record),
                len(group),
                context.made_by(record),
                " %s |" % history.replay_cell(context, record) if in_column else "",
            )
        )
    if "no-commands" not in words and not in_column:
        lines += context.commands(worst)
    return lines
