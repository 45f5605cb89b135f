"""The examples of docs/python.md and of README's Python section (lines
starting >>>) print what the pages show."""

import doctest
import os

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


@pytest.mark.parametrize("page", ["docs/python.md", "README.md"])
def test_the_pages_examples_print_what_they_show(page):
    failures, tried = doctest.testfile(
        os.path.join(ROOT, page), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 0, f"{page} has no Python examples"
    assert failures == 0
