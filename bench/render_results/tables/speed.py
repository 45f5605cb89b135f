"""Tables of `speed` records: timings, each beside its yardstick."""

from bench.render_results.tables import table


def shown_number(value):
    """A measured figure as a reader takes it in: whole numbers with
    thousands separators, others to three significant digits (a timing
    has no more)."""
    if isinstance(value, int):
        return "{:,}".format(value)
    if value == 0:
        return "0"
    rounded = float("%.3g" % value)
    if abs(rounded) >= 1000:
        return "{:,}".format(int(round(rounded)))
    return "%.3g" % rounded


def figure_row(figure):
    value = figure["value"]
    shown = shown_number(value)
    ratio = ""
    if figure.get("ratio") is not None:
        ratio = "%.2f" % figure["ratio"]
        if figure.get("against"):
            ratio += " against %s" % figure["against"]
    return "| %s | %s %s | %s |" % (
        figure.get("label", figure["what"]),
        shown,
        figure.get("unit", ""),
        ratio,
    )


def holds_figures(record, args):
    try:
        picked(record, args)
    except KeyError:
        return False
    return True


def newest(context, args):
    """The record `ids=` names, else the newest that holds every figure
    `figures=` asks for: a run of some groups (`bench/speed --only`)
    leaves the other figures to the record that measured them."""
    records = context.chosen(args, "speed")
    if records and "ids" in args:
        return records[0]
    if not records:
        return None
    holding = [record for record in records if holds_figures(record, args)]
    # None holds them: the newest names the figure it lacks.
    return max(holding or records, key=lambda record: record["date"])


@table("speed")
def speed_table(context, args, words):
    """Every figure of one speed record (`ids=...`, else the newest)."""
    return speed_glance(context, args, words)


def picked(record, args):
    """The figures `figures=a,b,c` names by their `what` keys (a key
    ending in `*` names every key it starts), in that order; all without
    it. A name that picks nothing is an error: the block would silently
    lose its figure."""
    if "figures" not in args:
        return record["figures"]
    figures = []
    for name in args["figures"].split(","):
        found = [
            figure
            for figure in record["figures"]
            if figure["what"] == name
            or (name.endswith("*") and figure["what"].startswith(name[:-1]))
        ]
        if not found:
            raise KeyError("the speed record '%s' has no figure '%s'" % (record["id"], name))
        figures += found
    return figures


def machine_text(record):
    """What the record ran on: the processor by its model name, family and
    model numbers, the cores, and the wide instruction sets its build used
    (a figure of one build differs on a processor with others); the
    `machine` line alone for a record older than these fields."""
    processor = record.get("cpu")
    if not processor:
        return record["machine"]
    text = processor["model"]
    if processor.get("family") is not None and processor.get("model_number") is not None:
        text += " (family %d, model %d)" % (processor["family"], processor["model_number"])
    text += ", %d cores" % processor["cores"]
    build = record.get("build")
    if build:
        sets = build["instruction_sets"]
        if "AVX-512" in sets:
            wide = "AVX2 and AVX-512" if "AVX2" in sets else "AVX-512"
        elif "AVX2" in sets:
            wide = "AVX2, without AVX-512"
        else:
            wide = "neither AVX2 nor AVX-512"
        text += ", built with `%s` for %s" % (build["flags"], wide)
    return text


@table("speed-glance")
def speed_glance(context, args, words):
    """The figures of the newest speed record (`figures=...` picks some):
    each label (or `what` key), value and unit, and its ratio to the
    yardstick timed beside it."""
    record = newest(context, args)
    if record is None:
        return ["No records of kind speed yet."]
    lines = [
        "Measured on %s, %s, by `%s` (%s):"
        % (
            machine_text(record),
            record["date"][:10],
            record["command"].replace("|", "\\|"),
            context.made_by(record),
        ),
        "",
        "| what | figure | ratio |",
        "|---|---|---|",
    ]
    lines += [figure_row(figure) for figure in picked(record, args)]
    if "no-commands" not in words:
        lines += context.commands([record])
    return lines
