"""The bridge and the browser of the web page's tests.

The bridge is tools/play: websocketd serving tools/web/ and running one
engine per WebSocket; the browser is Debian's headless
Chromium driven by Selenium through Debian's chromedriver.
"""

import os
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Timeouts only guard against hangs; the tests wait for events.
GUARD_SECONDS = 120


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Bridge:
    """tools/play on a free port of 127.0.0.1, as a person starts it:
    websocketd serving tools/web/ and running the engine command (a list
    of words) for every WebSocket."""

    def __init__(self, engine):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = tempfile.TemporaryFile()
        # tools/play runs one program: a command of several words runs
        # through a script of its own.
        self.folder = tempfile.TemporaryDirectory()
        program = engine[0]
        if len(engine) > 1:
            program = os.path.join(self.folder.name, "engine")
            with open(program, "w") as script:
                script.write(f"#!/bin/sh\nexec {shlex.join(engine)}\n")
            os.chmod(program, 0o755)
        self.process = subprocess.Popen(
            [os.path.join(REPO, "tools", "play"), "--port", str(self.port), "--engine", program]
            + ["--no-open"],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + GUARD_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"tools/play exited with {self.process.returncode}: {self.output()}"
                )
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"tools/play did not listen within {GUARD_SECONDS} s")

    def engines_running(self, name):
        """The processes called `name` that tools/play's server runs."""
        found = subprocess.run(
            ["pgrep", "-s", str(self.process.pid), "-x", name], capture_output=True, text=True
        )
        return found.stdout.split()

    def output(self):
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self):
        # tools/play, websocketd and the engines are in their own session.
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.folder.cleanup()


class Browser:
    """Headless Chromium with the flags this machine's closed network needs."""

    def __init__(self, width=1400, height=1050):
        self.profile = tempfile.mkdtemp(prefix="tiaoqi-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            f"--user-data-dir={self.profile}",
            f"--window-size={width},{height}",
        ]:
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)

    def wait(self, condition, what, timeout=GUARD_SECONDS):
        """Waits until condition(driver) is truthy; fails naming what."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
                lambda driver: condition(driver)
            )
        except TimeoutException:
            raise AssertionError(
                f"waited {timeout} s for {what}; status: "
                f"{self.text('#status')!r}; console: {self.console()}"
            ) from None

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def text(self, selector):
        return self.js(
            "const n = document.querySelector(arguments[0]); return n ? n.textContent : null;",
            selector,
        )

    def console(self):
        return [entry["message"] for entry in self.driver.get_log("browser")]

    def close(self):
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


def engine_answer(engine, *commands):
    """The engine's answer to protocol lines, run directly (no page)."""
    result = subprocess.run(
        [engine],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        timeout=GUARD_SECONDS,
        check=True,
    )
    return result.stdout.splitlines()
