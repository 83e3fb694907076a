"""The sessions of the command-line guide (docs/cli.rst) print what they record."""

import re
import shlex
import subprocess
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


ECHO_STATUS = '; echo "exit $?"'


@pytest.mark.parametrize("command, printed", SESSIONS, ids=[c[:60] for c, _ in SESSIONS])
def test_session_prints_what_the_guide_records(command, printed, monkeypatch):
    monkeypatch.chdir(ROOT)
    output = "\n".join(line.rstrip() for line in shown(command).strip("\n").splitlines())
    assert output == printed


def shown(command):
    """What a session prints. ``permetrics-lite`` runs in this process (its warnings
    after its output), fed what the shell commands before its pipe print, and
    followed by ``exit N`` where the session echoes its status: a process per
    session would cost the suite a second or two each."""
    echoed = command.endswith(ECHO_STATUS)
    source, _, ours = command.removesuffix(ECHO_STATUS).rpartition(" | ")
    stdin = subprocess.run(["bash", "-c", source], capture_output=True, check=True,
                           timeout=60).stdout if source else b""
    program, *arguments = shlex.split(ours)
    assert program == "permetrics-lite"
    result = run_command(*arguments, stdin=stdin, text=False)
    status = f"exit {result.returncode}\n" if echoed else ""
    return (result.stdout + result.stderr).decode() + status


