"""Builds the Python package tiaoqi for pip (pyproject.toml; docs/python.md,
"Installing with pip"). The package's Python files come from
tools/python/package/tiaoqi; the compiled module _tiaoqi is built by
CMake, the project's own build, as pybind11's CMake example does it:
configured in a build folder of its own with the interpreter pip runs,
and only its target built (through ccache when installed, as every build
of the project). CMAKE_ARGS adds arguments to CMake's configure step, for
example -DTIAOQI_NATIVE=OFF for a wheel that runs on other CPUs.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# CMake's build folder: one level under the checkout as build/ is, so that
# ccache, which hashes the sources' paths relative to the build folder,
# finds what a build in build/ compiled.
CMAKE_BUILD = ROOT / "build-pip"
# setuptools' own folder, for its build and its metadata (egg-info),
# which would otherwise go to build/, the project's CMake build, and into
# the sources.
BUILD_BASE = "build-pip/setuptools"


def project_version() -> str:
    """The version CMakeLists.txt gives the project (tiaoqi --version's)."""
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(tiaoqi VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    """Builds each extension, here the one _tiaoqi, with CMake."""

    def build_extension(self, ext: Extension) -> None:
        cmake_build = CMAKE_BUILD
        configure = [
            "cmake",
            "-S",
            str(ROOT),
            "-B",
            str(cmake_build),
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DTIAOQI_PYTHON=ON",
            "-DTIAOQI_TESTS=OFF",
            "-DTIAOQI_BENCHMARKS=OFF",
            *shlex.split(os.environ.get("CMAKE_ARGS", "")),
        ]
        subprocess.run(configure, check=True)
        cache = (cmake_build / "CMakeCache.txt").read_text()
        if "TIAOQI_PYTHON_PATH:INTERNAL=" not in cache:
            sys.exit(
                "setup.py: CMake cannot build the module _tiaoqi: it needs Python's headers "
                "and pybind11 (Debian: python3-dev pybind11-dev); CMake's 'Python module' "
                "line above says which is missing"
            )
        subprocess.run(
            [
                "cmake",
                "--build",
                str(cmake_build),
                "--target",
                "tiaoqi_python",
                "-j",
                str(os.cpu_count() or 1),
            ],
            check=True,
        )
        target = Path(self.get_ext_fullpath(ext.name))
        built = cmake_build / "tools" / "python" / "package" / "tiaoqi" / target.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


(ROOT / BUILD_BASE).mkdir(parents=True, exist_ok=True)
setup(
    version=project_version(),
    ext_modules=[Extension("tiaoqi._tiaoqi", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": BUILD_BASE}, "egg_info": {"egg_base": BUILD_BASE}},
)
