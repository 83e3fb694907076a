"""CI runs exactly the test command that README.rst gives a new user."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_COMMAND = 'python -m pip install -e ".[test]" && python -m pytest'


def test_ci_runs_the_readme_test_command():
    assert TEST_COMMAND in (ROOT / "README.rst").read_text(encoding="utf-8")
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert " && ".join(TEST_COMMAND.split(" && ")) == " && ".join(
        line for line in ci_lines if line.startswith("python -m")
    )
