"""The sessions of the command-line guide (docs/cli.rst) print what they record."""

import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.helpers import run_command

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "cli.rst"


def sessions():
    """Each ``$ command`` of the guide's console blocks, and the lines it printed."""
    text = GUIDE.read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"\.\. code-block:: console\n\n((?:    .*\n|\n)+)", text):
        lines = textwrap.dedent(block).rstrip("\n").splitlines()
        for line in lines:
            if line.startswith("$ "):
                found.append([line[2:], []])
            elif found and found[-1][0].endswith("\\") and not found[-1][1]:
                found[-1][0] = found[-1][0][:-1] + line.strip()
            else:
                found[-1][1].append(line)
    return [(command, "\n".join(printed).strip("\n")) for command, printed in found]


SESSIONS = [s for s in sessions() if "permetrics-lite" in s[0]]


def test_the_guide_has_a_session_for_each_option():
    commands = " ".join(command for command, _ in SESSIONS)
    for option in ("--scores", "--pos-label", "--threshold", "--group", "--ci", "--beta",
                   "--digits", "--format text", " - ", "CM", "--confidence", "--encoding",
                   "--input-format", "--quiet", "--zero-division", "--format describe"):
        assert option in commands, option


@pytest.mark.parametrize("command, printed", SESSIONS, ids=[c[:60] for c, _ in SESSIONS])
def test_session_prints_what_the_guide_records(command, printed, monkeypatch):
    if set(command) & set("|<>;&'\"$"):  # a shell's pipe or quoting: run by bash
        scripts = str(Path(sys.executable).parent)  # the installed permetrics-lite
        environment = dict(os.environ, PATH=scripts + os.pathsep + os.environ["PATH"])
        result = subprocess.run(["bash", "-c", "{ " + command + "; } 2>&1"], cwd=ROOT,
                                env=environment, capture_output=True, text=True, timeout=120)
        shown = result.stdout
    else:  # a plain command: in process (the command writes its warnings after its output)
        monkeypatch.chdir(ROOT)
        program, *arguments = shlex.split(command)
        assert program == "permetrics-lite"
        result = run_command(*arguments)
        shown = result.stdout + result.stderr
    output = "\n".join(line.rstrip() for line in shown.strip("\n").splitlines())
    assert output == printed


def test_some_sessions_run_in_a_shell_and_some_in_process():
    shell = [command for command, _ in SESSIONS if set(command) & set("|<>;&'\"$")]
    assert 0 < len(shell) < len(SESSIONS)
