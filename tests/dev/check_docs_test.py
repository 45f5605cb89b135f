#!/usr/bin/python3
"""Tests of tools/dev/check-docs: small Markdown files with known examples and
known faults, checked against a build's programs.

Usage: check_docs_test.py BUILD_DIR
"""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CHECKER = os.path.join(REPO, "tools", "dev", "check-docs")
BUILD = None
sys.dont_write_bytecode = True
# Imports start at the repository's root (bench.trials), not this folder.
sys.path[0] = os.path.abspath(os.path.join(__file__, "../../.."))
from tools.dev.check_docs import links  # noqa: E402


def check(path, *options):
    """(exit status, output) of the checker on one file."""
    result = subprocess.run(
        [CHECKER, "--build", BUILD, "--jobs", "1", *options, path],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result.returncode, result.stdout + result.stderr


class Example(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "example.md")

    def tearDown(self):
        self.folder.cleanup()

    def write(self, text):
        with open(self.path, "w", encoding="utf-8") as file:
            file.write(textwrap.dedent(text))

    def read(self):
        with open(self.path, encoding="utf-8") as file:
            return file.read()

    def problems(self, output):
        """The problem lines, with the file's folder taken out."""
        return [
            line.replace(self.folder.name + "/", "")
            for line in output.splitlines()
            if not line.startswith("check-docs:")
        ]

    def expect_problems(self, text, problems):
        """Checks text, which must fail with exactly these problem lines."""
        self.write(text)
        status, output = check(self.path)
        self.assertEqual(status, 1)
        self.assertEqual(self.problems(output), problems)


class Shell(Example):
    def test_matching_output_passes(self):
        self.write(
            """\
            <!-- run -->
            ```console
            $ printf 'one\\ntwo\\nthree\\n'
            one
            ...
            three
            $ false; echo $?
            1
            ```
            """
        )
        status, output = check(self.path)
        self.assertEqual(status, 0, output)
        self.assertIn("example.md: 1 examples run, 0 not run, all match", output)

    def test_a_different_line_is_named_with_file_line_expected_and_got(self):
        self.expect_problems(
            """\
            Text.

            <!-- run -->
            ```console
            $ printf 'one\\ntwo\\n'
            one
            zwei
            ```
            """,
            [
                "example.md:7: the example's output differs after 'printf 'one\\ntwo\\n''",
                "    expected: zwei",
                "    got:      two",
            ],
        )

    def test_output_beyond_the_example_is_named(self):
        self.write(
            """\
            <!-- run -->
            ```console
            $ printf 'one\\ntwo\\n'
            one
            ```
            """
        )
        status, output = check(self.path)
        self.assertEqual(status, 1)
        self.assertEqual(
            self.problems(output)[1:], ["    expected: (no more lines)", "    got:      two"]
        )

    def test_machine_figures_match_by_shape_only(self):
        self.write(
            """\
            <!-- run: vary took -->
            ```console
            $ echo 'info depth 3 nodes 40 nps 2000 time 20 pv k3i5'; echo 'took 15 ms'
            info depth 3 nodes 40 nps 97174 time 1 pv k3i5
            took 3 ms
            ```
            """
        )
        self.assertEqual(check(self.path)[0], 0)
        self.write(
            """\
            <!-- run -->
            ```console
            $ echo 'took 15 ms'
            took 3 ms
            ```
            """
        )
        self.assertEqual(check(self.path)[0], 1)
        self.write(
            """\
            <!-- run: vary took -->
            ```console
            $ echo 'took fifteen ms'
            took 3 ms
            ```
            """
        )
        self.assertEqual(check(self.path)[0], 1, "a word is not the shape of a number")

    def test_the_match_tables_times_match_by_shape_only(self):
        row = "ab2  100  29  0  71  29.0  29.0%%  0  0  %s  %s"
        self.write(
            """\
            <!-- run -->
            ```console
            $ echo '%s'
            %s
            ```
            """
            % (row % ("7/130", "12"), row % ("0/3", "0"))
        )
        self.assertEqual(check(self.path)[0], 0)
        self.write(
            """\
            <!-- run -->
            ```console
            $ echo '%s'
            %s
            ```
            """
            % (row % ("7/130", "12"), row % ("7", "0"))
        )
        self.assertEqual(check(self.path)[0], 1, "a mean alone is not the shape of mean/max")
        self.write(
            """\
            <!-- run -->
            ```console
            $ echo 'ab2  100  29  0  71  30.0  29.0%  0  0  7/130  12'
            ab2  100  29  0  71  29.0  29.0%  0  0  7/130  12
            ```
            """
        )
        self.assertEqual(check(self.path)[0], 1, "the points are no machine figure")

    def test_files_of_one_example_are_seen_by_the_next(self):
        self.write(
            """\
            <!-- run -->
            ```console
            $ echo kept > note.txt
            ```

            <!-- run -->
            ```console
            $ cat note.txt
            kept
            ```
            """
        )
        self.assertEqual(check(self.path)[0], 0)


class Protocol(Example):
    def test_a_session_with_the_engine(self):
        self.write(
            """\
            <!-- run -->
            ```
            < Tiaoqi 0.1.0 by the Tiaoqi developers
            > position startpos
            > perft 1
              ... one line per move ...
            < Nodes searched: 14
            > frobnicate
            < info string error: unknown command 'frobnicate'; expected one of uci, help, isready, setoption, ucinewgame, position, go, stop, ponderhit, quit, d, perft, eval, legal, status, levels, bench, ccp
            ```
            """
        )
        status, output = check(self.path)
        self.assertEqual(status, 0, output)

    def test_a_wrong_answer_is_named_after_the_line_sent(self):
        self.expect_problems(
            """\
            <!-- run -->
            ```
            > position startpos
            > perft 1
              ...
            < Nodes searched: 15
            ```
            """,
            [
                "example.md:6: the example's output differs after 'perft 1'",
                "    expected: Nodes searched: 15",
                "    got:      Nodes searched: 14",
            ],
        )

    def test_update_rewrites_the_answers_and_keeps_what_still_matches(self):
        self.write(
            """\
            Before.

            <!-- run -->
            ```
            > position startpos
            > perft 1
            < j4i5: 1
              ... one line per move ...
            < Nodes searched: 15
            > legal
            < legal none
            ```

            After.
            """
        )
        status, output = check(self.path, "--update")
        self.assertEqual(status, 1)
        self.assertIn("1 rewritten", output)
        self.assertEqual(
            self.read(),
            textwrap.dedent(
                """\
            Before.

            <!-- run -->
            ```
            > position startpos
            > perft 1
            < j4i5: 1
              ... one line per move ...
            < Nodes searched: 14
            > legal
            < legal j4i5 j4j5 k3i5 k3k5 k4j5 k4k5 l3j5 l3l5 l4k5 l4l5 m3k5 m3m5 m4l5 m4m5
            ```

            After.
            """
            ),
        )
        self.assertEqual(check(self.path)[0], 0)


class Markup(Example):
    def expect_problem(self, text, problem):
        self.expect_problems(text, [problem])

    def test_an_example_needs_a_marker(self):
        self.expect_problem(
            """\
            ```console
            $ echo hi
            hi
            ```
            """,
            "example.md:1: an example without a marker: put <!-- run --> or "
            "<!-- not run: why --> on the line before the block",
        )

    def test_not_run_says_why_and_is_not_run(self):
        self.expect_problem(
            """\
            <!-- not run -->
            ```console
            $ sleep 3600
            ```
            """,
            "example.md:1: <!-- not run: ... --> must say why",
        )
        self.write(
            """\
            <!-- not run: an hour of games -->
            ```console
            $ sleep 3600
            ```
            """
        )
        status, output = check(self.path)
        self.assertEqual(status, 0)
        self.assertIn("0 examples run, 1 not run", output)

    def test_a_marker_needs_a_block(self):
        self.expect_problem(
            """\
            <!-- run -->
            Text.
            """,
            "example.md:1: marker is not followed by a fenced block",
        )

    def test_an_unknown_option_is_refused(self):
        self.expect_problem(
            """\
            <!-- run: varies x -->
            ```console
            $ echo x
            x
            ```
            """,
            "example.md:1: unknown run option 'varies': expected vary or args",
        )

    def test_a_rendered_block_is_checked_against_its_records(self):
        self.expect_problem(
            """\
            <!-- results: history -->
            a table typed by hand
            <!-- end results -->
            """,
            "example.md:1: the block 'history' differs from what its records render: "
            "run bench/render-results",
        )

    def test_a_rendered_block_naming_no_table_is_refused(self):
        self.write(
            """\
            Text.
            <!-- results: nosuch -->
            <!-- end results -->
            """
        )
        status, output = check(self.path)
        self.assertEqual(status, 1)
        self.assertIn(
            "example.md:2: no table named 'nosuch' (the tables: ", "\n".join(self.problems(output))
        )


class Links(unittest.TestCase):
    def test_every_kind_of_broken_link_is_named(self):
        status, output = check(os.path.join(HERE, "links_fixture.md"))
        self.assertEqual(status, 1)
        problems = [line for line in output.splitlines() if not line.startswith("check-docs:")]
        self.assertEqual(
            problems,
            [
                "tests/dev/links_fixture.md:7: link 'no-such-file.md': no such file in the repository",
                "tests/dev/links_fixture.md:8: link '../../docs/rules.md#no-such-heading': "
                "no heading of docs/rules.md has the anchor '#no-such-heading'",
                "tests/dev/links_fixture.md:9: link 'https://example.org/rules': points outside "
                "the repository (the docs stand alone)",
                "tests/dev/links_fixture.md:10: link '../../../elsewhere.md': points outside the "
                "repository",
                "tests/dev/links_fixture.md:11: `engine/no_such_file.cpp` names no file or folder "
                "of the repository",
                "tests/dev/links_fixture.md:12: link '#a-heading-of-this-file-2': no heading of "
                "tests/dev/links_fixture.md has the anchor '#a-heading-of-this-file-2'",
            ],
        )


class LayoutFolders(unittest.TestCase):
    """docs/layout.md's table must name every folder that holds a file."""

    TABLE = textwrap.dedent(
        """\
        | folder | what |
        |---|---|
        | `bench/` | the lab: `list/`, `render_results/tables/`, `fuzz/corpus/*/` |
        | `bench/micro/` | the micro-benchmarks |
        """
    )

    def test_a_folder_is_named_by_its_row_or_in_the_row_above_it(self):
        folders = {
            "bench",
            "bench/micro",
            "bench/list",
            "bench/render_results/tables",
            "bench/fuzz/corpus/record",
        }
        self.assertEqual(links.unnamed_folders(self.TABLE, folders), [])

    def test_a_folder_named_nowhere_is_reported(self):
        folders = {"bench", "bench/results/list", "bench/selfplay", ".ci"}
        # `list/` names bench/list, the folder at that path from the row,
        # and not bench/results/list.
        self.assertEqual(
            links.unnamed_folders(self.TABLE, folders | {"bench/list"}),
            [".ci", "bench/results/list", "bench/selfplay"],
        )

    def test_the_repository_layout_names_every_folder(self):
        with open(os.path.join(REPO, "docs", "layout.md"), encoding="utf-8") as file:
            text = file.read()
        self.assertEqual(links.unnamed_folders(text, links.repository_folders(REPO)), [])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: check_docs_test.py BUILD_DIR")
    BUILD = os.path.abspath(sys.argv.pop())
    unittest.main()
