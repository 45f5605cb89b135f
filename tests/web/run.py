"""Runs the web page's browser tests (tools/dev/test-web calls this).

usage: run.py --engine PATH [--match PATH] [--screenshot PNG] [--artifacts DIR] [-k PATTERN]
"""

import argparse
import os
import sys
import time
import unittest

# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import test_first_look  # noqa: E402
import test_page  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description="The web page's tests in headless Chromium.")
    parser.add_argument("--engine", required=True, help="the tiaoqi engine websocketd runs")
    parser.add_argument("--match", help="tiaoqi-match, to replay the saved records (optional)")
    parser.add_argument("--screenshot", help="also write the three-player screenshot here")
    parser.add_argument(
        "--artifacts",
        default=os.path.join(test_page.REPO, "build", "web-tests"),
        help="folder for the saved records and screenshots (default: build/web-tests)",
    )
    parser.add_argument("-k", dest="pattern", help="run only the tests whose name contains this")
    args = parser.parse_args()
    for path, what in ((args.engine, "--engine"), (args.match, "--match")):
        if path and not os.access(path, os.X_OK):
            parser.error(f"{what}: expected an executable file, got '{path}'")
    artifacts = os.path.abspath(args.artifacts)
    os.makedirs(artifacts, exist_ok=True)
    test_page.CONFIG.update(
        engine=os.path.abspath(args.engine),
        match=os.path.abspath(args.match) if args.match else None,
        screenshot=os.path.abspath(args.screenshot) if args.screenshot else None,
        artifacts=artifacts,
    )

    loader = unittest.TestLoader()
    if args.pattern:
        loader.testNamePatterns = [f"*{args.pattern}*"]
    suite = unittest.TestSuite(
        loader.loadTestsFromModule(module) for module in (test_page, test_first_look)
    )
    start = time.monotonic()
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    passed = result.testsRun - failed - len(result.skipped)
    print(f"web: records and screenshots in {artifacts}")
    print(
        f"web: {passed} passed, {failed} failed, {len(result.skipped)} skipped "
        f"in {time.monotonic() - start:.1f} s"
    )
    return 0 if result.wasSuccessful() and result.testsRun else 1


if __name__ == "__main__":
    sys.exit(main())
