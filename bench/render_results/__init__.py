"""The docs' tables rendered from the records of bench/results
(bench/render-results, tools/dev/check-docs); bench.render_results.tables
holds one module a kind of table."""
