"""The modules of tools/dev/check-docs: the docs' markup, their examples
run and compared, their links, and --update."""
