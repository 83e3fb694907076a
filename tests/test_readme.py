"""CI runs exactly the test command that README.rst gives a new user."""

import configparser
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_COMMAND = 'python -m pip install -e ".[test]" && python -m pytest && .ci/smoke 3.9 && .ci/smoke 3.13'


def test_ci_runs_the_readme_test_command():
    assert TEST_COMMAND in (ROOT / "README.rst").read_text(encoding="utf-8")
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert " && ".join(TEST_COMMAND.split(" && ")) == " && ".join(
        line for line in ci_lines if line.startswith(("python -m", ".ci/"))
    )


def test_the_smoke_runs_cover_the_oldest_and_newest_python_setup_cfg_claims():
    setup = configparser.ConfigParser()
    setup.read(ROOT / "setup.cfg")
    oldest = re.fullmatch(r">=\s*(3\.\d+)", setup["options"]["python_requires"].strip())[1]
    claimed = re.findall(r"Programming Language :: Python :: (3\.\d+)",
                         setup["metadata"]["classifiers"])
    newest = max(claimed, key=lambda version: int(version.split(".")[1]))
    assert claimed[0] == oldest
    assert re.findall(r"\.ci/smoke (\S+)", TEST_COMMAND) == [oldest, newest]
