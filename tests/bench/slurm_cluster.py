"""A Slurm cluster of this one node for the tests that play on Slurm
(slurm_test.py, tests/bench/selfplay_run_test.py): munged, slurmctld and
slurmd started as root, with a key, a slurm.conf and state folders of
their own, and ended again, also when a check fails."""

import os
import shutil
import signal
import socket
import subprocess
import time

DAEMONS = ("munged", "slurmctld", "slurmd")
CLIENTS = ("sbatch", "squeue", "scancel", "sinfo")
# Every wait ends within its own bound.
START_SECONDS = 30
STOP_SECONDS = 15


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"gave up after {seconds} s waiting for {what}")


class Cluster:
    """munged, slurmctld and slurmd of a cluster of this one node, in a
    folder of their own; stop() ends every process they started."""

    def __init__(self, folder):
        self.folder = folder
        self.daemons = []
        self.host = socket.gethostname().split(".")[0]
        self.steps_before = self.step_daemons()
        self.conf = os.path.join(folder, "slurm.conf")
        self.environment = dict(os.environ, SLURM_CONF=self.conf)

    @staticmethod
    def step_daemons():
        """The slurmstepd processes (one a running task) by pid."""
        found = set()
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/comm", encoding="utf-8") as file:
                    if file.read().strip() == "slurmstepd":
                        found.add(int(pid))
            except OSError:
                pass
        return found

    def start_daemon(self, name, words):
        log = open(os.path.join(self.folder, f"{name}.out"), "w", encoding="utf-8")
        self.daemons.append(
            (
                name,
                subprocess.Popen(
                    words,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    env=self.environment,
                    start_new_session=True,
                ),
            )
        )
        log.close()

    def start(self):
        path = lambda name: os.path.join(self.folder, name)  # noqa: E731
        for folder in ("state", "spool"):
            os.makedirs(path(folder))
        # munged refuses a key that others may read, and a socket folder
        # that others may not enter.
        os.chmod(self.folder, 0o755)
        with open(path("munge.key"), "wb") as file:
            file.write(os.urandom(1024))
        os.chmod(path("munge.key"), 0o400)
        socket_path = path("munge.socket")
        self.start_daemon(
            "munged",
            [
                "munged",
                "--foreground",
                "--force",
                f"--key-file={path('munge.key')}",
                f"--socket={socket_path}",
                f"--pid-file={path('munged.pid')}",
                f"--seed-file={path('munged.seed')}",
                f"--log-file={path('munged.log')}",
            ],
        )
        wait_for(lambda: os.path.exists(socket_path), START_SECONDS, "munged's socket")
        with open(self.conf, "w", encoding="utf-8") as file:
            file.write(
                "\n".join(
                    [
                        "ClusterName=tiaoqi-test",
                        # By address, so that the test needs no name service.
                        f"SlurmctldHost={self.host}(127.0.0.1)",
                        "SlurmUser=root",
                        "SlurmdUser=root",
                        "AuthType=auth/munge",
                        f"AuthInfo=socket={socket_path}",
                        # No cgroups in a container: processes tracked by their
                        # parents, tasks started without binding.
                        "ProctrackType=proctrack/linuxproc",
                        "TaskPlugin=task/none",
                        "SwitchType=switch/none",
                        "MpiDefault=none",
                        "SelectType=select/cons_tres",
                        "SelectTypeParameters=CR_Core",
                        f"SlurmctldPort={free_port()}",
                        f"SlurmdPort={free_port()}",
                        f"StateSaveLocation={path('state')}",
                        f"SlurmdSpoolDir={path('spool')}",
                        f"SlurmctldPidFile={path('slurmctld.pid')}",
                        f"SlurmdPidFile={path('slurmd.pid')}",
                        f"SlurmctldLogFile={path('slurmctld.log')}",
                        f"SlurmdLogFile={path('slurmd.log')}",
                        "ReturnToService=2",
                        "KillWait=5",
                        f"NodeName={self.host} NodeAddr=127.0.0.1 CPUs={os.cpu_count() or 1}"
                        " State=UNKNOWN",
                        "PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP",
                        "",
                    ]
                )
            )
        self.start_daemon("slurmctld", ["slurmctld", "-D", "-i", "-f", self.conf])
        self.start_daemon("slurmd", ["slurmd", "-D", "-f", self.conf])
        wait_for(self.idle, START_SECONDS, "the node to be idle (sinfo)")

    def idle(self):
        for name, daemon in self.daemons:
            if daemon.poll() is not None:
                raise AssertionError(
                    f"{name} exited with status {daemon.returncode}: " + self.log_tail(name)
                )
        result = subprocess.run(
            ["sinfo", "-h", "-o", "%T"],
            capture_output=True,
            text=True,
            env=self.environment,
            timeout=10,
        )
        return result.returncode == 0 and result.stdout.strip() == "idle"

    def log_tail(self, name):
        with open(os.path.join(self.folder, f"{name}.out"), encoding="utf-8") as file:
            return file.read()[-2000:]

    def jobs(self):
        result = subprocess.run(
            ["squeue", "-h", "-o", "%i"],
            capture_output=True,
            text=True,
            env=self.environment,
            timeout=10,
        )
        return result.stdout.split() if result.returncode == 0 else []

    def stop(self):
        """Cancels every job, ends the daemons (munged last: the others
        sign their last messages with it) and any task they left."""
        try:
            if any(name == "slurmctld" and daemon.poll() is None for name, daemon in self.daemons):
                subprocess.run(
                    ["scancel", "--full", *self.jobs()],
                    capture_output=True,
                    env=self.environment,
                    timeout=10,
                )
                deadline = time.monotonic() + STOP_SECONDS
                while self.jobs() and time.monotonic() < deadline:
                    time.sleep(0.2)
        except (subprocess.SubprocessError, OSError):
            pass
        for name, daemon in reversed(self.daemons):
            if daemon.poll() is None:
                daemon.send_signal(signal.SIGTERM)
                try:
                    daemon.wait(timeout=STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    daemon.kill()
                    daemon.wait()
        for pid in self.step_daemons() - self.steps_before:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def missing_requirements():
    """Why this machine cannot start a cluster, or None."""
    if os.geteuid() != 0:
        return "the daemons of a test cluster run as root, and this is not root"
    missing = [program for program in DAEMONS + CLIENTS if shutil.which(program) is None]
    if missing:
        return f"Slurm is not installed ({', '.join(missing)} missing; tools/dev/setup slurm)"
    return None
