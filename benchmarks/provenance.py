"""What a run ran on: the machine, the versions, the commit; optional imports."""

import importlib
import os
import platform
import subprocess
from importlib import metadata
from pathlib import Path

import numpy as np
import pandas as pd

import permetrics_lite


def optional(name):
    """A module, or None when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def versions(peers=()):
    """"python 3.11.7, numpy ..., permetrics_lite ..." and then each of ``peers``."""
    found = {"python": platform.python_version(), "numpy": np.__version__,
             "pandas": pd.__version__}
    for name in ("pyarrow", "polars"):
        module = optional(name)
        found[name] = module.__version__ if module else "not installed"
    found["permetrics_lite"] = permetrics_lite.__version__
    for name in peers:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return ", ".join(f"{name} {version}" for name, version in found.items())


def revision():
    """The commit of the package measured, and whether its files differ from it."""
    package = Path(permetrics_lite.__file__).resolve().parent

    def git(*arguments):
        return subprocess.run(["git", "-C", str(package), *arguments], capture_output=True,
                              text=True, check=True).stdout.strip()

    try:
        commit, changed = git("rev-parse", "--short", "HEAD"), git("status", "--porcelain", ".")
    except (OSError, subprocess.CalledProcessError):
        return "not from a git checkout"
    return f"commit {commit}" + (", with uncommitted changes to the package" if changed else "")


def machine():
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info
                         if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    return (f"{platform.machine()} {platform.system()}, {model}, {os.cpu_count()} cores, "
            f"{memory / 2**30:.0f} GiB of memory")
