"""What a table function receives: the records, today's signature, the
builds the records lack (replay.py), the records that chose each
default (defaults.json) and the build under test, and the pieces of
text every table writes the same way."""

from bench.render_results import parameters
from bench.render_results import replay


class Context:
    def __init__(self, records, signature, builds=None, defaults=None, build=None, results=None):
        self.records = records
        self.signature = signature
        self.builds = builds or {}
        self.defaults = defaults or {}
        self.build = build  # the folder of the build under test, or None
        self.results = results  # the records' folder (the list's pools are below it)
        self.read_parameters = None
        self.memo = {}  # what several tables compute alike (a pool's fit), once
        self.pictures = {}  # path: the text a table wrote for a picture file

    def parameters(self):
        """The engine's search parameters (parameters.py), read once."""
        if self.read_parameters is None:
            self.read_parameters = parameters.read(self.build)
        return self.read_parameters

    def record(self, name):
        """The record of that id, of any kind."""
        for record in self.records:
            if record["id"] == name:
                return record
        raise KeyError("no record with the id '%s'" % name)

    def of_kind(self, *kinds):
        return [record for record in self.records if record["kind"] in kinds]

    def chosen(self, args, *kinds):
        """The records a block names by `ids=a,b,c` (in that order), else
        every record of these kinds in file order."""
        records = self.of_kind(*kinds)
        if "ids" not in args:
            return records
        by_id = {record["id"]: record for record in records}
        chosen = []
        for name in args["ids"].split(","):
            if name not in by_id:
                raise KeyError("no %s record with the id '%s'" % (" or ".join(kinds), name))
            chosen.append(by_id[name])
        return chosen

    def is_older(self, record):
        """A figure of another engine than today's: another signature, none
        known, or a build that no commit holds (`replayable` false)."""
        return (
            record.signature is None
            or record.signature != self.signature
            or record.get("replayable", True) is False
        )

    def made_by(self, record):
        """The last cell of a row: whether the figure is today's engine's."""
        if self.is_older(record):
            return "older: %s" % record.commit[:7]
        return "today's engine"

    def replay(self, record):
        """The command that makes the record again, or None (replay.py)."""
        return replay.command(record, self.builds)

    def commands(self, records):
        """The lines after a table that name each record and its command,
        or why none makes it again."""
        lines = [
            "",
            "Records (`bench/results/`) and the commands that make them again:",
            "",
            "```sh",
        ]
        for record in records:
            why = replay.why_not(record, self.builds)
            lines.append("# %s%s" % (record["id"], ": not replayable (%s)" % why if why else ""))
            if not why:
                lines.append(self.replay(record))
        lines.append("```")
        return lines


def time_control(time):
    if "movetime" in time:
        return "%s ms a move" % time["movetime"]
    if "tc" in time:
        return "%s s" % time["tc"]
    if "nodes" in time:
        return "%s nodes a move" % time["nodes"]
    raise ValueError("expected a time of movetime, tc or nodes, got %s" % time)


def percent(part, whole):
    return "%d%%" % round(100.0 * part / whole) if whole else "-"


def signed(value):
    """A figure as its record holds it: whole numbers whole, else one decimal."""
    return "%+d" % value if isinstance(value, int) else "%+.1f" % value


def elo(value, low=None, high=None):
    text = signed(value)
    if low is not None and high is not None:
        text += " [%s, %s]" % (signed(low), signed(high))
    return text


def options(values):
    return " ".join("%s=%s" % item for item in sorted(values.items()))
