#!/usr/bin/python3
"""Tests of tools/dev/check-layers on small trees of its own (a git repository
each): a clean tree passes; an include that goes up a layer and an include
cycle between modules, direct or through a chain, fail with the files and
lines named in order; so do Python imports that a reader cannot follow to
their module or that go up a layer."""

import os
import subprocess
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK = os.path.join(REPO, "tools", "dev", "check-layers")


class CheckLayers(unittest.TestCase):
    def setUp(self):
        self.tree = tempfile.TemporaryDirectory()
        subprocess.run(["git", "init", "-q", self.tree.name], check=True)

    def tearDown(self):
        self.tree.cleanup()

    def write(self, files):
        """Writes {path: [included paths]} as files of #include lines."""
        for path, included in files.items():
            full = os.path.join(self.tree.name, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as file:
                file.write("#pragma once\n" if path.endswith(".hpp") else "")
                file.write("#include <vector>\n")
                for name in included:
                    file.write(f'#include "{name}"\n')
        subprocess.run(["git", "-C", self.tree.name, "add", "."], check=True)

    def write_text(self, files):
        """Writes {path: text}."""
        for path, text in files.items():
            full = os.path.join(self.tree.name, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as file:
                file.write(text)
        subprocess.run(["git", "-C", self.tree.name, "add", "."], check=True)

    def python_tree(self, script):
        """The packages bench (with trials.py) and tools.dev, and the
        script bench/sprt of `script`'s lines."""
        self.write_text(
            {
                "bench/__init__.py": "",
                "bench/trials.py": "class Refused(Exception):\n    pass\n",
                "tools/__init__.py": "",
                "tools/dev/__init__.py": "",
                "tools/dev/lint.py": "from bench import trials\n",
                "tools/match.py": "import os\n",
                "bench/sprt": "#!/usr/bin/python3\nimport os\nimport sys\n\n"
                + "".join(line + "\n" for line in script),
            }
        )

    def run_check(self):
        result = subprocess.run(
            [CHECK], cwd=self.tree.name, capture_output=True, text=True, timeout=60
        )
        return result.returncode, result.stdout, result.stderr

    def test_a_tree_without_cycles_passes(self):
        self.write(
            {
                "engine/position.hpp": ["engine/util/hash.hpp"],
                "engine/position.cpp": ["engine/position.hpp", "engine/movegen.hpp"],
                "engine/movegen.hpp": ["engine/board.hpp"],
                "engine/movegen.cpp": ["engine/movegen.hpp", "engine/board.hpp"],
                "engine/board.hpp": [],
                "engine/util/hash.hpp": [],
                "protocol/session.cpp": ["engine/position.hpp"],
            }
        )
        status, out, err = self.run_check()
        self.assertEqual(status, 0, err)
        self.assertEqual(err, "")
        self.assertIn(
            "7 files include only their own layer and those below, "
            "with no include cycle between modules",
            out,
        )

    def test_a_header_and_a_source_that_include_each_other_fail(self):
        # The header of one module and the source of the other: a cycle
        # between modules that no header alone shows.
        self.write(
            {
                "engine/position.hpp": [],
                "engine/position.cpp": ["engine/position.hpp", "engine/movegen.hpp"],
                "engine/movegen.hpp": ["engine/position.hpp"],
                "engine/movegen.cpp": ["engine/movegen.hpp"],
            }
        )
        status, out, err = self.run_check()
        self.assertEqual(status, 1)
        self.assertEqual(out, "")
        self.assertEqual(
            err.splitlines(),
            [
                "check-layers: include cycle engine/movegen -> engine/position -> engine/movegen: "
                "engine/movegen.hpp:3 includes engine/position.hpp, "
                "engine/position.cpp:3 includes engine/movegen.hpp",
                "check-layers: 1 include cycle(s) between modules; break each where it does not "
                "belong (a forward declaration, a declaration moved, a header split)",
            ],
        )

    def test_a_longer_chain_is_named_in_order(self):
        self.write(
            {
                "protocol/session.cpp": ["protocol/session.hpp", "protocol/uci/dialect.hpp"],
                "protocol/session.hpp": [],
                "protocol/uci/dialect.hpp": ["protocol/commands.hpp"],
                "protocol/commands.hpp": [],
                "protocol/commands.cpp": ["protocol/commands.hpp", "protocol/session.hpp"],
                "protocol/cli.cpp": ["protocol/session.hpp"],
            }
        )
        status, out, err = self.run_check()
        self.assertEqual(status, 1)
        self.assertEqual(out, "")
        self.assertIn(
            "check-layers: include cycle protocol/commands -> protocol/session -> "
            "protocol/uci/dialect -> protocol/commands: "
            "protocol/commands.cpp:3 includes protocol/session.hpp, "
            "protocol/session.cpp:3 includes protocol/uci/dialect.hpp, "
            "protocol/uci/dialect.hpp:3 includes protocol/commands.hpp\n",
            err,
        )
        self.assertNotIn("cli", err)

    def test_an_include_up_a_layer_still_fails(self):
        self.write(
            {
                "engine/position.hpp": ["protocol/session.hpp"],
                "protocol/session.hpp": [],
            }
        )
        status, out, err = self.run_check()
        self.assertEqual(status, 1)
        self.assertIn('engine/position.hpp:3: includes "protocol/session.hpp"', err)
        self.assertIn("1 include(s) go up a layer", err)
        self.assertNotIn("cycle", err)

    def test_python_imports_from_the_root_pass(self):
        self.python_tree(
            [
                'sys.path[0] = os.path.abspath(os.path.join(__file__, "../.."))',
                "from bench import trials  # noqa: E402",
                "from bench.trials import Refused  # noqa: E402",
            ]
        )
        status, out, err = self.run_check()
        self.assertEqual(status, 0, err)
        self.assertIn(
            "7 Python files import from the repository's root, each import followed to its "
            "module",
            out,
        )

    def test_python_imports_that_cannot_be_followed_fail(self):
        self.python_tree(
            [
                "sys.path.insert(0, os.path.dirname(__file__))",
                "import trials",
                "from bench import trails",
                "from bench.trials import Refuse",
                "from bench.trials import Refused",
            ]
        )
        self.write_text({"tools/match.py": "from bench.trials import Refused\n"})
        status, out, err = self.run_check()
        self.assertEqual(status, 1)
        self.assertEqual(out, "")
        self.assertEqual(
            err.splitlines(),
            [
                "check-layers: bench/sprt:5: adds to sys.path: a script replaces sys.path[0] by "
                "the repository's root, and imports name their modules from it",
                "check-layers: bench/sprt:6: imports 'trials' by its own name: name it from the "
                "repository's root (bench.trials)",
                "check-layers: bench/sprt:7: imports 'bench': bench/__init__.py defines no "
                "'trails'",
                "check-layers: bench/sprt:8: imports 'bench.trials': bench/trials.py defines no "
                "'Refuse'",
                "check-layers: tools/match.py:1: imports 'bench.trials': tools/ imports nothing "
                "of bench/ or tools/dev/",
                "check-layers: 5 Python import(s) that a reader cannot follow or that go up a "
                "layer (engine/util < engine core < engine/search < engine/facade < protocol < "
                "tools < bench < tools/dev)",
            ],
        )


if __name__ == "__main__":
    unittest.main()
