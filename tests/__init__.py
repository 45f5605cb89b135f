"""The tests; their Python helpers are imported from the repository's root
(tests.bench.scripts_clone)."""
