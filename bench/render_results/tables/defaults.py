"""The search's parameters (docs/search.md): each option with what it does,
its range and the value `auto` plays, read from the engine itself,
beside the records that chose that value (bench/results/defaults.json)."""

from bench.render_results.parameters import PLAYERS
from bench.render_results.tables import table


def values(parameter):
    if parameter.kind == "switch":
        return "`true`, `false`"
    text = "%s to %s" % (parameter.low, parameter.high)
    return text + ", whole" if parameter.kind == "whole number" else text


def table_sizes(sizes):
    if len(sizes) == 1:
        return "%d players" % sizes[0]
    return "%d to %d players" % (sizes[0], sizes[-1])


def default(parameter):
    """What `auto` plays: one value, or each value with the table sizes
    it holds at (in runs: the sizes are in order), then what another
    `Search` plays where that differs."""
    runs = []
    for players in PLAYERS:
        value = parameter.by_players[players]
        if runs and runs[-1][0] == value:
            runs[-1][1].append(players)
        else:
            runs.append((value, [players]))
    text = (
        runs[0][0]
        if len(runs) == 1
        else "; ".join("%s at %s" % (value, table_sizes(sizes)) for value, sizes in runs)
    )
    for search, value in sorted(parameter.by_search.items()):
        text += " (%s with `Search %s`)" % (value, search)
    return text


def chosen_by(context, parameter):
    if parameter.name not in context.defaults:
        raise KeyError(
            "the engine's parameter '%s' has no entry in bench/results/defaults.json:"
            " name the records that chose its default ([] for none)" % parameter.name
        )
    names = context.defaults[parameter.name]["records"]
    for name in names:
        context.record(name)  # refuses an id no record has
    return ", ".join("`%s`" % name for name in names) or "none: set by hand"


@table("parameters")
def parameters_table(context, args, words):
    """A row a search parameter, in the engine's order: its name (linked
    to the section that describes it), its help, the values it takes, the
    value `auto` plays by table size and `Search`, and the records that
    chose that value."""
    parameters = context.parameters()
    known = {parameter.name for parameter in parameters}
    unknown = sorted(set(context.defaults) - known)
    if unknown:
        raise KeyError(
            "bench/results/defaults.json names '%s', which is no parameter of the "
            "engine" % unknown[0]
        )
    lines = [
        "| option | what it does | values | `auto` plays | the records that chose it |",
        "|---|---|---|---|---|",
    ]
    for parameter in parameters:
        name = "`%s`" % parameter.name
        section = context.defaults.get(parameter.name, {}).get("section")
        lines.append(
            "| %s | %s | %s | %s | %s |"
            % (
                "[%s](#%s)" % (name, section) if section else name,
                parameter.help,
                values(parameter),
                default(parameter),
                chosen_by(context, parameter),
            )
        )
    return lines
