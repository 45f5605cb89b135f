"""The lab: the trials' shared modules (trials, slurm, pairs), the standing
rating list (bench.list) and the renderer of the docs' tables
(bench.render_results). Its scripts (bench/sprt, bench/list/update, ...)
import them by these names from the repository's root."""
