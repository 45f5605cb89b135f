"""The tables a page's block may name: each module of this package
registers its functions with @table(NAME); a function takes the context,
the block's name=value arguments and plain words, and returns the lines
between the block's markers."""

import importlib
import os
import pkgutil

REGISTRY = {}


def table(name):
    def register(function):
        REGISTRY[name] = function
        return function

    return register


def load():
    for module in pkgutil.iter_modules([os.path.dirname(__file__)]):
        importlib.import_module("%s.%s" % (__name__, module.name))
    return REGISTRY
