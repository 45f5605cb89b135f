"""A clean clone of the source tree with the files under test committed
over it, for the tests that run the bench scripts in a repository of
their own (bench_trials_test.py, slurm_test.py): each trial then starts
from a clean work tree whose HEAD holds the scripts as they are now."""

import os
import shutil
import subprocess
import tempfile
import unittest


def git(folder, *words):
    subprocess.run(
        ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", *words],
        cwd=folder,
        check=True,
        capture_output=True,
    )


def is_checkout(repo):
    return subprocess.run(["git", "rev-parse"], cwd=repo, capture_output=True).returncode == 0


def clone_with(repo, folder, files):
    """Clones repo into folder/repo, copies `files` (paths in repo) over
    the clone and commits them; returns the clone's path and its HEAD."""
    clone = os.path.join(folder, "repo")
    git(folder, "clone", "-q", "--shared", repo, clone)
    for path in files:
        os.makedirs(os.path.dirname(os.path.join(clone, path)), exist_ok=True)
        shutil.copy2(os.path.join(repo, path), os.path.join(clone, path))
    git(clone, "add", *files)
    git(clone, "commit", "-q", "--allow-empty", "-m", "the scripts under test")
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=clone, check=True, capture_output=True, text=True
    ).stdout.strip()
    return clone, head


class ClonedScripts(unittest.TestCase):
    """Tests that run scripts in one scratch clone for the whole class:
    REPO and SCRIPTS are the class's; self.clone and self.head its clone."""

    REPO = None
    SCRIPTS = ()

    @classmethod
    def setUpClass(cls):
        if not is_checkout(cls.REPO):
            raise unittest.SkipTest("the source tree is no git checkout: nothing to clone")
        cls.scratch = tempfile.TemporaryDirectory()
        cls.clone, cls.head = clone_with(cls.REPO, cls.scratch.name, cls.SCRIPTS)

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()
