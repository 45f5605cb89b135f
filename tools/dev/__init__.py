"""The project's own build, test and check scripts; tools.dev.check_docs
holds the modules of tools/dev/check-docs."""
