"""The generations of the learned model (docs/learning.md): for each, its
data, its training losses, what it costs in iterations, its trials at
each control and table size, and where it stands; and a picture of the
losses epoch by epoch. A generation is the model manifest
bench/results/learning/gen<N>-model.json with the data manifests it
names; its trials are the `sprt` records gen<N>-<players>p-<control>
(and their repeats, gen<N>-<players>p-<control>-<what differs>)."""

import functools
import glob
import hashlib
import json
import os
import re
import subprocess

from bench.render_results import svg_chart
from bench.render_results.context import elo
from bench.render_results.list_pools import DEFAULT, RELEASE, REPO, commit_time, pool, ratings
from bench.render_results.tables import table

CONTROLS = ("short", "long")
TRIAL_SIZES = (6, 4, 3)
# The standing list's pools at these sizes (50 ms a move) say where a
# generation stands once a default plays it.
LIST_SIZES = (6, 4, 3, 2)
# The model a build embeds (engine/search/net/), by the file's sha256.
MODEL_FILE = "engine/search/net/default.tqnn"
PRIOR = re.compile(r"MctsPrior auto \(([0-9.]+)\)")


def generations(context):
    """The model manifests, in generation order."""
    if "learning" not in context.memo:
        found = []
        for path in glob.glob(os.path.join(context.results, "learning", "gen*-model.json")):
            with open(path, encoding="utf-8") as file:
                found.append(json.load(file))
        found.sort(key=lambda model: int(model["name"][3:]))
        context.memo["learning"] = found
    return context.memo["learning"]


def data_text(context, model):
    """The games a model learned from, by the data set's generation (a
    model learns from its own generation's games and the last one's)."""
    total, nodes, by_generation = 0, set(), {}
    for manifest in model["data_manifests"]:
        # Named from the repository's root; read beside the model's manifest.
        path = os.path.join(context.results, "learning", os.path.basename(manifest))
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        total += data["games"]
        nodes.add(data["nodes"])
        generation = os.path.basename(manifest).split("-")[0]
        by_generation.setdefault(generation, []).append(
            "%d at %d players" % (data["games"], data["players"])
        )
    return "%s games (%s), %s positions, %s nodes a move" % (
        "{:,}".format(total),
        "; ".join("%s: %s" % (g, ", ".join(sets)) for g, sets in by_generation.items()),
        "{:,}".format(model["positions"]),
        "/".join("{:,}".format(n) for n in sorted(nodes)),
    )


def loss_text(model):
    last = model["epochs"][-1]
    return "policy %.3f, value %.3f (held out; %d epochs)" % (
        last["held_out_policy"],
        last["held_out_value"],
        len(model["epochs"]),
    )


def trial_text(context, name):
    """The trial `name` and each of its repeats on other openings (the
    ids `name-<what differs>`, such as `-seed2`), oldest first: a cell
    whose first trial ran out undecided shows what decided it."""
    records = [
        r
        for r in context.of_kind("sprt")
        if r.get("id") == name or r.get("id", "").startswith(name + "-")
    ]
    if not records:
        return "not played"
    return "; ".join(
        "%s, %s in %d games (`%s`)"
        % (
            elo(record["elo"], record["elo_low"], record["elo_high"]),
            record.get("decision") or "undecided",
            record["games"],
            record["id"],
        )
        for record in records
    )


def speed_text(context):
    """The newest speed record's iterations a second with the model (prior
    and value) against without, one thread, CPU time, in the first middle
    game of each trial's table size: a ratio that the load of the machine
    does not move, as a clock's would."""
    figures = {}
    for record in context.of_kind("speed"):
        for figure in record.get("figures", []):
            figures[figure["what"]] = figure["value"]
    parts = []
    for players in TRIAL_SIZES:
        plain = figures.get("mcts_iterations_per_s_mid%d_a" % players)
        model = figures.get("mcts_model_iterations_per_s_mid%d_a" % players)
        if plain and model:
            parts.append("%d players %.2f" % (players, model / plain))
    return ", ".join(parts) if parts else "not measured"


@functools.lru_cache(maxsize=None)
def embedded_model(commit):
    """The sha256 of the model the build of `commit` embeds; "" for a
    commit this clone lacks or one from before the engine had a model."""
    result = subprocess.run(
        ["git", "show", "%s:%s" % (commit, MODEL_FILE)], cwd=REPO, capture_output=True
    )
    return hashlib.sha256(result.stdout).hexdigest() if result.returncode == 0 else ""


def plays_prior(entry):
    """Whether a list entry's build plays a learned prior at its pool's
    table size by default (its `Parameters:` line names the value behind
    `MctsPrior auto`; a build older than the option plays none)."""
    found = PRIOR.search(entry.get("parameters", ""))
    return bool(found) and float(found.group(1)) > 0


def list_text(context, model):
    """Where the generation stands on the standing list, at each table
    size: the newest default or release that plays it (its model, with
    the prior on by default) against the newest release before it that
    does not, the default it replaced: the difference [95%] and the LOS."""
    cells, unplayed = [], []
    for size in LIST_SIZES:
        found = pool(context, "%dp" % size)
        if not found.fitted:
            unplayed.append(size)
            continue
        builds = sorted(
            (
                key
                for key, entry in found.entries.items()
                if entry["name"] == DEFAULT or entry["name"].startswith(RELEASE)
            ),
            key=lambda key: commit_time(found.entries[key]["commit"]),
        )
        sha = model.get("model", {}).get("sha256")
        plays = [
            plays_prior(found.entries[key]) and embedded_model(found.entries[key]["commit"]) == sha
            for key in builds
        ]
        if True not in plays:
            unplayed.append(size)
            continue
        # The newest build that plays it, and the newest release before it
        # that does not: the default it replaced.
        last = len(plays) - 1 - plays[::-1].index(True)
        earlier = [
            key
            for key, played in zip(builds[:last], plays)
            if not played and found.entries[key]["name"].startswith(RELEASE)
        ]
        if not earlier:
            unplayed.append(size)
            continue
        new, old = builds[last], earlier[-1]
        low, high = ratings.difference(found.fitted, new, old)
        cells.append(
            "%d players: %s %+.0f [%+.0f, %+.0f] over `%s`, LOS %.0f%%"
            % (
                size,
                found.entries[new]["name"],
                found.row_of[new]["rating"] - found.row_of[old]["rating"],
                low,
                high,
                found.entries[old]["name"],
                100 * ratings.superiority(found.fitted, new, old),
            )
        )
    if unplayed:
        sizes = [str(size) for size in unplayed]
        words = " or ".join(filter(None, [", ".join(sizes[:-1]), sizes[-1]]))
        cells.append("no default has played it yet at %s players" % words)
    return "; ".join(cells)


@table("learning-generations")
def generations_table(context, args, words):
    """One row a generation and the settings its trials played (the
    manifest's `trials`: each a prefix of record ids and the options it
    turned on); `picture=PATH` also draws the losses."""
    lines = [
        "| generation | data | training loss | settings tried | "
        "iterations a second with the model (ratio) | "
        + " | ".join(
            "%d players, %s" % (size, control) for size in TRIAL_SIZES for control in CONTROLS
        )
        + " | on the standing list, 50 ms a move |",
        "|---|---|---|---|---|" + "---|" * (len(TRIAL_SIZES) * len(CONTROLS) + 1),
    ]
    models = generations(context)
    for model in models:
        for number, trial in enumerate(model.get("trials", [{"prefix": model["name"]}])):
            trials = [
                trial_text(context, "%s-%dp-%s" % (trial["prefix"], size, control))
                for size in TRIAL_SIZES
                for control in CONTROLS
            ]
            first = number == 0
            lines.append(
                "| %s | %s | %s | %s | %s | %s | %s |"
                % (
                    model["name"] if first else "",
                    data_text(context, model) if first else "",
                    loss_text(model) if first else "",
                    trial.get("settings", ""),
                    speed_text(context) if first else "",
                    " | ".join(trials),
                    list_text(context, model) if first else "",
                )
            )
    if "picture" in args and models:
        epochs = max(len(model["epochs"]) for model in models)
        series = []
        for model in models:
            for key, label in (
                ("train_policy", "train policy"),
                ("held_out_policy", "held-out policy"),
                ("train_value", "train value"),
                ("held_out_value", "held-out value"),
            ):
                points = [(epoch[key], epoch[key], epoch[key]) for epoch in model["epochs"]]
                points += [None] * (epochs - len(points))
                series.append(("%s %s" % (model["name"], label), points))
        context.pictures[os.path.join(REPO, args["picture"])] = svg_chart.line_chart(
            "The learned model's losses, epoch by epoch",
            ["epoch %d" % (i + 1) for i in range(epochs)],
            series,
            "cross-entropy",
            tick_format="%.1f",
            least_step=0.5,
        )
        name = args["picture"].split("/")[-1]
        lines += ["", "![The training and held-out losses of each generation](%s)" % name]
    return lines
