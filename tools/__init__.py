"""The programs beside the engine; tools.dev holds the project's own
scripts, whose Python modules are imported from the repository's root."""
